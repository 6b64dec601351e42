"""bridge_director.infer.facts.Deriver over several rounds: the facts it gives for a set of call statuses,
after earlier rounds under other statuses (it keeps what those rounds derived that cannot have
changed), are the facts a fresh derivation gives under that set."""
from __future__ import annotations

import random

from bridge_director.infer import facts
from bridge_director.audit.generate import generate_data
from bridge_director.case.load import from_data
from bridge_director.infer.inference import CALL_STATUSES


def _statuses(rng: random.Random, calls: list[int]) -> dict[int, str]:
    """A random mapping of some call events to call statuses."""
    return {n: rng.choice(CALL_STATUSES) for n in calls if rng.random() < 0.25}


def _one_changed(rng: random.Random, status: dict[int, str], calls: list[int]) -> dict[int, str]:
    """``status`` with the status of one call event changed (set, changed or removed)."""
    out = dict(status)
    n = rng.choice(calls)
    choice = rng.choice((None, *CALL_STATUSES))
    if choice is None:
        out.pop(n, None)
    else:
        out[n] = choice
    return out


def test_rounds_give_the_facts_of_a_fresh_derivation():
    checked = kept = 0
    for seed in range(250):
        rng = random.Random(seed)
        case = from_data(generate_data(rng), f"seed-{seed}.yaml")
        calls = [e.number for e in case.events if e.kind in ("call", "replaces")]
        if not calls:
            continue
        deriver = facts.Deriver(case)
        status: dict[int, str] = {}
        before: set[int] = set()
        for _ in range(5):
            got = deriver.derive(status)
            fresh = facts.derive(case, status)
            assert got.facts == fresh.facts, (seed, status)
            assert got.sources == fresh.sources, (seed, status)
            # the same order of fields too (the trace prints them)
            assert [list(f) for f in got.facts] == [list(f) for f in fresh.facts], (seed, status)
            checked += 1
            kept += sum(f["t"] == "call" and id(f) in before for f in got.facts)
            before = {id(f) for f in got.facts}
            status = _one_changed(rng, status, calls) if rng.random() < 0.6 else _statuses(rng, calls)
    assert checked > 500
    assert kept > 0          # some rounds did keep call facts of an earlier one

"""Property-based tests: generated cases (bridge_director/audit/generate.py) must give rulings with every
property bridge_director/audit/properties.py checks, and the checks themselves must catch what they say.

The generator is driven by Hypothesis through ``st.randoms``, so a failing case shrinks and the
failure prints the case file. ``tools/sweep.py N`` runs the same checks over many more cases.
"""
from __future__ import annotations

import json
import os
import pathlib
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge_director.session import api
from bridge_director.audit.generate import generate, generate_data, to_yaml
from bridge_director.audit.properties import Fault, claims, faults, rule_and_check
from bridge_director.case.load import from_data, load_case
from bridge_director.base.record import replace
from bridge_director.ruling.build import Line
from bridge_director.ruling.render import render_json, render_text
from bridge_director.base.yamlpos import loads

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"

#: Rule faults the sweep finds that are still open, by (fault kind, the rule that shows it).
#: Each would be written up, with its smallest case, in docs/open-faults/; drop an entry as
#: soon as its rule is fixed. Empty since issue 8's sweep fixes: anything the generated cases
#: show fails the test.
OPEN_RULE_FAULTS: set[tuple[str, str]] = set()
# (issue 25's grid property found 55 faults of two kinds in 50,000 generated cases: a 17D3 "not
# ended" line beside a bid above seven whose 38C pass the grid counted as the fourth pass, and a
# 17D2 "all four passed" line beside a contract. Fixed by kind: the auction replay lets no pass
# out of turn complete the auction, the grid shows the replay's auction, 17D2/22B read it.)


def _open(f: Fault) -> bool:
    """A fault of a kind that one of its rules is known (and listed) to show."""
    return any((f.kind, rule) in OPEN_RULE_FAULTS for rule in f.rules)


@pytest.fixture(scope="module")
def book():
    return api.rulebook()


def _case(text: str, name: str = "generated.yaml"):
    return from_data(loads(text, name), name)


@settings(max_examples=2000, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.randoms(use_true_random=False))
def test_generated_cases_settle_and_have_every_property(rng):
    text = generate(rng)
    case = _case(text)                      # the generator writes valid input only
    ruling, found = rule_and_check(case, api.rulebook())
    left = [f for f in found if not _open(f)]
    assert not left, "\n".join(map(str, left)) + "\n\n" + text


def test_the_generator_is_reproducible_and_varied():
    a = [generate(random.Random(seed)) for seed in range(40)]
    assert a == [generate(random.Random(seed)) for seed in range(40)]
    assert len(set(a)) == 40
    texts = "".join(a)
    for needle in ("accepts:", "replaces:", "director: called", "happened:", "judgement:", "simultaneous_with"):
        assert needle in "".join(generate(random.Random(s)) for s in range(400)), needle
    assert "XX" in texts and "Pass" in texts


def test_generated_yaml_reads_back_as_the_data():
    data = generate_data(random.Random(7))
    case = _case(to_yaml(data))
    assert len(case.events) == len(data["events"])


# ---------------------------------------------------------------- the checks catch what they say

def _ruling(book, name):
    return api.rule(load_case(CASES / name), book)


def _line_like(ln: Line, **change) -> Line:
    return replace(ln, **change)


def test_a_line_cancelling_a_call_that_stands_is_a_standing_fault(book):
    r = _ruling(book, "ib-01-insufficient-1h-over-1nt.yaml")
    assert faults(r.case, r) == []
    first = next(c for c in r.calls if c.standing == "stands")
    base = r.lines[0]
    bad = _line_like(base, code="call-cancelled", template="{call.seat}'s {call.call} is cancelled.",
                     refs={"call": first.event}, text="x", option="", branch="")
    r.lines.append(bad)
    kinds = [f.kind for f in faults(r.case, r)]
    assert "standing" in kinds and "contradiction" not in kinds
    assert claims(bad) == [("cancelled", first.event, False)]


def test_accepted_and_not_accepted_about_one_call_is_a_contradiction(book):
    r = _ruling(book, "law27-b2-other-sufficient-bid.yaml")
    not_acc = next(ln for ln in r.lines if ln.code == "call-not-accepted")
    r.lines.append(_line_like(not_acc, code="call-accepted", text="accepted after all"))
    assert any(f.kind == "contradiction" and "accepted and not accepted" in f.detail for f in faults(r.case, r))


def test_an_irregularity_with_no_answer_is_unanswered(book):
    r = _ruling(book, "ib-01-insufficient-1h-over-1nt.yaml")
    irr = next(ln for ln in r.lines if ln.code == "irregularity")
    r.lines = [irr]
    assert [f.kind for f in faults(r.case, r)] == ["unanswered"]


def test_a_cite_that_is_no_label_is_a_label_fault(book):
    r = _ruling(book, "ib-01-insufficient-1h-over-1nt.yaml")
    r.lines.append(_line_like(r.lines[-1], cite="27B9"))
    assert any(f.kind == "label" and "27B9" in f.detail for f in faults(r.case, r))


def test_barred_for_the_rest_and_free_to_call_is_a_contradiction(book):
    r = _ruling(book, "law27-b2-other-sufficient-bid.yaml")
    barred = next(ln for ln in r.lines if ln.code == "partner-must-pass-rest")
    r.lines.append(_line_like(barred, code="partner-may-call", text="free after all"))
    assert any("barred" in f.detail for f in faults(r.case, r))


# ---------------------------------------------------------------- what the ruling now says

def test_each_call_has_its_final_standing_with_the_clause(book):
    r = _ruling(book, "law27-b2-other-sufficient-bid.yaml")
    got = [(c.event, c.seat, c.call, c.standing, c.cite, c.replaces) for c in r.calls]
    assert got == [(1, "N", "1S", "stands", None, None),
                   (2, "E", "1H", "withdrawn", "27B", None),
                   (5, "E", "2NT", "stands", "27B2", "1H")]
    data = json.loads(render_json(r))
    assert data["calls"][1] == {"event": 2, "seat": "E", "call": "1H", "standing": "withdrawn", "cite": "27B",
                                "out_of_rotation": False, "replaces": None}


def test_a_call_out_of_rotation_cancelled_says_so(book):
    r = _ruling(book, "law30-b1bii-pass-at-partners-turn-not-comparable.yaml")
    assert [(c.event, c.standing, c.cite, c.out_of_rotation) for c in r.calls] == [
        (1, "cancelled", "29B", True), (4, "stands", None, False), (5, "stands", None, False),
        (6, "stands", None, False)]


def test_a_call_whose_fate_a_player_still_chooses_awaits_the_decision(book):
    r = _ruling(book, "boor-01-bid-at-rhos-turn.yaml")
    assert [(c.event, c.standing, c.cite) for c in r.calls] == [
        (1, "stands", None), (2, "stands", None), (3, "awaiting-decision", "29A")]


def test_the_same_words_about_another_call_are_not_dropped(book, tmp_path):
    f = tmp_path / "two.yaml"
    f.write_text("case: two\ntitle: two insufficient bids, both accepted\nsource: teaching\nboard: 3\nevents:\n"
                 "  - {seat: S, call: 1D}\n  - {seat: W, call: 1C}\n  - {seat: N, call: X}\n"
                 "  - {seat: E, call: 1NT}\n  - {seat: S, call: Pass}\n  - {seat: W, call: 1C}\n"
                 "  - {seat: N, call: X}\n")
    r = api.rule_file(f, book)
    accepted = [ln for ln in r.lines if ln.code == "call-accepted"]
    assert sorted(ln.about for ln in accepted) == [[2], [6]]
    text = render_text(r)
    assert "(event 2)" in text and "(event 6)" in text
    assert faults(r.case, r) == []


def test_a_stated_judgement_no_rule_reads_is_named(book):
    r = _ruling(book, "law27-b1a-lowest-bid-same-denomination.yaml")
    assert [u.judgement for u in r.unused] == ["W 2H artificial"]
    data = json.loads(render_json(r))
    assert data["unused_judgements"] == [{"judgement": "W 2H artificial", "line": r.unused[0].line}]
    assert "not used: W 2H artificial" in render_text(r)


def test_a_judgement_read_through_a_negation_is_not_called_unused(book):
    # 25A1's rules read 'unintended: false' by its absence of a slip: whatever they read
    # changes the ruling when removed, so it is never listed
    for path in sorted(CASES.glob("*.yaml")):
        r = api.rule_file(path, book)
        for u in r.unused:
            rest = [j for j in r.case.judgements if (j.event, j.prop) != (u.event, u.prop)]
            other = api.rule(replace(r.case, judgements=rest), book)
            assert other.pairs() == r.pairs(), (path.name, u)


def test_rulings_are_the_same_under_two_hash_seeds():
    outs = []
    for hs in ("0", "3"):
        proc = subprocess.run([sys.executable, str(ROOT / "tools" / "sweep.py"), "120", "--digests"],
                              capture_output=True, text=True, cwd=ROOT, timeout=300,
                              env=dict(os.environ, PYTHONHASHSEED=hs))
        assert proc.returncode == 0, proc.stderr
        outs.append(proc.stdout)
    assert outs[0] == outs[1] and len(outs[0].splitlines()) == 120

"""Flat memory (issue 25, item 3): the compiled rulesets a long process keeps are bounded.

On the main of 2026-12-04 each new shape of case (the rules its fact types allow) got a
ruleset of its own, kept for ever: about 5 MB each, 33 MB to 2.7 GB over 20,000 generated
cases in one process. Then a rulebook registered at most 48 shape and 64 value rulesets and a
process at most MAX_RULESETS (160) in all, but a ruleset deleted by that bound gave its place
back, so a process ruling under four editions compiled two rulesets a case for ever (2,026
compiles in 3,000 cases) and its memory grew: 504 MB at case 1,000, 642 MB at 3,000.

Now a rulebook makes at most MAX_SHAPE_RULESETS (8) shape and MAX_VALUE_RULESETS value
rulesets over the life of a process, and a round without a ruleset of its own runs on the
smallest registered ruleset that holds its rules (inference._holder). The first test rules
4,000 generated cases under every edition in one fresh process (the mix that grew) and holds
the resident memory growth after the first 1,000 under 50 MB, the memory under 450 MB, and the
rulesets compiled within the bounds. The 20,000- and 50,000-case figures come from
``tools/sweep.py N --answers 1 --editions`` (its memory line; docs/open-faults/sweep-issue25.md).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import random, sys
from bridge_director.audit.generate import generate
from bridge_director.audit.properties import edition_faults
from bridge_director.base.memory import pin_allocator
from bridge_director.base.yamlpos import loads
from bridge_director.case.load import from_data
from bridge_director.infer import inference
from bridge_director.session import api

def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024

made = [0]
init = inference._Compiled.__init__
def counted(self, *args, **kwargs):
    made[0] += 1
    init(self, *args, **kwargs)
inference._Compiled.__init__ = counted

pin_allocator()                 # as the batch commands and tools/sweep.py do
book = api.rulebook()
n, at, most = int(sys.argv[1]), {}, 0
for seed in range(n):
    case = from_data(loads(generate(random.Random(seed)), "g.yaml"), "g.yaml")
    edition_faults(case, api.rule(case, book))      # the case under every other edition too
    most = max(most, len(inference._REGISTERED))
    if seed + 1 in (1000, n):
        at[seed + 1] = rss()
books = len(inference._SHAPES | {k: 1 for k in inference._PRUNERS})
bound = books * (inference.MAX_SHAPE_RULESETS + inference.MAX_VALUE_RULESETS + 1)
print(at[1000], at[n], made[0], bound, most, inference.MAX_RULESETS)
"""


def test_memory_stays_flat_over_generated_cases_under_every_edition():
    n = 4000
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(n)], cwd=REPO, capture_output=True, text=True,
                          timeout=1800, env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert proc.returncode == 0, proc.stderr[-2000:]
    first, last, made, bound, most, cap = proc.stdout.split()
    growth = float(last) - float(first)
    # every ruleset ever compiled is within the rulebooks' bounds (before: 2,026 in 3,000 cases)
    assert int(made) <= int(bound), f"{made} rulesets compiled; the bounds allow {bound}"
    assert int(most) <= int(cap), (most, cap)
    assert growth < 50, f"RSS grew {growth:.1f} MB between case 1,000 ({first} MB) and case {n:,} ({last} MB)"
    assert float(last) < 450, f"RSS {last} MB after {n:,} cases"


def test_a_process_keeps_at_most_max_rulesets(monkeypatch):
    """The safety bound: with room for two rulesets, registering a third deletes the least
    recently used one from the engine (and the runner still in use is never deleted)."""
    from bridge_director.infer import inference

    class Fake:
        closed = 0
        size, mask, handle = 1, 1, 1

        def close(self):
            Fake.closed += 1
    monkeypatch.setattr(inference, "_REGISTERED", type(inference._REGISTERED)())
    monkeypatch.setattr(inference, "_HELD", {})
    monkeypatch.setattr(inference, "MAX_RULESETS", 2)
    a, b, c = Fake(), Fake(), Fake()
    inference._keep(("x", 1), a)
    inference._keep(("x", 2), b)
    assert inference._lookup(("x", 1)) is a          # a used again: b is now the least recent
    inference._keep(("x", 3), c)
    assert list(inference._REGISTERED) == [("x", 1), ("x", 3)] and Fake.closed == 1
    assert inference._HELD["x"] == [a, c]            # b, deleted, serves no round


def test_a_round_runs_on_the_smallest_registered_ruleset_holding_its_rules(monkeypatch):
    """A round whose rules have no ruleset of their own runs on the smallest registered one
    that holds them all (the rules beyond them cannot fire on it), not on a new one."""
    from bridge_director.infer import inference
    from bridge_director.session import api
    book = api.rulebook()
    names = book.engine_rule_names()
    monkeypatch.setattr(inference, "_REGISTERED", type(inference._REGISTERED)())
    monkeypatch.setattr(inference, "_HELD", {})
    bits = inference._bits(book)

    class Fake:
        handle = 1

        def __init__(self, held):
            self.size, self.mask = len(held), sum(bits[n] for n in held)
    big, small, other = Fake(names[:300]), Fake(names[:40]), Fake(names[100:120])
    for k, r in enumerate((big, small, other)):
        inference._keep((id(book), "values", k), r)
    assert inference._holder(book, frozenset(names[5:30])) is small
    assert inference._holder(book, frozenset(names[30:60])) is big
    assert inference._holder(book, frozenset(names[105:110])) is other
    assert inference._holder(book, frozenset(names[290:310])) is None
    assert list(inference._REGISTERED)[-1] == (id(book), "values", 2)    # the one used, marked as used

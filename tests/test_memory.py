"""Flat memory (issue 25, item 3): the compiled rulesets a long process keeps are bounded.

On the main of 2026-12-04 each new shape of case (the rules its fact types allow) got a
ruleset of its own, kept for ever: about 5 MB each, 33 MB to 2.7 GB over 20,000 generated
cases in one process. Now a rulebook registers at most MAX_SHAPE_RULESETS shape rulesets
and MAX_VALUE_RULESETS value rulesets; a shape met after that shares the whole rulebook's
ruleset, and a process keeps at most MAX_RULESETS in all (least recently used deleted).

This test rules 3,000 generated cases in one fresh process and holds the resident memory
growth after the first 1,000 under 50 MB. The 20,000- and 50,000-case figures come from
``tools/sweep.py N`` (its memory line); see the README's Speed section.
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
from bridge_director.base.yamlpos import loads
from bridge_director.case.load import from_data
from bridge_director.infer import inference
from bridge_director.session import api

def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024

book = api.rulebook()
at = {}
for seed in range(int(sys.argv[1])):
    text = generate(random.Random(seed))
    api.rule(from_data(loads(text, "g.yaml"), "g.yaml"), book)
    if seed + 1 in (1000, int(sys.argv[1])):
        at[seed + 1] = rss()
bound = inference.MAX_SHAPE_RULESETS + inference.MAX_VALUE_RULESETS + 1
print(at[1000], at[int(sys.argv[1])], len(inference._REGISTERED), bound)
"""


def test_memory_stays_flat_over_generated_cases():
    n = 3000
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(n)], cwd=REPO, capture_output=True, text=True,
                          timeout=1800, env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert proc.returncode == 0, proc.stderr[-2000:]
    first, last, registered, bound = proc.stdout.split()
    growth = float(last) - float(first)
    assert int(registered) <= int(bound), (registered, bound)
    assert growth < 50, f"RSS grew {growth:.1f} MB between case 1,000 ({first} MB) and case {n:,} ({last} MB)"


def test_a_process_keeps_at_most_max_rulesets(monkeypatch):
    """The safety bound: with room for two rulesets, registering a third deletes the least
    recently used one from the engine (and the runner still in use is never deleted)."""
    from bridge_director.infer import inference

    class Fake:
        closed = 0

        def close(self):
            Fake.closed += 1
    monkeypatch.setattr(inference, "_REGISTERED", type(inference._REGISTERED)())
    monkeypatch.setattr(inference, "MAX_RULESETS", 2)
    a, b, c = Fake(), Fake(), Fake()
    inference._keep(("x", 1), a)
    inference._keep(("x", 2), b)
    assert inference._lookup(("x", 1)) is a          # a used again: b is now the least recent
    inference._keep(("x", 3), c)
    assert list(inference._REGISTERED) == [("x", 1), ("x", 3)] and Fake.closed == 1

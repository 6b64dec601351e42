"""Benchmark figures for ``director ask`` (a section of tools/bench.py; runs alone too).

For each club-evening scenario (tests/interview_scenarios.py): the keystrokes from
``director ask`` to the final ruling (every character typed and every Enter, the board
included; the save prompt answered with Enter), and the time from an answer to the updated
ruling, in-process and warm (median and worst over the scenario's answers). Targets: an
insufficient bid with its intent question in under 40 keystrokes; under 50 ms warm.

Usage: python tools/bench_interview.py
"""
from __future__ import annotations

import io
import re
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))   # the scenarios are test data

from interview_scenarios import SCENARIOS  # noqa: E402
from bridge_director.interview.terminal import Interview, Quit, Terminal  # noqa: E402


class _Scripted(Terminal):
    """A terminal that answers each prompt from the scenario's script (checking the prompt)."""

    def __init__(self, steps):
        super().__init__(io.StringIO(), io.StringIO(), fancy=False)
        self.steps = list(steps)

    def ask(self, prompt, words=None, default=""):
        if not self.steps:
            raise Quit()
        pattern, reply = self.steps.pop(0)
        if not re.search(pattern, prompt):
            raise AssertionError(f"expected a prompt matching {pattern!r}, found {prompt!r}")
        reply = "" if reply == "{save}" else reply    # Enter: the default file name
        self.keys += len(reply) + 1
        return reply


def run(name: str, save_to: str) -> tuple[int, list[float]]:
    """Keystrokes and answer->ruling times (seconds) of one scenario, run in-process."""
    term = _Scripted(SCENARIOS[name]["steps"])
    iv = Interview(term, save_to=save_to)
    if iv.run() != 0 or term.steps:
        raise AssertionError(f"{name}: the interview did not follow the script:\n{term.stdout.getvalue()[-2000:]}")
    return term.keys, iv.timings


def report(out=print) -> None:
    out("== director ask: keystrokes to the final ruling, answer -> updated ruling (warm, in-process) ==")
    with tempfile.TemporaryDirectory() as tmp:
        for name in SCENARIOS:
            run(name, str(Path(tmp) / "warm.yaml"))                 # warm the rulebook and caches
        for name in SCENARIOS:
            keys, times = run(name, str(Path(tmp) / f"{name}.yaml"))
            ms = [t * 1000 for t in times]
            target = " (target < 40)" if name == "insufficient-bid-intent-question" else ""
            timing = (f"answer->ruling median {statistics.median(ms):5.1f} ms, worst {max(ms):5.1f} ms (target < 50)"
                      if ms else "no answers: the ruling follows the calls")
            out(f"{name:34s} {keys:3d} keystrokes{target:15s} {timing}")


if __name__ == "__main__":
    report()

"""Hostile and careless input: hostile4's faults (docs/open-faults/hostile-2026-12-05c.md),
and the same kinds found in the other front ends.

Each test failed on main before its fix.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bridge_director.cli.main import main
from cli_checks import one_line

REPO = Path(__file__).resolve().parent.parent
IB = REPO / "cases" / "ib-01-insufficient-1h-over-1nt.yaml"


def _hesitations(path: Path, count: int) -> Path:
    """A valid case: four calls, ``count`` hesitations by North, the director called, and four
    yes-or-no findings per hesitation (hostile4's manyj shape)."""
    lines = ["board: 1", "events:", "  - {seat: N, call: 1S}", "  - {seat: E, call: 2H}",
             "  - {seat: S, call: 2S}", "  - {seat: W, call: 3H}"]
    lines += ["  - {happened: hesitation, seat: N}"] * count
    lines += ["  - {director: called, by: E}", "judgement:"]
    for ev in range(5, 5 + count):
        lines += [f"  event {ev} {p}: true" for p in ("suggested", "logical-alternative", "damaged", "could-have-known")]
    path.write_text("\n".join(lines) + "\n")
    return path


# ---------------------------------------------------------------- F6: revisits bounded

def test_the_revisits_rule_the_case_again_a_bounded_number_of_times(tmp_path, monkeypatch):
    # was: one ruling of the whole case per finding (120 hesitations: 240 rulings of 125 events,
    # 45 s; 495 hesitations: more than 11 minutes)
    from bridge_director.paper import report as report_mod
    from bridge_director.session import api
    calls = []
    real = api.rule
    monkeypatch.setattr(api, "rule", lambda case, *a, **k: calls.append(len(case.events)) or real(case, *a, **k))
    r = report_mod.report(_hesitations(tmp_path / "h.yaml", 120), with_svg=False)
    room = report_mod.REVISIT_EVENTS // 125
    assert len(r.revisits) == room == 16
    assert sum(calls) <= report_mod.REVISIT_EVENTS + 2 * 125          # the ruling itself, and the revisits
    assert r.revisits_left_out.startswith("224 more findings are not turned over here (the first 16 of 240 are)")
    assert "125 events" in r.revisits_left_out


def test_the_report_says_which_findings_are_left_unturned(tmp_path):
    from bridge_director.report import render_report
    md = render_report(_hesitations(tmp_path / "h.yaml", 60), "md")
    section = md.split("## Findings the committee may revisit")[1].split("\n## ")[0]
    assert "more findings are not turned over here (the first 30 of 120 are)" in section
    html = render_report(_hesitations(tmp_path / "h.yaml", 60), "html")
    assert "more findings are not turned over here (the first 30 of 120 are)" in html


def test_a_small_case_turns_over_every_finding():
    from bridge_director.paper.report import report
    r = report(IB, with_svg=False)
    assert [v.finding for v in r.revisits] == ["West's 1H was the call West meant to make"]
    assert r.revisits_left_out == ""

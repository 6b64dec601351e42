"""Every case file with an ``expect:`` block rules exactly as expected."""
from __future__ import annotations

import pathlib

import pytest

from bridge_director.session import api
from bridge_director.case.load import load_case

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = sorted((REPO_ROOT / "cases").rglob("*.yaml"))
WITH_EXPECT = [p for p in CASES if "\nexpect:" in p.read_text(encoding="utf-8")]


def test_there_are_cases_to_check():
    assert len(WITH_EXPECT) >= 13


@pytest.mark.parametrize("path", WITH_EXPECT, ids=[p.stem for p in WITH_EXPECT])
def test_case_rules_as_expected(path):
    case = load_case(path)
    assert case.expect, f"{path}: empty expect block"
    ruling = api.rule(case)
    result = api.check(case, ruling)
    assert (result.missing, result.extra) == ([], [])
    assert ruling.pairs() == {(e.cite, e.outcome) for e in case.expect}
    assert api.rule_file(path).pairs() == ruling.pairs()


def test_law27_b3_double_cancelled_then_pass():
    ruling = api.rule_file(REPO_ROOT / "cases" / "law27-b3-double-cancelled-then-pass.yaml")
    assert ruling.pairs() == {
        ("18D", "irregularity"),
        ("25A2", "change-not-allowed"),
        ("27B", "call-not-accepted"),
        ("27B", "offender-must-replace"),
        ("27B3", "call-cancelled"),
        ("27B3", "offender-must-replace"),
        ("27B3", "partner-must-pass-rest"),
        ("26B", "lead-restriction-possible"),
        ("72C", "adjust-if-offender-could-have-known"),
        ("27B3", "call-stands"),
        ("16C2", "information-unauthorised-to-offenders"),
        ("16C1", "information-authorised-to-non-offenders"),
        ("12C1(b)", "assigned-adjusted-score"),      # the kind of score, if 72C adjusts
    }
    assert ruling.cancelled == [5]     # S's double (event 5) is cancelled; the pass stands


def test_check_reports_missing_and_extra():
    case = load_case(REPO_ROOT / "cases" / "law27-b3-double-cancelled-then-pass.yaml")
    ruling = api.rule(case)
    case.expect = [e for e in case.expect if e.cite != "16C2"] + [type(case.expect[0])("27B1(a)", "call-stands", 0)]
    result = api.check(case, ruling)
    assert not result.passed
    assert result.missing == [("27B1(a)", "call-stands")]
    assert result.extra == [("16C2", "information-unauthorised-to-offenders")]

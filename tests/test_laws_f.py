"""laws-f: mis-rulings found by tester9 and tester8 in Laws 25, 26, 27, 29 and the lapse lines
of 37-39 (docs/open-faults/tester9.md, tester8.md), each fixed by kind. Each test fails on the
code before its fix."""
from __future__ import annotations

from bridge_director.audit.properties import faults
from bridge_director.case.load import load_case
from bridge_director.session import api

REPO_CASES = __import__("pathlib").Path(__file__).resolve().parent.parent / "cases"


def _rule(name: str):
    case = load_case(REPO_CASES / f"{name}.yaml")
    return case, api.rule(case)


def _texts(ruling, **where) -> list[str]:
    return [ln.text for ln in ruling.lines if all(getattr(ln, k) == v for k, v in where.items())]


# ---------------------------------------------------------------- tester9 #9: 25A4, partner has called

def test_change_after_partner_called_asks_no_intent_and_has_no_slip_branch():
    # N 1S, E P, S 2S, then N offers 1NT for 1S. Before: "Was 1S the call North meant?" and a
    # slip branch "1NT takes its place (if South has not called since)".
    case, r = _rule("law25-a4-change-after-partner-called-intent-not-asked")
    assert not [ln for ln in r.lines if ln.code == "judgement-needed"]
    assert not [ln for ln in r.lines if ln.branch]
    said = _texts(r, cite="25A4")
    assert len(said) == 1 and said[0].startswith("S had already called over 1S: no call may be put in its place"), said
    assert [(ln.cite, ln.option) for ln in r.lines if ln.code in ("option-accept", "call-cancelled")] == [
        ("25B1", "E accepts 1NT"), ("25B2", "E does not accept 1NT")]
    assert faults(case, r) == []


def test_change_after_partner_called_grid_shows_the_offer_awaiting_a_decision():
    # the grid drew (1S)->1NT, 1S cancelled as if 1NT had taken its place
    from bridge_director.ruling.grid import auction, legend
    case, r = _rule("law25-a4-change-after-partner-called-intent-not-asked")
    a = auction(r)
    cell = a["rows"][0][1]
    assert cell["text"] == "1S→1NT?", cell
    assert a["notes"] == ["North's 1NT (event 4), offered in place of 1S: awaiting a player's decision"], a["notes"]
    assert "offered in place of X" in legend(a)
    assert {c.event: c.standing for c in r.calls}[1] == "awaiting-decision"


def test_double_changed_after_partner_called_same_kind():
    case, r = _rule("law25-a4-double-changed-after-partner-called-intent-not-asked")
    assert not [ln for ln in r.lines if ln.code == "judgement-needed"]
    assert [ln.cite for ln in r.lines if ln.code == "change-not-allowed"] == ["25A4"]


def test_barred_bid_standing_under_37a_then_changed_after_partner_called():
    # Before: a slip branch "(if West has not called since)" and a meant branch "Law 37 cancels
    # 2C (37B1)" beside the 37A line "2C ... stand".
    case, r = _rule("law37-a-25a4-barred-bid-stands-changed-after-partner-called-intent-not-asked")
    assert not [ln for ln in r.lines if ln.branch]
    assert not any(ln.cite == "37B1" for ln in r.lines)
    said = _texts(r, cite="25A4")
    assert len(said) == 1 and "2C stands (37A)" in said[0] and "(25B1)" in said[0], said


def test_change_after_partner_called_and_the_auction_ended_is_cancelled():
    case, r = _rule("law25-a1-slip-replacement-put-right-by-second-call-keeps-its-place")
    line = next(ln for ln in r.lines if ln.cite == "25A4")
    assert line.code == "call-cancelled" and "the auction had ended before 3C was offered" in line.text
    assert not any(ln.cite == "25A2" and ln.code == "judgement-needed" for ln in r.lines)
    assert {c.event: c.standing for c in r.calls}[7] == "cancelled"


def test_no_slip_branch_says_if_partner_has_not_called_since():
    # the condition is now settled by the rules: a slip branch is only given while it holds
    rules = REPO_CASES.parent / "rules"
    found = [p.name for p in rules.glob("law-*.yaml") if "has not called since)" in p.read_text()]
    assert found == []

"""laws-g: the mis-rulings tester10 found (docs/open-faults/tester10.md), each fixed by kind."""
from __future__ import annotations

from pathlib import Path

from bridge_director.case.load import load_case
from bridge_director.session import api
from bridge_director.session.draft import Draft

REPO_CASES = Path(__file__).resolve().parent.parent / "cases"


def _rule(name: str):
    case = load_case(REPO_CASES / f"{name}.yaml")
    return case, api.rule(case)


def _cites(ruling) -> set[str]:
    return {ln.cite for ln in ruling.lines}


# ---------------------------------------------------------------- row 29: a waiver, then LHO calls

def test_lho_waives_the_inadmissible_double_and_calls_over_it_is_36a_not_36b():
    case, r = _rule("law36-a-lho-waives-the-inadmissible-double-and-calls-over-it")
    assert api.check(case, r).passed
    cites = _cites(r)
    assert "36A" in cites
    assert not cites & {"36B1", "36B2", "36B3", "26B", "72C", "17D3", "29A", "29B", "17C"}, sorted(cites)
    assert not any(ln.code in ("rectification-allowed", "rectification-cancelled", "judgement-needed")
                   and ln.cite == "10B" for ln in r.lines)
    # West's pass is cancelled with the double, not a call out of rotation
    assert r.status.get(5) in ("voided", "cancelled"), r.status


def test_the_directors_allowing_the_waiver_changes_nothing_and_is_reported_unused():
    d = Draft(board=1)
    d.add_calls("1S P X")
    d.add_event({"happened": "rectification-by-players", "by": "W", "offender": "S", "how": "waived"})
    d.add_calls("W:P")
    d.add_event({"director": "called"})
    d.judge("event 3 unintended", False)
    d.judge("event 4 allowed", True)
    r = d.rule()
    assert "36B2" not in _cites(r) and "36A" in _cites(r)
    assert not any(ln.code == "rectification-allowed" for ln in r.lines)
    assert [(u.event, u.prop) for u in r.unused] == [(4, "allowed")], r.unused


def test_a_call_typed_without_a_seat_after_a_waived_double_is_the_next_players():
    d = Draft(board=1)
    d.add_calls("1S P X")
    d.add_event({"happened": "rectification-by-players", "by": "W", "offender": "S", "how": "waived"})
    assert d.add_calls("P") == [{"seat": "W", "call": "Pass"}]
    # with no director and no waiver either: the table goes on from the double as made
    d = Draft(board=1)
    d.add_calls("1S P X")
    assert d.add_calls("P") == [{"seat": "W", "call": "Pass"}]
    # the director called: the double is cancelled (36B1) and South makes the legal call (36B2)
    d = Draft(board=1)
    d.add_calls("1S P X")
    d.add_event({"director": "called"})
    assert d.add_calls("P") == [{"seat": "S", "call": "Pass"}]


def test_a_waiver_then_lho_calls_under_laws_37_and_38_asks_nothing_under_10b():
    for name, cite in (("law37-a-lho-waives-the-barred-bid-and-calls-over-it", "37A"),
                       ("law38-b-lho-waives-the-bid-above-seven-and-calls-over-it", "38B")):
        case, r = _rule(name)
        assert api.check(case, r).passed, name
        moot = [ln for ln in r.lines if ln.code == "players-rectification-moot"]
        assert [ln.cite for ln in moot] == [cite], name
        assert not any(ln.cite == "10B" for ln in r.lines), name

"""laws-g: the mis-rulings tester10 found (docs/open-faults/tester10.md), each fixed by kind."""
from __future__ import annotations

from pathlib import Path

from bridge_director.case.load import load_case
from bridge_director.session import api
from bridge_director.session.draft import Draft
from bridge_director.ruling.questions import questions

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


# ---------------------------------------------------------------- row 28: a repeat and a pass due at one turn

def _settled(ruling):
    return [ln for ln in ruling.lines if not ln.branch and not ln.option]


def test_a_repeat_and_a_pass_due_at_one_turn_are_branches_until_the_director_rules():
    for name, repeat_law, pass_law in (
            ("law31-a1-24b-repeat-and-pass-due-at-one-turn-director-decides", "31A1", "24B"),
            ("law31-a1-24b-repeat-made-before-the-director-rules-which-governs", "31A1", "24B"),
            ("law32-a1-24c-repeat-double-and-pass-due-at-one-turn-director-decides", "32A1", "24C")):
        case, r = _rule(name)
        assert api.check(case, r).passed, name
        settled = {(ln.cite, ln.code) for ln in _settled(r)}
        # neither obligation is stated as settled, and no Law 37 line rules on the repeat
        assert (repeat_law, "offender-must-repeat") not in settled, name
        assert (pass_law, "partner-must-pass-next") not in settled, name
        assert (repeat_law, "no-further-rectification") not in settled, name
        assert not any(ln.cite.startswith("37") or ln.cite == "35B" for ln in r.lines), name
        branches = {(ln.cite, ln.code) for ln in r.lines if ln.branch}
        assert {(repeat_law, "offender-must-repeat"), (pass_law, "partner-must-pass-next")} <= branches, name
        # the question names a key the one-line form accepts
        qs = [q for q in questions(r) if q.get("property") == "repeat-governs"]
        assert len(qs) == 1, qs
        ev = 1 if repeat_law == "31A1" else 5
        assert qs[0]["answers"][0]["adds"] == {"judgement": {f"event {ev} repeat-governs": True}}, qs[0]["answers"]


def test_the_director_ruling_which_obligation_governs_settles_one_reading_only():
    case, r = _rule("law31-a1-24b-repeat-governs-repeated-bid-stands")
    assert api.check(case, r).passed
    cites = {ln.cite for ln in r.lines}
    assert "24B" not in cites and not any(c.startswith("37") for c in cites), sorted(cites)
    assert ("31A1", "no-further-rectification") in {(ln.cite, ln.code) for ln in _settled(r)}
    case, r = _rule("law31-a1-24b-pass-governs-repeated-bid-is-inadmissible")
    assert api.check(case, r).passed
    pairs = {(ln.cite, ln.code) for ln in _settled(r)}
    assert ("37B1", "call-cancelled") in pairs and ("24B", "partner-must-pass-next") in pairs
    assert not any(ln.cite == "31A1" for ln in r.lines), [ln.text for ln in r.lines if ln.cite == "31A1"]

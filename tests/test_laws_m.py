"""laws-m: the mis-rulings tester14 found (docs/open-faults/tester14.md), each fixed by kind."""
from __future__ import annotations

from repo_cases import lines, rule_case, texts

from bridge_director.ruling.questions import questions
from bridge_director.session import api


def _cites(r) -> set[str]:
    return {ln.cite for ln in r.lines}


def _branches(r) -> set[str]:
    return {ln.branch for ln in r.lines if ln.branch}


def _checked(name):
    case, r = rule_case(name)
    assert api.check(case, r).passed, api.check(case, r)
    return case, r


# ---------------------------------------------------------------- kind J: a call put in place
# under a rectification is checked for legality like any other call

def test_a_21b1a_change_to_a_redouble_of_nothing_goes_to_law_36():
    _, r = _checked("law21-b1a-36b-misinformed-change-to-a-redouble-of-no-double-is-inadmissible")
    # the change itself is allowed, but never "with no other rectification" for the XX
    assert not any("may change X to XX" in t for t in texts(r, cite="21B1(a)"))
    assert [ln.who for ln in lines(r, "36B2", "partner-must-pass-rest")] == ["N"]
    assert lines(r, "36B1", "call-cancelled") and lines(r, "35A", "irregularity")
    # the XX is out; X waits for South's legal call
    assert r.status.get(8) == "cancelled" and r.status.get(4) == "awaiting-replacement", r.status


def test_a_21b1a_change_to_a_double_of_partners_bid_goes_to_law_36():
    _, r = _checked("law21-b1a-36b-misinformed-change-to-a-double-of-partners-bid-is-inadmissible")
    assert [ln.who for ln in lines(r, "36B2", "partner-must-pass-rest")] == ["S"]
    assert "lead-restriction-possible" in {ln.code for ln in lines(r, "26B")}


def test_a_21b1a_change_to_an_insufficient_bid_goes_to_law_27():
    _, r = _checked("law21-b1a-27-misinformed-change-to-an-insufficient-bid-goes-to-law-27")
    irr = lines(r, "18D", "irregularity")
    assert len(irr) == 1 and "1S does not outrank 2D" in irr[0].text
    assert {ln.option for ln in r.lines if ln.option and ln.cite == "27A1"} == {"W accepts 1S"}
    assert not any("may change X to 1S" in t for t in texts(r, cite="21B1(a)"))


def test_a_21b2_change_to_an_insufficient_bid_goes_to_law_27():
    _, r = _checked("law21-b2-27-lho-change-to-an-insufficient-bid-goes-to-law-27")
    assert any("2H does not outrank 2S" in ln.text for ln in lines(r, "18D", "irregularity"))
    assert not any("changes Pass to 2H, as 21B2 allows" in t for t in texts(r, cite="21B2"))
    # Law 25 is not what governs the LHO's change
    assert not _cites(r) & {"25B1", "25B2"}


def test_a_21b2_change_to_an_inadmissible_redouble_goes_to_law_36():
    _, r = _checked("law21-b2-36b-lho-change-to-a-double-of-partners-bid-is-inadmissible")
    assert [ln.who for ln in lines(r, "36B2", "partner-must-pass-rest")] == ["E"]
    assert not _cites(r) & {"25B1", "25B2"}


def test_an_inadmissible_double_in_place_of_an_insufficient_bid_is_never_comparable():
    _, r = _checked("law27-b3-35a-inadmissible-double-of-partners-bid-in-place-of-insufficient-bid-is-cancelled")
    assert not lines(r, "27B1(b)")
    assert [ln.who for ln in lines(r, "27B3", "partner-must-pass-rest")] == ["E"]
    assert r.status.get(7) == "cancelled", r.status
    # the comparable judgement the director typed does not rescue it: reported unused
    assert any("comparable" in u for u in map(str, r.unused))


def test_an_inadmissible_double_in_place_of_an_insufficient_bid_asks_no_comparability():
    from bridge_director.session.draft import Draft
    d = Draft(board=1)
    d.add_calls("P 1S P 1H")
    for e in ({"director": "called"}, {"seat": "N", "accepts": False}, {"seat": "W", "replaces": "1H", "with": "X"}):
        d.add_event(e)
    r = api.rule(d.case())
    assert not [q for q in questions(r) if q["property"] == "comparable"]
    assert lines(r, "27B3", "call-cancelled")


def test_a_pass_forced_by_24b_is_not_offered_a_21b1a_change():
    _, r = _checked("law21-b1a-24b-forced-pass-is-not-offered-a-change")
    assert not any("S's Pass at event 10" in b for b in _branches(r)), _branches(r)
    assert not [q for q in questions(r) if q["property"] == "influenced" and q["about"]["event"] == 10]
    assert any("S had to pass at that turn" in t for t in texts(r, cite="21B1(a)", code="call-stands"))


def test_a_pass_forced_by_30a_is_not_offered_a_change_nor_is_the_cancelled_pass():
    _, r = _checked("law21-b1a-30a-pass-forced-at-that-turn-is-not-offered-a-change")
    assert not any("N's Pass" in b for b in _branches(r)), _branches(r)
    assert not [q for q in questions(r) if q["property"] == "influenced" and q["about"]["seat"] == "N"]
    assert any("N had to pass at that turn" in t for t in texts(r, cite="21B1(a)", code="call-stands"))


# ---------------------------------------------------------------- kind G: a passed-out board
# and 21B1(a): the period ends when the hands are back in the board (17D2), not at a lead

def test_a_passed_out_board_names_the_hands_back_as_the_limit_and_22b_waits():
    _, r = _checked("law21-b1a-17d2-passed-out-board-change-open-until-the-hands-are-back")
    change = [t for t in texts(r, cite="21B1(a)", code="change-allowed")]
    assert change and all("until the four hands are back in the board" in t for t in change), change
    assert not any("opening lead" in ln.text or "end of play" in ln.text for ln in r.lines)
    assert not any("scored as passed out" in t and not t.startswith("Unless") for t in texts(r, cite="22B"))
    assert [ln.rule for ln in lines(r, "22B")] == ["passed-out-unless-a-pass-is-changed"]


def test_a_passed_out_board_with_the_hands_back_offers_no_change():
    _, r = _checked("law21-b3-17d2-passed-out-board-hands-back-too-late-to-change")
    assert not lines(r, "21B1(a)", "change-allowed")
    assert any("W's Pass at event 5" in b for b in _branches(r))
    assert [ln.rule for ln in lines(r, "22B")] == ["passed-out-no-redeal"]


def test_an_influenced_fourth_pass_may_be_changed_until_the_hands_are_back():
    _, r = _checked("law21-b1a-17d2-passed-out-board-influenced-pass-may-be-changed")
    opts = {ln.option for ln in r.lines if ln.option}
    assert "W changes Pass" in opts, opts
    assert [ln.rule for ln in lines(r, "22B")] == ["passed-out-unless-a-pass-is-changed"]

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
    assert change and all("until the four hands are back in the board (17D2)" in t for t in change), change
    assert lines(r, "17D2", "passed-out")
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


# ---------------------------------------------------------------- kind D: "partner has called
# since" counts only partner's calls made before the change

def test_partner_calls_after_the_change_do_not_make_it_too_late():
    _, r = _checked("law21-b1a-partner-calls-after-the-change-do-not-make-it-too-late")
    assert any("N's Pass at event 6 could have been influenced" in b for b in _branches(r))
    assert any(ln.branch and "N's Pass at event 6" in ln.branch for ln in lines(r, "21B1(a)", "change-allowed"))
    assert not any("N's partner has called since" in ln.text for ln in r.lines)


def test_partner_calls_before_the_change_still_make_it_too_late():
    _, r = _checked("law21-b3-change-after-partner-called-again-too-late")
    assert any("N's partner has called since" in ln.text for ln in r.lines)
    assert not any(ln.branch and "N's 2S at event 6" in ln.branch for ln in lines(r, "21B1(a)", "change-allowed"))


# ---------------------------------------------------------------- kind I: a defender's opening
# lead, even out of turn, ends the auction period (17D1)

def test_a_defenders_lead_out_of_turn_ends_the_auction_period():
    _, r = _checked("law21-b3-17d1-defenders-opening-lead-out-of-turn-ends-the-auction-period")
    assert not lines(r, "21B1(a)", "change-allowed")
    assert lines(r, "17D1", "auction-period-ended")
    assert any("N's Pass at event 6 could have been influenced" in b for b in _branches(r))
    assert lines(r, "21B3", "adjust-if-damaged")


def test_a_defenders_lead_out_of_turn_leaves_an_influenced_pass_to_21b3():
    _, r = _checked("law21-b3-17d1-defenders-lead-out-of-turn-influenced-pass-too-late")
    assert not {ln.option for ln in r.lines if ln.option} & {"N changes Pass", "N keeps Pass"}
    assert any("too late to change Pass" in t for t in texts(r, cite="21B3"))


def test_a_declaring_sides_lead_out_of_turn_does_not_end_the_period():
    _, r = _checked("law21-b1a-declaring-sides-lead-out-of-turn-does-not-end-the-period")
    assert "N changes Pass" in {ln.option for ln in r.lines if ln.option}
    assert not lines(r, "17D1", "auction-period-ended")


# ---------------------------------------------------------------- kind E: information from
# partner while the player chooses a call put in place under a rectification

def test_a_remark_while_partner_chooses_the_replacement_puts_it_to_16b1a():
    _, r = _checked("law16b-1a-remark-while-partner-chooses-the-replacement-of-an-insufficient-bid")
    assert any("suggested E's 2S" in b for b in _branches(r)), _branches(r)
    assert lines(r, "16B3", "adjust-if-damaged")
    assert {q["about"]["event"] for q in questions(r) if q["property"] in ("suggested", "logical-alternative")} == {6}
    assert not any(t.endswith("no unauthorised information.") for t in texts(r, cite="27B1(a)"))


def test_a_hesitation_while_partner_chooses_the_replacement_puts_it_to_16b1a():
    _, r = _checked("law16b-1a-hesitation-while-partner-chooses-the-replacement-natural-1s")
    assert lines(r, "16B3", "adjust-if-damaged") and lines(r, "27D", "adjust-if-damaged")


def test_a_remark_while_partner_replaces_an_inadmissible_redouble():
    _, r = _checked("law16b-1a-remark-while-partner-chooses-the-call-in-place-of-an-inadmissible-redouble")
    assert any("suggested W's Pass" in b for b in _branches(r)), _branches(r)


# ---------------------------------------------------------------- kind F: 16C2 asked about
# partner's later call after a cancelled call, 16C3 on the branch where it was suggested

def _16c_branches(r, seat_call):
    return [ln for ln in r.lines if ln.branch and seat_call in ln.branch and ln.cite in ("16C2", "16C3")]


def test_partners_call_after_a_cancelled_bid_out_of_rotation_is_asked_about():
    _, r = _checked("law16c2-partners-call-after-a-cancelled-bid-out-of-rotation-is-asked")
    assert {ln.cite for ln in _16c_branches(r, "E's 4H")} == {"16C2", "16C3"}
    assert {(q["about"]["event"], q["property"]) for q in questions(r)} >= {(5, "suggested"), (5, "logical-alternative")}


def test_partners_call_after_a_cancelled_change_of_mind_is_asked_about():
    _, r = _checked("law16c2-partners-call-after-a-cancelled-change-of-mind-is-asked")
    assert {ln.cite for ln in _16c_branches(r, "N's 4H")} == {"16C2", "16C3"}


def test_a_stated_16c2_judgement_settles_the_question(tmp_path):
    from repo_cases import REPO_CASES

    from bridge_director.case.load import load_case
    text = (REPO_CASES / "law16c2-partners-call-after-a-cancelled-change-of-mind-is-asked.yaml").read_text()
    text = text.split("expect:")[0].replace("judgement:\n", "judgement:\n  event 8 suggested: true\n  event 8 logical-alternative: true\n")
    f = tmp_path / "c.yaml"
    f.write_text(text)
    r = api.rule(load_case(f))
    assert not _16c_branches(r, "N's 4H")
    assert lines(r, "16C2", "irregularity") and lines(r, "16C3", "adjust-if-damaged")


def test_a_partner_bound_to_pass_is_not_asked_about_16c2():
    # 27B3: West's double in place of the insufficient bid cancelled, East barred: East's pass is no choice
    _, r = _checked("law27-b3-35a-inadmissible-double-of-partners-bid-in-place-of-insufficient-bid-is-cancelled")
    assert not [q for q in questions(r) if q["property"] == "suggested"]


# ---------------------------------------------------------------- kind H: no 26B option for a
# first turn to lead already past; 16C2 on the lead instead

def test_no_26b_option_once_the_first_turn_to_lead_has_gone():
    _, r = _checked("law39-c-26b-first-turn-to-lead-already-past-16c2-on-the-lead")
    assert not lines(r, "26B", "lead-restriction-possible")
    assert lines(r, "26B", "lead-restriction-does-not-arise")
    assert any("lead" in t for t in texts(r, cite="16C2", code="information-unauthorised-to-offenders"))
    assert lines(r, "16C3", "adjust-if-damaged")


def test_the_26b_option_stays_when_the_director_came_before_the_lead():
    _, r = _checked("law39-c-26b-director-before-the-lead-keeps-the-option")
    assert lines(r, "26B", "lead-restriction-possible")
    assert not lines(r, "26B", "lead-restriction-does-not-arise")


# ---------------------------------------------------------------- kind L: who answered a review

def test_a_review_answered_by_the_askers_partner():
    _, r = _checked("law20-d-review-answered-by-the-askers-partner-is-unauthorised-information")
    assert lines(r, "20D", "irregularity")
    assert not lines(r, "12C1", "adjust-if-damaged")      # no redress for the side that answered
    assert any("suggested W's 3H" in b for b in _branches(r)), _branches(r)


def test_a_review_misstated_by_an_opponent_keeps_the_12c1_line():
    _, r = _checked("law20-e-review-misstated-by-an-opponent-12c1")
    assert lines(r, "12C1", "adjust-if-damaged") and not lines(r, "20D")


def test_no_26b_option_after_an_insufficient_bid_once_the_opening_lead_was_faced():
    _, r = _checked("law26-b-first-turn-to-lead-past-before-the-director-came-back")
    assert [ln.rule for ln in lines(r, "26B", "lead-restriction-does-not-arise")] == ["lead-restriction-first-turn-already-past"]
    assert not [ln for ln in lines(r, "26B", "lead-restriction-possible") if ln.rule == "lead-restriction-offender-defends"]

"""laws-n: tester15's open rule faults (docs/open-faults/tester15.md), by kind.

Kind (f) extended to Laws 39B and 28B (rows 32, 34): a call after ``{director: called}``
with no ``{director: ruled}`` was read as made "before any ruling". 39B ("if offender's LHO
calls before rectification ... no further rectification") and 28B ("before rectification has
been assessed") turn on it: it is asked (``after-ruling`` on that call), each reading on its
branch, as laws-k did for 36A, 37A and 38B-D.
"""
from __future__ import annotations

from repo_cases import checked, lines, texts

from bridge_director.ruling.questions import questions


def _standing(r) -> dict[int, str]:
    return {c.event: c.standing for c in r.calls}


def _settled(r):
    return [ln for ln in r.lines if not ln.branch and not ln.option]


# ---------------------------------------------------------------- Law 39 (row 32)

def test_row_32_39b_is_a_branch_when_lho_called_after_the_director_call():
    _, r = checked("law39-b-c-defender-bids-after-final-pass-lho-passes-ruling-moment-asked")
    # no "before any ruling" stated as fact, and no 26B stated as fact
    assert not [ln for ln in _settled(r) if "before any ruling" in ln.text]
    assert not [ln for ln in _settled(r) if ln.cite == "26B"]
    assert texts(r, cite="39B", branch="if the director had not ruled before S's Pass") == [
        "S called over 3H before rectification: no further rectification, and no 26B lead restriction."]
    assert [ln.cite for ln in r.lines if ln.branch == "if the director had ruled before S's Pass"] == ["26B"]
    q = next(q for q in questions(r) if q["property"] == "after-ruling")
    assert q["case_line"].startswith("event 9 after-ruling")
    # South's own pass after the end: cancelled, no further rectification (declaring side), either way
    assert texts(r, cite="39B", code="no-further-rectification", branch="") == [
        "S is on the declaring side: no further rectification for their Pass."]


def test_row_32_answered_before_the_ruling_is_39b_only():
    _, r = checked("law39-b-defender-doubles-after-final-pass-declarer-passes-judged-before-ruling")
    assert not lines(r, "26B") and not [q for q in questions(r) if q["property"] == "after-ruling"]
    assert texts(r, cite="39B", code="refer-to-law")[0].startswith("E's Pass (event 9) came before the director's ruling")


def test_row_32_answered_after_the_ruling_keeps_the_26b_option():
    _, r = checked("law39-c-defender-bids-after-final-pass-dummy-passes-judged-after-ruling-26b-stands")
    [lead] = lines(r, "26B", "lead-restriction-possible")
    assert not lead.branch and "forbid E to lead" in lead.text
    assert "the ruling's 26B option stands (39C)" in texts(r, cite="39C", code="refer-to-law")[0]
    assert not [ln for ln in r.lines if "before any ruling" in ln.text]


def test_39_more_calls_after_the_director_call_ask_about_the_first_lho_call():
    _, r = checked("law39-b-c-defender-bids-after-final-pass-two-more-calls-ruling-moment-asked")
    asked = texts(r, code="judgement-needed", cite="39B")
    assert len(asked) == 1 and "when S made X (event 10)" in asked[0]


def test_39_the_offenders_partner_calling_is_not_asked_about():
    _, r = checked("law39-c-director-called-then-offenders-partner-passes-no-ruling-question")
    assert not [q for q in questions(r) if q["property"] == "after-ruling"]
    assert [ln.branch for ln in lines(r, "26B", "lead-restriction-possible")] == [""]


# ---------------------------------------------------------------- Law 28B (row 34)

NOT_RULED_2S = "if the director had not ruled before S's 2S"
RULED_2S = "if the director had ruled before S's 2S"


def test_row_34_28b_is_a_branch_and_the_correct_players_call_is_held():
    _, r = checked("law28-b-pass-at-rhos-turn-correct-player-bids-ruling-moment-asked")
    assert _standing(r)[5] == "held"
    # nothing of 28B stated as fact: only the question
    assert [ln.code for ln in _settled(r) if ln.cite == "28B"] == ["judgement-needed"]
    assert {ln.cite for ln in r.lines if ln.branch == NOT_RULED_2S} == {"28B"}
    assert [ln.cite for ln in r.lines if ln.branch == RULED_2S] == ["29A"]
    # the held 2S, made at South's own turn, is not drawn as out of rotation
    assert not next(c for c in r.calls if c.event == 5).out_of_rotation
    q = next(q for q in questions(r) if q["property"] == "after-ruling")
    assert q["case_line"].startswith("event 5 after-ruling")


def test_row_34_answered_before_the_ruling_is_28b():
    _, r = checked("law28-b-bid-at-rhos-turn-correct-player-overcalls-judged-before-ruling")
    assert _standing(r)[2] == "cancelled" and _standing(r)[4] == "stands"
    assert lines(r, "28B", "rectification-forfeited") and not lines(r, "28B", "judgement-needed")


def test_row_34_answered_after_the_ruling_asks_the_lhos_choice_on_each_option():
    for name, first in (("law28-b-bid-at-rhos-turn-correct-player-calls-judged-after-ruling-lho-choice-asked", 4),
                        ("law28-b-pass-at-rhos-turn-director-ruled-then-correct-player-bids-lho-choice-not-stated", 5)):
        _, r = checked(name)
        assert _standing(r)[first] == "held"
        assert not lines(r, "28B", "rectification-forfeited") and not lines(r, "28B", "call-in-rotation")
        options = {ln.option for ln in r.lines if ln.code == "refer-to-law" and ln.option}
        assert len(options) == 2
        # the turn player's held call is not read as RHO's call for 31A2
        assert not lines(r, "31A2", "offender-may-call")


def test_28b_every_call_after_the_first_is_held_until_answered():
    _, r = checked("law28-b-pass-at-rhos-turn-auction-completed-after-director-ruling-moment-asked")
    assert [_standing(r)[n] for n in range(5, 11)] == ["held"] * 6
    assert not r.facts.auction_ended


def test_28b_a_decision_before_the_correct_players_call_closes_the_question():
    _, r = checked("law28-b-lho-declined-before-correct-player-bids-no-ruling-question")
    assert not [q for q in questions(r) if q["property"] == "after-ruling"]
    assert lines(r, "30A", "offender-must-pass-next") and not lines(r, "28B")


def test_the_older_28b_and_39b_cases_now_state_the_moment():
    for name, cite in (("law28-b-correct-player-calls-while-director-explains", "28B"),
                       ("law09-b2-call-while-the-director-explains", "28B"),
                       ("law39-b-lho-calls-after-director-called-before-ruling", "39B")):
        case, r = checked(name)
        assert [(j.prop, j.value) for j in case.judgements] == [("after-ruling", False)]
        assert lines(r, cite, "refer-to-law")


# ---------------------------------------------------------------- kind C (rows 5, 23, 26, 28, 40, 45, 49)
# "No infraction: the result stands" beside an adjustment still open: only 16B3's (or 21B3's /
# 75B1's) own adjustment is excluded; the other stays open.

NO_16B3 = "No infraction of 16B1(a): no adjusted score under 16B3."


def _no_result_stands(r):
    return [ln.text for ln in r.lines if "result stands" in ln.text]


def test_kind_c_no_infraction_branches_beside_open_adjustments_do_not_say_the_result_stands():
    for name, other in (("law16b-31a2-hesitation-during-the-choice-no-infraction-branch-beside-72c-no-result-stands", "31A2(b)"),
                        ("law16b-27d-hesitation-while-ib-is-replaced-no-infraction-branch-beside-27d-no-result-stands", "27D"),
                        ("law16b-21b3-branches-beside-the-16b-no-infraction-branch-no-result-stands", "21B3"),
                        ("law20-d-review-misstated-mid-auction-no-infraction-branch-no-result-yet", None)):
        _, r = checked(name)
        assert not _no_result_stands(r), (name, _no_result_stands(r))
        assert [ln.text for ln in lines(r, "16B1(a)", "call-stands") if ln.branch] == [NO_16B3]
        if other:
            assert lines(r, other), (name, other)


def test_row_28_16b3_no_damage_beside_24b_72c_keeps_72c_open():
    _, r = checked("law16b3-no-damage-beside-24b-72c-after-play-no-result-stands")
    assert not _no_result_stands(r)
    [line] = lines(r, "16B3", "no-adjusted-score")
    assert line.text.endswith("there is no adjusted score under 16B3. Whether the score is adjusted for the other "
                              "irregularity is decided under its own law, as the other lines say.")
    assert lines(r, "72C", "adjust-if-offender-could-have-known")


def test_kind_c_law_21s_no_damage_line_beside_an_open_27d():
    _, r = checked("law75-b1-no-damage-beside-an-open-27d-adjustment-no-result-stands")
    assert not _no_result_stands(r)
    assert texts(r, cite="75B1", code="no-adjusted-score")[0].startswith(
        "E's mistaken explanation did not damage the other side: no adjusted score for it (75B1).")
    assert lines(r, "27D", "adjust-if-damaged")


def test_kind_c_the_settled_16b1b_line_mid_auction_and_after_play():
    _, mid = checked("law16b-no-logical-alternative-mid-auction-no-result-yet")
    assert texts(mid, cite="16B1(b)") == [
        "No other call was a logical alternative to S's 1H: there is no infraction of 16B1(a), and no adjusted score under 16B3."]
    # no over-correction: after play with nothing else open, the result stands
    _, after = checked("law16b-no-logical-alternative-after-play-result-stands")
    assert texts(after, cite="16B1(b)") == [
        "No other call was a logical alternative to E's 2H: there is no infraction and the result stands."]


def test_kind_c_the_published_result_stands_cases_still_say_it():
    # the published rulings read "the result stands": where the case records the director's
    # findings of no damage for every question, the tool says it too
    for path in ("published/ebu-forums/law20-f4a-wrong-benji-explanation-corrected-mid-auction-without-the-director",
                 "published/usbf-appeals/law21-b-unalerted-3c-good-raise-south-bids-6h-no-damage-result-stands",
                 "law75-b1-mistaken-explanation-no-damage-result-stands"):
        _, r = checked(path)
        assert lines(r, "75B1", "result-stands"), path


# ---------------------------------------------------------------- row 22: 20F5(b)(ii) after a lead out of turn

def test_row_22_a_correction_after_a_defenders_lead_out_of_turn_is_late():
    for name, corrector in (("law20-f5b-ii-correction-after-a-defenders-lead-out-of-turn-is-late", "S"),
                            ("law20-f5b-ii-declarer-corrects-after-the-wrong-defender-leads-late", "E")):
        _, r = checked(name)
        [late] = lines(r, "20F5(b)(ii)", "irregularity")
        assert late.text.startswith(f"{corrector} corrected") and late.text.endswith("before any opening lead is faced: late.")
        assert not [ln for ln in r.lines if "at the right moment" in (ln.say or "") or "the moment the law names" in ln.text]
        assert lines(r, "21B3", "adjust-if-damaged")


def test_row_22_no_over_correction_a_correction_before_the_lead_out_of_turn_is_in_time():
    _, r = checked("law20-f5b-ii-correction-before-a-defenders-lead-out-of-turn-in-time")
    assert lines(r, "20F5(b)(ii)", "must-call-director") and not lines(r, "20F5(b)(ii)", "irregularity")


# ---------------------------------------------------------------- row 16: 20F5(b) on a reopened passed-out board

def test_row_16_a_correction_on_a_passed_out_board_is_not_too_early_in_hindsight():
    for name, corrector in (("law20-f5b-correction-on-a-passed-out-board-then-reopened-not-too-early", "N"),
                            ("law20-f5b-dealer-east-passed-out-correction-then-reopened-by-north-not-too-early", "E")):
        _, r = checked(name)
        assert not lines(r, "20F5(b)(i)"), [ln.text for ln in lines(r, "20F5(b)(i)")]
        [line] = lines(r, "20F5(b)", "must-call-director")
        assert line.text.startswith(f"{corrector} told the opponents") and "does not make it too early" in line.text


def test_row_16_no_over_correction_a_reopening_after_a_bid_keeps_the_role_at_the_time():
    # the published EBU case: the auction had a contract when South corrected; nothing changes
    _, r = checked("published/ebu-forums/law21-b1a-weak-jump-2d-explained-as-strong-passed-out-in-3d-west-reopens-3s-north-5d")
    assert not lines(r, "20F5(b)") and lines(r, "20F5(b)(ii)", "must-call-director")


# ---------------------------------------------------------------- 38C's pass ends the auction (sweep leftover)

def test_38c_pass_that_ends_the_auction_leaves_no_auction_that_goes_on():
    for name in ("law38-d-ruling-moment-open-pass-passes-out-no-26b-line",
                 "law38-d-ruling-moment-open-pass-ends-auction-offender-defends",
                 "law38-b-c-pass-ends-the-auction-ruling-moment-open-calls-after-the-final-pass",
                 "law38-c-pass-ends-the-auction-calls-judged-after-the-ruling-are-after-the-final-pass"):
        _, r = checked(name)
        assert not [ln.text for ln in r.lines if "goes on from the pass put in place" in ln.text], name
        assert [ln for ln in lines(r, "39A", "call-cancelled") if "had already ended the auction" in ln.text], name


def test_38c_pass_that_does_not_end_the_auction_still_goes_on():
    _, r = checked("law38-b-d-director-called-at-once-ruling-moment-asked")
    assert [ln for ln in r.lines if "goes on from the pass put in place" in ln.text]


# ---------------------------------------------------------------- minors: rows 15 and 43

def test_row_15_20f4a_on_a_passed_out_board_names_the_hands_not_the_lead():
    for name in ("law20-f4a-own-correction-on-a-passed-out-board-before-the-hands-go-back",
                 "law20-f4a-explainer-duty-on-a-passed-out-board-before-the-hands-go-back"):
        _, r = checked(name)
        [line] = lines(r, "20F4(a)")
        assert "before the four hands are back in the board" in line.text and "opening lead is faced" not in line.text


def test_row_43_no_16c2_question_on_a_call_forced_or_freed_by_the_comparability_asked():
    _, r = checked("law16c2-no-question-on-partners-pass-after-the-offenders-call-of-open-comparability")
    assert not lines(r, "16C2", "judgement-needed") and lines(r, "23A", "judgement-needed")
    # no over-correction: partner's call before the offender's proper turn is still asked about
    _, kept = checked("law16c2-question-kept-on-partners-call-before-the-offenders-call")
    assert lines(kept, "16C2", "judgement-needed")

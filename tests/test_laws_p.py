"""laws-p: the mis-rulings tester16 found in the auction laws (docs/open-faults/tester16.md),
each fixed by kind, and two faults of the generated-case sweep."""
from __future__ import annotations

from repo_cases import checked, lines, saying, texts


# ---------------------------------------------------------------- kind A: 25A5 and the end of the auction period (17D)

def test_a_slip_is_not_put_right_after_the_opening_lead_though_lho_closed_the_auction():
    _, r = checked("law25-a5-slip-before-lhos-closing-pass-too-late-after-the-lead")
    saying(r, "25A5", "no substitution may occur after it; Pass stands and 4NT is cancelled")
    assert not [t for t in texts(r) if "no opening lead was faced" in t]
    assert r.status.get(8) == "cancelled", r.status


def test_a_defenders_opening_lead_out_of_turn_ends_the_period_for_25a5():
    _, r = checked("law25-a5-slip-too-late-after-a-defenders-opening-lead-out-of-turn")
    saying(r, "25A5", "out of turn, before N put 4NT in place of Pass")
    assert not [t for t in texts(r) if "the auction is not over" in t]


def test_the_hands_back_in_the_board_end_the_period_of_a_passed_out_board():
    _, r = checked("law25-a5-passed-out-slip-too-late-once-the-hands-are-back")
    saying(r, "25A5", "the auction period was over (17D2)")
    assert texts(r, cite="22B")
    _, r = checked("law25-a5-passed-out-third-pass-slip-lho-closed-too-late-hands-back")
    saying(r, "25A5", "N put 1D in place of Pass")


def test_a_passed_out_board_names_the_hands_not_the_lead_as_the_limit():
    _, r = checked("law25-a5-passed-out-slip-put-right-before-the-hands-go-back")
    line = saying(r, "25A5", "the hands were not yet back in the board")
    assert "opening lead" not in line[0].text
    assert not [t for t in texts(r) if "opening lead" in t]


def test_a_change_of_mind_after_the_lead_is_cancelled_not_left_unsaid():
    _, r = checked("law25-b2-change-of-mind-after-the-lead-cancelled")
    saying(r, "25B2", "3D is cancelled and Pass stands")
    assert lines(r, "25B3")


def test_intent_not_stated_after_the_period_both_branches_keep_the_pass():
    _, r = checked("law25-a5-intent-not-stated-after-a-defenders-lead-out-of-turn")
    assert [ln.branch for ln in lines(r, "25A5")] and all("Pass stands" in ln.text for ln in lines(r, "25A5"))
    assert all("cancelled and Pass stands" in ln.text for ln in lines(r, "25B2"))


def test_a_change_offered_after_the_final_pass_cannot_be_accepted_in_the_meant_branch():
    _, r = checked("law25-a2-passed-out-intent-not-stated-meant-branch-cannot-be-accepted")
    meant = lines(r, "25B2")
    assert meant and all("no one can call over it to accept it" in ln.text for ln in meant)
    assert not [t for t in texts(r) if "only if N accepts" in t]


# ---------------------------------------------------------------- kind B: Law 33 tests the deemed-later call

def test_a_simultaneous_call_deemed_later_and_insufficient_is_not_nothing_to_rectify():
    _, r = checked("law33-simultaneous-bid-insufficient-once-deemed-later")
    assert not [t for t in texts(r) if "nothing to rectify" in t]
    saying(r, "33", "which Law 27 deals with")
    assert lines(r, "27A1")


def test_a_simultaneous_double_of_partners_bid_is_law_36s():
    _, r = checked("law33-simultaneous-double-of-partners-bid-inadmissible")
    assert not [t for t in texts(r) if "nothing to rectify" in t]
    saying(r, "33", "which Law 36 deals with")


def test_simultaneous_inadmissible_redouble_after_the_final_pass_and_bound_to_pass():
    _, r = checked("law33-simultaneous-redouble-of-partners-double-inadmissible")
    saying(r, "33", "which Law 36 deals with")
    _, r = checked("law33-simultaneous-call-with-the-final-pass-is-after-the-final-pass")
    saying(r, "33", "a call after the final pass")
    assert lines(r, "39A")
    _, r = checked("law33-simultaneous-bid-by-player-bound-to-pass")
    saying(r, "33", "Law 37 deals with it")
    assert not [t for t in texts(r) if "nothing to rectify" in t]


# ---------------------------------------------------------------- kind C: 28A on the branch of the bar it hangs on

def _branch_of(r, cite):
    return {ln.branch for ln in lines(r, cite) if ln.branch}


def test_28a_follows_the_27b2_comparable_branch():
    _, r = checked("law28-a-bar-hangs-on-27b2-comparable-call-at-that-turn-branched")
    assert _branch_of(r, "28A") == _branch_of(r, "27B2")
    assert _branch_of(r, "17C") == _branch_of(r, "27B1(b)")
    # no flat 'call out of rotation' line beside the branch that counts it in rotation
    assert not [ln for ln in lines(r, "17C", "irregularity") if "S's 2D" in ln.text]


def test_28a_follows_the_24b_could_see_branch():
    _, r = checked("law28-a-bar-hangs-on-24b-could-partner-see-call-at-that-turn-branched")
    assert _branch_of(r, "28A") == _branch_of(r, "24B")
    assert [ln for ln in lines(r, "24B") if "honour" in ln.text]


def test_28a_follows_the_next_turn_comparable_branches():
    for name, bar, free in [("law28-a-bar-hangs-on-31a2b-comparable-call-at-that-turn-branched", "31A2(b)", "31A2(a)"),
                            ("law28-a-bar-hangs-on-30b1b-comparable-call-at-that-turn-branched", "30B1(b)(ii)", "30B1(b)(i)"),
                            ("law28-a-bar-hangs-on-32a2b-comparable-call-at-that-turn-branched", "32A2(b)", "32A2(a)")]:
        _, r = checked(name)
        assert _branch_of(r, "28A") and _branch_of(r, "28A") <= {ln.branch for ln in lines(r, bar)}, name
        assert _branch_of(r, "17C") <= {ln.branch for ln in lines(r, free)}, name


def test_28a_flat_once_judged():
    _, r = checked("law28-a-bar-judged-not-comparable-call-in-rotation-flat")
    assert [ln for ln in lines(r, "28A") if not ln.branch]
    assert not lines(r, "29A")
    _, r = checked("law28-a-bar-judged-comparable-call-out-of-rotation")
    assert not lines(r, "28A") and lines(r, "29A")


# ---------------------------------------------------------------- kind D: Law 37, not 27, for a bid by a player bound to pass

def test_the_25a2_line_names_law_37_for_a_player_bound_to_pass():
    for name, seat in (("law37-insufficient-bid-by-player-bound-by-24b-names-law-37", "E"),
                       ("law37-insufficient-bid-by-player-bound-by-27b2-names-law-37", "E"),
                       ("law37-insufficient-bid-by-player-bound-by-30a-names-law-37", "S")):
        _, r = checked(name)
        assert not [t for t in texts(r) if "Law 27 governs" in t and f"the call {seat} meant" in t], name
        saying(r, "25A2", "Law 37 governs it")
        assert lines(r, "37B1") and not lines(r, "27A1"), name


# ---------------------------------------------------------------- sweep faults: a status that ignores a later call

def test_a_25a6_withdrawal_replaced_later_is_not_said_to_stand():
    for name in ("law25-a6-withdrawal-then-replaced-again-is-a-change-of-call",
                 "law25-a6-sweep-61059-withdrawal-pass-later-replaced-by-4d"):
        _, r = checked(name)
        assert not [ln for ln in lines(r, "25A6", "call-stands")], name
        saying(r, "25A6", "which Law 25 deals with")


def test_17d3_does_not_cancel_the_missed_players_own_pass():
    for name, ev in (("law17-d3-passes-cancelled-up-to-the-apparent-end-missed-players-pass-stands", 8),
                     ("law17-d3-sweep-61369-the-missed-players-later-pass-is-not-cancelled", 11)):
        _, r = checked(name)
        assert not [t for t in texts(r) if "every pass after it" in t], name
        assert r.status.get(ev) in (None, "stands"), (name, r.status)

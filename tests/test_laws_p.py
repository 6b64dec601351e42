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

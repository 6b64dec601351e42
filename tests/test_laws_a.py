"""Helper laws-a's fixes on Laws 16-27: the words and standing of lines that the cases'
expect: codes (cite + outcome) do not show."""
from __future__ import annotations


import pytest

from bridge_director.ruling.grid import tell_the_table

from repo_cases import lines, ruled, saying  # tests/repo_cases.py


# 25B: a change of call that may be cancelled or accepted says that Law 26 may apply
@pytest.mark.parametrize("name, cite", [
    ("published/ebu-forums/law31-c-second-bid-at-lhos-turn-is-a-change-of-call", "25B2"),
    # (law16c-3-kind-of-score-partner-uses-cancelled-change-assigned left: its auction ended with
    # South declaring, so its 25A2 line says no 26B follows: laws-h, tester11 row 36)
    ("law25-b-intent-not-stated-branch-says-law-26", "25B2"),
    ("law25-b-change-of-mind-said-law-26-may-apply", "25A2"),
    ("law25-a4-slip-changed-after-partner-called-law-26", "25A4"),
])
def test_25b_lines_say_law_26_may_apply(name, cite):
    saying(ruled(name), cite, "Law 26 may apply")


# 21B2: the misinforming side's call withdrawn under 21B2 is an offending player's withdrawn call
@pytest.mark.parametrize("name, cite, words", [
    ("law21-b2-26b-lho-change-not-comparable-lead-restriction", "26B", "3NT is not comparable to the withdrawn 1H"),
    ("law21-b2-26b-lho-change-comparability-not-stated", "26B", "Unless 2S is comparable to the withdrawn 1H (26A)"),
    ("law21-b2-26a-lho-change-comparable-no-lead-restriction", "26A", "2H is comparable to the withdrawn 1H: no lead restrictions"),
])
def test_21b2_withdrawn_call_gets_its_law_26_line(name, cite, words):
    saying(ruled(name), cite, words)


# 16C3 and 23C: the adjustment names its Law 12 kind, with its own law in the line
@pytest.mark.parametrize("name, law", [
    ("law16c-3-kind-of-score-offender-uses-own-withdrawn-ib-weighted", "(16C3)"),
    ("law16c-3-kind-of-score-partner-uses-cancelled-change-assigned", "(16C3)"),
    ("law16c-3-kind-of-score-27b4-partner-uses-withdrawn-bids", "(16C3)"),
    ("law16c-2-misinforming-side-uses-the-changed-call", "(16C3)"),
    ("published/ebu-forum/law27-b1b-1d-response-over-1d-overcall-replaced-by-2d-cue", "(27D, 23C)"),
])
def test_the_adjustment_says_its_law_12_kind(name, law):
    r = ruled(name)
    kinds = [ln.text for ln in r.lines if ln.cite.startswith("12C1") and law in ln.text]
    assert kinds, [ln.text for ln in r.lines if ln.cite.startswith("12C")]


def test_16c2_use_of_an_insufficient_bid_withdrawn_by_replacement_is_judged():
    r = ruled("law16c-3-kind-of-score-offender-uses-own-withdrawn-ib-weighted")
    assert [ln.text for ln in lines(r, "16C2", "irregularity")] == [
        "E's 3D was demonstrably suggested by their own withdrawn 1C, and another call was a logical "
        "alternative: an infraction of 16C2, which binds both members of the offending side."]


def test_27b4_use_of_withdrawn_bids_is_judged_once():
    r = ruled("law16c-3-kind-of-score-27b4-partner-uses-withdrawn-bids")
    assert len(lines(r, "16C2", "irregularity")) == 1
    assert len(lines(r, "16C3")) == 1


# 16B in the play: said, with what the director judges, and 73E2 left to the book
def test_hesitation_in_the_play_gets_its_16b_lines():
    r = ruled("law16b-hesitation-during-play-partner-ui-73-not-covered")
    [ui] = lines(r, "16B1", "information-unauthorised-to-partner")
    assert ui.text.startswith("What E conveyed in the play is unauthorised information to W")
    [need] = lines(r, "16B1(a)", "judgement-needed")
    assert "later play of W" in need.text
    [adj] = lines(r, "16B3", "adjust-if-damaged")
    assert "(12C1)" in adj.text
    [book] = lines(r, "73E2", "not-covered-yet")
    assert "applies it from the book" in book.text
    assert "What East showed during the play is unauthorised information to West" in tell_the_table(r)[0]


def test_remark_in_the_play_during_the_play_adjusts_at_the_end():
    r = ruled("law16b-remark-during-play-director-called-at-once")
    assert [ln.text for ln in lines(r, "12C1(b)")][0].startswith("If the director adjusts at the end of play (16B3)")


# 21B1(a): corrected while the partner had not yet called: changeable then, kept, no 21B3
@pytest.mark.parametrize("name, seat, call", [
    ("law21-b1a-correction-before-partner-called-pass-kept", "E", "Pass"),
    ("law21-b1a-correction-one-call-too-late-one-kept", "W", "2S"),
    ("published/ebu-forum/law21-b1a-change-offered-and-declined-no-later-redress", "W", "Pass"),
])
def test_call_kept_after_a_timely_correction_has_no_21b3(name, seat, call):
    r = ruled(name)
    kept = [ln.text for ln in lines(r, "21B1(a)", "call-stands")]
    assert any(t.startswith(f"{seat} kept {call} once correctly informed: it stands, and as it was not too late to change it, 21B3 gives no adjustment for that call;")
               and "the director judges at the end of play" in t for t in kept), kept
    assert not any(f"since {call}: too late" in ln.text and ln.text.startswith(f"{seat}'s partner")
                   for ln in lines(r, "21B3"))


def test_correction_after_partner_called_is_too_late():
    r = ruled("law21-b3-correction-after-partner-called-too-late")
    assert any(ln.text.startswith("E's partner has called since Pass: too late to change it")
               for ln in lines(r, "21B3", "adjust-if-damaged"))
    assert not lines(r, "21B1(a)", "change-allowed")


# 27C: LHO called over the premature replacement: asked, both branches, never "may still accept"
def test_lho_call_over_premature_replacement_is_asked_with_both_branches():
    r = ruled("law27-c-lho-calls-over-the-replacement")
    assert not lines(r, "27C", "option-accept")
    [need] = lines(r, "27A1", "judgement-needed")
    assert "the Laws do not settle" in need.text
    branches = {ln.branch for ln in r.lines if ln.branch}
    assert {"if S's 3H accepted 1D", "if S's 3H did not accept 1D"} <= branches, branches
    settled = [ln for ln in r.lines if ln.cite in ("27B2", "26B", "72C") and not ln.option]
    assert not settled, [(ln.cite, ln.text) for ln in settled]
    assert not any("West must pass" in t for t in tell_the_table(r))


def test_lho_call_found_to_accept_cancels_the_replacement():
    r = ruled("law27-c-lho-call-over-the-replacement-found-to-accept")
    assert lines(r, "27A1", "call-accepted") and lines(r, "27C", "call-cancelled")
    assert not lines(r, "27B2")
    assert "South's 3H accepted East's 1D" in " ".join(tell_the_table(r)) or any(
        "accepted 1D" in t for t in tell_the_table(r)), tell_the_table(r)


def test_lho_call_found_not_to_accept_settles_27b2():
    r = ruled("law27-c-lho-call-over-the-replacement-found-not-to-accept")
    assert [ln for ln in lines(r, "27B2", "partner-must-pass-rest") if not ln.option]
    assert not lines(r, "27C", "option-accept")
    assert any("West must pass" in t for t in tell_the_table(r)), tell_the_table(r)


# 25A6: the call LHO withdraws after a slip is unauthorised to the slip-maker's side
@pytest.mark.parametrize("name, seat, call", [
    ("law25-a6-lho-withdrawn-call-used-by-the-slip-side", "W", "2S"),
    ("law25-a6-slip-maker-uses-lhos-withdrawn-call", "E", "3H"),
])
def test_slip_side_use_of_lhos_withdrawn_call_is_an_infraction(name, seat, call):
    r = ruled(name)
    # the slip-maker's own withdrawn slip is unauthorised to their side too (16C2, since
    # published2 2026-12-05): a call suggested may be judged against both; the 25A6 line is one
    [bad] = [ln for ln in lines(r, "16C2", "irregularity") if "(25A6)" in ln.text]
    assert bad.text.startswith(f"{seat}'s {call} was demonstrably suggested by S's withdrawn X, unauthorised to EW (25A6)")
    assert any("(16C3)" in ln.text for ln in r.lines if ln.cite.startswith("12C1"))


def test_lho_side_may_use_its_own_withdrawn_call():
    r = ruled("law25-a6-lho-side-uses-its-own-withdrawn-call")
    assert not lines(r, "16C2", "irregularity") and not lines(r, "16C3")
    [ok] = lines(r, "25A6", "information-authorised")
    assert ok.text == "S's withdrawn X is authorised information to N's side (25A6): N's 2NT may use it."

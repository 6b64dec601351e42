"""Helper published2's fixes from the published rulings found on 2026-12-05 (the tenth session):
each test names the published case that showed the fault and other cases of the same kind."""
from __future__ import annotations

import pytest

from repo_cases import lines, ruled, the_line  # tests/repo_cases.py


# 16B3 (1996 Spring NABC, case 1): a 16B1(a) infraction the director finds did no damage ends
# in a line saying the table result stands, whether the finding is written on the information's
# event or on the call that infringed, and whether or not the infraction itself was judged; no
# 'adjust if damaged' line and no Law 12 kind of score beside it.
@pytest.mark.parametrize("name, seat, call", [
    ("published/acbl-nabc/law16b-slow-double-of-4c-north-pulls-to-5h-no-damage-result-stands", "N", "5H"),
    ("law16b3-no-damage-judged-on-the-call-table-score-kept", "S", "4H"),
    ("law16b3-no-damage-infraction-not-judged-table-score-kept", "W", "4S"),
])
def test_16b3_no_damage_result_stands(name, seat, call):
    r = ruled(name)
    got = the_line(r, "16B3", "result-stands")
    assert not got.branch
    assert f"{seat}'s {call}" in got.text and "the table result stands" in got.text
    assert not lines(r, "16B3", "adjust-if-damaged")
    assert not [ln for ln in r.lines if ln.cite.startswith("12C1")]
    assert not lines(r, "16B1(a)", "judgement-needed")


# 16B3 (BLML 2015, Herman De Wael): after play, the information judged not to have suggested
# partner's calls and no other adjustment in view: the table result stands. Where the same
# event damaged the opponents as misinformation (75B1 adjusts), no such line is given.
@pytest.mark.parametrize("name, receiver, stands", [
    ("published/blml/law16b-dealer-passes-then-says-he-meant-something-else-partner-overcalls-and-passes-4s", "S", True),
    ("published/mrbridge-forum/law21-a-overcall-2h-pulled-for-2d-explained-as-natural-hearts-no-misinformation", "E", True),
    ("law16b3-no-infraction-but-misinformation-damaged-no-16b3-line", "E", False),
])
def test_16b3_no_infraction_after_play_result_stands(name, receiver, stands):
    r = ruled(name)
    if stands:
        got = the_line(r, "16B3", "result-stands")
        assert not got.branch and f"No call of {receiver}'s" in got.text
    else:
        assert lines(r, "16B3", "result-stands") == [] and lines(r, "75B1", "adjust-if-damaged")


# 25A1 (EBL TD school, Orebro 2011): the unintended call put right is withdrawn; 25A1 lifts the
# lead restrictions only, so 16C2 makes it unauthorised to the slip-maker's partner.
@pytest.mark.parametrize("name, partner, call", [
    ("published/ebl-td-workshop/law25-a6-double-card-for-stop-lho-bid-over-it", "N", "X"),
    ("published/ebu-forum/law25-a6-double-card-for-stop-south-bid-over-it", "W", "X"),
    ("law25-a1-a6-slip-changed-after-lho-called", "S", "1D"),
])
def test_25a1_withdrawn_slip_unauthorised_to_partner(name, partner, call):
    r = ruled(name)
    got = the_line(r, "16C2", "information-unauthorised-to-offenders")
    assert f"The withdrawn {call} is unauthorised information to {partner}" in got.text
    assert lines(r, "25A1", "no-lead-restriction")


# 16B1 names questions (BBO forums, "Disputed opening lead"): a question asked at the asker's own
# turn is unauthorised information to partner, whose later call or lead is judged as for a
# remark; a question Law 20 already found improper says so once, not twice.
@pytest.mark.parametrize("name, receiver, judged", [
    ("published/bbo-forum/law16b-questions-about-a-short-1c-then-pass-partner-leads-a-club-adjusted", "E", True),
    ("law20-g-question-with-a-proper-purpose", "W", False),
    ("law20-f1-question-at-partners-turn", "N", False),
])
def test_question_is_unauthorised_to_partner(name, receiver, judged):
    r = ruled(name)
    got = the_line(r, "16B1", "information-unauthorised-to-partner")
    assert got.who == receiver and "question" in got.text
    if judged:
        assert lines(r, "16B1(a)", "irregularity") and lines(r, "16B3", "adjust-if-damaged")


# 25A1 and 16C2: partner's later call suggested by the withdrawn slip over a logical
# alternative is an infraction, adjusted under 16C3 (the withdrawn-call machinery reads the
# slip as it reads an insufficient bid replaced under 27B).
def test_25a1_withdrawn_slip_used_by_partner_is_16c2_infraction():
    r = ruled("law25-a1-16c2-partner-uses-the-withdrawn-slip")
    assert "withdrawn 2S" in the_line(r, "16C2", "irregularity").text
    assert lines(r, "16C3", "adjust-if-damaged")


# 25A4 with 25B1/25B2 (BBO forum 'Making a Call - EBU'): a slip its maker tries to put right only
# after partner has called and the auction has ended (a passed-out board, or three passes after
# a bid) cannot be changed, and no one is left to call over the new call to accept it: it is
# cancelled and the slip stands; no '25B' acceptance option is offered.
@pytest.mark.parametrize("name, seat, new, old", [
    ("published/bbo-forum/law25-a4-pass-card-for-the-stop-card-partners-pass-ends-the-passout", "S", "3H", "Pass"),
    ("law25-a4-slip-offered-after-the-auction-ended-no-one-can-accept", "W", "4D", "4C"),
])
def test_25a4_slip_offered_after_auction_ended_is_cancelled(name, seat, new, old):
    r = ruled(name)
    assert "no one can call over" in the_line(r, "25A4", "change-not-allowed").text
    assert f"{new} is cancelled; {old} stands" in the_line(r, "25B2", "call-cancelled").text
    assert not [ln for ln in r.lines if ln.cite == "25B1"]
    assert not [ln for ln in r.lines if ln.branch]
    assert lines(r, "25B3", "information-unauthorised-to-offenders")


# While the auction goes on, a change offered after partner has called still gets the 25B
# option (LHO may accept it by calling over it): a meant pass over 2H (BBO forum, 'Legal change
# of call?') and a mispull found after partner's jump (District 17).
@pytest.mark.parametrize("name", [
    "published/bbo-forum/law25-a2-inattentive-pass-over-2h-south-wants-to-bid-3d",
    "published/d17-acbl/law25-a4-mispull-1s-for-1h-partner-has-jumped-to-4s",
])
def test_change_offered_while_auction_goes_on_keeps_25b_option(name):
    r = ruled(name)
    assert lines(r, "25B1", "option-accept")
    assert lines(r, "25B2", "call-cancelled")

"""Helper published4's fixes from the published rulings found on 2026-12-05 (the twelfth
session): each test names the published cases that showed the fault and other cases of the
same kind (docs/open-faults/published-2026-12-05.md, "twelfth session")."""
from __future__ import annotations

import pytest

from repo_cases import lines, ruled  # tests/repo_cases.py


# 16C after a call out of rotation at partner's (or LHO's) turn, cancelled and then replaced by
# a call that is not comparable: 30B1/31B1/32B1 say at the cancellation that the withdrawn call
# is unauthorised to the offending side (16C2) and authorised to the other (16C1); the
# not-comparable rules said both again, as if there were two pieces of information (open list:
# "the 31B published cases' repeated 16C1/16C2 lines"). At RHO's turn (31A2(b), 32A2(b)) the
# not-comparable rule is the only one to say it, and still does.
@pytest.mark.parametrize("name", [
    "published/nzb-forum/law31-b-2nt-at-partners-turn-then-3nt-not-comparable",
    "published/wbf-commentary/law31-b-short-club-at-partners-turn-2nt-not-comparable",
    "published/ebu-forum/law31-b-1nt-at-partners-turn-dealer-opens-2c-offender-relays-2d-not-comparable",
    "published/bbo-forum/law31-b-1d-opened-at-partners-turn-multi-then-pass-or-correct-2h-not-comparable",
    "law30-b1-pass-at-partners-turn-then-non-comparable-bid-16c-said-once",
    "law32-b-double-at-partners-turn-then-non-comparable-bid-16c-said-once",
    "law31-a2b-bid-at-rhos-turn-then-non-comparable-bid-16c-still-said",
])
def test_cancelled_call_16c_said_once(name):
    r = ruled(name)
    shown = [(ln.cite, ln.code, ln.branch, ln.text) for ln in r.lines]
    assert len(lines(r, "16C2", "information-unauthorised-to-offenders")) == 1, shown
    assert len(lines(r, "16C1", "information-authorised-to-non-offenders")) == 1, shown


# 16B1(b) beside 16B1(a): after one piece of unauthorised information, a call judged to have had
# no logical alternative (no infraction) and another call or play judged an infraction (16B3
# adjusts). The first call's line said "the result stands", contradicting the adjustment
# (NSWBA appeal 1 of 2014: South's double had no logical alternative, South's 4S did).
@pytest.mark.parametrize("name, clean, infraction", [
    ("published/nswba-appeals/law16b-slow-pass-of-3h-double-allowed-then-raise-to-4s-adjusted-to-3s", "S's X", "S's 4S"),
    ("law16b-no-la-for-first-call-later-call-infraction-no-result-stands", "N's 3H", "N's 4H"),
    ("law16b-no-la-for-pass-then-lead-infraction-no-result-stands", "N's Pass", "the play N chose"),
])
def test_no_result_stands_beside_another_infraction(name, clean, infraction):
    r = ruled(name)
    shown = [(ln.cite, ln.code, ln.branch, ln.text) for ln in r.lines]
    assert lines(r, "16B3", "adjust-if-damaged") or lines(r, "16B3", "adjusted-score"), shown
    ok = [ln for ln in r.lines if ln.cite == "16B1(b)" and ln.code == "call-stands"]
    assert len(ok) == 1 and clean in ok[0].text and infraction in ok[0].text, shown
    assert not any("result stands" in ln.text for ln in r.lines if not ln.branch), shown


# A first call with no logical alternative and nothing else judged an infraction still says the
# result stands (the kind's other side).
def test_no_la_alone_still_says_result_stands():
    r = ruled("published/bbo-forum/law16b-slow-pass-over-weak-2s-partner-reopens-pass-not-a-logical-alternative")
    ok = [ln for ln in r.lines if ln.cite == "16B1(b)" and ln.code == "call-stands"]
    assert len(ok) == 1 and "the result stands" in ok[0].text


# 21A: a missing alert the director finds was not due is no misinformation; the reason is not
# always a mistaken call (USBF 2012 USWBC appeal 1: a constructive raise needs no alert).
def test_missing_alert_not_due_is_not_said_to_be_a_mistaken_call():
    r = ruled("published/usbf-appeals/law21-a-constructive-2h-raise-not-alerted-alert-not-required-table-result-restored")
    got = lines(r, "21A", "no-redress")
    assert len(got) == 1 and "no alert was due" in got[0].text
    assert "the call, not the missing alert, was the mistake" not in got[0].text
    assert not lines(r, "21B1(a)", "irregularity")


# 21B1(b): the director looked for evidence of the agreement (card, notes) and found none either
# way: the presumption of a mistaken explanation is then the finding, cited, not a question
# (NSWBA appeal 1 of 2006, TWERB 2S with no notes); with misinformation found on no evidence the
# ruling cites the presumption beside 21B1(a); for a missing alert the missing alert is presumed
# the mistake; a finding of "no misinformation" on no evidence is put back, not ruled on.
@pytest.mark.parametrize("name", [
    "published/nswba-appeals/law21-b1b-twerb-2s-explained-as-spades-or-minors-no-documentation-presumed-mistaken-explanation",
    "law21-b1b-no-evidence-found-presumption-is-the-finding",
])
def test_no_evidence_the_presumption_is_the_finding(name):
    r = ruled(name)
    shown = [(ln.cite, ln.code, ln.branch, ln.text) for ln in r.lines]
    got = lines(r, "21B1(b)", "presume-mistaken-explanation")
    assert len(got) == 1 and "no evidence" in got[0].text, shown
    assert not any("Find out" in ln.text for ln in r.lines if ln.cite == "21B1(b)"), shown


def test_misinformation_found_without_evidence_cites_the_presumption():
    r = ruled("law21-b1b-misinformation-found-without-evidence-cites-the-presumption")
    assert lines(r, "21B1(a)", "irregularity")
    got = lines(r, "21B1(b)", "presume-mistaken-explanation")
    assert len(got) == 1 and "rests on the presumption" in got[0].text


def test_missing_alert_without_evidence_presumed_the_mistake():
    r = ruled("law21-b1b-failure-to-alert-no-evidence-missing-alert-presumed")
    assert lines(r, "21B1(a)", "irregularity")
    got = lines(r, "21B1(b)", "presume-mistaken-explanation")
    assert len(got) == 1 and "missing alert, not the call" in got[0].text


def test_no_misinformation_on_no_evidence_is_put_back():
    r = ruled("law21-b1b-no-misinformation-found-without-evidence-checked")
    assert not lines(r, "21A", "no-redress")
    got = lines(r, "21B1(b)", "procedure-required")
    assert len(got) == 1 and "presumes a mistaken explanation" in got[0].text

"""laws-h: tester11's faults (docs/open-faults/tester11.md).

Rows 12-15 (WRONG): a waiver of the rectification of an inadmissible call (Laws 36-38) that
the director may allow under 10B. No inadmissible call can stand (36B1, 37B1, 38A-38B; Law 32's
preamble), so the call is cancelled and replaced on either branch; what the waiver can lift is
the rest (the bar on the offender's partner or side, 72C, 26B): stated only where the director
cancels the waiver, never beside the branch that lifts it.
"""
from __future__ import annotations

import pytest

from bridge_director.session import api
from bridge_director.session.draft import Draft

from repo_cases import rule_case

ALLOWS = "if the director allows the waiver"
CANCELS = "if the director cancels the waiver"
# what a waiver can lift: never settled while the 10B question is open or once it is allowed
LIFTED = {"partner-must-pass-rest", "offenders-must-pass-rest", "adjust-if-offender-could-have-known",
          "lead-restriction-possible", "assigned-adjusted-score"}
LIFTED_CITES = {"36B2", "36B3", "36B4", "37B2", "38C", "38D", "72C", "26B", "12C1(b)"}


def _settled(r):
    return [ln for ln in r.lines if not ln.branch and not ln.option]


def _of_the_call(r):
    """The ruling's lines, less those on another irregularity (30A's 72C for an earlier pass
    out of rotation, in the Law 37 cases)."""
    return [ln for ln in r.lines if "pass out of rotation" not in ln.text]


OPEN = (
    # name, the call's cancellation, its replacement, the cancel-branch lines
    ("law36-b-waiver-before-lho-calls-not-judged", ("36B1", "call-cancelled"), ("36B2", "offender-must-replace"),
     {("10B", "rectification-cancelled"), ("36B2", "partner-must-pass-rest"), ("72C", "adjust-if-offender-could-have-known"),
      ("12C1(b)", "assigned-adjusted-score"), ("26B", "lead-restriction-possible")}),
    ("law36-b-redouble-waiver-before-lho-calls-not-judged", ("36B1", "call-cancelled"), ("36B2", "offender-must-replace"),
     {("10B", "rectification-cancelled"), ("36B2", "partner-must-pass-rest"), ("72C", "adjust-if-offender-could-have-known"),
      ("12C1(b)", "assigned-adjusted-score"), ("26B", "lead-restriction-possible")}),
    ("law36-b4-double-out-of-rotation-waiver-not-judged", ("36B1", "call-cancelled"), ("36B4", "auction-reverts"),
     {("10B", "rectification-cancelled"), ("36B4", "partner-must-pass-rest"), ("72C", "adjust-if-offender-could-have-known"),
      ("12C1(b)", "assigned-adjusted-score"), ("26B", "lead-restriction-possible")}),
    ("law37-b-waiver-before-lho-calls-not-judged", ("37B1", "call-cancelled"), ("37B2", "pass-substituted"),
     {("10B", "rectification-cancelled"), ("37B2", "offenders-must-pass-rest"), ("72C", "adjust-if-offender-could-have-known"),
      ("12C1(b)", "assigned-adjusted-score"), ("26B", "lead-restriction-possible")}),
    ("law38-waiver-before-lho-calls-not-judged", ("38B", "call-cancelled"), ("38C", "pass-substituted"),
     {("10B", "rectification-cancelled"), ("38C", "offenders-must-pass-rest"), ("72C", "adjust-if-offender-could-have-known"),
      ("12C1(b)", "assigned-adjusted-score"), ("26B", "lead-restriction-possible")}),
    # LHO called after the waiver: 38D takes 72C and 26B away; the bar is still the waiver's
    ("law38-b-lho-waives-the-bid-above-seven-and-calls-over-it", ("38B", "call-cancelled"), ("38C", "pass-substituted"),
     {("10B", "rectification-cancelled"), ("38C", "offenders-must-pass-rest")}),
)


@pytest.mark.parametrize("name,cancelled,replaced,cancel_branch", OPEN, ids=[o[0] for o in OPEN])
def test_an_open_waiver_of_an_inadmissible_call_states_the_rest_only_on_the_cancel_branch(name, cancelled, replaced, cancel_branch):
    case, r = rule_case(name)
    assert api.check(case, r).passed
    settled = {(ln.cite, ln.code) for ln in _settled(r) if ln in _of_the_call(r)}
    # the call can never stand: cancelled and replaced on both branches, so settled
    assert cancelled in settled and replaced in settled
    # nothing the waiver can lift is stated as settled
    assert not {(c, k) for c, k in settled if k in LIFTED}, settled
    # the two branches: the rest of the law only where the director cancels the waiver
    assert {(ln.cite, ln.code) for ln in r.lines if ln.branch == CANCELS} == cancel_branch
    allows = [ln for ln in r.lines if ln.branch == ALLOWS]
    assert [(ln.cite, ln.code) for ln in allows] == [("10B", "rectification-allowed")]
    assert "still cancelled" in allows[0].text and "need not pass for the rest of the auction" in allows[0].text
    # never the generic branch "what the players did stands"
    assert not any("stands; the auction goes on from there" in ln.text for ln in r.lines)
    # the question is asked, with its key
    assert [(ln.cite, ln.code) for ln in r.lines if ln.code == "judgement-needed" and ln.cite == "10B"] == [("10B", "judgement-needed")]


ALLOWED = (
    ("law36-b-waiver-before-lho-calls-director-allows", "N need not pass"),
    ("law36-b-redouble-waiver-before-lho-calls-director-allows", "E need not pass"),
    ("law36-b4-double-out-of-rotation-waiver-director-allows", "N need not pass"),
    ("law37-b-waiver-before-lho-calls-director-allows", "W need not pass"),
    ("law38-waiver-before-lho-calls-director-allows", "E and W need not pass"),
)


@pytest.mark.parametrize("name,words", ALLOWED, ids=[a[0] for a in ALLOWED])
def test_an_allowed_waiver_lifts_only_the_further_rectification(name, words):
    case, r = rule_case(name)
    assert api.check(case, r).passed
    codes = {ln.code for ln in _of_the_call(r)}
    assert not codes & LIFTED, codes & LIFTED
    assert not [ln for ln in r.lines if ln.branch]
    allowed = [ln for ln in r.lines if ln.code == "rectification-allowed"]
    assert len(allowed) == 1 and allowed[0].cite == "10B"
    assert words in allowed[0].text and "still cancelled" in allowed[0].text
    # the call is still cancelled
    assert any(ln.code == "call-cancelled" for ln in _settled(r))


CANCELLED = (
    ("law36-b-waiver-before-lho-calls-director-cancels", {("36B2", "partner-must-pass-rest"), ("26B", "lead-restriction-possible")}),
    ("law37-b-waiver-before-lho-calls-director-cancels", {("37B2", "offenders-must-pass-rest"), ("26B", "lead-restriction-possible")}),
    ("law38-waiver-before-lho-calls-director-cancels", {("38C", "offenders-must-pass-rest"), ("26B", "lead-restriction-possible")}),
)


@pytest.mark.parametrize("name,rest", CANCELLED, ids=[c[0] for c in CANCELLED])
def test_a_cancelled_waiver_gives_the_whole_rectification_settled(name, rest):
    case, r = rule_case(name)
    assert api.check(case, r).passed
    settled = {(ln.cite, ln.code) for ln in _settled(r)}
    assert rest <= settled
    assert ("10B", "rectification-cancelled") in settled
    assert not any(ln.code == "rectification-allowed" for ln in r.lines)


def _later_bid_by_partner(allowed):
    d = Draft(board=1)
    d.add_calls("1S P X")
    d.add_event({"happened": "rectification-by-players", "by": "W", "offender": "S", "how": "waived"})
    d.add_event({"director": "called"})
    d.judge("event 3 unintended", False)
    if allowed is not None:
        d.judge("event 4 allowed", allowed)
    d.add_calls("2D P 2S")      # South's legal call, West passes, North bids
    return d.rule()


def test_partner_bids_later_barred_only_when_the_waiver_is_cancelled():
    allowed = _later_bid_by_partner(True)
    assert not any(ln.cite in ("35B", "37B1") for ln in allowed.lines)
    cancelled = _later_bid_by_partner(False)
    assert [ln.cite for ln in cancelled.lines if ln.code == "irregularity" and ln.cite == "35B"] == ["35B"]


def test_a_bid_above_seven_that_was_meant_gets_no_25b_options_and_no_it_stands():
    case, r = rule_case("law38-meant-bid-above-seven-waived-then-lho-called")
    assert api.check(case, r).passed
    assert not any(ln.cite in ("25B1", "25B2", "25B3") for ln in r.lines)
    assert not any("it stands" in ln.text for ln in r.lines)
    meant = [ln for ln in r.lines if ln.cite == "25A2" and ln.code == "change-not-allowed"]
    assert len(meant) == 1 and "Law 25 does not help" in meant[0].text

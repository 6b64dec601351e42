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

from repo_cases import checked, rule_case

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
    case, r = checked(name)
    settled = {(ln.cite, ln.code) for ln in _settled(r) if ln in _of_the_call(r)}
    # the call can never stand: cancelled and replaced on both branches, so settled
    assert cancelled in settled and replaced in settled
    # nothing the waiver can lift is stated as settled
    assert not {(c, k) for c, k in settled if k in LIFTED}, settled
    # the two branches: the rest of the law only where the director cancels the waiver
    assert {(ln.cite, ln.code) for ln in r.lines if ln.branch == CANCELS} == cancel_branch
    allows = [ln for ln in r.lines if ln.branch == ALLOWS]
    assert [(ln.cite, ln.code) for ln in allows] == [("10B", "rectification-allowed")]
    assert "still cancelled" in allows[0].text and "not barred for the rest of the auction by this call" in allows[0].text
    # never the generic branch "what the players did stands"
    assert not any("stands; the auction goes on from there" in ln.text for ln in r.lines)
    # the question is asked, with its key
    assert [(ln.cite, ln.code) for ln in r.lines if ln.code == "judgement-needed" and ln.cite == "10B"] == [("10B", "judgement-needed")]


ALLOWED = (
    ("law36-b-waiver-before-lho-calls-director-allows", "N is not barred"),
    ("law36-b-redouble-waiver-before-lho-calls-director-allows", "E is not barred"),
    ("law36-b4-double-out-of-rotation-waiver-director-allows", "N is not barred"),
    ("law37-b-waiver-before-lho-calls-director-allows", "E and W are not barred"),
    ("law38-waiver-before-lho-calls-director-allows", "E and W are not barred"),
)


@pytest.mark.parametrize("name,words", ALLOWED, ids=[a[0] for a in ALLOWED])
def test_an_allowed_waiver_lifts_only_the_further_rectification(name, words):
    case, r = checked(name)
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
    case, r = checked(name)
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
    case, r = checked("law38-meant-bid-above-seven-waived-then-lho-called")
    assert not any(ln.cite in ("25B1", "25B2", "25B3") for ln in r.lines)
    assert not any("it stands" in ln.text for ln in r.lines)
    meant = [ln for ln in r.lines if ln.cite == "25A2" and ln.code == "change-not-allowed"]
    assert len(meant) == 1 and "Law 25 does not help" in meant[0].text


# ---------------------------------------------------------------- row 20: an opponent's call "explained"

def test_an_explanation_of_an_opponents_call_is_refused_at_load():
    from bridge_director.base.yamlpos import InputError, loads
    from bridge_director.case.load import from_data
    text = ("case: x\ntitle: t\nsource: s\nboard: 1\nevents:\n  - {seat: N, call: Pass}\n  - {seat: E, call: 1H}\n"
            "  - {happened: explanation, by: S, call: 1H}\n  - {seat: S, call: X}\n")
    with pytest.raises(InputError) as err:
        from_data(loads(text, "x.yaml"), "x.yaml")
    msg = str(err.value)
    assert "x.yaml:8" in msg and "only partner's calls" in msg and "1H was East's call" in msg
    assert "expected one of North's calls (Pass)" in msg
    # partner's own call explained: taken
    ok = text.replace("by: S, call: 1H", "by: W, call: 1H")
    assert from_data(loads(ok, "x.yaml"), "x.yaml").events[2].happened == "explanation"


# ---------------------------------------------------------------- rows 8, 9: a pass owed at the very turn of a free call

FORCED = (
    ("law31-a2-24b-forced-pass-is-the-call-ruled-on", "31A2(b)", "E"),
    ("law31-b2-24c-forced-pass-is-the-call-ruled-on", "31A2(b)", "W"),
    ("law32-a2-24b-forced-pass-is-the-call-ruled-on", "32A2(b)", "E"),
    ("law30-b1-24b-forced-pass-is-the-call-ruled-on", "30B1(b)(i)", "W"),
)


@pytest.mark.parametrize("name,cite,seat", FORCED, ids=[f[0] for f in FORCED])
def test_a_forced_pass_is_the_call_ruled_on_and_no_comparable_call_is_offered(name, cite, seat):
    case, r = checked(name)
    options = {ln.option for ln in r.lines if ln.option}
    assert options == {f"{seat} passes at their turn, as they must"}, options
    assert not any("makes a comparable call" in (ln.option or "") for ln in r.lines)
    ruled = [ln for ln in r.lines if ln.option and ln.cite == cite]
    assert len(ruled) == 1 and ruled[0].text.startswith(f"{seat} must pass at that turn")
    still = [ln for ln in r.lines if ln.cite == "35B" and ln.code == "offender-must-pass-next"]
    assert len(still) == 1 and still[0].who == seat


# ---------------------------------------------------------------- rows 4, 26, 36

def test_a_repeat_owed_is_told_as_past_once_the_offender_has_called():
    case, r = checked("law31-a1-repeat-owed-told-as-past-once-the-offender-passed")
    repeat = [ln.text for ln in r.lines if ln.cite == "31A1" and ln.code == "offender-must-repeat"]
    assert repeat == ["N passed: E had to repeat 1H at their next turn."]


def test_16b_branch_headings_name_the_seat():
    case, r = rule_case("law16b-branch-headings-name-the-seat")
    heads = {ln.branch for ln in r.lines if ln.branch and "suggest" in ln.branch}
    assert heads and all("'s " in h for h in heads), heads
    assert "if the information demonstrably suggested S's Pass, and another call was a logical alternative" in heads


def test_no_law_26_line_once_the_offender_of_a_change_of_mind_declares():
    case, r = checked("law25-b-change-of-mind-accepted-offender-becomes-dummy-no-law-26")
    assert not any("Law 26 may apply" in ln.text for ln in r.lines)
    said = [ln for ln in r.lines if ln.cite == "25A2"]
    assert len(said) == 1 and "side declaring, so no 26B lead restriction" in said[0].text


# ---------------------------------------------------------------- row 31: a chain of changes in the summary

def test_a_chain_of_changes_names_each_replaced_calls_own_event():
    from bridge_director.ruling.grid import auction
    d = Draft(board=1)
    d.add_calls("1S X")
    d.add_event({"seat": "E", "replaces": "X", "with": "2H"})
    d.add_event({"seat": "E", "replaces": "2H", "with": "3H"})
    d.add_event({"director": "called"})
    notes = auction(d.rule())["notes"]
    chain = [n for n in notes if "replaced by" in n]
    assert any(n.startswith("East's X (event 2): replaced by 2H (event 3)") for n in chain), chain
    assert any(n.startswith("East's 2H (event 3): replaced by 3H (event 4)") for n in chain), chain


# ---------------------------------------------------------------- a judgement typed on the wrong kind of event

def _load(text):
    from bridge_director.base.yamlpos import loads
    from bridge_director.case.load import from_data
    return from_data(loads(text, "x.yaml"), "x.yaml")


CASE = ("case: x\ntitle: t\nsource: s\nboard: 1\nevents:\n  - {seat: N, call: 1S}\n  - {seat: E, call: Pass}\n"
        "  - {seat: S, call: X}\n  - {happened: rectification-by-players, by: W, offender: S, how: waived}\n"
        "  - {director: called}\njudgement:\n")


@pytest.mark.parametrize("judgement,words", (
    ("  event 4 unintended: false\n", "'unintended' is judged on a call, but event 4 is rectification-by-players"),
    ("  event 3 allowed: true\n", "'allowed' is judged on a rectification-by-players event, but event 3 is a call X by S: expected event 4"),
    ("  event 2 partner-could-see: true\n", "'partner-could-see' is judged on a card-exposed event"),
))
def test_a_judgement_on_the_wrong_kind_of_event_is_refused(judgement, words):
    from bridge_director.base.yamlpos import InputError
    with pytest.raises(InputError) as err:
        _load(CASE + judgement)
    assert words in str(err.value) and "x.yaml:12" in str(err.value)


def test_a_judgement_on_the_right_kind_of_event_that_no_rule_reads_is_still_listed_as_not_used():
    case = _load(CASE + "  event 3 unintended: false\n  event 4 allowed: true\n  event 1 artificial: false\n")
    r = api.rule(case)
    assert [(u.event, u.prop) for u in r.unused] == [(1, "artificial")]


# ---------------------------------------------------------------- the waiver while the intent is still to ask

@pytest.mark.parametrize("name,call,bar", (
    ("law36-b-waiver-and-intent-both-open", "X", ("36B2", "partner-must-pass-rest")),
    ("law37-b-waiver-and-intent-both-open", "2H", ("37B2", "offenders-must-pass-rest")),
))
def test_with_the_intent_and_the_waiver_open_the_bar_is_on_the_branch_naming_both(name, call, bar):
    case, r = checked(name)
    meant = f"if {call} was the call they meant"
    assert bar not in {(ln.cite, ln.code) for ln in r.lines if ln.branch in ("", meant)}
    assert bar in {(ln.cite, ln.code) for ln in r.lines if ln.branch == meant + " and the director cancels the waiver"}
    allows = [ln for ln in r.lines if ln.branch == meant + " and the director allows the waiver"]
    assert [ln.code for ln in allows] == ["rectification-allowed"]
    assert not any("stands; the auction goes on from there" in ln.text for ln in r.lines)


def test_a_waiver_allowed_while_the_intent_is_open_is_said_on_the_meant_branch():
    case, r = checked("law36-b-waiver-allowed-intent-open")
    assert not {ln.code for ln in r.lines} & LIFTED
    allowed = [ln for ln in r.lines if ln.code == "rectification-allowed"]
    assert len(allowed) == 1 and allowed[0].branch == "if X was the call they meant"

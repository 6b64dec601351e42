"""laws-f: mis-rulings found by tester9 and tester8 in Laws 25, 26, 27, 29 and the lapse lines
of 37-39 (docs/open-faults/tester9.md, tester8.md), each fixed by kind. Each test fails on the
code before its fix."""
from __future__ import annotations

from bridge_director.audit.properties import faults
from bridge_director.case.load import load_case

from repo_cases import REPO_CASES, rule_case as _rule, texts as _texts  # tests/repo_cases.py


# ---------------------------------------------------------------- tester9 #9: 25A4, partner has called

def test_change_after_partner_called_asks_no_intent_and_has_no_slip_branch():
    # N 1S, E P, S 2S, then N offers 1NT for 1S. Before: "Was 1S the call North meant?" and a
    # slip branch "1NT takes its place (if South has not called since)".
    case, r = _rule("law25-a4-change-after-partner-called-intent-not-asked")
    assert not [ln for ln in r.lines if ln.code == "judgement-needed"]
    assert not [ln for ln in r.lines if ln.branch]
    said = _texts(r, cite="25A4")
    assert len(said) == 1 and said[0].startswith("S had already called since 1S: no call may be put in its place"), said
    assert [(ln.cite, ln.option) for ln in r.lines if ln.code in ("option-accept", "call-cancelled")] == [
        ("25B1", "E accepts 1NT"), ("25B2", "E does not accept 1NT")]
    assert faults(case, r) == []


def test_change_after_partner_called_grid_shows_the_offer_awaiting_a_decision():
    # the grid drew (1S)->1NT, 1S cancelled as if 1NT had taken its place
    from bridge_director.ruling.grid import auction, legend
    case, r = _rule("law25-a4-change-after-partner-called-intent-not-asked")
    a = auction(r)
    cell = a["rows"][0][1]
    assert cell["text"] == "1S→1NT?", cell
    assert a["notes"] == ["North's 1NT (event 4), offered in place of 1S: awaiting a player's decision"], a["notes"]
    assert "offered in place of X" in legend(a)
    assert {c.event: c.standing for c in r.calls}[1] == "awaiting-decision"


def test_double_changed_after_partner_called_same_kind():
    case, r = _rule("law25-a4-double-changed-after-partner-called-intent-not-asked")
    assert not [ln for ln in r.lines if ln.code == "judgement-needed"]
    assert [ln.cite for ln in r.lines if ln.code == "change-not-allowed"] == ["25A4"]


def test_barred_bid_standing_under_37a_then_changed_after_partner_called():
    # Before: a slip branch "(if West has not called since)" and a meant branch "Law 37 cancels
    # 2C (37B1)" beside the 37A line "2C ... stand".
    case, r = _rule("law37-a-25a4-barred-bid-stands-changed-after-partner-called-intent-not-asked")
    # (the one branch left: 16C2 on West's pass after East's cancelled pass, laws-m kind F)
    assert not [ln for ln in r.lines if ln.branch and ln.rule != "withdrawn-call-partners-next-call-not-judged"]
    assert not any(ln.cite == "37B1" for ln in r.lines)
    said = _texts(r, cite="25A4")
    assert len(said) == 1 and "Law 37A keeps it in the auction" in said[0], said
    assert [(ln.cite, ln.option) for ln in r.lines if ln.code in ("option-accept", "call-cancelled") and ln.option] == [
        ("25B1", "S accepts Pass"), ("25B2", "S does not accept Pass")]
    assert faults(case, r) == []


def test_change_after_partner_called_and_the_auction_ended_is_cancelled():
    case, r = _rule("law25-a1-slip-replacement-put-right-by-second-call-keeps-its-place")
    line = next(ln for ln in r.lines if ln.cite == "25A4")
    assert line.code == "call-cancelled" and "the auction had ended before 3C was offered" in line.text
    assert not any(ln.cite == "25A2" and ln.code == "judgement-needed" for ln in r.lines)
    assert {c.event: c.standing for c in r.calls}[7] == "cancelled"


def test_no_slip_branch_says_if_partner_has_not_called_since():
    # the condition is now settled by the rules: a slip branch is only given while it holds
    rules = REPO_CASES.parent / "rules"
    found = [p.name for p in rules.glob("law-*.yaml") if "has not called since)" in p.read_text()]
    assert found == []


# ---------------------------------------------------------------- tester9 #7: intent judged on the replacement

FIXTURES = REPO_CASES.parent / "tests" / "fixtures"


def test_intent_judged_on_the_replacement_is_refused_in_a_case_file():
    # Before: "1NT was not the call North meant" beside branches asking whether 1S was meant.
    import pytest
    from bridge_director.base.yamlpos import InputError
    with pytest.raises(InputError) as e:
        load_case(FIXTURES / "law25-a2-intent-judged-on-the-replacement-refused.yaml")
    msg = str(e.value)
    assert ":17:" in msg and "event 2 is North's 1NT, put in place of 1S (event 1)" in msg, msg
    assert "expected 'event 1 unintended'" in msg


def test_intent_judged_on_the_replacement_is_refused_on_the_command_line(capsys):
    from bridge_director.cli.main import main
    rc = main(["rule", "--board", "1", "-a", "1S 2H", "-e", "N 1S>1NT", "-e", "director",
               "-j", "event 3 unintended=no"])
    err = capsys.readouterr().err
    assert rc == 2 and "event 3 is North's 1NT" in err and "Traceback" not in err, err
    assert err.count("\n") == 1


def test_intent_judged_on_the_replacement_is_refused_in_the_draft_and_the_draft_is_kept():
    import pytest
    from bridge_director.base.yamlpos import InputError
    from bridge_director.session.draft import Draft
    d = Draft(board=1)
    d.add_calls("1S")
    d.add_event({"seat": "N", "replaces": "1S", "with": "1NT"})
    with pytest.raises(InputError):
        d.judge("N 1NT unintended", True)
    assert d.judgement == {}
    d.judge("N 1S unintended", True)             # the question as the ruling asks it
    assert d.case().judgements[0].event == 1


def test_intent_on_a_replacement_changed_again_is_still_taken():
    # the call put right in a chain (1C -> 1S -> 2S) is judged on its own event
    case = load_case(REPO_CASES / "law25-b1-accepted-substitute-changed-again.yaml")
    assert [(j.event, j.value) for j in case.judgements if j.prop == "unintended"] == [(1, False), (2, False)]
    case = load_case(REPO_CASES / "law25-a1-slip-replacement-put-right-by-second-call-keeps-its-place.yaml")
    assert any(j.event == 7 and j.prop == "unintended" for j in case.judgements)


# ---------------------------------------------------------------- tester9 #10 and the tester8 26B leftover

def test_acceptance_not_judged_after_the_auction_ended_each_branch_states_26b():
    # Before: each branch said only "Law 26 may apply", with North a defender and East declarer.
    case, r = _rule("law25-b1-26b-acceptance-not-judged-offender-defends-each-branch-states-26b")
    by_branch = {ln.branch: ln.text for ln in r.lines if ln.cite == "26B"}
    assert set(by_branch) == {"if E called over 1NT intentionally", "if E did not call over 1NT intentionally"}, by_branch
    assert by_branch["if E called over 1NT intentionally"].startswith(
        "The auction has ended with N a defender: unless 1NT is comparable to the withdrawn 1S (23A, 26A), E, declarer, may forbid S")
    assert "unless 1S, which stands, is comparable to the cancelled 1NT" in by_branch["if E did not call over 1NT intentionally"]
    assert faults(case, r) == []


def test_comparability_branches_after_the_auction_ended_say_the_condition_is_met():
    for name, branch in (
            ("law25-b1-26b-accepted-comparability-not-stated-offender-defends-condition-settled",
             "if 1NT is not comparable to 1S"),
            ("law25-b2-26b-cancelled-comparability-not-stated-offender-defends-condition-settled",
             "if 1S, which stands, is not comparable to the cancelled 1NT")):
        case, r = _rule(name)
        said = [ln.text for ln in r.lines if ln.cite == "26B" and ln.branch == branch]
        assert len(said) == 1 and said[0].startswith("The auction has ended with N a defender: E, declarer, may forbid S"), said
        assert not any("becomes a defender" in ln.text for ln in r.lines), name
        assert faults(case, r) == []


def test_the_settled_defender_check_catches_a_branch_line_kept_conditional():
    from types import SimpleNamespace
    from bridge_director.audit.properties import _settled_defender
    from bridge_director.base.record import replace
    case, r = _rule("law25-b1-26b-accepted-comparability-not-stated-offender-defends-condition-settled")
    assert _settled_defender(case, r) == []
    line = next(ln for ln in r.lines if ln.cite == "26B")
    old = replace(line, text="If N becomes a defender, declarer may forbid S one suit not specified by N in the "
                             "legal auction at S's first turn to lead, for as long as S keeps the lead (26B).")
    fake = SimpleNamespace(case=r.case, lines=[old], calls=r.calls, edition=r.edition, facts=r.facts)
    found = _settled_defender(case, fake)
    assert [f.kind for f in found] == ["condition"] and "auction ended at event 7" in found[0].detail


# ---------------------------------------------------------------- tester9 #3: 27B3 said only of a double or redouble

def test_a_bid_replacement_not_comparable_branch_has_no_27b3_note():
    case, r = _rule("law27-b2-not-comparable-bid-branch-has-no-27b3-note")
    line = next(ln for ln in r.lines if ln.branch == "if 3H is not comparable")
    assert (line.cite, line.text) == ("27B2", "W must pass whenever it is their turn; 26B lead restrictions may follow; see 72C.")
    assert not any("27B3" in ln.text or ln.cite == "27B3" for ln in r.lines)


def test_a_double_replacement_not_comparable_branch_cites_27b3():
    case, r = _rule("law27-b3-double-replacement-comparability-not-stated-branch-cites-27b3")
    line = next(ln for ln in r.lines if ln.branch == "if X is not comparable")
    assert line.cite == "27B3" and line.code == "call-cancelled"
    assert line.text.startswith("X is cancelled: E must still replace 1H with a legal bid or pass, and W must then pass")
    assert faults(case, r) == []


def test_a_premature_bid_replacement_line_has_no_27b3_note():
    # the same kind in 27C: "(a double or redouble put there is cancelled unless comparable, 27B3)"
    # was said of a bid or pass put prematurely in the insufficient bid's place
    for name in ("law27-c-premature-higher-bid-27b2-waits-for-lhos-choice", "law27-c-premature-pass-27b2-waits-for-lhos-choice"):
        case, r = _rule(name)
        said = [ln.text for ln in r.lines if ln.cite == "27C" and ln.code == "call-stands"]
        assert said and not any("27B3" in t for t in said), (name, said)
    case, r = _rule("law27-c-premature-double-lho-yet-to-choose")
    said = [ln.text for ln in r.lines if ln.cite == "27C" and ln.code == "call-stands"]
    assert said and all("cancelled unless it is comparable (27B3, 27B1(b))" in t for t in said), said


# ---------------------------------------------------------------- tester8 leftover: a meant branch's 26B line

def test_the_meant_branch_26b_line_says_the_auction_has_ended_with_the_offender_defending():
    # the pass put in place of West's 2H (37B2) ends the auction with West a defender
    case, r = _rule("law37-b-barred-players-bid-that-would-end-the-auction-intent-asked-kind-of-score-on-its-branch")
    said = [ln.text for ln in r.lines if ln.cite == "26B" and ln.branch == "if 2H was the call they meant"]
    assert said == ["The auction has ended with W a defender: N, declarer, may forbid E to lead one suit not specified by W "
                    "in the legal auction, at E's first turn to lead, for as long as E keeps the lead."], said
    for name in ("law24-b-37-barred-partner-bids-pass-would-end-the-auction-intent-asked",
                 "law36-b-redouble-intent-not-stated-kind-of-score-on-the-meant-branch",
                 "law38-c-37-barred-partner-doubles-pass-would-end-the-auction-intent-asked"):
        case, r = _rule(name)
        assert not any("becomes a defender" in ln.text for ln in r.lines if ln.branch), name
        assert faults(case, r) == [], name


# ---------------------------------------------------------------- tester8 leftovers: one acceptance, one line

def test_an_opening_out_of_turn_accepted_in_words_then_called_over_is_one_29a_line():
    case, r = _rule("law29-a-lho-accepts-the-opening-out-of-turn-in-words-then-calls")
    said = _texts(r, cite="29A", code="call-accepted")
    assert said == ["S accepts 1H: it stands as if it had been in turn, and the auction goes on from it."], said


def test_a_call_out_of_rotation_called_over_then_accepted_in_words_is_one_29a_line():
    # N called over West's pass (accepting it, 29A), and only then said so: no "N now calls"
    case, r = _rule("law27-c-premature-insufficient-replacement-before-the-refusal-keeps-its-place")
    said = _texts(r, cite="29A", code="call-accepted")
    assert said == ["N called over Pass and so accepted it: it stands as if it had been in turn, with no rectification."], said


def test_a_change_accepted_in_words_then_called_over_asks_nothing_more():
    case, r = _rule("law25-b1-lho-accepts-the-change-in-words-then-calls-one-line")
    assert _texts(r, cite="25B1", code="call-accepted") == ["E accepts 1NT: 1S is withdrawn and 1NT stands."]
    assert not [ln for ln in r.lines if ln.code == "judgement-needed" and ln.cite == "25B1"]
    assert not [ln for ln in r.lines if ln.cite == "25B2"]
    assert faults(case, r) == []


def test_the_sweep_25a5_item_is_a_25a4_case():
    # sweep-issue25 'Left': 1C P P P, 2C offered for 1C (a slip), 1NT at once: 25A5 said North
    # could still put the intended call in place, while 39A cancelled 1NT
    case, r = _rule("law25-a4-a5-offer-after-partner-passed-and-the-auction-ended-then-1nt-after-the-final-pass")
    assert not any(ln.cite == "25A5" for ln in r.lines)
    assert [ln.code for ln in r.lines if ln.cite == "25A4"] == ["call-cancelled"]
    assert {c.event: c.standing for c in r.calls}[6] == "cancelled"
    assert [(u.event, u.prop) for u in r.unused] == [(5, "unintended")]
    assert faults(case, r) == []

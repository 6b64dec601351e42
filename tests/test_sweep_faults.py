"""The faults the 50,000-case generated sweep of 2026-12-05 left, by kind
(docs/open-faults/sweep-2026-12-05.md), and the tester10 leftovers: each on a case of its kind
in cases/, with the property the sweep checks."""
from __future__ import annotations

import random

from bridge_director.audit.generate import generate_data
from bridge_director.audit.properties import faults
from bridge_director.case.load import from_data, intent_event
from bridge_director.ruling.questions import questions
from bridge_director.session import api

from repo_cases import REPO_CASES, rule_case, texts


def _faults(name: str) -> list:
    case, ruling = rule_case(name)
    return faults(case, ruling)


def test_the_26b_option_line_after_the_auction_ended_with_the_offender_defending():
    # condition ib-replacement-options (19 of 50,000): "If East becomes a defender" after the end
    name = "law27-b2-option-26b-line-after-the-auction-ended-offender-defends"
    _, r = rule_case(name)
    lead = [ln for ln in r.lines if ln.cite == "26B"]
    assert [ln.text for ln in lead] == [
        "The auction has ended with E a defender: N, declarer, may forbid W to lead one suit not "
        "specified by E in the legal auction, at W's first turn to lead, for as long as W keeps the lead."]
    assert lead[0].option.startswith("if S does not accept, E replaces 2C with any other sufficient bid")
    assert _faults(name) == []


def test_the_26b_option_line_after_the_auction_ended_with_the_offender_declaring():
    _, r = rule_case("law27-b2-option-26b-line-after-the-auction-ended-offender-declares")
    assert [(ln.code, ln.text) for ln in r.lines if ln.cite == "26B"] == [
        ("lead-restriction-does-not-arise",
         "The auction has ended with E's side declaring: E is not a defender, so no 26B lead restriction follows.")]


def test_the_26b_option_line_before_the_end_is_still_conditional():
    data = {"case": "x", "title": "x", "board": 10,
            "events": [{"seat": "E", "call": "2D"}, {"seat": "S", "call": "Pass"}, {"seat": "W", "call": "Pass"},
                       {"seat": "N", "call": "X"}, {"seat": "E", "call": "2C"}, {"director": "called"}]}
    r = api.rule(from_data(data, "inline"))
    assert [ln.text for ln in r.lines if ln.cite == "26B"] == [
        "If E becomes a defender, declarer may forbid W to lead one suit not specified by E in the legal "
        "auction, at W's first turn to lead, for as long as W keeps the lead."]


def test_the_meant_branch_of_an_inadmissible_redouble_gives_no_26b_line_once_passed_out():
    # condition 36B3 (seed 4514)
    name = "law36-b3-intent-not-stated-passed-out-by-a-later-replacement-no-26b-line"
    _, r = rule_case(name)
    assert not [ln for ln in r.lines if "becomes a defender" in ln.text]
    assert [ln.code for ln in r.lines if ln.cite == "22B"] == ["no-redeal"]
    assert _faults(name) == []


def test_a_change_not_accepted_puts_back_a_call_out_of_rotation_still_open_to_29a():
    # standing coc-intended-not-accepted (seed 4753): "1H stands and the auction goes on" while
    # 1H awaited East's 29A choice
    name = "law25-b2-change-not-accepted-first-call-out-of-rotation-still-open-to-29a"
    case, r = rule_case(name)
    assert texts(r, cite="25B2", code="call-cancelled") == [
        "Pass is cancelled, and N's 1H is back in its place: a call out of rotation, which E may accept or "
        "not (29A, 29B), as the options say."]
    assert {c.event: c.standing for c in r.calls} == {1: "awaiting-decision", 2: "cancelled"}
    assert _faults(name) == []


def test_a_change_not_accepted_of_a_call_in_turn_still_says_it_stands():
    events = [{"seat": "N", "call": "1H"}, {"seat": "N", "replaces": "1H", "with": "Pass"},
              {"seat": "E", "accepts": False, "call": "Pass"}, {"director": "called"}]
    r = api.rule(from_data({"case": "x", "title": "x", "board": 1, "events": events,
                            "judgement": {"N 1H unintended": False}}, "inline"))
    assert texts(r, cite="25B2", code="call-cancelled") == ["Pass is cancelled; N's 1H stands and the auction goes on."]


def test_one_question_per_call_over_a_premature_replacement():
    # question ib-lho-called-over-premature-replacement (seed 42478)
    name = "law27-c-two-premature-replacements-lho-called-over-the-second-one-question"
    _, r = rule_case(name)
    asked = [ln.text for ln in r.lines if ln.code == "judgement-needed" and ln.cite == "27A1"]
    assert len(asked) == 1 and asked[0].startswith("S called 2S over E's Pass, not over 1C")
    assert _faults(name) == []


def test_each_intentional_question_under_its_own_line():
    # question coc-intended-called-over-intent-not-stated (seed 41789)
    name = "law25-b1-two-changes-each-called-over-two-questions-each-under-its-own-line"
    _, r = rule_case(name)
    lines = {q["property"] + str(q["about"]["event"]): q["lines"] for q in questions(r) if q["property"] == "intentional"}
    assert lines == {"intentional5": ["Did N make 3H intentionally over Pass, so accepting the change? The case does not say."],
                     "intentional9": ["Did E make 3D intentionally over 3H, so accepting the change? The case does not say."]}
    assert _faults(name) == []


def test_a_slip_put_right_by_an_inadmissible_double_then_replaced():
    # contradiction 25A1 + 36B1 (seed 30230): the intended X is subject to Law 36 (25A1), so the
    # line on the later offer does not say "X stands"
    name = "law25-a1-slip-put-right-by-an-inadmissible-double-then-replaced"
    _, r = rule_case(name)
    late = [ln.text for ln in r.lines if ln.code == "not-covered-yet"]
    assert len(late) == 1 and "subject to Law 36" in late[0] and "X stands" not in late[0]
    assert texts(r, cite="36B1") == ["S's X is cancelled."]
    assert _faults(name) == []


def test_partner_duty_after_an_auction_ended_by_a_replacement():
    # after-end 20F5(a) (seed 23211): the Pass put in place of the slip ended the auction
    name = "law20-f5-auction-ended-by-a-replacement-partner-tells-the-opponents-now"
    _, r = rule_case(name)
    assert not [ln for ln in r.lines if ln.cite == "20F5(a)"]
    assert [ln.cite for ln in r.lines if ln.cite.startswith("20F5")] == ["20F5(b)(ii)"]
    assert _faults(name) == []


def test_the_generator_judges_intent_on_the_call_the_loader_asks_of():
    # bad-input (seed 40744): the generator judged intent on a call the loader reads as a
    # replacement (a correction written as a plain call); it asks the loader now
    events = [{"seat": "S", "call": "Pass"}, {"seat": "W", "call": "2H"}, {"seat": "N", "call": "X"},
              {"director": "called"}, {"seat": "E", "call": "3NT"}, {"seat": "S", "call": "Pass"},
              {"seat": "W", "call": "2S"}, {"seat": "N", "accepts": False, "call": "2S"}, {"seat": "W", "call": "XX"}]
    read = from_data({"case": "x", "title": "x", "board": 19, "events": events}, "inline").events
    assert read[8].kind == "replaces" and intent_event(read, 9) == 7 and intent_event(read, 5) == 5
    for seed in (40744, 0, 1, 2, 3):
        data = generate_data(random.Random(seed))
        from_data(data, f"seed-{seed}")          # loads: no refused judgement


def test_lhos_call_over_a_cancelled_double_is_asked_with_a_key():
    # tester10 leftover: the 27B3 question had no key
    _, r = rule_case("law27-c-b3-premature-redouble-lho-passes-redouble-cancelled")
    q = [q for q in questions(r) if q["property"] == "stands-over-cancelled"]
    assert len(q) == 1 and q[0]["about"]["event"] == 5
    assert {a["key"] for a in q[0]["answers"] if a.get("key")} >= {"y", "n"}
    _, kept = rule_case("law27-b3-lho-call-over-the-cancelled-redouble-kept-by-the-director")
    assert texts(kept, cite="27B3", code="call-stands") == [
        "The director keeps W's Pass, made over the cancelled XX: once S has put a legal bid or pass in place "
        "of 1H, the auction goes on after it."]
    _, gone = rule_case("law27-b3-lho-call-over-the-cancelled-redouble-withdrawn-by-the-director")
    assert {c.event: c.standing for c in gone.calls}[5] == "cancelled"
    assert not [q for q in questions(gone) if q["property"] == "stands-over-cancelled"]


def test_every_16d2d_adjusted_score_line_points_to_86b():
    from bridge_director.rulebook.book import load_rulebook
    book = load_rulebook(str(REPO_ROOT / "rules"))
    lines = [c.data for r in book.rules for c in r.then
             if c.kind == "outcome" and c.data.get("option") == "adjusted score"]
    assert len(lines) >= 8
    assert [d["text"] for d in lines if "86B" not in d["text"]] == []


REPO_ROOT = REPO_CASES.parent


def test_36b3_26b_line_on_the_open_ruling_moment_branch_after_the_auction_ended():
    # condition inadmissible-double-ruling-moment-open-branches (twelfth session, seed 60953):
    # "If South becomes a defender" after the pass put in place of XX had ended the auction
    name = "law36-b3-ruling-moment-open-pass-ends-auction-offender-defends"
    case, r = rule_case(name)
    assert faults(case, r) == []
    lead = [ln for ln in r.lines if ln.cite == "26B"]
    assert [ln.text for ln in lead] == [
        "The auction has ended with S a defender: W, declarer, may forbid N to lead one suit not "
        "specified by S in the legal auction, at N's first turn to lead, for as long as N keeps the "
        "lead (36B3)."]
    assert lead[0].branch == "if the director had ruled before W's Pass"


def test_36b3_no_26b_line_when_the_pass_put_in_place_passes_the_board_out():
    name = "law36-b3-ruling-moment-open-pass-passes-out-no-26b-line"
    case, r = rule_case(name)
    assert faults(case, r) == []
    assert not [ln.text for ln in r.lines if ln.cite == "26B"]


def test_36b2_branch_when_the_offenders_own_pass_already_ended_the_auction():
    # tester18 rows 24, 25: had the director ruled first, the pass South had already put in place
    # of XX is the 36B2 call and ended the auction: no bar left, the held calls are after the
    # final pass (Law 39), not "a call out of rotation (Laws 29-32)"
    for name, held in (("law36-b3-ruling-moment-open-pass-ends-auction-offender-defends", "W's Pass"),
                       ("law36-b3-ruling-moment-open-pass-passes-out-no-26b-line", "N's Pass")):
        case, r = rule_case(name)
        assert faults(case, r) == []
        ruled = [ln for ln in r.lines if ln.branch == f"if the director had ruled before {held}"]
        b2 = [ln.text for ln in ruled if ln.cite == "36B2"]
        assert len(b2) == 1 and "ended the auction" in b2[0] and "after the final pass (Law 39)" in b2[0], b2
        assert not any("out of rotation" in ln.text or "must pass whenever" in ln.text for ln in ruled)


def test_a_waiver_of_a_change_after_the_auction_period_is_moot_not_two_10b_branches():
    # tester18 rows 39, 40: "What East did stands; the auction goes on from there" (10B) after
    # the opening lead, or on a passed-out board once the hands were back in the board
    for name in ("law10-b-waiver-of-a-slip-changed-after-the-lead-moot",
                 "law10-b-waiver-of-a-change-on-a-passed-out-board-after-the-hands-returned-moot",
                 "law10-b-waiver-of-a-change-of-mind-after-the-lead-moot"):
        case, r = rule_case(name)
        assert faults(case, r) == []
        b10 = [ln for ln in r.lines if ln.cite == "10B"]
        assert [ln.code for ln in b10] == ["players-rectification-moot"], [ln.text for ln in b10]
        assert not any("goes on" in ln.text for ln in r.lines), name

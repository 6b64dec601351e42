"""laws-e: the mis-rulings tester9 found in Laws 16, 20 and 21 (docs/open-faults/tester9.md 4, 5,
13, 15, 16, 17, 18), each fixed by kind, and the property that catches a line stating what the
same ruling still asks (``asked``, bridge_director/audit/properties.py)."""
from __future__ import annotations


from bridge_director.audit.properties import _states_what_it_asks, faults
from bridge_director.base.record import replace
from bridge_director.case.load import load_case
from bridge_director.session import api

from repo_cases import REPO_CASES, fake as _fake, rule_case as _rule, texts as _texts  # tests/repo_cases.py


# ---------------------------------------------------------------- 4: 20F5(b) while misinformation is asked

def test_partners_duty_is_on_the_branch_where_the_explanation_was_not_the_agreement():
    # tester9 4: East must tell the opponents West's explanation was wrong, said outright while
    # the same ruling asks whether it was
    case, r = _rule("law20-f5b-ii-presumed-misexplanation-partners-duty-on-its-branch")
    duty = [ln for ln in r.lines if ln.cite == "20F5(b)(ii)"]
    assert [(ln.code, ln.branch) for ln in duty] == [
        ("must-call-director", "if W's explanation at event 3 was not EW's agreement")], duty
    nothing = [ln for ln in r.lines if ln.cite == "21A"]
    assert [(ln.code, ln.branch) for ln in nothing] == [
        ("no-redress", "if it was EW's agreement (E's call was the mistake)")]
    assert "E has nothing to tell the opponents" in nothing[0].text
    # the players are not told it outright either
    from bridge_director.ruling.grid import tell_the_table
    told = " ".join(tell_the_table(r))
    assert "tell the opponents" not in told, told
    assert faults(case, r) == []


def test_a_defender_keeps_silent_whatever_they_think_and_speaks_only_on_the_branch():
    case, r = _rule("law20-f5b-i-presumed-misexplanation-defenders-duty-on-its-branch")
    lines = [(ln.code, bool(ln.branch)) for ln in r.lines if ln.cite == "20F5(b)(i)"]
    assert lines == [("must-not-correct", False), ("must-call-director", True)], lines
    silent = _texts(r, cite="20F5(b)(i)", branch="")[0]
    assert "was wrong" not in silent and "until play ends" in silent
    assert faults(case, r) == []


def test_a_judged_misexplanation_still_states_the_duty_outright():
    case, r = _rule("law20-f5b-ii-declaring-side-must-correct-now")
    duty = [ln for ln in r.lines if ln.cite == "20F5(b)(ii)"]
    assert [(ln.code, ln.branch) for ln in duty] == [("must-call-director", "")]
    assert not any(ln.cite == "21A" for ln in r.lines)


def test_the_asked_property_catches_a_duty_said_outright_while_asked():
    case, r = _rule("law20-f5b-ii-presumed-misexplanation-partners-duty-on-its-branch")
    assert _states_what_it_asks(r) == []
    line = next(ln for ln in r.lines if ln.cite == "20F5(b)(ii)")
    outright = replace(line, branch="")
    found = _states_what_it_asks(_fake(r, [outright if ln is line else ln for ln in r.lines]))
    assert [f.kind for f in found] == ["asked"] and "event 3" in found[0].detail, found
    # once judged, the same line outright is no fault
    case, r = _rule("law20-f5b-ii-declaring-side-must-correct-now")
    assert _states_what_it_asks(r) == []


# ---------------------------------------------------------------- 16: an insufficient bid after misinformation

def test_an_insufficient_bid_after_misinformation_is_law_27s_until_accepted():
    # tester9 16: the 27B options (27B2 among them) beside an unqualified 21B1(a) "South may
    # change 2D ... with no other rectification for their side"
    case, r = _rule("law21-b1a-27b-insufficient-bid-after-misexplanation-law-27-governs-unless-accepted")
    said = _texts(r, cite="27B", code="refer-to-law")
    assert len(said) == 1 and said[0].startswith("S's 2D is an insufficient bid: unless W accepts it (27A1)"), said
    change = [ln for ln in r.lines if ln.cite == "21B1(a)" and ln.code == "change-allowed"]
    assert [ln.branch for ln in change] == ["if S's 2D at event 4 could have been influenced"]
    assert change[0].text.startswith("If W accepts the insufficient bid (27A1), S may then change 2D")
    assert "W may then change a call made after it (21B2)" in change[0].text
    # the other branch does not say 2D stands: unless accepted it must be replaced
    other = [ln for ln in r.lines if ln.cite == "21B1(a)" and ln.branch.endswith("could not")]
    assert [ln.code for ln in other] == ["change-not-allowed"] and "stands" not in other[0].text
    assert {ln.option for ln in r.lines if ln.cite == "27B2"} == {"if W does not accept, S replaces 2D with any other sufficient bid or a pass"}
    assert faults(case, r) == []


def test_a_declined_insufficient_bid_is_replaced_under_27b_with_its_rectification():
    case, r = _rule("law21-b1a-27b2-misinformed-players-insufficient-bid-replaced-law-27-rectifies")
    assert not any(ln.cite == "21B1(a)" for ln in r.lines)          # no change "without other rectification"
    assert not any(ln.cite in ("16C1", "16C2") and "non-offending" in ln.text for ln in r.lines)
    assert [ln.branch for ln in r.lines if ln.cite == "27B2"] == ["if 2NT is not comparable"]
    assert _texts(r, cite="27B", code="refer-to-law")[0].startswith("W did not accept S's insufficient 2D")
    assert [u.judgement for u in r.unused] == ["S 2D influenced"]   # decides nothing once declined
    assert faults(case, r) == []


# ---------------------------------------------------------------- 18: the call chosen after the information

def _asked_about(ruling, prop: str) -> list[int]:
    from bridge_director.ruling.questions import questions
    return sorted(q["about"]["event"] for q in questions(ruling) if q["kind"] == "judgement" and q["property"] == prop)


def test_the_16b_questions_are_about_the_replacement_not_the_withdrawn_insufficient_bid():
    # tester9 18: North's 2D (event 6) replaced by 3D (event 9) after East declined
    case, r = _rule("law16b-1a-hesitation-then-insufficient-bid-replaced-the-replacement-is-judged")
    assert _asked_about(r, "suggested") == [] and _asked_about(r, "logical-alternative") == []
    assert _texts(r, cite="16B1(a)", code="irregularity") == [
        "N's 3D was demonstrably suggested by the unauthorised information, and another call was a logical "
        "alternative: an infraction of 16B1(a)."]
    assert r.unused == []
    # with nothing judged, the questions name 3D
    without = replace(case, judgements=[j for j in case.judgements if j.event != 9])
    r2 = api.rule(without)
    assert _asked_about(r2, "suggested") == [9] and _asked_about(r2, "logical-alternative") == [9]
    assert [ln.branch for ln in r2.lines if ln.cite == "16B3"] == [
        "if the information demonstrably suggested N's 3D, and another call was a logical alternative"]


def test_a_slip_corrected_under_25a1_is_judged_on_the_intended_call():
    case, r = _rule("law16b-1a-hesitation-then-a-slip-corrected-the-intended-call-is-judged")
    assert _asked_about(r, "suggested") == []
    assert _texts(r, cite="16B1(a)") == ["The unauthorised information did not demonstrably suggest N's 3D: "
                                         "there is no infraction."]


# ---------------------------------------------------------------- 17: a remark after partner's explanation; each question once

def test_a_remark_after_partners_explanation_is_flagged_under_20f5a():
    case, r = _rule("law20-f5a-partners-remark-after-the-explanation-flagged-each-16b-question-once")
    remark = [ln for ln in r.lines if ln.rule == "partner-remark-after-mistaken-explanation"]
    assert [(ln.cite, ln.code, ln.who, ln.branch) for ln in remark] == [("20F5(a)", "must-not-correct", "S", "")]
    assert remark[0].text.startswith("S's remark came after N's explanation, during the auction: if it showed")
    assert faults(case, r) == []


def test_each_16b_question_is_shown_once_under_the_line_naming_its_call():
    from bridge_director.ruling.questions import questions
    from bridge_director.ruling.render import render_text
    for name, calls in (("law20-f5a-partners-remark-after-the-explanation-flagged-each-16b-question-once",
                         ("North's 2H", "South's Pass")),
                        ("law16b-1a-hesitation-by-each-partner-each-question-under-its-own-call",
                         ("North's 3S", "South's 4S"))):
        case, r = _rule(name)
        text = " ".join(render_text(r).split()).split("Judgements needed")[1]
        for call in calls:
            heading = f"Decide whether the unauthorised information demonstrably suggested {call} over another call."
            asked = [q["prompt"] for q in questions(r) if q["property"] in ("suggested", "logical-alternative")
                     and call in q["prompt"]]
            assert text.count(heading) == 1 and len(asked) == 2, (name, call, asked)
            section = text.split(heading)[1].split(" - ")[0]        # up to the next judgement line
            for prompt in asked:
                assert text.count(prompt) == 1 and prompt in section, (name, prompt)
        assert faults(case, r) == [], name


def test_the_question_property_catches_a_question_under_two_lines():
    from bridge_director.audit.properties import _questions_placed
    case, r = _rule("law16b-1a-hesitation-by-each-partner-each-question-under-its-own-call")
    assert _questions_placed(r) == []
    # the old lines named no event: every question of the rule went under each of them
    lines = [replace(ln, refs={}) if ln.rule == "ui-next-call-not-judged" and ln.code == "judgement-needed" else ln
             for ln in r.lines]
    found = _questions_placed(_fake(r, lines))
    assert {f.kind for f in found} == {"question"} and len(found) == 4, found


# ---------------------------------------------------------------- 5, 13: 21B2 named, 16C spelled out

def test_no_later_call_for_the_lho_to_change_is_not_spoken_of():
    # tester9 5: "North's LHO may then change a later call" when North's Pass ended the auction
    case, r = _rule("law21-b1a-final-pass-may-be-changed-no-later-call-for-lho-to-change")
    assert not any(ln.cite == "21B2" for ln in r.lines)
    change = _texts(r, cite="21B1(a)", code="change-allowed")
    assert change == ["N may change Pass until the opening lead is faced, with no other rectification for their "
                      "side; the withdrawn Pass is then authorised information to NS and unauthorised to EW "
                      "(16C1, 16C2)."], change
    assert not any("LHO" in (ln.players_words or "") + ln.branch + ln.option for ln in r.lines)
    assert faults(case, r) == []


def test_the_lho_s_later_call_and_16c_are_spelled_out():
    # tester9 13: "South's LHO may then change a later call (21B2, 16C)"
    case, r = _rule("law21-b1a-16c-misinformed-change-information-from-withdrawn-calls-spelled-out")
    assert [(ln.code, ln.option, ln.text) for ln in r.lines if ln.cite == "21B2"] == [
        ("lho-may-change", "S changes X", "W may then in turn change Pass, made after X; a call W withdraws is "
                                          "unauthorised information to EW and authorised to NS (16C2, 16C1).")]
    assert _texts(r, cite="21B1(a)", code="change-allowed") == [
        "S may change X until the opening lead is faced, with no other rectification for their side; the withdrawn X "
        "is then authorised information to NS and unauthorised to EW (16C1, 16C2)."]
    assert faults(case, r) == []
    # and on a branch, when whether the call was influenced is not stated
    case, r = _rule("law20-f5b-ii-presumed-misexplanation-partners-duty-on-its-branch")
    assert [(ln.branch, ln.text) for ln in r.lines if ln.cite == "21B2"] == [
        ("if N's Pass at event 6 could have been influenced",
         "If N changes Pass, E may then in turn change Pass, made after it; a call E withdraws is unauthorised "
         "information to EW and authorised to NS (16C2, 16C1).")]


# ---------------------------------------------------------------- 15: the opening lead after the information

def test_the_hesitators_partner_on_lead_is_told_16b_covers_the_lead():
    case, r = _rule("law16b-1a-hesitation-then-the-hesitators-partner-is-on-opening-lead")
    lead = [ln for ln in r.lines if ln.rule == "ui-opening-lead-by-receiver"]
    assert [(ln.cite, ln.code, ln.who, ln.branch) for ln in lead] == [
        ("16B1(a)", "information-unauthorised-to-partner", "E", "")]
    assert lead[0].text.startswith("E is on opening lead: what W conveyed is unauthorised for the lead too")
    assert faults(case, r) == []
    # judged on the hesitation's own event (event 4): the judged line instead
    from bridge_director.case.model import Judgement
    judged = replace(case, judgements=[Judgement(4, "suggested", False, 1, 1)])
    r2 = api.rule(judged)
    assert not any(ln.rule == "ui-opening-lead-by-receiver" for ln in r2.lines)
    assert [ln.rule for ln in r2.lines if ln.code == "result-stands"] == ["ui-play-not-suggested"]


def test_no_lead_line_when_the_receiver_is_not_on_lead():
    # North-South declare: West's partner East is on lead, not South (the receiver of South's remark)
    case, r = _rule("law20-f5a-partners-remark-after-the-explanation-flagged-each-16b-question-once")
    assert [ln.who for ln in r.lines if ln.rule == "ui-opening-lead-by-receiver"] == []
    case, r = _rule("law20-f5b-i-presumed-misexplanation-defenders-duty-on-its-branch")
    assert [ln.who for ln in r.lines if ln.rule == "ui-opening-lead-by-receiver"] == ["S"]


def test_the_words_property_refuses_lho_and_rho_in_table_words():
    from bridge_director.audit.properties import _role_words
    case, r = _rule("law21-b1a-final-pass-may-be-changed-no-later-call-for-lho-to-change")
    assert _role_words(r) == []
    line = next(ln for ln in r.lines if ln.cite == "21B1(a)" and ln.code == "change-allowed")
    old = replace(line, text="N may change Pass until the opening lead is faced, with no other rectification for "
                             "their side; N's LHO may then change a later call (21B2, 16C).")
    found = _role_words(_fake(r, [old if ln is line else ln for ln in r.lines]))
    assert [f.kind for f in found] == ["words"] and "N's LHO" in found[0].detail
    # the seat-naming lines of Laws 27, 28 and 29 say "left-hand opponent" beside the seats
    for name, rule in (("law27-a1-only-lho-may-accept", "ib-decision-by-another-player"),
                       ("law29-a-only-lho-may-accept", "coor-decision-by-another-player"),
                       ("law28-b-or-29a-pass-at-dealers-turn-dealer-opens", "correct-caller-is-offenders-lho")):
        case, r = _rule(name)
        said = [ln.text for ln in r.lines if ln.rule == rule]
        assert said and all("left-hand opponent" in t and "LHO" not in t for t in said), (name, said)
        assert _role_words(r) == [], name


# ---------------------------------------------------------------- published 1: 20F4(a) without the director

def test_a_correction_made_without_the_director_is_an_infraction_of_20f4a():
    from bridge_director.case.load import load_case as load
    case = load(REPO_CASES / "published" / "ebu-forums" /
                "law20-f4a-wrong-benji-explanation-corrected-mid-auction-without-the-director.yaml")
    r = api.rule(case)
    assert [(ln.code, ln.rule) for ln in r.lines if ln.cite == "20F4(a)"] == [
        ("irregularity", "own-explanation-corrected-without-director")]
    assert not any("with the director called" in ln.text for ln in r.lines)
    assert faults(case, r) == []
    # corrected with the director called at once: as before
    case, r = _rule("law20-f4a-explainer-corrects-own-explanation-during-auction")
    assert [ln.code for ln in r.lines if ln.cite == "20F4(a)"] == ["must-call-director"]

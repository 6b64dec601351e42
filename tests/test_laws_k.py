"""laws-k: tester13's six kinds (docs/open-faults/tester13.md).

Kind (f): a ``{director: called}`` event followed by calls, with no ``{director: ruled}``
after it. Laws 36A, 37A and 38B/38D turn on whether the offender's LHO called "before
rectification" (36A, 38D) or "before the Director has ruled on rectification" (37A), and 38B
cancels the bid "together with any subsequent calls" (those made before the ruling). Whether
the director had ruled when those calls were made is a fact the case does not state: it is
asked (the ``after-ruling`` judgement on the first call after the director call), the calls
from that one on are held out of the ruling, and each reading is stated on its own branch.
"""
from __future__ import annotations

from repo_cases import lines, rule_case, texts

from bridge_director.case.load import load_case
from bridge_director.infer import facts as facts_mod
from bridge_director.ruling.questions import questions
from bridge_director.session import api
from bridge_director.session.draft import Draft

NOT_RULED = "if the director had not ruled before S's Pass"
RULED = "if the director had ruled before S's Pass"


def _draft(*steps, judge=()):
    d = Draft(board=1)
    for kind, step in steps:
        d.add_calls(step) if kind == "a" else d.add_event(step)
    for key, value in judge:
        d.judge(key, value)
    case = d.case()
    return case, api.rule(case)


def _standing(r) -> dict[int, str]:
    return {c.event: c.standing for c in r.calls}


def _settled(r):
    return [ln for ln in r.lines if not ln.branch and not ln.option]


# ---------------------------------------------------------------- the mechanics (facts)

def _call_facts(case):
    return {f["idx"]: f for f in facts_mod.derive(case).facts if f["t"] == "call"}


def test_a_director_call_followed_by_calls_with_no_ruling_leaves_the_moment_open():
    case, _ = _draft(("a", "6S 8H"), ("e", {"director": "called"}), ("a", "P 7C"))
    calls = _call_facts(case)
    assert calls[2]["ruling_open_next"] is True and calls[2]["ruling_open_idx"] == 4
    assert calls[2]["ruled_before_next"] is False
    assert calls[1]["ruling_open_idx"] == 4 and calls[1]["ruling_open_next"] is False
    assert "ruling_open_idx" not in calls[4]


def test_a_stated_ruling_or_a_players_decision_closes_the_moment():
    d = Draft(board=1)
    d.add_calls("6S 8H")
    d.add_event({"director": "called"})
    d.add_event({"director": "ruled"})
    d.add_calls("P")
    calls = _call_facts(d.case())
    assert calls[2]["ruling_open_next"] is False and calls[2]["ruled_before_next"] is True
    # a decision between the director call and the next call: the director had explained the options
    case, _ = _draft(("a", "E:P"), ("e", {"director": "called"}), ("e", {"seat": "S", "accepts": False}), ("a", "1S"))
    assert "ruling_open_idx" not in _call_facts(case)[1]


def test_the_after_ruling_judgement_places_the_ruling_before_the_judged_call():
    case, _ = _draft(("a", "6S 8H"), ("e", {"director": "called"}), ("a", "P 7C"), judge=[("event 4 after-ruling", True)])
    calls = _call_facts(case)
    assert calls[2]["ruled_before_next"] is True and calls[2]["ruling_open_next"] is False
    assert calls[2]["ruled_next_idx"] == 3.5
    case, _ = _draft(("a", "6S 8H"), ("e", {"director": "called"}), ("a", "P 7C"), judge=[("event 4 after-ruling", False)])
    calls = _call_facts(case)
    assert calls[2]["ruled_before_next"] is False and calls[2]["ruling_open_next"] is False
    assert "ruled_next_idx" not in calls[2]


# ---------------------------------------------------------------- Law 38 (rows 50, 60, 61, 64)

def test_row_60_the_ruling_moment_is_asked_and_the_later_calls_held():
    case, r = rule_case("law38-b-d-director-called-at-once-ruling-moment-asked")
    assert api.check(case, r).passed
    assert _standing(r) == {1: "stands", 2: "replaced-by-pass", 4: "held", 5: "held", 6: "held", 7: "held", 8: "held"}
    asked = texts(r, code="judgement-needed", cite="38B")
    assert asked == ["Find out whether the director had already ruled on E's 8H when S made Pass (event 4), "
                     "after the director was called. The case does not say. Until then S's Pass and the calls after "
                     "it are held out of this ruling: Law 38 treats them differently either way, as the branches say."]
    q = next(q for q in questions(r) if q["property"] == "after-ruling")
    assert q["prompt"] == "Had the director already ruled on rectification when South made Pass?"
    assert q["case_line"].startswith("event 4 after-ruling")
    # 38D's "no recourse" only where South called before the ruling; 72C and 26B only where after
    assert not [ln for ln in _settled(r) if ln.cite in ("38D", "72C", "26B")]
    assert texts(r, cite="38D", branch=NOT_RULED) == [
        "S called over 8H before rectification: no 26B lead restriction and no 72C adjustment."]
    assert [ln.cite for ln in r.lines if ln.branch == RULED] == ["38C", "72C", "26B"]
    assert texts(r, cite="38B", code="call-cancelled", branch=NOT_RULED) == [
        "S's Pass and every call after it made before the ruling are cancelled with 8H (38B); the auction "
        "goes on from the pass put in place of 8H."]
    # the line both readings share does not say every later call is cancelled
    assert texts(r, cite="38B", code="call-cancelled", branch="") == [
        "E's 8H is cancelled, with every call made after it before the director's ruling."]
    # West's 7C is held: not judged meanwhile (no 35B line)
    assert not lines(r, "35B")


def test_row_60_calls_after_the_ruling_stand_and_the_barred_7c_is_law_37():
    case, r = rule_case("law38-c-calls-judged-after-the-ruling-stand-barred-7c-is-law-37")
    assert api.check(case, r).passed
    assert _standing(r)[4] == "stands" and _standing(r)[5] == "stands"
    assert [ln.text for ln in lines(r, "35B", "irregularity")] == [
        "W had to pass for the rest of the auction: their 7C is an inadmissible call (Law 37)."]
    assert lines(r, "37A", "call-stands")
    assert lines(r, "72C", "adjust-if-offender-could-have-known") and not lines(r, "38D", "no-lead-restriction")
    assert not [ln for ln in r.lines if ln.code == "judgement-needed" and ln.cite == "38B"]


def test_row_60_calls_before_the_ruling_are_swept_and_38d_leaves_no_recourse():
    case, r = rule_case("law38-b-calls-judged-before-the-ruling-cancelled-38d-no-recourse")
    assert api.check(case, r).passed
    assert [_standing(r)[n] for n in (4, 5, 6, 7, 8)] == ["cancelled"] * 5
    assert [ln.branch for ln in lines(r, "38D", "no-lead-restriction")] == [""]
    assert not lines(r, "72C") and not lines(r, "35B")


def test_row_64_a_lead_faced_after_the_director_call_is_not_a_find_after_the_lead():
    case, r = rule_case("law38-a-director-called-at-once-lead-faced-later-not-found-after-the-lead")
    assert api.check(case, r).passed
    assert not lines(r, "38A", "refer-to-law")
    assert [ln.branch for ln in lines(r, "47A")] == [NOT_RULED]
    # the same board with the bid found after the lead still says it
    _, found = _draft(("a", "6S 8H P P P"), ("e", {"happened": "opening-lead-faced"}), ("e", {"director": "called"}),
                      judge=[("event 2 unintended", False)])
    assert [ln.text.split(":")[0] for ln in lines(found, "38A", "refer-to-law")] == [
        "Found only after the opening lead was faced"]


def test_row_61_an_allowed_waiver_gives_no_72c_on_either_branch():
    case, r = rule_case("law38-waiver-allowed-then-calls-after-the-director-moment-asked")
    assert api.check(case, r).passed
    assert not lines(r, "72C") and not lines(r, "26B")
    assert texts(r, cite="38C", code="call-stands", branch=RULED) == [
        "S's Pass and the calls after it came after the ruling: they are the auction that goes on from the "
        "pass put in place of 8H, and stand as made (E and W are barred in it only if the waiver does not "
        "stand: 38C, 10B)."]


# ---------------------------------------------------------------- Law 37 (row 66)

def test_row_66_37a_and_37b_are_branches_on_the_ruling_moment():
    case, r = rule_case("law37-a-b-director-called-before-lho-ruling-moment-asked")
    assert api.check(case, r).passed
    assert _standing(r)[5] == "stands" and _standing(r)[7] == "held" and _standing(r)[8] == "held"
    assert not [ln for ln in _settled(r) if ln.cite in ("37A", "37B1", "37B2") and ln.code != "judgement-needed"]
    assert {ln.cite for ln in r.lines if ln.branch == NOT_RULED} == {"37A"}
    assert [ln.cite for ln in r.lines if ln.branch == RULED] == ["37B1", "16C2", "37B2", "72C", "26B"]
    assert texts(r, cite="37A", code="judgement-needed")[0].startswith(
        "Find out whether the director had already ruled on E's 2H when S made Pass (event 7)")


def test_row_66_answered_after_the_ruling_is_37b():
    case, r = rule_case("law37-b-lho-called-after-the-ruling-judged-37b")
    assert api.check(case, r).passed
    assert _standing(r)[5] == "replaced-by-pass"
    assert lines(r, "37B1", "call-cancelled") and not lines(r, "37A", "call-stands")
    assert r.facts.auction_ended


def test_the_older_37a_cases_now_state_the_moment():
    for name in ("law37-a-lho-called-before-ruling-offender-bids-again-later",
                 "law37-a-lho-called-before-ruling-partner-bids-later"):
        case = load_case(f"cases/{name}.yaml")
        assert [(j.prop, j.value) for j in case.judgements] == [("after-ruling", False)]
        r = api.rule(case)
        assert api.check(case, r).passed
        assert lines(r, "37A", "call-stands") and not [q for q in questions(r) if q["property"] == "after-ruling"]


# ---------------------------------------------------------------- Law 36 (36A)

def test_36a_and_36b_are_branches_when_lho_calls_after_the_director_call():
    case, r = rule_case("law36-a-b-director-called-then-lho-calls-ruling-moment-asked")
    assert api.check(case, r).passed
    west = "if the director had not ruled before W's Pass"
    assert texts(r, cite="36A", code="call-cancelled", branch=west) == [
        "W's Pass and every call after it are cancelled with X; the auction goes back to S, whose turn it "
        "was, and goes on as if there had been no irregularity."]
    assert [ln.cite for ln in r.lines if ln.branch == "if the director had ruled before W's Pass"] == [
        "72C", "26B", "36B2"]
    assert [ln.text for ln in _settled(r) if ln.code == "call-cancelled"] == [
        "S's X is cancelled (36A if W called before the director's ruling, 36B1 if after)."]


def test_36_answered_either_way_rules_the_law_it_names():
    case, before = rule_case("law36-a-lho-called-before-the-ruling-judged-36a")
    assert api.check(case, before).passed
    assert [_standing(before)[n] for n in (5, 6, 7)] == ["cancelled"] * 3
    assert lines(before, "36A", "auction-reverts")
    case, after = rule_case("law36-b-lho-called-after-the-ruling-judged-36b")
    assert api.check(case, after).passed
    assert lines(after, "36B2", "partner-must-pass-rest") and not lines(after, "36A", "auction-reverts")


# ---------------------------------------------------------------- kind (a): the script owes the pass

def test_row_6_the_table_hears_the_pass_east_owes_not_a_free_call():
    from bridge_director.ruling.grid import tell_the_table
    case, r = rule_case("law31-a2-24b-free-call-told-as-the-pass-owed")
    assert api.check(case, r).passed
    assert tell_the_table(r) == [
        "East must pass at their turn: pass is the only call open to them there, and the director rules on that pass."]
    # the ruling line (31A2's free call) is still there for the director
    assert texts(r, cite="31A2", code="offender-may-call") == ["N called 2S: E may make any legal call at their turn."]


def test_row_8_the_same_for_a_double_out_of_rotation_and_24c():
    from bridge_director.ruling.grid import tell_the_table
    case, r = rule_case("law32-a2-24c-free-call-told-as-the-pass-owed")
    assert api.check(case, r).passed
    told = tell_the_table(r)
    assert told == ["West must pass at their turn: pass is the only call open to them there, and the director rules on that pass."]
    assert not [t for t in told if "any legal call" in t]


# ---------------------------------------------------------------- kind (b): LHO called over the change

def test_row_17_no_29a_options_once_lho_called_over_the_change():
    case, r = rule_case("law29-a-25b-change-of-mind-out-of-rotation-lho-called-over-the-change")
    assert api.check(case, r).passed
    assert not [ln for ln in r.lines if ln.option]
    assert not [q for q in questions(r) if q["property"] == "accepts"]
    assert texts(r, cite="29A", branch="if W called over 1S intentionally") == [
        "W's 2H, a call over 1S, also accepts it as a call out of rotation: 1S stands as if made in turn, with no "
        "rectification, and the auction goes on from N."]
    assert [ln.code for ln in lines(r, "29A") if ln.branch == "if W did not call over 1S intentionally"] == ["refer-to-law"]


def test_row_18_the_intentional_call_over_the_change_accepts_it_out_of_rotation_too():
    case, r = _draft(("a", "S:1H"), ("e", {"seat": "S", "replaces": "1H", "with": "1S"}), ("e", {"director": "called"}),
                     ("a", "2H"), judge=[("event 1 unintended", False), ("event 4 intentional", True)])
    assert [ln.code for ln in lines(r, "29A")] == ["call-accepted"] and not lines(r, "29B")


def test_row_58_the_same_at_rhos_turn():
    case, r = rule_case("law29-a-25b-change-at-rhos-turn-lho-called-over-the-change")
    assert api.check(case, r).passed
    assert not [ln for ln in r.lines if ln.option]
    assert lines(r, "29A", "call-accepted")[0].branch == "if S called over 1S intentionally"


# ---------------------------------------------------------------- kind (c): no "result stands" beside an open adjustment

def test_rows_54_55_no_result_stands_beside_an_open_27_adjustment():
    for name in ("law16b3-no-infraction-beside-an-open-27d-adjustment-no-result-stands",
                 "law16b3-no-damage-beside-an-open-27d-adjustment-no-result-stands"):
        case, r = rule_case(name)
        assert api.check(case, r).passed
        assert not [ln for ln in r.lines if ln.code == "result-stands"], name
        assert lines(r, "27D", "adjust-if-damaged")
    _, r = rule_case("law16b3-no-damage-beside-an-open-27d-adjustment-no-result-stands")
    assert [ln.code for ln in lines(r, "16B3")] == ["no-adjusted-score"]
    assert lines(r, "16B3")[0].text.endswith(
        "there is no adjusted score under 16B3. Whether the score is adjusted for the other irregularity is decided "
        "under its own law, as the other lines say.")


def test_a_16b3_no_damage_with_nothing_else_open_still_says_the_result_stands():
    case, r = rule_case("law16b3-no-damage-judged-on-the-call-table-score-kept")
    assert api.check(case, r).passed
    assert [ln.code for ln in lines(r, "16B3")] == ["result-stands"]


# ---------------------------------------------------------------- kind (d): 36C after a players' waiver

def test_row_36_a_waiver_before_the_lead_is_attention_drawn_not_36c():
    case, r = rule_case("law36-a-waiver-then-the-auction-ends-and-the-lead-is-faced-not-36c")
    assert api.check(case, r).passed
    assert not lines(r, "36C")
    assert not [ln for ln in r.lines if ln.cite == "10B" and ln.branch]
    assert [ln.code for ln in lines(r, "36A")] == ["call-cancelled", "auction-reverts", "no-lead-restriction",
                                                   "players-rectification-moot", "not-covered-yet"]


# ---------------------------------------------------------------- kind (e): the intended call under its own law

def test_rows_45_46_an_intended_inadmissible_double_or_redouble_is_law_36s():
    for name, call in (("law36-25a1-slip-replaced-by-an-inadmissible-double-is-law-36s", "X"),
                       ("law36-25a1-slip-replaced-by-a-redouble-with-no-double-is-law-36s", "XX")):
        case, r = rule_case(name)
        assert api.check(case, r).passed
        assert texts(r, cite="36B1", code="call-cancelled") == [f"S's {call} is cancelled."]
        assert lines(r, "36B2", "partner-must-pass-rest") and lines(r, "72C")
        assert {c.event: c.standing for c in r.calls}[4] == "cancelled"


def test_row_47_an_intended_insufficient_bid_is_law_27s_and_not_asked_again():
    case, r = rule_case("law27-25a1-slip-replaced-by-an-insufficient-bid-is-law-27s")
    assert api.check(case, r).passed
    assert texts(r, cite="18D", code="irregularity") == [
        "E's intended 1D does not outrank 1S: an insufficient bid (Law 27, as 25A1 has the intended call subject to its own law)."]
    assert lines(r, "27A1", "option-accept")
    assert not [q for q in questions(r) if q["property"] == "unintended"]


def test_row_67_an_intended_bid_by_a_player_bound_to_pass_is_law_37s():
    case, r = rule_case("law37-25a1-slipped-pass-put-right-by-a-bid-the-player-must-not-make")
    assert api.check(case, r).passed
    assert lines(r, "37B1", "call-cancelled") and lines(r, "37B2")
    assert not lines(r, "25A5", "auction-not-ended")
    assert not [q for q in questions(r) if q["property"] == "unintended"]
    assert r.facts.auction_ended

"""laws-i: the mis-rulings tester12 found in combinations and Laws 1-15
(docs/open-faults/tester12.md), each fixed by kind."""
from __future__ import annotations

from repo_cases import checked, lines, rule_case, texts

from bridge_director.bridge.table import Seat
from bridge_director.session import api
from bridge_director.session.draft import Draft


def _options(r) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for ln in r.lines:
        if ln.option:
            out.setdefault(ln.option, []).append(ln.cite)
    return out


def _draft_rule(board: int, *steps):
    d = Draft(board=board)
    for kind, step in steps:
        d.add_calls(step) if kind == "a" else d.add_event(step)
    case = d.case()
    return case, api.rule(case)


# ---------------------------------------------------------------- row 11: the board on the table deals

def test_the_dealer_is_the_dealer_of_the_board_on_the_table():
    case, r = checked("law02-wrong-board-on-the-table-its-dealer-calls-first")
    assert case.dealer == Seat("N") and case.first_caller == Seat("E")
    irr = lines(r, "17C", "irregularity")
    assert len(irr) == 1 and "It was E's turn to call, not N's" in irr[0].text
    assert set(_options(r)) >= {"E accepts 1S", "E does not accept 1S"}
    assert texts(r, cite="15B2", code="result-stands")


def test_a_call_over_the_opening_on_the_wrong_board_accepts_it():
    case, r = checked("law02-wrong-board-on-the-table-east-called-over-norths-opening")
    assert [ln.who for ln in lines(r, "29A", "call-accepted")] == ["E"]


def test_calls_in_the_rotation_of_the_board_on_the_table_are_in_rotation():
    case, r = checked("law02-wrong-board-on-the-table-bid-in-its-own-rotation")
    assert not {ln.cite for ln in r.lines} & {"17C", "29A", "29B", "31A1", "31B1"}


def test_a_cancelled_board_takes_its_calls_out_of_rotation_questions():
    case, r = checked("law15-b1-cancelled-board-no-rotation-choice")
    assert texts(r, cite="15B1", code="board-cancelled")
    assert not {ln.cite for ln in r.lines} & {"17C", "29A", "29B", "10C1"}
    assert r.status.get(1) == "voided", r.status


def test_a_wrong_board_found_before_any_call_leaves_the_dealer_alone():
    case, _ = _draft_rule(1, ("e", {"happened": "wrong-board-at-table", "board": 2, "played_by": []}), ("a", "1S"))
    assert case.first_caller == Seat("N")


def test_a_wrong_board_with_the_same_number_as_the_case_changes_nothing():
    case, _ = _draft_rule(2, ("a", "E:1S"), ("e", {"happened": "wrong-board-at-table", "board": 2, "played_by": []}))
    assert case.board_on_table is None and case.first_caller == Seat("E")


# ---------------------------------------------------------------- row 16: 25B first, then 29

def test_a_change_of_mind_on_a_call_out_of_rotation_orders_the_choices():
    case, r = checked("law25-b-change-of-mind-on-a-bid-out-of-rotation-25b-choice-first")
    opts = _options(r)
    labels = list(opts)
    # the 25B choice is first; no option accepts 1H without first declining 1S
    assert labels[:2] == ["S accepts 1S", "S does not accept 1S"], labels
    assert "S accepts 1H" not in opts and "S does not accept 1H" not in opts
    assert opts["S accepts 1S"] == ["25B1", "29A"]
    assert opts["S does not accept 1S; S accepts 1H"] == ["29A"]
    assert opts["S does not accept 1S; S does not accept 1H"] == ["29B"]
    assert opts["S does not accept 1S; S does not accept 1H; N passes"] == ["31A1"]


def test_a_declined_change_of_mind_leaves_the_plain_29_choice():
    d = Draft(board=1)
    d.add_calls("E:1H")
    d.add_event({"seat": "E", "replaces": "1H", "with": "1S"})
    d.add_event({"director": "called"})
    d.add_event({"seat": "S", "accepts": False})
    d.judge("event 1 unintended", False)
    r = d.rule()
    opts = _options(r)
    assert "S accepts 1H" in opts and "S does not accept 1H; N passes" in opts
    assert not any(k.startswith("S does not accept 1S;") for k in opts)


# ---------------------------------------------------------------- row 58: a slip put right after LHO called

def test_a_slip_out_of_rotation_put_right_after_lho_called_is_not_yet_accepted():
    case, r = checked("law25-a1-slip-put-right-after-lho-called-over-a-bid-out-of-rotation")
    assert not lines(r, "29A", "call-accepted")
    irr = lines(r, "17C", "irregularity")
    assert len(irr) == 1 and irr[0].text.startswith("It was N's turn to call, not E's: E's 1D, in the place of the unintended 1H")
    opts = _options(r)
    assert opts["S lets 1S stand"] == ["29A"]
    assert opts["S withdraws 1S; S accepts 1D"] == ["29A"]
    assert opts["S withdraws 1S; S does not accept 1D"] == ["29B"]
    assert opts["S withdraws 1S; S does not accept 1D; N passes"] == ["31A1"]
    assert texts(r, cite="31A1", code="offender-must-repeat") == [
        "E must repeat 1D; if it is legal then, there is no rectification."]


def test_lho_calling_again_after_the_slip_was_put_right_accepts_the_intended_call():
    case, r = checked("law25-a6-lho-withdraws-after-a-slip-out-of-rotation-and-calls-over-the-intended-call")
    acc = lines(r, "29A", "call-accepted")
    assert len(acc) == 1 and acc[0].text.startswith("1D, in the place of 1H, was out of rotation")
    assert not _options(r)


def test_a_pass_put_in_place_of_a_bid_out_of_rotation_is_law_30s():
    case, r = checked("law25-a1-change-after-lho-accepted-by-calling")
    assert not lines(r, "29A", "call-accepted")
    assert "N withdraws Pass; N does not accept Pass" in _options(r)
    assert lines(r, "30A", "offender-must-pass-next")


# ---------------------------------------------------------------- rows 23, 24: a passed-out board, hands of 14 and 12

def test_a_passed_out_board_with_faulty_hands_is_not_played():
    case, r = checked("law13-b1-board-passed-out-with-a-hand-of-fourteen")
    assert not any(ln.code == "play-normally" for ln in r.lines)
    adjust = texts(r, cite="13B1", code="adjust-if-damaged")
    assert len(adjust) == 1 and "no play" in adjust[0] and "may still adjust" in adjust[0]
    # the pass-out is not settled as the score while Law 13 may adjust it
    assert not any("scored as passed out" in t for t in texts(r, cite="22B"))
    assert [ln.rule for ln in lines(r, "22B", "no-redeal")] == ["passed-out-no-redeal-faulty-hands"]


def test_faulty_hands_found_after_a_passed_out_board_was_returned_name_13d():
    case, r = checked("law13-board-passed-out-faulty-hands-found-after-the-hands-went-back")
    nc = texts(r, cite="13D", code="not-covered-yet")
    assert len(nc) == 1 and "the laws do not say which governs" in nc[0]
    assert {ln.branch for ln in r.lines if ln.cite in ("13B1", "13B2") and ln.branch} == {
        "if the corrected deal can stand with no change of call",
        "if the corrected deal cannot stand with no change of call"}
    assert not any("play on" in ln.text.lower() for ln in r.lines)


def test_a_bid_board_with_faulty_hands_is_still_played():
    d = Draft(board=1)
    d.add_calls("1S P")
    d.add_event({"happened": "hand-count", "seat": "E", "cards": 14})
    d.add_event({"happened": "hand-count", "seat": "W", "cards": 12})
    d.add_event({"director": "called"})
    d.judge("event 3 playable-without-change", True)
    r = d.rule()
    assert texts(r, cite="13B1", code="play-normally") == [
        "The board can be played normally with no call changed: play it."]


# ---------------------------------------------------------------- rows 32, 33: a hand from the wrong pocket, called on

def test_hands_exchanged_and_played_on_are_not_swapped_back():
    case, r = checked("law07-b1-hands-exchanged-found-after-the-opening-lead")
    assert not lines(r, "7B1", "procedure-required")
    assert [ln.who for ln in lines(r, "7B1", "not-covered-yet")] == ["E", "W"]
    # they called on those cards: no question whether they saw them
    assert not any(ln.cite == "16D1" and ln.code == "judgement-needed" for ln in r.lines)
    assert {ln.cite for ln in r.lines} >= {"12A1", "16D2(c)", "16D2(d)"}


def test_a_call_on_the_wrong_hand_is_not_covered_and_the_hand_found_before_calling_goes_back():
    _, called = rule_case("law07-b1-call-made-holding-the-wrong-pocket")
    assert lines(called, "7B1", "not-covered-yet") and not lines(called, "7B1", "procedure-required")
    case, early = rule_case("law07-b1-wrong-pocket-found-before-calling")
    assert api.check(case, early).passed
    assert texts(early, cite="7B1", code="procedure-required")[0].startswith("E returns those cards to W's pocket")
    assert not lines(early, "7B1", "not-covered-yet")


# ---------------------------------------------------------------- row 42: the 1997 6D1, found after both sides called

def _rule_1997(name):
    return rule_case(f"duplicate-1997/{name}")


def test_1997_a_card_faced_in_the_deal_reported_after_both_sides_called_is_no_redeal():
    case, r = _rule_1997("d97-30-6d1-card-faced-in-deal-reported-after-both-sides-called")
    assert api.check(case, r).passed
    assert not any(ln.code == "new-shuffle-and-deal" for ln in r.lines)
    assert texts(r, cite="6D1", code="deal-stands") == [
        "The auction had begun for both sides when it was found: 6D1 gives no new deal."]


def test_1997_an_incorrect_deal_reported_after_both_sides_called_is_law_13s():
    case, r = _rule_1997("d97-31-6d1-incorrect-deal-reported-after-both-sides-called")
    assert api.check(case, r).passed
    assert not any(ln.code == "new-shuffle-and-deal" for ln in r.lines)
    assert lines(r, "13", "not-covered-yet")


def test_1997_a_card_faced_in_the_deal_reported_before_any_call_is_a_redeal():
    d = Draft(board=1)
    d.edition = "duplicate-1997"
    d.add_event({"happened": "card-faced-in-deal", "seat": "E"})
    d.add_event({"director": "called"})
    d.judge("event 1 could-have-seen", True)
    case = d.case()
    assert case.edition == "duplicate-1997"
    assert [ln.code for ln in api.rule(case).lines if ln.cite == "6D1"] == ["new-shuffle-and-deal"]


# ---------------------------------------------------------------- row 76: the opening lead made face up

def test_the_opening_leader_leading_face_up_makes_the_opening_lead():
    case, r = checked("law41-a-opening-leader-leads-face-up")
    assert not any(ln.code == "not-covered-yet" for ln in r.lines)
    assert texts(r, cite="41A")[0].startswith("E, the opening leader, led SA face up: it is the opening lead")


def test_the_leaders_partner_leading_face_up_is_law_54():
    case, r = checked("law54-opening-lead-face-up-by-the-leaders-partner")
    assert [ln.cite for ln in r.lines if ln.code == "not-covered-yet"] == ["54"]


# ---------------------------------------------------------------- row 77: why a call can no longer be changed

def test_a_final_pass_after_the_lead_is_too_late_because_of_the_lead():
    case, r = checked("law21-b3-final-pass-too-late-because-the-lead-was-faced")
    asked = texts(r, cite="21B3", code="judgement-needed")
    assert asked == ["Decide whether N's Pass could well have been influenced by the misinformation; "
                     "the opening lead has been faced, so it can no longer be changed."]
    assert not any("partner has called since" in t for t in texts(r, cite="21B3"))
    # South's pass: one 21B3 line of its own (with the refused change), not two
    assert texts(r, cite="21B3", code="adjust-if-damaged", branch="") == [
        "The opening lead has been faced: too late for the opponents to change a call; if EW gained an "
        "advantage from the misinformation, the director awards an adjusted score.",
        "Too late to change Pass: if EW gained an advantage from the misinformation, the director awards "
        "an adjusted score."]


# ---------------------------------------------------------------- minors: scores, scripts, pockets

def _tell(r):
    from bridge_director.ruling import grid
    return grid.tell_the_table(r)


def test_a_bid_above_seven_on_wrong_board_cards_is_not_settled_either_way():
    case, r = checked("law38-bid-above-seven-made-holding-a-wrong-boards-cards")
    nc = texts(r, cite="38C", code="not-covered-yet")
    assert len(nc) == 1 and "The laws do not say which governs here" in nc[0]
    assert not lines(r, "15A2(b)", "offender-calls-again")


def test_hands_put_in_each_others_pockets_are_put_right_and_each_seat_named():
    case, r = checked("law07-c-hands-returned-to-each-others-pockets")
    assert [ln.who for ln in lines(r, "90B6", "procedural-penalty-possible")] == ["E", "W"]
    assert [ln.who for ln in lines(r, "7C", "procedure-required")] == ["E", "W"]
    assert not lines(r, "90")


def test_after_play_the_table_hears_the_adjusted_score_first():
    case, r = checked("law15-a-wrong-boards-cards-held-through-the-play")
    assert _tell(r)[0] == "West has called since East's Pass: the board gets an adjusted score."
    seen = lines(r, "16D1", "must-notify-director")
    assert [ln.branch for ln in seen] == ["if these players have yet to play board 5"]
    assert seen[0].text.startswith("Its cards were in play here")


def test_instructions_already_carried_out_are_not_read_again():
    d = Draft(board=1)
    d.add_calls("1S S:1H")
    d.add_event({"director": "called"})
    d.add_event({"seat": "W", "accepts": False})
    d.add_calls("P 1H")
    d.add_event({"director": "called"})
    d.judge("event 6 unintended", False)
    d.add_event({"seat": "W", "accepts": False})
    d.add_event({"seat": "S", "replaces": "1H", "with": "2H"})
    r = d.rule()
    told = _tell(r)
    assert told == ["South meant 1H: it cannot be put right as a slip."], told
    # the lines themselves stay in the ruling
    assert texts(r, cite="29B", code="auction-reverts")


def test_fault_judgements_that_decide_the_scores_are_used():
    case, r = checked("law12-c2a-no-fault-judged-average-plus-for-both")
    assert r.unused == []
    plus = lines(r, "12C2(a)", "average-plus")
    assert [ln.who for ln in plus] == ["EW", "NS"]
    assert all(ln.text.endswith("if that is higher (12C2(c)).") for ln in plus)


def test_self_inflicted_damage_is_not_read_to_the_players_and_is_conditional():
    d = Draft(board=1)
    d.add_calls("1S P 2S")
    d.add_event({"happened": "hesitation", "seat": "W"})
    d.add_calls("P P 3H P P P")
    d.add_event({"happened": "opening-lead-faced"})
    d.add_event({"happened": "play-ended"})
    d.add_event({"director": "called"})
    for key, value in (("E 3H suggested", True), ("E 3H logical-alternative", True), ("event 4 serious-error", True)):
        d.judge(key, value)
    r = d.rule()
    e = lines(r, "12C1(e)(i)") + lines(r, "12C1(e)(ii)")
    assert len(e) == 2 and all(ln.text.startswith("In any adjustment (16B3): ") for ln in e)
    assert not any("offending side gets the score" in t or "own damage" in t for t in _tell(r))


def test_an_adjustment_before_play_names_no_table_result():
    d = Draft(board=1)
    d.add_calls("1S 2H P 3H")
    d.add_event({"happened": "wrong-board", "seat": "E", "board": 5})
    d.add_event({"director": "called"})
    r = d.rule()
    assigned = texts(r, cite="12C1(b)", code="assigned-adjusted-score")
    assert assigned and all("replacing the table result" not in t and "in place of any result obtained in play" in t
                            for t in assigned)


def test_artificial_scores_give_the_imp_figure_beside_the_percentage():
    d = Draft(board=1)
    d.add_event({"happened": "dealt-without-shuffle"})
    d.add_calls("1S P P P")
    d.add_event({"happened": "opening-lead-faced"})
    d.add_event({"happened": "play-ended"})
    d.add_event({"director": "called"})
    d.set("scoring", "teams")
    d.set("replay_event", False)
    r = d.rule()
    branches = [ln.text for ln in r.lines if ln.cite == "12C2(a)" and ln.branch]
    assert "Average minus (at most 40% at pairs, -3 IMPs at teams: 12C2(b))." in branches
    assert "Average plus (at least 60% at pairs, +3 IMPs at teams: 12C2(b))." in branches


def test_no_line_read_to_the_players_names_a_clause():
    # the players' words (a rule's say, else its text) of every line the script may read
    import re
    import yaml
    from pathlib import Path
    from bridge_director.ruling.grid import TELL_NOW
    clause = re.compile(r"\b(Law|Laws)\s+\d|\b\d{1,2}[A-H](\d|\b|\()")
    found = []
    for f in sorted((Path(__file__).resolve().parent.parent / "rules").glob("law-*.yaml")):
        for rule in yaml.safe_load(f.read_text())["rules"]:
            for c in rule.get("then", []):
                if "outcome" not in c or c.get("branch") or c.get("option"):
                    continue
                if c["outcome"] in TELL_NOW or c.get("say"):
                    words = c.get("say", c.get("text", ""))
                    if words and clause.search(words):
                        found.append((f.name, rule["id"], words[:60]))
    assert found == []


def test_a_call_on_wrong_board_cards_made_out_of_rotation_sends_the_auction_back():
    case, r = checked("law15-a2b-cancelled-call-was-out-of-rotation")
    assert texts(r, cite="15A2(b)") == [
        "E takes the proper cards for this board. The cancelled 1H had been made at N's turn: the auction goes "
        "on from N, and E calls again at their own turn."]
    assert not lines(r, "17C")

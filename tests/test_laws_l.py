"""laws-l (2026-12-05): the two faults the 50,000-case sweep left (docs/open-faults/
sweep-2026-12-05.md, seeds 27551 and 23768), each on cases of its kind in cases/, and tester12's
leftover rows (docs/open-faults/tester12.md)."""
from __future__ import annotations

import random
import re

from bridge_director.audit.generate import generate_data
from bridge_director.base import editions
from bridge_director.base.paths import rules_dir
from bridge_director.audit.properties import faults
from bridge_director.case.load import from_data
from bridge_director.session import api

from repo_cases import REPO_CASES, rule_case, texts


def _standing(r) -> dict[int, str]:
    return {c.event: c.standing for c in r.calls}


# ---------------------------------------------------------------- sweep seed 27551's kind
# A slip put right by a replacement, then a second offer "in place of" the slip: there is no
# slip left to replace. The second offer was ruled as a second 25A1 correction of the same
# slip ("2NT takes its place" beside "1D takes its place"), with a 25A6 line telling the
# slip-maker's LHO they had called over the slip (they had called over the intended call).

def test_a_second_offer_in_place_of_a_slip_already_put_right_is_not_a_second_correction():
    case, r = rule_case("law25-a1-slip-put-right-by-a-replacement-then-replaced-again-after-lho-called")
    assert texts(r, cite="25A1", code="call-stands") == [
        "1NT was a mechanical error or slip of the tongue: N's intended 1D takes its place."]
    assert texts(r, cite="25A6") == []
    [line] = texts(r, code="not-covered-yet")
    assert line.startswith("1NT had already been put right: N's intended 1D took its place (25A1). 2NT, offered "
                           "later in place of 1NT, has no 1NT left to replace: it can only be a change of 1D")
    assert faults(case, r) == []


def test_a_second_offer_at_once_is_not_ruled_as_a_correction_either():
    case, r = rule_case("law25-a1-slip-put-right-by-a-replacement-then-replaced-again-at-once")
    assert [ln.text for ln in r.lines if "takes its place" in ln.text] == [
        "1NT was a mechanical error or slip of the tongue: N's intended 1D takes its place."]
    assert [ln.code for ln in r.lines if ln.cite == "25A1"].count("not-covered-yet") == 1
    assert faults(case, r) == []


def test_the_25a6_line_does_not_read_as_the_replacement_standing():
    # the line said "call again over 2NT, or let it stand": read as "2NT stands" while 2NT is
    # open to East's 25B choice about 4C
    case, r = rule_case("law25-a6-lho-may-withdraw-over-a-replacement-later-changed-again")
    assert texts(r, cite="25A6", code="lho-may-withdraw") == [
        "E called over 1NT before it was changed: E may withdraw that call and call again over 2NT, or keep "
        "that call if it is still legal over 2NT; a call no longer legal over 2NT (insufficient, or a double "
        "or redouble Law 19 no longer allows) cannot stand, so E calls again."]
    assert _standing(r)[3] == "awaiting-decision"       # 2NT: 4C offered in its place
    assert faults(case, r) == []


def test_the_first_correction_of_a_slip_still_lets_lho_withdraw():
    data = {"case": "x", "title": "x", "board": 1,
            "events": [{"seat": "N", "call": "1NT"}, {"seat": "E", "call": "2C"},
                       {"seat": "N", "replaces": "1NT", "with": "2NT"}, {"director": "called"}],
            "judgement": {"N 1NT unintended": True}}
    r = api.rule(from_data(data, "inline"))
    assert [ln.code for ln in r.lines if ln.cite == "25A6"] == ["lho-may-withdraw", "information-unauthorised-to-offenders"]
    assert not [ln for ln in r.lines if ln.code == "not-covered-yet"]


# ---------------------------------------------------------------- sweep seed 23768's kind
# A bid above seven offered in place of an earlier call once the auction had ended: 25A5/25B2
# leave the earlier call standing; the tool put the bid in its place and then 38C's pass in
# the bid's place ("1S P P P; N 1S>8S" became a passed-out board).

def test_a_bid_above_seven_offered_after_the_end_leaves_the_contract_as_it_was():
    case, r = rule_case("law38-c-bid-above-seven-offered-after-the-auction-ended-first-call-stands")
    assert _standing(r) == {1: "stands", 2: "stands", 3: "stands", 4: "stands", 5: "cancelled"}
    assert texts(r, cite="38C") == [
        "N offered 8S in place of 1S only after the auction had ended: no pass is put in place of 8S (38C: the "
        "auction was already complete), 1S stands, the auction stays as it ended, and N and S have no turn to "
        "call left for the obligation to pass to apply to."]
    assert not [ln for ln in r.lines if ln.cite in ("17D2", "22B")]       # not passed out
    assert not [ln for ln in r.lines if "becomes a defender" in ln.text]   # the auction has ended
    assert faults(case, r) == []


def test_a_meant_pass_changed_to_a_bid_above_seven_after_the_end_stands():
    case, r = rule_case("law38-c-meant-pass-changed-to-a-bid-above-seven-after-the-end")
    assert _standing(r)[4] == "stands" and _standing(r)[5] == "cancelled"
    assert [ln.code for ln in r.lines if ln.cite == "38C"] == ["no-further-rectification"]
    assert texts(r, cite="26B") == [
        "The auction has ended with W a defender: N, declarer, may forbid E to lead one suit not specified by W "
        "in the legal auction, at E's first turn to lead, for as long as E keeps the lead."]
    assert faults(case, r) == []


def test_a_slip_put_right_by_a_bid_above_seven_before_the_lead_gets_38cs_pass():
    # 25A5 allows the correction until the end of the auction period: 8H takes the slip's place,
    # Law 38 cancels it and its pass ends the auction again (not "the auction is not over")
    case, r = rule_case("law38-c-slip-put-right-by-a-bid-above-seven-before-the-lead-pass-ends-the-auction")
    assert _standing(r)[4] == "withdrawn" and _standing(r)[5] == "replaced-by-pass"
    assert [ln.code for ln in r.lines if ln.cite == "38C"] == ["pass-substituted"]
    assert not [ln for ln in r.lines if ln.code == "auction-not-ended"]
    assert faults(case, r) == []


def test_the_38d_lead_line_is_settled_once_the_auction_has_ended():
    _, r = rule_case("law17-d2-fourth-seat-bid-above-seven-passed-out")
    assert not [ln for ln in r.lines if "becomes a defender" in ln.text]
    assert [ln.code for ln in r.lines if ln.cite == "22B"].count("lead-restriction-does-not-arise") == 1


def test_the_sweeps_two_seeds_have_no_fault():
    for seed in (27551, 23768):
        data = generate_data(random.Random(seed))
        case = from_data(data, f"seed-{seed}")
        assert faults(case, api.rule(case)) == [], seed


# ---------------------------------------------------------------- tester12's leftover rows

def _oneline(auction_events: list, judgement: dict | None = None, board: int = 1):
    data = {"case": "x", "title": "x", "board": board, "events": auction_events}
    if judgement:
        data["judgement"] = judgement
    return api.rule(from_data(data, "inline"))


def test_row_11_the_header_names_the_board_on_the_table():
    from bridge_director.ruling import grid
    from bridge_director.ruling.render import render_text
    r = _oneline([{"seat": "N", "call": "1S"}, {"happened": "wrong-board-at-table", "board": 2},
                  {"director": "called"}])
    assert grid.understood(r)[0] == "Board 2 (in place of board 1): dealer East, North-South vulnerable"
    assert render_text(r).splitlines()[0].startswith("Board 2 (in place of board 1): dealer East, North-South vulnerable - ")
    plain = _oneline([{"seat": "N", "call": "1S"}, {"director": "called"}])
    assert grid.understood(plain)[0] == "Board 1: dealer North, neither side vulnerable"


def test_row_2_hands_of_the_wrong_size_leave_16d_out_in_both_branches():
    _, r = rule_case("law13-a-hands-of-fourteen-and-twelve-a-card-seen-no-16d-options")
    assert not [ln for ln in r.lines if ln.cite.startswith("16D")]
    assert sorted({ln.branch for ln in r.lines}) == ["if no table has yet bid this board",
                                                      "if the board has already been bid at another table"]


def test_row_6_a_hand_found_short_after_the_lead_gets_the_conditional_count_line():
    _, r = rule_case("law07-b2-hand-found-short-after-the-lead-card-not-found-count-line")
    assert texts(r, cite="90") == [
        "If E's hand already held 12 cards when E called (the card not lost during the play), the cards were not "
        "counted before calling (7B2), and the director may give E a procedural penalty."]
    found_in_play = _oneline([{"seat": s, "call": c} for s, c in (("N", "1S"), ("E", "Pass"), ("S", "2S"),
                                                                  ("W", "Pass"), ("N", "Pass"), ("E", "Pass"))]
                             + [{"happened": "opening-lead-faced"}, {"happened": "hand-count", "seat": "E", "cards": 12},
                                {"director": "called"}, {"happened": "missing-card-found", "where": "played-cards"}])
    assert texts(found_in_play, cite="90") == []


def test_row_12_an_insufficient_bid_out_of_rotation_repeated_after_a_pass_is_law_27s():
    _, r = rule_case("law31-a1-insufficient-bid-out-of-rotation-repeated-after-rhos-pass-is-law-27")
    [line] = [ln for ln in r.lines if ln.cite == "31A1"]
    assert line.option == "W does not accept 1H; E passes"
    assert "the repeated 1H is an insufficient bid made in turn, and Law 27 deals with it" in line.text
    assert "if it is legal then" not in line.text
    legal = _oneline([{"seat": "N", "call": "1S"}, {"seat": "S", "call": "2H"}, {"director": "called"}])
    assert texts(legal, cite="31A1") == ["S must repeat 2H; if it is legal then, there is no rectification."]


def test_row_14_whose_turn_the_insufficient_bid_was_is_said_under_each_choice():
    _, r = rule_case("law27-a2-insufficient-bid-out-of-rotation-after-partners-pass-out-of-rotation-turn-depends")
    lines = [ln for ln in r.lines if ln.cite == "27A2"]
    assert [ln.option for ln in lines] == ["N accepts Pass", "N does not accept Pass"]
    assert not [ln for ln in r.lines if ln.cite == "27A2" and not ln.option]


def test_row_25_the_presumed_dummy_before_the_lead_is_41b():
    _, r = rule_case("law41-b-presumed-dummy-asks-for-a-review-before-the-opening-lead")
    assert [(ln.cite, ln.code) for ln in r.lines] == [("41B", "not-entitled")]
    assert "the opening leader's partner and the presumed declarer" in r.lines[0].text


def test_row_39_a_board_bid_after_moving_wrongly_names_15b():
    _, r = rule_case("law15-b-pair-moved-contrary-to-instructions-then-bid-a-board")
    [line] = texts(r, cite="15B")
    assert line.startswith("If the board NS began to bid after moving is not one designated for them this round, "
                           "Law 15B governs it")


def test_row_70_a_barred_players_insufficient_bid_asks_its_intent_once():
    _, r = rule_case("law37-barred-players-insufficient-bid-intent-asked-once")
    asked = [ln for ln in r.lines if ln.code == "judgement-needed" and "3H" in ln.text]
    assert [ln.cite for ln in asked] == ["25A2"]
    assert not [ln for ln in r.lines if "Law 27 applies as below" in ln.text]


def test_row_71_the_31b2_comparison_waits_for_the_insufficient_bid():
    _, r = rule_case("law31-b2-offenders-call-at-their-turn-is-an-insufficient-bid-law-27-first")
    assert not [ln for ln in r.lines if ln.cite in ("31A2(a)", "31A2(b)")]
    assert not [ln for ln in r.lines if ln.code == "judgement-needed" and "comparable to the cancelled 1H" in ln.text]
    assert [ln.code for ln in r.lines if ln.cite == "31B2"] == ["offender-may-call", "refer-to-law"]


# ---------------------------------------------------------------- the players' words in Portuguese

_CLAUSE_PT = re.compile(r"\b(Lei|Leis)\s+\d|\b\d{1,2}[A-H](\d|\b|\()")


def _without_portuguese_players_words() -> dict:
    """The outcomes whose words the players' script reads in English (a ``say``, or a line read
    out as it stands, TELL_NOW) with no Portuguese players' words: a ``say`` without ``say_pt``
    (the Portuguese script then reads the line's text, clauses and all, or nothing), or a line
    read as it stands whose ``text_pt`` names a clause. {(rule id, outcome code): rule file}."""
    from bridge_director.ruling.grid import TELL_NOW
    out = {}
    for edition in editions.names(rules_dir()):
        for r in api.rulebook(edition).rules:
            for c in r.then:
                d = c.data
                if c.kind != "outcome" or d.get("option") or d.get("branch") or d.get("say") == "":
                    continue
                if d.get("say") and "say_pt" not in c.tr:
                    out[(r.id, d["outcome"])] = r.file
                elif "say" not in d and d["outcome"] in TELL_NOW and _CLAUSE_PT.search(c.tr.get("text_pt", "")):
                    out[(r.id, d["outcome"])] = r.file
    return out


def _reached_in_the_cases(pairs) -> list:
    """Those of ``pairs`` that a line of the ruling of a case in cases/ (each case in its own
    edition; the Portuguese ruling has the same lines) comes from, outside options and branches."""
    reached = set()
    for path in sorted(REPO_CASES.rglob("*.yaml")):
        for ln in api.rule_file(path).lines:
            if not ln.option and not ln.branch and (ln.rule, ln.code) in pairs:
                reached.add((ln.rule, ln.code))
    return sorted(reached)


def test_no_rule_a_case_reaches_reads_english_only_words_to_portuguese_players():
    # laws-l: 116 outcomes (115 rules) reached by the cases had players' words in English only
    # (128 outcomes, 127 rules, in all the rulebooks); each now has its Portuguese words
    missing = _without_portuguese_players_words()
    assert _reached_in_the_cases(missing) == []
    assert sorted(missing) == []


def test_portuguese_players_hear_plain_words_not_clauses():
    from bridge_director.ruling import grid
    pt = api.rule_file(REPO_CASES / "law25-a6-lho-may-withdraw-over-a-replacement-later-changed-again.yaml", lang="pt")
    told = "\n".join(grid.tell_lines(pt, 200, []))
    assert "Leste pode retirar a voz feita depois do 1SA e falar de novo" in told, told
    assert not _CLAUSE_PT.search(told), told

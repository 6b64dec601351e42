"""The other codes (tester17's rows, docs/open-faults/tester17.md): the rubber code's silenced
players who call anyway, a word of acceptance from a player with no right to accept, the
players' script for a pass out of turn at partner's turn, the time a faced card was found, the
club code's cut for going out, and calls above seven named in Portuguese."""
from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.case.load import load_case
from bridge_director.ruling.grid import tell_the_table
from bridge_director.session import api

ROOT = Path(__file__).resolve().parent.parent
RUBBER = ROOT / "cases" / "rubber-1981"


def rb(name: str, lang: str | None = None):
    (path,) = RUBBER.glob(name + "-*.yaml")
    return api.rule(load_case(path), lang=lang)


def texts(ruling, cite: str | None = None, code: str | None = None) -> list[str]:
    return [ln.text for ln in ruling.lines if (cite is None or ln.cite == cite) and (code is None or ln.code == code)]


# ------------------------------------------------ rows 68, 69: a call by a silenced player

@pytest.mark.parametrize("name, cite, line", [
    ("rb-69", "seed004.12", "W had to pass for the rest of the auction but called 4H: seed 004 does not say what "
                            "follows, and the rubber code's own law on it is not in this rulebook."),
    ("rb-70", "seed004.12", "N had to pass for the rest of the auction but called 3NT: seed 004 does not say what "
                            "follows, and the rubber code's own law on it is not in this rulebook."),
    ("rb-71", "seed004.12", "S had to pass for the rest of the auction but called 3H: seed 004 does not say what "
                            "follows, and the rubber code's own law on it is not in this rulebook."),
    ("rb-73", "seed004.10", "S had to pass at this turn but called 1H: seed 004 does not say what follows, and the "
                            "rubber code's own law on it is not in this rulebook."),
    ("rb-74", "seed004.10", "N had to pass for the rest of the auction but called 3NT: seed 004 does not say what "
                            "follows, and the rubber code's own law on it is not in this rulebook."),
    ("rb-75", "seed004.10", "S had to pass at this turn whichever call N settles on (once if N goes back to 1D, for "
                            "the rest of the auction otherwise) but called 2C: seed 004 does not say what follows, "
                            "and the rubber code's own law on it is not in this rulebook."),
    ("rb-77", "seed004.15", "W had to pass at this turn but called 3H: seed 004 does not say what follows, and the "
                            "rubber code's own law on it is not in this rulebook."),
    ("rb-78", "seed004.15", "N had to pass throughout the auction but called 3C: seed 004 does not say what "
                            "follows, and the rubber code's own law on it is not in this rulebook."),
])
def test_a_call_by_a_player_the_ruling_silenced_is_said_to_be_beyond_the_column(name, cite, line):
    r = rb(name)
    assert texts(r, cite, "not-covered-yet") == [line]


@pytest.mark.parametrize("name", ["rb-72", "rb-76"])
def test_a_player_free_to_call_again_draws_no_such_line(name):
    assert not texts(rb(name), code="not-covered-yet")


# ------------------------------------------------ row 82: acceptance by a player with no right

def test_an_acceptance_by_the_wrong_opponent_keeps_the_penalty_free_correction():
    r = rb("rb-79")
    assert texts(r, "seed004.11", "decision-not-valid") == [
        "N is not the opponent who calls next: only S may accept E's 1H or refuse it, so N's word is of no "
        "effect and the choice stays with S."]
    assert texts(r, "seed004.12", "no-further-rectification") == [
        "2H is the lowest sufficient bid in the same denomination: no penalty."]
    assert ("seed004.11", "option-accept") in {(ln.cite, ln.code) for ln in r.lines}
    assert "call-accepted" not in {ln.code for ln in r.lines}


def test_an_acceptance_by_the_offenders_partner_keeps_every_option():
    r = rb("rb-80")
    assert texts(r, "seed004.12", "no-further-rectification") == [
        "2C is the lowest sufficient bid in the same denomination: no penalty."]
    assert texts(r, "seed004.11", "decision-not-valid")[0].startswith("E is not the opponent who calls next")


def test_a_refusal_by_the_wrong_opponent_does_not_stop_the_next_opponent_accepting_by_calling():
    r = rb("rb-81")
    assert texts(r, "seed004.11", "call-accepted") == [
        "W called over 1D and so accepted it: the auction goes on as if it were legal, with no penalty."]


@pytest.mark.parametrize("name, cite, who", [("rb-82", "seed004.13", "N"), ("rb-83", "seed004.16", "E")])
def test_a_word_on_a_call_out_of_turn_from_the_wrong_player_is_of_no_effect(name, cite, who):
    r = rb(name)
    (line,) = texts(r, cite, "decision-not-valid")
    assert line.startswith(f"{who} is not the opponent who calls next") and "of no effect" in line
    assert "option-accept" in {ln.code for ln in r.lines}


# ------------------------------------------------ row 11: the script for statement 18

@pytest.mark.parametrize("name, told", [
    ("rb-84", "South must pass throughout the auction; North may bid or pass at this turn, but may not double "
              "or redouble."),
    ("rb-85", "North must pass throughout the auction; South may bid or pass at this turn, but may not double "
              "or redouble."),
])
def test_the_players_hear_both_penalties_of_a_pass_out_of_turn_at_partners_turn(name, told):
    assert told in tell_the_table(rb(name))


def test_the_portuguese_script_carries_both_penalties_too():
    said = tell_the_table(rb("rb-84", lang="pt"))
    assert "Sul deve passar até o fim do leilão; Norte pode dar um lance ou passar nesta vez, mas não pode dar " \
           "contra nem recontra." in said


# ------------------------------------------------ row 71: when a fault of the deal was found

@pytest.mark.parametrize("name", ["rb-86", "rb-87"])
def test_a_card_faced_in_the_deal_raised_after_the_last_card_gets_no_redeal_from_the_column(name):
    r = rb(name)
    assert "new-shuffle-and-deal" not in {ln.code for ln in r.lines}
    assert texts(r, "seed004.1", "not-covered-yet") == [
        "Found after the last card was dealt: seed 004 gives no redeal for it, and the rubber code's own law on it "
        "is not in this rulebook."]


def test_a_card_faced_in_the_deal_raised_before_the_last_card_is_a_redeal():
    assert texts(rb("rb-88"), "seed004.1", "new-shuffle-and-deal") == [
        "There must be a redeal: the card was faced during the deal and found before the last card was dealt."]


def test_cards_dealt_incorrectly_raised_after_calls_get_no_redeal():
    r = rb("rb-89")
    assert "new-shuffle-and-deal" not in {ln.code for ln in r.lines}
    assert ("seed004.1", "not-covered-yet") in {(ln.cite, ln.code) for ln in r.lines}


def test_1997_a_card_seen_reported_only_after_both_sides_called_gets_no_new_deal():
    late = api.rule(load_case(ROOT / "cases" / "duplicate-1997" /
                              "d97-32-6d1-card-seen-before-both-sides-reported-after-calls.yaml"))
    assert texts(late, "6D1", "deal-stands") == ["The auction had begun for both sides when it was found: 6D1 gives "
                                                 "no new deal."]
    assert "new-shuffle-and-deal" not in {ln.code for ln in late.lines}
    early = api.rule(load_case(ROOT / "cases" / "duplicate-1997" /
                               "d97-33-6d1-card-seen-before-both-sides-reported-at-once.yaml"))
    assert "new-shuffle-and-deal" in {ln.code for ln in early.lines}


# ------------------------------------------------ rows 43, 75: the club code's cut for going out

def club_lines(name: str, lang: str = "en") -> list[dict]:
    from bridge_director.bridge import cutting
    from bridge_director.session import club
    (path,) = (ROOT / "tables" / "portland-bridge-c1909").glob(name + "-*.yaml")
    return club.rule(cutting.load_table(path), lang)


@pytest.mark.parametrize("name", ["pc-25", "pc-26"])
def test_equal_cards_for_one_place_out_send_nobody_out_and_are_cut_again(name):
    lines = club_lines(name)
    assert not [ln for ln in lines if ln["outcome"] == "goes-out"]
    (again,) = [ln for ln in lines if ln["outcome"] == "cut-again"]
    assert again["text"].startswith("Ann and Bob cut equal cards (suits do not rank) for the last place out")
    assert "only one may" in again["text"]


def test_two_places_out_a_tie_for_the_second_sends_out_only_the_highest():
    lines = club_lines("pc-27")
    assert [ln["for"] for ln in lines if ln["outcome"] == "goes-out"] == ["Ann"]
    assert [ln["for"] for ln in lines if ln["outcome"] == "cut-again"] == ["Bob"]


def test_two_equal_highest_for_two_places_both_go_out_without_a_recut():
    lines = club_lines("pc-29")
    assert sorted(ln["for"] for ln in lines if ln["outcome"] == "goes-out") == ["Ann", "Bob"]
    assert not [ln for ln in lines if ln["outcome"] == "cut-again"]


def test_the_tie_for_going_out_in_portuguese():
    (again,) = [ln for ln in club_lines("pc-26", "pt") if ln["outcome"] == "cut-again"]
    assert again["text"].startswith("Ann e Bob tiraram cartas iguais (os naipes não têm ordem)")


# ------------------------------------------------ row 52: bids above seven in Portuguese

def test_a_bid_above_seven_is_named_with_the_portuguese_strain_everywhere():
    from bridge_director.ruling.i18n import call_from_words, call_name, calls_in_words, contract_name
    assert call_name("8C", "pt") == "8♣" and call_name("9NT", "pt") == "9SA" and call_name("8H", "pt") == "8♥"
    assert call_from_words("8P", "pt") == "8C" and call_from_words("8C", "pt") == "8H"
    assert call_from_words("9SA", "pt") == "9NT" and call_from_words("8♣", "pt") == "8C"
    assert calls_in_words("W 8C over 7NT", "pt") == "W 8♣ over 7SA"
    assert contract_name("8SX", "pt") == "8♠X"


def test_a_portuguese_ruling_on_a_bid_above_seven_never_shows_the_english_letters():
    import re
    from bridge_director.session.draft import Draft
    d = Draft(board=1, file="t", lang="pt")
    d.add_calls("1P P 7SA 8P")
    r = api.rule(d.case(), lang="pt")
    words = " ".join(ln.text for ln in r.lines) + " ".join(tell_the_table(r))
    assert "8♣" in words
    assert not re.search(r"\b[89](?:C|D|H|S|NT)\b", words), words


# ------------------------------------------------ rows 24, 23: the review's moment and the auction

def test_a_review_stated_at_own_turn_is_checked_against_whose_turn_the_auction_shows():
    r = rb("rb-90")
    assert texts(r, "20", "review-not-allowed") == [
        "The case says W asked at their own turn to call, but the auction shows it is S's turn, not W's: W may ask "
        "for a review only at their own turn to call."]
    assert "review-allowed" not in {ln.code for ln in r.lines}
    later = rb("rb-91")
    assert "it was W's turn, not N's" in texts(later, "20", "review-not-allowed")[0]


def test_a_review_with_no_moment_typed_reads_it_from_the_auction():
    assert texts(rb("rb-92"), "20", "review-allowed") == [
        "S may have the auction restated: as the auction stands it is S's turn to call; an opponent restates it."]
    assert texts(rb("rb-93"), "20", "review-not-allowed") == [
        "As the auction stands it is E's turn to call, not S's: S may ask for a review only at their own turn to call."]
    assert not texts(rb("rb-92"), code="not-covered-yet")


# ------------------------------------------------ rows 20, 87: the rubber deal's header and dealer

def test_a_wrong_dealer_leaving_the_seat_to_the_header_keeps_the_no_redress_line():
    assert texts(rb("rb-94"), "seed004.3", "no-redress") == ["N, who missed the turn to deal, has no redress."]
    assert texts(rb("rb-95"), "seed004.3", "no-redress") == [
        "The player whose turn it was to deal (the case does not say who) has no redress."]


def test_a_board_number_sets_no_vulnerability_in_rubber_bridge():
    from bridge_director.ruling.render import render_text
    head = render_text(rb("rb-96")).splitlines()[0]
    assert head.startswith("The deal: dealer North, vulnerability not stated (in rubber bridge a board number "
                           "sets none)")
    assert "North-South vulnerable" not in head


# ------------------------------------------------ row 47: cards in Portuguese

def test_a_card_is_written_with_its_suit_symbol_in_portuguese():
    from bridge_director.ruling.i18n import cards_in_words
    from bridge_director.session.draft import Draft, parse_event
    assert cards_in_words("SK HT D6", "pt") == "♠K ♥10 ♦6" and cards_in_words("SK", "en") == "SK"
    d = Draft(board=1, file="t")
    d.add_calls("1C")
    d.add_event(parse_event("card-exposed E SK"))
    r = api.rule(d.case(), lang="pt")
    words = " ".join(ln.text for ln in r.lines)
    assert "♠K" in words and "SK" not in words

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

"""Fixes from the third director-tester's round (docs/open-faults/director-tester-2026-12-01-third.md):
the words read out at the table. The rulings' codes are in the cases' expect:."""
from __future__ import annotations


import pytest

from bridge_director.ruling.grid import tell_the_table


# T3-4: with nothing decided for a player, the table hears the line about the irregularity,
# not where the board stands (17D1) or which law governs (20F6)

@pytest.mark.parametrize("name, told, not_told", [
    ("law07-c-unshuffled-return-tell-the-table-names-it", "The board goes on as it is", "The opening lead is faced"),
    ("law20-f4-own-explanation-corrected-tell-the-table-names-it", "West corrects their own explanation",
     "A call made on misinformation"),
])
def test_tell_the_table_passes_over_background_lines(ruled, name, told, not_told):
    lines = tell_the_table(ruled(name))
    assert lines and lines[0].startswith(told), lines
    assert not any(t.startswith(not_told) for t in lines), lines


# T3-5: options that are the director's own (16D2) get no 10C1 head line about a player who
# chooses without consulting partner; a player's options still do

@pytest.mark.parametrize("name, head", [
    ("law16d-d3-the-director-chooses-no-10c-line", False),
    ("law16d-d2-the-director-chooses-among-four-no-10c-line", False),
    ("law27-b2-other-sufficient-bid", False),          # the choice made: no options left
    ("law27-ib-then-partner-passes-at-lhos-turn-order-open", True),
])
def test_options_head_only_for_a_players_choice(ruled, name, head):
    r = ruled(name)
    assert any(ln.code == "options-explained" for ln in r.lines) is head


# T3-6: a rule waiting on several calls gives a line for each; each question lists its own

@pytest.mark.parametrize("name, event, seat", [
    ("law20-f5b-ii-dummy-corrects-partners-explanation-after-final-pass", 7, "E"),
    ("law21-b1a-last-pass-changed-earlier-passes-too-late", 3, "S"),
])
def test_each_question_lists_only_its_own_lines(ruled, name, event, seat):
    from bridge_director.ruling.questions import questions
    qs = [q for q in questions(ruled(name)) if q["kind"] == "judgement" and q["about"].get("event") == event]
    assert len(qs) == 1, qs
    assert qs[0]["lines"] and all(t.startswith(f"Decide whether {seat}'s ") for t in qs[0]["lines"]), qs[0]["lines"]

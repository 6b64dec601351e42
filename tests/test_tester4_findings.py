"""Fixes from the fourth director-tester's round (docs/open-faults/director-tester-2026-12-01-fourth.md)
that show in words rather than in the rulings' codes (those are in the cases' expect:)."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from bridge_director.session import api
from bridge_director.case.load import load_case
from bridge_director.ruling.questions import questions

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"


# T4-2: a question about a card-exposed event names the cards as a director says them
# ("exposed HK"), never as a Python list ("exposed ['HK']")

@pytest.mark.parametrize("lang, words", [("en", "exposed HK"), ("pt", "exposta: HK")])
def test_question_names_the_exposed_cards_plainly(lang, words):
    case = load_case(CASES / "law11-a-forfeiture-question-names-the-exposed-card.yaml")
    qs = [q for q in questions(api.rule(case, lang=lang)) if q.get("property") == "forfeited"]
    assert len(qs) == 1, qs
    assert words in qs[0]["prompt"], qs[0]["prompt"]
    assert "[" not in qs[0]["prompt"] and "'" not in qs[0]["prompt"].replace("'s ", " "), qs[0]["prompt"]


# T4-4: the rubber code's title in Portuguese: "Leis do Bridge de Contrato"

def test_rubber_title_in_portuguese():
    out = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "rule", "--lang", "pt",
                          str(CASES / "rubber-1981" / "rb-30-partner-doubles-at-the-turn-after-pass-out-of-turn.yaml")],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    head = out.stdout.splitlines()[0]
    assert "Leis do Bridge de Contrato, bridge de rubber" in head, head


# T4-7: the committee report's "What happened" names a {director: ruled} event and a question
# plainly: not "Something happened", not the case format's "(about CALL, when given)"

def test_report_words_for_ruled_and_question(tmp_path):
    from bridge_director.paper.words import event_words
    p = tmp_path / "q.yaml"
    p.write_text("case: q\ntitle: t\nboard: 1\nevents:\n  - {seat: N, call: 1NT}\n  - {director: called}\n"
                 "  - {director: ruled}\n  - {happened: question, by: E, call: 1NT}\n  - {happened: question, by: W}\n")
    c = load_case(p)
    words = [event_words(e, c) for e in c.events]
    assert words[2] == "The director ruled on the rectification", words
    assert words[3] == "East asked an opponent about the auction (about 1NT)", words
    assert words[4] == "West asked an opponent about the auction", words

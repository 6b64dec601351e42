"""`director report` of a case with ``lang: pt`` (docs/open-faults/hostile-2026-12-05.md, left):
the committee's report was an English frame (The facts, Board, Dealer North, "awaiting a
decision", "North bid 1S", 1H in the grid) around Portuguese ruling lines. Now every word the
report writes itself is from the interface catalogue, in the case's language; what stays
English is the case's own text (title, notes) and the rulebook's English summaries in the
drawings, which the report says so."""
from __future__ import annotations

import html as html_mod
import re
from pathlib import Path

import pytest

from bridge_director.report.render import render_report

REPO = Path(__file__).resolve().parent.parent
#: words of the report's English frame; none may appear in a Portuguese report (outside the
#: case's own title, notes and source, and the drawings)
ENGLISH = ["The facts", "Board", "Dealer", "Vulnerability", "neither side", "Table result", "The auction",
           "awaiting a decision", "What happened", "The director", "director", " bid ", "Numbers in brackets",
           "The ruling", "What went wrong", "Choices open", "Findings", "The reasoning", "Because", "If ",
           "The laws cited", "Paraphrases", "The committee", "Decision", "Chair", "Date", "Law ", "event ",
           "North", "East", "South", "West", "accepted", "replaced", " found that", "case ib", "The test"]


def _pt_case(tmp_path, name: str, judgement: str = "") -> Path:
    text = (REPO / "cases" / name).read_text(encoding="utf-8")
    text = re.sub(r"(?m)^(title|notes|source):.*(\n[ ]+.*)*\n", "", text)     # the case's own words
    path = tmp_path / name
    path.write_text(text + "lang: pt\ntitle: caso\n" + judgement, encoding="utf-8")
    return path


def _frame_text(page: str) -> str:
    """The report's words, without the drawings and the style sheet."""
    page = re.sub(r"<style>.*?</style>|<svg.*?</svg>|<details.*?</details>", " ", page, flags=re.S)
    return html_mod.unescape(re.sub(r"<[^>]+>", "\n", page))


@pytest.mark.parametrize("name, judgement", [
    ("ib-03-insufficient-1h-over-1s.yaml", "judgement:\n  E 1H unintended: false\n"),
    ("boor-01-bid-at-rhos-turn.yaml", ""),
])
def test_a_portuguese_report_has_no_english_frame(tmp_path, name, judgement):
    path = _pt_case(tmp_path, name, judgement)
    for fmt in ("html", "md"):
        text = render_report(path, fmt)
        words = _frame_text(text) if fmt == "html" else text
        left = [w for w in ENGLISH if w in words]
        assert left == [], (fmt, left)


def test_the_portuguese_report_writes_facts_grid_events_and_findings_in_portuguese(tmp_path):
    path = _pt_case(tmp_path, "ib-03-insufficient-1h-over-1s.yaml", "judgement:\n  E 1H unintended: false\n")
    md = render_report(path, "md")
    assert "## Os fatos" in md and "| Bolsa | Dá as cartas | Vulnerabilidade |" in md
    assert "| 1 | Norte | nenhum lado vulnerável |" in md
    assert "| Oeste | Norte | Leste | Sul |" in md and "1♠ (1)" in md and "1H" not in md.split("### O que aconteceu")[0]
    assert "1. Norte: 1♠." in md and "3. O Diretor foi chamado por Sul." in md
    assert "- O 1♥ era a voz que Leste pretendia fazer? Sim." in md
    assert "**Se Sul aceita 1♥:**" in md
    page = render_report(path, "html")
    assert '<html lang="pt">' in page
    assert "os resumos das regras neste desenho estão em inglês" in page.lower()


def test_an_english_report_is_unchanged_in_its_words(tmp_path):
    md = render_report(REPO / "cases" / "ib-03-insufficient-1h-over-1s.yaml", "md")
    assert "## The facts" in md and "| 1 | North | neither side vulnerable |" in md
    assert "1. North bid 1S." in md and "Paraphrases in our own words" in md


def test_every_event_of_the_case_format_has_its_portuguese_name():
    # was: 45 of the 59 events had none, so a Portuguese question or report said "director
    # instructs do evento 1: what movement", "Board off centre do evento 1"
    from bridge_director.case.shapes import HAPPENED
    from bridge_director.ruling.i18n import gettext
    from bridge_director.ruling.questions import _DETAIL_WORDS
    _ = gettext("pt")
    names = [code.replace("-", " ") for code in HAPPENED]
    assert [n for n in names if _(n) == n] == []
    fields = {f for req, opt, _doc in HAPPENED.values() for f in (*req, *opt)}
    forms = [_DETAIL_WORDS.get(k, k + " {v}") for k in fields]
    assert [f for f in forms if f != "{v}" and _(f) == f] == []


def test_a_portuguese_report_of_every_kind_of_event_names_it_in_portuguese(tmp_path):
    md = render_report(_pt_case(tmp_path, "law08-a-b1-boards-moved-by-east.yaml"), "md")
    assert "director instructs" not in md and "instrução do Diretor" in md

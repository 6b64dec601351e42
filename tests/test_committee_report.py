"""The committee report a committee can use (issue 23, item 6): the reasoning with each premise
written once; for each finding the ruling turned on, the test the law sets and what the ruling
gains and loses if it is found the other way; the decision path kept in HTML, left out of the
PDF."""
from __future__ import annotations

import subprocess
from pathlib import Path

from bridge_director.paper.report import report
from bridge_director.report import render_report

REPO = Path(__file__).resolve().parent.parent
B2 = REPO / "cases" / "law27-b2-other-sufficient-bid.yaml"


def test_each_premise_is_written_once():
    md = render_report(B2, "md")
    reasoning = md.split("## The reasoning")[1].split("## ")[0]
    r = report(B2, with_svg=False)
    assert len(r.lines) == 11
    assert reasoning.count("East bid 1H (event 2)") == 4, reasoning       # was once per line
    assert "Because East bid 1H (event 2), East replaced 1H with 2NT (event 5) and the director found" in reasoning
    assert "- [6] West must pass whenever it is their turn for the rest of the auction: Law 27B2." in reasoning


def test_each_finding_has_its_test_and_the_ruling_found_the_other_way():
    r = report(B2, with_svg=False)
    comparable = next(v for v in r.revisits if "comparable" in v.finding)
    assert comparable.finding == "East's 2NT was not comparable to the call it replaced"
    assert comparable.test.startswith("Is 2NT comparable to the 1H it replaces (same or similar meaning")
    assert comparable.other_way == "East's 2NT was comparable to the call it replaced"
    assert "2NT is comparable to 1H: the auction goes on with no further rectification (27B1(b))." in comparable.gained
    assert "West must pass whenever it is their turn for the rest of the auction (27B2)." in comparable.lost
    meant = next(v for v in r.revisits if "meant" in v.finding)
    assert meant.test == "Was 1H the call East meant to make?"
    assert any("(25A1)" in t for t in meant.gained)
    html = render_report(B2, "html")
    assert "Findings the committee may revisit" in html and "If found the other way" in html


def test_the_decision_path_is_in_the_html_and_not_in_the_pdf(tmp_path):
    assert "The decision path" in render_report(B2, "html")
    pdf = tmp_path / "r.pdf"
    pdf.write_bytes(render_report(B2, "pdf"))
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "The reasoning" in text and "Findings the committee may revisit" in text
    assert "The decision path" not in text


def test_the_table_result_and_the_adjusted_score_are_on_the_report(tmp_path):
    text = B2.read_text(encoding="utf-8")
    case = tmp_path / "with-result.yaml"
    case.write_text(text + "result: 3NT by East, 8 tricks, North-South +50\n"
                           "adjusted: 4S by North, 10 tricks, North-South +420\n", encoding="utf-8")
    md = render_report(case, "md")
    assert "Table result: 3NT by East, 8 tricks, North-South +50" in md
    assert "Adjusted score: 4S by North, 10 tricks, North-South +420" in md
    html = render_report(case, "html")
    assert "<td>Table result</td><td>3NT by East, 8 tricks, North-South +50</td>" in html
    plain = render_report(B2, "md")
    assert "Table result: not stated in the case (result:)" in plain and "Adjusted score" not in plain

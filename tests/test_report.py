"""`director report` and `director casebook`: the facts, the auction grid, a reasoning
sentence per ruling line, no internal words; HTML checked in headless Chromium; PDF pages."""
from __future__ import annotations

import pathlib
import re
import shutil
import subprocess
import sys

import pytest

from bridge_director.session import api
from bridge_director.paper import report as build
from bridge_director.report import render

from browser import page  # tests/browser.py (pytest puts tests/ on sys.path)

REPO = pathlib.Path(__file__).resolve().parent.parent
B2 = "cases/law27-b2-other-sufficient-bid.yaml"
BOOR = "cases/boor-01-bid-at-rhos-turn.yaml"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=REPO, capture_output=True,
                          timeout=300)


def internal_words(book) -> list[str]:
    """Words a committee report must not show: outcome codes, rule ids, trace jargon."""
    codes = [c for c in book.vocabulary if "-" in c]
    return codes + [r.id for r in book.rules] + ["stratum", "idx=", "rel=", "tested", "fid", "(absent)"]


def found_internal(text: str, words: list[str]) -> list[str]:
    return [w for w in words if re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", text)]


def test_markdown_report_states_facts_ruling_and_reasoning():
    out = run_cli("report", B2, "--format", "md")
    assert out.returncode == 0, out.stderr
    md = out.stdout.decode()
    assert "| 1 | North | neither side vulnerable |" in md
    assert "| West | North | East | South |" in md
    assert "|  | 1S (1) | ~~1H~~ (2) 2NT (5) |  |" in md
    assert "4. South did not accept 1H." in md
    assert "- East's 2NT was not comparable to the call it replaced." in md
    reasons = re.findall(r"^- \[\d+\] .*: Law (\S+)\.$", md.split("## The reasoning")[1].split("##")[0], re.M)
    ruling = api.rule_file(REPO / B2)
    assert reasons == [ln.cite for ln in ruling.lines]
    assert ("Because East bid 1H (event 2), East replaced 1H with 2NT (event 5) and the director found that "
            "East's 2NT was not comparable to the call it replaced:\n\n- [5] East's 2NT stands in place of 1H: "
            "Law 27B2.\n- [6] West must pass") in md
    assert "- **27B2**: Replaced by any other sufficient bid or by a pass" in md
    assert "## The committee" in md and "### Decision" in md


def test_no_report_shows_internal_words():
    """Every case in cases/: no outcome code, rule id or trace word outside the case's own notes."""
    book = api.rulebook()
    words = internal_words(book)
    for f in sorted((REPO / "cases").glob("*.yaml")):
        r = build.report(f, book, with_svg=False)
        r.notes = ""
        md = render.markdown(r)
        hits = found_internal(md, words)
        assert not hits, (f.name, hits)
        assert "If if" not in md and "If If" not in md, f.name


def test_reasoning_names_the_events_behind_each_line():
    r = build.report(REPO / BOOR, with_svg=False)
    assert r.lines[0].reason == ("South bid 2C (event 3); so it was East's turn to call, not South's: "
                                 "South's 2C is a call out of rotation: Law 17C.")
    assert r.lines[1].text.startswith("The director explains all the options below")   # 10C1 heads the options
    assert r.lines[2].reason.startswith("If West accepts 2C: South bid 2C (event 3); so West may accept 2C")
    assert [len(rows) for rows in [r.grid.rows]] == [1]
    assert [c.call if c else None for c in r.grid.rows[0]] == ["1S", "Pass", None, "2C"]


def test_html_report_in_headless_chromium(tmp_path):
    out = tmp_path / "r.html"
    proc = run_cli("report", B2, "--format", "html", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    book = api.rulebook()
    ruling = api.rule_file(REPO / B2)
    with page() as p:
        p.goto(out.as_uri())
        assert p.title() == ruling.case.title
        facts = p.inner_text("section.facts")
        assert "Dealer\tNorth" in facts or "Dealer North" in facts.replace("\t", " ")
        assert "neither side vulnerable" in facts
        head = p.locator("table.auction th").all_inner_texts()
        assert head == ["West", "North", "East", "South"]
        cells = [c.strip() for c in p.locator("table.auction tbody tr").first.locator("td").all_inner_texts()]
        assert cells[1].startswith("1S") and "2NT" in cells[2] and cells[2].startswith("1H")
        assert p.locator("table.auction del").inner_text() == "1H"
        reasons = p.locator("section.reasoning ul.follows li").all_inner_texts()
        assert len(reasons) == len(ruling.lines)
        for text, ln in zip(reasons, ruling.lines):
            assert text.endswith(f": Law {ln.cite}."), text
        assert p.locator("section.diagram svg").count() == 1
        assert p.locator("section.diagram svg g.node").count() >= len(ruling.lines)
        assert p.locator("details.chart summary").all_inner_texts() == ["Law 12: Adjusted scores", "Law 27: Insufficient bid"]
        assert p.locator("details.chart svg").count() == 2
        assert "The committee" in p.inner_text("section.committee")
        body = p.inner_text("body")
        assert not found_internal(body, internal_words(book))


def test_pdf_report_has_pages(tmp_path):
    if not shutil.which("pdftoppm"):
        pytest.skip("poppler-utils not installed (make sysdeps installs it)")
    out = tmp_path / "r.pdf"
    proc = run_cli("report", B2, "--format", "pdf", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes()[:5] == b"%PDF-"
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(out), str(tmp_path / "p")], check=True)
    pages = sorted(tmp_path.glob("p-*.png"))
    assert 2 <= len(pages) <= 6


def test_casebook_has_contents_each_case_and_index_by_law(tmp_path):
    folder = tmp_path / "book"
    folder.mkdir()
    for f in (B2, BOOR):
        shutil.copy(REPO / f, folder)
    proc = run_cli("casebook", str(folder), "--format", "html")
    assert proc.returncode == 0, proc.stderr
    page_html = proc.stdout.decode()
    assert page_html.count('<article class="case">') == 2
    contents = page_html.split('<ol class="contents">')[1].split("</ol>")[0]
    assert "#case-law27-b2-other-sufficient-bid" in contents and "#case-boor-01-bid-at-rhos-turn" in contents
    index = page_html.split('id="index"')[1]
    assert re.search(r"<dt>17C .*?</dt>\s*<dd><a href=\"#case-boor-01-bid-at-rhos-turn\">", index)
    assert re.search(r"<dt>27B2 .*?</dt>\s*<dd><a href=\"#case-law27-b2-other-sufficient-bid\">", index)


def test_report_of_a_malformed_case_is_one_line_exit_2(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("case: x\ntitle: t\nsource: teaching\nboard: 1\nevents:\n  - {seat: Q, call: 1H}\n")
    proc = run_cli("report", str(bad))
    assert proc.returncode == 2
    err = proc.stderr.decode().strip()
    assert len(err.splitlines()) == 1 and f"{bad}:6:" in err and "seat" in err, err
    assert proc.stdout == b""


def test_casebook_of_an_empty_folder_is_bad_input(tmp_path):
    proc = run_cli("casebook", str(tmp_path))
    assert proc.returncode == 2
    err = proc.stderr.decode().strip()
    assert len(err.splitlines()) == 1 and "found none" in err, err


def test_an_unused_finding_is_named_in_words(tmp_path):
    """A finding no rule read is listed for the committee as a sentence with its case line
    ("North's 2C was artificial (line 19)"), not as the case file's key ("N 2C artificial")."""
    text = (REPO / "cases" / "law27-b1b-comparable-call.yaml").read_text()
    case = tmp_path / "unused.yaml"
    case.write_text(text.replace("with: 3C", "with: 3NT").replace("N 3C comparable", "N 3NT comparable"))
    rep = build.report(case, with_svg=False)
    assert rep.unused == ["North's 2C was artificial (line 19)"]


def test_a_finding_of_sides_at_fault_names_the_sides():
    """A list finding of sides (12C2 fault) reads as the sides at fault in full, not as a
    denomination list ("... specified EW" was the fault)."""
    rep = build.report(REPO / "cases" / "law12-c2a-from-15b3-fault-judged.yaml", with_svg=False)
    assert rep.findings == [
        "The sides due to play that board later in the session, for what happened at event 2 (the table is "
        "playing board 7, not the board it was given): none",
        "The sides directly at fault for what happened at event 2 (the table is playing board 7, not the board it "
        "was given): East-West",
        "The sides only partly at fault for what happened at event 2 (the table is playing board 7, not the board it "
        "was given): none"]


def test_every_judgement_property_has_its_question_and_its_finding_words():
    """One table (bridge_director.case.judgements) gives each property of the case format its question and
    its finding words; a property added to the format without them fails here."""
    from bridge_director.case.shapes import JUDGEMENT_PROPS
    from bridge_director.case.judgements import PROPERTIES
    from bridge_director.ruling.questions import PROMPTS
    from bridge_director.paper.words import LIST_WORDS, PROPERTY_WORDS
    assert list(JUDGEMENT_PROPS) == list(PROPERTIES) == list(PROMPTS)
    for name, p in PROPERTIES.items():
        listed = p.means.startswith("list")
        assert (name in LIST_WORDS) == listed and (name in PROPERTY_WORDS) != listed, name
        assert "{about}" in p.found and "{items}" in p.found if listed else all(p.found), name

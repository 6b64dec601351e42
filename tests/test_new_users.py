"""What new users found (docs/open-faults/new-users-2026-12-05.md): a director with a phone, a
law teacher building a quiz, an appeals committee printing a report. Each test failed before
its fix."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridge_director.report.render import render_report

REPO = Path(__file__).resolve().parent.parent
C16B = REPO / "cases" / "law16b-explanation-ui-east-raises-after-stayman-explained-natural.yaml"


def test_a_finding_about_a_pass_reads_as_english_and_says_which_pass():
    # was: "South's a pass was not a call the misinformation could have influenced" (South passed
    # at events 5 and 9: which one?), and "(west explained partner's 2C ...)" in lower case
    md = render_report(C16B, "md")
    assert "- South's pass at event 5 was not a call the misinformation could have influenced." in md
    assert "'s a pass" not in md
    assert "(West explained partner's 2C to an opponent)" in md and "(west " not in md
    assert "- North's 3C was not a call" in md          # a call made once: no event number needed


def test_the_reasoning_and_revisits_of_a_long_report_may_break_across_pages():
    # was: each premise and each revisit kept whole on one page, so a long one left most of a
    # page blank (pages 3, 4 and 5 of the 16B/20F report half empty)
    css = (REPO / "bridge_director" / "paper" / "templates" / "style.css").read_text()
    rules = dict(re.findall(r"(?m)^([.\w ,#-]+?)\s*\{([^}]*)\}", css))
    assert "break-inside: avoid" not in rules[".reason"] and "break-inside: avoid" not in rules[".revisit"]
    assert "break-after: avoid" in rules[".reason .because"]     # a premise stays with its first line


def test_a_judgement_question_opens_with_a_capital_in_portuguese(tmp_path):
    # the page asked "explicação do evento 4: por Sul, 2♦ deixou de descrever o acordo da dupla ...?"
    from bridge_director.case.load import load_case
    from bridge_director.ruling.questions import questions
    from bridge_director.session import api
    text = C16B.read_text(encoding="utf-8").replace("  event 4 misinformation: true\n", "")
    (tmp_path / "c.yaml").write_text(text + "lang: pt\n", encoding="utf-8")
    asked = [q["prompt"] for q in questions(api.rule(load_case(tmp_path / "c.yaml")))]
    assert any("deixou de descrever" in p for p in asked), asked
    assert [p for p in asked if p[:1].islower()] == []


def test_a_quiz_case_without_a_key_says_where_the_codes_come_from(capsys):
    # a teacher's first quiz stops at "expected an answer key ...": the codes were nowhere named
    from bridge_director.cli.main import main
    assert main(["quiz", str(REPO / "tests" / "fixtures" / "quiz" / "nokey")]) == 2
    assert "--format json` gives each line's cite and outcome" in capsys.readouterr().err


from test_web_browser import PHONE, Director, browser, server  # noqa: E402,F401  (the page's fixtures)


def test_the_something_else_panel_fits_a_phone(server, browser):
    # was: opening "Something else" on a 390 px phone made the page 700 px wide: the list's longest
    # line ("BY explained partner's CALL to an opponent"...) widened the form, its own title was
    # pushed off the screen and the note and fields were cut at the right edge
    page = browser.new_page(viewport=PHONE)
    page.set_default_timeout(15_000)
    d = Director(page, server)
    d.start(7)
    d.call("1NT")
    page.click("summary:has-text('Something else')")
    page.wait_for_selector("form.other select[name=kind]")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = page.locator("form.other").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.close()


def test_a_call_told_of_in_an_event_is_written_as_the_language_writes_it(tmp_path):
    # the Portuguese report and questions said "Explicação do evento 4: por Oeste, 2C" (2C is two
    # hearts to a Brazilian director: C is copas)
    (tmp_path / "c.yaml").write_text(C16B.read_text(encoding="utf-8") + "lang: pt\n", encoding="utf-8")
    md = render_report(tmp_path / "c.yaml", "md")
    assert "4. Explicação do evento 4 (por Oeste, 2♣)." in md and "por Oeste, 2C" not in md

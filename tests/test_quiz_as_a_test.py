"""A quiz that can be a test (issue 23, item 7): a key item that names no player means "no one
in particular" and is graded so; `director quiz --serve` gives a page that holds no key and no
ruling, marked by the local server; the case's notes are shown to the trainee; `director
check` understands a quiz folder."""
from __future__ import annotations

import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bridge_director import quiz
from bridge_director.quiz.model import NOBODY, Answer, grade_point, item_player
from bridge_director.session import api

from browser import page  # tests/browser.py

REPO = Path(__file__).resolve().parent.parent
BOOK = api.rulebook()
NOBODY_QUIZ = quiz.load_quiz([str(REPO / "tests/fixtures/quiz/nobody")], BOOK)
BASIC = quiz.load_quiz([str(REPO / "tests/fixtures/quiz/basic")], BOOK)


def test_a_key_item_naming_no_player_means_no_one_in_particular():
    qc = NOBODY_QUIZ.cases[0]
    point = qc.points[0]
    adj = next(k for k in point.key if k.outcome == "adjust-if-offender-could-have-known")
    assert adj.who is None and item_player(adj, qc.ruling) == NOBODY
    bar = next(k for k in point.key if k.outcome == "partner-must-pass-rest")
    right = Answer({"partner-must-pass-rest": ("W", ["27B2"]), "adjust-if-offender-could-have-known": (None, ["72C"])})
    assert grade_point(point, right, qc.ruling).score == 2
    said_no_one = Answer({**right.picks, "adjust-if-offender-could-have-known": (NOBODY, ["72C"])})
    assert grade_point(point, said_no_one, qc.ruling).score == 2
    # naming a player for an item that concerns no one in particular is a wrong player
    named = Answer({**right.picks, "adjust-if-offender-could-have-known": ("E", ["72C"])})
    mark = grade_point(point, named, qc.ruling)
    assert round(mark.score, 4) == round(1 + 2 / 3, 4)
    assert [m.player for m in mark.items] == [True, False]
    # an item that names its player is graded on it as before
    wrong_player = Answer({**right.picks, "partner-must-pass-rest": ("E", ["27B2"])})
    assert round(grade_point(point, wrong_player, qc.ruling).score, 4) == round(1 + 2 / 3, 4)
    assert bar.who == "W"


def test_the_served_page_holds_no_key_and_no_ruling():
    served = quiz.export_html(BASIC, BOOK, served=True)
    exported = quiz.export_html(BASIC, BOOK)
    from markupsafe import escape
    reasons = [str(escape(ln.reason)) for qc in BASIC.cases for ln in qc.report.lines]
    assert all(r in exported for r in reasons[:3])           # the self-marking export holds them
    assert not any(r in served for r in reasons)
    assert re.search(r'atob\(""\)', served) and not re.search(r'atob\("[A-Za-z0-9+/=]{20,}"\)', served)
    for qc in BASIC.cases:                                   # no key item in words either
        for k in qc.key:
            assert f"Law {k.cite}: " not in served


def test_the_server_marks_the_answers_as_the_terminal_does():
    from starlette.testclient import TestClient
    from bridge_director.quiz.serve import app
    client = TestClient(app(BASIC, BOOK), base_url="http://127.0.0.1")
    assert client.get("/").status_code == 200 and "atob(\"\")" in client.get("/").text
    right = [[{k.outcome: [item_player(k, qc.ruling), [k.cite]] for k in p.key} for p in qc.points]
             for qc in BASIC.cases]
    got = client.post("/grade", json={"answers": right}).json()
    assert got["score"] == got["out_of"] == 5
    assert got["cases"][0]["reasons"] == [ln.reason for ln in BASIC.cases[0].report.lines]
    assert all("player right" in line for c in got["cases"] for p in c["points"] for line in p["lines"])
    bad = client.post("/grade", json={"answers": [[]]})
    assert bad.status_code == 400 and "expected" in bad.json()["error"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_trainee_takes_the_served_quiz_in_chromium(tmp_path):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "bridge_director.cli.main", "quiz", "tests/fixtures/quiz/basic",
                             "--serve", "--port", str(port)], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line and "holds no key" in line, proc.stderr.read() if not line else line
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        with page() as p:
            p.set_viewport_size({"width": 390, "height": 844})
            p.goto(f"http://127.0.0.1:{port}/")
            assert "The page holds no answers" in p.inner_text("body")
            assert p.evaluate("document.documentElement.scrollWidth") <= 390
            for ci, qc in enumerate(BASIC.cases):
                for pi, pt in enumerate(qc.points):
                    for k in pt.key:
                        base = f'fieldset.point[data-case="{ci}"][data-point="{pi}"] .choice[data-code="{k.outcome}"]'
                        p.check(base + " input.pick")
                        p.select_option(base + " select.who", item_player(k, qc.ruling))
                        p.check(base + f' input.cite[value="{k.cite}"]')
            p.click("#submit")
            p.wait_for_selector("#score:not([hidden])")
            assert p.inner_text("#score") == "Score: 5.00 out of 5 (100%)"
            assert BASIC.cases[0].report.lines[5].reason in p.inner_text("body")
            p.screenshot(path=str(tmp_path / "served-quiz-390.png"), full_page=True)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_the_case_notes_are_shown_to_the_trainee():
    from markupsafe import escape
    qc = BASIC.cases[1]                                      # law29-a-lho-calls-over-coor has notes:
    assert qc.report.notes
    assert str(escape(qc.report.notes)) in quiz.export_html(BASIC, BOOK, served=True)
    from bridge_director.quiz.terminal import show_facts
    from rich.console import Console
    console = Console(record=True, width=200)
    show_facts(console, qc)
    assert "Notes: " + qc.report.notes[:60] in console.export_text()


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=300)


def test_director_check_understands_a_quiz_folder(tmp_path):
    ok = run_cli("check", "quizzes/01-insufficient-bids")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "PASS ib-01-insufficient-1h-over-1nt" in ok.stdout and "10 passed, 0 failed" in ok.stdout
    every = run_cli("check", "quizzes")
    assert every.returncode == 0 and re.search(r"\d{2,} passed, 0 failed", every.stdout), every.stdout[-300:]
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "quiz.yaml").write_text("title: t\ncases:\n  - path: " + str(REPO / "cases/ib-01-insufficient-1h-over-1nt.yaml")
                                   + "\n    key:\n      - {cite: 27B2, outcome: no-such-code}\n  - missing.yaml\n")
    got = run_cli("check", str(bad))
    assert got.returncode == 2
    assert "quiz.yaml:3:1: key.1.outcome: unknown outcome code 'no-such-code'" in got.stdout
    assert "quiz.yaml:6:1: cases: expected a case file, found no file" in got.stdout

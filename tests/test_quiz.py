"""`director quiz`: a scripted trainee in a pseudo-terminal (right, half right, wrong), the
exported page marked in headless Chromium, partial credit, and bad input."""
from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from bridge_director.session import api
from bridge_director import quiz
from bridge_director.quiz.model import SEATS, Answer, grade_point, item_player

from browser import page  # tests/browser.py (pytest puts tests/ on sys.path)

REPO = pathlib.Path(__file__).resolve().parent.parent
BASIC = "tests/fixtures/quiz/basic"
BOOK = api.rulebook()
QUIZ = quiz.load_quiz([str(REPO / BASIC)], BOOK)


def right_answer(qc, point) -> Answer:
    """What a trainee who knows the ruling answers at ``point``."""
    ans = Answer()
    for it in point.key:
        who, cites = ans.picks.get(it.outcome, (item_player(it, qc.ruling), []))
        ans.picks[it.outcome] = (who, cites + [it.cite])
    return ans


def typed(qc, point, ans: Answer) -> list[str]:
    """The lines a trainee types for ``ans`` at ``point`` (choices, then player and clauses)."""
    codes = [c.code for c in point.choices]
    picked = [codes.index(code) + 1 for code in ans.picks]
    out = [",".join(map(str, picked)) or "0"]
    for code in ans.picks:
        who, cites = ans.picks[code]
        out.append(str(SEATS.index(who) + 1 if who else 5))
        out.append(",".join(str(point.cites.index(c) + 1) for c in cites))
    return out


def run_trainee(answers: list[list[Answer]], bad_first: bool = False) -> str:
    """Run the quiz in a pseudo-terminal, typing ``answers`` (per case, per point)."""
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="200")
    child = pexpect.spawn(sys.executable, ["-m", "bridge_director.cli.main", "quiz", BASIC], cwd=str(REPO), env=env,
                          encoding="utf-8", timeout=120, dimensions=(50, 200))
    log = []
    child.logfile_read = type("L", (), {"write": lambda s, x: log.append(x), "flush": lambda s: None})()
    for qc, per_point in zip(QUIZ.cases, answers):
        for point, ans in zip(qc.points, per_point):
            lines = typed(qc, point, ans)
            for k, line in enumerate(lines):
                child.expect([r"Your choices: ", r"Player: ", r"Clause: "])
                if bad_first and k == 0:
                    child.sendline("99")
                    child.expect("is not one of the choices: answer with numbers 1 to")
                    child.expect(r"Your choices: ")
                    bad_first = False
                child.sendline(line)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, "".join(log)
    return "".join(log)


def model_score(answers) -> float:
    return sum(grade_point(p, a, qc.ruling).score for qc, per in zip(QUIZ.cases, answers) for p, a in zip(qc.points, per))


def test_the_fixture_quiz_has_the_teachers_key_and_the_cases_own():
    b2, coor = QUIZ.cases
    assert [(k.cite, k.outcome, k.who) for k in b2.key] == [
        ("27B", "offender-must-replace", "E"), ("27B2", "partner-must-pass-rest", "W"),
        ("26B", "lead-restriction-possible", "W")]
    assert len(b2.points) == 1 and b2.points[0].heading == "The ruling"
    assert [(k.cite, k.outcome) for k in coor.key] == [("17C", "irregularity"), ("29A", "call-accepted")]
    assert [p.heading for p in coor.points] == ["What went wrong", "The ruling"]
    for qc in QUIZ.cases:
        for p in qc.points:
            assert {k.outcome for k in p.key} <= {c.code for c in p.choices}
            assert len(p.choices) > len({k.outcome for k in p.key})       # distractors from the rulebook
            assert {k.cite for k in p.key} <= set(p.cites)
            assert all(c.words == " ".join(BOOK.vocabulary[c.code].split()) for c in p.choices if c.code != "irregularity")


def test_partial_credit_per_item():
    qc = QUIZ.cases[0]
    p = qc.points[0]
    assert grade_point(p, right_answer(qc, p), qc.ruling).score == 3
    # right consequences, right players, one wrong clause: 2/3 off one item
    ans = right_answer(qc, p)
    ans.picks["partner-must-pass-rest"] = ("W", ["27B3"])
    mark = grade_point(p, ans, qc.ruling)
    assert round(mark.score, 4) == round(2 + 2 / 3, 4)
    assert mark.wrong_clauses == [("partner-must-pass-rest", "27B3")]
    # naming more clauses than the key gives a consequence costs a third for each one more
    ans.picks["partner-must-pass-rest"] = ("W", ["27B3", "27B2"])
    assert round(grade_point(p, ans, qc.ruling).score, 4) == round(3 - 1 / 3, 4)
    # a consequence not in the key costs a third
    ans = right_answer(qc, p)
    wrong = next(c.code for c in p.choices if c.code not in ans.picks)
    ans.picks[wrong] = (None, [])
    assert round(grade_point(p, ans, qc.ruling).score, 4) == round(3 - 1 / 3, 4)
    assert grade_point(p, Answer(), qc.ruling).score == 0


def test_scripted_trainee_right():
    answers = [[right_answer(qc, p) for p in qc.points] for qc in QUIZ.cases]
    out = run_trainee(answers, bad_first=True)
    assert "Case 1 of 2: Insufficient 1H over 1S replaced by 2NT" in out
    assert "West            North           East            South" in out
    assert "5. East replaced 1H with 2NT." in out
    assert "Marks: 3.00 of 3" in out and "Marks: 2.00 of 2" in out
    assert "Score: 5.00 out of 5 (100%)" in out
    assert "The ruling, and why:" in out and "so West must pass" in out


def test_scripted_trainee_half_right():
    """First case right; second: the irregularity right with the wrong clause, the rest not answered."""
    case1 = [right_answer(qc, p) for qc in QUIZ.cases[:1] for p in qc.points]
    coor = QUIZ.cases[1]
    wrong_cite = next(c for c in coor.points[0].cites if c != "17C")
    half = Answer({"irregularity": (item_player(coor.key[0], coor.ruling), [wrong_cite])})
    answers = [case1, [half, Answer()]]
    expected = model_score(answers)
    assert round(expected, 2) == 3.67     # 3 + (consequence and player right, clause wrong: 2/3)
    out = run_trainee(answers)
    assert "Score: 3.67 out of 5 (73%)" in out
    assert "not in the answer: Law 29A:" in out
    assert "clause wrong (Law 17C)" in out


def test_scripted_trainee_wrong():
    answers = []
    for qc in QUIZ.cases:
        per = []
        for p in qc.points:
            code = next(c.code for c in p.choices if c.code not in {k.outcome for k in p.key})
            per.append(Answer({code: ("N", [p.cites[0]])}))
        answers.append(per)
    out = run_trainee(answers)
    assert "Score: 0.00 out of 5 (0%)" in out
    assert "not in the key:" in out and out.count("not in the answer:") == 5


def choose(p, ci, pi, code, who, cites):
    base = f'fieldset.point[data-case="{ci}"][data-point="{pi}"] .choice[data-code="{code}"]'
    p.check(base + " input.pick")
    p.select_option(base + " select.who", who or "-")
    for c in cites:
        p.check(base + f' input.cite[value="{c}"]')


def test_exported_page_graded_in_headless_chromium(tmp_path):
    out = tmp_path / "quiz.html"
    proc = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "quiz", BASIC, "--export", "html", "-o", str(out)],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    html = out.read_text()
    assert "http://" not in html.replace('xmlns="http://www.w3.org', "") and "<script src" not in html
    reason = QUIZ.cases[0].report.lines[5].reason
    with page() as p:
        p.goto(out.as_uri())
        body = p.inner_text("body")
        assert "Insufficient 1H over 1S replaced by 2NT" in body and "East replaced 1H with 2NT." in body
        assert p.locator("table.auction").count() == 2
        assert reason not in body and not p.locator(".solution").first.is_visible()
        assert not p.locator("#score").is_visible()
        # right everywhere
        for ci, qc in enumerate(QUIZ.cases):
            for pi, pt in enumerate(qc.points):
                for code, (who, cites) in right_answer(qc, pt).picks.items():
                    choose(p, ci, pi, code, who, cites)
        p.click("#submit")
        assert p.inner_text("#score") == "Score: 5.00 out of 5 (100%)"
        assert reason in p.inner_text("body")
        # half right, as in the terminal test
        p.reload()
        for pi, pt in enumerate(QUIZ.cases[0].points):
            for code, (who, cites) in right_answer(QUIZ.cases[0], pt).picks.items():
                choose(p, 0, pi, code, who, cites)
        coor = QUIZ.cases[1]
        wrong_cite = next(c for c in coor.points[0].cites if c != "17C")
        choose(p, 1, 0, "irregularity", item_player(coor.key[0], coor.ruling), [wrong_cite])
        p.click("#submit")
        assert p.inner_text("#score") == "Score: 3.67 out of 5 (73%)"
        marks = p.inner_text('fieldset.point[data-case="1"][data-point="0"] .marks')
        assert "clause wrong (Law 17C)" in marks
        # nothing answered
        p.reload()
        p.click("#submit")
        assert p.inner_text("#score") == "Score: 0.00 out of 5 (0%)"


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("args, where, what", [
    (["quiz", "tests/fixtures/quiz/empty"], "tests/fixtures/quiz/empty", "found none"),
    (["quiz", "tests/fixtures/quiz/nokey"], "tests/fixtures/quiz/nokey/no-key.yaml:1:1", "expected an answer key"),
    (["quiz", "no/such/folder"], "no/such/folder", "no such file or folder"),
])
def test_bad_quiz_input_is_one_line_exit_2(args, where, what):
    proc = run_cli(*args)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and where in proc.stderr and what in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_bad_quiz_key_is_one_line_exit_2(tmp_path):
    (tmp_path / "quiz.yaml").write_text(f"title: t\ncases:\n  - path: {REPO}/cases/ib-01-insufficient-1h-over-1nt.yaml\n"
                                        "    key:\n      - {cite: 27B2, outcome: partner-silenced}\n")
    proc = run_cli("quiz", str(tmp_path))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "quiz.yaml:3:" in proc.stderr and "unknown outcome code" in proc.stderr


def test_every_ready_quiz_loads_and_exports():
    folders = sorted((REPO / "quizzes").glob("*/quiz.yaml"))
    assert len(folders) >= 10
    for qf in folders:
        q = quiz.load_quiz([str(qf.parent)], BOOK)
        assert len(q.cases) >= 5, qf
        assert all(qc.points for qc in q.cases)
        page_html = quiz.export_html(q, BOOK)
        assert page_html.count('class="case quiz-case"') == len(q.cases)


def test_the_quiz_grid_gives_no_answer_away():
    """The report's grid says what became of each call (with its clause); the quiz's shows the calls only."""
    door = "cases/door-01-double-at-partners-turn.yaml"
    qc = quiz.load_quiz([str(REPO / door)], BOOK).cases[0]
    text = qc.report.grid.as_text()
    assert "X (2)" in text and "Pass (5)" in text
    assert "cancelled" not in text and not qc.report.grid.notes
    from bridge_director.paper import report as build
    shown = build.report(REPO / door, BOOK, with_svg=False).grid
    assert shown.rows[0][3].standing == "cancelled"
    assert shown.notes == ["South's X (event 2): out of rotation; cancelled (29B)"]   # the clause from Ruling.calls


def test_no_consequence_that_follows_with_the_key_is_offered_as_wrong():
    """Tester item 8: under "If West does not accept 2C" the trainee was offered "the auction goes
    back to the player whose turn it was" as a wrong choice, although 29B says exactly that
    beside the key's "the call is cancelled"; under "If West accepts" the words of 29A's
    acceptance by calling over it likewise."""
    qz = quiz.load_quiz([str(REPO / "cases" / "boor-01-bid-at-rhos-turn.yaml")])
    points = {p.heading: p for p in qz.cases[0].points}
    declined = points["If West does not accept 2C"]
    accepted = points["If West accepts 2C"]
    assert "call-cancelled" in {c.code for c in declined.choices}
    assert "auction-reverts" not in {c.code for c in declined.choices}
    assert "call-accepted" not in {c.code for c in accepted.choices}
    assert "29B" in declined.cites


def test_what_went_wrong_is_asked_in_the_cases_own_words():
    qz = quiz.load_quiz([str(REPO / "cases" / "boor-01-bid-at-rhos-turn.yaml")])
    wrong = next(p for p in qz.cases[0].points if p.heading == "What went wrong")
    words = {c.code: c.words for c in wrong.choices}
    assert "2C" in words["irregularity"] and "out of rotation" in words["irregularity"]
    assert "the line says" not in words["irregularity"]


def test_choices_name_seats_in_full():
    """A trainee reads "West's 1H does not outrank 1NT", never "W's 1H" (words for people)."""
    import re
    qz = quiz.load_quiz([str(REPO / "quizzes" / "01-insufficient-bids")], BOOK)
    words = [c.words for qc in qz.cases for p in qc.points for c in p.choices]
    assert any("West's 1H does not outrank" in w for w in words)
    assert not [w for w in words if re.search(r"(?<![\w'])[NESW]'s\b", w)]

"""Fixes from the new-user test of 2026-12-01 (/work/coord/tester-findings.md), end to end."""
from __future__ import annotations

import pathlib
import subprocess
import sys

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine.cli", *args], cwd=REPO_ROOT, input=stdin,
                          capture_output=True, text=True, timeout=300)


def one_error_line(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    return lines[0]


# item 2 and item 4: the one-line form honours --edition and --lang

def test_one_line_form_rules_under_the_edition_named():
    proc = run_cli("rule", "--board", "3", "--auction", "1NT 1H", "--edition", "rubber-1981")
    assert proc.returncode == 0, proc.stderr
    head = proc.stdout.splitlines()[0]
    assert "rubber bridge" in head and "Duplicate Bridge 2017" not in head


def test_one_line_form_refuses_an_unknown_edition():
    line = one_error_line(run_cli("rule", "--board", "3", "--auction", "1NT 1H", "--edition", "nonsense"))
    assert "unknown edition 'nonsense'" in line and "duplicate-2017" in line


def test_one_line_form_writes_the_edition_into_the_case():
    proc = run_cli("rule", "--board", "3", "--auction", "1NT 1H", "--edition", "rubber-1981", "--write", "yaml")
    assert proc.returncode == 0, proc.stderr
    assert "edition: rubber-1981" in proc.stdout.splitlines()


def test_one_line_form_honours_lang():
    en = run_cli("rule", "--board", "3", "--auction", "1NT 1H")
    pt = run_cli("rule", "--board", "3", "--auction", "1NT 1H", "--lang", "pt")
    assert en.returncode == pt.returncode == 0, pt.stderr
    assert "Rastro:" in pt.stdout and "Rastro:" not in en.stdout


# item 14: board numbers out of range

def test_one_line_form_refuses_a_huge_board_number():
    line = one_error_line(run_cli("rule", "--board", "1" + "0" * 30, "--auction", "1S"))
    assert "--board" in line and "from 1 to 9999" in line and "31 digits" in line


def test_one_line_form_refuses_board_just_above_the_page_bound():
    line = one_error_line(run_cli("rule", "--board", "10000", "--auction", "1S"))
    assert "from 1 to 9999, found 10000" in line
    assert run_cli("rule", "--board", "9999", "--auction", "1S").returncode == 0


# item 8: the quiz stops cleanly on Ctrl-C and on Ctrl-D

def _quiz_child():
    import os
    import pexpect
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="200")
    child = pexpect.spawn(sys.executable, ["-m", "engine.cli", "quiz", "tests/fixtures/quiz/basic"],
                          cwd=str(REPO_ROOT), env=env, encoding="utf-8", timeout=120, dimensions=(50, 200))
    log = []
    child.logfile_read = type("L", (), {"write": lambda s, x: log.append(x), "flush": lambda s: None})()
    child.expect(r"Your choices: ")
    return child, log


def test_quiz_ctrl_c_at_a_prompt_stops_without_a_traceback():
    import pexpect
    child, log = _quiz_child()
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    out = "".join(log)
    assert "Traceback" not in out and "KeyboardInterrupt" not in out, out
    assert "Quiz stopped. Score:" in out
    assert child.exitstatus == 1


def test_quiz_ctrl_d_at_a_prompt_stops_without_a_traceback():
    import pexpect
    child, log = _quiz_child()
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    out = "".join(log)
    assert "Traceback" not in out and "Quiz stopped. Score:" in out, out
    assert child.exitstatus == 1

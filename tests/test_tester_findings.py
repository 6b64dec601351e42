"""Fixes from the new-user test of 2026-12-01 (/work/coord/tester-findings.md), end to end."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=REPO_ROOT, input=stdin,
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
    pt = run_cli("rule", "--board", "3", "--auction", "1SA 1C", "--lang", "pt")   # 1C: one heart (copas)
    assert en.returncode == pt.returncode == 0, pt.stderr
    assert "Rastreamento:" in pt.stdout and "Rastreamento:" not in en.stdout


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
    import signal

    def default_sigint():   # a director's terminal delivers Ctrl-C; a background test run may ignore it
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    child = pexpect.spawn(sys.executable, ["-m", "bridge_director.cli.main", "quiz", "tests/fixtures/quiz/basic"],
                          cwd=str(REPO_ROOT), env=env, encoding="utf-8", timeout=120, dimensions=(50, 200),
                          preexec_fn=default_sigint)
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


# items 9 and 10: director ask, q and ? at the first prompt; the save prompt

def _ask_child(*args: str, cwd=REPO_ROOT):
    import os
    import pexpect
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", COLUMNS="110", LINES="40",
               PYTHONPATH=str(REPO_ROOT))
    return pexpect.spawn(sys.executable, ["-m", "bridge_director.cli.main", "ask", *args], cwd=str(cwd), env=env,
                         encoding="utf-8", dimensions=(40, 110), timeout=60)


def _ends_cleanly(child) -> str:
    import pexpect
    child.expect(pexpect.EOF)
    out = child.before
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in out, out
    return out


def test_ask_q_at_the_first_prompt_quits():
    child = _ask_child()
    child.expect("Board number")
    child.send("q\r")
    child.expect("Bye.")
    out = _ends_cleanly(child)
    assert "expected a board number" not in out


def test_ask_help_at_the_first_prompt_and_the_calls_prompt():
    child = _ask_child()
    child.expect("Board number")
    child.send("?\r")
    child.expect("the dealer's\\s+seat N, E, S or W when the board number is not known")
    child.expect("Board number")
    child.send("99999\r")
    child.expect("expected a board number from 1 to 9999, found 99999")
    child.expect("Board number")
    child.send("3\r")
    child.expect("Calls from the dealer")
    child.send("?\r")
    child.expect("a call\\s+out of rotation with its seat first")
    child.expect("Calls from the dealer")
    child.send("q\r")
    child.expect("Bye.")
    _ends_cleanly(child)


def test_ask_q_at_the_save_prompt_saves_nothing(tmp_path):
    child = _ask_child("--board", "3", cwd=tmp_path)
    child.expect("Calls from the dealer")
    child.send("1H 2C\r")
    child.expect("What happened next")
    child.send("s\r")
    child.expect("Save as")
    child.send("q\r")
    child.expect("Not saved.")
    child.expect("What happened next")
    child.sendeof()
    child.expect("Save the case before leaving")
    child.send("n\r")
    child.expect("Not saved. Bye.")
    _ends_cleanly(child)
    assert list(tmp_path.iterdir()) == []


def test_ask_a_failed_save_asks_for_another_name(tmp_path):
    child = _ask_child("--board", "3", cwd=tmp_path)
    child.expect("Calls from the dealer")
    child.send("1H 2C\r")
    child.expect("What happened next")
    child.sendeof()
    child.expect("Save the case before leaving")
    child.send(str(tmp_path / "no-such-dir" / "x.yaml") + "\r")
    child.expect("cannot write")
    child.expect("Save as another file name")
    child.send(str(tmp_path / "kept.yaml") + "\r")
    child.expect("Saved ")
    child.expect("Bye.")
    _ends_cleanly(child)
    assert "1H" in (tmp_path / "kept.yaml").read_text()


# item 12: director table refuses cards that cannot be cut

@pytest.mark.parametrize("selection, words", [
    ("{Ann: SA, Bob: SA, Cy: D3, Di: C2}", "selection.Bob: SA was already cut by Ann"),
    ("{Ann: SA, Bob: HA, Cy: ZZ, Di: C2}", "selection.Cy: expected a card such as SA"),
    ("{Ann: SA, Bob: HA, Cy: D3, Di: C2}", "with four candidates all four play"),
])
def test_table_with_four_candidates_checks_the_cut(tmp_path, selection, words):
    f = tmp_path / "t.yaml"
    f.write_text(f"table: t3\ncandidates: [Ann, Bob, Cy, Di]\nselection: {selection}\n")
    line = one_error_line(run_cli("table", str(f)))
    assert f"{f}:3:" in line and words in line, line


# item 15: "In the case: None" and "answer with 'director ask'" inside director ask

def test_check_question_hint_names_no_python_none():
    proc = run_cli("rule", "--board", "7", "--event", "hand-count E 14")
    assert proc.returncode == 0, proc.stderr
    judgements = proc.stdout.split("Judgements needed")[1]
    assert "None" not in judgements
    assert "add what was found as an event" in " ".join(judgements.split())


def test_ask_does_not_send_the_director_to_director_ask(tmp_path):
    import re
    child = _ask_child("--board", "7", cwd=tmp_path)
    child.expect("Calls from the dealer")
    child.send("\r")
    child.expect("What happened next")
    child.send("hand-count E 14\r")
    child.expect(r"\(r: ruling again")
    shown = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", child.before)
    child.expect("What happened next")
    child.send("q\r")
    child.expect("Save the case before leaving")
    child.send("n\r")
    _ends_cleanly(child)
    assert "Judgements needed (still open" in shown, shown
    assert "director ask" not in shown and "In the case: None" not in shown


# item 15: the serve QR code encodes an address a phone can open

def test_serve_banner_on_loopback_prints_no_qr_and_says_how_phones_connect(tmp_path):
    import io
    from bridge_director.web import serve
    out = io.StringIO()
    serve.banner("127.0.0.1", 8765, tmp_path, out=out)
    text = out.getvalue()
    assert "phones need director serve --host 0.0.0.0" in text
    assert serve.qr_text("http://127.0.0.1:8765/").strip() not in text
    assert "\u2580" not in text and "\u2584" not in text and "\u2588" not in text   # no block drawing


def test_serve_banner_on_all_interfaces_encodes_the_lan_address(tmp_path, monkeypatch):
    import io
    from bridge_director.web import serve
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.168.1.20"])
    out = io.StringIO()
    serve.banner("0.0.0.0", 8765, tmp_path, out=out)
    text = out.getvalue()
    assert text.index("open  http://192.168.1.20:8765/") < text.index("open  http://127.0.0.1:8765/")
    assert serve.qr_text("http://192.168.1.20:8765/") in text
    assert serve.qr_text("http://127.0.0.1:8765/") not in text


def test_lan_addresses_are_never_loopback():
    import ipaddress
    from bridge_director.web import serve
    assert all(not ipaddress.ip_address(ip).is_loopback for ip in serve.lan_addresses())


# item 13: compare stars only the outcomes not every edition gives

def test_compare_grid_stars_only_real_differences():
    proc = run_cli("compare", "cases/ib-01-insufficient-1h-over-1nt.yaml", "--editions", "duplicate-2017,rubber-1981")
    assert proc.returncode == 0, proc.stderr
    grid = proc.stdout.split("Side by side")[1].split("\n===")[0].splitlines()[2:]
    rows = {tuple(ln[2:].split()[:2]): ln.startswith("* ") for ln in grid if ln.strip()}
    # the same outcome under another clause is not starred; an outcome only one edition gives is
    assert rows[("E", "partner-must-pass-rest")] is False
    assert rows[("N", "option-accept")] is False
    assert rows[("W", "change-not-allowed")] is True
    assert rows[("N", "non-offenders-may-waive")] is True


def test_compare_names_rubber_statements_not_internal_seed_ids():
    proc = run_cli("compare", "cases/ib-01-insufficient-1h-over-1nt.yaml", "--editions", "duplicate-2017,rubber-1981")
    assert proc.returncode == 0, proc.stderr
    summary = proc.stdout.split("\n===")[0]
    assert "seed004" not in summary
    assert "rubber-1981 Law 27, rubber code" in summary and "docs/rubber-1981-statements.md" in summary
    grid = summary.split("Side by side")[1].splitlines()[1:]
    head = grid[0]
    col = head.index("rubber-1981")
    assert all(ln[col - 2:col] == "  " for ln in grid[1:] if ln.strip()), grid   # columns line up


# item 15: one-line errors name the option, not a line of YAML the user never wrote

def test_one_line_judgement_error_names_the_option():
    line = one_error_line(run_cli("rule", "--board", "3", "--auction", "1NT 1H", "--judge", "Z 1H unintended=no"))
    assert line.startswith('director: error: --judge "Z 1H unintended": expected'), line


def test_one_line_event_error_names_the_option_and_event():
    line = one_error_line(run_cli("rule", "--board", "3", "--auction", "1NT 1H", "--event", "hand-count E 99"))
    assert line.startswith("director: error: --auction/--event: event 3: cards: expected a number of cards 52"), line

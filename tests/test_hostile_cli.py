"""Hostile and careless input to the command line (issue 25, item 4; docs/open-faults/hostile-2026-12-04.md).

Each test below failed on the main of 2026-12-04 (a hang, a fork of 100,000 processes, an
internal error, a wrong board, or a path found bad only after the work was done) and passes
now: one line on standard error, exit 2, nothing written.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bridge_director.base.yamlpos import InputError, loads
from bridge_director.cli.main import main
from cli_checks import one_line

REPO = Path(__file__).resolve().parent.parent
CASE = REPO / "cases" / "boor-01-bid-at-rhos-turn.yaml"


# ---------------------------------------------------------------- numbers as a person writes them

@pytest.mark.parametrize("written, board", [("010", 10), ("007", 7), ("+5", 5), ("12", 12)])
def test_a_board_with_leading_zeros_is_that_board_not_octal(written, board):
    # YAML 1.1 read 'board: 010' as octal 8: board 8's dealer and vulnerability, confidently wrong
    data = loads(f"board: {written}\n", "case.yaml")
    assert data["board"] == board


@pytest.mark.parametrize("written", ["0x1F", "1:30", "0b11", "0o17"])
def test_a_board_in_another_base_is_refused_not_converted(tmp_path, capsys, written):
    # 'board: 1:30' was board 90 (base 60), 'board: 0x1F' board 31
    text = CASE.read_text().replace("dealer: W\nvulnerability: NS\n", f"board: {written}\n")
    (tmp_path / "case.yaml").write_text(text)
    line = one_line(capsys, ["rule", str(tmp_path / "case.yaml")], "board", "expected a board number")
    assert repr(written) in line


# ---------------------------------------------------------------- paths

def test_a_fifo_named_as_a_pbn_case_is_refused_not_waited_on(tmp_path):
    os.mkfifo(tmp_path / "board.pbn")
    proc = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "rule", "board.pbn"], cwd=tmp_path,
                          capture_output=True, timeout=120, stdin=subprocess.DEVNULL,
                          env=dict(os.environ, PYTHONPATH=str(REPO)))
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert "FIFO" in err and len(err.strip().splitlines()) == 1


def test_a_device_named_as_a_pbn_case_is_refused(tmp_path, capsys):
    os.symlink("/dev/zero", tmp_path / "zero.pbn")
    one_line(capsys, ["rule", str(tmp_path / "zero.pbn")], "device")


@pytest.mark.parametrize("save, words", [("missing-folder/x.yaml", "no folder"), (".", "folder"),
                                         ("pipe", "FIFO")])
def test_ask_checks_the_save_file_before_the_interview(tmp_path, capsys, monkeypatch, save, words):
    # the interview ran to its end and only then found it could not save
    os.mkfifo(tmp_path / "pipe")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", _Fail())
    one_line(capsys, ["ask", "--save", save], words)


class _Fail:
    """Standard input that must not be read (the mistake is found before any question)."""

    def __getattr__(self, name):
        raise AssertionError("standard input was read before the arguments were checked")


def test_ask_with_a_dealer_that_is_no_seat_is_exit_2(capsys, monkeypatch):
    # was: the interview printed 'internal error: InputError: ...' and exited 3
    monkeypatch.setattr("sys.stdin", _Fail())
    one_line(capsys, ["ask", "--dealer", "Q"], "--dealer", "N, E, S or W")


# ---------------------------------------------------------------- numbers of processes, sizes of work

@pytest.mark.parametrize("argv", [["check", "-j", "100000", "cases"], ["prove", "-j", "100000", "-k", "1"]])
def test_a_huge_number_of_processes_is_refused_not_forked(capsys, argv):
    # was: a ProcessPoolExecutor of 100,000 forked processes (a fork bomb)
    one_line(capsys, argv, "expected a number of processes", str(4 * (os.cpu_count() or 1)))


def test_prove_refuses_an_enumeration_that_would_never_end(capsys):
    # was: -k 50 started 32**50 auctions
    one_line(capsys, ["prove", "-k", "50"], "--calls", "at most 6 calls")
    one_line(capsys, ["prove", "--depth", "100000"], "--depth", "from 0 to 100")


def test_prove_with_a_scheduler_that_is_no_address_is_exit_2(capsys):
    # was: internal error: ValueError: missing port number in address
    one_line(capsys, ["prove", "-k", "1", "--scheduler", "not-a-url"], "tcp://HOST:PORT")


@pytest.mark.parametrize("port", ["99999", "-1", "0"])
def test_quiz_serve_on_a_port_that_does_not_exist_is_exit_2(capsys, port):
    # was: internal error: OverflowError: bind(): port must be 0-65535
    one_line(capsys, ["quiz", str(REPO / "quizzes" / "01-insufficient-bids"), "--serve", "--port", port],
             "--port", "1 to 65535")


# ---------------------------------------------------------------- signals and pipes

def _started(argv: list, cwd: Path = REPO) -> subprocess.Popen:
    """``director argv`` in its own process group, once it has printed its first line (its
    workers are running then)."""
    p = subprocess.Popen([sys.executable, "-m", "bridge_director.cli.main", *argv], cwd=cwd, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                         env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert p.stdout.readline()          # the first case checked: the pool is up
    return p


def _left_in_group(pgid: int) -> list[str]:
    out = subprocess.run(["ps", "-eo", "pid=,pgid="], capture_output=True, text=True).stdout
    return [line.split()[0] for line in out.splitlines() if line.split()[1:] == [str(pgid)]]


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_ends_check_and_its_workers_with_one_line(signame):
    # was: SIGTERM or SIGHUP killed 'check -j 2' and left its two forked workers running for
    # ever; SIGINT printed a KeyboardInterrupt traceback of some thirty lines
    import signal
    p = _started(["check", "-j", "2", "cases"])
    try:
        p.send_signal(getattr(signal, signame))
        _out, err = p.communicate(timeout=120)
        lines = [ln for ln in err.decode().splitlines() if ln.strip()]
        assert p.returncode in (130, 143), (p.returncode, lines)
        assert len(lines) == 1 and "Traceback" not in err.decode(), lines
        assert p.returncode == 130 or "stopped" in lines[0]
        for _ in range(200):            # the workers were ended with it (no sleep: ps until they are gone)
            if not _left_in_group(p.pid):
                break
        assert not _left_in_group(p.pid)
    finally:
        if _left_in_group(p.pid):
            os.killpg(p.pid, signal.SIGKILL)


def test_a_reader_that_leaves_the_pipe_is_no_internal_error():
    # was: 'director check | head -1' ended with 'internal error: BrokenPipeError' (exit 3)
    p = _started(["check", "cases"])
    p.stdout.close()                    # the reader leaves after one line
    err = p.stderr.read().decode()
    p.wait(timeout=300)
    assert "internal error" not in err and "Traceback" not in err, err
    assert p.returncode == 141


def test_ask_a_board_number_of_five_thousand_digits_is_asked_again():
    # was: 'internal error: ValueError: Exceeds the limit (4300 digits)' and the interview ended
    import io
    from bridge_director.interview.terminal import Interview, Terminal
    out = io.StringIO()
    term = Terminal(stdin=io.StringIO("9" * 5000 + "\nq\n"), stdout=out, fancy=False)
    assert Interview(term).run() == 0
    text = out.getvalue()
    assert "internal error" not in text
    assert "expected a board number from 1 to" in text


def test_ask_a_menu_number_of_five_thousand_digits_is_refused_in_one_line():
    # was: 'internal error: ValueError: Exceeds the limit (4300 digits)' at 'What happened next?'
    import io
    from bridge_director.interview.terminal import Interview, Terminal
    out = io.StringIO()
    term = Terminal(stdin=io.StringIO("5\n1S P\n" + "9" * 5000 + "\nq\nn\n"), stdout=out, fancy=False)
    assert Interview(term).run() == 0
    text = out.getvalue()
    assert "internal error" not in text
    assert "expected an event number from 1 to" in text


# ---------------------------------------------------------------- 2026-12-05 (docs/open-faults/hostile-2026-12-05.md)

@pytest.mark.parametrize("where", ["no/such/deals.sqlite", "afile/deals.sqlite"])
def test_deals_register_refuses_a_register_in_a_folder_that_does_not_exist(tmp_path, capsys, monkeypatch, where):
    # was: the missing folders were made (as `-o` does not); a file in the way gave a path error late
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("not a folder\n")
    pbn = REPO / "tests" / "fixtures" / "deals" / "good-shuffle.pbn"
    rc = main(["deals", "register", str(pbn), "--session", "s1", "--db", where])
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert rc == 2, (rc, err)
    assert len(lines) == 1 and "expected an existing folder to hold the deal register" in lines[0], lines
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]     # nothing made
    assert main(["deals", "register", str(pbn), "--session", "s1", "--db", "here.sqlite"]) == 0
    assert (tmp_path / "here.sqlite").is_file()


TOO_LONG = "/".join(["x" * 200] * 30)        # a path longer than the system's PATH_MAX


@pytest.mark.parametrize("argv", [
    ["check", TOO_LONG], ["casebook", TOO_LONG], ["quiz", TOO_LONG], ["chart", "27", "-o", TOO_LONG],
    ["ask", "--save", TOO_LONG], ["report", str(CASE), "-o", TOO_LONG], ["report", str(CASE), "-o", TOO_LONG + "/a.html"],
    ["casebook", str(REPO / "cases" / "duplicate-1997"), "-o", TOO_LONG], ["rule", TOO_LONG],
])
def test_a_path_too_long_for_the_system_is_one_short_line(tmp_path, capsys, monkeypatch, argv):
    # was: "internal error: OSError: [Errno 36] File name too long: '...'" (exit 3), 6,000 characters long
    monkeypatch.chdir(tmp_path)
    line = one_line(capsys, argv, "File name too long")
    assert len(line) < 700, len(line)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("make, folder, words", [
    ("file", "evening", "expected a folder for the saved cases, found a file"),
    ("nothing", "no/such/deep", "expected a new folder in an existing one, found no folder 'no/such'"),
    ("fifo", "evening", "expected a folder for the saved cases, found a FIFO (named pipe)"),
    ("socket", "evening", "expected a folder for the saved cases, found a socket"),
])
def test_serve_refuses_a_folder_that_is_not_a_folder(tmp_path, capsys, monkeypatch, make, folder, words):
    # was: a file -> "cannot listen there: File exists (try another --port)", blaming the port;
    # a missing path -> every folder along it made, and the server started; serve kept its own
    # copy of the kinds and called a socket "a device or socket" (now base.files.kind, the one table)
    import socket
    import uvicorn
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    monkeypatch.chdir(tmp_path)
    made = {"file": lambda: (tmp_path / "evening").write_text("case: x\n"),
            "nothing": lambda: None,
            "fifo": lambda: os.mkfifo("evening"),
            "socket": lambda: socket.socket(socket.AF_UNIX).bind("evening")}
    made[make]()
    line = one_line(capsys, ["serve", "--folder", folder, "--port", "58762"], words)
    assert "--port" not in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ([] if make == "nothing" else ["evening"])


@pytest.mark.parametrize("redirect, words", [
    (">&-", "cannot write to standard output: standard output is closed"),
    (">/dev/full", "cannot write to standard output: No space left on device"),
    ("1</dev/null", "cannot write to standard output: Bad file descriptor"),
])
@pytest.mark.parametrize("command", ["rule {case}", "report {case} --format pdf", "schema", "ask"])
def test_standard_output_closed_or_full_is_one_line(tmp_path, redirect, words, command):
    # was: "internal error: AttributeError: 'NoneType' object has no attribute 'write'" (>&-) or
    # "internal error: OSError: [Errno 28]" (>/dev/full), exit 3
    cmd = f"{sys.executable} -m bridge_director.cli.main {command.format(case=CASE)} {redirect} </dev/null"
    proc = subprocess.run(["bash", "-c", cmd], cwd=tmp_path, capture_output=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(REPO)))
    lines = proc.stderr.decode().splitlines()
    assert proc.returncode == 2, (proc.returncode, lines)
    assert len(lines) == 1 and words in lines[0], lines


@pytest.mark.parametrize("command, rc, words", [
    ("rule -", 2, "expected a case (YAML or PBN) on standard input, found nothing"),
    ("ask", 0, ""),
])
def test_standard_input_closed_reads_as_empty(tmp_path, command, rc, words):
    # was: "internal error: AttributeError: 'NoneType' object has no attribute 'read'" / "'isatty'"
    proc = subprocess.run(["bash", "-c", f"{sys.executable} -m bridge_director.cli.main {command} <&- >/dev/null"],
                          cwd=tmp_path, capture_output=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(REPO)))
    err = proc.stderr.decode()
    assert proc.returncode == rc, (proc.returncode, err)
    assert words in err and "internal error" not in err and len(err.splitlines()) <= 1, err


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp1252", "ascii:strict"])
@pytest.mark.parametrize("argv", [["rule", str(CASE), "--lang", "pt"], ["report", str(CASE), "--format", "md"],
                                  ["chart", "27", "--format", "svg"], ["rule", "--board", "1", "--auction", "1E 1C", "--lang", "pt"]])
def test_a_terminal_that_cannot_show_every_character_gets_them_plainly(tmp_path, encoding, argv):
    # was: "internal error: UnicodeEncodeError" (exit 3) at the first accent or suit symbol
    proc = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *argv], cwd=tmp_path, capture_output=True,
                          timeout=120, stdin=subprocess.DEVNULL,
                          env=dict(os.environ, PYTHONPATH=str(REPO), PYTHONIOENCODING=encoding))
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    text = proc.stdout.decode(encoding.split(":")[0])
    assert "?" * 3 not in text
    if "--lang" in argv and encoding.startswith("ascii"):
        assert "Leilao, como entendido" in text      # Leilão, its tilde dropped


@pytest.mark.parametrize("command", [["serve"], ["quiz", str(CASE), "--serve"]])
@pytest.mark.parametrize("host", ["", "\u202e", " 127.0.0.1", "x\x01"])
def test_serve_refuses_a_host_no_system_takes(capsys, command, host):
    # was: '\u202e' -> "internal error: TypeError: encoding of hostname failed"; '' listened on
    # every address of the laptop
    one_line(capsys, [*command, "--host", host, "--port", "58783"], "--host: expected a host name or address")


# ---------------------------------------------------------------- numbers: ASCII digits everywhere (helper "polish")

@pytest.mark.parametrize("argv", [
    ["rule", "--board", "５", "-a", "1S 1H"], ["rule", "--board", "٣", "-a", "1S 1H"],
    ["rule", "--board", "9" * 5000, "-a", "1S"], ["rule", "--board", "1e3", "-a", "1S"],
    ["serve", "--port", "８０"], ["check", "cases", "-j", "２"],
])
def test_a_number_on_the_command_line_is_ascii_digits_as_in_a_case_file(tmp_path, capsys, monkeypatch, argv):
    # was: '--board ５' ruled board 5 (argparse's int() reads any Unicode digit) while a case file
    # refuses 'board: １'; 5,000 digits were quoted whole in the error line
    monkeypatch.chdir(REPO)
    with pytest.raises(SystemExit) as stop:      # argparse's usage error: exit 2, one line
        main(argv)
    assert stop.value.code == 2
    lines = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert len(lines) == 1, lines
    assert "expected a whole number written in the digits 0-9" in lines[0]
    assert len(lines[0]) < 300


def test_a_case_file_refuses_a_full_width_board_as_the_command_line_does(tmp_path, capsys):
    text = CASE.read_text().replace("dealer: W\nvulnerability: NS\n", "board: ５\n")
    (tmp_path / "case.yaml").write_text(text)
    one_line(capsys, ["rule", str(tmp_path / "case.yaml")], "board", "expected a board number")


@pytest.mark.parametrize("value", ["١٤", "１４", "1" * 5000])
def test_an_event_number_field_takes_ascii_digits_only(capsys, value):
    # was: 'hand-count E １４' read as 14; 5,000 digits an internal error (int() limit)
    one_line(capsys, ["rule", "--board", "5", "-a", "1S", "-e", f"hand-count E {value}"],
             "cards expected a whole number in the digits 0-9")


def test_ask_a_full_width_board_number_is_asked_again():
    # was: '５' at the board question started board 5, while a case file refuses it
    import io
    from bridge_director.interview.terminal import Interview, Terminal
    out = io.StringIO()
    term = Terminal(stdin=io.StringIO("５\nq\n"), stdout=out, fancy=False)
    assert Interview(term).run() == 0
    text = out.getvalue()
    assert "expected a board number such as 5" in text
    assert "Board 5" not in text


def test_a_pbn_board_in_full_width_digits_is_refused(tmp_path, capsys):
    pbn = (REPO / "tests" / "fixtures" / "deals" / "good-shuffle.pbn").read_text()
    import re
    m = re.search(r'\[Board "(\d+)"\]', pbn)
    assert m
    (tmp_path / "b.pbn").write_text(pbn.replace(m[0], '[Board "５"]', 1))
    one_line(capsys, ["rule", str(tmp_path / "b.pbn")], "Board: expected a board number")

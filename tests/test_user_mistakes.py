"""Every user mistake is exit 2 with one line naming what was expected (issue 25, item 4).

Each mistake below gave an internal error (exit 3), a hang, a traceback of two lines, a
damaged file or no error at all on the main of 2026-12-04; each is now one line on stderr,
exit 2, and nothing written.
"""
from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bridge_director.base.files import check_output, read_bytes, write_atomic
from bridge_director.base.yamlpos import InputError

REPO = Path(__file__).resolve().parent.parent
CASE = REPO / "cases" / "boor-01-bid-at-rhos-turn.yaml"
DEAL = "N:AKQ2.KJ4.T93.A82 T98.Q7.AK84.KQ53 J76.A985.Q7.JT94 543.T632.J652.76"


def director(*args: str, cwd: Path, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=cwd, input=stdin,
                          capture_output=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(REPO)))


def one_line_error(proc: subprocess.CompletedProcess, *words: str) -> str:
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2, (proc.returncode, err)
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, lines
    assert "internal error" not in err and "Traceback" not in err
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


@pytest.fixture
def work(tmp_path) -> Path:
    (tmp_path / "case.yaml").write_bytes(CASE.read_bytes())
    return tmp_path


def _register_case(work: Path, register: str) -> Path:
    p = work / "reg.yaml"
    p.write_text(f'case: x\nboard: 1\nsession: s\ndeal: "{DEAL}"\ndeal_register: {register}\n'
                 "events:\n  - {director: called}\n")
    return p


def test_a_five_thousand_digit_board_number(work):
    (work / "big.yaml").write_text(f"case: x\nboard: {'9' * 5000}\nevents:\n  - {{director: called}}\n")
    one_line_error(director("rule", "big.yaml", cwd=work), "big.yaml:2:8", "at most 30 digits")
    one_line_error(director("compare", "big.yaml", "--editions", "duplicate-2017,duplicate-1997", cwd=work),
                   "at most 30 digits")


def test_a_deal_register_that_is_not_a_register(work):
    one_line_error(director("rule", str(_register_case(work, "case.yaml")), cwd=work), "deal_register",
                   "not a SQLite database")
    one_line_error(director("rule", str(_register_case(work, "/dev/zero")), cwd=work), "deal_register",
                   "outside it")        # a case names a register only in its own folder (hostile3 F5)
    import os
    os.mkfifo(work / "fifo")
    one_line_error(director("rule", str(_register_case(work, "fifo")), cwd=work), "deal_register",
                   "regular file")


def test_an_empty_file_named_as_the_register_is_not_made_a_database(work):
    (work / "empty.txt").write_bytes(b"")
    one_line_error(director("rule", str(_register_case(work, "empty.txt")), cwd=work), "deal_register", "empty")
    assert (work / "empty.txt").read_bytes() == b""


@pytest.mark.parametrize("output,words", [("nodir/x.html", "existing folder"), (".", "found a folder"),
                                          ("/dev/full", "found a device"), ("case.yaml", "other than the input")])
def test_report_output_checked_before_any_work(work, output, words):
    before = (work / "case.yaml").read_bytes()
    one_line_error(director("report", "case.yaml", "-o", output, cwd=work), words)
    assert (work / "case.yaml").read_bytes() == before


def test_report_to_the_case_itself_by_another_name(work):
    (work / "link.yaml").symlink_to(work / "case.yaml")
    before = (work / "case.yaml").read_bytes()
    one_line_error(director("report", "case.yaml", "-o", "link.yaml", cwd=work), "other than the input")
    assert (work / "case.yaml").read_bytes() == before


def test_a_read_only_folder_for_output(work):
    ro = work / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        if os.access(ro, os.W_OK):
            pytest.skip("running as a user who can write anywhere (root)")
        one_line_error(director("report", "case.yaml", "-o", "ro/x.html", cwd=work), "read-only")
    finally:
        ro.chmod(0o755)


@pytest.mark.parametrize("command", [["rule"], ["report"], ["check"], ["deals", "check"]])
def test_a_fifo_is_refused_not_waited_on(work, command):
    os.mkfifo(work / "pipe.yaml")
    proc = director(*command, "pipe.yaml", cwd=work)
    err = proc.stderr.decode() + proc.stdout.decode()     # check reports per file on standard output
    assert proc.returncode == 2, (proc.returncode, err)
    assert "FIFO" in err and "internal error" not in err


@pytest.mark.parametrize("command", [["rule"], ["deals", "check"]])
def test_a_device_is_refused_not_read_without_end(work, command):
    proc = director(*command, "/dev/zero", cwd=work)
    assert proc.returncode == 2 and "device" in proc.stderr.decode()


def test_a_nul_byte_on_standard_input_is_one_line(work):
    one_line_error(director("rule", "-", cwd=work, stdin=b"case: x\nboard: 1\x00\nevents:\n  - {director: called}\n"),
                   "<stdin>:2:9", "NUL")


def test_a_full_disk_leaves_the_old_file_and_no_part(tmp_path, monkeypatch):
    target = tmp_path / "report.html"
    target.write_text("the old report")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(InputError) as ei:
        write_atomic(target, "a new report " * 1000)
    assert "disk is full" in str(ei.value) and "\n" not in str(ei.value)
    assert target.read_text() == "the old report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.html"]


def test_write_atomic_replaces_whole(tmp_path):
    target = tmp_path / "x.txt"
    write_atomic(target, "one")
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two" and sorted(p.name for p in tmp_path.iterdir()) == ["x.txt"]


def test_read_bytes_limit_and_kinds(tmp_path):
    f = tmp_path / "f"
    f.write_bytes(b"x" * 11)
    assert read_bytes(f, 11) == b"x" * 11
    with pytest.raises(InputError, match="at most 10 bytes"):
        read_bytes(f, 10)
    with pytest.raises(InputError, match="found a folder"):
        read_bytes(tmp_path, 10)
    with pytest.raises(InputError, match="no such file"):
        read_bytes(tmp_path / "nope", 10)
    with pytest.raises(InputError, match="found a device"):
        read_bytes("/dev/zero", 10)
    with pytest.raises(InputError, match="other than the input"):
        check_output(f, [str(f)])

"""Every case the tool saves works everywhere (issue 23, item 1): a case made in each front end
(``director ask`` in a pseudo-terminal, the one-line form's ``--write yaml``, the page's Save)
goes through the committee report (HTML, Markdown, PDF), the casebook (HTML, PDF), the quiz
and ``director check``. Cases typed at the table carry no ``source:``, two of them may share a
board (and so a case id), and none carries an ``expect:`` until the director adds one."""
from __future__ import annotations

import html as html_mod
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from bridge_director.case.load import load_case
from bridge_director.session import api

REPO = Path(__file__).resolve().parent.parent


def _director(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=cwd,
                          capture_output=True, timeout=180)


def _made_by_ask(folder: Path) -> Path:
    """Board 2: East 1S, South 1H (meant), West does not accept; saved from the interview."""
    save = folder / "ask.yaml"
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", COLUMNS="110", LINES="40")
    child = pexpect.spawn(sys.executable, ["-m", "bridge_director.cli.main", "ask"], cwd=str(REPO), env=env,
                          encoding="utf-8", dimensions=(40, 110), timeout=30)
    for pattern, reply in (("Board number", "2"), ("Calls from the dealer", "1S 1H"),
                           ("meant to make", "y"), ("accept", "n"), ("in place of 1H", "s"),
                           ("Save as", str(save)), ("in place of 1H", "q")):
        child.expect(pattern)
        child.send(reply + "\r")
    child.expect("Bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return save


def _made_in_one_line(folder: Path) -> Path:
    """Board 2 again (so the same case id as the interview's): the one-line form's --write yaml."""
    out = _director("rule", "--board", "2", "-a", "1S 1H", "-e", "director", "-e", "W declines",
                    "-j", "S 1H unintended=no", "--write", "yaml")
    assert out.returncode == 0, out.stderr
    path = folder / "one-line.yaml"
    path.write_bytes(out.stdout)
    return path


def _made_on_the_page(folder: Path, tmp_path: Path) -> Path:
    """Board 1: North 1S, East 1H, the director called; saved by the page's Save button."""
    pytest.importorskip("starlette.testclient")
    from test_web import Phone
    phone = Phone(tmp_path / "session")
    phone.board(1)
    phone.call("1S")
    phone.call("1H")
    phone.event("director")
    phone.post("/save")
    [saved] = list((tmp_path / "session").iterdir())
    path = folder / "page.yaml"
    path.write_text(saved.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def _with_expect(path: Path) -> None:
    """The director's key added to a saved case: the ruling's own items (as test_interview does)."""
    ruling = api.rule(load_case(path))
    key = "".join(f"  - {{cite: '{c}', outcome: {o}}}\n" for c, o in sorted(ruling.pairs()))
    path.write_text(path.read_text(encoding="utf-8") + "expect:\n" + key, encoding="utf-8")


def test_a_case_saved_by_each_front_end_goes_through_report_casebook_quiz_and_check(tmp_path):
    folder = tmp_path / "evening"
    folder.mkdir()
    made = [_made_by_ask(folder), _made_in_one_line(folder), _made_on_the_page(folder, tmp_path)]
    texts = {p.name: p.read_text(encoding="utf-8") for p in made}
    assert not any("\nsource:" in t for n, t in texts.items() if n != "page.yaml"), texts
    assert load_case(made[0]).id == load_case(made[1]).id       # two cases of one board share an id
    for path in made:
        title = load_case(path).title
        for fmt in ("html", "md", "pdf"):
            out = _director("report", str(path), "--format", fmt)
            assert out.returncode == 0, (path.name, fmt, out.stderr.decode())
            if fmt == "pdf":
                assert out.stdout.startswith(b"%PDF")
            else:
                text = html_mod.unescape(out.stdout.decode("utf-8"))
                assert title in text and "The ruling" in text
                assert "E's" not in title and "Source: None" not in text
                assert "Source: None" not in text and "Source: \n" not in text
    html = _director("casebook", str(folder))
    assert html.returncode == 0, html.stderr.decode()
    page = html.stdout.decode("utf-8")
    anchors = [a for a in page.split('id="case-')[1:]]
    ids = [a.split('"')[0] for a in anchors]
    assert len(ids) == 3 and len(set(ids)) == 3, ids                  # one anchor per case
    pdf = _director("casebook", str(folder), "--format", "pdf")
    assert pdf.returncode == 0 and pdf.stdout.startswith(b"%PDF"), pdf.stderr.decode()
    # without a key, check and quiz say what is missing (exit 2), never an internal error
    for cmd in (("check", str(folder)), ("quiz", "--export", "html", str(folder))):
        out = _director(*cmd)
        assert out.returncode == 2 and b"expect" in out.stderr and b"internal error" not in out.stderr, cmd
    for path in made:
        _with_expect(path)
    check = _director("check", str(folder))
    assert check.returncode == 0, check.stdout.decode() + check.stderr.decode()
    assert check.stdout.decode().splitlines()[-1] == "3 passed, 0 failed"
    quiz = _director("quiz", "--export", "html", str(folder))
    assert quiz.returncode == 0, quiz.stderr.decode()
    assert all(load_case(p).title in html_mod.unescape(quiz.stdout.decode("utf-8")) for p in made)

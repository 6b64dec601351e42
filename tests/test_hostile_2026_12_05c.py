"""Hostile and careless input: hostile3's faults left by safe and safe2 (docs/open-faults/
hostile-2026-12-05b.md F2, F8, F19, F24), and the same kinds found elsewhere.

Each test failed on main before the fix: a case's words made a section of the committee's
markdown, an extra value in the one-line form was dropped in silence, a re-written case lost
its notes, result and adjusted score, a bare ``no`` in a quiz title became "False".
"""
from __future__ import annotations

import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
import yaml

from bridge_director.cli.main import main
from cli_checks import one_line

REPO = Path(__file__).resolve().parent.parent
IB = REPO / "cases" / "ib-01-insufficient-1h-over-1nt.yaml"


def _run(capsys, argv: list) -> str:
    """``director argv`` in this process: exit 0 and its standard output."""
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert rc == 0, err
    return out


# ---------------------------------------------------------------- F8: extra or repeated values

@pytest.mark.parametrize("event, words", [
    ("S declines 1H 2H", ["S declines", "found more: '2H'"]),
    ("S accepts 1H 2H", ["S accepts", "found more: '2H'"]),
    ("S does not accept 1H 2H", ["S does not accept", "found more: '2H'"]),
    ("S accepts yes no", ["S accepts", "one yes or no", "found more: 'no'"]),
    ("S declines yes", ["S declines", "found more: 'yes'"]),
    ("director N S", ["director", "at most one seat", "found more: 'S'"]),
    ("card-seen by=S by=N of=W", ["card-seen: by given twice", "'by=S' and 'by=N'", "each field once"]),
    ("card-seen S by=N", ["card-seen: by given twice", "each field once"]),
    ("hand-count E 14 cards=15", ["hand-count: cards given twice", "'cards=14' and 'cards=15'"]),
])
def test_an_extra_value_in_an_event_line_is_refused(capsys, event, words):
    # was: exit 0, the ruling built on what was left ('S declines 1H 2H' -> 2H dropped; by=S dropped)
    one_line(capsys, ["rule", "--board", "1", "-a", "1S 1H", "-e", event, "--write", "yaml"], *words)


def test_a_yes_or_no_after_the_call_is_read_not_dropped(capsys):
    # was: 'S accepts 1H no' -> accepts: true (the 'no' dropped, the decision turned round)
    out = _run(capsys, ["rule", "--board", "1", "-a", "1S 1H", "-e", "S accepts 1H no", "--write", "yaml"])
    assert "{seat: S, accepts: false, call: 1H}" in out


def test_an_accepts_word_that_is_neither_yes_nor_no_is_refused(capsys):
    # was: 'S accepts=maybe' read as 'S declines' (never taken as "no")
    one_line(capsys, ["rule", "--board", "1", "-a", "1S 1H", "-e", "S accepts=maybe"],
             "expected an event such as", "'S accepts=maybe'")


def test_the_director_called_by_a_seat_still_reads(capsys):
    out = _run(capsys, ["rule", "--board", "1", "-a", "1S 1H", "-e", "director called by S", "--write", "yaml"])
    assert "{director: called, by: S}" in out


@pytest.mark.parametrize("played_by", ["N+S+N", "n+N"])
def test_a_seat_twice_in_played_by_is_refused(capsys, played_by):
    # was: played_by: [N, S, N] taken
    one_line(capsys, ["rule", "--board", "1", "-a", "1S 1H", "-e", f"wrong-board-at-table 15 {played_by}"],
             "played_by: expected each seat once")


def test_a_seat_twice_in_played_by_in_a_case_file_is_refused(tmp_path, capsys):
    (tmp_path / "pb.yaml").write_text("board: 1\nevents:\n  - {seat: N, call: 1S}\n"
                                      "  - {happened: wrong-board-at-table, board: 15, played_by: [N, S, N]}\n")
    one_line(capsys, ["rule", tmp_path / "pb.yaml"], "pb.yaml:4:", "played_by: expected each seat once")


@pytest.mark.parametrize("extra, words", [
    (["-j", "E 1H unintended=no", "-j", "E 1H unintended=yes"], ['--judge "E 1H unintended"', "given twice (no, then yes)"]),
    (["-j", "E 1H unintended=no", "-j", "E 1H unintended=no"], ['--judge "E 1H unintended"', "given twice"]),
    (["-j", "scoring=teams", "-j", "scoring=pairs"], ['--judge "scoring"', "given twice (teams, then pairs)"]),
    (["-j", "scoring=teams", "--scoring", "pairs"], ["--scoring", "given twice (teams, then pairs)"]),
])
def test_a_finding_or_setting_typed_twice_is_refused(capsys, extra, words):
    # was: the last one taken, no word
    one_line(capsys, ["rule", "--board", "1", "-a", "1S 1H", "-e", "director"] + extra,
             *words, "expected each finding and setting once")


# ---------------------------------------------------------------- F24: a re-written case keeps every field

FULL = """\
case: full-x
title: Full
source: teaching
edition: duplicate-2017
lang: pt
board: 2
vulnerability: NS
notes: |
  Line one
  ## not a heading
result: "4S= NS +620"
adjusted: "3S+1 NS +170"
scoring: teams
session: Monday
events:
  - {seat: E, call: 1S, note: "x"}
  - {seat: S, call: 1H}
  - {director: called}
judgement:
  S 1H unintended: false
expect:
  - {cite: 18D, outcome: irregularity}
"""


def _fields(text: str) -> dict:
    return yaml.safe_load(text)


def test_write_yaml_keeps_every_field(tmp_path, capsys):
    # was: notes, result, adjusted and expect gone without a word
    (tmp_path / "full.yaml").write_text(FULL)
    out = _run(capsys, ["rule", tmp_path / "full.yaml", "--write", "yaml"])
    assert _fields(out) == _fields(FULL)
    (tmp_path / "again.yaml").write_text(out)
    assert _run(capsys, ["rule", tmp_path / "again.yaml", "--write", "yaml"]) == out


def test_write_yaml_of_a_published_case_keeps_its_notes_and_expect(capsys):
    out = _run(capsys, ["rule", IB, "--write", "yaml"])
    assert _fields(out) == _fields(IB.read_text())


def test_write_expect_keeps_notes_result_and_adjusted(tmp_path, capsys):
    # was: 'grep -c notes q1.yaml' -> 0, the README's way to make a quiz case
    (tmp_path / "full.yaml").write_text(FULL)
    got = _fields(_run(capsys, ["rule", tmp_path / "full.yaml", "--write", "expect"]))
    want = _fields(FULL)
    assert {k: got[k] for k in want if k != "expect"} == {k: v for k, v in want.items() if k != "expect"}
    assert {"cite": "18D", "outcome": "irregularity"} in got["expect"]


def test_a_case_with_a_register_rewritten_keeps_the_register(tmp_path, capsys):
    (tmp_path / "r.yaml").write_text('board: 1\nsession: S2\ndeal: "N:AKQ2.KJ4.T93.A82 T98.Q75.AK84.KQ3 '
                                     'J76.A98.Q7.JT954 543.T632.J652.76"\ndeal_register: reg.sqlite\n'
                                     'events:\n  - {seat: N, call: 1S}\n')
    # the register is read when the case is loaded: one is made
    pbn = tmp_path / "b.pbn"
    pbn.write_text('[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQ2.KJ4.T93.A82 T98.Q75.AK84.KQ3 J76.A98.Q7.JT954 '
                   '543.T632.J652.76"]\n')
    assert main(["deals", "register", str(pbn), "--session", "S1", "--db", str(tmp_path / "reg.sqlite")]) == 0
    capsys.readouterr()
    out = _run(capsys, ["rule", tmp_path / "r.yaml", "--write", "yaml"])
    assert _fields(out)["deal_register"] == "reg.sqlite"
    # and a one-line addition to such a case is ruled with its register, not refused
    assert main(["rule", str(tmp_path / "r.yaml"), "-e", "director"]) == 0
    capsys.readouterr()


def test_the_page_saves_an_uploaded_case_with_every_field(tmp_path):
    # was: result and adjusted gone, the case's name and its lang: pt dropped by an English page
    warnings.filterwarnings("ignore", message=".*httpx.*", category=DeprecationWarning)
    testclient = pytest.importorskip("starlette.testclient")
    from urllib.parse import parse_qs, urlparse
    from bridge_director.web.app import create_app
    from bridge_director.web.state import Seal
    key = b"c" * 32
    client = testclient.TestClient(create_app(tmp_path / "evening", key=key), base_url="http://127.0.0.1")
    r = client.post("/upload", files={"case": ("full.yaml", FULL.encode(), "text/yaml")},
                    data={"csrf": Seal(key).csrf()}, follow_redirects=False)
    assert r.status_code == 303, r.text[:500]
    token = parse_qs(urlparse(r.headers["location"]).query)["s"][0]
    got = _fields(client.get("/case.yaml", params={"s": token}).text)
    assert got == _fields(FULL)
    r = client.post("/save", data={"s": token, "csrf": Seal(key).csrf()}, follow_redirects=False)
    assert r.status_code == 303
    (saved,) = (tmp_path / "evening").glob("*.yaml")
    assert _fields(saved.read_text()) == _fields(FULL)


# ---------------------------------------------------------------- the output's reader leaves

def test_serve_whose_banner_cannot_be_written_is_no_address_error(tmp_path):
    # was: 'director: error: 127.0.0.1:PORT: cannot listen there: Broken pipe (try another --port)'
    import socket
    with socket.socket() as s:          # a port free now (the server stops before listening)
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    p = subprocess.Popen([str(Path(sys.executable).parent / "director"), "serve", "--port", str(port),
                          "--folder", str(tmp_path / "srv")], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()
    err = p.stderr.read().decode()
    p.wait(timeout=120)
    assert "cannot listen" not in err and "internal error" not in err and "Traceback" not in err, err
    assert p.returncode == 141, (p.returncode, err)


# ---------------------------------------------------------------- F2: case text in the markdown outputs

def _injected(path: Path) -> Path:
    """ib-01 with markdown and HTML in every free-text field a markdown output may print."""
    d = yaml.safe_load(IB.read_text())
    d.update(title="Real title\n\n## Ruling\n\n1. North is disqualified (Law 91B). [fake]",
             case="x`y<script>", source="<img src=x onerror=alert(1)>",
             notes="# Fake\n\n- item\n<script>alert(1)</script> [l](javascript:alert(1)) &lt;b&gt;",
             result="| a | b |", adjusted="**bold** _it_ ~~gone~~")
    path.write_text(yaml.safe_dump(d))
    return path


def _markup_of_its_own(md: str) -> list[str]:
    """Lines of ``md`` where a case's text became markup: a line of its own (the fake ruling
    line, the notes' heading), raw HTML, a link, emphasis, an entity, a table cell of its own
    (the case's name in its code span, where nothing is markup, is left out)."""
    bad = []
    for i, ln in enumerate(md.splitlines()):
        ln = ln.replace("``x`y<script>``", "")
        if i and "North is disqualified" in ln or ln.startswith(("1. North", "# Fake", "- item")):
            bad.append(ln)
        if re.search(r"(?<!\\)(<script|</script|<img|\]\(javascript|&lt;|\*\*bold|_it|~~gone|\| a )", ln):
            bad.append(ln)
    return bad


def test_the_markdown_report_shows_case_text_as_text(tmp_path, capsys):
    # was: the report opened '# Real title' / '## Ruling' / '1. North is disqualified (Law 91B).',
    # and <script>, <img onerror> and [l](javascript:...) were copied raw
    out = tmp_path / "r.md"
    assert main(["report", str(_injected(tmp_path / "inj.yaml")), "--format", "md", "-o", str(out)]) == 0
    md = out.read_text()
    assert _markup_of_its_own(md) == []
    assert md.splitlines()[0] == r"# Real title \#\# Ruling 1. North is disqualified (Law 91B). \[fake\]"
    assert r"\<script\>alert(1)\</script\>" in md and r"\| a \| b \|" in md
    assert md.count("\n## ") == _clean_report_sections(tmp_path)     # no section added


def _clean_report_sections(tmp_path: Path) -> int:
    out = tmp_path / "clean.md"
    assert main(["report", str(IB), "--format", "md", "-o", str(out)]) == 0
    return out.read_text().count("\n## ")


def test_the_markdown_ruling_shows_case_text_as_text(tmp_path, capsys):
    # the same kind in `director rule --format markdown` (title, case name, source)
    md = _run(capsys, ["rule", _injected(tmp_path / "inj.yaml"), "--format", "markdown"])
    assert _markup_of_its_own(md) == []
    assert "Case ``x`y<script>`` - source: \\<img src=x onerror=alert(1)\\>" in md


def test_markdown_text_escapes_every_markup_and_keeps_one_line():
    from bridge_director.base.lines import markdown_code, markdown_text
    assert markdown_text("a\n\n# b\r\nc\u2028d") == r"a \# b c d"
    assert markdown_text("1986. A year") == r"1986\. A year"
    assert markdown_text("- item") == r"\- item" and markdown_text("+ x") == r"\+ x"
    assert markdown_text("4S= NS +620") == "4S= NS +620"
    assert markdown_text("a_b*c* `d` [e] <f> | ~ & \\") == r"a\_b\*c\* \`d\` \[e\] \<f\> \| \~ \& \\"
    assert markdown_code("a`b") == "``a`b``" and markdown_code("`x") == "`` `x ``"


# ---------------------------------------------------------------- F19's kind: a bare yes/no where a file wants text

def test_a_quiz_title_written_no_is_refused_with_why(tmp_path, capsys):
    # was: 'title: No' -> the quiz titled with the folder's name (False dropped); 'title: yes' -> "True"
    (tmp_path / "a.yaml").write_text(IB.read_text())
    (tmp_path / "quiz.yaml").write_text("title: No\ncases:\n  - a.yaml\n")
    one_line(capsys, ["quiz", tmp_path, "--export", "html", "-o", tmp_path / "q.html"],
             "quiz.yaml:1:8: title: expected text, found false", "a bare yes, no, on or off", "in quotes")
    assert not (tmp_path / "q.html").exists()
    (tmp_path / "quiz.yaml").write_text("title: Yes\nabout: On\ncases:\n  - a.yaml\n")
    one_line(capsys, ["quiz", tmp_path, "--export", "html", "-o", tmp_path / "q.html"],
             "quiz.yaml:1:8: title: expected text, found true")


def test_a_quiz_titled_with_a_number_keeps_its_digits(tmp_path, capsys):
    (tmp_path / "a.yaml").write_text(IB.read_text())
    (tmp_path / "quiz.yaml").write_text("title: 2026\ncases:\n  - a.yaml\n")
    assert main(["quiz", str(tmp_path), "--export", "html", "-o", str(tmp_path / "q.html")]) == 0
    assert "2026" in (tmp_path / "q.html").read_text()


TABLE = "table: T1\ncandidates: [Ann, Bob, Cy, Di]\npartners: {Ann: S6, Bob: H6, Cy: D6, Di: C6}\n"


@pytest.mark.parametrize("text, words", [
    (TABLE.replace("table: T1", "table: yes"), ["table: expected text, found true", "a bare yes, no"]),
    (TABLE.replace("Bob, Cy", "No, Cy"), ["candidates: expected a list of names", "reads as false", "in quotes"]),
])
def test_a_table_name_or_candidate_written_yes_or_no_is_refused_with_why(tmp_path, capsys, text, words):
    # was: 'table: yes' -> "Table True"; a candidate 'No' -> "expected a list of names" (no why)
    (tmp_path / "t.yaml").write_text(text)
    one_line(capsys, ["table", tmp_path / "t.yaml"], *words)


def test_a_candidate_written_no_is_refused_in_portuguese_too(tmp_path, capsys):
    (tmp_path / "t.yaml").write_text(TABLE.replace("Bob, Cy", "Off, Cy"))
    one_line(capsys, ["table", tmp_path / "t.yaml", "--lang", "pt"], "esperava uma lista de nomes", "entre aspas")


def test_a_table_numbered_keeps_its_number(tmp_path, capsys):
    (tmp_path / "t.yaml").write_text(TABLE.replace("table: T1", "table: 5"))
    assert "Table 5 -" in _run(capsys, ["table", tmp_path / "t.yaml"])


# ---------------------------------------------------------------- duplicates: one hashable test

def test_one_hashable_test_serves_case_rulebook_and_infer():
    from bridge_director.base.memo import hashable
    from bridge_director.case import schema
    from bridge_director.infer import reads
    from bridge_director.rulebook import prune
    assert prune.hashable is hashable and reads.hashable is hashable and schema.hashable is hashable
    assert hashable("x") and hashable((1, "a")) and not hashable([1]) and not hashable({"a": 1})


# ---------------------------------------------------------------- F2's kind in the terminal: escapes in a case's words

ESC = 'board: 1\ntitle: "A\\e[2J\\e]0;pwn\\aB\\u202eC"\nevents:\n  - {seat: N, call: 1S}\n'


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_title_holding_terminal_escapes_is_shown_not_acted_on(tmp_path, capsys, fmt):
    # was: the title's ESC [2J (clear the screen), OSC (the window's title) and the right-to-left
    # override went to the terminal raw
    (tmp_path / "esc.yaml").write_text(ESC)
    out = _run(capsys, ["rule", tmp_path / "esc.yaml", "--format", fmt])
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "x1b[2J" in out.replace("\\[", "[") and "u202e" in out


def test_json_keeps_the_title_exactly(tmp_path, capsys):
    import json
    (tmp_path / "esc.yaml").write_text(ESC.replace("\\aB", "\\x85B"))
    assert json.loads(_run(capsys, ["rule", tmp_path / "esc.yaml", "--format", "json"]))["title"] == \
        "A\x1b[2J\x1b]0;pwn\x85B\u202eC"


def test_check_shows_a_case_name_with_escapes_escaped(tmp_path, capsys):
    (tmp_path / "e.yaml").write_text('case: "x\\e[8mhidden"\nboard: 1\nevents:\n  - {seat: N, call: 1S}\n'
                                     'expect:\n  - {cite: 18D, outcome: irregularity}\n')
    main(["check", str(tmp_path)])
    out = capsys.readouterr().out
    assert "\x1b" not in out and "x\\x1b[8mhidden" in out

"""Bad case files through the real ``director`` command.

Every one must give exit code 2 and exactly one line on stderr,
``director: error: FILE:LINE:COL: FIELD: message``, pointing at the offending event or field
and saying what was expected and what was found, with no traceback anywhere.
"""
from __future__ import annotations

import pathlib
import re
import subprocess
import sys

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent

HEADER = "case: t\ntitle: bad input\nsource: teaching\nboard: 3\nevents:\n"   # events start on line 6
OPENING = "  - {seat: S, call: 1NT}\n"                                          # line 6 (board 3: S deals)
ERROR_RE = re.compile(r"^director: error: (?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<rest>.*)$")


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=120)


def one_error_line(proc: subprocess.CompletedProcess, path) -> re.Match:
    """Check exit code 2, no traceback, one stderr line naming ``path``; return the parsed line."""
    assert "Traceback" not in proc.stdout + proc.stderr
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    m = ERROR_RE.match(lines[0])
    assert m, lines[0]
    assert m["file"] == str(path)
    return m


# (id, text of the file, line, field, fragments the message must contain)
BAD_CASES = [
    ("unknown-seat", HEADER + OPENING + "  - {seat: Q, call: 1H}\n",
     7, "events.2.seat", ["expected a seat N, E, S or W", "found 'Q'"]),
    ("call-1X", HEADER + OPENING + "  - {seat: W, call: 1X}\n",
     7, "events.2.call", ["'1X' is not a call", "expected a level 1-7 and a denomination"]),
    ("call-2Z", HEADER + OPENING + "  - {seat: W, call: 2Z}\n",
     7, "events.2.call", ["'2Z' is not a call", "expected a level 1-7 and a denomination"]),
    ("call-NT", HEADER + OPENING + "  - {seat: W, call: NT}\n",
     7, "events.2.call", ["'NT' is not a call", "expected a level 1-7 and a denomination"]),
    ("call-0H", HEADER + OPENING + "  - {seat: W, call: 0H}\n",
     7, "events.2.call", ["'0H' is not a call", "level 0", "expected a level 1-7"]),
    ("replaces-a-call-never-made",
     HEADER + OPENING + "  - {seat: W, call: 1H}\n  - {director: called}\n  - {seat: N, accepts: false}\n"
     "  - {seat: W, replaces: 2S, with: 3S}\n",
     10, "events.5.replaces", ["W never made the call 2S before event 5", "expected one of 1H"]),
    ("judgement-on-a-call-never-made",
     HEADER + OPENING + "  - {seat: W, call: 1H}\njudgement:\n  W 1H unintended: false\n  W 3C comparable: true\n",
     10, "judgement.W 3C comparable", ["W never made the call 3C"]),
    ("decision-on-a-call-never-made",
     HEADER + OPENING + "  - {seat: W, call: 1H}\n  - {director: called}\n  - {seat: N, accepts: false, call: 4H}\n",
     9, "events.4.call", ["no call 4H was made before event 4"]),
    ("no-events", HEADER.replace("events:\n", "events: []\n"),
     5, "events", ["at least one event", "found none"]),
    ("no-events-key", HEADER.replace("events:\n", ""),
     1, "events", ["this field is required"]),
    ("unknown-event-key", HEADER + OPENING + "  - {seat: W, call: 1H, colour: red}\n",
     7, "events.2.colour", ["unknown field 'colour'", "expected one of seat, call"]),
    ("mistyped-event-key", HEADER + OPENING + "  - {sea: W, call: 1H}\n",
     7, "events.2.sea", ["unknown field 'sea'", "expected one of seat, call"]),
    ("event-of-no-known-kind", HEADER + OPENING + "  - {seat: W, bid: 1H}\n",
     7, "events.2", ["expected one of: {seat, call}", "found keys seat, bid"]),
    ("unknown-top-level-key", HEADER.replace("board: 3", "boards: 3") + OPENING,
     4, "boards", ["unknown field 'boards'", "expected one of case, title, source"]),
    ("duplicate-key", HEADER + OPENING + "  - {seat: W, call: 1H, seat: E}\n",
     7, "seat", ["appears twice"]),
    ("unknown-judgement-property",
     HEADER + OPENING + "  - {seat: W, call: 1H}\njudgement:\n  W 1H silly: true\n",
     9, "judgement.W 1H silly", ["unknown property 'silly'", "expected one of artificial, comparable"]),
    ("non-boolean-judgement",
     HEADER + OPENING + "  - {seat: W, call: 1H}\njudgement:\n  W 1H artificial: maybe\n",
     9, "judgement.W 1H artificial", ["expected true or false", "found 'maybe'"]),
    ("board-0", HEADER.replace("board: 3", "board: 0") + OPENING,
     4, "board", ["expected a board number 1 or more, found 0"]),
    ("dealer-inconsistent-with-board", HEADER.replace("board: 3\n", "board: 3\ndealer: N\n") + OPENING,
     5, "dealer", ["board 3 has dealer S", "the case says N"]),
]


@pytest.mark.parametrize("text,line,field,fragments", [c[1:] for c in BAD_CASES], ids=[c[0] for c in BAD_CASES])
def test_bad_case_gives_one_clear_line(tmp_path, text, line, field, fragments):
    path = tmp_path / "case.yaml"
    path.write_text(text)
    m = one_error_line(run_cli("rule", str(path)), path)
    assert int(m["line"]) == line
    got_field, _, message = m["rest"].partition(": ")
    assert got_field == field
    for frag in fragments:
        assert frag in message


def test_broken_yaml_unclosed_bracket(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(HEADER + OPENING + "  - {seat: W, call: [1H}\n  - {director: called}\n")
    m = one_error_line(run_cli("rule", str(path)), path)
    assert int(m["line"]) == 7
    message = m["rest"]
    assert message.startswith("broken YAML: ")
    assert "expected ',' or ']'" in message
    assert re.search(r"(found|got) '\}'", message), message


def test_broken_yaml_bracket_never_closed(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(HEADER.replace("events:\n", "events: [\n") + "  {seat: S, call: 1NT}\n")
    m = one_error_line(run_cli("rule", str(path)), path)
    message = m["rest"]
    assert message.startswith("broken YAML: ")
    assert "expected ',' or ']'" in message
    assert re.search(r"(found|got) .*(end of the file|stream end)", message), message


def test_missing_file(tmp_path):
    path = tmp_path / "no-such-case.yaml"
    proc = run_cli("rule", str(path))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stdout + proc.stderr
    # no line or column to give: the line is FILE: message
    assert proc.stderr.splitlines() == [f"director: error: {path}: no such file"]


def test_check_reports_bad_case_and_exits_2(tmp_path):
    (tmp_path / "bad.yaml").write_text(HEADER + OPENING + "  - {seat: Q, call: 1H}\n")
    proc = run_cli("check", str(tmp_path))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stdout + proc.stderr
    out = proc.stdout.splitlines()
    assert out[0] == f"ERROR {tmp_path / 'bad.yaml'}:7:12: events.2.seat: expected a seat N, E, S or W, found 'Q'"
    assert out[-1] == "0 passed, 0 failed, 1 bad input"


def test_check_missing_path_exits_2(tmp_path):
    path = tmp_path / "nowhere"
    proc = run_cli("check", str(path))
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [f"director: error: {path}: no such file or folder"]


@pytest.mark.parametrize("where", ["before", "after"])
def test_debug_shows_traceback(tmp_path, where):
    path = tmp_path / "case.yaml"
    path.write_text(HEADER + OPENING + "  - {seat: Q, call: 1H}\n")
    args = ["--debug", "rule", str(path)] if where == "before" else ["rule", str(path), "--debug"]
    proc = run_cli(*args)
    assert proc.returncode == 2             # --debug adds the traceback; bad input is still exit 2
    assert proc.stderr.startswith("Traceback (most recent call last)")
    assert "InputError" in proc.stderr
    assert proc.stderr.splitlines()[-1] == (
        f"director: error: {path}:7:12: events.2.seat: expected a seat N, E, S or W, found 'Q'")


# pydantic's own wording never reaches the user: each error type is put as "expected X, found Y"
PLAIN_MESSAGES = [
    ("board: 0", HEADER.replace("board: 3", "board: 0") + OPENING,
     "4:8: board: expected a board number 1 or more, found 0"),
    ("board: seven", HEADER.replace("board: 3", "board: seven") + OPENING,
     "4:8: board: expected a board number (a whole number), found 'seven'"),
    ("board: 1.5", HEADER.replace("board: 3", "board: 1.5") + OPENING,
     "4:8: board: expected a board number (a whole number), found 1.5"),
    ("board: true", HEADER.replace("board: 3", "board: true") + OPENING,
     "4:8: board: expected a board number (a whole number), found true"),
    ("director: arrived", HEADER + OPENING + "  - {director: arrived}\n",
     "7:16: events.2.director: expected 'called' or 'ruled', found 'arrived'"),
    ("vulnerability: all", HEADER.replace("board: 3\n", "board: 3\nvulnerability: all\n") + OPENING,
     "5:16: vulnerability: expected 'None', 'NS', 'EW' or 'Both', found 'all'"),
    ("dealer: Q", HEADER.replace("board: 3\n", "board: 3\ndealer: Q\n") + OPENING,
     "5:9: dealer: expected a seat N, E, S or W, found 'Q'"),
    ("specifies: a bool", HEADER + OPENING + "  - {seat: W, call: 1C}\njudgement:\n  W 1C specifies: true\n",
     "9:19: judgement.W 1C specifies: expected a list of denominations such as [H] or [H, S] ([] for none), found true"),
    ("specifies: a bad suit", HEADER + OPENING + "  - {seat: W, call: 1C}\njudgement:\n  W 1C specifies: [Z]\n",
     "9:19: judgement.W 1C specifies: expected a list of denominations such as [H] or [H, S] ([] for none), found ['Z']"),
    ("judgement on a call made twice", HEADER + "  - {seat: S, call: Pass}\n  - {seat: W, call: Pass}\n"
     "  - {seat: N, call: Pass}\n  - {seat: E, call: 1C}\n  - {seat: S, call: Pass}\njudgement:\n"
     "  S Pass artificial: true\n",
     "12:22: judgement.S Pass artificial: S made Pass more than once (events 1, 5): "
     "expected 'event N artificial' to say which"),
    ("accepts: maybe", HEADER + OPENING + "  - {seat: W, call: 1H}\n  - {seat: N, accepts: maybe}\n",
     "8:24: events.3.accepts: expected true or false, found 'maybe'"),
    ("title: 12", HEADER.replace("title: bad input", "title: 12") + OPENING,
     "2:8: title: expected text, found 12"),
    ("happened board: seven", HEADER + "  - {happened: wrong-board, seat: N, board: seven}\n",
     "6:45: events.1.board: expected a board number (a whole number), found 'seven'"),
    ("cards: -1", HEADER + "  - {happened: hand-count, seat: N, cards: -1}\n",
     "6:44: events.1.cards: expected a number of cards 0 or more, found -1"),
]


@pytest.mark.parametrize("text,rest", [c[1:] for c in PLAIN_MESSAGES], ids=[c[0] for c in PLAIN_MESSAGES])
def test_pydantic_errors_in_plain_words(tmp_path, text, rest):
    path = tmp_path / "case.yaml"
    path.write_text(text)
    proc = run_cli("rule", str(path))
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [f"director: error: {path}:{rest}"]


EXPECT_HEADER = HEADER + OPENING + "  - {seat: W, call: 1H}\nexpect:\n  - {cite: 18D, outcome: irregularity}\n"


@pytest.mark.parametrize("item,rest", [
    ("  - {cite: 27B, outcome: nonsense-code}\n",
     "10:26: expect.2.outcome: unknown outcome code 'nonsense-code': expected a code listed in rules/vocabulary.yaml"),
    ("  - {cite: 27Z9, outcome: call-stands}\n",
     "10:12: expect.2.cite: expected a sub-clause such as 27D or 27B1(a), found '27Z9'"),
    ("  - cite: 27B\n    outcome: oops\n",
     "11:14: expect.2.outcome: unknown outcome code 'oops': expected a code listed in rules/vocabulary.yaml"),
], ids=["unknown-outcome", "malformed-cite", "block-style"])
def test_check_bad_expect_is_bad_input_not_a_fail(tmp_path, item, rest):
    path = tmp_path / "case.yaml"
    path.write_text(EXPECT_HEADER + item)
    proc = run_cli("check", str(path))
    assert proc.returncode == 2
    assert proc.stderr == ""
    assert proc.stdout.splitlines() == [f"ERROR {path}:{rest}", "0 passed, 0 failed, 1 bad input"]
    # 'director rule' rules on the events; expect: is for 'director check' only
    ruled = run_cli("rule", str(path))
    assert ruled.returncode == 0, ruled.stderr
    assert ruled.stderr == ""
    assert "Irregularity: West's 1H does not outrank 1NT" in ruled.stdout


def test_check_folder_without_expect_is_not_a_silent_success(tmp_path):
    (tmp_path / "no-expect.yaml").write_text(HEADER + OPENING)
    proc = run_cli("check", str(tmp_path))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.splitlines() == [f"director: error: no case with an expect: block found under {tmp_path}"]
    empty = tmp_path / "empty"
    empty.mkdir()
    proc = run_cli("check", str(empty))
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [f"director: error: no case with an expect: block found under {empty}"]


def test_a_whole_law_as_a_bare_number_is_a_cite(tmp_path):
    # `cite: 18` is an int in YAML; a law number alone is a valid cite, so it is read as "18"
    path = tmp_path / "case.yaml"
    path.write_text(EXPECT_HEADER.replace("{cite: 18D,", "{cite: 18,"))
    proc = run_cli("check", str(path))
    assert proc.returncode == 1
    assert "not in the answer 18 irregularity" in proc.stdout and "not in the key 18D irregularity" in proc.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text(EXPECT_HEADER.replace("{cite: 18D,", "{cite: 118,"))
    proc = run_cli("check", str(bad))
    assert proc.returncode == 2
    assert proc.stdout.splitlines()[0] == f"ERROR {bad}:9:12: expect.1.cite: expected a sub-clause such as 27D or 27B1(a), found '118'"


def test_nested_aliases_give_a_short_error_line(tmp_path):
    # a few lines of YAML anchors stand for millions of values: the error quotes a short part
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for i, name in enumerate("bcdefg"):
        prev = "abcdefg"[i]
        lines.append(f"{name}: &{name} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]")
    path = tmp_path / "laughs.yaml"
    path.write_text(HEADER.replace("events:\n", "\n".join(lines) + "\nevents:\n") + OPENING
                    + "  - {seat: W, call: *g}\n")
    proc = run_cli("rule", str(path))
    m = one_error_line(proc, path)
    # (refused before it is built since hostile-2026-12-05: walking 10**7 values took seconds and
    # gigabytes where a field read them all; the place is the value that grows too large)
    assert m["rest"].startswith("this value stands for more than 100,000 values once its aliases (*name) are "
                                "expanded"), m["rest"]
    assert len(proc.stderr) < 300


def test_a_case_longer_than_any_table_story_is_refused(tmp_path):
    from bridge_director.case.shapes import MAX_EVENTS
    calls = "".join(f"  - {{seat: {'WNES'[i % 4]}, call: Pass}}\n" for i in range(MAX_EVENTS))
    path = tmp_path / "long.yaml"
    path.write_text(HEADER + OPENING + calls)          # one event too many
    m = one_error_line(run_cli("rule", str(path)), path)
    assert (int(m["line"]), m["rest"]) == (6 + MAX_EVENTS, f"events.{MAX_EVENTS + 1}: a case holds at most "
                                           f"{MAX_EVENTS} events (the longest legal auction has 319 calls), found {MAX_EVENTS + 1}")


def test_a_usage_mistake_is_one_line_too(tmp_path):
    proc = run_cli("rule", "x.yaml", "--format", "xml")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == ["director rule: error: argument --format: invalid choice: 'xml' "
                                        "(choose from 'text', 'markdown', 'json') (see director rule --help)"]


@pytest.mark.parametrize("event,rest", [
    ("  - {happened: hand-count, seat: N, cards: 1000}\n",
     "7:44: events.2.cards: expected a number of cards 52 or fewer (a pack has 52 cards), found 1000"),
    ("  - {seat: W, replaces: 1H, with: 2H}\n",
     "7:25: events.2.replaces: W never made the call 1H before event 2: W had made no call to replace"),
    ("  - {happened: touched-other-hand, by: W, of: W}\n",
     "7:47: events.2.of: expected a seat other than by (W), found 'W'"),
    ("  - {happened: hand-from-wrong-pocket, seat: N, pocket: N}\n",
     "7:57: events.2.pocket: expected a seat other than seat (N), found 'N'"),
    ("  - {happened: call-on-source-board, seat: W, call: 1S}\n",
     "7:5: events.2: a call on the board the cards came from needs an earlier "
     "{happened: wrong-board, seat: W, ...} event, found none"),
], ids=["cards-over-52", "replaces-without-a-call", "touched-own-hand", "own-pocket", "source-board-call-alone"])
def test_impossible_events(tmp_path, event, rest):
    path = tmp_path / "case.yaml"
    path.write_text(HEADER + OPENING + event)
    m = one_error_line(run_cli("rule", str(path)), path)
    assert f"{m['line']}:{m['col']}: {m['rest']}" == rest

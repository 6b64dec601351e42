"""Discoverable events (issue 23, item 5): after "No irregularity found" the interview offers
the events menu (numbered; a number asks the event's fields one by one); every event and its
fields, the seat forms among them (``wrong-board-at-table 15 E``), are in the interview's
``?``, in ``director rule --help`` and in the README; events are numbered in ``ask`` as in
``rule``, so the one-line form ``ask`` prints on saving (a judgement ``event 2 cards-seen``
with it) rules the same as the saved case."""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pexpect

from bridge_director.case.load import load_case
from bridge_director.session import api
from bridge_director.session.draft import Draft, event_fields, event_forms, events_help, parse_event

REPO = Path(__file__).resolve().parent.parent


def _spawn() -> pexpect.spawn:
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", COLUMNS="110", LINES="40")
    return pexpect.spawn(sys.executable, ["-m", "bridge_director.cli.main", "ask"], cwd=str(REPO), env=env,
                         encoding="utf-8", dimensions=(40, 110), timeout=30)


def _number(code: str) -> int:
    return next(i for i, (form, _ex, _doc) in enumerate(event_forms(), 1) if form.split()[0] == code)


def test_every_event_form_is_listed_with_its_fields_and_its_example_parses():
    forms = event_forms()
    from bridge_director.case.shapes import HAPPENED
    assert [f.split()[0] for f, _e, _d in forms[4:]] == list(HAPPENED)
    for form, example, _doc in forms:
        parse_event(example)                                   # every example is one a director may type
    assert ("wrong-board-at-table BOARD [PLAYED_BY]", "wrong-board-at-table 15 E") == forms[_number(
        "wrong-board-at-table") - 1][:2]
    assert parse_event("wrong-board-at-table 15 E") == {"happened": "wrong-board-at-table", "board": 15,
                                                        "played_by": ["E"]}
    assert parse_event("card-exposed E D10+SA") == {"happened": "card-exposed", "seat": "E", "exposed": ["D10", "SA"]}
    assert [f for f, _w, _r in event_fields("hand-count")] == ["seat", "cards"]
    text = events_help()
    for form, _e, _d in forms:
        assert form in text


def test_rule_help_and_readme_list_every_event_with_its_fields():
    out = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "rule", "--help"], cwd=REPO,
                         capture_output=True, text=True, timeout=60)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for form, example, _doc in event_forms():
        assert form in out.stdout, form
        assert f"{form}" in readme, f"README does not list {form!r}"
    assert "wrong-board-at-table 15 E" in out.stdout and "wrong-board-at-table 15 E" in readme


def test_the_draft_in_one_line_has_the_same_events_and_judgements():
    d = Draft(board=12)
    d.add_calls("1S")
    d.add_event(parse_event("hand-count N 14"))
    d.add_event(parse_event("hand-count S 12"))
    d.add_event({"director": "called"})
    d.judge("event 2 cards-seen", False)
    line = d.one_line()
    assert line == ('director rule --board 12 -a W:1S -e "hand-count seat=N cards=14" '
                    '-e "hand-count seat=S cards=12" -e director -j "event 2 cards-seen=no"')
    out = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *shlex.split(line)[1:], "--write", "yaml"],
                         cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout == d.to_yaml().replace("file: draft\n", "")


def test_after_no_irregularity_the_interview_offers_the_events_menu(tmp_path):
    save = tmp_path / "menu.yaml"
    child = _spawn()
    child.expect("Board number")
    child.send("1\r")
    child.expect("Calls from the dealer")
    child.send("1S 2H\r")
    child.expect("No irregularity found")
    child.expect("Something else happened\\? Type it")
    n = _number("wrong-board-at-table")
    child.expect(f"{n} wrong-board-at-table")
    child.expect("What happened next")
    child.send("?\r")
    child.expect(re.escape("wrong-board-at-table BOARD [PLAYED_BY]"))
    child.expect(re.escape("e.g. wrong-board-at-table 15 E"))
    child.expect("What happened next")
    child.send("\r")                                            # the director is called
    child.expect("No irregularity found")
    child.expect("Something else happened\\? Type it, or its number")   # the full menu once, then a line
    child.expect("What happened next")
    child.send(f"{n}\r")
    child.expect("BOARD \\(a board number\\)")
    child.send("15\r")
    child.expect("PLAYED_BY")
    child.send("E\r")
    for _ in range(6):                                          # what the ruling asks now (the form of scoring;
        # then who was at fault, 12C2(a), and who is due to play the board later: not known yet)
        i = child.expect(["What is the form of scoring\\? \\[p pairs", "What happened next", "Which sides [^?]*\\?"])
        if i == 1:
            break
        child.send("p\r" if i == 0 else "?\r")
    child.send("s\r")
    child.expect("Save as")
    child.send(f"{save}\r")
    child.expect("in one line, with the same event numbers: (director rule [^\r\n]*)\\)\\.")
    line = child.match.group(1)
    child.send("q\r")
    child.expect("Bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    case = load_case(save)
    events = save.read_text().split("events:\n")[1]
    assert "{happened: wrong-board-at-table, board: 15, played_by: [E]}" in events
    out = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *shlex.split(line)[1:], "--format", "json"],
                         cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    import json
    pairs = {(o["cite"], o["outcome"]) for o in json.loads(out.stdout)["outcomes"]}
    assert pairs and pairs == api.rule(case).pairs(), (sorted(pairs), line)

"""`director rule` in one line, from standard input, and PBN in and out."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bridge_director.session.draft import Draft
from bridge_director.bridge.pbn import Deal, full_pack
from bridge_director.session.pbn_case import draft_from_pbn, draft_to_pbn
from bridge_director.base.yamlpos import InputError

REPO = Path(__file__).resolve().parent.parent


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=REPO, input=stdin,
                          capture_output=True, text=True, timeout=120)


def a_deal() -> str:
    cards = list(full_pack())
    hands = [cards[i::4] for i in range(4)]
    def hand(cs):
        return ".".join("".join(c.rank for c in cs if c.suit == s) for s in "SHDC")
    return "N:" + " ".join(hand(h) for h in hands)


def test_one_line_form_rules_with_the_judgement():
    p = cli("rule", "--board", "5", "--auction", "1S 1H", "--judge", "E 1H unintended=no", "--format", "json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    pairs = {(o["cite"], o["outcome"]) for o in data["outcomes"]}
    assert ("25A2", "change-not-allowed") in pairs
    assert data["board"] == 5 and data["dealer"] == "N"
    assert [q["id"] for q in data["questions"]][0] == "decision:S accepts E 1H (event 2)"


def test_calls_and_events_keep_their_order():
    p = cli("rule", "--board", "1", "-a", "1S W:1H", "-e", "N declines", "-a", "2H", "--write", "yaml")
    assert p.returncode == 0, p.stderr
    assert "  - {seat: W, call: 1H}\n  - {seat: N, accepts: false}\n  - {seat: E, call: 2H}\n" in p.stdout


def test_bad_one_line_input_is_one_line_and_exit_2():
    p = cli("rule", "--board", "5", "--auction", "1S 1Z")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.strip().endswith("call 2 ('1Z'): expected a call such as 1H, 3NT, P, X or XX, "
                                     "or SEAT:CALL such as W:1H")
    assert len(p.stderr.strip().splitlines()) == 1
    p = cli("rule", "--board", "5", "-a", "1S 1H", "--judge", "E 1H unintended=perhaps")
    assert p.returncode == 2 and "expected yes or no" in p.stderr
    p = cli("rule", "--board", "5", "-e", "dance")
    assert p.returncode == 2 and "expected an event such as 'director'" in p.stderr


def test_a_case_on_standard_input_needs_no_source():
    text = "board: 5\nevents:\n  - {seat: N, call: 1S}\n  - {seat: E, call: 1H}\njudgement:\n  E 1H unintended: false\n"
    p = cli("rule", "-", stdin=text)
    assert p.returncode == 0, p.stderr
    assert "Irregularity: East's 1H does not outrank 1S" in p.stdout
    bad = cli("rule", "-", stdin="board: 5\nevents: [{seat: Q, call: 1S}]\n")
    assert bad.returncode == 2 and bad.stderr.startswith("director: error: <stdin>:2:")


def test_pbn_auction_with_notes_and_marks_in_and_out(tmp_path):
    deal = a_deal()
    assert Deal.__name__ and deal.startswith("N:")
    pbn = (f'[Board "5"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "{deal}"]\n[Auction "N"]\n'
           f'1S 1H ^I =1= 2H AP\n[Note "1:East meant 1H"]\n')
    d = draft_from_pbn(pbn, "b5.pbn")
    assert d.board == 5 and d.setting["deal"] == deal
    assert d.events[:4] == [{"seat": "N", "call": "1S"},
                            {"seat": "E", "call": "1H", "note": "PBN ^I: insufficient bid, accepted East meant 1H"},
                            {"seat": "S", "accepts": True}, {"seat": "S", "call": "2H"}]
    assert [e["call"] for e in d.events[4:]] == ["Pass", "Pass", "Pass"]
    r = d.rule()
    assert ("27A1", "call-accepted") in r.pairs() or any(ln.rule.startswith("ib-accepted") for ln in r.lines)
    out = draft_to_pbn(d)
    assert '[Auction "N"]\n1S 1H ^I 2H Pass\nPass Pass\n' in out
    again = draft_from_pbn(out, "again.pbn")
    assert [(e["seat"], e["call"]) for e in again.events if "call" in e and "accepts" not in e] == \
        [(e["seat"], e["call"]) for e in d.events if "call" in e and "accepts" not in e]
    f = tmp_path / "b5.pbn"
    f.write_text(pbn)
    p = cli("rule", str(f))
    assert p.returncode == 0, p.stderr
    assert "Auction ended: 2H by South; opening leader West." in p.stdout


def test_pbn_out_of_rotation_is_written_with_its_seat_and_mark():
    d = Draft(board=1)
    d.add_calls("1S W:1H")
    d.add_event({"seat": "N", "accepts": True})
    out = draft_to_pbn(d)
    assert "1S - - 1H ^I ^S" in out
    back = draft_from_pbn(out, "x.pbn")
    assert back.events[1]["seat"] == "W"


def test_bad_pbn_is_one_line_with_its_position():
    try:
        draft_from_pbn('[Board "3"]\n[Auction "S"]\n1H 1Q\n', "bad.pbn")
    except InputError as e:
        assert str(e).startswith("bad.pbn:3:4: Auction: expected a call")
    else:
        raise AssertionError("no error")

"""Portuguese at the table (issue 23, item 9): ``ask``, ``serve`` and the one-line form take
``--lang pt``; calls are read with the suit symbols or the letters Brazilian directors write
(P paus, O ouros, C copas, E espadas, SA sem atout: "2C" is two HEARTS to them) and shown
with the symbols; judgement keys, event codes and the case's title are Portuguese too, and
are read back. The case file keeps the case format's notation (1H, hand-count, unintended)."""
from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from bridge_director.case.judgements import PROPERTIES
from bridge_director.case.load import load_case
from bridge_director.ruling import i18n
from bridge_director.session import api
from bridge_director.session.draft import Draft, parse_event, parse_judgement

REPO = Path(__file__).resolve().parent.parent


def test_calls_as_brazilian_directors_write_them():
    read = {t: i18n.call_from_words(t, "pt") for t in ("2C", "1P", "1O", "4E", "3SA", "3ST", "P", "Passe", "x",
                                                        "XX", "1♥", "6♠")}
    assert read == {"2C": "2H", "1P": "1C", "1O": "1D", "4E": "4S", "3SA": "3NT", "3ST": "3NT", "P": "Pass",
                    "Passe": "Pass", "x": "X", "XX": "XX", "1♥": "1H", "6♠": "6S"}
    assert i18n.call_from_words("1H", "pt") is None                     # H is no Portuguese suit letter
    assert i18n.call_from_words("2C", "en") == "2C"                     # clubs, in English
    assert [i18n.call_name(c, "pt") for c in ("1C", "2D", "3H", "4S", "3NT", "Pass", "X")] == \
        ["1♣", "2♦", "3♥", "4♠", "3SA", "Passe", "X"]


def test_judgement_keys_and_event_codes_in_portuguese_read_back():
    assert sorted(i18n.PROPERTY_WORDS["pt"]) == sorted(PROPERTIES)       # every property has its Portuguese name
    names = list(i18n.PROPERTY_WORDS["pt"].values())
    assert len(set(names)) == len(names)
    for prop in PROPERTIES:
        for key in (f"E 1C {prop}", f"W X {prop}", f"event 3 {prop}"):
            shown = i18n.key_words(key, "pt")
            assert i18n.key_from_words(shown, "pt") == key, (key, shown)
    assert i18n.key_words("E 1C unintended", "pt") == "L 1♣ não-intencional"
    assert parse_judgement("L 2C comparavel=sim", lang="pt") == ("E 2H comparable", True)
    assert parse_judgement("evento 2 cartas-vistas: não", lang="pt") == ("event 2 cards-seen", False)
    assert parse_event("contagem-de-cartas L 14", lang="pt") == {"happened": "hand-count", "seat": "E", "cards": 14}
    assert parse_event("bolsa-errada-na-mesa 15 L+O", lang="pt") == {"happened": "wrong-board-at-table",
                                                                     "board": 15, "played_by": ["E", "W"]}
    assert parse_event("O não aceita 1C", lang="pt") == {"seat": "W", "accepts": False, "call": "1H"}
    assert parse_event("L 1C>2C", lang="pt") == {"seat": "E", "replaces": "1H", "with": "2H"}
    assert parse_event("diretor", lang="pt") == {"director": "called"}


def test_a_draft_in_portuguese_writes_the_case_format_and_a_portuguese_title():
    d = Draft(board=6, lang="pt")
    assert d.add_calls("1O 1P") == [{"seat": "E", "call": "1D"}, {"seat": "S", "call": "1C"}]
    d.add_event({"director": "called"})
    d.add_event(parse_event("O não aceita", lang="pt"))
    d.judge(*parse_judgement("S 1P não-intencional=não", lang="pt"))
    assert d.owed_words() == "Sul agora substitui 1♣: digite a voz de Sul."
    assert d.add_calls("2C") == [{"seat": "S", "replaces": "1C", "with": "2H"}]       # 2 copas
    text = d.to_yaml()
    assert 'title: "Bolsa 6, na mesa: Leste 1♦, Sul 1♣, Sul 2♥"' in text and "lang: pt" in text
    assert "{seat: S, replaces: 1C, with: 2H}" in text and "S 1C unintended: false" in text
    ruling = d.rule()
    assert ruling.case.lang == "pt" and any("2♥" in ln.text for ln in ruling.lines), [ln.text for ln in ruling.lines]


def test_one_line_form_in_portuguese():
    """The one-line form with --lang pt: the ruling in Portuguese; judgement keys and event
    codes may be Portuguese; calls are read as ask and the page read them (2C is two hearts,
    copas; the symbols read alike in either language; tester12 row 45)."""
    args = ["rule", "--board", "6", "-a", "1♦ 1♣", "-e", "diretor", "-e", "O não aceita", "-e", "S 1♣>X",
            "-j", "S 1♣ não-intencional=não", "-j", "S X comparável=não", "--lang", "pt"]
    out = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=REPO,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Julgamentos informados: S 1♣ não-intencional: false; S X comparável: false" in out.stdout
    assert "A voz X de Sul é cancelada." in out.stdout
    assert out.stdout.rstrip().splitlines()[-1].startswith("A seguir: Sul agora substitui 1♣: dê a voz de Sul")
    yaml_out = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args, "-a", "3♠", "--write", "yaml"],
                              cwd=REPO, capture_output=True, text=True, timeout=120)
    assert "  - {seat: S, replaces: 1C, with: 3S}" in yaml_out.stdout.splitlines(), yaml_out.stdout
    same = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "rule", "--board", "6", "-a", "1O 2C",
                           "--lang", "pt", "--write", "yaml"], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert "  - {seat: S, call: 2H}" in same.stdout.splitlines(), same.stdout + same.stderr


def test_ask_in_portuguese(tmp_path):
    save = tmp_path / "pt.yaml"
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", COLUMNS="110", LINES="40")
    child = pexpect.spawn(sys.executable, ["-m", "bridge_director.cli.main", "ask", "--lang", "pt"], cwd=str(REPO),
                          env=env, encoding="utf-8", dimensions=(40, 110), timeout=30)
    steps = (("Número da Bolsa", "6"), ("Vozes a partir de quem deu as cartas \\(Leste\\)", "1O 1P"),
             ("O 1♣ era a voz que Sul pretendia fazer\\? \\[s sim / n não", "s"),     # s is sim here, not save
             ("Oeste aceita o 1♣ de Sul\\?", "n"), ("Que voz Sul faz no lugar do 1♣\\?", "X"),
             ("comparável", "n"))
    for pattern, reply in steps:
        child.expect(pattern)
        child.send(reply + "\r")
    child.expect("Diga agora aos jogadores:")
    child.expect("A voz X de Sul é cancelada.")
    child.expect("A seguir: Sul agora substitui 1♣: digite a voz de Sul.")
    child.expect("O que aconteceu depois\\? \\(a voz de Sul no lugar de 1♣, ou um evento\\)")
    child.send("3E\r")
    child.expect("O que aconteceu depois")
    child.send("salvar\r")
    child.expect("Salvar como")
    child.send(f"{save}\r")
    child.expect("numa linha, com os mesmos números de evento: (director rule [^\r\n]*)\\)\\.")
    line = child.match.group(1)
    child.send("q\r")
    child.expect("Até logo.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    case = load_case(save)
    assert case.lang == "pt" and case.title == "Bolsa 6, na mesa: Leste 1♦, Sul 1♣, Sul X, Sul 3♠"
    assert [(e.kind, str(e.call)) for e in case.events][-1] == ("replaces", "3S")
    assert "--lang pt" in line and "-j \"evento 2 não-intencional=não\"" in line, line     # answers are written against their event
    out = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *shlex.split(line)[1:], "--format", "json"],
                         cwd=REPO, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    pairs = {(o["cite"], o["outcome"]) for o in json.loads(out.stdout)["outcomes"]}
    assert pairs == api.rule(case).pairs() and ("27B3", "call-stands") in pairs

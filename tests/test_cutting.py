"""`director table`: the club code of seed 003 (forming a table, equal cuts, cutting out)."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest
import yaml

from bridge_director.bridge import cutting
from bridge_director.session import club

ROOT = pathlib.Path(__file__).resolve().parent.parent
TABLES = sorted((ROOT / "tables" / "portland-bridge-c1909").glob("*.yaml"))
DECISIVE = {"plays", "belongs-to-table", "first-vacancy", "partnership", "deals", "cut-again", "goes-out"}


def test_card_order_for_a_cut_is_ace_low_and_suits_do_not_rank():
    assert [cutting.card_value(c) for c in ("SA", "H2", "D9", "C10", "ST", "HJ", "DQ", "CK")] == \
        [1, 2, 9, 10, 10, 11, 12, 13]
    assert cutting.card_value("SA") == cutting.card_value("ha") == cutting.card_value("DA")
    assert cutting.places({"a": 5, "b": 1, "c": 5, "d": 13}, ["a", "b", "c", "d"]) == {"b": 1, "a": 2, "c": 2, "d": 4}


@pytest.mark.parametrize("path", TABLES, ids=[p.stem for p in TABLES])
def test_table_rules_as_expected(path):
    want = {(e["cite"], e["outcome"], e.get("for")) for e in yaml.safe_load(path.read_text())["expect"]}
    got = {(ln["cite"], ln["outcome"], ln["for"]) for ln in club.rule(cutting.load_table(path))}
    assert want <= got
    assert {g for g in got if g[1] in DECISIVE} == want


def test_every_tie_rule_has_a_table():
    fired = set()
    for p in TABLES:
        fired |= {ln["rule"] for ln in club.rule(cutting.load_table(p))}
    from bridge_director.session import api
    ids = {r.id for r in api.rulebook(club.EDITION).rules}
    assert ids == fired, ids - fired


def run(tmp_path, text):
    f = tmp_path / "t.yaml"
    f.write_text(text)
    return f, subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "table", str(f)], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("text,where,what", [
    ("candidates: [A, B, C, D]\npartners: {A: S1, B: H2, C: D3, D: C4}\n", "2:15: partners.A",
     "expected a card such as SA"),
    ("candidates: [A, B, C, D]\npartners: {A: SZ, B: H2, C: D3, D: C4}\n", "2:15: partners.A", "found 'SZ'"),
    ("candidates: [A, B, C, D]\npartners: {A: S4, B: H2, C: s4, D: C4}\n", "2:29: partners.C",
     "S4 was already cut by A"),
    ("candidates: [A, B, C]\npartners: {A: S4, B: H2, C: D3}\n", "1:13: candidates",
     "at least four candidates, found 3"),
    ("candidates: [A, B, C, D]\npartners: {A: S4, B: H2, E: D3, D: C4}\n", "2:29: partners.E", "expected one of"),
])
def test_bad_table_is_one_line_exit_2(tmp_path, text, where, what):
    f, proc = run(tmp_path, text)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"director: error: {f}:{where}") and what in lines[0], lines

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
DECISIVE = {"plays", "belongs-to-table", "first-vacancy", "partnership", "deals", "cut-again", "goes-out",
            # the evening's events (entry, substitutes, shuffling): every line is asserted, none stands alone
            "enters", "entry-right", "substitute", "loses-re-entry", "shuffle-right", "shuffle-again", "not-covered-yet"}


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
    # the two rules on a deal ruled under the club code (director rule) read a case, not a table:
    # their cases are in cases/portland-bridge-c1909/
    on_a_deal = {"pc-deal-not-covered", "pc-event-not-covered"}
    assert ids - on_a_deal == fired, (ids - on_a_deal) ^ fired


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
    # the recut is checked against the tie it settles (editions-audit-3, F3 and F17)
    ("candidates: [A, B, C, D]\npartners: {A: SA, B: HA, C: D9, D: SK}\nrecut: {B: D3}\n", "3:8: recut",
     "every tied player cuts: no card for A"),
    ("candidates: [A, B, C, D]\npartners: {A: SA, B: HA, C: D9, D: SK}\nrecut: {A: S7, B: D8, C: CA}\n",
     "3:26: recut.C", "expected one of A, B (the players whose equal cards are cut again), found 'C'"),
    ("candidates: [A, B, C, D]\npartners: {A: S2, B: H5, C: D9, D: SK}\nrecut: {A: SK, B: HA}\n", "3:8: recut",
     "no two of the four cut equal cards"),
    ("candidates: [A, B, C, D]\npartners: {A: SA, B: HJ, C: DJ, D: CJ}\nrecut: {A: S3, B: C7, C: SK}\n",
     "3:12: recut.A", "expected one of B, C, D (the players whose equal cards"),
    ("candidates: [A, B, C, D]\npartners: {A: SK, B: HK, C: D9, D: S2}\nrecut: {A: S3, B: C7}\n", "3:8: recut",
     "two equal highest simply play together"),
    ("candidates: [A, B, C, D, E]\nrubber_end: {rubbers: {A: 2, B: 1, C: 1}, claimants: [E]}\n",
     "2:23: rubber_end.rubbers", "expected the four players of the rubber"),
])
def test_bad_table_is_one_line_exit_2(tmp_path, text, where, what):
    f, proc = run(tmp_path, text)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"director: error: {f}:{where}") and what in lines[0], lines


def _evening(stem: str, lang: str = "en") -> list[str]:
    path = next(p for p in TABLES if p.stem.startswith(stem))
    lines = club.rule(cutting.load_table(path), lang)
    return [ln["text"] for ln in sorted((ln for ln in lines if ln["rule"].startswith(club.EVENING_RULE)),
                                        key=lambda ln: (ln["at"], "vacancy" in ln["rule"]))]


def test_the_evening_fills_places_in_the_codes_order():
    """A place that falls free goes to the next lowest cut (Law 18), then to the first in the room
    of those who came later (17); a full table takes no one who declares in (18); a player who
    joins another table loses re-entry (25)."""
    t = _evening("pc-21")
    assert t[1].startswith("Event 2: Ann's place is free: Di, who cut the next lowest card, enters"), t[1]
    assert t[2].startswith("Event 3: Gus's place is free and no one is waiting from the cut: Hal"), t[2]
    assert t[4].startswith("Event 5: Ivy declared in, but the table already has six players"), t[4]
    assert t[5].startswith("Event 6: Flo joined another table while belonging to this one"), t[5]
    assert t[6].startswith("Event 6: Flo's place is free and no one is waiting from the cut: Ivy"), t[6]
    assert t[7].startswith("Event 7: Cy's place is free and no one is waiting: a candidate may join by declaring"), t[7]


def test_the_evening_substitutes_and_shuffles_name_who():
    t = _evening("pc-23")
    assert "with the consent of Bob, Cy and Di, Fay plays in Ann's place for the rest of this rubber only" in t[1]
    assert "Ann and Di did not consent, so Gil does not play" in t[3]
    assert any("the other table has 1 place(s) for 3 players: Ann, Bob and Fay settle" in x for x in t)
    s = _evening("pc-24")
    assert "Event 5: Ann shuffled more than once" in "\n".join(s)
    assert "Event 5: a card was seen while the dealer shuffled: Ann and Bob may require Cy to shuffle again." in s
    assert "Event 6: Bob, who deals, has the right to shuffle last, after Di." in s
    pt = _evening("pc-24", "pt")
    assert "Evento 5: uma carta foi vista enquanto quem dá as cartas embaralhava: Ann e Bob podem exigir que Cy " \
           "embaralhe de novo." in pt


def test_bad_table_in_portuguese(tmp_path):
    f = tmp_path / "t.yaml"
    f.write_text("candidates: [A, B, C, D]\npartners: {A: SA, B: HA, C: D9, D: SK}\nrecut: {B: D3}\n")
    proc = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "table", "--lang", "pt", str(f)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == f"director: erro: {f}:3:8: recut: todos os jogadores empatados tiram de novo: " \
                                  f"falta a carta de A"
    f.write_text("candidates: [A, B, C, D]\nevening:\n  - {shuffle: A, how: sideways}\n")
    proc = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "table", "--lang", "pt", str(f)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "evening[1].how: esperava um destes: below-the-table" in proc.stderr, proc.stderr

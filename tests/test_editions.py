"""Editions: the registry, `director editions`, `rule --edition`, `compare`, and each
edition's rule files and cases."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest
import yaml

from engine import api, editions
from engine.case import load_case
from engine.paths import rules_dir
from engine.rulebook import rule_files

ROOT = pathlib.Path(__file__).resolve().parent.parent
RUBBER = ROOT / "cases" / "rubber-1981"
NAMES = editions.names(rules_dir())


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine.cli", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_the_registry_names_the_editions_of_the_seeds():
    assert NAMES[0] == "duplicate-2017"
    assert "rubber-1981" in NAMES
    assert editions.get(rules_dir(), "rubber-1981").director is False
    assert editions.get(rules_dir(), "duplicate-2017").director is True
    with pytest.raises(KeyError, match="unknown edition 'nope'"):
        editions.get(rules_dir(), "nope")


@pytest.mark.parametrize("name", NAMES)
def test_every_edition_compiles_from_its_own_files(name):
    files = rule_files(rules_dir(), name)
    assert files, f"{name} has no rule files"
    for f in files:
        assert yaml.safe_load(f.read_text(encoding="utf-8"))["edition"] == name, f
    book = api.rulebook(name)
    assert book.edition == name and book.rules
    assert {r.file for r in book.rules} <= {str(f) for f in files}


def test_editions_do_not_share_rules_and_the_cache_is_keyed_by_edition():
    ids = {n: {r.id for r in api.rulebook(n).rules} for n in ("duplicate-2017", "rubber-1981")}
    assert not ids["duplicate-2017"] & ids["rubber-1981"]
    assert "lead-penalty-possible" in api.rulebook("rubber-1981").vocabulary
    assert "lead-penalty-possible" not in api.rulebook("duplicate-2017").vocabulary


def test_director_editions_lists_every_edition():
    proc = run_cli("editions", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    assert [e["name"] for e in json.loads(proc.stdout)] == NAMES
    text = run_cli("editions").stdout
    assert "no director: the players apply it themselves" in text


def test_rule_under_another_edition():
    proc = run_cli("rule", "cases/rubber-1981/rb-18-insufficient-bid-replaced-by-another-call.yaml",
                   "--edition", "duplicate-2017", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["edition"] == "duplicate-2017"
    assert ("27B2", "partner-must-pass-rest") in {(o["cite"], o["outcome"]) for o in data["outcomes"]}
    text = run_cli("rule", "cases/rubber-1981/rb-18-insufficient-bid-replaced-by-another-call.yaml").stdout
    assert "Laws of Contract Bridge, rubber bridge" in text and "seed004.12" in text


def test_unknown_edition_is_bad_input(tmp_path):
    proc = run_cli("rule", "cases/ib-01-insufficient-1h-over-1nt.yaml", "--edition", "nope")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().splitlines() == [
        "director: error: --edition: unknown edition 'nope': expected one of " + ", ".join(NAMES)]
    case = tmp_path / "c.yaml"
    case.write_text("case: x\ntitle: t\nsource: teaching\nedition: duplicate-1975\nboard: 1\n"
                    "events:\n  - {seat: N, call: 1H}\n")
    proc = run_cli("rule", str(case))
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"director: error: {case}:4:10: edition: expected one of duplicate-2017")


def _rows(path: str) -> dict:
    proc = run_cli("compare", path, "--editions", "duplicate-2017,rubber-1981", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    out = {}
    for r in json.loads(proc.stdout)["rows"]:
        out[(r["who"], r["outcome"])] = {e: (v["cites"] if v else None) for e, v in r["editions"].items()}
    return out


def test_compare_insufficient_bid():
    rows = _rows("cases/rubber-1981/rb-18-insufficient-bid-replaced-by-another-call.yaml")
    # both silence West for the rest of the auction; 2017 only if 2NT is not comparable
    assert rows[("W", "partner-must-pass-rest")] == {"duplicate-2017": ["27B2"], "rubber-1981": ["seed004.12"]}
    assert rows[("W", "lead-penalty-possible")] == {"duplicate-2017": None, "rubber-1981": ["seed004.12"]}
    assert rows[("(table)", "no-further-rectification")] == {"duplicate-2017": ["27B1(b)"], "rubber-1981": None}
    assert rows[("S", "non-offenders-may-waive")]["duplicate-2017"] is None


def test_compare_bid_out_of_rotation():
    rows = _rows("cases/rubber-1981/rb-24-bid-out-of-turn-rho-acts-other-call.yaml")
    # rubber: partner passes throughout; 2017: partner passes once (if not comparable)
    assert rows[("N", "partner-must-pass-rest")] == {"duplicate-2017": None, "rubber-1981": ["seed004.15"]}
    assert rows[("N", "partner-must-pass-next")] == {"duplicate-2017": ["31A2(b)"], "rubber-1981": None}
    rows = _rows("cases/rubber-1981/rb-21-bid-out-of-turn-at-partners-turn.yaml")
    assert rows[("E", "partner-must-pass-rest")] == {"duplicate-2017": None, "rubber-1981": ["seed004.14"]}


def test_compare_pass_out_of_rotation():
    rows = _rows("cases/rubber-1981/rb-29-pass-out-of-turn-at-partners-turn-after-a-bid.yaml")
    assert rows[("W", "offender-must-pass-rest")] == {"duplicate-2017": None, "rubber-1981": ["seed004.18"]}
    assert rows[("E", "partner-may-not-double")] == {"duplicate-2017": None, "rubber-1981": ["seed004.18"]}
    assert rows[("E", "partner-may-call")] == {"duplicate-2017": ["30B1(a)"], "rubber-1981": None}


def test_compare_text_marks_the_differences():
    proc = run_cli("compare", "cases/rubber-1981/rb-24-bid-out-of-turn-rho-acts-other-call.yaml",
                   "--editions", "duplicate-2017,rubber-1981")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "What changes" in out and "* N: partner-must-pass-rest" in out
    assert "rubber-1981 (seed004.15): S's 1NT does not repeat the denomination of 1H" in out
    assert "duplicate-2017: not so" in out
    assert "=== duplicate-2017 " in out and "=== rubber-1981 " in out


@pytest.mark.parametrize("arg", ["duplicate-2017", "duplicate-2017,duplicate-2017", "duplicate-2017,nope"])
def test_compare_needs_two_known_editions(arg):
    proc = run_cli("compare", "cases/ib-01-insufficient-1h-over-1nt.yaml", "--editions", arg)
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1


RUBBER_STATEMENTS = {f"seed004.{n}" for n in range(1, 19) if n not in (6, 7, 8)} | {"20"}


def test_every_seed_004_statement_has_a_rule_and_a_case():
    book = api.rulebook("rubber-1981")
    cited = {c.data["cite"] for r in book.rules for c in r.then if c.kind == "outcome"}
    assert RUBBER_STATEMENTS <= cited
    expected = set()
    for p in sorted(RUBBER.glob("*.yaml")):
        case = load_case(p)
        assert case.edition == "rubber-1981"
        expected |= {e.cite for e in case.expect}
    assert RUBBER_STATEMENTS <= expected


def test_rubber_texts_say_there_is_no_director():
    for p in sorted(RUBBER.glob("*.yaml")):
        text = "".join(ln.text for ln in api.rule_file(p).lines)
        assert "director" not in text.replace("No director", ""), p.name

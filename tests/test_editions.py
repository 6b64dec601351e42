"""Editions: the registry, `director editions`, `rule --edition`, `compare`, and each
edition's rule files and cases."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest
import yaml

from bridge_director.session import api
from bridge_director.base import editions
from bridge_director.case.load import load_case
from bridge_director.base.paths import rules_dir
from bridge_director.rulebook.book import rule_files
from bridge_director.base.yamlpos import InputError

ROOT = pathlib.Path(__file__).resolve().parent.parent
RUBBER = ROOT / "cases" / "rubber-1981"
NAMES = editions.names(rules_dir())


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_the_registry_names_the_editions_of_the_seeds():
    assert NAMES[0] == "duplicate-2017"
    assert {"duplicate-1997", "rubber-1981"} <= set(NAMES)
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
    assert "Laws of Contract Bridge, rubber bridge" in text and "seed 004, statement 12" in text
    assert "seed004" not in text   # the rule files' short form is not what a reader is shown


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
    assert "rubber-1981 (seed 004, statement 15): S's 1NT does not repeat the denomination of 1H" in out
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


def _rows97(name: str) -> dict:
    proc = run_cli("compare", f"cases/duplicate-1997/{name}.yaml", "--editions", "duplicate-2017,duplicate-1997",
                   "--format", "json")
    assert proc.returncode == 0, proc.stderr
    return {(r["who"], r["outcome"]): {e: (v["cites"] if v else None) for e, v in r["editions"].items()}
            for r in json.loads(proc.stdout)["rows"]}


def test_1997_6d1_trigger_is_this_tables_auction_not_the_first_anywhere():
    # the board was bid at another table: 2017 gives no redeal, 1997 (auction not begun
    # for both sides here) does
    rows = _rows97("d97-01-6d1-incorrect-deal-board-bid-elsewhere")
    assert rows[("(table)", "new-shuffle-and-deal")] == {"duplicate-2017": None, "duplicate-1997": ["6D1"]}
    rows = _rows97("d97-02-6d1-fourteen-twelve-before-the-auction-board-bid-elsewhere")
    assert rows[("(table)", "new-shuffle-and-deal")] == {"duplicate-2017": None, "duplicate-1997": ["6D1"]}
    assert rows[("(table)", "hands-corrected")] == {"duplicate-2017": ["13A1"], "duplicate-1997": None}
    rows = _rows97("d97-03-6d1-card-faced-after-both-sides-took-cards")
    assert rows[("(table)", "new-shuffle-and-deal")]["duplicate-1997"] is None


def test_1997_law_7_numbering_and_no_shuffle_before_returning():
    assert _rows97("d97-05-7b-wrong-pocket")[("N", "irregularity")] == {"duplicate-2017": ["7B1"], "duplicate-1997": ["7B"]}
    assert _rows97("d97-06-7b1-called-without-counting")[("E", "irregularity")] == {
        "duplicate-2017": ["7B2"], "duplicate-1997": ["7B1"]}
    assert _rows97("d97-07-7b2-touched-another-hand")[("E", "irregularity")] == {
        "duplicate-2017": ["7B3"], "duplicate-1997": ["7B2"]}
    rows = _rows97("d97-08-7c-cards-returned-unshuffled")
    assert rows[("N", "irregularity")] == {"duplicate-2017": ["7C"], "duplicate-1997": None}
    assert rows[("N", "no-irregularity")] == {"duplicate-2017": None, "duplicate-1997": ["7C"]}


def test_1997_no_replay_exception_and_no_postponed_board_rule():
    rows = _rows97("d97-04-6d2-replay-event-deal-from-another-session")
    assert rows[("(table)", "no-result-may-stand")] == {"duplicate-2017": None, "duplicate-1997": ["6D2"]}
    rows = _rows97("d97-09-8b-board-postponed")
    assert rows[("(table)", "round-not-ended-for-board")] == {"duplicate-2017": ["8B2"], "duplicate-1997": None}


def test_1997_never_rules_beyond_laws_6_to_8_and_2017_never_cites_seed_001():
    book = api.rulebook("duplicate-1997")
    for r in book.rules:
        for c in r.then:
            if c.kind == "outcome" and c.data["outcome"] != "not-covered-yet" and c.data["cite"] != "90":
                assert c.data["cite"][0] in "678", (r.id, c.data["cite"])
    for r in api.rulebook("duplicate-2017").rules:     # the 1997 wording is nowhere in 2017's rules
        assert "1997" not in r.summary and "seed 001" not in r.summary, r.id
        assert not any("1997" in str(c.data.get("text", "")) for c in r.then), r.id


# ---------------------------------------------------------------- how the rubber cites read

def test_rubber_cites_read_as_the_rubber_law_or_the_seed_statement():
    """A reader of a rubber ruling sees the rubber law number where the research note gives one
    (the review of the auction, Law 20), with the code named, and otherwise the seed's
    statement in words, in English and in Portuguese; 2017 clauses stay as they are."""
    review = run_cli("rule", "cases/rubber-1981/rb-12-review-later-only-the-contract.yaml").stdout
    ruling = review.split("Ruling:")[1]
    assert ruling.count("Law 20, rubber code") == 2 and " 20\n" not in ruling
    bid = run_cli("rule", "cases/rubber-1981/rb-24-bid-out-of-turn-rho-acts-other-call.yaml", "--lang", "pt").stdout
    assert "seed 004, afirmação 13" in bid and "seed 004, afirmação 15" in bid and "seed004" not in bid
    note = next(ln for ln in bid.splitlines() if "(evento 2)" in ln and ln.startswith("  "))   # the grid's note
    assert note.endswith("(seed 004, afirmação 13)"), note
    md = run_cli("rule", "cases/rubber-1981/rb-24-bid-out-of-turn-rho-acts-other-call.yaml", "--format", "markdown").stdout
    assert "**seed 004, statement 13**" in md and "seed004" not in md
    data = json.loads(run_cli("rule", "cases/rubber-1981/rb-24-bid-out-of-turn-rho-acts-other-call.yaml",
                              "--format", "json").stdout)
    assert {o["cite"] for o in data["outcomes"]} == {"seed004.13", "seed004.15"}   # data keeps the cite as written
    dup = run_cli("rule", "cases/rubber-1981/rb-24-bid-out-of-turn-rho-acts-other-call.yaml",
                  "--edition", "duplicate-2017").stdout
    assert " 29B\n" in dup and "rubber code" not in dup and "statement" not in dup


def test_cite_words_by_edition():
    ed = editions.get(rules_dir(), "rubber-1981")
    assert ed.cite_words("seed004.7") == "seed 004, statement 7"
    assert ed.cite_words("seed004.7", "pt") == "seed 004, afirmação 7"
    assert ed.cite_words("20") == "Law 20, rubber code" and ed.cite_words("20", "pt") == "Lei 20, código de rubber"
    assert editions.get(rules_dir(), "duplicate-2017").cite_words("27B1(a)") == "27B1(a)"
    assert editions.cite_words(rules_dir(), "no-such-edition", "seed004.7") == "seed004.7"


def test_bad_cites_block_is_bad_input(tmp_path):
    (tmp_path / "editions.yaml").write_text(
        "editions:\n  duplicate-2017:\n    title: T\n    cites: {law: \"Law {law}\"}\n")
    with pytest.raises(InputError) as e:
        editions.editions(tmp_path)
    assert "cites" in str(e.value)

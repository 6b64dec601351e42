"""``director rule --write expect``: a case with an expect: block drafted from today's ruling,
for a teacher who builds a quiz case (each item with the ruling's words as a comment)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
CASES = ["cases/ib-01-insufficient-1h-over-1nt.yaml"] + sorted(
    str(p.relative_to(ROOT)) for p in (ROOT / "cases").glob("*.yaml"))[::97]


def director(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("case", CASES)
def test_drafted_expect_is_the_rulings_pairs_and_checks(case, tmp_path):
    """The drafted block is exactly the ruling's (cite, outcome) pairs: written to a file it
    passes ``director check``; for a case whose own expect: passes, the same set."""
    out = director("rule", case, "--write", "expect")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("# expect: drafted by bridge-director")
    drafted = yaml.safe_load(out.stdout)
    pairs = {(e["cite"], e["outcome"]) for e in drafted["expect"]}
    own = yaml.safe_load((ROOT / case).read_text(encoding="utf-8")).get("expect") or []
    if own:
        assert pairs == {(str(e["cite"]), e["outcome"]) for e in own}
    f = tmp_path / "drafted.yaml"
    f.write_text(out.stdout, encoding="utf-8")
    chk = director("check", str(f))
    assert chk.returncode == 0, chk.stdout + chk.stderr
    assert "1 passed, 0 failed" in chk.stdout


def test_each_item_has_its_lines_words_seats_in_full():
    out = director("rule", "--board", "1", "-a", "1NT 1H", "-e", "director", "--write", "expect")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    item = next(ln for ln in lines if "27A1" in ln)
    assert item.startswith("  - {cite: 27A1, outcome: option-accept}   # [South accepts 1H] South may accept 1H")
    ib = next(ln for ln in lines if "18D" in ln)
    assert "# East's 1H does not outrank 1NT" in ib
    # one item per (cite, outcome): no pair twice
    items = [ln.split("#")[0].strip() for ln in lines if ln.startswith("  - {cite:")]
    assert len(items) == len(set(items)) > 5


def test_portuguese_draft_comments_in_portuguese():
    out = director("rule", "--board", "1", "-a", "1SA 1C", "-e", "director", "--write", "expect",
                   "--lang", "pt")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("# expect: rascunho do bridge-director")
    assert "# O lance 1♥ de Leste não supera 1SA" in out.stdout
    assert yaml.safe_load(out.stdout)["lang"] == "pt"


def test_bad_case_is_one_clear_error_and_nothing_printed(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text("case: x\nboard: 1\nevents:\n  - {seat: N, call: 9Z}\n", encoding="utf-8")
    out = director("rule", str(f), "--write", "expect")
    assert out.returncode == 2
    assert out.stdout == ""
    assert "bad.yaml:4" in out.stderr and "Traceback" not in out.stderr

"""The coverage matrix (bridge_director/coverage): every labelled part of Laws 1-39, in order, answered.

docs/coverage.md is the generated Markdown copy; it must be current. A rule citing a label the
2017 Laws do not have, a label a rule cites that no case exercises, a reason given for a label a
rule cites: each is a fault, and the matrix must have none.
"""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from bridge_director.audit.labels import by_law
from bridge_director.coverage import build, load_reasons, render_json, render_markdown, render_text
from bridge_director.coverage.matrix import REASON_KINDS

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def matrix():
    return build()


def test_rows_are_every_label_of_laws_1_to_39_in_order(matrix):
    labels = by_law()
    expected = [lab for law in range(1, 40) for lab in (str(law), *labels[str(law)])]
    assert [r.label for r in matrix.rows] == expected


def test_no_faults(matrix):
    assert matrix.faults == []


def test_docs_copy_is_current(matrix):
    committed = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    assert committed == render_markdown(matrix), \
        "docs/coverage.md is stale: regenerate it with `director coverage --format markdown > docs/coverage.md`"


def test_laws_6_to_39_fully_answered(matrix):
    """Done means: every labelled part of Laws 6-39 is cited by a rule and exercised by a case,
    covered through its parts, or has its reason."""
    open_ = [r.label for r in matrix.rows if int(r.law) >= 6 and r.status in ("gap", "no-case")]
    assert open_ == []


def test_reasons_file_is_well_formed_and_only_names_labels():
    reasons = load_reasons()
    every = {lab for law, parts in by_law().items() for lab in (law, *parts)}
    assert reasons and set(reasons) <= every
    assert {kind for kind, _ in reasons.values()} <= set(REASON_KINDS)


def test_fault_when_a_rule_cites_a_label_with_no_case(matrix):
    """Taking away every case that exercises 24B must turn 24B into a no-case fault."""
    from bridge_director.session import api
    files = [p for p in sorted((ROOT / "cases").rglob("*.yaml"))
             if not any(c in matrix.row("24B").cases for c in [p.stem])]
    m = build(book=api.rulebook(), case_files=files)
    assert m.row("24B").status == "no-case"
    assert any(f.startswith("24B: cited by") for f in m.faults)


def test_fault_when_a_reason_names_a_cited_label():
    m = build(reasons={**load_reasons(), "24B": ("procedure", "wrongly given")})
    assert any(f.startswith("24B: has a reason") for f in m.faults)


def test_fault_when_a_reason_names_no_label():
    m = build(reasons={**load_reasons(), "24F": ("procedure", "there is no 24F")})
    assert "24F: in coverage-reasons.yaml but not a label of the 2017 Laws" in m.faults


def test_statuses(matrix):
    assert matrix.row("24B").status == "covered" and "exposed-honour" in matrix.row("24B").rules
    assert matrix.row("1A").status == "reason" and matrix.row("1A").kind == "mechanics"
    assert matrix.row("27B1").status == "by-parts"


def test_text_and_json_forms(matrix):
    text = render_text(matrix)
    assert text.startswith("Coverage of the Laws of Duplicate Bridge 2017, Laws 1-39")
    assert "24B " in text
    data = json.loads(render_json(matrix))
    assert data["laws"] == [1, 39] and len(data["rows"]) == len(matrix.rows)
    assert sum(data["counts"].values()) == len(matrix.rows)


def test_cli_coverage_markdown_matches_docs():
    proc = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "coverage", "--format", "markdown"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")

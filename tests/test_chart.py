"""`director chart LAW`: for every law in rules/, every leaf is a sub-clause some rule of that
law gives, every rule of the law is drawn, and the SVG holds a node for each."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from bridge_director.session import api
from bridge_director.paper import chart

REPO = pathlib.Path(__file__).resolve().parent.parent
BOOK = api.rulebook()


def law_cites(law: str) -> set[str]:
    """Every cite a rule of ``law`` gives: its own, and each outcome's."""
    out = set()
    for r in BOOK.rules:
        if r.law == law:
            out.add(r.cite)
            out.update(str(c.data.get("cite") or r.cite) for c in r.then if c.kind == "outcome")
    return out


@pytest.mark.parametrize("law", chart.laws(BOOK))
def test_every_leaf_is_a_cite_of_the_law_and_every_rule_is_drawn(law):
    ch = chart.chart(law, BOOK)
    rules = {r.id for r in BOOK.rules if r.law == law}
    assert rules and ch.rules == rules
    assert ch.leaves
    cites = law_cites(law)
    for leaf in ch.leaves:
        assert leaf.cite in cites, (law, leaf)
        rule = BOOK.by_id(leaf.rule)
        assert rule.law == law
        assert (leaf.cite, leaf.outcome) in {(str(c.data.get("cite") or rule.cite), c.data["outcome"])
                                             for c in rule.then if c.kind == "outcome"}
    leaf_ids = {lf.id for lf in ch.leaves}
    sources = {a for a, _b, _l in ch.edges}
    assert not leaf_ids & sources, "a leaf has an edge out of it"
    # every outcome of every rule of the law is a leaf under that rule's question
    for r in BOOK.rules:
        if r.law == law:
            want = {(str(c.data.get("cite") or r.cite), c.data["outcome"]) for c in r.then if c.kind == "outcome"}
            got = {(lf.cite, lf.outcome) for lf in ch.leaves if lf.rule == r.id}
            assert got == want, r.id
    svg = chart.svg(ch)
    assert svg.startswith("<svg") and svg.count('class="node"') == 1 + len(ch.sections) + len(ch.junctions) + len(ch.questions) + len(ch.leaves)


def test_chart_27_has_the_clause_headings_and_the_comparable_question():
    ch = chart.chart("27", BOOK)
    assert {"27A", "27B", "27B1"} <= ch.sections
    q = next(q for q in ch.questions if q.rule == "ib-replaced-other-bid-or-pass")
    assert "finding: comparable? no" in q.conditions
    assert {lf.cite for lf in ch.leaves if lf.rule == q.rule} == {"27B2", "26B", "16C1", "16C2", "72C"}


def test_chart_cli_and_unknown_law():
    ok = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "chart", "29"], cwd=REPO, capture_output=True,
                        text=True, timeout=120)
    assert ok.returncode == 0 and ok.stdout.startswith("<svg"), ok.stderr
    assert "29A" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "chart", "99"], cwd=REPO, capture_output=True,
                         text=True, timeout=120)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "expected a law the rulebook holds" in bad.stderr

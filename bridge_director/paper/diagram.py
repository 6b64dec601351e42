"""The decision path of one ruling as a Graphviz diagram (SVG).

Nodes: the case events and the director's findings the rules matched (notes at the top), each
rule that fired (its clause and a short paraphrase from the rule's summary), and each
conclusion of the ruling (its words and clause). Edges: event -> rule that matched it; rule ->
rule that matched a fact the first derived; rule -> its conclusions. Reads the ruling's trace
only; no law here.
"""
from __future__ import annotations

import re
import textwrap

import graphviz

from bridge_director.ruling.cites import cite_text
from bridge_director.paper.words import condition, event_words, judgement_words, plain


def _law(ruling, cite: str) -> str:
    """``Law 27B2`` for a 2017 clause; another edition's cite in its own words."""
    shown = cite_text(ruling, cite)
    return f"Law {cite}" if shown == cite else shown

WRAP = 34


def wrap(text: str, width: int = WRAP) -> str:
    """Text broken into lines for a node label."""
    return "\n".join(textwrap.wrap(text, width=width)) or text


def short_summary(summary: str, limit: int = 110) -> str:
    """The first sentence of a rule's summary, cut to ``limit`` characters."""
    s = " ".join(str(summary or "").split())
    first = re.split(r"(?<=[.;:])\s", s, maxsplit=1)[0].rstrip(".;:")
    return first if len(first) <= limit else first[: limit - 1].rsplit(" ", 1)[0] + "…"


def _fact_node(case, ref) -> tuple[str, str] | None:
    """(node id, label) for a base fact's event or finding; None for board/case facts."""
    if not ref.event or ref.event > len(case.events):
        return None
    what = str(ref.what)
    if what.startswith("judgement"):
        js = [j for j in case.judgements if j.event == ref.event and j.prop in what]
        label = "Finding: " + (judgement_words(case, js[0]) if js else what)
        return f"j{ref.event}_{js[0].prop if js else 'x'}", label
    return f"e{ref.event}", f"Event {ref.event}: {event_words(case.events[ref.event - 1], case)}"


def dot_source(ruling, book) -> graphviz.Digraph:
    """The diagram as a graphviz.Digraph (top to bottom: events, rules, conclusions)."""
    case = ruling.case
    g = graphviz.Digraph("decision", graph_attr={"rankdir": "LR", "fontname": "DejaVu Sans", "nodesep": "0.25",
                                                 "ranksep": "0.35", "bgcolor": "white"},
                         node_attr={"fontname": "DejaVu Sans", "fontsize": "10", "shape": "box",
                                    "style": "rounded,filled", "fillcolor": "white"},
                         edge_attr={"color": "#555555", "arrowsize": "0.6"})
    derived_by: dict[str, int] = {}
    for i, t in enumerate(ruling.trace):
        for d in t.derived:
            derived_by[d.get("fid")] = i
    facts_seen: set[str] = set()
    with g.subgraph(name="facts", graph_attr={"rank": "same"}) as top:
        for i, t in enumerate(ruling.trace):
            for alias, fact in t.matched.items():
                if fact.get("fid") in derived_by:
                    continue
                for ref in t.events.get(alias, []):
                    node = _fact_node(case, ref)
                    if node and node[0] not in facts_seen:
                        facts_seen.add(node[0])
                        top.node(node[0], wrap(node[1]), shape="note", fillcolor="#fff8dc")
    edges: set[tuple[str, str]] = set()
    for i, t in enumerate(ruling.trace):
        rule = book.by_id(t.rule)
        g.node(f"r{i}", wrap(f"{_law(ruling, t.cite)}: {short_summary(rule.summary)}"), fillcolor="#e8f0fe")
        for alias, fact in t.matched.items():
            src = derived_by.get(fact.get("fid"))
            if src is not None and src != i:
                edges.add((f"r{src}", f"r{i}"))
                continue
            for ref in t.events.get(alias, []):
                node = _fact_node(case, ref)
                if node:
                    edges.add((node[0], f"r{i}"))
    for k, ln in enumerate(ruling.lines):
        label = plain(ln.text)
        if ln.option or ln.branch:
            label = f"If {condition(ln.option or ln.branch)}: {label}"
        g.node(f"c{k}", wrap(f"{label} [{cite_text(ruling, ln.cite)}]", 40), shape="box", style="filled", fillcolor="#e6f4ea")
        for i, t in enumerate(ruling.trace):
            if t.rule == ln.rule:
                edges.add((f"r{i}", f"c{k}"))
    for a, b in sorted(edges):
        g.edge(a, b)
    return g


def svg(ruling, book) -> str:
    """The decision path as an SVG document (no XML prologue: ready to inline in HTML)."""
    data = dot_source(ruling, book).pipe(format="svg").decode("utf-8")
    return data[data.index("<svg"):]

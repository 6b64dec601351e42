"""The decision path of one ruling as a Graphviz diagram (SVG).

Nodes: the case events and the director's findings the rules matched (notes at the top), each
rule that fired (its clause and a short paraphrase from the rule's summary), and each
conclusion of the ruling (its words and clause). Edges: event -> rule that matched it; rule ->
rule that matched a fact the first derived; rule -> its conclusions. Reads the ruling's trace
only; no law here.
"""
from __future__ import annotations

import re
import subprocess
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


class TooLarge(Exception):
    """The drawing would be larger than MAX_NODES boxes or MAX_EDGES arrows (args: the words)."""


def dot_source(ruling, book, bounded: bool = False) -> graphviz.Digraph:
    """The diagram as a graphviz.Digraph (top to bottom: events, rules, conclusions).

    Raises:
        TooLarge: ``bounded`` and the drawing would hold more than MAX_NODES boxes or MAX_EDGES
            arrows (found before any label or arrow of a large one is built).
    """
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
    nodes = len(facts_seen) + len(ruling.trace) + len(ruling.lines)
    if bounded and nodes > MAX_NODES:
        raise TooLarge(f"it would hold {nodes} boxes (at most {MAX_NODES} are drawn)")
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
    firings: dict[str, list[int]] = {}
    for i, t in enumerate(ruling.trace):
        firings.setdefault(t.rule, []).append(i)
    for k, ln in enumerate(ruling.lines):
        label = plain(ln.text)
        if ln.option or ln.branch:
            label = f"If {condition(ln.option or ln.branch)}: {label}"
        g.node(f"c{k}", wrap(f"{label} [{cite_text(ruling, ln.cite)}]", 40), shape="box", style="filled", fillcolor="#e6f4ea")
        for i in firings.get(ln.rule, ()):
            edges.add((f"r{i}", f"c{k}"))
    if bounded and len(edges) > MAX_EDGES:
        raise TooLarge(f"it would hold {len(edges)} arrows (at most {MAX_EDGES} are drawn)")
    for a, b in sorted(edges):
        g.edge(a, b)
    g.size_drawn = (nodes, len(edges))
    return g


#: the most boxes and arrows a decision path is drawn with: Graphviz's layout grows much faster
#: than linearly (a 160-event case: over 5 minutes), and a drawing larger than this is too
#: dense to read on a page anyway; a larger one is left out with a line saying so
MAX_NODES = 150
MAX_EDGES = 450
#: the most seconds one Graphviz run may take (a bound on time whatever the drawing)
DOT_SECONDS = 60


class DotFailed(Exception):
    """Graphviz did not draw (too long, or it failed): the reason, in words."""


def run_dot(source: str) -> str:
    """Graphviz's SVG of ``source`` (no XML prologue). ``dot`` runs in its own session, so a
    Ctrl-C at the terminal reaches this process only (``dot`` catches SIGINT and prints a
    half-drawn picture with exit 0): the KeyboardInterrupt ends ``dot`` and the command, and
    nothing half-drawn is kept. Raises DotFailed after DOT_SECONDS or on Graphviz's error."""
    try:
        done = subprocess.run(["dot", "-Tsvg"], input=source.encode("utf-8"), capture_output=True,
                              timeout=DOT_SECONDS, start_new_session=True, check=False)
    except subprocess.TimeoutExpired:
        raise DotFailed(f"Graphviz took more than {DOT_SECONDS} seconds") from None
    except OSError as e:
        raise DotFailed(f"Graphviz's dot could not be run ({e.strerror or e})") from None
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise DotFailed("Graphviz failed" + (f": {said[-1]}" if said else f" (exit {done.returncode})"))
    data = done.stdout.decode("utf-8")
    return data[data.index("<svg"):]


def drawn(ruling, book) -> tuple[str, str]:
    """(SVG, "") of the decision path, or ("", the reason in words) when it is not drawn."""
    try:
        g = dot_source(ruling, book, bounded=True)
    except TooLarge as e:
        return "", f"The decision path is not drawn: {e}, too many to read; the reasoning above gives each step."
    try:
        return run_dot(g.source), ""
    except DotFailed as e:
        return "", f"The decision path is not drawn: {e}."


def svg(ruling, book) -> str:
    """The decision path as an SVG document (no XML prologue: ready to inline in HTML); "" when
    it is not drawn (see ``drawn``)."""
    return drawn(ruling, book)[0]

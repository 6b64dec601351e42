"""The decision chart of one law, drawn from its rules (``director chart LAW``).

Like the laminated flowcharts directors carry: the law at the top; each rule of the law a
question (the first sentence of its summary, with the findings and decisions it turns on);
each question hangs below the rule whose conclusion it builds on (a rule that recognises an
insufficient bid, then the rules about what follows it); below each question, its outcome
boxes, each with its sub-clause and what it means (from rules/vocabulary.yaml).

    chart(law, book) -> Chart      the nodes and edges as data (tests check leaves and rules)
    svg(chart) -> str              Graphviz SVG

Reads the rulebook only; holds no law.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

import graphviz

from bridge_director.base.yamlpos import InputError, law_number
from bridge_director.paper.diagram import run_dot, short_summary
from bridge_director.rulebook.model import Ref, Rule, Rulebook

ANSWER_WORDS = {True: "yes", False: "no"}


@dataclass
class Leaf:
    """An outcome box: the sub-clause and what follows, from the rule that gives it."""

    id: str
    cite: str
    outcome: str
    words: str
    rule: str


@dataclass
class Question:
    """A rule of the law as a question node."""

    id: str
    rule: str
    cite: str
    label: str
    conditions: list[str]


@dataclass
class Chart:
    """One law's chart: its title, question nodes, outcome leaves and labelled edges."""

    law: str
    title: str
    questions: list[Question] = field(default_factory=list)
    leaves: list[Leaf] = field(default_factory=list)
    edges: list[tuple[str, str, str]] = field(default_factory=list)   # (from, to, label)
    sections: set[str] = field(default_factory=set)    # clause headings drawn ('27B', '27B1')
    junctions: set[str] = field(default_factory=set)   # where several rules' conclusions meet

    @property
    def rules(self) -> set[str]:
        """The ids of the rules drawn."""
        return {q.rule for q in self.questions}


def laws(book: Rulebook) -> list[str]:
    """The laws the rulebook holds, in number order ('6', '7', ..., '39')."""
    return sorted(book.laws, key=lambda x: (int("".join(c for c in x if c.isdigit()) or 0), x))


def _law_of(book: Rulebook, law: str) -> str:
    """``law`` as the rulebook names it ('27', '16' for 16D).

    Raises:
        InputError: a law the rulebook does not hold.
    """
    key = str(law_number(law)).strip().upper().removeprefix("LAW").strip()
    if key in book.laws:
        return key
    have = laws(book)
    raise InputError(f"law {law}", 0, 0, "", f"expected a law the rulebook holds ({', '.join(have)}), "
                                         f"found {law!r}")


def _sections(law: str, cite: str) -> list[str]:
    """The clause headings above a rule's cite within its law: 27B1(a) -> ['27B', '27B1'];
    27B -> []; a cite of another law or the law itself -> []."""
    if not cite.startswith(law) or len(cite) == len(law) or not cite[len(law)].isalpha():
        return []
    rest = cite[len(law):]
    out = [law + rest[0]]
    digits = ""
    for ch in rest[1:]:
        if ch.isdigit():
            digits += ch
        else:
            break
    if digits:
        out.append(law + rest[0] + digits)
    return [c for c in out if c != cite]


def _condition(p) -> str | None:
    """A finding or decision a pattern turns on, in words ('finding: comparable? no')."""
    tests = {f: v for f, op, v in p.tests if op == "eq" and not isinstance(v, Ref)}
    if p.type == "judgement" and "prop" in tests:
        value = tests.get("value")
        answer = ANSWER_WORDS.get(value, "stated") if "value" in tests else "stated"
        return f"finding: {tests['prop'].replace('-', ' ')}? {answer}"
    if p.type == "decision" and "accepts" in tests:
        return f"the player entitled to accept it accepts? {ANSWER_WORDS[tests['accepts']]}"
    return None


def chart(law: str, book: Rulebook) -> Chart:
    """The chart of ``law`` (a number such as 27 or '16'), built from its rules.

    Raises:
        InputError: a law the rulebook does not hold.
    """
    key = _law_of(book, law)
    rules = [r for r in book.rules if r.law == key]
    ch = Chart(key, f"Law {key}: {book.laws[key]}")
    producers: dict[str, list[Rule]] = {}
    for r in rules:
        for c in r.then:
            if c.kind == "fact":
                producers.setdefault(c.data.get("type"), []).append(r)
    qid = {r.id: f"q{i}" for i, r in enumerate(rules)}
    for r in rules:
        pats = list(r.when) + [p for alt in r.alternatives for p in alt]
        conds = [c for c in (_condition(p) for p in pats) if c]
        ch.questions.append(Question(qid[r.id], r.id, r.cite, short_summary(r.summary, 140), conds))
        parents = []
        for p in pats:
            for src in producers.get(p.type, []):
                if src.id != r.id and (qid[src.id], p.type) not in parents:
                    parents.append((qid[src.id], p.type))
        chain = _sections(key, r.cite)
        for a, b in zip(chain, chain[1:]):
            if (f"s_{a}", f"s_{b}", "") not in ch.edges:
                ch.edges.append((f"s_{a}", f"s_{b}", ""))
        if chain:
            ch.sections.update(chain)
        top = f"s_{chain[0]}" if chain else qid[r.id]
        # several rules deriving what this one builds on meet at one junction (fewer crossings)
        by_type: dict[str, list[str]] = {}
        for src, ftype in parents:
            by_type.setdefault(ftype, []).append(src)
        sources = []
        for ftype, srcs in by_type.items():
            if len(srcs) == 1:
                sources.append(srcs[0])
                continue
            junction = "j_" + ftype.replace("-", "_")
            ch.junctions.add(junction)
            for src in srcs:
                if (src, junction, "") not in ch.edges:
                    ch.edges.append((src, junction, ""))
            sources.append(junction)
        for src in (sources or ["law"]):
            edge = (src, top, "")
            if edge not in ch.edges:
                ch.edges.append(edge)
        if chain:
            ch.edges.append((f"s_{chain[-1]}", qid[r.id], ""))
        seen = set()
        for c in r.then:
            if c.kind != "outcome":
                continue
            cite = str(c.data.get("cite") or r.cite)
            code = c.data["outcome"]
            if (cite, code) in seen:
                continue
            seen.add((cite, code))
            leaf = Leaf(f"{qid[r.id]}_{len(seen)}", cite, code, short_summary(book.vocabulary.get(code, code), 150),
                        r.id)
            ch.leaves.append(leaf)
            label = "if " + str(c.data.get("option") or c.data.get("branch") or "")
            ch.edges.append((qid[r.id], leaf.id, "" if label == "if " else "option" if c.data.get("option")
                             else "branch"))
    return ch


def _wrap(text: str, width: int = 36) -> str:
    return "\n".join(textwrap.wrap(text, width)) or text


def digraph(ch: Chart) -> graphviz.Digraph:
    """The chart as a graphviz.Digraph (top to bottom)."""
    g = graphviz.Digraph(f"law{ch.law}", graph_attr={"rankdir": "LR", "fontname": "DejaVu Sans", "ranksep": "0.35",
                                                     "nodesep": "0.2", "label": ch.title, "labelloc": "t",
                                                     "fontsize": "16"},
                         node_attr={"fontname": "DejaVu Sans", "fontsize": "10"},
                         edge_attr={"fontname": "DejaVu Sans", "fontsize": "8", "color": "#555555",
                                    "arrowsize": "0.6"})
    g.node("law", _wrap(ch.title, 30), shape="box", style="filled,bold", fillcolor="#dddddd")
    for sec in sorted(ch.sections):
        g.node(f"s_{sec}", f"Law {sec}", shape="box", style="filled", fillcolor="#f1f1f1")
    for j in sorted(ch.junctions):
        g.node(j, "", shape="point", width="0.08")
    for q in ch.questions:
        text = _wrap(q.label.rstrip("?") + "?") + "".join("\n" + _wrap(c) for c in q.conditions)
        g.node(q.id, text, shape="box", style="rounded,filled", fillcolor="#e8f0fe", tooltip=q.rule)
    for lf in ch.leaves:
        g.node(lf.id, f"{lf.cite}\n{_wrap(lf.words, 32)}", shape="box", style="filled", fillcolor="#e6f4ea")
    for a, b, label in ch.edges:
        g.edge(a, b, label=_wrap(label, 20) if label else "")
    return g


def svg(ch: Chart) -> str:
    """The chart as an SVG document (no XML prologue)."""
    return run_dot(digraph(ch).source)

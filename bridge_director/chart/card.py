"""One law's laminated card (``director chart LAW``): the questions a director asks, in order,
each with its outcomes and their sub-clauses, laid out to fit one A4 page (landscape) at a
size read at arm's length, as the national bodies' Law 27/29/31 flowcharts are. The whole
graph of the law's rules is :mod:`bridge_director.paper.chart` (``--full``). The chart front
end's own: the report draws the full graph.

    card(law, book) -> Card        the steps as data (tests read them)
    svg(card) -> str               an A4-landscape SVG page (297 x 210 mm)

A step is a clause some rule of the law is written under (its ``cite``); steps come in the
order the rules build on each other (a rule that recognises the irregularity before the
rules about what follows it), then in clause order. Reads the rulebook only; holds no law.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from bridge_director.paper.chart import _condition, _law_of
from bridge_director.paper.diagram import short_summary
from bridge_director.rulebook.model import Rule, Rulebook

#: outcome codes that are bookkeeping of a ruling, not an outcome a card shows
NOT_ON_CARD = {"judgement-needed", "not-covered-yet", "decision-not-valid", "options-explained"}

#: the page: A4 landscape in CSS pixels (96 per inch), its margin, the gap between columns
PAGE_W, PAGE_H, MARGIN, GAP = 1123, 794, 28, 18
#: the smallest text the card will use (px; 9.5 px is about 7 pt printed)
MIN_FONT = 9.5


@dataclass
class Outcome:
    cite: str
    code: str
    words: str


@dataclass
class Step:
    """One question of the card: the clause, the question, what it turns on, its outcomes."""

    cite: str
    question: str
    conditions: list[str] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    also: list[str] = field(default_factory=list)    # sub-clauses of outcomes written out at an earlier step


@dataclass
class Card:
    law: str
    title: str
    steps: list[Step]


def _law_key(cite: str) -> tuple:
    i = 0
    while i < len(cite) and cite[i].isdigit():
        i += 1
    return (int(cite[:i] or 0), cite[i:])


def _parents(rules: list[Rule]) -> dict[str, list[Rule]]:
    """rule id -> the rules of the law that derive a fact it builds on."""
    producers: dict[str, list[Rule]] = {}
    for r in rules:
        for c in r.then:
            if c.kind == "fact":
                producers.setdefault(c.data.get("type"), []).append(r)
    out = {}
    for r in rules:
        pats = list(r.when) + [p for alt in r.alternatives for p in alt]
        out[r.id] = [s for p in pats for s in producers.get(p.type, []) if s.id != r.id]
    return out


def _order(key: str, by_cite: "dict[str, list[Rule]]", rules: list[Rule]) -> list[str]:
    """The steps' clauses in the order a director meets them: the law's own clauses in clause
    order, after the clauses of other laws a rule of which builds on nothing (18D: is it
    insufficient?); a clause of another law whose rules all build on others just after the
    latest step they build on (25A2 after 18D, 23A after 27B1(a)); a run of other laws'
    clauses in clause order."""
    parents = _parents(rules)
    own = sorted((c for c in by_cite if c.startswith(key) and not c[len(key):len(key) + 1].isdigit()), key=_law_key)
    other = [c for c in by_cite if c not in own]
    after: dict[str, set[str]] = {}
    for c in other:
        if all(parents[r.id] for r in by_cite[c]):      # no rule of it builds on nothing
            after[c] = {p.cite for r in by_cite[c] for p in parents[r.id] if p.cite != c}
    order = sorted((c for c in other if not after.get(c)), key=_law_key) + own
    pending = sorted((c for c in other if after.get(c)), key=_law_key)
    while pending:
        ready = [c for c in pending if after[c] & set(order)]
        if not ready:
            order += pending
            break
        for c in ready:
            order.insert(max(order.index(x) for x in after[c] if x in order) + 1, c)
            pending.remove(c)
    # a run of other laws' clauses reads in clause order
    out: list[str] = []
    run: list[str] = []
    for c in order + [None]:
        if c is not None and c not in own:
            run.append(c)
            continue
        out += sorted(run, key=_law_key)
        run = []
        if c is not None:
            out.append(c)
    return out


def _first_sentence(text: str) -> str:
    """The first sentence of a vocabulary description (what an outcome means), whole."""
    text = " ".join(str(text).split())
    for stop in (". ", "; "):
        if stop in text:
            text = text[:text.index(stop) + 1].rstrip(";") + ("" if stop == ". " else ".")
            break
    return text


def card(law: str, book: Rulebook) -> Card:
    """The card of ``law`` (a number such as 27).

    Raises:
        InputError: a law the rulebook does not hold.
    """
    key = _law_of(book, law)
    rules = [r for r in book.rules if r.law == key]
    by_cite: dict[str, list[Rule]] = {}
    for r in rules:
        by_cite.setdefault(r.cite, []).append(r)
    order = _order(key, by_cite, rules)
    steps = []
    written: set[tuple[str, str]] = set()     # (cite, code) already written out on the card
    for cite in order:
        rs = by_cite[cite]
        step = Step(cite, _first_sentence(rs[0].summary), rules=[r.id for r in rs])
        for r in rs:
            for p in list(r.when) + [p for alt in r.alternatives for p in alt]:
                c = _condition(p)
                if c and c not in step.conditions:
                    step.conditions.append(c)
            for c in r.then:
                if c.kind != "outcome" or c.data["outcome"] in NOT_ON_CARD:
                    continue
                oc = str(c.data.get("cite") or r.cite)
                # an outcome under another step's own clause is read at that step
                if oc != cite and oc in by_cite:
                    continue
                if any((o.cite, o.code) == (oc, c.data["outcome"]) for o in step.outcomes):
                    continue
                if oc != cite and (oc, c.data["outcome"]) in written:
                    if oc not in step.also:
                        step.also.append(oc)
                    continue
                written.add((oc, c.data["outcome"]))
                step.outcomes.append(Outcome(oc, c.data["outcome"],
                                             _first_sentence(book.vocabulary.get(c.data["outcome"], ""))))
        steps.append(step)
    return Card(key, f"Law {key}: {book.laws[key]}", steps)


# ---------------------------------------------------------------- layout

def _lines(step: Step, chars: int) -> list[tuple[str, str]]:
    """The text lines of a step, each with its style: ('head'|'q'|'cond'|'out', text)."""
    out = [("head", f"{step.cite}")]
    out += [("q", t) for t in textwrap.wrap(step.question.rstrip(".") + (
        "" if step.question.rstrip().endswith("?") else "."), chars)]
    for c in step.conditions:
        out += [("cond", t) for t in textwrap.wrap(c, chars)]
    for o in step.outcomes:
        wrapped = textwrap.wrap(f"{o.cite}: {o.words}", chars - 2)
        out += [("out", ("\u2192 " if i == 0 else "   ") + t) for i, t in enumerate(wrapped)]
    if step.also:
        wrapped = textwrap.wrap("also " + ", ".join(step.also) + ", as above", chars - 2)
        out += [("out", ("\u2192 " if i == 0 else "   ") + t) for i, t in enumerate(wrapped)]
    return out


def layout(cd: Card, columns: int = 3, font: float = 11.0):
    """Place the steps in ``columns`` columns at ``font`` px, shrinking the text (never below
    :data:`MIN_FONT`) and adding a column until the card fits the page. Returns (font,
    columns, placed) where placed is [(x, y, style, text)], or None when nothing fits."""
    top = MARGIN + 34
    f = font
    while f >= MIN_FONT:
        for cols in range(columns, 5):
            col_w = (PAGE_W - 2 * MARGIN - (cols - 1) * GAP) / cols
            chars = int(col_w / (f * 0.53))
            lh = f * 1.25
            placed, col, y = [], 0, top
            ok = True
            for step in cd.steps:
                lines = _lines(step, chars)
                need = len(lines) * lh + lh * 0.5
                if y + need > PAGE_H - MARGIN and y > top:
                    col, y = col + 1, top
                if col >= cols or y + need > PAGE_H - MARGIN:
                    ok = False
                    break
                x = MARGIN + col * (col_w + GAP)
                for style, text in lines:
                    y += lh
                    placed.append((x, y, style, text))
                y += lh * 0.5
            if ok:
                return f, cols, placed
        f -= 0.5
    return None


STYLE = {"head": 'font-weight="bold" fill="#1a4d8f"', "q": 'fill="#111111"',
         "cond": 'font-style="italic" fill="#555555"', "out": 'fill="#1e5b2f"'}


def svg(cd: Card) -> str:
    """The card as one A4-landscape SVG page (297 x 210 mm)."""
    laid = layout(cd)
    if laid is None:          # too long for one page at a readable size: the smallest, as it comes
        laid = (MIN_FONT, 5, [])
    f, cols, placed = laid
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="297mm" height="210mm" '
           f'viewBox="0 0 {PAGE_W} {PAGE_H}" font-family="DejaVu Sans, sans-serif" data-font="{f}" '
           f'data-columns="{cols}">',
           f'<rect x="0" y="0" width="{PAGE_W}" height="{PAGE_H}" fill="white"/>',
           f'<text x="{MARGIN}" y="{MARGIN + 16}" font-size="{f + 7}" font-weight="bold">{escape(cd.title)}</text>',
           f'<text x="{PAGE_W - MARGIN}" y="{MARGIN + 16}" font-size="{f}" text-anchor="end" fill="#555555">'
           f'the questions in the order a director asks them; \u2192 what follows, with its sub-clause</text>']
    for x, y, style, text in placed:
        size = f + 1.5 if style == "head" else f
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" {STYLE[style]} xml:space="preserve">'
                   f'{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


CARD_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 1em; color: #111; line-height: 1.35; }
h1 { font-size: 1.4em; margin: 0 0 0.2em; } p.how { color: #555; margin: 0 0 0.8em; font-size: 0.9em; }
.steps { column-width: 19em; column-gap: 1.5em; }
.step { break-inside: avoid; margin: 0 0 0.8em; }
.step h2 { font-size: 1em; color: #1a4d8f; margin: 0 0 0.1em; }
.step p { margin: 0 0 0.15em; font-size: 0.92em; }
.step .cond { font-style: italic; color: #555; }
.step ul { margin: 0; padding-left: 1.1em; font-size: 0.9em; color: #1e5b2f; }
@media (max-width: 480px) { body { margin: 0.6em; } .steps { column-width: auto; columns: 1; } }
"""


def html(cd: Card) -> str:
    """The card as a page that flows (one column on a phone, several on a wide screen); the
    one-page print is :func:`svg`."""
    from html import escape as esc
    parts = [f'<h1>{esc(cd.title)}</h1><p class="how">The questions in the order a director asks them; '
             f'\u2192 what follows, with its sub-clause.</p><div class="steps">']
    for s in cd.steps:
        items = [f"<li>{esc(o.cite)}: {esc(o.words)}</li>" for o in s.outcomes]
        if s.also:
            items.append(f"<li>also {esc(', '.join(s.also))}, as above</li>")
        parts.append(f'<section class="step"><h2>{esc(s.cite)}</h2><p>{esc(s.question)}</p>'
                     + "".join(f'<p class="cond">{esc(c)}</p>' for c in s.conditions)
                     + f"<ul>{''.join(items)}</ul></section>")
    parts.append("</div>")
    return "".join(parts)

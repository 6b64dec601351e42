"""One case ruled under several editions, side by side, with the differences marked.

The rulings are compared by what they decide for whom: each line of a ruling is keyed by
the player (or side) it concerns and its outcome code, which every edition shares
(``rules/vocabulary.yaml``). A difference is an outcome one edition gives a player and
another does not, or the same outcome under another clause. Nothing here knows any law:
it reads the rulings' data.
"""
from __future__ import annotations

import json
import re
import textwrap
from dataclasses import dataclass

from bridge_director.case.model import Case
from bridge_director.ruling import render as _render
from bridge_director.ruling.build import Ruling
from bridge_director.ruling.render import as_dict
from bridge_director.ruling.cites import edition_title

TABLE = "(table)"      # a line that names no player or side
SEED_CITE = re.compile(r"^seed(\d{3})\.(\d{1,2})$")   # a statement of a seed document (rulebook.CITE_RE)


def shown(cite: str, edition: str) -> str:
    """A cite as a committee reads it, in its edition's words (``cites:`` in
    rules/editions.yaml): the rubber edition's ``seed004.11`` as ``seed 004, statement 11``
    (listed in docs/EDITION-statements.md), its ``20`` as ``Law 20, rubber code``; a 2017
    clause as it is."""
    from bridge_director.base.editions import cite_words
    from bridge_director.base.paths import rules_dir
    return cite_words(rules_dir(), edition, cite)


def _cites(cites: list[str], edition: str, sep: str = ", ") -> str:
    """The cites as shown, joined by ``sep`` (by "; " where a cite's words hold a comma)."""
    words = [shown(c, edition) for c in cites]
    return ("; " if any("," in w for w in words) else sep).join(words)


@dataclass
class Row:
    """One (who, outcome) across the editions: the cites and texts each edition gives it
    (``None`` where an edition does not), and whether the editions differ on it."""

    who: str
    code: str
    cites: dict[str, list[str]]
    texts: dict[str, list[str]]
    conds: dict[str, list[str]] = None    # per edition: the branch or option each line holds in ("" if none)

    def only_if(self, edition: str) -> str:
        """The condition under which ``edition`` gives this outcome, when every line of it holds
        only in a branch or an option ("" when one line holds as the case stands)."""
        conds = (self.conds or {}).get(edition) or []
        if not conds or any(not c for c in conds):
            return ""
        return " or ".join(dict.fromkeys(conds))

    @property
    def differs(self) -> bool:
        vals = [tuple(sorted(c)) if c else None for c in self.cites.values()]
        return len(set(vals)) > 1

    @property
    def change(self) -> str:
        """``outcome`` (some editions give it and others do not), ``clause`` (all give it,
        under other clauses) or ``""`` (no difference)."""
        if not self.differs:
            return ""
        return "clause" if all(self.cites.values()) else "outcome"

    def as_dict(self) -> dict:
        return {"who": self.who, "outcome": self.code, "differs": self.differs, "change": self.change or None,
                "editions": {e: ({"cites": c, "texts": self.texts[e], "only_if": self.only_if(e) or None} if c else None)
                             for e, c in self.cites.items()}}


@dataclass
class Comparison:
    """A case ruled under each of ``editions``, and the rows that line the rulings up."""

    case: Case
    editions: list[str]
    rulings: dict[str, Ruling]
    rows: list[Row]
    gives: dict = None    # edition -> the outcome codes its rulebook can give at all (None: not known)

    def absent(self, row: Row, edition: str) -> str:
        """Why ``edition`` does not give ``row``'s outcome: ``silent`` (no rule of it gives this
        outcome at all: the code says nothing of it; ``silent+branches`` when its ruling waits on
        a judgement the case does not state, whose branches may say it in other words),
        ``no-question`` (a judgement it does not ask for) or ``otherwise`` (its rules give this
        outcome elsewhere, but in no line, branch or option here: it rules otherwise)."""
        gives = (self.gives or {}).get(edition)
        branches = any(ln.branch for ln in self.rulings[edition].lines)
        if gives is not None and row.code not in gives:
            return "silent+branches" if branches else "silent"
        if row.code == "judgement-needed":
            return "no-question"
        return "otherwise"     # not in any line, branch or option of its ruling

    @property
    def differences(self) -> list[Row]:
        return [r for r in self.rows if r.differs]


def compare(case: Case, editions: list[str], rule, gives: dict | None = None) -> Comparison:
    """Rule on ``case`` under each edition (``rule(case, edition)`` gives a Ruling) and line
    the rulings up by who and outcome, in the order the first ruling to give each shows it.
    ``gives``: for each edition, the outcome codes its rulebook can give at all (to tell an
    edition that says nothing of an outcome from one that rules otherwise)."""
    rulings = {e: rule(case, e) for e in editions}
    rows: dict[tuple[str, str], Row] = {}
    for e in editions:
        for ln in rulings[e].lines:
            key = (ln.who or TABLE, ln.code)
            row = rows.get(key)
            if row is None:
                row = rows[key] = Row(key[0], key[1], {x: [] for x in editions}, {x: [] for x in editions},
                                      {x: [] for x in editions})
            if ln.cite not in row.cites[e]:
                row.cites[e].append(ln.cite)
            label = ln.option or ln.branch
            row.conds[e].append(label or "")
            row.texts[e].append(f"({label}) {ln.text}" if label else ln.text)
    return Comparison(case, editions, rulings, list(rows.values()), gives)


ABSENT = {"silent": "says nothing of it (no rule of this edition gives this outcome)",
          "silent+branches": "says nothing of it in these words (no rule of this edition gives this outcome); "
                             "its ruling branches on a judgement or choice the case does not state: see its "
                             "branches below",
          "no-question": "asks no such question",
          "otherwise": "rules otherwise (its rules give this outcome elsewhere, not on these facts)"}
ABSENT_CELL = {"silent": "(silent)", "silent+branches": "(silent)", "no-question": "-",
               "otherwise": "-"}


def _if(cond: str) -> str:
    """A branch or option label as a condition: 'if 2NT is comparable', 'if: S accepts 1H'."""
    return cond if cond.startswith("if ") else f"if: {cond}"


def _describe(row: Row, c: Comparison, vocabulary: dict[str, str]) -> list[str]:
    meaning = vocabulary.get(row.code, row.code)
    out = [f"* {row.who}: {row.code} - {meaning}"]
    for e in c.editions:
        cites = row.cites[e]
        if cites:
            cond = row.only_if(e)
            text = row.texts[e][0]
            if cond and text.startswith(f"({cond}) "):
                text = text[len(cond) + 3:]
            out.append(f"    {e} ({_cites(cites, e)}){' only ' + _if(cond) if cond else ''}: {text}")
        else:
            out.append(f"    {e}: {ABSENT[c.absent(row, e)]}")
    return out


def render_text(c: Comparison, vocabulary: dict[str, str] | None = None, width: int = 100) -> str:
    """The comparison for the terminal: the differences (for whom, what, under which clause of
    each edition), a grid of every outcome by edition, then each ruling in full."""
    vocabulary = vocabulary or {}
    from bridge_director.base.lines import inline
    out = [f"Case {inline(c.case.id)}: {inline(c.case.title)}", "Compared under:"]
    out += [f"  {e}: {edition_title(e)}" for e in c.editions]
    for e in c.editions:
        seeds = [m for m in (SEED_CITE.match(ln.cite) for ln in c.rulings[e].lines) if m]
        plain = [m for m in seeds if SEED_CITE.match(shown(m.group(0), e))is None and not shown(m.group(0), e)
                 .startswith("Law ")]
        if plain:
            seed = plain[0]
            form = shown(seed.group(0), e)[::-1].replace(seed.group(2)[::-1], "N", 1)[::-1]
            out.append(f"  ({e} cites the numbered statements of its source as '{form}', "
                       f"listed in docs/{e}-statements.md, where no law number is known for them)")
        elif seeds:
            out.append(f"  ({e} cites the law of its code each statement of its source summarises; the "
                       f"statements are listed in docs/{e}-statements.md)")
    diffs = c.differences
    changed = [r for r in diffs if r.change == "outcome"]
    moved = [r for r in diffs if r.change == "clause"]
    out += ["", "What changes (an outcome one edition gives and another does not, for whom, under which clause):"]
    if not changed:
        out.append("  nothing: every edition gives the same outcomes to the same players.")
    for row in changed:
        for line in _describe(row, c, vocabulary):
            out += textwrap.wrap(line, width=width, subsequent_indent=" " * (len(line) - len(line.lstrip()) + 2))
    if moved:
        out += ["", "The same outcome under another clause:"]
        for row in moved:
            out.append(f"  * {row.who}: {row.code} - " + "; ".join(
                f"{e} {_cites(row.cites[e], e)}" + (f" (only {_if(row.only_if(e))})" if row.only_if(e) else "")
                for e in c.editions))
    colw = max([len(e) for e in c.editions] + [len(_cites(r.cites[e], e, ",")) + 1 for r in c.rows for e in c.editions]
               + [10])
    codew = max([len(r.code) for r in c.rows] + [7])
    whow = max([len(r.who) for r in c.rows] + [3])
    out += ["", "Side by side (cite under each edition; '?' after it: in a branch or option only; '-' where it "
                "does not so rule; '(silent)' where it says nothing of it; '*' marks an outcome not every "
                "edition gives):",
            "  " + "who".ljust(whow) + "  " + "outcome".ljust(codew) + "  "
            + "  ".join(e.ljust(colw) for e in c.editions)]
    for row in c.rows:
        cells = [((_cites(row.cites[e], e, ",") + ("?" if row.only_if(e) else "")) if row.cites[e]
                  else ABSENT_CELL[c.absent(row, e)]).ljust(colw) for e in c.editions]
        out.append(("* " if row.change == "outcome" else "  ") + row.who.ljust(whow) + "  " + row.code.ljust(codew) + "  "
                   + "  ".join(cells))
    for e in c.editions:
        out += ["", f"=== {e} " + "=" * max(3, width - len(e) - 5), render_text_ruling(c.rulings[e]).rstrip()]
    return "\n".join(out) + "\n"


def render_text_ruling(r: Ruling) -> str:
    """One edition's ruling in full (the ``director rule`` text, without the trace hint)."""
    text = _render.render_text(r)
    return "\n".join(ln for ln in text.splitlines() if not ln.startswith("Trace: --trace"))


def as_data(c: Comparison) -> dict:
    """The comparison as plain data (what ``--format json`` prints)."""
    return {"case": c.case.id, "title": c.case.title, "editions": c.editions,
            "differences": [r.as_dict() for r in c.differences], "rows": [r.as_dict() for r in c.rows],
            "rulings": {e: as_dict(c.rulings[e]) for e in c.editions}}


def render_json(c: Comparison, vocabulary: dict[str, str] | None = None) -> str:
    return json.dumps(as_data(c), indent=2, sort_keys=True) + "\n"

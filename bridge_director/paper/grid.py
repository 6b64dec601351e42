"""The auction as a grid, West North East South, for the report, the casebook and the quiz.

A view of the shared grid (bridge_director/ruling/grid.py: rows, each call's final standing from the
ruling's data, notes, contract) shaped for the templates; a replacement is shown in the cell
of the call it replaces. No standing is decided here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from bridge_director.case.model import Case
from bridge_director.paper.words import seat

COLUMNS = ("W", "N", "E", "S")
STANDING_WORDS = {
    "stands": "", "cancelled": "cancelled", "replaced-by-pass": "replaced by a pass",
    "awaiting-replacement": "to be replaced", "superseded": "put right",
    "withdrawn": "",          # a replacement took its place: the cell already shows it struck through
    "awaiting-decision": "awaiting a decision",
    "void": "void", "in-rotation": "", None: "",
    "held": "held: was it before the ruling?",
}


@dataclass
class Cell:
    """One call in the grid: the call, its event number, and what became of it."""

    call: str
    event: int
    replaced_by: list[tuple[str, int]] = field(default_factory=list)   # (call, event) in order
    standing: str = ""                      # words: '', 'cancelled', 'replaced by a pass', ...

    @property
    def shown(self) -> str:
        """The call as it now reads: the last replacement, else the call."""
        return self.replaced_by[-1][0] if self.replaced_by else self.call


@dataclass
class Grid:
    """Rows of four cells (W N E S; None = no call there). ``header``: the seats in full."""

    rows: list[list[Cell | None]]
    header: tuple[str, ...] = tuple(seat(s) for s in COLUMNS)
    notes: list[str] = field(default_factory=list)     # what became of calls, in words (with clauses)
    contract: str = ""                                 # the final contract when the auction is over

    def as_text(self) -> str:
        """The grid as fixed-width text (the quiz's terminal view)."""
        w = 16
        out = ["".join(h.ljust(w) for h in self.header)]
        for row in self.rows:
            parts = []
            for c in row:
                if c is None:
                    parts.append("".ljust(w))
                    continue
                s = c.call + "".join(f">{r}" for r, _ in c.replaced_by)
                s += f" ({c.event})"
                if c.standing:
                    s += "*"
                parts.append(s.ljust(w))
            out.append("".join(parts).rstrip())
        notes = [f"  * event {c.event}: {c.call} {c.standing}" for row in self.rows for c in row if c and c.standing]
        return "\n".join(out + notes)


def build(case: Case, ruling=None, reveal: bool = True) -> Grid:
    """The auction grid of ``case`` from the shared grid (bridge_director.ruling.grid.auction over ``ruling``).

    ``reveal``: show each call's standing and the notes (what became of each call, with its
    clause); a quiz sets it False, so that the grid gives no answer away.
    """
    from bridge_director.ruling import grid as shared
    from bridge_director.ruling.i18n import call_name, contract_name, gettext
    lang = getattr(case, "lang", None) or "en"
    _ = gettext(lang)
    data = shared.auction(ruling)
    calls = {e.number: e for e in case.events}
    rows: list[list[Cell | None]] = []
    for row in data["rows"]:
        out: list[Cell | None] = []
        for c in row:
            if c is None:
                out.append(None)
                continue
            cell = Cell(call_name(c["call"], lang), c["event"])
            if c.get("replaced_by"):
                rep = calls.get(c["replaced_by"])
                cell.replaced_by.append((call_name(str(rep.call), lang) if rep is not None else "?", c["replaced_by"]))
            elif reveal:
                marks = [m for m in c.get("marks", []) if m not in ("replaced", "out-of-rotation")]
                cell.standing = next((_(STANDING_WORDS.get(m, m.replace("-", " "))) for m in marks
                                      if STANDING_WORDS.get(m, m)), "")
            out.append(cell)
        rows.append(out)
    g = Grid(rows or [[None] * 4], header=tuple(seat(s, lang) for s in COLUMNS))
    if reveal:
        g.notes = [shared.seats_in_full(n, lang) for n in data.get("notes") or []]
        if data.get("contract"):
            contract = contract_name(data["contract"], lang)
            g.contract = _("{contract} by {seat}").format(contract=contract, seat=seat(data["declarer"], lang))
        elif data.get("passed_out"):
            g.contract = _("passed out")
    return g

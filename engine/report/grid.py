"""The auction as a grid, West North East South, for the report, the casebook and the quiz.

Mechanics only: each call goes in its caller's column, in event order; a call in a column
already used in the row, or left of the last one used, starts a new row (so a call out of
rotation shows where it was made). A replacement is shown in the cell of the call it
replaces. Each call's final standing comes from the ruling's data ("calls", when the engine
provides it; otherwise the cancelled calls), never from here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..case import Case
from .words import seat

COLUMNS = ("W", "N", "E", "S")
STANDING_WORDS = {
    "stands": "", "cancelled": "cancelled", "replaced-by-pass": "replaced by a pass",
    "awaiting-replacement": "to be replaced", "superseded": "put right", "withdrawn": "withdrawn",
    "void": "void", "in-rotation": "", None: "",
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


def _standings(ruling_data: dict | None, cancelled: list[int]) -> dict[int, str]:
    """event number -> standing words, from the ruling's ``calls`` (or its cancelled list)."""
    out: dict[int, str] = {}
    for c in (ruling_data or {}).get("calls") or []:
        words = STANDING_WORDS.get(c.get("standing"), str(c.get("standing") or "").replace("-", " "))
        if words:
            out[int(c["event"])] = words
    for n in cancelled:
        out.setdefault(int(n), "cancelled")
    return out


def build(case: Case, ruling_data: dict | None = None, cancelled: list[int] = ()) -> Grid:
    """The auction grid of ``case``; ``ruling_data`` is the ruling as plain data (as_dict)."""
    standing = _standings(ruling_data, list(cancelled))
    rows: list[list[Cell | None]] = []
    last_col = COLUMNS.index(case.dealer.letter) - 1
    row: list[Cell | None] = [None] * 4
    cells: list[tuple[str, Cell]] = []
    for e in case.events:
        if e.kind == "call":
            col = COLUMNS.index(e.seat.letter)
            if col <= last_col or row[col] is not None:
                rows.append(row)
                row = [None] * 4
            cell = Cell(str(e.call), e.number, standing=standing.get(e.number, ""))
            row[col] = cell
            cells.append((e.seat.letter, cell))
            last_col = col
        elif e.kind == "replaces":
            for who, cell in reversed(cells):
                if who == e.seat.letter and cell.shown == str(e.replaces):
                    cell.replaced_by.append((str(e.call), e.number))
                    break
    if any(c is not None for c in row) or not rows:
        rows.append(row)
    return Grid(rows)

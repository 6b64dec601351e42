"""State -> case file (the YAML of ``cases/``) -> Case -> ruling data; and what the page shows of
the auction. No law: who is "next in turn" here is plain rotation after the last call, shown
to the director as the seat the next tap will go to, and changed with one tap when the
irregularity means otherwise.

A thin adapter over the case format and ``engine.api``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from .. import api
from ..case import Case, from_data
from ..ruling import Ruling, as_dict
from ..table import Board, Seat, seat_after
from ..yamlpos import loads
from .state import SETTING_KEYS, State

#: the grid's columns, as directors and bridge columns write them
COLUMNS = ("W", "N", "E", "S")
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
VUL_WORDS = {"None": "Neither side vulnerable", "NS": "North-South vulnerable",
             "EW": "East-West vulnerable", "Both": "Both sides vulnerable", None: "Vulnerability not known"}


def case_name(state: State) -> str:
    """The case id of a draft: ``table-board-5`` (or ``table-dealer-n``)."""
    return f"table-board-{state.board}" if state.board else f"table-dealer-{(state.dealer or 'n').lower()}"


def to_yaml(state: State, name: str | None = None, title: str | None = None, source: str | None = None) -> str:
    """The state as a case file, in the layout of ``cases/`` (one flow mapping per event).

    Args:
        name: the case id (default :func:`case_name`); ``title``/``source``: defaults say
            the case was entered at the table.
    """
    head: dict[str, Any] = {"case": name or case_name(state),
                            "title": title or state.title or _default_title(state),
                            "source": source or "entered at the table (director serve)",
                            "edition": "duplicate-2017"}
    if state.board is not None:
        head["board"] = state.board
    else:
        head["dealer"] = state.dealer or "N"
    for k in SETTING_KEYS:
        if k in state.setting:
            head[k] = state.setting[k]
    out = [yaml.safe_dump(head, sort_keys=False, allow_unicode=True, width=1000).rstrip()]
    events = state.events()
    out.append("events:" if events else "events: []")
    for ev in events:
        out.append("  - " + yaml.safe_dump(ev, default_flow_style=True, sort_keys=False,
                                           allow_unicode=True, width=1000).strip())
    judgements = state.judgements()
    if judgements:
        out.append(yaml.safe_dump({"judgement": judgements}, sort_keys=False, allow_unicode=True,
                                  default_flow_style=False, width=1000).rstrip())
    return "\n".join(out) + "\n"


def _default_title(state: State) -> str:
    where = f"Board {state.board}" if state.board else f"Dealer {SEAT_NAMES.get(state.dealer or 'N')}"
    return f"{where}, entered at the table"


def case_of(state: State, file: str = "table.yaml") -> Case:
    """The validated Case the state describes.

    Raises:
        InputError: an event or judgement the case format refuses (file:line:col, field, ...).
    """
    return from_data(loads(to_yaml(state), file), file)


@dataclass
class Cell:
    """One cell of the auction grid: the call, what became of it, and the event behind it."""

    call: str
    event: int
    seat: str
    standing: str | None = None           # from the ruling's "calls" data, when it has them
    cite: str | None = None
    out_of_rotation: bool = False
    replaced_by: list[str] = field(default_factory=list)


def grid(state: State, calls_data: list[dict] | None = None) -> tuple[list[list[Cell | None]], str]:
    """The auction grid as it stands: rows of four cells (W N E S) and the dealer's column.

    Each call goes in its seat's column, on a new row when its column is not to the right of
    the last call's; a replacement is shown in the cell of the call it replaces. What became
    of each call (stands, cancelled, ...) comes from the ruling's ``calls`` data when given.

    Returns:
        (rows, dealer letter); an empty list of rows before the first call.
    """
    dealer = dealer_of(state)
    info = {c.get("event"): c for c in calls_data or [] if isinstance(c, dict)}
    rows: list[list[Cell | None]] = []
    col = COLUMNS.index(dealer) - 1          # the dealer's call starts the first row
    last_by_seat: dict[str, Cell] = {}
    if col >= 0:
        rows.append([None] * 4)
    for n, ev in enumerate(state.events(), 1):
        if "call" in ev and ev.get("seat") in COLUMNS:     # (a refused case may hold anything)
            c = COLUMNS.index(ev["seat"])
            if c <= col or not rows:
                rows.append([None] * 4)
            col = c
            cell = Cell(str(ev["call"]), n, ev["seat"])
            d = info.get(n)
            if d:
                cell.standing, cell.cite = d.get("standing"), d.get("cite")
                cell.out_of_rotation = bool(d.get("out_of_rotation"))
            if rows[-1][c] is not None:       # a second call by one seat on one row
                rows.append([None] * 4)
            rows[-1][c] = cell
            last_by_seat[ev["seat"]] = cell
        elif "replaces" in ev and ev.get("seat") in last_by_seat:
            last_by_seat[ev["seat"]].replaced_by.append(str(ev.get("with")))
    return rows, dealer


def dealer_of(state: State) -> str:
    """The dealer's letter: from the board number, else the dealer given, else North."""
    if state.board is not None:
        return Board(state.board).dealer.value
    return state.dealer or "N"


def vulnerability_of(state: State) -> str | None:
    """'None', 'NS', 'EW', 'Both' from the board number (or a loaded case's), else None."""
    if state.board is not None:
        return Board(state.board).vulnerability
    return state.setting.get("vulnerability")


def next_in_turn(state: State) -> str:
    """The seat a call tapped "in turn" goes to: the dealer, or the seat after the last call's.

    Plain rotation, shown on the page next to the bidding box so the director sees it.
    """
    seat = None
    for ev in state.events():
        if "call" in ev and ev.get("seat") in COLUMNS:
            seat = ev["seat"]
    return dealer_of(state) if seat is None else seat_after(Seat(seat), 1).value


def last_call_of(state: State, seat: str) -> str | None:
    """The last call ``seat`` made (after any replacement of it), or None."""
    out = None
    for ev in state.events():
        if ev.get("seat") == seat:
            if "call" in ev:
                out = str(ev["call"])
            elif "replaces" in ev:
                out = str(ev.get("with"))
    return out


def rule(state: State) -> tuple[Case, Ruling, dict]:
    """Rule on the state: (Case, Ruling, the ruling's data as ``--format json`` gives it).

    Raises:
        InputError: the state holds an event or judgement the case format refuses.
        EngineError: a rule action failed inside the engine.
    """
    case = case_of(state)
    ruling = api.rule(case)
    return case, ruling, as_dict(ruling)

"""Case files: YAML describing what happened at the table -> a validated :class:`Case`.

A case file (see README and ``schemas/case.schema.json``)::

    case: ib-1h-over-1nt
    title: Insufficient 1H over 1NT, replaced by 2H
    source: https://... or "teaching"
    edition: duplicate-2017
    board: 3                       # dealer and vulnerability follow from it
    events:                        # everything that happened, in order
      - {seat: S, call: 1NT}
      - {seat: W, call: 1H}
      - {director: called}
      - {seat: N, accepts: false}  # a player's decision about an irregular call
      - {seat: W, replaces: 1H, with: 2H}
    judgement:                     # what only the director can decide
      W 1H artificial: false
    expect:                        # outcome codes with citations (tests and quizzes)
      - {cite: 27B1(a), outcome: no-further-rectification}

Validation is done by pydantic models (which also give the published JSON Schema); every
error is turned into one :class:`~engine.yamlpos.InputError` naming file, line, column, the
field, what was expected and what was found.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .table import Board, Call, CallSyntaxError, Denomination, Seat
from .yamlpos import InputError, PosDict, PosList, load, position

EDITIONS = ("duplicate-2017",)
JUDGEMENT_PROPS = {
    "artificial": "bool: the call is artificial (Definitions)",
    "comparable": "bool: the replacement call is comparable to the withdrawn call (23A)",
    "unintended": "bool: the call was not the one the player meant to make (mechanical error or slip of the tongue)",
    "could-have-known": "bool: the offender could have known the irregularity could well damage the other side",
    "damaged": "bool: the non-offending side was damaged at the end of play",
    "wrong-board": "bool: the call was made holding cards from the wrong board",
}
JUDGEMENT_KEY_RE = re.compile(
    r"^(?:(?P<seat>[NESWnesw])\s+(?P<call>\S+)|event\s+(?P<ev>\d+))\s+(?P<prop>[a-z-]+)$")


# ---------------------------------------------------------------- pydantic models (schema)

class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _seat(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError(f"expected a seat N, E, S or W, found {v!r}")
    try:
        return Seat.parse(v).value
    except ValueError:
        raise ValueError(f"expected a seat N, E, S or W, found {v!r}") from None


def _call(v: Any) -> str:
    if isinstance(v, bool) or v is None:
        raise ValueError(f"expected a call such as 1H, 3NT, Pass, X or XX, found {v!r}")
    try:
        return str(Call.parse(str(v)))
    except CallSyntaxError as e:
        raise ValueError(str(e)) from None


class CallEventModel(_Strict):
    """A player makes a call: ``{seat: W, call: 1H}``."""

    seat: str = Field(description="N, E, S or W")
    call: str = Field(description="1C..7NT (NT or N), Pass, X, XX")
    note: Optional[str] = None
    _v_seat = field_validator("seat", mode="before")(lambda cls, v: _seat(v))
    _v_call = field_validator("call", mode="before")(lambda cls, v: _call(v))


class DirectorEventModel(_Strict):
    """The director is called: ``{director: called}``."""

    director: Literal["called"]
    by: Optional[str] = Field(None, description="seat that called the director")
    note: Optional[str] = None
    _v_seat = field_validator("by", mode="before")(lambda cls, v: v if v is None else _seat(v))


class DecisionEventModel(_Strict):
    """A player says whether he accepts an irregular call: ``{seat: N, accepts: false}``.

    ``call`` names the call decided on (default: the last call made before this event).
    """

    seat: str
    accepts: bool
    call: Optional[str] = None
    note: Optional[str] = None
    _v_seat = field_validator("seat", mode="before")(lambda cls, v: _seat(v))
    _v_call = field_validator("call", mode="before")(lambda cls, v: v if v is None else _call(v))


class ReplacementEventModel(_Strict):
    """A player puts another call in place of one of his own: ``{seat: W, replaces: 1H, with: 2H}``."""

    seat: str
    replaces: str
    with_: str = Field(alias="with")
    note: Optional[str] = None
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    _v_seat = field_validator("seat", mode="before")(lambda cls, v: _seat(v))
    _v_calls = field_validator("replaces", "with_", mode="before")(lambda cls, v: _call(v))


EVENT_MODELS: dict[str, type[_Strict]] = {
    "call": CallEventModel,
    "director": DirectorEventModel,
    "accepts": DecisionEventModel,
    "replaces": ReplacementEventModel,
}


class ExpectModel(_Strict):
    """One expected outcome: its citation and outcome code."""

    cite: str
    outcome: str
    note: Optional[str] = None


class CaseModel(_Strict):
    """A case file."""

    case: str = Field(description="a short identifier, e.g. ib-01-insufficient-1h-over-1nt")
    title: str
    source: str = Field(description="URL of the published scenario, or 'teaching'")
    edition: Literal["duplicate-2017"] = "duplicate-2017"
    board: Optional[int] = Field(None, ge=1, description="board number: gives dealer and vulnerability")
    dealer: Optional[str] = Field(None, description="N, E, S or W when no board number is given")
    vulnerability: Optional[Literal["None", "NS", "EW", "Both"]] = None
    notes: Optional[str] = None
    events: list[Union[CallEventModel, DirectorEventModel, DecisionEventModel, ReplacementEventModel]] = Field(
        min_length=1)
    judgement: dict[str, Union[bool, list[str]]] = Field(
        default_factory=dict,
        description="'SEAT CALL property: value' or 'event N property: value'; properties: "
        + "; ".join(f"{k} ({v})" for k, v in JUDGEMENT_PROPS.items()))
    expect: Optional[list[ExpectModel]] = None


def json_schema() -> dict:
    """The JSON Schema of case files (what ``schemas/case.schema.json`` holds)."""
    schema = CaseModel.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://bridge-director.invalid/schemas/case.schema.json"
    return schema


# ---------------------------------------------------------------- the validated case

@dataclass(frozen=True)
class Event:
    """One event of a case, numbered from 1 in file order.

    Attributes:
        number: 1-based event number; ``line``/``column``: where it is in the file.
        kind: 'call' | 'director' | 'accepts' | 'replaces'.
        seat: the acting seat (None for a director call with no ``by``).
        call: the call made (for 'replaces': the new call; for 'accepts': the call decided on, or None).
        replaces: for 'replaces', the call being replaced.
        accepts: for 'accepts', the decision.
    """

    number: int
    line: int
    column: int
    kind: str
    seat: Optional[Seat] = None
    call: Optional[Call] = None
    replaces: Optional[Call] = None
    accepts: Optional[bool] = None
    note: Optional[str] = None


@dataclass(frozen=True)
class Judgement:
    """A director's judgement: ``prop`` of the call made at event ``event`` is ``value``."""

    event: int
    prop: str
    value: Any
    line: int
    column: int


@dataclass(frozen=True)
class Expectation:
    """An expected outcome (cite, outcome code) and where it is written."""

    cite: str
    outcome: str
    line: int


@dataclass
class Case:
    """A validated case: board, events in order, judgements, expectations.

    Attributes:
        file: path as given; ``id``/``title``/``source``/``edition`` from the file.
        board: a :class:`~engine.table.Board` or None; ``dealer``/``vulnerability`` always set
            (vulnerability may be None if unknown).
        events, judgements: validated; ``expect`` is None when the file has no ``expect:``.
    """

    file: str
    id: str
    title: str
    source: str
    edition: str
    board: Optional[Board]
    dealer: Seat
    vulnerability: Optional[str]
    events: list[Event]
    judgements: list[Judgement] = field(default_factory=list)
    expect: Optional[list[Expectation]] = None
    notes: Optional[str] = None


def _pyd_error(file: str, data: Any, err: ValidationError, prefix: str = "") -> InputError:
    e = err.errors()[0]
    loc = list(e["loc"])
    node, key = data, None
    path = []
    for part in loc:
        if isinstance(node, (PosDict, PosList)) and (
                (isinstance(node, PosDict) and part in node) or (isinstance(node, PosList) and isinstance(part, int)
                                                                 and part < len(node))):
            key = part
            path.append(str(part))
            if isinstance(node[part], (PosDict, PosList)):
                node, key = node[part], None
            else:
                break
        else:
            break
    line, col = position(node, key)
    fieldname = prefix + ".".join(str(p) for p in loc if not (isinstance(p, str) and p.endswith("Model")))
    msg = e["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    if e["type"] == "missing":
        msg = "this field is required"
        line, col = position(node, None) if key is None else (line, col)
    elif e["type"] == "extra_forbidden":
        msg = f"unknown field '{loc[-1]}'"
    elif "input" in e and e["type"] not in ("value_error",):
        msg = f"{msg}, found {e['input']!r}"
    return InputError(file, line, col, fieldname, msg)


def _event_kind(ev: dict) -> Optional[str]:
    for k in ("director", "replaces", "accepts", "call"):
        if k in ev:
            return k
    return None


def from_data(data: Any, file: str) -> Case:
    """Validate parsed YAML (with positions) into a :class:`Case`.

    Raises:
        InputError: one clear message for the first problem found.
    """
    if not isinstance(data, dict):
        raise InputError(file, 1, 1, "", "expected a case: a mapping with case, title, source, board and events")
    events = data.get("events")
    if isinstance(events, list):
        if not events:
            raise InputError(file, *position(data, "events"), "events", "a case needs at least one event, found none")
        for i, ev in enumerate(events):
            line, col = position(events, i)
            if not isinstance(ev, dict):
                raise InputError(file, line, col, f"events.{i + 1}",
                                 f"expected an event mapping such as {{seat: W, call: 1H}}, found {ev!r}")
            kind = _event_kind(ev)
            if kind is None:
                raise InputError(file, line, col, f"events.{i + 1}",
                                 "expected one of: {seat, call}, {director: called}, {seat, accepts}, "
                                 f"{{seat, replaces, with}}; found keys {', '.join(map(str, ev)) or 'none'}")
            try:
                EVENT_MODELS[kind].model_validate(dict(ev))
            except ValidationError as err:
                raise _pyd_error(file, ev, err, f"events.{i + 1}.") from None
    try:
        model = CaseModel.model_validate(dict(data))
    except ValidationError as err:
        raise _pyd_error(file, data, err) from None

    board = Board(model.board) if model.board else None
    if model.dealer is None and board is None:
        raise InputError(file, 1, 1, "board", "expected a board number (or a dealer), found neither")
    dealer = Seat(model.dealer) if model.dealer else board.dealer
    if board and model.dealer and dealer != board.dealer:
        raise InputError(file, *position(data, "dealer"), "dealer",
                         f"board {board.number} has dealer {board.dealer.value}, but the case says {dealer.value}")
    vul = model.vulnerability if model.vulnerability else (board.vulnerability if board else None)
    if board and model.vulnerability and model.vulnerability != board.vulnerability:
        raise InputError(file, *position(data, "vulnerability"), "vulnerability",
                         f"board {board.number} has vulnerability {board.vulnerability}, but the case says {model.vulnerability}")

    out: list[Event] = []
    for i, (raw, ev) in enumerate(zip(data["events"], model.events)):
        line, col = position(data["events"], i)
        n = i + 1
        if isinstance(ev, CallEventModel):
            out.append(Event(n, line, col, "call", Seat(ev.seat), Call.parse(ev.call), note=ev.note))
        elif isinstance(ev, DirectorEventModel):
            out.append(Event(n, line, col, "director", Seat(ev.by) if ev.by else None, note=ev.note))
        elif isinstance(ev, DecisionEventModel):
            target = Call.parse(ev.call) if ev.call else None
            out.append(Event(n, line, col, "accepts", Seat(ev.seat), target, accepts=ev.accepts, note=ev.note))
        else:
            orig, new = Call.parse(ev.replaces), Call.parse(ev.with_)
            if not any(e.kind in ("call", "replaces") and e.seat == Seat(ev.seat) and e.call == orig for e in out):
                raise InputError(file, *position(raw, "replaces"), f"events.{n}.replaces",
                                 f"{ev.seat} never made the call {orig} before event {n}: expected one of "
                                 f"{', '.join(str(e.call) for e in out if e.kind in ('call', 'replaces') and e.seat == Seat(ev.seat)) or 'no calls'}")
            out.append(Event(n, line, col, "replaces", Seat(ev.seat), new, replaces=orig, note=ev.note))
        if out[-1].kind == "accepts" and out[-1].call is not None:
            if not any(e.kind in ("call", "replaces") and e.call == out[-1].call for e in out[:-1]):
                raise InputError(file, *position(raw, "call"), f"events.{n}.call",
                                 f"no call {out[-1].call} was made before event {n}")
        if out[-1].kind == "accepts" and out[-1].call is None and not any(e.kind in ("call", "replaces") for e in out[:-1]):
            raise InputError(file, line, col, f"events.{n}", "a decision to accept needs an earlier call, found none")

    judgements = _judgements(file, data, out)
    expect = None
    if model.expect is not None:
        expect = [Expectation(x.cite, x.outcome, position(data["expect"], i)[0]) for i, x in enumerate(model.expect)]
    return Case(file, model.case, model.title, model.source, model.edition, board, dealer, vul, out,
                judgements, expect, model.notes)


def _judgements(file: str, data: dict, events: list[Event]) -> list[Judgement]:
    raw = data.get("judgement") or {}
    out = []
    for key, value in raw.items():
        line, col = position(raw, key)
        m = JUDGEMENT_KEY_RE.match(str(key).strip())
        if not m:
            raise InputError(file, line, col, f"judgement.{key}",
                             "expected 'SEAT CALL property' (e.g. 'W 1H artificial') or 'event N property'")
        prop = m["prop"]
        if prop not in JUDGEMENT_PROPS:
            raise InputError(file, line, col, f"judgement.{key}",
                             f"unknown property '{prop}': expected one of {', '.join(JUDGEMENT_PROPS)}")
        if not isinstance(value, bool):
            raise InputError(file, line, col, f"judgement.{key}", f"expected true or false, found {value!r}")
        if m["ev"]:
            n = int(m["ev"])
            if not 1 <= n <= len(events) or events[n - 1].kind not in ("call", "replaces"):
                raise InputError(file, line, col, f"judgement.{key}", f"event {n} is not a call in this case")
        else:
            seat = Seat.parse(m["seat"])
            try:
                call = Call.parse(m["call"])
            except CallSyntaxError as e:
                raise InputError(file, line, col, f"judgement.{key}", str(e)) from None
            made = [e for e in events if e.kind in ("call", "replaces") and e.seat == seat and e.call == call]
            if not made:
                raise InputError(file, line, col, f"judgement.{key}",
                                 f"{seat.value} never made the call {call} in this case")
            n = made[-1].number
        out.append(Judgement(n, prop, value, line, col))
    return out


def load_case(path: str | Path) -> Case:
    """Read and validate a case file.

    Raises:
        InputError: unreadable file, broken YAML, or an invalid case (file:line:col, field,
        what was expected and what was found).
    """
    return from_data(load(path), str(path))

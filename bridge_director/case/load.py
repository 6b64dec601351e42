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
      # two calls at once: write the call of the player whose turn it was first, then
      # {seat: S, call: 1S, simultaneous_with: E} (Law 33 counts it as the later call)
    judgement:                     # what only the director can decide
      W 1H artificial: false
    expect:                        # outcome codes with citations (tests and quizzes)
      - {cite: 27B1(a), outcome: no-further-rectification}

Each mapping of a case file is described once, by a table of fields (:class:`Shape`). Two
checks read the tables: a plain one here (exact types only; it passes a well-formed file at
once, without importing pydantic), and pydantic models built from the same tables
(bridge_director/case/schema.py, imported only when the plain check cannot vouch for a mapping, and for
the published JSON Schema). pydantic decides whatever the plain check leaves open (a board
written "3"), and words every error: one :class:`~bridge_director.base.yamlpos.InputError` naming file, line,
column, the field, what was expected and what was found.
"""

from __future__ import annotations
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Optional
from bridge_director.bridge.table import Board, Call, CallSyntaxError, Denomination, Seat, is_sufficient
from bridge_director.base.yamlpos import InputError, PosDict, PosList, load, position
from bridge_director.case.shapes import CASE, EVENT_SHAPES, EXPECT, HAPPENED, HAPPENED_SHAPES, JUDGEMENT_KEY_RE, JUDGEMENT_PROPS, LIST_JUDGEMENTS, MAX_BYTES, MAX_EVENTS, MAX_VALUES, SIDE_JUDGEMENTS, Shape, _Unsure, _found, _plain, parsed_call
from bridge_director.case.judgements import ON as JUDGED_ON
from bridge_director.case.model import Case, Event, Expectation, Judgement


def _schema():
    """bridge_director.case.schema: the pydantic models (imported when first needed)."""
    from bridge_director.case import schema as case_schema
    return case_schema


def json_schema() -> dict:
    """The JSON Schema of case files (what ``schemas/case.schema.json`` holds)."""
    schema = _schema().model(CASE).model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://bridge-director.invalid/schemas/case.schema.json"
    return schema


def _event_kind(ev: dict) -> Optional[str]:
    if "happened" in ev:
        return "happened"
    for k in ("director", "replaces", "accepts", "call"):
        if k in ev:
            return k
    return None


#: a seat by its letter (the letters the case's shapes vouched for: Seat(letter) without the
#: Enum's call)
_SEATS: "dict[str, Seat]" = {s.value: s for s in Seat}


def from_data(data: Any, file: str) -> Case:
    """Validate parsed YAML (with positions) into a :class:`Case`.

    Raises:
        InputError: one clear message for the first problem found.
    """
    if not isinstance(data, dict):
        raise InputError(file, 1, 1, "", "expected a case: a mapping with case, title, source, board and events")
    valid = _valid_events(file, data)
    _check_judgement_values(file, data)
    model = _valid_case(file, data, valid)
    board, dealer, vul = _board_dealer_vulnerability(file, data, model)
    out: list[Event] = []
    for i, (raw, (kind, fields)) in enumerate(zip(data["events"], model.events)):
        out.append(_event(file, data, i, raw, kind, fields, out))
        if out[-1].kind == "accepts":
            _decision_target(file, raw, out[-1], out[:-1])
        if out[-1].kind == "accepts" and out[-1].call is None and not any(e.kind in ("call", "replaces") for e in out[:-1]):
            line, col = position(data["events"], i)
            raise InputError(file, line, col, f"events.{i + 1}", "a decision to accept needs an earlier call, found none")
    out = _corrections_written_as_calls(out)
    setting = _setting(file, data, model)
    _cards_against_deal(file, data, out, setting)
    judgements = _judgements(file, data, out)
    expect = _expectations(data, model)
    _check_edition(file, data, model.edition)
    case_id = model.case or (Path(file).stem if file not in ("-", "<stdin>") else "stdin")
    return Case(file, case_id, model.title or "", model.source, model.edition, board, dealer, vul, out,
                judgements, expect, model.notes, lang=model.lang, setting=setting)


def _valid_events(file: str, data: dict) -> "list[tuple[str, dict]]":
    """Each event's kind and fields, as validated (an empty list when ``events`` is not a list:
    the case model then words the error).

    Raises:
        InputError: no events, too many, an event that is not a mapping or of no known kind.
    """
    events = data.get("events")
    valid: list[tuple[str, dict]] = []
    if not isinstance(events, list):
        return valid
    if not events:
        raise InputError(file, *position(data, "events"), "events", "a case needs at least one event, found none")
    if len(events) > MAX_EVENTS:
        raise InputError(file, *position(events, MAX_EVENTS), f"events.{MAX_EVENTS + 1}",
                         f"a case holds at most {MAX_EVENTS} events (the longest legal auction has "
                         f"319 calls), found {len(events)}")
    for i, ev in enumerate(events):
        if not isinstance(ev, dict):
            raise InputError(file, *position(events, i), f"events.{i + 1}",
                             f"expected an event mapping such as {{seat: W, call: 1H}}, found {_found(ev)}")
        kind = _event_kind(ev)
        if kind is None:
            raise InputError(file, *position(events, i), f"events.{i + 1}",
                             "expected one of: {seat, call}, {director: called}, {seat, accepts}, "
                             f"{{seat, replaces, with}}, {{happened: CODE, ...}}; found keys {', '.join(map(str, ev)) or 'none'}")
        shape = _event_shape(file, ev, kind, i)
        try:
            valid.append((kind, _plain(shape, ev)))
        except _Unsure:      # pydantic decides: it passes the event, or words the error
            valid.append((kind, _schema().validate(shape, ev, file, f"events.{i + 1}.")))
    return valid


def _check_judgement_values(file: str, data: dict) -> None:
    """Check each judgement's value before the model, whose union error would name 'bool' as a
    field: sides for a side judgement, denominations for a list judgement, else true or false.

    Raises:
        InputError: a value of the wrong kind, at its line and column.
    """
    judgement = data.get("judgement")
    if not isinstance(judgement, dict):
        return
    for key, value in judgement.items():
        if str(key).strip().endswith(SIDE_JUDGEMENTS):
            line, col = position(judgement, key)
            _sides(file, line, col, key, value)
        elif str(key).strip().endswith(LIST_JUDGEMENTS):
            line, col = position(judgement, key)
            _denominations(file, line, col, key, value)
        elif not isinstance(value, bool):
            raise InputError(file, *position(judgement, key), f"judgement.{key}",
                             f"expected true or false, found {_found(value)}")


def _board_dealer_vulnerability(file: str, data: dict, model: SimpleNamespace) -> tuple:
    """(Board or None, dealer, vulnerability or None): from the board number, or as stated; a
    stated dealer or vulnerability must agree with the board's.

    Raises:
        InputError: neither board nor dealer, or a stated value the board contradicts.
    """
    board = Board(model.board) if model.board else None
    if model.dealer is None and board is None:
        if "board" in data:          # board: ~ (or nothing after it)
            raise InputError(file, *position(data, "board"), "board",
                             "expected a board number (or a dealer), found nothing (null)")
        raise InputError(file, 1, 1, "board", "expected a board number (or a dealer), found neither")
    dealer = _SEATS[model.dealer] if model.dealer else board.dealer
    if board and model.dealer and dealer != board.dealer:
        raise InputError(file, *position(data, "dealer"), "dealer",
                         f"board {board.number} has dealer {board.dealer.value}, but the case says {dealer.value}")
    vul = model.vulnerability if model.vulnerability else (board.vulnerability if board else None)
    if board and model.vulnerability and model.vulnerability != board.vulnerability:
        raise InputError(file, *position(data, "vulnerability"), "vulnerability",
                         f"board {board.number} has vulnerability {board.vulnerability}, but the case says {model.vulnerability}")
    return board, dealer, vul


def _event(file: str, data: dict, i: int, raw: dict, kind: str, fields: dict, out: "list[Event]") -> Event:
    """Event number ``i + 1`` of kind ``kind`` from its validated ``fields``, checked against
    the events ``out`` before it.

    Raises:
        InputError: a field that contradicts an earlier event (see the helpers per kind).
    """
    ev = SimpleNamespace(**fields)
    line, col = position(data["events"], i)
    n = i + 1
    if kind == "call":
        return _call_event(file, raw, ev, n, line, col, out)
    if kind == "director":
        return Event(n, line, col, "director" if ev.director == "called" else "ruled",
                     _SEATS[ev.by] if ev.by else None, note=ev.note)
    if kind == "accepts":
        target = parsed_call(ev.call) if ev.call else None
        return Event(n, line, col, "accepts", _SEATS[ev.seat], target, accepts=ev.accepts, note=ev.note,
                     target=ev.event)
    if kind == "happened":
        return _happened_event(file, raw, ev, fields, n, line, col, out, data.get("board"))
    return _replacement_event(file, raw, ev, n, line, col, out)


def _replacement_event(file: str, raw: dict, ev: SimpleNamespace, n: int, line: int, col: int,
                       out: "list[Event]") -> Event:
    """A replacement: the call it replaces is always resolved to an event number (``target``):
    the one ``event: N`` names, else the player's last call of that name before it.

    Raises:
        InputError: the player never made that call, or ``event: N`` is not their call of it.
    """
    orig, new = parsed_call(ev.replaces), parsed_call(ev.with_)
    own = [e for e in out if e.kind in ("call", "replaces") and e.seat == Seat(ev.seat)]
    if not any(e.call == orig for e in own):
        made = [str(e.call) for e in own]
        raise InputError(file, *position(raw, "replaces"), f"events.{n}.replaces",
                         f"{ev.seat} never made the call {orig} before event {n}: "
                         + (f"expected one of {', '.join(made)}" if made else f"{ev.seat} had made no call to replace"))
    if ev.event is not None:
        t = next((e for e in own if e.number == ev.event and e.call == orig), None)
        if t is None:
            mine = [str(e.number) for e in own if e.call == orig]
            raise InputError(file, *position(raw, "event"), f"events.{n}.event",
                             f"expected the number of {ev.seat}'s earlier {orig} (event {' or '.join(mine)}), "
                             f"found {ev.event}")
        target = t.number
    else:
        target = next(e.number for e in reversed(own) if e.call == orig)
    return Event(n, line, col, "replaces", _SEATS[ev.seat], new, replaces=orig, note=ev.note, target=target)


def _call_event(file: str, raw: dict, ev: SimpleNamespace, n: int, line: int, col: int, out: "list[Event]") -> Event:
    """A call event; a call made at the same time as another names the seat of the call written
    just before it.

    Raises:
        InputError: ``simultaneous_with`` that is not the seat of the call just before.
    """
    sim = Seat(ev.simultaneous_with) if ev.simultaneous_with else None
    if sim is not None:
        before = out[-1] if out else None
        if sim == Seat(ev.seat) or before is None or before.kind not in ("call", "replaces") \
                or before.seat != sim:
            raise InputError(file, *position(raw, "simultaneous_with"), f"events.{n}.simultaneous_with",
                             f"expected the seat of the call written just before this one (a call or a "
                             f"replacement; simultaneous calls are written one after the other), found {sim.value}; the event before "
                             f"is " + (_describe_event(before) if before else "none"))
    return Event(n, line, col, "call", _SEATS[ev.seat], parsed_call(ev.call), note=ev.note, simultaneous_with=sim)


def _happened_event(file: str, raw: dict, ev: SimpleNamespace, dump: dict, n: int, line: int, col: int,
                    out: "list[Event]", board: Any = None) -> Event:
    """A ``happened`` event, with the checks that relate it to the events before it.

    Raises:
        InputError: two fields naming the same seat where they must differ; a call on the source
            board with no wrong-board event before it; a misstated double after no X or XX.
    """
    # two fields that must name different seats (a player's own hand is no irregularity)
    for a, b in (("by", "of"), ("seat", "pocket")):
        if dump.get(a) is not None and dump.get(a) == dump.get(b):
            raise InputError(file, *position(raw, b), f"events.{n}.{b}",
                             f"expected a seat other than {a} ({dump[a]}), found {dump[b]!r}")
    # a hand taken from another board: the case's own board is no wrong board
    if ev.happened == "wrong-board" and isinstance(board, int) \
            and not isinstance(board, bool) and dump.get("board") == board:
        raise InputError(file, *position(raw, "board"), f"events.{n}.board",
                         f"expected the number of another board: this case is board {board}, found {board}")
    if ev.happened == "call-on-source-board" and not any(
            e.kind == "happened" and e.happened == "wrong-board" and e.seat == Seat(dump["seat"]) for e in out):
        raise InputError(file, line, col, f"events.{n}",
                         f"a call on the board the cards came from needs an earlier "
                         f"{{happened: wrong-board, seat: {dump['seat']}, ...}} event, found none")
    if ev.happened == "misstated-double":
        last = next((e for e in reversed(out) if e.kind in ("call", "replaces")
                     and e.seat == Seat(dump["seat"])), None)
        if last is None or not (last.call.is_double or last.call.is_redouble):
            raise InputError(file, line, col, f"events.{n}",
                             f"a misstated double or redouble needs {dump['seat']}'s last call before it "
                             f"to be X or XX, found " + (str(last.call) if last else "no call"))
    if ev.happened in ("explanation", "failure-to-alert", "unexpected-alert"):
        _check_partners_call(file, raw, dump, n, line, col, out)
    details = tuple((k, v) for k, v in dump.items() if k not in ("happened", "note") and v is not None)
    seat = dump.get("seat")
    return Event(n, line, col, "happened", Seat(seat) if seat else None, note=ev.note,
                 happened=ev.happened, details=details)


def _expectations(data: dict, model: SimpleNamespace) -> "list[Expectation] | None":
    """The case's ``expect:`` items with their positions, or None when it has none."""
    if model.expect is None:
        return None
    items = data["expect"]
    if type(items) is PosList and len(items.ipos) == len(items) and all(type(x) is PosDict for x in items):
        # (the positions as position() reads them, without a call per value)
        return [Expectation(x.cite, x.outcome, at[0], i + 1, item.kpos.get("cite", item.pos),
                            item.kpos.get("outcome", item.pos), x.for_)
                for i, (x, item, at) in enumerate(zip(model.expect, items, items.ipos))]
    return [Expectation(x.cite, x.outcome, position(items, i)[0], i + 1,
                        position(items[i], "cite"), position(items[i], "outcome"), x.for_)
            for i, x in enumerate(model.expect)]


def _corrections_written_as_calls(events: list[Event]) -> list[Event]:
    """``events`` with each correction written as a plain call read as the replacement it is.

    Shape: a bid that does not outrank the last bid made before it (file order, as made; a
    replacement counting as its new call), then its maker's LHO saying they do not accept it
    (an ``accepts: false`` event deciding on it), then, as the next call event, a call by the
    same player, who has made no other call since the bid. That call is the player putting
    something in the bid's place, exactly as ``{seat, replaces, with}`` writes it: it becomes a
    ``replaces`` event (same number, line and note). Nothing else changes; the laws that judge
    the replacement are the rules' (Law 27).
    """
    out = list(events)
    calls = [i for i, e in enumerate(out) if e.kind in ("call", "replaces")]
    for i, d in enumerate(out):
        if d.kind != "accepts" or d.accepts is not False:
            continue
        before = [out[k] for k in calls if k < i and (d.call is None or out[k].call == d.call)
                  and (d.target is None or out[k].number == d.target)]
        if not before:
            continue
        t = before[-1]
        if t.kind != "call" or not t.call.is_bid or d.seat != t.seat.lho:
            continue
        last = next((out[k].call for k in reversed(calls) if out[k].number < t.number and out[k].call.is_bid), None)
        if last is None or is_sufficient(t.call, last):
            continue
        nxt = next((k for k in calls if k > i), None)
        if nxt is None or out[nxt].kind != "call" or out[nxt].seat != t.seat:
            continue
        if any(out[k].seat == t.seat for k in calls if t.number < out[k].number < out[nxt].number):
            continue
        e = out[nxt]
        out[nxt] = Event(e.number, e.line, e.column, "replaces", e.seat, e.call, replaces=t.call, note=e.note,
                         target=t.number)
    return out


def _check_edition(file: str, data: Any, name: str) -> None:
    """Refuse an edition the rulebook does not have (the message lists those it has)."""
    from bridge_director.base.editions import editions, names
    from bridge_director.base.paths import rules_dir
    if isinstance(name, str) and name in editions(rules_dir()):
        return
    known = names(rules_dir())
    if name not in known:
        raise InputError(file, *position(data, "edition"), "edition",
                         f"expected one of {', '.join(known)}, found {name!r}")


def _decision_target(file: str, raw: Any, d: Event, before: list[Event]) -> None:
    """Check what decision ``d`` is about: ``event: N`` must be an earlier call (and the call
    named, if any); a call named without ``event`` must have been made exactly once.

    Raises:
        InputError: the event is not an earlier call, names another call, or the call named
            was made more than once (``event: N`` must then say which) or never.
    """
    n = d.number
    calls = [e for e in before if e.kind in ("call", "replaces")]
    if d.target is not None:
        t = next((e for e in before if e.number == d.target), None)
        if t is None or t.kind not in ("call", "replaces"):
            found = f"event {d.target} is " + (_describe_event(t) if t else "not before this one")
            raise InputError(file, *position(raw, "event"), f"events.{n}.event",
                             f"expected the number of an earlier call (one of "
                             f"{', '.join(str(e.number) for e in calls) or 'none'}), found {d.target}: {found}")
        if d.call is not None and t.call != d.call:
            raise InputError(file, *position(raw, "call"), f"events.{n}.call",
                             f"event {d.target} is {t.seat.value}'s {t.call}, not {d.call}")
        return
    if d.call is None:
        return
    same = [e for e in calls if e.call == d.call]
    if not same:
        raise InputError(file, *position(raw, "call"), f"events.{n}.call", f"no call {d.call} was made before event {n}")
    if len(same) > 1:
        raise InputError(file, *position(raw, "call"), f"events.{n}.call",
                         f"{d.call} was made more than once before event {n} (events "
                         f"{', '.join(str(e.number) for e in same)}): expected 'event: N' to say which")


def _event_shape(file: str, ev: dict, kind: str, i: int) -> Shape:
    """The shape of one raw event; for ``happened`` the shape of its code."""
    if kind != "happened":
        return EVENT_SHAPES[kind]
    code = ev.get("happened")
    if isinstance(code, (list, dict)) or code not in HAPPENED_SHAPES:
        raise InputError(file, *position(ev, "happened"), f"events.{i + 1}.happened",
                         f"unknown code {_found(code) if isinstance(code, (list, dict)) else repr(code)}: "
                         f"expected one of {', '.join(HAPPENED)}")
    return HAPPENED_SHAPES[code]


def _valid_case(file: str, data: dict, events: list[tuple[str, dict]]) -> SimpleNamespace:
    """The case's fields as validated (attributes as in CASE; ``events``: (kind, fields) per
    event, ``expect``: a namespace per item), ``events`` being its events validated one by one.

    Raises:
        InputError: the first problem, in pydantic's order and our words.
    """
    def expect(v):
        if v is None:
            return None
        if not isinstance(v, list):
            raise _Unsure
        return [SimpleNamespace(**_plain(EXPECT, x)) for x in v]
    try:
        if not isinstance(data.get("events"), list) or len(events) != len(data["events"]):
            raise _Unsure
        fields = _plain(CASE, data, {"EVENTS": lambda v: events, "EXPECT": expect})
    except _Unsure:
        fields = _schema().validate(CASE, data, file, "")
        fields["events"] = [(_event_kind(raw), ev) for raw, ev in zip(data["events"], fields["events"])]
        if fields["expect"] is not None:
            fields["expect"] = [SimpleNamespace(**x) for x in fields["expect"]]
    return SimpleNamespace(**fields)


def _setting(file: str, data: dict, model: SimpleNamespace) -> dict:
    """Case-level setting: ``deal``/``pockets`` parsed (bridge_director.bridge.pbn.Deal) and the plain fields."""
    out: dict[str, Any] = {}
    for name in ("deal", "pockets"):
        text = getattr(model, name)
        if text is None:
            out[name] = None
            continue
        from bridge_director.bridge.pbn import PbnError, parse_deal
        line, col = position(data, name)
        try:
            out[name] = parse_deal(text, file=file, line=line)
        except PbnError as e:
            raise InputError(file, line, col, name, f"expected a PBN deal string such as "
                             f"'N:AKQ2.KJ4.T93.A82 T98.Q75.AK84.KQ3 J76.A98.Q7.JT954 543.T632.J652.76': {e}") from None
    if out["deal"] is not None and not out["deal"].is_complete_and_valid():
        raise InputError(file, *position(data, "deal"), "deal",
                         "expected the deal as it should be (52 cards, 13 in each hand), found: "
                         + "; ".join(out["deal"].problems()))
    for name in ("session", "deal_register", "played_at_other_tables", "scoring", "replay_event", "stationary",
                 "result", "adjusted"):
        out[name] = getattr(model, name)
    if out["deal_register"] is not None and (out["session"] is None or out["deal"] is None):
        raise InputError(file, *position(data, "deal_register"), "deal_register",
                         "a register look-up needs this session's name ('session:') and the deal ('deal:')")
    if out["deal_register"] is not None:
        from bridge_director.bridge.deals import RegisterError
        _register_in_folder(file, data, str(out["deal_register"]))
        try:
            out["registered_elsewhere"] = _registered_elsewhere(file, out)
        except RegisterError as e:      # the user's file: bad input, one line
            raise InputError(file, *position(data, "deal_register"), "deal_register",
                             f"expected a deal register (made by `director deals register`): {e}") from None
    else:
        out["registered_elsewhere"] = ()
    return out


#: events after which the hands need not be the deal as given (a card from elsewhere, another
#: board's cards, a misdeal, cards put back into the wrong pocket): the deal is not held against them
_HANDS_NOT_AS_DEALT = frozenset({"surplus-card", "wrong-board", "dealt-incorrectly", "hand-returned-to-wrong-pocket",
                                 "missing-card-found", "missing-card-not-found", "hand-count"})


def _cards_against_deal(file: str, data: dict, events: list, setting: dict) -> None:
    """The cards a case says a hand showed (``card-exposed``'s seat, ``card-seen``'s ``of``) are
    in that hand of the case's own ``deal:``: a ruling never states as a fact a card in two hands
    (was: "Put SA face up" for East when the deal gives SA to North, exit 0).

    Raises:
        InputError: at the event: which hand the deal gives the card to.
    """
    deal = setting.get("deal")
    if deal is None or any(e.kind == "happened" and e.happened in _HANDS_NOT_AS_DEALT for e in events):
        return
    from bridge_director.bridge.pbn import Card
    for i, e in enumerate(events):
        if e.kind != "happened" or e.happened not in ("card-exposed", "card-seen") or not e.get("exposed"):
            continue
        whose = e.get("of") if e.happened == "card-seen" else e.seat
        if whose is None:
            continue
        hand = set(deal.hand(whose).cards())
        for text in e.get("exposed"):
            card = Card.parse(text)
            if card not in hand:
                holder = next(s for s, h in deal.hands.items() if card in set(h.cards()))
                seat = getattr(whose, "value", whose)
                raise InputError(file, e.line, e.column, f"events.{i + 1}.exposed",
                                 f"the deal gives {text} to {_SEAT_NAMES[holder.value]}, not to "
                                 f"{_SEAT_NAMES[seat]}: expected a card of {_SEAT_NAMES[seat]}'s hand (or the "
                                 f"deal as it was)")


_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _register_in_folder(file: str, data: dict, named: str) -> None:
    """A case file names a register only in its own folder or below it: what a case says never
    makes the tool open (or SQLite make files beside) a path elsewhere (``../x.sqlite``,
    ``/etc/...``, a symlink out of the folder).

    Raises:
        InputError: the register, links followed, is not under the case file's folder.
    """
    folder = Path(file).parent if file not in ("-", "<stdin>") else Path(".")
    path = Path(named)
    if not path.is_absolute():
        path = folder / path
    try:
        inside = path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError, ValueError):     # a symlink loop, a NUL byte: not a register
        inside = False
    if not inside:
        raise InputError(file, *position(data, "deal_register"), "deal_register",
                         f"expected a register in the case file's folder or below it, found {named!r}, which is "
                         "outside it (a case never names a file elsewhere): put the register beside the case")


def _registered_elsewhere(file: str, setting: dict) -> tuple:
    """Where the deal register says this deal was played under another session, oldest first:
    ``((session, board), ...)``. The intake reads the register (a path relative to the case
    file's folder); the derivation of facts only reads this tuple.

    Raises:
        bridge_director.bridge.deals.RegisterError: the register file exists but cannot be read.
    """
    from bridge_director.bridge.deals import played_in_other_sessions   # sqlite: only for a case that names a register
    path = Path(setting["deal_register"])
    if not path.is_absolute():
        path = Path(file).parent / path
    return tuple((p.session, p.board) for p in played_in_other_sessions(setting["deal"], setting["session"], path))


def _describe_event(e: Event) -> str:
    if e.kind == "call":
        return f"a call {e.call} by {e.seat.value}"
    if e.kind == "replaces":
        return f"a replacement by {e.seat.value}"
    if e.kind == "accepts":
        return f"a decision by {e.seat.value}"
    if e.kind == "happened":
        return f"{e.happened}" + "".join(f" {k}={v}" for k, v in e.details)
    return "the director ruling" if e.kind == "ruled" else "the director being called"


def _judgements(file: str, data: dict, events: list[Event]) -> list[Judgement]:
    raw = data.get("judgement") or {}
    out = []
    named: dict[tuple[int, str], tuple[int, str]] = {}    # (event, property) -> (line, key) that stated it
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
        if prop in SIDE_JUDGEMENTS:
            value = _sides(file, line, col, key, value)
        elif prop in LIST_JUDGEMENTS:
            value = _denominations(file, line, col, key, value)
        elif not isinstance(value, bool):
            raise InputError(file, line, col, f"judgement.{key}", f"expected true or false, found {_found(value)}")
        if m["ev"]:
            n = int(m["ev"])
            if not 1 <= n <= len(events):
                raise InputError(file, line, col, f"judgement.{key}",
                                 f"expected an event number from 1 to {len(events)}, found {n}")
        else:
            seat = Seat.parse(m["seat"])
            try:
                call = parsed_call(m["call"])
            except CallSyntaxError as e:
                raise InputError(file, line, col, f"judgement.{key}", str(e)) from None
            made = [e for e in events if e.kind in ("call", "replaces") and e.seat == seat and e.call == call]
            if not made:
                raise InputError(file, line, col, f"judgement.{key}",
                                 f"{seat.value} never made the call {call} in this case")
            if len(made) > 1:
                raise InputError(file, line, col, f"judgement.{key}",
                                 f"{seat.value} made {call} more than once (events "
                                 f"{', '.join(str(e.number) for e in made)}): expected 'event N {prop}' to say which")
            n = made[0].number
        _check_judged_event(file, line, col, key, prop, n, events)
        if (n, prop) in named:    # "E 1H unintended" and "event 2 unintended", or "e 1h unintended"
            first_line, first_key = named[(n, prop)]
            raise InputError(file, line, col, f"judgement.{key}",
                             f"the same finding (event {n} {prop}) as '{first_key}'"
                             + ("" if file == "one-line" else f" on line {first_line}")
                             + ": expected each finding stated once")
        named[(n, prop)] = (line, str(key).strip())
        out.append(Judgement(n, prop, value, line, col))
    _check_intent_on_replacements(file, out, events)
    return out


def intent_event(events: "list[Event]", n: int) -> int:
    """The call event whose intent (``unintended``) the case format asks for a judgement
    naming call event ``n`` (as the loader reads the events: a correction written as a plain
    call is a replacement): ``n`` itself, or, for a call put in place of another, the call it
    replaced (tester9 #7: taken on the replacement, the question contradicted the branches
    asking about the replaced call). A replacement that is itself changed later (replaced in
    turn, or followed at once by the same player's call) is the call put right: ``n``."""
    e = events[n - 1]
    if e.kind != "replaces":
        return n
    orig = next((x for x in reversed(events[:n - 1])
                 if x.kind in ("call", "replaces") and x.seat == e.seat and x.call == e.replaces), None)
    if orig is None:
        return n
    later = events[n:]
    nxt = next((x for x in later if x.kind in ("call", "replaces")), None)
    if any(x.kind == "replaces" and x.seat == e.seat and x.replaces == e.call for x in later) \
            or (nxt is not None and nxt.seat == e.seat):
        return n
    return orig.number


def _event_kind_word(e: Event) -> str:
    """``call`` for a call or a replacement, the ``happened`` code, else the event's kind."""
    if e.kind in ("call", "replaces"):
        return "call"
    return e.happened if e.kind == "happened" else e.kind


def _check_judged_event(file: str, line: int, col: int, key: Any, prop: str, n: int, events: "list[Event]") -> None:
    """A property judged on one kind of event (``judgements.ON``) typed on another is refused,
    naming the events of the right kind (tester11: a judgement on the wrong event was
    sometimes refused, sometimes listed as not used; now always refused when the kind is
    wrong. A property on the right kind of event that no rule reads is still listed as not
    used: the ruling did not need it).

    Raises:
        InputError: event ``n`` is not of a kind the property is judged on.
    """
    kinds = JUDGED_ON.get(prop)
    e = events[n - 1]
    if not kinds or _event_kind_word(e) in kinds:
        return
    fits = [x.number for x in events if _event_kind_word(x) in kinds]
    what = " or ".join("a call" if k == "call" else f"a {k} event" for k in kinds)
    expected = (f"expected event {' or '.join(map(str, fits))}" if fits and len(fits) <= 6
                else f"expected the number of {what}" + ("" if fits else f" (the case has none)"))
    raise InputError(file, line, col, f"judgement.{key}",
                     f"'{prop}' is judged on {what}, but event {n} is {_describe_event(e)}: {expected}")


def _check_partners_call(file: str, raw: dict, dump: dict, n: int, line: int, col: int, out: "list[Event]") -> None:
    """An explanation, an alert or a failure to alert is about a call of the player's partner
    (tester11 row 20: ``explanation S 1H`` with 1H an opponent's call was read as South's
    explanation of North's last call). The call it names, when it names one, must be one
    partner made before it; with none named, partner must have called.

    Raises:
        InputError: partner made no such call (or no call at all) before this event.
    """
    by = Seat(dump["by"])
    partner = by.partner
    made = [e for e in out if e.kind in ("call", "replaces") and e.seat == partner]
    named = dump.get("call")
    if named is not None and any(str(e.call) == named for e in made):
        return
    if named is None and made:
        return
    what = f"{dump['happened']} by {by.full_name}"
    if named is None:
        raise InputError(file, line, col, f"events.{n}",
                         f"a {what} is about a call of {by.full_name}'s partner, {partner.full_name}, "
                         f"who had made no call before event {n}")
    others = [e for e in out if e.kind in ("call", "replaces") and str(e.call) == named]
    whose = (f": {named} was {others[-1].seat.full_name}'s call" if others else "")
    expected = (f"expected one of {partner.full_name}'s calls ({', '.join(dict.fromkeys(str(e.call) for e in made))})"
                if made else f"{partner.full_name} had made no call")
    raise InputError(file, *position(raw, "call"), f"events.{n}.call",
                     f"a player explains or alerts only partner's calls: {named} is not a call "
                     f"{partner.full_name} made before event {n}{whose}; {expected}")


def _check_intent_on_replacements(file: str, judgements: list[Judgement], events: list[Event]) -> None:
    """Refuse an ``unintended`` judgement on a call put in place of another (a ``replaces``
    event) while the call it replaced is not judged (see :func:`intent_event`)."""
    judged = {j.event for j in judgements if j.prop == "unintended"}
    for j in judgements:
        if j.prop != "unintended":
            continue
        asked = intent_event(events, j.event)
        if asked == j.event or asked in judged:
            continue
        e = events[j.event - 1]
        seat = e.seat.full_name
        raise InputError(file, j.line, j.column, "judgement",
                         f"event {j.event} is {seat}'s {e.call}, put in place of {e.replaces} (event {asked}): "
                         f"whether a call was meant is asked of the call replaced: expected "
                         f"'event {asked} unintended' ({seat}'s {e.replaces})")


def _denominations(file: str, line: int, col: int, key: str, value: Any) -> list[str]:
    """A ``specifies`` judgement's value: a list of denominations, as codes ([] for an
    artificial bid that specifies no denomination)."""
    items = value if isinstance(value, list) else None
    try:
        codes = [Denomination.parse(v).code for v in items] if items is not None else None
    except (ValueError, AttributeError, TypeError):
        codes = None
    if codes is None or len(set(codes)) != len(codes):
        raise InputError(file, line, col, f"judgement.{key}",
                         f"expected a list of denominations such as [H] or [H, S] ([] for none), found {_found(value)}")
    return codes


def _sides(file: str, line: int, col: int, key: str, value: Any) -> list[str]:
    """A side judgement's value (``at-fault``): a list of sides NS/EW, each once; [] allowed."""
    ok = isinstance(value, list) and all(isinstance(v, str) and v.upper() in ("NS", "EW") for v in value)
    sides = [v.upper() for v in value] if ok else []
    if not ok or len(set(sides)) != len(sides):
        raise InputError(file, line, col, f"judgement.{key}",
                         f"expected a list of sides such as [EW], [NS, EW] or [], found {_found(value)}")
    return sides


def load_case(path: str | Path) -> Case:
    """Read and validate a case file.

    Raises:
        InputError: unreadable file, broken YAML, or an invalid case (file:line:col, field,
        what was expected and what was found).
    """
    return from_data(load(path, max_bytes=MAX_BYTES, max_nodes=MAX_VALUES), str(path))

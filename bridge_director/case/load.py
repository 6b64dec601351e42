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
(engine/case_schema.py, imported only when the plain check cannot vouch for a mapping, and for
the published JSON Schema). pydantic decides whatever the plain check leaves open (a board
written "3"), and words every error: one :class:`~engine.yamlpos.InputError` naming file, line,
column, the field, what was expected and what was found.
"""
from __future__ import annotations

import re
import reprlib
from collections.abc import Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Literal, NamedTuple, Optional, Union, get_args, get_origin

from .judgements import PROPERTIES
from .record import field, record
from .rulebook import law_number
from .table import Board, Call, CallSyntaxError, Denomination, Seat, is_sufficient
from .yamlpos import InputError, PosDict, PosList, load, position

EDITIONS = ("duplicate-2017",)
#: each judgement property and what its value means (the one table: engine.judgements)
JUDGEMENT_PROPS = {name: p.means for name, p in PROPERTIES.items()}
#: judgement properties whose value is a list of denominations, not true/false
LIST_JUDGEMENTS = ("specifies",)
#: list judgements whose items are sides (NS, EW), not denominations
SIDE_JUDGEMENTS = ("at-fault", "partly-at-fault")
JUDGEMENT_KEY_RE = re.compile(
    r"^(?:(?P<seat>[NESWnesw])\s+(?P<call>\S+)|event\s+(?P<ev>\d+))\s+(?P<prop>[a-z-]+)$")


# ---------------------------------------------------------------- the shape of a case file

REQUIRED: Any = type("Required", (), {"__repr__": lambda self: "REQUIRED"})()


class Spec(NamedTuple):
    """One field of a mapping in a case file.

    ``key``: as written in the file; ``annotation``: its type (str, int, bool, Literal[...],
    list[...], dict[...], Optional[...]; or "EVENTS"/"EXPECT" for the lists of those mappings);
    ``default``: REQUIRED or the value when absent (``factory`` makes a fresh one);
    ``before``: checks (raising ValueError with our wording) or converts the value before the
    type is checked; ``ge``/``min_length``: bounds; ``attr``: the attribute's name where the
    key is a Python keyword (``with`` -> ``with_``).
    """

    key: str
    annotation: Any
    default: Any = REQUIRED
    description: Optional[str] = None
    before: Optional[Callable[[Any], Any]] = None
    ge: Optional[int] = None
    min_length: Optional[int] = None
    attr: Optional[str] = None
    factory: Optional[Callable[[], Any]] = None

    @property
    def name(self) -> str:
        return self.attr or self.key


class Shape:
    """A mapping of a case file: its name (the JSON Schema's title), what it records, its
    fields (Spec), and the keys it allows."""

    __slots__ = ("name", "doc", "fields", "keys")

    def __init__(self, name: str, doc: str, fields: tuple[Spec, ...]):
        self.name, self.doc, self.fields = name, doc, fields
        self.keys = frozenset(f.key for f in fields)


def _seat(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError(f"expected a seat N, E, S or W, found {_found(v)}")
    try:
        return Seat.parse(v).value
    except ValueError:
        raise ValueError(f"expected a seat N, E, S or W, found {_found(v)}") from None


def _call(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError(f"expected a call such as 1H, 3NT, Pass, X or XX, found {_found(v)}")
    try:
        return str(Call.parse(v))
    except CallSyntaxError as e:
        raise ValueError(str(e)) from None


def _or_none(check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``check`` for a field that may also be null."""
    return lambda v: v if v is None else check(v)


CALL_EVENT = Shape("CallEventModel", """A player makes a call: ``{seat: W, call: 1H}``.

``simultaneous_with: E`` says the call was made at the same moment as the call of E (or
E's replacement of a call, a slip put right), which the case writes just before it (Law 33
counts it as the later of the two).""", (
    Spec("seat", str, description="N, E, S or W", before=_seat),
    Spec("call", str, description="1C..7NT (NT or N), Pass, X, XX", before=_call),
    Spec("simultaneous_with", Optional[str], None,
         "seat whose call (the event just before) this call was made at the same moment as", _or_none(_seat)),
    Spec("note", Optional[str], None),
))

DIRECTOR_EVENT = Shape("DirectorEventModel", """The director is called, ``{director: called}``, or has ruled, ``{director: ruled}``.

``ruled`` marks the moment the director has assessed the rectification (explained the
options and ruled); a call before it is a call "before rectification" (27C, 28B, 36A,
37A, 38D, 39B), even when the director had already been called.""", (
    Spec("director", Literal["called", "ruled"],
         description="called: the director is summoned; ruled: the director has ruled on rectification"),
    Spec("by", Optional[str], None, "seat that called the director", _or_none(_seat)),
    Spec("note", Optional[str], None),
))

DECISION_EVENT = Shape("DecisionEventModel", """A player says whether they accept an irregular call: ``{seat: N, accepts: false}``.

``call`` names the call decided on (default: the last call made before this event);
``event: N`` names it by its event number, which a call made more than once needs.""", (
    Spec("seat", str, before=_seat),
    Spec("accepts", bool),
    Spec("call", Optional[str], None, before=_or_none(_call)),
    Spec("event", Optional[int], None, "the event number of the call decided on (needed when that call was "
         "made more than once)", lambda v: _not_bool(v, "an event number"), ge=1),
    Spec("note", Optional[str], None),
))

REPLACEMENT_EVENT = Shape("ReplacementEventModel",
                          "A player puts another call in place of one of their own: "
                          "``{seat: W, replaces: 1H, with: 2H}``.", (
    Spec("seat", str, before=_seat),
    Spec("replaces", str, before=_call),
    Spec("with", str, before=_call, attr="with_"),
    Spec("note", Optional[str], None),
))


# ---------------------------------------------------------------- what happened around the auction
# ``{happened: CODE, ...fields}``: something other than a call that happened at the table (a
# card dealt face up, a hand counted, a board moved, play ended...). The code comes from the
# fixed list HAPPENED; each code names the typed fields it requires and those it allows. The
# codes describe facts only: what follows from them is for the rules.

HAPPENED_FIELDS: dict[str, tuple[Any, str]] = {
    "seat": (str, "N, E, S or W: the seat concerned"),
    "by": (str, "N, E, S or W: the player who did it"),
    "of": (str, "N, E, S or W: the player whose hand or cards are concerned"),
    "pocket": (str, "N, E, S or W: the pocket of the board concerned"),
    "side": (Literal["NS", "EW"], "NS or EW"),
    "board": (int, "a board number"),
    "cards": (int, "how many cards the hand held"),
    "card": (str, "a card such as SA or D7"),
    "call": (str, "a call such as 1H, Pass, X"),
    "session": (str, "the name of a session"),
    "what": (str, "what the director instructed"),
    "where": (Literal["played-cards", "elsewhere"], "where the missing card was found"),
    "played_by": (list[str], "seats (N, E, S, W) that had already played the board; [] if none"),
    "played": (bool, "true if the card was played to a quitted trick"),
    "moment": (Literal["own-turn-to-call", "not-own-turn", "first-turn-to-play", "later-in-play"],
               "when the player asked: at their own turn to call, at another's, at their first turn to play, or later in the play"),
    "asks": (Literal["review", "contract"], "what the player asked for: a review of the auction, or what the contract is"),
    "dummy": (bool, "true if the player concerned (who asked, or who drew attention) is dummy"),
    "exposed": (list[str], "the cards exposed, e.g. [D10] or [SA, H2]"),
    "led": (bool, "true if the card was put face up as a lead (a premature lead)"),
    "words": (str, "what was said, in brief"),
    "offender": (str, "N, E, S or W: the player who committed the irregularity concerned"),
    "how": (Literal["enforced", "waived"], "what the players did about the rectification without the director: "
                                         "enforced it themselves, or waived it"),
}
DIRECTOR_INSTRUCTIONS = ("deal-at-tables", "predeal-by-director", "predeal-by-agents",
                         "other-dealing-method", "movement", "board-mover")
HAPPENED: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    # code: (required fields, optional fields, what it records)
    "cut-requested": (("by",), (), "an opponent of the shuffler asks for the pack to be cut"),
    "dealt-without-shuffle": ((), (), "the cards were dealt from a pack that was not shuffled"),
    "card-faced-in-deal": (("seat",), ("by",), "during the deal a card of SEAT's hand was turned face up"),
    "dealt-incorrectly": ((), ("seat",), "the cards were not dealt one at a time face down into four hands"),
    "deal-without-both-sides": (("side",), (), "the shuffle and deal took place with no member of SIDE present"),
    "redeal-ordered": ((), (), "the director orders a new shuffle and deal"),
    "director-instructs": (("what",), ("seat",), "the director gives an instruction: " + ", ".join(DIRECTOR_INSTRUCTIONS)),
    "board-duplicated": ((), (), "this board is a copy made from an original deal"),
    "deal-played-in-other-session": (("session",), (), "this deal was already played in another session"),
    "board-off-centre": ((), (), "during the board's play the board left the centre of the table or was turned"),
    "hand-from-wrong-pocket": (("seat", "pocket"), (), "SEAT took the hand out of POCKET's pocket"),
    "hand-count": (("seat", "cards"), (), "SEAT's hand is found to hold CARDS cards"),
    "surplus-card": (("seat",), ("card", "played"), "SEAT's hand held a card that is not part of this deal"),
    "touched-other-hand": (("by", "of"), (), "BY touched OF's cards without permission"),
    "hand-returned-unshuffled": (("seat",), (), "after play SEAT put their cards back without shuffling them"),
    "hand-returned-to-wrong-pocket": (("seat", "pocket"), (), "after play SEAT put their cards into POCKET's pocket"),
    "hand-removed-unsupervised": (("by",), (), "after the hands were put back, BY took a hand out with no opponent and no director present"),
    "hands-taken-out": (("side",), (), "a player of SIDE takes their cards out of the board"),
    "board-moved-by": (("seat",), (), "SEAT moved the finished boards to the next table"),
    "moved-contrary-to-instructions": (("side",), (), "SIDE moved to a table other than the one the director named"),
    "round-called": ((), (), "the director signals the start of the next round"),
    "board-postponed": ((), (), "the director postpones this board"),
    "scores-entered": ((), (), "all boards at this table are played and every score entered without objection"),
    "opening-lead-faced": ((), (), "the opening lead is faced"),
    "play-ended": ((), (), "play of the board has ended"),
    "hands-returned": ((), (), "all four hands are back in the board"),
    "card-seen": (("by", "of"), (), "BY saw one or more cards of OF's hand"),
    "overheard": (("by",), ("board",), "BY overheard calls, results or remarks about a board they are to play"),
    "wrong-board": (("seat", "board"), (), "SEAT is found to hold the cards of board BOARD, not of this board"),
    "call-on-source-board": (("seat", "call"), (), "later, on the board their wrong cards came from, SEAT makes CALL"),
    "wrong-board-at-table": (("board", "played_by"), (), "the table is playing board BOARD, not the board it was given"),
    "correct-board-not-played": ((), (), "the board the table should have played cannot be played by it"),
    "missing-card-found": (("where",), ("card",), "the missing card is found (among the played cards or elsewhere)"),
    "missing-card-not-found": ((), (), "the missing card cannot be found"),
    # the play and the session, for the laws this rulebook does not hold (a not-covered line)
    "opening-lead-out-of-turn": (("by",), (), "BY faces the opening lead although it was not their turn to lead"),
    "lead-out-of-turn": (("by",), (), "during the play BY leads to a trick out of turn"),
    "revoke": (("by",), (), "BY failed to follow suit when able to (a revoke)"),
    "claim": (("by",), (), "BY claims or concedes tricks"),
    "slow-play": (("side",), (), "SIDE plays unduly slowly"),
    "late-arrival": (("side",), (), "SIDE arrives after the starting time"),
    # rubber bridge (the dealer deals at the table, in turn)
    "deal-completed": ((), (), "the last card of the deal has been dealt"),
    "wrong-dealer": (("by",), ("seat",), "BY deals (or dealt) when it was SEAT's turn to deal; written before "
                                         "deal-completed if found during the deal, after it if found later"),
    "played-twice-to-trick": (("seat",), (), "SEAT played more than one card to a trick"),
    "failed-to-play-to-trick": (("seat",), (), "SEAT played no card to a trick"),
    # the auction: what players showed, said and explained beside their calls
    "card-exposed": (("seat", "exposed"), ("led",), "during the auction SEAT, by their own error, put the EXPOSED cards where their faces could be seen (or led one)"),
    "hesitation": (("seat",), (), "SEAT hesitated unmistakably (or called with unwonted speed) at their turn"),
    "remark": (("seat",), ("words",), "SEAT made a remark, asked a question or showed a gesture that partner could read"),
    "unexpected-alert": (("by",), ("call",), "BY alerted partner's CALL, which the partnership does not play as alertable"),
    "explanation": (("by",), ("call",), "BY explained partner's CALL to an opponent"),
    "failure-to-alert": (("by",), ("call",), "BY did not alert partner's CALL, which regulations require to be alerted"),
    "explanation-corrected": (("by",), (), "BY tells the opponents (or the director) that an explanation their side gave was wrong"),
    "rights-reserved": (("by",), (), "BY announces that they reserve the right to call the director later"),
    "review-requested": (("by",), ("moment", "asks", "dummy"), "BY asks for all previous calls to be restated (with "
                         "asks: contract, what the contract is); MOMENT says when (the rubber-bridge rules turn on it)"),
    "review-misstated": (("by",), (), "BY restated the auction wrongly"),
    "misstated-double": (("seat", "call"), (), "SEAT, in doubling or redoubling, named CALL instead of the bid made"),
    # the procedure after an irregularity (Laws 9-11)
    "attention-drawn": (("by",), ("offender", "dummy"), "BY draws attention to an irregularity (OFFENDER's, when "
                        "given); dummy: true if BY is dummy at the time"),
    "rectification-by-players": (("by", "offender", "how"), (), "without the director's instructions, BY enforced "
                                 "(or waived) a rectification of OFFENDER's irregularity"),
    "ruling-found-wrong": ((), (), "the director finds (or is shown) that their own ruling at the table applied a "
                           "wrong rectification"),
    "question": (("by",), ("call",), "BY asked an opponent about the auction (about CALL, when given)"),
}


def _happened_field_validator(name: str) -> Callable[[Any], Any]:
    """The check of field ``name`` of a ``happened`` event (null passes: the type decides)."""
    def check(v):
        if v is None:
            return v
        if name in ("seat", "by", "of", "pocket", "offender"):
            return _seat(v)
        if name == "card":
            from .pbn import Card
            try:
                return str(Card.parse(v))
            except ValueError as e:
                raise ValueError(str(e)) from None
        if name == "call":
            return _call(v)
        if name == "exposed":
            from .pbn import Card
            if not isinstance(v, list) or not v:
                raise ValueError(f"expected a list of cards such as [D10] or [SA, H2], found {_found(v)}")
            try:
                cards = [str(Card.parse(x)) for x in v]
            except ValueError as e:
                raise ValueError(str(e)) from None
            if len(set(cards)) != len(cards):
                raise ValueError(f"expected each card once, found {_found(v)}")
            return cards
        if name == "played_by":
            if not isinstance(v, list):
                raise ValueError(f"expected a list of seats such as [N, S] (or []), found {_found(v)}")
            return [_seat(x) for x in v]
        if name == "what" and v not in DIRECTOR_INSTRUCTIONS:
            raise ValueError(f"expected one of {', '.join(DIRECTOR_INSTRUCTIONS)}, found {_found(v)}")
        if name in ("board", "cards"):
            noun, least = FIELD_NOUNS[name], (1 if name == "board" else 0)
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"expected {noun} (a whole number), found {_found(v)}")
            if v < least:
                raise ValueError(f"expected {noun} {least} or more, found {v}")
            if name == "cards" and v > 52:
                raise ValueError(f"expected {noun} 52 or fewer (a pack has 52 cards), found {v}")
        return v
    return check


def _happened_shape(code: str) -> Shape:
    required, optional, doc = HAPPENED[code]
    fields = [Spec("happened", Literal[code], description=doc), Spec("note", Optional[str], None)]
    for name in required:
        typ, desc = HAPPENED_FIELDS[name]
        fields.append(Spec(name, typ, description=desc, before=_happened_field_validator(name)))
    for name in optional:
        typ, desc = HAPPENED_FIELDS[name]
        fields.append(Spec(name, Optional[typ], None, desc, _happened_field_validator(name)))
    return Shape("Happened_" + "".join(p.capitalize() for p in code.split("-")),
                 f"``{{happened: {code}}}``: {doc}.", tuple(fields))


class _Shapes(Mapping):
    """The shapes of ``happened`` events, by code, each built when first asked for: a case
    holds a few of the codes, and building all of them (their ``Literal`` and ``Optional``
    types) cost a cold ``director rule`` more than the whole check of its case."""

    def __init__(self, codes):
        self._codes, self._built = codes, {}

    def __getitem__(self, code: str) -> Shape:
        shape = self._built.get(code)
        if shape is None:
            if code not in self._codes:
                raise KeyError(code)
            shape = self._built[code] = _happened_shape(code)
        return shape

    def __contains__(self, code) -> bool:
        return code in self._codes

    def __iter__(self):
        return iter(self._codes)

    def __len__(self) -> int:
        return len(self._codes)


HAPPENED_SHAPES: "Mapping[str, Shape]" = _Shapes(HAPPENED)


EVENT_SHAPES: dict[str, Shape] = {
    "call": CALL_EVENT,
    "director": DIRECTOR_EVENT,
    "accepts": DECISION_EVENT,
    "replaces": REPLACEMENT_EVENT,
}


EXPECT = Shape("ExpectModel", "One expected outcome: its citation and outcome code.", (
    Spec("cite", str, before=law_number),    # a whole law written as a bare number (`cite: 12`) reads as an int
    Spec("outcome", str),
    Spec("for", Optional[str], None, "N, E, S or W: the player the item concerns (quizzes grade it; director "
         "check compares cite and outcome only)", _or_none(_seat), attr="for_"),
    Spec("note", Optional[str], None),
))


def _not_bool(v: Any, expected: str) -> Any:
    """pydantic reads true/false as 1/0 for a number field; a case file means no such thing."""
    if isinstance(v, bool):
        raise ValueError(f"expected {expected}, found {_found(v)}")
    return v


CASE = Shape("CaseModel", "A case file.", (
    Spec("case", Optional[str], None, "a short identifier, e.g. ib-01-insufficient-1h-over-1nt "
                                      "(default: the file name without its extension)"),
    Spec("title", Optional[str], None, "one line saying what happened (default: none)"),
    Spec("source", Optional[str], None, "URL of the published scenario, or 'teaching'; "
                                        "a case typed at the table has none"),
    Spec("edition", str, "duplicate-2017", "the code of law to rule by: one of the editions in "
                                           "rules/editions.yaml (director editions lists them)"),
    Spec("lang", Literal["en", "pt"], "en", "the language of the ruling: en (English) or pt (Portuguese)"),
    Spec("board", Optional[int], None, "board number: gives dealer and vulnerability",
         lambda v: _not_bool(v, "a board number (a whole number)"), ge=1),
    Spec("dealer", Optional[str], None, "N, E, S or W when no board number is given", _or_none(_seat)),
    Spec("vulnerability", Optional[Literal["None", "NS", "EW", "Both"]], None),
    Spec("notes", Optional[str], None),
    Spec("events", "EVENTS", min_length=1),
    Spec("judgement", dict[str, Union[bool, list[str]]], description="'SEAT CALL property: value' or 'event N "
         "property: value'; properties: " + "; ".join(f"{k} ({v})" for k, v in JUDGEMENT_PROPS.items()),
         factory=dict),
    Spec("expect", "EXPECT", None),
    Spec("deal", Optional[str], None, "the deal as it should be, a PBN deal string 'N:AKQ2.KJ4.T93.A82 ...'"),
    Spec("pockets", Optional[str], None, "what each pocket actually held, a PBN deal string (hands may have "
                                         "other than 13 cards)"),
    Spec("session", Optional[str], None, "name of this session (with 'deal_register': look the deal up in the "
                                         "register)"),
    Spec("deal_register", Optional[str], None, "path of the deal register (SQLite, see engine/deals.py)"),
    Spec("played_at_other_tables", Optional[bool], None, "this board was already bid or played at another "
                                                         "table this session"),
    Spec("scoring", Optional[Literal['pairs', 'teams', 'individual']], None, "form of scoring"),
    Spec("replay_event", Optional[bool], None, "the event exists to replay deals played before"),
    Spec("stationary", Optional[Literal['NS', 'EW']], None, "the side that stays at this table all session"),
))


# ---------------------------------------------------------------- the plain check

class _Unsure(Exception):
    """The plain check does not vouch for a value: pydantic decides (and words any error)."""


def _fits(v: Any, tp: Any) -> Any:
    """``v`` as validated against the type ``tp`` when it is exactly of that type (no
    conversion: ``"3"`` is no int here), lists and mappings copied; else raises _Unsure."""
    if tp is str:
        if type(v) is str and (v.isascii() or _is_utf8(v)):
            return v
    elif tp is bool:
        if type(v) is bool:
            return v
    elif tp is int:
        if type(v) is int and -2 ** 63 < v < 2 ** 63:
            return v
    else:
        origin, args = get_origin(tp), get_args(tp)
        if origin is Literal:
            if type(v) is str and v in args:
                return v
        elif origin is Union:
            if v is None:
                if type(None) in args:
                    return None
            else:
                for a in args:
                    if a is not type(None):
                        try:
                            return _fits(v, a)
                        except _Unsure:
                            pass
        elif origin is list:
            if isinstance(v, list):
                return [_fits(x, args[0]) for x in v]
        elif origin is dict:
            if isinstance(v, dict):
                return {_fits(k, args[0]): _fits(x, args[1]) for k, x in v.items()}
    raise _Unsure


def _is_utf8(v: str) -> bool:
    try:
        v.encode("utf-8")
        return True
    except UnicodeEncodeError:     # a lone surrogate: pydantic refuses it
        return False


def _plain(shape: Shape, raw: Any, nested: "dict[str, Callable[[Any], Any]] | None" = None) -> dict:
    """The fields of the mapping ``raw`` validated against ``shape`` (attribute -> value, in the
    shape's order), when the plain check vouches for every one; else raises _Unsure.
    ``nested`` checks the fields whose annotation is a marker ("EVENTS", "EXPECT")."""
    if not isinstance(raw, dict) or not shape.keys.issuperset(raw):
        raise _Unsure
    out = {}
    for f in shape.fields:
        if f.key not in raw:
            if f.factory is not None:
                out[f.name] = f.factory()
            elif f.default is REQUIRED:
                raise _Unsure
            else:
                out[f.name] = f.default
            continue
        v = raw[f.key]
        if f.before is not None:
            try:
                v = f.before(v)
            except ValueError:
                raise _Unsure from None
        v = nested[f.annotation](v) if isinstance(f.annotation, str) else _fits(v, f.annotation)
        if f.ge is not None and v is not None and v < f.ge:
            raise _Unsure
        out[f.name] = v
    return out


def _schema():
    """engine.case_schema: the pydantic models (imported when first needed)."""
    from . import case_schema
    return case_schema


def json_schema() -> dict:
    """The JSON Schema of case files (what ``schemas/case.schema.json`` holds)."""
    schema = _schema().model(CASE).model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://bridge-director.invalid/schemas/case.schema.json"
    return schema


# ---------------------------------------------------------------- the validated case

@record(frozen=True)
class Event:
    """One event of a case, numbered from 1 in file order.

    Attributes:
        number: 1-based event number; ``line``/``column``: where it is in the file.
        kind: 'call' | 'director' (called) | 'ruled' (the director has ruled) | 'accepts' |
            'replaces' | 'happened'.
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
    simultaneous_with: Optional[Seat] = None
    happened: Optional[str] = None       # kind 'happened': the code (HAPPENED)
    details: tuple = ()                  # kind 'happened': ((field, value), ...) as validated
    target: Optional[int] = None         # kind 'accepts': the event number decided on, when the case names it

    def get(self, name: str, default: Any = None) -> Any:
        """A field of a 'happened' event (e.g. ``cards``, ``by``, ``board``), or ``default``."""
        return dict(self.details).get(name, default)


@record(frozen=True)
class Judgement:
    """A director's judgement: ``prop`` of the call made at event ``event`` is ``value``."""

    event: int
    prop: str
    value: Any
    line: int
    column: int


@record(frozen=True)
class Expectation:
    """An expected outcome (cite, outcome code) and where it is written.

    ``line``: the line of the item; ``cite_at``/``outcome_at``: (line, column) of the two
    values, for error messages (``(line, 0)`` when not known). The codes and citations are
    checked against the rulebook by ``director check`` (engine.api.validate_expect), not here:
    ``director rule`` ignores ``expect:`` beyond its shape.
    """

    cite: str
    outcome: str
    line: int
    number: int = 0                       # 1-based position in the expect: list (0 if unknown)
    cite_at: Optional[tuple[int, int]] = None
    outcome_at: Optional[tuple[int, int]] = None
    who: Optional[str] = None             # `for:`, the seat the item concerns (quizzes grade it)


@record
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
    source: Optional[str]
    edition: str
    board: Optional[Board]
    dealer: Seat
    vulnerability: Optional[str]
    events: list[Event]
    judgements: list[Judgement] = field(default_factory=list)
    expect: Optional[list[Expectation]] = None
    notes: Optional[str] = None
    lang: str = "en"
    setting: dict = field(default_factory=dict)   # deal/pockets (pbn.Deal), session, deal_register,
    # played_at_other_tables, scoring, replay_event, stationary: as given (None when absent)


# What a field holds, in words, for messages about it (by field name; otherwise by the type).
FIELD_NOUNS = {
    "board": "a board number",
    "cards": "a number of cards",
}


class _ShortRepr(reprlib.Repr):
    """repr() cut short: an error line quotes what was found, never a whole document (nested
    YAML aliases can make a few lines stand for millions of values)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxdict, self.maxlist, self.maxstring, self.maxother = 2, 4, 4, 80, 80

    def repr_PosDict(self, x, level):  # noqa: N802 (reprlib dispatches on the type's name)
        return self.repr_dict(x, level)

    def repr_PosList(self, x, level):  # noqa: N802
        return self.repr_list(x, level)


_SHORT = _ShortRepr()


#: The most events a case may hold: room for the longest legal auction (319 calls) with its
#: irregularities, replacements and director calls; beyond it a file is not a table's story
#: (and the replay's cost grows with the square of the auction's length).
MAX_EVENTS = 500
#: a case file larger than this is refused before it is read (a case of 500 events with a
#: deal and judgements is about 40 kB)
MAX_BYTES = 1_000_000
#: YAML values (scalars, mappings, lists) a case file may hold: refused before the document is
#: built, so parsing time is bounded (500 events take about 5,000)
MAX_VALUES = 20_000


def _found(v: Any) -> str:
    """A value as the user wrote it in YAML, for 'found ...' (long values cut short)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "nothing (null)"
    text = _SHORT.repr(v)
    return text if len(text) <= 120 else text[:117] + "..."


def _event_kind(ev: dict) -> Optional[str]:
    if "happened" in ev:
        return "happened"
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
    valid: list[tuple[str, dict]] = []     # each event's kind and fields, as validated
    if isinstance(events, list):
        if not events:
            raise InputError(file, *position(data, "events"), "events", "a case needs at least one event, found none")
        if len(events) > MAX_EVENTS:
            raise InputError(file, *position(events, MAX_EVENTS), f"events.{MAX_EVENTS + 1}",
                             f"a case holds at most {MAX_EVENTS} events (the longest legal auction has "
                             f"319 calls), found {len(events)}")
        for i, ev in enumerate(events):
            line, col = position(events, i)
            if not isinstance(ev, dict):
                raise InputError(file, line, col, f"events.{i + 1}",
                                 f"expected an event mapping such as {{seat: W, call: 1H}}, found {_found(ev)}")
            kind = _event_kind(ev)
            if kind is None:
                raise InputError(file, line, col, f"events.{i + 1}",
                                 "expected one of: {seat, call}, {director: called}, {seat, accepts}, "
                                 f"{{seat, replaces, with}}, {{happened: CODE, ...}}; found keys {', '.join(map(str, ev)) or 'none'}")
            shape = _event_shape(file, ev, kind, i)
            try:
                valid.append((kind, _plain(shape, ev)))
            except _Unsure:      # pydantic decides: it passes the event, or words the error
                valid.append((kind, _schema().validate(shape, ev, file, f"events.{i + 1}.")))
    judgement = data.get("judgement")
    if isinstance(judgement, dict):   # before the model, whose union error would name 'bool' as a field
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
    model = _valid_case(file, data, valid)

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
    for i, (raw, (kind, fields)) in enumerate(zip(data["events"], model.events)):
        ev = SimpleNamespace(**fields)
        line, col = position(data["events"], i)
        n = i + 1
        if kind == "call":
            sim = Seat(ev.simultaneous_with) if ev.simultaneous_with else None
            if sim is not None:
                before = out[-1] if out else None
                if sim == Seat(ev.seat) or before is None or before.kind not in ("call", "replaces") \
                        or before.seat != sim:
                    raise InputError(file, *position(raw, "simultaneous_with"), f"events.{n}.simultaneous_with",
                                     f"expected the seat of the call written just before this one (a call or a "
                                     f"replacement; simultaneous calls are written one after the other), found {sim.value}; the event before "
                                     f"is " + (_describe_event(before) if before else "none"))
            out.append(Event(n, line, col, "call", Seat(ev.seat), Call.parse(ev.call), note=ev.note,
                             simultaneous_with=sim))
        elif kind == "director":
            out.append(Event(n, line, col, "director" if ev.director == "called" else "ruled",
                             Seat(ev.by) if ev.by else None, note=ev.note))
        elif kind == "accepts":
            target = Call.parse(ev.call) if ev.call else None
            out.append(Event(n, line, col, "accepts", Seat(ev.seat), target, accepts=ev.accepts, note=ev.note,
                             target=ev.event))
        elif kind == "happened":
            dump = fields
            # two fields that must name different seats (a player's own hand is no irregularity)
            for a, b in (("by", "of"), ("seat", "pocket")):
                if dump.get(a) is not None and dump.get(a) == dump.get(b):
                    raise InputError(file, *position(raw, b), f"events.{n}.{b}",
                                     f"expected a seat other than {a} ({dump[a]}), found {dump[b]!r}")
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
            details = tuple((k, v) for k, v in dump.items() if k not in ("happened", "note") and v is not None)
            seat = dump.get("seat")
            out.append(Event(n, line, col, "happened", Seat(seat) if seat else None, note=ev.note,
                             happened=ev.happened, details=details))
        else:
            orig, new = Call.parse(ev.replaces), Call.parse(ev.with_)
            if not any(e.kind in ("call", "replaces") and e.seat == Seat(ev.seat) and e.call == orig for e in out):
                made = [str(e.call) for e in out if e.kind in ("call", "replaces") and e.seat == Seat(ev.seat)]
                raise InputError(file, *position(raw, "replaces"), f"events.{n}.replaces",
                                 f"{ev.seat} never made the call {orig} before event {n}: "
                                 + (f"expected one of {', '.join(made)}" if made else f"{ev.seat} had made no call to replace"))
            out.append(Event(n, line, col, "replaces", Seat(ev.seat), new, replaces=orig, note=ev.note))
        if out[-1].kind == "accepts":
            _decision_target(file, raw, out[-1], out[:-1])
        if out[-1].kind == "accepts" and out[-1].call is None and not any(e.kind in ("call", "replaces") for e in out[:-1]):
            raise InputError(file, line, col, f"events.{n}", "a decision to accept needs an earlier call, found none")

    out = _corrections_written_as_calls(out)
    setting = _setting(file, data, model)
    judgements = _judgements(file, data, out)
    expect = None
    if model.expect is not None:
        items = data["expect"]
        expect = [Expectation(x.cite, x.outcome, position(items, i)[0], i + 1,
                              position(items[i], "cite"), position(items[i], "outcome"), x.for_)
                  for i, x in enumerate(model.expect)]
    _check_edition(file, data, model.edition)
    case_id = model.case or (Path(file).stem if file not in ("-", "<stdin>") else "stdin")
    return Case(file, case_id, model.title or "", model.source, model.edition, board, dealer, vul, out,
                judgements, expect, model.notes, lang=model.lang, setting=setting)


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
        out[nxt] = Event(e.number, e.line, e.column, "replaces", e.seat, e.call, replaces=t.call, note=e.note)
    return out


def _check_edition(file: str, data: Any, name: str) -> None:
    """Refuse an edition the rulebook does not have (the message lists those it has)."""
    from .editions import names
    from .paths import rules_dir
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
    """Case-level setting: ``deal``/``pockets`` parsed (engine.pbn.Deal) and the plain fields."""
    out: dict[str, Any] = {}
    for name in ("deal", "pockets"):
        text = getattr(model, name)
        if text is None:
            out[name] = None
            continue
        from .pbn import PbnError, parse_deal
        line, col = position(data, name)
        try:
            out[name] = parse_deal(text, file=file, line=line)
        except PbnError as e:
            raise InputError(file, line, col, name, f"expected a PBN deal string such as "
                             f"'N:AKQ2.KJ4.T93.A82 T98.Q7.AK84.KQ3 J76.A985.Q7.JT9 543.T632.J652.76': {e}") from None
    if out["deal"] is not None and not out["deal"].is_complete_and_valid():
        raise InputError(file, *position(data, "deal"), "deal",
                         "expected the deal as it should be (52 cards, 13 in each hand), found: "
                         + "; ".join(out["deal"].problems()))
    for name in ("session", "deal_register", "played_at_other_tables", "scoring", "replay_event", "stationary"):
        out[name] = getattr(model, name)
    if out["deal_register"] is not None and (out["session"] is None or out["deal"] is None):
        raise InputError(file, *position(data, "deal_register"), "deal_register",
                         "a register look-up needs this session's name ('session:') and the deal ('deal:')")
    return out


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
                call = Call.parse(m["call"])
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
        out.append(Judgement(n, prop, value, line, col))
    return out


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

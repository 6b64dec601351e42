"""The shapes of the case format: one field table (``Shape`` of ``Spec``s) per mapping (the case,
each kind of event, each ``happened`` event, an ``expect`` item), the checks of single values
(seats, calls, cards) and the wording of their errors; the format's limits (``MAX_EVENTS``,
``MAX_BYTES``, ``MAX_VALUES``).

Read by ``bridge_director.case.schema`` (the pydantic models and the JSON Schema) and
``bridge_director.case.load`` (reading a case). Raises nothing itself: the checks raise
``ValueError`` with the message a user reads, which the loader turns into an InputError.
"""

from __future__ import annotations
import functools
import re
import reprlib
from collections.abc import Mapping
from typing import Any, Callable, Literal, NamedTuple, Optional, Union, get_args, get_origin
from bridge_director.case.judgements import PROPERTIES
from bridge_director.bridge.table import Call, CallSyntaxError, Seat
from bridge_director.base.yamlpos import law_number


EDITIONS = ("duplicate-2017",)


#: each judgement property and what its value means (the one table: bridge_director.case.judgements)
JUDGEMENT_PROPS = {name: p.means for name, p in PROPERTIES.items()}


#: judgement properties whose value is a list of denominations, not true/false
LIST_JUDGEMENTS = ("specifies",)


#: list judgements whose items are sides (NS, EW), not denominations
SIDE_JUDGEMENTS = ("at-fault", "partly-at-fault", "due-later")


JUDGEMENT_KEY_RE = re.compile(
    r"^(?:(?P<seat>[NESWnesw])\s+(?P<call>\S+)|event\s+(?P<ev>\d+))\s+(?P<prop>[a-z-]+)$")


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


#: the seats' letters, each read as itself (Seat.parse("N").value == "N")
_SEAT_LETTERS = frozenset(s.value for s in Seat)


class Shape:
    """A mapping of a case file: its name (the JSON Schema's title), what it records, its
    fields (Spec), and the keys it allows."""

    __slots__ = ("name", "doc", "fields", "keys")

    def __init__(self, name: str, doc: str, fields: tuple[Spec, ...]):
        self.name, self.doc, self.fields = name, doc, fields
        self.keys = frozenset(f.key for f in fields)


def _seat(v: Any) -> str:
    if type(v) is str and v in _SEAT_LETTERS:      # a seat written as its letter: itself
        return v
    if not isinstance(v, str):
        raise ValueError(f"expected a seat N, E, S or W, found {_found(v)}")
    try:
        return Seat.parse(v).value
    except ValueError:
        raise ValueError(f"expected a seat N, E, S or W, found {_found(v)}") from None


_CALLS: "dict[str, Call]" = {}


def parsed_call(text: str) -> Call:
    """``Call.parse(text)`` for a call written in a case file, read once per text and process
    (calls are immutable; a case file names the same few dozen calls over and over).

    Raises:
        CallSyntaxError: not a call.
    """
    call = _CALLS.get(text)
    if call is None:
        call = Call.parse(text)
        if len(_CALLS) < 4096:
            _CALLS[text] = call
    return call


def _call(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError(f"expected a call such as 1H, 3NT, Pass, X or XX, found {_found(v)}")
    try:
        return str(parsed_call(v))
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
                          "``{seat: W, replaces: 1H, with: 2H}``; ``event: N`` names the call replaced "
                          "by its event number (a call the player made more than once).", (
    Spec("seat", str, before=_seat),
    Spec("replaces", str, before=_call),
    Spec("with", str, before=_call, attr="with_"),
    Spec("event", Optional[int], None, "the event number of the call replaced (default: the player's last "
         "call of that name before this event)", lambda v: _not_bool(v, "an event number"), ge=1),
    Spec("note", Optional[str], None),
))


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
    "played_by": (list[str], "seats (N, E, S, W) that had already played the board; [] if none; left out "
                             "when not yet known (the ruling then asks)"),
    "played": (bool, "true if the card was played to a quitted trick"),
    "moment": (Literal["own-turn-to-call", "not-own-turn", "first-turn-to-play", "later-in-play"],
               "when the player asked: at their own turn to call, at another's, at their first turn to play, or later in the play"),
    "asks": (Literal["review", "contract"], "what the player asked for: a review of the auction, or what the contract is"),
    "dummy": (bool, "true if the player concerned (who asked, or who drew attention) is dummy"),
    "exposed": (list[str], "the cards exposed, e.g. [D10] or [SA, H2]"),
    "led": (bool, "true if the card was put face up as a lead (a premature lead)"),
    "words": (str, "what was said, in brief"),
    "offender": (str, "N, E, S or W: the player who committed the irregularity concerned"),
    "adjacent": (bool, "true if the fault is only that two adjacent cards of the pack went to the same hand "
                       "(the 2017 6B forbids it; the 1997 text has no such rule)"),
    "permission": (Literal["none", "opponent", "director"],
                   "who gave the player permission to touch the cards: none (the default), an opponent or the director"),
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
    "dealt-incorrectly": ((), ("seat", "adjacent"), "the cards were not dealt one at a time face down into four hands "
                                                  "(ADJACENT: only two adjacent cards of the pack went to one hand)"),
    "deal-without-both-sides": (("side",), (), "the shuffle and deal took place with no member of SIDE present"),
    "redeal-ordered": ((), (), "the director orders a new shuffle and deal"),
    "director-instructs": (("what",), ("seat",), "the director gives an instruction: " + ", ".join(DIRECTOR_INSTRUCTIONS)),
    "board-duplicated": ((), (), "this board is a copy made from an original deal"),
    "deal-played-in-other-session": (("session",), (), "this deal was already played in another session"),
    "board-off-centre": ((), (), "during the board's play the board left the centre of the table or was turned"),
    "hand-from-wrong-pocket": (("seat", "pocket"), (), "SEAT took the hand out of POCKET's pocket"),
    "hand-count": (("seat", "cards"), (), "SEAT's hand is found to hold CARDS cards"),
    "surplus-card": (("seat",), ("card", "played"), "SEAT's hand held a card that is not part of this deal"),
    "touched-other-hand": (("by", "of"), ("permission",), "BY touched OF's cards (without permission, unless "
                                                          "PERMISSION says who gave it)"),
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
    "card-seen": (("by", "of"), ("exposed",), "BY saw one or more cards of OF's hand (EXPOSED: which, when known)"),
    "overheard": (("by",), ("board",), "BY overheard calls, results or remarks about a board they are to play"),
    "wrong-board": (("seat", "board"), (), "SEAT is found to hold the cards of board BOARD, not of this board"),
    "call-on-source-board": (("seat", "call"), (), "later, on the board their wrong cards came from, SEAT makes CALL"),
    "wrong-board-at-table": (("board",), ("played_by",), "the table is playing board BOARD, not the board it was given"),
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
                                         "deal-completed if found during the deal, after it if found later (then BY, "
                                         "who dealt, calls first, whichever of the two the case's dealer names)"),
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
            from bridge_director.bridge.pbn import Card
            try:
                return str(Card.parse(v))
            except ValueError as e:
                raise ValueError(str(e)) from None
        if name == "call":
            return _call(v)
        if name == "exposed":
            from bridge_director.bridge.pbn import Card
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
            seats = [_seat(x) for x in v]
            if len(set(seats)) != len(seats):
                raise ValueError(f"expected each seat once, found {_found(v)}")
            return seats
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


#: a whole number written as text (``board: "3"``): decimal digits only, at most 30 of them
_WHOLE_TEXT = re.compile(r"\s*[0-9]{1,30}\s*")
_WHOLE_WRITTEN = re.compile(r"[+-]?[0-9]{1,30}(\.0*)?")     # a number with a point, whole as written (3.0, 3.)


def _not_bool(v: Any, expected: str) -> Any:
    """A whole number for a number field, in our wording. pydantic reads true/false as 1/0,
    ``"1_0"`` as 10, ``3.5`` refused with its own words and ``nan`` as 'Input should be a
    finite number'; a case file means none of these. Text of decimal digits (``"3"``), a
    whole float (``3.0``) and nothing (null) pass, for the type to convert or refuse."""
    if v is None:
        return v
    if isinstance(v, bool) or not isinstance(v, (int, float, str)):
        raise ValueError(f"expected {expected}, found {_found(v)}")
    if isinstance(v, float) and not (v == v and abs(v) != float("inf") and v.is_integer()):
        raise ValueError(f"expected {expected}, found {_found(v)}")
    if isinstance(v, float) and getattr(v, "text", "") and not _WHOLE_WRITTEN.fullmatch(v.text):
        raise ValueError(f"expected {expected}, found {_found(v)}")   # whole only once read through a float
    if isinstance(v, str) and not _WHOLE_TEXT.fullmatch(v):
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
    Spec("deal_register", Optional[str], None, "path of the deal register (SQLite, see bridge_director/bridge/deals.py)"),
    Spec("played_at_other_tables", Optional[bool], None, "this board was already bid or played at another "
                                                         "table this session"),
    Spec("scoring", Optional[Literal['pairs', 'teams', 'individual']], None, "form of scoring"),
    Spec("replay_event", Optional[bool], None, "the event exists to replay deals played before"),
    Spec("stationary", Optional[Literal['NS', 'EW']], None, "the side that stays at this table all session"),
    Spec("result", Optional[str], None, "the result obtained at the table and its score, as the scorer wrote "
                                        "it (e.g. '4S by North, 10 tricks, North-South +420'): for the "
                                        "committee's report; no rule reads it"),
    Spec("adjusted", Optional[str], None, "the adjusted score the director gave, if any (e.g. '3S by North, "
                                          "9 tricks, North-South +140'): for the committee's report"),
))


class _Unsure(Exception):
    """The plain check does not vouch for a value: pydantic decides (and words any error)."""


def _fits(v: Any, tp: Any) -> Any:
    """``v`` as validated against the type ``tp`` when it is exactly of that type (no
    conversion: ``"3"`` is no int here), lists and mappings copied; else raises _Unsure."""
    return _checker(tp)(v)


@functools.lru_cache(maxsize=None)
def _checker(tp: Any) -> Callable[[Any], Any]:
    """The check :func:`_fits` makes against ``tp``, as a function made once per type (the type
    is taken apart here, not at every value of every case file)."""
    if tp is str:
        def check(v):
            if type(v) is str and (v.isascii() or _is_utf8(v)):
                return v
            raise _Unsure
    elif tp is bool:
        def check(v):
            if type(v) is bool:
                return v
            raise _Unsure
    elif tp is int:
        def check(v):
            if type(v) is int and -2 ** 63 < v < 2 ** 63:
                return v
            raise _Unsure
    else:
        origin, args = get_origin(tp), get_args(tp)
        if origin is Literal:
            def check(v):
                if type(v) is str and v in args:
                    return v
                raise _Unsure
        elif origin is Union:
            none_ok = type(None) in args
            alternatives = tuple(_checker(a) for a in args if a is not type(None))

            def check(v):
                if v is None:
                    if none_ok:
                        return None
                    raise _Unsure
                for alternative in alternatives:
                    try:
                        return alternative(v)
                    except _Unsure:
                        pass
                raise _Unsure
        elif origin is list:
            item = _checker(args[0])

            def check(v):
                if isinstance(v, list):
                    return [item(x) for x in v]
                raise _Unsure
        elif origin is dict:
            key, value = _checker(args[0]), _checker(args[1])

            def check(v):
                if isinstance(v, dict):
                    return {key(k): value(x) for k, x in v.items()}
                raise _Unsure
        else:
            def check(v):
                raise _Unsure
    return check


def _is_utf8(v: str) -> bool:
    try:
        v.encode("utf-8")
        return True
    except UnicodeEncodeError:     # a lone surrogate: pydantic refuses it
        return False


_PLANS: "dict[int, tuple]" = {}


def _plan(shape: Shape) -> tuple:
    """Each field of ``shape`` as (key, attribute, check, default, factory, before, ge), the
    check made once (:func:`_checker`; a marker annotation such as "EVENTS" is kept, for
    ``nested``)."""
    plan = _PLANS.get(id(shape))
    if plan is None or plan[0] is not shape:
        plan = _PLANS[id(shape)] = (shape, tuple(
            (f.key, f.name, f.annotation if isinstance(f.annotation, str) else _checker(f.annotation),
             f.default, f.factory, f.before, f.ge) for f in shape.fields))
    return plan[1]


def _plain(shape: Shape, raw: Any, nested: "dict[str, Callable[[Any], Any]] | None" = None) -> dict:
    """The fields of the mapping ``raw`` validated against ``shape`` (attribute -> value, in the
    shape's order), when the plain check vouches for every one; else raises _Unsure.
    ``nested`` checks the fields whose annotation is a marker ("EVENTS", "EXPECT").

    The check is a function written for the shape once (:func:`_validator`): a case file's
    mappings are checked field by field without a loop over the shape's table."""
    hit = _VALIDATORS.get(id(shape))
    if hit is None or hit[0] is not shape:
        hit = _VALIDATORS[id(shape)] = (shape, _validator(shape))
    return hit[1](raw, nested)


_VALIDATORS: "dict[int, tuple]" = {}


def _plain_by_table(shape: Shape, raw: Any, nested: "dict[str, Callable[[Any], Any]] | None" = None) -> dict:
    """:func:`_plain` read from the shape's table field by field (what :func:`_validator`
    writes out as a function; the tests hold the two side by side)."""
    if not isinstance(raw, dict) or not shape.keys.issuperset(raw):
        raise _Unsure
    out = {}
    for key, name, check, default, factory, before, ge in _plan(shape):
        if key not in raw:
            if factory is not None:
                out[name] = factory()
            elif default is REQUIRED:
                raise _Unsure
            else:
                out[name] = default
            continue
        v = raw[key]
        if before is not None:
            try:
                v = before(v)
            except ValueError:
                raise _Unsure from None
        v = nested[check](v) if type(check) is str else check(v)
        if ge is not None and v is not None and v < ge:
            raise _Unsure
        out[name] = v
    return out


def _validator(shape: Shape) -> Callable[[Any, Any], dict]:
    """:func:`_plain_by_table` for ``shape`` as a function of its own, written from the shape's
    table once: a test per field, in the table's order (the same checks, the same values, the
    same first failure), and the checks of plain text and of yes/no written in place."""
    env: dict[str, Any] = {"_Unsure": _Unsure, "_is_utf8": _is_utf8, "KEYS": shape.keys}
    body = ["def validate(raw, nested):",
            "    if not isinstance(raw, dict) or not KEYS.issuperset(raw):",
            "        raise _Unsure",
            "    out = {}"]
    for i, (f, (key, name, check, default, factory, before, ge)) in enumerate(zip(shape.fields, _plan(shape))):
        k, n = repr(key), repr(name)
        body.append(f"    if {k} in raw:")
        body.append(f"        v = raw[{k}]")
        if before is not None:
            env[f"before{i}"] = before
            body += [f"        try:", f"            v = before{i}(v)",
                     f"        except ValueError:", f"            raise _Unsure from None"]
        if type(check) is str:
            body.append(f"        v = nested[{check!r}](v)")
        elif f.annotation is str:
            body += ["        if type(v) is not str or not (v.isascii() or _is_utf8(v)):",
                     "            raise _Unsure"]
        elif f.annotation is bool:
            body += ["        if type(v) is not bool:", "            raise _Unsure"]
        else:
            env[f"check{i}"] = check
            body.append(f"        v = check{i}(v)")
        if ge is not None:
            env[f"ge{i}"] = ge
            body += [f"        if v is not None and v < ge{i}:", "            raise _Unsure"]
        body.append(f"        out[{n}] = v")
        body.append("    else:")
        if factory is not None:
            env[f"factory{i}"] = factory
            body.append(f"        out[{n}] = factory{i}()")
        elif default is REQUIRED:
            body.append("        raise _Unsure")
        else:
            env[f"default{i}"] = default
            body.append(f"        out[{n}] = default{i}")
    body.append("    return out")
    exec("\n".join(body) + "\n", env)     # noqa: S102 - our own text, of the shape's keys only
    return env["validate"]


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
    if isinstance(v, float) and getattr(v, "text", ""):
        return v.text if len(v.text) <= 120 else v.text[:117] + "..."    # as written, not as a float reads it
    text = _SHORT.repr(v)
    return text if len(text) <= 120 else text[:117] + "..."

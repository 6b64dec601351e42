"""Table mechanics for contract bridge: seats, boards, calls and the auction.

This module computes only facts that a player who never read the Laws could
work out at the table: who sits where, which board has which dealer and
vulnerability, how calls are spelled and ranked, whether a bid is higher than
another, whether the auction has ended, and whether a double or redouble is
available in the current auction.  It draws no legal consequences.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Iterable, Sequence

from bridge_director.base.record import record

__all__ = [
    "CallSyntaxError",
    "Seat",
    "relation",
    "seat_after",
    "Denomination",
    "Call",
    "PASS",
    "DOUBLE",
    "REDOUBLE",
    "is_sufficient",
    "lowest_sufficient",
    "Board",
    "auction_is_over",
    "last_bid",
    "double_admissible",
    "redouble_admissible",
    "calls_after",
]


class CallSyntaxError(ValueError):
    """Raised when a text cannot be read as a call.

    The message quotes the text that was found and says what was expected,
    e.g. ``"'1X' is not a call: expected a level 1-7 and a denomination
    C, D, H, S or NT, or Pass, X, XX"``.
    """


# --------------------------------------------------------------------------
# Seats
# --------------------------------------------------------------------------

_SEAT_NAMES = {"N": "NORTH", "E": "EAST", "S": "SOUTH", "W": "WEST"}


class Seat(str, Enum):
    """A compass seat at the table; play and calls go clockwise N -> E -> S -> W.

    Members: ``Seat.N``, ``Seat.E``, ``Seat.S``, ``Seat.W`` with values
    ``'N'``, ``'E'``, ``'S'``, ``'W'``.  ``str(seat)`` is the one-letter value.
    """

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    def __str__(self) -> str:
        return self.value

    @property
    def full_name(self) -> str:
        """The seat's name in full, in English: 'North' (ruling/i18n has it in each language)."""
        return _SEAT_NAMES[self.value].title()

    @classmethod
    def order(cls) -> tuple["Seat", ...]:
        """Return all four seats in clockwise order.

        Returns:
            ``(Seat.N, Seat.E, Seat.S, Seat.W)``.
        """
        return (cls.N, cls.E, cls.S, cls.W)

    @classmethod
    def parse(cls, text: "str | Seat") -> "Seat":
        """Read a seat from text.

        Args:
            text: a Seat, or a string such as ``'n'``, ``'N'``, ``'North'``,
                ``'NORTH'`` (case-insensitive, surrounding spaces allowed).

        Returns:
            The matching Seat.

        Raises:
            ValueError: if the text names no seat (the message quotes it).
        """
        if isinstance(text, Seat):
            return text
        if not isinstance(text, str):
            raise ValueError(
                f"{text!r} is not a seat: expected N, E, S, W or North, East, South, West"
            )
        key = text.strip().upper()
        for letter, name in _SEAT_NAMES.items():
            if key == letter or key == name:
                return cls(letter)
        raise ValueError(
            f"{text!r} is not a seat: expected N, E, S, W or North, East, South, West"
        )

    # The seat relations are looked up in tables built once below the class (the auction
    # replay asks for them for every call, every round).

    @property
    def index(self) -> int:
        """Position in clockwise order: N=0, E=1, S=2, W=3 (int)."""
        return _SEAT_INDEX[self]

    @property
    def lho(self) -> "Seat":
        """Left-hand opponent: the next seat clockwise (``Seat.N.lho is Seat.E``)."""
        return _SEAT_AFTER[self, 1]

    @property
    def partner(self) -> "Seat":
        """The seat opposite (``Seat.N.partner is Seat.S``)."""
        return _SEAT_AFTER[self, 2]

    @property
    def rho(self) -> "Seat":
        """Right-hand opponent: the previous seat clockwise (``Seat.N.rho is Seat.W``)."""
        return _SEAT_AFTER[self, 3]

    @property
    def side(self) -> str:
        """The partnership this seat belongs to: ``'NS'`` or ``'EW'``."""
        return _SEAT_SIDE[self]

    @property
    def letter(self) -> str:
        """The seat's letter as a plain ``str`` (``'N'``), for facts and JSON."""
        return _SEAT_LETTER[self]


_SEAT_ORDER = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_INDEX = {s: i for i, s in enumerate(_SEAT_ORDER)}
_SEAT_AFTER = {(s, n): _SEAT_ORDER[(i + n) % 4] for s, i in _SEAT_INDEX.items() for n in range(4)}
_SEAT_SIDE = {Seat.N: "NS", Seat.S: "NS", Seat.E: "EW", Seat.W: "EW"}
_SEAT_LETTER = {s: str(s.value) for s in _SEAT_ORDER}
_RELATION = {(p, t): ("self", "lho", "partner", "rho")[(_SEAT_INDEX[p] - _SEAT_INDEX[t]) % 4]
             for p in _SEAT_ORDER for t in _SEAT_ORDER}


def seat_after(seat: "Seat | str", n: int) -> Seat:
    """Return the seat ``n`` places clockwise from ``seat``.

    Args:
        seat: a Seat or any text accepted by ``Seat.parse``.
        n: number of places clockwise (int; 0 gives ``seat``, negative counts
            anticlockwise).

    Returns:
        The Seat reached.

    Raises:
        ValueError: if ``seat`` is not a seat.
        TypeError: if ``n`` is not an int.
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"seat_after: n must be an int, found {n!r}")
    return _SEAT_AFTER[Seat.parse(seat), n % 4]


def relation(player: "Seat | str", to: "Seat | str") -> str:
    """Say what ``player`` is to ``to``.

    Args:
        player: a Seat (or seat text).
        to: a Seat (or seat text).

    Returns:
        ``'self'`` if the same seat, ``'lho'`` if ``player`` is ``to``'s
        left-hand opponent (next clockwise), ``'partner'`` if opposite,
        ``'rho'`` if ``player`` is ``to``'s right-hand opponent.
        E.g. ``relation(Seat.S, to=Seat.E) == 'lho'``.

    Raises:
        ValueError: if either argument is not a seat.
    """
    if isinstance(player, Seat) and isinstance(to, Seat):
        return _RELATION[player, to]
    return _RELATION[Seat.parse(player), Seat.parse(to)]


# --------------------------------------------------------------------------
# Denominations and calls
# --------------------------------------------------------------------------

_DENOM_ALIASES = {
    "C": "C", "♣": "C", "CLUB": "C", "CLUBS": "C",
    "D": "D", "♦": "D", "DIAMOND": "D", "DIAMONDS": "D",
    "H": "H", "♥": "H", "HEART": "H", "HEARTS": "H",
    "S": "S", "♠": "S", "SPADE": "S", "SPADES": "S",
    "NT": "NT", "N": "NT", "NOTRUMP": "NT", "NOTRUMPS": "NT", "NO TRUMP": "NT",
    "NO-TRUMP": "NT",
}


class Denomination(str, Enum):
    """The denomination of a bid, ranked C < D < H < S < NT (bid ranking, Law 18).

    Members ``C``, ``D``, ``H``, ``S``, ``NT`` with those string values;
    ``str(denomination)`` is the value.
    """

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: "str | Denomination") -> "Denomination":
        """Read a denomination from text.

        Args:
            text: a Denomination, or a string such as ``'H'``, ``'h'``,
                ``'♥'``, ``'hearts'``, ``'NT'``, ``'N'``, ``'notrump'``
                (case-insensitive, surrounding spaces allowed).

        Returns:
            The matching Denomination.

        Raises:
            ValueError: if the text names no denomination (message quotes it).
        """
        if isinstance(text, Denomination):
            return text
        if isinstance(text, str):
            key = text.strip().replace("\ufe0f", "").upper()
            if key in _DENOM_ALIASES:
                return cls(_DENOM_ALIASES[key])
        raise ValueError(
            f"{text!r} is not a denomination: expected C, D, H, S or NT"
        )

    @property
    def rank(self) -> int:
        """Rank from lowest to highest: C=0, D=1, H=2, S=3, NT=4 (int)."""
        return _DENOM_RANK[self]

    @property
    def code(self) -> str:
        """The denomination's code as a plain ``str`` (``'H'``, ``'NT'``), for facts and JSON."""
        return _DENOM_CODE[self]

    @property
    def is_suit(self) -> bool:
        """True for C, D, H, S; False for NT."""
        return self is not Denomination.NT

    @property
    def name_plural(self) -> str:
        """Plural English name: 'clubs', 'diamonds', 'hearts', 'spades', 'notrump'."""
        return {
            "C": "clubs", "D": "diamonds", "H": "hearts",
            "S": "spades", "NT": "notrump",
        }[self.value]


_DENOM_RANK = {d: i for i, d in enumerate(Denomination)}
_DENOM_CODE = {d: str(d.value) for d in Denomination}

_CALL_KINDS = ("bid", "pass", "double", "redouble")

_EXPECTED = ("expected a level 1-7 and a denomination C, D, H, S or NT, "
             "or Pass, X, XX")

_BID_RE = re.compile(r"^([0-9]+)\s*(NT|N|C|D|H|S|♣|♦|♥|♠)$")

_WORD_CALLS = {
    "P": "pass", "PASS": "pass",
    "X": "double", "DBL": "double", "DOUBLE": "double",
    "XX": "redouble", "RDBL": "redouble", "REDOUBLE": "redouble",
}


@record(frozen=True)
class Call:
    """One call in the auction: a bid, a pass, a double or a redouble.

    Fields:
        kind: ``'bid'``, ``'pass'``, ``'double'`` or ``'redouble'``.
        level: for a bid, a positive int (1-7 are the ordinary levels; a
            larger level is representable so that an attempted bid above
            seven can be recorded); ``None`` for other calls.
        denomination: for a bid, a Denomination; ``None`` otherwise.

    Attributes (computed on construction): ``is_bid`` and ``is_pass`` (bool).

    Calls are immutable, hashable and compare equal field by field.  They
    have no ``<``/``>`` ordering; compare bids with ``outranks`` or ``rank``.
    ``str(call)`` is canonical: ``'1C'``, ``'3NT'``, ``'Pass'``, ``'X'``,
    ``'XX'``.

    Raises (on construction):
        ValueError: if the fields are inconsistent (a bid without a positive
            int level and a Denomination, or a non-bid with a level or
            denomination, or an unknown kind).
    """

    kind: str
    level: "int | None" = None
    denomination: "Denomination | None" = None

    def __post_init__(self) -> None:
        if self.kind not in _CALL_KINDS:
            raise ValueError(
                f"call kind {self.kind!r} is not one of {', '.join(_CALL_KINDS)}"
            )
        if self.kind == "bid":
            if (isinstance(self.level, bool) or not isinstance(self.level, int)
                    or self.level < 1):
                raise ValueError(
                    f"a bid needs a positive int level, found {self.level!r}"
                )
            if not isinstance(self.denomination, Denomination):
                # allow 'H', 'nt' etc.; frozen, so set through object.__setattr__
                object.__setattr__(self, "denomination",
                                   Denomination.parse(self.denomination))
        else:
            if self.level is not None or self.denomination is not None:
                raise ValueError(
                    f"a {self.kind} has no level or denomination, found "
                    f"level={self.level!r}, denomination={self.denomination!r}"
                )
        # computed once: the replay reads these for every call, every round
        object.__setattr__(self, "_text", f"{self.level}{_DENOM_CODE[self.denomination]}" if self.kind == "bid"
                           else {"pass": "Pass", "double": "X", "redouble": "XX"}[self.kind])
        object.__setattr__(self, "is_bid", self.kind == "bid")
        object.__setattr__(self, "is_pass", self.kind == "pass")

    # -- construction ------------------------------------------------------

    @classmethod
    def bid(cls, level: int, denomination: "Denomination | str") -> "Call":
        """Build a bid.

        Args:
            level: positive int.
            denomination: a Denomination or text accepted by
                ``Denomination.parse``.

        Returns:
            ``Call('bid', level, Denomination)``.

        Raises:
            ValueError: if the level is not a positive int or the
                denomination is not recognised.
        """
        return cls("bid", level, Denomination.parse(denomination))

    @classmethod
    def parse(cls, text: "str | Call") -> "Call":
        """Read a call from text.

        Accepted (case-insensitive, surrounding spaces allowed):
          * bids: a level 1-9 followed by C, D, H, S, NT or N, or a suit
            symbol ♣ ♦ ♥ ♠ — e.g. ``'1C'``, ``'1c'``, ``'3NT'``, ``'3n'``,
            ``'4♠'``.  Levels 8 and 9 parse (see ``above_seven``);
          * pass: ``'P'``, ``'Pass'``;
          * double: ``'X'``, ``'Dbl'``, ``'Double'``;
          * redouble: ``'XX'``, ``'Rdbl'``, ``'Redouble'``.
        A Call passed in is returned unchanged.

        Args:
            text: the text (str) or a Call.

        Returns:
            The Call.

        Raises:
            CallSyntaxError: if the text is not a call, e.g. ``''``, ``'1X'``,
                ``'2Z'``, ``'NT'`` (no level), ``'0C'``, ``'10C'``.  The
                message quotes the text found and says what was expected.
        """
        if isinstance(text, Call):
            return text
        if not isinstance(text, str):
            raise CallSyntaxError(f"{text!r} is not a call: {_EXPECTED}")
        key = text.strip().replace("\ufe0f", "").upper()
        if key in _WORD_CALLS:
            return cls(_WORD_CALLS[key])
        m = _BID_RE.match(key)
        if m:
            digits, denom = m.groups()
            if len(digits) == 1 and digits != "0":
                return cls("bid", int(digits), Denomination.parse(denom))
            raise CallSyntaxError(
                f"{text!r} is not a call: the level {digits} is not a single digit 1-9; {_EXPECTED}"
            )
        raise CallSyntaxError(f"{text!r} is not a call: {_EXPECTED}")

    # -- properties ----------------------------------------------------------

    # is_bid (True if this call is a bid) and is_pass (True if it is a pass) are plain
    # attributes set in __post_init__.

    @property
    def is_double(self) -> bool:
        """True if this call is a double."""
        return self.kind == "double"

    @property
    def is_redouble(self) -> bool:
        """True if this call is a redouble."""
        return self.kind == "redouble"

    @property
    def above_seven(self) -> bool:
        """True if this is a bid at a level higher than seven; False otherwise."""
        return self.is_bid and self.level > 7

    @property
    def rank(self) -> "int | None":
        """Bid ranking (Law 18) as an int: ``(level-1)*5 + denomination.rank``.

        1C is 0, 1NT is 4, 2C is 5, 7NT is 34.  ``None`` for non-bids.
        """
        if not self.is_bid:
            return None
        return (self.level - 1) * 5 + self.denomination.rank

    def outranks(self, other: "Call") -> bool:
        """True if this bid ranks higher than the bid ``other`` (Law 18 ranking).

        Args:
            other: a Call that is a bid.

        Returns:
            bool.

        Raises:
            ValueError: if this call or ``other`` is not a bid.
        """
        if not self.is_bid:
            raise ValueError(f"outranks: {self} is not a bid")
        if not isinstance(other, Call) or not other.is_bid:
            raise ValueError(f"outranks: {other} is not a bid")
        return self.rank > other.rank

    def __str__(self) -> str:
        return self._text


PASS = Call("pass")
DOUBLE = Call("double")
REDOUBLE = Call("redouble")


def is_sufficient(bid: Call, last_bid: "Call | None") -> bool:
    """Whether ``bid`` is sufficient (Law 18 definition): higher than the last bid.

    Args:
        bid: a Call that is a bid.
        last_bid: the last bid of the auction so far (a bid Call), or
            ``None`` if nobody has bid yet.

    Returns:
        True if ``last_bid`` is None or ``bid`` outranks it; False otherwise.

    Raises:
        ValueError: if ``bid`` is not a bid, or ``last_bid`` is neither
            ``None`` nor a bid.
    """
    if not isinstance(bid, Call) or not bid.is_bid:
        raise ValueError(f"is_sufficient: {bid} is not a bid")
    if last_bid is None:
        return True
    return bid.outranks(last_bid)


def lowest_sufficient(denomination: "Denomination | str",
                      last_bid: "Call | None") -> Call:
    """The lowest sufficient bid in ``denomination`` over ``last_bid``.

    Args:
        denomination: a Denomination or text accepted by
            ``Denomination.parse`` (``'H'``, ``'NT'``, ...).
        last_bid: the last bid so far (a bid Call), or ``None``.

    Returns:
        A bid Call: one-level if ``last_bid`` is None; the same level if the
        denomination ranks above the last bid's, otherwise one level higher.
        The result may be above seven (e.g. spades over 7NT gives 8S, with
        ``above_seven`` True); it is returned anyway.

    Raises:
        ValueError: if ``denomination`` is not recognised or ``last_bid`` is
            neither None nor a bid.
    """
    d = Denomination.parse(denomination)
    if last_bid is None:
        return Call("bid", 1, d)
    if not isinstance(last_bid, Call) or not last_bid.is_bid:
        raise ValueError(f"lowest_sufficient: {last_bid} is not a bid")
    level = last_bid.level if d.rank > last_bid.denomination.rank else last_bid.level + 1
    return Call("bid", level, d)


# --------------------------------------------------------------------------
# Boards
# --------------------------------------------------------------------------

# Standard duplicate 16-board cycle: (dealer, vulnerability) for boards 1..16.
_BOARD_CYCLE = (
    ("N", "None"),  # 1
    ("E", "NS"),    # 2
    ("S", "EW"),    # 3
    ("W", "Both"),  # 4
    ("N", "NS"),    # 5
    ("E", "EW"),    # 6
    ("S", "Both"),  # 7
    ("W", "None"),  # 8
    ("N", "EW"),    # 9
    ("E", "Both"),  # 10
    ("S", "None"),  # 11
    ("W", "NS"),    # 12
    ("N", "Both"),  # 13
    ("E", "None"),  # 14
    ("S", "NS"),    # 15
    ("W", "EW"),    # 16
)


@record(frozen=True)
class Board:
    """A duplicate board, identified by its number.

    Fields:
        number: int >= 1.  Dealer and vulnerability follow the standard
            16-board cycle (board 17 is like board 1, and so on).

    Raises (on construction):
        ValueError: if ``number`` is not an int >= 1.
    """

    number: int

    def __post_init__(self) -> None:
        if (isinstance(self.number, bool) or not isinstance(self.number, int)
                or self.number < 1):
            raise ValueError(
                f"board number must be an int >= 1, found {self.number!r}"
            )

    @property
    def dealer(self) -> Seat:
        """The dealer's Seat for this board."""
        return Seat(_BOARD_CYCLE[(self.number - 1) % 16][0])

    @property
    def vulnerability(self) -> str:
        """Which sides are vulnerable: ``'None'``, ``'NS'``, ``'EW'`` or ``'Both'``."""
        return _BOARD_CYCLE[(self.number - 1) % 16][1]

    def vulnerable(self, seat: "Seat | str") -> bool:
        """Whether ``seat``'s side is vulnerable on this board.

        Args:
            seat: a Seat or text accepted by ``Seat.parse``.

        Returns:
            bool.

        Raises:
            ValueError: if ``seat`` is not a seat.
        """
        s = Seat.parse(seat)
        return self.vulnerability == "Both" or self.vulnerability == s.side


# --------------------------------------------------------------------------
# Auction mechanics
# --------------------------------------------------------------------------

def _as_call(c: "Call | str") -> Call:
    if isinstance(c, Call):
        return c
    if isinstance(c, str):
        return Call.parse(c)
    raise TypeError(f"expected a Call, found {c!r}")


def auction_is_over(calls: Sequence["Call | str"]) -> bool:
    """Whether the sequence of calls has ended the auction.

    The auction ends when the first four calls are all passes (passed out),
    or when, after a bid has been made, three passes in a row follow.
    Calls recorded after that point do not reopen it.

    Args:
        calls: the calls in order, from the dealer (Call objects, or text
            accepted by ``Call.parse``).

    Returns:
        bool.

    Raises:
        CallSyntaxError: if a text element is not a call.
        TypeError: if an element is neither a Call nor a str.
    """
    cs = [_as_call(c) for c in calls]
    if len(cs) >= 4 and all(c.is_pass for c in cs[:4]):
        return True
    seen_bid = False
    passes_in_row = 0
    for c in cs:
        if c.is_pass:
            passes_in_row += 1
            if seen_bid and passes_in_row >= 3:
                return True
        else:
            passes_in_row = 0
            if c.is_bid:
                seen_bid = True
    return False


def last_bid(calls: Iterable["Call | str"]) -> "Call | None":
    """The last bid in the calls (passes, doubles and redoubles skipped).

    Args:
        calls: calls in order (Call objects or text accepted by ``Call.parse``).

    Returns:
        The last bid Call, or ``None`` if there is no bid.

    Raises:
        CallSyntaxError / TypeError: as for ``auction_is_over``.
    """
    result = None
    for c in calls:
        c = _as_call(c)
        if c.is_bid:
            result = c
    return result


def _last_non_pass(calls_with_seats: Sequence[tuple["Seat | str", "Call | str"]]
                   ) -> "tuple[Seat, Call] | None":
    for seat, call in reversed(list(calls_with_seats)):
        call = _as_call(call)
        if not call.is_pass:
            return Seat.parse(seat), call
    return None


def double_admissible(calls_with_seats: Sequence[tuple["Seat | str", "Call | str"]],
                      seat: "Seat | str") -> bool:
    """Whether a double by ``seat`` is available (double, Law 19 definition).

    A double is available only if the last call other than a pass was a bid
    made by an opponent of ``seat``.  Whose turn it is and whether the
    auction has already ended are not checked here.

    Args:
        calls_with_seats: the standing calls in order, as ``(Seat, Call)``
            pairs (seat text and call text are also accepted).
        seat: the seat that would double.

    Returns:
        bool.

    Raises:
        ValueError: if a seat is not recognised (CallSyntaxError, a
            ValueError, if a call text is not a call).
        TypeError: if a call is neither a Call nor a str.
    """
    s = Seat.parse(seat)
    last = _last_non_pass(calls_with_seats)
    if last is None:
        return False
    by, call = last
    return call.is_bid and by.side != s.side


def redouble_admissible(calls_with_seats: Sequence[tuple["Seat | str", "Call | str"]],
                        seat: "Seat | str") -> bool:
    """Whether a redouble by ``seat`` is available (redouble, Law 19 definition).

    A redouble is available only if the last call other than a pass was a
    double made by an opponent of ``seat``.  Whose turn it is and whether the
    auction has already ended are not checked here.

    Args:
        calls_with_seats: the standing calls in order, as ``(Seat, Call)``
            pairs (seat text and call text are also accepted).
        seat: the seat that would redouble.

    Returns:
        bool.

    Raises:
        ValueError / TypeError: as for ``double_admissible``.
    """
    s = Seat.parse(seat)
    last = _last_non_pass(calls_with_seats)
    if last is None:
        return False
    by, call = last
    return call.is_double and by.side != s.side


def declarer(calls_with_seats: Sequence[tuple["Seat | str", "Call | str"]]) -> "Seat | None":
    """The player of the side that made the last bid who first named its denomination.

    Args:
        calls_with_seats: (seat, call) pairs in order (calls as Call or text).
    Returns:
        The declarer's Seat, or ``None`` when no bid was made.
    """
    pairs = [(Seat.parse(s), _as_call(c)) for s, c in calls_with_seats]
    final = next(((s, c) for s, c in reversed(pairs) if c.is_bid), None)
    if final is None:
        return None
    seat, bid = final
    return next(s for s, c in pairs
                if c.is_bid and c.denomination == bid.denomination and s.side == seat.side)

def final_contract(calls_with_seats: Sequence[tuple["Seat | str", "Call | str"]]
                   ) -> "tuple[str, Seat, Seat] | None":
    """The contract of a finished auction, its declarer and the opening leader.

    Args:
        calls_with_seats: the standing calls in order, as ``(Seat, Call)`` pairs.

    Returns:
        ``(contract, declarer, opening_leader)``: the contract as ``'4S'``, ``'4SX'`` or
        ``'4SXX'`` (the last bid with any double or redouble after it), the declarer (the
        player of the side that made the last bid who first named its denomination) and the
        declarer's left-hand opponent; ``None`` when the auction has not ended or was passed
        out.

    Raises:
        ValueError / TypeError: a seat or call that is not one.
    """
    pairs = [(Seat.parse(s), _as_call(c)) for s, c in calls_with_seats]
    if not auction_is_over([c for _, c in pairs]):
        return None
    # the calls after the auction ended do not count
    for end in range(1, len(pairs) + 1):
        if auction_is_over([c for _, c in pairs[:end]]):
            pairs = pairs[:end]
            break
    return contract_of(pairs)


def contract_of(calls_with_seats: Sequence[tuple["Seat | str", "Call | str"]]
                ) -> "tuple[str, Seat, Seat] | None":
    """The contract the calls make, taken as a whole finished auction (whoever worked out
    where it ended): as :func:`final_contract` returns it, ``None`` when no bid was made.

    Raises:
        ValueError / TypeError: a seat or call that is not one.
    """
    pairs = [(Seat.parse(s), _as_call(c)) for s, c in calls_with_seats]
    if not any(c.is_bid for _, c in pairs):
        return None        # passed out (bids made after the four passes do not count)
    idx = max(i for i, (_, c) in enumerate(pairs) if c.is_bid)
    by, bid = pairs[idx]
    after = [c for _, c in pairs[idx + 1:]]
    suffix = "XX" if any(c.is_redouble for c in after) else "X" if any(c.is_double for c in after) else ""
    who = declarer(pairs)
    return f"{bid}{suffix}", who, who.lho


def calls_after(after: int, call_events: Iterable[int]) -> list[int]:
    """The call events (event numbers, in order) made after event ``after``: the calls a
    sweep of "that call and every call after it" carries away with it.

    ``call_events``: the event numbers of every call of the case, as made (any order).
    """
    return sorted(n for n in call_events if n > after)


MAX_BOARD = 9999   # the largest board number the tool takes (a printed board number has at most four digits)

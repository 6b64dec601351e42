"""Reading deals in PBN (Portable Bridge Notation) form: hands, deals and boards.

Mechanics only: this module says which cards each seat holds, which cards are
missing or duplicated, and where a PBN text is malformed.  It draws no
conclusion about what should happen to a faulty board.

Why a small parser of our own and not the ``endplay`` package: ``endplay`` is a
compiled extension (it bundles the double-dummy solver; ~300 kB wheel per
platform, no pure-Python fallback) and its ``Deal`` insists on a legal 52-card
deal, whereas a director must be able to *describe* a faulty board (a 14/12
board, a card in two hands, a missing card).  We need only the ``[Deal]``,
``[Board]``, ``[Dealer]`` and ``[Vulnerable]`` tags, with file/line/column in
every error message; that is about a hundred lines and no dependency.  If the
project later wants double-dummy analysis, ``endplay`` can be added behind
``Deal.to_pbn()``.

PBN deal string, as read here::

    N:AKQ2.KJ4.T93.A82 T98.Q75.AK84.KQ3 J76.A98.Q7.JT954 543.T632.J652.76

* the first character names the seat of the first hand (N, E, S or W), then a
  colon, then four hands clockwise separated by white space;
* a hand is four suits in the order spades, hearts, diamonds, clubs separated
  by dots; a void is an empty string between dots (``AKQJT98765432...``);
* ranks are ``AKQJT98765432`` (upper case; ``x`` for an unknown small card is
  refused in a full deal);
* a whole hand written ``-`` is an unknown hand: it is read as an empty hand
  and its seat is listed in ``Deal.unknown_seats``.

Hands that do not hold 13 cards, and cards held twice, are *parseable*:
``Deal.is_complete_and_valid()`` tells whether the deal is a legal 52-card deal.

PBN files: tag pairs ``[Name "value"]`` (one or more per line), comments
``; to end of line`` and ``{ ... }`` (may span lines), ``%`` escape lines,
and section data lines (auction, play) after a tag are tolerated and skipped.
Games are separated by blank lines; a second ``[Board]`` or ``[Deal]`` tag in
the same game also starts a new game.  A tag value ``#`` copies the value from
the previous game, as PBN allows.
"""

from __future__ import annotations
import pathlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple
from bridge_director.bridge.table import Seat


__all__ = [
    "PbnError",
    "DuplicateCardError",
    "SUITS",
    "RANKS",
    "SEATS",
    "Card",
    "Hand",
    "Deal",
    "PbnBoard",
    "parse_deal",
    "parse_pbn",
    "read_pbn",
]


SUITS: tuple[str, ...] = ("S", "H", "D", "C")


"""Suits in PBN order: spades, hearts, diamonds, clubs."""


RANKS: str = "AKQJT98765432"


"""Ranks from highest to lowest, as PBN spells them."""


SEATS: tuple[Seat, ...] = Seat.order()


"""Seats in clockwise order N, E, S, W."""


_SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


_VULNERABILITY = {
    "none": "None", "love": "None", "-": "None",
    "ns": "NS", "ew": "EW",
    "all": "Both", "both": "Both",
}


class PbnError(ValueError):
    """A PBN text could not be read.

    Attributes:
        file: the file name (or ``'<string>'``).
        line: 1-based line number, or None when unknown.
        column: 1-based column, or None when unknown.
        detail: what was expected and what was found.

    ``str(error)`` is ``file:line:col: detail``, e.g.
    ``hands.pbn:14:12: Deal: expected 4 hands separated by spaces, found 3``.
    """

    def __init__(self, detail: str, file: str | None = None,
                 line: int | None = None, column: int | None = None) -> None:
        self.detail = detail
        self.file = file or "<string>"
        self.line = line
        self.column = column
        where = self.file
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        super().__init__(f"{where}: {detail}")

    def __str__(self) -> str:
        from bridge_director.base.lines import one_line
        return one_line(super().__str__())


class DuplicateCardError(ValueError):
    """Raised by ``Deal.holder_of`` when a card is held by more than one hand."""


class Card(NamedTuple):
    """One card: ``suit`` in ``SUITS`` and ``rank`` in ``RANKS``; ``str(card)`` is e.g. ``'SA'``."""

    suit: str
    rank: str

    def __str__(self) -> str:
        return self.suit + self.rank

    @classmethod
    def parse(cls, text: "str | Card") -> "Card":
        """Read a card written suit-first (``'SA'``, ``'DT'``) or rank-first (``'AS'``).

        Raises:
            ValueError: if the text names no card.
        """
        if isinstance(text, Card):
            return text
        t = str(text).strip().upper().replace("10", "T")
        if len(t) == 2:
            if t[0] in SUITS and t[1] in RANKS:
                return cls(t[0], t[1])
            if t[1] in SUITS and t[0] in RANKS:
                return cls(t[1], t[0])
        raise ValueError(f"{text!r} is not a card: expected a suit S, H, D, C and a rank "
                         f"from {RANKS}, e.g. 'SA' or 'D7'")


def full_pack() -> tuple[Card, ...]:
    """All 52 cards, spades to clubs, ace to two."""
    return tuple(Card(s, r) for s in SUITS for r in RANKS)


@dataclass(frozen=True)
class Hand:
    """The cards one seat holds: ``suits`` maps each of S, H, D, C to a string of ranks.

    Ranks are stored highest first; a repeated rank is kept (a hand from a
    mixed-up board may hold a card twice).
    """

    suits: tuple[tuple[str, str], ...]

    @classmethod
    def from_suits(cls, spades: str = "", hearts: str = "", diamonds: str = "",
                   clubs: str = "") -> "Hand":
        """Build a hand from four rank strings (spades, hearts, diamonds, clubs)."""
        parts = (spades, hearts, diamonds, clubs)
        return cls(tuple((s, _sort_ranks(p)) for s, p in zip(SUITS, parts)))

    @classmethod
    def from_cards(cls, cards: Iterable["Card | str"]) -> "Hand":
        """Build a hand from cards (``Card`` or text such as ``'SA'``)."""
        by_suit: dict[str, str] = {s: "" for s in SUITS}
        for c in cards:
            card = Card.parse(c)
            by_suit[card.suit] += card.rank
        return cls.from_suits(*(by_suit[s] for s in SUITS))

    def ranks(self, suit: str) -> str:
        """The ranks held in ``suit`` (``'S'``, ``'H'``, ``'D'`` or ``'C'``), highest first."""
        return dict(self.suits)[suit]

    def length(self, suit: str) -> int:
        """How many cards of ``suit`` the hand holds."""
        return len(self.ranks(suit))

    def lengths(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order spades, hearts, diamonds, clubs."""
        return tuple(len(r) for _, r in self.suits)  # type: ignore[return-value]

    def pattern(self) -> tuple[int, ...]:
        """Suit lengths sorted longest first, e.g. ``(4, 4, 3, 2)``."""
        return tuple(sorted(self.lengths(), reverse=True))

    def cards(self) -> tuple[Card, ...]:
        """Every card held, spades to clubs, highest first."""
        return tuple(Card(s, r) for s, ranks in self.suits for r in ranks)

    def __len__(self) -> int:
        return sum(self.lengths())

    def to_pbn(self) -> str:
        """The hand as PBN writes it: ``'AKQ2.KJ4.T93.A82'``."""
        return ".".join(r for _, r in self.suits)

    def __str__(self) -> str:
        return self.to_pbn()


def _sort_ranks(ranks: str) -> str:
    return "".join(sorted(ranks, key=RANKS.index))


@dataclass(frozen=True)
class Deal:
    """Four hands by seat.  Need not be a legal deal: see ``is_complete_and_valid``.

    Fields:
        hands: ``{Seat: Hand}`` for all four seats.
        unknown_seats: seats whose hand was written ``-`` (unknown) in PBN.
    """

    hands: dict[Seat, Hand]
    unknown_seats: frozenset[Seat] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        fixed = {Seat.parse(s): h for s, h in self.hands.items()}
        if set(fixed) != set(SEATS):
            raise ValueError("a deal needs a hand for each of N, E, S, W")
        object.__setattr__(self, "hands", {s: fixed[s] for s in SEATS})

    def __hash__(self) -> int:
        return hash(self.key())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self.key() == other.key()

    def hand(self, seat: "Seat | str") -> Hand:
        """The hand held by ``seat``."""
        return self.hands[Seat.parse(seat)]

    def cards_per_hand(self) -> dict[Seat, int]:
        """How many cards each seat holds, e.g. ``{N: 14, E: 12, S: 13, W: 13}``."""
        return {s: len(h) for s, h in self.hands.items()}

    def _counts(self) -> Counter:
        return Counter(c for h in self.hands.values() for c in h.cards())

    def missing_cards(self) -> tuple[Card, ...]:
        """Cards of the pack that no hand holds, in pack order."""
        counts = self._counts()
        return tuple(c for c in full_pack() if counts[c] == 0)

    def duplicated_cards(self) -> tuple[Card, ...]:
        """Cards held more than once (by one hand or by several), in pack order."""
        counts = self._counts()
        return tuple(c for c in full_pack() if counts[c] > 1)

    def holders_of(self, card: "Card | str") -> tuple[Seat, ...]:
        """Every seat holding ``card`` (empty if missing; two or more if duplicated)."""
        c = Card.parse(card)
        return tuple(s for s, h in self.hands.items() if c.rank in h.ranks(c.suit))

    def holder_of(self, card: "Card | str") -> Seat | None:
        """The seat holding ``card`` (``'SA'`` or a ``Card``), or None if no hand holds it.

        Raises:
            DuplicateCardError: if more than one hand holds it (use ``holders_of``).
        """
        holders = self.holders_of(card)
        if len(holders) > 1:
            raise DuplicateCardError(
                f"{Card.parse(card)} is held by {', '.join(str(s) for s in holders)}")
        return holders[0] if holders else None

    def is_complete_and_valid(self) -> bool:
        """True when every hand holds 13 cards and each of the 52 cards is held exactly once."""
        return (not self.unknown_seats
                and all(n == 13 for n in self.cards_per_hand().values())
                and not self.missing_cards() and not self.duplicated_cards())

    def problems(self) -> list[str]:
        """Plain-words list of what makes the deal not a legal 52-card deal (empty if none)."""
        out = []
        for s in sorted(self.unknown_seats, key=SEATS.index):
            out.append(f"{s}'s hand is unknown")
        for s, n in self.cards_per_hand().items():
            if n != 13 and s not in self.unknown_seats:
                out.append(f"{s} holds {n} cards")
        if self.missing_cards():
            out.append("missing: " + " ".join(map(str, self.missing_cards())))
        if self.duplicated_cards():
            out.append("held twice: " + " ".join(map(str, self.duplicated_cards())))
        return out

    def to_pbn(self, first: "Seat | str" = "N") -> str:
        """The deal as a PBN deal string starting with seat ``first``."""
        f = Seat.parse(first)
        order = [SEATS[(f.index + i) % 4] for i in range(4)]
        return f"{f}:" + " ".join(
            "-" if s in self.unknown_seats else self.hands[s].to_pbn() for s in order)

    def key(self) -> str:
        """Canonical text of the deal: the PBN string starting with North.

        Two PBN strings describing the same deal from different first seats have
        the same key.
        """
        return self.to_pbn("N")

    def __str__(self) -> str:
        return self.to_pbn("N")


@dataclass(frozen=True)
class PbnBoard:
    """One game of a PBN file that carries a deal.

    Fields:
        number: the ``[Board]`` number, or None if the tag is absent.
        dealer: the ``[Dealer]`` seat, or None if absent.
        vulnerability: ``'None'``, ``'NS'``, ``'EW'``, ``'Both'``, or None if absent.
        deal: the Deal.
        line: the line of the ``[Deal]`` tag in the file.
        file: the file name (or ``'<string>'``).
        tags: every tag of the game, name -> value (as written).
    """

    number: int | None
    dealer: Seat | None
    vulnerability: str | None
    deal: Deal
    line: int
    file: str = "<string>"
    tags: dict[str, str] = field(default_factory=dict, compare=False)


def parse_deal(text: str, *, file: str | None = None, line: int | None = None,
               column: int | None = None) -> Deal:
    """Read a PBN deal string such as ``'N:AKQ2.KJ4.T93.A82 T98.Q7.AK84.KQ3 ...'``.

    Args:
        text: the deal string (the value of a ``[Deal]`` tag).
        file, line, column: where ``text`` starts, for error messages.

    Returns:
        A Deal; it may be incomplete (hands of other than 13 cards, duplicated
        or missing cards).

    Raises:
        PbnError: on a syntax error, naming the column of the offending character.
    """
    col0 = column if column is not None else 1

    def err(offset: int, detail: str) -> PbnError:
        return PbnError("Deal: " + detail, file, line, col0 + offset)

    if len(text) < 2 or text[0].upper() not in "NESW" or text[1] != ":":
        found = repr(text[:2]) if text else "nothing"
        raise err(0, f"expected a first seat N, E, S or W and ':', found {found}")
    first = Seat.parse(text[0])
    # split into hands, remembering each hand's offset
    hands: list[tuple[int, str]] = []
    i = 2
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        j = i
        while j < len(text) and not text[j].isspace():
            j += 1
        hands.append((i, text[i:j]))
        i = j
    if len(hands) != 4:
        raise err(len(text) if len(hands) < 4 else hands[4][0],
                  f"expected 4 hands separated by spaces, found {len(hands)}")
    by_seat: dict[Seat, Hand] = {}
    unknown: set[Seat] = set()
    for k, (off, h) in enumerate(hands):
        seat = SEATS[(first.index + k) % 4]
        if h == "-":
            by_seat[seat] = Hand.from_suits()
            unknown.add(seat)
            continue
        parts = h.split(".")
        if len(parts) != 4:
            raise err(off, f"expected 4 suits separated by '.' in {seat}'s hand, "
                           f"found {len(parts)} in {h!r}")
        pos = off
        for suit, ranks in zip(SUITS, parts):
            for n, ch in enumerate(ranks):
                if ch not in RANKS:
                    hint = " (write T for ten)" if ch in "10" else ""
                    raise err(pos + n, f"expected a rank from {RANKS} in {seat}'s "
                                       f"{_SUIT_WORDS[suit]}, found {ch!r}{hint}")
            pos += len(ranks) + 1
        by_seat[seat] = Hand.from_suits(*parts)
    return Deal(by_seat, frozenset(unknown))


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    value_col: int


def _tokenize(text: str, file: str) -> list[list[_Tag]]:
    """Split a PBN text into games (lists of tags)."""
    games: list[list[_Tag]] = []
    cur: list[_Tag] = []
    in_brace: tuple[int, int] | None = None
    for ln, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if in_brace is None and line.strip() == "":
            if cur:
                games.append(cur)
                cur = []
            continue
        if in_brace is None and line.startswith("%"):
            continue
        i = 0
        while i < len(line):
            ch = line[i]
            if in_brace is not None:
                end = line.find("}", i)
                if end < 0:
                    break
                in_brace = None
                i = end + 1
                continue
            if ch == "{":
                in_brace = (ln, i + 1)
                i += 1
                continue
            if ch == ";":
                break
            if ch == "[":
                i = _read_tag(line, i, ln, file, cur)
                if cur and cur[-1].name in ("Board", "Deal") and _repeats(cur):
                    games.append(cur[:-1])
                    cur[:] = cur[-1:]
                continue
            if ch == "]":
                raise PbnError("expected '[' to open a tag, found ']'", file, ln, i + 1)
            i += 1  # section data (auction, play, ...) and white space: skipped
    if in_brace is not None:
        raise PbnError("expected '}' to close the comment opened here, found end of file",
                       file, in_brace[0], in_brace[1])
    if cur:
        games.append(cur)
    return games


def _repeats(tags: list[_Tag]) -> bool:
    last = tags[-1].name
    return any(t.name == last for t in tags[:-1])


def _read_tag(line: str, i: int, ln: int, file: str, cur: list[_Tag]) -> int:
    j = i + 1
    while j < len(line) and line[j] == " ":
        j += 1
    k = j
    while k < len(line) and (line[k].isalnum() or line[k] == "_"):
        k += 1
    name = line[j:k]
    if not name:
        found = repr(line[k]) if k < len(line) else "end of line"
        raise PbnError(f"expected a tag name after '[', found {found}", file, ln, k + 1)
    while k < len(line) and line[k] == " ":
        k += 1
    if k >= len(line) or line[k] != '"':
        found = repr(line[k]) if k < len(line) else "end of line"
        raise PbnError(f'{name}: expected a quoted value "...", found {found}', file, ln, k + 1)
    value_col = k + 2
    k += 1
    buf = []
    while k < len(line) and line[k] != '"':
        if line[k] == "\\" and k + 1 < len(line):
            k += 1
        buf.append(line[k])
        k += 1
    if k >= len(line):
        raise PbnError(f"{name}: expected '\"' to close the value, found end of line",
                       file, ln, k + 1)
    k += 1
    while k < len(line) and line[k] == " ":
        k += 1
    if k >= len(line) or line[k] != "]":
        found = repr(line[k]) if k < len(line) else "end of line"
        raise PbnError(f"{name}: expected ']' to close the tag, found {found}", file, ln, k + 1)
    cur.append(_Tag(name, "".join(buf), ln, value_col))
    return k + 1


def parse_pbn(text: str, file: str = "<string>") -> list[PbnBoard]:
    """Read every game that has a ``[Deal]`` tag from a PBN text.

    Args:
        text: the contents of a PBN file.
        file: the file name to put in error messages.

    Returns:
        The boards in file order.

    Raises:
        PbnError: on the first syntax error, with file, line and column.
    """
    boards: list[PbnBoard] = []
    previous: dict[str, _Tag] = {}
    for game in _tokenize(text, file):
        tags: dict[str, _Tag] = {}
        for t in game:
            if t.value == "#" and t.name in previous:
                p = previous[t.name]
                t = _Tag(t.name, p.value, t.line, t.value_col) if t.name != "Deal" else \
                    _Tag(t.name, p.value, p.line, p.value_col)
            tags[t.name] = t
        previous.update(tags)
        if "Deal" not in tags:
            continue
        d = tags["Deal"]
        deal = parse_deal(d.value, file=file, line=d.line, column=d.value_col)
        number = None
        if "Board" in tags and tags["Board"].value.strip() not in ("", "?"):
            b = tags["Board"]
            try:
                number = int(b.value.strip())
                if number < 1:
                    raise ValueError
            except ValueError:
                raise PbnError(f"Board: expected a board number 1, 2, ..., found {b.value!r}",
                               file, b.line, b.value_col) from None
        dealer = None
        if "Dealer" in tags and tags["Dealer"].value.strip() not in ("", "?"):
            t = tags["Dealer"]
            v = t.value.strip().upper()
            if v not in ("N", "E", "S", "W"):
                raise PbnError(f"Dealer: expected N, E, S or W, found {t.value!r}",
                               file, t.line, t.value_col)
            dealer = Seat(v)
        vul = None
        if "Vulnerable" in tags and tags["Vulnerable"].value.strip() not in ("", "?"):
            t = tags["Vulnerable"]
            vul = _VULNERABILITY.get(t.value.strip().lower())
            if vul is None:
                raise PbnError(f"Vulnerable: expected None, NS, EW or All, found {t.value!r}",
                               file, t.line, t.value_col)
        boards.append(PbnBoard(number, dealer, vul, deal, d.line, file,
                               {k: v.value for k, v in tags.items()}))
    return boards


#: the largest PBN file read (bytes): a session of a few hundred boards is well under a megabyte
MAX_PBN_BYTES = 20_000_000


def read_pbn(path: "str | pathlib.Path") -> list[PbnBoard]:
    """Read a PBN file (UTF-8, or Latin-1 as PBN 1.0 files often are).

    Raises:
        PbnError: on a syntax error, or if the file cannot be read (line None).
    """
    from bridge_director.base.files import read_bytes
    from bridge_director.base.yamlpos import InputError
    try:
        data = read_bytes(path, MAX_PBN_BYTES, "a PBN file")
    except InputError as e:
        raise PbnError(e.message, str(path)) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return parse_pbn(text, str(path))


_TAG_RE = __import__("re").compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


_PBN_VUL = {"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW", "all": "Both", "both": "Both"}


class _Unterminated(Exception):
    """A quoted tag value with no closing quote on its line (args: its column, 1-based)."""


def _strip_comments(line: str, in_brace: bool) -> tuple[str, bool]:
    """``line`` without its ``{...}`` and ``;`` comments, and whether a ``{`` is still open at
    its end. A quoted tag value is read first, as text: a ``{`` or ``;`` inside
    ``[Event "Club {Monday"]`` opens no comment (it swallowed the board that followed).

    Raises:
        _Unterminated: a ``"`` with no closing ``"`` on the line.
    """
    out, i = [], 0
    while i < len(line):
        if in_brace:
            j = line.find("}", i)
            if j < 0:
                return "".join(out), True
            in_brace, i = False, j + 1
            continue
        ch = line[i]
        if ch == '"':
            j = i + 1
            while j < len(line) and line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            if j >= len(line):
                raise _Unterminated(i + 1)
            out.append(line[i:j + 1])
            i = j + 1
            continue
        if ch == "{":
            in_brace = True
        elif ch == ";":
            break
        else:
            out.append(ch)
        i += 1
    return "".join(out), in_brace


def read_auction_game(text: str, file: str = "<string>") -> dict:
    """The first game of a PBN text: its tags (name -> (value, line)), the tokens of its
    ``[Auction]`` section (token, line, column) and its ``[Note]`` texts (number -> text).

    Raises:
        PbnError: no game with tags in the text.
    """
    tags: dict[str, tuple[str, int]] = {}
    tokens: list[tuple[str, int, int]] = []
    notes: dict[str, str] = {}
    section = None
    in_brace = False
    parted = False          # a blank line since the game's first tag: a tag given again begins the next game
    for ln, raw in enumerate(text.splitlines(), start=1):
        if raw.startswith("%"):
            continue
        try:
            line, in_brace = _strip_comments(raw, in_brace)
        except _Unterminated as e:
            raise PbnError('expected a tag value closed by " on its line, such as [Event "Club"], found none',
                           file, ln, e.args[0]) from None
        if not line.strip():
            if tags and not in_brace and section is not None and tokens:
                section = "done"
            parted = parted or bool(tags) and not in_brace
            continue
        found = list(_TAG_RE.finditer(line))
        if found:
            for m in found:
                name, value = m[1], m[2].replace('\\"', '"')
                if name == "Board" and "Board" in tags and parted:
                    return {"tags": tags, "tokens": tokens, "notes": notes}
                if name == "Note":
                    num, _, body = value.partition(":")
                    notes[num.strip()] = body.strip()
                elif name in tags and not parted:
                    if tokens and name != "Auction":    # after its auction: the next game, with no blank line
                        return {"tags": tags, "tokens": tokens, "notes": notes}
                    # one game gives each tag once: a second [Auction] was read as more calls in
                    # rotation (its seat ignored), a second [Dealer] was dropped in silence
                    raise PbnError(f"[{name}] given twice in one game (first on line {tags[name][1]}): expected "
                                   f"each tag once, and a blank line before the next game", file, ln, m.start() + 1)
                else:
                    tags.setdefault(name, (value, ln))
                section = name
            continue
        if section == "Auction":
            col = 0
            for tok in line.split():
                col = line.index(tok, col) + 1
                tokens.append((tok, ln, col))
                col += len(tok) - 1
    if not tags:
        raise PbnError("expected PBN tags such as [Board \"5\"] and [Auction \"N\"], found none", file, 1, 1)
    return {"tags": tags, "tokens": tokens, "notes": notes}


def _auction_items(tokens, file):
    """(kind, value, line, col) items of an auction: ('call', Call) / ('skip', None) /
    ('mark', 'I' | 'S' | ...) / ('note', '1') / ('all-pass', None)."""
    from bridge_director.bridge.table import Call, CallSyntaxError
    for tok, ln, col in tokens:
        rest, c = tok, col
        while rest:
            if rest.startswith("^"):
                yield "mark", rest[1:2].upper(), ln, c
                rest, c = rest[2:], c + 2
                continue
            if rest.startswith("="):
                end = rest.find("=", 1)
                if end < 0:
                    raise PbnError(f"Auction: expected a note reference such as =1=, found {rest!r}", file, ln, c)
                yield "note", rest[1:end], ln, c
                rest, c = rest[end + 1:], c + end + 1
                continue
            cut = min([i for i in (rest.find("^", 1), rest.find("=", 1)) if i > 0] or [len(rest)])
            word, rest, at = rest[:cut], rest[cut:], c
            c += cut
            up = word.upper()
            if up in ("*", "+") or up.startswith("$"):
                continue
            if up == "-":
                yield "skip", None, ln, at
            elif up == "AP":
                yield "all-pass", None, ln, at
            else:
                try:
                    yield "call", Call.parse(word), ln, at
                except CallSyntaxError:
                    raise PbnError(f"Auction: expected a call (1C..7NT, Pass, X, XX), AP, '-', a note =1= or a "
                                   f"mark such as ^I, found {word!r}", file, ln, at) from None

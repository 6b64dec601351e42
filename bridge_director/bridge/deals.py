"""Evidence about how a set of boards was shuffled, and a register of deals already played.

Mechanics and statistics only.  This module measures how likely a board, or a
set of boards, would be under a thorough shuffle and one-card-at-a-time
dealing, and remembers which deals were registered under which session.  It
never decides what follows from that evidence: that belongs to the rulebook
and to the director.

The measures
------------

*Random deal* below means: the 52 cards in uniformly random order, four hands
of 13.  All reference probabilities are exact combinatorics, not simulation.

1. **Adjacent-rank seat steps** (per board, ``sortedness``).  For each suit and
   each pair of neighbouring ranks (A-K, K-Q, ..., 3-2; 12 pairs per suit, 48
   per deal) take the clockwise step from the holder of the higher card to the
   holder of the lower: 0 (same hand), 1, 2 or 3 seats.  Under a random deal
   the step is 0 with probability 12/51 and each of 1, 2, 3 with 13/51.
   Dealing in rotation from a pack that is sorted (or barely shuffled) makes
   the steps pile up on 1 or 3 (neighbouring ranks go to neighbouring seats);
   dealing in packets from such a pack piles them on 0 (runs of consecutive
   ranks in one hand).  The counts of the four steps are compared with their
   expectation by a G-test (likelihood-ratio chi-square, 3 degrees of freedom).
   ``sortedness`` reports the counts, the p-value and the score
   ``-log10(p)``.  The 48 steps are not quite independent (each hand holds
   exactly 13 cards), so G is divided by a calibration factor measured on
   simulated random deals (``_STEP_G_SCALE``); the tests re-check the
   false-alarm rate.  Far in the tail the chi-square reference is only an
   approximation, so plain words stop at "fewer than 1 time in a billion".

2. **Longest holding** (per board).  ``P(some hand holds >= L cards of some
   suit)`` for the board's longest holding L.  How one suit splits among the
   four hands is exact: ``P(a, b, c, d) = C(13,a) C(13,b) C(13,c) C(13,d) /
   C(52,13)``; the four suits are combined by the union bound (an upper bound,
   tight for the long holdings that matter).

3. **Hand patterns across the set**.  The observed frequency of hand patterns
   (4-4-3-2, 5-3-3-2, ...) over all hands of the set against the exact
   probability of each pattern, ``(arrangements) * C(13,a) C(13,b) C(13,c)
   C(13,d) / C(52,13)``; rare patterns are pooled so that every bin expects at
   least 5 hands; Pearson chi-square.  Catches sets that are too flat (poor
   shuffles after play) as well as too wild.

4. **One suit systematically long** (the diamond story).  For each suit, the
   number of boards on which some hand holds ``LONG_SUIT`` (6) or more cards of
   it, against the exact per-board probability; one-sided binomial p-value.

5. **Adjacent-rank seat steps across the set**: the step counts of measure 1
   summed over all boards, same G-test.

A set-level p-value is the smallest p of measures 3-5 times the number of
tests made (Bonferroni), capped at 1.  "A thorough shuffle would produce a set
this lopsided about 1 time in N" means N = 1/p.
"""
from __future__ import annotations

import contextlib
import datetime as _dt
import json
import math
import os
import pathlib
import sqlite3
import sys
import time
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Iterable, NamedTuple, Sequence

from scipy import stats

from bridge_director.bridge.pbn import RANKS, SUITS, Deal, PbnBoard

__all__ = [
    "BOARD_ALPHA",
    "SET_ALPHA",
    "LONG_SUIT",
    "Sortedness",
    "BoardCheck",
    "SetTest",
    "Report",
    "sortedness",
    "longest_holding_p",
    "hand_pattern_probabilities",
    "suit_split_probabilities",
    "check_boards",
    "one_in",
    "RegisterError",
    "Played",
    "Conflict",
    "RegisterResult",
    "Register",
    "default_db_path",
    "played_in_other_sessions",
    "report_json",
]

BOARD_ALPHA = 0.001
"""A board is flagged when one of its per-board p-values is below this."""
SET_ALPHA = 0.01
"""A set is flagged when its combined (Bonferroni) p-value is below this."""
LONG_SUIT = 6
"""Holding length counted as 'long' in the one-suit-systematically-long test."""

_SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_C52_13 = math.comb(52, 13)
_STEP_P = (12 / 51, 13 / 51, 13 / 51, 13 / 51)
_STEP_G_SCALE = 1.035
"""Calibration of the seat-step G statistic: on 100,000 simulated random deals its
mean was 3.10 instead of the chi-square's 3 (the steps are slightly dependent);
dividing G by 1.035 brought the false-alarm rates at 0.05 / 0.01 / 0.001 to
0.051 / 0.010 / 0.0010."""


# --------------------------------------------------------------------------
# Exact reference distributions
# --------------------------------------------------------------------------

def _compositions(total: int = 13, parts: int = 4):
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _compositions(total - first, parts - 1):
            yield (first,) + rest


@lru_cache(maxsize=None)
def suit_split_probabilities() -> dict[tuple[int, int, int, int], float]:
    """Exact probability of each split ``(N, E, S, W)`` of one suit in a random deal."""
    return {c: math.prod(math.comb(13, x) for x in c) / _C52_13 for c in _compositions()}


@lru_cache(maxsize=None)
def hand_pattern_probabilities() -> dict[tuple[int, int, int, int], float]:
    """Exact probability of each hand pattern (lengths longest first) for one hand."""
    out: dict[tuple[int, int, int, int], float] = {}
    for c in _compositions():
        key = tuple(sorted(c, reverse=True))
        out[key] = out.get(key, 0.0) + math.prod(math.comb(13, x) for x in c) / _C52_13
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


@lru_cache(maxsize=None)
def _p_suit_max_at_least(k: int) -> float:
    return sum(p for c, p in suit_split_probabilities().items() if max(c) >= k)


def longest_holding_p(deal: Deal) -> tuple[int, float]:
    """The board's longest holding L and an upper bound on P(some hand holds >= L of some suit).

    Returns:
        ``(L, p)`` with ``p = min(1, 4 * P(one given suit has a holding >= L))``.
    """
    longest = max(max(h.lengths()) for h in deal.hands.values())
    return longest, min(1.0, 4 * _p_suit_max_at_least(longest))


def one_in(p: float) -> str:
    """Plain words for a probability: ``'1 time in 2,500'``."""
    if p < 1e-9:
        return "fewer than 1 time in a billion"
    n = 1 / p
    if n < 1.05:
        return "nearly always"
    if n < 10:
        return f"about 1 time in {n:.1f}".replace(".0", "")
    digits = int(math.floor(math.log10(n))) - 1
    rounded = round(n, -digits)
    return f"about 1 time in {int(rounded):,}"


# --------------------------------------------------------------------------
# Per-board measures
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Sortedness:
    """Adjacent-rank seat steps of one deal (measure 1 of the module docstring).

    Fields:
        steps: counts of clockwise steps 0, 1, 2, 3 over the 48 neighbouring-rank pairs.
        expected: the counts expected under a random deal.
        g: the G statistic.
        p_value: chi-square (3 df) p-value of ``g``.
    """

    steps: tuple[int, int, int, int]
    expected: tuple[float, float, float, float]
    g: float
    p_value: float

    @property
    def score(self) -> float:
        """``-log10(p_value)``: 0 for a typical deal, about 3 at p = 0.001, more is more sorted."""
        return -math.log10(max(self.p_value, 1e-300))

    def __float__(self) -> float:
        return self.score


def _step_counts(deal: Deal) -> tuple[int, int, int, int]:
    where: dict[tuple[str, str], int] = {}
    for seat, hand in deal.hands.items():
        for suit in SUITS:
            for r in hand.ranks(suit):
                where[(suit, r)] = seat.index
    counts = [0, 0, 0, 0]
    for suit in SUITS:
        for hi, lo in zip(RANKS, RANKS[1:]):
            if (suit, hi) in where and (suit, lo) in where:
                counts[(where[(suit, lo)] - where[(suit, hi)]) % 4] += 1
    return tuple(counts)  # type: ignore[return-value]


def _g_test(counts: Sequence[int], probs: Sequence[float],
            scale: float = _STEP_G_SCALE) -> tuple[float, float, tuple]:
    n = sum(counts)
    exp = tuple(n * p for p in probs)
    if n == 0:
        return 0.0, 1.0, exp
    g = 2 * sum(o * math.log(o / e) for o, e in zip(counts, exp) if o > 0)
    return g, float(stats.chi2.sf(g / scale, len(counts) - 1)), exp


def sortedness(deal: Deal) -> Sortedness:
    """How much the deal looks dealt from a sorted or barely shuffled pack.

    Returns:
        A Sortedness; ``float(result)`` is the score ``-log10(p)``.
    """
    counts = _step_counts(deal)
    g, p, exp = _g_test(counts, _STEP_P)
    return Sortedness(counts, exp, g, p)


@dataclass
class BoardCheck:
    """Per-board evidence.

    Fields:
        board: board number (the PBN ``[Board]``, else the position in the file).
        line: line of the ``[Deal]`` tag.
        complete: whether the deal is a legal 52-card deal.
        problems: what makes it not one (plain words).
        sortedness: the adjacent-rank seat-step measure, None if not complete.
        longest: longest holding of any hand in any suit.
        longest_p: upper bound on the chance of a holding that long (random deal).
        flags: short codes: ``'incomplete-deal'``, ``'sorted-pack'``, ``'extreme-distribution'``.
        played_in: earlier registrations of this deal (filled by the CLI / caller).
    """

    board: int
    line: int
    complete: bool
    problems: list[str]
    sortedness: Sortedness | None
    longest: int
    longest_p: float
    flags: list[str] = field(default_factory=list)
    played_in: list["Played"] = field(default_factory=list)

    def lines(self) -> list[str]:
        """Plain-words lines describing the flags of this board (empty if none)."""
        out = []
        if "incomplete-deal" in self.flags:
            out.append(f"board {self.board}: not a complete deal: " + "; ".join(self.problems))
        if "sorted-pack" in self.flags and self.sortedness is not None:
            s = self.sortedness
            out.append(
                f"board {self.board}: looks dealt from a sorted or barely shuffled pack: "
                f"neighbouring ranks went to seats 0/1/2/3 steps apart "
                f"{s.steps[0]}/{s.steps[1]}/{s.steps[2]}/{s.steps[3]} times "
                f"(random deals average {'/'.join(f'{e:.0f}' for e in s.expected)}); "
                f"a thorough shuffle does this {one_in(s.p_value)}")
        if "extreme-distribution" in self.flags:
            out.append(f"board {self.board}: a hand holds {self.longest} cards of one suit; "
                       f"a thorough shuffle does this {one_in(self.longest_p)}")
        for p in self.played_in:
            out.append(f"board {self.board}: this deal was already played in session "
                       f"{p.session!r} (board {p.board}, registered {p.registered_at})")
        return out


@dataclass
class SetTest:
    """One set-level test: name, statistic, p-value and a plain-words summary."""

    name: str
    statistic: float
    p_value: float
    detail: str
    observed: list = field(default_factory=list)
    expected: list = field(default_factory=list)


@dataclass
class Report:
    """What ``check_boards`` found.

    Fields:
        boards: per-board evidence, in file order.
        tests: set-level tests (hand patterns, long suits by suit, seat steps).
        p_value: combined set-level p-value (smallest test p times number of tests, max 1).
        flagged: ``p_value < SET_ALPHA``.
        lines: plain-words summary.
    """

    boards: list[BoardCheck]
    tests: list[SetTest]
    p_value: float
    flagged: bool
    lines: list[str]

    @property
    def flagged_boards(self) -> list[int]:
        """Numbers of boards with at least one flag."""
        return [b.board for b in self.boards if b.flags or b.played_in]

    @property
    def has_findings(self) -> bool:
        """True if the set or any board is flagged, or a deal was already played."""
        return self.flagged or bool(self.flagged_boards)

    def to_dict(self) -> dict:
        """JSON-ready form."""
        d = asdict(self)
        d["flagged_boards"] = self.flagged_boards
        for b in d["boards"]:
            if b["sortedness"] is not None:
                b["sortedness"]["score"] = -math.log10(max(b["sortedness"]["p_value"], 1e-300))
            b["played_in"] = [dict(zip(Played._fields, p)) for p in b["played_in"]]
        return d

    def text(self) -> str:
        """The plain-words report, one finding per line."""
        return "\n".join(self.lines)


def _pattern_test(deals: list[Deal]) -> SetTest | None:
    probs = hand_pattern_probabilities()
    n = 4 * len(deals)
    observed: dict[tuple, int] = {}
    for d in deals:
        for h in d.hands.values():
            observed[h.pattern()] = observed.get(h.pattern(), 0) + 1
    bins: list[tuple[list[tuple], float, int]] = []
    cur: list[tuple] = []
    cur_p = 0.0
    for pat, p in probs.items():
        cur.append(pat)
        cur_p += p
        if cur_p * n >= 5:
            bins.append((cur, cur_p, sum(observed.get(x, 0) for x in cur)))
            cur, cur_p = [], 0.0
    if cur:
        if not bins:
            return None
        last = bins.pop()
        merged = last[0] + cur
        bins.append((merged, last[1] + cur_p, sum(observed.get(x, 0) for x in merged)))
    if len(bins) < 2:
        return None
    obs = [b[2] for b in bins]
    exp = [b[1] * n for b in bins]
    chi2, p = stats.chisquare(obs, exp)
    labels = ["/".join("-".join(map(str, pat)) for pat in b[0][:3]) +
              ("/..." if len(b[0]) > 3 else "") for b in bins]
    worst = max(range(len(bins)), key=lambda i: (obs[i] - exp[i]) ** 2 / exp[i])
    detail = (f"hand patterns over {n} hands: chi-square {chi2:.1f} on {len(bins) - 1} df, "
              f"p = {p:.3g}; most off: {labels[worst]} seen {obs[worst]} times, "
              f"expected {exp[worst]:.1f}")
    return SetTest("hand-patterns", float(chi2), float(p), detail,
                   [[labels[i], obs[i]] for i in range(len(bins))],
                   [[labels[i], round(exp[i], 2)] for i in range(len(bins))])


def _long_suit_tests(deals: list[Deal]) -> list[SetTest]:
    p1 = _p_suit_max_at_least(LONG_SUIT)
    n = len(deals)
    out = []
    for suit in SUITS:
        k = sum(1 for d in deals if max(h.length(suit) for h in d.hands.values()) >= LONG_SUIT)
        p = float(stats.binom.sf(k - 1, n, p1)) if k > 0 else 1.0
        detail = (f"{_SUIT_WORDS[suit]}: on {k} of {n} boards a hand holds {LONG_SUIT}+ "
                  f"{_SUIT_WORDS[suit]} (a thorough shuffle averages {n * p1:.1f}); p = {p:.3g}")
        out.append(SetTest(f"long-{_SUIT_WORDS[suit]}", float(k), p, detail, [k], [n * p1]))
    return out


def _steps_test(sorts: list[Sortedness]) -> SetTest:
    counts = [sum(s.steps[i] for s in sorts) for i in range(4)]
    g, p, exp = _g_test(counts, _STEP_P)
    detail = (f"neighbouring ranks over {len(sorts)} boards went to seats 0/1/2/3 steps apart "
              f"{'/'.join(map(str, counts))} times (expected "
              f"{'/'.join(f'{e:.0f}' for e in exp)}); G = {g:.1f}, p = {p:.3g}")
    return SetTest("seat-steps", g, p, detail, counts, [round(e, 2) for e in exp])


def check_boards(boards: Iterable[PbnBoard], register: "Register | None" = None,
                 session: str | None = None) -> Report:
    """Per-board flags and set-level statistics for a set of boards.

    Args:
        boards: boards as read by ``bridge_director.bridge.pbn.read_pbn``.  Incomplete deals are
            flagged and left out of the statistics.
        register: if given, each complete deal is looked up and earlier
            registrations go to ``BoardCheck.played_in``.
        session: registrations under this session are not reported.

    Returns:
        A Report.
    """
    checks: list[BoardCheck] = []
    good: list[Deal] = []
    sorts: list[Sortedness] = []
    for i, b in enumerate(boards, start=1):
        number = b.number if b.number is not None else i
        deal = b.deal
        complete = deal.is_complete_and_valid()
        longest, lp = longest_holding_p(deal)
        s = sortedness(deal) if complete else None
        bc = BoardCheck(number, b.line, complete, deal.problems(), s, longest, lp)
        if not complete:
            bc.flags.append("incomplete-deal")
        else:
            good.append(deal)
            sorts.append(s)  # type: ignore[arg-type]
            if s.p_value < BOARD_ALPHA:  # type: ignore[union-attr]
                bc.flags.append("sorted-pack")
            if lp < BOARD_ALPHA:
                bc.flags.append("extreme-distribution")
            if register is not None:
                bc.played_in = register.played_elsewhere(deal, session)
        checks.append(bc)

    tests: list[SetTest] = []
    if good:
        pt = _pattern_test(good)
        if pt is not None:
            tests.append(pt)
        tests.extend(_long_suit_tests(good))
        tests.append(_steps_test(sorts))
    combined = min(1.0, len(tests) * min(t.p_value for t in tests)) if tests else 1.0
    flagged = combined < SET_ALPHA

    lines = [f"{len(checks)} board{'s' if len(checks) != 1 else ''} read, "
             f"{len(good)} complete deal{'s' if len(good) != 1 else ''} checked"]
    for bc in checks:
        lines.extend(bc.lines())
    if tests:
        worst = min(tests, key=lambda t: t.p_value)
        if flagged:
            lines.append(f"the set looks poorly shuffled: a thorough shuffle would produce a set "
                         f"this lopsided {one_in(combined)} (combined p = {combined:.3g}, "
                         f"{len(tests)} tests)")
            lines.append(f"strongest evidence: {worst.detail}")
        else:
            lines.append(f"the set looks thoroughly shuffled: a thorough shuffle produces a set "
                         f"at least this lopsided {one_in(combined)} (combined p = {combined:.3g}, "
                         f"{len(tests)} tests)")
        for t in tests:
            lines.append("  " + t.detail)
    return Report(checks, tests, combined, flagged, lines)


# --------------------------------------------------------------------------
# Register of deals already played
# --------------------------------------------------------------------------

_PAUSE_ENV = "BRIDGE_DIRECTOR_DEALS_PAUSE_AFTER"
"""Test hook: after this many boards are written inside the transaction, print
``paused`` to stderr and sleep, so a test can kill the process mid-write."""
_FORMAT = "bridge-director deal register"
_VERSION = "1"
_SQLITE_MAGIC = b"SQLite format 3\x00"


class RegisterError(Exception):
    """The register database cannot be used; the message names the file."""


class Played(NamedTuple):
    """One earlier registration of a deal: ``(session, board, registered_at)``."""

    session: str
    board: int
    registered_at: str


@dataclass
class Conflict:
    """A board that was not registered, and why.

    Fields:
        board: the board's number in the file being registered.
        kind: ``'played-in-other-session'``, ``'different-deal-same-board'``,
            ``'same-deal-twice'`` or ``'incomplete-deal'``.
        message: plain words, e.g. ``board 5 of session 'B' was already played in
            session 'A' (board 12, registered ...)``.
        other: the earlier registration involved, if any.
    """

    board: int
    kind: str
    message: str
    other: Played | None = None


@dataclass
class RegisterResult:
    """Outcome of ``Register.register``: boards added, boards already there, conflicts."""

    session: str
    added: list[int] = field(default_factory=list)
    unchanged: list[int] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when there was no conflict."""
        return not self.conflicts

    def lines(self) -> list[str]:
        """Plain-words summary."""
        out = [f"session {self.session!r}: {len(self.added)} boards registered, "
               f"{len(self.unchanged)} already registered, {len(self.conflicts)} not registered"]
        out.extend(c.message for c in self.conflicts)
        return out

    def to_dict(self) -> dict:
        """JSON-ready form."""
        d = asdict(self)
        for c in d["conflicts"]:
            if c["other"] is not None:
                c["other"] = dict(zip(Played._fields, c["other"]))
        return d


def default_db_path() -> pathlib.Path:
    """``<user data dir>/bridge-director/deals.sqlite`` (per ``platformdirs``)."""
    import platformdirs
    return pathlib.Path(platformdirs.user_data_dir("bridge-director")) / "deals.sqlite"


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


class Register:
    """A SQLite register of deals already played, by session and board.

    Opening validates the file before anything is written to it: a file that
    is not a SQLite database, or a SQLite database that is not a deal register,
    raises ``RegisterError`` naming the file and is left untouched.  Writes use
    WAL journaling and one ``BEGIN IMMEDIATE`` transaction per ``register``
    call, so a crash keeps every earlier session and nothing of the interrupted one.

    Args:
        path: the database file (default ``default_db_path()``, created with its parent
            folders if missing); a path given is created only in a folder that exists.
        create: if False and the file does not exist, raise ``RegisterError``
            instead of creating it.
    """

    def __init__(self, path: "str | pathlib.Path | None" = None, *, create: bool = True,
                 read_only: bool = False) -> None:
        self.path = pathlib.Path(path) if path is not None else default_db_path()
        self._conn: sqlite3.Connection | None = None
        exists = self.path.exists()
        if not exists and not create:
            raise RegisterError(f"{self.path}: no deal register here yet")
        if exists:
            import stat as _stat
            mode = self.path.stat().st_mode
            if not _stat.S_ISREG(mode):
                kind = "a folder" if _stat.S_ISDIR(mode) else "a FIFO (named pipe)" if _stat.S_ISFIFO(mode) \
                    else "a device or socket"
                raise RegisterError(f"{self.path}: expected a deal register (a regular file), found {kind}")
            self._check_header()
        if read_only:
            self._open_read_only(exists)
            return
        if not exists and path is None:      # the default register: its folder is made the first time
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise RegisterError(f"{self.path}: cannot create the folder: {e.strerror}") from None
        elif not exists:                     # a register named by the user: in a folder that exists (as -o)
            folder = self.path.parent if str(self.path.parent) else pathlib.Path(".")
            if not folder.is_dir():
                found = "no folder" if not folder.exists() else "something that is not a folder:"
                raise RegisterError(f"{self.path}: expected an existing folder to hold the deal register, "
                                    f"found {found} {str(folder)!r}")
        try:
            conn = sqlite3.connect(str(self.path), timeout=30, isolation_level=None)
        except sqlite3.Error as e:
            raise RegisterError(f"{self.path}: cannot open the deal register: {e}") from None
        self._conn = conn
        try:
            tables = {r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if tables and "meta" not in tables:
                raise RegisterError(f"{self.path}: is a SQLite database but not a "
                                    f"bridge-director deal register; not touching it")
            if "meta" in tables:
                fmt = dict(conn.execute("SELECT key, value FROM meta"))
                if fmt.get("format") != _FORMAT:
                    raise RegisterError(f"{self.path}: is a SQLite database but not a "
                                        f"bridge-director deal register; not touching it")
                if fmt.get("version") != _VERSION:
                    raise RegisterError(f"{self.path}: deal register version "
                                        f"{fmt.get('version')!r}, this program reads {_VERSION!r}")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            if "meta" not in tables:
                with self._transaction():
                    for stmt in _SCHEMA:
                        conn.execute(stmt)
                    conn.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?)", (_FORMAT,))
                    conn.execute("INSERT OR IGNORE INTO meta VALUES ('version', ?)", (_VERSION,))
        except RegisterError:
            self.close()
            raise
        except sqlite3.Error as e:
            self.close()
            raise RegisterError(f"{self.path}: cannot use the deal register "
                                f"(damaged or not a database?): {e}") from None

    def _open_read_only(self, exists: bool) -> None:
        """Open an existing register for look-ups only: nothing is ever written to the file (an
        empty file or a SQLite database that is not a register is refused, never made one)."""
        if not exists:
            raise RegisterError(f"{self.path}: no deal register here yet")
        if self.path.stat().st_size == 0:
            raise RegisterError(f"{self.path}: is an empty file, not a deal register; not touching it")
        # A register is in WAL mode, and SQLite makes the -shm and -wal files of a WAL database
        # even for a read-only connection: with no -wal file beside it (no writer at work, every
        # write already in the file) it is opened immutable, and nothing is made beside it.
        resolved = self.path.resolve()
        quiet = "" if pathlib.Path(f"{resolved}-wal").exists() else "&immutable=1"
        try:
            conn = sqlite3.connect(f"{resolved.as_uri()}?mode=ro{quiet}", uri=True, timeout=30,
                                   isolation_level=None)
        except (sqlite3.Error, ValueError) as e:
            raise RegisterError(f"{self.path}: cannot open the deal register: {e}") from None
        self._conn = conn
        try:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            fmt = dict(conn.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
        except sqlite3.Error as e:
            self.close()
            raise RegisterError(f"{self.path}: cannot read the deal register (damaged or not a database?): {e}") \
                from None
        if fmt.get("format") != _FORMAT:
            self.close()
            raise RegisterError(f"{self.path}: is not a bridge-director deal register; not touching it")
        if fmt.get("version") != _VERSION:
            self.close()
            raise RegisterError(f"{self.path}: deal register version {fmt.get('version')!r}, this program reads "
                                f"{_VERSION!r}")

    def _check_header(self) -> None:
        try:
            with open(self.path, "rb") as f:
                head = f.read(len(_SQLITE_MAGIC))
        except OSError as e:
            raise RegisterError(f"{self.path}: cannot read the deal register: {e.strerror}") from None
        if head and head != _SQLITE_MAGIC:
            raise RegisterError(f"{self.path}: is not a SQLite database (damaged, or some other "
                                f"file); not touching it. Move it away or pass --db")

    @contextlib.contextmanager
    def _transaction(self):
        conn = self._require()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        else:
            conn.execute("COMMIT")

    def _require(self) -> sqlite3.Connection:
        if self._conn is None:
            raise RegisterError(f"{self.path}: the register is closed")
        return self._conn

    def close(self) -> None:
        """Close the database connection."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> "Register":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ---------------------------------------------------------------- reads

    def lookup(self, deal: Deal) -> list[Played]:
        """Every registration of ``deal`` (whichever seat its PBN string started with).

        Returns:
            ``[Played(session, board, registered_at), ...]`` oldest first.
        """
        try:
            rows = self._require().execute(
                "SELECT session, board, registered_at FROM deals WHERE deal_key = ? "
                "ORDER BY registered_at, session, board", (deal.key(),)).fetchall()
        except sqlite3.Error as e:
            raise RegisterError(f"{self.path}: cannot read the deal register: {e}") from None
        return [Played(*r) for r in rows]

    def played_elsewhere(self, deal: Deal, session: str | None) -> list[Played]:
        """Registrations of ``deal`` under a session other than ``session`` (all if None)."""
        return [p for p in self.lookup(deal) if p.session != session]

    def sessions(self) -> list[tuple[str, str, int]]:
        """``[(session, registered_at, number of boards), ...]`` oldest first."""
        try:
            return [tuple(r) for r in self._require().execute(
                "SELECT s.name, s.registered_at, COUNT(d.board) FROM sessions s "
                "LEFT JOIN deals d ON d.session = s.name GROUP BY s.name "
                "ORDER BY s.registered_at, s.name")]
        except sqlite3.Error as e:
            raise RegisterError(f"{self.path}: cannot read the deal register: {e}") from None

    # --------------------------------------------------------------- writes

    def register(self, boards: Iterable[PbnBoard], session: str) -> RegisterResult:
        """Register the boards' deals as played in ``session``, in one transaction.

        Boards whose deal was already played in another session, boards whose
        number is already taken in this session by a different deal, a deal
        appearing twice, and incomplete deals are not registered; each becomes a
        ``Conflict`` in the result, and the other boards are registered.
        Registering the same boards again under the same session changes nothing.

        Raises:
            RegisterError: if the database cannot be written (nothing is stored then).
        """
        if not session or not session.strip():
            raise RegisterError(f"{self.path}: a session name is needed")
        boards = list(boards)
        result = RegisterResult(session)
        now = _now()
        pause_after = os.environ.get(_PAUSE_ENV)
        try:
            with self._transaction() as conn:
                written = 0
                seen: dict[str, int] = {}
                for i, b in enumerate(boards, start=1):
                    n = b.number if b.number is not None else i
                    if not self._may_register(conn, session, n, b.deal, seen, result):
                        continue
                    if not result.added:
                        conn.execute("INSERT OR IGNORE INTO sessions VALUES (?, ?)", (session, now))
                    conn.execute("INSERT INTO deals VALUES (?, ?, ?, ?, ?)",
                                 (session, n, b.deal.key(), now, b.file))
                    result.added.append(n)
                    written += 1
                    if pause_after is not None and written == int(pause_after):
                        print("paused", file=sys.stderr, flush=True)
                        time.sleep(3600)
        except sqlite3.Error as e:
            raise RegisterError(f"{self.path}: cannot write the deal register "
                                f"(nothing was stored): {e}") from None
        return result

    @staticmethod
    def _may_register(conn, session: str, n: int, deal: Deal, seen: dict[str, int], result: RegisterResult) -> bool:
        """Whether board ``n`` of ``session`` with ``deal`` is to be registered now; if not, the
        reason is added to ``result`` (a conflict, or unchanged when it is already there).
        ``seen``: deal key -> board number, for the boards of this call so far."""
        if not deal.is_complete_and_valid():
            result.conflicts.append(Conflict(
                n, "incomplete-deal",
                f"board {n} of session {session!r} is not a complete deal "
                f"({'; '.join(deal.problems())}): not registered"))
            return False
        key = deal.key()
        if key in seen and seen[key] != n:
            result.conflicts.append(Conflict(
                n, "same-deal-twice",
                f"board {n} of session {session!r} is the same deal as board "
                f"{seen[key]} of the same file: not registered twice"))
            return False
        seen[key] = n
        rows = [Played(*r) for r in conn.execute(
            "SELECT session, board, registered_at FROM deals WHERE deal_key = ? "
            "ORDER BY registered_at, session, board", (key,))]
        other = [p for p in rows if p.session != session]
        if other:
            p = other[0]
            result.conflicts.append(Conflict(
                n, "played-in-other-session",
                f"board {n} of session {session!r} was already played in session "
                f"{p.session!r} (board {p.board}, registered {p.registered_at}): "
                f"not registered", p))
            return False
        mine = conn.execute("SELECT deal_key, registered_at FROM deals "
                            "WHERE session = ? AND board = ?", (session, n)).fetchone()
        if mine is not None:
            if mine[0] == key:
                result.unchanged.append(n)
            else:
                result.conflicts.append(Conflict(
                    n, "different-deal-same-board",
                    f"board {n} of session {session!r} is already registered with a "
                    f"different deal (registered {mine[1]}): not replaced",
                    Played(session, n, mine[1])))
            return False
        same_session = [p for p in rows if p.session == session]
        if same_session:
            p = same_session[0]
            result.conflicts.append(Conflict(
                n, "same-deal-twice",
                f"board {n} of session {session!r} is the same deal as board "
                f"{p.board} already registered in this session: not registered twice",
                p))
            return False
        return True


_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS sessions(name TEXT PRIMARY KEY, registered_at TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS deals(session TEXT NOT NULL REFERENCES sessions(name), "
    "board INTEGER NOT NULL, deal_key TEXT NOT NULL, registered_at TEXT NOT NULL, "
    "source TEXT, PRIMARY KEY (session, board))",
    "CREATE INDEX IF NOT EXISTS deals_by_key ON deals(deal_key)",
)


def played_in_other_sessions(deal: Deal, session: str | None = None,
                             db: "str | pathlib.Path | None" = None) -> list[Played]:
    """Was this deal already played in another session?  For facts-side callers.

    Args:
        deal: the deal (any first seat).
        session: the current session's name; its own registrations are ignored.
        db: the register file (default ``default_db_path()``).

    Returns:
        Earlier registrations under other sessions, oldest first; empty if none
        or if there is no register file yet.

    Raises:
        RegisterError: if the register file exists but cannot be read.
    """
    path = pathlib.Path(db) if db is not None else default_db_path()
    if not path.exists():
        return []
    with Register(path, create=False, read_only=True) as reg:     # a look-up never writes
        return reg.played_elsewhere(deal, session)


def report_json(report: Report) -> str:
    """``Report`` as indented JSON text."""
    return json.dumps(report.to_dict(), indent=2, default=str)

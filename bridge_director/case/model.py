"""The records a validated case is made of: ``Case`` (board, dealer, vulnerability, events,
judgements, expectations, setting) and its ``Event``, ``Judgement`` and ``Expectation``.

Built by ``bridge_director.case.load``; read by every later room. Data only.
"""

from __future__ import annotations
from typing import Any, Optional
from bridge_director.base.record import field, record
from bridge_director.bridge.table import Board, Call, Seat


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
    target: Optional[int] = None         # kind 'accepts': the event number decided on, when the case names it;
                                         # kind 'replaces': the event number of the call replaced (always)

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
    checked against the rulebook by ``director check`` (bridge_director.session.api.validate_expect), not here:
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
        board: a :class:`~bridge_director.bridge.table.Board` or None; ``dealer``/``vulnerability`` always set
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

    @property
    def first_caller(self) -> Seat:
        """The seat that calls first: the player who dealt the cards. That is ``dealer`` (whose
        turn it was to deal), unless a ``wrong-dealer`` event written after ``deal-completed``
        says another player (its ``by``) dealt them and the deal was completed; or unless a
        ``wrong-board-at-table`` event after the first call says the table is playing another
        board: the calls were made on that board, whose dealer (Law 2's cycle) calls first."""
        on_table = self.board_on_table
        if on_table is not None:
            return on_table.dealer
        completed = False
        for e in self.events:
            if e.kind == "happened" and e.happened == "deal-completed":
                completed = True
            elif completed and e.kind == "happened" and e.happened == "wrong-dealer" and e.get("by"):
                by = e.get("by")
                return by if isinstance(by, Seat) else Seat(by)
        return self.dealer

    @property
    def board_on_table(self) -> Optional[Board]:
        """The board the calls were made on when it is not the case's own: a
        ``wrong-board-at-table`` event naming another board, written after a call (the calls
        before it were made on the board on the table, and those after it too, as the table
        goes on with that board). None otherwise (a wrong board found before any call leaves
        no call made on it)."""
        called = False
        for e in self.events:
            if e.kind in ("call", "replaces"):
                called = True
            elif e.kind == "happened" and e.happened == "wrong-board-at-table" and called:
                number = e.get("board")
                if isinstance(number, int) and number >= 1 and (self.board is None or number != self.board.number):
                    return Board(number)
                return None
        return None

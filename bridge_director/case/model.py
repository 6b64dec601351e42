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

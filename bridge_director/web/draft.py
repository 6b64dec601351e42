"""State -> :class:`bridge_director.session.draft.Draft` -> ruling data; what the page shows of the board.

The page keeps its state in a token (``bridge_director.web.state``); for each request that state is
laid into a compose Draft, which validates it as a case file, rules on it in-process, gives
the questions, whose turn it is (from the rules' call standings) and the case's YAML. No law
here: the page shows what the ruling's data says.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

from bridge_director.session.draft import SETTINGS, Draft
from bridge_director.ruling.i18n import SEAT_NAMES  # noqa: F401  (the page's templates name seats with it)
from bridge_director.ruling.build import Ruling
from bridge_director.ruling.render import as_dict
from bridge_director.base.yamlpos import InputError
from bridge_director.bridge.table import Board
from bridge_director.web.state import State
from bridge_director.web.words import LANG

#: the grid's columns, as directors and bridge columns write them
COLUMNS = ("W", "N", "E", "S")
VUL_WORDS = {"None": "Neither side vulnerable", "NS": "North-South vulnerable",
             "EW": "East-West vulnerable", "Both": "Both sides vulnerable", None: "Vulnerability not known"}
#: the file name the page's case goes by in the ruling's event references
FILE = "table.yaml"


def draft_of(state: State, title: str | None = None, source: str | None = None,
             case_id: str | None = None) -> Draft:
    """The compose Draft holding ``state`` (not validated yet: :meth:`Draft.case` does that).

    Raises:
        InputError: neither a board number nor a dealer.
    """
    settings = state.settings()
    d = Draft(board=state.board, dealer=None if state.board is not None else (state.dealer or "N"), file=FILE,
              case_id=settings.get("case") or case_id, title=title or state.title, source=settings.get("source") or source,
              vulnerability=settings.get("vulnerability"), lang=LANG.get())
    if settings.get("edition"):          # an uploaded case's code of law (1997, say): ruled and saved by it
        d.edition = settings["edition"]
    d.events = [dict(e) for e in state.events()]
    d.judgement = state.judgements()
    d.setting = {k: settings[k] for k in SETTINGS if k in settings}
    d.notes = settings.get("notes")
    if settings.get("expect"):           # an uploaded case's own expect: block, saved with it
        d.kept["expect"] = settings["expect"]
    return d


def case_name(state: State) -> str:
    """The file name stem of a downloaded case: ``board-5-at-the-table``."""
    return f"board-{state.board}-at-the-table" if state.board else "at-the-table"


def to_yaml(state: State, name: str | None = None, title: str | None = None, source: str | None = None) -> str:
    """The state as a case file, in the format of ``cases/`` (compose's writer)."""
    return draft_of(state, title=title, source=source, case_id=name).to_yaml(lang=state.settings().get("lang"))


def rule(state: State) -> tuple[Draft, Ruling, dict]:
    """Rule on the state: (Draft, Ruling, the ruling's data as ``--format json`` gives it).

    Raises:
        InputError: the state holds an event or judgement the case format refuses.
        EngineError: a rule action failed inside the engine.
    """
    d = draft_of(state)
    ruling = d.rule()
    return d, ruling, as_dict(ruling)


#: rulings kept for the page's most recent states (a tap posts the state its page was built
#: from, so the post and the page after it each find theirs here); least recently used go first
_VIEWS: "OrderedDict[tuple[str, str], tuple]" = OrderedDict()
VIEW_CACHE = 512


def view(state: State) -> tuple[dict, str]:
    """(the ruling's data, whose turn it is) for a state with steps; kept for the last
    VIEW_CACHE states. A state the case format refuses is never kept.

    Raises:
        InputError: the state holds an event or judgement the case format refuses.
    """
    return _view(state)[:2]


def _view(state: State) -> tuple[dict, str, "str | None"]:
    """(the ruling's data, whose turn it is, the replacement owed in words), kept (see view)."""
    key = (LANG.get(), state.token())
    hit = _VIEWS.get(key)
    if hit is not None:
        _VIEWS.move_to_end(key)
        return hit
    d, _ruling, data = rule(state)
    out = (data, d.turn().value, d.owed_words("toque na voz de {seat}" if d.lang == "pt" else "tap {seat}'s call"))
    _VIEWS[key] = out
    if len(_VIEWS) > VIEW_CACHE:
        _VIEWS.popitem(last=False)
    return out


def owed_words(state: State) -> str | None:
    """The call the ruling waits for from one player, in words for the page ("South now
    replaces 1C: tap South's call."), or None (none owed, or the case as it stands is refused)."""
    if not state.steps:
        return None
    try:
        return _view(state)[2]
    except InputError:
        return None


def call_events(state: State, seat: str, call: str) -> list[dict]:
    """The events of ``call`` tapped for ``seat``: the replacement that player owes, when the
    ruling waits for one (Draft.call_events), else a plain call."""
    if not state.steps or owed_words(state) is None:
        return [{"seat": seat, "call": call}]
    return draft_of(state).call_events(seat, call)


def answer(state: State, qid: str, reply: str) -> dict | None:
    """The step answering question ``qid`` with ``reply`` adds (None: "not known yet").

    Raises:
        InputError: no such question now, or a reply that is none of its answers.
    """
    d = draft_of(state)
    events, judgement, setting = list(d.events), dict(d.judgement), dict(d.setting)
    if not d.answer(qid, reply):
        return None
    step: dict[str, Any] = {}
    if d.events[len(events):]:
        step["ev"] = d.events[len(events):]
    j = {k: v for k, v in d.judgement.items() if judgement.get(k, object()) != v}
    if j:
        step["j"] = j
    x = {k: v for k, v in d.setting.items() if setting.get(k, object()) != v}
    if x:
        step["x"] = x
    return step or None


def next_in_turn(state: State) -> str:
    """The seat a call tapped "in turn" goes to: whose turn it is as the rules' call standings
    leave it (compose's Draft.turn), or the dealer before any call (or when the case as it
    stands is refused).
    """
    if not state.steps:
        return dealer_of(state)
    try:
        return view(state)[1]
    except InputError:
        return dealer_of(state)


def dealer_of(state: State) -> str:
    """The dealer's letter: from the board number, else the dealer given, else North."""
    if state.board is not None:
        return Board(state.board).dealer.value
    return state.dealer or "N"


def vulnerability_of(state: State) -> str | None:
    """'None', 'NS', 'EW', 'Both' from the board number (or a loaded case's), else None."""
    if state.board is not None:
        return Board(state.board).vulnerability
    return state.settings().get("vulnerability")


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

"""A case draft for front ends: build a case step by step, rule on it in-process, save it.

The terminal interview (bridge_director/interview/) and the web page (bridge_director/web/) build cases with
this, never by writing YAML themselves::

    d = Draft(board=5)                 # or Draft(dealer="N")
    d.add_calls("1S 1H")               # in rotation from the dealer; "1S W:1H" marks a seat
    d.add_event({"director": "called"})
    r = d.rule()                       # a Ruling (bridge_director.ruling.build), in-process, warm
    q = d.questions()[0]               # what the ruling waits for (bridge_director.ruling.questions)
    d.answer(q, "no")                  # an answer's label (or key: "y", "n", "?"), or for a
                                       # question that takes a call, the call: d.answer(q, "2H")
    d.undo()                           # take back the last step
    d.to_yaml()                        # the case, in the format of cases/ (no expect:)

Every step is validated as the case file would be: a bad step raises
:class:`~bridge_director.base.yamlpos.InputError` (its ``message`` says what was expected) and leaves the
draft as it was. The draft holds no law: it records what happened and what the director
judged, and asks the rules.
"""
from __future__ import annotations

import copy
import functools
import re
import shlex
import unicodedata
from typing import Any, Optional

from bridge_director.ruling import questions as _questions
from bridge_director.case.model import Case
from bridge_director.case.load import from_data
from bridge_director.case.shapes import SIDE_JUDGEMENTS
from bridge_director.ruling.i18n import (CALL_EXAMPLES, DENOMINATION_WORDS, NO_WORDS, YES_WORDS, call_from_words, call_name, event_code,
                                        key_from_words, key_words, seat_from_words, seat_name, typed_call_error,
                                        typed_call_hint)
from bridge_director.bridge.table import Board, Call, CallSyntaxError, Seat
from bridge_director.base.yamlpos import InputError, WordedError, loads

#: a call token of the one-line auction: optional "SEAT:" then the call
TOKEN_RE = re.compile(r"^(?:(?P<seat>[A-Za-z]+)\s*:)?(?P<call>.+)$")
#: call statuses that take a call out of the auction as made (for whose turn it is now)
OUT_OF_AUCTION = ("cancelled", "awaiting-replacement", "superseded", "withdrawn", "void")
SETTINGS = ("scoring", "deal", "pockets", "session", "played_at_other_tables", "stationary", "replay_event",
            "result", "adjusted")
#: fields of a case file a draft read from it carries as they are (no step changes them), so that
#: re-writing the case keeps every field it had: the register it names and its own expect: block
KEPT = ("deal_register", "expect")


class Draft:
    """A case being built at the table.

    Args:
        board: the board number (dealer and vulnerability follow), or None.
        dealer: the dealer ('N', 'E', 'S', 'W' or a name) when the board number is not known.
        file: the name the case goes by in citations (default ``draft``).
        case_id, title, source: optional case fields (a case typed at the table has no source).

    Raises:
        InputError: neither board nor dealer, a board number below 1, or not a seat.
    """

    def __init__(self, board: Optional[int] = None, dealer: Optional[str] = None, *, file: str = "draft",
                 case_id: Optional[str] = None, title: Optional[str] = None, source: Optional[str] = None,
                 vulnerability: Optional[str] = None, lang: str = "en"):
        self.file = file
        self.lang = lang          # the language the director reads and types (calls: 1♥, or 1C = copas in pt)
        self.calls_lang = lang    # how typed calls are read ("en": the case format's 1H, for director rule)
        self.board = board
        self.dealer = dealer
        self.vulnerability = vulnerability
        self.case_id = case_id
        self.title = title
        self.source = source
        self.notes: Optional[str] = None
        self.edition = "duplicate-2017"   # the code of law the case names (to_yaml writes it)
        self.events: list[dict] = []
        self.judgement: dict[str, Any] = {}
        self.setting: dict[str, Any] = {}
        self.kept: dict[str, Any] = {}      # KEPT fields of the case file the draft was read from
        self._undo: list[tuple] = []
        # the one-line form takes its steps unchecked and checks the whole case once at the end
        # (each step checking the whole case again made 500 events quadratic: hostile-2026-12-05c
        # F11); no undo is kept then (the command line has none)
        self.defer_checks = False
        self._ruling = None
        self._case: Optional[Case] = None
        if board is None and dealer is None:
            raise InputError(file, 0, 0, "board", "expected a board number (or a dealer), found neither")
        if board is not None and (isinstance(board, bool) or not isinstance(board, int) or board < 1):
            raise InputError(file, 0, 0, "board", f"expected a board number 1 or more, found {board!r}")
        if dealer is not None:
            try:
                self.dealer = Seat.parse(dealer).value
            except ValueError:
                raise InputError(file, 0, 0, "dealer", f"expected a seat N, E, S or W, found {dealer!r}") from None
            if board is not None and Board(board).dealer.value != self.dealer:
                raise InputError(file, 0, 0, "dealer", f"board {board} has dealer {Board(board).dealer.value}, "
                                                       f"not {self.dealer}")

    # ------------------------------------------------------------ state and undo

    def _state(self) -> tuple:
        return (copy.deepcopy(self.events), dict(self.judgement), dict(self.setting))

    def _made(self, key: str, events: list[dict]) -> "list[int] | None":
        """The event numbers of the calls a 'SEAT CALL property' judgement key names among
        ``events`` (None for an 'event N property' key or one that is not a judgement key)."""
        from bridge_director.case.shapes import JUDGEMENT_KEY_RE
        m = JUDGEMENT_KEY_RE.match(str(key).strip())
        if not m or m["ev"]:
            return None
        try:
            seat, call = Seat.parse(m["seat"]).value, Call.parse(m["call"])
        except (ValueError, CallSyntaxError):
            return None
        out = []
        for n, e in enumerate(events, 1):
            made = e.get("with") if "replaces" in e else e.get("call")
            if _is_call(e) and str(e.get("seat")) == seat and made is not None:
                try:
                    if Call.parse(str(made)) == call:
                        out.append(n)
                except CallSyntaxError:
                    pass
        return out

    def _pin_judgements(self, events_before: list[dict], added: "list[dict] | None" = None) -> None:
        """A judgement written by the call's name ('N Pass unintended') names one call only as
        long as the player made it once: when a step adds a second, the judgement is pinned to
        the event it named until then ('event 2 unintended'), so the next call can be entered.
        ``added``: the events the step appended, when known (only the keys naming one of those
        calls are looked at: a step costs no pass over the case per judgement)."""
        if added is not None:
            made = {_named_call(f"{e.get('seat')} {e.get('with') if 'replaces' in e else e.get('call')} x")
                    for e in added if _is_call(e)}
            keys = [k for k in self.judgement if _named_call(str(k)) in made]
        else:
            keys = list(self.judgement)
        for key in keys:
            now = self._made(key, self.events)
            if now is None or len(now) <= 1:
                continue
            was = self._made(key, events_before)
            if was and len(was) == 1:
                from bridge_director.case.shapes import JUDGEMENT_KEY_RE
                prop = JUDGEMENT_KEY_RE.match(str(key).strip())["prop"]
                pinned = f"event {was[0]} {prop}"
                self.judgement = {(pinned if k == key else k): v for k, v in self.judgement.items()}

    def _change(self, apply) -> None:
        """Apply one step; validate; on bad input restore the draft and re-raise."""
        if self.defer_checks:
            return self._change_unchecked(apply)
        before = self._state()
        try:
            apply()
            self._pin_judgements(before[0])
            case = self.case()
        except (InputError, CallSyntaxError, ValueError) as e:
            self.events, self.judgement, self.setting = before
            if isinstance(e, InputError):
                raise
            raise InputError(self.file, 0, 0, "", str(e)) from None
        self._undo.append(before)
        self._ruling = None
        self._case = case if self.events else None

    def _change_unchecked(self, apply) -> None:
        """Apply one step (a step only appends events) without checking the case: the caller
        checks it once with :meth:`case` when every step is taken (time linear in the steps)."""
        n = len(self.events)
        judgement, setting = dict(self.judgement), dict(self.setting)
        try:
            apply()
            if self.judgement and len(self.events) > n:
                self._pin_judgements(self.events[:n], self.events[n:])
        except (InputError, CallSyntaxError, ValueError) as e:
            del self.events[n:]
            self.judgement, self.setting = judgement, setting
            if isinstance(e, InputError):
                raise
            raise InputError(self.file, 0, 0, "", str(e)) from None
        self._ruling = self._case = None

    def undo(self) -> bool:
        """Take back the last step (calls of one line, one event, one answer). False if none."""
        if not self._undo:
            return False
        self.events, self.judgement, self.setting = self._undo.pop()
        self._ruling = self._case = None
        return True

    @property
    def steps(self) -> int:
        """How many steps :meth:`undo` can take back."""
        return len(self._undo)

    # ------------------------------------------------------------ what happened

    @property
    def dealer_seat(self) -> Seat:
        """The dealer (from the board number when given)."""
        return Board(self.board).dealer if self.board else Seat.parse(self.dealer)

    def turn(self) -> Seat:
        """Whose turn it is now, as far as the case goes: the player after the last call that
        stands in the auction (the rules' call standings), or the dealer before any call."""
        numbered = [(i + 1, e) for i, e in enumerate(self.events) if _is_call(e)]
        if not numbered:
            return self.dealer_seat
        last_mark = max((n for n, e in enumerate(self.events, 1) if _settles(e)), default=0)
        if last_mark < numbered[-1][0] and "replaces" not in numbered[-1][1]:
            # the last call came after everything that settles a call (and is no replacement):
            # below it is not ``settled``, so it stands for whose turn it is whatever the
            # ruling's standings: its maker's LHO, no ruling needed (a long one-line auction
            # ruled once per -a argument was quadratic: hostile-2026-12-05c F11)
            return Seat.parse(numbered[-1][1]["seat"]).lho
        try:
            status = self.rule().status
        except Exception:   # noqa: BLE001 - whose turn is a convenience; rule() itself reports failures
            status = {}
        # A call the ruling takes out of the auction is out for the next call at the table only
        # once something after it settled it there: the director came, a player accepted or
        # declined it, or the players enforced a rectification themselves. Before that the
        # table went on from the call as made (an inadmissible double waived by the players
        # and passed over is the next player's turn, not its maker's: tester10 row 29).
        # (a replacement made after the director came is made under the ruling: settled too)
        marks = [n for n, e in enumerate(self.events, 1) if _settles(e)]
        settled = {n for n, e in numbered
                   if any(m > n for m in marks) or ("replaces" in e and any(m < n for m in marks))}
        standing = [(n, e) for n, e in numbered if status.get(n) not in OUT_OF_AUCTION or n not in settled]
        if not standing:                 # every call so far is out of the auction: back to the dealer
            return self.dealer_seat
        return Seat.parse(standing[-1][1]["seat"]).lho

    def owed(self) -> list[dict]:
        """The calls the ruling waits for from one player, in event order: each
        ``{"seat": "S", "call": "1C", "event": 2}``, a call of that player that is out of the
        auction until they replace it (its standing ``awaiting-replacement``) and that no
        replacement in the auction has yet taken the place of (an attempt that was cancelled,
        27B3 or 27B4, leaves it owed).
        Empty when nothing is owed (or the case as it stands is refused)."""
        if not any(_is_call(e) for e in self.events):
            return []
        if not any("accepts" in e or "replaces" in e for e in self.events):
            # a call awaits its replacement only once its LHO declined it (27B) or a replacement
            # was made (27B3, 21B1(a)): none here, so none is owed and no ruling is needed to say
            # so (tests/test_hostile_2026_12_06.py checks this against every case of cases/)
            return []
        try:
            ruling = self.rule()
        except InputError:
            return []
        status = ruling.status
        found: dict[int, dict] = {}
        for n, e in enumerate(self.events, 1):
            if status.get(n) != "awaiting-replacement" or not _is_call(e):
                continue
            seat, call = Seat.parse(str(e["seat"])).value, str(e.get("with") or e["call"])
            if not any(_is_call(x) and "replaces" in x and Seat.parse(str(x["seat"])).value == seat
                       and str(x["replaces"]) == call and status.get(m) not in OUT_OF_AUCTION
                       for m, x in enumerate(self.events[n:], n + 1)):
                found[n] = {"seat": seat, "call": call, "event": n}
        # (an open question "What call does West make in place of 1H?" alone is not enough: it
        # is asked too while the LHO may still accept the call, and then nothing is owed yet)
        return [found[n] for n in sorted(found)]

    def parse_calls(self, text: str, start: Optional[Seat] = None) -> list[dict]:
        """The call events of one typed line, without adding them.

        ``text``: calls separated by spaces or commas, in rotation: each call is made by the
        player after the one before (the first by ``start``, default :meth:`turn`); a call
        written ``SEAT:CALL`` (``W:1H``) was made by that seat, and the rotation goes on from
        it. Calls: 1C..7NT (N for NT), P/Pass, X, XX (any case). The first call of a player who
        owes a replacement (:meth:`owed`) is that replacement
        (``{"seat": "S", "replaces": "1C", "with": "3S"}``), not a new call.

        Raises:
            InputError: a token that is not a call or a seat that does not exist (the message
            names the token and says what was expected).
        """
        tokens = [t for t in re.split(r"[\s,]+", unicodedata.normalize("NFC", text).strip()) if t]
        if not tokens:
            raise InputError(self.file, 0, 0, "calls", "expected calls such as '1S 1H' or '1S W:1H', found nothing")
        seat = start or self.turn()
        owed = {}
        for o in self.owed():
            owed.setdefault(o["seat"], o)
        out = []
        for i, tok in enumerate(tokens):
            m = TOKEN_RE.match(tok)
            where = f"call {i + 1} ({tok!r})"
            if m["seat"]:
                try:
                    seat = Seat.parse(seat_from_words(m["seat"], self.lang))
                except ValueError:
                    raise WordedError(self.file, "calls", "call {n} ({token}): expected a seat {seats} before ':', "
                                                          "found {found}", n=i + 1, token=repr(tok),
                                      seats=self._seats, found=repr(m["seat"])) from None
            try:
                call = self._call(m["call"])
            except CallSyntaxError:
                raise WordedError(self.file, "calls", "call {n} ({token}): expected a call such as {examples}{hint}, "
                                                      "or SEAT:CALL such as {example}", n=i + 1, token=repr(tok),
                                  examples=CALL_EXAMPLES.get(self.calls_lang, CALL_EXAMPLES['en']),
                                  hint=typed_call_hint(m['call'], self.calls_lang), translate=("hint",),
                                  example='O:1C' if self.calls_lang == 'pt' else 'W:1H') from None
            if seat.value in owed:
                out.append({"seat": seat.value, "replaces": owed.pop(seat.value)["call"], "with": str(call)})
            else:
                out.append({"seat": seat.value, "call": str(call)})
            seat = seat.lho
        return out

    @property
    def _seats(self) -> str:
        return "N, L, S ou O (ou N, E, S, W)" if self.lang == "pt" else "N, E, S or W"

    def _call(self, text: str) -> Call:
        """A call as the director typed it, in the draft's language (see i18n.call_from_words).

        Raises:
            CallSyntaxError: not a call.
        """
        notation = call_from_words(text, self.calls_lang)
        if notation is None:
            raise CallSyntaxError(text)
        return Call.parse(notation)

    def call_events(self, seat: str, call: str) -> list[dict]:
        """The event of one call tapped for ``seat`` (a seat letter): the replacement it owes
        (:meth:`owed`), or a plain call."""
        s, c = Seat.parse(seat).value, str(Call.parse(call))     # the case format's notation, in any language
        owed = next((o for o in self.owed() if o["seat"] == s), None)
        return [{"seat": s, "replaces": owed["call"], "with": c}] if owed else [{"seat": s, "call": c}]

    def owed_words(self, how: Optional[str] = None) -> Optional[str]:
        """What the ruling waits for, in words in the draft's language: ``"South now replaces
        1C: type South's call."`` (``how`` says what the front end's user does, ``{seat}`` the
        player in full; default: type the call); None when no call is owed."""
        owed = self.owed()
        if not owed:
            return None
        pt = self.lang == "pt"
        how = how or ("digite a voz de {seat}" if pt else "type {seat}'s call")
        head = "{seat} agora substitui {call}" if pt else "{seat} now replaces {call}"
        return " ".join(head.format(seat=seat_name(o["seat"], self.lang), call=call_name(o["call"], self.lang))
                        + f": {how.format(seat=seat_name(o['seat'], self.lang))}." for o in owed)

    def add_calls(self, text: str) -> list[dict]:
        """Add the calls of one typed line (see :meth:`parse_calls`) as one step; return them."""
        new = self.parse_calls(text)
        self._change(lambda: self.events.extend(new))
        return new

    def add_event(self, event: dict) -> dict:
        """Add one event, written as in a case file (``{"director": "called"}``,
        ``{"seat": "S", "accepts": False}``, ``{"seat": "E", "replaces": "1H", "with": "2H"}``,
        ``{"happened": "hand-count", "seat": "E", "cards": 14}``, ...) as one step."""
        if not isinstance(event, dict) or not event:
            raise InputError(self.file, 0, 0, "event", f"expected an event mapping, found {event!r}")
        ev = dict(event)
        self._change(lambda: self.events.append(ev))
        return ev

    def judge(self, key: str, value: Any) -> None:
        """State a judgement (``"E 1H unintended"``, False) as one step."""
        self._change(lambda: self.judgement.__setitem__(key, value))

    def set(self, name: str, value: Any) -> None:
        """Set a case setting (``scoring``, ``deal``, ``pockets``, ...) as one step."""
        if name not in SETTINGS:
            raise InputError(self.file, 0, 0, name, f"expected one of {', '.join(SETTINGS)}, found {name!r}")
        self._change(lambda: self.setting.__setitem__(name, value))

    # ------------------------------------------------------------ questions and answers

    def questions(self) -> list[dict]:
        """The questions the current ruling waits for (bridge_director.ruling.questions)."""
        return _questions.questions(self.rule())

    def answer(self, question: "dict | str", reply: str) -> bool:
        """Answer ``question`` (a question dict, or its id among :meth:`questions`) with
        ``reply``: an answer's label or key, or, for a question that takes a call or
        denominations, that text. Returns False when the answer adds nothing ("not known yet").

        Raises:
            InputError: no such question, or a reply that is none of its answers (the message
            lists them), or a call that is not a call.
        """
        q = question if isinstance(question, dict) else next(
            (x for x in self.questions() if x["id"] == question), None)
        if q is None:
            raise InputError(self.file, 0, 0, "answer", f"no open question {question!r}")
        text = (reply or "").strip()
        low = text.lower()
        if low in YES_WORDS:            # sim / s, não / n: yes and no in the languages the tool speaks
            low = "yes"
        elif low in NO_WORDS:
            low = "no"
        elif low in ("ainda não", "ainda nao", "não sei", "nao sei"):
            low = "?"
        chosen = next((a for a in q["answers"] if low and low in (a["label"].lower(), a.get("key", "").lower())), None)
        if chosen is None:
            chosen = next((a for a in q["answers"] if a.get("input")), None)
            if chosen is None or not text:
                labels = " / ".join(f"{a['label']} ({a['key']})" if a.get("key") else a["label"] for a in q["answers"])
                raise InputError(self.file, 0, 0, "answer", f"expected {labels}, found {text!r}")
            if chosen["input"] == "call":
                try:
                    text = str(self._call(text))
                except CallSyntaxError:
                    raise InputError(self.file, 0, 0, "answer", typed_call_error(text, self.calls_lang)) from None
            adds = _questions.fill(chosen["adds"], text)
        else:
            adds = chosen["adds"]
        if adds is None:
            return False
        self.apply(adds)
        return True

    def apply(self, adds: dict) -> None:
        """Apply what an answer adds: ``{"judgement": {...}}``, ``{"event": {...}}`` or
        ``{"setting": {...}}`` (one step)."""
        def go():
            for k, v in (adds.get("judgement") or {}).items():
                self.judgement[k] = v
            if adds.get("event"):
                self.events.append(dict(adds["event"]))
            for k, v in (adds.get("setting") or {}).items():
                self.setting[k] = v
        self._change(go)

    # ------------------------------------------------------------ the case and the ruling

    def default_title(self) -> str:
        """``'Board 3 at the table: South 1NT, West 1H'`` (seats in full, calls as made)."""
        lang = self.lang
        calls = [f"{seat_name(str(e['seat']), lang)} {call_name(str(e.get('with') or e['call']), lang)}"
                 for e in self.events if _is_call(e)]
        if lang == "pt":
            head = f"Bolsa {self.board}" if self.board else f"{seat_name(self.dealer_seat.value, lang)} dá as cartas"
            return f"{head}, na mesa" + (f": {', '.join(calls)}" if calls else "")
        head = f"Board {self.board}" if self.board else f"Dealer {seat_name(self.dealer_seat.value)}"
        return f"{head} at the table" + (f": {', '.join(calls)}" if calls else "")

    def to_yaml(self, expect: Optional[list[dict]] = None, notes: Optional[list[str]] = None,
                lang: Optional[str] = None) -> str:
        """The case as YAML, in the format of cases/ (``expect`` items appended when given;
        ``notes``, one per item, each written as a YAML comment after its item: the ruling's
        words for it, so that a teacher can check the item against the Laws).
        Each note is one line (line breaks become spaces; YAML comments need none quoted).
        ``lang``: the language the file names, when not the draft's own (the page saves an
        uploaded case in the case's language, whatever the page's)."""
        lang = lang or self.lang
        out = [f"case: {_scalar(self.case_id or (f'board-{self.board}-at-the-table' if self.board else 'at-the-table'))}",
               f"title: {_scalar(self.title or self.default_title())}"]
        if self.source:
            out.append(f"source: {_scalar(self.source)}")
        out.append(f"edition: {_scalar(self.edition)}")
        if lang and lang != "en":
            out.append(f"lang: {_scalar(lang)}")
        if self.board:
            out.append(f"board: {self.board}")
        else:
            out.append(f"dealer: {self.dealer}")
        if self.vulnerability:
            out.append(f"vulnerability: {_scalar(self.vulnerability)}")
        for k in SETTINGS:
            if self.setting.get(k) is not None:
                out.append(f"{_key(k)}: {_scalar(self.setting[k])}")
        if self.kept.get("deal_register") is not None:
            out.append(f"deal_register: {_scalar(self.kept['deal_register'])}")
        out.append("events:")
        out += [f"  - {flow_mapping(e)}" for e in self.events]
        if self.judgement:
            out.append("judgement:")
            out += [f"  {_key(k)}: {_scalar(v)}" for k, v in self.judgement.items()]
        if expect is None:
            expect = self.kept.get("expect")     # the case's own block, as it was
        if expect:
            out.append("expect:")
            notes = list(notes or [])
            for i, e in enumerate(expect):
                note = " ".join(notes[i].split()) if i < len(notes) and notes[i] else ""
                out.append(f"  - {flow_mapping(e)}" + (f"   # {note}" if note else ""))
        if self.notes:
            out.append(f"notes: {_scalar(self.notes)}")
        return "\n".join(out) + "\n"

    def one_line(self) -> str:
        """The case as the one-line form of ``director rule`` (board, calls and events in
        order, judgements), so that what the interview or the page built, its event numbers
        and its judgement keys, can be typed again: ``director rule --board 5 -a "N:1S E:1H"
        -e director -j "E 1H unintended=no"``."""
        def q(text: str) -> str:
            # safe to paste into a shell: bare when it holds only plain characters, in double
            # quotes when nothing in it is read inside them, else as shlex quotes it (a remark's
            # words with $(...), a backquote or a trailing backslash stay words)
            if text and not re.search(r"[^\w@%+=:,./-]", text):
                return text
            if not re.search(r'["$`\\!]', text):
                return f'"{text}"'
            return shlex.quote(text)
        lang = self.lang
        pt = lang == "pt"                        # calls with their suit symbols, keys in Portuguese, --lang pt

        def call(c) -> str:
            return call_name(str(c), lang) if pt else str(c)
        out = ["director", "rule"] + (["--board", str(self.board)] if self.board else ["--dealer", self.dealer_seat.value])
        calls: list[str] = []

        def flush():
            if calls:
                out.extend(["-a", q(" ".join(calls))])
                calls.clear()
        for e in self.events:
            if _is_call(e) and "replaces" not in e:
                calls.append(f"{Seat.parse(str(e['seat'])).value}:{call(e['call'])}")
                continue
            flush()
            out.extend(["-e", q(_event_line(e, call))])
        flush()
        for k, v in self.judgement.items():
            yes, no = ("sim", "não") if pt else ("yes", "no")
            val = ",".join(map(str, v)) if isinstance(v, list) else (yes if v is True else no if v is False else str(v))
            out.extend(["-j", q(f"{key_words(k, lang)}={val}")])
        if self.setting.get("scoring"):          # the one case setting the one-line form takes
            out.extend(["--scoring", str(self.setting["scoring"])])
        if pt:
            out.extend(["--lang", "pt"])
        return " ".join(out)

    def case(self) -> Case:
        """The validated case (raises InputError as a case file would; a case with no events
        yet is validated with its board only)."""
        if not self.events:
            probe = copy.copy(self)
            probe.events = [{"director": "called"}]
            return from_data(loads(probe.to_yaml(), self.file), self.file)
        data = loads(self.to_yaml(), self.file)
        if isinstance(data, dict) and "deal_register" in data and "deal_register" not in self.kept:
            # never written by a draft built at the table (only carried from a case file): refused
            raise InputError(self.file, 0, 0, "deal_register", "a case built at the table never names a file "
                             "(a deal register); found one")
        return from_data(data, self.file)

    def rule(self, book=None):
        """The ruling on the case so far (bridge_director.ruling.build.Ruling), in-process; cached until the
        next step. Raises InputError when there is no event yet."""
        if self._ruling is None or book is not None:
            if not self.events:
                raise InputError(self.file, 0, 0, "events", "a case needs at least one event, found none")
            from bridge_director.session import api
            if self._case is None:
                self._case = self.case()
            self._ruling = api.rule(self._case, book)
        return self._ruling

    @classmethod
    def from_case(cls, case: Case) -> "Draft":
        """A draft holding what a loaded case file holds (events, judgements, settings), to go on with."""
        from bridge_director.base.files import read_bytes
        from bridge_director.case.shapes import MAX_BYTES
        text = read_bytes(case.file, MAX_BYTES, "a case file").decode("utf-8", "replace")
        return cls.from_text(case, text.replace("\r\n", "\n").replace("\r", "\n"))

    @classmethod
    def from_text(cls, case: Case, text: str) -> "Draft":
        """A draft holding what the case text ``text`` (already validated as ``case``) holds."""
        d = cls(board=case.board.number if case.board else None,
                dealer=None if case.board else case.dealer.value, file=case.file, case_id=case.id,
                title=case.title or None, source=case.source, vulnerability=None)
        raw = loads(text, case.file)
        d.edition = case.edition
        d.lang = d.calls_lang = getattr(case, "lang", "en") or "en"
        d.events = [_plain(e) for e in raw.get("events") or []]
        d.judgement = {k: _plain(v) for k, v in (raw.get("judgement") or {}).items()}
        d.setting = {k: _plain(raw[k]) for k in SETTINGS if raw.get(k) is not None}
        d.kept = {k: _plain(raw[k]) for k in KEPT if raw.get(k) is not None}
        d.notes = raw.get("notes")
        if raw.get("vulnerability"):       # (with a board, the board's own: the loader checked it)
            d.vulnerability = raw["vulnerability"]
        return d


def _event_line(e: dict, call=str) -> str:
    """One event as the one-line form writes it (see parse_event; ``call`` writes a call)."""
    if "director" in e:
        return "director" + (f" {e['by']}" if e.get("by") else "")
    if "accepts" in e:
        return f"{e['seat']} {'accepts' if e['accepts'] else 'declines'}" + (f" {call(e['call'])}" if e.get("call") else "")
    if "replaces" in e:
        return f"{e['seat']} {call(e['replaces'])}>{call(e['with'])}"
    if "happened" in e:
        def val(v):
            if isinstance(v, list):
                return "+".join(map(str, v)) or "-"
            return ("yes" if v else "no") if isinstance(v, bool) else str(v)
        return " ".join([str(e["happened"])] + [f"{k}={val(v)}" for k, v in e.items() if k != "happened"])
    return " ".join(f"{k}={v}" for k, v in e.items())


def _plain(v: Any) -> Any:
    """A value read with positions (PosDict/PosList) as plain dicts and lists."""
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


@functools.lru_cache(maxsize=4096)
def _named_call(key: str) -> "tuple[str, str] | None":
    """(seat letter, call as the case format writes it) of a 'SEAT CALL property' judgement
    key; None for any other key."""
    from bridge_director.case.shapes import JUDGEMENT_KEY_RE
    m = JUDGEMENT_KEY_RE.match(key.strip())
    if not m or m["ev"]:
        return None
    try:
        return Seat.parse(m["seat"]).value, str(Call.parse(m["call"]))
    except (ValueError, CallSyntaxError):
        return None


def _settles(e: dict) -> bool:
    """Whether a raw event settles the calls before it for whose turn it is: the director
    called or ruling, a player accepting or declining a call, or the players enforcing a
    rectification themselves (a waiver leaves the calls as made)."""
    if "director" in e or "accepts" in e:
        return True
    return e.get("happened") == "rectification-by-players" and str(e.get("how")) == "enforced"


def _is_call(e: dict) -> bool:
    """Whether a raw event is a call or a replacement (not a decision or a 'happened' event)."""
    return "happened" not in e and "accepts" not in e and ("call" in e or "replaces" in e)


#: plain (unquoted) only for words the case files write plainly; YAML's resolver has the last say
_PLAIN_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.+/-]*")
#: characters written as escapes inside a quoted string: everything YAML does not print as
#: itself or reads as a line break (so a newline stays a newline and a line of ``---`` in a
#: title or note stays inside its string)
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\0": "\\0"}


def _plain_ok(s: str) -> bool:
    """Whether ``s`` can be written plain and read back as the same string."""
    if not _PLAIN_RE.fullmatch(s) or s != s.strip():
        return False
    import yaml
    return yaml.resolver.Resolver().resolve(yaml.ScalarNode, s, (True, False)) == "tag:yaml.org,2002:str"


def _quoted(s: str) -> str:
    """``s`` as a YAML double-quoted string that reads back exactly as ``s`` (every character
    YAML would fold, break a line at or refuse written as an escape).

    Raises:
        ValueError: ``s`` holds a lone surrogate (no file can hold it).
    """
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif " " <= ch <= "~" or ("\xa0" <= ch <= "\ud7ff" and ch not in "\u2028\u2029") \
                or "\ue000" <= ch <= "\ufffd" and ch != "\ufeff" or ch >= "\U00010000":
            out.append(ch)
        elif "\ud800" <= ch <= "\udfff":
            raise ValueError(f"a text holds the lone surrogate U+{ord(ch):04X}, which no case file can hold")
        elif ord(ch) <= 0xFF:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(f"\\u{ord(ch):04x}")
    return '"' + "".join(out) + '"'


def _scalar(v: Any) -> str:
    """One YAML scalar (or a flow list), as the cases/ files write it; every string that could
    read as anything but itself is quoted."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v) if v == v and v not in (float("inf"), float("-inf")) else _quoted(str(v))
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_scalar(x) for x in v) + "]"
    if isinstance(v, dict):
        return flow_mapping(v)
    s = str(v)
    return s if _plain_ok(s) else _quoted(s)


def _key(k: Any) -> str:
    """A mapping key, written so that it reads back as the same string and nothing more (a
    key can never add a line of its own to the file)."""
    return _scalar(str(k))


def flow_mapping(d: dict) -> str:
    """A mapping in flow style: ``{seat: N, call: 1S}``."""
    return "{" + ", ".join(f"{_key(k)}: {_scalar(v)}" for k, v in d.items()) + "}"


# ---------------------------------------------------------------- events and judgements in one line

EVENT_HELP = """\
events, one per --event (or per line of the interview's 'other event'):
  director                      the director is called (also: td, called)
  S accepts | S accepts 1H      a player accepts an irregular call (the last one, or the one named)
  S declines | S declines 1H    a player does not accept it (also: S accepts=no)
  E 1H>2H                       a player puts 2H in place of their 1H (also: E replaces 1H with 2H)
  hand-count E 14               a hand holds 14 cards
  card-seen by=S of=W           any 'happened' code with its fields (director schema lists them)
  wrong-board E 5               East holds the cards of board 5
  wrong-board-at-table 9        the table is playing board 9 (nobody here has played it)
  wrong-board-at-table 15 E     ... board 15, which East has already played (N+S: both)
'?' at the interview's menu lists every event with its fields (director rule --help too)"""

_POSITIONAL = {   # happened codes whose fields may be given in order, without names
    "hand-count": ("seat", "cards"), "wrong-board": ("seat", "board"),
    "wrong-board-at-table": ("board", "played_by"), "card-seen": ("by", "of"),
    "surplus-card": ("seat", "card"), "overheard": ("by", "board"), "card-faced-in-deal": ("seat",),
    "call-on-source-board": ("seat", "call"),
}



#: the events that are not a 'happened' code, in the order the events menu numbers them
FIXED_EVENTS = (
    ("director", "director", "the director is called (also: td; 'director S': called by South)"),
    ("SEAT accepts [CALL]", "S accepts", "a player accepts an irregular call (the last one, or the one named)"),
    ("SEAT declines [CALL]", "S declines 1H", "a player does not accept it (also: S accepts=no)"),
    ("SEAT CALL>CALL", "E 1H>2H", "a player puts 2H in place of their 1H (also: E replaces 1H with 2H)"),
)
#: a value of each field for the examples of the events menu
_SAMPLE = {"seat": "E", "by": "S", "of": "W", "pocket": "N", "side": "NS", "board": "15", "cards": "14",
           "card": "SA", "call": "2H", "session": "afternoon", "what": "movement", "where": "played-cards",
           "played_by": "E", "played": "yes", "moment": "own-turn-to-call", "asks": "review", "dummy": "yes",
           "exposed": "D10", "led": "no", "words": "hurry", "offender": "E", "how": "waived"}


def event_forms() -> list[tuple[str, str, str]]:
    """Every event a director can type, as ``(form, example, what it is)``, in the order the
    events menu numbers them (from 1): the fixed forms, then each ``happened`` code with its
    fields in the order they may be given without names (``[...]``: may be left out; any
    field may also be given as ``name=value``)."""
    from bridge_director.case.shapes import HAPPENED
    out = list(FIXED_EVENTS)
    for code, (required, optional, doc) in HAPPENED.items():
        order = list(_POSITIONAL.get(code, required + optional))
        order += [f for f in required + optional if f not in order]
        opt = set(optional) | ({"played_by"} if code == "wrong-board-at-table" else set())
        form = " ".join([code] + [f"[{f.upper()}]" if f in opt else f.upper() for f in order])
        example = " ".join([code] + [_SAMPLE[f] for f in order if f not in opt])
        if code == "wrong-board-at-table":
            example = "wrong-board-at-table 15 E"
            doc += " (PLAYED_BY: the seats here that already played it, E or N+S; none: -; left out: not known yet)"
        out.append((form, example, doc))
    return out


def event_fields(code: str) -> list[tuple[str, str, bool]]:
    """The fields of a ``happened`` code, in order: ``(name, what it is, required)``."""
    from bridge_director.case.shapes import HAPPENED, HAPPENED_FIELDS
    required, optional, _doc = HAPPENED[code]
    order = list(_POSITIONAL.get(code, required + optional))
    order += [f for f in required + optional if f not in order]
    return [(f, HAPPENED_FIELDS[f][1], f in required and not (code == "wrong-board-at-table" and f == "played_by"))
            for f in order]


def events_help(width: int = 100) -> str:
    """The events menu as text: each event numbered, its form, what it is and an example."""
    lines = ["events (type one as shown, e.g. 'hand-count E 14'; fields may also be named: 'card-seen by=S of=W'):"]
    for i, (form, example, doc) in enumerate(event_forms(), 1):
        lines.append(f"  {i:>2} {form}")
        lines.append(f"       {doc}" + (f"; e.g. {example}" if example not in (form, form.split()[0]) else ""))
    return "\n".join(lines)


def parse_event(text: str, file: str = "event", lang: str = "en", calls: Optional[str] = None) -> dict:
    """One event written in a line (see EVENT_HELP) -> the case-file event mapping.

    Raises:
        InputError: the line is none of the forms (the message lists them).
    """
    from bridge_director.case.shapes import HAPPENED
    text = unicodedata.normalize("NFC", text)     # 'não' pasted decomposed (macOS, PDFs) is the word typed
    found = list(re.finditer(r"[^\s,]+", text))   # words, separated by spaces or commas
    words = [m.group() for m in found]
    if lang != "en":                    # the language's words: codes, seats, calls, aceita / não aceita
        words = _from_language(words, lang, calls or lang, file)
    low = [w.lower() for w in words]
    bad = WordedError(file, "event", "expected an event such as 'director', 'S accepts', 'S declines', 'E 1H>2H' "
                                     "or 'hand-count E 14', found {found}", found=repr(text.strip()))
    if not words:
        raise bad
    if low[0] in ("director", "td", "called", "director-called") and len(words) <= 4:
        # 'director', 'director called', 'director S', 'director called by S': one seat at most
        rest = words[1:]
        if rest and rest[0].lower() in ("called", "director"):
            rest = rest[1:]
        if rest and rest[0].lower() == "by":
            rest = rest[1:]
        if len(rest) > 1:
            raise _extra(file, "director", rest[1:], "at most one seat (the player who called)")
        ev: dict = {"director": "called"}
        if rest:
            ev["by"] = _seat_word(rest[0], file)
        return ev
    if low[0] in HAPPENED:
        return _happened(words, file, lang, calls or lang, (text, [m.span() for m in found]))
    if len(words) >= 2 and _is_seat(words[0]):
        seat = Seat.parse(words[0]).value
        verb = low[1]
        if verb.startswith("accepts") or verb in ("accept", "declines", "decline", "rejects", "refuses"):
            yes = verb in ("accepts", "accept", "accepts=yes", "accepts=true")
            if verb in ("accepts=no", "accepts=false", "declines", "decline", "rejects", "refuses"):
                yes = False
            if verb not in ("accepts", "accept", "accepts=yes", "accepts=true", "accepts=no", "accepts=false",
                            "declines", "decline", "rejects", "refuses"):
                raise bad
            # 'S accepts no 1H' reads as 'S accepts=no 1H': one yes or no, after a bare 'accepts' only
            said = [w for w in low[2:] if w in ("no", "yes", "true", "false")]
            if said and verb not in ("accepts", "accept"):
                raise _extra(file, f"{words[0]} {words[1]}", [w for w in words[2:] if w.lower() in said],
                             "the call it is about, if any")
            if len(said) > 1:
                raise _extra(file, f"{words[0]} {words[1]}", [w for w in words[2:] if w.lower() in said][1:],
                             "one yes or no")
            if said:
                yes = said[0] in ("yes", "true")
            rest = [w for w in words[2:] if w.lower() not in ("no", "yes", "true", "false")]
            if len(rest) > 1:
                raise _extra(file, f"{words[0]} {words[1]}", rest[1:], "one call (the irregular call it is about)")
            ev = {"seat": seat, "accepts": yes}
            if rest:
                ev["call"] = _call_word(rest[0], file)
            return ev
        if verb == "does" and low[2:4] == ["not", "accept"]:
            if len(words) > 5:
                raise _extra(file, f"{words[0]} does not accept", words[5:], "one call (the irregular call it is about)")
            ev = {"seat": seat, "accepts": False}
            if len(words) > 4:
                ev["call"] = _call_word(words[4], file)
            return ev
        if ">" in "".join(words[1:]):
            a, _, b = "".join(words[1:]).partition(">")
            return {"seat": seat, "replaces": _call_word(a, file), "with": _call_word(b, file)}
        if verb == "replaces" and len(words) == 5 and low[3] == "with":
            return {"seat": seat, "replaces": _call_word(words[2], file), "with": _call_word(words[4], file)}
    raise bad


def _extra(file: str, form: str, extra: list[str], expected: str) -> InputError:
    """The one-line error for words an event line has beyond its form (never dropped in silence)."""
    shown = " ".join(extra)
    return WordedError(file, "event", "{form}: expected {expected}, found more: {found}", form=form,
                       expected=expected, found=repr(shown), translate=("expected",))


def _from_language(words: list[str], lang: str, calls: str, file: str = "event") -> list[str]:
    """The words of an event typed in ``lang`` as the English forms read them: the event code,
    a seat first ('L aceita' -> 'E accepts'), calls ('L 1C>2C' -> 'E 1H>2H' in Portuguese),
    'não aceita' -> 'declines'."""
    from bridge_director.ruling.i18n import DECISION_WORDS
    if not words:
        return words
    out = [event_code(words[0], lang)] + words[1:]
    if out[0] != words[0] or out[0].lower() in ("director", "td"):
        return out
    seat = seat_from_words(words[0], lang)
    if seat in ("N", "E", "S", "W") and len(words) >= 2:
        rest = [w.lower() for w in words[1:]]
        decisions = DECISION_WORDS.get(lang, {})
        if rest[0] in ("não", "nao") and len(rest) >= 2 and rest[1] in decisions:
            return [seat, "declines"] + [_lang_call(w, calls, file) for w in words[3:]]
        if rest[0] in decisions:
            return [seat, "accepts" if decisions[rest[0]] else "declines"] + \
                [_lang_call(w, calls, file) for w in words[2:]]
        joined = "".join(words[1:])
        if ">" in joined:
            a, _, b = joined.partition(">")
            return [seat, f"{_lang_call(a, calls, file)}>{_lang_call(b, calls, file)}"]
    return out


def _lang_call(w: str, calls: str, file: str, field: str = "event") -> str:
    """A call word of an event or judgement typed in the language ``calls`` -> the case
    format's notation (i18n.call_from_words, the one reading of typed calls); a bid that
    language does not read ('1H' in Portuguese, where C is copas) is refused, never passed on
    to be read in English; any other word is returned as it is, for the form's own check."""
    got = call_from_words(w, calls)
    if got is not None:
        return got
    if calls in DENOMINATION_WORDS and re.match(r"^\s*[1-9]", w):
        raise WordedError(file, field, "expected a call such as {examples}, found {found}{hint}",
                          examples=CALL_EXAMPLES.get(calls, CALL_EXAMPLES["en"]), found=repr(w),
                          hint=typed_call_hint(w, calls), translate=("hint",))
    return w


_SEAT_FIELDS = ("seat", "by", "of", "pocket", "offender")


def _happened(words: list[str], file: str, lang: str = "en", calls: str = "en",
              typed: "tuple[str, list[tuple[int, int]]] | None" = None) -> dict:
    """``typed``: the line as typed and where each of ``words`` is in it (a text field's
    words are taken as typed, commas and all)."""
    from bridge_director.case.shapes import HAPPENED, HAPPENED_FIELDS
    code = words[0].lower()
    required, optional, _doc = HAPPENED[code]
    ev: dict = {"happened": code}
    order = list(_POSITIONAL.get(code, required + optional))
    spans = typed[1][1:] if typed and len(typed[1]) == len(words) else None
    for w in _text_runs(words[1:], required + optional, typed[0] if spans else None, spans):
        if "=" in w:
            k, _, v = w.partition("=")
            k = k.replace("-", "_")
            if k not in required + optional:
                raise InputError(file, 0, 0, "event", f"{code}: expected fields {', '.join(required + optional)}, "
                                                      f"found {k!r}")
        else:
            if not order:
                raise InputError(file, 0, 0, "event", f"{code}: too many values ({w!r}); expected "
                                                      f"{', '.join(required + optional) or 'none'}")
            k, v = order[0], w
        if k in ev:
            raise InputError(file, 0, 0, "event", f"{code}: {k.replace('_', '-')} given twice "
                                                  f"({_field_shown(k, ev[k])} and {w!r}); expected each field once")
        if k in order:
            order.remove(k)
        typ = HAPPENED_FIELDS[k][0]
        if typ is int:
            if not (v.isascii() and v.isdigit() and len(v) <= 12):   # ASCII digits, bounded before int()
                shown = f"a number of {len(v)} digits" if v.isascii() and v.isdigit() else repr(v[:40])
                raise InputError(file, 0, 0, "event", f"{code}: {k} expected a whole number in the digits 0-9, "
                                                      f"found {shown}")
            ev[k] = int(v)
        elif typ is bool:
            # a flag written as its own name ('card-exposed W S4 led') means yes; anything that is
            # neither yes nor no is refused, never taken as "no"
            low = v.lower()
            if low in YES_WORDS or low == k.replace("_", "-") or low == k:
                ev[k] = True
            elif low in NO_WORDS or low in ("not-" + k, "no-" + k):
                ev[k] = False
            else:
                raise InputError(file, 0, 0, "event", f"{code}: {k.replace('_', '-')} expected yes or no "
                                                      f"(or '{k.replace('_', '-')}' for yes), found {v!r}")
        elif k == "played_by" or typ == list[str]:
            ev[k] = [seat_from_words(s, lang) if k == "played_by" else s
                     for s in re.split(r"[+/;]", v) if s and s != "-"]
        elif k in _SEAT_FIELDS:
            ev[k] = seat_from_words(v, lang)
        elif k == "call":
            ev[k] = _lang_call(v, calls, file)
        else:
            ev[k] = v
    # "not stated" is never "none": a wrong-board-at-table without played_by leaves the question
    # open (the ruling asks whether anyone at the table had played the board); "-" says none
    return ev


#: the fields of an event that hold free text: ``words=hello there`` takes the words after it
#: up to the next field=value (``Draft.one_line`` writes them so, and they are typed so)
_TEXT_FIELDS = ("words", "session")


def _text_runs(words: list[str], fields: tuple, text: "str | None" = None,
               spans: "list[tuple[int, int]] | None" = None) -> list[str]:
    """``words`` with each text field's value joined with the words that follow it, up to the
    next ``field=value`` of the event (was: "remark: too many values ('there')" for the line
    ``remark seat=S words=hello there`` that ``ask`` prints as typable again). Given the line
    ``text`` and each word's ``spans`` in it, the value is the line's own characters from the
    '=' to the next field (commas and spaces as typed: "hello, there" was read "hello there")."""
    out: list[str] = []
    texting = False
    start = 0
    for i, w in enumerate(words):
        k = w.partition("=")[0].replace("-", "_") if "=" in w else None
        if k in fields:
            if texting and text is not None and spans:
                out[-1] = out[-1].partition("=")[0] + "=" + text[start:spans[i][0]].rstrip(" \t,").strip()
            out.append(w)
            texting = k in _TEXT_FIELDS
            if spans:
                start = spans[i][0] + len(w.partition("=")[0]) + 1
        elif texting:
            out[-1] += " " + w
        else:
            out.append(w)
    if texting and text is not None and spans:
        out[-1] = out[-1].partition("=")[0] + "=" + text[start:].strip()
    return out


def _field_shown(k: str, v: Any) -> str:
    """A field already read from an event line, as it was typed (``'by=S'``)."""
    if isinstance(v, list):
        v = "+".join(map(str, v))
    elif isinstance(v, bool):
        v = "yes" if v else "no"
    return repr(f"{k}={v}")


def parse_setting(text: str, file: str = "judge") -> "tuple[str, Any] | None":
    """A case setting typed as a judgement (``"played-at-other-tables=yes"``, ``"replay-event=no"``,
    ``"scoring=teams"``; ``_`` for ``-`` too) -> ``(field, value)``; None when ``text`` names
    no setting (then it is a judgement: :func:`parse_judgement`).

    Raises:
        InputError: a setting with a value it cannot take.
    """
    from bridge_director.ruling.questions import SETTINGS as ASKED, SETTING_KEYS
    m = _key_value(text)
    if not m or not re.fullmatch(r"[A-Za-z_-]+", m[0]):
        return None
    typed = m[0].lower().replace("_", "-")
    field = next((f for f, k in SETTING_KEYS.items() if k == typed), None)
    if field is None:
        return None
    choices = next(c for f, _p, c in ASKED.values() if f == field)
    v = m[1].lower()
    for _label, _key, value in choices:
        if isinstance(value, bool) and (v in YES_WORDS if value else v in NO_WORDS):
            return field, value
        if not isinstance(value, bool) and v == str(value):
            return field, value
    shown = "yes or no" if isinstance(choices[0][2], bool) else ", ".join(str(c[2]) for c in choices)
    raise InputError(file, 0, 0, "judge", f"{SETTING_KEYS[field]}: expected {shown}, found {m[1]!r}")


def _key_value(text: str) -> "tuple[str, str] | None":
    """``"KEY = VALUE"`` split at its first ``=`` or ``:`` (the key at least one character),
    both stripped; None without a separator or a value. Linear in the text (a regular
    expression with a lazy key and spaces around the separator backtracked over every run of
    spaces: 100,000 spaces took minutes)."""
    body = text.strip()
    cut = next((i for i, ch in enumerate(body) if ch in "=:" and i > 0), None)
    if cut is None:
        return None
    key, value = body[:cut].strip(), body[cut + 1:].strip()
    return (key, value) if key and value else None


def parse_judgement(text: str, file: str = "judge", lang: str = "en", calls: Optional[str] = None) -> tuple[str, Any]:
    """``"E 1H unintended=no"`` (or ``: false``) -> ``("E 1H unintended", False)``;
    ``"E 2D specifies=H,S"`` -> ``("E 2D specifies", ["H", "S"])``; a list of sides the same way
    (``"event 5 due-later=NS"``; ``-`` for none).

    Raises:
        InputError: no '=' or ':' with a value, or a value that is not yes/no/true/false.
    """
    text = unicodedata.normalize("NFC", text)
    m = _key_value(text)
    if not m:
        raise WordedError(file, "judge", "expected 'SEAT CALL property=yes|no' such as 'E 1H unintended=no', "
                                         "found {found}", found=repr(text))
    typed = m[0].split()
    if len(typed) == 3 and seat_from_words(typed[0], lang) in ("N", "E", "S", "W"):
        # 'S 1H não-intencional' with --lang pt: 1H is not read as hearts there
        _lang_call(typed[1], calls or lang, file, "judge")
    key, value = key_from_words(m[0], lang, calls or lang), m[1]
    parts = key.split()
    if parts and _is_seat(parts[0]) and len(parts) == 3:
        key = f"{Seat.parse(parts[0]).value} {parts[1]} {parts[2]}"
    if key.endswith(("specifies",) + SIDE_JUDGEMENTS):      # a list: H,S or NS,EW; - or none for []
        return key, [v for v in re.split(r"[\s,+/\[\]]+", value) if v and v.lower() not in ("-", "none")]
    v = value.lower()
    if v in YES_WORDS:
        return key, True
    if v in NO_WORDS:
        return key, False
    raise WordedError(file, "judge", "{key}: expected yes or no (true or false), found {found}",
                      key=key if lang == "en" else m[0].strip(), found=repr(value))


def _is_seat(w: str) -> bool:
    try:
        Seat.parse(w)
        return True
    except ValueError:
        return False


def _seat_word(w: str, file: str) -> str:
    try:
        return Seat.parse(w).value
    except ValueError:
        raise InputError(file, 0, 0, "event", f"expected a seat N, E, S or W, found {w!r}") from None


def _call_word(w: str, file: str) -> str:
    try:
        return str(Call.parse(w))
    except CallSyntaxError:
        raise InputError(file, 0, 0, "event", f"expected a call such as 1H, 3NT, P, X or XX, found {w!r}") from None

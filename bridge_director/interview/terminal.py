"""``director ask``: the interview in the terminal.

It asks the board (or the dealer), the calls in one line, then what happened next (Enter: the
director is called here; or another event, or more calls), rules again after every answer,
in-process, and asks only the questions the ruling carries (bridge_director.ruling.questions): "Was 1H the
call East meant to make?", "Does South accept East's 1H?". At any prompt: ``r`` shows the
ruling so far, ``u`` undoes the last step, ``s`` saves the case (YAML, the format of
cases/), ``q`` quits (offering to save), ``?`` lists what can be typed. Ctrl-C or end of
input offers to save and exits cleanly. Bad input gets one line saying what was expected,
and the question again.

prompt_toolkit reads the lines (completion of calls, seats and events) when the terminal is
a terminal; otherwise plain lines are read from standard input. rich prints the tables.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Callable, Optional

from bridge_director.session.draft import Draft, event_fields, event_forms, events_help, parse_event
from bridge_director.ruling.grid import auction, seats_in_full, tell_the_table
from bridge_director.ruling.questions import full
from bridge_director.ruling.i18n import call_name, seat_from_words, seat_name
from bridge_director.bridge.table import Call, CallSyntaxError, Seat
from bridge_director.bridge.table import MAX_BOARD
from bridge_director.base.yamlpos import InputError

CALLS = [f"{lv}{d}" for lv in range(1, 8) for d in ("C", "D", "H", "S", "NT")] + ["P", "X", "XX"]
SEATS = ["N", "E", "S", "W"]
EVENT_WORDS = ["director", "accepts", "declines", "replaces", "with", "hand-count", "card-seen", "wrong-board",
               "wrong-board-at-table", "surplus-card", "overheard", "card-faced-in-deal", "opening-lead-faced",
               "play-ended", "call-on-source-board", "missing-card-found", "missing-card-not-found"]
COMMANDS = {"r": "show the ruling so far", "u": "undo the last step", "s": "save the case (YAML)",
            "q": "quit (offers to save)", "?": "this list"}
MENU_HELP = """\
Type one of:
  calls              more calls, e.g. '2H P' or 'W:1H' (a call out of rotation with its seat)
  Enter              the director is called here (when not called yet)
  an event           e.g. 'S declines', 'E 1H>2H', 'hand-count E 14', 'wrong-board E 5'
  a number           the event of that number below: its fields are asked one by one
  r / u / s / q      ruling so far / undo / save / quit
(the events of the case are numbered as 'director rule' numbers them: 'event 3' in a
judgement means the same in both; 's' shows the case in one line)
"""


BOARD_HELP = """\
Type the board number (1 to %d: the dealer and vulnerability follow from it), or the dealer's
seat N, E, S or W when the board number is not known. q quits.""" % MAX_BOARD
CALLS_HELP = """\
Type the calls in one line, from the dealer round the table, e.g. '1NT 1H' or '1S P 2H'; a call
out of rotation with its seat first, e.g. 'W:1H'. Enter if no call was made yet. q quits."""
#: the heading of the open judgements inside the interview (the questions are asked here)
ASK_JUDGEMENTS = "Judgements needed (still open: answer them as they are asked, or type the event found):"
#: replies at a save prompt that mean "do not save"
DONT_SAVE = ("q", "n", "no", "quit", "exit")


#: the interview's own words in Portuguese (the ruling's are the ruling's: bridge_director.ruling.i18n)
PT = {
    "bridge-director: describe what happened; you are asked only what the ruling needs. ? for help, q to quit.":
        "bridge-director: descreva o que aconteceu; só se pergunta o que a decisão precisa. ? para ajuda, q para sair.",
    "Board number (or the dealer N/E/S/W if not known): ":
        "Número da Bolsa (ou quem dá as cartas, N/L/S/O, se não se sabe): ",
    "Calls from the dealer ({seat}), in rotation (W:1H for a call out of rotation; Enter if none): ":
        "Vozes a partir de quem deu as cartas ({seat}), em rotação, como 1P 1C (paus, copas), 1♥, 3SA, P; "
        "O:1C para uma voz fora de rotação; Enter se nenhuma: ",
    "Before ruling: ": "Antes de decidir: ",
    "  (add what you find as an event, e.g. 'hand-count W 12'; Enter to leave it open)":
        "  (acrescente o que encontrar como evento, p. ex. 'contagem-de-cartas O 12'; Enter deixa em aberto)",
    "  (the director is called here)": "  (o Diretor é chamado aqui)",
    "What happened next?{enter} [calls / event / r u s q ?] ": "O que aconteceu depois?{enter} [vozes / evento / r u s q ?] ",
    " (Enter: the director is called here)": " (Enter: o Diretor é chamado aqui)",
    " ({seat}'s call in place of {call}, or an event)": " (a voz de {seat} no lugar de {call}, ou um evento)",
    "Next: ": "A seguir: ",
    "Save as (Enter: {name}; q: do not save): ": "Salvar como (Enter: {name}; q: não salvar): ",
    "  Not saved.": "  Não salvo.",
    "Saved {name} (director rule {name} rules on it again; in one line, with the same event numbers: {line}).":
        "Salvo {name} (director rule {name} decide de novo; numa linha, com os mesmos números de evento: {line}).",
    "Bye.": "Até logo.",
    "Not saved. Bye.": "Não salvo. Até logo.",
    "Not saved.": "Não salvo.",
    "Save the case before leaving? [Enter: save as {name} / a file name / n: no] ":
        "Salvar o caso antes de sair? [Enter: salvar como {name} / um nome de arquivo / n: não] ",
    "Auction as understood": "Leilão, como entendido",
    " (dealer)": " (dá as cartas)",
    "(a call such as 2H or P; ? {label})": "(uma voz como 2C (copas), 1♥ ou P; ? {label})",
    "yes": "sim", "no": "não", "not known yet": "ainda não se sabe", "not yet": "ainda não",
}


class Quit(Exception):
    """The director asked to leave (q, Ctrl-C or end of input)."""


class _Completer:
    """Completion of calls (after an optional 'SEAT:'), seats, event words and commands."""

    def __new__(cls, words: list[str]):
        from prompt_toolkit.completion import Completer, Completion

        class C(Completer):
            def get_completions(self, document, complete_event):
                tok = document.get_word_before_cursor(WORD=True)
                prefix, _, rest = tok.rpartition(":")
                pool = CALLS if prefix else words
                for w in pool:
                    if w.lower().startswith(rest.lower()) and w.lower() != rest.lower():
                        yield Completion(w, start_position=-len(rest))
        return C()


class Terminal:
    """Reading lines and printing, with prompt_toolkit and rich on a terminal, plain otherwise.

    ``keys`` counts the characters typed (and Enter) for the benchmark.
    """

    def __init__(self, stdin=None, stdout=None, fancy: Optional[bool] = None):
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        tty = self.stdin.isatty() and self.stdout.isatty()
        self.fancy = tty if fancy is None else fancy
        self.keys = 0
        self.session = None
        from rich.console import Console
        from bridge_director.ruling.grid import width
        self.console = Console(file=self.stdout, highlight=False, width=width(),
                               force_terminal=self.fancy if self.fancy else None)

    def ask(self, prompt: str, words: Optional[list[str]] = None, default: str = "") -> str:
        """One line from the director (stripped). Raises Quit on Ctrl-C or end of input."""
        try:
            if self.fancy:
                if self.session is None:
                    from prompt_toolkit import PromptSession
                    self.session = PromptSession()
                comp = _Completer(words) if words else None
                text = self.session.prompt(prompt, completer=comp, complete_while_typing=bool(words),
                                           default=default)
            else:
                self.stdout.write(prompt)
                self.stdout.flush()
                text = self.stdin.readline()
                if text == "":
                    raise EOFError
                text = text.rstrip("\n")
        except (KeyboardInterrupt, EOFError):
            raise Quit() from None
        self.keys += len(text) + 1
        return text.strip()

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def table(self, tbl) -> None:
        self.console.print(tbl)


class Interview:
    """One interview: a Draft, the questions asked and skipped, and the terminal.

    ``clock`` (for the benchmark): seconds spent from an answer to the updated ruling.
    """

    def __init__(self, term: Terminal, board: Optional[int] = None, dealer: Optional[str] = None,
                 save_to: Optional[str] = None, lang: str = "en"):
        self.t = term
        self.lang = lang
        self.draft: Optional[Draft] = None
        self.board, self.dealer = board, dealer
        self.save_to = save_to
        self.skipped: set[str] = set()
        self.options_shown: set[str] = set()     # decisions whose options were shown before asking
        self.saved_text: Optional[str] = None
        self.timings: list[float] = []
        self.menu_shown = False       # the events menu, shown in full once ("No irregularity found")

    def _(self, english: str) -> str:
        """The interview's own words in its language (PT below; English as written)."""
        return PT.get(english, english) if self.lang == "pt" else english

    def full(self, seat: "str | None") -> str:
        """A seat in full in the interview's language."""
        return seat_name(seat, self.lang)

    # ------------------------------------------------------------ the steps

    def run(self) -> int:
        """The whole interview; returns the exit code (0)."""
        try:
            self._start()
            self._loop()
        except Quit:
            self.t.say("")
            self._offer_save()
        except BrokenPipeError:  # the reader of the output left (`director ask | head`): quietly, by the CLI
            raise
        except Exception as e:  # noqa: BLE001 - never a traceback: one line, then the offer to save
            self.t.say(f"internal error: {type(e).__name__}: {e} (a bug to report, with the saved case)")
            self._offer_save()
            return 3
        return 0

    def _start(self) -> None:
        if self.board is None and self.dealer is None:
            while True:
                text = self.t.ask(self._("Board number (or the dealer N/E/S/W if not known): "))
                if text.lower() in ("q", "quit", "exit"):
                    raise Quit()
                if text == "?":
                    self.t.say(BOARD_HELP)
                    continue
                try:
                    self.draft = self._new_draft(text)
                    break
                except InputError as e:
                    self.t.say(f"  ! {_said(e, self.lang)}")
        else:
            self.draft = Draft(board=self.board, dealer=self.dealer, file="interview", lang=self.lang)
        d = self.draft
        from bridge_director.ruling.grid import board_words
        from bridge_director.bridge.table import Board
        vul = Board(d.board).vulnerability if d.board else None
        self.t.say(board_words(d.board, d.dealer_seat, vul, self.lang) + ".")
        while True:
            text = self.t.ask(self._("Calls from the dealer ({seat}), in rotation (W:1H for a call out of rotation; "
                                     "Enter if none): ").format(seat=self.full(d.dealer_seat.value)),
                              CALLS + [s + ":" for s in SEATS])
            if not text:
                break
            if text.lower() in ("q", "quit", "exit"):
                raise Quit()
            if text == "?":
                self.t.say(CALLS_HELP)
                continue
            try:
                d.add_calls(text)
                break
            except InputError as e:
                self.t.say(f"  ! {_said(e, self.lang)}")
        if d.events:
            self._show_auction()

    def _new_draft(self, text: str) -> Draft:
        t = text.strip()
        if t.isascii() and t.isdigit() and (len(t) > 4 or int(t) >= 1):      # the length first: int() of 5,000 digits fails
            if len(t) > 4 or int(t) > MAX_BOARD:
                raise InputError("interview", 0, 0, "board", f"expected a board number from 1 to {MAX_BOARD}, "
                                                             f"found {t[:12]}{'...' if len(t) > 12 else ''}")
            return Draft(board=int(t), file="interview", lang=self.lang)
        try:
            return Draft(dealer=Seat.parse(seat_from_words(t, self.lang)).value, file="interview", lang=self.lang)
        except ValueError:
            raise InputError("interview", 0, 0, "board", f"expected a board number such as 5, or a dealer "
                                                         f"N, E, S or W, found {t!r}") from None

    def _loop(self) -> None:
        if self.draft.events:
            self._ask_questions()
        while True:
            before = self._snapshot()
            self._menu()
            # only a step that changed the case asks again and shows the ruling again: a refusal
            # ("  ! ...") stays the last thing on the screen, not scrolled away under a reprint
            if self.draft.events and self._snapshot() != before:
                self._ask_questions()

    def _snapshot(self) -> tuple:
        d = self.draft
        return (repr(d.events), repr(d.judgement), repr(d.setting))

    def _ask_questions(self) -> None:
        """Ask each open question the ruling carries (not skipped), re-ruling after each answer;
        then show the ruling."""
        while True:
            if not self.draft.events:       # everything undone: nothing to ask until something happens
                self.t.say("(no events yet)")
                return
            qs = [q for q in self.draft.questions() if q["id"] not in self.skipped]
            if not qs:
                break
            q = qs[0]
            if q["kind"] == "check":
                self.t.say(self._("Before ruling: ") + seats_in_full(q["prompt"], self.lang))
                self.t.say(self._("  (add what you find as an event, e.g. 'hand-count W 12'; Enter to leave it open)"))
                self.skipped.add(q["id"])
                break
            if q["kind"] == "decision" and q["id"] not in self.options_shown:
                # the options are explained before anyone chooses (the ruling's options head)
                from bridge_director.ruling.render import options_text
                shown = options_text(self.draft.rule())
                if shown:
                    self.t.say(shown.rstrip("\n"))
                self.options_shown.add(q["id"])
            if not self._ask_one(q):
                continue
        self._show_ruling()
        if not self.draft.rule().lines:
            self._events_menu()

    def _ask_one(self, q: dict) -> bool:
        """Ask one question until it gets a usable reply. False when skipped (not known yet)."""
        takes_input = next((a for a in q["answers"] if a.get("input")), None)
        keyed = [a for a in q["answers"] if a.get("key")]
        keys = {"y": "s"} if self.lang == "pt" else {}          # sim / não: Draft.answer reads both
        choices = " / ".join(f"{keys.get(a['key'], a['key'])} {self._(a['label'])}" if a["key"] != a["label"]
                             else self._(a["label"]) for a in keyed)
        if takes_input:
            hint = self._("(a call such as 2H or P; ? {label})").format(label=self._(keyed[-1]["label"])) \
                if takes_input["input"] == "call" else f"(e.g. H, or H S; ? {self._(keyed[-1]['label'])})"
        else:
            hint = f"[{choices}]"
        words = CALLS if takes_input and takes_input.get("input") == "call" else [a["label"] for a in q["answers"]]
        while True:
            text = self.t.ask(f"{q['prompt']} {hint} ", words)
            yes_in_pt = self.lang == "pt" and text.lower() in ("s", "sim")    # 's' is sim here, not save
            if not yes_in_pt and self._command(text):
                return True
            if not text:
                self.t.say(f"  ! expected an answer: {hint}")
                continue
            if text in ("?", "not known yet", "not yet", "ainda não", "ainda nao"):
                self.skipped.add(q["id"])
                return False
            start = time.perf_counter()
            try:
                self._director_here()
                added = self.draft.answer(q, text)
                self.draft.rule()
                self.timings.append(time.perf_counter() - start)
            except InputError as e:
                self.t.say(f"  ! {_said(e, self.lang)}")
                continue
            if not added:
                self.skipped.add(q["id"])
                return False
            return True

    def _director_here(self) -> None:
        """A director answering the ruling's questions is at the table: the case records the
        call for the director before the first answer, where it happened."""
        if not any("director" in e for e in self.draft.events):
            self.draft.add_event({"director": "called"})
            self.t.say(self._("  (the director is called here)"))

    def _menu(self) -> None:
        d = self.draft
        called = any("director" in e for e in d.events)
        enter = "" if called or not d.events else self._(" (Enter: the director is called here)")
        owed = d.owed()
        if owed:     # the next call typed is that replacement (Draft.parse_calls)
            enter = self._(" ({seat}'s call in place of {call}, or an event)").format(
                seat=self.full(owed[0]["seat"]), call=call_name(owed[0]["call"], self.lang))
        text = self.t.ask(self._("What happened next?{enter} [calls / event / r u s q ?] ").format(enter=enter),
                          EVENT_WORDS + SEATS + CALLS + list(COMMANDS))
        if text == "?":
            self.t.say(MENU_HELP + events_help())
            return
        if text.isascii() and text.isdigit():
            self._numbered_event(int(text) if len(text) <= 4 else 0)     # 5,000 digits: no number to int()
            return
        if self._command(text):
            return
        if not text:
            if not called and d.events:
                self._step(lambda: d.add_event({"director": "called"}))
            else:
                self._show_ruling()
            return
        if self._looks_like_calls(text, self.draft):
            self._step(lambda: d.add_calls(text), auction_too=True)
            return
        try:
            ev = parse_event(text, "event", self.lang)
        except InputError as e:
            self.t.say(f"  ! {_said(e, self.lang)} (? lists what can be typed)")
            return
        self._step(lambda: d.add_event(ev))

    def _numbered_event(self, n: int) -> None:
        """The event of number ``n`` in the events menu, its fields asked one by one."""
        forms = event_forms()
        if not 1 <= n <= len(forms):
            self.t.say(f"  ! expected an event number from 1 to {len(forms)} (? lists them)")
            return
        form, example, doc = forms[n - 1]
        code = form.split()[0]
        self.t.say(f"  {form}: {doc}")
        if n <= 4:                          # director, accepts, declines, a replacement: typed whole
            text = self.t.ask(f"  Type it as shown (e.g. {example}): ", EVENT_WORDS + SEATS + CALLS)
        else:
            parts = [code]
            for name, what, required in event_fields(code):
                value = self.t.ask(f"  {name.upper()} ({what}{'' if required else '; Enter: none'}): ",
                                   SEATS if name in ("seat", "by", "of", "pocket", "offender") else None)
                if value:
                    parts.append(f"{name}={value.replace(' ', '+')}")
            text = " ".join(parts)
        if not text:
            return
        try:
            ev = parse_event(text, "event", self.lang)
        except InputError as e:
            self.t.say(f"  ! {_said(e, self.lang)}")
            return
        self._step(lambda: self.draft.add_event(ev))

    def _events_menu(self) -> None:
        """After 'No irregularity found': the events a director can type, numbered."""
        forms = event_forms()
        names = [f"{i:>2} {form.split()[0] if i > 4 else form}" for i, (form, _ex, _doc) in enumerate(forms, 1)]
        if self.menu_shown:
            self.t.say("Something else happened? Type it, or its number in the events menu (? lists them "
                       "with their fields).")
            return
        self.menu_shown = True
        self.t.say("Something else happened? Type it (e.g. 'hand-count E 14', 'wrong-board-at-table 15 E'), "
                   "or its number here to be asked its fields; ? shows each with its fields:")
        col = max(len(x) for x in names) + 2
        per = max(1, min(4, 104 // col))
        rows = (len(names) + per - 1) // per
        for r in range(rows):
            self.t.say("  " + "".join(names[r + c * rows].ljust(col) for c in range(per) if r + c * rows < len(names)).rstrip())

    def _step(self, apply: Callable, auction_too: bool = False) -> None:
        start = time.perf_counter()
        try:
            apply()
            self.draft.rule()
            self.timings.append(time.perf_counter() - start)
        except InputError as e:
            self.t.say(f"  ! {_said(e, self.lang)}")
            return
        self.skipped.clear()
        if auction_too:
            self._show_auction()

    @staticmethod
    def _looks_like_calls(text: str, draft: Optional[Draft] = None) -> bool:
        lang = draft.lang if draft is not None else "en"
        for tok in text.replace(",", " ").split():
            seat, sep, call = tok.rpartition(":")
            if sep:
                try:
                    Seat.parse(seat_from_words(seat, lang))
                except ValueError:
                    return False
            try:
                if draft is not None:
                    draft._call(call)
                else:
                    Call.parse(call)
            except CallSyntaxError:
                return False
        return bool(text.split())

    def _command(self, text: str) -> bool:
        """Handle r / u / s / q / help; True when ``text`` was one."""
        low = text.lower()
        if low in ("r", "ruling", "decisão", "decisao"):
            self._show_ruling(full_text=True)
        elif low in ("u", "undo", "desfazer"):
            if self.draft.undo():
                self.skipped.clear()
                self.t.say("Undone. The case now:")
                self._show_auction()
            else:
                self.t.say("  ! nothing to undo")
        elif low in ("s", "save", "salvar"):
            self._save()
        elif low in ("q", "quit", "exit", "sair"):
            raise Quit()
        elif low in ("h", "help", "ajuda"):
            self.t.say(MENU_HELP + events_help())
        else:
            return False
        return True

    # ------------------------------------------------------------ showing

    def _show_auction(self) -> None:
        if not self.draft.events:
            self.t.say("(no events yet)")
            return
        from rich.table import Table
        a = auction(self.draft.rule())
        tbl = Table(title=self._("Auction as understood"), show_lines=False)
        for s in a["columns"]:
            tbl.add_column(self.full(s) + (self._(" (dealer)") if s == a["dealer"] else ""))
        for row in a["rows"]:
            tbl.add_row(*[(c["text"] if c else "") for c in row])
        self.t.table(tbl)
        for n in a["notes"]:
            self.t.say("  " + n)
        others = [(n, e) for n, e in enumerate(self.draft.events, 1)
                  if "call" not in e or "happened" in e or "accepts" in e]
        if others:
            self.t.say("  other events: " + "; ".join(f"{_event_words(e)} (event {n})" for n, e in others))

    def _show_ruling(self, full_text: bool = True) -> None:
        if self.draft is None or not self.draft.events:    # r, or Enter, before any call (or all undone)
            self.t.say(self._("  ! nothing to rule on yet: type the calls, or an event"))
            return
        from bridge_director.ruling.render import render_text
        r = self.draft.rule()
        self.t.say("")
        self.t.say(render_text(r).rstrip("\n").replace(
            "Trace: --trace shows each rule, the facts it matched and the events they came from.",
            "(r: ruling again, u: undo, s: save, q: quit)").replace(
            "Judgements needed (answer with 'director ask', or type the line shown):", ASK_JUDGEMENTS).replace(
            "Rastro: --trace mostra cada regra, os fatos que ela encontrou e os eventos de onde vieram.",
            "(r: a decisão de novo, u: desfazer, s: salvar, q: sair)"))
        owed = self.draft.owed_words()
        if owed:
            self.t.say("")
            self.t.say(self._("Next: ") + owed)

    # ------------------------------------------------------------ saving

    def _default_name(self) -> str:
        d = self.draft
        head = f"board-{d.board}" if d and d.board else "case"
        if self.save_to:
            return self.save_to
        base = f"{head}-{time.strftime('%H%M')}"
        name, n = f"{base}.yaml", 1
        while os.path.lexists(name) and name != getattr(self, "saved_name", None):   # never another case's file
            n += 1
            name = f"{base}-{n}.yaml"
        return name

    def _save(self, name: Optional[str] = None) -> Optional[str]:
        """Save the case as YAML to ``name`` (asked when None: Enter takes the default name, q or n
        means not saved). A save that fails asks for another name. Returns the name, or None
        when not saved."""
        if self.draft is None or not self.draft.events:
            self.t.say("  ! nothing to save yet")
            return None
        while name is None:
            reply = self.t.ask(self._("Save as (Enter: {name}; q: do not save): ").format(name=self._default_name()))
            if reply.lower() in DONT_SAVE:
                self.t.say(self._("  Not saved."))
                return None
            if reply.lower() in COMMANDS:
                self.t.say(f"  ! {reply!r} is a command, not a file name: type a file name, Enter for "
                           f"{self._default_name()}, or q not to save")
                continue
            name = reply or self._default_name()
        text = self.draft.to_yaml()
        while True:
            if os.path.lexists(name) and name != getattr(self, "saved_name", None):
                reply = self.t.ask(self._("{name} already exists: replace it? (y: replace; another file name; "
                                          "Enter or q: do not save) ").format(name=name))
                if reply.lower() not in ("y", "yes", "sim") and not (self.lang == "pt" and reply.lower() == "s"):
                    if not reply or reply.lower() in DONT_SAVE or reply.lower() in COMMANDS:
                        self.t.say(self._("  Not saved."))
                        return None
                    name = reply
                    continue
            try:
                from bridge_director.base.files import check_output, write_atomic
                check_output(name)
                write_atomic(name, text)          # whole or not at all
                break
            except InputError as e:
                self.t.say(f"  ! cannot write {name}: {_said(e, self.lang)}")
                reply = self.t.ask("Save as another file name (q: do not save): ")
                if not reply or reply.lower() in DONT_SAVE or reply.lower() in COMMANDS:
                    self.t.say(self._("  Not saved."))
                    return None
                name = reply
        self.saved_text, self.saved_name = text, name
        self.t.say(self._("Saved {name} (director rule {name} rules on it again; in one line, with the same event "
                          "numbers: {line}).").format(name=name, line=self.draft.one_line()))
        return name

    def _offer_save(self) -> None:
        if self.draft is None or not self.draft.events or self.saved_text == self.draft.to_yaml():
            self.t.say(self._("Bye."))
            return
        try:
            reply = self.t.ask(self._("Save the case before leaving? [Enter: save as {name} / a file name / "
                                      "n: no] ").format(name=self._default_name()))
            if reply.lower() in DONT_SAVE:
                self.t.say(self._("Not saved. Bye."))
                return
            if reply.lower() in ("y", "yes", "s", "save"):
                reply = ""
            self._save(reply or self._default_name())
        except Quit:
            self.t.say(self._("Not saved."))
        self.t.say(self._("Bye."))


def _event_words(e: dict) -> str:
    if "director" in e:
        return "director called"
    if "accepts" in e:
        return f"{full(e['seat'])} {'accepts' if e['accepts'] else 'does not accept'}" + (
            f" {e['call']}" if e.get("call") else "")
    if "replaces" in e:
        return f"{full(e['seat'])} replaces {e['replaces']} with {e['with']}"
    if "happened" in e:
        return e["happened"] + "".join(f" {k}={v}" for k, v in e.items() if k != "happened")
    return str(e)


def main(board: Optional[int] = None, dealer: Optional[str] = None, save_to: Optional[str] = None,
         lang: str = "en") -> int:
    """Run ``director ask``; the exit code."""
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
    term = Terminal()
    interview = Interview(term, board, dealer, save_to, lang)
    term.say(interview._("bridge-director: describe what happened; you are asked only what the ruling needs. "
                         "? for help, q to quit."))
    return interview.run()


def _said(e: InputError, lang: str) -> str:
    """An error's message in the interview's language when the catalogue has it (a call or an
    event typed wrong, in Portuguese: was English)."""
    from bridge_director.base.yamlpos import WordedError
    if isinstance(e, WordedError) and lang != "en":
        from bridge_director.ruling.i18n import gettext
        return e.message_said(gettext(lang))
    return e.message

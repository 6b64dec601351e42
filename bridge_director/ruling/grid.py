"""What the tool understood, shown before the ruling: the board, the auction grid, the
judgements stated, the contract; and the two or three lines to tell the players now.

No law here: the call standings come from the rules (the ruling's ``calls`` when the engine
provides them, else its call statuses), the contract from table mechanics, the lines to tell
the table from the ruling's own lines and questions.

Data (``auction(r)``)::

    {"columns": ["W", "N", "E", "S"], "dealer": "N",
     "rows": [[None, {"event": 1, "seat": "N", "call": "1S", "text": "1S", "marks": []}, ...], ...],
     "notes": ["West's 1H (event 2): out of rotation; cancelled (29B)"],
     "ended": True, "contract": "4S", "declarer": "S", "leader": "W"}   # contract None if not ended
"""
from __future__ import annotations

import os
import sys
from typing import Any

from bridge_director.base.lines import markdown_text as md
from bridge_director.ruling.i18n import VUL_WORDS, call_name, contract_name, gettext, seat_name, seats_in_full
from bridge_director.ruling.questions import questions
from bridge_director.ruling.wrap import wrap
from bridge_director.bridge.table import Board, Seat, contract_of, final_contract

COLUMNS = ("W", "N", "E", "S")
#: standings that take a call out of the auction as made
GONE = ("cancelled", "awaiting-replacement", "superseded", "withdrawn", "void", "held")
STANDING_WORDS = {"stands": "stands", "cancelled": "cancelled", "replaced-by-pass": "replaced by a pass",
                  "awaiting-replacement": "to be replaced", "superseded": "put right (replaced)",
                  "withdrawn": "withdrawn", "void": "void", "awaiting-decision": "awaiting a player's decision",
                  "held": "held until the director says whether it came before the ruling"}


def _lang(r) -> str:
    """The language of ruling ``r`` ('en' when its case does not say)."""
    return getattr(getattr(r, "case", None), "lang", None) or "en"


def vul_words(vul: "str | None", lang: str = "en") -> str:
    """The vulnerability in words, in ``lang``: 'NS' -> 'North-South vulnerable'."""
    return gettext(lang)(VUL_WORDS[vul]) if vul in VUL_WORDS else str(vul)


def standing_words(standing: str, lang: str = "en") -> str:
    """A call's standing in words, in ``lang``: 'replaced-by-pass' -> 'replaced by a pass'."""
    return gettext(lang)(STANDING_WORDS[standing]) if standing in STANDING_WORDS else standing


def width() -> int:
    """The width to wrap text output to: the terminal's, between 60 and 120 (100 when not a terminal)."""
    return max(60, min(terminal_columns(100), 120))


#: id(standard output) -> (it, its descriptor), for an output found not to be a terminal (see
#: terminal_columns)
_NOT_A_TERMINAL: "dict[int, tuple]" = {}


def terminal_columns(fallback: int) -> int:
    """The terminal's width in columns as ``shutil.get_terminal_size((fallback, ...))`` tells
    it (``COLUMNS`` when set to a number above 0, else standard output's terminal, else
    ``fallback``), without importing shutil: its import (with bz2 and lzma) cost a cold
    ``director rule`` more than laying out the whole ruling."""
    try:
        cols = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        cols = 0
    if cols <= 0:
        out = sys.__stdout__
        try:
            fd = out.fileno()
            if _NOT_A_TERMINAL.get(id(out)) == (out, fd):
                cols = 0
            elif os.isatty(fd):
                cols = os.get_terminal_size(fd).columns
            else:
                # a file or a pipe has no size, and its descriptor stays what it is: asked once
                # (a batch lays out thousands of rulings), the same answer as the OSError
                # get_terminal_size raises on it
                _NOT_A_TERMINAL[id(out)] = (out, fd)    # (the object kept: its id is not reused)
                cols = 0
        except (AttributeError, ValueError, OSError):
            cols = 0
    return cols or fallback


# ---------------------------------------------------------------- call standings

def standings(r) -> list[dict]:
    """Every call event's final standing, in event order (the ruling's ``calls`` when the
    engine gives them; otherwise from its call statuses and the auction replay).

    Each: ``{"event", "seat", "call", "standing", "cite", "out_of_rotation", "replaces"}``.
    """
    given = getattr(r, "calls", None)
    if isinstance(given, list) and given:
        return [c if isinstance(c, dict) else c.as_dict() for c in given]
    case = r.case
    status = getattr(r, "status", {}) or {}
    rel = {}
    for f in (getattr(getattr(r, "facts", None), "facts", None) or []):
        if f.get("t") == "call":
            rel[f["idx"]] = f.get("rel")
    out = []
    for e in case.events:
        if e.kind not in ("call", "replaces"):
            continue
        st = status.get(e.number)
        standing = "stands" if st in (None, "in-rotation") else st
        out.append({"event": e.number, "seat": e.seat.value, "call": str(e.call), "standing": standing,
                    "cite": None, "out_of_rotation": rel.get(e.number, "self") not in ("self", None)
                    and st != "in-rotation", "replaces": str(e.replaces) if e.replaces else None})
    return out


# ---------------------------------------------------------------- the auction grid

def _mark(c: dict, lang: str = "en") -> str:
    call, st = call_name(c["call"], lang), c["standing"]
    if st == "replaced-by-pass":
        text = f"({call})P"
    elif st in ("cancelled", "void", "withdrawn"):
        text = f"({call})"
    elif st == "held":
        text = f"({call})?"
    elif st == "awaiting-replacement":
        text = f"{call}→?"
    else:
        text = call
    return text + ("*" if c["out_of_rotation"] else "")


def voided_calls(r) -> set[int]:
    """The calls swept away with an earlier call (the rules' status ``voided``): a replacement
    among them replaces nothing, so it is never written into the cell of the call it was
    offered for."""
    return {f["idx"] for f in getattr(getattr(r, "facts", None), "facts", ()) or ()
            if f.get("t") == "call" and f.get("voided")}


def _swept_note(r, c: dict, lang: str) -> str:
    """The note for replacement ``c`` swept away with an earlier call: offered, and cancelled."""
    from bridge_director.ruling.cites import cite_text
    words = dict(seat=seat_name(c["seat"], lang), call=call_name(c["replaces"], lang),
                 new=call_name(c["call"], lang), new_event=c["event"], standing=standing_words(c["standing"], lang))
    text = gettext(lang)("{seat}'s {new} (event {new_event}), offered in place of {call}: {standing}").format(**words)
    return text + (f" ({cite_text(r, c['cite'])})" if c.get("cite") else "")


def _write_replacement(orig: dict, c: dict, notes: list[str], offered: bool, lang: str) -> None:
    """Write replacement ``c`` into the cell ``orig`` of the call it replaces (a chain of
    replacements runs on in one cell), with its note: an ``offered`` call awaits a player's
    decision (``X→Y?``)."""
    _ = gettext(lang)
    first = "last" not in orig          # the first call put in its place (not a later link of a chain)
    # the event of the call this one replaces: the cell's own call, or the last link of its chain
    replaced_event = orig.get("replaced_by", orig["event"])
    orig["text"] = f"{orig['text'].rstrip('?').rstrip('→')}→{_mark(c, lang)}"
    orig["replaced_by"] = c["event"]
    orig["last"] = c["call"]
    orig["marks"].append("replaced")
    k = orig.get("note")
    words = dict(seat=seat_name(c["seat"], lang), call=call_name(c["replaces"], lang), event=replaced_event,
                 new=call_name(c["call"], lang), new_event=c["event"])
    if offered:
        # offered, and a player still chooses whether it takes the call's place
        orig["text"] += "?"
        text = _("{seat}'s {new} (event {new_event}), offered in place of {call}: {standing}").format(
            **words, standing=standing_words(c["standing"], lang))
    elif c["standing"] == "cancelled" and orig["marks"] == ["replaced"]:
        # the replacement went and the call it would have replaced is left standing
        text = _("{seat}'s {call} (event {event}) stands; {new} (event {new_event}), "
                 "put in its place, is cancelled").format(**words)
    else:
        # (a link of a chain whose last offer awaits a decision: that offer's note says it)
        text = _("{seat}'s {call} (event {event}): replaced by {new} (event {new_event})").format(**words) + (
            f"; {standing_words(c['standing'], lang)}" if c["standing"] not in ("stands", "awaiting-decision")
            else "")
    if k is not None and first:
        notes[k] = text
    else:
        notes.append(text)


def auction(r) -> dict[str, Any]:
    """The auction as the tool understood it (see the module docstring); the cells' text and
    the notes in the ruling's language (``r.case.lang``)."""
    from bridge_director.ruling.cites import cite_text
    case = r.case
    lang = _lang(r)
    _ = gettext(lang)
    calls = standings(r)
    rows: list[list] = []
    row: list = [None] * 4
    nxt = COLUMNS.index(case.first_caller.value)
    started = False
    cells: dict[int, dict] = {}
    notes: list[str] = []
    voided = voided_calls(r)
    # the calls a later offer by the same player names as the call it replaces
    replaced_later = {(c["seat"], c["replaces"]) for c in calls if c.get("replaces") and c["event"] not in voided}
    for c in calls:
        if c.get("replaces") and c["event"] in voided:
            notes.append(_swept_note(r, c, lang))
            continue
        if c.get("replaces"):
            # a replacement is written in the cell of the call it replaces, when there is one
            # (or of the last call put in its place: a replacement of a replacement joins the chain)
            orig = next((x for n, x in reversed(list(cells.items()))
                         if x["seat"] == c["seat"] and c["replaces"] in (x["call"], x.get("last"))), None)
            if orig is not None:
                _write_replacement(orig, c, notes, offered=(c["standing"] == "awaiting-decision"
                                                            and (c["seat"], c["call"]) not in replaced_later), lang=lang)
                continue
        col = COLUMNS.index(c["seat"])
        if started and col < nxt:
            rows.append(row)
            row = [None] * 4
        started = True
        cell: dict[str, Any] = {"event": c["event"], "seat": c["seat"], "call": c["call"], "text": _mark(c, lang),
                "marks": [m for m, on in (("out-of-rotation", c["out_of_rotation"]),
                                          (c["standing"], c["standing"] != "stands")) if on]}
        row[col] = cell
        cells[c["event"]] = cell
        nxt = col + 1
        if nxt == 4:
            rows.append(row)
            row = [None] * 4
            nxt = 0
        if cell["marks"]:
            cell["note"] = len(notes)
            notes.append(_note(c, shown=lambda cite: cite_text(r, cite), lang=lang))
    if any(row):
        rows.append(row)
    for cell in cells.values():
        cell.pop("note", None)
        cell.pop("last", None)
    replayed = getattr(getattr(r, "facts", None), "auction", None)
    if replayed:
        # the auction as the rules' own replay left it (a replacement in the place of the call
        # it replaced; a pass made out of turn completing nothing): the lines were drawn from it
        standing = [(seat, call) for _, seat, call in replayed]
        ended = bool(r.facts.auction_ended)
        fc = contract_of(standing[:r.facts.auction_ended]) if ended else None
    else:
        standing = _standing(calls)
        fc = final_contract(standing) if standing else None
        ended = _ended(standing)
    return {"columns": list(COLUMNS), "dealer": case.first_caller.value, "rows": rows, "notes": notes,
            "ended": ended, "contract": fc[0] if fc else None, "declarer": fc[1].value if fc else None,
            "leader": fc[2].value if fc else None, "passed_out": ended and fc is None}


def _standing(calls: list[dict]) -> list[tuple[str, str]]:
    """(seat, call) of every call still in the auction (a call replaced by a pass counts as a pass)."""
    return [(c["seat"], c["call"] if c["standing"] != "replaced-by-pass" else "Pass")
            for c in calls if c["standing"] not in GONE]


def _ended(standing: list[tuple[str, str]]) -> bool:
    from bridge_director.bridge.table import auction_is_over
    return bool(standing) and auction_is_over([c for _, c in standing])


def auction_ended(r) -> bool:
    """Whether the auction is over, as :func:`auction` says it (``ended``), without laying out its grid."""
    if getattr(getattr(r, "facts", None), "auction", None):
        return bool(r.facts.auction_ended)
    return _ended(_standing(standings(r)))


def legend(a: dict, lang: str = "en") -> str:
    """The key to the marks the grid ``a`` uses, e.g. ' (* out of rotation; (1H) cancelled)'."""
    _ = gettext(lang)
    texts = [c["text"] for row in a["rows"] for c in row if c]
    keys = []
    if any("*" in t for t in texts):
        keys.append(_("* out of rotation"))
    if any(t.startswith("(") for t in texts):
        keys.append(_("(X) cancelled, (X)P replaced by a pass"))
    if any(t.startswith("(") and t.rstrip("*").endswith(")?") for t in texts):
        keys.append(_("(X)? held: asked whether made before the ruling"))
    arrows = [t for t in texts if "→" in t]
    offered = [t for t in arrows if t.endswith("?") and not t.endswith("→?")]
    if len(offered) < len(arrows):
        keys.append(_("X→Y replaced by Y") + (_("; X→? to be replaced") if any(t.endswith("→?") for t in texts)
                                              else ""))
    if offered:
        keys.append(_("X→Y? Y offered in place of X, a player to decide"))
    return f" ({'; '.join(keys)})" if keys else ""


def _note(c: dict, extra: str = "", shown=str, lang: str = "en") -> str:
    _ = gettext(lang)
    bits = []
    if c["out_of_rotation"]:
        bits.append(_("out of rotation"))
    if extra:
        bits.append(extra)
    if c["standing"] != "stands":
        bits.append(standing_words(c["standing"], lang))
    cite = f" ({shown(c['cite'])})" if c.get("cite") else ""
    return _("{seat}'s {call} (event {event}): {what}").format(
        seat=seat_name(c["seat"], lang), call=call_name(c["call"], lang), event=c["event"],
        what="; ".join(bits)) + cite


def grid_lines(a: dict, cell: int = 8, lang: str = "en") -> list[str]:
    """The grid as text rows: a head row of seat names (the dealer's marked ``(D)``), the calls."""
    _ = gettext(lang)
    # a column as wide as its longest cell and a space (a chain of replacements runs long)
    cell = max([cell] + [len(c["text"]) - 2 for row in a["rows"] for c in row if c])
    head = "".join(f"{seat_name(s, lang) + (_(' (D)') if s == a['dealer'] else ''):<{cell + 3}}"
                   for s in a["columns"])
    out = ["  " + head.rstrip()]
    for row in a["rows"]:
        out.append("  " + "".join(f"{(c['text'] if c else ''):<{cell + 3}}" for c in row).rstrip())
    if not a["rows"]:
        out.append("  " + _("(no calls)"))
    return out


# ---------------------------------------------------------------- the header

def board_words(number: "int | None", dealer: Seat, vul: "str | None", lang: str = "en", boards: bool = True) -> str:
    """'Board 3: dealer South, East-West vulnerable', in ``lang``; for a game without boards
    (``boards`` False: rubber bridge) 'The deal: dealer South, ...'."""
    _ = gettext(lang)
    if not boards:
        head = _("The deal")
    else:
        head = _("Board {number}").format(number=number) if number else _("Board (number not given)")
    return _("{board}: dealer {dealer}, {vulnerability}").format(
        board=head, dealer=seat_name(dealer.value, lang), vulnerability=vul_words(vul, lang))


def header_board_words(case, lang: str = "en", boards: bool = True) -> str:
    """The header's board line: the board the calls were made on, with its dealer and
    vulnerability (Law 2: the conditions marked on it apply); when that is not the case's own
    board (a ``wrong-board-at-table`` event after a call), it says in place of which one."""
    _ = gettext(lang)
    on_table = case.board_on_table
    if not boards and case.board is not None and case.vulnerability == case.board.vulnerability:
        # rubber bridge: vulnerability comes from the games won, not from a board number
        # (tester17 row 87): the board's is not carried into the ruling
        return _("{board}: dealer {dealer}, {vulnerability}").format(
            board=_("The deal"), dealer=seat_name(case.dealer.value, lang),
            vulnerability=_("vulnerability not stated (in rubber bridge a board number sets none)"))
    if on_table is None or not boards:
        return board_words(case.board.number if case.board else None, case.dealer, case.vulnerability, lang, boards)
    head = board_words(on_table.number, on_table.dealer, on_table.vulnerability, lang, boards)
    if not case.board:
        return head
    board, _sep, rest = head.partition(": ")
    return _("{board} (in place of board {number}): {rest}").format(board=board, number=case.board.number, rest=rest)


def _has_director(r) -> bool:
    """Whether a director applies the ruling's edition (False for rubber bridge: the players
    apply its law themselves, and the ruling's own words never send them to a director)."""
    from bridge_director.base.editions import editions
    from bridge_director.base.paths import rules_dir
    ed = editions(rules_dir()).get(getattr(r, "edition", None) or "duplicate-2017")
    return ed.director if ed else True


def _has_boards(r) -> bool:
    """Whether the ruling's edition is a game played with boards (not rubber bridge)."""
    from bridge_director.base.editions import editions
    from bridge_director.base.paths import rules_dir
    ed = editions(rules_dir()).get(getattr(r, "edition", None) or "duplicate-2017")
    return ed.boards if ed else True


def understood(r) -> list[str]:
    """What the tool understood, as text lines: board, wrong boards, the auction grid and its
    notes, the contract, the judgements stated."""
    case = r.case
    lang = _lang(r)
    _ = gettext(lang)
    out = [header_board_words(case, lang, _has_boards(r))]
    for e in case.events:
        if e.kind == "happened" and e.happened == "wrong-board-at-table":
            n = e.get("board")
            b = Board(n)
            given = _(", not board {number}").format(number=case.board.number) \
                if case.board and case.board.number != n else ""
            out.append(_("On the table: board {number}{not_given} (dealer {dealer}, {vulnerability}) "
                         "(event {event})").format(number=n, not_given=given, dealer=seat_name(b.dealer.value, lang),
                                                   vulnerability=vul_words(b.vulnerability, lang), event=e.number))
        elif e.kind == "happened" and e.happened == "wrong-board":
            out.append(_("{seat} holds the cards of board {number} (event {event})").format(
                seat=seat_name(e.seat.value, lang), number=e.get("board"), event=e.number))
    a = auction(r)
    out.append("")
    out.append(_("Auction as understood") + legend(a, lang) + ":")
    out += grid_lines(a, lang=lang)
    out += ["  " + n for n in a["notes"]]
    return out + _after_grid(case, a, lang)


def _after_grid(case, a: dict, lang: str) -> list[str]:
    """The contract (or passed out) and the judgements stated, as text lines in ``lang``."""
    _ = gettext(lang)
    out = []
    if a["contract"]:
        out.append(_("Auction ended: {contract} by {declarer}; opening leader {leader}.").format(
            contract=contract_name(a["contract"], lang),
            declarer=seat_name(a["declarer"], lang), leader=seat_name(a["leader"], lang)))
    elif a["passed_out"]:
        out.append(_("Auction ended: passed out."))
    if case.judgements:
        out.append(_("Judgements stated: ") + "; ".join(judgement_words(case, j) for j in case.judgements))
    return out


def judgement_words(case, j) -> str:
    from bridge_director.ruling.questions import judgement_key
    v = j.value
    from bridge_director.ruling.i18n import key_words
    value = "[" + ", ".join(v) + "]" if isinstance(v, list) else ("true" if v else "false")
    return f"{key_words(judgement_key(case, j.event, j.prop), getattr(case, 'lang', 'en') or 'en')}: {value}"


# ---------------------------------------------------------------- what to tell the table

#: outcome codes (rules/vocabulary.yaml) that say what happens at the table now, most urgent
#: first: the order in which 'Tell the players now' picks the ruling's lines. Presentation
#: only: which lines a ruling holds is the rules' business.
TELL_NOW = ("change-not-allowed", "may-change-call", "call-cancelled", "pass-substituted", "auction-reverts", "offender-must-replace",
            "offender-must-repeat", "offender-calls-again", "partner-must-pass-rest", "offenders-must-pass-rest",
            "partner-must-pass-next", "offender-must-pass-next", "lho-may-withdraw", "call-stands",
            "call-accepted", "no-further-rectification", "lead-restriction-possible", "cards-returned-to-hand", "offender-may-call", "partner-may-call",
            "new-shuffle-and-deal", "hands-corrected", "card-removed", "board-cancelled", "result-stands", "passed-out",
            "auction-ended", "play-normally", "deal-stands", "adjusted-score", "artificial-adjusted-score",
            "must-call-director", "must-not-correct", "change-allowed", "auction-not-ended")


#: a line leaving a player free to call, and the lines saying they must still pass at that turn:
#: the second is read in place of the first when both are about the same call
FREE_CALL = ("offender-may-call", "partner-may-call")
STILL_PASS = ("offender-must-pass-next", "partner-must-pass-next", "still-bound-to-pass")


#: outcome codes whose line only matters while the auction goes on (who passes, who calls next):
#: not read out once the auction has ended (the table is then told what follows it)
AUCTION_ONLY = ("cards-face-up-until-auction-ends", "pass-substituted", "auction-reverts", "offender-must-replace", "offender-must-repeat",
                "offender-calls-again", "partner-must-pass-rest", "offenders-must-pass-rest", "partner-must-pass-next",
                "offender-must-pass-next", "lho-may-withdraw", "offender-may-call", "partner-may-call",
                "offender-must-pass-rest", "partner-may-not-double")


# ruling lines that say where the board stands or which law governs, not what the players do:
# read out only when the ruling has nothing else
BACKGROUND = ("auction-period-begun", "auction-period-ended", "refer-to-law")


def _anchor(ln, irregular: list[int]) -> int:
    """The event number of the irregularity a ruling line belongs to: the latest irregularity
    (an ``irregularity`` line's event) at or before the first event the line names; 0 if none."""
    named = [n for n in (ln.about or [e.event for e in ln.events]) if isinstance(n, int)]
    first = min(named) if named else 0
    return max((i for i in irregular if i <= first), default=0)


def heard_before(r) -> int:
    """The last event up to which the table has heard the director's ruling: a ``{director:
    ruled}`` event, or a director call the auction went on from (a call made after it: the
    director had come, ruled and gone); 0 if none."""
    events = r.case.events
    last_call = max((e.number for e in events if e.kind in ("call", "replaces")), default=0)
    return max((e.number for e in events
                if e.kind == "ruled" or (e.kind == "director" and e.number < last_call)), default=0)


def heard_events(r) -> list[int]:
    """Every director event (called or ruled) the table heard a ruling at: a ``{director:
    ruled}`` event, or a director call the auction went on from (a call made after it)."""
    events = r.case.events
    last_call = max((e.number for e in events if e.kind in ("call", "replaces")), default=0)
    return [e.number for e in events if e.kind == "ruled" or (e.kind == "director" and e.number < last_call)]


#: outcome codes that say what becomes of the score: once play has ended they are what the
#: table hears first, before the calls a law cancelled along the way
SCORE_FIRST = ("result-cancelled", "board-cancelled", "adjusted-score", "artificial-adjusted-score")


def latest_first(r, now: list, room: int) -> list:
    """The ``room`` lines of ``now`` (ruling lines with TELL_NOW codes) to read out, in reading order.

    The lines about the latest irregularity come first; within one irregularity, TELL_NOW
    order. Lines about an irregularity the director had already ruled on (before the last
    ``{director: ruled}`` event) are not read out again when a later irregularity is there:
    the table heard them then (and a call made again would be confused with the cancelled
    one). A pass obligation (a ``*-must-pass-*`` code) of the latest irregularity is never
    dropped for another line: it is what the players must hear now.
    """
    irregular = sorted({n for ln in r.lines if ln.code == "irregularity" for n in ln.about if isinstance(n, int)})
    key = {id(ln): (-_anchor(ln, irregular), TELL_NOW.index(ln.code) if ln.code in TELL_NOW else len(TELL_NOW))
           for ln in now}
    ruled = heard_before(r)

    def last_named(ln) -> int:
        return max((n for n in (ln.about or [e.event for e in ln.events]) if isinstance(n, int)), default=0)
    if ruled and (any(i > ruled for i in irregular) or any(last_named(ln) > ruled for ln in now)):
        # the director has ruled on the earlier irregularities and the table heard it then;
        # what came about since (a later irregularity, the end of the auction) is read out
        now = [ln for ln in now if -key[id(ln)][0] > ruled or last_named(ln) > ruled]
    if irregular:
        # an earlier irregularity ruled on at a director call the table went on from, before
        # the latest irregularity: its lines were heard and carried out then (tester12 row 13)
        latest_irr, heard = irregular[-1], heard_events(r)
        now = [ln for ln in now
               if not any(-key[id(ln)][0] < d < latest_irr and last_named(ln) < d for d in heard)]
    if any(e.kind == "happened" and e.happened == "play-ended" for e in r.case.events):
        # play is over: what becomes of the score is heard first (tester12 row 67)
        key = {k: (v[0], -1 if v[1] < len(TELL_NOW) and TELL_NOW[v[1]] in SCORE_FIRST else v[1])
               for k, v in key.items()}
    ranked = sorted(now, key=lambda ln: key[id(ln)])
    if not ranked:
        return ranked
    latest = key[id(ranked[0])][0]
    bars = [ln for ln in ranked if "must-pass" in ln.code and key[id(ln)][0] == latest][:room]
    chosen = {id(ln) for ln in bars}
    rest = [ln for ln in ranked if id(ln) not in chosen][:room - len(bars)]
    return sorted(bars + rest, key=lambda ln: key[id(ln)])


def director_steps(r, qs: "list[dict] | None" = None) -> list[str]:
    """What the director does before telling the players anything, in plain words: the first
    judgement, setting or check the ruling waits for (a judgement is made away from the table),
    and, when no law this tool holds gives the players a line, what the director applies from
    the book. Never read out: the players hear :func:`tell_the_table`."""
    qs = questions(r) if qs is None else qs
    lang = _lang(r)
    _ = gettext(lang)
    out: list[str] = []
    director = _has_director(r)
    for q in qs:
        if q["kind"] in ("judgement", "setting"):
            if not director:      # no director (rubber bridge): the players settle it at the table
                out.append(_("Before going on, the players settle: {question}").format(question=q["prompt"]))
                break
            where = _(" (away from the table)") if q["kind"] == "judgement" else ""
            out.append(_("Before ruling, find out{where}: {question}").format(where=where, question=q["prompt"]))
            break
        if q["kind"] == "check":
            out.append(_("Before ruling: {question}").format(question=seats_in_full(q["prompt"], lang)))
            break
    if not _players_lines(r):
        out += [seats_in_full(ln.text, lang) for ln in r.lines if ln.section == "not-covered"][:1]
    return out


def _players_lines(r) -> list:
    """The ruling lines (section 'ruling') the players may hear: those whose rule does not keep
    them for the director alone (``say: ""``)."""
    ended = auction_ended(r) if any(e.kind in ("call", "replaces") for e in r.case.events) else False
    return [ln for ln in getattr(r, "read", r.lines) if ln.section == "ruling" and _players_words(ln)
            and not (ended and ln.code in AUCTION_ONLY)]


def _players_words(ln) -> "str | None":
    """What the players hear of ruling line ``ln`` (its rule's ``say``, else its text); None
    for a line for the director alone."""
    words = getattr(ln, "players_words", ln.text)
    return words or None


def tell_the_table(r, qs: "list[dict] | None" = None, most: int = 3) -> list[str]:
    """The first two or three things to tell the players now, in plain words, seats in full:
    a script to read aloud as it is.

    Built from the ruling's data: the ruling's own lines, in the words their rules give the
    players (``say``; a line for the director alone is never read), the latest irregularity
    first, in ``TELL_NOW`` order (:func:`latest_first`), then each player's decision the ruling
    waits for (who now chooses). What the director must find out first is
    :func:`director_steps`, never read out.
    """
    qs = questions(r) if qs is None else qs
    lang = _lang(r)
    _ = gettext(lang)
    decide: list[str] = []
    for q in qs:
        if q["kind"] != "decision":
            continue
        a = q["about"]
        who, seat, call = seat_name(q["who"], lang), seat_name(a["seat"], lang), call_name(a["call"], lang)
        if q["property"] == "accepts":
            decide.append(_("{who} may accept {seat}'s {call}, or not: see the options.").format(
                who=who, seat=seat, call=call))
        elif q["property"] == "replaces" and not any(x["property"] == "accepts" and x["about"] == a for x in qs):
            decide.append(_("{who} now chooses the call to put in place of {call}: see the options.").format(
                who=who, call=call))
    # a call already replaced needs no telling that it must be
    calls = standings(r)
    replaced = {c["event"] for c in calls for x in calls
                if x.get("replaces") == c["call"] and x["seat"] == c["seat"] and x["event"] > c["event"]}
    # a line is read out when its code says what happens at the table now, or when its rule
    # gave it words for the players (``say``)
    now = [ln for ln in _players_lines(r) if (ln.code in TELL_NOW or getattr(ln, "say", None))
           and not (ln.code == "offender-must-replace" and any(e.event in replaced for e in ln.events))]
    room = max(1, most - len(decide))
    now = latest_first(r, now, room)
    # a player a law leaves free to call who must still pass at that very turn (an obligation
    # from another irregularity): the table hears the pass they owe, the ruling's own line on
    # the same call, not the free call (tester13 rows 6, 8)
    owed = [ln for ln in _players_lines(r) if ln.code in STILL_PASS and not ln.branch and not ln.option]
    now = [next((b for b in owed if b.who == ln.who and set(b.about) & set(ln.about)), ln)
           if ln.code in FREE_CALL else ln for ln in now]
    # read aloud top to bottom: what is decided, then who now chooses (room is kept for that)
    out = [seats_in_full(_players_words(ln), lang) for ln in now][:room] + decide
    if not out:
        # nothing decided: the first ruling line about the latest irregularity, passing over
        # lines that only say where the board stands or which law governs
        rulings = _players_lines(r)
        irregular = sorted({n for ln in r.lines if ln.code == "irregularity" for n in ln.about if isinstance(n, int)})
        heard = heard_before(r)
        if heard and any(i > heard for i in irregular):
            # not a line the table heard when the director came before the latest irregularity
            rulings = [ln for ln in rulings if _anchor(ln, irregular) > heard]
        firsts = sorted([ln for ln in rulings if ln.code not in BACKGROUND] or rulings,
                        key=lambda ln: -_anchor(ln, irregular))
        out += [seats_in_full(_players_words(ln), lang) for ln in firsts[:1]]
    if not out and not r.lines:
        out.append(_("No irregularity found: the auction and play go on."))
    elif not out and any(ln.section == "options" for ln in r.lines):
        out.append(_("A choice is open: see the options."))
    elif not out and director_steps(r, qs):
        out.append(_("Please wait: the director looks into it before ruling.") if _has_director(r)
                   else _("Please wait: this is settled before the auction or play goes on."))
    elif not out and any(ln.section == "branches" for ln in r.lines):
        out.append(_("The ruling depends on something the case does not say: see the branches."))
    elif not out:
        # only an irregularity, nothing ruled on it by the laws held: its players' words when
        # its rule gives them, else that the director rules on it
        said = [ln.say for ln in r.lines if ln.section == "irregularity" and getattr(ln, "say", None)]
        out.append(seats_in_full(said[0], lang) if said else
                   _("The director rules on this before play goes on.") if _has_director(r) else
                   _("The players settle this before play goes on."))
    seen: list[str] = []
    for t in out:
        if t not in seen:
            seen.append(t)
    return seen[:most]


def tell_lines(r, w: int, qs: "list[dict] | None" = None) -> list[str]:
    """The director's own steps first (under their own heading, when there are any), then
    'Tell the players now:' and its lines, wrapped to ``w``."""
    _ = gettext(_lang(r))
    out = []
    steps = director_steps(r, qs)
    if steps:
        out.append(_("For the director first (not to read out):") if _has_director(r)
                   else _("To settle first (not to read out):"))
        for t in steps:
            out += wrap(t, w - 4, initial_indent="  - ", subsequent_indent="    ")
        out.append("")
    out.append(_("Tell the players now:"))
    for t in tell_the_table(r, qs):
        out += wrap(t, w - 4, initial_indent="  > ", subsequent_indent="    ")
    return out


def judgement_hint(q: dict, lang: str = "en") -> str:
    """What to type to state a question's answer, for the 'Judgements needed' lines:
    ``Was 1H the call East meant to make? yes: E 1H unintended: false (--judge "E 1H unintended=no");
    no: E 1H unintended: true (--judge "E 1H unintended=yes")``."""
    from bridge_director.ruling.i18n import key_words
    _ = gettext(lang)
    parts = []
    for a in q["answers"]:
        adds = a.get("adds") or {}
        for key, v in (adds.get("judgement") or {}).items():
            key = key_words(key, lang)      # as the director types it in the language (read back by the draft)
            if isinstance(v, bool):
                parts.append(f"{_(a['label'])}: {key}: {str(v).lower()} (--judge \"{key}={_('yes') if v else _('no')}\")")
            elif isinstance(v, list):      # a list of sides or denominations: [] is typed '-'
                typed = ",".join(map(str, v)) or "-"
                # the label of a list answer ("North-South") is already in the ruling's language
                parts.append(f"{a['label']}: {key}: [{', '.join(map(str, v))}] (--judge \"{key}={typed}\")")
            else:                          # typed in ('{denominations}'): one example of the form
                parts.append(f"{key}: [H] (--judge \"{key}=H\")")
        for k, v in (adds.get("setting") or {}).items():
            from bridge_director.ruling.questions import SETTING_KEYS
            shown = str(v).lower() if isinstance(v, bool) else v
            typed = (_('yes') if v else _('no')) if isinstance(v, bool) else v
            # the form of scoring has its own option on the command line too
            hint = f"--scoring {shown}" if k == "scoring" else f"--judge \"{SETTING_KEYS.get(k, k)}={typed}\""
            # (a yes/no setting's answer named as for a judgement; the form of scoring by its value)
            parts.append((f"{_(a['label'])}: " if isinstance(v, bool) else "") + f"{k}: {shown} ({hint})")
    if parts:
        return f"{q['prompt']} " + "; ".join(parts)
    if q.get("case_line"):
        return f"{q['prompt']} " + _("In the case: {line}").format(line=q["case_line"])
    # a check for the director (count the other hands, say): nothing to type but what was found
    return _("When it is known, add what was found as an event (--event; director rule --help lists them).")


def front_data(r) -> dict[str, Any]:
    """What the ruling's JSON carries for front ends from this module and bridge_director.ruling.questions:
    ``questions``, ``director_steps`` and ``tell_the_table`` (seats in full) and ``auction``
    (the grid data above)."""
    qs = questions(r)
    return {"questions": qs, "director_steps": director_steps(r, qs), "tell_the_table": tell_the_table(r, qs),
            "auction": auction(r)}


def understood_markdown(r) -> list[str]:
    """What the tool understood and what to tell the players, as Markdown lines: the board,
    the auction as a table in W N E S columns, its notes, the contract, the judgements."""
    lang = _lang(r)
    _ = gettext(lang)
    lines = understood(r)
    a = auction(r)
    grid_at = lines.index("")   # the board's lines come before the blank line above the grid
    # every line may quote the case (its remark words, a session's name): shown as itself (F2)
    out = ["## " + _("What happened, as understood"), "", md(lines[0]) + "  "]
    out += [md(ln) + "  " for ln in lines[1:grid_at]]
    out += ["", "| " + " | ".join(seat_name(s, lang) + (_(" (dealer)") if s == a["dealer"] else "")
                                  for s in a["columns"]) + " |",
            "|" + "---|" * 4]
    out += ["| " + " | ".join((md(c["text"]) if c else "") for c in row) + " |" for row in a["rows"]]
    out.append("")
    out += [f"- {md(n)}" for n in a["notes"]]
    out += [md(ln) for ln in _after_grid(r.case, a, lang)]
    steps = director_steps(r)
    if steps:
        head = _("For the director first (not to read out)") if _has_director(r) else _("To settle first (not to read out)")
        out += ["", "## " + head, ""] + [f"- {md(t)}" for t in steps]
    out += ["", "## " + _("Tell the players now"), ""] + [f"- {md(t)}" for t in tell_the_table(r)] + [""]
    return out

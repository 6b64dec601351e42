"""PBN as a way to write a case: a PBN file (board, dealer, vulnerability, deal, ``[Auction]``
with ``^I`` and ``^S`` notes) read into a case draft (``draft_from_pbn``), and a draft written
as PBN (``draft_to_pbn``). PBN as a format (cards, deals, tags) is ``bridge_director.bridge.pbn``.

Raises:
    bridge_director.bridge.pbn.PbnError: a PBN text that cannot be read as a case.
"""

from __future__ import annotations
from bridge_director.base.yamlpos import InputError
from bridge_director.bridge.pbn import _PBN_VUL, PbnError, _auction_items, parse_deal, read_auction_game
from bridge_director.bridge.table import Board, Call, Seat, auction_is_over, is_sufficient, last_bid
from bridge_director.ruling.grid import GONE, standings
from bridge_director.session.draft import Draft, flow_mapping


def draft_from_pbn(text: str, file: str = "<string>") -> Draft:
    """A case draft (bridge_director.session.draft.Draft) from the first game of a PBN text: board, dealer,
    vulnerability, deal, and the calls of ``[Auction "SEAT"]`` made in rotation from SEAT
    (``-`` for a turn with no call), their notes (``=1=`` with ``[Note "1:..."]``) kept as the
    events' notes, and the PBN 2.1 irregularity marks: ``^I`` after an insufficient bid that
    was accepted (the next player's acceptance is added as an event), ``^S`` after a call made
    out of rotation (kept in the call's note; the seat is the column it stands in).

    Raises:
        bridge_director.base.yamlpos.InputError: bad PBN (file:line:col, what was expected) or a case the
        PBN describes that is not valid.
    """
    try:
        game = read_auction_game(text, file)
        head = _PbnHead(game["tags"], file)
        items = list(_auction_items(game["tokens"], file))
    except PbnError as e:
        raise InputError(file, e.line or 0, e.column or 0, "", e.detail) from None
    d = Draft(board=head.board, dealer=None if head.board else (head.dealer or head.first).upper(), file=file,
              vulnerability=None if head.board else head.vul)
    if head.board and head.dealer and Seat.parse(head.dealer) != d.dealer_seat:
        raise InputError(file, head.dline, 1, "Dealer", f"board {head.board} has dealer {d.dealer_seat.value}, "
                                                        f"but the PBN says {head.dealer}")
    if head.board and head.vul and head.vul != Board(head.board).vulnerability:
        words = {"None": "neither side", "NS": "North-South", "EW": "East-West", "Both": "both sides"}
        raise InputError(file, head.vline, 1, "Vulnerable", f"board {head.board} has "
                                                            f"{words[Board(head.board).vulnerability]} vulnerable, "
                                                            f"but the PBN says {head.vul_txt}")
    if head.deal_txt:
        try:
            deal = parse_deal(head.deal_txt, file=file, line=head.deal_line)
        except PbnError as e:
            raise InputError(file, head.deal_line, 1, "Deal", e.detail) from None
        d.setting["deal" if deal.is_complete_and_valid() else "pockets"] = head.deal_txt
    events = _pbn_events(items, Seat.parse(head.first), game["notes"])
    if not events:
        raise InputError(file, head.aline, 1, "Auction", "expected at least one call in the [Auction] section, found none")
    d._change(lambda: d.events.extend(events))
    d._undo.clear()
    return d


class _PbnHead:
    """The tags of a PBN game a case reads: board number, dealer, vulnerability, the seat of the
    first call of ``[Auction]`` and the deal, each with its line (a value of ``""``, ``?`` or
    ``#`` is not given).

    Raises:
        PbnError: a board, dealer, vulnerability or auction seat that is not one.
    """

    def __init__(self, tags: dict, file: str):
        self.tags = tags
        board_txt, bline = self.tag("Board")
        self.board = None
        if board_txt is not None:
            if not (board_txt.isascii() and board_txt.isdigit()) or len(board_txt) > 12 or int(board_txt) < 1:
                raise PbnError(f"Board: expected a board number 1, 2, ..., found {board_txt[:40]!r}", file, bline, 1)
            self.board = int(board_txt)
        self.dealer, self.dline = self.tag("Dealer")
        if self.dealer is not None and self.dealer.upper() not in ("N", "E", "S", "W"):
            raise PbnError(f"Dealer: expected N, E, S or W, found {self.dealer!r}", file, self.dline, 1)
        vul_txt, vline = self.tag("Vulnerable")
        self.vul_txt, self.vline = vul_txt, vline
        self.vul = _PBN_VUL.get(vul_txt.lower()) if vul_txt else None
        if vul_txt and self.vul is None:
            raise PbnError(f"Vulnerable: expected None, NS, EW or All, found {vul_txt!r}", file, vline, 1)
        self.first, self.aline = self.tag("Auction")
        if self.first is None:
            raise PbnError('expected an [Auction "SEAT"] section, found none', file, 1, 1)
        if self.first.upper() not in ("N", "E", "S", "W"):
            raise PbnError(f"Auction: expected the seat of the first call N, E, S or W, found {self.first!r}",
                           file, self.aline, 1)
        self.deal_txt, self.deal_line = self.tag("Deal")

    def tag(self, name: str) -> "tuple[str | None, int]":
        """(The tag's value stripped, or None if not given; its line, 0 if absent)."""
        v = self.tags.get(name)
        return (v[0].strip(), v[1]) if v and v[0].strip() not in ("", "?", "#") else (None, v[1] if v else 0)


def _pbn_events(items: list, seat: Seat, notes: dict) -> "list[dict]":
    """The case events of an ``[Auction]`` section's items, the first made by ``seat`` and the
    rest in rotation: calls, turns with no call, all passes to the end, notes and ``^`` marks."""
    events: list[dict] = []
    calls: list = []
    for kind, value, ln, col in items:
        if kind == "skip":
            seat = seat.lho
        elif kind == "call":
            events.append({"seat": seat.value, "call": str(value)})
            calls.append(value)
            seat = seat.lho
        elif kind == "all-pass":
            while not auction_is_over(calls):
                events.append({"seat": seat.value, "call": "Pass"})
                calls.append(Call.parse("P"))
                seat = seat.lho
        elif kind == "note" and events:
            body = notes.get(value)
            target = next((e for e in reversed(events) if "call" in e and "accepts" not in e), None)
            if body and target is not None:
                target["note"] = (target.get("note", "") + " " + body).strip()
        elif kind == "mark" and events:
            _pbn_mark(events, value)
    return events


def _pbn_mark(events: "list[dict]", value: str) -> None:
    """A PBN ``^`` mark after the last event: ``^I`` an accepted insufficient bid (the next
    player's acceptance is added), ``^S`` a call out of rotation, any other kept in the note."""
    last = events[-1]
    if value == "I" and "call" in last:
        last["note"] = (last.get("note", "") + " PBN ^I: insufficient bid, accepted").strip()
        events.append({"seat": Seat.parse(last["seat"]).lho.value, "accepts": True})
    elif value == "S":
        last["note"] = (last.get("note", "") + " PBN ^S: call out of rotation").strip()
    else:
        last["note"] = (last.get("note", "") + f" PBN ^{value}").strip()


def draft_to_pbn(draft) -> str:
    """The case as a PBN game: Board, Dealer, Vulnerable, Deal (when the case gives it), and
    the auction as it stands after the ruling (cancelled calls left out, a call replaced by a
    pass written as Pass, ``-`` for a turn with no call), with ``^S`` after a standing call
    made out of rotation and ``^I`` after a standing insufficient bid; a comment lists every
    event of the case as it happened."""
    vul_pbn = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}
    out = []
    if draft.board:
        out.append(f'[Board "{draft.board}"]')
    out.append(f'[Dealer "{draft.dealer_seat.value}"]')
    vul = Board(draft.board).vulnerability if draft.board else draft.vulnerability
    if vul:
        out.append(f'[Vulnerable "{vul_pbn[vul]}"]')
    deal = draft.setting.get("deal") or draft.setting.get("pockets")
    if deal:
        out.append(f'[Deal "{deal}"]')
    out.append(f'[Auction "{draft.dealer_seat.value}"]')
    tokens: list[str] = []
    seat = draft.dealer_seat
    if draft.events:
        r = draft.rule()
        made: list = []
        for c in standings(r):
            if c["standing"] in GONE:
                continue
            call = Call.parse("P") if c["standing"] == "replaced-by-pass" else Call.parse(c["call"])
            while seat.value != c["seat"]:
                tokens.append("-")
                seat = seat.lho
            tok = str(call) if not call.is_pass else "Pass"
            if call.is_bid and not is_sufficient(call, last_bid(made)) and c["standing"] == "stands":
                tok += " ^I"        # accepted (PBN 2.1); one awaiting the decision is a plain bid: read back, it awaits it
            if c["out_of_rotation"]:
                tok += " ^S"
            tokens.append(tok)
            made.append(call)
            seat = seat.lho
    for i in range(0, len(tokens), 4):
        out.append(" ".join(tokens[i:i + 4]))
    if draft.events:
        out.append("{The case, event by event:")
        out += ["  " + flow_mapping(e).replace("{", "(").replace("}", ")") for e in draft.events]
        if draft.judgement:
            out += [f"  judgement {k}: {v}" for k, v in draft.judgement.items()]
        out.append("}")
    return "\n".join(out) + "\n"


def pbn_leaves_out(draft) -> str:
    """What ``draft_to_pbn`` cannot carry in the PBN's auction, in words ("" when nothing): the
    events that are not a standing call (the director's call, a decision, a replacement, what
    happened, a call cancelled) and the judgements, written in the PBN's comment only, which a
    PBN reader (``director rule FILE.pbn``) does not read: it rules on the auction alone."""
    if not draft.events:
        return ""
    carried = {c["event"] for c in standings(draft.rule())
               if c["standing"] not in GONE and c["standing"] != "replaced-by-pass"}
    left = [n for n in range(1, len(draft.events) + 1) if n not in carried]
    parts = []
    if left:
        shown = ", ".join(map(str, left[:12])) + (f" and {len(left) - 12} more" if len(left) > 12 else "")
        parts.append(f"event{'s' if len(left) > 1 else ''} {shown}")
    if draft.judgement:
        parts.append("the judgements")
    if not parts:
        return ""
    return (f"the PBN's auction does not carry {' nor '.join(parts)} (they are in its comment only): "
            "read back, it is ruled on the auction alone")

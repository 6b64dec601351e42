"""PBN as a way to write a case: a PBN file (board, dealer, vulnerability, deal, ``[Auction]``
with ``^I`` and ``^S`` notes) read into a case draft (``draft_from_pbn``), and a draft written
as PBN (``draft_to_pbn``). PBN as a format (cards, deals, tags) is ``bridge_director.bridge.pbn``.

Raises:
    bridge_director.bridge.pbn.PbnError: a PBN text that cannot be read as a case.
"""

from __future__ import annotations
from bridge_director.bridge.pbn import _PBN_VUL, PbnError, _auction_items, parse_deal, read_auction_game


def draft_from_pbn(text: str, file: str = "<string>"):
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
    from bridge_director.session.draft import Draft
    from bridge_director.bridge.table import Seat as _Seat, auction_is_over
    from bridge_director.base.yamlpos import InputError
    try:
        game = read_auction_game(text, file)
        tags = game["tags"]

        def tag(name):
            v = tags.get(name)
            return (v[0].strip(), v[1]) if v and v[0].strip() not in ("", "?", "#") else (None, v[1] if v else 0)
        board_txt, bline = tag("Board")
        board = None
        if board_txt is not None:
            if not board_txt.isdigit() or int(board_txt) < 1:
                raise PbnError(f"Board: expected a board number 1, 2, ..., found {board_txt!r}", file, bline, 1)
            board = int(board_txt)
        dealer, dline = tag("Dealer")
        if dealer is not None and dealer.upper() not in ("N", "E", "S", "W"):
            raise PbnError(f"Dealer: expected N, E, S or W, found {dealer!r}", file, dline, 1)
        vul_txt, vline = tag("Vulnerable")
        vul = _PBN_VUL.get(vul_txt.lower()) if vul_txt else None
        if vul_txt and vul is None:
            raise PbnError(f"Vulnerable: expected None, NS, EW or All, found {vul_txt!r}", file, vline, 1)
        first, aline = tag("Auction")
        if first is None:
            raise PbnError('expected an [Auction "SEAT"] section, found none', file, 1, 1)
        if first.upper() not in ("N", "E", "S", "W"):
            raise PbnError(f"Auction: expected the seat of the first call N, E, S or W, found {first!r}",
                           file, aline, 1)
        items = list(_auction_items(game["tokens"], file))
        deal_txt, deal_line = tag("Deal")
    except PbnError as e:
        raise InputError(file, e.line or 0, e.column or 0, "", e.detail) \
            from None
    d = Draft(board=board, dealer=None if board else (dealer or first).upper(), file=file,
              vulnerability=None if board else vul)
    if board and dealer and _Seat.parse(dealer) != d.dealer_seat:
        raise InputError(file, dline, 1, "Dealer", f"board {board} has dealer {d.dealer_seat.value}, "
                                                  f"but the PBN says {dealer}")
    if deal_txt:
        try:
            deal = parse_deal(deal_txt, file=file, line=deal_line)
        except PbnError as e:
            raise InputError(file, deal_line, 1, "Deal", e.detail) from None
        d.setting["deal" if deal.is_complete_and_valid() else "pockets"] = deal_txt
    events: list[dict] = []
    seat = _Seat.parse(first)
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
                calls.append(__import__("bridge_director.bridge.table", fromlist=["Call"]).Call.parse("P"))
                seat = seat.lho
        elif kind == "note" and events:
            body = game["notes"].get(value)
            target = next((e for e in reversed(events) if "call" in e and "accepts" not in e), None)
            if body and target is not None:
                target["note"] = (target.get("note", "") + " " + body).strip()
        elif kind == "mark" and events:
            last = events[-1]
            if value == "I" and "call" in last:
                last["note"] = (last.get("note", "") + " PBN ^I: insufficient bid, accepted").strip()
                events.append({"seat": _Seat.parse(last["seat"]).lho.value, "accepts": True})
            elif value == "S":
                last["note"] = (last.get("note", "") + " PBN ^S: call out of rotation").strip()
            else:
                last["note"] = (last.get("note", "") + f" PBN ^{value}").strip()
    if not events:
        raise InputError(file, aline, 1, "Auction", "expected at least one call in the [Auction] section, found none")
    d._change(lambda: d.events.extend(events))
    d._undo.clear()
    return d


def draft_to_pbn(draft) -> str:
    """The case as a PBN game: Board, Dealer, Vulnerable, Deal (when the case gives it), and
    the auction as it stands after the ruling (cancelled calls left out, a call replaced by a
    pass written as Pass, ``-`` for a turn with no call), with ``^S`` after a standing call
    made out of rotation and ``^I`` after a standing insufficient bid; a comment lists every
    event of the case as it happened."""
    from bridge_director.ruling.grid import GONE, standings
    from bridge_director.bridge.table import Board, Call, is_sufficient, last_bid
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
            if call.is_bid and not is_sufficient(call, last_bid(made)):
                tok += " ^I"
            if c["out_of_rotation"]:
                tok += " ^S"
            tokens.append(tok)
            made.append(call)
            seat = seat.lho
    for i in range(0, len(tokens), 4):
        out.append(" ".join(tokens[i:i + 4]))
    if draft.events:
        from bridge_director.session.draft import _flow
        out.append("{The case, event by event:")
        out += ["  " + _flow(e).replace("{", "(").replace("}", ")") for e in draft.events]
        if draft.judgement:
            out += [f"  judgement {k}: {v}" for k, v in draft.judgement.items()]
        out.append("}")
    return "\n".join(out) + "\n"

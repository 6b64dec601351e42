"""Case -> base facts for the engine, each remembering the case event (and line) it came from.

Only mechanics are computed here: whose turn it was, how the caller sits relative to that
player, what the last bid was, whether a bid is sufficient and the lowest sufficient bid in
its denomination, who called next, whether a double or redouble was admissible. Whether any
of that makes a call accepted, cancelled or penalised is for the rules.

The auction is replayed over the calls that stand. Which calls stand, and what a call now
counts as, is the law's business: the caller passes ``status``, a mapping from event number
to the status the rules gave that call in the previous round of inference (the ``status`` of
a derived ``call-status`` fact). The replay follows it mechanically:

* ``cancelled``: the call is left out, so the turn reverts to the player whose turn it was;
* ``held``: left out like ``voided`` (the question whether the director had ruled when it
  was made is open);
* ``replaced-by-pass``: the call counts as a pass by the same seat at the same position (a
  pass substituted for it), so the turn passes on to the next player; when the call was made
  at another player's turn, the pass has no position of its own and the turn stays with that
  player.

A plain set of event numbers is read as all ``cancelled``. A replacement (``{seat, replaces,
with}``) takes the place of the call it replaces unless it is itself cancelled; when the call
it replaces is out of the auction (cancelled), it goes where the auction then stands if the
turn there is its caller's (a legal call substituted for a cancelled inadmissible double).

Fact shapes (all carry ``t`` = type and ``fid`` = a unique id):

* ``board``: dealer, vul (None/NS/EW/Both or 'unknown').
* ``call``: idx (event number), seat, call, kind (bid/pass/double/redouble), level, denom
  (bids only), lho, rho, partner, side, turn (seat whose turn it was), rel (what the caller is
  to that player: self/lho/partner/rho), prev_called, any_bid_before, last_bid (if any),
  contract (the last standing bid with any double/redouble after it, e.g. 1SXX; only when a
  bid exists), last_call (the last standing non-pass call before this one),
  sufficient, lowest_same (the lowest sufficient bid in its denomination, absent when that
  would be above seven) and has_lowest_same (bids only), above_seven, admissible (doubles/redoubles),
  replaces (event number of the call it replaces, replacements only), next_idx/next_seat/
  next_rel (the next call event not replacing this one, and what its caller is to this
  caller), director_before_next (the director was called after it, before the next call),
  director_next_idx (the event number of the first director call after it, if any),
  director_before (replacements: the director was called between the original and it),
  offered_after_auction_end (replacements: the calls standing when it was offered, the call it
  replaces included, had already ended the auction),
  ruled_before_next / ruled_next_idx / ruled_before (the same for ``{director: ruled}``
  events only: the director had ruled on rectification; a ruling counts as a director call
  for the ``director_*`` fields; a call judged ``after-ruling`` true counts as having a ruling
  just before it, at its event number less a half),
  ruling_open_idx (the first call after this one that follows a ``{director: called}`` event
  with no ruling after that event, stated or judged, no player's decision on a call between
  them, and is not itself judged ``after-ruling``: whether the director had ruled when it and
  the calls after it were made is not in the case) and ruling_open_next (such a director call
  came between this call and the next),
  final (no call event follows), lead_faced_before (an ``opening-lead-faced`` event came before
  it: the auction period was over).
  Added for the out-of-rotation laws (all mechanics, no law):
  prev_idx/prev_seat (the last standing call before this one), partner_last_idx (partner's
  last standing call before this one), own_next_idx / partner_next_idx / lho_next_idx (the
  next call event by this caller / their partner / their LHO after this one, not counting
  replacements of this call),
  follows_own_idx (plain calls only: the call event just before this one, in file order and
  whether or not it stands, was by the same seat, the director was not called in
  between, and no player said in between that they do not accept that first call: its event
  number. The player called twice running of their own accord; this does
  not change when the rules cancel either call. After a ruling sends the turn back to them,
  their new call has no follows_own_idx), auction_ended_before
  (the standing calls before this one had already ended the auction: three passes after a
  bid, or four passes), auction_ended_after (the standing calls up to and including this one
  end the auction), closing_pass_out_of_turn (set on a call that ends the auction: one of
  the closing passes was made by a player whose turn it was not; and declarer / dummy, of
  the contract the calls that stand make, ``none`` when passed out), simultaneous_with (the
  seat whose call this one was made at the same moment as; the case file writes it just
  after that call), contract_side (calls after the auction ended: the side that made the
  last bid; by_declaring_side: the caller is on that side), next_by_turn_player (the next
  call event was made by the player whose turn it was at this call), left_out (this call is one of the ``cancelled`` the replay left out),
  voided (status ``voided``: swept away with an earlier call, 15A1/36A/38B; also left_out),
  replaced_by_pass (the replay counted this call as a pass by the same seat: status
  ``replaced-by-pass``; the fact still describes the call as made), counts_in_rotation
  (the rules gave it status ``in-rotation``, Law 28A: it stands as if made in turn),
  superseded (status ``superseded``, 25A1: the intended call took this slip's place),
  closing_run_end / missed_turn_seat (passes only: taking the standing calls before this pass,
  then this pass and the passes after it in file order as made, whether or not they were
  cancelled, the auction would end at event ``closing_run_end``, and this pass is the first
  of the closing passes made by a player whose turn it was not; ``missed_turn_seat`` is the
  player whose turn it was; the run goes on over the passes made straight after that event,
  with nothing between, by players other than the one who missed the turn. It does not
  change when the rules cancel those passes).
* ``replayed-auction`` (one, every round): ended (the calls that stand at the end of the
  replay end the auction), idx (the call event that ended it, as replayed; 0 when not ended),
  seat (who made that call; ``none`` when not ended),
  passed_out (ended, and no bid stands), standing (how many calls stand), bids (how many of
  them are bids), uncalled (the seats with no standing call, space-separated; ``none``), next
  (the seat after the last standing call, the dealer when none stands).
* ``director-called`` also carries ``by`` (the seat that called, when the case says so).
* ``decision``: idx, seat, accepts, of (event number decided on), rel (decider to that caller).
* ``director-called``: idx, after (event number of the last call before it, 0 if none),
  ruled (the event is ``{director: ruled}``: the director has ruled on rectification).
* ``judgement``: of (event number), prop, value; on a judged call also seat, call, side, partner, lho,
  event_kind (call or replaces) and partner_next_idx (partner's next call event after it, in file order).
* ``specified`` (one per denomination of a ``specifies`` judgement on a call): of, denom,
  name (``hearts``),
  lowest (the lowest sufficient bid in it over the last bid before that call; absent when
  that would be above seven), has_lowest.
* ``specified-set`` (one per ``specifies`` judgement): of, key (the denomination letters,
  sorted, space-separated), not_above_natural (the call is a bid ranking no higher than the
  lowest sufficient bid in each of those denominations).
* ``case``: last_idx, events.

Table facts (:func:`derive_table_facts`, for ``{happened: ...}`` events; mechanics only):

* ``happened``: idx, code, the event's typed fields (seat, by, of, side, board, cards, card,
  call, session, what, pocket, where, played; played_by as "N S", with played_before), stage
  (before-auction / auction / auction-ended / play / after-play: when it happened at this
  table), any_call_before, any_call_after, next_call_idx (the first call event after it, when
  there is one), first_auction_begun (a call had been made on this board here, or
  the case says it was played at other tables; 'unknown' when the case does not say),
  about_other_board (the event names a board other than the case's), calls_on_board_before
  (any_call_before for this board; false for another board, whose calls this case does not
  record), first_auction_begun_when_told (the same, at the first director call after the event, or
  at the end of the case: when the director learnt of it), calls_on_board_when_told /
  play_ended_when_told (calls_on_board_before and play_ended_before at that same moment),
  seat_called_since_when_told (the event's seat called after it, before that moment),
  cards_out_both_sides_when_told (cards_out_both_sides at that moment),
  auction_period_begun (a call, or
  a hand taken out of the board, came before the event),
  lead_faced_before, play_ended_before, deal_completed_before (a ``deal-completed`` event came
  before it: rubber bridge), deal_completed_when_found (the same at the moment it came to light:
  the first attention drawn, or director call, after it, else the end of the case), cards_out_both_sides (before it, a player of each side had taken
  cards out of the board: called, took a hand out, or had a hand counted); wrong-board-at-table:
  played_before, sides_played (NS / EW / both / none / partial: the sides both of whose members
  had already played that board); for events with a seat: seat_called_before, partner,
  lho, side.
* ``phase``: stage after the last event. ``auction-end``: idx (the call that ended the
  auction), passed_out, hands_returned, lead_faced, declarer, dummy, declarer_side, leader
  (the opening leader). ``contest``: scoring (pairs/teams/
  individual/unknown), replay_event (true/false, or unknown when the case does not say),
  stationary (NS/EW/none).
* ``hand-count`` (each hand not holding 13 cards): seat, cards, called (before the discovery),
  side, idx (the discovery). ``count-discrepancy``: idx, kind (too-many-and-too-few /
  too-few-only / too-many-only), long, short, short_partner (the partners of the short hands),
  faulty_called, stage, first_auction_begun,
  surplus_played, surplus_identified (a surplus-card event, or pockets with more than 52 cards).
* ``card-location`` (needs ``pockets``; ``deal`` for owners): card, status (misplaced /
  surplus / missing), held_by, belongs_to. ``surplus-card-dealt`` (a surplus-card event naming a
  card the ``deal`` gives to another hand the case does not count): idx, seat, card, holder.
* ``wrong-board-cards``: idx, seat, board, partner, side, first_call (event number, 0 if they had
  not called), first_call_text, partner_called_since. ``source-board-call``: idx, seat, call,
  cancelled_call, same.
* ``deal-registered-elsewhere``: session, board (the case names a ``deal_register`` and
  ``session`` and the deal is registered under another session; see bridge_director.bridge.deals).
"""
from __future__ import annotations

import bisect
import functools
import itertools
from types import MappingProxyType
from typing import Any, Iterable, Mapping, Optional

from bridge_director.case.model import Case, Event
from bridge_director.base.record import record
from bridge_director.bridge.table import Call, Denomination, Seat, auction_is_over, declarer, double_admissible, is_sufficient, lowest_sufficient, redouble_admissible, relation


_PASS = Call.parse("Pass")


def _is_mapping(x) -> bool:
    """Whether ``x`` is a mapping (dicts and mapping proxies first: typing's check is slow)."""
    return isinstance(x, (dict, MappingProxyType)) or isinstance(x, Mapping)


@record(frozen=True)
class Source:
    """Where a base fact came from: the event number (None for board/case facts) and line."""

    event: Optional[int]
    line: int
    what: str


@record
class Facts:
    """Base facts of a case and their provenance.

    Attributes:
        facts: list of fact dicts for the engine.
        sources: fid -> Source.
        auction: the calls that stand at the end of the auction replay, in auction order, as
            (event number, seat letter, call as it counts: ``Pass`` for a call a pass was put
            in the place of); a replacement in the place of the call it replaced.
        auction_ended: how many of those calls it took to end the auction (three passes in
            rotation after a bid, or four passes in rotation); 0 when they have not ended it.
    """

    facts: list[dict]
    sources: dict[str, Source]
    auction: tuple = ()
    auction_ended: int = 0


def _describe(e: Event) -> str:
    if e.kind == "call":
        return f"{e.seat.letter} {e.call}"
    if e.kind == "replaces":
        return f"{e.seat.letter} replaces {e.replaces} with {e.call}"
    if e.kind == "accepts":
        return f"{e.seat.letter} {'accepts' if e.accepts else 'does not accept'}" + (f" {e.call}" if e.call else "")
    if e.kind == "ruled":
        return "director ruled"
    return "director called" + (f" by {e.seat.letter}" if e.seat else "")


def derive(case: Case, status: "Mapping[int, str] | Iterable[int]" = frozenset()) -> Facts:
    """Compute the base facts of ``case``.

    Args:
        case: a validated Case.
        status: event number -> status the rules gave the call (``cancelled``: left out of the
            replay; ``replaced-by-pass``: replayed as a pass by the same seat;
            ``awaiting-replacement``: out of the auction until its caller replaces it, the
            replacement then going where the auction stands); other statuses are ignored. A
            plain set of event numbers means all ``cancelled``.
    Returns:
        Facts (facts and their sources).
    """
    return Deriver(case).derive(status)


class Deriver:
    """The base facts of one case, derived again for each set of call statuses.

    Only the call facts depend on the statuses (the auction replay); the board, case,
    decision, director-called, table and judgement facts are computed on the first
    :meth:`derive` and reused, so a case ruled over several rounds derives them once.

    A call the rules hold back as ``awaiting-replacement`` changes no fact when it is a bid,
    double or redouble and the next call event is its own replacement (or there is none):
    the replacement takes the same place in the replay either way. A new status of that
    kind only gives back the previous Facts, without a second replay (the insufficient bid
    that the director rules on at once is the common case). Otherwise the call facts of the
    calls before the first call whose status changed are kept from the previous round (each
    reads only the replay up to its own call, and the case as made after it).

    The fact dicts are shared between rounds and must not be changed by the caller.
    """

    def __init__(self, case: Case):
        self.case = case
        self._static: "tuple[list[dict], list[dict], dict[str, Source]] | None" = None
        self._last: "tuple[dict[int, str], Facts] | None" = None
        self._calls: dict[int, dict] = {}          # event -> its call fact, in the last Facts
        self._order: "CallOrder | None" = None
        calls = [e for e in case.events if e.kind in ("call", "replaces")]
        self._inert_awaiting = frozenset(
            e.number for i, e in enumerate(calls)
            if e.kind == "call" and not e.call.is_pass and (
                i + 1 == len(calls)
                or (calls[i + 1].kind == "replaces" and calls[i + 1].target == e.number)))

    def derive(self, status: "Mapping[int, str] | Iterable[int]" = frozenset()) -> Facts:
        """The base facts under ``status`` (as for :func:`derive`); returns Facts."""
        status_of = dict(status) if _is_mapping(status) else {n: "cancelled" for n in status}
        keep: dict[int, tuple[dict, Source]] = {}
        if self._last is not None:
            before, facts_then = self._last
            changed = {n for n in before.keys() | status_of.keys() if before.get(n) != status_of.get(n)}
            if all(n in self._inert_awaiting and {before.get(n), status_of.get(n)} == {None, "awaiting-replacement"}
                   for n in changed):
                return facts_then
            # a call fact depends only on the statuses of the events up to its own (the
            # replay so far): those before the first changed status are kept as they were
            first = min(changed)
            keep = {n: (f, facts_then.sources[f["fid"]]) for n, f in self._calls.items() if n < first}
        if self._static is None:
            self._static = _static_facts(self.case)
        head, tail, static_sources = self._static
        facts = list(head)
        sources = dict(static_sources)

        def add(fact: dict, src: Source) -> dict:
            facts.append(fact)
            sources[fact["fid"]] = src
            return fact
        if self._order is None:
            self._order = call_order(self.case)
        self._calls, replay = _call_facts(self.case, status_of, add, keep, self._order)
        facts.extend(tail)
        result = Facts(facts, sources, tuple((n, s.letter, str(c)) for n, s, c in replay.standing),
                       replay.ended_at())
        self._last = (status_of, result)
        return result


def _static_facts(case: Case) -> "tuple[list[dict], list[dict], dict[str, Source]]":
    """The facts that do not depend on call statuses: (before the call facts, after them, sources)."""
    head: list[dict] = []
    tail: list[dict] = []
    sources: dict[str, Source] = {}
    into = head

    def add(fact: dict, src: Source) -> dict:
        into.append(fact)
        sources[fact["fid"]] = src
        return fact

    add({"t": "board", "fid": "board", "dealer": case.dealer.letter, "vul": case.vulnerability or "unknown",
         "number": case.board.number if case.board else 0}, Source(None, 1, "board"))
    add({"t": "case", "fid": "case", "last_idx": len(case.events), "events": len(case.events)},
        Source(None, 1, "case"))
    into = tail
    call_events = [e for e in case.events if e.kind in ("call", "replaces")]
    for e in case.events:
        if e.kind == "accepts":
            target = _decision_target(e, call_events)
            add({"t": "decision", "fid": f"e{e.number}", "idx": e.number, "seat": e.seat.letter,
                 "accepts": e.accepts, "of": target.number, "rel": relation(e.seat, to=target.seat)},
                Source(e.number, e.line, _describe(e)))
        elif e.kind in ("director", "ruled"):
            prior = [x.number for x in call_events if x.number < e.number]
            dc = {"t": "director-called", "fid": f"e{e.number}", "idx": e.number, "after": prior[-1] if prior else 0,
                  "ruled": e.kind == "ruled"}
            if e.seat is not None:
                dc["by"] = e.seat.letter
            add(dc, Source(e.number, e.line, _describe(e)))

    derive_table_facts(case, add)

    count_at = _count_discovery(case)
    for j in case.judgements:
        ev = case.events[j.event - 1]
        jf = {"t": "judgement", "fid": f"j{j.event}-{j.prop}", "of": j.event, "prop": j.prop, "value": j.value}
        if count_at is not None and ev.kind == "happened" and ev.happened in _COUNT_EVENTS:
            jf["of"] = count_at   # any hand count of the discrepancy names it: it is judged at its discovery
        if ev.kind in ("call", "replaces"):
            # who made the judged call (mechanics): rules on a judged call need no call pattern
            jf.update(seat=ev.seat.letter, call=str(ev.call), side=ev.seat.side, partner=ev.seat.partner.letter,
                      lho=ev.seat.lho.letter, event_kind=ev.kind)
            pn = next((x for x in case.events[j.event:] if x.kind in ("call", "replaces") and x.seat == ev.seat.partner), None)
            if pn is not None:
                jf["partner_next_idx"] = pn.number
        add(jf,
            Source(j.event, j.line, f"judgement: {_judged(ev)} {j.prop} = {str(j.value).lower()}"))
    _fault_facts(case, add)
    _due_later_facts(case, add)
    return head, tail, sources


def _fault_facts(case: Case, add) -> None:
    """One ``fault`` fact per side for each event with an ``at-fault`` or ``partly-at-fault``
    judgement: of (event number), side (NS/EW), level (direct / partial / none: a side the
    judgements list under neither)."""
    judged: dict[int, dict[str, Any]] = {}
    for j in case.judgements:
        if j.prop in ("at-fault", "partly-at-fault"):
            judged.setdefault(j.event, {})[j.prop] = j
    for ev, props in judged.items():
        first = next(iter(props.values()))
        for side in ("NS", "EW"):
            level = ("direct" if side in getattr(props.get("at-fault"), "value", ()) else
                     "partial" if side in getattr(props.get("partly-at-fault"), "value", ()) else "none")
            add({"t": "fault", "fid": f"fault{ev}-{side}", "of": ev, "side": side, "level": level},
                Source(ev, first.line, f"judgement: {side} {level} at fault"))


def _due_later_facts(case: Case, add) -> None:
    """One ``due-later`` fact per side a ``due-later`` judgement names: of (event number),
    side (NS/EW): that side at this table is due to play the board later in the session."""
    for j in case.judgements:
        if j.prop == "due-later":
            for side in j.value:
                add({"t": "due-later", "fid": f"due{j.event}-{side}", "of": j.event, "side": side},
                    Source(j.event, j.line, f"judgement: {side} due to play the board later"))


def _decision_target(e: Event, call_events: "list[Event]") -> Event:
    """The call event an ``accepts`` event decides on: the one it names (``event: N``), else
    the last call or replacement before it (of the call it names, if it names one)."""
    return [x for x in call_events if x.number < e.number and (e.call is None or x.call == e.call)
            and (e.target is None or x.number == e.target)][-1]


def _call_facts(case: Case, status: "Mapping[int, str] | Iterable[int]", add,
                keep: "Mapping[int, tuple[dict, Source]]" = MappingProxyType({}),
                order: "CallOrder | None" = None) -> "tuple[dict[int, dict], _Replay]":
    """Add the ``call`` facts of the auction replayed under ``status`` (see :func:`derive`);
    return them by event number.

    ``keep``: event number -> (call fact, its source) from a replay whose statuses were the
    same as ``status`` for every event up to that one; such a fact would come out the same
    (a call fact reads only the calls up to its own, and the file order after it), so it is
    added as it is. ``order``: the case's :class:`CallOrder` (worked out when not given).
    Returns the call facts by event number, and the replay (its standing calls at the end).
    """
    if order is None:
        order = call_order(case)
    status_of = dict(status) if _is_mapping(status) else {n: "cancelled" for n in status}
    replay = _Replay(case, status_of, order)
    call_facts = replay.run(keep, add)
    replay.add_what_came_next(keep)
    # the auction as replayed over the calls that stand at the end (each call fact says what
    # stood at its own moment; a replacement made later can change that). Present every round,
    # ended or not: the fact types of a case do not depend on the call statuses (inference.run)
    ended = replay.ended_at()
    n = replay.standing[ended - 1][0] if ended else 0
    seat = replay.standing[ended - 1][1] if ended else None
    add({"t": "replayed-auction", "fid": "replayed-auction", "ended": bool(ended), "idx": n,
         "seat": getattr(seat, "letter", seat) if ended else "none",
         "passed_out": bool(ended) and not any(c.is_bid for _, _, c in replay.standing[:ended]),
         **_on_the_table(case, replay)},
        Source(n, order.sources[n].line, "the auction ends here, as the calls that stand are replayed") if ended
        else Source(None, 1, "the calls that stand, replayed, do not end the auction"))
    _specified_facts(case, call_facts, add)
    return call_facts, replay


def _on_the_table(case: Case, replay: "_Replay") -> dict:
    """What the calls on the table come to: those that stand, and a call held back awaiting
    its replacement that no standing call has yet taken the place of (so that holding a call
    back changes none of these, as the Deriver's short cut needs): how many, how many bids,
    the seats with no call among them, and the seat after the last of them."""
    by_number = {e.number: e for e in case.events}
    taken = {by_number[n].target for n, _, _ in replay.standing if by_number[n].kind == "replaces"}
    numbers = {n for n, _, _ in replay.standing}
    table = list(replay.standing) + [(e.number, e.seat, e.call) for e in replay.held
                                     if e.number not in numbers and e.number not in taken]
    table.sort(key=lambda st: st[0])
    seats = {st[1] for st in table}
    return {"standing": len(table), "bids": sum(1 for _, _, c in table if c.is_bid),
            "uncalled": " ".join(x.letter for x in Seat if x not in seats) or "none",
            "next": table[-1][1].lho.letter if table else case.first_caller.letter}


class _Replay:
    """The auction replayed under one round's call statuses, call by call, making each call's
    ``call`` fact (see :func:`_call_facts`). Mechanics only: whose turn it was, what stood
    before, whether the auction had ended.

    Shapes: ``standing`` is the list of calls that stand, in auction order, as (event number,
    seat, call); ``ended[j]`` whether the first j standing calls ended the auction (four passes,
    or three passes after a bid; later calls do not reopen it), ``trail[j]`` the passes at the
    end of the first j standing calls and ``bid_at[j]`` how many of them are bids, all worked
    out forward and kept until a replacement changes a standing call (then from there on), so
    O(1) per call; ``held`` the calls left out as awaiting their replacement, in file order.
    """

    def __init__(self, case: Case, status_of: "dict[int, str]", order: "CallOrder"):
        self.case, self.order = case, order
        # a held call (made after a director call, whether before the ruling asked) is out of
        # the replay and judged for nothing else until then, as a voided call is
        self.voided = frozenset(n for n, st in status_of.items() if st in ("voided", "held"))
        self.cancelled = frozenset(n for n, st in status_of.items() if st == "cancelled") | self.voided
        self.as_pass = frozenset(n for n, st in status_of.items() if st == "replaced-by-pass")
        # a call waiting for its caller to replace it is out of the auction until they do: the
        # turn is theirs again, and their replacement goes where the auction then stands. A call
        # made while it was still on the table (before anyone said they do not accept it) was
        # made after it: its turn is the next player's (turn_now)
        self.superseded = frozenset(n for n, st in status_of.items() if st == "superseded")
        # a superseded slip (25A1) leaves the auction as a call awaiting its replacement does
        self.awaiting = frozenset(n for n, st in status_of.items() if st == "awaiting-replacement") | self.superseded
        self.in_rotation = frozenset(n for n, st in status_of.items() if st == "in-rotation")
        # a superseded slip its caller put right by calling again at once: the call that
        # follows it takes its place (step_in_slips_place); the slip is out of the auction
        # (left_out), and a later replacement of it has no place of its own (step_replacement)
        self.displaced = frozenset(
            k for x in order.calls if x.kind == "call"
            for k in (order.after[x.number][1].get("follows_own_idx"),)
            if k in self.superseded)
        self.standing: list[tuple[int, Seat, Call]] = []
        self.ended: list[bool] = [False]
        self.trail: list[int] = [0]
        self.trail_in: list[int] = [0]
        # the standing calls made by a player whose turn it was not (and not counted in
        # rotation): a pass among them, or a pass put in the place of one (38C), is no pass
        # "in rotation" and does not complete the auction (22A: three passes in rotation;
        # 22B: all four players pass)
        self.out_of_turn: set[int] = set()
        self.bid_at: list[int] = [0]
        self.turn_at: dict[int, Seat] = {}
        self.call_facts: dict[int, dict] = {}
        self.held: list[Event] = []
        self.held_at: dict[int, int] = {}      # a held call -> how many calls stood when it was made
        self.standing_before: dict[int, list[tuple[int, Seat, Call]]] = {}   # what _closing_run reads
        self.standing_at: dict[int, list[tuple[int, Seat, Call]]] = {}       # the standing calls before each call
        self.last_call_event: "Event | None" = None

    def over(self, seq: "list[tuple[int, Seat, Call]]") -> bool:
        """Whether ``seq`` (the whole of ``standing`` or a prefix of it) has ended the auction."""
        j = len(seq)
        ended, trail, trail_in, bid_at = self.ended, self.trail, self.trail_in, self.bid_at
        while len(ended) <= j:
            k = len(ended)
            n, _, c = self.standing[k - 1]
            t = trail[-1] + 1 if c.is_pass else 0
            # the passes in turn at the end: a pass out of turn does not count, nor those before it
            ti = trail_in[-1] + 1 if c.is_pass and n not in self.out_of_turn else 0
            b = bid_at[-1] + (1 if c.is_bid else 0)
            trail.append(t)
            trail_in.append(ti)
            bid_at.append(b)
            # no bid: every one of the four players has passed and the last three passes were
            # made in turn (a pass out of turn that was accepted early on, with all four
            # passing after it, ends it too); after a bid: three passes in turn after it
            ended.append(ended[-1] or (b == 0 and k >= 4 and ti >= 3
                                       and len({st[1] for st in self.standing[:k]}) == 4)
                         or (k >= 4 and ti >= 3 and b > 0))
        return ended[j]

    def ended_at(self) -> int:
        """How many of the standing calls it took to end the auction (0: it has not ended)."""
        if not self.standing or not self.over(self.standing):
            return 0
        return next(j for j in range(1, len(self.standing) + 1) if self.over(self.standing[:j]))

    def changed_from(self, pos: int) -> None:
        """A standing call at ``pos`` changed: what was worked out from there on is stale."""
        del self.ended[pos + 1:], self.trail[pos + 1:], self.trail_in[pos + 1:], self.bid_at[pos + 1:]

    def turn_now(self, e: Event) -> Seat:
        """Whose turn it was at call event ``e``: after the last standing call, unless a call
        made since then, now awaiting its replacement, was still on the table at ``e`` (nobody
        had yet said they do not accept it): then after that one."""
        standing, declined = self.standing, self.order.declined
        last = standing[-1][0] if standing else 0
        table = [a for a in self.held if a.number > last and not any(d < e.number for d in declined.get(a.number, ()))]
        if table:
            return table[-1].seat.lho
        return self.case.first_caller if not standing else standing[-1][1].lho

    def as_standing(self, e: Event) -> "tuple[int, Seat, Call]":
        """Call event ``e`` as a standing call (a pass in its place when it is replaced by one)."""
        return (e.number, e.seat, _PASS if e.number in self.as_pass else e.call)

    def slip_put_right_by(self, e: Event) -> "int | None":
        """The position in ``standing`` of the superseded call that plain call ``e`` follows
        (its caller's call just before it, ``follows_own_idx``), when there is one: the call
        ``e`` puts right, whose place in the auction ``e`` takes (status ``superseded``, 25A1)."""
        k = self.order.after[e.number][1].get("follows_own_idx")
        if k is None or k not in self.displaced:
            return None
        return next((i for i in range(len(self.standing) - 1, -1, -1) if self.standing[i][0] == k), None)

    def step_in_slips_place(self, e: Event, pos: int, kept) -> "tuple[Seat, dict | None]":
        """Replay a plain call that puts right the superseded call at ``standing[pos]``: made
        at that call's turn over the calls that stood before it, and standing in its place
        (the calls made after the slip stay where they were)."""
        standing = self.standing
        slip_no = standing[pos][0]
        turn = self.turn_at[slip_no]
        before = standing[:pos]
        self.standing_at[e.number] = list(before)
        self.last_call_event = e
        f = None
        if kept is None:
            f = _context_facts(self, e, before, turn)
            if e.call.is_pass and not f["auction_ended_before"]:
                self.standing_before[e.number] = list(before)
        if e.number not in self.cancelled and e.number not in self.awaiting:
            self.note_turn(e, turn)
            standing[pos] = self.as_standing(e)
        else:
            # the slip is out of the auction whatever becomes of the call put in its place
            del standing[pos]
            if e.number in self.awaiting and e.number not in self.cancelled:
                self.held.append(e)
        self.changed_from(pos)
        return turn, f

    def step_call(self, e: Event, kept) -> "tuple[Seat, dict | None]":
        """Replay a plain call: its turn, and its fact (None when ``kept`` gives it)."""
        pos = self.slip_put_right_by(e)
        if pos is not None:
            return self.step_in_slips_place(e, pos, kept)
        turn = self.turn_now(e)
        before = self.standing
        # Two calls made at the same moment (``simultaneous_with``), neither by the player whose
        # turn it was: neither came after the other, so both were made at that same turn, over
        # the same calls (whose turn it was is mechanics; what follows from it is the rules').
        p = self.last_call_event
        with_p = (e.simultaneous_with is not None and p is not None and p.kind == "call"
                  and p.seat == e.simultaneous_with)
        if with_p and self.turn_at.get(p.number) not in (None, p.seat, e.seat):     # neither in turn
            turn = self.turn_at[p.number]
            before = self.standing_at[p.number]
        self.standing_at[e.number] = list(before)
        self.last_call_event = e
        f = None
        if kept is None:
            f = _context_facts(self, e, before, turn)
            if with_p:
                f["simultaneous_idx"] = p.number     # the call it was made at the same moment as
            if e.call.is_pass and not f["auction_ended_before"]:
                self.standing_before[e.number] = list(before)
        if e.number in self.as_pass and e.seat != turn and e.number not in self.in_rotation:
            # a pass put in the place of a call made at another player's turn (38C for a bid
            # above seven made out of turn) holds no turn of its own: the turn stays with the
            # player whose turn it was, who has not called
            pass
        # a slip later put right (superseded) was on the table, and the calls after it were made
        # over it, until the intended call takes its place there (step_replacement)
        elif e.number not in self.cancelled and (e.number not in self.awaiting or e.number in self.superseded):
            self.note_turn(e, turn)
            self.standing.append(self.as_standing(e))
        elif e.number in self.awaiting and e.number not in self.cancelled:
            self.held.append(e)
            self.held_at[e.number] = len(self.standing)
        return turn, f

    def note_turn(self, e: Event, turn: Seat) -> None:
        """Record whether call event ``e``, about to stand, was made by the player whose turn
        it was (or counts as in rotation)."""
        if e.seat != turn and e.number not in self.in_rotation:
            self.out_of_turn.add(e.number)
        else:
            self.out_of_turn.discard(e.number)

    def step_replacement(self, e: Event, kept) -> "tuple[Seat, dict | None]":
        """Replay a call put in place of an earlier one: it takes the earlier call's turn."""
        standing, n = self.standing, e.number
        orig_no = self.order.replaces[n]      # which call it replaces (see CallOrder)
        pos = next((i for i in range(len(standing) - 1, -1, -1) if standing[i][0] == orig_no), None)
        turn = self.turn_at[orig_no]
        # a call held back for its replacement, replaced before anyone said they do not accept
        # it (while it was still on the table, as a premature replacement is): the replacement
        # goes where that call was made, over the calls that stood then
        at = None
        if pos is None and orig_no in self.held_at and orig_no not in self.displaced and \
                not any(d < n for d in self.order.declined.get(orig_no, ())):
            at = min(self.held_at[orig_no], len(standing))
        f = None
        if kept is None:
            before = standing[:pos] if pos is not None else (standing[:at] if at is not None else list(standing))
            f = _context_facts(self, e, before, turn)
            f["replaces"] = orig_no
            # whether the calls standing when it was offered (the call it replaces included)
            # had already ended the auction: a change offered after the end of the auction
            f["offered_after_auction_end"] = bool(standing) and self.over(standing)
            between = self.case.events[orig_no:n - 1]     # events orig_no+1 .. n-1
            f["director_before"] = any(x.kind in ("director", "ruled") for x in between)
            f["ruled_before"] = any(x.kind == "ruled" for x in between)
        if n not in self.cancelled and pos is not None:
            self.note_turn(e, turn)
            standing[pos] = self.as_standing(e)
            self.changed_from(pos)
        elif n not in self.cancelled and orig_no in self.awaiting and orig_no not in self.displaced and n not in self.awaiting:
            self.note_turn(e, turn)
            if at is not None:
                standing.insert(at, self.as_standing(e))
                self.changed_from(at)
            else:
                standing.append(self.as_standing(e))
        elif (n not in self.cancelled and n not in self.awaiting and (orig_no in self.cancelled or orig_no in self.displaced)
              and not self.over(standing) and (standing[-1][1].lho if standing else self.case.first_caller) == e.seat):
            # the call it replaces is out of the auction and the turn is the replacer's
            # again (an inadmissible double cancelled, say): their new call goes there
            self.note_turn(e, e.seat)
            standing.append(self.as_standing(e))
        return turn, f

    def add_statuses(self, e: Event, f: dict) -> None:
        """The fields of call fact ``f`` that this round's statuses and the standing calls after
        ``e`` decide: left out, voided, replaced by a pass, in rotation, superseded, whether it
        ended the auction (and then the closing passes, declarer and dummy)."""
        n = e.number
        f["left_out"] = n in self.cancelled or n in self.displaced
        f["voided"] = n in self.voided
        f["replaced_by_pass"] = n in self.as_pass
        f["counts_in_rotation"] = n in self.in_rotation
        f["superseded"] = n in self.superseded
        f["auction_ended_after"] = (n not in self.cancelled and self.over(self.standing)
                                    and not f["auction_ended_before"])
        if f["auction_ended_after"]:
            closing = []
            for k, _, c in reversed(self.standing):
                if not c.is_pass or len(closing) == 3:
                    break
                closing.append(k)
            f["closing_pass_out_of_turn"] = any(self.call_facts.get(k, f)["rel"] != "self" for k in closing)
            # the contract's declarer and dummy, over the calls that stand ("none": passed
            # out; always present, as a field a pattern compares must be)
            dec = declarer([(s, c) for _, s, c in self.standing])
            f["declarer"], f["dummy"] = (dec.letter, dec.partner.letter) if dec is not None else ("none", "none")

    def run(self, keep: "Mapping[int, tuple[dict, Source]]", add) -> dict[int, dict]:
        """Replay every call event in order, adding each call's fact (or the kept one)."""
        for e in self.order.calls:
            kept = keep.get(e.number)
            turn, f = self.step_call(e, kept) if e.kind == "call" else self.step_replacement(e, kept)
            self.turn_at[e.number] = turn
            if kept is not None:
                self.call_facts[e.number] = kept[0]
                add(*kept)
                continue
            self.add_statuses(e, f)
            self.call_facts[e.number] = f
            add(f, self.order.sources[e.number])
        return self.call_facts

    def add_what_came_next(self, keep: "Mapping[int, tuple[dict, Source]]") -> None:
        """What came after each call in the case as made (the same every round)."""
        order, call_events = self.order, self.order.calls
        for e in call_events:
            if e.number in keep:
                continue
            f = self.call_facts[e.number]
            lead, rest = order.after[e.number]
            f["lead_faced_before"] = lead
            if e.number in self.standing_before:
                _closing_run(f, e, call_events[order.position[e.number] + 1:], self.standing_before[e.number],
                             self.call_facts)
            rest = _skip_simultaneous_partner(e, f, rest, order, self.call_facts)
            f.update(rest)
            if "next_seat" in rest:
                f["next_by_turn_player"] = rest["next_seat"] == f["turn"]


def _context_facts(replay: _Replay, e: Event, before: "list[tuple[int, Seat, Call]]", turn: Seat) -> dict:
    """The call fact of call event ``e`` made at ``turn`` after the standing calls ``before``:
    its head (see :func:`_head`), how the caller sits to the player whose turn it was, what
    stood before it (partner's last call, the last bid and the contract so far, the last call
    that is not a pass, whether the auction had ended) and, for a bid, its sufficiency; for a
    double or redouble, whether it is admissible."""
    seat, call = e.seat, e.call
    plast, last, bidder, last_call, last_caller, prev_called, since_bid = _looking_back(before, seat)
    f: dict[str, Any] = dict(replay.order.heads[e.number])     # t, fid, idx, seat, call, kind, lho, rho, partner, side
    f["turn"] = turn.letter
    f["rel"] = relation(seat, to=turn)
    f["prev_called"] = prev_called
    f["any_bid_before"] = last is not None
    if before:
        f["prev_idx"], f["prev_seat"] = before[-1][0], before[-1][1].letter
    if plast is not None:
        f["partner_last_idx"] = plast
    f["auction_ended_before"] = bool(before) and replay.over(before)
    if f["auction_ended_before"] and bidder is not None:
        f["contract_side"] = bidder.side
        f["by_declaring_side"] = bidder.side == seat.side
    last_text = None
    if last is not None:
        f["last_bid"] = last_text = str(last)
        # contract: the last bid with any double/redouble standing after it ("1S", "1SX", "1SXX")
        f["contract"] = last_text + ("XX" if "redouble" in since_bid else "X" if "double" in since_bid else "")
    # last_call: the last standing call before this one that is not a pass
    if last_call is not None:
        f["last_call"] = str(last_call)
    kind = call.kind
    if kind == "bid":
        f["level"] = call.level
        f["denom"] = call.denomination.code
        f["sufficient"], has_lowest, lowest = _over(f["call"], last_text)
        f["has_lowest_same"] = has_lowest   # over 7S there is no sufficient spade bid
        if has_lowest:
            f["lowest_same"] = lowest
        f["above_seven"] = call.above_seven
    elif kind in ("double", "redouble"):
        # both read only the last call that is not a pass (Law 19's definitions)
        last_only = [(last_caller, last_call)] if last_call is not None else []
        f["admissible"] = (double_admissible if kind == "double" else redouble_admissible)(last_only, seat)
    return f


def _looking_back(before: "list[tuple[int, Seat, Call]]", seat: Seat) -> tuple:
    """One pass back over the standing calls ``before`` a call of ``seat``: (partner's last
    call's event number, the last bid, its bidder, the last call that is not a pass, its
    caller, whether ``seat`` called before, the kinds of the calls after the last bid)."""
    partner = seat.partner
    plast = last = bidder = last_call = last_caller = None
    prev_called = False
    since_bid: list[str] = []
    for n, s, c in reversed(before):
        if s == seat:
            prev_called = True
        elif plast is None and s == partner:
            plast = n
        kind = c.kind
        if last_call is None and kind != "pass":
            last_call, last_caller = c, s
        if last is None:
            if kind == "bid":
                last, bidder = c, s
            else:
                since_bid.append(kind)
        elif prev_called and plast is not None:
            break           # everything looked for is found (a bid is not a pass)
    return plast, last, bidder, last_call, last_caller, prev_called, since_bid


def _specified_facts(case: Case, call_facts: dict[int, dict], add) -> None:
    """The denominations an artificial bid specified (a judgement), each with the lowest
    sufficient bid in it over the last bid before that call; and the set as a whole, for
    comparing what two calls specified: its key (the letters, sorted) and whether this call
    ranks no higher than the lowest sufficient bid in any of them (no natural bid in those
    denominations is lower than it)."""
    for j in case.judgements:
        f = call_facts.get(j.event)
        if j.prop != "specifies" or f is None:
            continue
        last = Call.parse(f["last_bid"]) if "last_bid" in f else None
        for denom in j.value:
            low = lowest_sufficient(denom, last)
            sp = {"t": "specified", "fid": f"sp{j.event}-{denom}", "of": j.event, "denom": denom,
                  "name": Denomination.parse(denom).name_plural, "has_lowest": not low.above_seven}
            if not low.above_seven:
                sp["lowest"] = str(low)
            add(sp, Source(j.event, j.line, f"judgement: {_judged(case.events[j.event - 1])} specifies {denom}"))
        lows = [lowest_sufficient(d, last) for d in j.value]
        call = Call.parse(f["call"])
        add({"t": "specified-set", "fid": f"sps{j.event}", "of": j.event,
             "key": " ".join(sorted(Denomination.parse(d).value for d in j.value)),
             "not_above_natural": bool(call.is_bid and lows and all(
                 low.above_seven or call.rank <= low.rank for low in lows))},
            Source(j.event, j.line, f"judgement: {_judged(case.events[j.event - 1])} specifies {list(j.value)}"))


@functools.lru_cache(maxsize=4096)
def _over(bid: str, last: "str | None") -> "tuple[bool, bool, str]":
    """For the bid ``bid`` after the last bid ``last`` (texts, as ``str(call)`` gives them;
    None: no bid yet): (whether it is sufficient, whether there is a sufficient bid in its
    denomination at seven or below, the lowest such bid or ''). Keyed by text: a Call's own
    hash costs more than the work."""
    call, before = Call.parse(bid), (Call.parse(last) if last is not None else None)
    lowest = lowest_sufficient(call.denomination, before)
    return is_sufficient(call, before), not lowest.above_seven, "" if lowest.above_seven else str(lowest)


@record(frozen=True)
class CallOrder:
    """What the call facts take from the case as made, the same whatever the call statuses.

    ``calls``: the call and replacement events, in file order; ``replaces``: replacement event
    -> the call event it replaces; ``position``: call event -> its place in ``calls``;
    ``sources``: call event -> its Source; ``heads``: call event -> the first fields of its
    fact (t, fid, idx, seat, call, kind, lho, rho, partner, side); ``declined``: call event ->
    the events at which a player said they do not accept it; ``after``: call event -> (lead_faced_before, the
    fields about what came after it, in fact order: simultaneous_with, follows_own_idx,
    own/partner/lho_next_idx, next_idx, next_seat, next_rel, next_by_turn_player (a
    placeholder: the replay fills it), next_is_replacement, director_before_next,
    ruled_before_next, final, director_next_idx, ruled_next_idx; see the module docstring).
    """

    calls: list
    replaces: dict
    position: dict
    sources: dict
    heads: dict
    after: dict
    declined: dict


def call_order(case: Case) -> CallOrder:
    """The :class:`CallOrder` of ``case``."""
    call_events = [e for e in case.events if e.kind in ("call", "replaces")]
    replaces = _replaced_calls(call_events)
    declined = _declined_calls(case, call_events)
    timeline = _Timeline(case)
    after: dict[int, tuple[bool, dict]] = {}
    for i, e in enumerate(call_events):
        f = _what_came_next(call_events, i, replaces, declined, timeline)
        after[e.number] = (timeline.lead_at is not None and timeline.lead_at < e.number, f)
    return CallOrder(call_events, replaces, {e.number: i for i, e in enumerate(call_events)},
                     {e.number: Source(e.number, e.line, _describe(e)) for e in call_events},
                     {e.number: _head(e) for e in call_events}, after, declined)


def _replaced_calls(call_events: "list[Event]") -> dict[int, int]:
    """Replacement event number -> the event number of the call it replaces: the caller's last
    call of that name as made (file order), whatever the rules made of it: a status must not
    change which call a replacement replaces (that made the statuses go round in a cycle,
    issue 8's gen-174)."""
    replaces: dict[int, int] = {}
    for k, e in enumerate(call_events):
        if e.kind == "replaces":
            # the call replaced, as the case resolved it (an event number: ``event: N``, else the
            # caller's last call of that name as made, whatever the rules made of it)
            replaces[e.number] = e.target if e.target is not None else next(
                x.number for x in reversed(call_events[:k]) if x.seat == e.seat and x.call == e.replaces)
    return replaces


def _declined_calls(case: Case, call_events: "list[Event]") -> dict[int, list[int]]:
    """The call events some player said they do not accept -> when (event numbers)."""
    declined: dict[int, list[int]] = {}
    for x in case.events:
        if x.kind == "accepts" and not x.accepts:
            declined.setdefault(_decision_target(x, call_events).number, []).append(x.number)
    return declined


class _Timeline:
    """When the director was called or ruled, and when the opening lead was faced, in a case:
    event numbers in order, searched by bisection."""

    def __init__(self, case: Case):
        self.directors = [x.number for x in case.events if x.kind in ("director", "ruled")]
        calls = [x.number for x in case.events if x.kind in ("call", "replaces")]
        after_ruling = {j.event: j.value for j in case.judgements if j.prop == "after-ruling"}
        # a ruling stated as an event, or judged to have come just before a call (``after-ruling``
        # true on that call: the ruling sits between it and the event before it)
        self.rulings = sorted([x.number for x in case.events if x.kind == "ruled"]
                              + [n - 0.5 for n, v in after_ruling.items() if v is True and n in calls])
        self.lead_at = next((x.number for x in case.events
                             if x.kind == "happened" and x.happened == "opening-lead-faced"), None)
        # the first call whose moment against the director's ruling the case leaves open: the
        # first call after a ``{director: called}`` event with no ruling (stated, or judged on
        # a call) after that event, unless that call is judged ``after-ruling`` false (then it
        # and every later call came before any ruling)
        # (a player's decision on a call, after the director call and before that first call,
        # shows the director had explained the options: not open)
        decisions = [x.number for x in case.events if x.kind == "accepts"]
        self.open_at: dict[int, int] = {}        # an open director call -> the first call after it
        for d in (x.number for x in case.events if x.kind == "director"):
            if self.rulings and self.rulings[-1] > d:
                continue
            k = next((n for n in calls if n > d), None)
            if k is not None and k not in after_ruling and not any(d < a < k for a in decisions):
                self.open_at[d] = k
        self.open_calls = sorted(set(self.open_at.values()))

    def ruling_open_between(self, lo: int, hi: int) -> bool:
        """Whether an open director call (see ``open_at``) came after event ``lo`` and before ``hi``."""
        return any(lo < d < hi for d in self.open_at)

    def director_between(self, lo: int, hi: "int | None", among: "list[int] | None" = None) -> bool:
        """Whether the director was called (or ``among``) after event ``lo`` and before ``hi``
        (None: at any time after)."""
        among = self.directors if among is None else among
        k = bisect.bisect_right(among, lo)        # event numbers are in order
        return k < len(among) and (hi is None or among[k] < hi)

    @staticmethod
    def first_after(n: int, among: "list[int]") -> "int | None":
        """The first event number of ``among`` after ``n``, or None."""
        k = bisect.bisect_right(among, n)
        return among[k] if k < len(among) else None


def _next_calls(call_events: "list[Event]", i: int, replaces: dict[int, int]) -> tuple:
    """After call event ``call_events[i]``: the next call event, and the next by its caller, the
    caller's partner and the caller's LHO (each None if none), not counting replacements of this
    call; call events are in file order, so one scan stops once all four are found."""
    e = call_events[i]
    seat, partner, lho = e.seat, e.seat.partner, e.seat.lho
    nxt = own = pn = ln = None
    for x in itertools.islice(call_events, i + 1, None):
        if x.kind == "replaces" and replaces[x.number] == e.number:
            continue
        if nxt is None:
            nxt = x
        if own is None and x.seat == seat:
            own = x
        elif pn is None and x.seat == partner:
            pn = x
        elif ln is None and x.seat == lho:
            ln = x
        if own is not None and pn is not None and ln is not None:
            break
    return nxt, own, pn, ln


def _what_came_next(call_events: "list[Event]", i: int, replaces: dict[int, int],
                    declined: dict[int, list[int]], timeline: _Timeline) -> dict:
    """The fields of call event ``call_events[i]``'s fact that the case as made decides (the
    same every round): a call made at the same time, the caller's own call just before it, the
    next calls (see :func:`_next_calls`), whether the director came before them, whether it is
    the last call event."""
    e = call_events[i]
    f: dict[str, Any] = {}
    if e.kind == "call":
        if e.simultaneous_with is not None:
            f["simultaneous_with"] = e.simultaneous_with.letter
        prev = call_events[i - 1] if i > 0 else None
        # twice running of their own accord: not after a director call, nor after a player
        # said they do not accept the first call (the turn then went back elsewhere)
        if (prev is not None and prev.seat == e.seat and not timeline.director_between(prev.number, e.number)
                and not any(prev.number < d < e.number for d in declined.get(prev.number, ()))):
            f["follows_own_idx"] = prev.number
    nxt, own, pn, ln = _next_calls(call_events, i, replaces)
    if own is not None:
        f["own_next_idx"] = own.number
    if pn is not None:
        f["partner_next_idx"] = pn.number
    if ln is not None:
        f["lho_next_idx"] = ln.number
    if nxt is not None:
        f["next_idx"], f["next_seat"] = nxt.number, nxt.seat.letter
        f["next_rel"] = relation(nxt.seat, to=e.seat)
        f["next_by_turn_player"] = None      # the replay's: is nxt the player whose turn it was
        f["next_is_replacement"] = nxt.kind == "replaces"
        f["director_before_next"] = timeline.director_between(e.number, nxt.number)
        f["ruled_before_next"] = timeline.director_between(e.number, nxt.number, timeline.rulings)
    else:
        f["director_before_next"] = timeline.director_between(e.number, None)
        f["ruled_before_next"] = timeline.director_between(e.number, None, timeline.rulings)
    f["ruling_open_next"] = nxt is not None and timeline.ruling_open_between(e.number, nxt.number)
    opened = timeline.first_after(e.number, timeline.open_calls)
    if opened is not None:
        f["ruling_open_idx"] = opened
    f["final"] = i == len(call_events) - 1
    first_director = timeline.first_after(e.number, timeline.directors)
    if first_director is not None:
        f["director_next_idx"] = first_director
    first_ruling = timeline.first_after(e.number, timeline.rulings)
    if first_ruling is not None:
        f["ruled_next_idx"] = first_ruling
    return f


def _head(e: Event) -> dict:
    """The fields of call event ``e``'s fact that only say what the call was and who made it."""
    seat, call = e.seat, e.call
    return {"t": "call", "fid": f"e{e.number}", "idx": e.number, "seat": seat.letter, "call": str(call),
            "kind": call.kind, "lho": seat.lho.letter, "rho": seat.rho.letter, "partner": seat.partner.letter,
            "side": seat.side}


def _closing_run(f: dict, e: Event, after: list[Event], before: list[tuple[int, Seat, Call]],
                 call_facts: dict[int, dict]) -> None:
    """Set ``closing_run_end`` / ``missed_turn_seat`` on ``f`` (see the module docstring).

    Takes the standing calls before ``e``, then ``e`` and the plain passes after it in file
    order as made (whether or not the rules have cancelled them), and replays until the
    auction would be over. The fields are set only when it would be, every call from ``e`` on
    was a pass, and ``e`` is the first of the closing passes made by a player whose turn it
    was not. Cancelling ``e`` and the passes after it does not change the result.
    """
    if not e.call.is_pass or f["auction_ended_before"]:
        return
    seq = [(n, s, c, call_facts[n]["rel"] != "self") for n, s, c in before]
    end = None
    for x in [e, *after]:
        if x.kind != "call" or not x.call.is_pass:
            break
        turn = seq[-1][1].lho if seq else None
        seq.append((x.number, x.seat, x.call, turn is not None and x.seat != turn if x is not e else f["rel"] != "self"))
        if auction_is_over([c for _, _, c, _ in seq]):
            end = x.number
            break
    if end is None:
        return
    # the passes made straight after it, before anything else happens at the table (the
    # director called, a bid, the missed player's own call), are passes subsequent to the
    # missed turn too: the first of them was its maker's LHO calling over it (29A), so each
    # was made in turn as the table then stood, and 17D3 cancels them with the others
    missed = f["turn"]
    for x in after:
        if x.number <= end:
            continue
        if x.number != end + 1 or x.kind != "call" or not x.call.is_pass or x.seat.letter == missed:
            break
        end = x.number
    closing = []
    for n, _, c, oor in reversed(seq):
        if not c.is_pass or len(closing) == 3:
            break
        closing.append((n, oor))
    first_oor = next((n for n, oor in reversed(closing) if oor), None)
    if first_oor == e.number:
        f["closing_run_end"] = end
        f["missed_turn_seat"] = f["turn"]


def _judged(ev: Event) -> str:
    if ev.kind == "happened":
        return f"event {ev.number} ({ev.happened})"
    return f"{ev.seat.value} {ev.call}" if ev.seat is not None and ev.call is not None else f"event {ev.number}"


# ---------------------------------------------------------------- the table around the auction

_PLAY_MARKERS = ("opening-lead-faced", "play-ended")


def _sides_played(seats) -> str:
    """Which sides at the table had both members already play a board: 'NS', 'EW', 'both',
    'none', or 'partial' (some player had, but not both members of a side and no whole side)."""
    got = {str(x) for x in seats}
    ns, ew = {"N", "S"} <= got, {"E", "W"} <= got
    if ns and ew:
        return "both"
    if ns or ew:
        return "NS" if ns and not (got & {"E", "W"}) else "EW" if ew and not (got & {"N", "S"}) else "partial"
    return "partial" if got else "none"


def _seat_list(v) -> str:
    return " ".join(v) if isinstance(v, (list, tuple)) else str(v)


def derive_table_facts(case: Case, add) -> None:
    """Base facts for what happened before, around and after the auction (``happened`` events).

    Mechanics only: when each event happened (``stage``: before-auction, auction, auction-ended,
    play, after-play), whether calls had been made and by whom, how many cards each hand held,
    which hand holds a card that belongs to another, whether the deal is in the register under
    another session. ``add(fact, source)`` records a fact as in :func:`derive`.
    """
    events = case.events
    setting = getattr(case, "setting", {}) or {}
    stages = _Stages(case)
    calls = stages.calls
    happened = [e for e in events if e.kind == "happened"]
    directors = [e.number for e in events if e.kind in ("director", "ruled")]
    for e in happened:
        f = _happened_fact(case, e, stages, happened, directors)
        add(f, Source(e.number, e.line, f"{e.happened}" + "".join(f" {k}={_seat_list(v)}" for k, v in e.details)))
    last = events[-1].number if events else 0
    add({"t": "phase", "fid": "phase", "stage": stages.stage_at(last + 1)}, Source(None, 1, "phase"))
    if stages.over_at is not None:
        _auction_end_fact(stages, add)
    add({"t": "contest", "fid": "contest", "scoring": setting.get("scoring") or "unknown",
         "replay_event": {True: True, False: False}.get(setting.get("replay_event"), "unknown"), "stationary": setting.get("stationary") or "none"},
        Source(None, 1, "contest"))
    _count_facts(case, happened, add, stages.stage_at, stages.called_before, stages.first_auction_begun)
    _card_location_facts(case, add)
    _surplus_in_deal_facts(case, happened, add)
    _wrong_board_facts(case, happened, calls, add)
    _register_facts(case, add)


class _Stages:
    """When things happened in a case, by event number: whether the auction had ended (and the
    call that ended it: three passes after a bid, or four passes), the first event of each
    play marker (``marks``), and the stage of the board at any event."""

    def __init__(self, case: Case):
        events = self.events = case.events
        self.calls = [e for e in events if e.kind == "call"]
        # the first event of each marker (one pass over the events, not one per marker)
        marks: "dict[str, int | None]" = dict.fromkeys(_PLAY_MARKERS + ("hands-returned", "deal-completed"))
        for e in events:
            if e.kind == "happened" and e.happened in marks:
                first = marks[e.happened]
                if first is None or e.number < first:
                    marks[e.happened] = e.number
        self.marks = marks
        self.over_at, self.passed_out, self.standing, self.reopened = _auction_over_at(events, self.marks["opening-lead-faced"])
        self.earlier = (getattr(case, "setting", {}) or {}).get("played_at_other_tables")

    def before(self, n: int, code: str) -> bool:
        """Whether the first event ``code`` came before event ``n``."""
        return self.marks[code] is not None and self.marks[code] < n

    def stage_at(self, n: int) -> str:
        """The stage at event ``n``: before-auction, auction, auction-ended, play or after-play."""
        if self.before(n, "play-ended"):
            return "after-play"
        if self.before(n, "opening-lead-faced"):
            return "play"
        if self.over_at is not None and self.over_at < n:
            return "auction-ended"
        if any(lo < n <= hi for lo, hi in self.reopened):
            return "auction-ended"           # it had ended then; the replacement at hi reopened it
        return "auction" if any(c.number < n for c in self.calls) else "before-auction"

    def called_before(self, seat: Seat, n: int) -> bool:
        """Whether ``seat`` had called before event ``n`` (every player calls at least once in a
        finished auction)."""
        if self.stage_at(n) in ("auction-ended", "play", "after-play"):
            return True
        return any(c.seat == seat for c in self.calls if c.number < n)

    def first_auction_begun(self, n: int):
        """Whether the board's first auction had begun at event ``n``: True, False, or
        "unknown" (before this table's auction, when the case does not say whether the board
        was played at other tables)."""
        if self.stage_at(n) != "before-auction":
            return True
        return "unknown" if self.earlier is None else bool(self.earlier)


def _period_over_before(events: "list[Event]", n: int, seq: list, over_at: int, passed_out: bool) -> bool:
    """Whether, after the auction ended at event ``over_at`` with the calls ``seq``, the auction
    period had also ended before event ``n`` other than by the opening lead faced in turn: the
    four hands of a passed-out board back in the board, or an opening lead faced out of turn
    by a player not on the side of the declarer that ``seq`` makes (the timing of 17D1/17D2;
    the rules say what follows from it)."""
    if passed_out:
        return any(x.kind == "happened" and x.happened == "hands-returned" and over_at < x.number < n for x in events)
    dec = declarer([(c.seat, c.call) for c in seq])
    if dec is None:
        return False
    return any(x.kind == "happened" and x.happened == "opening-lead-out-of-turn" and over_at < x.number < n
               and x.get("by") is not None and Seat.parse(x.get("by")).side != dec.side for x in events)


def _auction_over_at(events: "list[Event]", lead: "int | None") -> "tuple[int | None, bool, list, list]":
    """(The event number of the call that ended the auction, or None; whether it was passed
    out; the calls that stand in it, in order; the spans ``(ended at, reopened at)``).

    A call put in place of one of the closing calls before the opening lead (a change of the
    final pass, say) can leave the calls no longer ending the auction: it then goes on from
    there. Calls made while the auction had ended are calls after its end, not part of it."""
    seq: list = []
    reopened: list = []
    over_at, passed_out = None, False

    def is_over(cs: list) -> "tuple[bool, bool]":
        passes = 0
        for c in reversed(cs):
            if not c.call.is_pass:
                break
            passes += 1
        if len(cs) == 4 and passes == 4:
            return True, True
        return any(c.call.is_bid for c in cs) and passes >= 3, False
    for e in events:
        if e.kind == "call" and over_at is None:
            seq.append(e)
            done, out = is_over(seq)
            if done:
                over_at, passed_out = e.number, out
        elif e.kind == "replaces" and over_at is None:
            # a call put in place of an earlier one while the auction goes on takes its place;
            # with it the calls may end the auction (a bid changed to the third pass), as the
            # call replay has it (the call facts' auction_ended_after)
            at = next((k for k in range(len(seq) - 1, -1, -1) if seq[k].seat == e.seat and seq[k].call == e.replaces), None)
            if at is None:
                continue
            seq = seq[:at] + [e] + seq[at + 1:]
            done, out = is_over(seq)
            if done:
                over_at, passed_out = e.number, out
        elif e.kind == "replaces" and over_at is not None and (lead is None or e.number < lead) \
                and not _period_over_before(events, e.number, seq, over_at, passed_out):
            at = next((k for k in range(len(seq) - 1, -1, -1) if seq[k].seat == e.seat and seq[k].call == e.replaces), None)
            if at is None:
                continue
            trial = seq[:at] + [e] + seq[at + 1:]
            if not is_over(trial)[0]:
                reopened.append((over_at, e.number))
                seq, over_at, passed_out = trial, None, False
    return over_at, passed_out, seq, reopened


def _happened_fact(case: Case, e: Event, stages: _Stages, happened: "list[Event]", directors: "list[int]") -> dict:
    """The ``happened`` fact of event ``e``: its code, fields and stage, what had happened
    before it and before the director was told of it (their first call after it, or the end
    of the case)."""
    events, calls, n = case.events, stages.calls, e.number
    told = next((d for d in directors if d > n), (events[-1].number + 1) if events else n)
    f = {"t": "happened", "fid": f"e{n}", "idx": n, "code": e.happened, "stage": stages.stage_at(n),
         "any_call_before": any(c.number < n for c in calls),
         "any_call_after": any(c.number > n for c in calls),
         "first_auction_begun": stages.first_auction_begun(n),
         "first_auction_begun_when_told": stages.first_auction_begun(told),
         # 17A: the auction period begins when a player takes their cards out of the board
         "auction_period_begun": any(c.number < n for c in calls) or any(
             x.number < n and x.happened in ("hands-taken-out", "hand-from-wrong-pocket", "hand-count",
                                             "opening-lead-faced", "play-ended", "hands-returned")
             for x in happened),
         "lead_faced_before": stages.before(n, "opening-lead-faced"),
         "play_ended_before": stages.before(n, "play-ended"),
         # rubber bridge: the last card had been dealt before the event
         "deal_completed_before": stages.before(n, "deal-completed"),
         # a player of each side had taken cards out of the board (or called) before it
         "cards_out_both_sides": _cards_out_both_sides(n, calls, happened)}
    for k, v in e.details:
        f[k] = _seat_list(v) if k == "played_by" else v
    # the defaults the events' definitions give (case/shapes.py): a faulty deal is not only a
    # matter of adjacent cards, and cards touched were touched without permission
    if e.happened == "dealt-incorrectly":
        f.setdefault("adjacent", False)
    elif e.happened == "touched-other-hand":
        f.setdefault("permission", "none")
    elif e.happened == "hand-count":
        f.setdefault("adjacent", False)
    elif e.happened == "wrong-dealer" and f.get("seat") is None and case.dealer is not None \
            and case.dealer.letter != f.get("by"):
        # the case's dealer is not the player who dealt: it names the player whose turn to deal
        # it was (the event's SEAT, left to the header; tester17 row 20)
        f["seat"] = case.dealer.letter
    elif e.happened == "hand-from-wrong-pocket":
        # who may have seen whose cards, in the words a card-seen event uses (by, of)
        f.setdefault("by", f.get("seat"))
        f.setdefault("of", f.get("pocket"))
    # calls already made on the board the event is about: this board's calls, or none
    # recorded for another board named in the event (one this table has yet to play)
    other_board = e.get("board") is not None and case.board is not None and e.get("board") != case.board.number
    f["about_other_board"] = other_board
    f["calls_on_board_before"] = False if other_board else f["any_call_before"]
    # the same when the director learnt of it (the time windows of 16D2 and 6D1 run to then)
    f["calls_on_board_when_told"] = False if other_board else any(c.number < told for c in calls)
    f["play_ended_when_told"] = stages.before(told, "play-ended")
    # the same at the moment the director learnt of it (1997 6D1: ascertained before the
    # auction begins for both sides, 17A)
    f["cards_out_both_sides_when_told"] = _cards_out_both_sides(told, calls, happened)
    # the actor called after it, before the director was told (a call made holding what the
    # event gave them: another pocket's hand, say)
    f["seat_called_since_when_told"] = e.seat is not None and any(
        c.seat == e.seat and n < c.number < told for c in calls)
    # rubber bridge (no director): the moment a fault of the deal came to light is the first
    # attention drawn to it, or director call, after the event; else the end of the case
    found = next((x.number for x in events if x.number > n and (
        x.kind in ("director", "ruled") or (x.kind == "happened" and x.happened == "attention-drawn"))),
        (events[-1].number + 1) if events else n)
    f["deal_completed_when_found"] = stages.before(found, "deal-completed")
    after = next((c for c in calls if c.number > n), None)
    if after is not None:
        f["next_call_idx"] = after.number
    if e.happened == "wrong-board-at-table":
        if e.get("played_by") is None:       # not stated: the ruling asks (never "nobody")
            f["played_before"], f["sides_played"] = "unknown", "unknown"
        else:
            f["played_before"] = bool(e.get("played_by"))
            f["sides_played"] = _sides_played(e.get("played_by"))
    _auction_context(f, e, calls)
    _procedure_context(f, e, events, calls)
    _seen_card_context(f, e, events, calls)
    seat = e.seat or (case.dealer if e.happened == "wrong-dealer" and f.get("seat") else None)  # SEAT set above
    if seat is not None:
        f["seat_called_before"] = stages.called_before(seat, n)
        f["partner"], f["lho"], f["side"] = seat.partner.value, seat.lho.value, seat.side
    return f


def _auction_end_fact(stages: _Stages, add) -> None:
    """The ``auction-end`` fact: the call that ended it, passed out or not, declarer, dummy and
    the opening leader (``leader``)."""
    over_at = stages.over_at
    ended = {"t": "auction-end", "fid": "auction-end", "idx": over_at, "passed_out": stages.passed_out,
             "hands_returned": stages.marks["hands-returned"] is not None,
             "lead_faced": stages.marks["opening-lead-faced"] is not None}
    dec = declarer([(c.seat, c.call) for c in stages.standing])
    if dec is not None:
        ended["declarer"], ended["dummy"], ended["declarer_side"] = dec.value, dec.partner.value, dec.side
        ended["leader"] = dec.lho.value         # the defender on declarer's left makes the opening lead
    # the call that ended it may be a replacement (a bid changed to the closing pass)
    add(ended, Source(over_at, next(e.line for e in stages.events if e.number == over_at), "the auction is over"))


def _procedure_context(f: dict, e: Event, events: list[Event], calls: list[Event]) -> None:
    """Fields of a ``happened`` fact about who acted after it, and when the director came
    (mechanics only; Laws 9-11 read them).

    ``director_next_idx``: the first director event (called or ruled) after it;
    ``director_since_last_call``: a director event came between the last call before it and
    it; ``next_call_idx``/``next_call_seat``/``next_call_side``: the first call event after it;
    ``call_before_director``: that call came before any director event after it;
    ``call_before_ruling_idx``: the first call event after it with no ``{director: ruled}``
    and no decision between the two; ``opp_call_before_director_idx``: the first call after it
    by an opponent of the actor (``seat``, else ``by``), before any director event after it.
    With ``offender``: ``offender_side``, and ``by_offending_side`` (``by`` is on that side).
    """
    n = e.number
    after = [x for x in events if x.number > n]
    d_next = next((x.number for x in after if x.kind in ("director", "ruled")), None)
    if d_next is not None:
        f["director_next_idx"] = d_next
    last_call = max((c.number for c in calls if c.number < n), default=0)
    f["director_since_last_call"] = any(x.kind in ("director", "ruled") and last_call < x.number < n for x in events)
    nxt = next((c for c in calls if c.number > n), None)
    if nxt is not None:
        f["next_call_idx"], f["next_call_seat"], f["next_call_side"] = nxt.number, nxt.seat.value, nxt.seat.side
        f["call_before_director"] = d_next is None or nxt.number < d_next
    for x in after:
        if x.kind in ("ruled", "accepts", "replaces"):
            break
        if x.kind == "call":
            f["call_before_ruling_idx"] = x.number
            break
    who = e.seat if e.seat is not None else (Seat.parse(e.get("by")) if e.get("by") else None)
    if who is not None:
        opp = next((c for c in calls if c.number > n and c.seat.side != who.side), None)
        if opp is not None and (d_next is None or opp.number < d_next):
            f["opp_call_before_director_idx"] = opp.number
    if e.get("offender"):
        off = Seat.parse(e.get("offender"))
        f["offender_side"] = off.side
        if e.get("by"):
            f["by_offending_side"] = Seat.parse(e.get("by")).side == off.side


def _cards_out_both_sides(n: int, calls, happened) -> bool:
    """Whether, before event ``n``, a player of each side had taken cards out of the board: a
    call, a hand taken out (``hands-taken-out``, ``hand-from-wrong-pocket``), or a hand counted."""
    sides = {c.seat.side for c in calls if c.number < n}
    for x in happened:
        if x.number < n:
            if x.happened == "hands-taken-out":
                sides.add(x.get("side"))
            elif x.happened in ("hand-from-wrong-pocket", "hand-count") and x.seat is not None:
                sides.add(x.seat.side)
            elif x.happened in ("opening-lead-faced", "play-ended", "hands-returned"):
                sides |= {"NS", "EW"}
    return {"NS", "EW"} <= sides


def _seen_card_context(f: dict, e: Event, events: list[Event], calls: list[Event]) -> None:
    """Fields of a ``card-exposed`` or ``card-seen`` fact about when the director came and who
    called in between (mechanics only; Law 24 reads them).

    ``director_at_idx``: the first director event (called or ruled) after it, or one past the
    last event when the case has none (the director is ruling now). For ``card-exposed``:
    ``partner_next_after_director_idx``/``_call``: the exposer's partner's first call after that
    director event. For ``card-seen``: ``holder_partner``, ``holder_side`` (of the player whose
    card was seen, ``of``) and ``holder_partner_next_after_director_idx``/``_call``.
    """
    if e.happened not in ("card-exposed", "card-seen"):
        return
    n = e.number
    d_at = next((x.number for x in events if x.number > n and x.kind in ("director", "ruled")),
                (events[-1].number + 1) if events else n + 1)
    f["director_at_idx"] = d_at
    holder = e.seat if e.happened == "card-exposed" else (Seat.parse(e.get("of")) if e.get("of") else None)
    if holder is None:
        return
    key = "partner_next_after_director" if e.happened == "card-exposed" else "holder_partner_next_after_director"
    if e.happened == "card-seen":
        f["holder_partner"], f["holder_side"] = holder.partner.value, holder.side
    pn = next((c for c in calls if c.seat == holder.partner and c.number > d_at), None)
    if pn is not None:
        f[key + "_idx"], f[key + "_call"] = pn.number, str(pn.call)


def _auction_context(f: dict, e: Event, calls: list[Event]) -> None:
    """Fields of a ``happened`` fact about the calls around it (mechanics only).

    For the player the event is about (``seat``, else ``by``): ``actor`` (that seat),
    ``actor_side``, ``actor_partner``, ``actor_last_idx``/``actor_last_call``/``actor_last_kind``
    (his last call event before it), ``actor_next_idx`` (his next call event after it),
    ``partner_next_idx``/``partner_next_call`` (his partner's next call event after it), ``partner_last_idx``.
    For ``explanation``/``failure-to-alert``/``unexpected-alert``: ``explained_idx``, the
    call explained (the explainer's partner's last call named ``call``, or his last call).
    For ``card-exposed``: ``exposed`` (the cards, space-separated), ``count``, and for a
    single card ``rank`` (A K Q J T 9 ... 2) and ``suit``.
    """
    who = e.seat if e.seat is not None else (Seat.parse(e.get("by")) if e.get("by") else None)
    n = e.number
    if e.happened in ("card-exposed", "card-seen"):
        cards = list(e.get("exposed") or ())
        if cards:
            f["exposed"], f["count"] = " ".join(cards), len(cards)
            if len(cards) == 1:
                f["suit"], f["rank"] = cards[0][0], cards[0][1]
        else:                                   # a card seen, the case not saying which
            f["exposed"] = "the card"
    if who is None:
        return
    f["actor"], f["actor_side"], f["actor_partner"] = who.value, who.side, who.partner.value
    mine_before = [c for c in calls if c.seat == who and c.number < n]
    if mine_before:
        last = mine_before[-1]
        f["actor_last_idx"], f["actor_last_call"], f["actor_last_kind"] = last.number, str(last.call), last.call.kind
    nxt = next((c for c in calls if c.seat == who and c.number > n), None)
    if nxt is not None:
        f["actor_next_idx"] = nxt.number
    pn = next((c for c in calls if c.seat == who.partner and c.number > n), None)
    if pn is not None:
        f["partner_next_idx"], f["partner_next_call"] = pn.number, str(pn.call)
    pl = [c for c in calls if c.seat == who.partner and c.number < n]
    if pl:
        f["partner_last_idx"] = pl[-1].number
    if e.happened in ("explanation", "failure-to-alert", "unexpected-alert") and pl:
        named = e.get("call")
        target = next((c for c in reversed(pl) if named is None or str(c.call) == named), None)
        if target is not None:
            f["explained_idx"] = target.number


_COUNT_EVENTS = ("hand-count", "surplus-card")


def _count_discovery(case) -> int | None:
    """Event number of the first hand count (or surplus card) showing a hand not of 13 cards,
    the discovery ``_count_facts`` dates a ``count-discrepancy`` from; None if there is none."""
    for e in case.events:
        if e.kind == "happened" and e.happened in _COUNT_EVENTS:
            if e.happened == "surplus-card" or e.get("cards") != 13:
                return e.number
    return None


def _count_facts(case, happened, add, stage_at, called_before, first_auction_begun) -> None:
    """Cards per hand (hand-count and surplus-card events, then the pockets) -> ``hand-count``
    facts for every hand not holding 13 and one ``count-discrepancy`` at the discovery."""
    counts: dict[Seat, int] = {}
    found: dict[Seat, object] = {}
    discovery = None
    surplus_played = False
    for e in happened:
        if e.happened == "hand-count":
            counts[e.seat] = e.get("cards")
        elif e.happened == "surplus-card":
            counts.setdefault(e.seat, 14)
            surplus_played = surplus_played or bool(e.get("played"))
        else:
            continue
        found.setdefault(e.seat, e)
        if discovery is None and counts[e.seat] != 13:
            discovery = e
    pockets = (getattr(case, "setting", {}) or {}).get("pockets")
    if pockets is not None:
        for seat, n in pockets.cards_per_hand().items():
            counts.setdefault(seat, n)
    if discovery is None:
        if pockets is None or all(n == 13 for n in counts.values()):
            return
        discovery = next((e for e in case.events if e.kind in ("director", "ruled")), case.events[-1])
    n = discovery.number
    long = [s for s in Seat.order() if counts.get(s, 13) > 13]
    short = [s for s in Seat.order() if counts.get(s, 13) < 13]
    kind = ("too-many-and-too-few" if long and short else "too-few-only" if short else "too-many-only")
    for s in long + short:
        src = found.get(s, discovery)
        add({"t": "hand-count", "fid": f"count-{s.value}", "idx": n, "seat": s.value, "cards": counts[s],
             "called": called_before(s, n), "side": s.side},
            Source(src.number, src.line, f"{s.value} holds {counts[s]} cards"))
    # a card known not to belong to this deal: a surplus-card event, or pockets holding more
    # than the 52 cards of one pack
    total = sum(pockets.cards_per_hand().values()) if pockets is not None else 0
    identified = any(e.happened == "surplus-card" for e in happened) or total > 52
    add({"t": "count-discrepancy", "fid": "count-discrepancy", "idx": n, "kind": kind,
         "surplus_identified": identified,
         "long": " ".join(s.value for s in long), "short": " ".join(s.value for s in short),
         "short_partner": " ".join(s.partner.value for s in short),
         "faulty_called": any(called_before(s, n) for s in long + short), "stage": stage_at(n),
         "first_auction_begun": first_auction_begun(n), "surplus_played": surplus_played},
        Source(n, discovery.line, "cards per hand: " + ", ".join(
            f"{s.value} {counts.get(s, 13)}" for s in Seat.order())))


def _surplus_in_deal_facts(case, happened, add) -> None:
    """A surplus card the case's own deal gives to another hand, whose cards the case does not
    count (no hand count, no pockets): ``surplus-card-dealt`` (idx, seat, card, holder). Whether
    that hand still holds its card decides between a card from elsewhere (13C) and the holder's
    own card in the wrong hand (13B: fourteen and twelve) (hostile-2026-12-05c F16)."""
    setting = getattr(case, "setting", {}) or {}
    deal = setting.get("deal")
    if deal is None or setting.get("pockets") is not None:
        return
    from bridge_director.bridge.pbn import Card
    counted = {e.seat for e in happened if e.happened == "hand-count"}
    for e in happened:
        if e.happened != "surplus-card" or not e.get("card"):
            continue
        try:
            holders = deal.holders_of(Card.parse(str(e.get("card"))))
        except ValueError:
            continue
        for h in holders:
            if h != e.seat and h not in counted:
                add({"t": "surplus-card-dealt", "fid": f"surplus-dealt-{e.number}-{h.value}", "idx": e.number,
                     "seat": e.seat.value, "card": str(e.get("card")), "holder": h.value},
                    Source(e.number, e.line, f"the deal gives {e.get('card')} to {h.value}"))


def _card_location_facts(case, add) -> None:
    """Which pocket holds a card that belongs elsewhere (needs ``deal`` and ``pockets``)."""
    setting = getattr(case, "setting", {}) or {}
    deal, pockets = setting.get("deal"), setting.get("pockets")
    if pockets is None:
        return
    k = 0

    def emit(card, status, held_by="", belongs_to=""):
        nonlocal k
        k += 1
        add({"t": "card-location", "fid": f"card{k}", "card": str(card), "status": status,
             "held_by": held_by, "belongs_to": belongs_to},
            Source(None, 1, f"{card}: {status}" + (f", in {held_by}'s pocket" if held_by else "")
                   + (f", belongs to {belongs_to}" if belongs_to else "")))
    seen = set()
    for seat in Seat.order():
        for card in pockets.hand(seat).cards():
            owner = deal.holder_of(card) if deal is not None else None
            if card in seen or (deal is not None and owner is not None and owner != seat
                                and owner in pockets.holders_of(card)):
                emit(card, "surplus", seat.value)      # a second copy of a card
            elif deal is not None and owner != seat:
                emit(card, "misplaced", seat.value, owner.value if owner else "")
            seen.add(card)
    for card in pockets.missing_cards():
        owner = deal.holder_of(card) if deal is not None else None
        emit(card, "missing", "", owner.value if owner else "")


def _wrong_board_facts(case, happened, calls, add) -> None:
    """For a player found holding another board's cards: their first call on them, whether their
    partner has called since; for a later call on the board the cards came from: whether it is
    the same call."""
    firsts: dict[Seat, Event] = {}
    for e in happened:
        if e.happened == "wrong-board":
            mine = [c for c in calls if c.seat == e.seat and c.number < e.number]
            first = mine[0] if mine else None
            if first is not None:
                firsts[e.seat] = first
            add({"t": "wrong-board-cards", "fid": f"wb{e.number}", "idx": e.number, "seat": e.seat.value,
                 "board": e.get("board"), "partner": e.seat.partner.value, "side": e.seat.side,
                 "first_call": first.number if first else 0, "first_call_text": str(first.call) if first else "",
                 "partner_called_since": bool(first) and any(
                     c.seat == e.seat.partner and first.number < c.number < e.number for c in calls)},
                Source(e.number, e.line, f"{e.seat.value} holds the cards of board {e.get('board')}"))
        elif e.happened == "call-on-source-board" and e.seat in firsts:
            first = firsts[e.seat]
            add({"t": "source-board-call", "fid": f"sb{e.number}", "idx": e.number, "seat": e.seat.value,
                 "call": e.get("call"), "cancelled_call": str(first.call), "same": e.get("call") == str(first.call)},
                Source(e.number, e.line, f"{e.seat.value} calls {e.get('call')} on the board the cards came from"))


def _register_facts(case, add) -> None:
    """Whether the deal is in the deal register under another session: the intake looked it up
    (``setting["registered_elsewhere"]``, see bridge_director.case.load); only the first entry
    becomes a fact."""
    setting = getattr(case, "setting", {}) or {}
    for session, board in (setting.get("registered_elsewhere") or ())[:1]:
        add({"t": "deal-registered-elsewhere", "fid": "registered", "session": session, "board": board},
            Source(None, 1, f"the register has this deal as board {board} of session {session}"))


_NEXT_KEYS = ("next_idx", "next_seat", "next_rel", "next_by_turn_player", "next_is_replacement")


def _skip_simultaneous_partner(e: Event, f: dict, rest: dict, order, call_facts: dict) -> dict:
    """The next call after ``e``, when the call written just after it was made at the same
    moment (``simultaneous_with``) and at the same turn, neither being by the player whose
    turn it was: that call did not come after ``e``, so what came next is what came after
    it. (Mechanics: the order of calls in time.)"""
    n = rest.get("next_idx")
    nf = call_facts.get(n) if n is not None else None
    if nf is None or f.get("rel") == "self":
        return rest
    _, rest_n = order.after[n]
    if (rest_n.get("simultaneous_with") != e.seat.letter or nf.get("turn") != f.get("turn")
            or nf.get("rel") == "self"):     # one of them in turn: Law 33's order, as written
        return rest
    out = {k: v for k, v in rest.items() if k not in _NEXT_KEYS}
    out["director_before_next"] = rest_n.get("director_before_next", rest.get("director_before_next"))
    out["ruled_before_next"] = rest_n.get("ruled_before_next", rest.get("ruled_before_next"))
    if "next_idx" in rest_n:
        out["next_idx"], out["next_seat"] = rest_n["next_idx"], rest_n["next_seat"]
        out["next_rel"] = relation(rest_n["next_seat"], to=e.seat)
        out["next_by_turn_player"] = None
        out["next_is_replacement"] = rest_n.get("next_is_replacement", False)
    return out

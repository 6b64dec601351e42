"""Case -> base facts for the engine, each remembering the case event (and line) it came from.

Only mechanics are computed here: whose turn it was, how the caller sits relative to that
player, what the last bid was, whether a bid is sufficient and the lowest sufficient bid in
its denomination, who called next, whether a double or redouble was admissible. Whether any
of that makes a call accepted, cancelled or penalised is for the rules.

The auction is replayed over the calls that stand. Which calls stand is the law's business:
the caller passes ``cancelled`` (event numbers the rules have cancelled, from the previous
round of inference) and the replay simply leaves those out, so the turn reverts to the
player whose turn it was. A replacement (``{seat, replaces, with}``) takes the place of the
call it replaces unless it is itself cancelled.

Fact shapes (all carry ``t`` = type and ``fid`` = a unique id):

* ``board``: dealer, vul (None/NS/EW/Both or 'unknown').
* ``call``: idx (event number), seat, call, kind (bid/pass/double/redouble), level, denom
  (bids only), lho, rho, partner, side, turn (seat whose turn it was), rel (what the caller is
  to that player: self/lho/partner/rho), prev_called, any_bid_before, last_bid (if any),
  sufficient and lowest_same (bids only), above_seven, admissible (doubles/redoubles),
  replaces (event number of the call it replaces, replacements only), next_idx/next_seat/
  next_rel (the next call event not replacing this one, and what its caller is to this
  caller), director_before_next (the director was called after it, before the next call),
  director_before (replacements: the director was called between the original and it),
  final (no call event follows).
* ``decision``: idx, seat, accepts, of (event number decided on), rel (decider to that caller).
* ``director-called``: idx, after (event number of the last call before it, 0 if none).
* ``judgement``: of (event number), prop, value.
* ``case``: last_idx, events.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .case import Case, Event
from .table import Call, Seat, double_admissible, is_sufficient, lowest_sufficient, redouble_admissible, relation


@dataclass(frozen=True)
class Source:
    """Where a base fact came from: the event number (None for board/case facts) and line."""

    event: Optional[int]
    line: int
    what: str


@dataclass
class Facts:
    """Base facts of a case and their provenance.

    Attributes:
        facts: list of fact dicts for the engine.
        sources: fid -> Source.
    """

    facts: list[dict]
    sources: dict[str, Source]


def _describe(e: Event) -> str:
    if e.kind == "call":
        return f"{e.seat.value} {e.call}"
    if e.kind == "replaces":
        return f"{e.seat.value} replaces {e.replaces} with {e.call}"
    if e.kind == "accepts":
        return f"{e.seat.value} {'accepts' if e.accepts else 'does not accept'}" + (f" {e.call}" if e.call else "")
    return "director called" + (f" by {e.seat.value}" if e.seat else "")


def derive(case: Case, cancelled: frozenset[int] = frozenset()) -> Facts:
    """Compute the base facts of ``case``.

    Args:
        case: a validated Case.
        cancelled: event numbers of calls the rules have cancelled (left out of the replay).
    Returns:
        Facts (facts and their sources).
    """
    facts: list[dict] = []
    sources: dict[str, Source] = {}

    def add(fact: dict, src: Source) -> dict:
        facts.append(fact)
        sources[fact["fid"]] = src
        return fact

    add({"t": "board", "fid": "board", "dealer": case.dealer.value, "vul": case.vulnerability or "unknown",
         "number": case.board.number if case.board else 0}, Source(None, 1, "board"))
    add({"t": "case", "fid": "case", "last_idx": len(case.events), "events": len(case.events)},
        Source(None, 1, "case"))

    call_events = [e for e in case.events if e.kind in ("call", "replaces")]
    standing: list[tuple[int, Seat, Call]] = []      # (event number, seat, call)
    turn_at: dict[int, Seat] = {}
    call_facts: dict[int, dict] = {}

    def context_facts(e: Event, before: list[tuple[int, Seat, Call]], turn: Seat) -> dict:
        seat, call = e.seat, e.call
        f: dict[str, Any] = {
            "t": "call", "fid": f"e{e.number}", "idx": e.number, "seat": seat.value, "call": str(call),
            "kind": call.kind, "lho": seat.lho.value, "rho": seat.rho.value, "partner": seat.partner.value,
            "side": seat.side, "turn": turn.value, "rel": relation(seat, to=turn),
            "prev_called": any(s == seat for _, s, _ in before),
            "any_bid_before": any(c.is_bid for _, _, c in before),
        }
        last = next((c for _, _, c in reversed(before) if c.is_bid), None)
        if last is not None:
            f["last_bid"] = str(last)
        if call.is_bid:
            f["level"] = call.level
            f["denom"] = call.denomination.value
            f["sufficient"] = is_sufficient(call, last)
            f["lowest_same"] = str(lowest_sufficient(call.denomination, last))
            f["above_seven"] = call.above_seven
        elif call.kind == "double":
            f["admissible"] = double_admissible([(s, c) for _, s, c in before], seat)
        elif call.kind == "redouble":
            f["admissible"] = redouble_admissible([(s, c) for _, s, c in before], seat)
        return f

    for e in call_events:
        if e.kind == "call":
            turn = case.dealer if not standing else standing[-1][1].lho
            f = context_facts(e, standing, turn)
            if e.number not in cancelled:
                standing.append((e.number, e.seat, e.call))
        else:
            pos = next((i for i in range(len(standing) - 1, -1, -1)
                        if standing[i][1] == e.seat and standing[i][2] == e.replaces), None)
            orig_no = standing[pos][0] if pos is not None else next(
                x.number for x in reversed(call_events[:call_events.index(e)])
                if x.seat == e.seat and x.call == e.replaces)
            before = standing[:pos] if pos is not None else list(standing)
            turn = turn_at[orig_no]
            f = context_facts(e, before, turn)
            f["replaces"] = orig_no
            between = [x for x in case.events if orig_no < x.number < e.number]
            f["director_before"] = any(x.kind == "director" for x in between)
            if e.number not in cancelled and pos is not None:
                standing[pos] = (e.number, e.seat, e.call)
        turn_at[e.number] = turn
        call_facts[e.number] = f
        add(f, Source(e.number, e.line, _describe(e)))

    # what came next: the next call event that is not a replacement of this call
    for e in call_events:
        f = call_facts[e.number]
        later = [x for x in call_events if x.number > e.number
                 and not (x.kind == "replaces" and call_facts[x.number].get("replaces") == e.number)]
        if later:
            nxt = later[0]
            f["next_idx"], f["next_seat"] = nxt.number, nxt.seat.value
            f["next_rel"] = relation(nxt.seat, to=e.seat)
            f["next_is_replacement"] = nxt.kind == "replaces"
            f["director_before_next"] = any(x.kind == "director" for x in case.events if e.number < x.number < nxt.number)
        else:
            f["director_before_next"] = any(x.kind == "director" for x in case.events if x.number > e.number)
        f["final"] = not any(x.number > e.number for x in call_events)

    for e in case.events:
        if e.kind == "accepts":
            prior = [x for x in call_events if x.number < e.number and (e.call is None or x.call == e.call)]
            target = prior[-1]
            add({"t": "decision", "fid": f"e{e.number}", "idx": e.number, "seat": e.seat.value,
                 "accepts": e.accepts, "of": target.number, "rel": relation(e.seat, to=target.seat)},
                Source(e.number, e.line, _describe(e)))
        elif e.kind == "director":
            prior = [x.number for x in call_events if x.number < e.number]
            add({"t": "director-called", "fid": f"e{e.number}", "idx": e.number, "after": prior[-1] if prior else 0},
                Source(e.number, e.line, _describe(e)))

    for j in case.judgements:
        ev = case.events[j.event - 1]
        add({"t": "judgement", "fid": f"j{j.event}-{j.prop}", "of": j.event, "prop": j.prop, "value": j.value},
            Source(j.event, j.line, f"judgement: {ev.seat.value} {ev.call} {j.prop} = {str(j.value).lower()}"))
    return Facts(facts, sources)

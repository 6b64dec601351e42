"""Random case files: auctions with irregularities, decisions, judgements and happened: events.

``generate(rng) -> str`` writes one case file (YAML text) from a :class:`random.Random`; the
same seed always gives the same case. The tests drive it through Hypothesis
(``st.randoms(use_true_random=False)``, so failures shrink and replay); ``tools/sweep.py``
drives it with numbered seeds. Only mechanics here: who is next in rotation, which bid is
sufficient, which double is admissible; never what the Laws make of it.

Every case generated is valid input (the case loader accepts it): decisions follow a call,
replacements replace the replacer's own call, judgements name calls that were made, a call
on the source board follows a wrong-board event.
"""
from __future__ import annotations

import random
import typing

from bridge_director.case.judgements import ON as JUDGED_ON
from bridge_director.case.shapes import DIRECTOR_INSTRUCTIONS, HAPPENED, HAPPENED_FIELDS, JUDGEMENT_PROPS
from bridge_director.bridge.table import Board, Call, Seat, double_admissible, is_sufficient, redouble_admissible

SEATS = ("N", "E", "S", "W")
DENOMS = ("C", "D", "H", "S", "NT")
#: judgements about calls, and about other events (those the case format lists that exist now)
CALL_PROPS = tuple(p for p in ("artificial", "comparable", "unintended", "could-have-known", "damaged", "specifies",
                               "suggested", "logical-alternative", "influenced", "gained") if p in JUDGEMENT_PROPS)
EVENT_PROPS = tuple(p for p, what in JUDGEMENT_PROPS.items()
                    if p not in CALL_PROPS and "event" in what and what.startswith("bool"))
SIDE_PROPS = tuple(p for p, what in JUDGEMENT_PROPS.items()
                   if p not in CALL_PROPS and what.startswith("list of sides"))
#: happened codes about the auction and play that mix with calls (the rest are drawn rarely)
COMMON_HAPPENED = ("opening-lead-faced", "play-ended", "hands-returned", "card-seen", "overheard",
                   "hand-count", "wrong-board", "touched-other-hand", "hands-taken-out")


def _bid(level: int, denom: str) -> str:
    return f"{level}{denom}"


def _next_seat(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


class _Auction:
    """The calls as written so far, replayed naively (every call stands, in file order):
    enough to draw calls that are in turn, sufficient, insufficient or inadmissible."""

    def __init__(self, dealer: str):
        self.dealer = dealer
        self.calls: list[tuple[str, str]] = []     # (seat, call) in file order

    def turn(self) -> str:
        return self.dealer if not self.calls else _next_seat(self.calls[-1][0])

    def last_bid(self) -> Call | None:
        for _, c in reversed(self.calls):
            call = Call.parse(c)
            if call.is_bid:
                return call
        return None

    def admissible(self, seat: str, kind: str) -> bool:
        seq = [(Seat(s), Call.parse(c)) for s, c in self.calls]
        return (double_admissible if kind == "X" else redouble_admissible)(seq, Seat(seat))


def _draw_call(rng: random.Random, auction: _Auction, seat: str) -> str:
    """A call for ``seat``: mostly passes and sufficient bids, sometimes an insufficient bid,
    a double or redouble (admissible or not), or a bid above seven."""
    last = auction.last_bid()
    r = rng.random()
    if r < 0.38:
        return "Pass"
    if r < 0.62:                                # a sufficient bid near the last one
        options = [_bid(lv, d) for lv in range(1, 8) for d in DENOMS
                   if is_sufficient(Call.parse(_bid(lv, d)), last)]
        return rng.choice(options[:8]) if options else "Pass"
    if r < 0.78:                                # an insufficient bid, when there can be one
        options = [_bid(lv, d) for lv in range(1, 8) for d in DENOMS
                   if last is not None and not is_sufficient(Call.parse(_bid(lv, d)), last)]
        return rng.choice(options[-8:]) if options else _bid(1, rng.choice(DENOMS))
    if r < 0.88:
        return "X"
    if r < 0.95:
        return "XX"
    return _bid(rng.choice((8, 8, 9)), rng.choice(DENOMS))


def _happened(rng: random.Random, events: list[dict], board: int) -> dict | None:
    """One ``happened:`` event with its required fields (and some optional ones)."""
    code = rng.choice(COMMON_HAPPENED) if rng.random() < 0.7 else rng.choice(sorted(HAPPENED))
    required, optional, _ = HAPPENED[code]
    ev: dict = {"happened": code}
    if code == "call-on-source-board":
        wrong = [e["seat"] for e in events if e.get("happened") == "wrong-board"]
        if not wrong:
            return None
        ev["seat"] = rng.choice(wrong)
    if code == "misstated-double":
        last: dict = {}
        for e in events:
            if "seat" in e and ("call" in e or "with" in e) and "accepts" not in e:
                last[e["seat"]] = e.get("with", e.get("call"))
        doublers = [seat for seat, call in last.items() if call in ("X", "XX")]
        if not doublers:
            return None
        ev["seat"] = rng.choice(doublers)
    for name in required + tuple(o for o in optional if rng.random() < 0.3):
        if name in ev:
            continue
        ev[name] = _field(rng, name, ev, board)
    if code in ("explanation", "failure-to-alert", "unexpected-alert"):
        return _about_partners_call(ev, events)
    return ev


def _about_partners_call(ev: dict, events: list[dict]) -> dict:
    """An explanation or alert made about a call of the player's partner (case/load refuses
    any other: tester11 row 20), put right from the draws already made and without another
    (so the stream of draws, and every other generated case, stays as it was): the call named,
    if one was drawn, becomes partner's last call; a player whose partner has not called gives
    way to one whose partner has; before any call, the event becomes a hesitation (one event
    all the same, so that the cases drawn after it stay as they were)."""
    last: dict = {}
    for e in events:
        if "seat" in e and ("call" in e or "with" in e) and "accepts" not in e and "happened" not in e:
            last[e["seat"]] = e.get("with", e.get("call"))
    partner = SEATS[(SEATS.index(ev["by"]) + 2) % 4]
    if partner not in last:
        if not last:                # no one has called: a hesitation of the same player instead
            return {"happened": "hesitation", "seat": ev["by"]}
        partner = next(s for s in SEATS if s in last)
        ev["by"] = SEATS[(SEATS.index(partner) + 2) % 4]
    if "call" in ev:
        ev["call"] = last[partner]
    return ev


def _field(rng: random.Random, name: str, ev: dict, board: int):
    if name in ("seat", "by", "of", "pocket", "offender"):
        other = {"of": ev.get("by"), "pocket": ev.get("seat")}.get(name)
        return rng.choice([s for s in SEATS if s != other])
    if name == "side":
        return rng.choice(("NS", "EW"))
    if name == "board":
        if ev.get("happened") == "wrong-board":        # a hand from another board: never this one
            return rng.choice((board % 32 + 1, board % 32 + 1, board % 32 + 2, board % 32 + 2))
        return rng.choice((board, board, board % 32 + 1, board % 32 + 2))
    if name == "cards":
        return rng.choice((12, 14, 13, 11, 15))
    if name == "card":
        return rng.choice("SHDC") + rng.choice("AKQJT98765432")
    if name == "call":
        return rng.choice(("Pass", "1H", "2C", "1NT", "X"))
    if name == "session":
        return rng.choice(("S1", "S2"))
    if name == "what":
        return rng.choice(DIRECTOR_INSTRUCTIONS)
    if name == "where":
        return rng.choice(("played-cards", "elsewhere"))
    if name == "played_by":
        return sorted(rng.sample(SEATS, rng.choice((0, 2, 2, 4))), key=SEATS.index)
    if name == "played":
        return rng.random() < 0.5
    if name == "exposed":
        # each card once (the case loader refuses a card named twice); the same draws as before
        return list(dict.fromkeys(rng.choice("SHDC") + rng.choice("AKQJT98765432")
                                  for _ in range(rng.choice((1, 1, 2)))))
    if name == "words":
        return "a remark"
    # a field added to bridge_director.case.load.HAPPENED_FIELDS since: a value of its type
    typ = HAPPENED_FIELDS[name][0]
    choices = typing.get_args(typ)
    if typing.get_origin(typ) is typing.Literal and choices:
        return rng.choice(choices)
    if typ is bool:
        return rng.random() < 0.5
    if typ is int:
        return 1
    if typ is str:
        return "x"
    return []


def _events(rng: random.Random, dealer: str, board: int) -> list[dict]:
    auction = _Auction(dealer)
    events: list[dict] = []
    made: list[tuple[str, str, int]] = []     # (seat, call, event number) of calls and replacements
    n = rng.choice((2, 3, 4, 4, 5, 6, 6, 7, 8, 9, 10, 12))
    if rng.random() < 0.15:
        events.append(_happened(rng, events, board) or {"director": "called"})
    while len(events) < n:
        r = rng.random()
        if r < 0.62 or not made:
            seat = auction.turn() if rng.random() < 0.75 else rng.choice(SEATS)
            call = _draw_call(rng, auction, seat)
            ev: dict = {"seat": seat, "call": call}
            prev = events[-1] if events else None
            if (prev is not None and "call" in prev and not {"accepts", "replaces", "happened"} & prev.keys()
                    and prev["seat"] != seat and rng.random() < 0.04):
                ev["simultaneous_with"] = prev["seat"]
            events.append(ev)
            auction.calls.append((seat, call))
            made.append((seat, call, len(events)))
        elif r < 0.74:
            events.append({"director": "called"} if rng.random() < 0.8 else
                          {"director": "called", "by": rng.choice(SEATS)})
        elif r < 0.86:
            seat, call, number = rng.choice(made[-3:])
            decider = rng.choice((Seat(seat).lho.value, Seat(seat).lho.value, rng.choice(SEATS)))
            ev = {"seat": decider, "accepts": rng.random() < 0.45}
            if rng.random() < 0.3:
                ev["call"] = call
                if sum(1 for m in made if m[1] == call) > 1:
                    ev["event"] = number          # a call made more than once is named by number
            elif rng.random() < 0.1:
                ev["event"] = number
            events.append(ev)
        elif r < 0.95:
            seat, old, _ = rng.choice(made[-3:])
            new = _draw_call(rng, auction, seat)
            if new == old:
                continue
            events.append({"seat": seat, "replaces": old, "with": new})
            made.append((seat, new, len(events)))
        else:
            h = _happened(rng, events, board)
            if h is not None:
                events.append(h)
    return events


def _judgements(rng: random.Random, events: list[dict]) -> dict:
    out: dict = {}
    # calls and replacements (not a happened: event that names a call, such as misstated-double)
    calls = [(i + 1, e) for i, e in enumerate(events) if "happened" not in e and (
             "call" in e and "seat" in e and "accepts" not in e or "replaces" in e)]
    happened = [(i + 1, e) for i, e in enumerate(events) if "happened" in e]
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        if calls and (not happened or rng.random() < 0.8):
            n, e = rng.choice(calls)
            seat, call = e["seat"], e.get("with", e.get("call"))
            same = [m for m, x in calls if x["seat"] == seat and x.get("with", x.get("call")) == call]
            prop = rng.choice(CALL_PROPS)
            if prop == "unintended" and "replaces" in e:
                # the question of intent is asked of the call replaced (the case format refuses
                # it on the replacement while that call is not judged): judge that call
                orig = next(((m, x) for m, x in reversed(calls) if m < n and x["seat"] == seat
                             and x.get("with", x.get("call")) == e["replaces"]), None)
                if orig is not None:
                    n, e = orig
                    call = e.get("with", e.get("call"))
                    same = [m for m, x in calls if x["seat"] == seat and x.get("with", x.get("call")) == call]
            key = f"{seat} {call} {prop}" if len(same) == 1 else f"event {n} {prop}"
            out[key] = (rng.sample(["C", "D", "H", "S", "NT"], rng.choice((1, 1, 2))) if prop == "specifies"
                        else rng.random() < 0.5)
        elif happened:
            n, e = rng.choice(happened)
            if SIDE_PROPS and rng.random() < 0.15:
                prop = rng.choice(SIDE_PROPS)       # put right as below, without another draw
                if e["happened"] not in JUDGED_ON.get(prop, (e["happened"],)):
                    prop = next(p for p in SIDE_PROPS if e["happened"] in JUDGED_ON.get(p, (e["happened"],)))
                out[f"event {n} {prop}"] = rng.sample(["NS", "EW"], rng.choice((0, 1, 1, 2)))
            else:
                # a property judged on one kind of event only on that kind (case/load refuses it
                # elsewhere): drawn as before, then put right without another draw, so that the
                # stream of draws, and so every other generated case, stays as it was
                prop = rng.choice(EVENT_PROPS)
                if e["happened"] not in JUDGED_ON.get(prop, (e["happened"],)):
                    prop = next(p for p in EVENT_PROPS if e["happened"] in JUDGED_ON.get(p, (e["happened"],)))
                out[f"event {n} {prop}"] = rng.random() < 0.5
    return out


def generate_data(rng: random.Random) -> dict:
    """One case as plain data (the shape of a case file)."""
    board = rng.randint(1, 32)
    data: dict = {"case": "generated", "title": "generated case", "source": "generated", "board": board}
    data["events"] = _events(rng, Board(board).dealer.value, board)
    judgement = _judgements(rng, data["events"])
    if judgement:
        data["judgement"] = judgement
    if rng.random() < 0.15:
        data["scoring"] = rng.choice(("pairs", "teams", "individual"))
    return data


def to_yaml(data: dict) -> str:
    """A case as YAML text, one event per line in flow style (as the cases in cases/ are)."""
    def flow(v) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(flow(x) for x in v) + "]"
        if isinstance(v, str) and (v in ("yes", "no", "on", "off", "null") or not v[:1].isalnum()):
            return f'"{v}"'
        return str(v)
    out = [f"{k}: {flow(data[k])}" for k in ("case", "title", "source", "board") if k in data]
    if "scoring" in data:
        out.append(f"scoring: {data['scoring']}")
    out.append("events:")
    for e in data["events"]:
        out.append("  - {" + ", ".join(f"{k}: {flow(v)}" for k, v in e.items()) + "}")
    if data.get("judgement"):
        out.append("judgement:")
        out += [f"  {k}: {flow(v)}" for k, v in data["judgement"].items()]
    return "\n".join(out) + "\n"


def generate(rng: random.Random) -> str:
    """One case file (YAML text) drawn from ``rng``."""
    return to_yaml(generate_data(rng))

"""The situations `director prove` rules: auctions, then the answers their rulings ask for.

A situation is case data (a dict as a case file holds it: board, events, judgement and case
settings), built without YAML. Board 1 throughout (North deals, nobody vulnerable): the
seats are enumerated relative to the dealer, so another board adds nothing but a rotation.
"""
from __future__ import annotations

import itertools
from typing import Iterator, Sequence

SEATS = "NESW"
#: the representative calls: a pass, bids low and high in several denominations, doubles,
#: redoubles and a bid above seven
CALL_SET = ("Pass", "1C", "1S", "1NT", "2C", "X", "XX", "8C")

Auction = tuple  # ((seat, call), ...)


def auctions(max_calls: int, calls: Sequence[str] = CALL_SET, rotation_only: bool = False) -> Iterator[Auction]:
    """Every auction of 1..``max_calls`` calls from ``calls``, shortest first.

    Each call is made by any of the four seats (``rotation_only``: only by the player whose
    turn it is in rotation after the previous caller, the dealer first).
    """
    for k in range(1, max_calls + 1):
        yield from auctions_of(k, calls, rotation_only)


def auctions_of(k: int, calls: Sequence[str] = CALL_SET, rotation_only: bool = False,
                prefix: Auction = ()) -> Iterator[Auction]:
    """Every auction of exactly ``k`` calls that starts with ``prefix``."""
    if len(prefix) >= k:
        if len(prefix) == k:
            yield prefix
        return
    if rotation_only:
        seat = SEATS[len(prefix) % 4]
        for call in calls:
            yield from auctions_of(k, calls, rotation_only, prefix + ((seat, call),))
        return
    for seat, call in itertools.product(SEATS, calls):
        yield from auctions_of(k, calls, rotation_only, prefix + ((seat, call),))


def count(max_calls: int, calls: Sequence[str] = CALL_SET, rotation_only: bool = False) -> int:
    """How many auctions :func:`auctions` yields."""
    per = len(calls) * (1 if rotation_only else 4)
    return sum(per ** k for k in range(1, max_calls + 1))


def auction_at(index: int, max_calls: int, calls: Sequence[str] = CALL_SET, rotation_only: bool = False) -> Auction:
    """The auction :func:`auctions` yields at position ``index`` (0-based), built without the
    ones before it: a chunk of work is a range of positions, small to send, and any stride of
    positions (every n-th) is a sample across every length and opening."""
    per = len(calls) * (1 if rotation_only else 4)
    k, rest = 1, index
    while k <= max_calls and rest >= per ** k:
        rest -= per ** k
        k += 1
    if k > max_calls or rest < 0:
        raise IndexError(f"auction {index}: there are {count(max_calls, calls, rotation_only)}")
    digits = []
    for _ in range(k):
        rest, d = divmod(rest, per)
        digits.append(d)
    digits.reverse()
    if rotation_only:
        return tuple((SEATS[i % 4], calls[d]) for i, d in enumerate(digits))
    return tuple((SEATS[d // len(calls)], calls[d % len(calls)]) for d in digits)


def case_data(auction: Auction) -> dict:
    """The case of ``auction``: its calls, then the director called."""
    events = [{"seat": s, "call": c} for s, c in auction] + [{"director": "called"}]
    return {"case": "prove", "title": "prove: " + " ".join(f"{s}:{c}" for s, c in auction),
            "source": "teaching", "edition": "duplicate-2017", "board": 1, "events": events}


def answered(data: dict, adds: dict) -> dict:
    """``data`` with what an answer adds (``{"judgement": ...}``, ``{"event": ...}``,
    ``{"setting": ...}``); a new dict, ``data`` is not changed."""
    out = dict(data)
    if adds.get("judgement"):
        out["judgement"] = {**data.get("judgement", {}), **adds["judgement"]}
    if adds.get("event"):
        out["events"] = [*data["events"], dict(adds["event"])]
    for k, v in (adds.get("setting") or {}).items():
        out[k] = v
    return out


def answers(question: dict, calls: Sequence[str] = CALL_SET) -> list[dict]:
    """What each answer to ``question`` adds (answers that add nothing, or that stand for
    events the director finds, are left out; an answer that takes a call gets each call of
    ``calls``)."""
    from bridge_director.ruling.questions import fill
    out = []
    for a in question["answers"]:
        if a.get("input") == "call":
            out += [fill(a["adds"], c) for c in calls]
        elif a.get("input") is None and a.get("adds"):
            out.append(a["adds"])
    return out


def to_yaml(data: dict) -> str:
    """A situation as a case file (to show the smallest example of a fault)."""
    import yaml
    return yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100)

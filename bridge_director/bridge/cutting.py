"""Cutting for a table (the club code of seed 003): the mechanics only.

A card for a cut is written as suit and rank (``SA``, ``H10`` or ``HT``, ``DK``). What a card is
worth in a cut, which players are tied, and who is lowest, next lowest and so on is computed
here; what follows from it (who plays, who partners whom, who deals, who goes out) is the
law, in ``rules/portland-bridge-c1909/``. The code's card order, which this module follows:
the ace is the lowest card, then 2 to 10, jack, queen, king; suits do not rank, so two cards of
the same rank are equal.

A table file::

    table: friday-club
    candidates: [Ann, Bob, Cy, Di, Ed]     # in order of arrival
    selection: {Ann: S4, Bob: HK, Cy: D9, Di: CA, Ed: C7}   # more than four candidates
    partners: {Ann: S2, Cy: H9, Di: D9, Ed: SQ}             # the four players cut again
    recut: {Cy: S3, Di: H8}                                 # the tied players' fresh cut
    rubber_end: {rubbers: {Ann: 3, Cy: 3, Di: 1, Ed: 3}, claimants: [Bob],
                 cut: {Ann: S5, Cy: HJ, Ed: D2}}

Facts (mechanics): ``candidate`` (name, arrival, count: how many candidates); ``sel`` (name,
place: 1 for the lowest card, tied cards sharing the lower place, tied: how many hold that
value, straddles: the tie crosses the fourth place); ``four`` (pattern of equal cards among the
four: distinct, top-two, bottom-two, middle-two, bottom-three, top-three, all-four; a b c d:
the four from lowest card up, ties in order of arrival; tie: the tied players' names;
r1 r2 r3: the recut from lowest up, when given; recut_tied); ``out`` (for the end of a rubber:
name, need (how many must go out), place by consecutive rubbers (1: most), tied_across
(that group of equal counts straddles the number that must go out), among_first (its place
is within the number that must go out), by_cut (place by the out cut, highest card first,
when given), room (how many places that group fills), cut_within_room (by_cut <= room)).
"""

from __future__ import annotations
import re
from dataclasses import dataclass, field
from pathlib import Path
from bridge_director.base.yamlpos import InputError, load, position


RANKS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "10": 10,
         "J": 11, "Q": 12, "K": 13}


CARD_RE = re.compile(r"^([SHDC])(A|K|Q|J|T|10|[2-9])$")


def card_value(text: str) -> int:
    """What a card is worth in a cut: ace 1, 2-10 face value, jack 11, queen 12, king 13.

    Raises:
        ValueError: not a card (suit S H D C, then A K Q J T/10 9 ... 2).
    """
    m = CARD_RE.match(str(text).strip().upper())
    if not m:
        raise ValueError(f"expected a card such as SA, H10 or DK (suit S, H, D or C, then A, K, Q, J, "
                         f"10 (or T), 9 ... 2), found {text!r}")
    return RANKS[m.group(2)]


def normal(text: str) -> str:
    m = CARD_RE.match(str(text).strip().upper())
    return m.group(1) + ("T" if m.group(2) == "10" else m.group(2))


def places(values: dict[str, int], order: list[str], high_first: bool = False) -> dict[str, int]:
    """Competition places: 1 for the lowest value (highest with ``high_first``), equal values
    sharing the better place."""
    key = (lambda n: -values[n]) if high_first else (lambda n: values[n])
    ranked = sorted(values, key=lambda n: (key(n), order.index(n)))
    out: dict[str, int] = {}
    for i, n in enumerate(ranked):
        out[n] = out[ranked[i - 1]] if i and key(ranked[i - 1]) == key(n) else i + 1
    return out


@dataclass
class Table:
    """A validated table file."""

    file: str
    name: str
    candidates: list[str]
    cuts: dict[str, dict[str, int]] = field(default_factory=dict)    # selection/partners/recut/out
    rubbers: dict[str, int] = field(default_factory=dict)
    claimants: list[str] = field(default_factory=list)


def _cut(file, data, key, allowed: list[str], need_all: bool) -> dict[str, int]:
    block = data.get(key)
    if not isinstance(block, dict) or not block:
        raise InputError(file, *position(data, key), key, "expected a mapping of player names to the cards they cut")
    seen: dict[str, str] = {}
    out = {}
    for name, card in block.items():
        if name not in allowed:
            raise InputError(file, *position(block, name), f"{key}.{name}",
                             f"expected one of {', '.join(allowed)}, found {name!r}")
        try:
            value = card_value(card)
        except ValueError as e:
            raise InputError(file, *position(block, name), f"{key}.{name}", str(e)) from None
        c = normal(card)
        if c in seen:
            raise InputError(file, *position(block, name), f"{key}.{name}",
                             f"{c} was already cut by {seen[c]}: everyone cuts from the same pack, so one card "
                             f"cannot be cut twice")
        seen[c] = name
        out[str(name)] = value
    if need_all and set(out) != set(allowed):
        missing = [n for n in allowed if n not in out]
        raise InputError(file, *position(data, key), key, f"every player cuts: no card for {', '.join(missing)}")
    return out


def load_table(path: str | Path) -> Table:
    """Read and validate a table file.

    Raises:
        InputError: file:line:col, field, what was expected (a card that does not exist, one
        card cut twice from a pack, fewer than four candidates, a name that is not a candidate).
    """
    file = str(path)
    data = load(path)
    if not isinstance(data, dict):
        raise InputError(file, 1, 1, "", "expected a table: a mapping with candidates and the cards they cut")
    known = {"table", "candidates", "selection", "partners", "recut", "rubber_end", "notes", "expect"}
    for k in data:
        if k not in known:
            raise InputError(file, *position(data, k), str(k), f"unknown key: expected one of {', '.join(sorted(known))}")
    cands = data.get("candidates")
    if not isinstance(cands, list) or any(not isinstance(c, str) or not c.strip() for c in cands):
        raise InputError(file, *position(data, "candidates"), "candidates",
                         "expected a list of names, in order of arrival")
    if len(set(cands)) != len(cands):
        raise InputError(file, *position(data, "candidates"), "candidates", "a name appears twice")
    if len(cands) < 4:
        raise InputError(file, *position(data, "candidates"), "candidates",
                         f"a table needs at least four candidates, found {len(cands)}")
    t = Table(file, str(data.get("table") or Path(file).stem), list(cands))
    players = cands
    if len(cands) == 4 and "selection" in data:
        _cut(file, data, "selection", cands, False)    # its cards are checked first: one error at a time
        raise InputError(file, *position(data, "selection"), "selection",
                         "with four candidates all four play, so there is no cut for the table: "
                         "put the cut for partners and deal under partners:")
    if len(cands) > 4 and ("selection" in data or "rubber_end" not in data):
        t.cuts["selection"] = _cut(file, data, "selection", cands, True)
        p = places(t.cuts["selection"], cands)
        players = [n for n in cands if p[n] <= 4]
    if "partners" in data:
        if len(players) != 4:
            raise InputError(file, *position(data, "partners"), "partners",
                             "the four who play are not settled (a tie across the fourth place): cut again first")
        t.cuts["partners"] = _cut(file, data, "partners", players, True)
    if "recut" in data:
        if "partners" not in t.cuts:
            raise InputError(file, *position(data, "recut"), "recut", "a recut needs the partners cut first")
        t.cuts["recut"] = _cut(file, data, "recut", players, False)
    if "rubber_end" in data:
        rb = data["rubber_end"]
        if not isinstance(rb, dict) or not isinstance(rb.get("rubbers"), dict) or not isinstance(rb.get("claimants"), list):
            raise InputError(file, *position(data, "rubber_end"), "rubber_end",
                             "expected {rubbers: {NAME: consecutive rubbers played}, claimants: [NAME ...], cut: {...}}")
        for n, v in rb["rubbers"].items():
            if n not in cands or isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise InputError(file, *position(rb["rubbers"], n), f"rubber_end.rubbers.{n}",
                                 "expected a candidate's name and a whole number of rubbers")
        if not 1 <= len(rb["claimants"]) <= 2 or any(c in rb["rubbers"] for c in rb["claimants"]):
            raise InputError(file, *position(rb, "claimants"), "rubber_end.claimants",
                             "expected one or two candidates claiming admission, not among those who played")
        t.rubbers = {str(k): v for k, v in rb["rubbers"].items()}
        t.claimants = [str(c) for c in rb["claimants"]]
        if "cut" in rb:
            t.cuts["out"] = _cut(file, rb, "cut", list(t.rubbers), False)
    return t

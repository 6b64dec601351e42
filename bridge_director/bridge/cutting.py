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

from .yamlpos import InputError, load, position

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


def facts(t: Table, lang: str = "en") -> list[dict]:
    """The table's facts for the engine (see the module docstring); lists of names are
    written in ``lang`` ("Ann, Bob and Cy" / "Ann, Bob e Cy")."""
    def _names(names: list[str]) -> str:
        return names_in(names, lang)
    out: list[dict] = []
    n = len(t.candidates)
    for i, name in enumerate(t.candidates, 1):
        out.append({"t": "candidate", "fid": f"c{i}", "name": name, "arrival": i, "count": n})
    players = t.candidates
    if "selection" in t.cuts:
        vals = t.cuts["selection"]
        p = places(vals, t.candidates)
        for name in t.candidates:
            tied = sum(1 for m in vals if vals[m] == vals[name])
            straddles = p[name] <= 4 < p[name] + tied - 1
            out.append({"t": "sel", "fid": f"s-{name}", "name": name, "place": p[name], "tied": tied,
                        "straddles": straddles, "count": n})
        players = [m for m in t.candidates if p[m] <= 4]
    if "partners" in t.cuts:
        vals = t.cuts["partners"]
        order = sorted(players, key=lambda m: (vals[m], t.candidates.index(m)))
        v = [vals[m] for m in order]
        eq = (v[0] == v[1], v[1] == v[2], v[2] == v[3])
        pattern = {(False, False, False): "distinct", (False, False, True): "top-two", (True, False, False): "bottom-two",
                   (False, True, False): "middle-two", (True, True, False): "bottom-three",
                   (False, True, True): "top-three", (True, True, True): "all-four",
                   (True, False, True): "two-pairs"}[eq]
        tied = [m for m in order if sum(1 for x in order if vals[x] == vals[m]) > 1]
        f = {"t": "four", "fid": "four", "pattern": pattern, "a": order[0], "b": order[1], "c": order[2],
             "d": order[3], "tie": _names(tied)}
        if "recut" in t.cuts:
            rv = t.cuts["recut"]
            rorder = sorted(rv, key=lambda m: (rv[m], t.candidates.index(m)))
            for k, m in enumerate(rorder[:3], 1):
                f[f"r{k}"] = m
            f["recut_tied"] = len(set(rv.values())) < len(rv)
            f["recut_of"] = _names(rorder)
        out.append(f)
    if t.claimants:
        need = len(t.claimants)
        rp = places(t.rubbers, t.candidates, high_first=True)
        for name, r in t.rubbers.items():
            group = [m for m in t.rubbers if t.rubbers[m] == r]
            better = sum(1 for m in t.rubbers if t.rubbers[m] > r)
            tied_across = better < need < better + len(group)
            f = {"t": "out", "fid": f"o-{name}", "name": name, "need": need, "place": rp[name],
                 "tied_across": tied_across, "room": need - better, "claimants": _names(t.claimants),
                 "rubbers": r, "among_first": rp[name] <= need}
            if tied_across and "out" in t.cuts and all(m in t.cuts["out"] for m in group):
                cv = {m: t.cuts["out"][m] for m in group}
                f["by_cut"] = places(cv, t.candidates, high_first=True)[name]
                f["cut_within_room"] = f["by_cut"] <= f["room"]
            out.append(f)
    return out


def names_in(names: list[str], lang: str = "en") -> str:
    """Names as a list in words: 'Ann', 'Ann and Bob', 'Ann, Bob and Cy' ('e' in Portuguese)."""
    from .i18n import gettext
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return gettext(lang)("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


EDITION = "portland-bridge-c1909"
SECTIONS = (("plays", "Who plays"), ("belongs-to-table", "Who plays"), ("first-vacancy", "Who plays"),
            ("cut-again", "To settle first"), ("partnership", "Partners and deal"), ("deals", "Partners and deal"),
            ("goes-out", "End of the rubber"), ("entry-right", "Entry and re-entry"),
            ("shuffle-right", "Shuffling"))


def rule(t: Table, lang: str = "en") -> list[dict]:
    """Run the club code's rules on the table: its lines (outcome, cite, who, text), in rulebook
    order; the texts in ``lang`` (the rules' ``text_pt`` for Portuguese)."""
    from . import api, inference
    from .i18n import outcome_words
    book = api.rulebook(EDITION)
    fs = facts(t, lang)
    result = inference.run(book, lambda status: fs)
    out, seen = [], set()
    for o in result.outcomes:
        key = (o.code, o.cite, o.who, o.text)
        if key not in seen:
            seen.add(key)
            text = o.text if lang == "en" else outcome_words(o.rule, o.firing, o.code, o.text, "", "", lang)[0]
            out.append({"outcome": o.code, "cite": o.cite, "for": o.who or None, "text": text, "rule": o.rule.id})
    return out


def render_text(t: Table, lines: list[dict], lang: str = "en") -> str:
    """The table's ruling for the players, grouped: who plays, what must be settled first,
    partners and deal, the end of the rubber, entry, shuffling; headings in ``lang``."""
    from .i18n import gettext
    from .ruling import _dotted, edition_title
    _ = gettext(lang)
    out = [_("Table {name} - {title} (no director: the players apply it)").format(
               name=t.name, title=_(edition_title(EDITION))),
           _("Candidates in order of arrival: ") + ", ".join(t.candidates)]
    groups: dict[str, list[dict]] = {}
    for code, title in SECTIONS:
        for ln in lines:
            if ln["outcome"] == code:
                groups.setdefault(_(title), []).append(ln)
    for title, lns in groups.items():
        out += ["", f"{title}:"]
        for ln in lns:
            out += _dotted("  - ", ln["text"], _("Law {cite}").format(cite=ln["cite"]))
    return "\n".join(out) + "\n"

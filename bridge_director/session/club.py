"""The club code of seed 003 at a table (``director table``): the facts of a table file for the
engine, the code's ruling, and its words for the players. The mechanics (card values, places,
the table file) are ``bridge_director.bridge.cutting``."""

from __future__ import annotations
from bridge_director.bridge.cutting import Table, places


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
    from bridge_director.ruling.i18n import gettext
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
    from bridge_director.session import api
    from bridge_director.infer import inference
    from bridge_director.ruling.i18n import outcome_words
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
    from bridge_director.ruling.i18n import gettext
    from bridge_director.ruling.cites import _dotted, edition_title
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

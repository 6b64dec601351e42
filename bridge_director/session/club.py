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
            straddles6 = 4 < p[name] <= 6 < p[name] + tied - 1
            out.append({"t": "sel", "fid": f"s-{name}", "name": name, "place": p[name], "tied": tied,
                        "straddles": straddles, "straddles6": straddles6, "count": n,
                        "group": _names([m for m in t.candidates if vals[m] == vals[name]])})
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
                # equal cards are a tie (suits do not rank): a set of equal cards that the last
                # place out falls inside is not settled by this cut (tester17 rows 43, 75)
                same = [m for m in t.candidates if m in cv and cv[m] == cv[name]]
                f["cut_straddles"] = f["by_cut"] <= f["room"] < f["by_cut"] + len(same) - 1
                f["cut_within_room"] = f["by_cut"] <= f["room"] and not f["cut_straddles"]
                f["cut_tie"] = _names(same)
                f["cut_places"] = f["room"] - f["by_cut"] + 1
                f["cut_tie_first"] = same[0] == name      # one line for the tied set
            out.append(f)
    out += _evening_facts(t, players, lang)
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
            ("goes-out", "End of the rubber"))
EVENING_SECTION = "Over the evening"     # the lines of the evening's events, in their order
EVENING_RULE = "pc-ev-"                   # the rules that read them


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
            at = next((f.get("idx") for f in (getattr(o, "facts", None) or []) if isinstance(f, dict)), None)
            out.append({"outcome": o.code, "cite": o.cite, "for": o.who or None, "text": text, "rule": o.rule.id,
                        "at": at if at is not None else _event_no(text)})
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
            if ln["outcome"] == code and not ln["rule"].startswith(EVENING_RULE):
                groups.setdefault(_(title), []).append(ln)
    evening = [ln for ln in lines if ln["rule"].startswith(EVENING_RULE)]
    if evening:
        groups[_(EVENING_SECTION)] = sorted(evening, key=lambda ln: (ln.get("at") or 0, "vacancy" in ln["rule"]))
    for title, lns in groups.items():
        out += ["", f"{title}:"]
        for ln in lns:
            out += _dotted("  - ", ln["text"], _("Law {cite}").format(cite=ln["cite"]))
    return "\n".join(out) + "\n"


_WORDS = {
    "en": {"at": "Event {n}", "below-the-table": "below the table", "card-face-seen": "so that a card's face was seen",
           "into-packets": "by dealing it into packets", "across-the-table": "across the table",
           "during-play": "during the play", "dealers-right": "to the dealer's right", "elsewhere": "elsewhere",
           "dealers-left": "to the dealer's left", "dealer-shuffling": "while the dealer shuffled",
           "dealer-presenting-the-cut": "while the dealer presented the pack to be cut",
           "another-player-shuffling": "while another player shuffled",
           "last-yes": ", and did", "last-no": ", after {last}", "last-none": "", "opponents": "the opponents"},
    "pt": {"at": "Evento {n}", "below-the-table": "abaixo da mesa", "card-face-seen": "de modo que se viu a face de uma carta",
           "into-packets": "distribuindo-o em montes", "across-the-table": "de um lado a outro da mesa",
           "during-play": "durante o jogo", "dealers-right": "à direita de quem dá as cartas", "elsewhere": "em outro lugar",
           "dealers-left": "à esquerda de quem dá as cartas", "dealer-shuffling": "enquanto quem dá as cartas embaralhava",
           "dealer-presenting-the-cut": "enquanto quem dá as cartas oferecia o baralho para o corte",
           "another-player-shuffling": "enquanto outro jogador embaralhava",
           "last-yes": ", e o fez", "last-no": ", depois de {last}", "last-none": "", "opponents": "os oponentes"},
}


def _evening_facts(t: Table, players: list[str], lang: str) -> list[dict]:
    """The facts of the evening's events (see bridge_director.bridge.cutting.EVENING): one ``ev``
    per event, and a ``vacancy`` when a player's place falls free (the player left after the
    rubber, or without a substitute, or joined another table): who is waiting from the cut
    (``next_cut``: the lowest card among those who cut but are not of the six) and who came
    in later (``next_arrival``)."""
    w = _WORDS.get(lang, _WORDS["en"])
    names = lambda xs: names_in(list(xs), lang)   # noqa: E731
    sel = t.cuts.get("selection", {})
    p = places(sel, t.candidates) if sel else {}
    members = [m for m in t.candidates if (p.get(m, 1) <= 6 if sel else True)]
    waiting = sorted([m for m in t.candidates if sel and p.get(m, 0) > 6], key=lambda m: (p[m], t.candidates.index(m)))
    arrivals: list[str] = []
    four = list(players) if len(players) == 4 else []
    out: list[dict] = []
    for h in t.evening:
        at = w["at"].format(n=h.idx)
        f = {"t": "ev", "fid": f"e{h.idx}", "idx": h.idx, "kind": h.kind, "who": h.who, "at": at}
        d = h.details
        vacancy = False
        if h.kind == "declares_in":
            f.update(cut_made=d["cut_made"], members=len(members))
            if not d["cut_made"] and len(members) < 6 and h.who not in members:   # as the file tells it: joined
                members.append(h.who)
                waiting = [m for m in waiting if m != h.who]
                arrivals = [m for m in arrivals if m != h.who]
        elif h.kind == "arrives":
            arrivals.append(h.who)
        elif h.kind == "leaves":
            others = [m for m in (four or members) if m != h.who][:3]
            missing = [m for m in others if m not in d["consent"]]
            f.update(rubber_over=d["rubber_over"], substitute=d["substitute"], others=names(others),
                     consent_all=not missing, missing=names(missing))
            vacancy = d["rubber_over"] or not d["substitute"]
        elif h.kind == "joins_other_table":
            vacancy = True
        elif h.kind == "breaks_up":
            rest = [m for m in members if m != h.who]
            f.update(rest=names(rest), n_rest=len(rest), places=-1 if d["places"] is None else d["places"],
                     short=d["places"] is not None and d["places"] < len(rest))
        elif h.kind == "new_table":
            f.update(fresh=names(d["fresh"]), elsewhere=names(d["elsewhere"]), has_fresh=bool(d["fresh"]),
                     has_elsewhere=bool(d["elsewhere"]))
        elif h.kind == "shuffle":
            f.update(how=d["how"], how_words=w[d["how"]])
        elif h.kind == "deal":
            sh = d["shuffles"]
            counted = sh[:-1] if sh and sh[-1] == h.who else sh
            twice = [m for m in dict.fromkeys(counted) if counted.count(m) > 1]
            last = sh[-1] if sh else ""
            opp = [m for m in four if m not in (h.who, d["partner"])]
            f.update(partner=d["partner"], collected_by=d["collected_by"], collected_ok=d["collected_by"] == d["partner"],
                     first=sh[0] if sh else "", first_ok=bool(sh) and sh[0] == d["partner"],
                     twice=names(twice), has_twice=bool(twice), pack_to=d["pack_to"] or "",
                     pack_words=w.get(d["pack_to"], "") if d["pack_to"] else "",
                     card_seen=d["card_seen"] or "", seen_words=w.get(d["card_seen"], "") if d["card_seen"] else "",
                     cut_by=d["cut_by"], opponents=names(opp) if len(opp) == 2 else w["opponents"],
                     last_words=(w["last-yes"] if last == h.who else w["last-no"].format(last=last)) if last else w["last-none"])
        out.append(f)
        if vacancy:
            if h.who in members:
                members.remove(h.who)
            nc = waiting[0] if waiting else ""
            na = arrivals[0] if not nc and arrivals else ""
            out.append({"t": "vacancy", "fid": f"v{h.idx}", "idx": h.idx, "at": at, "left": h.who,
                        "next_cut": nc, "next_arrival": na})
            if nc:
                waiting.remove(nc)
                members.append(nc)
            elif na:
                arrivals.remove(na)
                members.append(na)
    return out


def _event_no(text: str) -> int:
    """The event number a line of the evening begins with ('Event 3: ...', 'Evento 3: ...'); 0 if none."""
    import re
    m = re.match(r"^\w+ (\d+):", text)
    return int(m.group(1)) if m else 0

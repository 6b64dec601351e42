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
when given), room (how many places that group fills), cut_straddles (equal cards in the out
cut straddle the last place out: more hold that card than there are places left for them),
cut_within_room (by_cut <= room and not cut_straddles), cut_tie (the names holding that same
card), cut_places (how many places out are left for them), cut_tie_first (the first of them
in order of arrival)).
"""

from __future__ import annotations
import re
from dataclasses import dataclass, field
from pathlib import Path
from bridge_director.base.yamlpos import InputError, load, position, text_field


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
    evening: list = field(default_factory=list)      # Happening, in order


def _cut(file, data, key, allowed: list[str], need_all: bool, who: str = "", msg=None) -> dict[str, int]:
    """The cards of one cut, checked: names among ``allowed`` (``who`` says who they are),
    real cards, no card twice, and (``need_all``) one card for each of ``allowed``."""
    msg = msg or messages("en")
    block = data.get(key)
    if not isinstance(block, dict) or not block:
        raise InputError(file, *position(data, key), key, msg("cuts"))
    seen: dict[str, str] = {}
    out = {}
    for name, card in block.items():
        if name not in allowed:
            raise InputError(file, *position(block, name), f"{key}.{name}",
                             msg("one-of", names=", ".join(allowed), who=who, found=name))
        try:
            value = card_value(card)
        except ValueError:
            raise InputError(file, *position(block, name), f"{key}.{name}", msg("card", found=card)) from None
        c = normal(card)
        if c in seen:
            raise InputError(file, *position(block, name), f"{key}.{name}", msg("twice", card=c, by=seen[c]))
        seen[c] = name
        out[str(name)] = value
    if need_all and set(out) != set(allowed):
        missing = [n for n in allowed if n not in out]
        raise InputError(file, *position(data, key), key, msg("every-tied" if who else "every", names=", ".join(missing)))
    return out


def recut_group(values: dict[str, int], players: list[str]) -> list[str]:
    """The players of the partners cut whose equal cards must be cut again (in order of
    arrival): any group of equal cards but the two highest alone; with two pairs, the lower
    pair. [] when no one cuts again."""
    order = sorted(players, key=lambda m: (values[m], players.index(m)))
    groups: list[list[str]] = []
    for m in order:
        if groups and values[groups[-1][0]] == values[m]:
            groups[-1].append(m)
        else:
            groups.append([m])
    tied = [g for g in groups if len(g) > 1]
    if not tied:
        return []
    g = tied[0]
    if len(g) == 2 and g[-1] == order[-1] and g[0] == order[2]:
        return []        # the two highest are equal: they are partners, no recut
    return [m for m in players if m in g]


def load_table(path: str | Path, lang: str = "en") -> Table:
    """Read and validate a table file.

    Raises:
        InputError: file:line:col, field, what was expected (a card that does not exist, one
        card cut twice from a pack, fewer than four candidates, a name that is not a candidate).
    """
    file = str(path)
    msg = messages(lang)
    data = load(path)
    if not isinstance(data, dict):
        raise InputError(file, 1, 1, "", msg("table"))
    known = {"table", "candidates", "selection", "partners", "recut", "rubber_end", "evening", "notes", "expect"}
    for k in data:
        if k not in known:
            raise InputError(file, *position(data, k), str(k), msg("unknown", keys=", ".join(sorted(known))))
    cands = data.get("candidates")
    if isinstance(cands, list) and any(isinstance(c, bool) for c in cands):   # '- No': YAML's false
        raise InputError(file, *position(data, "candidates"), "candidates",
                         msg("bare", what=msg("candidates"),
                             found=str(next(c for c in cands if isinstance(c, bool))).lower()))
    if not isinstance(cands, list) or any(not isinstance(c, str) or not c.strip() for c in cands):
        raise InputError(file, *position(data, "candidates"), "candidates", msg("candidates"))
    if len(set(cands)) != len(cands):
        raise InputError(file, *position(data, "candidates"), "candidates", msg("name-twice"))
    if len(cands) < 4:
        raise InputError(file, *position(data, "candidates"), "candidates", msg("few", n=len(cands)))
    t = Table(file, text_field(data, "table", file, Path(file).stem), list(cands))
    players = cands
    if len(cands) == 4 and "selection" in data:
        _cut(file, data, "selection", cands, False, msg=msg)    # its cards are checked first: one error at a time
        raise InputError(file, *position(data, "selection"), "selection", msg("four-selection"))
    if len(cands) > 4 and ("selection" in data or "rubber_end" not in data):
        t.cuts["selection"] = _cut(file, data, "selection", cands, True, msg=msg)
        p = places(t.cuts["selection"], cands)
        players = [n for n in cands if p[n] <= 4]
    if "partners" in data:
        if len(players) != 4:
            raise InputError(file, *position(data, "partners"), "partners", msg("unsettled"))
        t.cuts["partners"] = _cut(file, data, "partners", players, True, msg=msg)
    if "recut" in data:
        if "partners" not in t.cuts:
            raise InputError(file, *position(data, "recut"), "recut", msg("recut-first"))
        tied = recut_group(t.cuts["partners"], players)
        if not tied:
            raise InputError(file, *position(data, "recut"), "recut", msg("no-tie"))
        t.cuts["recut"] = _cut(file, data, "recut", tied, True, msg("tied-who"), msg=msg)
    if "rubber_end" in data:
        rb = data["rubber_end"]
        if not isinstance(rb, dict) or not isinstance(rb.get("rubbers"), dict) or not isinstance(rb.get("claimants"), list):
            raise InputError(file, *position(data, "rubber_end"), "rubber_end", msg("rubber-end"))
        for n, v in rb["rubbers"].items():
            if n not in cands or isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise InputError(file, *position(rb["rubbers"], n), f"rubber_end.rubbers.{n}", msg("rubbers"))
        if not 1 <= len(rb["claimants"]) <= 2 or any(c in rb["rubbers"] for c in rb["claimants"]):
            raise InputError(file, *position(rb, "claimants"), "rubber_end.claimants", msg("claimants"))
        if len(rb["rubbers"]) != 4:
            raise InputError(file, *position(rb, "rubbers"), "rubber_end.rubbers", msg("four-rubbers", n=len(rb["rubbers"])))
        if any(c not in cands for c in rb["claimants"]):
            bad = next(c for c in rb["claimants"] if c not in cands)
            raise InputError(file, *position(rb, "claimants"), "rubber_end.claimants", msg("claimant-name", found=bad))
        t.rubbers = {str(k): v for k, v in rb["rubbers"].items()}
        t.claimants = [str(c) for c in rb["claimants"]]
        if "cut" in rb:
            t.cuts["out"] = _cut(file, rb, "cut", list(t.rubbers), False, msg=msg)
    if "evening" in data:
        t.evening = _evening(file, data, cands, t, msg)
    return t


# The messages of a bad table file, in English and Portuguese (``director table --lang pt``).
MESSAGES = {
    "en": {
        "card": "expected a card such as SA, H10 or DK (suit S, H, D or C, then A, K, Q, J, 10 (or T), 9 ... 2), found {found!r}",
        "cuts": "expected a mapping of player names to the cards they cut",
        "one-of": "expected one of {names}{who}, found {found!r}",
        "twice": "{card} was already cut by {by}: everyone cuts from the same pack, so one card cannot be cut twice",
        "every": "every player cuts: no card for {names}",
        "every-tied": "every tied player cuts: no card for {names}",
        "tied-who": " (the players whose equal cards are cut again)",
        "table": "expected a table: a mapping with candidates and the cards they cut",
        "unknown": "unknown key: expected one of {keys}",
        "candidates": "expected a list of names, in order of arrival",
        "bare": "{what} (a bare yes, no, on or off reads as {found} in YAML: put the name in quotes, such as \"No\")",
        "name-twice": "a name appears twice",
        "few": "a table needs at least four candidates, found {n}",
        "four-selection": "with four candidates all four play, so there is no cut for the table: put the cut for "
                          "partners and deal under partners:",
        "unsettled": "the four who play are not settled (a tie across the fourth place): cut again first",
        "recut-first": "a recut needs the partners cut first",
        "no-tie": "no two of the four cut equal cards that must be cut again (two equal highest simply play "
                  "together): leave out the recut",
        "rubber-end": "expected {{rubbers: {{NAME: consecutive rubbers played}}, claimants: [NAME ...], cut: {{...}}}}",
        "rubbers": "expected a candidate's name and a whole number of rubbers",
        "claimants": "expected one or two candidates claiming admission, not among those who played",
        "four-rubbers": "expected the four players of the rubber with the consecutive rubbers each has played, found {n}",
        "claimant-name": "expected candidates' names, found {found!r}",
        "evening": "expected a list of what happened at the table, in order (declares_in, arrives, leaves, "
                   "joins_other_table, breaks_up, new_table, shuffle, deal)",
        "event": "expected one of declares_in, arrives, leaves, joins_other_table, breaks_up, new_table, shuffle, "
                 "deal, with its details",
        "detail": "unknown detail of {kind}: expected {allowed}",
        "name": "expected one of {names}, found {found!r}",
        "bool": "expected true or false, found {found!r}",
        "choice": "expected one of {values}, found {found!r}",
        "newname": "expected the name of a newcomer (not yet in the room), found {found!r}",
        "names": "expected a list of names of those in the room ({names})",
        "subset": "expected some of the names of the new table ({names})",
        "sub": "expected the name of the substitute (not the player who leaves), found {found!r}",
        "count": "expected a whole number of places, found {found!r}",
        "partner": "the dealer's partner is another player",
    },
    "pt": {
        "card": "esperava uma carta como SA, H10 ou DK (naipe S, H, D ou C, depois A, K, Q, J, 10 (ou T), 9 ... 2); encontrei {found!r}",
        "cuts": "esperava os nomes dos jogadores, cada um com a carta que tirou",
        "one-of": "esperava um destes: {names}{who}; encontrei {found!r}",
        "twice": "{card} já foi tirada por {by}: todos tiram do mesmo baralho, e uma carta não pode ser tirada duas vezes",
        "every": "todos os jogadores tiram: falta a carta de {names}",
        "every-tied": "todos os jogadores empatados tiram de novo: falta a carta de {names}",
        "tied-who": " (os jogadores cujas cartas iguais são tiradas de novo)",
        "table": "esperava uma mesa: os candidatos e as cartas que tiraram",
        "unknown": "chave desconhecida: esperava uma destas: {keys}",
        "candidates": "esperava uma lista de nomes, na ordem de chegada",
        "bare": "{what} (em YAML, yes, no, on ou off sem aspas lê-se {found}: escreva o nome entre aspas, "
                "como \"No\")",
        "name-twice": "um nome aparece duas vezes",
        "few": "uma mesa precisa de pelo menos quatro candidatos; encontrei {n}",
        "four-selection": "com quatro candidatos os quatro jogam, e não há corte para a mesa: informe o corte para "
                          "parceiros e dada em partners:",
        "unsettled": "os quatro que jogam não estão definidos (empate na divisa do quarto lugar): tirem de novo antes",
        "recut-first": "um novo corte precisa antes do corte para parceiros",
        "no-tie": "nenhum dos quatro tirou carta igual a outra que precise ser tirada de novo (as duas mais altas "
                  "iguais simplesmente jogam juntas): retire o recut",
        "rubber-end": "esperava {{rubbers: {{NOME: rubbers seguidos jogados}}, claimants: [NOME ...], cut: {{...}}}}",
        "rubbers": "esperava o nome de um candidato e um número inteiro de rubbers",
        "claimants": "esperava um ou dois candidatos pedindo para entrar, que não estejam entre os que jogaram",
        "four-rubbers": "esperava os quatro jogadores do rubber com os rubbers seguidos de cada um; encontrei {n}",
        "claimant-name": "esperava nomes de candidatos; encontrei {found!r}",
        "evening": "esperava uma lista do que aconteceu na mesa, em ordem (declares_in, arrives, leaves, "
                   "joins_other_table, breaks_up, new_table, shuffle, deal)",
        "event": "esperava um destes: declares_in, arrives, leaves, joins_other_table, breaks_up, new_table, shuffle, "
                 "deal, com seus detalhes",
        "detail": "detalhe desconhecido de {kind}: esperava {allowed}",
        "name": "esperava um destes: {names}; encontrei {found!r}",
        "bool": "esperava true ou false; encontrei {found!r}",
        "choice": "esperava um destes: {values}; encontrei {found!r}",
        "newname": "esperava o nome de quem chega (ainda não está na sala); encontrei {found!r}",
        "names": "esperava uma lista de nomes de quem está na sala ({names})",
        "subset": "esperava alguns dos nomes da mesa nova ({names})",
        "sub": "esperava o nome do substituto (não de quem sai); encontrei {found!r}",
        "count": "esperava um número inteiro de lugares; encontrei {found!r}",
        "partner": "o parceiro de quem dá as cartas é outro jogador",
    },
}


def messages(lang: str = "en"):
    """The bad-table messages in ``lang``: ``msg(key, **fields)``."""
    table = MESSAGES.get(lang, MESSAGES["en"])
    return lambda key, **kw: table[key].format(**kw)


# ---------------------------------------------------------------- the evening at the table
# What happens at a table over an evening, in order (``evening:`` in a table file). Each event
# is a mapping with one of these keys (its value: the player it is about, or for ``new_table``
# the names) and the details listed; the law applied to each is in rules/portland-bridge-c1909/.
EVENING = {
    "declares_in": ("cut_made",),                       # NAME declares in; cut_made: had a player there cut?
    "arrives": (),                                      # NAME comes into the room after the cut
    "leaves": ("rubber_over", "substitute", "consent"),  # NAME leaves; during a rubber, a substitute
    "joins_other_table": (),                            # NAME, of this table, joins another
    "breaks_up": ("places",),                           # NAME breaks up the table; places at the other
    "new_table": ("played_elsewhere",),                 # a fresh table formed by these NAMES
    "shuffle": ("how",),                                # NAME shuffles in a way the code forbids
    "deal": ("dealer", "partner", "collected_by", "shuffles", "pack_to", "card_seen", "cut_by"),
}
SHUFFLE_HOW = ("below-the-table", "card-face-seen", "during-play", "into-packets", "across-the-table")
PACK_TO = ("dealers-left", "dealers-right", "elsewhere")
CARD_SEEN = ("dealer-shuffling", "dealer-presenting-the-cut", "another-player-shuffling")


@dataclass
class Happening:
    """One event of the evening: its number (from 1), kind (a key of EVENING), who it is about
    (a name, or for new_table the names joined), its details as validated, line."""

    idx: int
    kind: str
    who: str
    details: dict
    line: int = 0


class _Reader:
    """Reads the fields of one event of the evening, each checked (one clear error)."""

    def __init__(self, file: str, ev: dict, where: str, msg, known: list[str]):
        self.file, self.ev, self.where, self.msg, self.known = file, ev, where, msg, known

    def fail(self, key: str, what: str, **kw):
        raise InputError(self.file, *position(self.ev, key), f"{self.where}.{key}", self.msg(what, **kw))

    def name(self, key: str) -> str:
        v = self.ev.get(key)
        if isinstance(v, bool):          # 'who: No' unquoted: YAML's false, said so
            raise InputError(self.file, *position(self.ev, key), f"{self.where}.{key}",
                             self.msg("bare", what=self.msg("name", names=", ".join(self.known), found=v),
                                      found=str(v).lower()))
        if not isinstance(v, str) or v not in self.known:
            self.fail(key, "name", names=", ".join(self.known), found=v)
        return v

    def names(self, key: str, pool: list[str], what: str = "names") -> list[str]:
        v = self.ev.get(key, [])
        if not isinstance(v, list) or any(not isinstance(n, str) or n not in pool for n in v):
            self.fail(key, what, names=", ".join(pool))
        return list(v)

    def flag(self, key: str) -> bool:
        v = self.ev.get(key, False)
        if not isinstance(v, bool):
            self.fail(key, "bool", found=v)
        return v

    def choice(self, key: str, values: tuple, need: bool = False) -> str:
        v = self.ev.get(key)
        if v is None and not need:
            return ""
        if v not in values:
            self.fail(key, "choice", values=", ".join(values), found=v)
        return v

    def count(self, key: str, least: int = 0) -> "int | None":
        v = self.ev.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < least):
            self.fail(key, "count", found=v)
        return v


def _evening(file: str, data: dict, cands: list[str], t: "Table", msg) -> list[Happening]:
    block = data.get("evening")
    if not isinstance(block, list) or not block:
        raise InputError(file, *position(data, "evening"), "evening", msg("evening"))
    known = list(cands)
    out: list[Happening] = []
    for i, ev in enumerate(block, 1):
        where = f"evening[{i}]"
        kinds = [k for k in ev if k in EVENING] if isinstance(ev, dict) else []
        if len(kinds) != 1:
            raise InputError(file, *position(block, i - 1), where, msg("event"))
        kind = kinds[0]
        for k in ev:
            if k != kind and k not in EVENING[kind]:
                raise InputError(file, *position(ev, k), f"{where}.{k}",
                                 msg("detail", kind=kind, allowed=", ".join(EVENING[kind]) or "-"))
        r = _Reader(file, ev, where, msg, known)
        who, d = _happening(kind, r)
        out.append(Happening(i, kind, who, d, position(block, i - 1)[0]))
    return out


def _happening(kind: str, r: _Reader) -> "tuple[str, dict]":
    """(who, details) of one event of kind ``kind``, checked; an arrival joins ``r.known``."""
    ev, d = r.ev, {}
    if kind == "arrives":
        v = ev[kind]
        if not isinstance(v, str) or not v.strip() or v in r.known:
            r.fail(kind, "newname", found=v)
        r.known.append(v)
        return v, d
    if kind == "new_table":
        names = r.names(kind, r.known)
        if len(names) < 2:
            r.fail(kind, "names", names=", ".join(r.known))
        d["elsewhere"] = r.names("played_elsewhere", names, "subset")
        d["fresh"] = [n for n in names if n not in d["elsewhere"]]
        return "", d
    if kind == "deal":
        if r.count(kind, 1) is None:
            r.fail(kind, "count", found=None)
        d.update(dealer=r.name("dealer"), partner=r.name("partner"))
        if d["partner"] == d["dealer"]:
            r.fail("partner", "partner")
        d["collected_by"] = r.name("collected_by") if "collected_by" in ev else ""
        d["shuffles"] = r.names("shuffles", r.known)
        d.update(pack_to=r.choice("pack_to", PACK_TO), card_seen=r.choice("card_seen", CARD_SEEN),
                 cut_by=r.name("cut_by") if "cut_by" in ev else "")
        return d["dealer"], d
    who = r.name(kind)
    if kind == "declares_in":
        d["cut_made"] = r.flag("cut_made")
    elif kind == "leaves":
        d["rubber_over"] = r.flag("rubber_over")
        sub = ev.get("substitute")
        if sub is not None and (not isinstance(sub, str) or not sub.strip() or sub == who):
            r.fail("substitute", "sub", found=sub)
        d["substitute"] = sub or ""
        d["consent"] = r.names("consent", r.known)
    elif kind == "breaks_up":
        d["places"] = r.count("places")
    elif kind == "shuffle":
        d["how"] = r.choice("how", SHUFFLE_HOW, need=True)
    return who, d

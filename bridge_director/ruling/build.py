"""The ruling: outcomes grouped for the reader, a trace back to case events, and renderers.

A :class:`Ruling` is built from a case, its base facts and the engine's run. Output order is
deterministic (rulebook order, then the events matched, then the order of ``then`` items; a
Law 12 line saying which kind of adjusted score follows the line of the law giving it),
whatever order the engine fired in. Three renderers: text (for the table), Markdown (for a
committee's report) and JSON (for programs). ``--trace`` adds, for every conclusion, the rule
id, its citation, the facts it matched and the case events (number and file:line) they came
from, following derived facts back through the rules that derived them.
"""

from __future__ import annotations
from functools import cached_property, lru_cache
from typing import Any, Callable
from bridge_director.case.model import Case
from bridge_director.infer.facts import Facts
from bridge_director.infer.inference import Firing, OutcomeRecord, RunResult, call_status_facts
from bridge_director.base.memo import ByObject
from bridge_director.base.record import field, record
from bridge_director.rulebook.model import TEMPLATE_RE, Rulebook


SECTION_ORDER = ("irregularity", "ruling", "options", "branches", "judgements", "not-covered")


@record(frozen=True)
class EventRef:
    """A case event behind a conclusion: its number (None for board/case facts), file:line, words."""

    event: int | None
    file: str
    line: int
    what: str

    def __str__(self) -> str:
        head = f"event {self.event}" if self.event else "case"
        return f"{head} ({self.what}) at {self.file}:{self.line}"

    def as_dict(self) -> dict:
        return {"event": self.event, "file": self.file, "line": self.line, "what": self.what}


@record
class Line:
    """One line of a ruling: an outcome with its citation, who it concerns, its group and origins.

    ``events`` (the case events behind the line, in event order) is worked out on first use
    from ``find_events``: most rulings are shown, or checked, without them.
    """

    code: str
    cite: str
    who: str
    option: str
    branch: str
    text: str
    rule: str
    find_events: Callable[[], list[EventRef]] = field(repr=False, compare=False)
    template: str = field(default="", repr=False, compare=False)
    refs: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    #: the words the players hear (the rule's ``say``), when they are not ``text``; ``""``: a
    #: line for the director alone; None: ``text`` is read as it is
    say: "str | None" = field(default=None, repr=False, compare=False)

    @property
    def players_words(self) -> "str | None":
        """What the players hear of this line: ``say`` when the rule gives one, else ``text``;
        None for a line for the director alone."""
        if self.say is None:
            return self.text
        return self.say or None

    @property
    def about(self) -> list[int]:
        """The event numbers of the calls (or other events) the line's text names, in the
        order the text names them (from its ``{alias.field}`` placeholders)."""
        out: list[int] = []
        for n in self.refs.values():
            if n not in out:
                out.append(n)
        return out

    @cached_property
    def events(self) -> list[EventRef]:
        """The EventRefs behind this line (computed once)."""
        return self.find_events()

    @property
    def section(self) -> str:
        if self.code == "irregularity":
            return "irregularity"
        if self.code == "not-covered-yet":
            return "not-covered"
        if self.code == "judgement-needed":
            return "judgements"
        if self.option or self.code == OPTIONS_HEAD:
            return "options"
        if self.branch:
            return "branches"
        return "ruling"

    def as_dict(self) -> dict:
        return {"outcome": self.code, "cite": self.cite, "for": self.who or None, "option": self.option or None,
                "branch": self.branch or None, "text": self.text, "rule": self.rule,
                "about": self.about, "events": [e.as_dict() for e in self.events],
                **({"say": self.say} if self.say is not None else {})}


@record
class TraceEntry:
    """One rule firing: rule id, cite, stratum, and each matched fact with the events behind it."""

    rule: str
    cite: str
    stratum: int
    matched: dict[str, dict]
    events: dict[str, list[EventRef]]
    derived: list[dict] = field(default_factory=list)
    tested: dict[str, list[str]] = field(default_factory=dict)   # alias -> fields its patterns test


#: what a call can finally be: the replay's statuses (bridge_director/infer/inference.py) read for people
STANDINGS = ("stands", "cancelled", "replaced-by-pass", "awaiting-replacement", "superseded", "withdrawn",
             "awaiting-decision", "held")


#: the outcome code of the line that heads a ruling's options (it has no option label of its own)
OPTIONS_HEAD = "options-explained"


#: outcome codes whose line says its call stands (an accepted or in-rotation call)
STANDS_CODES = ("call-accepted", "call-stands", "call-in-rotation")


@record(frozen=True)
class CallStanding:
    """A call event's final standing once the rules have settled.

    Attributes:
        event: the event number; ``seat`` (N/E/S/W) and ``call`` as made (for a replacement,
            the new call; ``replaces`` is the call it was put in place of, else None).
        standing: one of :data:`STANDINGS`: ``stands`` (in the auction as made, or counted in
            rotation), ``cancelled``, ``replaced-by-pass`` (a pass takes its place),
            ``awaiting-replacement`` (out of the auction until its caller replaces it),
            ``superseded`` (a slip whose intended call took its place), ``withdrawn`` (a
            replacement took its place), ``awaiting-decision`` (the case stops where a
            player may still choose what becomes of it: the ruling's options say what), ``held``
            (made after a director call, whether before the director's ruling asked: out of
            the ruling until the director says).
        cite: the clause of the rule that decided it (None: nothing irregular decided it).
        out_of_rotation: the caller was not the player whose turn it was, in the auction as
            finally replayed.
    """

    event: int
    seat: str
    call: str
    standing: str
    cite: str | None
    out_of_rotation: bool
    replaces: str | None = None

    def as_dict(self) -> dict:
        return {"event": self.event, "seat": self.seat, "call": self.call, "standing": self.standing,
                "cite": self.cite, "out_of_rotation": self.out_of_rotation, "replaces": self.replaces}


@record(frozen=True)
class UnusedJudgement:
    """A judgement the case states that no rule of the ruling read (``judgement`` as written
    in the case, e.g. ``S 3H specifies``; ``line``: its line in the case file)."""

    judgement: str
    line: int
    event: int
    prop: str

    def as_dict(self) -> dict:
        return {"judgement": self.judgement, "line": self.line}


@record
class Ruling:
    """A complete ruling on one case.

    Attributes:
        case: the Case; ``lines``: outcome lines in deterministic order (a line repeating
        another's text, for the same calls, is left out); ``rounds``: engine rounds used;
        ``cancelled``: event numbers of calls the rules cancelled; ``calls``: each call
        event's final standing (:class:`CallStanding`), in event order; ``unused``: the
        judgements no rule read (:class:`UnusedJudgement`); ``trace``: one TraceEntry per
        firing, built on first use (most rulings are shown without it).
    """

    case: Case
    edition: str
    lines: list[Line]
    make_trace: Callable[[], list[TraceEntry]] = field(repr=False, compare=False)
    rounds: int = 0
    cancelled: list[int] = field(default_factory=list)
    calls: list[CallStanding] = field(default_factory=list)
    unused: list[UnusedJudgement] = field(default_factory=list)
    firings: list = field(default_factory=list, repr=False, compare=False)   # inference.Firing, firing order
    status: dict = field(default_factory=dict, repr=False, compare=False)    # event -> call status (rules)
    facts: Any = field(default=None, repr=False, compare=False)              # the final base Facts

    @cached_property
    def trace(self) -> list[TraceEntry]:
        """One TraceEntry per rule firing, in firing order (computed once)."""
        return self.make_trace()

    @cached_property
    def _readable(self) -> "tuple[list[Line], dict[int, list[int]]]":
        """:func:`readable` of the lines, worked out once for :attr:`read` and :attr:`read_events`."""
        return readable(self.lines, self.firings)

    @property
    def read(self) -> "list[Line]":
        """The lines as a reader gets them (:func:`readable`): each paragraph once, no line a
        later one has made moot. ``lines`` stays whole: ``expect:`` and the checks read it."""
        return self._readable[0]

    @property
    def read_events(self) -> "dict[int, list[int]]":
        """id(line) -> the events a line of :attr:`read` stands for when it was written once
        for several (the same words about events 2 and 7)."""
        return self._readable[1]

    def pairs(self) -> set[tuple[str, str]]:
        """The (cite, outcome code) pairs of the ruling: what ``expect:`` is compared with."""
        return {(ln.cite, ln.code) for ln in self.lines}


class _Provenance:
    """The case events behind each fact: a base fact's own event, a derived fact's the union
    of those behind the facts its rule matched (memoised; a cycle gives no events)."""

    def __init__(self, result: RunResult, facts: Facts, case: Case):
        self.sources = facts.sources
        self.file = case.file
        self.by_fid: dict[str, Firing] = {d["fid"]: f for f in result.firings for d in f.derived}
        self.memo: dict[str, list[EventRef]] = {}

    def refs(self, fact: dict) -> list[EventRef]:
        """The EventRefs behind ``fact`` (a fact dict with its ``fid``)."""
        fid = fact.get("fid")
        memo = self.memo
        if fid in memo:
            return memo[fid]
        memo[fid] = []          # guards against a cycle
        s = self.sources.get(fid)
        if s is not None:
            out = [EventRef(s.event, self.file, s.line, s.what)]
        else:
            firing = self.by_fid.get(fid)
            out = _merged(self.refs(m) for m in firing.matched.values()) if firing is not None else []
        memo[fid] = out
        return out


def _merged(groups) -> list[EventRef]:
    """The EventRefs of several lists, each once, in first-seen order."""
    out: list[EventRef] = []
    seen: set = set()
    for group in groups:
        for r in group:
            key = (r.event, r.line, r.what)
            if key not in seen:
                seen.add(key)
                out.append(r)
    return out


def _tested(rule) -> dict[str, list[str]]:
    """For each pattern name of ``rule``, the fields its patterns test or join on, in order."""
    out: dict[str, list[str]] = {}
    for p in list(rule.when) + [q for alt in rule.alternatives for q in alt]:
        fields = out.setdefault(p.alias, [])
        for fld, _op, _v in p.tests:
            if fld not in fields:
                fields.append(fld)
    return out


def build(case: Case, book: Rulebook, facts: Facts, result: RunResult) -> Ruling:
    """Assemble the Ruling for ``case`` from the engine's ``result`` over ``facts``.

    Returns:
        Ruling with deduplicated lines in rulebook order and a full trace.
    """
    refs = _Provenance(result, facts, case).refs
    lines: list[Line] = []
    seen: dict[tuple, list[Firing]] = {}
    by_firing: dict[int, list[EventRef]] = {}     # a firing's events, for each of its outcomes

    def one(firing: Firing) -> list[EventRef]:
        evs = by_firing.get(id(firing))
        if evs is None:
            evs = by_firing[id(firing)] = _merged(refs(m) for m in firing.matched.values())
            evs.sort(key=lambda r: (r.event is None, r.event or 0, r.line))
        return evs

    def events_of(firings: "list[Firing]"):
        def find() -> list[EventRef]:
            if len(firings) == 1:
                return list(one(firings[0]))
            evs = _merged(one(f) for f in firings)
            evs.sort(key=lambda r: (r.event is None, r.event or 0, r.line))
            return evs
        return find
    call_events = {e.number for e in case.events if e.kind in ("call", "replaces")}
    kind_of: dict[int, str] = {}     # id(line) of a Law 12 line -> the cite of the law adjusting
    lang = getattr(case, "lang", "en")
    for o in result.outcomes:
        template, aliases, _concl = _outcome_template(o)
        named = _named_events(template, o.firing.matched, call_events, aliases)
        # the same words about other calls or events are another line (a second insufficient
        # bid, a second hand count of 14, gets its own ruling), not a repeat
        key = (o.code, o.cite, o.who, o.option, o.branch, o.text,
               tuple(sorted(set(named.values()))) if named else ())
        if key in seen:
            # the same words, naming no other event: one line, resting on the events of every
            # firing that gave it (a repeated irregularity's answer answers each copy)
            seen[key].append(o.firing)
            continue
        seen[key] = [o.firing]
        text, option, branch, who = o.text, o.option, o.branch, o.who
        if lang != "en":
            from bridge_director.ruling.i18n import outcome_words
            text, option, branch = outcome_words(o.rule, o.firing, o.code, text, option, branch, case.lang)
        lines.append(Line(o.code, o.cite, who, option, branch, text, o.rule.id, events_of(seen[key]),
                          template, named, _say(o, lang, _concl)))
        if o.rule.law == "12":
            kind_of[id(lines[-1])] = next((str(f["law"]) for f in o.firing.matched.values()
                                           if f.get("t") == "adjustment" and f.get("law")), "")

    lines = _head_of_options(_kind_after_its_law(lines, kind_of))

    def make_trace() -> list[TraceEntry]:
        return [TraceEntry(f.rule.id, f.rule.cite, f.rule.stratum, f.matched,
                           {a: refs(m) for a, m in f.matched.items()}, f.derived, _tested(f.rule))
                for f in result.firings]
    return Ruling(case, book.edition, lines, make_trace, result.rounds, sorted(result.cancelled),
                  standings(case, facts, result, lines), unread_judgements(case, result),
                  firings=result.firings, status=dict(result.status), facts=facts)


#: outcome codes of a line that holds until a later event settles it, and the codes of the line
#: that settles it for the same player: "If West becomes a defender, declarer may forbid East a
#: lead" is moot once a later line says the auction has ended with West a defender (or declaring).
#: Presentation only: which lines a ruling holds is the rules' business.
SETTLED_BY = {"lead-restriction-possible": ("lead-restriction-possible", "lead-restriction-does-not-arise")}


def _builds_on(firings) -> "set[tuple[str, str]]":
    """(rule, earlier rule) pairs where the rule matched a fact the earlier rule derived: the
    rule that says how a condition fell reads the fact the conditional line's rule left."""
    # the derived facts by their fid: a matched fact holding every field of a derived fact has
    # its fid, so only those are compared field by field (a fact without one, or whose fid is
    # not a string, is compared with every matched fact)
    by_fid: dict[str, list[tuple[str, dict]]] = {}
    loose: list[tuple[str, dict]] = []
    for f in firings:
        for d in (f.derived or []):
            if isinstance(d, dict):
                fid = d.get("fid")
                if isinstance(fid, str):
                    by_fid.setdefault(fid, []).append((f.rule.id, d))
                else:
                    loose.append((f.rule.id, d))
    pairs: set[tuple[str, str]] = set()
    for f in firings:
        for m in (f.matched or {}).values():
            if not isinstance(m, dict):
                continue
            fid = m.get("fid")
            candidates = by_fid.get(fid, ()) if isinstance(fid, str) else ()
            for rid, d in (list(candidates) + loose if loose else candidates):
                if rid != f.rule.id and all(m.get(k) == v for k, v in d.items()):
                    pairs.add((f.rule.id, rid))
    while True:                          # through steps: a rule reading a step's fact builds on what the step read
        more = {(a, c) for a, b in pairs for b2, c in pairs if b == b2 and a != c} - pairs
        if not more:
            return pairs
        pairs |= more


class _Lazy:
    """A set worked out by ``make`` the first time something is looked up in it."""

    __slots__ = ("make", "value")

    def __init__(self, make) -> None:
        self.make, self.value = make, None

    def __contains__(self, item) -> bool:
        if self.value is None:
            self.value = self.make()
        return item in self.value


def readable(lines: "list[Line]", firings=()) -> "tuple[list[Line], dict[int, list[int]]]":
    """``lines`` as a reader gets them, and id(line) -> the events a line written once stands for.

    A line addressed to no player in the same words as an earlier one (text, clause, option and
    branch) is written once, for all the events it is about (a Law 12 paragraph after two
    adjustments, say; a line for a player about another call stays its own ruling); a line
    whose code is in :data:`SETTLED_BY` is left out when a later line of a settling code, for the
    same player, option and branch, is about later events only (the condition it stated has
    been met or failed)."""
    keep: list[Line] = []
    merged: dict[int, list[int]] = {}
    first: dict[tuple, Line] = {}
    # worked out only when a settled line's events tie with its settling line's (seldom)
    builds_on = _Lazy(lambda: _builds_on(firings)) if any(ln.code in SETTLED_BY for ln in lines) else ()
    for ln in lines:
        settled = SETTLED_BY.get(ln.code)
        # settled by a line about later events only, or about the same event when that line's
        # rule read what this line's rule derived (the offender's own call, or the pass put in
        # its place, ended the auction)
        if settled and ln.about and any(
                x is not ln and x.code in settled and x.rule != ln.rule and x.who == ln.who
                and (x.option, x.branch) == (ln.option, ln.branch) and x.about
                and (min(x.about) > max(ln.about)
                     or (min(x.about) >= max(ln.about) and (x.rule, ln.rule) in builds_on))
                for x in lines):
            continue
        key = (ln.text, ln.cite, ln.option, ln.branch)
        if key in first and not ln.who and not first[key].who:
            was = first[key]
            merged.setdefault(id(was), list(was.about))
            merged[id(was)] += [n for n in ln.about if n not in merged[id(was)]]
            continue
        first.setdefault(key, ln)
        keep.append(ln)
    return keep, merged


def _kind_after_its_law(lines: list[Line], kind_of: dict[int, str]) -> list[Line]:
    """The lines with each Law 12 line (which kind of adjusted score; ``kind_of`` maps its id to
    the cite of the law giving the adjustment, e.g. ``72C``) moved to just after the last line
    citing that law (with the same option and branch when there is one), after any Law 12 line
    already put there, so the adjustment is read before its kind (layout only; a Law 12 line
    whose law has no line of its own stays where it is)."""
    if not kind_of:
        return lines
    out = [ln for ln in lines if id(ln) not in kind_of]
    for ln in (ln for ln in lines if id(ln) in kind_of):
        law = kind_of[id(ln)]
        laws = set(law.split(", ")) if law else set()      # "27D, 23C": after the last line of either

        def last(same: bool) -> "int | None":
            return max((i for i, x in enumerate(out)
                        if (x.cite == law or x.cite in laws or kind_of.get(id(x)) == law)
                        and (not same or (x.option, x.branch) == (ln.option, ln.branch))), default=None)
        at = last(True) if law else None
        if law and at is None:
            at = last(False)
        if at is None:       # stays where it was (or at the end, when lines before it moved)
            out.insert(min(next(i for i, x in enumerate(lines) if x is ln), len(out)), ln)
        else:
            out.insert(at + 1, ln)
    return out


def _head_of_options(lines: list[Line]) -> list[Line]:
    """The lines with the line heading the options (code :data:`OPTIONS_HEAD`) moved to just
    before the first option line, where it is read (layout only)."""
    heads = [ln for ln in lines if ln.code == OPTIONS_HEAD]
    if not heads:
        return lines
    rest = [ln for ln in lines if ln.code != OPTIONS_HEAD]
    at = next((i for i, ln in enumerate(rest) if ln.option), len(rest))
    return rest[:at] + heads + rest[at:]


def _conclusion(o: OutcomeRecord):
    """The conclusion of ``o``'s rule that gave outcome ``o`` (None when none is found)."""
    concl = o.rule.then[o.order[-1]] if o.order and isinstance(o.order[-1], int) else None
    if concl is None or concl.kind != "outcome":
        concl = next((c for c in o.rule.then if c.kind == "outcome" and c.data.get("outcome") == o.code), None)
    return concl


def _template(o: OutcomeRecord) -> str:
    """The text template of outcome ``o`` as its rule writes it ('' when it has none)."""
    return _outcome_template(o)[0]


#: (rule, conclusion index, outcome code) -> (its text template, the template's aliases, the
#: conclusion): worked out once per conclusion of the rulebook
_TEMPLATES = ByObject()


def _outcome_template(o: OutcomeRecord) -> "tuple[str, tuple[str, ...], Any]":
    """(the text template of outcome ``o``, the aliases it names, the conclusion that gave
    ``o``), as :func:`_template`, :func:`_aliases` and :func:`_conclusion` give them."""
    last = o.order[-1] if o.order else None
    return _TEMPLATES.get(o.rule, lambda: _template_of(o), (last if isinstance(last, int) else None, o.code))


def _template_of(o: OutcomeRecord) -> "tuple[str, tuple[str, ...], Any]":
    concl = _conclusion(o)
    text = concl.data.get("text", "") if concl is not None else ""
    text = text if isinstance(text, str) else ""
    return text, _aliases(text), concl


_NO_CONCLUSION: Any = object()


def _say(o: OutcomeRecord, lang: str, concl: Any = _NO_CONCLUSION) -> "str | None":
    """The players' words of outcome ``o`` (its conclusion's ``say``, filled from the facts the
    rule matched; in ``lang`` when the rule gives ``say_<lang>``, else None so the line's text,
    already in that language, is read); None when the rule gives none. ``concl``: the
    conclusion that gave ``o`` when it is known (:func:`_conclusion`)."""
    if concl is _NO_CONCLUSION:
        concl = _conclusion(o)
    if concl is None or "say" not in concl.data:
        return None
    from bridge_director.infer.inference import compile_template
    if not concl.data["say"]:
        return ""
    if lang == "en":
        return compile_template(concl.data["say"])(o.firing.matched)
    local = concl.tr.get(f"say_{lang}")
    if not local:
        return None
    from bridge_director.ruling.i18n import _seat_mapped
    return compile_template(local)(_seat_mapped(o.firing.matched, lang))


def _fact_event(fact: dict, call_events: set[int]) -> int | None:
    """The case event a matched fact stands for: a call fact's own event, else the call event
    it is about (``of``), else its own event number (``idx``); None for board/case facts."""
    if fact.get("t") == "call" and isinstance(fact.get("idx"), int):
        return fact["idx"]
    of = fact.get("of")
    if isinstance(of, int) and not isinstance(of, bool) and of in call_events:
        return of
    idx = fact.get("idx")
    if isinstance(idx, int) and not isinstance(idx, bool) and idx > 0:
        return idx
    fid = fact.get("fid")       # a base fact of one event (``e<n>``) whose idx no rule reads (trimmed)
    if isinstance(fid, str) and fid[:1] == "e" and fid[1:].isdigit():
        return int(fid[1:])
    return None


def _named_events(template: str, matched: dict[str, dict], call_events: set[int],
                  aliases: "tuple[str, ...] | None" = None) -> dict[str, int]:
    """alias -> event number, for each pattern the template's ``{alias.field}`` names
    (``aliases``: :func:`_aliases` of the template, when known)."""
    out: dict[str, int] = {}
    for alias in (_aliases(template) if aliases is None else aliases):
        if alias in matched:
            n = _fact_event(matched[alias], call_events)
            if n is not None:
                out[alias] = n
    return out


@lru_cache(maxsize=4096)
def _aliases(template: str) -> tuple[str, ...]:
    """The aliases a template's ``{alias.field}`` placeholders name, each once, in order."""
    return tuple(dict.fromkeys(alias for alias, _field in TEMPLATE_RE.findall(template)))


@lru_cache(maxsize=4096)
def _call_aliases(template: str) -> tuple[str, ...]:
    """The aliases of a template's ``{alias.call}`` placeholders, in order (repeats kept)."""
    return tuple(alias for alias, f in TEMPLATE_RE.findall(template) if f == "call")


def _status_cites(result: RunResult, call_events: "list[int]") -> dict[tuple[int, str], str]:
    """(event, status) -> the cite of the first rule (rulebook order) that derived it, or the
    ``cite`` its fact names (a rule citing the question it asks, 25A2, names the clause the
    status comes from); ``call_events``: the case's call event numbers, for the calls a sweep
    carries away."""
    out: dict[tuple[int, str], str] = {}
    for f in sorted(result.firings, key=lambda f: f.rule.order):
        if f.derived:
            for n, st, d in call_status_facts(f.derived, call_events):
                out.setdefault((n, st), str(d.get("cite") or f.rule.cite))
    return out


def standings(case: Case, facts: Facts, result: RunResult, lines: list[Line]) -> list[CallStanding]:
    """Each call event's final standing, from the call statuses the rules settled on.

    A call the rules held for its replacement, once a standing replacement took its place, is
    ``withdrawn``; a call no status touched ``stands`` (cite: the clause of an unconditional
    line saying it was accepted or stands, else None).
    """
    status = result.status
    call_facts = {f["idx"]: f for f in facts.facts if f.get("t") == "call"}
    cites = _status_cites(result, list(call_facts))
    took_place_of: dict[int, int] = {}          # original event -> the replacement that took its place
    for n, f in call_facts.items():
        orig = f.get("replaces")
        # a replacement cancelled, or swept away with an earlier call, took no call's place
        if isinstance(orig, int) and status.get(n) not in ("cancelled", "voided", "held"):
            took_place_of.setdefault(orig, n)
    stands_cite: dict[int, str] = {}
    option_cite: dict[int, str] = {}
    for ln in lines:
        if ln.code in STANDS_CODES and not ln.option and not ln.branch:
            for n in ln.about:
                stands_cite.setdefault(n, ln.cite)
        elif ln.option:
            for n in _called(ln):
                option_cite.setdefault(n, ln.cite)
    out = []
    for e in case.events:
        if e.kind not in ("call", "replaces"):
            continue
        n, st = e.number, status.get(e.number)
        if st == "in-rotation":
            standing, cite = "stands", cites.get((n, st))
        elif st == "voided":            # swept away with an earlier call (15A1, 36A, 38B)
            standing, cite = "cancelled", cites.get((n, st))
        elif st == "held":              # made after a director call: whether before the ruling is asked
            standing, cite = "held", cites.get((n, st))
        elif st in ("cancelled", "replaced-by-pass", "superseded"):
            standing, cite = st, cites.get((n, st))
        elif n in took_place_of and took_place_of[n] not in took_place_of \
                and _awaits(took_place_of[n], status, option_cite, stands_cite):
            # the call offered in its place waits on a player's choice (accept it or not): so
            # does this call (not one further back in a chain of replacements: gone either way)
            standing, cite = "awaiting-decision", option_cite[took_place_of[n]]
        elif n in took_place_of:
            standing = "withdrawn"
            cite = cites.get((n, st)) if st else stands_cite.get(took_place_of[n])
        elif st == "awaiting-replacement":
            standing, cite = st, cites.get((n, st))
        elif n in option_cite and n not in stands_cite:
            standing, cite = "awaiting-decision", option_cite[n]
        else:
            standing, cite = "stands", stands_cite.get(n)
        f = call_facts.get(n, {})
        # a call swept away with an earlier one was judged for nothing else: out of rotation
        # only if it did not follow the call made just before it (the replay leaves it out)
        oor = not _followed_in_turn(case, e, call_facts) if st in ("voided", "held") else \
            f.get("rel", "self") != "self" and st != "in-rotation"
        out.append(CallStanding(n, e.seat.letter, str(e.call), standing, cite, oor,
                                str(e.replaces) if e.kind == "replaces" else None))
    return out


def _awaits(n: int, status: dict, option_cite: dict, stands_cite: dict) -> bool:
    """Whether call event ``n`` has no standing of its own yet and is named by an option
    (a player still chooses whether it stands)."""
    return status.get(n) is None and n in option_cite and n not in stands_cite


def _followed_in_turn(case: Case, e, call_facts: "dict | None" = None) -> bool:
    """Whether call event ``e`` was made by the left-hand opponent of the caller of the call
    event just before it, as made (True for the first call), or by the player whose turn it
    was at that call when that call was itself out of turn (the right player calling over a
    call out of rotation, 28B)."""
    from bridge_director.bridge.table import relation
    prev = next((x for x in reversed(case.events[:e.number - 1]) if x.kind == "call"), None)
    if prev is None or relation(e.seat, to=prev.seat) == "lho":
        return True
    f = (call_facts or {}).get(prev.number, {})
    return f.get("rel", "self") != "self" and f.get("turn") == e.seat.letter


def _called(ln: Line) -> list[int]:
    """The events of the calls a line's text names as calls (``{alias.call}``)."""
    return [ln.refs[a] for a in _call_aliases(ln.template) if a in ln.refs]


def _judgement_key(case: Case, j) -> str:
    """A judgement as the case writes it: ``S 3H specifies`` (or ``event 4 differs``)."""
    ev = case.events[j.event - 1]
    if ev.kind in ("call", "replaces"):
        same = [x for x in case.events if x.kind in ("call", "replaces") and x.seat == ev.seat and x.call == ev.call]
        if len(same) == 1:
            return f"{ev.seat.letter} {ev.call} {j.prop}"
    return f"event {j.event} {j.prop}"


def unread_judgements(case: Case, result: RunResult) -> list[UnusedJudgement]:
    """The judgements of ``case`` that no rule firing matched (neither the judgement fact nor,
    for ``specifies``, a denomination it gave or the set of them). A judgement read only
    through a negation is not matched either: bridge_director.session.api checks these again by ruling
    without them."""
    if not case.judgements:
        return []
    matched = {m.get("fid") for f in result.firings for m in f.matched.values()}
    out = []
    for j in case.judgements:
        fids = {f"j{j.event}-{j.prop}"}
        if isinstance(j.value, list):
            fids |= {f"sp{j.event}-{d}" for d in j.value} | {f"sps{j.event}"}
        if j.prop in ("at-fault", "partly-at-fault"):
            # the two judgements give the ``fault`` facts of their event together (a side in
            # neither is in no way at fault): a rule reading any of them reads both
            fids |= {f"fault{j.event}-{side}" for side in ("NS", "EW")}
        if j.prop == "due-later" and isinstance(j.value, list):
            fids |= {f"due{j.event}-{side}" for side in j.value}
        if not fids & matched:
            out.append(UnusedJudgement(_judgement_key(case, j), j.line, j.event, j.prop))
    return out

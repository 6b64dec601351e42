"""Whether a run of the rules could have read a stated judgement (a structural test).

A judgement gives the case some base facts: its ``judgement`` fact (fid ``j<event>-<prop>``)
and, for ``specifies``, a ``specified`` fact per denomination (``sp<event>-<denom>``) and one
``specified-set`` (``sps<event>``). Ruling without the judgement removes exactly those facts
and changes no other base fact (the ``at-fault`` judgements are the exception: together they
give the ``fault`` facts' levels, so they are never decided here).

Removing a fact can change what the rules conclude in only two ways: a firing matched it, or
a negation (``unless``) could see it. So when, in every round of the run, no firing matched
one of the judgement's facts, and no negated pattern of the rulebook could match one of them
(by its type, its tests against constants, and its equality joins, each of which some fact of
that round, base or derived, of the joined pattern's type can satisfy), every round runs the
same without the judgement: it is certainly unused. A round before the last hands the next
only its call statuses, and these cannot change when (a) the rules whose negations could see
the judgement's facts, or what the round derived from them, lead to no call status (the
types they derive, the types derived by the rules reading those, and so on, hold no
``call-status`` or ``calls-swept``), and (b) the statuses are the same without what the round
derived from them. Otherwise :func:`may_have_read` says True, and the caller rules again
without it to find out (``bridge_director.session.api``).

The test only ever errs towards True: the answer it gives, and the one the caller then finds,
is the same as ruling again without the judgement every time.
"""
from __future__ import annotations

from typing import Any

from bridge_director.rulebook.model import Ref, Rulebook
from bridge_director.base.memo import hashable

#: judgement properties that, together, give other base facts (bridge_director.infer.facts' fault facts)
COMBINED_PROPS = frozenset({"at-fault", "partly-at-fault"})

_NEGATIONS: dict[int, tuple] = {}
#: steps of the search for a frame of one rule's positive patterns before it gives up (and
#: says the negation may have seen the fact)
SEARCH_STEPS = 20_000


def _negations(book: Rulebook) -> "dict[str, _ByConstant]":
    """Fact type -> its negations (:class:`_ByConstant`): for every ``unless`` pattern of
    ``book``, once per alternative of ``any``, (negated pattern, the positive patterns of one
    engine rule holding it, the rule's other negated patterns, the rule, its tests on
    constants) (cached per book; the entry keeps ``book`` alive)."""
    hit = _NEGATIONS.get(id(book))
    if hit is None:
        out: dict[str, list[tuple]] = {}
        for r in book.rules:
            if not r.unless:
                continue
            for alt in (r.alternatives or [[]]):
                positive = (*r.when, *alt)
                for p in r.unless:
                    consts = tuple((fld, op, v) for fld, op, v in p.tests
                                   if not isinstance(v, Ref) and op in ("eq", "in", "exists"))
                    out.setdefault(p.type, []).append((p, positive, tuple(q for q in r.unless if q is not p), r,
                                                       consts))
        hit = _NEGATIONS[id(book)] = (book, {t: _ByConstant(entries) for t, entries in out.items()})
    return hit[1]


class _ByConstant:
    """The negations of one fact type, found for a fact by value: each negation with an
    equality test on a constant (``prop: unintended``) is filed under the first such test's
    field and value, so a fact is tested only against the negations its own value of that
    field can meet (a judgement fact meets a few of the hundred-odd negated judgement
    patterns); the others are ``loose``, tested against every fact. A negation left out
    here would fail that equality test (:func:`_test`), so the negations a fact can meet are
    the same as testing every one."""

    def __init__(self, entries: "list[tuple]"):
        self.loose: list[tuple] = []
        self.by_field: dict[str, dict] = {}
        for entry in entries:
            key = next(((fld, v) for fld, op, v in entry[4] if op == "eq" and hashable(v)), None)
            if key is None:
                self.loose.append(entry)
            else:
                self.by_field.setdefault(key[0], {}).setdefault(key[1], []).append(entry)

    def of(self, fact: dict) -> "list[tuple]":
        """The negations whose filed equality ``fact`` meets, and the loose ones."""
        out = list(self.loose)
        for fld, table in self.by_field.items():
            if fld in fact:
                try:
                    out += table.get(fact[fld], ())
                except TypeError:     # an unhashable value equals no filed constant
                    pass
        return out


def _test(fact: dict, fld: str, op: str, want: Any) -> bool:
    """One test on ``fact``: False only when the engine would certainly fail it (equality,
    ``in`` and ``exists``; the comparisons and ``ne`` are taken as passing)."""
    if op == "exists":
        return (fld in fact) == bool(want)
    if op == "eq":
        return fld in fact and fact[fld] == want
    if op == "in":
        return fld in fact and fact[fld] in want
    return True


class _Round:
    """One round of a run: its facts by type (base and derived) and the fids its firings matched."""

    def __init__(self, facts: list[dict], firings: list):
        self.facts = facts
        self.firings = firings
        self._by_type: "dict[str, list[dict]] | None" = None
        self._index: dict[tuple, dict] = {}
        self.matched = {m.get("fid") for f in firings for m in f.matched.values()}

    def having(self, t: str, fld: str, value: Any) -> list[dict]:
        """The facts of type ``t`` whose ``fld`` equals ``value`` (Python's equality)."""
        index = self._index.get((t, fld))
        if index is None:
            index = self._index[(t, fld)] = {}
            for f in self.of_type(t):
                v = f.get(fld, _ABSENT)
                if v is not _ABSENT:
                    try:
                        index.setdefault(v, []).append(f)
                    except TypeError:        # a list value: never equal to a key looked up
                        pass
        try:
            return index.get(value, [])
        except TypeError:
            return self.of_type(t)

    def of_type(self, t: str) -> list[dict]:
        if self._by_type is None:
            by: dict[str, list[dict]] = {}
            for f in self.facts:
                by.setdefault(f["t"], []).append(f)
            for firing in self.firings:
                for d in firing.derived:
                    by.setdefault(d["t"], []).append(d)
            self._by_type = by
        return self._by_type.get(t, [])


def _negating_rules(book: Rulebook, mine: list[dict], rnd: _Round) -> list:
    """The rules of ``book`` one of whose negations could see one of the facts ``mine`` in
    round ``rnd`` (its tests on constants hold for the fact, and facts of the round could
    fill an open frame of the rule's positive patterns; see :func:`_open_frame`)."""
    fids = {f["fid"] for f in mine}
    negations = _negations(book)
    out = []
    found: set[int] = set()
    for fact in mine:
        by_constant = negations.get(fact["t"])
        for p, positive, others, rule, consts in (by_constant.of(fact) if by_constant is not None else ()):
            if id(rule) in found:
                continue
            for fld, op, v in consts:      # the tests on constants (others pass: _test)
                if not _test(fact, fld, op, v):
                    break
            else:
                if _open_frame(positive, p, others, fact, rnd, fids):
                    out.append(rule)
                    found.add(id(rule))
    return out


_AFFECTS: dict[int, tuple] = {}


def _affected_types(book: Rulebook, rules: list) -> "set[str] | None":
    """The fact types whose facts may differ in a round when the firings of ``rules`` may:
    the types those rules derive, then those derived by every rule that uses or negates one of
    them, and so on (None: a rule derives a type filled at firing time, so anything may)."""
    hit = _AFFECTS.get(id(book))
    if hit is None:
        readers: dict[str, list] = {}
        for r in book.rules:
            for t in r.uses() | r.negates():
                readers.setdefault(t, []).append(r)
        hit = _AFFECTS[id(book)] = (book, readers)
    readers = hit[1]
    types: set[str] = set()
    work, seen = list(rules), {id(r) for r in rules}
    while work:
        r = work.pop()
        for t in r.derives:
            if "{" in t:
                return None
            if t in types:
                continue
            types.add(t)
            for q in readers.get(t, ()):
                if id(q) not in seen:
                    seen.add(id(q))
                    work.append(q)
    return types


def _negation_may_see(book: Rulebook, mine: list[dict], rnd: _Round) -> bool:
    return bool(_negating_rules(book, mine, rnd))


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _same(a: Any, b: Any) -> "bool | None":
    """Equality as the engine has it: True/False when certain, None when the types differ."""
    if type(a) is type(b) or (_number(a) and _number(b)):
        return a == b
    return None


def _holds(fact: dict, fld: str, op: str, want: Any) -> bool:
    """Whether the engine certainly passes one test on ``fact`` (False when unsure)."""
    if op == "exists":
        return (fld in fact) == bool(want)
    if op == "ne":       # compiled as: absent, or not equal
        return fld not in fact or _same(fact[fld], want) is False
    if fld not in fact:
        return False
    have = fact[fld]
    if op == "eq":
        return _same(have, want) is True
    if op == "in":
        return any(_same(have, w) is True for w in want)
    if op in ("lt", "le", "gt", "ge") and _number(have) and _number(want):
        return {"lt": have < want, "le": have <= want, "gt": have > want, "ge": have >= want}[op]
    return False


def _blocked(others: tuple, bound: dict, rnd: _Round, fids: set) -> bool:
    """Whether a fact of the round (not one of ``fids``) certainly matches one of the negated
    patterns ``others`` in the frame ``bound``, so the frame stays blocked without them."""
    for q in others:
        for cand in rnd.of_type(q.type):
            if cand["fid"] in fids:
                continue
            ok = True
            for fld, op, v in q.tests:
                if isinstance(v, Ref):
                    src = bound.get(v.alias)
                    if src is None or v.field not in src:
                        ok = False
                        break
                    v = src[v.field]
                if not _holds(cand, fld, op, v):
                    ok = False
                    break
            if ok:
                return True
    return False


def _open_frame(positive: tuple, neg, others: tuple, fact: dict, rnd: _Round, fids: set) -> bool:
    """Whether facts of the round could fill the positive patterns so that the negated
    pattern ``neg``'s equality joins hold for ``fact`` and no other negated pattern of the
    rule certainly blocks the frame (a permissive search: True when it cannot tell within
    :data:`SEARCH_STEPS` steps)."""
    # the negated pattern's joins, as tests on the aliases they read
    back: dict[str, list] = {}
    for fld, op, v in neg.tests:
        if op == "eq" and isinstance(v, Ref):
            if fld not in fact:
                return False
            back.setdefault(v.alias, []).append((v.field, fact[fld]))
    steps = [0]
    bound: dict[str, dict] = {}

    def fits(p, cand: dict) -> bool:
        for fld, op, v in p.tests:
            if isinstance(v, Ref):
                if v.alias not in bound:
                    continue
                other = bound[v.alias]
                if v.field not in other:
                    return False
                if not _test(cand, fld, op, other[v.field]):
                    return False
            elif not _test(cand, fld, op, v):
                return False
        return all(f in cand and cand[f] == want for f, want in back.get(p.alias, ()))

    def candidates(p) -> list[dict]:
        """The facts of the round that may fill ``p``, by one of its equality tests."""
        for f, want in back.get(p.alias, ()):
            return rnd.having(p.type, f, want)
        for fld, op, v in p.tests:
            if op == "eq":
                if not isinstance(v, Ref):
                    return rnd.having(p.type, fld, v)
                if v.alias in bound and v.field in bound[v.alias]:
                    return rnd.having(p.type, fld, bound[v.alias][v.field])
        return rnd.of_type(p.type)

    def search(k: int) -> bool:
        if k == len(positive):
            return not _blocked(others, bound, rnd, fids)
        p = positive[k]
        for cand in candidates(p):
            steps[0] += 1
            if steps[0] > SEARCH_STEPS:
                raise _GiveUp
            if fits(p, cand):
                bound[p.alias] = cand
                if search(k + 1):
                    return True
                del bound[p.alias]
        return False
    try:
        return search(0)
    except _GiveUp:
        return True
    finally:
        # ``search`` calls itself through its closure: a cycle (with the frame it was filling)
        # that only the cyclic collector would free
        search = None   # noqa: F841


_ABSENT: Any = object()


class _GiveUp(Exception):
    """The frame search ran out of steps."""


class Reads:
    """The rounds of one run (``RunResult.history``), for asking about several judgements."""

    def __init__(self, book: Rulebook, history: list):
        self.book = book
        self.rounds = [_Round(facts, firings) for facts, firings in history]

    def may_have_read(self, event: int, prop: str) -> bool:
        """Whether the judgement ``prop`` of event ``event`` may have changed the run (see the
        module's docstring); False means it certainly did not."""
        if prop in COMBINED_PROPS or not self.rounds:
            return True
        own = {f"j{event}-{prop}", f"sps{event}"} if prop == "specifies" else {f"j{event}-{prop}"}
        prefix = f"sp{event}-" if prop == "specifies" else None
        last = len(self.rounds) - 1
        for k, rnd in enumerate(self.rounds):
            mine = [f for f in rnd.facts if f["fid"] in own or (prefix and f["fid"].startswith(prefix))]
            if not mine:
                continue
            matched = any(f["fid"] in rnd.matched for f in mine)
            if k == last:
                if matched or _negation_may_see(self.book, mine, rnd):
                    return True
            elif self._statuses_may_change(rnd, mine, matched):
                return True
        return False

    def _statuses_may_change(self, rnd: _Round, mine: list[dict], matched: bool) -> bool:
        """Whether round ``rnd`` (not the last) may hand the next other call statuses without
        the judgement's facts ``mine`` (``matched``: a firing of the round matched one)."""
        gone = _resting_on(rnd, mine) if matched else []
        seeing = _negating_rules(self.book, mine + gone, rnd)
        if seeing:
            types = _affected_types(self.book, seeing)
            if types is None or types & STATUS_TYPES:
                return True
        return _statuses_differ(rnd, gone)


def _resting_on(rnd: _Round, mine: list[dict]) -> list[dict]:
    """The facts the firings of round ``rnd`` derived from ``mine`` (a judgement's facts),
    directly or through other derived facts."""
    fids = {f["fid"] for f in mine}
    out: list[dict] = []
    grown = True
    done: set[int] = set()
    while grown:
        grown = False
        for i, firing in enumerate(rnd.firings):
            if i in done or not any(m.get("fid") in fids for m in firing.matched.values()):
                continue
            done.add(i)
            for d in firing.derived:
                if d["fid"] not in fids:
                    fids.add(d["fid"])
                    out.append(d)
                    grown = True
    return out


def _statuses_differ(rnd: _Round, gone: list[dict]) -> bool:
    """Whether the call statuses round ``rnd`` hands on (``bridge_director.infer.inference``'s mapping over
    its derived facts) differ without the derived facts ``gone``.

    Without a judgement no negation could see, a round derives a subset of what it derived
    with it, and a superset of what does not rest on it; the mapping (the highest status of
    each call) of a set between two sets that give the same mapping is that mapping too.
    """
    from bridge_director.infer.inference import _statuses
    derived = [d for firing in rnd.firings for d in firing.derived]
    if not any(d["t"] in STATUS_TYPES for d in gone):
        return False
    out = {d["fid"] for d in gone}
    return _statuses([d for d in derived if d["fid"] not in out], rnd.facts) != _statuses(derived, rnd.facts)


#: the derived fact types that give the next round its call statuses (bridge_director.infer.inference)
STATUS_TYPES = frozenset({"call-status", "calls-swept"})

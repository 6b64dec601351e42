"""Inference: the ONLY module that imports durable-rules.

One host per process (no background timer threads), one ruleset per compiled rulebook,
one session (sid) per case run, deleted afterwards. Base facts go in as one batch; then the
control facts of strata 0..n-1 are asserted in order, so every negation is checked only
once all facts it could see are present. Every action is wrapped: an exception inside it
makes the run fail loudly (:class:`EngineError`), never silently.

Outputs are collected in Python: outcome records and a trace entry per firing. Derived
facts are asserted back into the session (forward chaining) only when some rule's pattern
can match their type.

A case is run to a fixpoint over call statuses: the rules may say what a call now counts as
(a derived ``call-status`` fact ``{of: <event>, status: ...}``): ``awaiting-replacement`` (out
of the auction until its caller replaces it), ``cancelled`` (left out of
the auction replay), ``replaced-by-pass`` (replayed as a pass by the same seat, a
substituted pass), ``superseded`` (Law 25A1: a slip whose intended call took its place; out
of the auction like a call awaiting its replacement, and marked ``superseded`` so that the
rules pass it by) or ``in-rotation`` (Law 28A: the call stands and counts as made in turn;
the replay marks it ``counts_in_rotation``, so the rules that find calls out of rotation
pass it by in the next round) or ``voided`` (cancelled with an earlier call that another
law sweeps away with every call after it, 15A1, 36A, 38B: left out of the replay like a
cancelled call, and marked ``voided`` so that the rules judge it for nothing else; it
outranks every other status) or ``held`` (made after a director call, when whether the director
had ruled by then is asked and the law turns on it: left out of the replay and judged for
nothing else, as a voided call is, until the question is answered). A derived ``calls-swept`` fact ``{after: <event>}`` voids every
call made after that event at once (one fact for a sweep of "that call and every call after
it", where a fact per later call made long auctions quadratic; :func:`bridge_director.bridge.table.calls_after`
finds the calls). The base facts are then recomputed with the mapping event -> status and
the rules run again, until that mapping no longer changes. When rules give one call several
statuses, the later one in :data:`CALL_STATUSES` wins (a substituted pass is also a
cancellation of the call).
"""
from __future__ import annotations

import itertools
import json
import re
from collections import OrderedDict
from functools import lru_cache
from operator import itemgetter
from types import MappingProxyType
from typing import Any, Iterable, Iterator

from bridge_director.infer.enginecheck import require_fixed_engine
from bridge_director.base.memo import ByObject
from bridge_director.base.record import field, record
from bridge_director.rulebook.book import local_strata, needed_fields
from bridge_director.rulebook.model import CONTROL_ALIAS, CONTROL_TYPE, TEMPLATE_RE, Rulebook, Rule
from bridge_director.bridge.table import calls_after

require_fixed_engine()
import durable_rules_engine as _C  # noqa: E402  (the C extension; after the build check, on purpose)

#: rounds of the fixpoint over call statuses before a run is refused (the cases need at most
#: a handful; a long chaotic auction a dozen)
MAX_ROUNDS = 32
#: rule firings in one round before a run is refused: derived facts are a set, so a rulebook
#: cannot multiply them without end, and no case comes near (the longest need a few thousand)
MAX_FIRINGS = 200_000
# the call statuses the auction replay understands, in increasing precedence
CALL_STATUSES = ("awaiting-replacement", "superseded", "cancelled", "replaced-by-pass", "in-rotation", "held", "voided")
_FULL_REF = re.compile(r"^\{([A-Za-z_]\w*)\.([A-Za-z_][\w-]*)\}$")


class EngineError(RuntimeError):
    """A rule action failed, or the engine reported an exception, while ruling on a case."""


class UnsettledError(EngineError):
    """The rules do not settle on a case: the call statuses alternate between rounds, or do
    not settle within :data:`MAX_ROUNDS`, or one round fires more than :data:`MAX_FIRINGS`
    rules. A fault in the rulebook, reported as a clear refusal, never a partial ruling.

    ``events``: the call events whose status the rules keep changing (may be empty).
    """

    def __init__(self, message: str, events: "tuple[int, ...]" = ()):
        super().__init__(message)
        self.events = events


#: the JSON of the engine's traffic (facts in, matches out, several times per case): the
#: standard library's for a process's first runs, orjson's from run ORJSON_FROM on (see
#: _run_count). orjson is several times faster, but its import (it loads dataclasses, inspect,
#: uuid) costs a cold ``director rule`` about a sixth of its time, about a hundred cases' worth
#: of the JSON it speeds up. Both give the same text (compact, UTF-8 as it is) and the same values.
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_loads = json.loads
ORJSON_FROM = 16
_RUNS = [0]


def _run_count() -> None:
    """Count a case run (one fixpoint); at run ORJSON_FROM, switch the engine's JSON to orjson."""
    global _dumps, _loads
    _RUNS[0] += 1
    if _RUNS[0] == ORJSON_FROM:
        import orjson
        encode = orjson.dumps

        def dumps(payload: Any) -> str:
            return encode(payload).decode()
        _dumps, _loads = dumps, orjson.loads


#: the rulesets registered with the engine in this process, least recently used first (see
#: :func:`_keep`): each holds the engine's memory for its rules (about 25 KB a rule: 15 MB for
#: the whole 2017 rulebook, 1-3 MB for a round's value set) until it is deleted
_REGISTERED: "OrderedDict[tuple, _Compiled]" = OrderedDict()
#: the most rulesets a process keeps registered at once, for all rulebooks together: a safety
#: bound (a process that builds many rulebooks, as the tests do); beyond it the least recently
#: used ruleset is deleted from the engine. Within one rulebook the bounds below keep a process
#: under it: at most MAX_SHAPE_RULESETS + MAX_VALUE_RULESETS + 1 (the whole book). A rulebook
#: never compiles more than its bounds over the life of a process, even when this bound deleted
#: some of its rulesets (making them again, as before, cost more time compiling than ruling:
#: two rulesets compiled per case with every question answered under four editions).
MAX_RULESETS = 160
#: the most rulesets one rulebook registers for shapes of case (the rules a case's fact types
#: allow, :func:`compiled`); a shape met once these are taken is ruled on the smallest ruleset
#: already registered that holds every rule it needs (:func:`_holder`; the whole rulebook at
#: worst), so the memory of a long process stays flat (tests/test_memory.py, tools/sweep.py's
#: memory figure). A shape's ruleset holds most of the rulebook (about 500 of 620 rules, 12 MB)
#: and saves a round little over the whole book's (0.56 against 0.79 ms; a value set's, 0.25):
#: 8 of them, not 48, take 100 MB, not 580, and a generated sweep is no slower (a round whose
#: value set has no ruleset of its own is run on another's that holds it, most of the time).
MAX_SHAPE_RULESETS = 8
_SIDS = itertools.count(1)
_NAMES = itertools.count(1)
#: per rulebook (by id): its registered runners, smallest first, for :func:`_holder`
_HELD: dict[int, list] = {}


def _lookup(key: tuple) -> "_Compiled | None":
    """The registered runner for ``key`` (marked as used now), or None."""
    runner = _REGISTERED.get(key)
    if runner is not None:
        _REGISTERED.move_to_end(key)
    return runner


def _keep(key: tuple, runner: "_Compiled") -> "_Compiled":
    """Register ``runner`` under ``key``; delete the least recently used rulesets beyond
    :data:`MAX_RULESETS` from the engine (never ``runner`` itself). A deleted ruleset is not
    made again in place of another (the per-rulebook bounds count every ruleset ever made):
    its rounds run on a ruleset that holds their rules (:func:`_holder`)."""
    _REGISTERED[key] = runner
    _REGISTERED.move_to_end(key)
    runner.key = key
    held = _HELD.setdefault(key[0], [])
    held.append(runner)
    held.sort(key=_size)
    while len(_REGISTERED) > MAX_RULESETS:
        old_key, old = next(iter(_REGISTERED.items()))
        if old is runner:
            break
        del _REGISTERED[old_key]
        others = _HELD.get(old_key[0], [])
        if old in others:
            others.remove(old)
        old.close()
    return runner


def _size(runner) -> int:
    return getattr(runner, "size", 0)


def _holder(book: Rulebook, names: frozenset) -> "_Compiled | None":
    """The smallest ruleset registered for ``book`` that holds every rule in ``names`` (marked
    as used now), or None. Rules it holds beyond them cannot fire on the round (``names`` are
    all those that can), so the ruling is the same as on a ruleset of ``names`` alone."""
    held = _HELD.get(id(book))
    if not held:
        return None
    bits = _bits(book)
    want = 0
    try:
        for n in names:
            want |= bits[n]
    except KeyError:        # not a rule of this book's engine: no ruleset holds it
        return None
    size = len(names)
    for runner in held:
        if runner.size >= size and runner.mask & want == want and runner.handle is not None:
            _REGISTERED.move_to_end(runner.key)
            return runner
    return None


_BITS = ByObject()


def _bits(book: Rulebook) -> dict:
    """Engine rule name -> its bit, for ``book`` (worked out once per rulebook)."""
    return _BITS.get(book, lambda: {n: 1 << i for i, n in enumerate(book.engine_rule_names())})


@record
class Firing:
    """One rule firing: the rule, the facts matched (alias -> fact dict) and what it concluded."""

    rule: Rule
    engine_name: str
    matched: dict[str, dict]
    derived: list[dict] = field(default_factory=list)


@record(slots=True)
class OutcomeRecord:
    """An outcome concluded by a rule, rendered from the facts it matched.

    ``code``, ``cite``, ``who`` (seat/side or ''), ``option``, ``branch``, ``text``; ``rule`` and
    ``firing`` say where it came from; ``order`` sorts it deterministically.
    """

    code: str
    cite: str
    who: str
    option: str
    branch: str
    text: str
    rule: Rule
    firing: Firing
    order: tuple


@record
class RunResult:
    """Everything one case run produced: outcomes, firings, derived facts, rounds used.

    ``status`` maps event numbers to the call status the rules settled on; ``cancelled`` is
    every call the rules took out of the auction as made (status ``cancelled`` or
    ``replaced-by-pass``).
    """

    outcomes: list[OutcomeRecord]
    firings: list[Firing]
    derived: list[dict]
    rounds: int
    cancelled: frozenset
    status: dict = field(default_factory=dict)
    #: every round, in order: (its base facts, its firings); the last is this result's
    history: list = field(default_factory=list, repr=False)


class _Missing:
    """What a full ``{alias.field}`` template gives when the matched fact has no such field."""

    def __repr__(self) -> str:
        return "?"

    __str__ = __repr__


MISSING = _Missing()


@lru_cache(maxsize=4096)
def _parts(template: str) -> tuple:
    """Split a template once: a full reference -> ('ref', alias, field); else literal/ref pieces."""
    m = _FULL_REF.match(template)
    if m:
        return ("ref", m[1], m[2])
    pieces, pos = [], 0
    for g in TEMPLATE_RE.finditer(template):
        pieces.append((template[pos:g.start()], g[1], g[2]))
        pos = g.end()
    return ("text", tuple(pieces), template[pos:])


_EMPTY: dict = {}


def _item_key(item: tuple) -> str:
    """Sort key of a fact's (field, value) pair: by field name (values may not compare)."""
    return item[0]


def compile_template(template: Any):
    """Turn a conclusion template into a function ``matched -> value`` filling its
    ``{alias.field}`` placeholders from the matched facts (alias -> fact dict).

    A string that is exactly one placeholder keeps the value's type (an int stays an int),
    and gives :data:`MISSING` when the field is absent; inside longer text it renders ``?``.
    Dicts are filled value by value; anything else is returned as it is.

    Templates are fixed per rule, so each is split once when the rulebook is registered;
    a constant part costs nothing at firing time.
    """
    if isinstance(template, str):
        return _compile_text(template)
    if isinstance(template, dict):
        dynamic = [(k, compile_template(v)) for k, v in template.items() if _has_placeholder(v)]
        if not dynamic:
            return lambda m: dict(template)

        def fill(m):
            out = dict(template)
            for k, fn in dynamic:
                out[k] = fn(m)
            return out
        return fill
    return lambda m: template


@lru_cache(maxsize=4096)
def _compile_text(template: str):
    """:func:`compile_template` of a string, made once per template (the ruling fills the
    players' words of each line with it)."""
    p = _parts(template)
    if p[0] == "ref":
        _, alias, name = p
        return lambda m: m.get(alias, _EMPTY).get(name, MISSING)
    if not p[1]:
        return lambda m: template
    pieces, tail = p[1], p[2]
    # one str.format call: the literal text with its braces doubled, a slot per placeholder
    fmt = "".join(_escaped(lit) + "{}" for lit, _, _ in pieces) + _escaped(tail)
    refs = tuple((a, f) for _, a, f in pieces)

    def one_by_one(m):
        return fmt.format(*[m.get(a, _EMPTY).get(f, "?") for a, f in refs])
    # the same text read by str.format_map, each slot naming its fact and field
    # ("{call[seat]}"): no Python call per placeholder; a fact or field the matched facts lack
    # (a KeyError) reads "?", so the facts are then read one by one
    by_name = "".join(_escaped(lit) + "{%s[%s]}" % (a, f) for lit, a, f in pieces) + _escaped(tail)

    def fill(m):
        try:
            return by_name.format_map(m)
        except (KeyError, TypeError, IndexError, AttributeError):
            return one_by_one(m)
    return fill


def _escaped(text: str) -> str:
    """``text`` as literal text of a str.format template (its braces doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


def _has_placeholder(value: Any) -> bool:
    if isinstance(value, str):
        p = _parts(value)
        return p[0] == "ref" or bool(p[1])
    if isinstance(value, dict):
        return any(_has_placeholder(v) for v in value.values())
    return False


def _fact_maker(concl, need: dict):
    """A function ``matched -> (fact, key, keep)`` for a derived-fact conclusion: the fact
    (the template's fields in its order, less any copied from a field the matched fact lacks,
    then ``t``), its identity ``key`` (its (field, value) pairs sorted by field) and the
    fields of its type that enter the engine (None: no pattern matches the type).

    The template's fields are fixed, so their sorted order is worked out once; the same as
    sorting each fact's items at firing time.
    """
    data = concl.data
    names = [k for k in data if k != "type"] + ["t"]
    order = sorted(range(len(names)), key=lambda i: names[i])
    sorted_names = [names[i] for i in order]
    # per field, in the fact's order: a function of the matched facts, or None and the value
    getters = [(compile_template(data[k]), None) if _has_placeholder(data[k]) else (None, data[k])
               for k in names[:-1]] + [
        (compile_template(data["type"]), None) if _has_placeholder(data["type"]) else (None, data["type"])]
    # only a field that is one whole placeholder can come out MISSING
    may_miss = any(isinstance(data[k], str) and _parts(data[k])[0] == "ref" for k in data)

    # the constant values in place, and the fields filled at firing time
    constant = [v for _, v in getters]
    filled = [(i, fn) for i, (fn, _) in enumerate(getters) if fn is not None]
    pick = itemgetter(*order) if len(order) > 1 else (lambda values: (values[order[0]],))
    keep_const = None if getters[-1][0] is not None else need.get(getters[-1][1])
    type_const = getters[-1][0] is None

    def make(m):
        values = constant.copy()
        for i, fn in filled:
            values[i] = fn(m)
        if may_miss and MISSING in values:
            fact = {k: v for k, v in zip(names, values) if v is not MISSING}
            key = tuple((names[i], values[i]) for i in order if values[i] is not MISSING)
        else:
            fact = dict(zip(names, values))
            key = tuple(zip(sorted_names, pick(values)))
        return fact, key, keep_const if type_const else need.get(values[-1])
    return make


class _Compiled:
    """A rulebook registered with the C engine, with its actions and per-run collectors.

    This drives durable-rules' C extension directly (the same calls durable's own Python
    ``Ruleset`` makes: create_ruleset, assert_facts/assert_fact, start_action_for_state,
    complete_and_start_action, delete_state), without its Closure/Promise layer: actions
    are plain functions run synchronously in this thread, so there are no timer threads and
    no exception is ever swallowed into the session state.
    """

    def __init__(self, book: Rulebook, names: "frozenset[str] | None" = None):
        """Register ``book``'s engine rules (only those in ``names`` when given)."""
        self.book = book
        self.name = f"rb{next(_NAMES)}_{re.sub(r'[^a-z0-9]', '_', book.edition)}"
        self.firings: list[Firing] = []
        self.errors: list[str] = []
        self.derived_count = 0
        self.sid = ""
        self.by_fid: dict[str, dict] = {}
        self.seen: dict[tuple, str] = {}      # a derived fact's content -> its fid
        self.alts: dict[str, list[Firing]] = {}   # fid -> the other firings that derived it
        self.made: dict[int, list] = {}   # id(firing) -> the keys of the facts it made, in order
        definitions = book.engine_rule_names() if names is None else \
            [n for n in book.engine_rule_names() if n in names]
        # only the fact types some registered rule can match enter this ruleset
        types = {t for n in definitions for t in _TYPES[id(book)][1].get(n, ())} | {CONTROL_TYPE}
        rules = {id(r): r for r in (book.engine_names.get(n) for n in definitions) if r is not None}
        # and of their facts only the fields these rules test or join on (rulebook.book.
        # needed_fields of the rules present): the engine's cost grows with a fact's fields
        self.needed = {t: f for t, f in needed_fields(list(rules.values())).items() if t in types} \
            if names is not None else book.needed_fields
        self.actions = {ename: self._action(ename) for ename in definitions}
        # A ruleset holding some of the rules is stratified on its own (rulebook.book.
        # local_strata): a rule left out derives nothing here, so only the rules present need
        # to be apart, and their chains of negation are short. The whole rulebook keeps its
        # strata.
        self.strata_of = None if names is None else local_strata(list(rules.values()))
        strata_of = self.strata_of
        # the strata whose control fact some registered rule waits for (a rule with
        # ``unless``): asserting any other control fact would match nothing, so it is left out
        self.control_strata = frozenset(
            (r.stratum if strata_of is None else strata_of[r.id]) for r in rules.values() if r.unless)
        self.strata = book.strata if strata_of is None else max(strata_of.values(), default=0) + 1
        self.handle = _C.create_ruleset(self.name, book.ruleset_json(definitions, strata_of))
        # the rules it holds, for :func:`_holder`
        bits = _bits(book)
        self.size = len(definitions)
        self.mask = 0
        for n in definitions:
            self.mask |= bits.get(n, 0)
        self.key: tuple = ()

    def close(self) -> None:
        """Delete this ruleset from the engine (its memory given back); the runner is not used again."""
        handle, self.handle = self.handle, None
        if handle is not None:
            try:
                _C.delete_ruleset(handle)
            except Exception:  # pragma: no cover - a ruleset the engine no longer knows
                pass

    def _assert(self, payload: Any) -> int | None:
        """Assert one fact (dict) or a batch (list); return the state handle, None if not handled."""
        text = _dumps(payload)
        res = _C.assert_facts(self.handle, text) if isinstance(payload, list) else _C.assert_fact(self.handle, text)
        if res[0] == 1:        # no pattern can consume (one of) the fact(s)
            return None
        if res[0] == 2:        # already observed: the same fact is known
            return None
        return res[1] if res[0] != 3 else None

    def _assert_batch(self, batch: list) -> "int | None":
        """Assert the round's base facts (then stratum 0's control fact) as one batch; return
        the session's state handle, None if the engine handed none back. A fact no pattern
        matches (the answer "not handled") or one the session already holds ("already
        observed") is passed over while the others go in, and the engine still hands back the
        session's state, from which their pending actions run (asserting another control
        fact to get it cost a round an engine call and an action of the sink)."""
        res = _C.assert_facts(self.handle, _dumps(batch))
        return res[1] if res[0] in (0, 1, 2) else None

    def _drain(self, state_handle: int) -> None:
        """Run every pending action of the session, depth first, until none is left."""
        res = _C.start_action_for_state(self.handle, state_handle)
        if not res:
            return
        messages = res[1]
        while messages:
            for name, matched in _loads(messages).items():
                self.actions[name](matched)
                break
            if len(self.firings) > MAX_FIRINGS:
                raise UnsettledError(f"the rules fired more than {MAX_FIRINGS:,} times in one round "
                                     "(a fault in the rulebook: please report it with the case file)")
            messages = _C.complete_and_start_action(self.handle, state_handle)

    def _action(self, ename: str):
        rule = self.book.engine_names.get(ename)
        derives = [_fact_maker(c, self.needed) for c in rule.then if c.kind == "fact"] if rule is not None else []

        def act(matched: dict):
            if rule is None:
                return
            try:
                # the engine holds trimmed copies; the trace and templates get the whole fact
                by_fid = self.by_fid
                m = {a: by_fid[f["fid"]] for a, f in matched.items() if a != CONTROL_ALIAS}
                firing = Firing(rule, ename, m)
                self.firings.append(firing)
                seen = self.seen
                if derives:
                    made = self.made[id(firing)] = []
                for make in derives:
                    self.derived_count += 1
                    # a field copied from a field the matched fact lacks is left out
                    fact, key, keep = make(m)
                    made.append(key)
                    first = seen.get(key)
                    if first is not None:
                        # facts are a set: the same fact derived again (by this rule from
                        # other matches, or by another rule) adds no fact (asserted again under a new id, it would let
                        # rules that derive each other's premises multiply without end); the
                        # other derivation is kept, for reading order and provenance
                        self.alts.setdefault(first, []).append(firing)
                        continue
                    fact["fid"] = seen[key] = f"d{self.derived_count}"
                    fact["by"] = rule.id
                    by_fid[fact["fid"]] = fact
                    firing.derived.append(fact)
                    if keep is not None:   # only what some pattern can match enters the engine
                        d = {k: v for k, v in fact.items() if k in keep}
                        d["sid"] = self.sid
                        self._assert(d)    # its activations run from the drain loop
            except Exception as e:  # surface, never swallow
                self.errors.append(f"rule {rule.id}: {type(e).__name__}: {e}")
        return act

    def run_once(self, facts: list[dict]) -> list[Firing]:
        self.firings, self.errors = [], []
        self.seen, self.alts = {}, {}
        self.made = {}
        self.by_fid = {f["fid"]: f for f in facts}
        sid = self.sid = str(next(_SIDS))
        need = self.needed
        batch = []
        for f in facts:
            keep = need.get(f["t"])
            if keep is not None:    # a type no pattern matches never enters the engine
                d = {k: v for k, v in f.items() if k in keep}
                d["sid"] = sid
                batch.append(d)
        try:
            # Stratum 0's control fact closes the base batch: its negations see only base
            # facts, all of which are joined before it (actions run after the whole batch).
            batch.append({"sid": sid, "t": CONTROL_TYPE, "n": 0})
            state = self._assert_batch(batch)
            if state is None:
                # the batch's pending actions run from the next assert's state
                state = self._assert({"sid": sid, "t": CONTROL_TYPE, "n": -1})
            if state is not None:
                self._drain(state)
            for n in range(1, self.strata):
                if n not in self.control_strata:
                    continue
                state = self._assert({"sid": sid, "t": CONTROL_TYPE, "n": n})
                if state is not None:
                    self._drain(state)
        except UnsettledError:
            # the session is left mid-action (not deleted: a small leak on a refused run)
            raise
        except Exception as e:  # an engine error: fail loudly
            self.errors.append(f"engine: {e}")
        if not any(err.startswith("engine: ") for err in self.errors):
            # After an engine error the session is left half-built and deleting it frees
            # pointers it never owned (an abort, seen under valgrind): such a session is
            # left alone, a small leak on a run that fails anyway.
            try:
                _C.delete_state(self.handle, sid)
            except Exception:  # pragma: no cover - nothing to clean
                pass
        if self.errors:
            raise EngineError("; ".join(self.errors))
        return self.firings


_TYPES: dict[int, tuple] = {}


def _rule_types(book: Rulebook) -> tuple:
    """For each engine rule of ``book``: (the fact types its positive patterns need, the
    types it derives), and the types every pattern of it matches; cached per book (the entry
    keeps ``book`` alive, so its id cannot be reused)."""
    hit = _TYPES.get(id(book))
    if hit is None:
        need, matches = {}, {}
        for name, r in book.engine_names.items():
            alt = r.alternatives[int(name.rsplit("#", 1)[1]) - 1] if "#" in name else []
            positive = frozenset(p.type for p in (*r.when, *alt))
            need[name] = (positive, frozenset(r.derives))
            matches[name] = positive | {p.type for p in r.unless}
        hit = _TYPES[id(book)] = (need, matches, book, {})
    return hit


def _possible_rules(book: Rulebook, base_types: frozenset) -> frozenset:
    """The engine rules of ``book`` that can fire on a case whose base facts have the types
    ``base_types``: those whose positive patterns all match types that are among the base
    types or derived by such rules (a closure). A rule left out could never fire."""
    need, _, _, memo = _rule_types(book)
    hit = memo.get(base_types)
    if hit is None:
        have = set(base_types)
        grown = True
        while grown:
            grown = False
            for positive, derives in need.values():
                if positive <= have and not derives <= have:
                    have |= derives
                    grown = True
        hit = memo[base_types] = frozenset(n for n, (positive, _) in need.items() if positive <= have)
    return hit


def compiled(book: Rulebook, base_types: "frozenset | None" = None) -> _Compiled:
    """Register ``book`` with the C engine once per process and return its runner.

    With ``base_types`` (the fact types of a case's base facts), the runner holds only the
    rules that can fire on such a case (see :func:`_possible_rules`): one ruleset per set of
    types, registered on first use, so the engine never stores facts for rules that wait for
    a fact the case cannot have (the Law 27 cases need about half of the rulebook).
    """
    if base_types is None:
        key = (id(book), None)
        runner = _lookup(key)
        if runner is None:
            _rule_types(book)
            runner = _keep(key, _Compiled(book))
        return runner
    names = _possible_rules(book, base_types)
    key = (id(book), names)
    runner = _lookup(key)
    if runner is None:
        shapes = _SHAPES.setdefault(id(book), [book, 0])
        if shapes[1] >= MAX_SHAPE_RULESETS:
            # a ruleset holding every rule this shape needs: another's, or the whole rulebook
            return _holder(book, names) or compiled(book)
        shapes[1] += 1
        runner = _keep(key, _Compiled(book, names | {"control-sink"}))
    return runner


#: per rulebook (by id; the entry keeps the book alive): [book, shape rulesets made]
_SHAPES: dict[int, list] = {}


def limit_rulesets(shapes: int, values: int) -> None:
    """Set how many shape and value rulesets a rulebook may register in this process (a server
    that must stay small: ``director serve``); a case met beyond them is ruled, as always, on a
    ruleset holding every rule it needs (the same ruling, a little more engine time)."""
    global MAX_SHAPE_RULESETS, MAX_VALUE_RULESETS
    MAX_SHAPE_RULESETS, MAX_VALUE_RULESETS = max(0, shapes), max(0, values)


#: rulesets registered for the rules that can fire by the values of a round's facts (see
#: bridge_director.rulebook.prune), per rulebook: each costs a ruleset compile (5 ms for 70
#: rules) and 1-3 MB of the engine's memory, so only sets met more than once get one, and no
#: more than this many over the life of a process (the 36 Law 27 cases alone meet 48 sets; at
#: 32, a tenth of their rounds ran on the ruleset for their types, about twice the rules, and
#: the engine's time per case was a quarter more). Generated cases seldom meet a value set
#: twice (5,900 sets in 14,300 rounds); their rounds run on a registered ruleset holding
#: their set (:func:`_holder`).
MAX_VALUE_RULESETS = 64
_PRUNERS: dict[int, tuple] = {}
_MET: dict[tuple, int] = {}


def runner_for(book: Rulebook, types: frozenset, facts: list[dict]) -> _Compiled:
    """The runner for one round with base facts ``facts`` (of the fact types ``types``): one
    holding only the rules that can fire by the facts' values (bridge_director.rulebook.prune) when that set has
    its ruleset, else the runner for the facts' types (:func:`compiled`), which holds them all.

    A set met more than once gets its own ruleset; so does the first set of a process that has
    no ruleset yet for the facts' types (a cold ``director rule``: the rules the values allow
    are about a third of those the types allow, and registering them costs as much less), up
    to :data:`MAX_VALUE_RULESETS` per rulebook. Any other set runs on the smallest registered
    ruleset that holds it (:func:`_holder`), else on the runner for the facts' types."""
    hit = _PRUNERS.get(id(book))
    if hit is None:
        from bridge_director.rulebook.prune import Pruner
        hit = _PRUNERS[id(book)] = (book, book.pruner or Pruner(book), [0])
    _, pruner, registered = hit
    names = pruner.possible(facts)
    key = (id(book), "values", names)
    runner = _lookup(key)
    if runner is not None:
        return runner
    allowed = _possible_rules(book, types)
    if registered[0] < MAX_VALUE_RULESETS and names < allowed:
        if _REGISTERED.get((id(book), allowed)) is not None:
            met = _MET[key] = _MET.get(key, 0) + 1
            if met < 2:
                if len(_MET) > 4 * MAX_VALUE_RULESETS:
                    _MET.clear()
                registered = None
        if registered is not None:
            registered[0] += 1
            return _keep(key, _Compiled(book, names | {"control-sink"}))
    # the smallest ruleset registered that holds every rule the values allow (another value
    # set's most of the time), else the ruleset for the facts' types
    return _holder(book, names) or compiled(book, types)


_OUTCOME_FILLS = ByObject()
#: an outcome's fields, as its conclusion names them, in OutcomeRecord's order; True: shown as text
OUTCOME_FIELDS = (("outcome", False), ("cite", False), ("for", True), ("option", True), ("branch", True),
                  ("text", True))


def _outcome_fills(rule: Rule) -> list[tuple]:
    """(conclusion, its outcome maker) for each outcome of ``rule`` (cached; keeps ``rule`` alive)."""
    return _OUTCOME_FILLS.get(rule, lambda: [(c, _outcome_maker(c.data)) for c in rule.then
                                             if c.kind == "outcome"])


def _outcome_maker(data: dict):
    """A function ``matched -> [code, cite, who, option, branch, text]`` filling an outcome
    conclusion's templates (:data:`OUTCOME_FIELDS`; a field it lacks is '', the shown fields
    are text). The constant fields are worked out once.

    Raises:
        KeyError: the conclusion has no ``outcome`` or no ``cite``.
    """
    consts, dynamic = [], []
    for i, (name, as_text) in enumerate(OUTCOME_FIELDS):
        v = data[name] if not as_text else data.get(name, "")
        if _has_placeholder(v):
            dynamic.append((i, compile_template(v), as_text))
            consts.append(None)
        else:
            consts.append(str(v) if as_text else v)
    if not dynamic:
        return lambda m: consts

    def make(m):
        out = list(consts)
        for i, fill, as_text in dynamic:
            v = fill(m)
            out[i] = str(v) if as_text else v
        return out
    return make


def _outcomes(firings: list[Firing], alts: "dict[str, list[Firing]] | None" = None) -> list[OutcomeRecord]:
    """The outcomes of ``firings``, in reading order: by the latest case event behind them
    (following derived facts back to the facts they came from, so what follows a decision
    comes after it), then rulebook order.

    ``alts`` maps a derived fact's fid to the other firings that derived the same fact (see
    ``_Compiled``): a fact counts from its earliest derivation, and that derivation becomes
    the one its firing lists (the ruling's provenance follows it).
    """
    alts = alts or {}
    by_fid = {d["fid"]: f for f in firings for d in f.derived}
    latest: dict[int, int] = {}

    def behind(f: Firing) -> int:
        """The latest event number behind firing ``f`` (memoised; a cycle counts as 0)."""
        key = id(f)
        if key not in latest:
            latest[key] = 0
            n = 0
            for v in f.matched.values():
                fid = v.get("fid")
                src = by_fid.get(fid)
                if src is not None:
                    others = alts.get(fid)
                    n = max(n, min(behind(x) for x in (src, *others)) if others else behind(src))
                own = v.get("idx", v.get("of", 0))
                if isinstance(own, int):
                    n = max(n, own)
            latest[key] = n
        return latest[key]

    position = {id(f): i for i, f in enumerate(firings)} if alts else {}
    moved_to: dict[int, Firing] = {}
    for fid, others in alts.items():
        # the earliest derivation (first in firing order among equals) lists the fact
        src = by_fid[fid]
        best = min((src, *others), key=lambda f: (behind(f), position[id(f)]))
        if best is not src:
            fact = next(d for d in src.derived if d["fid"] == fid)
            src.derived.remove(fact)
            best.derived.append(fact)
            fact["by"] = best.rule.id
            moved_to[id(best)] = best
    for best in moved_to.values():
        # in the order of their numbers (the order the engine ran the firings in is not the case's)
        best.derived.sort(key=_fid_number)

    out = []
    for f in firings:
        fills = _outcome_fills(f.rule)
        if not fills:
            continue
        events = []
        for v in f.matched.values():
            n = v.get("idx", v.get("of", 0))
            if isinstance(n, int):
                events.append(n or 0)
        events.sort()
        events = tuple(events)
        first = (behind(f), f.rule.order, events)
        for concl, fill in fills:
            code, cite, who, option, branch, text = fill(f.matched)
            out.append(OutcomeRecord(code, cite, who, option, branch, text, f.rule, f, first + (concl.index,)))
    out.sort(key=lambda o: o.order)
    # ``behind`` calls itself through its closure: a cycle (the function, its cell, the memo
    # and every firing they reach) that only the cyclic collector would free, after the case
    behind = None   # noqa: F841
    return out


def _fid_number(fact: dict) -> int:
    """A derived fact's number (its fid is d<number>)."""
    return int(fact["fid"][1:])


def call_status_facts(derived: list[dict], call_events: "Iterable[int]") -> Iterator[tuple[int, str, dict]]:
    """(event, status, the derived fact that gives it) for every call status the derived facts
    give: a ``call-status`` fact its own call's; a ``calls-swept`` fact ``voided`` for each
    call made after its ``after`` event (``call_events``: the case's call event numbers)."""
    events = None
    for d in derived:
        t = d["t"]
        if t == "call-status":
            st, of = d.get("status"), d.get("of")
            if st in CALL_STATUSES and isinstance(of, int):
                yield of, st, d
        elif t == "calls-swept" and isinstance(d.get("after"), int):
            if events is None:
                events = list(call_events)
            for n in calls_after(d["after"], events):
                yield n, "voided", d


def _statuses(derived: list[dict], facts: list[dict]) -> dict[int, str]:
    """The mapping event -> call status from derived ``call-status`` and ``calls-swept`` facts
    (highest precedence wins) over the base facts ``facts``."""
    out: dict[int, str] = {}
    rank = CALL_STATUSES.index
    for of, st, _ in call_status_facts(derived, _call_events(facts)):
        if of not in out or rank(st) > rank(out[of]):
            out[of] = st
    return out


def _call_events(facts: list[dict]) -> "Iterator[int]":
    """The event numbers of the call facts among ``facts``."""
    return (f["idx"] for f in facts if f["t"] == "call" and isinstance(f.get("idx"), int))


def _sort_firings(firings: list[Firing], seen: dict[tuple, str]) -> None:
    """Sort one round's firings (in place) by rulebook order, then by the facts they matched:
    a base fact by its fid, a derived fact by its content (``seen``: content -> fid), so the
    order does not depend on the order the engine ran them in, nor on how derived facts
    were numbered. Only the firings of a rule that fired more than once need the facts'
    keys (a stable sort by order, then each run of equal orders by its keys, is the sort by
    both)."""
    firings.sort(key=_rule_order)
    start = 0
    content: "_ContentKeys | None" = None
    for end in range(1, len(firings) + 1):
        if end < len(firings) and firings[end].rule.order == firings[start].rule.order:
            continue
        if end - start > 1:
            if content is None:
                content = _ContentKeys(seen)
            firings[start:end] = sorted(firings[start:end], key=lambda f: _facts_key(f, content))
        start = end


class _ContentKeys:
    """A derived fact's sort key by its content (:func:`_content_key`), by its fid, worked out
    for the facts a tie between firings asks for (``seen``: content -> fid)."""

    def __init__(self, seen: "dict[tuple, str]"):
        self.key_of = {fid: key for key, fid in seen.items()}
        self.done: dict[str, bytes] = {}

    def get(self, fid: Any) -> "bytes | None":
        """The content key of derived fact ``fid``; None for any other fid (a base fact's)."""
        hit = self.done.get(fid)
        if hit is None:
            key = self.key_of.get(fid)
            if key is None:
                return None
            hit = self.done[fid] = _content_key(key)
        return hit


def _renumber(firings: list[Firing], runner: "_Compiled", start: int) -> None:
    """Number the round's derived facts d<start+1>, d<start+2>, ... in the order of the sorted
    ``firings`` (each at the first firing that derived it, in the order it made them), so
    that their ids, like the firings' order, do not depend on the order the engine ran the
    rules in (a ruleset's strata set that order; see ``_Compiled``). Renames them in place
    and in ``runner.seen`` and ``runner.alts``."""
    if not runner.seen:
        return
    seen, made = runner.seen, runner.made
    new: dict[str, str] = {}
    n = start
    for f in firings:
        for key in made.get(id(f)) or ():
            old = seen[key]
            if old not in new:
                n += 1
                new[old] = f"d{n}"
    if all(a == b for a, b in new.items()):
        return
    by_fid = runner.by_fid
    facts = [by_fid[old] for old in new]
    for fact, fid in zip(facts, new.values()):
        fact["fid"] = fid
    runner.by_fid.update({f["fid"]: f for f in facts})
    runner.seen = {key: new[old] for key, old in seen.items()}
    runner.alts = {new[old]: others for old, others in runner.alts.items()}


def _rule_order(f: Firing) -> int:
    return f.rule.order


def _content_key(key: tuple) -> bytes:
    """The sort key of a derived fact, by its content (its identity key)."""
    try:
        return b"\x01" + _dumps(key).encode()
    except TypeError:           # a value JSON cannot hold
        return b"\x02" + repr(key).encode()


def _facts_key(f: Firing, content: "_ContentKeys") -> list:
    """The sorted keys of the facts firing ``f`` matched: a derived fact's content, a base
    fact's fid."""
    out = []
    for v in f.matched.values():
        fid = v.get("fid")
        c = content.get(fid)
        out.append(b"\x00" + str(fid).encode() if c is None else c)
    out.sort()
    return out


def run(book: Rulebook, derive) -> RunResult:
    """Rule on a case to a fixpoint over call statuses.

    Each round runs the rules on ``derive(status)``; the ``call-status`` facts they derive give
    the next mapping event -> status (``cancelled``: the replay leaves the call out;
    ``replaced-by-pass``: the replay counts it as a pass by the same seat). The run ends when
    the mapping no longer changes.

    Args:
        book: a compiled Rulebook.
        derive: ``derive(status: Mapping[int, str]) -> list[dict]`` giving base facts with the
            auction replayed under the given call statuses (``bridge_director.infer.facts.derive`` reads a
            mapping; ``n in status`` is true for every call whose status changed).
    Returns:
        RunResult of the last round.
    Raises:
        EngineError: an action failed, or the statuses did not settle within MAX_ROUNDS.
    """
    _run_count()
    status: dict[int, str] = {}
    facts = derive(MappingProxyType(dict(status)))
    # the fact types do not depend on the call statuses: one type runner for every round;
    # each round may run on a smaller one, holding the rules its facts' values allow
    types = frozenset(f["t"] for f in facts)
    count = 0                    # derived facts are numbered d1, d2, ... in each case
    history = [status]
    seen: list = []
    for rounds in range(1, MAX_ROUNDS + 1):
        runner = runner_for(book, types, facts)
        runner.derived_count = start = count
        firings = runner.run_once(facts)
        count = runner.derived_count
        _sort_firings(firings, runner.seen)
        _renumber(firings, runner, start)
        seen.append((facts, firings))
        derived = [d for f in firings for d in f.derived]
        now = _statuses(derived, facts)
        settled = now == status
        if not settled:
            if now in history:
                # a mapping seen before, not the last one: the statuses go round in a cycle
                cycle = history[history.index(now):]
                moving = sorted({n for m in cycle for n in m.keys() | now.keys() if m.get(n) != now.get(n)})
                raise UnsettledError(
                    "the rules do not settle which calls stand: the status of the call"
                    f"{'s' if len(moving) > 1 else ''} at event{'s' if len(moving) > 1 else ''} "
                    f"{', '.join(map(str, moving))} changes back and forth every "
                    f"{len(cycle)} rounds (a fault in the rulebook: please report it with the case file)",
                    tuple(moving))
            history.append(now)
            new_facts = derive(MappingProxyType(dict(now)))
            # statuses that change no base fact cannot change what the rules conclude
            settled, status, facts = new_facts == facts, now, new_facts
        if settled:
            taken_out = frozenset(n for n, st in status.items() if st in ("cancelled", "replaced-by-pass", "voided"))
            return RunResult(_outcomes(firings, runner.alts), firings, derived, rounds, taken_out, dict(status),
                             seen)
    moving = tuple(sorted(n for n in history[-1].keys() | history[-2].keys()
                          if history[-1].get(n) != history[-2].get(n)))
    raise UnsettledError(
        f"the rules did not settle which calls stand within {MAX_ROUNDS} rounds (still changing: "
        f"events {', '.join(map(str, moving))}; a fault in the rulebook: please report it with the case file)",
        moving)

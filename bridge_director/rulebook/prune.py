"""Which rules of a rulebook can fire on one round's facts, by the values the facts carry.

The engine matches every fact against every pattern of its ruleset, and keeps partial
matches for every rule whose first patterns match, whether or not the rule can ever fire.
A rule can fire only when each of its positive patterns can be matched: by a base fact of
its type, or by a fact some rule that can itself fire derives. This module tells, for the
base facts of a round, the engine rules for which that holds (a closure, as in
``inference._possible_rules``, but by values as well as types):

* a pattern's equality (and ``in``) tests on constants must each be met by some fact of its
  type: a base fact's value of that field, or a derived fact's, taken from the templates of
  the rules that can fire (a field a template fills from a matched fact can be anything);
* a pattern's ``ne`` test on a constant must be met by some fact of its type: one without
  the field (the engine counts an absent field as not equal), or with another value (a
  value of another type counts as another value; a template's field filled from a matched
  fact can be anything);
* a field the pattern tests with ``exists``, joins on (its own side of an equality join) or
  that a later pattern's join reads (the compiler tests that it exists) must be present, or
  absent for ``exists: false``, on some fact of its type (a template's field filled from a
  matched fact may be either);
* the joins' values and comparisons are taken as met, and so is each test on its own (one
  fact need not meet them all): the answer errs towards keeping a rule.

A rule left out could never have fired on those facts, so leaving it out of the ruleset
changes no firing and no conclusion; a negation belongs to the rule that holds it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bridge_director.base.memo import hashable
from bridge_director.rulebook.model import TEMPLATE_RE, Ref

if TYPE_CHECKING:
    from bridge_director.rulebook.model import Rulebook

_ANY = object()       # a field whose values cannot be told (a template fills it)


class Pruner:
    """The value tests of every engine rule of ``book``, worked out once, as atoms.

    An atom is (type, field, allowed values), or (type, None, None) for "a fact of this type
    exists". A rule needs every atom of its positive patterns; a base fact makes the atoms it
    meets true; a rule that can fire makes true the atoms its derived facts can meet.
    """

    def __init__(self, book: "Rulebook"):
        self.book = book
        atoms, needs, makes = _needs_and_makes(book)
        self.names = tuple(needs)
        self.atoms = tuple(atoms)
        self._index_atoms(atoms)
        self.need_count = [len(needs[n]) for n in self.names]
        self.users: list[list[int]] = [[] for _ in atoms]       # atom -> rules needing it
        for k, n in enumerate(self.names):
            for i in needs[n]:
                self.users[i].append(k)
        # rule -> the atoms its derived facts can make true (None: every atom)
        self.gives: list["tuple | None"] = [self._gives(makes[n]) for n in self.names]
        self._index_values()
        #: the key of the atoms the base facts meet (signature()) -> the rules that can fire (a
        #: function of the rulebook alone, worked out once per key; bounded by MAX_MEMO)
        self.closures: dict[frozenset, frozenset] = {}
        #: (type, the values of its tested fields) -> (a serial number, never given twice, and
        #: the atoms such a fact meets) (bounded; see signature())
        self.fact_atoms: dict[tuple, tuple] = {}
        self.serial = 0

    def _index_atoms(self, atoms: "dict[tuple, int]") -> None:
        """``tested``: type -> field -> [(atom index, allowed values)]; ``exists``: type -> its
        existence atom; ``unequal``: type -> [(field, value, atom index)] for the ``ne`` atoms
        (met by a fact whose field is absent or holds another value)."""
        self.tested: dict[str, dict[str, list]] = {}
        self.exists: dict[str, int] = {}
        self.unequal: dict[str, list] = {}
        self.present: dict[str, list] = {}      # type -> [(field, present?, atom index)]
        for (t, fld, allowed), i in atoms.items():
            if fld is None:
                self.exists[t] = i
            elif isinstance(allowed, tuple) and allowed[0] == "ne":
                self.unequal.setdefault(t, []).append((fld, allowed[1], i))
            elif isinstance(allowed, tuple):          # ("ex", True | False)
                self.present.setdefault(t, []).append((fld, allowed[1], i))
            else:
                self.tested.setdefault(t, {}).setdefault(fld, []).append((i, allowed))

    def _gives(self, made: "list | None") -> "tuple | None":
        """The atoms the facts a rule derives (``made``: [(type, field template)], None for any)
        can make true; None: every atom."""
        if made is None:
            return None
        out = set()
        for t, tmpl in made:
            if t in self.exists:
                out.add(self.exists[t])
            for fld, lst in self.tested.get(t, {}).items():
                if fld in tmpl:
                    v = tmpl[fld]
                    out.update(i for i, allowed in lst if v is _ANY or v in allowed)
            for fld, value, i in self.unequal.get(t, ()):
                if fld not in tmpl or tmpl[fld] is _ANY or not _equal(tmpl[fld], value):
                    out.add(i)
            for fld, want, i in self.present.get(t, ()):
                # a field filled from a matched fact is left out when that fact lacks it
                if tmpl.get(fld, None) is _ANY or (fld in tmpl) == want:
                    out.add(i)
        return tuple(out)

    def _index_values(self) -> None:
        """``by_value``: type -> [(field, value -> the atoms a fact with that value meets)];
        ``by_type``: type -> (existence atom or None, its value indexes), for met(); ``keyed``:
        type -> its tested fields, when None is a value no test of that type looks for (so that
        an absent field and a None value meet the same atoms; see met())."""
        self.by_value: dict[str, list[tuple[str, dict]]] = {}
        for t, fields in self.tested.items():
            lst = []
            for fld, atoms_of in fields.items():
                index: dict = {}
                for i, allowed in atoms_of:
                    for v in allowed:
                        index.setdefault(v, []).append(i)
                lst.append((fld, index))
            self.by_value[t] = lst
        self.by_type: dict[str, tuple] = {t: (self.exists.get(t), tuple(self.by_value.get(t, ())))
                                          for t in {*self.exists, *self.by_value}}
        for t in (*self.unequal, *self.present):
            self.by_type.setdefault(t, (self.exists.get(t), ()))
        #: type -> the fields whose presence an atom tests (a fact's memo key says which it has)
        self.presence: dict[str, tuple] = {t: tuple(dict.fromkeys(fld for fld, _, _ in lst))
                                           for t, lst in self.present.items()}
        self.keyed: dict[str, tuple] = {t: tuple(dict.fromkeys([*(fld for fld, _ in indexes),
                                                                 *(fld for fld, _, _ in self.unequal.get(t, ()))]))
                                        for t, (_, indexes) in self.by_type.items()
                                        if not any(None in index for _, index in indexes)}

    def possible(self, facts: list[dict]) -> frozenset:
        """The engine rules that can fire on a round whose base facts are ``facts``."""
        key, parts = self.signature(facts)
        hit = self.closures.get(key)
        if hit is None:
            if len(self.closures) >= MAX_MEMO:
                self.closures.clear()
            hit = self.closures[key] = self.closure(frozenset(i for part in parts for i in part))
        return hit

    def met(self, facts: list[dict]) -> frozenset:
        """The atoms (indices) the base facts ``facts`` make true, each fact on its own."""
        return frozenset(i for part in self.signature(facts)[1] for i in part)

    def signature(self, facts: list[dict]) -> "tuple[frozenset, list[tuple]]":
        """(a key for the atoms ``facts`` make true, the atoms as parts: one tuple of them per
        fact, and per fact's presence of fields). A part worked out by a fact's tested values
        is memoised with a serial number, and the key is the set of the parts' numbers (a part
        not memoised stands for itself): a dozen small numbers to hash and compare, not the
        eighty-odd atoms of a round, whose sets were compared entry by entry. A number is
        never given twice, so a key always stands for the same atoms."""
        key: list = []
        parts: list[tuple] = []
        keyed, memo, presence = self.keyed, self.fact_atoms, self.presence
        for f in facts:
            t = f["t"]
            fields = keyed.get(t)
            if fields is None:
                part = self.fact_met(f)
                key.append(part)
                parts.append(part)
                continue
            k = (t, tuple(map(f.get, fields)))
            try:
                hit = memo.get(k)
            except TypeError:           # a list value: looked up field by field
                part = self.fact_met(f)
                key.append(part)
                parts.append(part)
                continue
            if hit is None:
                hit = memo[k] = self._numbered(self.fact_met(f, False))
            key.append(hit[0])
            parts.append(hit[1])
            ex = presence.get(t)
            if ex is not None:          # the atoms of the fields it has (keys of their own shape)
                k = (t, None, tuple(map(f.__contains__, ex)))
                hit = memo.get(k)
                if hit is None:
                    hit = memo[k] = self._numbered(tuple(i for fld, want, i in self.present[t]
                                                         if (fld in f) == want))
                key.append(hit[0])
                parts.append(hit[1])
        return frozenset(key), parts

    def _numbered(self, part: tuple) -> "tuple[int, tuple]":
        """``part`` with the next serial number, for a memo entry (the memo is emptied when full)."""
        if len(self.fact_atoms) >= MAX_MEMO:
            self.fact_atoms.clear()
        self.serial += 1
        return self.serial, part

    def fact_met(self, f: dict, presence: bool = True) -> tuple:
        """The atoms (indices) the fact ``f`` makes true: its type's existence atom, the atoms
        its tested fields' values meet, and (with ``presence``) those of the fields it has."""
        hit = self.by_type.get(f["t"])
        if hit is None:
            return ()
        e, indexes = hit
        true = [] if e is None else [e]
        for fld, index in indexes:
            if fld in f:
                try:
                    atoms = index.get(f[fld])
                except TypeError:       # an unhashable value meets no constant
                    continue
                if atoms is not None:
                    true.extend(atoms)
        for fld, value, i in self.unequal.get(f["t"], ()):
            if fld not in f or not _equal(f[fld], value):
                true.append(i)
        for fld, want, i in self.present.get(f["t"], ()) if presence else ():
            if (fld in f) == want:
                true.append(i)
        return tuple(true)

    def closure(self, met: frozenset) -> frozenset:
        """The engine rules whose atoms all hold, from the atoms ``met`` and those the derived
        facts of the rules that can fire make true (a closure)."""
        true = set(met)
        missing = list(self.need_count)
        users, gives, names = self.users, self.gives, self.names
        chosen = []
        work = list(true)
        while work:
            i = work.pop()
            for k in users[i]:
                missing[k] -= 1
                if missing[k] == 0:
                    chosen.append(names[k])
                    g = gives[k]
                    if g is None:
                        return frozenset(names)
                    for j in g:
                        if j not in true:
                            true.add(j)
                            work.append(j)
        return frozenset(chosen)


#: entries a Pruner's memos keep (sets of atoms met, facts' tested values; cleared when full)
MAX_MEMO = 4096


def _has_placeholder(value: Any) -> bool:
    """Whether a template value holds an ``{alias.field}`` placeholder (in a dict: in a value)."""
    if isinstance(value, str):
        return TEMPLATE_RE.search(value) is not None
    if isinstance(value, dict):
        return any(_has_placeholder(v) for v in value.values())
    return False


def _equal(a: Any, b: Any) -> bool:
    """Whether the engine certainly finds ``a`` equal to ``b``: the same type and value (a
    value of another type is taken as unequal, so an ``ne`` test on it is taken as met)."""
    return type(a) is type(b) and a == b


def _needs_and_makes(book: "Rulebook") -> tuple:
    """For each engine rule of ``book``: the atoms it needs (a fact of a type, or of a type with
    a field among some values) and the facts it makes ([(type, field template)], None when a
    type is filled at firing time). Returns (atoms: (type, field, allowed) -> index, needs:
    rule name -> set of atom indexes, makes: rule name -> list or None)."""
    atoms: dict[tuple, int] = {}

    def atom(t: str, fld: "str | None", allowed: "frozenset | None") -> int:
        return atoms.setdefault((t, fld, allowed), len(atoms))
    needs: dict[str, set] = {}
    makes: dict[str, "list | None"] = {}
    for name, r in book.engine_names.items():
        alt = r.alternatives[int(name.rsplit("#", 1)[1]) - 1] if "#" in name else []
        need = set()
        positive = (*r.when, *alt)
        # the fields a join reads, by the pattern they are read from (compiled as $ex tests)
        read = {(v.alias, v.field) for p in positive for _, _, v in p.tests if isinstance(v, Ref)}
        for p in positive:
            need.add(atom(p.type, None, None))
            for alias, fld in read:
                if alias == p.alias:
                    need.add(atom(p.type, fld, ("ex", True)))
            for fld, op, v in p.tests:
                if op == "exists":
                    need.add(atom(p.type, fld, ("ex", bool(v))))
                if isinstance(v, Ref):
                    if op == "eq":      # the fact's own side of an equality join
                        need.add(atom(p.type, fld, ("ex", True)))
                    continue
                if op == "eq" and hashable(v):
                    need.add(atom(p.type, fld, frozenset((v,))))
                elif op == "in" and all(hashable(x) for x in v):
                    need.add(atom(p.type, fld, frozenset(v)))
                elif op == "ne" and v is not None and hashable(v):
                    need.add(atom(p.type, fld, ("ne", v)))
        needs[name] = need
        makes[name] = _made_facts(r)
    return atoms, needs, makes


def _made_facts(r) -> "list | None":
    """The facts rule ``r`` derives, as [(type, field template)] (a field filled at firing time
    or unhashable is ``_ANY``); None when a type is filled at firing time (anything may follow)."""
    made: list = []
    for c in r.then:
        if c.kind != "fact":
            continue
        t = c.data.get("type")
        if not isinstance(t, str) or _has_placeholder(t):
            return None
        made.append((t, {k: (_ANY if _has_placeholder(v) or not hashable(v) else v)
                         for k, v in c.data.items() if k != "type"}))
    return made

"""The rulebook: ``rules/*.yaml`` -> validated rules -> one compiled ruleset per edition.

A rule file holds ``law``, ``title``, ``edition`` and a list of ``rules``. A rule is::

    - id: ib-corrected-lowest-same-denomination     # unique across the edition
      cite: 27B1(a)                                 # exact sub-clause
      summary: our own words                        # what the rule says
      when:                                         # patterns over facts, in order
        ib:   {type: insufficient-bid}
        repl: {type: call, replaces: "{ib.idx}", call: "{ib.lowest_same}"}
      unless:                                       # negated patterns (stratified)
        accepted: {type: ib-accepted, of: "{ib.idx}"}
      any:                                          # disjunction: alternatives added to `when`
        - {judgement: {type: judgement, of: "{ib.idx}", prop: artificial, value: false}}
      then:
        - outcome: no-further-rectification         # a code from rules/vocabulary.yaml
          for: "{repl.seat}"                        # optional seat or side
          option: "..."                             # optional: the choice this follows from
          branch: "..."                             # optional: the judgement this assumes
          cite: 27D                                 # optional: overrides the rule's cite
          text: "{repl.seat} ... {repl.call}"       # plain words
        - fact: {type: call-status, of: "{repl.idx}", status: cancelled}

Pattern names are lower case letters, digits and ``_``, and say what they stand for (``ib``,
``call``, ``repl``, ``judgement``): a law teacher reads a rule aloud ("when an insufficient bid
ib and a call repl that replaces ib.idx ..."), so a one-letter name is refused.

Pattern values: a scalar means equality; ``"{alias.field}"`` joins to an earlier alias;
a mapping gives an operator: ``ne``, ``lt``, ``le``, ``gt``, ``ge`` (value or join; for
``ne`` an absent field counts as not equal),
``in`` (a list of scalars) or ``exists`` (true/false). ``null`` means the field is absent.

Compilation: each alternative of ``any`` becomes its own engine rule (a correlated ``$or``
holding an ``$and`` is silently wrong in durable-rules). Negation is stratified: a rule that
negates a fact type runs in a later stratum than every rule that derives that type; a
rulebook where that is impossible is rejected, naming the rules in the cycle. Rules with
``unless`` carry the control fact of their stratum just before their negations, so that a
negation is checked only once every fact it could see is present (durable-rules checks
``$not`` once, when the patterns to its left have matched).

An ``unless`` sees every fact: durable-rules' rules are "distinct" by default (no two patterns
match one fact, and a negation passes over a fact a positive pattern matched), so a rule whose
``unless`` may see a fact its ``when`` matched is compiled with ``dist: 0`` and its positive
patterns kept apart by ``fid`` (:func:`may_share_a_fact`). An ``unless`` comparing by anything
but equality with a field a matched fact may lack is refused (:func:`check_negation_joins`).
"""

from __future__ import annotations
import json
import os
import stat
import pickle
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any
from bridge_director.base import editions
from bridge_director.base.yamlpos import InputError, PosDict, law_number, load, position
from bridge_director.rulebook import shapes
from bridge_director.rulebook.model import control_pattern, ALIAS_RE, CITE_RE, CONTROL_TYPE, Conclusion, DERIVED_BASE_TYPES, DIRECTOR_OPTION, OPS, OPTIONS_FACT, Pattern, REF_RE, RULE_KEYS, Ref, Rule, Rulebook, TEMPLATE_RE, THEN_KEYS, TR_KEYS


def _err(file: str, container: Any, key: Any, fieldname: str, message: str) -> InputError:
    line, col = position(container, key)
    return InputError(file, line, col, fieldname, message)


def _parse_value(file, container, key, fieldname, value, aliases: list[str]):
    """One pattern field value -> list of (op, value) tests."""
    if isinstance(value, str):
        m = REF_RE.match(value)
        if m:
            if m[1] not in aliases:
                raise _err(file, container, key, fieldname,
                           f"joins to unknown pattern '{m[1]}': expected one of {', '.join(aliases) or '(none earlier)'}")
            return [("eq", Ref(m[1], m[2]))]
        return [("eq", value)]
    if value is None:
        return [("exists", False)]
    if isinstance(value, (bool, int, float)):
        return [("eq", value)]
    if isinstance(value, dict):
        tests = []
        for op, v in value.items():
            if op in OPS:
                inner = _parse_value(file, value, op, f"{fieldname}.{op}", v, aliases)
                if inner[0][0] != "eq":
                    raise _err(file, value, op, f"{fieldname}.{op}", "expected a scalar or a join '{alias.field}'")
                tests.append((op, inner[0][1]))
            elif op == "in":
                if not isinstance(v, list) or not v or any(isinstance(x, (dict, list)) for x in v):
                    raise _err(file, value, op, f"{fieldname}.in", f"expected a non-empty list of scalars, found {v!r}")
                tests.append(("in", tuple(v)))
            elif op == "exists":
                if not isinstance(v, bool):
                    raise _err(file, value, op, f"{fieldname}.exists", f"expected true or false, found {v!r}")
                tests.append(("exists", v))
            else:
                raise _err(file, value, op, fieldname,
                           f"unknown operator '{op}': expected one of ne, lt, le, gt, ge, in, exists")
        if not tests:
            raise _err(file, container, key, fieldname, "expected an operator mapping, found an empty mapping")
        return tests
    raise _err(file, container, key, fieldname, f"expected a scalar, a join or an operator mapping, found {value!r}")


def _parse_patterns(file, rule, key, aliases: list[str], rid: str) -> list[Pattern]:
    block = rule.get(key)
    if not isinstance(block, dict) or not block:
        raise _err(file, rule, key, f"{rid}.{key}", "expected a mapping of pattern names to patterns")
    out = []
    for alias, pat in block.items():
        fname = f"{rid}.{key}.{alias}"
        if not isinstance(alias, str) or not ALIAS_RE.match(alias):
            raise _err(file, block, alias, fname, "expected a pattern name in lower case letters, digits and _")
        if len(alias) == 1:
            # a rule is read aloud by a law teacher: "when an insufficient bid ib and a call repl
            # that replaces ib.of", not "when c and r"
            raise _err(file, block, alias, fname,
                       f"one-letter pattern name '{alias}': expected a pattern name that says what it "
                       "stands for, such as `ib` or `call`")
        if alias in aliases:
            raise _err(file, block, alias, fname, f"pattern name '{alias}' is used twice in this rule")
        if not isinstance(pat, dict) or not isinstance(pat.get("type"), str):
            raise _err(file, block, alias, fname, "expected a mapping with a 'type' (the fact type it matches)")
        tests = []
        for fld, val in pat.items():
            if fld == "type":
                continue
            if not isinstance(fld, str) or not re.match(r"^[a-z][a-z0-9_]*$", fld):
                raise _err(file, pat, fld, fname, f"field name {fld!r}: expected lower case letters, digits and _")
            for op, v in _parse_value(file, pat, fld, f"{fname}.{fld}", val, aliases):
                if op == "ne" and isinstance(v, Ref) and any(o == "ne" and isinstance(x, Ref) for _, o, x in tests):
                    # compiled as an $or holding a join, and the engine ignores a join that
                    # follows an $or (see _compile_pattern): one such test per pattern
                    raise _err(file, pat, fld, f"{fname}.{fld}",
                               "a pattern may compare only one field with another fact's field by 'ne' "
                               "(an engine limit): split the rule, or derive a fact that says it")
                tests.append((fld, op, v))
        out.append(Pattern(alias, pat["type"], tuple(tests)))
        aliases.append(alias)
    return out


def _check_template(file, container, key, fname, text: Any, aliases: set[str]):
    if isinstance(text, str):
        for m in TEMPLATE_RE.finditer(text):
            if m[1] not in aliases:
                raise _err(file, container, key, fname,
                           f"names unknown pattern '{m[1]}' in '{{{m[1]}.{m[2]}}}': expected one of {', '.join(sorted(aliases))}")
    elif isinstance(text, dict):
        for k, v in text.items():
            _check_template(file, text, k, f"{fname}.{k}", v, aliases)




def _parse_rule(file: str, rule: Any, idx: int, vocabulary: dict, law: str) -> Rule:
    """One rule mapping of a rule file -> a :class:`Rule` (the ``idx``-th of law ``law``).

    Raises:
        InputError: the first problem found (file, line, column, the field and what was
            expected): an unknown key, a missing or malformed id, cite or summary, a pattern
            (see :func:`_parse_patterns`), a conclusion (see :func:`_parse_conclusion`), ``pri``.
    """
    rid, cite, summary = _rule_head(file, rule)
    aliases: list[str] = []
    when = _parse_patterns(file, rule, "when", aliases, rid)
    unless = []
    if "unless" in rule:
        unless = _parse_patterns(file, rule, "unless", list(aliases), rid)
    alternatives = []
    if "any" in rule:
        alts = rule["any"]
        if not isinstance(alts, list) or len(alts) < 2:
            raise _err(file, rule, "any", f"{rid}.any", "expected a list of at least two alternatives")
        for i, alt in enumerate(alts):
            holder = PosDict({"alt": alt})
            holder.kpos = {"alt": position(alts, i)}
            alternatives.append(_parse_patterns(file, holder, "alt", list(aliases), f"{rid}.any[{i}]"))
    names = set(aliases) | {p.alias for alt in alternatives for p in alt}
    then_block = rule.get("then")
    if not isinstance(then_block, list) or not then_block:
        raise _err(file, rule, "then" if "then" in rule else None, f"{rid}.then", "expected a list of conclusions")
    then = [_parse_conclusion(file, then_block, i, item, f"{rid}.then[{i}]", names, vocabulary, cite)
            for i, item in enumerate(then_block)]
    then += _options_facts(then, len(then_block))
    pri = rule.get("pri")
    if pri is not None and not isinstance(pri, int):
        raise _err(file, rule, "pri", f"{rid}.pri", f"expected a whole number, found {pri!r}")
    return Rule(rid, cite, " ".join(summary.split()), when, unless, alternatives, then, file,
                position(rule)[0], law, idx, pri)


def _rule_head(file: str, rule: Any) -> "tuple[str, str, str]":
    """(id, cite, summary) of a rule mapping, with its keys checked.

    Raises:
        InputError: not a mapping, a bad id, an unknown key, a missing or malformed cite, no summary.
    """
    if not isinstance(rule, dict):
        raise InputError(file, *position(rule), "rules", f"expected a rule mapping, found {rule!r}")
    rid = rule.get("id")
    if not isinstance(rid, str) or not re.match(r"^[a-z0-9][a-z0-9-]*$", rid):
        raise _err(file, rule, "id" if "id" in rule else None, "id",
                   f"expected a rule id in lower case words joined by '-', found {rid!r}")
    for k in rule:
        if k not in RULE_KEYS:
            raise _err(file, rule, k, f"{rid}.{k}", f"unknown key '{k}': expected one of {', '.join(sorted(RULE_KEYS))}")
    cite = law_number(rule.get("cite"))
    if cite is None:
        raise _err(file, rule, None, f"{rid}.cite", "every rule needs a 'cite' (an exact sub-clause such as 27B1(a))")
    if not isinstance(cite, str) or not CITE_RE.match(str(cite)):
        raise _err(file, rule, "cite", f"{rid}.cite", f"expected a sub-clause such as 27B1(a) or 30B1(b)(i), found {cite!r}")
    summary = rule.get("summary")
    if not isinstance(summary, str) or not summary.strip():
        raise _err(file, rule, "summary" if "summary" in rule else None, f"{rid}.summary",
                   "expected a summary in our own words")
    return rid, cite, summary


def _parse_conclusion(file: str, then_block: list, i: int, item: Any, fname: str, names: "set[str]",
                      vocabulary: dict, cite: str) -> Conclusion:
    """Item ``i`` of a rule's ``then:`` -> a :class:`Conclusion`: a derived ``fact:`` or an
    ``outcome:`` (code from the vocabulary, its cite defaulting to the rule's, texts whose
    placeholders name the rule's patterns ``names``).

    Raises:
        InputError: neither kind, an unknown key or outcome code, a bad cite, a text that is not
            text or names an unknown pattern.
    """
    if not isinstance(item, dict):
        raise _err(file, then_block, i, fname, "expected a mapping with 'outcome' or 'fact'")
    if "fact" in item:
        fact = item["fact"]
        if len(item) != 1 or not isinstance(fact, dict) or not isinstance(fact.get("type"), str):
            raise _err(file, then_block, i, fname, "expected 'fact:' alone, holding a mapping with a 'type'")
        _check_template(file, item, "fact", fname, fact, names)
        return Conclusion("fact", dict(fact), i)
    if "outcome" not in item:
        raise _err(file, then_block, i, fname, "expected 'outcome:' or 'fact:'")
    for k in item:
        if k not in THEN_KEYS and k not in TR_KEYS:
            raise _err(file, item, k, f"{fname}.{k}", f"unknown key '{k}': expected one of {', '.join(sorted(THEN_KEYS | TR_KEYS))}")
    code = item["outcome"]
    if code not in vocabulary:
        raise _err(file, item, "outcome", f"{fname}.outcome",
                   f"unknown outcome code {code!r}: expected a code listed in rules/vocabulary.yaml")
    c = law_number(item.get("cite", cite))
    if not isinstance(c, str) or not CITE_RE.match(c):
        raise _err(file, item, "cite", f"{fname}.cite", f"expected a sub-clause such as 27D, found {c!r}")
    for k in ("for", "option", "branch", "text", "say", *sorted(TR_KEYS)):
        if k in item:
            if not isinstance(item[k], str):
                raise _err(file, item, k, f"{fname}.{k}", f"expected text, found {item[k]!r}")
            _check_template(file, item, k, f"{fname}.{k}", item[k], names)
    data = {k: item[k] for k in THEN_KEYS if k in item}
    data["cite"] = c
    return Conclusion("outcome", data, i, {k: item[k] for k in TR_KEYS if k in item})


def _options_facts(then: "list[Conclusion]", start: int) -> "list[Conclusion]":
    """Bookkeeping, no law: a rule that offers a choice says so (with the choice's label, which
    may come out empty: then no choice is offered), for the rule that heads a ruling's options
    (10C1 in the 2017 rulebook), and whether the choice is the director's own (every line of the
    option a ``director-option``) rather than a player's. ``start``: the first free index."""
    labels = list(dict.fromkeys(c.data["option"] for c in then if c.kind == "outcome" and "option" in c.data))
    out = []
    for k, label in enumerate(labels):
        own = all(c.data["outcome"] == DIRECTOR_OPTION for c in then
                  if c.kind == "outcome" and c.data.get("option") == label)
        out.append(Conclusion("fact", {"type": OPTIONS_FACT, "label": label, "director": own}, start + k))
    return out


def load_vocabulary(path: Path) -> dict[str, str]:
    """Read ``vocabulary.yaml``: ``outcomes: {code: description}``.

    Raises:
        InputError: the file is missing or malformed.
    """
    data = load(path)
    outcomes = data.get("outcomes") if isinstance(data, dict) else None
    if not isinstance(outcomes, dict) or not outcomes:
        raise InputError(str(path), *position(data), "outcomes", "expected a mapping of outcome codes to descriptions")
    for code, desc in outcomes.items():
        if not isinstance(code, str) or not re.match(r"^[a-z0-9][a-z0-9-]*$", code) or not isinstance(desc, str):
            raise _err(str(path), outcomes, code, f"outcomes.{code}", "expected 'code: description' with a lower-case code")
    return {k: " ".join(v.split()) for k, v in outcomes.items()}


def parse_files(paths: list[Path], vocabulary: dict[str, str], edition: str) -> tuple[list[Rule], dict[str, str]]:
    """Parse and validate rule files of one edition.

    Returns:
        (rules in order, {law number: title}).
    Raises:
        InputError: any malformed file or rule (file, line, rule id, what was expected);
        a duplicate id names both places.
    """
    rules: list[Rule] = []
    laws: dict[str, str] = {}
    seen: dict[str, Rule] = {}
    for path in paths:
        file = str(path)
        data = load(path)
        if not isinstance(data, dict):
            raise InputError(file, 1, 1, "", "expected a mapping with law, title, edition and rules")
        ed = data.get("edition", edition)
        if ed != edition:
            continue
        law = data.get("law")
        if not isinstance(law, (int, str)):
            raise _err(file, data, "law" if "law" in data else None, "law", "expected the law number")
        laws[str(law)] = str(data.get("title", ""))
        block = data.get("rules")
        if not isinstance(block, list) or not block:
            raise _err(file, data, "rules" if "rules" in data else None, "rules", "expected a list of rules")
        for item in block:
            r = _parse_rule(file, item, len(rules), vocabulary, str(law))
            if r.id in seen:
                o = seen[r.id]
                raise InputError(file, r.line, 1, f"{r.id}.id", f"duplicate rule id: also defined at {o.file}:{o.line}")
            seen[r.id] = r
            rules.append(r)
    return rules, laws


class StratificationError(InputError):
    """The rulebook negates a fact type that depends, through the rules, on itself."""


def stratify(rules: list[Rule]) -> int:
    """Assign ``rule.stratum`` so negation is safe; return the number of strata.

    A rule's stratum is at least that of every rule deriving a type it uses, and greater than
    that of every rule deriving a type it negates.

    Raises:
        StratificationError: no such assignment exists; the message names the rules in the cycle.
    """
    producers: dict[str, list[Rule]] = {}
    for r in rules:
        for t in r.derives:
            producers.setdefault(t, []).append(r)
    for r in rules:
        r.stratum = 0
    limit = len(rules) + 1
    changed = True
    rounds = 0
    while changed:
        changed = False
        rounds += 1
        for r in rules:
            need = r.stratum
            for t in r.uses():
                for p in producers.get(t, ()):
                    need = max(need, p.stratum)
            for t in r.negates():
                for p in producers.get(t, ()):
                    need = max(need, p.stratum + 1)
            if need != r.stratum:
                r.stratum = need
                changed = True
                if need > limit:
                    cycle = _negative_cycle(rules, producers)
                    raise StratificationError(
                        r.file, r.line, 1, r.id,
                        "the rulebook cannot be stratified: these rules negate what they themselves lead to: "
                        + " -> ".join(cycle))
    return max((r.stratum for r in rules), default=0) + 1


def local_strata(rules: "list[Rule]") -> "dict[str, int]":
    """The strata of ``rules`` stratified on their own, by rule id: the least numbers (from 0)
    such that a rule's stratum is at least that of every rule among them deriving a type it
    uses, and greater than that of every rule among them deriving a type it negates.

    A ruleset registered for the rules that can fire on a case (``bridge_director.infer``)
    holds a few of the rulebook's rules; a rule left out derives nothing there, so only the
    rules present need to be apart, and the chains of negation among them are far shorter
    than the rulebook's (fewer strata, so fewer control facts per round). Any subset of a
    stratified rulebook can be stratified (its rules' strata in the rulebook are one way)."""
    producers: dict[str, list[Rule]] = {}
    for r in rules:
        for t in r.derives:
            producers.setdefault(t, []).append(r)
    deps = []
    for r in rules:
        pos = {id(p): p for t in r.uses() for p in producers.get(t, ())}
        neg = {id(p): p for t in r.negates() for p in producers.get(t, ())}
        deps.append((r, tuple(pos.values()), tuple(neg.values())))
    # in the rulebook's stratum order, every dependency comes before the rule (a positive one
    # may sit in the same stratum): a few passes settle it
    deps.sort(key=lambda d: d[0].stratum)
    out = {r.id: 0 for r in rules}
    changed = True
    while changed:
        changed = False
        for r, pos, neg in deps:
            need = out[r.id]
            for p in pos:
                if out[p.id] > need:
                    need = out[p.id]
            for p in neg:
                if out[p.id] + 1 > need:
                    need = out[p.id] + 1
            if need != out[r.id]:
                out[r.id] = need
                changed = True
    return out


def _negative_cycle(rules: list[Rule], producers: dict[str, list[Rule]]) -> list[str]:
    """Find one dependency cycle that passes through a negation (for the error message)."""
    deps: dict[str, list[tuple[str, bool]]] = {}
    for r in rules:
        edges = [(p.id, False) for t in r.uses() for p in producers.get(t, ())]
        edges += [(p.id, True) for t in r.negates() for p in producers.get(t, ())]
        deps[r.id] = edges
    for start in (r.id for r in rules if r.negates()):
        stack = [(start, [start], False)]
        seen = set()
        while stack:
            node, path, neg = stack.pop()
            for nxt, isneg in deps.get(node, ()):
                if nxt == start and (neg or isneg):
                    return path + [start]
                key = (nxt, neg or isneg)
                if key not in seen and nxt not in path:
                    seen.add(key)
                    stack.append((nxt, path + [nxt], neg or isneg))
    return [r.id for r in rules if r.stratum > len(rules)]


def _engine_value(v: Any) -> Any:
    if isinstance(v, Ref):
        return {v.alias: v.field}
    return v


def _pattern_tests(p: Pattern) -> list[tuple[dict, bool]]:
    """The engine tests of a pattern after its type test: (test, is a join on another fact)."""
    parts: list[tuple[dict, bool]] = []
    for fld, op, v in p.tests:
        join = isinstance(v, Ref)
        if op == "eq":
            parts.append(({fld: _engine_value(v)}, join))
        elif op == "ne":   # an absent field counts as "not equal" (a pass has no sufficiency)
            parts.append(({"$or": [{"$nex": {fld: 1}}, {"$neq": {fld: _engine_value(v)}}]}, join))
        elif op in OPS:
            parts.append(({OPS[op]: {fld: _engine_value(v)}}, join))
        elif op == "in":
            parts.append(({"$or": [{fld: x} for x in v]} if len(v) > 1 else {fld: v[0]}, False))
        elif op == "exists":
            parts.append(({"$ex" if v else "$nex": {fld: 1}}, False))
    return parts


#: how a test places a field's value against another value v: below, equal, above
_PLACES = {"eq": {"="}, "lt": {"<"}, "le": {"<", "="}, "gt": {">"}, "ge": {">", "="}, "ne": {"<", ">"}}


def _exclusive(alias: str, fld: str, one: tuple, other: tuple) -> bool:
    """Whether no fact can pass test ``one`` (of an unless or later pattern) and test
    ``other`` (of the pattern ``alias``, whose own field ``fld`` the other pattern may name)
    on the same field ``fld``: each an (op, value)."""
    (uo, uv), (wo, wv) = one, other
    present = ("eq", "lt", "le", "gt", "ge", "in")       # tests a fact lacking the field fails
    if uo == "exists" and wo == "exists":
        return uv != wv
    if uo == "exists" and not uv:
        return wo in present and wv != Ref(alias, fld)
    if wo == "exists" and not wv:
        return uo in present
    if uo == "in" or wo == "in":
        if uo == wo:
            return not set(uv) & set(wv)
        vals, (op, v) = (uv, (wo, wv)) if uo == "in" else (wv, (uo, uv))
        return op == "eq" and not isinstance(v, Ref) and v not in vals
    if uo == wo == "eq" and not isinstance(uv, Ref) and not isinstance(wv, Ref):
        return uv != wv
    if uo in _PLACES and wo in _PLACES and uv == wv and type(uv) is type(wv):
        return _PLACES[uo].isdisjoint(_PLACES[wo])
    return False


def may_share_a_fact(one: Pattern, other: Pattern) -> bool:
    """Whether some fact could match both patterns ``one`` and ``other`` (``one`` may join to
    ``other``): the same type, and no field whose tests exclude each other (two constants,
    a value and an absent field, "gt"/"lt" against the same value, a join to ``other``'s own
    field by anything but equality). When in doubt, True."""
    if one.type != other.type:
        return False
    theirs: dict[str, list] = {}
    for fld, op, v in other.tests:
        theirs.setdefault(fld, []).append((op, v))
    for fld, op, v in one.tests:
        for test in theirs.get(fld, []) + [("eq", Ref(other.alias, fld))]:
            if _exclusive(other.alias, fld, (op, v), test):
                return False
    return True


def _compile_pattern(p: Pattern, must_have: "tuple | list" = (), apart: "tuple | list" = ()) -> dict:
    """A pattern in the engine's form.

    Order of the tests: the type test; the plain tests on the fact itself (equality,
    comparison, exists); the joins on other facts; the one ``ne`` join, which the engine
    runs as an ``$or``; last, the other ``$or`` tests (``ne``, ``in`` with several values).
    Within each group the tests keep the order they were written in. ``must_have``: fields
    that must exist on the fact (read by later joins), tested with the plain tests.
    ``apart``: earlier patterns whose fact this one must not be (a rule compiled with
    ``dist: 0``, see :func:`compile_rules`), tested by ``fid`` with the joins.

    The order is a matter of correctness: durable-rules 2.0.28 ignores a join that comes
    after an ``$or`` in the same pattern (tests/test_rulebook.py shows it), so a rule
    written as ``{kind: {ne: pass}, idx: "{boor.of}"}`` would otherwise match any call.
    """
    tests = _pattern_tests(p)
    plain = [t for t, join in tests if not join and "$or" not in t]
    tested = {fld for fld, op, v in p.tests if op in ("eq", "lt", "le", "gt", "ge") and not isinstance(v, Ref)
              or op == "exists" and v}
    plain += [{"$ex": {fld: 1}} for fld in must_have if fld not in tested]
    joins = [t for t, join in tests if join and "$or" not in t]
    joins += [{"$neq": {"fid": {alias: "fid"}}} for alias in apart]
    join_or = [t for t, join in tests if join and "$or" in t]       # at most one (_parse_patterns)
    alternatives = [t for t, join in tests if not join and "$or" in t]
    parts = [{"t": p.type}] + plain + joins + join_or + alternatives
    return parts[0] if len(parts) == 1 else {"$and": parts}


def compile_rules(rules: list[Rule]) -> tuple[dict[str, dict], dict[str, Rule]]:
    """Compile stratified rules to durable-rules' JSON form (without ``run``).

    Returns:
        ({engine rule name: definition}, {engine rule name: Rule}).
    """
    out: dict[str, dict] = {}
    names: dict[str, Rule] = {}
    for r in rules:
        alts = r.alternatives or [[]]
        for i, alt in enumerate(alts):
            name = r.id if len(alts) == 1 else f"{r.id}#{i + 1}"
            patterns: list[dict] = []
            positive = list(r.when) + list(alt)
            # A positive join reads a field of an earlier fact; when that fact lacks the
            # field, the engine stops the whole case with error 311 instead of finding no
            # match. So each field a positive join reads must exist on the fact it reads
            # from (a join on an absent field can never hold, so nothing else changes).
            guards: dict[str, list[str]] = {}
            for p in positive:
                for _fld, _op, v in p.tests:
                    if isinstance(v, Ref) and v.field not in guards.setdefault(v.alias, []):
                        guards[v.alias].append(v.field)
            # durable-rules lets no two patterns of a rule match one fact, and a negation
            # passes over a fact a positive pattern matched: an `unless` that can only match
            # the `when` fact itself never blocked its rule (a rule that ignored its own
            # exception). A rule whose `unless` may see a fact a positive pattern matched is
            # compiled with `dist: 0` (every negation sees every fact); its positive patterns
            # that might match one fact are then kept apart by fid, as before.
            apart: dict[str, list[str]] = {}
            sees_joined = any(may_share_a_fact(u, w) for u in r.unless for w in positive)
            if sees_joined:
                for j, later in enumerate(positive):
                    apart[later.alias] = [p.alias for p in positive[:j] if may_share_a_fact(later, p)]
            for p in positive:
                patterns.append({p.alias: _compile_pattern(p, guards.get(p.alias, ()), apart.get(p.alias, ()))})
            if r.unless:
                # The control fact goes after the positive patterns and before the first
                # negation: the engine checks a negation once, when everything to its left
                # has matched, so it waits for the stratum's control fact (by then every
                # fact it could see is in); rules whose positive patterns never match are
                # never joined with control facts at all.
                patterns.append(control_pattern(r.stratum))
            for p in r.unless:
                patterns.append({f"{p.alias}$not": _compile_pattern(p)})
            d: dict[str, Any] = {"all": patterns}
            if sees_joined:
                d["dist"] = 0
            if r.pri is not None:
                d["pri"] = r.pri
            out[name] = d
            names[name] = r
    # a sink for the control facts that close the base batch (n 0, or -1 when stratum 0's
    # is already in), so that assert always hands back the session's state and the batch's
    # actions can run; the control facts of later strata are consumed by their own rules
    out["control-sink"] = {"all": [{"m": {"$and": [{"t": CONTROL_TYPE}, {"$lte": {"n": 0}}]}}]}
    return out, names


ALWAYS_KEPT = frozenset({"t", "fid"})


def needed_fields(rules: list[Rule]) -> dict[str, frozenset]:
    """For each fact type a pattern can match, the fields some pattern tests or joins on.

    Facts are trimmed to these (plus ``t`` and ``fid``, which keeps two facts with the same
    fields apart) before they enter the engine: its matching cost grows with the number of
    fields per fact. Templates and the trace read the whole fact, looked up by ``fid``.
    """
    need: dict[str, set] = {}
    for r in rules:
        patterns = list(r.when) + list(r.unless) + [p for alt in r.alternatives for p in alt]
        types = {p.alias: p.type for p in patterns}
        for p in patterns:
            bucket = need.setdefault(p.type, set())
            for fld, _op, v in p.tests:
                bucket.add(fld)
                if isinstance(v, Ref) and v.alias in types:
                    need.setdefault(types[v.alias], set()).add(v.field)
    return {t: frozenset(f | ALWAYS_KEPT) for t, f in need.items()}


def check_derived_fields(rules: list[Rule]) -> None:
    """Refuse a rule that reads a field of a derived fact type that no rule derives it with.

    For a fact type that rules derive (``then: - fact: {type: T, ...}``), the fields it can
    carry are the union of those templates' keys (plus ``fid`` and ``by``). A pattern that
    tests such a field, a join on it, or a text that shows it, is a rule that can never fire
    or a text that prints "?": the mistake is reported at the rule. (Base facts, which
    Python derives, are not checked here.)

    Raises:
        InputError: ``file:line: <rule>.<where>.<alias>.<field>: ...``.
    """
    carried: dict[str, set] = {}
    for r in rules:
        for c in r.then:
            if c.kind == "fact" and c.data["type"] not in DERIVED_BASE_TYPES:
                odd = [k for k in c.data if not isinstance(k, str)]
                if odd:
                    # YAML reads an unquoted on/off/yes/no key as a boolean
                    raise InputError(r.file, r.line, 0, f"{r.id}.then.fact",
                                     f"a '{c.data['type']}' fact field is not a name ({odd[0]!r}): YAML reads "
                                     f"an unquoted on/off/yes/no key as a boolean; name the field otherwise")
                carried.setdefault(c.data["type"], {"fid", "by"}).update(k for k in c.data if k != "type")

    def refuse(r: Rule, where: str, alias: str, ftype: str, fld: str) -> None:
        have = ", ".join(sorted(carried[ftype] - {"fid", "by"}))
        raise InputError(r.file, r.line, 0, f"{r.id}.{where}.{alias}.{fld}",
                         f"no rule derives a '{ftype}' fact with the field '{fld}': the rules that "
                         f"derive it give {have}")

    def scan_text(r: Rule, where: str, obj: Any, types: dict[str, str]) -> None:
        if isinstance(obj, str):
            for m in TEMPLATE_RE.finditer(obj):
                ftype = types.get(m[1])
                if ftype in carried and m[2] not in carried[ftype]:
                    refuse(r, where, m[1], ftype, m[2])
        elif isinstance(obj, dict):
            for v in obj.values():
                scan_text(r, where, v, types)

    for r in rules:
        groups = [("when", r.when), ("unless", r.unless)] + [("any", alt) for alt in r.alternatives]
        types = {p.alias: p.type for _, pats in groups for p in pats}
        for where, pats in groups:
            for p in pats:
                for fld, _op, v in p.tests:
                    if p.type in carried and fld not in carried[p.type]:
                        refuse(r, where, p.alias, p.type, fld)
                    if isinstance(v, Ref) and types.get(v.alias) in carried and v.field not in carried[types[v.alias]]:
                        refuse(r, where, v.alias, types[v.alias], v.field)
        for c in r.then:
            scan_text(r, "then", c.data, types)


def _sure(positive: "dict[str, Pattern]", alias: str, fld: str) -> bool:
    """Whether the fact the positive pattern ``alias`` matches surely has ``fld``: the pattern
    tests it (a value, a comparison, a list, ``exists: true``, a join by anything but ``ne``),
    or another positive pattern joins on it (compiled with an ``$ex`` guard)."""
    for f, op, v in positive[alias].tests:
        if f == fld and (op in ("eq", "lt", "le", "gt", "ge", "in") or op == "exists" and v):
            return True
    return any(isinstance(v, Ref) and v.alias == alias and v.field == fld
               for p in positive.values() for _, _, v in p.tests)


def _may_lack(rules: "list[Rule]"):
    """``(type, field) -> bool``: whether a fact of that type may lack the field (where the
    rules that match it do not make sure of it). Base facts: ``shapes.OPTIONAL_FIELDS``.
    Derived facts: a rule that derives the type leaves the field out, or copies it from a
    field the fact it matched may lack (a copied field the fact lacks is left out)."""
    makers: dict[str, list] = {}
    for r in rules:
        for c in r.then:
            if c.kind == "fact" and c.data["type"] not in DERIVED_BASE_TYPES:
                makers.setdefault(c.data["type"], []).append((r, c.data))
    keys = {t: set().union(*(set(d) - {"type"} for _, d in made)) for t, made in makers.items()}
    missing = {(t, k) for t, made in makers.items() for k in keys[t] for _, d in made if k not in d}

    def lacks(ftype: str, fld: str) -> bool:
        if ftype in makers:
            return (ftype, fld) in missing
        return shapes.optional(ftype, fld) is not None

    def sure(positive: "dict[str, Pattern]", alias: str, fld: str) -> bool:
        if _sure(positive, alias, fld):
            return True
        ftype = positive[alias].type
        group = shapes.optional(ftype, fld) if ftype not in makers else None
        if group and any(_sure(positive, alias, g) for g in group):
            return True
        return not lacks(ftype, fld)

    grown = True
    while grown:
        grown = False
        for t, made in makers.items():
            for r, d in made:
                for k, v in d.items():
                    m = REF_RE.match(v) if isinstance(v, str) else None
                    if k == "type" or m is None or (t, k) in missing:
                        continue
                    for alt in r.alternatives or [[]]:
                        positive = {p.alias: p for p in (*r.when, *alt)}
                        if m[1] in positive and not sure(positive, m[1], m[2]):
                            missing.add((t, k))
                            grown = True
                            break
    return lacks, sure


def check_negation_joins(rules: "list[Rule]") -> None:
    """Refuse an ``unless:`` pattern the engine cannot run: one that joins to another unless
    pattern (a negated fact is never bound), or one that compares (by anything but equality)
    with a field of a matched fact that may lack it. durable-rules then stops the whole case
    with error 311, "property not found" (an equality join on a missing field finds no match).

    Raises:
        InputError: ``file:line: <rule>.unless.<alias>.<field>: ...``, saying what to write.
    """
    lacks, sure = _may_lack(rules)
    for r in rules:
        for alt in r.alternatives or [[]]:
            positive = {p.alias: p for p in (*r.when, *alt)}
            for u in r.unless:
                for fld, op, v in u.tests:
                    if not isinstance(v, Ref):
                        continue
                    where = f"{r.id}.unless.{u.alias}.{fld}"
                    if v.alias not in positive:
                        raise InputError(r.file, r.line, 0, where,
                                         f"joins to '{v.alias}', another unless pattern: an unless pattern may "
                                         f"join only to the patterns of when: (and any:); write one pattern "
                                         f"that says both, or derive a fact that does")
                    if op != "eq" and not sure(positive, v.alias, v.field):
                        ftype = positive[v.alias].type
                        raise InputError(
                            r.file, r.line, 0, where,
                            f"compares with '{{{v.alias}.{v.field}}}' by '{op}', a field a '{ftype}' fact may lack "
                            f"(the engine stops the case, error 311, when it does): make sure of it, "
                            f"with `{v.field}: {{exists: true}}` on '{v.alias}' (and a rule of its own for "
                            f"the fact without it, if that case needs one), or compare by equality")


def build(paths: list[Path], vocabulary_path: Path, edition: str,
          extra_vocabulary: Path | None = None) -> Rulebook:
    """Parse, validate, stratify and compile the rule files of one edition.

    Args:
        paths: rule files (YAML), read in the given order.
        vocabulary_path: the outcome vocabulary file.
        edition: e.g. ``duplicate-2017``; files of other editions are skipped.
        extra_vocabulary: the edition's vocabulary additions (same format), if any.
    Raises:
        InputError (or StratificationError): with file, line, rule id and what was expected.
    """
    vocabulary = load_vocabulary(vocabulary_path)
    if extra_vocabulary is not None:
        vocabulary = {**vocabulary, **load_vocabulary(extra_vocabulary)}
    rules, laws = parse_files(paths, vocabulary, edition)
    if not rules:
        raise InputError(str(vocabulary_path.parent), 0, 0, "", f"no rules found for edition {edition!r}")
    check_derived_fields(rules)
    check_negation_joins(rules)
    strata = stratify(rules)
    engine_rules, engine_names = compile_rules(rules)
    book = Rulebook(edition, rules, vocabulary, strata, engine_rules, engine_names, laws,
                    needed_fields(rules), {n: json.dumps(d, ensure_ascii=False) for n, d in engine_rules.items()})
    from bridge_director.rulebook.prune import Pruner
    book.pruner = Pruner(book)
    return book


def rule_files(directory: Path, edition: str = "duplicate-2017") -> list[Path]:
    """The rule files of ``edition`` in a rulebook directory (its folder, from
    ``editions.yaml``): every ``*.yaml`` there but the vocabulary and the registry, by name.

    Raises:
        KeyError: no such edition.
    """
    folder = editions.get(directory, edition).directory(Path(directory))
    return sorted(p for p in folder.glob("*.yaml") if p.name not in ("vocabulary.yaml", editions.REGISTRY))


def edition_vocabulary(directory: Path, edition: str) -> Path | None:
    """The edition's vocabulary additions (``<folder>/vocabulary.yaml``), or None."""
    folder = editions.get(directory, edition).directory(Path(directory))
    extra = folder / "vocabulary.yaml"
    return extra if folder != Path(directory) and extra.is_file() else None


CACHE_FORMAT = 6     # 2: Rulebook.engine_json; 3: Rulebook.pruner; 4: bridge_director.base.record classes; 5: no engine_rules


#: compiled rulebooks kept in the cache folder (the newest; one per rules folder and edition)
CACHE_KEEP = 64


#: the modules whose code makes a compiled rulebook (a change to any of them rebuilds it)
_CACHE_CODE = ("rulebook/book.py", "rulebook/model.py", "rulebook/prune.py", "rulebook/shapes.py", "base/editions.py", "base/yamlpos.py",
               "base/record.py")   # relative to the bridge_director package


def cache_dir() -> Path | None:
    """The folder compiled rulebooks are cached in (the user cache folder), or None."""
    if os.environ.get("BRIDGE_DIRECTOR_CACHE_DIR"):
        return Path(os.environ["BRIDGE_DIRECTOR_CACHE_DIR"])
    if sys.platform.startswith("linux"):
        # what platformdirs.user_cache_dir gives on Linux (the XDG base directory rule),
        # without importing it: platformdirs costs a cold `director rule` 4% of its time
        base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")
        return Path(base) / "bridge-director"
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - platformdirs is a declared dependency
        return None
    return Path(platformdirs.user_cache_dir("bridge-director"))


def _cache_file(directory: Path, edition: str) -> Path | None:
    """Where the compiled rulebook is cached: ``rulebook-<the rulebook>-<its content>.pickle``,
    the first part a hash of the rules folder and edition, the second of every rule file, the
    vocabularies, the editions registry and the code that compiles them (and the Python
    version), so a change to any of them gives another file.

    Each file enters the key as its name, its size and two checksums of its bytes (CRC-32 and
    Adler-32, zlib's): a change that kept the size and both sums is not an edit anyone makes,
    and summing the half megabyte of rules costs a cold start next to nothing, where hashing it
    with SHA-256 cost a twentieth of it."""
    folder = cache_dir()
    if folder is None:
        return None
    where = _sha256(f"{directory.resolve()}|{edition}".encode()).hexdigest()[:12]
    here = Path(__file__).parent.parent
    extra = edition_vocabulary(directory, edition)
    registry = directory / editions.REGISTRY
    parts = [f"{CACHE_FORMAT}|{edition}|{sys.version_info[:2]}"]
    parts += [_file_sum(name, (here / name).read_bytes()) for name in _CACHE_CODE]
    parts += [_file_sum(str(p.relative_to(directory)), p.read_bytes())
              for p in rule_files(directory, edition) + [directory / "vocabulary.yaml"] + [
                  q for q in (extra, registry) if q is not None and q.is_file()]]
    h = _sha256("\n".join(parts).encode())
    return folder / f"rulebook-{where}-{h.hexdigest()[:32]}.pickle"


def _file_sum(name: str, data: bytes) -> str:
    """One file's part of the cache key: its name, size, CRC-32 and Adler-32."""
    from zlib import adler32, crc32
    return f"{name}\0{len(data)}\0{crc32(data):08x}{adler32(data):08x}"


def _sha256(data: bytes):
    """hashlib.sha256: CPython's own implementation when it has one (hashlib's import loads
    OpenSSL, a tenth of the rulebook's start-up), else hashlib's."""
    try:
        from _sha256 import sha256          # CPython <= 3.11
    except ImportError:
        try:
            from _sha2 import sha256        # CPython 3.12+
        except ImportError:
            from hashlib import sha256
    return sha256(data)


def _private(st: os.stat_result, *, kind: int) -> bool:
    """Whether ``st`` (from lstat/fstat) is of ``kind`` (stat.S_IFREG, S_IFDIR), owned by this
    user and writable by nobody else: what a cache we load with pickle must be (anyone who can
    write to it could make it run code as us)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:                                   # pragma: no cover - not POSIX
        return stat.S_IFMT(st.st_mode) == kind
    return stat.S_IFMT(st.st_mode) == kind and st.st_uid == getuid() and not st.st_mode & 0o022


def _private_folder(folder: Path) -> bool:
    """Whether the cache folder is a real folder (not a link), ours, and writable only by us."""
    try:
        return _private(os.lstat(folder), kind=stat.S_IFDIR)
    except OSError:
        return False


def _read_cache(cache: Path) -> "Rulebook | None":
    """The rulebook cached in ``cache``; None when there is none, or it is unreadable,
    truncated, of another format or not a rulebook (it is then rebuilt, never trusted).

    A pickle runs code as it loads, so the file is read only when it and its folder are ours
    and nobody else can write to them, and the file is a regular file reached without a link;
    anything else is ignored (and, by :func:`_write_cache`, not written over)."""
    if not _private_folder(cache.parent):
        return None
    try:
        # opened without waiting (a FIFO there blocked every command for ever) and without
        # following a link, then read only when it is a private regular file
        fd = os.open(cache, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_NOFOLLOW", 0))
        try:
            if not _private(os.fstat(fd), kind=stat.S_IFREG):
                return None
            with os.fdopen(fd, "rb", closefd=False) as fh:
                book = pickle.load(fh)
        finally:
            os.close(fd)
    except Exception:
        return None
    return book if isinstance(book, Rulebook) and book.engine_json and book._json_complete() \
        and book.pruner is not None else None


def _write_cache(cache: Path, book: Rulebook) -> None:
    """Store ``book`` in ``cache`` (atomically: a reader sees the old file or the new one),
    drop the older files of the same rulebook, and keep at most CACHE_KEEP files in all.
    Nothing is written to a folder that is not ours or that others may write to."""
    try:
        cache.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private_folder(cache.parent):
            return                      # a folder others may write to: no cache at all
        # a fresh file of our own (O_CREAT|O_EXCL, never through a link others planted);
        # tempfile is imported here: only a rebuild needs it, not a cold start
        import tempfile
        fd, name = tempfile.mkstemp(dir=cache.parent, prefix=cache.stem + ".", suffix=".tmp")
        tmp = Path(name)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(book, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, cache)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        same = cache.name.rsplit("-", 1)[0] + "-"
        others = [q for q in cache.parent.glob("rulebook-*.pickle") if q != cache]
        stale = [q for q in others if q.name.startswith(same)]
        rest = sorted((q for q in others if q not in stale), key=_mtime, reverse=True)
        for q in stale + rest[CACHE_KEEP - 1:]:
            q.unlink(missing_ok=True)
    except OSError:
        pass


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0


@lru_cache(maxsize=8)
def load_rulebook(directory: str, edition: str = "duplicate-2017") -> Rulebook:
    """Load (once per process) the rulebook in ``directory`` for ``edition``.

    The validated, compiled rulebook is cached on disk (the user cache folder, or
    BRIDGE_DIRECTOR_CACHE_DIR), keyed by a hash of every rule file, the vocabulary and the
    code that compiles them (see :func:`_cache_file`), so an unchanged rulebook is not parsed
    again by the next process; a stale or broken cache file is rebuilt. Set
    BRIDGE_DIRECTOR_NO_CACHE=1 to bypass the cache.

    Raises:
        InputError: a malformed rule or vocabulary file.
    """
    d = Path(directory)
    try:
        editions.get(d, edition)
    except KeyError as e:
        raise InputError(str(d / editions.REGISTRY), 0, 0, "edition", e.args[0]) from None
    cache = None if os.environ.get("BRIDGE_DIRECTOR_NO_CACHE") else _cache_file(d, edition)
    book = _read_cache(cache) if cache is not None else None
    if book is not None:
        return book
    book = build(rule_files(d, edition), d / "vocabulary.yaml", edition, edition_vocabulary(d, edition))
    if cache is not None:
        _write_cache(cache, book)
    return book

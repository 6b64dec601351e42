"""The rulebook's records and the rule grammar's constants.

``Pattern`` (a named pattern: alias, fact type, tests), ``Ref`` (a join ``{alias.field}``),
``Conclusion`` (one item of ``then:``), ``Rule`` and ``Rulebook`` (the rules of one edition,
compiled); the regular expressions of citations, joins and templates; the control fact of the
strata. Data only: ``bridge_director.rulebook.book`` reads and compiles rule files into these.
"""

from __future__ import annotations
import json
import re
from typing import Any, Iterable
from bridge_director.base.record import field, record


# a sub-clause (27B1(a)), or, for a code known only from a seed document, the seed and the
# number of its statement (seed004.7: the seventh statement of seed 004)
CITE_RE = re.compile(r"^(\d{1,2})([A-H](\d{1,2}(\([a-z]{1,4}\)){0,2})?)?$|^seed\d{3}(\.\d{1,2})?$")


REF_RE = re.compile(r"^\{([A-Za-z_][\w]*)\.([A-Za-z_][\w-]*)\}$")


TEMPLATE_RE = re.compile(r"\{([A-Za-z_][\w]*)\.([A-Za-z_][\w-]*)\}")


ALIAS_RE = re.compile(r"^[a-z][a-z0-9_]*$")


OPS = {"ne": "$neq", "lt": "$lt", "le": "$lte", "gt": "$gt", "ge": "$gte"}


RULE_KEYS = {"id", "cite", "summary", "when", "unless", "any", "then", "pri"}


#: ``say``: the words the players hear for the line when they differ from ``text`` (the
#: director's, with its clauses): plain words, no clause; ``say: ""`` marks a line for the
#: director alone (never read out under "Tell the players now")
THEN_KEYS = {"outcome", "for", "option", "branch", "cite", "text", "say"}


#: base fact types (bridge_director/infer/facts.py) that a rule may also derive, with fewer fields: a judgement
#: the law infers from others (Law 23A's three tests give "comparable"). Their fields are not
#: checked against the derived templates, since Python's own facts carry more.
DERIVED_BASE_TYPES = frozenset({"judgement"})


#: the fact every rule with an ``option:`` line also derives (``label``: the option's words)
OPTIONS_FACT = "options-offered"


#: the outcome code of an option the director chooses (16D2), not a player
DIRECTOR_OPTION = "director-option"


# the same words in another language: text_pt, option_pt, branch_pt, say_pt (kept out of the English
# data the engine fills; the ruling fills them when a ruling is asked for in that language)
LANGS = ("pt",)


TR_KEYS = {f"{k}_{lang}" for k in ("text", "option", "branch", "say") for lang in LANGS}


CONTROL_TYPE = "$stratum"


CONTROL_ALIAS = "ctl__"


def control_pattern(stratum: int) -> dict:
    """The pattern a rule with ``unless`` holds before its negations: the control fact of its
    stratum (see ``bridge_director.rulebook.book.compile_rules``)."""
    return {CONTROL_ALIAS: {"$and": [{"t": CONTROL_TYPE}, {"n": stratum}]}}


def control_pattern_json(stratum: int) -> str:
    """:func:`control_pattern` as it stands in a rule's engine JSON text."""
    return json.dumps(control_pattern(stratum), ensure_ascii=False)


@record(frozen=True)
class Pattern:
    """One named pattern: ``alias`` matches facts of ``type`` satisfying ``tests``.

    ``tests`` is a tuple of (field, op, value) where op is one of eq, ne, lt, le, gt, ge, in,
    exists, and value is a scalar, a tuple of scalars (in), a bool (exists) or
    ``Ref(alias, field)`` for a join.
    """

    alias: str
    type: str
    tests: tuple


@record(frozen=True)
class Ref:
    """A join: the value of ``field`` in the fact matched by ``alias``."""

    alias: str
    field: str


@record(frozen=True)
class Conclusion:
    """One item of a rule's ``then``: an outcome (``kind='outcome'``) or a derived fact."""

    kind: str                 # 'outcome' | 'fact'
    data: dict                # outcome: code/for/option/branch/cite/text; fact: the template
    index: int                # position in the rule's `then` list (for stable ordering)
    tr: dict = field(default_factory=dict, compare=False)   # text_pt, option_pt, branch_pt


@record
class Rule:
    """A validated rule, as a law teacher wrote it.

    Attributes:
        id, cite, summary: as written; ``law`` is the law number of its file.
        when: ordered patterns; ``unless``: negated patterns; ``alternatives``: the ``any``
        list (each a list of patterns), empty when there is none.
        then: conclusions. ``derives``: fact types it derives; ``stratum``: set by compile.
        file, line: where the rule starts; ``order``: its position in the rulebook.
    """

    id: str
    cite: str
    summary: str
    when: list[Pattern]
    unless: list[Pattern]
    alternatives: list[list[Pattern]]
    then: list[Conclusion]
    file: str
    line: int
    law: str
    order: int = 0
    pri: int | None = None
    stratum: int = 0

    @property
    def derives(self) -> set[str]:
        return {c.data["type"] for c in self.then if c.kind == "fact"}

    def uses(self) -> set[str]:
        types = {p.type for p in self.when}
        for alt in self.alternatives:
            types |= {p.type for p in alt}
        return types

    def negates(self) -> set[str]:
        return {p.type for p in self.unless}


@record
class Rulebook:
    """All rules of one edition, stratified and compiled.

    Attributes:
        edition: e.g. ``duplicate-2017``.
        rules: in rulebook order (file name order, then order within the file).
        vocabulary: outcome code -> plain description.
        strata: number of strata (control facts 0..strata-1 are asserted in order).
        engine_rules: the durable-rules JSON ruleset ``{engine_rule_name: definition}`` without
            ``run`` actions (inference attaches them); ``engine_names`` maps each engine rule
            name to its Rule.
        laws: law number -> title of its rules file.
        needed_fields: fact type -> the fields some pattern tests or joins on (plus t, fid); a
            type missing here is matched by no pattern and never enters the engine.
        engine_json: each engine rule's definition as JSON text, made once with the rulebook
            (and cached with it), so that registering a ruleset only joins texts.
        pruner: the rulebook's ``bridge_director.rulebook.prune.Pruner`` (which rules a round's facts allow),
            worked out with the rulebook and cached with it.
    """

    edition: str
    rules: list[Rule]
    vocabulary: dict[str, str]
    strata: int = 1
    engine_rules: dict[str, dict] = field(default_factory=dict)
    engine_names: dict[str, Rule] = field(default_factory=dict)
    laws: dict[str, str] = field(default_factory=dict)
    needed_fields: dict[str, frozenset] = field(default_factory=dict)
    engine_json: dict[str, str] = field(default_factory=dict)
    pruner: Any = field(default=None, compare=False, repr=False)

    def ruleset_json(self, names: "Iterable[str] | None" = None, strata: "dict[str, int] | None" = None) -> str:
        """The JSON ruleset of the engine rules in ``names`` (default: all), in rulebook order:
        the text ``json.dumps`` gives for ``engine_rules`` restricted to them. ``strata``: a
        stratum by rule id for the rules with ``unless`` (their control pattern waits for that
        control fact instead of their rulebook stratum's; see ``book.local_strata``)."""
        keep = None if names is None else set(names)
        if self._json_complete():
            texts = self.engine_json
        else:
            texts = {n: json.dumps(d, ensure_ascii=False) for n, d in self.engine_rules.items()
                     if keep is None or n in keep}
        parts = []
        for n, t in texts.items():
            if keep is not None and n not in keep:
                continue
            rule = self.engine_names.get(n) if strata else None
            if rule is not None and rule.unless and strata.get(rule.id, rule.stratum) != rule.stratum:
                t = t.replace(control_pattern_json(rule.stratum), control_pattern_json(strata[rule.id]))
            parts.append(f"{json.dumps(n)}: {t}")
        return "{" + ", ".join(parts) + "}"

    def engine_rule_names(self) -> list[str]:
        """The engine rules' names, in rulebook order (those of ``engine_rules``)."""
        return list(self.engine_json if self._json_complete() else self.engine_rules)

    def _json_complete(self) -> bool:
        """Whether ``engine_json`` holds every engine rule (it does in a built or cached rulebook)."""
        rules = self.__dict__.get("engine_rules")
        return rules is None or len(self.engine_json) == len(rules)

    # The cache keeps ``engine_json`` only: ``engine_rules`` (the same definitions as dicts, a
    # sixth of the cached file) is decoded from it when first asked for.
    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        if self._json_complete():
            state["engine_rules"] = None
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        if self.__dict__.get("engine_rules", 0) is None:
            del self.__dict__["engine_rules"]

    def __getattr__(self, name: str):
        if name == "engine_rules" and "engine_json" in self.__dict__:
            rules = self.__dict__["engine_rules"] = {n: json.loads(t) for n, t in self.engine_json.items()}
            return rules
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def by_id(self, rule_id: str) -> Rule:
        for r in self.rules:
            if r.id == rule_id:
                return r
        raise KeyError(rule_id)

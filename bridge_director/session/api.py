"""The one-call API: rule on a case file, and compare a ruling with the case's ``expect:``.

Used by the CLI, the tests and the benchmark, so that all three run the same path.
"""
from __future__ import annotations

import gc
from pathlib import Path

from bridge_director.infer import facts as _facts
from bridge_director.infer import inference
from bridge_director.case.model import Case
from bridge_director.case.load import load_case
from bridge_director.base.paths import rules_dir
from bridge_director.infer.reads import Reads
from bridge_director.base.record import record, replace
from bridge_director.rulebook.model import CITE_RE, Rulebook
from bridge_director.rulebook.book import load_rulebook
from bridge_director.ruling.build import Ruling, build
from bridge_director.base.yamlpos import InputError


#: the rulesets a long-running page server registers per rulebook (shapes, value sets): at
#: most 21, some 90 MB, instead of the batch tools' 73 (bridge_director.infer.inference); a
#: case met beyond them runs on a registered ruleset that holds its rules
SERVER_RULESETS = (4, 16)


def limit_memory(shapes: int = SERVER_RULESETS[0], values: int = SERVER_RULESETS[1]) -> None:
    """Keep this process's compiled rulesets few (``director serve``): see
    :func:`bridge_director.infer.inference.limit_rulesets`."""
    from bridge_director.infer.inference import limit_rulesets
    limit_rulesets(shapes, values)


def rulebook(edition: str = "duplicate-2017", directory: str | Path | None = None) -> Rulebook:
    """The compiled rulebook for ``edition`` (loaded once per process).

    Raises:
        InputError: a malformed rule file.
    """
    book = load_rulebook(str(directory or rules_dir()), edition)
    if id(book) not in _FROZEN:
        # the rulebook lives as long as the process: the cyclic garbage collector need not
        # walk its objects again (warm rulings spent about 5% of their time there; half after)
        _FROZEN[id(book)] = book
        gc.freeze()
    return book


_FROZEN: dict[int, Rulebook] = {}


def rule(case: Case, book: Rulebook | None = None, edition: str | None = None,
         lang: str | None = None) -> Ruling:
    """Rule on a validated case, under ``edition`` (default: the case's own ``edition:``).

    Raises:
        InputError: an unknown edition.
        EngineError: a rule action failed inside the engine.
    """
    book = book or rulebook(edition or case.edition)
    if lang is not None and lang != case.lang:
        case = replace(case, lang=lang)
    ruling, result = _rule_once(case, book)
    if ruling.unused:
        # a judgement no firing of the last round matched may still have been read, in an
        # earlier round or through a negation: it is unused only when the ruling is the same
        # without it. bridge_director.infer.reads tells the judgements that certainly changed nothing; only
        # the others are ruled again without them.
        reads = Reads(book, result.history)
        ruling.unused = [u for u in ruling.unused
                         if not reads.may_have_read(u.event, u.prop) or _same_without(case, book, u, ruling)]
    return ruling


def _rule_once(case: Case, book: Rulebook) -> "tuple[Ruling, inference.RunResult]":
    last: dict = {}
    deriver = _facts.Deriver(case)

    def derive(status):
        last["facts"] = deriver.derive(status)
        return last["facts"].facts
    result = inference.run(book, derive)
    return build(case, book, last["facts"], result), result


def _same_without(case: Case, book: Rulebook, unused, ruling: Ruling) -> bool:
    """Whether ruling on ``case`` without the judgement ``unused`` gives the same lines and
    call standings as ``ruling``."""
    rest = [j for j in case.judgements if (j.event, j.prop) != (unused.event, unused.prop)]
    other = _rule_once(replace(case, judgements=rest), book)[0]

    def key(r: Ruling):
        return ([(ln.code, ln.cite, ln.who, ln.option, ln.branch, ln.text) for ln in r.lines], r.calls)
    return key(other) == key(ruling)


def rule_file(path: str | Path, book: Rulebook | None = None, edition: str | None = None,
              lang: str | None = None) -> Ruling:
    """Load, validate and rule on a case file (under ``edition``, default the case's own).

    Raises:
        InputError: bad case file (file:line:col, field, what was expected and found).
        EngineError: a rule action failed inside the engine.
    """
    return rule(load_case(path), book, edition, lang)


@record
class Check:
    """The result of comparing a ruling with a case's ``expect:`` block.

    ``missing``: expected (cite, outcome) pairs the ruling lacks; ``extra``: pairs the ruling
    has that were not expected. ``passed`` when both are empty.
    """

    case: Case
    missing: list[tuple[str, str]]
    extra: list[tuple[str, str]]

    @property
    def passed(self) -> bool:
        return not self.missing and not self.extra


def validate_expect(case: Case, book: Rulebook | None = None) -> None:
    """Check the case's ``expect:`` block against the rulebook: every outcome code must be in
    its vocabulary (``rules/vocabulary.yaml``), every cite a sub-clause such as 27B1(a).

    Only ``director check`` (and :func:`check`) needs this: ``director rule`` rules on the
    events and judgements and ignores ``expect:``.

    Raises:
        InputError: ``file:line:col: expect.N.outcome|cite: ...`` for the first bad item.
    """
    book = book or rulebook(case.edition)
    for i, e in enumerate(case.expect or [], 1):
        n = e.number or i
        if not CITE_RE.match(e.cite):
            line, col = e.cite_at or (e.line, 0)
            raise InputError(case.file, line, col, f"expect.{n}.cite",
                             f"expected a sub-clause such as 27D or 27B1(a), found {e.cite!r}")
        if e.outcome not in book.vocabulary:
            line, col = e.outcome_at or (e.line, 0)
            raise InputError(case.file, line, col, f"expect.{n}.outcome",
                             f"unknown outcome code {e.outcome!r}: expected a code listed in rules/vocabulary.yaml")


def check(case: Case, ruling: Ruling, book: Rulebook | None = None) -> Check:
    """Compare the ruling's (cite, outcome) pairs with the case's expectations (exact set).

    Raises:
        InputError: an expected outcome code not in the rulebook's vocabulary, or a malformed
            cite (see :func:`validate_expect`).
    """
    validate_expect(case, book)
    expected = {(e.cite, e.outcome) for e in case.expect or []}
    got = ruling.pairs()
    return Check(case, sorted(expected - got), sorted(got - expected))

"""Build the coverage matrix (see the package docstring).

Statuses of a row (one labelled part of the Laws):

* ``covered``: at least one rule cites it and at least one case's ``expect:`` exercises it;
* ``by-parts``: no rule cites it itself, but it has labelled parts and every one of them is
  covered, covered by its parts, or has a reason (a heading whose content lives in its parts);
* ``reason``: ``data/coverage-reasons.yaml`` says why it is not a ruling matter;
* ``no-case``: a rule cites it but no case exercises it (a fault: the test fails);
* ``gap``: none of these (a ruling matter the rulebook does not answer yet).

Faults the test holds the project to (:attr:`Matrix.faults`): a rule citing a label not in the
list, a ``no-case`` row, a reason given for a label a rule cites, a reason for a label not in
the list, and a reason of an unknown kind.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

import yaml

from bridge_director.audit.labels import by_law
from bridge_director.base.paths import checkout_root, data_dir

REASONS_FILE = "coverage-reasons.yaml"
#: the kinds of reason a label may be given, and what each means
REASON_KINDS = {
    "mechanics": "computed by bridge mechanics in Python (bridge_director/bridge/table.py and beside it), no law",
    "definition": "a definition or statement of how the game is set up; other rules apply it",
    "procedure": "correct procedure for players or the director; nothing to rule unless it is broken, "
                 "and then another clause rules",
    "regulation": "left to the Regulating Authority or the Tournament Organizer",
    "outside": "a ruling matter this rulebook does not hold yet; the ruling says so where it arises",
}
STATUSES = ("covered", "by-parts", "reason", "no-case", "gap")


@dataclass
class Row:
    """One labelled part: ``label`` (``27B1(a)``), ``law`` (``27``), ``status`` (STATUSES),
    ``rules`` (ids of the rules citing it), ``cases`` (ids of the cases exercising it),
    ``reason``/``kind`` (from the reasons file, or None), ``parts`` (its direct sub-labels)."""

    label: str
    law: str
    status: str = "gap"
    rules: list[str] = field(default_factory=list)
    cases: list[str] = field(default_factory=list)
    reason: Optional[str] = None
    kind: Optional[str] = None
    parts: list[str] = field(default_factory=list)


@dataclass
class Matrix:
    """The rows in the order of the Laws, the laws covered (``first``..``last``), and the
    ``faults`` found (plain sentences; empty when the project answers every label it claims)."""

    rows: list[Row]
    first: int
    last: int
    faults: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """status -> number of rows."""
        out = {s: 0 for s in STATUSES}
        for r in self.rows:
            out[r.status] += 1
        return out

    def row(self, label: str) -> Row:
        """The row of ``label``; KeyError if it is not in the matrix."""
        for r in self.rows:
            if r.label == label:
                return r
        raise KeyError(label)


def load_reasons(path: Optional[Path] = None) -> dict[str, tuple[str, str]]:
    """``data/coverage-reasons.yaml`` -> label -> (kind, reason).

    The file holds ``reasons: {LABEL: {kind: KIND, why: TEXT}}``.

    Raises:
        ValueError: the file is not of that shape, or a kind is not one of REASON_KINDS.
    """
    path = path or data_dir() / REASONS_FILE
    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    raw = data.get("reasons") if isinstance(data, dict) else None
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected 'reasons:' mapping labels to {{kind, why}}")
    out = {}
    for label, entry in raw.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("why"), str) or entry.get("kind") not in REASON_KINDS:
            raise ValueError(f"{path}: {label}: expected {{kind: one of {', '.join(REASON_KINDS)}, why: text}}")
        out[str(label)] = (entry["kind"], entry["why"].strip())
    return out


def _rule_cites(book) -> tuple[dict[str, list[str]], dict[str, list[tuple[str, frozenset]]]]:
    """(direct, indirect) citations of the rulebook.

    direct: label -> ids of the rules with an outcome line citing it (the line's own ``cite:``,
    else the rule's). indirect: label -> (rule id, the (cite, outcome) pairs the rule gives) for
    a rule whose own cite no line of it carries (every line cites another law, as a 14B1 rule
    that sends the matter to Law 67 does). A rule that only derives facts cites nothing here.
    """
    direct: dict[str, list[str]] = {}
    indirect: dict[str, list[tuple[str, frozenset]]] = {}
    for r in book.rules:
        pairs = frozenset((str(c.data.get("cite") or r.cite), c.data["outcome"]) for c in r.then
                          if c.kind == "outcome")
        for c in sorted({cite for cite, _ in pairs}):
            direct.setdefault(c, []).append(r.id)
        if pairs and str(r.cite) not in {cite for cite, _ in pairs}:
            indirect.setdefault(str(r.cite), []).append((r.id, pairs))
    return direct, indirect


def _case_cites(case_files: Iterable[Path], edition: str) -> tuple[dict[str, list[str]], dict[str, frozenset]]:
    """(label -> ids of the cases of ``edition`` whose ``expect:`` cites it, case id -> (its
    expected pairs, the Case)); cases of other editions are left out."""
    from bridge_director.case.load import load_case
    out: dict[str, list[str]] = {}
    pairs: dict[str, tuple[frozenset, object]] = {}
    for path in case_files:
        case = load_case(path)
        if case.edition != edition:
            continue
        pairs[case.id] = (frozenset((str(e.cite), e.outcome) for e in case.expect or ()), case)
        for c in sorted({e.cite for e in case.expect or ()}):
            out.setdefault(str(c), []).append(case.id)
    return out, pairs


def _fires(book, case, rule_id: str, memo: dict) -> bool:
    """Whether ``rule_id`` gives a line of the ruling on ``case`` (rulings memoised by case id)."""
    if case.id not in memo:
        from bridge_director.session import api
        memo[case.id] = frozenset(ln.rule for ln in api.rule(case, book).lines)
    return rule_id in memo[case.id]


def _edition_of(path) -> str:
    """The ``edition:`` a case file names (``duplicate-2017`` when it names none)."""
    import re as _re
    m = _re.search(r"^edition:\s*(\S+)", path.read_text(encoding="utf-8"), _re.M)
    return m.group(1) if m else "duplicate-2017"


def _parent(label: str, known: set[str]) -> Optional[str]:
    """The nearest label ``label`` extends (``27B1(a)`` -> ``27B1`` -> ``27B`` -> ``27``)."""
    for cut in range(len(label) - 1, 0, -1):
        if label[:cut] in known:
            return label[:cut]
    return None


def build(first: int = 1, last: int = 39, book=None, case_files: Optional[Iterable[Path]] = None,
          reasons: Optional[dict[str, tuple[str, str]]] = None) -> Matrix:
    """The coverage matrix of Laws ``first``..``last``.

    Args:
        book: a Rulebook (default: the project's, ``bridge_director.session.api.rulebook()``).
        case_files: case files to read (default: every ``cases/**/*.yaml`` of the checkout).
        reasons: label -> (kind, reason) (default: :func:`load_reasons`).
    Raises:
        InputError: a case file that does not load; ValueError: a malformed data file.
    """
    if book is None:
        from bridge_director.session import api
        book = api.rulebook()
    if case_files is None:
        root = checkout_root()
        case_files = sorted((root / "cases").rglob("*.yaml")) if root else []
        # the 2017 matrix counts the 2017 cases only (other editions cite their own codes)
        case_files = [p for p in case_files if _edition_of(p) == book.edition]
    reasons = load_reasons() if reasons is None else reasons
    laws = by_law()
    every = {lab for law, parts in laws.items() for lab in (law, *parts)}
    (rule_cites, indirect), (case_cites, case_pairs) = _rule_cites(book), _case_cites(case_files, book.edition)
    fired: dict[str, frozenset] = {}
    rows: list[Row] = []
    for law in range(first, last + 1):
        key = str(law)
        for label in (key, *laws[key]):
            row = Row(label, key, rules=rule_cites.get(label, []), cases=case_cites.get(label, []))
            if not row.rules and label in indirect:
                # a rule applying this label whose every line cites another law: exercised by a
                # case that expects every line the rule gives
                row.rules = [rid for rid, _ in indirect[label]]
                row.cases = sorted({cid for rid, want in indirect[label] for cid, (got, case) in case_pairs.items()
                                    if want <= got and _fires(book, case, rid, fired)})
            rows.append(row)
    by_label = {r.label: r for r in rows}
    for r in rows:
        p = _parent(r.label, set(by_label))
        if p is not None and r.label != r.law:
            by_label[p].parts.append(r.label)
    row_faults: list[tuple[int, str]] = []
    for i, r in reversed(list(enumerate(rows))):     # parts before the labels they belong to
        kind, why = reasons.get(r.label, (None, None))
        if r.rules and why:
            row_faults.append((i, f"{r.label}: has a reason in {REASONS_FILE} but rules cite it ({', '.join(r.rules)})"))
        if r.rules:
            r.status = "covered" if r.cases else "no-case"
        elif why:
            r.status, r.kind, r.reason = "reason", kind, why
        elif r.parts and all(by_label[p].status in ("covered", "by-parts", "reason") for p in r.parts):
            r.status = "by-parts"
        if r.status == "no-case":
            row_faults.append((i, f"{r.label}: cited by {', '.join(r.rules)} but no case's expect: exercises it"))
    faults = [f for _, f in sorted(row_faults)]
    for label in sorted(set(rule_cites) - every):
        faults.append(f"{label}: cited by {', '.join(rule_cites[label])} but not a label of the 2017 Laws")
    for label in sorted(set(reasons) - every):
        faults.append(f"{label}: in {REASONS_FILE} but not a label of the 2017 Laws")
    return Matrix(rows, first, last, faults)

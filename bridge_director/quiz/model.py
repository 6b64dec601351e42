"""Quizzes: the cases, their answer keys, the questions built from the rulebook, and grading.

A quiz is a folder of case files, or a folder with a ``quiz.yaml``::

    title: Insufficient bids
    about: One line for the trainee.
    cases:
      - ../../cases/ib-01-insufficient-1h-over-1nt.yaml      # key: the case's own expect:
      - path: ../../cases/law27-b2-other-sufficient-bid.yaml
        key:                                                 # what the answer must contain
          - {cite: 27B2, outcome: partner-must-pass-rest, for: W}

The key of a case lists what a right answer must contain: (clause, consequence, and, where
the key or the tool's own ruling names one, the player). Questions come in decision points,
one per group of the ruling (what went wrong; the ruling; each option or branch, in the
ruling's own words); at each point the trainee picks every consequence that follows (the
key's, among others drawn from the vocabulary of the same laws), and for each the player and
the clause. Grading, per key item: a third each for the consequence, the player and the
clause; each consequence picked that the key does not hold costs a third of an item at that
point (never below nothing). A teacher's key item that names no player means "no one in
particular", and is graded so: naming a seat for it is a wrong player (a case's own
``expect:`` item with no ``for:`` is the player the ruling's lines name, when they name one).
"""

from __future__ import annotations
import random
import zlib
from dataclasses import dataclass, field
from bridge_director.session import api
from bridge_director.case.model import Case
from bridge_director.case.load import load_case
from bridge_director.rulebook.model import CITE_RE, Rulebook
from bridge_director.ruling.build import Ruling
from bridge_director.base.yamlpos import InputError
from bridge_director.paper import report as report_build
from bridge_director.paper.grid import build as grid_build
from bridge_director.paper.words import SEAT_NAMES, condition, plain, seat
from bridge_director.paper.quizfile import _quiz_entries


SEATS = ("N", "E", "S", "W")


DISTRACTORS = 3


#: codes never offered as wrong choices (they describe the ruling itself, not a consequence)
NOT_DISTRACTORS = {"irregularity", "not-covered-yet", "judgement-needed"}


#: the player of a key item that concerns no one in particular (and the trainee's answer so)
NOBODY = "-"


@dataclass(frozen=True)
class KeyItem:
    """One item a right answer must contain: clause, consequence code, player (or None).
    ``teacher``: the item is from a quiz's ``key:``, where no player means no one in particular."""

    cite: str
    outcome: str
    who: str | None
    teacher: bool = False


@dataclass
class Choice:
    """A consequence the trainee may pick: the code and its words (from the vocabulary)."""

    code: str
    words: str


@dataclass
class Point:
    """One decision point: its heading, the consequences offered, the clauses offered, and the
    key items that belong to it."""

    heading: str
    choices: list[Choice]
    cites: list[str]
    key: list[KeyItem]


@dataclass
class QuizCase:
    """A case in a quiz: the case, its ruling, its report (facts and reasoning), its points."""

    case: Case
    ruling: Ruling
    report: report_build.Report
    key: list[KeyItem]
    points: list[Point]
    book: Rulebook | None = None      # the rulebook of the case's edition


@dataclass
class Quiz:
    title: str
    about: str
    cases: list[QuizCase]


@dataclass
class Answer:
    """The trainee's answer at one point: for each consequence picked, (player or None, the
    clauses named for it)."""

    picks: dict[str, tuple[str | None, list[str]]] = field(default_factory=dict)


@dataclass
class ItemMark:
    """How one key item was answered: consequence, player, clause right (None: not asked)."""

    item: KeyItem
    consequence: bool
    player: bool | None
    clause: bool

    @property
    def score(self) -> float:
        parts = [self.consequence, self.clause] + ([self.player] if self.player is not None else [])
        if not self.consequence:
            return 0.0
        return sum(1 for p in parts if p) / len(parts)


@dataclass
class PointMark:
    items: list[ItemMark]
    not_in_key: list[str]     # codes picked that the key does not hold at this point
    wrong_clauses: list[tuple[str, str]] = field(default_factory=list)   # (code, cite) named, not in the key
    over_named: int = 0       # clauses named beyond as many as the key gives the consequence

    @property
    def score(self) -> float:
        return max(0.0, sum(m.score for m in self.items) - (len(self.not_in_key) + self.over_named) / 3)


def _key_items(case: Case, key: list | None, where: str, line: int, book: Rulebook) -> list[KeyItem]:
    """The case's answer key: the quiz's ``key:`` if given, else its ``expect:``.

    Raises:
        InputError: no key at all, or an item without a known outcome code or a sub-clause.
    """
    if key is None:
        if not case.expect:
            raise InputError(case.file, 1, 1, "expect", "expected an answer key: an expect: block listing "
                             "the ruling's items ({cite, outcome}, optionally for: SEAT), or a key: in quiz.yaml "
                             "(`director rule CASE --format json` gives each line's cite and outcome)")
        api.validate_expect(case, book)
        items = [KeyItem(e.cite, e.outcome, e.who) for e in case.expect]
    else:
        items = []
        for i, it in enumerate(key, 1):
            if not isinstance(it, dict) or "cite" not in it or "outcome" not in it:
                raise InputError(where, line, 1, f"key.{i}", "expected {cite: 27B2, outcome: CODE, for: SEAT}")
            cite, code, who = str(it["cite"]), str(it["outcome"]), it.get("for")
            if not CITE_RE.match(cite):
                raise InputError(where, line, 1, f"key.{i}.cite", f"expected a sub-clause such as 27B2, found {cite!r}")
            if code not in book.vocabulary:
                raise InputError(where, line, 1, f"key.{i}.outcome",
                                 f"unknown outcome code {code!r}: expected a code listed in rules/vocabulary.yaml")
            if who is not None and str(who).upper()[:1] not in SEATS:
                raise InputError(where, line, 1, f"key.{i}.for", f"expected a seat N, E, S or W, found {who!r}")
            items.append(KeyItem(cite, code, str(who).upper()[:1] if who else None, teacher=True))
    out: list[KeyItem] = []
    for it in items:
        if it not in out:
            out.append(it)
    return out


def load_quiz(paths: list[str], book: Rulebook | None = None) -> Quiz:
    """Load the quiz named by ``paths`` (folders, quiz folders, case files).

    Raises:
        InputError: no case found; a malformed case; a case without an answer key.
    """
    book = book or api.rulebook()
    title, about, entries = _quiz_entries(paths)
    cases = []
    for path, key, where, line in entries:
        if not path.exists():
            raise InputError(where, line, 1, "cases", f"expected a case file, found no file {path}")
        case = load_case(path)
        cbook = book if book.edition == case.edition else api.rulebook(case.edition)
        items = _key_items(case, key, where, line, cbook)
        ruling = api.rule(case, cbook)
        rep = report_build.from_ruling(ruling, cbook, with_svg=False)
        rep.grid = grid_build(case, ruling, reveal=False)      # the calls only: no answer in the grid
        cases.append(QuizCase(case, ruling, rep, items, points(case, ruling, items, cbook), cbook))
    return Quiz(title, about, cases)


def _law(cite: str) -> str:
    i = 0
    while i < len(cite) and cite[i].isdigit():
        i += 1
    return cite[:i]


def _heading(line) -> str:
    """Where a ruling line belongs, in words: the option or branch it follows, or its group."""
    if line is None:
        return "The ruling"
    if line.option or line.branch:
        return "If " + condition(line.option or line.branch)
    return {"irregularity": "What went wrong", "judgements": "Findings the director still needs",
            "not-covered": "Not covered by this tool"}.get(line.section, "The ruling")


def _rng(*parts: str) -> random.Random:
    return random.Random(zlib.crc32("|".join(parts).encode("utf-8")))


def points(case: Case, ruling: Ruling, key: list[KeyItem], book: Rulebook) -> list[Point]:
    """The decision points of a case, in ruling order, each with its choices.

    Each key item goes to the point of the ruling line with its clause and consequence (the
    first); an item the ruling does not hold goes to 'The ruling'. Distractor consequences
    and clauses come from the rules of the same laws (deterministic for a case).
    """
    by_heading: dict[str, list[KeyItem]] = {}
    order: list[str] = []
    for ln in ruling.lines:
        h = _heading(ln)
        if h not in order:
            order.append(h)
    for it in key:
        ln = next((l for l in ruling.lines if l.cite == it.cite and l.code == it.outcome), None)
        h = _heading(ln)
        if h not in order:
            order.append(h)
        by_heading.setdefault(h, []).append(it)
    out = []
    for h in order:
        items = by_heading.get(h)
        if not items:
            continue
        laws = {_law(it.cite) for it in items}
        codes, cites = [], []
        for r in book.rules:
            if r.law in laws or _law(r.cite) in laws:
                cites.append(r.cite)
                for c in r.then:
                    if c.kind == "outcome":
                        codes.append(c.data["outcome"])
                        cites.append(str(c.data.get("cite") or r.cite))
        right = list(dict.fromkeys(it.outcome for it in items))
        rng = _rng(case.id, h)
        pool = sorted(set(codes) - set(right) - NOT_DISTRACTORS - _true_alongside(items, book))
        wrong = rng.sample(pool, min(DISTRACTORS, len(pool)))
        picks = right + wrong
        rng.shuffle(picks)
        right_cites = list(dict.fromkeys(it.cite for it in items))
        cpool = sorted(set(cites) - set(right_cites))
        cite_choices = right_cites + rng.sample(cpool, min(max(DISTRACTORS, 4 - len(right_cites)), len(cpool)))
        cite_choices.sort(key=report_build.law_key)
        out.append(Point(h, [Choice(c, _choice_words(c, items, ruling, book)) for c in picks], cite_choices, items))
    return out


def _true_alongside(items: list[KeyItem], book: Rulebook) -> set[str]:
    """Consequences never offered as wrong choices beside ``items``: every outcome of a rule
    under the same clause as a key item (for example 29B's "the auction goes back to the player
    whose turn it was" beside its "the call is cancelled", or 29A's "accepted by calling over
    it" beside "the player may accept"). They follow together with the key's, or are the same
    consequence in other words, so marking them wrong would teach a wrong answer."""
    cites = {it.cite for it in items}
    out: set[str] = set()
    for r in book.rules:
        outs = [(str(c.data.get("cite") or r.cite), c.data["outcome"]) for c in r.then if c.kind == "outcome"]
        if any(cite in cites for cite, _code in outs):
            out |= {code for _cite, code in outs}
    return out


def _choice_words(code: str, items: list[KeyItem], ruling: Ruling, book: Rulebook) -> str:
    """A choice in words. 'What went wrong' is asked about this case's irregularity in its
    own ruling words (the vocabulary's "an irregularity has happened" says nothing a trainee
    can judge); every other consequence in the vocabulary's words."""
    if code == "irregularity":
        cites = {it.cite for it in items if it.outcome == code}
        ln = next((l for l in ruling.lines if l.code == code and l.cite in cites), None)
        if ln is not None and ln.text:
            return plain(ln.text)
    return _words(code, book)


def _words(code: str, book: Rulebook) -> str:
    return " ".join(str(book.vocabulary.get(code, code)).split())


def item_player(item: KeyItem, ruling: Ruling) -> str:
    """The player a key item concerns: the key's ``for:``; for a teacher's item that names
    none, :data:`NOBODY` (no one in particular); for a case's own ``expect:`` item, the one
    seat the ruling's lines with that clause and consequence name (:data:`NOBODY` when they name
    none, a side, or several)."""
    if item.who:
        return item.who
    if item.teacher:
        return NOBODY
    whos = {ln.who for ln in ruling.lines if ln.cite == item.cite and ln.code == item.outcome and ln.who}
    return whos.pop() if len(whos) == 1 and next(iter(whos)) in SEATS else NOBODY


def grade_point(point: Point, answer: Answer, ruling: Ruling) -> PointMark:
    """Mark one point (see the module docstring for the scheme)."""
    marks = []
    codes_in_key = {it.outcome for it in point.key}
    for it in point.key:
        got = answer.picks.get(it.outcome)
        if got is None:
            marks.append(ItemMark(it, False, False, False))
            continue
        who, cites = got
        # no player named by the trainee is "no one in particular"
        marks.append(ItemMark(it, True, (who or NOBODY) == item_player(it, ruling), it.cite in cites))
    extra = [c for c in answer.picks if c not in codes_in_key]
    key_cites = {(it.outcome, it.cite) for it in point.key}
    wrong = [(code, c) for code, (_w, cites) in answer.picks.items() if code in codes_in_key
             for c in cites if (code, c) not in key_cites]
    over = sum(max(0, len(cites) - sum(1 for it in point.key if it.outcome == code))
               for code, (_w, cites) in answer.picks.items() if code in codes_in_key)
    return PointMark(marks, extra, wrong, over)


def describe(item: KeyItem, ruling: Ruling, book: Rulebook) -> str:
    """A key item in words: 'Law 27B2: the offender's partner must pass ... (West)'."""
    who = item_player(item, ruling)
    return f"Law {item.cite}: {_words(item.outcome, book)}" + (
        f" ({seat(who)})" if who != NOBODY else " (no one in particular)")


def as_data(quiz: Quiz, book: Rulebook) -> dict:
    """The quiz as plain data for the exported page (facts, points, key, ruling and reasoning)."""
    out = {"title": quiz.title, "about": quiz.about, "cases": []}
    for qc in quiz.cases:
        pts = []
        for p in qc.points:
            pts.append({"heading": p.heading,
                        "choices": [{"code": c.code, "words": c.words} for c in p.choices],
                        "cites": p.cites,
                        "key": [{"cite": it.cite, "outcome": it.outcome, "who": item_player(it, qc.ruling),
                                 "words": describe(it, qc.ruling, qc.book or book)} for it in p.key]})
        out["cases"].append({"id": qc.case.id, "points": pts})
    return out


SEAT_CHOICES = [(s, SEAT_NAMES[s]) for s in SEATS]


def check_keys(paths: list[str], book: Rulebook | None = None) -> list[str]:
    """What is wrong with the quiz named by ``paths`` without ruling a case: a case file it
    lists that is missing or malformed, a case with no answer key, a key item with an unknown
    outcome, a malformed sub-clause or seat. Each problem as ``file:line:col: what`` (none: the
    quiz is sound; ``director check`` then checks each case's ``expect:``)."""
    book = book or api.rulebook()
    try:
        _title, _about, entries = _quiz_entries(paths)
    except InputError as e:
        return [str(e)]
    out = []
    for path, key, where, line in entries:
        if not path.exists():
            out.append(str(InputError(where, line, 1, "cases", f"expected a case file, found no file {path}")))
            continue
        try:
            case = load_case(path)
            cbook = book if book.edition == case.edition else api.rulebook(case.edition)
            _key_items(case, key, where, line, cbook)
        except InputError as e:
            out.append(str(e))
    return out

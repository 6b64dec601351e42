"""A committee's report on one case, as plain data for the templates.

``report(path)`` rules on the case and gathers what the templates show: the facts (board,
dealer, vulnerability, the auction grid, the events and findings in words, notes, source), the
ruling's lines grouped as the ruling groups them, one reasoning sentence per line, the laws
cited with a one-line paraphrase each, and the decision-path diagram. It reads the ruling, its
data and the rulebook; it decides nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from bridge_director.session import api
from bridge_director.case.model import Case
from bridge_director.case.load import load_case
from bridge_director.rulebook.model import Rulebook
from bridge_director.ruling.build import Ruling
from bridge_director.ruling.render import as_dict
from bridge_director.ruling.cites import cite_text, edition_title
from bridge_director.ruling.i18n import gettext
from bridge_director.paper import diagram, grid as grid_mod
from bridge_director.paper.words import (VUL_WORDS, condition, event_words, judgement_words, plain, seat, sentence,
                                         sentence_parts, _lowerable)

SECTION_TITLES = {
    "irregularity": "What went wrong",
    "ruling": "Ruling",
    "options": "Choices open to the players",
    "branches": "What the ruling depends on",
    "judgements": "Findings the director still has to make",
    "not-covered": "Not covered by this tool",
}


@dataclass
class ShownLine:
    """A ruling line for people: its words, clause, the reasoning sentence, group label."""

    number: int
    text: str
    cite: str
    reason: str
    group: str = ""       # the option or branch it belongs to, in words ('' for none)
    who: str = ""


@dataclass
class Reason:
    """Lines of the ruling that rest on the same events and findings (and follow the same
    option or branch): the premise written once, then what follows from it, line by line."""

    head: str                                   # the option or branch, in words ('' for none)
    because: str                                # the events and findings ('' for none)
    follows: list[tuple[int, str]]              # (line number, what follows with its clause)


@dataclass
class Revisit:
    """A finding the committee may revisit: as found, the test the law sets, and what the ruling
    would gain and lose if it were found the other way."""

    finding: str
    test: str
    other_way: str
    gained: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)


@dataclass
class Section:
    key: str
    title: str
    groups: list[tuple[str, list[ShownLine]]]


@dataclass
class Report:
    """Everything a report shows about one case."""

    case: Case
    ruling: Ruling
    title: str
    board: str
    dealer: str
    vulnerability: str
    edition: str
    grid: grid_mod.Grid
    events: list[tuple[int, str]]
    findings: list[str]
    notes: str
    source: str
    sections: list[Section]
    lines: list[ShownLine]
    laws: list[tuple[str, str]]
    svg: str = ""
    svg_left_out: str = ""                      # why the decision path is not drawn ("" when it is, or not asked)
    unused: list[str] = field(default_factory=list)
    anchor: str = ""
    charts: list[tuple[str, str]] = field(default_factory=list)   # (law title, SVG) of the laws applied
    charts_left_out: str = ""                   # why the charts are not drawn ("" when they are, or not asked)
    result: str = ""                            # the table result and score, as the case gives it
    adjusted: str = ""                          # the adjusted score the director gave, if any
    reasoning: list[Reason] = field(default_factory=list)
    revisits: list[Revisit] = field(default_factory=list)
    revisits_left_out: str = ""                 # why some findings are not turned over ("" when all are)
    lang: str = "en"                            # the case's language: the report's words are in it

    def t(self, english: str, **words) -> str:
        """One of the report's own words in its language (the interface catalogue), filled."""
        from bridge_director.ruling.i18n import gettext
        said = gettext(self.lang)(english)
        return said.format(**words) if words else said


def paraphrase(cite: str, book: Rulebook, ruling: Ruling | None = None) -> str:
    """A one-line paraphrase of clause ``cite``: the first sentence of the summary of a rule
    with that cite; failing that, what the vocabulary says of the outcome a line gave under
    it; failing that, the title of its law."""
    for r in book.rules:
        if r.cite == cite and r.summary:
            return diagram.short_summary(r.summary, 200)
    if ruling is not None:
        for ln in ruling.lines:
            if ln.cite == cite and ln.code in book.vocabulary:
                return diagram.short_summary(book.vocabulary[ln.code], 200)
    num = "".join(ch for ch in cite if ch.isdigit())
    title = book.laws.get(str(int(num))) if num else None
    return f"Law {int(num)}: {title}" if title else f"Law {cite}"


def _unused_words(case: Case, unused) -> str:
    """A stated finding no rule used (a ruling's ``UnusedJudgement``), in words with its case
    line: "North's 2C was artificial (line 19)"; as written when the case holds no such finding."""
    match = [j for j in case.judgements if (j.event, j.prop) == (unused.event, unused.prop)]
    text = judgement_words(case, match[0]) if match else unused.judgement
    return f"{text} (line {unused.line})"


def law_key(cite: str) -> tuple:
    """Sort key for clauses: by law number, then the clause text (6A < 13A1 < 27B2)."""
    i = 0
    while i < len(cite) and cite[i].isdigit():
        i += 1
    return (int(cite[:i] or 0), cite[i:])


def report(path: str | Path, book: Rulebook | None = None, with_svg: bool = True, revisit: bool = True) -> Report:
    """Rule on the case at ``path`` and gather its report.

    Raises:
        InputError: the case file is malformed (file:line:col: what was expected).
    """
    case = load_case(path)
    if book is None or book.edition != case.edition:
        book = api.rulebook(case.edition)
    ruling = api.rule(case, book)
    return from_ruling(ruling, book, with_svg, revisit)


def from_ruling(ruling: Ruling, book: Rulebook, with_svg: bool = True, revisit: bool = False) -> Report:
    """The report of an existing ruling (see :func:`report`); ``revisit``: work out what each
    finding found the other way would change (the case ruled again per finding)."""
    case = ruling.case
    lang = getattr(case, "lang", None) or "en"
    _ = gettext(lang)
    shown: list[ShownLine] = []
    sections: list[Section] = []
    groups: dict[str, dict[str, list[ShownLine]]] = {k: {} for k in SECTION_TITLES}
    n = 0
    for ln in ruling.read:          # each paragraph once, no line a later event made moot
        n += 1
        label = condition(ln.option or ln.branch or "", lang)
        shown_cite = cite_text(ruling, ln.cite)   # an edition's cite in its words (seed 004, statement 13)
        s = ShownLine(n, plain(ln.text, lang), shown_cite, sentence(case, ln, None if shown_cite == ln.cite else shown_cite),
                      label, seat(ln.who, lang))
        shown.append(s)
        groups[ln.section].setdefault(label, []).append(s)
    for key, title in SECTION_TITLES.items():
        if groups[key]:
            sections.append(Section(key, _(title), list(groups[key].items())))
    cites = sorted({ln.cite for ln in ruling.lines}, key=law_key)
    drawing, left_out = diagram.drawn(ruling, book) if with_svg and ruling.trace else ("", "")
    unused = [_unused_words(case, u) for u in ruling.unused]
    revisits, revisits_left_out = _revisits(ruling, book) if revisit else ([], "")
    charts, charts_left_out = _charts(ruling, book) if with_svg == "charts" else ([], "")
    return Report(
        case=case, ruling=ruling, title=case.title,
        board=str(case.board.number) if case.board else _("not given"),
        dealer=seat(case.dealer.letter, lang),
        vulnerability=_(VUL_WORDS[case.vulnerability]) if case.vulnerability in VUL_WORDS else str(case.vulnerability),
        edition=_(edition_title(ruling.edition)),
        grid=grid_mod.build(case, ruling),
        events=[(e.number, event_words(e, case)) for e in case.events],
        findings=[judgement_words(case, j)[0].upper() + judgement_words(case, j)[1:] for j in case.judgements],
        notes=" ".join(str(case.notes or "").split()), source=case.source or "",
        sections=sections, lines=shown,
        laws=[(cite_text(ruling, c), paraphrase(c, book, ruling) if lang == "en" else _in_its_words(ruling, c))
              for c in cites],
        svg=drawing, svg_left_out=left_out,
        unused=unused, anchor="case-" + case.id,
        charts=charts, charts_left_out=charts_left_out,
        result=str(case.setting.get("result") or ""), adjusted=str(case.setting.get("adjusted") or ""),
        reasoning=_reasoning(ruling), revisits=revisits, revisits_left_out=revisits_left_out, lang=lang,
    )


def _in_its_words(ruling: Ruling, cite: str) -> str:
    """What clause ``cite`` gave this ruling, in the ruling's language: its first line's words
    (the paraphrases of the rulebook are in English only)."""
    return next((plain(ln.text, ruling.case.lang) for ln in ruling.lines if ln.cite == cite), cite)


def _reasoning(ruling: Ruling) -> list[Reason]:
    """The reasoning, each premise once: consecutive lines resting on the same events and
    findings (under the same option or branch) grouped under it."""
    out: list[Reason] = []
    for n, ln in enumerate(ruling.read, 1):
        shown = cite_text(ruling, ln.cite)
        head, because, follows = sentence_parts(ruling.case, ln, None if shown == ln.cite else shown)
        because = because[:1].lower() + because[1:] if _lowerable(because) else because   # read after "Because"
        if out and (out[-1].head, out[-1].because) == (head, because):
            out[-1].follows.append((n, follows))
        else:
            out.append(Reason(head, because, [(n, follows)]))
    return out


# Each finding turned over rules the whole case again: the revisits cost (findings x events).
# They stop at MAX_REVISITS findings, and at REVISIT_EVENTS events ruled again in all (a finding
# of a 500-event case rules 500 events), so a report's time grows with the case, not its square.
MAX_REVISITS = 40
REVISIT_EVENTS = 2000


def _revisits(ruling: Ruling, book: Rulebook) -> tuple[list[Revisit], str]:
    """For each yes-or-no finding the ruling read: the test the law sets (the question put to the
    director) and the ruling's lines gained and lost if it were found the other way (the case
    ruled again with that finding turned over). At most MAX_REVISITS findings and REVISIT_EVENTS
    events ruled again: the second value says, in the case's language, how many findings are left
    out ("" when none is)."""
    from bridge_director.base.record import replace
    from bridge_director.base.yamlpos import InputError
    from bridge_director.ruling.questions import judgement_question
    case = ruling.case
    lang = getattr(case, "lang", None) or "en"
    unread = {(u.event, u.prop) for u in ruling.unused}
    words = {(ln.text, ln.cite, ln.option, ln.branch): ln for ln in ruling.read}
    numbers = {e.number: e for e in case.events}
    todo = [j for j in case.judgements
            if isinstance(j.value, bool) and (j.event, j.prop) not in unread and j.event in numbers]
    size = max(1, len(case.events))
    room = max(1, min(MAX_REVISITS, REVISIT_EVENTS // size))
    out = []
    for j in todo[:room]:
        event = numbers[j.event]
        turned = replace(j, value=not j.value)
        other = replace(case, judgements=[turned if x is j else x for x in case.judgements])
        try:
            again = api.rule(other, book)
        except InputError:      # a finding the rules cannot take the other way: nothing to show
            continue
        theirs = {(ln.text, ln.cite, ln.option, ln.branch): ln for ln in again.read}
        gained = [f"{plain(ln.text, lang).rstrip('.')} ({cite_text(again, ln.cite)})." for k, ln in theirs.items()
                  if k not in words]
        lost = [f"{plain(ln.text, lang).rstrip('.')} ({cite_text(ruling, ln.cite)})." for k, ln in words.items()
                if k not in theirs]
        found = judgement_words(case, j)
        out.append(Revisit(found[:1].upper() + found[1:], judgement_question(case, event, j.prop)["prompt"],
                           judgement_words(case, turned), gained, lost))
    left = len(todo) - room
    if left <= 0:
        return out, ""
    said = gettext(lang)("{left} more findings are not turned over here (the first {shown} of {total} are): each "
                         "one rules the whole case of {events} events again. To see what another would change, "
                         "change it in the case and rule again.")
    return out, said.format(left=left, shown=room, total=len(todo), events=len(case.events))


def _charts(ruling: Ruling, book: Rulebook) -> tuple[list[tuple[str, str]], str]:
    """The chart of each law whose rules fired, in law order; or none, and why, when Graphviz
    cannot draw them (not installed, failed, too slow), as the decision path is left out."""
    from bridge_director.paper import chart
    fired = {book.by_id(t.rule).law for t in ruling.trace}
    out = []
    for law in chart.laws(book):
        if law in fired:
            ch = chart.chart(law, book)
            try:
                out.append((ch.title, chart.svg(ch)))
            except diagram.DotFailed as e:
                return [], f"The charts of the laws applied are not drawn: {e}."
    return out, ""

"""The ruling as text (for the table), Markdown (for a committee) and JSON (for programs):
``render_text``, ``render_markdown``, ``render_json``, ``as_dict`` and ``RENDERERS``.

Output order is deterministic. Reads the ruling's data, the grid and the questions; holds no
law.
"""

from __future__ import annotations
import json
from typing import Any
from bridge_director.base.lines import inline, markdown_code, markdown_text as md
from bridge_director.ruling.build import EventRef, Line, Ruling, SECTION_ORDER, UnusedJudgement
from bridge_director.ruling import grid
from bridge_director.ruling.cites import VUL_NAMES, _dotted, cite_text, edition_title
from bridge_director.ruling.i18n import gettext
from bridge_director.ruling.questions import questions
from bridge_director.ruling.wrap import wrap


def _header(r: Ruling) -> str:
    c = r.case
    if c.board_on_table is not None and grid._has_boards(r):
        return f"{grid.header_board_words(c)} - {edition_title(r.edition)}"
    board = ("Board " + str(c.board.number) if c.board else "Board (number not given)") if grid._has_boards(r) \
        else "The deal"
    return f"{board} - dealer {c.dealer.value}, {VUL_NAMES.get(c.vulnerability, c.vulnerability)} - " \
           f"{edition_title(r.edition)}"


def _grouped(r: Ruling) -> dict[str, list[Line]]:
    groups: dict[str, list[Line]] = {s: [] for s in SECTION_ORDER}
    for ln in r.read:        # each paragraph once, no line a later event made moot
        groups[ln.section].append(ln)
    return groups


def _by_label(lines: list[Line], attr: str) -> list[tuple[str, list[Line]]]:
    out: dict[str, list[Line]] = {}
    for ln in lines:
        out.setdefault(getattr(ln, attr), []).append(ln)
    return list(out.items())


def _trace_text(r: Ruling) -> list[str]:
    out = ["", "Trace (rule, citation, facts matched and the case events they came from):"]
    for t in r.trace:
        out.append(f"  {t.rule} [{cite_text(r, t.cite)}] stratum {t.stratum}")
        for alias, fact in t.matched.items():
            out.append(f"    {alias}: {_fact_summary(fact, t.tested.get(alias, ()))}")
            for e in t.events.get(alias, []):
                out.append(f"      <- {e}")
        for d in t.derived:
            out.append("    => " + ", ".join(f"{k}={v}" for k, v in d.items() if k not in ("fid", "by")))
    return out


# what names a fact at a glance in the text trace, before the fields its pattern tested
_IDENTITY = ("idx", "of", "seat", "call", "code", "prop", "value")


def _fact_summary(fact: dict, tested) -> str:
    """``type key=value ...``: the fact's type and identity fields, then ``| tested ...``
    with the fields the rule's pattern looked at (the whole fact is in the JSON trace)."""
    head = [str(fact.get("t"))] + [f"{k}={fact[k]}" for k in _IDENTITY if k in fact]
    shown = [f"{k}={fact.get(k, '(absent)')}" for k in tested if k not in _IDENTITY]
    return " ".join(head) + (" | tested " + ", ".join(shown) if shown else "")


def _irregular_event(ln: Line) -> "EventRef | None":
    """The event an irregularity line points at: the offender's own latest call or act among
    the events behind it (what the rule matched may also hold earlier calls, an opponent's
    decision about it, or a judgement); failing that, the latest event behind it that the
    line's text names (a judgement on the offending call, say); failing that, the first event."""
    own = [e for e in ln.events if e.event and ln.who and e.what.startswith(ln.who + " ")]
    if own:
        return max(own, key=lambda e: e.event)
    named = [e for e in ln.events if e.event and e.event in ln.about]
    if named:
        return max(named, key=lambda e: e.event)
    return next((e for e in ln.events if e.event), None)


def _unused_text(r: Ruling, u: UnusedJudgement, _=str) -> str:
    return _("{judgement} (line {line}): no rule of this ruling reads it, so the ruling "
             "does not depend on it.").format(judgement=u.judgement, line=u.line)


def _told_apart(lines: list[Line], _=str, merged: "dict[int, list[int]] | None" = None) -> dict[int, str]:
    """id(line) -> its text, with ``(event N)`` added where the same words stand for other
    calls elsewhere in the ruling (a second insufficient bid accepted in the same way), and
    ``(event 2, 7)`` where one line is written once for several events (``merged``, from
    :func:`bridge_director.ruling.build.readable`); ``_`` the interface catalogue's gettext."""
    merged = merged or {}
    count: dict[tuple, int] = {}
    for ln in lines:
        count[(ln.text, ln.option, ln.branch)] = count.get((ln.text, ln.option, ln.branch), 0) + 1
    out = {}
    for ln in lines:
        repeated = count[(ln.text, ln.option, ln.branch)] > 1 and ln.about and ln.code != "irregularity"
        events = merged.get(id(ln)) or (ln.about if repeated else None)
        out[id(ln)] = ln.text + (" " + _("(event {events})").format(events=", ".join(map(str, events)))
                                 if events else "")
    return out


def _asked_at(ln: Line, qs: list[dict]) -> int:
    """The position in ``qs`` (bridge_director.ruling.questions' asking order) of the first question that
    judgement-needed line ``ln`` belongs to; ``len(qs)`` when none."""
    return next((i for i, q in enumerate(qs) if ln.rule in q.get("rules", ()) and ln.text in q.get("lines", ())),
                len(qs))


def options_text(r: Ruling) -> str:
    """The ruling's options alone, as :func:`render_text` shows them ('' when it has none): what
    a front end shows before a player chooses (the director explains every option first)."""
    lines = _TextRuling(r).options_section()
    return "\n".join(lines) + "\n" if lines else ""


def render_text(r: Ruling, trace: bool = False) -> str:
    """The ruling as plain text for the table (``trace`` appends the rule trace): what the tool
    understood (board, auction grid, judgements; bridge_director.ruling.grid), what to tell the players now,
    then the detail with citations; seats in full, wrapped to the terminal's width."""
    return _TextRuling(r).render(trace)


class _TextRuling:
    """The text ruling of ``r``, section by section, at the terminal's width ``w``, in the case's
    language; each ``*_section`` method returns its lines (none when the section is empty)."""

    def __init__(self, r: Ruling):
        self.r = r
        self.lang = getattr(r.case, "lang", "en")
        self._ = gettext(self.lang)
        self.g = _grouped(r)
        self.words = _told_apart(r.read, self._, r.read_events)
        self.w = grid.width()
        self.qs = questions(r)

    def render(self, trace: bool) -> str:
        """The whole ruling: understood, tell the players, irregularities, then each section."""
        r, _ = self.r, self._
        out = grid.understood(r)
        out[0] += f" - {_(edition_title(r.edition))}"
        if r.case.title:
            out.insert(1, _("Case {id}: {title}").format(id=inline(r.case.id), title=inline(r.case.title)))
        out += [""] + grid.tell_lines(r, self.w, self.qs) + [""]
        if not r.lines:
            out.append(_("No irregularity found by the laws encoded so far; nothing to rule."))
        out += self.irregularities()
        for section in (self.ruling_section, self.options_section, self.branches_section,
                        self.judgements_section, self.not_covered_section, self.unused_section):
            lines = section()
            if lines:
                out += [""] + lines
        if trace:
            out += _trace_text(r)
        else:
            out += ["", _("Trace: --trace shows each rule, the facts it matched and the events they came from.")]
        return "\n".join(out) + "\n"

    def full(self, text: str) -> str:
        """Seat letters in ``text`` written in full, in the ruling's language."""
        return grid.seats_in_full(text, self.lang)

    def dotted(self, prefix: str, text: str, cite: "str | None") -> list[str]:
        """``prefix`` + ``text`` (seats in full) with its citation at the right margin."""
        return _dotted(prefix, self.full(text), cite_text(self.r, cite), self.w)

    def irregularities(self) -> list[str]:
        out = []
        for ln in self.g["irregularity"]:
            ev = _irregular_event(ln)
            where = " " + self._("(event {event}, {file}:{line})").format(event=ev.event, file=inline(ev.file), line=ev.line) \
                if ev and ev.event else ""
            out += self.dotted(self._("Irregularity: "), ln.text + where, ln.cite)
        return out

    def ruling_section(self) -> list[str]:
        if not self.g["ruling"]:
            return []
        out = [self._("Ruling:")]
        for n, ln in enumerate(self.g["ruling"], 1):
            out += self.dotted(f"{n:>3}. ", self.words[id(ln)], ln.cite)
        return out

    def options_section(self) -> list[str]:
        g = self.g
        if not g["options"]:
            return []
        out = [self._("Options (who may choose what, and what follows each choice):")]
        for ln in g["options"]:
            if not ln.option:
                out += self.dotted("  ", self.words[id(ln)], ln.cite)
        for i, (label, lns) in enumerate(_by_label([ln for ln in g["options"] if ln.option], "option")):
            out.append(f"  {chr(ord('a') + i)}. {self.full(label)}:")
            for ln in lns:
                out += self.dotted("     - ", self.words[id(ln)], ln.cite)
        return out

    def branches_section(self) -> list[str]:
        if not self.g["branches"]:
            return []
        out = [self._("Branches (the ruling depends on a judgement the case does not state):")]
        for label, lns in _by_label(self.g["branches"], "branch"):
            out.append(f"  {self.full(label)}:")
            for ln in lns:
                out += self.dotted("     - ", self.words[id(ln)], ln.cite)
        return out

    def judgements_section(self) -> list[str]:
        """The judgements needed, in asking order, each with the line that would state it; then
        each question the ruling asks that no judgement-needed line gave (a case setting a
        branch turns on, say), with its key, so that every question asked can be answered."""
        qs, w = self.qs, self.w
        hinted: set[str] = set()
        body: list[str] = []
        for ln in sorted(self.g["judgements"], key=lambda ln: _asked_at(ln, qs)):
            body += self.dotted("   - ", self.words[id(ln)], ln.cite)
            for q in qs:
                about = (q.get("about") or {}).get("event")
                if ln.rule in q.get("rules", ()) and ln.text in q.get("lines", ()) and (
                        about is None or not ln.about or about in ln.about):
                    hinted.add(q["id"])
                    body += wrap(grid.judgement_hint(q, self.lang), w - 7, initial_indent="     ",
                                 subsequent_indent="     ")
        for q in qs:
            if q["kind"] in ("judgement", "setting") and q["id"] not in hinted:
                body += wrap(grid.judgement_hint(q, self.lang), w - 4, initial_indent="   - ",
                             subsequent_indent="     ")
        if not body:
            return []
        return [self._("Judgements needed (answer with 'director ask', or type the line shown):")] + body

    def not_covered_section(self) -> list[str]:
        if not self.g["not-covered"]:
            return []
        out = [self._("Not covered yet:")]
        for ln in self.g["not-covered"]:
            out += self.dotted("   - ", ln.text, ln.cite)
        return out

    def unused_section(self) -> list[str]:
        if not self.r.unused:
            return []
        out = [self._("Judgements stated but not used:")]
        for u in self.r.unused:
            out += wrap(self._("not used: ") + _unused_text(self.r, u, self._), self.w - 4,
                        initial_indent="   - ", subsequent_indent="     ")
        return out


def render_markdown(r: Ruling, trace: bool = False) -> str:
    """The ruling as Markdown, for an appeal committee's report (headings in the case's language)."""
    g = _grouped(r)
    lang = getattr(r.case, "lang", "en")
    _ = gettext(lang)
    c = r.case
    header = _header(r) if lang == "en" else \
        f"{grid.header_board_words(c, lang, grid._has_boards(r))} - " \
        f"{_(edition_title(r.edition))}"
    # the case's words (title, name, source, remarks quoted in the lines) shown as themselves,
    # each on its line: none adds a heading, a link or HTML of its own (hostile3 F2)
    out = [f"# {md(r.case.title or r.case.id)}", "", f"*{md(header)}*  ",
           _("Case `{id}` - source: {source}").replace("`{id}`", "{id}").format(
               id=markdown_code(r.case.id), source=md(r.case.source or _("not given"))), ""]
    out += grid.understood_markdown(r)
    if not r.lines:
        out.append(_("No irregularity found by the laws encoded so far."))

    def row(ln: Line) -> str:
        return f"| {md(ln.text)} | **{cite_text(r, ln.cite)}** | `{ln.code}` |"
    table = ["| " + _("What follows") + " | " + _("Law") + " | " + _("Outcome") + " |", "|---|---|---|"]
    for section, title in (("irregularity", _("Irregularity")), ("ruling", _("Ruling")),
                           ("judgements", _("Judgements needed")), ("not-covered", _("Not covered yet"))):
        if g[section]:
            out += [f"## {title}", ""] + table + [row(ln) for ln in g[section]] + [""]
    if g["options"]:
        out += ["## " + _("Options"), ""]
        head = [ln for ln in g["options"] if not ln.option]
        if head:
            out += table + [row(ln) for ln in head] + [""]
        for label, lns in _by_label([ln for ln in g["options"] if ln.option], "option"):
            out += [f"### {md(label)}", ""] + table + [row(ln) for ln in lns] + [""]
    if g["branches"]:
        out += ["## " + _("Branches"), ""]
        for label, lns in _by_label(g["branches"], "branch"):
            out += [f"### {md(label)}", ""] + table + [row(ln) for ln in lns] + [""]
    if r.unused:
        out += ["## " + _("Judgements stated but not used"), ""]
        out += [f"- {md(_('not used: ') + _unused_text(r, u, _))}" for u in r.unused] + [""]
    if trace:
        out += ["## Trace", ""]
        for t in r.trace:
            out.append(f"- `{t.rule}` (**{cite_text(r, t.cite)}**, stratum {t.stratum})")
            for alias, fact in t.matched.items():
                evs = "; ".join(str(e) for e in t.events.get(alias, []))
                out.append(f"  - `{alias}`: {md(_fact_summary(fact, t.tested.get(alias, ())))} "
                           + (f"- from {md(evs)}" if evs else ""))
    return "\n".join(out) + "\n"


def as_dict(r: Ruling, trace: bool = False) -> dict[str, Any]:
    """The ruling as plain data (what ``--format json`` prints)."""
    c = r.case
    d: dict[str, Any] = {
        "case": c.id, "title": c.title, "source": c.source, "file": c.file, "edition": r.edition,
        "board": c.board.number if c.board else None, "dealer": c.dealer.value, "vulnerability": c.vulnerability,
        "outcomes": [ln.as_dict() for ln in r.lines], "cancelled_calls": r.cancelled, "rounds": r.rounds,
        "calls": [c.as_dict() for c in r.calls],
        "unused_judgements": [u.as_dict() for u in r.unused],
    }
    d.update(grid.front_data(r))   # questions, tell_the_table, auction (bridge_director/ruling/questions.py, bridge_director/ruling/grid.py)
    if trace:
        d["trace"] = [{"rule": t.rule, "cite": t.cite, "stratum": t.stratum,
                       "matched": {a: {k: v for k, v in m.items()} for a, m in t.matched.items()},
                       "events": {a: [e.as_dict() for e in evs] for a, evs in t.events.items()},
                       "derived": t.derived} for t in r.trace]
    return d


def render_json(r: Ruling, trace: bool = False) -> str:
    """The ruling as JSON (sorted keys, two-space indent)."""
    return json.dumps(as_dict(r, trace), indent=2, sort_keys=True) + "\n"


RENDERERS = {"text": render_text, "markdown": render_markdown, "json": render_json}

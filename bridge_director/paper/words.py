"""Plain words for people: seats in full, the case's events and findings, reasoning sentences.

Shared by the committee report, the casebook, the quiz and the charts. No law here: the words
only restate what the case says happened and what the rules' own texts say followed.
"""
from __future__ import annotations

import re
from typing import Iterable

from bridge_director.case.shapes import HAPPENED
from bridge_director.case.model import Case, Event, Judgement
from bridge_director.ruling.i18n import SEAT_NAMES, VUL_WORDS, call_name, gettext, seat_name, seats_in_full  # noqa: F401
from bridge_director.case.judgements import PROPERTIES
EDITION_WORDS = {"duplicate-2017": "Laws of Duplicate Bridge 2017"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trumps", "N": "no trumps"}
#: how a true/false judgement reads after "was" (true words, false words; the one table:
#: bridge_director.case.judgements)
PROPERTY_WORDS = {name: p.found for name, p in PROPERTIES.items() if isinstance(p.found, tuple)}
#: how a list judgement reads: one sentence with {about} and {items}
LIST_WORDS = {name: p.found for name, p in PROPERTIES.items() if isinstance(p.found, str)}

_DOUBLE_RE = re.compile(r"(?<![A-Za-z0-9-])(XX|X)(?![A-Za-z0-9-])")


def seat(letter: str | None, lang: str = "en") -> str:
    """'S' -> 'South' ('Sul' in Portuguese; anything else is returned as given; None -> '')."""
    if lang != "en":
        return seat_name(str(letter), lang) if letter else ""
    return SEAT_NAMES.get(str(letter), str(letter)) if letter else ""


def plain(text: str, lang: str = "en") -> str:
    """A rule's text with seats, sides, doubles in full: "W must pass" -> "West must pass",
    "N-S" -> "North-South", "S's X" -> "South's double". Calls (1NT, 2C) and clauses (23C)
    are left alone. In another language the line is already in its words (seats in full, X a
    call of the notation): only stray seat letters are written out."""
    if lang != "en":
        return seats_in_full(text, lang)
    text = _DOUBLE_RE.sub(lambda m: "redouble" if m.group(1) == "XX" else "double", text)
    return seats_in_full(text)


def condition(label: str, lang: str = "en") -> str:
    """An option's or branch's label as a condition to follow "If" ("Se"): seats in full, without
    a leading "if" ("se") of its own ("if W does not accept" -> "West does not accept")."""
    text = plain(str(label or ""), lang).strip()
    lead = "se " if lang == "pt" else "if "
    return text[3:] if text[:3].lower() == lead else text


def call_words(call) -> str:
    """How a call reads after a name: 'bid 2C', 'passed', 'doubled', 'redoubled'."""
    c = str(call)
    if c == "Pass":
        return "passed"
    if c == "X":
        return "doubled"
    if c == "XX":
        return "redoubled"
    return f"bid {c}"


def call_noun(call) -> str:
    """A call as a noun: '2C', 'a pass', 'a double', 'a redouble'."""
    return {"Pass": "a pass", "X": "a double", "XX": "a redouble"}.get(str(call), str(call))


_PLACEHOLDERS = {"SEAT", "BY", "OF", "POCKET", "SIDE", "BOARD", "CARDS", "CARD", "CALL", "SESSION"}


def _happened_words(e: Event) -> str:
    """A ``happened`` event in words, from the case format's own description of its code."""
    doc = HAPPENED[e.happened][2]
    given = dict(e.details)
    # the format's "(about CALL, when given)", "(OFFENDER's, when given)": the detail when the
    # case gives it, else nothing
    doc = re.sub(r"\s*\(([^()]*?)\b([A-Z]{2,})\b([^()]*?),? when given\)",
                 lambda m: m[0] if m[2].lower() in given else "", doc).replace(", when given)", ")")
    values: dict[str, str] = {}
    for name, value in given.items():
        if isinstance(value, list):
            value = ", ".join(seat(v) for v in value) or "no one"
        elif name in ("seat", "by", "of", "pocket"):
            value = seat(value)
        elif name == "side":
            value = seats_in_full(str(value))
        values[name.upper()] = str(value)

    # One pass, the case's words inserted as they are (a function, never a replacement
    # template: a backslash in a remark is text), a placeholder with no value left out.
    def fill(m: re.Match) -> str:
        said = values.get(m.group(1))
        return "" if said is None else said + m.group(2)
    names = sorted(set(values) | _PLACEHOLDERS, key=len, reverse=True)
    doc = re.sub(r"\b(" + "|".join(map(re.escape, names)) + r")\b((?:'s)?\s?)", fill, doc)
    return doc[0].upper() + doc[1:]


def decided_call(case: Case, e: Event) -> str:
    """The call a decision event is about: the one it names, else the last call before it."""
    if e.call is not None:
        return str(e.call)
    for prev in reversed(case.events[: e.number - 1]):
        if prev.kind in ("call", "replaces"):
            return call_noun(prev.call)
    return "the irregular call"


def _lang(case: "Case | None") -> str:
    return (getattr(case, "lang", None) or "en") if case is not None else "en"


def event_words(e: Event, case: Case | None = None) -> str:
    """One event as a short sentence without the final stop: 'South bid 2C',
    'West did not accept 2C', 'East replaced 1H with 2NT', 'The director was called' (in the
    case's language: :func:`_event_words_in`)."""
    if _lang(case) != "en":
        return _event_words_in(e, case, _lang(case))
    who = seat(e.seat.letter) if e.seat else ""
    if e.kind == "call":
        extra = f" at the same moment as {seat(e.simultaneous_with.letter)}" if e.simultaneous_with else ""
        return f"{who} {call_words(e.call)}{extra}"
    if e.kind == "replaces":
        return f"{who} replaced {e.replaces} with {call_noun(e.call)}"
    if e.kind == "accepts":
        what = " " + (decided_call(case, e) if case is not None else str(e.call or "the irregular call"))
        return f"{who} {'accepted' if e.accepts else 'did not accept'}{what}"
    if e.kind == "director":
        return "The director was called" + (f" by {who}" if who else "")
    if e.kind == "ruled":
        return "The director ruled on the rectification"
    if e.kind == "happened" and e.happened in HAPPENED:
        return _happened_words(e)
    return who or "Something happened"


_CALL_NOUNS = {"Pass": "a pass", "X": "a double", "XX": "a redouble"}
#: a call after a name's possessive: "South's pass", "West's double"
_POSSESSED = {"Pass": "pass", "X": "double", "XX": "redouble"}


def _event_words_in(e: Event, case: Case, lang: str) -> str:
    """An event in words in ``lang`` (the interface catalogue's): 'Norte: 1♠', 'Sul não aceitou
    1♥', 'Leste substituiu 1♥ por 2♥', 'O Diretor foi chamado por Sul'; another event as the
    ruling's questions name it ('A contagem de cartas do evento 5 (Leste, 14 cartas)')."""
    from bridge_director.ruling.questions import named_event
    _ = gettext(lang)
    who = seat(e.seat.letter, lang) if e.seat else ""

    def noun(call) -> str:
        c = str(call)
        return _(_CALL_NOUNS[c]) if c in _CALL_NOUNS else call_name(c, lang)
    if e.kind == "call":
        words = _("{seat}: {call}").format(seat=who, call=call_name(str(e.call), lang))
        if e.simultaneous_with:
            words += " " + _("at the same moment as {seat}").format(seat=seat(e.simultaneous_with.letter, lang))
        return words
    if e.kind == "replaces":
        return _("{seat} replaced {call} with {new}").format(seat=who, call=call_name(str(e.replaces), lang),
                                                             new=noun(e.call))
    if e.kind == "accepts":
        called = e.call
        if called is None:
            called = next((p.call for p in reversed(case.events[: e.number - 1]) if p.kind in ("call", "replaces")), None)
        what = noun(called) if called is not None else _("the irregular call")
        return (_("{seat} accepted {call}") if e.accepts else _("{seat} did not accept {call}")).format(seat=who, call=what)
    if e.kind == "director":
        return _("The director was called by {seat}").format(seat=who) if who else _("The director was called")
    if e.kind == "ruled":
        return _("The director ruled on the rectification")
    words = named_event(e, case)
    return words[:1].upper() + words[1:]


def judgement_words(case: Case, j: Judgement) -> str:
    """A finding in words: "East's 2NT is not comparable to the call it replaced" (in another
    language: the question the law puts, and the answer found, :func:`_finding_in`)."""
    if _lang(case) != "en":
        return _finding_in(case, j, _lang(case))
    ev = case.events[j.event - 1] if 0 < j.event <= len(case.events) else None
    if ev is not None and ev.kind in ("call", "replaces") and ev.seat is not None:
        about = f"{seat(ev.seat.letter)}'s {_POSSESSED.get(str(ev.call), str(ev.call))}"   # "South's pass", never "South's a pass"
        if any(o is not ev and o.kind in ("call", "replaces") and o.seat == ev.seat and str(o.call) == str(ev.call)
               for o in case.events):       # the same call made twice by the seat: say which
            about += f" at event {j.event}"
    elif ev is not None:
        words = event_words(ev, case)
        words = words[0].lower() + words[1:] if _lowerable(words) else words      # "(West explained ...)"
        about = f"what happened at event {j.event} ({words})"
    else:
        about = f"event {j.event}"
    if isinstance(j.value, list):
        return _list_finding(j, about)
    yes, no = PROPERTY_WORDS.get(j.prop, (j.prop.replace("-", " "), "not " + j.prop.replace("-", " ")))
    who = seat(ev.seat.letter) if ev is not None and ev.seat is not None else "the player"
    return f"{about} was {(yes if j.value else no).format(who=who)}"


def _finding_in(case: Case, j: Judgement, lang: str) -> str:
    """A finding in ``lang``: the question the director was asked (the ruling's own, in the
    language) and the answer found: 'O 1♥ era a voz que Leste pretendia fazer? Não'."""
    from bridge_director.ruling.questions import judgement_question
    _ = gettext(lang)
    ev = case.events[j.event - 1] if 0 < j.event <= len(case.events) else None
    if ev is None:
        return f"{_('event {event}').format(event=j.event)}: {j.prop} = {j.value}"
    q = judgement_question(case, ev, j.prop)
    if isinstance(j.value, list):
        if j.prop == "specifies":
            items = ", ".join(_(SUIT_WORDS.get(str(d), str(d))) for d in j.value) or _("no denomination")
        else:
            items = ", ".join(seats_in_full(str(v), lang) for v in j.value) or _("none")
        return f"{q['prompt']} {items}"
    said = next((a["label"] for a in q["answers"] if (a.get("adds") or {}).get("judgement") and
                 list(a["adds"]["judgement"].values())[0] is j.value), "yes" if j.value else "no")
    said = _(said)
    return f"{q['prompt']} {said[:1].upper() + said[1:]}"


def _list_finding(j: Judgement, about: str) -> str:
    """A list judgement in words: denominations ("East's 2C specified hearts, spades") or sides
    ("the sides directly at fault for what happened at event 3 (...): East-West")."""
    if j.prop == "specifies":
        items = ", ".join(SUIT_WORDS.get(str(d), str(d)) for d in j.value) or "no denomination"
    else:
        items = ", ".join(seats_in_full(str(v)) for v in j.value) or "none"
    template = LIST_WORDS.get(j.prop, "{about}: " + j.prop.replace("-", " ") + " {items}")
    return template.format(about=about, items=items)


def _event_number(case: Case, j: Judgement) -> int:
    return j.event


def reasons(case: Case, refs: Iterable) -> list[str]:
    """See :func:`_reasons` (the words in the case's language)."""
    return _reasons(case, refs, _lang(case))


def _reasons(case: Case, refs: Iterable, lang: str) -> list[str]:
    """The case events and findings behind a conclusion, each in words with its number:
    ["South bid 2C (event 3)", "the director found that East's 2NT was not comparable ..."].

    ``refs``: EventRef-like objects (``event``, ``what``); board and case facts give no words.
    """
    out: list[str] = []
    by_event = {j.event: [] for j in case.judgements}
    for j in case.judgements:
        by_event[j.event].append(j)
    for r in refs:
        if not r.event or r.event > len(case.events):
            continue
        if str(r.what).startswith("judgement"):
            for j in by_event.get(r.event, []):
                if j.prop in str(r.what) or (j.prop == "specifies" and "specifies" in str(r.what)):
                    s = f"the director found that {judgement_words(case, j)}" if lang == "en" else \
                        gettext(lang)("the director's answer to: {finding}").format(finding=judgement_words(case, j))
                    if s not in out:
                        out.append(s)
            continue
        words = event_words(case.events[r.event - 1], case)
        ref = gettext(lang)('event {event}').format(event=r.event)
        s = words if lang != "en" and ref in words else f"{words} ({ref})"     # "do evento 4" says it already
        if s not in out:
            out.append(s)
    return out


def join_words(items: list[str], lang: str = "en") -> str:
    """['a', 'b', 'c'] -> 'a, b and c' ('a, b e c' in Portuguese)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " " + gettext(lang)("and") + " " + items[-1]


def sentence_parts(case: Case, line, cite: str | None = None) -> tuple[str, str, str]:
    """A ruling line's reasoning in three parts: (the option or branch it follows, in words, or
    ''; the events and findings behind it, joined; what follows, with its clause), e.g. ("",
    "South bid 2C (event 3)", "it was East's turn ...: Law 17C"). :func:`sentence` joins them;
    the committee report writes the first two once for all the lines that share them."""
    lang = _lang(case)
    refs = line.events
    if line.code == "irregularity" and line.about:
        refs = [e for e in refs if e.event in line.about] or refs
    found = reasons(case, refs)
    because = join_words(found, lang) if found else ""
    text = plain(line.text, lang).rstrip(". ")
    head = condition(line.option or line.branch, lang) if (line.option or line.branch) else ""
    law = cite or gettext(lang)("Law {cite}").format(cite=line.cite)
    return head, because[:1].upper() + because[1:], f"{text}: {law}."


def sentence(case: Case, line, cite: str | None = None) -> str:
    """One plain sentence for a ruling line: the events behind it, 'so', what follows, the clause.

    e.g. "South bid 2C (event 3), so: it was East's turn to call, not South's: South's 2C is a
    call out of rotation (Law 17C)." An option or branch line starts with the choice or the
    finding it depends on. ``cite``: the clause in its edition's words, for a cite that is not
    a 2017 clause ("seed 004, statement 13"; default: "Law " and the line's cite).
    """
    lang = _lang(case)
    _ = gettext(lang)
    refs = line.events
    if line.code == "irregularity" and line.about:
        # the irregularity rests on the call or act itself, not on what was decided about it later
        refs = [e for e in refs if e.event in line.about] or refs
    because = reasons(case, refs)
    text = plain(line.text, lang).rstrip(". ")
    head = ""
    if line.option or line.branch:
        head = _("If {condition}: ").format(condition=condition(line.option or line.branch, lang))
    if because:
        lead = join_words(because, lang)
        body = _("{premise}; so {conclusion}").format(
            premise=lead[0].upper() + lead[1:], conclusion=text[0].lower() + text[1:] if _lowerable(text) else text)
    else:
        body = text
    if head:
        body = head + (body[0].lower() + body[1:] if _lowerable(body) else body)
    return f"{body}: {cite or _('Law {cite}').format(cite=line.cite)}."


#: seats and proper words of the other languages, never lower-cased (Norte, Diretor, Leilão...)
_NAMES = {name for table in __import__("bridge_director.ruling.i18n", fromlist=["SEATS"]).SEATS.values()
          for name in table.values()} | {"Diretor", "Leilão", "Bolsa", "Lei", "Leis"}


def _lowerable(text: str) -> bool:
    """Whether the first word may be lower-cased (not a seat, a call or a proper word)."""
    first = text.split(" ", 1)[0].strip(",:;'")
    first = first.split("'")[0]
    return bool(first) and first[0].isupper() and first not in SEAT_NAMES.values() and first not in _NAMES and \
        first not in ("Law",) and not first[0].isdigit() and first.lower() not in ("i",) and \
        not re.match(r"^[NESW]$", first) and first not in ("North-South", "East-West")

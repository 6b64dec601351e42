"""The questions a ruling waits for, as data: what a front end asks next.

No law lives here. The rules say what they wait for: a rule that branches or gives options
because something is not yet in the case names it in its ``unless:`` patterns (a judgement
on an event's property, a player's decision on a call, a replacement of a call) or tests a
case setting the case left ``unknown``. This module reads those patterns in the rules that
fired, resolves the joins through the facts they matched, and turns each into a question
whose answers say exactly what they add to the case.

A question (a dict; see coord/CONTRACT.md)::

    {"id": "judgement:E 1H unintended", "kind": "judgement" | "decision" | "setting",
     "who": "S" | None,                      # the player who decides (decisions only)
     "about": {"event": 2, "seat": "E", "call": "1H"},   # or {"event": 3, "happened": "hand-count"}
     "property": "unintended" | "accepts" | "replaces" | "scoring" | ...,
     "prompt": "Was 1H the call East meant to make?",
     "answers": [{"label": "yes", "key": "y", "adds": {"judgement": {"E 1H unintended": False}}},
                 {"label": "no", "key": "n", "adds": {"judgement": {"E 1H unintended": True}}},
                 {"label": "not known yet", "key": "?", "adds": None}],
     "case_line": "E 1H unintended: true|false",
     "rules": ["ib-intent-not-stated"],       # the rules that wait for it
     "lines": ["Ask E, away from the table, ..."]}   # their judgement-needed texts

A ``check`` is a judgement-needed line whose rule names nothing the case could state in one
line (count the other hands, say): its answer ``{"input": "event"}`` means "add the events
found" (a hand count, ...); its prompt is the line's text.

An answer's ``adds`` is one of ``{"judgement": {KEY: VALUE}}``, ``{"event": {...}}`` or
``{"setting": {FIELD: VALUE}}``; ``None`` adds nothing (the ruling keeps its branches or
options). An answer with ``"input": "call"`` stands for any call the player makes: its
``adds`` holds the placeholder ``"{call}"`` where the call goes (see :func:`fill`).

Order: judgements first (in event order), then decisions (acceptance before replacement),
then case settings, and last the judgements for the end of play: a question whose every
waiting rule opens only branches that change nothing now (an adjustment checked after play, a
call that stands: :data:`LATER_CODES`) carries ``"when": "end-of-play"`` (the others ``"now"``),
so what the ruling turns on now is asked first.
"""
from __future__ import annotations

from typing import Any

from bridge_director.base.memo import ByObject
from bridge_director.ruling.i18n import SEAT_NAMES, call_name, gettext, seat_name
from bridge_director.case.judgements import PROPERTIES
from bridge_director.case.shapes import SIDE_JUDGEMENTS
from bridge_director.rulebook.model import Ref
from bridge_director.ruling.build import _fact_event
from bridge_director.bridge.table import Seat, relation

NOT_YET = {"label": "not known yet", "key": "?", "adds": None}

# How to ask about each judgement property (the one table: bridge_director.case.judgements), and whether
# "yes" means ``false`` (``flip``).
PROMPTS: dict[str, tuple[str, bool]] = {name: (p.question, p.flip) for name, p in PROPERTIES.items()}

# Case settings a rule can find 'unknown' (a field of a setting fact -> the case field, its answers).
# Each: (case field, prompt, ((label, key, value), ...)).
SETTINGS: dict[str, tuple[str, str, tuple]] = {
    "scoring": ("scoring", "What is the form of scoring?",
                (("pairs", "p", "pairs"), ("teams", "t", "teams"), ("individual", "i", "individual"))),
    "replay_event": ("replay_event", "Does this tournament exist to replay past deals?",
                     (("yes", "y", True), ("no", "n", False))),
    "first_auction_begun": ("played_at_other_tables",
                            "Has this board already been bid or played at another table this session?",
                            (("yes", "y", True), ("no", "n", False))),
}


def full(seat: "str | None") -> str:
    """A seat letter in full ('E' -> 'East'); anything else unchanged ('' for None)."""
    return SEAT_NAMES.get(seat or "", seat or "")


def _words(case):
    """(gettext, seat in full, call as written) in the case's language (``case.lang``)."""
    lang = getattr(case, "lang", None) or "en"
    return gettext(lang), (lambda s: seat_name(s, lang)), (lambda c: call_name(c, lang))


def _asks(rule) -> bool:
    """Whether ``rule`` concludes something that waits: a judgement-needed line, a branch or an option
    (worked out once per rule)."""
    return _ASKS.get(rule, lambda: any(
        c.kind == "outcome" and bool(c.data.get("outcome") == "judgement-needed" or c.data.get("branch")
                                     or c.data.get("option")) for c in rule.then))


_ASKS = ByObject()


def _tests(p) -> dict[str, tuple[str, Any]]:
    return {fld: (op, v) for fld, op, v in p.tests}


def _resolve(v: Any, matched: dict) -> Any:
    if isinstance(v, Ref):
        fact = matched.get(v.alias) or {}
        return fact.get(v.field)
    return v


def _event(case, n: Any):
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(case.events):
        return None
    return case.events[n - 1]


def judgement_key(case, n: int, prop: str) -> str:
    """The case-file key of a judgement on event ``n``: 'E 1H unintended', or 'event N prop'
    when the event is not a call or the player made that call more than once."""
    e = case.events[n - 1]
    if e.kind in ("call", "replaces"):
        same = [x for x in case.events if x.kind in ("call", "replaces") and x.seat == e.seat and x.call == e.call]
        if len(same) == 1:
            return f"{e.seat.value} {e.call} {prop}"
    return f"event {n} {prop}"


def answer_key(n: int, prop: str) -> str:
    """The case-file key an answer writes a judgement on event ``n`` under: always by the event's
    number (``event 2 unintended``), never by the call's name, which a later call of the same
    player could make ambiguous (a second pass by North: "N Pass unintended" then names two)."""
    return f"event {n} {prop}"


def _about(e) -> dict:
    if e.kind in ("call", "replaces"):
        return {"event": e.number, "seat": e.seat.value, "call": str(e.call)}
    d: dict[str, Any] = {"event": e.number}
    if e.kind == "happened":
        d["happened"] = e.happened
    if e.seat is not None:
        d["seat"] = e.seat.value
    return d


_VALUE_WORDS = ("how", "where", "asks", "moment", "permission")   # details whose values are words
_DETAIL_WORDS = {"by": "by {v}", "of": "of {v}", "seat": "{v}", "call": "{v}", "cards": "{v} cards",
                 "board": "board {v}", "card": "{v}"}


def named_event(e, case=None) -> str:
    """The event in words, for a question, in the case's language: "the explanation at event 3
    (by West, 2D)", "the hand count at event 5 (East, 14 cards)", "South's 3S at event 8"."""
    _, seat, call = _words(case)
    if e.kind == "happened":
        def bit(k, v):
            if isinstance(v, bool):              # a flag: named when it holds ("led"), never "led True"
                return _(k.replace("_", " ")) if v else ""
            form = _DETAIL_WORDS.get(k, k + " {v}")
            if isinstance(v, (list, tuple)):     # several cards: "HK SQ", never a Python list
                v = " ".join(str(x) for x in v)
            if k in ("seat", "by", "of", "offender", "pocket"):
                v = seat(v)
            elif k == "call" and isinstance(v, str):     # a call told of in the event: as the language writes it (2♣)
                v = call(v)
            elif k in _VALUE_WORDS and isinstance(v, str):   # a value of the case's vocabulary, in words
                v = _(v.replace("-", " "))
            return (form if form == "{v}" else _(form)).format(v=v)
        bits = ", ".join(b for b in (bit(k, v) for k, v in e.details if not (isinstance(v, (list, tuple)) and not v)) if b)
        return _("the {what} at event {event}").format(what=_(e.happened.replace("-", " ")), event=e.number) + \
            (f" ({bits})" if bits else "")
    if e.kind in ("call", "replaces") and e.seat is not None:
        return _("{seat}'s {call} at event {event}").format(seat=seat(e.seat.value), call=call(str(e.call)),
                                                             event=e.number)
    return _("event {event}").format(event=e.number)


def judgement_question(case, e, prop: str) -> dict:
    _, seat, call = _words(case)
    key = judgement_key(case, e.number, prop)           # the question's name, as a director reads it
    written = answer_key(e.number, prop)                # what its answer writes: by the event's number
    template, flip = PROMPTS[prop] if prop in PROMPTS else ("Is '{prop}' true of {what}?", False)
    replaced = _("the {call} it replaces").format(call=call(str(e.replaces))) if e.replaces \
        else _("the call whose place it takes")
    made = e.call if e.call else (e.get("call") if e.kind == "happened" else None)   # a call told of in words
    prompt = _(template).format(call=call(str(made)) if made else "", seat=seat(e.seat.value if e.seat else ""),
                                what=named_event(e, case), replaced=replaced, prop=prop)
    if prop == "specifies":
        answers = [{"label": "denominations", "key": "", "input": "denominations",
                    "adds": {"judgement": {written: "{denominations}"}}}, NOT_YET]
        line = f"{written}: [H]"
    elif prop in SIDE_JUDGEMENTS:      # a list of sides (due-later, at-fault, partly-at-fault): each choice is the whole list
        gettext = _words(case)[0]
        choices = (("neither", "0", []), ("North-South", "n", ["NS"]), ("East-West", "e", ["EW"]),
                   ("both", "b", ["NS", "EW"]))
        answers = [{"label": gettext(label), "key": k, "adds": {"judgement": {written: v}}} for label, k, v in choices]
        answers.append(NOT_YET)
        line = f"{written}: [NS]"
    else:
        yes, no = (False, True) if flip else (True, False)
        answers = [{"label": "yes", "key": "y", "adds": {"judgement": {written: yes}}},
                   {"label": "no", "key": "n", "adds": {"judgement": {written: no}}}, NOT_YET]
        line = f"{written}: true|false"
    prompt = prompt[:1].upper() + prompt[1:]      # a question opens with a capital ("{what} deixou de ..." in pt)
    return {"id": f"judgement:{key}", "kind": "judgement", "who": None, "about": _about(e), "property": prop,
            "prompt": prompt, "answers": answers, "case_line": line}


def _decision_q(case, e, rel: str) -> "dict | None":
    if e.seat is None:
        return None
    who = next((s for s in Seat.order() if relation(s, to=e.seat) == rel), None)
    if who is None:
        return None
    w, call = who.value, str(e.call)
    _, seat, word = _words(case)
    # the answer names the call decided on by its event number: "West's Pass" may be two calls
    named = {"call": call, "event": e.number}
    answers = [{"label": "yes", "key": "y", "adds": {"event": {"seat": w, "accepts": True, **named}}},
               {"label": "no", "key": "n", "adds": {"event": {"seat": w, "accepts": False, **named}}},
               {"label": "not yet", "key": "?", "adds": None}]
    return {"id": f"decision:{w} accepts {e.seat.value} {call} (event {e.number})", "kind": "decision", "who": w,
            "about": _about(e), "property": "accepts",
            "prompt": _("Does {who} accept {seat}'s {call}?").format(who=seat(w), seat=seat(e.seat.value),
                                                                     call=word(call)), "answers": answers,
            "case_line": f"- {{seat: {w}, accepts: true|false, call: {call}, event: {e.number}}}"}


def _replacement_q(case, e) -> "dict | None":
    if e.seat is None or e.call is None:
        return None
    s, call = e.seat.value, str(e.call)
    _, seat, word = _words(case)
    answers = [{"label": "the call made", "key": "", "input": "call",
                "adds": {"event": {"seat": s, "replaces": call, "with": "{call}", "event": e.number}}},
               {"label": "not yet", "key": "?", "adds": None}]
    return {"id": f"decision:{s} replaces {call} (event {e.number})", "kind": "decision", "who": s,
            "about": _about(e), "property": "replaces",
            "prompt": _("What call does {seat} make in place of {call}?").format(seat=seat(s), call=word(call)),
            "answers": answers,
            "case_line": f"- {{seat: {s}, replaces: {call}, with: CALL, event: {e.number}}}"}


#: the --judge key of each case setting a question asks (the form of scoring also has --scoring)
SETTING_KEYS: dict[str, str] = {"played_at_other_tables": "played-at-other-tables", "replay_event": "replay-event",
                                "scoring": "scoring"}


def _setting_q(name: str, case=None) -> dict:
    field, prompt, choices = SETTINGS[name]
    prompt = _words(case)[0](prompt)
    answers = [{"label": label, "key": key, "adds": {"setting": {field: value}}} for label, key, value in choices]
    shown = "|".join(str(v).lower() if isinstance(v, bool) else str(v) for _, _, v in choices)
    return {"id": f"setting:{field}", "kind": "setting", "who": None, "about": {}, "property": field,
            "prompt": prompt, "answers": answers + [NOT_YET], "case_line": f"{field}: {shown}"}


def _from_firing(case, firing) -> list[dict]:
    """The questions one firing waits for (see the module docstring)."""
    out: list[dict] = []
    matched = firing.matched
    waits, settings = _plan(firing.rule)
    for kind, ref, what in waits:
        e = _event(case, _resolve(ref, matched))
        if e is None:
            continue
        if kind == "judgement":
            out.append(judgement_question(case, e, what))
            continue
        q = _decision_q(case, e, what) if kind == "decision" else _replacement_q(case, e)
        if q:
            out.append(q)
    for fld in settings:
        out.append(_setting_q(fld, case))
    return out


def _plan(rule) -> "tuple[tuple, tuple]":
    """What ``rule`` waits for, read from its patterns once per rule: (kind, the event's value
    or join, judgement property or relation) for each ``unless`` pattern that names a judgement,
    a decision or a replacement, in order; and the case settings its ``when`` patterns find
    ``unknown``, in order."""
    return _PLANS.get(rule, lambda: _make_plan(rule))


_PLANS = ByObject()


def _make_plan(rule) -> "tuple[tuple, tuple]":
    waits = []
    for p in rule.unless:
        t = _tests(p)
        if p.type == "judgement" and "value" not in t and t.get("prop", ("", None))[0] == "eq":
            waits.append(("judgement", t.get("of", ("", None))[1], t["prop"][1]))
        elif p.type == "decision" and "accepts" not in t and t.get("rel", ("", None))[0] == "eq":
            waits.append(("decision", t.get("of", ("", None))[1], t["rel"][1]))
        elif p.type == "call" and t.get("replaces", ("", None))[0] == "eq" and len(t) == 1:
            waits.append(("replacement", t["replaces"][1], None))
    settings = [fld for p in rule.when for fld, (op, v) in _tests(p).items()
                if op == "eq" and v == "unknown" and fld in SETTINGS]
    return tuple(waits), tuple(settings)


_ORDER = {("judgement", None): 0, ("check", None): 0, ("decision", "accepts"): 1, ("decision", "replaces"): 2,
          ("setting", None): 3}

#: Outcome codes of a branch that changes nothing at the table now: an adjustment the director
#: looks at after play, or a call that simply stands. A question whose waiting rules' branches
#: are all of these (one at least an adjustment) is asked at the end of play.
LATER_CODES = frozenset({"adjust-if-damaged", "adjust-if-offender-could-have-known", "adjust-if-information-affected",
                         "adjust-gaining-side-only", "call-stands", "no-redress", "result-stands", "no-adjusted-score",
                         # the kind of that adjustment, said beside it (Law 12): decided with it, after play
                         "assigned-adjusted-score", "weighted-adjusted-score", "artificial-adjusted-score",
                         "average-minus", "average", "average-plus", "imp-artificial-score", "adjusted-score",
                         "no-relief-for-self-inflicted"})


def _later(rule) -> bool:
    """Whether every branch ``rule`` opens changes nothing now (see :data:`LATER_CODES`)."""
    codes = {c.data.get("outcome") for c in rule.then if c.kind == "outcome" and c.data.get("branch")}
    return bool(codes) and codes <= LATER_CODES and any(str(c).startswith("adjust") for c in codes)


def questions(ruling) -> list[dict]:
    """The questions ``ruling`` waits for, each once, in asking order (see the module docstring).

    Each also lists the ``rules`` that wait for it and the ``lines`` (judgement-needed texts)
    those rules gave.
    """
    case = ruling.case
    found: dict[str, dict] = {}
    needed: dict[str, list] = {}
    for ln in ruling.lines:
        if ln.code == "judgement-needed":
            needed.setdefault(ln.rule, []).append(ln)

    call_events = {e.number for e in case.events if e.kind in ("call", "replaces")}

    def own(q: dict, lines: list, firing) -> list[str]:
        # a rule that waits on several calls gives a line for each: the question's own are
        # the lines its own firing gave (each event a line names is the one that firing
        # matched under that name), else the lines naming its event (all of them when none
        # names an event). A line of another firing may name the event too, as another call
        # of it (sweep seed 41789: "did East make 3D intentionally over 3H" names North's 3H,
        # the call another firing's question is about)
        matched = {a: _fact_event(m, call_events) for a, m in firing.matched.items()}
        mine = [ln for ln in lines if ln.refs and all(matched.get(a) == n for a, n in ln.refs.items())]
        if not mine:
            about = (q.get("about") or {}).get("event")
            mine = [ln for ln in lines if about is None or not ln.about or about in ln.about]
        return [ln.text for ln in mine]

    later: dict[str, bool] = {}     # question id -> every rule waiting for it is _later
    for firing in ruling.firings:
        if not _asks(firing.rule):
            continue
        for q in _from_firing(case, firing):
            have = found.setdefault(q["id"], {**q, "rules": [], "lines": []})
            later[q["id"]] = later.get(q["id"], True) and q["kind"] == "judgement" and _later(firing.rule)
            if firing.rule.id not in have["rules"]:
                have["rules"].append(firing.rule.id)
                have["lines"] += [t for t in own(q, needed.get(firing.rule.id, []), firing) if t not in have["lines"]]

    # a judgement-needed line whose rule names nothing the case can state directly (count the
    # other hands, say): a check for the director, answered by adding what was found
    for ln in ruling.lines:
        if ln.code == "judgement-needed" and not any(ln.rule in q["rules"] for q in found.values()):
            qid = f"check:{ln.rule}"
            found.setdefault(qid, {"id": qid, "kind": "check", "who": None, "about": {}, "property": None,
                                   "prompt": ln.text,
                                   "answers": [{"label": "add what was found", "key": "e", "input": "event",
                                                "adds": None}, NOT_YET],
                                   "case_line": None, "rules": [ln.rule], "lines": [ln.text]})

    for qid, q in found.items():
        q["when"] = "end-of-play" if later.get(qid) else "now"

    def order(q):
        kind = 4 if q["when"] == "end-of-play" else _ORDER.get((q["kind"], q["property"] if q["kind"] == "decision" else None), 3)
        return kind, q["about"].get("event", 0), q["id"]
    return sorted(found.values(), key=order)


def fill(adds: Any, value: str) -> Any:
    """``adds`` with every placeholder string ('{call}', '{denominations}') replaced by ``value``
    (for denominations, a list of the codes written in ``value``)."""
    if isinstance(adds, dict):
        return {k: fill(v, value) for k, v in adds.items()}
    if adds == "{call}":
        return value
    if adds == "{denominations}":
        return value.replace(",", " ").split()
    return adds

"""The properties every ruling must have, as checks: ``faults(case, ruling) -> list[Fault]``.

Used by tests/test_properties.py (generated cases), tools/sweep.py (a large run) and
``director prove``. No law lives here: each check compares the ruling's own lines with each
other, with the calls' final standing (``Ruling.calls``) and with the labels of the 2017 Laws.

The kinds of fault (``Fault.kind``):

- ``unanswered``: an irregularity line that no ruling, option, branch, judgement-needed or
  not-covered line about the same event follows.
- ``standing``: a line outside any option or branch says a call is cancelled (or that every
  call after it is), stands, is withdrawn or has a pass in its place, and the call's final
  standing says otherwise.
- ``contradiction``: two lines outside any option or branch say opposite things about the
  same call or player: accepted and not accepted; the player barred for the rest of the
  auction and free to make any call; no lead restriction and a lead restriction for the same
  withdrawn call; the auction ended and not ended; a call said to stand and said to be
  cancelled or withdrawn (unless it stood by an acceptance and its maker changed it after).
- ``label``: a line cites something that is not a labelled part of the 2017 Laws.
- ``duplicate``: two lines with the same words about the same calls (the ruling shows one).
- ``repeated``: an event that repeats, word for word, an earlier one with an irregularity line
  has no irregularity line of its own (a repeated irregularity answered each time).
- ``grid``: the auction grid (what the tool understood) contradicts a line: a contract shown
  while a line says all four passed, or an ended auction while a line says it has not ended
  (unless the auction went on and ended later); a line saying the auction ended while the grid
  shows it open or another contract; a board shown passed out with no line saying so; or the
  grid shows the auction ended by passes one of which it marks out of rotation (22A/17D3); or it
  writes a call swept away with an earlier one (status ``voided``) as the replacement of the
  call it was offered for (that call is then not ``withdrawn`` by it either: a ``standing``
  fault).
- ``after-end``: a line outside any option or branch speaks of a turn to call still to come
  after the auction has ended (the auction as the tool replayed it): "the auction goes on" said
  of the call that ended it (or a later one); a player told to pass at their next turn, or for
  the rest of the auction, when the auction ended before that player's next turn, with no
  line saying the obligation has nothing left to apply to (``pass-obligation-lapsed``); a
  player told they "now call" when the case already shows their next call.
- ``condition``: a line outside any option or branch says which kind of adjusted score an
  adjustment at the end of play would be ("at the end of play (72C)") while every line of the
  law giving that adjustment is on a branch or an option: the kind is said where the
  adjustment is.
- ``asked``: a line outside any option or branch states as settled what a question of the same
  ruling still asks: that a player must tell the opponents (or failed to tell them) that the
  explanation at event N was wrong, while the ruling asks whether that explanation described
  the partnership's agreement (the ``misinformation`` judgement on event N). Such a line
  belongs on the branch where it was not.
- ``question``: a judgement question about one event is shown under two judgement-needed lines
  of the same rule that each name a call (the same question listed twice, under a line about
  another call): a judgement-needed line of a rule that fires once per call must name, as a
  call of the case, the call it asks about.
- ``words``: words for the table name seats: a line's words for the players, its branch or its
  option say "LHO" or "RHO" (the seat in full, or "left-hand opponent" beside a seat, instead).
- ``edition-silent`` (:func:`edition_faults`): an event the case's own edition finds irregular
  that another edition's ruling has no line about (and that edition's ``unanswered`` and
  ``contradiction`` faults, prefixed with its name).

Settling (``no-settle``: the engine gave up, exit 3) and determinism under two hash seeds are
properties of a run, not of a ruling: :func:`rule_and_check` reports the first, the sweep and
the tests check the second.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from types import SimpleNamespace

from bridge_director.audit.labels import is_label

#: codes whose line makes a player pass for the rest of the auction, and who is barred
BARRED_REST = {"partner-must-pass-rest": "who", "offenders-must-pass-rest": "side"}
#: codes whose line leaves a player free to make any legal call
FREE = ("offender-may-call", "partner-may-call")
ANSWER_SECTIONS = ("ruling", "options", "branches", "judgements", "not-covered")

# a call a template names: "{x.seat}'s {x.call}", "{x.call}" or "{p.seat}'s pass"
_SUBJ = r"(?:\{(?P<s>\w+)\.seat\}'s (?:pass|\{(?P<c>\w+)\.call\})|\{(?P<b>\w+)\.call\})"
CLAIMS = (
    ("cancelled", re.compile(_SUBJ + r"(?P<sweep> and every (?P<what>call|pass) after it)? (?:is|are) cancelled")),
    # "X stands only if LHO accepts it" (25A4/25B) states a condition, not that X stands
    ("stands", re.compile(_SUBJ + r"(?:,[^.;:]*?)? stands?\b(?! only if)")),
    ("withdrawn", re.compile(_SUBJ + r" is withdrawn")),
    ("accepted", re.compile(r"accepts " + _SUBJ)),
    ("accepted", re.compile(r"called over " + _SUBJ + r" and so accepted it")),
    ("replaced-by-pass", re.compile(r"[Aa] pass takes the place of " + _SUBJ)),
)
#: what each claim allows the call's final standing to be
ALLOWED = {
    "cancelled": {"cancelled", "replaced-by-pass"},
    "stands": {"stands"},
    "withdrawn": {"withdrawn", "cancelled", "superseded"},
    "replaced-by-pass": {"replaced-by-pass"},
    # an accepted call stands; its maker may still change it afterwards as Law 25 allows
    # (25A1 until partner calls, LHO then withdrawing his call, 25A6; 25B1 a change LHO
    # accepts), so "withdrawn" or "superseded" also agree with an acceptance, provided the
    # replacement came after the acceptance (see _changed_after_acceptance)
    "accepted": {"stands"},
}
#: claims that, about one call, say it stands (for "stands and cancelled")
STANDS_CLAIMS = ("stands", "accepted")
_PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


@dataclass(frozen=True)
class Fault:
    """One broken property: its ``kind`` (see the module docstring) and what was seen."""

    kind: str
    detail: str
    rules: tuple[str, ...] = ()      # the ids of the rules whose lines show it

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


def _unconditional(ruling) -> list:
    return [ln for ln in ruling.lines if not ln.option and not ln.branch]


def claims(line) -> list[tuple[str, int, bool]]:
    """What a line says about the standing of calls: (claim, event, sweep) triples, where
    ``claim`` is a key of :data:`ALLOWED` and ``sweep`` marks "and every call after it"
    (``"call"``) or "and every pass after it" (``"pass"``, 17D3: the passes only), else False."""
    out = []
    for claim, pattern in CLAIMS:
        for m in pattern.finditer(line.template):
            alias = m.group("c") or m.group("b") or m.group("s")
            n = line.refs.get(alias)
            if n is not None:
                # "every pass after it" (17D3) sweeps the passes only; "every call" all calls
                sweep = {"call": "call", "pass": "pass"}.get(m.groupdict().get("what") or "", False)
                if (claim, n, sweep) not in out:
                    out.append((claim, n, sweep))
    return out


def _changed_after_acceptance(case, n: int) -> bool:
    """The maker of call event ``n`` replaced it (Law 25) after its LHO had called or said
    whether they accept it: the acceptance held until then, so the call's later standing
    ``withdrawn``/``superseded`` does not contradict it. A replacement made before the LHO
    acted is not covered: the LHO then acted over the replacement, not over this call."""
    ev = case.events[n - 1]
    if ev.seat is None or ev.call is None:
        return False
    lho = ev.seat.lho
    acted = False
    for e in case.events[n:]:
        if e.seat == lho and e.kind in ("call", "accepts"):
            acted = True
        elif e.kind == "replaces" and (e.target == n if e.target is not None else
                                       (e.seat == ev.seat and e.replaces == ev.call)):
            return acted
    return False


def _closing_run(case, standing, n: int) -> set[int]:
    """The passes a 17D3 sweep from pass event ``n`` covers: ``n`` and the passes after it
    that, with those before it, made up the three passes after the last call (leaving out
    calls already cancelled, and counting a replacement in the place of the call it
    replaced). Law 17D3 cancels "all subsequent passes" of that run; once the auction has
    gone back to the player who missed their turn, it "proceeds normally", and the passes made
    from then on are new calls that stand."""
    events = [e for e in case.events if e.kind in ("call", "replaces")]
    idx = next((i for i, e in enumerate(events) if e.number == n and e.kind == "call"), None)
    if idx is None:
        return {n}
    seq: list = []               # the calls before n that stand, replacements in place
    at: dict[int, int] = {}      # event number -> its place in seq
    made: list = []              # (event number, seat, call as made), in file order
    for e in events[:idx]:
        gone = standing.get(e.number) is not None and standing[e.number].standing == "cancelled"
        if e.kind == "call":
            if not gone:
                at[e.number] = len(seq)
                seq.append(e.call)
        else:
            orig = e.target if e.target is not None else \
                next((m for m, seat, call in reversed(made) if seat == e.seat and call == e.replaces), None)
            if orig in at and not gone:
                at[e.number] = at[orig]
                seq[at[orig]] = e.call
        made.append((e.number, e.seat, e.call))
    before = 0
    for call in reversed(seq):
        if not call.is_pass:
            break
        before += 1
    run = set()
    for e in events[idx:]:
        if e.kind != "call" or not e.call.is_pass or before >= 3:
            break
        run.add(e.number)
        before += 1
    return run


def _standing_faults(case, ruling) -> list[Fault]:
    standing = {c.event: c for c in ruling.calls}
    order = [c.event for c in ruling.calls]
    directors = [e.number for e in case.events if e.kind in ("director", "ruled")]
    out = []
    for ln in _unconditional(ruling):
        said = claims(ln)
        accepted = {n for claim, n, _ in said if claim == "accepted"}
        for claim, n, sweep in said:
            c = standing.get(n)
            if c is None:
                continue
            # an acceptance line's "X stands" is the acceptance itself (25B1: "the second
            # call stands"): it held until the maker changed the call again
            late_change = claim in ("accepted", "stands") and n in accepted \
                and c.standing in ("withdrawn", "superseded") and _changed_after_acceptance(case, n)
            if c.standing not in ALLOWED[claim] and not late_change:
                out.append(Fault("standing", f"{ln.cite} {ln.rule}: {ln.text!r} but event {n} ({c.seat} {c.call}) "
                                             f"{c.standing}", (ln.rule,)))
            if sweep:
                # the calls after it, up to the director's first coming (the ruling); for
                # 17D3's passes, those of the closing run only (see _closing_run)
                stop = next((d for d in directors if d > n), None)
                run = _closing_run(case, standing, n) if sweep == "pass" else None
                for m in order[order.index(n) + 1:]:
                    if stop is not None and m > stop:
                        break
                    if run is not None and m not in run:
                        continue
                    if standing[m].standing == "stands":
                        out.append(Fault("standing", f"{ln.cite} {ln.rule}: {ln.text!r} but event {m} "
                                                     f"({standing[m].seat} {standing[m].call}) stands", (ln.rule,)))
    return out


def called(line) -> set[int]:
    """The events of the calls the line's text names as calls (``{alias.call}``)."""
    return {line.refs[a] for a in re.findall(r"\{(\w+)\.call\}", line.template) if a in line.refs}


def _subjects(line) -> set[int]:
    """The events a line speaks of as its subject: the calls it names (``{alias.call}``), else
    the events of the aliases it names, leaving out one named only for who declares
    (``{alias.declarer}`` / ``{alias.dummy}``: the call that ended the auction is then the
    moment of the line, not what it is about)."""
    named = called(line)
    if named:
        return named
    fields: dict[str, set[str]] = {}
    for alias, fld in re.findall(r"\{(\w+)\.([\w-]+)\}", line.template):
        fields.setdefault(alias, set()).add(fld)
    return {n for a, n in line.refs.items() if not fields.get(a, set()) <= {"declarer", "dummy"}}


def _about(line) -> set[int]:
    return set(line.about) or {e.event for e in line.events if e.event}


def _unanswered(ruling) -> list[Fault]:
    out = []
    answers = [ln for ln in ruling.lines if ln.section in ANSWER_SECTIONS]
    for irr in (ln for ln in ruling.lines if ln.code == "irregularity"):
        target = set(irr.about) or {e.event for e in irr.events if e.event}
        if not any(target & ({e.event for e in ln.events if e.event} | set(ln.about)) for ln in answers):
            out.append(Fault("unanswered", f"{irr.cite} {irr.rule}: {irr.text!r} (events {sorted(target)})",
                             (irr.rule,)))
    return out


def _barred(ln) -> set[str]:
    how = BARRED_REST.get(ln.code)
    if how is None or ln.who not in _PARTNER:
        return set()
    return {ln.who, _PARTNER[ln.who]} if how == "side" else {ln.who}


def _contradictions(ruling, case=None) -> list[Fault]:
    lines = _unconditional(ruling)
    out = []

    def pair(kind_a, kind_b, same, what):
        for a in (ln for ln in lines if ln.code in kind_a):
            for b in (ln for ln in lines if ln.code in kind_b):
                if a is not b and same(a, b):
                    out.append(Fault("contradiction", f"{what}: {a.cite} {a.rule} {a.text!r} / {b.cite} {b.rule} "
                                                      f"{b.text!r}", (a.rule, b.rule)))

    def same_call(a, b):
        return bool((called(a) or set(a.about)) & (called(b) or set(b.about)))
    pair(("call-accepted",), ("call-not-accepted",), same_call, "accepted and not accepted")
    pair(("no-lead-restriction",), ("lead-restriction-possible",), lambda a, b: bool(_subjects(a) & _subjects(b)),
         "no lead restriction and a lead restriction")
    pair(("auction-ended",), ("auction-not-ended",), lambda a, b: bool(_about(a) & _about(b)), "ended and not ended")
    # a "may make any legal call" line for a player already barred agrees with the bar when
    # a line of the ruling says the bar still holds (pass being then the only legal call, and
    # Law 37 dealing with any other): the two are reconciled, as the Laws read together are
    held = {(ln.who, ln.option) for ln in ruling.lines if ln.code == "still-bound-to-pass"}
    pair(tuple(BARRED_REST), FREE, lambda a, b: b.who in _barred(a) and max(b.about or [0]) >= min(a.about or [0])
         and (b.who, b.option) not in held and (b.who, "") not in held,
         "barred for the rest of the auction and free to call")
    # one call both standing and cancelled (or withdrawn), by the lines' own words. An
    # acceptance ("called over X and so accepted it: ... X stands") held until the maker
    # changed X afterwards (25A1/25B1): X withdrawn then agrees with it (_changed_after_acceptance)
    said: dict[int, dict[str, object]] = {}
    accepting: dict[int, set] = {}
    for ln in lines:
        for claim, n, _ in claims(ln):
            said.setdefault(n, {}).setdefault(claim, ln)
            if claim == "accepted":
                accepting.setdefault(n, set()).add(id(ln))
    for n, by in said.items():
        stands = next((by[k] for k in STANDS_CLAIMS if k in by), None)
        gone = next((by[k] for k in ("cancelled", "replaced-by-pass", "withdrawn") if k in by), None)
        if stands is None or gone is None:
            continue
        if "cancelled" not in by and "replaced-by-pass" not in by and case is not None \
                and id(stands) in accepting.get(n, ()) and _changed_after_acceptance(case, n):
            continue
        what = "withdrawn" if gone is by.get("withdrawn") else "cancelled"
        out.append(Fault("contradiction", f"stands and {what}: event {n}: {stands.cite} {stands.rule} {stands.text!r} / "
                                          f"{gone.cite} {gone.rule} {gone.text!r}", (stands.rule, gone.rule)))
    return out


def _labels(ruling) -> list[Fault]:
    return [Fault("label", f"{ln.rule}: cite {ln.cite!r} is not a labelled part of the 2017 Laws", (ln.rule,))
            for ln in ruling.lines if not is_label(ln.cite)]


def _duplicates(ruling) -> list[Fault]:
    seen, out = set(), []
    for ln in ruling.lines:
        key = (ln.code, ln.cite, ln.who, ln.option, ln.branch, ln.text, tuple(sorted(set(ln.about))))
        if key in seen:
            out.append(Fault("duplicate", f"{ln.cite} {ln.text!r}", (ln.rule,)))
        seen.add(key)
    return out


def _copy_key(e) -> tuple:
    """What makes two events copies of each other: kind, seat, call, code and details."""
    return (e.kind, e.seat, e.call, e.replaces, e.accepts, e.happened, tuple(e.details))


def _repeated(case, ruling) -> list[Fault]:
    """A repeated irregularity answered each time: when an irregularity line is about an event
    that happened again later, word for word the same (another hand count of 14, the same card
    seen twice), some irregularity line is about the copy too."""
    irregular = {n for ln in ruling.lines if ln.code == "irregularity" for n in _about(ln)}
    out = []
    events = [e for e in case.events if e.kind == "happened"]
    for i, e in enumerate(events):
        if e.number not in irregular:
            continue
        for later in events[i + 1:]:
            if _copy_key(later) == _copy_key(e) and later.number not in irregular:
                out.append(Fault("repeated", f"event {later.number} repeats event {e.number} ({e.happened}), "
                                             f"which has an irregularity line; event {later.number} has none"))
    return out


def _grid_faults(ruling) -> list[Fault]:
    """The auction grid (what the tool understood, bridge_director.ruling.grid) agrees with the
    lines: no contract shown beside a line saying all four passed, and no auction shown ended
    (a contract, or passed out) beside a line saying it has not ended."""
    from bridge_director.ruling.grid import auction
    a = auction(ruling)
    out = []
    lines = _unconditional(ruling)
    english = (getattr(ruling.case, "lang", None) or "en") == "en"      # the words compared below
    # the auction said to end at a later call than the one a "not ended" line speaks of (it went
    # back and proceeded normally, 17D3): the grid shows that later end
    ends = [max(_about(ln)) for ln in lines if ln.code in ("auction-ended", "passed-out") and _about(ln)]
    facts = getattr(ruling, "facts", None)
    if getattr(facts, "auction_ended", 0):
        # the call that ended the auction as replayed (whether it ended by passes in rotation
        # is checked apart: _closing_passes_in_rotation)
        ends.append(facts.auction[facts.auction_ended - 1][0])
    for ln in lines:
        if ln.code == "passed-out" and a["contract"]:
            out.append(Fault("grid", f"{ln.cite} {ln.rule}: {ln.text!r} but the grid shows the contract "
                                     f"{a['contract']} by {a['declarer']}", (ln.rule,)))
        # a call changed after the line's moment (Law 25 after the end of the auction, its own
        # lines conditional): the grid shows the auction as changed, the line as it then stood
        changed_later = any(e.kind == "replaces" and e.number > max(_about(ln), default=0) for e in ruling.case.events)
        if ln.code == "auction-ended" and not a["ended"] and not changed_later:
            out.append(Fault("grid", f"{ln.cite} {ln.rule}: {ln.text!r} but the grid shows the auction "
                                     f"not ended", (ln.rule,)))
        if ln.code == "auction-ended" and a["contract"] and english and not changed_later and not re.search(
                rf"contract is {re.escape(a['contract'])}\b", ln.text):
            out.append(Fault("grid", f"{ln.cite} {ln.rule}: {ln.text!r} but the grid shows the contract "
                                     f"{a['contract']}", (ln.rule,)))
        later_end = any(n > max(_about(ln), default=0) for n in ends)
        if ln.code == "auction-not-ended" and a["ended"] and not ln.option and not ln.branch and not later_end:
            shown = f"the contract {a['contract']}" if a["contract"] else "the board passed out"
            out.append(Fault("grid", f"{ln.cite} {ln.rule}: {ln.text!r} but the grid shows {shown}", (ln.rule,)))
    out += _closing_passes_in_rotation(ruling, a)
    out += _swept_replacements(ruling, a)
    # a board the grid shows passed out has a line saying so, or saying why the auction has
    # not ended (17D3 cancels a closing pass out of rotation; a misinformed player's change)
    if a["passed_out"] and getattr(ruling, "edition", "duplicate-2017") == "duplicate-2017" and not any(
            ln.code in ("passed-out", "auction-not-ended") for ln in lines):
        out.append(Fault("grid", "the grid shows the board passed out and no line says so"))
    return out


def _swept_replacements(ruling, a) -> list[Fault]:
    """A call offered in place of another and then swept away with an earlier call (status
    ``voided``: the rules' sweeps of every call after an inadmissible call, a bid above seven,
    a wrong board) replaces nothing: the grid does not write it as the replacement of the call
    it was offered for, and that call is not withdrawn by it (it stands, or another replacement
    took its place, or it waits for a decision on one)."""
    from bridge_director.ruling.grid import voided_calls
    voided = voided_calls(ruling)
    if not voided:
        return []
    out = []
    for row in a["rows"]:
        for cell in row:
            if cell and cell.get("replaced_by") in voided:
                out.append(Fault("grid", f"the grid shows {cell['seat']} {cell['call']} (event {cell['event']}) replaced "
                                         f"by event {cell['replaced_by']}, which was swept away with an earlier call"))
    calls = ruling.calls or []
    standing = {c.event: c.standing for c in calls} if calls and not isinstance(calls[0], dict) else \
        {c["event"]: c["standing"] for c in calls}
    events = ruling.case.events
    for n, st in standing.items():
        if st != "withdrawn":
            continue
        e = events[n - 1]
        offers = [x.number for x in events[n:] if x.kind == "replaces" and x.seat == e.seat
                  and (x.target == n if getattr(x, "target", None) is not None else x.replaces == e.call)]
        if offers and all(m in voided or standing.get(m) == "cancelled" for m in offers):
            out.append(Fault("standing", f"event {n} ({e.seat} {e.call}) is shown withdrawn, but every call offered "
                                         f"in its place ({', '.join(map(str, offers))}) was cancelled or swept away"))
    return out


def _closing_passes_in_rotation(ruling, a) -> list[Fault]:
    """An auction the grid shows ended was ended by passes in rotation (22A: three passes in
    rotation after the last bid; 22B: all four players, the last three of them in rotation):
    none of the last three passes is one the grid marks out of rotation (17D3: such a pass does
    not end the auction; a pass put in the place of a bid made at another player's turn, 38C,
    holds no turn of its own). A passed-out auction may begin with a pass out of rotation that
    the next player accepted (29A), all four then having passed."""
    if not a["ended"]:
        return []
    facts = getattr(ruling, "facts", None)
    by_event = {c.event: c for c in ruling.calls} if ruling.calls and not isinstance(ruling.calls[0], dict) else \
        {c["event"]: SimpleNamespace(**c) for c in (ruling.calls or [])}
    if getattr(facts, "auction", None):
        shown = [n for n, _, _ in facts.auction[:facts.auction_ended]]
    else:
        from bridge_director.bridge.table import auction_is_over
        from bridge_director.ruling.grid import GONE
        calls = [c for c in by_event.values() if c.standing not in GONE]
        seq = ["Pass" if c.standing == "replaced-by-pass" else c.call for c in calls]
        end = next((j for j in range(1, len(seq) + 1) if auction_is_over(seq[:j])), len(seq))
        shown = [c.event for c in calls[:end]]
    closing = shown[-3:]
    out = []
    for n in closing:
        c = by_event.get(n)
        if c is not None and c.out_of_rotation:
            out.append(Fault("grid", f"the grid shows the auction ended ({a['contract'] or 'passed out'}) by passes "
                                     f"one of which, event {n} ({c.seat} {c.call}, {c.standing}), is out of rotation"))
    return out


#: codes whose line tells a player to pass at a turn still to come: who is bound
PASS_LATER = {"partner-must-pass-next": "who", "offender-must-pass-next": "who",
              "partner-must-pass-rest": "who", "offenders-must-pass-rest": "side"}
_GOES_ON = re.compile(r"\bthe auction (?:goes on|continues|proceeds)\b(?! unless)")
_NOW_CALLS = re.compile(r"\{(\w+)\.(\w+)\} now calls\b")


def _after_end(case, ruling) -> list[Fault]:
    """Lines that speak of a turn to call after the auction has ended (see ``after-end``)."""
    facts = getattr(ruling, "facts", None)
    english = (getattr(ruling.case, "lang", None) or "en") == "en"
    out = []
    lines = _unconditional(ruling)
    ended = getattr(facts, "auction_ended", 0)
    shown = list(facts.auction[:ended]) if ended else []
    end = shown[-1][0] if shown else None
    # a call changed after the end (Law 25, 21B1(a)): the lines speak of the auction as it then stood
    changed_later = end is not None and any(e.kind == "replaces" and e.number > end for e in case.events)
    if end is not None and not changed_later:
        lapsed = {ln.who for ln in lines if ln.code == "pass-obligation-lapsed"}
        for ln in lines:
            at = max(_about(ln), default=0)
            if english and _GOES_ON.search(ln.text) and at >= end and ln.code not in ("auction-not-ended",):
                out.append(Fault("after-end", f"{ln.cite} {ln.rule}: {ln.text!r} but the auction ended at event {end}",
                                 (ln.rule,)))
            how = PASS_LATER.get(ln.code)
            if how is None or ln.who not in _PARTNER:
                continue
            bound = {ln.who, _PARTNER[ln.who]} if how == "side" else {ln.who}
            for seat in sorted(bound):
                turns = [n for n, s, _ in shown if s == seat and n > at]
                if not turns and seat not in lapsed:
                    out.append(Fault("after-end", f"{ln.cite} {ln.rule}: {ln.text!r} but the auction ended at event "
                                                  f"{end} before {seat}'s next turn, and no line says so", (ln.rule,)))
    for ln in lines:
        for _alias, _field in _NOW_CALLS.findall(ln.template)[:1]:
            m = re.search(r"(\w+) now calls", ln.text)
            if m is None:
                continue
            seat = m.group(1)
            # the line's moment: the latest case event behind it (the acceptance, say)
            moment = max([e.event for e in ln.events if e.event] + list(_about(ln)), default=0)
            later = [e for e in case.events if e.kind == "call" and e.number > moment
                     and e.seat is not None and seat in (e.seat.letter, str(e.seat), getattr(e.seat, "name", ""))]
            if later:
                out.append(Fault("after-end", f"{ln.cite} {ln.rule}: {ln.text!r} but {seat} called at event "
                                              f"{later[0].number}", (ln.rule,)))
    return out


_KIND_FOR = re.compile(r"at the end of play \((\d+[A-Z]\w*(?:\(\w+\))*)(?:, [^)]*)?\)")


def _kind_outside_its_condition(ruling) -> list[Fault]:
    """A Law 12 line on the kind of an adjustment, said outright, when every line of the law
    that gives that adjustment is conditional (see ``condition``)."""
    out = []
    lines = list(ruling.lines)
    for ln in _unconditional(ruling):
        m = _KIND_FOR.search(ln.text) if ln.cite.startswith("12") else None
        if m is None:
            continue
        law = m.group(1)
        of_law = [x for x in lines if x.cite == law and x is not ln]
        if of_law and all(x.option or x.branch for x in of_law):
            out.append(Fault("condition", f"{ln.cite} {ln.rule}: {ln.text!r} is said outright, but every {law} line "
                                          f"is on a branch or an option", (ln.rule,)))
    return out


#: what an unconditional line may not state while the judgement named is still asked: a duty to
#: tell (or the failure to tell) that an explanation was wrong, while whether it was is asked
_STATES = {"misinformation": re.compile(r"^(?!If |Unless )(?:.*\btells? the opponents\b(?![^.;]*opinion)[^.;]* explanation[^.;]* was wrong"
                                        r"|.*\bhad to call the director\b|.*did not call the director and correct)")}


def _states_what_it_asks(ruling) -> list[Fault]:
    """Unconditional lines stating what an open judgement question still asks (see ``asked``)."""
    english = (getattr(ruling.case, "lang", None) or "en") == "en"
    if not english:
        return []
    lines = [ln for ln in _unconditional(ruling) if ln.code != "judgement-needed"
             and any(rx.search(ln.text) for rx in _STATES.values())]
    if not lines:
        return []
    from bridge_director.ruling.questions import questions
    out = []
    for q in questions(ruling):
        rx = _STATES.get(q.get("property") or "")
        n = (q.get("about") or {}).get("event")
        if q["kind"] != "judgement" or rx is None or n is None:
            continue
        for ln in lines:
            if rx.search(ln.text) and (n in ln.about or any(e.event == n for e in ln.events)):
                out.append(Fault("asked", f"{ln.cite} {ln.rule}: {ln.text!r} is said outright, but the ruling still "
                                          f"asks whether event {n} was so ({q['property']})", (ln.rule,)))
    return out


_NAMES_A_CALL = re.compile(r"\{\w+\.\w*call\}")


def _questions_placed(ruling) -> list[Fault]:
    """A question shown under two judgement-needed lines of one rule (see ``question``): the
    placement the text ruling uses (bridge_director.ruling.render's judgements section)."""
    needed = [ln for ln in ruling.lines if ln.code == "judgement-needed"]
    by_rule: dict[str, int] = {}
    for ln in needed:
        by_rule[ln.rule] = by_rule.get(ln.rule, 0) + 1
    if not any(n > 1 for n in by_rule.values()):
        return []
    from bridge_director.ruling.questions import questions
    out = []
    for q in questions(ruling):
        n = (q.get("about") or {}).get("event")
        if q["kind"] != "judgement" or n is None:
            continue
        under = [ln for ln in needed if ln.rule in q.get("rules", ()) and ln.text in q.get("lines", ())
                 and (not ln.about or n in ln.about)]
        for rule in {ln.rule for ln in under}:
            # lines that name a call each (an adjustment's kind asked once for two laws is one question)
            mine = [ln for ln in under if ln.rule == rule and _NAMES_A_CALL.search(ln.template)]
            if len(mine) > 1:
                out.append(Fault("question", f"{rule}: the question on event {n} ({q['property']}) is shown under "
                                             f"{len(mine)} lines: " + " / ".join(repr(ln.text) for ln in mine), (rule,)))
    return out


_ROLE_ABBREVIATION = re.compile(r"\b(?:LHO|RHO)\b")


def _role_words(ruling) -> list[Fault]:
    """Table words saying LHO or RHO (see ``words``); English rulings only."""
    if (getattr(ruling.case, "lang", None) or "en") != "en":
        return []
    out = []
    for ln in ruling.lines:
        for what, words in (("words", ln.players_words), ("branch", ln.branch), ("option", ln.option)):
            if words and _ROLE_ABBREVIATION.search(words):
                out.append(Fault("words", f"{ln.cite} {ln.rule}: {what} {words!r} say LHO or RHO, not a seat", (ln.rule,)))
    return out


def faults(case, ruling) -> list[Fault]:
    """Every broken property of ``ruling`` (a :class:`bridge_director.ruling.build.Ruling` for ``case``).

    Returns:
        The faults found, in a stable order (empty when the ruling has every property).
    """
    return (_unanswered(ruling) + _standing_faults(case, ruling) + _contradictions(ruling, case)
            + _labels(ruling) + _duplicates(ruling) + _grid_faults(ruling) + _repeated(case, ruling)
            + _after_end(case, ruling) + _kind_outside_its_condition(ruling) + _states_what_it_asks(ruling)
            + _questions_placed(ruling) + _role_words(ruling))


def edition_faults(case, ruling, editions: "tuple[str, ...] | None" = None) -> list[Fault]:
    """Every edition's irregularities answered: ``case`` ruled under each other edition the
    rulebook holds (default: all) must answer its own irregularity lines (``unanswered``), say
    no call both stands and is cancelled (``contradiction``), and say something about every
    event the case's own ruling (``ruling``) finds irregular (``edition-silent``: an
    irregularity the other edition's ruling passes over without a line, not even "not covered").
    """
    from bridge_director.base.editions import names
    from bridge_director.base.paths import rules_dir
    from bridge_director.infer.inference import EngineError
    from bridge_director.session import api
    irregular = {n for ln in ruling.lines if ln.code == "irregularity" for n in _about(ln)}
    out: list[Fault] = []
    for edition in editions or tuple(e for e in names(rules_dir()) if e != case.edition):
        try:
            other = api.rule(case, edition=edition)
        except EngineError as e:
            out.append(Fault("no-settle" if "settle" in str(e) else "engine-error", f"{edition}: {e}"))
            continue
        for f in _unanswered(other) + _contradictions(other, case):
            out.append(Fault(f.kind, f"{edition}: {f.detail}", f.rules))
        if edition.split("-")[0] != case.edition.split("-")[0]:
            continue        # another game (rubber bridge, an old code): its scope is its own
        said = {n for ln in other.lines for n in _about(ln)}
        if any(ln.code == "not-covered-yet" and not ln.about for ln in other.lines):
            continue        # a line saying what the edition does not rule on at all (its scope) answers every event
        for n in sorted(irregular - said):
            out.append(Fault("edition-silent", f"{edition}: event {n} is irregular under {case.edition} "
                                               f"and {edition}'s ruling has no line about it"))
    return out


def rule_and_check(case, book=None) -> tuple[object | None, list[Fault]]:
    """Rule on ``case`` and check the ruling: (ruling or None, faults). An engine that does
    not settle gives ``(None, [Fault('no-settle', ...)])``; other errors propagate."""
    from bridge_director.session import api
    from bridge_director.infer.inference import EngineError
    try:
        ruling = api.rule(case, book)
    except EngineError as e:
        return None, [Fault("no-settle" if "settle" in str(e) else "engine-error", str(e))]
    return ruling, faults(case, ruling)

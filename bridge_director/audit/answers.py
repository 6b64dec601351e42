"""The answers property: every answer to every question a ruling asks makes a case the tool
accepts, rules on without an internal error, and goes on from.

For a case and its ruling's questions (bridge_director.ruling.questions), each allowed answer
is given in a fresh draft (bridge_director.session.draft.Draft): a yes/no or a choice by its
label, a call by a few calls (:data:`CALLS`), denominations by one. The answered draft must
then

- be taken (``answer-refused``: the answer the question offered was refused),
- be a case the loader accepts and the engine rules on (``answered-case-refused``,
  ``answer-error``: any exception, the rules not settling among them),
- take a further call (``no-further-call``: a pass by the player whose turn it is, refused).

Used by tests/test_answers.py (generated cases) and ``tools/sweep.py --answers``. No law here.
"""
from __future__ import annotations

from bridge_director.audit.properties import Fault
from bridge_director.base.yamlpos import InputError

#: the calls a question that takes a call is answered with (a pass, a bid, the top bid, a double)
CALLS = ("Pass", "2H", "7NT", "X")


def replies(q: dict) -> list[str]:
    """Every reply ``q`` allows that adds something (labels; calls and denominations by example)."""
    out: list[str] = []
    for a in q["answers"]:
        kind = a.get("input")
        if kind == "call":
            out += list(CALLS)
        elif kind == "denominations":
            out.append("H")
        elif kind is None and a.get("adds") is not None:
            out.append(a["label"])
    return out


def answer_faults(case, text: str, book=None, further: str = "Pass") -> list[Fault]:
    """The faults of answering every question of ``case`` (read from ``text``) with every reply.

    Args:
        case: the validated case; ``text``: its file's text; ``book``: the rulebook (default:
            the checkout's); ``further``: the call entered after each answer.
    """
    from bridge_director.session.draft import Draft
    start = Draft.from_text(case, text)
    try:
        start.rule(book)
        qs = start.questions()
    except Exception as e:   # noqa: BLE001 - the case itself: properties.py reports its faults
        return [] if isinstance(e, InputError) else [Fault("answer-error", f"before any answer: {type(e).__name__}: {e}")]
    out: list[Fault] = []
    for q in qs:
        if q["kind"] == "check":
            continue
        for reply in replies(q):
            where = f"{q['id']} = {reply}"
            d = Draft.from_text(case, text)
            try:
                added = d.answer(q, reply)
            except InputError as e:
                out.append(Fault("answer-refused", f"{where}: {e.message}"))
                continue
            except Exception as e:   # noqa: BLE001 - any other failure is the fault to report
                out.append(Fault("answer-error", f"{where}: {type(e).__name__}: {e}"))
                continue
            if not added:
                continue
            try:
                d.rule(book)
            except InputError as e:
                out.append(Fault("answered-case-refused", f"{where}: {e}"))
                continue
            except Exception as e:   # noqa: BLE001
                out.append(Fault("answer-error", f"{where}: {type(e).__name__}: {e}"))
                continue
            try:
                d.add_calls(further)
            except InputError as e:
                out.append(Fault("no-further-call", f"{where}, then {further}: {e.message}"))
            except Exception as e:   # noqa: BLE001
                out.append(Fault("answer-error", f"{where}, then {further}: {type(e).__name__}: {e}"))
    return out

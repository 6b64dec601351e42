"""Case-format additions of issue 8: a decision naming its call by event number (and the
ambiguous one refused), ``specifies: []``, a call made at the moment a slip is put right."""
from __future__ import annotations

import pytest

from bridge_director.session import api
from bridge_director.case.load import from_data
from bridge_director.base.yamlpos import InputError, loads

HEAD = "case: t\ntitle: t\nsource: teaching\nboard: 1\nevents:\n"


def _case(events: str, judgement: str = ""):
    text = HEAD + events + (("judgement:\n" + judgement) if judgement else "")
    return from_data(loads(text, "t.yaml"), "t.yaml")


def _error(events: str, judgement: str = "") -> str:
    with pytest.raises(InputError) as e:
        _case(events, judgement)
    return str(e.value)


TWO_PASSES = "  - {seat: N, call: Pass}\n  - {seat: S, call: Pass}\n"


def test_a_decision_names_its_call_by_event_number():
    case = _case(TWO_PASSES + "  - {seat: W, accepts: false, event: 2}\n")
    decision = case.events[2]
    assert (decision.kind, decision.target) == ("accepts", 2)
    facts = api._facts.derive(case).facts
    assert next(f for f in facts if f["t"] == "decision")["of"] == 2
    case = _case(TWO_PASSES + "  - {seat: E, accepts: true, event: 1, call: Pass}\n")
    assert next(f for f in api._facts.derive(case).facts if f["t"] == "decision")["of"] == 1


def test_a_decision_about_one_of_two_identical_calls_is_refused():
    msg = _error(TWO_PASSES + "  - {seat: W, accepts: false, call: Pass}\n")
    assert msg.startswith("t.yaml:8:") and "events.3.call" in msg
    assert "Pass was made more than once before event 3 (events 1, 2): expected 'event: N'" in msg


def test_a_decision_event_must_be_an_earlier_call_and_match_the_call_named():
    msg = _error("  - {seat: N, call: 1S}\n  - {director: called}\n  - {seat: E, accepts: true, event: 2}\n")
    assert "events.3.event" in msg and "event 2 is the director being called" in msg
    msg = _error("  - {seat: N, call: 1S}\n  - {seat: E, accepts: true, event: 5}\n")
    assert "events.2.event" in msg and "found 5" in msg
    msg = _error("  - {seat: N, call: 1S}\n  - {seat: E, call: 1H}\n  - {seat: S, accepts: true, event: 2, call: 1S}\n")
    assert "event 2 is E's 1H, not 1S" in msg


def test_specifies_may_be_empty():
    case = _case("  - {seat: N, call: 1NT}\n  - {seat: S, call: 2C}\n", "  S 2C specifies: []\n")
    assert [(j.prop, j.value) for j in case.judgements] == [("specifies", [])]
    assert not [f for f in api._facts.derive(case).facts if f["t"] == "specified"]
    api.rule(case)                                      # rules without error
    msg = _error("  - {seat: N, call: 1NT}\n  - {seat: S, call: 2C}\n", "  S 2C specifies: [H, H]\n")
    assert "([] for none)" in msg


def test_a_call_at_the_moment_a_slip_is_put_right():
    case = _case("  - {seat: N, call: 1C}\n  - {seat: N, replaces: 1C, with: 1D}\n"
                 "  - {seat: E, call: Pass, simultaneous_with: N}\n", "  N 1C unintended: true\n")
    assert case.events[2].simultaneous_with.value == "N"
    r = api.rule(case)
    assert [c.event for c in r.calls] == [1, 2, 3]
    assert r.calls[0].standing in ("withdrawn", "superseded") and [c.standing for c in r.calls[1:]] == ["stands"] * 2
    msg = _error("  - {seat: N, call: 1C}\n  - {seat: N, replaces: 1C, with: 1D}\n"
                 "  - {seat: E, call: Pass, simultaneous_with: S}\n")
    assert "events.3.simultaneous_with" in msg

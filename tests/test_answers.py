"""Answers that always make a valid case (issue 25, item 2).

Every question a ruling asks carries the event it is about, and its answer is written against
that event (``event 2 unintended``, ``{seat: S, accepts: false, call: 1H, event: 2}``,
``{seat: E, replaces: 1H, with: 2H, event: 2}``), never against "the call named 1H", which a
later call of the same player makes ambiguous. The property (bridge_director/audit/answers.py):
for generated cases, every allowed answer to every question gives a case the tool accepts
and rules on with no internal error, and a further call can still be entered.
``tools/sweep.py --answers`` runs the same property over many more cases.
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge_director.audit.answers import answer_faults
from bridge_director.audit.generate import generate
from bridge_director.base.yamlpos import loads
from bridge_director.case.load import from_data
from bridge_director.session import api
from bridge_director.session.draft import Draft


def _case(text: str):
    return from_data(loads(text, "generated.yaml"), "generated.yaml")


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.randoms(use_true_random=False))
def test_every_answer_to_every_question_makes_a_case_that_goes_on(rng):
    text = generate(rng)
    found = answer_faults(_case(text), text, api.rulebook())
    assert not found, "\n".join(map(str, found)) + "\n\n" + text


# the kinds the issue found, each by the seed of a generated case that showed it on the main of 2026-12-04

def test_seed_1_a_judgement_answered_then_the_player_passes_again():
    """'N Pass unintended'-style answers made North's (here East's) next pass impossible to enter."""
    text = generate(random.Random(1))
    assert not answer_faults(_case(text), text, api.rulebook())


def test_seed_49_an_acceptance_of_a_call_made_twice():
    """'Does South accept East's 1H?' answered once 1H had been made twice was refused."""
    text = generate(random.Random(49))
    assert not answer_faults(_case(text), text, api.rulebook())


def test_a_second_pass_after_an_answered_judgement_keeps_the_judgement_on_its_event():
    d = Draft(board=1)
    d.add_calls("1S 1H")
    q = next(q for q in d.questions() if q["property"] == "unintended")
    d.answer(q, "yes")
    assert d.judgement == {"event 2 unintended": False}
    d.add_calls("Pass Pass 1H")                 # East bids 1H again: the answer still names event 2
    assert d.case().judgements[0].event == 2


def test_a_judgement_typed_by_name_is_pinned_to_its_event_when_the_call_is_made_again():
    d = Draft(board=1)
    d.add_calls("Pass")
    d.judge("N Pass unintended", True)
    d.add_calls("1H Pass 2H Pass")              # North's second pass (event 5): the name now names two calls
    assert d.judgement == {"event 1 unintended": True}
    assert d.case().judgements[0].event == 1


def test_a_replacement_answer_lands_on_the_event_asked_about():
    d = Draft(board=1)
    d.add_calls("1S 1D")                        # East's 1D does not outrank 1S: an insufficient bid
    qs = {q["property"]: q for q in d.questions()}
    assert "replaces" in qs
    q = qs["replaces"]
    d.answer(q, "2D")
    assert d.events[-1] == {"seat": "E", "replaces": "1D", "with": "2D", "event": q["about"]["event"]}
    assert d.case().events[-1].target == q["about"]["event"]

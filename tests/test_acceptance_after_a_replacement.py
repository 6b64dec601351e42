"""29A: the offender's LHO who calls after a replacement came between the call out of rotation
and that call did not accept it by calling (coor-accepted-by-calling does not fire); their words
"I accept" later are then the acceptance, and one 29A line must say so. Found by the generated
cases' property test (a recognised call out of rotation with no line answering it, 17C)."""
from __future__ import annotations

from bridge_director.audit.properties import rule_and_check
from bridge_director.base.yamlpos import loads
from bridge_director.case.load import from_data
from bridge_director.session import api

CASE = """\
case: generated-29a-words-after-a-replacement
title: West doubles out of rotation, changes an earlier pass, North passes, then accepts in words
board: 1
events:
  - {happened: opening-lead-faced}
  - {seat: N, call: 1C}
  - {seat: S, call: Pass, simultaneous_with: N}
  - {seat: W, call: Pass, simultaneous_with: S}
  - {seat: N, call: Pass, simultaneous_with: W}
  - {seat: W, call: X}
  - {seat: W, replaces: Pass, with: X}
  - {seat: N, call: Pass}
  - {seat: N, accepts: true, call: X, event: 6}
"""


def test_words_after_a_replacement_are_the_acceptance_one_29a_line():
    case = from_data(loads(CASE, "generated.yaml"), "generated.yaml")
    ruling, found = rule_and_check(case, api.rulebook())
    unanswered = [f for f in found if f.kind == "unanswered"]
    assert not unanswered, unanswered
    accepted = [ln for ln in ruling.lines if ln.cite == "29A" and ln.code == "call-accepted"]
    assert len(accepted) == 1
    assert accepted[0].text.startswith("N accepts X")


def test_a_call_out_of_rotation_with_no_call_after_it_accepted_in_words_rules():
    """The last call of the case has no next call: no rule may read its next call's fields (the
    engine refused the fact: 'property not found', an internal error on a three-event case)."""
    text = """\
case: generated-29a-last-call-accepted
title: South opens 2C as West bids 2S at the same moment; West accepts 2C
board: 10
events:
  - {seat: S, call: 2C}
  - {seat: W, call: 2S, simultaneous_with: S}
  - {seat: W, accepts: true, call: 2C, event: 1}
"""
    case = from_data(loads(text, "generated.yaml"), "generated.yaml")
    ruling, found = rule_and_check(case, api.rulebook())
    assert not [f for f in found if f.kind in ("engine-error", "unanswered")], found
    assert ruling.lines

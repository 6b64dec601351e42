"""The consistency faults of issue 25 (item 5), each by kind, and the properties that catch them
(bridge_director/audit/properties.py): a repeated irregularity answered each time, every
edition's irregularities answered, no call both accepted and declined, the grid agreeing with
the lines."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from bridge_director.audit.generate import generate
from bridge_director.audit.properties import _grid_faults, _repeated, edition_faults, faults
from bridge_director.base.yamlpos import loads
from bridge_director.case.load import from_data, load_case
from bridge_director.session import api

REPO_CASES = __import__("pathlib").Path(__file__).resolve().parent.parent / "cases"


def _case(text: str, name: str = "c.yaml"):
    return from_data(loads(text, name), name)


def _fake(ruling, lines):
    """``ruling`` with other lines (what a faulty rulebook would have given)."""
    return SimpleNamespace(case=ruling.case, lines=lines, calls=ruling.calls, edition=ruling.edition)


def test_a_repeated_irregularity_is_answered_each_time():
    case = load_case(REPO_CASES / "law07-c-cards-back-unshuffled-twice-each-answered.yaml")
    r = api.rule(case)
    assert faults(case, r) == []
    irregular = sorted(n for ln in r.lines if ln.code == "irregularity" for n in ln.about)
    assert irregular == [2, 4]
    answer = next(ln for ln in r.lines if ln.code == "procedural-penalty-possible")
    assert {e.event for e in answer.events} >= {2, 4}          # one line, resting on both copies
    # the property: without the second copy's line it is a fault
    dropped = _fake(r, [ln for ln in r.lines if not (ln.code == "irregularity" and 4 in ln.about)])
    found = _repeated(case, dropped)
    assert [f.kind for f in found] == ["repeated"] and "event 4" in found[0].detail


@pytest.mark.parametrize("event", ["{happened: deal-without-both-sides, side: NS}",
                                   "{happened: hand-removed-unsupervised, by: S}",
                                   "{happened: touched-other-hand, by: E, of: W}",
                                   "{happened: moved-contrary-to-instructions, side: EW}",
                                   "{happened: board-moved-by, seat: W}"])
def test_every_1997_irregularity_of_laws_6_to_8_is_answered(event):
    case = _case(f"case: x\nboard: 4\nevents:\n  - {{happened: play-ended}}\n  - {event}\n")
    r = api.rule(case)
    assert edition_faults(case, r, ("duplicate-1997",)) == []
    r97 = api.rule(case, edition="duplicate-1997")
    codes = [ln.code for ln in r97.lines]
    assert "irregularity" in codes and "procedural-penalty-possible" in codes, codes


def test_no_call_both_accepted_and_declined_in_rubber():
    text = generate(random.Random(187))              # S accepts E's 2H, then says they do not
    case = _case(text)
    r = api.rule(case)
    found = [f for f in edition_faults(case, r, ("rubber-1981",)) if f.kind == "contradiction"]
    assert found == [], found
    rb = api.rule(load_case(REPO_CASES / "rubber-1981" / "rb-36-accepts-then-refuses-a-bid-out-of-turn.yaml"))
    codes = {ln.code for ln in rb.lines}
    assert "call-accepted" in codes and "call-not-accepted" not in codes and "decision-not-valid" in codes


def test_the_grid_agrees_with_the_lines():
    case = _case("case: x\nboard: 1\nevents:\n  - {seat: N, call: 1S}\n  - {seat: E, call: Pass}\n"
                 "  - {seat: S, call: Pass}\n  - {seat: W, call: Pass}\n  - {director: called}\n")
    r = api.rule(case)
    assert _grid_faults(r) == []
    said = SimpleNamespace(code="passed-out", cite="17D2", rule="auction-passed-out", option="", branch="",
                           text="All four passed: the hands go back into the board without play.", about=[],
                           events=[], who="")
    found = _grid_faults(_fake(r, list(r.lines) + [said]))
    assert [f.kind for f in found] == ["grid"] and "1S" in found[0].detail

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


# ---------------------------------------------------------------- issue 25: the grid's end of the auction

def _calls_as(ruling, change: dict):
    """``ruling.calls`` with some events' standing changed (event -> standing)."""
    from bridge_director.base.record import replace as _replace
    return [_replace(c, standing=change[c.event]) if c.event in change else c for c in ruling.calls]


def test_a_pass_at_partners_turn_then_partners_call_is_17d3_and_the_auction_ends_after_it():
    # tester6: West passes at East's turn, the third pass after 2S; East then passes. 17D3 (not
    # 39A, not 29A): West's pass cancelled, East's pass the third in rotation, 2S the contract
    case = load_case(REPO_CASES / "law17-d3-east-calls-after-the-reversion-is-not-after-the-final-pass.yaml")
    r = api.rule(case)
    assert faults(case, r) == []
    codes = {(ln.cite, ln.code) for ln in r.lines}
    assert ("17D3", "auction-not-ended") in codes and ("22A", "auction-ended") in codes
    assert not any(ln.cite in ("39A", "35D", "29A", "29B") for ln in r.lines)
    from bridge_director.ruling.grid import auction
    a = auction(r)
    assert (a["ended"], a["contract"], a["declarer"]) == (True, "2S", "N")
    # the property: had West's pass stood (a grid ending the auction on a pass it marks out of
    # rotation), it is a fault
    stood = SimpleNamespace(case=r.case, lines=r.lines, calls=_calls_as(r, {6: "stands"}), edition=r.edition)
    found = _grid_faults(stood)
    assert any("event 6" in f.detail and "out of rotation" in f.detail for f in found), found


def test_a_38c_pass_for_a_bid_made_out_of_turn_ends_nothing():
    # East bids 8S at West's turn after 1S, pass, pass: East's substituted pass is no third pass
    # in rotation; the auction has not ended and West, whose turn it was, is still to call
    case = load_case(REPO_CASES / "law38-c-substituted-pass-at-partners-turn-does-not-end-the-auction.yaml")
    r = api.rule(case)
    assert faults(case, r) == []
    from bridge_director.ruling.grid import auction
    a = auction(r)
    assert (a["ended"], a["contract"]) == (False, None)
    assert r.facts.auction == ((1, "N", "1S"), (2, "E", "Pass"), (3, "S", "Pass"))
    # the property: the grid as it was worked out before (the calls in the order made, the
    # substituted pass counted) ends the auction on East's pass, marked out of rotation
    found = _grid_faults(_fake(r, r.lines))
    assert [f.kind for f in found] == ["grid"] and "event 4" in found[0].detail, found


def test_a_bid_above_seven_at_lhos_turn_leaves_the_turn_with_lho():
    case = load_case(REPO_CASES / "law38-c-bid-above-seven-at-lhos-turn-the-turn-stays-with-lho.yaml")
    r = api.rule(case)
    assert faults(case, r) == []
    west = next(f for f in r.facts.facts if f["t"] == "call" and f["idx"] == 7)
    assert (west["turn"], west["rel"], west["auction_ended_after"]) == ("W", "self", True)
    assert r.facts.auction_ended == 4 and [n for n, _, _ in r.facts.auction] == [1, 2, 3, 7]


def test_all_four_passed_reads_the_auction_that_stands():
    # a dealer's pass put right to 1H at once, three passes: the contract is 1H, not passed out
    case = load_case(REPO_CASES / "law17-d2-pass-put-right-to-a-bid-before-the-others-pass-is-not-passed-out.yaml")
    r = api.rule(case)
    assert faults(case, r) == [] and not any(ln.code in ("passed-out", "no-redeal") for ln in r.lines)
    # a 1C put right to a pass, three passes: passed out (the calls as made end with 1C)
    case = load_case(REPO_CASES / "law17-d2-passed-out-after-a-slip-put-right-to-a-pass.yaml")
    r = api.rule(case)
    assert faults(case, r) == []
    assert {("17D2", "passed-out"), ("22B", "no-redeal")} <= {(ln.cite, ln.code) for ln in r.lines}
    # the property: a board the grid shows passed out with no line saying so is a fault
    silent = SimpleNamespace(case=r.case, lines=[ln for ln in r.lines if ln.code != "passed-out"], calls=r.calls,
                             edition=r.edition, facts=r.facts)
    assert any("passed out and no line" in f.detail for f in _grid_faults(silent))


def test_a_line_saying_the_auction_ended_names_the_contract_the_grid_shows():
    case = load_case(REPO_CASES / "law17-d3-closing-pass-out-of-rotation.yaml")
    r = api.rule(case)
    assert faults(case, r) == []
    ended = next(ln for ln in r.lines if ln.code == "auction-ended")
    assert "the contract is 2H" in ended.text
    from bridge_director.base.record import replace as _replace
    wrong = _replace(ended, text=ended.text.replace("2H", "1H"))
    found = _grid_faults(SimpleNamespace(case=r.case, lines=[wrong], calls=r.calls, edition=r.edition, facts=r.facts))
    assert [f.kind for f in found] == ["grid"] and "2H" in found[0].detail


@pytest.mark.parametrize("board, events, slip", [
    # a slip put right by a pass right after it, that pass also the third after 2H once the slip
    # has left the auction (sweep seed 8547 answered: the rules alternated between 25A1 and 17D3)
    (26, "  - {seat: E, call: 2H}\n  - {seat: S, call: Pass}\n  - {seat: W, call: Pass}\n"
     "  - {seat: W, call: 2C}\n  - {seat: W, call: Pass}\n", "event 4 unintended: true"),
    # the same after a replacement made in rotation (seed 50005 answered)
    (19, "  - {seat: S, call: 2D}\n  - {seat: W, call: 3NT}\n  - {seat: N, call: Pass}\n  - {seat: E, call: Pass}\n"
     "  - {seat: E, replaces: Pass, with: 4D}\n  - {seat: E, call: Pass}\n", "event 5 unintended: true"),
])
def test_a_pass_putting_a_slip_right_is_law_25s_and_the_rules_settle(board, events, slip):
    case = _case(f"case: x\nboard: {board}\nevents:\n{events}judgement:\n  {slip}\n")
    r = api.rule(case)                       # raised UnsettledError (exit 3) before
    codes = {(ln.cite, ln.code) for ln in r.lines}
    assert ("25A1", "call-stands") in codes and not any(ln.cite == "17D3" for ln in r.lines), codes

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


# ---------------------------------------------------------------- issue 25: a slip's correction takes its place

@pytest.mark.parametrize("name, contract, gone", [
    # 1D Pass Pass Pass; North offers X for their pass (a slip) and at once passes: the pass
    # takes the X's place, the auction ended as it had (seed 42790's shape: the rules never
    # settled, the pass put at the end of the auction being cancelled by 39A)
    ("law25-a1-slipped-double-after-the-auction-ended-put-right-by-a-pass", "1D", set()),
    ("law25-a1-slip-replacement-put-right-by-second-call-after-auction-ended", "1D", {7, 8, 9}),
])
def test_a_slips_correction_takes_the_slips_place_in_the_auction(name, contract, gone):
    case = load_case(REPO_CASES / f"{name}.yaml")
    r = api.rule(case)
    assert faults(case, r) == []
    standing = {c.event: c.standing for c in r.calls}
    assert standing[5] == "superseded" and standing[6] == "stands", standing
    assert {n for n, st in standing.items() if st == "cancelled"} == gone
    from bridge_director.ruling.grid import auction
    a = auction(r)
    assert (a["ended"], a["contract"]) == (True, contract)
    assert [(n, str(c)) for n, _, c in r.facts.auction] == [(1, "1D"), (2, "Pass"), (6, "Pass"), (4, "Pass")]


def test_a_slip_put_right_by_a_second_call_keeps_the_first_calls_place():
    # North 1C, East 1S, North offers 1D for 1C (a slip) and at once says 1H: 1H stands where
    # 1C was, East's 1S over it is sufficient and South's pass is in turn (before: 1H at the end,
    # an insufficient bid out of rotation beside "1H takes its place")
    case = load_case(REPO_CASES / "law25-a1-slip-replacement-put-right-takes-the-first-calls-place.yaml")
    r = api.rule(case)
    assert faults(case, r) == []
    assert [(n, str(c)) for n, _, c in r.facts.auction] == [(4, "1H"), (2, "1S"), (5, "Pass")]
    assert not any(ln.cite == "18D" or ln.rule.startswith("ib-") for ln in r.lines)     # no insufficient bid
    assert not any(ln.code == "irregularity" and 5 in ln.about for ln in r.lines)        # South's pass in turn


@pytest.mark.parametrize("name", ["law25-b2-second-offer-swept-away-by-36a-replaces-nothing",
                                  "law25-b2-second-offer-swept-away-after-inadmissible-redouble",
                                  "law25-b2-offer-replaced-by-an-offer-36a-sweeps-away"])
def test_an_offer_swept_away_by_36a_cancels_no_earlier_offer(name):
    case = load_case(REPO_CASES / f"{name}.yaml")
    r = api.rule(case)                       # raised UnsettledError (exit 3) before
    assert faults(case, r) == []
    assert not any(ln.rule == "coc-intended-offer-replaced" for ln in r.lines)
    assert any(ln.cite == "36A" and ln.code == "call-cancelled" for ln in r.lines)


# ---------------------------------------------------------------- issue 25: no call said to stand once withdrawn

@pytest.mark.parametrize("path, withdrawn_said", [
    ("law27-b3-bar-stands-whatever-replaces-the-double.yaml", True),     # West accepted 3NT: 2C withdrawn
    ("published/ebu-forum/law27-b3-premature-double-then-2c-then-3nt.yaml", False)])   # West yet to decide
def test_no_line_says_a_call_stands_that_is_withdrawn(path, withdrawn_said):
    case = load_case(REPO_CASES / path)
    r = api.rule(case)
    assert faults(case, r) == []
    standing = {c.event: c.standing for c in r.calls}
    # West yet to decide on 3NT (offered in place of 2C): 2C stands or goes with that choice
    assert standing[7] == ("withdrawn" if withdrawn_said else "awaiting-decision")
    from bridge_director.audit.properties import claims
    assert not any(n == 7 and claim in ("stands", "accepted") for ln in r.lines if not ln.option and not ln.branch
                   for claim, n, _ in claims(ln))
    bar = next(ln for ln in r.lines if ln.rule == "ib-b3-then-legal-call-changed-later")
    assert (bar.cite, bar.code, bar.who) == ("27B3", "still-bound-to-pass", "N")
    # the property, both ways: the old line ("S's 2C stands in place of 1S") beside the 25B1
    # line saying 2C is withdrawn is a contradiction between the lines and a standing fault
    from bridge_director.base.record import replace as _replace
    old = _replace(bar, code="call-stands", rule="ib-b3-then-legal-call",
                   template="{repl.seat}'s {repl.call} stands in place of {ib.call}; {ib.partner} still passes.",
                   text="S's 2C stands in place of 1S; N still passes.")
    found = faults(case, _fake(r, list(r.lines) + [old]))
    kinds = {(f.kind, f.detail.split(":")[0]) for f in found}
    assert ("standing", "27B3 ib-b3-then-legal-call") in kinds, found
    assert (("contradiction", "stands and withdrawn") in kinds) == withdrawn_said, found


def test_an_acceptance_then_a_change_is_no_contradiction():
    # "called over 2C and so accepted it: ... 2C stands", then the maker changes 2C (25B1 line
    # "2C is withdrawn"): the acceptance held until the change
    case = load_case(REPO_CASES / "law25-b1-accepted-substitute-changed-again.yaml")
    r = api.rule(case)
    assert faults(case, r) == []


def test_every_repository_case_has_every_property():
    # the lines of every case in cases/ against each other, the calls' final standing and the
    # grid (2017 cases: every property; the other editions' cases, ruled under their own
    # edition: answered and no contradiction, as edition_faults checks them): the two Law 27
    # cases above were the only faults
    from bridge_director.audit.properties import _contradictions, _unanswered
    book = api.rulebook()
    found, others = [], 0
    for path in sorted(REPO_CASES.rglob("*.yaml")):
        case = load_case(path)
        if case.edition == "duplicate-2017":
            got = faults(case, api.rule(case, book))
        else:
            others += 1
            r = api.rule(case)
            got = _unanswered(r) + _contradictions(r, case)
        found += [f"{path.relative_to(REPO_CASES)}: {f}" for f in got]
    assert found == [] and others >= 20


@pytest.mark.parametrize("name, first", [("rb-ib-accepts-then-refuses-an-insufficient-bid", "call-accepted"),
                                         ("rb-ib-refuses-then-accepts-an-insufficient-bid", "call-not-accepted")])
def test_no_insufficient_bid_both_accepted_and_declined_in_rubber(name, first):
    # the --editions sweep: rubber-1981 said "accepts 1H" and "does not accept 1H" about one bid
    case = load_case(REPO_CASES / "rubber-1981" / f"{name}.yaml")
    r = api.rule(case)
    from bridge_director.audit.properties import _contradictions
    assert _contradictions(r, case) == []
    codes = {ln.code for ln in r.lines}
    assert first in codes and "decision-not-valid" in codes
    assert not {"call-accepted", "call-not-accepted"} <= codes


def test_the_1997_7b2_irregularity_with_an_opponents_permission_is_answered():
    case = load_case(REPO_CASES / "duplicate-1997" / "d97-21-7b2-touched-with-an-opponents-permission.yaml")
    r = api.rule(case)
    from bridge_director.audit.properties import _unanswered
    assert _unanswered(r) == []
    assert ("90", "procedural-penalty-possible") in {(ln.cite, ln.code) for ln in r.lines}

"""Exact rulings for the auction laws (25, 28-32, 36, 39) and the chains between them."""
from __future__ import annotations

import pytest

from bridge_director.case import load as case
from bridge_director.infer import facts, inference
from bridge_director.base import paths
from bridge_director.rulebook import book as rulebook

CASES = paths.rules_dir().parent / "cases"


def _rule(name: str):
    c = case.load_case(str(CASES / name))
    book = rulebook.load_rulebook(str(paths.rules_dir()))
    return inference.run(book, lambda cancelled: facts.derive(c, cancelled).facts)


def _pairs(res) -> set[tuple[str, str]]:
    return {(o.cite, o.code) for o in res.outcomes}


def test_ib_out_of_rotation_chains_to_31_then_27():
    res = _rule("law31-a1-ib-out-of-rotation-repeated.yaml")
    assert res.cancelled == frozenset({2})          # the first 1H, out of rotation
    pairs = _pairs(res)
    assert ("27A2", "refer-to-law") in pairs
    assert ("not-covered-yet",) not in {(o.code,) for o in res.outcomes}
    assert ("31A1", "offender-must-repeat") in pairs
    assert ("31A1", "refer-to-law") in pairs        # the repeat is insufficient: Law 27
    # Law 27 now rules on the repeat (event 6), with West (South's LHO) to choose
    accept = [o for o in res.outcomes if o.cite == "27A1"]
    assert [(o.code, o.who) for o in accept] == [("option-accept", "W")]
    assert accept[0].firing.matched["ib"]["of"] == 6
    assert not any(o.cite.startswith("31A2") for o in res.outcomes)


def test_bid_out_of_rotation_options_at_directors_arrival():
    res = _rule("boor-01-bid-at-rhos-turn.yaml")
    got = {(o.cite, o.code, o.who, o.option) for o in res.outcomes if o.option}
    assert ("29A", "option-accept", "W", "W accepts 2C") in got
    assert ("31A1", "offender-must-repeat", "S", "W does not accept 2C; E passes") in got
    assert any(c == "31A2(b)" and who == "N" for c, _, who, _ in got)


def test_pass_out_of_rotation_reverts_the_auction():
    res = _rule("poot-02-pass-at-dealers-turn.yaml")
    assert res.cancelled == frozenset({1})
    assert _pairs(res) == {("17C", "irregularity"), ("29B", "call-not-accepted"), ("29B", "call-cancelled"),
                           ("29B", "auction-reverts"), ("30A", "offender-must-pass-next"),
                           ("72C", "adjust-if-offender-could-have-known"),     # 30A: 72C may apply
                           ("16C2", "information-unauthorised-to-offenders"),   # the cancelled pass
                           ("16C1", "information-authorised-to-non-offenders")}
    revert = next(o for o in res.outcomes if o.code == "auction-reverts")
    assert revert.who == "E"


def test_double_at_partners_turn_later_calls_are_in_rotation():
    res = _rule("door-01-double-at-partners-turn.yaml")
    # after the double is cancelled, North's pass and East's 4S are in turn: no new COOR
    assert [o.who for o in res.outcomes if o.cite == "17C"] == ["S"]
    assert ("32B1", "partner-may-call") in _pairs(res)


def test_inadmissible_double_is_36b_with_72c_not_2007_law_23():
    res = _rule("id-01-double-of-partners-double.yaml")
    assert ("72C", "adjust-if-offender-could-have-known") in _pairs(res)
    assert not any(o.cite.startswith("23") for o in res.outcomes)
    bar = next(o for o in res.outcomes if o.code == "partner-must-pass-rest")
    assert (bar.cite, bar.who) == ("36B2", "N")


def test_calls_after_final_pass_are_cancelled():
    res = _rule("cafp-01-calls-after-final-pass.yaml")
    assert res.cancelled == frozenset({7, 8})
    ended = next(o for o in res.outcomes if o.cite == "22A")
    assert "2D" in ended.text


def test_change_of_mind_gives_25b_options():
    res = _rule("coc-02-pass-meant-at-the-time.yaml")
    assert _pairs(res) == {("10C1", "options-explained"), ("25A2", "change-not-allowed"), ("25B1", "option-accept"),
                           ("25B2", "call-cancelled"), ("25B3", "information-unauthorised-to-offenders")}


@pytest.mark.parametrize("bad, message", [
    ("{seat: Q, call: 1S}", "expected a seat N, E, S or W"),
    ("{seat: S, call: 1S, simultaneous_with: W}", "expected the seat of the call written just before"),
])
def test_bad_events_give_one_clear_error(tmp_path, bad, message):
    f = tmp_path / "bad.yaml"
    f.write_text("case: bad\ntitle: bad\nsource: teaching\ndealer: N\nevents:\n"
                 f"  - {{seat: N, call: 1H}}\n  - {bad}\n")
    with pytest.raises(Exception) as e:
        case.load_case(str(f))
    assert message in str(e.value) and ":7:" in str(e.value)


def test_substituted_pass_is_replayed_as_a_pass():
    # 38C: West's 8NT (event 4) counts as West's pass; North and East then pass in turn and
    # the auction ends at 7S, with no call out of rotation and no call after the final pass
    res = _rule("law38-a-d-bid-of-eight-no-trumps.yaml")
    assert res.status == {4: "replaced-by-pass"}
    assert res.cancelled == frozenset({4})
    assert _pairs(res) == {("35C", "irregularity"), ("38A", "contract-never-played"), ("38B", "call-cancelled"),
                           ("38C", "pass-substituted"), ("38C", "offenders-must-pass-rest"),
                           ("72C", "adjust-if-offender-could-have-known"), ("26B", "lead-restriction-possible"),
                           ("12C1(b)", "assigned-adjusted-score"),     # 12C: the kind, if 72C adjusts
                           ("16C2", "information-unauthorised-to-offenders"),   # the cancelled 8NT
                           ("16C1", "information-authorised-to-non-offenders"),
                           # West's next turn never came: the 38C bar had nothing to apply to (laws-d)
                           ("22A", "pass-obligation-lapsed")}


def test_closing_pass_out_of_rotation_reopens_the_auction():
    res = _rule("law17-d3-closing-pass-out-of-rotation.yaml")
    assert res.cancelled == frozenset({3, 4})       # West's pass out of rotation and North's after it
    assert _pairs(res) == {("17C", "irregularity"), ("17D3", "auction-not-ended"), ("17D3", "auction-reverts"),
                           ("17D3", "call-cancelled"), ("16C2", "information-unauthorised-to-offenders"),
                           ("16C1", "information-authorised-to-non-offenders"),
                           ("34", "refer-to-law"),
                           ("22A", "auction-ended"),      # South's 2H and three passes in turn end it after the reversion
                           # West, who passed out of rotation, is an offender (17D3): whether the
                           # cancelled pass suggested East's next call is asked (16C2, 16C3)
                           ("16C2", "judgement-needed"), ("16C3", "adjust-if-damaged"), ("16C2", "call-stands")}


def test_partner_calls_while_insufficient_bid_awaits_replacement():
    """27B then 31B: a declined insufficient bid is out of the auction until replaced, so the
    offender's partner calling next calls at partner's turn (31B), not at RHO's (31A)."""
    from bridge_director.session import api
    r = api.rule_file("cases/law27-31b-partner-calls-before-replacement.yaml")
    pairs = r.pairs()
    assert {("31B1", "partner-may-call"), ("31B2", "offender-may-call"), ("29B", "call-cancelled"),
            ("27B", "offender-must-replace")} <= pairs
    assert not any(c == "31A1" for c, _ in pairs)
    coor = [t for t in r.trace if t.rule == "coor-recognised"]
    assert [t.matched["call"]["rel"] for t in coor] == ["partner"]
    assert r.cancelled == []          # awaiting replacement is not a cancellation


@pytest.mark.parametrize("calls, contract, last_call", [
    ("1S P P P", "1S", "1S"),
    ("1S X P P P", "1SX", "X"),
    ("1S X XX P P P", "1SXX", "XX"),
    ("1S X 2C P P P", "2C", "2C"),
])
def test_contract_and_last_call_facts(tmp_path, calls, contract, last_call):
    """22A mechanics: the closing pass carries the contract (with its double or redouble) and
    the last call that was not a pass, both from the standing calls before it."""
    seats = "NESW"
    words = ["Pass" if w == "P" else w for w in calls.split()]
    f = tmp_path / "c.yaml"
    f.write_text("case: c\ntitle: c\nsource: teaching\nboard: 1\nevents:\n"
                 + "".join(f"  - {{seat: {seats[i % 4]}, call: {w}}}\n" for i, w in enumerate(words)))
    fs = {x["idx"]: x for x in facts.derive(case.load_case(str(f))).facts if x["t"] == "call"}
    closing = fs[len(words)]
    assert closing["auction_ended_after"]
    assert (closing["contract"], closing["last_call"]) == (contract, last_call)
    assert "contract" not in fs[1] and "last_call" not in fs[1]     # no call before the opening bid


def test_22a_states_the_contract_with_its_redouble():
    res = _rule("law39-b-contract-redoubled.yaml")
    ended = next(o for o in res.outcomes if o.cite == "22A")
    assert "the third in succession after XX: the contract is 1SXX." in ended.text


def test_inadmissible_redouble_found_after_opening_lead_is_36c_only():
    res = _rule("law36-c-found-after-opening-lead.yaml")
    assert res.cancelled == frozenset()             # too late for 36A/36B: nothing is cancelled
    assert _pairs(res) == {("35A", "irregularity"), ("36C", "score-as-if-not-made"),
                           ("17D1", "auction-period-ended")}
    score = next(o for o in res.outcomes if o.cite == "36C")
    assert score.who == "E" and "(1HXX as the auction went)" in score.text


def test_inadmissible_double_director_called_before_lead_is_not_36c(tmp_path):
    src = (CASES / "law36-c-found-after-opening-lead.yaml").read_text()
    moved = src.replace("  - {happened: opening-lead-faced}\n  - {director: called}\n",
                        "  - {director: called}\n  - {happened: opening-lead-faced}\n")
    assert moved != src
    f = tmp_path / "c.yaml"
    f.write_text(moved)
    c = case.load_case(str(f))
    book = rulebook.load_rulebook(str(paths.rules_dir()))
    res = inference.run(book, lambda st: facts.derive(c, st).facts)
    assert not any(o.cite == "36C" for o in res.outcomes)
    assert ("36A", "call-cancelled") in _pairs(res)


def test_awaiting_replacement_just_before_its_replacement_changes_no_fact():
    # the insufficient bid (event 2) is replaced at once (event 5): holding it back as
    # awaiting-replacement moves nothing, so the Deriver gives back the same Facts
    c = case.load_case(str(CASES / "law27-b2-other-sufficient-bid.yaml"))
    assert facts.derive(c).facts == facts.derive(c, {2: "awaiting-replacement"}).facts
    d = facts.Deriver(c)
    first = d.derive({})
    assert d.derive({2: "awaiting-replacement"}) is first
    assert d.derive({2: "cancelled"}) is not first


def test_awaiting_replacement_with_partner_calling_in_between_is_replayed():
    # here partner called (event 4) before the replacement: the held-back bid changes their
    # turn, so the facts are derived again
    c = case.load_case(str(CASES / "law27-31b-partner-calls-before-replacement.yaml"))
    d = facts.Deriver(c)
    first = d.derive({})
    again = d.derive({2: "awaiting-replacement"})
    assert again is not first and again.facts != first.facts

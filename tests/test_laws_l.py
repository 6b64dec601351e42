"""laws-l (2026-12-05): the two faults the 50,000-case sweep left (docs/open-faults/
sweep-2026-12-05.md, seeds 27551 and 23768), each on cases of its kind in cases/, and tester12's
leftover rows (docs/open-faults/tester12.md)."""
from __future__ import annotations

import random

from bridge_director.audit.generate import generate_data
from bridge_director.audit.properties import faults
from bridge_director.case.load import from_data
from bridge_director.session import api

from repo_cases import rule_case, texts


def _standing(r) -> dict[int, str]:
    return {c.event: c.standing for c in r.calls}


# ---------------------------------------------------------------- sweep seed 27551's kind
# A slip put right by a replacement, then a second offer "in place of" the slip: there is no
# slip left to replace. The second offer was ruled as a second 25A1 correction of the same
# slip ("2NT takes its place" beside "1D takes its place"), with a 25A6 line telling the
# slip-maker's LHO they had called over the slip (they had called over the intended call).

def test_a_second_offer_in_place_of_a_slip_already_put_right_is_not_a_second_correction():
    case, r = rule_case("law25-a1-slip-put-right-by-a-replacement-then-replaced-again-after-lho-called")
    assert texts(r, cite="25A1", code="call-stands") == [
        "1NT was a mechanical error or slip of the tongue: N's intended 1D takes its place."]
    assert texts(r, cite="25A6") == []
    [line] = texts(r, code="not-covered-yet")
    assert line.startswith("1NT had already been put right: N's intended 1D took its place (25A1). 2NT, offered "
                           "later in place of 1NT, has no 1NT left to replace: it can only be a change of 1D")
    assert faults(case, r) == []


def test_a_second_offer_at_once_is_not_ruled_as_a_correction_either():
    case, r = rule_case("law25-a1-slip-put-right-by-a-replacement-then-replaced-again-at-once")
    assert [ln.text for ln in r.lines if "takes its place" in ln.text] == [
        "1NT was a mechanical error or slip of the tongue: N's intended 1D takes its place."]
    assert [ln.code for ln in r.lines if ln.cite == "25A1"].count("not-covered-yet") == 1
    assert faults(case, r) == []


def test_the_25a6_line_does_not_read_as_the_replacement_standing():
    # the line said "call again over 2NT, or let it stand": read as "2NT stands" while 2NT is
    # open to East's 25B choice about 4C
    case, r = rule_case("law25-a6-lho-may-withdraw-over-a-replacement-later-changed-again")
    assert texts(r, cite="25A6", code="lho-may-withdraw") == [
        "E called over 1NT before it was changed: E may withdraw that call and call again over 2NT, or keep "
        "that call if it is still legal over 2NT; a call no longer legal over 2NT (insufficient, or a double "
        "or redouble Law 19 no longer allows) cannot stand, so E calls again."]
    assert _standing(r)[3] == "awaiting-decision"       # 2NT: 4C offered in its place
    assert faults(case, r) == []


def test_the_first_correction_of_a_slip_still_lets_lho_withdraw():
    data = {"case": "x", "title": "x", "board": 1,
            "events": [{"seat": "N", "call": "1NT"}, {"seat": "E", "call": "2C"},
                       {"seat": "N", "replaces": "1NT", "with": "2NT"}, {"director": "called"}],
            "judgement": {"N 1NT unintended": True}}
    r = api.rule(from_data(data, "inline"))
    assert [ln.code for ln in r.lines if ln.cite == "25A6"] == ["lho-may-withdraw", "information-unauthorised-to-offenders"]
    assert not [ln for ln in r.lines if ln.code == "not-covered-yet"]


# ---------------------------------------------------------------- sweep seed 23768's kind
# A bid above seven offered in place of an earlier call once the auction had ended: 25A5/25B2
# leave the earlier call standing; the tool put the bid in its place and then 38C's pass in
# the bid's place ("1S P P P; N 1S>8S" became a passed-out board).

def test_a_bid_above_seven_offered_after_the_end_leaves_the_contract_as_it_was():
    case, r = rule_case("law38-c-bid-above-seven-offered-after-the-auction-ended-first-call-stands")
    assert _standing(r) == {1: "stands", 2: "stands", 3: "stands", 4: "stands", 5: "cancelled"}
    assert texts(r, cite="38C") == [
        "N offered 8S in place of 1S only after the auction had ended: no pass is put in place of 8S (38C: the "
        "auction was already complete), 1S stands, the auction stays as it ended, and N and S have no turn to "
        "call left for the obligation to pass to apply to."]
    assert not [ln for ln in r.lines if ln.cite in ("17D2", "22B")]       # not passed out
    assert not [ln for ln in r.lines if "becomes a defender" in ln.text]   # the auction has ended
    assert faults(case, r) == []


def test_a_meant_pass_changed_to_a_bid_above_seven_after_the_end_stands():
    case, r = rule_case("law38-c-meant-pass-changed-to-a-bid-above-seven-after-the-end")
    assert _standing(r)[4] == "stands" and _standing(r)[5] == "cancelled"
    assert [ln.code for ln in r.lines if ln.cite == "38C"] == ["no-further-rectification"]
    assert texts(r, cite="26B") == [
        "The auction has ended with W a defender: N, declarer, may forbid E to lead one suit not specified by W "
        "in the legal auction, at E's first turn to lead, for as long as E keeps the lead."]
    assert faults(case, r) == []


def test_a_slip_put_right_by_a_bid_above_seven_before_the_lead_gets_38cs_pass():
    # 25A5 allows the correction until the end of the auction period: 8H takes the slip's place,
    # Law 38 cancels it and its pass ends the auction again (not "the auction is not over")
    case, r = rule_case("law38-c-slip-put-right-by-a-bid-above-seven-before-the-lead-pass-ends-the-auction")
    assert _standing(r)[4] == "withdrawn" and _standing(r)[5] == "replaced-by-pass"
    assert [ln.code for ln in r.lines if ln.cite == "38C"] == ["pass-substituted"]
    assert not [ln for ln in r.lines if ln.code == "auction-not-ended"]
    assert faults(case, r) == []


def test_the_38d_lead_line_is_settled_once_the_auction_has_ended():
    _, r = rule_case("law17-d2-fourth-seat-bid-above-seven-passed-out")
    assert not [ln for ln in r.lines if "becomes a defender" in ln.text]
    assert [ln.code for ln in r.lines if ln.cite == "22B"].count("lead-restriction-does-not-arise") == 1


def test_the_sweeps_two_seeds_have_no_fault():
    for seed in (27551, 23768):
        data = generate_data(random.Random(seed))
        case = from_data(data, f"seed-{seed}")
        assert faults(case, api.rule(case)) == [], seed

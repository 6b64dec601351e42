"""Helper laws-c's fixes (Laws 12, 21, 25, 26, 36, 37): where each line stands (outright, on
which branch, in which option) and what it says, which the cases' expect: codes do not show."""
from __future__ import annotations

import pathlib

import pytest

from bridge_director.case.load import load_case
from bridge_director.ruling.grid import tell_the_table
from bridge_director.ruling.questions import questions
from bridge_director.session import api

CASES = pathlib.Path(__file__).resolve().parent.parent / "cases"
MEANT = "was the call they meant"


def ruled(name: str):
    return api.rule(load_case(CASES / f"{name}.yaml"))


def lines(r, cite, code=None):
    return [ln for ln in r.lines if ln.cite == cite and (code is None or ln.code == code)]


# tester7 F6: an inadmissible call whose intent is not stated: no Law 36/37 consequence outright;
# each is on the branch where the call was meant, and the slip branch is there too
@pytest.mark.parametrize("name, cites", [
    ("law36-b-25a2-redouble-intent-not-stated-nothing-in-place-asked", ("36B1", "36B2", "36B3", "72C", "26B", "16C2", "16C1")),
    ("law37-b-25a2-bid-at-turn-bound-to-pass-intent-not-stated-asked", ("37B1", "37B2", "26B")),
])
def test_inadmissible_call_intent_not_stated_consequences_only_on_the_meant_branch(name, cites):
    r = ruled(name)
    for cite in cites:
        got = lines(r, cite)
        assert got, cite
        # 72C, 16C2 and 16C1 may also come outright from an earlier, settled irregularity
        mine = [ln for ln in got if ln.branch] if cite in ("72C", "16C2", "16C1") else got
        assert mine and all(ln.branch and MEANT in ln.branch for ln in mine), (cite, [(ln.branch, ln.text) for ln in got])
    slip = lines(r, "25A1", "may-change-call")
    assert slip and all("mechanical error or slip of the tongue" in ln.branch for ln in slip)
    asked = [q["property"] for q in questions(r) if q["kind"] == "judgement"]
    assert "unintended" in asked, asked


# a mis-pull with nothing yet in its place: no Law 36/37 line at all, 25A1 says Law 36/37 waits
@pytest.mark.parametrize("name, law", [
    ("law36-b-25a1-redouble-mispull-nothing-in-place-no-law-36", "36"),
    ("law37-b-25a1-bid-at-turn-bound-to-pass-mispull-nothing-in-place", "37"),
])
def test_mispull_nothing_in_place_is_not_rectified(name, law):
    r = ruled(name)
    assert not [ln for ln in r.lines if ln.cite.startswith(law)], [(ln.cite, ln.text) for ln in r.lines]
    assert any(f"not rectified under Law {law}" in ln.text for ln in lines(r, "25A1", "refer-to-law"))


# a call out of rotation replaced at once, intent not stated: asked first, no option outright
@pytest.mark.parametrize("name", [
    "law29-25a2-bid-out-of-rotation-replaced-intent-not-stated-asked-first",
    "law29-25a2-second-call-after-own-call-out-of-rotation-intent-not-stated",
    "law30-25a2-pass-out-of-rotation-replaced-by-1h-intent-not-stated",
    "law32-25a2-double-out-of-rotation-replaced-intent-not-stated",
])
def test_call_out_of_rotation_replaced_intent_asked_before_any_option(name):
    r = ruled(name)
    assert not [ln for ln in r.lines if ln.option], [(ln.cite, ln.option) for ln in r.lines if ln.option]
    assert not [ln for ln in r.lines if ln.cite[:2] in ("29", "30", "31", "32")]
    branches = {ln.branch for ln in r.lines if ln.branch}
    assert any("slip of the tongue" in b for b in branches) and any(MEANT in b for b in branches), branches
    assert all("Laws 29 to 32" in ln.text for ln in r.lines if ln.branch)


# 25A6: what LHO may do with the call made over a slip put right, in full
def test_25a6_says_withdraw_keep_if_legal_or_call_again():
    r = ruled("law25-a1-a6-double-over-1s-slip-for-2s-not-inadmissible")
    text = " ".join(ln.text for ln in lines(r, "25A6", "lho-may-withdraw"))
    assert "may withdraw that call and call again over 2S" in text, text
    assert "keep that call if it is still legal over 2S" in text and "cannot stand" in text, text
    info = " ".join(ln.text for ln in lines(r, "25A6", "information-unauthorised-to-offenders"))
    assert "authorised information to S's side and unauthorised to E's side (E and W)" in info, info


# 21B1(a): a call kept once correctly informed: no 21B3 for that call, other damage judged
def test_call_kept_after_correction_leaves_other_damage_to_the_director():
    r = ruled("published/ebu-forum/law21-b1a-change-offered-and-declined-no-later-redress")
    kept = [ln.text for ln in lines(r, "21B1(a)", "call-stands")]
    assert any("21B3 gives no adjustment for that call" in t and "the director judges at the end of play" in t
               for t in kept), kept


# 25B2: the Law 26 line is settled once the auction has ended with the offender's side declaring
def test_cancelled_change_no_lead_restriction_once_the_offenders_declare():
    r = ruled("law25-b2-26b-cancelled-change-offender-declares-no-restriction")
    assert lines(r, "26B", "lead-restriction-does-not-arise")
    assert not lines(r, "26B", "lead-restriction-possible") and not lines(r, "26A")
    assert not [q for q in questions(r) if q["property"] == "comparable"]


# 12C1: the kind of an adjusted score decided after play is read out in players' words
def test_kind_of_score_after_play_read_out_without_clauses():
    told = tell_the_table(ruled("law36-b-25a2-redouble-intent-not-stated-nothing-in-place-asked"))
    assert not any("12C1" in t for t in told), told

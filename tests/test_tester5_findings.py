"""Fixes from the fifth tester's audit of Laws 23, 25-27: the words and the option/settled
standing of lines that the cases' expect: codes do not show."""
from __future__ import annotations


import pytest

from bridge_director.ruling.grid import tell_the_table


# 27C: after a premature pass or bid in place of an insufficient bid, LHO may still accept
# the insufficient bid; the 27B2 consequences (bar, 26B, 72C) hold only if LHO does not

@pytest.mark.parametrize("name, lho, ib, partner", [
    ("law27-c-premature-pass-27b2-waits-for-lhos-choice", "S", "1C", "West"),
    ("law27-c-premature-higher-bid-27b2-waits-for-lhos-choice", "E", "1H", "South"),
])
def test_premature_replacement_27b2_is_an_option_until_lho_chooses(ruled, name, lho, ib, partner):
    r = ruled(name)
    settled = [ln for ln in r.lines if ln.cite in ("27B2", "26B", "72C") and not ln.option]
    assert not settled, [(ln.cite, ln.text) for ln in settled]
    conditional = {ln.cite for ln in r.lines if ln.option == f"if {lho} does not accept {ib}"}
    assert {"27B2", "26B", "72C"} <= conditional, conditional
    assert any(ln.cite == "27C" and ln.code == "option-accept" and ln.option for ln in r.lines)
    assert not any(f"{partner} must pass" in t for t in tell_the_table(r)), tell_the_table(r)


def test_premature_pass_once_lho_accepts_has_no_27b2_line(ruled):
    r = ruled("law27-c-lho-accepts-ib-after-premature-pass")
    assert not [ln for ln in r.lines if ln.cite in ("27B2", "26B", "72C")]


# 27C with 27B1: a premature lowest bid in the same denomination, or a comparable call, is
# ruled under 27B1 only if LHO does not accept the insufficient bid: until LHO chooses, the
# 27B1 lines ("the withdrawn ...", no rectification, 27D) are that option, not settled

@pytest.mark.parametrize("name, lho, ib, cites", [
    ("law27-c-premature-lowest-same-bid-27b1a-waits-for-lhos-choice", "S", "1H", {"27B1(a)", "27D"}),
    ("law27-c-premature-comparable-bid-27b1b-waits-for-lhos-choice", "E", "1C", {"27B1(b)", "26A", "27D", "23C"}),
])
def test_premature_replacement_27b1_is_an_option_until_lho_chooses(ruled, name, lho, ib, cites):
    r = ruled(name)
    settled = [ln for ln in r.lines if ln.cite in cites and not ln.option]
    assert not settled, [(ln.cite, ln.text) for ln in settled]
    conditional = {ln.cite for ln in r.lines if ln.option == f"if {lho} does not accept {ib}"}
    assert cites <= conditional, conditional
    assert any(ln.cite == "27C" and ln.code == "option-accept" and ln.option for ln in r.lines)

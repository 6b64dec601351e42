"""Helper published's fixes from the published rulings found on 2026-12-05: each test names the
published case that showed the fault and a second case of the same kind."""
from __future__ import annotations


import pytest


from repo_cases import lines, ruled, the_line  # tests/repo_cases.py


# 28B (North Wales Congress): the call out of rotation that the correct player's call took out
# of the auction is authorised information to the other side (16C1), not only unauthorised to
# the offenders (16C2); the line names the cancelled call and stands outright.
@pytest.mark.parametrize("name, seat, call", [
    ("published/bbo-forum/law28-b-north-doubles-at-own-turn-while-director-explains-1d-out-of-turn", "E", "1D"),
    ("law28-b-double-out-of-rotation-then-correct-player-raises", "W", "X"),
])
def test_28b_cancelled_call_authorised_to_the_other_side(name, seat, call):
    r = ruled(name)
    got = the_line(r, "16C1", "information-authorised-to-non-offenders")
    assert not got.branch
    assert f"{seat}'s cancelled {call}" in got.text
    assert lines(r, "16C2", "information-unauthorised-to-offenders")


# 22B (stale pass card, BBO forums): three passes and no bid, one of them out of rotation and
# accepted, do not pass the board out: the line says whose turn it is, the next player in
# rotation; and once all four have passed after such an acceptance, the board is passed out.
@pytest.mark.parametrize("name, seat", [
    ("published/bbo-forum/law29-a-pass-on-a-stale-pass-card-accepted-dealer-still-to-call", "E"),
    ("law22-b-dealer-passes-partner-passes-at-rhos-turn-accepted-not-passed-out", "N"),
])
def test_three_passes_after_an_accepted_pass_out_of_rotation_not_passed_out(name, seat):
    r = ruled(name)
    got = the_line(r, "22B", "auction-not-ended")
    assert not got.branch
    assert f"it is {seat}'s turn to call" in got.text
    assert not lines(r, "22B", "no-redeal") and not lines(r, "17D2", "passed-out")


def test_all_four_pass_after_an_accepted_pass_out_of_rotation_passed_out():
    r = ruled("law22-b-pass-out-of-rotation-accepted-then-all-four-pass-passed-out")
    assert len(lines(r, "22B", "no-redeal")) == 1
    assert len(lines(r, "17D2", "passed-out")) == 1
    assert not lines(r, "22B", "auction-not-ended")

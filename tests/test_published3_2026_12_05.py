"""Helper published3's fixes from the published rulings found on 2026-12-05 (the eleventh
session): each test names the published case that showed the fault and another case of the same
kind (docs/open-faults/published-2026-12-05.md, "eleventh session")."""
from __future__ import annotations

import pytest

from repo_cases import lines, ruled  # tests/repo_cases.py


# 17D3 (WBF commentary on Law 17, example 14): a pass at RHO's turn that is the second pass
# after a call, the call being a pass itself (18A: a pass is a call). The LHO's option to accept
# it says that accepting by passing would not end the auction: it goes back to the player who
# missed the turn. Not said before, the rule asking for a bid or a double before the two passes.
@pytest.mark.parametrize("name, lho, offender, missed", [
    ("published/wbf-commentary/law30-a-pass-at-rhos-turn-before-any-bid-west-may-accept-pass-would-revert-to-east", "W", "S", "E"),
    ("law17-d3-opening-pass-and-a-pass-then-pass-at-rhos-turn-lho-accepting-by-passing-reverts", "N", "W", "S"),
])
def test_accepting_by_passing_after_an_opening_pass_reverts(name, lho, offender, missed):
    r = ruled(name)
    got = lines(r, "17D3", "auction-not-ended")
    assert len(got) == 1 and got[0].who == missed, [(ln.cite, ln.code, ln.text) for ln in r.lines]
    text = got[0].text
    assert f"If {lho} accepts it by passing, three passes follow {lho}'s Pass" in text
    assert f"it goes back to {missed}, and {offender}'s and {lho}'s passes are cancelled" in text
    assert lines(r, "29A", "option-accept")
    assert lines(r, "30A", "offender-must-pass-next")     # the option not to accept is unchanged


# 17D3 (WBF commentary on Law 17, example 15): the pass out of rotation that completes three
# passes after a bid, then passes by the offender's LHO (who accepts it, 29A) and others before
# anyone calls the director: those passes are cancelled with it, and their makers are no
# offenders (one 17C irregularity, 16C2 for the offender's side only). Before, they were taken as
# passes at the missed player's turn, out of rotation, and their side as offenders too.
@pytest.mark.parametrize("name, offender, side, missed, cancelled", [
    ("published/wbf-commentary/law17-d3-opener-passes-at-lhos-turn-after-three-passes-auction-reverts-to-west", "N", "NS", "W", 2),
    ("law17-d3-third-pass-out-of-rotation-then-two-passes-over-it-cancelled-not-offences", "N", "NS", "W", 3),
])
def test_passes_made_straight_after_the_closing_pass_out_of_rotation(name, offender, side, missed, cancelled):
    r = ruled(name)
    irregular = lines(r, "17C", "irregularity")
    assert len(irregular) == 1 and irregular[0].who == offender, [(ln.cite, ln.code, ln.who) for ln in r.lines]
    reverts = lines(r, "17D3", "auction-reverts")
    assert len(reverts) == 1 and reverts[0].who == missed
    ui = lines(r, "16C2", "information-unauthorised-to-offenders")
    assert len(ui) == 1 and ui[0].who == side
    assert len(lines(r, "17D3", "auction-not-ended")) == 1
    gone = [c for c in r.calls if c.standing != "stands"]
    assert len(gone) == cancelled and not any(c.out_of_rotation for c in gone[1:]), r.calls


# 21B1(a) with 21A (Mr Bridge forum, an unalerted 2H transfer over 1NT doubled): a missing alert
# is misinformation only where the agreement required an alert. The director's finding that it
# did not (misinformation: false) was reported as not used and contradicted; now it gives the
# 21A line and no misinformation, no correction owed; the published premise (transfers) keeps
# the misinformation and the 21B3 adjustment.
@pytest.mark.parametrize("name, mi", [
    ("published/mrbridge-forum/law21-b3-2h-transfer-over-1nt-doubled-not-alerted-west-bids-2s-adjust-if-damaged", True),
    ("law21-a-failure-to-alert-judged-not-required-no-misinformation", False),
])
def test_failure_to_alert_follows_the_directors_finding(name, mi):
    r = ruled(name)
    irregular = lines(r, "21B1(a)", "irregularity")
    no_redress = lines(r, "21A", "no-redress")
    if mi:
        assert irregular and not no_redress and lines(r, "21B3")
        assert lines(r, "20F5(b)(i)", "must-call-director")
    else:
        assert not irregular and len(no_redress) == 1 and "did not make it alertable" in no_redress[0].text
        assert not lines(r, "21B3") and not lines(r, "20F5(b)(i)")
    assert lines(r, "16B1", "information-unauthorised-to-partner")     # the missing alert is UI either way

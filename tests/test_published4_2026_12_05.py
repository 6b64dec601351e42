"""Helper published4's fixes from the published rulings found on 2026-12-05 (the twelfth
session): each test names the published cases that showed the fault and other cases of the
same kind (docs/open-faults/published-2026-12-05.md, "twelfth session")."""
from __future__ import annotations

import pytest

from repo_cases import lines, ruled  # tests/repo_cases.py


# 16C after a call out of rotation at partner's (or LHO's) turn, cancelled and then replaced by
# a call that is not comparable: 30B1/31B1/32B1 say at the cancellation that the withdrawn call
# is unauthorised to the offending side (16C2) and authorised to the other (16C1); the
# not-comparable rules said both again, as if there were two pieces of information (open list:
# "the 31B published cases' repeated 16C1/16C2 lines"). At RHO's turn (31A2(b), 32A2(b)) the
# not-comparable rule is the only one to say it, and still does.
@pytest.mark.parametrize("name", [
    "published/nzb-forum/law31-b-2nt-at-partners-turn-then-3nt-not-comparable",
    "published/wbf-commentary/law31-b-short-club-at-partners-turn-2nt-not-comparable",
    "published/ebu-forum/law31-b-1nt-at-partners-turn-dealer-opens-2c-offender-relays-2d-not-comparable",
    "published/bbo-forum/law31-b-1d-opened-at-partners-turn-multi-then-pass-or-correct-2h-not-comparable",
    "law30-b1-pass-at-partners-turn-then-non-comparable-bid-16c-said-once",
    "law32-b-double-at-partners-turn-then-non-comparable-bid-16c-said-once",
    "law31-a2b-bid-at-rhos-turn-then-non-comparable-bid-16c-still-said",
])
def test_cancelled_call_16c_said_once(name):
    r = ruled(name)
    shown = [(ln.cite, ln.code, ln.branch, ln.text) for ln in r.lines]
    assert len(lines(r, "16C2", "information-unauthorised-to-offenders")) == 1, shown
    assert len(lines(r, "16C1", "information-authorised-to-non-offenders")) == 1, shown

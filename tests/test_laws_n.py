"""laws-n: tester15's open rule faults (docs/open-faults/tester15.md), by kind.

Kind (f) extended to Laws 39B and 28B (rows 32, 34): a call after ``{director: called}``
with no ``{director: ruled}`` was read as made "before any ruling". 39B ("if offender's LHO
calls before rectification ... no further rectification") and 28B ("before rectification has
been assessed") turn on it: it is asked (``after-ruling`` on that call), each reading on its
branch, as laws-k did for 36A, 37A and 38B-D.
"""
from __future__ import annotations

from repo_cases import checked, lines, texts

from bridge_director.ruling.questions import questions


def _standing(r) -> dict[int, str]:
    return {c.event: c.standing for c in r.calls}


def _settled(r):
    return [ln for ln in r.lines if not ln.branch and not ln.option]


# ---------------------------------------------------------------- Law 39 (row 32)

def test_row_32_39b_is_a_branch_when_lho_called_after_the_director_call():
    _, r = checked("law39-b-c-defender-bids-after-final-pass-lho-passes-ruling-moment-asked")
    # no "before any ruling" stated as fact, and no 26B stated as fact
    assert not [ln for ln in _settled(r) if "before any ruling" in ln.text]
    assert not [ln for ln in _settled(r) if ln.cite == "26B"]
    assert texts(r, cite="39B", branch="if the director had not ruled before S's Pass") == [
        "S called over 3H before rectification: no further rectification, and no 26B lead restriction."]
    assert [ln.cite for ln in r.lines if ln.branch == "if the director had ruled before S's Pass"] == ["26B"]
    q = next(q for q in questions(r) if q["property"] == "after-ruling")
    assert q["case_line"].startswith("event 9 after-ruling")
    # South's own pass after the end: cancelled, no further rectification (declaring side), either way
    assert texts(r, cite="39B", code="no-further-rectification", branch="") == [
        "S is on the declaring side: no further rectification for their Pass."]


def test_row_32_answered_before_the_ruling_is_39b_only():
    _, r = checked("law39-b-defender-doubles-after-final-pass-declarer-passes-judged-before-ruling")
    assert not lines(r, "26B") and not [q for q in questions(r) if q["property"] == "after-ruling"]
    assert texts(r, cite="39B", code="refer-to-law")[0].startswith("E's Pass (event 9) came before the director's ruling")


def test_row_32_answered_after_the_ruling_keeps_the_26b_option():
    _, r = checked("law39-c-defender-bids-after-final-pass-dummy-passes-judged-after-ruling-26b-stands")
    [lead] = lines(r, "26B", "lead-restriction-possible")
    assert not lead.branch and "forbid E to lead" in lead.text
    assert "the ruling's 26B option stands (39C)" in texts(r, cite="39C", code="refer-to-law")[0]
    assert not [ln for ln in r.lines if "before any ruling" in ln.text]


def test_39_more_calls_after_the_director_call_ask_about_the_first_lho_call():
    _, r = checked("law39-b-c-defender-bids-after-final-pass-two-more-calls-ruling-moment-asked")
    asked = texts(r, code="judgement-needed", cite="39B")
    assert len(asked) == 1 and "when S made X (event 10)" in asked[0]


def test_39_the_offenders_partner_calling_is_not_asked_about():
    _, r = checked("law39-c-director-called-then-offenders-partner-passes-no-ruling-question")
    assert not [q for q in questions(r) if q["property"] == "after-ruling"]
    assert [ln.branch for ln in lines(r, "26B", "lead-restriction-possible")] == [""]


# ---------------------------------------------------------------- Law 28B (row 34)

NOT_RULED_2S = "if the director had not ruled before S's 2S"
RULED_2S = "if the director had ruled before S's 2S"


def test_row_34_28b_is_a_branch_and_the_correct_players_call_is_held():
    _, r = checked("law28-b-pass-at-rhos-turn-correct-player-bids-ruling-moment-asked")
    assert _standing(r)[5] == "held"
    # nothing of 28B stated as fact: only the question
    assert [ln.code for ln in _settled(r) if ln.cite == "28B"] == ["judgement-needed"]
    assert {ln.cite for ln in r.lines if ln.branch == NOT_RULED_2S} == {"28B"}
    assert [ln.cite for ln in r.lines if ln.branch == RULED_2S] == ["29A"]
    # the held 2S, made at South's own turn, is not drawn as out of rotation
    assert not next(c for c in r.calls if c.event == 5).out_of_rotation
    q = next(q for q in questions(r) if q["property"] == "after-ruling")
    assert q["case_line"].startswith("event 5 after-ruling")


def test_row_34_answered_before_the_ruling_is_28b():
    _, r = checked("law28-b-bid-at-rhos-turn-correct-player-overcalls-judged-before-ruling")
    assert _standing(r)[2] == "cancelled" and _standing(r)[4] == "stands"
    assert lines(r, "28B", "rectification-forfeited") and not lines(r, "28B", "judgement-needed")


def test_row_34_answered_after_the_ruling_asks_the_lhos_choice_on_each_option():
    for name, first in (("law28-b-bid-at-rhos-turn-correct-player-calls-judged-after-ruling-lho-choice-asked", 4),
                        ("law28-b-pass-at-rhos-turn-director-ruled-then-correct-player-bids-lho-choice-not-stated", 5)):
        _, r = checked(name)
        assert _standing(r)[first] == "held"
        assert not lines(r, "28B", "rectification-forfeited") and not lines(r, "28B", "call-in-rotation")
        options = {ln.option for ln in r.lines if ln.code == "refer-to-law" and ln.option}
        assert len(options) == 2
        # the turn player's held call is not read as RHO's call for 31A2
        assert not lines(r, "31A2", "offender-may-call")


def test_28b_every_call_after_the_first_is_held_until_answered():
    _, r = checked("law28-b-pass-at-rhos-turn-auction-completed-after-director-ruling-moment-asked")
    assert [_standing(r)[n] for n in range(5, 11)] == ["held"] * 6
    assert not r.facts.auction_ended


def test_28b_a_decision_before_the_correct_players_call_closes_the_question():
    _, r = checked("law28-b-lho-declined-before-correct-player-bids-no-ruling-question")
    assert not [q for q in questions(r) if q["property"] == "after-ruling"]
    assert lines(r, "30A", "offender-must-pass-next") and not lines(r, "28B")


def test_the_older_28b_and_39b_cases_now_state_the_moment():
    for name, cite in (("law28-b-correct-player-calls-while-director-explains", "28B"),
                       ("law09-b2-call-while-the-director-explains", "28B"),
                       ("law39-b-lho-calls-after-director-called-before-ruling", "39B")):
        case, r = checked(name)
        assert [(j.prop, j.value) for j in case.judgements] == [("after-ruling", False)]
        assert lines(r, cite, "refer-to-law")

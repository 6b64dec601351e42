"""The rule faults left open after the third session (docs/open-faults): line order (R1),
question order (R2), the order of an insufficient bid and a later call out of rotation (R3),
the 16C lines one per sub-clause. The rulings' codes are in the cases' expect:; these tests
hold what a code pair cannot: order and words."""
from __future__ import annotations

import pathlib

import pytest

from bridge_director.session import api
from bridge_director.case.load import load_case
from bridge_director.ruling.grid import director_steps, tell_the_table
from bridge_director.ruling.questions import questions

CASES = pathlib.Path(__file__).resolve().parent.parent / "cases"


# R1: the 12C1 line (which kind of adjusted score) is read after the line of the law that
# gives the adjustment, not first

@pytest.mark.parametrize("name, law", [
    ("law12-c1b-kind-of-score-read-after-the-72c-line", "72C"),
    ("law12-c1b-kind-of-score-read-after-the-13b2-line", "13B2"),
    ("law38-b-cancelled-bid-unauthorised-to-partner", "72C"),
    ("law15-a-wrong-board-found-after-the-auction", "15A2(a)"),
])
def test_kind_of_score_follows_the_adjustment(ruled, name, law):
    cites = [ln.cite for ln in ruled(name).lines]
    kinds = [i for i, c in enumerate(cites) if c.startswith("12C")]
    assert kinds and law in cites, cites
    assert min(kinds) > max(i for i, c in enumerate(cites) if c == law), cites
    # the 12C1(b), (c), (d) lines keep their own order
    assert [cites[i] for i in kinds] == sorted(cites[i] for i in kinds), cites


# R2: a question the ruling turns on now (may the player still change the call? 21B1(a)) is
# asked before those whose answer matters only at the end of play (21B3)

@pytest.mark.parametrize("name, now_event, seat", [
    ("law21-b1a-change-open-now-asked-before-end-of-play-questions", 11, "East"),
    ("law21-b1a-last-pass-open-now-asked-before-earlier-passes", 7, "South"),
])
def test_question_open_now_is_asked_first(ruled, name, now_event, seat):
    r = ruled(name)
    qs = questions(r)
    assert qs[0]["about"]["event"] == now_event and qs[0]["when"] == "now", qs[0]
    assert len(qs) >= 3 and all(q["when"] == "end-of-play" for q in qs[1:]), [q["id"] for q in qs]
    told = director_steps(r, qs)[0]
    assert told.startswith("Before ruling, find out") and f"{seat}'s Pass well have been influenced" in told, told


# R3: an insufficient bid, then its RHO's call at LHO's turn: the line says the insufficient bid
# is settled first (29A)

@pytest.mark.parametrize("name, first, then", [
    ("law29-a-ib-then-rho-passes-at-lhos-turn-ib-settled-first", "E's 1D", "N's Pass"),
    ("law29-a-ib-then-rho-bids-at-lhos-turn-ib-settled-first", "E's 1H", "N's 2S"),
])
def test_ib_settled_before_the_later_call_out_of_rotation(ruled, name, first, then):
    order = [ln for ln in ruled(name).lines if ln.code == "procedure-required" and ln.cite == "29A"]
    assert len(order) == 1 and order[0].text.startswith(f"Settle {first} first, then {then}"), order


# F8: each replacement option of the insufficient bid carries the 16C2 line for partner's
# call out of rotation, made before the replacement

@pytest.mark.parametrize("name", ["law27-ib-then-partners-bid-at-lhos-turn-order-open",
                                  "law16c2-ib-then-partners-bid-at-lhos-turn-replacement-under-16c2"])
def test_replacement_options_carry_16c2_for_partners_call(ruled, name):
    r = ruled(name)
    with_16c2 = {ln.option for ln in r.lines if ln.cite == "16C2" and ln.option}
    replacing = {ln.option for ln in r.lines if ln.cite in ("27B1(a)", "27B1(b)", "27B2") and ln.option}
    assert replacing and replacing <= with_16c2, (replacing, with_16c2)


# 16C split: no line cites 16C whole while stating both halves; a case's cancelled call gets a
# 16C2 line and a 16C1 line

def test_no_information_line_cites_16c_whole():
    book = api.rulebook()
    whole = [(r.id, c.data.get("outcome")) for r in book.rules for c in r.then
             if c.kind == "outcome" and str(c.data.get("cite") or r.cite) == "16C"]
    assert whole == [], whole


@pytest.mark.parametrize("name", ["law38-b-cancelled-bid-unauthorised-to-partner",
                                  "law17-d3-closing-pass-out-of-rotation"])
def test_cancelled_call_lines_one_per_sub_clause(ruled, name):
    pairs = {(ln.cite, ln.code) for ln in ruled(name).lines}
    assert ("16C2", "information-unauthorised-to-offenders") in pairs
    assert ("16C1", "information-authorised-to-non-offenders") in pairs


# D1: the passes after a 17D3 pass out of rotation were made at the turn that followed the call
# before them, as the table stood: cancelled with it, not marked out of rotation

@pytest.mark.parametrize("name, offender, after", [
    ("law17-d3-pass-after-the-pass-out-of-rotation-not-out-of-rotation", 3, [4]),
    ("law17-d3-two-passes-after-the-pass-out-of-rotation-not-out-of-rotation", 2, [3, 4]),
    ("law17-d3-closing-pass-out-of-rotation", 3, [4]),
])
def test_passes_after_the_17d3_pass_not_out_of_rotation(ruled, name, offender, after):
    r = ruled(name)
    calls = {c.event: c for c in r.calls}
    assert calls[offender].out_of_rotation and calls[offender].standing == "cancelled"
    for n in after:
        assert not calls[n].out_of_rotation and calls[n].standing == "cancelled", calls[n]


# item 2: a correction of a declined insufficient bid written as a plain call is read as its
# replacement (the case's events), so Law 27 rules on the call made

def test_plain_call_after_declined_ib_is_its_replacement():
    case = load_case(CASES / "law27-b1a-declined-then-corrected-by-a-plain-call.yaml")
    e = case.events[3]
    assert (e.kind, str(e.replaces), str(e.call)) == ("replaces", "1D", "2D")
    # not when someone else called in between, nor when the bid was sufficient
    from bridge_director.case.load import from_data
    from bridge_director.base.yamlpos import loads
    text = ("case: x\ntitle: x\nsource: x\nboard: 1\nevents:\n  - {seat: N, call: 1H}\n  - {seat: E, call: 2D}\n"
            "  - {seat: S, accepts: false}\n  - {seat: E, call: 3D}\n")
    assert from_data(loads(text, "x.yaml"), "x.yaml").events[3].kind == "call"

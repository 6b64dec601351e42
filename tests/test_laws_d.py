"""laws-d: mis-rulings left open by tester8 (docs/open-faults/tester8.md L1-L9) and the two
consistency faults left by the hostile/sweep work, each fixed by kind; the property that catches
a turn to call spoken of after the auction has ended (``after-end``,
bridge_director/audit/properties.py)."""
from __future__ import annotations

from types import SimpleNamespace

from bridge_director.audit.properties import _after_end, faults
from bridge_director.base.record import replace

from repo_cases import fake as _fake, rule_case as _rule, texts as _texts  # tests/repo_cases.py


# ---------------------------------------------------------------- L1: 37B2 / 38C pass that ends the auction

def test_37b2_pass_that_ends_the_auction_is_not_said_to_let_it_go_on():
    # tester8 59 / L1: West, barred at the next turn (24B), bids 2S; the pass in its place is
    # the third after 1H. Before: "A pass takes the place of West's 2S; the auction goes on."
    case, r = _rule("law24-e-37b2-substituted-pass-ends-the-auction-penalty-card-settled")
    said = _texts(r, cite="37B2", option="", branch="")
    assert said == ["A pass takes the place of W's 2S, and that pass ends the auction: W and E have no turn to "
                    "call left, so their obligation to pass has nothing to apply to."], said
    assert not any("goes on" in t for t in said)
    assert [ln.code for ln in r.lines if ln.cite == "37B2"] == ["pass-substituted"]
    assert faults(case, r) == []


def test_37b2_pass_that_does_not_end_the_auction_still_bars_both_offenders():
    case, r = _rule("law37-b2-each-member-of-the-offending-side")
    codes = [ln.code for ln in r.lines if ln.cite == "37B2"]
    assert "pass-substituted" in codes
    # in this case the pass ends the auction too (event 11): the bar line gives way
    assert any("that pass ends the auction" in t for t in _texts(r, cite="37B2"))
    case, r = _rule("law37-b2-barred-players-bid-replaced-by-the-third-pass-the-auction-does-not-go-on")
    assert any("that pass ends the auction" in t for t in _texts(r, cite="37B2"))


def test_38c_pass_that_ends_the_auction_and_one_that_does_not():
    case, r = _rule("law38-c-d-substituted-pass-ends-the-auction-26b-said-once")
    said = _texts(r, cite="38C")
    assert len(said) == 1 and "that pass ends the auction" in said[0] and "unless" not in said[0], said
    case, r = _rule("law38-c-bid-above-seven-at-lhos-turn-the-turn-stays-with-lho")
    said = _texts(r, cite="38C")
    assert "A pass takes the place of N's 8NT; the auction goes on." in said, said
    assert "N and S must pass whenever it is their turn for the rest of the auction." in said, said


# ---------------------------------------------------------------- L2: a pass obligation with no turn left

def test_a_next_turn_bar_after_the_auction_ended_is_said_to_have_nothing_left():
    # tester8 4 / L2: the not-comparable pass (30B1(b)(ii)) is the third pass; East has no next turn
    case, r = _rule("law30-b1bii-not-comparable-pass-ends-the-auction-partners-bar-has-nothing-left")
    lapsed = [ln for ln in r.lines if ln.code == "pass-obligation-lapsed"]
    assert [(ln.cite, ln.who) for ln in lapsed] == [("22A", "E")]
    assert "before E's next turn to call" in lapsed[0].text
    # it reads after the bar it settles
    order = [ln.code for ln in r.lines]
    assert order.index("pass-obligation-lapsed") > order.index("partner-must-pass-next")
    assert faults(case, r) == []


def test_lapse_lines_for_24b_27b2_36b2_and_a_pass_out():
    for name, cite, who in (
            ("law24-b-honour-exposed-then-the-offenders-pass-ends-the-auction-before-partners-turn", "22A", "E"),
            ("law27-b2-insufficient-bid-replaced-by-the-third-pass-partners-bar-has-nothing-left", "22A", "E"),
            ("law36-b-players-make-the-redoubler-pass-before-lho-calls", "22A", "S"),
            ("law22-b-31a2b-passed-out-no-lead-restriction-follows", "22B", "E")):
        case, r = _rule(name)
        assert [(ln.cite, ln.who) for ln in r.lines if ln.code == "pass-obligation-lapsed"] == [(cite, who)], name
        assert faults(case, r) == [], name


def test_no_lapse_line_when_the_bound_player_had_a_turn():
    # 24B: West had the next turn (and bid at it): the obligation applied, nothing lapsed for West
    case, r = _rule("law24-e-37b2-substituted-pass-ends-the-auction-penalty-card-settled")
    assert not any(ln.code == "pass-obligation-lapsed" for ln in r.lines)
    case, r = _rule("law31-b-26b-offenders-not-comparable-pass-ends-the-auction")
    assert [ln.who for ln in r.lines if ln.code == "pass-obligation-lapsed"] == ["E"]


# ---------------------------------------------------------------- L5: "X now calls" after X called

def test_an_acceptor_who_has_called_is_not_told_to_call():
    case, r = _rule("law27-a1-lho-accepts-the-insufficient-bid-in-words-then-calls")
    said = _texts(r, cite="27A1")
    assert said == ["S accepts 1H: the auction goes on from it as if it were legal."], said
    case, r = _rule("law29-a-lho-accepts-the-opening-out-of-turn-in-words-then-calls")
    assert not any("now calls" in t for t in _texts(r))
    case, r = _rule("law27-c-lho-accepts-ib-after-premature-pass")
    assert not any("now calls" in t for t in _texts(r))
    # and still told when they have not
    case, r = _rule("law27-a1-lho-accepts-the-insufficient-bid-in-words-and-has-not-called-yet")
    assert _texts(r, cite="27A1") == ["S accepts 1H: the auction goes on as if it were legal; S now calls."]


# ---------------------------------------------------------------- 17D3 over a pass its LHO had declined

def test_17d3_does_not_read_a_pass_out_of_rotation_its_lho_had_already_declined():
    # North passes at South's turn; East declines at once (29B); South, West and North pass:
    # three passes in rotation after 1D end the auction. Before: 17D3 "the auction has not ended"
    for name in ("law30-b1bi-comparable-pass-ends-the-auction-after-a-declined-pass-at-partners-turn",
                 "law30-b1bii-not-comparable-pass-ends-the-auction-partners-bar-has-nothing-left"):
        case, r = _rule(name)
        assert not any(ln.cite in ("17D3", "34") for ln in r.lines), name
        assert r.facts.auction_ended, name
        assert ("29B", "call-not-accepted") in {(ln.cite, ln.code) for ln in r.lines}, name
    # declined only after the three passes: still 17D3 (the decline decides nothing then)
    case, r = _rule("law17-d3-closing-pass-out-of-rotation-declined-then-east-passes")
    assert ("17D3", "auction-not-ended") in {(ln.cite, ln.code) for ln in r.lines}


def test_a_comparable_call_that_ends_the_auction_is_not_said_to_let_it_go_on():
    case, r = _rule("law30-b1bi-comparable-pass-ends-the-auction-after-a-declined-pass-at-partners-turn")
    said = _texts(r, cite="30B1(b)(i)")
    assert any("there is no further rectification" in t for t in said), said
    assert not any("the auction goes on" in t for t in said), said


# ---------------------------------------------------------------- the property

def test_after_end_catches_each_kind_it_names():
    case, r = _rule("law24-e-37b2-substituted-pass-ends-the-auction-penalty-card-settled")
    assert _after_end(case, r) == []
    line = next(ln for ln in r.lines if ln.cite == "37B2")
    goes_on = replace(line, text="A pass takes the place of W's 2S; the auction goes on.",
                                  template="A pass takes the place of {violation.seat}'s {violation.call}; the auction goes on.")
    found = _after_end(case, _fake(r, [goes_on if ln is line else ln for ln in r.lines]))
    assert [f.kind for f in found] == ["after-end"] and "ended at event 6" in found[0].detail
    # a rest-of-auction bar for both offenders, with nothing saying it lapsed
    bar = replace(line, code="offenders-must-pass-rest",
                              text="W and E must pass whenever it is their turn for the rest of the auction.",
                              template="{violation.seat} and {violation.partner} must pass whenever it is their turn for the rest of the auction.")
    found = _after_end(case, _fake(r, list(r.lines) + [bar]))
    assert sorted(f.detail.split("before ")[1][:1] for f in found) == ["E", "W"], found
    # the lapse line answers it
    case, r = _rule("law30-b1bii-not-comparable-pass-ends-the-auction-partners-bar-has-nothing-left")
    assert _after_end(case, r) == []
    without = [ln for ln in r.lines if ln.code != "pass-obligation-lapsed"]
    found = _after_end(case, _fake(r, without))
    assert len(found) == 1 and "before E's next turn" in found[0].detail
    # "S now calls" after S called
    case, r = _rule("law27-a1-lho-accepts-the-insufficient-bid-in-words-then-calls")
    line = next(ln for ln in r.lines if ln.cite == "27A1")
    told = replace(line, text="S accepts 1H: the auction goes on as if it were legal; S now calls.",
                               template="{ib.lho} accepts {ib.call}: the auction goes on as if it were legal; {ib.lho} now calls.",
                               find_events=lambda: [e for e in line.events if e.event != 4])   # as the old rule read it
    found = _after_end(case, _fake(r, [told if ln is line else ln for ln in r.lines]))
    assert [f.kind for f in found] == ["after-end"] and "S called at event 4" in found[0].detail


# ---------------------------------------------------------------- a replacement swept away replaces nothing

def test_the_grid_does_not_write_a_swept_replacement_as_replacing_anything():
    # sweep-issue25 "left": "replaced by 3C (event 7); cancelled" after 36A swept 3C away
    from bridge_director.ruling.grid import auction
    from bridge_director.audit.properties import _grid_faults
    case, r = _rule("law25-b2-second-offer-swept-away-by-36a-replaces-nothing")
    a = auction(r)
    assert a["notes"] == ["West's Pass (event 4), offered in place of 1H: awaiting a player's decision",
                          "South's X (event 5): out of rotation; cancelled (36A)",
                          "West's 3C (event 7), offered in place of 1H: cancelled (36A)",
                          "West's 8S (event 8), offered in place of Pass: cancelled (36A)"], a["notes"]
    assert [c.standing for c in r.calls if c.event == 4] == ["awaiting-decision"]
    assert faults(case, r) == []
    # the property: a cell written as replaced by the swept 3C is a grid fault
    faulty = dict(a, rows=[[dict(cell, replaced_by=7) if cell and cell["event"] == 1 else cell for cell in row]
                           for row in a["rows"]])
    from bridge_director.audit.properties import _swept_replacements
    found = _swept_replacements(r, faulty)
    assert [f.kind for f in found] == ["grid"] and "event 7" in found[0].detail
    # and the Pass shown withdrawn by the swept 8S is a standing fault
    calls = [replace(c, standing="withdrawn") if c.event == 4 else c for c in r.calls]
    found = _swept_replacements(SimpleNamespace(case=r.case, lines=r.lines, calls=calls, facts=r.facts), a)
    assert [f.kind for f in found] == ["standing"] and "(8)" in found[0].detail
    assert _grid_faults(r) == []


# ---------------------------------------------------------------- L4: the kind of score where its adjustment is

def _where(ruling, cite):
    return [("branch" if ln.branch else "option" if ln.option else "ruling") for ln in ruling.lines if ln.cite == cite]


def test_the_kind_of_adjusted_score_is_said_where_the_adjustment_is():
    # tester8 85 / L4: 36B, intent not stated: 72C only on the "meant" branch, 12C1(b) was outright
    for name, where in (("law36-b-redouble-intent-not-stated-kind-of-score-on-the-meant-branch", "branch"),
                        ("law27-c-premature-pass-for-an-insufficient-bid-kind-of-score-with-the-option", "option"),
                        ("law27-c-premature-comparable-bid-27b1b-waits-for-lhos-choice", "option")):
        case, r = _rule(name)
        assert set(_where(r, "12C1(b)")) == {where}, (name, _where(r, "12C1(b)"))
        assert faults(case, r) == [], name
    # and the property catches it said outright
    from bridge_director.audit.properties import _kind_outside_its_condition
    case, r = _rule("law36-b-redouble-intent-not-stated-kind-of-score-on-the-meant-branch")
    kind = next(ln for ln in r.lines if ln.cite == "12C1(b)")
    outright = replace(kind, branch="")
    found = _kind_outside_its_condition(_fake(r, [outright if ln is kind else ln for ln in r.lines]))
    assert [f.kind for f in found] == ["condition"] and "72C" in found[0].detail


def test_the_intent_of_a_barred_players_call_is_asked_when_the_pass_would_end_the_auction():
    # before: asked only when the pass put in its place left the auction going on
    for name in ("law37-b-barred-players-bid-that-would-end-the-auction-intent-asked-kind-of-score-on-its-branch",
                 "law24-b-37-barred-partner-bids-pass-would-end-the-auction-intent-asked",
                 "law38-c-37-barred-partner-doubles-pass-would-end-the-auction-intent-asked"):
        case, r = _rule(name)
        assert any(ln.code == "judgement-needed" and ln.cite == "25A2" for ln in r.lines), name
        assert set(_where(r, "37B2")) == {"branch"} and set(_where(r, "37B1")) == {"branch"}, name
        assert faults(case, r) == [], name


# ---------------------------------------------------------------- L7: a review in play, moment not stated

def test_a_review_in_play_with_no_moment_is_branched_not_silent():
    for name, seat in (("law20-c2-defender-asks-for-a-review-in-play-moment-not-stated", "W"),
                       ("law20-c2-declarer-asks-for-a-review-in-play-moment-not-stated", "N")):
        case, r = _rule(name)
        branches = {ln.branch for ln in r.lines if ln.cite == "20C2" and ln.branch}
        assert branches == {f"if it was {seat}'s first turn to play", f"if {seat} had already played a card"}, branches
        assert any(ln.code == "judgement-needed" and ln.cite == "20C2" for ln in r.lines)
    case, r = _rule("law20-c2-dummy-asks-for-a-review-in-play-moment-not-needed")
    assert [ln.code for ln in r.lines if ln.cite == "20C2"] == ["not-entitled"]


# ---------------------------------------------------------------- L3: a hand from the wrong pocket, 16D

def test_a_hand_from_the_wrong_pocket_gets_16d_when_its_cards_were_seen():
    case, r = _rule("law07-b1-16d1-hand-from-the-wrong-pocket-whether-its-cards-were-seen-is-asked")
    assert [(ln.cite, ln.code) for ln in r.lines if ln.cite.startswith("16D")] == [("16D1", "judgement-needed")]
    case, r = _rule("law07-b1-16d2-hand-from-the-wrong-pocket-seen-before-any-call-options")
    assert {ln.cite for ln in r.lines if ln.option} == {"16D2(a)", "16D2(b)", "16D2(c)", "16D2(d)"}
    case, r = _rule("law07-b1-16d3-hand-from-the-wrong-pocket-seen-after-calls-play-on-or-adjust")
    assert {ln.cite for ln in r.lines if ln.option} == {"16D3"}
    case, r = _rule("law07-b1-hand-from-the-wrong-pocket-not-seen-nothing-under-16d")
    assert [(ln.cite, ln.code) for ln in r.lines if ln.cite.startswith("16D")] == [("16D1", "no-further-rectification")]


def test_information_about_another_board_names_that_board():
    # tester8 58 / L9: "information about the board" when it was board 5, not the board at the table
    case, r = _rule("law16-d1-overheard-about-another-board-names-that-board")
    assert _texts(r, cite="16D1") == ["E has information about board 5, which they have yet to play, from outside "
                                      "its auction and play: the director should be told at once, preferably by E."]

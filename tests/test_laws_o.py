"""laws-o: the twelfth session's rule faults, fixed by kind (docs/open-faults/README.md, the
eleventh and tenth sessions' leftovers; tester13/14/15)."""
from __future__ import annotations

from repo_cases import checked, lines

GENERIC_ALLOWED = "the auction goes on from there"


def _generic_10b(r) -> list[str]:
    """The generic 10B branch lines (law 10's players-rectification-not-judged-branches)."""
    return [ln.text for ln in r.lines if ln.cite == "10B" and GENERIC_ALLOWED in ln.text]


def _codes(r, cite) -> set[str]:
    return {ln.code for ln in lines(r, cite)}


# ---------------------------------------------------------------- a players' waiver after
# LHO called, after the lead, or beside the open after-ruling question: never the generic
# 10B "What X did stands; the auction goes on from there" branches (tester13 kind d,
# tester15 rows 3/35, laws-k's Law 37 leftover)

def test_36c_waiver_after_the_lead_is_moot():
    for name in ("law36-c-waiver-made-after-the-opening-lead-is-moot",
                 "law36-c-redouble-of-nothing-waived-after-the-lead-dealer-east"):
        _, r = checked(name)
        assert not _generic_10b(r), name
        assert lines(r, "36C", "players-rectification-moot"), name
        assert lines(r, "36C", "score-as-if-not-made"), name
        assert not lines(r, "10B"), name           # no 10B question, no 10B branch


def test_36a_and_37a_waiver_after_lho_called_is_moot():
    for name, cite in (("law36-a-waiver-made-after-lho-called-is-moot", "36A"),
                       ("law36-a-dealer-south-lho-bids-over-double-of-partner-then-waives", "36A"),
                       ("law37-a-waiver-made-after-lho-called-is-moot", "37A"),
                       ("law37-a-waiver-made-after-the-opening-lead-is-moot-dealer-south", "37A")):
        _, r = checked(name)
        assert not _generic_10b(r), name
        assert not lines(r, "10B"), name
        moot = lines(r, cite, "players-rectification-moot")
        assert moot and "only after" in moot[0].text, name


def _branch_texts(r, branch_start):
    return [ln.text for ln in r.lines if (ln.branch or "").startswith(branch_start)]


def test_open_ruling_moment_with_a_waiver_puts_the_waiver_on_the_ruled_branch_only():
    cases = (("law36-ruling-moment-open-waiver-branches-in-turn", "W's Pass", "36B2", "N"),
             ("law36-ruling-moment-open-waiver-branches-out-of-turn-dealer-west", "W's Pass", "36B4", "N"),
             ("law37-ruling-moment-open-waiver-branches-next-turn-obligation", "N's Pass", "37B2", "W"),
             ("law37-ruling-moment-open-waiver-branches-rest-of-auction-bar", "N's Pass", "37B2", "W"))
    for name, first, bar_cite, barred in cases:
        _, r = checked(name)
        assert not _generic_10b(r), name
        not_ruled = f"if the director had not ruled before {first}"
        ruled = f"if the director had ruled before {first}"
        moot = [ln for ln in r.lines if ln.code == "players-rectification-moot"]
        assert [ln.branch for ln in moot] == [not_ruled], name
        allowed = [ln for ln in r.lines if ln.code == "rectification-allowed"]
        assert len(allowed) == 1 and allowed[0].branch.startswith(ruled) and "allowed" in allowed[0].branch, name
        assert "still cancelled" in allowed[0].text, name
        # the bar is never stated on the plain ruled branch, only where the waiver is cancelled
        bars = [ln for ln in r.lines if ln.code in ("partner-must-pass-rest", "offenders-must-pass-rest") and ln.cite == bar_cite]
        assert bars and all(ln.branch.startswith(ruled) and "cancelled" in ln.branch for ln in bars), name
        assert all(ln.who == barred for ln in bars), (name, [ln.who for ln in bars])


def test_law38_waiver_after_lho_called_or_after_the_lead_uses_law_38s_branches():
    for name in ("law38-waiver-made-after-lho-called-leaves-the-bar-open",
                 "law38-bid-above-seven-found-after-the-lead-then-waived"):
        _, r = checked(name)
        assert not _generic_10b(r), name
        bars = lines(r, "38C", "offenders-must-pass-rest")
        assert bars and all(ln.branch == "if the director cancels the waiver" for ln in bars), name
        assert any("What" in ln.text and "waived is the rest" in ln.text for ln in lines(r, "10B", "rectification-allowed")), name


# ---------------------------------------------------------------- a finding of advantage or
# damage at the end of play has its effect, and is asked when not stated (tester14 rows 7, 26)

def test_16b3_advantage_found_is_said_as_made():
    for name in ("law16b-3-advantage-found-after-play-adjusted-score-assigned",
                 "law16b-3-damage-found-on-the-call-dealer-east"):
        _, r = checked(name)
        made = lines(r, "16B3", "adjusted-score")
        assert made and "the director assigns an adjusted score" in made[0].text, name
        assert not lines(r, "16B3", "adjust-if-damaged"), name     # the conditional line gives way
        assert not any("not used" in (u or "") for u in getattr(r, "unused", []) or []), name


def test_16b3_advantage_asked_once_play_has_ended():
    from bridge_director.ruling.questions import questions
    _, r = checked("law16b-3-advantage-asked-once-play-has-ended")
    assert lines(r, "16B3", "adjust-if-damaged")
    assert any(q["id"] == "judgement:E 3H gained" or q.get("property") == "gained" for q in questions(r)), \
        [q["id"] for q in questions(r)]


def test_27d_damage_asked_and_the_finding_has_its_effect():
    from bridge_director.ruling.questions import questions
    _, r = checked("law27-d-damage-asked-once-play-has-ended-comparable-double")
    assert any(q.get("property") == "damaged" and (q.get("about") or {}).get("event") == 2 for q in questions(r))
    _, r = checked("law27-d-damage-found-adjusted-score-dealer-south")
    assert "awards an adjusted score (27D)" in lines(r, "27D", "adjusted-score")[0].text
    _, r = checked("law27-d-no-damage-found-no-adjustment")
    assert "no adjusted score under 27D" in lines(r, "27D", "no-adjusted-score")[0].text
    assert not lines(r, "12C1(b)")          # no kind of score once no damage is found


# ---------------------------------------------------------------- 75C: a mistaken call (tester14 row 14)

def test_75c_mistaken_call_nothing_to_correct_and_the_caller_is_told():
    from bridge_director.ruling.grid import tell_the_table
    _, r = checked("law75-c-mistaken-call-explanation-right-nothing-to-correct")
    [ln] = lines(r, "75C", "must-not-correct")
    assert "must not be corrected, now or later" in ln.text and ln.who == "E"
    told = " ".join(tell_the_table(r))
    assert "Nobody corrects the explanation" in told and "unauthorised information to East" in told, told


# ---------------------------------------------------------------- 12C2(b) at teams (tester14 rows 38, 72)

def test_teams_says_the_imp_figure_of_12c2b_beside_an_assigned_adjustment():
    for name in ("law12-c2b-teams-wrong-board-assigned-score-imp-figure", "law12-c2b-teams-16b3-after-play-imp-figure"):
        _, r = checked(name)
        [ln] = lines(r, "12C2(b)", "imp-artificial-score")
        assert "+3 IMPs" in ln.text and "-3 IMPs" in ln.text, name


# ---------------------------------------------------------------- stale "must pass" after the auction ended
# (tester14 rows 10, 27)

def test_not_comparable_branch_as_the_auction_stands():
    cases = (("law31-b2-not-comparable-branch-after-the-auction-ended-offender-dummy", "31A2(b)", "26B has nothing to apply to"),
             ("law32-b2-not-comparable-branch-after-the-auction-ended-offender-defends-dealer-east", "32A2(b)", "16C, 26B and 72C may apply"),
             ("law30-b1-not-comparable-branch-after-the-board-was-passed-out-dealer-south", "30B1(b)(ii)", "passed out"))
    for name, cite, words in cases:
        _, r = checked(name)
        [ln] = [x for x in lines(r, cite, "partner-must-pass-next") if x.branch]
        assert "was bound to pass at their next turn" in ln.text and words in ln.text, (name, ln.text)
        assert "must pass at their next turn" not in ln.text


# ---------------------------------------------------------------- laws-m's follow-ups: a change of a
# forced pass actually made; S XX>P beside the Law 25 branch

def test_change_of_a_forced_pass_goes_to_law_37_on_the_slip_branch():
    for name in ("law25-change-of-a-forced-pass-after-the-auction-ended-intent-asked",
                 "law25-change-of-a-pass-owed-for-the-rest-of-the-auction-intent-asked-dealer-east"):
        _, r = checked(name)
        slip = [ln for ln in r.lines if ln.cite == "25A1" and (ln.branch or "").startswith("if Pass was a mechanical")]
        assert len(slip) == 1 and "Law 37 deals with it" in slip[0].text, (name, [ln.text for ln in slip])
    _, r = checked("law25-change-of-a-forced-pass-after-the-auction-ended-intent-asked")
    [meant] = [ln for ln in r.lines if ln.cite == "25B2" and ln.branch]
    assert "no one can call over it to accept it" in meant.text and "accepts it by calling over it" not in meant.text


def test_inadmissible_21b1a_change_replaced_states_law_36_on_the_meant_branch_only():
    from bridge_director.ruling.grid import tell_the_table
    _, r = checked("law21-b1a-36-inadmissible-change-then-replaced-intent-asked")
    bars = lines(r, "36B2", "partner-must-pass-rest")
    assert bars and all(ln.branch == "if XX was the call they meant" for ln in bars)
    assert not lines(r, "36B1", "call-cancelled")
    told = " ".join(tell_the_table(r))
    assert "North must pass" not in told and "cancelled" not in told, told
    _, r = checked("law21-b1a-36-inadmissible-change-was-a-slip-for-pass")
    assert not [ln for ln in r.lines if ln.cite.startswith("36")], [ln.cite for ln in r.lines]


# ---------------------------------------------------------------- the Portuguese scripts (item 4)

def test_the_five_portuguese_scripts_no_longer_read_a_clause():
    import re
    from repo_cases import REPO_CASES
    from bridge_director.ruling import grid
    from bridge_director.session import api
    clause = re.compile(r"\b(Lei|Leis)\s+\d|\b\d{2}[A-H](\d|\b|\()|\b[1-9][A-H](\d|\()")
    names = ("law31-a1-insufficient-bid-out-of-rotation-repeated-after-rhos-pass-is-law-27",
             "law33-two-bids-at-once-neither-in-turn",
             "published/bbo-forums/law33-pass-and-1nt-simultaneous-neither-in-turn")
    for name in names:
        pt = api.rule_file(REPO_CASES / f"{name}.yaml", lang="pt")
        told = " ".join(grid.tell_the_table(pt))
        assert told and not clause.search(told), (name, told)

"""tester8's findings (Laws 1-15, 17-20, 22-24, 28-35, 38-39): the one-line form and rulings."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=120)


def test_a_flag_written_as_its_own_name_is_yes():
    # 'card-exposed W S4 led' (README: [LED]) was read as led: false, and a premature lead
    # was ruled as a low card not led (24A instead of 24B)
    p = cli("rule", "--board", "1", "-a", "1H P 2H", "-e", "card-exposed W S4 led", "--write", "yaml")
    assert p.returncode == 0, p.stderr
    assert "led: true" in p.stdout
    p = cli("rule", "--board", "1", "-a", "1H P 2H", "-e", "card-exposed W S4 led=no", "--write", "yaml")
    assert p.returncode == 0, p.stderr
    assert "led: false" in p.stdout


def test_a_flag_that_is_neither_yes_nor_no_is_refused():
    p = cli("rule", "--board", "1", "-a", "1H P 2H", "-e", "card-exposed W S4 maybe")
    assert p.returncode == 2
    assert "led expected yes or no" in p.stderr and "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


def test_a_list_judgement_shows_each_answer_as_typed():
    # 'Judgements needed' for 'due-later' printed "event 2 due-later: [H] (--judge ...=H)" four
    # times: a placeholder, no answer a director could type
    p = cli("rule", "cases/law15-b-due-later-not-stated.yaml")
    assert p.returncode == 0, p.stderr
    text = " ".join(p.stdout.split()).replace("- ", "-")     # undo the wrapping
    assert "[H]" not in text
    for typed in ('due-later=-"', 'due-later=NS"', 'due-later=EW"', 'due-later=NS,EW"'):
        assert typed in text, typed


def test_a_list_judgement_takes_plus_as_the_events_do():
    p = cli("rule", "--board", "1", "-a", "1H P", "-e", "wrong-board-at-table 15 E", "-e", "director",
            "-j", "event 3 due-later=NS+EW", "--write", "yaml")
    assert p.returncode == 0, p.stderr
    assert "event 3 due-later: [NS, EW]" in p.stdout


def _ruling_lines(*args: str) -> str:
    p = cli("rule", *args)
    assert p.returncode == 0, p.stderr
    body = p.stdout.split("Ruling:", 1)[1].split("Trace:", 1)[0]
    return " ".join(body.split())


def test_a_lead_restriction_in_force_is_not_read_again_as_a_condition():
    # the offender's own call (a pass put in its place) ended the auction: the 26B line said
    # "the auction has ended with West a defender" and again "if West becomes a defender"
    for case in ("cases/law38-c-d-substituted-pass-ends-the-auction-26b-said-once.yaml",
                 "cases/law24-e-37b2-substituted-pass-ends-the-auction-penalty-card-settled.yaml"):
        text = _ruling_lines(case)
        assert text.count("may forbid East") == 1, case
        assert "If West becomes a defender" not in text, case


def test_an_exposed_card_is_settled_when_a_substituted_pass_ends_the_auction():
    text = _ruling_lines("cases/law24-e-37b2-substituted-pass-ends-the-auction-penalty-card-settled.yaml")
    assert "East is to be a defender: every card exposed (SK) becomes a penalty card" in text
    assert "If East becomes a defender" not in text and "When the auction ends" not in text


def test_a_passed_out_board_settles_the_lead_restriction():
    for case in ("cases/law22-b-31a2b-passed-out-no-lead-restriction-follows.yaml",
                 "cases/law17-d2-fourth-seat-bid-above-seven-passed-out.yaml"):
        text = _ruling_lines(case)
        assert "no lead restriction follows for East" in text, case
        assert "may forbid" not in text, case

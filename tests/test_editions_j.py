"""The other codes the tool rules under (tester12's rows 43, 45, 68, 69, and the same kinds
across every edition): the rubber code's insufficient bid out of turn, the Portuguese reading of
typed calls in every front end, the rubber code's own words and citations, the commonest
auction irregularities under the 1997 edition and the club code."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bridge_director.case.load import load_case
from bridge_director.base.yamlpos import InputError
from bridge_director.session import api
from bridge_director.session.draft import Draft, parse_event, parse_judgement

ROOT = Path(__file__).resolve().parent.parent


def director(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def pairs(ruling) -> set[tuple[str, str]]:
    return {(ln.cite, ln.code) for ln in ruling.lines}


def texts(ruling, cite: str | None = None, code: str | None = None) -> list[str]:
    return [ln.text for ln in ruling.lines if (cite is None or ln.cite == cite) and (code is None or ln.code == code)]


def rubber(*calls_and_events) -> object:
    d = Draft(dealer="N", file="t")
    for kind, value in calls_and_events:
        if kind == "a":
            d.add_calls(value)
        else:
            d.add_event(parse_event(value))
    return api.rule(d.case(), edition="rubber-1981")


# ------------------------------------------------------------ row 43: rubber IB out of turn

def test_rubber_insufficient_bid_out_of_turn_is_found_insufficient_and_not_repeated_without_penalty():
    r = rubber(("a", "1S S:1H"))
    assert "S's 1H does not outrank 1S either: an insufficient bid as well as a bid out of turn." \
        in texts(r, "seed004.11", "irregularity")
    assert ("seed004.13", "irregularity") in pairs(r)
    repeat = texts(r, "seed004.15", "offender-must-repeat")
    assert repeat == ["S must repeat 1H, which still does not outrank 1S: repeated in turn it is an insufficient "
                      "bid, which W may accept or not (only a legal bid is repeated without penalty)."]
    assert not any("without penalty." in t and "repeats 1H" in t for t in texts(r))
    lowest = [ln for ln in r.lines if ln.cite == "seed004.12" and ln.code == "no-further-rectification"]
    assert [ln.text for ln in lowest] == ["2H is the lowest sufficient bid in the same denomination: no penalty."]


def test_rubber_insufficient_bid_out_of_turn_east_passes():
    r = rubber(("a", "1S S:1H"), ("e", "W declines"), ("a", "P"))
    assert texts(r, "seed004.15", "offender-must-repeat") == [
        "E passed: S repeats 1H, which still does not outrank 1S; repeated in turn it is an insufficient bid, "
        "which W may accept or not (only a legal bid is repeated without penalty)."]


def test_rubber_insufficient_bid_out_of_turn_repeated_then_corrected():
    made_2h = rubber(("a", "1S S:1H"), ("e", "W declines"), ("a", "P 1H"), ("e", "W declines"), ("e", "S 1H>2H"))
    assert texts(made_2h, "seed004.12", "no-further-rectification") == [
        "S made it 2H, the lowest sufficient bid in the same denomination: no penalty."]
    assert ("seed004.12", "partner-must-pass-rest") not in pairs(made_2h)
    other = rubber(("a", "1S S:1H"), ("e", "W declines"), ("a", "P 1H"), ("e", "W declines"), ("e", "S 1H>2NT"))
    assert texts(other, "seed004.12", "partner-must-pass-rest") == ["N must pass for the rest of the auction."]


def test_rubber_insufficient_bid_out_of_turn_accepted_by_calling_over_it():
    r = rubber(("a", "1S S:1H P"))
    assert ("seed004.13", "call-accepted") in pairs(r)
    assert ("seed004.15", "refer-to-law") not in pairs(r)      # accepted: nothing more to deal with


def test_rubber_sufficient_bid_out_of_turn_is_still_repeated_without_penalty():
    r = rubber(("a", "1H S:1S"), ("e", "W declines"), ("a", "P"))
    assert texts(r, "seed004.15", "offender-must-repeat") == ["E passed: S repeats 1S, without penalty."]
    assert ("seed004.11", "irregularity") not in pairs(r)


def test_rubber_insufficient_bid_in_turn_asks_the_next_opponent_first():
    out = director("rule", "--dealer", "N", "--edition", "rubber-1981", "-a", "1S 1H")
    assert out.returncode == 0, out.stderr
    told = out.stdout.split("Tell the players now:")[1].splitlines()[1]
    assert told == "  > South may accept East's 1H, or not: see the options.", told


# ------------------------------------------------------------ rows 68, 69: the rubber code's words and cites

def test_rubber_pass_out_of_turn_options_cite_the_pass_statement():
    r = rubber(("a", "1S S:P"))
    options = {(ln.cite, ln.code) for ln in r.lines if ln.section == "options"}
    assert options == {("seed004.16", "option-accept"), ("seed004.16", "call-cancelled"),
                       ("seed004.17", "offender-must-pass-next")}, options
    out = director("rule", "--dealer", "N", "--edition", "rubber-1981", "-a", "1S S:P")
    assert "Law 31, rubber code" not in out.stdout and "Law 30, rubber code" in out.stdout


def test_rubber_ruling_never_sends_anyone_to_a_director():
    out = director("rule", "--dealer", "N", "--edition", "rubber-1981", "-a", "1S P", "-e", "E P>2H")
    assert out.returncode == 0, out.stderr
    assert "the director looks into it" not in out.stdout and "For the director first" not in out.stdout
    assert "To settle first (not to read out):" in out.stdout
    assert "Before going on, the players settle: Did East pause for thought" in out.stdout
    assert "Please wait: this is settled before the auction or play goes on." in out.stdout
    pt = director("rule", "--dealer", "N", "--edition", "rubber-1981", "-a", "1E P", "-e", "L P>2C", "--lang", "pt")
    assert pt.returncode == 0, pt.stderr
    assert "Para resolver antes (não ler em voz alta):" in pt.stdout and "o Diretor examina" not in pt.stdout
    duplicate = director("rule", "--board", "1", "-a", "1NT 1H")          # a director's edition keeps its words
    assert "For the director first (not to read out):" in duplicate.stdout


# ------------------------------------------------------------ row 45: one reading of typed calls in Portuguese

def test_one_line_form_in_portuguese_reads_c_as_copas():
    out = director("rule", "--lang", "pt", "--board", "1", "-a", "1C 1SA", "--write", "yaml")
    assert out.returncode == 0, out.stderr
    assert "  - {seat: N, call: 1H}" in out.stdout.splitlines() and "  - {seat: E, call: 1NT}" in out.stdout.splitlines()
    both = director("rule", "--lang", "pt", "--board", "1", "-a", "1E 1C")
    assert both.returncode == 0, both.stderr
    assert "Norte 1♠, Leste 1♥" in both.stdout and "1♥ de Leste não supera 1♠" in both.stdout
    plain = director("rule", "--lang", "pt", "--board", "1", "-a", "1P 1O", "--write", "yaml")
    assert "  - {seat: N, call: 1C}" in plain.stdout.splitlines() and "  - {seat: E, call: 1D}" in plain.stdout.splitlines()


@pytest.mark.parametrize("args", [["-a", "1C 1H"], ["-a", "1E 2S"], ["-a", "1E 1C", "-e", "diretor", "-e", "L 1C>2H"],
                                  ["-a", "1E 1C", "-e", "diretor", "-j", "L 1H não-intencional=não"]])
def test_one_line_form_in_portuguese_refuses_english_letters(args):
    out = director("rule", "--lang", "pt", "--board", "1", *args)
    assert out.returncode == 2 and out.stdout == ""
    [line] = out.stderr.splitlines()
    # (said in Portuguese since safe5: the --lang pt user's error line, hostile-2026-12-05c F18/F19)
    assert "letras inglesas: em português as letras são P, O, C, E e SA, sendo C copas" in line, line


def test_english_one_line_form_still_reads_c_as_clubs():
    out = director("rule", "--board", "1", "-a", "1C 1H", "--write", "yaml")
    assert "  - {seat: N, call: 1C}" in out.stdout.splitlines() and "  - {seat: E, call: 1H}" in out.stdout.splitlines()
    assert director("rule", "--board", "1", "-a", "1E").returncode == 2


def test_events_and_judgements_in_portuguese_read_calls_alike():
    assert parse_event("L 1C>2C", lang="pt") == {"seat": "E", "replaces": "1H", "with": "2H"}
    assert parse_event("S não aceita 1C", lang="pt") == {"seat": "S", "accepts": False, "call": "1H"}
    assert parse_event("call-on-source-board L 3C", lang="pt") == {"happened": "call-on-source-board", "seat": "E",
                                                                   "call": "3H"}
    assert parse_judgement("L 1C não-intencional=não", lang="pt") == ("E 1H unintended", False)
    assert parse_judgement("evento 2 não-intencional=não", lang="pt") == ("event 2 unintended", False)
    with pytest.raises(InputError, match="English letters"):
        parse_event("L 1H>2H", lang="pt")
    with pytest.raises(InputError, match="English letters"):
        parse_judgement("L 1H não-intencional=não", lang="pt")


def test_ask_reads_calls_as_the_one_line_form_does():
    # director ask --lang pt builds the case with a Draft in Portuguese (calls_lang pt)
    d = Draft(board=1, file="interview", lang="pt")
    assert d.add_calls("1E 1C") == [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}]
    with pytest.raises(InputError, match="English letters"):
        Draft(board=1, file="interview", lang="pt").add_calls("1S 1H")


def test_a_case_file_keeps_the_case_format_whatever_its_lang(tmp_path):
    f = tmp_path / "pt.yaml"
    f.write_text("case: pt\nboard: 1\nlang: pt\nevents:\n  - {seat: N, call: 1C}\n  - {seat: E, call: 1H}\n",
                 encoding="utf-8")
    case = load_case(f)
    assert [str(e.call) for e in case.events] == ["1C", "1H"]
    out = director("rule", str(f))
    grid = out.stdout.split("Leilão, como entendido:")[1].splitlines()[2].split()
    assert grid == ["1♣", "1♥"], grid                 # shown with its symbols: never silently copas


def test_the_page_reads_a_call_field_in_its_language(tmp_path):
    pytest.importorskip("starlette.testclient")
    from test_web import KEY, Phone, _Client

    from bridge_director.web.app import create_app
    phone = Phone(tmp_path / "session")
    phone.client = _Client(create_app(tmp_path / "session-pt", key=KEY, lang="pt"), raise_server_exceptions=True,
                           base_url="http://127.0.0.1")
    phone.board(1)
    phone.call("1S")
    assert 'name="call" type="text" maxlength="4" placeholder="2C"' in phone.page()     # its example: copas
    phone.event("call-on-source-board", seat="E", call="3C")
    assert phone.state().events()[-1] == {"happened": "call-on-source-board", "seat": "E", "call": "3H"}
    phone.post("/event", expect=400, kind="call-on-source-board", seat="E", call="3H")      # English letters: refused
    assert len(phone.state().events()) == 2


# ------------------------------------------------------------ the same kinds in every other edition

@pytest.mark.parametrize("calls, extra, cites", [
    ("1S 1H", [], {"17", "27"}),
    ("1S S:1H", [], {"17", "31"}),
    ("1S S:P", [], {"17", "30"}),
    ("1S S:X", [], {"17", "32", "36"}),
    ("7S 8H", [], {"17", "38"}),
    ("1S P P P S:2S", [], {"17", "39"}),
    ("1S P", ["E P>2H"], {"17", "25"}),
])
def test_1997_names_the_law_of_each_auction_irregularity(calls, extra, cites):
    d = Draft(board=1, file="t")
    d.add_calls(calls)
    for e in extra:
        d.add_event(parse_event(e))
    r = api.rule(d.case(), edition="duplicate-1997")
    assert {ln.cite for ln in r.lines if ln.code == "not-covered-yet"} == cites
    assert {ln.code for ln in r.lines} == {"not-covered-yet"}


def test_1997_regular_auction_names_only_the_scope():
    d = Draft(board=1, file="t")
    d.add_calls("1S P 2S P P P")
    assert pairs(api.rule(d.case(), edition="duplicate-1997")) == {("17", "not-covered-yet")}


def test_club_code_never_finds_no_irregularity_in_a_deal():
    case = load_case(ROOT / "cases" / "portland-bridge-c1909" / "pc-rule-01-auction-not-covered.yaml")
    r = api.rule(case)
    assert pairs(r) == {("seed003", "not-covered-yet")} and {ln.rule for ln in r.lines} == {"pc-deal-not-covered"}
    event = api.rule(load_case(ROOT / "cases" / "portland-bridge-c1909" / "pc-rule-02-event-at-the-table-not-covered.yaml"))
    assert {ln.rule for ln in event.lines} == {"pc-event-not-covered"}
    out = director("rule", "--board", "1", "--edition", "portland-bridge-c1909", "-a", "1S 1H")
    assert "No irregularity found" not in out.stdout and "covers forming the table" in out.stdout


# ------------------------------------------------------------ rubber: a call out of turn irregular in itself too

def test_rubber_double_out_of_turn_that_is_inadmissible_gets_both_lines():
    r = rubber(("a", "1S S:X"))
    assert {ln.cite for ln in r.lines if ln.code == "not-covered-yet"} == {"32", "36"}


def test_rubber_bid_above_seven_out_of_turn_is_not_offered_for_acceptance():
    r = rubber(("a", "7S W:8H"))
    assert pairs(r) == {("38", "not-covered-yet")}
    assert not any(ln.section == "options" for ln in r.lines)

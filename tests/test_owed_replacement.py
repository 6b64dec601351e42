"""The replacement still owed (issue 23, item 2): after 27B3 cancels a double that was not
comparable, or 27B4 a second insufficient bid its LHO did not accept, the offender still owes
the replacement of the first insufficient bid. The next call typed plainly is that
replacement, in every front end: ``director ask`` (a pseudo-terminal), the one-line form
(``-a "3S"``) and the page (a tap in turn); and each says whose call the ruling waits for.
Whose call is owed is worked out once, in the session layer (``Draft.owed``)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from bridge_director.case.load import load_case
from bridge_director.session import api
from bridge_director.session.draft import Draft

REPO = Path(__file__).resolve().parent.parent
#: the replacement taken as such: 27B3 says what it leaves (partner still passes), no call out
#: of rotation (17C), no change of call (25B), no "call stands" for the cancelled double (25A1)
REPLACED = {("27B3", "call-cancelled"), ("27B3", "offender-must-replace"), ("27B3", "call-stands"),
            ("27B3", "partner-must-pass-rest")}
NOT_THERE = {("17C", "irregularity"), ("25B2", "change-not-allowed"), ("25A1", "call-stands"), ("31C", "refer-to-law")}


def _b3_draft() -> Draft:
    """Board 6: East 1D, South 1C (meant); West does not accept; South tries X, not comparable."""
    d = Draft(board=6)
    d.add_calls("1D 1C")
    d.add_event({"director": "called"})
    d.add_event({"seat": "W", "accepts": False})
    d.judge("S 1C unintended", False)
    d.add_event({"seat": "S", "replaces": "1C", "with": "X"})
    return d


def test_the_draft_knows_the_replacement_owed_after_27b3_and_the_next_call_is_it():
    d = _b3_draft()
    assert d.owed() == []                          # X not judged yet: it stands for now
    d.judge("S X comparable", False)
    assert d.owed() == [{"seat": "S", "call": "1C", "event": 2}]
    assert d.turn().value == "S"
    assert d.owed_words() == "South now replaces 1C: type South's call."
    assert d.add_calls("3S P") == [{"seat": "S", "replaces": "1C", "with": "3S"}, {"seat": "W", "call": "Pass"}]
    assert d.owed() == []
    pairs = d.rule().pairs()
    assert REPLACED <= pairs and not pairs & NOT_THERE, sorted(pairs)


def test_after_27b4_the_replacement_of_the_first_insufficient_bid_is_owed():
    d = Draft(board=6)
    d.add_calls("1D 1C")
    d.add_event({"director": "called"})
    d.add_event({"seat": "W", "accepts": False})
    d.judge("S 1C unintended", False)
    d.add_event({"seat": "S", "replaces": "1C", "with": "1D"})      # also insufficient
    assert d.owed() == []                                           # West may still accept 1D
    d.add_event({"seat": "W", "accepts": False})
    assert d.owed() == [{"seat": "S", "call": "1C", "event": 2}]
    assert d.call_events("S", "2D") == [{"seat": "S", "replaces": "1C", "with": "2D"}]
    assert d.add_calls("2D") == [{"seat": "S", "replaces": "1C", "with": "2D"}]
    pairs = d.rule().pairs()
    assert ("27B4", "call-not-accepted") in pairs and ("27B3", "call-stands") in pairs
    assert not pairs & NOT_THERE, sorted(pairs)


def test_a_replacement_asked_for_is_owed_too_and_a_named_other_seat_still_calls_as_itself():
    d = Draft(board=6)
    d.add_calls("1D 1C")
    d.add_event({"director": "called"})
    d.add_event({"seat": "W", "accepts": False})
    d.judge("S 1C unintended", False)
    assert d.owed() == [{"seat": "S", "call": "1C", "event": 2}]    # "What call does South make in place of 1C?"
    assert d.parse_calls("N:2C") == [{"seat": "N", "call": "2C"}]   # partner calling instead: a call of theirs
    assert d.parse_calls("2D") == [{"seat": "S", "replaces": "1C", "with": "2D"}]


def test_one_line_form_gives_the_next_call_to_the_offender_and_says_what_is_owed():
    base = ["rule", "--board", "6", "-a", "1D 1C", "-e", "director", "-e", "W declines", "-e", "S 1C>X",
            "-j", "S 1C unintended=no", "-j", "S X comparable=no"]
    out = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *base], cwd=REPO,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.rstrip().splitlines()[-1] == \
        'Next: South now replaces 1C: add South\'s call with -a "CALL" (the next call given is that replacement).'
    out = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *base, "-a", "3S", "--write", "yaml"],
                         cwd=REPO, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "  - {seat: S, replaces: 1C, with: 3S}" in out.stdout.splitlines(), out.stdout
    assert "{seat: W, call: 3S}" not in out.stdout


def test_ask_takes_the_next_call_typed_as_the_replacement_and_says_so(tmp_path):
    save = tmp_path / "owed.yaml"
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", COLUMNS="110", LINES="40")
    child = pexpect.spawn(sys.executable, ["-m", "bridge_director.cli.main", "ask"], cwd=str(REPO), env=env,
                          encoding="utf-8", dimensions=(40, 110), timeout=30)
    for pattern, reply in (("Board number", "6"), ("Calls from the dealer", "1D 1C"), ("meant to make", "y"),
                           ("accept", "n"), ("in place of 1C", "X"), ("comparable", "n")):
        child.expect(pattern)
        child.send(reply + "\r")
    child.expect("Next: South now replaces 1C: type South's call.")
    child.expect(r"What happened next\? \(South's call in place of 1C, or an event\)")
    child.send("3S\r")
    child.expect("What happened next")
    child.send("s\r")
    child.expect("Save as")
    child.send(f"{save}\r")
    child.expect("Saved")
    child.send("q\r")
    child.expect("Bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    case = load_case(save)
    last = case.events[-1]
    assert (last.kind, last.seat.value, str(last.call)) == ("replaces", "S", "3S"), last
    pairs = api.rule(case).pairs()
    assert REPLACED <= pairs and not pairs & NOT_THERE, sorted(pairs)


def test_the_page_takes_a_tap_in_turn_as_the_replacement_and_says_so(tmp_path):
    pytest.importorskip("starlette.testclient")
    import re

    from test_web import Phone, _question_id
    phone = Phone(tmp_path / "session")
    phone.board(6)
    phone.call("1D")
    phone.call("1C")
    phone.event("director")
    phone.event("accepts", seat="W", value="no")
    phone.post("/answer", q=_question_id(phone.page(), "meant"), a="yes")
    phone.post("/answer", q=_question_id(phone.page(), "in place of"), call="X")
    assert 'class="owed"' not in phone.page()                   # X stands until it is judged
    phone.post("/answer", q=_question_id(phone.page(), "comparable"), a="no")
    html = phone.page()
    owed = re.search(r'<p class="owed"[^>]*>(.*?)</p>', html, re.S)
    assert owed and re.sub(r"<[^>]+>", "", owed.group(1)).replace("&#39;", "'").replace("♣", "C") == \
        "South now replaces 1C: tap South's call."
    phone.call("3S")                                            # the bidding box, in turn
    assert phone.state().events()[-1] == {"seat": "S", "replaces": "1C", "with": "3S"}
    assert 'class="owed"' not in phone.page()


# ---------------------------------------------------------------- in Chromium, phone and laptop

from test_web_browser import Director, browser, server  # noqa: E402,F401  (module fixtures)


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "laptop"])
def test_the_owed_replacement_on_the_page_in_chromium(browser, server, size):  # noqa: F811
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, device_scale_factor=1)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    d = Director(page, server)
    d.start(6)
    d.call("1D")
    d.call("1C")
    d.director_called()
    d.answer("meant", "yes")
    d.answer("accept", "no")
    d.answer_call("in place of", "X")
    d.answer("comparable", "no")
    owed = page.locator("p.owed")
    assert owed.inner_text() == "South now replaces 1♣: tap South's call."
    box = owed.bounding_box()
    assert box and box["y"] + box["height"] <= size[1] * 2, box      # near the top, by the bidding box
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    owed.scroll_into_view_if_needed()
    d.shot(f"web-owed-replacement-{size[0]}")
    d.call("3S")
    assert page.locator("p.owed").count() == 0
    cell = page.locator("table.auction td", has_text="3♠")
    assert cell.count() == 1 and cell.inner_text().split("\n")[0].replace("\u200b", "").endswith("→3♠")
    right = page.evaluate("Math.max(...[...document.querySelectorAll('table.auction .c')]"
                          ".map(e => e.getBoundingClientRect().right))")
    assert right <= min(size[0], 950), right       # the cell's three calls wrap, none runs off the screen
    assert "27B3" in d.cites()
    d.shot(f"web-owed-replaced-{size[0]}")
    ctx.close()

"""Issue 22's done-means scenario, through each front end: "West explained 2C as natural, their
agreement is Stayman; South passed; North bid 3C after West's explanation". The director is
asked exactly the judgements the law needs, and gets the misinformation and its redress for
North-South (21B1(a), 21B3), the unauthorised information to East from West's explanation with
the logical-alternative test (16B1, 75A), the duties to correct at the right moment (20F5(a),
20F5(b), 20F4(a)) and the kind of adjusted score (12C1(b)), each with its sub-clause: in
``director rule`` (one line), in ``director ask`` (a pseudo-terminal) and on the page. A
judgement the director makes away from the table is asked, never read out to the players.
"""
from __future__ import annotations

import html as html_mod
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pexpect
import pytest

from bridge_director.case.load import load_case
from bridge_director.ruling.grid import tell_the_table
from bridge_director.ruling.questions import questions
from bridge_director.session import api

REPO = Path(__file__).resolve().parent.parent
CASE = REPO / "cases" / "law21-b1a-stayman-explained-as-natural-north-bids-3c.yaml"

#: every (cite, outcome) of the ruling, the case's key (the scenario as the issue states it)
PAIRS = {
    ("21B1(a)", "irregularity"), ("20F6", "refer-to-law"),                       # misinformation
    ("21B1(a)", "judgement-needed"), ("21B1(a)", "change-allowed"), ("21B1(a)", "call-stands"),   # North's 3C
    ("21B3", "judgement-needed"), ("21B3", "adjust-if-damaged"),                # South's pass: too late
    ("12C1(b)", "assigned-adjusted-score"),                                      # the kind of that score
    ("16B1", "information-unauthorised-to-partner"), ("75A", "information-unauthorised-to-partner"),
    ("20F5(a)", "must-not-correct"), ("20F5(b)", "procedure-required"),           # East's duty, by moment
    ("20F4(a)", "must-call-director"),                                           # West's own duty
}
ONE_LINE = ["rule", "--board", "4", "-a", "1NT P 2C", "-e", "explanation by=W call=2C", "-a", "P P 3C",
            "-e", "director", "-j", "event 4 misinformation=yes"]


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=120)


def test_the_case_file_holds_exactly_the_rulings_lines():
    r = api.rule_file(CASE)
    assert r.pairs() == PAIRS
    assert not r.unused


def test_one_line_form_rules_the_scenario_in_full():
    p = cli(*ONE_LINE, "--format", "json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert {(o["cite"], o["outcome"]) for o in data["outcomes"]} == PAIRS
    # asked: whether North's 3C could well have been influenced (it may still be changed: now),
    # and South's pass (too late to change: its redress waits for the end of play); nothing else
    asked = [(q["id"], q["when"]) for q in data["questions"]]
    assert asked == [("judgement:N 3C influenced", "now"), ("judgement:S Pass influenced", "end-of-play")]
    told = " ".join(data["tell_the_table"])
    assert "South's decision" not in told        # the end-of-play judgement is not read out now
    text = cli(*ONE_LINE).stdout
    for cite in ("21B1(a)", "21B3", "16B1", "75A", "20F5(a)", "20F5(b)", "20F4(a)", "12C1(b)"):
        assert re.search(rf"\.\. {re.escape(cite)}\n", text), cite


def test_easts_later_call_gets_the_logical_alternative_test_asked_not_told():
    p = cli(*ONE_LINE[:-4], "-a", "3NT", "-e", "director", "-j", "event 4 misinformation=yes",
            "-j", "N 3C influenced=no", "--format", "json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    props = {q["property"] for q in data["questions"]}
    assert {"suggested"} <= props and "influenced" in props
    away = [q["prompt"] for q in data["questions"] if q["property"] in ("suggested", "logical-alternative")]
    assert away and not any(a in t for a in away for t in data["tell_the_table"]), data["tell_the_table"]
    assert not any(t.startswith("Before ruling") and "suggest" in t for t in data["tell_the_table"])
    pairs = {(o["cite"], o["outcome"]) for o in data["outcomes"]}
    assert {("16B1(a)", "judgement-needed"), ("16B3", "adjust-if-damaged"), ("12C1(b)", "assigned-adjusted-score")} <= pairs


def test_away_judgements_are_asked_but_never_told():
    case = load_case(REPO / "cases" / "law16b-explanation-ui-next-call-asks-both-tests.yaml")
    r = api.rule(case)
    qs = questions(r)
    assert {q["property"] for q in qs} == {"suggested", "logical-alternative"}
    assert not any("suggest" in t and t.startswith("Before ruling") for t in tell_the_table(r, qs))


# ---------------------------------------------------------------- director ask
def spawn(*args: str) -> pexpect.spawn:
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", COLUMNS="110", LINES="40")
    return pexpect.spawn(sys.executable, ["-m", "bridge_director.cli.main", "ask", *args], cwd=str(REPO), env=env,
                         encoding="utf-8", dimensions=(40, 110), timeout=60)


def test_ask_drives_the_scenario_and_asks_only_the_influence_judgements(tmp_path):
    save = tmp_path / "stayman.yaml"
    child = spawn("--board", "4")
    child.expect(r"Calls from the dealer \(West\)")
    child.send("1NT P 2C\r")
    child.expect(r"What happened next\?")
    child.send("explanation by=W call=2C\r")
    # was the explanation the agreement? (their agreement is Stayman: it was not)
    child.expect(r"fail to describe the partnership agreement")
    child.expect(r"\[y yes")
    child.send("y\r")
    child.expect(r"What happened next\?")
    child.send("P P 3C\r")
    asked = []
    child.expect(r"Could North's 3C well have been influenced")
    asked.append(("North", "3C"))
    child.expect(r"\[y yes")
    child.send("y\r")
    i = child.expect([r"Could South's Pass well have been influenced", r"What happened next\?"])
    if i == 0:
        asked.append(("South", "Pass"))
        child.expect(r"\[y yes")
        child.send("?\r")                            # not known yet: it matters only at the end of play
        child.expect(r"What happened next\?")
    screen = child.before
    child.send("q\r")
    child.expect(r"Save the case before leaving\?")
    child.send(f"{save}\r")
    child.expect("Bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert asked[0] == ("North", "3C") and set(asked) <= {("North", "3C"), ("South", "Pass")}, asked
    assert "Traceback" not in screen
    case = load_case(save)
    r = api.rule(case)
    pairs = r.pairs()
    # North's 3C judged influenced: North may change it (no branch on it any more)
    assert {("21B1(a)", "irregularity"), ("21B1(a)", "change-allowed"), ("16B1", "information-unauthorised-to-partner"),
            ("75A", "information-unauthorised-to-partner"), ("20F5(a)", "must-not-correct"),
            ("20F5(b)", "procedure-required"), ("20F4(a)", "must-call-director"), ("21B3", "adjust-if-damaged"),
            ("12C1(b)", "assigned-adjusted-score")} <= pairs, sorted(pairs)


# ---------------------------------------------------------------- the page
starlette_testclient = pytest.importorskip("starlette.testclient")
from bridge_director.web.app import create_app  # noqa: E402


class Phone:
    """A director's phone on the page: a served address (the page refuses other Hosts) and the
    page's CSRF token in every form, as the page's own forms carry it."""

    def __init__(self, folder):
        from bridge_director.web.state import Seal
        key = b"k" * 32
        self.csrf = Seal(key).csrf()
        self.client = starlette_testclient.TestClient(create_app(folder, key=key), raise_server_exceptions=True,
                                                      base_url="http://127.0.0.1")
        self.s = ""

    def post(self, path: str, **fields):
        r = self.client.post(path, data={"s": self.s, "csrf": self.csrf, **fields}, follow_redirects=False)
        assert r.status_code == 303, r.text[:500]
        self.s = parse_qs(urlparse(r.headers["location"]).query)["s"][0]

    def call(self, call: str):
        level, denom = (call[0], call[1:]) if call[0].isdigit() else ("", call)
        self.post("/call", call=denom, level=level, seat="", mode="call")

    def page(self) -> str:
        r = self.client.get("/", params={"s": self.s})
        assert r.status_code == 200
        return r.text


def _section(html: str, title: str) -> str:
    """The page's words from the heading ``title`` to the next heading (or the end of the section)."""
    m = re.search(rf"<h2>{title}</h2>(.*?)(?=<h2>|</section>)", html, re.S)
    return " ".join(html_mod.unescape(re.sub(r"<[^>]+>", " ", m.group(1))).split()) if m else ""


def test_the_page_asks_the_judgements_and_tells_the_table_the_rest(tmp_path):
    phone = Phone(tmp_path / "session")
    phone.post("/board", board="4")
    for c in ("1NT", "Pass", "2C"):
        phone.call(c)
    phone.post("/event", kind="explanation", by="W", call="2C")
    for c in ("Pass", "Pass", "3C"):
        phone.call(c)
    phone.post("/event", kind="director")
    html = phone.page()
    ask, tell = _section(html, "Ask"), _section(html, "Tell the table")
    assert "North's 3 ♣ well have been influenced" in ask
    assert "South's Pass well have been influenced" in ask
    assert "Pass well have been influenced" not in tell
    for cite in ("21B1(a)", "21B3", "16B1", "75A", "20F5(a)", "20F5(b)", "20F4(a)", "12C1(b)"):
        assert f">{cite}<" in html, cite
    # East then bids 3NT: the logical-alternative test is asked, not told
    phone.call("3NT")
    html = phone.page()
    ask, tell = _section(html, "Ask"), _section(html, "Tell the table")
    assert "demonstrably suggest East's 3 NT" in ask and "demonstrably suggest East's 3 NT" not in tell

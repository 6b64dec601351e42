"""``director ask`` driven end to end in a real pseudo-terminal (pexpect): each club-evening
scenario of tests/interview_scenarios.py ends with the ruling on the screen and a saved
case that ``director check`` passes once an expect: block is added."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from bridge_director.session import api
from bridge_director.case.load import load_case
from interview_scenarios import SCENARIOS  # tests/interview_scenarios.py: expected rulings are test data, not engine code

REPO = Path(__file__).resolve().parent.parent


def spawn(*args: str) -> pexpect.spawn:
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", COLUMNS="110", LINES="40")
    return pexpect.spawn(sys.executable, ["-m", "bridge_director.cli.main", "ask", *args], cwd=str(REPO), env=env,
                         encoding="utf-8", dimensions=(40, 110), timeout=30)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario_in_a_pseudo_terminal(name, tmp_path):
    sc = SCENARIOS[name]
    save = tmp_path / f"{name}.yaml"
    child = spawn()
    screen = []
    for pattern, reply in sc["steps"]:
        child.expect(pattern)
        screen.append(child.before)
        child.send(reply.replace("{save}", str(save)) + "\r")
    child.expect("Bye")
    screen.append(child.before)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = "".join(screen)
    assert "Traceback" not in text
    assert "Auction as understood" in text and "Tell the players now:" in text
    # the saved case rules as the scenario says, and check passes once expect: is added
    case = load_case(save)
    ruling = api.rule(case)
    assert sc["pairs"] <= ruling.pairs(), sorted(ruling.pairs())
    expect = "".join(f"  - {{cite: '{c}', outcome: {o}}}\n" for c, o in sorted(ruling.pairs()))
    checked = tmp_path / "checked.yaml"
    checked.write_text(save.read_text() + "expect:\n" + expect)
    proc = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "check", str(checked)], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[-1] == "1 passed, 0 failed"


def test_bad_input_gets_one_line_and_the_question_again(tmp_path):
    child = spawn()
    child.expect("Board number")
    child.send("0\r")
    child.expect("expected a board number such as 5, or a dealer N, E, S or W, found '0'")
    child.expect("Board number")
    child.send("5\r")
    child.expect("Calls from the dealer")
    child.send("1S 1Z\r")
    child.expect(r"call 2 \('1Z'\): expected a call such as 1H, 3NT, P, X or XX")
    child.expect("Calls from the dealer")
    child.send("1S 1H\r")
    child.expect("meant to make")
    child.send("maybe\r")
    child.expect("expected yes \\(y\\) / no \\(n\\) / not known yet")
    child.expect("meant to make")
    child.sendcontrol("c")                      # Ctrl-C: offers to save, then leaves cleanly
    child.expect("Save the case before leaving")
    child.send("n\r")
    child.expect("Not saved. Bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in child.before


def test_undo_and_end_of_input(tmp_path):
    child = spawn("--board", "3")
    child.expect("Calls from the dealer \\(South\\)")
    child.send("1H 2C\r")
    child.expect("What happened next")
    child.send("u\r")
    child.expect("Undone")
    child.expect("no events yet")
    child.expect("What happened next")
    child.sendeof()                             # end of input: offers to save, leaves cleanly
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in child.before


def test_undo_at_the_first_question_is_no_internal_error():
    """Issue 25: ``u`` typed at the first question took every call back, and the next look for
    questions ruled a case with no event: "internal error". Now the case is shown empty and
    the interview goes on."""
    child = spawn("--board", "5")
    child.expect("Calls from the dealer")
    child.send("1S 1H\r")
    child.expect("meant to make")
    child.send("u\r")
    child.expect("Undone")
    child.expect("What happened next")
    child.send("1S 1H\r")                       # and the case can be entered again
    child.expect("meant to make")
    child.send("q\r")
    child.expect("Save the case before leaving")
    child.send("n\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "internal error" not in child.before and "Traceback" not in child.before


def test_a_refusal_stays_the_last_thing_on_the_screen():
    """Issue 25: a step refused at "What happened next?" was followed by the whole ruling
    printed again, which scrolled the refusal out of sight. Now the refusal is the last line
    before the prompt."""
    child = spawn("--board", "5")
    child.expect("Calls from the dealer")
    child.send("1S 1H\r")
    child.expect("meant to make")
    child.send("?\r")                            # not known yet, to every question: the ruling is shown
    while child.expect([r"\? not (known )?yet\]", "What happened next"]) == 0:
        child.send("?\r")
    child.send("W accepts 7NT\r")                 # no 7NT was made: refused
    child.expect(r"  ! ")
    child.expect("What happened next")
    between = child.before
    assert "Tell the players" not in between and "Auction as understood" not in between, between
    child.send("q\r")
    child.expect("Save the case before leaving")
    child.send("n\r")
    child.expect(pexpect.EOF)
    child.close()

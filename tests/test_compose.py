"""The case draft API (bridge_director/session/draft.py), the questions as data (bridge_director/ruling/questions.py) and
what the ruling shows first (bridge_director/ruling/grid.py)."""
from __future__ import annotations

import json

import pytest

from bridge_director.session import api
from bridge_director.case.load import from_data
from bridge_director.session.draft import Draft
from bridge_director.ruling.grid import auction, director_steps, seats_in_full, tell_the_table
from bridge_director.ruling.questions import questions
from bridge_director.ruling.render import as_dict, render_text
from bridge_director.bridge.table import Seat, final_contract
from bridge_director.base.yamlpos import InputError, loads


def ids(d: Draft) -> list[str]:
    return [q["id"] for q in d.questions()]


def test_calls_in_rotation_from_the_dealer_and_a_seat_marked():
    d = Draft(board=5)                       # dealer N
    assert d.add_calls("1s 1h") == [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}]
    d2 = Draft(dealer="W")
    assert d2.add_calls("1S N:X p") == [{"seat": "W", "call": "1S"}, {"seat": "N", "call": "X"},
                                        {"seat": "E", "call": "Pass"}]


def test_insufficient_bid_questions_in_asking_order_and_their_answers():
    d = Draft(board=5)
    d.add_calls("1S 1H")
    assert ids(d) == ["judgement:E 1H unintended", "decision:S accepts E 1H (event 2)",
                      "decision:E replaces 1H (event 2)"]
    q = d.questions()[0]
    assert q["prompt"] == "Was 1H the call East meant to make?"
    assert q["about"] == {"event": 2, "seat": "E", "call": "1H"}
    assert q["case_line"] == "event 2 unintended: true|false"       # answers are written against the event
    assert [a["label"] for a in q["answers"]] == ["yes", "no", "not known yet"]
    assert q["answers"][0]["adds"] == {"judgement": {"event 2 unintended": False}}   # meant it: not unintended
    assert d.answer(q, "?") is False and d.judgement == {}                        # not known yet: nothing added
    assert d.answer(q, "yes") is True
    assert ids(d) == ["decision:S accepts E 1H (event 2)", "decision:E replaces 1H (event 2)"]
    acc = d.questions()[0]
    assert acc["who"] == "S" and acc["prompt"] == "Does South accept East's 1H?"
    d.answer(acc, "n")
    assert d.events[-1] == {"seat": "S", "accepts": False, "call": "1H", "event": 2}
    d.answer(d.questions()[0], "2h")
    assert d.events[-1] == {"seat": "E", "replaces": "1H", "with": "2H", "event": 2}
    r = d.rule()
    assert ("27B1(a)", "no-further-rectification") in r.pairs()


def test_undo_takes_back_one_step_at_a_time():
    d = Draft(board=5)
    d.add_calls("1S 1H")
    d.judge("E 1H unintended", False)
    assert d.undo() and d.judgement == {}
    assert d.undo() and d.events == []
    assert d.undo() is False


def test_bad_input_leaves_the_draft_as_it_was():
    d = Draft(board=5)
    d.add_calls("1S")
    with pytest.raises(InputError) as e:
        d.add_calls("1H 1Z")
    assert "call 2 ('1Z')" in e.value.message and "expected a call" in e.value.message
    with pytest.raises(InputError) as e:
        d.add_calls("Q:1H")
    assert "expected a seat N, E, S or W" in e.value.message
    with pytest.raises(InputError):
        d.add_event({"seat": "E", "replaces": "3C", "with": "3D"})      # E never bid 3C
    with pytest.raises(InputError) as e:
        d.answer(d.questions()[0] if d.questions() else {"id": "x", "answers": [{"label": "yes", "key": "y",
                                                                                  "adds": None}]}, "maybe")
    assert "expected" in e.value.message
    assert d.events == [{"seat": "N", "call": "1S"}] and d.steps == 1


def test_to_yaml_is_a_case_file_that_check_passes_once_expect_is_added():
    d = Draft(board=5)
    d.add_calls("1S 1H")
    d.add_event({"director": "called"})
    d.answer(d.questions()[0], "y")
    d.answer(d.questions()[0], "n")
    d.answer(d.questions()[0], "2H")
    pairs = sorted(d.rule().pairs())
    text = d.to_yaml(expect=[{"cite": c, "outcome": o} for c, o in pairs])
    assert "source:" not in text                     # a case typed at the table has none
    assert "  - {seat: N, call: 1S}" in text and "  event 2 unintended: false" in text
    case = from_data(loads(text, "saved.yaml"), "saved.yaml")
    assert api.check(case, api.rule(case)).passed


def test_bid_out_of_rotation_and_whose_turn_after_it_is_cancelled():
    d = Draft(board=1)                     # dealer N
    d.add_calls("1S W:1H")
    q = [x for x in d.questions() if x["property"] == "accepts"][0]
    assert q["who"] == "N"
    d.answer(q, "no")
    assert d.turn() == Seat.E              # the cancelled 1H is out: East's turn again
    assert d.add_calls("2H") == [{"seat": "E", "call": "2H"}]


def test_the_json_carries_questions_tell_the_table_and_the_auction():
    d = Draft(board=5)
    d.add_calls("1S 1H")
    data = json.loads(json.dumps(as_dict(d.rule())))
    assert data["questions"][0]["id"] == "judgement:E 1H unintended"
    assert data["director_steps"][0].startswith("Before ruling, find out (away from the table): Was 1H")
    assert not any(t.startswith("Before ruling") for t in data["tell_the_table"]), data["tell_the_table"]
    assert data["auction"]["columns"] == ["W", "N", "E", "S"]
    assert [c and c["call"] for c in data["auction"]["rows"][0]] == [None, "1S", "1H", None]


def test_grid_marks_out_of_rotation_and_cancelled_calls():
    d = Draft(board=1)
    d.add_calls("1S W:1H")
    d.add_event({"seat": "N", "accepts": False})
    a = auction(d.rule())
    assert a["rows"][1][0]["text"] == "(1H)*"
    assert a["notes"] == ["West's 1H (event 2): out of rotation; cancelled (29B)"]   # the clause from Ruling.calls
    text = render_text(d.rule())
    assert "  West       North (D)  East       South" in text
    assert text.index("Auction as understood") < text.index("Tell the players now:") < text.index("Irregularity")


def test_contract_declarer_and_leader_once_the_auction_has_ended():
    d = Draft(board=3)                      # dealer S
    d.add_calls("1H P 4H P P P")
    a = auction(d.rule())
    assert (a["ended"], a["contract"], a["declarer"], a["leader"]) == (True, "4H", "S", "W")
    assert "Auction ended: 4H by South; opening leader West." in render_text(d.rule())
    assert final_contract([("N", "P")] * 4) is None


def test_tell_the_table_uses_seats_in_full():
    d = Draft(board=1)
    d.add_calls("1S W:1H")
    d.add_event({"seat": "N", "accepts": False})
    told = tell_the_table(d.rule())
    assert 1 <= len(told) <= 3
    assert not any(" W " in t or t.startswith("W ") for t in told)
    assert seats_in_full("W's 1H over N-S; E may call; 1S and 3NT") == \
        "West's 1H over North-South; East may call; 1S and 3NT"


def test_judgement_on_a_happened_event_and_a_setting_question():
    d = Draft(board=1)
    d.add_event({"happened": "hand-count", "seat": "E", "cards": 14})
    qs = questions(d.rule())
    assert [q["kind"] for q in qs] == ["check"], render_text(d.rule())
    assert qs[0]["prompt"].startswith("Count the other hands")
    assert director_steps(d.rule())[0].startswith("Before ruling: Count the other hands and find where East's")
    d.add_event({"happened": "hand-count", "seat": "W", "cards": 12})
    assert "check:surplus-card-not-yet-placed" not in [q["id"] for q in questions(d.rule())]


def test_wrong_board_shows_the_board_on_the_table():
    d = Draft(board=8)
    d.set("scoring", "pairs")
    d.add_event({"happened": "opening-lead-faced"})
    d.add_event({"happened": "wrong-board-at-table", "board": 9, "played_by": []})
    text = render_text(d.rule())
    assert "On the table: board 9, not board 8 (dealer North, East-West vulnerable)" in text


def test_a_case_setting_the_rules_find_unknown_is_asked():
    d = Draft(board=8)
    d.add_event({"happened": "opening-lead-faced"})
    d.add_event({"happened": "wrong-board-at-table", "board": 9, "played_by": []})
    q = next(q for q in d.questions() if q["kind"] == "setting")
    assert q["id"] == "setting:scoring" and [a["label"] for a in q["answers"]][:3] == ["pairs", "teams", "individual"]
    d.answer(q, "teams")
    assert "scoring: teams" in d.to_yaml()
    assert "setting:scoring" not in ids(d)


def test_markdown_shows_the_auction_table_and_what_to_tell_first():
    from bridge_director.ruling.render import render_markdown
    d = Draft(board=1)
    d.add_calls("1S W:X")
    md = render_markdown(d.rule())
    assert "| West | North (dealer) | East | South |" in md
    assert "| X\\* |  |  |  |" in md
    assert md.index("## What happened, as understood") < md.index("## Tell the players now") < md.index("## Irregularity")

"""'Tell the players now' reads top to bottom: what is decided first, then who now chooses."""
from bridge_director.session import api
from bridge_director.case.load import from_data
from bridge_director.ruling.grid import tell_the_table
from bridge_director.base.yamlpos import loads

CASE = """\
case: tell-order
title: South 1NT, West 1H (meant), North does not accept it
board: 3
events:
  - {seat: S, call: 1NT}
  - {seat: W, call: 1H}
  - {seat: N, accepts: false}
judgement:
  W 1H unintended: false
"""


def test_what_is_decided_comes_before_who_chooses():
    r = api.rule(from_data(loads(CASE, "tell-order.yaml"), "tell-order.yaml"))
    assert tell_the_table(r) == [
        "West meant 1H: it cannot be put right as a slip.",
        "West must replace 1H with a legal call.",
        "West now chooses the call to put in place of 1H: see the options.",
    ]

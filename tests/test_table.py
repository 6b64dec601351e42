"""Tests for bridge_director.bridge.table: seats, boards, calls and auction mechanics."""

import pytest

from bridge_director.bridge.table import DOUBLE, PASS, REDOUBLE, Board, Call, CallSyntaxError, Denomination, Seat, auction_is_over, double_admissible, is_sufficient, last_bid, lowest_sufficient, redouble_admissible, relation, seat_after

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def c(text):
    return Call.parse(text)


# ---------------------------------------------------------------- seats

def test_seat_values_and_order():
    assert [s.value for s in Seat] == ["N", "E", "S", "W"]
    assert Seat.order() == (N, E, S, W)
    assert isinstance(Seat.order(), tuple)
    assert str(N) == "N"
    assert N == "N"


@pytest.mark.parametrize("seat,lho,partner,rho,side", [
    (N, E, S, W, "NS"),
    (E, S, W, N, "EW"),
    (S, W, N, E, "NS"),
    (W, N, E, S, "EW"),
])
def test_seat_neighbours(seat, lho, partner, rho, side):
    assert seat.lho is lho
    assert seat.partner is partner
    assert seat.rho is rho
    assert seat.side == side


@pytest.mark.parametrize("text,seat", [
    ("n", N), ("N", N), ("North", N), ("NORTH", N), ("north", N), (" n ", N),
    ("e", E), ("East", E), ("EAST", E),
    ("s", S), ("South", S), ("SOUTH", S),
    ("w", W), ("West", W), ("WEST", W),
    (S, S),
])
def test_seat_parse(text, seat):
    assert Seat.parse(text) is seat


@pytest.mark.parametrize("bad", ["", "X", "Nor", "NS", "northeast", "1"])
def test_seat_parse_bad(bad):
    with pytest.raises(ValueError) as ei:
        Seat.parse(bad)
    assert repr(bad) in str(ei.value)
    assert "expected" in str(ei.value)


def test_seat_after():
    assert seat_after(N, 0) is N
    assert seat_after(N, 1) is E
    assert seat_after(N, 2) is S
    assert seat_after(N, 3) is W
    assert seat_after(N, 4) is N
    assert seat_after(W, 1) is N
    assert seat_after(S, 5) is W
    assert seat_after(E, -1) is N
    assert seat_after("south", 2) is N


# relation(player, to): what player is to `to`, written out for all 16 pairs.
RELATIONS = [
    (N, N, "self"), (N, E, "rho"), (N, S, "partner"), (N, W, "lho"),
    (E, N, "lho"), (E, E, "self"), (E, S, "rho"), (E, W, "partner"),
    (S, N, "partner"), (S, E, "lho"), (S, S, "self"), (S, W, "rho"),
    (W, N, "rho"), (W, E, "partner"), (W, S, "lho"), (W, W, "self"),
]


@pytest.mark.parametrize("player,to,expected", RELATIONS)
def test_relation_all_pairs(player, to, expected):
    assert relation(player, to=to) == expected


def test_relation_matches_properties():
    assert len(RELATIONS) == 16
    for seat in Seat:
        assert relation(seat.lho, to=seat) == "lho"
        assert relation(seat.rho, to=seat) == "rho"
        assert relation(seat.partner, to=seat) == "partner"
    assert relation(S, to=E) == "lho"


# ---------------------------------------------------------------- boards

# Standard 16-board duplicate cycle, written out by hand for boards 1-36.
BOARD_TABLE = {
    1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "Both"),
    5: ("N", "NS"), 6: ("E", "EW"), 7: ("S", "Both"), 8: ("W", "None"),
    9: ("N", "EW"), 10: ("E", "Both"), 11: ("S", "None"), 12: ("W", "NS"),
    13: ("N", "Both"), 14: ("E", "None"), 15: ("S", "NS"), 16: ("W", "EW"),
    17: ("N", "None"), 18: ("E", "NS"), 19: ("S", "EW"), 20: ("W", "Both"),
    21: ("N", "NS"), 22: ("E", "EW"), 23: ("S", "Both"), 24: ("W", "None"),
    25: ("N", "EW"), 26: ("E", "Both"), 27: ("S", "None"), 28: ("W", "NS"),
    29: ("N", "Both"), 30: ("E", "None"), 31: ("S", "NS"), 32: ("W", "EW"),
    33: ("N", "None"), 34: ("E", "NS"), 35: ("S", "EW"), 36: ("W", "Both"),
}


@pytest.mark.parametrize("number", range(1, 37))
def test_board_dealer_and_vulnerability(number):
    dealer, vul = BOARD_TABLE[number]
    board = Board(number)
    assert board.dealer is Seat(dealer)
    assert board.vulnerability == vul


@pytest.mark.parametrize("number", range(1, 37))
def test_board_vulnerable_per_seat(number):
    vul = BOARD_TABLE[number][1]
    board = Board(number)
    ns = vul in ("NS", "Both")
    ew = vul in ("EW", "Both")
    assert board.vulnerable(N) is ns
    assert board.vulnerable(S) is ns
    assert board.vulnerable(E) is ew
    assert board.vulnerable(W) is ew


def test_board_vulnerable_examples():
    assert Board(1).vulnerable(N) is False
    assert Board(2).vulnerable(N) is True and Board(2).vulnerable(E) is False
    assert Board(3).vulnerable("west") is True
    assert Board(4).vulnerable(S) is True and Board(4).vulnerable(E) is True
    assert Board(100).number == 100
    assert Board(100).dealer is W  # 100 = 6*16 + 4 -> like board 4
    assert Board(100).vulnerability == "Both"


@pytest.mark.parametrize("bad", [0, -1, -16, 1.0, "1", True, None])
def test_board_bad_number(bad):
    with pytest.raises(ValueError):
        Board(bad)


def test_board_is_frozen_and_hashable():
    b = Board(5)
    with pytest.raises(Exception):
        b.number = 6
    assert {Board(5), Board(5)} == {b}


# ---------------------------------------------------------------- denominations

def test_denominations():
    assert [d.value for d in Denomination] == ["C", "D", "H", "S", "NT"]
    assert [d.rank for d in Denomination] == [0, 1, 2, 3, 4]
    assert [d.is_suit for d in Denomination] == [True, True, True, True, False]
    assert [d.name_plural for d in Denomination] == [
        "clubs", "diamonds", "hearts", "spades", "notrump"]
    assert str(Denomination.NT) == "NT"


@pytest.mark.parametrize("text,denom", [
    ("C", "C"), ("c", "C"), ("♣", "C"), ("clubs", "C"),
    ("D", "D"), ("♦", "D"), ("H", "H"), ("♥", "H"), ("hearts", "H"),
    ("S", "S"), ("♠", "S"), ("NT", "NT"), ("nt", "NT"), ("N", "NT"),
    ("notrump", "NT"),
])
def test_denomination_parse(text, denom):
    assert Denomination.parse(text) is Denomination(denom)


def test_denomination_parse_bad():
    with pytest.raises(ValueError) as ei:
        Denomination.parse("Z")
    assert "'Z'" in str(ei.value)


# ---------------------------------------------------------------- call parsing

@pytest.mark.parametrize("text,canonical", [
    ("1C", "1C"), ("1c", "1C"), (" 1C ", "1C"), ("1♣", "1C"),
    ("2D", "2D"), ("2d", "2D"), ("2♦", "2D"),
    ("3H", "3H"), ("3h", "3H"), ("3♥", "3H"), ("3♥\ufe0f", "3H"),
    ("4S", "4S"), ("4s", "4S"), ("4♠", "4S"),
    ("3NT", "3NT"), ("3nt", "3NT"), ("3N", "3NT"), ("3n", "3NT"),
    ("3Nt", "3NT"), ("7NT", "7NT"), ("1 NT", "1NT"),
    ("8NT", "8NT"), ("9C", "9C"),
    ("P", "Pass"), ("p", "Pass"), ("Pass", "Pass"), ("pass", "Pass"),
    ("PASS", "Pass"), ("  pass  ", "Pass"),
    ("X", "X"), ("x", "X"), ("Dbl", "X"), ("dbl", "X"), ("Double", "X"),
    ("DOUBLE", "X"),
    ("XX", "XX"), ("xx", "XX"), ("Rdbl", "XX"), ("RDBL", "XX"),
    ("Redouble", "XX"), ("redouble", "XX"),
])
def test_parse_canonical_round_trip(text, canonical):
    call = Call.parse(text)
    assert str(call) == canonical
    assert Call.parse(str(call)) == call
    assert str(Call.parse(canonical)) == canonical


def test_parse_fields():
    assert Call.parse("3nt") == Call("bid", 3, Denomination.NT)
    assert Call.parse("1h") == Call("bid", 1, Denomination.H)
    assert Call.parse("pass") == Call("pass", None, None) == PASS
    assert Call.parse("dbl") == Call("double", None, None) == DOUBLE
    assert Call.parse("rdbl") == Call("redouble", None, None) == REDOUBLE
    call = Call.parse("4♠")
    assert (call.kind, call.level, call.denomination) == ("bid", 4, Denomination.S)
    assert Call.parse(call) is call


@pytest.mark.parametrize("bad", [
    "0C", "0NT", "1X", "2Z", "NT", "N", "C", "", "   ", "10C", "11NT",
    "1", "C1", "1CC", "PP", "XXX", "1C X", "-1C", "1.5C", "one club",
])
def test_parse_bad_raises_with_found_text(bad):
    with pytest.raises(CallSyntaxError) as ei:
        Call.parse(bad)
    msg = str(ei.value)
    assert repr(bad) in msg
    assert "expected" in msg
    assert isinstance(ei.value, ValueError)


def test_syntax_error_message_example():
    with pytest.raises(CallSyntaxError) as ei:
        Call.parse("1X")
    assert str(ei.value) == (
        "'1X' is not a call: expected a level 1-7 and a denomination "
        "C, D, H, S or NT, or Pass, X, XX")


def test_above_seven():
    assert Call.parse("8NT").above_seven is True
    assert Call.parse("9C").above_seven is True
    assert Call.parse("7NT").above_seven is False
    assert Call.parse("1C").above_seven is False
    assert PASS.above_seven is False


@pytest.mark.parametrize("args", [
    ("bid", None, None), ("bid", 0, Denomination.C), ("bid", 1, None),
    ("bid", True, Denomination.C), ("pass", 1, None),
    ("double", None, Denomination.H), ("bogus", None, None),
])
def test_call_construction_validates(args):
    with pytest.raises(ValueError):
        Call(*args)


def test_call_bid_constructor():
    assert Call.bid(2, "h") == Call.parse("2H")
    assert Call.bid(3, Denomination.NT) == Call.parse("3NT")
    assert Call("bid", 1, "S") == Call.parse("1S")


def test_call_kind_properties():
    assert c("1C").is_bid and not PASS.is_bid
    assert PASS.is_pass and DOUBLE.is_double and REDOUBLE.is_redouble
    assert not DOUBLE.is_bid and not REDOUBLE.is_bid


def test_call_hashable_frozen_and_unordered():
    assert len({c("1C"), c("1c"), c("1♣"), PASS, c("p"), DOUBLE, c("x")}) == 3
    d = {c("3NT"): "game"}
    assert d[c("3n")] == "game"
    with pytest.raises(Exception):
        c("1C").level = 2
    with pytest.raises(TypeError):
        c("1C") < c("2C")
    with pytest.raises(TypeError):
        PASS < DOUBLE


# ---------------------------------------------------------------- ranking

def test_rank_values():
    assert c("1C").rank == 0
    assert c("1D").rank == 1
    assert c("1H").rank == 2
    assert c("1S").rank == 3
    assert c("1NT").rank == 4
    assert c("2C").rank == 5
    assert c("3NT").rank == 14
    assert c("7NT").rank == 34
    assert PASS.rank is None and DOUBLE.rank is None and REDOUBLE.rank is None


def test_ranking_order():
    assert c("1NT").outranks(c("1H"))
    assert c("2C").outranks(c("1NT"))
    assert not c("1H").outranks(c("1NT"))
    assert not c("1NT").outranks(c("2C"))
    assert not c("2H").outranks(c("2H"))
    assert c("1S").outranks(c("1H"))
    assert c("1D").outranks(c("1C"))
    legal = [f"{lvl}{d}" for lvl in range(1, 8) for d in ("C", "D", "H", "S", "NT")]
    assert len(legal) == 35
    ranks = [c(t).rank for t in legal]
    assert ranks == list(range(35))
    top = c("7NT")
    for t in legal[:-1]:
        assert top.outranks(c(t))
        assert not c(t).outranks(top)


def test_outranks_non_bid_raises():
    with pytest.raises(ValueError):
        PASS.outranks(c("1C"))
    with pytest.raises(ValueError):
        c("1C").outranks(DOUBLE)


# ---------------------------------------------------------------- sufficiency

def test_is_sufficient():
    assert is_sufficient(c("1C"), None) is True
    assert is_sufficient(c("1NT"), c("1S")) is True
    assert is_sufficient(c("2C"), c("1NT")) is True
    assert is_sufficient(c("1H"), c("1S")) is False
    assert is_sufficient(c("1S"), c("1S")) is False
    assert is_sufficient(c("2D"), c("2H")) is False
    assert is_sufficient(c("7NT"), c("7S")) is True
    assert is_sufficient(c("7C"), c("7NT")) is False


def test_is_sufficient_errors():
    for not_bid in (PASS, DOUBLE, REDOUBLE):
        with pytest.raises(ValueError):
            is_sufficient(not_bid, c("1C"))
        with pytest.raises(ValueError):
            is_sufficient(not_bid, None)
    with pytest.raises(ValueError):
        is_sufficient(c("2C"), DOUBLE)


@pytest.mark.parametrize("denom,last,expected", [
    ("H", "1NT", "2H"),
    ("S", "1S", "2S"),
    ("C", "1D", "2C"),
    ("NT", "1S", "1NT"),
    ("D", "1C", "1D"),
    ("NT", "3NT", "4NT"),
    ("C", "7S", "8C"),
    ("S", "7NT", "8S"),
])
def test_lowest_sufficient(denom, last, expected):
    assert lowest_sufficient(denom, c(last)) == c(expected)
    assert lowest_sufficient(Denomination(denom), c(last)) == c(expected)


def test_lowest_sufficient_edges():
    assert lowest_sufficient("H", None) == c("1H")
    result = lowest_sufficient("S", c("7NT"))
    assert str(result) == "8S"
    assert result.above_seven is True
    assert lowest_sufficient("NT", c("6NT")).above_seven is False
    with pytest.raises(ValueError):
        lowest_sufficient("H", PASS)
    with pytest.raises(ValueError):
        lowest_sufficient("Z", c("1C"))


# ---------------------------------------------------------------- auction

def calls(*texts):
    return [c(t) for t in texts]


@pytest.mark.parametrize("seq,over", [
    ((), False),
    (("P",), False),
    (("P", "P", "P"), False),
    (("P", "P", "P", "P"), True),
    (("1C",), False),
    (("1C", "P", "P"), False),
    (("1C", "P", "P", "P"), True),
    (("P", "1C", "P", "P", "P"), True),
    (("P", "P", "P", "1C", "P", "P", "P"), True),
    (("P", "P", "P", "1C", "P", "P"), False),
    (("1C", "X", "P", "P", "P"), True),
    (("1C", "X", "XX", "P", "P", "P"), True),
    (("1C", "X", "XX", "P", "P"), False),
    (("1H", "P", "2H", "P", "P", "P"), True),
    (("1H", "P", "P", "2C", "P", "P"), False),
])
def test_auction_is_over(seq, over):
    assert auction_is_over(calls(*seq)) is over


def test_auction_is_over_accepts_text():
    assert auction_is_over(["pass", "p", "Pass", "P"]) is True
    assert auction_is_over(["1nt", "p", "p"]) is False


def test_last_bid():
    assert last_bid([]) is None
    assert last_bid(calls("P", "P")) is None
    assert last_bid(calls("1C", "X", "XX", "P")) == c("1C")
    assert last_bid(calls("1C", "1H", "P", "P", "X")) == c("1H")
    assert last_bid(calls("1C", "P", "2NT", "P", "3NT", "P", "P", "P")) == c("3NT")


# ---------------------------------------------------------------- double / redouble

def seated(dealer, *texts):
    return [(seat_after(dealer, i), c(t)) for i, t in enumerate(texts)]


def test_double_nothing_to_double():
    assert double_admissible([], N) is False
    assert double_admissible(seated(N, "P", "P"), S) is False


def test_double_opponents_bid():
    auction = seated(N, "1H")           # N bids 1H
    assert double_admissible(auction, E) is True
    assert double_admissible(auction, W) is True
    assert double_admissible(auction, S) is False   # partner's bid
    assert double_admissible(auction, N) is False   # own bid


def test_double_opponents_bid_after_two_passes():
    auction = seated(N, "1H", "P", "P")  # N 1H, E pass, S pass; W to call
    assert double_admissible(auction, W) is True
    assert double_admissible(auction, E) is True


def test_double_partners_bid_after_passes_inadmissible():
    auction = seated(N, "1H", "P")       # N 1H, E pass; S to call
    assert double_admissible(auction, S) is False


def test_double_a_double_inadmissible():
    auction = seated(N, "1H", "X")       # E doubled
    assert double_admissible(auction, S) is False   # double of a double
    assert double_admissible(auction, W) is False   # partner's double
    auction = seated(N, "1H", "X", "P")  # S pass; W to call
    assert double_admissible(auction, W) is False


def test_double_after_redouble_inadmissible():
    auction = seated(N, "1H", "X", "XX")
    for seat in Seat:
        assert double_admissible(auction, seat) is False


def test_redouble_only_over_opponents_double():
    auction = seated(N, "1H", "X")       # N 1H, E X; S to call
    assert redouble_admissible(auction, S) is True
    assert redouble_admissible(auction, N) is True
    assert redouble_admissible(auction, W) is False  # partner's double
    assert redouble_admissible(auction, E) is False  # own double
    auction = seated(N, "1H", "X", "P", "P")  # back round to N
    assert redouble_admissible(auction, N) is True
    auction = seated(N, "1H", "X", "P")  # W to call: partner's double
    assert redouble_admissible(auction, W) is False


def test_redouble_without_double_inadmissible():
    assert redouble_admissible([], N) is False
    assert redouble_admissible(seated(N, "1H"), E) is False
    assert redouble_admissible(seated(N, "1H", "P"), S) is False
    assert redouble_admissible(seated(N, "1H", "X", "XX"), E) is False
    assert redouble_admissible(seated(N, "1H", "X", "XX", "P"), N) is False


def test_new_bid_clears_double():
    auction = seated(N, "1H", "X", "2H")  # S bids over the double
    assert redouble_admissible(auction, N) is False
    assert double_admissible(auction, W) is True
    assert double_admissible(auction, N) is False


def test_admissibility_accepts_text():
    assert double_admissible([("north", "1h"), ("e", "p")], "w") is True
    assert redouble_admissible([("N", "1H"), ("E", "dbl")], "South") is True


def test_a_passed_out_auction_has_no_contract_even_with_bids_after_it():
    from bridge_director.bridge.table import final_contract
    calls = [("N", "Pass"), ("E", "Pass"), ("S", "Pass"), ("W", "Pass"), ("N", "1D"), ("E", "2C")]
    assert final_contract(calls) is None
    assert final_contract([("N", "1D"), ("E", "Pass"), ("S", "Pass"), ("W", "Pass"), ("N", "2C")])[0] == "1D"

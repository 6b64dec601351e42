"""Tests for bridge_director.bridge.pbn: deal strings, PBN files, errors with file:line:col."""
from __future__ import annotations

import pathlib

import pytest

from bridge_director.bridge.pbn import Card, Deal, DuplicateCardError, Hand, PbnError, parse_deal, parse_pbn, read_pbn
from bridge_director.bridge.table import Seat

FIX = pathlib.Path(__file__).parent / "fixtures" / "deals"

DEAL = "N:AKQ2.KJ4.T93.A82 T98.Q7.AK84.KQ63 J76.A985.Q76.JT9 543.T632.J52.754"


def test_parse_deal_hands_and_seats():
    d = parse_deal(DEAL)
    assert d.hand("N").to_pbn() == "AKQ2.KJ4.T93.A82"
    assert d.hand(Seat.E).lengths() == (3, 2, 4, 4)
    assert d.hand("W").pattern() == (4, 3, 3, 3)
    assert d.is_complete_and_valid()
    assert d.cards_per_hand() == {Seat.N: 13, Seat.E: 13, Seat.S: 13, Seat.W: 13}
    assert d.missing_cards() == () and d.duplicated_cards() == ()
    assert d.holder_of("SA") == "N"
    assert d.holder_of(Card("C", "6")) is Seat.E
    assert d.holder_of("2d") == Seat.W  # rank-first, lower case


def test_first_seat_does_not_change_the_deal():
    other = "S:J76.A985.Q76.JT9 543.T632.J52.754 AKQ2.KJ4.T93.A82 T98.Q7.AK84.KQ63"
    assert parse_deal(other) == parse_deal(DEAL)
    assert parse_deal(other).key() == DEAL
    assert parse_deal(DEAL).to_pbn("E").startswith("E:T98.Q7.AK84.KQ63 J76")


def test_void_is_empty_between_dots_and_ranks_are_sorted():
    d = parse_deal("N:AKQJT98765432... .AKQJT98765432.. ..23456789TJQKA. ...AKQJT98765432")
    assert d.hand("N").lengths() == (13, 0, 0, 0)
    assert d.hand("S").ranks("D") == "AKQJT98765432"
    assert d.is_complete_and_valid()


def test_fourteen_twelve_is_parseable_but_not_valid():
    d = parse_deal("N:AKQJ.AKQ.AKQ.AKQJ T98.JT9.JT9.T987 7654.876.876.654 32.5432.5432.32")
    assert d.cards_per_hand() == {"N": 14, "E": 13, "S": 13, "W": 12}
    assert not d.is_complete_and_valid()
    assert d.missing_cards() == ()
    assert "N holds 14 cards" in d.problems()


def test_missing_and_duplicated_cards():
    # East's CK replaced by a second SA: SA twice, CK missing
    d = parse_deal("N:AKQ2.KJ4.T93.A82 AT98.Q7.AK84.Q63 J76.A985.Q76.JT9 543.T632.J52.754")
    assert [str(c) for c in d.duplicated_cards()] == ["SA"]
    assert [str(c) for c in d.missing_cards()] == ["CK"]
    assert d.holders_of("SA") == (Seat.N, Seat.E)
    assert d.holder_of("CK") is None
    with pytest.raises(DuplicateCardError):
        d.holder_of("SA")
    assert not d.is_complete_and_valid()


def test_unknown_hand_dash():
    d = parse_deal("N:AKQ2.KJ4.T93.A82 - J76.A985.Q76.JT9 543.T632.J52.754")
    assert d.unknown_seats == {Seat.E}
    assert len(d.missing_cards()) == 13
    assert not d.is_complete_and_valid()
    assert d.to_pbn().split()[1] == "-"


@pytest.mark.parametrize("text, col, expected", [
    ("AKQ2.KJ4.T93.A82", 1, "expected a first seat N, E, S or W and ':', found 'AK'"),
    ("N:AKQ2.KJ4.T93.A82 T98.Q7.AK84.KQ63 J76.A985.Q76.JT9", 53,
     "expected 4 hands separated by spaces, found 3"),
    ("N:AKQ2.KJ4.T93.A82 T98.Q7.AK84.KQ63 J76.A985.Q76.JT9 543.T632.J52.754 AK", 71,
     "expected 4 hands separated by spaces, found 5"),
    ("N:AKQ2.KJ4.T93.A82 T98.Q7.AK84.KQ63 J76.A985.Q76 543.T632.J52.754", 37,
     "expected 4 suits separated by '.' in S's hand, found 3"),
    ("N:AKQ2.KJ4.T93.A82 T98.Qx.AK84.KQ63 J76.A985.Q76.JT9 543.T632.J52.754", 25,
     "expected a rank from AKQJT98765432 in E's hearts, found 'x'"),
    ("N:AKQ2.KJ4.T93.A82 T98.Q7.AK84.KQ63 J76.A985.Q76.J109 543.T632.J52.754", 51,
     "found '1' (write T for ten)"),
])
def test_deal_errors_name_the_column(text, col, expected):
    with pytest.raises(PbnError) as ei:
        parse_deal(text, file="hands.pbn", line=14, column=1)
    e = ei.value
    assert (e.file, e.line, e.column) == ("hands.pbn", 14, col)
    assert expected in str(e)
    assert str(e).startswith(f"hands.pbn:14:{col}: Deal: ")


PBN = """% PBN 2.1
% EXPORT
; a comment line
[Event "club night"]
[Board "7"]
[Dealer "S"] [Vulnerable "All"]
{a comment
 spanning [Deal "not a tag"] lines}
[Deal "E:T98.Q7.AK84.KQ63 J76.A985.Q76.JT9 543.T632.J52.754 AKQ2.KJ4.T93.A82"]
[Auction "S"]
1S Pass 2S Pass
Pass Pass
[Note "1:strange \\"quoted\\" note"]

[Event "#"]
[Board "8"]
[Dealer "W"]
[Vulnerable "None"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Board "9"]
[Dealer "N"]
[Vulnerable "EW"]
[Deal "#"]
"""


def test_parse_pbn_file_with_comments_sections_and_inheritance():
    boards = parse_pbn(PBN, "club.pbn")
    assert [b.number for b in boards] == [7, 8, 9]
    b = boards[0]
    assert (b.dealer, b.vulnerability, b.line, b.file) == (Seat.S, "Both", 9, "club.pbn")
    assert b.deal.key() == DEAL
    assert b.tags["Note"] == '1:strange "quoted" note'
    assert boards[1].tags["Event"] == "club night"
    assert boards[1].vulnerability == "None"
    assert boards[2].deal == boards[1].deal          # [Deal "#"] copies the previous deal
    assert boards[2].vulnerability == "EW"


@pytest.mark.parametrize("text, where, expected", [
    ('[Board "1"]\n[Dealer "X"]\n[Deal "N:... ... ... ..."]\n', "f.pbn:2:10:",
     "Dealer: expected N, E, S or W, found 'X'"),
    ('[Board "one"]\n[Deal "N:... ... ... ..."]\n', "f.pbn:1:9:",
     "Board: expected a board number"),
    ('[Vulnerable "Some"]\n[Deal "N:... ... ... ..."]\n', "f.pbn:1:14:",
     "Vulnerable: expected None, NS, EW or All, found 'Some'"),
    ('[Board "1"\n', "f.pbn:1:11:", "Board: expected ']' to close the tag, found end of line"),
    ('[Board 1]\n', "f.pbn:1:8:", 'Board: expected a quoted value "...", found \'1\''),
    ('{ never closed\n[Board "1"]\n', "f.pbn:1:1:", "expected '}' to close the comment"),
])
def test_pbn_file_errors(text, where, expected):
    with pytest.raises(PbnError) as ei:
        parse_pbn(text, "f.pbn")
    assert str(ei.value).startswith(where)
    assert expected in str(ei.value)


def test_fixture_three_hands():
    with pytest.raises(PbnError) as ei:
        read_pbn(FIX / "bad-three-hands.pbn")
    e = ei.value
    assert e.line == 6 and e.column == 60
    assert str(e).endswith("Deal: expected 4 hands separated by spaces, found 3")


def test_fixture_bad_rank():
    with pytest.raises(PbnError) as ei:
        read_pbn(FIX / "bad-rank.pbn")
    assert (ei.value.line, ei.value.column) == (5, 74)
    assert "found 'x'" in str(ei.value)


def test_fixture_fourteen_twelve_reads():
    (b,) = read_pbn(FIX / "fourteen-twelve.pbn")
    assert b.deal.cards_per_hand() == {"N": 14, "E": 13, "S": 13, "W": 12}
    assert not b.deal.is_complete_and_valid()


def test_fixture_sets_read():
    good = read_pbn(FIX / "good-shuffle.pbn")
    assert len(good) == 32 and [b.number for b in good] == list(range(1, 33))
    assert all(b.deal.is_complete_and_valid() for b in good)
    assert good[3].dealer == "W" and good[3].vulnerability == "Both"
    assert len(read_pbn(FIX / "diamond-set.pbn")) == 16


def test_missing_file_is_pbn_error():
    with pytest.raises(PbnError) as ei:
        read_pbn(FIX / "no-such-file.pbn")
    assert "no such file" in str(ei.value) and "no-such-file.pbn" in str(ei.value)


def test_hand_helpers():
    h = Hand.from_cards(["SA", "S2", "HK", "DT", "C5"])
    assert h.to_pbn() == "A2.K.T.5" and len(h) == 5
    assert Hand.from_suits("2KA").ranks("S") == "AK2"
    assert isinstance(parse_deal(DEAL), Deal)
    with pytest.raises(ValueError):
        Card.parse("Z9")

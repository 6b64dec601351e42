"""Generate the PBN fixtures in tests/fixtures/deals/ (deterministic: random.Random(2026)).

Run from the checkout root:  python3 tools/make_deal_fixtures.py

Files written:

good-shuffle.pbn
    32 boards, each from a uniformly random permutation of the pack
    (``Random.shuffle``), dealt one card at a time clockwise.

diamond-set.pbn
    16 boards reproducing the reported outcome of a contractor's poorly
    shuffled new packs (13 of 16 boards with diamond slams).  The contractor's
    actual process is unknown, and dealing a barely shuffled new pack one card
    at a time makes *flat* hands rather than long suits (see
    riffled-new-packs.pbn), so this set is constructed directly: on 13 of the 16
    boards (chosen at random) one seat (chosen at random) is given 6, 7 or 8
    diamonds (chosen at random); the rest of the pack is shuffled and fills the
    four hands.  The other 3 boards are dealt normally.

riffled-new-packs.pbn
    16 boards, each from a new pack in factory order (spades A-K, diamonds
    A-K, clubs K-A, hearts K-A), cut near the middle and riffled twice
    (Gilbert-Shannon-Reeds model), then dealt one card at a time clockwise.

sorted-deal.pbn
    4 boards: 1 and 3 dealt normally; 2 dealt one card at a time clockwise
    straight from a sorted pack (spades A-2, hearts, diamonds, clubs); 4 dealt
    in packets of 13 from the same sorted pack (each hand one whole suit).

bad-three-hands.pbn, bad-rank.pbn
    Malformed: a deal with 3 hands; a deal with an 'x' rank.

fourteen-twelve.pbn
    Valid syntax, but North holds 14 cards and West 12.
"""
from __future__ import annotations

import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridge_director.bridge.pbn import RANKS, SEATS, SUITS, Card, Deal, Hand  # noqa: E402
from bridge_director.bridge.table import Board  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "deals"
PACK = [Card(s, r) for s in SUITS for r in RANKS]


def deal_rotation(order: list[Card]) -> Deal:
    hands = {s: [] for s in SEATS}
    for i, c in enumerate(order):
        hands[SEATS[i % 4]].append(c)
    return Deal({s: Hand.from_cards(h) for s, h in hands.items()})


def deal_packets(order: list[Card]) -> Deal:
    return Deal({s: Hand.from_cards(order[13 * i:13 * i + 13]) for i, s in enumerate(SEATS)})


def riffle(order: list[Card], rng: random.Random) -> list[Card]:
    cut = sum(rng.random() < 0.5 for _ in order)
    left, right = order[:cut], order[cut:]
    out = []
    while left or right:
        if rng.random() < len(left) / (len(left) + len(right)):
            out.append(left.pop(0))
        else:
            out.append(right.pop(0))
    return out


def new_pack() -> list[Card]:
    asc = RANKS[::-1][-1:] + RANKS[::-1][:-1]   # A 2 3 ... K
    return ([Card("S", r) for r in asc] + [Card("D", r) for r in asc]
            + [Card("C", r) for r in asc[::-1]] + [Card("H", r) for r in asc[::-1]])


def board_text(number: int, deal: Deal, comment: str | None = None) -> str:
    b = Board(number)
    vul = {"Both": "All"}.get(b.vulnerability, b.vulnerability)
    lines = []
    if comment:
        lines.append(f"{{{comment}}}")
    lines += [f'[Board "{number}"]', f'[Dealer "{b.dealer}"]', f'[Vulnerable "{vul}"]',
              f'[Deal "{deal.to_pbn(b.dealer)}"]', ""]
    return "\n".join(lines)


def write(name: str, header: str, boards: list[str]) -> None:
    text = "% PBN 2.1\n% EXPORT\n; " + header + "\n\n" + "\n".join(boards)
    (OUT / name).write_text(text, encoding="utf-8")


def main() -> None:
    rng = random.Random(2026)
    OUT.mkdir(parents=True, exist_ok=True)

    boards = []
    for n in range(1, 33):
        order = PACK[:]
        rng.shuffle(order)
        boards.append(board_text(n, deal_rotation(order)))
    write("good-shuffle.pbn", "32 boards, thorough (uniform random) shuffle, seed 2026", boards)

    boards = []
    long_boards = set(rng.sample(range(1, 17), 13))
    for n in range(1, 17):
        if n in long_boards:
            seat = rng.choice(SEATS)
            k = rng.choice((6, 7, 8))
            diamonds = rng.sample([c for c in PACK if c.suit == "D"], k)
            rest = [c for c in PACK if c not in diamonds]
            rng.shuffle(rest)
            hands = {s: [] for s in SEATS}
            hands[seat] = diamonds
            for s in SEATS:
                need = 13 - len(hands[s])
                hands[s] = hands[s] + rest[:need]
                rest = rest[need:]
            deal = Deal({s: Hand.from_cards(h) for s, h in hands.items()})
        else:
            order = PACK[:]
            rng.shuffle(order)
            deal = deal_rotation(order)
        boards.append(board_text(n, deal))
    write("diamond-set.pbn", "16 boards, 13 with a hand of 6-8 diamonds (constructed; see "
          "tools/make_deal_fixtures.py)", boards)

    boards = []
    for n in range(1, 17):
        order = new_pack()
        for _ in range(2):
            order = riffle(order, rng)
        boards.append(board_text(n, deal_rotation(order)))
    write("riffled-new-packs.pbn", "16 boards, new packs riffled twice, dealt clockwise",
          boards)

    sorted_pack = PACK[:]
    boards = []
    for n in range(1, 5):
        if n == 2:
            deal, note = deal_rotation(sorted_pack), "dealt clockwise from a sorted pack"
        elif n == 4:
            deal, note = deal_packets(sorted_pack), "dealt in packets of 13 from a sorted pack"
        else:
            order = PACK[:]
            rng.shuffle(order)
            deal, note = deal_rotation(order), None
        boards.append(board_text(n, deal, note))
    write("sorted-deal.pbn", "boards 2 and 4 dealt from a sorted pack", boards)

    good = (OUT / "good-shuffle.pbn").read_text().split("\n\n")
    first_deal = next(line for line in good[2].splitlines() if line.startswith('[Deal "'))
    three = first_deal.rsplit(" ", 1)[0] + '"]'
    (OUT / "bad-three-hands.pbn").write_text(
        '% PBN 2.1\n[Event "three hands"]\n[Board "1"]\n[Dealer "N"]\n'
        '[Vulnerable "None"]\n' + three + "\n", encoding="utf-8")
    bad = first_deal[:-5] + "x" + first_deal[-4:]
    (OUT / "bad-rank.pbn").write_text(
        '% PBN 2.1\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + bad + "\n",
        encoding="utf-8")
    (OUT / "fourteen-twelve.pbn").write_text(
        '% PBN 2.1\n; North holds 14 cards, West 12\n[Board "1"]\n[Dealer "N"]\n'
        '[Vulnerable "None"]\n'
        '[Deal "N:AKQJ.AKQ.AKQ.AKQJ T98.JT9.JT9.T987 7654.876.876.654 32.5432.5432.32"]\n',
        encoding="utf-8")


if __name__ == "__main__":
    main()

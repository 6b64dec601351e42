"""Laying a ruling out as text, made cheaper, says the same:

- bridge_director.ruling.wrap.wrap gives textwrap.wrap's lines, whatever the text and options
  (random texts of words, spaces, other whitespace, hyphens and long words, at many widths);
- the pattern that finds seat letters and sides to write in full (written letter first, for
  speed) matches exactly where the pattern it replaced matched.
"""

import random
import re
import textwrap

import pytest

from bridge_director.ruling.i18n import _SEAT_RE, seats_in_full
from bridge_director.ruling.wrap import wrap

WORDS = ["a", "the", "North", "East's", "1H", "27B1(a)", "could-have-known", "—", "x" * 30, "y" * 95,
         "North-South", "(event", "3)", "", "é", "pass;", "--", "a-b", "word.", "\u00a0", "\t", "  "]


def texts(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        words = [rng.choice(WORDS) for _ in range(rng.randint(0, 40))]
        seps = [rng.choice([" "] * 12 + ["  ", "\t", "\n", "\u00a0"]) for _ in words]
        text = "".join(w + s for w, s in zip(words, seps))
        if rng.random() < 0.7:
            text = text.strip(" ")
        yield text


@pytest.mark.parametrize("seed", range(6))
def test_the_same_lines_as_textwrap(seed):
    rng = random.Random(seed)
    for text in texts(1500, seed):
        width = rng.choice([10, 12, 20, 31, 40, 60, 85, 96, 120])   # (textwrap itself can loop for ever below)
        ind = rng.choice([("", ""), ("  - ", "    "), ("     ", "     "), ("  > ", "    "), ("", "  ")])
        hy, lw = rng.random() < 0.5, rng.random() < 0.5
        want = textwrap.wrap(text, width, initial_indent=ind[0], subsequent_indent=ind[1],
                             break_on_hyphens=hy, break_long_words=lw)
        assert wrap(text, width, ind[0], ind[1], hy, lw) == want, (text, width, ind, hy, lw)


def test_plain_words_take_the_greedy_path_and_give_textwrap_lines():
    text = "West's 1H (event 2) is cancelled and West must replace it with a legal call; " * 3
    text = text.strip()
    for width in range(8, 130):
        assert wrap(text, width, break_on_hyphens=False, break_long_words=False) == \
            textwrap.wrap(text, width, break_on_hyphens=False, break_long_words=False)
        assert wrap(text, width, "  - ", "    ") == textwrap.wrap(text, width, initial_indent="  - ", subsequent_indent="    ")


def test_random_plain_texts_at_every_width():
    rng = random.Random(7)
    plain = ["a", "the", "West's", "1H", "27B1(a)", "(event", "3),", "x" * 14, "y" * 40, "é", "pass;"]
    for _ in range(3000):
        text = " ".join(rng.choice(plain) for _ in range(rng.randint(1, 30)))
        width = rng.randint(10, 120)
        ind = rng.choice([("", ""), ("  - ", "    "), ("     ", "     "), ("", "  ")])
        for hy, lw in ((False, False), (True, True), (False, True), (True, False)):
            want = textwrap.wrap(text, width, initial_indent=ind[0], subsequent_indent=ind[1],
                                 break_on_hyphens=hy, break_long_words=lw)
            assert wrap(text, width, ind[0], ind[1], hy, lw) == want, (text, width, ind, hy, lw)


#: the pattern _SEAT_RE replaced (lookbehinds first: the engine tried it at every position)
_BEFORE = re.compile(r"(?<![\w'’-])([NESW])(?![\w-])|(?<![\w-])([NESW])(?='s\b)|\b(N-S|E-W|NS|EW)\b")


def test_the_seat_pattern_matches_where_the_pattern_before_it_did():
    rng = random.Random(1)
    alpha = list("NESW-' ’sxa1\n") + ["NS", "EW", "N-S", "E-W", "'s", "South", "W's", "1S", "S1", "é", "_", "(", ")"]
    for _ in range(100_000):
        t = "".join(rng.choice(alpha) for _ in range(rng.randint(0, 12)))
        assert [m.span() for m in _SEAT_RE.finditer(t)] == [m.span() for m in _BEFORE.finditer(t)], t


def test_seats_and_sides_in_full():
    text = "W's 1H (event 2): N-S may accept it; E must pass, NS and EW score; 1S, 27B1(a), S's turn, N."
    assert seats_in_full(text) == ("West's 1H (event 2): North-South may accept it; East must pass, North-South and "
                                   "East-West score; 1S, 27B1(a), South's turn, North.")
    assert seats_in_full("E-W and W", "pt") == "Leste-Oeste and Oeste"

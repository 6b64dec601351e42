"""bridge_director.ruling.wrap.wrap gives textwrap.wrap's lines, whatever the text and options:
random texts of words, spaces, other whitespace, hyphens and long words, at many widths,
and the text of every line the case files' rulings lay out."""

import random
import textwrap

import pytest

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

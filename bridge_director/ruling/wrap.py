"""``wrap``: ``textwrap.wrap``'s lines, made without its machinery for the text a ruling is made of.

A ruling's lines are words with single spaces between them. For such a text the lines
``textwrap.wrap`` makes (its default whitespace handling) are the greedy ones: a word joins
the line when the line, a space and the word fit the width; a word longer than the width
stands alone on its line when long words are not broken. That is worked out here directly,
which costs a tenth of textwrap's chunking and regular expressions; any other text (other
whitespace, doubled spaces, hyphens that may break, a word that must be broken) goes to
``textwrap.wrap`` itself. tests/test_layout_text.py holds the two side by side.
"""

from __future__ import annotations
import textwrap


def wrap(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "",
         break_on_hyphens: bool = True, break_long_words: bool = True) -> list[str]:
    """The lines ``textwrap.wrap(text, width, initial_indent=..., subsequent_indent=...,
    break_on_hyphens=..., break_long_words=...)`` gives, the same in every case."""
    plain = bool(text) and " ".join(text.split()) == text
    if plain and 0 < len(text) <= width - len(initial_indent) and width - len(subsequent_indent) > 0:
        # the whole text fits on the first line: one line however its hyphens could break
        return [initial_indent + text]
    if (not plain or (break_on_hyphens and "-" in text)
            or width - len(initial_indent) <= 0 or width - len(subsequent_indent) <= 0):
        return textwrap.wrap(text, width, initial_indent=initial_indent, subsequent_indent=subsequent_indent,
                             break_on_hyphens=break_on_hyphens, break_long_words=break_long_words)
    room = width - len(initial_indent)
    if len(text) <= room:
        return [initial_indent + text]
    # each line is the longest run of whole words that fits: up to the last space at or
    # before the room (a space at the room itself ends a line that fills it exactly)
    lines: list[str] = []
    indent, rest = initial_indent, text
    while len(rest) > room:
        cut = rest.rfind(" ", 0, room + 1)
        if cut < 0:                  # a word longer than the room
            if break_long_words:
                return textwrap.wrap(text, width, initial_indent=initial_indent, subsequent_indent=subsequent_indent,
                                     break_on_hyphens=break_on_hyphens, break_long_words=break_long_words)
            cut = rest.find(" ")
            if cut < 0:
                break
        lines.append(indent + rest[:cut])
        rest = rest[cut + 1:]
        indent, room = subsequent_indent, width - len(subsequent_indent)
    lines.append(indent + rest)
    return lines

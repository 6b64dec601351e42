"""One line for the user: an error message as it may be printed, whatever it quotes.

``one_line(text)``: every line break, control and format character written as an escape
(``\\r``, ``\\u202e``), so that a key or value quoted in an error (a key ``"\\r"``, a name with
a right-to-left override) can neither break the one line nor reorder it on screen; and a line
longer than ``LIMIT`` characters shortened in the middle (its start names the place and the
field, its end what was expected or found), so that a 100 KB value quoted whole does not fill
the terminal.
"""
from __future__ import annotations

#: the longest line an error may be
LIMIT = 600
_KEEP_HEAD, _KEEP_TAIL = 360, 200


def one_line(text: str) -> str:
    """``text`` as one printable line of at most LIMIT characters (see the module)."""
    if not (text.isascii() and text.isprintable()):
        import unicodedata
        text = "".join(ch if ch == " " or unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp", "Zs", "Cs", "Co", "Cn")
                       else ch.encode("unicode_escape").decode("ascii") for ch in text)
    if len(text) > LIMIT:
        text = f"{text[:_KEEP_HEAD]} [... {len(text) - _KEEP_HEAD - _KEEP_TAIL:,} characters ...] {text[-_KEEP_TAIL:]}"
    return text

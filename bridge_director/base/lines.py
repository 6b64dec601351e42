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


_SURROGATE = __import__("re").compile("[\ud800-\udfff]")


def displayable(text: str) -> str:
    """``text`` with each lone surrogate written as an escape: ``\\xfd`` for a byte of a file
    or folder name that is not UTF-8 (Python reads byte 0xFD of a name as U+DCFD), ``\\ud800``
    for any other. No file, page or terminal can hold a lone surrogate: a document naming such a
    folder was an internal error (UnicodeEncodeError)."""
    if text.isascii() or not _SURROGATE.search(text):
        return text
    return _SURROGATE.sub(lambda m: f"\\x{ord(m[0]) - 0xDC00:02x}" if 0xDC80 <= ord(m[0]) <= 0xDCFF
                          else f"\\u{ord(m[0]):04x}", text)


def finalize(value):
    """A Jinja ``finalize``: every text a template prints made :func:`displayable` (markup kept
    markup, so nothing is escaped twice)."""
    if isinstance(value, str) and not value.isascii():
        shown = displayable(value)
        if shown is not value:
            return type(value)(shown) if type(value) is not str else shown
    return value

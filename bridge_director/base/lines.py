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


_UNSHOWN = ("Cc", "Cf", "Zl", "Zp", "Zs", "Cs", "Co", "Cn")


def _escaped(text: str, keep: str, unshown: tuple = _UNSHOWN) -> str:
    import unicodedata
    return "".join(ch if ch == " " or ch in keep or unicodedata.category(ch) not in unshown
                   else ch.encode("unicode_escape").decode("ascii") for ch in text)


#: what a case's words may not send to a terminal (spaces of every width are shown as spaces)
_CONTROL = ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn")


def inline(text) -> str:
    """``text`` (a case's own words: its title, id, file name, a player's or a session's name)
    with every line break, control and format character written as an escape (``\\n``,
    ``\\x1b``), as the error lines show them: put in a line of output it can neither end that
    line, forge another (a ``PASS`` line of ``director check``), nor send the terminal a control
    sequence (clear the screen, set the window title, write the clipboard)."""
    text = str(text)
    return text if text.isascii() and text.isprintable() else _escaped(text, "", _CONTROL)


def for_terminal(text: str) -> str:
    """A whole output of several lines (a ruling as text or markdown, a comparison, a table's
    lines), every control and format character but the line break written as an escape: the
    words of a case reach the terminal as words, never as control sequences."""
    if text.isascii() and all(ch.isprintable() or ch in "\n\t" for ch in text):
        return text
    return _escaped(text, "\n\t", _CONTROL)


def one_line(text: str) -> str:
    """``text`` as one printable line of at most LIMIT characters (see the module)."""
    if not (text.isascii() and text.isprintable()):
        text = _escaped(text, "")
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


#: what ends a line in a text (as str.splitlines reads it; CR LF as one)
_BREAKS = __import__("re").compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
#: characters that are Markdown anywhere in a line (CommonMark's emphasis, code, links, headings,
#: raw HTML and entities; GitHub's table cells and strike-through): each written after a backslash
_MARKUP = __import__("re").compile(r"([\\`*_\[\]<>#|~&])")
#: what is Markdown only at the start of a line: a list item, a setext underline, a numbered item
_LINE_START = __import__("re").compile(r"[-+=:]|\d+(?=[.)])")


def markdown_text(text) -> str:
    """``text`` (a case's words: a title, notes, a remark) as Markdown that shows as itself, on one
    line: no heading, list, link, image, table cell, raw HTML or entity of its own, however a
    renderer (pandoc, a wiki) reads the file. Line breaks become spaces; each character that is
    markup is escaped with a backslash (a committee reading the raw file still reads the words)."""
    s = inline(" ".join(part.strip() for part in _BREAKS.split(str(text)) if part.strip()))
    s = _MARKUP.sub(r"\\\1", s)
    m = _LINE_START.match(s)
    if m:
        s = s[:m.end()] + "\\" + s[m.end():] if m[0][0].isdigit() else "\\" + s
    return s


def markdown_code(text) -> str:
    """``text`` as a Markdown code span on one line, whatever backquotes it holds (the fence is
    one backquote longer than its longest run of them)."""
    s = inline(" ".join(_BREAKS.split(str(text))))
    fence = "`" * (max((len(run) for run in __import__("re").findall("`+", s)), default=0) + 1)
    pad = " " if s[:1] == "`" or s[-1:] == "`" else ""
    return f"{fence}{pad}{s}{pad}{fence}"


def finalize(value):
    """A Jinja ``finalize``: every text a template prints made :func:`displayable` (markup kept
    markup, so nothing is escaped twice)."""
    if isinstance(value, str) and not value.isascii():
        shown = displayable(value)
        if shown is not value:
            return type(value)(shown) if type(value) is not str else shown
    return value

"""Where ``director rule`` reads a case from: a YAML case file, standard input (``-``), or a
PBN file. Only the reading; the case is an bridge_director.session.draft.Draft."""
from __future__ import annotations

import sys
from pathlib import Path

from bridge_director.base.yamlpos import InputError


def _looks_like_pbn(text: str) -> bool:
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith(("%", ";")):
            continue
        return s.startswith("[")
    return False


def read_stdin(limit: int) -> str:
    """Standard input as text (UTF-8, newlines as ``\\n``), of at most ``limit`` bytes: no more
    than ``limit + 1`` bytes are read, and more than ``limit`` is refused, so a huge pipe costs
    no time or memory.

    Raises:
        InputError: more than ``limit`` bytes, or bytes that are not UTF-8.
    """
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:          # a text stream without bytes below it (a test's StringIO)
        data = sys.stdin.read(limit + 1).encode("utf-8")
    else:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise InputError("<stdin>", 0, 0, "", f"standard input holds more than {limit:,} bytes; a case holds at "
                                              f"most {limit:,} bytes ({limit // 1_000_000} MB): refused unread")
    from bridge_director.base.yamlpos import decode_utf8
    text = decode_utf8(data, "<stdin>")
    return text.replace("\r\n", "\n").replace("\r", "\n")   # as a text stream reads it


def load_any(name: str):
    """A Draft for a case given as ``-`` (standard input: YAML or PBN) or a ``.pbn`` file;
    None for a YAML case file (rule on it as it is: bridge_director.session.api.rule_file).

    Raises:
        InputError: unreadable or malformed input (file:line:col: what was expected).
    """
    from bridge_director.case.shapes import MAX_BYTES, MAX_VALUES
    from bridge_director.session.draft import Draft
    if name == "-":
        text = read_stdin(MAX_BYTES)
        if not text.strip():
            raise InputError("<stdin>", 0, 0, "", "expected a case (YAML or PBN) on standard input, found nothing")
        if _looks_like_pbn(text.lstrip("\ufeff")):      # a byte-order mark (Windows programs write one) first
            from bridge_director.session.pbn_case import draft_from_pbn
            return draft_from_pbn(text.lstrip("\ufeff"), "<stdin>")
        from bridge_director.case.load import from_data
        from bridge_director.base.yamlpos import loads
        case = from_data(loads(text, "<stdin>", max_nodes=MAX_VALUES), "<stdin>")
        return Draft.from_text(case, text)
    if Path(name).suffix.lower() == ".pbn":
        from bridge_director.session.pbn_case import draft_from_pbn
        from bridge_director.base.files import read_bytes, regular_input
        size = regular_input(name, "a case file").st_size     # a FIFO or a device refused unopened
        if size > MAX_BYTES:
            raise InputError(name, 0, 0, "", f"the file is {size:,} bytes; a case file holds at most "
                                             f"{MAX_BYTES:,} bytes ({MAX_BYTES // 1_000_000} MB): refused unread")
        data = read_bytes(name, MAX_BYTES, "a case file")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
        return draft_from_pbn(text, name)
    return None

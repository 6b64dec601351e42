"""Where ``director rule`` reads a case from: a YAML case file, standard input (``-``), or a
PBN file. Only the reading; the case is an engine.compose.Draft."""
from __future__ import annotations

import sys
from pathlib import Path

from .yamlpos import InputError


def _looks_like_pbn(text: str) -> bool:
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith(("%", ";")):
            continue
        return s.startswith("[")
    return False


def load_any(name: str):
    """A Draft for a case given as ``-`` (standard input: YAML or PBN) or a ``.pbn`` file;
    None for a YAML case file (rule on it as it is: engine.api.rule_file).

    Raises:
        InputError: unreadable or malformed input (file:line:col: what was expected).
    """
    from .compose import Draft
    if name == "-":
        try:
            text = sys.stdin.read()
        except UnicodeDecodeError:
            raise InputError("<stdin>", 0, 0, "", "expected UTF-8 text on standard input") from None
        if not text.strip():
            raise InputError("<stdin>", 0, 0, "", "expected a case (YAML or PBN) on standard input, found nothing")
        if _looks_like_pbn(text):
            from .pbn import draft_from_pbn
            return draft_from_pbn(text, "<stdin>")
        from .case import from_data
        from .yamlpos import loads
        case = from_data(loads(text, "<stdin>"), "<stdin>")
        return Draft.from_text(case, text)
    if Path(name).suffix.lower() == ".pbn":
        from .pbn import draft_from_pbn
        p = Path(name)
        try:
            data = p.read_bytes()
        except OSError as e:
            raise InputError(name, 0, 0, "", "no such file" if isinstance(e, FileNotFoundError)
                             else f"cannot read the file: {e.strerror}") from None
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
        return draft_from_pbn(text, name)
    return None

"""Compile the interface catalogues (bridge_director/ruling/i18n/locale/*/LC_MESSAGES/director.po) to .mo
with Babel. Run after editing a .po; tests/test_i18n.py checks every .mo is current.

    python tools/compile_locales.py
"""
from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALES = Path(__file__).resolve().parent.parent / "bridge_director" / "ruling" / "i18n" / "locale"


def compiled(po: Path) -> bytes:
    """The .mo bytes of one .po file."""
    with po.open("rb") as fh:
        catalog = read_po(fh)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    return buf.getvalue()


def main() -> int:
    for po in sorted(LOCALES.glob("*/LC_MESSAGES/*.po")):
        po.with_suffix(".mo").write_bytes(compiled(po))
        print("compiled", po.with_suffix(".mo"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

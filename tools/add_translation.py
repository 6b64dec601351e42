"""Insert ``text_pt`` / ``option_pt`` / ``branch_pt`` lines into rule files, beside the English.

    python tools/add_translation.py TRANSLATIONS.yaml rules/law-06-shuffle-and-deal.yaml [...]

TRANSLATIONS.yaml maps an English text (exactly as a rule file has it, placeholders and all)
to its Portuguese. Each ``text:``/``option:``/``branch:`` line of the files whose text is a
key, and that has no ``*_pt`` line after it yet, gets one, at the same indentation. Prints
what it did not find a translation for.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import yaml

LINE = re.compile(r'^(\s+)(text|option|branch): (".*")\s*$')


def main(argv: list[str]) -> int:
    table = yaml.safe_load(Path(argv[0]).read_text(encoding="utf-8"))
    missing = []
    for name in argv[1:]:
        path = Path(name)
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        out = []
        for i, line in enumerate(lines):
            out.append(line)
            m = LINE.match(line)
            if not m:
                continue
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            if re.match(rf"^{m[1]}{m[2]}_pt:", nxt):
                continue
            english = yaml.safe_load(m[3])
            if english in table:
                out.append(f"{m[1]}{m[2]}_pt: {json.dumps(table[english], ensure_ascii=False)}\n")
            else:
                missing.append(f"{name}:{i + 1}: {english}")
        path.write_text("".join(out), encoding="utf-8")
    for m in missing:
        print("no translation:", m)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

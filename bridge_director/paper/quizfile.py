"""Reading a quiz folder: ``quiz.yaml``'s title and the case files it lists, with each case's
key and where it was written (for errors). Used by the quiz and by the casebook of a quiz
folder.

Raises:
    bridge_director.base.yamlpos.InputError: a quiz file that is not a list of case files.
"""

from __future__ import annotations
from pathlib import Path
from bridge_director.base.yamlpos import InputError, load, position, text_field


def _quiz_entries(paths: list[str]) -> tuple[str, str, list[tuple[Path, list | None, str, int]]]:
    """(title, about, [(case path, key or None, where the entry is, line)]) from the arguments."""
    entries: list[tuple[Path, list | None, str, int]] = []
    title, about = "", ""
    for arg in paths:
        p = Path(arg)
        if p.is_dir() and (p / "quiz.yaml").exists():
            qf = p / "quiz.yaml"
            data = load(qf)
            if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
                raise InputError(str(qf), 1, 1, "cases", "expected a list of case files under 'cases:'")
            # a bare 'title: No' is refused with why, never shown as "False" (nor dropped)
            title = title or text_field(data, "title", str(qf), p.name)
            about = about or text_field(data, "about", str(qf))
            for i, item in enumerate(data["cases"]):
                line = position(data["cases"], i)[0]
                if isinstance(item, str):
                    entries.append(((p / item), None, str(qf), line))
                elif isinstance(item, dict) and isinstance(item.get("path"), str):
                    key = item.get("key")
                    if key is not None and not isinstance(key, list):
                        raise InputError(str(qf), line, 1, f"cases.{i + 1}.key",
                                         "expected a list of items {cite, outcome, for}")
                    entries.append(((p / item["path"]), key, str(qf), line))
                else:
                    raise InputError(str(qf), line, 1, f"cases.{i + 1}",
                                     "expected a case file path, or {path: FILE, key: [...]}")
        elif p.is_dir():
            title = title or p.name
            entries += [(f, None, str(f), 1) for f in sorted(p.glob("*.yaml"))]
        elif p.is_file():
            entries.append((p, None, str(p), 1))
        else:
            raise InputError(str(p), 0, 0, "", "no such file or folder")
    if not entries:
        raise InputError(", ".join(paths) or "quiz", 0, 0, "",
                         "expected case files (*.yaml), or a quiz.yaml listing them, found none")
    return title or "Quiz", about, entries

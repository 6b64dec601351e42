"""The editions of the rulebook: ``rules/editions.yaml``.

An edition is a code of law of its own: its rule files (a folder of ``rules/``, or the top of
``rules/`` for the 2017 Laws), its vocabulary additions (the folder's ``vocabulary.yaml``) and
its texts. The mechanics in ``engine/`` are shared by all of them.

A rules directory without ``editions.yaml`` (a test's own rulebook, say) holds one edition,
``duplicate-2017``, in its top-level files.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .yamlpos import InputError, load, position

DEFAULT = "duplicate-2017"
REGISTRY = "editions.yaml"


@dataclass(frozen=True)
class Edition:
    """One edition.

    Attributes:
        name: e.g. ``duplicate-2017``; title: shown at the head of a ruling; folder: where its
        rule files are, relative to the rules directory (``.`` for the top); director: False
        when the players apply the law themselves; covers, source: plain words.
    """

    name: str
    title: str
    folder: str = "."
    director: bool = True
    covers: str = ""
    source: str = ""

    def directory(self, rules: Path) -> Path:
        """The folder holding this edition's rule files."""
        return rules if self.folder == "." else rules / self.folder


_FALLBACK = Edition(DEFAULT, "Laws of Duplicate Bridge 2017")


@lru_cache(maxsize=8)
def _registry(directory: str) -> dict[str, Edition]:
    path = Path(directory) / REGISTRY
    if not path.is_file():
        return {DEFAULT: _FALLBACK}
    data = load(path)
    block = data.get("editions") if isinstance(data, dict) else None
    if not isinstance(block, dict) or not block:
        raise InputError(str(path), *position(data), "editions", "expected a mapping of edition names to editions")
    out = {}
    for name, spec in block.items():
        if not isinstance(spec, dict) or not isinstance(spec.get("title"), str):
            raise InputError(str(path), *position(block, name), f"editions.{name}",
                             "expected a mapping with at least a title")
        unknown = set(spec) - {"title", "folder", "director", "covers", "source"}
        if unknown:
            raise InputError(str(path), *position(spec, sorted(unknown)[0]), f"editions.{name}.{sorted(unknown)[0]}",
                             "unknown key: expected title, folder, director, covers, source")
        out[str(name)] = Edition(str(name), spec["title"], str(spec.get("folder", ".")),
                                 bool(spec.get("director", True)), str(spec.get("covers", "")),
                                 str(spec.get("source", "")))
    return out


def editions(directory: str | Path) -> dict[str, Edition]:
    """Every edition of the rules directory, by name, in the registry's order.

    Raises:
        InputError: a malformed ``editions.yaml``.
    """
    return _registry(str(directory))


def names(directory: str | Path) -> list[str]:
    """The edition names, in the registry's order."""
    return list(editions(directory))


def get(directory: str | Path, name: str) -> Edition:
    """The edition called ``name``.

    Raises:
        KeyError: no such edition (the message lists those there are).
    """
    reg = editions(directory)
    if name not in reg:
        raise KeyError(f"unknown edition {name!r}: expected one of {', '.join(reg)}")
    return reg[name]

"""The editions of the rulebook: ``rules/editions.yaml``.

An edition is a code of law of its own: its rule files (a folder of ``rules/``, or the top of
``rules/`` for the 2017 Laws), its vocabulary additions (the folder's ``vocabulary.yaml``) and
its texts. The mechanics in ``bridge_director/`` are shared by all of them.

A rules directory without ``editions.yaml`` (a test's own rulebook, say) holds one edition,
``duplicate-2017``, in its top-level files.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from bridge_director.base.record import field, record
from bridge_director.base.yamlpos import InputError, load, position

DEFAULT = "duplicate-2017"
REGISTRY = "editions.yaml"
KEYS = ("title", "folder", "director", "covers", "source", "cites")
# the two kinds of cite a rule file holds: a clause of a law (27B1(a), 20) and a numbered
# statement of a seed document (seed004.13: statement 13 of seed 004); rulebook.CITE_RE
_SEED_CITE = re.compile(r"^seed(\d{3})\.(\d{1,2})$")
CITE_KINDS = ("law", "seed")


@record(frozen=True)
class Edition:
    """One edition.

    Attributes:
        name: e.g. ``duplicate-2017``; title: shown at the head of a ruling; folder: where its
        rule files are, relative to the rules directory (``.`` for the top); director: False
        when the players apply the law themselves; covers, source: plain words; cites: how a
        reader is shown its cites, ``{kind: {lang: form}}`` with kind ``law`` (form fields
        ``{law}``: the cite as written) or ``seed`` (``{seed}``: 004, ``{n}``: the statement
        number); a kind or language it does not give is shown as the rule file writes it.
    """

    name: str
    title: str
    folder: str = "."
    director: bool = True
    covers: str = ""
    source: str = ""
    cites: dict = field(default_factory=dict, compare=False)

    def cite_words(self, cite: str | None, lang: str = "en") -> str:
        """``cite`` as a reader of this edition is shown it: ``seed004.13`` -> ``seed 004,
        statement 13``, ``20`` -> ``Law 20, rubber code`` for the rubber edition; a 2017 clause
        (no ``cites`` forms) as it is. ``None`` or ``""`` -> ``""``."""
        if not cite:
            return ""
        m = _SEED_CITE.match(cite)
        forms = self.cites.get("seed" if m else "law", {})
        form = forms.get(lang) or forms.get("en")
        if not form:
            return cite
        return form.format(seed=m.group(1), n=m.group(2)) if m else form.format(law=cite)

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
        unknown = set(spec) - set(KEYS)
        if unknown:
            raise InputError(str(path), *position(spec, sorted(unknown)[0]), f"editions.{name}.{sorted(unknown)[0]}",
                             f"unknown key: expected {', '.join(KEYS)}")
        out[str(name)] = Edition(str(name), spec["title"], str(spec.get("folder", ".")),
                                 bool(spec.get("director", True)), str(spec.get("covers", "")),
                                 str(spec.get("source", "")), _cite_forms(path, name, spec))
    return out


def _cite_forms(path: Path, name: str, spec: dict) -> dict:
    """An edition's ``cites:`` block: ``{kind: {lang: form}}`` (kinds ``law``, ``seed``)."""
    block = spec.get("cites") or {}
    where = f"editions.{name}.cites"
    if not isinstance(block, dict) or set(block) - set(CITE_KINDS) or \
            not all(isinstance(v, dict) and all(isinstance(f, str) for f in v.values()) for v in block.values()):
        raise InputError(str(path), *position(spec, "cites"), where,
                         "expected a mapping of law and/or seed to {en: FORM, pt: FORM}")
    return {str(k): {str(lang): f for lang, f in v.items()} for k, v in block.items()}


def cite_words(directory: str | Path, edition: str, cite: str | None, lang: str = "en") -> str:
    """``cite`` of edition ``edition`` as a reader is shown it (:meth:`Edition.cite_words`);
    a cite of an edition the rulebook does not have, as it is."""
    ed = editions(directory).get(edition)
    return ed.cite_words(cite, lang) if ed else (cite or "")


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

"""How a citation and an edition read in a ruling: ``cite_text`` ("27B1(a)", "Law 31, rubber
code"), ``edition_title``, and ``_dotted``, a line with its citation at the right margin."""

from __future__ import annotations
from functools import lru_cache
from bridge_director.ruling.build import Ruling
from bridge_director.ruling.wrap import wrap


VUL_NAMES = {"None": "neither side vulnerable", "NS": "N-S vulnerable", "EW": "E-W vulnerable",
             "Both": "both sides vulnerable", None: "vulnerability not stated"}


def edition_title(name: str) -> str:
    """The title of edition ``name`` (its name when the rulebook has no such edition)."""
    from bridge_director.base.editions import editions
    from bridge_director.base.paths import rules_dir
    ed = editions(rules_dir()).get(name)
    return ed.title if ed else name


def cite_text(r: Ruling, cite: str | None) -> str:
    """``cite`` as the reader of ``r`` is shown it, in its edition's words and the ruling's
    language (``cites:`` in rules/editions.yaml: ``seed004.13`` -> ``seed 004, statement 13``,
    the rubber ``20`` -> ``Law 20, rubber code``); a 2017 clause as it is."""
    return _cite_words(getattr(r, "edition", None) or "duplicate-2017", cite,
                       getattr(getattr(r, "case", None), "lang", None) or "en")


@lru_cache(maxsize=4096)
def _cite_words(edition: str, cite: "str | None", lang: str) -> str:
    """cite_words for the rulebook's folder: the editions registry is read once per process
    (bridge_director.base.editions caches it), so a cite's words are too; every line laid out
    has one."""
    from bridge_director.base.editions import cite_words
    from bridge_director.base.paths import rules_dir
    return cite_words(rules_dir(), edition, cite, lang)


def _dotted(prefix: str, text: str, cite: str, width: int = 100) -> list[str]:
    body = wrap(text, width - len(prefix) - len(cite) - 4, break_on_hyphens=False, break_long_words=False) or [""]
    rows = [prefix + body[0]] + [" " * len(prefix) + b for b in body[1:]]
    last = rows[-1]
    dots = width - len(last) - len(cite) - 2
    rows[-1] = f"{last} {'.' * max(dots, 2)} {cite}"
    return rows

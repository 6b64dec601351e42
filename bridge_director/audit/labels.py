"""The labelled sub-clauses of the Laws of Duplicate Bridge 2017, read from data.

``data/laws-2017-labels.yaml`` lists, for each of Laws 1-93, every labelled part below the law
(``27B``, ``27B1``, ``27B1(a)``, ``30B1(b)(i)``); the law number itself (``27``) is a label too.
"""
from __future__ import annotations

import functools

import yaml

from bridge_director.base.paths import data_dir

LABELS_FILE = "laws-2017-labels.yaml"


@functools.cache
def labels() -> frozenset[str]:
    """Every label of the 2017 Laws, as cited (``"27"``, ``"27B1(a)"``).

    Raises:
        FileNotFoundError: the data file is missing (a broken installation).
        ValueError: the file does not hold ``laws: {N: [label, ...]}`` for Laws 1-93.
    """
    return frozenset(label for law, parts in by_law().items() for label in (law, *parts))


@functools.cache
def by_law() -> dict[str, tuple[str, ...]]:
    """Law number (as text) -> its labels below the law, in the order of the Laws."""
    with open(data_dir() / LABELS_FILE, encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    laws = data.get("laws") if isinstance(data, dict) else None
    if not isinstance(laws, dict) or sorted(laws) != list(range(1, 94)):
        raise ValueError(f"{LABELS_FILE}: expected 'laws:' with Laws 1 to 93")
    out = {}
    for law, parts in laws.items():
        if not isinstance(parts, list) or not all(isinstance(p, str) and p.startswith(str(law))
                                                  for p in parts):
            raise ValueError(f"{LABELS_FILE}: Law {law}: expected a list of its own labels")
        out[str(law)] = tuple(parts)
    return out


def is_label(cite: str) -> bool:
    """True when ``cite`` (``"27B1(a)"``) names a labelled part of the 2017 Laws."""
    return cite in labels()

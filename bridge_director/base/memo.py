"""Values worked out once per object of the rulebook: ``ByObject``; and ``hashable``, whether a
value can be a dictionary key at all.

A rule (``bridge_director.rulebook.model.Rule``) is a mutable record, so it cannot be a dict
key by value (hashing its fields would cost more than the work saved). ``ByObject`` keys a
value by ``id(obj)`` (and an optional extra key) and keeps ``obj`` alive beside the value, so
its id is not reused while the entry lives; the store is bounded (cleared when full), so a
process that builds many rulebooks keeps at most ``most`` entries.
"""
from __future__ import annotations

from typing import Any, Callable


def hashable(v: Any) -> bool:
    """Whether ``v`` can be a dictionary key (a list, a dict or a set in a case's data cannot: a
    look-up by such a value is no look-up, and ``in`` a dict raises TypeError)."""
    try:
        hash(v)
        return True
    except TypeError:
        return False


class ByObject:
    """A bounded memo keyed by an object's identity: ``memo.get(obj, make)`` or
    ``memo.get(obj, make, key)``.

    Args:
        most: the most entries kept; the store is emptied when it is full (default 65,536).
    """

    def __init__(self, most: int = 65536) -> None:
        self.most = most
        self._store: dict[tuple, tuple[Any, Any]] = {}

    def get(self, obj: Any, make: "Callable[[], Any]", key: Any = None) -> Any:
        """The value for (``obj``, ``key``): ``make()`` the first time, kept with ``obj``."""
        k = (id(obj), key)
        hit = self._store.get(k)
        if hit is None:
            if len(self._store) >= self.most:
                self._store.clear()
            hit = self._store[k] = (obj, make())
        return hit[1]

    def __len__(self) -> int:
        return len(self._store)

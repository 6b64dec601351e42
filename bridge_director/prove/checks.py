"""The properties every ruling `director prove` makes is held to.

The property set is :func:`bridge_director.audit.properties.faults` (``faults(case, ruling) ->
list[Fault]``, each with a ``kind``) when that module is present; this module adds what only
a run can see: the rules settle (no :class:`~bridge_director.infer.inference.UnsettledError`) and nothing
fails inside (no other exception). Without the audit module only those two are checked.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fault:
    """One property a situation's ruling breaks: ``kind`` (a short code) and ``detail``."""

    kind: str
    detail: str


def _audit():
    try:
        from bridge_director.audit import properties
    except ImportError:
        return None
    return getattr(properties, "faults", None)


AUDIT = _audit()


def check(case, rule) -> tuple[object, list[Fault]]:
    """Rule on ``case`` with ``rule(case) -> Ruling`` and check the ruling.

    Returns:
        (the ruling, or None when there is none; the faults found).
    """
    from bridge_director.infer.inference import UnsettledError
    try:
        ruling = rule(case)
    except UnsettledError as e:
        return None, [Fault("unsettled", str(e))]
    except Exception as e:   # every situation must be ruled: an exception is a fault
        return None, [Fault("internal-error", f"{type(e).__name__}: {e}")]
    if AUDIT is None:
        return ruling, []
    try:
        found = AUDIT(case, ruling)
    except Exception as e:
        return ruling, [Fault("internal-error", f"property check: {type(e).__name__}: {e}")]
    return ruling, [Fault(str(getattr(f, "kind", type(f).__name__)), str(getattr(f, "detail", f))) for f in found]

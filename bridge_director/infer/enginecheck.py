"""Refuse to run on a durable-rules build that is not bridge-director's fixed one.

The stock PyPI build of durable-rules 2.0.28 crashes the whole process (SIGSEGV) on
ordinary correlated rules, and does not import on Python 3.13. ``tools/build_engine.py``
builds a fixed copy from the PyPI sdist and installs, next to ``durable/engine.py``,
a marker module ``durable/_bridge_director_fix.py`` with ``FIX_LEVEL = <n>``. This
module checks for that marker; ``bridge_director.infer.inference`` should call
:func:`require_fixed_engine` once, before it creates its host.

This module does not import durable at import time.
"""
from __future__ import annotations

import importlib
import importlib.util
import os

#: Lowest fix level we accept. Keep in step with FIX_LEVEL in tools/build_engine.py.
REQUIRED_FIX_LEVEL = 10
MARKER_MODULE = "durable._bridge_director_fix"

_HOW_TO_FIX = (
    "Build and install the fixed engine with `make engine` "
    "(or `python tools/build_engine.py` using the interpreter that runs bridge-director)."
)


class EngineBuildError(RuntimeError):
    """Base class: the durable-rules engine available to this interpreter is unusable."""


class StockEngineError(EngineBuildError):
    """durable-rules is installed but is not bridge-director's fixed build (or is too old)."""


class EngineNotInstalledError(EngineBuildError):
    """durable-rules is not installed at all (or its C extension does not import)."""


def require_fixed_engine() -> int:
    """Check that the importable durable-rules is bridge-director's fixed build.

    Finds the ``durable`` package (without importing it), runs its marker module
    ``durable/_bridge_director_fix.py`` written by tools/build_engine.py, and imports the C
    extension ``durable_rules_engine`` that bridge_director.infer.inference drives.

    Returns:
        The build's ``FIX_LEVEL`` (an int, at least :data:`REQUIRED_FIX_LEVEL`).

    Raises:
        EngineNotInstalledError: durable-rules is not installed, or its C extension
            cannot be imported.
        StockEngineError: durable-rules is installed but lacks the marker (the stock
            PyPI build, which crashes on correlated rules) or its FIX_LEVEL is older
            than :data:`REQUIRED_FIX_LEVEL`.
    """
    # Found, not imported: durable's own package (logging, threads, its Python host) is not
    # what bridge-director runs; inference drives the C extension directly.
    try:
        spec = importlib.util.find_spec("durable")
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise EngineNotInstalledError(
            "durable-rules is not installed. bridge-director needs its own fixed build of "
            f"durable-rules 2.0.28 (the stock PyPI build crashes on correlated rules). {_HOW_TO_FIX}")
    where = spec.origin or "?"
    marker = _marker(spec.submodule_search_locations)
    if marker is None:
        raise StockEngineError(
            f"the installed durable-rules ({where}) is the stock PyPI build, not bridge-director's "
            "fixed build: the stock build crashes the process (SIGSEGV) on correlated rules. "
            f"{_HOW_TO_FIX}"
        )
    level = getattr(marker, "FIX_LEVEL", 0)
    if not isinstance(level, int) or level < REQUIRED_FIX_LEVEL:
        raise StockEngineError(
            f"the installed durable-rules ({where}) has fix level {level!r}, but bridge-director "
            f"needs at least {REQUIRED_FIX_LEVEL}. Rebuild it: `make engine` "
            "(or `python tools/build_engine.py --force`)."
        )
    try:
        importlib.import_module("durable_rules_engine")
    except ImportError as e:
        raise EngineNotInstalledError(
            f"durable-rules' fixed build is installed ({where}) but its C extension does not "
            f"import ({e}). Rebuild it for this interpreter: `python tools/build_engine.py --force`."
        ) from e
    return level


def _marker(locations) -> "object | None":
    """The marker module ``durable/_bridge_director_fix.py`` (run on its own, without importing
    the durable package), or None when the build has none."""
    for folder in locations:
        path = os.path.join(folder, MARKER_MODULE.rsplit(".", 1)[1] + ".py")
        if os.path.isfile(path):
            spec = importlib.util.spec_from_file_location(MARKER_MODULE, path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    return None

"""Where the rulebook and the JSON schemas live.

In a source checkout they are the top-level ``rules/`` and ``schemas/`` folders
(next to ``pyproject.toml``). In an installed (non-editable) wheel they are shipped
as package data of ``bridge_director._rules`` and ``bridge_director._schemas``, i.e. the folders
``bridge_director/_rules`` and ``bridge_director/_schemas`` inside the installed ``bridge_director`` package
(see ``[tool.setuptools.package-dir]`` in pyproject.toml).

The same holds for ``data/`` (reference data such as the labels of the 2017 Laws), shipped
as ``bridge_director._data``. Only these functions should be used to locate them; never build paths from
``__file__`` elsewhere.
"""
from __future__ import annotations

import functools
import pathlib

_PACKAGE_DIR = pathlib.Path(__file__).resolve().parent.parent   # bridge_director/


@functools.cache
def checkout_root() -> pathlib.Path | None:
    """Return the source checkout's root directory, or None when installed.

    A checkout is recognised by ``bridge_director/../pyproject.toml`` and
    ``bridge_director/../rules/`` both existing (this also covers editable installs, which run
    from the checkout). Worked out once per process (the package does not move while it
    runs): laying out a ruling asks for the rules folder for every line it cites.

    Returns:
        The checkout root as an absolute path, or ``None`` when running from an
        installed copy of the package.
    """
    root = _PACKAGE_DIR.parent
    if (root / "pyproject.toml").is_file() and (root / "rules").is_dir():
        return root
    return None


@functools.cache
def _locate(checkout_name: str, package_name: str) -> pathlib.Path:
    """Where ``checkout_name`` (checkout) or ``package_name`` (installed) is: worked out once per
    process and folder, as the checkout root is (laying out a ruling cites the rules folder for
    every line; a path built each time cost it a tenth of its time). A folder not found is
    looked for again when next asked for (an error is not kept)."""
    root = checkout_root()
    if root is not None:
        return root / checkout_name
    installed = _PACKAGE_DIR / package_name
    if installed.is_dir():
        return installed
    raise FileNotFoundError(
        f"cannot find {checkout_name}/: not in a checkout (no {_PACKAGE_DIR.parent / checkout_name}) "
        f"and not installed as package data ({installed}); reinstall bridge-director"
    )


def rules_dir() -> pathlib.Path:
    """Return the directory holding the rulebook (``*.yaml``, incl. ``vocabulary.yaml``).

    Returns:
        ``<checkout>/rules`` when running from a source checkout, otherwise the
        installed package data directory ``<site-packages>/bridge_director/_rules``.

    Raises:
        FileNotFoundError: if neither location exists (a broken installation).
    """
    return _locate("rules", "_rules")


def schemas_dir() -> pathlib.Path:
    """Return the directory holding the JSON schemas (e.g. ``case.schema.json``).

    Returns:
        ``<checkout>/schemas`` when running from a source checkout, otherwise the
        installed package data directory ``<site-packages>/bridge_director/_schemas``.

    Raises:
        FileNotFoundError: if neither location exists (a broken installation).
    """
    return _locate("schemas", "_schemas")


def data_dir() -> pathlib.Path:
    """Return the directory holding reference data (e.g. ``laws-2017-labels.yaml``).

    Returns:
        ``<checkout>/data`` in a source checkout, otherwise ``<site-packages>/bridge_director/_data``.

    Raises:
        FileNotFoundError: if neither location exists (a broken installation).
    """
    return _locate("data", "_data")

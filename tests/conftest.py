"""Shared test helpers (kept minimal)."""
from __future__ import annotations

import pathlib

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo_root() -> pathlib.Path:
    """The checkout's root directory."""
    return REPO_ROOT

"""Shared test helpers (kept minimal)."""
from __future__ import annotations

import pathlib

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo_root() -> pathlib.Path:
    """The checkout's root directory."""
    return REPO_ROOT


@pytest.fixture(scope="session")
def ruled():
    """``ruled(name)``: the ruling of ``cases/<name>.yaml`` (the set-up every findings test of
    the testers shares: tests/test_tester*_findings.py, test_tester7.py, test_f8_left_findings.py)."""
    from bridge_director.case.load import load_case
    from bridge_director.session import api
    return lambda name: api.rule(load_case(REPO_ROOT / "cases" / f"{name}.yaml"))

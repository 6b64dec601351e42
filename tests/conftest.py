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


@pytest.fixture
def book_dir(tmp_path, monkeypatch):
    """A copy of the rules folder, with a compiled-rulebook cache folder of its own
    (``tmp_path / "cache"``, not yet made); the loader's in-process memo cleared around it
    (tests/test_startup.py, tests/test_rulebook_cache_trust.py)."""
    import shutil
    from bridge_director.rulebook import book as rulebook
    rules = tmp_path / "rules"
    shutil.copytree(REPO_ROOT / "rules", rules)
    monkeypatch.setenv("BRIDGE_DIRECTOR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("BRIDGE_DIRECTOR_NO_CACHE", raising=False)
    rulebook.load_rulebook.cache_clear()
    yield rules
    rulebook.load_rulebook.cache_clear()

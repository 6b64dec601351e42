"""A NON-editable install must carry the rulebook and schemas as package data.

The checkout is copied (without .venv/.git/build output) to a temp dir and installed
with ``pip install --no-deps --target TMP/site``; the checks then run from another
cwd with ``PYTHONPATH=TMP/site``, so neither the checkout nor the editable install
can satisfy them.
"""
from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
DEMO_CASE = REPO_ROOT / "cases" / "ib-01-insufficient-1h-over-1nt.yaml"
IGNORE = shutil.ignore_patterns(".venv", ".git", "build", "dist", "*.egg-info", "__pycache__",
                                ".pytest_cache", "*.so")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> pathlib.Path:
    """Install a copy of the checkout into a fresh --target dir; return that dir."""
    base = tmp_path_factory.mktemp("install")
    src = base / "src"
    shutil.copytree(REPO_ROOT, src, ignore=IGNORE)
    site = base / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-cache-dir",
         "--target", str(site), str(src)],
        capture_output=True, text=True, cwd=base, timeout=600,
    )
    assert proc.returncode == 0, f"pip install failed:\n{proc.stdout}\n{proc.stderr}"
    return site


def run_installed(site: pathlib.Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run this interpreter with only the installed copy of `bridge_director` importable first."""
    env = dict(os.environ, PYTHONPATH=str(site), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, *args], capture_output=True, text=True,
                          cwd=site.parent, env=env, timeout=timeout)


def test_rules_dir_points_into_installed_package(installed):
    code = (
        "import bridge_director, bridge_director.base.paths as p\n"
        "print(bridge_director.__file__)\n"
        "print(p.checkout_root())\n"
        "print(p.rules_dir())\n"
    )
    proc = run_installed(installed, "-c", code)
    assert proc.returncode == 0, proc.stderr
    engine_file, root, rules = proc.stdout.splitlines()
    site = installed.resolve()
    assert pathlib.Path(engine_file).resolve().is_relative_to(site), engine_file
    assert root == "None"
    rules = pathlib.Path(rules)
    assert rules.is_relative_to(site), rules
    assert (rules / "vocabulary.yaml").is_file()


def test_all_rule_and_schema_files_are_shipped(installed):
    proc = run_installed(installed, "-c",
                         "from bridge_director.base.paths import rules_dir, schemas_dir\n"
                         "print(rules_dir())\n"
                         "try:\n    print(schemas_dir())\nexcept FileNotFoundError:\n    print('')\n")
    assert proc.returncode == 0, proc.stderr
    rules, schemas = proc.stdout.splitlines()
    for folder, pattern, shipped in ((REPO_ROOT / "rules", "*.yaml", rules),
                                     (REPO_ROOT / "schemas", "*.json", schemas)):
        wanted = sorted(p.relative_to(folder).as_posix() for p in folder.rglob(pattern))
        if not wanted:
            continue
        assert shipped, f"{folder.name}/ has {wanted} but nothing was installed"
        got = sorted(p.relative_to(shipped).as_posix() for p in pathlib.Path(shipped).rglob(pattern))
        assert got == wanted


def test_durable_rules_is_not_a_dependency(installed):
    (meta,) = installed.glob("bridge_director-*.dist-info/METADATA")
    requires = [line for line in meta.read_text().splitlines() if line.startswith("Requires-Dist:")]
    assert requires, "expected runtime dependencies in METADATA"
    assert not any("durable" in line.lower() for line in requires), requires


def test_installed_cli_rules_demo_case(installed):
    # NOTE for the lead: this part is skipped only while bridge_director/cli/main.py does not exist.
    # Once it exists, the demo case must exist too and must rule successfully from the
    # installed copy (rulebook loaded via bridge_director.base.paths, not from the checkout).
    if not (REPO_ROOT / "bridge_director" / "cli" / "main.py").exists():
        pytest.skip("bridge_director/cli/main.py not written yet")
    assert DEMO_CASE.is_file(), f"demo case missing: {DEMO_CASE}"
    proc = run_installed(installed, "-m", "bridge_director.cli.main", "rule", str(DEMO_CASE))
    assert proc.returncode == 0, f"stdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    assert proc.stdout.strip(), "the CLI printed no ruling"


def test_every_engine_subpackage_is_shipped(installed):
    """Each folder of bridge_director/ with an __init__.py is a package the wheel must carry."""
    here = sorted(p.parent.relative_to(REPO_ROOT / "bridge_director").as_posix()
                  for p in (REPO_ROOT / "bridge_director").glob("**/__init__.py") if p.parent != REPO_ROOT / "bridge_director")
    missing = [name for name in here if not (installed / "bridge_director" / name / "__init__.py").is_file()]
    assert here and not missing, f"not in pyproject.toml's packages: {missing}"

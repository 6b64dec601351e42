"""The house (issue 20): the flow runs one way, the front ends keep apart, durable-rules has one
door, and no module named ``engine`` is left. The contracts live in pyproject.toml
(``[tool.importlinter]``); these tests run import-linter on the package and on copies of it
with one forbidden import added, so that a contract that no longer bites fails here."""
from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).parent / "lint-imports"


def _lint(cwd: Path, config: Path, pythonpath: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT), "--config", str(config), "--no-cache"], cwd=cwd, capture_output=True,
                          text=True, timeout=300, env={"PYTHONPATH": str(pythonpath), "PATH": "/usr/bin:/bin"})


def _copy_with(tmp_path: Path, module: str, line: str) -> Path:
    """A copy of the package (Python files only) with ``line`` added at the end of ``module``
    (a path inside the package), and the contracts beside it; returns the config path."""
    shutil.copytree(REPO / "bridge_director", tmp_path / "bridge_director",
                    ignore=shutil.ignore_patterns("__pycache__", "templates", "static", "locale"))
    target = tmp_path / "bridge_director" / module
    target.write_text(target.read_text() + "\n" + line + "\n")
    config = tmp_path / "contracts.toml"
    config.write_text((REPO / "pyproject.toml").read_text())
    return config


def test_the_contracts_are_kept():
    proc = _lint(REPO, REPO / "pyproject.toml", REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    kept = [ln for ln in proc.stdout.splitlines() if ln.rstrip().endswith(" KEPT")]
    assert len(kept) == len(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"])


@pytest.mark.parametrize("module, line, broken", [
    # a lower room reaching up the flow
    ("base/record.py", "import bridge_director.ruling.build", "bridge_director.base is not allowed to import bridge_director.ruling"),
    ("infer/facts.py", "from bridge_director.session import api", "bridge_director.infer is not allowed to import bridge_director.session"),
    # one front end reaching into another
    ("interview/terminal.py", "import bridge_director.web.state", "bridge_director.interview is not allowed to import bridge_director.web"),
    # durable-rules through another door than infer
    ("ruling/build.py", "import durable_rules_engine", "durable_rules_engine"),
])
def test_a_forbidden_import_breaks_a_contract(tmp_path, module, line, broken):
    proc = _lint(tmp_path, _copy_with(tmp_path, module, line), tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert broken in proc.stdout


def test_no_module_named_engine_is_installed():
    assert importlib.util.find_spec("engine") is None
    assert importlib.util.find_spec("bridge_director.cli.main") is not None


def test_python_m_bridge_director_is_the_command():
    proc = subprocess.run([sys.executable, "-m", "bridge_director", "rule", "cases/ib-01-insufficient-1h-over-1nt.yaml"],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Board (number not given): dealer South") and " 27A1\n" in proc.stdout


def test_every_room_says_what_it_holds_and_may_import():
    rooms = sorted(p.parent for p in (REPO / "bridge_director").glob("*/__init__.py"))
    assert {r.name for r in rooms} >= {"base", "bridge", "case", "rulebook", "infer", "ruling", "session", "paper", "cli"}
    for r in rooms:
        doc = __import__("ast").get_docstring(__import__("ast").parse((r / "__init__.py").read_text()))
        assert doc and len(doc.split()) >= 10, f"{r.name}/__init__.py has no docstring saying what it holds"
    for r in ("base", "bridge", "case", "rulebook", "infer", "ruling", "session", "paper"):
        assert "May import" in (REPO / "bridge_director" / r / "__init__.py").read_text(), r


CORE = ("base", "bridge", "case", "rulebook", "infer", "ruling", "session")


def _long_functions(root: Path, limit: int = 80) -> list[str]:
    """Functions of the core rooms longer than ``limit`` lines (decorators included)."""
    import ast
    out = []
    for room in CORE:
        for p in sorted((root / room).rglob("*.py")):
            for n in ast.walk(ast.parse(p.read_text())):
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    start = min([n.lineno] + [d.lineno for d in n.decorator_list])
                    if n.end_lineno - start + 1 > limit:
                        out.append(f"{p.relative_to(root)}:{n.lineno} {n.name} ({n.end_lineno - start + 1} lines)")
    return out


def test_no_function_of_the_core_is_over_80_lines():
    assert _long_functions(REPO / "bridge_director") == []


def test_the_long_function_check_finds_one(tmp_path):
    (tmp_path / "base").mkdir()
    body = "".join(f"    x{i} = {i}\n" for i in range(85))
    (tmp_path / "base" / "m.py").write_text(f"def long():\n{body}")
    assert _long_functions(tmp_path) == ["base/m.py:1 long (86 lines)"]


def test_the_batch_commands_pin_the_allocator_and_rule_does_not_load_ctypes():
    from bridge_director.base.memory import pin_allocator
    assert pin_allocator() is True          # glibc on this machine: both thresholds set
    src = (REPO / "bridge_director" / "cli" / "main.py").read_text()
    for cmd in ("_cmd_check", "_cmd_prove", "_cmd_serve"):
        body = src.split(f"def {cmd}(args) -> int:\n", 1)[1].split("\ndef ", 1)[0]
        assert "pin_allocator()" in body, cmd
    proc = subprocess.run([sys.executable, "-c", "import sys; from bridge_director.cli.main import main; "
                           "main(['rule', 'cases/ib-01-insufficient-1h-over-1nt.yaml']); print('ctypes' in sys.modules)"],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.stdout.rstrip().endswith("False"), proc.stdout[-200:] + proc.stderr

"""The other codes of the seeds (issue 24): the 1997 differences that can now be written, and
Portuguese rulings that hold no English (editions-audit-3)."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("field,value,expected", [
    ("permission", "a friend", "events.2.permission: expected 'none', 'opponent' or 'director', found 'a friend'"),
    ("adjacent", "yes please", "events.2.adjacent: expected true or false"),
])
def test_a_wrong_value_of_the_new_1997_fields_is_one_clear_error(tmp_path, field, value, expected):
    f = tmp_path / "c.yaml"
    event = ("{happened: touched-other-hand, by: W, of: N, permission: %s}" if field == "permission"
             else "{happened: dealt-incorrectly, seat: N, adjacent: %s}") % value
    f.write_text("case: c\nedition: duplicate-1997\nboard: 4\nevents:\n  - {happened: play-ended}\n  - " + event + "\n")
    proc = run_cli("rule", str(f))
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], lines


def test_the_1997_and_2017_permission_to_touch_differ():
    proc = run_cli("compare", "cases/duplicate-1997/d97-21-7b2-touched-with-an-opponents-permission.yaml",
                   "--editions", "duplicate-2017,duplicate-1997")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "duplicate-2017 (7B3): W handled N's cards with permission (an opponent's or the director's)" in out
    assert "duplicate-1997 (7B2): W handled N's cards with only an opponent's permission" in out

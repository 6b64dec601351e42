"""Shared by the hostile-input tests (test_hostile_*.py): a `director` command run in this
process that must fail with one clear line. (pytest puts tests/ on sys.path.)"""
from __future__ import annotations

from bridge_director.cli.main import main


def one_line(capsys, argv: list, *words: str) -> str:
    """Run ``director argv`` in this process: exit 2 and one line naming what was expected
    (each of ``words`` in it), no traceback, no internal error; the line is returned."""
    rc = main([str(a) for a in argv])
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert rc == 2, (rc, err)
    assert len(lines) == 1, lines
    assert "internal error" not in err and "Traceback" not in err
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]

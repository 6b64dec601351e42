"""Shared by the law tests (test_laws_*.py, test_published_*.py): a repository case ruled, and
the ruling's lines picked by their fields. (pytest puts tests/ on sys.path.)"""
from __future__ import annotations

import pathlib
from types import SimpleNamespace

from bridge_director.case.load import load_case
from bridge_director.session import api

REPO_CASES = pathlib.Path(__file__).resolve().parent.parent / "cases"


def rule_case(name: str):
    """(case, ruling) for ``cases/<name>.yaml``."""
    case = load_case(REPO_CASES / f"{name}.yaml")
    return case, api.rule(case)


def checked(name: str):
    """(case, ruling) for ``cases/<name>.yaml``, whose own ``expect:`` block the ruling must
    meet: the test fails naming the pairs missing and the pairs not expected."""
    case, r = rule_case(name)
    c = api.check(case, r)
    assert c.passed, (name, "missing:", c.missing, "not expected:", c.extra)
    return case, r


def ruled(name: str):
    """The ruling on ``cases/<name>.yaml``."""
    return rule_case(name)[1]


def texts(ruling, **where) -> list[str]:
    """The texts of the ruling's lines whose fields equal ``where`` (cite=, code=, branch=...)."""
    return [ln.text for ln in ruling.lines if all(getattr(ln, k) == v for k, v in where.items())]


def lines(r, cite, code=None):
    """The ruling's lines with ``cite`` (and ``code``, when given)."""
    return [ln for ln in r.lines if ln.cite == cite and (code is None or ln.code == code)]


def the_line(r, cite, code=None):
    """The one line of the ruling with ``cite`` (and ``code``): the test fails, showing every line
    of the ruling, when there is none or more than one."""
    got = lines(r, cite, code)
    assert len(got) == 1, (cite, code, [(ln.cite, ln.code, ln.branch, ln.text) for ln in r.lines])
    return got[0]


def saying(r, cite, words: str):
    """The ruling's lines with ``cite`` whose text holds ``words``: the test fails, showing the
    lines of that cite, when there is none."""
    got = [ln for ln in lines(r, cite) if words in ln.text]
    assert got, (cite, words, [ln.text for ln in lines(r, cite)] or [(ln.cite, ln.text) for ln in r.lines])
    return got


def fake(ruling, lines):
    """A ruling-like object with other ``lines``, for a property check to be shown a fault."""
    return SimpleNamespace(case=ruling.case, lines=lines, calls=ruling.calls, edition=ruling.edition,
                           facts=ruling.facts, firings=ruling.firings)

"""bridge_director.infer.reads: a judgement it calls certainly unread changes nothing when removed, and the
unused-judgement lines it leads to are the ones ruling again without each judgement gives."""
from __future__ import annotations

import pathlib
import random

import pytest

from bridge_director.session import api
from bridge_director.audit.generate import generate_data
from bridge_director.case.load import from_data, load_case
from bridge_director.infer.reads import Reads
from bridge_director.base.record import replace

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"


@pytest.fixture(scope="module")
def book():
    return api.rulebook()


def _key(r):
    return ([(ln.code, ln.cite, ln.who, ln.option, ln.branch, ln.text) for ln in r.lines], r.calls)


def _without(case, j):
    return replace(case, judgements=[x for x in case.judgements if x is not j])


def _judged_cases():
    for p in sorted(CASES.glob("*.yaml")):
        case = load_case(p)
        if case.judgements:
            yield case
    for seed in range(60):
        case = from_data(generate_data(random.Random(seed)), f"gen-{seed}.yaml")
        if case.judgements:
            yield case


def test_a_judgement_called_unread_changes_nothing_when_removed(book):
    unread = read = 0
    for case in _judged_cases():
        try:
            ruling, result = api._rule_once(case, book)
        except Exception:
            continue
        reads = Reads(book, result.history)
        for j in case.judgements:
            if reads.may_have_read(j.event, j.prop):
                read += 1
                continue
            unread += 1
            assert _key(api._rule_once(_without(case, j), book)[0]) == _key(ruling), (case.id, j.event, j.prop)
    assert unread > 20 and read > 20      # both answers are exercised


def test_the_unused_lines_are_those_ruling_again_would_give(book):
    """The old mechanism (rule again without each unmatched judgement) on every case."""
    for case in _judged_cases():
        try:
            r = api.rule(case, book)
        except Exception:
            continue
        from bridge_director.ruling.build import unread_judgements
        _, result = api._rule_once(case, book)
        want = [u for u in unread_judgements(case, result) if api._same_without(case, book, u, r)]
        assert [(u.event, u.prop) for u in r.unused] == [(u.event, u.prop) for u in want], case.id


def test_a_judgement_read_only_through_a_negation_is_not_unused(book):
    # the transfer's 'specifies' is read by 27B1(a)'s rules only as an absence: without it
    # the ruling branches on what the transfer specified
    r = api.rule_file(CASES / "law27-b1a-transfer-replaced-by-transfer.yaml", book)
    _, result = api._rule_once(r.case, book)
    assert Reads(book, result.history).may_have_read(3, "specifies")
    assert "S 2H specifies" not in [u.judgement for u in r.unused]


def test_a_judgement_no_rule_can_see_is_unused_without_ruling_again(book, monkeypatch):
    calls = []
    monkeypatch.setattr(api, "_same_without", lambda *a: calls.append(a) or True)
    r = api.rule_file(CASES / "law27-b1a-lowest-bid-same-denomination.yaml", book)
    assert [u.judgement for u in r.unused] == ["W 2H artificial"]
    assert calls == []

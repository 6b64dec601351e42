"""The twelfth speed session's short cuts (docs/speed-2026-12-05.md): each gives what the longer
way gave, checked here against that way on every case file, on random inputs, or on the
system's own answer."""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

from bridge_director.base import yamlpos
from bridge_director.case import shapes
from bridge_director.case.load import load_case
from bridge_director.infer import facts as facts_module
from bridge_director.rulebook.model import Ref
from bridge_director.ruling import grid, questions
from bridge_director.session import api

ROOT = Path(__file__).resolve().parent.parent
CASE_FILES = sorted((ROOT / "cases").rglob("*.yaml"))


# ---------------------------------------------------------------- case files read with os.read

def test_a_file_is_read_whole_whatever_size_it_was_said_to_have(tmp_path):
    data = bytes(random.Random(5).randrange(256) for _ in range(200_000))
    f = tmp_path / "f.bin"
    f.write_bytes(data)
    # the size looked at before (a file that grew since, or shrank) does not cut the reading short
    for size in (0, 1, 100, 199_999, 200_000, 300_000):
        assert yamlpos._read_bytes(str(f), size, None) == data
    assert yamlpos._read_bytes(str(f), len(data), 1000) == data[:1001]      # one byte past the limit
    assert yamlpos._read_bytes(str(f), 0, 150_000) == data[:150_001]
    empty = tmp_path / "empty.yaml"
    empty.write_bytes(b"")
    assert yamlpos._read_bytes(str(empty), 0, None) == b""


def test_a_case_file_reads_as_open_read_it(tmp_path):
    for path in CASE_FILES[:200]:
        with open(path, "rb") as fh:
            assert yamlpos._read_bytes(str(path), path.stat().st_size, 1_000_000) == fh.read()
    with pytest.raises(yamlpos.InputError, match="expected a file, found a directory"):
        yamlpos.load(tmp_path)
    with pytest.raises(yamlpos.InputError, match="no such file"):
        yamlpos.load(tmp_path / "none.yaml")
    (tmp_path / "a.yaml").write_text("a: 1\r\nb: [x, y]\r\n")
    assert yamlpos.load(tmp_path / "a.yaml") == {"a": 1, "b": ["x", "y"]}


# ---------------------------------------------------------------- a validator per shape

def _values(rng: random.Random) -> list:
    return [None, True, False, 0, 1, -3, 2 ** 70, 3.5, "", "N", "W", "north", "x", "1H", "3NT", "Pass", "pairs",
            "duplicate-2017", "called", "\udc80", "é", [], ["N"], ["NS", "EW"], {}, {"a": 1}, rng.random()]


def _outcome(fn, shape, raw, nested):
    try:
        return ("ok", fn(shape, raw, nested))
    except shapes._Unsure:
        return ("unsure", None)
    except Exception as e:      # a value the checks themselves refuse (no plain answer)
        return ("error", type(e))


def _mappings():
    """(shape, raw mapping) for every mapping of a sample of the case files: the case itself,
    each event and each expected item."""
    from bridge_director.case import load as load_module
    for path in CASE_FILES[::5]:
        data = yamlpos.load(path)
        yield shapes.CASE, data
        for i, ev in enumerate(data.get("events") or []):
            kind = load_module._event_kind(ev)
            if kind is not None:
                try:
                    yield load_module._event_shape(str(path), ev, kind, i), ev
                except yamlpos.InputError:
                    pass
        for item in data.get("expect") or []:
            yield shapes.EXPECT, item


def test_the_validator_written_per_shape_agrees_with_the_shape_table():
    # every mapping of the case files as written, then with each field of its shape given each
    # of a set of awkward values, or taken out: the same fields, values and order, or the same
    # refusal
    rng = random.Random(3)
    nested = {"EVENTS": lambda v: ("events", v), "EXPECT": lambda v: ("expect", v)}
    compared, outcomes = 0, set()
    for shape, raw in _mappings():
        variants = [raw]
        for f in shape.fields:
            gone = dict(raw)
            gone.pop(f.key, None)
            variants.append(gone)
            variants += [{**raw, f.key: v} for v in rng.sample(_values(rng), 6)]
        variants.append({**raw, "unknown-key": 1})
        for v in variants:
            want = _outcome(shapes._plain_by_table, shape, v, nested)
            got = _outcome(shapes._plain, shape, v, nested)
            assert got == want, (shape.name, v)
            if got[0] == "ok":
                assert list(got[1]) == list(want[1])        # the same fields, in the same order
            compared += 1
            outcomes.add(got[0])
    assert compared > 5000 and {"ok", "unsure"} <= outcomes


def test_every_case_file_reads_the_same_with_the_shape_table(monkeypatch):
    paths = CASE_FILES[::7]
    fast = [load_case(p) for p in paths]
    monkeypatch.setattr(shapes, "_validator", lambda shape: (lambda raw, nested: shapes._plain_by_table(shape, raw, nested)))
    monkeypatch.setattr(shapes, "_VALIDATORS", {})
    slow = [load_case(p) for p in paths]
    assert fast == slow


def test_a_seat_letter_reads_as_itself_and_anything_else_as_before():
    for letter in "NESW":
        assert shapes._seat(letter) == letter
    assert shapes._seat(" n ") == "N" and shapes._seat("West") == "W"
    for bad in (["N"], {"N": 1}, 1, None, "X", "NN"):
        with pytest.raises(ValueError, match="expected a seat"):
            shapes._seat(bad)


# ---------------------------------------------------------------- the first play markers

def test_the_first_event_of_each_marker_is_the_earliest(monkeypatch):
    for path in CASE_FILES[::3]:
        case = load_case(path)
        stages = facts_module._Stages(case)
        for code, first in stages.marks.items():
            assert first == min((e.number for e in case.events if e.kind == "happened" and e.happened == code),
                                default=None), (path, code)
    # events out of number order still give the earliest (the marks do not assume the order)
    case = load_case(ROOT / "cases" / "ib-01-insufficient-1h-over-1nt.yaml")
    from types import SimpleNamespace
    fake = SimpleNamespace(events=[SimpleNamespace(kind="happened", happened="play-ended", number=9),
                                   SimpleNamespace(kind="happened", happened="play-ended", number=4)],
                           setting={})
    monkeypatch.setattr(facts_module, "_auction_over_at", lambda events, lead: (None, False, [], []))
    assert facts_module._Stages(fake).marks["play-ended"] == 4
    assert case.events


# ---------------------------------------------------------------- questions read from a plan per rule

def test_a_rule_s_questions_are_read_from_its_patterns_once():
    book = api.rulebook()
    rule = next(r for r in book.rules if r.id == "ib-intent-not-stated")
    waits, settings = questions._plan(rule)
    assert ("judgement", "unintended") in [(k, what) for k, _ref, what in waits]
    assert all(isinstance(ref, Ref) for _k, ref, _w in waits)
    assert questions._plan(rule) is questions._plan(rule)       # worked out once
    # a rule that tests a setting the case left unknown asks for it
    asking = [r for r in book.rules if questions._plan(r)[1]]
    assert asking and all(set(questions._plan(r)[1]) <= set(questions.SETTINGS) for r in asking)
    ruling = api.rule(load_case(ROOT / "cases" / "ib-03-insufficient-1h-over-1s.yaml"), book)
    assert [q["id"] for q in questions.questions(ruling)][0] == "judgement:E 1H unintended"


# ---------------------------------------------------------------- the terminal's width

def test_no_terminal_gives_the_fallback_and_a_terminal_its_width(monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    r, w = os.pipe()
    try:
        pipe = os.fdopen(w, "w", closefd=False)
        monkeypatch.setattr(sys, "__stdout__", pipe)
        assert grid.terminal_columns(77) == 77
        assert grid._NOT_A_TERMINAL[id(pipe)] == (pipe, w)      # asked once: not a terminal
        assert grid.terminal_columns(80) == 80
        monkeypatch.setenv("COLUMNS", "90")
        assert grid.terminal_columns(80) == 90
        monkeypatch.delenv("COLUMNS")
    finally:
        os.close(r)
        os.close(w)
    pty = pytest.importorskip("pty")
    import fcntl
    import struct
    import termios
    master, slave = pty.openpty()
    try:
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 93, 0, 0))
        monkeypatch.setattr(sys, "__stdout__", os.fdopen(slave, "w", closefd=False))
        assert grid.terminal_columns(77) == 93
        monkeypatch.setenv("COLUMNS", "101")
        assert grid.terminal_columns(77) == 101
    finally:
        os.close(master)
        os.close(slave)


# ---------------------------------------------------------------- no work left to the cyclic collector

def test_a_ruling_leaves_no_cycles_for_the_collector():
    """A ruling's objects are freed as it ends: no closure that calls itself (``behind`` in the
    outcomes' order, ``search`` in the test of unused judgements) keeps the firings and facts it
    reached alive until the cyclic collector runs (it ran once every 14 Law 27 cases, 40 us a
    case, and the memory stayed taken until then)."""
    import gc
    from bridge_director.ruling.render import render_text
    book = api.rulebook()
    paths = [p for p in CASE_FILES if p.name.startswith(("ib-", "law27-"))] + CASE_FILES[::40]
    cases = []
    for p in paths:
        try:
            cases.append(load_case(p))
        except yamlpos.InputError:
            continue
    for c in cases:            # the rulesets and memos a first ruling makes, before counting
        try:
            render_text(api.rule(c, book))
        except Exception:
            pass
    gc.collect()
    gc.disable()
    try:
        ruled = 0
        for c in cases:
            try:
                render_text(api.rule(c, book))
                ruled += 1
            except Exception:
                pass
        found = gc.collect()
    finally:
        gc.enable()
    assert ruled > 50
    assert found == 0

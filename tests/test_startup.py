"""Start-up: what a `director rule` loads, the plain case check against pydantic's, and the
compiled-rulebook cache (invalidated by any change, a broken file rebuilt, old files pruned).

Nothing here is timed (tools/bench.py measures the cold start); the tests assert what is
imported, what is read and what is built.
"""
from __future__ import annotations

import copy
import os
import pathlib
import pickle
import random
import shutil
import subprocess
import sys

import pytest
import yaml

from bridge_director.case import load as case_module
from bridge_director.rulebook import book as rulebook
from bridge_director.case.load import from_data, load_case
from bridge_director.base.yamlpos import InputError, loads

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
IB01 = REPO_ROOT / "cases" / "ib-01-insufficient-1h-over-1nt.yaml"
CASE_FILES = sorted((REPO_ROOT / "cases").rglob("*.yaml"))


IMPORTED = """
import atexit, runpy, sys
out = sys.argv[1]
atexit.register(lambda: open(out, "w").write("\\n".join(sorted(sys.modules))))
sys.argv = ["director", *sys.argv[2:]]
runpy.run_module("bridge_director.cli.main", run_name="__main__")
"""


def imported_by(tmp_path: pathlib.Path, *args: str) -> set[str]:
    """The modules a `director ARGS` process has loaded when it exits (sys.modules)."""
    out = tmp_path / "modules.txt"
    proc = subprocess.run([sys.executable, "-c", IMPORTED, str(out), *args], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return set(out.read_text().split())


# ---------------------------------------------------------------- what a ruling loads

FRONT_ENDS = ("pydantic", "pydantic_core", "starlette", "uvicorn", "jinja2", "rich", "prompt_toolkit", "babel",
              "segno", "weasyprint", "hypothesis", "dask", "distributed", "graphviz", "durable", "logging",
              "traceback", "bridge_director.case.schema", "bridge_director.session.draft", "bridge_director.bridge.pbn", "bridge_director.web", "bridge_director.interview",
              "bridge_director.report", "bridge_director.quiz", "bridge_director.bridge.deals")


def test_director_rule_loads_no_front_end_nor_pydantic(tmp_path):
    mods = imported_by(tmp_path, "rule", str(IB01))
    assert {"bridge_director.session.api", "bridge_director.case.load", "bridge_director.infer.inference", "bridge_director.ruling.build", "durable_rules_engine"} <= mods
    assert sorted(m for m in mods if m.split(".")[0] in FRONT_ENDS or m in FRONT_ENDS) == []


#: what a cold `director rule` does without: each cost a share of its start-up (README, Speed)
SLOW_TO_IMPORT = ("dataclasses", "inspect", "argparse", "shutil", "orjson", "hashlib", "platformdirs", "uuid")


def test_director_rule_loads_none_of_the_slow_imports(tmp_path):
    mods = imported_by(tmp_path, "rule", str(IB01), "--format", "markdown", "--trace")
    assert sorted(m for m in mods if m.split(".")[0] in SLOW_TO_IMPORT) == []


def test_director_schema_still_builds_the_pydantic_models(tmp_path):
    assert "bridge_director.case.schema" in imported_by(tmp_path, "schema")


def test_every_case_file_passes_the_plain_check(monkeypatch):
    # were one to need pydantic, its cold start would pay for pydantic's import and models
    def refuse(*a, **k):
        raise AssertionError("pydantic was asked")
    monkeypatch.setattr(case_module, "_schema", refuse)
    for path in CASE_FILES:
        load_case(path)


# ---------------------------------------------------------------- the plain check agrees with pydantic

def _pydantic_only(monkeypatch):
    """Make the plain check vouch for nothing: every mapping goes to pydantic."""
    def unsure(*a, **k):
        raise case_module._Unsure
    monkeypatch.setattr(case_module, "_plain", unsure)


def _outcome(text: str, name: str) -> str:
    try:
        return "OK " + repr(from_data(loads(text, name, max_nodes=20_000), name))
    except InputError as e:
        return "ERR " + str(e)


VALUES = [None, True, False, 0, 1, -3, 3, 2.0, "3", "x", "N", "n", "1H", "1h", "pass", "XX", [], ["N"], ["H"], {},
          {"a": 1}, "called", "ruled", "NS", "EW", "en", "pt", "teams", 10 ** 30, "\u00e9", 12, "yes", "SA",
          ["SA"], "review", "own-turn-to-call", "deal-at-tables", 53, 52, "1NT", "7N", "8C", ["EW"], ["NS", "NS"]]
KEYS = ["zzz", "with_", "for_", "note", "by", "call", "seat", "event", "simultaneous_with", "board", "judgement",
        "expect", "lang", "dealer", "vulnerability", "cards", "played_by", "exposed"]


def _plain_data(x):
    if isinstance(x, dict):
        return {k: _plain_data(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_plain_data(v) for v in x]
    return x


def _mutants(path: pathlib.Path, n: int, rng: random.Random) -> list[str]:
    """``n`` variants of a case file, each with one key or value changed at some depth."""
    data = _plain_data(yaml.safe_load(path.read_text()))
    out = []
    for _ in range(n):
        d = copy.deepcopy(data)
        node = d
        for _ in range(rng.randint(0, 3)):
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            k = rng.choice(keys)
            if not isinstance(node[k], (dict, list)):
                break
            node = node[k]
        if isinstance(node, dict):
            r = rng.random()
            if node and r < 0.3:
                del node[rng.choice(list(node))]
            elif node and r < 0.8:
                node[rng.choice(list(node))] = rng.choice(VALUES)
            else:
                node[rng.choice(KEYS)] = rng.choice(VALUES)
        elif node and rng.random() < 0.5:
            node[rng.randrange(len(node))] = rng.choice(VALUES)
        else:
            node.append(rng.choice(VALUES))
        out.append(yaml.safe_dump(d, sort_keys=False, allow_unicode=True))
    return out


def test_the_plain_check_gives_what_pydantic_gives(monkeypatch):
    # every case file and mutants of it (types changed, keys dropped or added): the same Case
    # or the same error, with the plain check and with pydantic alone
    rng = random.Random(9)
    texts = []
    for path in CASE_FILES[::3]:
        texts.append((path.name, path.read_text()))
        texts += [(path.name, t) for t in _mutants(path, 8, rng)]
    both = [_outcome(t, name) for name, t in texts]
    _pydantic_only(monkeypatch)
    alone = [_outcome(t, name) for name, t in texts]
    assert both == alone
    assert sum(x.startswith("OK") for x in both) > len(CASE_FILES) // 3      # both kinds are exercised
    assert sum(x.startswith("ERR") for x in both) > 100


def test_values_pydantic_converts_are_left_to_pydantic(tmp_path):
    # the plain check takes exact types only: a board written "3" is pydantic's to convert
    path = tmp_path / "c.yaml"
    path.write_text('board: "3"\nevents:\n  - {seat: S, call: 1NT}\n  - {seat: W, call: "1H"}\n')
    assert load_case(path).board.number == 3
    path.write_text("board: true\nevents:\n  - {seat: S, call: 1NT}\n")
    with pytest.raises(InputError) as e:
        load_case(path)
    assert str(e.value) == f"{path}:1:8: board: expected a board number (a whole number), found true"


def test_a_happened_code_written_as_a_list_is_bad_input_not_a_crash(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("board: 1\nevents:\n  - {happened: [x]}\n")
    with pytest.raises(InputError) as e:
        load_case(path)
    assert str(e.value).startswith(f"{path}:3:16: events.1.happened: unknown code ['x']: expected one of ")


# ---------------------------------------------------------------- the compiled-rulebook cache

def _load(rules: pathlib.Path):
    rulebook.load_rulebook.cache_clear()      # as a new process would
    return rulebook.load_rulebook(str(rules), "duplicate-2017")


def _cached(rules: pathlib.Path) -> list[pathlib.Path]:
    return sorted(pathlib.Path(os.environ["BRIDGE_DIRECTOR_CACHE_DIR"]).glob("rulebook-*.pickle"))


def test_an_unchanged_rulebook_is_read_from_the_cache(book_dir, monkeypatch):
    first = _load(book_dir)
    assert len(_cached(book_dir)) == 1

    def no_build(*a, **k):
        raise AssertionError("rebuilt")
    monkeypatch.setattr(rulebook, "build", no_build)
    again = _load(book_dir)
    assert again is not first and [r.id for r in again.rules] == [r.id for r in first.rules]
    assert again.ruleset_json() == first.ruleset_json()
    assert "engine_rules" not in again.__dict__                 # not cached: decoded when asked for
    import json
    assert json.dumps(again.engine_rules) == json.dumps(first.engine_rules)
    assert again.engine_rule_names() == list(first.engine_rules) == list(again.engine_rules)


def test_editing_a_rule_file_invalidates_the_cache(book_dir):
    before = _load(book_dir)
    assert before.laws["27"] == "Insufficient bid"
    path = book_dir / "law-27-insufficient-bid.yaml"
    path.write_text(path.read_text().replace("\ntitle: Insufficient bid\n", "\ntitle: Edited for the test\n", 1))
    after = _load(book_dir)
    assert after.laws["27"] == "Edited for the test"
    assert len(_cached(book_dir)) == 1       # the stale file of this rulebook is gone


def test_editing_the_vocabulary_invalidates_the_cache(book_dir):
    _load(book_dir)
    path = book_dir / "vocabulary.yaml"
    path.write_text(path.read_text().replace("\noutcomes:\n", "\noutcomes:\n  zz-test-only-code: added by the test\n", 1))
    assert "zz-test-only-code" in _load(book_dir).vocabulary


@pytest.mark.parametrize("damage", [b"", b"not a pickle at all", b"\x80\x05truncated", "other-object"])
def test_a_broken_cache_file_is_ignored_and_rebuilt(book_dir, damage):
    good = _load(book_dir)
    (cache,) = _cached(book_dir)
    cache.write_bytes(pickle.dumps({"not": "a rulebook"}) if damage == "other-object" else damage)
    book = _load(book_dir)
    assert [r.id for r in book.rules] == [r.id for r in good.rules]
    assert isinstance(pickle.loads(cache.read_bytes()), rulebook.Rulebook)     # written again, whole


def test_the_cache_keeps_a_bounded_number_of_files(book_dir, monkeypatch):
    folder = pathlib.Path(os.environ["BRIDGE_DIRECTOR_CACHE_DIR"])
    folder.mkdir()
    for i in range(rulebook.CACHE_KEEP + 10):     # other rulebooks' files, older
        (folder / f"rulebook-{i:012x}-{'0' * 32}.pickle").write_bytes(b"x")
        os.utime(folder / f"rulebook-{i:012x}-{'0' * 32}.pickle", (1000 + i, 1000 + i))
    _load(book_dir)
    left = _cached(book_dir)
    assert len(left) == rulebook.CACHE_KEEP
    assert folder / f"rulebook-{0:012x}-{'0' * 32}.pickle" not in left      # the oldest went first


def test_no_cache_when_asked(book_dir, monkeypatch):
    monkeypatch.setenv("BRIDGE_DIRECTOR_NO_CACHE", "1")
    _load(book_dir)
    assert _cached(book_dir) == []


def test_a_same_size_edit_of_a_rule_file_invalidates_the_cache(book_dir):
    before = _load(book_dir)
    assert before.laws["27"] == "Insufficient bid"
    path = book_dir / "law-27-insufficient-bid.yaml"
    text = path.read_text()
    path.write_text(text.replace("\ntitle: Insufficient bid\n", "\ntitle: Insufficient bie\n", 1))
    assert len(path.read_text()) == len(text)
    assert _load(book_dir).laws["27"] == "Insufficient bie"


# ---------------------------------------------------------------- PyYAML's reader pattern

def test_the_yaml_reader_pattern_put_in_the_cache_matches_what_pyyaml_wrote():
    import re

    from bridge_director.base import yamlpos
    assert yaml.reader.Reader.NON_PRINTABLE.pattern in (yamlpos._YAML_NON_PRINTABLE, yamlpos._YAML_NON_PRINTABLE_SAME)
    written = re.compile(yamlpos._YAML_NON_PRINTABLE, re.UNICODE)    # other flags: compiled anew
    assert written.pattern == yamlpos._YAML_NON_PRINTABLE
    every = "".join(map(chr, range(0x110000)))
    found = [m.start() for m in written.finditer(every)]
    assert 0 < len(found) < 3000
    assert [m.start() for m in yaml.reader.Reader.NON_PRINTABLE.finditer(every)] == found
    assert [m.start() for m in re.compile(yamlpos._YAML_NON_PRINTABLE_SAME).finditer(every)] == found


@pytest.mark.parametrize("columns", [None, "", "abc", "0", "-3", "75", "200"])
def test_the_terminal_width_is_the_one_shutil_gives(monkeypatch, columns):
    from bridge_director.ruling.grid import terminal_columns
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns(100) == shutil.get_terminal_size((100, 24)).columns


# ---------------------------------------------------------------- the engine's JSON

def test_the_standard_json_and_orjson_give_the_same_rulings(monkeypatch):
    """A process rules its first cases with the standard library's JSON, then with orjson's."""
    import json as std_json

    import orjson

    from bridge_director.session import api
    from bridge_director.infer import inference
    from bridge_director.ruling.render import render_json
    book = api.rulebook()
    picked = [load_case(p) for i, p in enumerate(CASE_FILES) if i % 3 == 0]

    def rule_all(dumps, loads):
        monkeypatch.setattr(inference, "_dumps", dumps)
        monkeypatch.setattr(inference, "_loads", loads)
        monkeypatch.setattr(inference, "_RUNS", [1])       # no switch while this runs
        out = []
        for case in picked:
            try:
                out.append(render_json(api.rule(case, book), trace=True))
            except inference.EngineError as e:
                out.append(str(e))
        return out
    std = rule_all(std_json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode, std_json.loads)
    fast = rule_all(lambda p: orjson.dumps(p).decode(), orjson.loads)
    assert std == fast


def test_a_process_switches_to_orjson_after_its_first_runs(monkeypatch):
    import json as std_json

    from bridge_director.infer import inference
    monkeypatch.setattr(inference, "_RUNS", [0])       # as a new process starts
    monkeypatch.setattr(inference, "_dumps", std_json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode)
    monkeypatch.setattr(inference, "_loads", std_json.loads)
    for _ in range(inference.ORJSON_FROM - 1):
        inference._run_count()
    assert inference._loads.__module__ == "json"
    inference._run_count()
    assert inference._loads.__module__ == "orjson" and inference._dumps({"a": "é"}) == '{"a":"é"}'

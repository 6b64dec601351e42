"""Reading YAML the quick way (bridge_director.base.yamlpos._quick) builds what PyYAML's own
constructor builds, with the same positions, and fails where and as it fails: every case and
rule file, and random texts of YAML's indicators, keys, numbers, aliases, tags and nesting."""

import random
from pathlib import Path

import pytest

from bridge_director.base import yamlpos
from bridge_director.base.yamlpos import InputError, PosDict, PosList, loads

ROOT = Path(__file__).resolve().parent.parent


def _plain_document(loader, node):
    """PyYAML's own constructor, after the loader's bounds on depth and aliases (which refuse
    a document before either way builds it)."""
    yamlpos._check_graph(node)
    return yamlpos.yaml.constructor.BaseConstructor.construct_document(loader, node)


def plain_loads(text: str):
    """loads with PyYAML's own constructor building every document (and every list of one-line
    flow mappings read by YAML, not by yamlpos._flow_lists)."""
    quick = yamlpos._Loader.construct_document
    yamlpos._Loader.construct_document = _plain_document
    yamlpos.FLOW_LISTS = False
    try:
        return loads(text, "t.yaml")
    finally:
        yamlpos._Loader.construct_document = quick
        yamlpos.FLOW_LISTS = True


def shape(v):
    """A value with its positions, for comparing two builds."""
    if isinstance(v, PosDict):
        return ("map", v.pos, [(shape(k), shape(x), v.kpos[k]) for k, x in v.items()])
    if isinstance(v, PosList):
        return ("seq", v.pos, [shape(x) for x in v], v.ipos)
    return (type(v).__name__, v)


def outcome(fn, text):
    try:
        return "ok", shape(fn(text))
    except InputError as e:
        return "input", str(e)
    except Exception as e:   # what PyYAML raises past loads, the same either way
        return type(e).__name__, str(e)


def test_every_case_and_rule_file_builds_the_same():
    files = sorted(ROOT.glob("cases/**/*.yaml")) + sorted(ROOT.glob("rules/**/*.yaml"))
    assert len(files) > 500
    for f in files:
        text = f.read_text()
        assert outcome(lambda t: loads(t, "t.yaml"), text) == outcome(plain_loads, text), f


PIECES = ["a", "b", "1", "-2", "0x1F", "1.5", "true", "no", "null", "~", "'q'", '"d"', "<<", "=", ": ", ":", "- ",
          "? ", ", ", "[", "]", "{", "}", "\n", "\n  ", "\n    ", " ", "&x ", "*x", "!!str ", "!!int ", "!!bool ",
          "!!map ", "!!seq ", "!!set ", "!!float ", "!!timestamp ", "2001-12-14", "#c", "9" * 40, "x: 1", "- y"]


@pytest.mark.parametrize("seed", range(4))
def test_random_texts_build_or_fail_the_same(seed):
    rng = random.Random(seed)
    for _ in range(5000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 25)))
        assert outcome(lambda t: loads(t, "t.yaml"), text) == outcome(plain_loads, text), repr(text)


def test_nesting_deeper_than_the_quick_walk_builds_the_same():
    for depth in (39, 40, 41, 42, 99, 100, 101, 200):
        for text in ("[" * depth + "]" * depth, "".join("  " * i + f"k{i}:\n" for i in range(depth)) + "  " * depth + "v"):
            assert outcome(lambda t: loads(t, "t.yaml"), text) == outcome(plain_loads, text)
            if depth != 100:
                assert (outcome(plain_loads, text)[0] == "ok") == (depth < 100), depth


def test_the_loader_makes_no_python_call_for_path_resolvers():
    # libyaml's composer calls these around every value; the loader has no path resolvers, so
    # built-ins stand in for PyYAML's Python methods (lost once in a merge: a tenth of reading a case)
    assert yamlpos._Loader.descend_resolver is slice and yamlpos._Loader.ascend_resolver is tuple
    assert loads("a: [1, {b: c}]\n", "t.yaml") == {"a": [1, {"b": "c"}]}


def test_lists_of_one_line_flow_mappings_are_read_without_yaml_nodes():
    text = (ROOT / "cases" / "ib-01-insufficient-1h-over-1nt.yaml").read_text()
    split = yamlpos._flow_lists(yamlpos._Loader(""), text)
    assert split is not None and set(split[1]) == {"events", "expect"}
    rest, lists = split
    assert "{seat:" not in rest and rest.count("\n") == text.count("\n")
    assert outcome(lambda t: loads(t, "t.yaml"), text) == outcome(plain_loads, text)
    # values YAML reads otherwise than as text, and forms left to YAML, build the same
    for item in ("{a: 010, b: 0x1F, c: 1_0, d: true, e: No, f: 'x: y', g: \"q, {r}\"}", "{on: 1}", "{a: 1.5}",
                 "{a: null}", "{a: ~}", "{a: b, a: c}", "{a: 'it''s'}", "{a: \"x\\ty\"}", "{a: [b]}", "{a: b,}",
                 "{a: b}#c", "{a: b} # c: d", "{a: b c  d}", "{a: b #c}", "{a: -b}", "{a: 9" + "9" * 40 + "}",
                 "{a : b}", "{a: é}", "{}", "{a: b}\t"):
        for layout in ("k:\n  - {item}\n  - {{x: y}}\n", "k:\n- {item}\n", "a: 1\nk:\n  # c\n\n  - {item}\nz: 2\n",
                       "k:\n  - {{x: y}}\n    - {item}\n", "t: \"x\nk:\n  - {item}\n\"\n", "k:\n  - {item}\n  x: 1\n"):
            text = layout.format(item=item)
            assert outcome(lambda t: loads(t, "t.yaml"), text) == outcome(plain_loads, text), repr(text)


EDITS = list(" -{}[]:,#'\"\n\t&*!|>%@`?~0123456789aAeEnNtTfFyYoO.\\_()+/") + [
    "\r", "\u2028", "\x85", "\ufeff", "é", "null", "true", "on", "~", "0x1F", "010", "1.5", "events:", "expect:",
    "\n  - {a: b}", "- {seat: W, call: 1H}", " # call: W", "'a, b: c}'", '"q: {x}"', " , x: y", "\n- ", "\nexpect:\n"]


@pytest.mark.parametrize("seed", range(3))
def test_case_files_edited_at_random_build_or_fail_the_same(seed):
    # a case file with a few characters, words or lines inserted, deleted, moved or repeated:
    # the lists of one-line flow mappings read by yamlpos._flow_lists, or the whole text by YAML
    texts = [p.read_text() for p in sorted(ROOT.glob("cases/*.yaml"))]
    rng = random.Random(seed)
    for _ in range(800):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(text) + 1)
            op = rng.random()
            if op < 0.4:
                text = text[:i] + rng.choice(EDITS) + text[i:]
            elif op < 0.7:
                text = text[:i] + text[i + rng.randint(1, 5):]
            else:
                lines = text.split("\n")
                a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
                if op < 0.85:
                    lines[a], lines[b] = lines[b], lines[a]
                else:
                    lines.insert(b, lines[a])
                text = "\n".join(lines)
        assert outcome(lambda t: loads(t, "t.yaml"), text) == outcome(plain_loads, text), repr(text)

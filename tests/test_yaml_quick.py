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
    """loads with PyYAML's own constructor building every document."""
    quick = yamlpos._Loader.construct_document
    yamlpos._Loader.construct_document = _plain_document
    try:
        return loads(text, "t.yaml")
    finally:
        yamlpos._Loader.construct_document = quick


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

"""Every citation the rulebook or a case makes names a real labelled part of the 2017 Laws.

The labels (data/laws-2017-labels.yaml) were read from the full 2017 text; these tests hold the
rules' and the cases' cites against them, and the file against its own shape.
"""
from __future__ import annotations

import pathlib
import re

import pytest
import yaml

from bridge_director.audit.labels import by_law, is_label, labels

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _of_2017(path: pathlib.Path) -> bool:
    """A file of the 2017 edition (other editions cite their own codes: rules/editions.yaml)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return not isinstance(data, dict) or data.get("edition", "duplicate-2017") == "duplicate-2017"


RULE_FILES = [p for p in sorted((ROOT / "rules").rglob("*.yaml")) if _of_2017(p)]
CASE_FILES = [p for p in sorted((ROOT / "cases").rglob("*.yaml")) if _of_2017(p)]
LABEL_RE = re.compile(r"^(\d{1,2})(?:([A-Z])(?:(\d)(?:\(([a-z])\)(?:\(([ivx]+)\))?)?)?)?$")


def _cites(node, where):
    """Yield (where, cite) for every `cite:` key anywhere in a YAML tree."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "cite" and value is not None:
                yield where, str(value)
            else:
                yield from _cites(value, where)
    elif isinstance(node, list):
        for item in node:
            yield from _cites(item, where)


def test_labels_cover_laws_1_to_93_and_known_parts():
    assert sorted(map(int, by_law())) == list(range(1, 94))
    for label in ["1A", "6D1", "12C1(e)(ii)", "16C2", "20F5(b)(i)", "27B1(a)", "27B1(b)", "30B1(b)(ii)",
                  "40B2(a)(v)", "72C", "80B2(l)", "90B8", "93C3(b)", "33", "49"]:
        assert is_label(label), label
    for wrong in ["27B5", "27E", "30B1(c)", "70D3", "94", "0", "35E", "16D4", "27B1(a)(i)", "12C5"]:
        assert not is_label(wrong), wrong


def test_every_label_is_well_formed_and_has_its_parent():
    for law, parts in by_law().items():
        for label in parts:
            m = LABEL_RE.match(label)
            assert m and m.group(1) == law, label
            parent = re.sub(r"(\([a-z]+\)|\d|[A-Z])$", "", label)
            assert parent in labels(), (label, parent)
    assert len(labels()) == len(set(labels()))


@pytest.mark.parametrize("path", RULE_FILES + CASE_FILES, ids=lambda p: p.name)
def test_every_cite_in_rules_and_cases_is_a_label(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    part = data.get("expect", []) if "cases" in path.relative_to(ROOT).parts and isinstance(data, dict) else data
    wrong = [cite for _, cite in _cites(part, path.name) if not is_label(cite)]
    assert not wrong, f"{path.name}: cites not in the 2017 Laws: {wrong}"


def test_the_check_can_fail():
    assert list(_cites({"expect": [{"cite": "27B9"}]}, "x")) == [("x", "27B9")]
    assert not is_label("27B9")

"""Helper tester7's fixes (a tournament director breaking Laws 16-27 and 6-39 changes): the
words and standing of lines that the cases' expect: codes (cite + outcome) do not show."""
from __future__ import annotations

import pathlib
import re

import pytest
import yaml


ROOT = pathlib.Path(__file__).resolve().parent.parent


# F1: an insufficient bid already replaced by a legal bid or pass before the ruling: LHO not
# accepting it leaves that call as the replacement; nobody is told to replace it again
@pytest.mark.parametrize("name", [
    "law27-c-lho-declines-after-premature-lowest-bid-nothing-more-owed",
    "law27-c-lho-declines-after-premature-pass-nothing-more-owed",
    "law27-c-lho-declines-after-premature-2c-barred-partner-then-bids",
    "published/ebu-forum/law27-c-b1a-premature-two-suited-2h-specifies-hearts",
])
def test_no_second_replacement_is_owed(ruled, name):
    r = ruled(name)
    assert not [ln for ln in r.lines if ln.code == "offender-must-replace"], [ln.text for ln in r.lines]
    assert any("already put in its place, is the replacement" in ln.text for ln in r.lines)


# F2: a double put prematurely in place of an insufficient bid, LHO's call over it found not
# to accept: the double is cancelled (27B3), never said to stand; LHO's call is asked about
@pytest.mark.parametrize("name, call", [
    ("law27-c-b3-premature-double-lho-passes-double-cancelled-not-stands", "X"),
    ("law27-c-b3-premature-redouble-lho-passes-redouble-cancelled", "XX"),
    ("law27-c-b3-premature-double-lho-passes-offender-then-bids-2s", "X"),
])
def test_a_cancelled_premature_double_is_not_said_to_stand(ruled, name, call):
    r = ruled(name)
    assert not [ln for ln in r.lines if f"{call} stands in its place" in ln.text], [ln.text for ln in r.lines]
    assert any(ln.code == "judgement-needed" and ln.cite == "27B3" for ln in r.lines)
    assert [c for c in r.calls if c.call == call and c.replaces][0].standing == "cancelled"


# F3: the comparability of an accepted 25B1 change decides Law 26, and is used when stated
@pytest.mark.parametrize("name, cite", [
    ("law25-b1-26b-accepted-change-not-comparable-east-defends", "26B"),
    ("law25-b1-26a-accepted-change-comparable-no-lead-restriction", "26A"),
    ("law25-b1-26b-accepted-change-not-comparable-offender-dummy", "26B"),
])
def test_25b1_comparability_is_used(ruled, name, cite):
    r = ruled(name)
    assert not r.unused, [u.judgement for u in r.unused]
    assert not [ln for ln in r.lines if ln.text.startswith("Unless ")], [ln.text for ln in r.lines]
    assert [ln for ln in r.lines if ln.cite == cite]


# F4: a branch label is read out of order (under "Branches", before the question): it must
# say what it turns on, never a bare "if it did" / "if not"
BARE = re.compile(r"^if (not|so|it (did|does|can|cannot|could)( not)?|they .*)$")


def test_no_branch_label_is_a_bare_pronoun():
    bare = []
    for path in sorted((ROOT / "rules").rglob("*.yaml")):
        doc = yaml.safe_load(path.read_text())
        for rule in (doc or {}).get("rules", []) if isinstance(doc, dict) else []:
            for c in rule.get("then", []):
                b = c.get("branch") if isinstance(c, dict) else None
                if b and BARE.match(b):
                    bare.append((path.name, rule["id"], b))
    assert not bare, bare

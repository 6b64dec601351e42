"""The rule compiler's checks on `unless:` (sweep, 2026-12-05): a negation that may see a fact a
`when:` pattern matched, and a negation comparing with a field the matched fact may lack."""
from __future__ import annotations

import glob
import pathlib

import pytest

from bridge_director.base.yamlpos import InputError
from bridge_director.case.load import load_case
from bridge_director.infer import inference
from bridge_director.infer.facts import derive
from bridge_director.rulebook import shapes
from bridge_director.rulebook.book import load_rulebook

from repo_cases import ruled, texts
from test_rulebook import compile_one, error_of, rules_dir  # noqa: F401  (a fixture)

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent

# "unless the call is a bid": the only fact `bid` can be is the one `call` matched
OWN_EXCEPTION = """\
- id: marked-call-not-a-bid
  cite: 27A1
  summary: a marked call, unless it is a bid
  when:
    marker: {type: marker}
    call: {type: call, idx: "{marker.of}"}
  unless:
    bid: {type: call, idx: "{marker.of}", kind: bid}
  then:
    - outcome: irregularity
      text: "{call.idx}"
"""


def _run(book, facts):
    return [o.text for o in inference.run(book, lambda status: [dict(f) for f in facts]).outcomes]


def test_an_unless_that_can_only_match_the_when_fact_blocks_its_rule(rules_dir):
    # durable-rules lets a negation pass over a fact a positive pattern matched (its rules are
    # "distinct" by default): compiled as before, this rule fired on the bid too
    _, book = compile_one(rules_dir, OWN_EXCEPTION)
    assert book.engine_rules["marked-call-not-a-bid"]["dist"] == 0
    bid = [{"t": "marker", "of": 1, "fid": "m"}, {"t": "call", "idx": 1, "kind": "bid", "fid": "c1"}]
    passed = [{"t": "marker", "of": 1, "fid": "m"}, {"t": "call", "idx": 1, "kind": "pass", "fid": "c1"}]
    assert _run(book, bid) == []
    assert _run(book, passed) == ["1"]


TWO_CALLS = """\
- id: two-calls-unless-a-double
  cite: 27A1
  summary: two calls by one seat, unless that seat doubled
  when:
    first: {type: call, seat: N}
    second: {type: call, seat: N, idx: {gt: 1}}
  unless:
    double: {type: call, seat: N, kind: double}
  then:
    - outcome: irregularity
      text: "{first.idx} {second.idx}"
"""


def test_positive_patterns_stay_apart_in_a_rule_compiled_without_distinct(rules_dir):
    _, book = compile_one(rules_dir, TWO_CALLS)
    definition = book.engine_rules["two-calls-unless-a-double"]
    assert definition["dist"] == 0
    assert {"$neq": {"fid": {"first": "fid"}}} in definition["all"][1]["second"]["$and"]
    calls = [{"t": "call", "seat": "N", "idx": 2, "kind": "bid", "fid": "c2"}]
    assert _run(book, calls) == []                    # one call is not two
    calls.append({"t": "call", "seat": "N", "idx": 3, "kind": "pass", "fid": "c3"})
    assert sorted(_run(book, calls)) == ["2 3", "3 2"]
    calls[1]["kind"] = "double"                       # the double is one of the two: it blocks
    assert _run(book, calls) == []


def test_a_rule_whose_unless_cannot_see_its_when_facts_compiles_as_before(rules_dir):
    _, book = compile_one(rules_dir, OWN_EXCEPTION.replace('bid: {type: call, idx: "{marker.of}", kind: bid}',
                                                           'later: {type: call, idx: {gt: "{call.idx}"}}'))
    assert "dist" not in book.engine_rules["marked-call-not-a-bid"]


def test_the_accepted_change_that_ended_the_auction_gives_no_if_becomes_a_defender_line():
    # found by the check: coc-accepted-lead-restriction-comparability-not-stated's `unless`
    # (a call ended the auction) could only see the accepted Pass itself
    r = ruled("law25-b1-accepted-change-ends-the-auction-26b-line-is-not-conditional")
    lead = texts(r, cite="26B", code="lead-restriction-possible")
    assert len(lead) == 1 and lead[0].startswith("The auction has ended with W a defender: N, declarer")
    assert not [ln for ln in r.lines if "becomes a defender" in ln.text]


# ---------------------------------------------------------------- a join on a field that may be missing

OPTIONAL_FIELD = """\
- id: called-over-before-the-next-call
  cite: 27A1
  summary: no call by the same seat before this call's next call
  when:
    call: {type: call}
  unless:
    earlier: {type: call, seat: "{call.seat}", idx: {lt: "{call.next_idx}"}}
  then:
    - outcome: irregularity
"""


def test_an_unless_comparing_with_a_field_the_fact_may_lack_is_refused(rules_dir):
    # in the engine: error 311 (property not found) on the call that has no next call, an
    # internal error for the user (the coordinator's 29A fix, 80 of 50,000 generated cases)
    path, e = error_of(rules_dir, OPTIONAL_FIELD)
    assert (e.file, e.line, e.field) == (str(path), 5, "called-over-before-the-next-call.unless.earlier.idx")
    assert "'{call.next_idx}'" in e.message and "a 'call' fact may lack" in e.message
    assert "next_idx: {exists: true}" in e.message


@pytest.mark.parametrize("guard", ["call: {type: call, next_idx: {exists: true}}",
                                   "call: {type: call, next_rel: lho}",          # one of its group
                                   'call: {type: call}\n    next_call: {type: call, idx: "{call.next_idx}"}'])
def test_the_same_unless_compiles_once_the_field_is_sure(rules_dir, guard):
    _, book = compile_one(rules_dir, OPTIONAL_FIELD.replace("call: {type: call}", guard, 1))
    assert book.by_id("called-over-before-the-next-call")


def test_an_equality_join_on_a_field_the_fact_may_lack_is_allowed_and_finds_no_match(rules_dir):
    _, book = compile_one(rules_dir, OPTIONAL_FIELD.replace('idx: {lt: "{call.next_idx}"}', 'idx: "{call.next_idx}"'))
    calls = [{"t": "call", "seat": "N", "idx": 1, "fid": "c1", "next_idx": 2},
             {"t": "call", "seat": "N", "idx": 2, "fid": "c2"}]
    assert len(_run(book, calls)) == 1      # the last call (no next call) fires; no engine error


def test_a_derived_field_copied_from_an_optional_one_is_optional_too(rules_dir):
    derived = """\
- id: make-marker
  cite: 27A1
  summary: marks a call with its next call
  when:
    call: {type: call}
  then:
    - fact: {type: marker, of: "{call.idx}", next: "{call.next_idx}"}
""" + OPTIONAL_FIELD.replace("call: {type: call}", "marker: {type: marker}\n    call: {type: call, idx: \"{marker.of}\"}") \
        .replace('idx: {lt: "{call.next_idx}"}', 'idx: {lt: "{marker.next}"}')
    path, e = error_of(rules_dir, derived)
    assert e.field == "called-over-before-the-next-call.unless.earlier.idx"
    assert "a 'marker' fact may lack" in e.message
    # the same, from a field every call has: compiles
    _, book = compile_one(rules_dir, derived.replace('next: "{call.next_idx}"', 'next: "{call.idx}"'))


def test_an_unless_joining_another_unless_pattern_is_refused(rules_dir):
    body = OPTIONAL_FIELD.replace('idx: {lt: "{call.next_idx}"}}', 'idx: "{call.idx}"}\n    other: {type: call, seat: "{earlier.seat}"}')
    _, e = error_of(rules_dir, body)
    assert e.field == "called-over-before-the-next-call.unless.other.seat"
    assert "joins to 'earlier', another unless pattern" in e.message


def test_the_optional_fields_the_compiler_knows_are_those_the_facts_lack():
    # every field some base fact of a type lacks (in every case of cases/) is declared optional
    # for that type, and the fields of one group are there together
    seen: dict[str, list[set]] = {}
    for path in sorted(glob.glob(str(REPO_ROOT / "cases" / "**" / "*.yaml"), recursive=True)):
        try:
            case = load_case(path)
        except InputError:
            continue
        for f in derive(case).facts:
            seen.setdefault(f["t"], []).append(set(f))
    assert len(seen) > 15
    for ftype, facts in seen.items():
        every = set().union(*facts)
        for fields in facts:
            for fld in every - fields:
                assert shapes.optional(ftype, fld), (ftype, fld)
            for group in shapes.OPTIONAL_FIELDS.get(ftype, ()):
                assert not (group & fields) or group <= fields, (ftype, sorted(group), sorted(group & fields))


def test_the_real_rulebooks_pass_the_checks():
    for edition in ("duplicate-2017", "duplicate-1997", "rubber-1981", "portland-bridge-c1909"):
        assert load_rulebook(str(REPO_ROOT / "rules"), edition).rules

"""YAML oddities in every field of a case (issue 25 item 4; docs/open-faults/hostile-2026-12-05.md).

On the main of 2026-12-05 ``board: !!bool foo`` ended in "internal error: KeyError" (exit 3), and
so did ``!!float foo``, ``!!timestamp foo``, ``!!map foo``, ``!!seq foo`` and a ``!!set`` in a
``happened`` event, in every field; ``title: !!int {a: 1}`` became the title
"[(ScalarNode(...))]"; ``title: 2026-12-05`` was refused as a date; ``board: "1_0"`` was board 10.
The loader now takes YAML 1.2's core values only (text, numbers, true or false, null, lists,
mappings), checks an explicit tag against its value, and every oddity is one line, exit 2, with
file:line:column and what was expected. The property below puts generated tags, anchors,
aliases, merge keys and duplicate keys in every field.
"""
from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge_director.base.yamlpos import InputError, loads
from bridge_director.cli.main import main

#: a case using every kind of field; {name} is where a field's value goes
TEMPLATE = """case: &c x1
title: {title}
source: {source}
notes: {notes}
edition: {edition}
lang: {lang}
board: {board}
vulnerability: {vul}
events:
  - &e {{seat: {seat}, call: {call}}}
  - {{seat: W, call: 1H, note: {note}}}
  - {{director: {director}, by: {by}}}
  - {{seat: N, accepts: {accepts}}}
  - {{seat: W, replaces: {replaces}, with: {with_}, event: {event}}}
  - {{happened: {happened}, seat: E, cards: {cards}}}
judgement:
  {jkey}: {jval}
  W 1H artificial: false
expect:
  - {{cite: {cite}, outcome: {outcome}}}
"""
GOOD = dict(title="t", source="teaching", notes="n", edition="duplicate-2017", lang="en", board="1", vul="None",
            seat="S", call="1NT", note="n", director="called", by="N", accepts="false", replaces="1H", with_="2H",
            event="2", happened="hand-count", cards="13", jkey="W 1H unintended", jval="false", cite="27B1(a)",
            outcome="no-further-rectification")
POSITION = re.compile(r"^director: error: \S+case\.yaml:\d+:\d+: ")


def outcome(tmp_path, capsys, field: str, value: str) -> "tuple[int, list[str]]":
    """``director rule`` on the template with ``value`` in ``field``: (exit code, stderr lines)."""
    path = tmp_path / "case.yaml"
    path.write_text(TEMPLATE.format(**{**GOOD, field: value}), encoding="utf-8")
    rc = main(["rule", str(path)])
    err = capsys.readouterr().err
    return rc, [ln for ln in err.splitlines() if ln.strip()]


def assert_user_mistake_or_ruled(rc: int, lines: "list[str]", what) -> None:
    assert rc in (0, 1, 2), (what, rc, lines)
    if rc == 2:
        assert len(lines) == 1, (what, lines)
        assert POSITION.match(lines[0]), (what, lines)      # file:line:column, then what was expected
        assert "internal error" not in lines[0] and "Traceback" not in lines[0]


def test_the_template_rules():
    # (so that a refusal below is the oddity's, not the template's)
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "case.yaml"
        p.write_text(TEMPLATE.format(**GOOD))
        assert main(["rule", str(p)]) == 0


# ---------------------------------------------------------------- each kind seen, in every field

KINDS = {   # each gave exit 3 (or a wrong value) on the main of 2026-12-05
    "!!bool foo": "the tag !!bool needs true or false, found 'foo'",
    "!!bool 1": "the tag !!bool needs true or false, found '1'",
    "!<tag:yaml.org,2002:bool> x": "the tag !!bool needs true or false",
    "!!float foo": "the tag !!float needs a number, found 'foo'",
    "!!timestamp foo": "found a value tagged '!!timestamp'",
    "!!map foo": "the tag !!map needs a mapping, found a single value",
    "!!map [1]": "the tag !!map needs a mapping, found a list",
    "!!seq foo": "the tag !!seq needs a list, found a single value",
    "!!seq {a: 1}": "the tag !!seq needs a list, found a mapping",
    "!!int [1]": "the tag !!int needs a single value, found a list",
    "!!int {a: 1}": "the tag !!int needs a single value, found a mapping",
    "!!set {a}": "found a value tagged '!!set'",
    "!!binary aGVsbG8=": "found a value tagged '!!binary'",
    "!!omap [a: 1]": "found a value tagged '!!omap'",
    "!!pairs [a: 1]": "found a value tagged '!!pairs'",
    "!!python/object/apply:os.system [true]": "found a value tagged '!!python/object/apply:os.system'",
    "!mine x": "found a value tagged '!mine'",
    "!!null 3": "the tag !!null takes no value, found '3'",
}


@pytest.mark.parametrize("value", sorted(KINDS))
@pytest.mark.parametrize("field", sorted(GOOD))
def test_an_odd_tag_in_any_field_is_one_line_with_its_place(tmp_path, capsys, field, value):
    rc, lines = outcome(tmp_path, capsys, field, value)
    assert rc == 2, (field, value, lines)
    assert_user_mistake_or_ruled(rc, lines, (field, value))
    assert KINDS[value] in lines[0], lines[0]
    line_no = next(i for i, ln in enumerate(TEMPLATE.splitlines(), 1) if "{" + field + "}" in ln)
    assert f"case.yaml:{line_no}:" in lines[0], (line_no, lines[0])


def test_a_date_written_plainly_is_text():
    # YAML 1.1 made 'title: 2026-12-05' a date, which the title then refused
    data = loads("title: 2026-12-05\nnotes: 2001-12-14t21:59:43.10-05:00\n", "c.yaml")
    assert data == {"title": "2026-12-05", "notes": "2001-12-14t21:59:43.10-05:00"}


def test_merge_and_value_words_as_values_are_text():
    assert loads("a: <<\nb: =\n", "c.yaml") == {"a": "<<", "b": "="}


def test_a_merge_keeps_the_mappings_own_keys():
    # YAML's merge rule: a key of the mapping itself overrides the merged one (was "appears twice")
    data = loads("x: &e {seat: S, call: 1NT}\ny: {<<: *e, call: 2NT}\nz: {<<: [*e, {call: 3NT}]}\n", "c.yaml")
    assert dict(data["y"]) == {"seat": "S", "call": "2NT"}
    assert dict(data["z"]) == {"seat": "S", "call": "1NT"}    # the first merged mapping wins
    with pytest.raises(InputError, match="appears twice"):
        loads("y: {seat: S, call: 2NT, call: 3NT}\n", "c.yaml")


@pytest.mark.parametrize("written", ["'1_0'", "1_0", ".nan", ".inf", "3.5", "'3 4'", "'" + "9" * 5000 + "'"])
def test_a_board_that_is_not_a_whole_number_is_refused(tmp_path, capsys, written):
    # '1_0' was board 10 (pydantic's reading of text), '.nan' 'Input should be a finite number'
    rc, lines = outcome(tmp_path, capsys, "board", written)
    assert rc == 2 and len(lines) == 1, lines
    assert "board: expected a board number (a whole number)" in lines[0], lines[0]


@pytest.mark.parametrize("written, board", [("'3'", "Board 3:"), ("3.0", "Board 3:"), ("' 4 '", "Board 4:")])
def test_a_board_written_as_text_or_a_whole_float_is_that_board(tmp_path, capsys, written, board):
    path = tmp_path / "case.yaml"
    path.write_text(TEMPLATE.format(**{**GOOD, "board": written, "vul": {"'3'": "EW", "3.0": "EW"}.get(written, "Both")}))
    assert main(["rule", str(path)]) == 0
    assert capsys.readouterr().out.startswith(board)


def test_a_null_key_and_a_null_board_are_placed(tmp_path, capsys):
    # '~: 1' was reported at 1:1 as field 'None'; 'board: ~' at 1:1 as "found neither"
    text = TEMPLATE.format(**GOOD)
    (tmp_path / "a.yaml").write_text(text.replace("board: 1\n", "~: 1\n"))
    assert main(["rule", str(tmp_path / "a.yaml")]) == 2
    assert "a.yaml:7:4: expected a field name (text), found nothing (null)" in capsys.readouterr().err
    (tmp_path / "b.yaml").write_text(text.replace("board: 1\n", "board: ~\n"))
    assert main(["rule", str(tmp_path / "b.yaml")]) == 2
    assert "b.yaml:7:8: board: expected a board number (or a dealer), found nothing (null)" in capsys.readouterr().err


# ---------------------------------------------------------------- the property: generated oddities anywhere

TAGS = ["!!bool", "!!int", "!!float", "!!str", "!!null", "!!binary", "!!timestamp", "!!set", "!!omap", "!!pairs",
        "!!map", "!!seq", "!!merge", "!!value", "!!yaml", "!!python/tuple", "!!python/name:os.system",
        "!!python/object/apply:os.system", "!", "!x", "!<tag:yaml.org,2002:bool>", "!<tag:yaml.org,2002:int>", "!<x>"]
SCALARS = ["foo", "1", "0", "-1", "010", "0x1F", "1:30", "1_0", "3.0", "1e3", ".nan", ".inf", "yes", "no", "on", "~",
           "null", "''", "2026-12-05", "2001-12-14t21:59:43.10-05:00", "aGVsbG8=", "<<", "=", "N", "1H", "Pass",
           "9" * 31, "'" + "9" * 400 + "'", "\"\\u202e1H\"", "\"\\u200b\"", "１", "\"\\x00\"", "*c", "*e", "*zz"]


def _fragments() -> st.SearchStrategy:
    scalar = st.one_of(st.sampled_from(SCALARS),
                       st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12).map(json.dumps))

    def extend(inner):
        key = st.one_of(st.sampled_from(["a", "seat", "call", "<<", "1", "~", "[1]", "? [1]", "? {a: 1}"]), inner)
        pair = st.tuples(key, inner).map(lambda kv: f"{kv[0]}: {kv[1]}")
        return st.one_of(
            st.tuples(st.sampled_from(TAGS), inner).map(" ".join),
            st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
            st.lists(pair, max_size=3).map(lambda xs: "{" + ", ".join(xs) + "}"),
            st.tuples(st.sampled_from(["&a", "&b"]), inner).map(" ".join),
            inner.map(lambda v: "{<<: " + v + "}"),
            inner.map(lambda v: "{a: " + v + ", a: 1}"),
        )
    return st.recursive(st.one_of(scalar, st.sampled_from(TAGS)), extend, max_leaves=6)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(sorted(GOOD)), value=_fragments())
def test_any_yaml_oddity_in_any_field_is_ruled_or_one_line(tmp_path, capsys, field, value):
    rc, lines = outcome(tmp_path, capsys, field, value)
    assert_user_mistake_or_ruled(rc, lines, (field, value))


@pytest.mark.parametrize("value", ['{"\\r": 1, "\\r": 1}', '{"a\\nb": 1, "a\\nb": 1}', '"\\u202eS"'])
def test_a_line_break_or_a_direction_mark_in_a_quoted_key_stays_on_the_one_line(tmp_path, capsys, value):
    # a duplicated key "\r" printed a carriage return inside the error: two lines on screen
    rc, lines = outcome(tmp_path, capsys, "seat", value)
    assert rc == 2 and len(lines) == 1, lines
    assert "\r" not in lines[0] and "\u202e" not in lines[0]
    assert "\\r" in lines[0] or "\\n" in lines[0] or "\\u202e" in lines[0], lines[0]


@pytest.mark.parametrize("encoding, words", [
    ("latin-1", "a.yaml:2:16: expected UTF-8 text, found the byte 0xea"),
    ("utf-16", "a.yaml:1:1: expected UTF-8 text, found UTF-16"),
    ("utf-16-le", "found UTF-16 (every other byte is NUL)"),
])
def test_a_case_in_another_encoding_is_placed_and_named(tmp_path, capsys, encoding, words):
    # was: "expected UTF-8 text, found a byte that is not (invalid start byte)" with no line or column
    text = TEMPLATE.format(**{**GOOD, "title": "Insuficiência"})
    (tmp_path / "a.yaml").write_bytes(text.encode(encoding))
    assert main(["rule", str(tmp_path / "a.yaml")]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and words in lines[0], lines


def test_utf16_with_no_byte_order_mark_and_only_ascii_is_named(tmp_path, capsys):
    (tmp_path / "a.yaml").write_bytes(TEMPLATE.format(**GOOD).encode("utf-16-le"))
    assert main(["rule", str(tmp_path / "a.yaml")]) == 2
    assert "the file looks like UTF-16; save it as UTF-8" in capsys.readouterr().err


# ---------------------------------------------------------------- depth, aliases that multiply, long values

def _laughs(leaf: str = "[S, H]", levels: int = 9) -> str:
    """Nine aliases of nine aliases of ... (9**9 values once expanded), in flow style."""
    chain = f"&a0 {leaf}"
    for i in range(1, levels + 1):
        chain = f"&a{i} [" + chain + ", " + ", ".join([f"*a{i - 1}"] * 8) + "]"
    return chain


@pytest.mark.parametrize("field", ["jval", "seat", "title", "board", "cite"])
def test_aliases_that_multiply_a_value_are_refused_before_it_is_read(tmp_path, capsys, field):
    # was: 'exposed:' or a 'specifies' judgement of 9**9 values: 115 s and 4 GB, or 29 s and 1 GB
    rc, lines = outcome(tmp_path, capsys, field, _laughs())
    assert rc == 2 and len(lines) == 1, lines
    assert "once its aliases (*name) are expanded" in lines[0], lines[0]


def test_a_list_of_cards_that_multiplies_is_refused_at_once(tmp_path, capsys):
    text = TEMPLATE.format(**GOOD).replace(
        "  - {happened: hand-count, seat: E, cards: 13}\n",
        "  - {happened: card-exposed, seat: W, exposed: " + _laughs("[SA, HA]") + "}\n")
    (tmp_path / "case.yaml").write_text(text)
    assert main(["rule", str(tmp_path / "case.yaml")]) == 2
    assert "once its aliases (*name) are expanded" in capsys.readouterr().err


@pytest.mark.parametrize("depth", [150, 300, 990])
@pytest.mark.parametrize("anchored", [False, True])
def test_deep_nesting_is_one_line_not_a_recursion_error(tmp_path, capsys, depth, anchored):
    # was: from about 250 levels (libyaml allows 1,000) "internal error: RecursionError"
    value = ("&x " if anchored else "") + "[" * depth + "]" * depth
    rc, lines = outcome(tmp_path, capsys, "board", value)
    assert rc == 2 and len(lines) == 1, lines
    assert "nested at most 100 deep" in lines[0], lines[0]


def test_a_long_value_quoted_in_an_error_is_shortened_in_the_middle(tmp_path, capsys):
    # was: a 100,000-character card quoted whole in the one line
    text = TEMPLATE.format(**GOOD).replace(
        "  - {happened: hand-count, seat: E, cards: 13}\n",
        "  - {happened: card-exposed, seat: W, exposed: [" + "x" * 100_000 + "]}\n")
    (tmp_path / "case.yaml").write_text(text)
    assert main(["rule", str(tmp_path / "case.yaml")]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert len(line) < 700 and "characters ...]" in line and line.endswith("e.g. 'SA' or 'D7'"), line


@pytest.mark.parametrize("where", ["top", "event"])
def test_a_key_longer_than_yaml_takes_is_named_so(tmp_path, capsys, where):
    # was: "broken YAML: while scanning a simple key could not find expected ':', found ':'"
    text = TEMPLATE.format(**GOOD)
    text = (text.replace("board: 1\n", "board: 1\n" + "k" * 5000 + ": 1\n") if where == "top"
            else text.replace("{seat: W, call: 1H, note: n}", "{seat: W, call: 1H, " + "k" * 5000 + ": 1}"))
    (tmp_path / "case.yaml").write_text(text)
    assert main(["rule", str(tmp_path / "case.yaml")]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert "expected a key of at most 1,024 characters" in line, line


# ---------------------------------------------------------------- an alias is placed where it is used (helper "polish")

ALIASED = """case: alias-test
title: &a "seven"
dealer: N
vulnerability: None
{use}
events:
  - &call {{seat: N, call: 1S}}
  - {{seat: E, call: 1H}}
"""


@pytest.mark.parametrize("use, line, col", [
    ("board: *a", 5, 8),                    # a scalar alias: was reported at 2:8, the anchor
    ("board: [*call]", 5, 9),               # inside a flow list
])
def test_an_alias_is_reported_where_it_is_used_not_at_its_anchor(tmp_path, capsys, use, line, col):
    (tmp_path / "case.yaml").write_text(ALIASED.format(use=use))
    rc = main(["rule", str(tmp_path / "case.yaml")])
    err = capsys.readouterr().err.strip()
    assert rc == 2, err
    assert f"case.yaml:{line}:{col}:" in err, err


def test_an_aliased_mapping_is_placed_at_the_alias_and_its_keys_where_written():
    data = loads("a: &m {x: 1}\nb:\n  c: *m\n", "f.yaml")
    from bridge_director.base.yamlpos import position
    assert position(data["b"], "c") == (3, 6)           # the alias's place (was 1:4, the anchor's)
    assert position(data["b"]["c"], "x") == (1, 11)     # its own values: where they are written
    assert data["b"]["c"] == {"x": 1}


def test_a_star_in_plain_text_is_not_an_alias():
    data = loads("title: 'bid 1S* (alert)'\nnotes: a * b\n", "f.yaml")
    assert data["title"] == "bid 1S* (alert)" and data["notes"] == "a * b"

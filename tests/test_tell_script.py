"""'Tell the players now' is a script to read aloud as it is (issue 23, item 3): only what the
players must hear and do, in plain words; the director's own steps under their own heading;
no clause-speak ("as in 31A2", "no change under 25A; Law 27 governs"), no raw fields."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridge_director.case.load import load_case
from bridge_director.ruling.grid import director_steps, tell_the_table
from bridge_director.ruling.render import as_dict, render_markdown, render_text
from bridge_director.session import api

CASES = Path(__file__).resolve().parent.parent / "cases"
ALL = sorted(CASES.rglob("*.yaml"))

#: what a player never hears: a clause (25A, 31A2, 12C2(a), 8A2), "Law N", a bare law number in
#: brackets, "as in"/"under" a clause, the director's own steps, a template or a raw field
CLAUSE_SPEAK = re.compile(r"\b\d{2}[A-H]\d*|\b\d[A-H]\d|\b\d[ABEFG]\b|\bLaws? \d+|\(\d+\)|\b(as in|under) \d"
                          r"|Before ruling|find out|[{}_=]|\[EN\]|\btrue\b|\bfalse\b")


@pytest.fixture(scope="module")
def rulings():
    book = api.rulebook()
    out = {}
    for p in ALL:
        case = load_case(p)
        out[p.stem] = api.rule(case, book if case.edition == book.edition else api.rulebook(case.edition))
    return out


def test_no_case_tells_the_players_a_clause_a_step_of_the_director_or_a_raw_field(rulings):
    bad = [(name, t) for name, r in rulings.items() for t in tell_the_table(r) if CLAUSE_SPEAK.search(t)]
    assert not bad, "\n".join(f"{n}: {t}" for n, t in bad[:30])


def test_every_ruling_tells_the_players_something(rulings):
    assert not [name for name, r in rulings.items() if not tell_the_table(r)]


def test_the_directors_steps_have_their_own_heading_before_the_script():
    from bridge_director.case.load import from_data
    from bridge_director.base.yamlpos import loads
    r = api.rule(from_data(loads("case: t\ntitle: t\nboard: 5\nevents:\n  - {seat: N, call: 1S}\n"
                                 "  - {seat: E, call: 1H}\n", "t.yaml"), "t.yaml"))
    steps = director_steps(r)
    assert steps == ["Before ruling, find out (away from the table): Was 1H the call East meant to make?"]
    text = render_text(r)
    head = "For the director first (not to read out):"
    assert text.index(head) < text.index(steps[0]) < text.index("Tell the players now:")
    told = text.split("Tell the players now:\n")[1].split("\n\n")[0]
    assert "find out" not in told and "Was 1H" not in told, told
    md = render_markdown(r)
    assert md.index("## For the director first (not to read out)") < md.index("## Tell the players now")
    data = as_dict(r)
    assert data["director_steps"] == steps and steps[0] not in data["tell_the_table"]


def test_the_players_hear_the_rules_say_words_and_the_director_reads_the_text(rulings):
    r = rulings["ib-01-insufficient-1h-over-1nt"]
    line = next(ln for ln in r.lines if ln.cite == "25A2")
    assert line.text == "1H was the call W meant: no change under 25A; Law 27 governs."
    assert line.players_words == "W meant 1H: it cannot be put right as a slip."
    assert tell_the_table(r)[0] == "West meant 1H: it cannot be put right as a slip."
    assert as_dict(r)["outcomes"][1]["say"] == "W meant 1H: it cannot be put right as a slip."


def test_a_line_for_the_director_alone_is_never_read_out(rulings):
    for name, r in rulings.items():
        quiet = [ln for ln in r.lines if ln.say == ""]
        told = tell_the_table(r)
        for ln in quiet:
            assert not any(ln.text.split(":")[0] in t for t in told), (name, ln.text, told)

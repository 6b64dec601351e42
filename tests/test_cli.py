"""The ``director`` command end to end (subprocess, from the repository root)."""
from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import pytest

from bridge_director.case.load import load_case

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
IB01 = "cases/ib-01-insufficient-1h-over-1nt.yaml"
CITE_AT_END = re.compile(r"\.{3,} (\S+)$")


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=300)


def expected_pairs(path) -> set[tuple[str, str]]:
    return {(e.cite, e.outcome) for e in load_case(REPO_ROOT / path).expect}


@pytest.fixture(scope="module")
def ib01_text() -> str:
    proc = run_cli("rule", IB01)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return proc.stdout


def test_text_option_lines_and_their_citations(ib01_text):
    before, _, options = ib01_text.partition("\nOptions")
    assert options, ib01_text
    options = options.split("\nTrace")[0]
    option_cites = {m[1] for line in options.splitlines() if (m := CITE_AT_END.search(line))}
    assert option_cites == {"10C1", "27A1", "27B1(a)", "27B1(b)", "27B2", "26B", "72C", "27B3", "27B4", "27D"}
    # the option headings, in the order of 27A then 27B1(a), 27B1(b), 27B2, 27B3, 27B4
    headings = re.findall(r"^  ([a-f])\. (.*):$", options, re.M)
    assert [h[0] for h in headings] == list("abcdef")
    assert headings[0][1] == "North accepts 1H"
    assert headings[1][1] == "if North does not accept, West replaces 1H with 2H"


def test_text_cites_every_expected_citation_and_no_other(ib01_text):
    all_cites = {m[1] for line in ib01_text.splitlines() if (m := CITE_AT_END.search(line))}
    assert all_cites == {c for c, _ in expected_pairs(IB01)}
    assert "Irregularity: West's 1H does not outrank 1NT" in ib01_text


def test_json_outcomes_equal_the_expect_block():
    proc = run_cli("rule", IB01, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["case"] == "ib-01-insufficient-1h-over-1nt"
    assert data["dealer"] == "S"
    assert data["cancelled_calls"] == []
    assert {(o["cite"], o["outcome"]) for o in data["outcomes"]} == expected_pairs(IB01)
    first = data["outcomes"][0]
    assert (first["cite"], first["outcome"], first["rule"]) == ("18D", "irregularity", "ib-recognised")
    assert first["events"] == [{"event": 2, "file": IB01, "line": 13, "what": "W 1H"}]


def test_markdown_has_a_table_with_bold_citations():
    proc = run_cli("rule", IB01, "--format", "markdown")
    assert proc.returncode == 0, proc.stderr
    md = proc.stdout
    assert md.startswith("# Insufficient 1H over 1NT")
    assert "| What follows | Law | Outcome |" in md
    assert "|---|---|---|" in md
    rows = [ln for ln in md.splitlines() if ln.startswith("| ") and "**" in ln]
    assert any("| **27B2** | `partner-must-pass-rest` |" in ln for ln in rows)
    assert {re.search(r"\*\*(\S+?)\*\*", ln)[1] for ln in rows} == {c for c, _ in expected_pairs(IB01)}


def test_trace_shows_rule_citation_and_event_provenance():
    proc = run_cli("rule", IB01, "--trace")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert re.search(r"^  ib-recognised \[18D\] stratum \d+$", out, re.M)
    assert f"<- event 2 (W 1H) at {IB01}:13" in out
    assert f"<- event 2 (judgement: W 1H unintended = false) at {IB01}:16" in out
    # each matched fact: its type and identity, then the fields the rule's pattern tested
    assert re.search(r"^  ib-recognised \[18D\] stratum \d+\n    call: call idx=2 seat=W call=1H \| tested "
                     r"kind=bid, sufficient=False", out, re.M)
    untraced = run_cli("rule", IB01).stdout
    assert "ib-recognised [18D]" not in untraced


def case_files_with_expect() -> list[pathlib.Path]:
    return [p for p in sorted((REPO_ROOT / "cases").rglob("*.yaml")) if load_case(p).expect is not None]


def test_check_all_cases_pass():
    proc = run_cli("check", "cases/")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    n = len(case_files_with_expect())
    assert n >= 13
    assert lines[-1] == f"{n} passed, 0 failed"
    assert sum(ln.startswith("PASS ") for ln in lines) == n
    assert f"PASS ib-01-insufficient-1h-over-1nt ({pathlib.Path('cases/') / 'ib-01-insufficient-1h-over-1nt.yaml'})" in lines


def test_check_wrong_expect_fails_naming_missing_and_extra(tmp_path):
    text = (REPO_ROOT / IB01).read_text()
    assert "{cite: 27B4, outcome: option-accept}" in text
    bad = tmp_path / "ib-01-wrong.yaml"
    bad.write_text(text.replace("{cite: 27B4, outcome: option-accept}", "{cite: 27B4, outcome: call-accepted}"))
    proc = run_cli("check", str(bad))
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    assert proc.stdout.splitlines() == [
        f"FAIL ib-01-insufficient-1h-over-1nt ({bad}): not in the answer 27B4 call-accepted; not in the key 27B4 option-accept",
        "0 passed, 1 failed",
    ]


def test_check_skips_cases_without_expect(tmp_path):
    text = (REPO_ROOT / IB01).read_text()
    (tmp_path / "a-no-expect.yaml").write_text(text.split("\nexpect:")[0] + "\n")
    (tmp_path / "b-ib01.yaml").write_text(text)
    proc = run_cli("check", str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines() == [f"PASS ib-01-insufficient-1h-over-1nt ({tmp_path / 'b-ib01.yaml'})",
                                        "1 passed, 0 failed"]


def test_check_with_no_expect_anywhere_exits_2(tmp_path):
    text = (REPO_ROOT / IB01).read_text()
    only = tmp_path / "no-expect.yaml"
    only.write_text(text.split("\nexpect:")[0] + "\n")
    proc = run_cli("check", str(tmp_path), str(only))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.splitlines() == [
        f"director: error: no case with an expect: block found under {tmp_path}, {only}"]


@pytest.mark.parametrize("debug", [False, True])
def test_internal_error_exits_3_with_or_without_debug(monkeypatch, capsys, debug):
    from bridge_director.cli import main as cli
    from bridge_director.infer.enginecheck import EngineBuildError

    def boom(args):
        raise RuntimeError("boom")
    monkeypatch.setattr(cli, "_cmd_rule", boom)
    assert cli.main((["--debug"] if debug else []) + ["rule", IB01]) == 3
    err = capsys.readouterr().err
    if debug:
        assert err.startswith("Traceback (most recent call last)")
        assert err.splitlines()[-1] == "director: internal error: RuntimeError: boom"
    else:
        assert err.splitlines() == ["director: internal error: RuntimeError: boom (run with --debug for details)"]

    def unbuilt(args):
        raise EngineBuildError("the engine is not our build")
    monkeypatch.setattr(cli, "_cmd_rule", unbuilt)
    assert cli.main((["--debug"] if debug else []) + ["rule", IB01]) == 3
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == "director: the engine is not our build"
    assert ("Traceback (most recent call last)" in err) == debug


@pytest.mark.parametrize("args", [["--help"], ["rule", "--help"]])
def test_help_exits_0_and_mentions_the_case_file(args):
    proc = run_cli(*args)
    assert proc.returncode == 0
    assert "case file" in proc.stdout
    assert "usage: director" in proc.stdout


def test_rule_help_lists_formats_and_trace():
    out = run_cli("rule", "--help").stdout
    assert "{text,markdown,json}" in out and "--trace" in out


def test_no_arguments_exits_2():
    proc = run_cli()
    assert proc.returncode == 2
    assert "usage: director" in proc.stdout + proc.stderr


def test_unknown_format_exits_2():
    proc = run_cli("rule", IB01, "--format", "pdf")
    assert proc.returncode == 2
    assert "invalid choice: 'pdf'" in proc.stderr


def test_schema_equals_the_committed_schema():
    proc = run_cli("schema")
    assert proc.returncode == 0, proc.stderr
    committed = json.loads((REPO_ROOT / "schemas" / "case.schema.json").read_text())
    assert json.loads(proc.stdout) == committed
    assert committed["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert "events" in committed["required"]


def test_irregularity_line_points_at_the_irregular_call_not_the_decision():
    # W's X is event 3 (line 13); N's "does not accept" (event 5, line 15) comes later
    out = run_cli("rule", str(REPO_ROOT / "cases" / "law32-a1-double-at-rhos-turn-repeated.yaml")).stdout
    irregularity = " ".join(out.split("Irregularity: ")[1].split("\n\n")[0].split())
    assert irregularity.startswith("It was South's turn to call, not West's: West's X is a call out of rotation. (event 3, ")
    assert "law32-a1-double-at-rhos-turn-repeated.yaml:13)" in irregularity


def test_the_readme_case_example_passes_check(tmp_path):
    text = (REPO_ROOT / "README.md").read_text()
    start = text.index("```yaml\ncase: ") + len("```yaml\n")
    path = tmp_path / "readme-case.yaml"
    path.write_text(text[start:text.index("```", start)])
    proc = run_cli("check", str(path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[-1] == "1 passed, 0 failed"


@pytest.mark.parametrize("argv", [
    ["rule", IB01], ["rule", IB01, "--trace"], ["rule", IB01, "--format", "json", "--trace"],
    ["rule", IB01, "--lang", "pt", "--format", "markdown"], ["rule", "x.pbn", "--format", "text"],
])
def test_the_usual_rule_arguments_are_read_as_the_parser_reads_them(argv):
    from bridge_director.cli import main as cli
    plain = cli._plain_rule_args(argv)
    assert plain is not None
    assert vars(plain) == vars(cli._parser(only="rule").parse_args(argv))
    assert vars(plain) == vars(cli._parser().parse_args(argv))


@pytest.mark.parametrize("argv", [
    ["rule"], ["rule", "-"], ["rule", IB01, "--format", "html"], ["rule", IB01, "--form", "json"],
    ["rule", IB01, "--format=json"], ["rule", IB01, "--trace", "--trace"], ["rule", IB01, "--board", "3"],
    ["rule", IB01, "--debug"], ["--debug", "rule", IB01], ["rule", IB01, "other.yaml"], ["check", IB01],
    ["rule", IB01, "--lang"], ["rule", IB01, "-h"],
])
def test_other_rule_arguments_are_left_to_the_parser(argv):
    from bridge_director.cli import main as cli
    assert cli._plain_rule_args(argv) is None

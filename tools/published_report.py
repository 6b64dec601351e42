"""Write docs/published-rulings.md: how the published rulings in cases/published/ fared.

    python tools/published_report.py [--check-output FILE] [-o docs/published-rulings.md]

Reads every first-run record in docs/published/first-run-*.yaml (a YAML list of
``{case, law, source, right_first_time, fault, note}``, one file per helper, never edited
after the fact), lists the case files under cases/published/, runs ``director check
cases/published/`` once (or reads its output from --check-output) and writes, per law and per
source: how many cases, how many were right the first time they were run, how many pass now,
and the fault kind of each one that was wrong the first time.

A case file with no first-run record, or a record whose case file is gone, is listed under
"Records to look at" rather than counted silently. Bad input (a record file that is not a
list of mappings, a record without its fields, an unknown fault kind) is one line on standard
error and exit 2, nothing written.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
FAULT_KINDS = (
    "silent-default", "choice-not-given", "choice-offered-twice", "consequence-unsaid",
    "moment-wrong", "two-irregularities", "replaced-not-changed", "beyond-table",
    "meaning-by-agreement", "mispull-not-asked", "law24-not-reached", "information",
    "wording", "not-covered", "other",
)
FIELDS = ("case", "law", "source", "right_first_time", "fault", "note")
CHECK_LINE = re.compile(r"^(PASS|FAIL) \S+ \((?P<path>[^)]+)\)")


class BadInput(Exception):
    pass


@dataclass
class Row:
    case: str
    law: str
    source: str
    right_first_time: bool | None = None     # None: no first-run record
    fault: str | None = None
    note: str = ""
    record_file: str = ""
    passing: bool | None = None              # None: not checked (no expect:, or missing)
    exists: bool = True


@dataclass
class Tally:
    cases: int = 0
    right: int = 0
    recorded: int = 0
    passing: int = 0
    faults: Counter = field(default_factory=Counter)

    def add(self, row: Row) -> None:
        self.cases += 1
        if row.right_first_time is not None:
            self.recorded += 1
            self.right += bool(row.right_first_time)
        if row.passing:
            self.passing += 1
        if row.right_first_time is False:
            self.faults[row.fault or "other"] += 1


def load_records(folder: Path) -> list[Row]:
    rows: list[Row] = []
    for path in sorted(folder.glob("first-run-*.yaml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            where = f"{mark.line + 1}:{mark.column + 1}" if mark else "0:0"
            raise BadInput(f"{path}:{where}: not YAML: {getattr(e, 'problem', e)}") from None
        if data is None:
            continue
        if not isinstance(data, list):
            raise BadInput(f"{path}:1:1: expected a list of first-run records, found {type(data).__name__}")
        for i, rec in enumerate(data):
            if not isinstance(rec, dict):
                raise BadInput(f"{path}: item {i + 1}: expected a mapping with {', '.join(FIELDS)}")
            missing = [f for f in FIELDS if f not in rec]
            if missing:
                raise BadInput(f"{path}: item {i + 1} ({rec.get('case', '?')}): missing {', '.join(missing)}")
            if not isinstance(rec["right_first_time"], bool):
                raise BadInput(f"{path}: item {i + 1}: right_first_time: expected true or false, "
                               f"found {rec['right_first_time']!r}")
            fault = rec["fault"]
            if fault is not None and fault not in FAULT_KINDS:
                raise BadInput(f"{path}: item {i + 1}: fault: expected one of {', '.join(FAULT_KINDS)} "
                               f"or null, found {fault!r}")
            if rec["right_first_time"] and fault is not None:
                raise BadInput(f"{path}: item {i + 1}: fault: a case right the first time has fault null")
            rows.append(Row(case=str(rec["case"]), law=str(rec["law"]), source=str(rec["source"]),
                            right_first_time=rec["right_first_time"], fault=fault,
                            note=str(rec["note"] or ""), record_file=path.name))
    return rows


def law_of(path: Path) -> str:
    m = re.match(r"law(\d+)", path.name)
    return str(int(m.group(1))) if m else "?"


def run_check(folder: Path) -> str:
    director = ROOT / ".venv" / "bin" / "director"
    cmd = [str(director) if director.exists() else "director", "check", str(folder.relative_to(ROOT))]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        raise BadInput(f"director check {folder}: exit {done.returncode}: "
                       f"{(done.stderr or done.stdout).strip().splitlines()[-1:]}")
    return done.stdout


def parse_check(text: str) -> dict[str, bool]:
    out: dict[str, bool] = {}
    for line in text.splitlines():
        m = CHECK_LINE.match(line)
        if m:
            out[Path(m.group("path")).as_posix()] = m.group(1) == "PASS"
    return out


def collect(records: list[Row], cases_dir: Path, checked: dict[str, bool]) -> tuple[list[Row], list[str]]:
    """Every case file as a row (with its first-run record when there is one), and the problems."""
    problems: list[str] = []
    by_case: dict[str, Row] = {}
    for r in records:
        key = Path(r.case).as_posix()
        if key in by_case:
            problems.append(f"`{key}` has two first-run records ({by_case[key].record_file}, {r.record_file}); "
                            f"the first is counted")
            continue
        by_case[key] = r
    files = sorted(p.relative_to(ROOT).as_posix() for p in cases_dir.rglob("*.yaml"))
    rows: list[Row] = []
    for f in files:
        row = by_case.pop(f, None)
        if row is None:
            row = Row(case=f, law=law_of(Path(f)), source=Path(f).parent.name)
            problems.append(f"`{f}` has no first-run record")
        row.passing = checked.get(f)
        if row.passing is None:
            problems.append(f"`{f}` was not checked (no `expect:` block, or not valid)")
        rows.append(row)
    for key, row in sorted(by_case.items()):
        row.exists = False
        problems.append(f"`{key}` has a first-run record ({row.record_file}) but no case file")
    return rows, problems


def _law_key(law: str) -> tuple[int, str]:
    return (int(law), "") if law.isdigit() else (10 ** 6, law)


def pct(n: int, d: int) -> str:
    return f"{100 * n / d:.0f}%" if d else "-"


def render(rows: list[Row], problems: list[str]) -> str:
    total = Tally()
    by_law: dict[str, Tally] = defaultdict(Tally)
    by_source: dict[str, Tally] = defaultdict(Tally)
    for r in rows:
        total.add(r)
        by_law[r.law].add(r)
        by_source[r.source].add(r)
    out = ["# Published rulings as the test suite", "",
           "Generated by `tools/published_report.py` from `docs/published/first-run-*.yaml` and "
           "`director check cases/published/`; do not edit by hand.", "",
           "Each case under `cases/published/` is a director ruling published by a national body, a "
           "directors' forum, a column or a course, with the 2017 answer in its `expect:`. "
           "\"Right first time\" is the first run, before any rule was changed for it; "
           "\"passing now\" is today's `director check`.", "",
           f"**{total.cases} published rulings; {total.right} of {total.recorded} right the first time "
           f"({pct(total.right, total.recorded)}); {total.passing} of {total.cases} pass now.**", ""]

    def table(title: str, groups: dict[str, Tally], keyf) -> None:
        out.extend([f"## By {title}", "",
                    f"| {title} | cases | right first time | passing now | faults of the first run |",
                    "|---|---|---|---|---|"])
        for name in sorted(groups, key=keyf):
            t = groups[name]
            faults = ", ".join(f"{k} {v}" for k, v in sorted(t.faults.items(), key=lambda kv: (-kv[1], kv[0])))
            label = f"Law {name}" if title == "law" and name.isdigit() else name
            out.append(f"| {label} | {t.cases} | {t.right} of {t.recorded} | {t.passing} | {faults or '-'} |")
        out.append("")

    table("law", by_law, _law_key)
    table("source", by_source, lambda s: s)

    kinds = Counter(r.fault or "other" for r in rows if r.right_first_time is False)
    out.extend(["## Fault kinds of the first run", "", "| fault kind | cases |", "|---|---|"])
    for k, v in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])):
        out.append(f"| {k} | {v} |")
    out.append("")

    wrong = [r for r in rows if r.right_first_time is False]
    out.extend(["## Each case wrong the first time", "",
                "| case | law | fault | passing now | what was wrong |", "|---|---|---|---|---|"])
    for r in sorted(wrong, key=lambda r: (_law_key(r.law), r.case)):
        now = {True: "yes", False: "no", None: "-"}[r.passing]
        note = r.note.replace("|", "/")
        out.append(f"| `{r.case}` | {r.law} | {r.fault or 'other'} | {now} | {note} |")
    out.append("")

    failing = [r for r in rows if r.passing is False]
    if failing:
        out.extend(["## Failing now", ""] + [f"- `{r.case}` (Law {r.law})" for r in failing] + [""])
    if problems:
        out.extend(["## Records to look at", ""] + [f"- {p}" for p in problems] + [""])
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", default=str(ROOT / "docs" / "published-rulings.md"))
    ap.add_argument("--records", default=str(ROOT / "docs" / "published"))
    ap.add_argument("--cases", default=str(ROOT / "cases" / "published"))
    ap.add_argument("--check-output", help="the output of `director check cases/published/`, instead of running it")
    args = ap.parse_args(argv)
    try:
        records = load_records(Path(args.records))
        cases_dir = Path(args.cases).resolve()
        if args.check_output:
            text = Path(args.check_output).read_text(encoding="utf-8")
        else:
            text = run_check(cases_dir)
        rows, problems = collect(records, cases_dir, parse_check(text))
    except (BadInput, OSError) as e:
        print(f"published_report: {e}", file=sys.stderr)
        return 2
    Path(args.output).write_text(render(rows, problems), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

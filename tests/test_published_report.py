"""tools/published_report.py: the report of published rulings counts what the records and the
check say, and refuses a bad record with one line and exit 2 (nothing written)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("published_report", ROOT / "tools" / "published_report.py")
report = importlib.util.module_from_spec(spec)
sys.modules["published_report"] = report
spec.loader.exec_module(report)


def test_counts_per_law_and_source_from_records_and_check(tmp_path):
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "cases" / "published").rglob("*.yaml"))[:3]
    assert len(files) == 3
    recs = tmp_path / "published"
    recs.mkdir()
    (recs / "first-run-x.yaml").write_text(
        f"- {{case: {files[0]}, law: 27, source: s1, right_first_time: true, fault: null, note: ok}}\n"
        f"- {{case: {files[1]}, law: 27, source: s1, right_first_time: false, fault: meaning-by-agreement, note: 'a | b'}}\n"
        f"- {{case: {files[2]}, law: 25, source: s2, right_first_time: false, fault: choice-not-given, note: c}}\n"
        f"- {{case: cases/published/gone/law9-x.yaml, law: 9, source: s3, right_first_time: true, fault: null, note: d}}\n",
        encoding="utf-8")
    check = (f"PASS a ({files[0]})\nFAIL b ({files[1]}): not in the answer 27B1(a) x\nPASS c ({files[2]})\n"
             "10 passed, 1 failed\n")
    rows, problems = report.collect(report.load_records(recs), ROOT / "cases" / "published", report.parse_check(check))
    text = report.render([r for r in rows if r.case in files], [p for p in problems if "gone" in p])
    assert "**3 published rulings; 1 of 3 right the first time (33%); 2 of 3 pass now.**" in text
    assert "| Law 27 | 2 | 1 of 2 | 1 | meaning-by-agreement 1 |" in text
    assert "| Law 25 | 1 | 0 of 1 | 1 | choice-not-given 1 |" in text
    assert "| s1 | 2 | 1 of 2 | 1 | meaning-by-agreement 1 |" in text
    assert "a / b" in text                                        # a '|' in a note does not break the table
    assert f"- `{files[1]}` (Law 27)" in text                    # failing now
    assert "`cases/published/gone/law9-x.yaml` has a first-run record (first-run-x.yaml) but no case file" in text


@pytest.mark.parametrize("record, words", [
    ("- {case: a.yaml, law: 27, source: s, right_first_time: maybe, fault: null, note: x}", "right_first_time"),
    ("- {case: a.yaml, law: 27, source: s, right_first_time: false, fault: typo, note: x}", "fault: expected one of"),
    ("- {case: a.yaml, law: 27, source: s, right_first_time: true, fault: wording, note: x}", "right the first time has fault null"),
    ("- {case: a.yaml, law: 27}", "missing source, right_first_time, fault, note"),
    ("case: a.yaml", "expected a list"),
])
def test_bad_record_is_one_line_and_exit_2(tmp_path, capsys, record, words):
    recs = tmp_path / "published"
    recs.mkdir()
    (recs / "first-run-bad.yaml").write_text(record + "\n", encoding="utf-8")
    out = tmp_path / "report.md"
    check = tmp_path / "check.txt"
    check.write_text("", encoding="utf-8")
    code = report.main(["--records", str(recs), "--check-output", str(check), "-o", str(out)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1 and words in err[0] and "first-run-bad.yaml" in err[0]
    assert not out.exists()


def test_committed_records_are_valid():
    rows = report.load_records(ROOT / "docs" / "published")
    assert rows, "no first-run records"
    on_disk = {p.relative_to(ROOT).as_posix() for p in (ROOT / "cases" / "published").rglob("*.yaml")}
    assert all(r.case in on_disk for r in rows), [r.case for r in rows if r.case not in on_disk]

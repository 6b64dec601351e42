"""Compare the rulings of two checkouts, byte for byte, on the same cases.

    python tools/compare_rulings.py OLD_CHECKOUT NEW_CHECKOUT [--sweep N] [--start S]
                                    [--modes text,json,trace] [--fresh] [--show K] [--keep DIR]

For a move that must change no ruling (a package renamed, pattern names made readable): every
case file under OLD_CHECKOUT/cases (recursive, every edition), plus with ``--sweep N`` the
generated cases of seeds S..S+N-1 (written to files by OLD_CHECKOUT's own generator, so both
checkouts rule the very same files), is ruled by each checkout's own ``director`` in each mode:
``text`` (``director rule CASE``), ``json`` (``--format json``) and ``trace`` (``--trace``).
The standard output, standard error and exit code of each run are compared byte for byte.

Printed: the number of cases and runs compared, the number of cases that differ (and in which
modes), for the trace how many of them differ only in the pattern names its lines show (the
names rules give the facts they match: a renaming of them changes those and nothing else),
and for the first K differing cases a unified diff. Exit 0 when nothing differs, 1 otherwise,
2 for bad arguments.

Nothing here names the project's Python package: each checkout's command is read from its
``.venv/bin/director`` console script (``from PKG.MODULE import main``), and the generator is
the checkout's ``PKG/audit/generate.py`` found on disk. By default each checkout rules every
case in one process of its own (its ``main(argv)`` called once per run, output captured), which
is a hundred times faster than a process per run; ``--fresh`` starts ``.venv/bin/director``
once per run instead.
"""
from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

MODES = {"text": [], "json": ["--format", "json"], "trace": ["--trace"]}
#: a trace line naming the pattern that matched a fact ("    call: call idx=3 ..."): a change of
#: pattern names in the rules changes these and nothing else
TRACE_PATTERN_LINE = re.compile(rb"^    [a-z][a-z0-9_]*(?=: )", re.M)

# Run inside a checkout's own venv: rule every case of a list in every mode, one process.
_DRIVER = r"""
import importlib, io, json, os, sys
module, func, listfile, modes, outdir = sys.argv[1:6]
main = getattr(importlib.import_module(module), func)
modes = json.loads(modes)
cases = open(listfile, encoding="utf-8").read().split("\n")
real_out, real_err = sys.stdout, sys.stderr
for i, case in enumerate(c for c in cases if c):
    for mode, extra in modes.items():
        out, err = io.BytesIO(), io.BytesIO()
        sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
        sys.stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
        try:
            rc = main(["rule", case, *extra])
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except BaseException as e:  # reported as a run's outcome, not a crash of the driver
            rc = "exception " + type(e).__name__ + ": " + str(e)
        finally:
            for s in (sys.stdout, sys.stderr):
                try:
                    s.flush(); s.detach()
                except Exception:
                    pass
            sys.stdout, sys.stderr = real_out, real_err
        with open(os.path.join(outdir, f"{i}.{mode}"), "wb") as fh:
            fh.write(out.getvalue() + b"\n--- stderr\n" + err.getvalue() + f"\n--- exit {rc}\n".encode())
"""

# Run inside OLD_CHECKOUT's venv: write the generated cases of seeds start..start+n-1.
_GENERATE = r"""
import importlib, random, sys
module, start, n, outdir = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
generate = importlib.import_module(module).generate
for seed in range(start, start + n):
    with open(f"{outdir}/gen-{seed}.yaml", "w", encoding="utf-8") as fh:
        fh.write(generate(random.Random(seed)))
"""


class Checkout:
    """A checkout: its root, its venv's python, its ``director`` entry point (module, function)."""

    def __init__(self, root: str):
        self.root = Path(root).resolve()
        self.python = self.root / ".venv" / "bin" / "python"
        self.director = self.root / ".venv" / "bin" / "director"
        if not self.python.is_file() or not self.director.is_file():
            raise SystemExit(f"compare_rulings: error: {self.root}: expected a checkout with "
                             f".venv/bin/python and .venv/bin/director (run `make venv` there)")
        m = re.search(r"^from ([\w.]+) import (\w+)", self.director.read_text(encoding="utf-8"), re.M)
        if not m:
            raise SystemExit(f"compare_rulings: error: {self.director}: expected a console script "
                             f"with 'from MODULE import main'")
        self.module, self.func = m[1], m[2]
        self.package = self.module.split(".")[0]

    def generator_module(self) -> str:
        """The module of the case generator (``<package>/audit/generate.py``)."""
        found = sorted(self.root.glob("*/audit/generate.py"))
        if not found:
            raise SystemExit(f"compare_rulings: error: {self.root}: no */audit/generate.py for --sweep")
        return f"{found[0].parent.parent.name}.audit.generate"

    def rule_all(self, cases: list[str], modes: dict, outdir: Path, fresh: bool) -> None:
        """Rule every case in every mode; write ``outdir/<i>.<mode>`` (stdout, stderr, exit)."""
        outdir.mkdir(parents=True)
        if fresh:
            for i, case in enumerate(cases):
                for mode, extra in modes.items():
                    p = subprocess.run([str(self.director), "rule", case, *extra], cwd=self.root,
                                       capture_output=True)
                    (outdir / f"{i}.{mode}").write_bytes(
                        p.stdout + b"\n--- stderr\n" + p.stderr + f"\n--- exit {p.returncode}\n".encode())
            return
        listfile = outdir / "cases.txt"
        listfile.write_text("\n".join(cases), encoding="utf-8")
        p = subprocess.run([str(self.python), "-c", _DRIVER, self.module, self.func, str(listfile),
                            json.dumps(modes), str(outdir)], cwd=self.root, capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(f"compare_rulings: error: the driver failed in {self.root}:\n{p.stderr[-3000:]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", help="the checkout before the change (its cases/ are the case set)")
    ap.add_argument("new", help="the checkout after the change")
    ap.add_argument("--sweep", type=int, default=0, metavar="N", help="also N generated cases")
    ap.add_argument("--start", type=int, default=0, metavar="S", help="the first seed (default 0)")
    ap.add_argument("--modes", default="text,json,trace", help="comma-separated: text, json, trace")
    ap.add_argument("--fresh", action="store_true", help="one director process per run (slow)")
    ap.add_argument("--show", type=int, default=3, metavar="K", help="diffs shown (default 3)")
    ap.add_argument("--keep", metavar="DIR", help="work in DIR and keep the outputs")
    args = ap.parse_args(argv)
    try:
        modes = {m: MODES[m] for m in args.modes.split(",") if m}
    except KeyError as e:
        ap.error(f"unknown mode {e.args[0]!r}: expected text, json or trace")
    old, new = Checkout(args.old), Checkout(args.new)
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="compare-rulings-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        # one copy of the case set, at one path, for both: a trace names the case file
        shutil.copytree(old.root / "cases", work / "cases")
        cases = sorted(str(p) for p in (work / "cases").rglob("*.yaml"))
        if args.sweep:
            (work / "sweep").mkdir()
            p = subprocess.run([str(old.python), "-c", _GENERATE, old.generator_module(), str(args.start),
                                str(args.sweep), str(work / "sweep")], cwd=old.root, capture_output=True, text=True)
            if p.returncode != 0:
                raise SystemExit(f"compare_rulings: error: generating cases failed:\n{p.stderr[-3000:]}")
            cases += [str(work / "sweep" / f"gen-{s}.yaml") for s in range(args.start, args.start + args.sweep)]
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(lambda co: co[0].rule_all(cases, modes, work / co[1], args.fresh),
                          [(old, "old"), (new, "new")]))
        differ: dict[str, list[str]] = {}
        names_only = 0
        for i, case in enumerate(cases):
            for mode in modes:
                a = (work / "old" / f"{i}.{mode}").read_bytes()
                b = (work / "new" / f"{i}.{mode}").read_bytes()
                if a != b:
                    differ.setdefault(case, []).append(mode)
                    if mode == "trace" and TRACE_PATTERN_LINE.sub(b"    @", a) == TRACE_PATTERN_LINE.sub(b"    @", b):
                        names_only += 1
        print(f"compared {len(cases)} cases ({len(cases) * len(modes)} runs: {', '.join(modes)}) "
              f"of {old.root} ({old.package}) and {new.root} ({new.package})")
        by_mode = {m: sum(m in ms for ms in differ.values()) for m in modes}
        print(f"{len(differ)} cases differ" + (" (" + ", ".join(f"{m}: {n}" for m, n in by_mode.items()) + ")"
                                                if differ else ""))
        if "trace" in modes and names_only:
            print(f"{names_only} of the {by_mode['trace']} traces that differ differ only in the pattern names they show")
        for case, ms in list(differ.items())[:args.show]:
            i = cases.index(case)
            for mode in ms:
                a = (work / "old" / f"{i}.{mode}").read_text(encoding="utf-8", errors="replace").splitlines()
                b = (work / "new" / f"{i}.{mode}").read_text(encoding="utf-8", errors="replace").splitlines()
                sys.stdout.writelines(line + "\n" for line in difflib.unified_diff(
                    a, b, f"old {os.path.relpath(case, work)} [{mode}]", f"new [{mode}]", lineterm="", n=1))
        return 1 if differ else 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: every figure of issue 9 beside its target, in one run.

1. Cold start: `director rule` on IB-01 (a new process each time) against a bare
   `python -c pass` in the same run; median of several runs. Target: at most 4x.
2. Warm rate: the Law 27 cases ruled over and over in one process, cases per second of CPU
   time (best block; the median block too), beside the facts derivation alone. Target:
   >= 5,000 cases/s. Also a generated sweep (random auctions with irregularities, 1-59
   events): rate (target >= 2,000 cases/s) and per-case p50/p99 by length band.
3. Growth: per-case time as the rulebook is copied 2x and 4x (target: at most linear).
4. Worst case: issue 9's 30-second case, the slowest case of the sweep, and the slowest of a
   few chaotic 500-event cases: time and peak memory, each in its own process. Target:
   under 1 s and 250 MB.
5. Memory: RSS over 100,000 rulings in one process (target: flat).
6. Input size: a file over the 1 MB limit, and one of 50 MB, refused (targets: under 0.2 s;
   under 1 s and 100 MB).
7. `director prove`: situations per second; and in parallel (issue 26 item 2): the same
   `director prove -k 3 --call-set Pass,1C,X,8C` run as a command with `-j 1`, with `-j 2`, and on
   a Dask scheduler with two workers started as the README says (`dask scheduler`, `dask
   worker --nworkers 2 --nthreads 1`), one after the other: the wall-clock speed-up of each
   against `-j 1` (target for `-j 2`: at least 1.8x), and whether the findings are the same,
   byte for byte.
8. Against a pinned build (issue 26): the Law 27 set of commit 76734c8 (its 26 files, as this
   checkout has them) ruled by this checkout and by that commit's own code, extracted from git
   into .bench/76734c8 (`git archive`; once, then reused) and run in a worker process of its
   own with the same interpreter and the same durable-rules build. The two workers run
   interleaved blocks of CPU time (the order alternating), median of five blocks each; the
   figure is the new/old ratio of cases per second (target >= 1.0), for the ruling alone and for
   a whole ruling (read the file, rule, lay it out as text). This checkout's worker pins the C
   allocator's thresholds first, as its batch commands do (bridge_director.base.memory); 76734c8 had
   no such start-up and runs as it did (each row says which were pinned).
9. Where the time goes: the split per case (parse, derive, engine C, actions, the Python around
   the engine, layout) for the Law 27 set and the generated sweep, with the engine's C time
   against a standalone floor (a trivial ruleset asserted the same facts), for both builds.
   The stages are timed by wrapping their functions in a worker process of their own
   (tools/bench_worker.py), not by timers in the code that rules.

Every row shows beside its figure a bare-interpreter baseline taken at the same moment: a
bare `python -c pass` for the rows that start processes, and the CPU time of a fixed
pure-Python loop for the others, so that a loaded machine shows in the baseline too.

The machine these figures come from is shared: every rate is CPU time of its own process
(other tenants count less), best or median of several blocks; `--markdown` prints the table
the README's "Speed" section holds.

Usage: python tools/bench.py [--quick] [--only SECTIONS] [--markdown] [--readme]
"""
from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import tarfile
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridge_director.session import api
from bridge_director.infer import facts  # noqa: E402
from bridge_director.case.load import from_data, load_case  # noqa: E402
from bridge_director.base.paths import rules_dir  # noqa: E402
from bridge_director.rulebook.book import build, rule_files  # noqa: E402

IB01 = ROOT / "cases" / "ib-01-insufficient-1h-over-1nt.yaml"
WORST = ROOT / "tests" / "fixtures" / "speed" / "worst-15-calls-doubles-out-of-rotation-9c.yaml"
# Cold starts are measured as a user's machine runs them: with bytecode caching on.
COLD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ROWS: list[tuple[str, str, str, str, str]] = []     # (measure, figure, target, met, baseline)
#: the commit whose build the Law 27 set is measured against (issue 26), and where its tree goes
PINNED = "76734c8"
BENCH_DIR = ROOT / ".bench"


def bare_loop() -> float:
    """CPU milliseconds of a fixed pure-Python loop (median of three): the bare interpreter's
    speed at this moment, printed beside a figure so that a loaded machine shows."""
    out = []
    for _ in range(3):
        t = time.process_time()
        x = 0
        for i in range(200_000):
            x += i % 7
        out.append(time.process_time() - t)
    return statistics.median(out) * 1e3


def row(measure: str, figure: str, target: str = "", met: "bool | None" = None, base: "str | None" = None) -> None:
    """One figure of the bench: printed now, kept for the Markdown table; ``base``: the
    bare-interpreter baseline beside it (default: the fixed loop, measured now)."""
    base = base if base is not None else f"loop {bare_loop():.1f} ms"
    ROWS.append((measure, figure, target, "" if met is None else ("met" if met else "NOT met"), base))
    print(f"  {measure:<46} {figure:<44} {target:<18} {ROWS[-1][3]:<8} [{base}]", flush=True)


def markdown_table() -> str:
    """The rows as the README's speed table."""
    out = ["| measure | figure | target | | bare interpreter, same moment |", "|---|---|---|---|---|"]
    for measure, figure, target, met, base in ROWS:
        out.append(f"| {measure.strip()} | {figure} | {target} | {met} | {base} |")
    return "\n".join(out) + "\n"


README_START, README_END = "<!-- tools/bench.py --readme: start -->", "<!-- tools/bench.py --readme: end -->"


def run_note(args, started: "tuple[float, float, float]", seconds: float) -> str:
    """How the run went: when, on what commit, with which options, and how loaded the machine
    was (the load average at the start and the end: the figures of a loaded machine say less)."""
    rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    end = os.getloadavg()
    return (f"Run of `tools/bench.py{' --quick' if args.quick else ''}"
            f"{' --only ' + args.only if args.only != ','.join(SECTIONS) else ''}` at "
            f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC on commit {rev.stdout.strip() or '?'}"
            f"{' (with local changes)' if dirty else ''}, {os.cpu_count()} cores, load average "
            f"{started[0]:.1f} at the start and {end[0]:.1f} at the end, {seconds / 60:.0f} minutes.\n")


def write_readme(note: str, path: Path = ROOT / "README.md") -> None:
    """Put the table (and ``note``) between the README's two markers."""
    text = path.read_text(encoding="utf-8")
    a, b = text.find(README_START), text.find(README_END)
    if a < 0 or b < a:
        raise SystemExit(f"{path}: no {README_START} ... {README_END} block to write the table into")
    path.write_text(text[:a + len(README_START)] + "\n" + note + "\n" + markdown_table() + text[b:], encoding="utf-8")


def rule_or_refuse(case, book) -> bool:
    """Rule on ``case``; False when the engine refuses it (the rules do not settle) or fails."""
    try:
        api.rule(case, book)
        return True
    except Exception:
        return False


def timed_runs(cmd: list[str], n: int) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=COLD_ENV)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def rates(fn, items, seconds: float, blocks: int = 5) -> tuple[float, float]:
    """Items per second of CPU time over ``blocks`` blocks: (best, median)."""
    for it in items:
        fn(it)
    out = []
    for _ in range(blocks):
        n, t0 = 0, time.process_time()
        while time.process_time() - t0 < seconds / blocks:
            for it in items:
                fn(it)
            n += len(items)
        out.append(n / (time.process_time() - t0))
    return max(out), statistics.median(out)


# ---------------------------------------------------------------- generated cases

CALLS = ["Pass", "Pass", "Pass", "1C", "1D", "1H", "1S", "1NT", "2C", "2H", "3NT", "4S", "7NT", "X", "X", "XX", "8C"]
PROPS = ["unintended", "comparable", "artificial", "could-have-known"]


GENERATED: dict[int, dict] = {}    # id(case) -> its case data


def generated(n: int, seed: int = 9, max_events: int = 59) -> list:
    """``n`` random well-formed cases of 1..max_events events (calls mostly in rotation, some
    out of it, simultaneous calls, director calls, acceptances, replacements, judgements)."""
    out = []
    k = 0
    while len(out) < n:
        rng = random.Random(seed * 1_000_003 + k)
        k += 1
        board = rng.randint(1, 16)
        seats = "NESW"
        turn = (board - 1) % 4
        ev, calls = [], []
        for _ in range(rng.randint(1, max_events)):
            r = rng.random()
            if r < 0.72 or not calls:
                seat = seats[turn % 4] if rng.random() < (0.75 if k % 2 else 0.45) else rng.choice(seats)
                e = {"seat": seat, "call": rng.choice(CALLS)}
                if rng.random() < 0.04 and ev and "call" in ev[-1] and ev[-1]["seat"] != seat:
                    e["simultaneous_with"] = ev[-1]["seat"]
                ev.append(e)
                calls.append((len(ev), seat, e["call"]))
                turn = seats.index(seat) + 1
            elif r < 0.84:
                ev.append({"director": "called"})
            elif r < 0.93:
                ev.append({"seat": seats[(seats.index(calls[-1][1]) + 1) % 4], "accepts": rng.random() < 0.5})
            else:
                ev.append({"seat": calls[-1][1], "replaces": calls[-1][2], "with": rng.choice(CALLS)})
        data = {"case": f"gen-{k}", "title": "generated", "source": "teaching", "board": board, "events": ev}
        judg = {f"event {c[0]} {rng.choice(PROPS)}": rng.random() < 0.5 for c in calls if rng.random() < 0.2}
        if judg:
            data["judgement"] = judg
        try:
            case = from_data(data, f"gen-{k}.yaml")
        except Exception:
            continue
        GENERATED[id(case)] = data
        out.append(case)
    return out


def chaotic(length: int, seed: int) -> dict:
    """A case of ``length`` events of random calls by random seats (many out of rotation),
    bids above seven, doubles and redoubles, simultaneous calls, director calls."""
    rng = random.Random(length * 1000 + seed)
    calls = ["Pass", "Pass", "1C", "1S", "1NT", "2C", "X", "XX", "8C", "7NT", "5D"]
    ev = []
    for _ in range(length):
        r = rng.random()
        if r < 0.8 or not ev or "call" not in ev[-1]:
            e = {"seat": rng.choice("NESW"), "call": rng.choice(calls)}
            if ev and "call" in ev[-1] and ev[-1]["seat"] != e["seat"] and rng.random() < 0.15:
                e["simultaneous_with"] = ev[-1]["seat"]
            ev.append(e)
        elif r < 0.9:
            ev.append({"director": "called"})
        else:
            ev.append({"seat": "NESW"[("NESW".index(ev[-1]["seat"]) + 1) % 4], "accepts": rng.random() < 0.5})
    return {"case": f"chaotic-{length}-{seed}", "title": "chaotic", "source": "teaching",
            "board": rng.randint(1, 16), "events": ev}


# Peak memory is read from /proc/self/status (VmHWM: the peak RSS of this process's own
# memory since it started). getrusage's ru_maxrss is no good here: Linux carries the peak of
# the memory a process had before exec() over into it, and subprocess spawns by vfork, so
# every child would report at least the bench's own RSS (~250 MB after the sweep).
PEAK = r"""
def peak_mb():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
"""

MEASURE_ONE = PEAK + r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from bridge_director.session import api
from bridge_director.case.load import load_case
book = api.rulebook()
api.rule(load_case(sys.argv[1] + "/cases/ib-01-insufficient-1h-over-1nt.yaml"), book)
base = peak_mb()
t = time.perf_counter()
try:
    api.rule(load_case(sys.argv[2]), book); what = "ruled"
except Exception as e:
    what = "refused: " + str(e)[:60]
print(json.dumps({"s": time.perf_counter() - t, "mb": peak_mb(), "base_mb": base, "what": what}))
"""

# A command's own peak memory: a small launcher (a few MB) forks and runs it, and reads the
# child's ru_maxrss from wait4; the figure is at least the launcher's size, never the bench's.
LAUNCH = PEAK + r"""
import json, os, subprocess, sys, time
stdin = open(sys.argv[1], "rb") if sys.argv[1] else subprocess.DEVNULL
t = time.perf_counter()
p = subprocess.Popen(sys.argv[2:], stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = p.stderr.read()
_, status, usage = os.wait4(p.pid, 0)
print(json.dumps({"s": time.perf_counter() - t, "mb": usage.ru_maxrss / 1024, "launcher_mb": peak_mb(),
                  "rc": os.waitstatus_to_exitcode(status), "err": err.decode(errors="replace")[-200:]}))
"""


def measure_command(cmd: list[str], stdin: "Path | None" = None) -> dict:
    """Wall time, exit code, last stderr and peak RSS (MB) of the command ``cmd`` (reading the
    file ``stdin`` on its standard input, when given)."""
    out = subprocess.run([sys.executable, "-c", LAUNCH, str(stdin or ""), *cmd], capture_output=True, text=True, cwd=ROOT,
                         env=COLD_ENV, timeout=600)
    return json.loads(out.stdout.strip().splitlines()[-1])


def measure_case(path: Path) -> dict:
    """Time (load and ruling) and peak RSS of one case, in a new process."""
    out = subprocess.run([sys.executable, "-c", MEASURE_ONE, str(ROOT), str(path)], capture_output=True,
                         text=True, cwd=ROOT, timeout=600)
    return json.loads(out.stdout.strip().splitlines()[-1])


RSS_LOOP = r"""
import resource, sys, pathlib
sys.path.insert(0, sys.argv[1])
from bridge_director.session import api
from bridge_director.case.load import load_case
book = api.rulebook()
cases = [load_case(p) for p in sorted(pathlib.Path(sys.argv[1], "cases").glob("*.yaml"))
         if p.name.startswith(("ib-", "law27-"))]
n, total, marks = 0, int(sys.argv[2]), []
while n < total:
    for c in cases:
        api.rule(c, book)
    n += len(cases)
    if n >= (len(marks) + 1) * total // 10:
        marks.append(int(open("/proc/self/statm").read().split()[1]) * resource.getpagesize() / 2**20)
print(" ".join(f"{m:.1f}" for m in marks))
"""


# ---------------------------------------------------------------- the pinned build (issue 26)

def pinned_tree(commit: str = PINNED) -> "tuple[Path | None, str]":
    """The source tree of ``commit``, extracted from this clone's git history into
    .bench/<commit> (once; a tree left half-written by an interrupted run is extracted again):
    (its path, '') or (None, why it cannot be had)."""
    dest = BENCH_DIR / commit
    if (dest / ".bench-complete").is_file():
        return dest, ""
    if shutil.which("git") is None:
        return None, "git is not installed"
    rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}"],
                         capture_output=True, text=True)
    if rev.returncode != 0:
        why = "not a git checkout" if not (ROOT / ".git").exists() else \
            f"commit {commit} is not in this clone (a shallow clone? `git fetch --unshallow`)"
        return None, why
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit], capture_output=True, check=True).stdout
    BENCH_DIR.mkdir(exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f"{commit}.", dir=BENCH_DIR))
    with tarfile.open(fileobj=io.BytesIO(tar)) as tf:
        if hasattr(tarfile, "data_filter"):
            tf.extractall(tmp, filter="data")
        else:  # pragma: no cover - Python before 3.11.4
            tf.extractall(tmp)
    (tmp / ".bench-complete").write_text(rev.stdout)
    if dest.exists():
        shutil.rmtree(dest)
    tmp.rename(dest)
    return dest, ""


class Worker:
    """A tools/bench_worker.py process ruling ``files`` with the build of ``tree``."""

    def __init__(self, tree: Path, listing: Path, split: bool = False):
        cmd = [sys.executable, str(ROOT / "tools" / "bench_worker.py"), str(tree), str(listing)] + (["--split"] if split else [])
        # the pinned tree's rulebook cache goes under .bench, not into the user's cache folder
        env = dict(os.environ, XDG_CACHE_HOME=str(BENCH_DIR / "cache")) if tree != ROOT else None
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tree, env=env)
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the bench worker for {tree} did not start (exit {self.proc.wait()})")
        self.hello = json.loads(line)

    def ask(self, **req) -> dict:
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the bench worker stopped (exit {self.proc.wait()})")
        return json.loads(line)

    def close(self) -> None:
        try:
            self.proc.stdin.close()
        finally:
            self.proc.wait(timeout=60)


def interleaved(workers: "list[Worker]", what: str, seconds: float, blocks: int = 5) -> "list[list[float]]":
    """Each worker's rate over ``blocks`` blocks of ``seconds`` CPU seconds, the workers taking
    turns (the order reversed every other block, so a drift in the machine's load falls on
    both alike)."""
    out: list[list[float]] = [[] for _ in workers]
    for b in range(blocks):
        order = list(range(len(workers)))
        if b % 2:
            order.reverse()
        for k in order:
            out[k].append(workers[k].ask(op="rate", what=what, seconds=seconds)["rate"])
    return out


SPLIT_STAGES = ("parse", "derive", "engine", "actions", "around", "layout")


def split_row(name: str, s: dict, base: "str | None" = None) -> None:
    total = sum(s[k] for k in SPLIT_STAGES)
    parts = ", ".join(f"{k} {s[k]:.0f}" for k in SPLIT_STAGES)
    row(f"  split, {name}", f"{total:,.0f} us/case: {parts} ({s['parse'] / total:.0%} parse, "
        f"{s['layout'] / total:.0%} layout, {s['engine'] / total:.0%} engine C)", base=base)
    row(f"  engine C against its floor, {name}",
        f"{s['engine']:.0f} us against {s['floor']:.0f} us = {s['engine'] / s['floor']:.1f}x "
        f"({s['asserted_facts']:.1f} facts asserted/case, {s['rounds']:.2f} rounds)", base=base)


def pinned_rows(name: str, listing: Path, tree: Path, block_s: float, blocks: int) -> None:
    """Section 8's rows: this checkout's worker and the pinned build's, taking turns."""
    new = Worker(ROOT, listing)
    try:
        old = Worker(tree, listing)
    except RuntimeError as e:      # the pinned code no longer runs here (its imports, say)
        new.close()
        row(f"pinned: {name}", f"not measured: {e} (its error is above)")
        return
    try:
        for what, label in (("rule", "ruling alone"), ("full", "read, rule, lay out")):
            base = f"loop {bare_loop():.1f} ms"
            a, b = interleaved([new, old], what, block_s, blocks)
            ma, mb = statistics.median(a), statistics.median(b)
            pairs = sorted(x / y for x, y in zip(a, b))
            pin = "; allocator pinned: " + ", ".join(
                f"{who} {'yes' if w.hello.get('allocator_pinned') else 'no'}" for who, w in (("new", new), (PINNED, old)))
            row(f"pinned: {name}, {label}",
                f"new {ma:,.0f}/s, {PINNED} {mb:,.0f}/s = {ma / mb:.2f}x (blocks {pairs[0]:.2f}-{pairs[-1]:.2f}x{pin})",
                ">= 1.0x", ma / mb >= 1.0, base=base)
    finally:
        new.close()
        old.close()


def pinned_sections(args, secs: float, sweep: list, pinned: bool, split: bool) -> None:
    """Section 8 (this checkout against the build of PINNED, interleaved) and section 9 (the split)."""
    tree, why = pinned_tree()
    BENCH_DIR.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=BENCH_DIR) as tmp:
        listing = Path(tmp) / "law27.txt"
        files = []
        if tree is not None:
            files = [ROOT / "cases" / p.name for p in sorted((tree / "cases").glob("*.yaml"))
                     if p.name.startswith(("ib-", "law27-")) and (ROOT / "cases" / p.name).is_file()]
        else:
            row(f"pinned: build of {PINNED}", f"not measured: {why}")
            files = [p for p in sorted((ROOT / "cases").glob("*.yaml")) if p.name.startswith(("ib-", "law27-"))]
        listing.write_text("".join(f"{f}\n" for f in files))
        name = f"Law 27 set of {PINNED} ({len(files)} files)" if tree is not None else f"Law 27 set ({len(files)} files)"
        blocks, block_s = (5, 0.4) if args.quick else (5, 2.0)
        if pinned and tree is not None:
            pinned_rows(name, listing, tree, block_s, blocks)
        if split:
            sweep_listing = Path(tmp) / "sweep.txt"
            import yaml
            names = []
            for k, c in enumerate(sweep[: 200 if args.quick else 500]):
                f = Path(tmp) / f"gen-{k:04d}.yaml"
                f.write_text(yaml.safe_dump(GENERATED[id(c)], sort_keys=False))
                names.append(f"{f}\n")
            sweep_listing.write_text("".join(names))
            sblocks, sblock_s = (3, 0.3) if args.quick else (5, 1.0)
            sets = [(tree, name + f", {PINNED}'s code")] if tree is not None else []
            sets = [(ROOT, name)] + sets
            for t, label in sets:
                try:
                    w = Worker(t, listing, split=True)
                except RuntimeError as e:
                    row(f"  split, {label}", f"not measured: {e} (its error is above)")
                    continue
                try:
                    split_row(label, w.ask(op="split", seconds=sblock_s, blocks=sblocks))
                finally:
                    w.close()
            if names:
                w = Worker(ROOT, sweep_listing, split=True)
                try:
                    s = w.ask(op="split", seconds=sblock_s, blocks=sblocks)
                    split_row(f"generated sweep ({s['cases']} of its cases)", s)
                finally:
                    w.close()


SECTIONS = ("cold", "warm", "pinned", "split", "growth", "worst", "input", "memory", "prove", "parallel", "ask")


PROVE_CMD = [sys.executable, "-m", "bridge_director.cli.main", "prove", "-k", "3", "--call-set", "Pass,1C,X,8C",
             "--format", "json", "--progress", "no"]


def prove_command(*extra: str) -> "tuple[float, dict]":
    """``director prove`` (:data:`PROVE_CMD`) as a command: (wall seconds, its JSON findings
    without the ``run`` part). Raises SystemExit when it fails inside (exit other than 0 or 1)."""
    t = time.perf_counter()
    out = subprocess.run(PROVE_CMD + list(extra), capture_output=True, text=True, cwd=ROOT, timeout=3600)
    wall = time.perf_counter() - t
    if out.returncode not in (0, 1):
        raise SystemExit(f"director prove {' '.join(extra)}: exit {out.returncode}\n{out.stderr[-2000:]}")
    found = json.loads(out.stdout)
    found.pop("run", None)
    return wall, found


class LocalDask:
    """A Dask scheduler and one `dask worker` of two single-threaded processes, started as
    the README's "on several machines" says, on a free local port; stopped on exit."""

    def __init__(self, port: int = 0):
        import socket
        with socket.socket() as s:
            s.bind(("127.0.0.1", port))
            self.port = s.getsockname()[1]
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.procs: list[subprocess.Popen] = []

    def __enter__(self) -> "LocalDask":
        dask = str(Path(sys.executable).parent / "dask")
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": ROOT}
        self.procs.append(subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(self.port),
                                            "--dashboard-address", ":0"], **quiet))
        time.sleep(2)
        self.procs.append(subprocess.Popen([dask, "worker", self.address, "--nworkers", "2", "--nthreads", "1",
                                            "--no-dashboard"], **quiet))
        return self

    def __exit__(self, *exc) -> None:
        for p in reversed(self.procs):
            p.terminate()
        for p in self.procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()


def parallel_rows() -> None:
    """Issue 26 item 2: `-j 2` and a two-worker Dask cluster against `-j 1`, wall clock, and
    the findings of each compared with `-j 1`'s."""
    one, found1 = prove_command("-j", "1")
    two, found2 = prove_command("-j", "2")
    base = f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
    row("prove -k 3 (Pass 1C X 8C), -j 2 against -j 1", f"{one:.1f} s / {two:.1f} s = {one / two:.2f}x; "
        f"findings {'the same' if found1 == found2 else 'DIFFER'} ({found1['situations']:,} situations)",
        ">= 1.8x, same findings", one / two >= 1.8 and found1 == found2, base=base)
    with LocalDask() as cluster:
        time.sleep(3)   # the workers join
        dask_s, found_d = prove_command("--scheduler", cluster.address)
    row("prove -k 3, Dask: scheduler and 2 workers as the README says", f"{dask_s:.1f} s = {one / dask_s:.2f}x -j 1; "
        f"findings {'the same' if found_d == found1 else 'DIFFER'}", "same findings", found_d == found1,
        base=f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer repetitions, 20,000 rulings for the RSS figure")
    ap.add_argument("--only", default=",".join(SECTIONS),
                    help=f"the sections to run, comma-separated (default: all): {', '.join(SECTIONS)}")
    ap.add_argument("--markdown", action="store_true", help="print the rows at the end as the README's speed table")
    ap.add_argument("--readme", action="store_true",
                    help="write that table, with a line on the run, into README.md (between its two bench markers)")
    args = ap.parse_args()
    started, t_start = os.getloadavg(), time.time()
    only = set(args.only.split(","))
    unknown = only - set(SECTIONS)
    if unknown:
        ap.error(f"unknown section(s) {', '.join(sorted(unknown))}: expected some of {', '.join(SECTIONS)}")
    reps, secs = (3, 0.5) if args.quick else (9, 2.0)
    print(f"{'':2}{'measure':<46} {'figure':<44} {'target':<18} {'':<8} [bare interpreter, same moment]")
    bare = timed_runs([sys.executable, "-c", "pass"], reps)
    bare_row = f"python -c pass {bare * 1e3:.0f} ms"
    book = api.rulebook()
    law27 = [load_case(p) for p in sorted((ROOT / "cases").glob("*.yaml")) if p.name.startswith(("ib-", "law27-"))]
    sweep: list = []
    if only & {"warm", "split", "worst"}:
        sweep = generated(400 if args.quick else 2000)

    if "cold" in only:
        director = [sys.executable, "-m", "bridge_director.cli.main", "rule", str(IB01)]
        subprocess.run(director, check=True, stdout=subprocess.DEVNULL, cwd=ROOT, env=COLD_ENV)   # warm caches
        bare = timed_runs([sys.executable, "-c", "pass"], reps)
        cold = timed_runs(director, reps)
        bare_row = f"python -c pass {bare * 1e3:.0f} ms"
        row("cold: director rule IB-01 / python -c pass", f"{cold * 1e3:.0f} ms / {bare * 1e3:.0f} ms = {cold / bare:.1f}x",
            "<= 4x", cold / bare <= 4, base=bare_row)

    slowest = (0.0, None)
    if "warm" in only:
        derive_rate = rates(lambda c: facts.derive(c), law27, secs)[0]
        row(f"warm: facts derivation only ({len(law27)} Law 27 cases)", f"{derive_rate:,.0f} cases/s")
        best, median = rates(lambda c: api.rule(c, book), law27, 2 * secs, blocks=10)
        row(f"warm: Law 27 set, whole rulebook ({len(book.rules)} rules)", f"{best:,.0f} cases/s (median block {median:,.0f})",
            ">= 5,000/s", best >= 5000)
        refused = [c for c in sweep if not rule_or_refuse(c, book)]
        s_best, s_median = rates(lambda c: rule_or_refuse(c, book), sweep, secs * 2)
        row(f"warm: generated sweep ({len(sweep)} cases, 1-59 events)", f"{s_best:,.0f} cases/s (median block {s_median:,.0f})",
            ">= 2,000/s", s_best >= 2000)
        if refused:
            row("  of which refused (rules do not settle) or failed", f"{len(refused)}: e.g. {refused[0].id}")
        bands: dict[int, list[float]] = {}
        for c in sweep:
            t = time.process_time()
            rule_or_refuse(c, book)
            dt = time.process_time() - t
            bands.setdefault(min(len(c.events) // 10, 5), []).append(dt)
            slowest = max(slowest, (dt, c), key=lambda x: x[0])
        p50s = []
        for b in sorted(bands):
            xs = sorted(bands[b])
            p50, p99 = xs[len(xs) // 2], xs[min(len(xs) - 1, int(len(xs) * 0.99))]
            p50s.append(p50 / (b * 10 + 5))
            row(f"  events {b * 10}-{b * 10 + 9} ({len(xs)} cases)", f"p50 {p50 * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms")
        row("  p50 per event, last band / first band", f"{p50s[-1] / p50s[0]:.2f}", "<= 1 (linear)", p50s[-1] <= p50s[0] * 1.1)

    if "pinned" in only or "split" in only:
        pinned_sections(args, secs, sweep, "pinned" in only, "split" in only)

    if "growth" in only:
        per = {}
        for k in (1, 2, 4):
            with tempfile.TemporaryDirectory() as tmp:
                d = Path(tmp)
                (d / "vocabulary.yaml").write_text((rules_dir() / "vocabulary.yaml").read_text())
                for j in range(k):
                    for f in rule_files(rules_dir()):
                        (d / f"{j:02d}-{f.name}").write_text(f.read_text().replace("- id: ", f"- id: c{j}-"))
                big = build(rule_files(d), d / "vocabulary.yaml", "duplicate-2017")
                r = rates(lambda c: api.rule(c, big), law27, secs)[0]
                per[k] = 1 / r
        for k in (2, 4):
            row(f"rulebook copied {k}x: per-case time", f"{per[k] * 1e3:.3f} ms = {per[k] / per[1]:.2f}x the 1x book",
                f"<= {k}x", per[k] / per[1] <= k)

    with tempfile.TemporaryDirectory() as tmp:
        import yaml
        if "worst" in only:
            # each in its own process
            m = measure_case(WORST)
            row("worst: issue 9's 30-second case (15 calls)", f"{m['s']:.3f} s, {m['mb']:.0f} MB peak, {m['base_mb']:.0f} before it ({m['what']})",
                "< 1 s, < 250 MB", m["s"] < 1 and m["mb"] < 250, base=bare_row)
            if slowest[1] is None:
                for c in sweep:
                    t = time.process_time()
                    rule_or_refuse(c, book)
                    slowest = max(slowest, (time.process_time() - t, c), key=lambda x: x[0])
            p = Path(tmp) / "slowest-of-sweep.yaml"
            c = slowest[1]
            p.write_text(yaml.safe_dump(GENERATED[id(c)], sort_keys=False))
            m = measure_case(p)
            row(f"worst: slowest case of the sweep ({len(c.events)} events)",
                f"{m['s']:.3f} s, {m['mb']:.0f} MB peak ({m['what']})", "< 1 s, < 250 MB", m["s"] < 1 and m["mb"] < 250,
                base=bare_row)
            worst = None
            for seed in range(1 if args.quick else 3):
                p = Path(tmp) / f"chaotic-{seed}.yaml"
                p.write_text(yaml.safe_dump(chaotic(500, seed), sort_keys=False))
                m = measure_case(p)
                worst = m if worst is None or m["s"] > worst["s"] else worst
            row("worst: slowest chaotic 500-event case", f"{worst['s']:.3f} s, {worst['mb']:.0f} MB peak ({worst['what']})",
                "< 1 s, < 250 MB", worst["s"] < 1 and worst["mb"] < 250, base=bare_row)

        if "input" in only:
            big = Path(tmp) / "over-limit.yaml"
            rowtext = "  - {seat: N, call: Pass}\n"
            big.write_text("case: big\ntitle: big\nsource: teaching\nboard: 1\nevents:\n" + rowtext * (1_000_000 // len(rowtext)))
            t = time.perf_counter()
            try:
                load_case(big)
            except Exception:
                pass
            dt = time.perf_counter() - t
            row("input: a 1 MB file of events, refused", f"{dt * 1e3:.0f} ms (in process)", "< 0.2 s", dt < 0.2)
            huge = Path(tmp) / "fifty.yaml"
            huge.write_text(rowtext * (50_000_000 // len(rowtext)))
            m = measure_case(huge)
            c = measure_command([sys.executable, "-m", "bridge_director.cli.main", "rule", str(huge)])
            row("input: a 50 MB file, refused", f"{m['s'] * 1e3:.1f} ms in process, {c['s']:.2f} s and "
                f"{c['mb']:.0f} MB peak as a command (exit {c['rc']})", "< 1 s, < 100 MB",
                c["s"] < 1 and c["mb"] < 100 and c["rc"] == 2, base=bare_row)
            c = measure_command([sys.executable, "-m", "bridge_director.cli.main", "rule", "-"], stdin=huge)
            row("input: a 50 MB case on standard input, refused", f"{c['s']:.2f} s, {c['mb']:.0f} MB peak (exit {c['rc']})",
                "< 1 s, < 100 MB", c["s"] < 1 and c["mb"] < 100 and c["rc"] == 2, base=bare_row)

    if "memory" in only:
        n = 20_000 if args.quick else 100_000
        out = subprocess.run([sys.executable, "-c", RSS_LOOP, str(ROOT), str(n)], capture_output=True, text=True,
                             cwd=ROOT, timeout=3600)
        marks = [float(x) for x in out.stdout.split()]
        row(f"memory: RSS after each tenth of {n:,} rulings", f"{marks[0]:.1f} -> {marks[-1]:.1f} MB", "flat",
            marks[-1] - marks[0] < 2)

    if "prove" in only:
        from bridge_director.prove import prove
        rep = prove(3, ("Pass", "1C", "X", "8C"), rotation_only=False, depth=2, jobs=1)
        row("prove: K=3, Pass 1C X 8C, every seat order", f"{rep.tally.situations:,} situations, {rep.rate:,.0f}/s (1 process)")

    if "parallel" in only:
        parallel_rows()

    if "ask" in only:
        # director ask: keystrokes and answer -> updated ruling (tools/bench_interview.py, the table helper's)
        sys.path.insert(0, str(ROOT / "tools"))
        from bench_interview import report
        report()
    note = run_note(args, started, time.time() - t_start)
    if args.markdown:
        print()
        print(note)
        print(markdown_table(), end="")
    if args.readme:
        write_readme(note)
        print(f"README.md: the table written ({len(ROWS)} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

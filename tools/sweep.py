"""A large property sweep: generate N cases, rule on each, count the faults by kind.

    python tools/sweep.py N [--start S] [--jobs J] [--show K] [--hashseed-check M] [--write DIR] [--seeds]
                            [--answers K] [--editions] [--stop-at HH:MM]

Case i is drawn from ``random.Random(S + i)`` (bridge_director/audit/generate.py), so a fault is
replayed by its seed. For every case: bad input the generator should never write
(``bad-input``), an engine that does not settle (``no-settle``) and every fault
bridge_director/audit/properties.py finds. Printed: the number of cases, the faults by kind (and by
rule), and for each kind the smallest case that shows it (as a case file). With
``--hashseed-check M`` the first M cases are also ruled in two child processes with
PYTHONHASHSEED 1 and 2 and their JSON rulings compared (``nondeterministic``). With
``--jobs J`` the cases are ruled by J worker processes (each with its own rulebook); the
figures are the same as with one, only the wall time changes.

``--answers K`` (default 1: every case) also answers every question of every K-th case with
every allowed answer (bridge_director/audit/answers.py: ``answer-refused``,
``answered-case-refused``, ``answer-error``, ``no-further-call``); ``--answers 0`` leaves it out.
``--editions`` also rules each case under the other editions (bridge_director/audit/properties.py
``edition_faults``).

The memory figure: the resident memory (RSS) of each process ruling cases, after its first
1,000 cases (or a tenth, when fewer) and at the end; the growth between the two is printed,
the largest over the processes (issue 25: flat memory; the compiled rulesets are bounded,
bridge_director/infer/inference.py), and each process's own when there are several.

``--stop-at HH:MM`` (UTC) stops taking new cases at that time: the figures are then those of
the cases ruled, said as "N of the M asked" (a long run that must end by a deadline).
"""
from __future__ import annotations

import argparse
import collections
import hashlib
import json
import multiprocessing
import os
import pathlib
import random
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridge_director.session import api  # noqa: E402
from bridge_director.base.memory import pin_allocator  # noqa: E402
from bridge_director.audit.generate import generate  # noqa: E402
from bridge_director.audit.answers import answer_faults  # noqa: E402
from bridge_director.audit.properties import Fault, edition_faults, rule_and_check  # noqa: E402
from bridge_director.case.load import from_data  # noqa: E402
from bridge_director.ruling.render import render_json  # noqa: E402
from bridge_director.base.yamlpos import InputError, loads  # noqa: E402


#: every K-th case also has every question answered (0: none); set by --answers
ANSWERS_EVERY = 1
#: also rule each case under the other editions; set by --editions
EDITIONS = False


def rss_mb() -> float:
    """This process's resident memory (MB), from /proc (0.0 where there is none)."""
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def check_one(seed: int, book) -> tuple[str, list[Fault]]:
    """(case text, faults) for the case of ``seed``."""
    text = generate(random.Random(seed))
    try:
        case = from_data(loads(text, f"seed-{seed}.yaml"), f"seed-{seed}.yaml")
    except InputError as e:
        return text, [Fault("bad-input", str(e))]
    ruling, faults = rule_and_check(case, book)
    if ruling is not None and ANSWERS_EVERY and seed % ANSWERS_EVERY == 0:
        faults = faults + answer_faults(case, text, book)
    if ruling is not None and EDITIONS:
        faults = faults + edition_faults(case, ruling)
    return text, faults


_BOOK = None


def _worker_init() -> None:
    global _BOOK
    _BOOK = api.rulebook()


def _worker(seed: int) -> tuple[int, str, list[Fault], int, float]:
    text, found = check_one(seed, _BOOK)
    return seed, text, found, os.getpid(), rss_mb()


def results(start: int, count: int, jobs: int):
    """(seed, case text, faults, pid, RSS in MB after it) for each seed, in seed order, on
    ``jobs`` processes."""
    seeds = range(start, start + count)
    if jobs <= 1:
        book = api.rulebook()
        for seed in seeds:
            yield (seed, *check_one(seed, book), os.getpid(), rss_mb())
        return
    with multiprocessing.get_context("fork").Pool(jobs, initializer=_worker_init) as pool:
        yield from pool.imap(_worker, seeds, chunksize=16)


def digests(start: int, count: int) -> str:
    """One line per case: seed and a hash of its JSON ruling (or of its error)."""
    book = api.rulebook()
    out = []
    for seed in range(start, start + count):
        text = generate(random.Random(seed))
        try:
            case = from_data(loads(text, "g.yaml"), "g.yaml")
            body = render_json(api.rule(case, book))
        except Exception as e:   # noqa: BLE001 - the error text is the output to compare
            body = f"{type(e).__name__}: {e}"
        out.append(f"{seed} {hashlib.sha256(body.encode()).hexdigest()[:16]}")
    return "\n".join(out)


def hashseed_faults(start: int, count: int) -> list[tuple[int, Fault]]:
    runs = []
    for hs in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        proc = subprocess.run([sys.executable, __file__, "--digests", str(count), "--start", str(start)],
                              capture_output=True, text=True, env=env, cwd=ROOT, check=True)
        runs.append(proc.stdout.splitlines())
    return [(int(a.split()[0]), Fault("nondeterministic", f"{a} vs {b}"))
            for a, b in zip(*runs) if a != b]


def main(argv: list[str] | None = None) -> int:
    pin_allocator()      # many cases in one process
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="how many cases to generate")
    ap.add_argument("--start", type=int, default=0, help="the first seed (default 0)")
    ap.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--show", type=int, default=1, help="smallest examples printed per kind (default 1)")
    ap.add_argument("--hashseed-check", type=int, default=0, metavar="M",
                    help="also compare the first M rulings under PYTHONHASHSEED 1 and 2")
    ap.add_argument("--digests", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--write", metavar="DIR", help="write the smallest example of each kind to DIR")
    ap.add_argument("--seeds", action="store_true",
                    help="also print one line per faulty case: seed, kinds and rules of its faults")
    ap.add_argument("--answers", type=int, default=1, metavar="K",
                    help="answer every question of every K-th case with every allowed answer (0: none; default 1)")
    ap.add_argument("--editions", action="store_true", help="also rule each case under the other editions")
    ap.add_argument("--stop-at", metavar="HH:MM", help="stop taking new cases at this time (UTC, today)")
    ap.add_argument("--progress", type=int, default=0, metavar="K",
                    help="every K cases, a line on standard error: cases, faults so far, RSS, seconds")
    args = ap.parse_args(argv)
    deadline = None
    if args.stop_at:
        import datetime
        try:
            hh, mm = (int(x) for x in args.stop_at.split(":"))
            now = datetime.datetime.now(datetime.timezone.utc)
            deadline = now.replace(hour=hh, minute=mm, second=0, microsecond=0).timestamp()
        except ValueError:
            ap.error(f"--stop-at: expected a time HH:MM (UTC), not {args.stop_at!r}")
    global ANSWERS_EVERY, EDITIONS
    ANSWERS_EVERY, EDITIONS = max(args.answers, 0), args.editions
    if args.digests:
        print(digests(args.start, args.n))
        return 0
    t0 = time.perf_counter()
    by_kind: collections.Counter = collections.Counter()
    by_rule: collections.Counter = collections.Counter()
    cases_with: collections.Counter = collections.Counter()
    smallest: dict[str, list[tuple[int, int, str, Fault]]] = {}
    clean = 0
    faulty: list[str] = []
    per_process: dict[int, list] = {}        # pid -> [cases ruled, RSS after the first ones, RSS now]
    warm = 1000 if args.n >= 2000 * max(args.jobs, 1) else max(1, args.n // (10 * max(args.jobs, 1)))
    ran = 0
    for seed, text, faults, pid, rss in results(args.start, args.n, args.jobs):
        ran += 1
        mem = per_process.setdefault(pid, [0, None, 0.0])
        mem[0] += 1
        if mem[0] == warm:
            mem[1] = rss
        mem[2] = rss
        clean += not faults
        if faults and args.seeds:
            faulty.append(f"{seed}: " + "; ".join(f"{f.kind} {' + '.join(f.rules) or f.detail.split(':')[0]}"
                                                  for f in faults))
        for kind in {f.kind for f in faults}:
            cases_with[kind] += 1
        for f in faults:
            by_kind[f.kind] += 1
            what = f.detail.split(":")[0] if f.kind == "contradiction" else ""
            by_rule[(f.kind, " / ".join(filter(None, (what, " + ".join(f.rules) or f.detail.split(":")[0]))))] += 1
            size = text.count("\n  - ")
            best = smallest.setdefault(f.kind, [])
            if len(best) < args.show or (best and size < best[-1][0]):
                best.append((size, seed, text, f))
                best.sort(key=lambda x: (x[0], x[1]))
                del best[args.show:]
        if args.progress and ran % args.progress == 0:
            print(f"[sweep] {ran:,} cases, {sum(by_kind.values())} faults, RSS {rss:.1f} MB, "
                  f"{time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
        if deadline is not None and time.time() >= deadline:
            break
    wall = time.perf_counter() - t0
    for seed, f in hashseed_faults(args.start, args.hashseed_check) if args.hashseed_check else []:
        by_kind[f.kind] += 1
        cases_with[f.kind] += 1
        smallest.setdefault(f.kind, [(0, seed, generate(random.Random(seed)), f)])
    total = sum(by_kind.values())
    stopped = f", stopped at {args.stop_at} UTC: {ran:,} of the {args.n:,} asked" if ran < args.n else ""
    print(f"cases: {ran} (seeds {args.start}..{args.start + ran - 1}{stopped}); without a fault: {clean}; "
          f"faults: {total}; wall {wall:.1f} s on {max(args.jobs, 1)} process(es) "
          f"({ran / max(wall, 1e-9):.1f} cases/s)")
    if args.hashseed_check:
        print(f"hash-seed check: {args.hashseed_check} rulings compared under PYTHONHASHSEED 1 and 2")
    if ANSWERS_EVERY:
        print(f"answers: every question of every {'' if ANSWERS_EVERY == 1 else f'{ANSWERS_EVERY}th '}case answered "
              "with every allowed answer")
    grown = [(m[2] - m[1], pid, m) for pid, m in per_process.items() if m[1] is not None]
    if grown:
        growth, _, m = max(grown, key=lambda x: x[0])
        print(f"memory: RSS {m[1]:.0f} MB after {warm:,} cases, {m[2]:.0f} MB after {m[0]:,} "
              f"(growth {growth:+.1f} MB; the largest of {len(grown)} process(es))")
        if len(grown) > 1:
            for growth, pid, m in sorted(grown, key=lambda x: x[1]):
                print(f"  process {pid}: RSS {m[1]:.1f} MB after {warm:,} cases, {m[2]:.1f} MB after "
                      f"{m[0]:,} (growth {growth:+.1f} MB)")
    for kind, n in by_kind.most_common():
        print(f"  {kind}: {n} faults in {cases_with[kind]} cases")
        for (k, rule), m in by_rule.most_common():
            if k == kind:
                print(f"      {m:6d}  {rule}")
    if faulty:
        print("faulty seeds:")
        print("\n".join(f"  {line}" for line in faulty))
    for kind, examples in sorted(smallest.items()):
        for size, seed, text, f in examples:
            print(f"\n--- smallest {kind} (seed {seed}, {size} events): {f.detail}")
            print(text.rstrip())
            if args.write:
                d = pathlib.Path(args.write)
                d.mkdir(parents=True, exist_ok=True)
                (d / f"{kind}-seed-{seed}.yaml").write_text(text)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())

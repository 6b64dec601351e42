"""Law 27 set rate: the ib-/law27- cases ruled over and over in one process, cases per second
of CPU time (time.process_time), one figure per block.

Runs the tree at ROOT (default: this checkout); a tree of commit 76734c8 (package ``engine/``)
is run too, so that the two can be timed side by side with the same interpreter and engine.
``--names-from DIR`` rules only the case files whose names are also in DIR/cases (e.g. the 26
files of commit 76734c8), so both trees rule the same set. ``--compare OLD`` runs this tree and
OLD alternately in new processes, ``--rounds`` times, and prints the medians and the ratio.

Usage: python tools/law27_rate.py [ROOT] [--blocks 5] [--seconds 1.0] [--names-from DIR]
       python tools/law27_rate.py --compare /work/wt/old-76734c8 [--rounds 5]
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def law27_names(root: Path) -> set[str]:
    return {p.name for p in (root / "cases").glob("*.yaml") if p.name.startswith(("ib-", "law27-"))}


def run(root: Path, blocks: int, seconds: float, names: "set[str] | None", pin: bool) -> list[float]:
    sys.path.insert(0, str(root))
    if (root / "bridge_director").is_dir():
        from bridge_director.session import api
        from bridge_director.case.load import load_case
        if pin:
            from bridge_director.base.memory import pin_allocator
            pin_allocator()
    else:
        from engine import api
        from engine.case import load_case
    wanted = law27_names(root) if names is None else names & law27_names(root)
    book = api.rulebook()
    cases = [load_case(p) for p in sorted((root / "cases").glob("*.yaml")) if p.name in wanted]
    for c in cases:
        api.rule(c, book)
    out = []
    for _ in range(blocks):
        n, t0 = 0, time.process_time()
        while time.process_time() - t0 < seconds:
            for c in cases:
                api.rule(c, book)
            n += len(cases)
        out.append(n / (time.process_time() - t0))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", nargs="?", default=str(HERE))
    ap.add_argument("--blocks", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--names-from", default=None)
    ap.add_argument("--no-pin", action="store_true", help="do not pin the allocator's thresholds")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--compare", default=None, metavar="OLD")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--new", default=str(HERE), help="the tree compared with OLD (default: this checkout)")
    args = ap.parse_args()
    if args.compare:
        old = Path(args.compare).resolve()
        new = Path(args.new).resolve()
        res: dict[str, list[float]] = {"new": [], "old": []}
        for i in range(args.rounds):
            for tag, root in (("new", new), ("old", old)) if i % 2 == 0 else (("old", old), ("new", new)):
                cmd = [sys.executable, __file__, str(root), "--blocks", str(args.blocks), "--seconds",
                       str(args.seconds), "--names-from", str(args.names_from or old), "--json"] + (["--no-pin"] if args.no_pin else [])
                out = subprocess.run(cmd, capture_output=True, text=True, check=True)
                res[tag].append(max(json.loads(out.stdout)))
            print(f"round {i + 1}: new {res['new'][-1]:,.0f}/s  old {res['old'][-1]:,.0f}/s", flush=True)
        n, o = statistics.median(res["new"]), statistics.median(res["old"])
        print(f"median of best blocks: new {n:,.0f} cases/s, old {o:,.0f} cases/s, new/old {n / o:.2f}")
        return 0
    names = law27_names(Path(args.names_from)) if args.names_from else None
    rates = run(Path(args.root).resolve(), args.blocks, args.seconds, names, not args.no_pin)
    if args.json:
        print(json.dumps(rates))
    else:
        print(" ".join(f"{r:,.0f}" for r in rates), f"cases/s (best {max(rates):,.0f}, median {statistics.median(rates):,.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

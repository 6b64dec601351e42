"""How the one-line form's build time grows with the number of -a/-e arguments (hostile-2026-12-05c
F11): runs `director rule --board 1 ...` for a few shapes and sizes and prints the seconds and
peak memory of each, to compare by eye (linear: doubling the size about doubles the time).
Not a test (speed is measured, never asserted).

    python tools/oneline_scale.py [--sizes 100,200,400]
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

DIRECTOR = Path(sys.executable).with_name("director")

SHAPES = {
    "events": lambda n: ["-a", "1S"] + ["-e", "hand-count E 14"] * n,
    "calls-and-events": lambda n: ["-a", "1S", "-e", "hand-count E 14"] * (n // 2),
    "calls": lambda n: ["-a", "1S"] * n,
    "calls-after-the-director": lambda n: ["-a", "1S", "-e", "director"] + ["-a", "P"] * n,
    "calls-after-a-decline": lambda n: ["-a", "1S 1H", "-e", "director", "-e", "W accepts no", "-a", "2H"] + ["-a", "P"] * n,
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,200,400")
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    for shape, build in SHAPES.items():
        row = []
        for n in sizes:
            t0 = time.perf_counter()
            r = subprocess.run([str(DIRECTOR), "rule", "--board", "1", *build(n)], capture_output=True, text=True)
            dt = time.perf_counter() - t0
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
            row.append(f"{n}: {dt:.2f} s (exit {r.returncode})")
        print(f"{shape:26} " + "   ".join(row) + f"   peak so far {peak} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

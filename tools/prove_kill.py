"""Kill a worker of `director prove -j N` from outside, mid-run, and compare the findings.

    .venv/bin/python tools/prove_kill.py [--after SECONDS] [-- PROVE-ARGS ...]

Runs `director prove PROVE-ARGS -j 2` (default PROVE-ARGS: -k 2), kills one of its worker
processes with SIGKILL after SECONDS (default 3), lets it finish, runs `director prove
PROVE-ARGS -j 1`, and says whether the two printed the same findings (byte for byte) and
what the parallel run said on standard error (``1 worker lost, its chunk ruled again``).
Exit 0 when they are the same and a worker was killed, else 1.
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--after", type=float, default=3.0, help="seconds before the kill (default 3)")
    ap.add_argument("prove_args", nargs="*", default=["-k", "2"])
    args = ap.parse_args(argv)
    cmd = [sys.executable, "-m", "bridge_director.cli.main", "prove", *args.prove_args, "--progress", "no"]
    par = subprocess.Popen([*cmd, "-j", "2"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(args.after)
    workers = children(par.pid)
    killed = None
    if workers and par.poll() is None:
        killed = workers[0]
        os.kill(killed, signal.SIGKILL)
        print(f"killed worker {killed} of {par.pid} (workers {workers}) after {args.after} s")
    else:
        print(f"no worker to kill after {args.after} s (the run had {'ended' if par.poll() is not None else 'none'})")
    out, err = par.communicate()
    alone = subprocess.run([*cmd, "-j", "1"], cwd=REPO, capture_output=True, text=True)
    same = out == alone.stdout
    print(f"-j 2 (a worker killed): {err.strip()}")
    print(f"-j 1:                   {alone.stderr.strip()}")
    print(f"findings the same, byte for byte: {'yes' if same else 'NO'} ({len(out.splitlines())} lines)")
    return 0 if same and killed and "lost" in err else 1


if __name__ == "__main__":
    sys.exit(main())

"""`director prove` (exhaustive enumeration) and `director check -j N`.

The runs here are bounded but real: K = 4 over four representative calls in rotation, and
every seat order (in and out of rotation) to K = 2; the full call set to K = 4 and every
seat order is a script run (`director prove -k 4`, about a million auctions).
"""
from __future__ import annotations

import json
import re
import pathlib
import subprocess
import sys

import pytest

from bridge_director.prove import prove
from bridge_director.prove import situations as S
from bridge_director.prove.run import prove_chunk

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
FOUR = ("Pass", "1C", "X", "8C")
ENGINE_FAULTS = ("unsettled", "internal-error")


def run_cli(*args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=timeout)


def kinds(report) -> dict:
    return {k: v[0] for k, v in report.tally.faults.items()}


def test_the_enumeration_is_every_auction_once():
    every = list(S.auctions(2, FOUR))
    assert len(every) == len(set(every)) == S.count(2, FOUR) == 16 + 16 ** 2
    assert (("E", "X"), ("E", "X")) in every          # out of rotation, the same seat twice
    rotation = list(S.auctions(3, FOUR, rotation_only=True))
    assert len(rotation) == S.count(3, FOUR, rotation_only=True) == 4 + 16 + 64
    assert all(seat == "NESW"[i] for a in rotation for i, (seat, _) in enumerate(a))


def test_answers_follow_what_each_ruling_asks():
    # N 1NT, E 1C: an insufficient bid; the ruling asks whether 1C was meant, whether S
    # accepts it, and what E replaces it with: each answer is ruled again
    tally = prove_chunk([(("N", "1NT"), ("E", "1C"))], depth=2, calls=FOUR)
    assert tally.auctions == 1
    assert tally.situations > 3


def test_k4_in_rotation_settles_with_no_engine_fault():
    report = prove(4, FOUR, rotation_only=True, depth=3, jobs=2)
    assert report.tally.auctions == S.count(4, FOUR, rotation_only=True) == 340
    assert report.tally.situations > report.tally.auctions
    assert not any(k in report.tally.faults for k in ENGINE_FAULTS), report.text()


def test_every_seat_order_to_k2_and_the_pool_gives_what_one_process_gives():
    pooled = prove(2, FOUR, depth=1, jobs=2)
    alone = prove(2, FOUR, depth=1, jobs=1)
    assert pooled.tally.auctions == alone.tally.auctions == 272
    assert pooled.tally.situations == alone.tally.situations
    assert kinds(pooled) == kinds(alone)
    assert {k: v[2] for k, v in pooled.tally.faults.items()} == {k: v[2] for k, v in alone.tally.faults.items()}
    assert not any(k in pooled.tally.faults for k in ENGINE_FAULTS), pooled.text()


def test_prove_on_a_dask_cluster_the_test_starts():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        proc = run_cli("prove", "-k", "2", "--call-set", ",".join(FOUR), "--in-rotation", "--depth", "2",
                       "--scheduler", cluster.scheduler_address, "--format", "json")
    assert proc.returncode in (0, 1), proc.stderr
    got = json.loads(proc.stdout)
    local = prove(2, FOUR, rotation_only=True, depth=2, jobs=1)
    assert got["where"].startswith(f"Dask scheduler {cluster.scheduler_address}")
    assert (got["auctions"], got["situations"]) == (local.tally.auctions, local.tally.situations) == (20, got["situations"])
    assert {k: v["count"] for k, v in got["faults"].items()} == kinds(local)


def test_prove_prints_counts_faults_and_rate():
    proc = run_cli("prove", "-k", "2", "--call-set", "Pass,1C", "--in-rotation", "-j", "1")
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("director prove: every auction of up to 2 calls from Pass 1C, in rotation only")
    assert lines[1] == "  auctions:   6"
    assert lines[2].startswith("  situations: ") and lines[2].endswith(" ruled and checked")
    assert lines[3].startswith("  faults:     ")
    assert "situations/s" in lines[4]
    assert proc.returncode == (1 if lines[3] != "  faults:     0" else 0)


def test_prove_refuses_a_call_set_that_is_not_calls():
    proc = run_cli("prove", "--call-set", "Pass,9Z")
    assert proc.returncode == 2
    assert proc.stderr == ("director: error: director prove: --call-set: expected calls such as Pass,1C,X "
                           "separated by commas, found '9Z'\n")


def test_check_in_parallel_prints_what_check_prints():
    one = run_cli("check", "cases")
    two = run_cli("check", "-j", "2", "cases")
    assert one.returncode == two.returncode          # 0, or 1 while a case of cases/ fails
    assert one.stdout == two.stdout
    assert re.fullmatch(r"\d+ passed, \d+ failed", one.stdout.splitlines()[-1])
    assert one.stdout.count("\nPASS ") > 100


def test_progress_is_reported_after_each_chunk_and_ends_at_the_total():
    seen = []
    report = prove(2, FOUR, depth=1, jobs=1, progress=lambda done, total, situations: seen.append((done, total, situations)))
    total = S.count(2, FOUR)
    assert total == 272 and len(seen) == -(-total // 64)       # one call per chunk of 64 auctions
    assert [d for d, _, _ in seen] == sorted(d for d, _, _ in seen) and seen[-1][:2] == (total, total)
    assert seen[-1][2] == report.tally.situations


def test_a_dask_chunk_whose_worker_is_lost_is_run_again(monkeypatch):
    from bridge_director.prove import run
    calls = {}

    class Future:
        def __init__(self, fn, chunk, kw):
            self.fn, self.chunk, self.kw = fn, chunk, kw

        def result(self):
            return self.fn(self.chunk, self.kw["depth"], self.kw["calls"])

    class Client:
        def __init__(self, address, timeout):
            calls["address"] = address

        def __enter__(self):
            return self

        def __exit__(self, *a):
            return False

        def scheduler_info(self):
            return {"workers": {"w1": {}, "w2": {}}}

        def map(self, fn, chunks, **kw):
            calls["retries"] = kw.get("retries")
            return [Future(fn, c, kw) for c in chunks]
    import distributed
    monkeypatch.setattr(distributed, "Client", Client)
    monkeypatch.setattr(distributed, "as_completed", lambda fs: iter(fs))
    report = prove(1, ("Pass", "1C"), depth=0, scheduler="tcp://example:8786")
    assert calls == {"address": "tcp://example:8786", "retries": run.RETRIES} and run.RETRIES >= 1
    assert report.where == "Dask scheduler tcp://example:8786 (2 workers)" and report.tally.auctions == 8

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
from bridge_director.prove import pool
from bridge_director.prove import run
from bridge_director.prove.run import plan, prove_chunk

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


SMALL = ("-k", "2", "--call-set", ",".join(FOUR), "--depth", "3")     # 272 auctions, faults among them


def test_one_process_two_processes_and_a_dask_cluster_print_the_same_findings():
    distributed = pytest.importorskip("distributed")
    one = run_cli("prove", *SMALL, "-j", "1")
    two = run_cli("prove", *SMALL, "-j", "2")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        dask = run_cli("prove", *SMALL, "--scheduler", cluster.scheduler_address)
        dask_json = run_cli("prove", *SMALL, "--scheduler", cluster.scheduler_address, "--format", "json")
    one_json = run_cli("prove", *SMALL, "-j", "1", "--format", "json")
    assert one.returncode == two.returncode == dask.returncode == 1, (one.stderr, dask.stderr)   # faults found
    assert one.stdout.splitlines()[1] == "  auctions:   272"
    assert "\nfault " in one.stdout
    assert one.stdout == two.stdout == dask.stdout          # byte for byte: the findings
    assert "on 1 process;" in one.stderr and "on 2 processes;" in two.stderr
    assert f"on Dask scheduler {cluster.scheduler_address} (2 worker threads);" in dask.stderr
    got, want = json.loads(dask_json.stdout), json.loads(one_json.stdout)
    assert got.pop("run")["where"] == f"Dask scheduler {cluster.scheduler_address} (2 worker threads)"
    assert want.pop("run")["where"] == "1 process"
    assert got == want and got["auctions"] == 272 and got["faults"]


def test_a_scheduler_that_is_not_there_is_one_clear_error():
    pytest.importorskip("distributed")
    proc = run_cli("prove", "-k", "1", "--scheduler", "tcp://127.0.0.1:9", timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.startswith("director: error: --scheduler: cannot reach a Dask scheduler at tcp://127.0.0.1:9")
    assert "Traceback" not in proc.stderr and proc.stdout == ""


def test_prove_prints_counts_faults_and_rate():
    proc = run_cli("prove", "-k", "2", "--call-set", "Pass,1C", "--in-rotation", "-j", "1")
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("director prove: every auction of up to 2 calls from Pass 1C, in rotation only")
    assert lines[1] == "  auctions:   6"
    assert lines[2].startswith("  situations: ") and lines[2].endswith(" ruled and checked")
    assert lines[3].startswith("  faults:     ")
    assert re.fullmatch(r"rate: [\d,]+ situations/s \([\d.]+ s on 1 process; 6 chunks; .*\)\n", proc.stderr)
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
    assert total == 272 and len(seen) == len(plan(total, 1, 16)) == run.PER_WORKER + 1 == report.chunks
    assert [d for d, _, _ in seen] == sorted(d for d, _, _ in seen) and seen[-1][:2] == (total, total)
    assert seen[-1][2] == report.tally.situations
    # strided chunks are like samples: every chunk holds 8 or 9 auctions, of every length
    assert {seen[0][0], *(b[0] - a[0] for a, b in zip(seen, seen[1:]))} == {8, 9}


def test_auctions_are_numbered_and_the_chunks_cover_each_number_once():
    for args in ((3, FOUR, False), (4, S.CALL_SET, True), (2, S.CALL_SET, False)):
        every = list(S.auctions(*args))
        assert [S.auction_at(i, *args) for i in range(len(every))] == every
        with pytest.raises(IndexError):
            S.auction_at(len(every), *args)
    chunks = plan(S.count(3, S.CALL_SET), 2)
    assert len(chunks) == 64 and sorted(i for r in chunks for i in r) == list(range(S.count(3, S.CALL_SET)))
    assert max(map(len, chunks)) <= run.MAX_CHUNK and max(map(len, chunks)) - min(map(len, chunks)) <= 1
    assert len(plan(S.count(4, S.CALL_SET), 2)) == -(-S.count(4, S.CALL_SET) // run.MAX_CHUNK)   # 1,082,400 auctions
    assert plan(5, 2) == [range(i, 5, 5) for i in range(5)]      # never more chunks than auctions
    # the stride is prime to the choices per call: each chunk holds every last call alike
    spec = run.Spec(3, FOUR, False, 3)
    assert spec.period == 16 and [len(plan(spec.total, j, spec.period)) for j in (1, 2, 3)] == [33, 65, 97]
    for r in plan(spec.total, 2, spec.period)[:3]:
        last = [S.auction_at(i, 3, FOUR)[-1] for i in r]
        assert len(set(last)) == 16 and max(map(last.count, last)) - min(map(last.count, last)) <= 1


def test_a_worker_killed_mid_chunk_has_its_chunk_ruled_again_without_loss(monkeypatch, tmp_path):
    """A worker process is killed (SIGKILL, by itself, half-way through its chunk): a new
    worker rules that chunk again and the findings are those of one process."""
    import os
    import signal
    alone = prove(2, FOUR, depth=3, jobs=1)
    assert alone.tally.faults           # examples to compare too
    real = run.prove_range

    def dies_once(positions, spec):
        if positions.start == 5 and not (tmp_path / "killed").exists():
            (tmp_path / "killed").write_text(str(os.getpid()))
            real(positions[: len(positions) // 2], spec)       # half the chunk done, then killed
            os.kill(os.getpid(), signal.SIGKILL)
        return real(positions, spec)
    monkeypatch.setattr(run, "prove_range", dies_once)
    pooled = prove(2, FOUR, depth=3, jobs=2)
    assert (tmp_path / "killed").read_text() != str(os.getpid())     # a worker died, not this process
    assert pooled.lost == 1 and "1 worker lost, its chunk ruled again" in pooled.run_line()
    assert pooled.tally.auctions == alone.tally.auctions == 272
    assert pooled.text() == alone.text()


def test_the_pool_gives_up_a_chunk_that_kills_every_worker_and_says_so(tmp_path):
    import os
    import signal

    def fn(x):
        if x == 3:
            os.kill(os.getpid(), signal.SIGKILL)
        return x * 10
    got, lost = {}, []
    n = pool.run(fn, [(k, k) for k in range(6)], 2, got.__setitem__, retries=2,
                 lost=lambda key, chunk, times: lost.append((key, times)))
    assert got == {0: 0, 1: 10, 2: 20, 4: 40, 5: 50} and lost == [(3, 3)] and n == 3
    with pytest.raises(pool.Lost):
        pool.run(fn, [(3, 3)], 1, got.__setitem__, retries=0)
    with pytest.raises(ZeroDivisionError):        # an error in a chunk is raised, not retried
        pool.run(lambda x: 1 // x, [(0, 0), (1, 1)], 2, got.__setitem__)


def test_a_lost_chunk_is_a_fault_never_a_silent_gap():
    spec = run.Spec(2, FOUR, False, 1)
    tally = run.Tally()
    run._lost(tally, spec, range(3, 272, 32), 4)
    n, _key, text, detail = tally.faults["worker-lost"]
    assert n == 1 and "title: 'prove: N:8C'" in text
    assert detail == "the worker ruling 9 auctions (numbers 3, 35, 67 and on, the first shown) was lost 4 times; they are not ruled"


def test_a_dask_worker_killed_mid_run_has_its_chunks_ruled_again_without_loss():
    """One of two Dask workers is killed (SIGKILL) after the first chunk comes back: the
    scheduler gives its chunks to the other (or to the worker its nanny starts again) and
    the findings are those of one process."""
    distributed = pytest.importorskip("distributed")
    import os
    import signal
    alone = prove(2, FOUR, depth=3, jobs=1)
    assert alone.tally.faults
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster.scheduler_address) as client:
            pids = client.run(os.getpid)
        killed = []

        def progress(done, total, situations):
            if not killed:
                victim = max(pids.values())
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)
        report = prove(2, FOUR, depth=3, scheduler=cluster.scheduler_address, progress=progress)
    assert killed and report.tally.auctions == 272
    assert report.text() == alone.text()

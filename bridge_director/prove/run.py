"""Ruling the enumeration on forked processes (one machine) or a Dask cluster (several).

The auctions are numbered (:func:`~bridge_director.prove.situations.auction_at`) and the work
is cut into chunks by stride: chunk ``i`` of ``n`` holds auctions ``i, i+n, i+2n, ...``, so
every chunk is a like sample of every length and opening and costs about the same (an
auction with an irregularity asks questions and is ruled again per answer: consecutive
auctions differ in cost by far more than strided samples do). A chunk travels as a
``range``; a worker process loads the rulebook once and rules many chunks; it rules every
situation of its chunk (the auction, then each answer its ruling asks for, to ``depth``
answers) and sends back a :class:`Tally`: how many situations, and for each kind of fault
how many and the smallest example. Tallies merge in any order to the same result, so the
findings do not depend on how the work was spread or in which order it came back.
"""
from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from bridge_director.prove import situations as S
from bridge_director.prove.checks import Fault, check

PER_WORKER = 32      # chunks per worker at least: the last chunk is a small share of the run
MAX_CHUNK = 1024     # auctions per chunk at most: a lost worker costs little to redo


@dataclass
class Tally:
    """Situations ruled and faults found: ``faults[kind] = [count, key, example, detail]``,
    the example the smallest situation of that kind (fewest events, then its text, then the
    detail: a total order, so which one is kept does not depend on the order of merging).
    ``cpu`` (seconds of CPU the chunks took) is about the run, not a finding."""

    situations: int = 0
    auctions: int = 0
    faults: dict = field(default_factory=dict)
    cpu: float = 0.0

    def add_fault(self, f: Fault, data: dict) -> None:
        text = S.to_yaml(data)
        key = (len(data["events"]) + len(data.get("judgement", {})), text, f.detail)
        have = self.faults.get(f.kind)
        if have is None:
            self.faults[f.kind] = [1, key, text, f.detail]
        else:
            have[0] += 1
            if key < have[1]:
                have[1:] = [key, text, f.detail]

    def merge(self, other: "Tally") -> "Tally":
        self.situations += other.situations
        self.auctions += other.auctions
        self.cpu += other.cpu
        for kind, (n, key, text, detail) in other.faults.items():
            have = self.faults.get(kind)
            if have is None:
                self.faults[kind] = [n, key, text, detail]
            else:
                have[0] += n
                if key < have[1]:
                    have[1:] = [key, text, detail]
        return self


@dataclass(frozen=True)
class Spec:
    """What is enumerated: auctions of up to ``max_calls`` calls from ``calls``, in rotation
    only or not, and answers followed ``depth`` deep."""

    max_calls: int
    calls: tuple
    rotation_only: bool
    depth: int

    @property
    def total(self) -> int:
        return S.count(self.max_calls, self.calls, self.rotation_only)

    @property
    def period(self) -> int:
        """The choices for each call (a call, or a call and a seat)."""
        return len(self.calls) * (1 if self.rotation_only else 4)


def plan(total: int, workers: int, period: int = 1) -> list[range]:
    """The chunks of ``total`` auctions for ``workers`` workers: strided ranges of positions,
    at least ``PER_WORKER`` per worker and at most ``MAX_CHUNK`` auctions each. The stride
    has no factor in common with ``period`` (the choices per call: the last call of an
    auction changes with each position): a stride of 32 over 16 choices gave every chunk
    one last call, and chunks cost from 1.0 to 1.8 s; with a stride prime to it each chunk
    holds every last call alike."""
    n = min(total, max(workers * PER_WORKER, math.ceil(total / MAX_CHUNK)))
    while n < total and math.gcd(n, period) != 1:
        n += 1
    return [range(i, total, n) for i in range(n)]


def _rule_situation(data: dict, depth: int, calls: Sequence[str], tally: Tally, book) -> None:
    """Rule ``data``, check it, then each answer to its first open question (to ``depth``)."""
    from bridge_director.session import api
    from bridge_director.case.load import from_data
    from bridge_director.ruling.questions import questions
    tally.situations += 1
    try:
        case = from_data(data, "prove")
    except Exception as e:     # an auction always loads: what an answer added made the case bad
        tally.add_fault(Fault("answer-makes-bad-case", f"{type(e).__name__}: {e}"), data)
        return
    ruling, faults = check(case, lambda c: api.rule(c, book))
    for f in faults:
        tally.add_fault(f, data)
    if ruling is None or depth <= 0:
        return
    try:
        open_questions = [q for q in questions(ruling) if S.answers(q, calls)]
    except Exception as e:
        tally.add_fault(Fault("internal-error", f"questions: {type(e).__name__}: {e}"), data)
        return
    if open_questions:
        for adds in S.answers(open_questions[0], calls):
            _rule_situation(S.answered(data, adds), depth - 1, calls, tally, book)


_READY = False


def _worker_ready() -> None:
    """Once per process (a pool's worker, a Dask worker, this process): the allocator pinned
    and the rulebook loaded (and frozen out of the garbage collector's reach)."""
    global _READY
    if not _READY:
        from bridge_director.base.memory import pin_allocator
        from bridge_director.session import api
        pin_allocator()
        api.rulebook()
        _READY = True


def prove_chunk(auctions: list, depth: int, calls: Sequence[str]) -> Tally:
    """Rule every situation of ``auctions`` (a list of auctions); return their Tally."""
    from bridge_director.session import api
    _worker_ready()
    book = api.rulebook()
    t0 = time.process_time()
    tally = Tally()
    for auction in auctions:
        tally.auctions += 1
        _rule_situation(S.case_data(tuple(map(tuple, auction))), depth, calls, tally, book)
    tally.cpu = time.process_time() - t0
    return tally


def prove_range(positions: range, spec: Spec) -> Tally:
    """Rule every situation of the auctions at ``positions`` of ``spec``'s enumeration."""
    return prove_chunk([S.auction_at(i, spec.max_calls, spec.calls, spec.rotation_only) for i in positions],
                       spec.depth, spec.calls)


def _lost(tally: Tally, spec: Spec, positions: range, times: int) -> None:
    """A chunk given up after its worker was lost ``times`` times: a fault, never a silent gap."""
    first = S.auction_at(positions.start, spec.max_calls, spec.calls, spec.rotation_only)
    numbers = ", ".join(f"{i:,}" for i in positions[:3]) + (" and on" if len(positions) > 3 else "")
    tally.add_fault(Fault("worker-lost", f"the worker ruling {len(positions):,} auctions (numbers {numbers}, the first "
                                         f"shown) was lost {times} times; they are not ruled"), S.case_data(first))


@dataclass
class Report:
    """What a run found: the Tally, the time it took, where it ran."""

    tally: Tally
    seconds: float
    where: str
    max_calls: int
    calls: tuple
    rotation_only: bool
    depth: int
    chunks: int = 0
    lost: int = 0           # workers lost mid-chunk (their chunks ruled again)
    parent_cpu: float = 0.0  # seconds of CPU this process took (handing out chunks, merging)

    @property
    def rate(self) -> float:
        return self.tally.situations / self.seconds if self.seconds else 0.0

    def text(self) -> str:
        """The findings: the same, byte for byte, however the work was spread (see :meth:`run_line`)."""
        t = self.tally
        seats = "in rotation only" if self.rotation_only else "every seat order (in rotation and out of it)"
        out = [f"director prove: every auction of up to {self.max_calls} calls from {' '.join(self.calls)}, "
               f"{seats}, then the director called; every answer the rulings ask for, up to {self.depth} deep",
               f"  auctions:   {t.auctions:,}",
               f"  situations: {t.situations:,} ruled and checked",
               f"  faults:     {sum(v[0] for v in t.faults.values()):,}"]
        if AUDIT_NOTE:
            out.append(f"  checks:     {AUDIT_NOTE}")
        for kind, (n, _key, text, detail) in sorted(t.faults.items()):
            out.append(f"fault {kind}: {n:,} situation{'s' if n != 1 else ''}; the smallest: {detail}")
            out += ["    " + ln for ln in text.splitlines()]
        return "\n".join(out) + "\n"

    def run_line(self) -> str:
        """How the run went (differs from run to run): the rate, the time, where, the chunks,
        workers lost, and the CPU the workers and this process took."""
        per = 1000 * self.tally.cpu / self.tally.situations if self.tally.situations else 0.0
        lost = (f"; {self.lost} worker{'s' if self.lost != 1 else ''} lost, "
                f"{'its' if self.lost == 1 else 'their'} chunk{'s' if self.lost != 1 else ''} ruled again"
                if self.lost else "")
        return (f"rate: {self.rate:,.0f} situations/s ({self.seconds:.1f} s on {self.where}; "
                f"{self.chunks:,} chunks{lost}; CPU {self.tally.cpu:.1f} s in rulings, {per:.2f} ms a situation, "
                f"{self.parent_cpu:.1f} s in this process)")

    def findings(self) -> dict:
        t = self.tally
        return {"auctions": t.auctions, "situations": t.situations,
                "faults": {k: {"count": n, "example": text, "detail": detail}
                           for k, (n, _s, text, detail) in sorted(t.faults.items())}}

    def as_dict(self) -> dict:
        """:meth:`findings` and, under ``run``, how the run went."""
        return {**self.findings(), "run": {"seconds": self.seconds, "rate": self.rate, "where": self.where,
                                           "chunks": self.chunks, "workers_lost": self.lost,
                                           "cpu_rulings": self.tally.cpu, "cpu_this_process": self.parent_cpu}}


from bridge_director.prove.checks import AUDIT as _AUDIT  # noqa: E402
AUDIT_NOTE = None if _AUDIT is not None else "settles, no internal error (bridge_director.audit.properties not present)"


def prove(max_calls: int = 4, calls: Sequence[str] = S.CALL_SET, rotation_only: bool = False,
          depth: int = 3, jobs: int | None = None, scheduler: str | None = None,
          progress: "Callable[[int, int, int], None] | None" = None) -> Report:
    """Enumerate, rule and check every situation (see the package docstring).

    Args:
        max_calls: K, the longest auction.
        calls: the call set.
        rotation_only: only calls in rotation (else every seat for every call).
        depth: how many answers deep to follow the questions the rulings ask.
        jobs: worker processes on this machine (default: every core); 1 runs in this process.
        scheduler: the address of a Dask distributed scheduler (``tcp://HOST:PORT``): the
            chunks run on its workers instead. A chunk whose worker is lost is run again on
            another (Dask's ``allowed-failures``, 3 by default; the local pool: ``pool.RETRIES``).
        progress: called after each chunk as ``progress(auctions done, auctions in all,
            situations done)``, for a progress bar.

    Raises:
        InputError: the scheduler cannot be reached, or no worker joined it.

    The result does not depend on how the chunks were spread or in which order they came
    back: tallies merge by sums and by the smallest example (a total order).
    """
    from bridge_director.prove import pool
    spec = Spec(max_calls, tuple(calls), rotation_only, depth)
    total = Tally()
    t0, c0 = time.perf_counter(), time.process_time()

    def merged(_key, tally: Tally) -> None:
        total.merge(tally)
        if progress is not None:
            progress(total.auctions, spec.total, total.situations)

    def lost(_key, positions: range, times: int) -> None:
        _lost(total, spec, positions, times)
    if scheduler:
        where, chunks = _on_dask(scheduler, spec, merged, lost)
        n_lost = 0     # Dask runs a lost worker's chunks again by itself, uncounted
    else:
        jobs = jobs or pool.cpu_count()
        where = f"{jobs} process{'es' if jobs != 1 else ''}"
        chunks = plan(spec.total, jobs, spec.period)
        if jobs == 1:
            _worker_ready()
            for i, r in enumerate(chunks):
                merged(i, prove_range(r, spec))
            n_lost = 0
        else:
            _worker_ready()     # before the workers are forked: they inherit the rulebook
            n_lost = pool.run(functools.partial(prove_range, spec=spec), enumerate(chunks), jobs, merged, lost=lost)
        chunks = len(chunks)
    return Report(total, time.perf_counter() - t0, where, max_calls, spec.calls, rotation_only, depth,
                  chunks, n_lost, time.process_time() - c0)


#: how long the scheduler has to answer once its address accepts the connection
HANDSHAKE_SECONDS = 20


def _client(Client, scheduler: str):
    """A Dask client connected to ``scheduler``, or one line: the connection is bounded (10 s),
    and so is the handshake after it (Dask's own waits without a limit for an address that
    accepts and says nothing: a dead ``ssh -L`` tunnel sat silent for ever). The connecting thread
    is a daemon: one left waiting does not keep the process from ending."""
    import threading
    from bridge_director.base.yamlpos import InputError
    box: dict = {}

    def connect() -> None:
        try:
            box["client"] = Client(scheduler, timeout="10s")
        except BaseException as e:      # noqa: BLE001 - handed to the caller's thread below
            box["error"] = e
    waiting = threading.Thread(target=connect, name="dask-connect", daemon=True)
    waiting.start()
    waiting.join(HANDSHAKE_SECONDS)
    if waiting.is_alive():
        raise InputError("--scheduler", 0, 0, "", f"{scheduler} accepted the connection but gave no answer in "
                                                  f"{HANDSHAKE_SECONDS} s (a Dask scheduler answers at once: is "
                                                  f"it one, or a tunnel to nothing?)")
    e = box.get("error")
    if isinstance(e, (OSError, TimeoutError, ValueError)):
        raise InputError("--scheduler", 0, 0, "", f"cannot reach a Dask scheduler at {scheduler}: {e}") from None
    if e is not None:
        raise e
    return box["client"]


def _on_dask(scheduler: str, spec: Spec, merged, lost) -> tuple[str, int]:
    """Run the chunks on a Dask scheduler's workers; return where it ran and how many chunks.
    A chunk whose worker was lost more than ``allowed-failures`` times is a fault."""
    from distributed import Client, as_completed
    from distributed.scheduler import KilledWorker
    from bridge_director.base.yamlpos import InputError
    client = _client(Client, scheduler)
    with client:
        try:
            client.wait_for_workers(1, timeout=60)
        except TimeoutError:
            raise InputError("--scheduler", 0, 0, "", f"no Dask worker joined {scheduler} in 60 s "
                                                      f"(start some: see the README, `dask worker`)") from None
        threads = sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values())
        chunks = plan(spec.total, threads, spec.period)
        where = f"Dask scheduler {scheduler} ({threads} worker thread{'s' if threads != 1 else ''})"
        futures = {client.submit(prove_range, r, spec, pure=False): (i, r) for i, r in enumerate(chunks)}
        for fut in as_completed(futures):
            i, r = futures.pop(fut)
            try:
                tally = fut.result()
            except KilledWorker:
                import dask
                lost(i, r, 1 + int(dask.config.get("distributed.scheduler.allowed-failures")))
                continue
            merged(i, tally)
    return where, len(chunks)

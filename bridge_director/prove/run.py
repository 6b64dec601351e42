"""Ruling the enumeration on a process pool (one machine) or a Dask cluster (several).

The auctions are cut into chunks by their first calls; a worker rules every situation of a
chunk (the auction, then each answer its ruling asks for, to ``depth`` answers) and sends
back a :class:`Tally`: how many situations, and for each kind of fault how many and the
smallest example. Tallies merge in any order, so the result does not depend on how the work
was spread.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from bridge_director.prove import situations as S
from bridge_director.prove.checks import Fault, check

CHUNK = 64     # auctions per task


@dataclass
class Tally:
    """Situations ruled and faults found: ``faults[kind] = [count, size, example, detail]``,
    the example the smallest situation of that kind (fewest events, then its text)."""

    situations: int = 0
    auctions: int = 0
    faults: dict = field(default_factory=dict)

    def add_fault(self, f: Fault, data: dict) -> None:
        text = S.to_yaml(data)
        size = (len(data["events"]) + len(data.get("judgement", {})), text)
        have = self.faults.get(f.kind)
        if have is None:
            self.faults[f.kind] = [1, size, text, f.detail]
        else:
            have[0] += 1
            if size < have[1]:
                have[1:] = [size, text, f.detail]

    def merge(self, other: "Tally") -> "Tally":
        self.situations += other.situations
        self.auctions += other.auctions
        for kind, (n, size, text, detail) in other.faults.items():
            have = self.faults.get(kind)
            if have is None:
                self.faults[kind] = [n, size, text, detail]
            else:
                have[0] += n
                if size < have[1]:
                    have[1:] = [size, text, detail]
        return self


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


def prove_chunk(auctions: list, depth: int, calls: Sequence[str]) -> Tally:
    """Rule every situation of ``auctions`` (a list of auctions); return their Tally."""
    from bridge_director.session import api
    book = api.rulebook()
    tally = Tally()
    for auction in auctions:
        tally.auctions += 1
        _rule_situation(S.case_data(tuple(map(tuple, auction))), depth, calls, tally, book)
    return tally


def _chunks(items: Iterable, n: int) -> Iterable[list]:
    chunk = []
    for it in items:
        chunk.append(it)
        if len(chunk) == n:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


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

    @property
    def rate(self) -> float:
        return self.tally.situations / self.seconds if self.seconds else 0.0

    def text(self) -> str:
        t = self.tally
        seats = "in rotation only" if self.rotation_only else "every seat order (in rotation and out of it)"
        out = [f"director prove: every auction of up to {self.max_calls} calls from {' '.join(self.calls)}, "
               f"{seats}, then the director called; every answer the rulings ask for, up to {self.depth} deep",
               f"  auctions:   {t.auctions:,}",
               f"  situations: {t.situations:,} ruled and checked",
               f"  faults:     {sum(v[0] for v in t.faults.values()):,}",
               f"  rate:       {self.rate:,.0f} situations/s ({self.seconds:.1f} s on {self.where})"]
        if AUDIT_NOTE:
            out.append(f"  checks:     {AUDIT_NOTE}")
        for kind, (n, _size, text, detail) in sorted(t.faults.items()):
            out.append(f"fault {kind}: {n:,} situation{'s' if n != 1 else ''}; the smallest: {detail}")
            out += ["    " + ln for ln in text.splitlines()]
        return "\n".join(out) + "\n"

    def as_dict(self) -> dict:
        t = self.tally
        return {"auctions": t.auctions, "situations": t.situations, "seconds": self.seconds,
                "rate": self.rate, "where": self.where,
                "faults": {k: {"count": n, "example": text, "detail": detail}
                           for k, (n, _s, text, detail) in sorted(t.faults.items())}}


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
            chunks run on its workers instead; a chunk whose worker is lost is run again
            (up to ``RETRIES`` times) on another.
        progress: called after each chunk as ``progress(auctions done, auctions in all,
            situations done)``, for a progress bar.

    The result does not depend on how the chunks were spread or in which order they came
    back: tallies merge by sums and by the smallest example (fewest events, then its text).
    """
    calls = tuple(calls)
    total_auctions = S.count(max_calls, calls, rotation_only)
    work = _chunks(S.auctions(max_calls, calls, rotation_only), CHUNK)
    total = Tally()
    t0 = time.perf_counter()

    def merged(tally: Tally) -> None:
        total.merge(tally)
        if progress is not None:
            progress(total.auctions, total_auctions, total.situations)
    if scheduler:
        where = _on_dask(scheduler, work, depth, calls, merged)
    else:
        jobs = jobs or os.cpu_count() or 1
        where = f"{jobs} process{'es' if jobs != 1 else ''}"
        _on_processes(jobs, work, depth, calls, merged)
    return Report(total, time.perf_counter() - t0, where, max_calls, calls, rotation_only, depth)


RETRIES = 3     # times a chunk is run again when its Dask worker is lost


def _on_dask(scheduler: str, work: Iterable[list], depth: int, calls: tuple, merged) -> str:
    """Run the chunks on a Dask scheduler's workers; return where it ran."""
    from distributed import Client, as_completed
    with Client(scheduler, timeout="30s") as client:
        where = f"Dask scheduler {scheduler} ({len(client.scheduler_info()['workers'])} workers)"
        futures = client.map(prove_chunk, list(work), depth=depth, calls=calls, pure=False, retries=RETRIES)
        for fut in as_completed(futures):
            merged(fut.result())
    return where


def _on_processes(jobs: int, work: Iterable[list], depth: int, calls: tuple, merged) -> None:
    """Run the chunks in this process (``jobs`` 1) or on a pool of ``jobs`` forked processes."""
    if jobs == 1:
        for chunk in work:
            merged(prove_chunk(chunk, depth, calls))
        return
    from concurrent.futures import ProcessPoolExecutor
    import functools
    import multiprocessing
    # fork: the workers inherit the loaded engine and rulebook, and need no import path
    ctx = multiprocessing.get_context("fork")
    from bridge_director.session import api
    api.rulebook()       # loaded once, before the workers are forked
    with ProcessPoolExecutor(jobs, mp_context=ctx) as pool:
        for tally in pool.map(functools.partial(prove_chunk, depth=depth, calls=calls), work):
            merged(tally)

"""A pool of forked worker processes, fed one chunk at a time, that survives losing a worker.

Why not :class:`concurrent.futures.ProcessPoolExecutor`: when one of its workers dies (killed,
out of memory, a crash in C) the whole pool is broken and every pending chunk fails with it;
:class:`multiprocessing.pool.Pool` replaces the worker but loses its chunk for good. Here each
worker has its own pipe, so the parent knows which chunk each one holds: a worker lost
mid-chunk is replaced (forked again, from the parent that has the rulebook loaded) and its
chunk is run again, up to ``retries`` times; a result is taken only once, so nothing is lost
and nothing counted twice.

- The workers are forked once (``jobs`` of them) and each runs many chunks: nothing of the
  start-up (imports, the rulebook, the engine) is repeated per chunk.
- Fed dynamically: a worker gets its next chunk when it sends back the last, so a slow
  chunk holds up one worker, not a share of the work decided beforehand.
- The parent only hands out chunks and takes results (one small object per chunk).

Fork safety: the parent must have no other thread when it forks (the progress bar of
``director prove`` refreshes from the caller's thread for this reason).
"""
from __future__ import annotations

import os
import signal
from collections import deque
from typing import Callable, Hashable, Iterable

#: times a chunk is run again after the worker running it was lost (then it is given up)
RETRIES = 3


class Lost(Exception):
    """A chunk whose worker was lost more than ``retries`` times (the chunk may crash it)."""


def _serve(conn, fn, others) -> None:
    """A worker's loop: receive a chunk, send back ``fn(chunk)`` (or the exception), until None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the parent's to handle
    for c in others:                                 # the parent's ends of the other pipes: closed,
        c.close()                                    # so a worker sees EOF when the parent goes
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            out = (True, fn(task))
        except BaseException as e:    # sent back and raised in the parent
            out = (False, e)
        conn.send(out)


def run(fn: Callable, tasks: Iterable[tuple[Hashable, object]], jobs: int,
        done: Callable[[Hashable, object], None], retries: int = RETRIES,
        lost: Callable[[Hashable, object, int], None] | None = None) -> int:
    """Run ``fn(chunk)`` for each ``(key, chunk)`` of ``tasks`` on ``jobs`` forked processes.

    ``done(key, result)`` is called in this process as each result comes back (in the order
    they finish). A chunk whose worker dies is run again on a new worker, up to ``retries``
    times; after that ``lost(key, chunk, times)`` is called (or :class:`Lost` raised when no
    ``lost`` is given). An exception ``fn`` raises is raised here. ``fn`` must be a module-level
    function (or a partial of one); the workers inherit this process's memory.

    Returns:
        how many times a worker was lost (and its chunk run again or given up).
    """
    import multiprocessing
    from multiprocessing.connection import wait
    ctx = multiprocessing.get_context("fork")
    queue = deque(tasks)
    losses: dict = {}
    workers: dict = {}       # parent's end of the pipe -> [process, (key, chunk) or None]
    lost_count = 0

    def start():
        parent_end, child_end = ctx.Pipe()
        others = [parent_end, *workers]
        proc = ctx.Process(target=_serve, args=(child_end, fn, others), daemon=True)
        proc.start()
        child_end.close()
        workers[parent_end] = [proc, None]
        return parent_end

    def drop(conn) -> None:
        proc = workers.pop(conn)[0]
        proc.join()
        conn.close()

    def feed(conn) -> None:
        """The next chunk to the idle worker ``conn`` (a new worker if it has gone meanwhile)."""
        while queue:
            task = queue.popleft()
            try:
                conn.send(task[1])
            except OSError:         # it went after its last answer: replaced, the chunk not counted lost
                queue.appendleft(task)
                drop(conn)
                conn = start()
                continue
            workers[conn][1] = task
            return

    try:
        for _ in range(min(jobs, len(queue))):
            start()
        for conn in list(workers):
            feed(conn)
        while any(w[1] is not None for w in workers.values()):
            busy = [c for c, w in workers.items() if w[1] is not None]
            ready = wait(busy + [workers[c][0].sentinel for c in busy])
            for conn in busy:
                proc, task = workers[conn]
                if conn in ready:
                    try:
                        ok, out = conn.recv()
                    except (EOFError, OSError):
                        ok = None           # the worker went before it answered
                    if ok is not None:
                        workers[conn][1] = None
                        if not ok:
                            raise out
                        done(task[0], out)
                        feed(conn)
                        continue
                elif proc.sentinel not in ready:
                    continue
                # the worker is gone with its chunk: the chunk again, on a new worker
                lost_count += 1
                drop(conn)
                key, chunk = task
                losses[key] = losses.get(key, 0) + 1
                if losses[key] > retries:
                    if lost is None:
                        raise Lost(f"chunk {key!r}: its worker was lost {losses[key]} times")
                    lost(key, chunk, losses[key])
                else:
                    queue.appendleft(task)
                if queue:
                    idle = [c for c, w in workers.items() if w[1] is None]
                    feed(idle[0] if idle else start())
    finally:
        for conn, (proc, _task) in list(workers.items()):
            try:
                conn.send(None)
            except OSError:
                pass
        for conn, (proc, _task) in list(workers.items()):
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join()
            conn.close()
    return lost_count


def cpu_count() -> int:
    """The processes to use by default: the cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1

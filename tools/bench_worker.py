"""A worker process of tools/bench.py: rules case files with the build of one source tree and
answers the bench's requests, one JSON line each way.

    python tools/bench_worker.py TREE LIST [--split]

TREE is a source tree: this checkout (package ``bridge_director/``) or a pinned commit's tree
that tools/bench.py extracted with ``git archive`` (package ``engine/``, as at 76734c8); the
worker imports that tree's package and nothing of this checkout's, so both run with the same
interpreter and the same durable-rules build. LIST is a file naming the case files, one a
line; a case the tree refuses or cannot settle is left out (the answer to ``hello`` says how
many).

Requests on standard input (answers on standard output):

- ``{"op": "rate", "what": "rule"|"full"|"parse"|"layout", "seconds": S}``: the cases ruled
  over and over for S seconds of CPU time (``rule``: the ruling alone on cases already read;
  ``full``: read the file, rule, lay the ruling out as text; ``parse``: the file read alone;
  ``layout``: the text of rulings already made), ``{"rate": cases per CPU second}``.
- ``{"op": "split", "seconds": S, "blocks": B}`` (with ``--split`` only): where the time of a
  case goes, in CPU microseconds per case, median of B blocks of S seconds per stage: ``parse``
  (the case file read and checked), ``derive`` (the facts), ``engine`` (the durable-rules C
  extension), ``actions`` (the rules' Python actions, the C time of what they assert left
  out), ``around`` (the rest of the ruling: the Python that drives the engine, the ruling
  built from the firings, the re-rulings that find unused judgements), ``layout`` (the ruling
  as text), and ``floor``: a standalone ruleset, one trivial rule per fact type, asserted the
  very facts (the same JSON texts, batches and single facts) the real run asserted.

``--split`` wraps the stages' functions in timers before the rulebook is loaded (in this
process only: nothing is added to the code that rules); the rates of plain workers are
measured without them.
"""
from __future__ import annotations

import json
import re
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from types import SimpleNamespace


def _api(tree: Path) -> SimpleNamespace:
    """The tree's entry points: rulebook, rule, load_case, render_text, and the modules the split
    wraps (inference, facts)."""
    sys.path.insert(0, str(tree))
    if (tree / "bridge_director").is_dir():
        from bridge_director.session import api
        from bridge_director.case.load import load_case
        from bridge_director.ruling.render import render_text
        from bridge_director.infer import facts, inference
    else:                                   # a pinned tree of before the house (issue 20)
        from engine import api, facts, inference
        from engine.case import load_case
        from engine.ruling import render_text
    return SimpleNamespace(api=api, load_case=load_case, render_text=render_text, facts=facts,
                           inference=inference, package=api.__name__.split(".")[0])


def _pin_allocator(A: SimpleNamespace) -> bool:
    """The tree's own start-up for work on many cases in one process: this checkout pins the C
    allocator's thresholds (``bridge_director.base.memory``, as its batch commands ``check``,
    ``prove`` and ``serve`` do); a tree without that start-up (76734c8's ``engine/``) runs as it
    always did. Returns whether the thresholds were pinned."""
    if A.package != "bridge_director":
        return False
    from bridge_director.base.memory import pin_allocator
    return pin_allocator()


class _Clock:
    """Exclusive wall time per stage (a stage's time less the time of the stages it calls)."""

    def __init__(self) -> None:
        self.t: dict[str, float] = defaultdict(float)
        self.stack: list[float] = []
        self.capture: "list | None" = None

    def wrap(self, stage: str, fn, capture: bool = False):
        pc, stack, t = time.perf_counter, self.stack, self.t

        def timed(*args, **kwargs):
            if capture and self.capture is not None:
                self.capture.append((fn.__name__, args[1]))
            t0 = pc()
            stack.append(0.0)
            try:
                return fn(*args, **kwargs)
            finally:
                elapsed = pc() - t0
                t[stage] += elapsed - stack.pop()
                if stack:
                    stack[-1] += elapsed
        timed.__name__ = getattr(fn, "__name__", stage)
        return timed


def _instrument(A: SimpleNamespace, clock: _Clock) -> list[str]:
    """Wrap derive, the C extension's calls and the rules' actions in ``clock``; the names of
    the stages that could not be wrapped (this tree's internals differ) are returned."""
    missing = []
    deriver = getattr(A.facts, "Deriver", None)
    if deriver is not None and hasattr(deriver, "derive"):
        deriver.derive = clock.wrap("derive", deriver.derive)
    else:
        missing.append("derive")
    C = getattr(A.inference, "_C", None)
    if C is not None:
        proxy = SimpleNamespace()
        for name in dir(C):
            fn = getattr(C, name)
            if callable(fn) and not name.startswith("_"):
                setattr(proxy, name, clock.wrap("engine", fn, capture=name in ("assert_facts", "assert_fact")))
        A.inference._C = proxy
        A.C = C
    else:
        missing.append("engine")
    compiled = getattr(A.inference, "_Compiled", None)
    if compiled is not None and hasattr(compiled, "_action"):
        make = compiled._action
        compiled._action = lambda self, ename: clock.wrap("actions", make(self, ename))
    else:
        missing.append("actions")
    return missing


_SID = re.compile(r'"sid":\s*"[^"]*"')


class _Floor:
    """A standalone ruleset (one rule per fact type: the fact itself, no join, no negation) that
    is asserted the facts a real run asserted, case by case, in the same JSON texts."""

    def __init__(self, C, payloads: "list[list[tuple[str, str]]]"):
        self.C = C
        types = set()
        for case in payloads:
            for _fn, text in case:
                data = json.loads(text)
                types.update(f["t"] for f in (data if isinstance(data, list) else [data]))
        rules = {f"floor-{t}": {"all": [{"m": {"t": t}}]} for t in sorted(types)}
        self.handle = C.create_ruleset("bench_floor", json.dumps(rules))
        self.payloads = payloads
        self.sid = 0
        self.facts = statistics.mean(sum(len(json.loads(t)) if fn == "assert_facts" else 1 for fn, t in case)
                                     for case in payloads)

    def run(self, case: "list[tuple[str, str]]") -> None:
        C, h = self.C, self.handle
        self.sid += 1
        sid = f'"sid": "f{self.sid}"'
        for fn, text in case:
            res = getattr(C, fn)(h, _SID.sub(sid, text))
            if res[0] in (1, 2, 3):
                continue
            state = res[1]
            r = C.start_action_for_state(h, state)
            if r:
                messages = r[1]
                while messages:
                    messages = C.complete_and_start_action(h, state)
        C.delete_state(h, f"f{self.sid}")


def _block(fn, items, seconds: float) -> float:
    """CPU seconds per item of ``fn`` over ``items``, repeated for at least ``seconds``."""
    n, t0 = 0, time.process_time()
    while True:
        for it in items:
            fn(it)
        n += len(items)
        dt = time.process_time() - t0
        if dt >= seconds:
            return dt / n


def main() -> int:
    tree, listing = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
    split = "--split" in sys.argv[3:]
    A = _api(tree)
    pinned = _pin_allocator(A)
    clock = _Clock()
    missing = _instrument(A, clock) if split else []
    book = A.api.rulebook()
    paths, cases, refused = [], [], 0
    for line in listing.read_text().splitlines():
        if not line.strip():
            continue
        try:
            case = A.load_case(line)
            A.api.rule(case, book)
        except Exception:
            refused += 1
            continue
        paths.append(line)
        cases.append(case)

    def rule(c):
        return A.api.rule(c, book)

    def full(p):
        return A.render_text(A.api.rule(A.load_case(p), book))
    for p in paths:           # warm: the engine's rulesets for these cases, caches, templates
        full(p)
    rulings = [rule(c) for c in cases]
    out = sys.stdout
    out.write(json.dumps({"package": A.package, "rules": len(book.rules), "cases": len(cases),
                          "refused": refused, "missing": missing, "allocator_pinned": pinned}) + "\n")
    out.flush()
    for line in sys.stdin:
        req = json.loads(line)
        if req["op"] == "rate":
            fn, items = {"rule": (rule, cases), "full": (full, paths), "parse": (A.load_case, paths),
                         "layout": (A.render_text, rulings)}[req["what"]]
            per = _block(fn, items, req["seconds"])
            ans = {"rate": 1 / per}
        elif req["op"] == "split" and split:
            ans = _split(A, book, paths, cases, clock, req["seconds"], req.get("blocks", 5))
        else:
            break
        out.write(json.dumps(ans) + "\n")
        out.flush()
    return 0


def _split(A, book, paths, cases, clock: _Clock, seconds: float, blocks: int) -> dict:
    clock.capture = []
    payloads, rounds = [], []
    for c in cases:
        clock.capture = []
        r = A.api.rule(c, book)
        payloads.append(clock.capture)
        rounds.append(getattr(r, "rounds", 0) or 0)
    clock.capture = None
    rulings = [A.api.rule(c, book) for c in cases]
    floor = _Floor(A.C, payloads) if hasattr(A, "C") else None
    per: dict[str, list[float]] = defaultdict(list)
    for _ in range(blocks):
        per["parse"].append(_block(A.load_case, paths, seconds))
        clock.t.clear()
        w0 = time.perf_counter()
        cpu = _block(lambda c: A.api.rule(c, book), cases, seconds)
        wall = time.perf_counter() - w0
        shares = {k: v / wall for k, v in clock.t.items()}
        for k in ("derive", "engine", "actions"):
            per[k].append(cpu * shares.get(k, 0.0))
        per["around"].append(cpu * (1 - sum(shares.get(k, 0.0) for k in ("derive", "engine", "actions"))))
        per["rule"].append(cpu)
        per["layout"].append(_block(A.render_text, rulings, seconds))
        if floor is not None:
            per["floor"].append(_block(floor.run, payloads, seconds))
    res = {k: statistics.median(v) * 1e6 for k, v in per.items()}
    res["cases"] = len(cases)
    res["asserted_facts"] = floor.facts if floor else None
    res["rounds"] = statistics.mean(rounds) if rounds else None
    return res


if __name__ == "__main__":
    sys.exit(main())

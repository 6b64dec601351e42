"""Load test of `director serve` on the loopback: simulated directors tapping through rulings.

    .venv/bin/python tools/bench_web.py [--directors 50] [--seconds 60] [--think 0.5] [--varied]

Starts the page's server in a child process on a free 127.0.0.1 port (its own session folder
in a temporary directory), then runs N simulated directors for the given time. Each director
loops over club-evening scenarios as the page's own forms post them (board number, calls,
director called, the ruling's questions answered, a page view after each post, the print
view, now and then a save), waiting ``--think`` seconds between taps. Every request and
every redirect it follows is timed.

Prints: requests made, errors (any status >= 400 or a failed connection: the scenarios only
make requests the page makes), requests per second, and the 50th/95th/99th percentile and
worst response times, and the server's resident memory (RSS) after the warm-up and at the
end. With ``--varied`` every other round of a director loads a generated case instead
(bridge_director/audit/generate.py, a new seed each time, uploaded as the page's "Load a case
file" form does) and answers its first question: many shapes of case, as a long evening meets
them (issue 25: the server's memory stays flat). Exit 1 if there was any error. Bounded: it stops by itself after
``--seconds`` (plus the requests then in flight), and sends traffic only to 127.0.0.1.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

ROOT = Path(__file__).resolve().parent.parent

# Each scenario: the taps a director makes, as (path, form fields). "answer:" picks the
# first question whose prompt holds the words and posts the given answer label or call.
SCENARIOS = [
    [("/board", {"board": "1"}), ("/call", {"level": "1", "call": "S"}), ("/call", {"level": "1", "call": "H"}),
     ("/event", {"kind": "director"}), ("answer", ("meant", "yes")), ("answer", ("accept", "no")),
     ("answer", ("in place of", "2H"))],
    [("/board", {"board": "1"}), ("/call", {"level": "1", "call": "H", "seat": "S"}),
     ("/event", {"kind": "director"}), ("answer", ("accept", "no"))],
    [("/board", {"board": "12"}), ("/event", {"kind": "hand-count", "seat": "N", "cards": "14"}),
     ("/event", {"kind": "hand-count", "seat": "S", "cards": "12"}), ("/event", {"kind": "director"})],
    [("/board", {"board": "1"}), ("/call", {"level": "1", "call": "S"}), ("/call", {"level": "2", "call": "H"}),
     ("/event", {"kind": "wrong-board", "seat": "E", "board": "5"}), ("/event", {"kind": "director"}),
     ("/undo", {}), ("/event", {"kind": "director"})],
]


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far, from /proc (0.0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _rss_mb(pid: int) -> float:
    """The resident memory (MB) of process ``pid``, from /proc (0.0 where there is none)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return 0.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_server(port: int, folder: str) -> subprocess.Popen:
    code = ("import sys, uvicorn; from bridge_director.web.app import create_app; from bridge_director.session import api; api.limit_memory(); api.rulebook(); "
            f"uvicorn.run(create_app({folder!r}), host='127.0.0.1', port={port}, log_level='warning', "
            "access_log=False, limit_concurrency=500)")
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))


async def _wait_up(base: str, timeout: float = 60) -> None:
    import httpx
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient() as c:
        while True:
            try:
                if (await c.get(base + "/")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("bench_web: the server did not start")
            await asyncio.sleep(0.2)


class Director:
    """One simulated director with a phone: posts forms, follows redirects, times each request."""

    QUESTION_RE = re.compile(r'<form method="post" action="/answer" class="question">(.*?)</form>', re.S)

    def __init__(self, client, base: str, think: float, times: list, errors: list):
        self.c, self.base, self.think, self.times, self.errors = client, base, think, times, errors
        self.s, self.html, self.csrf = "", "", ""

    async def request(self, method: str, path: str, **kw):
        t = time.perf_counter()
        try:
            r = await self.c.request(method, self.base + path, **kw)
        except Exception as e:  # noqa: BLE001 - a failed connection is an error to report
            self.errors.append(f"{method} {path}: {type(e).__name__}")
            return None
        self.times.append(time.perf_counter() - t)
        if r.status_code >= 400:
            self.errors.append(f"{method} {path}: {r.status_code}")
        return r

    async def post(self, path: str, fields: dict) -> None:
        if not self.csrf:                       # every form of the page carries its CSRF token
            first = await self.request("GET", "/")
            m = re.search(r'name="csrf" value="([^"]*)"', first.text if first is not None else "")
            self.csrf = m.group(1) if m else ""
        r = await self.request("POST", path, data={"s": self.s, "csrf": self.csrf, **fields})
        if r is not None and r.status_code == 303:
            loc = r.headers["location"]
            self.s = parse_qs(urlparse(loc).query).get("s", [""])[0]
            page = await self.request("GET", loc.split("#")[0])
            self.html = page.text if page is not None else ""

    async def answer(self, words: str, reply: str) -> None:
        for m in self.QUESTION_RE.finditer(self.html):
            body = m.group(1)
            if words in body:
                qid = re.search(r'name="q" value="([^"]*)"', body).group(1)
                import html as _html
                qid = _html.unescape(qid)
                if reply[0].isdigit():
                    await self.post("/answer", {"q": qid, "level": reply[0], "call": reply[1:]})
                else:
                    await self.post("/answer", {"q": qid, "a": reply})
                return
        # the ruling did not ask it (rules changed): not an error of the server

    async def varied(self, seed: int) -> None:
        """Load generated case ``seed`` (the upload form) and answer its first question."""
        import random

        from bridge_director.audit.generate import generate
        text = generate(random.Random(seed))
        r = await self.request("POST", "/upload", data={"csrf": self.csrf},
                               files={"case": ("generated.yaml", text.encode(), "text/yaml")})
        if r is None or r.status_code != 303:
            return
        loc = r.headers["location"]
        self.s = parse_qs(urlparse(loc).query).get("s", [""])[0]
        page = await self.request("GET", loc.split("#")[0])
        self.html = page.text if page is not None else ""
        m = self.QUESTION_RE.search(self.html)
        if m:
            import html as _html
            qid = _html.unescape(re.search(r'name="q" value="([^"]*)"', m.group(1)).group(1))
            label = re.search(r'<button[^>]*name="a" value="([^"]*)"', m.group(1))
            if label:
                await self.post("/answer", {"q": qid, "a": _html.unescape(label.group(1))})

    async def run(self, until: float, n: int, varied: bool = False) -> None:
        k = n
        while time.monotonic() < until:
            scenario = SCENARIOS[k % len(SCENARIOS)]
            k += 1
            self.s, self.html = "", ""
            if varied and k % 2 == 0:
                if not self.csrf:
                    first = await self.request("GET", "/")
                    m = re.search(r'name="csrf" value="([^"]*)"', first.text if first is not None else "")
                    self.csrf = m.group(1) if m else ""
                await asyncio.sleep(self.think)
                await self.varied(1_000_000 + k * 1000 + n)
                continue
            await self.request("GET", "/")
            for path, fields in scenario:
                if time.monotonic() >= until:
                    return
                await asyncio.sleep(self.think)
                if path == "answer":
                    await self.answer(*fields)
                else:
                    await self.post(path, fields)
            await self.request("GET", f"/print?s={self.s}")
            if k % 8 == 0:
                await self.post("/save", {})


async def _main(args) -> int:
    import httpx
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        server = _start_server(port, folder)
        try:
            await _wait_up(base)
            times: list[float] = []
            errors: list[str] = []
            limits = httpx.Limits(max_connections=args.directors, max_keepalive_connections=args.directors)
            async with httpx.AsyncClient(limits=limits, timeout=30) as client:
                warm = Director(client, base, 0, [], [])
                await warm.run(time.monotonic() + 2, 0)
                cpu0, mine0 = _cpu_seconds(server.pid), time.process_time()
                rss0 = _rss_mb(server.pid)
                start = time.monotonic()
                until = start + args.seconds
                third: list[float] = []

                async def sample():
                    await asyncio.sleep(args.seconds / 3)
                    third.append(_rss_mb(server.pid))
                await asyncio.gather(sample(), *(Director(client, base, args.think, times, errors).run(until, i, args.varied)
                                                 for i in range(args.directors)))
                elapsed = time.monotonic() - start
                cpu = _cpu_seconds(server.pid) - cpu0
                rss1 = _rss_mb(server.pid)
                client_cpu = time.process_time() - mine0
            saved = len(list(Path(folder).glob("*.yaml")))
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
    _report(args, times, errors, elapsed, saved, cpu, client_cpu)
    print(f"  server memory: RSS {rss0:.0f} MB after the warm-up, {third[0] if third else 0:.0f} MB a third of the "
          f"way, {rss1:.0f} MB at the end (growth over the last two thirds {rss1 - (third[0] if third else rss0):+.1f} "
          f"MB{'; varied generated cases' if args.varied else ''})")
    return 1 if errors or not times else 0


def _report(args, times: list[float], errors: list[str], elapsed: float, saved: int, cpu: float,
            client_cpu: float) -> None:
    ms = sorted(t * 1000 for t in times)

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, int(round(p / 100 * (len(ms) - 1))))] if ms else float("nan")
    print(f"director serve on 127.0.0.1: {args.directors} simulated directors for {elapsed:.0f} s, "
          f"{args.think:.2f} s between taps")
    print(f"  requests {len(ms):,} ({len(ms) / elapsed:,.0f}/s), errors {len(errors)}, cases saved {saved}")
    if ms:
        print(f"  response time p50 {pct(50):.1f} ms, p95 {pct(95):.1f} ms, p99 {pct(99):.1f} ms, "
              f"worst {ms[-1]:.1f} ms, mean {statistics.fmean(ms):.1f} ms")
    if ms and cpu:
        per = cpu / len(ms) * 1000
        print(f"  server CPU {cpu:.1f} s = {per:.1f} ms per request (so about {1000 / per:,.0f} requests/s "
              f"on one free core); load generator CPU {client_cpu:.1f} s; machine load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (response times include waiting for a core)")
    for e in sorted(set(errors))[:10]:
        print(f"  error: {e} (x{errors.count(e)})")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--directors", type=int, default=50)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--think", type=float, default=1.0, help="seconds between one director's taps (default 1)")
    p.add_argument("--varied", action="store_true", help="every other round loads a generated case (many shapes)")
    args = p.parse_args(argv)
    if not (1 <= args.directors <= 500 and 1 <= args.seconds <= 600 and 0 <= args.think <= 60):
        p.error("bounds: 1-500 directors, 1-600 seconds, 0-60 s think time")
    return asyncio.run(_main(args))


if __name__ == "__main__":
    sys.exit(main())

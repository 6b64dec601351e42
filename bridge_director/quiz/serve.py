"""``director quiz --serve``: the quiz as a page that holds no key and no solution, marked by
this local server, so a trainee cannot read the answers in the page.

    GET  /        the quiz: facts and questions only
    POST /grade   the trainee's answers (JSON) -> the marks of each question, the score and,
                  then only, each case's ruling with its reasons

Grading is :func:`bridge_director.quiz.model.grade_point`, the terminal quiz's. Holds no law.
"""
from __future__ import annotations

import json
import socket

from bridge_director.base.yamlpos import InputError
from bridge_director.quiz.model import Answer, Quiz, describe, grade_point
from bridge_director.session.listen import TooLarge, read_body, replaying


def _answer(data) -> Answer:
    """One question's answer from the page's JSON: ``{code: [who or null, [cites]]}``.

    Raises:
        ValueError: not that shape.
    """
    ans = Answer()
    if not isinstance(data, dict):
        raise ValueError("expected an object of picks")
    for code, pick in data.items():
        if not (isinstance(pick, list) and len(pick) == 2 and isinstance(pick[1], list)):
            raise ValueError(f"expected [player, [clauses]] for {code!r}")
        who = pick[0] if pick[0] in ("N", "E", "S", "W", "-") else None
        ans.picks[str(code)] = (who, [str(c) for c in pick[1]])
    return ans


def grade(quiz: Quiz, book, answers) -> dict:
    """The marks of ``answers`` (per case, per question: the page's picks) as the page shows them.

    Raises:
        ValueError: answers not in the page's shape.
    """
    if not isinstance(answers, list) or len(answers) != len(quiz.cases):
        raise ValueError("expected one list of answers per case")
    got = out_of = 0.0
    cases = []
    for qc, per_point in zip(quiz.cases, answers):
        if not isinstance(per_point, list) or len(per_point) != len(qc.points):
            raise ValueError("expected one answer per question")
        points = []
        for p, a in zip(qc.points, per_point):
            mark = grade_point(p, _answer(a), qc.ruling)
            words = {c.code: c.words for c in p.choices}
            lines = []
            for im in mark.items:
                said = describe(im.item, qc.ruling, qc.book or book)
                if not im.consequence:
                    lines.append(f"not in the answer: {said}")
                    continue
                parts = ["consequence right", "player right" if im.player else "player wrong",
                         "clause right" if im.clause else f"clause wrong (Law {im.item.cite})"]
                lines.append(f"{im.score:.2f}: {said}: " + ", ".join(parts))
            lines += [f"not in the key: {words.get(code, code)}" for code in mark.not_in_key]
            lines += [f"not in the key: Law {cite} for \"{words.get(code, code)}\"" for code, cite in mark.wrong_clauses]
            points.append({"score": round(mark.score, 4), "lines": lines})
            got += mark.score
            out_of += len(p.key)
        cases.append({"points": points, "reasons": [ln.reason for ln in qc.report.lines]})
    return {"cases": cases, "score": round(got, 4), "out_of": out_of}


#: the largest answer body taken (bytes): the page sends a few hundred bytes per question
MAX_BODY = 1024 * 1024
#: the host names answered to by default (a name from elsewhere: DNS rebinding)
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


class _Bounded:
    """ASGI middleware: a request body over ``limit`` bytes is refused with 413 before it is
    read whole (``Content-Length`` first, then the bytes as they arrive); a post from another
    site (an ``Origin`` that is not this server) with 403."""

    def __init__(self, asgi, limit: int = MAX_BODY):
        self.asgi, self.limit = asgi, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD"):
            return await self.asgi(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        origin, host = headers.get("origin"), headers.get("host", "")
        if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
            return await _refuse(send, 403, "this quiz takes answers only from its own page")
        length = headers.get("content-length")
        if length is not None and not (length.isascii() and length.isdigit()):
            return await _refuse(send, 400, "the request's length is not a number")
        if length is not None and (len(length) > len(str(self.limit)) or int(length) > self.limit):
            return await _refuse(send, 413, f"the answers are more than {self.limit:,} bytes; the page sends far less")
        try:
            body = await read_body(receive, self.limit)
        except TooLarge:
            return await _refuse(send, 413, f"the answers are more than {self.limit:,} bytes; the page sends far less")
        if body is None:
            return
        return await self.asgi(scope, replaying(body, receive), send)


async def _refuse(send, status: int, words: str) -> None:
    body = json.dumps({"error": words}).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def _answers(body: bytes):
    """The answers of a posted body (JSON: ``{"answers": [...]}``).

    Raises:
        ValueError: not UTF-8 JSON of that shape, in our words (never Python's own).
    """
    try:
        data = json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError("expected the answers as JSON in UTF-8") from None
    except RecursionError:
        raise ValueError("expected the answers as the page sends them, found JSON nested too deeply") from None
    except ValueError as e:      # json's error, or an integer of too many digits
        if isinstance(e, json.JSONDecodeError):
            raise ValueError(f"expected the answers as JSON: {e.msg} at character {e.pos}") from None
        raise ValueError("expected the answers as the page sends them, found a number too long") from None
    return data.get("answers") if isinstance(data, dict) else None


def app(quiz: Quiz, book, hosts: "list[str] | None" = None):
    """The Starlette application serving ``quiz``, answering only to ``hosts`` (the ``Host``
    names; default: this laptop's own), with the answers' body bounded."""
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse
    from starlette.routing import Route
    from bridge_director.quiz import export_html
    page = export_html(quiz, book, served=True)

    async def index(request: Request):
        return HTMLResponse(page, headers={"Cache-Control": "no-store"})

    async def marks(request: Request):
        try:
            return JSONResponse(grade(quiz, book, _answers(await request.body())))
        except (ValueError, RecursionError) as e:
            said = str(e) if isinstance(e, ValueError) else "expected the answers as the page sends them"
            return JSONResponse({"error": said}, status_code=400)
    allowed = list(dict.fromkeys(h.strip("[]") if h.count(":") > 1 else h for h in (hosts or LOCAL_HOSTS)))
    allowed += [f"[{h}]" for h in allowed if ":" in h and f"[{h}]" not in allowed]
    star = Starlette(routes=[Route("/", index), Route("/grade", marks, methods=["POST"])],
                     middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=allowed, www_redirect=False)])
    return _Bounded(star)


def serve(quiz: Quiz, book, host: str = "127.0.0.1", port: int = 8001, hosts: "list[str] | None" = None) -> int:
    """Serve ``quiz`` until interrupted; the address is printed first.

    Raises:
        InputError: the address is in use or cannot be bound.
    """
    with socket.socket() as probe:
        try:
            probe.bind((host, port))
        except OSError as e:
            raise InputError("quiz --serve", 0, 0, "port", f"cannot listen on {host}:{port}: {e.strerror}") from None
    print(f"Quiz '{quiz.title}' at http://{host}:{port}/  (the page holds no key; Ctrl-C stops)", flush=True)
    from bridge_director.session import listen     # idle or slow connections dropped, a bound per address (F9)
    listen.run(app(quiz, book, hosts), host, port)
    return 0

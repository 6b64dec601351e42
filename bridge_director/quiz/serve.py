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


def app(quiz: Quiz, book):
    """The Starlette application serving ``quiz``."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse
    from starlette.routing import Route
    from bridge_director.quiz import export_html
    page = export_html(quiz, book, served=True)

    async def index(request: Request):
        return HTMLResponse(page, headers={"Cache-Control": "no-store"})

    async def marks(request: Request):
        try:
            answers = json.loads((await request.body()).decode("utf-8"))
            return JSONResponse(grade(quiz, book, answers.get("answers") if isinstance(answers, dict) else None))
        except (ValueError, UnicodeDecodeError) as e:
            return JSONResponse({"error": str(e)}, status_code=400)
    return Starlette(routes=[Route("/", index), Route("/grade", marks, methods=["POST"])])


def serve(quiz: Quiz, book, host: str = "127.0.0.1", port: int = 8001) -> int:
    """Serve ``quiz`` until interrupted; the address is printed first.

    Raises:
        InputError: the address is in use or cannot be bound.
    """
    import uvicorn
    with socket.socket() as probe:
        try:
            probe.bind((host, port))
        except OSError as e:
            raise InputError("quiz --serve", 0, 0, "port", f"cannot listen on {host}:{port}: {e.strerror}") from None
    print(f"Quiz '{quiz.title}' at http://{host}:{port}/  (the page holds no key; Ctrl-C stops)", flush=True)
    uvicorn.run(app(quiz, book), host=host, port=port, log_level="warning", access_log=False)
    return 0

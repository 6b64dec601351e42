"""Quizzes for law teachers (``director quiz``): see model.py for the quiz format and grading,
terminal.py for the terminal quiz and export_html for the self-contained page."""
from __future__ import annotations

import base64
import json

from bridge_director.quiz.model import SEAT_CHOICES, Quiz, as_data, load_quiz

__all__ = ["load_quiz", "export_html", "Quiz"]


def export_html(quiz: Quiz, book, served: bool = False) -> str:
    """One self-contained page (no network): the facts and questions of every case; the key
    and the rulings hidden until the trainee submits, then marked in the page. ``served``: the
    page ``director quiz --serve`` gives, holding no key and no ruling: the local server marks
    the answers (bridge_director.quiz.serve)."""
    from bridge_director.paper.layout import css, environment
    from pathlib import Path
    import jinja2
    env = environment().overlay(loader=jinja2.FileSystemLoader(str(Path(__file__).parent / "templates")))
    key = "" if served else base64.b64encode(json.dumps(as_data(quiz, book)).encode("utf-8")).decode("ascii")
    return env.get_template("quiz.html.j2").render(quiz=quiz, css=css(), key_b64=key, seats=SEAT_CHOICES,
                                                   served=served)

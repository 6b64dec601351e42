"""The quiz in the terminal: facts, questions as numbered choices, marks, the ruling, a score.

Reads answers with plain ``input()`` (works in any terminal and under a pseudo-terminal) and
writes with rich. An answer that is none of the choices is refused in one line and the
question is asked again; end of input stops the quiz (exit 1) after the score so far.
"""
from __future__ import annotations

from typing import Callable

from rich.console import Console
from rich.markup import escape

from bridge_director.base.lines import for_terminal

from bridge_director.rulebook.model import Rulebook
from bridge_director.quiz.model import SEAT_CHOICES, Answer, Point, PointMark, Quiz, QuizCase, describe, grade_point

NOBODY = "no one in particular"


class _Shown(Console):
    """The quiz's console: the words of a quiz and its cases (titles, facts, notes) reach the
    terminal as words, every control character written as an escape (``\\x1b``), never as a
    control sequence (a title that clears the screen or sets the window's title)."""

    def print(self, *objects, **kw):
        super().print(*(for_terminal(o) if isinstance(o, str) else o for o in objects), **kw)


class Stopped(Exception):
    """The trainee ended the input (Ctrl-D)."""


def _ask(console: Console, read: Callable[[str], str], prompt: str, n: int, many: bool,
         allow_none: bool = True) -> list[int]:
    """Ask until the answer is numbers among 1..n (several when ``many``; 0 = none when
    ``allow_none``); returns the 1-based numbers."""
    hint = (f"numbers 1 to {n} separated by commas" + (", or 0 for none" if allow_none else "") if many
            else f"a number from 1 to {n}")
    while True:
        try:
            raw = read(f"{prompt} ").strip()
        except (EOFError, KeyboardInterrupt):   # Ctrl-D or Ctrl-C: stop the quiz, keep the score so far
            console.print()
            raise Stopped from None
        parts = [p for p in raw.replace(" ", ",").split(",") if p]
        try:
            nums = [int(p) for p in parts]
        except ValueError:
            nums = []
        if many and allow_none and nums == [0]:
            return []
        if nums and all(1 <= x <= n for x in nums) and (many or len(nums) == 1) and len(set(nums)) == len(nums):
            return nums
        console.print(f"'{raw}' is not one of the choices: answer with {hint}.")


def show_facts(console: Console, qc: QuizCase) -> None:
    r = qc.report
    console.print(f"Board {r.board} - dealer {r.dealer} - {r.vulnerability}")
    console.print("The auction (event numbers in brackets; a > shows a replacement):")
    console.print(r.grid.as_text(), markup=False)
    console.print("What happened:")
    for n, words in r.events:
        console.print(f"  {n}. {words}.", markup=False)
    if r.findings:
        console.print("The director's findings:")
        for f in r.findings:
            console.print(f"  - {f}.", markup=False)
    if r.notes:
        console.print("Notes: " + r.notes, markup=False)


def ask_point(console: Console, read, qc: QuizCase, point: Point, i: int) -> Answer:
    """Ask one decision point: which consequences follow, and for each the player and clause."""
    console.print()
    console.print(f"[bold]Question {i} of {len(qc.points)}: {escape(point.heading)}[/bold]")
    console.print("Which of these follow? (pick every one that does)")
    for k, c in enumerate(point.choices, 1):
        console.print(f"  {k}. {c.words}", markup=False)
    picked = _ask(console, read, "Your choices:", len(point.choices), True)
    ans = Answer()
    for k in picked:
        choice = point.choices[k - 1]
        console.print(f"For \"{choice.words}\":", markup=False)
        names = [name for _s, name in SEAT_CHOICES] + [NOBODY]
        console.print("  which player?  " + "   ".join(f"{j}. {nm}" for j, nm in enumerate(names, 1)))
        w = _ask(console, read, "  Player:", len(names), False)[0]
        who = SEAT_CHOICES[w - 1][0] if w <= len(SEAT_CHOICES) else None     # None: no one in particular
        console.print("  which clause? (one, or more if it follows under several)  "
                      + "   ".join(f"{j}. {c}" for j, c in enumerate(point.cites, 1)))
        cs = _ask(console, read, "  Clause:", len(point.cites), True, allow_none=False)
        ans.picks[choice.code] = (who, [point.cites[c - 1] for c in cs])
    return ans


def show_marks(console: Console, qc: QuizCase, marks: list[PointMark], book: Rulebook) -> float:
    """Print the marks of a case and its ruling with reasoning; return its score (items)."""
    total = sum(m.score for m in marks)
    console.print()
    console.print(f"[bold]Marks: {total:.2f} of {len(qc.key)}[/bold]")
    words = {c.code: c.words for p in qc.points for c in p.choices}
    for m in marks:
        for im in m.items:
            if not im.consequence:
                console.print(f"  not in the answer: {describe(im.item, qc.ruling, qc.book or book)}", markup=False)
                continue
            parts = ["consequence right", "player right" if im.player else "player wrong",
                     "clause right" if im.clause else f"clause wrong (Law {im.item.cite})"]
            console.print(f"  {im.score:.2f}: {describe(im.item, qc.ruling, qc.book or book)}: " + ", ".join(parts), markup=False)
        for code in m.not_in_key:
            console.print(f"  -0.33, not in the key: {words.get(code, code)}", markup=False)
        for code, cite in m.wrong_clauses:
            console.print(f"  not in the key: Law {cite} for \"{words.get(code, code)}\"", markup=False)
    console.print("The ruling, and why:")
    for ln in qc.report.lines:
        console.print(f"  {ln.number}. {ln.reason}", markup=False)
    return total


def run(quiz: Quiz, book: Rulebook, read: Callable[[str], str] = input, console: Console | None = None) -> int:
    """Run the quiz; returns 0 when finished, 1 when the trainee stopped it early."""
    console = console or _Shown(highlight=False, soft_wrap=True)
    console.print(f"[bold]{escape(str(quiz.title))}[/bold]" + (f" - {escape(str(quiz.about))}" if quiz.about else ""))
    console.print(f"{len(quiz.cases)} cases. Answer each question with the numbers of your choices. "
                  "Each item of the key is worth 1 (a third each for the consequence, the player and the "
                  "clause); each consequence picked that does not follow costs a third.")
    got, out_of = 0.0, 0
    stopped = False
    for n, qc in enumerate(quiz.cases, 1):
        console.print()
        console.print(f"[bold]Case {n} of {len(quiz.cases)}: {escape(str(qc.case.title or ''))}[/bold]")
        show_facts(console, qc)
        try:
            answers = [ask_point(console, read, qc, p, i) for i, p in enumerate(qc.points, 1)]
        except Stopped:
            stopped = True
            break
        marks = [grade_point(p, a, qc.ruling) for p, a in zip(qc.points, answers)]
        got += show_marks(console, qc, marks, book)
        out_of += len(qc.key)
    console.print()
    pct = 100 * got / out_of if out_of else 0
    console.print(("Quiz stopped. " if stopped else "") + f"Score: {got:.2f} out of {out_of} ({pct:.0f}%)")
    return 1 if stopped else 0

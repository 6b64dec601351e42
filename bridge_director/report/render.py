"""Jinja2 templates -> HTML and Markdown; WeasyPrint -> PDF.

Errors: a malformed case raises InputError (file:line:col: what was expected); a folder with
no case files raises InputError naming the folder.
"""

from __future__ import annotations
from pathlib import Path
from bridge_director.session import api
from bridge_director.base.yamlpos import InputError
from bridge_director.paper import report as build_mod
from bridge_director.paper.report import Report, law_key
from bridge_director.paper.words import EDITION_WORDS
from bridge_director.paper.layout import css, environment, html, markdown, pdf_bytes


def render_report(path: str | Path, fmt: str = "html") -> "str | bytes":
    """The report on the case at ``path`` in ``fmt`` (html | md | pdf)."""
    r = build_mod.report(path, with_svg={"md": False, "html": "charts", "pdf": False}.get(fmt, True))
    if fmt == "md":
        return markdown(r)
    if fmt == "pdf":
        return pdf_bytes(html(r, pdf=True))
    return html(r)


def case_paths(folder: str | Path) -> list[Path]:
    """The case files under ``folder`` (a folder or one file), sorted.

    Raises:
        InputError: no such folder, or no case file in it.
    """
    p = Path(folder)
    if p.is_file():
        return [p]
    if not p.is_dir():
        raise InputError(str(p), 0, 0, "", "no such file or folder")
    if (p / "quiz.yaml").exists():          # a quiz folder: the cases it lists
        from bridge_director.paper.quizfile import _quiz_entries
        return [path for path, _key, _where, _line in _quiz_entries([str(p)])[2]]
    files = sorted(x for x in p.rglob("*.yaml") if x.name != "quiz.yaml")
    if not files:
        raise InputError(str(p), 0, 0, "", "expected case files (*.yaml) in this folder, found none")
    return files


def casebook_html(folder: str | Path, pdf: bool = False, title: str | None = None) -> str:
    """Every case under ``folder`` as one HTML document: contents, each case, an index by law."""
    book = api.rulebook()
    reports = [build_mod.report(f, book) for f in case_paths(folder)]
    seen: dict[str, int] = {}
    for r in reports:       # two cases saved at the table for one board share an id: one anchor each
        seen[r.anchor] = seen.get(r.anchor, 0) + 1
        if seen[r.anchor] > 1:
            r.anchor = f"{r.anchor}-{seen[r.anchor]}"
    by_cite: dict[str, list[Report]] = {}
    words: dict[str, str] = {}    # a cite as shown -> its paraphrase, from the report's own edition
    for r in reports:
        for cite, w in r.laws:
            by_cite.setdefault(cite, []).append(r)
            words.setdefault(cite, w)
    index = [(c, words[c], rs) for c, rs in sorted(by_cite.items(), key=lambda kv: law_key(kv[0]))]
    name = title or _quiz_title(folder) or f"Casebook: {Path(folder).name or folder}"
    return environment().get_template("casebook.html.j2").render(
        title=name, reports=reports, index=index, css=css(), pdf=pdf,
        edition=EDITION_WORDS.get(book.edition, book.edition))


def _quiz_title(folder) -> str | None:
    """The title of a quiz folder's quiz.yaml, if it is one."""
    if (Path(folder) / "quiz.yaml").exists():
        from bridge_director.paper.quizfile import _quiz_entries
        return _quiz_entries([str(folder)])[0]
    return None


def render_casebook(folder: str | Path, fmt: str = "html") -> "str | bytes":
    """The casebook of ``folder`` in ``fmt`` (html | pdf)."""
    if fmt == "pdf":
        return pdf_bytes(casebook_html(folder, pdf=True))
    return casebook_html(folder)

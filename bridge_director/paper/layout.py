"""Laying a page out: the Jinja environment and templates (``paper/templates``), the style sheet,
a report as HTML or Markdown, and PDF bytes from HTML (WeasyPrint)."""

from __future__ import annotations
import base64
from functools import lru_cache
from pathlib import Path
import jinja2

from bridge_director.base.lines import finalize, markdown_text
from bridge_director.paper.report import Report


TEMPLATES = Path(__file__).parent / "templates"


@lru_cache(maxsize=None)
def environment() -> jinja2.Environment:
    """The Jinja2 environment (HTML autoescaped; ``b64`` filter for data URIs)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                             autoescape=jinja2.select_autoescape(["html.j2"]),
                             trim_blocks=False, lstrip_blocks=False, keep_trailing_newline=True,
                             finalize=finalize)      # a folder name that is not UTF-8, shown escaped
    env.filters["b64"] = lambda s: base64.b64encode(s.encode("utf-8")).decode("ascii")
    return env


def _markdown_value(value):
    """A Jinja ``finalize`` for the Markdown report: every value the template prints (a case's
    title, notes, remark words; the ruling's lines, which quote them) shown as itself, on one
    line: the template's own ``#``, ``|``, ``**`` are the only markup (hostile3 F2: a title
    holding a line "## Ruling" added a section)."""
    if value is None or isinstance(value, (bool, int)):
        return value
    return markdown_text(finalize(value))


@lru_cache(maxsize=None)
def markdown_environment() -> jinja2.Environment:
    """The Jinja2 environment of the Markdown report: no autoescape (not HTML), every printed
    value escaped for Markdown instead."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=False,
                              trim_blocks=False, lstrip_blocks=False, keep_trailing_newline=True,
                              finalize=_markdown_value)


def css() -> str:
    return (TEMPLATES / "style.css").read_text(encoding="utf-8")


def html(r: Report, pdf: bool = False) -> str:
    """One case's report as a complete HTML page (``pdf``: the diagram as an image)."""
    return environment().get_template("report.html.j2").render(r=r, css=css(), pdf=pdf)


def markdown(r: Report) -> str:
    """One case's report as Markdown (the diagram is left to the HTML and PDF forms)."""
    return markdown_environment().get_template("report.md.j2").render(r=r)


def pdf_bytes(page: str) -> bytes:
    """An HTML page printed to PDF by WeasyPrint (A4)."""
    import weasyprint   # imported only for PDF: it is slow to import and needs pango
    return weasyprint.HTML(string=page, base_url=str(TEMPLATES)).write_pdf()

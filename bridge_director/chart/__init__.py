"""``director chart LAW``: one law's decision chart as a page to print (SVG, HTML or PDF).

The chart itself (its questions, outcomes and drawing) is ``bridge_director.paper.chart``,
shared with the committee report; this front end lays it out on a page. Holds no law.
May import: ``base`` .. ``paper``.
"""
from __future__ import annotations

import base64

from bridge_director.paper import chart as paper_chart
from bridge_director.paper.layout import pdf_bytes
from bridge_director.rulebook.model import Rulebook


def render_chart(law: str, book: Rulebook, fmt: str = "svg") -> "str | bytes":
    """Law ``law``'s chart in ``fmt`` (svg | html | pdf): SVG text, an HTML page holding it,
    or PDF bytes of that page.

    Raises:
        bridge_director.base.yamlpos.InputError: a law the rulebook has no chart for.
    """
    ch = paper_chart.chart(law, book)
    out = paper_chart.svg(ch)
    if fmt in ("html", "pdf"):
        body = out if fmt == "html" else (
            '<img style="width:100%" src="data:image/svg+xml;base64,'
            + base64.b64encode(out.encode("utf-8")).decode("ascii") + '">')
        out = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{ch.title}</title>'
               f"<style>@page {{ size: A3 portrait; margin: 8mm; }} body {{ margin: 0; }}</style></head>"
               f"<body>{body}</body></html>\n")
    if fmt == "pdf":
        out = pdf_bytes(out)
    return out

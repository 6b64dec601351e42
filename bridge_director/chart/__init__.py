"""``director chart LAW``: one law's chart as a page to print (SVG, HTML or PDF).

By default the laminated card (:mod:`bridge_director.chart.card`): the questions a director
asks, in order, with the outcomes and their sub-clauses, on one A4 page (landscape). With
``full`` the whole graph of the law's rules (``bridge_director.paper.chart``, shared with the
committee report); its HTML page opens on the root (the law's box). Holds no law.
May import: ``base`` .. ``paper``.
"""
from __future__ import annotations

import base64
from html import escape

from bridge_director.paper import chart as paper_chart
from bridge_director.paper.layout import pdf_bytes
from bridge_director.rulebook.model import Rulebook

VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'

#: scrolls the full graph's page to the law's own box (the root) when it opens
TO_THE_ROOT = ("<script>window.addEventListener('load', function () {"
               "var t = Array.from(document.querySelectorAll('g.node > title'))"
               ".find(function (x) { return x.textContent === 'law'; });"
               "if (t) { t.parentNode.scrollIntoView({block: 'center', inline: 'start'}); }});</script>")


def render_chart(law: str, book: Rulebook, fmt: str = "svg", full: bool = False) -> "str | bytes":
    """Law ``law``'s card (or, with ``full``, its whole chart) in ``fmt`` (svg | html | pdf):
    SVG text, an HTML page holding it, or PDF bytes of that page.

    Raises:
        bridge_director.base.yamlpos.InputError: a law the rulebook has no chart for; with ``full``,
            Graphviz's dot missing or failing.
    """
    from bridge_director.chart import card
    if full:
        from bridge_director.base.yamlpos import InputError
        from bridge_director.paper.diagram import DotFailed
        ch = paper_chart.chart(law, book)
        try:
            drawing = paper_chart.svg(ch)
        except DotFailed as e:      # no Graphviz, or it failed: the user's system, one line (was exit 3)
            raise InputError("--full", 0, 0, "", f"the whole graph is drawn by Graphviz's dot, and it did not "
                                                 f"draw: {e}; install Graphviz (make sysdeps), or leave out "
                                                 f"--full for the one-page card") from None
        title, out, page = ch.title, drawing, "A3 portrait"
    else:
        cd = card.card(law, book)
        title, out, page = cd.title, card.svg(cd), "A4 landscape"
    if fmt in ("html", "pdf"):
        if fmt == "html":       # the card flows on a screen (one column on a phone); its print is the SVG
            body = (out + TO_THE_ROOT) if full else card.html(cd)
            style = "" if full else card.CARD_CSS
        else:
            body = ('<img style="width:100%" src="data:image/svg+xml;base64,'
                    + base64.b64encode(out.encode("utf-8")).decode("ascii") + '">')
            style = ""
        out = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">{VIEWPORT}<title>{escape(title)}</title>'
               f"<style>@page {{ size: {page}; margin: {'8mm' if full else '0'}; }} body {{ margin: 0; }} {style}"
               f"</style></head><body>{body}</body></html>\n")
    if fmt == "pdf":
        out = pdf_bytes(out)
    return out

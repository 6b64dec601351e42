"""`director chart 27` is the laminated card (issue 23, item 8): one A4 page, landscape, text at
a size read at arm's length; the questions in the order a director asks them, each outcome
with its sub-clause; the full graph stays available (--full), its HTML opening on the root."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bridge_director.chart import card as card_mod, render_chart
from bridge_director.paper import chart as paper_chart
from bridge_director.session import api

REPO = Path(__file__).resolve().parent.parent
BOOK = api.rulebook()


def test_the_law_27_card_holds_the_directors_questions_in_order():
    cd = card_mod.card("27", BOOK)
    order = [s.cite for s in cd.steps]
    assert order[0] == "18D"                                     # is it insufficient?
    at = {c: order.index(c) for c in order}
    assert at["18D"] < at["25A1"] < at["27A1"] < at["27B"] < at["27B1(a)"] < at["27B1(b)"] < at["27B2"] \
        < at["27B3"] < at["27B4"] < at["27C"]
    b2 = next(s for s in cd.steps if s.cite == "27B2")
    assert ("27B2", "partner-must-pass-rest") in {(o.cite, o.code) for o in b2.outcomes}
    assert "finding: comparable? no" in b2.conditions
    # every outcome a rule of the law gives is on the card, written out once
    written = [(o.cite, o.code) for s in cd.steps for o in s.outcomes]
    assert len(written) == len(set(written))
    for r in BOOK.rules:
        if r.law == "27":
            for c in r.then:
                if c.kind == "outcome" and c.data["outcome"] not in card_mod.NOT_ON_CARD:
                    assert (str(c.data.get("cite") or r.cite), c.data["outcome"]) in written, r.id


@pytest.mark.parametrize("law", paper_chart.laws(BOOK))
def test_every_card_fits_one_a4_page_at_a_readable_size(law):
    laid = card_mod.layout(card_mod.card(law, BOOK))
    assert laid is not None, law
    font, cols, placed = laid
    assert font >= card_mod.MIN_FONT >= 9.5 and cols <= 4
    assert all(card_mod.MARGIN <= x and y <= card_mod.PAGE_H - card_mod.MARGIN for x, y, _s, _t in placed)
    svg = card_mod.svg(card_mod.card(law, BOOK))
    assert 'width="297mm" height="210mm"' in svg


def test_chart_27_pdf_is_one_a4_landscape_page(tmp_path):
    out = tmp_path / "card27.pdf"
    r = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "chart", "27", "--format", "pdf",
                        "-o", str(out)], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    assert re.search(r"Pages:\s+1\n", info), info
    w, h = map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info).groups())
    assert (round(w), round(h)) == (842, 595), info            # A4 landscape


def test_the_full_graph_stays_and_its_page_opens_on_the_root():
    full = render_chart("27", BOOK, "html", full=True)
    assert "scrollIntoView" in full and "'law'" in full
    assert full.count('class="node"') > 100                     # the whole graph
    assert '<meta name="viewport"' in full
    cardpage = render_chart("27", BOOK, "html")
    assert '<meta name="viewport"' in cardpage and '<section class="step"><h2>27B2</h2>' in cardpage
    svg = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "chart", "27", "--full"], cwd=REPO,
                         capture_output=True, text=True, timeout=300)
    assert svg.returncode == 0 and svg.stdout.startswith("<svg") and svg.stdout.count('class="node"') > 100

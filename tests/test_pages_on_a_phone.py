"""Every HTML page the tool writes (report, casebook, quiz, chart card) has a viewport tag and
reads on a phone: at 390 px wide in Chromium nothing scrolls sideways; at 1280 px the same
(issue 23, item 7). The full graph (chart --full) is a drawing to pan, opened on its root."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from browser import page  # tests/browser.py

REPO = Path(__file__).resolve().parent.parent
PAGES = {
    "report": ["report", "cases/ib-01-insufficient-1h-over-1nt.yaml", "--format", "html"],
    "casebook": ["casebook", "quizzes/01-insufficient-bids"],
    "quiz": ["quiz", "tests/fixtures/quiz/basic", "--export", "html"],
    "chart": ["chart", "27", "--format", "html"],
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_page_has_a_viewport_tag_and_fits_a_phone(name, tmp_path):
    out = tmp_path / f"{name}.html"
    r = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *PAGES[name], "-o", str(out)], cwd=REPO,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    html = out.read_text(encoding="utf-8")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    with page() as p:
        for width, height in ((390, 844), (1280, 800)):
            p.set_viewport_size({"width": width, "height": height})
            p.goto(out.as_uri())
            wide = p.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, f"{name} is {wide}px wide at {width}px: it scrolls sideways"
            p.screenshot(path=str(tmp_path / f"{name}-{width}.png"))

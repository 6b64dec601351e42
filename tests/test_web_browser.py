"""The page in a real browser at phone size (390 x 844): Debian's chromium driven by Playwright.

Each test taps through a scenario as a director would (board number, the bidding box, the
events, the ruling's questions) and asserts the ruling's lines and citations on the final
page; a screenshot of each final page goes to tests/output/ for a person to look at.

Chromium comes from Debian (`make sysdeps` installs it); Playwright's own browser download
is never used (it does not work here).
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from page_server import serving  # tests/page_server.py

OUTPUT = Path(__file__).resolve().parent / "output"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}


def served(folder, lang: str = "en"):
    """The page (saving to ``folder``, in ``lang``) served by uvicorn on a free loopback port, in
    a thread: yields its URL, then stops it (the body of every page-server fixture)."""
    from bridge_director.web.app import create_app
    with serving(create_app(folder, lang=lang)) as port:
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The page served by uvicorn on a free loopback port, in a thread; yields its URL."""
    yield from served(tmp_path_factory.mktemp("session"))


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail("chromium is not installed: run `make sysdeps` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)   # a fresh profile each launch
        yield b
        b.close()


class Director:
    """A director's thumb on the page: taps what a director taps, reads what the page shows."""

    def __init__(self, page, base: str):
        self.page, self.base = page, base

    def start(self, board: int):
        self.page.goto(self.base + "/")
        self.page.fill("#board0", str(board))
        self.page.click("button:has-text('Start')")
        self.page.wait_for_selector("#bidding")

    def call(self, call: str, seat: str | None = None, replace: bool = False):
        if seat:
            self.page.click(f"label[for=seat-{seat}]")
        if replace:
            self.page.click("label[for=mode-replace]")
        if call[0].isdigit():
            self.page.click(f"label[for=level-{call[0]}]")
            self.page.click(f"#bidding button[value='{call[1:]}']")
        else:
            self.page.click(f"#bidding button[value='{call}']")
        self.page.wait_for_load_state()

    def director_called(self):
        self.page.click("button:has-text('Director called')")
        self.page.wait_for_load_state()

    def _open(self, summary: str):
        details = self.page.locator("details.ev", has=self.page.locator(f"summary:has-text('{summary}')"))
        details.locator("summary").click()
        return details

    def hand_count(self, seat: str, cards: int):
        d = self._open("Hand count")
        d.locator(f"label[for=hc-{seat}]").click()
        d.locator("input[name=cards]").fill(str(cards))
        d.locator("button:has-text('Add hand count')").click()
        self.page.wait_for_load_state()

    def wrong_board(self, seat: str, board: int):
        d = self._open("Wrong board")
        d.locator(f"label[for=wb-{seat}]").click()
        d.locator("input[name=board]").fill(str(board))
        d.locator("button:has-text('Add wrong board')").click()
        self.page.wait_for_load_state()

    def question(self, words: str):
        q = self.page.locator("form.question", has_text=words)
        assert q.count() >= 1, f"no question with {words!r}; questions: {self.questions()}"
        return q.first

    def questions(self) -> list[str]:
        return self.page.locator("form.question .prompt").all_inner_texts()

    def answer(self, words: str, label: str):
        self.question(words).locator(f"button:text-is('{label}')").click()
        self.page.wait_for_load_state()

    def answer_call(self, words: str, call: str):
        q = self.question(words)
        if call[0].isdigit():
            q.locator(f"label:text-is('{call[0]}')").click()
            q.locator(f"button[value='{call[1:]}']").click()
        else:
            q.locator(f"button[value='{call}']").click()
        self.page.wait_for_load_state()

    def tell(self) -> list[str]:
        return self.page.locator(".tell li").all_inner_texts()

    def lines(self) -> list[tuple[str, str]]:
        """(text, cite) of every ruling line on the page."""
        out = []
        for li in self.page.locator("#ruling .lines li").all():
            cite = li.locator(".cite")
            out.append((li.locator(".text").inner_text(), cite.inner_text() if cite.count() else ""))
        return out

    def cites(self) -> set[str]:
        return {c for _t, c in self.lines()}

    def grid(self) -> list[list[str]]:
        return [[td.inner_text().strip() for td in tr.locator("td").all()]
                for tr in self.page.locator("table.auction tbody tr").all()]

    def shot(self, name: str):
        OUTPUT.mkdir(exist_ok=True)
        self.page.screenshot(path=str(OUTPUT / f"{name}.png"), full_page=False)
        self.page.screenshot(path=str(OUTPUT / f"{name}-full.png"), full_page=True)


@pytest.fixture
def director(browser, server):
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield Director(page, server)
    ctx.close()
    assert not errors, f"the page reported errors: {errors}"


def _has(lines, cite: str, words: str = "") -> bool:
    return any(c == cite and words.lower() in t.lower() for t, c in lines)


# ---------------------------------------------------------------- the scenarios

def test_insufficient_bid_intent_question_and_lhos_decision(director):
    d = director
    d.start(1)
    assert "Dealer North" in d.page.inner_text("#dealinfo")
    d.call("1S")
    d.call("1H")
    d.director_called()
    assert any("meant" in q for q in d.questions()), d.questions()
    d.answer("meant", "yes")                        # 1H was the call East meant: Law 27
    d.answer("accept", "no")                        # South does not accept it
    d.answer_call("in place of", "2H")              # East replaces it with 2H
    lines = d.lines()
    assert _has(lines, "18D", "insufficient")
    assert _has(lines, "27B1(a)", "no further rectification") or _has(lines, "27B1(a)")
    assert "27B1(a)" in d.cites()
    assert d.grid()[0][1:3] == ["1♠", "1♥\n→ 2♥"] or "2♥" in d.grid()[0][2]
    d.shot("web-insufficient-bid")


def test_bid_out_of_rotation(director):
    d = director
    d.start(1)                                      # North deals
    d.call("1H", seat="S")                          # South opens at North's turn
    d.director_called()
    assert any("accept" in q for q in d.questions()), d.questions()
    d.answer("accept", "no")                        # West does not accept it
    cites = d.cites()
    assert "29B" in cites, d.lines()
    assert any(c.startswith("31") for c in cites), d.lines()
    d.shot("web-bid-out-of-rotation")


def test_fourteen_and_twelve_card_hands(director):
    d = director
    d.start(12)
    d.hand_count("N", 14)
    d.hand_count("S", 12)
    d.director_called()
    d.answer("another table", "yes")                # the board was played before: 13A, not a redeal
    for _ in range(3):                              # anything else it asks: "no" (no card was seen)
        qs = d.questions()
        form = d.question(qs[0]) if qs else None
        if form is None or not form.locator("button:text-is('no')").count():
            break
        form.locator("button:text-is('no')").click()
        d.page.wait_for_load_state()
    assert any(c.startswith("13A") for c in d.cites()), d.lines()
    d.shot("web-fourteen-twelve")


def test_wrong_board(director):
    d = director
    d.start(1)
    d.call("1S")
    d.call("2H")
    d.wrong_board("E", 5)
    d.director_called()
    cites = d.cites()
    assert "15A1" in cites, d.lines()
    assert _has(d.lines(), "15A1", "cancel")
    d.shot("web-wrong-board")


def test_save_then_list_and_print(director):
    d = director
    d.start(3)
    d.call("1NT")
    d.call("1H")
    d.director_called()
    d.page.click("nav.actions button:has-text('Save')")
    d.page.wait_for_load_state()
    assert "Saved as" in d.page.inner_text("#message")
    name = re.search(r"board-03-\d{6}-\d\d\.yaml", d.page.inner_text("#message")).group(0)
    d.page.click("nav.actions a:has-text('Cases')")
    assert name in d.page.inner_text("main")
    d.page.go_back()
    d.page.click("nav.actions a:has-text('Print')")
    text = d.page.inner_text("main")
    assert "The facts" in text and "18D" in text
    d.shot("web-print-view")


def test_page_fits_a_phone_and_works_without_javascript(browser, server):
    ctx = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = ctx.new_page()
    page.goto(server + "/")
    page.fill("#board0", "1")
    page.click("button:has-text('Start')")
    page.click("label[for=level-1]")
    page.click("#bidding button[value='S']")
    page.click("#bidding button[value='NT']")      # no level chosen: the server says so
    assert "level" in page.inner_text("#message")
    page.click("label[for=level-1]")
    page.click("#bidding button[value='H']")
    assert "1♥" in page.inner_text("table.auction")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide: it scrolls sideways on a phone"
    for sel in ("#bidding button", ".seg label", "nav.actions button"):
        for box in [el.bounding_box() for el in page.locator(sel).all() if el.is_visible()]:
            assert box and box["height"] >= 40, (sel, box)
    ctx.close()


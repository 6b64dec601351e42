"""Attacks on the page in a real browser (issue 25): a save with a state token the client
changed, a save without the page's CSRF token, a save from a page served under another host
name (DNS rebinding). Each is refused and nothing is written.

A module of its own: it launches its own Chromium (with a host-resolver rule that points a
foreign name at this laptop), which Playwright's sync API cannot do while test_web_browser's
module-wide browser is open.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from page_server import serving  # tests/ is on sys.path
from test_web_browser import CHROMIUM, FLAGS, Director
# ---------------------------------------------------------------- attacks the page refuses (issue 25)

REBOUND = "rebound.example"        # a name an attacker points at this laptop (DNS rebinding)


def _saved(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.suffix == ".yaml")


def test_a_forged_state_and_a_foreign_host_cannot_save(tmp_path):
    """A save with a state token the client changed (an event key that would add a
    ``deal_register:`` line to the case file), a save without the page's CSRF token, and a save
    from a page served under another host name (DNS rebinding, with the real token and CSRF
    token copied in) are each refused, and nothing is written; the page's own save works."""
    import base64
    import json
    import zlib

    from playwright.sync_api import sync_playwright

    from bridge_director.web.app import create_app
    folder = tmp_path / "session"
    target = tmp_path / "victim.txt"          # an empty file: the register look-up made it a database
    target.write_bytes(b"")
    if not Path(CHROMIUM).exists():
        pytest.fail("chromium is not installed: run `make sysdeps` (apt-get install chromium)")
    with serving(create_app(folder)) as port:
        base = f"http://127.0.0.1:{port}"
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM,
                                  args=FLAGS + [f"--host-resolver-rules=MAP {REBOUND} 127.0.0.1"])
            page = b.new_page()
            page.set_default_timeout(15_000)
            d = Director(page, base)
            d.start(1)
            d.call("1S")
            d.call("1H")
            d.director_called()
            save = "nav.actions form[action='/save']"
            token = page.get_attribute(f"{save} input[name=s]", "value")
            csrf = page.get_attribute(f"{save} input[name=csrf]", "value")
            assert token and "." in token and csrf

            # 1. a forged state: the payload changed, the old signature kept
            payload, sig = token.rsplit(".", 1)
            data = json.loads(zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))))
            data["s"].append({"ev": [{f"seat: N, call: Pass}}\ndeal_register: {target}\n#": "1"}]})
            data["x"] = {"session": "s1", "deal": "N:AKQ2.KJ4.T93.A82 T98.Q7.AK84.KQ53 J76.A985.Q7.JT94 "
                                                  "543.T632.J652.76"}
            forged = base64.urlsafe_b64encode(zlib.compress(json.dumps(data).encode())).decode().rstrip("=")
            page.eval_on_selector(f"{save} input[name=s]", "(el, v) => el.value = v", f"{forged}.{sig}")
            with page.expect_navigation() as nav:
                page.click(f"{save} button")
            assert nav.value.status == 400
            assert "not made by this server" in page.inner_text("main")
            assert _saved(folder) == [] and target.read_bytes() == b""

            # 2. the real state, but the form without the page's CSRF token
            d.page.goto(base + "/?s=" + token)
            page.eval_on_selector(f"{save} input[name=csrf]", "el => el.remove()")
            with page.expect_navigation() as nav:
                page.click(f"{save} button")
            assert nav.value.status == 403
            assert _saved(folder) == []

            # 3. DNS rebinding: a page served as rebound.example posts to this laptop under that
            #    name (same origin as far as the browser knows), with the real tokens copied in
            attack = f"http://{REBOUND}:{port}/attack"
            page.route(attack, lambda route: route.fulfill(status=200, content_type="text/html", body=(
                f'<form method="post" action="/save"><input name="s" value="{token}">'
                f'<input name="csrf" value="{csrf}"><button>go</button></form>')))
            page.goto(attack)
            with page.expect_navigation() as nav:
                page.click("button")
            assert nav.value.status == 400, nav.value.status
            assert "host" in page.inner_text("body").lower()
            listing = page.goto(f"http://{REBOUND}:{port}/cases")
            assert listing.status == 400                  # nor does it list the evening's cases
            assert _saved(folder) == []

            # the page's own save, with its own token, works
            d.page.goto(base + "/?s=" + token)
            page.click(f"{save} button")
            page.wait_for_load_state()
            assert "Saved as" in page.inner_text("#message")
            assert len(_saved(folder)) == 1
            b.close()

"""Headless Chromium for page tests: Debian's /usr/bin/chromium driven by Playwright (never
Playwright's own browser download). ``page()`` yields a fresh page; tests skip only when
chromium or Playwright is missing (``make test`` installs both)."""
from __future__ import annotations

import contextlib
import shutil
import tempfile

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextlib.contextmanager
def page():
    """A Playwright page in a fresh Chromium profile; closed afterwards."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which("chromium"):
        pytest.skip("Debian chromium is not installed (make sysdeps installs it)")
    with tempfile.TemporaryDirectory() as profile, sync_api.sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True,
                                                    args=FLAGS)
        try:
            yield ctx.new_page()
        finally:
            ctx.close()

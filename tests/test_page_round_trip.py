"""Every case in cases/ uploaded to the page, saved, and uploaded again (issue 25; docs/open-faults/hostile-2026-12-05.md).

On the main of 2026-12-05 a case saved from the page lost its title and its source (the page's
own "Board 4, 02:30: ..." and "entered at the table" replaced them), and every one of the 88
1997-edition cases came back as a 2017 case: the page ruled an uploaded 1997 case under the
2017 Laws, and saved it so. Now what the page saves is the case it was given: the same title,
source, edition, board, dealer, vulnerability, notes, settings, events and judgements (the
``case:`` name is the saved file's, and ``expect:``, a test's answers, is not carried: the
director may have added to the case), and uploading the saved file gives the same state.
"""
from __future__ import annotations

import re
import warnings
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*", category=DeprecationWarning)
starlette_testclient = pytest.importorskip("starlette.testclient")

from bridge_director.case.load import load_case  # noqa: E402
from bridge_director.web.app import create_app  # noqa: E402
from bridge_director.web.state import Seal  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
CASES = sorted((REPO / "cases").rglob("*.yaml"))
KEY = b"r" * 32
SEAL = Seal(KEY)


def what_the_case_says(path: Path) -> dict:
    case = load_case(path)
    return dict(title=case.title, source=case.source, edition=case.edition, lang=case.lang,
                board=case.board.number if case.board else None, dealer=case.dealer, vulnerability=case.vulnerability,
                notes=case.notes, setting=case.setting,
                events=[(e.number, e.kind, e.seat, e.call, e.replaces, e.accepts, e.note, e.simultaneous_with,
                         e.happened, e.details, e.target) for e in case.events],
                judgements=sorted((j.event, j.prop, repr(j.value)) for j in case.judgements))


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    folder = tmp_path_factory.mktemp("evening") / "session"
    app = create_app(folder, key=KEY)
    app.page_app.store.max_saved = 100_000      # every case of cases/ in one folder: more than an evening holds
    return folder, starlette_testclient.TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=True)


def upload(client, name: str, data: bytes) -> str:
    r = client.post("/upload", files={"case": (name, data, "text/yaml")}, data={"csrf": SEAL.csrf()},
                    follow_redirects=False)
    assert r.status_code == 303, (name, r.status_code, re.findall(r'class="message[^"]*"[^>]*>(.*?)</p>', r.text, re.S))
    return parse_qs(urlparse(r.headers["location"]).query)["s"][0]


def test_there_are_cases_of_both_editions():
    editions = {load_case(p).edition for p in CASES}
    assert {"duplicate-2017", "duplicate-1997"} <= editions, editions


def test_every_case_uploaded_saved_and_uploaded_again_is_the_same_case(page):
    folder, client = page
    differ = []
    for path in CASES:
        token = upload(client, path.name, path.read_bytes())
        before = set(folder.glob("*.yaml")) if folder.exists() else set()
        r = client.post("/save", data={"s": token, "csrf": SEAL.csrf()}, follow_redirects=False)
        assert r.status_code == 303, (path.name, r.status_code)
        (saved,) = set(folder.glob("*.yaml")) - before
        want, got = what_the_case_says(path), what_the_case_says(saved)
        if want != got:
            differ.append((path.name, {k: (want[k], got[k]) for k in want if want[k] != got[k]}))
        again = upload(client, saved.name, saved.read_bytes())
        if SEAL.state(again).to_dict() != SEAL.state(token).to_dict():
            differ.append((path.name, "uploading the saved file gives another state"))
    assert not differ, f"{len(differ)} of {len(CASES)} cases changed: {differ[:3]}"


def test_an_uploaded_1997_case_is_ruled_under_the_1997_laws(page):
    _folder, client = page
    path = REPO / "cases" / "duplicate-1997" / "d97-05-7b-wrong-pocket.yaml"
    token = upload(client, path.name, path.read_bytes())
    html = client.get("/", params={"s": token}).text
    assert "1997" in html and "Laws of Duplicate Bridge 2017" not in html

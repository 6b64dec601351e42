"""Hostile requests to the page (issue 25, item 1; docs/open-faults/hostile-2026-12-04.md).

Each failed on the main of 2026-12-04 (a 500, a half-written case) and passes now.
"""
from __future__ import annotations

import errno
import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*", category=DeprecationWarning)
starlette_testclient = pytest.importorskip("starlette.testclient")

from bridge_director.web.app import create_app  # noqa: E402
from page_server import page_client  # noqa: E402
from bridge_director.web.state import Seal, State, StateError, decode  # noqa: E402
from bridge_director.web.store import Store  # noqa: E402

KEY = b"h" * 32
SEAL = Seal(KEY)


@pytest.fixture
def client(tmp_path):
    return page_client(tmp_path / "session", KEY, raise_server_exceptions=False)


def test_a_content_length_of_five_thousand_digits_is_refused_not_a_500(client):
    # was: int() of the header raised ValueError (Python's 4,300-digit limit): status 500
    r = client.post("/call", content=b"a=b", headers={"content-length": "9" * 5000,
                                                      "content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413, r.status_code
    assert "Something went wrong" not in r.text


@pytest.mark.parametrize("route", ["/", "/case.yaml", "/print"])
def test_a_state_holding_a_lone_surrogate_is_refused_not_a_500(client, route):
    # JSON can spell "\ud800", which no page or file can hold: rendering it was a 500
    state = State(board=1, title="a\ud800b", steps=[{"ev": [{"seat": "N", "call": "1S"}]}])
    r = client.get(route, params={"s": SEAL.token(state)})
    assert r.status_code == 400, r.status_code
    with pytest.raises(StateError):
        decode(state.token())


def test_a_save_on_a_full_disk_leaves_no_half_written_case(tmp_path, monkeypatch):
    # was: open(name, 'x') then write: a full disk left a case file cut short in the folder
    store = Store(tmp_path / "s")
    real_fdopen = __import__("os").fdopen

    class Full:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *a):
            self.f.close()

        def write(self, data):
            self.f.write(data[: len(data) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")

        def __getattr__(self, name):
            return getattr(self.f, name)

    monkeypatch.setattr("os.fdopen", lambda *a, **k: Full(real_fdopen(*a, **k)))
    with pytest.raises(OSError):
        store.save("case: x\ntitle: a long case\n" * 100, 1)
    monkeypatch.undo()
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == []


def test_saves_never_overwrite_each_other(tmp_path):
    store = Store(tmp_path / "s")
    names = [store.save(f"case: n{i}\n", 3) for i in range(30)]
    assert len(set(names)) == 30
    assert sorted((tmp_path / "s" / n).read_text() for n in names) == sorted(f"case: n{i}\n" for i in range(30))


# ---------------------------------------------------------------- 2026-12-05 (docs/open-faults/hostile-2026-12-05.md)

def test_an_upload_in_latin1_or_utf16_says_where_and_what(client):
    # was: "expected YAML text (UTF-8)" with no place, for a Latin-1 'é' and UTF-16 alike
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / "cases" / "ib-03-insufficient-1h-over-1s.yaml").read_text()
    csrf = SEAL.csrf()
    r = client.post("/upload", files={"case": ("c.yaml", text.replace("Insufficient", "Insufficiént").encode("latin-1"),
                                                "text/yaml")}, data={"csrf": csrf}, follow_redirects=False)
    assert r.status_code == 400 and "upload.yaml:2:17: expected UTF-8 text, found the byte 0xe9" in r.text
    r = client.post("/upload", files={"case": ("c.yaml", text.encode("utf-16"), "text/yaml")}, data={"csrf": csrf},
                    follow_redirects=False)
    assert r.status_code == 400 and "found UTF-16" in r.text
    r = client.post("/upload", files={"case": ("c.yaml", b"\x00", "text/yaml")}, data={"csrf": csrf},
                    follow_redirects=False)
    assert r.status_code == 400 and "NUL byte" in r.text and "UTF-16" not in r.text

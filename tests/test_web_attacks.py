"""The page as a web application (issue 25, item 1), through its HTTP interface: each attack a
client could try, refused, and nothing written anywhere.

- a state token the client made or changed (signed tokens: the server's key);
- an event or judgement key crafted to add a ``deal_register:`` line to the case file (the case
  writer quotes every key and value; a case built at the table never names a file);
- a post without the page's CSRF token;
- a ``Host`` the page does not serve (DNS rebinding), with and without a matching ``Origin``;
- a case uploaded or opened that names a deal register.
The browser drives the same attacks in test_web_browser_attacks.py.
"""
from __future__ import annotations

import base64
import json
import warnings
import zlib

import pytest
import yaml

warnings.filterwarnings("ignore", message=".*httpx.*", category=DeprecationWarning)
starlette_testclient = pytest.importorskip("starlette.testclient")

from bridge_director.session.draft import Draft  # noqa: E402
from bridge_director.web.app import create_app  # noqa: E402
from bridge_director.web.state import Seal, State  # noqa: E402

KEY = b"q" * 32
SEAL = Seal(KEY)


@pytest.fixture
def client(tmp_path):
    return starlette_testclient.TestClient(create_app(tmp_path / "session", key=KEY), base_url="http://127.0.0.1")


DEAL = "N:AKQ2.KJ4.T93.A82 T98.Q7.AK84.KQ53 J76.A985.Q7.JT94 543.T632.J652.76"


def _injected(target) -> State:
    """A state whose last event key, written unquoted, adds a ``deal_register:`` line naming
    ``target`` (an empty file, which the register look-up turned into a SQLite database on the
    main of 2026-12-04, from one GET of the page)."""
    target.write_bytes(b"")
    key = f"seat: N, call: Pass}}\ndeal_register: {target}\n#"
    return State(board=1, steps=[{"ev": [{"seat": "N", "call": "1S"}]}, {"ev": [{"director": "called"}]},
                                 {"ev": [{key: "1"}]}], setting={"session": "s1", "deal": DEAL})


def _unsigned(state: State) -> str:
    return state.token()


def _yaml_files(folder) -> list[str]:
    return sorted(p.name for p in folder.glob("*.yaml")) if folder.exists() else []


def test_a_token_the_client_made_is_refused_on_every_route(client, tmp_path):
    target = tmp_path / "victim.txt"
    forged = _unsigned(_injected(target))
    for path in ("/", "/print", "/case.yaml", "/cases"):
        r = client.get(path, params={"s": forged})
        assert r.status_code == 400 and "not made by this server" in r.text, (path, r.status_code)
    r = client.post("/save", data={"s": forged, "csrf": SEAL.csrf()}, follow_redirects=False)
    assert r.status_code == 400 and "not made by this server" in r.text
    assert target.read_bytes() == b"" and _yaml_files(tmp_path / "session") == []


def test_a_signed_token_changed_by_one_character_is_refused(client):
    token = SEAL.token(State(board=1, steps=[{"ev": [{"seat": "N", "call": "1S"}]}]))
    assert client.get("/", params={"s": token}).status_code == 200
    payload, sig = token.rsplit(".", 1)
    other = SEAL.token(State(board=2, steps=[{"ev": [{"seat": "E", "call": "1S"}]}])).rsplit(".", 1)[0]
    for bad in (other + "." + sig, payload[:-1] + ("A" if payload[-1] != "A" else "B") + "." + sig, payload,
                Seal(b"z" * 32).token(State(board=1))):
        r = client.get("/", params={"s": bad})
        assert r.status_code == 400 and "not made by this server" in r.text, bad


def test_a_crafted_key_in_a_signed_state_writes_nothing(client, tmp_path):
    """Even a state the server signed (the inner wall): the crafted key is a key, not a line."""
    target = tmp_path / "victim.txt"
    r = client.get("/", params={"s": SEAL.token(_injected(target))})
    assert r.status_code == 400 and "refused" in r.text
    assert target.read_bytes() == b""


def test_the_case_writer_quotes_every_key_and_value(tmp_path):
    target = tmp_path / "victim.txt"
    d = Draft(board=1)
    d.events = [{"seat": "N", "call": "1S"}, {f"x}}\ndeal_register: {target}\n#": "y\ndeal_register: z"}]
    d.judgement = {f"N 1S unintended\ndeal_register: {target}": True}
    data = yaml.safe_load(d.to_yaml())
    assert "deal_register" not in data
    assert list(data["events"][1]) == [f"x}}\ndeal_register: {target}\n#"]
    assert list(data["judgement"]) == [f"N 1S unintended\ndeal_register: {target}"]


@pytest.mark.parametrize("text", ["a\n---\nb", "line one\nline two\n", "---", "...", "tab\there", "yes", "0x1F",
                                  "1_000", "12:30", "- item", "# not a comment", "quote \" and \\ back",
                                  "é ✓ 🂡", "\u2028 and \x85 and \x7f", "  padded  ", "null", "~", "@at", "%x",
                                  "key: value", "[a, b]", "{a: b}", "*alias", "&anchor", "!tag", "|", ">"])
def test_the_case_writer_keeps_every_title_and_note_as_written(text):
    d = Draft(board=1, title=text)
    d.events = [{"seat": "N", "call": "1S", "note": text}]
    d.notes = text
    case = d.case()                      # the tool accepts what it wrote
    data = yaml.safe_load(d.to_yaml())
    assert data["title"] == text and data["notes"] == text and data["events"][0]["note"] == text
    assert case.title == text


def test_a_post_without_the_pages_csrf_token_is_refused(client):
    for data in ({"board": "1"}, {"board": "1", "csrf": ""}, {"board": "1", "csrf": SEAL.csrf()[:-1] + "x"},
                 {"board": "1", "csrf": Seal(b"z" * 32).csrf()}):
        r = client.post("/board", data=data, follow_redirects=False)
        assert r.status_code == 403 and "token" in r.text, data
    r = client.post("/board", data={"board": "1", "csrf": SEAL.csrf()}, follow_redirects=False)
    assert r.status_code == 303


def test_a_host_the_page_does_not_serve_is_refused(client, tmp_path):
    token = SEAL.token(State(board=1, steps=[{"ev": [{"seat": "N", "call": "1S"}]}]))
    rebound = {"host": "rebound.example:8000", "origin": "http://rebound.example:8000"}
    r = client.post("/save", data={"s": token, "csrf": SEAL.csrf()}, headers=rebound, follow_redirects=False)
    assert r.status_code == 400 and "host" in r.text.lower()
    assert _yaml_files(tmp_path / "session") == []
    for path in ("/", "/cases"):
        assert client.get(path, headers={"host": "rebound.example:8000"}).status_code == 400
    # the addresses it serves
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000"):
        assert client.get("/", headers={"host": host}).status_code == 200, host
    r = client.post("/save", data={"s": token, "csrf": SEAL.csrf()}, follow_redirects=False)
    assert r.status_code == 303 and len(_yaml_files(tmp_path / "session")) == 1


def test_the_server_answers_the_addresses_it_is_opened_at(tmp_path):
    from bridge_director.web.serve import served_hosts
    hosts = served_hosts("192.168.1.20")
    assert "192.168.1.20" in hosts and "127.0.0.1" in hosts and "rebound.example" not in hosts
    c = starlette_testclient.TestClient(create_app(tmp_path / "s", key=KEY, hosts=hosts), base_url="http://192.168.1.20:8000")
    assert c.get("/").status_code == 200
    assert c.get("/", headers={"host": "evil.example"}).status_code == 400


def test_only_post_changes_anything(client, tmp_path):
    token = SEAL.token(State(board=1, steps=[{"ev": [{"seat": "N", "call": "1S"}]}]))
    for path in ("/save", "/board", "/call", "/undo", "/open", "/upload", "/answer", "/event"):
        r = client.get(path, params={"s": token, "csrf": SEAL.csrf()})
        assert r.status_code == 405, path
    assert _yaml_files(tmp_path / "session") == []


@pytest.mark.parametrize("how", ["upload", "open"])
def test_a_case_that_names_a_deal_register_is_refused(client, tmp_path, how):
    target = tmp_path / "victim.txt"
    target.write_bytes(b"")
    text = (f"case: x\nboard: 1\ndeal_register: {target}\nevents:\n  - {{seat: N, call: 1S}}\n"
            "  - {director: called}\n")
    if how == "upload":
        r = client.post("/upload", data={"csrf": SEAL.csrf()}, files={"case": ("c.yaml", text, "text/yaml")},
                        follow_redirects=False)
    else:
        folder = tmp_path / "session"
        folder.mkdir(exist_ok=True)
        (folder / "board-01-120000-01.yaml").write_text(text)
        r = client.post("/open", data={"csrf": SEAL.csrf(), "name": "board-01-120000-01.yaml"},
                        follow_redirects=False)
    assert r.status_code == 400 and "deal_register" in r.text
    assert target.read_bytes() == b""


def test_state_token_shape():
    token = SEAL.token(State(board=3))
    payload, sig = token.rsplit(".", 1)
    assert json.loads(zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))))["b"] == 3
    assert SEAL.state(token).board == 3

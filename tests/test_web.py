"""The web page (bridge_director/web/) through its HTTP interface: the flows a director taps, and the
requests the page never makes (bad calls, huge board numbers, 1 MB fields, damaged state,
malformed uploads, paths), each of which must get a clear message and a 4xx, never a 500.

The real-browser tests are in test_web_browser.py.
"""
from __future__ import annotations

import html as html_mod
import random
import re
import warnings
from urllib.parse import parse_qs, urlparse

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*", category=DeprecationWarning)
starlette_testclient = pytest.importorskip("starlette.testclient")

from bridge_director.case.load import load_case  # noqa: E402
from bridge_director.web.app import create_app  # noqa: E402
from bridge_director.web.state import MAX_TOKEN, Seal, State  # noqa: E402


KEY = b"k" * 32
SEAL = Seal(KEY)


class _Client(starlette_testclient.TestClient):
    """The page's own forms: every post carries the page's CSRF token (unless a test sends its own)."""

    def post(self, url, *args, data=None, **kw):
        if isinstance(data, dict) and "csrf" not in data:
            data = {**data, "csrf": SEAL.csrf()}
        elif data is None and "files" in kw:
            data = {"csrf": SEAL.csrf()}
        return super().post(url, *args, data=data, **kw)


class Phone:
    """A director's phone: posts the page's forms and follows its redirects, keeping the state."""

    def __init__(self, folder):
        self.client = _Client(create_app(folder, key=KEY), raise_server_exceptions=True,
                              base_url="http://127.0.0.1")
        self.s = ""
        self.last = None

    def post(self, path: str, expect: int = 303, **fields):
        r = self.client.post(path, data={"s": self.s, **fields}, follow_redirects=False)
        assert r.status_code == expect, (r.status_code, _message(r.text))
        if r.status_code == 303:
            self.s = parse_qs(urlparse(r.headers["location"]).query)["s"][0]
        self.last = r
        return r

    def page(self) -> str:
        r = self.client.get("/", params={"s": self.s})
        assert r.status_code == 200, _message(r.text)
        return r.text

    def board(self, n: int):
        return self.post("/board", board=str(n))

    def call(self, call: str, seat: str = "", mode: str = "call"):
        level, denom = (call[0], call[1:]) if call[0].isdigit() else ("", call)
        return self.post("/call", call=denom, level=level, seat=seat, mode=mode)

    def event(self, kind: str, **fields):
        return self.post("/event", kind=kind, **fields)

    def state(self) -> State:
        return SEAL.state(self.s)


def _message(html: str) -> str:
    m = re.search(r'class="message[^"]*"[^>]*>(.*?)</p>', html, re.S)
    return html_mod.unescape(re.sub(r"<[^>]+>", "", m.group(1)).strip()) if m else ""


@pytest.fixture
def phone(tmp_path):
    return Phone(tmp_path / "session")


# ---------------------------------------------------------------- flows

def test_start_page_asks_for_the_board_number(phone):
    html = phone.page()
    assert "Board number" in html and 'name="board"' in html


def test_board_gives_dealer_and_vulnerability_at_once(phone):
    phone.board(5)
    html = phone.page()
    assert "Dealer <b>North</b>" in html and "North-South vulnerable" in html
    phone.board(16)
    html = phone.page()
    assert "Dealer <b>West</b>" in html and "East-West vulnerable" in html


def test_calls_in_turn_go_round_from_the_dealer(phone):
    phone.board(2)                           # dealer East
    phone.call("1S")
    phone.call("Pass")
    events = phone.state().events()
    assert events == [{"seat": "E", "call": "1S"}, {"seat": "S", "call": "Pass"}]


def test_insufficient_bid_is_shown_with_its_citation(phone):
    phone.board(1)
    phone.call("1S")
    phone.call("1H")
    phone.event("director")
    html = phone.page()
    assert "insufficient" in html and '<span class="cite">18D</span>' in html
    assert '<span class="cite">27A1</span>' in html          # South may accept it


def test_call_by_another_seat_is_recorded_for_that_seat(phone):
    phone.board(1)                            # dealer North
    phone.call("1H", seat="S")                # South opens at North's turn
    assert phone.state().events() == [{"seat": "S", "call": "1H"}]
    phone.event("director")
    html = phone.page()
    assert "17C" in html or "29" in html


def test_after_a_cancelled_opening_out_of_rotation_the_turn_goes_back_to_the_dealer(phone):
    phone.board(1)                            # North deals
    phone.call("1H", seat="S")
    phone.event("director")
    phone.post("/answer", q=_question_id(phone.page(), "accept"), a="no")
    assert "In turn: North" in phone.page()
    phone.call("1S")
    assert phone.state().events()[-1] == {"seat": "N", "call": "1S"}


def _question_id(html: str, words: str) -> str:
    for m in re.finditer(r'<form method="post" action="/answer" class="question">(.*?)</form>', html, re.S):
        if words in m.group(1):
            return html_mod.unescape(re.search(r'name="q" value="([^"]*)"', m.group(1)).group(1))
    raise AssertionError(f"no question with {words!r}")


def test_replacement_names_the_seats_own_last_call(phone):
    phone.board(1)
    for c in ("1S", "1H"):
        phone.call(c)
    phone.event("director")
    phone.event("accepts", seat="S", value="no")
    phone.call("2H", seat="E", mode="replace")
    assert phone.state().events()[-1] == {"seat": "E", "replaces": "1H", "with": "2H"}
    html = phone.page()
    assert "27B1(a)" in html


def test_undo_takes_back_the_last_tap_only(phone):
    phone.board(1)
    phone.call("1S")
    phone.call("1H")
    phone.post("/undo")
    assert phone.state().events() == [{"seat": "N", "call": "1S"}]


def test_hand_count_and_wrong_board_events(phone):
    phone.board(12)
    phone.event("hand-count", seat="N", cards="14")
    phone.event("hand-count", seat="S", cards="12")
    phone.event("director")
    evs = phone.state().events()
    assert evs[0] == {"happened": "hand-count", "seat": "N", "cards": 14}
    assert "13A" in phone.page()
    phone2 = Phone(None)
    phone2.client = phone.client
    phone2.board(1)
    phone2.call("1S")
    phone2.call("2H")
    phone2.event("wrong-board", seat="E", board="5")
    phone2.event("director")
    assert "15A" in phone2.page()


def test_double_tap_posts_the_same_state_twice_and_adds_one_call(phone):
    phone.board(1)
    before = phone.s
    phone.call("1S")
    once = phone.s
    phone.s = before
    phone.call("1S")
    assert phone.s == once


def test_save_writes_a_case_file_in_the_session_folder_that_rules_the_same(phone, tmp_path):
    phone.board(1)
    for c in ("1S", "1H"):
        phone.call(c)
    phone.event("director")
    r = phone.post("/save")
    saved = parse_qs(urlparse(r.headers["location"]).query)["saved"][0]
    assert re.fullmatch(r"board-01-\d{6}-01\.yaml", saved)
    files = list((tmp_path / "session").iterdir())
    assert [f.name for f in files] == [saved]
    case = load_case(files[0])
    assert [(e.seat.value, str(e.call)) for e in case.events if e.kind == "call"] == [("N", "1S"), ("E", "1H")]
    listing = phone.client.get("/cases").text
    assert saved in listing
    dl = phone.client.get(f"/cases/{saved}")
    assert dl.status_code == 200 and "attachment" in dl.headers["content-disposition"]
    assert dl.text == files[0].read_text()


def test_saved_case_opens_again(phone):
    phone.board(3)
    phone.call("1NT")
    phone.call("1H")
    r = phone.post("/save")
    saved = parse_qs(urlparse(r.headers["location"]).query)["saved"][0]
    other = Phone(None)
    other.client = phone.client
    other.post("/open", name=saved)
    assert other.state().board == 3 and other.state().events() == phone.state().events()


def test_download_is_the_case_yaml(phone):
    phone.board(1)
    phone.call("1S")
    r = phone.client.get("/case.yaml", params={"s": phone.s})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/yaml")
    assert "board: 1" in r.text and "{seat: N, call: 1S}" in r.text


def test_print_view_has_facts_ruling_citations_and_events(phone):
    phone.board(1)
    for c in ("1S", "1H"):
        phone.call(c)
    phone.event("director")
    r = phone.client.get("/print", params={"s": phone.s})
    assert r.status_code == 200
    assert "The facts" in r.text and "18D" in r.text
    # the events a line rests on in words, seats in full (was the trace's "event 2 (E 1H)"; "phase" for
    # a reference to no event)
    assert re.search(r"event 2 \(East: 1<span[^>]*>♥</span>\)", r.text), r.text
    assert "phase" not in r.text.split("The case file")[0]


def test_upload_of_a_case_file_loads_it(phone, repo_root):
    text = (repo_root / "cases" / "ib-01-insufficient-1h-over-1nt.yaml").read_bytes()
    r = phone.client.post("/upload", files={"case": ("ib.yaml", text, "text/yaml")}, follow_redirects=False)
    assert r.status_code == 303
    phone.s = parse_qs(urlparse(r.headers["location"]).query)["s"][0]
    assert phone.state().events()[1]["call"] == "1H"
    assert "18D" in phone.page()


def test_everything_the_page_loads_is_local(phone):
    phone.board(1)
    phone.call("1S")
    html = phone.page()
    refs = re.findall(r'(?:src|href)="([^"]*)"', html)
    assert refs and all(r.startswith(("/", "#", "data:")) for r in refs), refs
    for path in ("/static/app.css", "/static/box.js"):
        body = phone.client.get(path).text
        assert "http://" not in body and "https://" not in body and "@import" not in body
        assert "url(" not in body
    csp = phone.client.get("/").headers["content-security-policy"]
    assert "default-src 'none'" in csp and "script-src 'self'" in csp


# ---------------------------------------------------------------- requests the page never makes

def _refused(r, status: int = 400, words: str = ""):
    assert r.status_code == status, (r.status_code, _message(r.text))
    assert "Traceback" not in r.text and "File \"" not in r.text
    msg = _message(r.text)
    assert msg, "a refusal must say why"
    if words:
        assert words in msg, msg
    return msg


def test_a_call_that_does_not_exist(phone):
    phone.board(1)
    _refused(phone.post("/call", expect=400, call="9Z"), words="no call")
    _refused(phone.post("/call", expect=400, call="NT", level="8"), words="level")
    _refused(phone.post("/call", expect=400, call="H"), words="level")
    _refused(phone.post("/call", expect=400, call="1S", seat="Q"), words="seat")


def test_board_numbers_out_of_range(phone):
    for bad in ("1" + "0" * 30, "0", "-1", "abc", "1e3", "٣", ""):
        _refused(phone.post("/board", expect=400, board=bad), words="board number")


def test_a_one_megabyte_form_field(phone):
    phone.board(1)
    big = "x" * (1 << 20)
    r = phone.client.post("/call", data={"s": phone.s, "call": big}, follow_redirects=False)
    _refused(r, 413, words="bytes")
    r = phone.client.post("/board", data={"s": big}, follow_redirects=False)
    _refused(r, 413)


def test_a_field_too_long_for_what_it_is(phone):
    phone.board(1)
    _refused(phone.post("/call", expect=400, call="1S" * 5))
    _refused(phone.post("/board", expect=400, board="9" * 41), words="characters")


def test_damaged_state_tokens(phone):
    import base64
    import zlib
    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" * 2_000_000)).decode().rstrip("=")
    deep = base64.urlsafe_b64encode(zlib.compress(b"[" * 100_000 + b"]" * 100_000)).decode().rstrip("=")
    wrong_shape = base64.urlsafe_b64encode(zlib.compress(b'{"v":1,"b":1e30,"s":[]}')).decode()
    signed = [SEAL._signer.sign(t).decode() for t in (bomb, deep, wrong_shape)]   # well signed, damaged inside
    for tok in ("garbage", "!!!", bomb, deep, wrong_shape, "A" * (MAX_TOKEN + 1), *signed):
        if len(tok) < 60_000:                   # (the test client refuses longer URLs itself)
            _refused(phone.client.get("/", params={"s": tok}), words="state")
        _refused(phone.client.post("/call", data={"s": tok, "call": "Pass"}), words="state")


def test_a_state_whose_events_the_case_format_refuses(phone):
    st = State(board=1, steps=[{"ev": [{"seat": "N", "call": "1S"}]}, {"ev": [{"seat": "Z", "call": "9Q"}]}])
    r = phone.client.get("/", params={"s": SEAL.token(st)})
    msg = _refused(r, 400, words="refused")
    assert "Undo" in msg
    assert 'action="/undo"' in r.text                         # the director can put it right


def test_malformed_uploads(phone):
    cases = {
        "broken yaml": (b"case: [unclosed", 400, "broken YAML"),
        "not a case": (b"- just\n- a list\n", 400, "not a case file"),
        "unknown event": (b"case: x\ntitle: t\nsource: s\nboard: 1\nevents:\n  - {seat: N, frobs: 1}\n", 400, ""),
        "binary": (bytes(range(256)) * 4, 400, "UTF-8"),
        "too large": (b"#" * (300 * 1024), 413, ""),
        "names a file": (b"case: x\ntitle: t\nsource: s\nboard: 1\nsession: S1\ndeal_register: /etc/passwd\n"
                         b"events:\n  - {seat: N, call: 1S}\n", 400, "deal register"),
        "board too large": (b"case: x\ntitle: t\nsource: s\nboard: 1000000000000000000000000000000\n"
                            b"events:\n  - {seat: N, call: 1S}\n", 400, ""),
    }
    for name, (body, status, words) in cases.items():
        r = phone.client.post("/upload", files={"case": ("c.yaml", body, "text/yaml")}, follow_redirects=False)
        _refused(r, status, words)
    r = phone.client.post("/upload", data={"case": "not a file"}, follow_redirects=False)
    _refused(r, 400)


def test_no_path_from_a_request_reaches_the_file_system(phone, tmp_path):
    (tmp_path / "secret.yaml").write_text("case: secret\n")
    for name in ("../secret.yaml", "..%2Fsecret.yaml", "%2e%2e/secret.yaml", "/etc/passwd", "secret.yaml",
                 "board-01.yaml"):
        r = phone.client.get(f"/cases/{name}")
        assert r.status_code == 404, name
        assert "secret" not in r.text
        r = phone.client.post("/open", data={"name": name}, follow_redirects=False)
        assert r.status_code == 404, name
    phone.board(1)
    phone.call("1S")
    phone.post("/save")
    names = [p.name for p in (tmp_path / "session").iterdir()]
    assert len(names) == 1 and names[0].startswith("board-01-")


def test_unknown_question_or_answer(phone):
    phone.board(1)
    phone.call("1S")
    phone.call("1H")
    _refused(phone.post("/answer", expect=400, q="judgement:N 7NT nonsense", a="yes"), words="no longer asked")


def test_wrong_method_unknown_page_wrong_content_type_other_origin(phone):
    _refused(phone.client.get("/call"), 405)
    _refused(phone.client.get("/no/such/page"), 404)
    r = phone.client.post("/call", content=b'{"call": "1S"}', headers={"content-type": "application/json"})
    _refused(r, 415)
    r = phone.client.post("/board", data={"board": "1"}, headers={"origin": "http://evil.example"})
    _refused(r, 403, words="another site")
    r = phone.client.post("/board", data={"board": "1"}, headers={"content-length": "abc"})
    assert 400 <= r.status_code < 500


def test_unknown_event_kind_and_bad_fields(phone):
    phone.board(1)
    _refused(phone.post("/event", expect=400, kind="explode"), words="no event")
    _refused(phone.post("/event", expect=400, kind="hand-count", seat="N", cards="lots"), words="whole number")
    _refused(phone.post("/event", expect=400, kind="hand-count", seat="N"), words="cards")
    _refused(phone.post("/event", expect=400, kind="accepts", seat="N", value="maybe"))
    _refused(phone.post("/event", expect=400, kind="wrong-board", seat="E", board="1" + "0" * 30))


def test_impossible_hand_count_is_refused_like_the_cli(phone):
    """A hand of more than 52 cards: 400 with the bound, and nothing recorded (tester item 11)."""
    phone.board(5)
    before = phone.state()
    msg = _refused(phone.post("/event", expect=400, kind="hand-count", seat="E", cards="99"), words="0 to 52")
    assert "99" in msg
    assert phone.state() == before
    phone.event("hand-count", seat="E", cards="52")       # the whole pack is the bound itself
    assert phone.state() != before


def test_random_requests_never_get_a_500(phone):
    """A bounded shower of requests the page would never make: every answer is below 500."""
    rnd = random.Random(12)
    phone.board(1)
    phone.call("1S")
    good = phone.s
    paths = ["/board", "/call", "/event", "/answer", "/undo", "/save", "/open", "/upload"]
    keys = ["s", "board", "call", "level", "seat", "mode", "kind", "cards", "by", "of", "value", "q", "a",
            "name", "dealer", "played_by", "card", "side"]
    values = ["", "1", "N", "Z", "1H", "NT", "9", "-1", "10" * 20, "\x00", "../x", "yes", "🂡", good, good[:-3],
              "hand-count", "wrong-board", "director", "accepts", "x" * 3000]
    for _ in range(300):
        data = {rnd.choice(keys): rnd.choice(values) for _ in range(rnd.randint(0, 6))}
        r = phone.client.post(rnd.choice(paths), data=data, follow_redirects=False)
        assert r.status_code < 500, (data, r.status_code, _message(r.text))
        assert "Traceback" not in r.text
    for _ in range(60):
        r = phone.client.get(rnd.choice(["/", "/print", "/case.yaml", "/cases"]),
                             params={"s": rnd.choice(values)})
        assert r.status_code < 500, r.status_code

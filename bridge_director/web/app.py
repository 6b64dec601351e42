"""The web application: one page for the director's phone, built on Starlette and Jinja2.

Server-rendered; every change is a plain form post that answers with a redirect to the
page for the new state (``GET /?s=TOKEN``), so the page works without JavaScript and a
reload never repeats a tap. The page shows what the ruling's data says: the questions it
asks, the lines to tell the table, the lines with their citations. It holds no law.

Routes::

    GET  /                 the page (?s= state token; ?saved= a name just saved)
    POST /board            set the board number (or the dealer when it is not known)
    POST /call             a call from the bidding box (in turn, by another seat, or a replacement)
    POST /event            another event (director called, accepts, hand count, card seen, ...)
    POST /answer           answer one of the ruling's questions (by its id and answer label)
    POST /undo             drop the last step
    POST /save             save the case in the session folder
    GET  /case.yaml        the case file, to download (?s=)
    GET  /print            the print view for a committee (?s=)
    GET  /cases            the evening's saved cases
    GET  /cases/{name}     download a saved case;  POST /open  load one into the page
    POST /upload           load a case file from the phone or laptop

Bad input gets a clear message and a 4xx status (400 bad value, 404 no such page or case,
405 wrong method, 413 too large), never a traceback.
"""
from __future__ import annotations

import datetime as _dt
import functools
import json
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from bridge_director.case.shapes import HAPPENED
from bridge_director.base.yamlpos import InputError, loads
from bridge_director.ruling.i18n import call_name, key_words, seat_name
from bridge_director.web import draft
from bridge_director.web.words import LANG, Worded, t as _t
from bridge_director.base.lines import finalize
from bridge_director.web.guard import Guard, PageError
from bridge_director.bridge.table import MAX_BOARD
from bridge_director.web.state import SETTING_KEYS, Seal, State, StateError, key_in
from bridge_director.web.store import NAME_RE, Store, default_folder

HERE = Path(__file__).parent
SEATS = ("N", "E", "S", "W")
LEVELS = tuple("1234567")
DENOMINATIONS = ("C", "D", "H", "S", "NT")
PLAIN_CALLS = ("Pass", "X", "XX")
CALLS = frozenset(f"{lv}{d}" for lv in LEVELS for d in DENOMINATIONS) | frozenset(PLAIN_CALLS)
#: the longest redirect the page makes; a longer state is shown directly (uvicorn caps a request line)
MAX_REDIRECT = 6000
#: the events with a form of their own on the page; every other `happened` code is under "More"
#: the most cards a counted hand may hold: the whole pack, as the case format accepts
MAX_CARDS = 52
QUICK_EVENTS = ("hand-count", "card-seen", "wrong-board")
#: the fields of a `happened` event the page can send, with what each one is
EVENT_FIELDS = ("seat", "by", "of", "pocket", "side", "board", "cards", "card", "call", "where", "played_by", "what")
SECTION_TITLES = {"irregularity": "What happened", "ruling": "Ruling", "options": "Options",
                  "branches": "Depends on a judgement", "judgements": "Judgements needed",
                  "not-covered": "Not covered yet"}
TOKEN_MARK = "@@TOKEN@@"
TOKEN_SAFE = __import__("re").compile(r"[A-Za-z0-9_.-]*")
#: the largest case file the page accepts as an upload (a case holds at most 500 events)
MAX_UPLOAD = 256 * 1024


def _section(o: dict) -> str:
    """Where a ruling line goes on the page (the groups of the text renderer)."""
    code = o.get("outcome")
    if code == "irregularity":
        return "irregularity"
    if code == "not-covered-yet":
        return "not-covered"
    if code == "judgement-needed":
        return "judgements"
    if o.get("option"):
        return "options"
    if o.get("branch"):
        return "branches"
    return "ruling"


def _grouped(data: dict) -> list[tuple[str, str, list[tuple[str | None, list[dict]]]]]:
    """The ruling's lines as (section key, title, [(label, lines), ...]) in the text renderer's order."""
    order = ("irregularity", "ruling", "options", "branches", "judgements", "not-covered")
    groups: dict[str, dict[str | None, list[dict]]] = {k: {} for k in order}
    for o in data.get("outcomes", []):
        sec = _section(o)
        label = o.get("option") if sec == "options" else o.get("branch") if sec == "branches" else None
        groups[sec].setdefault(label, []).append(o)
    return [(k, SECTION_TITLES[k], list(groups[k].items())) for k in order if groups[k]]


class App:
    """The application's handlers, with the session folder they save into."""

    def __init__(self, folder: Path | None = None, key: bytes | None = None):
        self.store = Store(folder or default_folder())
        self.seal = Seal(key if key is not None else key_in(self.store.folder))
        env = Environment(loader=FileSystemLoader(str(HERE / "templates")),
                          autoescape=select_autoescape(default=True, default_for_string=True),
                          trim_blocks=True, lstrip_blocks=True, finalize=finalize)   # a folder name not in UTF-8
        env.globals.update(SEAT_NAMES=draft.SEAT_NAMES, COLUMNS=draft.COLUMNS, LEVELS=LEVELS,
                           DENOMINATIONS=DENOMINATIONS, PLAIN_CALLS=PLAIN_CALLS, SEATS=SEATS,
                           MAX_BOARD=MAX_BOARD, HAPPENED=HAPPENED, QUICK_EVENTS=QUICK_EVENTS,
                           csrf=self.seal.csrf())
        env.filters["seat"] = lambda s: seat_name(s, LANG.get()) if s else ""
        env.globals["t"] = _t
        env.globals["event_label"] = _event_label
        env.filters["letter"] = lambda s: {"E": "L", "W": "O"}.get(s, s) if LANG.get() == "pt" else s
        env.filters["denom"] = _denomination_html
        env.filters["callhtml"] = _call_html
        env.filters["calltext"] = _calls_in_text_html
        env.filters["judged"] = lambda key: key_words(str(key), LANG.get())
        env.filters["answer"] = _answer_words
        env.filters["seats"] = _seats_in_full
        self.env = env
        self._boxes: dict[tuple[str, bool], str] = {}

    # ------------------------------------------------------------ rendering

    def html(self, template: str, code: int = 200, **ctx: Any) -> HTMLResponse:
        """``template`` rendered with ``ctx``, answered with HTTP status ``code``."""
        return HTMLResponse(self.env.get_template(template).render(**ctx), status_code=code)

    def page(self, state: State, status: int = 200, error: str | None = None, saved: str | None = None) -> HTMLResponse:
        """The director's page for ``state`` (with a message when a tap was refused)."""
        ctx: dict[str, Any] = {"state": state, "token": self.seal.token(state), "error": error, "saved": saved}
        ctx.update(_board_info(state))
        data = None
        if state.started and state.steps:
            try:
                data, _turn = draft.view(state)
            except InputError as e:
                ctx["error"] = ctx["error"] or _refusal(e).said()
                ctx["refused"] = True
                status = max(status, 400)
        auction = (data or {}).get("auction") or {}
        ctx.update(rows=auction.get("rows") or [], notes=auction.get("notes") or [], auction=auction,
                   data=data, sections=_grouped(data) if data else [],
                   questions=(data or {}).get("questions") or [],
                   tell=_tell(data),
                   next_seat=draft.next_in_turn(state), owed=draft.owed_words(state),
                   events=_described_events(state), judgements=state.judgements())
        ctx["box_html"] = self.box(ctx["next_seat"], bool(state.steps), ctx["token"])
        return self.html("page.html", status, **ctx)

    def box(self, next_seat: str, has_steps: bool, token: str):
        """The bidding box and events for this state (the template rendered once per turn and
        undo, kept; the token put in afterwards: it is URL-safe base64, nothing to escape)."""
        from markupsafe import Markup
        key = (next_seat, has_steps, LANG.get())
        html = self._boxes.get(key)
        if html is None:
            html = self._boxes[key] = self.env.get_template("_box.html").render(
                next_seat=next_seat, has_steps=has_steps, token=TOKEN_MARK)
        if not TOKEN_SAFE.fullmatch(token):
            raise StateError("the page's state is damaged")
        return Markup(html.replace(TOKEN_MARK, token))

    def go(self, state: State, anchor: str = "", **extra: str) -> Response:
        """After a change: redirect to the page for the new state (or show it, when the state is long)."""
        token = self.seal.token(state)
        if len(token) > MAX_REDIRECT:
            return self.page(state, saved=extra.get("saved"))
        query = urlencode({"s": token, **extra})
        return RedirectResponse(f"/?{query}" + (f"#{anchor}" if anchor else ""), status_code=303)

    # ------------------------------------------------------------ handlers

    async def index(self, request: Request) -> Response:
        state = self.seal.state(_one(request.query_params, "s", 80_000))
        saved = request.query_params.get("saved")
        if saved is not None and not (NAME_RE.match(saved) and self.store.find(saved)):
            saved = None
        return self.page(state, saved=saved)

    async def set_board(self, request: Request) -> Response:
        form = await self._form(request)
        state = self.seal.state(_one(form, "s", 80_000))
        dealer = _one(form, "dealer", 1)
        text = _one(form, "board", 40).strip()
        if text == "" and dealer in SEATS:
            return self.go(state.with_board(None, dealer), "box")
        board = _board_number(text)
        return self.go(state.with_board(board), "box")

    async def call(self, request: Request) -> Response:
        form = await self._form(request)
        state = self.seal.state(_one(form, "s", 80_000))
        if not state.started:
            raise PageError("Give the board number first: dealer and vulnerability follow from it.", state=state)
        call = _box_call(_one(form, "call", 8), _one(form, "level", 2), state)
        seat = _one(form, "seat", 2) or draft.next_in_turn(state)
        if seat not in SEATS:
            raise PageError("The seat must be North, East, South or West.", state=state)
        if _one(form, "mode", 10) == "replace":
            old = draft.last_call_of(state, seat)
            if old is None:
                raise PageError("{seat} has made no call to replace.", state=state, seat=seat_name(seat, LANG.get()))
            return self.go(state.with_step({"ev": [{"seat": seat, "replaces": old, "with": call}]}), "box")
        return self.go(state.with_step({"ev": draft.call_events(state, seat, call)}), "box")

    async def event(self, request: Request) -> Response:
        form = await self._form(request)
        state = self.seal.state(_one(form, "s", 80_000))
        if not state.started:
            raise PageError("Give the board number first: dealer and vulnerability follow from it.", state=state)
        return self.go(state.with_step({"ev": [_event_from(form, state)]}), "ruling")

    async def answer(self, request: Request) -> Response:
        form = await self._form(request)
        state = self.seal.state(_one(form, "s", 80_000))
        qid, label = _one(form, "q", 300), _one(form, "a", 100)
        call, level = _one(form, "call", 8), _one(form, "level", 2)
        if call:                                  # a question that takes a call: its little bidding box
            reply = call_name(_box_call(call, level, state), LANG.get())   # as the language writes it (2♥, Passe): the answer reads it so
        elif "denom" in form:                     # a question that takes denominations
            denoms = form.getlist("denom")
            if not denoms or any(x not in DENOMINATIONS for x in denoms):
                raise PageError("Tick one or more of C, D, H, S, NT.", state=state)
            reply = " ".join(dict.fromkeys(denoms))
        else:
            reply = label
        try:
            draft.view(state)
        except InputError as e:
            raise _refusal(e, state) from None
        try:
            step = draft.answer(state, qid, reply)
        except InputError as e:
            if e.message.startswith("no open question"):
                raise PageError("That question is no longer asked (the case has changed); here is the page as it "
                                "is now.", state=state) from None
            raise PageError("That answer was not taken: {reason}.", state=state, reason=e.message) from None
        if step is None:
            return self.go(state, "ruling")
        return self.go(state.with_step(step), "ruling")

    async def undo(self, request: Request) -> Response:
        form = await self._form(request)
        state = self.seal.state(_one(form, "s", 80_000))
        return self.go(state.undone(), "box")

    async def save(self, request: Request) -> Response:
        form = await self._form(request)
        state = self.seal.state(_one(form, "s", 80_000))
        if not state.steps:
            raise PageError("There is nothing to save yet: tap what happened first.", state=state)
        case, _ruling, data = self._ruled(state)
        import hashlib
        what = hashlib.sha256(state.token().encode()).hexdigest()
        done = self.store.saved_as(what)
        if done is not None:            # the same state saved again (a double tap, a replayed post): one file
            return self.go(state, "top", saved=done)
        now = _dt.datetime.now()
        name = self.store.new_name(state.board, now)
        text = draft.to_yaml(state, name=name[:-5], title=state.title or _title(state, data, now),
                             source=f"entered at the table (director serve), {now:%Y-%m-%d %H:%M}")
        try:
            name = self.store.save(text, state.board, what)
        except OSError as e:
            raise PageError("The case could not be saved in {folder}: {reason}", state=state, status=507,
                            folder=str(self.store.folder), reason=str(e.strerror or e)) from None
        return self.go(state, "top", saved=name)

    async def case_yaml(self, request: Request) -> Response:
        state = self.seal.state(_one(request.query_params, "s", 80_000))
        if not state.steps:
            raise PageError("There is nothing to download yet: tap what happened first.", state=state)
        self._ruled(state)
        name = draft.case_name(state)
        return Response(draft.to_yaml(state), media_type="text/yaml; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{name}.yaml"'})

    async def print_view(self, request: Request) -> Response:
        state = self.seal.state(_one(request.query_params, "s", 80_000))
        if not state.steps:
            raise PageError("There is nothing to print yet: tap what happened first.", state=state)
        case, _ruling, data = self._ruled(state)
        auction = data.get("auction") or {}
        return self.html("print.html", state=state, data=data, rows=auction.get("rows") or [],
                         notes=auction.get("notes") or [], auction=auction, sections=_grouped(data),
                         tell=_tell(data), events=_described_events(state),
                         event_words=dict(_described_events(state)),
                         judgements=state.judgements(), yaml_text=draft.to_yaml(state),
                         token=self.seal.token(state), edition_title=_t(_edition_title(case.edition)),
                         **_board_info(state))

    async def cases(self, request: Request) -> Response:
        token = _one(request.query_params, "s", 80_000)
        self.seal.state(token)                   # a damaged or forged token is refused here too
        return self.html("cases.html", saved=self.store.listing(), folder=str(self.store.folder), token=token)

    def _saved_text(self, name: str) -> "str | None":
        """A saved case's text (None: no such case); a file larger than a case is refused unread."""
        from bridge_director.web.store import TooLarge
        try:
            return self.store.read(name) if NAME_RE.match(name) else None
        except TooLarge:
            raise PageError("That file of this evening's folder is larger than a case file may be; it was not "
                            "read.", status=413) from None

    async def saved_file(self, request: Request) -> Response:
        name = request.path_params["name"]
        text = self._saved_text(name)
        if text is None:
            raise PageError("There is no saved case of that name in this evening's folder.", status=404)
        return Response(text, media_type="text/yaml; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def open_saved(self, request: Request) -> Response:
        form = await self._form(request)
        name = _one(form, "name", 100)
        text = self._saved_text(name)
        if text is None:
            raise PageError("There is no saved case of that name in this evening's folder.", status=404)
        return self.go(_state_from_case_text(text, name), "ruling")

    async def upload(self, request: Request) -> Response:
        form = await self._form(request, max_files=1)
        up = form.get("case")
        if up is None or isinstance(up, str):
            raise PageError("Choose a case file (YAML) to load.")
        raw = await up.read(MAX_UPLOAD + 1)
        if len(raw) > MAX_UPLOAD:
            raise PageError("That file is larger than {size} KB: a case file is much smaller.", status=413,
                            size=MAX_UPLOAD // 1024)
        from bridge_director.base.yamlpos import decode_utf8
        try:
            text = decode_utf8(raw, "upload.yaml")
        except InputError as e:         # where the first byte that is not UTF-8 is, or UTF-16 named
            raise PageError("That file is not a case file the page can read: {reason}.", reason=str(e)) from None
        return self.go(_state_from_case_text(text, "upload.yaml"), "ruling")

    async def _form(self, request: Request, max_files: int = 0):
        """The posted form (see :func:`_form`), refused unless it carries this server's CSRF token."""
        form = await _form(request, max_files)
        if not self.seal.csrf_ok(_one(form, "csrf", 100)):
            raise PageError("This page takes forms only from itself: the form did not carry the page's "
                            "token (reload the page and tap again).", status=403)
        return form

    def _ruled(self, state: State):
        try:
            return draft.rule(state)
        except InputError as e:
            raise _refusal(e, state) from None

    # ------------------------------------------------------------ errors

    def error_page(self, message: "str | Worded", status: int, state: State | None = None) -> HTMLResponse:
        """A refused request: the page itself with the message when there is a state, else a short
        page; the message in the page's language (an English template and its words, or a key
        of the catalogue)."""
        text = _said(message)
        if state is not None:
            resp = self.page(state, status=status, error=text)
            resp.status_code = status
            return resp
        return self.html("error.html", status, message=text, status=status)


def _said(message: "str | Worded") -> str:
    """A refusal as one sentence in the page's language: the catalogue's words for the English
    sentence (:func:`_sentence` of the template), filled with the error's words."""
    if isinstance(message, Worded):
        said = _t(_sentence(message.template))
        return _sentence(said.format(**message.words) if message.words else said)
    return _t(_sentence(message))


def _sentence(message: str) -> str:
    """A refusal as one sentence: a capital first, a full stop last (a StateError's words are
    written to follow 'error:' in a log: "the page's state is damaged")."""
    message = message.strip()
    if message and message[0].islower():
        message = message[0].upper() + message[1:]
    if message and message[-1] not in ".!?)":
        message += "."
    return message


def _tell(data: dict | None) -> list[dict]:
    """The lines to tell the table, each with the citation of the ruling line it repeats (when
    it repeats one word for word, seats in full); None beside a line of the director's own."""
    if not data:
        return []
    cites: dict[str, str] = {}
    for o in data.get("outcomes", []):
        cites.setdefault(_seats_in_full(o.get("say") or o.get("text", "")), o.get("cite"))
    return [{"text": t, "cite": cites.get(t)} for t in data.get("tell_the_table") or []]


def _refusal(e: InputError, state: "State | None" = None) -> PageError:
    """What the case format said about the state, for the director (no file or position:
    the director never saw a file): ``event 5: expected ...``; undo puts it right."""
    if e.field:
        where = e.field.replace("events.", _t("event") + " ", 1)
        return PageError("The case as it stands is refused ({where}: {reason}). Undo the last step.", state=state,
                         where=where, reason=e.message)
    return PageError("The case as it stands is refused: {reason}. Undo the last step.", state=state,
                     reason=e.message)


# ---------------------------------------------------------------- form helpers

async def _form(request: Request, max_files: int = 0):
    """The posted form, bounded: few fields, small parts (the body itself is bounded by the Guard)."""
    ctype = request.headers.get("content-type", "")
    if not (ctype.startswith("application/x-www-form-urlencoded") or ctype.startswith("multipart/form-data")):
        raise PageError("Expected a form from the page (application/x-www-form-urlencoded or multipart/form-data).",
                        status=415)
    try:
        return await request.form(max_files=max_files, max_fields=40, max_part_size=MAX_UPLOAD)
    except HTTPException as e:                    # python-multipart's limits, raised by Starlette as 400
        raise PageError("The form was refused: {detail}", status=e.status_code if 400 <= e.status_code < 500 else 400,
                        detail=str(e.detail))
    except Exception:
        raise PageError("The form could not be read: it was not sent by this page.") from None


def _one(params, key: str, limit: int) -> str:
    """One text field (empty when absent), at most ``limit`` characters.

    Raises:
        PageError: the field is a file, is given twice with different values, or is too long.
    """
    values = params.getlist(key) if hasattr(params, "getlist") else [params.get(key)]
    values = [v for v in values if v is not None]
    if not values:
        return ""
    if any(not isinstance(v, str) for v in values):
        raise PageError("The field {field} must be text.", field=repr(key))
    if len(set(values)) > 1 and key != "s":
        raise PageError("The field {field} was sent twice with different values.", field=repr(key))
    v = values[-1]
    if len(v) > limit:
        raise PageError("The field {field} is {length} characters long; at most {limit} are expected.",
                        status=413 if len(v) > 10 * limit else 400, field=repr(key), length=f"{len(v):,}",
                        limit=f"{limit:,}")
    return v


def _board_number(text: str) -> int:
    """A board number typed by the director (1..MAX_BOARD).

    Raises:
        PageError: not a whole number in range.
    """
    t = text.strip()
    if not t.isascii() or not t.isdigit():
        raise PageError("The board number must be a whole number from 1 to {limit}, not {found}.", limit=MAX_BOARD,
                        found=repr(t[:20]))
    if len(t) > 4 or not 1 <= int(t) <= MAX_BOARD:
        if len(t) > 4:
            raise PageError("The board number must be from 1 to {limit} (found a number of {digits} digits).",
                            limit=MAX_BOARD, digits=len(t))
        raise PageError("The board number must be from 1 to {limit}, not {found}.", limit=MAX_BOARD, found=int(t))
    return int(t)


def _seat_field(form, key: str, refusal: str) -> str:
    """A seat letter sent by the page (``refusal``: what to say when it is none)."""
    v = _one(form, key, 2)
    if v not in SEATS:
        raise PageError(refusal)
    return v


def _event_from(form, state: State) -> dict:
    """The case event a posted event form describes (checked here only for shape; the case
    format checks the rest when the page rules on it).

    Raises:
        PageError: an unknown kind of event, or a field that is missing or malformed.
    """
    kind = _one(form, "kind", 40)
    if kind == "director":
        by = _one(form, "by", 2)
        return {"director": "called", **({"by": by} if by in SEATS else {})}
    if kind == "accepts":
        seat = _seat_field(form, "seat", "Choose who decides: North, East, South or West.")
        value = _one(form, "value", 5)
        if value not in ("yes", "no"):
            raise PageError("Say whether the player accepts: yes or no.")
        return {"seat": seat, "accepts": value == "yes"}
    if kind not in HAPPENED:
        raise PageError("There is no event {kind}: choose one from the page's list.", kind=repr(kind[:40]))
    required, optional, _doc = HAPPENED[kind]
    ev: dict[str, Any] = {"happened": kind}
    for name in required + optional:
        raw = _one(form, name, 40).strip()
        if raw == "" and name in optional:
            continue
        if raw == "":
            raise PageError("{kind}: fill in {name}.", kind=kind, name=name.replace("_", " "))
        ev[name] = _field_value(kind, name, raw)
    return ev


def _field_value(kind: str, name: str, raw: str) -> Any:
    """A form field's text as the case format writes it (numbers as numbers, lists as lists)."""
    if name in ("board", "cards"):
        if not raw.isascii() or not raw.isdigit() or len(raw) > 4:
            raise PageError("{kind}: {name} must be a whole number, not {found}.", kind=kind, name=name, found=repr(raw[:20]))
        n = int(raw)
        if name == "board" and not 1 <= n <= MAX_BOARD:
            raise PageError("{kind}: the board number must be from 1 to {limit}.", kind=kind, limit=MAX_BOARD)
        if name == "cards" and n > MAX_CARDS:
            raise PageError("{kind}: a hand holds from 0 to {limit} cards (a pack has {limit}), not {found}.", kind=kind,
                            limit=MAX_CARDS, found=n)
        return n
    if name in ("seat", "by", "of", "pocket", "offender"):
        if raw not in SEATS:            # (was: 'E\x00' kept in the signed state, the whole case then refused)
            raise PageError("{kind}: {name}: North, East, South or West.", kind=kind, name=name)
        return raw
    if name == "played_by":
        if raw in ("-", "none"):
            return []          # nobody here had played it (left empty: not yet known)
        seats = [s for s in raw.replace(",", " ").split() if s]
        if any(s not in SEATS for s in seats):
            raise PageError("{kind}: played by: seats N, E, S, W separated by spaces (or nothing).", kind=kind)
        return seats
    if name == "call":
        # the one reading of a typed call (i18n.call_from_words), as ask and the one-line form
        # read it in the page's language: with --lang pt 3C is three hearts (copas), 3H refused
        from bridge_director.ruling.i18n import CALL_EXAMPLES, call_from_words
        got = call_from_words(raw, LANG.get())
        if got is None:
            raise PageError("{kind}: call: a call such as {examples}, not {found}.", kind=kind,
                            examples=CALL_EXAMPLES.get(LANG.get(), CALL_EXAMPLES["en"]), found=repr(raw[:20]))
        return got
    if name == "played":
        if raw not in ("yes", "no"):
            raise PageError("{kind}: played: yes or no.", kind=kind)
        return raw == "yes"
    return raw


def _state_from_case_text(text: str, file: str) -> State:
    """A State holding a case file's board, events and judgements (validated as a case first).

    Raises:
        PageError: the text is not a valid case file, or names a path (``deal_register``).
    """
    from bridge_director.case.load import from_data
    try:
        data = loads(text, file)
        if isinstance(data, dict) and "deal_register" in data:
            raise PageError("{file}: deal_register: a case with a deal register cannot be loaded in the page (it "
                            "names a file on the laptop); rule on it with `director rule`.", file=file)
        case = from_data(data, file)
    except InputError as e:
        raise PageError("That is not a case file the page can load: {reason}", reason=str(e)) from None
    if not isinstance(data, dict):
        raise PageError("That is not a case file the page can load: expected a mapping with board and events.")
    plain = json.loads(json.dumps(data, default=str))      # positions dropped; plain data
    board = plain.get("board")
    if board is not None and (not isinstance(board, int) or not 1 <= board <= MAX_BOARD):
        raise PageError("{file}: board: the page takes board numbers from 1 to {limit}.", file=file, limit=MAX_BOARD)
    setting = {k: plain[k] for k in SETTING_KEYS if k in plain}
    setting["edition"] = case.edition         # ruled (and saved) by the case's own code of law, written or not
    setting["lang"] = case.lang               # saved in its own language (the page speaks the page's)
    state = State(board=board, dealer=None if board is not None else case.dealer.value,
                  setting=setting,
                  title=plain.get("title") if isinstance(plain.get("title"), str) else None)
    steps = [{"ev": [ev]} for ev in plain.get("events", [])]
    if plain.get("judgement"):
        steps.append({"j": plain["judgement"]})
    state.steps = steps
    state.check_size()          # refused here, in words, not on the next tap (hostile-2026-12-05c F2)
    return state


def _board_info(state: State) -> dict:
    vul = draft.vulnerability_of(state)
    dealer = draft.dealer_of(state)
    vul_seats = {"None": (), "NS": ("N", "S"), "EW": ("E", "W"), "Both": SEATS}.get(vul or "", ())
    return {"board": state.board, "dealer": dealer, "dealer_name": seat_name(dealer, LANG.get()),
            "vul": vul, "vul_words": draft.VUL_WORDS.get(vul, "Vulnerability not known"), "vul_seats": vul_seats}


def _event_label(code: str) -> str:
    """An event of the "Something else" list as the page's language names it: in English the case
    format's own line ("BY explained partner's CALL to an opponent"); in another language the
    event's name and the fields it takes ("explicação (BY, CALL)")."""
    required, optional, doc = HAPPENED[code]
    if LANG.get() == "en":
        return doc
    name = _t(code.replace("-", " "))
    fields = [f.upper() for f in required] + [f"[{f.upper()}]" for f in optional]
    return name[:1].upper() + name[1:] + (f" ({', '.join(fields)})" if fields else "")


def _answer_words(value: Any) -> str:
    """A judgement's value as the page's language says it: yes, no, or the list."""
    if isinstance(value, bool):
        return _t("yes" if value else "no")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _edition_title(edition: str) -> str:
    """The title of the code of law a case is ruled by (the print view said 2017 for every case)."""
    from bridge_director.ruling.cites import edition_title
    return edition_title(edition)


def _described_events(state: State) -> list[tuple[int, str]]:
    """Each event in words, numbered as the ruling numbers them."""
    out = []
    for n, ev in enumerate(state.events(), 1):
        out.append((n, _describe(ev)))
    return out


def _describe(ev: dict) -> str:
    """One event of the state in the page's language (the list "Recorded so far", the print view)."""
    lang = LANG.get()

    def name(s):
        return seat_name(s, lang) if isinstance(s, str) else s

    def call(c):
        return call_name(str(c), lang)
    if "call" in ev and "seat" in ev:
        return _t("{seat}: {call}").format(seat=name(ev["seat"]), call=call(ev["call"]))
    if ev.get("director") == "called":
        return _t("Director called by {seat}").format(seat=name(ev["by"])) if ev.get("by") else _t("Director called")
    if "accepts" in ev:
        said = _t("{seat} accepts {call}" if ev["accepts"] else "{seat} does not accept {call}")
        return said.format(seat=name(ev.get("seat")), call=call(ev["call"]) if ev.get("call") else "").rstrip()
    if "replaces" in ev:
        return _t("{seat} replaces {call} with {new}").format(seat=name(ev.get("seat")), call=call(ev["replaces"]),
                                                              new=call(ev.get("with")))
    if "happened" in ev:
        rest = ", ".join(f"{_t(k.replace('_', ' '))} {name(v) if k in ('seat', 'by', 'of', 'pocket') else call(v) if k == 'call' else v}"
                         for k, v in ev.items() if k not in ("happened", "note"))
        what = _t(ev["happened"].replace("-", " "))
        return what[:1].upper() + what[1:] + (f": {rest}" if rest else "")
    return ", ".join(f"{k}: {v}" for k, v in ev.items())


def _title(state: State, data: dict, now: _dt.datetime) -> str:
    """A saved case's title: board, time, and the first irregularity the ruling names."""
    first = next((o.get("text") for o in data.get("outcomes", []) if o.get("outcome") == "irregularity"), None)
    where = _t("Board {number}").format(number=state.board) if state.board else _t("Board (number not known)")
    return f"{where}, {now:%H:%M}" + (f": {_seats_in_full(first)}" if first else "")


SUIT_HTML = {"C": ("♣", "club"), "D": ("♦", "diamond"), "H": ("♥", "heart"), "S": ("♠", "spade"), "NT": ("NT", "nt")}


def _box_call(call: str, level: str, state: State) -> str:
    """The call tapped in a bidding box (the page's or a question's): a denomination with the
    level tapped before it, or Pass, X, XX (the case format's notation).

    Raises:
        PageError: no level before a denomination, or no such call.
    """
    if call in DENOMINATIONS:
        if level not in LEVELS:
            raise PageError("Tap a level (1 to 7) first, then {denomination}.", state=state,
                            denomination=_denomination_text(call))
        call = level + call
    if call not in CALLS:
        raise PageError("There is no call {call}: the bidding box has 1C to 7NT, Pass, X and XX.", state=state,
                        call=repr(call[:8]))
    return call


def _denomination_text(d: str) -> str:
    """A denomination as the page's language writes it in a sentence: its symbol, notrump NT (SA)."""
    return "SA" if d == "NT" and LANG.get() == "pt" else SUIT_HTML.get(d, (d,))[0]


def _seats_in_full(text: str) -> str:
    """The ruling's words with seats in full for people (West's 1H, not W's 1H), in the page's
    language."""
    return _seats_in_full_in(str(text), LANG.get())


@functools.lru_cache(maxsize=4096)
def _seats_in_full_in(text: str, lang: str) -> str:
    """(cached, as the page renders the same lines again on every answer)"""
    from bridge_director.ruling.i18n import seats_in_full
    return seats_in_full(text, lang)


def _denomination_html(d: str, lang: str | None = None):
    from markupsafe import Markup, escape
    sym, cls = SUIT_HTML.get(d, (d, ""))
    if d == "NT" and (lang or LANG.get()) == "pt":     # sem atout, as Brazilian directors write it
        sym = "SA"
    return Markup(f'<span class="suit {cls}">{escape(sym)}</span>')


#: a bid in the ruling's words: ``1H`` (English) or ``1♥`` (the Portuguese lines write the symbol)
_CALL_RE = __import__("re").compile(r"\b([1-9])(?:(NT|C|D|H|S)\b|([♣♦♥♠]))")
_SYMBOL_DENOMINATION = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def _calls_in_text_html(text: str):
    """Text with each bid written with its suit symbol (``(1H)→2H*`` -> ``(1♥)→2♥*``), escaped."""
    return _calls_in_text_html_in(str(text), LANG.get())


@functools.lru_cache(maxsize=4096)
def _calls_in_text_html_in(t: str, lang: str):
    from markupsafe import Markup, escape
    out, pos = Markup(""), 0
    for m in _CALL_RE.finditer(t):
        denomination = m.group(2) or _SYMBOL_DENOMINATION[m.group(3)]
        out += escape(t[pos:m.start()]) + Markup(escape(m.group(1))) + _denomination_html(denomination, lang)
        pos = m.end()
    return out + escape(t[pos:])


def _call_html(call: str):
    """A call with its suit symbol (``1H`` -> 1♥), escaped."""
    from markupsafe import Markup, escape
    c = str(call)
    for d in ("NT", "C", "D", "H", "S"):
        if len(c) >= 2 and c[0].isdigit() and c[1:] == d:
            return Markup(f"{escape(c[0])}") + _denomination_html(d)
    return Markup(escape({"X": "X", "XX": "XX", "Pass": _t("Pass")}.get(c, c)))


# ---------------------------------------------------------------- the application

#: the host names a page on this laptop only answers to (``director serve`` adds the network addresses it serves)
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


def create_app(folder: Path | str | None = None, *, key: bytes | None = None,
               hosts: "tuple[str, ...] | list[str] | None" = None, lang: str = "en") -> Starlette:
    """The Starlette application, saving cases into ``folder`` (default: this evening's folder).

    ``key``: the secret that signs the page's state tokens and makes its CSRF token (default:
    the one kept in the folder, :func:`bridge_director.web.state.key_in`). ``hosts``: the host
    names the page answers to (the ``Host`` header, without the port); any other is refused
    with 400, so a name an attacker points at this laptop (DNS rebinding) reaches nothing.
    Default: this laptop only (:data:`LOCAL_HOSTS`). ``lang``: the language of the page and of
    its rulings (pt: Portuguese).
    """
    app = App(Path(folder) if folder else None, key)
    app.lang = lang

    def wrap(handler):
        async def endpoint(request: Request) -> Response:
            LANG.set(app.lang)         # this request's language (a context variable: one per request)
            try:
                return await handler(request)
            except PageError as e:
                return app.error_page(e, e.status, e.state)
            except StateError as e:
                return app.error_page(e, 413 if e.state is not None or e.template.startswith("this case is too large")
                                      else 400, e.state)
        return endpoint

    routes = [
        Route("/", wrap(app.index), methods=["GET", "HEAD"]),
        Route("/board", wrap(app.set_board), methods=["POST"]),
        Route("/call", wrap(app.call), methods=["POST"]),
        Route("/event", wrap(app.event), methods=["POST"]),
        Route("/answer", wrap(app.answer), methods=["POST"]),
        Route("/undo", wrap(app.undo), methods=["POST"]),
        Route("/save", wrap(app.save), methods=["POST"]),
        Route("/case.yaml", wrap(app.case_yaml), methods=["GET"]),
        Route("/print", wrap(app.print_view), methods=["GET"]),
        Route("/cases", wrap(app.cases), methods=["GET"]),
        Route("/cases/{name}", wrap(app.saved_file), methods=["GET"]),
        Route("/open", wrap(app.open_saved), methods=["POST"]),
        Route("/upload", wrap(app.upload), methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]

    async def http_error(request: Request, exc: HTTPException) -> Response:
        words = {404: "There is no such page.", 405: "That page does not take this kind of request."}
        return app.error_page(words.get(exc.status_code, str(exc.detail)), exc.status_code)

    async def internal_error(request: Request, exc: Exception) -> Response:
        return app.error_page(PageError("Something went wrong inside bridge-director ({error}); the case was not "
                                        "changed. Please report it with the saved case.", error=type(exc).__name__), 500)

    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    allowed = list(dict.fromkeys(h.strip("[]") if h.count(":") > 1 else h for h in (hosts or LOCAL_HOSTS)))
    allowed += [f"[{h}]" for h in allowed if ":" in h and f"[{h}]" not in allowed]
    star = Starlette(routes=routes, exception_handlers={HTTPException: http_error, Exception: internal_error},
                     middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=allowed, www_redirect=False)])
    star.state.app = app
    return Guard(star, app)

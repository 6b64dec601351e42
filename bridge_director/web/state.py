"""The page's state: the case so far, carried by every form and link as one opaque token.

The server keeps nothing per director: the token holds the board and the steps taken (each
step one undoable action: some events appended, or some judgements stated), so a reload, the
back button, a second phone or a server restart lose nothing, and a double tap on a button
posts the same old state twice and gives the same new state.

The state is ``base64url(zlib(json))``; the token the page hands out is that, signed with
the server's key (:class:`Seal`, itsdangerous), so a client can change nothing in it: a token
the server did not make is refused before it is decoded. Decoding is bounded (token length,
inflated size, JSON shape); anything else is a :class:`StateError` (a 400 for the page).

The same key gives the page's CSRF token (:meth:`Seal.csrf`), carried by every form: a post
without it is refused.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import stat
import secrets
import zlib

from bridge_director.base.files import kind
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any
from bridge_director.bridge.table import MAX_BOARD
from bridge_director.web.words import Worded

#: the longest token accepted (characters) and the most it may inflate to (bytes)
MAX_TOKEN = 64 * 1024
MAX_JSON = 512 * 1024
#: the most steps a state holds (a case holds at most 500 events; judgements add a few)
MAX_STEPS = 600
#: board numbers the page accepts (a club evening; the case format itself allows more)
#: case-file keys, other than board/dealer/events/judgement, a loaded case may carry along
#: (the case settings bridge_director.session.draft writes, and the vulnerability, notes, edition
#: (the code of law the case is ruled by) and source; the table result and adjusted score, the
#: case's own name and language, so that saving an uploaded case keeps every field it had)
SETTING_KEYS = ("vulnerability", "deal", "pockets", "session", "played_at_other_tables", "scoring",
                "stationary", "replay_event", "notes", "edition", "source", "result", "adjusted", "case", "lang", "expect")


class StateError(Worded, ValueError):
    """The state token is not one the page made (or is too large): one clear message (an
    English template and its words, said in the page's language: bridge_director.web.words)."""

    def __init__(self, message: str, **words: Any):
        super().__init__(self._worded(message, words))
        self.state: "State | None" = None      # the page to show with the message, when there is one


@dataclass
class State:
    """The case so far.

    Attributes:
        board: the board number (1..MAX_BOARD) or None; ``dealer``: a seat letter, used only
            when the board number is not known.
        steps: undoable steps, oldest first; each holds some of ``"ev": [event, ...]`` (case
            events as in a case file), ``"j": {"E 1H unintended": true, ...}`` (judgements) and
            ``"x": {"scoring": "pairs"}`` (case settings).
        setting: other case-file keys kept from a loaded case (deal, pockets, ...).
        title: the case's title, when a loaded case had one.
    """

    board: int | None = None
    dealer: str | None = None
    steps: list[dict] = field(default_factory=list)
    setting: dict = field(default_factory=dict)
    title: str | None = None

    # ------------------------------------------------------------ views

    def events(self) -> list[dict]:
        """Every event of every step, in order."""
        return [e for s in self.steps for e in s.get("ev", ())]

    def judgements(self) -> dict[str, Any]:
        """Every judgement stated, later steps winning."""
        out: dict[str, Any] = {}
        for s in self.steps:
            out.update(s.get("j", {}))
        return out

    def settings(self) -> dict[str, Any]:
        """The case settings: a loaded case's, then those the steps stated."""
        out = dict(self.setting)
        for s in self.steps:
            out.update(s.get("x", {}))
        return out

    @property
    def started(self) -> bool:
        """True once a board number or a dealer is set."""
        return self.board is not None or self.dealer is not None

    # ------------------------------------------------------------ changes (each returns a new State)

    def with_step(self, step: dict) -> "State":
        """A copy with ``step`` appended.

        Raises:
            StateError: the state already holds MAX_STEPS steps.
        """
        if len(self.steps) >= MAX_STEPS:
            raise StateError("a case holds at most {limit} steps; save this one and start another", limit=MAX_STEPS)
        new = State(self.board, self.dealer, self.steps + [step], dict(self.setting), self.title)
        try:
            new.check_size()
        except StateError as e:
            e.state = self          # the page as it was, with the message
            raise
        return new

    def undone(self) -> "State":
        """A copy without the last step (the same state when there is none)."""
        return State(self.board, self.dealer, self.steps[:-1], dict(self.setting), self.title)

    def with_board(self, board: int | None, dealer: str | None = None) -> "State":
        """A copy on another board (or with only a dealer), the steps kept."""
        return State(board, dealer if board is None else None, list(self.steps), dict(self.setting), self.title)

    # ------------------------------------------------------------ token

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"v": 1, "b": self.board, "d": self.dealer, "s": self.steps}
        if self.setting:
            d["x"] = self.setting
        if self.title:
            d["t"] = self.title
        return d

    def token(self) -> str:
        """The state as a URL-safe token (no padding)."""
        raw = json.dumps(self.to_dict(), separators=(",", ":")).encode()   # key order kept: events read as written
        return base64.urlsafe_b64encode(zlib.compress(raw, 6)).decode().rstrip("=")

    def check_size(self) -> None:
        """That :func:`decode` takes this state's token back: the server never hands out a state
        it refuses on the next tap (an upload of 200 kB of notes was shown, then every tap and
        even Save refused: hostile-2026-12-05c F2).

        Raises:
            StateError: the state is larger than the page carries.
        """
        raw = json.dumps(self.to_dict(), separators=(",", ":")).encode()
        packed = len(base64.urlsafe_b64encode(zlib.compress(raw, 6)).rstrip(b"=")) if len(raw) <= MAX_JSON else 0
        if len(raw) > MAX_JSON or packed > MAX_TOKEN:
            raise StateError("this case is too large for the page ({size} KB of case data; the page carries at "
                             "most {limit} KB): rule on it with `director rule`",
                             size=f"{max(len(raw), packed) // 1024:,}",
                             limit=f"{(MAX_JSON if len(raw) > MAX_JSON else MAX_TOKEN) // 1024:,}")


def decode(token: str | None) -> State:
    """The State a token stands for; an empty or missing token is a new case.

    Raises:
        StateError: the token is too long, not one the page made, or does not hold a state.
    """
    if not token:
        return State()
    if len(token) > MAX_TOKEN:
        raise StateError("the page's state is {length} characters long; at most {limit} are accepted",
                             length=f"{len(token):,}", limit=f"{MAX_TOKEN:,}")
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON)
        if inflater.unconsumed_tail:
            raise StateError("the page's state is too large")
        data = json.loads(raw)
        # a lone surrogate (JSON's "\\ud800") is text no page or case file can hold
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except StateError:
        raise
    except (binascii.Error, zlib.error, ValueError, RecursionError, UnicodeDecodeError):
        raise StateError("the page's state is damaged (it was not made by this page); start a new case") from None
    return _from_dict(data)


def _from_dict(d: Any) -> State:
    """Check the shape of a decoded state (the case's content is checked when it is ruled on)."""
    bad = StateError("the page's state is damaged (it was not made by this page); start a new case")
    if not isinstance(d, dict) or d.get("v") != 1:
        raise bad
    board, dealer, steps = d.get("b"), d.get("d"), d.get("s", [])
    setting, title = d.get("x", {}), d.get("t")
    if board is not None and (isinstance(board, bool) or not isinstance(board, int) or not 1 <= board <= MAX_BOARD):
        raise bad
    if dealer not in (None, "N", "E", "S", "W"):
        raise bad
    if not isinstance(steps, list) or len(steps) > MAX_STEPS:
        raise bad
    for s in steps:
        if not isinstance(s, dict) or not s or set(s) - {"ev", "j", "x"}:
            raise bad
        if "ev" in s and not (isinstance(s["ev"], list) and all(isinstance(e, dict) for e in s["ev"])):
            raise bad
        for k in ("j", "x"):
            if k in s and not (isinstance(s[k], dict) and all(isinstance(key, str) for key in s[k])):
                raise bad
        if "x" in s and set(s["x"]) - set(SETTING_KEYS):
            raise bad
    if not isinstance(setting, dict) or set(setting) - set(SETTING_KEYS):
        raise bad
    if title is not None and not isinstance(title, str):
        raise bad
    return State(board, dealer, steps, setting, title)


#: what a signature adds to a token: the separator and 27 characters of base64url
SEPARATOR = "."


class Seal:
    """The server's key: signs the state tokens the page hands out and makes its CSRF token.

    Args:
        key: the secret (at least 32 bytes); see :func:`key_in` for the one a server keeps.
    """

    def __init__(self, key: bytes):
        from itsdangerous import Signer
        if len(key) < 32:
            raise ValueError("the page's key must be at least 32 bytes")
        self._signer = Signer(key, salt="bridge-director.page-state", sep=SEPARATOR, digest_method=hashlib.sha256)
        self._csrf = base64.urlsafe_b64encode(
            hmac.new(key, b"bridge-director.csrf", hashlib.sha256).digest()).decode().rstrip("=")

    def token(self, state: "State") -> str:
        """The signed token of ``state`` (URL-safe: base64url, a dot, base64url)."""
        return self._signer.sign(state.token()).decode()

    def state(self, token: "str | None") -> "State":
        """The State a signed token stands for; an empty or missing token is a new case.

        Raises:
            StateError: too long, not signed by this server's key, or not a state.
        """
        from itsdangerous import BadSignature
        if not token:
            return State()
        if len(token) > MAX_TOKEN + 64:
            raise StateError("the page's state is {length} characters long; at most {limit} are accepted",
                             length=f"{len(token):,}", limit=f"{MAX_TOKEN:,}")
        try:
            payload = self._signer.unsign(token.encode("ascii")).decode("ascii")
        except (BadSignature, UnicodeError):
            raise StateError("the page's state was not made by this server (it was changed, or made by "
                              "another server); start a new case") from None
        return decode(payload)

    def csrf(self) -> str:
        """The token every form of the page carries (a post without it is refused)."""
        return self._csrf

    def csrf_ok(self, value: "str | None") -> bool:
        """Whether ``value`` is this server's CSRF token (compared in constant time)."""
        return isinstance(value, str) and hmac.compare_digest(value.encode("utf-8", "replace"), self._csrf.encode())


KEY_FILE = ".page-key"


def _kept_key(path: Path) -> bytes:
    """The bytes of an existing key file, read only when it is what :func:`key_in` makes: a
    regular file (not a link: a link to a public file let anyone sign states), of this user,
    readable by no one else; opened without waiting (a FIFO there hung the server's start).

    Raises:
        OSError: anything else, in words.
    """
    st = os.lstat(path)
    why = None
    if not stat.S_ISREG(st.st_mode):
        why = "a symbolic link" if stat.S_ISLNK(st.st_mode) else kind(st.st_mode)
    elif hasattr(os, "getuid") and st.st_uid != os.getuid():
        why = "one owned by another user"
    elif st.st_mode & 0o077:
        why = f"one readable or writable by others (mode {stat.S_IMODE(st.st_mode):o})"
    if why:
        raise OSError(f"{path}: the page's key must be a file of this user that no one else can read, found "
                      f"{why}; delete it to make a new one")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    try:
        now = os.fstat(fd)
        if (now.st_ino, now.st_dev) != (st.st_ino, st.st_dev):
            raise OSError(f"{path}: the page's key changed while it was read; start again")
        return os.read(fd, 4096)
    finally:
        os.close(fd)


def key_in(folder: Path) -> bytes:
    """The server's key kept in ``folder`` (``.page-key``, readable by this user only), made
    on first use: a restart keeps the evening's pages working; another folder, another key.

    Raises:
        OSError: the folder cannot be made or the key neither read nor written.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / KEY_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = _kept_key(path)
        if len(key) >= 32:
            return key
        raise OSError(f"{path}: the page's key is damaged (fewer than 32 bytes); delete the file to make a new one")
    key = secrets.token_bytes(32)
    with os.fdopen(fd, "wb") as f:
        f.write(key)
    return key

"""What stands between the network and the page's handlers.

- a request body larger than the page ever sends is refused with 413 before any handler
  reads it (``Content-Length`` checked first, then the bytes as they arrive);
- a form posted from another site (an ``Origin`` that is not this server) is refused (403);
- every answer carries headers that keep the page to itself: nothing loaded from elsewhere
  (Content-Security-Policy), not framed, no referrer to other sites, no content sniffing.

:class:`PageError` is how a handler refuses a request: a message for the director and a 4xx.
"""
from __future__ import annotations

from typing import Any

from bridge_director.web.words import LANG, Worded
from bridge_director.session.listen import TooLarge, read_body, replaying

#: the largest request body accepted (bytes): a case upload is at most 256 KB
MAX_BODY = 300 * 1024
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; "
                                 b"form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),   # "no-referrer" would make forms post Origin: null
    (b"cache-control", b"no-store"),
]


class PageError(Worded, Exception):
    """A request refused with a message for the director.

    ``message`` is an English template (a key of the interface catalogue) and ``words`` fill
    it (``PageError("Tap a level (1 to 7) first, then {denomination}.", denomination="♣")``),
    so the page says it in its own language (:meth:`said`).

    Attributes:
        status: the HTTP status (4xx); ``state``: the page's state when it is known, so the
        page can be shown again with the message (None: a short error page).
    """

    def __init__(self, message: str, status: int = 400, state: Any = None, **words: Any):
        super().__init__(self._worded(message, words))
        self.status, self.state = status, state


class _TooLarge(Exception):
    pass


class Guard:
    """ASGI middleware around the Starlette app: body limit, same-origin posts, headers.

    ``app``: the page's :class:`~bridge_director.web.app.App` (for its error page).
    """

    def __init__(self, asgi, app, max_body: int = MAX_BODY):
        self.asgi, self.page_app, self.max_body = asgi, app, max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.asgi(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message = dict(message)
                message["headers"] = list(message.get("headers", [])) + [
                    (k, v) for k, v in SECURITY_HEADERS if k not in have]
            await send(message)

        LANG.set(getattr(self.page_app, "lang", "en"))    # the guard's refusals in the page's language
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if scope["method"] not in ("GET", "HEAD") and not _same_origin(headers):
            return await self._refuse(send_with_headers, 403, PageError(
                "This page takes forms only from itself (the request came from another site)."))
        length = headers.get("content-length")
        if length is not None:
            if not (length.isascii() and length.isdigit()):
                return await self._refuse(send_with_headers, 400, PageError("The request's length is not a number."))
            if len(length) > len(str(self.max_body)) or int(length) > self.max_body:   # digits counted first:
                # int() of a 5,000-digit length is a ValueError (Python's limit), not a number
                length = length if len(length) <= 12 else "9" * 12
                return await self._refuse(send_with_headers, 413, _too_large(int(length), self.max_body,
                                                                             at_least=len(length) >= 12))
        body = b""
        if scope["method"] not in ("GET", "HEAD"):
            try:
                body = await read_body(receive, self.max_body)
            except TooLarge as e:
                return await self._refuse(send_with_headers, 413, _too_large(e.size, self.max_body, at_least=True))
            if body is None:
                return
        return await self.asgi(scope, replaying(body, receive), send_with_headers)

    async def _refuse(self, send, status: int, message: "PageError"):
        resp = self.page_app.error_page(message, status)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(k.encode(), v.encode()) for k, v in resp.headers.items()]})
        await send({"type": "http.response.body", "body": resp.body})


def _too_large(n: int, limit: int, at_least: bool = False) -> PageError:
    if at_least:
        return PageError("The request is more than {size} bytes; the page never sends more than {limit} (a case "
                         "file is much smaller).", size=f"{n:,}", limit=f"{limit:,}")
    return PageError("The request is {size} bytes; the page never sends more than {limit} (a case file is much "
                     "smaller).", size=f"{n:,}", limit=f"{limit:,}")


def _same_origin(headers: dict[str, str]) -> bool:
    """True when a post comes from this server's own page (or says nothing of where it came from)."""
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")

"""Serving a local page (``director serve``, ``director quiz --serve``) so that no client can
shut the others out by holding connections open.

uvicorn's own bounds count the wrong thing for a page on a club's Wi-Fi: ``limit_concurrency``
counts open *connections*, idle ones included, and its keep-alive timeout starts only after a
first answer, so 201 sockets that send nothing (or half a request line) made every director's
request a 503 for as long as they were held. Here, with uvicorn's h11 protocol:

- a request must arrive whole (its headers and its body) within ``REQUEST_SECONDS`` of the
  connection's start or of the previous answer, else the connection is closed; an idle
  keep-alive connection is closed after ``KEEP_ALIVE_SECONDS``;
- one client address holds at most ``PER_CLIENT`` connections at once (a browser opens about
  six): a further one is closed at once;
- at most ``MAX_CONNECTIONS`` in all: beyond it, a connection still waiting for its request is
  closed to make room (one of the address holding the most), so a new client gets in as long
  as not every connection is busy with a request; only then is the new one closed.

``run(app, host, port)`` serves an ASGI application so.
"""
from __future__ import annotations

#: seconds a client has to send a whole request (headers and body), from the connection's
#: start or the end of the previous answer (a 256 KB upload on a slow phone takes a few)
REQUEST_SECONDS = 15.0
#: seconds an idle keep-alive connection is kept
KEEP_ALIVE_SECONDS = 5
#: the most connections one client address may hold open at once
PER_CLIENT = 24
#: the most connections in all
MAX_CONNECTIONS = 200
#: the largest request head (request line and headers) taken, in bytes
MAX_HEAD = 64 * 1024


def protocol_class(request_seconds: float = REQUEST_SECONDS, per_client: int = PER_CLIENT,
                   max_connections: int = MAX_CONNECTIONS):
    """uvicorn's h11 protocol with the bounds of this module (one class per server: it counts
    that server's connections by client address)."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    held: dict = {}          # client address -> its open connections (oldest first)

    class Bounded(H11Protocol):
        _deadline = None     # the timer closing a connection whose request has not arrived whole
        _address = None

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self._address = self.client[0] if self.client else None
            mine = held.setdefault(self._address, [])
            mine.append(self)
            if len(mine) > per_client:
                transport.close()
                return
            if len(self.connections) > max_connections and not self._make_room():
                transport.close()
                return
            self._arm()

        def _make_room(self) -> bool:
            """Close one connection still waiting for its request (of the address holding the
            most); False when every other connection is busy with one."""
            for address in sorted(held, key=lambda a: -len(held[a])):
                for other in held[address]:
                    if other is not self and other._deadline is not None and not other.transport.is_closing():
                        other.transport.close()
                        return True
            return False

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(request_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            # the request is whole and in the application's hands: no deadline while it answers
            if self.conn.their_state is h11.DONE and self.cycle is not None and not self.cycle.response_complete:
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and not (
                    self.conn.their_state is h11.DONE and self.cycle is not None and not self.cycle.response_complete):
                self._arm()          # the next request (or the rest of this one's body) has its time

        def connection_lost(self, exc) -> None:
            self._disarm()
            mine = held.get(self._address)
            if mine is not None:
                if self in mine:
                    mine.remove(self)
                if not mine:
                    del held[self._address]
            super().connection_lost(exc)

    Bounded.held = held
    return Bounded


def run(app, host: str, port: int) -> None:
    """Serve the ASGI ``app`` on ``host:port`` until Ctrl-C, with this module's bounds."""
    import uvicorn
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, http=protocol_class(),
                timeout_keep_alive=KEEP_ALIVE_SECONDS, h11_max_incomplete_event_size=MAX_HEAD)


class TooLarge(Exception):
    """A request body over the limit: ``size``, the bytes received when it was refused."""

    def __init__(self, size: int):
        super().__init__(size)
        self.size = size


async def read_body(receive, limit: int) -> "bytes | None":
    """The whole body of an ASGI HTTP request, read from ``receive`` (bytes; None when the
    client disconnected first). Raises TooLarge as soon as more than ``limit`` bytes came."""
    body = bytearray()
    more = True
    while more:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        body += message.get("body", b"")
        more = message.get("more_body", False)
        if len(body) > limit:
            raise TooLarge(len(body))
    return bytes(body)


def replaying(body: bytes, receive):
    """An ASGI ``receive`` that hands the application ``body`` (already read) as one message,
    then passes on to ``receive``."""
    done = False

    async def replay():
        nonlocal done
        if not done:
            done = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return replay

"""Shared by the tests that talk to a real server (test_web_browser*.py, test_hostile_server_files.py):
an ASGI app served by uvicorn on a free loopback port, in a thread. (pytest puts tests/ on sys.path.)"""
from __future__ import annotations

import contextlib
import socket
import threading
import time


def free_port() -> int:
    """A loopback port free at the moment of asking."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving(app, **config):
    """``app`` served by uvicorn on a free loopback port, in a thread: yields the port once the
    server listens (within 30 s, else the test fails), then stops it. ``config``: more
    uvicorn.Config settings (``http=`` a protocol class, ``timeout_keep_alive=``...)."""
    import uvicorn
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                        access_log=False, **config))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield port
    finally:
        srv.should_exit = True
        thread.join(10)


def page_client(folder, key: bytes, **kw):
    """A Starlette test client of the page app over ``folder`` with ``key``, as the browser at
    http://127.0.0.1 sees it; ``kw``: more TestClient settings (raise_server_exceptions=...)."""
    from starlette.testclient import TestClient
    from bridge_director.web.app import create_app
    return TestClient(create_app(folder, key=key), base_url="http://127.0.0.1", **kw)

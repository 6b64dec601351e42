"""``director serve``: start the page on the laptop, print where to open it, and a QR code of it.

Bound to 127.0.0.1 by default (only this laptop); ``--host 0.0.0.0`` to let phones on the
club's network in. The addresses printed are those of this machine's own interfaces; nothing
is sent anywhere to find them.
"""
from __future__ import annotations

import ipaddress
import socket
import sys
from pathlib import Path
from typing import TextIO


def addresses(host: str, port: int) -> list[str]:
    """The URLs to open: for 0.0.0.0 (or ::), every non-loopback IPv4 address of this machine
    by its host name, then 127.0.0.1; otherwise the host given."""
    if host in ("0.0.0.0", "::", ""):
        found: list[str] = []
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        except OSError:
            infos = []
        for info in infos:
            ip = info[4][0]
            if not ipaddress.ip_address(ip).is_loopback and ip not in found:
                found.append(ip)
        return [f"http://{ip}:{port}/" for ip in found] + [f"http://127.0.0.1:{port}/"]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def qr_text(url: str) -> str:
    """A QR code of ``url`` drawn with block characters, for the terminal (segno)."""
    import io

    import segno
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def banner(host: str, port: int, folder: Path, out: TextIO = sys.stdout) -> None:
    """Print the addresses, a QR code of the first, and where saved cases go."""
    urls = addresses(host, port)
    print("bridge-director: the page for the director's phone", file=out)
    for u in urls:
        print(f"  open  {u}", file=out)
    if host in ("127.0.0.1", "localhost", "::1"):
        print("  (this laptop only; for phones on the club's network: director serve --host 0.0.0.0)", file=out)
    print(qr_text(urls[0]), file=out)
    print(f"  saved cases go to {folder}", file=out)
    print("  Ctrl-C stops the server.", file=out, flush=True)


def serve(host: str = "127.0.0.1", port: int = 8000, folder: str | Path | None = None) -> int:
    """Run the server until Ctrl-C; returns the exit code.

    Raises:
        OSError: the port cannot be bound (reported by the CLI as bad input).
    """
    import uvicorn

    from .app import create_app
    from .store import default_folder
    where = Path(folder) if folder else default_folder()
    app = create_app(where)
    from .. import api
    api.rulebook()                      # compile the rulebook now, not on the first tap
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))        # a clear error now, rather than uvicorn's log line
    banner(host, port, where)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False,
                limit_concurrency=200, timeout_keep_alive=30, h11_max_incomplete_event_size=64 * 1024)
    return 0

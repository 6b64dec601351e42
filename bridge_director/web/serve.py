"""``director serve``: start the page on the laptop, print where to open it, and a QR code of it.

Bound to 127.0.0.1 by default (only this laptop); ``--host 0.0.0.0`` to let phones on the
club's network in. The addresses printed are those of this machine's own interfaces; nothing
is sent anywhere to find them.
"""
from __future__ import annotations

import ipaddress
import os
import socket
import sys
from pathlib import Path
from typing import TextIO


def addresses(host: str, port: int) -> list[str]:
    """The URLs to open: for 0.0.0.0 (or ::), every non-loopback IPv4 address of this machine
    (by its host name, else the address its default route leaves from), then 127.0.0.1;
    otherwise the host given."""
    if host in ("0.0.0.0", "::", ""):
        return [f"http://{ip}:{port}/" for ip in lan_addresses()] + [f"http://127.0.0.1:{port}/"]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def lan_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses: those its host name resolves to, else the
    source address of its default route (found by a UDP connect, which sends nothing); [] when
    it has none."""
    found: list[str] = []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        ip = info[4][0]
        if not ipaddress.ip_address(ip).is_loopback and ip not in found:
            found.append(ip)
    if not found:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect(("192.0.2.1", 9))     # TEST-NET-1: no packet is sent by connect()
                ip = s.getsockname()[0]
            if not ipaddress.ip_address(ip).is_loopback and not ipaddress.ip_address(ip).is_unspecified:
                found.append(ip)
        except OSError:
            pass
    return found


def served_hosts(host: str) -> list[str]:
    """The host names the page answers to when bound to ``host`` (the ``Host`` header without
    its port): the addresses it is opened at (:func:`addresses`), this laptop's own names
    (localhost, loopback, its host name) and, bound to a single address, that address. A name
    from anywhere else (a site whose name an attacker pointed at this laptop) is refused."""
    from bridge_director.web.app import LOCAL_HOSTS
    out = list(LOCAL_HOSTS)
    if host in ("0.0.0.0", "::", ""):
        out += lan_addresses()
        name = socket.gethostname()
        if name:
            out += [name.lower(), f"{name.lower()}.local"]
    else:
        out.append(host.strip("[]").lower())
    return list(dict.fromkeys(out))


def qr_text(url: str) -> str:
    """A QR code of ``url`` drawn with block characters, for the terminal (segno)."""
    import io

    import segno
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def _loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (localhost, 127.x.x.x, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def banner(host: str, port: int, folder: Path, out: "TextIO | None" = None) -> None:
    """Print the addresses, a QR code of the first, and where saved cases go (``out``: standard
    output as it is when called, by default; not as it was when this module was imported)."""
    out = sys.stdout if out is None else out
    urls = addresses(host, port)
    print("bridge-director: the page for the director's phone", file=out)
    for u in urls:
        print(f"  open  {u}", file=out)
    if _loopback(host):
        # a phone cannot open this laptop's own loopback address: no QR code for it
        print("  (this laptop only: phones need director serve --host 0.0.0.0, "
              "which prints their address and a QR code)", file=out)
    elif urls[0].startswith("http://127.0.0.1:"):
        print("  (no network address found for this machine: connect it to the club's network "
              "for phones to reach it)", file=out)
    else:
        print(qr_text(urls[0]), file=out)
    print(f"  saved cases go to {folder}", file=out)
    print("  Ctrl-C stops the server.", file=out, flush=True)


def _check_folder(where: Path) -> None:
    """A folder the director named for the saved cases: an existing folder, or a new one in a
    folder that exists (as ``-o`` and ``deals register --db``: no folders made along a mistyped
    path). (The default folder, one per evening, is made with its parents.)

    Raises:
        InputError: a file (FIFO, device) where the folder should be, or no folder to make it in.
    """
    import stat
    from bridge_director.base.files import kind
    from bridge_director.base.yamlpos import InputError
    try:
        st = os.stat(where)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise InputError(str(where), 0, 0, "", f"--folder: cannot use this folder: {e.strerror}") from None
    if st is not None and not stat.S_ISDIR(st.st_mode):
        raise InputError(str(where), 0, 0, "", f"--folder: expected a folder for the saved cases, "
                                               f"found {kind(st.st_mode)}")
    if st is None:
        parent = where.parent if str(where.parent) else Path(".")
        if not parent.is_dir():
            raise InputError(str(where), 0, 0, "", f"--folder: expected a new folder in an existing one, found no "
                                                   f"folder {str(parent)!r}")


def serve(host: str = "127.0.0.1", port: int = 8000, folder: str | Path | None = None, lang: str = "en") -> int:
    """Run the server until Ctrl-C (``lang``: the page's language); returns the exit code.

    Raises:
        OSError: the port cannot be bound (reported by the CLI as bad input).
    """
    from bridge_director.session import listen
    from bridge_director.web.app import create_app
    from bridge_director.web.store import default_folder
    where = Path(folder) if folder else default_folder()
    if folder:
        _check_folder(where)
    try:
        app = create_app(where, hosts=served_hosts(host), lang=lang)
    except OSError as e:        # the folder (or the page's key in it) cannot be made or read
        from bridge_director.base.yamlpos import InputError
        raise InputError(str(where), 0, 0, "", f"--folder: cannot keep the saved cases there: {e.strerror or e}") from None
    from bridge_director.session import api
    api.limit_memory()                  # a long evening meets many shapes of case: few rulesets kept
    api.rulebook()                      # compile the rulebook now, not on the first tap
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))        # a clear error now, rather than uvicorn's log line
    banner(host, port, where)
    listen.run(app, host, port)     # idle or slow connections dropped, a bound per client address
    return 0

"""Files a user names: read with a limit, written whole or not at all, each mistake one line.

Every path the command line is given goes through here before any work is done:

- :func:`regular_input` -- the path exists and is a regular file (a FIFO, a device, a socket
  or a folder is refused at once: opening a FIFO would wait for a writer for ever, and a
  device such as ``/dev/zero`` never ends);
- :func:`read_bytes` -- at most ``limit`` bytes are read, and more is refused;
- :func:`check_output` -- the folder exists and can be written, the path is not a folder, a
  FIFO or a device, and it is not one of the command's own input files (``report CASE -o
  CASE`` would overwrite the case);
- :func:`write_atomic` -- the text goes to a temporary file beside the target, which then
  replaces it (``os.replace``): a full disk or a killed process leaves the old file as it
  was and no half-written one.

Each refusal is an :class:`~bridge_director.base.yamlpos.InputError` (exit 2) that names the
file and says what was expected. No bridge and no law here.
"""
from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from bridge_director.base.lines import displayable
from bridge_director.base.yamlpos import InputError

_KINDS = ((stat.S_ISREG, "a file"), (stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def kind(mode: int) -> str:
    """What a path of ``stat`` mode ``mode`` is, in words: 'a file', 'a folder', 'a FIFO (named
    pipe)', 'a device', 'a socket' (the one table; every "found ..." of a path check reads it)."""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def regular_input(path: "str | Path", what: str = "a file") -> os.stat_result:
    """The ``stat`` of ``path``, which must be an existing regular file (symbolic links followed).

    Raises:
        InputError: no such file, or a folder, FIFO, device or socket.
    """
    p = str(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise InputError(p, 0, 0, "", "no such file") from None
    except OSError as e:
        raise InputError(p, 0, 0, "", f"cannot read the file: {e.strerror}") from None
    if not stat.S_ISREG(st.st_mode):
        raise InputError(p, 0, 0, "", f"expected {what} (a regular file), found {kind(st.st_mode)}")
    return st


def read_bytes(path: "str | Path", limit: int, what: str = "a file") -> bytes:
    """The bytes of the regular file ``path``, refused unread when it holds more than ``limit``
    (no more than ``limit + 1`` bytes are ever read, so a file that grows costs nothing).

    Raises:
        InputError: not a regular file (see :func:`regular_input`), too large, or unreadable.
    """
    p = str(path)
    st = regular_input(p, what)
    if st.st_size > limit:
        raise InputError(p, 0, 0, "", f"the file is {st.st_size:,} bytes; expected {what} of at most "
                                      f"{limit:,} bytes: refused unread")
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):       # swapped for something else since the stat
                raise InputError(p, 0, 0, "", f"expected {what} (a regular file)")
            with os.fdopen(fd, "rb", closefd=False) as fh:
                data = fh.read(limit + 1)
        finally:
            os.close(fd)
    except InputError:
        raise
    except OSError as e:
        raise InputError(p, 0, 0, "", f"cannot read the file: {e.strerror}") from None
    if len(data) > limit:
        raise InputError(p, 0, 0, "", f"expected {what} of at most {limit:,} bytes (it grew while it was read)")
    return data


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


#: output names that mean standard output (``-o -``, ``-o /dev/stdout``): written there, never
#: replaced by a file
STANDARD_OUTPUT = ("-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")


def check_output(path: "str | Path", inputs: "tuple | list" = ()) -> Path:
    """Check, before any work, that ``path`` can be written as a whole file: its folder exists
    and is writable, it is not a folder, FIFO or device, and it is none of ``inputs`` (the files
    the command reads). Returns the path.

    Raises:
        InputError: one line saying which of these it is not.
    """
    p = Path(path)
    if str(path) == "" or str(path).endswith(os.sep):
        raise InputError(str(path), 0, 0, "", "expected a file name to write, found a folder name")
    folder = p.parent if str(p.parent) else Path(".")
    try:
        os.stat(folder)
    except FileNotFoundError:
        pass
    except OSError as e:          # a name too long, a loop of links, a file where a folder should be
        raise InputError(str(path), 0, 0, "", f"cannot write the file there: {e.strerror}") from None
    if not folder.exists():
        raise InputError(str(path), 0, 0, "", f"expected an existing folder to write into, found no folder {str(folder)!r}")
    if not folder.is_dir():
        raise InputError(str(path), 0, 0, "", f"expected a folder to write into, but {str(folder)!r} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(str(path), 0, 0, "", f"expected a folder this user can write into, found {str(folder)!r} "
                                              "read-only")
    try:
        st = os.stat(p)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise InputError(str(path), 0, 0, "", f"cannot write the file: {e.strerror}") from None
    if st is not None:
        if not stat.S_ISREG(st.st_mode):
            raise InputError(str(path), 0, 0, "", f"expected a file to write, found {kind(st.st_mode)}")
        for src in inputs:
            if src not in (None, "-") and Path(src).exists() and _same_file(p, Path(src)):
                raise InputError(str(path), 0, 0, "", f"expected an output other than the input {src}: "
                                                      "writing there would overwrite it")
        if not os.access(p, os.W_OK):
            raise InputError(str(path), 0, 0, "", "expected a file this user can write, found it read-only")
    try:
        if stat.S_ISLNK(os.lstat(p).st_mode):
            # the file is written whole, then renamed over the name: over a link that replaces the
            # link itself (was: `-o /dev/stdout`, standard output a file, replaced the system's
            # /dev/stdout by a regular file), never the file it points to: refused, said so
            raise InputError(str(path), 0, 0, "", f"expected a file to write, found a symbolic link (to "
                                                  f"{os.readlink(p)!r}): name the file itself (or '-' for "
                                                  f"standard output)")
    except OSError:
        pass
    return p


def write_atomic(path: "str | Path", data: "str | bytes") -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all: a temporary file in the
    same folder, flushed to disk, then renamed over ``path`` (its mode kept when it existed).

    Raises:
        InputError: the disk is full or the file cannot be written (nothing is left behind).
    """
    p = Path(path)
    raw = displayable(data).encode("utf-8") if isinstance(data, str) else data    # no lone surrogate
    folder = p.parent if str(p.parent) else Path(".")
    try:
        mode = stat.S_IMODE(os.stat(p).st_mode)
    except OSError:
        mode = None
    tmp = None
    try:
        # a temporary name of bounded length: a legal name of 241-255 bytes was "File name too long"
        fd, tmp = tempfile.mkstemp(prefix=".director-", suffix=".part", dir=folder)
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, p)
        tmp = None
    except OSError as e:
        why = "the disk is full" if e.errno in (errno.ENOSPC, errno.EDQUOT) else (e.strerror or str(e))
        raise InputError(str(path), 0, 0, "", f"could not write the file ({why}); nothing was written") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass

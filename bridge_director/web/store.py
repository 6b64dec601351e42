"""The evening's session folder on the laptop: saved cases, with names the server makes.

No name or path from a request reaches the file system: a saved case is written under a
name built here from the board number, the time and a counter; a saved case is read back
only by finding, among the folder's own entries, the one whose name equals the one asked for.
"""
from __future__ import annotations

import datetime as _dt
import errno
import os
import tempfile
import re
from dataclasses import dataclass
from pathlib import Path

from bridge_director.base.files import read_bytes
from bridge_director.base.yamlpos import InputError, loads
from bridge_director.case.shapes import MAX_BYTES

NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}\.yaml$")
#: the most cases one session folder lists (a club evening has a few dozen at most)
MAX_LISTED = 1000
#: the most cases, and bytes, the page saves into one session folder: past either, Save is
#: refused (507) and the cases already there stay listed (a replayed save cannot push the
#: evening's cases off the list, or fill the disk: hostile-2026-12-05c F21)
MAX_SAVED = MAX_LISTED
MAX_FOLDER_BYTES = 64 * 1024 * 1024


class FolderFull(OSError):
    """The session folder holds as many cases (or bytes) as the page saves into one."""


def default_folder(today: _dt.date | None = None) -> Path:
    """``<user data dir>/bridge-director/sessions/YYYY-MM-DD``: one folder per evening."""
    import platformdirs
    day = (today or _dt.date.today()).isoformat()
    return Path(platformdirs.user_data_path("bridge-director")) / "sessions" / day


@dataclass(frozen=True)
class Saved:
    """A saved case: its file name, title, board and when it was written (local time)."""

    name: str
    title: str
    board: int | None
    when: _dt.datetime


class Store:
    """The session folder. ``folder`` is created on first save."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self._titles: dict[tuple, tuple[str, int | None]] = {}     # (name, mtime, size) -> (title, board)
        self._saved: dict[str, str] = {}     # what was saved (a digest of the page's state) -> its file name
        self.max_saved = MAX_SAVED           # the most cases saved into (and listed from) the folder

    def new_name(self, board: int | None, now: _dt.datetime | None = None) -> str:
        """A fresh file name: ``board-05-1932-07.yaml`` (board, time, then a counter)."""
        now = now or _dt.datetime.now()
        stem = f"board-{board:02d}" if board is not None else "board-unknown"
        base = f"{stem}-{now:%H%M%S}"
        taken = set(self.names(every=True))
        n = 1
        while f"{base}-{n:02d}.yaml" in taken:
            n += 1
        return f"{base}-{n:02d}.yaml"

    def saved_as(self, what: str) -> "str | None":
        """The name a state was saved under by this server (``what``: its digest), when that file
        is still there: saving the same state again writes nothing new (a replayed save)."""
        name = self._saved.get(what)
        return name if name is not None and self.find(name) is not None else None

    def save(self, text: str, board: int | None, what: "str | None" = None) -> str:
        """Write a case file under a new name; returns the name. ``what``: a digest of what is
        saved, remembered so that :meth:`saved_as` finds it.

        Raises:
            FolderFull: the folder holds MAX_SAVED cases or MAX_FOLDER_BYTES already.
            OSError: the folder cannot be written.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        raw = text.encode("utf-8")
        names = self.names(every=True)
        used = 0
        for n in names:
            try:
                used += os.lstat(self.folder / n).st_size
            except OSError:
                pass
        if len(names) >= self.max_saved or used + len(raw) > MAX_FOLDER_BYTES:
            raise FolderFull(errno.ENOSPC, f"the folder holds {len(names):,} cases ({used // 1024:,} KB) already, as "
                                           f"many as the page saves into one (at most {self.max_saved:,} cases, "
                                           f"{MAX_FOLDER_BYTES // (1024 * 1024)} MB): start the page with "
                                           f"another --folder")
        name = self._save(raw, board)
        if what is not None:
            if len(self._saved) > 2 * self.max_saved:
                self._saved.clear()
            self._saved[what] = name
        return name

    def _save(self, raw: bytes, board: int | None) -> str:
        fd, tmp = tempfile.mkstemp(prefix=".saving-", suffix=".part", dir=self.folder)
        try:
            with os.fdopen(fd, "wb") as f:          # whole or not at all: a full disk leaves no half case
                f.write(raw)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, 0o644)
            for _ in range(100):
                name = self.new_name(board)
                try:
                    os.link(tmp, self.folder / name)     # a new name only: never overwrites
                    return name
                except FileExistsError:
                    continue
                except OSError as e:
                    if e.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                        raise
                    try:                                 # a folder without hard links (a FAT stick)
                        with open(self.folder / name, "xb") as f:
                            f.write(raw)
                        return name
                    except FileExistsError:
                        continue
            raise OSError("could not find a free file name in the session folder")
        finally:
            try:
                os.unlink(tmp)
            except OSError:
                pass

    def names(self, every: bool = False) -> list[str]:
        """The names of the saved cases, oldest first (only names this store could have made):
        the newest MAX_LISTED, or ``every`` one."""
        try:
            entries = list(os.scandir(self.folder))
        except (FileNotFoundError, NotADirectoryError):
            return []
        files = [e for e in entries if e.is_file(follow_symlinks=False) and NAME_RE.match(e.name)]
        files.sort(key=lambda e: (e.stat().st_mtime, e.name))
        return [e.name for e in (files if every else files[-max(MAX_LISTED, self.max_saved):])]

    def find(self, name: str) -> Path | None:
        """The saved case whose name equals ``name``: a name this store could have made (no path
        in it), a regular file of the folder (not a link); None if none. Found by its name, not
        among the newest listed only (a flood of saves hid the evening's cases from /open)."""
        if not isinstance(name, str) or not NAME_RE.fullmatch(name):
            return None
        import stat
        p = self.folder / name
        try:
            if not stat.S_ISREG(os.lstat(p).st_mode):
                return None
        except (OSError, ValueError):
            return None
        return p

    def read(self, name: str) -> str | None:
        """The text of a saved case, or None when there is no such case.

        Raises:
            TooLarge: the file holds more than a case may (read no further than the limit).
        """
        p = self.find(name)
        if p is None:
            return None
        try:
            if p.stat().st_size > MAX_BYTES:
                raise TooLarge(name)
            return read_bytes(p, MAX_BYTES, "a case file").decode("utf-8")
        except (InputError, OSError, UnicodeDecodeError):     # gone, grown, swapped or not UTF-8
            return None

    def listing(self) -> list[Saved]:
        """Every saved case, newest first, with its title and board (unreadable ones titled so,
        a file larger than a case "(too large)", unread). A file's title is read once while it
        is unchanged (same size and time), not on every visit of the list."""
        out = []
        for n in reversed(self.names()):
            p = self.folder / n
            try:
                st = p.stat()
            except OSError:
                continue
            when = _dt.datetime.fromtimestamp(st.st_mtime)
            stamp = (n, st.st_mtime_ns, st.st_size)
            if stamp not in self._titles:
                if len(self._titles) > 2 * MAX_LISTED:
                    self._titles.clear()
                self._titles[stamp] = _title(p, n, st.st_size)
            title, board = self._titles[stamp]
            out.append(Saved(n, title, board, when))
        return out


class TooLarge(Exception):
    """A file of the session folder larger than a case may be (args: its name)."""


def _title(p: Path, n: str, size: int) -> "tuple[str, int | None]":
    """(title, board) of the saved case ``p``: read only when it is no larger than a case."""
    if size > MAX_BYTES:
        return "(too large to be a case)", None
    try:
        data = loads(read_bytes(p, MAX_BYTES, "a case file").decode("utf-8"), n)
    except (InputError, OSError, UnicodeDecodeError):
        return "(could not be read)", None
    if not isinstance(data, dict):
        return "(could not be read)", None
    b = data.get("board")
    return str(data.get("title") or n), (b if isinstance(b, int) and not isinstance(b, bool) else None)

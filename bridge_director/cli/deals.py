"""The ``deals`` commands: check a PBN file's shuffling, and register deals as played.

    director deals check FILE.pbn [FILE.pbn ...] [--db PATH] [--session NAME] [--format text|json]
    director deals register FILE.pbn --session NAME [--db PATH] [--format text|json]

Exit codes: 0 nothing found, 1 findings (flagged boards or set, deals already
played in another session, boards not registered), 2 bad input (unreadable or
malformed PBN, unusable register): one line ``file:line:col: ...`` on stderr.
``deals check`` takes several files: each is reported in turn (a bad file gets its
error line and the others are still checked) and the exit code is the worst one
(2 > 1 > 0). With more than one file the text report puts a ``== FILE ==`` line
before each file's report (``not checked: bad input ...`` for a bad file), and ``--format json`` prints a list with one object per
file (each object has a ``file`` key, as the single-file object does).

``add_deals_commands(subparsers)`` wires the commands into a parent parser;
each sets ``func`` so the caller runs ``args.func(args)``.  Standalone:
``python -m bridge_director.cli.deals deals check FILE.pbn``.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys

from bridge_director.bridge.deals import Register, RegisterError, check_boards, default_db_path, report_json
from bridge_director.bridge.pbn import PbnError, read_pbn

__all__ = ["add_deals_commands", "cmd_check", "cmd_register", "main"]


def add_deals_commands(subparsers: "argparse._SubParsersAction") -> argparse.ArgumentParser:
    """Add ``deals check`` and ``deals register`` to an argparse subparsers object.

    Returns:
        The ``deals`` parser.
    """
    deals = subparsers.add_parser(
        "deals", help="check how boards were shuffled; register deals as played",
        description="Evidence about shuffling, and a register of deals already played.")
    sub = deals.add_subparsers(dest="deals_command", metavar="{check,register}")
    sub.required = True

    db_help = f"deal register database (default: {default_db_path()})"
    check = sub.add_parser(
        "check", help="report boards that look dealt from a sorted or poorly shuffled pack",
        description="Per-board and set-level statistics against a thorough shuffle; also "
                    "lists boards already registered as played.")
    check.add_argument("files", metavar="FILE.pbn", nargs="+",
                       help="PBN file(s) with [Deal] tags; each is reported in turn, "
                            "the exit code is the worst (2 bad input > 1 findings > 0)")
    check.add_argument("--db", type=pathlib.Path, help=db_help)
    check.add_argument("--session", help="this file's session: its own registrations are "
                                         "not reported")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.set_defaults(func=cmd_check)

    reg = sub.add_parser(
        "register", help="record the file's deals as played in a session",
        description="Record every deal of the file as played in SESSION, in one transaction. "
                    "Deals already played in another session are reported, not registered.")
    reg.add_argument("file", metavar="FILE.pbn", help="PBN file with [Deal] tags")
    reg.add_argument("--session", required=True, help="session name, e.g. 2026-03-14-pm")
    reg.add_argument("--db", type=pathlib.Path, help=db_help)
    reg.add_argument("--format", choices=("text", "json"), default="text")
    reg.set_defaults(func=cmd_register)
    return deals


def _fail(message: str) -> int:
    print(f"error: {message}" if not _has_location(message) else message, file=sys.stderr)
    return 2


def _has_location(message: str) -> bool:
    return ":" in message.split(" ", 1)[0]


def cmd_check(args: argparse.Namespace) -> int:
    """Handler for ``deals check``: every file in turn; returns the worst exit code (2 > 1 > 0)."""
    files = list(args.files)
    reports: list[dict] = []
    worst = 0
    for i, file in enumerate(files):
        if args.format == "text" and len(files) > 1:
            print(("\n" if i else "") + f"== {file} ==", flush=True)
        code, report = _check_one(file, args)
        worst = max(worst, code)
        if code == 2 and args.format == "text" and len(files) > 1:
            print("not checked: bad input (the error is on stderr)")
        if report is not None:
            reports.append(report)
    if args.format == "json" and reports:
        print(json.dumps(reports if len(files) > 1 else reports[0], indent=2))
    return worst


def _check_one(file: str, args: argparse.Namespace) -> "tuple[int, dict | None]":
    """Check one PBN file: (exit code, its JSON object or None); text output is printed here."""
    try:
        boards = read_pbn(file)
    except PbnError as e:
        return _fail(str(e)), None
    if not boards:
        return _fail(f"{file}: no [Deal] tag found"), None
    db = args.db if args.db is not None else default_db_path()
    note = None
    try:
        if pathlib.Path(db).exists():
            with Register(db, create=False) as reg:
                report = check_boards(boards, reg, args.session)
        else:
            report = check_boards(boards)
            note = f"no deal register at {db}: not compared with earlier sessions"
    except RegisterError as e:
        return _fail(str(e)), None
    code = 1 if report.has_findings else 0
    if args.format == "json":
        d = {"file": str(file), **json.loads(report_json(report))}
        d["register"] = str(db)
        d["note"] = note
        return code, d
    print(report.text())
    if note:
        print(note)
    sys.stdout.flush()
    return code, None


def cmd_register(args: argparse.Namespace) -> int:
    """Handler for ``deals register``; returns the exit code."""
    try:
        boards = read_pbn(args.file)
    except PbnError as e:
        return _fail(str(e))
    if not boards:
        return _fail(f"{args.file}: no [Deal] tag found")
    try:
        with Register(args.db) as reg:
            result = reg.register(boards, args.session)
    except RegisterError as e:
        return _fail(str(e))
    if args.format == "json":
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print("\n".join(result.lines()))
    return 0 if result.ok else 1


def main(argv: "list[str] | None" = None) -> int:
    """Run ``deals ...`` standalone (until the ``director`` command wires it in)."""
    parser = argparse.ArgumentParser(prog="director")
    sub = parser.add_subparsers(dest="command", metavar="{deals}")
    sub.required = True
    add_deals_commands(sub)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code) if isinstance(e.code, int) else 2
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())

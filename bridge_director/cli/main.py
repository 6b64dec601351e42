"""The ``director`` command.

    director rule CASE.yaml [--format text|markdown|json] [--trace]
    director check [PATH ...]           # every case with an expect: block; exit 1 on a failure,
                                        # 2 on bad input (incl. an unknown expected outcome code
                                        # or bad cite) or when no case has an expect: block
                                        # ('director rule' ignores expect:)
    director schema                     # print the case-file JSON Schema
    director serve [--host H --port N]  # the page for the director's phone (local web server)
    director editions                   # the editions (codes of law) the rulebook holds
    director compare CASE --editions A,B[,C]   # one case ruled under several editions
    director table FILE                 # form a table from the cuts (club code of seed 003)
    director coverage [--format text|markdown|json]   # Laws 1-39: rules, cases or reason per label
    director deals check|register ...   # shuffle evidence and the register of played deals

Exit codes: 0 ok; 1 a check failed (or findings); 2 bad input (one clear line: file:line:col,
field, what was expected, what was found; no traceback); 3 the engine is not usable.
``--debug`` also prints the Python traceback to stderr, before that line; the exit code is the same.
"""
from __future__ import annotations

import gc

_GC_ON = gc.isenabled()
gc.disable()        # while this module and PyYAML load (see _pause_gc)
try:
    import json
    import sys
    from pathlib import Path

    from bridge_director.base.lines import for_terminal, inline
    from bridge_director.base.yamlpos import InputError, WordedError
finally:
    if _GC_ON:
        gc.freeze()     # see _resume_gc
        gc.enable()

HELP = """\
bridge-director: rulings on irregularities at the bridge table, with exact citations.

At the table:  director ask        (the interview: board, calls, what happened; then only
                                   what the ruling needs)
In one line:   director rule --board 5 --auction "1S 1H" --judge "E 1H unintended=no"

Or describe what happened in a case file (YAML: board, events in order, the director's
judgements; or PBN) and ask for the ruling. Examples:
  director rule cases/ib-01-insufficient-1h-over-1nt.yaml
  director rule my-case.yaml --format markdown --trace
  director check cases/
"""


def _argparse_classes() -> tuple:
    """(``_Parser``, ``_Step``), made on first use: argparse is imported only when a parser is
    built (``director rule CASE`` reads its few arguments without it, see _plain_rule_args).

    ``_Parser``: argparse, with a usage mistake reported as one line (``director: error: ...``,
    exit 2) like any other bad input; ``--help`` still shows the usage. ``_Step``: the action
    of --auction and --event, which keep their order among each other (in ``steps``)."""
    global _PARSER_CLASSES, argparse
    if _PARSER_CLASSES is None:
        import argparse     # the module's own name, for the functions that build parsers

        class _Parser(argparse.ArgumentParser):
            def error(self, message: str):
                self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

        class _Step(argparse.Action):
            def __call__(self, parser, namespace, values, option_string=None):
                steps = list(getattr(namespace, "steps", None) or [])
                steps.append((self.dest, values))
                namespace.steps = steps
        _PARSER_CLASSES = (_Parser, _Step)
    return _PARSER_CLASSES


_PARSER_CLASSES: "tuple | None" = None


class _Stub:
    """What a command's parser is built as when another command was asked for: its name and
    help line only (all the top-level list shows); adding arguments to it does nothing."""

    def __getattr__(self, name):
        return lambda *args, **kwargs: self


class _OnlyOne:
    """The subcommands, with the arguments of only the command asked for (``only``) built:
    argparse formats help for every argument it adds, so building all of them costs a cold
    ``director rule`` several milliseconds for parsers it never uses. None builds them all."""

    def __init__(self, sub, only: "str | None"):
        self.sub, self.only = sub, only

    def add_parser(self, name: str, **kwargs):
        if self.only is None or name == self.only:
            return self.sub.add_parser(name, **kwargs)
        self.sub.add_parser(name, help=kwargs.get("help"), add_help=False)
        return _Stub()


_EVENTS_MARK = "@@EVENTS@@"


def _rule_help(*args, **kwargs):
    """The help formatter of ``director rule``: the epilog ends with every event a director can
    type and its fields (bridge_director.session.draft.events_help), read only when the help
    is shown (argparse is imported lazily, so the class is made here)."""
    class RuleHelp(argparse.RawDescriptionHelpFormatter):
        def _format_text(self, text):
            if _EVENTS_MARK in text:
                from bridge_director.session.draft import events_help
                text = text.replace(_EVENTS_MARK, events_help())
            return super()._format_text(text)
    return RuleHelp(*args, **kwargs)


def _parser(with_deals: bool = False, only: "str | None" = None) -> argparse.ArgumentParser:
    """The ``director`` command line; with ``only``, just that command's arguments are built
    (the others appear by name and help line)."""
    _Parser, _Step = _argparse_classes()
    p = _Parser(prog="director", description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--debug", action="store_true", help="show Python tracebacks on errors")
    sub = _OnlyOne(p.add_subparsers(dest="command", metavar="COMMAND"), only)

    r = sub.add_parser("rule", help="rule on one case file", formatter_class=_rule_help,
                       description="Rule on one case: which law applies, what each player may now choose, "
                                   "what is forced, and when the score may later be adjusted.\n"
                                   "Every line ends with the sub-clause it comes from.",
                       epilog="A case file lists the board, the events in order (calls, the director being called, "
                              "a player accepting or not, a replacement call) and the director's judgements "
                              "(e.g. 'W 2C comparable: true'). Where a judgement is missing the ruling gives "
                              "each branch. See README.md and schemas/case.schema.json.\n\n" + _EVENTS_MARK)
    r.add_argument("case", nargs="?", help="the case file (YAML, or PBN: BOARD.pbn); '-' reads it from standard "
                                           "input; leave it out to describe the case with --board/--auction")
    one = r.add_argument_group("the case in one line (with or without a case file)",
                               'e.g. director rule --board 5 --auction "1S 1H" --judge "E 1H unintended=no"')
    one.add_argument("--board", type=_whole, metavar="N", help="the board number (dealer and vulnerability follow)")
    one.add_argument("--dealer", metavar="SEAT", help="the dealer, when the board number is not known")
    one.add_argument("--auction", "-a", action=_Step, metavar="CALLS",
                     help="calls in rotation from the dealer (or from the player after the last call): "
                          "'1S 1H'; a call out of rotation with its seat: '1S W:1H'")
    one.add_argument("--event", "-e", action=_Step, metavar="EVENT",
                     help="another event, in order with the calls: 'director', 'S accepts', 'S declines', "
                          "'E 1H>2H', 'hand-count E 14', 'wrong-board E 5', 'wrong-board-at-table 15 E' "
                          "(every event and its fields: below)")
    one.add_argument("--judge", "-j", action="append", default=[], metavar="JUDGEMENT",
                     help="a director's judgement: 'E 1H unintended=no', 'S 2C comparable=yes'")
    one.add_argument("--scoring", choices=("pairs", "teams", "individual"), help="the form of scoring")
    r.add_argument("--write", choices=("yaml", "pbn", "expect"),
                   help="print the case (as a case file, or as PBN) instead of the ruling; expect: "
                        "the case file with an expect: block drafted from today's ruling (each item "
                        "followed by the ruling's words for it: check each against the Laws before "
                        "you keep it)")
    r.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                   help="text for the table (default), markdown for a committee report, json for programs")
    r.add_argument("--trace", action="store_true",
                   help="add, for every conclusion, the rule, its citation, the facts it matched and the "
                        "case events (number and file:line) they came from")
    r.add_argument("--lang", choices=("en", "pt"),
                   help="the language of the ruling (default: the case's lang:, else en); pt: Portuguese")
    r.add_argument("--edition", metavar="NAME",
                   help="rule under this edition instead of the case's own edition: (see 'director editions')")
    r.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)

    e = sub.add_parser("editions", help="list the editions (codes of law) the rulebook holds",
                       description="List the editions: each is a code of law with its own rules; "
                                   "the mechanics (seats, calls, the auction replay) are shared.")
    e.add_argument("--format", choices=("text", "json"), default="text")
    e.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)

    m = sub.add_parser("compare", help="rule on one case under several editions, side by side",
                       description="Rule on one case under each edition given and show the rulings side by "
                                   "side, the differences marked: for whom, what changes, under which clause.")
    m.add_argument("case", help="the case file (YAML)")
    m.add_argument("--editions", required=True, metavar="A,B[,C]",
                   help="two or more edition names, comma-separated (see 'director editions')")
    m.add_argument("--format", choices=("text", "json"), default="text")
    m.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)

    t = sub.add_parser("table", help="form a table from the cuts (the club code of seed 003)",
                       description="Who plays, the partnerships, the dealer, who belongs to the table as fifth "
                                   "and sixth, and at a rubber's end who goes out, from the candidates in order "
                                   "of arrival and the cards they cut (the Portland Club code, c. 1909).")
    t.add_argument("file", help="the table file (YAML): candidates, selection, partners, recut, rubber_end")
    t.add_argument("--format", choices=("text", "json"), default="text")
    t.add_argument("--lang", choices=("en", "pt"), default="en",
                   help="the language of the lines: en (English) or pt (Portuguese, Brazilian usage)")
    t.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)

    c = sub.add_parser("check", help="run every case that has an expect: block",
                       description="Rule on every case file with an expect: block and compare the (citation, "
                                   "outcome) pairs exactly. Prints one line per case; exits 1 if any case fails, "
                                   "2 on bad input: a case file that does not load, an expected outcome code not "
                                   "in rules/vocabulary.yaml or a malformed cite (ERROR lines), or no case with "
                                   "an expect: block at all.")
    c.add_argument("paths", nargs="*", default=["cases"], help="case files or folders (default: cases)")
    c.add_argument("-j", "--jobs", type=_whole, default=1, metavar="N",
                   help="rule the cases on N processes at once (0: one per core); the output is the same")
    c.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)

    pr = sub.add_parser("prove", help="rule and check every situation up to K calls (an exhaustive enumeration)",
                        description="Enumerate every auction of up to K calls from a set of calls, made by every "
                                    "seat (in rotation and out of it), the director called at the end; then every "
                                    "answer to the questions each ruling asks (judgements and decisions), up to a "
                                    "depth. Rule and check each situation (it settles, nothing fails inside, and "
                                    "the properties of bridge_director.audit); print the number of situations, the faults "
                                    "by kind with the smallest example of each, and situations per second. "
                                    "Exits 1 when a fault is found.")
    pr.add_argument("-k", "--calls", type=_whole, default=4, metavar="K", help="the longest auction (default 4)")
    pr.add_argument("--call-set", default=",".join(_PROVE_CALLS), metavar="C,C,...",
                    help=f"the calls to build auctions from (default {','.join(_PROVE_CALLS)})")
    pr.add_argument("--in-rotation", action="store_true", help="only calls made in rotation")
    pr.add_argument("--depth", type=_whole, default=3, help="answers to follow after each auction (default 3)")
    pr.add_argument("-j", "--jobs", type=_whole, default=0, metavar="N", help="processes (default: one per core)")
    pr.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                    help="run on the workers of this Dask distributed scheduler instead of local processes")
    pr.add_argument("--format", choices=("text", "json"), default="text")
    pr.add_argument("--progress", choices=("auto", "yes", "no"), default="auto",
                    help="a progress bar on standard error with the rate and the time left "
                         "(auto: when standard error is a terminal)")
    pr.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    pr.set_defaults(handler=_cmd_prove)

    w = sub.add_parser("serve", help="the page for the director's phone (a local web server)",
                       description="Serve the page for the director's phone: tap the auction, answer the "
                                   "questions, read out the ruling. Prints the address to open and a QR code of it.")
    w.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1, this laptop only; 0.0.0.0 for the club's network)")
    w.add_argument("--port", type=_whole, default=8000, help="port (default 8000)")
    w.add_argument("--folder", help="where saved cases go (default: one folder per evening in the user data folder)")
    w.add_argument("--lang", choices=("en", "pt"), default="en",
                   help="the language of the page and its rulings (pt: Portuguese, calls with the suit symbols)")
    w.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    w.set_defaults(handler=_cmd_serve)

    v = sub.add_parser("coverage", help="the coverage matrix: every labelled part of Laws 1-39 and how it is answered",
                       description="Every labelled part of Laws 1-39 (2017) in order, with the rules citing it, "
                                   "the cases whose expect: exercises it, or the reason it is not a ruling matter. "
                                   "Exits 1 when the matrix finds a fault (a cite without a case, an unknown label).")
    v.add_argument("--format", choices=("text", "markdown", "json"), default="text")
    v.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    _teach_parsers(sub)

    a = sub.add_parser("ask", help="the interview: describe what happened, answer what the ruling needs",
                       description="Asks the board (or the dealer), the calls in one line, what happened next, "
                                   "then only what the ruling waits for; shows the auction it understood and the "
                                   "ruling; r ruling so far, u undo, s save (a case file), q quit.")
    a.add_argument("--board", type=_whole, metavar="N", help="the board number (skips the first question)")
    a.add_argument("--dealer", metavar="SEAT", help="the dealer, when the board number is not known")
    a.add_argument("--save", metavar="FILE", help="the file to save the case to (default: board-N-HHMM.yaml)")
    a.add_argument("--lang", choices=("en", "pt"), default="en",
                   help="the language at the table (pt: Portuguese; calls as 1♥ or 1C = copas, 3SA, P)")
    a.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)

    s = sub.add_parser("schema", help="print the JSON Schema of case files")
    s.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    if with_deals:   # imported only when asked for: its statistics stack is slow to import
        from bridge_director.cli.deals import add_deals_commands
        add_deals_commands(sub.sub)
    else:
        sub.sub.add_parser("deals", help="shuffle evidence for a set of boards, and the register of deals already "
                                         "played (see 'director deals --help')", add_help=False)
    return p


def _teach_parsers(sub) -> None:
    """`report`, `casebook`, `chart` and `quiz` (bridge_director/report, bridge_director/paper/chart.py, bridge_director/quiz)."""
    rp = sub.add_parser("report", help="a committee's report on one case (html, md or pdf)",
                        description="The document an appeal committee attaches to its decision: the facts, "
                                    "the auction, the ruling, one plain sentence of reasoning per conclusion, "
                                    "the laws cited, a diagram of the decision path, and room for the "
                                    "committee's findings and decision.")
    rp.add_argument("case", help="the case file (YAML)")
    rp.add_argument("--format", choices=("html", "md", "pdf"), default="html")
    rp.add_argument("-o", "--output", help="write to this file (default: standard output)")
    rp.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    rp.set_defaults(handler=_cmd_report)
    cb = sub.add_parser("casebook", help="every case in a folder as one document (html or pdf)",
                        description="Every case under a folder as one document, with a contents page and "
                                    "an index by law: a club's record of rulings, or a teaching book.")
    cb.add_argument("folder", help="a folder of case files")
    cb.add_argument("--format", choices=("html", "pdf"), default="html")
    cb.add_argument("--title", help="the document's title")
    cb.add_argument("-o", "--output", help="write to this file (default: standard output)")
    cb.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    cb.set_defaults(handler=_cmd_casebook)
    ch = sub.add_parser("chart", help="one law's card: its questions in order, each outcome with its sub-clause "
                                      "(one A4 page; --full: the whole graph)",
                        description="One law as the laminated card directors carry, on one A4 page (landscape): "
                                    "the questions a director asks, in order, each outcome with its sub-clause. "
                                    "--full draws the whole graph of the law's rules instead (each rule a "
                                    "question, each outcome box with its sub-clause).")
    ch.add_argument("law", help="a law the rulebook holds, e.g. 27")
    ch.add_argument("--full", action="store_true", help="the whole graph of the law's rules, not the one-page card")
    ch.add_argument("--format", choices=("svg", "html", "pdf"), default="svg")
    ch.add_argument("-o", "--output", help="write to this file (default: standard output)")
    ch.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    ch.set_defaults(handler=_cmd_chart)
    qz = sub.add_parser("quiz", help="quiz a trainee on a folder of cases, graded (terminal or one HTML page)",
                        description="For each case: the facts (board, auction, events, findings), then "
                                    "questions at each decision point with choices in plain words; marks "
                                    "per key item (consequence, player, clause), the ruling with its "
                                    "reasoning, and a score at the end. The key is each case's expect: "
                                    "block (or a key: in the folder's quiz.yaml): what an answer must contain.")
    qz.add_argument("paths", nargs="+", help="a quiz folder (with quiz.yaml), a folder of cases, or case files")
    qz.add_argument("--export", choices=("html",), help="write one self-contained page instead of asking here "
                                                        "(it holds the key: for a test, use --serve)")
    qz.add_argument("--serve", action="store_true",
                    help="serve the quiz to trainees' browsers: the page holds no key and no ruling, this "
                         "server marks the answers (Ctrl-C stops it)")
    qz.add_argument("--host", default="127.0.0.1", help="with --serve: the address to listen on "
                                                         "(0.0.0.0 for phones on the same network)")
    qz.add_argument("--port", type=_whole, default=8001, help="with --serve: the port (default 8001)")
    qz.add_argument("-o", "--output", help="with --export: write to this file (default: standard output)")
    qz.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    qz.set_defaults(handler=_cmd_quiz)


def _output_ok(output: str | None, *inputs) -> None:
    """Check ``-o`` before any work: a file in an existing, writable folder, not a folder,
    FIFO or device, and none of the command's inputs (bridge_director.base.files)."""
    from bridge_director.base.files import STANDARD_OUTPUT
    if output and output not in STANDARD_OUTPUT:
        from bridge_director.base.files import check_output
        check_output(output, inputs)


def _write_out(data, output: str | None) -> None:
    """Write text or bytes to ``output`` (a path: whole or not at all) or to standard output
    (no ``output``, or one of its names: '-', /dev/stdout)."""
    from bridge_director.base.files import STANDARD_OUTPUT
    if output and output not in STANDARD_OUTPUT:
        from bridge_director.base.files import write_atomic
        write_atomic(output, data)
    elif isinstance(data, bytes):
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
    else:
        sys.stdout.write(data)


def _yaml_case_arg(case: str, command: str) -> None:
    """``report`` and ``compare`` read a case file (YAML): a PBN or standard input is one line
    saying how to make one (was: "broken YAML ... found '[Dealer'", and "-: no such file")."""
    if case == "-" or Path(case).suffix.lower() == ".pbn":
        what = "standard input" if case == "-" else "a PBN file"
        how = "director rule - --write yaml > case.yaml" if case == "-" else f"director rule {case} --write yaml > case.yaml"
        raise InputError(case, 0, 0, "", f"{command} takes a case file (YAML), not {what}: write one first "
                                         f"with `{how}`")


def _case_inputs(case: str) -> list:
    """A case file and the deal register it names (read for 6D2): what a command reading the
    case must not overwrite (``report CASE -o REGISTER`` replaced the club's register)."""
    from bridge_director.case.load import load_case
    named = load_case(case).setting.get("deal_register")
    if not named:
        return [case]
    register = Path(named)
    return [case, register if register.is_absolute() else Path(case).parent / register]


def _cmd_report(args) -> int:
    from bridge_director.report import render_report
    _yaml_case_arg(args.case, "report")
    _output_ok(args.output, *(_case_inputs(args.case) if args.output else [args.case]))
    _write_out(render_report(args.case, args.format), args.output)
    return 0


def _folder_files(path) -> list:
    """The files of a folder (or the path itself): what a command reading it must not overwrite."""
    p = Path(path)
    try:
        return [x for x in p.iterdir() if x.is_file()] if p.is_dir() else [p]
    except OSError:
        return [p]


def _cmd_casebook(args) -> int:
    from bridge_director.report.render import casebook_html
    from bridge_director.paper.layout import pdf_bytes
    _output_ok(args.output, *_folder_files(args.folder))
    page = casebook_html(args.folder, pdf=args.format == "pdf", title=args.title)
    _write_out(pdf_bytes(page) if args.format == "pdf" else page, args.output)
    return 0


def _cmd_chart(args) -> int:
    from bridge_director.session import api
    from bridge_director.chart import render_chart
    _output_ok(args.output)
    _write_out(render_chart(args.law, api.rulebook(), args.format, full=args.full), args.output)
    return 0


def _cmd_quiz(args) -> int:
    from bridge_director.session import api
    from bridge_director import quiz
    if args.export == "html":
        _output_ok(args.output, *[f for p in args.paths for f in _folder_files(p)])
    if args.serve:
        _port_arg(args.port)
        _host_arg(args.host)
    book = api.rulebook()
    q = quiz.load_quiz(args.paths, book)
    if args.serve:
        from bridge_director.quiz.serve import serve
        try:
            from bridge_director.web.serve import served_hosts     # the page's names: not another site's
            return serve(q, book, args.host, args.port, served_hosts(args.host))
        except KeyboardInterrupt:
            return 0
    if args.export == "html":
        _write_out(quiz.export_html(q, book), args.output)
        return 0
    from bridge_director.quiz.terminal import run
    try:
        return run(q, book)
    except KeyboardInterrupt:   # Ctrl-C between two questions (while grading): leave quietly
        print("\nQuiz stopped.")
        return 1


def _draft_from_args(args):
    """The case of ``director rule``: a file, standard input or PBN, and/or the one-line options,
    as an bridge_director.session.draft.Draft (None when only a case file is given, to rule on it as it is)."""
    steps = getattr(args, "steps", None) or []
    one_line = steps or args.judge or args.board or args.dealer or args.scoring
    if args.case is None and not one_line:
        raise WordedError("director rule", "", "expected a case file, '-' (standard input) or --board N / "
                                               "--dealer SEAT with --auction")
    if args.case is not None and args.case != "-" and Path(args.case).suffix.lower() != ".pbn" \
            and not one_line and not args.write:
        return None     # a YAML case file, ruled on as it is (bridge_director.session.api.rule_file)
    from bridge_director.session.draft import Draft, parse_event, parse_judgement
    if args.case is not None:
        from bridge_director.session.intake import load_any
        draft = load_any(args.case)
        if draft is None:
            from bridge_director.case.load import load_case
            draft = Draft.from_case(load_case(args.case))
        if args.lang:
            draft.lang = args.lang
        _beside_file(args, draft)
    else:
        _board_arg(args.board)
        draft = Draft(board=args.board, dealer=_dealer_arg(args.dealer, args.lang, args.board), file="one-line")
    if args.lang:
        draft.lang = args.lang
    # calls, judgement keys and event codes are typed in the ruling's language: with --lang pt
    # (or a case with lang: pt) the calls are read as ask and the page read them, by the one
    # parser (i18n.call_from_words: 2C is two hearts, copas; 1P one club; suit symbols anywhere)
    lang = draft.lang
    draft.calls_lang = lang
    from bridge_director.session.draft import parse_setting
    settings = [parse_setting(j, "--judge") for j in args.judge]
    pending = [parse_judgement(j, "--judge", lang, lang) for j, st in zip(args.judge, settings) if st is None]
    _each_once(args, settings, pending)

    # every step is taken unchecked and the whole case checked once at the end (checking it
    # after each step made 500 events quadratic: hostile-2026-12-05c F11); an error then names
    # the argument that added the event, judgement or setting at fault
    draft.defer_checks = True
    first_own = len(draft.events)
    by_event: list[str] = []          # the argument that added each event after the file's own
    by_key: dict[str, str] = {}       # the argument of each judgement and setting

    def judge_what_can_be_judged() -> None:
        # a judgement is stated as soon as the call it names is in the case, so that the calls
        # typed after it go to the player the ruling then waits for (a replacement still owed
        # once a non-comparable double is cancelled, 27B3, is the next call typed)
        for item in list(pending):
            if _names_a_call_made(draft, item[0]):
                checked()           # (a wrong event before it is named as that event's, not the judgement's)
                added(f'--judge "{item[0]}"', draft.judge, *item)
                pending.remove(item)

    def added(where: str, change, *values) -> None:
        before = len(draft.events)
        try:
            change(*values)
        except InputError as e:
            raise _addition_error(e, where, args.case is not None) from None
        by_event.extend([where] * (len(draft.events) - before))
        if change == draft.judge or change == draft.set:
            by_key[str(values[0])] = where

    def checked() -> None:
        # the whole case, once: an error named by the argument at fault (beside a case file, not
        # a line and column of merged text the user never saw: was "j3.yaml:9:44" in a 7-line file)
        try:
            draft.case()
        except InputError as e:
            import re
            m = re.match(r"^events\.(\d+)", e.field or "")
            k = re.match(r"^(?:judgement\.)?([^.]+)", e.field or "")
            if m and first_own < int(m.group(1)) <= first_own + len(by_event):
                where = by_event[int(m.group(1)) - first_own - 1]
            elif k and k.group(1) in by_key:
                where = by_key[k.group(1)]
            elif args.case is not None:
                where = "--auction/--event/--judge"
            else:
                raise
            raise _addition_error(e, where, args.case is not None) from None
    from bridge_director.case.shapes import MAX_EVENTS
    coming = len(draft.events) + sum(len(v.replace(",", " ").split()) if k == "auction" else 1 for k, v in steps)
    if coming > MAX_EVENTS:         # counted before the case is built (each step checks the whole case)
        raise WordedError("--auction/--event", "", "the case would hold {count} events; a case holds at most "
                                                   "{limit} (write a case file for a longer one)",
                          count=f"{coming:,}", limit=MAX_EVENTS)
    for kind, value in steps:
        if kind == "auction":
            judge_what_can_be_judged()
            added(f'--auction "{value}"', draft.add_calls, value)
        else:
            added(f'--event "{value}"', draft.add_event, parse_event(value, "--event", lang, lang))
    for item in pending:
        added(f'--judge "{item[0]}"', draft.judge, *item)
    for st in settings:
        if st is not None:
            added(f'--judge "{st[0].replace("_", "-")}"', draft.set, *st)
    if args.scoring:
        added("--scoring", draft.set, "scoring", args.scoring)
    if args.edition:
        draft.edition = _edition_arg(args.edition)
    checked()
    draft.defer_checks = False
    return draft


def _names_a_call_made(draft, key: str) -> bool:
    """Whether a judgement key typed with -j names something already in the case: 'event N
    ...' an event there, 'SEAT CALL ...' a call made (any other key: True, so that it is judged
    and, when wrong, refused)."""
    import re
    m = re.match(r"^\s*event\s+(\d+)\s", key)
    if m:
        return int(m.group(1)) <= len(draft.events)
    made = draft._made(key, draft.events)
    return made is None or bool(made)


def _addition_error(e: InputError, where: str, beside_file: bool) -> InputError:
    """An error of the case built from the command line, for the argument ``where`` that added
    the part at fault. In the one-line form as it is (:func:`_one_line_error` names the option);
    beside a case file named by the argument, with no line or column of the merged text."""
    if not beside_file:
        return e
    import re
    field = re.sub(r"^(events\.\d+|judgement\.[^.]+|setting)\.?", "", e.field or "")
    if isinstance(e, WordedError):
        return e.moved(where, field)
    message = re.sub(r"\bon line \d+\b", "in the case file", e.message)
    return InputError(where, 0, 0, field, message)


def _each_once(args, settings: list, pending: list) -> None:
    """A finding or a setting typed twice in one command line is one clear error, never the
    last one taken in silence (``-j "E 1H unintended=no" -j "E 1H unintended=yes"``)."""
    def shown(v):
        return ",".join(map(str, v)) if isinstance(v, list) else ("yes" if v is True else "no" if v is False else str(v))
    seen: dict = {}
    typed = [(f"--judge \"{k}\"", k, v) for k, v in pending]
    typed += [(f"--judge \"{st[0].replace('_', '-')}\"", ("setting", st[0]), st[1]) for st in settings if st is not None]
    if args.scoring:
        typed.append(("--scoring", ("setting", "scoring"), args.scoring))
    for where, key, value in typed:
        if key in seen:
            raise WordedError("director rule", where, "given twice ({first}, then {then}): expected each finding "
                                                      "and setting once", first=shown(seen[key]), then=shown(value))
        seen[key] = value


def _cmd_rule(args) -> int:
    try:
        return _rule(args)
    except InputError as e:
        raise _one_line_error(e) from None


def _rule(args) -> int:
    from bridge_director.session import api
    from bridge_director.ruling.render import RENDERERS
    draft = _draft_from_args(args)
    if draft is None:
        ruling = api.rule_file(args.case, edition=_edition_arg(args.edition), lang=args.lang)
    elif args.write == "yaml":
        sys.stdout.write(draft.to_yaml())
        return 0
    elif args.write == "pbn":
        from bridge_director.session.pbn_case import draft_to_pbn, pbn_leaves_out
        sys.stdout.write(draft_to_pbn(draft))
        left = pbn_leaves_out(draft)
        if left:            # the export is not the case: said, so a PBN read back is not taken for it
            print(f"director: note: {left}", file=sys.stderr)
        return 0
    elif args.write == "expect":
        sys.stdout.write(_drafted_expect(draft, args))
        return 0
    else:
        ruling = api.rule(draft.case(), edition=_edition_arg(args.edition), lang=args.lang)
    out = RENDERERS[args.format](ruling, trace=args.trace)
    sys.stdout.write(out if args.format == "json" else for_terminal(out))      # (JSON escapes its own)
    if draft is not None and args.format == "text" and not args.edition:
        owed = draft.owed_words("""dê a voz de {seat} com -a "VOZ" (a próxima voz dada é essa substituição)"""
                                if draft.lang == "pt" else
                                """add {seat}'s call with -a "CALL" (the next call given is that replacement)""")
        if owed:
            sys.stdout.write(f"\n{'A seguir' if draft.lang == 'pt' else 'Next'}: {owed}\n")
    return 0


def _drafted_expect(draft, args) -> str:
    """The case file of ``draft`` with an ``expect:`` block drafted from the ruling on it: one
    ``{cite, outcome}`` item per distinct pair, in the order of the ruling's lines, each with
    the line's words as a comment (its branch or option named), for a teacher to check against
    the Laws; the case's own ``expect:`` is not read (the draft is today's ruling, not a key)."""
    from bridge_director.session import api
    from bridge_director.ruling.grid import seats_in_full
    ruling = api.rule(draft.case(), edition=_edition_arg(args.edition), lang=args.lang)
    lang = getattr(ruling.case, "lang", None) or "en"
    items: list[dict] = []
    notes: list[str] = []
    seen: set[tuple[str, str]] = set()
    for ln in ruling.lines:
        if (ln.cite, ln.code) in seen:
            continue
        seen.add((ln.cite, ln.code))
        items.append({"cite": ln.cite, "outcome": ln.code})
        where = " ".join(w for w in (ln.branch, ln.option) if w)
        notes.append(seats_in_full((f"[{where}] " if where else "") + ln.text, lang))
    head = ("# expect: rascunho do bridge-director a partir da sua própria decisão, não uma chave: "
            "confira cada item com as Leis antes de o manter\n" if lang == "pt" else
            "# expect: drafted by bridge-director from its own ruling, not a key: check every item "
            "against the Laws before you keep it\n")
    return head + draft.to_yaml(expect=items, notes=notes)


_GC_PAUSED = False


def _pause_gc() -> None:
    """A command's start-up (imports, the rulebook) allocates many objects that live as long as
    the process and hold no garbage cycles: the cyclic collector, run every few hundred
    allocations, only costs time there (a tenth of a cold ``director rule``). It is paused
    while the command starts, and for ``director rule`` until it ends: one case, bounded in
    size (MAX_BYTES, MAX_EVENTS) and in work (the engine's MAX_FIRINGS and MAX_ROUNDS), whose
    peak memory is the same without it (tools/bench.py's worst cases)."""
    global _GC_PAUSED
    if gc.isenabled():
        gc.disable()
        _GC_PAUSED = True


def _resume_gc() -> None:
    """The collector on again. What was allocated while it was paused is frozen first (moved
    out of its reach: modules, the rulebook, live as long as the process): else the first
    collection would walk every one of those objects, young in its eyes, at once."""
    global _GC_PAUSED
    if _GC_PAUSED:
        gc.freeze()
        gc.enable()
        _GC_PAUSED = False


def _one_line_error(e: InputError) -> InputError:
    """For the one-line form, the error naming the option at fault (``--judge "Z 1H
    unintended"``, ``--auction/--event: event 3``), not a line of the YAML the user never wrote;
    other errors as they are."""
    import re
    if e.file != "one-line":
        return e

    def moved(file: str, field: str) -> InputError:
        return e.moved(file, field) if isinstance(e, WordedError) else InputError(file, 0, 0, field, e.message)
    m = re.match(r"^judgement\.(.+)$", e.field or "")
    if m:
        return moved(f'--judge "{m.group(1)}"', "")
    m = re.match(r"^events\.(\d+)(?:\.(.+))?$", e.field or "")
    if m:
        return moved(f"--auction/--event: event {m.group(1)}", m.group(2) or "")
    return moved("one-line", e.field)


def _whole(text: str) -> int:
    """A whole number on the command line as a case file takes one: ASCII digits 0-9 (a leading
    sign allowed: the option then says which range it takes), at most 100 of them, checked before
    it is converted (so '５' and '٣' are refused as `board: １` is in a case file, and 5,000
    digits are never read)."""
    import argparse
    import re
    if re.fullmatch(r"[+-]?[0-9]{1,100}", text, flags=re.ASCII):
        return int(text)            # (the option then names its range: "from 1 to 9999, found a number of 31 digits")
    if re.fullmatch(r"[+-]?[0-9]+", text, flags=re.ASCII):
        shown = f"a number of {len(text.lstrip('+-')):,} digits"
    else:
        shown = repr(text) if len(text) <= 20 else f"{text[:20]!r}..."
    raise argparse.ArgumentTypeError(f"expected a whole number written in the digits 0-9 (at most 100 of them), "
                                     f"found {shown}")


def _board_arg(board: int | None) -> int | None:
    """A board number given on the command line, checked against the bound the phone page uses
    (1..engine.web.state.MAX_BOARD)."""
    from bridge_director.bridge.table import MAX_BOARD
    if board is not None and not 1 <= board <= MAX_BOARD:
        shown = str(board) if len(str(board)) <= 12 else f"a number of {len(str(board))} digits"
        raise WordedError("--board", "", "expected a board number from 1 to {limit}, found {found}",
                          limit=MAX_BOARD, found=shown)
    return board


def _dealer_arg(dealer: str | None, lang: str | None = None, board: int | None = None) -> str | None:
    """A dealer given on the command line: a seat N, E, S or W (in Portuguese also L and O, as
    the interview asks), as its English letter; refused when ``board`` has another dealer."""
    if dealer is not None:
        from bridge_director.bridge.table import Board, Seat
        from bridge_director.ruling.i18n import seat_from_words
        try:
            letter = Seat.parse(seat_from_words(dealer, lang or "en")).value
        except ValueError:
            shown = dealer if len(dealer) <= 12 else dealer[:12] + "..."
            seats = "N, L, S ou O" if lang == "pt" else "N, E, S or W"     # (said in Portuguese then)
            raise WordedError("--dealer", "", "expected a seat {seats}, found {found}", seats=seats,
                              found=repr(shown)) from None
        if board is not None and Board(board).dealer.value != letter:
            have = Board(board).dealer.value
            raise WordedError("--dealer", "", "board {board} has dealer {dealer}, not {given}: expected --board or "
                                              "--dealer, or the board's dealer", board=board,
                              dealer={"E": "L", "W": "O"}.get(have, have) if lang == "pt" else have, given=dealer)
        return letter
    return dealer


def _beside_file(args, draft) -> None:
    """--board, --dealer and --scoring beside a case file: taken when the file says the same
    (or, for --scoring, nothing), refused when they contradict it (they were dropped in silence,
    or replaced the file's value)."""
    from bridge_director.ruling.i18n import gettext
    _ = gettext(draft.lang or "en")         # the words put in the line, in the language it is said in
    name = _("standard input") if args.case == "-" else _("the case file {file}").format(file=args.case)
    if args.board is not None and args.board != draft.board:
        gives = _("board {number}").format(number=draft.board) if draft.board else _("no board")
        raise WordedError("--board", "", "board {board}, but {name} gives {gives}: expected the file's board, or no "
                                         "--board beside a case file", board=args.board, name=name, gives=gives)
    if args.dealer is not None:
        letter = _dealer_arg(args.dealer, draft.lang)
        if letter != draft.dealer_seat.value:
            have = draft.dealer_seat.value
            raise WordedError("--dealer", "", "dealer {dealer}, but {name} gives dealer {gives}: expected the file's "
                                              "dealer, or no --dealer beside a case file", dealer=args.dealer,
                              name=name, gives={"E": "L", "W": "O"}.get(have, have) if draft.lang == "pt" else have)
    stated = draft.setting.get("scoring")
    if args.scoring and stated is not None and stated != args.scoring:
        raise WordedError("--scoring", "", "scoring {scoring}, but {name} gives scoring: {stated}: expected the "
                                           "file's scoring, or no --scoring beside it", scoring=args.scoring,
                          name=name, stated=stated)


def _host_arg(host: str) -> str:
    """A host name or address to listen on, as the system can take it (an empty name, which
    the system reads as every address, or a name with a character no host name holds, was
    "internal error: TypeError: encoding of hostname failed")."""
    shown = repr(host) if len(host) <= 60 else repr(host[:60] + "...")
    try:
        ok = bool(host.strip()) and host == host.strip() and host.isprintable() and bool(host.encode("idna"))
    except UnicodeError:
        ok = False
    if not ok:
        raise InputError("--host", 0, 0, "", f"expected a host name or address such as 127.0.0.1 or 0.0.0.0, "
                                             f"found {shown}")
    return host


def _port_arg(port: int) -> int:
    """A port to listen on: 1 to 65535."""
    if not 0 < port < 65536:
        shown = str(port) if len(str(port)) <= 12 else f"a number of {len(str(port))} digits"
        raise InputError("--port", 0, 0, "", f"expected a port from 1 to 65535, found {shown}")
    return port


def _jobs_arg(jobs: int, option: str = "-j") -> int:
    """A number of processes: 0 (one per core) up to four per core. More would fork that many
    copies of the rulebook at once (``-j 100000`` is a fork bomb, not a faster run)."""
    import os
    most = 4 * (os.cpu_count() or 1)
    if not 0 <= jobs <= most:
        shown = str(jobs) if len(str(jobs)) <= 12 else f"a number of {len(str(jobs))} digits"
        raise InputError(option, 0, 0, "", f"expected a number of processes from 0 (one per core) to {most} "
                                           f"(four per core on this machine), found {shown}")
    return jobs


def _edition_arg(name: str | None) -> str | None:
    """An edition named on the command line, checked against the rulebook's editions."""
    if name is None:
        return None
    from bridge_director.base.editions import names
    from bridge_director.base.paths import rules_dir
    known = names(rules_dir())
    if name not in known:
        raise InputError("--edition", 0, 0, "", f"unknown edition {name!r}: expected one of {', '.join(known)}")
    return name


def _cmd_editions(args) -> int:
    from bridge_director.base.editions import editions
    from bridge_director.base.paths import rules_dir
    eds = editions(rules_dir())
    if args.format == "json":
        print(json.dumps([{"name": e.name, "title": e.title, "director": e.director, "covers": e.covers,
                           "source": e.source} for e in eds.values()], indent=2))
        return 0
    for e in eds.values():
        who = "a director rules" if e.director else "no director: the players apply it themselves"
        print(f"{e.name}\n  {e.title}\n  covers: {e.covers}\n  {who}; source: {e.source}")
    return 0


def _cmd_table(args) -> int:
    from bridge_director.bridge import cutting
    from bridge_director.session import club
    try:
        t = cutting.load_table(args.file, args.lang)
    except InputError as e:
        if args.lang == "pt":      # the club's own words: the error in Portuguese too
            print(f"director: erro: {e}", file=sys.stderr)
            return 2
        raise
    lines = club.rule(t, args.lang)
    if args.format == "json":
        print(json.dumps({"table": t.name, "edition": club.EDITION, "candidates": t.candidates,
                          "lines": lines}, indent=2))
    else:
        sys.stdout.write(for_terminal(club.render_text(t, lines, args.lang)))
    return 0


def _cmd_compare(args) -> int:
    from bridge_director.session import api
    from bridge_director.ruling import compare
    from bridge_director.case.load import load_case
    names = [x.strip() for x in args.editions.split(",") if x.strip()]
    if len(names) < 2 or len(set(names)) != len(names):
        raise InputError("--editions", 0, 0, "", f"expected two or more different editions, comma-separated, "
                                                 f"found {args.editions!r}")
    for n in names:
        _edition_arg(n)
    _yaml_case_arg(args.case, "compare")
    case = load_case(args.case)
    gives = {n: {c.data.get("outcome") for r in api.rulebook(n).rules for c in r.then if c.kind == "outcome"}
             for n in names}
    result = compare.compare(case, names, lambda c, e: api.rule(c, edition=e), gives)
    vocabulary = {}
    for n in names:
        vocabulary.update(api.rulebook(n).vocabulary)
    render = compare.render_json if args.format == "json" else compare.render_text
    out = render(result, vocabulary)
    sys.stdout.write(out if args.format == "json" else for_terminal(out))     # (JSON escapes its own)
    return 0


def _case_files(paths: list[str]) -> list[Path]:
    """The case files under ``paths``: a folder's *.yaml, a quiz folder's (or quiz.yaml's) cases
    as it lists them; a ``quiz.yaml`` is never read as a case."""
    from bridge_director.paper.quizfile import _quiz_entries
    out: list[Path] = []
    for p in map(Path, paths):
        if p.name == "quiz.yaml" and p.is_file():
            p = p.parent
        if p.is_dir() and (p / "quiz.yaml").exists():
            out += [path for path, _key, _where, _line in _quiz_entries([str(p)])[2] if path.exists()]
        elif p.is_dir():
            out += sorted(x for x in p.rglob("*.yaml") if x.name != "quiz.yaml")
            for q in sorted(p.rglob("quiz.yaml")):      # the quizzes in it: the cases they list
                out += [path for path, _key, _where, _line in _quiz_entries([str(q.parent)])[2] if path.exists()]
        elif p.exists():
            out.append(p)
        else:
            raise InputError(str(p), 0, 0, "", "no such file or folder")
    return list(dict.fromkeys(out))


def _quiz_problems(paths: list[str]) -> list[str]:
    """Each quiz under ``paths`` (a folder holding quiz.yaml, at any depth) checked for what a
    quiz needs beyond its cases' expect: (bridge_director.quiz.model.check_keys), as ERROR lines."""
    from bridge_director.quiz.model import check_keys
    out = []
    for p in map(Path, paths):
        folder = p.parent if p.name == "quiz.yaml" else p
        if folder.is_dir():
            for q in sorted({folder / "quiz.yaml"} | set(folder.rglob("quiz.yaml"))):
                if q.exists():
                    out += [f"ERROR {e}" for e in check_keys([str(q.parent)])]
    return out


def _check_one(path: Path) -> tuple[str, str]:
    """Check one case file: (``pass`` | ``fail`` | ``bad`` | ``skip``, its line of output)."""
    from bridge_director.session import api
    from bridge_director.case.load import load_case
    try:
        case = load_case(path)
    except InputError as e:
        return "bad", f"ERROR {e}"
    if case.expect is None:
        return "skip", ""
    book = api.rulebook(case.edition)      # loaded once per edition and process
    try:
        api.validate_expect(case, book)   # an unknown outcome code or bad cite is bad input, not a FAIL
    except InputError as e:
        return "bad", f"ERROR {e}"
    result = api.check(case, api.rule(case, book), book)
    if result.passed:
        return "pass", f"PASS {inline(case.id)} ({inline(path)})"
    parts = ([f"not in the answer {c} {o}" for c, o in result.missing]
             + [f"not in the key {c} {o}" for c, o in result.extra])
    return "fail", f"FAIL {inline(case.id)} ({inline(path)}): " + "; ".join(parts)


def _check_many(paths: list[Path]) -> list[tuple[str, str]]:
    """:func:`_check_one` for each of ``paths`` (a chunk for a worker of ``director check -j N``)."""
    return [_check_one(p) for p in paths]


def _checked(paths: list[Path], jobs: int, emit) -> None:
    """``emit(kind, line)`` for each path, in the order of ``paths``; on ``jobs`` forked
    processes when more than one (0: one per core). The cases are cut into strided chunks
    (every n-th case: slow cases are spread out), fed to the workers one at a time, and the
    lines are emitted in order as soon as every case before them is done."""
    from bridge_director.prove import pool
    jobs = jobs or pool.cpu_count()
    if jobs == 1 or len(paths) < 2:
        for p in paths:
            emit(*_check_one(p))
        return
    from bridge_director.session import api
    api.rulebook()      # loaded once, before the workers are forked
    n = min(len(paths), jobs * 8)
    chunks = [(i, paths[i::n]) for i in range(n)]
    got: dict[int, tuple[str, str]] = {}
    shown = 0

    def done(i: int, results: list) -> None:
        nonlocal shown
        for k, r in enumerate(results):
            got[i + k * n] = r
        while shown in got:
            emit(*got.pop(shown))
            shown += 1
    pool.run(_check_many, chunks, min(jobs, n), done)


def _cmd_check(args) -> int:
    from bridge_director.base.memory import pin_allocator
    pin_allocator()      # many cases in one process: keep the pages it has used
    _jobs_arg(args.jobs)
    counts = {"pass": 0, "fail": 0, "bad": 0, "skip": 0}
    for line in _quiz_problems(args.paths):
        counts["bad"] += 1
        print(line)

    def emit(kind: str, line: str) -> None:
        counts[kind] += 1
        if line:
            print(line)
    _checked(_case_files(args.paths), args.jobs, emit)
    passed, failed, bad = counts["pass"], counts["fail"], counts["bad"]
    if not (passed or failed or bad):
        print(f"director: error: no case with an expect: block found under {', '.join(args.paths)}",
              file=sys.stderr)
        return 2
    print(f"{passed} passed, {failed} failed" + (f", {bad} bad input" if bad else ""))
    return 2 if bad else (1 if failed else 0)


_PROVE_CALLS = ("Pass", "1C", "1S", "1NT", "2C", "X", "XX", "8C")
#: the most auctions ``director prove`` enumerates (32 choices a turn: up to 6 calls)
MAX_PROVE_AUCTIONS = 2_000_000_000
#: the deepest ``director prove`` follows the answers (each level multiplies the situations)
MAX_PROVE_DEPTH = 100
#: the commands whose parsers _parser builds (deals has its own)
COMMANDS = ("rule", "editions", "compare", "table", "check", "prove", "serve", "coverage", "report", "casebook",
            "chart", "quiz", "ask", "schema")


def _cmd_prove(args) -> int:
    from bridge_director.base.memory import pin_allocator
    pin_allocator()      # many cases in one process: keep the pages it has used
    from bridge_director.bridge.table import Call, CallSyntaxError
    calls = []
    for text in args.call_set.split(","):
        try:
            calls.append(str(Call.parse(text.strip())))
        except (CallSyntaxError, ValueError):
            raise InputError("director prove", 0, 0, "--call-set",
                             f"expected calls such as Pass,1C,X separated by commas, found {text.strip()!r}") from None
    for name, v, low in (("--calls", args.calls, 1), ("--depth", args.depth, 0)):
        if v < low:
            raise InputError("director prove", 0, 0, name, f"expected a number {low} or more, found {v}")
    _jobs_arg(args.jobs, "--jobs")
    calls = tuple(dict.fromkeys(calls))
    from bridge_director.prove import situations
    per = len(calls) * (1 if args.in_rotation else 4)
    if args.calls > 64 or situations.count(args.calls, calls, args.in_rotation) > MAX_PROVE_AUCTIONS:
        most = max((k for k in range(1, 65) if situations.count(k, calls, args.in_rotation) <= MAX_PROVE_AUCTIONS),
                   default=0)
        shown = str(args.calls) if len(str(args.calls)) <= 12 else f"a number of {len(str(args.calls))} digits"
        raise InputError("director prove", 0, 0, "--calls",
                         f"expected at most {most} calls with {per} calls to choose from at each turn "
                         f"(at most {MAX_PROVE_AUCTIONS:,} auctions), found {shown}")
    if args.depth > MAX_PROVE_DEPTH:
        shown = str(args.depth) if len(str(args.depth)) <= 12 else f"a number of {len(str(args.depth))} digits"
        raise InputError("director prove", 0, 0, "--depth", f"expected a depth from 0 to {MAX_PROVE_DEPTH}, found {shown}")
    if args.scheduler is not None:
        import re
        if args.scheduler.startswith("tls://"):
            # (was: "internal error: TypeError: TLS expects a `ssl_context` argument", exit 3)
            raise InputError("director prove", 0, 0, "--scheduler",
                             f"{args.scheduler[:60]!r}: a tls:// scheduler needs certificates this command does not "
                             f"take: expected tcp://HOST:PORT (through an SSH tunnel for a cluster elsewhere)")
        if not re.fullmatch(r"tcp://[^\s:/]+:[0-9]{1,5}", args.scheduler):
            raise InputError("director prove", 0, 0, "--scheduler",
                             f"expected a scheduler address tcp://HOST:PORT, found {args.scheduler[:60]!r}")
        port = int(args.scheduler.rsplit(":", 1)[1])
        if not 0 < port < 65536:        # (was: 10 s, then "Timed out trying to connect")
            raise InputError("director prove", 0, 0, "--scheduler",
                             f"expected a port from 1 to 65535 in tcp://HOST:PORT, found {port}")
    from bridge_director.prove import prove
    show = args.progress == "yes" or (args.progress == "auto" and sys.stderr.isatty())
    try:
        with _ProveProgress(show) as progress:
            report = prove(args.calls, calls, args.in_rotation, args.depth,
                           jobs=args.jobs or None, scheduler=args.scheduler, progress=progress)
    except (OSError, TimeoutError) as e:
        if not args.scheduler:
            raise
        raise InputError("director prove", 0, 0, "--scheduler",
                         f"cannot reach the scheduler {args.scheduler}: {e}") from None
    if args.format == "json":
        print(json.dumps(report.as_dict(), indent=2))
    else:
        sys.stdout.write(report.text())      # the findings: the same however the run was spread
        sys.stdout.flush()
        print(report.run_line(), file=sys.stderr)
    return 1 if report.tally.faults else 0


class _ProveProgress:
    """A progress bar for ``director prove`` on standard error (rich): auctions done of all,
    situations ruled per second and the time left; a no-op when not shown."""

    def __init__(self, show: bool):
        self.show, self.bar, self.task = show, None, None

    def __enter__(self):
        if self.show:
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                                       TimeRemainingColumn)
            self.bar = Progress(TextColumn("auctions"), BarColumn(), MofNCompleteColumn(),
                                TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("left"),
                                TimeRemainingColumn(), console=Console(stderr=True), transient=True,
                                auto_refresh=False)    # no refresh thread: the pool forks workers
            self.bar.__enter__()
        return self if self.show else None

    def __call__(self, done: int, total: int, situations: int) -> None:
        elapsed = self.bar.get_time() - self.bar.tasks[0].start_time if self.task is not None else 0.0
        if self.task is None:
            self.task = self.bar.add_task("prove", total=total, rate="")
        rate = f"{situations / elapsed:,.0f} situations/s" if elapsed > 0 else ""
        self.bar.update(self.task, completed=done, rate=rate)
        self.bar.refresh()

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)
        return False


def _cmd_serve(args) -> int:
    from bridge_director.base.memory import pin_allocator
    pin_allocator()      # many cases in one process: keep the pages it has used
    from bridge_director.web.serve import serve
    _port_arg(args.port)
    _host_arg(args.host)
    try:
        return serve(args.host, args.port, args.folder, args.lang)
    except OSError as e:         # (the folder's own faults are InputErrors: this is the address)
        if isinstance(e, BrokenPipeError) or _output_failed(e):
            raise                # the banner could not be written (`director serve | head`): not the address
        raise InputError(f"{args.host}:{args.port}", 0, 0, "",
                         f"cannot listen there: {e.strerror or e} (try another --port)") from None
    except KeyboardInterrupt:
        return 0


def _cmd_ask(args) -> int:
    from bridge_director.interview.terminal import main as ask
    _board_arg(args.board)
    dealer = _dealer_arg(args.dealer, args.lang, args.board)   # the pair checked before the first question
    _output_ok(args.save)      # the file to save to, checked before the interview starts
    return ask(args.board, dealer, args.save, args.lang)


def _cmd_coverage(args) -> int:
    from bridge_director.coverage import RENDERERS as COVERAGE, build
    matrix = build()
    sys.stdout.write(COVERAGE[args.format](matrix))
    return 1 if matrix.faults else 0


def _cmd_schema(args) -> int:
    from bridge_director.case.load import json_schema
    print(json.dumps(json_schema(), indent=2, sort_keys=True))
    return 0


import os as _os
_PID = _os.getpid()     # this command's own process (forked workers have another)


def main(argv: list[str] | None = None) -> int:
    """Run the ``director`` command; return its exit code (see the module docstring)."""
    argv = sys.argv[1:] if argv is None else argv
    _standard_streams()
    _pause_gc()
    previous = _on_terminate()
    try:
        return _main(argv)
    finally:
        _resume_gc()
        if isinstance(sys.stderr, _QuietErrors):        # the caller's stream back (tests run main in-process)
            sys.stderr = sys.stderr._stream
        if previous is not None:
            import signal
            signal.signal(signal.SIGTERM, previous)
            signal.signal(signal.SIGINT, signal.default_int_handler)
            if hasattr(signal, "SIGHUP"):
                signal.signal(signal.SIGHUP, signal.SIG_DFL)


class _ClosedOutput:
    """Standard output when the command was started with it closed (``director rule CASE >&-``):
    Python then has no ``sys.stdout``, and the first print was "internal error: AttributeError".
    Writing to it fails as writing to a closed descriptor does, and the command ends with one
    line (exit 2, see _run)."""

    encoding = "utf-8"
    errors = "strict"

    def write(self, data):
        import errno
        raise OSError(errno.EBADF, "standard output is closed")

    writelines = write

    def flush(self) -> None:
        """Nothing is held to flush (and Python flushes standard output as it exits)."""

    @property
    def buffer(self):
        return self

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        import io
        raise io.UnsupportedOperation("standard output is closed")


class _QuietErrors:
    """Standard error whose writes may fail (``2>/dev/full``, a log on a full disk, EIO): a
    failed write goes nowhere, as on a closed standard error, and the exit code still carries the
    outcome (was: Python's "lost sys.stderr" and exit 1, which is prove's "a fault is found").
    Everything else is the stream's own."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, data):
        try:
            return self._stream.write(data)
        except OSError:
            return len(data)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError:
            pass

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _standard_streams() -> None:
    """Streams for the standard descriptors the command was started without (``<&-``, ``>&-``,
    ``2>&-``): standard input reads as empty, standard error goes nowhere, and standard output
    refuses to be written (_ClosedOutput); standard error whose writes fail goes nowhere too
    (_QuietErrors)."""
    if sys.stdin is None:
        sys.stdin = open(_os.devnull, encoding="utf-8")      # noqa: SIM115 - for the process's life
    if sys.stderr is None:
        sys.stderr = open(_os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    for stream in (sys.stdout, sys.stderr):
        _plain_where_unicode_cannot_go(stream)
    if not isinstance(sys.stderr, _QuietErrors):
        sys.stderr = _QuietErrors(sys.stderr)


#: what a character a terminal's encoding cannot show is written as (else its letter without
#: accents, else '?')
_PLAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "→": "->", "←": "<-", "…": "...", "·": ".", "–": "-", "—": "--",
          "‘": "'", "’": "'", "“": '"', "”": '"', "•": "*", "×": "x", "≥": ">=", "≤": "<=", "✓": "v", "✗": "x"}


def _plain_where_unicode_cannot_go(stream) -> None:
    """A standard stream whose encoding cannot hold every character (``PYTHONIOENCODING=ascii``,
    ``latin-1``, a cp1252 console) writes what it cannot hold plainly: ♠ as S, → as ->, 'ação'
    as 'acao' (was: "internal error: UnicodeEncodeError", exit 3, at the first accent of a
    Portuguese ruling or the first suit symbol)."""
    import codecs
    encoding = getattr(stream, "encoding", None)
    if not encoding or not hasattr(stream, "reconfigure"):
        return
    try:
        if codecs.lookup(encoding).name.startswith("utf"):
            return
    except LookupError:
        return
    try:
        codecs.lookup_error("bridge-director-plain")
    except LookupError:
        codecs.register_error("bridge-director-plain", _plain_characters)
    try:
        stream.reconfigure(errors="bridge-director-plain")
    except (ValueError, OSError):
        pass


def _plain_characters(err: UnicodeEncodeError):
    import unicodedata
    out = []
    for ch in err.object[err.start:err.end]:
        for candidate in (_PLAIN.get(ch), "".join(c for c in unicodedata.normalize("NFKD", ch)
                                                   if not unicodedata.combining(c)), "?"):
            if candidate:
                try:
                    candidate.encode(err.encoding)
                except UnicodeEncodeError:
                    continue
                out.append(candidate)
                break
    return "".join(out), err.end


#: what writing to standard output fails with when it is closed, full, or not open for writing
_OUTPUT_ERRNOS = ("EBADF", "ENOSPC", "EDQUOT", "EFBIG", "EIO")


def _output_failed(e: OSError) -> bool:
    import errno
    return not e.filename and any(getattr(errno, name, None) == e.errno for name in _OUTPUT_ERRNOS)


def _on_terminate():
    """SIGTERM (``kill PID``) ends the command as Ctrl-C does: its worker processes are ended
    with it (else ``check -j``'s and ``prove``'s forked workers were left running, their parent
    gone) and nothing but one line is printed. Returns the handler it replaced (None when not
    in the main thread, where no handler can be set)."""
    import signal
    import threading
    if threading.current_thread() is not threading.main_thread():
        return None

    def terminated(signum, frame):
        if _os.getpid() != _PID:          # a forked worker: it ends at once, quietly
            _os._exit(128 + signum)
        raise KeyboardInterrupt() if signum == signal.SIGINT else _Terminated()
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, terminated)
    if hasattr(signal, "SIGHUP") and signal.getsignal(signal.SIGHUP) is signal.SIG_DFL:   # the terminal closed
        signal.signal(signal.SIGHUP, terminated)
    return signal.signal(signal.SIGTERM, terminated)


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the command is (a KeyboardInterrupt: handled as Ctrl-C)."""


def _end_workers() -> None:
    """End the worker processes this command forked (check -j, prove), at once."""
    mp = sys.modules.get("multiprocessing")
    if mp is None:
        return
    try:
        children = mp.active_children()
    except Exception:       # noqa: BLE001 - leaving, whatever the state of the pool
        return
    for child in children:
        try:
            child.terminate()
        except Exception:   # noqa: BLE001
            pass


#: what the parser gives ``director rule CASE`` for the arguments not given (tests/test_cli.py
#: holds it to the parser's own defaults)
RULE_DEFAULTS = {"debug": False, "command": "rule", "board": None, "dealer": None, "auction": None, "event": None,
                 "judge": [], "scoring": None, "write": None, "format": "text", "trace": False, "lang": None,
                 "edition": None}
_RULE_CHOICES = {"--format": ("text", "markdown", "json"), "--lang": ("en", "pt")}


def _plain_rule_args(argv: list[str]) -> "SimpleNamespace | None":
    """The arguments of the usual ``director rule CASE.yaml [--format F] [--lang L] [--trace]``
    (each option at most once, spelt in full), as the parser would give them, without building
    the parser (argparse formats and translates every argument it adds: a tenth of a cold
    ``director rule``); None for anything else, which the parser then reads."""
    if len(argv) < 2 or argv[0] != "rule" or argv[1].startswith("-"):
        return None
    given: dict = {"case": argv[1]}
    rest = argv[2:]
    while rest:
        opt = rest.pop(0)
        if opt == "--trace" and "trace" not in given:
            given["trace"] = True
        elif opt in _RULE_CHOICES and opt[2:] not in given and rest and rest[0] in _RULE_CHOICES[opt]:
            given[opt[2:]] = rest.pop(0)
        else:
            return None
    from types import SimpleNamespace
    return SimpleNamespace(**{**RULE_DEFAULTS, "judge": [], **given})


def _main(argv: list[str]) -> int:
    plain = _plain_rule_args(argv)
    if plain is not None:
        return _run(_cmd_rule, plain, False)
    first = next((a for a in argv if not a.startswith("-")), None)
    parser = _parser(with_deals="deals" in argv, only=first if first in COMMANDS else None)
    args, extra = parser.parse_known_args(argv)
    if extra:
        # `deals check A.pbn --format json B.pbn`: file names may come after the options
        if isinstance(getattr(args, "files", None), list) and not any(x.startswith("-") for x in extra):
            args.files.extend(extra)
        else:
            parser.error("unrecognized arguments: " + " ".join(extra))
    debug = getattr(args, "debug", False) or "--debug" in argv
    if args.command is None:
        parser.print_help()
        return 2
    handlers = {"rule": _cmd_rule, "check": _cmd_check, "schema": _cmd_schema, "coverage": _cmd_coverage,
                "ask": _cmd_ask, "editions": _cmd_editions, "compare": _cmd_compare,
                "table": _cmd_table}
    handler = handlers.get(args.command) or getattr(args, "handler", None) or getattr(args, "func", None)
    return _run(handler, args, debug)


def _run(handler, args, debug: bool) -> int:
    """Run one command's handler; its exit code, with errors reported as one line."""
    if handler is not _cmd_rule:
        _resume_gc()      # the other commands may run long (check, prove, serve): collected as usual
    try:
        return int(handler(args) or 0)
    except KeyboardInterrupt as e:      # Ctrl-C or SIGTERM: one line, the workers ended too
        _end_workers()
        print(f"director: {'stopped (a signal to end)' if isinstance(e, _Terminated) else 'interrupted (Ctrl-C)'}; "
              "nothing more was done", file=sys.stderr)
        return 143 if isinstance(e, _Terminated) else 130
    except BrokenPipeError:             # `director check | head`: the reader left; nothing to say
        import os
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # no second error at exit
        except OSError:
            pass
        return 141
    except InputError as e:
        if debug:
            import traceback
            traceback.print_exc()
        print(_error_line(e, getattr(args, "lang", None)), file=sys.stderr)
        return 2
    except OSError as e:
        if _output_failed(e):           # `> /dev/full`, `>&-`, `1< file`: the output cannot be written
            try:
                _os.dup2(_os.open(_os.devnull, _os.O_WRONLY), 1)    # no second error when Python exits
            except OSError:
                pass
            if isinstance(sys.stdout, _ClosedOutput):
                sys.stdout = open(_os.devnull, "w", encoding="utf-8")   # noqa: SIM115
            print(f"director: error: cannot write to standard output: {e.strerror or e}; nothing more was done",
                  file=sys.stderr)
            return 2
        if not _path_refused(e):
            return _internal(e, debug)
        if debug:
            import traceback
            traceback.print_exc()
        from bridge_director.base.lines import one_line
        print(one_line(f"director: error: {e.filename}: cannot use this path: {e.strerror}"), file=sys.stderr)
        return 2
    except Exception as e:  # engine not usable, or an internal failure: one clear line
        return _internal(e, debug)


def _error_line(e: InputError, lang: "str | None") -> str:
    """The one error line, in the language the user asked for when the catalogue says it there
    (``--lang pt``: "director: erro: ..."; the words of hostile-2026-12-05c F18/F19 were English)."""
    if lang and lang != "en" and isinstance(e, WordedError):
        from bridge_director.ruling.i18n import gettext
        _ = gettext(lang)
        if _(e.template) != e.template:
            return f"director: {_('error')}: {e.said(_)}"
    return f"director: error: {e}"


#: what the system says of a path a user named that it will not take (a name too long, a loop of
#: links, a file where a folder should be, no permission, a read-only or full disk)
_PATH_ERRNOS = ("ENAMETOOLONG", "ELOOP", "ENOTDIR", "EISDIR", "EACCES", "EPERM", "ENOENT", "EROFS", "ENOSPC",
                "EDQUOT", "ENXIO", "ENODEV", "ETXTBSY", "EFBIG", "EMLINK")


def _path_refused(e: OSError) -> bool:
    """Whether ``e`` is the system refusing a path (it names the path): a user's mistake, exit 2.
    Checks of the paths a command takes (bridge_director.base.files) say more, before any work;
    this is what is left when a check asks the system about a path it refuses outright."""
    import errno
    return bool(e.filename) and any(getattr(errno, name, None) == e.errno for name in _PATH_ERRNOS)


def _internal(e: BaseException, debug: bool) -> int:
    """An internal failure (or the engine not usable): one line, exit 3."""
    from bridge_director.infer.enginecheck import EngineBuildError
    if debug:
        import traceback
        traceback.print_exc()
    if isinstance(e, EngineBuildError):
        print(f"director: {e}", file=sys.stderr)
        return 3
    inference = sys.modules.get("bridge_director.infer.inference")   # loaded if the engine ran
    if inference is not None and isinstance(e, inference.UnsettledError):   # a bounded refusal
        print(f"director: no ruling: {e}", file=sys.stderr)
        return 3
    hint = "" if debug else " (run with --debug for details)"
    from bridge_director.base.lines import one_line
    print(one_line(f"director: internal error: {type(e).__name__}: {e}") + hint, file=sys.stderr)
    return 3


if __name__ == "__main__":
    sys.exit(main())

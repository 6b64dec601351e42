"""YAML loading that remembers where every value came from.

PyYAML's safe loader is used as is; this module only wraps the mappings and sequences it
builds so that callers can point a user at ``file:line:column`` for any value.

Public API
----------
``load(path) -> (data, Source)``
    Parse a YAML file. ``data`` is built from :class:`PosDict` / :class:`PosList` / scalars.
``InputError``
    The one error type for bad input files: carries file, line, column, the field and a
    message saying what was expected and what was found.
``position(container, key) -> (line, column)``
    1-based position of ``container[key]`` (or of the container itself if unknown).
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

from bridge_director.base.lines import one_line
from bridge_director.base.record import record

#: PyYAML's pure-Python reader (``yaml.reader.Reader``) compiles, when ``yaml`` is imported, a
#: negated character class over every code point but the printable ones. Python's ``re`` spends
#: more than half of PyYAML's whole import (about a tenth of a cold ``director rule``) filling a
#: 64K-entry table for it, for a reader that the C loader (libyaml, used here) never runs.
#: The same set of characters written as the (small) complement compiles at once; it is put in
#: ``re``'s own cache under the reader's pattern text just before ``yaml`` is first imported,
#: so the reader gets an equivalent pattern (tests/test_startup.py checks every code point).
#: Should a Python keep its cache otherwise, the entry is simply never read.
_YAML_NON_PRINTABLE = "[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010ffff]"
_YAML_NON_PRINTABLE_SAME = "[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uD800-\uDFFF\uFFFE\uFFFF]"


def _import_yaml():
    """``import yaml``, with the reader's pattern compiled the cheap way when it is the first import."""
    if "yaml" not in sys.modules:
        cache = getattr(re, "_cache", None)
        if isinstance(cache, dict):
            cache.setdefault((str, _YAML_NON_PRINTABLE, 0), re.compile(_YAML_NON_PRINTABLE_SAME))
    import yaml as module
    return module


yaml = _import_yaml()


class InputError(Exception):
    """A malformed case or rule file.

    Attributes:
        file: path of the file as given (str).
        line, column: 1-based position of the offending value (0 if unknown).
        field: dotted name of the field at fault (may be empty).
        message: what was expected and what was found.

    ``str(err)`` is the one line shown to the user: ``file:line:col: field: message``.
    """

    def __init__(self, file: str, line: int, column: int, field: str, message: str):
        self.file, self.line, self.column, self.field, self.message = file, line, column, field, message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else f"{self.file}"
        what = f"{self.field}: " if self.field else ""
        return one_line(f"{where}: {what}{self.message}")


class WordedError(InputError):
    """An InputError of the command line whose message is an English template (a key of the
    interface catalogue, bridge_director.ruling.i18n) and the words that fill it, so that the
    error line is said in the language the user asked for (``--lang pt``), as the page says its
    refusals: :meth:`said`."""

    def __init__(self, file: str, field: str, template: str, translate: tuple = (), **words):
        self.template, self.words, self.translate = template, words, tuple(translate)
        super().__init__(file, 0, 0, field, template.format(**words))

    def said(self, gettext) -> str:
        """The one line in the language of ``gettext``."""
        what = f"{self.field}: " if self.field else ""
        return one_line(f"{self.file}: {what}{self.message_said(gettext)}")

    def message_said(self, gettext) -> str:
        """The message in the language of ``gettext`` (its words as given, but those named in
        ``translate``: English words of the catalogue too)."""
        words = {k: (gettext(v) if k in self.translate and v else v) for k, v in self.words.items()}
        return gettext(self.template).format(**words)

    def moved(self, file: str, field: str) -> "WordedError":
        """The same error said of another argument or field."""
        return WordedError(file, field, self.template, self.translate, **self.words)


class PosDict(dict):
    """A dict that also knows the position of itself (``pos``) and of each key's value (``kpos``)."""

    pos: tuple[int, int] = (0, 0)
    kpos: dict


class PosList(list):
    """A list that also knows the position of itself (``pos``) and of each item (``ipos``)."""

    pos: tuple[int, int] = (0, 0)
    ipos: list


def _mark(node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """Safe loader (libyaml's C parser when available) whose mappings and sequences carry positions."""

    # The composer calls descend_resolver(parent, index) and ascend_resolver() around every
    # node, for path resolvers; this loader has none (nothing adds one to it), so PyYAML's
    # own return at once, at the cost of two Python calls a value. Built-ins that take the
    # same arguments and change nothing stand in for them (a type is not bound as a method:
    # ``self.ascend_resolver()`` is ``tuple()``). (Landed in the tenth session, lost in a
    # later merge: tests/test_yaml_quick.py now checks that they stay.)
    descend_resolver = slice
    ascend_resolver = tuple


_MERGE = "tag:yaml.org,2002:merge"
_KIND_WORDS = {yaml.ScalarNode: "a single value", yaml.MappingNode: "a mapping", yaml.SequenceNode: "a list"}


class _Refused(Exception):
    """A value the loader refuses (a YAML tag a case does not take, a tag that does not fit
    its value): the message and the value's 1-based position."""

    def __init__(self, message, line, col):
        self.message, self.line, self.col = message, line, col


def _tag_name(tag: str) -> str:
    """A tag as it is written in a file: ``!!binary`` for ``tag:yaml.org,2002:binary``."""
    return "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag


def _expect_kind(node, kind) -> None:
    """Refuse a node tagged for another kind of value (``!!map foo``, ``!!seq {a: 1}``, ``!!int [1]``)."""
    if type(node) is not kind:
        raise _Refused(f"the tag {_tag_name(node.tag)} needs {_KIND_WORDS[kind]}, found {_KIND_WORDS.get(type(node), 'another value')}",
                       *_mark(node))


def _refuse_tag(loader: "_Loader", node) -> None:
    """A tag a case or rule file does not take (``!!binary``, ``!!timestamp``, ``!!set``,
    ``!!omap``, ``!!python/...``, ``!mine``): these files hold text, numbers, true or false,
    lists and mappings only (YAML 1.2's core schema)."""
    raise _Refused(f"expected text, a number, true or false, a list or a mapping; found a value tagged "
                   f"{_tag_name(str(node.tag))!r} (this file takes no such YAML tags)", *_mark(node))


def _construct_bool(loader: "_Loader", node):
    """true or false; an explicit ``!!bool`` on anything else is refused (PyYAML: KeyError)."""
    _expect_kind(node, yaml.ScalarNode)
    value = loader.bool_values.get(str(node.value).lower())
    if value is None:
        raise _Refused(f"the tag !!bool needs true or false, found {node.value[:40]!r}", *_mark(node))
    return value


class WrittenFloat(float):
    """A number with a point, with the text it was written as (``text``): whether it is whole is
    decided on the text, and an error quotes it (``0.99999999999999999999`` is not board 1, and
    ``13.9999999999999999`` is not "14.0")."""

    text: str = ""


for _dumper in (yaml.SafeDumper, getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
    _dumper.add_representer(WrittenFloat, yaml.representer.SafeRepresenter.represent_float)


def _construct_float(loader: "_Loader", node):
    """A number with a point; an explicit ``!!float`` on anything else is refused (PyYAML: ValueError)."""
    _expect_kind(node, yaml.ScalarNode)
    if len(node.value) > 2 * MAX_DIGITS:
        raise _Refused(f"expected a number of at most {MAX_DIGITS} digits, found {len(node.value):,} characters", *_mark(node))
    try:
        value = WrittenFloat(yaml.constructor.SafeConstructor.construct_yaml_float(loader, node))
        value.text = str(node.value).strip()
        return value
    except (ValueError, TypeError, IndexError):     # ('!!float ""': IndexError)
        raise _Refused(f"the tag !!float needs a number, found {node.value[:40]!r}", *_mark(node)) from None


def _construct_null(loader: "_Loader", node):
    """Nothing (``~``, ``null`` or no value); an explicit ``!!null`` on a value is refused
    (PyYAML drops the value)."""
    _expect_kind(node, yaml.ScalarNode)
    if node.value not in ("", "~", "null", "Null", "NULL"):
        raise _Refused(f"the tag !!null takes no value, found {node.value[:40]!r}", *_mark(node))
    return None


def _construct_str(loader: "_Loader", node):
    _expect_kind(node, yaml.ScalarNode)
    return node.value


def _construct_word(loader: "_Loader", node):
    """``<<`` or ``=`` written as a value (not as a key): the text itself. YAML 1.1's merge
    and value types (PyYAML: 'could not determine a constructor') mean something only as keys;
    the same tags written out (``!!merge x``) are refused."""
    if type(node) is yaml.ScalarNode and node.value in ("<<", "="):
        return node.value
    _refuse_tag(loader, node)


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> PosDict:
    """A mapping, with positions. Keys a merge (``<<: *anchor``) brings in give way to the
    mapping's own keys and to those of an earlier merge (YAML's merge rule); a key written
    twice in the mapping itself is refused."""
    _expect_kind(node, yaml.MappingNode)
    n_own = sum(1 for key_node, _ in node.value if key_node.tag != _MERGE)
    loader.flatten_mapping(node)
    merged = len(node.value) - n_own
    own: set = set()
    out = PosDict()
    out.pos = _mark(node)
    out.kpos = {}
    for i, (key_node, value_node) in enumerate(node.value):
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "found an unhashable key", key_node.start_mark) from None
        if i < merged:
            if key in out:              # an earlier merge brought it in: that one stands
                continue
        elif key in own:
            line, col = _mark(key_node)
            raise _DuplicateKey(key, line, col)
        else:
            own.add(key)                # (overrides a merged value of the same key)
        out[key] = loader.construct_object(value_node, deep=True)
        out.kpos[key] = _mark(value_node)
    return out


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> PosList:
    _expect_kind(node, yaml.SequenceNode)
    out = PosList(loader.construct_object(child, deep=True) for child in node.value)
    out.pos = _mark(node)
    out.ipos = [_mark(child) for child in node.value]
    return out


class _DuplicateKey(Exception):
    def __init__(self, key, line, col):
        self.key, self.line, self.col = key, line, col


#: the most digits a whole number of a case file may have: bounded before it is parsed (Python
#: refuses more than 4,300 digits with a ValueError, and a long one costs time to convert)
MAX_DIGITS = 30


class _TooLong(Exception):
    def __init__(self, digits, line, col):
        self.digits, self.line, self.col = digits, line, col


#: a whole number as a person writes one: decimal digits, a sign at most (YAML 1.2's reading)
_DECIMAL = re.compile(r"[-+]?[0-9]+")


def _construct_int(loader: _Loader, node: yaml.ScalarNode):
    """A whole number read as it is written in decimal: YAML 1.1 (PyYAML's reading) takes
    ``010`` for octal 8, ``0x1F`` for 31, ``1:30`` for 90 (base 60) and ``1_0`` for 10, so
    ``board: 010`` would rule board 8 with board 8's dealer. Here ``010`` is 10 (YAML 1.2),
    and the other forms stay text as written, for the field to refuse with what it expected."""
    _expect_kind(node, yaml.ScalarNode)
    text = str(node.value)
    digits = sum(ch.isdigit() for ch in text)
    if digits > MAX_DIGITS:
        line, col = _mark(node)
        raise _TooLong(digits, line, col)
    if _DECIMAL.fullmatch(text):
        return int(text, 10)
    return text


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)
_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_Loader.add_constructor("tag:yaml.org,2002:bool", _construct_bool)
_Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)
_Loader.add_constructor("tag:yaml.org,2002:null", _construct_null)
_Loader.add_constructor("tag:yaml.org,2002:str", _construct_str)
_Loader.add_constructor(_MERGE, _construct_word)
_Loader.add_constructor("tag:yaml.org,2002:value", _construct_word)
for _tag in ("binary", "timestamp", "set", "omap", "pairs"):
    _Loader.add_constructor("tag:yaml.org,2002:" + _tag, _refuse_tag)
_Loader.add_constructor(None, _refuse_tag)        # any other tag: !!python/..., !mine, !<x>
#: a date or time written plainly (``title: 2026-12-05``) is text, as in YAML 1.2 (YAML 1.1,
#: PyYAML's reading, made it a date that every text field then refused)
_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in _Loader.yaml_implicit_resolvers.items()}


class _Slow(Exception):
    """A document :func:`_quick` leaves to PyYAML's own constructor."""


_MAP, _SEQ, _STR, _INT = (yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG,
                          "tag:yaml.org,2002:str", "tag:yaml.org,2002:int")
#: scalar tags whose constructors (SafeConstructor's) return their value at once
_PLAIN_SCALARS = ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:float")
_PLAIN_CONSTRUCTORS = {"tag:yaml.org,2002:bool": _construct_bool, "tag:yaml.org,2002:null": _construct_null,
                       "tag:yaml.org,2002:float": _construct_float}
_ODD_KEYS = ("tag:yaml.org,2002:merge", "tag:yaml.org,2002:value")
#: deeper than this, PyYAML's own constructor builds the document (and fails where it fails)
_QUICK_DEPTH = 40


def _quick(loader: _Loader, node, seen: set, depth: int = 0):
    """The value PyYAML's constructor builds from ``node`` (with positions, as
    _construct_mapping and _construct_sequence give them), built by one walk of the node tree
    without its general machinery (a generator and two dictionaries per value: two thirds of
    the time of reading a case file went there). Anything but plain mappings, sequences and
    scalars of the core tags (an alias, a merge key, another tag, a duplicated or unhashable
    key, a deep nest) raises _Slow, and the document is built by PyYAML's constructor instead,
    which then says what it says of it."""
    tag = node.tag
    if tag == _STR:
        if type(node) is not yaml.ScalarNode:
            raise _Slow
        return node.value        # (a scalar met twice, through an alias, is the same value either way)
    if id(node) in seen or depth > _QUICK_DEPTH:
        raise _Slow
    seen.add(id(node))
    if tag == _MAP:
        if type(node) is not yaml.MappingNode:
            raise _Slow
        out = PosDict()
        mark = node.start_mark
        out.pos = (mark.line + 1, mark.column + 1)
        out.kpos = kpos = {}
        scalar = yaml.ScalarNode
        for key_node, value_node in node.value:
            # a plain text key or value (most of a case file) is taken here, as _quick takes it
            if key_node.tag == _STR and type(key_node) is scalar:
                key = key_node.value
            else:
                if key_node.tag in _ODD_KEYS:
                    raise _Slow
                key = _quick(loader, key_node, seen, depth + 1)
                if type(key) not in (str, int, bool, float, type(None)):
                    raise _Slow
            if key in out:
                raise _Slow
            if value_node.tag == _STR and type(value_node) is scalar:
                out[key] = value_node.value
            else:
                out[key] = _quick(loader, value_node, seen, depth + 1)
            mark = value_node.start_mark
            kpos[key] = (mark.line + 1, mark.column + 1)
        return out
    if tag == _SEQ:
        if type(node) is not yaml.SequenceNode:
            raise _Slow
        scalar = yaml.ScalarNode
        out = PosList([child.value if child.tag == _STR and type(child) is scalar
                       else _quick(loader, child, seen, depth + 1) for child in node.value])
        out.pos = _mark(node)
        out.ipos = [(m.line + 1, m.column + 1) for m in [child.start_mark for child in node.value]]
        return out
    if type(node) is not yaml.ScalarNode:
        raise _Slow
    if tag == _INT:
        return _construct_int(loader, node)
    if tag in _PLAIN_SCALARS:
        return _PLAIN_CONSTRUCTORS[tag](loader, node)
    raise _Slow


#: the deepest nesting a file may have (a case needs four levels: the case, events, an event, a
#: list in it); PyYAML builds values by recursion, and some hundreds of levels (libyaml allows a
#: thousand) ran out of Python's stack: "internal error: RecursionError"
MAX_DEPTH = 100
#: the most values a document may stand for once its aliases are expanded: ten aliases of ten
#: aliases of ... ("billion laughs") cost nothing to read, but anything that walks the values
#: (a check of a list of cards, a message quoting the value) walked 9**9 of them: minutes, gigabytes
MAX_EXPANDED = 100_000
#: the most characters aliases may add to a document's texts: the count of values above let
#: 499 aliases of one 400 kB text through (499 values), and a writer expanded each: 200 MB of
#: ``--write yaml``, 800 MB of memory from a 418 kB file (a document without aliases holds no
#: more characters than its own text, so the bound is that length plus this)
MAX_ALIAS_CHARS = 1_000_000


def _check_graph(node) -> None:
    """Refuse a node tree nested deeper than MAX_DEPTH, or whose aliases expand it to more than
    MAX_EXPANDED values, before anything is built from it (one walk, no recursion; an alias
    met again is counted from what was counted the first time). A node inside itself (a
    recursive alias) is left for PyYAML to refuse.

    Raises:
        _Refused: at the place of the node too deep, or of the value that grows too large.
    """
    size: dict = {}
    chars: dict = {}         # the characters of the texts a node stands for, aliases expanded
    most_chars = MAX_ALIAS_CHARS + (node.end_mark.index if node.end_mark is not None else 0)
    on_path: set = set()
    stack = [(node, 1, False)]
    while stack:
        n, depth, done = stack.pop()
        key = id(n)
        if done:
            on_path.discard(key)
            children = _children(n)
            total = 1 + sum(size.get(id(c), 0) for c in children)
            if total > MAX_EXPANDED:
                raise _Refused(f"this value stands for more than {MAX_EXPANDED:,} values once its aliases (*name) "
                               "are expanded: refused before it is read further", *_mark(n))
            length = len(n.value) if isinstance(n, yaml.ScalarNode) else sum(chars.get(id(c), 0) for c in children)
            if length > most_chars:
                raise _Refused(f"this value stands for more than {most_chars:,} characters once its aliases (*name) "
                               "are expanded: refused before it is read further (write a long text once)", *_mark(n))
            size[key], chars[key] = total, length
            continue
        if key in size or key in on_path:
            continue
        if depth > MAX_DEPTH:
            raise _Refused(f"expected values nested at most {MAX_DEPTH} deep (a case needs four levels), found "
                           "deeper nesting here", *_mark(n))
        on_path.add(key)
        stack.append((n, depth, True))
        for c in _children(n):
            stack.append((c, depth + 1, False))


def _children(node) -> list:
    if isinstance(node, yaml.MappingNode):
        return [x for pair in node.value for x in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _construct_document(loader: _Loader, node):
    try:
        return _quick(loader, node, set())
    except _Slow:
        _check_graph(node)
        return yaml.constructor.BaseConstructor.construct_document(loader, node)


_Loader.construct_document = _construct_document


_RESOLVED: "dict[str, str]" = {}
_resolve_plain = yaml.resolver.BaseResolver.resolve


def _resolve(loader: _Loader, kind, value, implicit):
    """The tag of a node, as PyYAML's resolver gives it; a plain scalar's, which depends on its
    text alone (the loader has no path resolvers), is remembered by its text (a case file's
    scalars are mostly the same few words: seat, call, N, Pass...)."""
    if kind is yaml.ScalarNode and implicit[0] and not loader.yaml_path_resolvers:
        tag = _RESOLVED.get(value)
        if tag is None:
            tag = _resolve_plain(loader, kind, value, implicit)
            if len(value) <= 64:
                if len(_RESOLVED) >= 4096:
                    _RESOLVED.clear()
                _RESOLVED[value] = tag
        return tag
    return _resolve_plain(loader, kind, value, implicit)


_Loader.resolve = _resolve


#: ``position(container)``: the container's own place (a key of None, ``~: 1``, is a key like any other)
_ITSELF: Any = object()


def position(container: Any, key: Any = _ITSELF) -> tuple[int, int]:
    """Return the 1-based (line, column) of ``container[key]``, or of ``container`` itself.

    Args:
        container: a PosDict or PosList (anything else gives (0, 0)).
        key: a dict key (None too: ``~: 1``) or list index; left out for the container's own position.
    """
    if key is not _ITSELF:
        if isinstance(container, PosDict) and key in container.kpos:
            return container.kpos[key]
        if isinstance(container, PosList) and isinstance(key, int) and 0 <= key < len(container.ipos):
            return container.ipos[key]
    return getattr(container, "pos", (0, 0))


def bare_boolean(v: bool) -> str:
    """Why a field that wants text found true or false: the loader reads YAML 1.1, where a bare
    yes, no, on or off is a boolean, never the word (said, never taken as the word True)."""
    found = "true" if v else "false"
    return f"(a bare yes, no, on or off reads as {found} in YAML: put the words in quotes, such as \"No\")"


def text_field(data: Any, key: str, file: str, default: str = "") -> str:
    """``data[key]`` where a file wants text (a title, a name): text as it is, a whole number
    as its digits ('table: 5'), ``default`` when absent or empty.

    Raises:
        InputError: true or false (a bare yes or no, with why) or anything that is not text.
    """
    v = data.get(key) if isinstance(data, dict) else None
    if v is None or v == "":
        return default
    if isinstance(v, bool):
        raise InputError(file, *position(data, key), key, f"expected text, found {'true' if v else 'false'} "
                                                          f"{bare_boolean(v)}")
    if isinstance(v, int):
        return str(v)
    if not isinstance(v, str):
        found = "a list" if isinstance(v, list) else "a mapping" if isinstance(v, dict) else repr(v)[:40]
        raise InputError(file, *position(data, key), key, f"expected text, found {found}")
    return v


def _found_at(text: str, line: int, column: int) -> str:
    """What stands at 0-based (line, column) of ``text``, for a broken-YAML message."""
    lines = text.splitlines()
    rest = lines[line][column:].strip() if line < len(lines) else ""
    if rest:
        return repr(rest.split()[0][:20])
    return "the end of the file" if not "".join(lines[line + 1:]).strip() else "the end of the line"


def _check_size(text: str, file: str, max_nodes: "int | None") -> None:
    """Refuse ``text`` holding more than ``max_nodes`` YAML values (scalars, mappings,
    sequences) before it is built: libyaml's event stream is scanned only up to the first
    value over the limit, so a huge document costs no more than a small one.

    Broken YAML is left for the full load to report (with its position).
    Raises:
        InputError: at the position of the first value over the limit.
    """
    if max_nodes is None or 3 * len(text) + 3 <= max_nodes:
        # a text this short cannot hold that many values: YAML spends at least a character on
        # each value but the first two ('?' alone is a mapping of an empty key to an empty
        # value; no text of up to 6 of YAML's indicator characters, and none of 600,000 random
        # ones up to 60, holds more than its length plus two), so the scan, a second parse of
        # the whole text, could refuse nothing (a case file of 500 events is ten times longer)
        return
    n = 0
    value_events = (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent, yaml.AliasEvent)
    try:
        for ev in yaml.parse(text, Loader=_Loader):
            if isinstance(ev, value_events):
                n += 1
                if n > max_nodes:
                    mark = ev.start_mark
                    raise InputError(file, mark.line + 1, mark.column + 1, "",
                                     f"a case file holds at most {max_nodes:,} values (a case has at most "
                                     f"500 events); this one has more: refused before it is read further")
    except yaml.YAMLError:
        return


#: an alias (``*name``) somewhere in the text (a rough test: a ``*`` in a note costs only speed)
_ALIAS = re.compile(r"(?:^|[\s\[{,:?-])\*[^\s,\[\]{}]")


class _AliasComposer(yaml.composer.Composer):
    """PyYAML's composer over the C parser's events, giving each use of an alias (``*name``)
    its own place: a copy of the anchored node marked where the alias is written (libyaml's
    composer hands back the anchored node itself, so ``board: *a`` was reported at ``&a``).
    The copy shares the anchored node's children, so an alias still costs no more than its
    own node, and the checks of :func:`_check_graph` see the same children."""

    def __init__(self, events: list, loader: _Loader):
        super().__init__()
        self._events, self._at = events, 0
        self.resolve = loader.resolve
        self.descend_resolver, self.ascend_resolver = loader.descend_resolver, loader.ascend_resolver

    def check_event(self, *choices) -> bool:
        if self._at >= len(self._events):
            return False
        return not choices or isinstance(self._events[self._at], choices)

    def peek_event(self):
        return self._events[self._at]

    def get_event(self):
        self._at += 1
        return self._events[self._at - 1]

    def compose_node(self, parent, index):
        if not self.check_event(yaml.AliasEvent):
            return super().compose_node(parent, index)
        event = self.peek_event()
        node = super().compose_node(parent, index)
        if isinstance(node, yaml.ScalarNode):
            return yaml.ScalarNode(node.tag, node.value, event.start_mark, event.end_mark, style=node.style)
        return type(node)(node.tag, node.value, event.start_mark, event.end_mark, flow_style=node.flow_style)


# ---------------------------------------------------------------- one-line flow mappings
# A case file is mostly lists of one-line flow mappings under a key at the top (``events:``,
# ``expect:``, each item ``  - {seat: W, call: 1H}``). libyaml hands each of their values to
# Python as a node object, resolved and built one by one (about 60% of reading a case). Such
# lines are read here instead, by a strict pattern of the plain forms only (words, simply
# quoted text, in printable ASCII); the document is then read by YAML with those lines left
# blank (every other line, line number and column as written), and the lists put in place of
# the empty values their keys are then given. Anything else, or any doubt, and the whole text
# is read by YAML as before: the same values, the same positions, the same errors
# (tests/test_yaml_quick.py compares both ways on every file and on random edits of them).

#: a key at the top level alone on its line (``events:``), a block list of items to follow
_TOP_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*):")
_STR_TAG = "tag:yaml.org,2002:str"
#: whether lists of one-line flow mappings are read by :func:`_flow_lists` (tests compare both ways)
FLOW_LISTS = True
#: a plain word's value, as YAML resolves and builds it, by its text
_PLAIN_VALUES: dict = {}
#: a key's text -> whether it is a plain word (``[A-Za-z_][A-Za-z0-9_]*``) that YAML reads as text
_ITEM_KEYS: dict = {}
_ITEM_KEY_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: a value of the plain form: words of letters, digits and ``_.()+/-``, single spaces between
#: them, the first beginning with a letter, a digit or ``_`` (else a value is simply quoted text:
#: no escape, no quote inside)
_ITEM_WORDS = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.()+/-]*(?: [A-Za-z0-9_.()+/-]+)*")
#: what may follow an item's ``}``: spaces, a comment after a space
_ITEM_TAIL = re.compile(r"(?: +#[ -~]*)? *")
_NOT_READ = object()        # a plain value this way does not build (a float, null): YAML reads the text


def _plain_value(loader: _Loader, text: str) -> Any:
    """The value YAML builds from the plain scalar ``text`` (text, a whole number as
    _construct_int reads it, true or false), or _NOT_READ for any other."""
    tag = _resolve(loader, yaml.ScalarNode, text, (True, False))
    if tag == _STR_TAG:
        return text
    if tag == _INT and sum(ch.isdigit() for ch in text) <= MAX_DIGITS:
        return int(text, 10) if _DECIMAL.fullmatch(text) else text         # as _construct_int
    if tag == "tag:yaml.org,2002:bool":
        return loader.bool_values[text.lower()]
    return _NOT_READ


def _flow_item(loader: _Loader, line: str, number: int) -> "tuple[int, PosDict] | None":
    """The item on ``line`` (1-based line ``number``) as YAML builds it (a PosDict with its
    positions) and its indentation, when the line is a one-line flow mapping of the plain
    forms (``- {key: value, ...}``, a comment after it at most); else None. Taken apart with string
    methods, each key and value checked on its own (a value's text met before is looked up):
    a regular expression over the whole line cost more than YAML's own reading."""
    if len(line) > 400 or not line.isascii() or not line.isprintable():
        return None
    body = line.lstrip(" ")
    indent = len(line) - len(body)
    brace = line.find("{", indent)
    close = line.rfind("}")
    if not body.startswith("- ") or brace < 0 or close < brace or line[indent + 2:brace].strip(" "):
        return None
    if close + 1 < len(line) and line[close + 1:].strip(" ") and _ITEM_TAIL.fullmatch(line, close + 1) is None:
        return None
    out = PosDict()
    out.pos = (number, brace + 1)
    out.kpos = kpos = {}
    values, keys = _PLAIN_VALUES, _ITEM_KEYS
    at = brace + 1
    for part in line[brace + 1:close].split(","):
        start, at = at, at + len(part) + 1
        k, colon, v = part.partition(":")
        key = k.lstrip(" ")
        text = v.strip(" ")
        if not colon or not text or v[0] != " " or key in out:
            return None
        ok = keys.get(key)
        if ok is None:
            if len(keys) >= 4096:
                keys.clear()
            ok = keys[key] = _ITEM_KEY_RE.fullmatch(key) is not None and _plain_value(loader, key) is key
        if not ok:
            return None
        first = text[0]
        if first == "'" or first == '"':
            value: Any = text[1:-1]
            if len(text) < 2 or text[-1] != first or first in value or (first == '"' and "\\" in value):
                return None
        else:
            value = values.get(text, _NOT_READ)
            if value is _NOT_READ:
                if _ITEM_WORDS.fullmatch(text) is None:
                    return None
                value = _plain_value(loader, text)
                if value is _NOT_READ:
                    return None
                if len(values) >= 4096:
                    values.clear()
                values[text] = value
        out[key] = value
        kpos[key] = (number, start + len(k) + 1 + len(v) - len(v.lstrip(" ")) + 1)
    return indent, out


def _flow_lists(loader: _Loader, text: str) -> "tuple[str, dict] | None":
    """(``text`` with the items of its top-level lists of one-line flow mappings blanked, those
    lists by key: (line of the key, the PosList)), or None when no list is read this way or
    anything about the text is in doubt (the whole text is then read by YAML)."""
    if "\r" in text or "\x85" in text or "\u2028" in text or "\u2029" in text or "\ufeff" in text:
        return None         # line breaks other than \n (or a byte-order mark): YAML's lines are not ours
    lines = text.split("\n")
    found: dict = {}
    n = len(lines)
    i = 0
    while i < n:
        m = _TOP_KEY.fullmatch(lines[i])
        if m is None:
            i += 1
            continue
        key = m[1]
        if key in found:            # a key written twice: YAML says what it says of it
            return None
        items = PosList()
        items.ipos = []
        indent = None
        j = i + 1
        while j < n:
            line = lines[j]
            rest = line.lstrip(" ")
            if not rest or rest[0] == "#":          # a blank line or a comment: left to YAML
                j += 1
                continue
            item = _flow_item(loader, line, j + 1) if rest[0] == "-" else None
            if item is not None and (indent is None or item[0] == indent):
                if indent is None:
                    indent = item[0]
                    items.pos = (j + 1, indent + 1)
                items.append(item[1])
                items.ipos.append(item[1].pos)
                lines[j] = ""
                j += 1
                continue
            if indent is None:          # not a list of such items: this key is left to YAML
                break
            if line[0] in " \t-":     # anything else inside the list: the whole text to YAML
                return None
            break
        found[key] = (i + 1, items)
        i = j if items else i + 1
    found = {k: v for k, v in found.items() if v[1]}
    if not found:
        return None
    return "\n".join(lines), found


_RESOLVER: list = []


def _resolver() -> "_Loader":
    """A loader kept for the process, used only to resolve and build plain values
    (:func:`_plain_value`: its resolver tables and ``bool_values``, which hold no state of a
    document), made on first use: a loader made and disposed of for every file cost a fifth as
    much as reading the file's flow lists."""
    if not _RESOLVER:
        _RESOLVER.append(_Loader(""))
    return _RESOLVER[0]


def _load_flow_lists(text: str) -> Any:
    """The document of ``text`` (no alias in it) with its lists of one-line flow mappings read
    by :func:`_flow_lists`, or ``_Slow`` raised when the text is not read that way."""
    split = _flow_lists(_resolver(), text)
    if split is None:
        raise _Slow
    rest, lists = split
    try:
        data = yaml.load(rest, Loader=_Loader)  # noqa: S506 - _Loader derives from SafeLoader
    except Exception:           # the error is found again, and worded, on the whole text
        raise _Slow from None
    if type(data) is not PosDict:
        raise _Slow
    for key, (line, items) in lists.items():
        # the key's value, now empty, is where YAML places the empty value of a key alone on its line
        if key not in data or data[key] is not None or data.kpos.get(key) != (line, len(key) + 2):
            raise _Slow
    for key, (line, items) in lists.items():
        data[key] = items
        data.kpos[key] = items.pos
    return data


def _load(text: str) -> Any:
    """The document of ``text`` built by ``_Loader``; with an alias in it, composed by
    :class:`_AliasComposer` so that each alias is placed where it is used."""
    if "*" not in text or not _ALIAS.search(text):     # an alias needs a '*' (the search alone
        if FLOW_LISTS:                                      # scanned every character of a case)
            try:
                return _load_flow_lists(text)
            except _Slow:
                pass
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader derives from SafeLoader
    loader = _Loader("")
    try:
        node = _AliasComposer(list(yaml.parse(text, Loader=_Loader)), loader).get_single_node()
        if node is not None:
            _check_graph(node)      # an alias of a text is taken by _quick: its characters are counted here
        return None if node is None else loader.construct_document(node)
    finally:
        loader.dispose()


def loads(text: str, file: str, max_nodes: "int | None" = None) -> Any:
    """Parse YAML text; ``file`` is used in error messages only.

    Args:
        max_nodes: refuse a document of more values than this before building it (None: no limit).
    Returns:
        the document built from PosDict/PosList/scalars (None for an empty document).
    Raises:
        InputError: broken YAML, a duplicated mapping key, or too many values, with its position.
    """
    _check_size(text, file, max_nodes)
    try:
        return _load(text)
    except _DuplicateKey as e:
        raise InputError(file, e.line, e.col, str(e.key), "this key appears twice in the same mapping") from None
    except _TooLong as e:
        raise InputError(file, e.line, e.col, "", f"expected a number of at most {MAX_DIGITS} digits, found one of "
                                                  f"{e.digits:,} digits") from None
    except _Refused as e:
        raise InputError(file, e.line, e.col, "", e.message) from None
    except yaml.reader.ReaderError as e:       # a byte YAML does not allow (a NUL, say): one line
        line, col = _line_col(text, e.position)
        code = ord(e.character) if isinstance(e.character, str) else int(e.character)
        what = "a NUL byte" if code == 0 else f"the character #x{code:04x}"
        head = text[:200]
        if code == 0 and len(head) >= 16 and head.count("\x00") * 3 >= len(head):    # every other byte: UTF-16 with no byte-order mark
            what += " (every other byte is NUL: the file looks like UTF-16; save it as UTF-8)"
        raise InputError(file, line, col, "", f"expected printable text, found {what}") from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        problem = " ".join(x for x in (e.context, e.problem) if x)
        if mark and _long_key_at(text, mark.line, mark.column):
            raise InputError(file, line, col, "", "expected a key of at most 1,024 characters (YAML's limit for a "
                                                  "key written plainly), found a longer one on this line") from None
        if mark and " got " not in problem and " found " not in problem:   # libyaml says only what it expected
            problem += f", found {_found_at(text, mark.line, mark.column)}"
        raise InputError(file, line, col, "", f"broken YAML: {problem}") from None
    except yaml.YAMLError as e:  # pragma: no cover - other PyYAML errors carry no mark
        raise InputError(file, 0, 0, "", f"broken YAML: {e}") from None


def decode_utf8(data: bytes, file: str) -> str:
    """``data`` as UTF-8 text (a byte-order mark at the start is dropped, as YAML does).

    Raises:
        InputError: UTF-16 text (a Windows editor's "Unicode"), named as such; or the first
            byte that is not UTF-8, at its line and column (a Latin-1 'é', say).
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            raise InputError(file, 1, 1, "", "expected UTF-8 text, found UTF-16 (it starts with UTF-16's byte-order "
                                             "mark): save the file as UTF-8") from None
        if len(data) >= 16 and data[:200].count(0) * 3 >= len(data[:200]):
            raise InputError(file, 1, 1, "", "expected UTF-8 text, found UTF-16 (every other byte is NUL): save the "
                                             "file as UTF-8") from None
        before = data[:e.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
        raise InputError(file, line, column, "", f"expected UTF-8 text, found the byte 0x{data[e.start]:02x}, which "
                                                 f"is not UTF-8 here ({e.reason}; a file saved as Latin-1 or "
                                                 "Windows-1252?)") from None


def _long_key_at(text: str, line: int, column: int) -> bool:
    """Whether the key just before 0-based (line, column) of ``text`` is longer than 1,024
    characters: libyaml then says "could not find expected ':'" (block) or "did not find
    expected ',' or '}'" (flow), pointing at the ':' after it."""
    lines = text.splitlines()
    if not 0 <= line < len(lines):
        return False
    key = re.split(r"[,{\[]", lines[line][:column])[-1].strip().lstrip("-? ").strip()
    return len(key) > 1024


def _line_col(text: str, position: int) -> tuple[int, int]:
    """1-based line and column of character ``position`` of ``text``."""
    before = text[:max(0, position)]
    return before.count("\n") + 1, position - (before.rfind("\n") + 1) + 1


def _read_bytes(path: str, size: int, max_bytes: "int | None") -> bytes:
    """The bytes of the file ``path`` (``size``: its size when it was looked at), read to its
    end, or to one byte past ``max_bytes`` (a pipe or a growing file is read no further than
    the limit). Read with the system's calls directly: the buffered file object ``open()``
    makes asks the system four more times (whether it is a terminal, where it stands, its
    size twice) for a file read once whole."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    try:
        limit = None if max_bytes is None else max_bytes + 1
        want = size + 1 if limit is None else min(size + 1, limit)
        chunks = []
        total = 0
        while limit is None or total < limit:
            chunk = os.read(fd, max(want, 1) if limit is None else min(max(want, 1), limit - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            want = 65536
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)
    finally:
        os.close(fd)


def load(path: str | Path, max_bytes: "int | None" = None, max_nodes: "int | None" = None) -> Any:
    """Read and parse a YAML file (UTF-8).

    Args:
        max_bytes: refuse a larger file before reading it (None: no limit).
        max_nodes: refuse a document of more values than this before building it (see :func:`loads`).
    Raises:
        InputError: the file cannot be read, is too large, is not UTF-8, or is not valid YAML.
    """
    p = str(path)
    try:
        import stat as _stat
        st = os.stat(p)
        mode = st.st_mode
        if not _stat.S_ISREG(mode) and not _stat.S_ISDIR(mode):   # a FIFO would wait for ever, a device never end
            kind = "a FIFO (named pipe)" if _stat.S_ISFIFO(mode) else "a socket" if _stat.S_ISSOCK(mode) else "a device"
            raise InputError(p, 0, 0, "", f"expected a file (a regular file), found {kind}")
        if max_bytes is not None:
            size = st.st_size
            if size > max_bytes:
                raise InputError(p, 0, 0, "", f"the file is {size:,} bytes; a case file holds at most "
                                              f"{max_bytes:,} bytes ({max_bytes // 1_000_000} MB): refused unread")
        if _stat.S_ISDIR(mode):
            raise IsADirectoryError(p)
        data = _read_bytes(p, st.st_size, max_bytes)
        if max_bytes is not None and len(data) > max_bytes:
            raise InputError(p, 0, 0, "", f"a case file holds at most {max_bytes:,} bytes")
        text = decode_utf8(data, p)
        text = text.replace("\r\n", "\n").replace("\r", "\n")    # as read_text() read it
    except FileNotFoundError:
        raise InputError(p, 0, 0, "", "no such file") from None
    except IsADirectoryError:
        raise InputError(p, 0, 0, "", "expected a file, found a directory") from None
    except OSError as e:
        raise InputError(p, 0, 0, "", f"cannot read the file: {e.strerror}") from None
    return loads(text, p, max_nodes)


@record(frozen=True)
class Where:
    """A place in an input file: ``file:line:column``."""

    file: str
    line: int
    column: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


def law_number(v: Any) -> Any:
    """A cite written as a bare law number (``cite: 12`` reads as an int in YAML) as text;
    any other value as it is (for the cite check to judge)."""
    return str(v) if isinstance(v, int) and not isinstance(v, bool) else v

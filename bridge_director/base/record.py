"""Record classes: what ``@dataclasses.dataclass`` gives the engine's data classes, made cheaply.

The classes a ruling passes through (case, rulebook, facts, firings, ruling lines) are
declared as dataclasses are, with ``@record`` (``frozen=True``, ``slots=True``) and
:func:`field` (``default``, ``default_factory``, ``repr``, ``compare``) from here. A cold
``director rule`` made about 25 such classes: the ``dataclasses`` module's import (it loads
``inspect``, and with it ``ast``, ``dis`` and ``tokenize``) and the five or six functions it
compiles from source for each class cost a fifth of the whole start-up. Here only
``__init__`` is compiled when a class is made; ``__eq__`` and ``__hash__`` are compiled on
their first call (a warm ruling compares and hashes records thousands of times; a cold start
few), and ``__repr__`` and the frozen ``__setattr__`` are shared methods reading the class's
field table.

What the classes get is what ``@dataclass`` gives them: ``__init__`` with the fields in
order (keyword or positional, defaults and factories, then ``__post_init__`` when the class
has one), ``__repr__`` ``Name(a=1, b='x')`` of the ``repr`` fields, ``__eq__`` on the
``compare`` fields between objects of the same class (``NotImplemented`` otherwise),
``__hash__`` on them when frozen and None otherwise (a method the class defines itself is
kept), assignment refused on a frozen object (:class:`FrozenInstanceError`, an
AttributeError), and ``__slots__`` with ``slots=True``. :func:`replace` is
``dataclasses.replace``. Inheritance between records is not supported (none is used).
"""
from __future__ import annotations

from typing import Any, Callable

__all__ = ["FrozenInstanceError", "field", "fields", "record", "replace"]


class FrozenInstanceError(AttributeError):
    """Assignment to a field of a frozen record."""


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class Field:
    """A field's options, as ``dataclasses.field`` takes them (see :func:`field`)."""

    __slots__ = ("name", "default", "default_factory", "repr", "compare")

    def __init__(self, default: Any = MISSING, default_factory: "Callable[[], Any] | Any" = MISSING,
                 repr: bool = True, compare: bool = True):
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.default, self.default_factory, self.repr, self.compare = default, default_factory, repr, compare


def field(*, default: Any = MISSING, default_factory: Any = MISSING, repr: bool = True,
          compare: bool = True) -> Any:
    """A field's options in a record's class body (``dataclasses.field``'s, those the engine uses)."""
    return Field(default, default_factory, repr, compare)


def fields(obj_or_class: Any) -> tuple:
    """The record's fields (``Field``: ``name``, ``default``, ...), in order."""
    return obj_or_class.__record_fields__


def replace(obj: Any, /, **changes: Any) -> Any:
    """A copy of record ``obj`` with ``changes`` (``dataclasses.replace``).

    Raises:
        TypeError: a name that is not a field.
    """
    for name in changes:
        if name not in obj.__record_names__:
            raise TypeError(f"{type(obj).__name__}.__init__() got an unexpected keyword argument {name!r}")
    values = {f.name: getattr(obj, f.name) for f in obj.__record_fields__}
    values.update(changes)
    return type(obj)(**values)


def _repr(self) -> str:
    inside = ", ".join(f"{n}={getattr(self, n)!r}" for n in type(self).__record_repr__)
    return f"{type(self).__qualname__}({inside})"


def _eq(self, other):
    """The first ``==`` on a record class: compile the class's own ``__eq__`` and use it."""
    return _own(type(self), "__eq__", _eq)(self, other)


def _hash(self) -> int:
    """The first ``hash()`` of a record class: compile the class's own ``__hash__`` and use it."""
    return _own(type(self), "__hash__", _hash)(self)


def _own(cls: type, name: str, shared: Callable) -> Callable:
    """``cls``'s own ``__eq__`` or ``__hash__`` (compiled from its field table, as dataclasses
    writes them: comparing field tuples, one attribute read per field), set on the class in
    place of the ``shared`` method that asked for it; compiled on a class's first use, so a
    cold start compiles only the methods it calls."""
    if cls.__dict__.get(name) is not shared:      # a subclass of a record: keep the shared one
        return _eq_by_table if name == "__eq__" else _hash_by_table
    mine = "".join(f"self.{n}," for n in cls.__record_compare__)
    if name == "__eq__":
        theirs = "".join(f"other.{n}," for n in cls.__record_compare__)
        source = (f"def __eq__(self, other):\n  if other.__class__ is self.__class__:\n"
                  f"    return ({mine}) == ({theirs})\n  return NotImplemented\n")
    else:
        source = f"def __hash__(self):\n  return hash(({mine}))\n"
    namespace: dict = {}
    exec(source, namespace)     # noqa: S102 - our own text, of field names only
    fn = namespace[name]
    fn.__qualname__ = f"{cls.__qualname__}.{name}"
    fn.__module__ = cls.__module__
    setattr(cls, name, fn)
    return fn


def _eq_by_table(self, other):
    if other.__class__ is self.__class__:
        names = type(self).__record_compare__
        return tuple(getattr(self, n) for n in names) == tuple(getattr(other, n) for n in names)
    return NotImplemented


def _hash_by_table(self) -> int:
    return hash(tuple(getattr(self, n) for n in type(self).__record_compare__))


def _frozen_setattr(self, name, value):
    if type(self).__record_frozen_class__ is type(self) or name in type(self).__record_names__:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)


def _frozen_delattr(self, name):
    if type(self).__record_frozen_class__ is type(self) or name in type(self).__record_names__:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
    object.__delattr__(self, name)


def _init_source(names: list[str], defaults: dict, factories: dict, frozen: bool, post_init: bool) -> str:
    """The text of a record's ``__init__``: the fields in order, defaults and factories."""
    params, body = ["self"], []
    for n in names:
        if n in factories:
            params.append(f"{n}=_FACTORY_")
            value = f"_factory_{n}() if {n} is _FACTORY_ else {n}"
        elif n in defaults:
            params.append(f"{n}=_default_{n}")
            value = n
        else:
            params.append(n)
            value = n
        body.append(f"  _set_(self, {n!r}, {value})" if frozen else f"  self.{n} = {value}")
    if post_init:
        body.append("  self.__post_init__()")
    return f"def __init__({', '.join(params)}):\n" + ("\n".join(body) or "  pass") + "\n"


def record(cls: "type | None" = None, /, *, frozen: bool = False, slots: bool = False):
    """Make ``cls`` a record (see the module docstring); used as ``@record`` or ``@record(frozen=True)``."""
    def wrap(c: type) -> type:
        return _process(c, frozen, slots)
    return wrap if cls is None else wrap(cls)


def _process(cls: type, frozen: bool, slots: bool) -> type:
    if frozen and slots:
        raise TypeError("a frozen record with slots is not supported (pickling it would need __setstate__)")
    annotations = cls.__dict__.get("__annotations__", {})
    fields_: list[Field] = []
    for name in annotations:
        value = cls.__dict__.get(name, MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        f.name = name
        fields_.append(f)
        if isinstance(value, Field):     # the class attribute is the default, as dataclasses leaves it
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    seen_default = False
    for f in fields_:
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    names = [f.name for f in fields_]
    if slots:
        body = {k: v for k, v in cls.__dict__.items() if k not in names and k not in ("__dict__", "__weakref__")}
        body["__slots__"] = tuple(names)
        body["__qualname__"] = cls.__qualname__
        cls = type(cls)(cls.__name__, cls.__bases__, body)
    own = cls.__dict__
    cls.__record_fields__ = tuple(fields_)
    cls.__record_names__ = frozenset(names)
    cls.__record_repr__ = tuple(f.name for f in fields_ if f.repr)
    cls.__record_compare__ = tuple(f.name for f in fields_ if f.compare)
    namespace: dict = {"_FACTORY_": MISSING, "_set_": object.__setattr__}
    for f in fields_:
        if f.default_factory is not MISSING:
            namespace[f"_factory_{f.name}"] = f.default_factory
        elif f.default is not MISSING:
            namespace[f"_default_{f.name}"] = f.default
    if "__init__" not in own:
        source = _init_source(names, {f.name for f in fields_ if f.default is not MISSING},
                              {f.name for f in fields_ if f.default_factory is not MISSING}, frozen,
                              hasattr(cls, "__post_init__"))
        exec(source, namespace)     # noqa: S102 - our own text, of field names only
        init = namespace["__init__"]
        init.__qualname__ = f"{cls.__qualname__}.__init__"
        init.__module__ = cls.__module__
        cls.__init__ = init
    if "__repr__" not in own:
        cls.__repr__ = _repr
    if "__eq__" not in own:
        cls.__eq__ = _eq
    if "__hash__" not in own or own["__hash__"] is None:
        cls.__hash__ = _hash if frozen else None
    if frozen:
        cls.__record_frozen_class__ = cls
        cls.__setattr__ = _frozen_setattr
        cls.__delattr__ = _frozen_delattr
    return cls

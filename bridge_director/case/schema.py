"""The pydantic models of case files, built from the field tables of bridge_director.case.load (one
:class:`~bridge_director.case.load.Shape` per mapping): the published JSON Schema, and the checks and the
wording of errors for whatever bridge_director.case.load's plain check does not vouch for.

Imported only when needed (pydantic costs about a third of a cold ``director rule``): for a
mapping the plain check leaves open (a value pydantic converts, such as a board written
``"3"``, or an error to word), and for ``director schema``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, field_validator

from bridge_director.case.shapes import CASE, EVENT_SHAPES, EXPECT, FIELD_NOUNS, HAPPENED_SHAPES, REQUIRED, Shape, _found
from bridge_director.base.memo import hashable
from bridge_director.base.yamlpos import InputError, PosDict, PosList, bare_boolean, position


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)   # build validators on first use: faster start


class _StrictByName(_Strict):
    """For a model with a field named other than its key (``with_`` for ``with``): either is accepted."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True)


def _before(check):
    return lambda cls, v: check(v)


@lru_cache(maxsize=None)
def model(shape: Shape) -> type[BaseModel]:
    """The pydantic model of ``shape`` (built once per process)."""
    fields: dict[str, Any] = {}
    validators = {}
    for f in shape.fields:
        if f.annotation == "EVENTS":
            members = tuple(model(s) for s in (*EVENT_SHAPES.values(), *HAPPENED_SHAPES.values()))
            annotation: Any = list[Union[members]]
        elif f.annotation == "EXPECT":
            annotation = Optional[list[model(EXPECT)]]
        else:
            annotation = f.annotation
        kw: dict[str, Any] = {}
        if f.factory is not None:
            kw["default_factory"] = f.factory
        elif f.default is not REQUIRED:
            kw["default"] = f.default
        for name in ("description", "ge", "min_length"):
            if getattr(f, name) is not None:
                kw[name] = getattr(f, name)
        if f.attr:
            kw["alias"] = f.key
        fields[f.name] = (annotation, Field(**kw))
        if f.before is not None:
            validators[f"_v_{f.name}"] = field_validator(f.name, mode="before")(_before(f.before))
    base = _StrictByName if any(f.attr for f in shape.fields) else _Strict
    return create_model(shape.name, __base__=base, __doc__=shape.doc, __validators__=validators, **fields)


def validate(shape: Shape, raw: Any, file: str, prefix: str) -> dict:
    """The fields of the mapping ``raw`` validated by the model of ``shape`` (attribute ->
    value, nested models as dicts).

    Raises:
        InputError: the first error, at its file:line:col, the field named with ``prefix``.
    """
    m = model(shape)
    try:
        return m.model_validate(dict(raw)).model_dump()
    except ValidationError as err:
        raise _pyd_error(file, raw, err, prefix, m) from None


def _pyd_error(file: str, data: Any, err: ValidationError, prefix: str = "",
               model: Optional[type[BaseModel]] = None) -> InputError:
    errors = err.errors()
    # a mistyped key gives both "unknown field" and "field required": the unknown one says more
    e = next((x for x in errors if x["type"] == "extra_forbidden"), errors[0])
    loc = list(e["loc"])
    itself = object()
    node, key = data, itself
    path = []
    for part in loc:
        if isinstance(node, (PosDict, PosList)) and (
                (isinstance(node, PosDict) and part in node) or (isinstance(node, PosList) and isinstance(part, int)
                                                                 and part < len(node))):
            key = part
            path.append(str(part))
            if isinstance(node[part], (PosDict, PosList)):
                node, key = node[part], itself
            else:
                break
        else:
            break
    if e["type"] == "invalid_key" and isinstance(node, PosDict) and hashable(e.get("input")) and e["input"] in node:
        key = e["input"]          # (pydantic names the key by its text: 'None' for ~)
        return InputError(file, *position(node, key), prefix.rstrip("."),
                          f"expected a field name (text), found {_found(key)}")
    line, col = position(node) if key is itself else position(node, key)
    fieldname = prefix + ".".join(str(p) for p in loc if not (isinstance(p, str) and p.endswith("Model")))
    msg = e["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    if e["type"] == "missing":
        msg = "this field is required"
        line, col = position(node) if key is itself else (line, col)
    elif e["type"] == "extra_forbidden":
        msg = f"unknown field '{loc[-1]}'"
        if model is not None and len(loc) == 1:
            msg += ": expected one of " + ", ".join(f.alias or name for name, f in model.model_fields.items())
    elif "input" in e and e["type"] not in ("value_error",):
        msg = _plain_message(e, loc) or f"{msg}, found {_found(e['input'])}"
    return InputError(file, line, col, fieldname, msg)



def _plain_message(e: dict, loc: list) -> Optional[str]:
    """pydantic's error ``e`` in our wording, 'expected X, found Y'; None for a type not mapped.

    Mapped by error type (not by field), so every field of every model gets the same wording;
    ``FIELD_NOUNS`` names what a field holds ('a board number') where the type alone says too little.
    """
    kind, ctx, found = e["type"], e.get("ctx") or {}, _found(e["input"])
    name = next((p for p in reversed(loc) if isinstance(p, str)), "")
    noun = FIELD_NOUNS.get(name)
    number = noun or "a number"
    bounds = {"greater_than_equal": ("ge", "or more"), "less_than_equal": ("le", "or less"),
              "greater_than": ("gt", None), "less_than": ("lt", None)}
    if kind in bounds:
        key, words = bounds[kind]
        limit = ctx.get(key)
        if words:
            return f"expected {number} {limit} {words}, found {found}"
        return f"expected {number} {'more' if kind == 'greater_than' else 'less'} than {limit}, found {found}"
    if kind in ("int_parsing", "int_type", "int_from_float", "int_parsing_size"):
        return f"expected {noun} (a whole number), found {found}" if noun else f"expected a whole number, found {found}"
    if kind in ("float_parsing", "float_type", "decimal_parsing", "decimal_type"):
        return f"expected {noun} (a number), found {found}" if noun else f"expected a number, found {found}"
    if kind == "literal_error":
        return f"expected {ctx.get('expected', 'one of the listed values')}, found {found}"
    if kind == "enum":
        return f"expected {ctx.get('expected', 'one of the listed values')}, found {found}"
    if kind in ("bool_parsing", "bool_type"):
        return f"expected true or false, found {found}"
    if kind in ("string_type", "string_unicode"):
        if isinstance(e["input"], bool):    # YAML reads a bare yes/no/on/off as true/false
            return f"expected {noun or 'text'}, found {found} {bare_boolean(e['input'])}"
        return f"expected {noun or 'text'}, found {found}"
    if kind in ("string_too_short", "string_too_long"):
        n = ctx.get("min_length" if kind == "string_too_short" else "max_length")
        return f"expected text of {'at least' if kind == 'string_too_short' else 'at most'} {n} character" \
               f"{'' if n == 1 else 's'}, found {found}"
    if kind in ("list_type", "tuple_type", "set_type", "iterable_type"):
        return f"expected a list, found {found}"
    if kind in ("too_short", "too_long"):
        n = ctx.get("min_length" if kind == "too_short" else "max_length")
        actual = ctx.get("actual_length")
        return f"expected {'at least' if kind == 'too_short' else 'at most'} {n} item{'' if n == 1 else 's'}, " \
               f"found {actual}"
    if kind in ("dict_type", "model_type", "model_attributes_type", "mapping_type"):
        return f"expected a mapping (key: value), found {found}"
    if kind == "none_required":
        return f"expected nothing (null), found {found}"
    return None



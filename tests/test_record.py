"""bridge_director.base.record: a record class behaves as the same class made with @dataclasses.dataclass."""
from __future__ import annotations

import dataclasses
import pickle

import pytest

from bridge_director.base import record as rec


def _pair(frozen: bool = False, slots: bool = False):
    """The same class body made both ways: (dataclass, record)."""
    def body():
        class Thing:
            """A thing."""

            a: int
            b: str = "x"
            c: list = None
            d: dict = None
            e: int = 0

            def total(self) -> int:
                return self.a + self.e
        return Thing
    dc_cls, rec_cls = body(), body()
    dc_cls.c = dataclasses.field(default_factory=list)
    dc_cls.d = dataclasses.field(default_factory=dict, repr=False, compare=False)
    rec_cls.c = rec.field(default_factory=list)
    rec_cls.d = rec.field(default_factory=dict, repr=False, compare=False)
    return (dataclasses.dataclass(frozen=frozen, slots=slots)(dc_cls),
            rec.record(frozen=frozen, slots=slots)(rec_cls))


@pytest.mark.parametrize("frozen,slots", [(False, False), (True, False), (False, True)])
def test_a_record_is_what_a_dataclass_is(frozen, slots):
    D, R = _pair(frozen, slots)
    for args, kwargs in [((1,), {}), ((1, "y"), {"e": 3}), ((), {"a": 2, "c": [1], "d": {"k": 1}})]:
        d, r = D(*args, **kwargs), R(*args, **kwargs)
        assert repr(r) == repr(d)
        assert (r.a, r.b, r.c, r.d, r.e, r.total()) == (d.a, d.b, d.c, d.d, d.e, d.total())
        assert r == R(*args, **kwargs) and (r == d) is False and r != D(*args, **kwargs)
        assert r == R(r.a, r.b, list(r.c), {"other": 1}, r.e)        # d is not compared
        assert r != R(r.a + 1, r.b, r.c, r.d, r.e)
        if frozen:
            with pytest.raises(TypeError):      # as the dataclass: its list field is not hashable
                hash(d)
            with pytest.raises(TypeError):
                hash(r)
            assert hash(rec.replace(r, c=(1, 2))) == hash(rec.replace(r, c=(1, 2), d={"other": 1}))
            with pytest.raises(AttributeError):
                r.a = 5
            with pytest.raises(AttributeError):
                del r.b
        else:
            assert R.__hash__ is None and D.__hash__ is None
            r.a = 5
            assert r.a == 5
        assert hasattr(r, "__dict__") is hasattr(d, "__dict__")
        assert rec.replace(r, b="z").b == "z" and rec.replace(r, b="z").a == r.a
        with pytest.raises(TypeError):
            rec.replace(r, nope=1)
    assert R(1).c is not R(1).c                     # a fresh list each time
    with pytest.raises(TypeError):
        R()
    with pytest.raises(TypeError):
        R(1, "x", [], {}, 0, 9)
    assert R.__doc__ == "A thing." and R.__init__.__qualname__.endswith("Thing.__init__")


def test_the_rulebook_records_pickle_and_compare():
    from bridge_director.session import api
    book = api.rulebook()
    again = pickle.loads(pickle.dumps(book.rules, protocol=pickle.HIGHEST_PROTOCOL))
    assert again == book.rules and again is not book.rules
    p = next(p for r in book.rules for p in r.when if p.tests)
    assert hash(p) == hash(pickle.loads(pickle.dumps(p))) and {p: 1}[pickle.loads(pickle.dumps(p))] == 1


def test_post_init_runs_after_the_fields_are_set():
    @rec.record(frozen=True)
    class P:
        x: int

        def __post_init__(self):
            object.__setattr__(self, "double", self.x * 2)
    assert P(4).double == 8


def test_a_field_without_default_after_one_with_is_refused():
    with pytest.raises(TypeError):
        @rec.record
        class Bad:
            a: int = 1
            b: int


def test_eq_and_hash_are_the_class_own_once_used_and_a_subclass_compares_the_same():
    @rec.record(frozen=True)
    class P:
        x: int
        y: str = rec.field(default="", compare=False)
    assert P.__eq__ is rec._eq and P.__hash__ is rec._hash           # nothing compiled yet
    assert P(1, "a") == P(1, "b") and P(1) != P(2) and P(1).__eq__(3) is NotImplemented
    assert hash(P(1, "a")) == hash(P(1, "b")) == hash((1,))
    assert P.__eq__ is not rec._eq and P.__eq__.__qualname__.endswith("P.__eq__")
    assert P.__hash__ is not rec._hash and P(1) == P(1)

    @rec.record
    class Q:
        x: int

    class R(Q):
        pass
    assert R(1) == R(1) and R(1) != R(2)
    assert Q.__eq__ is rec._eq                                     # a subclass compiled nothing
    assert R(1) != Q(1) and Q(1) == Q(1)

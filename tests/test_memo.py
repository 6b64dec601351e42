"""bridge_director.base.memo.ByObject: a value worked out once per object, kept with it, bounded."""
from bridge_director.base.memo import ByObject


class Thing:
    pass


def test_a_value_is_made_once_per_object_and_key():
    memo, made = ByObject(), []
    a, b = Thing(), Thing()
    for _ in range(3):
        assert memo.get(a, lambda: made.append("a") or "A") == "A"
    assert memo.get(b, lambda: made.append("b") or "B") == "B"
    assert memo.get(a, lambda: made.append("a2") or "A2", key=2) == "A2"
    assert made == ["a", "b", "a2"] and len(memo) == 3


def test_the_object_is_kept_alive_so_its_id_is_not_reused():
    memo = ByObject()
    memo.get(Thing(), lambda: "first")
    assert all(memo.get(Thing(), lambda: "new") == "new" for _ in range(1000))


def test_the_store_is_bounded():
    memo = ByObject(most=4)
    things = [Thing() for _ in range(10)]
    for t in things:
        memo.get(t, lambda: 1)
    assert len(memo) <= 4

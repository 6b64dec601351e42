"""The compiled-rulebook cache is a pickle, which runs code as it loads: it is trusted only when
it and its folder are ours and nobody else can write to them, and it is never written through a
link someone planted (hostile-2026-12-05c F14)."""
import os
import pathlib
import pickle

import pytest

from bridge_director.rulebook import book as rulebook


class _Runs:
    """A pickle that, loaded, leaves a mark: what a planted cache file could do."""
    mark = None

    def __reduce__(self):
        return (pathlib.Path.touch, (pathlib.Path(self.mark),))


@pytest.fixture
def rules(book_dir):
    """The rules folder copy with a cache of its own (conftest.book_dir)."""
    return book_dir


def _load(folder):
    rulebook.load_rulebook.cache_clear()
    return rulebook.load_rulebook(str(folder), "duplicate-2017")


def _plant(cache: pathlib.Path, mark: pathlib.Path, mode: int) -> None:
    _Runs.mark = str(mark)
    cache.write_bytes(pickle.dumps(_Runs()))
    cache.chmod(mode)


def test_the_cache_folder_is_made_private(rules, tmp_path):
    _load(rules)
    folder = tmp_path / "cache"
    assert folder.stat().st_mode & 0o777 == 0o700
    (cache,) = folder.glob("rulebook-*.pickle")
    assert cache.stat().st_mode & 0o022 == 0
    assert not list(folder.glob("*.tmp"))                       # no temporary file left


@pytest.mark.parametrize("mode", [0o666, 0o646, 0o664])
def test_a_cache_file_others_may_write_is_not_loaded(rules, tmp_path, mode):
    good = _load(rules)
    (cache,) = (tmp_path / "cache").glob("rulebook-*.pickle")
    mark = tmp_path / "code-ran"
    _plant(cache, mark, mode)
    book = _load(rules)
    assert not mark.exists()
    assert [r.id for r in book.rules] == [r.id for r in good.rules]


@pytest.mark.parametrize("mode", [0o777, 0o775, 0o757])
def test_nothing_in_a_folder_others_may_write_is_loaded_or_written(rules, tmp_path, mode):
    _load(rules)
    folder = tmp_path / "cache"
    (cache,) = folder.glob("rulebook-*.pickle")
    mark = tmp_path / "code-ran"
    _plant(cache, mark, 0o600)
    planted = cache.read_bytes()
    folder.chmod(mode)
    try:
        book = _load(rules)
        assert not mark.exists()
        assert book.laws["27"] == "Insufficient bid"
        assert cache.read_bytes() == planted                         # left alone, not rewritten
    finally:
        folder.chmod(0o700)


def test_a_link_at_the_cache_name_is_not_followed(rules, tmp_path):
    _load(rules)
    folder = tmp_path / "cache"
    (cache,) = folder.glob("rulebook-*.pickle")
    planted = tmp_path / "planted.pickle"
    _plant(planted, tmp_path / "code-ran", 0o600)
    planted_bytes = planted.read_bytes()
    cache.unlink()
    cache.symlink_to(planted)
    _load(rules)
    assert not (tmp_path / "code-ran").exists()
    assert not cache.is_symlink() and isinstance(pickle.loads(cache.read_bytes()), rulebook.Rulebook)
    assert planted.read_bytes() == planted_bytes                      # the link's target untouched


def test_a_planted_link_at_a_temporary_name_is_not_written_through(rules, tmp_path):
    _load(rules)
    folder = tmp_path / "cache"
    (cache,) = folder.glob("rulebook-*.pickle")
    cache.unlink()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    # the name the old writer used, and a few others a planter might guess
    for name in (cache.with_suffix(f".{os.getpid()}.tmp"), folder / (cache.stem + ".tmp")):
        name.symlink_to(victim)
    _load(rules)
    assert victim.read_text() == "keep me"
    assert not cache.is_symlink() and isinstance(pickle.loads(cache.read_bytes()), rulebook.Rulebook)

"""Tests for bridge_director.bridge.deals (shuffle evidence, deal register) and bridge_director.cli.deals."""
from __future__ import annotations

import json
import math
import os
import pathlib
import random
import signal
import sqlite3
import subprocess
import sys

import pytest

from bridge_director.cli import deals as deals_cli
from bridge_director.bridge.deals import BOARD_ALPHA, Register, RegisterError, check_boards, hand_pattern_probabilities, longest_holding_p, one_in, played_in_other_sessions, sortedness, suit_split_probabilities
from bridge_director.bridge.pbn import RANKS, SEATS, SUITS, Card, Deal, Hand, PbnBoard, parse_pbn, read_pbn

FIX = pathlib.Path(__file__).parent / "fixtures" / "deals"
ROOT = pathlib.Path(__file__).resolve().parent.parent
PACK = [Card(s, r) for s in SUITS for r in RANKS]


def random_deal(rng: random.Random) -> Deal:
    order = PACK[:]
    rng.shuffle(order)
    return Deal({s: Hand.from_cards(order[i::4]) for i, s in enumerate(SEATS)})


def random_pbn(n: int, seed: int) -> str:
    rng = random.Random(seed)
    return "\n".join(f'[Board "{i}"]\n[Deal "{random_deal(rng).to_pbn()}"]\n'
                     for i in range(1, n + 1))


# ------------------------------------------------------------------ statistics

def test_exact_reference_distributions():
    pats = hand_pattern_probabilities()
    assert len(pats) == 39
    assert math.isclose(sum(pats.values()), 1.0, rel_tol=1e-12)
    assert round(pats[(4, 4, 3, 2)], 4) == 0.2155      # the well-known table values
    assert round(pats[(4, 3, 3, 3)], 4) == 0.1054
    assert round(pats[(5, 3, 3, 2)], 4) == 0.1552
    splits = suit_split_probabilities()
    assert math.isclose(sum(splits.values()), 1.0, rel_tol=1e-12)
    assert math.isclose(splits[(13, 0, 0, 0)], 1 / math.comb(52, 13))


def test_sortedness_sorted_versus_random():
    sorted_rotation = Deal({s: Hand.from_cards(PACK[i::4]) for i, s in enumerate(SEATS)})
    s = sortedness(sorted_rotation)
    assert s.steps == (0, 48, 0, 0)
    assert s.p_value < 1e-20 and s.score > 20 and float(s) == s.score
    packets = Deal({s: Hand.from_cards(PACK[13 * i:13 * i + 13]) for i, s in enumerate(SEATS)})
    assert sortedness(packets).steps == (48, 0, 0, 0)
    assert longest_holding_p(packets) == (13, pytest.approx(4 * 4 / math.comb(52, 13)))


def test_sortedness_false_alarm_rate_on_random_deals():
    rng = random.Random(11)
    ps = [sortedness(random_deal(rng)).p_value for _ in range(3000)]
    assert 0.035 < sum(p < 0.05 for p in ps) / len(ps) < 0.065
    assert sum(p < BOARD_ALPHA for p in ps) <= 9          # ~3 expected


def test_good_shuffle_set_is_not_flagged():
    r = check_boards(read_pbn(FIX / "good-shuffle.pbn"))
    assert not r.flagged and r.p_value > 0.05
    assert r.flagged_boards == []
    assert min(t.p_value for t in r.tests) > 0.5          # seed 2026: smallest p is 0.656
    assert "looks thoroughly shuffled" in r.text()


def test_diamond_set_is_flagged():
    r = check_boards(read_pbn(FIX / "diamond-set.pbn"))
    assert r.flagged and r.p_value < 0.001
    assert r.p_value == pytest.approx(1.149e-07, rel=1e-3)
    diamonds = next(t for t in r.tests if t.name == "long-diamonds")
    assert diamonds.statistic == 14 and diamonds.p_value < 1e-7
    assert all(t.p_value > 0.05 for t in r.tests if t.name in ("long-spades", "long-hearts"))
    assert "the set looks poorly shuffled" in r.text()
    assert "on 14 of 16 boards a hand holds 6+ diamonds" in r.text()
    assert "about 1 time in 8,700,000" in r.text()


def test_riffled_new_packs_are_flagged_by_seat_steps():
    r = check_boards(read_pbn(FIX / "riffled-new-packs.pbn"))
    assert r.flagged and r.p_value < 0.001
    assert min(r.tests, key=lambda t: t.p_value).name == "seat-steps"


def test_sorted_deal_per_board_flags():
    r = check_boards(read_pbn(FIX / "sorted-deal.pbn"))
    flags = {b.board: b.flags for b in r.boards}
    assert flags == {1: [], 2: ["sorted-pack"], 3: [], 4: ["sorted-pack", "extreme-distribution"]}
    assert r.flagged_boards == [2, 4]
    assert "board 2: looks dealt from a sorted or barely shuffled pack" in r.text()
    assert "0/48/0/0" in r.text()


def test_incomplete_deal_is_flagged_and_left_out():
    r = check_boards(read_pbn(FIX / "fourteen-twelve.pbn"))
    assert r.boards[0].flags == ["incomplete-deal"]
    assert "board 1: not a complete deal: N holds 14 cards; W holds 12 cards" in r.text()


def test_one_in_words():
    assert one_in(1 / 8_700_000) == "about 1 time in 8,700,000"
    assert one_in(0.5) == "about 1 time in 2"
    assert one_in(1e-20) == "fewer than 1 time in a billion"


def test_report_json_round_trips():
    r = check_boards(read_pbn(FIX / "sorted-deal.pbn"))
    d = json.loads(json.dumps(r.to_dict()))
    assert d["flagged_boards"] == [2, 4] and d["boards"][1]["sortedness"]["score"] > 20


# ------------------------------------------------------------------ register

def test_register_round_trip_and_rotation_independent_lookup(tmp_path):
    db = tmp_path / "deals.sqlite"
    boards = read_pbn(FIX / "good-shuffle.pbn")
    with Register(db) as reg:
        res = reg.register(boards, "2026-03-14 pm")
        assert res.ok and res.added == list(range(1, 33)) and res.unchanged == []
        d = boards[4].deal
        hits = reg.lookup(Deal(d.hands))
        assert [(p.session, p.board) for p in hits] == [("2026-03-14 pm", 5)]
        session, board, when = hits[0]
        assert when.startswith("20")
        # same deal written from another first seat
        other = parse_pbn(f'[Deal "{d.to_pbn("W")}"]')[0].deal
        assert reg.lookup(other) == hits
        assert reg.sessions() == [("2026-03-14 pm", when, 32)]
    assert played_in_other_sessions(d, "2026-03-14 pm", db) == []
    assert played_in_other_sessions(d, "evening", db) == hits
    assert played_in_other_sessions(d, None, tmp_path / "none.sqlite") == []
    assert not (tmp_path / "none.sqlite").exists()
    with pytest.raises(RegisterError, match="no deal register here yet"):
        Register(tmp_path / "none.sqlite", create=False)


def test_same_session_is_idempotent(tmp_path):
    db = tmp_path / "d.sqlite"
    boards = read_pbn(FIX / "diamond-set.pbn")
    with Register(db) as reg:
        first = reg.register(boards, "A")
        before = [reg.lookup(b.deal) for b in boards]
        again = reg.register(boards, "A")
        assert again.ok and again.added == [] and again.unchanged == list(range(1, 17))
        assert [reg.lookup(b.deal) for b in boards] == before
        assert [(s, n) for s, _, n in reg.sessions()] == [("A", 16)]
    assert first.added == list(range(1, 17))


def test_other_session_conflicts_are_reported_and_rest_registered(tmp_path):
    db = tmp_path / "d.sqlite"
    good = read_pbn(FIX / "good-shuffle.pbn")
    with Register(db) as reg:
        reg.register(good[:10], "A")
        mixed = [PbnBoard(n, None, None, b.deal, 1) for n, b in
                 zip((1, 2, 3), (good[20], good[7], good[21]))]   # board 2 = A's board 8
        res = reg.register(mixed, "B")
        assert res.added == [1, 3]
        assert len(res.conflicts) == 1
        c = res.conflicts[0]
        assert c.kind == "played-in-other-session" and c.other.session == "A"
        assert c.message.startswith(
            "board 2 of session 'B' was already played in session 'A' (board 8, registered ")
        assert [p.session for p in reg.lookup(good[7].deal)] == ["A"]
        assert [p.session for p in reg.lookup(good[20].deal)] == ["B"]
        # a different deal under an already used board number of the same session
        res = reg.register([PbnBoard(1, None, None, good[30].deal, 1)], "B")
        assert res.conflicts[0].kind == "different-deal-same-board"


def test_incomplete_and_repeated_deals_are_not_registered(tmp_path):
    good = read_pbn(FIX / "good-shuffle.pbn")
    bad = read_pbn(FIX / "fourteen-twelve.pbn")[0]
    boards = [good[0], PbnBoard(2, None, None, good[0].deal, 1), bad]
    with Register(tmp_path / "d.sqlite") as reg:
        res = reg.register(boards, "A")
    assert res.added == [1]
    assert [c.kind for c in res.conflicts] == ["same-deal-twice", "incomplete-deal"]


def test_corrupt_database_is_refused_untouched(tmp_path):
    db = tmp_path / "deals.sqlite"
    garbage = bytes(random.Random(5).randrange(256) for _ in range(4096))
    db.write_bytes(garbage)
    with pytest.raises(RegisterError) as ei:
        Register(db)
    assert str(db) in str(ei.value) and "not a SQLite database" in str(ei.value)
    assert db.read_bytes() == garbage
    # a damaged file that still starts with the SQLite header
    damaged = b"SQLite format 3\x00" + garbage
    db.write_bytes(damaged)
    with pytest.raises(RegisterError) as ei:
        Register(db)
    assert str(db) in str(ei.value)
    assert db.read_bytes() == damaged


def test_foreign_sqlite_database_is_refused(tmp_path):
    db = tmp_path / "other.sqlite"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE t(x)")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with pytest.raises(RegisterError, match="not a bridge-director deal register"):
        Register(db)
    assert db.read_bytes() == before


def test_kill_in_the_middle_of_a_write_loses_nothing(tmp_path):
    db = tmp_path / "deals.sqlite"
    small = tmp_path / "small.pbn"
    small.write_text(random_pbn(5, seed=1))
    big = tmp_path / "big.pbn"
    big.write_text(random_pbn(400, seed=2))
    assert deals_cli.main(["deals", "register", str(small), "--session", "A",
                           "--db", str(db)]) == 0
    env = dict(os.environ, BRIDGE_DIRECTOR_DEALS_PAUSE_AFTER="200",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen(
        [sys.executable, "-m", "bridge_director.cli.deals", "deals", "register", str(big),
         "--session", "B", "--db", str(db)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = proc.stderr.readline()
        assert line.strip() == b"paused"
        # the transaction is open and holds 200 uncommitted rows
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert pathlib.Path(str(db) + "-wal").exists()       # killed with a live WAL journal
    with Register(db) as reg:
        assert [(s, n) for s, _, n in reg.sessions()] == [("A", 5)]
        assert all(reg.lookup(b.deal) == [] for b in read_pbn(big))
        assert reg._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert reg._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # and the interrupted session can be registered afterwards
    assert deals_cli.main(["deals", "register", str(big), "--session", "B",
                           "--db", str(db)]) == 0
    with Register(db) as reg:
        assert [(s, n) for s, _, n in reg.sessions()] == [("A", 5), ("B", 400)]


# ------------------------------------------------------------------ CLI

def run(argv, capsys):
    code = deals_cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_check_exit_codes(tmp_path, capsys):
    db = str(tmp_path / "d.sqlite")
    code, out, err = run(["deals", "check", str(FIX / "good-shuffle.pbn"), "--db", db], capsys)
    assert code == 0 and "looks thoroughly shuffled" in out and err == ""
    assert "no deal register" in out
    assert not pathlib.Path(db).exists()              # check never creates the register
    code, out, _ = run(["deals", "check", str(FIX / "diamond-set.pbn"), "--db", db], capsys)
    assert code == 1 and "looks poorly shuffled" in out
    code, out, _ = run(["deals", "check", str(FIX / "sorted-deal.pbn"), "--db", db,
                        "--format", "json"], capsys)
    assert code == 1 and json.loads(out)["flagged_boards"] == [2, 4]


@pytest.mark.parametrize("name, where", [("bad-three-hands.pbn", ":6:60: Deal: expected 4 hands"),
                                         ("bad-rank.pbn", ":5:74: Deal: expected a rank")])
def test_cli_bad_input_one_line(name, where, capsys):
    code, out, err = run(["deals", "check", str(FIX / name)], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(str(FIX / name) + where)
    assert "Traceback" not in err


def test_cli_register_and_check_against_register(tmp_path, capsys):
    db = str(tmp_path / "d.sqlite")
    good = str(FIX / "good-shuffle.pbn")
    assert run(["deals", "register", good, "--session", "A", "--db", db], capsys)[0] == 0
    code, out, _ = run(["deals", "register", good, "--session", "A", "--db", db], capsys)
    assert code == 0 and "0 boards registered, 32 already registered" in out
    code, out, _ = run(["deals", "register", good, "--session", "B", "--db", db], capsys)
    assert code == 1
    assert "board 3 of session 'B' was already played in session 'A' (board 3" in out
    code, out, _ = run(["deals", "check", good, "--db", db], capsys)
    assert code == 1 and "board 7: this deal was already played in session 'A'" in out
    code, out, _ = run(["deals", "check", good, "--db", db, "--session", "A"], capsys)
    assert code == 0


def test_cli_corrupt_register(tmp_path, capsys):
    db = tmp_path / "d.sqlite"
    db.write_bytes(b"\x00garbage" * 100)
    code, out, err = run(["deals", "register", str(FIX / "good-shuffle.pbn"), "--session",
                          "A", "--db", str(db)], capsys)
    assert code == 2 and err.startswith(f"{db}: is not a SQLite database")
    assert "Traceback" not in err and db.read_bytes() == b"\x00garbage" * 100


def test_cli_usage_error_is_2(capsys):
    assert deals_cli.main(["deals", "register", "x.pbn"]) == 2   # --session missing


def test_cli_check_several_files_worst_code(tmp_path, capsys):
    db = str(tmp_path / "d.sqlite")
    good, diamond, bad = (str(FIX / n) for n in ("good-shuffle.pbn", "diamond-set.pbn", "bad-rank.pbn"))
    code, out, err = run(["deals", "check", good, good, "--db", db], capsys)
    assert code == 0 and err == ""
    assert [ln for ln in out.splitlines() if ln.startswith("== ")] == [f"== {good} ==", f"== {good} =="]
    assert out.count("looks thoroughly shuffled") == 2
    code, out, err = run(["deals", "check", good, diamond, "--db", db], capsys)
    assert code == 1 and err == ""
    assert [ln for ln in out.splitlines() if ln.startswith("== ")] == [f"== {good} ==", f"== {diamond} =="]
    first, second = out.split(f"== {diamond} ==")
    assert "looks thoroughly shuffled" in first and "looks poorly shuffled" in second
    # a bad file is reported and the others are still checked; the worst code wins
    code, out, err = run(["deals", "check", good, bad, diamond, "--db", db], capsys)
    assert code == 2
    assert err.splitlines() == [f"{bad}:5:74: Deal: expected a rank from AKQJT98765432 in N's clubs, found 'x'"]
    assert [ln for ln in out.splitlines() if ln.startswith("== ")] == [f"== {good} ==", f"== {bad} ==",
                                                                      f"== {diamond} =="]
    assert out.split(f"== {bad} ==\n")[1].splitlines()[0] == "not checked: bad input (the error is on stderr)"
    assert "looks poorly shuffled" in out
    code, out, err = run(["deals", "check", diamond, good, "--db", db, "--format", "json"], capsys)
    assert code == 1
    data = json.loads(out)
    assert [d["file"] for d in data] == [diamond, good]
    assert [d["flagged_boards"] for d in data] == [[6], []]
    code, out, _ = run(["deals", "check", good, "--db", db, "--format", "json"], capsys)
    assert code == 0 and json.loads(out)["file"] == good      # one file: one object, as before


def test_director_deals_check_accepts_several_files(tmp_path):
    good = str(FIX / "good-shuffle.pbn")
    proc = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "deals", "check", good, good,
                           "--db", str(tmp_path / "d.sqlite")], capture_output=True, text=True,
                          cwd=pathlib.Path(__file__).resolve().parent.parent, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == f"== {good} =="


def test_director_deals_check_takes_files_after_options(tmp_path, capsys):
    from bridge_director.cli import main as cli
    good, diamond = str(FIX / "good-shuffle.pbn"), str(FIX / "diamond-set.pbn")
    db = str(tmp_path / "d.sqlite")
    code = cli.main(["deals", "check", diamond, "--format", "json", "--db", db, good])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert [d["file"] for d in data] == [diamond, good]
    with pytest.raises(SystemExit) as exc:          # an unknown option is still an error
        cli.main(["deals", "check", good, "--bogus"])
    assert exc.value.code == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err

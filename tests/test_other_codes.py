"""The other codes of the seeds (issue 24): the 1997 differences that can now be written, and
Portuguese rulings that hold no English (editions-audit-3)."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridge_director.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("field,value,expected", [
    ("permission", "a friend", "events.2.permission: expected 'none', 'opponent' or 'director', found 'a friend'"),
    ("adjacent", "yes please", "events.2.adjacent: expected true or false"),
])
def test_a_wrong_value_of_the_new_1997_fields_is_one_clear_error(tmp_path, field, value, expected):
    f = tmp_path / "c.yaml"
    event = ("{happened: touched-other-hand, by: W, of: N, permission: %s}" if field == "permission"
             else "{happened: dealt-incorrectly, seat: N, adjacent: %s}") % value
    f.write_text("case: c\nedition: duplicate-1997\nboard: 4\nevents:\n  - {happened: play-ended}\n  - " + event + "\n")
    proc = run_cli("rule", str(f))
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], lines


def test_the_1997_and_2017_permission_to_touch_differ():
    proc = run_cli("compare", "cases/duplicate-1997/d97-21-7b2-touched-with-an-opponents-permission.yaml",
                   "--editions", "duplicate-2017,duplicate-1997")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "duplicate-2017 (7B3): W handled N's cards with permission (an opponent's or the director's)" in out
    assert "duplicate-1997 (7B2): W handled N's cards with only an opponent's permission" in out


# ---------------------------------------------------------------- Portuguese holds no English

CASES = sorted((ROOT / "cases").rglob("*.yaml"))
WORD = __import__("re").compile(r"[A-Za-zÀ-ÿ_]+(?:-[A-Za-zÀ-ÿ_]+)*")
CALL_OR_CARD = __import__("re").compile(r"^(?:(?:C|D|H|S|N|NT)X{0,2}|X{1,2}|Pass|[SHDC](?:[AKQJT2-9]|10))$")
# words that are Portuguese as well as English (the same spelling, the same sense here), and
# the names of things: the program's editions and sources
SHARED = {"legal", "artificial", "final", "natural", "original", "individual", "normal", "irregular", "passes",
          "face", "decide", "interfere", "for", "bridge", "Bridge", "rubber", "seed", "IMPs", "total", "similar",
          "duplicate", "ACBL", "The", "ABCs", "Bill", "Root", "Portland", "Club", "whist", "club", "Law", "mesa",
          "bridge-director"}


def _own_words(path: pathlib.Path) -> set[str]:
    """The words of a case file's own values (names, sessions, words said at the table), not its
    title, source, notes or key."""
    import yaml
    data = yaml.safe_load(path.read_text())
    out: set[str] = set()

    def walk(v):
        if isinstance(v, dict):
            for k, x in v.items():
                if k not in ("title", "source", "notes", "expect", "case"):
                    walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, str):
            out.update(WORD.findall(v))
    walk(data)
    return out


def test_a_portuguese_ruling_holds_none_of_the_english_words_of_its_english_ruling():
    """For every case in cases/: the words of the Portuguese ruling's lines (texts, options,
    branches) include none of the English ruling's words, except calls, cards, the case's own
    names and the few words both languages spell and mean alike (editions-audit-3, F19)."""
    from bridge_director.session import api
    found = {}
    for path in CASES:
        en, pt = api.rule_file(path), api.rule_file(path, lang="pt")
        english = {w for ln in en.lines for t in (ln.text, ln.option or "", ln.branch or "") for w in WORD.findall(t)}
        allowed = SHARED | _own_words(path)
        for ln in pt.lines:
            for t in (ln.text, ln.option or "", ln.branch or ""):
                for w in WORD.findall(t):
                    if w in english and w not in allowed and len(w) > 2 and not CALL_OR_CARD.match(w):
                        found.setdefault(w, f"{path.name}: {t}")
    assert found == {}, found


def test_portuguese_says_the_pass_and_the_side_as_a_brazilian_director_does():
    """'O passe de Leste é cancelado', 'não aceita o passe', 'Norte-Sul têm' (a side is two players)."""
    from bridge_director.session import api
    r = api.rule_file(ROOT / "cases" / "boor-01-bid-at-rhos-turn.yaml", lang="pt")
    words = " ".join(t for ln in r.lines for t in (ln.text, ln.option or "", ln.branch or ""))
    assert "voz Passe" not in words and "aceita Passe" not in words
    r = api.rule_file(ROOT / "cases" / "law12-c2b-artificial-score-at-teams.yaml", lang="pt")
    assert ("Norte-Sul têm culpa direta: média menos (no máximo 40% em torneio de duplas, -3 IMPs em equipes: 12C2(b)), ou a "
            "percentagem de Norte-Sul nas outras Bolsas da sessão, se for menor (12C2(c)).") in {ln.text for ln in r.lines}
    from bridge_director.ruling.i18n import polish
    assert polish("A voz Passe de Leste é cancelada.", "pt") == "O passe de Leste é cancelado."
    assert polish("Sul não aceita Passe.", "pt") == "Sul não aceita o passe."
    assert polish("Leste Oeste já tinha jogado", "pt") == "Leste-Oeste já tinha jogado"
    assert polish("A voz Passe de Leste é cancelada.", "en") == "A voz Passe de Leste é cancelada."
    assert polish("o lado Norte-Sul tem culpa", "pt") == "o lado Norte-Sul tem culpa"   # the subject is 'lado'


@pytest.mark.parametrize("case,rubber,duplicate", [
    # the column's "any other action by offender" (F1): a pass after RHO's bid silences partner throughout
    ("cases/rubber-1981/rb-44-boot-rho-bids-offender-passes.yaml",
     "rubber-1981 (Law 31, rubber code): S's Pass does not repeat the denomination of 1H: N must pass",
     "N: partner-must-pass-rest"),
    ("cases/rubber-1981/rb-60-boot-rho-bids-offender-doubles.yaml",
     "rubber-1981 (Law 31, rubber code): S's X does not repeat the denomination of 1H: N must pass",
     "N: partner-must-pass-rest"),
    # the seed's three scenarios: insufficient bid, bid out of turn, pass out of turn
    ("cases/rubber-1981/rb-18-insufficient-bid-replaced-by-another-call.yaml",
     "rubber-1981 (Law 27, rubber code): E's 2NT stands in place of 1H.", "E: call-stands"),
    ("cases/rubber-1981/rb-21-bid-out-of-turn-at-partners-turn.yaml", "rubber-1981 (Law 31, rubber code)",
     "partner-must-pass-rest"),
    ("cases/rubber-1981/rb-29-pass-out-of-turn-at-partners-turn-after-a-bid.yaml", "rubber-1981 (Law 30, rubber code)",
     "partner-may-not-double"),
])
def test_compare_gives_the_seeds_differences_with_no_internal_error(case, rubber, duplicate):
    proc = run_cli("compare", case, "--editions", "duplicate-2017,rubber-1981")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    changes = proc.stdout.split("What changes")[1].split("Side by side")[0]
    assert rubber in changes and duplicate in changes, changes

"""Rulings in Portuguese: the rules' own words (text_pt beside text) and the interface
catalogue (gettext, compiled with Babel)."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from bridge_director.session import api
from bridge_director.base import editions
from bridge_director.ruling import i18n
from bridge_director.base.paths import rules_dir
from bridge_director.rulebook.model import TEMPLATE_RE

ROOT = pathlib.Path(__file__).resolve().parent.parent
LAW6_CASES = sorted((ROOT / "cases").glob("law06-*.yaml")) + sorted((ROOT / "cases").glob("deal-0*.yaml"))


def _outcomes(edition: str):
    for r in api.rulebook(edition).rules:
        for c in r.then:
            if c.kind == "outcome":
                yield r, c


def _placeholders(text: str) -> list[str]:
    return sorted(m.group(0) for m in TEMPLATE_RE.finditer(text))


@pytest.mark.parametrize("edition", editions.names(rules_dir()))
def test_every_portuguese_text_has_the_english_placeholders(edition):
    wrong = []
    for r, c in _outcomes(edition):
        for key in ("text", "option", "branch"):
            pt = c.tr.get(f"{key}_pt")
            if pt is not None and _placeholders(pt) != _placeholders(c.data.get(key, "")):
                wrong.append(f"{r.file}:{r.line}: {r.id} {key}_pt")
    assert not wrong, "\n".join(wrong)


def missing_portuguese() -> list[str]:
    """Every rule outcome (of every edition) without its Portuguese words: file:line: id key."""
    out = []
    for edition in editions.names(rules_dir()):
        for r, c in _outcomes(edition):
            for key in ("text", "option", "branch"):
                if c.data.get(key) and f"{key}_pt" not in c.tr:
                    out.append(f"{r.file}:{r.line}: {r.id}: {key}_pt missing")
    return out


def test_law_6_is_wholly_in_portuguese():
    law6 = [m for m in missing_portuguese() if "law-06-" in m and "/duplicate-1997/" not in m]
    assert not law6, "\n".join(law6)


def test_every_rule_has_portuguese_text():
    missing = missing_portuguese()
    assert not missing, f"{len(missing)} rule texts without Portuguese:\n" + "\n".join(missing)


@pytest.mark.parametrize("path", LAW6_CASES, ids=[p.stem for p in LAW6_CASES])
def test_a_portuguese_ruling_holds_no_english_rule_text(path):
    en = api.rule_file(path)
    pt = api.rule_file(path, lang="pt")
    assert [ln.code for ln in pt.lines] == [ln.code for ln in en.lines]
    english = {ln.text for ln in en.lines} | {ln.option for ln in en.lines if ln.option} | \
        {ln.branch for ln in en.lines if ln.branch}
    for ln in pt.lines:
        if "law-06" not in (api.rulebook().by_id(ln.rule).file):
            continue
        for words in (ln.text, ln.option, ln.branch):
            assert not words.startswith(i18n.UNTRANSLATED), (ln.rule, words)
            assert words not in english or not words, (ln.rule, words)


def test_seats_are_written_in_portuguese():
    r = api.rule_file(ROOT / "cases" / "law06-d1-card-faced-judgement-missing.yaml", lang="pt")
    assert any("a mão de Sul" in ln.text for ln in r.lines)


def test_lang_option_and_interface_catalogue():
    proc = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "rule", "cases/law06-d1-card-faced-judgement-missing.yaml",
                           "--lang", "pt"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Irregularidade: Durante a dada" in proc.stdout
    assert "Alternativas (a decisão depende" in proc.stdout and "Branches (" not in proc.stdout
    assert i18n.gettext("pt")("Ruling:") == "Decisão:" and i18n.gettext("en")("Ruling:") == "Ruling:"


def test_lang_in_the_case_file(tmp_path):
    src = (ROOT / "cases" / "law06-b-c-dealt-in-packets.yaml").read_text()
    f = tmp_path / "c.yaml"
    f.write_text(src.replace("edition: duplicate-2017", "edition: duplicate-2017\nlang: pt"))
    assert api.rule_file(f).case.lang == "pt"
    assert all(not ln.text.startswith(i18n.UNTRANSLATED) for ln in api.rule_file(f).lines
               if "law-06" in api.rulebook().by_id(ln.rule).file)


def test_compiled_catalogues_are_current():
    sys.path.insert(0, str(ROOT / "tools"))
    from compile_locales import compiled
    pos = sorted(i18n.LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))
    assert pos
    for po in pos:
        assert po.with_suffix(".mo").read_bytes() == compiled(po), f"{po}: run tools/compile_locales.py"


# ------------------------------------------------------------------ every case, in Portuguese

ALL_CASES = sorted((ROOT / "cases").rglob("*.yaml"))


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("path", ALL_CASES, ids=[str(p.relative_to(ROOT / "cases")) for p in ALL_CASES])
def test_a_portuguese_ruling_of_every_case_holds_no_english_rule_text(path):
    """Every line of the Portuguese ruling of every case is in Portuguese (not marked [EN],
    not the English words), and the rendered text holds none of the English ruling's texts."""
    from bridge_director.ruling.render import render_text
    en = api.rule_file(path)
    pt = api.rule_file(path, lang="pt")
    assert [ln.code for ln in pt.lines] == [ln.code for ln in en.lines]
    # what the ruling shows, but the case's own title (the case's words, in its own language)
    shown = _flat("\n".join(ln for ln in render_text(pt).splitlines() if not ln.startswith(f"Caso {pt.case.id}:")))
    wrong = []
    for e, p in zip(en.lines, pt.lines):
        for english, words in ((e.text, p.text), (e.option, p.option), (e.branch, p.branch)):
            if not english:
                continue
            if words.startswith(i18n.UNTRANSLATED) or words == english:
                wrong.append(f"{p.rule}: {words}")
            elif _flat(grid_full(english)) in shown:
                wrong.append(f"{p.rule}: the English shown: {english}")
    assert not wrong, "\n".join(wrong)


def grid_full(text: str) -> str:
    from bridge_director.ruling.grid import seats_in_full
    return seats_in_full(text)


def test_every_interface_string_of_a_portuguese_ruling_is_in_the_catalogue(monkeypatch):
    """Rendering every case in Portuguese asks the catalogue only for strings it translates."""
    from bridge_director.ruling.render import render_markdown, render_text
    real = i18n.translations("pt")
    asked: set[str] = set()

    class Recording:
        def gettext(self, msgid):
            asked.add(msgid)
            return real.gettext(msgid)

    monkeypatch.setattr(i18n, "translations", lambda lang: Recording() if lang == "pt" else real)
    for path in ALL_CASES:
        r = api.rule_file(path, lang="pt")
        render_text(r)
        render_markdown(r)
    assert len(asked) > 40
    missing = sorted(m for m in asked if m not in real._catalog)
    assert not missing, "not in bridge_director/ruling/i18n/locale/pt/LC_MESSAGES/director.po:\n" + "\n".join(missing)


def test_the_grid_and_the_lines_to_tell_the_table_are_in_portuguese():
    from bridge_director.ruling.render import render_text
    text = render_text(api.rule_file(ROOT / "cases" / "law15-a3-call-differs-is-a-judgement.yaml", lang="pt"))
    head = text.splitlines()
    assert head[0] == "Bolsa 1: Norte dá as cartas, nenhum lado vulnerável - Leis do Bridge Duplicado 2017"
    assert "Leste está com as cartas da Bolsa 5 (evento 3)" in text
    assert "Leilão, como entendido ((X) cancelada, (X)P substituída por passe):" in text
    assert "  Oeste      Norte (D)  Leste      Sul" in text
    assert "1♠ de Leste (evento 2): cancelada (15A1)" in text
    assert "Passe" in text and " Pass " not in text
    first = text.split("Para o Diretor, antes (não ler em voz alta):\n")[1].split("Diga agora aos jogadores:\n")[0]
    assert first.startswith("  - Antes de decidir, apure (longe da mesa): O 2♠, feito na Bolsa de onde")
    assert "Antes de decidir" not in text.split("Diga agora aos jogadores:\n")[1].split("\n\n")[0]
    assert "sim: evento 6 difere: true (--judge \"evento 6" in text
    for english in ("Board", "dealer", "Auction as understood", "Tell the players", "Before ruling", "(event 3)"):
        assert english not in text, english
    ended = render_text(api.rule_file(ROOT / "cases" / "law13-d-artificial-fallback-split-by-fault.yaml", lang="pt"))
    assert "Fim do Leilão: 4♠, declarante Oeste; saída de Norte." in ended
    assert "Bolsa 4: Oeste dá as cartas, os dois lados vulneráveis" in ended


AUCTION_FILES = ("law-27-", "law-28-", "law-29-", "law-30-", "law-31-", "law-32-", "law-33-", "law-34-",
                 "law-36-", "law-37-", "law-38-", "law-39-", "law-40-", "/rubber-1981/")
AUCTION_CASES = sorted(p for p in (ROOT / "cases").rglob("*.yaml")
                       if p.name.startswith(("law27", "law28", "law29", "law3", "ib-", "boor-", "poor-", "rb-")))


@pytest.mark.parametrize("path", AUCTION_CASES, ids=[p.stem for p in AUCTION_CASES])
def test_the_auction_rules_rule_in_portuguese(path):
    """Laws 27-40 and the rubber rules: every line they give in a Portuguese ruling is
    Portuguese, with no English words carried in from facts (Law 29's choice, call kinds)."""
    en = api.rule_file(path)
    pt = api.rule_file(path, lang="pt")
    assert [ln.code for ln in pt.lines] == [ln.code for ln in en.lines]
    english = {w for ln in en.lines for w in (ln.text, ln.option, ln.branch) if w}
    for ln in pt.lines:
        if not any(f in api.rulebook(pt.edition).by_id(ln.rule).file for f in AUCTION_FILES):
            continue
        for words in (ln.text, ln.option, ln.branch):
            if words:
                assert not words.startswith(i18n.UNTRANSLATED), (ln.rule, words)
                assert words not in english, (ln.rule, words)
                assert " accept" not in words and " double " not in words and "West" not in words, (ln.rule, words)


def test_choices_and_call_kinds_carried_in_facts_are_in_portuguese():
    r = api.rule_file(ROOT / "cases" / "law29-a-only-lho-may-accept.yaml", lang="pt")
    assert "Oeste não aceita 2♠; Leste passa" in {ln.option for ln in r.lines}
    r = api.rule_file(ROOT / "cases" / "law29-two-calls-out-of-rotation-in-a-row.yaml", lang="pt")
    assert "Norte não aceita o passe; Oeste faz uma voz comparável" in {ln.option for ln in r.lines}
    r = api.rule_file(ROOT / "cases" / "law32-c-double-twice-running.yaml", lang="pt")
    assert any("fez um contra na vez de Oeste" in ln.text for ln in r.lines)


TABLES = sorted((ROOT / "tables" / "portland-bridge-c1909").glob("*.yaml"))


@pytest.mark.parametrize("path", TABLES, ids=[p.stem for p in TABLES])
def test_director_table_in_portuguese(path):
    """`director table --lang pt`: the club code's lines in Portuguese (names joined with 'e'),
    the same outcomes as in English."""
    from bridge_director.bridge import cutting
    from bridge_director.session import club
    t = cutting.load_table(path)
    en, pt = club.rule(t), club.rule(t, "pt")
    assert [(x["outcome"], x["cite"], x["rule"]) for x in pt] == [(x["outcome"], x["cite"], x["rule"]) for x in en]
    english = {x["text"] for x in en}
    for x in pt:
        assert x["text"] not in english and not x["text"].startswith(i18n.UNTRANSLATED), x
        assert " and " not in x["text"], x
    text = club.render_text(t, pt, "pt")
    assert text.startswith(f"Mesa {t.name} - Código de Leis do Bridge do Portland Club (c. 1909)")
    assert "Candidatos por ordem de chegada: " in text and "Law " not in text and "Lei " in text


def test_director_table_lang_option():
    proc = subprocess.run([sys.executable, "-m", "bridge_director.cli.main", "table", "--lang", "pt", str(TABLES[0])], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Quem joga:" in proc.stdout and "Who plays" not in proc.stdout


def test_the_markdown_report_in_portuguese():
    from bridge_director.ruling.render import render_markdown
    md = render_markdown(api.rule_file(ROOT / "cases" / "law15-a3-call-differs-is-a-judgement.yaml", lang="pt"))
    assert "*Bolsa 1: Norte dá as cartas, nenhum lado vulnerável - Leis do Bridge Duplicado 2017*" in md
    for heading in ("## O que aconteceu, como entendido", "## Diga agora aos jogadores", "## Decisão",
                    "## Julgamentos necessários", "## Alternativas", "| O que decorre | Lei | Código |",
                    "| Oeste | Norte (dá as cartas) | Leste | Sul |"):
        assert heading in md, heading
    for english in ("## Ruling", "## Branches", "What follows", "source:", "dealer"):
        assert english not in md, english

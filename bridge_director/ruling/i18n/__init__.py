"""Rulings in another language (Portuguese, ``pt``: Brazilian usage, as seed 002).

Two kinds of words are translated, in two places:

* the rules' own words: each outcome of a rule file may carry ``text_pt`` (and
  ``option_pt``, ``branch_pt``) beside its English ``text``, with the same placeholders; the
  ruling fills them from the facts the rule matched (:func:`outcome_words`);
* the interface's words (section headings and the like): gettext catalogues in
  ``bridge_director/ruling/i18n/locale/<lang>/LC_MESSAGES/director.po``, compiled with Babel to ``director.mo``
  (``tools/compile_locales.py``; the test suite checks the ``.mo`` is current).

Seats are written in full in the language: Norte, Leste, Sul, Oeste (Norte-Sul, Leste-Oeste).
A rule with no text in the language is shown in English, marked ``[EN]``, so nothing is
silently missing; ``tests/test_i18n.py`` lists every such rule.
"""
from __future__ import annotations

import gettext as _gettext
import re
from functools import lru_cache
from pathlib import Path

LANGS = ("en", "pt")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "director"
UNTRANSLATED = "[EN] "
# seats and sides in full, as the language writes them (the research note's glossary)
SEATS = {"pt": {"N": "Norte", "E": "Leste", "S": "Sul", "W": "Oeste", "NS": "Norte-Sul", "EW": "Leste-Oeste"}}
# calls written as words in the language (bids, X and XX are notation, the same in every language)
CALLS = {"pt": {"Pass": "Passe"}}


#: seats and sides in full in English (the language the rules are written in)
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}
_ENGLISH = {**SEAT_NAMES, **SIDE_NAMES}
#: the vulnerability in English words (the interface catalogue translates them)
VUL_WORDS = {"None": "neither side vulnerable", "NS": "North-South vulnerable", "EW": "East-West vulnerable",
             "Both": "both sides vulnerable", None: "vulnerability not stated"}
#: a seat letter standing alone ("W must pass", "W's 1H") or a side ("N-S", "NS"); calls
#: (1S, 3NT), clauses (23C) and words are left alone
_SEAT_RE = re.compile(r"(?<![\w'’-])([NESW])(?![\w-])|(?<![\w-])([NESW])(?='s\b)|\b(N-S|E-W|NS|EW)\b")


def seat_name(seat: "str | None", lang: str = "en") -> str:
    """A seat (or side) letter in full in ``lang``: 'E' -> 'East' / 'Leste', 'NS' -> 'Norte-Sul';
    anything else unchanged ('' for None)."""
    table = SEATS.get(lang) or _ENGLISH
    return table.get(seat or "", seat or "")


def seats_in_full(text: str, lang: str = "en") -> str:
    """``text`` with standalone seat letters and sides in full, in ``lang``: "W's 1H" ->
    "West's 1H", "N-S" and "NS" -> "North-South". Calls (1S, 3NT) and cards are left alone.
    The one place seats are written out for people (grid, report, quiz, web page)."""
    def sub(m):
        if m.group(3):
            a, b = m.group(3).replace("-", "")
            return f"{seat_name(a, lang)}-{seat_name(b, lang)}"
        return seat_name(m.group(1) or m.group(2), lang)
    return _SEAT_RE.sub(sub, text)


def call_name(call: "str | None", lang: str = "en") -> str:
    """A call as written in ``lang``: 'Pass' -> 'Passe' in Portuguese; bids, X, XX unchanged."""
    return CALLS.get(lang, {}).get(call or "", call or "")


@lru_cache(maxsize=4)
def translations(lang: str) -> _gettext.NullTranslations:
    """The interface catalogue for ``lang`` (English: the strings as written)."""
    if lang == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang])


def gettext(lang: str):
    """The ``_`` function for ``lang``."""
    return translations(lang).gettext


# values of fact fields that are English words, in the language ("made a {c.kind}")
WORDS = {"pt": {"kind": {"bid": "lance", "pass": "passe", "double": "contra", "redouble": "recontra"},
                "name": {"clubs": "paus", "diamonds": "ouros", "hearts": "copas", "spades": "espadas",
                         "notrump": "sem trunfo"},
                "exposed": {"the card": "a carta"}}}     # a card seen, the case not saying which
_LETTER_RE = re.compile(r"(?<![\w'’-])([NESW])(?![\w'’-])")


def _seat_mapped(matched: dict, lang: str) -> dict:
    """The firing's facts as the language's template reads them: a seat or side value in full
    (``"W"`` -> ``"Oeste"``), a call written as a word in the language (``"Pass"`` ->
    ``"Passe"``), a field ``x`` read from ``x_<lang>`` where a rule gave the fact one (words the
    rules carry in facts, e.g. Law 29's ``opt``; seat letters inside it in full), and the
    English words of ``WORDS`` in the language."""
    table = SEATS.get(lang)
    if not table:
        return matched
    calls = CALLS.get(lang, {})
    words = WORDS.get(lang, {})
    suffix = f"_{lang}"

    def value(f: dict, k: str, v):
        if isinstance(f.get(k + suffix), str):
            out = _LETTER_RE.sub(lambda m: table[m.group(1)], f[k + suffix])
            for en, word in calls.items():   # "W não aceita Pass" -> "Oeste não aceita Passe"
                out = re.sub(rf"(?<![\w'’-]){re.escape(en)}(?![\w'’-])", word, out)
            return out
        if not isinstance(v, str):
            return v
        return table.get(v, calls.get(v, words.get(k, {}).get(v, v)))
    return {a: {k: value(f, k, v) for k, v in f.items()} for a, f in matched.items()}


def outcome_words(rule, firing, code: str, text: str, option: str, branch: str, lang: str) -> tuple[str, str, str]:
    """The (text, option, branch) of one outcome line in ``lang``.

    The rule's conclusion is the one whose English, filled from the firing's facts, gives
    ``text``; its ``text_<lang>`` etc. are filled from the same facts (seats in full, in the language). Missing words stay English, marked ``[EN]``.
    """
    from bridge_director.infer.inference import compile_template
    if lang == "en":
        return text, option, branch
    matched = firing.matched
    conc = None
    for c in rule.then:
        if c.kind == "outcome" and c.data.get("outcome") == code and \
                compile_template(c.data.get("text", ""))(matched) == text:
            conc = c
            break
    local = _seat_mapped(matched, lang)

    def word(key: str, english: str) -> str:
        if not english:
            return english
        tmpl = conc.tr.get(f"{key}_{lang}") if conc is not None else None
        return polish(compile_template(tmpl)(local), lang) if tmpl else UNTRANSLATED + english
    return word("text", text), word("option", option), word("branch", branch)


# Portuguese as a Brazilian director says it, where a template filled with a call or a side
# reads stiffly: "A voz Passe de Leste é cancelada" -> "O passe de Leste é cancelado",
# "não aceita Passe" -> "não aceita o passe", "Norte-Sul tem" -> "Norte-Sul têm" (a side is two
# players), "Leste Oeste" -> "Leste-Oeste".
_PT_POLISH = [
    (re.compile(r"\b([Aa]) voz Passe( de [A-Z]\w+)? (é|foi) (cancelad|substituíd|retirad|mantid|anulad|considerad|feit)a\b"),
     lambda m: ("O" if m.group(1) == "A" else "o") + " passe" + (m.group(2) or "") + f" {m.group(3)} {m.group(4)}o"),
    (re.compile(r"\b([Aa]) voz Passe\b"), lambda m: ("O" if m.group(1) == "A" else "o") + " passe"),
    (re.compile(r"\b(aceita|aceitar|aceitou|aceitam|aceite|recusa|recusar|recusou) Passe\b"), r"\1 o passe"),
    (re.compile(r"(?<!lado )(?<!dupla )(?<!linha )\b(Norte-Sul|Leste-Oeste) (tem|vem|mantém|recebe)\b"),
     lambda m: f"{m.group(1)} " + {"tem": "têm", "vem": "vêm", "mantém": "mantêm", "recebe": "recebem"}[m.group(2)]),
    (re.compile(r"\bLeste Oeste\b"), "Leste-Oeste"),
    (re.compile(r"\bNorte Sul\b"), "Norte-Sul"),
]


def polish(text: str, lang: str) -> str:
    """A filled template's words in ``lang`` made natural (Portuguese: see ``_PT_POLISH``)."""
    if lang != "pt" or not text:
        return text
    for pattern, repl in _PT_POLISH:
        text = pattern.sub(repl, text)
    return text

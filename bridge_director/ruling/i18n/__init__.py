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
#: (written letter first, so that the regular expression engine looks only at N, E, S and W:
#: the same matches as ``(?<![\w'’-])[NESW](?![\w-])|(?<![\w-])[NESW](?='s\b)|\b(?:N-S|E-W|NS|EW)\b``,
#: six times faster; tests/test_layout_text.py holds the two side by side)
_SEAT_RE = re.compile(r"[NESW](?:(?<![\w'’-].)(?![\w-])|(?<![\w-].)(?='s\b)|(?<=\bN)-?S\b|(?<=\bE)-?W\b)")


def seat_name(seat: "str | None", lang: str = "en") -> str:
    """A seat (or side) letter in full in ``lang``: 'E' -> 'East' / 'Leste', 'NS' -> 'Norte-Sul';
    anything else unchanged ('' for None)."""
    table = SEATS.get(lang) or _ENGLISH
    return table.get(seat or "", seat or "")


def seats_in_full(text: str, lang: str = "en") -> str:
    """``text`` with standalone seat letters and sides in full, in ``lang``: "W's 1H" ->
    "West's 1H", "N-S" and "NS" -> "North-South". Calls (1S, 3NT) and cards are left alone.
    The one place seats are written out for people (grid, report, quiz, web page)."""
    return _SEAT_RE.sub(_in_full(lang), text)


@lru_cache(maxsize=None)
def _in_full(lang: str):
    """The replacement of a match of _SEAT_RE in ``lang``: a seat letter by its name, a side
    (N-S, E-W, NS, EW) by its two seats' names joined by a hyphen; looked
    up in a table made once per language, the whole match being the key."""
    table = {s: seat_name(s, lang) for s in "NESW"}
    for side in ("N-S", "E-W", "NS", "EW"):
        a, b = side.replace("-", "")
        table[side] = f"{seat_name(a, lang)}-{seat_name(b, lang)}"
    return lambda m: table[m[0]]


#: the suit symbols (any language reads them; Portuguese rulings write bids with them). Bids
#: are read and named at levels 1-9, as the call parser reads them (8 and 9 are bids above
#: seven, Law 38: named as any other bid, never in the English letters, tester17 row 52)
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
#: denominations as a language writes them after the level, when not with a symbol:
#: Brazilian directors write P(aus), O(uros), C(opas), E(spadas) and SA (sem atout); "2C" is
#: two hearts to them
DENOMINATION_WORDS = {"pt": {"p": "C", "o": "D", "c": "H", "e": "S", "sa": "NT", "st": "NT"}}
#: words for a pass, a double and a redouble as they are typed in a language
PLAIN_CALL_WORDS = {"pt": {"p": "Pass", "passe": "Pass", "passo": "Pass", "-": "Pass", "x": "X", "contra": "X",
                           "xx": "XX", "recontra": "XX"}}
#: seats as typed in a language (letters and names): Leste and Oeste are L and O in Portuguese
SEAT_WORDS = {"pt": {"n": "N", "norte": "N", "l": "E", "leste": "E", "e": "E", "s": "S", "sul": "S",
                     "o": "W", "oeste": "W", "w": "W"}}
_BID = re.compile(r"^([1-9])(C|D|H|S|NT)$")
_TYPED_BID = re.compile(r"^([1-9])\s*([a-z]+)$")


#: the fact fields that hold cards (``SK``, ``SK HA``): written with the suit symbol in a
#: language that does not read the English suit letters (in Portuguese S is Sul; tester17 row 47)
CARD_FIELDS = ("exposed", "card")
_CARD = re.compile(r"(?<![\w♣♦♥♠])([SHDC])(10|[2-9TJQKA])(?!\w)")


def cards_in_words(text: str, lang: str = "en") -> str:
    """Cards in ``text`` as ``lang`` writes them: in Portuguese with the suit symbol ('SK' ->
    '♠K', 'HT' -> '♥10'); in English unchanged."""
    if lang != "pt":
        return text
    return _CARD.sub(lambda m: SUIT_SYMBOLS[m[1]] + ("10" if m[2] == "T" else m[2]), text)


def call_name(call: "str | None", lang: str = "en") -> str:
    """A call as written in ``lang``: in Portuguese 'Pass' -> 'Passe' and a bid with its suit
    symbol, notrump as SA ('1H' -> '1♥', '3NT' -> '3SA'); in English unchanged."""
    text = call or ""
    if lang == "pt":
        m = _BID.match(text)
        if m:
            return m[1] + SUIT_SYMBOLS.get(m[2], "SA")
    return CALLS.get(lang, {}).get(text, text)


def contract_name(contract: str, lang: str = "en") -> str:
    """A contract as ``lang`` writes it: its bid as :func:`call_name` writes it, the doubling
    after it as it is ('4SX' -> '4♠X' in Portuguese)."""
    return re.sub(r"^[1-9](?:NT|C|D|H|S)", lambda m: call_name(m[0], lang), contract)


def calls_in_words(text: str, lang: str = "en") -> str:
    """Every bid written in the case format's notation inside ``text`` (a title, a judgement
    key) as ``lang`` writes it: "S 1C unintended" -> "S 1♣ unintended" in Portuguese."""
    if lang != "pt":
        return text
    return re.sub(r"(?<![\w(])([1-9](?:NT|C|D|H|S))(?![\w)])", lambda m: call_name(m[1], lang), text)


def call_from_words(token: str, lang: str = "en") -> "str | None":
    """A call as typed in ``lang`` -> the case format's notation ('1H', '3NT', 'Pass', 'X', 'XX').

    Suit symbols are read in every language ('1♥'); in Portuguese the letters are P, O, C, E
    and SA ('2C' is two hearts, '3SA' three notrump) and a pass is P or Passe. English text is
    returned as it is (the call parser then checks it); None: not a call in ``lang``."""
    t = token.strip()
    for letter, sym in SUIT_SYMBOLS.items():
        t = t.replace(sym, letter)
    if t != token.strip() or lang not in DENOMINATION_WORDS:
        return t
    low = t.lower()
    if low in PLAIN_CALL_WORDS[lang]:
        return PLAIN_CALL_WORDS[lang][low]
    m = _TYPED_BID.match(low)
    if m and m[2] in DENOMINATION_WORDS[lang]:
        return m[1] + DENOMINATION_WORDS[lang][m[2]]
    if m and m[2] == "nt":
        return m[1] + "NT"
    return None


#: how a bid typed in a language is written there, for its error ("1♥, 2C (copas), ...")
CALL_EXAMPLES = {"en": "1H, 3NT, P, X or XX",
                 "pt": "1♥, 2C (copas), 1P (paus), 1O (ouros), 1E (espadas), 3SA, P (passe), X, XX"}
_ENGLISH_BID = re.compile(r"^[1-9]\s*(?:C|D|H|S|NT|N)$", re.I)


def typed_call_hint(token: str, lang: str = "en") -> str:
    """The words added to a refused call typed in ``lang`` when it is a bid in the English
    letters there ('' otherwise): '1H' is not read as hearts in Portuguese, where C is copas."""
    if lang in DENOMINATION_WORDS and _ENGLISH_BID.match(token.strip()):
        return (" (English letters: in Portuguese the letters are P, O, C, E and SA, C being copas;"
                " or type the suit symbol)")
    return ""


def typed_call_error(token: str, lang: str = "en") -> str:
    """What a call typed in ``lang`` was expected to be, when :func:`call_from_words` could
    not read ``token`` (in Portuguese a bid in the English letters is named as such: '1H'
    is not read as hearts there, since '1C' is copas)."""
    return f"expected a call such as {CALL_EXAMPLES.get(lang, CALL_EXAMPLES['en'])}, found {token!r}" + \
        typed_call_hint(token, lang)


def seat_from_words(word: str, lang: str = "en") -> str:
    """A seat as typed in ``lang`` -> its letter ('L' and 'Leste' -> 'E' in Portuguese);
    unchanged when not one (the seat parser then says what is expected)."""
    return SEAT_WORDS.get(lang, {}).get(word.strip().lower(), word)


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
            return calls_in_words(out, lang)  # "2S" -> "2♠"
        if not isinstance(v, str):
            return v
        if _BID.match(v):
            return call_name(v, lang)
        if k in CARD_FIELDS and _CARD.search(v):
            return cards_in_words(v, lang)
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


# ---------------------------------------------------------------- judgement keys in a language

#: the judgement properties (bridge_director.case.judgements) as a director writes them in a
#: language; a key typed in the language is read back to the case format's (key_from_words)
PROPERTY_WORDS = {"pt": {
    "artificial": "artificial", "comparable": "comparável", "unintended": "não-intencional",
    "could-have-known": "podia-saber", "damaged": "prejudicado", "wrong-board": "bolsa-errada",
    "could-have-seen": "podia-ter-visto", "cards-seen": "cartas-vistas", "likely-to-interfere": "pode-interferir",
    "playable-without-change": "jogável-sem-mudança", "differs": "difere", "pause-for-thought": "pausa-para-pensar",
    "specifies": "especifica", "partner-could-see": "parceiro-podia-ver", "suggested": "sugerida",
    "logical-alternative": "alternativa-lógica", "misinformation": "informação-errada",
    "influenced": "influenciou", "gained": "ganhou", "at-fault": "culpado", "partly-at-fault": "parcialmente-culpado",
    "serious-error": "erro-grave", "same-meaning": "mesmo-significado",
    "subset-of-meanings": "subconjunto-de-significados", "same-purpose": "mesmo-propósito",
    "results-obvious": "resultados-óbvios", "weighted": "ponderado", "to-benefit-partner": "beneficiar-parceiro",
    "to-mislead": "enganar", "forfeited": "perdeu-o-direito", "allowed": "permitido", "repeat-governs": "repetir-prevalece", "in-correction-period": "no-periodo-de-correcao",
    "intentional": "intencional", "evidence": "prova",
    "played-before": "já-jogada", "due-later": "a-jogar-depois", "played-to-trick": "jogada-numa-vaza",
    "accepts-insufficient": "aceita-insuficiente", "after-ruling": "depois-da-decisao", "stands-over-cancelled": "mantida-apos-cancelada"}}
#: seat letters as a language writes them in a key (Leste L, Oeste O in Portuguese)
SEAT_LETTERS = {"pt": {"N": "N", "E": "L", "S": "S", "W": "O"}}
#: the word 'event' of a key about an event that is not a call
EVENT_WORD = {"pt": "evento"}
#: yes and no as a director types them, in every language the tool speaks
YES_WORDS = ("yes", "y", "true", "t", "sim", "s", "verdadeiro", "v")
NO_WORDS = ("no", "n", "false", "f", "não", "nao", "falso")


def _plain_word(w: str) -> str:
    import unicodedata
    return "".join(c for c in unicodedata.normalize("NFD", w.lower()) if unicodedata.category(c) != "Mn")


def key_words(key: str, lang: str = "en") -> str:
    """A judgement key of the case format as a director writes it in ``lang``:
    'E 1C unintended' -> 'L 1♣ não-intencional', 'event 2 cards-seen' -> 'evento 2 cartas-vistas'."""
    if lang not in PROPERTY_WORDS:
        return key
    parts = key.split()
    if len(parts) != 3:
        return key
    who, what, prop = parts
    who = EVENT_WORD[lang] if who == "event" else SEAT_LETTERS[lang].get(who, who)
    return f"{who} {call_name(what, lang)} {PROPERTY_WORDS[lang].get(prop, prop)}"


def key_from_words(key: str, lang: str = "en", calls: "str | None" = None) -> str:
    """A judgement key typed in ``lang`` -> the case format's ('L 2C comparável' -> 'E 2H
    comparable'); a key already in the case format's words is kept (seats and calls made
    letters); anything else unchanged, for the case's own check to report."""
    parts = key.split()
    if lang not in PROPERTY_WORDS or len(parts) != 3:
        return key
    who, what, prop = parts
    if _plain_word(who) == _plain_word(EVENT_WORD[lang]):
        who = "event"
    else:
        who = seat_from_words(who, lang)
    if who != "event":
        what = call_from_words(what, calls or lang) or what
    back = {_plain_word(v): k for k, v in PROPERTY_WORDS[lang].items()}
    prop = back.get(_plain_word(prop), prop)
    return f"{who} {what} {prop}"


#: event codes (bridge_director.case.shapes.HAPPENED, and 'director') as a director types them
#: in a language; the case file keeps the code
EVENT_CODE_WORDS = {"pt": {
    "director": "diretor", "hand-count": "contagem-de-cartas", "card-seen": "carta-vista", "wrong-board": "bolsa-errada",
    "wrong-board-at-table": "bolsa-errada-na-mesa", "hesitation": "hesitação", "remark": "comentário",
    "explanation": "explicação", "failure-to-alert": "falta-de-alerta", "unexpected-alert": "alerta-inesperado",
    "card-exposed": "carta-exposta", "lead-out-of-turn": "saída-fora-de-vez",
    "opening-lead-out-of-turn": "saída-inicial-fora-de-vez", "opening-lead-faced": "saída-virada",
    "revoke": "renúncia", "claim": "reivindicação", "question": "pergunta", "surplus-card": "carta-a-mais",
    "overheard": "ouviu", "play-ended": "fim-do-jogo", "missing-card-found": "carta-encontrada",
    "missing-card-not-found": "carta-não-encontrada", "attention-drawn": "atenção-chamada"}}
#: a player's word on an irregular call, as typed in a language (accepts / does not accept)
DECISION_WORDS = {"pt": {"aceita": True, "aceito": True, "recusa": False, "rejeita": False}}


def event_code(word: str, lang: str = "en") -> str:
    """An event code as typed in ``lang`` -> the case format's ('contagem-de-cartas' ->
    'hand-count'); unchanged when not one of the language's words."""
    back = {_plain_word(v): k for k, v in EVENT_CODE_WORDS.get(lang, {}).items()}
    return back.get(_plain_word(word), word)


def event_word(code: str, lang: str = "en") -> str:
    """An event code as a director types it in ``lang`` ('hand-count' -> 'contagem-de-cartas')."""
    return EVENT_CODE_WORDS.get(lang, {}).get(code, code)

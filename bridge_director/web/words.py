"""The page's own words in another language (``director serve --lang pt``).

The ruling's words come from the ruling (its rules' Portuguese); the page's labels, buttons
and refusals are in the interface catalogue of bridge_director.ruling.i18n (the one gettext
catalogue, ``locale/pt/LC_MESSAGES/director.po``, compiled with Babel by
tools/compile_locales.py). ``LANG`` is the language of the request being answered (the app
sets it for each request); ``t`` gives a label in it, English as written when there is no
translation. A refusal (:class:`Worded`) keeps its English template and its words apart, so
that it is said in the language of the page that shows it.
"""
from __future__ import annotations

import contextvars

#: the language of the page being served, set for each request (bridge_director.web.app)
LANG: "contextvars.ContextVar[str]" = contextvars.ContextVar("bridge_director_page_lang", default="en")



def t(english: str) -> str:
    """``english`` in the language of the request being answered (the catalogue's words)."""
    from bridge_director.ruling.i18n import gettext
    return gettext(LANG.get())(english) if english else english


class Worded:
    """An error whose message is an English template (a catalogue key) and the words that
    fill it: ``str(e)`` is the English, :meth:`said` the message in the page's language."""

    def _worded(self, template: str, words: dict) -> str:
        self.template, self.words = template, words
        return template.format(**words) if words else template

    def said(self) -> str:
        """The message in the language of the request being answered."""
        return t(self.template).format(**self.words) if self.words else t(self.template)

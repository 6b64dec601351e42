"""The coverage matrix: every labelled part of Laws 1-39 (2017) and how the project answers it.

For each label, in the order of the Laws: the rules that cite it, the cases whose ``expect:``
exercises it, or the stated reason why it is not a ruling matter (``data/coverage-reasons.yaml``).
It reads the rulebook, the case files and two data files; it holds no law of its own.

    from bridge_director.coverage import build
    matrix = build()                 # Laws 1-39, rules/ and cases/ of the checkout
    print(render_text(matrix))

See :mod:`bridge_director.coverage.matrix` for the statuses and :mod:`bridge_director.coverage.render` for the
text, Markdown and JSON forms (``director coverage``).
"""
from bridge_director.coverage.matrix import Matrix, Row, build, load_reasons
from bridge_director.coverage.render import RENDERERS, render_json, render_markdown, render_text

__all__ = ["Matrix", "Row", "build", "load_reasons", "RENDERERS", "render_json", "render_markdown",
           "render_text"]

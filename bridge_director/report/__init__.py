"""Committee reports, casebooks and charts for people (``director report``, ``director casebook``).

    render_report(path, fmt)      -> str (html, md) or bytes (pdf)
    render_casebook(folder, fmt)  -> str (html) or bytes (pdf)

Reads the ruling, its data and the rulebook; holds no law.
"""
from bridge_director.report.render import render_casebook, render_report

__all__ = ["render_report", "render_casebook"]

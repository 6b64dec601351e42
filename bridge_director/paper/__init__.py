"""A ruling laid out for people to read on paper or a page, shared by the report, the quiz and
the ``chart`` command.

- ``report``: the committee report's data (facts, ruling, reasoning, laws cited, diagrams);
- ``words``: events, findings and conditions in plain words;
- ``grid``: the auction grid for a page;
- ``diagram``: the decision path as a Graphviz diagram;
- ``chart``: one law's decision chart;
- ``layout``: the Jinja environment, the style sheet, HTML, Markdown and PDF;
- ``quizfile``: reading a quiz folder's ``quiz.yaml`` (the cases it lists).

May import: ``base`` .. ``session``. Holds no law.
"""

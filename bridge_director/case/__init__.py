"""Case files -> a validated ``Case``: what happened at the table, in order, and what only the
director judged.

- ``shapes``: the field tables of every mapping of the format (events, judgements, expect),
  the checks of a value and the wording of their errors;
- ``schema``: the pydantic models built from the shapes (the published JSON Schema);
- ``model``: the ``Case`` and its ``Event``, ``Judgement`` and ``Expectation`` records;
- ``load``: reading a file or data into a ``Case`` (``load_case``, ``from_data``), including
  the deal register look-up a case asks for;
- ``judgements``: the judgement vocabulary (what each property means, how it is asked).

May import: ``base``, ``bridge``.
"""

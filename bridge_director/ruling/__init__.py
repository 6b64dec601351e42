"""The ruling: what the engine concluded, as data and as words.

- ``build``: the ``Ruling`` (lines with citations, the calls' final standings, the trace to
  the events, the judgements stated but not used);
- ``questions``: what the ruling waits for (judgements, decisions), as data;
- ``grid``: what the tool understood (the auction grid) and what to tell the players now;
- ``cites``: how a citation and an edition read;
- ``render``: text, Markdown and JSON;
- ``compare``: one case under several editions, side by side;
- ``i18n``: the words in another language (Portuguese).

May import: ``base``, ``bridge``, ``case``, ``rulebook``, ``infer``.
"""

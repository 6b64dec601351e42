"""Inference: a Case and a rulebook -> the engine's firings and outcomes.

- ``facts``: the base facts of a case, each remembering the event it came from (mechanics
  only: whose turn, relations, sufficiency);
- ``inference``: the ONLY module that imports durable-rules: one host per process, strata
  run in order, outcomes collected in Python;
- ``enginecheck``: refuses a durable-rules build that is not the project's fixed one;
- ``reads``: whether a run could have read a stated judgement.

May import: ``base``, ``bridge``, ``case``, ``rulebook`` (and durable-rules).
"""

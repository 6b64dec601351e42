"""The rulebook: rules/*.yaml -> validated rules, stratified and compiled once per edition.

- ``model``: the rule records (Pattern, Ref, Conclusion, Rule, Rulebook) and the grammar's
  constants;
- ``book``: reading, checking, stratifying and compiling the rule files, and the cache of
  compiled rulebooks (``load_rulebook``, ``build``);
- ``prune``: which rules a round's facts can fire, from the values they carry.

May import: ``base``, ``bridge``, ``case``.
"""

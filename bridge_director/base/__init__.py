"""The foundation every room stands on; no bridge and no law.

- ``record``: cheap dataclass-like record classes for the data the pipeline passes on;
- ``yamlpos``: YAML loading that remembers file, line and column, and ``InputError``, the one
  error a user's mistake becomes (exit 2);
- ``memo``: ``ByObject``, values worked out once per object of the rulebook (keyed by identity);
  ``hashable``, whether a value can be a dictionary key (case, rulebook and infer test it);
- ``lines``: ``one_line``, an error message as one bounded, printable line;
- ``paths``: where the rulebook, the schemas and the data files live (checkout or installed);
- ``editions``: the codes of law the rulebook holds (``rules/editions.yaml``): names, titles,
  how their citations read.

May import: the standard library and PyYAML only.
"""

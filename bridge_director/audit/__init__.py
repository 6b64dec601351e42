"""Checks a ruling can be held to, usable by tests, `tools/sweep.py` and `director prove`.

- `labels`: the labelled sub-clauses of the 2017 Laws (data/laws-2017-labels.yaml).
- `properties`: `faults(case, ruling) -> list[Fault]`, the properties every ruling must have.

No law lives here: the checks compare the ruling's own lines with each other, with the calls'
final standing and with the list of labels.
"""

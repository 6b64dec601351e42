"""`director prove`: every situation up to a size, ruled and checked.

Where the property tests sample cases at random, this enumerates them: every auction of up
to K calls from a representative set of calls, made by every seat (in rotation and out of
it), the director called at the end; then, for each ruling, every answer to the questions
it asks (judgements and decisions, the first open question at each step, up to a depth),
each answer ruled again. Every situation's ruling is checked against the property set
(:mod:`bridge_director.prove.checks`). No law lives here.

- :mod:`bridge_director.prove.situations`: the enumeration (auctions, answers), as case data.
- :mod:`bridge_director.prove.checks`: the properties each ruling is held to.
- :mod:`bridge_director.prove.run`: ruling chunks of auctions on a process pool over the cores, or
  on a Dask distributed cluster (``--scheduler tcp://HOST:PORT``); the tally of faults.
"""
from bridge_director.prove.run import Report, prove  # noqa: F401

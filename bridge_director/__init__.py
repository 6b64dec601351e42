"""bridge-director: an expert system for contract-bridge tournament directors.

The package is a house of rooms, one per stage of the flow, each importing only from the rooms
below it (checked by import-linter: ``[tool.importlinter]`` in pyproject.toml)::

    base      the foundation: record classes, YAML with positions (InputError), paths, editions
    bridge    mechanics a player who never read the Laws computes: seats, calls, the auction,
              boards, PBN as a format, cutting, deal statistics and the deal register
    case      case files -> a validated Case (shapes, schema, judgement vocabulary)
    rulebook  rules/*.yaml -> validated, stratified rules compiled per edition (pruning)
    infer     Case -> facts with provenance; the ONLY door to durable-rules; reads
    ruling    the ruling's data (lines, standings, questions), its words, grid and renderers
    session   what the front ends share: rule a case (api), a draft they add to and rule again,
              where a case comes from (intake, PBN), the club code's table
    paper, audit        shared by the front ends: words, grids, diagrams and charts on paper;
                        the properties a ruling is held to
    interview, web, report, quiz, chart, prove, coverage    the front ends and tools, apart
    cli       the ``director`` command, which dispatches to them

Kept deliberately tiny: importing ``bridge_director`` must not import durable-rules (see
``bridge_director.infer.enginecheck``) or anything heavy.
"""

__version__ = "0.1.0"

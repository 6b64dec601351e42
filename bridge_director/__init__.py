"""bridge-director: an expert system for contract-bridge tournament directors.

Kept deliberately tiny: importing ``engine`` must not import durable-rules (see
``engine.enginecheck``) or anything heavy.
"""

__version__ = "0.1.0"

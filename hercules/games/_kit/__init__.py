"""What several games of the box share and the shell does not need: the seeded generator, the
engines' error base, JSON field checks, versioned state documents, the figures of the tools
(Wilson interval, percentile, seat generators) and the bots' reason format.

A package whose name starts with ``_`` is not a game (the registry passes over it).
"""

__all__ = ["errors", "fields", "figures", "reasons", "rng", "versions"]

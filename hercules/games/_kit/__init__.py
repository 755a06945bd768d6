"""What several games of the box share and the shell does not need: the seeded generator, the
engines' error base, JSON field checks and versioned state documents.

A package whose name starts with ``_`` is not a game (the registry passes over it).
"""

__all__ = ["errors", "fields", "figures", "rng", "versions"]

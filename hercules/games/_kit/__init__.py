"""What several games of the box share and the shell does not need: the seeded generator.

A package whose name starts with ``_`` is not a game (the registry passes over it).
"""

__all__ = ["rng"]

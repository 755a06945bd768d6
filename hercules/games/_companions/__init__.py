"""*The Labours of Hercules*, the box's fourth game: a draft (issue 25), not yet offered.

A package whose name starts with ``_`` is no game of the registry (as the kit is not), so the
box never shows a half-built game; ``tests/companions`` registers it for its checks only.
"""

from .adapter import GAME_ID, RULES

__all__ = ["GAME_ID", "RULES"]

"""The game table: a scene (input, controller), targeting, animations and painting.

``TableScene`` is the entry point; the other names are re-exported for the modules
and tests that import them from ``hercules.games.mebo.ui.table``.
"""

from .scene import CARD_RATIO, Target, TableScene, refusal

__all__ = ["CARD_RATIO", "Target", "TableScene", "refusal"]

"""The rules screen (placeholder until the summary lands)."""

from __future__ import annotations

from hercules.ui.scene import Scene


class RulesScene(Scene):
    """Closes at once."""

    def enter(self) -> None:
        """Back to where the player was."""
        self.app.pop()

"""New run setup (placeholder: a Hero run for a human; the full screen replaces it)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pygame

from hercules.games.labors.spec import GAME_ID, new_controller
from hercules.ui.scene import Scene
from hercules.ui.strings import t


def names_for(seats: Sequence[Any], config: dict[str, Any], saved: Sequence[str] = ()) -> list[str]:
    """The one seat's display name: the saved one, else Hercules."""
    saved = list(saved)
    return [saved[0] if saved and saved[0] else t("lab.hercules")]


class SetupScene(Scene):
    """Starts a Hero run at once."""

    def enter(self) -> None:
        """Start the run."""
        ctl = new_controller("hero", ["human"], random.randrange(1, 10**9))
        self.app.nav.play(GAME_ID, ctl, names_for(ctl.seats, {}))

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing to draw."""

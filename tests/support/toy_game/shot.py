"""A picture of the toy table mid-game (to look at it)::

SDL_VIDEODRIVER=dummy PYTHONPATH=tests python -m support.toy_game.shot /tmp/toy_table.png
"""

from __future__ import annotations

import sys
import time

import pygame

from hercules.app.settings import Settings
from hercules.ui.app import App

from .spec import SPEC, register_toy
from .ui import TableScene, names_for


def main(path: str, seed: int = 7, decisions: int = 1) -> None:
    """Play ``decisions`` of the human's turns (advancing) and save the window."""
    with register_toy():
        app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))
        ctl = SPEC.new_controller("standard", ["human", "steady"], seed)
        table = app.nav.play(SPEC.id, ctl, names_for(ctl.seats, None))
        assert isinstance(table, TableScene)
        for _ in range(1000):  # bounded: a race is a few dozen steps
            if ctl.is_over:
                break
            if ctl.human_to_act():
                if sum(r.seat == 0 for r in ctl.history) >= decisions:
                    break
                table.send(ctl.legal()[0])
            app.frame(1 / 60)
            time.sleep(0.001)  # the bot thinks on its own thread
        app.frame(1 / 60)
        pygame.image.save(app.screen, path)
        app.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/toy_table.png")

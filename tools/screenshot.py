"""Render any scene headless to a PNG.

python tools/screenshot.py --scene {title,setup,game,rest,gameover,rules,settings}
    --seed S --size WxH --out FILE.png [--round R] [--players P] [--mode M] [--lang L]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Autosaves during the run go to a throwaway folder, never the user's saves.
os.environ.setdefault("HERCULES_DATA_DIR", tempfile.mkdtemp(prefix="hercules-tool-"))

import pygame  # noqa: E402

from hercules.ui.app import App, Settings  # noqa: E402
from hercules.ui.strings import languages  # noqa: E402

SCENES = (
    "title",
    "setup",
    "game",
    "rest",
    "gameover",
    "rules",
    "settings",
    "hint",
    "load",
    "replay",
)


def play_until(ctl, rng: random.Random, stop) -> None:
    """Advance a game with random legal moves for every seat until ``stop(ctl)``."""
    for _ in range(100000):
        if stop(ctl) or ctl.is_over:
            return
        if ctl.human_to_act():
            legal = ctl.legal()
            ctl.submit(legal[rng.randrange(len(legal))], ctl.actor)
        else:
            ctl.step(wait=True)


def build(app: App, args: argparse.Namespace) -> None:
    from hercules.games.mebo.ui.gameover import GameOverScene
    from hercules.games.mebo.ui.rules import RulesScene
    from hercules.games.mebo.ui.setup import SetupScene, start_game
    from hercules.games.mebo.ui.table import TableScene
    from hercules.ui.scenes.settings import SettingsScene
    from hercules.ui.scenes.title import TitleScene

    if args.scene in ("load", "replay"):
        from hercules.app import saves
        from hercules.games.mebo.engine.adapter import RULES
        from hercules.games.mebo.ui.replay import ReplayScene
        from hercules.ui.scenes.load import LoadScene

        app.push(TitleScene(app))
        load = LoadScene(app)
        app.push(load)
        if args.scene == "replay":
            path = next(p for p in saves.example_saves() if "midgame" in p.name)
            replay = ReplayScene(app, saves.load_save(path, RULES))
            app.push(replay)
            for _ in range(args.round * 4):
                replay.ctl.forward()
            replay.anim.skip()
            replay.refresh_buttons()
        elif load.examples:
            load.selected = load.examples[0]
            load.update_buttons()
        return
    if args.scene in ("title", "setup", "rules", "settings"):
        app.push(TitleScene(app))
        cls = {"setup": SetupScene, "rules": RulesScene, "settings": SettingsScene}.get(args.scene)
        if cls is not None:
            app.push(cls(app))
        return
    kinds = ["human"] + ["normal"] * (args.players - 1)
    ctl, names = start_game(args.mode, kinds, args.seed)
    rng = random.Random(args.seed)
    table = TableScene(app, ctl, names)
    app.push(table)
    if args.scene in ("game", "hint"):
        play_until(
            ctl,
            rng,
            lambda c: (
                c.state.round >= args.round and c.human_to_act() and c.state.prompt == "action"
            ),
        )
    elif args.scene == "rest":
        play_until(
            ctl,
            rng,
            lambda c: (
                c.state.round >= args.round
                and c.human_to_act()
                and c.state.prompt == "action"
                and len(c.state.players[0].cubed) >= 2
                and any(a.kind == "rest" for a in c.legal())
            ),
        )
        rest = [a for a in ctl.legal() if a.kind == "rest"]
        if rest:
            ctl.submit(rest[0], ctl.actor)
    elif args.scene == "gameover":
        play_until(ctl, rng, lambda c: False)
        table.anim.skip()
        app.push(GameOverScene(app, ctl.state, names, ctl))
        return
    table.anim.skip()
    # One update lets the table open the overlay its pending decision needs.
    table.update(0.0)
    if args.scene == "hint":
        table.open_hint()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    p.add_argument("--scene", choices=SCENES, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--size", default="1600x900")
    p.add_argument("--out", required=True)
    p.add_argument("--round", type=int, default=6)
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    p.add_argument("--mode", default="standard", choices=("standard", "simplified", "solo", "pnp"))
    p.add_argument("--hover", default="", help="x,y of the mouse (to show a tooltip)")
    p.add_argument("--lang", default="en", choices=languages(), help="the language shown")
    args = p.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        p.error(f"--size must look like 1600x900, not {args.size!r}")
    if args.mode == "solo":
        args.players = 2
    app = App((w, h), Settings(animation_speed=0.0, bot_delay=0.0, language=args.lang))
    build(app, args)
    if args.hover:
        x, y = (int(v) for v in args.hover.split(","))
        app.handle(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
        )
    app.tick(0.016)
    app.draw()
    pygame.image.save(app.screen, args.out)
    print(args.out)
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

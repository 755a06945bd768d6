"""Render any scene headless to a PNG.

python tools/screenshot.py --scene {title,games,setup,game,rest,gameover,rules,settings,hint,
    load,replay,stop} --seed S --size WxH --out FILE.png [--round R] [--players P] [--mode M]
    [--lang L] [--game ID]
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
from cli_args import add_game_option  # noqa: E402

from hercules.app import saves  # noqa: E402
from hercules.app.registry import games  # noqa: E402
from hercules.ui.app import App, Settings  # noqa: E402
from hercules.ui.scenes.games import GamesScene  # noqa: E402
from hercules.ui.strings import languages  # noqa: E402

SCENES = (
    "title",
    "games",
    "setup",
    "game",
    "rest",
    "gameover",
    "rules",
    "settings",
    "hint",
    "load",
    "replay",
    "stop",
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
    spec = args.game
    nav = app.nav
    if args.scene in ("load", "replay"):
        nav.title()
        nav.load()
        load = app.top
        if args.scene == "replay":
            mine = [i for i in load.examples if "midgame" in i.path.name] or load.examples
            nav.replay(saves.load_save(mine[0].path, spec.rules))
            replay = app.top
            for _ in range(args.round * 4):
                replay.ctl.forward()
            replay.anim.skip()
            replay.refresh_buttons()
        elif load.examples:
            load.selected = load.examples[0]
            load.update_buttons()
        return
    if args.scene in ("title", "games", "setup", "rules", "settings"):
        nav.title()
        if args.scene == "games":
            app.push(GamesScene(app, games(), "setup"))
        elif args.scene == "settings":
            nav.settings()
        elif args.scene != "title":
            getattr(nav, args.scene)(spec.id)
        return
    if spec.id != "hercules" and args.scene in ("rest", "hint"):
        raise SystemExit(f"screenshot.py: --scene {args.scene} shows the MEBO game's table only")
    kinds = ["human"] + ["normal"] * (args.players - 1)
    ctl = spec.new_controller(args.mode, kinds, args.seed)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    rng = random.Random(args.seed)
    table = nav.play(spec.id, ctl, names)
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
    elif args.scene == "stop":  # pnp: the stops of a labour glowing on the track
        if args.mode != "pnp":
            raise SystemExit("screenshot.py: --scene stop needs --mode pnp")
        play_until(
            ctl,
            rng,
            lambda c: (
                c.state.round >= args.round
                and c.human_to_act()
                and c.state.prompt == "action"
                and len({a.target for a in c.legal() if a.kind == "labour"}) >= 4
            ),
        )
        table.anim.skip()
        table.update(0.0)
        short = table.labour_ways([a for a in ctl.legal() if a.target >= 0])
        if short:  # the labour with the most stops, then the highest
            labour = max(short, key=lambda c: (len({a.target for a in short[c]}), c))
            table.click(table.layout.columns[labour].center)  # aims at its stops
        return
    elif args.scene == "gameover":
        play_until(ctl, rng, lambda c: False)
        table.anim.skip()
        table.update(0.0)  # the table opens its game-over screen
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
    add_game_option(p)
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

"""Render any scene headless to a PNG.

python tools/screenshot.py --scene {title,games,setup,game,rest,gameover,rules,settings,hint,
    load,replay,stop,ways,fork,reward,won,legend,play,handover,statistics,tutorial,
    online,lobby,online_game,reconnect} --seed S
    --size WxH --out FILE.png
    [--round R] [--players P] [--mode M]
    [--lang L] [--scale PCT] [--display-scale K] [--game ID] [--crowd N] [--zoom x,y]
    [--log-up N] [--no-recap] [--reasoning] [--tutorial-step N]

``--scene tutorial`` plays the game's guided game (Learn to play) by clicks, as its test does,
up to step N (``--tutorial-step``, from 1; past the last: its end and offer).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Autosaves during the run go to a throwaway folder, never the user's saves.
os.environ.setdefault("HERCULES_DATA_DIR", tempfile.mkdtemp(prefix="hercules-tool-"))

# The guided game is played to a step by the tests' own driver (the same clicks a player makes).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import pygame  # noqa: E402
from cli_args import add_game_option  # noqa: E402
from online_shots import SCENES as ONLINE_SCENES  # noqa: E402
from online_shots import stage as online_stage  # noqa: E402
from support.tutorial import play_script  # noqa: E402

from hercules.app import paths, saves  # noqa: E402
from hercules.app.registry import games  # noqa: E402
from hercules.games.mebo.engine import card_set  # noqa: E402
from hercules.ui.app import App, Settings  # noqa: E402
from hercules.ui.dpi import parse_scale  # noqa: E402
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
    "ways",
    "fork",
    "reward",
    "won",
    "legend",
    "play",
    "handover",
    "statistics",
    "tutorial",
    "vote",
    "identity",
    *ONLINE_SCENES,
)


class _Reached(Exception):
    """The guided game is at the step asked for."""


def tutorial_step(app: App, game_id: str, step: int) -> None:
    """Start ``game_id``'s guided game and play it by clicks until step ``step`` shows."""
    app.nav.title()
    coach = app.nav.tutorial_game(game_id)
    if coach is None:
        raise SystemExit(f"screenshot.py: {game_id} has no guided game that opens")

    def stop(shown: Any) -> None:
        if shown.index + 1 >= step:
            raise _Reached

    try:
        play_script(app, coach, on_step=stop)
    except _Reached:
        pass
    app.handle(  # the mouse away from the callout's buttons (no hover glow)
        pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
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


def unfinished_save(spec: Any, args: argparse.Namespace) -> Any:
    """A game of ``spec`` the examples do not hold: a human (random moves) and bots, played
    ``--round`` x 10 steps and saved unfinished in the (throwaway) saves folder."""
    low, high = spec.players
    players = max(low, min(high, args.players))
    kinds = ["human", *[spec.bot_levels[0]] * (players - 1)]
    variant = args.mode or spec.variants[0]
    ctl = spec.new_controller(variant, kinds, args.seed)
    steps = [0]

    def enough(_: Any) -> bool:
        steps[0] += 1
        return steps[0] > args.round * 10

    play_until(ctl, random.Random(args.seed), enough)
    names = [f"Player {i + 1}" for i in range(players)]
    path = paths.saves_dir() / "unfinished.json"
    saves.save_game(path, ctl, names, label="An unfinished game")
    ctl.close()
    return path


def crowd_hands(state, per_seat: int, seed: int):
    """A copy of ``state`` where every seat holds ``per_seat`` cards (a layout stress test).

    Four hands of 20+ cards are more than the box holds, so the seats share a pool:
    demigods, gods and vases drawn at random, some with a cube or face down. Only for
    looking at the table; such a state is not one a game reaches.
    """
    cs = card_set()
    rng = random.Random(seed)
    s = state.copy()
    for seat in range(s.n):
        if s.players[seat].hades:
            continue
        p = s.mutable_player(seat)
        gods = rng.sample([g.id for g in cs.gods], min(len(cs.gods), max(1, per_seat // 6)))
        vases = rng.sample([v.id for v in cs.vases], 2)
        demis = rng.sample([d.id for d in cs.demigods], max(0, per_seat - len(gods) - 2))
        p.demigods = tuple(demis)
        p.gods = tuple(gods)
        p.vases = tuple(vases)
        p.cubed = frozenset(c for c in demis if rng.random() < 0.3)
        p.gods_down = frozenset(g for g in gods if rng.random() < 0.5)
    return s


def play_recorded(app: App, spec: Any, count: int, seed: int, mode: str, players: int) -> Any:
    """Play ``count`` games to the end through the real controller, recorded in the (throwaway)
    statistics: seat 0 is "you", its moves a bot's of each level in turn, against the levels
    in turn. Returns the last game's table (its game-over screen opens at its next update)."""
    app.nav.keep_statistics = True
    levels = spec.bot_levels
    table = None
    for i in range(count):
        kinds = ["human"] + [levels[(i + k) % len(levels)] for k in range(players - 1)]
        ctl = spec.new_controller(mode, kinds, seed + i)
        names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
        table = app.nav.play(spec.id, ctl, names)
        me, rng = spec.make_bot(levels[i % len(levels)]), random.Random(seed + i)
        while not ctl.is_over:
            if ctl.human_to_act():
                ctl.submit(me.choose(ctl.view(ctl.actor), ctl.legal(), rng), ctl.actor)
            else:
                ctl.step(wait=True)
    return table


def build(app: App, args: argparse.Namespace) -> None:
    spec = args.game
    nav = app.nav
    if args.scene == "tutorial":
        tutorial_step(app, spec.id, args.tutorial_step)
        return
    if args.scene in ONLINE_SCENES:
        online_stage(app, args.scene, spec.id, args.players, args.seed, args.round)
        return
    if args.scene == "statistics":  # a season of games, then their statistics
        play_recorded(app, spec, args.round * 4, args.seed, args.mode, args.players)
        nav.title()
        nav.statistics()
        app.top.choose(spec.id)
        return
    if args.scene in ("load", "replay"):
        nav.title()
        nav.load()
        load = app.top
        if args.scene == "replay":
            own = [i for i in load.examples if i.game == spec.id and not i.damaged]
            mine = [i for i in own if "midgame" in i.path.name] or own
            path = mine[0].path if mine else unfinished_save(spec, args)
            nav.replay(saves.load_save(path, spec.rules))
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
    if args.scene == "gameover":
        nav.keep_statistics = True  # the game is recorded (throwaway folder): "your best" shows
    stage = spec.tool_entry("screenshot")
    if stage is not None:  # the game sets its own table up (e.g. the Labors game's fork)
        stage(app, args.scene, args.seed, args.mode, players=args.players)
        return
    if args.scene in ("fork", "reward", "won", "legend", "play", "handover", "vote", "identity"):
        raise SystemExit(f"screenshot.py: --scene {args.scene} is another game's scene")
    if spec.id != "hercules" and args.scene in ("rest", "hint"):
        raise SystemExit(f"screenshot.py: --scene {args.scene} shows the MEBO game's table only")
    kinds = ["human"] + ["normal"] * (args.players - 1)
    ctl = spec.new_controller(args.mode, kinds, args.seed)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    rng = random.Random(args.seed)
    table = nav.play(spec.id, ctl, names)

    def human_to_act_at_round(more: Callable[[Any], bool]) -> Callable[[Any], bool]:
        """Stop when the human acts in round ``--round`` or later and ``more`` holds."""
        return lambda c: (
            c.state.round >= args.round
            and c.human_to_act()
            and c.state.prompt == "action"
            and more(c)
        )

    if args.scene in ("game", "hint"):
        play_until(ctl, rng, human_to_act_at_round(lambda c: True))
    elif args.scene == "rest":
        play_until(
            ctl,
            rng,
            human_to_act_at_round(
                lambda c: (
                    len(c.state.players[0].cubed) >= 2 and any(a.kind == "rest" for a in c.legal())
                )
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
            human_to_act_at_round(
                lambda c: len({a.target for a in c.legal() if a.kind == "labour"}) >= 4
            ),
        )
        table.anim.skip()
        table.update(0.0)
        short = table.labour_ways([a for a in ctl.legal() if a.target >= 0])
        if short:  # the labour with the most stops, then the highest
            labour = max(short, key=lambda c: (len({a.target for a in short[c]}), c))
            table.click(table.layout.columns[labour].center)  # aims at its stops
        return
    elif args.scene == "ways":  # a labour two operations reach: the choice of way
        play_until(
            ctl,
            rng,
            human_to_act_at_round(
                lambda c: any(
                    len({a.op for a in w}) > 1 for w in table.labour_ways(c.legal()).values()
                )
            ),
        )
        table.anim.skip()
        table.update(0.0)
        table.dismiss_recap()
        ways = table.labour_ways(ctl.legal())
        labour = next(c for c, w in sorted(ways.items()) if len({a.op for a in w}) > 1)
        table.click(table.layout.columns[labour].center)  # opens the choice of way
        return
    elif args.scene == "gameover":
        play_until(ctl, rng, lambda c: False)
        table.anim.skip()
        table.update(0.0)  # the table opens its game-over screen
        return
    if args.crowd:
        ctl.state = crowd_hands(ctl.state, args.crowd, args.seed)
    table.anim.skip()
    # One update lets the table open the overlay its pending decision needs.
    table.update(0.0)
    if args.scene == "hint":
        table.open_hint()


def display_scale(text: str) -> float:
    """``--display-scale``: 1.5 or 150%; argparse says what is wrong otherwise."""
    try:
        return parse_scale(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    p.add_argument("--scene", choices=SCENES, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--size", default="1600x900")
    p.add_argument("--out", required=True)
    p.add_argument("--round", type=int, default=6)
    p.add_argument("--players", type=int, default=4, choices=range(1, 8))
    p.add_argument(
        "--mode", default=None, help="the game's variant (MEBO: standard...; Labors: hero...)"
    )
    p.add_argument("--hover", default="", help="x,y of the mouse (to show a tooltip)")
    p.add_argument("--lang", default="en", choices=languages(), help="the language shown")
    p.add_argument(
        "--scale", type=int, default=100, choices=(75, 100, 125, 150, 200), help="text size, %%"
    )
    p.add_argument(
        "--display-scale",
        type=display_scale,
        default=1.0,
        help="real pixels per layout pixel, as a HiDPI screen: 2 = 200 %% (with --size 2560x1440)",
    )
    p.add_argument("--crowd", type=int, default=0, help="give every seat N cards (game scene)")
    p.add_argument("--zoom", default="", help="x,y to right-click (to enlarge a card)")
    p.add_argument("--log-up", type=int, default=0, help="wheel notches to scroll the log up")
    p.add_argument("--no-recap", action="store_true", help="close the turn's recap")
    p.add_argument("--reasoning", action="store_true", help="the log shows bots' reasoning")
    p.add_argument(
        "--focus", type=int, default=0, help="press Tab N times (the keyboard focus ring)"
    )
    p.add_argument(
        "--tutorial-step", type=int, default=1, help="the guided game's step shown (from 1)"
    )
    add_game_option(p)
    args = p.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        p.error(f"--size must look like 1600x900, not {args.size!r}")
    if args.mode is None:
        args.mode = args.game.variants[0]
    if args.mode not in args.game.variants:
        p.error(f"--mode must be one of {', '.join(args.game.variants)}, not {args.mode!r}")
    lo, hi = args.game.players
    if args.players > hi or args.players < lo:
        if args.players != 4:  # 4 is the default: a game of other sizes takes its own
            p.error(f"--players must be {lo}-{hi} for {args.game.id}")
        args.players = max(lo, min(hi, args.players))
    if args.mode == "solo":
        args.players = 2
    settings = Settings(
        animation_speed=0.0, bot_delay=0.0, language=args.lang, ui_scale=args.scale / 100
    )
    settings.show_bot_reasoning = args.reasoning
    app = App((w, h), settings, display_scale=args.display_scale)
    build(app, args)
    log_view = getattr(app.top, "log_view", None)
    if args.no_recap and hasattr(app.top, "dismiss_recap"):
        app.top.dismiss_recap()
    if args.log_up and log_view is not None:
        app.tick(0.016)  # a first frame lays the log out
        app.handle(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=log_view.rect.center, rel=(0, 0), buttons=(0, 0, 0)
            )
        )
        app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=args.log_up, flipped=False))
    if args.hover:
        x, y = (int(v) for v in args.hover.split(","))
        app.handle(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
        )
    if args.zoom:
        x, y = (int(v) for v in args.zoom.split(","))
        app.handle(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
        )
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=3))
    for _ in range(args.focus):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    app.tick(0.016)
    app.draw()
    app.present()  # what the player sees: the layout scaled onto a window under 1280x720
    pygame.image.save(app.display, args.out)
    print(args.out)
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

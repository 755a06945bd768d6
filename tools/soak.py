"""Soak test: a long evening of random play through the real app loop, headless.

    python tools/soak.py --minutes 30 --seed 1 [--size 1600x900]

Starts at the title screen and feeds the app random mouse moves, clicks (half of them on a
visible button), wheel turns, keys and window resizes, frame after frame, so that it wanders
through every scene: menus, setup, the table in every mode of every game, its dialogs, the
load screen, replays, settings and the score screen. Every few seconds of play it also jumps
somewhere on purpose (a new game of a random game, variant and seats; the load screen; a
replay; the settings), so no scene is left out by chance. Any exception is counted, printed
once with its traceback, and the app goes back to the title screen.

With ``--bots`` there is no random input: bots sit in every seat (random levels, variant and
seat count) and a new game starts as soon as one ends, an evening of watching bots play (the
issue's "hour of bot play"); the table's own scenes only, so memory's level swings less.

With ``--game ID`` every jump that starts a game starts one of that game (the drift of one
game's table, played again and again); without, any game of the box.

Prints frames, exceptions, frame-time p95/max and the process's resident memory (RSS) at the
start, at its peak and at the end, the growth over the last half of the run (the median
level of its last tenth against the tenth around its middle: see ``level_growth``) and the
slope of the level over the last part of the run (``--slope-from``, the last half by
default: see ``level_slope``), in MB a minute; the last line is one JSON object with the keys
``frames``, ``exceptions``, ``rss_start_mb``, ``rss_peak_mb``, ``rss_end_mb``,
``rss_growth_last_half_mb``, ``rss_slope_mb_per_min``, ``p95_ms``, ``max_ms``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
import traceback
from array import array
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Saves made during the soak go to a throwaway folder, never the user's saves.
os.environ.setdefault("HERCULES_DATA_DIR", tempfile.mkdtemp(prefix="hercules-soak-"))

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
from cli_args import game_spec, positive, whole_number  # noqa: E402

from hercules.app import saves  # noqa: E402
from hercules.app.registry import games, rules_for  # noqa: E402
from hercules.ui.app import App, Settings  # noqa: E402
from hercules.ui.surfaces import cache_report  # noqa: E402

KEYS = (
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_r,
    pygame.K_e,
    pygame.K_h,
    pygame.K_n,
    pygame.K_z,
    pygame.K_F1,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_a,
    pygame.K_1,
)
SIZES = (
    (1280, 720),
    (1366, 768),
    (1600, 900),
    (1920, 1080),
    (1440, 900),
    (1300, 740),
    # Below 1280x720 the layout is drawn larger and scaled down to the window.
    (1280, 650),
    (1024, 640),
)
DT = 1 / 60


def rss_mb() -> float:
    """This process's resident memory in MB (Linux /proc; else the peak from getrusage)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)
    except (OSError, ValueError, IndexError):
        import resource  # not on Windows: only reached where /proc is missing

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def level_growth(samples: list[tuple[float, float]], seconds: float, end_rss: float) -> float:
    """How much the resident memory's level rose over the second half of a run, in MB.

    RSS swings by tens of MB within seconds (a scene is built, then its garbage is
    collected), so one sample at the middle and one at the end would measure where
    two swings happened to land. The level is the median of the samples in a
    window: the last tenth of the run against the tenth around its middle. With
    too few samples (a run of seconds) it is the end against the middle sample.
    """
    middle = [r for t, r in samples if 0.45 * seconds <= t <= 0.55 * seconds]
    last = [r for t, r in samples if t >= 0.9 * seconds]
    if len(middle) < 3 or len(last) < 3:
        mid = next((r for t, r in samples if t >= seconds / 2), end_rss)
        return end_rss - mid
    return statistics.median(last) - statistics.median(middle)


def level_slope(samples: list[tuple[float, float]], seconds: float, since: float = 0.5) -> float:
    """How fast the resident memory's level rose over the last part of a run, in MB a minute.

    The part is the samples from ``since`` (a fraction of the run) on. RSS swings within
    seconds (see :func:`level_growth`), so the part is cut into ten windows and the level of
    each is its median; the slope is the least-squares line through those levels. Fewer
    than three windows' worth of samples: the line through the samples themselves.
    """
    part = [(t, r) for t, r in samples if t >= since * seconds]
    if len(part) < 2:
        return 0.0
    start, end = part[0][0], part[-1][0]
    points = part
    if len(part) >= 30 and end > start:
        width = (end - start) / 10
        windows: list[list[tuple[float, float]]] = [[] for _ in range(10)]
        for t, r in part:
            windows[min(9, int((t - start) / width))].append((t, r))
        points = [
            (statistics.median(t for t, _ in w), statistics.median(r for _, r in w))
            for w in windows
            if w
        ]
    mean_t = statistics.fmean(t for t, _ in points)
    mean_r = statistics.fmean(r for _, r in points)
    var = sum((t - mean_t) ** 2 for t, _ in points)
    if var == 0:
        return 0.0
    per_second = sum((t - mean_t) * (r - mean_r) for t, r in points) / var
    return per_second * 60


class FrameTimes:
    """Frame times counted in 10 µs buckets, so the record of a long soak keeps one size.

    An array of every frame's time grew 4 B a frame: at 200 frames a second that is itself
    a drift of about 0.05 MB a minute, half the slope a soak is there to check. The buckets
    are allocated once; a frame slower than the last bucket is counted in it, and the
    slowest frame is kept exactly.
    """

    BUCKET_S = 1e-5  #: a bucket's width, in seconds
    BUCKETS = 20_000  #: 0.2 s of buckets

    def __init__(self) -> None:
        self.counts = array("I", bytes(4 * self.BUCKETS))
        self.n = 0
        self.slowest = 0.0

    def add(self, seconds: float) -> None:
        """Count one frame of ``seconds``."""
        self.counts[min(self.BUCKETS - 1, int(seconds / self.BUCKET_S))] += 1
        self.n += 1
        if seconds > self.slowest:
            self.slowest = seconds

    def percentile(self, q: float) -> float:
        """The ``q`` quantile in seconds (the frame at index ``int(q * (n - 1))`` of the
        sorted times, to a bucket's width: its bucket's middle); 0 with no frames."""
        if not self.n:
            return 0.0
        rank = int(q * (self.n - 1))
        seen = 0
        for i, c in enumerate(self.counts):
            seen += c
            if seen > rank:
                return min((i + 0.5) * self.BUCKET_S, self.slowest)
        return self.slowest


def buttons(app: App) -> list[Any]:
    """The visible, enabled pygame_gui buttons."""
    out = []
    for element in app.ui.get_sprite_group().sprites():
        if (
            isinstance(element, pygame_gui.elements.UIButton)
            and element.visible
            and element.is_enabled
        ):
            out.append(element)
    return out


def random_event(app: App, rng: random.Random) -> None:
    """Post one random input event."""
    w, h = app.size
    roll = rng.random()
    if roll < 0.45:
        targets = buttons(app)
        if targets and rng.random() < 0.5:
            pos = rng.choice(targets).rect.center
        else:
            pos = (rng.randrange(w), rng.randrange(h))
        button = 3 if rng.random() < 0.1 else 1
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    elif roll < 0.7:
        pos = (rng.randrange(w), rng.randrange(h))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        )
    elif roll < 0.8:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3))))
    elif roll < 0.985:
        key = rng.choice(KEYS)
        mod = pygame.KMOD_CTRL if key == pygame.K_z and rng.random() < 0.7 else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
    else:
        size = rng.choice(SIZES)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


def jump(app: App, rng: random.Random, game: Any = None) -> None:
    """Go somewhere on purpose, so that every scene is visited (a new game: of ``game``, a
    spec, when one is given)."""
    nav = app.nav
    where = rng.random()
    if where < 0.55:
        spec = game if game is not None else rng.choice(games())
        variant = rng.choice(spec.variants)
        lo, hi = spec.players
        for players in range(hi, lo - 1, -1):
            kinds = [rng.choice(("human", *spec.bot_levels)) for _ in range(players)]
            if rng.random() < 0.5:
                kinds = list(spec.bot_levels[:1]) * players  # bots only: games reach their end
            try:
                ctl = spec.new_controller(variant, kinds, rng.randrange(10**6))
            except ValueError:
                continue  # that many seats is not this variant's
            names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
            nav.play(spec.id, ctl, names)
            return
    elif where < 0.7:
        nav.title()
        nav.load()
    elif where < 0.85:
        examples = saves.example_saves()
        if examples:
            nav.title()
            nav.replay(saves.load_save(rng.choice(examples), rules_for))
    elif where < 0.95:
        nav.title()
        nav.settings()
    else:
        nav.title()
        nav.new_game()


#: Frames a finished game's score screen stays up before the bots' next game (--bots).
SCORE_FRAMES = 120


def bot_game(app: App, rng: random.Random, game: Any = None) -> bool:
    """Sit bots in every seat of a new game (of ``game``, a spec, or any game of the box) at a
    random variant, seat count and levels, and open its table; True if one started."""
    spec = game if game is not None else rng.choice(games())
    variant = rng.choice(spec.variants)
    lo, hi = spec.players
    for players in rng.sample(range(lo, hi + 1), hi - lo + 1):
        kinds = [rng.choice(spec.bot_levels) for _ in range(players)]
        try:
            ctl = spec.new_controller(variant, kinds, rng.randrange(10**6))
        except ValueError:
            continue  # that many seats is not this variant's
        names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
        app.nav.play(spec.id, ctl, names)
        return True
    return False


def bots_done(app: App) -> bool:
    """No table is open, or its game is over (the bots' evening needs a new game)."""
    for scene in app.stack.scenes:
        ctl = getattr(scene, "ctl", None)
        if ctl is not None and hasattr(ctl, "is_over"):
            return bool(ctl.is_over)
    return True


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--minutes", type=float, default=1.0, help="how long to play (1)")
    p.add_argument("--seed", type=whole_number, default=1)
    p.add_argument("--size", default="1600x900")
    p.add_argument("--jump-every", type=positive, default=600, help="frames between jumps")
    p.add_argument(
        "--trace",
        metavar="FILE",
        help="write every RSS sample (seconds, MB, window size, the scenes on the stack) as CSV",
    )
    p.add_argument(
        "--game",
        type=game_spec,
        default=None,
        help="start games of this game only (default: any game of the box)",
    )
    p.add_argument(
        "--bots",
        action="store_true",
        help="an evening of bot play: no random input, bots in every seat, a new game as soon"
        " as one ends (of --game, or any game)",
    )
    p.add_argument(
        "--slope-from",
        type=float,
        default=0.5,
        help="the RSS slope is taken from this fraction of the run on (0.5: its last half)",
    )
    args = p.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    rng = random.Random(args.seed)
    app = App((w, h), Settings(animation_speed=4.0, bot_delay=0.0))
    app.quit = lambda: None  # type: ignore[method-assign]  # the Quit button must not end a soak
    app.nav.title()
    start = rss_mb()
    peak = start
    samples: list[tuple[float, float]] = []
    times = FrameTimes()
    frames = exceptions = games_played = over = 0
    shown: set[str] = set()
    t0 = time.monotonic()
    end = t0 + args.minutes * 60
    last_sample = t0
    # A CSV line every sample: where memory went up, and what was on screen then.
    trace = open(args.trace, "w", encoding="utf-8") if args.trace else None  # noqa: SIM115
    if trace:
        trace.write("seconds,rss_mb,window,scenes\n")
    while time.monotonic() < end:
        try:
            if args.bots:
                # A finished game's score screen stays up a while, as a player would read it.
                over = over + 1 if bots_done(app) else 0
                if over > SCORE_FRAMES and bot_game(app, rng, args.game):
                    games_played += 1
                    over = 0
            else:
                for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
                    random_event(app, rng)
                if frames % args.jump_every == args.jump_every - 1:
                    jump(app, rng, args.game)
            if not app.stack.scenes:
                app.nav.title()
            t = time.perf_counter()
            app.frame(DT)
            times.add(time.perf_counter() - t)
        except Exception as exc:  # noqa: BLE001 - a soak counts every failure and goes on
            exceptions += 1
            sig = f"{type(exc).__name__}: {exc}"[:200]
            if sig not in shown:
                shown.add(sig)
                print(f"exception at frame {frames}: {sig}", file=sys.stderr)
                traceback.print_exc()
            pygame.event.clear()
            app.nav.title()
        frames += 1
        now = time.monotonic()
        if now - last_sample >= 2.0:
            last_sample = now
            rss = rss_mb()
            peak = max(peak, rss)
            samples.append((now - t0, rss))
            if trace:
                scenes = "/".join(type(sc).__name__ for sc in app.stack.scenes)
                size = "x".join(map(str, app.size))
                trace.write(f"{now - t0:.1f},{rss:.1f},{size},{scenes}\n")
    if trace:
        trace.close()
    end_rss = rss_mb()
    peak = max(peak, end_rss)
    seconds = time.monotonic() - t0
    growth = level_growth(samples, seconds, end_rss)
    slope = level_slope(samples, seconds, args.slope_from)
    p95 = times.percentile(0.95) * 1000
    result = {
        "frames": frames,
        "exceptions": exceptions,
        "minutes": args.minutes,
        "seed": args.seed,
        "rss_start_mb": round(start, 1),
        "rss_peak_mb": round(peak, 1),
        "rss_end_mb": round(end_rss, 1),
        "rss_growth_last_half_mb": round(growth, 1),
        "rss_slope_mb_per_min": round(slope, 3),
        "slope_from": args.slope_from,
        "game": args.game.id if args.game is not None else "",
        "bots": args.bots,
        "games_started": games_played,
        "p95_ms": round(p95, 2),
        "max_ms": round(times.slowest * 1000, 2),
        "collections": app.memory.collections,
        "trims": app.memory.trims,
        "collect_ms_total": round(app.memory.seconds * 1000, 1),
        "picture_caches_mb": round(sum(cache_report().values()), 1),
    }
    app.close()
    print(
        f"{frames} frames in {args.minutes} min, {exceptions} exceptions; "
        f"RSS {result['rss_start_mb']} -> peak {result['rss_peak_mb']}"
        f" -> end {result['rss_end_mb']} MB"
        f" (last half {result['rss_growth_last_half_mb']:+} MB, slope"
        f" {result['rss_slope_mb_per_min']:+} MB/min); frame p95 {result['p95_ms']} ms,"
        f" max {result['max_ms']} ms"
    )
    print(json.dumps(result))
    return 0 if exceptions == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

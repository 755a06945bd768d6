"""Two app windows play one online game to its end on this machine (issue 24).

python tools/online_duel.py --out DIR [--seed S] [--speed K] [--game hercules|companions]

Starts a virtual X display (Xvfb, unless ``--display`` names one already running), then two
processes of the box's app, each a real window on it, side by side: the *host* opens Play
online, hosts a table of ``--game`` (MEBO's by default, or the fourth game's at four seats:
the two players and two bots; the server in its app) and writes the invite; the *guest* opens
Play online, joins by that invite; the host presses Start; both play by mouse clicks (the
tests' synthetic clicks on the table, as a player's) until the game over. Midway the guest's
link is cut (its socket aborted) and taken up again. Screenshots go to DIR: each window's
lobby, middle, reconnecting and end (``host_*.png``, ``guest_*.png``), and the whole display
with both windows (``both_*.png``, ImageMagick's ``import``). The last line is a JSON object:
actions played, seconds, whether both ended on the same game, and the files written.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 720)
#: Seconds the whole duel may take.
MOST = 600.0


# --- the two players (each in its own process) ------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _mark(out: Path, name: str, text: str = "") -> None:
    (out / name).write_text(text, encoding="utf-8")


def _wait_file(path: Path, most: float, app: Any = None) -> str:
    end = time.monotonic() + most
    while not path.exists():
        if time.monotonic() > end:
            raise SystemExit(f"online_duel: {path.name} never came")
        if app is not None:
            app.frame(1 / 60)  # the window stays alive (and drawn) while it waits
        time.sleep(0.02)
    return path.read_text(encoding="utf-8")


#: The games the duel plays, and the package of each one's screens.
GAMES = {"hercules": "mebo", "companions": "companions"}


def player(role: str, out: Path, seed: int, speed: float, game: str = "hercules") -> int:
    """One window's player: ``host`` or ``guest``."""
    sys.path.insert(0, str(ROOT / "tests"))
    import importlib

    import pygame
    from support.companions_mouse import human_move
    from support.mouse import click_widget, frames, mouse_turn

    from hercules.app.registry import get_game, load_games
    from hercules.ui.app import App, Settings
    from hercules.ui.scenes.online import LobbyScene, OnlineScene
    from hercules.ui.strings import language

    load_games()
    over = importlib.import_module(f"hercules.games.{GAMES[game]}.ui.gameover").GameOverScene

    app = App(SIZE, Settings(animation_speed=speed, bot_delay=0.2))
    rng = random.Random(seed + (0 if role == "host" else 1))

    def shot(name: str) -> None:
        frames(app, 2)
        pygame.image.save(app.display, str(out / f"{role}_{name}.png"))

    def until(what: Any, most: float = 60.0) -> None:
        end = time.monotonic() + most
        while not what():
            if time.monotonic() > end:
                raise SystemExit(f"online_duel {role}: waited too long")
            frames(app, 1)
            time.sleep(0.003)

    app.nav.title()
    frames(app, 3)
    title: Any = app.top
    click_widget(app, next(b for b, k in title.buttons.items() if k == "online"))
    online: Any = app.top
    assert isinstance(online, OnlineScene)
    online.name_entry.set_text("Ann" if role == "host" else "Bea")
    if role == "host":
        online.port_entry.set_text(str(_free_port()))
        if game != "hercules":
            online.chosen(online.game_menu, get_game(game).name(language()))
            online.name_entry.set_text("Ann")  # the form was laid out anew
            online.port_entry.set_text(str(_free_port()))
        click_widget(app, online.btn_host)
        lobby: Any = app.top
        assert isinstance(lobby, LobbyScene), online.error
        until(lambda: lobby.update_msg is not None)
        _mark(out, "invite", lobby.invite)
        until(lambda: lobby.update_msg["seats"][1]["online"])
        shot("lobby")
        _mark(out, "lobby_ready")
        _wait_file(out / "lobby_taken", 30, app)
        click_widget(app, lobby.btn_start)
    else:
        invite = _wait_file(out / "invite", 60)
        online.invite_entry.set_text(invite)
        click_widget(app, online.btn_join)
        lobby = app.top
        assert isinstance(lobby, LobbyScene), online.error
        until(lambda: lobby.update_msg is not None)
        shot("lobby")
    until(lambda: getattr(app.top, "online", False))
    table: Any = app.top
    ctl = table.ctl
    cut = role != "guest"  # the guest's link is cut once, midway
    middle = False
    end = time.monotonic() + MOST
    while not isinstance(app.top, over):
        if time.monotonic() > end:
            raise SystemExit(f"online_duel {role}: the game did not end")
        if game == "companions":
            if app.top is table and table.human() and not table.anim.busy:
                human_move(app, table, rng)
        elif ctl.human_to_act() and not table.anim.busy:
            mouse_turn(app, table, rng)
        frames(app, 1)
        if not middle and len(ctl.history) >= 40:
            middle = True
            shot("middle")
            _mark(out, f"middle_{role}")
        if not cut and len(ctl.history) >= 50 and ctl.session._client is not None:
            cut = True
            client, loop = ctl.session._client, ctl.session._loop
            loop.call_soon_threadsafe(client.ws.transport.abort)  # the cable pulled
            until(lambda: ctl.session.status == "reconnecting", 10)
            shot("reconnecting")
            until(lambda: ctl.session.status == "online", 30)
            shot("reconnected")
    table.anim.skip()
    shot("end")
    actions = [ctl.rules.action_to_json(a) for a in ctl.actions]
    _mark(out, f"over_{role}", json.dumps({"actions": actions, "seq": ctl.delivered}))
    _wait_file(out / "release", 60, app)
    ctl.close()
    app.close()
    return 0


# --- the referee --------------------------------------------------------------------------------


def _capture(display: str, path: Path) -> bool:
    if shutil.which("import") is None:
        return False
    done = subprocess.run(
        ["import", "-display", display, "-window", "root", str(path)],
        capture_output=True,
        timeout=30,
        check=False,
    )
    return done.returncode == 0


def referee(
    out: Path, seed: int, speed: float, display: str | None, game: str = "hercules"
) -> dict[str, Any]:
    """Start the display and the two players; capture both windows; their verdict."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.iterdir():
        if old.is_file() and not old.suffix == ".png":
            old.unlink()
    xvfb = None
    if display is None:
        if shutil.which("Xvfb") is None:
            raise SystemExit("online_duel: no Xvfb (apt-get install xvfb), nor --display")
        display = ":97"
        xvfb = subprocess.Popen(
            [
                "Xvfb",
                display,
                "-screen",
                "0",
                f"{SIZE[0] * 2 + 20}x{SIZE[1]}x24",
                "-nolisten",
                "tcp",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)
    start = time.monotonic()
    procs = []
    try:
        for i, role in enumerate(("host", "guest")):
            env = dict(os.environ)
            env.update(
                DISPLAY=display,
                SDL_VIDEODRIVER="x11",
                SDL_AUDIODRIVER="dummy",
                SDL_VIDEO_WINDOW_POS=f"{i * (SIZE[0] + 20)},0",
                HERCULES_DATA_DIR=tempfile.mkdtemp(prefix=f"hercules-duel-{role}-"),
            )
            cmd = [sys.executable, __file__, "--role", role, "--out", str(out)]
            cmd += ["--seed", str(seed), "--speed", str(speed), "--game", game]
            procs.append(subprocess.Popen(cmd, env=env))
        shots: list[str] = []
        _wait_file(out / "lobby_ready", 90)
        time.sleep(0.3)
        if _capture(display, out / "both_lobby.png"):
            shots.append("both_lobby.png")
        _mark(out, "lobby_taken")
        _wait_file(out / "middle_host", MOST)
        if _capture(display, out / "both_middle.png"):
            shots.append("both_middle.png")
        results = [json.loads(_wait_file(out / f"over_{r}", MOST)) for r in ("host", "guest")]
        time.sleep(0.3)
        if _capture(display, out / "both_end.png"):
            shots.append("both_end.png")
        _mark(out, "release")
        codes = [p.wait(60) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)
    files = sorted(p.name for p in out.glob("*.png"))
    return {
        "actions": len(results[0]["actions"]),
        "same_game": results[0] == results[1],
        "exit_codes": codes,
        "seconds": round(time.monotonic() - start, 1),
        "files": files,
        "display_shots": shots,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", required=True, help="the folder of screenshots")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--speed", type=float, default=3.0, help="animation speed of both windows")
    p.add_argument("--display", default=None, help="an X display already running (e.g. :0)")
    p.add_argument("--game", choices=tuple(GAMES), default="hercules", help="the game played")
    p.add_argument("--role", choices=("host", "guest"), default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    out = Path(args.out)
    if args.role is not None:
        return player(args.role, out, args.seed, args.speed, args.game)
    verdict = referee(out, args.seed, args.speed, args.display, args.game)
    print(json.dumps(verdict))
    return 0 if verdict["same_game"] and verdict["exit_codes"] == [0, 0] else 1


if __name__ == "__main__":
    sys.exit(main())

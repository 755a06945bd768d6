"""Online scenes for ``tools/screenshot.py`` (issue 24): the Play online form, a hosted
table's lobby with a friend connected, an online game on the MEBO table with its
connection line, and that table while its link is being taken up again.

Everything runs on this machine: the app hosts (or a server of the tool's own does), and
the "friend" is a session and remote controller of the tool's, on real loopback sockets.
"""

from __future__ import annotations

import random
import socket
import time
from typing import Any

from support.mouse import click_widget, frames

from hercules.net.remote import EmbeddedServer, RemoteController, Session
from hercules.ui.app import App

SCENES = ("online", "lobby", "online_game", "reconnect")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _until(app: App, what: Any, most: float = 20.0) -> None:
    end = time.monotonic() + most
    while not what():
        if time.monotonic() > end:
            raise SystemExit("screenshot.py: the online scene did not come in time")
        frames(app, 1)
        time.sleep(0.005)


def _live(session: Session, app: App) -> RemoteController:
    """The friend's controller, once the table is live."""
    seen: list[dict[str, Any]] = []

    def live() -> bool:
        seen.extend(session.messages())
        return any(m.get("t") == "update" and m["status"] == "live" for m in seen)

    _until(app, live)
    first = next(i for i, m in enumerate(seen) if m.get("t") == "update" and m["status"] == "live")
    return RemoteController(session, seen[first], seen[first + 1 :])


def stage(app: App, scene: str, game: str, players: int, seed: int, rounds: int) -> None:
    """Set ``scene`` up on ``app``."""
    nav = app.nav
    nav.title()
    frames(app, 2)
    nav.online()
    online: Any = app.top
    if game != online.game:
        names = {v: k for k, v in online.game_names.items()}
        online.chosen(online.game_menu, names[game])
    count = next((k for k, n in online.count_names.items() if n == players), None)
    if count is not None:
        online.chosen(online.count_menu, count)
    online.name_entry.set_text("Ann")
    if scene == "online":
        online.invite_entry.set_text("hercules://192.168.1.20:8765/3fa9c1d2e0")
        return
    if scene == "lobby":
        online.port_entry.set_text(str(_free_port()))
        click_widget(app, online.btn_host)
        lobby: Any = app.top
        _until(app, lambda: lobby.update_msg is not None)
        friend = Session(lobby.server.url, "Bea")
        friend.claim(lobby.session.table)
        _until(app, lambda: lobby.update_msg["seats"][1]["online"])
        return
    # The game as the friend who joined (the host a scripted player of the tool's own):
    # its table, some turns in; for "reconnect" the server then goes away.
    server = EmbeddedServer(app_data_db(), "127.0.0.1", 0)
    server.start()
    host = Session(server.url, "Cleo")
    seats = ["human", "open", *(["normal"] * (players - 2))]
    host.create(game, "standard", seats, {"seed": seed})
    online.name_entry.set_text("Dion")
    online.invite_entry.set_text(f"hercules://127.0.0.1:{server.port}/{host.table}")
    click_widget(app, online.btn_join)
    lobby = app.top
    _until(app, lambda: lobby.update_msg is not None)
    host.send({"t": "start"})
    _until(app, lambda: getattr(app.top, "online", False))
    table: Any = app.top
    theirs = _live(host, app)
    rng = random.Random(seed)
    end = time.monotonic() + 60.0
    while len(table.ctl.history) < rounds * 8 and not table.ctl.is_over:
        if time.monotonic() > end:
            break
        theirs.pump()
        if theirs.human_to_act():
            theirs.submit(rng.choice(theirs.legal()), theirs.seat)
        mine = table.ctl
        if mine.human_to_act() and app.top is table and not table.anim.busy:
            legal = mine.legal()
            table.send(rng.choice(legal))
        frames(app, 1)
    _until(app, lambda: table.ctl.human_to_act() or table.ctl.is_over)
    table.anim.skip()
    if scene == "reconnect":
        server.stop()
        _until(app, lambda: table.ctl.session.status == "reconnecting")
    frames(app, 2)


def app_data_db() -> Any:
    """The tool's (throwaway) data folder's table file."""
    from hercules.app import paths

    return paths.data_dir() / "tool-tables.db"


__all__ = ["SCENES", "stage"]

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

from support.mouse import click_widget, frames, mouse_turn

from hercules.app import paths
from hercules.net.remote import EmbeddedServer, RemoteController, Session, started
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
    found: list[RemoteController | None] = [None]

    def live() -> bool:
        found[0] = started(session, seen)
        return found[0] is not None

    _until(app, live)
    assert found[0] is not None
    return found[0]


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
    mine = table.ctl

    def my_turn_on_the_table() -> bool:
        return app.top is table and mine.human_to_act() and mine.state.prompt == "action"

    while not mine.is_over:
        if time.monotonic() > end:
            break
        if len(mine.history) >= rounds * 8 and my_turn_on_the_table():
            break
        theirs.pump()
        if theirs.human_to_act():
            theirs.submit(rng.choice(theirs.legal()), theirs.seat)
        if mine.human_to_act() and not table.anim.busy:
            mouse_turn(app, table, rng)  # the clicks a player makes (dialogs too)
        frames(app, 1)
    host.send({"t": "chat", "text": "Good luck, Dion! Watch out for Cerberus."})
    _until(app, lambda: any(c.get("seat") == 0 for c in table.ctl.chat))
    table.anim.skip()
    if scene == "reconnect":
        server.stop()
        _until(app, lambda: table.ctl.session.status == "reconnecting")
    frames(app, 2)


def app_data_db() -> Any:
    """The tool's (throwaway) data folder's table file."""
    return paths.data_dir() / "tool-tables.db"


__all__ = ["SCENES", "stage"]

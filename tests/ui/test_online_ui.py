"""Play online in the box (issue 24, point 4), headless: the title's *Play online*, hosting a
table by the mouse (the server in the app), its lobby, a friend joining from another
"machine" (a session and remote controller of the test's own, on real sockets), the host's
*Start*, and the game played on the MEBO table by mouse clicks to its game over."""

from __future__ import annotations

import random
import socket
import time

import pygame
from support.mouse import click_widget, frames, mouse_turn

from hercules.app import paths, saves
from hercules.app.registry import rules_for
from hercules.net.remote import RemoteController, Session, started
from hercules.ui.scenes.online import LobbyScene, OnlineScene
from hercules.ui.scenes.title import TitleScene


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def title_button(app, key: str):
    title = app.top
    assert isinstance(title, TitleScene)
    return next(b for b, k in title.buttons.items() if k == key)


def open_online(app) -> OnlineScene:
    app.nav.title()
    frames(app, 2)
    click_widget(app, title_button(app, "online"))
    assert isinstance(app.top, OnlineScene)
    return app.top


def friend_live(app, friend: Session) -> RemoteController:
    """The friend's controller once its table has started (the app's frames run meanwhile)."""
    seen: list[dict] = []
    found: list[RemoteController] = []
    until(app, lambda: found.append(started(friend, seen)) or found[-1] is not None)
    return found[-1]


def until(app, what, most: float = 20.0) -> None:
    end = time.monotonic() + most
    while not what():
        top = app.top
        assert time.monotonic() < end, (
            f"waited too long: {type(top).__name__} {getattr(top, 'message', '')!r} "
            f"{getattr(getattr(top, 'session', None), 'status', '')}"
        )
        frames(app, 1)
        time.sleep(0.005)


def test_a_host_and_a_friend_play_an_online_game_to_its_end_by_the_mouse(app):
    online = open_online(app)
    online.port_entry.set_text(str(free_port()))
    online.name_entry.set_text("Ann")
    click_widget(app, online.btn_host)
    lobby = app.top
    assert isinstance(lobby, LobbyScene), online.error
    until(app, lambda: lobby.update_msg is not None)
    assert lobby.invite.startswith("hercules://127.0.0.1:") and lobby.is_host
    assert lobby.btn_start.visible
    # The friend joins by the invite, from "another machine".
    friend = Session(lobby.server.url, "Bea")
    friend.claim(lobby.session.table)
    until(app, lambda: lobby.update_msg["seats"][1]["online"])
    assert lobby.update_msg["seats"][1]["name"] == "Bea"
    click_widget(app, lobby.btn_start)
    until(app, lambda: getattr(app.top, "online", False))
    table = app.top
    theirs = friend_live(app, friend)
    line, warning = table.connection_line()
    assert lobby.session.table in line and not warning
    assert table.autosave is False  # the server keeps the game
    # Table chat: typed in the chat line and sent with Enter; the friend's comes back.
    click_widget(app, table.chat_entry)
    table.chat_entry.set_text("  good   luck <b>all</b> ")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frames(app, 3)
    until(app, lambda: any(c.get("seat") == 0 for c in table.ctl.chat))
    assert table.ctl.chat[-1]["text"] == "good luck <b>all</b>"  # plain text, never markup
    assert friend.send({"t": "chat", "text": "thanks!"})
    until(app, lambda: any(c.get("seat") == 1 for c in table.ctl.chat))
    assert table.chat_entry.get_text() == ""
    rng, friend_rng = random.Random(5), random.Random(6)
    pending_seen = False
    end = time.monotonic() + 240.0
    from hercules.games.mebo.ui.gameover import GameOverScene

    while not isinstance(app.top, GameOverScene):
        assert time.monotonic() < end, "the online game did not end"
        theirs.pump()
        if theirs.human_to_act():
            assert theirs.submit(friend_rng.choice(theirs.legal()), theirs.seat) is None
        if table.ctl.human_to_act() and not table.anim.busy:
            mouse_turn(app, table, rng)
            if table.ctl.pending:
                pending_seen = True
                assert "waiting" in table.connection_line()[0]
        frames(app, 1)
    theirs_end = time.monotonic() + 20
    while theirs.delivered < table.ctl.delivered:
        assert time.monotonic() < theirs_end
        theirs.pump()
    assert pending_seen  # the player's own move showed it was on its way
    assert table.ctl.is_over and theirs.is_over
    assert table.ctl.actions == theirs.actions
    assert {r.seat for r in table.ctl.history if r.seat >= 0} == {0, 1}
    assert table.log_entries  # the log was written from the server's news
    assert table.ctl.undo_refusal() == "game_over"
    server = app.nav.hosting
    assert server is not None and server.server.errors == []
    # The host's load screen has the finished game, to watch again.
    exported = sorted(paths.saves_dir().glob(f"online-{lobby.session.table}*.json"))
    assert exported, "no save of the online game"
    loaded = saves.load_save(exported[0], rules_for)
    assert [a for a in loaded.actions] == table.ctl.actions
    # New game at the game over: a rematch at the same seats, a new seed, a new table.
    old_table = lobby.session.table
    assert not app.top.btn_replay.is_enabled  # watched again from the host's save instead
    click_widget(app, app.top.btn_new)
    assert isinstance(app.top, LobbyScene) and app.top.rematch_of is not None
    until(app, lambda: getattr(app.top, "online", False))
    rematch = app.top
    assert rematch.ctl.session.table not in ("", old_table)
    assert rematch.ctl.seat == 0 and [s.kind for s in rematch.ctl.seats] == ["human", "remote"]
    until(app, lambda: theirs.pump() or theirs.rematch_table)
    assert theirs.rematch_table == rematch.ctl.session.table  # the friend was told its code
    friend.close()
    app.nav.title()  # leaving stops the hosted server
    assert app.nav.hosting is None


def test_wrong_choices_are_said_and_nothing_starts(app):
    online = open_online(app)
    online.port_entry.set_text("80")
    click_widget(app, online.btn_host)
    assert app.top is online and "1024" in online.error
    online.invite_entry.set_text("not an invite")
    click_widget(app, online.btn_join)
    assert app.top is online and "hercules://" in online.error
    online.invite_entry.set_text(f"hercules://127.0.0.1:{free_port()}/0123456789")
    click_widget(app, online.btn_join)
    assert app.top is online and "cannot reach" in online.error
    assert app.nav.hosting is None


def test_the_host_form_follows_the_game_chosen(app):
    online = open_online(app)
    names = {v: k for k, v in online.game_names.items()}
    online.chosen(online.game_menu, names["later_years"])
    online.chosen(online.count_menu, next(k for k, n in online.count_names.items() if n == 5))
    assert online.game == "later_years" and online.players == 5
    assert len(online.seat_menus) == 4 and online.seats()[0] == "human"
    frames(app, 2)


def test_an_invite_on_the_command_line_is_checked_and_fills_the_join_form(app):
    import pytest

    from hercules import cli

    with pytest.raises(SystemExit) as stopped:
        cli.main(["not-an-invite"])
    assert stopped.value.code == 2
    app.nav.title()
    app.nav.online("hercules://10.0.0.7:8765/abcdef0123")
    frames(app, 2)
    assert app.top.invite_entry.get_text() == "hercules://10.0.0.7:8765/abcdef0123"


def test_the_later_years_is_played_online_on_its_own_table(app):
    """Another game of the registry, unchanged: its table through the remote controller,
    each machine drawing its own seat's view (the others' hands hidden)."""
    online = open_online(app)
    names = {v: k for k, v in online.game_names.items()}
    online.chosen(online.game_menu, names["later_years"])
    online.port_entry.set_text(str(free_port()))
    click_widget(app, online.btn_host)
    lobby = app.top
    assert isinstance(lobby, LobbyScene), online.error
    until(app, lambda: lobby.update_msg is not None)
    friend = Session(lobby.server.url, "Bea")
    friend.claim(lobby.session.table)
    until(app, lambda: lobby.update_msg["seats"][1]["online"])
    click_widget(app, lobby.btn_start)
    until(app, lambda: getattr(app.top, "online", False))
    table = app.top
    theirs = friend_live(app, friend)
    rng = random.Random(2)
    end = time.monotonic() + 240.0
    while not table.ctl.is_over or app.top is table and not table.over_shown:
        assert time.monotonic() < end, "the online game did not end"
        theirs.pump()
        if theirs.human_to_act():
            theirs.submit(rng.choice(theirs.legal()), theirs.seat)
        if table.ctl.human_to_act() and app.top is table and not table.anim.busy:
            assert table.send(rng.choice(table.ctl.legal()))
        frames(app, 1)
    hidden = table.view()
    assert "?" in {c for c in hidden.hands[1]} or not hidden.hands[1]
    assert table.ctl.state == hidden  # what is drawn is the server's view for this seat
    friend.close()


def test_a_friend_who_left_comes_back_to_the_same_seat_and_a_spectator_watches(app, tmp_path):
    """The seat's token is kept: joining the same invite again opens the same seat, and a
    third machine may watch (the spectator's view, no move)."""
    from hercules.net.remote import EmbeddedServer

    server = EmbeddedServer(tmp_path / "t.db", "127.0.0.1", 0)
    server.start()
    try:
        host = Session(server.url, "Cleo")
        host.create("hercules", "standard", ["human", "open"])
        invite = f"hercules://127.0.0.1:{server.port}/{host.table}"
        for _ in range(2):  # join, leave to the title, join again
            online = open_online(app)
            online.name_entry.set_text("Dion")
            online.invite_entry.set_text(invite)
            click_widget(app, online.btn_join)
            lobby = app.top
            assert isinstance(lobby, LobbyScene), online.error
            until(app, lambda lobby=lobby: lobby.update_msg is not None)
            assert lobby.session.seat == 1
            assert [s["kind"] for s in lobby.update_msg["seats"]] == ["human", "human"]
            click_widget(app, lobby.btn_leave)
            assert isinstance(app.top, TitleScene)
        online = open_online(app)
        online.invite_entry.set_text(invite)
        click_widget(app, online.btn_watch)
        lobby = app.top
        assert isinstance(lobby, LobbyScene), online.error
        until(app, lambda: lobby.update_msg is not None)
        assert lobby.session.seat is None and lobby.update_msg["seat"] == -1
        host.send({"t": "start"})
        until(app, lambda: getattr(app.top, "online", False))
        table = app.top
        assert table.viewer == -1 and not table.ctl.human_to_act()
        assert table.ctl.submit(table.ctl.legal()[0] if table.ctl.legal() else None, 0)
        host.close()
    finally:
        server.stop()

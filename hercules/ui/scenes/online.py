"""Play online: host a table or join one (:class:`OnlineScene`), then its lobby
(:class:`LobbyScene`) until the host starts it; the table itself is the game's own, played
through a :class:`~hercules.net.remote.RemoteController`.

The shell knows no game here either: what a host may choose (the games, their rules, seat
counts and bot levels) comes from the registry.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from hercules.app import health, paths, seats_kept
from hercules.app.registry import GameSpec, games, get_game
from hercules.app.text import clean_text
from hercules.net.remote import (
    DEFAULT_PORT,
    EmbeddedServer,
    Invite,
    RemoteController,
    Session,
    SessionError,
    parse_invite,
    started,
)

from .. import draw as D
from ..scene import Scene, Shell
from ..strings import has, language, t
from ..theme import FONTS, colour

#: The longest name a player can give.
NAME_CHARS = 24
#: Where a host listens: this computer only, or every address of the machine.
ADDRESSES = ("127.0.0.1", "0.0.0.0")
#: The turn clocks a host may set, in minutes (besides none).
CLOCKS = (1, 2, 5, 10)
#: Seconds a player may be away before the host's rule applies.
GRACE = 60.0
#: Seconds before a rematch not yet answered is asked for again.
REMATCH_RETRY = 1.5


def online_games() -> list[GameSpec[Any, Any, Any]]:
    """The games of the box with more than one seat (the ones played between machines)."""
    return [spec for spec in games() if spec.players[1] > 1]


def variant_words(variant: str) -> str:
    """A variant's name as the setup screens word it (its id when no game gave words)."""
    return t(f"mode.{variant}") if has(f"mode.{variant}") else variant.replace("_", " ")


def level_words(level: str) -> str:
    """A bot level's name (its id when no game gave words)."""
    return t(f"level.{level}") if has(f"level.{level}") else level


def this_machine() -> str:
    """The address friends on the network reach this machine at (no packet is sent: a
    datagram socket only asks the system which address its route would use)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def saves_folder() -> Path | None:
    """Where a hosted table's finished game is written: the saves folder (None while
    saving is off)."""
    if health.problem(health.SAVES) is not None:
        return None
    try:
        return paths.saves_dir()
    except OSError:
        return None


class OnlineScene(Scene):
    """Host a table (its game, rules, seats, who may join, the port) or join one by its
    invite; the player's name for both."""

    def __init__(self, app: Shell, invite: str = "") -> None:
        super().__init__(app)
        specs = online_games()
        self.game = specs[0].id if specs else ""
        self.variant = specs[0].variants[0] if specs else ""
        self.players = specs[0].players[0] if specs else 2
        self.kinds: list[str] = ["open"] * 8
        self.address = ADDRESSES[0]
        self.away = ""  #: "bot:<level>" or "abandon" (the first bot level until chosen)
        self.clock = 0.0  #: minutes a player has for each turn (0: no clock)
        self.invite = invite
        self.error = ""
        self.name = ""

    # --- widgets ------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        self.box = pygame.Rect(0, 0, min(w - 20, 1040), min(h - 20, 720))
        self.box.center = (w // 2, h // 2)
        spec = get_game(self.game) if self.game else None
        left = self.box.x + 40
        col = 190  # the labels' column
        mw = 300
        y = self.box.y + 120
        self.rows: list[tuple[str, int]] = []  # (label, y) drawn beside the widgets

        def menu(label: str, options: list[str], chosen: str) -> Any:
            nonlocal y
            m = self.add(
                pygame_gui.elements.UIDropDownMenu(
                    list[str | tuple[str, str]](options),
                    chosen,
                    pygame.Rect(left + col, y, mw, 36),
                    ui,
                )
            )
            self.rows.append((label, y))
            y += 42
            return m

        specs = online_games()
        self.game_names = {s.name(language()): s.id for s in specs}
        self.game_menu = menu(
            t("online.game"), list(self.game_names), spec.name(language()) if spec else ""
        )
        variants = list(spec.variants) if spec else []
        self.variant_names = {variant_words(v): v for v in variants}
        self.variant_menu = menu(
            t("online.variant"), list(self.variant_names), variant_words(self.variant)
        )
        lo, hi = spec.players if spec else (2, 2)
        lo = max(lo, 2)
        self.players = min(max(self.players, lo), hi)
        self.count_names = {t("online.players_n", n=n): n for n in range(lo, hi + 1)}
        self.count_menu = menu(
            t("online.players"), list(self.count_names), t("online.players_n", n=self.players)
        )
        levels = list(spec.bot_levels) if spec else []
        self.kind_names = {t("online.seat.open"): "open"}
        self.kind_names.update({t("online.seat.bot", level=level_words(b)): b for b in levels})
        words = {k: n for n, k in self.kind_names.items()}
        self.seat_menus = []
        for i in range(1, self.players):
            kind = self.kinds[i] if self.kinds[i] in words else "open"
            self.kinds[i] = kind
            self.seat_menus.append(
                menu(t("online.seat", n=i + 1), list(self.kind_names), words[kind])
            )
        self.away_names = {t("online.away.bot", level=level_words(b)): f"bot:{b}" for b in levels}
        self.away_names[t("online.away.abandon")] = "abandon"
        if self.away not in self.away_names.values():
            self.away = f"bot:{levels[0]}" if levels else "abandon"
        words = {a: n for n, a in self.away_names.items()}
        self.away_menu = menu(t("online.away"), list(self.away_names), words[self.away])
        self.clock_names = {t("online.clock.off"): 0.0}
        self.clock_names.update({t("online.clock.minutes", n=m): float(m) for m in CLOCKS})
        said = {c: n for n, c in self.clock_names.items()}
        self.clock_menu = menu(t("online.clock"), list(self.clock_names), said[self.clock])
        self.address_names = {
            t("online.address.local"): ADDRESSES[0],
            t("online.address.network"): ADDRESSES[1],
        }
        words = {a: n for n, a in self.address_names.items()}
        self.address_menu = menu(t("online.address"), list(self.address_names), words[self.address])
        old: Any = getattr(self, "port_entry", None)
        port = old.get_text() if old is not None else str(DEFAULT_PORT)
        self.port_entry = self.add(
            pygame_gui.elements.UITextEntryLine(pygame.Rect(left + col, y, 120, 36), ui)
        )
        self.port_entry.set_allowed_characters("numbers")
        self.port_entry.set_text_length_limit(5)
        self.port_entry.set_text(port)
        self.rows.append((t("online.port"), y))
        self.btn_host = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(left + col + 140, y, mw - 140, 36), t("online.start_host"), ui
            )
        )
        # The right half: join by invite.
        rx = self.box.centerx + 40
        rw = self.box.right - 40 - rx
        old = getattr(self, "invite_entry", None)
        if old is not None:
            self.invite = old.get_text()
        self.invite_entry = self.add(
            pygame_gui.elements.UITextEntryLine(
                pygame.Rect(rx, self.box.y + 150, rw, 40),
                ui,
                placeholder_text=str(Invite("192.168.1.20", DEFAULT_PORT, "0123456789")),
            )
        )
        self.invite_entry.set_text_length_limit(120)
        if self.invite:
            self.invite_entry.set_text(self.invite)
        self.btn_join = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(rx, self.box.y + 200, 160, 40), t("online.start_join"), ui
            )
        )
        self.btn_watch = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(rx + 176, self.box.y + 200, 160, 40),
                t("online.watch"),
                ui,
                tool_tip_text=t("online.watch_tip"),
            )
        )
        old = getattr(self, "name_entry", None)
        if old is not None:
            self.name = old.get_text()
        self.name_entry = self.add(
            pygame_gui.elements.UITextEntryLine(
                pygame.Rect(left + col, self.box.bottom - 66, mw, 40),
                ui,
                placeholder_text=t("online.name_default"),
            )
        )
        self.name_entry.set_text_length_limit(NAME_CHARS)
        if self.name:
            self.name_entry.set_text(self.name)
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.right - 200, self.box.bottom - 70, 160, 46),
                t("setup.back"),
                ui,
            )
        )

    # --- input --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.chosen(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.btn_host:
                self.host()
            elif event.ui_element is self.btn_join:
                self.join()
            elif event.ui_element is self.btn_watch:
                self.join(watch=True)
            elif event.ui_element is self.btn_back:
                self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def chosen(self, menu: Any, text: str) -> None:
        """A drop-down changed: the game, its rules, the seat count or a seat."""
        if menu is self.game_menu and text in self.game_names:
            self.game = self.game_names[text]
            self.variant = get_game(self.game).variants[0]
        elif menu is self.variant_menu and text in self.variant_names:
            self.variant = self.variant_names[text]
        elif menu is self.count_menu and text in self.count_names:
            self.players = self.count_names[text]
        elif menu in self.seat_menus and text in self.kind_names:
            self.kinds[self.seat_menus.index(menu) + 1] = self.kind_names[text]
            return
        elif menu is self.address_menu and text in self.address_names:
            self.address = self.address_names[text]
            return
        elif menu is self.away_menu and text in self.away_names:
            self.away = self.away_names[text]
            return
        elif menu is self.clock_menu and text in self.clock_names:
            self.clock = self.clock_names[text]
            return
        else:
            return
        self.resize(self.app.size)  # the seat rows follow the game and the count

    def player_name(self) -> str:
        """The name typed, cleaned (the default when none)."""
        typed = clean_text(self.name_entry.get_text().strip(), NAME_CHARS)
        return typed or t("online.name_default")

    def options(self) -> dict[str, Any]:
        """The table's rules for a player away (past :data:`GRACE` s) and its turn clock."""
        return {"away": self.away, "grace": GRACE, "clock": self.clock}

    def seats(self) -> list[str]:
        """The seats asked for: the host's, then each chosen one."""
        return ["human", *self.kinds[1 : self.players]]

    def host(self) -> None:
        """Start the table server in the app, open the table in its lobby, show the lobby."""
        text = self.port_entry.get_text().strip()
        port = int(text) if text.isdigit() else 0
        if not 1024 <= port <= 65535:
            self.error = t("online.bad_port")
            return
        server = EmbeddedServer(
            paths.data_dir() / "tables.db", self.address, port, exports=saves_folder()
        )
        try:
            server.start()
        except OSError as exc:
            self.error = t("online.cannot_host", why=str(exc)[:160])
            return
        session = Session(server.url, self.player_name())
        try:
            session.create(self.game, self.variant, self.seats(), self.options())
        except SessionError as exc:
            server.stop()
            self.error = t("online.cannot_host", why=str(exc)[:160])
            return
        seats_kept.keep(server.url, session.table, session.token)
        self.app.nav.lobby(session, server)

    def join(self, watch: bool = False) -> None:
        """Join the table of the invite typed (back at one's own seat when this player held
        one there), or watch it; then its lobby (or its table, if started)."""
        try:
            invite = parse_invite(self.invite_entry.get_text())
        except ValueError as exc:
            self.error = t("online.cannot_join", why=str(exc))
            return
        session = Session(invite.url, self.player_name())
        token = "" if watch else seats_kept.token_for(invite.url, invite.table)
        try:
            if watch:
                session.watch(invite.table)
            elif token:
                try:
                    session.rejoin(invite.table, token)
                except SessionError:  # that seat is no more (a new server): a free one
                    session = Session(invite.url, self.player_name())
                    session.claim(invite.table)
            else:
                session.claim(invite.table)
        except SessionError as exc:
            self.error = t("online.cannot_join", why=str(exc)[:160])
            return
        if session.token:
            seats_kept.keep(invite.url, invite.table, session.token)
        self.app.nav.lobby(session, None)

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        D.page(surface, self.box, t("online.title"), seed=9)
        left = self.box.x + 40
        FONTS.blit(
            surface,
            t("online.host"),
            24,
            colour("highlight"),
            (left, self.box.y + 76),
            "topleft",
            "bold",
        )
        for label, y in self.rows:
            FONTS.blit(surface, label, 18, colour("text_light"), (left, y + 10))
        rx = self.box.centerx + 40
        rw = self.box.right - 40 - rx
        pygame.draw.line(
            surface,
            colour("gold"),
            (self.box.centerx + 10, self.box.y + 80),
            (self.box.centerx + 10, self.box.bottom - 100),
            2,
        )
        FONTS.blit(
            surface,
            t("online.join"),
            24,
            colour("highlight"),
            (rx, self.box.y + 76),
            "topleft",
            "bold",
        )
        FONTS.blit(surface, t("online.invite"), 16, colour("text_light"), (rx, self.box.y + 124))
        y = self.box.y + 256
        for line in FONTS.wrap(t("online.join_help"), 16, rw)[:4]:
            FONTS.blit(surface, line, 16, colour("text_light"), (rx, y))
            y += 22
        y += 10
        for line in FONTS.wrap(t("online.host_help"), 16, rw)[:3]:
            FONTS.blit(surface, line, 16, colour("text_light"), (rx, y))
            y += 22
        FONTS.blit(
            surface, t("online.name"), 18, colour("text_light"), (left, self.box.bottom - 56)
        )
        if self.error:
            y = self.box.bottom - 150
            for line in FONTS.wrap(self.error, 17, rw)[:2]:
                FONTS.blit(surface, line, 17, colour("highlight"), (rx, y))
                y += 22


class LobbyScene(Scene):
    """A table's lobby: its invite, its game, who sits where and who is connected, Start
    for the host. The game's table opens as soon as the server says the table is live."""

    def __init__(
        self,
        app: Shell,
        session: Session | None,
        server: EmbeddedServer | None,
        rematch_of: RemoteController | None = None,
    ) -> None:
        super().__init__(app)
        self.session = session
        self.server = server
        self.rematch_of = rematch_of
        self.update_msg: dict[str, Any] | None = None
        self.seen: list[dict[str, Any]] = []
        self.message = ""
        self.opened = False
        self.asked_at = -1.0  # when the rematch was last asked for (asked again if unheard)
        self._invite = ("", "")  # (the table, its invite)

    @property
    def invite(self) -> str:
        """The invite to send friends (the machine's network address when it listens on
        every address): worked out once per table, not at every frame that draws it."""
        if self.session is None or self.server is None:
            return ""
        known, text = self._invite
        if known != self.session.table:
            host = self.server.host
            if host in ("0.0.0.0", ""):
                host = this_machine()
            text = str(Invite(host, self.server.port, self.session.table))
            self._invite = (self.session.table, text)
        return text

    def build(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        self.box = pygame.Rect(0, 0, min(w - 20, 900), min(h - 20, 620))
        self.box.center = (w // 2, h // 2)
        self.invite_entry = None
        self.btn_copy = None
        if self.invite:
            self.invite_entry = self.add(
                pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(self.box.x + 40, self.box.y + 110, self.box.w - 220, 42), ui
                )
            )
            self.invite_entry.set_text(self.invite)
            self.btn_copy = self.add(
                pygame_gui.elements.UIButton(
                    pygame.Rect(self.box.right - 170, self.box.y + 110, 130, 42),
                    t("lobby.copy"),
                    ui,
                )
            )
        self.btn_start = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.right - 280, self.box.bottom - 74, 240, 50),
                t("lobby.start"),
                ui,
                tool_tip_text=t("lobby.start_tip"),
            )
        )
        self.btn_rules = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.centerx - 80, self.box.bottom - 74, 160, 50),
                t("lobby.rules"),
                ui,
            )
        )
        self.btn_leave = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.x + 40, self.box.bottom - 74, 160, 50), t("lobby.leave"), ui
            )
        )
        self.refresh()

    @property
    def is_host(self) -> bool:
        """True for the player who opened the table."""
        u = self.update_msg
        return bool(u and self.session and u.get("host") == self.session.seat)

    def refresh(self) -> None:
        """Start only for the host, while the table waits in its lobby."""
        if self.is_host and self.update_msg and self.update_msg["status"] == "lobby":
            self.btn_start.show()
        else:
            self.btn_start.hide()
        if self.update_msg is None:
            self.btn_rules.disable()
        else:
            self.btn_rules.enable()

    # --- the server's news ---------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.app.top is not self or self.opened:
            return
        if self.session is None:
            self.wait_for_rematch()
            return
        was = self.update_msg
        start = len(self.seen)
        ctl = started(self.session, self.seen, start)  # all the news: the table takes the rest
        if ctl is not None:
            self.opened = True
            self.app.nav.play_online(ctl)
            return
        for msg in self.seen[start:]:
            if msg.get("t") == "update" and msg.get("table") == self.session.table:
                self.update_msg = msg
        del self.seen[:-200]
        if self.update_msg is not was:
            self.refresh()
        if self.session.status == "closed" and not self.message:
            self.message = t("net.lobby_gone")

    def wait_for_rematch(self) -> None:
        """The rematch asked for: when its code comes, the same token opens the seat there."""
        old = self.rematch_of
        assert old is not None
        old.pump()
        if old.refusal:  # e.g. too many messages too fast: said, and asked again below
            self.message = t("net.refused", why=old.refusal[:120])
            old.refusal = ""
        if not old.rematch_table:
            now = time.monotonic()
            if now - self.asked_at > REMATCH_RETRY:  # the server answers the same each time
                self.asked_at = now
                old.ask_rematch()
            return
        session = Session(old.session.url, old.session.name)
        try:
            session.rejoin(old.rematch_table, old.session.token)
        except SessionError as exc:
            self.message = t("online.cannot_join", why=str(exc)[:160])
            old.session.close()
            self.rematch_of = None
            self.session = Session(old.session.url)  # nothing to follow: Leave goes back
            self.session.status = "closed"
            return
        old.session.close()  # the old table's link, kept for the asking
        self.session = session

    # --- input --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.btn_start and self.session is not None:
                self.session.send({"t": "start"})
            elif event.ui_element is self.btn_leave:
                self.leave()
            elif event.ui_element is self.btn_rules and self.update_msg:
                self.app.nav.rules(str(self.update_msg["game"]))
            elif event.ui_element is self.btn_copy:
                self.copy()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()

    def copy(self) -> None:
        """The invite to the clipboard (where the system has one)."""
        try:
            pygame.scrap.init()
            pygame.scrap.put_text(self.invite)
            self.message = t("lobby.copied")
        except (pygame.error, AttributeError, NotImplementedError):
            self.message = t("lobby.no_copy")

    def leave(self) -> None:
        """Back to the title: the link ends (and the host's server stops)."""
        if self.session is not None:
            self.session.close()
        if self.rematch_of is not None:
            self.rematch_of.session.close()
        self.app.nav.title()

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        D.page(surface, self.box, t("lobby.title"), seed=11)
        x = self.box.x + 40
        u = self.update_msg
        if self.invite:
            FONTS.blit(surface, t("lobby.invite"), 18, colour("text_light"), (x, self.box.y + 80))
            assert self.server is not None
            who = t(
                "online.address.network"
                if self.server.host == "0.0.0.0"
                else "online.address.local"
            )
            line = t(
                "lobby.listening", address=self.server.host, port=self.server.port, who=who.lower()
            )
            FONTS.blit(surface, line, 15, colour("text_light"), (x, self.box.y + 160))
        y = self.box.y + 196
        if self.rematch_of is not None and self.session is None:
            FONTS.blit(surface, t("lobby.rematch"), 20, colour("highlight"), (x, y))
        if u is not None:
            spec = get_game(str(u["game"]))
            title = f"{spec.name(language())} · {variant_words(str(u.get('variant', '')))}"
            FONTS.blit(surface, title, 24, colour("highlight"), (x, y), "topleft", "bold")
            y += 44
            for i, seat in enumerate(u["seats"]):
                self.draw_seat(surface, i, seat, pygame.Rect(x, y, self.box.w - 80, 40))
                y += 46
            y += 6
            host = u["seats"][u.get("host", 0)].get("name", "")
            words = t("lobby.waiting_you") if self.is_host else t("lobby.waiting_host", name=host)
            FONTS.blit(surface, words, 18, colour("text_light"), (x, y))
            y += 28
        status = self.session.status if self.session is not None else "connecting"
        link = t("lobby.link", status=t(f"net.status.{status}"))
        FONTS.blit(surface, link, 16, colour("text_light"), (x, self.box.bottom - 110))
        if self.message:
            FONTS.blit(
                surface, self.message[:160], 17, colour("highlight"), (x, self.box.bottom - 134)
            )

    def draw_seat(
        self, surface: pygame.Surface, i: int, seat: dict[str, Any], r: pygame.Rect
    ) -> None:
        """One seat's row: its number, who sits there, whether they are connected."""
        D.panel(surface, r, colour("panel_light"), colour("gold_dark"), 8)
        FONTS.blit(
            surface, f"{i + 1}.", 18, colour("gold"), (r.x + 12, r.centery), "midleft", "bold"
        )
        kind = seat.get("kind")
        mine = self.session is not None and i == self.session.seat
        if kind == "open":
            who, dot = t("lobby.open"), None
        elif kind in ("bot", "automaton"):
            who, dot = t("lobby.bot", level=level_words(str(seat.get("level", "")))), None
        else:
            name = str(seat.get("name", "")) or t("online.name_default")
            who = t("lobby.you", name=name) if mine else name
            dot = bool(seat.get("online"))
        FONTS.blit(surface, who, 18, colour("text_light"), (r.x + 48, r.centery), "midleft")
        if dot is not None:
            c = colour("legal") if dot else colour("text_dim")
            pygame.draw.circle(surface, c, (r.right - 150, r.centery), 7)
            words = t("lobby.online") if dot else t("lobby.offline")
            FONTS.blit(
                surface, words, 16, colour("text_light"), (r.right - 136, r.centery), "midleft"
            )


__all__ = ["LobbyScene", "OnlineScene", "online_games"]

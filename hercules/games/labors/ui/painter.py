"""Draws the Labors table from the scene's read-only view of the run (never changes state).

Board: the trial's dice on their tracks (the spaces they may move to next marked, forks
glowing when one must be chosen); the tray of Hercules dice; the ability cards with their
blue and gold spaces; the sidebar with Courage, Divinity, the Mood, what to do and the log.
"""

from __future__ import annotations

from typing import Any

import pygame

from hercules.games.labors.engine.data import START
from hercules.games.labors.engine.state import ASIDE, FREE, ON_GOLD, ON_TRIAL, P_FORK, SPENT
from hercules.ui import draw as D
from hercules.ui.anim import ease_in_out, lerp, tumble
from hercules.ui.layers import StaticLayer
from hercules.ui.log import TABLE_LOGS
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour

from . import icons
from .cards import draw_cards
from .layout import Colour, tint
from .texts import labour_name, method_text, mood_effect, mood_name

#: The table scene, read only (``table.TableScene``; named loosely: the scene imports the
#: painter, and a module circle is two rooms that each need the other).
TableScene = Any


#: The table's unchanging layer: marble and the title's, trial's, tray's, sidebar's and
#: Mood's panels.
_BASE = StaticLayer("lab.base")


def draw_base(surface: pygame.Surface, sc: TableScene) -> None:
    """Blit the table's unchanging layer, drawing it first if the window or words changed.

    The panels lie apart (their shadows fall in the gaps; the Mood's below the tracks), so
    drawing them all before their contents gives the same pixels as drawing each in turn."""
    L = sc.layout
    rects = (L.title, L.board, L.tray, L.sidebar, L.mood)
    key = tuple(tuple(r) for r in rects)

    def draw(base: pygame.Surface) -> None:
        D.pave_marble(base, seed=31)
        D.panel(base, L.title, colour("panel"), colour("gold"), 10)
        D.panel(base, L.board, tint("card"), tint("card_edge"), 12)
        D.panel(base, L.tray, colour("panel"), colour("gold_dark"), 10)
        D.panel(base, L.sidebar, colour("panel"), colour("gold"), 12)
        D.panel(base, L.mood, colour("panel_light"), colour("gold_dark"), 8)

    _BASE.blit(surface, key, draw)


def draw_table(surface: pygame.Surface, sc: TableScene) -> None:
    """The whole table."""
    draw_base(surface, sc)
    draw_title(surface, sc)
    draw_board(surface, sc)
    draw_tray(surface, sc)
    draw_cards(surface, sc)
    draw_sidebar(surface, sc)
    draw_bubble(surface, sc)
    draw_tip(surface, sc)
    dragged = sc.dragging()
    if dragged is not None:
        rects = sc.die_rects()
        r = rects[dragged].copy()
        r.center = sc.mouse
        D.blit_die(
            surface,
            r,
            sc.view().roll[dragged].value,
            tint("hercules_die"),
            tint("hercules_pip"),
            glow=True,
        )


# --- title -----------------------------------------------------------------------------------


def draw_title(surface: pygame.Surface, sc: TableScene) -> None:
    """The labour's number and name, the difficulty, and a laurel per labour beaten."""
    s = sc.view()
    r = sc.layout.title
    size = FONTS.fit(
        t("lab.title", n=s.labour, name=labour_name(s.labour)), sc.px(24), r.w // 2, "bold", 14
    )
    FONTS.blit(
        surface,
        t("lab.title", n=s.labour, name=labour_name(s.labour)),
        size,
        colour("highlight"),
        (r.x + 16, r.centery),
        "midleft",
        "bold",
    )
    # Twelve medallions: gold for a labour beaten, ringed bright for this one, dim to come.
    rad = max(8, min(r.h // 2 - 6, 14))
    x = r.right - 12 - rad
    for n in range(12, 0, -1):
        beaten = n in s.beaten
        here = n == s.labour and not beaten
        fill = colour("gold") if beaten else colour("panel_light")
        pygame.draw.circle(surface, fill, (x, r.centery), rad)
        ring = colour("highlight") if here else colour("gold_dark")
        pygame.draw.circle(surface, ring, (x, r.centery), rad, 3 if here else 1)
        ink = colour("ink") if beaten else (colour("highlight") if here else colour("text_dim"))
        FONTS.blit(surface, str(n), max(9, rad), ink, (x, r.centery), "center", "bold")
        x -= 2 * rad + 4
    mode = t(f"mode.{s.config.difficulty}")
    FONTS.blit(
        surface, mode, sc.px(16), colour("text_light"), (x - 8, r.centery), "midright", "bold"
    )


# --- the trial -------------------------------------------------------------------------------


def draw_board(surface: pygame.Surface, sc: TableScene) -> None:
    """The trial card: each Trial die's track, its spaces and the die itself."""
    s = sc.view()
    board = sc.layout.board
    if not s.trial:
        FONTS.blit(
            surface,
            t("lab.prompt.restart", n=s.config.start),
            sc.px(20),
            colour("ink"),
            board.center,
            "center",
            "bold",
        )
        return
    lab = s.data.labour(s.labour)
    geo = sc.tracks
    ink = colour("ink")
    # Lines along the lightning bolts, then the spaces over them.
    drawn: set[tuple[str, str]] = set()
    for i, die in enumerate(lab.dice):
        for node, space in die.track.items():
            a = geo.spaces[(i, node)].center
            for nxt in space.next:
                key = (node if not geo.graph else f"{i}{node}" if node == START else node, nxt)
                if key in drawn:
                    continue
                drawn.add(key)
                b = geo.spaces[(i, nxt)].center
                _bolt(surface, a, b, tint("track_line"), max(2, geo.cell // 14))
    targets = sc.attack_targets()
    for i, die in enumerate(lab.dice):
        if not geo.graph or i == 0:
            _draw_label(
                surface,
                sc,
                i,
                method_text(die.attack) if not geo.graph else _graph_label(sc),
                i in targets,
            )
        elif geo.graph:
            pass
        for node, space in die.track.items():
            if geo.graph and node != START and i > 0:
                continue  # a shared graph's spaces are drawn once
            r = geo.spaces[(i, node)]
            fill = tint("track")
            if space.skull:
                fill = (60, 44, 40)
            pygame.draw.rect(
                surface, D.shade(fill, 0.7), r.move(2, 3), border_radius=max(4, r.w // 6)
            )
            pygame.draw.rect(surface, fill, r, border_radius=max(4, r.w // 6))
            edge = colour("gold") if node == START else tint("track_edge")
            pygame.draw.rect(
                surface, edge, r, 3 if node == START else 2, border_radius=max(4, r.w // 6)
            )
            if node == START:
                # The start: where the die stands before its first move (an arrow, not a
                # number, which would read as a second die).
                k = r.w // 5
                cx, cy = r.center
                pts = [(cx - k, cy - k), (cx + k, cy), (cx - k, cy + k)]
                pygame.draw.polygon(surface, colour("gold_dark"), pts)
            else:
                icons.effects(surface, space.effects, r.inflate(-r.w // 5, -r.h // 5), ink)
    # The spaces each live die may reach next: marked; at a fork to choose, glowing.
    fork = sc.fork_choices()
    for i, td in enumerate(s.trial):
        if td.health <= 0:
            continue
        for nxt in lab.dice[i].next_spaces(td.node):
            r = geo.spaces[(i, nxt)].inflate(6, 6)
            if (i, nxt) in fork:
                lit = tint("select") if sc.hover_space == (i, nxt) else colour("highlight")
                pygame.draw.rect(surface, lit, r, 4, border_radius=max(4, r.w // 5))
            else:
                _dashed_rect(surface, r, colour("gold_dark"))
    # The Trial dice on their spaces (mid-move while their advance animates).
    for i, td in enumerate(s.trial):
        r = sc.trial_die_rect(i)
        body = tint("trial_die") if td.health > 0 else (170, 160, 140)
        glow = i in targets
        pygame.draw.rect(surface, D.shade(body, 0.55), r.move(2, 3), border_radius=r.w // 5)
        pygame.draw.rect(surface, body, r, border_radius=r.w // 5)
        pygame.draw.rect(
            surface,
            D.shade(body, 1.15),
            r.inflate(-r.w // 4, -r.h // 4).move(-2, -2),
            border_radius=r.w // 6,
        )
        edge = tint("valid") if glow else D.shade(body, 0.6)
        pygame.draw.rect(surface, edge, r, 4 if glow else 2, border_radius=r.w // 5)
        shown = sc.shown_health(i)
        FONTS.blit(
            surface,
            str(shown),
            max(10, int(r.h * 0.56)),
            tint("trial_pip"),
            r.center,
            "center",
            "bold",
        )
        if td.health <= 0:
            D.laurel(surface, r.center, r.w // 2, colour("laurel_dark"))
        # The dice that struck it this roll, small, under it.
        struck = sc.struck_by(i)
        if struck:
            ds = max(12, r.w // 3)
            x = r.centerx - (len(struck) * (ds + 2)) // 2
            for face in struck[:8]:
                die = pygame.Rect(x, r.bottom + 4, ds, ds)
                D.blit_die(surface, die, face, tint("hercules_die"), tint("hercules_pip"))
                x += ds + 2


def _graph_label(sc: TableScene) -> str:
    lab = sc.view().data.labour(sc.view().labour)
    return method_text(lab.dice[0].attack)


def _draw_label(surface: pygame.Surface, sc: TableScene, i: int, text: str, valid: bool) -> None:
    """A Trial die's attack method: its symbols, then in words (green: the picked dice meet it)."""
    r = sc.tracks.labels[i]
    lab = sc.view().data.labour(sc.view().labour)
    attack = lab.dice[i].attack
    size = sc.px(15)
    c = D.shade(tint("valid"), 0.7) if valid else colour("ink")
    sym = max(16, min(30, r.h // 3)) if not sc.tracks.graph else max(16, min(30, r.h - 14))
    symbols = icons.method_symbols(attack.kind, attack.values)
    if sc.tracks.graph:
        x = icons.draw_method(surface, symbols, r.x + 4, r.y + sym // 2 + 2, sym, c)
        FONTS.blit(surface, text, size, c, (x + 10, r.y + sym // 2 + 2), "midleft", "bold")
        return
    lines = FONTS.wrap(text, size, r.w - 8)[:3]
    lh = FONTS.font(size).get_linesize()
    y = r.centery - (sym + 4 + lh * len(lines)) // 2
    icons.draw_method(surface, symbols, r.x + 4, y + sym // 2, sym, c)
    y += sym + 4
    for line in lines:
        FONTS.blit(surface, line, size, c, (r.x + 4, y), "topleft", "bold")
        y += lh


def _bolt(
    surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], c: Colour, w: int
) -> None:
    """A lightning bolt from ``a`` to ``b``: the way a Trial die moves (thick end first)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    nx, ny = -dy / length * 5, dx / length * 5
    pts = [a, (mx + nx, my + ny), (mx - nx, my - ny), b]
    pygame.draw.lines(surface, c, False, pts, w + 1)
    pygame.draw.circle(surface, c, b, max(2, w))


def _dashed_rect(surface: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    step = 8
    for x in range(r.x, r.right, step * 2):
        pygame.draw.line(surface, c, (x, r.y), (min(x + step, r.right), r.y), 2)
        pygame.draw.line(surface, c, (x, r.bottom - 1), (min(x + step, r.right), r.bottom - 1), 2)
    for y in range(r.y, r.bottom, step * 2):
        pygame.draw.line(surface, c, (r.x, y), (r.x, min(y + step, r.bottom)), 2)
        pygame.draw.line(surface, c, (r.right - 1, y), (r.right - 1, min(y + step, r.bottom)), 2)


# --- Hercules dice ---------------------------------------------------------------------------


def draw_tray(surface: pygame.Surface, sc: TableScene) -> None:
    """The roll: free dice to pick, picked ones raised, used ones dimmed where they went."""
    s = sc.view()
    tray = sc.layout.tray
    rects = sc.die_rects()
    if not rects:
        n = s.trial_dice()
        FONTS.blit(
            surface,
            t("lab.dice_count", n=n),
            sc.px(18),
            colour("text_light"),
            tray.center,
            "center",
            "bold",
        )
        return
    body, pip = tint("hercules_die"), tint("hercules_pip")
    dragged = sc.dragging()
    striking = sc.striking_dice()
    for i, (die, r) in enumerate(zip(s.roll, rects, strict=False)):
        face, angle, lift = sc.shown_die(i, die.value)
        if i == dragged:  # it follows the mouse (drawn last, over everything)
            pygame.draw.rect(surface, colour("gold_dark"), r, 2, border_radius=r.w // 6)
            continue
        picked = i in sc.picked
        if picked:
            lift -= 10
        if die.use in (ON_GOLD, ON_TRIAL, SPENT):
            img = D.die_face(face, r.w, D.mix(body, (90, 90, 90), 0.5), pip)
            img = img.copy()
            img.set_alpha(110)
            surface.blit(img, r)
            word = {ON_GOLD: "gold", ON_TRIAL: "trial", SPENT: "spent"}[die.use]
            pygame.draw.circle(
                surface,
                tint("gold_space")
                if word == "gold"
                else tint("heart")
                if word == "trial"
                else colour("text_dim"),
                (r.right - 6, r.y + 6),
                6,
            )
            continue
        if die.use == ASIDE:
            D.blit_die(surface, r, face, (120, 116, 110), (220, 216, 206), angle, lift)
            pygame.draw.line(surface, tint("heart"), r.topleft, r.bottomright, 3)
            continue
        D.blit_die(surface, r, face, body, pip, angle, lift, glow=picked)
        if i in striking and not angle:
            # This die can strike the trial (with others): a small green mark under it.
            pygame.draw.line(
                surface, tint("valid"), (r.x + 6, r.bottom + 5), (r.right - 6, r.bottom + 5), 3
            )
        if die.twin:
            FONTS.blit(
                surface,
                "×2",
                sc.px(12),
                colour("text_light"),
                (r.centerx, r.bottom + 8),
                "center",
                "bold",
            )
        elif die.blue:
            pygame.draw.circle(
                surface, tint("blue_space"), (r.right - 4, r.bottom - 4 + int(lift)), 5
            )
    if s.shields or s.no_shield:
        text = t("lab.no_shield") if s.no_shield else t("lab.shields", n=s.shields)
        FONTS.blit(
            surface,
            text,
            sc.px(14),
            colour("text_light"),
            (tray.right - 12, tray.y + 12),
            "topright",
            "bold",
        )


# --- sidebar ---------------------------------------------------------------------------------


def draw_sidebar(surface: pygame.Surface, sc: TableScene) -> None:
    """Courage and Divinity, the Mood, the prompt and the log."""
    L = sc.layout
    s = sc.view()
    _track(
        surface,
        sc,
        pygame.Rect(L.status.x, L.status.y, L.status.w, L.status.h // 2),
        t("lab.courage"),
        s.courage,
        s.data.courage_max,
        "heart",
        sc.shown_courage(),
    )
    _track(
        surface,
        sc,
        pygame.Rect(L.status.x, L.status.centery, L.status.w, L.status.h // 2),
        t("lab.divinity"),
        s.divinity,
        s.data.divinity_top,
        "flame",
        s.divinity,
    )
    m = L.mood
    FONTS.blit(
        surface,
        mood_name(s.mood),
        sc.px(17),
        colour("highlight"),
        (m.x + 10, m.y + 6),
        "topleft",
        "bold",
    )
    size = sc.px(14)
    y = m.y + 8 + FONTS.font(sc.px(17), "bold").get_linesize()
    for line in FONTS.wrap(mood_effect(s.mood), size, m.w - 20)[:3]:
        FONTS.blit(surface, line, size, colour("text_light"), (m.x + 10, y))
        y += FONTS.font(size).get_linesize()
    deck = t("lab.deck", n=len(s.mood_deck))
    FONTS.blit(
        surface, deck, sc.px(12), colour("text_dim"), (m.right - 8, m.bottom - 4), "bottomright"
    )
    p = L.prompt
    size = sc.px(15)
    y = p.y
    lh = FONTS.font(size).get_linesize()
    lines: list[str] = []
    for text in sc.prompt_lines():
        lines += FONTS.wrap(text, size, p.w)
    for k, line in enumerate(lines[: max(1, p.h // lh)]):
        c = colour("highlight") if k == 0 and sc.message_time > 0 else colour("text_light")
        FONTS.blit(surface, line, size, c, (p.x, y))
        y += lh
    view = sc.log_view
    if view.rect != L.log_box:
        view.place(L.log_box, L.body)
    view.draw(surface, t("lab.log.title"), TABLE_LOGS)


def _track(
    surface: pygame.Surface,
    sc: TableScene,
    r: pygame.Rect,
    label: str,
    value: int,
    top: int,
    icon: str,
    shown: float,
) -> None:
    """A track of ``top`` cells with its marker on ``value`` (Courage's heart, Divinity's flame)."""
    FONTS.blit(
        surface,
        f"{label}  {value}/{top}",
        sc.px(16),
        colour("text_light"),
        (r.x, r.y + 2),
        "topleft",
        "bold",
    )
    cells = pygame.Rect(r.x, r.y + r.h // 2 - 2, r.w, r.h // 2 - 2)
    w = cells.w / top
    for k in range(1, top + 1):
        cr = pygame.Rect(int(cells.x + (k - 1) * w) + 1, cells.y, max(2, int(w) - 2), cells.h)
        lit = k <= shown + 1e-6
        c = (tint("heart") if icon == "heart" else tint("flame")) if lit else colour("panel_light")
        pygame.draw.rect(surface, c, cr, border_radius=3)
    mark = pygame.Rect(0, 0, cells.h + 6, cells.h + 6)
    mark.center = (int(cells.x + max(0.0, shown - 0.5) * w), cells.centery)
    if icon == "heart":
        icons.heart(surface, mark, (250, 240, 230))
        icons.heart(surface, mark.inflate(-4, -4), tint("heart"))
    else:
        icons.flame(surface, mark, tint("flame"))


def draw_bubble(surface: pygame.Surface, sc: TableScene) -> None:
    """A refusal's reason, next to the die (or space) it was about."""
    if sc.message_time <= 0 or not sc.message or sc.message_at is None:
        return
    size = sc.px(15)
    lines = FONTS.wrap(sc.message, size, 320)
    lh = FONTS.font(size).get_linesize()
    box = pygame.Rect(
        0, 0, max(FONTS.measure(line, size)[0] for line in lines) + 20, lh * len(lines) + 12
    )
    box.midbottom = (sc.message_at[0], sc.message_at[1] - 8)
    box.clamp_ip(pygame.Rect((0, 0), sc.app.size))
    D.panel(surface, box, (60, 30, 26), tint("heart"), 8)
    y = box.y + 6
    for line in lines:
        FONTS.blit(surface, line, size, (252, 240, 230), (box.x + 10, y))
        y += lh


def draw_tip(surface: pygame.Surface, sc: TableScene) -> None:
    """The hovered space's or card's words."""
    tip = sc.tooltip()
    if not tip:
        return
    size = sc.px(15)
    lines: list[str] = []
    for text in tip:
        lines += FONTS.wrap(text, size, 360)
    lh = FONTS.font(size).get_linesize()
    w = max(FONTS.measure(line, size)[0] for line in lines) + 20
    box = pygame.Rect(sc.mouse[0] + 16, sc.mouse[1] + 18, w, lh * len(lines) + 12)
    if box.right > sc.app.size[0]:
        box.right = sc.mouse[0] - 12
    if box.bottom > sc.app.size[1]:
        box.bottom = sc.mouse[1] - 12
    D.panel(surface, box, colour("panel_light"), colour("gold"), 8)
    y = box.y + 6
    for line in lines:
        FONTS.blit(surface, line, size, colour("text_light"), (box.x + 10, y))
        y += lh


# --- animation helpers used by the scene -------------------------------------------------------


def move_point(a: pygame.Rect, b: pygame.Rect, p: float) -> pygame.Rect:
    """A Trial die between two spaces (``p`` 0..1)."""
    k = ease_in_out(p)
    r = a.copy()
    r.x = int(lerp(a.x, b.x, k))
    r.y = int(lerp(a.y, b.y, k) - 14 * (1 - abs(2 * k - 1)))
    return r


__all__ = ["draw_table", "move_point", "tumble", "FREE", "P_FORK"]

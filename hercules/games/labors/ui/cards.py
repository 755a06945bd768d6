"""The ability cards on the Labors table: the Bow, the Rewards and a Mood's space, each with
its blue and gold spaces drawn (what a gold space needs and gives; a blue ability's mark and
cost), lit where the picked dice fit, veiled where the Ghost of Pholus covers a Reward.
"""

from __future__ import annotations

from typing import Any

import pygame

from hercules.games.labors.engine.spaces import BlueSpace, GoldSpace
from hercules.ui import draw as D
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour

from . import icons
from .layout import CardSlot, Colour, tint
from .texts import card_name, reward_text

#: The table scene, read only (named loosely: the scene imports the painter).
TableScene = Any


def draw_cards(surface: pygame.Surface, sc: TableScene) -> None:
    """The Bow, the Rewards and a Mood's space, with their blue and gold spaces."""
    s = sc.state
    usable = sc.usable_spaces()
    for slot in sc.layout.cards:
        _draw_card(surface, sc, slot, usable)
        if slot.card == s.covered:
            D.dim(surface.subsurface(slot.rect), (40, 44, 70, 150))
            FONTS.blit(
                surface,
                t("lab.covered"),
                sc.px(18),
                (230, 230, 245),
                slot.rect.center,
                "center",
                "bold",
            )


def _draw_card(surface: pygame.Surface, sc: TableScene, slot: CardSlot, usable: set[str]) -> None:
    r = slot.rect
    D.panel(surface, r, tint("card"), tint("card_edge"), 8)
    name = card_name(slot.card)
    size = FONTS.fit(name, sc.px(15), r.w - 12, "bold", 9)
    FONTS.blit(surface, name, size, colour("ink"), (r.centerx, r.y + 8), "midtop", "bold")
    if not slot.blue and not slot.gold and slot.card in sc.state.data.rewards:
        # A Reward without spaces (Zeus' Disregard): what it does, in words.
        size = sc.px(13)
        y = r.y + 14 + FONTS.font(sc.px(15), "bold").get_linesize()
        for line in FONTS.wrap(reward_text(sc.state.data.rewards[slot.card]), size, r.w - 16)[:3]:
            FONTS.blit(surface, line, size, colour("ink"), (r.x + 8, y))
            y += FONTS.font(size).get_linesize()
    used = set(sc.state.used)
    for sp, sr in slot.blue:
        _space(surface, sc, sr, sp, sp.key in used, sp.key in usable)
    for gp, gr in slot.gold:
        _space(surface, sc, gr, gp, gp.key in used, gp.key in usable)


def _space(
    surface: pygame.Surface,
    sc: TableScene,
    r: pygame.Rect,
    space: BlueSpace | GoldSpace,
    used: bool,
    usable: bool,
) -> None:
    blue = isinstance(space, BlueSpace)
    fill = tint("blue_space") if blue else tint("gold_space")
    dark = tint("blue_space_dark") if blue else tint("gold_space_dark")
    pygame.draw.rect(surface, dark, r.move(2, 2), border_radius=r.w // 6)
    pygame.draw.rect(surface, fill, r, border_radius=r.w // 6)
    text_c = (250, 248, 240) if blue else (60, 40, 10)
    if isinstance(space, BlueSpace):
        label = t(f"lab.blue.{space.ability.kind}")
        size = FONTS.fit(label, max(9, r.h // 3), r.w - 6, "bold", 8)
        FONTS.blit(
            surface,
            label,
            size,
            text_c,
            (r.centerx, r.centery - (r.h // 8 if space.ability.cost else 0)),
            "center",
            "bold",
        )
        if space.ability.cost:
            icons.heart(
                surface,
                pygame.Rect(r.x + 3, r.bottom - r.h // 3 - 2, r.h // 3, r.h // 3),
                tint("heart"),
                True,
            )
            FONTS.blit(
                surface,
                f"−{space.ability.cost}",
                max(8, r.h // 4),
                text_c,
                (r.centerx + 4, r.bottom - r.h // 6 - 2),
                "center",
                "bold",
            )
    else:
        _gold_face(surface, sc, r, space, text_c)
    placed = sc.placed_on(space.key)
    if used:
        D.dim(surface.subsurface(r), (30, 30, 30, 120))
        if placed:
            die = pygame.Rect(0, 0, r.w * 2 // 3, r.w * 2 // 3)
            die.center = r.center
            D.blit_die(surface, die, placed[0], tint("hercules_die"), tint("hercules_pip"))
    edge = tint("valid") if usable and not used else dark
    pygame.draw.rect(surface, edge, r, 3 if usable and not used else 1, border_radius=r.w // 6)


def _gold_face(
    surface: pygame.Surface,
    sc: TableScene,
    r: pygame.Rect,
    space: GoldSpace,
    c: Colour,
) -> None:
    """A gold space: what it needs (top) and what it gives (bottom)."""
    need = space.ability.need
    top = pygame.Rect(r.x + 3, r.y + 3, r.w - 6, r.h // 2 - 3)
    if all(isinstance(n, int) for n in need):
        k = len(need)
        ds = min(top.h, (top.w - 3 * (k - 1)) // k)
        x = top.centerx - (k * ds + 3 * (k - 1)) // 2
        for n in need:
            D.blit_die(
                surface,
                pygame.Rect(x, top.y, ds, ds),
                int(n),
                tint("hercules_die"),
                tint("hercules_pip"),
            )
            x += ds + 3
    else:
        key = (
            "lab.gold.even_odd"
            if "even" in need
            else "lab.gold.same"
            if "same" in need
            else "lab.gold.any"
        )
        label = t(key)
        FONTS.blit(
            surface,
            label,
            FONTS.fit(label, max(9, r.h // 4), top.w, "bold", 7),
            c,
            top.center,
            "center",
            "bold",
        )
    bottom = pygame.Rect(r.x + 3, r.centery + 1, r.w - 6, r.h // 2 - 4)
    icon = pygame.Rect(bottom.x, bottom.y, bottom.h, bottom.h)
    amount = space.ability.amount
    gain = space.ability.gain
    if gain == "shield":
        icons.shield(surface, icon, tint("shield"))
    elif gain == "courage":
        icons.heart(surface, icon, tint("heart"))
    else:
        icons.flame(surface, icon, tint("flame"))
    FONTS.blit(
        surface,
        f"+{amount}" if gain != "shield" else f"×{amount}",
        max(9, bottom.h * 2 // 3),
        c,
        (icon.right + 2, bottom.centery),
        "midleft",
        "bold",
    )

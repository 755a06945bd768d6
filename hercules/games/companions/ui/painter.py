"""Draws the table of *The Labours of Hercules* from the scene's view (never changes anything).

Everything about the game comes from ``sc.view()``: the game as the seat on view may see it.
Another seat's character, tokens and ballot, and every face-down card the viewer has not
seen, are placeholders there, so they can only ever be drawn as backs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from hercules.ui import draw as D
from hercules.ui.anim import ease_in_out, lerp
from hercules.ui.layers import Part, Regions, StaticLayer
from hercules.ui.log import TABLE_LOGS
from hercules.ui.strings import language, t, tn
from hercules.ui.table import EVERYTHING
from hercules.ui.theme import FONTS, colour

from ..engine import rules as E
from ..engine.data import load_data
from .cards import ballot, character_card, chip, club, eye, task_card
from .words import (
    ROW_LETTERS,
    ability_text,
    card_name,
    card_tip,
    char_name,
    seat_name,
    seat_style,
    space_name,
    tint,
    token_words,
)

#: The table scene, read only (``table.TableScene``; named loosely to keep one room apart).
TableScene = Any
Space = tuple[int, int]


#: The table's unchanging layer: marble, the felt and its border, the front's and the
#: sidebar's panels.
_BASE = StaticLayer("co.base")


def draw_base(surface: pygame.Surface, sc: TableScene, holes: Sequence[pygame.Rect] = ()) -> None:
    """Blit the table's unchanging layer, drawing it first if the window or words changed
    (not inside ``holes``: the kept parts' places, whose pictures carry it).

    The sidebar lies apart from the felt (its shadow falls in the gap), so drawing its panel
    before the felt's contents gives the same pixels as drawing it after them."""
    lay = sc.layout
    plaques = tuple(tuple(box) for box in lay.plaques)
    key = (tuple(lay.main), tuple(lay.front), tuple(lay.sidebar), lay.seat_h, lay.px(10), plaques)

    def draw(base: pygame.Surface) -> None:
        p = lay.px
        D.pave_marble(base, seed=31)
        felt = lay.main.inflate(0, -lay.seat_h + p(10))
        D.panel(base, felt, tint("felt"), tint("felt_edge"), p(26))
        D.meander(
            base,
            pygame.Rect(felt.x + p(30), felt.y + p(4), felt.w - p(60), p(12)),
            D.shade(tint("felt"), 1.3),
            3,
        )
        D.panel(base, lay.front, D.shade(tint("felt"), 0.8), tint("felt_edge"), p(10))
        D.panel(base, lay.sidebar, colour("panel"), colour("gold"), p(12))
        # The plaques' shadows: they fall on the felt and the marble only, where nothing
        # is drawn before the plaques (shading them every frame was a tenth of a frame).
        for box in lay.plaques:
            D.panel_shadow(base, box, p(10))

    _BASE.blit(surface, key, draw, holes)


def draw_table(surface: pygame.Surface, sc: TableScene) -> None:
    """The whole table."""
    v = sc.view()
    # The kept parts are looked up first: where one's picture is kept, the layer is left
    # out (the picture carries it); a full-window blit was a sixth of a frame.
    rows = rows_part(surface, sc, v)
    plaques = [plaque_part(surface, sc, v, seat) for seat in range(v.n)]
    kept = [rows[0], *(part[0] for part in plaques)]
    holes = [part.area for part in kept if part.picture is not None]
    draw_base(surface, sc, holes)
    draw_front(surface, sc, v)
    draw_rows(surface, sc, v, rows)
    draw_bar(surface, sc, v)
    for seat in range(v.n):
        draw_plaque(surface, sc, v, seat, plaques[seat])
    draw_sidebar(surface, sc, v)
    draw_moving(surface, sc, v)
    if not draw_bubble(surface, sc):
        draw_card_tip(surface, sc, v)


# --- Hercules' front, the bag and the discard pile ------------------------------------------


def draw_front(surface: pygame.Surface, sc: TableScene, v: E.State) -> None:
    """Hercules' items and labours (the labours counted toward 12), the bag, the discards."""
    lay = sc.layout
    p = lay.px
    f = lay.front
    data = load_data()
    cards = data.cards
    labours = sum(cards[c].kind == "labour" for c in v.front)
    head = t("co.front.labours", n=labours, total=data.win_labours)
    size = sc.px(16)
    x = f.x + p(12)
    FONTS.blit(surface, head, size, colour("highlight"), (x, f.y + p(6)), "topleft", "bold")
    # The twelve labours as laurel pips, filled as they are done.
    pip = max(4, p(6))
    for k in range(data.win_labours):
        c = (x + pip + k * (2 * pip + p(3)), f.bottom - pip - p(8))
        pygame.draw.circle(
            surface, colour("laurel") if k < labours else D.shade(tint("felt"), 0.6), c, pip
        )
        pygame.draw.circle(surface, colour("gold_dark"), c, pip, 1)
    left = (
        x + max(FONTS.measure(head, size, "bold")[0], data.win_labours * (2 * pip + p(3))) + p(14)
    )
    right = lay.discard().x - p(10)
    _front_cards(surface, sc, v, pygame.Rect(left, f.y + p(5), right - left, f.h - p(10)))
    _pile(surface, sc, lay.bag(), t("co.bag"), str(v.bag[0] + max(0, v.bag[1])), "?")
    n, b = v.discard
    _pile(surface, sc, lay.discard(), t("co.discard"), f"{n}+{b}", "B" if b else "N")


def _front_cards(surface: pygame.Surface, sc: TableScene, v: E.State, area: pygame.Rect) -> None:
    """Hercules' cards as small tiles: number and name, in their kind's colour."""
    p = sc.layout.px
    cards = load_data().cards
    if not v.front:
        FONTS.blit(
            surface, t("co.front.empty"), sc.px(14), colour("text_dim"), area.midleft, "midleft"
        )
        return
    n = len(v.front)
    tw = min(p(120), (area.w - p(4) * (n - 1)) // n)
    th = area.h
    for k, card in enumerate(v.front):
        c = cards[card]
        r = pygame.Rect(area.x + k * (tw + p(4)), area.y, tw, th)
        pygame.draw.rect(surface, tint(c.kind), r, border_radius=p(6))
        pygame.draw.rect(surface, tint(f"{c.kind}_dark"), r, p(2), border_radius=p(6))
        size = max(9, min(sc.px(13), th // 3))
        FONTS.blit(
            surface,
            str(c.number),
            size + 2,
            (250, 246, 236),
            (r.centerx, r.y + p(3)),
            "midtop",
            "bold",
        )
        if tw > p(40):
            name = t(f"co.task.{card}")
            fit = FONTS.fit(name, size, tw - p(6), smallest=7)
            FONTS.blit(
                surface, name, fit, (250, 246, 236), (r.centerx, r.bottom - p(3)), "midbottom"
            )


def _pile(
    surface: pygame.Surface, sc: TableScene, r: pygame.Rect, label: str, count: str, face: str
) -> None:
    """The bag or the discard pile: chips heaped, its name and its count."""
    p = sc.layout.px
    pygame.draw.ellipse(surface, D.shade(tint("felt"), 0.65), r)
    cr = max(5, r.w // 6)
    for k, (dx, dy) in enumerate(
        ((-0.45, 0.2), (0.45, 0.2), (0.0, -0.05), (-0.2, -0.35), (0.25, -0.3))
    ):
        token = face if k % 2 == 0 else "?"
        chip(surface, (round(r.centerx + dx * r.w / 2), round(r.centery + dy * r.h / 2)), cr, token)
    FONTS.blit(surface, label, sc.px(12), colour("text_light"), (r.centerx, r.y - p(1)), "midtop")
    FONTS.blit(
        surface,
        count,
        sc.px(15),
        colour("highlight"),
        (r.centerx, r.bottom + p(1)),
        "midbottom",
        "bold",
    )


# --- the rows of task cards -----------------------------------------------------------------


def card_rects(sc: TableScene, v: E.State) -> list[list[pygame.Rect]]:
    """Every space's rectangle for the view's rows."""
    rects: list[list[pygame.Rect]] = sc.layout.card_rects((len(v.rows[0]), len(v.rows[1])))
    return rects


def _moving_spaces(sc: TableScene) -> set[Space]:
    out: set[Space] = set()
    for a in sc.anim.anims:
        if a.kind in ("swap", "reveal", "flip"):
            out.update(a.data["spaces"])
    return out


def face_mark(sc: TableScene) -> str:
    """How a face-down card whose face shows is marked: "seen" by the viewer, or "down" in a
    replay that shows every secret."""
    return "down" if sc.viewer == EVERYTHING else "seen"


def draw_card(
    surface: pygame.Surface,
    v: E.State,
    space: Space,
    r: pygame.Rect,
    up: bool | None = None,
    mark: str = "seen",
) -> None:
    """The card at ``space`` as the view shows it (``up`` False: its back whatever it is;
    ``mark``: how a face-down card whose face shows is marked)."""
    card = v.rows[space[0]][space[1]]
    face_up = v.up[space[0]][space[1]] if up is None else up
    if up is False:
        card = E.HIDDEN
    shown = mark if card != E.HIDDEN and not face_up else ""
    surface.blit(task_card(card, r.w, r.h, shown, language()), r.topleft)


#: The two rows as drawn, by all they show (the felt beneath is the unchanging layer).
_ROWS = Regions("companions.rows", max_mb=12)


def draw_rows(
    surface: pygame.Surface, sc: TableScene, v: E.State, part: tuple[Any, ...] | None = None
) -> None:
    """The two rows: letters, cards, the look, the player's picks, claims and peeks (kept
    as drawn: ``part`` from :func:`rows_part`, or looked up now)."""
    kept, rects, moving, targets, picked = part or rows_part(surface, sc, v)
    kept.show(surface, lambda: _paint_rows(surface, sc, v, rects, moving, targets, picked))
    r, i = v.revealed_card
    if 0 <= r < len(rects) and 0 <= i < len(rects[r]):
        # Over the card, reaching above the rows' part (into the front strip): drawn each
        # frame, over the kept rows (where it meets only its own card's glow, drawn under it).
        rect = rects[r][i]
        FONTS.blit(
            surface,
            t("co.card.just"),
            sc.px(12),
            colour("highlight"),
            (rect.centerx, rect.y - sc.layout.px(2)),
            "midbottom",
            "bold",
        )


def rows_part(
    surface: pygame.Surface, sc: TableScene, v: E.State
) -> tuple[Part, list[list[pygame.Rect]], frozenset[Space], frozenset[Space], frozenset[Space]]:
    """The rows' kept part, by all they show, and what painting them needs: the cards'
    places, the spaces moving, those to choose from and those picked."""
    rects = card_rects(sc, v)
    moving = frozenset(_moving_spaces(sc))
    targets = frozenset(sc.targets())
    picked = frozenset(sc.picked())
    hover = next(
        (
            (r, i)
            for r in (0, 1)
            for i, rect in enumerate(rects[r])
            if (r, i) in targets and rect.collidepoint(sc.mouse)
        ),
        None,
    )
    key = (
        v.rows,
        v.up,
        v.looked,
        picked,
        targets,
        hover,
        moving,
        tuple(c for c in v.claims if c[0] == v.journey),
        v.peeked,
        tuple(v.order()) if v.peeked else (),
        v.revealed_card,
        v.turn_seat,
        face_mark(sc),
        sc.px(26),
    )
    return _ROWS.part(surface, sc.layout.table, key), rects, moving, targets, picked


def _paint_rows(
    surface: pygame.Surface,
    sc: TableScene,
    v: E.State,
    rects: list[list[pygame.Rect]],
    moving: frozenset[Space],
    targets: frozenset[Space],
    picked: frozenset[Space],
) -> None:
    lay = sc.layout
    p = lay.px
    looked = set(v.looked)
    claims = _claims_by_space(v)
    for r in (0, 1):
        box = lay.row_label(r)
        FONTS.blit(surface, ROW_LETTERS[r], sc.px(26), colour("gold"), box.center, "center", "bold")
        for i, rect in enumerate(rects[r]):
            space = (r, i)
            if space in looked or space in picked:
                glow = rect.inflate(p(10), p(10))
                ink = colour("highlight") if space in picked else seat_style(v.turn_seat)["colour"]
                pygame.draw.rect(surface, ink, glow, p(4), border_radius=p(10))
            if space not in moving:
                draw_card(surface, v, space, rect, mark=face_mark(sc))
            if space in targets and space not in picked:
                hover = rect.collidepoint(sc.mouse)
                pygame.draw.rect(
                    surface,
                    colour("highlight") if hover else colour("gold"),
                    rect,
                    p(3 if hover else 2),
                    border_radius=p(8),
                )
            FONTS.blit(
                surface,
                space_name(r, i),
                sc.px(11),
                colour("text_dim"),
                (rect.x + p(2), rect.bottom + p(1)),
                "topleft",
            )
            _peek_marks(surface, sc, v, space, rect)
            # This journey's claims about the card, under it (the latest two, the latest
            # rightmost), so that they never hide its face.
            x = rect.right
            for seat, n in reversed(claims.get(space, [])[-2:]):
                x = _claim_tag(surface, sc, (x, rect.bottom + p(2)), seat, n) - p(2)


def _claims_by_space(v: E.State) -> dict[Space, list[tuple[int, int]]]:
    """This journey's claims, per space: (seat, number), in the order made."""
    out: dict[Space, list[tuple[int, int]]] = {}
    for journey, seat, r, i, n in v.claims:
        if journey == v.journey:
            out.setdefault((r, i), []).append((seat, n))
    return out


def _claim_tag(
    surface: pygame.Surface, sc: TableScene, at: tuple[int, int], seat: int, n: int
) -> int:
    """A claim on a card: "#n" on the claimant's colour, its top right at ``at``; returns
    its left edge."""
    p = sc.layout.px
    st = seat_style(seat)
    pic = FONTS.text(f"#{n}", sc.px(12), (250, 246, 236), "bold")
    box = pic.get_rect().inflate(p(8), p(2))
    box.topright = at
    pygame.draw.rect(surface, st["dark"], box, border_radius=box.h // 2)
    pygame.draw.rect(surface, st["colour"], box, p(2), border_radius=box.h // 2)
    surface.blit(pic, pic.get_rect(center=box.center))
    return int(box.x)


def _peek_marks(
    surface: pygame.Surface, sc: TableScene, v: E.State, space: Space, rect: pygame.Rect
) -> None:
    """Who looked at this card at the journey's start (public: the spaces, not the cards)."""
    if space not in v.peeked:
        return
    p = sc.layout.px
    for k, sp in enumerate(v.peeked):
        if sp != space:
            continue
        seat = v.order()[k] if k < v.n else -1
        if seat >= 0:
            st = seat_style(seat)
            x = rect.x + p(24) + k * p(12)
            D.shape(surface, st["shape"], (x, rect.bottom + p(8)), p(5), st["colour"], st["dark"])


# --- the choices ------------------------------------------------------------------------------


def draw_bar(surface: pygame.Surface, sc: TableScene, v: E.State) -> None:
    """The choices of the player at the screen, as buttons; else whose move it is."""
    lay = sc.layout
    p = lay.px
    choices = sc.choices()
    if not choices:
        line = sc.prompt_lines()[0] if sc.prompt_lines() else ""
        FONTS.blit(surface, line, sc.px(16), colour("text_light"), lay.bar.center, "center")
        return
    for ch in choices:
        r = ch.rect
        hover = r.collidepoint(sc.mouse) and ch.enabled
        if ch.chosen:
            fill = colour("highlight")
        elif hover:
            fill = colour("gold")
        else:
            fill = colour("panel_light") if ch.enabled else D.shade(colour("panel"), 0.8)
        pygame.draw.rect(surface, fill, r, border_radius=p(8))
        pygame.draw.rect(surface, colour("gold_dark"), r, p(2), border_radius=p(8))
        ink = (
            colour("ink")
            if hover or ch.chosen
            else (colour("text_light") if ch.enabled else colour("text_dim"))
        )
        fit = FONTS.fit(ch.label, sc.px(16), r.w - p(8), "bold", 8)
        FONTS.blit(surface, ch.label, fit, ink, r.center, "center", "bold")


# --- the seats --------------------------------------------------------------------------------


def draw_plaque(
    surface: pygame.Surface,
    sc: TableScene,
    v: E.State,
    seat: int,
    part: tuple[Any, ...] | None = None,
) -> None:
    """One seat: its colour and name, its character card, its tokens, a ballot and its last
    claim; whose turn it is lit (kept as drawn: ``part`` from :func:`plaque_part`, or looked
    up now)."""
    lay = sc.layout
    p = lay.px
    box = lay.plaques[seat]
    kept, args = part or plaque_part(surface, sc, v, seat)
    # The plaque inside its box is kept as drawn, by all it shows (the shadow under it is
    # the layout's alone: in the unchanging layer); the ring that marks a seat to choose
    # reaches outside the box and is drawn over it each frame.
    kept.show(surface, lambda: _paint_plaque(surface, sc, v, seat, *args))
    if seat in sc.seat_targets():
        pygame.draw.rect(
            surface, colour("gold"), box.inflate(p(6), p(6)), p(3), border_radius=p(12)
        )


def plaque_part(
    surface: pygame.Surface, sc: TableScene, v: E.State, seat: int
) -> tuple[Part, tuple[Any, ...]]:
    """A seat's plaque as a kept part, by all it shows, and what painting it needs."""
    lay = sc.layout
    p = lay.px
    box = lay.plaques[seat]
    acting = v.prompt not in (E.P_OVER, E.P_JOURNEY_END) and v.current == seat
    turn = v.turn_seat == seat and v.prompt not in (E.P_OVER, E.P_JOURNEY_END)
    secret = seat == sc.viewer and not v.revealed[seat] and not v.outcome
    seen = 0 <= sc.viewer < v.n and seat in v.sights[sc.viewer] and seat != sc.viewer
    ballots = v.prompt == E.P_VOTE or bool(sc.anim.of_kind("ballots"))
    claim = next((c for c in reversed(v.claims) if c[0] == v.journey and c[1] == seat), None)
    latest = claim is not None and bool(v.claims) and v.claims[-1] == claim
    key = (
        seat,
        acting,
        turn,
        v.characters[seat],
        secret,
        v.villain[seat],
        seat_name(sc.names, seat),
        seat == sc.viewer and not sc.replaying(),
        seen,
        tuple(v.tokens[seat]),
        seat == v.hercules,
        v.ballots[seat] if ballots else None,
        claim,
        latest,
        sc.px(15),
        p(10),
    )
    args = (acting, turn, secret, seen, ballots, claim)
    return _PLAQUES.part(surface, box, key), args


#: The seats' plaques as drawn, by what each shows (drawn over the unchanging layer).
_PLAQUES = Regions("companions.plaques", max_mb=6)


def _paint_plaque(
    surface: pygame.Surface,
    sc: TableScene,
    v: E.State,
    seat: int,
    acting: bool,
    turn: bool,
    secret: bool,
    seen: bool,
    ballots: bool,
    claim: tuple[int, int, int, int, int] | None,
) -> None:
    lay = sc.layout
    p = lay.px
    box = lay.plaques[seat]
    st = seat_style(seat)
    fill = D.shade(colour("panel_light"), 1.12) if acting else colour("panel")
    D.panel_face(surface, box, fill, colour("highlight") if acting else colour("gold_dark"), p(10))
    if acting:
        pygame.draw.rect(surface, colour("highlight"), box, p(3), border_radius=p(10))
    # The character card, at the left.
    ch_h = box.h - p(12)
    ch_w = round(ch_h * 0.68)
    card = pygame.Rect(box.x + p(6), box.y + p(6), ch_w, ch_h)
    number = v.characters[seat]
    surface.blit(character_card(number, ch_w, ch_h, secret, v.villain[seat], language()), card)
    x = card.right + p(8)
    width = box.right - x - p(6)
    # Name and marks.
    size = max(11, min(sc.px(15), box.h // 5))
    D.shape(
        surface,
        st["shape"],
        (x + p(6), box.y + p(6) + size // 2 + p(1)),
        p(6),
        st["colour"],
        st["dark"],
    )
    name = seat_name(sc.names, seat)
    if seat == sc.viewer and not sc.replaying():
        name = t("co.seat.you", name=name)
    fit = FONTS.fit(name, size, width - p(18), "bold", 9)
    FONTS.blit(
        surface, name, fit, colour("text_light"), (x + p(16), box.y + p(5)), "topleft", "bold"
    )
    line2 = box.y + p(8) + size + p(4)
    if turn:
        mark = t("co.seat.turn")
        FONTS.blit(
            surface,
            mark,
            sc.px(11),
            colour("highlight"),
            (box.right - p(6), box.y + p(5) + size),
            "topright",
            "bold",
        )
    if seen:
        eye(surface, (box.right - p(14), box.y + p(12)), p(8), colour("highlight"))
    # Tokens: own ones face up, the others' as hidden chips.
    tokens = v.tokens[seat]
    r = max(5, min(p(8), box.h // 11))
    shown = tokens[:8]
    for k, token in enumerate(shown):
        chip(surface, (x + r + k * (2 * r + p(2)), line2 + r), r, token)
    if len(tokens) > len(shown):
        FONTS.blit(
            surface,
            f"+{len(tokens) - len(shown)}",
            sc.px(11),
            colour("text_light"),
            (x + len(shown) * (2 * r + p(2)) + p(2), line2 + r),
            "midleft",
        )
    if seat == v.hercules and not tokens:
        club(surface, (x + r, line2 + r), 2 * r, tint("hero"))
        FONTS.blit(
            surface,
            t("co.seat.no_tokens"),
            sc.px(11),
            colour("text_dim"),
            (x + 3 * r, line2 + r),
            "midleft",
        )
    elif not tokens:
        FONTS.blit(
            surface, t("co.seat.none_yet"), sc.px(11), colour("text_dim"), (x, line2 + r), "midleft"
        )
    # A ballot during the vote (and while its reveal shows).
    if ballots:
        b = pygame.Rect(0, 0, p(26), p(32))
        b.bottomright = (box.right - p(6), box.bottom - p(6))
        ballot(surface, b, v.ballots[seat])
    # The seat's last claim this journey, in a bubble.
    if claim is not None:
        words = t("co.seat.says", n=claim[4], at=space_name(claim[2], claim[3]))
        bsize = sc.px(12)
        pic = FONTS.text(words, FONTS.fit(words, bsize, width - p(34), smallest=8), colour("ink"))
        bub = pic.get_rect(bottomleft=(x, box.bottom - p(7))).inflate(p(10), p(4))
        bub.x = x
        latest = bool(v.claims) and v.claims[-1] == claim
        pygame.draw.rect(surface, tint("bubble"), bub, border_radius=p(8))
        pygame.draw.rect(
            surface,
            colour("highlight") if latest else tint("bubble_edge"),
            bub,
            p(2),
            border_radius=p(8),
        )
        tail = [
            (bub.x + p(8), bub.y + p(1)),
            (bub.x + p(16), bub.y + p(1)),
            (bub.x + p(6), bub.y - p(6)),
        ]
        pygame.draw.polygon(surface, tint("bubble"), tail)
        surface.blit(pic, pic.get_rect(center=bub.center))


# --- the sidebar ------------------------------------------------------------------------------


def draw_sidebar(surface: pygame.Surface, sc: TableScene, v: E.State) -> None:
    """The journey's facts, what to do now, and the chronicle (the buttons are widgets)."""
    lay = sc.layout
    p = lay.px
    f = lay.facts
    direction = t("co.dir.cw" if v.journey % 2 == 1 else "co.dir.ccw")
    head = t("co.title", n=v.journey, direction=direction)
    size = FONTS.fit(head, sc.px(19), f.w - p(36), "bold", 11)
    FONTS.blit(surface, head, size, colour("highlight"), (f.x, f.y), "topleft", "bold")
    _direction_arrow(surface, (f.right - p(14), f.y + size // 2 + p(1)), p(11), v.journey % 2 == 1)
    facts = [
        t("co.facts.bag", n=v.bag[0] + max(0, v.bag[1])),
        t("co.facts.discard", what=token_words(*v.discard)),
    ]
    if 0 <= sc.viewer < v.n and not sc.replaying():
        mine = v.tokens[sc.viewer]
        number = v.characters[sc.viewer]
        limit = load_data().characters[number].limit if number else None
        who = t("co.facts.you", char=char_name(number))
        if v.villain[sc.viewer]:
            who = t("co.facts.you_villain", char=char_name(number))
        facts.append(who)
        if number != 1:
            words = token_words(mine.count("N"), mine.count("B"))
            facts.append(
                t("co.facts.limit", what=words, limit=limit)
                if limit is not None
                else t("co.facts.tokens", what=words)
            )
    y = f.y + size + p(6)
    small = sc.px(13)
    for line in facts:
        for ln in FONTS.wrap(line, small, f.w)[:2]:
            if y + small > f.bottom + p(4):
                break
            FONTS.blit(surface, ln, small, colour("text_light"), (f.x, y))
            y += round(small * 1.3)
    y = lay.prompt.y
    for i, line in enumerate(sc.prompt_lines()[:3]):
        size = sc.px(16 if i == 0 else 14)
        ink = colour("highlight") if i == 0 else colour("text_light")
        style = "bold" if i == 0 else "body"
        for ln in FONTS.wrap(line, size, lay.prompt.w, style)[:3]:
            if y + size > lay.prompt.bottom:
                break
            FONTS.blit(surface, ln, size, ink, (lay.prompt.x, y), "topleft", style)
            y += round(size * 1.3)
    sc.log_view.draw(surface, t("co.log.title"), TABLE_LOGS)


def _direction_arrow(surface: pygame.Surface, c: tuple[int, int], r: int, clockwise: bool) -> None:
    """A round arrow: the journey's direction round the table."""
    rect = pygame.Rect(0, 0, 2 * r, 2 * r)
    rect.center = c
    pygame.draw.arc(surface, colour("gold"), rect, 0.5, 5.6, 3)
    end = 0.5 if clockwise else 5.6
    ex, ey = c[0] + r * math.cos(end), c[1] - r * math.sin(end)
    k = -1 if clockwise else 1
    pts = [(ex - 5, ey + k * 2), (ex + 5, ey + k * 2), (ex, ey + k * 8)]
    pygame.draw.polygon(surface, colour("gold"), pts)


# --- what moves -------------------------------------------------------------------------------


def draw_moving(surface: pygame.Surface, sc: TableScene, v: E.State) -> None:
    """Cards swapping places and turning, tokens on their way, the vote's reveal, a new
    journey's banner."""
    rects = card_rects(sc, v)

    def at(space: Space) -> pygame.Rect | None:
        r, i = space
        return rects[r][i] if 0 <= r < 2 and 0 <= i < len(rects[r]) else None

    for a in sc.anim.anims:
        k = a.kind
        prog = ease_in_out(a.progress)
        if k == "swap":
            s1, s2 = a.data["spaces"]
            r1, r2 = at(s1), at(s2)
            if r1 is None or r2 is None:
                continue
            lift = round(sc.layout.px(40) * (1 - abs(2 * prog - 1)))
            # The card now at s2 left s1, and the other way round.
            for frm, to, space, side in ((r1, r2, s2, -1), (r2, r1, s1, 1)):
                r = pygame.Rect(frm)
                r.x = round(lerp(frm.x, to.x, prog))
                r.y = round(lerp(frm.y, to.y, prog)) + side * lift
                draw_card(surface, v, space, r, mark=face_mark(sc))
        elif k in ("reveal", "flip"):
            (space,) = a.data["spaces"]
            r0 = at(space)
            if r0 is None:
                continue
            first = prog < 0.5
            shows_face = (k == "reveal") != first
            w = max(2, round(r0.w * abs(1 - 2 * prog)))
            r = pygame.Rect(0, 0, w, r0.h)
            r.center = r0.center
            pic = pygame.Surface(r0.size, pygame.SRCALPHA)
            up = None if shows_face else False
            draw_card(pic, v, space, pic.get_rect(), up, face_mark(sc))
            surface.blit(pygame.transform.smoothscale(pic, r.size), r)
        elif k == "token" and a.started:
            frm, to = a.data["frm"], a.data["to"]
            c = (
                round(lerp(frm.centerx, to.centerx, prog)),
                round(lerp(frm.centery, to.centery, prog)),
            )
            chip(surface, c, sc.layout.px(9), a.data["token"])
        elif k == "ballots" and a.started:
            _ballots_banner(surface, sc, v, a.data)
        elif k == "journey" and a.started:
            n = a.data["n"]
            took = a.data.get("took", ())
            lines = [
                t("co.banner.journey", n=n),
                t("co.dir.cw" if n % 2 else "co.dir.ccw"),
                t("co.banner.took", cards=", ".join(card_name(c) for c in took))
                if took
                else t("co.banner.took_none"),
                tn("co.banner.lost", a.data.get("lost", 0)),
            ]
            _banner(surface, sc, lines)
        elif k == "look" and a.started:
            for space in a.data["spaces"]:
                spot = at(space)
                if spot is not None:
                    eye(surface, (spot.centerx, spot.y - sc.layout.px(10)), sc.layout.px(10))


def _banner(
    surface: pygame.Surface, sc: TableScene, lines: list[str], ink: Any = None, room: int = 0
) -> pygame.Rect:
    """Words over the middle of the table, on a parchment band."""
    p = sc.layout.px
    table = sc.layout.table
    sizes = [sc.px(26)] + [sc.px(17)] * (len(lines) - 1)
    w = max(FONTS.measure(ln, s, "bold")[0] for s, ln in zip(sizes, lines, strict=True)) + p(60)
    h = sum(round(s * 1.4) for s in sizes) + p(24) + room
    box = pygame.Rect(0, 0, min(w, table.w - p(20)), h)
    box.center = table.center
    D.panel(surface, box, colour("parchment"), colour("gold_dark"), p(12))
    y = box.y + p(12)
    for s, ln in zip(sizes, lines, strict=True):
        fit = FONTS.fit(ln, s, box.w - p(20), "bold", 10)
        FONTS.blit(surface, ln, fit, ink or colour("ink"), (box.centerx, y), "midtop", "bold")
        y += round(s * 1.4)
    return box


def _ballots_banner(
    surface: pygame.Surface, sc: TableScene, v: E.State, data: dict[str, Any]
) -> None:
    """The vote's ballots, all shown at once, and its result."""
    up, passed = data["up"], data["passed"]
    lines = [
        t("co.vote.title"),
        tn("co.vote.count", up, down=v.n - up),
        t("co.vote.passed" if passed else "co.vote.failed"),
    ]
    p = sc.layout.px
    ink = tint("vote_up") if passed else tint("vote_down")
    box = _banner(surface, sc, lines, ink, room=p(52))
    bw = p(26)
    total = v.n * bw + (v.n - 1) * p(6)
    x = box.centerx - total // 2
    for seat in range(v.n):
        r = pygame.Rect(x + seat * (bw + p(6)), box.bottom - p(54), bw, p(30))
        ballot(surface, r, data["ballots"][seat])
        D.shape(
            surface,
            seat_style(seat)["shape"],
            (r.centerx, r.bottom + p(9)),
            p(5),
            seat_style(seat)["colour"],
            seat_style(seat)["dark"],
        )


def draw_bubble(surface: pygame.Surface, sc: TableScene) -> bool:
    """A refusal, said in a speech bubble whose tail points where the player clicked; True
    if one shows."""
    if sc.message_time <= 0 or not sc.message or sc.message_at is None:
        return False
    p = sc.layout.px
    size = sc.px(16)
    step = round(size * 1.35)
    wrapped = FONTS.wrap(sc.message, size, p(340))[:4]
    pics = [FONTS.text(ln, size, colour("ink")) for ln in wrapped]
    inner = pygame.Rect(0, 0, max(pic.get_width() for pic in pics), step * len(pics))
    bubble = inner.inflate(p(28), p(18))
    tip = sc.message_at
    bubble.midbottom = (tip[0], tip[1] - p(14))
    bubble.clamp_ip(surface.get_rect().inflate(-p(10), -p(10)))
    foot = max(bubble.x + p(14), min(tip[0], bubble.right - p(14)))
    tail = [(foot - p(8), bubble.bottom - p(2)), (foot + p(8), bubble.bottom - p(2)), tip]
    pygame.draw.polygon(surface, colour("terracotta_dark"), tail)
    D.panel(surface, bubble, colour("parchment"), colour("terracotta_dark"), p(10))
    for k, pic in enumerate(pics):
        surface.blit(pic, (bubble.x + p(14), bubble.y + p(9) + k * step))
    return True


def draw_card_tip(surface: pygame.Surface, sc: TableScene, v: E.State) -> None:
    """What is under the mouse explained: a task card whose face the viewer sees (face up,
    or seen), or a seat whose character the viewer knows (its own, or one shown)."""
    if sc.anim.busy:
        return
    rects = card_rects(sc, v)
    for r in (0, 1):
        for i, rect in enumerate(rects[r]):
            if rect.collidepoint(sc.mouse) and v.rows[r][i] != E.HIDDEN:
                # Row A's tip hangs under the card, row B's over it.
                anchor = (rect.centerx, rect.bottom if r == 0 else rect.y)
                _tip(surface, sc, card_tip(v.rows[r][i]), anchor, below=r == 0)
                return
    for seat, box in enumerate(sc.layout.plaques):
        if box.collidepoint(sc.mouse) and v.characters[seat] > 0:
            number = v.characters[seat]
            lines = [char_name(number), ability_text(number)]
            top = sc.layout.bands[seat] == "top"
            _tip(surface, sc, lines, (box.centerx, box.bottom if top else box.y), below=top)
            return


def _tip(
    surface: pygame.Surface,
    sc: TableScene,
    words: list[str],
    at: tuple[int, int],
    below: bool,
) -> None:
    """A parchment note of ``words`` (the first in bold) hanging under or over ``at``."""
    p = sc.layout.px
    size = sc.px(14)
    step = round(size * 1.35)
    lines: list[tuple[str, str]] = []
    for k, line in enumerate(words):
        style = "bold" if k == 0 else "body"
        lines += [(ln, style) for ln in FONTS.wrap(line, size, p(300), style)]
    w = max(FONTS.measure(ln, size, st)[0] for ln, st in lines) + p(20)
    box = pygame.Rect(0, 0, w, step * len(lines) + p(14))
    if below:
        box.midtop = (at[0], at[1] + p(6))
    else:
        box.midbottom = (at[0], at[1] - p(6))
    box.clamp_ip(sc.layout.main)
    D.panel(surface, box, colour("parchment"), colour("gold_dark"), p(8))
    for k, (ln, style) in enumerate(lines):
        ink = colour("ink") if k else colour("terracotta_dark")
        FONTS.blit(
            surface, ln, size, ink, (box.x + p(10), box.y + p(7) + k * step), "topleft", style
        )


__all__ = ["card_name", "card_rects", "draw_table"]

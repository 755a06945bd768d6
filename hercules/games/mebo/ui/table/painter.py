"""Drawing the table: board, stacks, player panels, sidebar, pieces in flight, tooltip.

:class:`TablePainter` only reads: one :class:`TableFrame` holds everything a frame
shows (the state, the animations' snapshot, the layout, the aim, the hover...). It
keeps nothing but caches of its own (the static background, the running score).
The static board comes from :mod:`.background`, tooltip text from :mod:`.texts`;
the print-and-play sheet is drawn by :class:`~.painter_pnp.PnpPainter`, which
overrides the hooks marked below.
"""

from __future__ import annotations

from typing import Any

import pygame

from hercules.games.mebo.engine import card_set
from hercules.games.mebo.engine.actions import USE
from hercules.games.mebo.engine.scoring import score
from hercules.ui import draw as D
from hercules.ui.anim import ease_out_cubic, lerp
from hercules.ui.layers import Part, Regions, blit_around
from hercules.ui.names import seat_name
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour, player_style, theme_data

from .. import art
from ..describe import arithmetic
from ..layout import TableLayout
from ..preview import ability_lines, labour_tooltip, score_lines, vp_split
from ..targeting import Target, labour_ways
from .background import render_background
from .frame import TableFrame
from .log import draw_log
from .recap import draw_recap
from .texts import tooltip_lines
from .zoom import draw_zoom

#: The boards as drawn, by what they show (see :meth:`TablePainter.draw_board`).
_BOARDS = Regions("mebo.boards", max_mb=12)
#: The card stacks as drawn, by their tops and sizes (see :meth:`TablePainter.draw_card_stacks`).
_STACKS = Regions("mebo.stacks", max_mb=4)
#: The hands as drawn, by every card's place and state (see :meth:`TablePainter.draw_hand`).
_HANDS = Regions("mebo.hands", max_mb=8)


class TablePainter:
    """Draws the standard table; subclasses override the hooks for a variant."""

    def __init__(self) -> None:
        self._bg: pygame.Surface | None = None
        self._score: tuple[Any, Any] | None = None
        #: The preview under the mouse, by (state, target): applying moves per frame is waste.
        self._preview: tuple[tuple[Any, ...], list[str]] | None = None
        #: The kept parts looked up for the frame being drawn, by name (see :meth:`draw`).
        self._parts: tuple[TableFrame, dict[Any, Any]] | None = None

    # --- caches ------------------------------------------------------------------------------
    def scores(self, state: Any) -> Any:
        """The running score of ``state``, computed once per state."""
        if self._score is None or self._score[0] is not state:
            self._score = (state, score(state))
        return self._score[1]

    def prepare(self, layout: TableLayout, state: Any, size: tuple[int, int]) -> None:
        """Render the static board and every card face this layout uses, once."""
        self.background(layout, state, size)
        cs = card_set()
        gw, gh = layout.god_slots[1].size
        for g in (cs.zeus, *cs.gods):
            art.card_face(g.id, gw, gh, face_up=state.config.variant.gods_count)
        dw, dh = layout.demigod_slots[0].size
        for c in cs.demigods:
            art.card_face(c.id, dw, dh)
        vw, vh = layout.vase_slots[0].size
        for v in cs.vases:
            art.card_face(v.id, vw, vh)

    def background(self, layout: TableLayout, state: Any, size: tuple[int, int]) -> pygame.Surface:
        """The static table and board, rendered once per window size."""
        if self._bg is None or self._bg.get_size() != size:
            bg = render_background(layout, state, size, self.stack_labels(layout))
            # The players' panels and the prompt's box, shadow and fill (their edge, which
            # says whose turn it is, is drawn each frame over the same border: same pixels).
            r = round(10 * layout.density)
            for box in (*layout.panels[: state.n], layout.prompt_box):
                D.panel(bg, box, colour("panel"), colour("panel"), r)
            self._bg = bg
        return self._bg

    # --- the frame ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, f: TableFrame) -> None:
        """The whole table for this frame.

        The kept parts (board, stacks, hands) are looked up first: where one's picture is
        kept, the background is left out, for the picture carries it and covers it whole.
        """
        parts = self.kept_parts(surface, f)
        holes = [v[0].area for v in parts.values() if v[0].picture is not None]
        blit_around(surface, self.background(f.layout, f.state, f.size), holes)
        self._parts = (f, parts)
        try:
            self.draw_parts(surface, f)
        finally:
            self._parts = None

    def kept_parts(self, surface: pygame.Surface, f: TableFrame) -> dict[Any, Any]:
        """The parts this painter keeps as drawn, looked up for frame ``f``: by name, a
        :class:`~hercules.ui.layers.Part` first and what its painting needs after it. A
        variant that draws a part its own way leaves it out (nothing may lie beneath a
        kept picture's place but the background)."""
        out: dict[Any, Any] = {"board": self.board_part(surface, f)}
        out["stacks"] = self.stacks_part(surface, f)
        for seat in range(f.state.n):
            out["hand", seat] = self.hand_part(surface, f, seat)
        return out

    def part(self, surface: pygame.Surface, f: TableFrame, name: Any, make: Any) -> Any:
        """The part ``name`` as :meth:`draw` looked it up for ``f`` (once), else ``make()``."""
        if self._parts is not None and self._parts[0] is f and name in self._parts[1]:
            return self._parts[1].pop(name)
        return make()

    def draw_parts(self, surface: pygame.Surface, f: TableFrame) -> None:
        """Everything over the background, in order."""
        self.draw_board(surface, f)
        self.draw_stacks(surface, f)
        for seat in range(f.state.n):
            self.draw_panel(surface, f, seat)
        self.draw_sidebar(surface, f)
        draw_recap(surface, f.layout, f.recap)
        self.draw_flying(surface, f)
        if f.zoom is not None:
            # The enlarged card carries the tooltip's words: one box, not two.
            draw_zoom(surface, f.zoom, f.state, self.tooltip(f.zoom, f), f.mouse, f.layout.body)
        else:
            self.draw_tooltip(surface, f)

    def draw_board(self, surface: pygame.Surface, f: TableFrame) -> None:
        """Gods over the columns, reachable labours, flashes, cubes and Apprentices.

        The board lies straight on the background, so it is kept as drawn (``_BOARDS``) by
        all it shows: the gods and the Pantheon, the labours in reach and their sums, the
        flashes, every seat's cubes (those in flight too) and where its Apprentice stands.
        """
        part = self.part(surface, f, "board", lambda: self.board_part(surface, f))
        part[0].show(surface, lambda: self.paint_board(surface, f))

    def board_part(self, surface: pygame.Surface, f: TableFrame) -> tuple[Part]:
        """The board's part for :meth:`draw_board`, by all it shows."""
        s = f.state
        a = f.anim
        hidden = a.hidden_cards()
        seat = f.human_seat
        ways: tuple[tuple[int, tuple[tuple[str, tuple[int, ...]], ...]], ...] = ()
        if seat >= 0 and s.prompt == "action":
            ways = tuple(
                (col, tuple((x.op, tuple(x.dice)) for x in acts))
                for col, acts in labour_ways(s, f.legal).items()
            )
        flashes = a.flashes()
        walking = any(a.shown_pos(i, p.pos) != p.pos for i, p in enumerate(s.players))
        key = (
            type(self),
            s.config.variant.gods_count,
            tuple(g if g not in hidden else "" for g in s.columns),
            tuple(s.top),
            seat,
            s.dice_of(seat) if ways else (),
            ways,
            tuple(
                (fl.data["column"], fl.data["seat"], int(160 * (1 - fl.progress)) // 16)
                for fl in flashes
            ),
            tuple(
                (
                    p.row,
                    p.hades,
                    tuple((c, a.cube_started(i, c)) for c in sorted(a.cubes_in_flight(i))),
                    a.shown_pos(i, p.pos),
                )
                for i, p in enumerate(s.players)
            ),
            f.layout.density,
            f.layout.small,
            f.layout.body,
        )
        # The god row and the board, and the margin above and right of them where the
        # Pantheon stack's lower cards show (nothing but the background lies there).
        L = f.layout
        area = pygame.Rect(L.board.x, 0, L.board.w + f.geo.px(40), L.board.bottom)
        return (_BOARDS.part(surface, area, key, bool(flashes) or walking),)

    def paint_board(self, surface: pygame.Surface, f: TableFrame) -> None:
        """Draw what :meth:`draw_board` shows (it keeps the picture)."""
        L = f.layout
        s = f.state
        px = f.geo.px
        # Gods above columns 1-11, Zeus/Pantheon above 12.
        simplified = not s.config.variant.gods_count
        for c in range(1, 12):
            gid = s.columns[c]
            if gid and gid not in f.anim.hidden_cards():
                r = L.god_slots[c]
                surface.blit(art.card_face(gid, r.w, r.h, face_up=not simplified), r)
        if s.top:
            r = L.god_slots[12]
            for k in range(len(s.top) - 1):
                pygame.draw.rect(
                    surface,
                    D.shade(tuple(theme_data()["pantheon"]), 0.8),
                    r.move(px(3) * (len(s.top) - 1 - k), -px(3) * (len(s.top) - 1 - k)),
                    border_radius=px(5),
                )
            surface.blit(art.card_face(s.top[-1], r.w, r.h), r)
            # How many cards the Pantheon stack still holds (Zeus on top, then Pantheons).
            self.count_badge(surface, r, len(s.top), L.density)
        # Reachable labours for the human to act.
        seat = f.human_seat
        if seat >= 0 and s.prompt == "action":
            ways = labour_ways(s, f.legal)
            dice = s.dice_of(seat)
            for col, acts in ways.items():
                rect = L.columns[col]
                surface.blit(D.veil(rect.size, (*colour("legal"), 60)), rect)
                pygame.draw.rect(surface, colour("highlight"), rect, px(3), border_radius=px(4))
                a = acts[0]
                txt = arithmetic(a.op, dice[a.dice[0]], dice[a.dice[1]], col)
                more = len({(x.op) for x in acts}) > 1
                txt += " \u2026" if more else ""
                # The sum fits its column (large text on a narrow board would run into the next).
                size = FONTS.fit(txt, L.small, rect.w - px(10), "bold", smallest=9)
                lab = FONTS.text(txt, size, colour("ink"), "bold")
                box = lab.get_rect(midtop=(rect.centerx, L.header.bottom + px(2)))
                box.inflate_ip(px(8), px(4))
                box.clamp_ip(L.board)
                pygame.draw.rect(surface, colour("highlight"), box, border_radius=px(4))
                surface.blit(lab, lab.get_rect(center=box.center))
        for fl in f.anim.flashes():
            rect = L.columns[fl.data["column"]]
            alpha = int(160 * (1 - fl.progress)) // 16 * 16  # few distinct veils to cache
            st = player_style(fl.data["seat"], s.players[fl.data["seat"]].hades)
            surface.blit(D.veil(rect.size, (*st["colour"], alpha)), rect)
        # Cubes and Apprentices.
        for i, p in enumerate(s.players):
            st = player_style(i, p.hades)
            flying = f.anim.cubes_in_flight(i)
            radius = max(px(6), L.rows[i].h // 5)
            for c in range(1, 13):
                self.draw_labour_mark(surface, f, i, c, radius, st, flying)
            cx, cy = L.apprentice_center(i, f.anim.shown_pos(i, p.pos))
            self.draw_apprentice(surface, (cx, cy), L.rows[i].h, st, L.density)

    def draw_apprentice(
        self,
        surface: pygame.Surface,
        c: tuple[int, int],
        h: int,
        st: dict[str, Any],
        k: float = 1.0,
    ) -> None:
        """A standing pawn: a head over a robed body, with the seat's shape on the chest
        (``k``: the display's scale, for its shadow and outlines)."""
        x, y = c
        p2, p4 = round(2 * k), round(4 * k)
        body_h = int(h * 0.78)
        bw = int(h * 0.42)
        base = y + body_h // 2
        shadow = pygame.Rect(x - bw // 2 - p2, base - p4, bw + 2 * p2, 2 * p4)
        pygame.draw.ellipse(surface, (0, 0, 0), shadow)
        pts = [
            (x - bw // 2, base),
            (x + bw // 2, base),
            (x + bw // 5, y - body_h // 4),
            (x - bw // 5, y - body_h // 4),
        ]
        pygame.draw.polygon(surface, st["colour"], pts)
        pygame.draw.polygon(surface, st["dark"], pts, p2)
        pygame.draw.circle(surface, st["colour"], (x, y - body_h // 4 - bw // 4), bw // 3)
        pygame.draw.circle(surface, st["dark"], (x, y - body_h // 4 - bw // 4), bw // 3, p2)
        D.shape(surface, st["shape"], (x, y + body_h // 8), max(3, bw // 6), (250, 244, 230))

    def draw_stacks(self, surface: pygame.Surface, f: TableFrame) -> None:
        """The card stacks, the white die on its spot, Pegasus with the round."""
        L = f.layout
        s = f.state
        px = f.geo.px
        self.draw_card_stacks(surface, f)
        # The white die on its spot unless someone is using it.
        if s.white_holder < 0:
            face, ang, lift = f.anim.shown_face(("white", 0), s.white)
            self.blit_die(
                surface, L.white_spot, face, colour("white_die"), colour("pip"), ang, lift
            )
        # Pegasus shows the holder and the round.
        r = L.pegasus_spot
        holder = s.pegasus
        surface.blit(art.pegasus_card(r.w, r.h), r)
        st = player_style(holder, s.players[holder].hades)
        if not f.anim.pegasus_moving():
            mark = (r.right - px(10), r.y + px(10))
            D.shape(surface, st["shape"], mark, px(7), st["colour"], st["dark"])
        # The round number sits on the Pegasus card, which its holder keeps for the round.
        label = t("round", n=s.round)
        size = FONTS.fit(label, L.small - px(2), r.w - px(22), "bold", smallest=9)
        at = (r.x + px(5), r.y + px(4))
        FONTS.blit(surface, label, size, colour("ink"), at, "topleft", "bold")

    def count_badge(self, surface: pygame.Surface, r: pygame.Rect, n: int, k: float = 1.0) -> None:
        """How many cards a stack holds, in a dark disc on its top-left corner (``k``: the
        display's scale)."""
        c = (r.x + round(2 * k), r.y + round(2 * k))
        radius = round(11 * k)
        pygame.draw.circle(surface, (40, 30, 24), c, radius)
        pygame.draw.circle(surface, colour("gold"), c, radius, round(k))
        FONTS.blit(surface, str(n), round(13 * k), colour("text_light"), c, "center", "bold")

    def blit_die(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        face: int,
        body: Any,
        pip: Any,
        angle: float = 0.0,
        lift: float = 0.0,
        glow: bool = False,
    ) -> None:
        """A die showing ``face``, turned by ``angle`` and raised by ``lift``."""
        D.blit_die(surface, rect, face, body, pip, angle, lift, glow)

    def draw_panel(self, surface: pygame.Surface, f: TableFrame, seat: int) -> None:
        """A player's panel: name and score, dice, then what the player holds."""
        L = f.layout
        s = f.state
        px = f.geo.px
        p = s.players[seat]
        st = player_style(seat, p.hades)
        pr = L.panels[seat]
        active = s.current == seat and not s.is_terminal
        edge = colour("highlight") if active else st["dark"]
        # What the seat holds first, straight over the background (a kept hand may be
        # blitted only there); the dice, which may tilt over it while rolling, after.
        self.draw_holdings(surface, f, seat)
        # The panel's shadow and fill are in the background: only its edge changes.
        pygame.draw.rect(surface, edge, pr, 2, border_radius=px(10))
        head = pygame.Rect(pr.x, pr.y, pr.w, f.geo.panel_header_h())
        pygame.draw.rect(
            surface,
            st["colour"],
            head,
            border_top_left_radius=px(10),
            border_top_right_radius=px(10),
        )
        mark = (head.x + px(16), head.centery)
        D.shape(surface, st["shape"], mark, px(8), (250, 244, 230), st["dark"])
        name = FONTS.blit(
            surface,
            seat_name(f.names, seat),
            L.body,
            (252, 248, 238),
            (head.x + px(30), head.centery),
            "midleft",
            "bold",
        )
        wing = s.pegasus == seat and not f.anim.pegasus_queued()
        score = self.draw_score(surface, f, seat, head, name.right + px(40 if wing else 8))
        if wing:
            art.wing(surface, (score.x - px(20), head.centery), px(22), (252, 248, 238))
        # Dice.
        dice = s.dice_of(seat)
        body, pip = D.die_colours(st["colour"])
        aim = f.aim
        mode_die = aim is not None and aim.kind in ("die", "reroll") and seat == s.current
        for i, r in enumerate(f.geo.die_rects(seat)):
            face, ang, lift = f.anim.shown_face((seat, i), dice[i])
            white = i == 2 or (p.hades and i == 1)
            if p.hades and i == 1:
                face, ang, lift = f.anim.shown_face(("white", 0), dice[i])
            glow = False
            if mode_die:
                glow = i in f.targetable
            if aim is not None and aim.kind == "copy" and seat != s.current:
                glow = True
            self.blit_die(
                surface,
                r,
                face,
                colour("white_die") if white else body,
                colour("pip") if white else pip,
                ang,
                lift,
                glow,
            )
            if aim is not None and aim.kind == "reroll" and i in aim.selected and seat == s.current:
                ring = r.inflate(px(8), px(8))
                pygame.draw.rect(surface, colour("laurel"), ring, px(3), border_radius=px(8))

    # --- hooks a variant overrides -----------------------------------------------------------
    def stack_labels(self, layout: TableLayout) -> list[tuple[str, int]]:
        """The labels over the stacks (string key, x)."""
        return [
            ("board.demigods", layout.demigod_slots[0].x),
            ("board.vases", layout.vase_slots[0].x),
        ]

    def draw_labour_mark(
        self,
        surface: pygame.Surface,
        f: TableFrame,
        seat: int,
        c: int,
        r: int,
        st: dict[str, Any],
        flying: set[int],
    ) -> None:
        """The cube of labour ``c`` in a seat's row while it is there (``r``: its size)."""
        if f.state.players[seat].row >> c & 1 or c in flying and not f.anim.cube_started(seat, c):
            centre = f.layout.cube_center(seat, c)
            D.shape(surface, st["shape"], centre, r, st["colour"], st["dark"])

    def draw_card_stacks(self, surface: pygame.Surface, f: TableFrame) -> None:
        """The demigod decks and the vase stacks, kept as drawn (``_STACKS``) by what they
        show: each stack's top card and size. They change a few times a round, and painting
        them was about a fifth of a frame at 1920x1080."""
        part = self.part(surface, f, "stacks", lambda: self.stacks_part(surface, f))
        part[0].show(surface, lambda: self.paint_card_stacks(surface, f))

    def stacks_part(self, surface: pygame.Surface, f: TableFrame) -> tuple[Part]:
        """The card stacks' part for :meth:`draw_card_stacks`, by their tops and sizes."""
        L = f.layout
        s = f.state
        px = f.geo.px
        slots = (*L.demigod_slots, *L.vase_slots)
        # The count badges reach up and left of a slot's corner and the cards beneath the
        # top one down and right: nothing but the background lies in that margin (the
        # board ends above it, the white die's spot starts further right).
        area = slots[0].unionall(slots[1:])
        area = pygame.Rect(area.x - px(12), area.y - px(12), area.w + px(22), area.h + px(22))
        key = (
            type(self),
            tuple((len(st), st[-1] if st else "") for st in s.demigod_stacks),
            tuple((len(st), st[-1] if st else "") for st in s.vase_stacks),
            tuple(map(tuple, slots)),
            L.small,
            L.density,
        )
        return (_STACKS.part(surface, area, key),)

    def paint_card_stacks(self, surface: pygame.Surface, f: TableFrame) -> None:
        """Draw what :meth:`draw_card_stacks` shows (it keeps the picture)."""
        L = f.layout
        s = f.state
        px = f.geo.px
        decks = card_set().decks
        for k, r in enumerate(L.demigod_slots):
            st = s.demigod_stacks[k]
            if st:
                for j in range(min(len(st) - 1, 4)):
                    pygame.draw.rect(
                        surface,
                        D.shade(colour("parchment"), 0.75),
                        r.move(px(2) * (j + 1), px(2) * (j + 1)),
                        border_radius=px(4),
                    )
                surface.blit(art.card_face(st[-1], r.w, r.h), r)
            else:
                pygame.draw.rect(surface, colour("panel"), r, px(2), border_radius=px(4))
                FONTS.blit(
                    surface,
                    t(f"deck.{decks[k].id}"),
                    L.small - px(2),
                    colour("text_dim"),
                    r.center,
                    "center",
                )
            self.count_badge(surface, r, len(st), L.density)
        for k, r in enumerate(L.vase_slots):
            st = s.vase_stacks[k]
            if st:
                if len(st) > 1:
                    pygame.draw.rect(
                        surface,
                        colour("terracotta_dark"),
                        r.move(px(2), px(2)),
                        border_radius=px(4),
                    )
                surface.blit(art.card_face(st[-1], r.w, r.h), r)
            else:
                pygame.draw.rect(surface, colour("panel"), r, px(2), border_radius=px(4))
                FONTS.blit(surface, str(k + 3), L.small, colour("text_dim"), r.center, "center")
            self.count_badge(surface, r, len(st), L.density)

    def draw_holdings(self, surface: pygame.Surface, f: TableFrame, seat: int) -> None:
        """A seat's cube supply and hand of cards (usable ones outlined on its turn)."""
        L = f.layout
        s = f.state
        px = f.geo.px
        p = s.players[seat]
        st = player_style(seat, p.hades)
        sx, sy = f.geo.supply_pos(seat)
        flying = len(f.anim.cubes_in_flight(seat))
        D.shape(surface, st["shape"], (sx - px(16), sy), px(9), st["colour"], (250, 244, 230))
        FONTS.blit(
            surface,
            f"\u00d7{p.supply - flying}",
            L.body,
            colour("text_light"),
            (sx - px(2), sy),
            "midleft",
            "bold",
        )
        self.draw_hand(surface, f, seat)

    def draw_hand(self, surface: pygame.Surface, f: TableFrame, seat: int) -> None:
        """A seat's hand, kept as drawn (``_HANDS``) by what each group of it shows: its
        card, place, count and state, and its outline. Late in a game the four hands hold
        some forty cards, and blitting them one by one was a fifth of a frame at 1920x1080.
        """
        part, choosing, compact, groups = self.part(
            surface, f, ("hand", seat), lambda: self.hand_part(surface, f, seat)
        )
        part.show(surface, lambda: self.paint_hand(surface, f, seat, choosing, compact, groups))

    def hand_part(
        self, surface: pygame.Surface, f: TableFrame, seat: int
    ) -> tuple[Part, bool, bool, list[tuple[Any, ...]]]:
        """A hand's part for :meth:`draw_hand`, and what painting it needs: whether its seat
        is choosing, whether its cards are compact, and each group as it is shown."""
        s = f.state
        hidden = f.anim.hidden_cards()
        flips = f.anim.flips()
        usable: set[str] = set()
        choosing = seat == f.human_seat and s.prompt == "action"
        if choosing:
            usable = {a.card for a in f.legal if a.kind == USE}
        hand = f.geo.hand(seat)
        gods_shown = bool(s.config.variant.gods_count)
        aimed = f.aim.source if f.aim is not None and seat == s.current else None
        groups = []
        moving = False
        for g, r, vis in zip(hand.groups, hand.rects, hand.visible, strict=True):
            # Cards still flying to the hand are not in it yet.
            count = sum(1 for c in g.cards if c not in hidden)
            if not count:
                continue
            fa = next((flips[c] for c in g.cards if c in flips), None)
            flip = round(fa.progress, 3) if fa is not None and fa.started else None
            moving = moving or flip is not None
            groups.append(
                (
                    g,
                    tuple(r),
                    tuple(vis),
                    count,
                    gods_shown or card_set().card(g.card).kind != "god",
                    any(c in usable for c in g.cards),
                    aimed in g.cards,
                    flip,
                )
            )
        key = (
            type(self),
            seat,
            s.players[seat].hades,
            choosing,
            hand.compact,
            tuple(groups),
            f.layout.density,
        )
        # The hand's area, grown by the outlines and count pills that reach past it (the
        # panel's edge is drawn after, the dice too: both may overlap this margin).
        area = f.geo.hand_area(seat).inflate(f.geo.px(12), f.geo.px(12))
        return _HANDS.part(surface, area, key, moving), choosing, hand.compact, groups

    def paint_hand(
        self,
        surface: pygame.Surface,
        f: TableFrame,
        seat: int,
        choosing: bool,
        compact: bool,
        groups: list[tuple[Any, ...]],
    ) -> None:
        """Draw what :meth:`draw_hand` shows (it keeps the picture)."""
        L = f.layout
        px = f.geo.px
        st = player_style(seat, f.state.players[seat].hades)
        for g, rt, vt, count, face_up, can_use, aimed, flip in groups:
            cid = g.card
            r = pygame.Rect(rt)
            vis = pygame.Rect(vt)
            if flip is not None:
                k = abs(1 - 2 * flip)
                # The first half of a flip shows the side the card had before.
                down = g.down if flip > 0.5 else not g.down
                src = art.hand_card(cid, r.w, r.h, face_up, False, down, compact)
                img = pygame.transform.smoothscale(src, (max(1, int(r.w * k)), r.h))
                surface.blit(img, img.get_rect(center=r.center))
                continue
            # On your turn, cards you cannot use now are greyed; usable ones are outlined.
            img = art.hand_card(
                cid, r.w, r.h, face_up, choosing and not (can_use or g.down), g.down, compact
            )
            surface.blit(img, r)
            if g.cubed:
                self.card_cube(surface, r, st, g.used, compact, L.density)
            if count > 1:
                self.group_badge(surface, r, count, compact, L.density)
            if can_use:
                ring = vis.inflate(px(4), px(4))
                pygame.draw.rect(surface, colour("highlight"), ring, px(2), border_radius=px(6))
            if aimed:
                ring = vis.inflate(px(6), px(6))
                pygame.draw.rect(surface, colour("laurel"), ring, px(3), border_radius=px(6))

    def card_cube(
        self,
        surface: pygame.Surface,
        r: pygame.Rect,
        st: dict[str, Any],
        fresh: bool,
        compact: bool,
        k: float = 1.0,
    ) -> None:
        """The cube on a used demigod (ringed when it was placed this turn; ``k``: the
        display's scale).

        On a compact card it sits on the band's lower left edge, which stays in view
        when rows overlap.
        """
        size = max(round(5 * k), r.w // 7)
        if compact:
            centre = (r.x + size + round(3 * k), r.y + int(r.h * 0.46))
        else:
            centre = (r.centerx, r.bottom - r.h // 3)
        if fresh:
            ring = size + round(4 * k)
            pygame.draw.circle(surface, colour("highlight"), centre, ring, round(2 * k))
        D.shape(surface, st["shape"], centre, size, st["colour"], (250, 244, 230))

    def group_badge(
        self, surface: pygame.Surface, r: pygame.Rect, n: int, compact: bool, k: float = 1.0
    ) -> None:
        """How many alike cards a group holds ("×3"), in a dark pill on a corner (``k``: the
        display's scale).

        A compact card's band is all mark, so there the pill sits astride the top-left
        corner; a full card has room under its name band on the right.
        """
        size = round((12 if compact else 13) * k)
        label = FONTS.text(f"\u00d7{n}", size, colour("text_light"), "bold")
        pill = label.get_rect().inflate(round(6 * k), 0)
        if compact:
            pill.center = (r.x + round(4 * k), r.y + round(3 * k))
        else:
            pill.topright = (r.right + round(3 * k), r.y - round(3 * k))
        pygame.draw.rect(surface, (40, 30, 24), pill, border_radius=pill.h // 2)
        pygame.draw.rect(surface, colour("gold"), pill, round(k), border_radius=pill.h // 2)
        surface.blit(label, label.get_rect(center=pill.center))

    def draw_score(
        self, surface: pygame.Surface, f: TableFrame, seat: int, head: pygame.Rect, left: int
    ) -> pygame.Rect:
        """The running score at the header's right, and left of it in a paler, smaller hand
        the part already secured when some may still change (majorities, cubes): "(6 sure)
        10 VP", when it fits right of ``left`` (else the tooltip alone tells it). Returns the
        rectangle drawn over."""
        ps = self.scores(f.state).players[seat]
        secured, provisional = vp_split(ps)
        label = FONTS.blit(
            surface,
            t("panel.vp", vp=ps.total),
            f.layout.body,
            (252, 248, 238),
            (head.right - f.geo.px(10), head.centery),
            "midright",
            "bold",
        )
        if provisional:
            text = t("panel.vp_sure", vp=secured)
            pic = FONTS.text(text, f.layout.small, (236, 226, 204))
            gap = f.geo.px(5)
            if label.x - gap - pic.get_width() >= left:
                sure = surface.blit(pic, pic.get_rect(midright=(label.x - gap, head.centery)))
                label = label.union(sure)
        return label

    def tooltip(self, tg: Target, f: TableFrame) -> list[str]:
        """Tooltip lines for a target: what it is and, before a move, what it would do."""
        if tg.kind == "score":
            sheet = bool(f.state.config.variant.sheet)
            return score_lines(self.scores(f.state).players[tg.seat], sheet=sheet)
        lines = tooltip_lines(tg, f)
        if f.human_seat < 0 or f.state.current != f.human_seat:
            return lines
        key = (id(f.state), tg.kind, tg.value)
        if self._preview is not None and self._preview[0] == key:
            return lines + self._preview[1]
        extra: list[str] = []
        if tg.kind == "column":
            extra = labour_tooltip(f.state, labour_ways(f.state, f.legal).get(tg.value, []))
        elif tg.kind in ("hand_card", "god") and tg.seat in (f.human_seat, -1):
            extra = ability_lines(f.state, f.human_seat, str(tg.value))
        self._preview = (key, extra)
        return lines + extra

    # --- over the table ----------------------------------------------------------------------
    def draw_sidebar(self, surface: pygame.Surface, f: TableFrame) -> None:
        """Whose turn it is and what to do, then the log (newest at the bottom)."""
        L = f.layout
        s = f.state
        pb = L.prompt_box
        px = f.geo.px
        pygame.draw.rect(surface, colour("gold_dark"), pb, 2, border_radius=px(10))
        x = pb.x + px(12)
        y = pb.y + px(10)
        head = f.heading
        if not head:
            if s.is_terminal:
                head = t("prompt.game_over")
            elif s.current < 0:
                head = t("prompt.rolling")
            else:
                head = t("prompt.turn", who=seat_name(f.names, s.current))
        FONTS.blit(
            surface, head, int(L.body * 1.15), colour("highlight"), (x, y), "topleft", "bold"
        )
        y += int(L.body * 1.15) + px(10)
        for line in f.prompt:
            for wl in FONTS.wrap(line, L.body, pb.w - px(24)):
                if y + L.body > pb.bottom - px(6):
                    break
                FONTS.blit(surface, wl, L.body, colour("text_light"), (x, y))
                y += L.body + px(5)
        draw_log(surface, f)

    def draw_flying(self, surface: pygame.Surface, f: TableFrame) -> None:
        """Pieces in flight: cubes to the supply, cards to the hand, Pegasus to its holder."""
        L = f.layout
        px = f.geo.px
        players = f.state.players
        for a in f.anim.flying():
            k = ease_out_cubic(a.progress)
            if a.kind == "cube":
                seat = a.data["seat"]
                st = player_style(seat, players[seat].hades)
                x0, y0 = L.cube_center(seat, a.data["column"])
                x1, y1 = f.geo.supply_pos(seat)
                x = lerp(x0, x1 - px(16), k)
                y = lerp(y0, y1, k) - px(60) * (1 - (2 * k - 1) ** 2)
                D.shape(surface, st["shape"], (x, y), px(9), st["colour"], st["dark"])
            elif a.kind == "card":
                seat = a.data["seat"]
                src = a.data["src"]
                dst = f.geo.card_dest(seat, a.data["card"])
                r = pygame.Rect(0, 0, int(lerp(src.w, dst.w, k)), int(lerp(src.h, dst.h, k)))
                r.center = (
                    int(lerp(src.centerx, dst.centerx, k)),
                    int(lerp(src.centery, dst.centery, k)),
                )
                surface.blit(art.card_face(a.data["card"], max(8, r.w), max(10, r.h)), r)
            elif a.kind in ("cube_on_card", "cube_off_card"):
                seat = a.data["seat"]
                st = player_style(seat, players[seat].hades)
                x0, y0 = f.geo.supply_pos(seat)
                dst = f.geo.card_dest(seat, a.data["card"])
                if a.kind == "cube_off_card":
                    k = 1 - k  # the same arc, travelled back to the supply
                x = lerp(x0 - px(16), dst.centerx, k)
                y = lerp(y0, dst.centery + dst.h // 8, k) - px(30) * (1 - (2 * k - 1) ** 2)
                D.shape(surface, st["shape"], (x, y), px(7), st["colour"], (250, 244, 230))
            elif a.kind == "pegasus":
                frm, to = a.data["frm"], a.data["to"]
                p0 = L.panels[frm].midtop
                p1 = L.panels[to].midtop
                w, h = L.pegasus_spot.size
                img = art.pegasus_card(w, h)
                surface.blit(
                    img,
                    img.get_rect(center=(lerp(p0[0], p1[0], k), lerp(p0[1], p1[1], k) - px(40))),
                )

    def draw_tooltip(self, surface: pygame.Surface, f: TableFrame) -> None:
        """The tooltip of what is under the mouse (or of a disabled button: why not now)."""
        if f.button_tip is not None:
            # Buttons are drawn over the table: keep clear of all of them, not only this one.
            anchor, lines = f.layout.buttons.union(f.button_tip[0]), f.button_tip[1]
        else:
            tg = f.hover
            if tg is None:
                return
            lines = self.tooltip(tg, f)
            anchor = tg.rect if tg.rect.w * tg.rect.h < 160 * 160 else pygame.Rect(f.mouse, (1, 1))
        if lines:
            draw_tip_box(surface, lines, f.layout.body, f.mouse, anchor)


def draw_tip_box(
    surface: pygame.Surface,
    lines: list[str],
    size: int,
    mouse: tuple[int, int],
    anchor: pygame.Rect,
) -> pygame.Rect:
    """A tooltip box: lines wrapped to at most 45 % of the window (never wider than the
    screen), placed beside the mouse where it neither leaves the window nor covers the mouse
    or ``anchor`` (the thing pointed at, when small) if any place can. Returns the box."""
    screen = surface.get_rect()
    most = max(200, min(screen.w * 45 // 100, 620))
    wrapped: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        style = "bold" if i == 0 else "body"
        for part in FONTS.wrap(line, size, most - 20, style):
            wrapped.append((part, i == 0))
    w = max(FONTS.measure(x, size, "bold" if first else "body")[0] for x, first in wrapped) + 20
    h = len(wrapped) * (size + 4) + 12
    mx, my = mouse
    gap = 16
    candidates = [
        pygame.Rect(mx + gap, my + gap, w, h),  # below right: the usual place
        pygame.Rect(mx + gap, my - gap - h, w, h),  # above right
        pygame.Rect(mx - gap - w, my + gap, w, h),  # below left
        pygame.Rect(mx - gap - w, my - gap - h, w, h),  # above left
        pygame.Rect(anchor.x, anchor.bottom + 6, w, h),  # under the thing pointed at
        pygame.Rect(anchor.x, anchor.y - 6 - h, w, h),  # over it
        pygame.Rect(anchor.x - 6 - w, my - h // 2, w, h),  # left of it
        pygame.Rect(anchor.right + 6, my - h // 2, w, h),  # right of it
    ]
    # Each place slid onto the screen if it overhangs; then the first that covers nothing.
    candidates = [c.clamp(screen) for c in candidates]
    box = candidates[0]
    for c in candidates:
        if screen.contains(c) and not c.collidepoint(mouse) and not c.colliderect(anchor):
            box = c
            break
    else:
        for c in candidates:
            if screen.contains(c) and not c.collidepoint(mouse):
                box = c
                break
    D.panel(surface, box, colour("parchment"), colour("gold_dark"), 6)
    y = box.y + 6
    for text, first in wrapped:
        FONTS.blit(
            surface,
            text,
            size,
            colour("ink"),
            (box.x + 10, y),
            "topleft",
            "bold" if first else "body",
        )
        y += size + 4
    return box

"""Draws the Later Years table from the scene's view of the game (never changes anything).

Everything about the game comes from ``sc.view()``: the game as the seat on view may see it.
Another seat's hidden cards and the face-down auction card are placeholders there, so they
can only ever be drawn as card backs.
"""

from __future__ import annotations

from typing import Any

import pygame

from hercules.games.later_years.engine import HIDDEN, load_data, score
from hercules.games.later_years.engine.state import P_BID, P_OVER, LaterYearsState
from hercules.ui import draw as D
from hercules.ui.anim import ease_in_out, lerp
from hercules.ui.layers import Regions, StaticLayer
from hercules.ui.log import TABLE_LOGS
from hercules.ui.strings import has, language, t, tn
from hercules.ui.table import EVERYTHING
from hercules.ui.theme import FONTS, colour

from .cards import card_picture, coin, money_coin, money_stack, pawn
from .chains import seat_chains
from .words import card_name, seat_name, seat_style, tint, type_name

#: The table scene, read only (``table.TableScene``; named loosely to keep one room apart).
TableScene = Any


#: The table's unchanging layer: marble, the panels, the board's labels and empty spaces.
_BASE = StaticLayer("ly.base")

#: What the frame reads of the engine, worked out once per view (the table's view is one
#: object per state and viewer): ``(view, score, each seat's chains)``.
_FACTS: list[Any] = [None, None, ()]


def facts(v: LaterYearsState) -> tuple[Any, tuple[list[list[int]], ...]]:
    """The score and every seat's chains of ``v``, worked out once per state, not per frame
    (the engine's ``score`` and ``max_chains`` cost more than the rest of a frame)."""
    if _FACTS[0] is not v:
        _FACTS[:] = [v, score(v), tuple(seat_chains(v, seat) for seat in range(v.n))]
    return _FACTS[1], _FACTS[2]


def draw_base(surface: pygame.Surface, sc: TableScene) -> None:
    """Blit the table's unchanging layer, drawing it first if the window or words changed.

    The panels lie apart (their shadows fall in the gaps), so drawing them all before any
    panel's contents gives the same pixels as drawing each with its contents."""
    lay = sc.layout
    rects = (lay.title, lay.board, lay.stage, lay.hand, lay.sidebar, lay.grid)
    key = (tuple(tuple(r) for r in rects), lay.cell, lay.density, sc.px(14))

    def draw(base: pygame.Surface) -> None:
        p = lay.px
        D.pave_marble(base, seed=23)
        D.panel(base, lay.title, colour("panel"), colour("gold"), p(10))
        _board_base(base, sc)
        D.panel(base, lay.stage, colour("panel"), colour("gold_dark"), p(12))
        D.panel(base, lay.hand, D.shade(colour("panel"), 0.9), colour("gold_dark"), p(12))
        D.panel(base, lay.sidebar, colour("panel"), colour("gold"), lay.px(12))

    _BASE.blit(surface, key, draw)


def draw_table(surface: pygame.Surface, sc: TableScene) -> None:
    """The whole table."""
    v = sc.view()
    draw_base(surface, sc)
    draw_title(surface, sc, v)
    draw_board(surface, sc, v)
    if v.prompt == P_BID:
        draw_auction(surface, sc, v)
    else:
        draw_plays(surface, sc, v)
    draw_hand(surface, sc, v)
    draw_sidebar(surface, sc, v)
    draw_flying(surface, sc)
    draw_bubble(surface, sc)


def _card(surface: pygame.Surface, card: str, r: pygame.Rect, glow: bool = False) -> None:
    """A card face (or back) in ``r``."""
    surface.blit(card_picture(card, r.w, r.h, glow, language()), r.topleft)


# --- title -----------------------------------------------------------------------------------


def draw_title(surface: pygame.Surface, sc: TableScene, v: LaterYearsState) -> None:
    """Round and phase, the deck and the discards; a replay says it shows every hand."""
    r = sc.layout.title
    p = sc.layout.px
    phase = t(f"ly.phase.{v.prompt}")
    text = t("ly.title", n=max(1, v.round), phase=phase)
    if sc.replaying() and sc.viewer == EVERYTHING:  # a spectator's replay shows no hand
        text = t("ly.title.replay", title=text)
    size = FONTS.fit(text, sc.px(20), r.w * 3 // 5, "bold", 12)
    FONTS.blit(
        surface, text, size, colour("highlight"), (r.x + p(14), r.centery), "midleft", "bold"
    )
    deck = sc.layout.deck
    _card(surface, HIDDEN, pygame.Rect(deck.x, deck.y, min(deck.w, round(deck.h * 0.7)), deck.h))
    info = t("ly.deck", n=len(v.deck), d=len(v.discard))
    FONTS.blit(
        surface, info, sc.px(15), colour("text_light"), (deck.x - p(10), r.centery), "midright"
    )


# --- the board -------------------------------------------------------------------------------


def draw_board(surface: pygame.Surface, sc: TableScene, v: LaterYearsState) -> None:
    """The 4 x 4 task board over its unchanging layer: lit tasks, coin stacks, the chains."""
    lay = sc.layout
    data = load_data()
    p = lay.px
    small = max(10, min(sc.px(14), lay.cell // 6))
    lit = sc.payable()
    reach = sc.in_reach()
    # Words wider than their space (a long language) spill onto the next ones, which then
    # cover them, as when every space was drawn in turn: those spaces are drawn again here.
    spilt: list[pygame.Rect] = []
    for i, sp in enumerate(data.spaces):
        cell = lay.space_rect(i).inflate(-p(4), -p(4))
        if sp.id in lit or cell.collidelist(spilt) >= 0:
            _cell(surface, sc, i, sp.id in lit)
        # else the base layer has it as it is
        stack = v.board[i]
        if stack:
            nxt = tn("ly.board.next", len(stack) + 1)
            words = FONTS.blit(
                surface,
                nxt,
                max(9, small - p(2)),
                tint("fee"),
                (cell.x + p(5), cell.y + p(3)),
                "topleft",
            )
            if not cell.contains(words):
                spilt.append(words)
        _stack(surface, cell, stack, lay.density)
        if sp.id in lit:
            gain = t("ly.board.earn", n=sp.fee)
            words = FONTS.blit(
                surface,
                gain,
                max(12, small + 2),
                colour("ink"),
                (cell.x + p(5), cell.bottom - p(3)),
                "bottomleft",
                "bold",
            )
            if not cell.contains(words):
                spilt.append(words)
        elif sp.id in reach and not lit:
            dot = (cell.right - p(8), cell.y + p(8))
            pygame.draw.circle(surface, colour("highlight"), dot, p(4))
    _draw_chains(surface, sc, v)


def _cell(surface: pygame.Surface, sc: TableScene, i: int, lit: bool) -> pygame.Rect:
    """Space ``i``'s tile, edge and fee (lit: as a task the selection pays for)."""
    p = sc.layout.px
    sp = load_data().spaces[i]
    cell: pygame.Rect = sc.layout.space_rect(i).inflate(-p(4), -p(4))
    alt = (sp.row + sp.col) % 2
    pygame.draw.rect(
        surface, tint("board_cell_alt" if alt else "board_cell"), cell, border_radius=p(6)
    )
    edge = tint("board_edge")
    if lit:
        edge = colour("highlight")
        pygame.draw.rect(surface, tint("lit"), cell, border_radius=p(6))
    pygame.draw.rect(surface, edge, cell, p(3) if lit else p(1), border_radius=p(6))
    fee_size = max(12, cell.h // 3)
    FONTS.blit(
        surface,
        str(sp.fee),
        fee_size,
        D.mix(tint("fee"), tint("board_cell"), 0.55),
        (cell.right - p(6), cell.bottom - p(2)),
        "bottomright",
        "bold",
    )
    return cell


def _board_base(surface: pygame.Surface, sc: TableScene) -> None:
    """The board as no move changes it: its panel, the labels and every space unlit."""
    lay = sc.layout
    data = load_data()
    p = lay.px
    D.panel(surface, lay.board, tint("board"), tint("board_edge"), p(12))
    small = max(10, min(sc.px(14), lay.cell // 6))
    for r, act in enumerate(data.rows):
        box = lay.row_label(r)
        _label(surface, type_name(act), data.types[act].value, box, small, tint("action_dark"))
    for c, obj in enumerate(data.columns):
        box = lay.col_label(c)
        # A long name has a short form for the column head ("Used Chariot Dealership" took
        # four lines at 1280x720).
        short = f"ly.board.short.{obj}"
        name = t(short) if has(short) else type_name(obj)
        _label(surface, name, data.types[obj].value, box, small, tint("object_dark"))
    for i in range(len(data.spaces)):
        _cell(surface, sc, i, False)


def _label(
    surface: pygame.Surface, name: str, value: int, box: pygame.Rect, size: int, ink: Any
) -> None:
    """A row's or column's name with its value ("Temple ×2"), wrapped to its box."""
    text = f"{name} \u00d7{value}"
    lines = FONTS.wrap(text, size, max(20, box.w - 4), "bold")
    while len(lines) * (size + 2) > box.h and size > 9:
        size -= 1
        lines = FONTS.wrap(text, size, max(20, box.w - 4), "bold")
    y = box.centery - len(lines) * (size + 2) // 2
    for ln in lines:
        fit = FONTS.fit(ln, size, box.w - 2, "bold", 8)
        FONTS.blit(surface, ln, fit, ink, (box.centerx, y), "midtop", "bold")
        y += size + 2


def _stack(
    surface: pygame.Surface, cell: pygame.Rect, stack: tuple[int, ...], k: float = 1.0
) -> None:
    """A space's coins, bottom first, each a little higher (the top one is the last placed);
    ``k``: the display's scale (real pixels per layout pixel)."""
    if not stack:
        return
    r = max(7, cell.w // 7)
    shown = stack[-5:]
    step = max(3, r // 2)
    x0 = cell.centerx - (len(shown) - 1) * step // 2
    y0 = cell.centery + (len(shown) - 1) * step // 2
    for k, seat in enumerate(shown):
        coin(surface, (x0 + k * step, y0 - k * step), r, seat)
    if len(stack) > len(shown):
        FONTS.blit(
            surface,
            f"{len(stack)}",
            max(10, r),
            colour("ink"),
            (cell.x + round(5 * k), cell.y + round(3 * k)),
            "topleft",
            "bold",
        )


def _draw_chains(surface: pygame.Surface, sc: TableScene, v: LaterYearsState) -> None:
    """Each seat's chains through its coins, in its colour, a little apart from the others'."""
    lay = sc.layout
    for seat in range(v.n):
        st = seat_style(seat)
        off = (seat - (v.n - 1) / 2) * max(2, lay.cell // 14)
        for k, path in enumerate(facts(v)[1][seat]):
            pts = [
                (
                    lay.space_rect(c).centerx + off + k * lay.px(3),
                    lay.space_rect(c).centery + off + k * lay.px(3),
                )
                for c in path
            ]
            width = max(3, lay.cell // 16)
            if len(pts) > 1:
                pygame.draw.lines(surface, st["dark"], False, pts, width + lay.px(3))
                pygame.draw.lines(surface, st["colour"], False, pts, width)
            for p in (pts[0], pts[-1]):
                end = (round(p[0]), round(p[1]))
                pygame.draw.circle(surface, st["colour"], end, width + lay.px(2))


# --- the auction -----------------------------------------------------------------------------


def _flying_slots(sc: TableScene) -> set[int]:
    """Auction places whose card is still on its way (drawn by the animation, not here)."""
    return {a.data["slot"] for a in sc.anim.of_kind("fly") if "slot" in a.data}


def draw_auction(surface: pygame.Surface, sc: TableScene, v: LaterYearsState) -> None:
    """The cards up for auction, their standing bids, whose turn it is, and the stepper."""
    lay = sc.layout
    st = lay.stage
    p = lay.px
    who = seat_name(sc.names, v.current)
    head = t("ly.auction.head", name=who)
    size = FONTS.fit(head, sc.px(18), st.w - p(30), "bold", 11)
    FONTS.blit(
        surface, head, size, colour("highlight"), (st.x + p(14), st.y + p(12)), "topleft", "bold"
    )
    n = len(v.row)
    flying = _flying_slots(sc)
    for slot, (r, spot) in enumerate(zip(lay.auction_cards(n), lay.bid_spots(n), strict=True)):
        chosen = sc.bid_slot == slot
        if slot not in flying:
            _card(surface, v.row[slot], r, glow=chosen)
        if slot == n - 1:
            tag = t("ly.auction.face_down")
            fit = FONTS.fit(tag, sc.px(13), r.w, smallest=9)
            FONTS.blit(surface, tag, fit, colour("text_dim"), (r.centerx, r.y - p(3)), "midbottom")
        seat, amount = v.bids[slot]
        if seat >= 0:
            cr = max(p(8), min(p(13), spot.w // 7))
            coin(surface, (spot.x + cr + p(4), spot.y + cr + p(4)), cr, seat)
            money_coin(surface, (spot.x + 3 * cr + p(10), spot.y + cr + p(4)), cr)
            FONTS.blit(
                surface,
                str(amount),
                sc.px(18),
                colour("highlight"),
                (spot.x + 4 * cr + p(16), spot.y + cr + p(4)),
                "midleft",
                "bold",
            )
            name = seat_name(sc.names, seat)
            fit = FONTS.fit(name, sc.px(13), spot.w, smallest=9)
            FONTS.blit(
                surface,
                name,
                fit,
                colour("text_light"),
                (spot.x + p(4), spot.y + 2 * cr + p(12)),
                "topleft",
                "bold",
            )
        else:
            free = t("ly.auction.open")
            fit = FONTS.fit(free, sc.px(13), spot.w, smallest=9)
            FONTS.blit(
                surface, free, fit, colour("text_dim"), (spot.centerx, spot.y + p(10)), "midtop"
            )
    # The score so far only where it clears the stepper (a short window has no room for it
    # during the auction; the players' panels show coins and tasks meanwhile).
    _standings(surface, sc, v, above=lay.stepper(n)["bid"].bottom + p(10))
    if sc.human() and sc.bid_slot is not None:
        _stepper(surface, sc, n)
    elif sc.human():
        tip = t("ly.auction.pick")
        FONTS.blit(
            surface,
            tip,
            sc.px(16),
            colour("text_light"),
            (st.centerx, lay.stepper(n)["amount"].centery),
            "center",
        )


def _stepper(surface: pygame.Surface, sc: TableScene, n: int) -> None:
    """Minus, the amount, plus, and the Bid button, drawn as the box's buttons."""
    parts = sc.layout.stepper(n)
    p = sc.layout.px
    rng = sc.bid_range(sc.bid_slot)
    lo, hi = rng if rng is not None else (0, 0)
    for key in ("minus", "plus", "bid"):
        r = parts[key]
        enabled = (
            (key == "minus" and sc.bid_amount > lo)
            or (key == "plus" and sc.bid_amount < hi)
            or key == "bid"
        )
        hover = r.collidepoint(sc.mouse) and enabled
        fill = (
            colour("gold")
            if hover
            else (colour("panel_light") if enabled else D.shade(colour("panel"), 0.8))
        )
        pygame.draw.rect(surface, fill, r, border_radius=p(8))
        pygame.draw.rect(surface, colour("gold_dark"), r, p(2), border_radius=p(8))
        ink = colour("ink") if hover else (colour("text_light") if enabled else colour("text_dim"))
        if key == "bid":
            label = t("ly.btn.bid", n=sc.bid_amount)
            fit = FONTS.fit(label, sc.px(17), r.w - p(10), "bold", 10)
            FONTS.blit(surface, label, fit, ink, r.center, "center", "bold")
        else:
            cx, cy = r.center
            k = r.h // 5
            pygame.draw.line(surface, ink, (cx - k, cy), (cx + k, cy), p(3))
            if key == "plus":
                pygame.draw.line(surface, ink, (cx, cy - k), (cx, cy + k), p(3))
    a = parts["amount"]
    pygame.draw.rect(surface, colour("parchment"), a, border_radius=p(8))
    pygame.draw.rect(surface, colour("gold_dark"), a, p(2), border_radius=p(8))
    money_coin(surface, (a.x + a.h // 2, a.centery), max(6, a.h // 4))
    FONTS.blit(
        surface,
        str(sc.bid_amount),
        sc.px(22),
        colour("ink"),
        (a.right - p(10), a.centery),
        "midright",
        "bold",
    )
    hint = t("ly.auction.range", lo=lo, hi=hi)
    FONTS.blit(surface, hint, sc.px(13), colour("text_dim"), (a.centerx, a.bottom + p(6)), "midtop")


# --- the play phase --------------------------------------------------------------------------


def draw_plays(surface: pygame.Surface, sc: TableScene, v: LaterYearsState) -> None:
    """Beside the board in a play phase: what the selection pays for, or who is playing."""
    st = sc.layout.stage
    p = sc.layout.px
    x, y = st.x + p(16), st.y + p(14)
    width = st.w - p(32)
    if v.prompt == P_OVER:
        head = t("ly.plays.over")
    else:
        head = t("ly.plays.head", name=seat_name(sc.names, v.current))
    size = FONTS.fit(head, sc.px(18), width, "bold", 11)
    FONTS.blit(surface, head, size, colour("highlight"), (x, y), "topleft", "bold")
    y += size + p(14)
    body = sc.px(15)
    lines: list[tuple[str, Any]] = []
    if sc.human():
        lit = sc.payable()
        if sc.selected:
            lines.append(
                (
                    t("ly.plays.selected", cards=", ".join(card_name(c) for c in sc.selected)),
                    colour("text_light"),
                )
            )
            if lit:
                lines.append((t("ly.plays.pays"), colour("gold")))
                for sp, fee in sorted(lit.items(), key=lambda kv: -kv[1]):
                    lines.append(
                        ("  " + tn("ly.plays.task_fee", fee, task=_task(sp)), colour("highlight"))
                    )
            else:
                lines.append((t("ly.plays.pays_none"), colour("text_dim")))
        else:
            reach = sc.in_reach()
            lines.append((t("ly.plays.select"), colour("text_light")))
            if reach:
                lines.append((tn("ly.plays.reach", len(reach)), colour("gold")))
                for sp, fee in sorted(reach.items(), key=lambda kv: -kv[1])[:6]:
                    lines.append(
                        ("  " + tn("ly.plays.task_fee", fee, task=_task(sp)), colour("text_light"))
                    )
            else:
                lines.append((t("ly.plays.reach_none"), colour("text_dim")))
    bottom = _standings(surface, sc, v)
    for text, ink in lines:
        for ln in FONTS.wrap(text, body, width):
            if y + body > bottom - p(8):
                return
            FONTS.blit(surface, ln, body, ink, (x, y))
            y += round(body * 1.4)


def standings_rect(sc: TableScene, players: int) -> pygame.Rect:
    """Where the score so far is written: the stage's foot, a line per player and a title."""
    st = sc.layout.stage
    p = sc.layout.px
    line = round(max(11, sc.px(14)) * 1.45)
    top = st.bottom - p(12) - (players + 1) * line
    return pygame.Rect(st.x + p(8), top - p(6), st.w - p(16), st.bottom - top + p(2))


def _standings(surface: pygame.Surface, sc: TableScene, v: LaterYearsState, above: int = 0) -> int:
    """The score so far at the stage's foot, a line per player; returns its top (nothing is
    drawn when it would reach above ``above``)."""
    st = sc.layout.stage
    p = sc.layout.px
    size = max(11, sc.px(14))
    line = round(size * 1.45)
    top = standings_rect(sc, v.n).y + int(p(6))
    if top < above:
        return int(st.bottom)
    rule = top - p(6)
    pygame.draw.line(
        surface, colour("gold_dark"), (st.x + p(14), rule), (st.right - p(14), rule), p(1)
    )
    FONTS.blit(
        surface, t("ly.standings"), size, colour("gold"), (st.x + p(16), top), "topleft", "bold"
    )
    res = facts(v)[0]
    y = top + line
    for seat in range(v.n):
        s = res.seats[seat]
        coin(surface, (st.x + p(24), y + size // 2 + p(2)), max(p(6), size // 2), seat)
        text = t(
            "ly.plays.score",
            name=seat_name(sc.names, seat),
            vp=s.total,
            tasks=s.tasks,
            chains=s.chains,
            bonus=s.money_bonus,
        )
        fit = FONTS.fit(text, size, st.w - p(60), smallest=9)
        FONTS.blit(surface, text, fit, colour("text_light"), (st.x + p(40), y))
        y += line
    return top


def _task(space: str) -> str:
    sp = load_data().space(space)
    return t("ly.task", action=type_name(sp.action), object=t(f"ly.the.{sp.object}"))


# --- the hand --------------------------------------------------------------------------------


def draw_hand(surface: pygame.Surface, sc: TableScene, v: LaterYearsState) -> None:
    """The hand of the seat on view, fanned; selected cards lifted. Nobody's: a note."""
    lay = sc.layout
    box = lay.hand
    p = lay.px
    cards = sc.hand_cards()
    if not 0 <= sc.viewer < v.n:
        if sc.replaying():
            _replay_hands(surface, sc, v)
        else:
            FONTS.blit(
                surface, t("ly.hand.none"), sc.px(16), colour("text_dim"), box.center, "center"
            )
        return
    title = tn("ly.hand.title", len(cards), name=seat_name(sc.names, sc.viewer))
    FONTS.blit(
        surface, title, sc.px(14), colour("gold"), (box.x + p(12), box.y + p(6)), "topleft", "bold"
    )
    lit = set(sc.selected)
    counts: dict[str, int] = {}
    for card, r in cards:
        whole = lay.hand_picture(r)
        picked = card in lit and counts.get(card, 0) == 0
        counts[card] = counts.get(card, 0) + 1
        if picked:
            whole = whole.move(0, -p(10))
        _card(surface, card, whole, glow=picked)


def _replay_hands(surface: pygame.Surface, sc: TableScene, v: LaterYearsState) -> None:
    """In a replay every hand is shown as the replay's viewer may see it: one row per seat,
    its name, then its cards by name and how many are hidden."""
    p = sc.layout.px
    box = sc.layout.hand.inflate(-p(16), -p(10))
    rows = max(1, v.n)
    rh = box.h // rows
    size = max(10, min(rh // 2, sc.px(18)))  # a row's words, never taller than the table's
    names = [seat_name(sc.names, seat) for seat in range(v.n)]
    x = box.x + max(FONTS.measure(n, size, "bold")[0] for n in names) + p(16)
    for seat in range(v.n):
        y = box.y + seat * rh
        FONTS.blit(
            surface,
            names[seat],
            size,
            seat_style(seat)["colour"],
            (box.x, y + rh // 2),
            "midleft",
            "bold",
        )
        hand = v.hands[seat]
        hidden = sum(1 for c in hand if c == HIDDEN)
        words = [card_name(c) for c in sorted(c for c in hand if c != HIDDEN)]
        if hidden:
            words.append(tn("ly.hidden_cards", hidden))
        text = ", ".join(words) or "-"
        fit = FONTS.fit(text, size, box.right - x, smallest=8)
        FONTS.blit(surface, text, fit, colour("text_light"), (x, y + rh // 2), "midleft")


# --- the sidebar -----------------------------------------------------------------------------


def draw_sidebar(surface: pygame.Surface, sc: TableScene, v: LaterYearsState) -> None:
    """The players' plaques, what to do now, and the chronicle (the buttons are widgets)."""
    lay = sc.layout
    for seat, box in enumerate(lay.plaques):
        _plaque(surface, sc, v, seat, box)
    y = lay.prompt.y
    for i, line in enumerate(sc.prompt_lines()[:3]):
        size = sc.px(16 if i == 0 else 14)
        ink = colour("highlight") if i == 0 else colour("text_light")
        for ln in FONTS.wrap(line, size, lay.prompt.w)[:2]:
            if y + size > lay.prompt.bottom:
                break
            FONTS.blit(
                surface, ln, size, ink, (lay.prompt.x, y), "topleft", "bold" if i == 0 else "body"
            )
            y += round(size * 1.3)
    sc.log_view.draw(surface, t("ly.log.title"), TABLE_LOGS)


#: The players' plaques as drawn, by what each shows (they change only when a seat's money,
#: cards, tasks, the turn, the pawn or a bid do; drawn over the unchanging layer).
_PLAQUES = Regions("later_years.plaques", max_mb=4)


def _plaque(
    surface: pygame.Surface, sc: TableScene, v: LaterYearsState, seat: int, box: pygame.Rect
) -> None:
    """One player: shape and name, coins, cards, tasks, the pawn, a standing bid."""
    turn = v.current == seat and v.prompt != P_OVER
    name = seat_name(sc.names, seat)
    if seat == sc.viewer and not sc.replaying():
        name = t("ly.plaque.you", name=name)
    pawn_here = v.pawn == seat and v.prompt != P_OVER
    facts = t(
        "ly.plaque.facts", money=v.money[seat], cards=len(v.hands[seat]), tasks=v.markers_used(seat)
    )
    slot = v.standing(seat) if v.prompt == P_BID else -1
    bid = ""
    if slot >= 0:
        card = card_name(v.row[slot]) if slot < len(v.row) - 1 else t("ly.card.face_down")
        bid = t("ly.plaque.bid", n=v.bids[slot][1], card=card)
    size = max(11, min(sc.px(16), box.h // 3))
    small = max(10, min(sc.px(14), box.h // 3 - 1))
    key = (seat, turn, name, pawn_here, facts, bid, size, small, sc.layout.px(8))
    _PLAQUES.draw(
        surface,
        box,
        key,
        lambda: _paint_plaque(surface, sc, seat, box, turn, name, pawn_here, facts, bid),
    )


def _paint_plaque(
    surface: pygame.Surface,
    sc: TableScene,
    seat: int,
    box: pygame.Rect,
    turn: bool,
    name: str,
    pawn_here: bool,
    facts: str,
    bid: str,
) -> None:
    p = sc.layout.px
    fill = D.shade(colour("panel_light"), 1.1) if turn else colour("panel_light")
    pygame.draw.rect(surface, fill, box, border_radius=p(8))
    pygame.draw.rect(
        surface,
        colour("highlight") if turn else colour("gold_dark"),
        box,
        p(3) if turn else p(1),
        border_radius=p(8),
    )
    r = max(p(8), min(p(14), box.h // 4))
    cx = box.x + p(8) + r
    coin(surface, (cx, box.y + box.h // 2), r, seat)
    top = box.y + p(5)
    size = max(11, min(sc.px(16), box.h // 3))
    x = cx + r + p(8)
    FONTS.blit(
        surface,
        _clip(name, size, box.w // 2),
        size,
        colour("text_light"),
        (x, top),
        "topleft",
        "bold",
    )
    if pawn_here:
        pawn(surface, (box.right - p(16), box.y + box.h // 2), max(p(14), box.h // 2), p(2))
    small = max(10, min(sc.px(14), box.h // 3 - 1))
    FONTS.blit(
        surface,
        _clip(facts, small, box.w - (x - box.x) - p(36)),
        small,
        colour("text_light"),
        (x, box.bottom - p(5)),
        "bottomleft",
    )
    if bid:
        FONTS.blit(
            surface,
            _clip(bid, small, box.w // 2 - p(40)),
            small,
            colour("gold"),
            (box.right - p(36), top),
            "topright",
        )


def _clip(text: str, size: int, width: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` at ``size``."""
    if FONTS.measure(text, size)[0] <= width or len(text) < 4:
        return text
    cut = text
    while len(cut) > 3 and FONTS.measure(cut + "\u2026", size)[0] > width:
        cut = cut[:-1]
    return cut + "\u2026"


# --- animations and messages -----------------------------------------------------------------


def draw_flying(surface: pygame.Surface, sc: TableScene) -> None:
    """Pieces on their way, and fees rising over their spaces."""
    px = sc.layout.px
    for a in sc.anim.anims:
        if not a.started:
            continue
        p = ease_in_out(a.progress)
        if a.kind == "gain":
            at = a.data["at"]
            y = round(at.y + at.h // 3 - px(30) * p)
            FONTS.blit(
                surface,
                t("ly.board.earn", n=a.data["n"]),
                sc.px(20),
                colour("highlight"),
                (at.centerx, y),
                "center",
                "bold",
            )
            continue
        frm, to = a.data["frm"], a.data["to"]
        cx = round(lerp(frm.centerx, to.centerx, p))
        cy = round(lerp(frm.centery, to.centery, p))
        item = a.data["item"]
        if item == "card":
            w, h = sc.layout.card_w * 3 // 4, sc.layout.card_h * 3 // 4
            r = pygame.Rect(0, 0, w, h)
            r.center = (cx, cy)
            _card(surface, a.data["card"], r)
        elif item == "money":
            money_stack(surface, (cx, cy + px(10)), px(9), a.data["n"], a.data["seat"])
        elif item == "marker":
            coin(surface, (cx, cy), max(8, sc.layout.cell // 7), a.data["seat"])
        elif item == "pawn":
            pawn(surface, (cx, cy), px(26), px(2))


def draw_bubble(surface: pygame.Surface, sc: TableScene) -> None:
    """A message next to where the player clicked (a refusal, a hint)."""
    if sc.message_time <= 0 or not sc.message or sc.message_at is None:
        return
    p = sc.layout.px
    size = sc.px(16)
    lines = FONTS.wrap(sc.message, size, p(360))[:4]
    w = max(FONTS.measure(ln, size)[0] for ln in lines) + p(24)
    h = len(lines) * round(size * 1.35) + p(16)
    x, y = sc.message_at
    box = pygame.Rect(0, 0, w, h)
    box.midbottom = (x, y - p(6))
    box.clamp_ip(surface.get_rect().inflate(-p(8), -p(8)))
    D.panel(surface, box, colour("parchment"), colour("terracotta_dark"), p(8))
    yy = box.y + p(8)
    for ln in lines:
        FONTS.blit(surface, ln, size, colour("ink"), (box.x + p(12), yy))
        yy += round(size * 1.35)

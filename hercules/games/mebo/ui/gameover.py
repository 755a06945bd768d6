"""The end of the game: the full score breakdown per player, a bar chart and the tie-break."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.app import saves
from hercules.games.mebo.engine.scoring import score
from hercules.games.mebo.spec import GAME_ID
from hercules.ui import draw as D
from hercules.ui.names import seat_name
from hercules.ui.scene import Scene
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour, player_style

CATEGORIES = ("cards", "vases", "zeus_pantheon", "majorities", "sets", "cubes")
#: The print-and-play sheet scores other things (no cards, vases or cubes).
PNP_CATEGORIES = ("jumps", "reached_12", "majorities", "sets", "labours")
CAT_COLOURS = {
    "cards": (212, 170, 74),
    "vases": (176, 84, 48),
    "zeus_pantheon": (238, 222, 170),
    "majorities": (92, 124, 64),
    "sets": (84, 150, 186),
    "cubes": (150, 130, 120),
    "jumps": (176, 84, 48),
    "reached_12": (238, 222, 170),
    "labours": (150, 130, 120),
}


class GameOverScene(Scene):
    """Scores of a finished game (also works for any state, e.g. in screenshots)."""

    def __init__(self, app: Any, state: Any, names: list[str], controller: Any = None) -> None:
        super().__init__(app)
        self.state = state
        self.names = names
        self.ctl = controller  # lets the finished game be watched again as a replay
        self.result = score(state)
        self.categories = state.config.variant.score_categories

    def build(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        keys = ["new_game", "see_table", "replay", "title"]
        x = w // 2 - (len(keys) * 200 + (len(keys) - 1) * 30) // 2
        self.buttons: dict[Any, str] = {}
        for key in keys:
            b = self.add(
                pygame_gui.elements.UIButton(pygame.Rect(x, h - 80, 200, 50), t(f"over.{key}"), ui)
            )
            if key == "replay" and self.ctl is None:
                b.disable()
            self.buttons[b] = key
            x += 230
        by_key = {k: b for b, k in self.buttons.items()}
        self.btn_new, self.btn_table = by_key["new_game"], by_key["see_table"]
        self.btn_replay, self.btn_title = by_key["replay"], by_key["title"]

    def replay(self) -> None:
        """Watch this game again, from its first move."""
        try:
            doc = saves.game_document(self.ctl, self.names)
            loaded = saves.read_document(doc, self.ctl.rules)
            self.app.nav.replay(loaded)
        except saves.SaveError:
            return
        except Exception as exc:  # noqa: BLE001 - the last catch: the score screen stays up
            saves.damaged(exc)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.btn_new:
                self.app.nav.restart(self.ctl.rules.name if self.ctl else GAME_ID)
            elif event.ui_element is self.btn_title:
                self.app.nav.title()
            elif event.ui_element is self.btn_table:
                self.app.pop()
            elif event.ui_element is self.btn_replay:
                self.replay()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def headline(self) -> str:
        """Who won, in words."""
        winners = [seat_name(self.names, i) for i in self.result.winners]
        if len(winners) == 1:
            return t("over.winner", who=winners[0])
        return t("over.shared", who=", ".join(winners))

    def tiebreak_text(self) -> str:
        """How first place was decided."""
        tb = self.result.tiebreak
        if tb == "shared" and not self.state.config.variant.tiebreaks:  # pnp: none exist
            return t("over.tiebreak.shared_on_points")
        return t(f"over.tiebreak.{tb or 'none'}")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(colour("background"))
        D.meander(surface, pygame.Rect(0, 8, w, 16), colour("gold_dark"), 4)
        head = FONTS.blit(
            surface, self.headline(), 36, colour("highlight"), (w // 2, 40), "midtop", "bold"
        )
        D.laurel(surface, (head.x - 40, head.centery), 26, colour("laurel"))
        D.laurel(surface, (head.right + 40, head.centery), 26, colour("laurel"))
        FONTS.blit(surface, self.tiebreak_text(), 18, colour("text_light"), (w // 2, 96), "midtop")
        players = sorted(self.result.players, key=lambda p: (p.place, p.seat))
        # The table of categories.
        table = pygame.Rect(40, 140, int(w * 0.55), 60 + 44 * (len(self.categories) + 3))
        D.panel(surface, table, colour("panel"), colour("gold"), 12)
        col_w = (table.w - 220) // max(1, len(players))
        y = table.y + 16
        FONTS.blit(
            surface, t("over.category"), 18, colour("gold"), (table.x + 16, y), "topleft", "bold"
        )
        for k, p in enumerate(players):
            st = player_style(p.seat, self.state.players[p.seat].hades)
            x = table.x + 220 + k * col_w + col_w // 2
            FONTS.blit(
                surface, seat_name(self.names, p.seat), 18, st["colour"], (x, y), "midtop", "bold"
            )
        rows = [(t(f"over.cat.{c}"), [getattr(p, c) for p in players]) for c in self.categories]
        rows.append((t("over.total"), [p.total for p in players]))
        rows.append((t("over.place"), [p.place for p in players]))
        rows.append((t("over.column"), [p.apprentice for p in players]))
        y += 40
        for i, (label, vals) in enumerate(rows):
            if i % 2 == 0:
                pygame.draw.rect(
                    surface,
                    colour("panel_light"),
                    pygame.Rect(table.x + 6, y - 6, table.w - 12, 40),
                    border_radius=6,
                )
            bold = label == t("over.total")
            FONTS.blit(
                surface,
                label,
                FONTS.fit(label, 18, 196, "bold" if bold else "body", smallest=12),
                colour("text_light"),
                (table.x + 16, y),
                "topleft",
                "bold" if bold else "body",
            )
            for k, v in enumerate(vals):
                x = table.x + 220 + k * col_w + col_w // 2
                FONTS.blit(
                    surface,
                    str(v),
                    20 if bold else 18,
                    colour("highlight") if bold else colour("text_light"),
                    (x, y),
                    "midtop",
                    "bold" if bold else "body",
                )
            y += 44
        # The bar chart: one stacked bar per player, by category.
        chart = pygame.Rect(table.right + 30, 140, w - table.right - 70, table.h)
        D.panel(surface, chart, colour("panel"), colour("gold"), 12)
        top = max(1, max(p.total for p in players))
        bw = min(90, (chart.w - 40) // max(1, len(players)) - 20)
        base = chart.bottom - 50
        height = chart.h - 150  # room above for the legend and the totals
        for k, p in enumerate(players):
            x = chart.x + 30 + k * (bw + 20)
            y = base
            for c in self.categories:
                v = getattr(p, c)
                if v <= 0:
                    continue
                hh = int(height * v / top)
                pygame.draw.rect(surface, CAT_COLOURS[c], pygame.Rect(x, y - hh, bw, hh))
                y -= hh
            FONTS.blit(
                surface,
                str(p.total),
                18,
                colour("highlight"),
                (x + bw // 2, y - 4),
                "midbottom",
                "bold",
            )
            st = player_style(p.seat, self.state.players[p.seat].hades)
            D.shape(surface, st["shape"], (x + bw // 2, base + 18), 9, st["colour"], st["dark"])
        ly = chart.y + 14
        lx = chart.x + 16
        for c in self.categories:
            pygame.draw.rect(surface, CAT_COLOURS[c], pygame.Rect(lx, ly + 3, 14, 14))
            r = FONTS.blit(surface, t(f"over.cat.{c}"), 16, colour("text_light"), (lx + 20, ly))
            lx = r.right + 14
            if lx > chart.right - 120:
                lx = chart.x + 16
                ly += 22

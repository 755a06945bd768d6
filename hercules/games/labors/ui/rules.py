"""The rules screen: our own summary of the rules, then a reference built from the game's data.

The summary is the game's ``text/rules.<lang>.txt``; the reference lists the twelve labours
(each Trial die's health, attack and track), every Reward and every Mood, in the words of
:mod:`.words`, so it always says what the engine plays.
"""

from __future__ import annotations

from collections import Counter

import pygame

from hercules.games.labors.engine import LaborsData, load_data
from hercules.ui.rules_page import MARGIN, STYLES, Line, Row, RulesPage
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour

from .words import (
    blue_text,
    game_text,
    labour_title,
    mood_name,
    mood_text,
    numeral,
    reward_name,
    reward_text,
    reward_variant,
    trial_die_text,
)

#: The indent of bullets and reference lines at 100 %.
INDENT = 30
#: Badge kinds drawn left of a reference line: a Trial die's health, a Reward's letter, a Mood.
DIE, VARIANT, MOOD, SPECIAL = "die", "variant", "mood", "special"

__all__ = ["MARGIN", "STYLES", "RulesScene", "reference_rows"]


def reference_rows(data: LaborsData | None = None) -> list[Row]:
    """The reference as (style, text, badge kind, badge text) rows, in the current language."""
    data = data or load_data()
    rows: list[Row] = [("head", t("lab.rules.ref.labours"), "", "")]
    rows.append(("body", t("lab.rules.ref.labours_help"), "", ""))
    for lab in data.labours:
        rows.append(("sub", labour_title(lab.n), "", ""))
        # Alike dice (two of the Stymphalian Birds) are one line with their number.
        alike = Counter((trial_die_text(d), d.start) for d in lab.dice)
        for (text, health), n in alike.items():
            line = t("lab.rules.ref.alike", n=n, what=text) if n > 1 else text
            rows.append(("card", line, DIE, str(health)))
    rows.append(("gap", "", "", ""))
    rows.append(("head", t("lab.rules.ref.rewards"), "", ""))
    rows.append(("body", t("lab.rules.ref.rewards_help"), "", ""))
    rows.append(("sub", t("lab.rules.ref.bow"), "", ""))
    for blue in data.bow:
        rows.append(("card", t("lab.rules.r.blue", what=blue_text(blue)), VARIANT, ""))
    for lab in data.labours:
        if not lab.rewards:
            continue
        rows.append(("sub", f"{numeral(lab.n)} \u00b7 {reward_name(lab.rewards[0], data)}", "", ""))
        for rid in lab.rewards:
            rows.append(
                ("card", reward_text(data.rewards[rid], data), VARIANT, reward_variant(rid))
            )
    rows.append(("gap", "", "", ""))
    rows.append(("head", t("lab.rules.ref.moods"), "", ""))
    rows.append(("body", t("lab.rules.ref.moods_help"), "", ""))
    for mood in data.moods.values():
        name = mood_name(mood.id)
        if mood.special:
            name = t("lab.rules.ref.special", name=name)
        rows.append(
            ("card", f"{name}: {mood_text(mood, data)}", SPECIAL if mood.special else MOOD, "")
        )
    return rows


class RulesScene(RulesPage):
    """The rules summary, then the reference, in a panel that scrolls. Esc or Back returns."""

    title_key = "lab.rules.title"
    back_key = "lab.rules.back"
    scroll_key = "lab.rules.scroll"
    column = 1240

    def rules_text(self) -> str:
        """The game's summary of its rules."""
        return game_text("rules")

    def reference_rows(self) -> list[Row]:
        """The labours, Rewards and Moods, after a gap."""
        return [("gap", "", "", ""), *reference_rows()]

    def draw_badge(
        self, surface: pygame.Surface, line: Line, x0: int, x: int, y: int, size: int
    ) -> None:
        """The line's badge, centred in its indent."""
        centre = (x - self.indent // 2 - 2, y + round(size * 0.72))
        self.draw_die_badge(surface, centre, size, line[3], line[4])

    @staticmethod
    def draw_die_badge(
        surface: pygame.Surface, center: tuple[int, int], size: int, kind: str, mark: str
    ) -> None:
        """The mark left of a reference line: a gold Trial die with its health, a Reward's
        letter on a blue disc (the Bow's and single Rewards' disc is plain), a Mood's dot."""
        cx, cy = center
        if kind == DIE:
            side = round(size * 1.15)
            box = pygame.Rect(0, 0, side, side)
            box.center = (cx, cy)
            pygame.draw.rect(surface, colour("gold"), box, border_radius=max(3, side // 5))
            pygame.draw.rect(surface, colour("gold_dark"), box, 2, border_radius=max(3, side // 5))
            fit = FONTS.fit(mark, round(size * 0.8), side - 4, "bold", smallest=8)
            FONTS.blit(surface, mark, fit, colour("ink"), box.center, "center", "bold")
        elif kind == VARIANT:
            r = round(size * (0.55 if mark else 0.36))  # a lettered disc tells variants apart
            pygame.draw.circle(surface, (70, 110, 160), (cx, cy), r)
            pygame.draw.circle(surface, colour("gold_dark"), (cx, cy), r, 2)
            if mark:
                FONTS.blit(
                    surface, mark, round(size * 0.7), (250, 246, 236), (cx, cy), "center", "bold"
                )
        else:
            fill = colour("terracotta") if kind == MOOD else colour("ink_soft")
            r = max(3, size // 4)
            pygame.draw.circle(surface, fill, (cx, cy), r)

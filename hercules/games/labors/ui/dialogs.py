"""The Labors table's dialogs: choosing a Reward (each card in full) and keeping Rewards when
a run starts from a later trial. Both send the engine's own actions through the table.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from hercules.games.labors.engine import Action, load_data
from hercules.games.labors.engine.actions import BEGIN, KEEP, REWARD
from hercules.games.labors.engine.data import BlueDef, GoldDef, RewardDef
from hercules.games.labors.engine.spaces import BlueSpace, GoldSpace
from hercules.ui import draw as D
from hercules.ui.scene import Shell
from hercules.ui.scenes.overlays import Overlay
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour

from .layout import tint
from .texts import labour_name, mood_name, reward_name, sentence
from .words import blue_text, gold_text


def blue_words(b: BlueDef) -> str:
    """A blue ability in one sentence (with its cost)."""
    return sentence(blue_text(b))


def gold_words(g: GoldDef) -> str:
    """A gold ability in one sentence."""
    return sentence(gold_text(g))


def space_words(space: BlueSpace | GoldSpace) -> str:
    """What a space on the table does."""
    if isinstance(space, BlueSpace):
        return blue_words(space.ability) + " " + t("lab.space.blue")
    return gold_words(space.ability)


def reward_lines(r: RewardDef) -> list[str]:
    """A Reward card in words: its bonus, abilities, Mood swap and restart cost."""
    bonus = []
    if r.courage:
        bonus.append(t("lab.bonus.courage", n=r.courage))
    if r.divinity:
        bonus.append(t("lab.bonus.divinity", n=r.divinity))
    if r.dice:
        bonus.append(t("lab.bonus.dice", n=r.dice))
    lines = [t("lab.reward.bonus", what=", ".join(bonus))] if bonus else []
    lines += [blue_words(b) for b in r.blue]
    lines += [gold_words(g) for g in r.gold]
    if r.redraw_mood:
        lines.append(t("lab.reward.redraw"))
    if r.remove_prior:
        lines.append(t("lab.reward.removes"))
    if r.mood_add:
        lines.append(
            t("lab.reward.moods", add=mood_name(r.mood_add), remove=mood_name(r.mood_remove))
        )
    lines.append(t("lab.reward.restart", n=r.restart))
    return lines


class RewardOverlay(Overlay):
    """The trial is beaten: each Reward of its cards side by side, in full; Take one."""

    def __init__(self, app: Shell, table: Any, rewards: list[str]) -> None:
        super().__init__(app, lambda: t("lab.reward.title"))
        self.table = table
        self.rewards = rewards

    def build(self) -> None:
        """As wide as the cards need, within the window."""
        n = max(1, len(self.rewards))
        self.card_w = min(300, (self.app.size[0] - 120) // n - 16)
        self.width = n * (self.card_w + 16) + 48
        self.height = min(self.app.size[1] - 40, 520)
        super().build()

    def build_widgets(self) -> None:
        for k, rid in enumerate(self.rewards):
            r = self.card_rect(k)
            button = pygame.Rect(r.x + 20, r.bottom + 10, r.w - 40, 44)
            self.button(button, t("lab.reward.take"), partial(self.take, rid))

    def card_rect(self, k: int) -> pygame.Rect:
        """Where card ``k`` is drawn."""
        x = self.box.x + 24 + k * (self.card_w + 16)
        return pygame.Rect(x, self.box.y + 70, self.card_w, self.box.h - 70 - 74)

    def take(self, rid: str) -> None:
        """Take this Reward."""
        self.app.pop()
        self.table.send(Action(REWARD, card=rid))

    def draw_body(self, surface: pygame.Surface) -> None:
        data = load_data()
        for k, rid in enumerate(self.rewards):
            r = self.card_rect(k)
            D.panel(surface, r, tint("card"), tint("card_edge"), 10)
            name = reward_name(rid)
            size = FONTS.fit(name, self.px(20), r.w - 20, "bold", 12)
            FONTS.blit(surface, name, size, colour("ink"), (r.centerx, r.y + 12), "midtop", "bold")
            y = r.y + 22 + FONTS.font(size, "bold").get_linesize()
            body = self.px(15)
            lh = FONTS.font(body).get_linesize()
            for line in reward_lines(data.rewards[rid]):
                for part in FONTS.wrap(line, body, r.w - 24):
                    if y + lh > r.bottom - 6:
                        break
                    FONTS.blit(surface, part, body, colour("ink"), (r.x + 12, y))
                    y += lh
                y += 6


class RestartOverlay(Overlay):
    """Starting from a later trial: keep at most one Reward per earlier labour, then begin."""

    def __init__(self, app: Shell, table: Any) -> None:
        super().__init__(app, lambda: t("lab.restart.title", n=table.state.config.start))
        self.table = table

    def build(self) -> None:
        """Tall enough for the earlier labours' Rewards, in two columns."""
        self.width = min(self.app.size[0] - 40, 1100)
        self.height = min(self.app.size[1] - 30, 690)
        super().build()

    def rows(self) -> list[tuple[str, pygame.Rect]]:
        """Each earlier labour's Rewards and their rows."""
        s = self.table.state
        rewards = [r for r in load_data().rewards.values() if r.labour < s.config.start]
        cols = 2
        per = -(-len(rewards) // cols)
        rh = min(40, (self.box.h - 200) // max(1, per))
        cw = (self.box.w - 60) // cols
        out = []
        for k, r in enumerate(rewards):
            c, i = divmod(k, per)
            out.append(
                (
                    r.id,
                    pygame.Rect(
                        self.box.x + 20 + c * (cw + 20), self.box.y + 100 + i * rh, cw, rh - 4
                    ),
                )
            )
        return out

    def build_widgets(self) -> None:
        legal = set(self.table.legal())
        kept = set(self.table.state.rewards)
        data = load_data()
        for rid, r in self.rows():
            button = pygame.Rect(r.right - 190, r.y, 190, r.h)
            if rid in kept:
                self.button(button, t("lab.restart.kept"), lambda: None, enabled=False)
            else:
                action = Action(KEEP, card=rid)
                self.button(
                    button,
                    t("lab.restart.keep", n=data.rewards[rid].restart),
                    partial(self.send, action),
                    enabled=action in legal,
                    tip=" ".join(reward_lines(data.rewards[rid])),
                )
        w = 320
        self.button(
            pygame.Rect(self.box.centerx - w // 2, self.box.bottom - 64, w, 48),
            t("lab.restart.begin"),
            partial(self.send, Action(BEGIN)),
        )

    def send(self, action: Action) -> None:
        """Keep a Reward (the dialog shows the new Courage) or begin."""
        self.app.pop()
        self.table.send(action)

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.table.state
        FONTS.blit(
            surface,
            f"{t('lab.courage')} {s.courage}   {t('lab.divinity')} {s.divinity}   "
            + t("lab.dice_count", n=s.dice),
            self.px(17),
            colour("text_light"),
            (self.box.centerx, self.box.y + 62),
            "midtop",
            "bold",
        )
        data = load_data()
        for rid, r in self.rows():
            r_def = data.rewards[rid]
            copy = f" ({rid[-1]})" if rid[-1].isalpha() else ""  # alike cards: A, B, C
            text = f"{r_def.labour}. {labour_name(r_def.labour)} — {reward_name(rid)}{copy}"
            size = FONTS.fit(text, self.px(15), r.w - 200, "body", 10)
            FONTS.blit(surface, text, size, colour("text_light"), (r.x, r.centery), "midleft")

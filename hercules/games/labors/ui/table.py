"""The Labors table scene: the player picks dice and places them with the mouse.

Click dice in the tray to pick them (in order), then click where they go: a blue space (its
ability changes them; a face is asked for where the ability lets the player choose), a gold
space, or a Trial die (an attack). The table lights what the picked dice can do; a refused
click says why next to the die. *End roll* commits the dice and the consequences play out
space by space. The scene reads the controller's state and sends it actions, never more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from hercules.games.labors.engine import Action, IllegalActionError, Reason
from hercules.games.labors.engine.actions import ATTACK, BLUE, GOLD, MOVE, RESOLVE
from hercules.games.labors.engine.spaces import BlueSpace, GoldSpace, blue_spaces
from hercules.games.labors.engine.state import (
    FREE,
    P_FORK,
    P_PLAY,
)
from hercules.ui.anim import tumble
from hercules.ui.focus import Stop, skip_moves
from hercules.ui.scenes.overlays import ChoiceOverlay, ConfirmOverlay, PauseOverlay
from hercules.ui.strings import t

from .base import LaborsTableBase
from .dialogs import space_words
from .painter import move_point
from .texts import (
    card_name,
    faces_text,
    method_text,
    refusal,
)


class TableScene(LaborsTableBase):
    """Plays one run through a controller: the base, plus what the painter asks and the mouse."""

    # --- what the painter asks ------------------------------------------------------------------
    def die_rects(self) -> list[pygame.Rect]:
        """The tray's dice rectangles."""
        return self.layout.die_rects(len(self.state.roll))

    def tutorial_regions(self, seat: int) -> dict[str, pygame.Rect]:
        """The places a guided game points at, by name: the Trial dice, their attack methods
        and tracks, the board, the tray, the cards (Bow and Rewards), Courage and Divinity,
        the Mood, the prompt, the log and the End roll button (``seat``: the one player)."""
        lay, tracks = self.layout, self.tracks
        dice = [self.trial_die_rect(i) for i in range(len(self.state.trial))]
        spaces = list(tracks.spaces.values())
        labels = list(tracks.labels.values())
        out = {
            "board": pygame.Rect(lay.board),
            "tray": pygame.Rect(lay.tray),
            "cards": pygame.Rect(lay.cards_box),
            "status": pygame.Rect(lay.status),
            "mood": pygame.Rect(lay.mood),
            "prompt": pygame.Rect(lay.prompt),
            "log": pygame.Rect(lay.log_box),
        }
        if dice:
            out["trial_dice"] = dice[0].unionall(dice[1:])
        if spaces:
            out["tracks"] = spaces[0].unionall(spaces[1:])
        if labels:
            out["methods"] = labels[0].unionall(labels[1:])
        for btn, key in self.buttons.items():
            out[key] = pygame.Rect(btn.rect)
        return out

    def shown_die(self, i: int, face: int) -> tuple[int, float, float]:
        """A Hercules die's face, rotation and lift (tumbling while its roll animates)."""
        for a in self.anim.of_kind("dice"):
            if i in a.data["dice"]:
                if not a.started:
                    return face, 0.0, 0.0
                return tumble(("lab", i), a.progress, a.data["dice"][i])
        return face, 0.0, 0.0

    def trial_die_rect(self, i: int) -> pygame.Rect:
        """Where Trial die ``i`` is drawn now (between spaces while it moves)."""
        node = self.state.trial[i].node
        for a in self.anim.of_kind("move"):
            if a.data["die"] == i:
                frm = self.tracks.die_rect(i, a.data["frm"])
                if not a.started:
                    return frm
                return move_point(frm, self.tracks.die_rect(i, a.data["to"]), a.progress)
        return self.tracks.die_rect(i, node)

    def shown_health(self, i: int) -> int:
        """Trial die ``i``'s health."""
        return int(self.state.trial[i].health)

    def shown_courage(self) -> float:
        """Courage as the track shows it."""
        return float(self.state.courage)

    def fork_choices(self) -> set[tuple[int, str]]:
        """The spaces the player may click at a fork."""
        if self.state.prompt != P_FORK or not self.human():
            return set()
        return {(a.target, a.space) for a in self.legal() if a.kind == MOVE}

    def _values(self, dice: Sequence[int]) -> list[int]:
        return sorted(self.state.roll[d].value for d in dice)

    def attack_targets(self) -> set[int]:
        """The Trial dice the picked dice can strike."""
        if not self.picked or self.state.prompt != P_PLAY:
            return set()
        want = self._values(self.picked)
        return {a.target for a in self.legal() if a.kind == ATTACK and self._values(a.dice) == want}

    def striking_dice(self) -> set[int]:
        """With nothing picked: the free dice that can take part in some attack (alike dice
        are one: every die showing a value some attack uses)."""
        if self.picked or self.state.prompt != P_PLAY or not self.human():
            return set()
        values = {
            self.state.roll[d].value for a in self.legal() if a.kind == ATTACK for d in a.dice
        }
        return {i for i, d in enumerate(self.state.roll) if d.use == FREE and d.value in values}

    def usable_spaces(self) -> set[str]:
        """The blue and gold spaces the picked dice can go on."""
        if not self.picked or self.state.prompt != P_PLAY:
            return set()
        want = self._values(self.picked)
        first = self.canonical_blue(self.picked[0])
        out = set()
        for a in self.legal():
            if a.kind == GOLD and self._values(a.dice) == want:
                out.add(a.space)
            elif a.kind == BLUE and first is not None and a.dice[0] == first:
                out.add(a.space)
        return out

    def placed_on(self, key: str) -> list[int]:
        """The faces of the dice put on a space this roll (read from this roll's records)."""
        for rec in reversed(self.logged):
            for ev in rec.events:
                if ev.kind in ("gold", "blue") and ev.node == key:
                    return [
                        self.state.roll[d].value for d in ev.dice[:1] if d < len(self.state.roll)
                    ]
            if any(ev.kind == "rolled" for ev in rec.events):
                break
        return []

    def struck_by(self, target: int) -> list[int]:
        """The faces of the dice that struck Trial die ``target`` this roll."""
        if self.state.prompt != P_PLAY:
            return []
        faces: list[int] = []
        roll = self.state.roll
        for rec in reversed(self.logged):
            for ev in rec.events:
                if ev.kind == "attack" and ev.target == target:
                    faces += sorted(roll[d].value for d in ev.dice if d < len(roll))
            if any(ev.kind == "rolled" for ev in rec.events):
                break
        return faces

    def tooltip(self) -> list[str]:
        """Words for what the mouse rests on: a space, a card, a Trial die's method."""
        if self.app.top is not self:
            return []
        for slot in self.layout.cards:
            spaces: list[tuple[BlueSpace | GoldSpace, pygame.Rect]] = [*slot.blue, *slot.gold]
            for sp, r in spaces:
                if r.collidepoint(self.mouse):
                    return [card_name(slot.card), space_words(sp)]
        return []

    # --- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse and keys on the table."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.log_view.motion(event.pos):
                return
            self.hover_space = self.fork_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.log_view.wheel(event.y, self.mouse)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.log_view.release()
            self.drop(event.pos)
        elif self.pressed(event):
            return
        elif event.type == pygame.KEYDOWN:
            self.on_key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.log_view.press(event.pos):
                return
            if self.anim.busy:
                self.anim.skip()
                return
            self.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.picked = []

    # --- keys ----------------------------------------------------------------------------------
    def focus_stops(self) -> list[Stop]:
        """For the keys, from the legal actions: at a fork its spaces; in a roll the free dice,
        then (dice picked) the spaces and Trial dice they can go on; a dialog closed with Esc
        to open again; then the sidebar's buttons."""
        out: list[Stop] = []
        if self.app.top is self and self.human() and not self.ctl.is_over:
            s = self.state
            if s.prompt == P_FORK:
                for die, node in sorted(self.fork_choices()):
                    act = partial(self.send, Action(MOVE, target=die, space=node))
                    rect = self.tracks.spaces[(die, node)]
                    out.append(Stop(("fork", die, node), rect, partial(self.key_act, act)))
            elif s.prompt == P_PLAY:
                out += self.play_stops()
            elif self.dialog_dismissed and self.asks_in_a_dialog():
                out.append(Stop(("dialog",), self.layout.board, partial(self.key_act, _nothing)))
        return out + super().focus_stops()

    def play_stops(self) -> list[Stop]:
        """In a roll: the free dice, then where the picked dice can go."""
        out = [
            Stop(("die", i), r, partial(self.key_act, partial(self.toggle_pick, i)), label="die")
            for i, r in enumerate(self.die_rects())
            if i < len(self.state.roll) and self.state.roll[i].use == FREE
        ]
        usable = self.usable_spaces()
        for slot in self.layout.cards:
            for sp, r in slot.blue:
                if sp.key in usable:
                    act = partial(self.use_blue, sp.key, r.midtop)
                    out.append(Stop(("blue", sp.key), r, partial(self.key_act, act), label="blue"))
            for gp, r in slot.gold:
                if gp.key in usable:
                    act = partial(self.use_gold, gp.key, r.midtop)
                    out.append(Stop(("gold", gp.key), r, partial(self.key_act, act), label="gold"))
        for i in sorted(self.attack_targets()):
            r = self.trial_die_rect(i)
            act = partial(self.attack, i, r.center)
            out.append(Stop(("trial", i), r, partial(self.key_act, act), label="trial"))
        return out

    def hurry(self) -> bool:
        """Enter or Space while pieces move only hurry them (as a click does)."""
        return skip_moves(self.anim)

    def key_act(self, act: Callable[[], object]) -> None:
        """Enter on a focused stop: what a click there does (a dialog closed opens again)."""
        self.dialog_dismissed = False
        act()

    def on_key(self, key: int) -> None:
        """Keyboard shortcuts: Esc, Enter, Space, Ctrl+Z, H, F1, 1-9 pick dice."""
        if key == pygame.K_ESCAPE:
            if self.picked:
                self.picked = []
            else:
                self.app.push(PauseOverlay(self.app, self))
        elif key == pygame.K_SPACE:
            self.anim.skip()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_button("resolve")
        elif key == pygame.K_z and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.undo()
        elif key == pygame.K_h:
            self.on_button("hint")
        elif key == pygame.K_F1:
            self.app.nav.rules(self.game_id)
        elif pygame.K_1 <= key <= pygame.K_9:
            self.toggle_pick(key - pygame.K_1)

    def on_button(self, key: str) -> None:
        """A sidebar button."""
        if key == "menu":
            self.app.push(PauseOverlay(self.app, self))
        elif key == "undo":
            self.undo()
        elif key == "resolve":
            self.resolve()
        elif key == "hint":
            self.show_hint()

    def resolve(self) -> None:
        """End the roll; asks first when free dice could still strike."""
        if not self.human() or self.state.prompt != P_PLAY or self.anim.busy:
            return
        action = Action(RESOLVE)

        def end_roll() -> None:
            self.send(action)

        if any(a.kind == ATTACK for a in self.legal()):
            self.app.push(
                ConfirmOverlay(
                    self.app,
                    lambda: t("lab.confirm.resolve"),
                    end_roll,
                    lambda: t("lab.confirm.resolve_body"),
                )
            )
            return
        self.send(action)

    def show_hint(self) -> None:
        """H: what the solver would do with this roll, in one sentence, its dice picked."""
        fn = self.hint_fn()
        if fn is None or not self.human() or self.state.prompt != P_PLAY:
            return
        action, sentence = fn(self.state)
        if action is not None and action.kind in (ATTACK, GOLD, BLUE):
            self.picked = list(action.dice)  # the dice it would use, picked for the player
        self.say(sentence, self._picked_at(), seconds=8.0)

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the table (never raises, never breaks a rule)."""
        self.dialog_dismissed = False  # a choice waiting for a dialog opens it again
        if not self.human():
            return
        s = self.state
        if s.prompt == P_FORK:
            hit = self.fork_at(pos)
            if hit is not None:
                self.send(Action(MOVE, target=hit[0], space=hit[1]))
            return
        if s.prompt != P_PLAY:
            return
        for i, r in enumerate(self.die_rects()):
            if r.collidepoint(pos):
                self.toggle_pick(i)
                return
        for slot in self.layout.cards:
            for sp, r in slot.blue:
                if r.collidepoint(pos):
                    self.use_blue(sp.key, r.midtop)
                    return
            for gp, r in slot.gold:
                if r.collidepoint(pos):
                    self.use_gold(gp.key, r.midtop)
                    return
        target = self.trial_at(pos)
        if target is not None:
            self.attack(target, pos)

    def press(self, pos: tuple[int, int]) -> None:
        """A left press: on a free die it is picked (and may be dragged), else a click."""
        self.press_at = pos
        self.drag_from = None
        s = self.state
        for i, r in enumerate(self.die_rects()):
            if r.collidepoint(pos) and s.prompt == P_PLAY and s.roll[i].use == FREE:
                self.fresh_pick = i not in self.picked
                if self.fresh_pick:
                    self.toggle_pick(i)
                self.drag_from = i
                return
        self.click(pos)

    def dragging(self) -> int | None:
        """The die being dragged (once the mouse has moved off where it was pressed)."""
        if self.drag_from is None or self.drag_from not in self.picked:
            return None
        if abs(self.mouse[0] - self.press_at[0]) + abs(self.mouse[1] - self.press_at[1]) < 10:
            return None
        return self.drag_from

    def drop(self, pos: tuple[int, int]) -> None:
        """The press ends: a dragged die takes the picked dice where it is dropped (a click
        there); a die picked before, pressed and released in place, leaves the pick."""
        pressed, dragged = self.drag_from, self.dragging()
        self.drag_from = None
        if pressed is None:
            return
        if dragged is None:
            if not self.fresh_pick and pressed in self.picked:
                self.toggle_pick(pressed)
            return
        if not self.layout.tray.collidepoint(pos):
            self.click(pos)

    def toggle_pick(self, i: int) -> None:
        """Pick a free die (or drop it)."""
        s = self.state
        if s.prompt != P_PLAY or not 0 <= i < len(s.roll):
            return
        if i in self.picked:
            self.picked.remove(i)
        elif s.roll[i].use == FREE:
            self.picked.append(i)
        else:
            self.say(t("lab.refused.no_die"), self.die_rects()[i].midtop)

    def fork_at(self, pos: tuple[int, int]) -> tuple[int, str] | None:
        """The fork space under the mouse."""
        for die, node in self.fork_choices():
            if self.tracks.spaces[(die, node)].inflate(6, 6).collidepoint(pos):
                return die, node
        return None

    def trial_at(self, pos: tuple[int, int]) -> int | None:
        """The Trial die whose die or row is under the mouse."""
        s = self.state
        for i in range(len(s.trial)):
            if self.trial_die_rect(i).inflate(8, 8).collidepoint(pos):
                return i
        if not self.tracks.graph:
            for i, row in self.tracks.rows.items():
                if row.collidepoint(pos):
                    return i
        elif len(s.trial) == 1 and self.layout.board.collidepoint(pos):
            return 0
        return None

    def _picked_at(self) -> tuple[int, int]:
        rects = self.die_rects()
        if self.picked and self.picked[0] < len(rects):
            return rects[self.picked[0]].midtop
        return self.layout.tray.midtop

    def canonical_blue(self, i: int) -> int | None:
        """The die the engine names for die ``i`` on a blue space (alike dice are one)."""
        s = self.state
        d = s.roll[i]
        if d.use != FREE or d.blue:
            return None
        return min(
            j for j, e in enumerate(s.roll) if e.use == FREE and not e.blue and e.value == d.value
        )

    def attack(self, target: int, pos: tuple[int, int]) -> None:
        """Strike Trial die ``target`` with the picked dice."""
        if not self.picked:
            self.say(t("lab.refused.pick_dice"), pos)
            return
        want = self._values(self.picked)
        for a in self.legal():
            if a.kind == ATTACK and a.target == target and self._values(a.dice) == want:
                self.send(a)
                return
        s = self.state
        if s.trial[target].health <= 0:
            self.say(t("lab.refused.beaten"), self._picked_at())
            return
        method = method_text(s.data.labour(s.labour).dice[target].attack)
        self.say(t("lab.refused.attack", faces=faces_text(want), method=method), self._picked_at())

    def use_gold(self, key: str, at: tuple[int, int]) -> None:
        """Put the picked dice on a gold space."""
        if not self.picked:
            self.say(t("lab.refused.pick_dice"), at)
            return
        want = self._values(self.picked)
        for a in self.legal():
            if a.kind == GOLD and a.space == key and self._values(a.dice) == want:
                self.send(a)
                return
        err = self.ctl.rules.validate(self.state, Action(GOLD, space=key, dice=tuple(self.picked)))
        if isinstance(err, IllegalActionError) and err.reason != Reason.NOT_MET:
            self.say(refusal(err), self._picked_at())
        else:
            self.say(t("lab.refused.gold", faces=faces_text(want)), self._picked_at())

    def use_blue(self, key: str, at: tuple[int, int]) -> None:
        """Put the first picked die on a blue space (asking for a face where needed)."""
        if not self.picked:
            self.say(t("lab.refused.pick_dice"), at)
            return
        s = self.state
        space = next((b for b in blue_spaces(s) if b.key == key), None)
        first = self.canonical_blue(self.picked[0])
        probe = Action(BLUE, space=key, dice=(self.picked[0],))
        err = self.ctl.rules.validate(s, probe)
        if space is None or first is None:
            reason = refusal(err) if err is not None else t("lab.refused.die_used_blue")
            self.say(reason, self._picked_at())
            return
        kind = space.ability.kind
        legal = [
            a for a in self.legal() if a.kind == BLUE and a.space == key and a.dice[:1] == (first,)
        ]
        if kind in ("set_other", "reroll_others"):
            if len(self.picked) < 2:
                self.say(t("lab.refused.blue_two"), self._picked_at())
                return
            rest = self._values(self.picked[1:])
            legal = [a for a in legal if self._values(a.dice[1:]) == rest]
            if kind == "set_other":
                legal = [a for a in legal if len(a.dice) == 2]
        if not legal:
            reason = (
                refusal(err)
                if err is not None and getattr(err, "reason", "") != Reason.NOT_MET
                else t("lab.refused.not_met")
            )
            self.say(reason, self._picked_at())
            return
        if len(legal) == 1 or kind in ("reroll", "twin", "reroll_others"):
            self.send(legal[0])
            return
        options = [
            (t("lab.choose.face_to", v=a.value), a) for a in sorted(legal, key=lambda a: a.value)
        ]
        name = card_name(space.card)
        self.app.push(
            ChoiceOverlay(self.app, self, lambda: t("lab.choose.face", card=name), options)
        )

    def send(self, action: Action) -> bool:
        """Submit an action; say why if it is refused."""
        if not self.human():
            self.not_your_turn()
            return False
        err = self.ctl.submit(action, 0)
        if err is not None:
            self.say(refusal(err), self._picked_at())
            return False
        return True


def _nothing() -> None:
    """A stop whose click does nothing but open the waiting dialog again."""

"""The guided first game: a coach over a game's table that points, explains and waits.

The coach plays a game's script (:mod:`hercules.app.tutorials`) over an ordinary table with an
ordinary controller: it never changes the game. It only *watches* (the controller's records)
and *filters* the player's input while a step waits: a click on the step's target goes to the
table as usual, a click elsewhere is refused with a word and changes nothing. The shell's
:class:`~hercules.ui.scene.Scene` asks the coach first for every event and lets it draw last
(over the widgets), so no table knows it is being coached; a table only names the places its
script points at (``tutorial_regions(seat)``). While a dialog is over the table the coach
stands aside: the dialog is the game's, and answering it is part of the step.

Drawn in the box's look: a dimmed veil with the target cut out and outlined in gold, and a
marble-and-gold callout with the words and its buttons (Next, Skip the guide, Leave), which are
stops of the keyboard focus too (Tab, then Enter; Enter alone is Next).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from hercules.app.controller import Record
from hercules.app.tutorials import Script, Step, action_matches, key_matches

from . import draw as D
from .focus import ALL_ARROWS, Stop
from .scene import Shell
from .strings import t
from .table import GameTable
from .theme import FONTS, colour

#: The coach's phases: guiding through the steps, the end (its offer), gone.
GUIDE, END, OFF = "guide", "end", "off"
#: Keys a waiting step lets through: the focus ring's, the rules, the pause menu.
_FREE_KEYS = (pygame.K_TAB, pygame.K_ESCAPE, pygame.K_F1, *ALL_ARROWS)
_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
#: How dark the veil is outside the target.
_VEIL = (20, 14, 10, 165)
#: The seat the player takes in every guided game (the script's first seat).
HUMAN = 0


@dataclass(frozen=True)
class Callout:
    """Where the callout and its buttons go this frame."""

    box: pygame.Rect
    lines: list[str]
    size: int
    heading: str
    buttons: list[tuple[str, pygame.Rect, str]]  #: (name, rect, words)


class Coach:
    """Plays a script over ``table`` (a game's table scene, the script's first seat human).

    ``first_game()`` starts the real game offered at the end, ``leave()`` goes back to the
    title; the navigator gives both (the coach opens no scene itself).
    """

    def __init__(
        self,
        app: Shell,
        script: Script,
        table: GameTable,
        first_game: Callable[[], object],
        leave: Callable[[], object],
    ) -> None:
        self.app = app
        self.script = script
        self.table = table
        self.first_game = first_game
        self.leave_to_title = leave
        self.index = 0
        self.phase = GUIDE
        #: Why the guide ended early ("" when the script ran to its end).
        self.ended_why = ""
        self.mouse = (0, 0)
        table.ctl.subscribe(self.on_record)

    # --- where we are ---------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        """The step shown (None past the last one)."""
        if self.phase != GUIDE or self.index >= len(self.script.steps):
            return None
        return self.script.steps[self.index]

    def alive(self) -> bool:
        """True while the coached table is on the stack and the guide is not over."""
        table: object = self.table  # a scene too, which its protocol type cannot say
        return self.phase != OFF and table in self.app.stack.scenes

    def engaged(self, scene: Any) -> bool:
        """True when the coach has a say over ``scene``'s input: its table, on top."""
        return self.alive() and scene is self.table and self.app.top is self.table

    def ready(self) -> bool:
        """The step can be shown: the player is to act and nothing moves (else the others
        are playing, or pieces are still moving: the coach waits, saying so)."""
        ctl = self.table.ctl
        if self.phase == END:
            return True
        if not ctl.human_to_act() or self.table.anim.busy or ctl.is_over:
            return False
        step = self.step
        if step is None or not step.when:
            return True
        json_of = ctl.rules.action_to_json
        return any(action_matches(step.when, json_of(a)) for a in ctl.legal())

    # --- the targets ----------------------------------------------------------------------------
    def target_stops(self) -> list[Stop]:
        """The table's focus stops the step lets the player use (its target's)."""
        step = self.step
        if step is None or step.target is None or not self.ready():
            return []
        kind, what = step.target
        stops = self.table.focus_stops()
        if kind != "region":
            wanted = step.stop_patterns()
            return [s for s in stops if any(key_matches(p, s.key) for p in wanted)]
        region = self.regions().get(str(what))
        if region is None:
            return []
        return [s for s in stops if region.collidepoint(s.rect.center)]

    def regions(self) -> dict[str, pygame.Rect]:
        """The table's named places (a table without any names none)."""
        return dict(self.table.tutorial_regions(HUMAN))

    def target_rects(self) -> list[pygame.Rect]:
        """Where the step's target is (a click there is the player's to make)."""
        step = self.step
        if step is None or step.target is None or not self.ready():
            return []
        if step.target[0] == "region":
            region = self.regions().get(str(step.target[1]))
            return [pygame.Rect(region)] if region is not None else []
        return [pygame.Rect(s.rect) for s in self.target_stops()]

    def holes(self) -> list[pygame.Rect]:
        """Where the step points: the cut-outs of the veil (none: the words alone), its
        target and the regions it shows beside it."""
        step = self.step
        found = self.target_rects()
        if step is None or not found:
            return found
        named = self.regions()
        return found + [pygame.Rect(named[r]) for r in step.show if r in named]

    def problem(self) -> str:
        """Why the step shown cannot be done as written ("" when it can): its target is not
        on the table, or lies outside the window. Tests call it at every step."""
        step = self.step
        if step is None or step.target is None or not self.ready():
            return ""
        found = self.holes()
        if not self.target_rects():
            return f"step {step.id!r}: target {step.target!r} is not on the table"
        missing = [r for r in step.show if r not in self.regions()]
        if missing:
            return f"step {step.id!r}: no region {missing[0]!r} to show"
        screen = pygame.Rect((0, 0), self.app.size)
        for r in found:
            if not screen.contains(r):
                return f"step {step.id!r}: target {step.target!r} at {r} is off the window"
        return ""

    # --- moving on ------------------------------------------------------------------------------
    def next(self) -> None:
        """The player read the step (Next), or did what it asked: on to the next one."""
        if self.phase != GUIDE:
            return
        self.index += 1
        if self.index >= len(self.script.steps):
            self.phase = END

    def skip(self) -> None:
        """Skip the rest of the guide: its end and offer now."""
        self.ended_why = "skipped"
        self.phase = END

    def play_on(self) -> None:
        """Go on with this game without the guide."""
        self.phase = OFF
        self.app.nav.end_tutorial(self)

    def leave(self) -> None:
        """Leave the guided game for the title."""
        self.phase = OFF
        self.leave_to_title()

    def start_first_game(self) -> None:
        """The real game the end offers (against an Easy bot)."""
        self.phase = OFF
        self.first_game()

    def on_record(self, rec: Record) -> None:
        """An action was applied: the player's, as the step asked, moves the guide on."""
        step = self.step
        if step is None or step.wait != "action" or rec.seat != HUMAN:
            return
        doc = self.table.ctl.rules.action_to_json(rec.action)
        if action_matches(step.pattern, doc):
            self.next()

    # --- input ----------------------------------------------------------------------------------
    def intercept(self, scene: Any, event: pygame.event.Event) -> bool:
        """Look at an event before anything else does; True if the coach took it (then
        nothing else sees it: a refused click changes nothing)."""
        if not self.alive():
            if self.phase != OFF:
                self.phase = OFF
                self.app.nav.end_tutorial(self)
            return False
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            return False
        if not self.engaged(scene):
            return False  # a dialog over the table: it is the game's
        event = self.app.to_layout(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._press(event)
        return self._key(scene, event)

    def _press(self, event: pygame.event.Event) -> bool:
        if event.button != 1:
            # A right click cancels an aim half made: not while a step waits for it.
            return event.button == 3 and self.waiting()
        if self.waiting() or self.phase == END:
            # The click is the guide's: a table's passing note (the recap of the others'
            # turns) closes as at any click, so it never hides a target for good.
            self.table.dismiss_recap()
        for name, rect, _words in self.callout(self.app.size).buttons:
            if rect.collidepoint(event.pos):
                self.press(name)
                return True
        if not self.waiting():
            return self.phase == END  # the others' turn: the table is free to look at
        step = self.step
        if step is not None and step.wait != "next":
            if any(r.collidepoint(event.pos) for r in self.target_rects()):
                if step.wait == "click":
                    self.next()  # the table handles the click next, as ever
                return False
        self.refuse()
        return True

    def _key(self, scene: Any, event: pygame.event.Event) -> bool:
        key = event.key
        if key in _FREE_KEYS or not (self.waiting() or self.phase == END):
            return False
        if key in (*_ENTER, pygame.K_SPACE) and scene.focus.visible:
            here = scene.focus.current(scene.ring_stops())
            if here is None:
                return False
            if isinstance(here.key, tuple) and here.key[:1] == ("tutorial",):
                self.press(str(here.key[1]))
                return True
            step = self.step
            if step is not None and step.wait == "click":
                self.next()
                here.act()
                return True
            return False  # the ring acts on the target, as a click would
        if key in _ENTER:
            if self.phase == GUIDE and self.step is not None and self.step.wait == "next":
                self.next()
            else:
                self.refuse()
            return True
        if key == pygame.K_SPACE:
            return False  # hurries what moves
        self.refuse()
        return True

    def waiting(self) -> bool:
        """True while a step is shown and waits for the player (the table is then guarded)."""
        return self.phase == GUIDE and self.step is not None and self.ready()

    def refuse(self) -> None:
        """A click or key the step does not want: say so, change nothing."""
        self.app.toast(t("tut.refused"))

    def press(self, name: str) -> None:
        """One of the callout's buttons."""
        action = {
            "next": self.next,
            "skip": self.skip,
            "leave": self.leave,
            "first": self.start_first_game,
            "play_on": self.play_on,
        }.get(name)
        if action is not None:
            action()

    def stops(self, scene: Any, stops: list[Stop]) -> list[Stop]:
        """The keyboard focus's stops for ``scene``: while the coach guards the table, the
        target's and the callout's buttons only."""
        if not self.alive() or not self.engaged(scene):
            return stops
        mine = [
            Stop(("tutorial", name), rect, _pressing(self, name), label=words)
            for name, rect, words in self.callout(self.app.size).buttons
        ]
        if not self.waiting():
            return (stops if self.phase == GUIDE else []) + mine
        return self.target_stops() + mine

    # --- drawing --------------------------------------------------------------------------------
    def callout(self, size: tuple[int, int]) -> Callout:
        """The callout's place, words and buttons for a window of ``size`` (the same for the
        drawing and the clicks)."""
        w, h = size
        scale = self.app.text_scale  # real pixels: Text size × the display's scale
        k = self.app.display_scale
        px = max(12, round(18 * scale))
        width = min(w - round(40 * k), round(460 * scale))
        steps = len(self.script.steps)
        if self.phase == END:
            key = "tut.skipped" if self.ended_why else self.script.done
            words = t(key)
            heading = t("tut.heading.end")
            buttons = [("first", t("tut.first")), ("play_on", t("tut.play_on"))]
            buttons.append(("leave", t("tut.leave")))
        elif self.step is not None and self.ready():
            words = t(self.step.say)
            heading = t("tut.heading", n=self.index + 1, of=steps)
            buttons = [("next", t("tut.next"))] if self.step.wait == "next" else []
            buttons += [("skip", t("tut.skip")), ("leave", t("tut.leave"))]
        else:  # the others' turn, or the player's free moves until the next part
            words = t("tut.free" if self.table.ctl.human_to_act() else "tut.watch")
            heading = t("tut.heading", n=min(self.index + 1, steps), of=steps)
            buttons = [("skip", t("tut.skip")), ("leave", t("tut.leave"))]
        pad = round(18 * scale)
        lines = FONTS.wrap(words, px, width - 2 * pad)
        line_h = round(px * 1.35)
        bh = round(38 * scale)
        head_h = round(px * 1.6) + round(14 * k)
        box_h = pad + head_h + line_h * len(lines) + pad + bh + pad
        box = pygame.Rect(0, 0, width, box_h)
        box = self._place(box, pygame.Rect((0, 0), size))
        gap = round(10 * scale)
        bw = (width - 2 * pad - gap * (len(buttons) - 1)) // max(1, len(buttons))
        placed = []
        x = box.x + pad
        for name, text in buttons:
            placed.append((name, pygame.Rect(x, box.bottom - pad - bh, bw, bh), text))
            x += bw + gap
        return Callout(box, lines, px, heading, placed)

    def _place(self, box: pygame.Rect, screen: pygame.Rect) -> pygame.Rect:
        """Beside the target, covering none of what the step lights (else the least of it)."""
        k = self.app.display_scale
        holes = [r.inflate(round(20 * k), round(20 * k)) for r in self.holes()]
        if not holes:
            box.center = screen.center
            if self.phase == GUIDE and not self.waiting():
                box.midbottom = (
                    screen.centerx,
                    screen.bottom - round(20 * k),
                )  # the table stays seen
            return box
        targets = self.target_rects() or holes
        aim = targets[0].unionall(targets[1:]).inflate(round(24 * k), round(24 * k))
        inside = screen.inflate(-round(16 * k), -round(16 * k))
        off = round(8 * k)
        trials = []
        for near in (aim, *holes, inside):
            for anchor, point in (
                ("midleft", (near.right + off, near.centery)),
                ("midright", (near.left - off, near.centery)),
                ("midtop", (near.centerx, near.bottom + off)),
                ("midbottom", (near.centerx, near.top - off)),
            ):
                trial = box.copy()
                setattr(trial, anchor, point)
                trials.append(trial.clamp(inside))
        for corner in ("topleft", "topright", "bottomleft", "bottomright"):
            trial = box.copy()
            setattr(trial, corner, getattr(inside, corner))
            trials.append(trial)

        aims = [r.inflate(round(20 * k), round(20 * k)) for r in targets]

        def covered(trial: pygame.Rect) -> int:
            # What the player must click weighs most: covering a lit region is the lesser harm.
            shown = sum(trial.clip(r).w * trial.clip(r).h for r in holes)
            return shown + 10 * sum(trial.clip(r).w * trial.clip(r).h for r in aims)

        return min(trials, key=covered)  # the first that covers nothing, else the least

    def draw(self, surface: pygame.Surface, scene: Any) -> None:
        """The veil, the target's frame and the callout (over the table and its widgets)."""
        if not self.alive() or not self.engaged(scene):
            return
        holes = self.holes()
        if self.waiting() or self.phase == END:
            kept = [(r, surface.subsurface(r).copy()) for r in _inside(holes, surface)]
            D.dim(surface, _VEIL)
            for r, pic in kept:
                surface.blit(pic, r)
            k = self.app.display_scale
            for r in holes:
                frame = r.inflate(round(10 * k), round(10 * k))
                pygame.draw.rect(
                    surface, colour("ink"), frame.inflate(4, 4), round(5 * k), round(10 * k)
                )
                pygame.draw.rect(surface, colour("gold"), frame, round(3 * k), round(8 * k))
        self._draw_callout(surface, self.callout(surface.get_size()), holes)

    def _draw_callout(self, surface: pygame.Surface, c: Callout, holes: list[pygame.Rect]) -> None:
        box = c.box
        k = self.app.display_scale  # fixed sizes are layout pixels
        if holes:  # a gold thread from the callout to (the nearest of) what it tells of
            aim = min(holes, key=lambda r: _distance(r.center, box.center))
            start = _nearest(box, aim.center)
            end = _nearest(aim.inflate(round(10 * k), round(10 * k)), box.center)
            pygame.draw.line(surface, colour("ink"), start, end, round(6 * k))
            pygame.draw.line(surface, colour("gold"), start, end, round(3 * k))
            pygame.draw.circle(surface, colour("gold"), end, round(6 * k))
        D.panel(surface, box, colour("panel"), colour("gold"), round(12 * k))
        scale = self.app.text_scale
        pad = round(18 * scale)
        band = pygame.Rect(
            box.x + round(10 * k), box.y + round(8 * k), box.w - round(20 * k), round(12 * k)
        )
        D.meander(surface, band, colour("gold"), round(3 * k))
        y = box.y + pad + round(8 * k)
        head = max(11, round(c.size * 0.8))
        FONTS.blit(surface, c.heading, head, colour("gold"), (box.x + pad, y), "topleft", "italic")
        y += round(c.size * 1.6) + round(6 * k)
        line_h = round(c.size * 1.35)
        for line in c.lines:
            FONTS.blit(surface, line, c.size, colour("text_light"), (box.x + pad, y))
            y += line_h
        for name, rect, words in c.buttons:
            hot = rect.collidepoint(self.mouse)
            primary = name in ("next", "first")
            fill = colour("terracotta") if primary else colour("panel")
            if hot:
                fill = D.shade(fill, 1.2)
            pygame.draw.rect(surface, fill, rect, border_radius=round(8 * k))
            pygame.draw.rect(
                surface, colour("gold"), rect, round(2 * k), border_radius=round(8 * k)
            )
            size = FONTS.fit(
                words, max(11, round(c.size * 0.9)), rect.w - round(12 * k), "bold", 10
            )
            ink = colour("highlight") if primary else colour("text_light")
            FONTS.blit(surface, words, size, ink, rect.center, "center", "bold")


def _pressing(coach: Coach, name: str) -> Callable[[], None]:
    def act() -> None:
        coach.press(name)

    return act


def _inside(rects: list[pygame.Rect], surface: pygame.Surface) -> list[pygame.Rect]:
    """The parts of ``rects`` on the surface (a subsurface must lie inside it)."""
    area = surface.get_rect()
    return [c for c in (r.clip(area) for r in rects) if c.w > 0 and c.h > 0]


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def _nearest(rect: pygame.Rect, point: tuple[int, int]) -> tuple[int, int]:
    """The point of ``rect``'s edge nearest to ``point`` (a thread starts or ends there)."""
    x = min(max(point[0], rect.left), rect.right - 1)
    y = min(max(point[1], rect.top), rect.bottom - 1)
    if rect.collidepoint(point):
        return rect.center
    return x, y

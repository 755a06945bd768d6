"""Animation: easing, tweens and a queue of timed animations driven by the engine's events.

An animation only changes how things are *shown* (a die's face while it tumbles,
an Apprentice between columns); the game state has already moved on.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def ease_out_cubic(t: float) -> float:
    """Fast start, soft landing."""
    t = min(max(t, 0.0), 1.0)
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Smooth start and end."""
    t = min(max(t, 0.0), 1.0)
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out_bounce(t: float) -> float:
    """A die landing: falls, bounces twice, settles."""
    t = min(max(t, 0.0), 1.0)
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def lerp(a: float, b: float, t: float) -> float:
    """Linear interpolation."""
    return a + (b - a) * t


@dataclass
class Anim:
    """One animation: ``kind`` and ``data`` say what it shows; ``delay`` before it starts."""

    kind: str
    duration: float
    data: dict[str, Any] = field(default_factory=dict)
    delay: float = 0.0
    elapsed: float = 0.0
    on_done: Callable[[], None] | None = None
    heard: bool = False  #: its start was announced (see :attr:`Animator.on_start`)

    @property
    def started(self) -> bool:
        """True once the delay has passed."""
        return self.elapsed >= self.delay

    @property
    def progress(self) -> float:
        """0 before it starts, 1 when done."""
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        return min(max((self.elapsed - self.delay) / self.duration, 0.0), 1.0)

    @property
    def done(self) -> bool:
        """True when finished."""
        return self.elapsed >= self.delay + self.duration


class Animator:
    """A timeline: animations added with ``then`` run one after another, ``with_`` alongside."""

    def __init__(self) -> None:
        self.anims: list[Anim] = []
        self.speed = 1.0  #: 0 disables animation; 2 doubles the pace
        self._cursor = 0.0  # when the next sequential animation starts, relative to now
        #: Told of each animation as it starts and as it ends (a table's sounds); never of
        #: the ones skipped, so that a click through a turn does not play it all at once.
        self.on_start: Callable[[Anim], None] | None = None
        self.on_finish: Callable[[Anim], None] | None = None

    @property
    def busy(self) -> bool:
        """True while anything is playing or waiting to play."""
        return bool(self.anims)

    def then(self, kind: str, duration: float, **data: Any) -> Anim:
        """Queue an animation after everything queued so far."""
        return self._add(kind, duration, self._cursor, data, advance=True)

    def with_(self, kind: str, duration: float, **data: Any) -> Anim:
        """Queue an animation starting with the last one queued."""
        start = self.anims[-1].delay - self.anims[-1].elapsed if self.anims else 0.0
        return self._add(kind, duration, max(start, 0.0), data, advance=False)

    def _add(
        self, kind: str, duration: float, delay: float, data: dict[str, Any], advance: bool
    ) -> Anim:
        if self.speed <= 0:
            duration = 0.0
            delay = 0.0
        else:
            duration /= self.speed
        a = Anim(kind, duration, data, delay)
        self.anims.append(a)
        if advance:
            self._cursor = delay + duration
        else:
            self._cursor = max(self._cursor, delay + duration)
        return a

    def update(self, dt: float) -> None:
        """Advance every animation; drop the finished ones."""
        if not self.anims:
            self._cursor = 0.0
            return
        for a in self.anims:
            a.elapsed += dt
        self._cursor = max(0.0, self._cursor - dt)
        # Told in the timeline's order: one animation's end before the next one's start.
        for a in self.anims:
            if a.started and not a.heard:
                a.heard = True
                if self.on_start is not None:
                    self.on_start(a)
            if a.done and self.on_finish is not None:
                self.on_finish(a)
        finished = [a for a in self.anims if a.done]
        if finished:
            self.anims = [a for a in self.anims if not a.done]
            for a in finished:
                if a.on_done:
                    a.on_done()

    def skip(self) -> None:
        """Finish everything at once (click or Space)."""
        finished, self.anims = self.anims, []
        self._cursor = 0.0
        for a in finished:
            if a.on_done:
                a.on_done()

    def of_kind(self, kind: str) -> list[Anim]:
        """Animations of one kind, playing or waiting."""
        return [a for a in self.anims if a.kind == kind]


def tumble(key: Any, progress: float, final: int) -> tuple[int, float, float]:
    """A rolled die mid-tumble: (face shown, rotation in degrees, lift in pixels).

    The faces flicker (the same for the same die and moment, so a frame redrawn shows the
    same), the die spins down and bounces to rest on ``final``. Every game of the box rolls
    its dice with this.
    """
    if progress >= 1:
        return final, 0.0, 0.0
    rng = random.Random(hash((key, int(progress * 14))))
    shown = rng.randint(1, 6) if progress < 0.8 else final
    angle = (1 - ease_out_cubic(progress)) * 540
    lift = -(1 - ease_out_bounce(progress)) * 26
    return shown, angle, lift

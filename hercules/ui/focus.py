"""Keyboard focus: a ring of stops every scene offers, moved with Tab and the arrows.

A *stop* is something the player could click: a pygame_gui widget (button, drop-down,
slider, text box) or something a scene draws itself (a labour column, a card, a die, a
task space). Tab / Shift+Tab (and the arrow keys a scene leaves free) move the focus
from stop to stop; Enter or Space does what a click on the focused stop would do,
through the same code path (a button posts the very event a click posts). The focused
stop is outlined in gold (:func:`draw_ring`). The ring shows once a focus key is pressed
and hides at a mouse click, so a mouse player never sees it.

Scenes get this without code of their own (:class:`hercules.ui.scene.Scene` offers its
widgets); a scene with stops of its own (a table, the load list, the setup's cards)
overrides ``focus_stops``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame
import pygame_gui

from .theme import colour

#: Keys that move the focus forwards or back (Tab is always one; arrows where a scene
#: leaves them free, see ``Scene.focus_arrows``).
NEXT_ARROWS = (pygame.K_DOWN, pygame.K_RIGHT)
PREV_ARROWS = (pygame.K_UP, pygame.K_LEFT)
ALL_ARROWS = (*NEXT_ARROWS, *PREV_ARROWS)
#: Keys that act on the focused stop.
ACT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass(frozen=True)
class Stop:
    """One place the focus can rest on.

    ``key`` names it across frames (the stops are asked for again at every key press);
    ``rect`` is where the ring is drawn; ``act`` does what a click there does; ``nudge``
    (sliders, steppers) takes -1 or +1 from Left / Right instead of moving the focus;
    ``label`` is its words, if any (tests and tools read it).
    """

    key: Hashable
    rect: pygame.Rect
    act: Callable[[], None]
    nudge: Callable[[int], None] | None = None
    label: str = ""
    widget: Any = field(default=None, compare=False)


class FocusRing:
    """Where the keyboard focus is among a scene's stops, and whether it is shown."""

    def __init__(self) -> None:
        self.key: Hashable | None = None
        self.index = 0  #: where the focus was, kept when its stop goes away
        self.visible = False

    def current(self, stops: Sequence[Stop]) -> Stop | None:
        """The focused stop (by its key; else the one now at the same place), if shown."""
        if not self.visible or not stops:
            return None
        for i, stop in enumerate(stops):
            if stop.key == self.key:
                self.index = i
                return stop
        stop = stops[min(self.index, len(stops) - 1)]
        self.key = stop.key
        return stop

    def move(self, stops: Sequence[Stop], step: int) -> Stop | None:
        """Focus the next (``step`` 1) or previous (-1) stop; the first press shows the ring
        on the first (or last) stop."""
        if not stops:
            self.visible = True
            return None
        here = self.current(stops)
        if here is None:
            i = 0 if step > 0 else len(stops) - 1
        else:
            i = (stops.index(here) + step) % len(stops)
        self.visible = True
        self.key, self.index = stops[i].key, i
        return stops[i]

    def focus(self, key: Hashable) -> None:
        """Show the ring on the stop named ``key``."""
        self.key, self.visible = key, True

    def hide(self) -> None:
        """The mouse is in use: no ring until a focus key again."""
        self.visible = False


def handle_key(
    ring: FocusRing,
    event: pygame.event.Event,
    stops: Callable[[], Sequence[Stop]],
    arrows: Iterable[int] = ALL_ARROWS,
    typing: bool = False,
) -> bool:
    """Move or act on ``event`` (a KEYDOWN); True if it was taken.

    ``stops`` gives the scene's stops (asked only for keys the ring may take); ``arrows``
    are the arrow keys the scene leaves to the focus; ``typing``: a text box has the keys,
    so only Tab is taken. Enter and Space act only while the ring is shown on a stop, so a
    scene's own Enter and Space work as before until Tab (or a free arrow) is pressed.
    """
    if event.type in (pygame.MOUSEBUTTONDOWN,):
        ring.hide()
        return False
    if event.type != pygame.KEYDOWN:
        return False
    key = event.key
    if key == pygame.K_TAB:
        back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        ring.move(stops(), -1 if back else 1)
        return True
    if typing:
        return False
    arrows = tuple(arrows)
    if key in arrows:
        listed = stops()
        here = ring.current(listed)
        if here is not None and here.nudge is not None and key in (pygame.K_LEFT, pygame.K_RIGHT):
            here.nudge(1 if key == pygame.K_RIGHT else -1)
            return True
        ring.move(listed, 1 if key in NEXT_ARROWS else -1)
        return True
    if key in ACT_KEYS and ring.visible:
        here = ring.current(stops())
        if here is not None:
            here.act()
            return True
    return False


def skip_moves(anim: Any) -> bool:
    """A table's animator moving pieces is hurried to its end; True if it was moving."""
    if not anim.busy:
        return False
    anim.skip()
    return True


# --- pygame_gui widgets as stops ------------------------------------------------------------
def press(button: Any) -> None:
    """What a click on a pygame_gui button does: it posts UI_BUTTON_PRESSED (its bound
    handler runs instead, as on a click)."""
    if button.is_enabled:
        button.on_self_event(pygame_gui.UI_BUTTON_PRESSED, {"mouse_button": 1})


def _shown(widget: Any) -> bool:
    return bool(getattr(widget, "visible", True)) and widget.alive()


def expanded_menu(widgets: Iterable[Any]) -> Any:
    """The drop-down of ``widgets`` that is open, if any (its options are then the stops)."""
    for w in widgets:
        if isinstance(
            w, pygame_gui.elements.UIDropDownMenu
        ) and w.current_state is w.menu_states.get("expanded"):
            return w
    return None


def widget_stops(widgets: Iterable[Any], ui: Any) -> list[Stop]:
    """The visible, enabled widgets as stops in reading order (top to bottom, then left to
    right); an open drop-down's options alone while it is open."""
    widgets = list(widgets)
    menu = expanded_menu(widgets)
    if menu is not None:
        return option_stops(menu)
    out: list[Stop] = []
    for w in widgets:
        if not _shown(w) or not getattr(w, "is_enabled", True):
            continue
        rect = pygame.Rect(w.rect)
        if isinstance(w, pygame_gui.elements.UIButton):
            out.append(Stop(w, rect, partial(press, w), label=str(w.text), widget=w))
        elif isinstance(w, pygame_gui.elements.UIDropDownMenu):
            out.append(Stop(w, rect, partial(open_menu, w), label=_option(m=w), widget=w))
        elif isinstance(w, pygame_gui.elements.UIHorizontalSlider):
            out.append(Stop(w, rect, partial(slide, w, 1), partial(slide, w), widget=w))
        elif isinstance(w, pygame_gui.elements.UITextEntryLine):
            out.append(Stop(w, rect, partial(ui.set_focus_set, w), label=e_text(w), widget=w))
    out.sort(key=lambda s: (s.rect.top, s.rect.left))
    return out


def e_text(entry: Any) -> str:
    """A text box's words as a label."""
    return str(entry.get_text())


def _option(m: Any) -> str:
    chosen = m.selected_option
    return str(chosen[0] if isinstance(chosen, tuple) else chosen)


def open_menu(menu: Any) -> None:
    """Open a drop-down as a click on it does."""
    state = menu.current_state
    button = getattr(state, "selected_option_button", None) or getattr(state, "open_button", None)
    if button is not None:
        press(button)


def option_stops(menu: Any) -> list[Stop]:
    """The options of an open drop-down (Enter picks one, as a click on it does)."""
    listing = getattr(menu.current_state, "options_selection_list", None)
    if listing is None:
        return []
    out = []
    for item in listing.item_list:
        button = item.get("button_element")
        if button is not None and _shown(button):
            out.append(
                Stop(button, pygame.Rect(button.rect), partial(press, button), label=item["text"])
            )
    return out


def close_menu(menu: Any) -> None:
    """Close an open drop-down, its choice unchanged (as a click on its head does)."""
    state = menu.current_state
    button = getattr(state, "selected_option_button", None) or getattr(state, "close_button", None)
    if button is not None:
        press(button)


def slide(slider: Any, step: int) -> None:
    """One step of a slider's arrow button (what a click on it does)."""
    button = slider.right_button if step > 0 else slider.left_button
    if button is not None:
        press(button)


def typing_in(ui: Any) -> bool:
    """True while a text box has the keys."""
    return any(
        isinstance(w, pygame_gui.elements.UITextEntryLine) and w.is_focused
        for w in ui.get_focus_set() or ()
    )


# --- drawing --------------------------------------------------------------------------------
def draw_ring(surface: pygame.Surface, rect: pygame.Rect, width: int = 5) -> None:
    """The focus outline, a few pixels outside ``rect``: a gold band between a dark edge
    and a white line, with corner brackets, so it reads on marble, dark panels and cards
    alike and is never taken for the thinner glow of what is legal."""
    gold = pygame.Rect(rect).inflate(2 * width + 8, 2 * width + 8)
    pygame.draw.rect(surface, colour("ink"), gold.inflate(6, 6), width + 6, border_radius=12)
    pygame.draw.rect(surface, colour("highlight"), gold, width, border_radius=10)
    inner = gold.inflate(-2 * width, -2 * width)
    pygame.draw.rect(surface, colour("white_die"), inner, 2, border_radius=8)
    arm = max(10, min(gold.w, gold.h) // 4)
    for cx, cy, dx, dy in (
        (gold.left - 3, gold.top - 3, 1, 1),
        (gold.right + 2, gold.top - 3, -1, 1),
        (gold.left - 3, gold.bottom + 2, 1, -1),
        (gold.right + 2, gold.bottom + 2, -1, -1),
    ):
        pygame.draw.line(surface, colour("white_die"), (cx, cy), (cx + dx * arm, cy), 3)
        pygame.draw.line(surface, colour("white_die"), (cx, cy), (cx, cy + dy * arm), 3)

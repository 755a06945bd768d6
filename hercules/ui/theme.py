"""Colours, fonts and cached text, from the theme data shipped as package data.

The shell's ``ui/theme.json`` holds what every game shares (fonts, named colours, the seats'
palettes); a game's own colours (its decks, its automaton's seat) are in its assets folder,
``<assets>/data/theme.json``, merged in as the string tables are: an entry defined once.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pygame

from hercules.app.bundle import icon_resource
from hercules.app.registry import assets_path, games, load_games

from .surfaces import MB, SurfaceCache

TEXT_BYTES = 6 * MB  #: rendered text kept for reuse, at most
MAX_WRAPPED = 2000  #: wrapped paragraphs kept, at most
MAX_MEASURED = 8000  #: measured widths kept, at most (a few hundred bytes each)

Colour = tuple[int, ...]


def asset_text(*parts: str) -> str:
    """Read a text file from ``hercules.assets``."""
    return resources.files("hercules.assets").joinpath(*parts).read_text(encoding="utf-8")


#: The registry's version the merged theme was made for, and the theme.
_MERGED: list[tuple[int, dict[str, Any]]] = []


def theme_data() -> dict[str, Any]:
    """The shell's ``ui/theme.json`` with every registered game's ``data/theme.json`` merged
    in (its ``automata`` seat styles and ``colours`` by name, its other entries whole).

    Raises ``ValueError`` for a file that is not a hercules-theme document, or an entry two
    files define.
    """
    version = load_games().version
    if not _MERGED or _MERGED[0][0] != version:
        _MERGED[:] = [(version, _merge())]
    return _MERGED[0][1]


def _read(text: str, where: str) -> dict[str, Any]:
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != "hercules-theme":
        raise ValueError(f"{where} is not a hercules-theme document")
    return data


def _merge() -> dict[str, Any]:
    data = _read(asset_text("ui", "theme.json"), "ui/theme.json")
    data.setdefault("automata", {})
    for spec in games():
        path = assets_path(spec.assets, "data", "theme.json") if spec.assets else None
        if path is None or not path.is_file():
            continue
        where = f"{spec.assets}/data/theme.json"
        own = _read(path.read_text(encoding="utf-8"), where)
        for key, value in own.items():
            if key in ("format", "version"):
                continue
            if key in ("automata", "colours"):
                for name, entry in value.items():
                    if name in data.setdefault(key, {}):
                        raise ValueError(f"theme {key} {name!r} is defined twice ({where})")
                    data[key][name] = entry
            elif key in data:
                raise ValueError(f"theme entry {key!r} is defined twice ({where})")
            else:
                data[key] = value
    return data


def gui_theme(scale: float = 1.0) -> dict[str, Any]:
    """The pygame_gui theme (a dict, which pygame_gui accepts as theme_path), its fonts sized
    for the player's text scale (1.5: every widget's text half as large again)."""
    theme: dict[str, Any] = json.loads(asset_text("ui", "gui_theme.json"))
    if scale != 1.0:
        for block in theme.values():
            font = block.get("font") if isinstance(block, dict) else None
            if isinstance(font, dict) and "size" in font:
                font["size"] = str(max(8, round(int(font["size"]) * scale)))
    return theme


def window_icon() -> pygame.Surface | None:
    """The box's icon for the window (``icons/`` in the assets), or None if it cannot be read."""
    try:
        with resources.as_file(icon_resource()) as real:
            return pygame.image.load(str(real))
    except (OSError, pygame.error):
        return None  # the window keeps SDL's icon; --self-test names the missing file


def colour(name: str) -> Colour:
    """A named colour of the theme."""
    return tuple(theme_data()["colours"][name])


_PALETTE = ["classic"]


def set_palette(name: str) -> None:
    """Choose the player colours (classic, colourblind or high_contrast)."""
    _PALETTE[0] = name if name in theme_data()["palettes"] else "classic"


def palette_name() -> str:
    """The colour palette in use (``classic``, ``colourblind``, ``high_contrast``)."""
    return _PALETTE[0]


def player_style(seat: int, automaton: bool | str = False) -> dict[str, Any]:
    """Colour, dark shade and shape of a seat in the chosen palette, or of an automaton's seat
    (a game's own style, from its theme data): ``automaton`` names it, or is True for the
    first the box's games define."""
    t = theme_data()
    players = t["palettes"][_PALETTE[0]]
    if automaton:
        styles = t["automata"]
        raw = styles[automaton] if isinstance(automaton, str) else next(iter(styles.values()))
    else:
        raw = players[seat % len(players)]
    return {k: tuple(v) if isinstance(v, list) else v for k, v in raw.items()}


def deck_colour(deck: str) -> Colour:
    """The band colour of a deck of cards (a game's ``decks`` in its theme data)."""
    return tuple(theme_data()["decks"][deck])


class Fonts:
    """One font object per style, and rendered text by (text, style, size, colour).

    Every open font holds its own copy of the font file's tables (about 0.6 MB for
    Noto Sans), so a font per size (text is fitted to many sizes) cost ~35 MB; one
    per style, resized on demand, gives the same pixels (``point_size`` sets the
    size the constructor would) for a fraction of a millisecond per change.
    """

    def __init__(self) -> None:
        self._fonts: dict[str, pygame.font.Font] = {}
        # Rendered text, bounded by the bytes it holds; wrapped lines, by their number.
        self._text = SurfaceCache("text", TEXT_BYTES, pictures=False)
        self._wrapped: dict[tuple[str, int, int, str], list[str]] = {}
        # Measured text, by (text, size, style): a table fits the same words every frame, and
        # a measurement costs as much as a render (it shapes the glyphs).
        self._sizes: dict[tuple[str, int, str], tuple[int, int]] = {}

    def reset(self) -> None:
        """Forget fonts (they die with ``pygame.quit``; a new App starts afresh)."""
        self._fonts.clear()
        self._text.clear()
        self._wrapped.clear()
        self._sizes.clear()

    def font(self, size: int, style: str = "body") -> pygame.font.Font:
        """The theme's font of ``style`` at ``size`` (Noto Sans, shipped by pygame_gui, SIL OFL).

        The object is shared by every size of its style: use it at once, before
        asking for another size (each caller here measures or renders, then lets go).
        """
        f = self._fonts.get(style)
        if f is None:
            name = theme_data()["fonts"][style]
            path = resources.files("pygame_gui.data").joinpath(name)
            with resources.as_file(path) as real:
                f = self._fonts[style] = pygame.font.Font(str(real), size)
        elif f.point_size != size:
            f.point_size = size
        return f

    def text(self, text: str, size: int, colour: Colour, style: str = "body") -> pygame.Surface:
        """Rendered text, cached: rendering is the slowest thing a frame could do."""
        key = (text, size, colour, style)
        surf = self._text.get(key)
        if surf is None:
            surf = self._text.put(key, self.font(size, style).render(text, True, colour))
        return surf

    def blit(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: Colour,
        pos: tuple[int, int],
        anchor: str = "topleft",
        style: str = "body",
    ) -> pygame.Rect:
        """Draw text with its ``anchor`` point (a pygame.Rect attribute) at ``pos``."""
        surf = self.text(text, size, colour, style)
        rect = surf.get_rect(**{anchor: pos})
        surface.blit(surf, rect)
        return rect

    def measure(self, text: str, size: int, style: str = "body") -> tuple[int, int]:
        """``Font.size`` of ``text`` at ``size`` in ``style``, cached (bounded)."""
        key = (text, size, style)
        hit = self._sizes.get(key)
        if hit is None:
            if len(self._sizes) >= MAX_MEASURED:
                self._sizes.clear()  # steady state re-fills with what frames still use
            hit = self._sizes[key] = self.font(size, style).size(text)
        return hit

    def fit(self, text: str, size: int, width: int, style: str = "body", smallest: int = 8) -> int:
        """The largest size up to ``size`` at which ``text`` fits ``width`` (one measurement)."""
        w = self.measure(text, size, style)[0]
        if w <= width:
            return size
        return max(smallest, int(size * width / max(1, w)))

    def wrap(self, text: str, size: int, width: int, style: str = "body") -> list[str]:
        """Split ``text`` into lines that fit ``width`` pixels (cached: the log wraps per frame)."""
        key = (text, size, width, style)
        hit = self._wrapped.get(key)
        if hit is None:
            if len(self._wrapped) >= MAX_WRAPPED:
                self._wrapped.clear()
            hit = self._wrapped[key] = self._wrap(text, size, width, style)
        return hit

    def _wrap(self, text: str, size: int, width: int, style: str) -> list[str]:
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for w in words:
                trial = f"{line} {w}" if line else w
                if self.measure(trial, size, style)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = w
            lines.append(line)
        return lines


FONTS = Fonts()

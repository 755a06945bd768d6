"""The display's scale (HiDPI): how many real pixels one layout pixel takes (1.5 at 150 %).

The box renders at the screen's real pixels and lays its scenes out at real pixels ÷ this
scale, so text drawn at ``Settings.ui_scale`` × this scale is sharp and the right size at
125-200 % display scaling (see :class:`hercules.ui.app.App`; the tables' places are
multiplied by :mod:`hercules.ui.density`). No pygame here: ``hercules --help`` and
``--check-save`` read the command line without it.

Where the scale comes from, first found wins:

1. ``--display-scale`` on the command line, then ``HERCULES_DISPLAY_SCALE`` in the
   environment (``1.5`` or ``150%``): to try a scale, or to correct a wrong guess. A value
   that is not a scale is refused with a message and the box uses 1.
2. Windows: the system's DPI ÷ 96, after :func:`make_dpi_aware` has told Windows the box
   draws its own pixels (else Windows stretches the window, blurred).
3. A window whose drawable is larger than its size (macOS Retina, Wayland with high-DPI on):
   the ratio of the two, read once the window is open (:func:`drawable_ratio`).
4. ``GDK_SCALE`` (the desktop's whole-number scale for X11 programs on GNOME and others).
5. Otherwise 1.
"""

from __future__ import annotations

import ctypes
import math
import os
import sys
from collections.abc import Mapping

#: The environment variable that sets the scale (``HERCULES_DISPLAY_SCALE=1.5``).
ENV = "HERCULES_DISPLAY_SCALE"
#: The scales the box accepts: 100 % to 300 % (beyond, a 1280x720 layout is wider than
#: any screen sold; below 1 would draw text smaller than the layouts are made for).
LOWEST, HIGHEST = 1.0, 3.0
#: Windows' DPI at 100 % scaling.
BASE_DPI = 96
#: ``SetProcessDpiAwareness`` value: per-monitor aware (the box draws real pixels).
PER_MONITOR_AWARE = 2


def parse_scale(text: str) -> float:
    """A display scale from ``text`` (``1.5``, ``150%`` or ``150 %``); raises ``ValueError``
    with a message a player can act on when it is not one."""
    raw = text.strip()
    percent = raw.endswith("%")
    number = raw.removesuffix("%").strip() if percent else raw
    try:
        value = float(number)
    except ValueError:
        value = math.nan
    if percent:
        value /= 100
    if not math.isfinite(value) or not LOWEST <= value <= HIGHEST:
        raise ValueError(
            f"display scale must be {LOWEST:g}-{HIGHEST:g} (1.5 = 150 %) or "
            f"{LOWEST * 100:g}%-{HIGHEST * 100:g}%, not {text!r}"[:120]
        )
    return value


def make_dpi_aware() -> bool:
    """Windows: say the box draws at real pixels (per-monitor DPI aware), before the window
    opens, so that Windows does not stretch it (blurred) at 125-200 %. Elsewhere nothing.
    Returns whether Windows took it."""
    if sys.platform != "win32":
        return False
    # SDL reads its own hint when its video starts; the call below covers older SDLs.
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    try:
        return bool(ctypes.windll.shcore.SetProcessDpiAwareness(PER_MONITOR_AWARE) == 0)
    except (AttributeError, OSError):  # Windows 7 and 8.0 have no shcore
        try:
            return bool(ctypes.windll.user32.SetProcessDPIAware())
        except (AttributeError, OSError):
            return False


def windows_scale() -> float:
    """Windows: the system's DPI ÷ 96 (1.5 at 150 %); 1 elsewhere or when it cannot be read."""
    if sys.platform != "win32":
        return 1.0
    try:
        dpi = int(ctypes.windll.user32.GetDpiForSystem())  # Windows 10 1607 and later
    except (AttributeError, OSError):
        return 1.0
    return dpi / BASE_DPI if dpi > 0 else 1.0


def drawable_ratio(window: tuple[int, int], drawable: tuple[int, int]) -> float:
    """How many drawable pixels a window unit takes (1 unless the drawable is larger, as on
    a Retina or high-DPI Wayland window)."""
    if window[0] <= 0 or window[1] <= 0:
        return 1.0
    return max(1.0, min(drawable[0] / window[0], drawable[1] / window[1]))


def _clamp(value: float) -> float:
    return max(LOWEST, min(HIGHEST, value))


def detect(
    override: float | None = None, environ: Mapping[str, str] | None = None
) -> tuple[float, str]:
    """The display scale before the window opens (steps 1, 2 and 4 of the module's list),
    and a problem to tell the player ("" if none): a bad ``HERCULES_DISPLAY_SCALE`` is
    refused and 1 used."""
    env = os.environ if environ is None else environ
    if override is not None:
        return _clamp(override), ""
    given = env.get(ENV, "").strip()
    if given:
        try:
            return parse_scale(given), ""
        except ValueError as exc:
            return 1.0, f"{ENV}: {exc}; using 1"
    found = windows_scale()
    if found != 1.0:
        return _clamp(found), ""
    try:
        gdk = int(env.get("GDK_SCALE", "1"))
    except ValueError:
        gdk = 1
    return _clamp(float(gdk)), ""


def fit_window(
    wanted: tuple[int, int], desktop: tuple[int, int] | None, room: float = 0.9
) -> tuple[int, int]:
    """``wanted`` shrunk, keeping its shape, to ``room`` of the desktop (the taskbar and the
    title bar need the rest); as it is when the desktop is unknown."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return wanted
    k = min(1.0, desktop[0] * room / wanted[0], desktop[1] * room / wanted[1])
    return (int(wanted[0] * k), int(wanted[1] * k))

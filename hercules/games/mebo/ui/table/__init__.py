"""The game table: a scene (input, controller), targeting, animations and painting.

``scene`` uses ``targeting`` (clicks to actions), ``animations`` (events to
animation), ``geometry`` (where things are) and ``painter`` / ``painter_pnp``
(drawing); none of them imports the scene.

The names other modules and tests import from ``hercules.games.mebo.ui.table`` are
re-exported here, loaded on first use (PEP 562): importing
``hercules.games.mebo.ui.table.targeting`` alone must not load pygame.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .animations import AnimationView, EventAnimator
    from .frame import TableFrame
    from .geometry import CARD_RATIO, TableGeometry
    from .painter import TablePainter
    from .painter_pnp import PnpPainter
    from .scene import TableScene, refusal
    from .targeting import Aim, Outcome, Target, Targeting

#: Exported name -> the submodule defining it.
_EXPORTS = {
    "AnimationView": "animations",
    "EventAnimator": "animations",
    "CARD_RATIO": "geometry",
    "TableGeometry": "geometry",
    "TableFrame": "frame",
    "TablePainter": "painter",
    "PnpPainter": "painter_pnp",
    "TableScene": "scene",
    "refusal": "scene",
    "Aim": "targeting",
    "Outcome": "targeting",
    "Target": "targeting",
    "Targeting": "targeting",
}

__all__ = [
    "CARD_RATIO",
    "Aim",
    "AnimationView",
    "EventAnimator",
    "Outcome",
    "PnpPainter",
    "TableFrame",
    "TableGeometry",
    "TablePainter",
    "TableScene",
    "Target",
    "Targeting",
    "refusal",
]


def __getattr__(name: str) -> Any:
    """An exported name, from its submodule (loaded the first time it is asked for)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)

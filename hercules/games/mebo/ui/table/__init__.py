"""The game table: a scene (input, controller), animations and painting.

``scene`` uses ``..targeting`` (clicks to actions, no pygame), ``animations`` (events to
animation), ``geometry`` (where things are) and ``painter`` / ``painter_pnp`` (drawing);
none of them imports the scene.
"""

from ..targeting import Aim, Outcome, Target, Targeting
from .animations import AnimationView, EventAnimator
from .frame import TableFrame
from .geometry import CARD_RATIO, TableGeometry
from .painter import TablePainter
from .painter_pnp import PnpPainter
from .scene import TableScene, refusal

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

"""The shell's window: the app loop, the scene stack, navigation, look, words and widgets.

pygame and pygame_gui are imported here and below, never in ``hercules.app`` or a game's
engine. Games import these public modules: ``app`` (the window and loop), ``scene`` (the
Scene base class), ``nav`` (where scenes go), ``draw`` (the box's Greek look), ``anim``
(tweens), ``theme`` (colours and fonts), ``strings`` (translations), ``names`` (seat
names), ``sound`` (the box's sounds and a game's cues) and ``scenes.overlays`` (pause, save,
confirm and choice dialogs).
"""

import os

# pygame prints a banner on import; a game should not talk on the console.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__all__ = ["anim", "app", "draw", "names", "nav", "scene", "scenes", "sound", "strings", "theme"]

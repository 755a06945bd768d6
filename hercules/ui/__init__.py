"""The pygame application: scene stack, scenes, drawing and animation.

pygame and pygame_gui are imported here and nowhere below ``hercules.app``.
"""

import os

# pygame prints a banner on import; a game should not talk on the console.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

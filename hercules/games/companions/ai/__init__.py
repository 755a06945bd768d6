"""The fourth game's bots: a belief over the hidden roles (``belief``), one policy for the
three levels (``policy``, its parameters in ``data/bots.json``), and ``make_bot``."""

from .bots import BOT_LEVELS, make_bot

__all__ = ["BOT_LEVELS", "make_bot"]

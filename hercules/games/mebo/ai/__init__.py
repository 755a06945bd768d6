"""Computer opponents and the planner. Depends on the engine only (never on app or ui).

Every bot follows one small interface::

    bot = make_bot("normal")
    action = bot.choose(state, legal_actions(state), rng)   # rng: the bot's own random.Random
    bot.explain()                                           # one line: why it did that

``bot.threaded`` says whether a host should run ``choose`` off the frame loop.
"""

from .bots import BOT_LEVELS, EasyBot, HardBot, NormalBot, RandomBot, make_bot

__all__ = ["BOT_LEVELS", "EasyBot", "HardBot", "NormalBot", "RandomBot", "make_bot"]

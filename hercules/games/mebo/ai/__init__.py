"""Computer opponents and the planner. Depends on the engine only (never on app or ui).

Every bot follows one small interface::

    bot = make_bot("normal")
    action = bot.choose(RULES.view(state, seat), legal_actions(state), rng)
    bot.explain()                                           # one line: why it did that

A bot decides on its seat's view (no seed, no generator, the Demigod stacks' order hidden)
and draws only on ``rng``, its own ``random.Random``: on two states that differ only in what
the seat cannot see it makes the same choice for the same reason.

``bot.threaded`` says whether a host should run ``choose`` off the frame loop.
"""

from .bots import BOT_LEVELS, EasyBot, HardBot, MasterBot, NormalBot, RandomBot, make_bot

__all__ = [
    "BOT_LEVELS",
    "EasyBot",
    "HardBot",
    "MasterBot",
    "NormalBot",
    "RandomBot",
    "make_bot",
]

"""The Labors solver and bots. Depends on the engine only (never on app or ui).

Every bot follows the box's small interface::

    bot = make_bot("solver")
    action = bot.choose(state, legal_actions(state), rng)   # rng: the bot's own random.Random
    bot.explain()                                           # one sentence: why it did that

``hint(state)`` gives the table the solver's next action and its sentence. Bots and hints look
at ``public_view(state)`` only.
"""

from .bots import BOT_LEVELS, RandomBot, SolverBot, hint, hint_decision, make_bot
from .solver import Solver
from .worth import Decision

__all__ = [
    "BOT_LEVELS",
    "Decision",
    "RandomBot",
    "Solver",
    "SolverBot",
    "hint",
    "hint_decision",
    "make_bot",
]

"""The Labors solver and bots. Depends on the engine only (never on app or ui).

Every bot follows the box's small interface::

    bot = make_bot("solver")
    action = bot.choose(RULES.view(state, 0), legal_actions(state), rng)  # rng: the bot's own
    bot.explain()                                           # one sentence: why it did that

``hint(state)`` gives the table the solver's next action and its sentence. Bots and hints look
at the player's view (``rules.view(state, 0)``: the Mood deck's order, seed and generator
hidden) only.
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

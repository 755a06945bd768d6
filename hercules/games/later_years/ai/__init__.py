"""The Later Years bots. Depend on the game's engine only (never on app or ui).

Every bot follows one small interface::

    bot = make_bot("normal")
    view = RULES.view(state, seat)                          # the acting seat's view
    action = bot.choose(view, legal_actions(state), rng)   # rng: the bot's own random.Random
    bot.explain()   # "ly.bot.<kind>|k=v|...|English sentence": why, in public facts

A bot is handed the acting seat's view (never the state: the controller and the tools do
so) and the legal actions of the real state; it decides on that view alone. Handed a whole
state instead, it cuts it down to the same view first, so its choice is the same.
``bot.threaded`` says whether a host should run ``choose`` off the frame loop (none needs to).
"""

from .bots import BOT_LEVELS, EasyBot, HardBot, NormalBot, RandomBot, make_bot
from .evaluate import Weights
from .reason import KINDS, encode, parse

__all__ = [
    "BOT_LEVELS",
    "KINDS",
    "EasyBot",
    "HardBot",
    "NormalBot",
    "RandomBot",
    "Weights",
    "encode",
    "make_bot",
    "parse",
]

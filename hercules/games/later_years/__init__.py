"""*Hercules: The Later Years*: an auction-and-sets card game for 2-5 players.

``engine`` holds the rules (pure, headless; ``engine.RULES`` meets the box's ``GameRules``
contract), ``ai`` the bots (each decides on its own seat's view), ``ui`` the table and its
screens, ``spec`` what the box's registry offers.
"""

__all__: list[str] = []

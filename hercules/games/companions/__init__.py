"""*The Labours of Hercules*: the box's fourth game, a hidden-role game for 4-7 players.

``engine`` holds the rules (pure, headless; ``engine.RULES`` meets the box's ``GameRules``
contract), ``ai`` the bots (each decides on its own seat's view), ``ui`` the table and its
screens, ``spec`` what the box's registry offers.
"""

__all__: list[str] = []

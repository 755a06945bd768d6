"""The fourth game's rules, pure: ``rules`` (the state, the actions, ``apply`` and the seats'
views), ``data`` (the components, from the assets) and ``adapter`` (the box's contract)."""

from .adapter import GAME_ID, RULES

__all__ = ["GAME_ID", "RULES"]

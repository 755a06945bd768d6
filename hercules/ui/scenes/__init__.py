"""The shell's own scenes: the title, the list of games, loading, settings and the dialogs
any game's table may push (pause, save, confirm, choice). A game's scenes live in its package.
"""

__all__ = ["games", "load", "overlays", "settings", "title"]

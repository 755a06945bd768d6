"""The MEBO board game's scenes: its setup, table, dialogs, score screen, rules and replays."""

__all__ = [
    "art",
    "describe",
    "dialogs",
    "gameover",
    "layout",
    "replay",
    "rules",
    "setup",
    "table",
    "targeting",
]

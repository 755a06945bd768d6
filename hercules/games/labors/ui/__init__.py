"""The Labors game's scenes: its setup, table, dialogs, run-over screen, rules and replays."""

__all__: list[str] = []

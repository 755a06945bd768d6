"""The MEBO board game's scenes: its setup, table, dialogs, score screen, rules and replays."""

"""Hercules, the MEBO dice-and-arithmetic board game: its engine, bots and table.

Its entry in the box's registry is ``SPEC`` in :mod:`hercules.games.mebo.spec`. This file
imports nothing, so that using the pure engine never pulls in the shell.
"""

__all__ = ["ai", "engine", "spec", "stats", "ui"]

"""The games in the box, one package each; the shell finds them through the registry.

A game package ``<name>`` holds ``spec.py`` with its ``SPEC`` (:class:`hercules.app.registry.
GameSpec`); :func:`hercules.app.registry.load_games` registers every one it finds here.
"""

__all__: list[str] = []  # nothing of its own: the games are found by the registry

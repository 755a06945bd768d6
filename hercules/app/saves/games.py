"""Which game a save is for: a document's game id, resolved to that game's rules.

The box may hold several games. Reading a save takes either one game's rules
(which serve only that game) or a resolver from a game id to its rules, and a
document that names no game is a save of :data:`~.schema.DEFAULT_GAME`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias, TypeGuard, cast

from ..contract import GameRules
from .schema import SaveError, json_type

#: The rules of one game, or a resolver from a game id to its rules (``KeyError`` if unknown).
RulesSource: TypeAlias = GameRules[Any, Any, Any] | Callable[[str], GameRules[Any, Any, Any]]


def _is_resolver(source: RulesSource) -> TypeGuard[Callable[[str], GameRules[Any, Any, Any]]]:
    # A rules adapter is an object with the engine's methods; anything else callable resolves.
    return callable(source) and not hasattr(source, "new_game")


def rules_for(source: RulesSource, game: object) -> GameRules[Any, Any, Any]:
    """The rules of the game with id ``game``, from one game's rules or a resolver.

    A single rules object serves only its own game (``rules.name``); a resolver
    is asked for the id and raises ``KeyError`` for a game this box does not
    have. Both refusals are a :class:`SaveError`. A ``game`` that is not text is
    left to the field checks when a single rules object is given.
    """
    if not _is_resolver(source):
        rules = cast(GameRules[Any, Any, Any], source)
        if isinstance(game, str) and game != rules.name:
            raise SaveError(
                f"a save of another game ({game[:40]!r}), not {rules.name}", kind="other_game"
            )
        return rules
    if not isinstance(game, str):
        raise SaveError(f"field 'game' must be text, not {json_type(game)}")
    try:
        return source(game)
    except KeyError:
        raise SaveError(
            f"this save is for a game this box does not have: {game[:40]!r}", kind="other_game"
        ) from None


def rules_resolver(*games: GameRules[Any, Any, Any]) -> Callable[[str], GameRules[Any, Any, Any]]:
    """A resolver over some games' rules, by their ``name`` (``KeyError`` for any other id)."""
    table = {rules.name: rules for rules in games}

    def resolve(game: str) -> GameRules[Any, Any, Any]:
        return table[game]

    return resolve

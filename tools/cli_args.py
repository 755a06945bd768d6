"""Option types shared by the command-line tools (clear argparse errors for bad numbers)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from hercules.app.registry import UnknownGameError, get_game, load_games


def whole_number(text: str) -> int:
    """An int, or an argparse error naming the bad text."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive(text: str) -> int:
    """A whole number of at least 1."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def add_processes_option(parser: argparse.ArgumentParser, flag: str) -> None:
    """``flag`` (e.g. ``--jobs``): how many worker processes play the games (one per CPU)."""
    parser.add_argument(
        flag,
        type=positive,
        default=os.cpu_count() or 1,
        help="worker processes (default: one per CPU)",
    )


def add_game_option(parser: argparse.ArgumentParser) -> None:
    """``--game ID``: which game of the box (default the MEBO board game); checked on parse."""
    parser.add_argument(
        "--game",
        type=game_spec,
        default="hercules",
        help="the game of the box, by id (default: hercules, the MEBO board game)",
    )


def game_spec(text: str) -> Any:
    """The registered game with id ``text``, or an argparse error listing the box's games."""
    try:
        return get_game(text)
    except UnknownGameError:
        known = ", ".join(load_games().ids())
        raise argparse.ArgumentTypeError(f"no game {text!r} in the box (games: {known})") from None


def only_game(parser: argparse.ArgumentParser, game_id: str, why: str) -> None:
    """``--game``, for a tool built on one game's own modules: any other game is refused.

    ``why`` says what the tool needs that only that game has (e.g. "the MEBO game's arena").
    """
    parser.add_argument(
        "--game",
        default=game_id,
        type=lambda text: _only(text, game_id, why),
        help=f"the game of the box (only {game_id}: this tool uses {why})",
    )


def _only(text: str, game_id: str, why: str) -> str:
    spec = game_spec(text)
    if spec.id != game_id:
        raise argparse.ArgumentTypeError(f"{spec.id!r} cannot be used here: this tool uses {why}")
    return str(spec.id)

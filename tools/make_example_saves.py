"""Make the example saves in saves/ and the version-1 test fixture, from seeded bot games.

    python tools/make_example_saves.py [--out saves] [--fixtures tests/app/fixtures]

Seat 0 is a human seat in every example (so that a player can take over), but
while the examples are made it is played by a Normal bot with the generator a
bot of seat 0 would have; the other seats are the bots the save names. The
output is deterministic: same code, same files.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from cli_args import only_game

from hercules.app.controller import Controller
from hercules.app.saves import game_document, read_document, write_save
from hercules.games.mebo.ai import make_bot
from hercules.games.mebo.engine import GameState
from hercules.games.mebo.engine.adapter import RULES
from hercules.games.mebo.spec import new_controller

ROOT = Path(__file__).resolve().parent.parent


def _strings() -> tuple[dict[str, str], list[str]]:
    assets = resources.files("hercules.assets")
    strings = json.loads((assets / "ui" / "strings" / "en.json").read_text("utf-8"))
    theme = json.loads((assets / "ui" / "theme.json").read_text("utf-8"))
    colours = [strings[p["name_key"]] for p in theme["palettes"]["classic"]]
    return strings, colours


def seat_names(kinds: list[str]) -> list[str]:
    """The names the setup screen gives (English): the colour, "<colour> bot", Hades."""
    strings, colours = _strings()
    out = []
    for i, kind in enumerate(kinds):
        if kind == "hades":
            out.append(strings["seat.hades"])
        elif kind == "human":
            out.append(colours[i])
        else:
            out.append(strings["seat.bot"].format(colour=colours[i]))
    return out


def play(
    mode: str, kinds: list[str], seed: int, stop: Callable[[GameState], bool]
) -> tuple[Controller, list[str]]:
    """Play a seeded game until ``stop(state)`` holds (checked before each step) or it ends."""
    ctl = new_controller(mode, kinds, seed)
    stand_in = make_bot("normal")  # plays the human seat while the example is made
    stand_in_rng = random.Random(seed * 1009)
    while not ctl.is_over and not stop(ctl.state):
        if ctl.human_to_act():
            action = stand_in.choose(ctl.view(ctl.actor), ctl.legal(), stand_in_rng)
            err = ctl.submit(action, ctl.actor)
            assert err is None, err
        else:
            ctl.step(wait=True)
    ctl.close()
    return ctl, seat_names(kinds)


def at_turn_start(state: GameState, seat: int) -> bool:
    """``seat`` is about to choose its first move of a turn (after the roll)."""
    return (
        state.prompt == "action"
        and state.current == seat
        and not state.used
        and state.white_holder < 0
        and not state.is_terminal
    )


def last_turn_of_solo(state: GameState) -> bool:
    """The hero's turn is the last of the game: the end is triggered and Hades has played."""
    return at_turn_start(state, 0) and state.end_triggered and state.turn == state.n - 1


def document(ctl: Controller, names: list[str], label: str, when: str) -> dict:
    doc = game_document(ctl, names, label=label, created=when, updated=when)
    read_document(doc, RULES)  # never ship an example that does not load
    return doc


def to_v1(doc: dict) -> dict:
    """The same game in save format 1 (see ``saves.upgrade_v1_to_v2``)."""
    kinds = []
    for s in doc["seats"]:
        if s["kind"] == "human":
            kinds.append("human")
        elif s["kind"] == "bot":
            kinds.append(f"bot:{s['level']}")
        else:
            kinds.append(f"automaton:{s['name']}")
    return {
        "format": doc["format"],
        "version": 1,
        "app_version": "0.0.9",
        "saved": doc["updated"],
        "config": doc["rules"],
        "seed": doc["seed"],
        "seats": kinds,
        "actions": doc["log"],
        "state": doc["snapshot"],
    }


def write(path: Path, doc: dict) -> None:
    write_save(path, doc, backup=False)
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {doc['meta']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "saves")
    ap.add_argument("--fixtures", type=Path, default=ROOT / "tests" / "app" / "fixtures")
    only_game(ap, "hercules", "the MEBO game's example scenarios")
    args = ap.parse_args(argv)

    # A four-player game in the middle: round 6, the human about to move.
    kinds = ["human", "normal", "easy", "hard"]
    ctl, names = play("standard", kinds, 2024, lambda s: s.round >= 6 and at_turn_start(s, 0))
    assert not ctl.is_over
    label = "Four players, round 6"
    write(args.out / "four_players_midgame.json", document(ctl, names, label, _t(1)))

    # Solo against Hades, one turn before the end: whatever the hero does, the game ends.
    for seed in range(1, 500):
        ctl, names = play("solo", ["human", "hades"], seed, last_turn_of_solo)
        if not ctl.is_over:
            break
    else:
        raise SystemExit("no seed gives a solo game whose last turn is the hero's")
    label = "Solo against Hades, last turn"
    write(args.out / "solo_last_turn.json", document(ctl, names, label, _t(2)))

    # A finished four-player game.
    ctl, names = play("standard", ["human", "hard", "normal", "normal"], 7, lambda s: False)
    assert ctl.is_over
    label = "Four players, final scores"
    write(args.out / "four_players_finished.json", document(ctl, names, label, _t(3)))

    # The version-1 fixture: a two-player game against a bot, a few rounds in.
    ctl, names = play("standard", ["human", "normal"], 11, lambda s: s.round >= 4)
    v2 = document(ctl, names, "", _t(0))
    args.fixtures.mkdir(parents=True, exist_ok=True)
    path = args.fixtures / "save_v1.json"
    path.write_text(json.dumps(to_v1(v2), indent=1) + "\n", encoding="utf-8")
    print(f"{path}: version 1, {len(v2['log'])} actions")
    return 0


def _t(k: int) -> str:
    # Fixed times keep the files identical from run to run (and order the examples).
    return f"2025-01-0{k + 1}T12:00:00.000Z"


if __name__ == "__main__":
    raise SystemExit(main())

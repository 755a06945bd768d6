"""Fingerprint the engine's behaviour: one digest per mode over many seeded games.

    python tools/fingerprint_games.py --games 40 --bot-games 2

For every mode (standard, simplified, solo, pnp) and every player count it allows (2-4; solo
only 2), plays ``--games`` seeded random games to the end and hashes, in order: every state's
``to_json()`` document (serialised as written, so key order counts: the saves must stay
byte-identical), the sorted legal actions at every step, the action chosen, its event list
and the final score. ``--bot-games`` more games per mode and player count are played by the
Normal bot (and one by Hard), so that the bots' valuations are fingerprinted too; they decide
on their seat's view, as in the box. A
refactoring that claims "behaviour unchanged" must print the same digests before and after.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

from cli_args import only_game

from hercules.games.mebo.ai.bots import make_bot
from hercules.games.mebo.engine import (
    GameConfig,
    apply,
    legal_actions,
    new_game,
    score,
    state_from_json,
)
from hercules.games.mebo.engine.view import view

MODES = ("standard", "simplified", "solo", "pnp")
MAX_ACTIONS = 20_000


def _dump(doc: Any) -> bytes:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode()


def play(config: GameConfig, seed: int, h: Any, chooser: Any) -> int:
    """Play one game, feeding everything observable into the hash ``h``; return its length."""
    state = new_game(config, seed)
    for step in range(MAX_ACTIONS):
        doc = state.to_json()
        h.update(_dump(doc))
        if step % 97 == 0:  # now and then: the document reads back to an equal state
            if state_from_json(json.loads(_dump(doc))) != state:
                raise AssertionError(f"{config} seed {seed}: JSON round trip differs")
        if state.is_terminal:
            h.update(_dump(score(state).to_json()))
            return step
        legal = legal_actions(state)
        h.update(_dump([a.to_json() for a in legal]))
        action = chooser(state, legal)
        h.update(_dump(action.to_json()))
        state, events = apply(state, action)
        h.update(_dump([e.to_json() for e in events]))
    raise RuntimeError(f"{config} seed {seed} did not end")


def fingerprint(mode: str, games: int, bot_games: int) -> tuple[str, int]:
    """The digest of ``mode`` and the number of actions played."""
    h = hashlib.sha256()
    total = 0
    counts = (2,) if mode == "solo" else (2, 3, 4)
    for players in counts:
        config = GameConfig(players, mode)
        for g in range(games):
            rng = random.Random(f"fp:{mode}:{players}:{g}")
            total += play(config, 1000 + g, h, lambda s, legal, r=rng: r.choice(legal))
        for g in range(bot_games):
            level = "hard" if g == 0 and players == counts[0] else "normal"
            bot = make_bot(level)
            rng = random.Random(f"fpbot:{mode}:{players}:{g}")

            def choose(s: Any, legal: list, bot: Any = bot, rng: Any = rng) -> Any:
                if s.prompt in ("roll", "hades"):
                    return legal[0]
                act = bot.choose(view(s, s.current), legal, rng)  # as the controller does
                h.update(bot.explain().encode())
                return act

            total += play(config, 5000 + g, h, choose)
    return h.hexdigest(), total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="random games per mode and count")
    parser.add_argument("--bot-games", type=int, default=2, help="bot games per mode and count")
    parser.add_argument("--mode", choices=MODES, action="append", help="only these modes")
    only_game(parser, "hercules", "the MEBO game's engine directly")
    args = parser.parse_args(argv)
    for mode in args.mode or MODES:
        digest, actions = fingerprint(mode, args.games, args.bot_games)
        print(f"{mode:<11} {digest} ({actions} actions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

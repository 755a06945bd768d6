"""Fingerprint every game's behaviour: one digest per game and variant over many seeded games.

    python tools/fingerprint_games.py [--game ID] [--variant V] [--games N] [--bot-games N]

For every registered game (or ``--game ID``), every variant and every player count it allows,
plays ``--games`` seeded random games to the end and hashes, in order: every state's document
(``rules.state_to_json``, serialised as written, so key order counts: the saves must stay
byte-identical), the legal actions at every step (``rules.action_to_json``), the action
chosen, its events (``rules.event_to_json``) and, at the end, the game's summary
(``rules.summary``). ``--bot-games`` more games per variant and player count are played by the
game's bots (``spec.make_bot``), so that their valuations and reasons are fingerprinted too;
they decide on their seat's view (``rules.view``), as the controller hands it, and the chance
steps (no seat acts) take the first legal action. The tool knows no game: it reaches each one
through the registry and the contract (:class:`hercules.app.contract.GameRules`).

A game may tune its fingerprint with a ``fingerprint`` tool hook (its spec's ``tools``): a
function returning a dict with any of ``games`` and ``bot_games`` (its default counts),
``level(variant, players, game) -> str`` (the bot level of a bot game; default: the levels
in turn, each player count starting one further on) and ``final(state) -> dict`` (what is
hashed at the end instead of the summary: the MEBO game keeps its full score, as this tool
always hashed it).

One line per game and variant, then a JSON object (the last line). A refactoring that claims
"behaviour unchanged" must print the same digests before and after.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from cli_args import game_spec, whole_number

from hercules.app.registry import games as all_games

#: Random games and bot games per variant and player count, for a game that says nothing.
GAMES = 40
BOT_GAMES = 2
#: A game still running after this many actions is stuck.
MAX_ACTIONS = 20_000
#: The seeds of the random games start here, those of the bot games at BOT_SEEDS.
SEEDS = 1000
BOT_SEEDS = 5000

Chooser = Callable[[Any, list[Any]], Any]


def _dump(doc: Any) -> bytes:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode()


def options(spec: Any) -> dict[str, Any]:
    """The game's ``fingerprint`` hook's options (empty when it has none)."""
    hook = spec.tool_entry("fingerprint")
    return dict(hook()) if hook is not None else {}


def player_counts(spec: Any, variant: str) -> list[int]:
    """The seat counts ``variant`` is played with: those of ``spec.players`` its
    ``new_controller`` accepts (the MEBO solo variant: two, the hero and Hades)."""
    lo, hi = spec.players
    counts = []
    for players in range(lo, hi + 1):
        try:
            spec.new_controller(variant, ["human"] * players, 0)
        except ValueError:
            continue
        counts.append(players)
    return counts


def start(spec: Any, variant: str, players: int, seed: int) -> Any:
    """The first state of a new game, set up as the box sets it up (``new_controller``)."""
    return spec.new_controller(variant, ["human"] * players, seed).state


def play(rules: Any, state: Any, h: Any, chooser: Chooser, final: Callable[[Any], Any]) -> int:
    """Play one game, feeding everything observable into the hash ``h``; return its length."""
    where = f"{rules.name} seed {rules.seed_of(state)}"
    for step in range(MAX_ACTIONS):
        doc = rules.state_to_json(state)
        h.update(_dump(doc))
        if step % 97 == 0:  # now and then: the document reads back to an equal state
            if rules.state_from_json(json.loads(_dump(doc))) != state:
                raise AssertionError(f"{where}: JSON round trip differs at step {step}")
        if rules.is_terminal(state):
            h.update(_dump(final(state)))
            return step
        legal = rules.legal_actions(state)
        h.update(_dump([rules.action_to_json(a) for a in legal]))
        action = chooser(state, legal)
        h.update(_dump(rules.action_to_json(action)))
        state, events = rules.apply(state, action)
        h.update(_dump([rules.event_to_json(e) for e in events]))
    raise RuntimeError(f"{where} did not end within {MAX_ACTIONS} actions")


def bot_chooser(rules: Any, bot: Any, rng: random.Random, h: Any) -> Chooser:
    """A chooser that asks ``bot`` on the acting seat's view and hashes its reason."""
    explain = getattr(bot, "explain", None)

    def choose(state: Any, legal: list[Any]) -> Any:
        seat = rules.actor(state)
        if seat < 0:  # a chance or automaton step: no bot decides it
            return legal[0]
        action = bot.choose(rules.view(state, seat), legal, rng)  # as the controller does
        if action not in legal:
            raise RuntimeError(f"{rules.name}: bot {bot.name!r} chose an illegal {action!r}")
        if callable(explain):
            h.update(str(explain()).encode())
        return action

    return choose


def fingerprint(
    spec: Any, variant: str, games: int, bot_games: int, opts: dict[str, Any]
) -> tuple[str, int]:
    """The digest of one game's ``variant`` and the number of actions played."""
    rules = spec.rules
    final = opts.get("final", rules.summary)
    level = opts.get("level")
    levels = spec.bot_levels
    h = hashlib.sha256()
    total = 0
    for i, players in enumerate(player_counts(spec, variant)):
        for g in range(games):
            rng = random.Random(f"fp:{variant}:{players}:{g}")
            state = start(spec, variant, players, SEEDS + g)
            total += play(rules, state, h, lambda s, legal, r=rng: r.choice(legal), final)
        for g in range(bot_games):
            # By default the game's levels in turn, each count one further on: every level plays.
            name = level(variant, players, g) if level else levels[(g + i) % len(levels)]
            bot = spec.make_bot(name)
            rng = random.Random(f"fpbot:{variant}:{players}:{g}")
            state = start(spec, variant, players, BOT_SEEDS + g)
            total += play(rules, state, h, bot_chooser(rules, bot, rng, h), final)
    return h.hexdigest(), total


def chosen_variants(specs: Sequence[Any], wanted: Sequence[str] | None) -> dict[str, list[str]]:
    """The variants to fingerprint, per game id; ``SystemExit`` naming a variant no game has."""
    plan = {s.id: [v for v in s.variants if not wanted or v in wanted] for s in specs}
    unknown = sorted(set(wanted or ()) - {v for s in specs for v in s.variants})
    if unknown:
        known = ", ".join(dict.fromkeys(v for s in specs for v in s.variants))
        raise SystemExit(f"no variant {', '.join(unknown)} (variants: {known})")
    return plan


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument(
        "--games",
        type=whole_number,
        help=f"random games per variant and player count (default {GAMES}, or the game's own)",
    )
    parser.add_argument(
        "--bot-games",
        type=whole_number,
        help=f"bot games per variant and player count (default {BOT_GAMES}, or the game's own)",
    )
    parser.add_argument(
        "--variant", "--mode", action="append", help="only these variants (repeatable)"
    )
    parser.add_argument("--game", type=game_spec, help="only this game of the box, by id")
    args = parser.parse_args(argv)
    specs = [args.game] if args.game else all_games()
    plan = chosen_variants(specs, args.variant)
    report: dict[str, Any] = {}
    clock = time.perf_counter()
    for spec in specs:
        opts = options(spec)
        games = args.games if args.games is not None else int(opts.get("games", GAMES))
        bot_games = (
            args.bot_games if args.bot_games is not None else int(opts.get("bot_games", BOT_GAMES))
        )
        variants: dict[str, Any] = {}
        for variant in plan[spec.id]:
            digest, actions = fingerprint(spec, variant, games, bot_games, opts)
            print(f"{spec.id:<12} {variant:<11} {digest} ({actions} actions)", flush=True)
            variants[variant] = {"digest": digest, "actions": actions}
        report[spec.id] = {"games": games, "bot_games": bot_games, "variants": variants}
    seconds = round(time.perf_counter() - clock, 2)
    print(json.dumps({"fingerprints": report, "seconds": seconds}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

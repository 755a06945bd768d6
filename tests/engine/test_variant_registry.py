"""The variant registry: look-up, registration, and a variant defined outside the engine.

``ShortVariant`` below is a whole new variant in this one module, built only on the public
hooks (no engine file knows it): the game ends after the round in which a hero's Apprentice
reaches column 6. It is registered like the built-in ones and must play, serialise and replay
as they do. Every registered variant then passes the same conformance run.
"""

from __future__ import annotations

import ast
import json
import pickle
import random
from pathlib import Path

import pytest

import hercules.games.mebo.engine
from hercules.games.mebo.engine import (
    MODES,
    VARIANTS,
    GameConfig,
    GameState,
    InvalidStateError,
    Variant,
    apply,
    check_invariants,
    find_variant,
    legal_actions,
    new_game,
    register_variant,
    replay,
    score,
    state_from_json,
    validate,
)
from hercules.games.mebo.engine.abilities import ABILITIES, ability_options
from hercules.games.mebo.engine.cards import ACTIVE_ABILITIES
from hercules.games.mebo.engine.variants.standard import StandardVariant

GOAL = 6  #: the short game's finishing column


class ShortVariant(StandardVariant):
    """The standard game, over once a hero's Apprentice has reached column 6 (after the round)."""

    name = "short"
    description = "mode.help.short"
    end_conditions = (*StandardVariant.end_conditions, "column_6")

    def game_ends(self, s: GameState) -> bool:
        if "column_6" not in s.ended_by and any(p.pos >= GOAL and not p.hades for p in s.players):
            s.ended_by = s.ended_by + ("column_6",)
        return bool(s.ended_by)

    def check_invariants(self, s: GameState) -> None:
        super().check_invariants(s)
        if "column_6" in s.ended_by and not any(p.pos >= GOAL for p in s.players):
            raise InvalidStateError("impossible state: the short game ended but nobody is on 6")


SHORT = VARIANTS.get("short") or register_variant(ShortVariant())


def play_random(config: GameConfig, seed: int, *, roundtrip_every: int = 7) -> tuple:
    """Play a seeded random game to the end, checking legality, invariants and JSON."""
    rng = random.Random(f"conformance:{config.mode}:{config.players}:{seed}")
    state = new_game(config, seed)
    log = []
    while not state.is_terminal:
        assert len(log) < 20_000, "the game does not end"
        legal = legal_actions(state)
        assert legal, "only a finished game offers nothing"
        action = rng.choice(legal)
        assert validate(state, action) is None
        state, events = apply(state, action)
        log.append(action)
        check_invariants(state)
        if len(log) % roundtrip_every == 0 or state.is_terminal:
            doc = json.loads(json.dumps(state.to_json()))
            back = state_from_json(doc)
            assert back == state
            assert back.to_json() == doc
    return state, log


# --- look-up and registration ---------------------------------------------------------------


def test_built_in_variants_are_registered_under_their_mode_names() -> None:
    assert tuple(VARIANTS)[: len(MODES)] == MODES
    for mode in MODES:
        variant = find_variant(mode)
        assert variant.name == mode
        assert GameConfig(2, mode).variant is variant
        assert GameConfig(2, mode).mode == mode


def test_find_variant_names_the_known_variants_for_an_unknown_name() -> None:
    with pytest.raises(ValueError, match="unknown mode 'chaos'") as err:
        find_variant("chaos")
    for mode in MODES:
        assert mode in str(err.value)
    with pytest.raises(ValueError, match="choose one of"):
        GameConfig(2, "chaos")


def test_a_duplicate_name_is_refused() -> None:
    before = dict(VARIANTS)
    with pytest.raises(ValueError, match="'standard' is already registered"):
        register_variant(StandardVariant())
    with pytest.raises(ValueError, match="'short' is already registered"):
        register_variant(ShortVariant())
    with pytest.raises(ValueError, match="non-empty name"):
        register_variant(Variant())
    with pytest.raises(TypeError):
        register_variant("standard")  # type: ignore[arg-type]
    assert VARIANTS == before


def test_the_config_keeps_its_mode_string_and_pickles_to_the_registered_variant() -> None:
    config = GameConfig(3, "short")
    assert config.to_json() == {"players": 3, "mode": "short"}
    assert config == GameConfig(3, "short") and hash(config) == hash(GameConfig(3, "short"))
    back = pickle.loads(pickle.dumps(config))
    assert back == config and back.variant is SHORT


def test_seat_counts_come_from_the_variant() -> None:
    with pytest.raises(ValueError, match="exactly two seats"):
        GameConfig(3, "solo")
    with pytest.raises(ValueError, match="2 to 4 players"):
        GameConfig(5, "short")


def test_the_ability_table_covers_every_active_ability() -> None:
    assert set(ABILITIES) == set(ACTIVE_ABILITIES)
    state = new_game(GameConfig(2), 1)
    assert ability_options(state, 0, "no_such_ability", (3, 4)) == []


# --- the test-only variant --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_short_variant_plays_to_the_end_and_replays(players: int) -> None:
    config = GameConfig(players, "short")
    for seed in range(4):
        state, log = play_random(config, seed)
        assert state.ended_by, "the game ended on a condition"
        assert any(p.pos >= GOAL for p in state.players)
        assert replay(config, seed, log) == state
        result = score(state)
        assert result.tiebreak in ("", *SHORT.tiebreaks, "shared")


def test_the_short_variant_is_shorter_than_the_standard_game() -> None:
    short = [play_random(GameConfig(3, "short"), seed)[0].round for seed in range(6)]
    full = [play_random(GameConfig(3), seed)[0].round for seed in range(6)]
    assert sum(short) < sum(full)


def test_a_short_game_document_needs_the_short_variant() -> None:
    state, _ = play_random(GameConfig(2, "short"), 3)
    doc = state.to_json()
    assert "column_6" in doc["ended_by"]
    standard = json.loads(json.dumps(doc))
    standard["config"]["mode"] = "standard"
    with pytest.raises(InvalidStateError, match="end condition"):
        state_from_json(standard)


def test_the_short_variant_is_this_module_only() -> None:
    # Defining a variant takes no engine edit: no engine file mentions it.
    engine_dir = Path(hercules.games.mebo.engine.__file__).parent
    for path in engine_dir.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "column_6" not in text and "ShortVariant" not in text, path


# --- every registered variant ------------------------------------------------------------------


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_registered_variant_conforms(name: str) -> None:
    variant = find_variant(name)
    for players in variant.player_counts:
        config = GameConfig(players, name)
        for seed in (11, 12):
            state, log = play_random(config, seed, roundtrip_every=3)
            assert state.is_terminal and legal_actions(state) == []
            assert set(state.ended_by) <= set(variant.end_conditions)
            assert replay(config, seed, log) == state
            result = score(state)
            assert result.tiebreak in ("", *variant.tiebreaks, "shared")
            for ps in result.players:
                assert ps.total == sum(
                    getattr(ps, c)
                    for c in (
                        "cards",
                        "vases",
                        "zeus_pantheon",
                        "majorities",
                        "sets",
                        "cubes",
                        "jumps",
                        "reached_12",
                        "labours",
                    )
                )
                assert set(variant.score_categories) <= set(ps.to_json())


# --- the engine's imports point one way ----------------------------------------------------------


def _module_imports(path: Path, package: str) -> set[str]:
    """The engine modules ``path`` imports when it is loaded (TYPE_CHECKING blocks left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    base = package.split(".")
    out: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if isinstance(node, ast.ImportFrom) and node.level:
                parent = base[: len(base) - node.level + 1]
                mod = ".".join(parent + ([node.module] if node.module else []))
                out.add(mod)
                for alias in node.names:
                    out.add(f"{mod}.{alias.name}")
            elif isinstance(node, ast.ImportFrom) and node.module:
                out.add(node.module)
            elif isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.If | ast.Try):
                visit(node.body)

    visit(tree.body)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                assert not isinstance(inner, ast.Import | ast.ImportFrom), (
                    f"{path.name}:{inner.lineno} imports inside a function"
                )
    return out


def test_engine_imports_form_no_circle() -> None:
    root = Path(hercules.games.mebo.engine.__file__).parent
    modules: dict[str, Path] = {}
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).with_suffix("").parts
        name = ".".join(("hercules", "engine", *rel))
        modules[name.removesuffix(".__init__")] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        deps = set()
        for mod in _module_imports(path, package):
            # Importing a.b.c runs a.b's __init__ too (the engine's own is the facade).
            parts = mod.split(".")
            for k in range(3, len(parts) + 1):
                dep = ".".join(parts[:k])
                if dep in modules and dep != name:
                    deps.add(dep)
        graph[name] = deps
    facade = "hercules.games.mebo.engine"
    seen: dict[str, int] = {}

    def visit(node: str, stack: list[str]) -> None:
        seen[node] = 1
        for dep in sorted(graph[node]):
            if dep == facade:
                continue
            if seen.get(dep) == 1:
                cycle = stack[stack.index(dep) :] + [dep]
                raise AssertionError("import circle: " + " -> ".join(cycle))
            if dep not in seen:
                visit(dep, [*stack, dep])
        seen[node] = 2

    for name in sorted(graph):
        if name not in seen:
            visit(name, [name])

"""The Later Years engine is pure: importing and playing it loads no pygame (nor the shell),
it never uses the global ``random`` module, and it imports only itself, the games' kit and
the standard library (the box's architecture test passes over a parked ``_`` package, so the
rule is checked here too)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import hercules.games.later_years.engine

ENGINE_DIR = Path(hercules.games.later_years.engine.__file__).resolve().parent
PACKAGE = "hercules.games.later_years.engine"

PROBE = r"""
import json, random, sys
calls = []
for name in ("random", "randint", "randrange", "choice", "shuffle", "seed", "getrandbits"):
    real = getattr(random, name)
    setattr(random, name, lambda *a, _n=name, _r=real, **k: (calls.append(_n), _r(*a, **k))[1])
from hercules.games.later_years.engine import (
    LaterYearsConfig, apply, legal_actions, new_game, score, view_for
)
for players in (2, 5):
    state = new_game(LaterYearsConfig(players), 3)
    steps = 0
    while not state.is_terminal and steps < 3000:
        legal = legal_actions(state)
        state, _ = apply(state, legal[steps % len(legal)])
        view_for(state, 0)
        steps += 1
    score(state)
print(json.dumps({"modules": sorted(sys.modules), "random_calls": calls}))
"""


def test_the_engine_imports_only_itself_the_kit_and_the_standard_library() -> None:
    stdlib = set(sys.stdlib_module_names)
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.ImportFrom):
                assert node.level == 1, f"{path}: relative imports stay inside the engine"
            for name in names:
                top = name.split(".")[0]
                if top == "hercules":
                    assert name.startswith("hercules.games._kit"), f"{path} imports {name}"
                else:
                    assert top in stdlib and top != "random", f"{path} imports {name}"

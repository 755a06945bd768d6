"""The Labors engine is pure: importing and playing it loads no pygame (nor the app or UI), and
it never uses the global ``random`` module."""

from __future__ import annotations

import ast
from pathlib import Path

import hercules.games.labors.engine

ENGINE_DIR = Path(hercules.games.labors.engine.__file__).resolve().parent

PROBE = r"""
import json, random, sys
calls = []
for name in ("random", "randint", "randrange", "choice", "shuffle", "seed", "getrandbits"):
    real = getattr(random, name)
    setattr(random, name, lambda *a, _n=name, _r=real, **k: (calls.append(_n), _r(*a, **k))[1])
import hercules.games.labors.engine as engine
from hercules.games.labors.engine import LaborsConfig, apply, legal_actions, new_game
for difficulty in ("hero", "god"):
    state = new_game(LaborsConfig(difficulty, 4), 3)
    steps = 0
    while not state.is_terminal and steps < 3000:
        legal = legal_actions(state)
        state, _ = apply(state, legal[steps % len(legal)])
        steps += 1
print(json.dumps({"modules": sorted(sys.modules), "random_calls": calls}))
"""


def test_the_engine_source_imports_nothing_from_the_ui_or_random() -> None:
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in ("pygame", "pygame_gui", "random"), path
                assert not name.startswith(("hercules.ui", "hercules.app")), path

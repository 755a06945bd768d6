"""The rules engine is a pure package (design guide, practice 1).

It never imports pygame, pygame_gui or platformdirs (nor the app or UI layers), never uses the
global ``random`` module, and does no I/O besides reading its own package data through
``importlib.resources`` in ``cards.py``. Checked twice: by running the engine in a fresh
interpreter under an audit hook, and by reading its source.
"""

from __future__ import annotations

import ast
import functools
import json
import subprocess
import sys
from pathlib import Path

import hercules.games.mebo.engine

ENGINE_DIR = Path(hercules.games.mebo.engine.__file__).resolve().parent
ENGINE_FILES = sorted(ENGINE_DIR.rglob("*.py"))  # the variants/ package too

#: Play a game in a fresh interpreter; report modules loaded and every file/process/socket event.
PROBE = r"""
import json, os, random, sys

FORBIDDEN_RANDOM = ("random", "randint", "randrange", "choice", "choices", "shuffle", "sample",
                    "uniform", "seed", "getrandbits", "gauss", "triangular")
random_calls = []
def _trap(name, real):
    def trap(*args, **kwargs):
        random_calls.append(name)  # recorded, not raised: an except clause cannot hide it
        return real(*args, **kwargs)
    return trap
for name in FORBIDDEN_RANDOM:
    setattr(random, name, _trap(name, getattr(random, name)))

events = []
phase = ["import"]
def hook(event, args):
    if event in ("open", "os.listdir", "os.scandir", "os.remove", "os.rename", "os.mkdir",
                 "shutil.rmtree", "subprocess.Popen", "os.system", "socket.connect",
                 "socket.bind", "os.chdir", "tempfile.mkstemp"):
        target = args[0] if args else ""
        try:
            target = os.fspath(target)
        except TypeError:
            target = repr(target)
        events.append([phase[0], event, str(target)[:300]])
sys.addaudithook(hook)

import pkgutil, importlib
import hercules.games.mebo.engine as engine
for info in pkgutil.walk_packages(engine.__path__, "hercules.games.mebo.engine."):
    importlib.import_module(info.name)
engine.labour_names()  # the board data, read once

phase[0] = "play"
from hercules.games.mebo.engine import (GameConfig, new_game, legal_actions, apply, score, replay,
                             state_from_json, check_invariants)
for config in (GameConfig(4), GameConfig(3, "simplified"), GameConfig(2, "solo")):
    state = new_game(config, 5)
    log = []
    while not state.is_terminal and len(log) < 20000:
        action = legal_actions(state)[len(log) % len(legal_actions(state))]
        state, _ = apply(state, action)
        log.append(action)
        check_invariants(state)
    assert state_from_json(json.loads(json.dumps(state.to_json()))) == state
    assert replay(config, 5, log) == state
    score(state)
    engine.labour_names()
    engine.card_set()

print(json.dumps({"modules": sorted(sys.modules), "events": events,
                  "random_calls": random_calls, "games_over": state.is_terminal}))
"""


@functools.cache
def probe() -> dict:
    """Run the probe once per test session."""
    proc = subprocess.run(
        # -P: keep the checkout off sys.path, so the installed package (with its data) is used.
        [sys.executable, "-P", "-c", PROBE],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["games_over"], "the probe's games must be played to the end"
    return result


def _is_code(path: str) -> bool:
    return path.endswith((".py", ".pyc", ".so", ".pth")) or "__pycache__" in path


def test_engine_opens_only_its_own_package_data() -> None:
    opened = []
    for phase, event, path in probe()["events"]:
        if phase == "import" and event in ("os.listdir", "os.scandir"):
            continue  # the import system scanning sys.path
        assert event == "open", f"the engine did {event} {path} ({phase})"
        if _is_code(path):
            continue  # Python importing modules
        assert phase == "import", f"the engine opened {path} while playing"
        assert Path(path).parent.name == "data" and path.endswith(".json"), path
        assert Path(path).parent.parent.name in ("assets", "hercules.assets"), path
        opened.append(Path(path).name)
    assert sorted(opened) == ["board.json", "cards.json"], opened


BANNED_IMPORTS = {
    "random",
    "os",
    "pathlib",
    "io",
    "shutil",
    "subprocess",
    "socket",
    "tempfile",
    "urllib",
    "http",
    "sqlite3",
    "pickle",
    "shelve",
    "glob",
    "time",
    "datetime",
    "pygame",
    "pygame_gui",
    "platformdirs",
}
BANNED_CALLS = {"open", "input", "print", "exec", "eval", "__import__", "Path"}


def _imports(tree: ast.AST) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.lineno, node.module))
    return out


def test_engine_source_imports_nothing_that_does_io() -> None:
    assert {p.name for p in ENGINE_FILES} >= {"rules.py", "state.py", "cards.py", "hades.py"}
    for path in ENGINE_FILES:
        tree = ast.parse(path.read_text(), filename=str(path))
        for line, module in _imports(tree):
            top = module.split(".")[0]
            assert top not in BANNED_IMPORTS, f"{path.name}:{line} imports {module}"
            # The engine depends on nothing above it (the games' pure kit, the generator, aside).
            assert top != "hercules" or module.startswith(
                ("hercules.games.mebo.engine", "hercules.games._kit")
            ), f"{path.name}:{line} imports {module}: the engine depends on nothing above it"
            if module == "importlib":
                assert path.name == "cards.py", f"{path.name}:{line} imports importlib"


def test_engine_source_calls_no_io_functions() -> None:
    for path in ENGINE_FILES:
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else ""
                assert name not in BANNED_CALLS, f"{path.name}:{node.lineno} calls {name}()"
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                used = f"{node.value.id}.{node.attr}"
                assert node.value.id not in ("os", "random", "io", "pathlib", "shutil"), (
                    f"{path.name}:{node.lineno} uses {used}"
                )
                assert used not in ("sys.stdin", "sys.stdout", "sys.stderr"), (
                    f"{path.name}:{node.lineno} uses {used}"
                )
                if node.value.id == "resources":
                    assert path.name == "cards.py", f"{path.name}:{node.lineno} reads resources"


def test_the_only_file_read_is_package_data_in_cards_py() -> None:
    reads = []
    for path in ENGINE_FILES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in (
                "read_text",
                "read_bytes",
                "open",
                "files",
                "write_text",
                "write_bytes",
            ):
                reads.append((path.name, node.attr))
    assert reads and set(reads) <= {("cards.py", "files"), ("cards.py", "read_text")}, reads

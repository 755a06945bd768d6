"""The box's import contract, read from the installed package's source (an import-linter of ours).

- a game's engine imports nothing outside itself, the games' shared kit ``hercules.games._kit``
  (pure: it imports nothing of the box) and the standard library;
- a game's bots import only their own game's engine;
- the shell (``hercules.app``, ``hercules.ui``, ``hercules.cli``) imports no game package;
- a game imports the shell's public modules only, and no other game;
- there are no import cycles between modules, and no imports hidden inside functions
  (the one exception: the command line loads the window's modules lazily).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

ROOT = Path(str(resources.files("hercules")))
#: Function-level imports that are there on purpose, with the reason.
LAZY_OK = {
    # --check-save and --help must not load pygame (fast, and fine without a display).
    ("hercules.cli", "hercules.ui.app"),
    # --self-test opens the window; the same reason.
    ("hercules.cli", "hercules.ui.selftest"),
    # An invite on the command line: the network's modules load only then.
    ("hercules.cli", "hercules.net.remote"),
    # Going online: the network (asyncio, websockets) loads then, never for the title.
    ("hercules.ui.nav", "hercules.ui.scenes.online"),
}


def _lazy_ok(module: str, target: str) -> bool:
    """An import a function may make: one of :data:`LAZY_OK`, or a game's spec setting a game
    up from its own engine and bots, which load when a game is set up, not when the title
    lists the games (issue 26: start-up imports no game's engine)."""
    if (module, target) in LAZY_OK:
        return True
    parts = module.split(".")
    if len(parts) != 4 or parts[:2] != ["hercules", "games"] or parts[3] != "spec":
        return False
    own = f"hercules.games.{parts[2]}."
    return target.startswith(own) and target.split(".")[3] in ("engine", "ai")


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        if "assets" in path.relative_to(ROOT).parts or "examples" in path.parts:
            continue
        out[_module_name(path)] = path
    return out


MODULES = _modules()


def _resolve(module: str, is_pkg: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not is_pkg:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(module: str) -> list[tuple[str, int, bool]]:
    """(imported hercules module, line, inside a function) for every import in ``module``."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_pkg = path.name == "__init__.py"
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
            )
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.startswith("hercules"):
                        found.append((alias.name, child.lineno, in_function))
            elif isinstance(child, ast.ImportFrom):
                target = _resolve(module, is_pkg, child)
                if not target.startswith("hercules"):
                    continue
                for alias in child.names:
                    sub = f"{target}.{alias.name}"
                    found.append((sub if sub in MODULES else target, child.lineno, in_function))
            visit(child, inner)

    visit(tree, False)
    return found


GRAPH = {m: _imports(m) for m in MODULES}


KIT = "hercules.games._kit"


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["hercules", "games"] and not parts[2].startswith("_"):
        return parts[2]
    return None


def _is_shell(module: str) -> bool:
    return module == "hercules" or module.split(".")[1] in (
        "app",
        "ui",
        "cli",
        "__main__",
        "net",
    )


def test_the_contract_sees_the_whole_package():
    assert "hercules.app.registry" in MODULES
    assert "hercules.games.mebo.engine.rules" in MODULES
    assert any(GRAPH.values())


def test_a_games_engine_imports_nothing_outside_itself():
    bad = []
    for mod, imports in GRAPH.items():
        game = _game_of(mod)
        if game is None or ".engine" not in mod:
            continue
        own = (f"hercules.games.{game}.engine", KIT)
        bad += [f"{mod}:{line} imports {t}" for t, line, _ in imports if not t.startswith(own)]
    assert not bad, "\n".join(bad)


def test_the_games_kit_imports_nothing_of_the_box():
    assert f"{KIT}.rng" in MODULES
    bad = [
        f"{mod}:{line} imports {t}"
        for mod, imports in GRAPH.items()
        if mod.startswith(KIT)
        for t, line, _ in imports
        if not t.startswith(KIT)
    ]
    assert not bad, "\n".join(bad)


def test_a_games_bots_import_only_their_own_engine():
    bad = []
    for mod, imports in GRAPH.items():
        game = _game_of(mod)
        if game is None or ".ai" not in mod:
            continue
        allowed = (f"hercules.games.{game}.engine", f"hercules.games.{game}.ai", KIT)
        bad += [f"{mod}:{line} imports {t}" for t, line, _ in imports if not t.startswith(allowed)]
    assert not bad, "\n".join(bad)


def test_the_shell_imports_no_game():
    bad = [
        f"{mod}:{line} imports {t}"
        for mod, imports in GRAPH.items()
        if _game_of(mod) is None and mod != "hercules.games" and _is_shell(mod)
        for t, line, _ in imports
        if t.startswith("hercules.games")
    ]
    assert not bad, "\n".join(bad)


def test_games_use_the_shells_public_modules_only_and_no_other_game():
    bad = []
    for mod, imports in GRAPH.items():
        game = _game_of(mod)
        if game is None:
            continue
        for t, line, _ in imports:
            other = _game_of(t)
            if other is not None and other != game:
                bad.append(f"{mod}:{line} imports another game: {t}")
            elif (
                other is None
                and not t.startswith(KIT)
                and any(p.startswith("_") for p in t.split(".")[1:])
            ):
                bad.append(f"{mod}:{line} imports a private shell module: {t}")
    assert not bad, "\n".join(bad)


def test_no_imports_hidden_in_functions():
    bad = [
        f"{mod}:{line} imports {t} inside a function"
        for mod, imports in GRAPH.items()
        for t, line, lazy in imports
        if lazy and not _lazy_ok(mod, t)
    ]
    assert not bad, "\n".join(bad)


def _cycles() -> list[list[str]]:
    """Strongly connected components with more than one module, over every import: those
    under ``if TYPE_CHECKING:`` too (an annotation-only circle is still two rooms that each
    need the other)."""
    edges = {
        m: sorted({t for t, _, _ in imps if t in MODULES and t != m}) for m, imps in GRAPH.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return out


def test_no_import_cycles():
    cycles = _cycles()
    assert not cycles, "\n".join(" <-> ".join(c) for c in cycles)


PACKAGES = sorted(m for m, p in MODULES.items() if p.name == "__init__.py" and m != "hercules")


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_declares_its_public_names(package):
    tree = ast.parse(MODULES[package].read_text(encoding="utf-8"))
    targets = [
        t
        for n in tree.body
        if isinstance(n, ast.Assign | ast.AnnAssign)
        for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
    ]
    assert any(getattr(t, "id", "") == "__all__" for t in targets), f"{package} has no __all__"


def test_the_server_imports_no_window():
    # The table server runs on machines with no display: nothing of the UI, nor pygame.
    bad = [
        f"{mod}:{line} imports {t}"
        for mod, imports in GRAPH.items()
        if mod.startswith("hercules.net")
        for t, line, _ in imports
        if t.startswith("hercules.ui")
    ]
    assert not bad, "\n".join(bad)
    code = (
        "import sys, hercules.net.cli, hercules.net.server, hercules.net.export; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_package_is_typed():
    assert (ROOT / "py.typed").is_file()

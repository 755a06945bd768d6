"""Every confirmation dialog says what Yes will do (a body under its question)."""

from __future__ import annotations

import ast
from pathlib import Path

import hercules

ROOT = Path(hercules.__file__).parent


def calls() -> list[tuple[str, ast.Call]]:
    """Every call that opens a confirmation, with where it is."""
    found = []
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = (
                f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            )
            nav = isinstance(f, ast.Attribute) and ast.unparse(f.value).endswith("nav")
            if name == "ConfirmOverlay" or (name == "confirm" and nav):
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node))
    return found


def test_every_confirmation_has_a_body_saying_what_yes_does():
    found = calls()
    assert len(found) >= 6
    for where, node in found:
        if where.startswith("ui/nav.py"):  # the helper that passes a body on
            continue
        has_body = any(k.arg == "body" for k in node.keywords)
        needed = 4 if isinstance(node.func, ast.Name) else 3  # ConfirmOverlay(app, q, yes, body)
        assert has_body or len(node.args) >= needed, f"{where}: a confirmation without a body"

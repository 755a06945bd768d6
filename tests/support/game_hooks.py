"""The spec entries issue 22 asks each game to add (the lead wires them into ``spec.py``).

Until every ``spec.py`` carries them, :func:`wire` adds the missing ones to the registered
specs in place (their ``tools`` and ``ui`` are plain dicts), so the tests see the box as it
will be; once a spec has an entry, :func:`wire` leaves it alone. Scripts run by tests in a
subprocess get the same through :data:`BOOT` (``python -c BOOT script args...``).
"""

from __future__ import annotations

from typing import Any

#: game id -> {"tools" | "ui": {role: "module:name"}}
PROPOSED: dict[str, dict[str, dict[str, str]]] = {
    "hercules": {
        "tools": {
            "describe_save": "hercules.games.mebo.verdict:describe_save",
            "settings": "hercules.games.mebo.settings:settings",
            "outcome": "hercules.games.mebo.stats:outcome",
            "tournament": "hercules.games.mebo.stats:tournament",
        },
        "ui": {"save_line": "hercules.games.mebo.ui.words:save_line"},
    },
    "labors": {
        "tools": {"describe_save": "hercules.games.labors.verdict:describe_save"},
    },
    "later_years": {
        "tools": {
            "describe_save": "hercules.games.later_years.verdict:describe_save",
            "tournament": "hercules.games.later_years.stats:tournament",
        },
    },
}


def wire() -> None:
    """Add every proposed entry a registered spec still lacks (idempotent)."""
    from hercules.app.registry import RegistryError, load_games

    try:
        box = load_games()
    except RegistryError:
        return  # a box that cannot start: the tests that load it say why, not every test
    for game_id, sections in PROPOSED.items():
        if game_id not in box:
            continue
        spec: Any = box.get(game_id)
        for section, entries in sections.items():
            table = getattr(spec, section)
            for role, target in entries.items():
                table.setdefault(role, target)


#: ``python -c BOOT <script> <args...>``: wire the proposed entries, then run the script as
#: ``__main__`` with its arguments (its worker processes, forked, inherit the wiring).
BOOT = (
    "import sys, runpy; sys.path.insert(0, {support!r}); import game_hooks; game_hooks.wire(); "
    "sys.argv = sys.argv[1:]; sys.path.insert(0, __import__('os').path.dirname(sys.argv[0])); "
    "runpy.run_path(sys.argv[0], run_name='__main__')"
)


def boot(support: str) -> str:
    """:data:`BOOT` for the folder ``support`` (this module's folder)."""
    return BOOT.format(support=support)

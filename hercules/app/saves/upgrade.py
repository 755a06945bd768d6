"""Older save formats, brought to the current one step by step (see :data:`UPGRADES`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..contract import GameRules
from .schema import FORMAT_VERSION, SaveError, check_version, jsonable, rules_call


def upgrade_v1_to_v2(doc: dict[str, Any], rules: GameRules[Any, Any, Any]) -> dict[str, Any]:
    """Turn a version-1 save into version 2 (a new dict; the input is not changed).

    Version 1 (app 0.0.x) had ``config`` / ``actions`` / ``state`` for the
    rules, log and snapshot, one ``saved`` time, seats as strings (``"human"``,
    ``"bot:<level>"``, ``"automaton:<name>"``), and no game name, display names,
    label or listing metadata. Display names become ``""`` (the UI's default
    names) and the metadata is computed from the snapshot.
    """
    need: tuple[str, ...] = ("format", "version", "app_version", "saved", "config", "seed")
    need += ("seats", "actions", "state")
    for key in need:
        if key not in doc:
            raise SaveError(f"version-1 save: missing field {key!r}")
    extra = set(doc) - set(need)
    if extra:
        raise SaveError(f"version-1 save: unknown field(s) {', '.join(sorted(extra))}")
    seats = doc["seats"]
    if not isinstance(seats, list):
        raise SaveError("version-1 save: field 'seats' must be a list")
    new_seats = []
    for i, s in enumerate(seats):
        if not isinstance(s, str):
            raise SaveError(f"version-1 save: seat {i} must be a string")
        kind, _, rest = s.partition(":")
        if kind == "human" and not rest:
            new_seats.append({"kind": "human", "level": "", "name": ""})
        elif kind == "bot" and rest:
            new_seats.append({"kind": "bot", "level": rest, "name": ""})
        elif kind == "automaton" and rest:
            new_seats.append({"kind": "automaton", "level": "", "name": rest})
        else:
            raise SaveError(f"version-1 save: seat {i} is {s[:40]!r}, not a known kind")
    state = rules_call(rules, "the snapshot", rules.state_from_json, doc["state"])
    return {
        "format": doc["format"],
        "version": 2,
        "app_version": doc["app_version"],
        "game": rules.name,
        "created": doc["saved"],
        "updated": doc["saved"],
        "label": "",
        "rules": doc["config"],
        "seed": doc["seed"],
        "seats": new_seats,
        "names": [""] * len(new_seats),
        "meta": jsonable(rules.summary(state)),
        "log": doc["actions"],
        "snapshot": doc["state"],
    }


#: ``UPGRADES[v]`` turns a version-``v`` document into version ``v + 1``.
UPGRADES: dict[int, Callable[[dict[str, Any], GameRules[Any, Any, Any]], dict[str, Any]]] = {
    1: upgrade_v1_to_v2,
}


def upgrade(doc: dict[str, Any], rules: GameRules[Any, Any, Any]) -> dict[str, Any]:
    """Bring a save document of any supported version to :data:`FORMAT_VERSION`, step by step."""
    version = check_version(doc)
    while version < FORMAT_VERSION:
        try:
            doc = UPGRADES[version](doc, rules)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError(f"cannot upgrade a version-{version} save ({exc})") from None
        version += 1
    return doc

"""A table, finished or abandoned, as a save of the box's own format.

The save holds the table's seed, configuration, seats and log, so it loads on the load
screen and replays to the same final state as the server's (its integrity sealed as
every save the game writes).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hercules.app import saves
from hercules.app.controller import Controller, Record, Seat

from .tables import LiveTable


def _seat(seat: dict[str, Any]) -> Seat:
    if seat["kind"] == "bot":
        return Seat("bot", seat["level"])
    if seat["kind"] == "automaton":
        return Seat("automaton", name=seat["level"])
    return Seat("human")  # a remote player, or a seat nobody claimed


def save_document(table: LiveTable) -> dict[str, Any]:
    """The table's save document (nothing is written)."""
    rules = table.rules
    state = rules.new_game(table.config, table.seed)
    history: list[Record] = []
    before: list[Any] = []
    for seat, doc in table.log:
        action = rules.action_from_json(doc)
        before.append(state)
        state, events = rules.apply(state, action)
        history.append(Record(action, seat, list(events), ""))
    ctl = Controller(rules, state, [_seat(s) for s in table.seats], {}, bot_seed=table.seed)
    ctl.restore(history, before)
    created = datetime.fromtimestamp(table.created, UTC).isoformat(timespec="milliseconds")
    names = [str(s.get("name", "")) for s in table.seats]
    return saves.game_document(
        ctl, names, label=f"Online table {table.id}", created=created.replace("+00:00", "Z")
    )


def export_save(table: LiveTable, folder: Path) -> Path:
    """Write the table's save into ``folder`` as ``online-<code>.json``; its path.

    Raises :class:`~hercules.app.saves.SaveError` when it cannot be written (the table
    itself stays in the server's database either way).
    """
    path = folder / f"online-{table.id}.json"
    saves.write_save(path, save_document(table))
    return path


__all__ = ["export_save", "save_document"]

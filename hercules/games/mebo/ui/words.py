"""The MEBO game's words that the shell asks of it: how one of its saves reads on the load
screen (the ``save_line`` UI role). Every word comes from the string tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hercules.ui.names import localise_name
from hercules.ui.strings import t

#: The string keys of the fixed seat names the game gives (its automaton's, in solo): a saved
#: one is shown in the current language (``localise_name(name, seat, FIXED_NAMES)``).
FIXED_NAMES = ("seat.hades",)


def save_line(meta: Mapping[str, Any], names: Sequence[str]) -> str:
    """A saved game on the load screen: mode, players, round (or finished) and the leader
    with their VP (``meta``: the rules' ``summary``; ``names``: the names the save kept)."""
    lead = meta.get("leader") or {}
    seat = lead.get("seat", 0) if isinstance(lead, Mapping) else 0
    seat = seat if isinstance(seat, int) and seat >= 0 else 0
    if seat < len(names) and names[seat]:
        who = localise_name(names[seat], seat, FIXED_NAMES)
    else:
        who = t("mebo.save.seat", n=seat + 1)
    state = t("load.finished") if meta.get("finished") else t("round", n=meta.get("round", 1))
    return t(
        "mebo.save.line",
        mode=t(f"mode.{meta.get('mode', 'standard')}"),
        players=meta.get("players", 0),
        state=state,
        leader=who,
        vp=lead.get("vp", 0) if isinstance(lead, Mapping) else 0,
    )

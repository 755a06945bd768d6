"""What ``hercules --check-save`` says of a MEBO save (the ``describe_save`` tool hook).

No pygame and no string tables: the verdict is one plain English line of the command line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def describe_save(meta: Mapping[str, Any], names: Sequence[str]) -> str:
    """A good save in words: mode, players, the round and who leads (or who won) with what.

    ``meta`` is the rules' ``summary`` of the saved state, ``names`` the seats' names the save
    kept. A missing or mistyped entry raises ``KeyError``/``TypeError``/``IndexError``: the
    shell then words the verdict itself.
    """

    def who(seat: int) -> str:
        return names[seat] or f"seat {seat + 1}"

    lead = meta["leader"]
    if meta["finished"]:
        won = " and ".join(map(who, meta["winners"]))
        result = f"finished in round {meta['round']}, won by {won}"
    else:
        result = f"round {meta['round']}, {who(lead['seat'])} leads"
    return f"{meta['mode']}, {meta['players']} players, {result} with {lead['vp']} VP"

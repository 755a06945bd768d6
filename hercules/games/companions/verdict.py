"""What ``hercules --check-save`` says of a *Labours of Hercules* save (the ``describe_save``
hook).

No pygame and no string tables: the verdict is one plain English line of the command line,
made from the rules' ``summary`` only, which names nothing hidden (no character but
Hercules', no token, no side).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: How the winning side is said.
SIDES = {"hero": "Hercules and his companions won", "hera": "Hera and her allies won"}


def describe_save(meta: Mapping[str, Any], names: Sequence[str]) -> str:
    """A good save in words: players, the journey and the labours done, or who won."""
    head = f"{meta['players']} players"
    labours = meta["labours"]
    done = f"{labours} labour{'s' if labours != 1 else ''} of 12"
    if not meta["finished"]:
        return f"{head}, journey {meta['round']}: {done} done"
    side = SIDES.get(meta["winner"], "over")
    return f"{head}, over in journey {meta['round']}: {side} ({done})"


__all__ = ["SIDES", "describe_save"]

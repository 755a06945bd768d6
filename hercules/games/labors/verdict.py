"""What ``hercules --check-save`` says of a Labors run (the ``describe_save`` tool hook).

No pygame and no string tables: the verdict is one plain English line of the command line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def describe_save(meta: Mapping[str, Any], names: Sequence[str]) -> str:
    """A good save in words: the difficulty, then the trial with Courage and Divinity, or how
    the run ended (``meta``: the rules' ``summary``; a run has one player, so no names)."""
    mode, trial = meta["mode"], int(meta["labour"])
    if meta["finished"]:
        if meta["outcome"] == "won":
            return f"{mode}, solo, won: Hercules on Olympus"
        return f"{mode}, solo, lost at trial {trial} of 12"
    return (
        f"{mode}, solo, trial {trial} of 12, "
        f"Courage {int(meta['courage'])}, Divinity {int(meta['divinity'])}"
    )

"""The simplified variant: God cards lie face down and count for their VP only."""

from __future__ import annotations

from .standard import StandardVariant


class SimplifiedVariant(StandardVariant):
    """As the standard game, but gods have no ability and their symbols do not count."""

    name = "simplified"
    description = "mode.help.simplified"
    gods_count = False


SIMPLIFIED = SimplifiedVariant()

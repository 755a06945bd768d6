"""*Hercules: The Later Years*: an auction-and-sets card game for 2-5 players (parked).

The leading underscore keeps the box's registry from offering the game while only its rules
engine exists; the package becomes ``later_years`` when its table lands.
"""

__all__: list[str] = []

"""The MEBO engine's generator: the box's shared SplitMix64 (``hercules.games._kit.rng``)."""

from hercules.games._kit.rng import (
    GOLDEN,
    MASK64,
    MIX1,
    MIX2,
    below,
    next_u64,
    roll_die,
    seed_state,
    shuffled,
)

__all__ = [
    "GOLDEN",
    "MASK64",
    "MIX1",
    "MIX2",
    "below",
    "next_u64",
    "roll_die",
    "seed_state",
    "shuffled",
]

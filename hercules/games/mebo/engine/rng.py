"""The MEBO engine's generator: the box's shared SplitMix64 (``hercules.games._kit.rng``)."""

from hercules.games._kit.rng import MASK64, below, next_u64, roll_die, seed_state, shuffled

__all__ = ["MASK64", "below", "next_u64", "roll_die", "seed_state", "shuffled"]

"""Hercules: the digital edition of Fábio Lima's dice-and-arithmetic board game."""

__version__ = "0.1.0"

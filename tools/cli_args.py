"""Option types shared by the command-line tools (clear argparse errors for bad numbers)."""

from __future__ import annotations

import argparse


def whole_number(text: str) -> int:
    """An int, or an argparse error naming the bad text."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive(text: str) -> int:
    """A whole number of at least 1."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value

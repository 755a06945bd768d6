"""The ``hercules`` command."""

from __future__ import annotations

import argparse

from hercules import __version__


def build_parser() -> argparse.ArgumentParser:
    """The command-line options."""
    parser = argparse.ArgumentParser(
        prog="hercules", description="Hercules: roll, reckon and perform the twelve labours."
    )
    parser.add_argument("--version", action="version", version=f"hercules {__version__}")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the game; returns the process exit code."""
    build_parser().parse_args(argv)
    # The rules engine is ready; the table (issue 3) is not. Prove the engine loads.
    from hercules.engine import card_set

    cards = card_set()
    print(
        f"Hercules {__version__}: the rules engine is ready ({len(cards.cards)} components "
        "loaded), but the table is not built yet. Try: python tools/simulate.py --games 10"
    )
    return 0

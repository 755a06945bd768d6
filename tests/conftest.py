"""Suite-wide options and environment.

``--fuzz-games N`` sets how many random games the engine fuzz plays (spread over every mode and
player count). The default keeps the whole fuzz well under a minute on a small machine; a long
run is on demand::

    pytest tests/engine/test_fuzz.py --fuzz-games 100000

The fuzz tests that grow with N carry the ``slow`` marker, so ``-m "not slow"`` leaves them out.
"""

from __future__ import annotations

import argparse
import os
import tempfile

import pytest

# Headless pygame for the UI tests: set before anything can import pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Saves and settings go to a throwaway folder: no test ever touches a real home folder.
os.environ["HERCULES_DATA_DIR"] = tempfile.mkdtemp(prefix="hercules-tests-")

#: Random games the fuzz plays when ``--fuzz-games`` is not given (all configurations together).
DEFAULT_FUZZ_GAMES = 70


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fuzz-games",
        action="store",
        type=_positive_int,
        default=DEFAULT_FUZZ_GAMES,
        metavar="N",
        help=(
            "random games played by the engine fuzz tests, over all modes and player counts "
            f"(default {DEFAULT_FUZZ_GAMES}; e.g. 100000 for a long run)"
        ),
    )


@pytest.fixture(scope="session")
def fuzz_games(request: pytest.FixtureRequest) -> int:
    """How many random games the fuzz plays in total (``--fuzz-games``)."""
    return request.config.getoption("--fuzz-games")

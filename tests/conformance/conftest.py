"""The conformance suite's options and fixtures.

``--conformance-seeds N`` sets how many seeded random games the suite plays per game, variant
and player count (default :data:`DEFAULT_SEEDS`, sized to keep the whole suite near a minute on
a small machine)::

    pytest tests/conformance --conformance-seeds 20

The option exists when pytest starts from this directory (as above); a run of the whole test
suite uses the default.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.conformance import configurations, registered_games
from support.toy_game.spec import SPEC as TOY_SPEC
from support.toy_game.spec import register_toy

#: Seeded games per configuration when ``--conformance-seeds`` is not given.
DEFAULT_SEEDS = 1


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--conformance-seeds",
        action="store",
        type=int,
        default=DEFAULT_SEEDS,
        metavar="N",
        help=f"seeded games per game, variant and player count (default {DEFAULT_SEEDS})",
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``case``: every (game, variant, players, seed); ``game_id``: every game (the box's
    registered games and the toy)."""
    specs = registered_games((TOY_SPEC,))
    if "case" in metafunc.fixturenames:
        seeds = max(1, int(metafunc.config.getoption("--conformance-seeds", DEFAULT_SEEDS)))
        cases = [
            (spec.id, variant, players, seed)
            for spec in specs
            for variant, players in configurations(spec)
            for seed in range(1, seeds + 1)
        ]
        ids = [f"{g}-{v}-{n}p-s{s}" for g, v, n, s in cases]
        metafunc.parametrize("case", cases, ids=ids)
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", [s.id for s in specs])


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    """The toy game in the box's registry for every test here (and only here)."""
    with register_toy():
        yield

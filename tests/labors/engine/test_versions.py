"""The state document's versions: written as 2, version 1 (no "version") upgraded, others refused.

Version 2 came with the rules fix of issue 22 (a round's gold gains net with its losses
before the bounds): a version-1 document has the same fields but the round's surplus.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from labors.engine.helpers import go, gold, playing

from hercules.games._kit.versions import Upgraded
from hercules.games.labors.engine import (
    RULES,
    InvalidStateError,
    LaborsConfig,
    LaborsState,
    apply,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
)
from hercules.games.labors.engine.state import TrialDie

SURPLUS = ("courage_surplus", "divinity_surplus")
FIX = "version 2: gold Courage and Divinity net with the round's losses before their bounds"


def _v1(state: LaborsState) -> dict[str, Any]:
    """The document version 1 wrote for ``state``: today's without "version" and surplus."""
    doc = state_to_json(state)
    return {k: v for k, v in doc.items() if k != "version" and k not in SURPLUS}


def _played(seed: int, steps: int = 300) -> list[LaborsState]:
    rng = random.Random(seed)
    s = new_game(LaborsConfig(("hero", "mortal", "god")[seed % 3], 1 + seed % 12), seed)
    out = [s]
    for _ in range(steps):
        legal = legal_actions(s)
        if not legal:
            break
        s, _ = apply(s, rng.choice(legal))
        out.append(s)
    return out


STATES = [s for seed in range(6) for s in _played(seed)]


def test_state_to_json_writes_version_2_first() -> None:
    doc = state_to_json(STATES[5])
    assert RULES.state_version == 2
    assert next(iter(doc)) == "version" and doc["version"] == 2


def test_a_version_1_document_upgrades_to_the_same_state_and_names_the_rules_fix() -> None:
    for s in STATES:
        assert s.courage_surplus == s.divinity_surplus == 0 or s.prompt in ("play", "fork")
        if s.courage_surplus or s.divinity_surplus:
            continue  # version 1 could not hold it (see the test below)
        old = json.loads(json.dumps(_v1(s)))
        up = RULES.upgrade_state(old)
        assert isinstance(up, Upgraded)
        assert (up.version, up.rules_changed) == (1, (FIX,))
        assert up.doc == state_to_json(s)
        assert RULES.state_from_json(up.doc) == s


def test_a_version_1_snapshot_after_a_capped_gold_gain_is_not_what_the_replay_gives() -> None:
    # Courage 16, a gold +2 (RWD-11A: a 6), Cerberus's next space -2: version 1 capped the
    # gain at 17 and kept nothing; replayed under version 2 the round keeps the surplus.
    before = playing(
        12,
        [6, 1],
        rewards=("RWD-11A",),
        courage=16,
        trial=(TrialDie(6, "2"), TrialDie(0, "S"), TrialDie(0, "S")),
    )
    now = go(before, gold("RWD-11A.g0", [0]))
    assert (now.courage, now.courage_surplus) == (17, 1)
    up = RULES.upgrade_state(_v1(now))
    assert up.rules_changed == (FIX,)  # the save reader trusts the replay of the log
    snapshot = RULES.state_from_json(up.doc)
    assert (snapshot.courage, snapshot.courage_surplus) == (17, 0) and snapshot != now


def test_a_current_document_upgrades_to_itself_with_no_rules_fix() -> None:
    doc = state_to_json(STATES[7])
    assert RULES.upgrade_state(doc) == Upgraded(doc, 2, ())


def test_state_from_json_reads_only_version_2_and_names_the_version() -> None:
    doc = state_to_json(STATES[9])
    with pytest.raises(InvalidStateError, match="version 1 is not this game's 2"):
        state_from_json(_v1(STATES[9]))
    with pytest.raises(InvalidStateError, match="version 3 is not this game's 2"):
        state_from_json({**doc, "version": 3})
    for bad in ("2", 2.0, True, None):
        with pytest.raises(InvalidStateError, match="version"):
            state_from_json({**doc, "version": bad})


def test_upgrade_refuses_a_newer_version_and_a_malformed_version_1_naming_it() -> None:
    doc = state_to_json(STATES[11])
    with pytest.raises(InvalidStateError, match="version 3 was written by a newer game"):
        RULES.upgrade_state({**doc, "version": 3})
    with pytest.raises(InvalidStateError, match="cannot upgrade version 1"):
        RULES.upgrade_state({k: v for k, v in doc.items() if k != "version"})  # has a surplus
    with pytest.raises(InvalidStateError):
        RULES.upgrade_state(["not", "a", "state"])
    with pytest.raises(InvalidStateError):  # upgraded, then refused by the field checks
        RULES.state_from_json(RULES.upgrade_state({**_v1(STATES[11]), "courage": -4}).doc)

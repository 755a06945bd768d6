"""Labors runs in the box's saves: written, listed, loaded, resumed, replayed; damage refused."""

from __future__ import annotations

import json
import random

import pytest

from hercules.app import saves
from hercules.app.registry import get_game, rules_for
from hercules.app.replay import ReplayController
from hercules.games.labors.engine import RULES
from hercules.games.labors.spec import GAME_ID, new_controller
from hercules.games.labors.ui.texts import save_line
from hercules.ui.strings import set_language, t


def played(moves: int, seed: int = 4, start: int = 1):
    """A human's run after ``moves`` random decisions (chance steps taken as they come)."""
    ctl = new_controller("hero", ["human"], seed, start=start)
    rng = random.Random(seed)
    made = 0
    while made < moves and not ctl.is_over:
        if ctl.human_to_act():
            legal = ctl.legal()
            attacks = [a for a in legal if a.kind == "attack"]
            ctl.submit(rng.choice(attacks or legal), 0)
            made += 1
        else:
            ctl.step(wait=True)
    return ctl


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_a_run_saved_and_loaded_is_the_same_run(tmp_path):
    ctl = played(40)
    path = tmp_path / "run.json"
    saves.save_game(path, ctl, ["Hercules"], label="my run")
    loaded = saves.load_save(path, rules_for)
    assert loaded.game == GAME_ID
    assert loaded.state == ctl.state
    assert list(loaded.actions) == ctl.actions
    resumed = saves.restore_controller(loaded, RULES, get_game(GAME_ID).make_bot)
    assert resumed.state == ctl.state
    assert not resumed.can_undo()  # a resumed run starts at an undo barrier


def test_a_run_from_a_later_trial_saves_its_start(tmp_path):
    ctl = played(12, seed=9, start=8)
    path = tmp_path / "later.json"
    saves.save_game(path, ctl, ["Hercules"])
    loaded = saves.load_save(path, rules_for)
    assert loaded.config == {"difficulty": "hero", "start": 8}
    assert loaded.state == ctl.state


def test_the_load_screen_line_says_difficulty_trial_courage_and_divinity():
    ctl = played(10)
    meta = RULES.summary(ctl.state)
    line = save_line(meta, ["Hercules"])
    assert t("mode.hero") in line and str(ctl.state.courage) in line
    set_language("it")
    assert "prova" in save_line(meta, ["Ercole"])


def test_a_finished_run_lists_as_won_or_lost():
    ctl = played(10_000)
    assert ctl.is_over
    meta = RULES.summary(ctl.state)
    assert meta["finished"] and meta["outcome"] == ctl.state.outcome
    line = save_line(meta, ["Hercules"])
    assert ("won" in line) == (ctl.state.outcome == "won")


def test_a_finished_run_replays_step_by_step_to_its_end(tmp_path):
    ctl = played(10_000, seed=6)
    doc = saves.game_document(ctl, ["Hercules"])
    loaded = saves.read_document(doc, RULES)
    replay = ReplayController(RULES, loaded, round_of=lambda s: s.labour * 1000 + s.round)
    while replay.forward():
        pass
    assert replay.state == ctl.state
    while replay.back():
        pass
    assert replay.index == 0


@pytest.mark.parametrize("cut", [2, 10, 100, 1000])  # 1 byte is the final newline
def test_a_truncated_run_is_refused_with_a_reason(tmp_path, cut):
    ctl = played(30)
    path = tmp_path / "run.json"
    saves.save_game(path, ctl, ["Hercules"])
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - cut])
    with pytest.raises(saves.SaveError) as err:
        saves.load_save(path, rules_for)
    assert str(err.value)


def test_an_edited_snapshot_is_refused_and_the_file_left_alone(tmp_path):
    ctl = played(30)
    path = tmp_path / "run.json"
    saves.save_game(path, ctl, ["Hercules"])
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["snapshot"]["courage"] = 17 if doc["snapshot"]["courage"] != 17 else 16
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(saves.SaveError):
        saves.load_save(path, rules_for)
    assert path.read_bytes() == before


def test_random_byte_flips_never_crash_the_loader(tmp_path):
    ctl = played(30)
    path = tmp_path / "run.json"
    saves.save_game(path, ctl, ["Hercules"])
    data = bytearray(path.read_bytes())
    rng = random.Random(1)
    for k in range(60):
        flipped = bytearray(data)
        i = rng.randrange(len(flipped))
        flipped[i] ^= 1 << rng.randrange(8)
        target = tmp_path / f"flip{k}.json"
        target.write_bytes(bytes(flipped))
        try:
            loaded = saves.load_save(target, rules_for)
        except saves.SaveError as exc:
            assert str(exc)
        else:
            assert loaded.state is not None


# --- a save written before the netting fix (state version 1) ----------------------------------

FIX = "version 2: gold Courage and Divinity net with the round's losses before their bounds"
GOLD_REWARDS = ("RWD-04A", "RWD-06C", "RWD-03")  # a pair -> +2C, any die -> +1C, 4+4 -> +1D


def _until_a_gain_nets_with_a_loss():
    """A run from trial 7 keeping gold Rewards, played until a round whose gold Courage gain
    above 17 met a loss: the controller, and the Courage version 1's rules gave instead."""
    ctl = new_controller("mortal", ["human"], 0, start=7)
    rng = random.Random(0)
    while not ctl.is_over:
        if not ctl.human_to_act():
            ctl.step(wait=True)
            continue
        legal = ctl.legal()
        keep = [a for a in legal if a.kind == "keep" and a.card in GOLD_REWARDS]
        golds = [a for a in legal if a.kind == "gold"]
        attacks = [a for a in legal if a.kind == "attack"]
        action = (keep or golds or [rng.choice(attacks or legal)])[0]
        before = ctl.state
        ctl.submit(action, 0)
        hurt = sum(e.n for e in ctl.history[-1].events if e.kind == "hurt")
        if before.courage_surplus and ctl.state.prompt == "roll":
            old = before.courage - hurt  # the gain was cut to 17 first, then the loss taken
            if old != ctl.state.courage:
                return ctl, old
    raise AssertionError("no round netted a gold gain with a loss")


def _as_version_1(doc: dict, courage: int) -> dict:
    """``doc`` as the box wrote it before the fix: its snapshot without "version" and the
    round's surplus, showing the Courage the old rules gave; sealed again."""
    old = json.loads(json.dumps(doc))
    snap = {k: v for k, v in old["snapshot"].items() if k != "version"}
    del snap["courage_surplus"], snap["divinity_surplus"]
    old["snapshot"] = {**snap, "courage": courage}
    old["meta"]["courage"] = courage
    old[saves.INTEGRITY] = saves.content_digest(old)
    return old


def test_a_version_1_save_replays_under_todays_rules_and_says_the_rules_changed():
    ctl, old_courage = _until_a_gain_nets_with_a_loss()
    assert old_courage < ctl.state.courage  # e.g. 15 then, 17 now
    v1 = _as_version_1(saves.game_document(ctl, ["Hercules"]), old_courage)
    loaded = saves.read_document(v1, RULES)
    assert (loaded.state_version, loaded.rules_changed) == (1, (FIX,))
    assert loaded.state == ctl.state  # the replay, not the old snapshot
    assert loaded.state.courage != old_courage
    resumed = saves.restore_controller(loaded, RULES, get_game(GAME_ID).make_bot)
    assert resumed.state == ctl.state


def test_a_current_save_whose_snapshot_disagrees_with_the_replay_is_still_refused():
    ctl, old_courage = _until_a_gain_nets_with_a_loss()
    doc = json.loads(json.dumps(saves.game_document(ctl, ["Hercules"])))
    doc["snapshot"]["courage"] = doc["meta"]["courage"] = old_courage
    doc[saves.INTEGRITY] = saves.content_digest(doc)
    with pytest.raises(saves.SaveError, match="different state than the snapshot"):
        saves.read_document(doc, RULES)


def test_check_save_says_a_version_1_save_replays_under_changed_rules(tmp_path, capsys):
    from hercules import cli

    ctl, old_courage = _until_a_gain_nets_with_a_loss()
    path = tmp_path / "old.json"
    path.write_text(json.dumps(_as_version_1(saves.game_document(ctl, ["Hercules"]), old_courage)))
    assert cli.main(["--check-save", str(path)]) == 0
    out = capsys.readouterr().out
    assert "good save" in out and "replayed under rules changed since" in out
    assert "version 2: gold Courage and Divinity net" in out

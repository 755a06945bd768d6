"""Mood cards: each effect, lasting one trial, the deck through Reward swaps, RWD-08B."""

from __future__ import annotations

from collections import Counter

import pytest
from labors.engine.helpers import (
    SPECIAL_FOR,
    at_labour,
    blue,
    dice,
    drawn,
    game,
    go,
    gold,
    playing,
    refused,
    resolve,
    step,
)

from hercules.games._kit import rng as _rng
from hercules.games.labors.engine import Action, Reason, legal_actions, load_data
from hercules.games.labors.engine.actions import ABDERUS, COVER, DRAW, MOOD, REWARD, ROLL
from hercules.games.labors.engine.state import (
    ASIDE,
    FREE,
    LOST_COURAGE,
    P_ABDERUS,
    P_DRAW,
    P_MOOD,
    P_OVER,
    P_PHOLUS,
    P_PLAY,
    P_REWARD,
    P_ROLL,
    LaborsState,
    TrialDie,
)

DATA = load_data()


def raw_faces(state: LaborsState, n: int) -> list[int]:
    """The faces the generator gives next, before any Mood."""
    seed, out = state.rng, []
    for _ in range(n):
        seed, face = _rng.roll_die(seed)
        out.append(face)
    return out


def rolled(labour: int, mood: str, **changes: object) -> tuple[LaborsState, LaborsState]:
    """(the state before the roll, the state after it) with ``mood`` in play."""
    s = at_labour(labour, mood=mood, **changes)
    return s, step(s, Action(ROLL))[0]


# --- rolls -----------------------------------------------------------------------------------


def test_sorrowful_lowers_every_normal_roll_by_one_never_below_one() -> None:
    seen = Counter()
    for seed in range(30):
        before, after = rolled(1, "MOOD-SORROWFUL", seed=seed, dice=6)
        raw = raw_faces(before, 6)
        assert [d.value for d in after.roll] == [max(1, f - 1) for f in raw]
        seen.update(raw)
    assert seen[1] and seen[6]  # both ends were met


def test_enraged_raises_every_normal_roll_by_one_never_above_six() -> None:
    seen = Counter()
    for seed in range(30):
        before, after = rolled(1, "MOOD-ENRAGED", seed=seed, dice=6)
        raw = raw_faces(before, 6)
        assert [d.value for d in after.roll] == [min(6, f + 1) for f in raw]
        seen.update(raw)
    assert seen[1] and seen[6]


@pytest.mark.parametrize("mood", ["MOOD-SORROWFUL", "MOOD-ENRAGED"])
def test_sorrowful_and_enraged_do_not_touch_rerolls(mood: str) -> None:
    for seed in range(20):
        s = playing(1, [2, 2, 2], mood=mood, rewards=("RWD-02", "RWD-05B"), seed=seed)
        s = s.with_(rng=_rng.seed_state(seed))
        face = raw_faces(s, 1)[0]
        s2 = go(s, blue("RWD-02.b0", [0]))
        assert s2.roll[0].value == face
        faces = raw_faces(s, 2)
        s3 = go(s, blue("RWD-05B.b0", [0, 1, 2]))
        assert [d.value for d in s3.roll[1:]] == faces


def test_a_roll_with_no_mood_is_the_generators_faces() -> None:
    before, after = rolled(1, "MOOD-HAUNT-A", dice=5)
    assert [d.value for d in after.roll] == raw_faces(before, 5)


# --- dice ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mood", "change"),
    [("MOOD-EXHAUSTED", -1), ("MOOD-RESOLUTE", 1), ("MOOD-ATLAS", -2), ("MOOD-HAUNT-B", 0)],
)
def test_mood_dice_change_the_dice_rolled_this_trial(mood: str, change: int) -> None:
    s, _ = drawn(2, mood)
    assert s.mood == mood and s.mood_dice == change
    assert s.prompt == P_ROLL
    s2, _ = step(s, Action(ROLL))
    assert len(s2.roll) == 4 + change


def test_exhausted_is_not_in_the_god_deck() -> None:
    assert "MOOD-EXHAUSTED" not in game("god").mood_deck
    assert "MOOD-EXHAUSTED" in game("god").moods_out


def test_ferocious_adds_a_blue_space_setting_a_die_to_any_value() -> None:
    s = playing(1, [2, 3, 4], mood="MOOD-FEROCIOUS")
    acts = [a for a in legal_actions(s) if a.space == "MOOD-FEROCIOUS.b0"]
    assert {(a.dice, a.value) for a in acts if a.dice == (0,)} == {
        ((0,), v) for v in (1, 3, 4, 5, 6)
    }
    s2 = go(s, blue("MOOD-FEROCIOUS.b0", [0], 6))
    assert s2.roll[0].value == 6 and s2.roll[0].blue
    assert s2.courage == 17  # free
    refused(s2, blue("MOOD-FEROCIOUS.b0", [1], 6), Reason.SPACE_USED)


def test_without_ferocious_there_is_no_such_space() -> None:
    s = playing(1, [2, 3, 4], mood="MOOD-RESOLUTE")
    assert not [a for a in legal_actions(s) if a.space == "MOOD-FEROCIOUS.b0"]
    refused(s, blue("MOOD-FEROCIOUS.b0", [0], 6), Reason.ILLEGAL)


# --- Courage ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mood", "loss"),
    [("MOOD-HAUNT-A", 2), ("MOOD-HAUNT-B", 1), ("MOOD-HAUNT-C", 3), ("MOOD-HAUNT-D", 2)],
)
def test_haunted_loses_courage_when_drawn(mood: str, loss: int) -> None:
    s, events = drawn(2, mood, courage=10)
    assert s.courage == 10 - loss and s.prompt == P_ROLL
    assert any(e.kind == "courage" and e.n == -loss for e in events)


@pytest.mark.parametrize(
    ("mood", "loss"),
    [("MOOD-HAUNT-A", 2), ("MOOD-HAUNT-B", 1), ("MOOD-HAUNT-C", 3), ("MOOD-HAUNT-D", 2)],
)
def test_haunted_reaching_courage_zero_loses(mood: str, loss: int) -> None:
    s, _ = drawn(2, mood, courage=loss)
    assert (s.prompt, s.outcome, s.courage) == (P_OVER, LOST_COURAGE, 0)
    s, _ = drawn(2, mood, courage=loss + 1)
    assert (s.prompt, s.courage) == (P_ROLL, 1)


def test_abderus_lets_the_player_lose_a_die() -> None:
    s, _ = drawn(9, "MOOD-ABDERUS", courage=10)
    assert s.prompt == P_ABDERUS
    assert legal_actions(s) == [Action(ABDERUS, card="courage"), Action(ABDERUS, card="dice")]
    s2 = go(s, Action(ABDERUS, card="dice"))
    assert s2.mood_dice == -1 and s2.courage == 10 and s2.prompt == P_ROLL
    assert len(step(s2, Action(ROLL))[0].roll) == 3


def test_abderus_lets_the_player_lose_five_courage() -> None:
    s, _ = drawn(9, "MOOD-ABDERUS", courage=10)
    s2 = go(s, Action(ABDERUS, card="courage"))
    assert s2.mood_dice == 0 and s2.courage == 5 and s2.prompt == P_ROLL
    assert len(step(s2, Action(ROLL))[0].roll) == 4


def test_abderus_refuses_the_courage_option_when_it_would_reach_zero() -> None:
    s, _ = drawn(9, "MOOD-ABDERUS", courage=5)
    assert legal_actions(s) == [Action(ABDERUS, card="dice")]
    refused(s, Action(ABDERUS, card="courage"), Reason.NO_COURAGE)
    s, _ = drawn(9, "MOOD-ABDERUS", courage=6)
    assert Action(ABDERUS, card="courage") in legal_actions(s)


# --- Hippolyta -------------------------------------------------------------------------------


def test_hippolyta_sets_every_rolled_one_aside_for_that_roll() -> None:
    met = 0
    for seed in range(40):
        before, after = rolled(9, "MOOD-HIPPOLYTA", seed=seed, dice=6)
        raw = raw_faces(before, 6)
        assert [d.value for d in after.roll] == raw
        assert [d.use == ASIDE for d in after.roll] == [f == 1 for f in raw]
        if 1 in raw and after.prompt == P_PLAY:
            met += 1
            aside = [i for i, f in enumerate(raw) if f == 1]
            assert not any(set(a.dice) & set(aside) for a in legal_actions(after))
            nxt, _ = resolve(after)
            if nxt.prompt == P_ROLL:
                again, _ = step(nxt, Action(ROLL))
                assert all(d.use in (FREE, ASIDE) for d in again.roll)
                assert len(again.roll) == 6  # the set-aside dice are back
    assert met


def test_hippolyta_sets_a_rerolled_one_aside() -> None:
    for seed in range(200):
        s = playing(9, [2, 2, 2], mood="MOOD-HIPPOLYTA", rewards=("RWD-02",))
        s = s.with_(rng=_rng.seed_state(seed))
        if raw_faces(s, 1)[0] == 1:
            break
    s2 = go(s, blue("RWD-02.b0", [0]))
    assert s2.roll[0].value == 1 and s2.roll[0].use == ASIDE
    assert not [a for a in legal_actions(s2) if 0 in a.dice]


def test_hippolyta_with_every_die_aside_resolves_by_itself() -> None:
    for seed in range(500):
        before = at_labour(9, mood="MOOD-HIPPOLYTA", dice=1, seed=seed)
        if raw_faces(before, 1) == [1]:
            break
    after, events = step(before, Action(ROLL))
    assert after.prompt == P_ROLL and after.round == 1
    assert "resolve" in [e.kind for e in events]


def test_hippolyta_sets_aside_a_one_made_by_a_blue_ability() -> None:
    # The rulebook: "whenever a die shows a 1, you must immediately set that die aside" (the
    # components file says "every rolled 1"; the rulebook is the authority).
    s = playing(9, [2, 3, 4], mood="MOOD-HIPPOLYTA")
    s2 = go(s, blue("BOW.b0", [0], 1))
    assert s2.roll[0] == s2.roll[0]._replace(value=1, use=ASIDE)
    assert s2.roll[1].use == FREE


# --- Pholus ----------------------------------------------------------------------------------


def test_pholus_covers_a_reward_of_the_players_choice() -> None:
    s, _ = drawn(9, "MOOD-PHOLUS", rewards=("RWD-01", "RWD-03"))
    assert s.prompt == P_PHOLUS
    assert legal_actions(s) == [Action(COVER, card="RWD-01"), Action(COVER, card="RWD-03")]
    s2 = go(s, Action(COVER, card="RWD-01"))
    assert s2.covered == "RWD-01" and s2.prompt == P_ROLL


def test_pholus_with_no_reward_covers_nothing() -> None:
    s, _ = drawn(9, "MOOD-PHOLUS", rewards=())
    assert s.prompt == P_ROLL and s.covered == ""


def test_pholus_covered_reward_spaces_are_unusable_and_refused_as_covered() -> None:
    s = playing(9, [3, 6, 4, 4], mood="MOOD-PHOLUS", rewards=("RWD-01", "RWD-03"))
    s = s.with_(covered="RWD-01")
    legal = legal_actions(s)
    assert not [a for a in legal if a.space.startswith("RWD-01")]
    assert [a for a in legal if a.space.startswith("RWD-03")]
    refused(s, blue("RWD-01.b0", [0], 6), Reason.COVERED)
    refused(s, gold("RWD-01.g0", [0]), Reason.COVERED)
    assert go(s, gold("RWD-03.g0", [2, 3])).divinity == 1


def test_pholus_cover_lasts_one_trial() -> None:
    s = playing(9, [1], mood="MOOD-PHOLUS", rewards=("RWD-01",), covered="RWD-01")
    s = s.with_(trial=tuple(TrialDie(0, t.node) for t in s.trial))
    s, _ = resolve(s)
    assert s.prompt == P_REWARD
    s = go(s, Action(REWARD, card="RWD-09B"))
    assert s.covered == "" and s.labour == 10 and s.prompt == P_DRAW


# --- one trial, the deck ---------------------------------------------------------------------


def _beat(s: LaborsState, reward: str) -> LaborsState:
    """Beat the current trial at once and take ``reward``."""
    s = s.with_(
        prompt=P_PLAY, round=1, roll=dice(1), trial=tuple(TrialDie(0, t.node) for t in s.trial)
    )
    s, _ = resolve(s)
    assert s.prompt == P_REWARD
    return go(s, Action(REWARD, card=reward))


def _count(s: LaborsState) -> int:
    """Mood cards in the game: the deck and the one in play (unless removed)."""
    return len(s.mood_deck) + (1 if s.mood and s.mood not in s.moods_out else 0)


def test_moods_last_one_trial_and_return_to_the_deck() -> None:
    s, _ = drawn(2, "MOOD-FEROCIOUS")
    assert "MOOD-FEROCIOUS" not in s.mood_deck and len(s.mood_deck) == 8
    s = _beat(s, "RWD-02")
    assert s.mood_dice == 0 and s.prompt == P_DRAW
    s2, _ = step(s, Action(DRAW))
    assert len(s2.mood_deck) == 8 and _count(s2) == 9
    assert "MOOD-FEROCIOUS" in (*s2.mood_deck, s2.mood)


def test_mood_dice_do_not_carry_into_the_next_trial() -> None:
    s, _ = drawn(2, "MOOD-EXHAUSTED")
    s = _beat(s, "RWD-02")
    assert s.mood_dice == 0 and s.trial_dice() == 5


@pytest.mark.parametrize(
    ("labour", "reward"),
    [(4, "RWD-04A"), (4, "RWD-04B"), (8, "RWD-08A"), (8, "RWD-08B"), (9, "RWD-09A")]
    + [(9, "RWD-09B"), (11, "RWD-11A"), (11, "RWD-11B"), (11, "RWD-11C")],
)
@pytest.mark.parametrize("difficulty", ["hero", "god"])
def test_the_deck_stays_at_nine_or_eight_in_god_through_reward_swaps(
    labour: int, reward: str, difficulty: str
) -> None:
    r = DATA.rewards[reward]
    for mood in ("MOOD-HAUNT-A", r.mood_remove):
        s = at_labour(labour, mood=mood, difficulty=difficulty)
        size = 9 if difficulty == "hero" else 8
        assert _count(s) == size
        s = _beat(s, reward)
        assert r.mood_add in s.mood_deck and r.mood_remove not in s.mood_deck
        assert r.mood_remove in s.moods_out
        assert _count(s) == size
        s2, _ = step(s, Action(DRAW))
        assert len(s2.mood_deck) + 1 == size
        assert r.mood_remove not in (*s2.mood_deck, s2.mood)
        assert len(set(s2.mood_deck)) == len(s2.mood_deck)


def test_a_removed_active_mood_does_not_return() -> None:
    s, _ = drawn(4, "MOOD-SORROWFUL")
    s = _beat(s, "RWD-04A")
    assert "MOOD-SORROWFUL" in s.moods_out
    assert "MOOD-PHOLUS" in s.mood_deck and len(s.mood_deck) == 9
    for _ in range(20):  # many draws: it never comes back
        s2, _ = step(s, Action(DRAW))
        assert s2.mood != "MOOD-SORROWFUL" and "MOOD-SORROWFUL" not in s2.mood_deck
        assert _count(s2) == 9
        s = s2.with_(prompt=P_DRAW)


@pytest.mark.parametrize("special", sorted(SPECIAL_FOR))
def test_each_special_mood_enters_with_the_removal_of_its_partner(special: str) -> None:
    rewards = [r for r in DATA.rewards.values() if r.mood_add == special]
    assert rewards
    assert all(r.mood_remove == SPECIAL_FOR[special] for r in rewards)
    assert DATA.moods[special].special


def test_rwd_08b_offers_to_redraw_the_mood_once_per_trial() -> None:
    s = at_labour(9, prompt=P_DRAW, rewards=("RWD-08B",))
    s, _ = step(s, Action(DRAW))
    assert s.prompt == P_MOOD
    assert legal_actions(s) == [Action(MOOD, card="keep"), Action(MOOD, card="redraw")]
    first = s.mood
    top = s.mood_deck[0]
    s2, events = step(s, Action(MOOD, card="redraw"))
    assert s2.mood == top and s2.mood_deck[-1] == first and s2.redrawn
    assert len(s2.mood_deck) == len(s.mood_deck)
    assert s2.prompt != P_MOOD
    assert [e.kind for e in events][:2] == ["redraw", "mood"]
    # The next trial offers it again.
    s3 = _beat(s2.with_(prompt=P_ROLL, covered=""), "RWD-09B")
    s3, _ = step(s3, Action(DRAW))
    assert s3.prompt == P_MOOD and not s3.redrawn


def test_rwd_08b_keep_applies_the_drawn_mood() -> None:
    for seed in range(200):
        s = at_labour(9, prompt=P_DRAW, rewards=("RWD-08B",), seed=seed, courage=10)
        s, _ = step(s, Action(DRAW))
        if s.mood == "MOOD-HAUNT-C":
            break
    assert s.courage == 10  # not yet: the player may redraw it
    s2 = go(s, Action(MOOD, card="keep"))
    assert s2.courage == 7 and s2.mood == "MOOD-HAUNT-C"
    s3 = go(s, Action(MOOD, card="redraw"))
    assert s3.courage == 10 - (-DATA.moods[s3.mood].courage)


def test_without_rwd_08b_the_mood_is_never_offered_for_redraw() -> None:
    s = at_labour(9, prompt=P_DRAW, rewards=("RWD-08A",))
    s, _ = step(s, Action(DRAW))
    assert s.prompt != P_MOOD

"""Trial tracks and graphs: the data against the components file, every space's effect when a
Trial die steps onto it, forks chosen by the player, the skull, healing, nb, adv, bk, dv, the
Hind's loop and the Bull's health of 12."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

import pytest
from labors.engine.helpers import (
    at_labour,
    attack,
    courage_track_loss,
    dice,
    go,
    gold,
    move,
    playing,
    resolve,
    step,
)

from hercules.games.labors.engine import (
    Action,
    LaborsConfig,
    apply,
    legal_actions,
    load_data,
    new_game,
    parse_data,
)
from hercules.games.labors.engine.actions import MOVE, REWARD, ROLL
from hercules.games.labors.engine.data import Attack, TrialDieDef
from hercules.games.labors.engine.state import (
    LOST_COURAGE,
    LOST_SKULL,
    P_FORK,
    P_OVER,
    P_PLAY,
    P_REWARD,
    P_ROLL,
    LaborsState,
    TrialDie,
)

DATA = load_data()

# --- the components file's table, copied as printed ------------------------------------------

#: Trial die id: (start, attack, printed track; "loop" marks the Hind's loop back to its first).
ROWS: dict[str, tuple[int, Attack, str]] = {
    "T01": (6, Attack("either", (5, 6)), "-1, -1, h1, -2, SK"),
    "T02": (6, Attack("eq", (6,)), "(-1+h1)×3, h2, (-1+h1)×3, SK"),
    "T03": (6, Attack("pair"), "h1, bk, h1, -2, loop"),
    "T04L": (3, Attack("add"), "-1, -1, bk, -2, h1, SK"),
    "T04R": (3, Attack("sum", (12,)), "-2, h1, nb, -2, -2, SK"),
    "T05A": (5, Attack("eq", (1,)), "-1, -1, -1+h1, dv, nb, -2, SK"),
    "T05B": (5, Attack("eq", (1,)), "-1, h1, -2, bk, -2, -2, SK"),
    "T06-14": (3, Attack("either", (3, 6)), "-1, -1, SK"),
    "T06-15": (4, Attack("eq", (6,)), "nb, -2, -2, SK"),
    "T06-16": (4, Attack("eq", (3,)), "-1, adv, -2, SK"),
    "T06-17": (3, Attack("either", (3, 6)), "-1, -1, SK"),
    "T08A": (6, Attack("one_two_three"), "-3, -1, h1, bk, nb, -2, SK"),
    "T08B": (6, Attack("one_two_three"), "h1, -1, h1, bk, -1+h1, -2, -1, dv, SK"),
    "T09L": (3, Attack("prod"), "-1, -2, -1, -1+h1, bk, dv, SK"),
    "T09C": (6, Attack("prod"), "nb×4, SK"),
    "T09R": (3, Attack("prod"), "-1, -2, -1, -1+h1, -3, dv, SK"),
    "T10LO": (5, Attack("run", (3,)), "-1×4, -2, bk, -1+h1, SK"),
    "T10LI": (2, Attack("run", (3,)), "nb, dv, nb, nb, SK"),
    "T10RI": (2, Attack("triple"), "nb, bk, nb, nb, SK"),
    "T10RO": (5, Attack("triple"), "-1×4, -2, -3, -1+h1, SK"),
    "T12A": (6, Attack("sum", (18,)), "-1, nb, -2, dv, -2, -2, h1, bk, -1, h2, SK"),
    "T12B": (6, Attack("sum", (18,)), "-1, -2, -1+h1, -1+h1, dv, -3, h1, h1, SK"),
    "T12C": (6, Attack("sum", (18,)), "-1, -1, -2, -1+h1, nb, bk, adv, -3, h1, -1, SK"),
}

#: LAB-07 as the components file draws it.
BULL = {
    "S": ("", ("R1", "L1")),
    "R1": ("-1", ("R2",)),
    "R2": ("h1", ("R3",)),
    "R3": ("-3", ("RR1", "RL1")),
    "RR1": ("h1", ("RR2",)),
    "RR2": ("-2", ("RR3",)),
    "RR3": ("dv", ("RR4",)),
    "RR4": ("-2", ("RR5",)),
    "RR5": ("-2", ("SK",)),
    "RL1": ("bk", ("RL2",)),
    "RL2": ("h1", ("M1",)),
    "L1": ("-1", ("L2",)),
    "L2": ("-1+h1", ("L3",)),
    "L3": ("-1+h1", ("L4",)),
    "L4": ("h2", ("L5",)),
    "L5": ("bk", ("M1",)),
    "M1": ("-1", ("M2",)),
    "M2": ("h2", ("M3",)),
    "M3": ("-2", ("SK",)),
    "SK": ("SK", ()),
}

#: LAB-11, copied from the components file.
APPLES_TEXT = """A1 -1→A2/B1/B2 · A2 h1→B2/B3 · A3 -1→A2/B3/B4 ·
B1 h1→B2 · B2 -3→C1 · B3 -1+h1→B2/B4/C2/C3 · B4 -2→C3/C4 · C1 -1+h1→C2/D2 · C2 h2→D2/D3 ·
C3 -3→C2/C4/D3 · C4 -1+h1→D4 · D1 -1→E1 · D2 h1→D1/E2 · D3 -2→D4/E2 · D4 -1→E3/E4 ·
E1 dv→E2/F1 · E2 bk→F2/F3 · E3 dv→E2/F4 · E4 -3→E3/F4 · F1 -1+h1→F2 · F2 h2→SK · F3 -2→F2/SK ·
F4 -1→F3"""


def _apples() -> dict[str, tuple[str, tuple[str, ...]]]:
    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    for item in APPLES_TEXT.replace("\n", " ").split(" · "):
        node, rest = item.strip().split(" ", 1)
        effect, nexts = rest.split("→")
        out[node] = (effect, tuple(nexts.split("/")))
    return out


def _expand(printed: str) -> list[str]:
    out: list[str] = []
    for item in printed.split(", "):
        m = re.fullmatch(r"\(?(.+?)\)?×(\d)", item)
        out += [m.group(1)] * int(m.group(2)) if m else [item]
    return out


def _die(die_id: str) -> tuple[int, TrialDieDef]:
    for lab in DATA.labours:
        for d in lab.dice:
            if d.id == die_id:
                return lab.n, d
    raise KeyError(die_id)


def _eff(d: TrialDieDef, node: str) -> str:
    return "+".join(d.track[node].effects)


@pytest.mark.parametrize("die_id", sorted(ROWS))
def test_track_data_matches_the_components_file(die_id: str) -> None:
    start, method, printed = ROWS[die_id]
    _, d = _die(die_id)
    assert (d.start, d.attack) == (start, method)
    spaces = _expand(printed)
    loop = spaces[-1] == "loop"
    if loop:
        spaces = spaces[:-1]
    node = "S"
    assert d.track["S"].effects == ()
    for i, printed_space in enumerate(spaces, start=1):
        assert d.track[node].next == (str(i),), (die_id, node)
        node = str(i)
        assert _eff(d, node) == printed_space, (die_id, node)
    if loop:
        assert d.track[node].next == ("1",)
        assert not any(s.skull for s in d.track.values())
    else:
        assert d.track[node].skull and d.track[node].next == ()
    assert len(d.track) == len(spaces) + 1


def test_labour_dice_are_the_components_files() -> None:
    ids = [[d.id for d in lab.dice] for lab in DATA.labours]
    assert ids == [
        ["T01"],
        ["T02"],
        ["T03"],
        ["T04L", "T04R"],
        ["T05A", "T05B"],
        ["T06-14", "T06-15", "T06-16", "T06-17"],
        ["T07"],
        ["T08A", "T08B"],
        ["T09L", "T09C", "T09R"],
        ["T10LO", "T10LI", "T10RI", "T10RO"],
        ["T11L", "T11R"],
        ["T12A", "T12B", "T12C"],
    ]


def test_bull_graph_matches_the_components_file() -> None:
    _, d = _die("T07")
    assert d.start == 12 and d.attack == Attack("bull")
    got = {node: (_eff(d, node), space.next) for node, space in d.track.items()}
    assert got == BULL


def test_apples_graph_has_every_listed_edge_of_the_components_file() -> None:
    expected = _apples()
    assert len(expected) == 23
    for die_id, enter in (("T11L", "A1"), ("T11R", "A3")):
        _, d = _die(die_id)
        assert d.start == 6 and d.attack == Attack("run", (4,))
        assert d.track["S"].next == (enter,)
        got = {n: (_eff(d, n), s.next) for n, s in d.track.items() if n not in ("S", "SK")}
        assert got == expected
        assert d.track["SK"].skull


# --- one step onto every space of every track ------------------------------------------------


def _all_steps() -> list[tuple[int, int, str, str]]:
    out = []
    for lab in DATA.labours:
        for i, d in enumerate(lab.dice):
            for node, space in d.track.items():
                for nxt in space.next:
                    out.append((lab.n, i, node, nxt))
    return out


STEPS = _all_steps()


def _lone(labour: int, die: int, node: str, health: int, **changes: Any) -> LaborsState:
    """A round to resolve with only Trial die ``die`` alive, standing on ``node``."""
    lab = DATA.labour(labour)
    trial = tuple(
        TrialDie(health, node) if i == die else TrialDie(0, "S") for i in range(len(lab.dice))
    )
    s = playing(labour, [2, 2, 2], trial=trial, divinity=5, **changes)
    return s


def _step_to(s: LaborsState, die: int, nxt: str) -> tuple[LaborsState, list[Any]]:
    s, ev = resolve(s)
    if s.prompt == P_FORK:
        assert move(die, nxt) in legal_actions(s)
        s, more = step(s, move(die, nxt))
        ev += more
    return s, ev


@pytest.mark.parametrize(("labour", "die", "node", "nxt"), STEPS)
def test_every_track_step_applies_the_space_it_reaches(
    labour: int, die: int, node: str, nxt: str
) -> None:
    d = DATA.labour(labour).dice[die]
    space = d.track[nxt]
    fork = len(d.track[node].next) > 1
    for health in sorted({1, d.start - 1, d.start} - {0}):
        s = _lone(labour, die, node, health)
        s2, events = _step_to(s, die, nxt)
        assert s2.trial[die] == TrialDie(
            min(d.start, health + sum(int(e[1:]) for e in space.effects if e.startswith("h"))),
            nxt,
        )
        if space.skull:
            assert (s2.prompt, s2.outcome) == (P_OVER, LOST_SKULL)
            continue
        assert s2.courage == s.courage - courage_track_loss(space.effects)
        assert s2.divinity == s.divinity - space.effects.count("dv")
        assert s2.broken == space.effects.count("bk")
        assert s2.prompt == P_ROLL and s2.roll == ()
        assert any(e.kind == "moved" and e.node == nxt for e in events)
        if fork:
            assert {a.space for a in legal_actions(resolve(s)[0])} == set(d.track[node].next)


def test_the_skull_loses_at_once_even_with_courage_left() -> None:
    s = _lone(1, 0, "4", 6, courage=17)
    s2, events = resolve(s)
    assert s2.outcome == LOST_SKULL and s2.prompt == P_OVER
    assert s2.courage == 17
    assert legal_actions(s2) == []
    assert [e.kind for e in events][-2:] == ["skull", "over"]


def test_the_lion_walk_from_the_start() -> None:
    s = at_labour(1)
    courage = []
    for _ in range(5):
        s, _ = step(s, Action(ROLL))
        s = s.with_(roll=dice(*[1] * len(s.roll)))
        s, _ = resolve(s)
        courage.append(s.courage)
    assert courage == [16, 15, 15, 13, 13]
    assert s.outcome == LOST_SKULL and s.trial[0] == TrialDie(6, "5")


def test_healing_is_capped_at_the_dice_start_value() -> None:
    s = _lone(2, 0, "3", 6)  # T02: 4 is h2
    s2, _ = resolve(s)
    assert s2.trial[0] == TrialDie(6, "4")
    s = _lone(2, 0, "3", 5)
    assert resolve(s)[0].trial[0] == TrialDie(6, "4")
    s = _lone(2, 0, "3", 3)
    assert resolve(s)[0].trial[0] == TrialDie(5, "4")


def test_the_bull_starts_at_health_12_and_heals_up_to_12_only() -> None:
    s = new_game(LaborsConfig("hero", 7), 1)
    s = go(s, Action("begin"))
    assert s.trial == (TrialDie(12, "S"),)
    s = _lone(7, 0, "L3", 12)  # L4 is h2
    assert resolve(s)[0].trial[0] == TrialDie(12, "L4")
    s = _lone(7, 0, "L3", 11)
    assert resolve(s)[0].trial[0] == TrialDie(12, "L4")


def test_the_bull_start_is_a_fork_the_player_chooses() -> None:
    s = playing(7, [1, 1, 1])
    s2, _ = resolve(s)
    assert s2.prompt == P_FORK
    assert legal_actions(s2) == [move(0, "L1"), move(0, "R1")]
    assert s2.courage == 17  # nothing happens until the move is chosen
    left, _ = step(s2, move(0, "L1"))
    right, _ = step(s2, move(0, "R1"))
    assert left.trial[0].node == "L1" and right.trial[0].node == "R1"
    assert left.courage == right.courage == 16


def test_the_bull_r3_fork_leads_to_the_right_or_back_to_the_middle() -> None:
    s = _lone(7, 0, "R3", 8)
    s2, _ = resolve(s)
    assert legal_actions(s2) == [move(0, "RL1"), move(0, "RR1")]
    rl = go(s2, move(0, "RL1"))
    assert rl.broken == 1 and rl.trial[0] == TrialDie(8, "RL1")
    # RL2 then joins the middle: no fork any more.
    s = _lone(7, 0, "RL2", 8)
    assert resolve(s)[0].trial[0] == TrialDie(8, "M1")
    s = _lone(7, 0, "L5", 8)
    assert resolve(s)[0].trial[0] == TrialDie(8, "M1")


def test_the_apples_dice_enter_at_a1_and_a3_then_both_choose_at_forks() -> None:
    s = playing(11, [1, 1, 1])
    s, _ = resolve(s)
    assert [t.node for t in s.trial] == ["A1", "A3"]
    assert s.courage == 15
    s, _ = resolve(s.with_(prompt=P_PLAY, roll=dice(1, 1, 1), round=2))
    assert s.prompt == P_FORK
    assert legal_actions(s) == [move(0, "A2"), move(0, "B1"), move(0, "B2")]
    s, _ = step(s, move(0, "B2"))
    assert s.prompt == P_FORK  # the other die waits for its own choice
    assert legal_actions(s) == [move(1, "A2"), move(1, "B3"), move(1, "B4")]
    s, _ = step(s, move(1, "B4"))
    assert [t.node for t in s.trial] == ["B2", "B4"]
    assert s.courage == 15 - 3 - 2


def test_the_apples_dice_may_share_a_space() -> None:
    s = playing(11, [1, 1, 1], trial=(TrialDie(6, "A1"), TrialDie(6, "A3")))
    s = go(resolve(s)[0], move(0, "A2"), move(1, "A2"))
    assert [t.node for t in s.trial] == ["A2", "A2"]


def test_a_die_on_nb_at_roll_time_stops_every_shield_this_round() -> None:
    # T04R: 3 is nb, 4 is -2. Standing on nb when the dice are rolled: the shields do nothing.
    s = at_labour(4, rewards=("RWD-11C",), trial=(TrialDie(0, "S"), TrialDie(3, "3")))
    s, _ = step(s, Action(ROLL))
    assert s.no_shield
    s = s.with_(roll=dice(2, 2, 2, 2))
    s = go(s, gold("RWD-11C.g0", [0]))
    assert s.shields == 2
    s, _ = resolve(s)
    assert s.courage == 15


def test_a_die_reaching_nb_this_round_leaves_this_rounds_shields_working() -> None:
    s = at_labour(4, rewards=("RWD-11C",), trial=(TrialDie(0, "S"), TrialDie(3, "1")))
    s, _ = step(s, Action(ROLL))  # T04R on 1 (-2) moves to 2 (h1) then...
    assert not s.no_shield
    s = at_labour(4, rewards=("RWD-11C",), trial=(TrialDie(3, "1"), TrialDie(3, "2")))
    s, _ = step(s, Action(ROLL))  # T04L 1 -> 2 (-1), T04R 2 -> 3 (nb)
    assert not s.no_shield
    s = go(s.with_(roll=dice(1, 1, 1, 1)), gold("RWD-11C.g0", [0]))
    s, _ = resolve(s)
    assert s.courage == 17 and s.shields == 1
    assert s.trial[1].node == "3"


def test_a_die_at_zero_on_nb_does_not_stop_shields() -> None:
    s = at_labour(4, rewards=("RWD-11C",), trial=(TrialDie(3, "1"), TrialDie(0, "3")))
    s, _ = step(s, Action(ROLL))
    assert not s.no_shield


def test_adv_moves_the_other_active_dice_once_more() -> None:
    # The Birds: T06-16 on 1 reaches adv; T06-15 (on nb) moves to -2 then once more to -2.
    trial = (TrialDie(0, "S"), TrialDie(4, "1"), TrialDie(4, "1"), TrialDie(0, "S"))
    s = playing(6, [1, 1, 1], trial=trial)
    s2, events = resolve(s)
    assert [t.node for t in s2.trial] == ["S", "3", "2", "S"]
    assert s2.courage == 17 - 2 - 2
    assert any(e.kind == "adv" for e in events)
    assert s2.prompt == P_ROLL and not s2.second


def test_adv_moves_the_others_into_the_skull() -> None:
    trial = (TrialDie(3, "1"), TrialDie(0, "S"), TrialDie(4, "1"), TrialDie(0, "S"))
    s2, _ = resolve(playing(6, [1, 1, 1], trial=trial))
    assert s2.outcome == LOST_SKULL and s2.trial[0].node == "3"


def test_adv_alone_moves_nobody_else() -> None:
    trial = (TrialDie(0, "S"), TrialDie(0, "S"), TrialDie(4, "1"), TrialDie(0, "S"))
    s2, _ = resolve(playing(6, [1, 1, 1], trial=trial))
    assert [t.node for t in s2.trial] == ["S", "S", "2", "S"]
    assert s2.courage == 17


def test_adv_shields_of_the_round_also_cover_the_extra_advance() -> None:
    # T06-15: S -> 1 (nb, nothing), T06-16 reaches adv, T06-15 moves on to 2 (-2): shielded.
    trial = (TrialDie(0, "S"), TrialDie(4, "S"), TrialDie(4, "1"), TrialDie(0, "S"))
    s = playing(6, [1, 1, 1], trial=trial, rewards=("RWD-11C",))
    s = go(s, gold("RWD-11C.g0", [0]))
    s2, _ = resolve(s)
    assert [t.node for t in s2.trial] == ["S", "2", "2", "S"]
    assert s2.courage == 17


def test_adv_shields_used_up_by_the_first_advance_leave_the_extra_one_unshielded() -> None:
    trial = (TrialDie(0, "S"), TrialDie(4, "1"), TrialDie(4, "1"), TrialDie(0, "S"))
    s = playing(6, [1, 1, 1], trial=trial, rewards=("RWD-11C",))
    s = go(s, gold("RWD-11C.g0", [0]))
    s2, _ = resolve(s)
    assert s2.courage == 15 and s2.shields == 0


def _custom_data(change: Any) -> Any:
    text = (
        resources.files("hercules.assets")
        .joinpath("games", "labors", "data", "labors.json")
        .read_text(encoding="utf-8")
    )
    doc = json.loads(text)
    change(doc)
    return parse_data(doc)


def test_adv_with_forks_asks_the_player_for_the_extra_moves() -> None:
    def adv_on_a2(doc: Any) -> None:
        doc["labours"][10]["graphs"]["apples"]["A2"][0] = "adv"

    data = _custom_data(adv_on_a2)
    s = new_game(LaborsConfig("hero", 1), 3, data=data)
    s = s.with_(
        labour=11,
        prompt=P_PLAY,
        round=1,
        roll=dice(1, 1, 1),
        trial=(TrialDie(6, "A1"), TrialDie(6, "A3")),
    )
    s, _ = resolve(s)
    s = go(s, move(0, "A2"), move(1, "B4"))  # T11L reaches adv: T11R moves once more
    assert s.prompt == P_FORK and s.second
    assert legal_actions(s) == [move(1, "C3"), move(1, "C4")]
    s, _ = apply(s, move(1, "C4"))
    assert [t.node for t in s.trial] == ["A2", "C4"]
    assert s.courage == 17 - 2 - 1  # A2 is now adv; B4 -2, then C4 -1+h1
    assert s.prompt == P_ROLL and not s.second


def test_bk_breaks_a_hercules_die_for_the_rest_of_the_trial_only() -> None:
    s = at_labour(4, trial=(TrialDie(3, "2"), TrialDie(0, "S")))  # T04L: 3 is bk
    s = go(s, Action(ROLL))
    assert len(s.roll) == 4
    s, _ = resolve(s.with_(roll=dice(1, 1, 1, 1)))
    assert s.broken == 1 and s.trial_dice() == 3
    s = go(s, Action(ROLL))
    assert len(s.roll) == 3
    # Beat the trial: the broken die comes back for the next one.
    s = s.with_(trial=(TrialDie(0, "3"), TrialDie(0, "S")))
    s, _ = resolve(s)
    assert s.prompt == P_REWARD
    s = go(s, Action(REWARD, card="RWD-04A"))
    assert s.broken == 0 and s.labour == 5
    assert s.trial_dice() == 5  # 4 + the Reward's die


def test_bk_with_no_dice_left_rounds_resolve_by_themselves() -> None:
    s = at_labour(5, dice=1, broken=1, trial=(TrialDie(5, "S"), TrialDie(0, "S")))
    assert s.trial_dice() == 0
    s, events = step(s, Action(ROLL))
    assert s.roll == () and s.prompt == P_ROLL
    assert s.trial[0].node == "1" and s.courage == 16
    assert [e.kind for e in events][:2] == ["rolled", "resolve"]


def test_bk_never_breaks_more_dice_than_there_are() -> None:
    s = _lone(4, 0, "2", 3, dice=1, broken=1)
    s2, _ = resolve(s)
    assert s2.broken == 1


def test_dv_takes_one_divinity_and_never_below_zero() -> None:
    s = _lone(5, 0, "3", 5)
    assert resolve(s)[0].divinity == 4
    s = _lone(5, 0, "3", 5).with_(divinity=0)
    assert resolve(s)[0].divinity == 0


def test_the_hind_loops_back_with_no_skull() -> None:
    s = _lone(3, 0, "4", 6)
    s2, _ = resolve(s)
    assert s2.trial[0] == TrialDie(6, "1")
    assert s2.outcome == ""


def test_ruling_8_the_hind_with_one_die_ends_at_courage_zero() -> None:
    s = at_labour(3, dice=1)
    s2, events = step(s, Action(ROLL))
    assert (s2.prompt, s2.outcome, s2.courage) == (P_OVER, LOST_COURAGE, 0)
    assert any(e.kind == "endless" for e in events)


def test_ruling_8_the_hind_after_a_broken_die_leaves_one_ends_at_courage_zero() -> None:
    s = at_labour(3, dice=2, trial=(TrialDie(6, "1"),))
    s = go(s, Action(ROLL))
    s, _ = resolve(s.with_(roll=dice(1, 2)))
    assert s.broken == 1 and s.outcome == ""
    s2, _ = step(s, Action(ROLL))
    assert (s2.outcome, s2.courage) == (LOST_COURAGE, 0)


def test_ruling_8_the_hind_with_two_dice_plays_on() -> None:
    s = at_labour(3, dice=2)
    s2, _ = step(s, Action(ROLL))
    assert s2.prompt == P_PLAY and len(s2.roll) == 2


def test_dice_at_zero_stay_put() -> None:
    s = playing(4, [1, 1, 1], trial=(TrialDie(0, "2"), TrialDie(3, "S")))
    s2, events = resolve(s)
    assert s2.trial == (TrialDie(0, "2"), TrialDie(3, "1"))
    assert [e.target for e in events if e.kind == "moved"] == [1]


def test_an_attack_that_beats_a_die_keeps_it_from_moving_this_round() -> None:
    s = playing(4, [6, 6, 1, 2, 3], trial=(TrialDie(1, "S"), TrialDie(3, "S")))
    s = go(s, attack([2, 3, 4], target=0))  # 1 + 2 = 3
    s2, _ = resolve(s)
    assert s2.trial == (TrialDie(0, "S"), TrialDie(3, "1"))
    assert s2.courage == 15


def test_several_dice_move_together_and_their_losses_add_up() -> None:
    s = playing(5, [2, 2, 2])  # both Stables dice: -1 each
    s2, _ = resolve(s)
    assert [t.node for t in s2.trial] == ["1", "1"] and s2.courage == 15


def test_every_move_action_at_a_fork_is_a_legal_next_space() -> None:
    for labour, die, node, _ in STEPS:
        d = DATA.labour(labour).dice[die]
        if len(d.track[node].next) < 2:
            continue
        s, _ = resolve(_lone(labour, die, node, 1))
        assert all(a.kind == MOVE and a.target == die for a in legal_actions(s))
        assert sorted(a.space for a in legal_actions(s)) == sorted(d.track[node].next)

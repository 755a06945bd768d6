"""The component data: the 108 cards, the values the text prints, the board's fees."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from hercules.games.later_years.engine import LaterYearsDataError, load_data, parse_data

DATA = load_data()


def _docs() -> tuple[dict, dict]:
    base = resources.files("hercules.assets").joinpath("games", "later_years", "data")
    return (
        json.loads(base.joinpath("cards.json").read_text(encoding="utf-8")),
        json.loads(base.joinpath("board.json").read_text(encoding="utf-8")),
    )


def test_there_are_108_cards_with_unique_ids() -> None:
    assert len(DATA.cards) == 108 == len(set(DATA.card_ids))


def test_each_action_and_object_has_9_single_2_double_1_triple_and_12_draws() -> None:
    per = Counter((c.type, c.units) for c in DATA.cards.values())
    for t in DATA.types.values():
        if t.kind == "draw":
            assert per[(t.id, 1)] == 12
        else:
            assert (per[(t.id, 1)], per[(t.id, 2)], per[(t.id, 3)]) == (9, 2, 1)


def test_card_ids_mark_doubles_10_11_and_triple_12() -> None:
    assert DATA.cards["CAPTURE-11"].units == 2 and DATA.cards["CAPTURE-10"].units == 2
    assert DATA.cards["CAPTURE-12"].units == 3 and DATA.cards["CAPTURE-09"].units == 1
    assert DATA.type_of("DEALER-01").id == "OBJ-DEALER"
    assert DATA.type_of("DRAW-12").draw == 2


def test_the_values_the_text_prints_capture_3_and_temple_2() -> None:
    assert DATA.types["ACT-CAPTURE"].value == 3
    assert DATA.types["OBJ-TEMPLE"].value == 2


def test_values_follow_the_rules_lists_actions_high_to_low_objects_low_to_high() -> None:
    acts = ["ACT-CONQUER", "ACT-CAPTURE", "ACT-CLEAN", "ACT-ENDORSE"]
    objs = ["OBJ-DEALER", "OBJ-TEMPLE", "OBJ-HYDRA", "OBJ-POLITICIAN"]
    assert [DATA.types[t].value for t in acts] == [4, 3, 2, 1]
    assert [DATA.types[t].value for t in objs] == [1, 2, 3, 4]


def test_the_board_fee_is_row_value_times_column_value_and_capture_temple_is_6() -> None:
    assert DATA.space("SP-CAPTURE-TEMPLE").fee == 6
    fees = [[DATA.spaces[r * 4 + c].fee for c in range(4)] for r in range(4)]
    assert fees == [[1, 2, 3, 4], [2, 4, 6, 8], [3, 6, 9, 12], [4, 8, 12, 16]]
    assert (
        DATA.spaces[0].id == "SP-ENDORSE-DEALER" and DATA.spaces[15].id == "SP-CONQUER-POLITICIAN"
    )


def test_assumed_values_are_flagged_in_the_files() -> None:
    cards, board = _docs()
    flagged = {t["id"]: t["assumed"] for t in cards["types"]}
    assert "value" not in flagged["ACT-CAPTURE"] and "value" not in flagged["OBJ-TEMPLE"]
    assert "value" in flagged["ACT-CONQUER"] and "counts" in flagged["ACT-CAPTURE"]
    assert {"layout", "sides", "markers_per_player", "bank"} <= set(board["assumed"])
    assert (DATA.money_start, DATA.markers, DATA.players_min, DATA.players_max) == (10, 20, 2, 5)


@pytest.mark.parametrize(
    "edit",
    [
        lambda c, b: c["cards"].pop(),
        lambda c, b: c["cards"].append(dict(c["cards"][0])),
        lambda c, b: c["cards"][0].update(units=4),
        lambda c, b: c["cards"][0].update(type="ACT-FLY"),
        lambda c, b: c["types"][0].update(value=0),
        lambda c, b: c["types"][0]["counts"].update(single=8),
        lambda c, b: c.update(format="other"),
        lambda c, b: b["rows"].reverse() or b["rows"].__setitem__(0, "OBJ-TEMPLE"),
        lambda c, b: b["pieces"].update(players_max=9),
    ],
)
def test_damaged_data_is_refused_saying_where(edit) -> None:
    cards, board = _docs()
    cards, board = copy.deepcopy(cards), copy.deepcopy(board)
    edit(cards, board)
    with pytest.raises(LaterYearsDataError):
        parse_data(cards, board)

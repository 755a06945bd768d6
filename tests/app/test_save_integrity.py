"""Silent damage: a save changed outside the game is refused with a reason, never loaded altered.

The replay checks the game itself (log, seed, snapshot, metadata) but cannot see the
label, the names, the bots' reasons, the times or the bots' generators; the
``integrity`` field (sha256 of the canonical content) covers those. A file whose
seal fails but which replays opens only when asked (``trust_edits=True``).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.damaged_saves import json_paths, mutate_at, play_moves, splice, splices

from hercules.app.saves import (
    EDITED_REASON,
    INTEGRITY,
    EditedSaveError,
    LoadedGame,
    SaveError,
    content_digest,
    dumps,
    example_saves,
    list_saves,
    load_save,
    parse_json,
    read_document,
    restore_controller,
    save_game,
    save_info,
)
from hercules.games.mebo.ai import make_bot
from hercules.games.mebo.engine.adapter import RULES

FIXTURES = Path(__file__).parent / "fixtures"
NAMES = ["Rossa Ércole", "Blu 漢字 bot", "Verde bot 🦁", "Gialla bot"]
LABEL = "Héraclès ⚔ partita 漢字 🦁"


def midgame_path() -> Path:
    return next(p for p in example_saves() if "midgame" in p.name)


def real_save(folder: Path) -> bytes:
    """A save the game writes: a 4-seat game with bots (reasons, generators), non-ASCII text."""
    loaded = load_save(midgame_path(), RULES)
    ctl = restore_controller(loaded, RULES, make_bot)
    for _ in range(3):  # a few more moves, so the bots' generators have moved on
        if ctl.human_to_act():
            ctl.submit(ctl.legal()[0], ctl.actor)
        else:
            ctl.step(wait=True)
    path = folder / "real.json"
    save_game(path, ctl, NAMES, label=LABEL, created=loaded.created)
    ctl.close()
    return path.read_bytes()


def read_bytes(data: bytes, *, trust_edits: bool = False) -> LoadedGame:
    return read_document(parse_json(data), RULES, trust_edits=trust_edits)


# --- bit flips ------------------------------------------------------------------------------


def byte_classes(data: bytes) -> list[str]:
    """Each byte's class: the top-level field its line belongs to, and what kind of byte it is.

    :func:`dumps` writes one top-level field per line (a log entry per line under ``log``).
    """
    classes = []
    field = "{"
    in_string = False
    escaped = False
    for i, b in enumerate(data):
        line_start = i == 0 or data[i - 1] == 0x0A
        if line_start and data[i : i + 2] == b' "':
            end = data.index(b'"', i + 2)
            field = data[i + 2 : end].decode("ascii")
        c = chr(b)
        if in_string:
            kind = "escape" if escaped or c == "\\" else "non-ascii" if b >= 0x80 else "text"
            if c == '"' and not escaped:
                kind, in_string = "quote", False
            escaped = (c == "\\") and not escaped
        elif c == '"':
            kind, in_string = "quote", True
        elif c.isdigit() or c in "-+.eE":
            kind = "number"
        elif c in " \n\t\r":
            kind = "space"
        elif c.isalpha():
            kind = "literal"  # true, false, null
        else:
            kind = "punctuation"
        classes.append(f"{field}/{kind}")
    return classes


def sample_flips(data: bytes, total: int, seed: int) -> list[tuple[int, int]]:
    """``total`` distinct (position, bit) flips, seeded: each class a few times, then at random."""
    rng = random.Random(seed)
    by_class: dict[str, list[int]] = {}
    for pos, cls in enumerate(byte_classes(data)):
        by_class.setdefault(cls, []).append(pos)
    flips: set[tuple[int, int]] = set()
    for positions in by_class.values():
        for pos in rng.sample(positions, min(4, len(positions))):
            flips.add((pos, rng.randrange(8)))
    while len(flips) < total:
        flips.add((rng.randrange(len(data)), rng.randrange(8)))
    return sorted(flips)


def flip_outcomes(data: bytes, flips: list[tuple[int, int]]) -> Counter[str]:
    """How each flipped file reads: ``refused``, ``equal`` (to the original) or ``altered``."""
    original = read_bytes(data)
    outcomes: Counter[str] = Counter()
    for pos, bit in flips:
        bad = bytearray(data)
        bad[pos] ^= 1 << bit
        try:
            loaded = read_bytes(bytes(bad))
        except SaveError as exc:
            assert exc.reason and "\n" not in exc.reason, (pos, bit)
            outcomes["refused"] += 1
            continue
        outcomes["equal" if loaded == original else "altered"] += 1
    return outcomes


def test_every_byte_class_of_a_real_save_is_sampled(tmp_path):
    data = real_save(tmp_path)
    of_byte = byte_classes(data)
    classes = set(of_byte)
    flipped = {of_byte[pos] for pos, _ in sample_flips(data, 2000, seed=1)}
    assert flipped == classes
    fields = {c.split("/")[0] for c in classes}
    wanted = {"label", "names", "reasons", "created", "updated", "bot_rngs", "log", "snapshot"}
    assert wanted | {"seats", "meta", "seed", INTEGRITY} <= fields
    assert any(c.endswith("/non-ascii") for c in classes)


def test_two_thousand_single_bit_flips_are_refused_or_load_the_same_game(tmp_path):
    data = real_save(tmp_path)
    flips = sample_flips(data, 2000, seed=2024)
    outcomes = flip_outcomes(data, flips)
    print(f"\n{len(flips)} single-bit flips of a sealed save: {dict(outcomes)}")
    assert outcomes["altered"] == 0  # never a silently altered label, name, reason, time...
    assert outcomes["refused"] + outcomes["equal"] == len(flips)
    assert outcomes["refused"] > 0.9 * len(flips)


def test_without_the_seal_the_same_flips_alter_games_silently(tmp_path):
    # Why the field exists: an older save (no seal) has no defence against these.
    doc = parse_json(real_save(tmp_path))
    del doc[INTEGRITY]
    data = dumps(doc).encode("utf-8")
    outcomes = flip_outcomes(data, sample_flips(data, 600, seed=7))
    assert outcomes["altered"] > 0


# --- the seal and trust_edits --------------------------------------------------------------


def _edit_label(doc: dict[str, Any]) -> None:
    doc["label"] = "Renamed outside"


def _edit_name(doc: dict[str, Any]) -> None:
    doc["names"][1] = "Mallory"


def _edit_reason(doc: dict[str, Any]) -> None:
    i = next(i for i, r in enumerate(doc["reasons"]) if r)
    doc["reasons"][i] = "because I said so"


def _edit_time(doc: dict[str, Any]) -> None:
    doc["created"] = "2020-01-01T00:00:00.000Z"


def _edit_generator(doc: dict[str, Any]) -> None:
    seat = next(iter(doc["bot_rngs"]))
    doc["bot_rngs"][seat][1][5] ^= 1


EDITS: dict[str, Callable[[dict[str, Any]], None]] = {
    "label": _edit_label,
    "name": _edit_name,
    "reason": _edit_reason,
    "time": _edit_time,
    "bot generator": _edit_generator,
}


@pytest.mark.parametrize("what", sorted(EDITS))
def test_an_edit_the_replay_cannot_see_is_refused_unless_trusted(what, tmp_path):
    good = read_bytes(real_save(tmp_path))
    doc = parse_json(real_save(tmp_path))
    EDITS[what](doc)
    path = tmp_path / "edited.json"
    path.write_text(dumps(doc), "utf-8")
    before = path.read_bytes()
    with pytest.raises(EditedSaveError) as info:
        load_save(path, RULES)
    assert str(info.value) == EDITED_REASON
    assert info.value.path == path
    opened = load_save(path, RULES, trust_edits=True)
    assert opened.edited and not good.edited
    assert opened.state == good.state and opened != good  # the same game, edited fields
    info_row = save_info(path, RULES)
    assert info_row.damaged and info_row.edited_outside and info_row.error == EDITED_REASON
    assert path.read_bytes() == before  # reading never changes a file


def test_trust_edits_never_opens_a_file_that_does_not_replay(tmp_path):
    doc = parse_json(real_save(tmp_path))
    doc["snapshot"]["players"][0]["supply"] += 1
    for trust in (False, True):
        with pytest.raises(SaveError) as info:
            read_document(doc, RULES, trust_edits=trust)
        assert not isinstance(info.value, EditedSaveError)
        assert "changed outside" not in str(info.value)
    path = tmp_path / "broken.json"
    path.write_text(dumps(doc), "utf-8")
    row = save_info(path, RULES)
    assert row.damaged and not row.edited_outside


def test_a_sealed_save_loads_and_saving_an_edited_game_seals_it_again(tmp_path):
    data = real_save(tmp_path)
    doc = parse_json(data)
    assert doc[INTEGRITY] == content_digest(doc) and doc[INTEGRITY].startswith("sha256:")
    assert not read_bytes(data).edited
    _edit_label(doc)
    loaded = read_document(doc, RULES, trust_edits=True)
    ctl = restore_controller(loaded, RULES, make_bot)
    again = tmp_path / "again.json"
    save_game(again, ctl, list(loaded.names), label=loaded.label, created=loaded.created)
    ctl.close()
    resaved = load_save(again, RULES)
    assert not resaved.edited and resaved.label == "Renamed outside"


def test_the_canonical_content_is_sorted_compact_utf8_json_of_every_other_field(tmp_path):
    import hashlib

    doc = parse_json(real_save(tmp_path))
    content = {k: v for k, v in doc.items() if k != INTEGRITY}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert doc[INTEGRITY] == "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
    reordered = dict(reversed(list(doc.items())))  # key order does not matter
    assert content_digest(reordered) == doc[INTEGRITY]


def test_saves_without_the_field_load_exactly_as_before(tmp_path):
    doc = parse_json(real_save(tmp_path))
    del doc[INTEGRITY]
    loaded = read_document(doc, RULES)
    assert not loaded.edited
    doc["label"] = "an older save may say anything it likes here"
    assert read_document(doc, RULES).label == doc["label"]
    v1 = load_save(FIXTURES / "save_v1.json", RULES)
    assert v1.file_version == 1 and not v1.edited
    for p in example_saves():
        assert INTEGRITY in json.loads(p.read_text("utf-8")), p.name
        assert not load_save(p, RULES).edited


@pytest.mark.parametrize("value", [None, 7, ["sha256:00"], {"sha256": "00"}])
def test_an_integrity_field_that_is_not_text_is_refused(value, tmp_path):
    doc = parse_json(real_save(tmp_path))
    doc[INTEGRITY] = value
    for trust in (False, True):
        with pytest.raises(SaveError, match="field 'integrity' must be text"):
            read_document(doc, RULES, trust_edits=trust)


@pytest.mark.parametrize("value", ["", "sha256:", "md5:abc", "sha256:" + "0" * 64, "x" * 500])
def test_a_wrong_or_malformed_seal_fails_the_integrity_check(value, tmp_path):
    doc = parse_json(real_save(tmp_path))
    doc[INTEGRITY] = value
    if len(value) > 100:
        with pytest.raises(SaveError, match="longer than"):
            read_document(doc, RULES, trust_edits=True)
        return
    with pytest.raises(EditedSaveError):
        read_document(doc, RULES)
    assert read_document(doc, RULES, trust_edits=True).edited


def test_a_folder_lists_an_edited_file_as_openable_anyway(tmp_path):
    data = real_save(tmp_path)
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "good.json").write_bytes(data)
    doc = parse_json(data)
    _edit_name(doc)
    (folder / "edited.json").write_text(dumps(doc), "utf-8")
    rows = {r.path.name: r for r in list_saves(folder, RULES)}
    assert not rows["good.json"].damaged and not rows["good.json"].edited_outside
    assert rows["edited.json"].edited_outside and rows["edited.json"].error == EDITED_REASON


# --- random mutations (hypothesis) ----------------------------------------------------------

_SAVE_CACHE: dict[str, bytes] = {}


def cached_save(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    if "real" not in _SAVE_CACHE:
        _SAVE_CACHE["real"] = real_save(tmp_path_factory.mktemp("real"))
    return _SAVE_CACHE["real"]


json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _mutate(doc: dict[str, Any], draw: Any) -> None:
    paths = [p for p in json_paths(doc) if p]
    mutate_at(doc, draw(st.sampled_from(paths)), draw, st.text(max_size=8), json_value)


def _plays_on(loaded: LoadedGame) -> None:
    """A loaded game resumes (or is refused with a reason) and takes a few more moves."""
    try:
        ctl = restore_controller(loaded, RULES, make_bot)
    except SaveError as exc:  # e.g. a trusted edit named a bot level this box does not have
        assert exc.reason and "\n" not in exc.reason
        return
    try:
        play_moves(ctl, 6)
    finally:
        ctl.close()


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), edits=st.integers(1, 3), trust=st.booleans())
def test_mutated_real_saves_are_refused_with_a_reason_or_open_and_play_on(
    tmp_path_factory, data, edits, trust
):
    original = cached_save(tmp_path_factory)
    doc = parse_json(original)
    for _ in range(edits):
        _mutate(doc, data.draw)
    try:
        loaded = read_document(doc, RULES, trust_edits=trust)
    except SaveError as exc:
        assert exc.reason and "\n" not in exc.reason
        return
    sealed = INTEGRITY in doc
    if sealed and not trust:  # only an intact seal over unchanged content opens untrusted
        assert loaded == read_bytes(original)
    _plays_on(loaded)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(cuts=splices)
def test_byte_level_splices_of_a_real_save_are_refused_or_load_the_same_game(cuts):
    if "real" not in _SAVE_CACHE:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            _SAVE_CACHE["real"] = real_save(Path(tmp))
    original = _SAVE_CACHE["real"]
    data = splice(original, cuts)
    try:
        loaded = read_bytes(data)
    except SaveError as exc:
        assert exc.reason and "\n" not in exc.reason
        return
    assert loaded == read_bytes(original)


def test_listing_metadata_with_an_extra_key_is_refused_with_a_reason(tmp_path):
    # Found by the mutation test above: a key the game's summary does not have made the
    # message itself fail (KeyError) instead of refusing the file.
    doc = json.loads(midgame_path().read_text(encoding="utf-8"))
    doc.pop("integrity", None)
    doc["meta"]["mode "] = ""
    path = tmp_path / "extra.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveError, match="the listing metadata disagrees with the game"):
        load_save(path, RULES)

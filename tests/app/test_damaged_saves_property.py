"""Random mutations of a real save: refused with a one-line reason, or it opens and plays on.

Two mutators over the save the game writes (four seats, three bots): JSON-level edits at
random paths (replace, delete, insert a key, with hostile values: control characters, lone
surrogates, bidi overrides, Unicode digits, huge numbers, long text), sealed again half the
time so that they reach past the integrity check; and byte-level splices. Whatever comes
out, ``--check-save`` and the loader agree; a file that loads passes the open check, opens
(:func:`restore_controller`), plays on, and saves again (the autosave never chokes on what
the loader let in).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st
from support.damaged_saves import (
    encode,
    json_paths,
    mutate_at,
    play_moves,
    real_doc,
    real_save_bytes,
    reseal,
    splice,
    splices,
)

from hercules import cli
from hercules.app import saves
from hercules.app.registry import get_game, rules_for

HOSTILE = ["\x00", "\x1b", "\n", "\x85", "\ud800", "\udfff", "\u202e", "\u2066", "²", "١", "０"]
FREE_TEXT = ("label", "names", "reasons")
hostile_text = st.one_of(
    st.text(max_size=12),
    st.text(st.sampled_from([*HOSTILE, "a", "0", "1", " "]), max_size=8),
    st.sampled_from(["x" * 101, "y" * 301, "bot", "easy", "godlike", "hercules", "human"]),
)
json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, 1, -1, 2**63, 625]),
    st.floats(allow_nan=False, allow_infinity=False),
    hostile_text,
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(hostile_text, inner, max_size=3)
    ),
    max_leaves=6,
)


def _at(doc: Any, where: tuple[Any, ...]) -> Any:
    node = doc
    for key in where:
        node = node[key]
    return node


def _mutate(doc: dict[str, Any], draw: Any) -> None:
    every = [p for p in json_paths(doc, first=6) if p]
    # The free text a player or a bot wrote (label, names, seat names, reasons): what a
    # hostile file most likely changes, and where a harmless change still opens.
    texts = [p for p in every if p[0] in FREE_TEXT and isinstance(_at(doc, p), str)]
    texts += [p for p in every if p[0] == "seats" and p[-1] == "name"]
    if draw(st.booleans()):  # half the time a text field gets hostile (or harmless) text
        where = draw(st.sampled_from(texts))
        *parents, last = where
        _at(doc, tuple(parents))[last] = draw(hostile_text)
        return
    mutate_at(doc, draw(st.sampled_from(every)), draw, hostile_text, json_value)


def refused_or_plays_on(data: bytes) -> str:
    """Read ``data`` as every path does; "refused" or "opened" (asserting the rest)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mutant.json"
        path.write_bytes(data)
        code, verdict = cli.check_save(str(path))
        assert "\n" not in verdict and verdict == saves.printable(verdict)
        assert "this file is damaged" not in verdict, verdict  # a specific check refused it
        try:
            loaded = saves.load_save(path, rules_for)
            saves.check_openable(loaded)
        except saves.SaveError as exc:
            assert exc.reason and "\n" not in exc.reason and exc.reason in verdict
            assert code == 1
            return "refused"
        assert code == 0, verdict
        spec = get_game(loaded.game)
        ctl = saves.restore_controller(loaded, spec.rules, spec.make_bot)
        try:
            play_moves(ctl, 4)
            again = Path(tmp) / "again.json"  # what the next autosave does
            saves.save_game(again, ctl, list(loaded.names), label=loaded.label)
            saves.check_openable(saves.load_save(again, rules_for))
        finally:
            ctl.close()
        assert path.read_bytes() == data  # reading never writes
        return "opened"


@settings(max_examples=200, deadline=None, derandomize=True)
@given(data=st.data(), edits=st.integers(1, 3), seal=st.booleans())
def test_json_mutations_with_hostile_values_are_refused_or_open_and_play_on(data, edits, seal):
    doc = real_doc()
    for _ in range(edits):
        _mutate(doc, data.draw)
    if seal and isinstance(doc, dict):
        try:
            reseal(doc)
        except (TypeError, ValueError):
            pass  # not plain JSON any more: the loader must say so itself
    event(refused_or_plays_on(encode(doc)))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(cuts=splices)
def test_byte_level_mutations_are_refused_or_open_and_play_on(cuts):
    event(refused_or_plays_on(splice(real_save_bytes(), cuts)))

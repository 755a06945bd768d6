"""Saves: round trips in every mode, a corpus of bad files, atomic writes, listing, examples."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import pickle
import random
from pathlib import Path

import pytest

from hercules.app import storage
from hercules.app.controller import Controller, Seat
from hercules.app.saves import (
    AUTOSAVE,
    FORMAT_VERSION,
    MAX_BYTES,
    SaveError,
    autosave_path,
    delete_save,
    dumps,
    example_saves,
    examples_dir,
    game_document,
    latest_save,
    list_saves,
    load_save,
    parse_json,
    read_document,
    restore_controller,
    sanitize_name,
    save_game,
    slot_path,
    upgrade_v1_to_v2,
    write_save,
)
from hercules.games.mebo.ai import make_bot
from hercules.games.mebo.engine import GameConfig, apply, legal_actions, new_game
from hercules.games.mebo.engine.adapter import RULES

FIXTURES = Path(__file__).parent / "fixtures"

CONFIGS = [
    ("standard", 2),
    ("standard", 3),
    ("standard", 4),
    ("simplified", 2),
    ("simplified", 3),
    ("simplified", 4),
    ("solo", 2),
]


def human_controller(mode: str, players: int, seed: int) -> Controller:
    seats = [Seat("human") for _ in range(players)]
    if mode == "solo":
        seats[1] = Seat("automaton", name="hades")
    return Controller(RULES, new_game(GameConfig(players, mode), seed), seats)


def names_for(ctl: Controller) -> list[str]:
    return [f"P{i}" for i in range(len(ctl.seats))]


def advance(ctl: Controller, rng: random.Random) -> None:
    """One step: a random legal move for a human, else the automatic step."""
    if ctl.human_to_act():
        assert ctl.submit(rng.choice(ctl.legal()), ctl.actor) is None
    else:
        assert ctl.step(wait=True) is not None


def bot_game(seed: int = 5, until_round: int | None = None, levels=("normal", "easy", "normal")):
    """A four-player game, seat 0 human (played at random here), the others bots."""
    seats = [Seat("human")] + [Seat("bot", level=lv) for lv in levels]
    bots = {i + 1: make_bot(lv) for i, lv in enumerate(levels)}
    ctl = Controller(RULES, new_game(GameConfig(4), seed), seats, bots, bot_seed=seed)
    rng = random.Random(seed)
    while not ctl.is_over and (until_round is None or ctl.state.round < until_round):
        advance(ctl, rng)
    return ctl


def folder_hash(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


# --- round trips --------------------------------------------------------------------------


@pytest.mark.parametrize("mode,players", CONFIGS)
def test_round_trip_at_every_step_and_the_loaded_game_continues_the_same(mode, players):
    for seed in (1, 2):
        ctl = human_controller(mode, players, seed)
        rng = random.Random(seed * 31)
        step = 0
        while True:
            doc = game_document(ctl, names_for(ctl))
            loaded = read_document(parse_json(dumps(doc).encode("utf-8")), RULES)
            assert loaded.state == ctl.state
            assert RULES.state_to_json(loaded.state) == RULES.state_to_json(ctl.state)
            assert list(loaded.actions) == ctl.actions
            assert [r.seat for r in loaded.history] == [r.seat for r in ctl.history]
            assert loaded.states[0] == new_game(GameConfig(players, mode), seed)
            if step % 9 == 0:
                # Continuing from the loaded state gives the same game as from the original.
                a, b = ctl.state, loaded.state
                cont = random.Random(step)
                while not a.is_terminal:
                    act = cont.choice(legal_actions(a))
                    a, ev_a = apply(a, act)
                    b, ev_b = apply(b, act)
                    assert a == b and ev_a == ev_b
                assert b.is_terminal
            if ctl.is_over:
                break
            advance(ctl, rng)
            step += 1
        assert loaded.meta["finished"] and loaded.meta["winners"]


def test_round_trip_through_files_with_bots(tmp_path):
    ctl = bot_game(seed=9, until_round=3)
    path = tmp_path / "game.json"
    rng = random.Random(0)
    while not ctl.is_over:
        save_game(path, ctl, ["A", "B", "C", "D"], label="My game")
        loaded = load_save(path, RULES)
        assert loaded.state == ctl.state
        assert loaded.names == ("A", "B", "C", "D") and loaded.label == "My game"
        assert [s.kind for s in loaded.seats] == ["human", "bot", "bot", "bot"]
        assert [r.reason for r in loaded.history] == [r.reason for r in ctl.history]
        for _ in range(9):
            if not ctl.is_over:
                advance(ctl, rng)
    save_game(path, ctl, ["A", "B", "C", "D"])
    assert load_save(path, RULES).meta["finished"]


def test_a_restored_controller_continues_exactly_like_the_original(tmp_path):
    """Same dice, same seats and the same bot choices: the bots' generators are saved too."""
    ctl = bot_game(seed=21, until_round=5)
    path = tmp_path / "autosave.json"
    save_game(path, ctl, ["A", "B", "C", "D"])
    loaded = load_save(path, RULES)
    twin = restore_controller(loaded, RULES, make_bot)
    assert twin.state == ctl.state and twin.actions == ctl.actions
    assert [(s.kind, s.level) for s in twin.seats] == [(s.kind, s.level) for s in ctl.seats]
    r1, r2 = random.Random(3), random.Random(3)
    while not ctl.is_over:
        advance(ctl, r1)
        advance(twin, r2)
    assert twin.is_over and twin.actions == ctl.actions and twin.state == ctl.state


def test_restore_refuses_an_unknown_bot_level():
    ctl = bot_game(seed=2, until_round=2)
    doc = game_document(ctl, ["A", "B", "C", "D"])
    doc["seats"][1]["level"] = "godlike"
    with pytest.raises(SaveError, match="changed outside the game"):
        read_document(doc, RULES)  # the seal no longer holds: an edit the replay cannot see
    loaded = read_document(doc, RULES, trust_edits=True)
    assert loaded.edited
    with pytest.raises(SaveError, match="unknown bot level"):
        restore_controller(loaded, RULES, make_bot)


# --- the corpus of bad files --------------------------------------------------------------


def _good_doc() -> dict:
    return json.loads(example_saves_by_name()["four_players_midgame"].read_text("utf-8"))


def example_saves_by_name() -> dict[str, Path]:
    return {p.stem: p for p in example_saves()}


def _edit(fn):
    def build() -> bytes:
        doc = _good_doc()
        fn(doc)
        return dumps(doc).encode("utf-8")

    return build


def _set(path: str, value):
    def fn(doc):
        *parents, last = path.split("/")
        node = doc
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return _edit(fn)


def _delete(key: str):
    return _edit(lambda doc: doc.pop(key))


def _good_bytes() -> bytes:
    return dumps(_good_doc()).encode("utf-8")


def _drop_last_action(doc):
    doc["log"].pop()
    doc["reasons"].pop()


def _swap_actions(doc):
    doc["log"][4], doc["log"][5] = doc["log"][5], doc["log"][4]


def _thirteen_cubes(doc):
    doc["snapshot"]["players"][2]["supply"] += 1


class _Pickled:
    pass


#: name -> (bytes of the file, a phrase the one-line reason must contain)
CORPUS = {
    "empty": (lambda: b"", "empty"),
    "whitespace only": (lambda: b"  \n\t\n", "empty"),
    "truncated": (lambda: _good_bytes()[: len(_good_bytes()) // 2], "truncated"),
    "not json": (lambda: b"Hercules save, round 6, Red to move\n", "not valid JSON"),
    "binary garbage": (
        lambda: random.Random(1).randbytes(4096),
        "UTF-8",
    ),
    "pickle payload": (lambda: pickle.dumps(_Pickled()), "not UTF-8"),
    "pickle protocol 0": (lambda: pickle.dumps({"a": 1}, protocol=0), "not valid JSON"),
    "json array": (lambda: b"[1, 2, 3]", "not an object"),
    "another format": (_set("format", "tuxemon-save"), "another game"),
    "no format": (_delete("format"), "not a hercules save"),
    "future version": (_set("version", 99), "newer version"),
    "version zero": (_set("version", 0), "unknown save format version"),
    "version as text": (_set("version", "2"), "'version' must be a whole number"),
    "missing log": (_delete("log"), "missing field 'log'"),
    "missing snapshot": (_delete("snapshot"), "missing field 'snapshot'"),
    "unknown field": (_set("cheats", True), "unknown field"),
    "seed as text": (_set("seed", "2024"), "'seed' must be a whole number"),
    "seed as float": (_set("seed", 2024.5), "'seed' must be a whole number"),
    "log not a list": (_set("log", {"kind": "roll"}), "'log' must be a list"),
    "names wrong type": (_set("names", [1, 2, 3, 4]), "field 'names': name 1 must be text"),
    "bad time": (_set("updated", "last tuesday"), "not an ISO 8601 time"),
    "unknown card in snapshot": (
        _set("snapshot/players/0/demigods", ["NOT-A-CARD"]),
        "unknown card id 'NOT-A-CARD'",
    ),
    "unknown card in an action": (
        _set("log/3", {"kind": "use", "card": "NOT-A-CARD", "dice": [0]}),
        "unknown card id",
    ),
    "unknown action kind": (_set("log/2", {"kind": "teleport"}), "unknown action kind"),
    "13 cubes": (_edit(_thirteen_cubes), "13, not 12"),
    "five players": (_set("rules/players", 5), "2 to 4 players"),
    "seats missing": (_edit(lambda d: (d["seats"].pop(), d["names"].pop())), "3 seats"),
    "bad seat kind": (_set("seats/1/kind", "alien"), "unknown kind"),
    "log does not reach the snapshot": (_edit(_drop_last_action), "different state"),
    "actions out of order": (_edit(_swap_actions), "does not replay|different state"),
    "wrong seed": (_set("seed", 2025), "from seed 2025"),
    "metadata lies": (_set("meta/round", 11), "metadata disagrees"),
    "bot generator damaged": (_set("bot_rngs/1", [3, [1, 2], None]), "malformed"),
    "nan": (lambda: _good_bytes().replace(b'"seed": 2024', b'"seed": NaN'), "NaN"),
    "infinity": (lambda: _good_bytes().replace(b'"seed": 2024', b'"seed": -Infinity'), "Infinity"),
    "huge number": (
        lambda: _good_bytes().replace(b'"seed": 2024', b'"seed": ' + b"9" * 5000),
        "digits",
    ),
    "duplicate key": (
        lambda: _good_bytes().replace(b'"seed": 2024', b'"seed": 1, "seed": 2024'),
        "twice",
    ),
    "deep nesting": (lambda: b"[" * 200_000 + b"]" * 200_000, "nested too deeply"),
    "utf-16": (lambda: _good_bytes().decode("utf-8").encode("utf-16"), "UTF-16"),
    "latin-1 text": (lambda: _good_bytes().replace(b"Red", "Rød".encode("latin-1")), "not UTF-8"),
}


@pytest.fixture
def save_folder(tmp_path):
    """A saves folder holding good saves (and a backup) that must never change."""
    folder = tmp_path / "saves"
    folder.mkdir()
    for p in example_saves():
        (folder / p.name).write_bytes(p.read_bytes())
    ctl = bot_game(seed=3, until_round=2)
    save_game(autosave_path(folder), ctl, ["A", "B", "C", "D"])
    save_game(autosave_path(folder), ctl, ["A", "B", "C", "D"])  # leaves autosave.json.bak
    return folder


def test_the_corpus_has_at_least_twenty_kinds():
    assert len(CORPUS) >= 20


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_every_bad_file_gives_a_clear_one_line_reason_and_changes_nothing(name, save_folder):
    make, phrase = CORPUS[name]
    bad = save_folder / "bad.json"
    bad.write_bytes(make())
    before = folder_hash(save_folder)
    with pytest.raises(SaveError) as info:
        load_save(bad, RULES)
    reason = str(info.value)
    assert any(p.lower() in reason.lower() for p in phrase.split("|")), reason
    assert "\n" not in reason and 5 < len(reason) <= 300
    assert info.value.path == bad
    listed = {i.path.name: i for i in list_saves(save_folder, RULES)}
    assert listed["bad.json"].damaged and listed["bad.json"].error == reason
    assert sum(i.damaged for i in listed.values()) == 1
    assert folder_hash(save_folder) == before


def test_a_huge_file_is_refused_before_it_is_read(save_folder, monkeypatch):
    huge = save_folder / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(MAX_BYTES + 1)  # sparse: no need to write 8 MB
    before = folder_hash(save_folder)
    opened = []
    monkeypatch.setattr(storage, "open", lambda *a, **k: opened.append(a), raising=False)
    with pytest.raises(SaveError, match="too large"):
        load_save(huge, RULES)
    assert opened == []
    monkeypatch.undo()
    assert folder_hash(save_folder) == before


def test_missing_files_folders_and_other_games(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        load_save(tmp_path / "nope.json", RULES)
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(SaveError, match="not a regular file"):
        load_save(tmp_path / "dir.json", RULES)
    doc = _good_doc()
    doc["game"] = "chess"
    with pytest.raises(SaveError, match="another game"):
        read_document(doc, RULES)


def test_a_path_traversal_name_stays_in_the_saves_folder(save_folder):
    before = folder_hash(save_folder)
    for name in ("../../etc/passwd", "..", "/etc/shadow", "..\\..\\windows\\win.ini", "a/../../b"):
        path = slot_path(save_folder, name)
        assert path.parent == save_folder
        assert ".." not in path.name and "/" not in path.name and "\\" not in path.name
        with pytest.raises(SaveError, match="no such file"):
            load_save(path, RULES)
    assert folder_hash(save_folder) == before


# --- writing ------------------------------------------------------------------------------


def test_an_interrupted_save_leaves_the_previous_save_intact_and_loadable(tmp_path, monkeypatch):
    path = tmp_path / "slot.json"
    ctl = bot_game(seed=4, until_round=2)
    save_game(path, ctl, ["A", "B", "C", "D"])
    good = path.read_bytes()
    old_state = ctl.state
    rng = random.Random(1)
    for _ in range(12):
        advance(ctl, rng)

    real_replace = os.replace

    def dying_replace(src, dst):
        if Path(dst) == path:  # the process "dies" between writing and replacing
            raise OSError(5, "Input/output error")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", dying_replace)
    with pytest.raises(SaveError, match="cannot write the save"):
        save_game(path, ctl, ["A", "B", "C", "D"])
    monkeypatch.undo()
    assert path.read_bytes() == good
    assert load_save(path, RULES).state == old_state
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot.json", "slot.json.bak"]


def test_a_temporary_file_left_by_a_crash_is_ignored(tmp_path):
    ctl = bot_game(seed=4, until_round=2)
    save_game(tmp_path / "slot.json", ctl, ["A", "B", "C", "D"])
    (tmp_path / ".slot.json.x1y2.tmp").write_bytes(_good_bytes()[:500])
    assert [i.path.name for i in list_saves(tmp_path, RULES)] == ["slot.json"]
    assert latest_save(tmp_path, RULES) == tmp_path / "slot.json"


def test_the_previous_version_is_kept_as_a_backup(tmp_path):
    path = tmp_path / "slot.json"
    ctl = bot_game(seed=6, until_round=2)
    save_game(path, ctl, ["A", "B", "C", "D"])
    first = path.read_bytes()
    advance(ctl, random.Random(0))
    save_game(path, ctl, ["A", "B", "C", "D"])
    bak = tmp_path / "slot.json.bak"
    assert bak.read_bytes() == first and path.read_bytes() != first
    assert load_save(bak, RULES).state != load_save(path, RULES).state
    info = list_saves(tmp_path, RULES)
    assert [i.path.name for i in info] == ["slot.json"] and info[0].backup == bak


def test_a_game_that_would_not_load_is_never_written(tmp_path):
    ctl = bot_game(seed=6, until_round=2)
    ctl.history.pop()  # the log no longer leads to the state
    with pytest.raises(SaveError, match="different state|does not replay"):
        save_game(tmp_path / "x.json", ctl, ["A", "B", "C", "D"])
    assert not (tmp_path / "x.json").exists()
    with pytest.raises(SaveError, match="cannot be written as JSON"):
        write_save(tmp_path / "y.json", {"seed": float("nan")})
    assert list(tmp_path.iterdir()) == []


def test_documents_carry_the_format_times_and_metadata():
    ctl = bot_game(seed=8, until_round=3)
    doc = game_document(
        ctl, ["A", "B", "C", "D"], label="  a\tlabel\n ", created="2025-01-01T00:00:00Z"
    )
    assert doc["format"] == "hercules-save" and doc["version"] == FORMAT_VERSION == 2
    assert doc["game"] == "hercules" and doc["app_version"]
    assert doc["created"] == "2025-01-01T00:00:00Z" and doc["updated"].endswith("Z")
    assert doc["label"] == "a label"
    meta = doc["meta"]
    assert meta["mode"] == "standard" and meta["players"] == 4 and meta["round"] == 3
    assert set(meta["leader"]) == {"seat", "vp"} and meta["finished"] is False
    assert set(doc["bot_rngs"]) == {"1", "2", "3"}


# --- upgrading ----------------------------------------------------------------------------


def test_a_version_1_save_is_upgraded_step_by_step(tmp_path):
    fixture = FIXTURES / "save_v1.json"
    raw = json.loads(fixture.read_text("utf-8"))
    assert raw["version"] == 1 and "seats" in raw and "actions" in raw
    loaded = load_save(fixture, RULES)
    assert loaded.file_version == 1
    assert [(s.kind, s.level) for s in loaded.seats] == [("human", ""), ("bot", "normal")]
    assert loaded.names == ("", "")
    assert loaded.created == loaded.updated == raw["saved"]
    assert RULES.state_to_json(loaded.state) == raw["state"]
    upgraded = upgrade_v1_to_v2(copy.deepcopy(raw), RULES)
    assert upgraded["version"] == 2 and upgraded["meta"] == loaded.meta
    # Saving it again writes the current version, and it is the same game.
    ctl = restore_controller(loaded, RULES, make_bot)
    save_game(tmp_path / "again.json", ctl, ["Red", "Blue bot"], created=loaded.created)
    again = load_save(tmp_path / "again.json", RULES)
    assert again.file_version == 2 and again.state == loaded.state
    assert again.created == loaded.created


def test_a_damaged_version_1_save_is_refused_with_a_reason():
    raw = json.loads((FIXTURES / "save_v1.json").read_text("utf-8"))
    bad = dict(raw, seats=["human", "wizard"])
    with pytest.raises(SaveError, match="version-1 save: seat 1"):
        read_document(bad, RULES)
    bad = {k: v for k, v in raw.items() if k != "saved"}
    with pytest.raises(SaveError, match="version-1 save: missing field 'saved'"):
        read_document(bad, RULES)


# --- names, listing, deleting -------------------------------------------------------------


@pytest.mark.parametrize(
    "name,expected",
    [
        ("My game", "My game"),
        ("  spaced   out  ", "spaced out"),
        ("../../etc/passwd", "etc_passwd"),
        ("..", "save"),
        ("", "save"),
        ("   ", "save"),
        ("a/b\\c:d*e?f", "a_b_c_d_e_f"),
        ("CON", "CON_"),
        ("nul", "nul_"),
        ("com1", "com1_"),
        ("Autosave", "Autosave_"),
        (".hidden", "hidden"),
        ("name.json", "name_json"),
        ("tab\tand\nnewline", "tab and newline"),
        ("Héraclès ⚔ 12", "Héraclès ⚔ 12"),  # symbols such as ⚔ are kept
        ("x" * 300, "x" * 120),
        ("\u202eevil\u0000", "evil"),
    ],
)
def test_sanitize_name(name, expected):
    assert sanitize_name(name) == expected


def test_sanitized_names_are_always_safe():
    rng = random.Random(5)
    alphabet = "aZ9 ./\\:*?\"<>|\x00\x1f\u202e\u00e9_-()'"
    for _ in range(2000):
        name = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 80)))
        s = sanitize_name(name)
        assert s and len(os.fsencode(s)) <= 120 and s == s.strip() and not s.startswith(".")
        assert not set(s) & set('/\\:*?"<>|.\x00\x1f\u202e')
        assert s.casefold() not in {"con", "nul", "aux", "prn", AUTOSAVE}


def test_list_saves_newest_first_with_damaged_entries(tmp_path):
    assert list_saves(tmp_path / "missing", RULES) == []
    ctl = bot_game(seed=10, until_round=2)
    for i, name in enumerate(["old", "middle", "new"]):
        doc = game_document(
            ctl, ["A", "B", "C", "D"], label=name.title(), updated=f"2025-02-0{i + 1}T10:00:00.000Z"
        )
        write_save(slot_path(tmp_path, name), doc)
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a save", encoding="utf-8")
    infos = list_saves(tmp_path, RULES)
    good = [i for i in infos if not i.damaged]
    assert [i.title for i in good] == ["New", "Middle", "Old"]
    assert good[0].meta["players"] == 4 and good[0].names == ("A", "B", "C", "D")
    broken = [i for i in infos if i.damaged]
    assert [i.path.name for i in broken] == ["broken.json"] and "truncated" in broken[0].error
    assert latest_save(tmp_path, RULES) == tmp_path / "new.json"


def test_latest_save_skips_finished_games_unless_asked(tmp_path):
    by_name = example_saves_by_name()
    for stem in ("four_players_midgame", "four_players_finished"):
        (tmp_path / f"{stem}.json").write_bytes(by_name[stem].read_bytes())
    # The finished example is the newest, but Continue resumes a game still in play.
    assert latest_save(tmp_path, RULES) == tmp_path / "four_players_midgame.json"
    assert (
        latest_save(tmp_path, RULES, include_finished=True)
        == tmp_path / "four_players_finished.json"
    )
    assert latest_save(tmp_path / "none", RULES) is None


def test_delete_save_removes_the_file_and_its_backup(tmp_path):
    ctl = bot_game(seed=11, until_round=2)
    path = autosave_path(tmp_path)
    save_game(path, ctl, ["A", "B", "C", "D"])
    save_game(path, ctl, ["A", "B", "C", "D"])
    assert path.name == f"{AUTOSAVE}.json" and (tmp_path / "autosave.json.bak").exists()
    delete_save(path)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(SaveError, match="no such file"):
        delete_save(path)
    (tmp_path / "keep.txt").write_text("x")
    with pytest.raises(SaveError, match="only save files"):
        delete_save(tmp_path / "keep.txt")
    assert (tmp_path / "keep.txt").exists()


# --- the examples -------------------------------------------------------------------------


def test_the_example_saves_load_and_are_what_they_claim():
    by_name = example_saves_by_name()
    assert set(by_name) == {"four_players_midgame", "solo_last_turn", "four_players_finished"}
    mid = load_save(by_name["four_players_midgame"], RULES)
    assert mid.meta["players"] == 4 and mid.meta["mode"] == "standard"
    assert not mid.meta["finished"] and 4 <= mid.meta["round"] <= 9
    assert mid.seats[0].kind == "human" and all(s.kind == "bot" for s in mid.seats[1:])
    assert restore_controller(mid, RULES, make_bot).human_to_act()

    done = load_save(by_name["four_players_finished"], RULES)
    assert done.meta["finished"] and done.state.is_terminal and done.meta["winners"]
    assert done.meta["players"] == 4

    solo = load_save(by_name["solo_last_turn"], RULES)
    assert solo.meta["mode"] == "solo" and not solo.meta["finished"]
    assert solo.seats[0].kind == "human" and solo.seats[1].kind == "automaton"
    # One turn before the end: whatever the hero does this turn, the game then ends.
    for seed in range(30):
        rng = random.Random(seed)
        s = solo.state
        assert s.current == 0 and s.prompt == "action"
        while s.current == 0 and not s.is_terminal:
            s, _ = apply(s, rng.choice(legal_actions(s)))
        assert s.is_terminal


def test_the_examples_folder_lists_and_is_protected():
    infos = list_saves(examples_dir(), RULES)
    assert len(infos) == 3 and not any(i.damaged for i in infos)
    with pytest.raises(SaveError, match="cannot be deleted"):
        delete_save(example_saves()[0])
    assert len(example_saves()) == 3


def test_every_example_has_a_label_names_and_fixed_times():
    for path in example_saves():
        g = load_save(path, RULES)
        assert g.label and all(g.names) and g.created.startswith("2025-")
        assert g.file_version == FORMAT_VERSION

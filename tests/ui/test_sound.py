"""Sound: the catalogue and its files, the service with a fake mixer (cues, volumes, mute, a
mixer that fails, damaged files), each game's cues in play, and the settings screen."""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import subprocess
import sys
import threading
import wave
from importlib import resources
from pathlib import Path

import pygame
import pygame_gui
import pytest
from support.mouse import frames

from hercules.app import paths, registry
from hercules.app.settings import Settings, load_settings
from hercules.ui.anim import Animator
from hercules.ui.app import App
from hercules.ui.scenes.settings import SettingsScene
from hercules.ui.sound import AMBIENT, CLICK, Cues, Sound, catalogue_problem, ending
from hercules.ui.strings import t

SOUNDS = resources.files("hercules.assets").joinpath("sounds")
CATALOGUE = json.loads(SOUNDS.joinpath("sounds.json").read_text(encoding="utf-8"))
TOOL = Path(__file__).resolve().parents[2] / "tools" / "make_sounds.py"


# --- a fake mixer ------------------------------------------------------------------------------


class FakeSound:
    def __init__(self, mixer: FakeMixer, path: str) -> None:
        if Path(path).name in mixer.damaged:
            raise pygame.error("Unknown WAVE format")
        if not Path(path).is_file():
            raise FileNotFoundError(path)
        self.mixer, self.name, self.volume = mixer, Path(path).stem, 1.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        self.mixer.played.append((self.name, round(self.volume, 4)))
        self.mixer.threads.add(threading.current_thread().name)


class FakeMusic:
    def __init__(self) -> None:
        self.file = ""
        self.playing = False
        self.volume = 1.0
        self.loops = 0

    def load(self, path: str) -> None:
        if not Path(path).is_file():
            raise FileNotFoundError(path)
        self.file = Path(path).name

    def play(self, loops: int = 0, fade_ms: int = 0) -> None:
        self.playing, self.loops = True, loops

    def stop(self) -> None:
        self.playing = False

    def set_volume(self, volume: float) -> None:
        self.volume = round(volume, 4)


class FakeMixer:
    """``pygame.mixer`` as the sound service uses it, recording what it is asked."""

    def __init__(self, fail: str = "", damaged: tuple[str, ...] = ()) -> None:
        self.fail, self.damaged = fail, damaged
        self.opened = False
        self.played: list[tuple[str, float]] = []
        self.stops = 0
        self.threads: set[str] = set()
        self.music = FakeMusic()

    def get_init(self) -> tuple[int, int, int] | None:
        return (22050, -16, 1) if self.opened else None

    def init(self) -> None:
        if self.fail:
            raise pygame.error(self.fail)
        self.opened = True

    def Sound(self, path: str) -> FakeSound:  # noqa: N802 - pygame's name
        return FakeSound(self, path)

    def stop(self) -> None:
        self.stops += 1

    def cues(self) -> list[str]:
        return [name for name, _ in self.played]


def service(settings: Settings | None = None, **kw) -> tuple[Sound, FakeMixer, list[str]]:
    """A sound service on a fake mixer, its notices worded as they are given."""
    mixer = kw.pop("mixer", None) or FakeMixer()
    told: list[str] = []
    ticks = itertools.count()  # every cue a moment apart: none is taken for a repeat
    sound = Sound(
        settings or Settings(),
        lambda words: told.append(words()),
        mixer,
        clock=lambda: next(ticks) * 1.0,
        **kw,
    )
    sound.open()
    return sound, mixer, told


# --- the catalogue and its files ----------------------------------------------------------------


def test_every_catalogued_sound_is_a_small_valid_wav_in_the_installed_package():
    assert catalogue_problem(CATALOGUE) == ""
    entries = {**CATALOGUE["effects"], **CATALOGUE["music"]}
    total = 0
    for name, entry in entries.items():
        path = SOUNDS.joinpath(entry["file"])
        assert path.is_file(), f"{name}: {entry['file']} is not in the package"
        with wave.open(str(path), "rb") as w:
            assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (22050, 1, 2)
            seconds = w.getnframes() / w.getframerate()
        if name == AMBIENT:
            assert 20 <= seconds <= 30, "the theme loops every 20-30 seconds"
        else:
            assert 0.02 <= seconds <= 4, f"{name} lasts {seconds:.2f} s"
        total += len(path.read_bytes())
    assert total < 2_000_000, "the sounds stay small"
    assert len(SOUNDS.joinpath("ambient.wav").read_bytes()) <= 1_500_000


def _tool():
    spec = importlib.util.spec_from_file_location("make_sounds", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_synthesis_tool_makes_the_same_bytes_as_the_shipped_files():
    tool = _tool()
    assert set(tool.SOUNDS) == set(CATALOGUE["effects"]) | set(CATALOGUE["music"])
    for name in ("click", "die_turn", "step"):  # small ones: the whole set takes seconds
        made = tool.render(name)
        assert made == tool.render(name), f"{name}: not the same bytes twice"
        assert made == SOUNDS.joinpath(f"{name}.wav").read_bytes(), f"{name}: not regenerated"


def test_each_games_cues_name_catalogued_sounds_and_cover_its_moments():
    known = set(CATALOGUE["effects"])
    wanted = {
        "hercules": {
            "dice_roll", "dice_settle", "card_slide", "card_flip", "cube_drop", "step",
            "labour", "victory", "defeat",
        },
        "labors": {
            "dice_roll", "dice_settle", "card_slide", "card_flip", "trial_beaten", "victory",
            "defeat",
        },
        "later_years": {"card_slide", "coin_drop", "victory", "defeat"},
        "companions": {"card_slide", "card_flip", "coin_drop", "labour", "victory", "defeat"},
    }  # fmt: skip
    for spec in registry.games():
        cues = Cues.load(spec.assets)
        assert cues.names() <= known, f"{spec.id}: {cues.names() - known} are not sounds"
        assert wanted[spec.id] <= cues.names(), f"{spec.id} lacks {wanted[spec.id] - cues.names()}"
        assert cues.get("end", "won") == "victory" and cues.get("end", "lost") == "defeat"


# --- the service --------------------------------------------------------------------------------


def test_a_cue_plays_at_master_times_effects_times_its_gain():
    settings = Settings(master_volume=0.5, effects_volume=0.8)
    sound, mixer, told = service(settings)
    assert sound.working and not told
    sound.play("dice_roll")
    gain = CATALOGUE["effects"]["dice_roll"]["gain"]
    assert mixer.played == [("dice_roll", round(0.5 * 0.8 * gain, 4))]
    settings.effects_volume = 0.25  # live: the next cue is at the new level
    sound.play("coin_drop")
    gain = CATALOGUE["effects"]["coin_drop"]["gain"]
    assert mixer.played[-1] == ("coin_drop", round(0.5 * 0.25 * gain, 4))
    sound.play("no_such_cue")
    sound.play("")
    assert len(mixer.played) == 2


def test_mute_and_zero_volumes_silence_effects_live():
    settings = Settings()
    sound, mixer, _ = service(settings)
    settings.mute = True
    sound.apply()
    assert mixer.stops == 1, "muting cuts the effects still sounding"
    sound.play("card_flip")
    assert mixer.played == []
    settings.mute = False
    settings.master_volume = 0.0
    sound.play("card_flip")
    assert mixer.played == []
    settings.master_volume = 1.0
    sound.play("card_flip")
    assert mixer.cues() == ["card_flip"]


def test_in_the_game_cues_are_started_by_the_sound_thread_never_in_the_frame(app):
    assert app.sound.threaded and app.sound.working
    mixer = FakeMixer()
    sound = Sound(Settings(), mixer=mixer, threaded=True)
    sound.open()
    sound.play("dice_roll")
    sound.play("victory")
    sound.close()  # waits for the thread to start what was posted
    assert mixer.cues() == ["dice_roll", "victory"] and mixer.threads == {"sound"}
    sound.play("coin_drop")  # closed: silent
    assert len(mixer.played) == 2


def test_a_cue_asked_twice_at_once_plays_once():
    now = [10.0]
    sound = Sound(Settings(), mixer=(mixer := FakeMixer()), clock=lambda: now[0])
    sound.open()
    sound.play("step")
    sound.play("step")
    now[0] += 0.2
    sound.play("step")
    assert mixer.cues() == ["step", "step"]


def test_the_theme_loops_at_master_times_music_and_follows_changes_live():
    settings = Settings(master_volume=0.8, music_volume=0.5)
    sound, mixer, _ = service(settings)
    gain = CATALOGUE["music"][AMBIENT]["gain"]
    sound.start_theme()
    music = mixer.music
    assert music.playing and music.loops == -1 and music.file == "ambient.wav"
    assert music.volume == round(0.8 * 0.5 * gain, 4)
    settings.music_volume = 0.25
    sound.apply()
    assert music.playing and music.volume == round(0.8 * 0.25 * gain, 4)
    settings.music_volume = 0.0  # the theme turned off
    sound.apply()
    assert not music.playing
    settings.music_volume = 1.0
    sound.apply()
    assert music.playing and music.volume == round(0.8 * gain, 4)
    settings.mute = True
    sound.apply()
    assert not music.playing
    settings.mute = False
    sound.apply()
    sound.stop_theme()
    assert not music.playing


def test_a_mixer_that_cannot_open_is_told_once_and_the_box_plays_silently():
    sound, mixer, told = service(mixer=FakeMixer(fail="Audio target 'bogus' not available"))
    assert not sound.working
    assert told == [t("sound.off", why="Audio target 'bogus' not available")]
    sound.start_theme()
    sound.play("dice_roll")
    sound.apply()
    sound.fail("again")
    assert mixer.played == [] and not mixer.music.playing
    assert len(told) == 1
    sound.close()


def _copy_sounds(tmp_path: Path) -> Path:
    folder = tmp_path / "sounds"
    folder.mkdir()
    for name in [CATALOGUE["effects"][c]["file"] for c in CATALOGUE["effects"]] + [
        CATALOGUE["music"][AMBIENT]["file"],
        "sounds.json",
    ]:
        (folder / name).write_bytes(SOUNDS.joinpath(name).read_bytes())
    return folder


def test_a_missing_or_damaged_file_silences_its_cue_only_and_is_told_once(tmp_path):
    folder = _copy_sounds(tmp_path)
    (folder / "coin_drop.wav").write_bytes(b"RIFF\x00\x00\x00\x00WAVEjunk" * 10)
    (folder / "step.wav").unlink()
    (folder / "ambient.wav").write_bytes(b"RIFF....WAVEfmt " + b"\x00" * 40)
    pygame.mixer.init()  # the real mixer (SDL's dummy driver) reads the files
    try:
        told: list[str] = []
        sound = Sound(Settings(), lambda words: told.append(words()), root=folder)
        assert sound.open() and sound.working
        assert sorted(sound.broken) == ["ambient.wav", "coin_drop.wav", "step.wav"]
        assert len(told) == 1 and "coin_drop.wav" in told[0] and "step.wav" in told[0]
        assert "coin_drop" not in sound.effects and "dice_roll" in sound.effects
        sound.play("coin_drop")  # silent, no error
        sound.play("dice_roll")
        sound.start_theme()  # no theme file: silent
        assert sound.theme_playing == ""
        assert len(told) == 1
        sound.close()
    finally:
        pygame.mixer.quit()


def test_a_damaged_catalogue_makes_the_box_silent_with_one_notice(tmp_path):
    folder = _copy_sounds(tmp_path)
    (folder / "sounds.json").write_text('{"format": "hercules-sounds", "effects": []}')
    sound, mixer, told = service(root=folder)
    assert not sound.working and told == [t("sound.off", why=t("sound.no_catalogue"))]
    (folder / "sounds.json").write_bytes(b"\xff\xfe not json")
    sound, mixer, told = service(root=folder)
    assert not sound.working and len(told) == 1


def test_a_pressed_button_clicks():
    sound, mixer, _ = service()
    sound.hear(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=None))
    sound.hear(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0), buttons=(0, 0, 0)))
    assert mixer.cues() == [CLICK]


def test_the_ending_is_a_victory_for_the_players_here_or_a_bots_win():
    assert ending([0], [0]) == "won"
    assert ending([0, 2], [2]) == "won"
    assert ending([0], [1]) == "lost"
    assert ending([], [3]) == "won"  # bots only: the winner is cheered
    assert ending([0], []) == "lost"  # a solo run lost
    assert ending([], []) == "lost"


def test_animations_announce_their_start_and_finish_but_not_when_skipped():
    heard: list[str] = []
    anim = Animator()
    anim.on_start = lambda a: heard.append(f"start {a.kind}")
    anim.on_finish = lambda a: heard.append(f"finish {a.kind}")
    anim.then("dice", 0.5)
    anim.then("walk", 0.5)
    anim.update(0.1)
    assert heard == ["start dice"]
    anim.update(0.5)
    assert heard == ["start dice", "finish dice", "start walk"]
    anim.then("card", 0.5)
    anim.skip()
    assert heard == ["start dice", "finish dice", "start walk"]


# --- the games ----------------------------------------------------------------------------------


def _cue(gid: str, section: str, key: str) -> str:
    return Cues.load(registry.get_game(gid).assets).get(section, key)


def test_the_board_games_dice_settle_when_they_land_and_the_apprentice_steps_each_column(app):
    from hercules.app.controller import Controller, Seat
    from hercules.games.mebo.engine import Event
    from hercules.games.mebo.engine.adapter import RULES
    from hercules.games.mebo.ui.table import TableScene
    from hercules.games.mebo.ui.table.animations import ROLL_SECONDS

    sound, mixer, _ = service(app.settings)
    app.sound.close()
    app.sound = sound
    app.settings.animation_speed = 1.0
    ctl = Controller(
        RULES, RULES.new_game({"players": 2, "mode": "standard"}, 3), [Seat("human"), Seat("human")]
    )
    table = TableScene(app, ctl, ["A", "B"], autosave=False)
    app.push(table)
    events = [
        Event("dice_rolled", 0, {"dice": [[2, 3], [4, 5]]}),
        Event("apprentice_moved", 0, {"from": 2, "to": 5}),
        Event("labour_performed", 0, {"labour": 5}),
        Event("cube_taken", 0, {"column": 5}),
    ]
    for ev in events:  # as the table queues a record's events
        table.anim.queue(ev, table.layout)
    table.anim.update(0.01)
    assert mixer.cues() == ["dice_roll"], "the settle waits for the dice to land"
    table.anim.update(ROLL_SECONDS)
    assert mixer.cues() == ["dice_roll", "dice_settle", "step"]
    for _ in range(60):
        table.anim.update(0.05)
    assert mixer.cues() == [
        "dice_roll", "dice_settle", "step", "step", "step", "labour", "cube_drop"
    ]  # fmt: skip
    assert _cue("hercules", "start", "step") == "step"


def _play_to_the_end(app, gid: str, players: int, seed: int) -> tuple[FakeMixer, object]:
    """A bots-only game of ``gid`` on its table, animations off, to its game-over screen."""
    spec = registry.get_game(gid)
    sound, mixer, _ = service(app.settings)
    app.sound.close()
    app.sound = sound
    ctl = spec.new_controller(spec.variants[0], [spec.bot_levels[0]] * players, seed)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    table = app.nav.play(spec.id, ctl, names)
    for _ in range(5000):
        if app.top is not table:
            break
        frames(app, 1)
    assert ctl.is_over and app.top is not table
    return mixer, ctl


@pytest.mark.parametrize(
    ("gid", "players", "expected"),
    [
        ("hercules", 2, {"dice_roll", "dice_settle", "step", "cube_drop", "card_slide"}),
        ("later_years", 3, {"card_slide", "coin_drop", "cube_drop"}),
        ("labors", 1, {"dice_roll", "dice_settle", "die_turn"}),
    ],
)
def test_a_whole_game_plays_its_cues_and_ends_with_its_fanfare(app, gid, players, expected):
    mixer, ctl = _play_to_the_end(app, gid, players, seed=4)
    played = mixer.cues()
    assert expected <= set(played), f"{gid} never played {expected - set(played)}"
    cues = Cues.load(registry.get_game(gid).assets)
    for rec in ctl.history:  # every engine event with a cue was heard
        for ev in rec.events:
            cue = cues.get("events", getattr(ev, "kind", ""))
            assert not cue or cue in played, f"{ev} should have played {cue}"
    # Bots only: the winner is cheered; a solo run has a winner only if it reached Olympus.
    won = ctl.state.outcome == "won" if gid == "labors" else True
    assert played[-1] == ("victory" if won else "defeat")


# --- the settings screen and the app ----------------------------------------------------------


def _slide(scene: SettingsScene, key: str, value: int) -> None:
    slider = next(s for s, k in scene.sliders.items() if k == key)
    scene.handle_event(
        pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider, value=value)
    )


def test_the_settings_screen_sets_volumes_and_mute_live_and_saves_them(tmp_path):
    paths.set_data_dir(tmp_path)
    try:
        app = App((1280, 720), Settings(), persist=True)
        sound, mixer, _ = service(app.settings)
        sound.start_theme()
        app.sound.close()
        app.sound = sound
        scene = SettingsScene(app)
        app.push(scene)
        assert {k for k in scene.sliders.values()} == {"master", "effects", "music"}
        for r in [w.relative_rect for w in scene.widgets]:
            assert pygame.Rect(0, 0, 1280, 720).contains(r), "every control fits 1280x720"
        _slide(scene, "music", 20)
        gain = CATALOGUE["music"][AMBIENT]["gain"]
        assert app.settings.music_volume == 0.2 and mixer.music.volume == round(0.2 * gain, 4)
        _slide(scene, "master", 50)
        assert mixer.music.volume == round(0.1 * gain, 4)
        assert not paths.settings_path().exists(), "not written while the slider moves"
        frames(app, 40)  # the slider rests: written
        assert load_settings(paths.settings_path()).master_volume == 0.5
        menu = next(m for m, k in scene.menus.items() if k == "mute")
        scene.handle_event(
            pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text="Yes")
        )
        assert app.settings.mute and not mixer.music.playing
        sound.play("dice_roll")
        assert mixer.played == []
        _slide(scene, "effects", 35)
        app.pop()  # leaving writes the last slider move
        saved = load_settings(paths.settings_path())
        assert saved.mute and saved.effects_volume == 0.35 and saved.music_volume == 0.2
        app.close()
    finally:
        paths.set_data_dir(None)


def test_old_settings_files_load_and_bad_sound_values_fall_back(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": "hercules-settings", "music_volume": 0.3}))
    old = load_settings(path)
    assert old.music_volume == 0.3 and old.master_volume == 1.0 and old.mute is False
    path.write_text(json.dumps({"format": "hercules-settings", "master_volume": 7, "mute": "yes"}))
    bad = load_settings(path)
    assert bad.master_volume == 1.0 and bad.mute is False


STARTUP = """
from hercules.app.settings import open_settings
from hercules.ui.app import App
settings, _ = open_settings()
app = App((1280, 720), settings, persist=True)
app.nav.title()
app.frame(0.016)
print(app.sound.working, len(app.top.notices))
for words in app.top.notices:
    print(words())
app.close()
"""


def test_a_machine_whose_audio_cannot_open_starts_says_so_once_and_keeps_the_settings(tmp_path):
    (tmp_path / "settings.json").write_text(
        json.dumps({"format": "hercules-settings", "music_volume": 0.3, "language": "en"})
    )
    before = (tmp_path / "settings.json").read_bytes()
    env = {
        **os.environ,
        "SDL_AUDIODRIVER": "no-such-driver",
        "SDL_VIDEODRIVER": "dummy",
        "HERCULES_DATA_DIR": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, "-P", "-c", STARTUP],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0] == "False 1"
    assert lines[1].startswith("No sound:") and "in silence" in lines[1]
    assert (tmp_path / "settings.json").read_bytes() == before

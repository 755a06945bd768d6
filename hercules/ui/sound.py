"""The box's sound: short effects (cues) and an ambient theme, at the player's volumes.

:class:`Sound` owns the mixer. At start-up it loads the catalogue (``sounds/sounds.json`` in
``hercules.assets``, made by ``tools/make_sounds.py``) and every effect it names, so that
playing one later is only a call into the mixer's own thread: no file is read in a frame.
The theme streams from its file (the mixer's thread decodes it).

Nothing here may stop the game: a mixer that cannot open makes the box silent, and a missing
or damaged file makes its cue silent; either is told once (the title shows it), then never
again. The player's volumes (master, effects, music) and mute are read from the settings at
every cue, and :meth:`Sound.apply` makes a change heard at once in the music.

Which cue plays when is each game's choice: :class:`Cues` reads a game's
``data/sounds.json`` (cues for its animations as they start and finish, for its events and
for how a game ends) and :meth:`Cues.attach` hooks them to the table's animator.

In the game a cue is started by a small thread of its own (``threaded``): the mixer's calls
wait for its lock and let go of the interpreter's, and a bot thinking on its worker thread may
then keep the frame waiting for a whole switch interval (5 ms). The frame only posts the cue.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from hercules.app.registry import assets_path
from hercules.app.settings import Settings

from .anim import Anim, Animator
from .strings import t

log = logging.getLogger(__name__)

#: The catalogue's folder inside ``hercules.assets`` and its file there.
FOLDER = "sounds"
CATALOGUE = "sounds.json"
FORMAT = "hercules-sounds"
#: The cue of a pressed button, and the theme of the menus and the table.
CLICK = "click"
AMBIENT = "ambient"
#: A cue asked again within this many seconds plays once: with animations off a whole turn's
#: cues arrive in one frame, and the same sound stacked on itself is only louder.
REPEAT_GAP = 0.04
#: The theme fades in over this many milliseconds (the mixer fades it on its own thread).
FADE_IN_MS = 1500
#: The sections of a game's cue table (see :class:`Cues`).
SECTIONS = ("start", "finish", "events", "end")

Words = Callable[[], str]


class Sound:
    """The box's effects and theme, played through ``mixer`` (default ``pygame.mixer``).

    ``settings``: whose volumes and mute apply (read at every cue, so changes are live);
    ``notify(words)``: tells the player something once (:meth:`hercules.ui.app.App.notify`);
    ``mixer``: anything with ``pygame.mixer``'s ``get_init``, ``init``, ``Sound``, ``stop`` and
    ``music`` (tests pass a fake); ``root``: the folder holding the catalogue and its files
    (default: ``sounds/`` in ``hercules.assets``); ``threaded``: cues are started by a thread
    of the service's own (the game), not in the caller's frame (tests: at once).
    """

    def __init__(
        self,
        settings: Settings,
        notify: Callable[[Words], None] | None = None,
        mixer: Any = None,
        root: Any = None,
        clock: Callable[[], float] = time.monotonic,
        threaded: bool = False,
    ) -> None:
        self.settings = settings
        self.notify = notify or (lambda words: None)
        self.mixer: Any = pygame.mixer if mixer is None else mixer
        self.root: Any = assets_path(FOLDER) if root is None else root
        self.clock = clock
        self.working = False  #: the mixer is open and the catalogue read
        self.effects: dict[str, Any] = {}  #: cue -> the mixer's loaded sound
        self.gains: dict[str, float] = {}  #: cue or theme -> its level in the mix (0-1)
        self.themes: dict[str, Any] = {}  #: theme -> its file
        self.broken: list[str] = []  #: the files that could not be read (their cues are silent)
        self.failure = ""  #: why the box is silent ("" while it is not)
        self.theme = ""  #: the theme asked for ("" for none)
        self.theme_playing = ""  #: the theme the mixer plays now
        self._last: dict[str, float] = {}  # when each cue last started
        self.threaded = threaded
        # The cues posted to the player thread (None: stop), while it runs.
        self._posted: queue.SimpleQueue[tuple[Any, float] | None] | None = None
        self._player: threading.Thread | None = None

    # --- opening -------------------------------------------------------------------------------
    def open(self) -> bool:
        """Open the mixer (``pygame.init`` may have) and load every effect; False: silent.

        Never raises: a mixer that cannot open, an unreadable catalogue or sound file is told
        once through ``notify`` and the rest plays on (or the box is silent).
        """
        try:
            if not self.mixer.get_init():
                self.mixer.init()
        except (pygame.error, OSError) as exc:
            self.fail(str(exc) or type(exc).__name__)
            return False
        catalogue = self._read_catalogue()
        if catalogue is None:
            return False
        self.working = True
        for cue, entry in catalogue["effects"].items():
            self.gains[cue] = entry["gain"]
            path = self._path(entry["file"])
            try:
                self.effects[cue] = self.mixer.Sound(path)
            except (pygame.error, OSError, ValueError) as exc:
                log.warning("sound %s (%s): %s; it stays silent", cue, entry["file"], exc)
                self.broken.append(entry["file"])
        for name, entry in catalogue["music"].items():
            self.gains[name] = entry["gain"]
            path = self._path(entry["file"])
            try:
                self.mixer.music.load(path)  # reads the header only: is it there and sound?
            except (pygame.error, OSError, ValueError) as exc:
                log.warning("theme %s (%s): %s; it stays silent", name, entry["file"], exc)
                self.broken.append(entry["file"])
            else:
                self.themes[name] = path
        if self.broken:
            names = ", ".join(self.broken)
            self.notify(lambda: t("sound.broken", files=names))
        if self.threaded:
            self._posted = queue.SimpleQueue()
            self._player = threading.Thread(
                target=self._play_posted, args=(self._posted,), name="sound", daemon=True
            )
            self._player.start()
        return True

    def _path(self, file: str) -> str:
        """Where a sound file is (the mixer reads it with its own file functions)."""
        return str(self.root / file)

    def _read_catalogue(self) -> dict[str, dict[str, dict[str, Any]]] | None:
        """The checked catalogue, or None (the box is silent and the player told)."""
        try:
            doc = json.loads((self.root / CATALOGUE).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            log.warning("sound catalogue: %s", exc)
            self.fail(t("sound.no_catalogue"))
            return None
        problem = catalogue_problem(doc)
        if problem:
            log.warning("sound catalogue: %s", problem)
            self.fail(t("sound.no_catalogue"))
            return None
        checked: dict[str, dict[str, dict[str, Any]]] = doc
        return checked

    def fail(self, why: str) -> None:
        """Fall silent for good and tell the player once why."""
        self.working = False
        if self.failure:
            return
        self.failure = why
        log.warning("no sound: %s", why)
        self.notify(lambda: t("sound.off", why=why))

    # --- levels --------------------------------------------------------------------------------
    def effects_level(self) -> float:
        """How loud effects play now (0-1): master times effects, 0 when muted."""
        s = self.settings
        return 0.0 if s.mute else float(s.master_volume) * float(s.effects_volume)

    def music_level(self) -> float:
        """How loud the theme plays now (0-1), before its own gain: master times music."""
        s = self.settings
        return 0.0 if s.mute else float(s.master_volume) * float(s.music_volume)

    def apply(self) -> None:
        """The volumes or mute changed: the theme follows at once (stops at 0, starts again
        above), and muting cuts the effects still sounding. Effects take their level as they
        start."""
        if not self.working:
            return
        try:
            if self.effects_level() <= 0:
                self.mixer.stop()
            self._sync_theme()
        except pygame.error as exc:
            self.fail(str(exc))

    # --- playing -------------------------------------------------------------------------------
    def play(self, cue: str) -> None:
        """Start effect ``cue`` at the player's level (no cue, unknown or silent: nothing)."""
        if not cue or not self.working:
            return
        sound = self.effects.get(cue)
        if sound is None:
            return
        level = self.effects_level() * self.gains.get(cue, 1.0)
        if level <= 0:
            return
        now = self.clock()
        if now - self._last.get(cue, -REPEAT_GAP) < REPEAT_GAP:
            return
        self._last[cue] = now
        if self._posted is not None:
            self._posted.put((sound, level))
        else:
            self._start(sound, level)

    def _start(self, sound: Any, level: float) -> None:
        """Start a loaded sound at ``level`` on a free channel (none free: it is not heard)."""
        try:
            sound.set_volume(level)
            sound.play()
        except pygame.error as exc:
            self.fail(str(exc))

    def _play_posted(self, posted: queue.SimpleQueue[tuple[Any, float] | None]) -> None:
        """The player thread: start each cue posted, until told to stop."""
        while (item := posted.get()) is not None:
            self._start(*item)

    def play_all(self, cues: Iterable[str]) -> None:
        """Start each of ``cues`` (see :meth:`play`)."""
        for cue in cues:
            self.play(cue)

    def hear(self, event: pygame.event.Event) -> None:
        """A window event: a pressed button clicks (quietly)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.play(CLICK)

    def start_theme(self, name: str = AMBIENT) -> None:
        """Loop the theme ``name`` from now on (while the music's level is above 0)."""
        self.theme = name
        self.apply()

    def stop_theme(self) -> None:
        """No theme from now on."""
        self.theme = ""
        self.apply()

    def _sync_theme(self) -> None:
        """Make the mixer's music what is asked: the theme at its level, or nothing."""
        music = self.mixer.music
        level = self.music_level() * self.gains.get(self.theme, 1.0)
        wanted = self.theme if self.theme in self.themes and level > 0 else ""
        if wanted != self.theme_playing:
            music.stop()  # stop, not fadeout: a fade-out waits for its end
            self.theme_playing = ""
            if wanted:
                try:
                    music.load(self.themes[wanted])
                except (pygame.error, OSError) as exc:
                    log.warning("theme %s: %s; it stays silent", wanted, exc)
                    file = Path(self.themes.pop(wanted)).name
                    self.broken.append(file)
                    self.notify(lambda: t("sound.broken", files=file))
                    return
                music.play(loops=-1, fade_ms=FADE_IN_MS)
                self.theme_playing = wanted
        if self.theme_playing:
            music.set_volume(level)

    def close(self) -> None:
        """Stop the player thread and every sound (the mixer itself closes with pygame)."""
        if self._posted is not None and self._player is not None:
            self._posted.put(None)
            self._player.join(timeout=1.0)
        self._posted = self._player = None
        if self.working:
            try:
                self.mixer.stop()
                self.mixer.music.stop()
            except pygame.error:
                pass  # closing anyway
        self.theme_playing = ""
        self.working = False


def catalogue_problem(doc: Any) -> str:
    """What is wrong with a sound catalogue ("" if nothing)."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return "not a sound catalogue"
    for section in ("effects", "music"):
        entries = doc.get(section)
        if not isinstance(entries, dict):
            return f"{section!r} is not an object"
        for name, entry in entries.items():
            if not isinstance(entry, dict) or not isinstance(entry.get("file"), str):
                return f"{section} {name!r} names no file"
            file, gain = entry["file"], entry.get("gain")
            if "/" in file or "\\" in file or file.startswith("."):
                return f"{section} {name!r}: {file!r} is not a file in the folder"
            if isinstance(gain, bool) or not isinstance(gain, int | float) or not 0 <= gain <= 1:
                return f"{section} {name!r}: gain {gain!r} is not 0-1"
    return ""


class Cues:
    """Which cue a game plays when, from its ``data/sounds.json``.

    The table has four sections, each key -> cue name: ``start`` and ``finish`` (an animation
    starting and ending, keyed as the game's table names its animations), ``events`` (an
    engine event's kind) and ``end`` (``"won"``/``"lost"``, see :func:`ending`). A key it does
    not name plays nothing.
    """

    def __init__(self, table: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self.table = {s: dict((table or {}).get(s, {})) for s in SECTIONS}

    @classmethod
    def load(cls, folder: str) -> Cues:
        """A game's cues (``folder``: its assets folder); unreadable: none (logged)."""
        try:
            doc = json.loads(assets_path(folder, "data", "sounds.json").read_text("utf-8"))
        except (OSError, ValueError) as exc:
            log.warning("cues of %s: %s; the game plays silently", folder, exc)
            return cls()
        problem = cues_problem(doc)
        if problem:
            log.warning("cues of %s: %s; the game plays silently", folder, problem)
            return cls()
        return cls(doc)

    def get(self, section: str, key: str) -> str:
        """The cue for ``key`` in ``section`` ("" for none)."""
        return self.table.get(section, {}).get(key, "")

    def names(self) -> set[str]:
        """Every cue the table names."""
        return {cue for section in self.table.values() for cue in section.values()}

    def attach(
        self, animator: Animator, sound: Sound, key: Callable[[Anim], str] = lambda a: a.kind
    ) -> None:
        """Play ``start`` and ``finish`` cues as ``animator``'s animations start and end
        (``key``: an animation's name in the table, by default its kind)."""
        animator.on_start = lambda a: sound.play(self.get("start", key(a)))
        animator.on_finish = lambda a: sound.play(self.get("finish", key(a)))

    def events(self, sound: Sound, kinds: Iterable[str]) -> None:
        """Play the cues of a record's events (``kinds``: each event's kind)."""
        sound.play_all(self.get("events", k) for k in kinds)

    def end(self, sound: Sound, seats: Iterable[Any], winners: Iterable[int]) -> None:
        """Play how the game ended for the humans among ``seats`` (see :func:`ending`)."""
        humans = [i for i, seat in enumerate(seats) if seat.kind == "human"]
        sound.play(self.get("end", ending(humans, winners)))


def cues_problem(doc: Any) -> str:
    """What is wrong with a game's cue table ("" if nothing)."""
    if not isinstance(doc, dict):
        return "not an object"
    for section, entries in doc.items():
        if section.startswith("_"):
            continue  # notes for whoever edits the file
        if section not in SECTIONS or not isinstance(entries, dict):
            return f"unknown section {section!r}"
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in entries.items()):
            return f"{section!r} must map names to cue names"
    return ""


def ending(humans: Iterable[int], winners: Iterable[int]) -> str:
    """How the game ended for whoever sits at this machine: ``"won"`` when one of the human
    seats is among the winners, or when only bots played and one won (it is cheered);
    ``"lost"`` otherwise (a solo run lost has no winner)."""
    here, won = set(humans), set(winners)
    return "won" if won and (not here or here & won) else "lost"

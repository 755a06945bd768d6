"""The application shell: controller, replays, saves, storage, settings and paths.

Nothing here is specific to one game: the controller drives any rules object
that follows :class:`~.controller.Rules`, and saves find a game's rules by its
id. No pygame here. The layers, lowest first (none imports a higher one):

* :mod:`.storage` - bytes on disk: strict JSON, atomic writes, deleting;
* :mod:`.paths` - where files live; :mod:`.settings` - the player's settings;
* :mod:`.controller` - runs one game (:class:`GameController` is what a table needs);
* :mod:`.saves` - save documents, the slot library, the :class:`~.saves.Autosaver`;
* :mod:`.replay` - :class:`ReplayController`, a saved game stepped through.
"""

from __future__ import annotations

from . import controller, paths, replay, saves, settings, storage
from .controller import AUTOMATIC, Bot, Controller, GameController, Listener, Record, Rules, Seat
from .replay import ReplayController
from .saves import Autosaver, LoadedGame, SaveError, SaveRules
from .settings import Settings, load_settings, save_settings
from .storage import StorageError

__all__ = [
    # modules
    "controller",
    "paths",
    "replay",
    "saves",
    "settings",
    "storage",
    # running a game
    "AUTOMATIC",
    "Bot",
    "Controller",
    "GameController",
    "Listener",
    "Record",
    "ReplayController",
    "Rules",
    "Seat",
    # saves and settings
    "Autosaver",
    "LoadedGame",
    "SaveError",
    "SaveRules",
    "Settings",
    "StorageError",
    "load_settings",
    "save_settings",
]

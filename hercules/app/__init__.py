"""The application shell: controller, replays, saves, storage, settings and paths.

Nothing here is specific to one game: the controller drives any rules object
that follows the box's contract, :class:`~.contract.GameRules`, and saves find a game's rules by its
id. No pygame here. The layers, lowest first (none imports a higher one):

* :mod:`.storage` - bytes on disk: strict JSON, atomic writes, deleting;
* :mod:`.paths` - where files live; :mod:`.settings` - the player's settings;
* :mod:`.controller` - runs one game (:class:`GameController` is what a table needs);
* :mod:`.saves` - save documents, the slot library, the :class:`~.saves.Autosaver`;
* :mod:`.replay` - :class:`ReplayController`, a saved game stepped through.
"""

from __future__ import annotations

from . import contract, controller, paths, replay, saves, settings, storage
from .contract import AUTOMATIC, GameRules
from .controller import Bot, Controller, GameController, Listener, Record, Seat
from .replay import ReplayController
from .saves import Autosaver, LoadedGame, SaveError
from .settings import Settings, load_settings, save_settings
from .storage import StorageError

__all__ = [
    # modules
    "contract",
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
    "GameRules",
    "Seat",
    # saves and settings
    "Autosaver",
    "LoadedGame",
    "SaveError",
    "Settings",
    "StorageError",
    "load_settings",
    "save_settings",
]

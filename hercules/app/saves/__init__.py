"""Save files: versioned JSON, written atomically, validated and replayed on load.

The package's rooms, each with one job:

* :mod:`.document` - the save document: build, upgrade, validate and replay,
  text cleaning (its field checks live in :mod:`.schema`, older formats in
  :mod:`.upgrade`, which game in :mod:`.games`);
* :mod:`.library` - the slot library: slot paths, each game's autosave (migrating the old
  single slot, keeping the newest), listing, latest, deleting, examples;
* :mod:`.header` - what a save says of itself (its listing fields), read without a replay;
* :mod:`.autosave` - :class:`Autosaver`, writing off the frame loop.

Bytes on disk are :mod:`hercules.app.storage`'s job. Every reading entry point
takes one game's rules or a resolver from a game id to its rules (see
:func:`rules_for`). Everything public is re-exported here, so
``from hercules.app import saves; saves.load_save(...)`` is the usual spelling.
"""

from __future__ import annotations

from ..registry import DEFAULT_GAME
from ..storage import BACKUP_SUFFIX, atomic_write, backup_path, printable
from .autosave import Autosaver, GameSaver
from .document import (
    AUTOSAVE,
    AUTOSAVE_STEM,
    MAX_NAME,
    SUFFIX,
    check_openable,
    clean_label,
    dumps,
    game_document,
    load_save,
    now_iso,
    read_document,
    restore_controller,
    sanitize_name,
    save_game,
    seal,
    usable_name,
    write_save,
)
from .games import RulesSource, rules_for, rules_resolver
from .header import HEAD_BYTES, TAIL_BYTES, Header, read_header
from .library import (
    EXAMPLES_PACKAGE,
    MAX_AUTOSAVES,
    MAX_FINISHED_AUTOSAVES,
    Listing,
    SaveInfo,
    autosave_path,
    delete_save,
    example_saves,
    examples_dir,
    has_continue,
    header_info,
    is_autosave_slot,
    latest_game,
    latest_save,
    list_saves,
    migrate_autosave,
    peek,
    prune_autosaves,
    save_info,
    slot_path,
    slot_taken,
)
from .schema import (
    EDITED_REASON,
    ERROR_KINDS,
    FORMAT_VERSION,
    INTEGRITY,
    MAX_BYTES,
    MAX_LOG,
    MAX_REASON,
    MAX_TEXT,
    MIN_VERSION,
    SEAT_KINDS,
    EditedSaveError,
    LoadedGame,
    SaveError,
    check_text,
    clean_text,
    content_digest,
    damaged,
    integrity_fails,
    parse_json,
    read_json,
)
from .upgrade import UPGRADES, upgrade, upgrade_v1_to_v2

__all__ = [
    # limits and names
    "AUTOSAVE",
    "AUTOSAVE_STEM",
    "BACKUP_SUFFIX",
    "DEFAULT_GAME",
    "EDITED_REASON",
    "ERROR_KINDS",
    "EXAMPLES_PACKAGE",
    "FORMAT_VERSION",
    "HEAD_BYTES",
    "INTEGRITY",
    "MAX_AUTOSAVES",
    "MAX_BYTES",
    "MAX_FINISHED_AUTOSAVES",
    "MAX_LOG",
    "MAX_NAME",
    "MAX_REASON",
    "MAX_TEXT",
    "MIN_VERSION",
    "SEAT_KINDS",
    "SUFFIX",
    "TAIL_BYTES",
    "UPGRADES",
    # types
    "Autosaver",
    "EditedSaveError",
    "GameSaver",
    "Header",
    "LoadedGame",
    "RulesSource",
    "SaveError",
    "SaveInfo",
    # the document
    "check_openable",
    "check_text",
    "clean_label",
    "clean_text",
    "content_digest",
    "damaged",
    "dumps",
    "game_document",
    "integrity_fails",
    "load_save",
    "now_iso",
    "parse_json",
    "read_document",
    "read_header",
    "read_json",
    "restore_controller",
    "rules_for",
    "rules_resolver",
    "sanitize_name",
    "save_game",
    "seal",
    "usable_name",
    "upgrade",
    "upgrade_v1_to_v2",
    "write_save",
    # the library
    "Listing",
    "autosave_path",
    "delete_save",
    "example_saves",
    "examples_dir",
    "has_continue",
    "header_info",
    "is_autosave_slot",
    "latest_game",
    "latest_save",
    "list_saves",
    "migrate_autosave",
    "peek",
    "prune_autosaves",
    "save_info",
    "slot_path",
    "slot_taken",
    # storage, as the saves use it
    "atomic_write",
    "backup_path",
    "printable",
]

"""The box's game registry: every game registers one :class:`GameSpec`; the shell asks here.

The shell (app loop, scenes, saves, replays, tools) never imports a game package. Games
live in ``hercules/games/<package>/`` and each exposes ``SPEC`` in its ``spec`` module;
:func:`load_games` finds
them and registers them once, at start-up, so that a broken or duplicated spec fails there
with a clear message and never later in a frame. Scenes are named by import strings
(``"package.module:Class"``) so that tools can use a game's engine and bots without pygame.

A spec names its rules, bots and other engine-made members the same way, with
:func:`lazy` (``rules=lazy("hercules.games.mine.engine.adapter:RULES")``): the title and
the game choice read a game's names and words, so the box starts without importing any
game's engine or bots; a member is imported, and checked as :func:`check_spec` checks a
given one, the first time anything asks for it (a game is chosen, a save of it is read).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from importlib import resources
from typing import TYPE_CHECKING, Any, Generic

from .contract import ActionT, EventT, GameRules, StateT, missing_members
from .contract import members as contract_members
from .controller import Bot, Controller

GAMES_PACKAGE = "hercules.games"
#: What every game's UI provides, named by import string: the scenes ``setup(app)``,
#: ``table(app, controller, names, created=None, label="", autosave=True)``,
#: ``replay(app, loaded)`` and ``rules(app)``, and ``seat_names(seats, config, saved=()) ->
#: list[str]``, the seats' display names in the current language (``config``: the rules'
#: JSON, ``saved``: the names a save kept). A table that plays a guided game offers
#: ``tutorial_regions(seat) -> dict[str, Rect]``: the named places its script points at.
UI_ROLES: tuple[str, ...] = ("setup", "table", "replay", "rules", "seat_names")
#: What a game's UI may provide: ``save_line(meta, names) -> str``, the second line of its
#: saves on the load screen (``meta``: its rules' ``summary``); without it the load screen
#: says mode, players, round and leader.
OPTIONAL_UI_ROLES: tuple[str, ...] = ("save_line",)
#: What the shell asks of a game's rules object: the members of the contract's
#: :class:`~.contract.GameRules` (derived from it, so the check and the protocol never part).
RULES_MEMBERS: tuple[str, ...] = contract_members(GameRules)
_ID = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
_TARGET = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")
_FOLDER = re.compile(r"^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$")
_SCRIPT = re.compile(r"^([A-Za-z0-9_-]+/)*[A-Za-z0-9_-]+\.json$")
#: The package holding the box's data; a game's ``assets`` folder is a path inside it.
ASSETS_PACKAGE = "hercules.assets"


class RegistryError(Exception):
    """A game spec is malformed, duplicated or missing: the box cannot start with it."""


class UnknownGameError(RegistryError, KeyError):
    """No registered game has this id (e.g. a save made by another box)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


#: The members of a :class:`GameSpec` that may be named with :func:`lazy` (the ones a game's
#: engine or bots make; everything else a spec holds is plain data the title may read).
LAZY_FIELDS: tuple[str, ...] = ("rules", "new_controller", "make_bot", "bot_levels", "variants")
#: Held while a lazy member is imported (one import of each, whichever thread asks first).
_RESOLVING = threading.RLock()


@dataclass(frozen=True)
class Lazy:
    """A spec member named by ``"module:attribute"``: imported the first time it is asked for.

    Made by :func:`lazy`; a :class:`GameSpec` resolves it on first use (see :data:`LAZY_FIELDS`).
    """

    target: str

    def resolve(self) -> Any:
        """Import the module and return the attribute (``ImportError``/``AttributeError``)."""
        module, _, attr = self.target.partition(":")
        return getattr(importlib.import_module(module), attr)


def lazy(target: str) -> Any:
    """A spec member imported on first use, named ``"package.module:attribute"``.

    Typed ``Any`` so that it fills any field of :class:`GameSpec`; a game's ``spec.py`` keeps
    mypy's check of its rules adapter against the contract in a ``TYPE_CHECKING`` block.
    Only the members of :data:`LAZY_FIELDS` take one; the name is checked here.
    """
    if not isinstance(target, str) or not _TARGET.match(target):
        raise RegistryError(f"a lazy member must be named 'module:name', got {target!r}")
    return Lazy(target)


@dataclass(frozen=True)
class GameSpec(Generic[StateT, ActionT, EventT]):
    """Everything the shell needs to offer, start, save, load and show one game.

    Generic in the game's state and action types, so that ``mypy --strict`` checks a
    game's rules adapter against the contract (:class:`~.contract.GameRules`) where its
    spec is written (``SPEC: GameSpec[MyState, MyAction, MyEvent] = GameSpec(...)``).

    ``new_controller(variant, kinds, seed)`` returns the controller of a new game; ``kinds``
    holds per seat ``"human"`` or one of ``bot_levels`` (or one of ``automata`` where the
    variant puts one). ``make_bot(level)`` builds a bot for a restored game.
    """

    id: str  #: stable id, stored in every save (``"game"``)
    names: Mapping[str, str]  #: the game's name in every language the box speaks
    players: tuple[int, int]  #: fewest and most seats
    variants: tuple[str, ...]  #: variant ids, the first is the default
    rules: GameRules[StateT, ActionT, EventT]  #: the rules the controller drives and saves store
    new_controller: Callable[[str, Sequence[str], int], Controller]
    make_bot: Callable[[str], Bot]
    bot_levels: tuple[str, ...]
    ui: Mapping[str, str]  #: role -> "module:attribute" (see UI_ROLES)
    #: the name of the rules text (``<name>.<lang>.txt``, in the shell's ``ui/text/`` or a
    #: game's ``text/``)
    rules_text: str = ""
    description: Mapping[str, str] = field(default_factory=dict)  #: one line per language
    #: Optional hooks for the box's tools, role -> "module:name" (e.g. ``statistics`` of
    #: finished games and their ``report`` lines, for ``tools/simulate.py``). The shell's
    #: statistics use ``record(final_state) -> dict`` (variant, rounds, per seat result,
    #: place, score and breakdown, and ``extra`` figures: see :mod:`.statistics`), and a
    #: game may add ``stat_lines(records, words) -> list[str]`` (its own lines on the
    #: statistics screen) and ``score_history(final_state, actions) -> list[list[int]]``
    #: (each seat's score at every round, for its game-over chart). The shell words a save
    #: with ``describe_save(meta, names) -> str`` (``--check-save``'s game part, from the
    #: rules' ``summary``), offers the game's own settings from ``settings() ->
    #: Sequence[GameSetting]`` (:mod:`.settings`), and ``tools/tournament.py`` reads a
    #: finished game through ``outcome(final_state) -> dict`` (vp, places, winners, tiebreak,
    #: ended_by, rounds) and a game's own options through ``tournament(mode, players,
    #: bots) -> dict``; ``tools/fingerprint_games.py`` asks ``fingerprint()`` for a game's own
    #: game counts, bot levels and final figure. Each is optional: without it the shell and
    #: the tools do what serves every game.
    tools: Mapping[str, str] = field(default_factory=dict)
    #: The game's folder inside ``hercules.assets`` (e.g. ``"games/mebo"``), holding its words:
    #: ``strings/<lang>.json`` (merged into the box's string tables) and
    #: ``text/<name>.<lang>.txt`` (read by ``strings.text_file``). Empty: the game has none.
    assets: str = ""
    #: Where the box lists the game (title screen, game choice, tools): lower first, then id.
    order: int = 50
    #: Its guided first game, a script inside ``assets`` (e.g. ``"data/tutorial.json"``, see
    #: :mod:`hercules.app.tutorials`). Empty (or no ``assets``): the game offers none. Only its
    #: name is checked here: a damaged script is told when the player asks for it, never
    #: stops the box.
    tutorial: str = ""
    #: The automaton seats the game has, by name (the MEBO solo game's ``"hades"``): a save's
    #: ``{"kind": "automaton"}`` seat must name one of these, or it is refused.
    automata: tuple[str, ...] = ()

    if not TYPE_CHECKING:  # mypy sees the fields with their own types, never an open getattr

        def __getattribute__(self, name: str) -> Any:
            # A member named with lazy() is imported, checked and put in its field's place
            # the first time it is read: every later read finds the value itself.
            value = object.__getattribute__(self, name)
            if type(value) is Lazy and name in LAZY_FIELDS:
                with _RESOLVING:  # the autosave thread may ask at the same time
                    value = object.__getattribute__(self, name)
                    if type(value) is Lazy:
                        value = _resolved(self, name, value)
                        object.__setattr__(self, name, value)
            return value

    def raw(self, name: str) -> Any:
        """A member as the spec holds it: its :class:`Lazy` name while it is not imported
        yet (nothing is imported by asking), else its value."""
        return object.__getattribute__(self, name)

    def resolve(self) -> GameSpec[StateT, ActionT, EventT]:
        """Import and check every lazy member now (tools and tests that check a whole box)."""
        for name in LAZY_FIELDS:
            getattr(self, name)
        return self

    @property
    def imported(self) -> bool:
        """True once every lazy member has been imported (a spec with none always is)."""
        return not any(isinstance(self.raw(name), Lazy) for name in LAZY_FIELDS)

    def name(self, lang: str) -> str:
        """The game's name in ``lang`` (English if the language has none)."""
        return self.names.get(lang) or self.names["en"]

    @property
    def guided(self) -> bool:
        """True if the game offers a guided first game (Learn to play)."""
        return bool(self.tutorial and self.assets)

    def ui_entry(self, role: str) -> Any:
        """The scene class or function playing ``role`` (imported on first use)."""
        module, _, attr = self.ui[role].partition(":")
        return getattr(importlib.import_module(module), attr)

    def tool_entry(self, role: str) -> Any:
        """The tools' hook playing ``role``, or None if the game offers none."""
        target = self.tools.get(role)
        if target is None:
            return None
        module, _, attr = target.partition(":")
        return getattr(importlib.import_module(module), attr)


def check_spec(spec: Any) -> GameSpec[Any, Any, Any]:
    """``spec`` if it is a well-formed :class:`GameSpec`, else :class:`RegistryError`.

    A member named with :func:`lazy` is not imported here: it is checked the same way when
    it is first used (see :func:`check_member`).
    """
    if not isinstance(spec, GameSpec):
        raise RegistryError(f"a game spec must be a GameSpec, not {type(spec).__name__}")
    where = f"game {spec.id!r}"
    if not isinstance(spec.id, str) or not _ID.match(spec.id):
        raise RegistryError(f"game id {spec.id!r} must be a short lowercase name")
    optional = ("rules_text", "description", "tools", "assets", "tutorial", "automata")
    for f in fields(spec):
        value = spec.raw(f.name)
        if isinstance(value, Lazy):
            if f.name in LAZY_FIELDS:
                continue
            raise RegistryError(
                f"{where}: {f.name!r} cannot be lazy (only {', '.join(LAZY_FIELDS)} can)"
            )
        if value is None or (
            f.name not in optional and isinstance(value, str | tuple | dict) and not value
        ):
            raise RegistryError(f"{where}: the spec's {f.name!r} is missing")
    if "en" not in spec.names:
        raise RegistryError(f"{where}: names must include English ('en')")
    lo, hi = spec.players
    if not 1 <= lo <= hi:
        raise RegistryError(f"{where}: players must be (fewest, most), got {spec.players}")
    for name in LAZY_FIELDS:
        value = spec.raw(name)
        if not isinstance(value, Lazy):
            check_member(spec, name, value)
    if not isinstance(spec.automata, tuple) or not all(
        isinstance(a, str) and _ID.match(a) for a in spec.automata
    ):
        raise RegistryError(f"{where}: automata must be a tuple of short lowercase names")
    for role in UI_ROLES:
        target = spec.ui.get(role)
        if not isinstance(target, str) or not _TARGET.match(target):
            raise RegistryError(f"{where}: ui {role!r} must be 'module:name', got {target!r}")
    for role, target in spec.tools.items():
        if not isinstance(target, str) or not _TARGET.match(target):
            raise RegistryError(f"{where}: tool {role!r} must be 'module:name', got {target!r}")
    for role in spec.ui:
        if role not in UI_ROLES + OPTIONAL_UI_ROLES:
            raise RegistryError(f"{where}: unknown ui role {role!r}")
        target = spec.ui[role]
        if not isinstance(target, str) or not _TARGET.match(target):
            raise RegistryError(f"{where}: ui {role!r} must be 'module:name', got {target!r}")
        module = target.partition(":")[0]
        try:
            found = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            found = None
        if found is None:
            raise RegistryError(f"{where}: ui {role!r} names a missing module {module!r}")
    if spec.assets:
        _check_assets(spec.assets, where)
    if spec.tutorial and (not isinstance(spec.tutorial, str) or not _SCRIPT.match(spec.tutorial)):
        raise RegistryError(
            f"{where}: tutorial must be a .json file inside its assets folder, "
            f"got {spec.tutorial!r}"
        )
    return spec


def check_member(spec: GameSpec[Any, Any, Any], name: str, value: Any) -> None:
    """Refuse a member of :data:`LAZY_FIELDS` that is malformed (:class:`RegistryError`): when
    the spec is registered with it given, or when it is first imported, named with :func:`lazy`.
    """
    where = f"game {spec.id!r}"
    if name in ("variants", "bot_levels"):
        if not isinstance(value, tuple) or not value:
            raise RegistryError(f"{where}: the spec's {name!r} is missing")
        if not all(isinstance(v, str) and v for v in value):
            raise RegistryError(f"{where}: {name} must be a tuple of names")
    elif name in ("new_controller", "make_bot"):
        if not callable(value):
            raise RegistryError(f"{where}: {name} must be callable")
    elif name == "rules":
        _check_rules(value, where, spec.id)


def _check_rules(rules: Any, where: str, game_id: str) -> None:
    if rules is None:
        raise RegistryError(f"{where}: the spec's 'rules' is missing")
    missing = missing_members(rules)
    if missing:
        raise RegistryError(f"{where}: its rules object lacks {', '.join(missing)}")
    if rules.name != game_id:
        raise RegistryError(f"{where}: its rules are named {rules.name!r}, not {game_id!r}")
    errors = rules.error_types
    if not isinstance(errors, tuple) or not all(
        isinstance(e, type) and issubclass(e, Exception) for e in errors
    ):
        raise RegistryError(f"{where}: its rules' error_types must be a tuple of exceptions")
    version = rules.state_version
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RegistryError(f"{where}: its rules' state_version must be a whole number >= 1")


def _resolved(spec: GameSpec[Any, Any, Any], name: str, member: Lazy) -> Any:
    """A lazy member imported and checked; :class:`RegistryError` saying which and why."""
    try:
        value = member.resolve()
    except (ImportError, AttributeError) as exc:
        raise RegistryError(
            f"game {spec.id!r}: its {name} {member.target!r} cannot be imported: {exc}"
        ) from exc
    check_member(spec, name, value)
    return value


def ui_roles(package: str, **roles: str) -> dict[str, str]:
    """A game's ``ui`` laid out as the box's games are: ``<package>.setup:SetupScene``,
    ``table:TableScene``, ``replay:ReplayScene`` and ``rules:RulesScene``, with ``roles``
    added or replacing them, each ``"module:name"`` inside ``package`` (its ``ui`` package)::

        ui=ui_roles("hercules.games.mine.ui", seat_names="setup:names_for")
    """
    conventional = {
        "setup": "setup:SetupScene",
        "table": "table:TableScene",
        "replay": "replay:ReplayScene",
        "rules": "rules:RulesScene",
    }
    return {role: f"{package}.{target}" for role, target in {**conventional, **roles}.items()}


def assets_path(folder: str, *parts: str) -> Any:
    """A path inside ``hercules.assets``: ``folder`` ("games/mebo") then ``parts``."""
    return resources.files(ASSETS_PACKAGE).joinpath(*folder.split("/"), *parts)


def _check_assets(folder: object, where: str) -> None:
    """Refuse an ``assets`` folder that is malformed or has no English string table."""
    if not isinstance(folder, str) or not _FOLDER.match(folder):
        raise RegistryError(
            f"{where}: assets must be a folder inside {ASSETS_PACKAGE} like 'games/<pkg>', "
            f"got {folder!r}"
        )
    if not assets_path(folder, "strings", "en.json").is_file():
        raise RegistryError(
            f"{where}: its assets folder {folder!r} has no strings/en.json in {ASSETS_PACKAGE}"
        )


class Registry:
    """The games of one box, by id, in the order they were registered."""

    def __init__(self) -> None:
        self._games: dict[str, GameSpec[Any, Any, Any]] = {}
        #: Grows with every change of the games (caches of their words check it).
        self.version = 0

    def register(self, spec: Any) -> GameSpec[Any, Any, Any]:
        """Add a game; a malformed spec or a second game with the same id is refused."""
        checked = check_spec(spec)
        if checked.id in self._games:
            raise RegistryError(f"two games have the id {checked.id!r}")
        self._games[checked.id] = checked
        self.version += 1
        return checked

    def unregister(self, game_id: str) -> None:
        """Remove a game (tests that register a game of their own)."""
        if self._games.pop(game_id, None) is not None:
            self.version += 1

    def get(self, game_id: str) -> GameSpec[Any, Any, Any]:
        """The game with this id, or :class:`UnknownGameError`."""
        try:
            return self._games[game_id]
        except (KeyError, TypeError):
            raise UnknownGameError(f"this box has no game {game_id!r}") from None

    def rules_for(self, game_id: str) -> GameRules[Any, Any, Any]:
        """The rules object of a game (the resolver that save loading uses)."""
        return self.get(game_id).rules

    def games(self) -> list[GameSpec[Any, Any, Any]]:
        """Every registered game, in order."""
        return list(self._games.values())

    def ids(self) -> list[str]:
        """Every registered game's id, in order."""
        return list(self._games)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games


REGISTRY = Registry()
_loaded = [False]


def discover(package: str = GAMES_PACKAGE) -> list[GameSpec[Any, Any, Any]]:
    """Import every game's ``<package>.<game>.spec`` module and return their ``SPEC`` objects.

    Raises :class:`RegistryError` for a game package without a well-formed ``SPEC``.
    """
    root = importlib.import_module(package)
    specs = []
    for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda m: m.name):
        if not info.ispkg or info.name.startswith("_"):
            continue
        name = f"{package}.{info.name}.spec"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            raise RegistryError(f"game package {package}.{info.name} has no spec module") from None
        spec = getattr(module, "SPEC", None)
        if spec is None:
            raise RegistryError(f"{name} defines no SPEC")
        specs.append(spec)
    # The package's name says nothing of the box's order: each game says where it goes.
    return sorted(specs, key=lambda s: (getattr(s, "order", 50), getattr(s, "id", "")))


def load_games() -> Registry:
    """Register every game of the box once (idempotent); the registry."""
    if not _loaded[0]:
        specs = discover()
        for spec in specs:
            REGISTRY.register(spec)
        _loaded[0] = True
    return REGISTRY


def get_game(game_id: str) -> GameSpec[Any, Any, Any]:
    """A registered game by id (loads the box's games on first use)."""
    return load_games().get(game_id)


def games() -> list[GameSpec[Any, Any, Any]]:
    """Every game of the box."""
    return load_games().games()


def rules_for(game_id: str) -> GameRules[Any, Any, Any]:
    """The rules of a registered game by id; :class:`UnknownGameError` if there is none."""
    return load_games().rules_for(game_id)


DEFAULT_GAME = "hercules"  #: saves without a game id are the MEBO board game's

"""Statistics: every finished game recorded in the profile's ``statistics.json``, and the figures.

The shell records; each game says what only it knows through its spec's ``tools`` hook
``record(state) -> dict`` (the variant, rounds, and per seat its result, place, score and
score breakdown, plus figures of its own under ``extra``). A record is keyed by its game's
start stamp and seed, so a game is recorded once however often it is resumed or watched.

Games with nobody at this machine (bots only, e.g. autoplay) are recorded too, flagged
``bots_only``; the player's figures leave them out and only count them. Human seats are
"you": a game is won when a human seat won or shared the victory, and its score is the best
human seat's (several humans at one machine share one record of figures).

The file is versioned JSON, written atomically with a backup. A file that is damaged or from a
newer version is set aside (never deleted), the player is told once, and a fresh file starts;
a single record this version cannot read is kept in the file as it was and left out of the
figures. No pygame here.
"""

from __future__ import annotations

import errno
import json
import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import health, paths
from .profiles import DamagedFile, cleaned
from .registry import GameSpec
from .saves import now_iso
from .storage import StorageError, atomic_write, read_clean_json, set_aside
from .text import clean_text, clean_texts

log = logging.getLogger(__name__)

FORMAT = "hercules-statistics"
VERSION = 1
MAX_BYTES = 16 * 1024 * 1024
RESULTS = ("win", "shared", "loss")  #: a seat's result; "shared": tied for the victory
LAST_GAMES = 20  #: the games the score plot shows
_TEXT = 100  #: the longest text a record keeps (a name, a level)


# --- records -------------------------------------------------------------------------------


def record_id(game: str, started: str, seed: object) -> str:
    """The key of one game: its id, start stamp and seed."""
    return f"{game}|{started}|{seed}"


def make_record(
    game: str,
    found: Mapping[str, Any],
    seats: Sequence[Any],
    names: Sequence[str],
    *,
    started: str,
    ended: str,
    seed: object,
    actions: int,
    seconds: float,
) -> dict[str, Any]:
    """One finished game's record: the game's ``record`` hook's answer (``found``) with who
    sat where (the controller's seats and their names) and when.

    Raises ``ValueError`` when the result is not a well-formed record (see :func:`problem`).
    """
    seat_rows = []
    for i, (seat, row) in enumerate(zip(seats, found.get("seats", ()), strict=False)):
        seat_rows.append(
            {
                "kind": clean_text(seat.kind, _TEXT),
                "level": clean_text(
                    seat.level or (seat.name if seat.kind == "automaton" else ""), _TEXT
                ),
                "name": clean_text(names[i] if i < len(names) else "", _TEXT),
                **dict(row),
            }
        )
    rec: dict[str, Any] = {
        "id": record_id(game, started, seed),
        "game": game,
        "variant": str(found.get("variant", "")),
        "started": started,
        "ended": ended,
        "seconds": max(0, round(seconds)),
        "rounds": found.get("rounds", 0),
        "actions": actions,
        "bots_only": not any(s["kind"] == "human" for s in seat_rows),
        "seats": seat_rows,
        "extra": dict(found.get("extra", {})),
    }
    why = problem(rec)
    if why:
        raise ValueError(f"not a well-formed record: {why}")
    return rec


def _small_int(x: Any) -> bool:
    return type(x) is int and abs(x) < 10**9


def _flat(values: Any) -> bool:
    """A small object of text, numbers and flags (a breakdown, a game's extra figures)."""
    return (
        isinstance(values, dict)
        and len(values) <= 32
        and all(
            isinstance(k, str)
            and len(k) <= 40
            and (_small_int(v) or isinstance(v, bool) or (isinstance(v, str) and len(v) <= 100))
            for k, v in values.items()
        )
    )


def problem(rec: Any) -> str:
    """Why ``rec`` is not a record this version can count, or ""."""
    if not isinstance(rec, dict):
        return "not an object"
    for key in ("id", "game", "variant", "started", "ended"):
        if not isinstance(rec.get(key), str) or len(rec[key]) > 200:
            return f"{key} is missing"
    for key in ("seconds", "rounds", "actions"):
        if not _small_int(rec.get(key)) or rec[key] < 0:
            return f"{key} is not a count"
    if not isinstance(rec.get("bots_only"), bool) or not _flat(rec.get("extra", {})):
        return "bad flags or extra figures"
    seats = rec.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
        return "no seats"
    for seat in seats:
        if not isinstance(seat, dict):
            return "a seat is not an object"
        if not all(isinstance(seat.get(k), str) for k in ("kind", "level", "name")):
            return "a seat has no kind"
        if seat.get("result") not in RESULTS:
            return "a seat has no result"
        if not _small_int(seat.get("place")) or not _small_int(seat.get("score")):
            return "a seat has no place or score"
        if not _flat(seat.get("breakdown", {})):
            return "a seat's breakdown is not a small object"
    return ""


# --- the file ------------------------------------------------------------------------------


def _read(path: Path) -> tuple[list[Any] | None, DamagedFile | None, int]:
    """The records in the file (None: missing), or why it cannot be used (not set aside),
    and how many of its texts were cleaned.

    Every text in it is cleaned by the one rule (:func:`~.storage.read_clean_json`), so that
    the next write can always encode what it keeps.
    """
    try:
        os.lstat(path)
    except OSError:  # missing, or the folder is the problem (the start-up check says so)
        return None, None, 0
    try:
        doc, changed = read_clean_json(path, MAX_BYTES)
    except StorageError as exc:
        return None, DamagedFile("damaged", exc.reason, None), 0
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return None, DamagedFile("damaged", "not a statistics file", None), 0
    version = doc.get("version")
    if type(version) is not int or version < 1:
        return None, DamagedFile("damaged", "the file has no valid version", None), 0
    if version > VERSION:
        why = f"written by a newer version of the game (format {version})"
        return None, DamagedFile("newer", why, None), 0
    records = doc.get("records")
    if not isinstance(records, list):
        return None, DamagedFile("damaged", "the file holds no list of games", None), 0
    return records, None, changed


def _aside(path: Path, why: DamagedFile) -> DamagedFile:
    log.warning("statistics %s: %s", path, why.reason)
    return DamagedFile(why.kind, why.reason, set_aside(path))


def open_statistics(
    path: str | os.PathLike[str] | None = None,
) -> tuple[list[dict[str, Any]], DamagedFile | None]:
    """The countable records at start-up (default: the profile's file); never raises.

    A file that cannot be used is renamed to ``<name>.damaged-<time>`` (kept, never deleted)
    and the second value says so; the next game recorded starts a fresh file. A file some of
    whose texts had to be cleaned is used and written back clean; the second value says so
    (kind "cleaned").
    """
    target = Path(path) if path is not None else paths.statistics_file()
    records, damaged, changed = _read(target)
    if damaged is not None:
        return [], _aside(target, damaged)
    if changed:  # said once: the file is written back clean
        damaged = cleaned(target, changed, _document(records or []))
    return [r for r in records or [] if not problem(r)], damaged


def load_records(path: str | os.PathLike[str] | None = None) -> list[dict[str, Any]]:
    """The countable records (default: the profile's file); [] if it cannot be read. Never
    raises, never moves the file (the statistics screen reads with this)."""
    records, _, _ = _read(Path(path) if path is not None else paths.statistics_file())
    return [r for r in records or [] if not problem(r)]


@dataclass
class Added:
    """What recording one game did: the record, whether it is the player's best score in its
    game and variant, and a file that had to be set aside first (tell the player)."""

    record: dict[str, Any]
    new: bool = True  #: False: this game was already recorded (nothing written)
    best: bool = False
    damaged: DamagedFile | None = None

    @property
    def score(self) -> int:
        """The player's score in this game (0 when only bots played)."""
        mine = yours(self.record)
        return mine.score if mine is not None else 0


def add_record(rec: dict[str, Any], path: str | os.PathLike[str] | None = None) -> Added:
    """Append ``rec`` to the statistics file (default: the profile's), once per game id.

    A file that cannot be used is set aside first (:attr:`Added.damaged`) and a fresh one
    started. Raises ``OSError`` when the file cannot be written (:class:`~.health.SavingOff`
    when saving is off and no ``path`` is given, :class:`~.health.FolderProblem` when the
    profile's folder cannot be made); the file is then unchanged.
    """
    if path is None:
        health.check(health.SAVES)
    target = Path(path) if path is not None else paths.statistics_path()
    records, damaged, _ = _read(target)
    if damaged is not None:
        damaged = _aside(target, damaged)
        if damaged.kept is None:  # still in place: writing now would overwrite it
            return Added(rec, new=False, damaged=damaged)
        records = None
    records = list(records or [])
    rec, _ = clean_texts(rec)  # the game's own figures too: what is written can be read back
    if any(isinstance(r, dict) and r.get("id") == rec["id"] for r in records):
        return Added(rec, new=False, damaged=damaged)
    earlier = [r for r in records if not problem(r)]
    added = Added(rec, best=is_best(earlier, rec), damaged=damaged)
    records.append(rec)
    try:
        data = json.dumps(_document(records), ensure_ascii=False, separators=(",", ":"))
        encoded = data.encode("utf-8") + b"\n"
    except (TypeError, ValueError) as exc:  # UnicodeEncodeError is a ValueError
        # Never expected (every text was cleaned), never out of the frame: an OSError is
        # what the game's end says "not recorded" for.
        log.error("statistics %s: the records cannot be written as JSON: %s", target, exc)
        raise OSError(errno.EINVAL, f"the records cannot be written ({exc})"[:200]) from None
    atomic_write(target, encoded, backup=True)
    return added


def _document(records: list[Any]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "records": records}


# --- figures -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Yours:
    """The player's side of one game: won (or shared the victory), score, best place."""

    won: bool
    score: int
    place: int


def yours(rec: Mapping[str, Any]) -> Yours | None:
    """The human seats' result in ``rec`` (None when only bots played)."""
    humans = [s for s in rec["seats"] if s["kind"] == "human"]
    if not humans:
        return None
    return Yours(
        won=any(s["result"] in ("win", "shared") for s in humans),
        score=max(s["score"] for s in humans),
        place=min(s["place"] for s in humans),
    )


def is_best(earlier: Sequence[Mapping[str, Any]], rec: Mapping[str, Any]) -> bool:
    """True when ``rec``'s score beats every earlier game of the same game and variant (the
    first such game too, unless it scored nothing); False for a game with no human seat."""
    mine = yours(rec)
    if mine is None or mine.score <= 0:
        return False
    scores = [
        y.score
        for r in earlier
        if r["game"] == rec["game"] and r["variant"] == rec["variant"]
        for y in [yours(r)]
        if y is not None
    ]
    return all(mine.score > s for s in scores)


def opponents(rec: Mapping[str, Any]) -> str:
    """The levels the player faced, "+"-joined ("" alone or with humans only)."""
    levels = sorted({s["level"] for s in rec["seats"] if s["kind"] != "human" and s["level"]})
    return "+".join(levels)


@dataclass
class Row:
    """The player's figures over some games (one opponent level or one variant)."""

    key: str
    played: int = 0
    won: int = 0
    scores: list[int] = field(default_factory=list)

    @property
    def rate(self) -> float:
        """Games won over games played (0 with none)."""
        return self.won / self.played if self.played else 0.0

    @property
    def best(self) -> int:
        """The highest score (0 with none)."""
        return max(self.scores, default=0)

    @property
    def mean(self) -> float:
        """The mean score (0 with none)."""
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    def add(self, mine: Yours) -> None:
        """Count one game."""
        self.played += 1
        self.won += mine.won
        self.scores.append(mine.score)


@dataclass
class Versus:
    """The player against one bot level: games where the player placed ahead, level, behind."""

    level: str
    ahead: int = 0
    level_with: int = 0
    behind: int = 0


@dataclass
class Summary:
    """One game's figures for the statistics screen."""

    game: str
    total: Row
    bots_only: int = 0
    by_opponent: list[Row] = field(default_factory=list)
    by_variant: list[Row] = field(default_factory=list)
    versus: list[Versus] = field(default_factory=list)
    longest_streak: int = 0
    streak: int = 0  #: the games won in a row up to the last one
    last: list[tuple[int, bool]] = field(default_factory=list)  #: (score, won), oldest first
    records: list[dict[str, Any]] = field(default_factory=list)  #: the game's, oldest first


def summarise(
    records: Sequence[dict[str, Any]],
    game: str,
    levels: Sequence[str] = (),
    variants: Sequence[str] = (),
) -> Summary:
    """The figures of ``game`` over ``records`` (the player's games; bot-only ones counted
    apart). ``levels`` and ``variants`` give the order rows are listed in (others after)."""
    mine = sorted((r for r in records if r["game"] == game), key=lambda r: r["ended"])
    out = Summary(game, Row(""), records=mine)
    by_opp: dict[str, Row] = {}
    by_var: dict[str, Row] = {}
    versus: dict[str, Versus] = {}
    run = 0
    for rec in mine:
        you = yours(rec)
        if you is None:
            out.bots_only += 1
            continue
        out.total.add(you)
        by_opp.setdefault(opponents(rec), Row(opponents(rec))).add(you)
        by_var.setdefault(rec["variant"], Row(rec["variant"])).add(you)
        for seat in rec["seats"]:
            if seat["kind"] == "human" or not seat["level"]:
                continue
            vs = versus.setdefault(seat["level"], Versus(seat["level"]))
            if you.place < seat["place"]:
                vs.ahead += 1
            elif you.place == seat["place"]:
                vs.level_with += 1
            else:
                vs.behind += 1
        run = run + 1 if you.won else 0
        out.longest_streak = max(out.longest_streak, run)
        out.last.append((you.score, you.won))
    out.streak = run
    out.last = out.last[-LAST_GAMES:]

    def order(names: Sequence[str]) -> Any:
        return lambda key: (names.index(key) if key in names else len(names), key)

    out.by_variant = [by_var[k] for k in sorted(by_var, key=order(variants))]
    out.by_opponent = [by_opp[k] for k in sorted(by_opp, key=order(levels))]
    out.versus = [versus[k] for k in sorted(versus, key=order(levels))]
    return out


# --- recording a game that ended at the table ----------------------------------------------


def record_finished(
    spec: GameSpec[Any, Any, Any],
    controller: Any,
    names: Sequence[str],
    *,
    started: str,
    seconds: float,
    path: str | os.PathLike[str] | None = None,
) -> Added | None:
    """Record the finished game ``controller`` ran (``started``: its start stamp).

    None when the game offers no ``record`` hook or its answer is not a well-formed record
    (logged: statistics are not worth failing the end of a game for). Raises ``OSError`` as
    :func:`add_record` does.
    """
    hook = spec.tool_entry("record")
    if hook is None:
        return None
    state = controller.state
    try:
        rec = make_record(
            spec.id,
            hook(state),
            controller.seats,
            names,
            started=started,
            ended=now_iso(),
            seed=spec.rules.seed_of(state),
            actions=len(controller.history),
            seconds=seconds,
        )
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        log.warning("statistics: %s gave no record: %s", spec.id, exc)
        return None
    return add_record(rec, path)

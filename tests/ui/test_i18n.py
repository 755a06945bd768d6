"""Localisation: complete English and Italian tables, no text around them, live switching."""

from __future__ import annotations

import ast
import json
import random
import re
import string
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
from support.mouse import frames

from hercules.app import paths, registry
from hercules.app.settings import PALETTES, load_settings
from hercules.games.mebo.engine import card_set
from hercules.games.mebo.engine.errors import Reason
from hercules.games.mebo.ui import art
from hercules.games.mebo.ui.describe import REASON_KEYS, describe_record, parse_reason, reason_text
from hercules.games.mebo.ui.gameover import CATEGORIES
from hercules.games.mebo.ui.rules import RulesScene
from hercules.games.mebo.ui.setup import MODES, SEAT_CHOICES, start_game
from hercules.games.mebo.ui.table import TableScene
from hercules.ui import strings
from hercules.ui.app import App, Settings
from hercules.ui.scenes.settings import ANIM, BOT, SettingsScene
from hercules.ui.scenes.title import TitleScene
from hercules.ui.strings import t

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "hercules"
UI = PACKAGE / "ui"
ASSETS = ROOT / "assets"
STRINGS = ASSETS / "ui" / "strings"


def tables() -> dict[str, Path]:
    """Every string table's folder: the shell's, then each game's (its spec's ``assets``)."""
    found = {"shell": STRINGS}
    for spec in registry.games():
        if spec.assets:
            found[spec.id] = ASSETS / spec.assets / "strings"
    return found


def read(folder: Path, lang: str) -> dict[str, str]:
    return json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))


def load(lang: str) -> dict[str, str]:
    """The table the box speaks: the shell's and every game's, merged."""
    return strings.table(lang)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    strings.set_language("en")


# --- the tables ------------------------------------------------------------------------------


def test_the_languages_are_english_and_italian_and_unknown_tags_fall_back_to_english():
    assert strings.languages() == ("en", "it")
    assert "hercules" in tables()  # the MEBO game brings its own words
    for folder in tables().values():
        assert [p.stem for p in sorted(folder.glob("*.json"))] == sorted(strings.languages())
    assert strings.set_language("it") == "it" and strings.language() == "it"
    assert strings.set_language("it-IT") == "it"
    assert strings.set_language("fr") == "en" and strings.language() == "en"
    assert strings.set_language(None) == "en"


@pytest.mark.parametrize("source", ["shell", "hercules", "labors", "later_years"])
@pytest.mark.parametrize("lang", ["it"])
def test_every_key_exists_in_both_languages_with_the_same_placeholders(source, lang):
    """In the shell's table and in each game's, on their own."""
    folder = tables()[source]
    en, other = read(folder, "en"), read(folder, lang)
    assert en  # the table has words
    assert set(other) == set(en), set(en) ^ set(other)
    for key, text in en.items():
        assert text.strip() and other[key].strip(), key
        assert placeholders(text) == placeholders(other[key]), key
        other[key].format(**dict.fromkeys(placeholders(text), "x"))  # well formed


def test_italian_is_really_translated():
    """A value the same as in English must be a name or a symbol that Italian shares."""
    same = {k for k, v in load("it").items() if load("en")[k] == v}
    shared = {
        "title.name",
        "mode.standard",
        "deck.pan",
        "card.bonus",
        "card.pantheon",
        "god.GOD-ZEUS",
        "god.GOD-ARES",
        "god.GOD-APOLLO",
        "btn.menu",
        "round",
        "confirm.no",
        "settings.no",
        "log.bot_reason",
        "btn.replay_round_back",
        "btn.replay_round_forward",
        "lang.en",
        "lang.it",
        "online.seat.bot",  # "Bot: {level}": Italian says bot too
        "lobby.bot",
        "net.status.online",
        "preview.vp_secured",  # "{category}: {vp}"
        "preview.way",  # "{sum}: {gains}"
        "rules.card_count",  # "{n} × {card}"
        # The Labors game's blue spaces are marked with symbols: ±1, +1, 7−x, 6·3, ×2.
        "lab.blue.pm1",
        "lab.blue.plus1",
        "lab.blue.flip",
        "lab.blue.six_three",
        "lab.blue.twin",
        "lab.btn.menu",
        # The Later Years: patterns of names and numbers, the same in both languages.
        "ly.task",  # "{action} {object}"
        "ly.card.units",  # "{name} ×{n}"
        "ly.card.mark",
        "ly.board.earn",
        "ly.btn.menu",
        "ly.over.chain_points",  # "{n} (+{vp})"
        # The Labours of Hercules: a name the same in both, and patterns of names and numbers.
        "co.char.7",  # Deianira
        "co.btn.menu",
        "co.card.name",  # "#{n} {name}"
        "co.rules.ref.card",
        "co.rules.ref.character",
        "co.tip.head",  # "{card} · {kind}"
    }
    assert same <= shared, same - shared


def test_the_italian_words_are_the_games_italian_words():
    """The vocabulary of the Italian print-and-play sheet: Fatica, Apprendista, Semidei..."""
    it = load("it")
    assert it["labour.title"].startswith("Fatica")
    decks = ("hestia", "hecate", "pan", "aeolus", "tyche", "morpheus")
    assert [it[f"deck.{d}"] for d in decks] == ["Estia", "Ecate", "Pan", "Eolo", "Tiche", "Morfeo"]
    assert it["board.demigods"] == "Semidei" and it["panel.vp"] == "{vp} PV"
    assert "Apprendista" in it["log.moved"]


# --- every key the code uses exists ----------------------------------------------------------

LITERAL = re.compile(r"""(?:\bt|\bself\.word)\(\s*"([^"]+)"|\btr\(\s*[\w.]+,\s*"([^"]+)\"""")
FSTRING = re.compile(r"""(?:\bt|\bself\.word)\(\s*f"([^"]+)"|\btr\(\s*[\w.]+,\s*f"([^"]+)\"""")
GRID = re.compile(r"""\bg\(\s*\d+,\s*\d+,\s*\d+,\s*"(\w+)"\s*\)""")


def code_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def families() -> dict[str, set[str]]:
    """Every f-string key family the code uses, with every value it can take."""
    from hercules.app.profiles import NAME_PROBLEMS
    from hercules.games.mebo.ai.bots import BOT_LEVELS
    from hercules.games.mebo.engine import scoring
    from hercules.ui.replay import CONTROLS as REPLAY_CONTROLS
    from hercules.ui.scenes.settings import SettingsScene

    cs = card_set()
    decks = {d.id for d in cs.decks}
    tiebreaks = {"none", "shared"}
    for name in dir(scoring):
        if name.endswith("TIEBREAKS"):
            tiebreaks |= set(getattr(scoring, name))
    grid = set()
    for path in code_files():
        grid |= set(GRID.findall(path.read_text(encoding="utf-8")))
    return {
        "labour.{}": {str(c) for c in range(1, 13)},
        "labour.short.{}": {str(c) for c in range(1, 13)},
        "deck.{}": decks,
        "deck.earn.{}": decks,
        "god.{}": {g.id for g in (cs.zeus, *cs.gods)},
        "ability.{}": {c.ability for c in cs.cards.values()},
        "card.mark.{}": {
            c.ability for c in cs.cards.values() if c.active and c.ability not in art.ABILITY_MARKS
        },
        "card.{}": {c.kind for c in cs.cards.values()} - {"god", "demigod"},
        "seat.choice.{}": set(SEAT_CHOICES),
        "level.{}": set(BOT_LEVELS),
        "mode.{}": set(MODES),
        "mode.help.{}": set(MODES),
        "settings.speed.{}": set(ANIM) | set(BOT),
        "settings.palette.{}": set(PALETTES),
        "settings.{}": set(SettingsScene.ROWS),
        "over.cat.{}": set(CATEGORIES),
        "over.tiebreak.{}": tiebreaks,
        "over.{}": {"new_game", "see_table", "replay", "title"},
        "menu.{}": {"new", "continue", "load", "online", "rules", "statistics", "settings", "quit"},
        "net.status.{}": {"connecting", "online", "reconnecting", "closed"},
        "stats.col.{}": {"played", "won", "rate", "best", "mean"},
        "profile.why.{}": set(NAME_PROBLEMS),
        "prompt.mode.{}": {"die", "reroll", "copy"},
        "prompt.{}": {"choose_demigod", "rest", "action"},
        "log.end.{}": {"column_12", "hades_cubes"},
        "refused.{}": {str(r) for r in Reason},
        "lang.{}": set(strings.languages()),
        "btn.{}": grid,
        "tip.{}": grid,
        "btn.replay_{}": set(REPLAY_CONTROLS) | {"pause"},
        "tip.replay_{}": set(REPLAY_CONTROLS),
        **labors_families(),
        **later_years_families(),
        **companions_families(),
    }


def companions_families() -> dict[str, set[Any]]:
    """The fourth game's f-string key families: for each pattern its code builds keys from
    (``co.prompt.{}_you``, ``co.setup.{}.{}``), every value its English table defines (the
    test then checks Italian has them all); a pattern of two holes takes pairs."""
    en = read(tables()["companions"], "en")
    patterns = set()
    for path in sorted((PACKAGE / "games" / "companions").rglob("*.py")):
        for a, b in FSTRING.findall(path.read_text(encoding="utf-8")):
            patterns.add(shape(a or b))
    out: dict[str, set[Any]] = {}
    for pattern in patterns:
        rx = re.compile("^" + re.escape(pattern).replace(r"\{\}", "([^.]+)") + "$")
        found = {m.groups() for m in map(rx.match, en) if m}
        out[pattern] = {g if len(g) > 1 else g[0] for g in found}
    return out


def later_years_families() -> dict[str, set[str]]:
    """The Later Years' f-string key families: every suffix its English table defines for
    each prefix the code builds keys from (the test then checks Italian has them all)."""
    en = read(tables()["later_years"], "en")
    prefixes = (
        "ly.hint.",
        "ly.type.",
        "ly.the.",
        "ly.seat.",
        "ly.over.col.",
        "ly.replay.",
        "ly.btn.",
        "ly.over.",
        "ly.phase.",
        "ly.tip.",
        "ly.kind.",
        "ly.rules.ref.",
        "ly.board.short.",
    )
    return {
        p + "{}": {k[len(p) :] for k in en if k.startswith(p) and "." not in k[len(p) :]}
        for p in prefixes
    }


def labors_families() -> dict[str, set[str]]:
    """The Labors game's f-string key families, from its data and code."""
    from hercules.games.labors.engine import load_data
    from hercules.games.labors.engine.data import ATTACKS, BLUE_KINDS
    from hercules.games.labors.engine.state import DIFFICULTIES, OUTCOMES

    data = load_data()
    outcomes = set(OUTCOMES) - {""}
    return {
        "lab.log.over.{}": outcomes,
        "lab.rules.labour.{}": {str(n) for n in range(1, 13)},
        "lab.rules.reward.{}": {str(n) for n in range(1, 12)},
        "lab.rules.mood.{}": set(data.moods),
        "lab.rules.attack.{}": set(ATTACKS),
        "lab.rules.blue.{}": set(BLUE_KINDS) | {"pm1_wrap"},
        "lab.rules.need.{}": {"any", "even", "odd"},
        "lab.rules.t.may.{}": {"adv", "break", "courage", "divinity", "heal", "no_shield"},
        "lab.choose.abderus_{}": {"dice", "courage"},
        "lab.log.abderus_{}": {"dice", "courage"},
        "lab.btn.{}": {"resolve", "undo", "hint", "menu"},
        "lab.tip.{}": {"resolve", "undo", "hint", "menu"},
        "lab.blue.{}": set(BLUE_KINDS),
        "lab.setup.help.{}": set(DIFFICULTIES),
        "lab.over.{}": {"new_run", "try_again", "replay", "see_table", "title"},
    }


def shape(fkey: str) -> str:
    """``labour.short.{c}`` -> ``labour.short.{}``."""
    return re.sub(r"\{[^{}]*(\{[^{}]*\}[^{}]*)*\}", "{}", fkey)


def test_every_game_with_assets_is_checked_above():
    assert set(tables()) == {"shell", "hercules", "labors", "later_years", "companions"}


def test_the_merged_table_is_the_shells_and_the_games_with_no_key_twice():
    for lang in strings.languages():
        parts = [read(folder, lang) for folder in tables().values()]
        merged = load(lang)
        assert len(merged) == sum(len(p) for p in parts)
        for part in parts:
            assert part.items() <= merged.items()


def test_every_key_used_in_the_code_exists_in_both_languages():
    en, it = load("en"), load("it")
    used: set[str] = set()
    shapes: set[str] = set()
    for path in code_files():
        text = path.read_text(encoding="utf-8")
        for a, b in LITERAL.findall(text):
            used.add(a or b)
        for a, b in FSTRING.findall(text):
            shapes.add(shape(a or b))
    assert len(used) > 120 and len(shapes) > 15  # the scan sees the code
    fam = families()
    assert shapes <= set(fam), f"f-string keys without a known family: {shapes - set(fam)}"
    for pattern in shapes:
        assert fam[pattern], pattern
        used |= {
            pattern.format(*value) if isinstance(value, tuple) else pattern.format(value)
            for value in fam[pattern]
        }
    used |= set(REASON_KEYS)
    theme = json.loads((ROOT / "assets" / "ui" / "theme.json").read_text(encoding="utf-8"))
    used |= {p["name_key"] for palette in theme["palettes"].values() for p in palette}
    missing = sorted(k for k in used if k not in en or k not in it)
    assert not missing, missing


#: Keys the shell builds from a save's or a statistics record's data (``mode.<mode>``,
#: ``level.<bot level>``) or offers to the examples it ships (``load.example.<file>``), shown
#: only if the key exists: a game may define them.
SHELL_DATA_KEYS = {"mode.{}", "level.{}", "load.example.{}"}


def test_the_shell_names_only_keys_of_its_own_table():
    """The shell knows no game: every key it names is in ``ui/strings``, not a game's table."""
    shell = [p for p in code_files() if "games" not in p.relative_to(PACKAGE).parts]
    own = {lang: read(STRINGS, lang) for lang in strings.languages()}
    used: set[str] = set()
    shapes: set[str] = set()
    for path in shell:
        text = path.read_text(encoding="utf-8")
        used |= {a or b for a, b in LITERAL.findall(text)}
        shapes |= {shape(a or b) for a, b in FSTRING.findall(text)}
    assert len(used) > 40 and "mode.{}" in shapes  # the scan sees the shell
    fam = families()
    for pattern in shapes - SHELL_DATA_KEYS:
        used |= {pattern.replace("{}", "") + value for value in fam[pattern]}
    theme = json.loads((ROOT / "assets" / "ui" / "theme.json").read_text(encoding="utf-8"))
    used |= {p["name_key"] for palette in theme["palettes"].values() for p in palette}
    for lang, table in own.items():
        missing = sorted(used - set(table))
        assert not missing, (lang, missing)


# --- no literal text reaches the screen ------------------------------------------------------

#: Calls whose arguments are words on screen: (function name, positions, keywords).
SINKS = {
    "blit": ((1,), ("text",)),  # FONTS.blit(surface, text, ...)
    "text": ((0,), ("text",)),  # FONTS.text(text, ...)
    "wrap": ((0,), ("text",)),
    "UIButton": ((1,), ("text", "tool_tip_text")),
    "UILabel": ((1,), ("text",)),
    "UIDropDownMenu": ((0, 1), ("options_list", "starting_option")),
    "UITextEntryLine": ((), ("placeholder_text",)),
    "set_text": ((0,), ()),
    "say": ((0,), ()),
    "button": ((1,), ("text", "tip")),  # Overlay.button(rect, text, fn)
    "page": ((2,), ()),  # draw.page(surface, box, title, seed)
    "ConfirmOverlay": ((1,), ()),
    "ChoiceOverlay": ((2,), ()),
    "__init__": ((1,), ()),  # an overlay's title passed to super().__init__
}
#: Calls whose string arguments are keys or values, not words.
#: Calls that translate their key (``word``: a table's word, in its game's words or the shell's).
SAFE = {"t", "tr", "has", "number", "text_file", "asset_text", "getattr", "word"}


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _words(node: ast.AST) -> list[str]:
    """String constants with letters in an expression, outside keys and subscripts."""
    out: list[str] = []
    if isinstance(node, ast.Call) and _name(node.func) in SAFE:
        return out
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if any(ch.isalpha() for ch in node.value) else []
    if isinstance(node, ast.FormattedValue):
        return _words(node.value)  # never the format spec (".1f")
    if isinstance(node, ast.Subscript):
        return _words(node.value)  # d["face"] is a lookup, not words
    if isinstance(node, ast.Lambda):
        return _words(node.body)
    for child in ast.iter_child_nodes(node):
        out += _words(child)
    return out


def literal_texts(source: str) -> list[tuple[int, str]]:
    """(line, text) of every literal word passed to a call that draws or shows text."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        sink = SINKS.get(_name(node.func))
        if sink is None:
            continue
        if _name(node.func) == "text" and not (
            isinstance(node.func, ast.Attribute) and _name(node.func.value) == "FONTS"
        ):
            continue
        positions, keywords = sink
        args = [node.args[i] for i in positions if i < len(node.args)]
        args += [k.value for k in node.keywords if k.arg in keywords]
        for arg in args:
            found += [(node.lineno, w) for w in _words(arg)]
    return found


def test_the_literal_text_scan_finds_words_and_allows_numbers_symbols_and_keys():
    bad = literal_texts(
        "FONTS.blit(s, 'Hello', 18, c, p)\n"
        "UIButton(r, f'Round {n}', ui)\n"
        "UIDropDownMenu(['Yes', t('settings.no')], t('settings.no'), r, ui)\n"
        "self.say('Not now')\n"
    )
    assert [w for _, w in bad] == ["Hello", "Round ", "Yes", "Not now"]
    assert not literal_texts(
        "FONTS.blit(s, f'\\u00d7{p.supply}', 18, c, p, 'midleft', 'bold')\n"
        "FONTS.blit(s, str(n), 13, c, p)\n"
        "FONTS.blit(s, t('round', n=s.round), 13, c, p)\n"
        "FONTS.text(txt + (' \\u2026' if more else ''), 12, c, 'bold')\n"
        "UIButton(r, t(f'btn.{key}'), ui, tool_tip_text=t(f'tip.{key}'))\n"
        "UIDropDownMenu([f'{a}\\u00d7{b}' for a, b in SIZES], f'{int(k * 100)}%', r, ui)\n"
        "FONTS.blit(s, f'{v:.1f} {d[\"x\"]}', 9, c, p)\n"
    )


def test_no_scene_draws_a_literal_string_that_bypasses_translation():
    found = []
    for path in sorted(UI.rglob("*.py")):
        for line, text in literal_texts(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert not found, "\n".join(found)


# --- bot reasons -----------------------------------------------------------------------------


def bot_reasons() -> set[str]:
    """The reasons every bot level gives over a few whole games."""
    from hercules.games.mebo.ai import make_bot
    from hercules.games.mebo.engine import GameConfig, apply, legal_actions, new_game

    reasons: set[str] = set()
    for level, mode, seed in (
        ("random", "standard", 1),
        ("easy", "standard", 2),
        ("normal", "standard", 3),
        ("normal", "simplified", 4),
        ("hard", "standard", 5),
    ):
        bots = [make_bot(level), make_bot("normal")]
        rng = random.Random(seed)
        state = new_game(GameConfig(players=2, mode=mode), seed)
        for _ in range(400 if level != "hard" else 120):
            if state.is_terminal:
                break
            legal = legal_actions(state)
            if state.current < 0:
                action = legal[rng.randrange(len(legal))]
            else:
                bot = bots[state.current]
                action = bot.choose(state, legal, rng)
                reasons.add(bot.explain())
            state, _ = apply(state, action)
    return reasons


def test_bot_reasons_render_in_both_languages():
    reasons = bot_reasons()
    keys = {parse_reason(r)[0] for r in reasons}
    assert {"bot.aims", "bot.deck", "bot.random", "bot.easy_labour"} <= keys, keys
    for reason in reasons:
        key, params, english = parse_reason(reason)
        assert english and key in REASON_KEYS
        strings.set_language("en")
        en = reason_text(reason)
        strings.set_language("it")
        it = reason_text(reason)
        for text in (en, it):
            assert text and "|" not in text and "bot." not in text and "[" not in text, text
        assert en != it, en
    strings.set_language("it")
    aims = "bot.aims|labour=7|a=4|op=add|b=3|cards=2|value=8.2|ahead=1|aims for labour 7 (4 + 3)"
    assert reason_text(aims) == (
        "punta alla Fatica 7 (4 + 3) usando 2 carte, che vale 8,2, "
        "contando su quello che potrà fare col prossimo tiro"
    )
    assert reason_text("bot.deck|deck=aeolus|takes Aeolus") == "prende Eolo: la carta più utile"
    assert reason_text("bot.frees|card=GOD-HERMES|x") == "riposa: libera Ermes"
    strings.set_language("en")
    assert reason_text(aims) == (
        "aims for labour 7 (4 + 3) using 2 cards, worth 8.2, counting what its next roll can do"
    )


def test_reasons_in_other_forms_are_shown_as_they_are():
    # Older saves hold English sentences; other bots say what they like.
    for old in ("aims for labour 1 (2 / 2), worth 20.1", "thought hard", "", "bot. x"):
        assert parse_reason(old) is None or not old
        assert reason_text(old) == old
    # A key or parameter this version does not know: the English sentence it carries.
    assert reason_text("bot.future_key|n=3|plans ahead") == "plans ahead"
    assert reason_text("bot.gamble|card=NO-SUCH|tries its luck") == "tries its luck"
    assert reason_text("bot.aims|labour=x|aims somewhere") == "aims somewhere"


# --- live switching --------------------------------------------------------------------------


def choose(scene, key: str, text: str) -> None:
    menu = next(m for m, k in scene.menus.items() if k == key)
    event = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=text)
    scene.handle_event(event)


def button_texts(title: TitleScene) -> set[str]:
    return {b.text for b in title.buttons}


def test_choosing_italian_in_the_settings_switches_every_scene_at_once(app):
    title = TitleScene(app)
    app.push(title)
    assert "New game" in button_texts(title)
    settings = SettingsScene(app)
    app.push(settings)
    frames(app, 2)
    choose(settings, "language", "Italiano")
    assert strings.language() == "it" and app.settings.language == "it"
    # The title underneath was rebuilt in Italian, and stays hidden under the settings.
    assert {"Nuova partita", "Carica partita", "Regole", "Impostazioni", "Esci"} <= button_texts(
        title
    )
    assert not any(b.visible for b in title.buttons)
    # The settings screen itself: its menus show Italian choices, English is still offered.
    langs = next(m for m, k in settings.menus.items() if k == "language")
    assert langs.options_list[0][0] == "English"
    assert "Italiano" in langs.selected_option
    speed = next(m for m, k in settings.menus.items() if k == "animation")
    assert "Disattivate" in [o[0] for o in speed.options_list]
    frames(app, 2)
    choose(settings, "language", "English")
    assert strings.language() == "en"
    assert "New game" in button_texts(title)
    app.pop()
    assert all(b.visible for b in title.buttons)


def test_switching_live_re_renders_the_table_log_card_faces_and_names(app):
    ctl, names = start_game("standard", ["human", "normal", "easy"], seed=4)
    table = TableScene(app, ctl, names, autosave=False)
    app.push(table)
    rng = random.Random(4)
    for _ in range(3000):
        reasons = [r for r in ctl.history if r.reason]
        if len(reasons) >= 4 and ctl.human_to_act() and ctl.state.prompt == "action":
            break
        if ctl.human_to_act():
            legal = ctl.legal()
            ctl.submit(legal[rng.randrange(len(legal))], ctl.actor)
        frames(app, 1)
    frames(app, 2)
    english = list(table.log)
    marks = list(table._log_marks)
    assert any(line.startswith("Blue bot ") for line in english)
    assert table.names == ["Red", "Blue bot", "Green bot"]
    face_en = pygame.image.tobytes(art.card_face("HES-01", 80, 112), "RGBA")
    bg_en = table.background()

    app.set_language("it")
    assert table.names == ["Rosso", "Bot Blu", "Bot Verde"]
    assert len(table.log) == len(english) and table._log_marks == marks
    assert table.log != english
    assert any(line.startswith("Bot Blu ") for line in table.log)  # a bot's reason
    assert any("Fatica" in line for line in table.log)
    assert not any("labour" in line.lower() for line in table.log)
    assert table.log == [line for rec in table.logged for line in describe_record(rec, names)]
    assert pygame.image.tobytes(art.card_face("HES-01", 80, 112), "RGBA") != face_en
    assert table.background() is not bg_en
    assert {w.text for w in table.widgets} >= {"Riposa", "Fine turno", "Consiglio", "Menu"}
    frames(app, 3)  # and it keeps playing
    app.set_language("en")
    assert table.log[: len(english)] == english[: len(table.log)]
    assert table.names == ["Red", "Blue bot", "Green bot"]


def test_undo_after_a_switch_takes_back_the_right_lines():
    from support.scenario import Scenario

    from hercules.app.controller import Controller, Seat
    from hercules.games.mebo.engine.adapter import RULES

    app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0, language="it"))
    try:
        state = Scenario(2).dice(0, 2, 3).give(0, "HES-01").done(0, 1, 2).build()
        ctl = Controller(RULES, state, [Seat("human"), Seat("human")])
        table = TableScene(app, ctl, ["Rosso", "Blu"], autosave=False)
        app.push(table)
        frames(app, 2)
        before = list(table.log)
        use = next(a for a in ctl.legal() if a.kind == "use")
        ctl.submit(use, 0)
        frames(app, 2)
        assert any("usa Estia" in line for line in table.log)
        app.set_language("en")
        assert table.names == ["Red", "Blue"]
        assert any("uses Hestia" in line for line in table.log)
        table.undo()
        assert len(table.log) == len(before)
        assert not any("Hestia" in line for line in table.log)
    finally:
        app.close()


def test_the_pause_menu_and_its_dialogs_follow_the_language(app):
    from hercules.ui.scenes.overlays import PauseOverlay

    ctl, names = start_game("standard", ["human", "human"], seed=2)
    table = TableScene(app, ctl, names, autosave=False)
    app.push(table)
    pause = PauseOverlay(app, table)
    app.push(pause)
    settings = SettingsScene(app)
    app.push(settings)
    choose(settings, "language", "Italiano")
    assert pause.heading() == "Pausa"
    assert {b.text for b in pause.actions} >= {"Riprendi", "Salva la partita", "Regole"}
    assert table.names == ["Rosso", "Blu"]
    frames(app, 2)


def test_the_language_is_remembered(tmp_path):
    paths.set_data_dir(tmp_path)
    try:
        app = App((1600, 900), Settings(), persist=True)
        settings = SettingsScene(app)
        app.push(settings)
        choose(settings, "language", "Italiano")
        app.close()
        saved = load_settings(paths.settings_path())
        assert saved.language == "it"
        strings.set_language("en")
        app = App((1600, 900), saved, persist=True)
        assert strings.language() == "it"
        title = TitleScene(app)
        app.push(title)
        assert "Nuova partita" in button_texts(title)
        app.close()
    finally:
        paths.set_data_dir(None)


def test_an_unknown_language_in_the_settings_starts_in_english():
    app = App((1600, 900), Settings(language="fr"))
    try:
        assert strings.language() == "en" and app.settings.language == "en"
    finally:
        app.close()


def test_the_rules_screen_reads_the_rules_of_the_current_language(app):
    app.set_language("it")
    rules = RulesScene(app)
    app.push(rules)
    heads = [text for style, text, *_ in rules.lines if style == "head"]
    assert heads[:3] == ["Lo scopo", "Un round", "Compiere una Fatica"]
    assert heads[-1] == "Le carte"
    body = " ".join(text for _, text, *_ in rules.lines)
    assert "Apprendista" in body and "Estia" in body and "Semidio" in body
    assert "Apprentice" not in body and "labour" not in body.lower()
    text = ASSETS / "games" / "mebo" / "text"
    english = (text / "rules.en.txt").read_text(encoding="utf-8")
    italian = (text / "rules.it.txt").read_text(encoding="utf-8")
    shape_of = [
        [ln[:2] if ln[:2] in ("# ", "- ") else bool(ln.strip()) for ln in text.splitlines()]
        for text in (english, italian)
    ]
    assert shape_of[0] == shape_of[1]  # the same headings and bullets, paragraph by paragraph
    app.set_language("en")  # and back, live
    assert [text for style, text, *_ in rules.lines if style == "head"][0] == "The aim"


def test_a_saved_english_game_opens_in_italian():
    from hercules.app import saves
    from hercules.games.mebo.engine.adapter import RULES

    # The bots' reasoning is shown (a setting): it is what this test looks at.
    settings = Settings(animation_speed=0.0, bot_delay=0.0, language="it", show_bot_reasoning=True)
    app = App((1600, 900), settings)
    try:
        path = next(p for p in saves.example_saves() if "midgame" in p.name)
        loaded = saves.load_save(path, RULES)
        assert loaded.names[1] == "Blue bot"
        app.nav.open_saved(loaded)
        table = app.top
        assert isinstance(table, TableScene)
        table.autosave = False
        assert table.names[:2] == ["Rosso", "Bot Blu"]
        assert any("Fatica" in line for line in table.log)
        # Its bots' reasons were saved as English sentences: shown as they were.
        assert any("aims for labour" in line for line in table.log)
    finally:
        app.close()


def test_t_formats_in_the_current_language():
    strings.set_language("it")
    assert t("labour.title", n=7, name=t("labour.7")) == "Fatica 7: il Toro di Creta"
    assert strings.number(8.25, 1) in ("8,2", "8,3")
    strings.set_language("en")
    assert t("labour.title", n=7, name=t("labour.7")) == "Labour 7: the Cretan Bull"
    assert strings.tr("it", "deck.aeolus") == "Eolo" and t("deck.aeolus") == "Aeolus"


def test_a_replay_steps_back_correctly_after_a_switch():
    from hercules.app import saves
    from hercules.games.mebo.engine.adapter import RULES
    from hercules.games.mebo.ui.replay import ReplayScene

    app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))
    try:
        path = next(p for p in saves.example_saves() if "midgame" in p.name)
        replay = ReplayScene(app, saves.load_save(path, RULES))
        app.push(replay)
        for _ in range(12):
            replay.ctl.forward()
        app.set_language("it")
        assert replay.button("close").text == "Chiudi" and replay.names[0] == "Rosso"
        for _ in range(5):
            replay.ctl.back()
        assert len(replay.logged) == replay.ctl.index == 7
        names = replay.names
        assert replay.log == [ln for rec in replay.logged for ln in describe_record(rec, names)]
        frames(app, 2)
    finally:
        app.close()


def test_a_refused_move_says_why_in_the_current_language():
    from hercules.games.mebo.engine.errors import IllegalActionError
    from hercules.games.mebo.ui.table import refusal

    err = IllegalActionError(Reason.NOT_YOUR_TURN, "seat 1 is not to act")
    strings.set_language("it")
    assert refusal(err) == "non è il tuo turno"
    strings.set_language("en")
    assert refusal(err) == "it is not your turn"
    assert refusal(TypeError("not an action value")) == "not an action value"


def test_the_screenshot_tool_renders_in_italian(tmp_path):
    import subprocess
    import sys

    tool = ROOT / "tools" / "screenshot.py"
    out = tmp_path / "title_it.png"
    args = [sys.executable, str(tool), "--scene", "title", "--size", "1280x720"]
    proc = subprocess.run(
        [*args, "--lang", "it", "--out", str(out)], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    proc = subprocess.run(
        [*args, "--lang", "xx", "--out", str(out)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2 and "--lang" in proc.stderr

"""The print-and-play table: sheets, powers by mouse, erasing when resting, to the scores."""

from __future__ import annotations

import random

from support.mouse import frames, mouse_turn

from hercules.games.mebo.ui.gameover import PNP_CATEGORIES, GameOverScene
from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene


def test_two_humans_play_print_and_play_with_the_mouse_only(app):
    ctl, names = start_game("pnp", ["human", "human"], seed=7)
    table = TableScene(app, ctl, names, autosave=False)
    app.push(table)
    rng = random.Random(7)
    frames(app, 3)
    for _ in range(6000):
        if isinstance(app.top, GameOverScene):
            break
        if ctl.human_to_act():
            mouse_turn(app, table, rng, use_chance=0.4, rest_tile_chance=0.8, labour_chance=0.9)
        frames(app, 1)
    assert ctl.is_over and isinstance(app.top, GameOverScene)
    kinds = {r.action.kind for r in ctl.history if r.seat >= 0}
    assert {"labour", "power", "rest", "erase"} <= kinds
    # "puoi muovere": some labours stopped the Apprentice short, chosen on the glowing track.
    assert any(r.action.kind == "labour" and r.action.target >= 0 for r in ctl.history)
    assert app.top.categories == PNP_CATEGORIES
    assert any("crosses a box" in line for line in table.log)
    assert any("stops the Apprentice" in line for line in table.log)


def test_a_bot_only_print_and_play_game_reaches_the_scores(app):
    ctl, names = start_game("pnp", ["easy", "normal", "hard"], seed=2)
    app.push(TableScene(app, ctl, names, autosave=False))
    for _ in range(20000):
        if isinstance(app.top, GameOverScene):
            break
        frames(app, 1)
    assert ctl.is_over and isinstance(app.top, GameOverScene)


def test_the_rules_screen_explains_print_and_play_in_both_languages(app):
    from hercules.games.mebo.ui.rules import RulesScene
    from hercules.ui import strings

    for lang, head in (("en", "Print-and-play"), ("it", "Print & Play")):
        strings.set_language(lang)
        try:
            scene = RulesScene(app)
            app.push(scene)
            heads = [text for style, text, *_ in scene.lines if style == "head"]
            assert any(h.startswith(head) for h in heads)
            app.pop()
        finally:
            strings.set_language("en")


def test_a_print_and_play_game_autosaves_continues_and_replays(tmp_path):
    from support.mouse import frames as run

    from hercules.app import paths, saves
    from hercules.games.mebo.engine.adapter import RULES
    from hercules.games.mebo.ui.replay import ReplayScene
    from hercules.ui.app import App, Settings
    from hercules.ui.scenes.title import TitleScene

    paths.set_data_dir(tmp_path)
    try:
        app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))
        ctl, names = start_game("pnp", ["human", "normal"], seed=13)
        table = TableScene(app, ctl, names)
        app.push(table)
        rng = random.Random(13)
        while sum(1 for r in ctl.history for e in r.events if e.type == "turn_ended") < 6:
            if ctl.human_to_act():
                legal = ctl.legal()
                ctl.submit(legal[rng.randrange(len(legal))], ctl.actor)
            run(app, 1)
        while not (ctl.human_to_act() and ctl.state.prompt == "action"):
            run(app, 1)
        table.wait_for_saves()
        state = ctl.state
        app.close()

        app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))
        title = TitleScene(app)
        app.push(title)
        title.choose("continue")
        assert isinstance(app.top, TableScene) and app.top.state == state
        loaded = saves.load_save(saves.autosave_path(paths.saves_dir(), table.created), RULES)
        app.push(ReplayScene(app, loaded))
        assert app.top.ctl.states[-1] == state
        app.close()
    finally:
        paths.set_data_dir(None)


def test_bot_reasons_in_print_and_play_are_translated():
    from hercules.games.mebo.ai import make_bot
    from hercules.games.mebo.engine import GameConfig, apply, legal_actions, new_game
    from hercules.games.mebo.ui.describe import reason_text
    from hercules.ui import strings

    reasons = []
    bots = [make_bot("normal"), make_bot("normal")]
    rng = random.Random(1)
    s = new_game(GameConfig(2, "pnp"), 1)
    while not s.is_terminal:
        legal = legal_actions(s)
        if s.prompt in ("roll", "hades"):
            s, _ = apply(s, legal[0])
            continue
        bot = bots[s.current]
        s, _ = apply(s, bot.choose(s, legal, rng))
        reasons.append(bot.explain())
    strings.set_language("it")
    try:
        rendered = [reason_text(r) for r in reasons]
    finally:
        strings.set_language("en")
    english = {r.rsplit("|", 1)[-1] for r in reasons}
    assert not english & set(rendered)  # every reason came out in Italian, none fell back
    assert any("potere" in line for line in rendered)


def test_the_rules_screen_says_which_reading_of_the_text_the_game_follows():
    # Ties shared (no tie-break in the text), the Apprentice's optional move, powers more than
    # once a turn, and no giving up a labour in reach after a power: in both languages.
    from hercules.ui import strings

    wanted = {
        "en": ("share the win", "Stop short", "the same one again", "only when no labour"),
        "it": ("condivide la vittoria", "fermarti prima", "anche lo stesso", "solo se"),
    }
    for lang, phrases in wanted.items():
        strings.set_language(lang)
        try:
            text = strings.text_file("rules_pnp")
        finally:
            strings.set_language("en")
        for phrase in phrases:
            assert phrase in text, (lang, phrase)


def test_the_game_over_screen_says_a_tie_on_points_is_shared_without_a_tie_break():
    from types import SimpleNamespace

    from support.scenario import Scenario

    from hercules.games.mebo.engine import score

    state = Scenario(2, "pnp").done(0, 1, 2, 3).done(1, 1, 2, 4).build()  # 3 VP each
    screen = SimpleNamespace(result=score(state), state=state)
    assert screen.result.winners == (0, 1)
    text = GameOverScene.tiebreak_text(screen)  # type: ignore[arg-type]
    assert "no tie-break" in text and "shared" in text

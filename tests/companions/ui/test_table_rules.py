"""The table refuses what the rules refuse (saying why, changing nothing), shows the vote and
the night, and draws only what its viewer may see."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
from support.mouse import click, click_widget, frames, key

from hercules.games.companions.ai import policy
from hercules.games.companions.engine import rules as E
from hercules.games.companions.ui import painter
from hercules.games.companions.ui.night import NightScene
from hercules.games.companions.ui.setup import SetupScene
from hercules.games.companions.ui.shots import play_until, stage
from hercules.ui.strings import t


def _human_turn(table, rng, want):
    """Play on (the human at random) until the human's decision ``want(state)``."""
    ok = play_until(table.ctl, rng, lambda s: s.current == 0 and want(s))
    assert ok
    table.anim.skip()


def test_a_face_up_card_at_look_time_is_refused_with_a_reason(app, co):
    table = co.start_by_mouse(app, 4, 8)
    _human_turn(table, random.Random(1), lambda s: s.prompt == E.P_TURN and bool(s.face_up()))
    frames(app, 1)
    before, history = table.ctl.state, len(table.ctl.history)
    space = table.state.face_up()[0]
    rect = co.card_rect(table, space)
    click(app, rect.center)
    assert table.ctl.state is before and len(table.ctl.history) == history
    assert table.message == t("co.refused.face_up")
    assert table.message_at == rect.midtop
    assert table.picks == []


def test_a_look_is_two_clicks_one_in_each_row(app, co):
    table = co.start_by_mouse(app, 4, 8)
    _human_turn(table, random.Random(2), lambda s: s.prompt == E.P_TURN)
    frames(app, 1)
    s = table.state
    a = next(x for x in s.face_down() if x[0] == 0)
    b = next(x for x in s.face_down() if x[0] == 1)
    click(app, co.card_rect(table, a).center)
    assert table.state is s and table.picks == [a]  # nothing sent yet
    click(app, co.card_rect(table, b).center)
    assert table.ctl.history[-1].action == E.Action("look", *a, *b)
    assert table.state.prompt == E.P_SWAP
    assert {c.key for c in table.choices()} == {"swap", "keep"}


def test_a_claim_number_before_a_card_is_refused(app, co):
    table = co.start_by_mouse(app, 4, 9)
    _human_turn(table, random.Random(3), lambda s: s.prompt == E.P_CLAIM)
    frames(app, 1)
    s, n = table.state, len(table.ctl.history)
    click(app, co.choice(table, "n7").rect.center)
    assert table.state is s and len(table.ctl.history) == n
    assert table.message == t("co.refused.pick_space")
    click(app, co.card_rect(table, (1, 0)).center)
    click(app, co.choice(table, "n7").rect.center)
    mine = [r.action for r in table.ctl.history[n:] if r.seat == 0]
    assert mine == [E.Action("claim", 1, 0, n=7)]


def test_clicks_out_of_turn_say_so_and_change_nothing(app, co):
    table = co.start_by_mouse(app, 5, 6)
    _human_turn(table, random.Random(4), lambda s: s.prompt == E.P_TURN)
    play_until(table.ctl, random.Random(4), lambda s: s.current != 0 and s.prompt == E.P_TURN)
    app.settings.animation_speed = 1.0  # (a bot delay only counts with animations on)
    app.settings.bot_delay = 60.0  # the bot waits: the click comes on its turn
    table.anim.skip()
    table.wait = 0.0
    frames(app, 1)
    s = table.state
    click(app, co.card_rect(table, s.face_down()[0]).center)
    assert table.state is s
    assert table.message == t("co.refused.not_your_turn")


def test_the_vote_shows_every_ballot_at_once_when_all_are_cast(app):
    app.settings.animation_speed = 1.0
    table = stage(app, "vote", seed=1)
    s = table.state
    assert s.prompt == E.P_VOTE and s.current == 0
    shown = table.view().ballots
    assert all(b in (-1, 2) for i, b in enumerate(shown) if i != 0)  # others' are face down
    assert {c.key for c in table.choices()} == {"vote_up", "vote_down"}
    click(app, table.choices()[0].rect.center)
    for _ in range(600):
        if table.anim.of_kind("ballots") or table.state.prompt != E.P_VOTE:
            break
        frames(app, 1)
    (banner,) = table.anim.of_kind("ballots")
    assert all(b in (0, 1) for b in banner.data["ballots"])  # all shown together
    assert sum(banner.data["ballots"]) == banner.data["up"]


def test_the_night_lasts_the_same_for_everyone_and_shows_only_ones_own_sight(app, co):
    table = co.start_by_mouse(app, 6, 5)
    frames(app, 1)
    s = table.state
    awake = frozenset({0, 3})
    table.ctl.state = replace(
        s, sights=tuple(awake if i in awake else frozenset() for i in range(s.n))
    )
    table.night_due = True
    frames(app, 1)
    night = app.top
    assert isinstance(night, NightScene)
    assert table.names[3] in night.lines()[-1]
    assert table.names[1] not in " ".join(night.lines())
    click(app, (640, 360))  # nothing cuts the night short
    key(app, pygame.K_ESCAPE)
    assert app.top is night
    frames(app, round(night.length) - 1, dt=1.0)
    assert app.top is night
    frames(app, 2, dt=1.0)
    assert app.top is table
    # A seat asleep sees a night of the same length, and nobody's name.
    table.viewer = 1
    other = NightScene(app, table)
    assert other.length == night.length
    assert other.lines()[-1] == t("co.night.sleep")


def test_the_painter_draws_only_the_viewers_view(app, co, monkeypatch):
    """Every card face, character card and token the painter draws is one the viewer may
    see: face-up cards and the cards it has seen, its own and the revealed characters, its
    own tokens (the others' are backs)."""
    drawn: dict[str, list] = {"cards": [], "chars": [], "chips": []}
    real_card, real_char, real_chip = painter.task_card, painter.character_card, painter.chip

    def card(c, w, h, mark="", lang=""):
        drawn["cards"].append(c)
        return real_card(c, w, h, mark, lang)

    def char(n, w, h, secret=False, villain=False, lang=""):
        drawn["chars"].append(n)
        return real_char(n, w, h, secret, villain, lang)

    def chip(surface, center, r, token):
        drawn["chips"].append((center, token))
        real_chip(surface, center, r, token)

    monkeypatch.setattr(painter, "task_card", card)
    monkeypatch.setattr(painter, "character_card", char)
    monkeypatch.setattr(painter, "chip", chip)
    checked = []

    def watch(table):
        s = table.state
        if s.prompt == E.P_OVER:
            return
        for k in drawn:
            drawn[k].clear()
        app.draw()
        me = table.viewer
        faces = {c for r in (0, 1) for c, u in zip(s.rows[r], s.up[r], strict=True) if u}
        assert set(drawn["cards"]) - {E.HIDDEN} <= faces | s.known[me]
        seen = {s.characters[i] for i in range(s.n) if i == me or s.revealed[i]}
        assert set(drawn["chars"]) - {0} <= seen
        for seat, box in enumerate(table.layout.plaques):
            if seat != me:
                tokens = [tok for at, tok in drawn["chips"] if box.collidepoint(at)]
                assert set(tokens) <= {"?"}, (seat, tokens)
        checked.append(s.prompt)

    table = co.start_by_mouse(app, 6, 13)
    co.play_to_end(app, table, 13, watch_frame=watch)
    assert len(checked) > 10


def test_the_keys_reach_every_decision_through_the_focus_ring(app, co):
    """Tab visits the choice bar's buttons and the cards a click acts on; Enter acts."""
    table = co.start_by_mouse(app, 4, 8)
    _human_turn(table, random.Random(2), lambda s: s.prompt == E.P_TURN)
    frames(app, 1)
    stops = table.focus_stops()
    cards = [s.key for s in stops if isinstance(s.key, tuple) and s.key[0] == "card"]
    assert {(r, i) for _, r, i in cards} == set(table.state.face_down())
    key(app, pygame.K_TAB)
    first = table.focus.current(table.ring_stops())
    key(app, pygame.K_RETURN)
    if first.key[0] == "choice":  # the character's ability comes first when it may be used
        assert table.ctl.history[-1].action == E.Action("ability")
        return
    assert table.picks == [(first.key[1], first.key[2])]
    # Tab on to a card of the other row and Enter: the look is made.
    for _ in range(len(stops)):
        key(app, pygame.K_TAB)
        here = table.focus.current(table.ring_stops())
        if isinstance(here.key, tuple) and here.key[0] == "card" and here.key[1] != first.key[1]:
            break
    key(app, pygame.K_RETURN)
    assert table.state.prompt == E.P_SWAP
    key(app, pygame.K_TAB)
    here = table.focus.current(table.ring_stops())
    assert here.key == ("choice", "swap")
    key(app, pygame.K_RETURN)
    assert table.ctl.history[-1].action == E.Action("swap", n=1)


def test_a_card_under_the_mouse_is_explained_only_if_its_face_shows(app, co, monkeypatch):
    table = co.start_by_mouse(app, 4, 8)
    _human_turn(table, random.Random(1), lambda s: s.prompt == E.P_TURN and bool(s.face_up()))
    frames(app, 1)
    asked = []
    real = painter.card_tip
    monkeypatch.setattr(painter, "card_tip", lambda card: asked.append(card) or real(card))
    s = table.state
    up = s.face_up()[0]
    hidden = next(x for x in s.face_down() if s.card_at(x) not in s.known[0])
    for space in (hidden, up):
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION,
                pos=co.card_rect(table, space).center,
                rel=(0, 0),
                buttons=(0, 0, 0),
            )
        )
        frames(app, 1)
    assert asked and set(asked) == {s.card_at(up)}


def _seed_for(players, character):
    """The first seed whose deal gives seat 0 ``character``."""
    return next(
        k for k in range(1, 500) if E.new_game(E.Config(players), k).characters[0] == character
    )


def test_hera_makes_a_seat_draw_by_clicking_it_never_hercules(app, co):
    seed = _seed_for(6, 6)
    table = co.start_by_mouse(app, 6, seed)
    _human_turn(table, random.Random(5), lambda s: s.prompt == E.P_TURN and not s.used[0])
    frames(app, 1)
    co.click_choice(app, table, "ability")
    assert table.state.prompt == E.P_ABILITY and table.state.revealed[0]
    herc = table.state.hercules
    s, n = table.state, len(table.ctl.history)
    click(app, table.layout.plaques[herc].center)
    assert table.state is s and len(table.ctl.history) == n
    assert table.message == t("co.refused.hercules_draws")
    target = next(i for i in range(1, s.n) if i != herc)
    click(app, table.layout.plaques[target].center)
    assert table.ctl.history[n].action == E.Action("make_draw", seat=target)


def test_theseus_swaps_two_face_up_cards_by_clicking_them(app, co):
    seed = _seed_for(5, 4)
    table = co.start_by_mouse(app, 5, seed)
    _human_turn(
        table,
        random.Random(6),
        lambda s: s.prompt == E.P_TURN and not s.used[0] and len(s.face_up()) >= 2,
    )
    frames(app, 1)
    co.click_choice(app, table, "ability")
    assert table.state.prompt == E.P_ABILITY
    down = table.state.face_down()[0]
    click(app, co.card_rect(table, down).center)
    assert table.message == t("co.refused.swap_up_down") and table.picks == []
    a, b = table.state.face_up()[:2]
    n = len(table.ctl.history)
    click(app, co.card_rect(table, a).center)
    click(app, co.card_rect(table, b).center)
    assert table.ctl.history[n].action == E.Action("swap_up", *a, *b)


def test_the_setup_deals_the_human_hercules_when_asked(app):
    app.nav.title()
    app.nav.setup("companions")
    frames(app, 1)
    setup = app.top
    assert isinstance(setup, SetupScene)
    click_widget(app, setup.option_button("players", "5"))
    click_widget(app, setup.option_button("variant", "hardship"))
    click_widget(app, setup.option_button("hercules", "me"))
    setup.seed_entry.set_text("21")
    click_widget(app, setup.btn_start)
    s = app.top.state
    assert s.n == 5 and s.config.variant == "hardship" and s.characters[0] == 1
    assert app.settings.last_setup["companions"]["hercules"] == "me"


def test_the_hint_says_what_a_hard_bot_would_do_from_the_players_view_and_plays_nothing(
    app, co, monkeypatch
):
    table = co.start_by_mouse(app, 5, 8)
    _human_turn(table, random.Random(3), lambda s: s.prompt == E.P_SWAP)
    frames(app, 1)
    seen = []
    real = policy.CompanionsBot.choose

    def spy(self, view, legal, rng):
        seen.append(view)
        return real(self, view, legal, rng)

    monkeypatch.setattr(policy.CompanionsBot, "choose", spy)
    before, history = table.ctl.state, len(table.ctl.history)
    hint = table.button("hint")
    assert hint.is_enabled
    click_widget(app, hint)
    assert table.ctl.state is before and len(table.ctl.history) == history
    assert seen == [table.ctl.rules.view(before, table.viewer)]  # the view, never the state
    assert table.message.startswith(t("co.hint", what="").strip())
    assert len(table.message) > len(t("co.hint", what=""))

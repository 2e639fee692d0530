"""What a new player needs from the game screen (issue 14), driven by real posted mouse and
key events through ``App.step``: questions before a Pass or End turn loses actions (with
"Don't ask again"), Pass explained, one's own pieces drawn apart as attack targets and
asked about before they are hurt, and the rest of the issue's points as they come.
Every action the screen sends is checked against ``Session.legal()`` when it is sent.

Set ``SNAPSHOT_DIR`` to save frames of the screens as PNG files there."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from window_driver import (  # noqa: E402
    centre,
    click,
    key,
    picker_item,
    record_legal,
    run_until,
    snap,
    to_action_phase,
    watch_text,
)

from game.client.app import App  # noqa: E402
from game.client.confirm import Confirm  # noqa: E402
from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.session import Seat, Session  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import GameSetup  # noqa: E402
from game.rules.core.actions import Action, Attack, Buy, EndTurn, Pass  # noqa: E402
from game.rules.core.state import Phase  # noqa: E402

MAP = "2P-stick-meadow"
CONTENT = load_content(user_dir=None)
STORES = (("Archer", "Paladin", "Fireball", "Healing Potion"),
          ("Archer", "Paladin", "Fireball", "Healing Potion"))


#: saves and settings in a temporary folder, pygame shut down after (conftest.py)
pytestmark = pytest.mark.usefixtures("own_folders")


def start(settings: Settings | None = None, seed: int = 5, map_name: str = MAP,
          prepare: Callable[[Any], object] | None = None
          ) -> tuple[App, Session, list[Action]]:
    """A game against the easy computer on the board screen (``prepare(game)`` runs
    before the screen's first frame)."""
    app = App(settings or Settings(auto_pass=True, computer_pace=0.0, animation_speed=0.0),
              size=(1280, 720))
    spec = find_map(map_name, library=CONTENT.library)
    setup = GameSetup(spec, CONTENT.library, 2, seed, ("base",), "1x[2;8]", stores=STORES)
    session = Session.new(setup, [Seat(), Seat(False)], autosave=False)
    sent = record_legal(session)
    if prepare is not None:
        prepare(session.game)
    app.start(BoardScene(app, session))
    app.step([])
    return app, session, sent


def scene_of(app: App) -> BoardScene:
    scene = app.scene
    assert isinstance(scene, BoardScene), f"expected the board, found {scene!r}"
    return scene


def hover(app: App, pos: tuple[int, int]) -> None:
    click(app, pos, press=False)


# ------------------------------------------------------------------ point 3: lost actions


def test_pass_with_an_idle_unit_asks_first_and_can_be_told_not_to_ask_again() -> None:
    app, session, sent = start()
    game = session.game
    unit = game.add_permanent("Recruit", game.map.spawn_tiles(0)[0], 0)
    to_action_phase(app, session)
    scene = scene_of(app)
    hover(app, scene.button_named("pass").rect.center)  # type: ignore[union-attr]
    assert scene.button_hint().startswith("Pass ends your action phase")
    count = len(sent)
    key(app, pygame.K_SPACE)
    assert isinstance(scene.dialog, Confirm) and len(sent) == count
    assert "Recruit at" in " ".join(scene.dialog.lines)
    snap(app, "warn_idle_units")
    key(app, pygame.K_ESCAPE)  # go back: nothing is sent
    assert scene.dialog is None and len(sent) == count and game.phase is Phase.ACTION
    click(app, scene.button_named("pass").rect.center)  # type: ignore[union-attr]
    dialog = scene.dialog
    assert isinstance(dialog, Confirm)
    click(app, dialog.box.center)  # "Don't ask again"
    assert dialog.never
    key(app, pygame.K_RETURN)  # pass anyway
    assert scene.dialog is None and sent[count] == Pass(0)
    assert app.settings.ask_idle_units is False
    assert Settings.load().ask_idle_units is False, "the choice is saved"
    assert game.is_on_map(unit)


def test_a_unit_that_has_acted_is_not_asked_about() -> None:
    app, session, sent = start()
    game = session.game
    spawn = game.map.spawn_tiles(0)[0]
    game.add_permanent("Recruit", spawn, 0)
    to_action_phase(app, session)
    scene = scene_of(app)
    click(app, centre(scene, spawn))  # activate it...
    moves = sorted(t for t, k in scene.view.highlights.items() if k == "move")
    click(app, centre(scene, moves[-1]))  # ...and move it
    run_until(app, lambda: game.actor == 0 and not game.stack)
    for _ in range(3):  # its attack is left, with nobody in reach: nothing it could do
        app.step([])
    key(app, pygame.K_SPACE)
    assert scene.dialog is None and scene.sent[-1] == Pass(0)


def test_ending_the_turn_with_an_affordable_buy_asks_first() -> None:
    app, session, sent = start()
    game = session.game
    to_action_phase(app, session)
    game.players[0].resource = 9
    scene = scene_of(app)
    count = len(sent)
    key(app, pygame.K_RETURN)  # End turn in the action phase, with 9 ◆ and a store
    dialog = scene.dialog
    assert isinstance(dialog, Confirm) and "without buying" in dialog.title
    assert "Paladin" in " ".join(dialog.lines) and len(sent) == count
    snap(app, "warn_skipped_buy")
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is None and not scene.ending and len(sent) == count
    key(app, pygame.K_SPACE)  # Pass into the buying phase: no question (no units)
    run_until(app, lambda: game.phase is Phase.BUYING and game.actor == 0)
    assert any(isinstance(a, Buy) for a in session.legal())
    scene.overlay = None
    key(app, pygame.K_SPACE)  # Pass in the buying phase skips the buy: asked
    assert isinstance(scene.dialog, Confirm) and "Pass without buying" in scene.dialog.title
    key(app, pygame.K_RETURN)  # pass anyway; the setting stays on
    assert scene.sent[-1] == Pass(0) and app.settings.ask_skipped_buy


def test_the_questions_can_be_switched_off_in_the_settings() -> None:
    app, session, sent = start(Settings(auto_pass=True, computer_pace=0.0,
                                        animation_speed=0.0, ask_idle_units=False,
                                        ask_skipped_buy=False))
    game = session.game
    game.add_permanent("Recruit", game.map.spawn_tiles(0)[0], 0)
    to_action_phase(app, session)
    game.players[0].resource = 9
    scene = scene_of(app)
    key(app, pygame.K_RETURN)
    assert scene.dialog is None and scene.ending and Pass(0) in sent
    run_until(app, lambda: game.phase is Phase.DISCARD and game.actor == 0)
    key(app, pygame.K_RETURN)
    assert EndTurn(0) in sent


def test_settings_screen_row_for_the_questions() -> None:
    from game.client.scenes.settings_scene import SettingsScene

    app = App(Settings(), size=(800, 600))
    app.start(SettingsScene(app))
    app.step([])
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    button = next(b for b in scene.buttons.buttons if b.name == "Ask first: Never")
    assert button.rect.bottom < scene.back.rect.top, "the row fits above Back at 800x600"
    click(app, button.rect.center)
    assert not app.settings.ask_idle_units and not app.settings.ask_skipped_buy
    snap(app, "settings_ask_first")


# ------------------------------------------------------------------ point 2: own pieces


def test_own_pieces_are_striped_targets_and_attacking_one_asks_first() -> None:
    app, session, sent = start()
    game = session.game
    archer = game.add_permanent("Archer", (5, 4), 0)
    friend = game.add_permanent("Recruit", (6, 4), 0)
    enemy = game.add_permanent("Recruit", (5, 5), 1)
    to_action_phase(app, session)
    scene = scene_of(app)
    click(app, centre(scene, (5, 4)))
    assert game.activated == archer
    assert scene.view.highlights[(6, 4)] == "own"
    assert scene.view.highlights[(5, 5)] == "attack"
    hover(app, centre(scene, (6, 4)))
    assert scene.preview_text().startswith("→ your own Recruit: ")
    snap(app, "own_piece_target")
    count = len(scene.sent)
    click(app, centre(scene, (6, 4)))  # the friend: take command of it, or attack it
    click(app, picker_item(scene, "Attack your own Recruit"))
    dialog = scene.dialog
    assert isinstance(dialog, Confirm) and dialog.title == "Attack your own piece?"
    assert dialog.silence is None, "hurting one's own piece is always asked"
    snap(app, "own_piece_confirm")
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is None and len(scene.sent) == count
    click(app, centre(scene, (6, 4)))
    click(app, picker_item(scene, "Attack your own Recruit"))
    key(app, pygame.K_RETURN)
    assert scene.sent[count:] == [Attack(0, archer, friend)]
    run_until(app, lambda: not game.stack)
    assert game.view(enemy).damage == 0


def test_a_spell_that_would_hurt_your_own_piece_asks_first() -> None:
    from game.rules.core.actions import PlayCard
    from game.rules.core.view import Zone

    app, session, sent = start()
    game = session.game
    friend = game.add_permanent("Recruit", (5, 4), 0)
    enemy = game.add_permanent("Recruit", (6, 4), 1)
    fireball = game.add_card("Fireball", 0, Zone.HAND)
    game.players[0].resource = 9
    to_action_phase(app, session)
    scene = scene_of(app)
    app.step([])
    slot = next(rect for rect, card in scene.hand.slots if card == fireball)
    click(app, slot.center)
    assert scene.view.highlights[(5, 4)] == "own"
    assert scene.view.highlights[(6, 4)] == "target"
    count = len(scene.sent)
    click(app, centre(scene, (5, 4)))
    assert isinstance(scene.dialog, Confirm) and scene.dialog.title == "Hurt your own piece?"
    key(app, pygame.K_ESCAPE)
    assert len(scene.sent) == count and game.is_on_map(friend)
    click(app, slot.center)
    click(app, centre(scene, (6, 4)))  # the enemy: no question
    assert scene.dialog is None
    assert scene.sent[count:] == [PlayCard(0, fireball, None, (enemy,))]


# ------------------------------------------------------------------ point 7: friction


def test_an_upkeep_that_costs_nothing_is_declared_and_passed_for_you() -> None:
    """Upkeep 3: the King (loyal, upkeep 0) is the only unit: nothing is owed and nothing
    can be disbanded, so the window declares the upkeep action and (automatic passing on)
    passes the upkeep; the person's first click is in the action phase."""
    from game.rules.core.actions import PayUpkeep

    app, session, sent = start(map_name="2P-ring-street")
    game = session.game
    run_until(app, lambda: game.phase is Phase.ACTION and game.actor == 0)
    assert PayUpkeep(0) in sent and Pass(0) in sent
    assert scene_of(app).sent == [], "no click was needed"


def test_an_upkeep_that_costs_something_waits_beside_the_map() -> None:
    from game.rules.core.actions import PayUpkeep

    app, session, sent = start(map_name="2P-ring-street", prepare=lambda game:
                               game.add_permanent("Archer", (1, 2), 0))  # upkeep 1
    game = session.game
    for _ in range(10):
        app.step([])
    assert game.phase is Phase.UPKEEP and PayUpkeep(0) not in sent
    scene = scene_of(app)
    app.step([])
    scene.draw(app.screen)
    assert scene.upkeep.rect.width > 0
    assert not scene.upkeep.rect.colliderect(scene.board_rect), "the map stays clear"
    snap(app, "upkeep_beside_the_map")
    click(app, scene.upkeep.pay.rect.center)
    assert PayUpkeep(0) in scene.sent


def test_a_computer_turn_at_the_default_pace_is_under_five_seconds() -> None:
    """The easy computer on a two-player map, at the default pace, each frame 1/60 s of
    a clock of the test's own (``game.client.bench.computer_turn_wait``): the longest of
    eight computer turns is under 5 s of waiting, and visible results still get time."""
    from game.client.bench import computer_turn_wait
    from game.client.pacing import DEFAULT_PACE

    app = App(Settings(), size=(1280, 720))
    assert app.settings.computer_pace == DEFAULT_PACE
    found = computer_turn_wait(app, CONTENT, "2P-ring-street", "easy", turns=8, real=False)
    assert found["turns"] >= 5
    assert found["wait_s_mean"] > 1.0 and found["wait_s_max"] < 5.0, found


def test_skip_to_my_turn_plays_the_computer_without_pace() -> None:
    app, session, sent = start(Settings(auto_pass=True, computer_pace=5.0,
                                        ask_idle_units=False, ask_skipped_buy=False))
    game = session.game
    to_action_phase(app, session)
    scene = scene_of(app)
    key(app, pygame.K_RETURN)  # end the turn (passing through the phases)
    run_until(app, lambda: game.active == 1)
    run_until(app, lambda: scene.shown_turn == (game.turn, 1))  # a result shows: 5 s
    assert any(b.label.startswith("Skip to my turn") for b in scene.prompt_buttons.buttons)
    snap(app, "skip_to_my_turn")
    key(app, pygame.K_f)
    run_until(app, lambda: game.active == 0 and game.actor == 0, limit=60)
    assert not scene.skipping and scene.floaters == []


def test_with_computers_only_the_skip_button_skips_to_the_end() -> None:
    """Two computer seats and nobody at the table: there is no turn of "mine" to skip to,
    so the button says "Skip to the end (F)", and F plays the game out without pace."""
    app = App(Settings(auto_pass=True, computer_pace=5.0, animation_speed=0.0),
              size=(1280, 720))
    spec = find_map(MAP, library=CONTENT.library)
    setup = GameSetup(spec, CONTENT.library, 2, 5, ("base",), "1x[2;8]", stores=STORES)
    session = Session.new(setup, [Seat(False), Seat(False)], autosave=False)
    app.start(BoardScene(app, session))
    app.step([])
    scene = scene_of(app)
    labels = [b.label for b in scene.prompt_buttons.buttons]
    assert "Skip to the end (F)" in labels and not any("my turn" in b for b in labels)
    key(app, pygame.K_f)
    run_until(app, lambda: session.over, limit=20000)


# ------------------------------------------------------------------ point 6: help


def test_f1_opens_a_searchable_rules_reference_and_esc_goes_back() -> None:
    from game.client.scenes.help import HelpScene

    app, session, sent = start()
    board = scene_of(app)
    key(app, pygame.K_F1)
    help_scene = app.scene
    assert isinstance(help_scene, HelpScene) and help_scene.tab == "muhq"
    everything = help_scene.entries()
    assert any("Upkeep 3.2" in e.text for e in everything)
    assert not any(e.text.startswith("Tests") for e in everything), "no test lists"
    for letter in "cover":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(letter), mod=0,
                                             unicode=letter, scancode=0))
    app.step()
    assert help_scene.query == "cover"
    found = [e for e in help_scene.entries() if not e.level]
    assert found and all("cover" in f"{e.section} {e.text}".lower() for e in found)
    assert len(found) < len(everything) // 10
    snap(app, "help_search")
    key(app, pygame.K_TAB)  # the next tab: the duel's rules
    assert help_scene.tab == "duel"
    key(app, pygame.K_ESCAPE)  # clears the search
    assert help_scene.query == "" and app.scene is help_scene
    key(app, pygame.K_ESCAPE)  # closes the help
    assert app.scene is board
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH,
                                         mod=pygame.KMOD_SHIFT, unicode="?", scancode=0))
    app.step()
    assert isinstance(app.scene, HelpScene)
    key(app, pygame.K_F1)
    key(app, pygame.K_h)
    assert isinstance(app.scene, HelpScene)
    click(app, app.scene.tabs.find("keys").rect.center)
    assert any(e.text.startswith("Space — Pass") for e in app.scene.entries())
    snap(app, "help_keys")
    click(app, app.scene.back.rect.center)
    assert app.scene is board


def test_how_to_play_in_the_menu_opens_the_help() -> None:
    from game.client.scenes.help import HelpScene
    from game.client.scenes.menu import MenuScene

    app = App(Settings(), size=(800, 600))
    app.start(MenuScene(app, CONTENT))
    app.step([])
    menu = app.scene
    assert isinstance(menu, MenuScene)
    button = menu.buttons.find("help")
    assert button.rect.bottom < 600 - 20, "the seven buttons fit 800x600"
    click(app, button.rect.center)
    assert isinstance(app.scene, HelpScene)
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu
    key(app, pygame.K_F1)
    assert isinstance(app.scene, HelpScene)


def test_resting_on_a_tile_says_what_its_terrain_does() -> None:
    app, session, sent = start()
    scene = scene_of(app)
    hover(app, centre(scene, (6, 2)))  # a house
    assert scene.terrain_hint.startswith("House (6, 2): Cover")
    snap(app, "terrain_hint")
    hover(app, centre(scene, (4, 4)))  # plain ground: nothing to say
    assert scene.terrain_hint == ""


def test_a_click_that_does_nothing_says_why() -> None:
    app, session, sent = start()
    game = session.game
    unit = game.add_permanent("Recruit", (5, 4), 0)
    game.add_permanent("Recruit", (9, 4), 1)
    to_action_phase(app, session)
    scene = scene_of(app)
    click(app, centre(scene, (9, 4)))
    assert scene.toast.startswith("That is Player 2's Recruit")
    click(app, centre(scene, (5, 4)))
    assert game.activated == unit
    click(app, centre(scene, (9, 4)))
    assert "out of reach" in scene.toast
    click(app, centre(scene, (12, 8)))
    assert scene.toast == "Recruit can't move there: the blue tiles are where it can go."


def test_the_header_speaks_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    app, session, sent = start()
    game = session.game
    to_action_phase(app, session)
    scene = scene_of(app)
    drawn = watch_text(monkeypatch)
    scene.draw(app.screen)
    assert "Round 1" in drawn and "Your turn" in drawn
    assert not any("priority" in text or text.startswith("Turn ") for text in drawn)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: game.active == 1)
    run_until(app, lambda: game.active == 0 and game.actor == 0, limit=3000)
    assert session.round_number() == 2
    assert any(line == "— Round 2: player 1's turn —" for line in session.log)


def test_the_hard_computer_explains_itself_in_plain_words() -> None:
    from game.ai.search import HardPlayer

    spec = find_map(MAP, library=CONTENT.library)
    setup = GameSetup(spec, CONTENT.library, 2, 5, ("base",), "1x[2;8]", stores=STORES)
    session = Session.new(setup, [Seat(False, "hard"), Seat(False, "hard")], autosave=False)
    player = HardPlayer(3, nodes=12)
    reasons = set()
    for _ in range(40):
        actor = session.game.actor
        if actor is None:
            break
        session.game.apply(player.choose(session.game, actor))
        reasons.add(player.last_reason)
    assert any("practice games" in r for r in reasons), reasons
    assert not any("imagined" in r or "continuations" in r for r in reasons)


# ------------------------------------------------------------------ point 5: discoverable


def test_what_a_unit_can_do_with_the_pieces_beside_it_is_lit_with_a_legend() -> None:
    app, session, sent = start()
    game = session.game
    unit = game.add_permanent("Recruit", (3, 6), 0)
    chest = game.add_permanent("Treasure Chest", (4, 6), 0)
    to_action_phase(app, session)
    scene = scene_of(app)
    click(app, centre(scene, (3, 6)))
    assert game.activated == unit
    assert scene.view.highlights[game.tile_of(chest)] == "use"  # carry or switch
    message, _ = scene._prompt_text()  # noqa: SLF001 - the legend's words
    assert "teal: equip, carry, switch" in message
    snap(app, "use_legend")
    click(app, centre(scene, (4, 6)))
    labels = [item.label for item in scene.picker.items] if scene.picker else []
    assert any(label.startswith("Carry Treasure Chest") for label in labels)
    assert any(label.startswith("Switch places with") for label in labels)


def test_turning_to_another_unit_of_the_same_name_says_which_by_position() -> None:
    app, session, sent = start()
    game = session.game
    first = game.add_permanent("Recruit", (3, 2), 0)
    second = game.add_permanent("Recruit", (3, 6), 0)
    to_action_phase(app, session)
    scene = scene_of(app)
    click(app, centre(scene, (3, 2)))
    assert game.activated == first
    click(app, centre(scene, (3, 6)))
    assert scene.picker is not None
    label = scene.picker.items[0].label
    assert label == ("Activate the Recruit at (3, 6) instead (the Recruit at (3, 2) is then "
                     "done for this turn)")
    click(app, picker_item(scene, "Activate the Recruit at (3, 6)"))
    assert game.activated == second


def test_an_equipment_can_be_kept_for_the_next_unit_and_the_screen_says_what_that_is() -> None:
    from game.rules.core.actions import PlayCard
    from game.rules.core.view import Zone

    app, session, sent = start()
    game = session.game
    sword = game.add_card("Sword", 0, Zone.HAND)
    game.players[0].resource = 9
    to_action_phase(app, session)
    scene = scene_of(app)
    app.step([])
    slot = next(rect for rect, card in scene.hand.slots if card == sword)
    click(app, slot.center)
    build = scene.controls.build
    assert build is not None and "or equip the next unit you play" in build.prompt()
    button = next(b for b in scene.prompt_buttons.buttons
                  if b.label == "Equip the next unit you play")
    hover(app, button.rect.center)
    assert "the next unit you play this turn comes onto the map with it" in \
        scene.button_hint()
    snap(app, "equip_next_unit")
    click(app, button.rect.center)
    assert scene.sent[-1] == PlayCard(0, sword, None, (), True)


# ------------------------------------------------------------------ point 11: hot-seat


def test_hot_seat_without_automatic_passing_lets_you_pass_from_the_curtain() -> None:
    """Two people, automatic passing off: player 2, called to answer in player 1's turn,
    reads what they answer on the curtain and passes from it, their hand never shown;
    then the curtain comes up for player 1, whose turn it is."""
    from game.client.scenes.curtain import CurtainScene

    app = App(Settings(auto_pass=False, computer_pace=0.0, ask_idle_units=False,
                       ask_skipped_buy=False), size=(1280, 720))
    spec = find_map(MAP, library=CONTENT.library)
    setup = GameSetup(spec, CONTENT.library, 2, 5, ("base",), "1x[2;8]", stores=STORES)
    session = Session.new(setup, [Seat(), Seat()], autosave=False)
    sent = record_legal(session)
    game = session.game
    app.start(BoardScene(app, session))
    app.step([])
    run_until(app, lambda: game.actor == 0 and game.phase is Phase.UPKEEP)
    key(app, pygame.K_SPACE)  # player 1 passes their upkeep: player 2 may answer
    curtain = app.scene
    assert isinstance(curtain, CurtainScene) and curtain.player == 1
    assert curtain.title == "Player 2: answer or pass"
    assert curtain.detail == "Pass: you let Player 1 go on with their turn"
    assert curtain.pass_button is not None
    snap(app, "curtain_pass")
    key(app, pygame.K_p)
    assert sent[-1] == Pass(1) and session.viewer != 1, "passed unseen"
    app.step([])
    again = app.scene
    assert isinstance(again, CurtainScene) and again.player == 0
    assert again.title == "Player 1's turn" and again.pass_button is None
    key(app, pygame.K_SPACE)
    assert isinstance(app.scene, BoardScene) and session.viewer == 0
    assert game.phase is Phase.ACTION and game.actor == 0


# ------------------------------------------------------------------ point 12: small things


def test_the_store_says_one_buy_a_turn_after_a_purchase() -> None:
    app, session, sent = start()
    game = session.game
    to_action_phase(app, session)
    game.players[0].resource = 13
    scene = scene_of(app)
    key(app, pygame.K_SPACE)  # into the buying phase (no units: no question)
    run_until(app, lambda: game.phase is Phase.BUYING and game.actor == 0)
    app.step([])
    assert scene.overlay == "store"
    cheapest = min((c for _r, c in scene.grid.slots if Buy(0, c) in session.legal()),
                   key=lambda c: game.card(c).buy or 0)
    click(app, next(r for r, c in scene.grid.slots if c == cheapest).center)
    run_until(app, lambda: game.actor == 0 and not game.stack)
    assert game.players[0].resource >= 4 and game.players[0].bought
    assert "one a turn" in scene._prompt_text()[0]  # noqa: SLF001 - the prompt's words
    key(app, pygame.K_b)
    other = next(c for _r, c in scene.grid.slots)
    click(app, next(r for r, c in scene.grid.slots if c == other).center)
    assert scene.toast == "You buy one card a turn, and you have bought this turn's."
    snap(app, "store_one_a_turn")


def test_the_zoom_goes_with_the_store_it_came_from() -> None:
    app, session, sent = start()
    to_action_phase(app, session)
    scene = scene_of(app)
    key(app, pygame.K_b)
    assert scene.overlay == "store"
    rect, card = scene.grid.slots[0]
    hover(app, rect.center)
    assert scene.hovered == card and scene.zoom.card is not None
    key(app, pygame.K_b)  # the store closes with the mouse where it was
    assert scene.overlay is None and scene.hovered != card


def test_a_raised_hand_card_leaves_its_label_readable() -> None:
    app, session, sent = start()
    game = session.game
    to_action_phase(app, session)
    scene = scene_of(app)
    click(app, scene.buttons.find("pair").rect.center)  # pick cards: they rise
    first = game.players[0].hand[0]
    click(app, next(r for r, c in scene.hand.slots if c == first).center)
    scene.draw(app.screen)
    raised = next(r for r, c in scene.hand.slots if c == first)
    assert raised.top < scene.hand.slots[-1][0].top or len(scene.hand.slots) == 1
    assert scene.hand_label.width and not any(r.colliderect(scene.hand_label)
                                              for r, _ in scene.hand.slots)


def test_the_results_screen_speaks_to_the_one_who_lost() -> None:
    from game.client.scenes.game_over import GameOverScene, result_line, winners_title

    app, session, sent = start(map_name="2P-ring-street")
    session.game.finish((1,), "the enemy king fell")
    run_until(app, lambda: isinstance(app.scene, GameOverScene))
    assert winners_title(session) == "You lose: player 2 wins"
    assert result_line(session) == "Your king fell"
    snap(app, "game_over_lost")
    app2, won, _ = start(map_name="2P-stick-meadow")
    won.game.finish((0,), "held the stick of victory for 8 points")
    assert winners_title(won) == "You win!"
    assert result_line(won) == "You held the stick of victory for 8 points"


def test_long_map_names_wrap_in_the_new_game_list() -> None:
    from game.client.scenes.new_game import map_name_lines

    lines = map_name_lines("Duel: the standard board", 130)  # the row at 1024x768
    assert len(lines) == 2 and not any(line.endswith("…") for line, _ in lines)
    assert map_name_lines("Ring Street", 120) == [("Ring Street", 16)]


# ------------------------------------------------------------------ point 1 in Muhq's Game


def test_a_muhq_attack_previews_logs_both_sides_and_leaves_no_stale_preview() -> None:
    app, session, sent = start()
    game = session.game
    archer = game.add_permanent("Archer", (5, 4), 0)
    enemy = game.add_permanent("Recruit", (6, 4), 1)
    to_action_phase(app, session)
    scene = scene_of(app)
    click(app, centre(scene, (5, 4)))
    hover(app, centre(scene, (6, 4)))
    assert scene.preview_text() == "→ Recruit: deals 1 (0 left) · strike back 1 (0 left)"
    click(app, centre(scene, (6, 4)))
    run_until(app, lambda: game.actor == 0 and not game.stack)
    assert Attack(0, archer, enemy) in sent
    assert scene.preview is None and scene.preview_text() == "", "the attack is made"
    assert "  Archer deals 1 damage to P2's Recruit" in session.log
    assert "  Recruit deals 1 damage to P1's Archer" in session.log


# ------------------------------------------------------------------ point 8: saves


def choose_save(app: App, path: Path) -> Any:
    """The Load game screen, opened over the current one, with ``path`` chosen by keys."""
    from game.client.app import push
    from game.client.scenes.load_game import LoadGameScene

    loading = LoadGameScene(app, CONTENT)
    app.apply(push(loading))
    app.step([])
    target = next(i for i, e in enumerate(loading.entries) if e.path == path)
    while loading.chosen != target:
        key(app, pygame.K_DOWN if loading.chosen < target else pygame.K_UP)
    return loading


def test_a_loaded_game_has_its_log_and_a_save_can_be_deleted() -> None:
    from game.client.settings import saves_dir

    app, session, sent = start(Settings(auto_pass=True, computer_pace=0.0,
                                        ask_idle_units=False, ask_skipped_buy=False))
    game = session.game
    to_action_phase(app, session)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: game.active == 0 and game.actor == 0 and game.turn == 3,
              limit=3000)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s,
                                         mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    app.step()
    played = [line for line in session.log if line.startswith("— Round")]
    assert played, session.log
    mine = [p for p in saves_dir().glob("*.json") if not p.name.startswith("autosave")]
    assert len(mine) == 1
    loading = choose_save(app, mine[0])
    key(app, pygame.K_RETURN)
    loaded = app.scene
    assert isinstance(loaded, BoardScene) and loaded.session is not session
    log = loaded.session.log
    assert [line for line in log if line.startswith("— Round")] == played
    assert log[-1] == "— Game loaded —"
    assert any("P2" in line for line in log)
    snap(app, "loaded_with_log")
    # delete it: asked first, kept on Esc, gone on Enter
    loading = choose_save(app, mine[0])
    key(app, pygame.K_DELETE)
    assert isinstance(loading.dialog, Confirm)
    snap(app, "delete_save")
    key(app, pygame.K_ESCAPE)
    assert loading.dialog is None and mine[0].exists()
    click(app, loading.delete.rect.center)
    key(app, pygame.K_RETURN)
    assert not mine[0].exists() and loading.dialog is None
    assert all(e.path != mine[0] for e in loading.entries)


def test_terrain_words_follow_the_game_mode_and_the_help_fits_the_smallest_window() -> None:
    from game.client import explain
    from game.client.scenes.help import HelpScene
    from game.rules import Game

    spec = find_map("2P-skirmish-marsh", library=CONTENT.library)
    skirmish = Game(GameSetup(spec, CONTENT.library, 2, 5))
    water = next(t for t in skirmish.geometry.cells() if skirmish.tile_kind(t).name == "water")
    # shallow water in the skirmish, where Muhq's Game stops a unit that can't swim
    assert explain.terrain(skirmish, water).endswith(
        "Shallow water: entering costs 1 more movement point.")
    app = App(Settings(), size=(800, 600))
    app.start(HelpScene(app, "skirmish"))
    app.step([])
    scene = app.scene
    assert isinstance(scene, HelpScene) and scene.tab == "skirmish"
    assert max(b.rect.right for b in scene.tabs.buttons) <= 800 - 20
    assert any("radioactive" in e.text.lower() for e in scene.entries())

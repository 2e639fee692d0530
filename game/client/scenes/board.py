"""The game screen: the board, the player bar, the hand, piles, store, stack and log.

Everything the player may do is offered from the engine's legal actions (through
``game.client.actions_ui.Controls``), and every action is checked against
``Session.legal()`` once more right before it is sent: nothing else ever reaches the game.
Computer players act from ``update`` at the settings' pace; between human players in
hot-seat the curtain hides the screen before anyone's hand is drawn.
"""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.client import caution, explain, pacing, ui
from game.client import settings as client_settings
from game.client.actions_ui import NEXT_UNIT, NEXT_UNIT_HINT, Choice, Controls, choice_title
from game.client.animation import Animator, duration_factor
from game.client.app import App, Scene, Transition, push, quit_game, replace
from game.client.board_minimap import BoardMinimap
from game.client.confirm import Confirm
from game.client.fleet_panel import FleetPanel
from game.client.goal_box import GoalBox
from game.client.live import live_lines
from game.client.panels import (
    CardFaces,
    CardGrid,
    CardRow,
    Dialog,
    LogPanel,
    Picker,
    PickerItem,
    Piles,
    PlayerBar,
    StackPanel,
    UpkeepPanel,
    Zoom,
    card_art,
    scale_of,
)
from game.client.session import ROUNDED, Session
from game.client.tutorial import Screen, TutorialPanel, focus_outline
from game.content import locale
from game.rules.core.actions import (
    Action,
    Attack,
    Buy,
    Disband,
    EndTurn,
    FullAction,
    Move,
    Pass,
    PayUpkeep,
    PlayCard,
    UseFreeAction,
)
from game.rules.core.events import Attacked, DamageDealt, Destroyed, Event, PermanentMoved
from game.rules.core.state import Phase
from game.rules.core.view import Meter, Preview
from game.rules.rulesets.fleet.actions import Confirm as ConfirmMoves

if TYPE_CHECKING:
    from game.client.board_view import BoardView

#: how long a short message stays in the prompt bar (seconds)
TOAST_SECONDS = 3.0
#: colours of the highlight kinds, for labels and pickers
KIND_COLOURS = {"move": (110, 170, 255), "attack": (240, 96, 84), "play": (240, 200, 90),
                "target": (200, 130, 255), "select": ui.TEXT, "own": (255, 176, 64),
                "use": (90, 220, 200)}
#: how long a damage number or a move trail stays on the board (seconds)
FLOAT_SECONDS = 1.4


class Floater:
    """A damage number, a heal or a move trail shown on the board for a moment after an
    action (a computer's, a battle pet's or the player's own), so every result is seen.
    It lasts ``FLOAT_SECONDS`` at the normal animation speed, half as long at the fast
    one; with animations off it stays as long as at the normal speed, without rising or
    fading (``still``)."""

    def __init__(self, text: str, tile: Any, colour: tuple[int, int, int],
                 start: Any = None, speed: float = 1.0) -> None:
        self.text = text
        self.tile = tile
        self.start = start  # a move trail's first tile
        self.colour = colour
        factor = duration_factor(speed)
        self.still = factor <= 0
        self.duration = FLOAT_SECONDS * (factor or 1.0)
        self.left = self.duration

    @property
    def fade(self) -> float:
        """1 when new, 0 when gone (always 1 when ``still``)."""
        if self.still:
            return 1.0
        return max(0.0, min(1.0, self.left / self.duration))


def floaters_for(game: Any, events: list[Event], speed: float = 1.0) -> list[Floater]:
    """What the events did that the board should show: damage (red, on the tile where the
    permanent stood even when it died), healing (green), moves (a trail), attacks
    (``speed``: the settings' animation speed, see ``Floater``)."""
    found: list[Floater] = []
    fallen = {e.permanent: e.tile for e in events if isinstance(e, Destroyed)}
    for event in events:
        if isinstance(event, DamageDealt) and event.amount:
            tile = fallen.get(event.target) or _tile_or_none(game, event.target)
            if tile is not None:
                found.append(Floater(f"-{event.amount}", tile, (255, 96, 80), speed=speed))
        elif isinstance(event, PermanentMoved) and event.from_tile is not None \
                and event.to_tile is not None:
            found.append(Floater("", event.to_tile, (150, 190, 255), event.from_tile, speed))
        elif isinstance(event, Attacked):
            a = _tile_or_none(game, event.attacker)
            b = fallen.get(event.target) or _tile_or_none(game, event.target)
            if a is not None and b is not None and a != b:
                found.append(Floater("", b, (255, 120, 90), a, speed))
    return found


def _plate(surface: pygame.Surface, text: str, centre: tuple[float, float],
           size: int) -> None:
    """A red figure on a dark plate, readable over any piece (the attack preview)."""
    image = ui.text(text, size, (255, 110, 96), True)
    rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
    ui.panel(surface, rect.inflate(10, 2), (30, 20, 24), (255, 110, 96), radius=6)
    surface.blit(image, rect)


def _tile_or_none(game: Any, entity: int) -> Any:
    try:
        return game.tile_of(entity) if game.is_on_map(entity) else None
    except KeyError:
        return None


def tile_images(game: Any) -> Any:
    """The map's tile pictures for the board view (None if the map file can't be read,
    or may not be: the view then draws tiles in flat colours). The file is the one the
    game's map names (a save names it too), so it is checked as loading checks a map:
    its tilesets and pictures inside its folder (``game.maps.files``)."""
    source = getattr(game.map, "source", "")
    if not source or not str(source).endswith(".tmx") or not Path(source).is_file():
        return None
    try:
        import pytmx.util_pygame

        from game.maps import check_tmx
        from game.maps.files import tiled_map

        if check_tmx(source, game.library):
            return None
        return tiled_map(source, image_loader=pytmx.util_pygame.pygame_image_loader)
    except Exception:  # noqa: BLE001 - a broken map picture never stops the game
        return None


def make_board_view(game: Any) -> BoardView:
    """The board view of ``game`` (imported here, so the other screens load without it)."""
    from game.client import board_view

    return board_view.BoardView(game, tile_images(game))


def home_tile(game: Any, player: int | None) -> Any:
    """Where a board too big for the screen is first shown: the middle one of the
    player's spawn (home) tiles (the first player's, for a screen shared by several)."""
    player = 0 if player is None else player
    tiles = sorted(t for t, owner in game.map.owners.items() if owner == player)
    return tiles[len(tiles) // 2] if tiles else None


def goal_text(game: Any, lang: str = "en") -> str:
    """How the map is won, in a few words: the win condition's locale line
    ``wincon.<name>.goal`` filled with its goal values (a mod's win condition without
    one: its own English text)."""
    try:
        key = f"wincon.{game.win.name}.goal"
        if locale.has(key):
            from .new_game import region_note

            return locale.text(key, lang, **game.win.values(game)) \
                + region_note(game.map.win, lang)
        return f"win: {game.win.describe(game)}"
    except Exception:  # noqa: BLE001 - a mod's win condition text never stops drawing
        return ""


def board_goal(game: Any, lang: str = "en") -> str:
    """The goal beside the board: a boss map's short line filled with this game's numbers
    ("slay the Kraken before it scores 20 points" alone: its goal line tells how the boss
    wins), every other map's goal from the game (``goal_text``)."""
    if locale.has(f"wincon.{game.map.win.kind}.brief"):
        from .new_game import win_text

        try:
            values = game.win.values(game)
        except Exception:  # noqa: BLE001 - a mod's win condition text never stops drawing
            values = None
        text = win_text(game.map.win, lang, values)
        return text[:1].lower() + text[1:]
    return goal_text(game, lang)


def _keyed_button(surface: pygame.Surface, button: ui.Button, key: str) -> None:
    """A button with its key written small under the label."""
    label = button.label
    button.label = ""  # the frame and colours of a button, the text placed here
    button.draw(surface)
    button.label = label
    colour = ui.TEXT if button.enabled else ui.MUTED
    rect = button.rect
    ui.blit_text(surface, label, (rect.centerx, rect.centery - 5), button.size, colour,
                 anchor="center")
    if button.enabled:
        ui.blit_text(surface, key, (rect.centerx, rect.bottom - 3), max(10, button.size // 2),
                     ui.MUTED, anchor="midbottom")


def status_words(kind: str, count: int, lang: str = "en") -> str:
    """A status as the unit panel writes it: its name and count ("burn 2")."""
    key = f"mark.{kind}.name"
    name = locale.text(key, lang) if locale.has(key) else kind
    return f"{name} {count}"


def _slot(slots: list[tuple[pygame.Rect, int]], card: int) -> pygame.Rect:
    for rect, each in slots:
        if each == card:
            return rect
    return pygame.Rect(0, 0, 0, 0)


class BoardScene(Scene):
    def __init__(self, app: App, session: Session,
                 tutorial: TutorialPanel | None = None) -> None:
        super().__init__(app)
        self.session = session
        #: the hints of "Your first game" beside the board (None in any other game)
        self.tutorial = tutorial
        self.game = session.game
        self.faces = CardFaces(card_art(app), app.settings.language, session.game.library)
        self.view = make_board_view(self.game)
        self.view.home = home_tile(self.game, session.viewer)
        self.minimap = BoardMinimap()  # the whole map, while the board shows part of it
        self.goal = GoalBox()
        self.controls = Controls(self.game)
        self.bar = PlayerBar()
        self.hand = CardRow()
        self.piles = Piles()
        self.stack = StackPanel()
        self.log = LogPanel()
        self.upkeep = UpkeepPanel()
        self.zoom = Zoom()
        self.grid = CardGrid()
        self.overlay: str | None = None  # "store" or "discard"
        self.discard_of = 0  # whose discard pile the browser shows
        self.picker: Picker | None = None
        self.dialog: Dialog | None = None
        self.toast = ""
        self.toast_left = 0.0
        self.timer = 0.0
        self.wait = 0.0  # before the computer's next action (``game.client.pacing``)
        self.skipping = False  # "skip to my turn": computers play without pace
        self.shown = 0  # the visible results of the computer's turn so far (pacing)
        self.shown_turn: tuple[int, int] = (0, -1)
        self.ending = False  # End turn was pressed: pass until the turn is over
        self.sent: list[Action] = []  # what this screen sent (tests read it)
        self.hovered = 0
        self.link_hint = ""  # the graph link under the mouse: its name and cells
        self.terrain_hint = ""  # what the terrain under the mouse does
        self.hand_label = pygame.Rect(0, 0, 0, 0)  # where "Hand of player N" was drawn
        #: trade mode (2 cards → 1 ◆), as last drawn: the cards it takes, those that could
        #: go with them
        self.trade_marks: tuple[set[int], set[int]] = (set(), set())
        self.quiet = 0  # a card whose zoom stays hidden until the mouse leaves it
        self.mouse = (0, 0)
        self.dragging: tuple[int, int] | None = None
        self.dragged = False
        self._state: tuple[Any, ...] = ()
        self._last_phase: tuple[int, Phase] | None = None
        self.floaters: list[Floater] = []
        #: the moves, attacks and deaths playing on the board (``game.client.animation``)
        self.animations = Animator(app.settings.animation_speed)
        self.view.animator = self.animations
        session.take_recent()  # what happened before this screen opened is not news
        self.preview: tuple[Action, int, Preview] | None = None  # the hovered attack's
        self.meter_hint = ""  # the hint of the player-bar number under the mouse
        self.route_text = ""  # the hovered move's cost, where moves cost points
        self.sight_text = ""  # the activated unit's line of sight to the hovered hex
        self.going_anyway = False  # the save failed on leaving, and the player was told
        self.save_noted = ""  # the autosave problem last written to the log
        ruleset = self.game.ruleset
        kinds = {m.key for m in self.game.meters(0)}
        nothing = pygame.Rect(0, 0, 0, 0)
        buttons = [
            ui.Button(nothing.copy(), "End turn", self.end_turn,
                      hotkey=pygame.K_RETURN, name="end", tooltip="Enter"),
            ui.Button(nothing.copy(), "Undo", self.undo, name="undo", tooltip="Ctrl+Z / U"),
            ui.Button(nothing.copy(), "Save", self.save, name="save", tooltip="Ctrl+S"),
            ui.Button(nothing.copy(), "Menu", self.ask_menu, name="menu", tooltip="Esc"),
        ]
        if ruleset.priority:
            buttons.insert(0, ui.Button(nothing.copy(), "Pass", self.pass_priority,
                                        hotkey=pygame.K_SPACE, name="pass", tooltip="Space"))
        if ruleset.store:
            buttons += [ui.Button(nothing.copy(), "Store", self.toggle_store, name="store",
                                  hotkey=pygame.K_b, tooltip="B"),
                        ui.Button(nothing.copy(), "2 cards → 1 ◆", self.toggle_pair,
                                  name="pair")]
        if "bloodbound" in kinds:
            buttons.insert(0, ui.Button(nothing.copy(), "Bloodbound", self.cast_bloodbound,
                                        hotkey=pygame.K_b, name="bloodbound", tooltip="B"))
        if "replace" in kinds:
            buttons.append(ui.Button(nothing.copy(), "Replace", self.toggle_replace,
                                     hotkey=pygame.K_r, name="replace", tooltip="R"))
        self.buttons = ui.ButtonRow(buttons)
        self.prompt_buttons = ui.ButtonRow()
        #: a fleet game's commands and the hovered system, where the hand is otherwise
        self.fleet_panel = FleetPanel() if self.controls.fleet else None
        self.layout()
        self.refresh()

    # ------------------------------------------------------------------ layout

    def layout(self) -> None:
        width, height = self.app.screen.get_size()
        s = scale_of((width, height))
        self.scale = s
        top = self.bar.fit(self.game, self.session.seats, width, round(36 * s),
                           round(440 * s))
        right = round(300 * s)
        bottom = round(166 * s) if self.game.ruleset.hands else round(84 * s)
        self.card_width = round(96 * s)
        self.stack.scale = self.log.scale = s
        self.bar.rect = pygame.Rect(0, 0, width, top)
        column = pygame.Rect(width - right, top, right, height - top)
        buttons_h = round(96 * s)
        # how the map is won, on top of the column
        self.goal.rect = pygame.Rect(column.left + 6, column.top + 6, column.width - 12,
                                     self.goal.height(s))
        self.goal.set(self.game.map.title or self.game.map.name,
                      board_goal(self.game, self.app.settings.language))
        body = self.goal.rect.bottom
        # a ruleset without priority has no stack to show: the log takes the column
        stack_h = round((column.bottom - body - buttons_h) * 0.36) \
            if self.game.ruleset.priority else 0
        self.stack.rect = pygame.Rect(column.left + 6, body + 6, column.width - 12,
                                      max(0, stack_h - 6))
        log_top = self.stack.rect.bottom + 6 if stack_h else body + 6
        self.log.rect = pygame.Rect(column.left + 6, log_top, column.width - 12,
                                    column.bottom - buttons_h - log_top - 6)
        if self.tutorial is not None and not self.tutorial.closed:
            # the hints take the log's lower part, just above Pass and End turn
            tutorial = self.tutorial
            tutorial.scale = s
            tutorial.rect = pygame.Rect(self.log.rect.left, 0, self.log.rect.width, 0)
            high = min(tutorial.needed_height(self.app.settings.language),
                       self.log.rect.height * 3 // 4)
            tutorial.rect.height = high
            tutorial.rect.bottom = self.log.rect.bottom
            self.log.rect.height -= high + 6
        bw = (column.width - 18) // 2
        bh = round(44 * s)
        by = column.bottom - buttons_h
        left = self.button_named("pass") or self.button_named("bloodbound")
        if left is not None:
            left.rect = pygame.Rect(column.left + 6, by, bw, bh)
        self.buttons.find("end").rect = pygame.Rect(column.left + 12 + bw, by, bw, bh)
        small = round(30 * s)
        sy = by + bh + 8
        third = (column.width - 24) // 3
        for index, name in enumerate(("undo", "save", "menu")):
            self.buttons.find(name).rect = pygame.Rect(column.left + 6 + index * (third + 6),
                                                       sy, third, small)
        for button in self.buttons.buttons:
            big = button.name in ("pass", "end", "bloodbound")
            button.size = max(14, round((18 if big else 15) * s))
        self.bottom = pygame.Rect(0, height - bottom, width - right, bottom)
        self.piles.rect = pygame.Rect(6, self.bottom.top + 4, round(140 * s), bottom - 8)
        side = round(132 * s)
        store = pygame.Rect(self.bottom.right - side - 8, self.bottom.top + 14, side,
                            round(40 * s))
        for name, rect in (("store", store), ("replace", store),
                           ("pair", store.move(0, store.height + 10))):
            found = self.button_named(name)
            if found is not None:
                found.rect = rect
        self.hand.rect = pygame.Rect(self.piles.rect.right + 10, self.bottom.top + 2,
                                     store.left - self.piles.rect.right - 20, bottom - 2)
        strip = round(40 * s)
        self.prompt_rect = pygame.Rect(0, top, width - right, strip)
        self.board_rect = pygame.Rect(0, top + strip, width - right,
                                      height - top - strip - bottom)
        # the store and the discard piles open over the board and the hand: bigger cards
        self.grid.rect = self.board_rect.union(self.bottom).inflate(-24, -24)
        if self.fleet_panel is not None:
            self.fleet_panel.rect = pygame.Rect(self.bottom)
            self.fleet_panel.scale = s
        self.dirty = True

    def resized(self) -> None:
        self.layout()

    def button_named(self, name: str) -> ui.Button | None:
        """A button of this ruleset's screen (the duel has no Pass or Store, Muhq no
        Bloodbound or Replace)."""
        for button in self.buttons.buttons:
            if button.name == name:
                return button
        return None

    def meter(self, player: int | None, key: str) -> Meter | None:
        if player is None:
            return None
        return next((m for m in self.game.meters(player) if m.key == key), None)

    def enter(self) -> None:
        self.dirty = True
        self.refresh()

    # ------------------------------------------------------------------ state

    @property
    def viewer(self) -> int | None:
        return self.session.viewer

    def my_legal(self) -> list[Action]:
        """What the viewer may do now (nothing while someone else is to act)."""
        actor = self.session.actor
        if actor is None or actor != self.viewer or not self.session.seats[actor].human:
            return []
        return self.session.legal()

    def refresh(self) -> None:
        """Re-read the legal actions and what hangs on them."""
        self.controls.refresh(self.my_legal())
        if self.controls.build is not None and self.controls.build.kind == "target" \
                and not self.controls.build.candidates:
            self.controls.build = None
        legal = self.controls.legal
        if not any(isinstance(a, PayUpkeep) for a in legal):
            self.upkeep.checked.clear()
        self.view.highlights = self.controls.highlights()
        for risky in caution.risky_targets(self.game, self.viewer, self.controls.build):
            self.view.highlights[risky] = "own"
        if any(isinstance(a, PayUpkeep) for a in legal):
            for unit in self.controls.upkeep_units():
                tile = self.game.tile_of(unit)
                if tile is not None:
                    self.view.highlights[tile] = \
                        "attack" if unit in self.upkeep.checked else "select"
        unit = self.controls.activated()
        self.view.selected = unit or None
        # a ruleset with vision shows the board as the viewer's side sees it
        self.view.viewer = self.viewer if self.game.ruleset.sees is not None else None
        self.view.paths = self.controls.fleet_paths()
        self._hover_attack(self.mouse)  # the preview of the game as it is now, or none
        if self.fleet_panel is not None:
            self.fleet_panel.set_choices(self.controls.fleet_buttons())
        # the buying phase of the viewer: open the store when something is affordable
        key = (self.game.turn, self.game.phase)
        if key != self._last_phase:
            self._last_phase = key
            if any(isinstance(a, Buy) for a in legal):
                self.overlay = "store"
                self.grid.scroll = 0
            elif self.overlay == "store" and self.game.phase is not Phase.BUYING:
                self.overlay = None
        self._update_buttons()
        self.dirty = True

    def _rehover(self) -> None:
        """What lies under the mouse again, after the screen changed under it (the store
        closed, a card was bought or played): a zoom never outlives its card."""
        card, place = self._card_under(self.mouse)
        if card == self.quiet:
            card = 0
        if card != self.hovered:
            self.hovered = card
            self.zoom.set(self.game.card(card) if card else None, place, self.mouse,
                          self._zoom_area())
            self.dirty = True

    def _update_buttons(self) -> None:
        self._rehover()
        legal = self.controls.legal
        me = self.viewer
        button = self.button_named("pass")
        if button is not None:
            button.enabled = Pass(me) in legal if me is not None else False
        own_turn = me is not None and self.game.active == me
        self.buttons.find("end").enabled = own_turn and me is not None and (
            Pass(me) in legal or EndTurn(me) in legal)
        if self.controls.fleet:
            finish = self._fleet_finish()
            labels = {"confirm_moves": "Move ships", "end_landing": "Land",
                      "end_tactic": "Done", "hold_fire": "Hold fire", "pass_round": "Pass round"}
            end = self.buttons.find("end")
            end.enabled = finish is not None
            end.label = labels.get(finish.kind, "End turn") if finish is not None else "End turn"
        self.buttons.find("undo").enabled = self.session.can_undo(me)
        button = self.button_named("pair")
        if button is not None:
            button.enabled = self.controls.can_discard_for_resource()
            button.selected = self.controls.pair is not None
        button = self.button_named("store")
        if button is not None:
            store = self.game.players[me].store if me is not None else []
            button.label = f"Store ({len(store)})"
            button.selected = self.overlay == "store"
        button = self.button_named("replace")
        if button is not None:
            button.enabled = self.controls.can_replace()
            button.selected = self.controls.replacing
        button = self.button_named("bloodbound")
        if button is not None:
            spell = self.meter(me, "bloodbound")
            button.enabled = spell is not None and \
                self.controls.bloodbound_build(spell.card) is not None
            button.label = self._bloodbound_label(spell)

    def _bloodbound_label(self, spell: Meter | None) -> str:
        """The button says when the spell is ready, or how many turns are left."""
        if spell is None:
            return "Bloodbound"
        if spell.value:
            return "Bloodbound ✦"
        return f"Bloodbound in {spell.wait}" if spell.wait else "Bloodbound"

    def say(self, message: str) -> None:
        self.toast = message
        self.toast_left = TOAST_SECONDS
        self.dirty = True

    # ------------------------------------------------------------------ sending

    def send(self, action: Action, confirmed: bool = False) -> bool:
        """Apply one action of the viewer, if the rules allow it now. An action that
        would damage or destroy a piece of the viewer's own (the acting unit aside) is
        asked about first, unless ``confirmed``."""
        if action not in self.session.legal() or action not in self.my_legal():
            self.say("That is not allowed now.")
            self.refresh()
            return False
        if not confirmed and self._hurts_own(action):
            return False
        self.session.apply(action)
        self.sent.append(action)
        self.after_action()
        return True

    def _show_results(self) -> bool:
        """Damage numbers and move trails of what just happened; True when it changed
        what the board shows (``game.client.pacing``)."""
        recent = self.session.take_recent()
        speed = self.animations.speed = self.app.settings.animation_speed
        self.animations.add(recent, lambda entity: _tile_or_none(self.game, entity),
                            self.view.dying_sprite)
        new = floaters_for(self.game, recent, speed)
        if new:
            self.floaters = [f for f in self.floaters if f.left > 0] + new
            self.dirty = True
        return pacing.shows(recent)

    def after_action(self) -> None:
        self.picker = None
        if self.app.settings.auto_pass:
            for _ in range(50):
                if not self.session.auto_pass():
                    break
        self.refresh()

    def take(self, choice: Choice) -> None:
        """Do what a chosen ``Choice`` says: send, start a build, or take a build step."""
        self.picker = None
        if choice.select:
            self.controls.cancel()
            self.controls.selected = choice.select
            self.refresh()
            return
        if choice.is_step:
            action = self.controls.step(choice.value)
            if action is not None:
                self.send(action)
            else:
                self.refresh()
            return
        if choice.build is not None:
            action = self.controls.start_build(choice.build)
            if action is not None:
                self.send(action)
            else:
                self.refresh()
            return
        if choice.action is not None:
            self.controls.cancel()
            self.send(choice.action)

    def offer(self, choices: list[Choice], pos: tuple[int, int], title: str = "") -> None:
        """One choice is taken at once (unless it asks to be confirmed); several open a
        picker at the mouse."""
        if not choices:
            return
        if len(choices) == 1 and not choices[0].confirm:
            self.take(choices[0])
            return
        items = [PickerItem(c.label, c, KIND_COLOURS.get(c.kind, ui.TEXT)) for c in choices]
        items.append(PickerItem("Cancel", None, ui.MUTED))
        self.picker = Picker(items, pos, self.board_rect, title, self.scale)
        self.dirty = True

    # ------------------------------------------------------------------ asking first

    def ask(self, title: str, message: str, go_label: str, go: Any,
            setting: str = "") -> None:
        """Ask before doing ``go()``; ``setting`` names the setting a ticked "Don't ask
        again" turns off."""
        def proceed() -> None:
            self.dialog = None
            self.dirty = True
            go()

        def back() -> None:
            self.dialog = None
            self.dirty = True

        silence = (lambda: self._silence(setting)) if setting else None
        self.dialog = Confirm(pygame.Rect((0, 0), self.app.screen.get_size()), title,
                              message, go_label, proceed, back, silence=silence)
        self.dirty = True

    def _silence(self, setting: str) -> None:
        setattr(self.app.settings, setting, False)
        try:
            self.app.settings.save()
        except OSError as exc:
            self.session.log.append(f"Settings not saved: {exc}")

    def _hurts_own(self, action: Action) -> bool:
        """Ask before an action that hurts the viewer's own pieces; True when asked."""
        me = self.viewer
        if me is None or not isinstance(action, (Attack, PlayCard, UseFreeAction,
                                                  FullAction, ConfirmMoves)):
            return False
        hurt = caution.own_hurt(self.game, me, action)
        if not hurt:
            return False
        who = caution.names(self.game, hurt)
        if isinstance(action, ConfirmMoves):  # the fleet: what no ship has room for
            self.ask("Leave units to be lost?",
                     f"Your {who} would be left where your ships have no room for them, "
                     "and be destroyed. To take them along, click them (lit) to load "
                     "them onto a moving ship first.", "Move anyway",
                     lambda: self.send(action, confirmed=True))
            return True
        if isinstance(action, Attack) and action.target in hurt:
            title = "Attack your own piece?"
            verb = f"{self.game.card(action.unit).name} would attack"
            go_label = "Attack it"
        else:
            title = "Hurt your own piece?"
            verb = "This would hurt"
            go_label = "Do it"
        self.ask(title, f"{verb} your own {who}.", go_label,
                 lambda: self.send(action, confirmed=True))
        return True

    def _cautious(self, ending: bool, then: Any) -> bool:
        """Before a Pass (``ending`` False) or End turn of the viewer in their own turn:
        ask when it would leave units that could act idle, or skip a buy they can
        afford (each question can be silenced in the settings). True when a question is
        open; ``then`` runs once every question is answered with go."""
        me = self.viewer
        game = self.game
        settings = self.app.settings
        if me is None or game.active != me or game.stack:
            return False
        questions: list[tuple[str, str, str, str]] = []
        if settings.ask_idle_units:
            idle = caution.idle_question(game, me, ending)
            if idle is not None:
                questions.append((*idle, "ask_idle_units"))
        if settings.ask_skipped_buy and (ending or game.phase is Phase.BUYING):
            buys = caution.affordable_buys(game, me)
            if buys:
                resource = game.players[me].resource
                what = "End the turn" if ending else "Pass"
                questions.append((
                    f"{what} without buying?",
                    f"You have {resource} ◆ and could buy {caution.cards_named(game, buys)} "
                    "this turn (one card a turn, in the buying phase). It goes onto your "
                    "discard pile and comes into your hand later.",
                    f"{what} anyway", "ask_skipped_buy"))
        if not questions:
            return False

        def next_question(index: int) -> None:
            if index >= len(questions):
                then()
                return
            title, message, go_label, setting = questions[index]
            self.ask(title, message, go_label, lambda: next_question(index + 1), setting)

        next_question(0)
        return True

    # ------------------------------------------------------------------ buttons

    def pass_priority(self, checked: bool = False) -> None:
        me = self.viewer
        if me is not None and Pass(me) in self.controls.legal:
            if not checked and self._cautious(False, lambda: self.pass_priority(True)):
                return
            self.controls.cancel()
            self.send(Pass(me))

    def end_turn(self, checked: bool = False) -> None:
        me = self.viewer
        if self.controls.fleet:
            finish = self._fleet_finish()
            if finish is not None and not checked and finish.kind == "pass_round" \
                    and self._cautious(True, lambda: self.end_turn(True)):
                return
            if finish is not None:
                self.controls.cancel()
                self.send(finish)
            return
        if me is None or self.game.active != me:
            return
        if not checked and (EndTurn(me) in self.controls.legal
                            or Pass(me) in self.controls.legal) \
                and self._cautious(True, lambda: self.end_turn(True)):
            return
        if EndTurn(me) in self.controls.legal:
            self.controls.cancel()
            self.ending = False  # the turn ends now: nothing left to pass on the next one
            self.send(EndTurn(me))
        elif Pass(me) in self.controls.legal:
            self.controls.cancel()
            self.ending = True
            self.overlay = None
            self.send(Pass(me))
        elif any(isinstance(a, PayUpkeep) for a in self.controls.legal):
            self.say("Declare your upkeep first.")

    def undo(self) -> None:
        """Take back the viewer's last action (Ctrl+Z, U, the Undo button), or say why
        it can't be."""
        me = self.viewer
        if self.dialog is not None or self.picker is not None:
            return
        if not self.session.can_undo(me):
            self.say(self.session.undo_hint(me))
            return
        self.session.undo(me)
        self.controls.cancel()
        self.ending = False
        self.preview = None
        self.animations.clear()
        self.floaters = []
        self._state = ()
        self.refresh()
        self.say(self.session.log[-1])

    def save(self) -> None:
        from .load_game import save_session

        stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
        path = client_settings.saves_dir() / f"{self.game.map.name}_{stamp}.json"
        try:
            save_session(self.session, path)
        except OSError as exc:
            self.say(f"Could not save: {exc}")
            return
        self.say(f"Saved as {path.name}")

    def ask_menu(self) -> None:
        self.dialog = Dialog(
            pygame.Rect((0, 0), self.app.screen.get_size()), "Leave the game?",
            "The game is saved; continue it later with Load game.",
            [("Leave", self._leave, pygame.K_RETURN), ("Stay", self._stay, pygame.K_ESCAPE)])
        self.dirty = True

    def _leave(self) -> str:
        if self._saved_before_going():
            return "leave"
        from . import unsaved_dialog

        self.dialog = unsaved_dialog(self.app, self.session.save_problem, "Leave", "leave",
                                     self._stay)
        return "stay"

    def _saved_before_going(self) -> bool:
        """Save the game before the screen goes (leaving, closing the window); False when
        that failed, once: the player is asked, and a second try goes anyway."""
        if self.session.over or self.going_anyway or not self.session.autosave_now():
            return True
        self.going_anyway = True
        return False

    def closing(self) -> bool:
        if self._saved_before_going():
            return True
        from . import unsaved_dialog

        self.dialog = unsaved_dialog(self.app, self.session.save_problem, "Close", "close",
                                     self._stay)
        self.dirty = True
        return False

    def _stay(self) -> str:
        self.dialog = None
        self.going_anyway = False
        self.dirty = True
        return "stay"

    def toggle_store(self) -> None:
        self.overlay = None if self.overlay == "store" else "store"
        self.grid.scroll = 0
        self.picker = None
        self._update_buttons()
        self.dirty = True

    def toggle_pair(self) -> None:
        if self.controls.pair is None:
            self.controls.cancel()
            self.controls.pair = []
        else:
            self.controls.pair = None
        self.refresh()

    def toggle_replace(self) -> None:
        """The duel's Replace: the next click on a hand card says which one goes back."""
        if self.controls.replacing:
            self.controls.replacing = False
        elif self.controls.can_replace():
            self.controls.cancel()
            self.controls.replacing = True
        self.refresh()

    def cast_bloodbound(self) -> None:
        """The duel's bloodbound spell: cast at once, or choose its targets first."""
        spell = self.meter(self.viewer, "bloodbound")
        build = self.controls.bloodbound_build(spell.card) if spell is not None else None
        if build is None:
            if spell is not None and not spell.value and spell.wait:
                turns = "turn" if spell.wait == 1 else "turns"
                self.say(f"Your bloodbound spell is ready in {spell.wait} of your {turns}.")
            elif spell is not None and spell.value:
                self.say("The bloodbound spell costs 1 mana, and needs a target.")
            return
        self.controls.cancel()
        action = self.controls.start_build(build)
        if action is not None:
            self.send(action)
        else:
            self.refresh()

    def confirm_mulligan(self) -> None:
        action = self.controls.mulligan_action()
        if action is not None:
            self.send(action)

    def pay_upkeep(self) -> None:
        me = self.viewer
        if me is None or PayUpkeep(me) not in self.controls.legal:
            return
        for unit in sorted(self.upkeep.checked):
            if Disband(me, unit) in self.session.legal():
                self.session.apply(Disband(me, unit))
                self.sent.append(Disband(me, unit))
        self.upkeep.checked.clear()
        self.controls.refresh(self.my_legal())
        self.send(PayUpkeep(me))

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if self.dialog is not None:
            redraw, result = self.dialog.handle(event)
            self.dirty |= redraw
            if result == "leave":
                from . import back_to_menu

                return back_to_menu(self.app)
            if result == "close":
                return quit_game()
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self._minimap_event(event):
            return None
        if event.type == pygame.MOUSEMOTION:
            self._motion(event)
            return None
        if event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3):
            if self.board_rect.collidepoint(event.pos) and self.overlay is None:
                self.dragging = event.pos
                self.dragged = False
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            was_drag = self.dragged
            self.dragging = None
            if event.button == 3 and not was_drag:
                self._cancel()
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._click(event)
        return None

    def _minimap_event(self, event: pygame.event.Event) -> bool:
        """A left click or drag on the minimap moves the board there; True when the
        minimap took the event."""
        minimap = self.minimap
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and minimap.rect.collidepoint(event.pos) and self.overlay is None:
            minimap.dragging = True
        elif not minimap.dragging:
            return False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            minimap.dragging = False
        elif event.type != pygame.MOUSEMOTION:
            return False
        minimap.look(self.view, event.pos)
        self.dirty = True
        return True

    def _key(self, event: pygame.event.Event) -> Transition | None:
        key = event.key
        if key == pygame.K_ESCAPE:
            if not self._cancel():
                self.ask_menu()
            return None
        if key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save()
            return None
        if key == pygame.K_u or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self.undo()
            return None
        if key == pygame.K_KP_ENTER:
            self.end_turn()
            return None
        if key == pygame.K_f:
            self.skip_ahead()
            return None
        if key in (pygame.K_F1, pygame.K_h) or event.unicode == "?":
            from .help import HelpScene

            return push(HelpScene(self.app, self.game.ruleset.name))
        steps = {pygame.K_LEFT: (40, 0), pygame.K_RIGHT: (-40, 0), pygame.K_UP: (0, 40),
                 pygame.K_DOWN: (0, -40)}
        if key in steps:
            self.view.scroll(*steps[key])
            self.dirty = True
            return None
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.view.zoom(1.2, self.board_rect.center)
            self.dirty = True
            return None
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.view.zoom(1 / 1.2, self.board_rect.center)
            self.dirty = True
            return None
        redraw, _ = self.buttons.handle(event)
        self.dirty |= redraw
        return None

    def _cancel(self) -> bool:
        """Esc / right click: close the innermost thing open. False if nothing was."""
        if self.picker is not None:
            self.picker = None
        elif self._cancellable():
            self.controls.cancel()
            self.refresh()
        elif self.overlay is not None:
            self.overlay = None
            self._update_buttons()
        else:
            return False
        self.dirty = True
        return True

    def _cancellable(self) -> bool:
        build = self.controls.build
        return self.controls.pair is not None or self.controls.replacing or bool(
            self.controls.selected) or (
            build is not None and (not build.required or bool(build.chosen)))

    def _wheel(self, event: pygame.event.Event) -> None:
        pos = pygame.mouse.get_pos()
        if self.overlay is not None and self.grid.rect.collidepoint(pos):
            self.grid.wheel(event.y)
        elif self.log.rect.collidepoint(pos):
            self.log.wheel(event.y)
        elif self.board_rect.collidepoint(pos):
            self.view.zoom(1.15 if event.y > 0 else 1 / 1.15, pos)
            self._hover_link(pos)
        else:
            return
        self.dirty = True

    def _motion(self, event: pygame.event.Event) -> None:
        pos = event.pos
        self.mouse = pos
        if self.dragging is not None:
            dx, dy = pos[0] - self.dragging[0], pos[1] - self.dragging[1]
            if abs(dx) + abs(dy) > 2 or self.dragged:
                self.view.scroll(dx, dy)
                self.dragging = pos
                self.dragged = True
                self.link_hint = ""
                self.dirty = True
            return
        redraw, _ = self.buttons.handle(event)
        redraw |= self.prompt_buttons.handle(event)[0]
        redraw |= self.upkeep.pay.hover(pos)
        if self.picker is not None:
            redraw |= self.picker.motion(pos)
        if self.fleet_panel is not None:
            redraw |= self.fleet_panel.buttons.handle(event)[0]
            over = self.view.tile_at(pos) if self.board_rect.collidepoint(pos) else None
            if over is not None and over != self.fleet_panel.hovered:
                self.fleet_panel.hovered = over
                redraw = True
            self.dirty |= redraw | self._hover_link(pos) | self._hover_meter(pos)
            return
        if self.minimap.rect.collidepoint(pos):
            pos = (-1, -1)  # over the minimap: no tile, piece or terrain under the mouse
        card, place = self._card_under(pos)
        if card != self.quiet:
            self.quiet = 0
        elif card:
            card = 0  # just clicked to play it: keep the board clear until the mouse leaves
        if card != self.hovered:
            self.hovered = card
            self.zoom.set(self.game.card(card) if card else None, place, pos,
                          self._zoom_area())
            redraw = True
        redraw |= self._hover_link(pos)
        redraw |= self._hover_terrain(pos)
        redraw |= self._hover_route(pos)
        redraw |= self._hover_sight(pos)
        redraw |= self._hover_attack(pos)
        redraw |= self._hover_meter(pos)
        self.dirty |= redraw

    def _hover_attack(self, pos: tuple[int, int]) -> bool:
        """Hovering a target of the commanded unit: what the attack would do (damage,
        strike back, deaths), from the engine's own preview. True when it changed."""
        found: tuple[Action, int, Preview] | None = None
        if self.board_rect.collidepoint(pos) and self.overlay is None and self.picker is None \
                and self.controls.build is None:
            tile = self.view.tile_at(pos)
            attacks = [c.action for c in self.controls.click_tile(tile)
                       if isinstance(c.action, Attack)]
            if len(attacks) == 1:
                action = attacks[0]
                if self.preview is not None and self.preview[0] == action \
                        and self.preview[1] == self.game.version:
                    found = self.preview
                else:
                    found = (action, self.game.version, self.game.preview(action))
        changed = (found is None) != (self.preview is None) or (
            found is not None and self.preview is not None and found[0] != self.preview[0])
        self.preview = found
        return changed

    def _hover_terrain(self, pos: tuple[int, int]) -> bool:
        """What the terrain under the mouse does (a band along the board's edge); True
        when it changed."""
        hint = ""
        if self.overlay is None and self.board_rect.collidepoint(pos) and not (
                self.picker is not None and self.picker.rect.collidepoint(pos)):
            tile = self.view.tile_at(pos)
            if tile is not None:
                hint = explain.terrain(self.game, tile, self.app.settings.language)
        changed = hint != self.terrain_hint
        self.terrain_hint = hint
        return changed

    def _draw_terrain(self, surface: pygame.Surface) -> None:
        """The terrain hint in a band along the board's bottom edge (its top edge when
        the mouse is down there): on two lines when one does not hold it."""
        if not self.terrain_hint or self.overlay is not None:
            return
        size = max(13, round(14 * self.scale))
        lines = ui.wrap(self.terrain_hint, self.board_rect.width - 20, size)
        if len(lines) > 2:  # (a very narrow board: the rest cut with an ellipsis)
            lines = [lines[0], ui.fit_text(" ".join(lines[1:]), self.board_rect.width - 20, size)]
        step = ui.font(size).get_linesize()
        band = pygame.Rect(self.board_rect.left, 0, self.board_rect.width,
                           step * len(lines) + 10)
        if self.mouse[1] > self.board_rect.bottom - 3 * band.height:
            band.top = self.board_rect.top
        else:
            band.bottom = self.board_rect.bottom
        shade = pygame.Surface(band.size, pygame.SRCALPHA)
        shade.fill((14, 16, 22, 215))
        surface.blit(shade, band)
        for i, line in enumerate(lines):
            ui.blit_text(surface, line, (band.left + 10, band.top + 5 + step * i), size,
                         ui.TEXT)

    def _hover_route(self, pos: tuple[int, int]) -> bool:
        """Hovering a hex the activated unit may move to, where moves cost movement points
        (the skirmish): the way it would take and its cost. True when it changed."""
        found: tuple[tuple[Any, ...], int] | None = None
        self.route_text = ""
        if self.game.ruleset.route is not None and self.board_rect.collidepoint(pos) \
                and self.overlay is None and self.picker is None \
                and self.controls.build is None:
            tile = self.view.tile_at(pos)
            moves = [c.action for c in self.controls.click_tile(tile)
                     if isinstance(c.action, Move)]
            if len(moves) == 1:
                unit = moves[0].unit
                route = self.game.route(unit, moves[0].tile)
                here = self.game.tile_of(unit)
                if route is not None and here is not None:
                    cost, path = route
                    found = ((here, *path), cost)
                    left = self.game.view(unit).moves_left - cost
                    col, row = self.game.geometry.tile_to_grid(moves[0].tile)
                    self.route_text = (f"Move to ({col}, {row}): {cost} movement point"
                                       f"{'s' if cost != 1 else ''}, {left} left")
        changed = found != self.view.route
        self.view.route = found
        return changed

    def _hover_sight(self, pos: tuple[int, int]) -> bool:
        """Where the rules have lines of sight (the skirmish): the activated unit's line to
        the hex under the mouse, clear or blocked. True when it changed."""
        found: tuple[Any, Any, bool] | None = None
        self.sight_text = ""
        unit = self.controls.activated()
        if unit and self.game.ruleset.line_of_sight is not None \
                and self.board_rect.collidepoint(pos) and self.picker is None \
                and self.overlay is None and self.view.route is None:  # a move's way wins
            tile = self.view.tile_at(pos)
            here = self.game.tile_of(unit)
            answer = (self.game.line_of_sight(unit, tile)
                      if tile is not None and here is not None and tile != here else None)
            if answer is not None and tile is not None and here is not None:
                clear = answer
                found = (here, tile, clear)
                col, row = self.game.geometry.tile_to_grid(tile)
                self.sight_text = (f"Line of sight to ({col}, {row}): "
                                   f"{'clear' if clear else 'blocked'}")
        changed = found != self.view.sight
        self.view.sight = found
        return changed

    def _hover_meter(self, pos: tuple[int, int]) -> bool:
        hint = self.bar.hint_at(pos, self.app.settings.language) or self.goal.hint_at(pos)
        changed = hint != self.meter_hint
        self.meter_hint = hint
        return changed

    def preview_text(self) -> str:
        """The hovered attack in words, short enough for the prompt strip: "→ Bulwark:
        deals 3 (1 left) · strike back 1 (2 left)", or that it destroys, or that chance
        decides. The unit summary beside it names the attacker."""
        if self.preview is None:
            return ""
        action, _, preview = self.preview
        if not isinstance(action, Attack):
            return ""
        game = self.game
        attacker, target = game.view(action.unit), game.view(action.target)
        head = f"→ {target.name}: "
        if target.controller == attacker.controller:
            head = f"→ your own {target.name}: "
        if preview.chance:
            return head + "the outcome depends on chance"
        parts = []
        dealt = preview.damage_to(target.entity)
        if target.entity in preview.destroyed:
            parts.append("destroys it" + (f" ({dealt} damage)" if dealt else ""))
        elif dealt > 0:
            parts.append(f"deals {dealt} ({target.health_left - dealt} left)")
        else:
            parts.append("deals no damage")
        back = preview.damage_to(attacker.entity)
        if attacker.entity in preview.destroyed:
            parts.append("your unit dies" + (f" (strike back {back})" if back else ""))
        elif back > 0:
            parts.append(f"strike back {back} ({attacker.health_left - back} left)")
        elif target.entity not in preview.destroyed:
            parts.append("no strike back")
        return head + " · ".join(parts)

    def _hover_link(self, pos: tuple[int, int]) -> bool:
        """Name the graph link under the mouse in the prompt bar (a card under it, an
        open picker or overlay come first). True when the hint changed."""
        hint = ""
        if not self.hovered and self.overlay is None and self.board_rect.collidepoint(pos) \
                and not (self.picker is not None and self.picker.rect.collidepoint(pos)):
            hint = self._link_text(pos)
        changed = hint != self.link_hint
        self.link_hint = hint
        return changed

    def _link_text(self, pos: tuple[int, int]) -> str:
        """The link under a screen position as "name: (col, row) ↔ (col, row)", in
        Tiled's grid cells, or ""."""
        name = self.view.link_at(pos)
        if name is None:
            return ""
        geometry = self.game.geometry
        links = getattr(geometry, "links", None)  # graph boards only
        found = [(a, b) for a, b, each in (links() if callable(links) else ()) if each == name]
        if not found:
            return name

        def gap(ends: tuple[Any, Any]) -> float:
            # links sharing a name: the one whose line passes nearest the mouse
            (ax, ay), (bx, by) = (self.view.tile_center(t) for t in ends)
            dx, dy = bx - ax, by - ay
            t = max(0.0, min(1.0, ((pos[0] - ax) * dx + (pos[1] - ay) * dy)
                             / (dx * dx + dy * dy or 1.0)))
            return math.hypot(ax + dx * t - pos[0], ay + dy * t - pos[1])

        a, b = min(found, key=gap) if len(found) > 1 else found[0]
        (ac, ar), (bc, br) = geometry.tile_to_grid(a), geometry.tile_to_grid(b)
        return f"{name}: ({ac}, {ar}) ↔ ({bc}, {br})"

    def _zoom_area(self) -> pygame.Rect | None:
        """Where a card's zoom keeps to when it can: the open store (or pile) panel, so
        that it does not cover the column beside it; None: the screen."""
        return pygame.Rect(self.grid.rect) if self.overlay is not None else None

    def _card_under(self, pos: tuple[int, int]) -> tuple[int, tuple[str, pygame.Rect]]:
        """The card under the mouse (for the zoom) and where to show the zoom."""
        corner = ("corner", self.board_rect)
        if self.picker is not None and self.picker.rect.collidepoint(pos):
            return 0, corner
        if self.overlay is not None and self.grid.rect.collidepoint(pos):
            card = self.grid.card_at(pos)
            return card, ("beside", _slot(self.grid.slots, card))
        card = self.hand.card_at(pos)
        if card:
            return card, ("above", _slot(self.hand.slots, card))
        bloodbound = self.button_named("bloodbound")
        if bloodbound is not None and bloodbound.rect.collidepoint(pos):
            spell = self.meter(self.viewer, "bloodbound")
            if spell is not None and spell.card:
                return spell.card, ("corner", self.board_rect)
        if self.piles.hit_discard(pos) and self.viewer is not None:
            discard = self.game.players[self.viewer].discard
            if discard:
                return discard[-1], ("above", self.piles.discard_rect)
        source = self.stack.source_at(pos)
        if source and self._known(source):
            return source, ("corner", self.board_rect)
        if self.board_rect.collidepoint(pos) and self.overlay is None:
            tile = self.view.tile_at(pos)
            if tile is not None:
                entity = self.game.board.get(tile, 0)
                viewer = self.view.viewer
                if entity and (viewer is None
                               or entity in self.game.visible_permanents(viewer)):
                    return entity, corner  # never a unit the viewer's side does not see
        return 0, corner

    def _known(self, entity: int) -> bool:
        try:
            self.game.card(entity)
        except KeyError:
            return False
        return True

    def _click(self, event: pygame.event.Event) -> None:
        pos = event.pos
        if self.picker is not None:
            item = self.picker.item_at(pos)
            self.picker = None
            self.dirty = True
            if item is not None and item.value is not None:
                self.take(item.value)
            return
        if self.fleet_panel is not None:
            chosen = self.fleet_panel.hit(event)
            if chosen is not None:
                self.take(chosen)
                self.dirty = True
                return
        if self.tutorial is not None and self.tutorial.visible \
                and self.tutorial.close.hit(event):
            self.tutorial.closed = True
            self.layout()
            return
        if self.overlay is not None and self.grid.rect.collidepoint(pos):
            self._grid_click(pos)  # over the hand's buttons, which it covers
            return
        for row in (self.prompt_buttons, self.buttons):
            for button in row.buttons:
                if button.hit(event):
                    result = button.action() if button.action else None
                    if isinstance(result, Choice):
                        self.take(result)
                    self.dirty = True
                    return
        if self._upkeep_open():
            if self.upkeep.pay.hit(event):
                self.pay_upkeep()
                return
            if self.upkeep.rect.collidepoint(pos):
                if self.upkeep.toggle_at(pos):
                    self.refresh()
                return
        if self.overlay is not None:
            if self.grid.rect.collidepoint(pos):
                self._grid_click(pos)
                return
            if self.board_rect.collidepoint(pos):
                self.overlay = None
                self._update_buttons()
                self.dirty = True
                return
        card = self.hand.card_at(pos)
        if card:
            self._hand_click(card)
            return
        if self.piles.hit_discard(pos):
            self.overlay = "discard"
            self.discard_of = self.viewer if self.viewer is not None else self.game.active
            self.grid.scroll = 0
            self.dirty = True
            return
        if self.board_rect.collidepoint(pos):
            self._board_click(pos)

    def _grid_click(self, pos: tuple[int, int]) -> None:
        if self.grid.close_rect.collidepoint(pos):
            self.overlay = None
            self._update_buttons()
            self.dirty = True
            return
        tab = self.grid.tab_at(pos)
        if tab is not None:
            self.discard_of = int(tab)
            self.grid.scroll = 0
            self.dirty = True
            return
        card = self.grid.card_at(pos)
        if not card or self.overlay != "store" or self.viewer is None:
            return
        buy = Buy(self.viewer, card)
        if buy in self.controls.legal:
            self.overlay = None
            self.send(buy)
        else:
            self.say(self._why_not_buy(card))

    def _why_not_buy(self, card: int) -> str:
        me = self.viewer
        if me is None:
            return "You can't buy now."
        state = self.game.players[me]
        if self.game.active != me or self.game.phase is not Phase.BUYING:
            return "You buy in your own buying phase."
        if state.bought:
            return "You buy one card a turn, and you have bought this turn's."
        cost = self.game.card(card).buy or 0
        if cost > state.resource:
            return f"{self.game.card(card).name} costs {cost} ◆; you have {state.resource}."
        return "You can't buy that now."

    def _hand_click(self, card: int) -> None:
        if self.controls.mulligan is not None:
            before = list(self.controls.mulligan)
            self.controls.toggle_mulligan(card)
            if self.controls.mulligan == before and card not in before:
                self.say(f"A mulligan puts back at most {self.controls.mulligan_limit()} "
                         "cards.")
            self.quiet, self.hovered = card, 0
            self.zoom.set(None)
            self.refresh()
            return
        if self.controls.pair is not None:
            self.controls.toggle_pair(card)
            self.quiet, self.hovered = card, 0
            self.zoom.set(None)
            self.refresh()
            return
        if self.controls.build is not None and self.controls.build.card == card:
            self.controls.cancel()
            self.refresh()
            return
        choices = self.controls.hand_choices(card)
        if not choices and self.controls.build is not None and self.controls.build.in_hand:
            self.say("Click one of the glowing cards.")
            return
        if not choices:
            self.say(self._why_not_play(card))
            return
        self.controls.cancel()
        self.quiet = card
        self.hovered = 0
        self.zoom.set(None)
        if len(choices) == 1 and not choices[0].confirm:
            self.take(choices[0])
        else:
            self.offer(choices, pygame.mouse.get_pos() if self.mouse == (0, 0) else self.mouse,
                       self.game.card(card).name)

    def _why_not_play(self, card: int) -> str:
        me = self.viewer
        if me is None or self.session.actor != me:
            return "Wait until it is your turn to act."
        definition = self.game.card(card)
        state = self.game.players[me]
        if definition.play is None:
            return f"{definition.name} can't be played."
        if self.controls.replacing:
            return "Replace: click the card to shuffle into your deck."
        mana = self.meter(me, "mana")
        if mana is not None:
            if definition.play > mana.value:
                return f"{definition.name} needs {definition.play} mana; you have {mana.value}."
            if definition.is_unit:
                return "A minion is summoned next to one of your units: no free tile there."
            return f"{definition.name} has no legal target now."
        if definition.play > state.resource:
            return f"{definition.name} needs {definition.play} ◆; you have {state.resource}."
        if definition.is_permanent:
            return "Permanents are played in your action phase when the stack is empty."
        return f"{definition.name} has no legal target now."

    def _board_click(self, pos: tuple[int, int]) -> None:
        tile = self.view.tile_at(pos)
        if self._upkeep_open() and tile is not None:
            unit = self.game.board.get(tile, 0)
            if unit in self.controls.upkeep_units():
                self.upkeep.checked ^= {unit}
                self.refresh()
                return
        choices = self.controls.click_tile(tile)
        if choices:
            title = ""
            if tile is not None and len(choices) > 1:
                col, row = self.game.geometry.tile_to_grid(tile)
                title = f"Tile ({col}, {row})"
            self.offer(choices, pos, title)
            return
        if (self.controls.build is not None or self.controls.pair is not None
                or (self.controls.fleet and self.controls.selected)):
            self.controls.cancel()
            self.refresh()
        elif not self.controls.fleet:  # say why the click did nothing
            why = explain.why_nothing(self.game, self.viewer, tile, self.session,
                                      self.controls.activated())
            if why:
                self.say(why)

    def _upkeep_open(self) -> bool:
        return any(isinstance(a, PayUpkeep) for a in self.controls.legal)

    # ------------------------------------------------------------------ update

    def busy(self) -> bool:
        if self.session.over or self.floaters or self.animations.busy:
            return True
        actor = self.session.actor
        if actor is None:
            return False
        return (not self.session.seats[actor].human or actor != self.viewer or self.ending
                or self.toast_left > 0)

    def _note_save_problem(self) -> None:
        """A failed autosave is said once in the log (and shown over the board while it
        lasts); the game goes on."""
        problem = self.session.save_problem
        if problem != self.save_noted:
            self.save_noted = problem
            if problem:
                self.session.log.append(f"Autosave failed: {problem}")
            self.dirty = True

    def update(self, dt: float) -> Transition | None:
        self._note_save_problem()
        fresh = self._show_results() and not self.session.seats[self.game.active].human
        if fresh:  # in a computer's turn, what the board shows stays a while (the pace)
            turn = (self.game.turn, self.game.active)
            self.shown = self.shown + 1 if self.shown_turn == turn else 0
            self.shown_turn = turn
            self.timer = 0.0
            self.wait = pacing.wait_for(self.shown, self.app.settings.computer_pace,
                                        self.animations.remaining())
        if self.animations.busy:
            self.animations.advance(dt)
            self.dirty = True
        if self.floaters:
            for floater in self.floaters:
                floater.left -= dt
            self.floaters = [f for f in self.floaters if f.left > 0]
            self.dirty = True
        if self.toast_left > 0:
            self.toast_left -= dt
            if self.toast_left <= 0:
                self.toast = ""
                self.dirty = True
        if self.session.over and not self.floaters and not self.animations.busy:
            from .game_over import GameOverScene

            return replace(GameOverScene(self.app, self.session))
        if self.session.over:
            return None
        actor = self.session.actor
        if actor is None:
            return None
        seat = self.session.seats[actor]
        if seat.human:
            if actor == self.viewer and self.session.auto_upkeep(self.app.settings.auto_pass):
                self.refresh()
                return None
            if self.app.settings.auto_pass and self.session.auto_pass():
                self.refresh()
                return None
            self.skipping = False  # a person has something to decide
            if actor != self.viewer:
                return self._hand_over(actor)
            if self.ending:
                self._keep_ending()
            state = self._state_key()
            if state != self._state:
                self._state = state
                self.refresh()
            return None
        if self.skipping:
            self.skipping = pacing.skip(self.session, self.app.settings.auto_pass)
            self.session.take_recent()  # no damage numbers for what was skipped
            self.floaters = []
            self.animations.clear()
            self.refresh()
            return None
        self.timer += dt
        # a computer answering in a person's turn does so at once: no pace there
        if self.timer >= self.wait or self.session.seats[self.game.active].human:
            self.timer = self.wait = 0.0
            self.session.step_computer()
            self.refresh()
        elif not fresh:  # the result is on screen: think while it stays there
            self.session.think()
            plan = self.session.planned
            if plan is not None and pacing.quiet(self.game, plan[2]):
                self.session.step_computer()  # it only declares: no need to wait
                self.refresh()
        return None

    def skip_ahead(self) -> None:
        """Skip to my turn (F): the computers play on without pace until a person is to
        act."""
        actor = self.session.actor
        if actor is None or self.session.seats[actor].human:
            self.say("Nothing to skip: a person is to act.")
            return
        self.skipping = True
        self.dirty = True

    def _state_key(self) -> tuple[Any, ...]:
        game = self.game
        return (len(game.history), game.actor, game.phase)

    def _keep_ending(self) -> None:
        me = self.viewer
        game = self.game
        if me is None or game.active != me or game.stack:
            self.ending = False
            return
        legal = self.controls.legal
        if EndTurn(me) in legal:
            self.ending = False
            self.send(EndTurn(me))
        elif Pass(me) in legal:
            self.send(Pass(me))
        else:
            self.ending = False

    def _hand_over(self, actor: int) -> Transition | None:
        """Hot-seat: another human is to act. Hide everything secret behind the curtain
        before their hand can be drawn. Whether this happens never depends on hidden
        cards: automatic passing asks ``Session.could_answer`` in hot-seat."""
        self.session.viewer = actor
        self.controls.cancel()
        self.picker = None
        self.overlay = None
        self.ending = False
        self.hovered = 0
        self.link_hint = ""
        self.zoom.set(None)
        self.refresh()
        from .curtain import CurtainScene

        answering = bool(self.game.stack) or actor != self.game.active
        title = f"Player {actor + 1}: answer or pass" if answering else ""
        detail = ""
        if self.game.choices:
            title = f"Player {actor + 1}: {choice_title(self.game, self.game.choices[0])}"
        elif answering:  # what they are asked to answer, in words everyone may read
            detail = (f"Player {self.game.active + 1}'s turn: “{self.game.stack[-1].text}”"
                      if self.game.stack else caution.pass_meaning(self.game, actor))
        may_pass = answering and not self.game.choices and Pass(actor) in self.session.legal()
        return push(CurtainScene(self.app, self.session, actor, title, detail, may_pass))

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        self.view.draw(surface, self.minimap.split(self.board_rect, self.view))
        pygame.draw.rect(surface, ui.EDGE, self.board_rect, width=1)
        self.minimap.place(self.board_rect, self.view)
        self.minimap.draw(surface, self.view, self.game, self.view.viewer)
        self._draw_prompt(surface)
        self._draw_bottom(surface)
        self.stack.draw(surface, self.game)
        self.log.draw(surface, self.session.log)
        if self._upkeep_open():
            self._draw_upkeep(surface)
        for name in ("undo", "save", "menu"):
            self.buttons.find(name).draw(surface)
        for name, key in (("pass", "Space"), ("bloodbound", "B"), ("end", "Enter")):
            button = self.button_named(name)
            if button is not None:
                _keyed_button(surface, button, key)
        self._draw_floaters(surface)
        self._draw_terrain(surface)
        self._draw_tutorial(surface)
        # the fleet and the skirmish count rounds of their own
        rounds = self.session.round_number() if self.game.ruleset.name in ROUNDED else 0
        viewer = self.viewer if not self.session.hot_seat else None
        self.bar.draw(surface, self.game, self.session.seats, "", rounds, viewer)
        self.goal.draw(surface)
        if self.overlay == "store":
            self._draw_store(surface)
            focus = self.tutorial_focus() if self.tutorial is not None \
                and not self.tutorial.closed else None
            if focus is not None and self.grid.rect.contains(focus):
                focus_outline(surface, focus)
        elif self.overlay == "discard":
            self._draw_discards(surface)
        if self.picker is not None:
            self.picker.draw(surface)
        if self.hovered and self._zoom_allowed():
            live = live_lines(self.game, self.hovered, self.viewer) \
                if self.game.exists(self.hovered) else []
            self.zoom.draw(surface, self.faces, round(Zoom.WIDTH * self.scale), live)
        from . import draw_save_problem

        draw_save_problem(surface, self.session, self.board_rect)
        if self.dialog is not None:
            self.dialog.draw(surface)
            if self.tutorial is not None and not self.tutorial.closed:
                self.tutorial.draw(surface, self.app.settings.language)  # it speaks of it

    def tutor(self) -> None:
        """Bring the tutorial's hint up to date with the game and the screen; the first
        time its end is reached, say so in the log and remember it in the settings."""
        tutorial = self.tutorial
        if tutorial is None:
            return
        build = self.controls.build
        screen = Screen(frozenset(self.upkeep.checked), build.card if build else 0,
                        self.controls.activated(), self.overlay == "store",
                        isinstance(self.dialog, Confirm))
        if tutorial.update(self.game, screen, self.app.settings.language):
            self.session.log.append("— Tutorial complete —")
            self.app.settings.tutorial_done = True
            try:
                self.app.settings.save()
            except OSError as exc:
                self.session.log.append(f"Settings not saved: {exc}")

    def tutorial_focus(self) -> pygame.Rect | None:
        """Where the thing the hint points at is on the screen (None: nowhere to see)."""
        shown = self.tutorial.shown if self.tutorial is not None else None
        if shown is None or shown.focus is None:
            return None
        kind, *rest = shown.focus
        if kind == "upkeep":
            return self.upkeep.pay.rect if self._upkeep_open() else None
        if kind == "button":
            button = self.button_named(rest[0])
            return button.rect if button is not None and button.enabled else None
        if kind == "tile":
            if self.overlay is not None or not self.view.is_visible(rest[0]):
                return None
            return self.view.tile_rect(rest[0]).clip(self.board_rect)
        slots = self.hand.slots if kind == "hand" else \
            self.grid.slots if self.overlay == "store" else []
        return next((rect for rect, card in slots if card == rest[0]), None)

    def _draw_tutorial(self, surface: pygame.Surface) -> None:
        tutorial = self.tutorial
        if tutorial is None or tutorial.closed:
            return
        self.tutor()
        tutorial.draw(surface, self.app.settings.language)
        focus = self.tutorial_focus()
        if focus is not None and self.picker is None:
            focus_outline(surface, focus)

    def _draw_floaters(self, surface: pygame.Surface) -> None:
        """Damage numbers rising over their tiles and fading trails of moves and attacks;
        over the hovered attack's target and attacker, the damage it would deal."""
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        size = max(16, round(22 * self.scale))
        for floater in self.floaters:
            end = self.view.tile_center(floater.tile)
            alpha = floater.fade
            colour = tuple(round(c * alpha + b * (1 - alpha))
                           for c, b in zip(floater.colour, (40, 44, 56), strict=True))
            if floater.start is not None:
                start = self.view.tile_center(floater.start)
                pygame.draw.line(surface, colour, start, end, max(2, round(4 * alpha)))
                pygame.draw.circle(surface, colour, end, max(3, round(6 * alpha)))
            if floater.text:
                rise = round((1 - alpha) * 28 * self.scale)
                ui.blit_text(surface, floater.text, (round(end[0]), round(end[1]) - rise),
                             size, colour, True, anchor="center")
        if self.preview is not None and not self.preview[2].chance:
            _, _, preview = self.preview
            for entity, amount in preview.damage:
                tile = _tile_or_none(self.game, entity)
                if tile is not None and amount > 0:
                    _plate(surface, f"-{amount}", self.view.tile_center(tile), size)
            for entity in preview.destroyed:
                tile = _tile_or_none(self.game, entity)
                if tile is not None:
                    x, y = self.view.tile_center(tile)
                    _plate(surface, "✖", (x, y - size), size)
        surface.set_clip(clip)

    def _zoom_allowed(self) -> bool:
        """Never zoom on a card the viewer may not see."""
        game = self.game
        try:
            zone = game.zone(self.hovered)
        except KeyError:
            return False
        if zone.value in ("hand", "deck"):
            owner = game.owner(self.hovered)
            return owner == self.viewer
        return True

    def _prompt_text(self) -> tuple[str, tuple[int, int, int]]:
        if self.toast:
            return self.toast, ui.ACCENT
        build = self.controls.build
        if build is not None and build.required:  # a decision waits: it comes first
            return build.prompt(), KIND_COLOURS.get(build.kind, ui.TEXT)
        if self.meter_hint:
            return self.meter_hint, ui.TEXT
        hint = self.button_hint()
        if hint:
            return hint, ui.TEXT
        preview = self.preview_text()
        if preview:
            return preview, KIND_COLOURS["attack"]
        if self.route_text:
            return self.route_text, KIND_COLOURS["move"]
        if self.sight_text:
            return self.sight_text, ui.TEXT
        if self.link_hint:
            from game.client.board_view import LINK_COLOUR

            return self.link_hint, LINK_COLOUR
        controls = self.controls
        game = self.game
        me = self.viewer
        actor = self.session.actor
        if controls.build is not None:
            return controls.build.prompt(), KIND_COLOURS.get(controls.build.kind, ui.TEXT)
        if controls.pair is not None:
            return (f"Discard two cards for 1 ◆: pick {2 - len(controls.pair)} more"
                    if len(controls.pair) < 2 else "Discard these two cards for 1 ◆?"), ui.TEXT
        if controls.mulligan is not None:
            limit = controls.mulligan_limit()
            return (f"Mulligan: click up to {limit} cards of your opening hand to put back "
                    "and draw again, or keep it"), ui.ACCENT
        if controls.replacing:
            return ("Replace: click a card in your hand to shuffle it into your deck and "
                    "draw a card of another name"), ui.TEXT
        if actor is None:
            return "", ui.TEXT
        if actor != me and game.phase is Phase.MULLIGAN:
            return f"Player {actor + 1} is choosing a mulligan…", ui.player_colour(actor)
        if actor != me:
            who = f"Player {actor + 1}"
            if game.choices:  # a decision of theirs: what it is about is public
                return f"{who} decides — {choice_title(game, game.choices[0])}", \
                    ui.player_colour(actor)
            if not self.session.seats[actor].human:
                if self.skipping:
                    goal = "your turn" if self.session.humans() else "the end"
                    return f"{who} (computer) plays on: skipping to {goal}…", \
                        ui.player_colour(actor)
                return f"{who} (computer) is thinking…", ui.player_colour(actor)
            return f"{who} is to act", ui.player_colour(actor)
        legal = controls.legal
        if controls.fleet:
            return self._fleet_prompt(), ui.TEXT
        if game.pending:
            return "Declare your triggered action", KIND_COLOURS["target"]
        if game.phase is Phase.DISCARD:
            return "Discard step: click cards in your hand to discard them, then End turn", \
                ui.TEXT
        if any(isinstance(a, PayUpkeep) for a in legal):
            return "Upkeep: tick units to disband, then Pay upkeep", ui.TEXT
        if game.stack:
            top = game.stack[-1]
            return f"Respond to “{top.text}”, or Pass to let it resolve", ui.TEXT
        if game.active != me:
            phase = {Phase.UPKEEP: "upkeep", Phase.ACTION: "action phase",
                     Phase.BUYING: "buying phase"}.get(game.phase, "turn")
            return f"Player {game.active + 1}'s {phase}: play a fast card, or Pass", ui.TEXT
        if game.phase is Phase.UPKEEP:
            return "Your upkeep: play a fast card, or Pass to start your action phase", ui.TEXT
        if game.phase is Phase.BUYING and game.active == me:
            if any(isinstance(a, Buy) for a in legal):
                return "Buying phase: buy one card from your store, or End turn", ui.TEXT
            if game.players[me].bought:
                return ("Buying phase: you have bought your card for this turn (one a turn) "
                        "— End turn"), ui.MUTED
            return "Buying phase: nothing you can afford — End turn", ui.MUTED
        if game.phase is Phase.ACTION and game.active == me and game.ruleset.movement_points:
            if controls.activated():
                kinds = set(self.view.highlights.values())
                parts = [text for kind, text in (("move", "blue: move"),
                                                 ("attack", "red: attack")) if kind in kinds]
                return " · ".join([*parts, "End turn ends its activation"]), ui.TEXT
            return "Your turn: click one of your ready units to activate it", ui.TEXT
        if game.phase is Phase.ACTION and game.active == me and not game.ruleset.priority:
            if controls.activated():
                return self._colour_key("another unit, a card, or End turn"), ui.TEXT
            if controls.commandable():
                return ("Your turn: click a unit to command it or a card to play it; "
                        "End turn when done"), ui.TEXT
            return "Your turn: play a card, or End turn", ui.TEXT
        if game.phase is Phase.ACTION and game.active == me:
            if controls.activated():
                return self._colour_key("Pass ends your action phase"), ui.TEXT
            return "Your action phase: click a unit to activate it, or a card to play it", \
                ui.TEXT
        return "Play a fast card, or Pass", ui.TEXT

    def _colour_key(self, then: str) -> str:
        """The colours lit on the board for the commanded unit, in words ("blue: move ·
        red: attack"), and what else may be done."""
        kinds = set(self.view.highlights.values())
        parts = [text for kind, text in (("move", "blue: move"), ("attack", "red: attack"),
                                         ("use", "teal: equip, carry, switch"),
                                         ("own", "striped: yours")) if kind in kinds]
        return " · ".join([*parts, then])

    def button_hint(self) -> str:
        """What the hovered Pass, End turn or Undo button does now, in words (Undo: why
        it can't, when greyed)."""
        me = self.viewer
        if self.buttons.find("undo").rect.collidepoint(self.mouse):
            return self.session.undo_hint(me)
        if me is None or self.controls.fleet:
            return ""
        button = self.button_named("pass")
        if button is not None and button.hovered and button.enabled:
            return caution.pass_meaning(self.game, me)
        for each in self.prompt_buttons.buttons:
            if each.hovered and each.label == NEXT_UNIT:
                return f"{NEXT_UNIT}: {NEXT_UNIT_HINT}"
        end = self.button_named("end")
        if end is not None and end.hovered and end.enabled and self.game.ruleset.store:
            return ("End turn: passes through the rest of your turn (the buying phase "
                    "too) and ends it")
        return ""

    def _fleet_prompt(self) -> str:
        """What to do now in a fleet game, in a line."""
        from game.rules.rulesets.fleet.view import tactic

        legal = self.controls.legal
        kinds = {a.kind for a in legal}
        found = tactic(self.game)
        if "remove_unit" in kinds:
            return ("Too many units for your ships' capacity or your fleet pool: click the "
                    "lit system and remove one")
        if "redeploy" in kinds:
            return ("Redeploy: click one of your ships, then an adjacent system "
                    "(or Don't redeploy)")
        if "pick_strategy" in kinds:
            return ("Strategy phase: pick a strategy below; its number is your place in the "
                    "order of play")
        if "gain_token" in kinds:
            return "Status phase: put a new command token into your tactic or fleet pool"
        if "take_hit" in kinds:
            return "A hit: click the lit system and choose which of your units takes it"
        if "fire_cannon" in kinds:
            return "Space cannon: fire every cannon you have there at a player, or hold fire"
        if "land" in kinds or "end_landing" in kinds:
            return ("Invasion: click the active system to land ground forces, then Land "
                    "them (or No invasion)")
        if "produce" in kinds or "end_tactic" in kinds:
            return "Production: build units with your resources, then Done building"
        if found is not None and found.step == "move":
            ship = self.controls.selected
            if ship:
                name = self.game.card(ship).name
                return (f"Blue: where {name} can go — click the active system, or a system "
                        "on the way to go through it")
            return ("Movement: click a system with your ships to choose one; lit units can "
                    "be loaded onto declared ships; then Move")
        return ("Your turn: click a system to activate it (a token from your tactic pool), "
                "or Pass for the round")

    def _fleet_title(self) -> str:
        actor = self.session.actor
        phase = {Phase.STRATEGY: "Strategy phase", Phase.STATUS: "Status phase",
                 Phase.ACTION: "Action phase"}.get(self.game.phase, "")
        from game.rules.rulesets.fleet.rules import board_state

        self.game.enter()
        round_no = board_state(self.game).round
        who = f" · player {actor + 1} to act" if actor is not None else ""
        return f"Round {round_no} · {phase}{who}"

    def _fleet_finish(self) -> Action | None:
        """The action that finishes the fleet step at hand (Enter): confirm the moves,
        land, stop building, hold fire, or pass for the round."""
        for action in self.controls.legal:
            if action.kind in ("confirm_moves", "end_landing", "end_tactic", "hold_fire",
                               "pass_round"):
                return action
        return None

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        """The strip above the board: what to do now, with the buttons that go with it
        (cancel, a card's other ways to be played, the activated unit's full actions)."""
        message, colour = self._prompt_text()
        rect = self.prompt_rect
        pygame.draw.rect(surface, (30, 35, 46), rect)
        pygame.draw.line(surface, ui.EDGE, (rect.left, rect.bottom - 1),
                         (rect.right, rect.bottom - 1))
        size = max(13, round(14 * self.scale))
        height = rect.height - 10
        buttons: list[ui.Button] = []

        def add(label: str, action: Any, colour: tuple[int, int, int] = ui.TEXT) -> None:
            buttons.append(ui.Button(pygame.Rect(0, 0, 0, height), label, action, size=size,
                                     name=label))

        controls = self.controls
        if (controls.build is not None and not controls.build.required) \
                or controls.pair is not None:
            add("Cancel", self._cancel)
        elif controls.build is not None and controls.build.chosen:
            add("Start again", self._cancel)
        if controls.pair is not None:
            action = controls.pair_action()
            if action is not None:
                add("Discard them", lambda a=action: self._send_pair(a))
        if controls.mulligan is not None:
            count = len(controls.mulligan)
            add(f"Put back {count} and draw" if count else "Keep this hand",
                self.confirm_mulligan)
        if controls.replacing:
            add("Cancel", self._cancel)
        actor = self.session.actor
        if actor is not None and not self.session.seats[actor].human and not self.skipping \
                and not self.session.over:
            # with no person at the table (computers only) there is no turn to skip to
            add("Skip to my turn (F)" if self.session.humans() else "Skip to the end (F)",
                self.skip_ahead)
        for choice in reversed(controls.non_tile_options()):
            add(choice.label, lambda c=choice: c)
        unit = 0 if controls.fleet else controls.activated()
        if unit and controls.build is None and controls.pair is None and not self.toast:
            for choice in reversed(controls.unit_buttons()):
                add(choice.label, lambda c=choice: c)
        x = rect.right - 8
        for button in buttons:
            width = ui.font(size).size(button.label)[0] + 24
            button.rect = pygame.Rect(x - width, rect.top + 5, width, height)
            x -= width + 6
        self.prompt_buttons.buttons = buttons
        left = rect.left + 12
        if unit and controls.build is None and controls.pair is None and not self.toast:
            left = self._draw_unit_summary(surface, unit, left, rect.centery, size) + 16
        room = x - left - 10
        line = message
        while line and ui.font(size + 1).size(line)[0] > room:
            line = line[:-2]
        if line != message:
            line = line[:-1] + "…"
        ui.blit_text(surface, line, (left, rect.centery), size + 1, colour, anchor="midleft")
        for button in buttons:
            button.hover(self.mouse)
            button.draw(surface)

    def _draw_unit_summary(self, surface: pygame.Surface, unit: int, x: int, y: int,
                           size: int) -> int:
        """The activated unit: name, health and which of its actions are left."""
        game = self.game
        view = game.view(unit)
        colour = ui.player_colour(view.controller)
        x = ui.blit_text(surface, view.name, (x, y), size + 1, colour, True,
                         anchor="midleft").right + 8
        health = view.health
        x = ui.blit_text(surface, f"♥ {view.health_left}/{health}", (x, y), size, ui.TEXT,
                         anchor="midleft").right + 10
        if game.ruleset.movement_points:
            return self._draw_points_summary(surface, view, x, y, size)
        parts = [("move", view.moves_left), ("attack", view.attacks_left)]
        tile = view.tile
        if view.street_moves_left and tile is not None and game.tile_kind(tile).street:
            parts.append(("street", view.street_moves_left))
        for label, left in parts:
            mark = "✓" if left else "✗"
            x = ui.blit_text(surface, f"{mark} {label}", (x, y), size - 1,
                             ui.GOOD if left else ui.MUTED, anchor="midleft").right + 8
        return x

    def _draw_points_summary(self, surface: pygame.Surface, view: Any, x: int, y: int,
                             size: int) -> int:
        """Where moves cost movement points (the skirmish): the points left of the unit's
        speed, whether its attack is left, and its statuses with their counts."""
        points = view.moves_left
        colour = ui.GOOD if points > 0 else (ui.MUTED if points == 0 else ui.BAD)
        x = ui.blit_text(surface, f"◇ {points}/{view.movement} movement", (x, y), size - 1,
                         colour, anchor="midleft").right + 8
        mark = "✓" if view.attacks_left else "✗"
        x = ui.blit_text(surface, f"{mark} attack", (x, y), size - 1,
                         ui.GOOD if view.attacks_left else ui.MUTED,
                         anchor="midleft").right + 8
        for kind, count in view.marks:
            words = status_words(kind, count, self.app.settings.language)
            x = ui.blit_text(surface, words, (x, y), size - 1, ui.ACCENT,
                             anchor="midleft").right + 8
        return x

    def _send_pair(self, action: Action) -> None:
        self.controls.pair = None
        self.send(action)

    def _draw_upkeep(self, surface: pygame.Surface) -> None:
        me = self.viewer
        if me is None:
            return
        units = self.controls.upkeep_units()
        already = [u for u in self.game.players[me].disbanded if self.game.is_on_map(u)]
        _, height = self.upkeep.size_for(len(units) + len(already))
        # over the stack (empty while the upkeep is declared) and the log: never the map
        top = self.stack.rect.top if self.stack.rect.height else self.log.rect.top
        height = max(height, self.stack.rect.height)  # the whole stack panel, at least
        self.upkeep.rect = pygame.Rect(self.log.rect.left, top, self.log.rect.width,
                                       min(height, self.log.rect.bottom - top))
        self.upkeep.checked &= set(units)
        self.upkeep.pay.hover(self.mouse)
        self.upkeep.draw(surface, self.game, units, already, self.game.players[me].resource)

    def _draw_bottom(self, surface: pygame.Surface) -> None:
        if self.fleet_panel is not None:
            self.hand.slots = []
            self.fleet_panel.draw(surface, self.game, self._fleet_title())
            return
        pygame.draw.rect(surface, ui.PANEL, self.bottom)
        pygame.draw.line(surface, ui.EDGE, self.bottom.topleft, self.bottom.topright)
        if not self.game.ruleset.hands:
            self._draw_army(surface)
            return
        me = self.viewer
        self.piles.draw(surface, self.game, me, self.faces, self.card_width)
        if me is None:
            self.hand.slots = []
            ui.blit_text(surface, "(no hand shown)", self.hand.rect.center, 15, ui.MUTED,
                         anchor="center")
        else:
            cards = list(self.game.players[me].hand)
            raised: set[int] = set()
            if self.controls.build is not None and self.controls.build.card:
                raised.add(self.controls.build.card)
            if self.controls.pair:
                raised |= set(self.controls.pair)
            if self.controls.mulligan:
                raised |= set(self.controls.mulligan)
            self.hand.layout(cards, self.card_width, raised)
            playable = {c for c in cards if self.controls.playable(c)}
            dim = {c for c in cards if c not in playable} if self.controls.legal else set()
            marked = set(self.controls.pair or []) | set(self.controls.mulligan or [])
            glowing = playable if self.game.phase is not Phase.DISCARD else set()
            if self.controls.pair is not None:  # the trade: what it takes, what it could
                glowing = self.controls.pair_options()
                dim = {c for c in cards if c not in glowing and c not in marked}
            if self.controls.mulligan is not None:
                glowing, dim = set(), set()
            self.trade_marks = (set(self.controls.pair or ()), glowing) \
                if self.controls.pair is not None else (set(), set())
            self.hand.draw(surface, self.game, self.faces, glowing, dim, marked, self.hovered)
            for rect, card in self.hand.slots:
                if card in self.trade_marks[0]:
                    _plate(surface, "Discard", (rect.centerx, rect.top + 12),
                           max(11, round(12 * self.scale)))
            if not cards:
                ui.blit_text(surface, "Your hand is empty", self.hand.rect.center, 15,
                             ui.MUTED, anchor="center")
            label = ui.text(f"Hand of player {me + 1}", 12, ui.MUTED)
            spot = label.get_rect(topleft=(self.hand.rect.left, self.bottom.top + 4))
            covering = [r for r, _ in self.hand.slots if r.colliderect(spot)]
            if covering:  # a raised card: the label goes after the last card
                spot.left = max(r.right for r, _ in self.hand.slots) + 8
            surface.blit(label, spot)
            self.hand_label = spot
        for name in ("store", "pair", "replace"):
            button = self.button_named(name)
            if button is not None:
                button.draw(surface)

    def _draw_army(self, surface: pygame.Surface) -> None:
        """Where players hold no cards (the skirmish): the viewer's army, a line per unit
        (its health, whether it is ready, its statuses); the activated one picked out."""
        me = self.viewer if self.viewer is not None else self.game.active
        game = self.game
        units = [u for u in game.visible_permanents(me)
                 if game.controller(u) == me and game.card(u).is_unit]
        rect = self.bottom.inflate(-16, -8)
        size = max(11, round(13 * self.scale))
        ui.blit_text(surface, f"Army of player {me + 1}", (rect.left, rect.top), size,
                     ui.MUTED)
        line = ui.font(size).get_linesize() + 2
        columns = 3
        width = rect.width // columns
        rows = max(1, (rect.height - line) // line)
        language = self.app.settings.language
        for index, unit in enumerate(units[:rows * columns]):
            view = game.view(unit)
            x = rect.left + (index // rows) * width
            y = rect.top + line + (index % rows) * line
            colour = ui.ACCENT if unit == self.controls.activated() else (
                ui.MUTED if view.exhausted else ui.TEXT)
            state = "done" if view.exhausted else "ready"
            if view.container:
                state += f", in the {game.view(view.container).name}"
            words = [f"{view.name} ♥{view.health_left}/{view.health} {state}"]
            words += [status_words(kind, count, language) for kind, count in view.marks]
            text = " · ".join(words)
            while text and ui.font(size).size(text)[0] > width - 8:
                text = text[:-2]
            ui.blit_text(surface, text, (x, y), size, colour)

    def _draw_store(self, surface: pygame.Surface) -> None:
        me = self.viewer
        if me is None:
            self.overlay = None
            return
        game = self.game
        state = game.players[me]
        buys = {a.card for a in self.controls.legal if isinstance(a, Buy)}
        own = list(state.store)
        elsewhere = sorted(c for c in buys if c not in own)
        sections: list[tuple[str, list[int]]] = [("", own)]
        if elsewhere:
            sections.append(("At the map store", elsewhere))
        captions = {c: f"buy {game.card(c).buy} ◆" for c in own + elsewhere
                    if game.card(c).buy is not None}
        if game.phase is Phase.BUYING and game.active == me:
            if state.bought:
                hint = "You have bought this turn's card: one a turn."
            elif buys:
                hint = f"Click a glowing card to buy it (you have {state.resource} ◆)."
            else:
                hint = f"Nothing here costs {state.resource} ◆ or less."
        else:
            hint = f"You buy one card in your buying phase. You have {state.resource} ◆."
        self.grid.title = f"Store of player {me + 1}"
        self.grid.draw(surface, game, self.faces, sections, buys, captions, hint)

    def _draw_discards(self, surface: pygame.Surface) -> None:
        game = self.game
        tabs = [(f"P{p + 1} ({len(game.players[p].discard)})", p, p == self.discard_of)
                for p in range(len(game.players))]
        cards = list(reversed(game.players[self.discard_of].discard))
        self.grid.title = f"Discard pile of player {self.discard_of + 1}"
        self.grid.draw(surface, game, self.faces, [("", cards)], set(), {},
                       "Newest first. Discard piles are public.", tabs)

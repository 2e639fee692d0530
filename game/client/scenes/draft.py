"""The draft screen: the pack the viewer holds, what they have drafted, the counters.

Rule Drafting: every player in turn takes a card from the pack they hold; when all have
picked, the packs pass on. Clicking a card sends ``DraftPick`` (only picks the engine lists
as legal); computer seats pick at the settings' pace; between two human players in
hot-seat the curtain hides the pack. When the draft is over the board takes its place.
"""

from __future__ import annotations

import pygame

from game.client import ui
from game.client.app import App, Scene, Transition, push, quit_game, replace
from game.client.panels import CardFaces, CardRow, Dialog, Zoom, card_art, scale_of
from game.client.session import Session
from game.rules.core.actions import Action, DraftPick
from game.rules.core.state import Phase


class DraftScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.faces = CardFaces(card_art(app), app.settings.language, session.game.library)
        self.pack = CardRow()
        self.drafted = CardRow()
        self.zoom = Zoom()
        self.counts: list[pygame.Rect] = []  # where each player's pick count was drawn
        self.hovered = 0
        self.timer = 0.0
        self.dialog: Dialog | None = None
        self.sent: list[Action] = []
        self.going_anyway = False  # the save failed on leaving, and the player was told
        self.menu = ui.Button(pygame.Rect(0, 0, 0, 0), "Menu", self.ask_menu, name="menu")
        self.buttons = ui.ButtonRow([self.menu])
        self.layout()

    # ------------------------------------------------------------------ layout

    def layout(self) -> None:
        width, height = self.app.screen.get_size()
        s = scale_of((width, height))
        self.scale = s
        self.header = pygame.Rect(0, 0, width, round(64 * s))
        self.pack_width = round(190 * s)
        pack_h = round(self.pack_width * 1.4) + 40
        self.pack.rect = pygame.Rect(30, self.header.bottom + round(40 * s), width - 60, pack_h)
        self.drafted.rect = pygame.Rect(30, height - round(190 * s), width - 60,
                                        round(170 * s))
        self.menu.rect = pygame.Rect(width - round(130 * s), round(14 * s), round(110 * s),
                                     round(36 * s))
        self.dirty = True

    def resized(self) -> None:
        self.layout()

    # ------------------------------------------------------------------ state

    @property
    def viewer(self) -> int | None:
        return self.session.viewer

    def my_picks(self) -> list[Action]:
        actor = self.session.actor
        if actor is None or actor != self.viewer or not self.session.seats[actor].human:
            return []
        return [a for a in self.session.legal() if isinstance(a, DraftPick)]

    def held_pack(self) -> list[int]:
        """The pack the viewer holds (never another player's)."""
        game = self.game
        me = self.viewer
        if me is None or game.phase is not Phase.DRAFT or not game.held:
            return []
        return list(game.packs[game.held[me]])

    def pick(self, card: int) -> bool:
        me = self.viewer
        if me is None:
            return False
        action = DraftPick(me, card)
        if action not in self.my_picks() or action not in self.session.legal():
            return False
        self.session.apply(action)
        self.sent.append(action)
        self.hovered = 0
        self.zoom.set(None)
        self.dirty = True
        return True

    # ------------------------------------------------------------------ events

    def ask_menu(self) -> None:
        self.dialog = Dialog(
            pygame.Rect((0, 0), self.app.screen.get_size()), "Leave the draft?",
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
        """Save the game (a game in its draft is saved like any other) before the screen
        goes; False when that failed, once: the player is asked, a second try goes."""
        if self.going_anyway or not self.session.autosave_now():
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

    def _stay(self) -> None:
        self.dialog = None
        self.going_anyway = False
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if self.dialog is not None:
            redraw, result = self.dialog.buttons.handle(event)
            self.dirty |= redraw
            if result == "leave":
                from . import back_to_menu

                return back_to_menu(self.app)
            if result == "close":
                return quit_game()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_menu()
            return None
        redraw, _ = self.buttons.handle(event)
        self.dirty |= redraw
        if event.type == pygame.MOUSEMOTION:
            card, rect = self._card_under(event.pos)
            if card != self.hovered:
                self.hovered = card
                # a pack card's zoom goes into the room under the pack (beside the card
                # when there is none); a drafted card's over the pack, under the header
                how = "below" if self.pack.card_at(event.pos) else "above"
                self.zoom.set(self.game.card(card) if card else None, (how, rect),
                              event.pos)
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            card = self.pack.card_at(event.pos)
            if card:
                self.pick(card)
        return None

    def _card_under(self, pos: tuple[int, int]) -> tuple[int, pygame.Rect]:
        for row in (self.pack, self.drafted):
            card = row.card_at(pos)
            if card:
                for rect, each in row.slots:
                    if each == card:
                        return card, rect
        return 0, pygame.Rect(pos, (0, 0))

    # ------------------------------------------------------------------ update

    def busy(self) -> bool:
        actor = self.session.actor
        if actor is None or self.game.phase is not Phase.DRAFT:
            return True
        return not self.session.seats[actor].human or actor != self.viewer

    def update(self, dt: float) -> Transition | None:
        if self.game.phase is not Phase.DRAFT:
            from . import game_scene

            return replace(game_scene(self.app, self.session))
        actor = self.session.actor
        if actor is None:
            return None
        if self.session.seats[actor].human:
            self.timer = 0.0
            if actor != self.viewer:
                self.session.viewer = actor
                self.hovered = 0
                self.zoom.set(None)
                self.dirty = True
                from .curtain import CurtainScene

                return push(CurtainScene(self.app, self.session, actor,
                                         f"Player {actor + 1}: your draft pick"))
            return None
        self.timer += dt
        if self.timer >= self.app.settings.computer_pace:
            self.timer = 0.0
            self.session.step_computer()
            self.dirty = True
        return None

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        from . import draw_save_problem

        self._draw_draft(surface)
        draw_save_problem(surface, self.session, pygame.Rect(
            0, self.header.bottom, surface.get_width(), 24))
        if self.dialog is not None:
            self.dialog.draw(surface)

    def _draw_draft(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        game = self.game
        width = surface.get_width()
        pygame.draw.rect(surface, ui.PANEL, self.header)
        pygame.draw.line(surface, ui.EDGE, (self.header.left, self.header.bottom - 1),
                         (self.header.right, self.header.bottom - 1))
        fmt = getattr(game, "draft_format", None)
        rounds = fmt.rounds if fmt is not None else 1
        steps = max(1, game.draft_steps)
        ui.blit_text(surface, "Draft", (24, self.header.centery), 26, ui.ACCENT, True,
                     anchor="midleft")
        counters = (f"Round {min(game.draft_round + 1, rounds)} of {rounds}   ·   "
                    f"Pick {min(game.draft_step + 1, steps)} of {steps}")
        # the pick counts, shorter and smaller until they fit before the Menu button
        actor = self.session.actor
        room = self.menu.rect.left - 12
        for size, words in ((18, 2), (16, 1), (16, 0), (14, 0), (12, 0)):
            labels = [f"P{p + 1}: {len(state.store)}" + (" taken" if words else "")
                      + (" · picking" if p == actor and words > 1 else "")
                      for p, state in enumerate(game.players)]
            counts = ui.font(size).size(counters)[0] + 30 + sum(
                ui.font(size - 2, True).size(label)[0] + 22 for label in labels)
            if 130 + counts <= room:
                break
        x = ui.blit_text(surface, counters, (130, self.header.centery), size, ui.TEXT,
                         anchor="midleft").right + 30
        self.counts = []
        for player, label in enumerate(labels):
            colour = ui.player_colour(player)
            drawn = ui.blit_text(surface, label, (x, self.header.centery), size - 2, colour,
                                 True, anchor="midleft")
            if player == actor and words < 2:  # the one picking, underlined
                pygame.draw.line(surface, colour, (drawn.left, drawn.bottom),
                                 (drawn.right, drawn.bottom), 2)
            self.counts.append(drawn)
            x = drawn.right + 22
        self.menu.draw(surface)
        me = self.viewer
        picks = self.my_picks()
        if me is None:
            ui.blit_text(surface, "The computer players are drafting…",
                         surface.get_rect().center, 20, ui.MUTED, anchor="center")
            return
        title_y = self.pack.rect.top - round(30 * self.scale)
        if picks:
            title = f"Player {me + 1}: take a card from this pack"
            colour = ui.player_colour(me)
        elif actor is not None:
            who = f"Player {actor + 1}" + ("" if self.session.seats[actor].human
                                           else " (computer)")
            title = f"Waiting for {who} to pick…"
            colour = ui.MUTED
        else:
            title, colour = "", ui.MUTED
        ui.blit_text(surface, title, (self.pack.rect.left, title_y), 20, colour, True)
        pack = self.held_pack()
        fit = (self.pack.rect.width - 10 * max(0, len(pack) - 1)) // max(1, len(pack))
        self.pack.layout(pack, max(80, min(self.pack_width, fit)), centre=True, top=True)
        self.pack.draw(surface, game, self.faces, set(pack) if picks else set(),
                       set() if picks else set(pack), hovered=self.hovered)
        if picks and self.pack.slots:
            below = max(r.bottom for r, _c in self.pack.slots) + 8
            ui.blit_text(surface, f"{len(pack)} cards in the pack; what is left passes on once "
                         "every player has picked.", (self.pack.rect.left, below), 14, ui.MUTED)
        drafted = list(game.players[me].store)
        ui.blit_text(surface, f"Drafted by player {me + 1} so far ({len(drafted)})",
                     (self.drafted.rect.left, self.drafted.rect.top - 22), 16, ui.TEXT, True)
        pygame.draw.line(surface, ui.EDGE, (self.drafted.rect.left, self.drafted.rect.top - 30),
                         (width - 30, self.drafted.rect.top - 30))
        self.drafted.layout(drafted, round(96 * self.scale))
        self.drafted.draw(surface, game, self.faces, hovered=self.hovered)
        if not drafted:
            ui.blit_text(surface, "nothing yet", (self.drafted.rect.left + 4,
                                                  self.drafted.rect.top + 10), 15, ui.MUTED)
        if self.hovered:
            under_header = pygame.Rect(0, self.header.bottom, surface.get_width(),
                                       surface.get_height() - self.header.bottom)
            self.zoom.draw(surface, self.faces, round(Zoom.WIDTH * self.scale),
                           bounds=under_header)  # the header and its pick counts stay in sight


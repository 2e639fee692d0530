"""The curtain between human players in hot-seat: a full-screen cover, drawn over nothing,
until the next player clicks or presses Space (or Enter).

While it is up, ``session.viewer`` is None, so no screen below may show anyone's hand;
when it goes, the viewer becomes the player it was raised for.

It comes up only at a real hand-over: when the person to act is not the one at the
screen (the board's ``_hand_over``, the draft's next pick, a loaded hot-seat game). In
hot-seat, whether a person is asked to act at all never depends on hidden cards
(``Session.could_answer``), so neither does whether the curtain comes up.

A person called to answer someone else's action (``detail`` says which) may pass from
the curtain itself (the Pass button, or P) without their hand ever being shown: with
automatic passing off, every chance to answer is one click, not two screens.
"""

from __future__ import annotations

import pygame

from game.client import ui
from game.client.app import App, Scene, Transition, pop
from game.client.session import Session
from game.rules.core.actions import Pass


class CurtainScene(Scene):
    def __init__(self, app: App, session: Session, player: int | None = None,
                 title: str = "", detail: str = "", may_pass: bool = False) -> None:
        super().__init__(app)
        self.session = session
        if player is None:
            player = session.actor if session.actor is not None else 0
        self.player = player
        #: what the player is called to do ("Player 2's turn" unless told otherwise)
        self.title = title or f"Player {player + 1}'s turn"
        #: what they are called to answer, in a line
        self.detail = detail
        #: a Pass button: answer "pass" without showing the hand
        self.pass_button = ui.Button(pygame.Rect(0, 0, 240, 44), "Pass (P)", name="pass",
                                     hotkey=pygame.K_p) if may_pass else None
        session.viewer = None

    def enter(self) -> None:
        super().enter()
        self.session.viewer = None

    def reveal(self) -> Transition:
        self.session.viewer = self.player
        return pop()

    def pass_unseen(self) -> Transition:
        """Pass for the player without showing their hand; the screen stays covered."""
        if self.session.actor == self.player and Pass(self.player) in self.session.legal():
            self.session.apply(Pass(self.player))
        return pop()

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if self.pass_button is not None:
            if self.pass_button.hit(event):
                return self.pass_unseen()
            if event.type == pygame.MOUSEMOTION:
                self.dirty |= self.pass_button.hover(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.reveal()
        if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.reveal()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        colour = ui.player_colour(self.player)
        surface.fill(ui.BG)
        # a band in the player's colour across the middle
        band = pygame.Rect(0, height // 2 - 110, width, 220)
        dark = tuple(c // 3 for c in colour)
        pygame.draw.rect(surface, dark, band)
        pygame.draw.line(surface, colour, band.topleft, band.topright, 3)
        pygame.draw.line(surface, colour, band.bottomleft, band.bottomright, 3)
        ui.blit_text(surface, self.title, (width // 2, band.top + 30),
                     48, colour, True, anchor="midtop")
        if self.detail:
            ui.blit_text(surface, ui.fit_text(self.detail, width - 80, 18), (width // 2,
                         band.top + 94), 18, ui.TEXT, anchor="midtop")
        call = "Click or press Space to see your hand and answer" if self.pass_button \
            else "Click or press Space when ready"
        ui.blit_text(surface, call, (width // 2, band.top + 140), 22, ui.TEXT,
                     anchor="midtop")
        if self.pass_button is not None:
            self.pass_button.rect.midtop = (width // 2, band.bottom + 64)
            self.pass_button.draw(surface)
            ui.blit_text(surface, "or pass without showing your hand",
                         (width // 2, self.pass_button.rect.bottom + 8), 14, ui.MUTED,
                         anchor="midtop")
        ui.blit_text(surface, "Everyone else: please look away while they play.",
                     (width // 2, band.bottom + 30), 15, ui.MUTED, anchor="midtop")

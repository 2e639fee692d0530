"""Game over: who won and why, a short summary of the game, back to the menu or save the
replay (the engine's save file: ``python -m game replay FILE`` plays it back)."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game.client import settings, ui
from game.client.app import App, Scene, Transition
from game.client.session import ROUNDED, Session

#: the numbers of the end table in each ruleset: (column title, the row's key); what a
#: ruleset does not count (the duel's resource, the skirmish's cards) is left out
COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "muhq": (("Resource", "resource"), ("Points", "points"), ("Units left", "units"),
             ("Cards", "cards"), ("Store", "store")),
    "duel": (("General ♥", "general"), ("Units left", "units"), ("Cards", "cards")),
    "skirmish": (("Points", "points"), ("Units left", "units")),
    "fleet": (("Resource", "resource"), ("Points", "points"), ("Units left", "units"),
              ("Planets", "cards"), ("Tokens", "store")),
}


def replays_dir() -> Path:
    return settings.data_dir() / "replays"


def winners_title(session: Session) -> str:
    winners = session.game.winners
    if not winners:
        return "Nobody wins"
    humans = session.humans()
    if len(humans) == 1 and len(session.seats) > 1:
        return "You win!" if humans[0] in winners else \
            f"You lose: player {winners[0] + 1} wins"
    if len(winners) == 1:
        return f"Player {winners[0] + 1} wins!"
    names = [f"player {w + 1}" for w in winners]
    return f"{', '.join(names[:-1]).capitalize()} and {names[-1]} win!"


def result_line(session: Session) -> str:
    """Why the game ended, told to whoever sits at the screen: the win condition words it
    for the winner ("the enemy king fell", "reached 30 resource"); one person who lost
    reads "Your king fell", "Player 2 reached 30 resource"."""
    game = session.game
    reason = game.over_reason or "the game ended"
    humans = session.humans()
    winners = game.winners
    me = humans[0] if len(humans) == 1 and len(session.seats) > 1 else None
    lost = me is not None and bool(winners) and me not in winners
    if reason.startswith("the enemy "):
        if lost:
            return "Your " + reason[len("the enemy "):]
        return reason[:1].upper() + reason[1:]
    if reason.split(" ", 1)[0] in ("reached", "scored", "destroyed", "held", "had"):
        if me is not None and me in winners and len(winners) == 1:
            who = "You"
        else:
            who = " and ".join(f"Player {w + 1}" for w in winners) or "Somebody"
        if lost:
            reason = reason.replace("the enemy ", "your ")
        return f"{who} {reason}"
    return reason[:1].upper() + reason[1:]


class GameOverScene(Scene):
    ROW_H = 50

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.saved = ""  # where the replay went, or why it could not be saved
        self.save_failed = False
        self.menu = ui.Button(pygame.Rect(0, 0, 240, 52), "Back to menu", name="menu",
                              hotkey=pygame.K_ESCAPE)
        self.save = ui.Button(pygame.Rect(0, 0, 240, 52), "Save replay", name="save",
                              hotkey=pygame.K_s)
        self.buttons = ui.ButtonRow([self.menu, self.save])
        self.rows = self._summary()

    def _summary(self) -> list[dict[str, object]]:
        game = self.session.game
        game.enter()
        units: dict[int, int] = {}
        for entity in game.units():
            owner = game.controller(entity)
            units[owner] = units.get(owner, 0) + 1
        rows = []
        fleet = self.fleet
        for index, player in enumerate(game.players):
            seat = self.session.seats[index] if index < len(self.session.seats) else None
            if fleet:  # the fleet has no cards: its planets and command tokens instead
                from game.rules.rulesets.fleet.rules import planets_of, tokens_owned

                cards, store = len(planets_of(game, index)), tokens_owned(game, index)
            else:
                cards = len(player.deck) + len(player.hand) + len(player.discard)
                store = len(player.store)
            meters = {m.key: m.value for m in game.meters(index)}
            rows.append({
                "index": index,
                "who": seat.label() if seat is not None else "",
                "resource": meters.get("resource", player.resource),
                "points": meters.get("points", meters.get("fleet_points", player.points)),
                "general": meters.get("general", 0),
                "units": units.get(index, 0),
                "cards": cards,
                "store": store,
                "won": index in game.winners,
                "out": player.eliminated,
            })
        return rows

    @property
    def fleet(self) -> bool:
        return bool(self.session.game.ruleset.name == "fleet")

    def save_replay(self) -> None:
        game = self.session.game
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = replays_dir() / f"{game.map.name}-{stamp}.json"
        try:
            self.session.save(path)
        except OSError as exc:
            self.saved = f"{path}: expected a writable folder, found {type(exc).__name__}"
            self.save_failed = True
        else:
            self.saved = str(path)
            self.save_failed = False
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> Transition | None:
        redraw, _ = self.buttons.handle(event)
        self.dirty |= redraw
        if self.menu.hit(event) or (event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER)):
            from . import back_to_menu

            self.session.game.close()
            return back_to_menu(self.app)
        if self.save.hit(event):
            self.save_replay()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        width, height = surface.get_size()
        game = self.session.game
        wanted = 350 + len(self.rows) * self.ROW_H
        box = pygame.Rect(0, 0, min(900, width - 40), min(wanted, height - 40))
        box.center = (width // 2, height // 2)
        ui.panel(surface, box)
        winners = game.winners
        colour = ui.player_colour(winners[0]) if len(winners) == 1 else ui.ACCENT
        ui.blit_text(surface, winners_title(self.session), (box.centerx, box.top + 26), 44,
                     colour, True, anchor="midtop")
        ui.blit_text(surface, result_line(self.session), (box.centerx, box.top + 90), 20,
                     ui.TEXT, anchor="midtop")
        map_name = game.map.title or game.map.name
        rounds = self.session.round_number() if game.ruleset.name in ROUNDED else 0
        actions = len(game.history)
        length = f"{rounds} round{'s' if rounds != 1 else ''}" if rounds else \
            f"{game.turn} turns"
        ui.blit_text(surface, f"{map_name} · {length} · "
                     f"{actions} action{'s' if actions != 1 else ''}",
                     (box.centerx, box.top + 124), 16, ui.MUTED, anchor="midtop")
        self._draw_table(surface, pygame.Rect(box.left + 30, box.top + 170, box.width - 60,
                                              box.height - 300))
        if self.saved:
            text = ("Could not save the replay: " if self.save_failed else "Replay saved: ") \
                + self.saved
            from . import short_paths, wrap_paths

            for i, line in enumerate(wrap_paths(short_paths(text), box.width - 40, 14)[:2]):
                ui.blit_text(surface, line, (box.centerx, box.bottom - 132 + 18 * i), 14,
                             ui.BAD if self.save_failed else ui.GOOD, anchor="midtop")
        self.save.rect.bottomright = (box.centerx - 12, box.bottom - 28)
        self.menu.rect.bottomleft = (box.centerx + 12, box.bottom - 28)
        self.buttons.draw(surface)

    @property
    def columns(self) -> tuple[tuple[str, str], ...]:
        """The table's numbers, after the player and the result: (title, row key)."""
        return COLUMNS.get(self.session.game.ruleset.name, COLUMNS["muhq"])

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        shown = self.columns
        step = min(110, 360 // max(1, len(shown) - 1))
        columns = (("", 0), ("Player", 30), ("Result", 300),
                   *((title, 400 + i * step) for i, (title, _) in enumerate(shown)))
        scale = area.width / 820
        xs = [area.left + int(x * scale) for _, x in columns]
        for (title, _), x in zip(columns, xs, strict=True):
            ui.blit_text(surface, title, (x, area.top), 14, ui.MUTED, True)
        pygame.draw.line(surface, ui.EDGE, (area.left, area.top + 24),
                         (area.right, area.top + 24))
        for r, row in enumerate(self.rows):
            y = area.top + 34 + r * self.ROW_H
            index = int(row["index"])  # type: ignore[call-overload]
            colour = ui.player_colour(index)
            pygame.draw.circle(surface, colour, (xs[0] + 10, y + 11), 9)
            ui.blit_text(surface, f"Player {index + 1}", (xs[1], y), 17, colour, True)
            ui.blit_text(surface, str(row["who"]), (xs[1], y + 22), 13, ui.MUTED)
            if row["won"]:
                ui.blit_text(surface, "winner", (xs[2], y), 17, ui.ACCENT, True)
            elif row["out"]:
                ui.blit_text(surface, "out", (xs[2], y), 17, ui.BAD)
            for (_, key), x in zip(shown, xs[3:], strict=True):
                ui.blit_text(surface, str(row[key]), (x + 20, y), 17)

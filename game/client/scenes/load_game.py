"""Load game: the saves in the saves folder, newest first (each game's autosave among them).

Each row shows the save's name, when it was written, its map and how far the game got.
Loading replays the save through the engine (``game.rules.core.replay``), and the log is
written again from what each action did; a save that cannot be used shows why (file,
field, what was expected, what was found) and stays on disk untouched. Delete (or the Del
key) removes the chosen save, once the player confirms.

Who sat in each seat is kept inside the save (format 3, ``seats``), so a save and its
seats are written at once; the ``<name>.seats.json`` files older builds wrote next to a
save are still read (``read_seats``) but never written. Listing the saves removes the
temporary files of saves that were cut short (``remove_leftovers``).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.ai import PLAYERS
from game.client import settings, ui
from game.client.app import App, Scene, Transition, pop, replace
from game.client.confirm import Confirm
from game.client.session import Seat, Session, is_autosave, seats_of
from game.content.mods import Content, load_content
from game.rules.core.events import Event
from game.rules.core.replay import SaveError, read_save, replay
from game.rules.files import remove_leftovers

SEATS_SUFFIX = ".seats.json"
#: the largest seats file read (four seats take a hundred bytes)
SEATS_FILE_LIMIT = 64 * 1024

# --------------------------------------------------------------------- seats next to saves


def seats_path(save: Path) -> Path:
    """``saves/foo.json`` -> ``saves/foo.seats.json``."""
    return save.with_name(save.stem + SEATS_SUFFIX)


def read_seats(save: Path, players: int) -> list[Seat] | None:
    """The seats stored next to ``save``, or None when there are none that fit."""
    try:
        if seats_path(save).stat().st_size > SEATS_FILE_LIMIT:
            return None
        data = json.loads(seats_path(save).read_text(encoding="utf-8"))
        raw = data["seats"]
        seats = [Seat(bool(s["human"]), str(s.get("computer", "easy"))) for s in raw]
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None
    if len(seats) != players or any(not s.human and s.computer not in PLAYERS for s in seats):
        return None
    return seats


def delete_save(path: Path) -> str:
    """Remove a save and the seats file an older build wrote beside it; "" when done,
    else why not (the file, what was expected, what was found)."""
    try:
        path.unlink()
        seats_path(path).unlink(missing_ok=True)
    except FileNotFoundError:
        return ""
    except OSError as exc:
        return f"{path}: expected a save the game may delete, found {exc.strerror or exc}"
    return ""


def save_session(session: Session, path: Path) -> None:
    """Save a game in progress together with who sits in each seat (one atomic write)."""
    session.save(path)


# --------------------------------------------------------------------- the list of saves


@dataclass(slots=True)
class SaveEntry:
    path: Path
    modified: float
    title: str = ""
    detail: str = ""
    problem: str = ""

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))


#: the rulesets whose round is one turn of each seat, as the game's bar counts it (the
#: skirmish's and the fleet's rounds are the rules' own count, known by replaying only)
ROUND_OF_TURNS = ("muhq", "duel")


def _progress(data: dict[str, Any]) -> str:
    """How far the saved game went, in the words of its bar: the round (Muhq's Game, the
    duel), or the actions taken (the skirmish and the fleet count their rounds by rules
    a save's list alone does not show)."""
    actions = data["actions"]
    setup = data["setup"]
    raw_map = setup.get("map")
    rules = raw_map.get("ruleset") if isinstance(raw_map, dict) else None
    seats = setup.get("players")
    turn = len(data["turn_hashes"]) + 1
    if (rules or "muhq") in ROUND_OF_TURNS and isinstance(seats, int) and seats > 0:
        when = f"round {(turn - 1) // seats + 1}"
    else:
        when = ""
    if data.get("winners"):
        return f"finished in {when}" if when else f"finished after {len(actions)} actions"
    drafting = (not data["turn_hashes"] and setup.get("stores") is None
                and not setup.get("store_mode")
                and all(isinstance(a, dict) and a.get("kind") == "draft_pick" for a in actions))
    if drafting:
        return f"draft, {len(actions)} picks made"
    return f"{when}, {len(actions)} actions" if when else f"{len(actions)} actions"


def _generals(data: dict[str, Any]) -> str:
    """`` · Brannoc Wildheart against Mirel Frostmantle`` for a game with decks (a duel:
    each deck's first card is its general), else nothing."""
    setup = data["setup"]
    decks = setup.get("decks")
    duel = isinstance(setup.get("map"), dict) and setup["map"].get("ruleset") == "duel"
    if not duel or not isinstance(decks, list) or \
            not all(isinstance(d, list) and d for d in decks):
        return ""
    return " · " + " against ".join(str(deck[0]) for deck in decks)


def describe_save(path: Path) -> SaveEntry:
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    entry = SaveEntry(path, modified)
    try:
        data = read_save(path)
        raw_map = data["setup"].get("map") or {}
        entry.title = str(raw_map.get("title") or raw_map.get("name") or "unknown map")
        players = data["setup"].get("players", "?")
        entry.detail = f"{players} players · {_progress(data)}{_generals(data)}"
    except SaveError as exc:
        entry.problem = str(exc)
    except (AttributeError, KeyError, TypeError) as exc:
        entry.problem = f"{path}: setup: expected a game setup, found {type(exc).__name__}"
    return entry


def list_saves(folder: Path | None = None) -> list[SaveEntry]:
    """The ``.json`` saves in ``folder`` (the saves folder): autosave first, then newest."""
    folder = folder or settings.saves_dir()
    remove_leftovers(folder)
    try:
        paths = [p for p in folder.glob("*.json")
                 if not p.name.endswith(SEATS_SUFFIX) and not p.name.startswith(".")]
    except OSError:
        paths = []
    entries = [describe_save(p) for p in paths]
    entries.sort(key=lambda e: (-e.modified, e.path.name))
    return entries


class LoadGameScene(Scene):
    ROW = 58

    def __init__(self, app: App, content: Content | None = None,
                 folder: Path | None = None) -> None:
        super().__init__(app)
        self.content = content
        self.folder = folder
        self.entries: list[SaveEntry] = []
        self.chosen = 0
        self.scroll = 0
        self.message = ""  # why the last load (or delete) failed
        self.message_title = ""
        self.rows: list[pygame.Rect] = []
        self.back = ui.Button(pygame.Rect(0, 0, 180, 46), "Back", name="back")
        self.load = ui.Button(pygame.Rect(0, 0, 200, 46), "Load", name="load")
        self.refresh = ui.Button(pygame.Rect(0, 0, 180, 46), "Refresh", name="refresh")
        self.delete = ui.Button(pygame.Rect(0, 0, 180, 46), "Delete", name="delete",
                                tooltip="Del")
        self.buttons = ui.ButtonRow([self.back, self.load, self.refresh, self.delete])
        self.dialog: Confirm | None = None

    def enter(self) -> None:
        super().enter()
        self.entries = list_saves(self.folder)
        self.chosen = min(self.chosen, max(0, len(self.entries) - 1))
        self.load.enabled = self.delete.enabled = bool(self.entries)

    def _library(self) -> Any:
        if self.content is None:
            self.content = load_content()
        return self.content.library

    def open_save(self, entry: SaveEntry) -> Transition | None:
        """Load ``entry``; on failure keep the message and stay on this screen."""
        self.message_title = ""
        if entry.problem:
            self.message = entry.problem
            self.dirty = True
            return None
        batches: list[list[Event]] = []
        try:
            data = read_save(entry.path)
            game = replay(data, self._library(), str(entry.path), on_events=batches.append)
        except SaveError as exc:
            self.message = str(exc)
        except (KeyError, TypeError, ValueError) as exc:
            self.message = (f"{entry.path}: actions: expected a game the rules can replay, "
                            f"found {type(exc).__name__}: {exc}")
        else:
            from . import game_scene

            players = len(game.players)
            seats = seats_of(data, players) or read_seats(entry.path, players)
            session = Session.resume(game, seats, entry.path)
            session.restore_log(batches)
            return replace(game_scene(self.app, session))
        self.dirty = True
        return None

    def ask_delete(self) -> None:
        """Delete the chosen save, once the player says so."""
        if not self.entries:
            return
        entry = self.entries[self.chosen]
        label = "this autosave" if is_autosave(entry.path) else f"“{entry.path.stem}”"
        what = f"{entry.title} · {entry.detail}" if not entry.problem else "a broken save"

        def go() -> None:
            self.dialog = None
            self.message = delete_save(entry.path)
            self.message_title = "This save could not be deleted:"
            self.enter()

        def back() -> None:
            self.dialog = None
            self.dirty = True

        self.dialog = Confirm(pygame.Rect((0, 0), self.app.screen.get_size()),
                              "Delete the save?", f"Delete {label} ({what}, {entry.when})? "
                              "It cannot be undone.", "Delete", go, back, "Keep it")
        self.dirty = True

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if self.dialog is not None:
            redraw, _ = self.dialog.handle(event)
            self.dirty |= redraw
            return None
        redraw, _ = self.buttons.handle(event)
        self.dirty |= redraw
        if self.back.hit(event):
            return pop()
        if self.refresh.hit(event):
            self.message = ""
            self.enter()
            return None
        if self.load.hit(event) and self.entries:
            return self.open_save(self.entries[self.chosen])
        if self.delete.hit(event) or (event.type == pygame.KEYDOWN
                                      and event.key == pygame.K_DELETE):
            self.ask_delete()
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self.rows):
                if rect.collidepoint(event.pos):
                    index += self.scroll
                    again = index == self.chosen and getattr(event, "clicks", 1) >= 2
                    self.chosen = index
                    self.dirty = True
                    if again:
                        return self.open_save(self.entries[index])
        return None

    def _key(self, key: int) -> Transition | None:
        if key == pygame.K_ESCAPE:
            return pop()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.entries:
            return self.open_save(self.entries[self.chosen])
        if key in (pygame.K_UP, pygame.K_DOWN) and self.entries:
            step = -1 if key == pygame.K_UP else 1
            self.chosen = max(0, min(len(self.entries) - 1, self.chosen + step))
            visible = max(1, len(self.rows))
            if self.chosen < self.scroll:
                self.scroll = self.chosen
            elif self.chosen >= self.scroll + visible:
                self.scroll = self.chosen - visible + 1
            self.dirty = True
        return None

    def _scroll_by(self, rows: int) -> None:
        visible = max(1, len(self.rows))
        top = max(0, len(self.entries) - visible)
        self.scroll = max(0, min(top, self.scroll + rows))
        self.dirty = True

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        from . import short_paths, wrap_paths

        surface.fill(ui.BG)
        width, height = surface.get_size()
        ui.blit_text(surface, "Load game", (32, 20), 30, ui.ACCENT, True)
        folder = settings.saves_dir() if self.folder is None else self.folder
        ui.blit_text(surface, short_paths(f"Saves in {folder}"), (32, 64), 14, ui.MUTED)
        message_h = 0
        if self.message:
            lines = wrap_paths(short_paths(self.message), width - 100, 15)[:6]
            message_h = 50 + 20 * len(lines)
        area = pygame.Rect(32, 96, width - 64, height - 96 - 80 - message_h)
        ui.panel(surface, area)
        self.rows = []
        if not self.entries:
            ui.blit_text(surface, "No saves yet: every game autosaves as it goes.",
                         (area.left + 20, area.top + 20), 17, ui.MUTED)
        visible = max(1, (area.height - 16) // self.ROW)
        for slot, entry in enumerate(self.entries[self.scroll:self.scroll + visible]):
            index = self.scroll + slot
            rect = pygame.Rect(area.left + 8, area.top + 8 + slot * self.ROW,
                               area.width - 16, self.ROW - 6)
            self.rows.append(rect)
            self._draw_row(surface, rect, entry, index == self.chosen)
        if len(self.entries) > visible:
            last = min(len(self.entries), self.scroll + visible)
            ui.blit_text(surface, f"{self.scroll + 1}–{last} of {len(self.entries)} "
                         "(scroll for more)",
                         (area.right - 12, area.bottom - 8), 13, ui.MUTED, anchor="bottomright")
        if self.message:
            box = pygame.Rect(32, area.bottom + 10, width - 64, message_h - 10)
            ui.panel(surface, box, (60, 32, 32), ui.BAD)
            ui.blit_text(surface, self.message_title or
                         "This save cannot be loaded (the file is left as it is):",
                         (box.left + 16, box.top + 8), 15, ui.BAD, True)
            for i, line in enumerate(wrap_paths(short_paths(self.message), width - 100, 15)[:6]):
                ui.blit_text(surface, line, (box.left + 16, box.top + 32 + 20 * i), 15)
        self.back.rect.bottomleft = (32, height - 20)
        self.refresh.rect.bottomleft = (self.back.rect.right + 16, height - 20)
        self.delete.rect.bottomleft = (self.refresh.rect.right + 16, height - 20)
        self.load.rect.bottomright = (width - 32, height - 20)
        self.buttons.draw(surface)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, entry: SaveEntry,
                  chosen: bool) -> None:
        fill = (92, 76, 40) if chosen else ui.PANEL_LIGHT
        ui.panel(surface, rect, fill, ui.ACCENT if chosen else ui.EDGE, radius=6)
        name = entry.path.stem
        label = "Autosave" if is_autosave(entry.path) else name
        colour = ui.MUTED if entry.problem else ui.TEXT
        ui.blit_text(surface, label, (rect.left + 14, rect.top + 6), 18, colour, True)
        ui.blit_text(surface, entry.when, (rect.right - 14, rect.top + 8), 15, ui.MUTED,
                     anchor="topright")
        if entry.problem:
            short = entry.problem.split(": ", 1)[-1]
            line = ui.wrap(f"cannot be read: {short}", rect.width - 40, 14)[0]
            ui.blit_text(surface, line, (rect.left + 14, rect.top + 30), 14, ui.BAD)
        else:
            ui.blit_text(surface, f"{entry.title} · {entry.detail}",
                         (rect.left + 14, rect.top + 30), 14, ui.MUTED)

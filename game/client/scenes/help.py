"""Help: the keys and the words of the game screen, and the rules reference of each game
mode, searchable.

Opened with F1, ? or H from the game screen (on the game's own rules) and from the main
menu (How to play, key H). Typing searches: only the rules (or keys) holding every word
typed are shown, each under its section's title; Backspace takes a letter back, Esc clears
the search and then closes the help, as F1 does. Tab or a click on a tab changes the tab;
the wheel, the arrows, Page Up/Down and Home/End scroll.

The rules come from the project's rules documents (``game.client.rules_text``), so the
help says what the engine plays.
"""

from __future__ import annotations

import pygame

from game.client import ui
from game.client.app import App, Scene, Transition, pop
from game.client.rules_text import DOCUMENTS, Entry, reference, search

from .credits import Line, Paragraph, draw_lines, layout_lines, lines_height, scroll_steps

#: the tabs: name, label
TABS = (("keys", "Keys and words"), ("muhq", "Muhq's Game"), ("duel", "The duel"),
        ("fleet", "The fleet"), ("skirmish", "The skirmish"))

#: what every game screen knows (keys, what they do)
COMMON_KEYS = (
    ("Left click", "choose: one of your units, a lit tile, a card in your hand, a button"),
    ("Right click, Esc", "cancel the choice in progress; Esc with nothing to cancel "
     "leaves the game (it is saved)"),
    ("Mouse resting", "a card or piece shows large; a tile says what its terrain does; a "
     "red target says what the attack would do"),
    ("Arrows, right drag", "scroll the map"),
    ("Wheel, + and -", "zoom the map"),
    ("F", "skip to your turn: the computers play on without pause"),
    ("Ctrl+Z, U", "undo: take back your last action (and the passes that followed it), "
     "until a card is drawn, chance takes part, something hidden is shown or another "
     "player acts; the log says \u201cUndone: ...\u201d (also the Undo button)"),
    ("Ctrl+S", "save the game"),
    ("F1, ?, H", "this help"),
    ("Enter, Esc, D", "in a question: go ahead, go back, don't ask again"),
)
#: keys of one game mode
RULESET_KEYS = {
    "muhq": (("Space", "Pass: end what you are doing now (rest the mouse on Pass to read "
              "what); once everyone passes, the action on top of the stack happens, or the "
              "phase ends"),
             ("Enter", "End turn: pass through the rest of your turn (buying included) and "
              "end it"),
             ("B", "open or close your store")),
    "duel": (("Enter", "end the turn"), ("B", "cast your bloodbound spell"),
             ("R", "replace a card of your hand")),
    "fleet": (("Enter", "finish the step at hand: move the declared ships, land, stop "
               "building, hold fire or pass for the round"),),
    "skirmish": (("Enter", "end the activated unit's activation"),
                 ("Mouse resting on a hex", "the way there and its cost in movement points, "
                  "or the line of sight to it")),
}
#: the screen's words in plain words
WORDS = (
    ("Pass", "you are done for now: let the game go on. In your action phase it ends the "
     "phase (units that have not acted stay idle)."),
    ("Your turn / may answer", "whose turn it is, and who may play a fast card now, in "
     "answer to what is on the stack (the rules call this holding priority)."),
    ("Stack", "declared actions wait there; everyone may answer; the newest happens first."),
    ("Upkeep", "the start of your turn: you gain the map's income and pay for your units, or "
     "disband them."),
    ("Activate", "pick one of your units to act with: a move and an attack (or a full "
     "action); turning to another unit ends the first one's turn."),
    ("Tapped", "a permanent that has acted this turn (drawn dimmed)."),
    ("Fast, slow, free action", "a fast action (a spell, a free action) may be played "
     "whenever you may answer; a slow one only in your own action phase with an empty "
     "stack."),
    ("◆, ★", "resource (pays for cards, buys and upkeep), points (some maps are won with "
     "them)."),
    ("Striped amber target", "a piece of your own: hurting it is asked about first."),
)


def key_entries(ruleset: str) -> list[Entry]:
    """The Keys and words tab as entries (so it is searched like the rules)."""
    found = [Entry("Keys", "Keys", 2)]
    keys = (*RULESET_KEYS.get(ruleset, RULESET_KEYS["muhq"]), *COMMON_KEYS)
    found += [Entry("Keys", f"{key} — {what}") for key, what in keys]
    found.append(Entry("Words on the screen", "Words on the screen", 2))
    found += [Entry("Words on the screen", f"{word} — {what}") for word, what in WORDS]
    return found


HEADING_SIZES = {1: 24, 2: 20, 3: 17, 4: 16}


def paragraphs(entries: list[Entry]) -> list[Paragraph]:
    out = []
    for entry in entries:
        if entry.level:
            size = HEADING_SIZES.get(entry.level, 16)
            colour = ui.ACCENT if entry.level <= 2 else ui.TEXT
            out.append(Paragraph(entry.text, size, colour, True, gap=14 if entry.level <= 2
                                 else 8))
        else:
            out.append(Paragraph(entry.text, 15, ui.TEXT, indent=12, gap=5))
    return out


class HelpScene(Scene):
    def __init__(self, app: App, ruleset: str = "muhq", tab: str = "") -> None:
        super().__init__(app)
        self.ruleset = ruleset if ruleset in DOCUMENTS else "muhq"
        self.tab = tab or self.ruleset
        self.query = ""
        self.scroll = 0  # pixels scrolled down
        self.back = ui.Button(pygame.Rect(0, 0, 160, 44), "Back", name="back")
        self.tabs = ui.ButtonRow([ui.Button(pygame.Rect(0, 0, 0, 36), label, name=name,
                                            size=15) for name, label in TABS])
        self.text_area = pygame.Rect(0, 0, 0, 0)
        self._lines: tuple[tuple[str, str, int], list[Line]] = (("", "", 0), [])

    # ------------------------------------------------------------------ content

    def entries(self) -> list[Entry]:
        """What the tab shows for the search typed so far."""
        if self.tab == "keys":
            return search(key_entries(self.ruleset), self.query)
        return search(reference(self.tab), self.query)

    def lines(self) -> list[Line]:
        key = (self.tab, self.query, self.text_area.width)
        if self._lines[0] != key:
            self._lines = (key, layout_lines(paragraphs(self.entries()),
                                             self.text_area.width))
        return self._lines[1]

    def text_height(self) -> int:
        return lines_height(self.lines())

    def scroll_by(self, pixels: int) -> None:
        most = max(0, self.text_height() - self.text_area.height)
        wanted = max(0, min(self.scroll + pixels, most))
        if wanted != self.scroll:
            self.scroll = wanted
            self.dirty = True

    def choose_tab(self, name: str) -> None:
        self.tab = name
        self.scroll = 0
        self.dirty = True

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if self.back.hit(event):
            return pop()
        if event.type == pygame.MOUSEMOTION:
            self.dirty |= self.back.hover(event.pos) | self.tabs.handle(event)[0]
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for button in self.tabs.buttons:
                if button.rect.collidepoint(event.pos):
                    self.choose_tab(button.name)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 48)
        elif event.type == pygame.KEYDOWN:
            return self._key(event)
        return None

    def _key(self, event: pygame.event.Event) -> Transition | None:
        key = event.key
        if key == pygame.K_F1 or (key == pygame.K_ESCAPE and not self.query):
            return pop()
        if key == pygame.K_ESCAPE:
            self.query = ""
        elif key == pygame.K_BACKSPACE:
            self.query = self.query[:-1]
        elif key == pygame.K_TAB:
            names = [name for name, _ in TABS]
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.choose_tab(names[(names.index(self.tab) + step) % len(names)])
            return None
        elif key in scroll_steps(0):
            self.scroll_by(scroll_steps(max(40, self.text_area.height - 40))[key])
            return None
        elif event.unicode and event.unicode.isprintable() and not (
                event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)) and len(self.query) < 60:
            self.query += event.unicode
        else:
            return None
        self.scroll = 0
        self.dirty = True
        return None

    def resized(self) -> None:
        super().resized()
        self.scroll = 0

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        width, height = surface.get_size()
        left = max(30, width // 20)
        ui.blit_text(surface, "Help", (left, 18), 30, ui.ACCENT, True)
        x = left + 96
        for button in self.tabs.buttons:
            button.rect.width = ui.font(15).size(button.label)[0] + 28
            button.rect.topleft = (x, 20)
            button.selected = button.name == self.tab
            x = button.rect.right + 8
        self.tabs.draw(surface)
        box = pygame.Rect(left, 68, min(620, width - 2 * left), 34)
        ui.panel(surface, box, ui.PANEL_LIGHT, ui.ACCENT if self.query else ui.EDGE, 6)
        shown = self.query + "▏" if self.query else "Type to search (e.g. upkeep, cover, "\
            "stack)"
        ui.blit_text(surface, shown, (box.left + 10, box.centery), 16,
                     ui.TEXT if self.query else ui.MUTED, anchor="midleft")
        found = self.entries()
        if self.query:
            count = sum(1 for e in found if not e.level)
            note = f"{count} match{'es' if count != 1 else ''}" if count else "nothing found"
            ui.blit_text(surface, note + " · Esc clears", (box.right + 14, box.centery), 14,
                         ui.MUTED, anchor="midleft")
        self.back.rect.bottomleft = (left, height - 16)
        self.text_area = pygame.Rect(left, box.bottom + 14, min(1100, width - 2 * left),
                                     self.back.rect.top - 12 - box.bottom - 14)
        self.scroll = max(0, min(self.scroll, self.text_height() - self.text_area.height))
        draw_lines(surface, self.text_area, self.lines(), self.scroll)
        ui.blit_text(surface, "Type to search · Tab: next tab · wheel, arrows, Page Up/Down "
                     "scroll · Esc or F1: back", (self.back.rect.right + 20,
                                                  self.back.rect.centery), 13, ui.MUTED,
                     anchor="midleft")
        self.back.draw(surface)

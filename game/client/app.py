"""The window's main loop and the scene protocol.

A scene handles events, updates and draws; its handlers may return a ``Transition`` (push a
scene on top, pop back, replace the current one, or quit). The loop only dispatches events,
draws the top scene when it is dirty, and flips; with nothing animating it sleeps in
``pygame.event.wait`` so an idle window costs no CPU.

Time reaches the scenes only as each frame's ``dt``, read from ``now`` (the
performance counter by default). A test gives the app a clock of its own
(``App(now=...)``) and moves it as it likes: frames then come as fast as they are asked
for (no frame limiter), and an animation plays the same way on every machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from .settings import Settings

#: Frames per second while something moves (animations, computer turns).
ACTIVE_FPS = 60
#: How long the idle loop sleeps at most between checks (ms).
IDLE_WAIT_MS = 500


@dataclass(frozen=True, slots=True)
class Transition:
    kind: str  # "push", "pop", "replace", "quit"
    scene: Scene | None = None


def push(scene: Scene) -> Transition:
    return Transition("push", scene)


def replace(scene: Scene) -> Transition:
    return Transition("replace", scene)


def pop() -> Transition:
    return Transition("pop")


def quit_game() -> Transition:
    return Transition("quit")


class Scene:
    """Base class: override what the scene needs."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.dirty = True

    #: keep the loop ticking (animation, computer players thinking)
    def busy(self) -> bool:
        return False

    def enter(self) -> None:
        """Called when the scene becomes the top scene (again)."""
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> Transition | None:
        return None

    def update(self, dt: float) -> Transition | None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))

    def resized(self) -> None:
        self.dirty = True

    def closing(self) -> bool:
        """The window is being closed: keep what must be kept (a game saves itself).
        False keeps the window open; the scene then shows why."""
        return True


#: room left round a window on a screen smaller than the window wanted (its frame, the
#: desktop's panels), in pixels; and the smallest window made to keep it
SCREEN_MARGIN = (40, 80)
SMALLEST_WINDOW = (640, 480)


def fitted_size(wanted: tuple[int, int], desktops: Sequence[tuple[int, int]]
                ) -> tuple[int, int]:
    """The window to open on a screen of the first of ``desktops``: ``wanted``, made
    smaller where the screen is smaller (an 800x600 screen opened the 1280x720 window
    with its top and left edges off the screen). Unknown screens keep ``wanted``."""
    if not desktops or min(desktops[0]) <= 0:
        return wanted
    fitted = []
    for want, screen, margin, least in zip(wanted, desktops[0], SCREEN_MARGIN,
                                           SMALLEST_WINDOW, strict=True):
        room = screen - margin if screen - margin >= least else screen
        fitted.append(min(want, room))
    return fitted[0], fitted[1]


class App:
    def __init__(self, settings: Settings | None = None, *, size: tuple[int, int] | None = None,
                 title: str = "Muhq's Game", now: Callable[[], float] | None = None
                 ) -> None:
        self.settings = settings or Settings.load()
        # only what the game uses: no sound system is opened (nothing here plays sound)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(title)
        self.size = size or self.settings.window_size
        flags = pygame.RESIZABLE
        if self.settings.fullscreen:
            flags = pygame.FULLSCREEN
        self.screen = pygame.display.set_mode(self.size, flags)
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.messages: list[str] = []  # problems to show (bad maps, cards, saves)
        self.frames_drawn = 0
        #: the clock each frame's ``dt`` comes from (seconds)
        self.now: Callable[[], float] = now or time.perf_counter
        #: a clock of the caller's own sets the pace: no frame limiter then
        self.limit_frames = now is None
        self._last = self.now()

    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def start(self, scene: Scene) -> None:
        self.scenes = [scene]
        scene.enter()

    def apply(self, transition: Transition | None) -> None:
        if transition is None:
            return
        if transition.kind == "quit":
            self.running = False
            return
        if transition.kind == "pop":
            if self.scenes:
                self.scenes.pop()
            if not self.scenes:
                self.running = False
                return
        elif transition.kind == "push" and transition.scene is not None:
            self.scenes.append(transition.scene)
        elif transition.kind == "replace" and transition.scene is not None:
            if self.scenes:
                self.scenes.pop()
            self.scenes.append(transition.scene)
        if self.scene is not None:
            self.scene.enter()

    def may_close(self) -> bool:
        """Ask every scene, top first, whether the window may close (each saves what it
        holds). When one says no, the scenes above it go (a curtain, say) so that it can
        show why."""
        for index in range(len(self.scenes) - 1, -1, -1):
            scene = self.scenes[index]
            if not scene.closing():
                del self.scenes[index + 1:]
                scene.enter()
                return False
        return True

    def step(self, events: list[pygame.event.Event] | None = None) -> bool:
        """One iteration of the loop; returns False once the app should close."""
        scene = self.scene
        if scene is None:
            return False
        if events is None:
            if scene.busy() or scene.dirty:
                events = pygame.event.get()
            else:
                first = pygame.event.wait(IDLE_WAIT_MS)
                events = [first] if first.type != pygame.NOEVENT else []
                events.extend(pygame.event.get())
        for event in events:
            if event.type == pygame.QUIT:
                if self.may_close():
                    self.running = False
                    return False
                continue
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.size = self.screen.get_size()
                for each in self.scenes:
                    each.resized()
                continue
            current = self.scene
            if current is None:
                return False
            self.apply(current.handle(event))
            if not self.running:
                return False
        now = self.now()
        dt, self._last = now - self._last, now
        current = self.scene
        if current is None:
            return False
        self.apply(current.update(dt))
        if not self.running or self.scene is None:
            return False
        if self.scene.dirty:
            self.scene.draw(self.screen)
            self.scene.dirty = False
            self.frames_drawn += 1
            pygame.display.flip()
        if self.scene.busy() and self.limit_frames:
            self.clock.tick(ACTIVE_FPS)
        return True

    def run(self, scene: Scene) -> int:
        self.start(scene)
        while self.running and self.step():
            pass
        pygame.quit()
        return 0

"""Player settings, kept as JSON in the per-user config folder."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

from game.rules.files import write_atomically

APP_NAME = "muhq-game"


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME))


def saves_dir() -> Path:
    return data_dir() / "saves"


@dataclass(slots=True)
class Settings:
    window_width: int = 1280
    window_height: int = 720
    fullscreen: bool = False
    #: 0 = no animation, 1 = normal, 2 = fast
    animation_speed: float = 1.0
    #: pass priority automatically when no fast action is possible
    auto_pass: bool = True
    #: seconds a computer player's visible move stays on screen before its next action
    #: (``game.client.pacing``; its bookkeeping goes on at once)
    computer_pace: float = 0.4
    language: str = "en"
    #: ask before a Pass or End turn leaves units that could still act idle
    ask_idle_units: bool = True
    #: ask before a Pass or End turn skips a buy the player can afford
    ask_skipped_buy: bool = True
    #: "Your first game" was played to its end (the menu then stops pointing at it)
    tutorial_done: bool = False

    @property
    def window_size(self) -> tuple[int, int]:
        return (self.window_width, self.window_height)

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read the settings; a missing or broken file gives the defaults."""
        path = path or config_dir() / "settings.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(data, dict):
            return cls()
        settings = cls()
        for f in fields(cls):
            value = data.get(f.name)
            default = getattr(settings, f.name)
            if isinstance(value, type(default)) or (
                    isinstance(default, float) and isinstance(value, int)):
                setattr(settings, f.name, type(default)(value))
        settings.window_width = max(800, min(settings.window_width, 7680))
        settings.window_height = max(600, min(settings.window_height, 4320))
        return settings

    def save(self, path: Path | None = None) -> None:
        path = path or config_dir() / "settings.json"
        write_atomically(path, json.dumps(asdict(self), indent=1) + "\n")

"""Loading a module from a file that is not on the import path (the tools/ scripts), for
the tests of those scripts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load(name: str, path: Path) -> ModuleType:
    """The module in ``path``, loaded under ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while building classes
    spec.loader.exec_module(module)
    return module

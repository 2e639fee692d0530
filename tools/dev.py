#!/usr/bin/env python3
"""Developer bootstrap for Muhq's Game: one command to play, test, lint or type-check.

Needs nothing but Python 3.11+ (standard library only). On first use it creates ``.venv/``
at the repository root and installs the project into it in editable mode with the ``test``
extra; it reinstalls whenever ``pyproject.toml`` changes. Then it runs the requested
command with the virtual environment's Python and returns that command's exit code
(``test`` runs ruff, mypy and pytest, and fails if any of them failed).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
PYPROJECT = ROOT / "pyproject.toml"
STAMP = VENV / ".pyproject.sha256"

USAGE = """\
usage: python3 tools/dev.py COMMAND [ARGS...]

Sets up .venv/ (first run, or after pyproject.toml changed) and runs COMMAND in it.

commands:
  play [ARGS...]       start the game: python -m game ARGS (try: play --help)
  test [ARGS...]       the whole test suite: ruff check ., then mypy, then
                       python -m pytest ARGS (e.g. test -k cli -x); all three always
                       run, and it fails if any of them failed
  lint [ARGS...]       check the code: ruff check . ARGS
  typecheck [ARGS...]  check the types: mypy ARGS (settings in pyproject.toml)

Only Python 3.11 or newer is needed; everything else is installed into .venv/.
"""

# command name -> argument list to put after the venv's python, before the user's arguments
COMMANDS: dict[str, list[str]] = {
    "play": ["-m", "game"],
    "test": ["-m", "pytest"],
    "lint": ["-m", "ruff", "check", "."],
    "typecheck": ["-m", "mypy"],
}
# what ``test`` runs before pytest (without the user's arguments, which are pytest's)
TEST_CHECKS: list[tuple[str, str]] = [("ruff", "lint"), ("mypy", "typecheck")]


def say(message: str) -> None:
    print(f"dev: {message}", flush=True)


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def pyproject_hash() -> str:
    return hashlib.sha256(PYPROJECT.read_bytes()).hexdigest()


def create_venv() -> bool:
    say("setting up .venv (first run only)...")
    result = subprocess.call([sys.executable, "-m", "venv", str(VENV)])
    if result != 0 or not venv_python().exists():
        shutil.rmtree(VENV, ignore_errors=True)
        say("could not create .venv; on Debian/Ubuntu install the python3-venv package")
        return False
    return True


def install_project(reason: str) -> bool:
    say(f"installing the project and its test tools into .venv ({reason})...")
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    command = [str(venv_python()), "-m", "pip", "install", "--quiet", "-e", ".[test]"]
    if subprocess.call(command, cwd=ROOT, env=env) != 0:
        say("pip install failed (see above); it will be retried on the next run")
        return False
    STAMP.write_text(pyproject_hash() + "\n", encoding="utf-8")
    say("ready.")
    return True


def ensure_venv() -> bool:
    """Create and fill .venv if needed. Returns False if that failed."""
    if not venv_python().exists() and not create_venv():
        return False
    if not STAMP.exists():
        return install_project("new environment")
    if STAMP.read_text(encoding="utf-8").strip() != pyproject_hash():
        return install_project("pyproject.toml changed")
    return True


def run(command: str, rest: list[str]) -> int:
    # play keeps the caller's directory so relative map, mod and save paths work; the
    # others run from the root so they pick up pyproject.toml's settings.
    cwd = None if command == "play" else ROOT
    return subprocess.call([str(venv_python()), *COMMANDS[command], *rest], cwd=cwd)


def run_tests(rest: list[str]) -> int:
    """ruff, mypy, then pytest with ``rest``: all three run, pytest last so that its summary
    closes the output. Returns pytest's exit code, or 1 if only ruff or mypy failed."""
    failed: list[str] = []
    for name, command in TEST_CHECKS:
        say(f"{name}...")
        if run(command, []) != 0:
            failed.append(name)
            say(f"{name} failed (see above); running the rest of the tests anyway")
    say("pytest...")
    result = run("test", rest)
    if failed:
        say(f"failed: {', '.join(failed)}" + (" and pytest" if result != 0 else ""))
        return result or 1
    return result


def main(argv: list[str]) -> int:
    # This script may be started by an older system python3: say so plainly.
    if sys.version_info < (3, 11):  # noqa: UP036
        print("Muhq's Game needs Python 3.11 or newer.", file=sys.stderr)
        return 2
    if not argv or argv[0] in ("-h", "--help", "help"):
        stream = sys.stdout if argv else sys.stderr
        stream.write(USAGE)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command not in COMMANDS:
        sys.stderr.write(f"dev: unknown command {command!r}\n\n{USAGE}")
        return 2
    if not ensure_venv():
        return 1
    try:
        if command == "test":
            return run_tests(rest)
        return run(command, rest)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Mods stay in their folder: every file a mod holds or names (cards, pictures, maps, their
tilesets and pictures, decks, the manifest) is read only when it lies inside the mod's
folder, links followed, and is a regular file within its limit; a link leading out, a
link loop, a FIFO or a device is refused with a line naming the file. ``validate``,
``mods`` and loading report the same problems for the same mod: they run the same code.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from game.cli import main
from game.content import cards as cards_module
from game.content.cards import ASSETS, CARDS_DIR
from game.content.mods import describe, load_content, problems_in
from game.maps import check_tmx, load_tmx
from game.maps.files import GAME_TILESETS
from game.runner import validate_paths

SHIPPED_MAP = ASSETS.parent / "maps" / "2P-stick-meadow.tmx"
EXAMPLE = ASSETS / "mods" / "example-mod"
CARD = "type: unit\nname: {name}\nattack: 1\nhealth: 1\nmovement: 2\nbuy: 2\nplay: 1\n"
PNG = (EXAMPLE / "art" / "trapper.png").read_bytes()

needs_links = pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt",
                                 reason="symbolic links need a POSIX system here")
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def make_mod(tmp_path: Path, name: str = "sly") -> Path:
    mod = tmp_path / name
    write(mod / "mod.yaml", f"name: {name}\nversion: 1.0.0\n")
    write(mod / "cards" / "extra" / "fox.yaml", CARD.format(name="Sly Fox"))
    return mod


def outside(tmp_path: Path) -> Path:
    """A folder beside the mods: what a mod must never read."""
    folder = tmp_path / "elsewhere"
    folder.mkdir(exist_ok=True)
    return folder


def mod_lines(mod: Path) -> list[str]:
    """The problems of ``mod`` as loading reports them (one line each)."""
    content = load_content([mod], include_user=False)
    return [str(p) for p in problems_in(content, [mod])]


def the_same_everywhere(mod: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The mod's problems, checked to be the same lines from loading, ``validate`` and
    ``mods``; returned."""
    loaded = mod_lines(mod)
    assert main(["validate", "--no-user-mods", str(mod)]) == (1 if loaded else 0)
    validated = [line for line in capsys.readouterr().out.splitlines()
                 if not line.startswith("no problems")]
    main(["mods", "--no-user-mods", "--mod", str(mod)])
    listed = [line.strip() for line in capsys.readouterr().out.splitlines()
              if line.startswith(f"  {mod}")]
    assert validated == loaded
    assert listed == loaded
    return loaded


def only_line(lines: list[str], file: Path) -> str:
    found = [line for line in lines if line.startswith(f"{file}: ")]
    assert len(found) == 1, lines
    return found[0]


# ---------------------------------------------------------------------------- links out


@needs_links
def test_a_picture_linked_out_of_the_mod_is_refused_by_every_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = make_mod(tmp_path)
    secret = write(outside(tmp_path) / "secret.png", PNG)
    (mod / "art").mkdir()
    (mod / "art" / "fox.png").symlink_to(secret)
    lines = the_same_everywhere(mod, capsys)
    line = only_line(lines, mod / "art" / "fox.png")
    assert ": file: expected a file inside " in line and f"found a link to {secret}" in line
    assert "Sly Fox" not in load_content([mod], include_user=False).art


@needs_links
@pytest.mark.parametrize("part", ["card file", "set folder", "cards folder", "manifest",
                                  "map", "deck"])
def test_a_link_leading_out_of_the_mod_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], part: str) -> None:
    mod = make_mod(tmp_path)
    away = outside(tmp_path)
    if part == "card file":
        target = write(away / "wolf.yaml", CARD.format(name="Far Wolf"))
        link = mod / "cards" / "extra" / "wolf.yaml"
    elif part == "set folder":
        target = away / "set"
        write(target / "wolf.yaml", CARD.format(name="Far Wolf"))
        link = mod / "cards" / "far"
    elif part == "cards folder":
        shutil.rmtree(mod / "cards")
        target = away / "cards"
        write(target / "set" / "wolf.yaml", CARD.format(name="Far Wolf"))
        link = mod / "cards"
    elif part == "manifest":
        target = write(away / "mod.yaml", "name: sly\nversion: 1.0.0\n")
        (mod / "mod.yaml").unlink()
        link = mod / "mod.yaml"
    elif part == "map":
        target = write(away / "island.tmx", SHIPPED_MAP.read_text(encoding="utf-8"))
        link = mod / "maps" / "island.tmx"
    else:
        target = write(away / "pack.yaml", "name: Pack\ngeneral: Nobody\ncards: {}\n")
        link = mod / "decks" / "duel" / "pack.yaml"
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(target)
    content = load_content([mod], include_user=False)
    lines = the_same_everywhere(mod, capsys)
    line = only_line(lines, link)
    assert "inside" in line and f"found a link to {target}" in line
    assert "Far Wolf" not in content.library
    assert "island" not in content.maps
    if part == "manifest":
        assert "sly" not in [m.name for m in content.mods]


@needs_links
def test_a_link_inside_the_mod_is_fine(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    mod = make_mod(tmp_path)
    write(mod / "spare" / "wolf.yaml", CARD.format(name="Near Wolf"))
    (mod / "cards" / "near").symlink_to(mod / "spare")
    assert the_same_everywhere(mod, capsys) == []
    assert "Near Wolf" in load_content([mod], include_user=False).library


# ---------------------------------------------------------------------------- loops, FIFOs


@needs_links
def test_a_link_loop_in_cards_is_a_line_not_a_crash(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = make_mod(tmp_path)
    (mod / "cards" / "loop").symlink_to(mod / "cards" / "loop")
    (mod / "cards" / "extra" / "round.yaml").symlink_to(mod / "cards" / "extra" / "round.yaml")
    lines = the_same_everywhere(mod, capsys)
    assert only_line(lines, mod / "cards" / "loop").endswith("found a symbolic link loop")
    assert only_line(lines, mod / "cards" / "extra" / "round.yaml").endswith(
        "found a symbolic link loop")
    # the file itself, asked about alone, says the same
    assert validate_paths([str(mod / "cards" / "extra" / "round.yaml")],
                          include_user=False) == [
        only_line(lines, mod / "cards" / "extra" / "round.yaml")]


@needs_fifo
@pytest.mark.parametrize("where", ["cards/extra/pipe.yaml", "art/fox.png", "maps/pipe.tmx",
                                   "decks/duel/pipe.yaml", "mod.yaml"])
def test_a_fifo_in_a_mod_is_refused_without_reading_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    mod = make_mod(tmp_path)
    fifo = mod / where
    fifo.parent.mkdir(parents=True, exist_ok=True)
    if fifo.exists():
        fifo.unlink()
    os.mkfifo(fifo)  # nobody writes to it: reading it would wait for ever
    lines = the_same_everywhere(mod, capsys)
    assert only_line(lines, fifo).endswith("found a FIFO (named pipe)")


@needs_links
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_link_to_a_device_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    mod = make_mod(tmp_path)
    (mod / "cards" / "extra" / "zero.yaml").symlink_to("/dev/zero")
    lines = the_same_everywhere(mod, capsys)
    assert "found a link to /dev/zero" in only_line(lines, mod / "cards" / "extra" / "zero.yaml")
    # asked about alone, outside any mod, the device is refused as a device
    assert validate_paths(["/dev/zero"], include_user=False) == [
        "/dev/zero: expected a regular file, found a character device"]


def test_an_oversized_picture_file_is_refused_unread(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = make_mod(tmp_path)
    big = write(mod / "art" / "fox.png", PNG)
    with big.open("ab") as stream:
        stream.truncate(5 * 1024 * 1024)
    lines = the_same_everywhere(mod, capsys)
    assert "expected a file of at most 4194304 bytes, found 5242880 bytes" in \
        only_line(lines, big)


# ---------------------------------------------------------------------------- map files


def mod_map(tmp_path: Path, tileset: str, image: str | None = None) -> Path:
    """A mod whose map is a shipped map using the tileset ``tileset`` (and, with
    ``image``, a tileset of its own showing that picture)."""
    mod = make_mod(tmp_path)
    text = SHIPPED_MAP.read_text(encoding="utf-8")
    start = text.index('source="') + len('source="')
    end = text.index('"', start)
    write(mod / "maps" / "island.tmx", text[:start] + tileset + text[end:])
    if image is not None:
        own = (GAME_TILESETS / "terrain.tsx").read_text(encoding="utf-8")
        write(mod / "maps" / "own.tsx", own.replace('source="terrain.png"',
                                                      f'source="{image}"'))
    return mod


@pytest.mark.parametrize("tileset", ["../../../../../../../../etc/passwd.tsx",
                                     "/etc/hosts.tsx", "../../elsewhere/terrain-x.tsx"])
def test_a_map_tileset_outside_the_mod_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], tileset: str) -> None:
    mod = mod_map(tmp_path, tileset)
    write(outside(tmp_path) / "terrain-x.tsx", "<tileset/>")
    lines = the_same_everywhere(mod, capsys)
    line = only_line(lines, mod / "maps" / "island.tmx")
    assert "expected a tileset inside" in line or "expected an existing tileset file" in line
    assert "island" not in load_content([mod], include_user=False).maps


@pytest.mark.parametrize("tileset", ["terrain.tsx", "../../../somewhere/else/terrain.tsx",
                                     str(GAME_TILESETS / "terrain.tsx")])
def test_a_map_may_name_the_games_own_tileset_by_file_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], tileset: str) -> None:
    mod = mod_map(tmp_path, tileset)
    assert the_same_everywhere(mod, capsys) == []
    spec = load_tmx(mod / "maps" / "island.tmx", root=mod)
    assert spec.name == "island"


@needs_links
def test_a_tileset_picture_outside_the_mod_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    secret = write(outside(tmp_path) / "secret.png", PNG)
    mod = mod_map(tmp_path, "own.tsx", image=f"../../elsewhere/{secret.name}")
    lines = the_same_everywhere(mod, capsys)
    assert "image '../../elsewhere/secret.png': expected a picture inside" in \
        only_line(lines, mod / "maps" / "island.tmx")
    write(mod / "maps" / "tiles.png", PNG)
    (mod / "maps" / "own.tsx").write_text((mod / "maps" / "own.tsx").read_text().replace(
        "../../elsewhere/secret.png", "tiles.png"), encoding="utf-8")
    assert the_same_everywhere(mod, capsys) == []


def test_a_map_outside_any_mod_keeps_to_its_own_folder(tmp_path: Path) -> None:
    text = SHIPPED_MAP.read_text(encoding="utf-8")
    path = write(tmp_path / "maps" / "island.tmx",
                 text.replace("../assets/tilesets/terrain.tsx", "../secret/secret.tsx"))
    write(tmp_path / "secret" / "secret.tsx", "<tileset/>")
    (problem,) = check_tmx(path)
    assert problem.element == "tileset secret.tsx"
    assert problem.expected.startswith(f"a tileset inside {tmp_path / 'maps'}")


# ---------------------------------------------------------------------------- validate


def test_validate_of_one_card_file_reads_no_other(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    card = write(tmp_path / "downloads" / "fox.yaml", CARD.format(name="Lone Fox"))
    write(tmp_path / "downloads" / "broken.yaml", "type: unit\nname: Broken\nhealth: -1\n")
    read: list[Path] = []
    original = cards_module.read_yaml

    def recording(path: Path, *args: object, **kwargs: object) -> object:
        read.append(Path(path))
        return original(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cards_module, "read_yaml", recording)
    assert validate_paths([str(card)], include_user=False) == []
    assert card in read
    assert not [path for path in read if path.parent == card.parent and path != card]


def test_validate_of_a_copied_built_in_card_reports_the_name_taken(tmp_path: Path) -> None:
    copy = tmp_path / "archer.yaml"
    shutil.copy(CARDS_DIR / "base" / "archer.yaml", copy)
    (line,) = validate_paths([str(copy)], include_user=False)
    assert line.startswith(f"{copy}: name: expected a card name not used by an earlier card")
    assert "(checked files)" not in line and "mod core" in line
    # loading the same file as a mod reports the same
    mod = make_mod(tmp_path, "copycat")
    shutil.copy(copy, mod / "cards" / "extra" / "archer.yaml")
    assert mod_lines(mod) == [line.replace(str(copy), str(mod / "cards" / "extra"
                                                         / "archer.yaml"))]


def test_validate_of_a_file_inside_a_mod_shows_what_loading_shows(tmp_path: Path) -> None:
    mod = make_mod(tmp_path)
    bad = write(mod / "cards" / "extra" / "blob.yaml", "type: unit\nname: Blob\nhealth: -1\n")
    write(mod / "art" / "notes.txt", "todo")
    lines = mod_lines(mod)
    assert validate_paths([str(bad)], include_user=False) == [only_line(lines, bad)]
    assert validate_paths([str(mod / "art")], include_user=False) == [
        only_line(lines, mod / "art" / "notes.txt")]


def test_mods_reports_a_broken_map_as_validate_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = mod_map(tmp_path, "terrain.tsx")
    tmx = mod / "maps" / "island.tmx"
    tmx.write_text(tmx.read_text(encoding="utf-8").replace(
        'name="players" type="int" value="2"', 'name="players" type="int" value="9"'),
        encoding="utf-8")
    lines = the_same_everywhere(mod, capsys)
    assert lines and all(line.startswith(f"{tmx}: ") for line in lines)
    content = load_content([mod], include_user=False)
    assert any(line.strip() in lines for line in describe(content, None))

"""Mods: the example mod loads and plays; broken mods are reported, never fatal; the
per-user mods folder is discovered in name order, dependencies first."""

from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from game import runner, simulation
from game.cli import main
from game.content.cards import ASSETS, CARDS_DIR, Problem, load_cards
from game.content.mods import (
    CORE,
    Content,
    Mod,
    Requirement,
    describe,
    load_content,
    read_manifest,
    version_key,
)
from game.maps import find_map
from game.rules.core.actions import PlayCard

EXAMPLE = ASSETS / "mods" / "example-mod"
EXAMPLE_CARDS = {"Trapper", "Snare", "Snowshoes"}
PNG = (EXAMPLE / "art" / "trapper.png").read_bytes()

FINE_CARD = "type: unit\nname: {name}\nattack: 1\nhealth: 1\nmovement: 2\nbuy: 2\nplay: 1\n"


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def make_mod(root: Path, folder: str, manifest: str | None = None,
             cards: dict[str, str] | None = None) -> Path:
    """A mod folder under ``root``; by default named after the folder, version 1.0.0, with
    one card named '<folder> card' in the set 'extra'."""
    path = root / folder
    path.mkdir(parents=True)
    if manifest is None:
        manifest = f"name: {folder}\nversion: 1.0.0\n"
    if manifest:
        write(path / "mod.yaml", manifest)
    if cards is None:
        cards = {"card": FINE_CARD.format(name=f"{folder} card")}
    for stem, text in cards.items():
        write(path / "cards" / "extra" / f"{stem}.yaml", text)
    return path


def core_card_names() -> set[str]:
    library, _ = load_cards(CARDS_DIR)
    return {card.name for card in library}


def the_problem(content: Content, file_end: str, field: str) -> Problem:
    found = [p for p in content.problems
             if Path(p.file).as_posix().endswith(file_end) and p.field == field]
    assert found, f"no problem at {file_end} / {field} in {[str(p) for p in content.problems]}"
    problem = found[0]
    assert problem.file and problem.field and problem.expected and problem.found
    return problem


# ---------------------------------------------------------------------------- example mod


def test_example_mod_loads_with_valid_cards_and_art() -> None:
    content = load_content([EXAMPLE], include_user=False)
    assert content.problems == []
    assert [m.name for m in content.mods] == [CORE, "example-mod"]
    mod = content.mods[1]
    assert mod.version == "1.0.0"
    assert mod.requires == (Requirement(CORE, "0.1.0"),)
    assert mod.description and mod.authors
    assert set(content.cards_of("example-mod")) == EXAMPLE_CARDS
    for name in EXAMPLE_CARDS:
        card = content.library[name]
        assert card.set == "frontier"
        assert card.names["de"] and card.texts["en"]
    assert content.library["Trapper"].keywords
    assert content.library["Snare"].effect is not None
    assert content.library["Snare"].effect.targets
    assert content.library["Snowshoes"].passives
    assert content.mod_sets() == ("frontier",)
    art = content.art["Trapper"]
    head = art.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")) == (256, 180)


def test_example_mod_is_not_loaded_by_default(tmp_path: Path) -> None:
    content = load_content(user_dir=tmp_path)
    assert [m.name for m in content.mods] == [CORE]
    assert not EXAMPLE_CARDS & {card.name for card in content.library}
    assert content.problems == []


def test_validate_command_accepts_the_example_mod(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(EXAMPLE), "--no-user-mods"]) == 0
    assert "no problems" in capsys.readouterr().out


def test_simulate_with_the_example_mod_drafts_its_set(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[dict[str, Any]] = []
    play = simulation.play_random_game

    def recording(spec: Any, library: Any, seed: int, **options: Any) -> Any:
        seen.append({"library": library, **options})
        return play(spec, library, seed, **options)

    monkeypatch.setattr(simulation, "play_random_game", recording)
    code = main(["simulate", "--mod", str(EXAMPLE), "--no-user-mods", "--games", "2",
                 "--max-turns", "30", "--jobs", "1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "2 games on" in out and "warning" not in err
    assert len(seen) == 2
    assert "frontier" in seen[0]["sets"] and "base" in seen[0]["sets"]
    assert {card.name for card in seen[0]["library"]} >= EXAMPLE_CARDS


def test_the_example_cards_are_played_in_a_game() -> None:
    content = load_content([EXAMPLE], include_user=False)
    game = simulation.play_random_game(find_map("2P-ring-street"), content.library, 3,
                                   max_turns=40, sets=("frontier",))
    played = {game.card(a.card).name for a in game.history if isinstance(a, PlayCard)}
    game.close()
    assert played & EXAMPLE_CARDS


def test_mods_command_lists_folder_mods_and_versions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("game.content.mods.USER_MODS_DIR", tmp_path)
    make_mod(tmp_path, "user-thing")
    assert main(["mods", "--mod", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert f"mods folder: {tmp_path}" in out
    assert "core 0.1.0" in out and "example-mod 1.0.0" in out and "user-thing 1.0.0" in out
    assert out.index("user-thing") < out.index("example-mod")
    assert "no problems" in out
    make_mod(tmp_path, "broken", manifest="version: 1.0.0\n")
    assert main(["mods", "--no-user-mods"]) == 0
    assert "user-thing" not in capsys.readouterr().out
    assert main(["mods"]) == 1
    out = capsys.readouterr().out
    assert "1 problem(s)" in out and "broken" in out and "name: expected" in out


# ---------------------------------------------------------------------------- user folder


def test_user_mods_load_in_name_order_dependencies_first(tmp_path: Path) -> None:
    user = tmp_path / "user"
    make_mod(user, "beta")
    make_mod(user, "alpha", "name: alpha\nversion: 1.0.0\nrequires: [zeta >= 1.2]\n")
    make_mod(user, "zeta", "name: zeta\nversion: 1.10.0\n")
    (user / ".hidden").mkdir()
    extra = make_mod(tmp_path / "elsewhere", "gamma")
    content = load_content([extra], user_dir=user)
    assert content.problems == []
    assert [m.name for m in content.mods] == [CORE, "zeta", "alpha", "beta", "gamma"]
    assert content.origin["alpha card"] == "alpha"
    assert core_card_names() <= {card.name for card in content.library}
    assert [m.name for m in load_content([extra], user_dir=user, include_user=False).mods] == [
        CORE, "gamma"]


def test_a_user_mod_may_require_a_mod_given_on_the_command_line(tmp_path: Path) -> None:
    user = tmp_path / "user"
    make_mod(user, "addon", "name: addon\nversion: 1.0.0\nrequires: [big-pack]\n")
    extra = make_mod(tmp_path, "big-pack")
    content = load_content([extra], user_dir=user)
    assert content.problems == []
    assert [m.name for m in content.mods] == [CORE, "big-pack", "addon"]


def test_a_folder_given_twice_loads_once(tmp_path: Path) -> None:
    mod = make_mod(tmp_path, "once")
    content = load_content([mod, tmp_path / "." / "once"], user_dir=tmp_path)
    assert content.problems == []
    assert [m.name for m in content.mods] == [CORE, "once"]


def test_a_stray_file_in_the_mods_folder_is_reported(tmp_path: Path) -> None:
    write(tmp_path / "download.zip", b"PK")
    make_mod(tmp_path, "fine")
    content = load_content(user_dir=tmp_path)
    problem = the_problem(content, "download.zip", "file")
    assert "mod folder" in problem.expected and problem.found == "a file"
    assert "fine card" in content.library


def test_a_missing_user_folder_is_no_problem(tmp_path: Path) -> None:
    content = load_content(user_dir=tmp_path / "not-there")
    assert content.problems == [] and len(content.mods) == 1
    assert "does not exist yet" in describe(content, tmp_path / "not-there")[0]


# ---------------------------------------------------------------------------- manifests


def test_read_manifest_reads_every_field(tmp_path: Path) -> None:
    make_mod(tmp_path, "full", "name: full\nversion: '2.1'\ndescription: All of it.\n"
             "authors: Ada\nrequires: [core, other-mod>=1.0.3]\n")
    mod = read_manifest(tmp_path / "full")
    assert mod == Mod("full", "2.1", tmp_path / "full",
                      (Requirement("core"), Requirement("other-mod", "1.0.3")),
                      "All of it.", ("Ada",))
    assert version_key("2.1") == (2, 1, 0) < version_key("2.1.1")


def test_a_version_like_a_number_stays_text(tmp_path: Path) -> None:
    make_mod(tmp_path, "dec", "name: dec\nversion: 1.10\n")
    mod = read_manifest(tmp_path / "dec")
    assert isinstance(mod, Mod) and mod.version == "1.10"


def test_every_manifest_problem_is_reported_at_once(tmp_path: Path) -> None:
    make_mod(tmp_path, "messy", "name: Messy Mod\nversion: v1\ncolour: red\nrequires: {a: b}\n")
    problems = read_manifest(tmp_path / "messy")
    assert isinstance(problems, list)
    assert {p.field for p in problems} == {"name", "version", "colour", "requires"}


# ---------------------------------------------------------------------------- broken mods

# Each case builds a user mods folder holding a healthy mod 'fine' next to a broken one and
# names the problem expected: (file ending, field, words of expected, words of found),
# and which cards must not load.
BROKEN: dict[str, Any] = {}


def case(name: str):  # type: ignore[no-untyped-def]
    def register(build):  # type: ignore[no-untyped-def]
        BROKEN[name] = build
        return build
    return register


@case("no manifest")
def _no_manifest(root: Path) -> tuple:
    make_mod(root, "broken", manifest="")
    return "broken/mod.yaml", "file", "manifest", "no such file", {"broken card"}


@case("manifest is not YAML")
def _bad_yaml(root: Path) -> tuple:
    make_mod(root, "broken", "name: broken\nversion: [1.0\n")
    return "broken/mod.yaml", "line 3", "valid YAML", "", {"broken card"}


@case("manifest is not a mapping")
def _not_mapping(root: Path) -> tuple:
    make_mod(root, "broken", "- name: broken\n")
    return "broken/mod.yaml", "file", "mapping of manifest fields", "", {"broken card"}


@case("missing name")
def _missing_name(root: Path) -> tuple:
    make_mod(root, "broken", "version: 1.0.0\n")
    return "broken/mod.yaml", "name", "like my-mod", "nothing", {"broken card"}


@case("bad version")
def _bad_version(root: Path) -> tuple:
    make_mod(root, "broken", "name: broken\nversion: one.two\n")
    return "broken/mod.yaml", "version", "dotted whole numbers", "one.two", {"broken card"}


@case("unknown manifest key")
def _unknown_key(root: Path) -> tuple:
    make_mod(root, "broken", "name: broken\nversion: 1.0.0\nlicence: MIT\n")
    return "broken/mod.yaml", "licence", "a manifest field", "licence", {"broken card"}


@case("bad requirement")
def _bad_requirement(root: Path) -> tuple:
    make_mod(root, "broken", "name: broken\nversion: 1.0.0\nrequires: ['fine > 1']\n")
    return "broken/mod.yaml", "requires[0]", ">= VERSION", "fine > 1", {"broken card"}


@case("two mods with one name")
def _duplicate_name(root: Path) -> tuple:
    make_mod(root, "a-first", "name: twin\nversion: 1.0.0\n")
    make_mod(root, "b-second", "name: twin\nversion: 2.0.0\n")
    return "b-second/mod.yaml", "name", "a-first", "twin", {"b-second card"}


@case("a mod named core")
def _named_core(root: Path) -> tuple:
    make_mod(root, "broken", "name: core\nversion: 9.0.0\n")
    return "broken/mod.yaml", "name", "built-in content", "core", {"broken card"}


@case("missing dependency")
def _missing_dependency(root: Path) -> tuple:
    make_mod(root, "broken", "name: broken\nversion: 1.0.0\nrequires: [fine, nowhere]\n")
    return "broken/mod.yaml", "requires[1]", "nowhere", "no such mod", {"broken card"}


@case("dependency too old")
def _old_dependency(root: Path) -> tuple:
    make_mod(root, "broken", "name: broken\nversion: 1.0.0\nrequires: [fine >= 1.2.0]\n")
    return "broken/mod.yaml", "requires[0]", "fine >= 1.2.0", "fine 1.0.0", {"broken card"}


@case("game too old")
def _old_core(root: Path) -> tuple:
    make_mod(root, "broken", "name: broken\nversion: 1.0.0\nrequires: [core >= 99]\n")
    return "broken/mod.yaml", "requires[0]", "core >= 99", "core 0.1.0", {"broken card"}


@case("dependency cycle")
def _cycle(root: Path) -> tuple:
    make_mod(root, "ring-a", "name: ring-a\nversion: 1.0.0\nrequires: [ring-b]\n")
    make_mod(root, "ring-b", "name: ring-b\nversion: 1.0.0\nrequires: [ring-a]\n")
    make_mod(root, "needs-ring", "name: needs-ring\nversion: 1.0.0\nrequires: [ring-b]\n")
    return ("ring-b/mod.yaml", "requires[0]", "do not lead back", "ring-b -> ring-a -> ring-b",
            {"ring-a card", "ring-b card", "needs-ring card"})


@case("card name used by core")
def _core_collision(root: Path) -> tuple:
    name = sorted(core_card_names())[0]
    make_mod(root, "broken", cards={"copy": FINE_CARD.format(name=name),
                                    "own": FINE_CARD.format(name="broken own")})
    return "broken/cards/extra/copy.yaml", "name", str(CARDS_DIR), name, set()


@case("card name used by an earlier mod")
def _mod_collision(root: Path) -> tuple:
    make_mod(root, "later", cards={"twin": FINE_CARD.format(name="fine card")})
    return "later/cards/extra/twin.yaml", "name", "fine/cards/extra/card.yaml", "fine card", set()


@case("broken card file")
def _broken_card(root: Path) -> tuple:
    make_mod(root, "broken", cards={"bad": FINE_CARD.format(name="bad card") + "attack: -1\n",
                                    "good": FINE_CARD.format(name="broken good")})
    return "broken/cards/extra/bad.yaml", "attack", "", "-1", {"bad card"}


@case("card file outside a set folder")
def _loose_card(root: Path) -> tuple:
    mod = make_mod(root, "broken")
    write(mod / "cards" / "loose.yaml", FINE_CARD.format(name="loose card"))
    return "broken/cards/loose.yaml", "file", "inside a set folder", "directly", {"loose card"}


@case("art that is not a PNG")
def _jpeg_art(root: Path) -> tuple:
    mod = make_mod(root, "broken")
    write(mod / "art" / "card.jpg", b"\xff\xd8\xff\xe0")
    return "broken/art/card.jpg", "file", "PNG", ".jpg", set()


@case("art named .png that is not a PNG")
def _fake_png(root: Path) -> tuple:
    mod = make_mod(root, "broken")
    write(mod / "art" / "card.png", "just text")
    return "broken/art/card.png", "file", "PNG", "not a PNG", set()


@case("art for an unknown card")
def _orphan_art(root: Path) -> tuple:
    mod = make_mod(root, "broken")
    write(mod / "art" / "nobody.png", PNG)
    return "broken/art/nobody.png", "name", "card file", "nobody", set()


@case("stray file in maps")
def _stray_map_file(root: Path) -> tuple:
    mod = make_mod(root, "broken")
    write(mod / "maps" / "notes.txt", "todo")
    write(mod / "maps" / "island.tmx", "<map/>")
    return "broken/maps/notes.txt", "file", ".tmx", ".txt", set()


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_mod_is_reported_and_the_rest_loads(name: str, tmp_path: Path) -> None:
    make_mod(tmp_path, "fine")
    file_end, field, expected, found, not_loaded = BROKEN[name](tmp_path)
    content = load_content(user_dir=tmp_path)
    problem = the_problem(content, file_end, field)
    assert expected in problem.expected, problem
    assert found in problem.found, problem
    names = {card.name for card in content.library}
    assert "fine card" in names
    assert core_card_names() <= names
    assert not names & not_loaded
    assert "fine" in [m.name for m in content.mods]


def test_the_first_card_of_a_name_wins(tmp_path: Path) -> None:
    make_mod(tmp_path, "fine")
    BROKEN["card name used by an earlier mod"](tmp_path)
    content = load_content(user_dir=tmp_path)
    assert content.library["fine card"].source.endswith("card.yaml")
    assert Path(content.library["fine card"].source).parent.parent.parent.name == "fine"
    assert content.origin["fine card"] == "fine"
    assert [m.name for m in content.mods] == [CORE, "fine", "later"]


def test_a_broken_card_keeps_the_rest_of_its_mod(tmp_path: Path) -> None:
    BROKEN["broken card file"](tmp_path)
    content = load_content(user_dir=tmp_path)
    assert "broken good" in content.library
    assert "broken" in [m.name for m in content.mods]


def test_art_and_maps_of_a_mod(tmp_path: Path) -> None:
    mod = make_mod(tmp_path, "pictures")
    write(mod / "art" / "card.png", PNG)
    # a shipped map, its tileset named by the path from maps/: the game's own, by name
    write(mod / "maps" / "island.tmx", SHIPPED_MAP.read_text(encoding="utf-8"))
    write(mod / "maps" / "spare.tsx", "<tileset/>")
    write(mod / "README.md", "Notes for players.")
    content = load_content(user_dir=tmp_path)
    assert content.problems == []
    assert content.art["pictures card"] == mod / "art" / "card.png"
    assert content.maps["island"] == mod / "maps" / "island.tmx"


def test_a_broken_mod_map_is_reported_by_loading_and_left_out(tmp_path: Path) -> None:
    mod = make_mod(tmp_path, "pictures")
    write(mod / "maps" / "island.tmx", "<map/>")
    content = load_content(user_dir=tmp_path)
    problem = the_problem(content, "island.tmx", "map")
    assert problem.expected == "a width and height of at least 1 tile"
    assert "island" not in content.maps


SHIPPED_TMX = sorted((ASSETS.parent / "maps").glob("*.tmx"))
SHIPPED_MAP = ASSETS.parent / "maps" / "2P-stick-meadow.tmx"


@pytest.mark.skipif(not SHIPPED_TMX, reason="no Tiled map shipped yet")
def test_a_mod_map_may_place_the_mods_cards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = make_mod(tmp_path, "hermits", cards={"hermit": FINE_CARD.format(name="Hermit")})
    source = SHIPPED_TMX[0]
    text = re.sub(r'source="([^"]+\.tsx)"',
                  lambda m: f'source="{(source.parent / m[1]).resolve().as_posix()}"',
                  source.read_text(encoding="utf-8"))
    piece = ('  <object id="900" name="Hut" type="piece" x="0" y="0"><properties>'
             '<property name="card" value="{}"/><property name="player" type="int" value="0"/>'
             '</properties><point/></object>\n </objectgroup>')
    tmx = mod / "maps" / "hermitage.tmx"
    write(tmx, text.replace(" </objectgroup>", piece.format("Hermit"), 1))
    assert main(["validate", str(mod), "--no-user-mods"]) == 0, capsys.readouterr().out
    assert main(["simulate", "--mod", str(mod), "--no-user-mods", "--map", "hermitage",
                 "--games", "1", "--max-turns", "5"]) == 0
    assert "1 games on" in capsys.readouterr().out
    write(tmx, text.replace(" </objectgroup>", piece.format("Hermt"), 1))
    assert main(["validate", str(mod), "--no-user-mods"]) == 1
    assert "hermitage.tmx" in capsys.readouterr().out


def test_skipped_mods_are_listed(tmp_path: Path) -> None:
    BROKEN["dependency cycle"](tmp_path)
    content = load_content(user_dir=tmp_path)
    assert {m.name for m in content.skipped} == {"ring-a", "ring-b", "needs-ring"}
    assert the_problem(content, "ring-a/mod.yaml", "requires[0]").found == (
        "ring-a -> ring-b -> ring-a")
    needs = the_problem(content, "needs-ring/mod.yaml", "requires[0]")
    assert "skipped" in needs.found
    lines = describe(content, tmp_path)
    assert any("ring-a 1.0.0: skipped" in line for line in lines)


def test_a_mod_path_that_is_no_folder(tmp_path: Path) -> None:
    content = load_content([tmp_path / "missing"], include_user=False)
    problem = the_problem(content, "missing", "file")
    assert "mod folder" in problem.expected and problem.found == "nothing"


def test_mod_files_are_data_only(tmp_path: Path) -> None:
    mod = make_mod(tmp_path, "sneaky")
    marker = tmp_path / "ran.txt"
    write(mod / "__init__.py", f"open({str(marker)!r}, 'w').write('ran')\n")
    write(mod / "cards" / "extra" / "hook.py", f"open({str(marker)!r}, 'w').write('ran')\n")
    content = load_content(user_dir=tmp_path)
    assert "sneaky card" in content.library
    assert not marker.exists()


def test_validate_command_reports_a_broken_mod(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(EXAMPLE, tmp_path / "copy")
    write(tmp_path / "copy" / "maps" / "notes.txt", "todo")
    (tmp_path / "copy" / "mod.yaml").write_text("name: example-copy\nversion: 1\nlicence: MIT\n")
    code = main(["validate", str(tmp_path / "copy"), "--no-user-mods"])
    out = capsys.readouterr().out
    assert code == 1
    assert "mod.yaml: licence: expected a manifest field" in out
    assert "notes.txt" not in out  # a mod with a bad manifest is skipped whole
    (tmp_path / "copy" / "mod.yaml").write_text("name: example-copy\nversion: 1\n")
    assert main(["validate", "--no-user-mods", "--mod", str(tmp_path / "copy"), "maps"]) == 1
    out = capsys.readouterr().out
    # its cards collide with the example mod's only if both load; alone, only notes.txt
    assert out.splitlines() == [
        f"{tmp_path / 'copy' / 'maps' / 'notes.txt'}: file: expected a Tiled map (.tmx), "
        "or a tileset (.tsx, .png) a map uses, found a .txt file"]


def test_content_or_warn_prints_mod_problems(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = make_mod(tmp_path, "warned", "name: warned\nversion: x\n")
    args = argparse.Namespace(mod=[str(mod)], no_user_mods=True)
    library = runner.library_or_exit(args)
    assert "warned card" not in library
    assert "warning:" in capsys.readouterr().err

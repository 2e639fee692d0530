"""Duel decks: the starter decks load, one per general; a mod's ``decks/duel/*.yaml`` load
after them and may hold the mod's cards; a broken deck (or anything else in a mod's
decks folder) is reported with file, field, what was expected and what was found, and
left out; ``with_decks`` gives each seat its chosen deck, Random seats the seeded draw;
``summarize`` counts a deck's kinds, tribes and mana curve."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.content.cards import Problem
from game.content.decks import (
    CURVE_LABELS,
    DECKS_DIR,
    default_decks,
    load_decks,
    starter_decks,
    summarize,
    with_decks,
)
from game.content.mods import CORE, Content, load_content
from game.maps import find_map
from game.rules import Game, GameSetup
from game.rules.rulesets.duel.rules import DECK_SIZE, GENERAL

CONTENT = load_content(user_dir=None, include_user=False)
STARTER = DECKS_DIR / "duel" / "brannoc-wildheart.yaml"

PUP = "type: unit\nname: Mod Pup\ntags: [duel, battle-pet]\nplay: 1\nattack: 1\nhealth: 2\n"


def make_mod(root: Path, decks: dict[str, str], *, name: str = "deck-mod",
             cards: dict[str, str] | None = None) -> Path:
    """A mod with one duel card (Mod Pup) and the given deck files in decks/duel/."""
    folder = root / name
    (folder / "cards" / "pack").mkdir(parents=True)
    (folder / "mod.yaml").write_text(f"name: {name}\nversion: 1.0.0\n", encoding="utf-8")
    for stem, text in (cards if cards is not None else {"pup": PUP}).items():
        (folder / "cards" / "pack" / f"{stem}.yaml").write_text(text, encoding="utf-8")
    (folder / "decks" / "duel").mkdir(parents=True)
    for stem, text in decks.items():
        (folder / "decks" / "duel" / f"{stem}.yaml").write_text(text, encoding="utf-8")
    return folder


def pup_deck(title: str = "Pup Pack") -> str:
    """The Wild Stampede starter deck, renamed, with the mod's Mod Pup for Scrapper Pup."""
    text = STARTER.read_text(encoding="utf-8")
    return (text.replace("{en: Wild Stampede, de: Wilde Herde}", title)
            .replace("Scrapper Pup: 3", "Mod Pup: 3"))


def problem_at(content: Content, file_end: str, field: str) -> Problem:
    found = [p for p in content.problems
             if Path(p.file).as_posix().endswith(file_end) and p.field == field]
    assert found, f"no problem at {file_end} / {field} in {[str(p) for p in content.problems]}"
    problem = found[0]
    assert problem.file and problem.field and problem.expected and problem.found
    return problem


# ---------------------------------------------------------------------------- starter decks


def test_the_starter_decks_load_one_per_general() -> None:
    decks, problems = load_decks(CONTENT.library)
    assert problems == []
    generals = [card.name for card in CONTENT.library if GENERAL in card.tags]
    assert sorted(deck.general for deck in decks) == sorted(generals)
    assert CONTENT.decks == decks  # the content carries them, in the same order
    for deck in decks:
        assert deck.mod == CORE
        assert sum(count for _, count in deck.cards) == DECK_SIZE
        assert deck.card_list()[0] == deck.general and len(deck.card_list()) == DECK_SIZE + 1
    assert len({deck.name for deck in decks}) == len(decks)
    assert decks[0].title("de") != decks[0].title("en")  # names by language


def test_summary_counts_kinds_tribes_and_the_curve() -> None:
    deck = next(d for d in CONTENT.decks if d.general == "Brannoc Wildheart")
    summary = summarize(deck, CONTENT.library)
    assert summary.cards == DECK_SIZE == summary.units + summary.spells + summary.artifacts
    assert sum(summary.curve) == DECK_SIZE and len(summary.curve) == len(CURVE_LABELS)
    assert summary.tribes[0][0] == "battle-pet"
    assert summary.bloodbound == CONTENT.library["Brannoc Wildheart"].extra["bloodbound"]
    costs = [CONTENT.library[name].play or 0 for name, count in deck.cards
             for _ in range(count)]
    assert summary.average == pytest.approx(sum(costs) / len(costs))


# ---------------------------------------------------------------------------- with_decks


def _duel_setup(seed: int) -> GameSetup:
    return GameSetup(find_map("2P-duel-standard", library=CONTENT.library), CONTENT.library,
                     2, seed)


def test_with_decks_gives_each_seat_its_chosen_deck() -> None:
    first, second = CONTENT.decks[0], CONTENT.decks[3]
    setup = with_decks(_duel_setup(5), [first, second])
    assert setup.decks == (first.card_list(), second.card_list())
    game = Game(setup)
    generals = {game.card(e).name for e in game.players[0].deck + game.players[0].hand}
    assert first.general not in generals  # the general stands on the map, not in the deck
    game.close()


def test_a_random_seat_keeps_the_seeded_draw() -> None:
    drawn = default_decks(starter_decks(CONTENT.library), 2, 77)
    assert with_decks(_duel_setup(77)).decks == drawn
    chosen = CONTENT.decks[1]
    assert with_decks(_duel_setup(77), [chosen, None]).decks == (chosen.card_list(), drawn[1])
    assert with_decks(_duel_setup(77), [None, chosen]).decks == (drawn[0], chosen.card_list())
    assert drawn[0] != drawn[1]  # two Random seats get two different decks
    others = {default_decks(starter_decks(CONTENT.library), 2, seed) for seed in range(20)}
    assert len(others) > 1  # ...and the seed decides which


def test_with_decks_leaves_muhq_setups_and_given_decks_alone() -> None:
    muhq = GameSetup(find_map("2P-ring-street"), CONTENT.library, 2, 3)
    assert with_decks(muhq, [CONTENT.decks[0]]).decks is None
    given = (CONTENT.decks[0].card_list(), CONTENT.decks[1].card_list())
    setup = GameSetup(find_map("2P-duel-standard", library=CONTENT.library), CONTENT.library,
                      2, 3, decks=given)
    assert with_decks(setup, [CONTENT.decks[2], None]).decks == given


# ---------------------------------------------------------------------------- mods


def test_a_mods_deck_loads_after_the_starter_decks(tmp_path: Path) -> None:
    mod = make_mod(tmp_path, {"pups": pup_deck()})
    content = load_content([mod], include_user=False)
    assert content.problems == []
    assert [d.mod for d in content.decks] == [CORE] * len(CONTENT.decks) + ["deck-mod"]
    deck = content.decks[-1]
    assert deck.name == "Pup Pack" and ("Mod Pup", 3) in deck.cards
    assert deck.source == str(mod / "decks" / "duel" / "pups.yaml")
    setup = with_decks(GameSetup(find_map("2P-duel-standard", library=content.library),
                                 content.library, 2, 1), [deck, None])
    game = Game(setup)
    assert "Mod Pup" in {game.card(e).name for e in game.players[0].deck
                         + game.players[0].hand}
    game.close()


def test_a_broken_mod_deck_is_reported_and_left_out(tmp_path: Path) -> None:
    broken = ("name: Broken Pack\ngeneral: Ash Hound\n"
              "cards: {Mod Pup: 4, Nowhere Card: 2, Ember Ferret: many}\n")
    mod = make_mod(tmp_path, {"broken": broken, "pups": pup_deck(),
                              "copy": STARTER.read_text(encoding="utf-8"),
                              "not-yaml": "name: [unclosed\n"})
    (mod / "decks" / "duel" / "notes.txt").write_text("a note", encoding="utf-8")
    (mod / "decks" / "readme.md").write_text("a note", encoding="utf-8")
    (mod / "decks" / "muhq").mkdir()
    content = load_content([mod], include_user=False)
    assert [d.name for d in content.decks if d.mod == "deck-mod"] == ["Pup Pack"]
    count = problem_at(content, "broken.yaml", "cards.Ember Ferret")
    assert (count.expected, count.found) == ("a count of at least 1", "'many'")
    # every other mistake of the same file is reported at once
    general = problem_at(content, "broken.yaml", "general")
    assert "Ash Hound" in general.found and "card" in general.expected
    copies = problem_at(content, "broken.yaml", "cards.Mod Pup")
    assert (copies.expected, copies.found) == ("at most 3 copies", "4")
    assert problem_at(content, "broken.yaml", "cards.Nowhere Card").found == "Nowhere Card"
    unreadable = [p for p in content.problems if p.file.endswith("not-yaml.yaml")]
    assert unreadable and all(p.expected and p.found for p in unreadable)
    same = problem_at(content, "copy.yaml", "name")
    assert "first one loaded is kept" in same.expected and "Wild Stampede" in same.found
    assert "deck file" in problem_at(content, "notes.txt", "file").expected
    assert "decks/duel/" in problem_at(content, "readme.md", "file").expected
    assert problem_at(content, "decks/muhq", "file").found == "a folder named muhq"


def test_a_deck_holding_a_card_of_a_broken_mod_card_is_reported(tmp_path: Path) -> None:
    """The mod's card is broken, so its deck names a card that did not load."""
    mod = make_mod(tmp_path, {"pups": pup_deck()}, cards={"pup": PUP.replace("health: 2",
                                                                             "health: -2")})
    content = load_content([mod], include_user=False)
    assert not [d for d in content.decks if d.mod == "deck-mod"]
    problem = problem_at(content, "pups.yaml", "cards.Mod Pup")
    assert problem.expected == "a card of the card library"


def test_validate_and_mods_commands_report_mod_decks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = make_mod(tmp_path, {"pups": pup_deck()})
    assert main(["validate", str(mod), "--no-user-mods"]) == 0, capsys.readouterr().out
    # a single deck file of a mod is checked with its mod's cards
    deck_file = mod / "decks" / "duel" / "pups.yaml"
    assert main(["validate", str(deck_file), "--no-user-mods"]) == 0, capsys.readouterr().out
    assert main(["mods", "--no-user-mods", "--mod", str(mod)]) == 0
    assert "decks 1" in capsys.readouterr().out
    deck_file.write_text(pup_deck().replace("Mod Pup: 3", "Mod Pup: 5"), encoding="utf-8")
    assert main(["validate", str(mod), "--no-user-mods"]) == 1
    out = capsys.readouterr().out
    assert (f"{deck_file}: cards.Mod Pup: expected at most 3 copies, found 5") in out
    assert main(["validate", str(deck_file), "--no-user-mods"]) == 1
    assert "cards.Mod Pup: expected at most 3 copies, found 5" in capsys.readouterr().out


def test_the_shipped_decks_validate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(DECKS_DIR / "duel"), "--no-user-mods"]) == 0
    assert "no problems" in capsys.readouterr().out

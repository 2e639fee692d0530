"""What the game accepts: every limit on the files it reads, in one place.

Cards, decks, mod manifests, maps and saves come from people we do not know. Each limit
here is checked before the work it bounds is done (a file's size before it is read, a
map's size before its cells are made, a draft's size before its packs are dealt), and a
file beyond one is reported like any other mistake: file, field, what was expected (the
limit) and what was found. The values are far above what every shipped card, deck, map
and save needs (``tests/test_limits.py`` checks that they stay at least three times
inside) and low enough that no single file can cost more than a few hundred megabytes or
a few seconds. README.md, "What the game accepts", lists them for authors; change both
together.
"""

from __future__ import annotations

# ---------------------------------------------------------------------------- file sizes

#: bytes of one card file (the largest shipped card has under 500)
MAX_CARD_FILE = 16 * 1024
#: bytes of one duel deck file (a deck has a few hundred)
MAX_DECK_FILE = 64 * 1024
#: bytes of a mod's manifest, mod.yaml
MAX_MANIFEST_FILE = 16 * 1024
#: bytes of a Tiled map (.tmx) or of a tileset file (.tsx) it uses (shipped: under 6 KB)
MAX_MAP_FILE = 1024 * 1024
#: bytes of a save or replay (the longest shipped test game, 3,552 actions, has 200 KB)
MAX_SAVE_FILE = 4 * 1024 * 1024
#: bytes of a card picture (art/<card>.png), and its width and height in pixels
MAX_ART_FILE = 4 * 1024 * 1024
MAX_ART_PIXELS = 2048

# ---------------------------------------------------------------------------- YAML files

#: how deep lists and mappings may nest in a card, deck or manifest (shipped cards: 7)
MAX_YAML_DEPTH = 32
#: values in one YAML file, every alias counted as the whole value it repeats (shipped
#: cards: at most 60), so that an alias bomb is refused before anything walks it
MAX_YAML_NODES = 2_000
#: characters of a whole number written in YAML or JSON (a 5,000-digit number costs
#: seconds to convert)
MAX_NUMBER_DIGITS = 20

# ---------------------------------------------------------------------------- cards

#: the largest stat, cost or effect amount of a card (attack, buy, damage, durability...;
#: shipped: 99); a stat change may be as negative
MAX_CARD_NUMBER = 999
#: characters of a card's, a deck's or a map piece's name (shipped: 25)
MAX_NAME = 80
#: characters of a text: flavour, a map's description, a mod's description (shipped: 175)
MAX_TEXT = 1_000
#: items of one list in a card (keywords, targets, effects, triggers...; shipped: 11), and
#: languages of one name or text
MAX_LIST_ITEMS = 50
#: characters of a tag or a language code
MAX_WORD = 40

# ---------------------------------------------------------------------------- mods

#: characters of a mod's name, and digits of each part of its version
MAX_MOD_NAME = 60
MAX_VERSION_DIGITS = 6
#: authors and requirements a manifest may list
MAX_MANIFEST_ITEMS = 50

# ---------------------------------------------------------------------------- maps

#: a map's width or height in cells, and its cells in all (shipped: 19 x 11, 18 x 18)
MAX_MAP_SIDE = 100
MAX_MAP_CELLS = 4_000
#: a cell's width or height in pixels (shipped: 64 and 74)
MAX_TILE_PIXELS = 1_024
#: how far from the map's origin an object's position or size may reach, in pixels (the
#: largest map is 100 cells of 1,024 pixels)
MAX_MAP_PIXELS = 1_000_000
#: objects on a map (shipped: 21), points of one polygon, layers, and group layers inside
#: group layers
MAX_MAP_OBJECTS = 1_000
MAX_POLYGON_POINTS = 256
MAX_MAP_LAYERS = 64
MAX_GROUP_DEPTH = 8
#: characters of a map's title (the chooser shows it on one line; shipped: 24), and of
#: any other text property (descriptions, start decks, card names)
MAX_TITLE = 80
MAX_PROPERTY_TEXT = MAX_TEXT
#: the largest tile number (gid) Tiled writes: 32 bits, flip flags included
MAX_GID = 0xFFFF_FFFF
#: players of a game (the fleet seats six; a map may name as many as its ruleset seats:
#: Muhq and the duel fewer, see Ruleset.seats)
MAX_PLAYERS = 6

# ---------------------------------------------------------------------------- decks and drafts

#: cards of a map's start deck (shipped: 7) and of a player's deck in a game (the duel's
#: decks hold 40), and of a player's store in a save
MAX_START_DECK = 60
MAX_DECK_CARDS = 200
#: a draft ``R x[P;S]``: at most this many rounds, picks per pack and cards per pack
#: (shipped: 1x[2;8])
MAX_DRAFT_ROUNDS = 10
MAX_DRAFT_PICKS = 20
MAX_PACK_SIZE = 60

# ---------------------------------------------------------------------------- saves

#: a game's seed: a whole number from -MAX_SEED to MAX_SEED (64 bits)
MAX_SEED = 2**63 - 1
#: actions in one save (the longest shipped test game has 3,552)
MAX_SAVE_ACTIONS = 100_000
#: the largest whole number an action may carry (entity ids, indexes, tile coordinates)
MAX_ACTION_NUMBER = 2**31 - 1
#: values in one action (a play's targets and the like), and how deep they may nest
MAX_ACTION_VALUES = 64
MAX_ACTION_DEPTH = 3


def seed_problem(value: object) -> str | None:
    """Why ``value`` is not a seed the game accepts, or None when it is one."""
    if not isinstance(value, int) or isinstance(value, bool):
        return "not a whole number"
    if not -MAX_SEED <= value <= MAX_SEED:
        return "a number beyond 64 bits"
    return None


SEED_EXPECTED = f"a whole number from {-MAX_SEED} to {MAX_SEED}"

"""Every part of the card vocabulary is used by at least one shipped card.

The tables below say, for each keyword, effect, mark, trigger, cost, passive, target kind,
target filter, card type, tile type and card-related rule, which shipped cards use it.
The tests check both directions:

- every card a table names exists and really uses that thing in its data;
- every registry entry (and every tile type) appears in its table, so registering a new
  keyword, effect, mark... without shipping a card that uses it fails here.

When you add an entry to a registry, add a card that uses it and name the card here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.content.cards import load_cards
from game.rules.cards import Ability, CardDef, CardType
from game.rules.costs import COSTS
from game.rules.effects import EFFECTS
from game.rules.keywords import KEYWORDS
from game.rules.marks import MARKS
from game.rules.passives import PASSIVES
from game.rules.targets import TARGETS
from game.rules.tiles import TILE_TYPES, TileType
from game.rules.triggers import TRIGGERS

ROOT = Path(__file__).resolve().parent.parent.parent
LIBRARY, PROBLEMS = load_cards()

# ---------------------------------------------------------------------------- the tables

#: keyword -> cards that have it (printed, or given by a passive or an effect)
KEYWORD_CARDS: dict[str, list[str]] = {
    "shroud": ["Ghost", "Smoke Bomb"],
    "protection": ["Paladin", "Lich", "The Iron Tyrant"],
    "crew": ["Ship", "Charger", "Ramm", "Siege Tower", "Longboat", "War Galley", "War Saddle"],
    "solid": ["Barricade", "Building", "Outpost", "Spiked Barricade", "Workshop"],
    "swimming": ["Mermaid", "Ship", "Longboat", "Floating Dock", "The Kraken"],
    "push": ["Ramm", "Lancer", "Sea Serpent", "The Kraken"],
    "spawn_point": ["Outpost", "Floating Dock", "Mobile Forge"],
    "tyrant": ["The Iron Tyrant"],
    "immovable": ["Siege Tower"],
    "loyal": ["King", "Enforcer"],
    # the duel's keywords (seed 002)
    "rush": ["Ember Raider", "Hillside Lancer", "Wind Dervish"],
    "flying": ["Crag Hawk", "Skyreaver Roc", "Featherstep Boots"],
    "ranged": ["Thornbow Archer", "Siege Ballista", "Longshot Bracer"],
    "provoke": ["Pebble Golem", "Ironbark Guardian", "Thorned Aegis"],
    "bond": ["Golem Shaper", "Ley Sage", "Moss Golem"],
    "ephemeral": ["Wind Dervish"],
    "mech_progress": ["Bolt Thrower", "Piston Brute", "Rivet Hound"],
    # the skirmish's unit properties (seed 004)
    "skirmish:size": ["Knight", "Ranger", "Mountain Giant", "Spirit Wolf"],
    "skirmish:sight": ["Longbowman", "Seer", "Outrider"],
    "skirmish:armor": ["Pikeman", "Knight", "Stone Golem"],
    "skirmish:melee": ["Longbowman", "Crossbowman"],
    "skirmish:flying": ["Hawk Rider", "Griffin", "Fire Imp"],
    "skirmish:aquatic": ["Frogman", "Marsh Stalker", "War Barge"],
    "skirmish:teleport": ["Blink Adept"],
    "skirmish:stealth": ["Ranger", "Viper"],
    "skirmish:invisible": ["Wraith"],
    "skirmish:detection": ["Seer"],
    "skirmish:sense": ["Bloodhound"],
    "skirmish:energy": ["Wind Walker", "Shade"],
    "skirmish:toggle": ["Wind Walker", "Shade"],
    "skirmish:transport": ["Siege Wagon", "War Barge"],
    "skirmish:enterable": ["Siege Wagon", "War Barge"],
    "skirmish:exitable": ["Siege Wagon", "War Barge"],
    "skirmish:resistance": ["Stone Golem", "Marsh Stalker", "Salamander"],
    # the fleet's keywords (seed 003)
    "capacity": ["Carrier", "Dreadnought", "Courier"],
    "combat": ["Cruiser", "Fighter", "Infantry", "Walker"],
    "space_cannon": ["Ion Battery", "Lance Battery"],
    "deep_cannon": ["Lance Battery"],
}

#: effect -> cards whose abilities use it
EFFECT_CARDS: dict[str, list[str]] = {
    "damage": ["Fireball", "Blasting Charge", "Tidal Wave", "Crushing Decree"],
    "destroy": ["Die!", "Sapper", "Last Rites", "Raze"],
    "sacrifice": ["Blood Pact"],
    "gain_resource": ["Coin", "Treasure Chest", "Pearl Diver", "Corsair", "Ossuary"],
    "steal_resource": ["Thief", "Tribute"],
    "draw": ["Message in a Bottle"],
    "heal": ["Healing Potion", "Vampire", "Mechanic"],
    "add_mark": ["Net", "Poison Dart", "Hex Witch", "Firebrand", "Oppression"],
    "remove_mark": ["Purify", "Antidote"],
    "push": ["Shove", "Tidal Wave", "Steam Piston"],
    "grant": ["War Drummer", "Smoke Bomb", "Flagellant"],
    "create_token": ["Call the Wolves", "Assembly Line"],
    "take_control": ["Bribe", "Conscription"],
    "exile_self": ["Bribe"],
    "gain_points": ["Herald of Triumph"],
    "charge": ["Charger"],
    # the engine applies it when an intention is played (rule Intentions 2)
    "intention": ["Crushing Decree", "Conscription", "Raze", "Oppression", "Tribute",
                  "Decree of Terror"],
    "ready": ["Rally", "Elixir of Haste"],
    "repair": ["Workshop"],
    # the duel's effects (seed 002)
    "buff": ["Golem Shaper", "Battle Hymn", "Stone Oath"],
    "dispel": ["Null Warden", "Silence Rune"],
    "summon_nearby": ["Obelysk", "Call the Gale"],
    "anchor": ["Dunecaster"],
    "gain_mana": ["Ether Wisp", "Ley Surge"],
    "refresh_bloodbound": ["Ley Sage"],
    # the skirmish's effects (seed 004)
    "skirmish:summon": ["Summoner"],
    "skirmish:contaminate": ["Fallout Mortar"],
}

#: mark -> cards that put it on, take it off or look for it
MARK_CARDS: dict[str, list[str]] = {
    "paralysis": ["Net", "Harpooner", "Bear Trap", "Purify", "Oppression"],
    "poison": ["Poison Dart", "Plague Rat", "Hex Witch", "Antidote", "Last Rites"],
    "panic": ["Terror", "Banshee", "Decree of Terror", "Purify"],
    "rage": ["Battle Cry", "Berserker", "Purify"],
    "ward": ["Blessing", "Spirit Warden"],
    "burn": ["Firebrand", "Antidote"],
    "intention": ["Crushing Decree", "Conscription", "Raze", "Oppression", "Tribute",
                  "Decree of Terror"],
    "repression": ["Oppression"],
    # the duel's marks (seed 002), put on by the effect that names them (MARK_EFFECTS)
    "duel:dispelled": ["Null Warden", "Silence Rune"],
    "duel:anchored": ["Dunecaster"],
    # the skirmish's statuses (seed 004)
    "skirmish:burn": ["Fire Archer", "Fire Imp", "Salamander", "Purifier"],
    "skirmish:poison": ["Viper", "Purifier"],
    "skirmish:stunned": ["Mace Brother"],
    "skirmish:accelerated": ["Drummer"],
    "skirmish:rooted": ["Vine Witch"],
    "skirmish:broken": ["Hexer"],
    "skirmish:shield": ["Shield Bearer"],
    "skirmish:stasis": ["Chronomancer"],
    "skirmish:ephemeral": ["Summoner"],
    "skirmish:radiated": ["Rad Trooper", "Purifier"],
    "skirmish:radioactive": ["Fallout Mortar"],
    "skirmish:energy": ["Wind Walker", "Shade"],
    "skirmish:toggled": ["Wind Walker", "Shade"],
}

#: effects that always put a mark on their target, so a card using the effect uses the mark
MARK_EFFECTS: dict[str, str] = {"dispel": "duel:dispelled", "anchor": "duel:anchored",
                                "skirmish:summon": "skirmish:ephemeral",
                                "skirmish:contaminate": "skirmish:radioactive"}

#: trigger -> cards with a triggered ability on it
TRIGGER_CARDS: dict[str, list[str]] = {
    "upkeep": ["War Drummer", "Spirit Warden"],
    "attacks": ["Thief", "Plague Rat", "Vampire"],
    "equipped_attacks": ["Sword"],
    "attacked": ["Spiked Barricade"],
    "enters": ["Banshee"],
    "dies": ["Corsair"],
    "unit_dies": ["Ossuary"],
    "damaged": ["Berserker"],
    "activated": ["Flagellant"],
    "turn_start": ["Obelysk", "Grand Obelysk", "Signal Pyre"],
}

#: entries the engine has for the rulesets to come, which no Muhq card uses yet: each is
#: exercised by the named test instead
NOT_ON_A_SHIPPED_CARD: dict[str, dict[str, str]] = {
    "trigger": {
        "turn_end": "tests/rules/test_capabilities.py (turn-end triggers)",
        "round_start": "tests/rules/test_capabilities.py (round-start triggers)",
    },
}

#: cost -> cards with a free action that costs it
COST_CARDS: dict[str, list[str]] = {
    "resource": ["Mechanic", "Assembly Line"],
    "discard": ["Smugglers' Cove"],
    "discard_self": ["Field Notes"],
    "tap": ["Treasure Chest", "Workshop", "Steam Piston", "Smugglers' Cove"],
    "sacrifice": ["Bear Trap"],
    "durability": ["Healing Potion", "Antidote", "Elixir of Haste", "Smoke Bomb"],
    "equipped": ["Healing Potion", "Antidote", "Elixir of Haste", "Smoke Bomb"],
}

#: passive -> cards with it
PASSIVE_CARDS: dict[str, list[str]] = {
    "equipped_bonus": ["Shield", "Sword", "Warhorse", "Repeating Crossbow"],
    "equipped_keyword": ["War Saddle"],
    "aura": ["War Banner", "Field Marshal", "Lighthouse"],
    "on_tile": ["Messenger", "Sentinel", "Gate Warden"],
}

#: target kind -> cards that declare such a target
TARGET_CARDS: dict[str, list[str]] = {
    "unit": ["Die!", "Net", "Rally", "Banshee"],
    "fighter": ["Charger"],
    "permanent": ["Fireball", "Shove", "Sapper", "Steam Piston", "Mechanic"],
    "artifact": ["Blasting Charge", "Raze"],
    "tile": ["Call the Wolves", "Shove", "Tidal Wave", "Assembly Line"],
}

#: target filter -> cards that use it (the filters are read in game.rules.effects and Game)
FILTER_CARDS: dict[str, list[str]] = {
    "controller": ["Bribe", "Rally", "Hex Witch"],
    "range": ["Harpooner", "Banshee", "Sapper"],
    "name": ["Sapper"],
    "self": ["Mechanic"],
    "damaged": ["Mechanic"],
    "mark": ["Last Rites"],
    "straight_line": ["Charger"],
    "free": ["Call the Wolves", "Assembly Line"],
    "spawn": ["Call the Wolves"],
    "card": ["Call the Wolves", "Assembly Line"],
    "adjacent_to": ["Shove", "Tidal Wave"],
}

#: card type -> cards of that type
TYPE_CARDS: dict[str, list[str]] = {
    "spell": ["Fireball", "Tidal Wave", "Firebrand", "Rally", "Blasting Charge"],
    "unit": ["Soldier", "Lancer", "War Galley", "Berserker", "Trebuchet", "Enforcer"],
    "boss": ["The Kraken", "The Iron Tyrant"],
    "artifact": ["Barricade", "Lighthouse", "Ossuary", "Workshop"],
    "equipment": ["Sword", "War Saddle", "Repeating Crossbow"],
    "potion": ["Healing Potion", "Antidote", "Elixir of Haste", "Smoke Bomb"],
    "intention": ["Crushing Decree", "Conscription", "Raze", "Oppression", "Tribute",
                  "Decree of Terror"],
}

#: tile type -> cards that make use of it, with how (see TILE_USES)
TILE_CARDS: dict[str, list[tuple[str, str]]] = {
    "neutral": [("Soldier", "unit")],
    "house": [("Sentinel", "on_tile"), ("Archer", "ranged")],
    "tower": [("Archer", "ranged"), ("Trebuchet", "ranged"), ("Harpooner", "ranged")],
    "farm field": [("Farmer", "worker")],
    "spawn": [("Soldier", "playable"), ("Barricade", "playable")],
    "harbor": [("Ship", "swimming_playable"), ("Floating Dock", "swimming_playable"),
               ("War Galley", "swimming_playable")],
    "street": [("Messenger", "on_tile"), ("Scout", "fast")],
    "deep water": [("Mermaid", "swimming"), ("Longboat", "swimming"),
                   ("Floating Dock", "swimming"), ("The Kraken", "swimming")],
    "water": [("Mermaid", "swimming"), ("Sea Serpent", "swimming"), ("Tidal Wave", "pushes")],
    "wall": [("Sapper", "targets_walls"), ("Ramm", "pushes")],
    "gate": [("Gate Warden", "on_tile")],
    "store": [("Scout", "fast"), ("Messenger", "fast")],
    "mana globe": [("Lantern Scout", "duel_unit"), ("Crag Hawk", "duel_unit")],
    # the skirmish's terrain (seed 004)
    "forest": [("Ranger", "skirmish_cover"), ("Viper", "skirmish_cover")],
    "hill": [("Longbowman", "skirmish_high"), ("Crossbowman", "skirmish_high")],
    "swamp": [("Militia", "skirmish_ground"), ("Hawk Rider", "skirmish_flier")],
    "mountain": [("Griffin", "skirmish_flier"), ("Hawk Rider", "skirmish_flier")],
    "lava": [("Salamander", "skirmish_fire"), ("Purifier", "skirmish_fire")],
    "radioactive": [("Rad Trooper", "skirmish_radiation"), ("Purifier", "skirmish_radiation")],
    # the fleet's systems (seed 003): ships move through them, ground forces hold planets
    "void": [("Carrier", "fleet_ship")],
    "empty space": [("Carrier", "fleet_ship"), ("Courier", "fleet_ship")],
    "planet": [("Infantry", "fleet_ground"), ("Ion Battery", "fleet_ground")],
    "home system": [("Infantry", "fleet_ground"), ("Walker", "fleet_ground")],
    "asteroid field": [("Cruiser", "fleet_ship")],
    "nebula": [("Cruiser", "fleet_ship")],
    "supernova": [("Destroyer", "fleet_ship")],
    "gravity rift": [("Carrier", "fleet_ship"), ("Dreadnought", "fleet_ship")],
}

#: rules of the rulebook (assets/docs/rules.md) that cards bring into play -> cards
RULE_CARDS: dict[str, list[str]] = {
    "Actions 4": ["Thief", "War Drummer", "Berserker"],
    "Actions 8": ["Coin", "Crushing Decree"],
    "Free Actions 3": ["Treasure Chest", "Mechanic"],
    "Cards 2.2.2": ["Bribe", "Conscription"],
    "Cards 4": ["Coin", "Recruit", "King", "Building", "Stick of Victory", "Enforcer"],
    "Tokens 1": ["Wolf", "Clockwork Drone"],
    "Permanents 3.2": ["Outpost", "Mobile Forge"],
    "Permanents 7": ["Blood Pact", "Bear Trap"],
    "Protection from X 3": ["Paladin", "Lich", "The Iron Tyrant"],
    "Available Tiles (permanents) 3.1": ["Mermaid", "Floating Dock"],
    "Units 10.1": ["Charger", "Farmer", "Herald of Triumph", "Hex Witch"],
    "Units 10.2": ["Mechanic"],
    "Units 11": ["Field Marshal", "Messenger"],
    "Units 13.2": ["Archer", "Trebuchet", "Horse Archer"],
    "Units 14": ["Mermaid", "Longboat"],
    "Units 15": ["Ship", "Siege Tower", "War Galley"],
    "Crew X 1": ["Ship", "Longboat", "War Saddle"],
    "Boss 1": ["The Kraken", "The Iron Tyrant"],
    "Artifacts 2": ["War Banner", "Lighthouse"],
    "Artifacts 3": ["Treasure Chest", "Steam Piston"],
    "Solid X 1": ["Barricade", "Spiked Barricade"],
    "Equipments 2": ["Sword", "Shield", "War Saddle"],
    "Potions 3": ["Healing Potion", "Elixir of Haste"],
    "Intentions 1": ["Crushing Decree", "Oppression"],
    "Intentions marks 1": ["The Iron Tyrant"],
    "Push 4.1": ["Ramm", "Lancer", "Steam Piston"],
    "Push 4.2": ["Shove", "Tidal Wave"],
    "Win Conditions 2": ["King", "Building", "Stick of Victory", "Herald of Triumph"],
    "Resource 3": ["Thief", "Farmer", "Pearl Diver"],
}

# ---------------------------------------------------------------------------- reading a card


def abilities(card: CardDef) -> Iterator[Ability]:
    for ability in (card.effect, card.full_action, *card.free_actions, *card.triggers):
        if ability is not None:
            yield ability


def effect_params(card: CardDef) -> Iterator[tuple[str, Any]]:
    for ability in abilities(card):
        for spec in ability.effects:
            yield spec.kind, spec.params


def target_filters(card: CardDef) -> Iterator[tuple[str, Any]]:
    for ability in abilities(card):
        for spec in ability.targets:
            yield spec.kind, spec.filters


def uses_keyword(card: CardDef, name: str) -> bool:
    if name in card.keywords:
        return True
    if any(p.params.get("keyword") == name for p in card.passives):
        return True
    return any(kind == "grant" and params.get("keyword") == name
               for kind, params in effect_params(card))


def uses_effect(card: CardDef, name: str) -> bool:
    if name == "intention":
        return card.type is CardType.INTENTION and card.effect is not None \
            and bool(card.effect.targets)
    return any(kind == name for kind, _ in effect_params(card))


def uses_mark(card: CardDef, name: str) -> bool:
    if name == "intention":
        return uses_effect(card, "intention")
    if name in ("skirmish:energy", "skirmish:toggled"):  # kept by the rules for energy units
        return bool(card.keywords.get("skirmish:energy"))
    if any((kind in ("add_mark", "remove_mark") and params.get("mark") == name)
           or MARK_EFFECTS.get(kind) == name for kind, params in effect_params(card)):
        return True
    return any(filters.get("mark") == name for _, filters in target_filters(card))


def uses_trigger(card: CardDef, name: str) -> bool:
    return any(ability.trigger == name for ability in card.triggers)


def uses_cost(card: CardDef, name: str) -> bool:
    return any(cost.kind == name for ability in card.free_actions for cost in ability.costs)


def uses_passive(card: CardDef, name: str) -> bool:
    return any(passive.kind == name for passive in card.passives)


def uses_target(card: CardDef, name: str) -> bool:
    return any(kind == name for kind, _ in target_filters(card))


def uses_filter(card: CardDef, name: str) -> bool:
    return any(name in filters for _, filters in target_filters(card))


def uses_type(card: CardDef, name: str) -> bool:
    return card.type.value == name


def _is_unit(card: CardDef, tile: TileType) -> bool:
    return card.is_unit


def _on_tile(card: CardDef, tile: TileType) -> bool:
    return any(p.kind == "on_tile" and p.params.get("tile") == tile.name for p in card.passives)


def _ranged(card: CardDef, tile: TileType) -> bool:
    return card.is_fighter and card.range > 1 and (tile.high_ground or tile.cover)


def _worker(card: CardDef, tile: TileType) -> bool:
    return bool(tile.worker) and card.name == tile.worker and card.is_unit


def _playable(card: CardDef, tile: TileType) -> bool:
    return tile.spawn and card.is_permanent and card.play is not None \
        and not card.keywords.get("swimming")


def _swimming(card: CardDef, tile: TileType) -> bool:
    return tile.swimmers and card.is_permanent and bool(card.keywords.get("swimming"))


def _swimming_playable(card: CardDef, tile: TileType) -> bool:
    return tile.harbor and card.is_permanent and card.play is not None \
        and bool(card.keywords.get("swimming"))


def _fast(card: CardDef, tile: TileType) -> bool:
    """A unit that gets far: the street's extra move and the store tiles reward it."""
    return (tile.street or tile.store) and card.is_unit and card.movement >= 3


def _targets_walls(card: CardDef, tile: TileType) -> bool:
    return bool(tile.wall_solid) and any(
        filters.get("name") == "Wall" for _, filters in target_filters(card))


def _pushes(card: CardDef, tile: TileType) -> bool:
    """Pushing into a wall hurts (rule Push 6.1); a non-swimmer pushed into deep water or a
    swimmer pushed onto land is destroyed (rule Push 6.2)."""
    return (bool(tile.wall_solid) or tile.swimmers) and (
        bool(card.keywords.get("push")) or uses_effect(card, "push"))


def _duel_unit(card: CardDef, tile: TileType) -> bool:
    """A mana globe is used up by the first unit to stand on it, moved or summoned
    (seed 002); only duel maps have globes, so the duel's units are the ones to take it."""
    return tile.name == "mana globe" and card.is_unit and "duel" in card.tags


def _skirmish(card: CardDef) -> bool:
    return card.is_unit and "skirmish" in card.tags


def _skirmish_cover(card: CardDef, tile: TileType) -> bool:
    """Terrain protection is by size: the small and medium units get the most of it."""
    size = int(card.keywords.get("skirmish:size") or 2)
    return _skirmish(card) and any(low <= size <= high and melee + ranged
                                   for low, high, melee, ranged, _aoe in tile.protection)


def _skirmish_high(card: CardDef, tile: TileType) -> bool:
    """Shooters want high ground: they see over low obstacles from it."""
    return _skirmish(card) and tile.elevated and tile.walkers and card.range > 1


def _skirmish_ground(card: CardDef, tile: TileType) -> bool:
    """Ground units pay the terrain's movement costs and penalties."""
    return _skirmish(card) and not card.keywords.get("skirmish:flying") and bool(
        tile.move_in or tile.move_out or tile.penalty_in or tile.penalty_out)


def _skirmish_flier(card: CardDef, tile: TileType) -> bool:
    """Fliers pass over what stops or slows ground units."""
    return _skirmish(card) and bool(card.keywords.get("skirmish:flying")) and (
        not tile.walkers or bool(tile.penalty_in or tile.move_out))


def _skirmish_fire(card: CardDef, tile: TileType) -> bool:
    """Lava burns: what lives with burn or takes it off is at home there."""
    return _skirmish(card) and bool(tile.burns) and (
        bool(card.keywords.get("skirmish:resistance")) or uses_mark(card, "skirmish:burn"))


def _skirmish_radiation(card: CardDef, tile: TileType) -> bool:
    """Radioactive ground irradiates; armor halves what comes, a cure takes it off."""
    return _skirmish(card) and bool(tile.radioactive) and uses_mark(card, "skirmish:radiated")
def _fleet_tile(tile: TileType) -> bool:
    """A tile of the fleet's galaxies: an anomaly, a system with a planet, empty space or
    the void between systems (seed 003)."""
    return bool(tile.anomalies or tile.resources) or tile.name in ("void", "empty space")


def _fleet_ship(card: CardDef, tile: TileType) -> bool:
    """Fleet ships move through (or around) a galaxy's systems and anomalies."""
    return _fleet_tile(tile) and {"fleet", "ship"} <= card.tags


def _fleet_ground(card: CardDef, tile: TileType) -> bool:
    """Ground forces and structures stand on planets (a system with resources)."""
    return tile.resources > 0 and "fleet" in card.tags and bool(
        {"ground", "structure"} & card.tags)


TILE_USES: dict[str, Callable[[CardDef, TileType], bool]] = {
    "unit": _is_unit, "on_tile": _on_tile, "ranged": _ranged, "worker": _worker,
    "playable": _playable, "swimming": _swimming, "swimming_playable": _swimming_playable,
    "fast": _fast, "targets_walls": _targets_walls, "pushes": _pushes,
    "duel_unit": _duel_unit, "fleet_ship": _fleet_ship, "fleet_ground": _fleet_ground,
    "skirmish_cover": _skirmish_cover, "skirmish_high": _skirmish_high,
    "skirmish_ground": _skirmish_ground, "skirmish_flier": _skirmish_flier,
    "skirmish_fire": _skirmish_fire, "skirmish_radiation": _skirmish_radiation,
}


def uses_rule(card: CardDef, rule: str) -> bool:
    """What a card needs in its data to bring a rule into play."""
    checks: dict[str, Callable[[CardDef], bool]] = {
        "Actions 4": lambda c: bool(c.triggers),
        "Actions 8": lambda c: c.play == 0,
        "Free Actions 3": lambda c: bool(c.free_actions),
        "Cards 2.2.2": lambda c: uses_effect(c, "take_control"),
        "Cards 4": lambda c: c.buy is None,
        "Tokens 1": lambda c: c.token,
        "Permanents 3.2": lambda c: uses_keyword(c, "spawn_point"),
        "Permanents 7": lambda c: uses_effect(c, "sacrifice") or uses_cost(c, "sacrifice"),
        "Protection from X 3": lambda c: uses_keyword(c, "protection"),
        "Available Tiles (permanents) 3.1": lambda c: uses_keyword(c, "swimming"),
        "Units 10.1": lambda c: c.is_unit and (c.full_action is not None
                                               or c.name == "Farmer"),
        "Units 10.2": lambda c: c.is_unit and bool(c.free_actions),
        "Units 11": lambda c: c.is_unit and bool(c.passives),
        "Units 13.2": lambda c: c.is_unit and c.range > 1,
        "Units 14": lambda c: c.is_unit and uses_keyword(c, "swimming"),
        "Units 15": lambda c: c.is_unit and uses_keyword(c, "crew"),
        "Crew X 1": lambda c: uses_keyword(c, "crew"),
        "Boss 1": lambda c: c.type is CardType.BOSS,
        "Artifacts 2": lambda c: c.type is CardType.ARTIFACT and bool(c.passives),
        "Artifacts 3": lambda c: c.type is CardType.ARTIFACT and bool(c.free_actions),
        "Solid X 1": lambda c: uses_keyword(c, "solid"),
        "Equipments 2": lambda c: c.is_equipment and c.durability > 0,
        "Potions 3": lambda c: c.type is CardType.POTION and uses_cost(c, "equipped"),
        "Intentions 1": lambda c: c.type is CardType.INTENTION,
        "Intentions marks 1": lambda c: uses_keyword(c, "tyrant"),
        "Push 4.1": lambda c: c.is_permanent and (uses_keyword(c, "push")
                                                  or uses_effect(c, "push")),
        "Push 4.2": lambda c: c.is_spell and uses_effect(c, "push") and any(
            kind == "tile" for kind, _ in target_filters(c)),
        "Win Conditions 2": lambda c: c.name in ("King", "Building", "Stick of Victory")
        or uses_effect(c, "gain_points"),
        "Resource 3": lambda c: any(k in ("gain_resource", "steal_resource")
                                    for k, _ in effect_params(c)) or c.name == "Farmer",
    }
    return checks[rule](card)


# ---------------------------------------------------------------------------- the tests

TABLES: list[tuple[str, dict[str, list[str]], Callable[[CardDef, str], bool]]] = [
    ("keyword", KEYWORD_CARDS, uses_keyword),
    ("effect", EFFECT_CARDS, uses_effect),
    ("mark", MARK_CARDS, uses_mark),
    ("trigger", TRIGGER_CARDS, uses_trigger),
    ("cost", COST_CARDS, uses_cost),
    ("passive", PASSIVE_CARDS, uses_passive),
    ("target kind", TARGET_CARDS, uses_target),
    ("target filter", FILTER_CARDS, uses_filter),
    ("card type", TYPE_CARDS, uses_type),
    ("rule", RULE_CARDS, uses_rule),
]


def test_shipped_cards_load_cleanly() -> None:
    assert PROBLEMS == []


@pytest.mark.parametrize("what, table, uses", TABLES, ids=[t[0] for t in TABLES])
def test_each_card_named_in_a_table_exists_and_uses_that_entry(
        what: str, table: dict[str, list[str]], uses: Callable[[CardDef, str], bool]) -> None:
    wrong = []
    for entry, names in table.items():
        assert names, f"{what} {entry!r}: no card named"
        for name in names:
            if name not in LIBRARY:
                wrong.append(f"{what} {entry!r}: no shipped card named {name!r}")
            elif not uses(LIBRARY[name], entry):
                wrong.append(f"{what} {entry!r}: {name} does not use it in its data")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("what, table, registry", [
    ("keyword", KEYWORD_CARDS, KEYWORDS.names()),
    ("effect", EFFECT_CARDS, EFFECTS.names()),
    ("mark", MARK_CARDS, MARKS.names()),
    ("trigger", TRIGGER_CARDS, TRIGGERS.names()),
    ("cost", COST_CARDS, COSTS.names()),
    ("passive", PASSIVE_CARDS, PASSIVES.names()),
    ("target kind", TARGET_CARDS, TARGETS.names()),
    ("card type", TYPE_CARDS, [t.value for t in CardType]),
    ("tile type", TILE_CARDS, sorted(TILE_TYPES)),
], ids=["keywords", "effects", "marks", "triggers", "costs", "passives", "targets",
        "card-types", "tile-types"])
def test_every_registry_entry_is_in_its_table(what: str, table: dict[str, Any],
                                              registry: list[str]) -> None:
    missing = sorted(set(registry) - set(table) - set(NOT_ON_A_SHIPPED_CARD.get(what, {})))
    unknown = sorted(set(table) - set(registry))
    assert not missing, f"{what}s without a shipped card in the coverage table: {missing}"
    assert not unknown, f"the coverage table names {what}s that do not exist: {unknown}"


def test_every_tile_type_is_used_by_the_cards_named_for_it() -> None:
    wrong = []
    for tile_name, uses in TILE_CARDS.items():
        assert uses, f"tile {tile_name!r}: no card named"
        tile = TILE_TYPES[tile_name]
        for name, how in uses:
            if name not in LIBRARY:
                wrong.append(f"tile {tile_name!r}: no shipped card named {name!r}")
            elif not TILE_USES[how](LIBRARY[name], tile):
                wrong.append(f"tile {tile_name!r}: {name} is not {how}")
    assert not wrong, "\n".join(wrong)


def test_rules_named_in_the_table_are_rules_of_the_index() -> None:
    text = (ROOT / "assets" / "docs" / "rules.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"^- \*\*(.+?)\*\*", text, flags=re.MULTILINE))
    assert set(RULE_CARDS) <= ids, sorted(set(RULE_CARDS) - ids)


# ---------------------------------------------------------------------------- the sets

#: base: start cards, map pieces, the Farmer and plain units, spells and gear;
#: exp1 (warfare): cavalry, siege and crews, Charger and Ramm, points, house/gate/street units;
#: sea (tides): swimmers and ships for harbors and deep water, pushes into the deep, the Kraken;
#: dark (shadows): the state marks poison, panic, rage, paralysis, ward and burn;
#: workshop (engineering): artifacts, solid X, equipment, potions, push, spawn points, repairs;
#: tyranny: the Iron Tyrant, its intentions and Enforcers (boss mode only, never drafted).
SETS = ("base", "exp1", "sea", "dark", "workshop", "tyranny")


def test_at_least_five_sets_and_sixty_cards_are_shipped() -> None:
    sets = {card.set for card in LIBRARY if card.set != "test"}
    assert set(SETS) <= sets and len(sets) >= 5
    assert len([c for c in LIBRARY if c.set in SETS]) >= 60


def test_known_cards_of_the_original_keep_their_set_and_figures() -> None:
    charger, ramm = LIBRARY["Charger"], LIBRARY["Ramm"]
    assert (charger.set, charger.type, charger.attack, charger.health, charger.movement,
            charger.buy, charger.upkeep, dict(charger.keywords)) == (
        "exp1", CardType.UNIT, 1, 2, 3, 8, 1, {"crew": 1})
    assert charger.full_action is not None
    assert (ramm.set, ramm.movement, ramm.buy, ramm.upkeep, dict(ramm.keywords)) == (
        "exp1", 1, 7, 1, {"crew": 3, "push": True})
    for name in ("Coin", "Recruit", "King", "Building", "Stick of Victory", "Farmer", "Die!"):
        assert LIBRARY[name].set == "base", name


@pytest.mark.parametrize("set_name", SETS)
def test_every_set_can_be_drafted_or_is_a_boss_set(set_name: str) -> None:
    cards = LIBRARY.in_sets((set_name,))
    buyable = [c for c in cards if c.buy is not None]
    if set_name == "tyranny":
        # the Tyrant's side: nothing to draft, intentions and bosses only come from the map
        assert not buyable
        assert {c.type for c in cards} >= {CardType.BOSS, CardType.INTENTION}
    else:
        assert len(buyable) >= 8, f"{set_name}: too few cards to fill packs"


def test_costs_stay_in_the_range_of_the_base_set() -> None:
    """Balance guard. A turn gives an income of 2-3 plus about one Coin (2) from a hand of
    three, and one purchase. Buy grows with attack + health (never below their sum), plus
    about 1 for movement above 2, a keyword or an ability; play is about half of buy (at
    most buy / 2 + 1) so a card bought can be played when drawn; upkeep is 1, 2 for units
    strong for their cost, 0 only for resource makers, tokens and start cards. Bosses,
    tokens and intentions have no buy cost; intentions cost 0 to play."""
    for card in LIBRARY:
        if card.type is CardType.INTENTION:
            assert card.play == 0, card.name
        if card.token or card.type in (CardType.BOSS, CardType.INTENTION):
            assert card.buy is None, card.name
            continue
        if card.buy is not None:
            assert 2 <= card.buy <= 9, card.name
            assert card.play is not None and card.play <= card.buy // 2 + 1, card.name
        if card.is_unit:
            assert card.upkeep <= 2, card.name
            if card.buy is not None:
                # stronger bodies cost more to buy
                assert card.attack + card.health <= card.buy, card.name

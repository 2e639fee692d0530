"""Clicks to actions: what the player may click, and which action each click sends.

Everything offered here is read from the engine's legal actions (``Session.legal()``):
tiles to highlight, the choices a click on a tile or a card gives, and the buttons of the
unit panel. An action with several choices (a spell's targets, a transport's destination
and drop tile) is built step by step by a ``Build``: it holds every legal action that
agrees with the choices made so far, so whatever it finally returns is one of them.

This module draws nothing and never changes the game; the board scene sends what it
returns through ``Session.apply``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.content.text import keyword_text, paragraphs
from game.rules import Game
from game.rules.core.actions import (
    Action,
    Activate,
    Attack,
    Bloodbound,
    DeclareTrigger,
    DeclareTriggerFirst,
    Disband,
    Discard,
    DiscardForResource,
    DiscardToPay,
    Equip,
    FullAction,
    LeaveUnpaid,
    Move,
    Mulligan,
    PlaceDropped,
    PlayCard,
    Replace,
    ShakeOff,
    StreetMove,
    Switch,
    Transport,
    UseFreeAction,
)
from game.rules.core.state import PendingChoice
from game.rules.geometry import Tile

#: Highlight kinds of the board view, strongest first (a tile shows the strongest).
#: "use" is what the commanded unit may do with a piece beside it other than attack it
#: (equip, carry, switch places); "own" an attack on (or a harmful target among) the
#: player's own pieces.
HIGHLIGHT_ORDER = ("use", "attack", "own", "target", "play", "move", "select")
#: the answers to the decisions the rules leave to a player (``game.choices``)
ANSWERS = (LeaveUnpaid, PlaceDropped, DiscardToPay)


def is_tile(value: Any) -> bool:
    return (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(v, int) for v in value))


def option_tile(game: Game, value: Any) -> Tile | None:
    """Where a choice lies on the map: a tile itself, or the tile of a permanent."""
    if is_tile(value):
        return (int(value[0]), int(value[1]))
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        try:
            if game.is_on_map(value):
                return game.tile_of(value)
        except KeyError:
            return None
    return None


#: the button that plays an equipment so that the next unit played comes equipped with
#: it (rule Equipments 6), and what it means
NEXT_UNIT = "Equip the next unit you play"
NEXT_UNIT_HINT = ("it waits beside you, and the next unit you play this turn comes onto the "
                  "map with it (unused, it goes to your discard pile at the end of the turn)")


def placed(game: Game, entity: int) -> str:
    """A permanent's name and where it stands: "the Recruit at (3, 4)"."""
    tile = option_tile(game, entity)
    where = f" at {game.geometry.label(tile)}" if tile is not None else ""
    return f"the {name_of(game, entity)}{where}"


def name_of(game: Game, entity: int) -> str:
    try:
        return game.card(entity).name
    except KeyError:
        return f"#{entity}"


def _is_own(game: Game, entity: int, player: int) -> bool:
    try:
        return game.controller(entity) == player
    except KeyError:
        return False


def describe_option(game: Game, value: Any) -> str:
    """A choice as a player reads it."""
    if is_tile(value):
        return f"the tile ({value[0]}, {value[1]})"
    if isinstance(value, int) and not isinstance(value, bool):
        who = ""
        try:
            controller = game.controller(value)
            who = f" (player {controller + 1})" if controller >= 0 else " (neutral)"
        except KeyError:
            pass
        return f"{name_of(game, value)}{who}"
    return str(value)


def choice_title(game: Game, choice: PendingChoice) -> str:
    """What a waiting decision is about, in a line (the prompt's title, the curtain's)."""
    if choice.kind == "unpaid":
        units, named = choice.data
        due = sum(game.card(u).upkeep or 0 for u in units if u not in named)
        have = game.players[choice.controller].resource
        return f"Upkeep: {have} ◆ can't pay the {due} ◆ your units cost"
    if choice.kind == "drop":
        return f"{name_of(game, choice.source)} is gone: place its pile around it"
    if choice.kind == "discard":
        amount, chosen = choice.data[3], choice.data[4]
        left = amount - len(chosen)
        cards = "a card" if left == 1 else f"{left} more cards"
        return f"{name_of(game, choice.source)} costs {cards}"
    return "A decision"


@dataclass
class Build:
    """An action chosen in steps.

    ``candidates`` pairs each legal action with the sequence of choices that names it;
    ``chosen`` is the prefix picked so far. ``kind`` is the highlight of the options
    ("play" for tiles to play a permanent on, "target" for spell targets, "move"...)."""

    title: str
    kind: str
    candidates: list[tuple[Action, tuple[Any, ...]]]
    prompts: tuple[str, ...] = ()
    chosen: tuple[Any, ...] = ()
    #: the hand card being played, if any (shown raised in the hand)
    card: int = 0
    #: extra one-click ways to finish, offered as buttons (label, action)
    extras: list[tuple[str, Action]] = field(default_factory=list)
    #: the player must finish it (a triggered action): no cancelling
    required: bool = False
    #: the options are cards of the hand: clicked there, not offered as buttons
    in_hand: bool = False
    #: what an option is called (by its value), where the plain description won't do;
    #: a prompt's "{last}" is the name of the option chosen last
    names: dict[Any, str] = field(default_factory=dict)
    #: a button offering an option says this before its name ("Place")
    verb: str = ""
    #: a click on an option asks first (leaving a unit unpaid destroys it)
    confirm: bool = False

    def matching(self) -> list[tuple[Action, tuple[Any, ...]]]:
        n = len(self.chosen)
        return [(a, seq) for a, seq in self.candidates if seq[:n] == self.chosen]

    def complete(self) -> Action | None:
        """The action the choices name, once they name exactly one."""
        for action, seq in self.matching():
            if seq == self.chosen:
                return action
        return None

    def options(self) -> list[Any]:
        """The values the next step may take, in the engine's order."""
        n = len(self.chosen)
        seen: list[Any] = []
        for _action, seq in self.matching():
            if len(seq) > n and seq[n] not in seen:
                seen.append(seq[n])
        return seen

    def choose(self, value: Any) -> Action | None:
        """Take one more choice; returns the action when it is complete."""
        if value not in self.options():
            raise ValueError(f"{value!r} is not a choice now")
        self.chosen = (*self.chosen, value)
        return self.complete()

    def step(self) -> int:
        return len(self.chosen)

    def steps(self) -> int:
        return max((len(seq) for _a, seq in self.candidates), default=0)

    def prompt(self) -> str:
        index = len(self.chosen)
        if index < len(self.prompts):
            what = self.prompts[index]
        else:
            what = "choose a target"
        if self.chosen:
            what = what.replace("{last}", self.names.get(self.chosen[-1], "it"))
        total = self.steps()
        count = f" ({index + 1}/{total})" if total > 1 else ""
        return f"{self.title}: {what}{count}"


@dataclass(frozen=True)
class Choice:
    """One thing a click may do: send ``action``, start ``build``, or take ``value`` as
    the next step of the build in progress."""

    label: str
    kind: str = "select"
    action: Action | None = None
    build: Build | None = None
    value: Any = None
    is_step: bool = False
    #: ask before doing it, even when it is the only choice
    confirm: bool = False
    #: a unit to take command of (rulesets without activation: the duel), changing nothing
    #: in the game
    select: int = 0


def _fleet() -> Any:
    """``game.client.fleet_ui`` (which builds on this module: imported when first used)."""
    from . import fleet_ui

    return fleet_ui


def _strongest(kinds: Sequence[str]) -> str:
    for kind in HIGHLIGHT_ORDER:
        if kind in kinds:
            return kind
    return kinds[0] if kinds else "select"


def _ability_text(game: Game, source: int, kind: str, index: int = 0) -> str:
    """The printed text of a card's free action (``kind="free"``, by index) or full
    action (``kind="full"``), as the card face words it."""
    definition = game.card(source)
    wanted = "free_action" if kind == "free" else "full_action"
    try:
        found = [p for p in paragraphs(definition) if p.kind == wanted]
    except Exception:  # noqa: BLE001 - a label is never worth a crash
        found = []
    if index < len(found):  # a full action's words without its label (the button has one)
        words = found[index].body if kind == "full" else found[index].text
        return shorten(words.rstrip("."))
    ability = None
    if kind == "free" and index < len(definition.free_actions):
        ability = definition.free_actions[index]
    elif kind == "full":
        ability = definition.full_action
    text = ability.text if ability is not None else ""
    return shorten(text.strip().rstrip(".")) if text else ""


def _full_action_label(game: Game, source: int) -> str:
    """What the card face calls its full action ("Full action"; a skirmish unit's
    "Ability")."""
    try:
        found = [p for p in paragraphs(game.card(source)) if p.kind == "full_action"]
    except Exception:  # noqa: BLE001 - a label is never worth a crash
        found = []
    return found[0].label if found and found[0].label else "Full action"


def _toggle_label(game: Game, unit: int) -> str:
    """The button of a unit's energy toggle (the skirmish): what it turns on or off."""
    for value in game.card(unit).keywords.values():
        if hasattr(value, "get") and value.get("keyword"):
            buff = keyword_text(str(value["keyword"]))
            if game.keyword(unit, str(value["keyword"])):
                return f"Turn {buff} off"
            return f"Turn {buff} on ({value.get('cost', 0)} energy)"
    return "Toggle"


def shorten(text: str, limit: int = 64) -> str:
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def play_build(game: Game, card: int, legal: Sequence[Action]) -> Build | None:
    """The ways to play one hand card, or None if it can't be played now: a permanent's
    tile first (when it goes onto a tile), then the targets of what it does as it comes
    (a duel minion's opening gambit); a spell's targets."""
    plays = [a for a in legal if isinstance(a, PlayCard) and a.card == card]
    if not plays:
        return None
    definition = game.card(card)
    name = definition.name
    if definition.is_permanent:
        candidates: list[tuple[Action, tuple[Any, ...]]] = [
            (a, ((a.tile,) if a.tile is not None else ()) + tuple(a.targets))
            for a in plays if not a.equip_next]
        extras: list[tuple[str, Action]] = [
            (NEXT_UNIT, a) for a in plays if a.equip_next]
        on_tile = any(a.tile is not None for a in plays)
        targets = max((len(a.targets) for a in plays), default=0)
        prompts = (("choose a tile to play it on" + (
            ", or equip the next unit you play (the button)" if extras else ""),)
                   if on_tile else ()) + tuple(_target_prompts(definition.effect, targets))
        return Build(f"Play {name}", "play" if on_tile else "target", candidates, prompts,
                     card=card, extras=extras)
    candidates = [(a, tuple(a.targets)) for a in plays]
    prompts = tuple(_target_prompts(definition.effect, len(candidates[0][1])))
    return Build(f"Cast {name}", "target", candidates, prompts, card=card)


def _target_prompts(ability: Any, count: int) -> list[str]:
    prompts = []
    specs = getattr(ability, "targets", ()) or ()
    for index in range(count):
        kind = specs[index].kind if index < len(specs) else "target"
        article = "an" if kind[:1] in "aeio" else "a"
        prompts.append(f"choose {article} {kind}")
    return prompts


class Controls:
    """The clickable state of the game screen for the player to act.

    ``legal`` is what the player may do now (empty when the screen's viewer may not act).
    The scene keeps one ``Controls``; ``refresh`` after every action."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.legal: list[Action] = []
        self.build: Build | None = None
        #: hand cards picked for "discard two cards for a resource" (None: not picking)
        self.pair: list[int] | None = None
        #: the unit the player commands in a ruleset without activation (the duel): the
        #: window's own choice, nothing the game knows about
        self.selected = 0
        #: a hand card is to be replaced (the duel's Replace): the next hand click says which
        self.replacing = False
        #: hand cards picked to put back in the mulligan (None: no mulligan now)
        self.mulligan: list[int] | None = None

    # ---------------------------------------------------------------- state

    def refresh(self, legal: Sequence[Action]) -> None:
        """New legal actions: drop whatever the player was building that is gone."""
        self.legal = list(legal)
        allowed = set(self.legal)
        if self.build is not None:
            self.build.candidates = [(a, s) for a, s in self.build.candidates if a in allowed]
            self.build.extras = [(t, a) for t, a in self.build.extras if a in allowed]
            gone = not self.build.candidates and not self.build.extras
            if gone or (self.build.candidates and not self.build.matching()):
                self.build = None
        if self.pair is not None:
            hand = {c for a in self.legal if isinstance(a, DiscardForResource)
                    for c in (a.first, a.second)}
            if not hand:
                self.pair = None
            else:
                self.pair = [c for c in self.pair if c in hand]
        if self.build is None and any(isinstance(a, (DeclareTrigger, DeclareTriggerFirst))
                                      for a in self.legal):
            self.build = self.trigger_build()
        if self.build is None and any(isinstance(a, ANSWERS) for a in self.legal):
            self.build = self.choice_build()
        if self.selected and not self._commands(self.selected):
            self.selected = 0
        if self.replacing and not any(isinstance(a, Replace) for a in self.legal):
            self.replacing = False
        mulligans = [a for a in self.legal if isinstance(a, Mulligan)]
        if not mulligans:
            self.mulligan = None
        elif self.mulligan is None:
            self.mulligan = []
        else:
            self.mulligan = [c for c in self.mulligan
                             if any(c in a.cards for a in mulligans)]

    def cancel(self) -> None:
        if self.build is not None and self.build.required:
            self.build.chosen = ()  # start the choice again; it can't be skipped
        else:
            self.build = None
        self.pair = None
        self.replacing = False
        if self.fleet:
            self.selected = 0  # the ship chosen to move

    def has(self, action: Action) -> bool:
        return action in self.legal

    def activated(self) -> int:
        """The unit the player acts with now, if its actions are on offer: the engine's
        activated permanent, or, in a ruleset without activation, the unit the player
        selected."""
        unit = self.game.activated or self.selected
        return unit if unit and self._commands(unit) else 0

    def _commands(self, unit: int) -> bool:
        return any(getattr(action, "unit", None) == unit for action in self.legal) or (
            self.fleet and unit in _fleet().ships_to_move(self.legal))

    @property
    def fleet(self) -> bool:
        """A fleet game (seed 003): its own clicks and buttons (``game.client.fleet_ui``)."""
        return bool(self.game.ruleset.name == "fleet")

    def commandable(self) -> list[int]:
        """Units with a move or an attack on offer while nothing is activated (the duel:
        every unit is commanded directly, no activation first)."""
        if self.game.activated or any(isinstance(a, Activate) for a in self.legal):
            return []
        return sorted({a.unit for a in self.legal if isinstance(a, (Move, Attack))})

    # ---------------------------------------------------------------- builds

    def trigger_build(self) -> Build | None:
        firsts = [a for a in self.legal if isinstance(a, DeclareTriggerFirst)]
        if firsts:
            return self.trigger_order_build(firsts)
        triggers = [a for a in self.legal if isinstance(a, DeclareTrigger)]
        if not triggers:
            return None
        pending = self.game.pending[0] if self.game.pending else None
        title = "Triggered action"
        prompts: tuple[str, ...] = ()
        if pending is not None:
            title = self._trigger_text(0)
            ability = self.game.card(pending.source).triggers[pending.ability]
            prompts = tuple(_target_prompts(ability, len(triggers[0].targets)))
        return Build(title, "target", [(a, tuple(a.targets)) for a in triggers], prompts,
                     required=True)

    def _trigger_text(self, index: int) -> str:
        """A waiting triggered action (its place in ``game.pending``) as its card words it."""
        pending = self.game.pending[index]
        definition = self.game.card(pending.source)
        text = definition.triggers[pending.ability].text
        if not text:
            try:
                found = [p for p in paragraphs(definition) if p.kind == "trigger"]
            except Exception:  # noqa: BLE001 - a label is never worth a crash
                found = []
            text = found[pending.ability].text if pending.ability < len(found) else ""
        return f"{definition.name}: {shorten(text.rstrip('.')) or 'triggered action'}"

    def trigger_order_build(self, firsts: list[DeclareTriggerFirst]) -> Build:
        """Rule Actions 5: several of the player's triggered actions were set off together;
        a button per action says which to declare next (it resolves after those declared
        later), then its targets, if it has a choice of them."""
        names: dict[Any, str] = {}
        for index in dict.fromkeys(a.trigger for a in firsts):
            name = name_of(self.game, self.game.pending[index].source)
            taken = sum(1 for n in names.values() if n.split(" #")[0] == name)
            names[("trigger", index)] = f"{name} #{taken + 1}" if taken else name
        together = ", ".join(names.values())
        return Build(f"Triggered together: {together}", "target",
                     [(a, (("trigger", a.trigger), *a.targets)) for a in firsts],
                     ("declare one first (it resolves last)", "choose a target for {last}"),
                     required=True, names=names, verb="Declare")

    def choice_build(self) -> Build | None:
        """A decision the rules leave to the player (``game.choices``), asked like a
        triggered action: it has to be answered. Units to leave unpaid are picked on the
        board (red), a dropped permanent by a button and then its tile (gold), cards to
        discard in the hand."""
        answers = [a for a in self.legal if isinstance(a, ANSWERS)]
        if not answers or not self.game.choices:
            return None
        title = choice_title(self.game, self.game.choices[0])
        game = self.game
        if isinstance(answers[0], LeaveUnpaid):
            units = [a for a in answers if isinstance(a, LeaveUnpaid)]
            names = {a.unit: f"Leave {name_of(game, a.unit)} unpaid (upkeep "
                             f"{game.card(a.unit).upkeep or 0}): it is destroyed"
                     for a in units}
            return Build(title, "attack", [(a, (a.unit,)) for a in units],
                         ("click a red unit to leave it unpaid",), required=True,
                         names=names, confirm=True)
        if isinstance(answers[0], DiscardToPay):
            return Build(title, "target", [(a, (a.card,)) for a in answers
                                           if isinstance(a, DiscardToPay)],
                         ("click a glowing card of your hand",), required=True,
                         in_hand=True)
        drops = [a for a in answers if isinstance(a, PlaceDropped)]
        pieces = list(dict.fromkeys(a.permanent for a in drops))
        if len(pieces) == 1:
            name = name_of(game, pieces[0])
            return Build(title, "play", [(a, (a.tile,)) for a in drops],
                         (f"click a gold tile for {name}",), required=True)
        return Build(title, "play", [(a, (a.permanent, a.tile)) for a in drops],
                     ("choose the piece to place first", "click a gold tile for {last}"),
                     required=True, names={p: name_of(game, p) for p in pieces},
                     verb="Place")

    def start_build(self, build: Build) -> Action | None:
        """Begin a build; returns the action at once if it needs no choice."""
        self.pair = None
        self.build = build
        done = build.complete() if not build.extras else None
        if done is not None and len(build.candidates) == 1:
            self.build = None
            return done
        return None

    def step(self, value: Any) -> Action | None:
        """The next choice of the build in progress; the action when complete."""
        if self.build is None:
            return None
        done = self.build.choose(value)
        if done is not None:
            self.build = None
        return done

    # ---------------------------------------------------------------- board

    def tile_choices(self) -> dict[Tile, list[Choice]]:
        """What a click on each tile may do now."""
        game = self.game
        out: dict[Tile, list[Choice]] = {}

        def add(tile: Tile | None, choice: Choice) -> None:
            if tile is not None:
                out.setdefault(tile, []).append(choice)

        if self.build is not None:
            for value in self.build.options():
                label = self.build.names.get(value) or describe_option(game, value)
                add(option_tile(game, value),
                    Choice(label, self.build.kind, value=value, is_step=True,
                           confirm=self.build.confirm))
            return out
        if self.pair is not None:
            return out
        if self.fleet:
            return _fleet().tile_choices(game, self.legal, self.selected)
        unit = self.activated()
        for other in self.commandable():
            if other != unit:
                add(option_tile(game, other),
                    Choice(f"Command {name_of(game, other)}", "select", select=other))
        transports: dict[int, list[tuple[Action, tuple[Any, ...]]]] = {}
        for action in self.legal:
            if isinstance(action, Move) and action.unit == unit:
                add(action.tile, Choice("Move here", "move", action))
            elif isinstance(action, StreetMove) and action.unit == unit:
                add(action.tile, Choice("Move here along the street", "move", action))
            elif isinstance(action, Attack) and action.unit == unit:
                if _is_own(game, action.target, action.player):
                    add(option_tile(game, action.target),
                        Choice(f"Attack your own {name_of(game, action.target)}", "own",
                               action))
                else:
                    add(option_tile(game, action.target),
                        Choice(f"Attack {describe_option(game, action.target)}", "attack",
                               action))
            elif isinstance(action, Switch) and action.unit == unit:
                add(option_tile(game, action.artifact),
                    Choice(f"Switch places with {name_of(game, action.artifact)}",
                           "use", action))
            elif isinstance(action, Equip) and action.unit == unit:
                add(option_tile(game, action.equipment),
                    Choice(f"Equip {name_of(game, action.equipment)} "
                           f"(uses the {action.using} action)", "use", action))
            elif isinstance(action, Transport) and action.unit == unit:
                transports.setdefault(action.artifact, []).append(
                    (action, (action.tile, action.drop)))
            elif isinstance(action, Activate):
                label = f"Activate {name_of(game, action.permanent)}"
                busy = unit and unit != action.permanent
                if busy:  # two of a name are told apart by where they stand
                    label = (f"Activate {placed(game, action.permanent)} instead "
                             f"({placed(game, unit)} is then done for this turn)")
                add(option_tile(game, action.permanent),
                    Choice(label, "select", action, confirm=bool(busy)))
        for artifact, candidates in transports.items():
            name = name_of(game, artifact)
            build = Build(f"Carry {name}", "move", candidates,
                          ("choose where the unit goes",
                           f"choose where to put {name} down (next to the unit)"))
            add(option_tile(game, artifact), Choice(f"Carry {name}…", "use", build=build))
        for (source, index), build in self._free_builds().items():
            add(option_tile(game, source), self._free_choice(source, index, build))
        return out

    def _free_choice(self, source: int, index: int, build: Build) -> Choice:
        text = _ability_text(self.game, source, "free", index)
        label = f"{name_of(self.game, source)}: {text or 'free action'}"
        return Choice(label, "select", build=build, confirm=True)

    def _free_builds(self) -> dict[tuple[int, int], Build]:
        builds: dict[tuple[int, int], Build] = {}
        for action in self.legal:
            if isinstance(action, UseFreeAction):
                key = (action.source, action.index)
                if key not in builds:
                    definition = self.game.card(action.source)
                    ability = definition.free_actions[action.index]
                    builds[key] = Build(f"{definition.name}: free action", "target", [],
                                        tuple(_target_prompts(ability, len(action.targets))))
                builds[key].candidates.append((action, tuple(action.targets)))
        return builds

    def highlights(self) -> dict[Tile, str]:
        return {tile: _strongest([c.kind for c in choices])
                for tile, choices in self.tile_choices().items()}

    def click_tile(self, tile: Tile | None) -> list[Choice]:
        if tile is None:
            return []
        return self.tile_choices().get(tile, [])

    def free_action_sources(self) -> list[int]:
        return sorted({k[0] for k in self._free_builds()})

    def non_tile_options(self) -> list[Choice]:
        """Choices of the build in progress that are not on the map (offered as buttons)."""
        if self.build is None:
            return []
        found = []
        for value in [] if self.build.in_hand else self.build.options():
            if option_tile(self.game, value) is None:
                named = self.build.names.get(value)
                label = (_fleet().produce_label(self.game, value) if self.fleet
                         else f"{self.build.verb} {named}".strip() if named
                         else describe_option(self.game, value))
                found.append(Choice(label, self.build.kind, value=value, is_step=True))
        for label, action in self.build.extras:
            found.append(Choice(label, "play", action))
        return found

    def fleet_buttons(self) -> list[Choice]:
        """A fleet game's actions that are not on the board (strategies, space cannon,
        confirming the moves, production, new tokens, passing)."""
        if not self.fleet or self.build is not None:
            return []
        return _fleet().buttons(self.game, self.legal)

    def fleet_paths(self) -> list[tuple[Tile, tuple[Tile, ...]]]:
        """The paths the ship chosen to move may take: (where it is, path)."""
        if not self.fleet or not self.selected:
            return []
        start = option_tile(self.game, self.selected)
        if start is None:
            return []
        return [(start, path) for path in _fleet().paths_of(self.legal, self.selected)]

    # ---------------------------------------------------------------- the unit panel

    def unit_buttons(self) -> list[Choice]:
        """Full actions and shaking off paralysis for the activated unit."""
        unit = self.activated()
        game = self.game
        if not unit:
            return []
        out: list[Choice] = []
        fulls: dict[str, list[tuple[Action, tuple[Any, ...]]]] = {}
        for action in self.legal:
            if isinstance(action, FullAction) and action.unit == unit:
                fulls.setdefault(action.source, []).append((action, tuple(action.targets)))
            elif isinstance(action, ShakeOff) and action.unit == unit:
                out.append(Choice(f"Shake off paralysis (uses the {action.using} action)",
                                  "select", action))
        for source, candidates in fulls.items():
            if source == "card":
                text = _ability_text(game, unit, "full")
                name = _full_action_label(game, unit)
                label = f"{name}: {text}" if text else name
            elif source == "tile":
                tile = game.tile_of(unit)
                kind = game.tile_kind(tile).name if tile is not None else "tile"
                label = f"Work the {kind} (full action)"
            elif source == "toggle":
                label = _toggle_label(game, unit)
            elif source.startswith("mark:"):
                label = f"Full action of {name_of(game, int(source[5:]))}"
            else:
                label = f"Full action ({source})"
            if len(candidates) == 1 and candidates[0][1] == ():
                out.append(Choice(label, "select", candidates[0][0]))
            else:
                steps = len(candidates[0][1])
                prompts = tuple(_target_prompts(game.card(unit).full_action, steps)) \
                    if source == "card" else ()
                out.append(Choice(label, "target", build=Build(label, "target", candidates,
                                                                prompts)))
        return out

    # ---------------------------------------------------------------- the hand

    def hand_choices(self, card: int) -> list[Choice]:
        """What clicking a card in the hand may do now: discard it (discard step), replace
        it (the duel, after choosing Replace), play it, or use a free action it has in the
        hand."""
        if self.replacing:
            player = self.legal[0].player if self.legal else 0
            replace = Replace(player, card)
            return [Choice(f"Replace {name_of(self.game, card)}", "select", replace)] \
                if replace in self.legal else []
        if self.build is not None and self.build.in_hand:
            if card not in self.build.options():
                return []
            return [Choice(f"Discard {name_of(self.game, card)}", self.build.kind, value=card,
                           is_step=True)]
        discards = [a for a in self.legal if isinstance(a, Discard) and a.card == card]
        if discards:
            return [Choice(f"Discard {name_of(self.game, card)}", "select", discards[0])]
        out: list[Choice] = []
        build = play_build(self.game, card, self.legal)
        if build is not None:
            out.append(Choice(build.title, build.kind, build=build))
        for (source, index), free in self._free_builds().items():
            if source == card:
                out.append(self._free_choice(source, index, free))
        return out

    def hand_click(self, card: int) -> Choice | None:
        """The first thing clicking a hand card does (see ``hand_choices``)."""
        choices = self.hand_choices(card)
        return choices[0] if choices else None

    def playable(self, card: int) -> bool:
        if self.replacing:
            return any(isinstance(a, Replace) and a.card == card for a in self.legal)
        if self.build is not None and self.build.in_hand:
            return card in self.build.options()
        return any(isinstance(a, (PlayCard, Discard, DiscardToPay)) and a.card == card
                   or isinstance(a, UseFreeAction) and a.source == card for a in self.legal)

    # ---------------------------------------------------------------- the duel's own

    def can_replace(self) -> bool:
        return any(isinstance(a, Replace) for a in self.legal)

    def bloodbound_build(self, spell: int) -> Build | None:
        """Casting the general's bloodbound spell ``spell`` (its targets, if any), or None
        when it can't be cast now."""
        casts = [a for a in self.legal if isinstance(a, Bloodbound)]
        if not casts:
            return None
        name = name_of(self.game, spell) if spell else "the bloodbound spell"
        effect = self.game.card(spell).effect if spell else None
        prompts = tuple(_target_prompts(effect, len(casts[0].targets)))
        return Build(f"Cast {name}", "target", [(a, tuple(a.targets)) for a in casts],
                     prompts)

    def toggle_mulligan(self, card: int) -> None:
        """Mark or unmark a hand card to put back (as many as a mulligan may)."""
        if self.mulligan is None:
            return
        if card in self.mulligan:
            self.mulligan.remove(card)
            return
        wanted = {*self.mulligan, card}
        if any(isinstance(a, Mulligan) and set(a.cards) == wanted for a in self.legal):
            self.mulligan.append(card)

    def mulligan_action(self) -> Action | None:
        """The mulligan of the marked cards (none marked: keep the hand)."""
        if self.mulligan is None:
            return None
        wanted = set(self.mulligan)
        for action in self.legal:
            if isinstance(action, Mulligan) and set(action.cards) == wanted:
                return action
        return None

    def mulligan_limit(self) -> int:
        return max((len(a.cards) for a in self.legal if isinstance(a, Mulligan)), default=0)

    def toggle_pair(self, card: int) -> None:
        if self.pair is None:
            return
        if card in self.pair:
            self.pair.remove(card)
        elif len(self.pair) < 2:
            self.pair.append(card)

    def pair_options(self) -> set[int]:
        """Trade mode (two cards for a resource): the hand cards that could still go with
        the ones chosen, each in a legal trade with all of them (none once two are)."""
        if self.pair is None or len(self.pair) >= 2:
            return set()
        chosen = set(self.pair)
        found: set[int] = set()
        for action in self.legal:
            if isinstance(action, DiscardForResource):
                both = {action.first, action.second}
                if chosen <= both:
                    found |= both - chosen
        return found

    def can_discard_for_resource(self) -> bool:
        return any(isinstance(a, DiscardForResource) for a in self.legal)

    def pair_action(self) -> Action | None:
        if self.pair is None or len(self.pair) != 2:
            return None
        wanted = set(self.pair)
        for action in self.legal:
            if isinstance(action, DiscardForResource) and {action.first, action.second} == wanted:
                return action
        return None

    # ---------------------------------------------------------------- upkeep

    def upkeep_units(self) -> list[int]:
        """Units the player may still declare for disbanding."""
        return [a.unit for a in self.legal if isinstance(a, Disband)]

    def disband_actions(self, units: Sequence[int]) -> list[Action]:
        player = self.legal[0].player if self.legal else 0
        return [Disband(player, u) for u in units if Disband(player, u) in self.legal]

"""A card's printed text, generated from its data: rules text, stat line, cost line.

Rules text is never typed into a card file. Every line here is built from the same data
the engine runs (keywords, effects and their targets, costs, triggers, passives), so what
a card says and what it does cannot drift apart. The effect, cost and passive registries
in ``game.rules`` carry a plain English text for their entries; this module words them
better for a printed card (``target enemy unit`` instead of ``the target``, ``Draw a
card.``, German grammar) and falls back to the registry's own text for any entry it does
not know yet.

Languages: English always; German (``de``) where this module has words for every piece of
a line. A line with a piece it cannot say in German is printed in English, line by line.

The words of each registry entry (a mark's name and reminder, a keyword's name and
reminder, a tile type's German noun) are its locale lines (``game/content/locale``); this
module keeps the grammar that needs code (articles and cases, "a"/"an", one or many).

- ``paragraphs(card, lang)``: the rules text as ``Paragraph`` values (label and body), for
  the card face, which prints labels in bold.
- ``rules_text(card, lang)``: the same as plain lines.
- ``reminders(card, lang)``: short explanations of the keywords and marks a card uses.
- ``keyword_text(name, value, lang)``: one keyword as a card prints it.
- ``stat_line``, ``cost_line``, ``type_line``, ``card_name``, ``flavour``.
- ``is_duel``, ``tribes``, ``bloodbound_paragraph``: what a duel card's face prints besides
  (its tribes on the type line, a general's bloodbound spell).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from game.rules.cards import (
    Ability,
    CardDef,
    CardLibrary,
    CardType,
    CostSpec,
    EffectSpec,
    TargetSpec,
)
from game.rules.costs import COSTS
from game.rules.effects import effect_text
from game.rules.keywords import KEYWORDS, describe_spec
from game.rules.marks import MARKS
from game.rules.passives import PASSIVES

from . import locale

#: Languages this module writes; any other asks for English.
LANGUAGES = ("en", "de")

_STATS = ("attack", "health", "movement", "range")


class Untranslated(Exception):
    """A piece of a line has no words in the asked language: print the line in English."""


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One paragraph of rules text: an optional label (``Full action``, ``Tap``,
    ``Whenever this unit attacks``) and what follows it."""

    body: str
    label: str = ""
    #: keywords, keyword, effect, passive, trigger, full_action, free_action
    kind: str = "effect"

    @property
    def text(self) -> str:
        return f"{self.label}: {self.body}" if self.label else self.body


# ---------------------------------------------------------------------------- helpers


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _int(value: Any, default: int = 1) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _signed(value: Any) -> str:
    return f"{_int(value, 0):+d}"


def _lookup_name(library: CardLibrary | None, name: str, lang: str) -> str:
    if library is not None and name in library:
        return library[name].names.get(lang, name)
    return name


# ---------------------------------------------------------------------------- German grammar

_CASE = {"nom": 0, "acc": 1, "dat": 2}
_ARTICLES = {
    "indef": {"m": ("ein", "einen", "einem"), "f": ("eine", "eine", "einer"),
              "n": ("ein", "ein", "einem")},
    "def": {"m": ("der", "den", "dem"), "f": ("die", "die", "der"), "n": ("das", "das", "dem")},
    "this": {"m": ("dieser", "diesen", "diesem"), "f": ("diese", "diese", "dieser"),
             "n": ("dieses", "dieses", "diesem")},
    "each": {"m": ("jeder", "jeden", "jedem"), "f": ("jede", "jede", "jeder"),
             "n": ("jedes", "jedes", "jedem")},
}
_STRONG = {"m": ("er", "en", "en"), "f": ("e", "e", "en"), "n": ("es", "es", "en")}
_WEAK = {"m": ("e", "en", "en"), "f": ("e", "e", "en"), "n": ("e", "e", "en")}
_PRONOUNS = {"m": ("er", "ihn", "ihm"), "f": ("sie", "sie", "ihr"), "n": ("es", "es", "ihm")}


@dataclass(frozen=True, slots=True)
class _Noun:
    """A German noun with its gender and the adjectives that always go with it."""

    gender: str
    word: str
    adjectives: tuple[str, ...] = ()

    def phrase(self, article: str, case: str, extra: tuple[str, ...] = ()) -> str:
        i = _CASE[case]
        endings = _STRONG if article == "indef" else _WEAK
        words = [_ARTICLES[article][self.gender][i]]
        words += [stem + endings[self.gender][i] for stem in (*extra, *self.adjectives)]
        words.append(self.word)
        return " ".join(words)

    def pronoun(self, case: str) -> str:
        return _PRONOUNS[self.gender][_CASE[case]]


_DE_KIND = {
    "unit": (_Noun("f", "Einheit"),),
    "fighter": (_Noun("f", "Einheit"), _Noun("m", "Boss")),
    "permanent": (_Noun("f", "Karte", ("bleibend",)),),
    "artifact": (_Noun("n", "Artefakt"),),
    "tile": (_Noun("n", "Feld"),),
}
_DE_SELF = {
    CardType.UNIT: _Noun("f", "Einheit"), CardType.BOSS: _Noun("m", "Boss"),
    CardType.ARTIFACT: _Noun("n", "Artefakt"), CardType.EQUIPMENT: _Noun("f", "Ausrüstung"),
    CardType.POTION: _Noun("m", "Trank"), CardType.SPELL: _Noun("f", "Karte"),
    CardType.INTENTION: _Noun("f", "Karte"),
}
_DE_TARGET = _Noun("n", "Ziel")
#: the duel's units that are not generals
_DE_MINION = _Noun("m", "Diener")
_DE_GENDERS = {"der": "m", "die": "f", "das": "n"}


def _de_noun(key: str) -> _Noun:
    """The German noun of a locale line written with its definite article in the
    nominative ("das tiefe Wasser": neuter, adjective "tief", noun "Wasser")."""
    words = locale.text(key, "de").split() if locale.has(key, "de") else []
    if len(words) < 2 or words[0] not in _DE_GENDERS:
        raise Untranslated(key)
    article, *adjectives, word = words
    return _Noun(_DE_GENDERS[article], word, tuple(a.removesuffix("e") for a in adjectives))


# ---------------------------------------------------------------------------- word tables

_EN_TYPES = {CardType.SPELL: "Spell", CardType.UNIT: "Unit", CardType.BOSS: "Boss",
             CardType.ARTIFACT: "Artifact", CardType.EQUIPMENT: "Equipment",
             CardType.POTION: "Potion", CardType.INTENTION: "Intention"}
_DE_TYPES = {CardType.SPELL: "Zauber", CardType.UNIT: "Einheit", CardType.BOSS: "Boss",
             CardType.ARTIFACT: "Artefakt", CardType.EQUIPMENT: "Ausrüstung",
             CardType.POTION: "Trank", CardType.INTENTION: "Absicht"}
_EN_TYPE_PLURAL = {"spell": "spells", "unit": "units", "boss": "bosses",
                   "artifact": "artifacts", "equipment": "equipment", "potion": "potions",
                   "intention": "intentions"}
#: German plural in the dative, for "Schutz vor ..."
_DE_TYPE_PLURAL = {"spell": "Zaubern", "unit": "Einheiten", "boss": "Bossen",
                   "artifact": "Artefakten", "equipment": "Ausrüstungen", "potion": "Tränken",
                   "intention": "Absichten"}

_EN_STATS = {"attack": "attack", "health": "health", "movement": "movement", "range": "range"}
_DE_STATS = {"attack": "Angriff", "health": "Leben", "movement": "Bewegung",
             "range": "Reichweite"}


def _field_words(value: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A "fields" keyword's value as placeholders: numbers as they are, a keyword named
    by the value as it is printed (``Flying``)."""
    out: dict[str, Any] = {}
    for name, given in value.items():
        if isinstance(given, str) and given in KEYWORDS:
            out[name] = _keyword_words(given, True, lang) or given
        else:
            out[name] = given
    return out


def _keyword_words(name: str, value: Any, lang: str, spec: str = "") -> str | None:
    """A keyword as printed (``Crew 2``, ``Push``), or None when ``lang`` has no name for
    it. ``spec``: the words for a keyword whose value is a spec (protection's ``spells``);
    a keyword whose value is a mapping of fields fills its line from them."""
    key = f"keyword.{name}.name"
    if not locale.has(key, lang):
        return None
    if _has_fields(name) and isinstance(value, Mapping):
        return locale.text(key, lang, **_field_words(value, lang))
    if (value is True or _int(value) == 1) and locale.has(f"keyword.{name}.one", lang):
        return locale.text(f"keyword.{name}.one", lang)
    return locale.text(key, lang, x=spec or _int(value))


def _keyword_reminder_body(name: str, n: int, lang: str, **values: Any) -> str | None:
    """What a keyword does (the part after ``Name: ``), or None when ``lang`` has none;
    with a value other than 1 its ``reminder_many`` line when it has one."""
    key = f"keyword.{name}.reminder"
    if n != 1 and locale.has(f"{key}_many", lang):
        key = f"{key}_many"
    if not locale.has(key, lang):
        return None
    return locale.text(key, lang, **values)


def _has_fields(name: str) -> bool:
    """A keyword whose value is a mapping of named fields (the skirmish's toggle)."""
    keyword = KEYWORDS.get(name)
    return keyword is not None and keyword.param == "fields"


def _is_spec(name: str) -> bool:
    keyword = KEYWORDS.get(name)
    return keyword is not None and keyword.param == "spec"


# ---------------------------------------------------------------------------- writers


@dataclass
class _Writer:
    """Words for one ability of one card in one language; remembers which declared
    targets were already named, so later mentions read "it"."""

    card: CardDef
    ability: Ability | None = None
    trigger: str = ""
    library: CardLibrary | None = None
    #: the intention's "when carried out" part: target 0 is the marked permanent
    marked: bool = False
    mentioned: set[int] = field(default_factory=set)

    lang = "en"

    def targets(self) -> tuple[TargetSpec, ...]:
        return self.ability.targets if self.ability is not None else ()

    def target_spec(self, index: int) -> TargetSpec | None:
        specs = self.targets()
        return specs[index] if 0 <= index < len(specs) else None

    def is_index(self, ref: Any) -> TypeGuard[int]:
        return isinstance(ref, int) and not isinstance(ref, bool)


class _En(_Writer):
    lang = "en"

    _NOUNS = {"unit": "unit", "fighter": "unit or boss", "permanent": "permanent",
              "artifact": "artifact", "tile": "tile"}
    _SELF = {CardType.UNIT: "this unit", CardType.BOSS: "this boss",
             CardType.ARTIFACT: "this artifact", CardType.EQUIPMENT: "this equipment",
             CardType.POTION: "this potion", CardType.SPELL: "this card",
             CardType.INTENTION: "this card"}

    # -- noun phrases
    def this(self) -> str:
        return self._SELF.get(self.card.type, "this card")

    def noun(self, spec: TargetSpec) -> str:
        tag = spec.filters.get("tag")
        if spec.kind == "unit" and isinstance(tag, str):
            return _tribe_word(tag, "en").lower()  # "target golem you control"
        if spec.kind == "unit" and spec.filters.get("not_tag") == "general":
            return "minion"  # the duel: a unit that is not a general
        return self._NOUNS.get(spec.kind, spec.kind.replace("_", " "))

    def target_phrase(self, spec: TargetSpec, skip: frozenset[str]) -> str:
        before: list[str] = []
        after: list[str] = []
        f = spec.filters
        for key, value in f.items():
            if key in skip or key == "self":
                continue
            if key == "damaged" and value:
                before.append("damaged")
            elif key == "free" and value:
                before.append("free")
            elif key == "controller" and value == "enemy":
                before.append("enemy")
            elif key == "controller" and value == "own":
                after.append("you control")
            elif key == "name":
                after.append(f"named {value}")
            elif key == "mark":
                after.append(f"with a {self.mark(value)}")
            elif key == "range":
                after.append(f"within range {_int(value)}")
            elif key == "straight_line" and value:
                after.append("in a straight line from it")
            elif key == "not_keyword":
                after.append(f"that isn't {str(value).replace('_', ' ')}")
            elif key in ("tag", "not_tag") and spec.kind == "unit" and isinstance(value, str) \
                    and (key == "tag" or value == "general"):
                continue  # in the noun
            elif key == "not_tag" and isinstance(value, str):
                word = _tribe_word(value, "en").lower()
                after.append(f"that isn't {self.a(word)} {word}")
            elif key == "adjacent_to":
                after.append(f"next to {self.np(_int(value, 0))}")
            elif key == "card":
                after.append(f"where {self.a(str(value))} {value} can stand")
            elif key == "spawn" and value:
                after.append("where you may play permanents")
            elif value not in (False, None):
                after.append(f"({key.replace('_', ' ')}: {value})")
        return " ".join(["target", *before, self.noun(spec), *after])

    def np(self, ref: Any, case: str = "acc", skip: frozenset[str] = frozenset()) -> str:
        if self.is_index(ref):
            spec = self.target_spec(ref)
            if spec is None:
                return "the target" if ref == 0 else f"target {ref + 1}"
            if self.marked and ref == 0:
                return f"the marked {self.noun(spec)}"
            if ref in self.mentioned:
                return "it" if self.mentioned == {ref} else f"that {self.noun(spec)}"
            self.mentioned.add(ref)
            return self.target_phrase(spec, skip)
        if ref in (None, "self"):
            return "the Tyrant" if self.marked else self.this()
        if ref == "subject":
            return {"attacks": "the defender", "equipped_attacks": "the defender",
                    "attacked": "the attacker", "damaged": "the source",
                    "unit_dies": "that unit"}.get(self.trigger, "that permanent")
        fixed = {"controller": "you", "equipped": "the equipped unit",
                 "each_enemy_unit": "each enemy unit", "each_own_unit": "each unit you control",
                 "adjacent_enemy_units": "each adjacent enemy unit",
                 "opponents": "each opponent", "attacker": "the attacker",
                 "tile": "the tile it stood on", "own_general": "your general",
                 "enemy_general": "the enemy general"}
        return fixed.get(ref, str(ref).replace("_", " "))

    def pronoun(self, ref: Any, case: str = "acc") -> str:
        if self.is_index(ref) and ref in self.mentioned and self.mentioned == {ref}:
            return "it"
        return self.np(ref, case)

    def is_unit(self, ref: Any) -> bool:
        """Does the reference always name units (so "its move action" makes sense)?"""
        if self.is_index(ref):
            spec = self.target_spec(ref)
            return spec is not None and spec.kind in ("unit", "fighter")
        if ref in (None, "self"):
            return self.card.is_fighter and not self.marked
        return ref in ("equipped", "each_enemy_unit", "each_own_unit", "adjacent_enemy_units")

    @staticmethod
    def a(word: str) -> str:
        return "an" if word[:1].lower() in "aeiou" else "a"

    # -- pieces
    def changes(self, p: Mapping[str, Any]) -> str:
        parts = [f"{_signed(p[s])} {_EN_STATS[s]}" for s in _STATS if s in p]
        if "keyword" in p:
            parts.append(self.keyword_text(str(p["keyword"]), p.get("value", True)))
        if not parts:
            return "nothing"
        return " and ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + \
            " and " + parts[-1]

    def keyword_text(self, name: str, value: Any) -> str:
        spec = self.protection(value) if _is_spec(name) else ""
        words = _keyword_words(name, value, "en", spec)
        if words is not None:
            return words
        # a keyword without locale lines (a mod's): its name, and its number if it has one
        label = name.replace("_", " ").title()
        keyword = KEYWORDS.get(name)
        if keyword is not None and keyword.param == "int" and value is not True:
            return f"{label} {_int(value)}"
        return f"{label} {spec}" if spec else label

    def protection(self, spec: Any) -> str:
        if isinstance(spec, (list, tuple)):
            return " and ".join(self.protection(s) for s in spec)
        if isinstance(spec, str):
            singular = spec.lower().rstrip("s")
            if singular in _EN_TYPE_PLURAL:
                return _EN_TYPE_PLURAL[singular]
            return spec
        return describe_spec(spec)

    def until(self, p: Mapping[str, Any]) -> str:
        until = str(p.get("until", "end_of_turn"))
        if until == "end_of_turn":
            return " until end of turn"
        if until == "while_source_on_map":
            return f" for as long as {self.this()} stays on the map"
        return f" until {until.replace('_', ' ')}"

    def mark(self, name: Any, plural: bool = False) -> str:
        """``poison mark`` (``poison marks``); a mark without locale lines by its name."""
        key = f"mark.{name}.{'plural' if plural else 'name'}"
        if locale.has(key, "en"):
            return locale.text(key, "en")
        return f"{name} marks" if plural else f"{name} mark"

    def cost(self, spec: CostSpec) -> str:
        n = spec.amount
        if spec.kind == "resource":
            return f"{n} resource"
        if spec.kind == "discard":
            return "discard a card" if n == 1 else f"discard {n} cards"
        if spec.kind == "tap":
            return "tap"
        if spec.kind == "sacrifice":
            return f"sacrifice {self.this()}"
        if spec.kind == "durability":
            return f"{n} durability"
        kind = COSTS.get(spec.kind)
        return kind.text(n) if kind is not None else f"{spec.kind} {n}"

    def only_while_equipped(self) -> str:
        return "Only while equipped."

    def trigger_label(self, ability: Ability) -> str:
        this = self.this()
        who: Any = ability.condition.get("controller")  # a card file's value, maybe none
        phrases = {
            "upkeep": "At the start of your upkeep",
            "attacks": f"Whenever {this} attacks",
            "equipped_attacks": "Whenever the equipped unit attacks",
            "attacked": f"Whenever {this} is attacked",
            "enters": f"When {this} enters the map",
            "dies": f"When {this} is destroyed",
            "unit_dies": {"enemy": "Whenever an enemy unit is destroyed",
                          "own": "Whenever another unit you control is destroyed"}.get(
                              who, "Whenever another unit is destroyed"),
            "damaged": f"Whenever {this} is dealt damage",
            "activated": f"Whenever {this} is activated",
            "turn_end": "At the end of your turn",
            "turn_start": "At the start of your turn",
            "round_start": "At the start of each round",
        }
        label = phrases.get(ability.trigger, f"When {ability.trigger.replace('_', ' ')}")
        extra = {k: v for k, v in ability.condition.items()
                 if not (ability.trigger == "unit_dies" and k == "controller")}
        if extra:
            label += " (" + ", ".join(f"if {k.replace('_', ' ')} is {v}"
                                      for k, v in extra.items()) + ")"
        return label

    full_action_label = "Full action"
    #: a skirmish unit's full action: the ability it uses instead of its attack
    ability_label = "Ability"
    free_action_label = "Free action"
    carried_out_label = "When carried out"

    def spawn_point(self, value: Any) -> Paragraph:
        body = locale.text("keyword.spawn_point.paragraph", "en", x=_int(value),
                           this=self.this())
        return Paragraph(body, self.keyword_text("spawn_point", value), "keyword")

    def unmentioned(self, index: int) -> str:
        return f"Choose {self.np(index)}."

    # -- effects and passives
    def effect(self, spec: EffectSpec) -> str:
        words = _EN_EFFECTS.get(spec.kind)
        if words is not None:
            return words(self, spec.params)
        return self.registry_effect(spec)

    def registry_effect(self, spec: EffectSpec) -> str:
        text = effect_text(spec)
        ref = spec.params.get("target")
        if self.is_index(ref):
            said = "the target" if ref == 0 else f"target {ref + 1}"
            if said in text:
                text = text.replace(said, self.np(ref), 1)
        return _cap(text)

    def passive(self, spec: EffectSpec) -> str:
        words = _EN_PASSIVES.get(spec.kind)
        if words is not None:
            return words(self, spec.params)
        kind = PASSIVES.get(spec.kind)
        return kind.text(spec.params) if kind is not None else spec.kind.replace("_", " ")


class _De(_Writer):
    lang = "de"

    def this_noun(self) -> _Noun:
        return _DE_SELF.get(self.card.type, _Noun("f", "Karte"))

    def this(self, case: str = "nom") -> str:
        return self.this_noun().phrase("this", case)

    def nouns(self, spec: TargetSpec) -> tuple[_Noun, ...]:
        tag = spec.filters.get("tag")
        if spec.kind == "unit" and isinstance(tag, str):
            return (_de_noun(f"tag.{tag}.noun"),)  # "einen eigenen Golem deiner Wahl"
        if spec.kind == "unit" and spec.filters.get("not_tag") == "general":
            return (_DE_MINION,)
        nouns = _DE_KIND.get(spec.kind)
        if nouns is None:
            raise Untranslated(spec.kind)
        return nouns

    def target_phrase(self, spec: TargetSpec, case: str, skip: frozenset[str]) -> str:
        adjectives: list[str] = []
        after: list[str] = []
        for key, value in spec.filters.items():
            if key in skip or key == "self":
                continue
            if key == "damaged" and value:
                adjectives.append("beschädigt")
            elif key == "free" and value:
                adjectives.append("frei")
            elif key == "controller" and value == "enemy":
                adjectives.append("gegnerisch")
            elif key == "controller" and value == "own":
                adjectives.append("eigen")
            elif key == "name":
                after.append(f"namens {_lookup_name(self.library, str(value), 'de')}")
            elif key == "mark" and locale.has(f"mark.{value}.name", "de"):
                after.append(f"mit einer {self.mark(value)}")
            elif key == "range":
                after.append(f"in Reichweite {_int(value)}")
            elif key == "straight_line" and value:
                after.append("in gerader Linie")
            elif key == "not_keyword" and value == "loyal":
                after.append("ohne Treue")
            elif key in ("tag", "not_tag") and spec.kind == "unit" and isinstance(value, str) \
                    and (key == "tag" or value == "general"):
                continue  # in the noun
            elif key == "adjacent_to":
                after.append(f"neben {self.pronoun(_int(value, 0), 'dat')}")
            elif key == "spawn" and value and spec.kind == "tile":
                after.append(", auf das du bleibende Karten ausspielen darfst")
            elif value not in (False, None):
                raise Untranslated(key)
        nouns = self.nouns(spec)
        words = " oder ".join(n.phrase("indef", case, tuple(adjectives)) for n in nouns)
        return " ".join([words, "deiner Wahl", *after]).replace(" , ", ", ")

    def np(self, ref: Any, case: str = "acc", skip: frozenset[str] = frozenset()) -> str:
        if self.is_index(ref):
            spec = self.target_spec(ref)
            if spec is None:
                return _DE_TARGET.phrase("def", case)
            nouns = self.nouns(spec)
            if self.marked and ref == 0:
                noun = nouns[0] if len(nouns) == 1 else _DE_TARGET
                return noun.phrase("def", case, ("markiert",))
            if ref in self.mentioned:
                return self.pronoun(ref, case)
            self.mentioned.add(ref)
            return self.target_phrase(spec, case, skip)
        if ref in (None, "self"):
            if self.marked:
                return {"nom": "der Tyrann", "acc": "den Tyrannen", "dat": "dem Tyrannen"}[case]
            return self.this(case)
        if ref == "controller":
            return {"nom": "du", "acc": "dich", "dat": "dir"}[case]
        if ref == "own_general":
            return {"nom": "dein General", "acc": "deinen General", "dat": "deinem General"}[case]
        if ref == "subject":
            subject = {"attacks": _Noun("n", "Ziel", ("angegriffen",)),
                       "equipped_attacks": _Noun("n", "Ziel", ("angegriffen",)),
                       "attacked": _Noun("m", "Angreifer"), "damaged": _Noun("f", "Quelle"),
                       "unit_dies": _Noun("f", "Einheit", ("zerstört",))}.get(self.trigger)
            if subject is None:
                raise Untranslated(ref)
            return subject.phrase("def", case)
        fixed = {"equipped": ("def", _Noun("f", "Einheit", ("ausgerüstet",))),
                 "each_enemy_unit": ("each", _Noun("f", "Einheit", ("gegnerisch",))),
                 "each_own_unit": ("each", _Noun("f", "Einheit", ("eigen",))),
                 "adjacent_enemy_units": ("each",
                                          _Noun("f", "Einheit", ("angrenzend", "gegnerisch"))),
                 "opponents": ("each", _Noun("m", "Gegner")),
                 "attacker": ("def", _Noun("m", "Angreifer")),
                 "enemy_general": ("def", _Noun("m", "General", ("gegnerisch",)))}
        if ref not in fixed:
            raise Untranslated(str(ref))
        article, noun = fixed[ref]
        return noun.phrase(article, case)

    def gender(self, ref: Any) -> str:
        if self.is_index(ref):
            spec = self.target_spec(ref)
            nouns = self.nouns(spec) if spec is not None else (_DE_TARGET,)
            return nouns[0].gender if len(nouns) == 1 else "n"
        if ref in (None, "self"):
            return "m" if self.marked else self.this_noun().gender
        if ref in ("opponents", "attacker"):
            return "m"
        return "f"

    def pronoun(self, ref: Any, case: str = "acc") -> str:
        if self.is_index(ref) and ref in self.mentioned:
            spec = self.target_spec(ref)
            nouns = self.nouns(spec) if spec is not None else (_DE_TARGET,)
            if len(nouns) == 1:
                return nouns[0].pronoun(case)
            return _DE_TARGET.phrase("this", case)
        return self.np(ref, case)

    # -- pieces
    def changes(self, p: Mapping[str, Any]) -> str:
        parts = [f"{_signed(p[s])} {_DE_STATS[s]}" for s in _STATS if s in p]
        if "keyword" in p:
            parts.append(self.keyword_text(str(p["keyword"]), p.get("value", True)))
        if not parts:
            raise Untranslated("changes")
        return " und ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + \
            " und " + parts[-1]

    def keyword_text(self, name: str, value: Any) -> str:
        if not locale.has(f"keyword.{name}.name", "de"):
            raise Untranslated(name)
        words = _keyword_words(name, value, "de", self.protection(value) if _is_spec(name) else "")
        assert words is not None
        return words

    def protection(self, spec: Any) -> str:
        if isinstance(spec, (list, tuple)):
            return " und ".join(self.protection(s) for s in spec)
        if isinstance(spec, str):
            singular = spec.lower().rstrip("s")
            if singular in _DE_TYPE_PLURAL:
                return _DE_TYPE_PLURAL[singular]
            return _lookup_name(self.library, spec, "de")
        if isinstance(spec, Mapping):
            parts: list[str] = []
            for key in spec:
                if key not in ("type", "name", "controller", "buy_above"):
                    raise Untranslated(key)
            if "type" in spec:
                plural = _DE_TYPE_PLURAL.get(str(spec["type"]))
                if plural is None:
                    raise Untranslated(str(spec["type"]))
                if spec.get("controller") == "enemy":
                    plural = "gegnerischen " + plural
                parts.append(plural)
            if "name" in spec:
                parts.append(_lookup_name(self.library, str(spec["name"]), "de"))
            if "buy_above" in spec:
                parts.append(f"mit Kaufkosten über {_int(spec['buy_above'])}")
            if not parts:
                return "allem"
            return " ".join(parts)
        raise Untranslated(str(spec))

    def until(self, p: Mapping[str, Any]) -> str:
        until = str(p.get("until", "end_of_turn"))
        if until == "end_of_turn":
            return " bis zum Ende des Zuges"
        if until == "while_source_on_map":
            return f", solange {self.this()} auf dem Spielplan ist"
        raise Untranslated(until)

    def mark(self, name: Any, plural: bool = False) -> str:
        key = f"mark.{name}.{'plural' if plural else 'name'}"
        if not locale.has(key, "de"):
            raise Untranslated(str(name))
        return locale.text(key, "de")

    def cost(self, spec: CostSpec) -> str:
        n = spec.amount
        if spec.kind == "resource":
            return f"{n} Ressource" + ("" if n == 1 else "n")
        if spec.kind == "discard":
            return "eine Karte abwerfen" if n == 1 else f"{n} Karten abwerfen"
        if spec.kind == "tap":
            return "tappen"
        if spec.kind == "sacrifice":
            return f"{self.this('acc')} opfern"
        if spec.kind == "durability":
            return f"{n} Haltbarkeit"
        raise Untranslated(spec.kind)

    def only_while_equipped(self) -> str:
        return "Nur wenn ausgerüstet."

    def trigger_label(self, ability: Ability) -> str:
        this = self.this()
        who: Any = ability.condition.get("controller")  # a card file's value, maybe none
        phrases = {
            "upkeep": "Zu Beginn deines Unterhalts",
            "attacks": f"Immer wenn {this} angreift",
            "equipped_attacks": "Immer wenn die ausgerüstete Einheit angreift",
            "attacked": f"Immer wenn {this} angegriffen wird",
            "enters": f"Wenn {this} auf den Spielplan kommt",
            "dies": f"Wenn {this} zerstört wird",
            "unit_dies": {"enemy": "Immer wenn eine gegnerische Einheit zerstört wird",
                          "own": "Immer wenn eine andere eigene Einheit zerstört wird"}.get(
                              who, "Immer wenn eine andere Einheit zerstört wird"),
            "damaged": f"Immer wenn {self.this('dat')} Schaden zugefügt wird",
            "activated": f"Immer wenn {this} aktiviert wird",
            "turn_end": "Am Ende deines Zuges",
            "turn_start": "Zu Beginn deines Zuges",
            "round_start": "Zu Beginn jeder Runde",
        }
        if ability.trigger not in phrases:
            raise Untranslated(ability.trigger)
        if any(k != "controller" or ability.trigger != "unit_dies" for k in ability.condition):
            raise Untranslated("condition")
        return phrases[ability.trigger]

    full_action_label = "Volle Aktion"
    ability_label = "Fähigkeit"
    free_action_label = "Freie Aktion"
    carried_out_label = "Bei Ausführung"

    def spawn_point(self, value: Any) -> Paragraph:
        if not locale.has("keyword.spawn_point.paragraph", "de"):
            raise Untranslated("spawn_point")
        body = locale.text("keyword.spawn_point.paragraph", "de", x=_int(value),
                           this=self.this("acc"))
        return Paragraph(body, self.keyword_text("spawn_point", value), "keyword")

    def unmentioned(self, index: int) -> str:
        return f"Wähle {self.np(index)}."

    def effect(self, spec: EffectSpec) -> str:
        words = DE_EFFECTS.get(spec.kind)
        if words is None:
            raise Untranslated(spec.kind)
        return words(self, spec.params)

    def passive(self, spec: EffectSpec) -> str:
        words = _DE_PASSIVES.get(spec.kind)
        if words is None:
            raise Untranslated(spec.kind)
        return words(self, spec.params)


# ---------------------------------------------------------------------------- effects, EN

_EN_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
               "ten")
_DE_NUMBERS = ("null", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
               "neun", "zehn")


def _en_count(n: int, one: str, many: str) -> str:
    return one if n == 1 else many.format(n=n)


def _statuses(items: list[tuple[Any, int]]) -> bool:
    """Are these the skirmish's statuses, which read "give ... burn 2" as the seed applies
    them ("apply burn n"), rather than marks put on?"""
    return all(str(m).startswith("skirmish:") for m, _ in items)


def _status_words(w: _En | _De, items: list[tuple[Any, int]], joiner: str) -> str:
    parts = [w.mark(m) if MARKS[str(m)].stacking == "single" else f"{w.mark(m)} {n}"
             for m, n in items]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + joiner + parts[-1]


def _en_marks(w: _En, kind: str, items: list[tuple[Any, int]], ref: Any) -> str:
    """Put (or remove) marks: one sentence for several kinds on the same target."""
    if kind == "add_mark" and _statuses(items):
        return f"Give {w.np(ref)} {_status_words(w, items, ' and ')}."
    parts = [f"{_En.a(w.mark(m))} {w.mark(m)}" if n == 1 else f"{n} {w.mark(m, plural=True)}"
             for m, n in items]
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    if kind == "add_mark":
        return f"Put {listed} on {w.np(ref)}."
    return f"Remove {listed} from {w.np(ref)}."


def _en_tiles(n: int) -> str:
    word = _EN_NUMBERS[n] if 0 <= n < len(_EN_NUMBERS) else str(n)
    return f"{word} tile" if n == 1 else f"{word} tiles"


def _en_tile(name: Any) -> str:
    """A tile type's name (``farm field``); one without locale lines by its own name."""
    key = f"tile.{name}.name"
    return locale.text(key, "en") if locale.has(key, "en") else str(name)


def _en_push(w: _En, p: Mapping[str, Any]) -> str:
    tiles = _en_tiles(_int(p.get("distance", 1)))
    ref = p.get("target", 0)
    if w.card.is_permanent and not w.marked:
        return _cap(f"Push {w.np(ref)} {tiles} away from {w.this()}.")
    origin = w.target_spec(1)
    if w.is_index(ref) and origin is not None and origin.kind == "tile" and ref != 1:
        target = w.np(ref)
        if origin.filters.get("adjacent_to") == ref:
            w.mentioned.add(1)
            return f"Push {target} {tiles} straight away from a tile you choose next to it."
        return f"Push {target} {tiles} straight away from {w.np(1)}."
    return f"Push {w.np(ref)} {tiles} away."


def _en_grant(w: _En, p: Mapping[str, Any]) -> str:
    who = _cap(w.np(p.get("target", 0)))
    if "keyword" in p:
        what = f"gains {w.keyword_text(str(p['keyword']), p.get('value', True))}"
    else:
        stat = str(p.get("stat", "attack"))
        what = f"gets {_signed(p.get('amount', 1))} {_EN_STATS.get(stat, stat)}"
    return f"{who} {what}{w.until(p)}."


def _en_ready(w: _En, p: Mapping[str, Any]) -> str:
    ref = p.get("target", 0)
    if w.is_unit(ref):
        return f"Untap {w.np(ref)}; it gets its move and attack actions back."
    return f"Untap {w.np(ref)}; a unit also gets its move and attack actions back."


def _en_repair(w: _En, p: Mapping[str, Any]) -> str:
    n = _int(p.get("amount", 1))
    ref = p.get("target", 0)
    if w.is_unit(ref):
        return f"Each equipment carried by {w.np(ref)} regains up to {n} durability."
    return (f"{_cap(w.np(ref))} regains up to {n} durability (a unit: each equipment it "
            "carries).")


def _en_token(w: _En, p: Mapping[str, Any]) -> str:
    name = _lookup_name(w.library, str(p.get("card")), "en")
    where = w.np(p.get("target", 0), skip=frozenset({"card"}))
    return f"Create {_En.a(name)} {name} token on {where}."


def _en_charge(w: _En, p: Mapping[str, Any]) -> str:
    ref = p.get("target", 0)
    target = w.np(ref, skip=frozenset({"straight_line"}))
    return (f"Move in a straight line next to {target} and attack {w.pronoun(ref)}, with Push "
            "for that fight.")


def _en_buff(w: _En, p: Mapping[str, Any]) -> str:
    who = w.np(p.get("target", 0))
    change = f"{_signed(p.get('attack', 0))}/{_signed(p.get('health', 0))}"
    each = f" for each other {p['per_tag']} you control" if "per_tag" in p else ""
    return f"Give {who} {change}{each}."


def _en_summon_nearby(w: _En, p: Mapping[str, Any]) -> str:
    name = _lookup_name(w.library, str(p.get("card")), "en")
    n = _int(p.get("count", 1))
    what = f"{_En.a(name)} {name}" if n == 1 else f"{n} {name} tokens"
    stays = " The summoned unit stays: it is not Ephemeral." if p.get("anchored") else ""
    return (f"Summon {what} on a random free tile next to "
            f"{w.np(p.get('target', 'self'))} (none when it is surrounded).{stays}")


def _en_summon(w: _En, p: Mapping[str, Any]) -> str:
    """The skirmish's summon: a unit for a few rounds."""
    name = _lookup_name(w.library, str(p.get("card")), "en")
    where = w.np(p.get("target", 0), skip=frozenset({"card"}))
    rounds = _int(p.get("rounds", 0))
    lasting = (f" It is exhausted this round and vanishes at the start of the "
               f"{_en_ordinal(rounds)} round from now." if rounds else
               " It is exhausted this round.")
    return f"Summon {_En.a(name)} {name} on {where}.{lasting}"


def _en_ordinal(n: int) -> str:
    return {1: "next", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def _en_contaminate(w: _En, p: Mapping[str, Any]) -> str:
    n = _int(p.get("count", 1))
    return f"{_cap(w.np(p.get('target', 0)))} becomes radioactive {n} (it adds up)."


_EN_EFFECTS: dict[str, Callable[[_En, Mapping[str, Any]], str]] = {
    "skirmish:summon": _en_summon,
    "skirmish:contaminate": _en_contaminate,
    "buff": _en_buff,
    "dispel": lambda w, p: f"Dispel {w.np(p.get('target', 0))}.",
    "anchor": lambda w, p: (f"{_cap(w.np(p.get('target', 0)))} is no longer Ephemeral, "
                            "for good."),
    "summon_nearby": _en_summon_nearby,
    "gain_mana": lambda w, p: f"Gain {_int(p.get('amount', 1))} mana this turn.",
    "refresh_bloodbound": lambda w, p: "Your bloodbound spell is ready again.",
    "damage": lambda w, p: (f"Deal {_int(p.get('amount', 1))} damage to "
                            f"{w.np(p.get('target', 0))}."),
    "destroy": lambda w, p: f"Destroy {w.np(p.get('target', 0))}.",
    "sacrifice": lambda w, p: f"Sacrifice {w.np(p.get('target', 'self'))}.",
    "gain_resource": lambda w, p: f"Gain {_int(p.get('amount', 1))} resource.",
    "steal_resource": lambda w, p: (f"Take up to {_int(p.get('amount', 1))} resource from each "
                                    "opponent."),
    "draw": lambda w, p: "Draw " + _en_count(_int(p.get("amount", 1)), "a card.", "{n} cards."),
    "heal": lambda w, p: (f"Remove {_int(p.get('amount', 1))} damage from "
                          f"{w.np(p.get('target', 0))}."),
    "add_mark": lambda w, p: _en_marks(w, "add_mark", [(p.get("mark"), _int(p.get("count", 1)))],
                                       p.get("target", 0)),
    "remove_mark": lambda w, p: _en_marks(w, "remove_mark",
                                          [(p.get("mark"), _int(p.get("count", 1)))],
                                          p.get("target", 0)),
    "push": _en_push,
    "grant": _en_grant,
    "create_token": _en_token,
    "take_control": lambda w, p: f"Gain control of {w.np(p.get('target', 0))}.",
    "exile_self": lambda w, p: "Exile this card: it leaves the game.",
    "gain_points": lambda w, p: "Gain " + _en_count(_int(p.get("amount", 1)), "a victory point.",
                                                    "{n} victory points."),
    "charge": _en_charge,
    "intention": lambda w, p: f"Put an intention mark on {w.np(p.get('target', 0))}.",
    "ready": _en_ready,
    "repair": _en_repair,
}

_EN_PASSIVES: dict[str, Callable[[_En, Mapping[str, Any]], str]] = {
    "equipped_bonus": lambda w, p: f"The equipped unit gets {w.changes(p)}.",
    "equipped_keyword": lambda w, p: (
        f"The equipped unit has "
        f"{w.keyword_text(str(p.get('keyword')), p.get('value', True))}."),
    "aura": lambda w, p: (
        {"own": "Your other units", "enemy": "Enemy units", "all": "All other units"}.get(
            str(p.get("to", "own")), "Units")
        + f" within range {_int(p.get('within', 1))} get {w.changes(p)}."),
    "on_tile": lambda w, p: (f"While {w.this()} stands on {_En.a(_en_tile(p.get('tile')))} "
                             f"{_en_tile(p.get('tile'))} tile, it gets {w.changes(p)}."),
}


# ---------------------------------------------------------------------------- effects, DE


def _de_count(n: int, one: str, many: str) -> str:
    return one if n == 1 else f"{n} {many}"


def _de_marks(w: _De, kind: str, items: list[tuple[Any, int]], ref: Any) -> str:
    if kind == "add_mark" and _statuses(items):
        return f"Gib {w.np(ref, 'dat')} {_status_words(w, items, ' und ')}."
    parts = [_de_count(n, f"eine {w.mark(m)}", w.mark(m, plural=True)) for m, n in items]
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " und " + parts[-1]
    if kind == "add_mark":
        return f"Lege {listed} auf {w.np(ref)}."
    return f"Entferne {listed} von {w.np(ref, 'dat')}."


def _de_tiles(n: int) -> str:
    word = _DE_NUMBERS[n] if 0 <= n < len(_DE_NUMBERS) else str(n)
    return f"{word} Feld" if n == 1 else f"{word} Felder"


def _de_push(w: _De, p: Mapping[str, Any]) -> str:
    tiles = _de_tiles(_int(p.get("distance", 1)))
    ref = p.get("target", 0)
    if w.card.is_permanent and not w.marked:
        return f"Stoße {w.np(ref)} {tiles} weit von {w.this('dat')} weg."
    origin = w.target_spec(1)
    if w.is_index(ref) and origin is not None and origin.kind == "tile" \
            and origin.filters.get("adjacent_to") == ref and ref != 1:
        target = w.np(ref, "dat")
        w.mentioned.add(1)
        return (f"Wähle ein Feld neben {target} und stoße {w.pronoun(ref)} {tiles} weit "
                "geradeaus davon weg.")
    raise Untranslated("push")


def _de_grant(w: _De, p: Mapping[str, Any]) -> str:
    who = _cap(w.np(p.get("target", 0), "nom"))
    if "keyword" in p:
        what = w.keyword_text(str(p["keyword"]), p.get("value", True))
    else:
        stat = str(p.get("stat", "attack"))
        if stat not in _DE_STATS:
            raise Untranslated(stat)
        what = f"{_signed(p.get('amount', 1))} {_DE_STATS[stat]}"
    return f"{who} erhält {what}{w.until(p)}."


def _de_ready(w: _De, p: Mapping[str, Any]) -> str:
    ref = p.get("target", 0)
    target = w.np(ref)
    gender = w.gender(ref)
    if not _En(w.card, w.ability, marked=w.marked).is_unit(ref):
        raise Untranslated("ready")
    own = "ihre" if gender == "f" else "seine"
    return (f"Enttappe {target}; {_PRONOUNS[gender][0]} erhält {own} Bewegungs- und "
            "Angriffsaktion zurück.")


def _de_repair(w: _De, p: Mapping[str, Any]) -> str:
    n = _int(p.get("amount", 1))
    ref = p.get("target", 0)
    if not _En(w.card, w.ability, marked=w.marked).is_unit(ref):
        raise Untranslated("repair")
    return (f"Jede Ausrüstung, die {w.np(ref, 'nom')} trägt, erhält bis zu {n} "
            "Haltbarkeit zurück.")


def _de_token(w: _De, p: Mapping[str, Any]) -> str:
    name = _lookup_name(w.library, str(p.get("card")), "de")
    where = w.np(p.get("target", 0), "dat", skip=frozenset({"card"}))
    return f"Erschaffe einen Spielstein „{name}“ auf {where}."


def _de_charge(w: _De, p: Mapping[str, Any]) -> str:
    ref = p.get("target", 0)
    target = w.np(ref, skip=frozenset({"straight_line"}))
    return (f"{_cap(w.this())} bewegt sich in gerader Linie neben {target} und greift "
            f"{w.pronoun(ref)} an; in diesem Kampf hat {w.this_noun().pronoun('nom')} Stoß.")


def _de_resource(n: int) -> str:
    return f"{n} Ressource" + ("" if n == 1 else "n")


def _de_buff(w: _De, p: Mapping[str, Any]) -> str:
    change = f"{_signed(p.get('attack', 0))}/{_signed(p.get('health', 0))}"
    each = ""
    if "per_tag" in p:  # "für jeden anderen eigenen Vespyr"
        noun = _de_noun(f"tag.{p['per_tag']}.noun")
        each = " für " + noun.phrase("each", "acc", ("ander", "eigen"))
    return f"Gib {w.np(p.get('target', 0), 'dat')} {change}{each}."


def _de_summon_nearby(w: _De, p: Mapping[str, Any]) -> str:
    name = _lookup_name(w.library, str(p.get("card")), "de")
    n = _int(p.get("count", 1))
    what = f"„{name}“" if n == 1 else f"{n}-mal „{name}“"
    stays = " Die beschworene Einheit bleibt: sie ist nicht flüchtig." if p.get("anchored") else ""
    return (f"Beschwöre {what} auf ein zufälliges freies Feld neben "
            f"{w.np(p.get('target', 'self'), 'dat')} (keins, wenn alles besetzt ist).{stays}")


#: German wording per effect kind; a kind missing here falls back to English for its line
def _de_summon(w: _De, p: Mapping[str, Any]) -> str:
    """Die Beschwörung des Gefechts: eine Einheit für einige Runden."""
    name = _lookup_name(w.library, str(p.get("card")), "de")
    where = w.np(p.get("target", 0), "acc", skip=frozenset({"card"}))
    rounds = _int(p.get("rounds", 0))
    lasting = (f" Die Einheit ist in dieser Runde erschöpft und vergeht zu Beginn der {rounds}. "
               "Runde von jetzt an." if rounds else " Die Einheit ist in dieser Runde erschöpft.")
    return f"Beschwöre „{name}“ auf {where}.{lasting}"


def _de_contaminate(w: _De, p: Mapping[str, Any]) -> str:
    n = _int(p.get("count", 1))
    return f"{_cap(w.np(p.get('target', 0), 'nom'))} wird radioaktiv {n} (das addiert sich)."


DE_EFFECTS: dict[str, Callable[[_De, Mapping[str, Any]], str]] = {
    "skirmish:summon": _de_summon,
    "skirmish:contaminate": _de_contaminate,
    "buff": _de_buff,
    "dispel": lambda w, p: f"Banne {w.np(p.get('target', 0))}.",
    "anchor": lambda w, p: (f"{_cap(w.np(p.get('target', 0), 'nom'))} ist nicht mehr "
                            "flüchtig, für immer."),
    "summon_nearby": _de_summon_nearby,
    "gain_mana": lambda w, p: f"Erhalte in diesem Zug {_int(p.get('amount', 1))} Mana.",
    "refresh_bloodbound": lambda w, p: "Dein Blutbund-Zauber ist wieder bereit.",
    "damage": lambda w, p: (f"Füge {w.np(p.get('target', 0), 'dat')} "
                            f"{_int(p.get('amount', 1))} Schaden zu."),
    "destroy": lambda w, p: f"Zerstöre {w.np(p.get('target', 0))}.",
    "sacrifice": lambda w, p: f"Opfere {w.np(p.get('target', 'self'))}.",
    "gain_resource": lambda w, p: f"Erhalte {_de_resource(_int(p.get('amount', 1)))}.",
    "steal_resource": lambda w, p: (f"Nimm jedem Gegner bis zu "
                                    f"{_de_resource(_int(p.get('amount', 1)))} weg."),
    "draw": lambda w, p: "Ziehe " + _de_count(_int(p.get("amount", 1)), "eine Karte.",
                                               "Karten."),
    "heal": lambda w, p: (f"Entferne {_int(p.get('amount', 1))} Schaden von "
                          f"{w.np(p.get('target', 0), 'dat')}."),
    "add_mark": lambda w, p: _de_marks(w, "add_mark", [(p.get("mark"), _int(p.get("count", 1)))],
                                       p.get("target", 0)),
    "remove_mark": lambda w, p: _de_marks(w, "remove_mark",
                                          [(p.get("mark"), _int(p.get("count", 1)))],
                                          p.get("target", 0)),
    "push": _de_push,
    "grant": _de_grant,
    "create_token": _de_token,
    "take_control": lambda w, p: f"Übernimm die Kontrolle über {w.np(p.get('target', 0))}.",
    "exile_self": lambda w, p: "Verbanne diese Karte: Sie verlässt das Spiel.",
    "gain_points": lambda w, p: "Erhalte " + _de_count(_int(p.get("amount", 1)),
                                                       "einen Siegpunkt.", "Siegpunkte."),
    "charge": _de_charge,
    "intention": lambda w, p: f"Lege eine Absichtsmarke auf {w.np(p.get('target', 0))}.",
    "ready": _de_ready,
    "repair": _de_repair,
}


def _de_on_tile(w: _De, p: Mapping[str, Any]) -> str:
    tile = _de_noun(f"tile.{p.get('tile')}.noun")
    return (f"Solange {w.this()} auf {tile.phrase('indef', 'dat')} steht, erhält "
            f"{w.this_noun().pronoun('nom')} {w.changes(p)}.")


def _de_aura(w: _De, p: Mapping[str, Any]) -> str:
    who = {"own": "Deine anderen Einheiten", "enemy": "Gegnerische Einheiten",
           "all": "Alle anderen Einheiten"}.get(str(p.get("to", "own")))
    if who is None:
        raise Untranslated("aura")
    return f"{who} in Reichweite {_int(p.get('within', 1))} erhalten {w.changes(p)}."


_DE_PASSIVES: dict[str, Callable[[_De, Mapping[str, Any]], str]] = {
    "equipped_bonus": lambda w, p: f"Die ausgerüstete Einheit erhält {w.changes(p)}.",
    "equipped_keyword": lambda w, p: (
        f"Die ausgerüstete Einheit hat "
        f"{w.keyword_text(str(p.get('keyword')), p.get('value', True))}."),
    "aura": _de_aura,
    "on_tile": _de_on_tile,
}

_WRITERS: dict[str, type[_En] | type[_De]] = {"en": _En, "de": _De}
#: language -> effect kind -> its writer; an effect kind a language lacks prints its line
#: in English (English falls back to the effect's own registry text)
EFFECT_WRITERS: Mapping[str, Mapping[str, Callable[..., str]]] = {
    "en": _EN_EFFECTS, "de": DE_EFFECTS}
#: language -> its mark sentences; the writer passed must be that language's (``_WRITERS``)
_MARK_WORDS: dict[str, Callable[..., str]] = {"en": _en_marks, "de": _de_marks}


# ---------------------------------------------------------------------------- paragraphs


def _ability_body(w: _En | _De, ability: Ability) -> str:
    """The ability's effects as sentences; marks put on (or taken off) one target by
    consecutive effects read as one sentence."""
    sentences: list[str] = []
    effects = list(ability.effects)
    i = 0
    while i < len(effects):
        spec = effects[i]
        if spec.kind in ("add_mark", "remove_mark") and "mark" in spec.params:
            ref = spec.params.get("target", 0)
            items = [(spec.params["mark"], _int(spec.params.get("count", 1)))]
            j = i + 1
            while j < len(effects) and effects[j].kind == spec.kind \
                    and "mark" in effects[j].params \
                    and effects[j].params.get("target", 0) == ref:
                items.append((effects[j].params["mark"], _int(effects[j].params.get("count", 1))))
                j += 1
            sentences.append(_MARK_WORDS[w.lang](w, spec.kind, items, ref))
            i = j
            continue
        sentences.append(w.effect(spec))
        i += 1
    for index in range(len(ability.targets)):
        if index not in w.mentioned:
            sentences.append(w.unmentioned(index))
    return " ".join(sentences)


def _keywords_line(w: _En | _De, card: CardDef) -> Paragraph | None:
    words = [w.keyword_text(name, value) for name, value in card.keywords.items()
             if name != "spawn_point"]
    return Paragraph(", ".join(words), kind="keywords") if words else None


def _card_pieces(card: CardDef, library: CardLibrary | None
                 ) -> list[Callable[[type[_En] | type[_De]], Paragraph | None]]:
    """One builder per paragraph; each builds its paragraph with a given writer class."""
    pieces: list[Callable[[type[_En] | type[_De]], Paragraph | None]] = []

    def keywords(cls: type[_En] | type[_De]) -> Paragraph | None:
        return _keywords_line(cls(card, library=library), card)

    pieces.append(keywords)
    if "spawn_point" in card.keywords:
        reach = card.keywords["spawn_point"]
        pieces.append(lambda cls: cls(card, library=library).spawn_point(reach))
    effect = card.effect
    if effect is not None:
        if card.type is CardType.INTENTION:
            def mark(cls: type[_En] | type[_De], ability: Ability = effect) -> Paragraph:
                w = cls(card, ability, library=library)
                first = w.effect(EffectSpec("intention", {"target": 0}))
                return Paragraph(first, kind="effect")

            def carried(cls: type[_En] | type[_De], ability: Ability = effect) -> Paragraph:
                w = cls(card, ability, library=library, marked=True)
                w.mentioned.update(range(len(ability.targets)))
                return Paragraph(_ability_body(w, ability), w.carried_out_label, "effect")

            pieces += [mark, carried]
        else:
            def body(cls: type[_En] | type[_De], ability: Ability = effect) -> Paragraph:
                return Paragraph(_ability_body(cls(card, ability, library=library), ability),
                                 kind="effect")

            pieces.append(body)
    for spec in card.passives:
        def passive(cls: type[_En] | type[_De], spec: EffectSpec = spec) -> Paragraph:
            return Paragraph(cls(card, library=library).passive(spec), kind="passive")

        pieces.append(passive)
    for ability in card.triggers:
        def trigger(cls: type[_En] | type[_De], ability: Ability = ability) -> Paragraph:
            w = cls(card, ability, trigger=ability.trigger, library=library)
            return Paragraph(_ability_body(w, ability), w.trigger_label(ability), "trigger")

        pieces.append(trigger)
    if card.full_action is not None:
        def full(cls: type[_En] | type[_De], ability: Ability = card.full_action) -> Paragraph:
            w = cls(card, ability, library=library)
            label = w.ability_label if SKIRMISH_TAG in card.tags else w.full_action_label
            return Paragraph(_ability_body(w, ability), label, "full_action")

        pieces.append(full)
    for ability in card.free_actions:
        def free(cls: type[_En] | type[_De], ability: Ability = ability) -> Paragraph:
            w = cls(card, ability, library=library)
            costs = [w.cost(c) for c in ability.costs if c.kind != "equipped"]
            body = _ability_body(w, ability)
            if any(c.kind == "equipped" for c in ability.costs):
                body += " " + w.only_while_equipped()
            label = _cap(", ".join(costs)) if costs else w.free_action_label
            return Paragraph(body, label, "free_action")

        pieces.append(free)
    return pieces


def paragraphs(card: CardDef, lang: str = "en",
               library: CardLibrary | None = None) -> list[Paragraph]:
    """The card's rules text as paragraphs, in print order: keywords, spawn point,
    effect, passives, triggers, full action, free actions. ``library`` (optional) lets
    names of other cards (tokens, protection) appear in the asked language."""
    pieces = _card_pieces(card, library)
    writer = _WRITERS.get(lang, _En)
    out: list[Paragraph] = []
    for build in pieces:
        try:
            paragraph = build(writer)
        except Untranslated:
            paragraph = build(_En)
        if paragraph is not None and paragraph.body:
            out.append(paragraph)
    return out


def rules_text(card: CardDef, lang: str = "en",
               library: CardLibrary | None = None) -> list[str]:
    """The card's rules text, one line per paragraph (see ``paragraphs``)."""
    return [p.text for p in paragraphs(card, lang, library)]


def _en_keyword_reminder(w: _En, name: str, value: Any) -> str | None:
    if _has_fields(name) and isinstance(value, Mapping):
        body = _keyword_reminder_body(name, 1, "en", **_field_words(value, "en"))
        return f"{w.keyword_text(name, value)}: {body}" if body else None
    n = 1 if value is True else _int(value)
    body = _keyword_reminder_body(name, n, "en", tiles=_en_tiles(n),
                                  x=w.protection(value) if _is_spec(name) else n)
    return f"{w.keyword_text(name, value)}: {body}" if body else None


def _de_keyword_reminder(w: _De, name: str, value: Any) -> str | None:
    n = 1 if value is True else _int(value)
    head = w.keyword_text(name, value)
    if _has_fields(name) and isinstance(value, Mapping):
        body = _keyword_reminder_body(name, 1, "de", **_field_words(value, "de"))
    else:
        body = _keyword_reminder_body(name, n, "de", tiles=_de_tiles(n),
                                      x=w.protection(value) if _is_spec(name) else n)
    if body is None:
        raise Untranslated(name)
    return f"{head}: {body}"


def keyword_text(name: str, value: Any = True, lang: str = "en",
                 library: CardLibrary | None = None) -> str:
    """A keyword as a card prints it (``Crew 2``, ``Push``, ``Schutz vor Zaubern``), in
    ``lang`` or else in English."""
    card = CardDef(name="", type=CardType.UNIT)
    try:
        return _WRITERS.get(lang, _En)(card, library=library).keyword_text(name, value)
    except Untranslated:
        return _En(card, library=library).keyword_text(name, value)


def reminders(card: CardDef, lang: str = "en",
              library: CardLibrary | None = None) -> list[str]:
    """Short explanations of the keywords and marks the card names (with the card's own
    numbers), for a card face with room to spare."""
    keys: list[tuple[str, Any]] = [(k, v) for k, v in card.keywords.items()
                                   if k != "spawn_point"]
    abilities = [a for a in (card.effect, card.full_action, *card.free_actions, *card.triggers)
                 if a is not None]
    for spec in card.passives:
        if "keyword" in spec.params:
            keys.append((str(spec.params["keyword"]), spec.params.get("value", True)))
    for ability in abilities:
        for target in ability.targets:
            if "mark" in target.filters:
                keys.append(("mark", target.filters["mark"]))
        for effect in ability.effects:
            if effect.kind in ("add_mark", "remove_mark"):
                keys.append(("mark", effect.params.get("mark")))
            elif effect.kind == "grant" and "keyword" in effect.params:
                keys.append((str(effect.params["keyword"]), effect.params.get("value", True)))
            elif effect.kind == "charge":
                keys.append(("push", True))
    if card.type is CardType.INTENTION:
        keys.append(("mark", "intention"))
    out: list[str] = []
    seen: set[str] = set()
    for name, value in keys:
        key = f"{name}:{value}" if name == "mark" else name
        if key in seen:
            continue
        seen.add(key)
        if name == "mark":
            key = f"mark.{value}.reminder"
            text = locale.text(key, lang) if locale.has(key, lang) or locale.has(key) else None
        else:
            try:
                if lang == "de":
                    text = _de_keyword_reminder(_De(card, library=library), name, value)
                else:
                    text = _en_keyword_reminder(_En(card, library=library), name, value)
            except Untranslated:
                text = _en_keyword_reminder(_En(card, library=library), name, value)
        if text:
            out.append(text)
    return out


# ---------------------------------------------------------------------------- lines


def card_name(card: CardDef, lang: str = "en") -> str:
    return card.names.get(lang) or card.name


def flavour(card: CardDef, lang: str = "en") -> str:
    return card.texts.get(lang) or card.texts.get("en", "")


#: the tag of every card of the duel, and the duel's tags that name no tribe
DUEL_TAG = "duel"
#: the tag of every unit of the skirmish
SKIRMISH_TAG = "skirmish"
_NOT_TRIBES = frozenset({DUEL_TAG, "general", "bloodbound"})
_DUEL_TYPES = {
    "en": {"general": "General", "minion": "Minion", "bloodbound": "Bloodbound spell",
           "token": "Token"},
    "de": {"general": "General", "minion": "Diener", "bloodbound": "Blutbund-Zauber",
           "token": "Spielstein"},
}
_BLOODBOUND_WORD = {"en": "Bloodbound", "de": "Blutbund"}


def is_duel(card: CardDef) -> bool:
    """Is it a card of the duel (it carries the tag ``duel``)?"""
    return DUEL_TAG in card.tags


def _tribe_word(tag: str, lang: str) -> str:
    key = f"tag.{tag}.name"
    return locale.text(key, lang) if locale.has(key) else tag.replace("-", " ").title()


def tribes(card: CardDef, lang: str = "en") -> list[str]:
    """A duel card's tribes as printed (its tags but ``duel``, ``general`` and
    ``bloodbound``, by tag name): the locale line ``tag.<tag>.name``, else the tag as
    written."""
    return [_tribe_word(tag, lang) for tag in sorted(card.tags - _NOT_TRIBES)]


def _duel_type_line(card: CardDef, lang: str) -> str:
    words = _DUEL_TYPES.get(lang, _DUEL_TYPES["en"])
    if "general" in card.tags:
        kind = words["general"]
    elif card.is_unit:
        kind = words["minion"]
    elif card.is_spell and "bloodbound" in card.tags:
        kind = words["bloodbound"]
    else:
        kind = (_DE_TYPES if lang == "de" else _EN_TYPES).get(card.type, card.type.value.title())
    parts = [kind, *tribes(card, lang)]
    if card.token:
        parts.append(words["token"])
    return " · ".join(parts)


def bloodbound_paragraph(card: CardDef, lang: str = "en",
                         library: CardLibrary | None = None) -> Paragraph | None:
    """A duel general's bloodbound spell as its face prints it: ``Bloodbound · <spell>``
    in bold, then the spell's rules text (found in ``library``; without it, or for a
    spell it lacks, the name alone)."""
    name = card.extra.get("bloodbound")
    if not isinstance(name, str) or not name:
        return None
    word = _BLOODBOUND_WORD.get(lang, _BLOODBOUND_WORD["en"])
    title = _lookup_name(library, name, lang)
    body = " ".join(p.text for p in paragraphs(library[name], lang, library)) \
        if library is not None and name in library else ""
    if not body:
        return Paragraph(title, word, "bloodbound")
    return Paragraph(body, f"{word} · {title}", "bloodbound")


def type_line(card: CardDef, lang: str = "en") -> str:
    """The type line: ``Unit``, ``Einheit · Spielstein``; a duel card's names its kind
    (``General``, ``Minion``, ``Bloodbound spell``...) and its tribes (``Minion · Golem``)."""
    if is_duel(card):
        return _duel_type_line(card, lang)
    if lang == "de":
        text = _DE_TYPES.get(card.type, card.type.value)
        return f"{text} · Spielstein" if card.token else text
    text = _EN_TYPES.get(card.type, card.type.value.title())
    return f"{text} · Token" if card.token else text


_STAT_WORDS = {
    "en": {"attack": "Attack", "range": "Range", "health": "Health", "movement": "Move",
           "durability": "Durability"},
    "de": {"attack": "Angriff", "range": "Reichweite", "health": "Leben",
           "movement": "Bewegung", "durability": "Haltbarkeit"},
}
_COST_WORDS = {
    "en": {"buy": "Buy", "play": "Play", "upkeep": "Upkeep"},
    "de": {"buy": "Kauf", "play": "Ausspielen", "upkeep": "Unterhalt"},
}


def stats(card: CardDef) -> list[tuple[str, int]]:
    """The printed stats worth showing, as (name, value): attack, range, health and
    movement for units and bosses; health and durability where a card has them."""
    out: list[tuple[str, int]] = []
    if card.is_fighter:
        out += [("attack", card.attack), ("range", card.range), ("health", card.health),
                ("movement", card.movement)]
    else:
        if card.attack:
            out += [("attack", card.attack), ("range", card.range)]
        if card.health:
            out.append(("health", card.health))
        if card.movement:
            out.append(("movement", card.movement))
    if card.durability or card.is_equipment:
        out.append(("durability", card.durability))
    return out


def stat_line(card: CardDef, lang: str = "en") -> str:
    """``Attack 1 · Range 3 · Health 1 · Move 2``; empty for a card without stats."""
    words = _STAT_WORDS.get(lang, _STAT_WORDS["en"])
    return " · ".join(f"{words[name]} {value}" for name, value in stats(card))


def costs(card: CardDef) -> list[tuple[str, int]]:
    """The printed costs, as (name, value): buy and play where the card has them, upkeep
    for units (even 0) and for other cards that have one."""
    out: list[tuple[str, int]] = []
    if card.buy is not None:
        out.append(("buy", card.buy))
    if card.play is not None:
        out.append(("play", card.play))
    if card.is_unit or card.upkeep:
        out.append(("upkeep", card.upkeep))
    return out


def cost_line(card: CardDef, lang: str = "en") -> str:
    """``Buy 5 · Play 2 · Upkeep 1``; a cost the card lacks (no buy: not sold) is left out."""
    words = _COST_WORDS.get(lang, _COST_WORDS["en"])
    return " · ".join(f"{words[name]} {value}" for name, value in costs(card))

"""The systems: esper processors that hold the rules of movement, combat, upkeep,
state-based actions and triggers, one module each (see game/rules/README.md)."""

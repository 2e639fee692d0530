"""Game content: card sets, mods and their validation."""

"""The core of the rules engine: the Game facade, events, actions, the stack and priority,
the zones and the board, snapshots and hashes, saves and replays (see game/rules/README.md)."""

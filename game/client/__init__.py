"""The pygame-ce client: window, scenes, widgets, card faces, input turned into actions.

Nothing in ``game.rules`` imports this package; it reads the engine and content only.
"""

"""The window: scenes, widgets, board views and the generic play scene (pygame-ce only here)."""

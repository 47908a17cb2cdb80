"""The game's one Flow: every module adds its steps to it at import."""
from __future__ import annotations

from game.core.steps import Flow

FLOW = Flow([])

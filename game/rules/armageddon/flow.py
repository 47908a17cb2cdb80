"""The game's one Flow: every module adds its steps to it at import."""
from __future__ import annotations

from game.core.steps import Flow

from .model import copy

# Every step builds its actions as tuples; the state is copied by its known shape.
FLOW = Flow([], copy=copy, tuples=True)

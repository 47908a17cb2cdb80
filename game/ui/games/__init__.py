"""Per-game play adapters (named by GameSpec.ui): panels, labels and map marks a game adds."""

"""The contract every game follows, the seeded RNG, step tables and the session."""

"""A desktop table for board wargames, every rule enforced."""
__version__ = "0.1.0"

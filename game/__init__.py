"""A desktop table for four classic board wargames."""
__version__ = "0.1.0"

"""What the program says about itself (--help, --version, the package metadata, the menu entry).

The games named are the registry's playable ones, so a game appears here when it lands.
"""
from __future__ import annotations

from game import __version__

NAME = "Wargames Table"


def playable_titles() -> list[str]:
    """The titles of the games a player can start, in menu order."""
    from game.rules import playable_games
    return [spec.title for spec in playable_games()]


def _joined(titles: list[str]) -> str:
    if len(titles) <= 1:
        return "".join(titles)
    return ", ".join(titles[:-1]) + " and " + titles[-1]


def summary() -> str:
    """One sentence: what the program is and which games it plays."""
    titles = playable_titles()
    if not titles:
        return "A desktop table for board wargames, every rule enforced."
    return f"A desktop table for board wargames, every rule enforced: {_joined(titles)}."


def version_line() -> str:
    """What --version prints."""
    return f"wargames ({NAME}) {__version__}"


RELEASE_DATE = "2026-12-02"     # of __version__, for the AppStream metainfo

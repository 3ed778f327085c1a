"""Home: the screen (``screen.py``), its filtered list of sessions worked out apart from
the widgets (``listing.py``) and each stored session in the list's words."""

from screens.home.screen import HomeScreen

__all__ = ["HomeScreen"]

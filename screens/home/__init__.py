"""Home: the screen (``screen.py``), its filtered list of sessions (``listing.py``) and
each stored session in the list's words."""

from screens.home.screen import HomeScreen

__all__ = ["HomeScreen"]

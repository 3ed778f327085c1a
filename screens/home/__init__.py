"""Home: the screen and its filtered list of sessions (``screen.py``), how that list is
laid out (``listing.py``) and each stored session in the list's words."""

from screens.home.screen import HomeScreen

__all__ = ["HomeScreen"]

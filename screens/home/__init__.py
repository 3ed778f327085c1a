"""Home: the screen (``screen.py``) and each stored session in the list's words."""

from screens.home.screen import HomeScreen

__all__ = ["HomeScreen"]

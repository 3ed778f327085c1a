"""New session: the screen (``screen.py``), its option rows and its seating list."""

from screens.new_session.options import shown_value
from screens.new_session.screen import NewSessionScreen

__all__ = ["NewSessionScreen", "shown_value"]

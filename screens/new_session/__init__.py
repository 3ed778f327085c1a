"""New session: the screen (``screen.py``), its option rows, its seating list and
the house games kept at the top of its game list."""

from screens.new_session.options import shown_value
from screens.new_session.screen import NewSessionScreen

__all__ = ["NewSessionScreen", "shown_value"]

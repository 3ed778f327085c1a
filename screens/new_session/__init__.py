"""New session: the screen (``screen.py``), its option rows and its seating list."""

from screens.new_session.screen import NewSessionScreen, shown_value

__all__ = ["NewSessionScreen", "shown_value"]

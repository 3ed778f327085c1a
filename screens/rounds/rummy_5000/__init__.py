"""5000 Rummy's round entry, with the doubling-cube and poker-pot logs only it uses."""

from screens.rounds.rummy_5000.entry import ENTRY

__all__ = ["ENTRY"]

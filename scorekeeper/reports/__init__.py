"""What the saved sessions add up to: the CSV export, statistics and the game-night ledger.

Only the default exports folder lives here, so a screen can name it without loading the
export code before it is asked for. The export rows kept beside each session file
(``rows.KEEPER``) are given to a store where it is opened (``rows.open_store``).
"""

from pathlib import Path

EXPORTS = Path("exports")
"""Where exports go unless told otherwise: ``exports`` in the current folder."""

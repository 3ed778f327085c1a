"""What the saved sessions add up to: the CSV export, statistics and the game-night ledger.

Importing the package registers the export rows as what the store keeps beside each
session file it writes (``rows.KEEPER``): the store knows nothing of them. Besides that,
only the default exports folder lives here, so a screen can name it without loading the
export code before it is asked for.
"""

from pathlib import Path

from scorekeeper.reports.rows import KEEPER
from scorekeeper.store.sidecar import keep_beside_sessions

keep_beside_sessions(KEEPER)

EXPORTS = Path("exports")
"""Where exports go unless told otherwise: ``exports`` in the current folder."""

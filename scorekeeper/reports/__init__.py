"""What the saved sessions add up to: the CSV export, statistics and the game-night ledger."""

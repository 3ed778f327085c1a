"""Reusable controls: the score grid, the one-key choice, field rows, the text field,
5000's stakes logs, the standings in big digits."""

"""Controls used by more than one screen: the score grid, the one-key choice, field rows,
the text field, the footer, live text."""

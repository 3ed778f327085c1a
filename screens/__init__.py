"""The Textual screens of scorekeeper: the only package that knows about Textual."""

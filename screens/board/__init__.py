"""The board: the standings in big digits for a room to read, in a terminal or a browser.

Its own app (``app.py``, what ``scorekeeper board`` and each browser's process run), the
big-board screen the table opens (``big_board.py``), the standings they both show, the
``board`` command and the web server that serves the app to phones.
"""

"""The board: the standings in big digits for a room to read, in a terminal or a browser.

Its own terminal app (``board_app.py``), the big-board screen the table opens (``big_board.py``),
the standings they both show, the ``board`` command, and the served board: one web
server (``server.py``) that sends the board to every page (``web/``) as it changes.
"""

"""``python -m screens.board``: what each browser's board process runs."""

from screens.board.app import main

raise SystemExit(main())

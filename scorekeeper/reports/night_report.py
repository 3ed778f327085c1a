"""A game night as text: its games one line each, then who pays whom.

For the command line (``scorekeeper settle --night``, and ``--text`` for ``share``, the
payments as one line for a group chat); the nights screen reuses ``game_line`` for its
list of games and ``share`` for its copy key.
"""

from __future__ import annotations

from datetime import date

from scorekeeper.game import label_in
from scorekeeper.games import GAMES
from scorekeeper.reports.nights import Night
from scorekeeper.reports.stats import game_name
from scorekeeper.settle import payment_lines
from scorekeeper.share import share_text
from scorekeeper.store import Summary
from scorekeeper.wording import cells, clipped, clock, plural, visible


def game_line(summary: Summary, width: int = 0) -> str:
    """ "19:05  Calcutta Horse Race — Ann, Bob, Cy · 2 rounds" for one game of a night;
    given a ``width``, its players cut so the line fits it, as the rest is never cut;
    without one (the command line's report), cut at 40 cells."""
    game = GAMES.get(summary.game)
    rounds = plural(summary.rounds, "round")
    points_only = game is not None and game.played_for_said(summary.option_words) == "points"
    # A points game that pays only at its end adds nothing to the settle-up until then.
    going_on = (
        game is not None
        and game.scored_in_points
        and summary.rounds
        and not summary.finished
        and not any(summary.balances.values())
    )
    played = label_in(summary.option_words) or game_name(summary.game)
    head = f"{clock(summary.started)}  {visible(played)} — "
    tail = (
        f" · {rounds}"
        + (" · points only" if points_only else " · not over: no money yet" if going_on else "")
        + (" · ⚠ waiting for a decision" if summary.waiting else "")
    )
    room = max(width - cells(head) - cells(tail), 5) if width else 40
    return head + clipped(visible(", ".join(summary.players)), room) + tail


def share(night: Night) -> str:
    """The night's payments as one line for the group chat ("Friday club, 2 Dec: ...")."""
    if night.name:
        heading = night.name
    else:
        heading = "Game night" if night.table == 1 else f"Game night, table {night.table}"
    books = [(ledger.unit, ledger.payments) for ledger in night.ledgers()]
    text = share_text(heading, date.fromisoformat(night.date), books)
    waiting = sum(summary.waiting for summary in night.sessions)
    if waiting:  # nobody pays on a figure that may change without being told
        text += f" (may change: {plural(waiting, 'game')} waiting for a decision)"
    return text


def report(night: Night) -> str:
    """The night's games and its settle-up as text for the command line."""
    heading = f"{visible(night.name)} ({night.date})" if night.name else night.title
    lines = [f"{heading}: {plural(len(night.sessions), 'game')}"]
    lines += [f"  {game_line(summary)}" for summary in night.sessions]
    ledgers = night.ledgers()
    if night.notes:
        lines += ["", *night.notes]
    if not ledgers:
        lines += ["", "No round was played: nothing to settle."]
    for ledger in ledgers:
        title = "Money" if ledger.unit == "money" else "Chips (settled apart from money)"
        lines += ["", title]
        lines += [f"  {line}" for line in payment_lines(ledger.payments, ledger.unit)]
    return "\n".join(lines)

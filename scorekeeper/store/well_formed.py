"""What a stored document must look like before anything uses it (a session file's parts,
the index's rows): one that fails is damaged, named with what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from scorekeeper.checks import JSON, JSONMapping
from scorekeeper.wording import moment

SUMMARY_FIELDS = (
    "game",
    "players",
    "started",
    "updated",
    "rounds",
    "finished",
    "winners",
    "dealer",
    "totals",
    "balances",
)
HIGHLIGHTS, OPTION_WORDS, LISTING = "highlights", "option_words", "listing"
EXTRAS = (HIGHLIGHTS, OPTION_WORDS, LISTING)
"""The fields a row may add, in order, so statistics and the list open no session file and
the first screen imports no game; a row written before one existed stops before it."""


def _is_names(value: object) -> bool:
    return type(value) is list and all(type(name) is str for name in value)


def _is_amounts(value: object, players: list[str]) -> bool:
    return (
        type(value) is dict
        and sorted(value) == sorted(players)
        and all(type(amount) is int for amount in value.values())
    )


def _adds_up(game: object, balances: Mapping[str, int]) -> bool:
    """Money moves zero-sum, but for what a game's kitty still holds (a negative sum)."""
    owed = sum(balances.values())
    if owed >= 0:
        return owed == 0  # the usual answer, without importing the game to ask it
    from scorekeeper.games import GAMES  # here: the store is read with no game registry

    return isinstance(game, str) and game in GAMES and GAMES[game].kitty is not None


def _is_figures(value: object) -> bool:
    return type(value) is dict and all(
        type(label) is str and type(figure) is int for label, figure in value.items()
    )


def is_time(value: object) -> bool:
    """An ISO-8601 time with its offset from UTC, as every time the store writes is."""
    if type(value) is not str:
        return False
    try:
        return moment(value).tzinfo is not None
    except ValueError:
        return False


def summary_problem(fields: JSONMapping) -> str | None:
    """What is wrong with a summary (``balances`` None: the totals), or None."""
    named = sorted(field for field in fields if field not in EXTRAS)
    if named != sorted(SUMMARY_FIELDS):
        return "a summary without the fields scorekeeper writes"
    players = fields["players"]
    if not (_is_names(players) and 0 < len(players) == len(set(players))):
        return "a summary whose players are wrong"
    checks = {
        "game": type(fields["game"]) is str,
        "started": is_time(fields["started"]),
        "updated": is_time(fields["updated"]),
        "rounds": type(fields["rounds"]) is int and fields["rounds"] >= 0,
        "finished": type(fields["finished"]) is bool,
        "winners": _is_names(fields["winners"]),
        "dealer": type(fields["dealer"]) is str,
        "totals": _is_amounts(fields["totals"], players),
        "balances": fields["balances"] is None or _is_amounts(fields["balances"], players),
        HIGHLIGHTS: _is_figures(fields.get(HIGHLIGHTS, {})),
        OPTION_WORDS: _is_names(fields.get(OPTION_WORDS, [])),
        LISTING: type(fields.get(LISTING, "")) is str,
    }
    wrong = [field for field, good in checks.items() if not good]
    balances = fields["totals"] if fields["balances"] is None else fields["balances"]
    if not wrong and not _adds_up(fields["game"], balances):
        wrong.append("balances")
    if wrong:
        return f"a summary whose {', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} wrong"
    return None


def sound_times(kept: list[JSON]) -> tuple[datetime, datetime] | None:
    """The times of an index row ``summary_problem`` finds nothing wrong with, read as it
    is checked; else None. A quick pass for ten thousand rows, written flat, each type
    gathered into one set: a helper call cost as much as its check."""
    missing = len(SUMMARY_FIELDS) + len(EXTRAS) - len(kept)
    if missing:
        if missing not in (1, 2, 3):
            return None
        kept = [*kept, *_NO_EXTRAS[-missing:]]
    game, players, started, updated, rounds, finished = kept[:6]
    winners, dealer, totals, balances, figures, words, listing = kept[6:]
    owed = totals if balances is None else balances
    if type(players) is not list or type(winners) is not list or type(words) is not list:
        return None
    if type(totals) is not dict or type(owed) is not dict or type(figures) is not dict:
        return None
    if not players or type(finished) is not bool:
        return None
    texts = [game, dealer, started, updated, listing, *players, *winners, *figures, *words]
    if set(map(type, texts)) != _TEXT:
        return None
    # Keys equal to the distinct players: as many amounts as players, one each.
    if list(totals) != players or list(owed) != players:
        seats = set(players)
        if len(seats) != len(players) or totals.keys() != seats or owed.keys() != seats:
            return None
    if set(map(type, [rounds, *totals.values(), *owed.values(), *figures.values()])) != _WHOLE:
        return None
    if rounds < 0 or (sum(owed.values()) != 0 and not _adds_up(game, owed)):
        return None
    try:
        times = moment(started), moment(updated)
    except ValueError:
        return None
    return None if times[0].tzinfo is None or times[1].tzinfo is None else times


_NO_EXTRAS: tuple[JSON, ...] = ({}, [], "")
"""An older row's missing ``EXTRAS``, checked as none."""
_TEXT = {str}
_WHOLE = {int}
"""``type(x) is int``: ``True`` is no amount."""


def session_problem(part: object) -> str | None:
    """What is wrong with the shape of a session's setup and rounds, or None."""
    if type(part) is not dict:
        return "a session that is not a JSON object"
    checks = {
        "game": type(part.get("game")) is str,
        "players": _is_names(part.get("players")) and bool(part.get("players")),
        "dealer": type(part.get("dealer")) is str,
        "options": type(part.get("options")) is dict,
        "rounds": type(part.get("rounds")) is list
        and all(type(round_) is dict for round_ in part.get("rounds", ())),
    }
    wrong = [field for field, good in checks.items() if not good]
    if wrong:
        return f"a session whose {', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} wrong"
    return None


def document_problem(saved: JSONMapping) -> str | None:
    """What is wrong with a whole session document (after upgrading), or None."""
    if type(saved["order"]) is not int:
        return "an order that is not a number"
    summary = saved["summary"]
    if type(summary) is not dict:
        return "a summary that is not a JSON object"
    return summary_problem(summary) or session_problem(saved["session"])


WAITING, OVERRULED = True, 2
"""An entry's state: it waits for a decision, or a later decision replaced another."""

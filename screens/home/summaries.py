"""Each stored session in the session list's words: its game, who leads or won, its house
options, and what a filter typed on Home finds it by. The words only its game knows come
from the summary (``Summary.listed``), so the list's first screen imports no game; a
summary saved before it kept them, or by another release, asks its game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.money import reworded
from scorekeeper.store import Store, Summary
from scorekeeper.wording import iso, label_in, listed
from screens.format import widest

if TYPE_CHECKING:
    from scorekeeper.game import Game


def game_of(summary: Summary) -> Game | None:
    """The session's game, asked only of a summary saved before it kept its words."""
    from scorekeeper.games import GAMES  # here: the list's first screen reads no registry

    return GAMES.get(summary.game)


def game_name(summary: Summary) -> str:
    """The game's name, or the house game's where the session is one."""
    label = label_in(summary.option_words)
    if label:
        return label
    listed = summary.listed
    if listed is not None:
        return listed.name
    game = game_of(summary)
    return game.name if game else summary.game


def leaders_of(summary: Summary) -> tuple[str, ...]:
    """The winner(s) of a finished game (marked done beside it), else who is ahead now."""
    words = summary.listed
    if summary.finished:
        return tuple(summary.winners)
    if words is not None:
        return words.leaders
    game = game_of(summary)
    if game is None:
        return ()
    lowest = game.wins_lowest_said(summary.option_words)
    return tuple(game.leaders(summary.totals, lowest))


def standing(summary: Summary, room: int) -> str:
    """Who leads, for a column of ``room`` cells: a tie is said as one, by its names
    where they fit ("tie: Ann, Bob"), else by how many share it ("3 tied"): read from
    across the room, a tie cut to "tie: El…" says neither who nor how many
    (the line under the list names them, ``tie_said``)."""
    leaders = leaders_of(summary)
    if len(leaders) > 1:
        named = f"tie: {', '.join(leaders)}"
        return named if widest([named]) <= room else f"{len(leaders)} tied"
    return leaders[0] if leaders else "—"


def tie_said(summary: Summary) -> str:
    """A tie as a sentence says it ("Ann, Bob and Cy share the lead"); "" for none."""
    leaders = leaders_of(summary)
    if len(leaders) < 2:
        return ""
    return f"{listed(leaders)} share the {'win' if summary.finished else 'lead'}"


def variations(store: Store, summary: Summary) -> tuple[str, str]:
    """The session's house options in its game's words: those that differ from the game's
    defaults (for the row), and all of them (for the line under the list). The words come
    from the summary; one saved before summaries kept them has its file read instead."""
    listed = summary.listed
    if listed is not None and summary.option_words is not None:
        # Saved in their currency, in this release's words.
        changed = [reworded(word) for word in listed.changed]
        return ", ".join(changed), "; ".join(map(reworded, summary.option_words))
    game = game_of(summary)
    if game is None:
        return "", ""
    # Here, with its game: a list of summaries that keep their words reads neither.
    from scorekeeper.game import Setup, changed_words

    if summary.option_words is None:
        saved = store.saved(summary.id)
        players, dealer = tuple(saved["players"]), saved["dealer"]
        words = game.option_words(Setup(players, saved["options"], dealer))
    else:
        players, dealer = summary.players, summary.dealer
        # Saved in their currency, maybe in an earlier release's words.
        words = [game.option_word_now(reworded(word)) for word in summary.option_words]
    return ", ".join(changed_words(game, players, dealer, words)), "; ".join(words)


def terms(typed: str) -> list[str]:
    """What a filter asks for: every word, commas between names as good as spaces."""
    return typed.replace(",", " ").casefold().split()


def searchable(summary: Summary) -> str:
    parts = [game_name(summary), summary.game, *summary.players, iso(summary.started), summary.id]
    return " ".join(parts).casefold()

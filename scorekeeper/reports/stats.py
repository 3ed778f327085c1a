"""Statistics across every stored session, per player name.

Built from the store's summaries (one index read, no round replayed), so it stays fast
with ten thousand sessions. Only a game's own highlights (``Game.highlights``) need
rounds: they are read, not replayed, from the sessions of games that have some.

Who is who: a name is one person across sessions whatever its case ("ann" is "Ann"), as
a table refuses two names that differ only in case; the most recent spelling is shown.
Sessions with no round recorded are left out: nobody played them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from scorekeeper.game import Setup
from scorekeeper.games import GAMES
from scorekeeper.money import amount, format_amount
from scorekeeper.store import Store, StoreError, Summary
from scorekeeper.wording import clipped, day, pad, plural, visible


def person(name: str) -> str:
    """The key that makes one person of "Ann" and "ann", as a table does."""
    return name.casefold()


@dataclass
class GameRecord:
    """One player's record at one game.

    ``won`` counts finished sessions they won (shared wins too), so the win rate is over
    games that ended: by their rules, or by the table ending the evening (the games with
    no natural end) or stopping early, where the biggest balance or best total wins.
    The score of a session is its final points total in a points game — counted only
    once the game is over, as a half-played total means nothing — and the balance in
    money or chips otherwise, real after every round.
    """

    game: str
    played: int = 0
    finished: int = 0
    won: int = 0
    scored: int = 0
    score_sum: int = 0
    best: int | None = None

    @property
    def win_rate(self) -> float | None:
        return self.won / self.finished if self.finished else None

    @property
    def average(self) -> float | None:
        return self.score_sum / self.scored if self.scored else None

    @property
    def unit(self) -> str:
        """What a score is counted in: ``points``, ``money`` (minor units) or ``chips``."""
        game = GAMES.get(self.game)
        if game is None:
            return "points"
        return "points" if game.scored_in_points else game.unit

    def add(self, finished: bool, won: bool, score: int | None, lowest_wins: bool) -> None:
        """Count one session for one player: whether it finished, whether they won, their
        score (None where it means nothing yet) and which way a score is better. The
        caller works out what is the same for everyone at the table once per session."""
        self.played += 1
        if finished:
            self.finished += 1
            self.won += won
        if score is None:
            return
        self.scored += 1
        self.score_sum += score
        if self.best is None:
            self.best = score
        elif lowest_wins:
            self.best = min(self.best, score)
        else:
            self.best = max(self.best, score)


@dataclass
class PlayerStats:
    """Everything one person did: per game, and money and chips won or lost all time.

    Money is in minor units and chips in whole chips: they are never added together.
    """

    name: str
    games: dict[str, GameRecord] = field(default_factory=dict)
    money: int = 0
    chips: int = 0

    @property
    def played(self) -> int:
        return sum(record.played for record in self.games.values())

    @property
    def finished(self) -> int:
        return sum(record.finished for record in self.games.values())

    @property
    def won(self) -> int:
        return sum(record.won for record in self.games.values())

    @property
    def win_rate(self) -> float | None:
        return self.won / self.finished if self.finished else None


@dataclass(frozen=True)
class Highlight:
    """A record-breaking session: which one, and the figure that broke the record."""

    session_id: str
    game: str
    players: tuple[str, ...]
    started: datetime
    value: int

    @property
    def unit(self) -> str:
        """What a game's highlight counts in: its game's unit."""
        game = GAMES.get(self.game)
        return game.unit if game else "points"


@dataclass(frozen=True)
class Stats:
    players: list[PlayerStats]
    sessions: int
    highlights: dict[str, Highlight]
    """Each game's records by label ("Biggest ... pool"), in menu order."""
    longest: Highlight | None

    def player(self, name: str) -> PlayerStats | None:
        return next((p for p in self.players if person(p.name) == person(name)), None)


def _highlight(summary: Summary, value: int) -> Highlight:
    return Highlight(summary.id, summary.game, summary.players, summary.started, value)


def _game_order(game_id: str) -> tuple[int, str]:
    game = GAMES.get(game_id)
    return (game.menu_order, game.name) if game else (1_000, game_id)


def compute(
    summaries: Iterable[Summary], highlights: Mapping[str, Mapping[str, int]] | None = None
) -> Stats:
    """The statistics of these sessions; ``highlights`` maps session ids to their game's
    highlight figures (``session_highlights``), so the caller decides how to read rounds.

    Summaries are taken most recent first (as ``Store.summaries`` gives them): the first
    spelling of a name met is the one shown, and a record tied later keeps the older holder.
    """
    figures = highlights or {}
    people: dict[str, PlayerStats] = {}
    sessions = 0
    longest: Summary | None = None
    best: dict[str, Highlight] = {}
    for summary in summaries:
        if not summary.rounds:
            continue
        sessions += 1
        if longest is None or summary.rounds >= longest.rounds:
            longest = summary
        for label, value in figures.get(summary.id, {}).items():
            if label not in best or value >= best[label].value:
                best[label] = _highlight(summary, value)
        game = GAMES.get(summary.game)
        unit = game.unit if game is not None else None
        finished, winners, balances = summary.finished, summary.winners, summary.balances
        # A points total counts once the game is over; a balance is real after every round.
        scores: Mapping[str, int] | None = None
        if game is not None and not (game.scored_in_points and not finished):
            scores = summary.totals if game.scored_in_points else balances
        lowest_wins = game is not None and game.lowest_wins
        for name in summary.players:
            key = person(name)
            stats = people.get(key)
            if stats is None:
                stats = people[key] = PlayerStats(name)
            record = stats.games.get(summary.game)
            if record is None:
                record = stats.games[summary.game] = GameRecord(summary.game)
            score = scores[name] if scores is not None else None
            record.add(finished, name in winners, score, lowest_wins)
            if unit == "money":
                stats.money += balances[name]
            elif unit == "chips":
                stats.chips += balances[name]
    for stats in people.values():
        stats.games = {key: stats.games[key] for key in sorted(stats.games, key=_game_order)}
    ranked = sorted(people.values(), key=lambda p: (-p.played, -p.won, person(p.name)))
    in_order = sorted(best, key=lambda label: (_game_order(best[label].game), label))
    return Stats(
        ranked,
        sessions,
        {label: best[label] for label in in_order},
        _highlight(longest, longest.rounds) if longest else None,
    )


def session_highlights(store: Store, summaries: Iterable[Summary]) -> dict[str, dict[str, int]]:
    """Each session's highlight figures, from its saved rounds (not replayed: replaying
    every session would cost ten times as much); only games that keep highlights are read.

    Summaries saved with their figures open no file; only older ones are read. A
    session that cannot be read is left out here; the session list reports it.
    """
    found = {}
    for summary in summaries:
        game = GAMES.get(summary.game)
        if game is None or not game.highlight_labels or not summary.rounds:
            continue
        if summary.highlights is not None:
            found[summary.id] = summary.highlights
            continue
        try:
            saved = store.saved(summary.id)
            setup = Setup(tuple(saved["players"]), saved["options"], saved["dealer"])
            found[summary.id] = game.highlights(setup, saved["rounds"])
        except (StoreError, LookupError, TypeError, ValueError, AttributeError):
            continue
    return found


def gather(store: Store) -> Stats:
    """The statistics of every session in ``store``."""
    summaries = store.summaries()
    return compute(summaries, session_highlights(store, summaries))


def rate(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def game_name(game_id: str) -> str:
    game = GAMES.get(game_id)
    return game.name if game else game_id


def record_line(record: GameRecord) -> str:
    """ "3 played, won 1 of 2 (50%), average 120 points, best 40" for one game."""
    parts = [f"{record.played} played"]
    if record.finished:
        parts.append(f"won {record.won} of {record.finished} ({rate(record.win_rate)})")
    if record.average is not None and record.best is not None:
        unit = record.unit
        average = amount(round(record.average), unit, signed=unit != "points")
        best = amount(record.best, unit, signed=unit != "points")
        words = " points" if unit == "points" else " chips" if unit == "chips" else ""
        parts.append(f"average {average}{words}, best {best}")
    return ", ".join(parts)


def highlight_line(label: str, highlight: Highlight, figure: str) -> str:
    who = clipped(visible(", ".join(highlight.players)), 40)
    return f"{label}: {figure} ({who}, {day(highlight.started)})"


def report(stats: Stats) -> str:
    """The statistics as text for the command line, 80 columns wide."""
    if not stats.sessions:
        return "No game has been played yet: statistics start with the first round recorded."
    lines = [
        f"Statistics over {plural(stats.sessions, 'session')}",
        "",
        f"{'Player':<20}{'Played':>7}{'Won':>6}{'Win rate':>10}{'Money':>14}{'Chips':>10}",
    ]
    for player in stats.players:
        lines.append(
            f"{pad(clipped(visible(player.name), 19), 20)}{player.played:>7}{player.won:>6}"
            f"{rate(player.win_rate):>10}{amount(player.money, 'money', signed=True):>14}"
            f"{amount(player.chips, 'chips', signed=True):>10}"
        )
    lines += ["", "Win rate: games won out of games played to their end."]
    for player in stats.players:
        lines += ["", visible(player.name)]
        lines += [
            f"  {pad(clipped(game_name(record.game), 20), 20)} {record_line(record)}"
            for record in player.games.values()
        ]
    lines.append("")
    for label, highlight in stats.highlights.items():
        figure = format_amount(highlight.value, highlight.unit)
        lines.append(highlight_line(label, highlight, figure))
    if stats.longest:
        longest = stats.longest
        figure = f"{game_name(longest.game)}, {longest.value} rounds"
        lines.append(highlight_line("Longest game", longest, figure))
    return "\n".join(lines)

"""Statistics across every stored session, per player name.

Built from the store's summaries (one index read, no round replayed), so it stays fast
with ten thousand sessions. Only a game's own highlights (``Game.highlights``) need
rounds: they are read, not replayed, from the sessions of games that have some; and a
game still carrying a kitty is ended as a night's settle-up ends it
(``night_settle.evening_end``), so money here is what the nights show.

Who is who: a name is one person across sessions whatever its case ("ann" is "Ann"), as
a table refuses two names that differ only in case; the most recent spelling is shown.
Sessions with no round recorded are left out: nobody played them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from itertools import chain

from scorekeeper.checks import JSON
from scorekeeper.game import Game, Setup, label_in
from scorekeeper.games import GAMES
from scorekeeper.money import amount, format_amount
from scorekeeper.reports.night_settle import evening_end
from scorekeeper.store import Store, StoreError, Summary
from scorekeeper.wording import clipped, day, pad, plural, visible


def person(name: str) -> str:
    """The key that makes one person of "Ann" and "ann", as a table does."""
    return name.casefold()


_Tally = list[JSON]
"""What one spelling of a name did at one game: ``[played, finished, won, scores, held]``,
``scores`` the scores that count, ``held`` the balance summed (a points game's money)."""


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
    house: str = ""
    """The house game's name where the record is of one (``label_in``): wins are
    counted per house game, apart from its game's other sessions."""
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
    def title(self) -> str:
        """What the record is of: the house game's name, else the game's."""
        return self.house or game_name(self.game)

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

    def count(self, tally: _Tally, pick: Callable[[Iterable[int]], int]) -> None:
        """Add what one spelling of the player's name did at this game; ``pick`` says
        which score is better (``min`` where the lowest wins)."""
        self.played += tally[0]
        self.finished += tally[1]
        self.won += tally[2]
        scores = tally[3]
        if scores:
            self.scored += len(scores)
            self.score_sum += sum(scores)
            best = pick(scores)
            self.best = best if self.best is None else pick((self.best, best))


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
    house: str = ""
    """The house game's name, where the session was played as one."""

    @property
    def title(self) -> str:
        """What the session was: the house game's name, else the game's."""
        return self.house or game_name(self.game)

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
    waiting: int = 0
    """How many of the sessions wait for a decision (went on differently on two
    laptops): counted once, as the version shown, until the table decides."""

    def player(self, name: str) -> PlayerStats | None:
        return next((p for p in self.players if person(p.name) == person(name)), None)


def _highlight(summary: Summary, value: int) -> Highlight:
    house = label_in(summary.option_words)
    return Highlight(summary.id, summary.game, summary.players, summary.started, value, house)


def _game_order(game_id: str) -> tuple[int, str]:
    game = GAMES.get(game_id)
    return (game.menu_order, game.name) if game else (1_000, game_id)


def compute(
    summaries: Iterable[Summary],
    highlights: Mapping[str, Mapping[str, int]] | None = None,
    ended: Mapping[str, Mapping[str, int]] | None = None,
) -> Stats:
    """The statistics of these sessions; ``highlights`` maps session ids to their game's
    highlight figures (``session_highlights``), so the caller decides how to read rounds;
    ``ended`` the balances of games whose kitty a night shares out at the end of the
    evening (``night_settle.evening_end``), so money here is the night's settle-up.

    Summaries are taken most recent first (as ``Store.summaries`` gives them): the first
    spelling of a name met is the one shown, and a record tied later keeps the older holder.

    Each spelling's tally at each game is a plain list filled in one tight loop, and only
    then made into people and records: ten thousand sessions seat sixty thousand players.
    """
    figures = highlights or {}
    settled = ended or {}
    sessions = waiting = 0
    longest: Summary | None = None
    best: dict[str, Highlight] = {}
    tallies: dict[tuple[str, str], tuple[Game | None, dict[str, _Tally], bool]] = {}
    seated: list[tuple[str, ...]] = []
    for summary in summaries:
        rounds = summary.rounds
        if not rounds:
            continue
        sessions += 1
        waiting += summary.waiting
        if longest is None or rounds >= longest.rounds:
            longest = summary
        for label, value in figures.get(summary.id, {}).items():
            if label not in best or value >= best[label].value:
                best[label] = _highlight(summary, value)
        players, finished, winners = summary.players, summary.finished, summary.winners
        seated.append(players)
        kind = (summary.game, label_in(summary.option_words))
        known = tallies.get(kind)
        if known is None:
            rules = GAMES.get(summary.game)
            # Whether the lowest is best, as the first session of the kind says it.
            lowest = rules is not None and rules.wins_lowest_said(summary.option_words)
            known = tallies[kind] = (rules, {}, lowest)
        game, tally, _ = known
        # A points total counts once the game is over; a balance is real after every round.
        scores: Mapping[str, int] | None = None
        held: Mapping[str, int] | None = None
        balances = settled.get(summary.id, summary.balances)
        if game is not None and game.scored_in_points:
            scores = summary.totals if finished else None
            held = balances
        elif game is not None:
            scores = balances
        for name in players:
            mine = tally.get(name)
            if mine is None:
                mine = tally[name] = [0, 0, 0, [], 0]
            mine[0] += 1
            if finished:
                mine[1] += 1
                if name in winners:
                    mine[2] += 1
            if scores is not None:
                mine[3].append(scores[name])
            if held is not None:
                mine[4] += held[name]
    people: dict[str, PlayerStats] = {}
    for name in dict.fromkeys(chain.from_iterable(seated)):
        people.setdefault(person(name), PlayerStats(name))
    for (game_id, house), (game, tally, lowest) in tallies.items():
        _count(game_id, house, game, tally, people, lowest)
    for stats in people.values():
        order = sorted(stats.games.values(), key=lambda r: (_game_order(r.game), r.house))
        stats.games = {_record_key(record.game, record.house): record for record in order}
    ranked = sorted(people.values(), key=lambda p: (-p.played, -p.won, person(p.name)))
    in_order = sorted(best, key=lambda label: (_game_order(best[label].game), label))
    return Stats(
        ranked,
        sessions,
        {label: best[label] for label in in_order},
        _highlight(longest, longest.rounds) if longest else None,
        waiting,
    )


def _record_key(game_id: str, house: str) -> str:
    """A record's key among a player's games: the game's id, and a house game's name."""
    return f"{game_id}: {house}" if house else game_id


def _count(
    game_id: str,
    house: str,
    game: Game | None,
    tally: dict[str, _Tally],
    people: dict[str, PlayerStats],
    lowest: bool,
) -> None:
    """Each spelling's tally at one game (or house game), added to its person's record
    and money or chips; ``lowest``: the lowest score is the best."""
    pick = min if lowest else max
    key = _record_key(game_id, house)
    for name, mine in tally.items():
        stats = people[person(name)]
        record = stats.games.get(key)
        if record is None:
            record = stats.games[key] = GameRecord(game_id, house)
        record.count(mine, pick)
        if game is None:
            continue
        held = mine[4] if game.scored_in_points else sum(mine[3])
        if game.unit == "money":
            stats.money += held
        elif game.unit == "chips":
            stats.chips += held


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
    ended = evening_end(store, summaries).balances
    return compute(summaries, session_highlights(store, summaries), ended)


def waiting_line(stats: Stats) -> list[str]:
    """The mark on figures that include a game waiting for a decision, if any does."""
    if not stats.waiting:
        return []
    return [
        f"⚠ {plural(stats.waiting, 'game')} waiting for a decision (went on differently on "
        "two laptops): counted once, as the version shown."
    ]


WIN_RATE = "Win rate: games won out of those finished; a game still going is neither."
"""Said under the table: "Played 9, Won 1, 33%" reads wrong without the Finished beside it."""


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
        *waiting_line(stats),
        "",
        f"{'Player':<20}{'Played':>7}{'Finished':>9}{'Won':>6}{'Win rate':>10}{'Money':>14}"
        f"{'Chips':>10}",
    ]
    for player in stats.players:
        lines.append(
            f"{pad(clipped(visible(player.name), 19), 20)}{player.played:>7}"
            f"{player.finished:>9}{player.won:>6}{rate(player.win_rate):>10}"
            f"{amount(player.money, 'money', signed=True):>14}"
            f"{amount(player.chips, 'chips', signed=True):>10}"
        )
    lines += ["", WIN_RATE]
    for player in stats.players:
        lines += ["", visible(player.name)]
        lines += [
            f"  {pad(clipped(visible(record.title), 20), 20)} {record_line(record)}"
            for record in player.games.values()
        ]
    lines.append("")
    for label, highlight in stats.highlights.items():
        figure = format_amount(highlight.value, highlight.unit)
        lines.append(highlight_line(label, highlight, figure))
    if stats.longest:
        longest = stats.longest
        figure = f"{longest.title}, {longest.value} rounds"
        lines.append(highlight_line("Longest game", longest, figure))
    return "\n".join(lines)

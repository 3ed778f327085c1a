"""CSV files a spreadsheet opens cleanly: one row per session, one row per round per player.

Every row has exactly the header's fields, so ``csv.DictReader`` and spreadsheets line up.

``sessions.csv``: session, game, unit (what the balances count: money, chips, or points
where no money changes hands), score unit (what the totals count: points, pips, money or
chips), options (the house options in words), date, night, started, updated, players,
rounds, finished, winners, carried (what the game still holds in its kitty, such as a
Calcutta pool, in the unit), then for each seat ``player N``, ``total N`` and
``balance N`` (empty past the table's last seat).

``rounds.csv``: session, game, unit, score unit, round, dealer, seat, player, score (the
round's own), total, money (the round's own change), balance, what (the round in the
table's words, as the score grid shows it),
then one ``detail:<name>`` column per fact any game reports: facts about the round repeat
on each of its rows, facts about one player (melded, held, bets) sit on that player's row.
A round's money adds up to 0 over its players, once the kitty's ``detail:carry in`` and
``detail:carry out`` are counted; a session's scores and money add up to its totals and
balances in sessions.csv.

Money is written in major units with two decimals ("-3.00"), chips, pips and points as
whole numbers. Text a spreadsheet would run as a formula (starting with = + - @, tab or
CR) gets a leading apostrophe; numbers are left alone, negative ones included. UTF-8 with
a byte order mark, so spreadsheets read é, ü and 中 right.
"""

from __future__ import annotations

import csv
import io
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import BinaryIO, TextIO

from scorekeeper.game import RoundFacts, is_end_round
from scorekeeper.reports.nights import night_labels
from scorekeeper.session import Session
from scorekeeper.store import Store, StoreDamaged, StoreError
from scorekeeper.store.durable import ReplaceFailed, replacing_texts, sweep_stale
from scorekeeper.wording import iso, visible

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
SESSION_COLUMNS = [
    "session",
    "game",
    "unit",
    "score unit",
    "options",
    "date",
    "night",
    "started",
    "updated",
    "players",
    "rounds",
    "finished",
    "winners",
    "carried",
]
SEAT_COLUMNS = ("player", "total", "balance")
ROUND_COLUMNS = [
    "session",
    "game",
    "unit",
    "score unit",
    "round",
    "dealer",
    "seat",
    "player",
    "score",
    "total",
    "money",
    "balance",
    "what",
]
DETAIL = "detail:"

Cell = str | int
Progress = Callable[[int, int], None]
"""Told (sessions done, sessions in all) as an export goes."""


def text(value: str) -> str:
    """A text cell that no spreadsheet will run as a formula, and whose control
    characters (a terminal escape in an old name) are drawn, not obeyed, by ``cat``.
    A newline stays one: CSV quoting brings it back exactly."""
    shown = visible(value, lines=True)
    return "'" + shown if value.startswith(FORMULA_STARTS) else shown


def amount(value: int, unit: str) -> str:
    """Cents as major units with two decimals; chips, pips and points as they are."""
    if unit != "money":
        return str(value)
    sign = "-" if value < 0 else ""
    whole, cents = divmod(abs(value), 100)
    return f"{sign}{whole}.{cents:02d}"


def _fact(value: object) -> Cell:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return value
    return text(str(value))


def _facts(session: Session, index: int) -> RoundFacts:
    before, after = session.state_before(index), session.state_after(index)
    if is_end_round(session.rounds[index]):
        return session.game.end_facts(session.setup, before, after)
    return session.game.round_facts(session.setup, before, session.rounds[index], after)


def _session_row(
    session_id: str, session: Session, started: str, updated: str, night: str
) -> list[Cell]:
    """The session's row, as long as its own seats (the caller pads it to the widest)."""
    game, setup = session.game, session.setup
    unit, score_unit = game.played_for(setup), game.score_unit(setup)
    row: list[Cell] = [
        text(session_id),
        text(game.name),
        unit,
        score_unit,
        text("; ".join(game.option_words(setup))),
        started[:10],
        text(night),
        started,
        updated,
        text(", ".join(session.players)),
        len(session.rounds),
        "yes" if session.finished else "no",
        text(", ".join(session.winners)),
        amount(session.pot, unit),
    ]
    scores, balances = game.scores(setup, session.state), session.balances
    for name in session.players:
        row += [text(name), amount(scores[name], score_unit), amount(balances[name], unit)]
    return row


def _round_rows(
    session_id: str, session: Session, facts: Sequence[RoundFacts], place: Mapping[str, int]
) -> Iterator[list[Cell]]:
    """The session's rows, each as long as ``place`` has detail columns: a fact sits in
    its column, and every other detail cell is empty."""
    game, setup = session.game, session.setup
    unit, score_unit = game.played_for(setup), game.score_unit(setup)
    sid, name_of_game = text(session_id), text(game.name)
    width = len(place)
    for index, round_facts in enumerate(facts):
        before, after = session.state_before(index), session.state_after(index)
        what = text(session.describe(index))
        scores_before, scores_after = game.scores(setup, before), game.scores(setup, after)
        shared: list[Cell] = [""] * width
        for key, value in round_facts.table.items():
            shared[place[key]] = _fact(value)
        for seat, name in enumerate(session.players, start=1):
            details = shared
            own = round_facts.players.get(name)
            if own:
                details = shared.copy()
                for key, value in own.items():
                    details[place[key]] = _fact(value)
            total, balance = scores_after[name], after.balances[name]
            yield [
                sid,
                name_of_game,
                unit,
                score_unit,
                index + 1,
                text(before.dealer),
                seat,
                text(name),
                amount(total - scores_before[name], score_unit),
                amount(total, score_unit),
                amount(balance - before.balances[name], unit),
                amount(balance, unit),
                what,
                *details,
            ]


class _Spool:
    """The rounds' rows, written as each session is read, before every detail column is
    known: each session's rows go to a temporary file as long as the details met so far,
    and are widened to the final header only when copied out (rarely needed, as the
    columns settle within the first sessions of each game). So each session is read and
    replayed once, and the rows never all sit in memory."""

    def __init__(self, file: BinaryIO) -> None:
        self._file = file
        self._chunks: list[tuple[int, int]] = []
        self._buffer = io.StringIO()
        self._rows = csv.writer(self._buffer)

    def add(self, rows: Iterable[list[Cell]], width: int) -> None:
        self._rows.writerows(rows)
        data = self._buffer.getvalue().encode("utf-8")
        self._buffer.seek(0)
        self._buffer.truncate()
        self._file.write(data)
        self._chunks.append((width, len(data)))

    def copy_to(self, handle: TextIO, width: int) -> None:
        out = csv.writer(handle)
        self._file.seek(0)
        for known, size in self._chunks:
            chunk = self._file.read(size).decode("utf-8")
            if known == width:
                handle.write(chunk)
                continue
            padding = [""] * (width - known)
            out.writerows(row + padding for row in csv.reader(io.StringIO(chunk, newline="")))


def _not_replaced(out: Path, paths: Sequence[Path], error: ReplaceFailed) -> str:
    """Exactly what an export that failed at the last step left behind."""
    why = error.cause.strerror or str(error.cause)
    if error.changed:
        kept = ", ".join(path.name for path in error.changed)
        left = ", ".join(path.name for path in paths if path not in error.changed)
        outcome = f"{kept} now holds the new export but {left} does not: export again"
    else:
        outcome = "Nothing was replaced: every file there is as it was"
    return (
        f"Cannot write the export to {out}: {error.failed} cannot be replaced ({why}). "
        f"{outcome}. Move it away or choose another folder (scorekeeper export --out FOLDER)."
    )


def file_prefix(store: Store, session_ids: Sequence[str] | None, out_dir: Path) -> str:
    """A name start for an export that no other export takes: one session's
    ``<date>-<game>-<short id>-`` (a later export of that session replaces it, as it is the
    same session), or for several ``<date>-<time>-all-`` or ``<date>-<time>-<n>-games-``,
    numbered on (``-2-``) if those files are already there."""
    if session_ids is not None and len(set(session_ids)) == 1:
        session_id = session_ids[0]
        started = next(
            (
                iso(summary.started)[:10]
                for summary in store.summaries()
                if summary.id == session_id
            ),
            "",
        )
        game = store.load(session_id).game.id
        return f"{started}-{game}-{session_id[:8]}-"
    what = "all" if session_ids is None else f"{len(set(session_ids))}-games"
    stem = f"{datetime.now().strftime('%Y-%m-%d-%H%M')}-{what}"
    prefix, number = f"{stem}-", 1
    while (out_dir / f"{prefix}sessions.csv").exists() or (
        out_dir / f"{prefix}rounds.csv"
    ).exists():
        number += 1
        prefix = f"{stem}-{number}-"
    return prefix


def export(
    store: Store,
    out_dir: str | Path,
    session_ids: Sequence[str] | None = None,
    *,
    prefix: str = "",
    progress: Progress | None = None,
) -> list[Path]:
    """Write ``<prefix>sessions.csv`` and ``<prefix>rounds.csv`` into ``out_dir``; returns
    the two paths, absolute.

    Without ``session_ids`` every readable session goes out, oldest first, and damaged ones
    are skipped (``store.damaged()`` names them); a named session that is damaged or
    unknown raises ``StoreError``. Each session is read and replayed once; ``progress``
    hears after each one and once more as the files are about to replace the old ones,
    and an exception raised from it (a cancel) stops the export with every file in
    ``out_dir`` as it was.
    """
    out = Path(out_dir).expanduser().absolute()
    summaries = {summary.id: summary for summary in store.summaries()}
    nights = night_labels(store)
    strict = session_ids is not None
    if session_ids is None:
        chosen = sorted(summaries, key=lambda sid: (summaries[sid].started, sid))
    else:
        chosen = list(dict.fromkeys(session_ids))
    paths = [out / f"{prefix}sessions.csv", out / f"{prefix}rounds.csv"]
    try:
        with tempfile.TemporaryFile() as spooled:
            spool = _Spool(spooled)
            place: dict[str, int] = {}
            session_rows: list[list[Cell]] = []
            for done, session_id in enumerate(chosen, start=1):
                try:
                    session = store.load(session_id)
                except StoreDamaged:
                    if strict:
                        raise
                    continue
                facts = [_facts(session, index) for index in range(len(session.rounds))]
                for round_facts in facts:
                    for key in round_facts.table:
                        place.setdefault(key, len(place))
                    for player in round_facts.players.values():
                        for key in player:
                            place.setdefault(key, len(place))
                summary = summaries.get(session_id)
                started, updated = (
                    (iso(summary.started), iso(summary.updated)) if summary else ("", "")
                )
                night = nights.get(session_id, started[:10])
                session_rows.append(_session_row(session_id, session, started, updated, night))
                spool.add(_round_rows(session_id, session, facts, place), len(place))
                if progress is not None:
                    progress(done, len(chosen))
            seats = max((len(row) - len(SESSION_COLUMNS) for row in session_rows), default=0)
            seats //= len(SEAT_COLUMNS)
            seat_columns = [
                f"{column} {seat}" for seat in range(1, seats + 1) for column in SEAT_COLUMNS
            ]
            out.mkdir(parents=True, exist_ok=True)
            sweep_stale(out)
            with replacing_texts(paths, encoding="utf-8-sig", newline="") as handles:
                sessions_file, rounds_file = handles
                sessions_csv = csv.writer(sessions_file)
                sessions_csv.writerow(SESSION_COLUMNS + seat_columns)
                width = len(SESSION_COLUMNS) + len(seat_columns)
                sessions_csv.writerows(row + [""] * (width - len(row)) for row in session_rows)
                csv.writer(rounds_file).writerow(ROUND_COLUMNS + [DETAIL + key for key in place])
                spool.copy_to(rounds_file, len(place))
                if progress is not None:
                    progress(len(chosen), len(chosen))
    except ReplaceFailed as error:
        raise StoreError(_not_replaced(out, paths, error), error.failed) from error
    except OSError as error:
        raise StoreError(
            f"Cannot write the export to {out}: {error.strerror or error}. Nothing there "
            "was replaced. Choose another folder (scorekeeper export --out FOLDER).",
            out,
        ) from error
    return paths

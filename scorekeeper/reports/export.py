"""CSV files a spreadsheet opens cleanly: one row per session, one row per round per player.

``sessions.csv``: session, game, unit, date, night (the name given to the night the
session was started on, else its date), started, updated, players, rounds, finished,
winners, then for each seat ``player N``, ``total N`` and ``balance N``.
``rounds.csv``: session, game, round, dealer, player, score, total, money, balance, then
one ``detail:<name>`` column per fact a game reports for its rounds (bid, pitcher, ...).

Money is written in major units with two decimals ("-3.00"), chips and points as whole
numbers. Text a spreadsheet would run as a formula (starting with = + - @, tab or CR) gets
a leading apostrophe; numbers are left alone, negative ones included. UTF-8 with a byte
order mark, so spreadsheets read é, ü and 中 right.
"""

from __future__ import annotations

import contextlib
import csv
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from scorekeeper.reports.night_names import load_names
from scorekeeper.session import Session
from scorekeeper.store import Store, StoreDamaged, StoreError
from scorekeeper.store.durable import replacing_text
from scorekeeper.wording import iso

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
SESSION_COLUMNS = [
    "session",
    "game",
    "unit",
    "date",
    "night",
    "started",
    "updated",
    "players",
    "rounds",
    "finished",
    "winners",
]
ROUND_COLUMNS = [
    "session",
    "game",
    "round",
    "dealer",
    "player",
    "score",
    "total",
    "money",
    "balance",
]
DETAIL = "detail:"

Cell = str | int


def text(value: str) -> str:
    """A text cell that no spreadsheet will run as a formula."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def amount(value: int, unit: str) -> str:
    """Cents as major units with two decimals; chips as they are."""
    if unit != "money":
        return str(value)
    sign = "-" if value < 0 else ""
    whole, cents = divmod(abs(value), 100)
    return f"{sign}{whole}.{cents:02d}"


def _score(session: Session, value: int) -> str:
    """Points stay points; a game scored only in money has money as its score."""
    return str(value) if session.game.scored_in_points else amount(value, session.game.unit)


def _detail(value: object) -> Cell:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return value
    return text(str(value))


def _session_row(
    session_id: str, session: Session, started: str, updated: str, night: str
) -> list[Cell]:
    unit = session.game.unit
    row: list[Cell] = [
        text(session_id),
        text(session.game.name),
        unit,
        started[:10],
        text(night),
        started,
        updated,
        text(", ".join(session.players)),
        len(session.rounds),
        "yes" if session.finished else "no",
        text(", ".join(session.winners)),
    ]
    totals, balances = session.totals, session.balances
    for name in session.players:
        row += [text(name), _score(session, totals[name]), amount(balances[name], unit)]
    return row


def _round_rows(session_id: str, session: Session, details: Sequence[str]) -> Iterator[list[Cell]]:
    unit = session.game.unit
    for index, round_ in enumerate(session.rounds):
        before, after = session.state_before(index), session.state_after(index)
        facts = session.game.details(round_)
        extra = [_detail(facts[key]) if key in facts else "" for key in details]
        for name in session.players:
            total, balance = after.totals[name], after.balances[name]
            yield [
                text(session_id),
                text(session.game.name),
                index + 1,
                text(before.dealer),
                text(name),
                _score(session, total - before.totals[name]),
                _score(session, total),
                amount(balance - before.balances[name], unit),
                amount(balance, unit),
                *extra,
            ]


def _columns(
    store: Store, session_ids: Iterable[str], strict: bool
) -> tuple[list[str], int, list[str]]:
    """The sessions that replay, the most seats any has, and every detail name in their
    rounds. With ``strict`` a damaged session is an error, otherwise it is skipped."""
    readable: list[str] = []
    seats = 0
    details: dict[str, None] = {}
    for session_id in dict.fromkeys(session_ids):
        try:
            session = store.load(session_id)
        except StoreDamaged:
            if strict:
                raise
            continue
        readable.append(session_id)
        seats = max(seats, len(session.players))
        for round_ in session.rounds:
            details.update(dict.fromkeys(session.game.details(round_)))
    return readable, seats, list(details)


@contextlib.contextmanager
def _csv_file(path: Path, header: list[str]) -> Iterator[Any]:
    """A CSV writer whose file replaces ``path``, durably, only once it is complete."""
    with replacing_text(path, encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        yield writer


def export(
    store: Store, out_dir: str | Path, session_ids: Sequence[str] | None = None
) -> list[Path]:
    """Write sessions.csv and rounds.csv into ``out_dir``; returns the two paths.

    Without ``session_ids`` every readable session goes out, oldest first, and damaged ones
    are skipped (``store.damaged()`` names them); a named session that is damaged or
    unknown raises ``StoreError``. Each session is replayed twice: once to learn the
    columns, once to write its rows.
    """
    out = Path(out_dir).expanduser()
    summaries = {summary.id: summary for summary in store.summaries()}
    night_names = load_names(store.path)
    if session_ids is None:
        chosen = sorted(summaries, key=lambda sid: (summaries[sid].started, sid))
        ids, seats, details = _columns(store, chosen, strict=False)
    else:
        ids, seats, details = _columns(store, session_ids, strict=True)
    seat_columns = [
        f"{column} {seat}"
        for seat in range(1, seats + 1)
        for column in ("player", "total", "balance")
    ]
    paths = [out / "sessions.csv", out / "rounds.csv"]
    try:
        out.mkdir(parents=True, exist_ok=True)
        with (
            _csv_file(paths[0], SESSION_COLUMNS + seat_columns) as session_rows,
            _csv_file(paths[1], ROUND_COLUMNS + [DETAIL + key for key in details]) as round_rows,
        ):
            for session_id in ids:
                session = store.load(session_id)
                summary = summaries.get(session_id)
                started, updated = (
                    (iso(summary.started), iso(summary.updated)) if summary else ("", "")
                )
                night = night_names.get(started[:10], started[:10])
                session_rows.writerow(_session_row(session_id, session, started, updated, night))
                round_rows.writerows(_round_rows(session_id, session, details))
    except OSError as error:
        raise StoreError(
            f"Cannot write the export to {out}: {error.strerror or error}. "
            "Choose another folder (scorekeeper export --out FOLDER).",
            out,
        ) from error
    return paths

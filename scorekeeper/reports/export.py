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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path

from scorekeeper.game import RoundFacts
from scorekeeper.reports.nights import night_labels
from scorekeeper.session import Session
from scorekeeper.store import Store, StoreDamaged, StoreError
from scorekeeper.store.durable import ReplaceFailed, replacing_texts, sweep_stale
from scorekeeper.wording import iso

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


def text(value: str) -> str:
    """A text cell that no spreadsheet will run as a formula."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


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
    return session.game.round_facts(
        session.setup,
        session.state_before(index),
        session.rounds[index],
        session.state_after(index),
    )


def _session_row(
    session_id: str, session: Session, started: str, updated: str, night: str, seats: int
) -> list[Cell]:
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
    return row + [""] * (len(SEAT_COLUMNS) * (seats - len(session.players)))


def _round_rows(session_id: str, session: Session, details: Sequence[str]) -> Iterator[list[Cell]]:
    game, setup = session.game, session.setup
    unit, score_unit = game.played_for(setup), game.score_unit(setup)
    for index in range(len(session.rounds)):
        before, after = session.state_before(index), session.state_after(index)
        facts = _facts(session, index)
        what = text(session.describe(index))
        scores_before, scores_after = game.scores(setup, before), game.scores(setup, after)
        for seat, name in enumerate(session.players, start=1):
            known: Mapping[str, object] = {**facts.table, **facts.players.get(name, {})}
            total, balance = scores_after[name], after.balances[name]
            yield [
                text(session_id),
                text(game.name),
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
                *(_fact(known[key]) if key in known else "" for key in details),
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
        for index in range(len(session.rounds)):
            facts = _facts(session, index)
            details.update(dict.fromkeys(facts.table))
            for player in facts.players.values():
                details.update(dict.fromkeys(player))
    return readable, seats, list(details)


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
) -> list[Path]:
    """Write ``<prefix>sessions.csv`` and ``<prefix>rounds.csv`` into ``out_dir``; returns
    the two paths, absolute.

    Without ``session_ids`` every readable session goes out, oldest first, and damaged ones
    are skipped (``store.damaged()`` names them); a named session that is damaged or
    unknown raises ``StoreError``. Each session is replayed twice: once to learn the
    columns, once to write its rows.
    """
    out = Path(out_dir).expanduser().absolute()
    summaries = {summary.id: summary for summary in store.summaries()}
    nights = night_labels(store)
    if session_ids is None:
        chosen = sorted(summaries, key=lambda sid: (summaries[sid].started, sid))
        ids, seats, details = _columns(store, chosen, strict=False)
    else:
        ids, seats, details = _columns(store, session_ids, strict=True)
    seat_columns = [f"{column} {seat}" for seat in range(1, seats + 1) for column in SEAT_COLUMNS]
    paths = [out / f"{prefix}sessions.csv", out / f"{prefix}rounds.csv"]
    try:
        out.mkdir(parents=True, exist_ok=True)
        sweep_stale(out)
        with replacing_texts(paths, encoding="utf-8-sig", newline="") as handles:
            session_rows, round_rows = (csv.writer(handle) for handle in handles)
            session_rows.writerow(SESSION_COLUMNS + seat_columns)
            round_rows.writerow(ROUND_COLUMNS + [DETAIL + key for key in details])
            for session_id in ids:
                session = store.load(session_id)
                summary = summaries.get(session_id)
                started, updated = (
                    (iso(summary.started), iso(summary.updated)) if summary else ("", "")
                )
                night = nights.get(session_id, started[:10])
                session_rows.writerow(
                    _session_row(session_id, session, started, updated, night, seats)
                )
                round_rows.writerows(_round_rows(session_id, session, details))
    except ReplaceFailed as error:
        raise StoreError(_not_replaced(out, paths, error), error.failed) from error
    except OSError as error:
        raise StoreError(
            f"Cannot write the export to {out}: {error.strerror or error}. Nothing there "
            "was replaced. Choose another folder (scorekeeper export --out FOLDER).",
            out,
        ) from error
    return paths

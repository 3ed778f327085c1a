"""CSV files a spreadsheet opens cleanly: one row per session, one row per round per player.

Every row has exactly the header's fields, so ``csv.DictReader`` and spreadsheets line up.

``sessions.csv``: session, game, unit (what the balances count: money, chips, or points
where no money changes hands), score unit (what the totals count: points, pips, money or
chips), options (the house options in words), currency (what the money counts in, by the
table's setting: $, €, £, kr or none; empty where the unit is not money), date, night,
started, updated, players, rounds, finished, winners, carried (what the game still holds in
its kitty, such as a Calcutta pool, in the unit), then for each seat ``player N``, ``total
N`` and ``balance N`` (empty past the table's last seat).

``rounds.csv``: session, game, unit, score unit, round, dealer, seat, player, score (the
round's own), total, money (the round's own change), balance, what (the round in the
table's words, as the score grid shows it), then one ``detail:<name>`` column for each
fact the exported games report (``Game.fact_names``, each game's in its own order): facts
about the round repeat on each of its rows, facts about one player (melded, held, bets)
sit on that player's row. A round's money adds up to 0 over its players, once the kitty's
``detail:carry in`` and ``detail:carry out`` are counted; a session's scores and money add
up to its totals and balances in sessions.csv.

Money is written in major units with two decimals and a decimal point ("-3.00") in every
currency, chips, pips and points as whole numbers. Text a spreadsheet would run as a formula
(starting with = + - @, tab or CR) gets a leading apostrophe; numbers are left alone,
negative ones included. UTF-8 with a byte order mark, so spreadsheets read é, ü and 中 right.

Each session is written from the rows its file keeps (``reports.rows``), sealed when it
was saved, with no round replayed: the columns are known from the session list before
any file is read, so each session's rows are laid out once and go straight to the file.
A file that cannot vouch for its rows (saved before they were kept, by another release or
under another key, or edited by hand) is replayed, into the same bytes.
"""

from __future__ import annotations

import collections
import contextlib
import csv
import multiprocessing
import os
import signal
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from multiprocessing.pool import AsyncResult
from pathlib import Path

from scorekeeper.games import GAMES
from scorekeeper.money import Currency, currency
from scorekeeper.reports.nights import night_labels
from scorekeeper.reports.rows import (
    DETAIL,
    ROUND_COLUMNS,
    SEAT_COLUMNS,
    SESSION_COLUMNS,
    Rows,
    amount,
    detail_columns,
    from_kept,
    laid_out,
    open_store,
    render,
    session_row,
    text,
    text_field,
)
from scorekeeper.store import Store, StoreDamaged, StoreError
from scorekeeper.store.durable import ReplaceFailed, replacing_texts, sweep_stale
from scorekeeper.wording import iso

__all__ = ["Progress", "amount", "export", "file_prefix", "text"]

Progress = Callable[[int, int], None]
"""Told (sessions done, sessions in all) as an export goes."""


@dataclass(frozen=True)
class _Wanted:
    """A session to export, with what its row takes from the session list: its date,
    night, started and updated cells."""

    session_id: str
    dates: tuple[str, str, str, str]


@dataclass(frozen=True)
class _Layout:
    """What every row of an export is laid out to: each detail column's place, and the
    seats of the widest table."""

    columns: Mapping[str, int]
    seats: int
    currency: Currency


@dataclass
class _Batch:
    """Some sessions written out: ``read`` says of each whether it was, could not be
    read (False), or is of a game or a table size the layout has no room for (its game
    and seats); ``sessions`` and ``rounds`` hold the rows of those written (UTF-8)."""

    read: list[bool | tuple[str, int]]
    sessions: bytes
    rounds: bytes


class _Relayout(Exception):
    """Sessions the session list described otherwise (a game, a table size) than their
    files: the export starts again with room for them."""

    def __init__(self, found: list[tuple[str, int]]) -> None:
        super().__init__(found)
        self.found = found


def _rows(store: Store, session_id: str) -> Rows:
    """The session's rows: those kept beside its file where their seal holds
    (``Store.sealed_rows``) and they were written for its game's facts as this build has
    them, else from its rounds replayed. Raises ``StoreError`` for a file that cannot be
    read or replayed."""
    kept = store.sealed_rows(session_id)
    rows = None if kept is None else from_kept(kept)
    return render(session_id, store.load(session_id)) if rows is None else rows


def _write_batch(store: Store, wanted: Sequence[_Wanted], layout: _Layout) -> _Batch:
    read: list[bool | tuple[str, int]] = []
    sessions: list[str] = []
    rounds: list[bytes] = []
    for one in wanted:
        try:
            rows = _rows(store, one.session_id)
        except StoreError:
            read.append(False)  # the caller reads it again, to raise or to skip it
            continue
        game = GAMES[rows.game]
        if rows.seats > layout.seats or not all(name in layout.columns for name in game.fact_names):
            read.append((rows.game, rows.seats))
            continue
        read.append(True)
        sessions.append(session_row(rows, layout.currency, one.dates, layout.seats))
        rounds.append(laid_out(rows.rounds, game, layout.columns))
    return _Batch(read, "".join(sessions).encode("utf-8"), b"".join(rounds))


_worker: tuple[Store, _Layout] | None = None
"""A worker process's own read-only store and the export's layout."""


def _start_worker(path: Path, layout: _Layout) -> None:
    """Ctrl+C is for the exporting process, which ends its workers: a worker stopped by
    it too would print its traceback over the terminal."""
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker = (open_store(path, readonly=True), layout)


def _write_in_worker(wanted: Sequence[_Wanted]) -> _Batch:
    assert _worker is not None, "started by _start_worker"
    return _write_batch(_worker[0], wanted, _worker[1])


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
    processes: int | None = None,
) -> list[Path]:
    """Write ``<prefix>sessions.csv`` and ``<prefix>rounds.csv`` into ``out_dir``; returns
    the two paths, absolute.

    Without ``session_ids`` every readable session goes out, oldest first, and damaged ones
    are skipped (``store.damaged()`` names them); a named session that is damaged or
    unknown raises ``StoreError``. Each session is read once (and replayed only where its
    file keeps no rows it vouches for), by this process or, for many sessions, by
    ``processes`` worker processes (default: one a core) whose rows are put back in order,
    so the files are the same either way. ``progress`` hears as the sessions are done and
    once more as the files are about to replace the old ones, and an exception raised from
    it (a cancel) stops the export with every file in ``out_dir`` as it was.
    """
    out = Path(out_dir).expanduser().absolute()
    summaries = {summary.id: summary for summary in store.summaries()}
    nights = night_labels(store)
    strict = session_ids is not None
    if session_ids is None:
        chosen = sorted(summaries, key=lambda sid: (summaries[sid].started, sid))
    else:
        chosen = list(dict.fromkeys(session_ids))
    for session_id in chosen:
        if session_id not in summaries:
            _why_not(store, session_id, strict=True)  # before anything is written
    wanted = []
    for session_id in chosen:
        summary = summaries.get(session_id)
        started, updated = (iso(summary.started), iso(summary.updated)) if summary else ("", "")
        night = text_field(nights.get(session_id, started[:10]))
        wanted.append(_Wanted(session_id, (started[:10], night, started, updated)))
    listed = [summaries[sid] for sid in chosen if sid in summaries]
    games = {summary.game for summary in listed}
    seats = max((len(summary.players) for summary in listed), default=0)
    paths = [out / f"{prefix}sessions.csv", out / f"{prefix}rounds.csv"]

    def write() -> None:
        nonlocal games, seats
        try:
            _write(store, wanted, paths, games, seats, strict, progress, processes)
        except _Relayout as misfits:
            games |= {game for game, _ in misfits.found}
            seats = max([seats, *(count for _, count in misfits.found)])
            _write(store, wanted, paths, games, seats, strict, progress, processes)

    made = [folder for folder in (out, *out.parents) if not folder.exists()]
    try:
        out.mkdir(parents=True, exist_ok=True)
        sweep_stale(out)
        write()
    except BaseException as error:
        for folder in made:  # an export that fails leaves no folder it made behind
            with contextlib.suppress(OSError):
                folder.rmdir()
        reported = _reported(error, out, paths)
        if reported is error:
            raise
        raise reported from error
    return paths


def _reported(error: BaseException, out: Path, paths: Sequence[Path]) -> BaseException:
    """What an export that failed with ``error`` raises: a ``StoreError`` saying what
    was left as it was where the failure is the disk's, else ``error`` itself."""
    if isinstance(error, _Relayout):
        return StoreError("Sessions changed while they were being exported: export again.")
    if isinstance(error, ReplaceFailed):
        return StoreError(_not_replaced(out, paths, error), error.failed)
    if isinstance(error, OSError):
        return StoreError(
            f"Cannot write the export to {out}: {error.strerror or error}. Nothing there "
            "was replaced. Choose another folder (scorekeeper export --out FOLDER).",
            out,
        )
    return error


def _write(
    store: Store,
    wanted: Sequence[_Wanted],
    paths: Sequence[Path],
    games: set[str],
    seats: int,
    strict: bool,
    progress: Progress | None,
    processes: int | None,
) -> None:
    """Both files, laid out for ``games`` and tables of up to ``seats``: written in full
    over ``paths``, or not at all (``_Relayout`` when a session needs more room)."""
    columns = detail_columns(game for game_id, game in GAMES.items() if game_id in games)
    layout = _Layout({name: at for at, name in enumerate(columns)}, seats, currency())
    seat_columns = [f"{column} {seat}" for seat in range(1, seats + 1) for column in SEAT_COLUMNS]
    with replacing_texts(paths, encoding="utf-8-sig", newline="") as handles:
        sessions_file, rounds_file = handles
        csv.writer(sessions_file).writerow(SESSION_COLUMNS + seat_columns)
        csv.writer(rounds_file).writerow(ROUND_COLUMNS + [DETAIL + key for key in columns])
        sessions_file.flush()
        rounds_file.flush()
        done = 0
        misfits: list[tuple[str, int]] = []
        writing = contextlib.closing(_batches(store, wanted, layout, processes))
        with writing as batches:  # closed at once on a cancel: the workers end
            for wanted_now, batch in batches:
                for one, read in zip(wanted_now, batch.read, strict=True):
                    if read is False:
                        _why_not(store, one.session_id, strict=strict)
                    elif read is not True:
                        misfits.append(read)
                if misfits:
                    raise _Relayout(misfits)
                sessions_file.buffer.write(batch.sessions)
                rounds_file.buffer.write(batch.rounds)
                done += len(wanted_now)
                if progress is not None:
                    progress(done, len(wanted))
        if progress is not None:
            progress(len(wanted), len(wanted))


def _why_not(store: Store, session_id: str, *, strict: bool) -> None:
    """Of a session that could not be written: raise why, unless it is damaged and the
    export is of every session (it is left out, as ``store.damaged()`` names it)."""
    try:
        store.load(session_id)
    except StoreDamaged:
        if strict:
            raise
        return
    raise StoreError(f"{session_id} changed while it was being exported: export again.")


PARALLEL_FROM = 400
"""Sessions from which worker processes pay for their start (a fresh Python each)."""
BATCH = 50
"""Sessions a worker writes at a time: enough to keep it busy, few enough that the
progress moves and little sits in memory."""


def _batches(
    store: Store, wanted: Sequence[_Wanted], layout: _Layout, processes: int | None
) -> Generator[tuple[Sequence[_Wanted], _Batch]]:
    """Each session written, in order: here one by one, or by worker processes in
    batches, a few batches ahead of the one being written out."""
    workers = processes or os.cpu_count() or 1
    if workers == 1 or (processes is None and len(wanted) < PARALLEL_FROM):
        for one in wanted:
            yield [one], _write_batch(store, [one], layout)
        return
    batches = [wanted[start : start + BATCH] for start in range(0, len(wanted), BATCH)]
    context = multiprocessing.get_context("spawn")  # no fork of a process with threads
    with context.Pool(workers, _start_worker, (store.path, layout)) as pool:
        pending: collections.deque[tuple[Sequence[_Wanted], AsyncResult[_Batch]]]
        pending = collections.deque()
        for batch in batches:
            pending.append((batch, pool.apply_async(_write_in_worker, (batch,))))
            if len(pending) > 2 * workers:
                first, result = pending.popleft()
                yield first, result.get()
        while pending:
            first, result = pending.popleft()
            yield first, result.get()

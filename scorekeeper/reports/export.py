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

Each session is written from the results its file keeps (``documents.results_part``),
with no round replayed: about a third of the time replaying took. A file that cannot
vouch for them (saved before they were kept or by another release, edited by hand, or
holding them in any shape but the one written) is replayed, into the same bytes.
"""

from __future__ import annotations

import collections
import contextlib
import csv
import io
import multiprocessing
import os
import signal
import tempfile
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from multiprocessing.pool import AsyncResult
from operator import sub
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from scorekeeper.games import GAMES
from scorekeeper.reports.nights import night_labels
from scorekeeper.store import Store, StoreDamaged, StoreError
from scorekeeper.store.documents import results_part, trusted_results
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


class _Untrusted(Exception):
    """A stored ``results`` part whose shape is not the one scorekeeper writes: the session
    is replayed instead."""


_SPECIAL = frozenset(',"\r\n')
"""What makes the CSV writer quote a field (this export's dialect: comma, double quote,
CR LF at each row's end)."""
_WHOLE = {int}
"""``type(x) is int``: ``True`` is no amount."""
_TEXT = {str}


def _field(cell: str) -> str:
    """``cell`` as the CSV writer spells it: quoted, its quotes doubled, only if needed."""
    if _SPECIAL.isdisjoint(cell):
        return cell
    return '"' + cell.replace('"', '""') + '"'


class _Cells:
    """Cells as the export writes them, each text or amount converted once per export:
    the same names, games and small amounts fill most of a million rows. The rounds' rows
    are joined here as the CSV writer would write them, which was most of their cost."""

    def __init__(self) -> None:
        self._fields: dict[str, str] = {}
        self._cents: dict[int, str] = {}

    def field(self, value: object) -> str:
        """``text(value)`` as one field of a CSV row; anything but text is untrusted."""
        written: str | None = self._fields.get(value)  # type: ignore[call-overload]
        if written is None:
            if type(value) is not str:
                raise _Untrusted(value)
            written = self._fields[value] = _field(text(value))
        return written

    def amounts(self, unit: str) -> Callable[[int], str]:
        """How an amount in ``unit`` is written: cents as major units, the rest as they are."""
        if unit != "money":
            return str
        cents = self._cents

        def money(value: int) -> str:
            shown = cents.get(value)
            if shown is None:
                shown = cents[value] = amount(value, unit)
            return shown

        return money

    def fact(self, value: object) -> str:
        kind = type(value)
        if kind is bool:
            return "yes" if value else "no"
        if kind is int:
            return str(value)
        return self.field(value)


def _unit(value: object) -> str:
    """A unit as stored: one plain word ("money", "points"), written as it is."""
    if type(value) is not str or not (value.isascii() and value.isalpha()):
        raise _Untrusted(value)
    return value


def _per_seat(value: object, seats: int) -> list[int]:
    """A list with one entry a seat (their types are checked in bulk by the caller)."""
    if type(value) is not list or len(value) != seats:
        raise _Untrusted(value)
    return value


def _session_row(
    one: _Wanted, game: str, players: Sequence[str], results: Mapping[str, Any]
) -> list[Cell]:
    """The session's row, as long as its own seats (the caller pads it to the widest)."""
    unit, score_unit = _unit(results["unit"]), _unit(results["score unit"])
    rounds, seats = results["rounds"], len(players)
    start = rounds[-1][2:4] if rounds else results["start"]
    scores, balances = _per_seat(start[0], seats), _per_seat(start[1], seats)
    options, winners, finished = results["options"], results["winners"], results["finished"]
    if type(options) is not list or type(winners) is not list or type(finished) is not bool:
        raise _Untrusted(results)
    carried = results["carried"]
    if not set(map(type, [carried, *scores, *balances])) <= _WHOLE:
        raise _Untrusted(results)
    if not set(map(type, [*options, *winners])) <= _TEXT:
        raise _Untrusted(results)
    row: list[Cell] = [
        text(one.session_id),
        text(game),
        unit,
        score_unit,
        text("; ".join(options)),
        one.started[:10],
        text(one.night),
        one.started,
        one.updated,
        text(", ".join(players)),
        len(rounds),
        "yes" if finished else "no",
        text(", ".join(winners)),
        amount(carried, unit),
    ]
    for seat, name in enumerate(players):
        row += [text(name), amount(scores[seat], score_unit), amount(balances[seat], unit)]
    return row


def _meet(rounds: Sequence[Any], place: dict[str, int], met: dict[str, None]) -> None:
    """Number each detail the rounds report (``place``, in the order first met), and
    gather those met in ``met``."""
    for round_ in rounds:
        if type(round_) is not list or len(round_) != 6:
            raise _Untrusted(round_)
        table, players = round_[4], round_[5]
        if type(table) is not dict or type(players) is not dict:
            raise _Untrusted(round_)
        for key in table:
            met[key] = None
        for facts in players.values():
            if type(facts) is not dict:
                raise _Untrusted(facts)
            for key in facts:
                met[key] = None
    for key in met:
        if type(key) is not str or not key.isprintable():
            raise _Untrusted(key)  # a column name, written in the header as it is
        place.setdefault(key, len(place))


def _round_rows(
    one: _Wanted,
    game: str,
    players: Sequence[str],
    results: Mapping[str, Any],
    place: Mapping[str, int],
    cells: _Cells,
) -> str:
    """The session's rows as CSV, each as long as ``place`` has detail columns: a fact sits
    in its column, and every other detail cell is empty."""
    unit, score_unit = _unit(results["unit"]), _unit(results["score unit"])
    money, score = cells.amounts(unit), cells.amounts(score_unit)
    head = f"{_field(text(one.session_id))},{cells.field(game)},{unit},{score_unit},"
    seats = [(f"{seat},{cells.field(name)},", name) for seat, name in enumerate(players, 1)]
    count, width = len(seats), len(place)
    start = results["start"]
    if type(start) is not list or len(start) != 2:
        raise _Untrusted(start)
    scores_before, balances_before = _per_seat(start[0], count), _per_seat(start[1], count)
    numbers = [*scores_before, *balances_before]
    field, fact = cells.field, cells.fact
    lines: list[str] = []
    for number, (dealer, what, scores, balances, table, facts) in enumerate(results["rounds"], 1):
        numbers += _per_seat(scores, count)
        numbers += _per_seat(balances, count)
        # Each seat's four amounts, worked out a round at a time (``map`` runs in C).
        amounts = zip(
            map(score, map(sub, scores, scores_before)),
            map(score, scores),
            map(money, map(sub, balances, balances_before)),
            map(money, balances),
            strict=True,
        )
        lead = f"{head}{number},{field(dealer)},"
        said = "," + field(what)
        shared = [""] * width
        for key, value in table.items():
            shared[place[key]] = fact(value)
        common = "," + ",".join(shared) if width else ""
        for (seat_cells, name), (change, total, paid, balance) in zip(seats, amounts, strict=True):
            own = facts.get(name)
            details = common
            if own:
                mine = shared.copy()
                for key, value in own.items():
                    mine[place[key]] = fact(value)
                details = "," + ",".join(mine)
            lines.append(f"{lead}{seat_cells}{change},{total},{paid},{balance}{said}{details}\r\n")
        scores_before, balances_before = scores, balances
    if not set(map(type, numbers)) <= _WHOLE:
        raise _Untrusted(numbers)  # a yes/no among the amounts: True - 0 would pass
    return "".join(lines)


def _written(
    one: _Wanted,
    part: Mapping[str, Any],
    results: Mapping[str, Any],
    place: dict[str, int],
    cells: _Cells,
) -> tuple[list[Cell], str, list[str]]:
    """The sessions.csv row, the rounds.csv rows and the details met (new ones numbered in
    ``place``) of the session whose part (``Session.to_dict``) and results are given.
    Raises ``_Untrusted``, ``place`` left as it was, where stored results have not the
    shape scorekeeper writes, down to every value."""
    game_id, players = part["game"], part["players"]
    if type(game_id) is not str or game_id not in GAMES:
        raise _Untrusted(game_id)
    game = GAMES[game_id].name
    known = dict(place)
    met: dict[str, None] = {}
    try:
        rounds = results["rounds"]
        if type(rounds) is not list or len(rounds) != len(part["rounds"]):
            raise _Untrusted(rounds)
        _meet(rounds, known, met)
        row = _session_row(one, game, players, results)
        written = _round_rows(one, game, players, results, known, cells)
    except (LookupError, TypeError, ValueError, AttributeError) as error:
        raise _Untrusted(error) from None
    place.update(known)
    return row, written, list(met)


@dataclass(frozen=True)
class _Wanted:
    """A session to export, with what its row takes from the session list."""

    session_id: str
    started: str
    updated: str
    night: str


@dataclass
class _Batch:
    """Some sessions written out: ``rows`` holds each one's sessions.csv row, or None
    where it could not be read; ``data`` their rounds.csv rows (UTF-8), in ``chunks`` of
    (detail columns known, bytes) one a session, the details in ``keys`` order; ``met``
    is every detail met, in the order first met, so the columns are numbered alike
    whichever process wrote which sessions."""

    rows: list[list[Cell] | None]
    keys: list[str]
    met: list[str]
    data: bytes
    chunks: list[tuple[int, int]]


def _session(
    store: Store, one: _Wanted, place: dict[str, int], cells: _Cells
) -> tuple[list[Cell], str, list[str]]:
    """``_written`` for one session: from the results its file holds, where the file
    vouches for them (``trusted_results``) and they have the right shape, else from its
    rounds replayed. Raises ``StoreError`` for a file that cannot be read or replayed."""
    saved = store.document(one.session_id)
    results = trusted_results(saved)
    if results is not None:
        with contextlib.suppress(_Untrusted):
            return _written(one, saved["session"], results, place, cells)
    session = store.load(one.session_id)
    return _written(one, session.to_dict(), results_part(session), place, cells)


def _write_batch(
    store: Store, wanted: Sequence[_Wanted], known: Sequence[str], cells: _Cells
) -> _Batch:
    """``wanted`` read and written as rows, details numbered after ``known``."""
    place = {key: column for column, key in enumerate(known)}
    met: dict[str, None] = {}
    rows: list[list[Cell] | None] = []
    parts: list[bytes] = []
    chunks: list[tuple[int, int]] = []
    for one in wanted:
        try:
            row, written, keys = _session(store, one, place, cells)
        except StoreError:
            rows.append(None)  # the caller reads it again, to raise or to skip it
            continue
        met.update(dict.fromkeys(keys))
        rows.append(row)
        part = written.encode("utf-8")
        parts.append(part)
        chunks.append((len(place), len(part)))
    return _Batch(rows, list(place), list(met), b"".join(parts), chunks)


_worker: tuple[Store, _Cells] | None = None
"""A worker process's own read-only store and cells, kept from one batch to the next."""


def _start_worker(path: Path) -> None:
    """Ctrl+C is for the exporting process, which ends its workers: a worker stopped by
    it too would print its traceback over the terminal."""
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker = (Store(path, readonly=True), _Cells())


def _write_in_worker(wanted: Sequence[_Wanted], known: Sequence[str]) -> _Batch:
    assert _worker is not None, "started by _start_worker"
    return _write_batch(_worker[0], wanted, known, _worker[1])


class _Spool:
    """The rounds' rows, kept as each batch of sessions is written, before every detail
    column is known: each session's rows go to a temporary file as long as the details met
    so far, and are widened to the final header only when copied out (rarely needed, as
    the columns settle within the first sessions of each game). So each session is read
    and written once, and the rows never all sit in memory."""

    def __init__(self, file: BinaryIO) -> None:
        self._file = file
        self._chunks: list[tuple[int, int]] = []
        self.place: dict[str, int] = {}
        """Each detail's column, numbered in the order first met over the sessions in order."""

    def add(self, batch: _Batch) -> None:
        """Rows written with the details in ``batch.keys`` order: as they are when that
        is the order so far (almost always), else moved to their columns."""
        for key in batch.met:
            self.place.setdefault(key, len(self.place))
        if all(self.place[key] == column for column, key in enumerate(batch.keys)):
            self._file.write(batch.data)
            self._chunks += batch.chunks
            return
        columns = [self.place[key] for key in batch.keys]
        width = len(self.place)
        text = io.StringIO()
        out = csv.writer(text)
        for row in csv.reader(io.StringIO(batch.data.decode("utf-8"), newline="")):
            moved = row[: len(ROUND_COLUMNS)] + [""] * width
            for column, cell in zip(columns, row[len(ROUND_COLUMNS) :], strict=False):
                moved[len(ROUND_COLUMNS) + column] = cell
            out.writerow(moved)
        data = text.getvalue().encode("utf-8")
        self._file.write(data)
        self._chunks.append((width, len(data)))

    def copy_to(self, handle: TextIO) -> None:
        """Every row at the final width, after the header already written to ``handle``."""
        width = len(self.place)
        out = csv.writer(handle)
        self._file.seek(0)
        handle.flush()
        for known, size in self._chunks:
            chunk = self._file.read(size)
            if known == width:
                handle.buffer.write(chunk)
                continue
            padding = [""] * (width - known)
            text = io.StringIO(chunk.decode("utf-8"), newline="")
            out.writerows(row + padding for row in csv.reader(text))
            handle.flush()


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
    file holds no results it vouches for), by this process or, for many sessions, by
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
    wanted = []
    for session_id in chosen:
        summary = summaries.get(session_id)
        started, updated = (iso(summary.started), iso(summary.updated)) if summary else ("", "")
        wanted.append(_Wanted(session_id, started, updated, nights.get(session_id, started[:10])))
    paths = [out / f"{prefix}sessions.csv", out / f"{prefix}rounds.csv"]
    try:
        with tempfile.TemporaryFile() as spooled:
            spool = _Spool(spooled)
            session_rows: list[list[Cell]] = []
            done = 0
            writing = contextlib.closing(_batches(store, wanted, spool, processes))
            with writing as batches:  # closed at once on a cancel: the workers end
                for wanted_now, batch in batches:
                    for one, row in zip(wanted_now, batch.rows, strict=True):
                        if row is not None:
                            session_rows.append(row)
                            continue
                        try:
                            store.load(one.session_id)  # to say why it could not be read
                        except StoreDamaged:
                            if strict:
                                raise
                            continue
                        raise StoreError(
                            f"{one.session_id} changed while it was being exported: export again."
                        )
                    spool.add(batch)
                    done += len(wanted_now)
                    if progress is not None:
                        progress(done, len(wanted))
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
                csv.writer(rounds_file).writerow(
                    ROUND_COLUMNS + [DETAIL + key for key in spool.place]
                )
                spool.copy_to(rounds_file)
                if progress is not None:
                    progress(len(wanted), len(wanted))
    except ReplaceFailed as error:
        raise StoreError(_not_replaced(out, paths, error), error.failed) from error
    except OSError as error:
        raise StoreError(
            f"Cannot write the export to {out}: {error.strerror or error}. Nothing there "
            "was replaced. Choose another folder (scorekeeper export --out FOLDER).",
            out,
        ) from error
    return paths


PARALLEL_FROM = 400
"""Sessions from which worker processes pay for their start (a fresh Python each)."""
BATCH = 50
"""Sessions a worker writes at a time: enough to keep it busy, few enough that the
progress moves and little sits in memory."""


def _batches(
    store: Store, wanted: Sequence[_Wanted], spool: _Spool, processes: int | None
) -> Generator[tuple[Sequence[_Wanted], _Batch]]:
    """Each session written, in order: here one by one, or by worker processes in
    batches, each started with the details known so far so that its columns almost
    always come back in the final order (moving them costs this process a parse)."""
    workers = processes or os.cpu_count() or 1
    if workers == 1 or (processes is None and len(wanted) < PARALLEL_FROM):
        cells = _Cells()
        for one in wanted:
            yield [one], _write_batch(store, [one], list(spool.place), cells)
        return
    batches = [wanted[start : start + BATCH] for start in range(0, len(wanted), BATCH)]
    context = multiprocessing.get_context("spawn")  # no fork of a process with threads
    with context.Pool(workers, _start_worker, (store.path,)) as pool:
        pending: collections.deque[tuple[Sequence[_Wanted], AsyncResult[_Batch]]]
        pending = collections.deque()
        for number, batch in enumerate(batches):
            pending.append((batch, pool.apply_async(_write_in_worker, (batch, list(spool.place)))))
            # The first batch is back before the next go: they start with its details, and
            # their columns need moving only for a game first met later.
            if len(pending) > (2 * workers if number else 0):
                first, result = pending.popleft()
                yield first, result.get()
        while pending:
            first, result = pending.popleft()
            yield first, result.get()

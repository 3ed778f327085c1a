"""One session's part of a CSV export, written once, when the session is saved.

An export of ten thousand sessions cannot afford to work out a million rows: each session
file keeps its own rows (``Rows``), which the export only lays out. What depends on the
other sessions is left open: a session row's date, night and times, and in the rounds'
rows where each fact sits, as an export lists the columns of the games it holds
(``detail_columns``). A round's facts are written in its game's order (``fact_names``),
each after a mark of its own (a control character, which no written cell holds: ``text``
draws them), and each row ends in ``END``. ``laid_out`` turns the marks into the commas
that put every fact in its column: one ``bytes.translate`` and a few ``replace`` calls
for a whole session.

The columns come from the games an export holds, never from the games installed: a game
added to the app leaves the export of sessions of the others byte for byte the same, and
the rows kept for them stay good. The rows name the layout they were written for
(``layout``: the game's facts in order), so a game whose facts changed has its rows
worked out again.

The store keeps each session's rows beside its file, sealed to it (``KEEPER``, given to
the store where it is opened), and hands them back to the export while the seal holds.
"""

from __future__ import annotations

import csv
import functools
import json
import re
import weakref
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper import __version__
from scorekeeper.game import Fact, Game, is_end_round
from scorekeeper.games import GAMES
from scorekeeper.money import Currency, name_of, reworded, written_in
from scorekeeper.store import Store
from scorekeeper.store.sidecar import Keeper, Kept
from scorekeeper.wording import visible

if TYPE_CHECKING:
    from scorekeeper.session import RoundResult, Session, Standing

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
SESSION_COLUMNS = [
    "session",
    "game",
    "unit",
    "score unit",
    "options",
    "currency",
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
ENDED = "end"
"""The round cell of the table ending the game: it is no round played, though what it
settles (a pool shared out) is written like one."""

END = "\x00"
MARKS = tuple(chr(code) for code in range(1, 32) if chr(code) not in "\t\n\r")
"""Before each of a game's facts, the first mark before its first fact: no game has more
facts."""
_MARK = re.compile(("[" + "".join(MARKS) + "]").encode())
_SPECIAL = frozenset(',"\r\n')
"""What makes the CSV writer quote a field (this export's dialect: comma, double quote,
CR LF at each row's end)."""


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


def field(cell: str) -> str:
    """``cell`` as the CSV writer spells it: quoted, its quotes doubled, only if needed."""
    if _SPECIAL.isdisjoint(cell):
        return cell
    return '"' + cell.replace('"', '""') + '"'


def text_field(value: str) -> str:
    return field(text(value))


def _fact(value: Fact) -> str:
    if type(value) is bool:
        return "yes" if value else "no"
    if type(value) is int:
        return str(value)
    return text_field(str(value))


class Rows(NamedTuple):
    """A session's rows with the other sessions' part left open: its ``game`` (id),
    ``head``, its sessions.csv row up to the options, and ``tail``, from the players on
    (``seats`` seats); ``rounds``, its rounds.csv rows in UTF-8, marked for ``laid_out``."""

    game: str
    head: str
    tail: str
    seats: int
    rounds: bytes


def render(session_id: str, session: Session) -> Rows:
    """What ``session``, saved as ``session_id``, adds to an export."""
    game, setup = session.game, session.setup
    unit, score_unit = game.played_for(setup), game.score_unit(setup)
    name = text_field(game.name)
    head = ",".join(
        [
            text_field(session_id),
            name,
            unit,
            score_unit,
            text_field("; ".join(game.option_words(setup))),
        ]
    )
    results = session.round_results()
    start = session.standing(0)
    final = results[-1].after if results else start
    seats = [text_field(player) for player in setup.players]
    tail = [
        text_field(", ".join(setup.players)),
        str(session.rounds_played),
        "yes" if session.finished else "no",
        text_field(", ".join(session.winners)),
        amount(session.pot, unit),
    ]
    for seat, player in enumerate(seats):
        tail += [player, amount(final.scores[seat], score_unit), amount(final.balances[seat], unit)]
    lead = f"{text_field(session_id)},{name},{unit},{score_unit},"
    separators = _separators(game)

    def written(index: int, before: Standing, result: RoundResult) -> str:
        """Round ``index``'s rows, one a seat."""
        after = result.after
        number = ENDED if is_end_round(session.rounds[index]) else str(index + 1)
        said = f"{lead}{number},{text_field(result.dealer)},"
        what = "," + text_field(result.what)
        shared = _facts(separators, result.facts.table.items())
        lines = []
        for seat, player in enumerate(setup.players):
            change = amount(after.scores[seat] - before.scores[seat], score_unit)
            paid = amount(after.balances[seat] - before.balances[seat], unit)
            own = result.facts.players.get(player)
            facts = (
                _facts(separators, [*result.facts.table.items(), *own.items()]) if own else shared
            )
            lines.append(
                f"{said}{seat + 1},{seats[seat]},{change},"
                f"{amount(after.scores[seat], score_unit)},{paid},"
                f"{amount(after.balances[seat], unit)}{what}{facts}{END}"
            )
        return "".join(lines)

    kept = _written.get(id(session))
    if kept is None or kept[0]() is not session:
        weakref.finalize(session, _written.pop, id(session), None)
    same_layout = kept is not None and kept[1] == (session_id, layout(game))
    done = kept[2] if kept is not None and kept[0]() is session and same_layout else []
    same = 0
    while same < min(len(done), len(results)) and done[same][0] is results[same]:
        same += 1
    del done[same:]
    for index in range(same, len(results)):
        before = results[index - 1].after if index else start
        done.append((results[index], written(index, before, results[index])))
    _written[id(session)] = (weakref.ref(session), (session_id, layout(game)), done)
    rounds = "".join(text for _, text in done)
    return Rows(game.id, head, ",".join(tail), len(seats), rounds.encode("utf-8"))


_written: dict[
    int, tuple[weakref.ref[Session], tuple[str, str], list[tuple[RoundResult, str]]]
] = {}
"""Each session in memory (by ``id``, until it is collected) with its rounds as last
written, a round at a time, and for which session id and ``layout``: a save after a round
writes only that round's rows (a session keeps its ``RoundResult`` objects until an undo
or an edit changes them)."""


def layout(game: Game) -> str:
    """What a game's rows are marked for: each of its facts in the order written, after
    what comes before it. Rows marked for another layout put facts in the wrong columns."""
    return "".join(f"{mark}{name}" for name, mark in _separators(game).items())


def _kept(session_id: str, session: Session) -> Kept:
    """``render``'s rows as the store keeps them: a JSON header line, then the rounds."""
    rows = render(session_id, session)
    header = [rows.game, rows.seats, rows.head, rows.tail, layout(session.game)]
    return json.dumps(header).encode(), rows.rounds


def from_kept(kept: Kept) -> Rows | None:
    """The ``Rows`` the store kept (``Store.sealed_rows``), sealed, so as ``_kept`` made
    them; None where they were written for a layout this build does not have (the game's
    facts changed since), and must be worked out again."""
    header, rounds = kept
    try:
        game, seats, head, tail, written_for = json.loads(header)
    except ValueError:  # a header of an older format: five fields were four
        return None
    known = GAMES.get(game)
    if known is None or written_for != layout(known):
        return None
    return Rows(game, head, tail, seats, rounds)


def _seed(session_id: str, session: Session, kept: Kept) -> None:
    """Take a session's rounds as written from the rows kept for it, as it was read, so
    that its first save after reading it writes only what changed."""
    if id(session) in _written or from_kept(kept) is None:
        return
    results = session.round_results()
    seats = len(session.setup.players)
    lines = kept[1].decode("utf-8").split(END)
    if len(lines) != len(results) * seats + 1:
        return
    done = [
        (result, END.join(lines[index * seats : (index + 1) * seats]) + END)
        for index, result in enumerate(results)
    ]
    weakref.finalize(session, _written.pop, id(session), None)
    _written[id(session)] = (weakref.ref(session), (session_id, layout(session.game)), done)


KEEPER = Keeper(f"rows 4, scorekeeper {__version__}", _kept, _seed)
"""The rows as the store keeps them beside each session: another release's, whose rules
or wording may differ, never match its format; within one, ``layout`` says which facts
they were written for."""


def open_store(path: str | Path | None = None, *, readonly: bool = False) -> Store:
    """The store at ``path`` keeping these rows beside each session file it writes, and
    trusting those it finds while sealed (which spares a replay): how the command line,
    the board and an export's workers open one; the app gives a store it is handed."""
    return Store(path, readonly=readonly, keeper=KEEPER)


def _facts(separators: Mapping[str, str], facts: Iterable[tuple[str, Fact]]) -> str:
    """A row's facts in the game's order, each after its mark (every mark is there, with
    nothing after it where the round has no such fact)."""
    cells = dict.fromkeys(separators, "")
    for key, value in facts:
        if key not in cells:
            raise ValueError(f"a fact {key!r} its game does not name in fact_names")
        cells[key] = _fact(value)
    return "".join(separators[key] + cell for key, cell in cells.items())


@functools.cache
def _separators(game: Game) -> dict[str, str]:
    """The mark before each of the game's facts in its rows, in the game's order."""
    if len(game.fact_names) > len(MARKS):
        raise ValueError(f"{game.id} names more than {len(MARKS)} facts")
    return dict(zip(game.fact_names, MARKS, strict=False))


def detail_columns(games: Iterable[Game]) -> list[str]:
    """The detail columns of an export holding ``games``: theirs alone, merged in menu
    order, so that no game outside the export moves a column."""
    held = sorted(dict.fromkeys(games), key=lambda game: (game.menu_order, game.name, game.id))
    return _merged(held)


def _merged(games: Iterable[Game]) -> list[str]:
    """Every fact the games name, each game's in its own order where the others allow;
    names two games share are placed once, after what comes before them in either, the
    games taken in turn. Where two games order shared names differently, the earlier
    game's order wins: the other's facts are moved into it as its rows are laid out."""
    pending = [list(game.fact_names) for game in games]
    columns: list[str] = []
    while any(pending):
        heads = [names[0] for names in pending if names]
        ready = next(
            (name for name in heads if not any(name in other[1:] for other in pending)),
            heads[0],
        )
        columns.append(ready)
        for names in pending:
            if ready in names:
                names.remove(ready)
    return columns


def laid_out(rounds: bytes, game: Game, places: Mapping[str, int]) -> bytes:
    """A session's ``Rows.rounds`` as CSV rows with the detail columns of an export that
    holds its game (``places``: each column's place, from ``detail_columns``). A mark
    that becomes one comma is translated with the others in one pass; a game whose facts
    the columns order otherwise (another game's order won) has its rows taken apart."""
    separators = _separators(game)
    at = [places[name] for name in separators]
    if at != sorted(at):
        return _reordered(rounds, at, len(places))
    single = bytearray()
    wider: list[tuple[bytes, bytes]] = []
    last = -1
    for separator, place in zip(separators.values(), at, strict=True):
        if place - last == 1:
            single += separator.encode()
        else:
            wider.append((separator.encode(), b"," * (place - last)))
        last = place
    rounds = rounds.translate(bytes.maketrans(bytes(single), b"," * len(single)))
    for mark, commas in wider:
        rounds = rounds.replace(mark, commas)
    return rounds.replace(END.encode(), b"," * (len(places) - 1 - last) + b"\r\n")


def _reordered(rounds: bytes, places: list[int], columns: int) -> bytes:
    """``laid_out`` row by row, each fact's cell put at its place."""
    lines = []
    for row in rounds.split(END.encode())[:-1]:
        start, *cells = _MARK.split(row)
        detail = [b""] * columns
        for place, cell in zip(places, cells, strict=True):
            detail[place] = cell
        lines.append(start + b"," + b",".join(detail) + b"\r\n")
    return b"".join(lines)


def session_row(rows: Rows, money: Currency, dates: Sequence[str], seats: int) -> str:
    """A sessions.csv row: ``rows`` with the currency its money counts in (named only
    where its unit is money, its options' words written in it), its ``dates`` (date,
    night, started, updated), and padded to ``seats`` seats."""
    head = next(csv.reader([rows.head]))
    named = text_field(name_of(money)) if head[2] == "money" else ""
    with written_in(money):
        head[4] = reworded(head[4])
    padding = "," * (len(SEAT_COLUMNS) * (seats - rows.seats))
    return f"{','.join(map(field, head))},{named},{','.join(dates)},{rows.tail}{padding}\r\n"

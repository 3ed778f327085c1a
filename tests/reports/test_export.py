"""The CSV export reads back value by value, hostile names included, and never runs a formula."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from scorekeeper import Session
from scorekeeper.money import SYMBOLS, use_currency
from scorekeeper.reports.export import amount, export, text
from scorekeeper.store import SessionNotFound, Store, StoreDamaged, StoreError
from tests.factories import saved_before_the_name_rule
from tests.reports.log_files import log_of

HOSTILE = (
    '=HYPERLINK("x")',
    "+1",
    "-2",
    "@SUM(A1)",
    'Say "cheese"',
    "Smith, Jo",
    "two\nlines",
    "Zoë Müller 中",
)
SAFE = ('\'=HYPERLINK("x")', "'+1", "'-2", "'@SUM(A1)", 'Say "cheese"', "Smith, Jo")
SAFE += ("two\nlines", "Zoë Müller 中")
PITCHES = (
    {"pitcher": '=HYPERLINK("x")', "bid": 3, "points": ["high", "low", "jack"]},
    {"pitcher": "-2", "bid": 2, "made": False},
)
SESSION_HEADER = ["session", "game", "unit", "score unit", "options", "currency", "date"]
SESSION_HEADER += ["night"]
SESSION_HEADER += ["started", "updated", "players", "rounds", "finished", "winners", "carried"]
ROUND_HEADER = ["session", "game", "unit", "score unit", "round", "dealer", "seat", "player"]
ROUND_HEADER += ["score", "total", "money", "balance", "what"]


def read(path: Path) -> list[list[str]]:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.reader(handle))


def test_hostile_names_come_back_exactly_and_never_as_formulas(
    store: Store, tmp_path: Path
) -> None:
    session = saved_before_the_name_rule("racehorse", HOSTILE)
    session_id = store.add(session)
    for pitch in PITCHES:
        store.record(session_id, pitch)
    (summary,) = store.summaries()

    written = export(store, tmp_path / "out")

    assert written == [tmp_path / "out" / "sessions.csv", tmp_path / "out" / "rounds.csv"]
    assert all(path.is_absolute() for path in written)
    assert written[0].read_bytes().startswith(b"\xef\xbb\xbf")
    sessions = read(written[0])
    seats = [
        f"{column} {seat}" for seat in range(1, 9) for column in ("player", "total", "balance")
    ]
    assert sessions[0] == SESSION_HEADER + seats
    # Round 1: the HYPERLINK player makes 3, so 7 players pay $3 each: +$21 to them.
    # Round 2: "-2" is upped at 2, so pays everyone else $2: -$14.
    totals = {name: -300 + 200 for name in HOSTILE}
    totals['=HYPERLINK("x")'] = 2100 + 200
    totals["-2"] = -300 - 1400
    per_seat = []
    for name, safe in zip(HOSTILE, SAFE, strict=True):
        per_seat += [safe, amount(totals[name], "money"), amount(totals[name], "money")]
    assert sessions[1] == [
        session_id,
        "Racehorse",
        "money",
        "money",
        "stake $1.00/point",
        "$",
        summary.started.date().isoformat(),
        summary.started.date().isoformat(),
        summary.started.isoformat(timespec="seconds"),
        summary.updated.isoformat(timespec="seconds"),
        "'" + ", ".join(HOSTILE),
        "2",
        "no",
        "",
        "0.00",
        *per_seat,
    ]
    assert per_seat[:3] == ['\'=HYPERLINK("x")', "23.00", "23.00"]
    assert per_seat[6:9] == ["'-2", "-17.00", "-17.00"]

    rounds = read(written[1])
    details = ["pitcher", "bid", "points", "result", "all six tricks", "end"]
    assert rounds[0] == [*ROUND_HEADER, *(f"detail:{name}" for name in details)]
    assert len(rounds) == 1 + 2 * len(HOSTILE)
    first, second = rounds[1:9], rounds[9:]
    for seat, (name, safe, row) in enumerate(zip(HOSTILE, SAFE, first, strict=True), 1):
        change = "21.00" if name == '=HYPERLINK("x")' else "-3.00"
        assert row == [
            session_id,
            "Racehorse",
            "money",
            "money",
            "1",
            SAFE[0],
            str(seat),
            safe,
            change,
            change,
            change,
            change,
            '\'=HYPERLINK("x") pitched 3 and made it: high, low, jack',
            SAFE[0],
            "3",
            "high low jack",
            "made",
            "no",
            "",
        ]
    for seat, (name, safe, row) in enumerate(zip(HOSTILE, SAFE, second, strict=True), 1):
        change = "-14.00" if name == "-2" else "2.00"
        total = amount(totals[name], "money")
        assert row == [
            session_id,
            "Racehorse",
            "money",
            "money",
            "2",
            SAFE[0],
            str(seat),
            safe,
            change,
            total,
            change,
            total,
            "'-2 pitched 2 and was upped",
            "'-2",
            "2",
            "",
            "upped",
            "",
            "",
        ]
    assert float(first[1][8]) == -3.0


def test_points_stay_whole_numbers_and_money_is_paid_in_major_units_at_the_end(
    store: Store, tmp_path: Path
) -> None:
    session_id = store.add(Session.new("seven-hand", ("Ann", "Bob", "Cid"), options={"stake": 5}))
    for _ in range(7):
        store.record(session_id, {"out": "Ann", "points": {"Bob": 10, "Cid": 25}})
    sessions_csv, rounds_csv = export(store, tmp_path / "out")
    row = read(sessions_csv)[1]
    assert row[2:5] == ["money", "points", "7 hands; stake $0.05/point"]
    assert row[5] == "$", "dollars, as the table never chose another currency"
    assert row[10:15] == ["Ann, Bob, Cid", "7", "yes", "Ann", "0.00"]
    assert row[15:] == ["Ann", "0", "12.25", "Bob", "70", "-3.50", "Cid", "175", "-8.75"]
    last_hand = read(rounds_csv)[-3:]
    assert [cells[7:12] for cells in last_hand] == [
        ["Ann", "0", "0", "12.25", "12.25"],
        ["Bob", "10", "70", "-3.50", "-3.50"],
        ["Cid", "25", "175", "-8.75", "-8.75"],
    ]
    assert [cells[5] for cells in last_hand] == ["Ann"] * 3


def test_chips_are_whole_numbers_matching_the_session(store: Store, tmp_path: Path) -> None:
    players = ("Ann", "Bob", "Cid", "Dee")
    session_id = store.add(Session.new("horse-race", players))
    for winner in "SH":
        store.record(
            session_id,
            {
                "course": {"S": 2, "H": 1, "D": 3, "C": 1},
                "bets": [
                    {"player": "Cid", "horse": "S", "amount": 2},
                    {"player": "Dee", "horse": "H", "amount": 1},
                ],
                "winner": winner,
            },
        )
    session = store.load(session_id)
    _, rounds_csv = export(store, tmp_path / "out")
    rows = read(rounds_csv)
    header = rows[0]
    width = len(ROUND_HEADER)
    assert header[:width] == ROUND_HEADER
    assert all(column.startswith("detail:") for column in header[width:]) and len(header) > width
    for row in rows[1:]:
        index, name = int(row[4]) - 1, row[7]
        before, after = session.state_before(index), session.state_after(index)
        assert row[10] == str(after.balances[name] - before.balances[name])
        assert row[11] == str(after.balances[name])
        assert "." not in row[10] + row[11]


def test_a_euro_table_names_its_currency_once_and_keeps_plain_figures(
    store: Store, tmp_path: Path
) -> None:
    use_currency(SYMBOLS["€"])  # a decimal comma on screen: "12,25 €"
    money = store.add(Session.new("seven-hand", ("Ann", "Bob"), options={"stake": 5}))
    chips = store.add(Session.new("horse-race", ("Ann", "Bob", "Cid", "Dee")))
    for _ in range(7):  # Bob holds 35 points a hand: 245 at 5 cents, paid at the end
        store.record(money, {"out": "Ann", "points": {"Bob": 35}})
    sessions_csv, rounds_csv = export(store, tmp_path / "out", [money, chips])
    with open(sessions_csv, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(row["unit"], row["currency"]) for row in rows] == [("money", "€"), ("chips", "")]
    assert (rows[0]["balance 1"], rows[0]["balance 2"]) == ("12.25", "-12.25")
    assert read(rounds_csv)[-2][11] == "12.25", "a decimal point, never a comma"


def test_named_sessions_go_out_in_the_order_given(store: Store, tmp_path: Path) -> None:
    ids = [
        store.add(saved_before_the_name_rule("racehorse", (*HOSTILE[4:], "Al"))) for _ in range(3)
    ]
    sessions_csv, _ = export(store, tmp_path / "out", [ids[2], ids[0], ids[2]])
    assert [row[0] for row in read(sessions_csv)[1:]] == [ids[2], ids[0]]
    everything, _ = export(store, tmp_path / "all")
    assert sorted(row[0] for row in read(everything)[1:]) == sorted(ids)


def test_an_unknown_session_is_an_error_and_writes_nothing(store: Store, tmp_path: Path) -> None:
    store.add(Session.new("racehorse", HOSTILE[:5]))
    with pytest.raises(SessionNotFound, match="no session 'nope'"):
        export(store, tmp_path / "out", ["nope"])
    assert not (tmp_path / "out").exists()


def test_a_damaged_session_is_skipped_in_a_full_export_and_refused_by_name(
    store: Store, tmp_path: Path
) -> None:
    good = store.add(Session.new("racehorse", HOSTILE[:5]))
    bad = store.add(Session.new("racehorse", HOSTILE[:5]))
    store.close()
    log_of(store.path, bad).write_bytes(b"")
    with Store(store.path, readonly=True) as reader:
        sessions_csv, _ = export(reader, tmp_path / "out")
        assert [row[0] for row in read(sessions_csv)[1:]] == [good]
        with pytest.raises(StoreDamaged):
            export(reader, tmp_path / "named", [bad])


def test_an_export_folder_that_cannot_be_written_is_a_clear_error(
    store: Store, tmp_path: Path
) -> None:
    store.add(Session.new("racehorse", HOSTILE[:5]))
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    with pytest.raises(StoreError) as refused:
        export(store, blocked)
    assert str(refused.value).startswith(f"Cannot write the export to {blocked}: ")
    assert "--out" in str(refused.value)


def test_a_failed_export_leaves_the_previous_files_whole(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session_id = store.add(Session.new("racehorse", HOSTILE[:5]))
    written = export(store, tmp_path / "out")
    before = [path.read_bytes() for path in written]
    store.record(session_id, {"pitcher": "+1", "bid": 2, "made": True})

    def disk_full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(StoreError, match="No space left on device"):
        export(store, tmp_path / "out")
    assert [path.read_bytes() for path in written] == before
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == [
        "rounds.csv",
        "sessions.csv",
    ]


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="names descriptors via /proc")
def test_an_export_is_on_the_disk_before_it_is_reported_written(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A power cut right after "wrote exports/..." must not leave empty files behind:
    both files and the folder holding them are synced before the export returns."""
    store.add(Session.new("racehorse", HOSTILE[:5]))
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        synced.append(Path(os.readlink(f"/proc/self/fd/{descriptor}")).name)
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)
    export(store, tmp_path / "out")
    temps = {name.split(".")[0] for name in synced if name.endswith(".tmp")}
    assert temps == {"sessions", "rounds"}
    assert "out" in synced


@pytest.mark.parametrize(
    ("cell", "safe"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-2", "'-2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTab", "'␉Tab"),
        ("\rReturn", "'␍Return"),
        ("Ann", "Ann"),
        ("a=b", "a=b"),
        ("", ""),
    ],
)
def test_text_that_a_spreadsheet_would_run_gets_an_apostrophe(cell: str, safe: str) -> None:
    assert text(cell) == safe


@pytest.mark.parametrize(
    ("value", "unit", "cell"),
    [
        (0, "money", "0.00"),
        (-5, "money", "-0.05"),
        (123456, "money", "1234.56"),
        (-300, "chips", "-300"),
        (7, "chips", "7"),
    ],
)
def test_amounts_are_plain_numbers(value: int, unit: str, cell: str) -> None:
    assert amount(value, unit) == cell
    assert float(cell) == (value / 100 if unit == "money" else value)

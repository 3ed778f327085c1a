"""Game nights: sessions grouped by the date they began, named, and settled all at once."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import RuleError, Session
from scorekeeper.cli import main
from scorekeeper.games import GAMES
from scorekeeper.games.calcutta import POOL
from scorekeeper.reports.export import export
from scorekeeper.reports.night_names import NightBook, load_book, read_names, rename
from scorekeeper.reports.night_report import report
from scorekeeper.reports.nights import Night, find, group, move, night_of, nights_of
from scorekeeper.store import Store, StoreError, Summary
from tests.reports.test_stats import PARKS, parks_calcutta, summary

FRIDAY = "2024-05-03T19:00:00+02:00"
LATE = "2024-05-03T23:40:00+02:00"
PAST_MIDNIGHT = "2024-05-04T00:20:00+02:00"
SUNDAY = "2024-05-05T15:00:00+02:00"


def racehorse_at_the_parks(started: str = LATE) -> Summary:
    """A Friday evening, Racehorse at $0.25 a point: Ann −$6.75, Ed +$3.75, four +$0.75."""
    balances = {"Ann": -675, "Bob": 75, "Cy": 75, "Di": 75, "Ed": 375, "Flo": 75}
    return summary("rh", "racehorse", balances, rounds=2, started=started)


def calcutta_at_the_parks() -> Summary:
    """A Friday evening, Calcutta after race 2: 19 chips carried in the pool."""
    balances = {"Ann": -8, "Bob": -12, "Cy": -12, "Di": -5, "Ed": -9, "Flo": 27}
    return summary("cc", "calcutta", balances, rounds=2, started=FRIDAY)


def paid(balances: dict[str, int], payments: list[tuple[str, str, int]]) -> dict[str, int]:
    after = dict(balances)
    for payer, payee, value in payments:
        after[payer] += value
        after[payee] -= value
    return after


def test_sessions_are_grouped_by_the_date_they_began_most_recent_night_first() -> None:
    sunday = summary("su", "seven-hand", {"Grandma": 0, "Max": 0, "Zoe": 0}, started=SUNDAY)
    after_midnight = summary("pm", "hot-rum", {"Ann": 5, "Bob": -5}, started=PAST_MIDNIGHT)
    nights = group(
        [sunday, after_midnight, racehorse_at_the_parks(), calcutta_at_the_parks()],
        {"2024-05-05": "Grandma's birthday"},
    )
    assert [night.date for night in nights] == ["2024-05-05", "2024-05-04", "2024-05-03"]
    assert [s.id for s in nights[2].sessions] == ["cc", "rh"], "played order within the night"
    assert nights[0].title == "Grandma's birthday" and nights[0].label == "Grandma's birthday"
    assert nights[2].title == "Fri 3 May 2024" and nights[2].label == "2024-05-03"
    assert night_of(after_midnight) == "2024-05-04", "the calendar date, as the rules say"


def test_friday_settles_money_and_chips_apart_with_the_pool_as_a_party() -> None:
    night = group([racehorse_at_the_parks(), calcutta_at_the_parks()], {})[0]
    money, chips = night.ledgers()
    assert money.unit == "money" and chips.unit == "chips"
    assert money.payments == [
        ("Ann", "Ed", 375),
        ("Ann", "Bob", 75),
        ("Ann", "Cy", 75),
        ("Ann", "Di", 75),
        ("Ann", "Flo", 75),
    ]
    assert chips.balances[POOL] == 19
    assert sum(chips.balances.values()) == 0
    assert set(paid(chips.balances, chips.payments).values()) == {0}
    assert len(chips.payments) <= len(chips.balances) - 1


def test_one_payment_clears_what_two_games_owe_between_the_same_people() -> None:
    """Ann loses $6.75 at Racehorse and wins $5.00 back at Hot Rum as "ann": she pays $1.75."""
    hot_rum = summary("hr", "hot-rum", {"ann": 500, "Ed": -500}, started=FRIDAY)
    night = group([racehorse_at_the_parks(), hot_rum], {})[0]
    (money,) = night.ledgers()
    assert money.balances == {"Ann": -175, "Ed": -125, "Bob": 75, "Cy": 75, "Di": 75, "Flo": 75}
    assert night.players == ["Ann", "Ed", "Bob", "Cy", "Di", "Flo"]
    assert money.payments == [
        ("Ann", "Bob", 75),
        ("Ed", "Cy", 75),
        ("Ann", "Di", 75),
        ("Ed", "Flo", 50),
        ("Ann", "Flo", 25),
    ]


def test_a_night_of_unplayed_sessions_has_nothing_to_settle() -> None:
    empty = summary("e", "racehorse", {"Ann": 0, "Bob": 0}, rounds=0)
    assert group([empty], {})[0].ledgers() == []


def test_find_a_night_by_date_or_by_name_in_any_case() -> None:
    nights = group(
        [racehorse_at_the_parks(), summary("su", "hot-rum", {"A": 0, "B": 0}, started=SUNDAY)],
        {"2024-05-05": "Grandma's birthday"},
    )
    assert find(nights, "2024-05-03").date == "2024-05-03"
    assert find(nights, "  grandma's BIRTHDAY ").date == "2024-05-05"
    with pytest.raises(LookupError, match=r"birthday \(2024-05-05\)"):
        find(nights, "2023-01-01")


def test_find_a_night_without_a_name_as_the_nights_screen_calls_it() -> None:
    """An unnamed night is shown as "Fri 3 May 2024" (and settle prints it so): that is
    found too, and the nights offered when none matches are called so."""
    nights = group([racehorse_at_the_parks()], {})
    assert nights[0].title == "Fri 3 May 2024"
    assert find(nights, "fri 3 may 2024").date == "2024-05-03"
    with pytest.raises(LookupError, match=r"nights: Fri 3 May 2024 \(2024-05-03\)\."):
        find(nights, "Sat 4 May 2024")


names = st.sampled_from(["Ann", "ann", "Bob", "BOB", "Cy", "Di", "Ed", "Flo", "Gus"])


@st.composite
def sessions(draw: st.DrawFn) -> Summary:
    """A session with zero-sum balances; a Calcutta one may leave chips in the pool."""
    game = draw(st.sampled_from(sorted(GAMES)))
    seats = draw(st.lists(names, min_size=2, max_size=6, unique_by=str.casefold))
    amounts = [draw(st.integers(-5_000, 5_000)) for _ in seats[1:]]
    pot = draw(st.integers(0, 60)) if game == "calcutta" else 0
    balances = dict(zip(seats, [-sum(amounts) - pot, *amounts], strict=True))
    hour = draw(st.integers(10, 23))
    return summary(
        draw(st.text("abcdef0123", min_size=8, max_size=8)),
        game,
        balances,
        rounds=draw(st.integers(0, 30)),
        started=f"2024-05-03T{hour}:00:00+02:00",
    )


@given(st.lists(sessions(), min_size=1, max_size=8))
def test_every_night_settles_zero_sum_clears_all_in_at_most_players_minus_one(
    played: list[Summary],
) -> None:
    (night,) = group(played, {})
    people = {name.casefold() for s in night.sessions if s.rounds for name in s.players}
    for ledger in night.ledgers():
        assert sum(ledger.balances.values()) == 0
        assert all(value > 0 for _, _, value in ledger.payments)
        assert set(paid(ledger.balances, ledger.payments).values()) <= {0}
        parties = len(people) + (POOL in ledger.balances)
        assert len(ledger.payments) <= max(parties - 1, 0)
        assert {name.casefold() for name in ledger.balances} - {POOL.casefold()} <= people


# -- names that persist -------------------------------------------------------------


@pytest.fixture
def played(tmp_path: Path) -> tuple[Path, str]:
    """A store with one Calcutta evening in it, and the date it was played on."""
    with Store(tmp_path) as store:
        store.add(parks_calcutta(2))
        date = night_of(store.summaries()[0])
    return tmp_path, date


def test_a_renamed_night_keeps_its_name_after_reopening_the_store(
    played: tuple[Path, str],
) -> None:
    path, date = played
    with Store(path) as store:
        rename(store, date, "Friday at the Parks'")
    with Store(path, readonly=True) as store:
        night = find(group(store.summaries(), load_book(path).names), "friday at the parks'")
    assert (night.date, night.name) == (date, "Friday at the Parks'")
    assert not list(path.glob("*.tmp")), "written atomically: no temporary file left"


def test_an_empty_name_gives_the_night_its_date_back(played: tuple[Path, str]) -> None:
    path, date = played
    with Store(path) as store:
        rename(store, date, "Poker night")
        assert rename(store, date, "   ") == {}
    assert load_book(path).names == {}


@pytest.mark.parametrize(
    ("date", "name", "field", "words"),
    [
        ("3 May", "x", "date", "YYYY-MM-DD"),
        ("2024-02-30", "x", "date", "not a day"),
        ("1999-01-01", "x", "date", "no session was started"),
        (None, "2024-05-03", "name", "reads as a date"),
        (None, "x" * 31, "name", "keep it to 30"),
        (None, "Grandma\x1b[31m", "name", "escape character"),
        (None, "Poker\tnight", "name", "a tab"),
        (None, "Poker\nnight", "name", "line break"),
        (None, "Poker \u202enight", "name", "bidi control"),
        (None, "Poker\u200bnight", "name", "zero-width"),
        (None, " Poker night", "name", "spaces at its start or end"),
    ],
)
def test_a_name_or_date_that_would_confuse_is_refused_and_nothing_saved(
    played: tuple[Path, str], date: str | None, name: str, field: str, words: str
) -> None:
    path, today = played
    with Store(path) as store:
        rename(store, today, "Before")
        with pytest.raises(RuleError, match=words) as error:
            rename(store, date or today, name)
    assert error.value.field == field
    assert load_book(path).names == {today: "Before"}


def test_two_nights_cannot_share_a_name(played: tuple[Path, str]) -> None:
    path, today = played
    names_file = path / "nights.json"
    names_file.write_text('{"schema": 1, "names": {"2024-05-03": "Poker"}}')
    with Store(path) as store, pytest.raises(RuleError, match="already the name") as error:
        rename(store, today, "POKER")
    assert error.value.field == "name"


def test_a_read_only_store_cannot_rename(played: tuple[Path, str]) -> None:
    path, today = played
    with pytest.raises(StoreError, match="read-only"):
        rename(Store(path, readonly=True), today, "Poker")


@pytest.mark.parametrize("damage", [b"", b"\x00\x00\x00", b'{"schema": 1, "names": {', b"[]"])
def test_a_damaged_names_file_loses_only_the_names_and_is_left_untouched(
    played: tuple[Path, str], damage: bytes
) -> None:
    path, today = played
    names_file = path / "nights.json"
    names_file.write_bytes(damage)
    names, problem = read_names(path)
    assert names == {} and problem is not None and "nights.json" in problem
    assert load_book(path).names == {}, "only the names are lost"
    with Store(path) as store:
        rename(store, today, "Poker")
    assert names_file.read_bytes() == damage, "a file that cannot be read is never overwritten"
    names, problem = read_names(path)
    assert names == {today: "Poker"} and problem is not None and "nights.json" in problem


def test_a_night_is_the_sessions_of_the_store(played: tuple[Path, str]) -> None:
    path, today = played
    with Store(path) as store:
        store.add(Session.new("racehorse", PARKS))
        night = group(store.summaries(), {})[0]
    assert isinstance(night, Night) and night.date == today and len(night.sessions) == 2
    (chips,) = night.ledgers()
    assert chips.balances[POOL] == 19


def test_the_night_as_the_command_line_prints_it() -> None:
    night = group([racehorse_at_the_parks(), calcutta_at_the_parks()], {"2024-05-03": "Parks"})[0]
    lines = report(night).splitlines()
    assert lines[0] == "Parks (2024-05-03): 2 games"
    assert lines[1] == "  19:00  Calcutta Horse Race — Ann, Bob, Cy, Di, Ed, Flo · 2 rounds"
    assert lines[4:7] == ["Money", "  Ann pays Ed $3.75", "  Ann pays Bob $0.75"]
    assert "Chips (settled apart from money)" in lines
    assert "  Bob pays Flo 12 chips" in lines
    assert "  Cy leaves 12 chips in the pool for the next race" in lines


# -- the command line and the CSV export ------------------------------------------


def test_settle_night_on_the_command_line_by_date_or_name(
    played: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    path, today = played
    with Store(path) as store:
        rename(store, today, "Parks")
        # The app may stay open: settle only reads.
        assert main(["settle", "--db", str(path), "--night", today]) == 0
    by_date = capsys.readouterr().out
    assert by_date.startswith(f"Parks ({today}): 1 game\n")
    assert "\nPool of 19 chips shared out: 4 to Ann, 3 to the others\n" in by_date
    assert "  Bob pays Flo 9 chips\n" in by_date
    assert main(["settle", "--db", str(path), "--night", "PARKS"]) == 0
    assert capsys.readouterr().out == by_date
    assert main(["settle", "--db", str(path)]) == 0, "the most recent night by default"
    assert capsys.readouterr().out == by_date


def test_settle_an_unknown_night_says_which_nights_there_are(
    played: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    path, today = played
    assert main(["settle", "--db", str(path), "--night", "1999-12-31"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "No night is dated or named '1999-12-31'" in captured.err and today in captured.err


def test_sessions_csv_names_each_sessions_night(played: tuple[Path, str], tmp_path: Path) -> None:
    path, today = played
    with Store(path) as store:
        store.add(Session.new("racehorse", PARKS))
        rename(store, today, "=Parks night")
        sessions_csv, _ = export(store, tmp_path / "out")
    with open(sessions_csv, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["night"] for row in rows] == ["'=Parks night", "'=Parks night"]
    assert [row["date"] for row in rows] == [today, today]


def test_a_session_past_midnight_moved_back_to_the_evening_it_belongs_to() -> None:
    after_midnight = summary("pm", "hot-rum", {"Ann": 5, "Bob": -5}, started=PAST_MIDNIGHT)
    evening = [racehorse_at_the_parks(), calcutta_at_the_parks(), after_midnight]
    nights = group(evening, {"2024-05-03": "Parks"}, {"pm": "2024-05-03"})
    assert [night.key for night in nights] == ["2024-05-03"]
    assert [s.id for s in nights[0].sessions] == ["cc", "rh", "pm"]
    assert night_of(after_midnight, {"pm": "2024-05-03"}) == "2024-05-03"


def two_tables(path: Path) -> tuple[str, str]:
    """Racehorse at $1 (Bob makes 3) and Hot Rum at 1¢ (Mom out, Ed holds 15), one evening."""
    with Store(path) as store:
        racehorse = Session.new("racehorse", ("Ann", "Bob", "Cy", "Di", "Ed"))
        racehorse.record({"pitcher": "Bob", "bid": 3, "points": ["high", "jack", "game"]})
        hot_rum = Session.new("hot-rum", ("Mom", "Ed"))
        hot_rum.record({"out": "Mom", "deadwood": {"Ed": 15}})
        return store.add(racehorse), store.add(hot_rum)


def test_a_session_moved_to_a_new_night_settles_apart_and_can_come_back(tmp_path: Path) -> None:
    racehorse, hot_rum = two_tables(tmp_path)
    with Store(tmp_path) as store:
        (together,) = nights_of(store)
        assert ("Di", "Mom", 15) in together.ledgers()[0].payments

        table_two = move(store, hot_rum, "new")
        assert table_two.key == f"{together.key}-2" and table_two.table == 2
        assert table_two.title.endswith(", table 2")
        assert table_two.ledgers()[0].payments == [("Ed", "Mom", 15)]
        first = find(nights_of(store), together.key)
        assert [s.id for s in first.sessions] == [racehorse]
        assert all(payee == "Bob" for _, payee, _ in first.ledgers()[0].payments)

        rename(store, table_two.key, "Kids' table")
        assert find(nights_of(store), "kids' table").key == table_two.key
        with pytest.raises(RuleError, match="No night is dated or named 'Nowhere'"):
            move(store, racehorse, "Nowhere")
        back = move(store, hot_rum, together.key)
        assert sorted(s.id for s in back.sessions) == sorted([racehorse, hot_rum])
    assert load_book(tmp_path).moves == {}


def test_settle_with_no_night_on_a_date_of_two_tables_names_both_and_settles_neither(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, hot_rum = two_tables(tmp_path)
    with Store(tmp_path) as store:
        today = move(store, hot_rum, "new").date
        rename(store, f"{today}-2", "Kids' table")
    assert main(["settle", "--db", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.endswith(f"say which with --night: {today}, {today}-2 (Kids' table)")
    assert main(["settle", "--db", str(tmp_path), "--night", f"{today}-2"]) == 0
    assert "Ed pays Mom $0.15" in capsys.readouterr().out


def test_night_move_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    racehorse, hot_rum = two_tables(tmp_path)
    assert main(["night", "move", hot_rum, "new", "--db", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"Moved {hot_rum} to ")
    assert "Ed pays Mom $0.15" in printed and "Bob" not in printed
    with Store(tmp_path):
        assert main(["night", "move", racehorse, "new", "--db", str(tmp_path)]) == 1
    assert "already open for writing" in capsys.readouterr().err
    assert main(["night", "move", "nope", "new", "--db", str(tmp_path)]) == 1
    assert "there is no session 'nope'" in capsys.readouterr().err


def test_a_names_file_from_before_moves_is_still_read(played: tuple[Path, str]) -> None:
    path, date = played
    (path / "nights.json").write_text(f'{{"schema": 1, "names": {{"{date}": "Parks"}}}}')
    assert load_book(path) == NightBook({date: "Parks"}, {})
    with Store(path) as store:
        assert nights_of(store)[0].title == "Parks"


def test_a_pool_left_at_the_end_of_the_night_is_shared_out_as_the_game_ends_an_evening(
    played: tuple[Path, str],
) -> None:
    """docs/rules.md, Calcutta Horse Race: the 19 chips still carried after race 2 are
    shared among the six players, 3 each, the one left over to Ann, first in seat order."""
    path, _ = played
    with Store(path) as store:
        (night,) = nights_of(store)
        (session,) = night.sessions
        (chips,) = night.ledgers()
    assert POOL not in chips.balances
    assert sum(chips.balances.values()) == 0
    shares = {name: 3 for name in PARKS} | {PARKS[0]: 4}
    assert chips.balances == {
        name: session.balances[name] + shares[name] for name in session.players
    }
    assert night.notes and "shared out" in night.notes[0]
    assert paid(chips.balances, chips.payments) == dict.fromkeys(chips.balances, 0)


def test_a_points_only_pad_is_said_to_be_points_only_not_waiting_for_money(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hearts kept on the pad with no stake, still going, beside 5000 at a stake: only
    the one played for money is "not over: no money yet"."""
    with Store(tmp_path) as store:
        hearts = Session.new("score-pad", ["Ann", "Bob"], options={"house": "Hearts"})
        hearts.record({"scores": {"Ann": 30, "Bob": 10}})
        store.add(hearts)
        rummy = Session.new("rummy-5000", ["Ann", "Bob"], options={"stake": 1})
        nothing = {"Ann": 0, "Bob": 0}
        rummy.record(
            {"wild": "5", "out": "Ann", "melded": {"Ann": 100, "Bob": 0}, "in_hand": nothing}
        )
        store.add(rummy)
    assert main(["settle", "--db", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    (pad,) = [line for line in lines if "Hearts —" in line]
    (stakes,) = [line for line in lines if "5000 Rummy —" in line]
    assert pad.endswith("— Ann, Bob · 1 round · points only")
    assert stakes.endswith("— Ann, Bob · 1 round · not over: no money yet")

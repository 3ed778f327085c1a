"""Money is never read from a summary that disagrees with its session's rounds: such a
file is damage, named by ``list``, ``settle``, ``stats`` and ``doctor``, and ``doctor
--fix`` works the summary out again (docs/rules.md, History across laptops)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper import Session
from scorekeeper.cli import main
from scorekeeper.game import END_ROUND
from scorekeeper.settings import remember_currency
from scorekeeper.store import Store, documents
from tests.factories import MADE_3, TABLE, UPPED_2, file_of


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def remember_currency_at(folder: Path, name: str) -> None:
    with Store(folder) as store:
        remember_currency(store, name, True)


def edit_summary(file: Path, **fields: object) -> None:
    """What a hand in a text editor does: the summary changed, the rounds untouched."""
    raw = json.loads(file.read_text(encoding="utf-8"))
    raw[documents.TABLE][str(documents.DOC_ID)]["summary"].update(fields)
    file.write_text(json.dumps(raw), encoding="utf-8")


@pytest.fixture
def forged(tmp_path: Path) -> tuple[Path, str, str]:
    """A night of two Racehorse games; the first one's summary says Ann won $999 of Bob."""
    with Store(tmp_path) as store:
        first = store.add(Session.new("racehorse", TABLE))
        store.record(first, MADE_3)
        second = store.add(Session.new("racehorse", TABLE))
        store.record(second, UPPED_2)
        balances = store.load(first).balances
    forged = dict(balances, Ann=99_900, Bob=-99_900 + balances["Ann"] + balances["Bob"])
    edit_summary(file_of(tmp_path, first), balances=forged)
    return tmp_path, first, second


def test_a_forged_summary_is_named_by_every_command_and_never_shown_as_money(
    forged: tuple[Path, str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    path, first, second = forged
    db = ("--db", str(path))
    named = f"{first}.json holds a summary that disagrees with its rounds on its balances"

    status, out, err = run(capsys, "settle", *db)
    assert status == 0 and "$999.00" not in out and named in err
    assert "1 game" in out  # the other game of the night is settled as ever
    status, out, err = run(capsys, "stats", *db)
    assert status == 0 and "999" not in out and named in err
    status, out, err = run(capsys, "list", *db)
    assert status == 0 and first not in out and second in out and named in err
    status, out, _ = run(capsys, "doctor", *db)
    assert status == 1 and named in out and "work its summary out again" in out

    status, out, _ = run(capsys, "doctor", "--fix", *db)
    assert status == 0 and f"worked out the summary of {file_of(path, first)} again" in out
    status, out, err = run(capsys, "settle", *db)
    assert "2 games" in out and "$999.00" not in out and not err
    with Store(path, readonly=True) as store:
        assert store.load(first).rounds == [MADE_3]


def test_a_summary_written_before_the_end_stopped_counting_as_a_round_still_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Old stores open: their summaries counted the end of the evening as a round."""
    with Store(tmp_path) as store:
        session_id = store.add(Session.new("racehorse", TABLE))
        store.record(session_id, MADE_3)
        store.record(session_id, END_ROUND)
    edit_summary(file_of(tmp_path, session_id), rounds=2)

    status, out, err = run(capsys, "list", "--db", str(tmp_path))

    assert status == 0 and session_id in out and not err
    assert run(capsys, "doctor", "--db", str(tmp_path))[0] == 0


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("highlights", {"biggest_pool": 987_654}, "its highlights"),
        ("option_words", ['"Made-up Game"'], "the game's name"),
    ],
)
def test_forged_highlights_or_option_words_are_damage_shown_nowhere(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    field: str,
    value: object,
    named: str,
) -> None:
    """A peer's file whose rounds are sound but whose summary boasts a Calcutta pool
    nobody played, or names a house game the options do not: named by every command,
    its words shown nowhere."""
    from tests.reports.test_stats import parks_calcutta

    with Store(tmp_path) as store:
        forged = store.add(parks_calcutta(2))
    edit_summary(file_of(tmp_path, forged), **{field: value})
    db = ("--db", str(tmp_path))
    for command in ("stats", "list", "settle"):
        status, out, err = run(capsys, command, *db)
        assert status == 0 and "987,654" not in out and "Made-up" not in out, command
        assert f"{forged}.json holds a summary that disagrees" in err and named in err, command
    status, out, _ = run(capsys, "doctor", *db)
    assert status == 1 and named in out


def test_option_words_saved_in_another_currency_agree_and_forged_money_does_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file saved where money reads "$0.25" (another laptop, or this one before its
    currency changed) is read whole at a table that writes "0,25 kr"; a stake in its words
    that its options do not hold is still damage."""
    with Store(tmp_path) as store:
        fair = store.add(Session.new("racehorse", TABLE, options={"stake": 25}))
        store.record(fair, MADE_3)
        forged = store.add(Session.new("racehorse", TABLE, options={"stake": 25}))
    edit_summary(file_of(tmp_path, forged), option_words=["stake $9.99/point"])
    remember_currency_at(tmp_path, "kr")
    for kept in ("index.json", "index.stamp"):  # the files read as a peer's, on arrival
        (tmp_path / kept).unlink(missing_ok=True)
    status, out, err = run(capsys, "list", "--db", str(tmp_path))
    assert status == 0 and fair in out and forged not in out
    assert f"{fair}.json" not in err and f"{forged}.json holds a summary that disagrees" in err


def test_a_forged_copy_of_an_honest_game_is_still_damage_though_its_rounds_were_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two files holding the same rounds (a game copied to another laptop): the rounds of
    the honest one are replayed first, and the forged one's boast is still caught."""
    from tests.reports.test_stats import parks_calcutta

    with Store(tmp_path) as store:
        honest = store.add(parks_calcutta(2))
    sessions = tmp_path / "sessions"
    forged = "forgedcopy"
    (sessions / f"{forged}.json").write_bytes(file_of(tmp_path, honest).read_bytes())
    edit_summary(sessions / f"{forged}.json", highlights={"biggest_pool": 987_654})
    for path in (sessions / f"{honest}.json", sessions / f"{forged}.json"):
        path.with_suffix(".rows").unlink(missing_ok=True)  # no seal: each replayed
    status, out, err = run(capsys, "stats", "--db", str(tmp_path))
    assert status == 0 and "987,654" not in out
    assert f"{forged}.json holds a summary that disagrees" in err
    assert f"{honest}.json" not in err


@pytest.mark.parametrize("kept", ["to 1000", "to 1,000"])
def test_a_target_worded_by_this_release_or_an_earlier_one_agrees_and_a_forged_one_does_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kept: str
) -> None:
    """A score pad to 1000 saved as this release says its target ("to 1000") or as an
    earlier one did, grouping it as money ("to 1,000"), lists at a € table; a summary
    saying a target its options do not hold is damage, grouped or not."""
    options = {"target": 1000, "stake": 5}
    with Store(tmp_path) as store:
        fair = store.add(Session.new("score-pad", TABLE, options=options))
        store.record(fair, {"scores": dict.fromkeys(TABLE, 0) | {"Ann": 600}})
        grouped = store.add(Session.new("score-pad", TABLE, options=options))
        plain = store.add(Session.new("score-pad", TABLE, options=options))
    rest = ["stake $0.05/point", "pay the difference"]
    edit_summary(file_of(tmp_path, fair), option_words=["highest wins", kept, *rest])
    edit_summary(file_of(tmp_path, grouped), option_words=["highest wins", "to 1,500", *rest])
    edit_summary(file_of(tmp_path, plain), option_words=["highest wins", "to 5000", *rest])
    remember_currency_at(tmp_path, "€")
    for index_file in ("index.json", "index.stamp"):  # the files read as a peer's, on arrival
        (tmp_path / index_file).unlink(missing_ok=True)
    status, out, err = run(capsys, "list", "--db", str(tmp_path))
    assert status == 0 and fair in out and grouped not in out and plain not in out
    assert f"{fair}.json" not in err
    assert (
        "2 session files cannot be used, each holds a summary that disagrees with its options"
        in err
    )

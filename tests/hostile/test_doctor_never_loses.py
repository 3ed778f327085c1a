"""``scorekeeper doctor --fix`` where it could lose or stray: this laptop's night
names and house games put back from their backup, a full disk halfway through a fix,
``damaged/`` a link to another folder, and a garbage ``settings.json`` (whose good
backup an export must not push out)."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from scorekeeper.cli import doctor as doctor_module
from scorekeeper.reports.night_names import rename
from scorekeeper.settings import export_folder, remember_export_folder
from scorekeeper.store import Store, StoreError, machine
from scorekeeper.store.house_games import house_games, save_house_game
from scorekeeper.wording import day
from tests.factories import MADE_3, UPPED_2, file_of
from tests.hostile.stores import two_sessions
from tests.hostile.test_doctor import doctor, everything_in


def own(path: Path, folder: str) -> Path:
    """This laptop's own log of night names and house games (``folder``: ``entries``)."""
    return path / folder / f"{machine.laptop(path).id}.json"


def test_this_laptops_cut_short_nights_file_gets_its_backup_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "db"
    two_sessions(path)
    with Store(path) as store:
        night = day(store.summaries()[0].started)
        rename(store, night, "Grandma's birthday")
        rename(store, night, "Grandma's 90th")
    file = own(path, "entries")
    backup = file.with_name(file.name + ".bak").read_bytes()
    assert "events" in json.loads(backup), "a TinyDB database"
    file.write_bytes(backup[:20])

    status, out, _ = doctor(path, capsys)
    assert f"{file} is cut short" in out and f"put back {file.name}.bak" in out
    status, out, _ = doctor(path, capsys, "--fix")
    assert status == 0, out
    assert file.read_bytes() == backup
    assert [entry.read_bytes() for entry in (path / "damaged").iterdir()] == [backup[:20]]


def test_a_full_disk_while_putting_a_backup_back_loses_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "db"
    hit, spared = two_sessions(path)
    file = file_of(path, hit)
    file.write_bytes(file.read_bytes()[:40])
    before = everything_in(path)

    def disk_full(where: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(where))

    monkeypatch.setattr(doctor_module, "write_atomically", disk_full)
    status, out, err = doctor(path, capsys, "--fix")
    assert status == 1
    assert f"could not fix {file} (No space left on device): it is as it was" in out
    assert everything_in(path) == before, "the damaged file and its backup are where they were"
    assert list((path / "damaged").iterdir()) == []
    assert "a backup of a deleted session" not in out + err

    monkeypatch.undo()
    assert doctor(path, capsys, "--fix")[0] == 0
    with Store(path, readonly=True) as reader:
        assert reader.load(hit).rounds == [MADE_3]
        assert reader.load(spared).rounds == [MADE_3, UPPED_2]


def test_damaged_as_a_link_to_another_folder_is_refused_and_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "db"
    hit, _ = two_sessions(path)
    file_of(path, hit).write_bytes(b"{")
    file_of(path, hit).with_suffix(".json.bak").unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (path / "damaged").symlink_to(elsewhere)
    before = everything_in(path)

    status, out, _ = doctor(path, capsys)
    assert status == 1
    assert f"{path / 'damaged'} is a symbolic link, not the folder damaged files are kept in" in out
    status, out, err = doctor(path, capsys, "--fix")
    assert status == 1
    assert err == (
        f"scorekeeper: {path / 'damaged'} is a symbolic link, not a folder: doctor sets nothing "
        "aside through it. Move it away, then run `scorekeeper doctor --fix` again. Nothing was "
        "changed.\n"
    )
    assert list(elsewhere.iterdir()) == []
    assert everything_in(path) == before


def test_damaged_as_a_file_is_refused_and_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "db"
    hit, _ = two_sessions(path)
    file_of(path, hit).write_bytes(b"{")
    (path / "damaged").write_text("a note")
    before = everything_in(path)
    status, out, _ = doctor(path, capsys)
    assert f"{path / 'damaged'} is a file, not the folder damaged files are kept in" in out
    status, _, err = doctor(path, capsys, "--fix")
    assert status == 1
    assert f"{path / 'damaged'} is a file, not a folder" in err and "Nothing was changed" in err
    assert everything_in(path) == before


@pytest.mark.parametrize(
    "garbage",
    [b"\x00\x01 not json", b'{"schema": 1, "export folder": "/tmp/\\ud800"}'],
    ids=["not json", "a lone surrogate"],
)
def test_a_garbage_settings_file_is_reported_and_its_good_backup_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], garbage: bytes
) -> None:
    path = tmp_path / "db"
    two_sessions(path)
    with Store(path) as store:
        remember_export_folder(store, tmp_path / "first")
        remember_export_folder(store, tmp_path / "cards")
    settings, backup = path / "settings.json", path / "settings.json.bak"
    good = settings.read_bytes()
    settings.write_bytes(garbage)
    kept = backup.read_bytes()

    with Store(path) as store:
        assert export_folder(store).name == "exports"  # the default: settings never stop a start
        with pytest.raises(StoreError, match="the folder not remembered"):
            remember_export_folder(store, tmp_path / "later")
    assert (settings.read_bytes(), backup.read_bytes()) == (garbage, kept)

    status, out, _ = doctor(path, capsys)
    assert status == 1
    assert f"{settings} " in out and "Fix: put back settings.json.bak" in out
    assert doctor(path, capsys, "--fix")[0] == 0
    assert settings.read_bytes() == kept != good
    assert [entry.read_bytes() for entry in (path / "damaged").iterdir()] == [garbage]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_every_file_the_app_reads_is_checked_and_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The session list's cache, a night-names backup, a folder where a session file was:
    each is named, and --fix leaves a store the app reads whole."""
    path = tmp_path / "db"
    hit, spared = two_sessions(path)
    with Store(path) as store:
        night = day(store.summaries()[0].started)
        rename(store, night, "Grandma's birthday")
        rename(store, night, "Grandma's 90th")
    (path / "index.json").unlink()
    os.mkfifo(path / "index.json")
    nights_backup = own(path, "entries").with_suffix(".json.bak")
    nights_backup.write_text('{"schema": 1, "changes": [')
    file = file_of(path, hit)
    good = file.with_suffix(".json.bak").read_bytes()
    file.unlink()
    file.mkdir()

    status, out, _ = doctor(path, capsys)
    assert status == 1
    for named in (
        f"{path / 'index.json'} is a named pipe (FIFO)",
        f"{nights_backup} (a backup) is cut short",
        f"{file} is a folder",
    ):
        assert named in out
    status, out, _ = doctor(path, capsys, "--fix")
    assert status == 0, out
    assert file.read_bytes() == good
    assert sorted(entry.name.split(".")[0] for entry in (path / "damaged").iterdir()) == [
        *sorted([hit, machine.laptop(path).id]),
    ]
    assert doctor(path, capsys) == (0, f"All files in {path} are fine.\n", "")
    with Store(path, readonly=True) as reader:
        assert reader.load(spared).rounds == [MADE_3, UPPED_2]


def test_a_cut_short_house_games_file_is_named_and_its_good_backup_put_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "db"
    two_sessions(path)
    with Store(path) as store:
        save_house_game(store, "Hearts at Grandma's", "score-pad", {"wins": "lowest"})
        save_house_game(store, "Gin", "score-pad", {"target": 100})
    file = own(path, "entries")
    backup = file.with_suffix(".json.bak")
    kept = backup.read_bytes()
    file.write_bytes(file.read_bytes()[:40])

    status, out, _ = doctor(path, capsys)
    assert status == 1
    assert f"{file} " in out and f"Fix: put back {file.name}.bak" in out
    assert doctor(path, capsys, "--fix")[0] == 0
    assert file.read_bytes() == kept
    with Store(path) as store:
        found = [house.name for house in house_games(store)]
    assert found == ["Gin", "Hearts at Grandma's"], "the backup lacks Gin: this laptop keeps it"
    assert doctor(path, capsys) == (0, f"All files in {path} are fine.\n", "")

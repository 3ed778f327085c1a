"""``scorekeeper doctor``: every file of a store checked and reported in plain words, and
with ``--fix`` put right where that can be done without losing anything.

A damaged session or settings file with a good ``.bak`` (of any schema this
version reads) gets the backup back; anything that cannot be repaired is moved to
``damaged/`` in the store folder, never deleted; the index is rebuilt from the session
files. Each fix first keeps the file in ``damaged/`` (a second name for it; a folder is
moved there) and only then puts the backup in its place or takes it away: if a step fails
(a full disk), the steps before it are undone and the file is as it was. ``damaged/`` is
used only if it is a folder, never through a link.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from scorekeeper import settings
from scorekeeper.cli.doctor_entries import entry_findings
from scorekeeper.cli.doctor_sync import conflict_copies, conflict_copy, sync_ignores
from scorekeeper.cli.finding import DAMAGED, SESSION_FILE, Finding
from scorekeeper.safe_files import kind
from scorekeeper.store import (
    Store,
    StoreDamaged,
    StoreError,
    copies,
    documents,
    log,
    machine,
    older_sessions,
)
from scorekeeper.store.careful_read import DamagedFile, parse_json, read_bytes
from scorekeeper.store.copies import is_engine_file
from scorekeeper.store.durable import backup_of, write_atomically
from scorekeeper.store.events import NEWER
from scorekeeper.store.fold import WAITS
from scorekeeper.store.index_file import entry_read, judged_read
from scorekeeper.store.reader import is_session_id
from scorekeeper.store.sidecar import ROWS
from scorekeeper.wording import plural

_TEMP = re.compile(r".+\.([0-9a-f]{16}\.)?tmp")


def _kind_problem(file: Path) -> str | None:
    """Why ``file`` cannot be read as a file at all (a FIFO, a folder, a link), or None."""
    try:
        read_bytes(file)
    except DamagedFile as error:
        return error.reason
    except OSError as error:
        return f"cannot be read ({error.strerror or error})"
    return None


def problem(file: Path) -> str | None:
    """What is wrong with a session's log file ``file`` (or its backup), or None."""
    return log.problem(file, copies.owner(file.name.split(".", 1)[1].removesuffix(".json")))


def _newer_only(file: Path, owner: str) -> bool:
    """Whether all that is wrong with a log is events a newer scorekeeper wrote: named
    and left as it is, never set aside (a newer store is not repaired by an older app)."""
    try:
        refused = log.read(file, owner).refused
    except (DamagedFile, OSError):
        return False
    return bool(refused) and all(why == NEWER for why, _ in refused)


def _session(file: Path, present: set[str], mine: str, wrong: str | None = None) -> Finding | None:
    """A session's log, and what is ``wrong`` with it if the session's fold found it
    (else its file is read); one another laptop writes (not ``mine``) is only named:
    moving or rewriting it here would reach that laptop as a deletion or an overwrite."""
    wrong = wrong or _kind_problem(file) or problem(file)
    parsed = copies.parse(file.name)
    if wrong is not None and parsed is not None and _newer_only(file, copies.owner(parsed[1])):
        return Finding(file, f"{wrong}: upgrade scorekeeper to read it", "", leave=True)
    if parsed is not None and copies.owner(parsed[1]) != mine:
        if wrong is None:
            return None
        return Finding(
            file,
            f"{wrong}; it is another laptop's log of session {parsed[0]}, which is made of "
            "the other logs meanwhile: run `scorekeeper doctor --fix` on that laptop",
            "",
            leave=True,
        )
    if wrong is None:
        return None
    backup = backup_of(file)
    if backup.name in present and problem(backup) is None:
        fix = (
            f"put back {backup.name}, the version before the last save; keep this one in {DAMAGED}/"
        )
        return Finding(file, wrong, fix, restore=True)
    return Finding(file, wrong, f"move it to {DAMAGED}/ (no good backup): the session is set aside")


def _sessions(folder: Path) -> list[Finding]:
    try:
        names = sorted(os.listdir(folder))
    except FileNotFoundError:
        return []
    present = set(names)
    mine = machine.laptop(folder.parent).id
    findings: list[Finding | None] = []
    for name in names:
        file = folder / name
        if SESSION_FILE.fullmatch(name):
            findings.append(_session(file, present, mine))
        elif name.endswith(".bak") and SESSION_FILE.fullmatch(name.removesuffix(".bak")):
            if name.removesuffix(".bak") not in present:
                findings.append(Finding(file, "is a backup of a deleted session", "", leave=True))
            elif (wrong := _kind_problem(file) or problem(file)) is not None:
                findings.append(Finding(file, f"(a backup) {wrong}", f"move it to {DAMAGED}/"))
        elif name.endswith(ROWS) and SESSION_FILE.fullmatch(name.removesuffix(ROWS) + ".json"):
            continue  # what an export takes from the session: rebuilt whenever it is saved
        elif copies.parse(name) is not None:
            findings.append(_odd_copy(file))  # a sync engine's copy of a laptop's log
        elif (found := conflict_copy(file, name)) is not None:
            findings.append(found)
        elif is_engine_file(name) or name in machine.ENGINE_FILES:
            continue  # the sync engine's own, for as long as it needs it
        elif _TEMP.fullmatch(name):
            findings.append(
                Finding(file, "is a temporary file an interrupted save left", "", leave=True)
            )
        else:
            findings.append(
                Finding(file, "is not a file scorekeeper writes", f"move it to {DAMAGED}/")
            )
    return [finding for finding in findings if finding is not None]


def _older(root: Path) -> list[Finding]:
    """An older layout's session files left where they were: what could not be moved over
    (a file that cannot be read). Another laptop's copy in a shared store is moved by
    that laptop; it is named only where it cannot be read. One a newer scorekeeper wrote
    is left exactly as it is."""
    findings = []
    for files in older_sessions.old_files(root).values():
        for _, file in files:
            wrong = _kind_problem(file) or _older_problem(file)
            if wrong is not None and wrong.startswith("was saved by a newer scorekeeper"):
                findings.append(Finding(file, wrong.removesuffix("."), "", leave=True))
            elif wrong is not None:
                fix = f"move it to {DAMAGED}/: an older scorekeeper's session, never moved over"
                findings.append(Finding(file, wrong, fix))
    return findings


def _older_problem(file: Path) -> str | None:
    """What keeps an older layout's session file from being read as one (``documents``:
    the file is no log, so ``problem`` would find nothing wrong), or None."""
    try:
        documents.read(file)
    except StoreDamaged as error:
        return error.reason.removeprefix(f"{file} ")
    except StoreError as error:
        return error.message
    return None


def _odd_copy(file: Path) -> Finding | None:
    """A sync engine's copy of a log that cannot be read (a folder, a link, a damaged
    file): named and left where it is, as another laptop's log is."""
    wrong = _kind_problem(file) or problem(file)
    if wrong is None:
        return None
    left = "it is a sync engine's copy of a log, which doctor leaves where it is"
    return Finding(file, f"{wrong}; {left}: the session is made of the other logs", "", leave=True)


def _index(root: Path) -> Finding | None:
    file = machine.places(root).index_folder / "index.json"
    try:
        raw = read_bytes(file)
        if raw is None:
            return None
        data = parse_json(file, raw)
    except DamagedFile as error:
        return Finding(file, error.reason, "rebuild it from the session files")
    except OSError as error:
        return Finding(file, f"cannot be read ({error.strerror or error})", "rebuild it")
    sessions, damaged = data.get("sessions"), judged_read(data.get("damaged", []), is_session_id)
    if (
        not isinstance(sessions, dict)
        or damaged is None
        or any(entry_read(entry) is None for entry in sessions.values())
    ):
        return Finding(file, "holds entries scorekeeper does not write", "rebuild it")
    if machine.is_shared(root):
        return None  # another laptop adds sessions: this cache catches up when next read
    try:
        files = {name.partition(".")[0] for name in os.listdir(root / "logs")}
    except FileNotFoundError:
        files = set()
    listed = {*sessions, *damaged}
    if not listed <= files or any(name not in listed for name in files):
        return Finding(file, "does not list the session files as they are", "rebuild it")
    return None


def _kept_file(file: Path, problem: Callable[[Path], str | None], without: str) -> list[Finding]:
    """A file the store keeps beside the sessions with a ``.bak`` (the settings): its
    backup put back where it is good, else set aside; ``without`` says what the app does
    meanwhile."""
    backup = backup_of(file)
    wrong, backup_wrong = problem(file), problem(backup)
    if wrong is not None:
        if backup_wrong is None and os.path.lexists(backup):
            fix = f"put back {backup.name}; keep this one in {DAMAGED}/"
            return [Finding(file, wrong, fix, restore=True)]
        return [Finding(file, wrong, f"move it to {DAMAGED}/: {without}")]
    if backup_wrong is not None:
        return [Finding(backup, f"(a backup) {backup_wrong}", f"move it to {DAMAGED}/")]
    return []


def _aside_problem(root: Path) -> Finding | None:
    """``damaged/`` when it is something other than a folder (a link to elsewhere)."""
    folder = root / DAMAGED
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        return None
    if stat.S_ISDIR(mode):
        return None
    what = kind(mode) or "a file"
    fix = "none by doctor, which sets nothing aside through it: move it away, then run --fix"
    return Finding(folder, f"is {what}, not the folder damaged files are kept in", fix)


def examine(root: Path) -> list[Finding]:
    """Everything wrong in the store at ``root``; an empty list is a healthy store."""
    findings = _sessions(root / "logs") + _older(root)
    findings += _not_replaying(root, {finding.file for finding in findings})
    findings += [] if (index := _index(root)) is None else [index]
    findings += conflict_copies(root) + entry_findings(root) + _came_back(root)
    findings += _left_out(root)
    findings += _kept_file(
        root / settings.SETTINGS_FILE,
        settings.problem,
        "exports go to the default folder until the next one",
    )
    ignores = sync_ignores(root)
    findings += [] if ignores is None else [ignores]
    aside = _aside_problem(root)
    return findings if aside is None else [aside, *findings]


def _not_replaying(root: Path, named: set[Path]) -> list[Finding]:
    """The logs the app calls damaged though each reads as a file: a session whose own
    rounds do not replay (a hand edit, a bug of an older release). Named as the app
    names them, and mended as a damaged file is."""
    folder = root / "logs"
    try:
        present = set(os.listdir(folder))
        with Store(root, readonly=True) as reader:
            reader.summaries()
            damage, mine = reader.damage(), reader.own_key
    except (OSError, StoreError):
        return []  # what cannot be read is named by the checks of the files
    found = []
    for damaged in damage:
        if damaged.path not in named and damaged.folder == folder:
            found.append(_session(damaged.path, present, mine, damaged.reason))
    return [finding for finding in found if finding is not None]


def _left_out(root: Path) -> list[Finding]:
    """Each log holding events its session's fold or its game's rules leave out (a round
    that does not replay, one the rules refuse, a second set-up): named once, with how
    many of each kind, and left as it is: the session is made of the rest."""
    from scorekeeper.store.events import MOVED
    from scorekeeper.store.reader import playable

    findings = []
    with contextlib.suppress(OSError, StoreError), Store(root, readonly=True) as reader:
        for summary in reader.summaries():
            try:
                found, _ = playable(reader.gathered(summary.id), reader.own_key)
            except (StoreError, LookupError, TypeError, ValueError, AttributeError):
                continue  # a session that cannot be read is named by the checks of the files
            kinds: dict[str, Counter[str]] = {}
            for made, why in found.folded.refused:
                if why != WAITS:
                    laptop = made.partition(":")[0]
                    key = reader.own_key if laptop == MOVED else laptop
                    kinds.setdefault(key, Counter())[why] += 1
            for key, counted in sorted(kinds.items()):
                said = "; ".join(f"{plural(n, 'event')} that {why}" for why, n in counted.items())
                file = root / "logs" / copies.file_name(summary.id, key)
                wrong = f"holds {said}, left out of its session, which is made of the rest"
                findings.append(Finding(file, wrong, "", leave=True))
    return findings


def _came_back(root: Path) -> list[Finding]:
    """This laptop's copies of sessions that a sync tool put back older than it left them."""
    if not machine.is_shared(root):
        return []  # only a shared store's copies are noted (``reach``)
    fix = "write back what this laptop still holds (the copy it keeps, where it is newer)"
    try:
        with Store(root, readonly=True) as reader:
            reader.summaries()
            folder, own = root / "logs", reader.own_key
            return [
                Finding(
                    folder / copies.file_name(back.session_id, own),
                    back.problem(),
                    fix,
                    write_back=True,
                )
                for back in reader.put_back()
            ]
    except (OSError, StoreError):
        return []  # what cannot be read is named by the checks of the files


def _open_aside(root: Path) -> int:
    """``damaged/`` opened as a folder, made if missing; refused if it is a link or not a
    folder, so nothing is ever written where it points."""
    folder = root / DAMAGED
    with contextlib.suppress(FileExistsError):
        os.mkdir(folder)
    try:
        return os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as error:
        mode = os.lstat(folder).st_mode
        if stat.S_ISDIR(mode):
            raise  # a folder it may not open: said as any other error is
        what = kind(mode) or "a file"
        raise StoreError(
            f"{folder} is {what}, not a folder: doctor sets nothing aside through it. Move "
            "it away, then run `scorekeeper doctor --fix` again. Nothing was changed.",
            folder,
        ) from error


def _keep_aside(file: Path, aside: int) -> tuple[str, bool]:
    """Keep ``file`` in ``damaged/`` under a name that is not taken: a second name for it
    (``file`` stays where it is), or for a folder, which takes no second name, the folder
    itself moved there. Returns the name and whether ``file`` was moved."""
    folder = stat.S_ISDIR(os.lstat(file).st_mode)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    name, number = f"{file.name}.{stamp}", 1
    while True:
        if not folder:
            with contextlib.suppress(FileExistsError):
                os.link(file, name, dst_dir_fd=aside, follow_symlinks=False)
                return name, False
        elif not _taken(name, aside):
            os.rename(file, name, dst_dir_fd=aside)
            return name, True
        number += 1
        name = f"{file.name}.{stamp}-{number}"


def _taken(name: str, aside: int) -> bool:
    try:
        os.lstat(name, dir_fd=aside)
    except FileNotFoundError:
        return False
    return True


def _fix(finding: Finding, aside: int, kept: Path) -> str:
    """One finding's fix: the file kept aside first, then the backup put in its place or
    the file taken away; if that fails, the file is put back as it was."""
    file = finding.file
    backup = backup_of(file)
    data = read_bytes(backup) if finding.restore else None
    if finding.restore and data is None:
        raise FileNotFoundError(f"{backup.name} is gone")
    name, moved = _keep_aside(file, aside)
    try:
        if data is not None:
            write_atomically(file, data)
        elif not moved:
            os.unlink(file)
    except BaseException:
        if moved:
            os.rename(name, file, src_dir_fd=aside)
        else:
            os.unlink(name, dir_fd=aside)
        raise
    if data is not None:
        return f"put back {backup.name} as {file}; the damaged file is now {kept / name}"
    return f"moved {file} to {kept / name}"


def repair(store: Store, findings: list[Finding]) -> list[str]:
    """Do each finding's fix; returns what was done, one line each (a fix that failed is
    undone and said). ``store`` is open for writing, so no app saves meanwhile; nothing is
    deleted, and nothing is changed if ``damaged/`` is not a folder."""
    index = store.places.index_folder / "index.json"
    kept_as_they_are = {index, store.path / DAMAGED}
    todo = [
        finding
        for finding in findings
        if not finding.leave and not finding.write_back and finding.file not in kept_as_they_are
    ]
    done = []
    if todo:
        aside = _open_aside(store.path)
        try:
            for finding in todo:
                try:
                    done.append(_fix(finding, aside, store.path / DAMAGED))
                except (OSError, DamagedFile) as error:
                    reason = getattr(error, "strerror", None) or error
                    done.append(f"could not fix {finding.file} ({reason}): it is as it was")
        finally:
            os.close(aside)
    try:
        store.rebuild_index()
    except (OSError, StoreError) as error:
        reason = getattr(error, "strerror", None) or error
        done.append(f"could not rebuild {index} ({reason})")
    else:
        done.append(f"rebuilt {index}")
    try:
        done += [back.words() for back in store.came_back()]
    except StoreError as error:
        done.append(f"could not write back what this laptop still holds ({error.message})")
    return done

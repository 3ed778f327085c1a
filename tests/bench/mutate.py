"""Does the suite catch a realistic bug? Each mutant below is a one-line mistake someone
could make in the domain, the store, the reports, the served board or the screens; each
is made in a copy of the tree, and the tests that should notice run against it (a few
files, stopping at the first failure). A mutant the tests let through is a hole in the suite.

Run: .venv/bin/python -m tests.bench.mutate [--rev COMMIT] [--only NAME ...]
``--rev`` takes the tree (tests included) of a commit instead of the working tree, to see
how the suite stood then. Prints a table: each mutant, caught or not, in how long.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HANG = 300
"""Seconds after which a run counts as hung: the suite stalled instead of failing."""


@dataclass(frozen=True)
class Mutant:
    name: str
    path: str
    before: str
    after: str
    tests: tuple[str, ...]


CACHES = (
    "tests/store/test_caches_agree.py",
    "tests/domain/test_session.py",
    "tests/reports/test_export_results.py",
    "tests/store/test_store.py",
)
DURABLE = (
    "tests/store/test_store.py",
    "tests/hostile/test_small_truths.py",
    "tests/store/test_durable_and_lock.py",
)
LOCK = ("tests/hostile/test_lock.py", "tests/store/test_store.py", DURABLE[-1])
ENTRY_TYPING = ("tests/ui/test_entry_typing.py",)
CALCUTTA_ENTRY = ("tests/ui/test_entry_calcutta.py",)
NEW_SESSION = ("tests/ui/test_new_session.py",)
BOARD_GUARDS = ("tests/browser/test_serve_guards.py",)

MUTANTS = (
    Mutant(
        "undo keeps the undone round's cached result",
        "scorekeeper/session.py",
        "        del self._results[len(self._states) - 1 :]\n",
        "",
        CACHES,
    ),
    Mutant(
        "an edit keeps the cached results after it",
        "scorekeeper/session.py",
        "        del self._results[index:]\n",
        "",
        CACHES,
    ),
    Mutant(
        "Calcutta: a remainder of 2 gives first nothing more",
        "scorekeeper/games/calcutta.py",
        "2 * third + (1 if remainder else 0)",
        "2 * third + (1 if remainder == 1 else 0)",
        ("tests/domain/test_calcutta.py",),
    ),
    Mutant(
        "tied winners: at most one odd unit shared out",
        "scorekeeper/payouts.py",
        "    share, left_over = divmod(total, len(winners))\n",
        "    share, left_over = divmod(total, len(winners))\n    left_over = min(left_over, 1)\n",
        ("tests/domain/test_seven_hand.py",),
    ),
    Mutant(
        "Racehorse: the pitcher is paid by every seat, their own too",
        "scorekeeper/games/racehorse.py",
        "money[pitcher] = each * (len(setup.players) - 1)",
        "money[pitcher] = each * len(setup.players)",
        ("tests/domain/test_racehorse.py",),
    ),
    Mutant(
        "Racehorse: the deal stays with the pitcher who went up",
        "scorekeeper/games/racehorse.py",
        "dealer = pitcher if made else setup.right_of(pitcher)",
        "dealer = pitcher",
        ("tests/domain/test_racehorse.py",),
    ),
    Mutant(
        "5000: going out on the first turn scores as plain going out",
        "scorekeeper/games/rummy_5000/hands.py",
        '"first_turn": 300',
        '"first_turn": 200',
        ("tests/domain/test_rummy_5000.py",),
    ),
    Mutant(
        "Seven Hand: the contract list starts a hand late",
        "scorekeeper/games/seven_hand.py",
        '"to_come": list(CONTRACTS[hand:hands])',
        '"to_come": list(CONTRACTS[hand + 1 : hands])',
        ("tests/domain/test_seven_hand.py",),
    ),
    Mutant(
        "fewest payments: twelve people with a balance no longer searched",
        "scorekeeper/settle.py",
        "    if count > EXACT_UP_TO:\n",
        "    if count >= EXACT_UP_TO:\n",
        ("tests/domain/test_settle.py",),
    ),
    # The domain's properties: each reaches what it is named for (tests/strategies/).
    Mutant(
        "a game its own rules ended still takes a round",
        "scorekeeper/session.py",
        "        if state.finished:\n",
        "        if state.finished and bool(before) and is_end_round(before[-1]):\n",
        ("tests/domain/test_properties.py",),
    ),
    Mutant(
        "a game its own rules ended is said to play on after an undo",
        "scorekeeper/session.py",
        "if before and is_end_round(before[-1]) and ending is not None:",
        "if ending is not None:",
        ("tests/domain/test_properties.py",),
    ),
    Mutant(
        "Calcutta: the odd chips of the pool shared out at the end are lost",
        "scorekeeper/games/calcutta.py",
        "{name: share + (1 if seat < left_over else 0) for seat",
        "{name: share + 0 for seat",
        ("tests/domain/test_properties.py",),
    ),
    Mutant(
        "5000: partners' sides tied share the game four ways",
        "scorekeeper/games/rummy_5000/rules.py",
        'ways = len(winners) // 2 if self.options_of(setup)["partners"] else len(winners)',
        "ways = len(winners)",
        ("tests/domain/test_rummy_5000.py",),
    ),
    Mutant(
        "5000: partners' sides tied, nobody left to pay",
        "scorekeeper/games/rummy_5000/rules.py",
        "* stake if losers else 0",
        "* stake",
        ("tests/domain/test_rummy_5000.py",),
    ),
    Mutant(
        "CSV: a loss loses its minus sign",
        "scorekeeper/reports/rows.py",
        'sign = "-" if value < 0 else ""',
        'sign = ""',
        ("tests/reports/test_export.py", "tests/reports/test_export_results.py"),
    ),
    Mutant(
        "CSV: cents under ten lose their zero",
        "scorekeeper/reports/rows.py",
        'return f"{sign}{whole}.{cents:02d}"',
        'return f"{sign}{whole}.{cents}"',
        ("tests/reports/test_export.py", "tests/reports/test_export_results.py"),
    ),
    Mutant(
        "money on screen: cents under ten lose their zero",
        "scorekeeper/money.py",
        "{size % 100:02d}",
        "{size % 100}",
        ("tests/domain/test_money.py", "tests/ui/test_scoresheet.py"),
    ),
    Mutant(
        "store: the folder is not synced after the rename",
        "scorekeeper/store/durable.py",
        "    if durable:\n        fsync_folder(os.path.dirname(name) or os.curdir)\n",
        "",
        DURABLE,
    ),
    Mutant(
        "store: the new file is not synced before the rename",
        "scorekeeper/store/durable.py",
        "            if durable:\n                os.fsync(descriptor)\n",
        "",
        DURABLE,
    ),
    Mutant(
        "export: the folder is not synced after the files are replaced",
        "scorekeeper/store/durable.py",
        "        fsync_folder(folder)\n",
        "        pass\n",
        DURABLE,
    ),
    Mutant(
        "lock: no check that the lock holds the file now at its name",
        "scorekeeper/store/lock.py",
        "            if self.held():\n",
        "            if True:\n",
        LOCK,
    ),
    Mutant(
        "lock: a file replaced at the lock's name still counts as held",
        "scorekeeper/store/lock.py",
        "return (on_disk.st_dev, on_disk.st_ino) == (ours.st_dev, ours.st_ino)",
        "return on_disk.st_dev == ours.st_dev",
        LOCK,
    ),
    Mutant(
        "index: balances equal to the totals kept twice, balances dropped otherwise",
        "scorekeeper/store/summary.py",
        "None if balances == totals else balances,",
        "None,",
        CACHES,
    ),
    Mutant(
        "index quick check: a time without its zone passes",
        "scorekeeper/store/well_formed.py",
        "return None if times[0].tzinfo is None or times[1].tzinfo is None else times",
        "return times",
        ("tests/store/test_quick_checks.py",),
    ),
    Mutant(
        "careful read: brackets inside strings count as the file's nesting",
        "scorekeeper/store/careful_read.py",
        "        return False  # the first string holding a bracket keeps its opening quote\n",
        '        brackets = brackets.replace(b\'"\', b"")\n',
        ("tests/hostile/test_nesting_judged.py",),
    ),
    Mutant(
        "index read member by member: a comma before the end passes",
        "scorekeeper/store/careful_read.py",
        "                raise NotPlain  # a comma before the end",
        "                break",
        ("tests/store/test_quick_checks.py",),
    ),
    Mutant(
        "merge: both keeps a hand twice where two of three versions share it",
        "scorekeeper/store/merge.py",
        "            if each.made[index] not in seen:\n",
        "            if True:\n",
        ("tests/store/test_merge.py",),
    ),
    Mutant(
        "decide: a decision names one version it settles, the others still wait",
        "scorekeeper/store/store.py",
        "body, tuple(sorted(set(heads))))",
        "body, tuple(sorted(set(heads)))[:1])",
        ("tests/store/test_logs_crash.py",),
    ),
    Mutant(
        "refresh: a change made here skips the look when a log came into the folder",
        "scorekeeper/store/index.py",
        "self._swept_folder is not None and self._swept_folder == identity_of(self._folder)",
        "self._swept_folder is not None",
        ("tests/ui/test_table_sync.py",),
    ),
    Mutant(
        "refresh: a change made here skips the look when its own logs changed in place",
        "scorekeeper/store/store.py",
        "return files_identity(self._copy_files(session_id)) == opened.found.seen",
        "return True",
        ("tests/ui/test_table_sync.py",),
    ),
    Mutant(
        "refresh: a look for arrivals in a worker goes on while a change is half saved",
        "scorekeeper/store/reader.py",
        "        if not self._guard.acquire(blocking=False):\n            return self.generation\n",
        "        if not self._guard.acquire(blocking=False):\n            pass  # looks anyway\n",
        ("tests/store/test_logs.py",),
    ),
    Mutant(
        "a change is saved without the guard, a worker's look forgets it mid-save",
        "scorekeeper/store/store.py",
        "        with self._guard:\n            self.ensure_writable()\n",
        "        with contextlib.nullcontext():\n            self.ensure_writable()\n",
        ("tests/store/test_logs.py",),
    ),
    Mutant(
        "index: this laptop's own save is called an arrival where the list was not read",
        "scorekeeper/store/index.py",
        "if before_keys.get(sid) != key and written.get(sid) != key",
        "if before_keys.get(sid) != key",
        ("tests/store/test_logs.py",),
    ),
    Mutant(
        "log: the id of a newer scorekeeper's event, refused here, is made again",
        "scorekeeper/store/log.py",
        "self.count = max([self.count, *_numbered(self._table.all(), self.laptop)])",
        "self.count = max([self.count])",
        ("tests/store/test_store_faults.py",),
    ),
    Mutant(
        "events: an event in a laptop's log under another laptop's id is trusted",
        "scorekeeper/store/events.py",
        "    elif owner != ANY and found.group(1) != owner:",
        "    elif False:",
        ("tests/store/test_forged_events.py",),
    ),
    Mutant(
        "board: an Origin that merely starts like the board's own is taken",
        "screens/board/guards.py",
        'return origin == f"{request.scheme}://{request.host}"',
        'return origin.startswith(f"{request.scheme}://{request.host}")',
        BOARD_GUARDS,
    ),
    Mutant(
        "board: a write to a page that stops reading is not bounded in time",
        "screens/board/server.py",
        "await asyncio.wait_for(socket.send_str(text), self.timing.write)",
        "await socket.send_str(text)",
        BOARD_GUARDS,
    ),
    Mutant(
        "board: a change does not wake the pages (they see it at the next heartbeat)",
        "screens/board/server.py",
        "viewer.wake.set()\n                await asyncio.to_thread(self.board.keep)",
        "pass\n                await asyncio.to_thread(self.board.keep)",
        BOARD_GUARDS,
    ),
    Mutant(
        "board: a page gone silent is dropped at the heartbeat after, not on time",
        "screens/board/server.py",
        "until = min(next_beat, viewer.heard + timing.silent)",
        "until = next_beat",
        BOARD_GUARDS,
    ),
    Mutant(
        "board: a page replaced while a message is on its way to it is not told so",
        "screens/board/server.py",
        "        while True:\n            if self.board.version == version:",
        "        while not viewer.gone:\n            if self.board.version == version:",
        BOARD_GUARDS,
    ),
    Mutant(
        "board: a heartbeat answered with its number alone counts",
        "screens/board/viewer.py",
        "        if words not in self.asked:\n",
        '        if words.partition(".")[0] not in [w.partition(".")[0] for w in self.asked]:\n',
        BOARD_GUARDS,
    ),
    Mutant(
        "board: one address may take every connection",
        "screens/board/guards.py",
        "        if self.held[address] >= self.share:\n",
        "        if False:\n",
        BOARD_GUARDS,
    ),
    Mutant(
        "board: the corrections are not kept for a restart",
        "screens/board/state.py",
        "            keep(self.follower.path, self.unkept)\n",
        "            pass\n",
        ("tests/ui/test_board_state.py",),
    ),
    Mutant(
        "entries fold: a change typed on top of another does not stand over it",
        "scorekeeper/store/fold.py",
        "        seen = {parent for change in changes for parent in change.after}\n",
        "        seen: set[str] = set()\n",
        ("tests/store/test_fold.py",),
    ),
    Mutant(
        "entries fold: the first change met stands, not the later",
        "scorekeeper/store/fold.py",
        "        values[key] = tops[-1]\n",
        "        values[key] = tops[0]\n",
        ("tests/store/test_fold.py",),
    ),
    Mutant(
        "entries fold: one id held twice keeps whichever came first",
        "scorekeeper/store/fold.py",
        "                if event.encoded() < held.encoded():\n",
        "                if False:\n",
        ("tests/store/test_fold.py", "tests/store/test_log.py"),
    ),
    Mutant(
        "a log from elsewhere: an event naming another laptop is taken",
        "scorekeeper/store/events.py",
        "    elif owner != ANY and found.group(1) != owner:\n",
        "    elif False:\n",
        ("tests/store/test_log.py", "tests/sync/test_entries_merged.py"),
    ),
    Mutant(
        "a new night made on two laptops apart is one night",
        "scorekeeper/reports/night_names.py",
        "        numbers.add(table)\n",
        "        table = 2\n",
        ("tests/sync/test_entries_merged.py",),
    ),
    Mutant(
        "import: another stake under the same id taken for the session here",
        "scorekeeper/reports/import_match.py",
        '_TABLE = ("game", "players", "dealer", "options")',
        '_TABLE = ("game", "players", "dealer")',
        ("tests/reports/test_import_identity.py",),
    ),
    Mutant(
        "import: the seats in another order taken for the session here",
        "scorekeeper/reports/import_match.py",
        '_TABLE = ("game", "players", "dealer", "options")',
        '_TABLE = ("game", "dealer", "options")',
        ("tests/reports/test_import_identity.py",),
    ),
    Mutant(
        "screens: a choice cannot be drawn",
        "screens/widgets/choice.py",
        '        option = self.get_visual_style("choice--option", partial=True)\n',
        '        raise RuntimeError("a choice cannot be drawn")\n',
        ("tests/ui/test_smoke.py", "tests/ui/test_new_session.py"),
    ),
    Mutant(
        "screens: the settle-up shows a gain without its plus",
        "screens/settle.py",
        "money = {name: amount(value, unit, signed=True)",
        "money = {name: amount(value, unit)",
        ("tests/ui/test_ending.py", "tests/ui/test_signed_gains.py"),
    ),
    # The round entry and the New session form: type-over, field order, refused keys.
    Mutant(
        "entry: moving after End or Backspace no longer counts as typing (160 gives 5)",
        "screens/widgets/text_input.py",
        "        if event.is_printable or event.key in EDITING:\n",
        "        if event.is_printable:\n",
        ENTRY_TYPING,
    ),
    Mutant(
        "entry: back in a field typed in, the cursor is where it was left, not at the end",
        "screens/widgets/text_input.py",
        "        self.cursor_position = len(self.value)\n",
        "",
        ENTRY_TYPING,
    ),
    Mutant(
        "entry: ↓ at the last field goes round to the first (a horse typed into the course)",
        "screens/rounds/base.py",
        "moved = await move(self, step, arrow, wrap=False)",
        "moved = await move(self, step, arrow, wrap=arrow)",
        CALCUTTA_ENTRY,
    ),
    Mutant(
        "entry: an unsold horse's price is no stop (the keys of a race change)",
        "screens/rounds/calcutta.py",
        "            price_field.restrict = NO_PRICE if unsold else PRICE_TYPED\n",
        "            price_field.disabled = unsold\n",
        CALCUTTA_ENTRY,
    ),
    Mutant(
        "entry: the course holds any key typed (1312s)",
        "screens/rounds/horse_race.py",
        "        restrict=COURSE_TYPED,\n",
        "",
        CALCUTTA_ENTRY,
    ),
    Mutant(
        "entry: a key a text field refuses rings the bell without a word",
        "screens/widgets/text_input.py",
        "            self.post_message(Refused(self, self.refusal))\n",
        "            pass\n",
        CALCUTTA_ENTRY,
    ),
    Mutant(
        "entry: a refused key's word stays at its row after the focus has left it",
        "screens/rounds/base.py",
        "            self.refused_at.clear_error()\n",
        "",
        CALCUTTA_ENTRY,
    ),
    Mutant(
        "entry: Enter with the course empty goes to the first pick instead",
        "screens/rounds/calcutta.py",
        "        check_course(course or {}, COURSE)\n",
        "",
        CALCUTTA_ENTRY,
    ),
    Mutant(
        "entry: a digit at a pick without numbers rings the bell without a word",
        "screens/widgets/choice.py",
        "            self.post_message(Refused(self, self.refusal(event.character)))\n",
        "",
        ("tests/ui/test_entry_stops.py",),
    ),
    Mutant(
        "entry: 5000 with a false claim opens at the false claim, not the wild rank",
        "screens/rounds/rummy_5000/entry.py",
        '        return self.row("wild")\n',
        "        return super().first_row()\n",
        ("tests/ui/test_entry_rummy_5000.py",),
    ),
    Mutant(
        "entry: the score pad opens at One winner, not the first score",
        "screens/rounds/score_pad.py",
        "        return self.row(self.score_path(self.players[0]))\n",
        "        return super().first_row()\n",
        ("tests/ui/test_entry_score_pad.py",),
    ),
    Mutant(
        "new session: Ctrl+U clears only what is left of the cursor",
        "screens/widgets/text_input.py",
        '} | {"ctrl+u": "empty"}\n',
        "}\n",
        NEW_SESSION,
    ),
    Mutant(
        "new session: a refused name comes back unselected, the fix typed in front of it",
        "screens/new_session/players.py",
        '            self.query_one("#name", NameInput).fill(typed)\n',
        '            self.query_one("#name", NameInput).value = typed\n',
        NEW_SESSION,
    ),
    Mutant(
        "new session: Esc leaves what was typed without asking",
        "screens/new_session/screen.py",
        "        if not self.typed_here():\n",
        "        if True:\n",
        NEW_SESSION,
    ),
    Mutant(
        "grid: a column too wide for the view takes its edge from one left of it",
        "screens/widgets/grid.py",
        "        right = max((end for end in ends if left < end <= room), default=room)\n",
        "        right = max((end for end in ends if end <= room), default=room)\n",
        ("tests/ui/test_scoresheet.py",),
    ),
    Mutant(
        "table: columns that take the room to the cell go tight",
        "screens/scoresheet.py",
        "        if spare < 0:\n",
        "        if spare <= 0:\n",
        ("tests/ui/test_full_table.py",),
    ),
    Mutant(
        "table: a tight way of writing the figures that fits to the cell is turned down",
        "screens/scoresheet.py",
        "                    if used > room:\n",
        "                    if used >= room:\n",
        ("tests/ui/test_full_table.py",),
    ),
)


def tree(rev: str | None) -> Path:
    """A copy of the project's files (those git would not ignore): the working tree's, or
    a commit's."""
    copy = Path(tempfile.mkdtemp(prefix="scorekeeper-mutants-"))
    if rev is None:
        names = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.split(b"\0")
        for name in filter(None, names):
            source = ROOT / os.fsdecode(name)
            if source.is_file():
                target = copy / os.fsdecode(name)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read_bytes())
        return copy
    archive = subprocess.run(
        ["git", "archive", "--format=tar", rev], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(copy, filter="data")
    return copy


def pytest(copy: Path, tests: list[str]) -> tuple[int | None, float, list[str]]:
    """The tests run on ``copy``, stopping at the first failure: the exit code (None if
    they hung), how long they took, and what they printed."""
    env = {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-n", "0", "-p", "no:cacheprovider"]
    start = time.monotonic()
    try:
        done = subprocess.run(
            [*command, *tests], cwd=copy, env=env, capture_output=True, timeout=HANG
        )
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start, []
    said = done.stdout.decode(errors="replace") + done.stderr.decode(errors="replace")
    return done.returncode, time.monotonic() - start, said.splitlines()


def first_failure(lines: list[str]) -> str:
    said = [line for line in lines if line.startswith(("FAILED", "ERROR"))] or lines[-1:]
    return said[0].split(" - ")[0].split("::")[-1] if said else ""


def run(copy: Path, mutant: Mutant, green: dict[tuple[str, ...], str]) -> tuple[str, float, str]:
    """What the tests said of the mutant (caught, survived, hung, not applied, or red
    already without it), in how long, and the test that caught it."""
    file = copy / mutant.path
    original = file.read_text()
    if original.count(mutant.before) != 1:
        return "not applied", 0.0, ""
    tests = tuple(name for name in mutant.tests if (copy / name).exists())
    if tests not in green:
        code, _, lines = pytest(copy, list(tests))
        green[tests] = "" if code == 0 else first_failure(lines) or f"exit {code}"
    if green[tests]:
        return "red as is", 0.0, green[tests]
    file.write_text(original.replace(mutant.before, mutant.after))
    try:
        code, took, lines = pytest(copy, list(tests))
    finally:
        file.write_text(original)
    verdict = {None: "HUNG", 0: "SURVIVED", 1: "caught"}.get(code, f"error {code}")
    return verdict, took, first_failure(lines) if code == 1 else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", help="a commit whose tree to mutate (default: the working tree)")
    parser.add_argument("--only", nargs="*", default=[], help="mutants whose name holds these")
    arguments = parser.parse_args()
    chosen = [m for m in MUTANTS if not arguments.only or any(w in m.name for w in arguments.only)]
    copy = tree(arguments.rev)
    print(f"{'mutant':<72} {'verdict':<11} {'s':>5}  caught by")
    caught = 0
    green: dict[tuple[str, ...], str] = {}
    for mutant in chosen:
        verdict, took, by = run(copy, mutant, green)
        caught += verdict == "caught"
        print(f"{mutant.name:<72} {verdict:<11} {took:5.1f}  {by[:60]}", flush=True)
    print(f"caught {caught}/{len(chosen)}")
    subprocess.run(["rm", "-rf", str(copy)], check=False)


if __name__ == "__main__":
    main()

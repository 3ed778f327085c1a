"""The README's test command as CI meets it: a fresh clone of this checkout's last commit,
the install and the whole suite, timed apart, with the CPU each took and the files of
tests that took the most of it.

The suite's time is the cores' work divided among them: on two cores, every second of
CPU the tests use is half a second of the run. The figure to watch is the CPU; the wall
time follows it.

Run: .venv/bin/python tests/bench/bench_suite.py [--keep] [--top N] [--rev COMMIT]
``--rev`` clones an earlier commit instead, to set a change against what came before it
(run both in one sitting: this machine's speed drifts from one hour to the next).

With ``--against COMMIT --pairs N`` it runs ``--rev`` (this checkout's last commit unless
given) and COMMIT N times each, in ABBA order (each pair's two runs back to back, the one
that goes first taking turns), and prints each pair's ratio of the tests' wall and CPU
time, and of the whole command's wall time (the install too, as a person waits for
it), and their medians: on a machine whose speed moves 30% within the hour, one pair
can say 0.96x and the next 1.33x. Then the ``--top`` test files whose CPU grew the most
from COMMIT (a run's mean): where the difference lies, as the drift moves both alike.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = """
import os, resource, pytest
_out = None

def _cpu():
    own = resource.getrusage(resource.RUSAGE_SELF)
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + reaped.ru_utime + reaped.ru_stime

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    global _out
    if _out is None:
        _out = open(os.path.join(os.environ["SUITE_CPU"], f"{os.getpid()}.tsv"), "a")
    before = _cpu()
    yield
    _out.write(f"{_cpu() - before:.3f}\\t{item.nodeid}\\n")
    _out.flush()
"""


def readme_command(checkout: Path) -> tuple[str, str]:
    """The README's test command, split where the install ends and pytest starts."""
    for line in (checkout / "README.md").read_text(encoding="utf-8").splitlines():
        if "-m pytest" in line and "pip install" in line:
            install, _, test = line.strip().rpartition(" && ")
            return install, test
    raise SystemExit("README.md: no line installs and runs the tests")


def timed(
    command: str, cwd: Path, env: dict[str, str], *, may_fail: bool = False
) -> tuple[float, float, str]:
    """Wall and CPU seconds of ``command`` (with every process it started), its output.
    A command that fails stops the bench, unless ``may_fail`` (the tests: a run with a
    failure still took its time, which is printed with the failures named)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if done.returncode and not (may_fail and re.search(r"\d+ passed", done.stdout)):
        sys.exit(f"{command!r} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return wall, cpu, done.stdout


@dataclass(frozen=True)
class Run:
    """One fresh clone's install and tests."""

    commit: str
    install: str
    install_wall: float
    install_cpu: float
    test_wall: float
    test_cpu: float
    passed: str
    failed: list[str]
    by_file: dict[str, float]


def run(rev: str, keep: bool) -> Run:
    """The README's test command on a fresh clone of ``rev``, with each test's CPU."""
    work = Path(tempfile.mkdtemp(prefix="suite-"))
    clone = work / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", rev], check=True)
    install, test = readme_command(clone)
    (work / "plugin").mkdir()
    (work / "plugin" / "suite_cpu.py").write_text(PLUGIN, encoding="utf-8")
    (work / "cpu").mkdir()
    env = {**os.environ, "SUITE_CPU": str(work / "cpu"), "PYTHONPATH": str(work / "plugin")}
    install_wall, install_cpu, _ = timed(install, clone, env)
    test_wall, test_cpu, output = timed(f"{test} -p suite_cpu", clone, env, may_fail=True)
    by_file: dict[str, float] = {}
    for part in (work / "cpu").glob("*.tsv"):
        for line in part.read_text(encoding="utf-8").splitlines():
            used, node = line.split("\t")
            name = node.split("::")[0]
            by_file[name] = by_file.get(name, 0.0) + float(used)
    summary = re.findall(r"(?:\d+ failed, )?\d+ passed.*", output)
    head = ["git", "rev-parse", "--short", "HEAD"]
    commit = subprocess.check_output(head, cwd=clone, text=True).strip()
    print(f"clone of {commit} in {work}")
    failed = re.findall(r"^(?:FAILED|ERROR) .*", output, re.MULTILINE)
    if failed:
        # A failure under load may not come again: what pytest said is kept to read.
        said = Path(tempfile.mkstemp(prefix=f"suite-{commit}-", suffix=".txt")[1])
        said.write_text(output, encoding="utf-8")
        failed.append(f"(pytest's output: {said})")
    if not keep:
        subprocess.run(["rm", "-rf", str(work)], check=True)
    passed = summary[-1] if summary else ""
    return Run(
        commit, install, install_wall, install_cpu, test_wall, test_cpu, passed, failed, by_file
    )


def report(done: Run, top: int) -> None:
    install = shlex.quote(done.install)
    print(f"install  {done.install_wall:6.1f} s wall {done.install_cpu:6.1f} s CPU  {install}")
    print(f"tests    {done.test_wall:6.1f} s wall {done.test_cpu:6.1f} s CPU  {done.passed}")
    for line in done.failed:
        print(f"  {line}")
    print(f"together {whole(done):6.1f} s wall on {os.cpu_count()} cores")
    by_file = done.by_file
    print(f"tests' own CPU {sum(by_file.values()):.1f} s; the files that took most:")
    for name in sorted(by_file, key=by_file.__getitem__, reverse=True)[:top]:
        print(f"  {by_file[name]:6.1f} s  {name}")


def whole(done: Run) -> float:
    """The README's command as a person waits for it: the install, then the tests."""
    return done.install_wall + done.test_wall


def pairs(rev: str, against: str, count: int, keep: bool) -> list[tuple[Run, Run]]:
    """``count`` pairs of runs, ``rev``'s and ``against``'s, in ABBA order."""
    done: list[tuple[Run, Run]] = []
    for number in range(count):
        if number % 2 == 0:
            this = run(rev, keep)
            that = run(against, keep)
        else:
            that = run(against, keep)
            this = run(rev, keep)
        print(
            f"pair {number + 1}: tests {this.test_wall:.1f} s against {that.test_wall:.1f} s "
            f"wall ({this.test_wall / that.test_wall:.3f}x), {this.test_cpu:.1f} s against "
            f"{that.test_cpu:.1f} s CPU ({this.test_cpu / that.test_cpu:.3f}x); the whole "
            f"command, install and tests, {whole(this):.1f} s against {whole(that):.1f} s "
            f"({whole(this) / whole(that):.3f}x)",
            flush=True,
        )
        for line in this.failed + that.failed:
            print(f"  {line}")
        done.append((this, that))
    return done


def grown(done: list[tuple[Run, Run]], top: int) -> None:
    """The test files whose CPU grew the most from the other commit, a run's mean."""
    this: Counter[str] = Counter()
    that: Counter[str] = Counter()
    for ours, theirs in done:
        this.update(ours.by_file)
        that.update(theirs.by_file)
    runs = len(done)
    print(f"tests' own CPU {this.total() / runs:.1f} s against {that.total() / runs:.1f} s;")
    print("the files whose CPU grew most (a run's mean):")
    for name in sorted(this | that, key=lambda name: that[name] - this[name])[:top]:
        print(
            f"  {(this[name] - that[name]) / runs:+6.1f} s  {this[name] / runs:6.1f} against "
            f"{that[name] / runs:6.1f}  {name}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="leave the clone in place")
    parser.add_argument("--top", type=int, default=15, help="test files listed by CPU")
    parser.add_argument("--rev", default="HEAD", help="the commit to clone (before a change)")
    parser.add_argument("--against", help="a commit to set --rev against, in pairs")
    parser.add_argument("--pairs", type=int, default=2, help="pairs of runs (with --against)")
    args = parser.parse_args()
    if args.against:
        done = pairs(args.rev, args.against, args.pairs, args.keep)
        walls = [this.test_wall / that.test_wall for this, that in done]
        cpus = [this.test_cpu / that.test_cpu for this, that in done]
        wholes = [whole(this) / whole(that) for this, that in done]
        print(
            f"{done[0][0].commit} against {done[0][1].commit}, {len(done)} pairs: median "
            f"{statistics.median(walls):.3f}x the tests' wall time, "
            f"{statistics.median(cpus):.3f}x their CPU, "
            f"{statistics.median(wholes):.3f}x the whole command's wall time"
        )
        grown(done, args.top)
        failed = [line for pair in done for each in pair for line in each.failed]
    else:
        done_once = run(args.rev, args.keep)
        report(done_once, args.top)
        failed = done_once.failed
    if failed:
        sys.exit(f"{len(failed)} failed: the figures above are of a run that did not pass")


if __name__ == "__main__":
    main()

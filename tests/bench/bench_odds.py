"""How long the exact odds take: every course that stands, 7-card and 6-card.

Run: .venv/bin/python -m tests.bench.bench_odds
"""

from __future__ import annotations

import itertools
import time

from scorekeeper.games.racing.odds import finish_chances


def main() -> None:
    for length in (7, 6):
        courses = [
            dict(zip("SHDC", counts, strict=True))
            for counts in itertools.product(range(5 if length == 7 else 7), repeat=4)
            if sum(counts) == length
        ]
        took = []
        for course in courses:
            started = time.perf_counter()
            finish_chances(course, length)
            took.append((time.perf_counter() - started) * 1000)
        mean = sum(took) / len(took)
        print(f"{length}-card: {len(courses)} courses, {mean:.2f} ms mean, {max(took):.2f} ms max")


if __name__ == "__main__":
    main()

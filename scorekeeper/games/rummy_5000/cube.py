"""The doubling cube of 2-player 5000 Rummy: the talk of doubles, beavers and a fold, the
stake a hand was decided at, and the game points it moves (gammons included).

The round's fields are listed in ``stakes``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.checks import Round, as_bool, as_int, as_player, check_amount
from scorekeeper.errors import RuleError
from scorekeeper.games.rummy_5000.stakes import other

GAMMON = 250
BACKGAMMON = 500


def gammon_multiplier(margin: int) -> int:
    """A loss by 250-495 is a gammon (x2), by 500 or more a backgammon (x3)."""
    if margin >= BACKGAMMON:
        return 3
    return 2 if margin >= GAMMON else 1


def _check_double(
    players: Sequence[str], doubles: Sequence[str], beavers: Collection[int], index: int
) -> None:
    """Whether double ``index`` could be made after the ones before it.

    Nobody doubles twice in a row, except that a beaver (the doubled player's immediate
    redouble) makes the beaverer the one allowed to double next; so a beaver may not
    itself be beavered, and the first doubler waits for the beaverer's next double.
    """
    name, field = doubles[index], f"doubles[{index}]"
    if index == 0:
        if index in beavers:
            raise RuleError("beavers", "the first double cannot be a beaver: nothing to beaver")
        return
    before = doubles[index - 1]
    if index - 1 in beavers:
        if index in beavers:
            raise RuleError(
                field,
                f"{before}'s beaver may not be beavered: {other(players, before)} accepts or folds",
            )
        if name != before:
            raise RuleError(field, f"after {before}'s beaver, {before} doubles next, not {name}")
        return
    if name != before:
        return
    if index in beavers:
        raise RuleError(field, f"{name} cannot beaver {name}'s own double")
    raise RuleError(
        field,
        f"{name} cannot double twice in a row: the next double (or a beaver) "
        f"is {other(players, name)}'s",
    )


def next_doubler(
    players: Sequence[str], doubles: Sequence[str], beavers: Collection[int]
) -> str | None:
    """Who may double next once the last double is taken: the other player, or after a
    beaver the beaverer; None (either) before the first double."""
    if not doubles:
        return None
    last = doubles[-1]
    return last if len(doubles) - 1 in beavers else other(players, last)


def _beavers(value: object, doubles: Sequence[str]) -> tuple[int, ...]:
    """The places in ``doubles`` that were beavers, each a double that was logged."""
    if not isinstance(value, list):
        raise RuleError("beavers", f"must be the list of which doubles were beavers, not {value!r}")
    places: list[int] = []
    for index, given in enumerate(value):
        field = f"beavers[{index}]"
        place = as_int(given, field, 0)
        if place >= len(doubles):
            raise RuleError(field, f"there is no double {place}: {len(doubles)} logged, from 0")
        if place in places:
            raise RuleError(field, f"double {place} is listed as a beaver twice")
        places.append(place)
    return tuple(sorted(places))


@dataclass(frozen=True)
class Cube:
    """The cube after what was said so far in a hand.

    ``doubles`` names who doubled, in order; ``pending`` made the last double and awaits
    the other's answer; ``folded`` refused one, which ends the hand.
    """

    face: int
    doubles: tuple[str, ...] = ()
    pending: str | None = None
    folded: str | None = None
    beavers: tuple[int, ...] = ()


def cube_after(said: Sequence[tuple[str, str]], players: Sequence[str], automatic: bool) -> Cube:
    """The cube after a hand's talk: ``("double", "Ann"), ("accept", "Bob")``...

    It starts at 1 (2 after the automatic double) and turns to the next face when a double
    is taken: accepted, or beavered (taken and doubled back at once, so the beaver is now
    the double awaiting an answer). A fold refuses the double, leaving the face as it stood.
    Refuses talk out of turn: an answer with no double to answer, or from the doubler, a
    double while one awaits its answer, anything after a fold, a double twice in a row,
    a beaver of a beaver, a double by the first doubler before the beaverer's.
    """
    face = 2 if automatic else 1
    doubles: list[str] = []
    beavers: list[int] = []
    pending: str | None = None
    folded: str | None = None
    for what, who in said:
        as_player(who, "doubles", players)
        if folded is not None:
            raise RuleError("doubles", f"{folded} folded: the hand is over")
        if what == "double":
            doubles.append(who)
            _check_double(players, doubles, beavers, len(doubles) - 1)
            if pending is not None:
                raise RuleError("doubles", f"{who} must answer {pending}'s double first")
            pending = who
            continue
        if what not in ("accept", "beaver", "fold"):
            raise RuleError("doubles", f"{what!r} is not said: double, accept, beaver or fold")
        if pending is None:
            raise RuleError("doubles", f"nobody has doubled, so {who} has nothing to {what}")
        if who == pending:
            raise RuleError("doubles", f"{who} doubled: only {other(players, who)} answers it")
        if what == "fold":
            folded, pending = who, None
            continue
        if what == "beaver":
            doubles.append(who)
            beavers.append(len(doubles) - 1)
            _check_double(players, doubles, beavers, len(doubles) - 1)
        face *= 2
        pending = who if what == "beaver" else None
    return Cube(face, tuple(doubles), pending, folded, tuple(beavers))


def cube_in_play(
    round_: Round, players: Sequence[str], folded: str | None, first_hand: bool
) -> int:
    """The stake the hand was decided at, checked against the log of doubles.

    It starts at 1 (2 after an automatic double, first hand only) and each accepted double
    doubles it; a fold refuses the last double, so that one does not count.
    """
    automatic = as_bool(round_.get("automatic_double", False), "automatic_double")
    if automatic and not first_hand:
        raise RuleError(
            "automatic_double",
            "the automatic double comes from the cut for the first deal: once per game, "
            "on the first hand only",
        )
    doubles = round_.get("doubles", [])
    if not isinstance(doubles, list):
        raise RuleError("doubles", f"must be the list of who doubled, in order, not {doubles!r}")
    for index, name in enumerate(doubles):
        as_player(name, f"doubles[{index}]", players)
    beavers = _beavers(round_.get("beavers", []), doubles)
    for index in range(len(doubles)):
        _check_double(players, doubles, beavers, index)
    if folded is not None:
        if not doubles:
            raise RuleError(
                "folded", f"{folded} can fold only when doubled: log the double they refused"
            )
        if doubles[-1] == folded:
            raise RuleError(
                "folded",
                f"{folded} made the last double; only {other(players, folded)} could refuse it",
            )
    accepted = len(doubles) - (1 if folded else 0)
    stake = check_amount(
        (2 if automatic else 1) << accepted, "doubles", "the doubles logged put the cube at"
    )  # x2 for each accepted double
    if "stake" not in round_:
        raise RuleError("stake", f"is missing: the cube stood at {stake}")
    given = as_int(round_["stake"], "stake", 1)
    if given != stake:
        raise RuleError(
            "stake",
            f"the doubles logged put the cube at {stake}, not {given} "
            "(1 to start, 2 after an automatic double, x2 for each accepted double)",
        )
    return given


def cube_swing(
    players: Sequence[str], stake: int, folded: str | None, scores: Mapping[str, int] | None
) -> dict[str, int]:
    """Game points the hand moves: the folder loses the stake; else the lower score loses it,
    x2 for a gammon and x3 for a backgammon; equal scores move nothing."""
    if folded is not None:
        return {folded: -stake, other(players, folded): stake}
    assert scores is not None
    first, second = players
    margin = scores[first] - scores[second]
    if margin == 0:
        return {first: 0, second: 0}
    points = stake * gammon_multiplier(abs(margin))
    winner, loser = (first, second) if margin > 0 else (second, first)
    return {winner: points, loser: -points}

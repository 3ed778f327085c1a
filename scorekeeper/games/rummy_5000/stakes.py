"""What a 5000 Rummy hand is worth between two players: the doubling cube or the poker pot.

Kept out of ``scorekeeper/games/`` so it is not taken for a game of its own. Both
variations turn a hand into game points that one player wins from the other; the hand
scores themselves are counted as in the standard game.

Round fields, besides the hand's own:

- doubling: ``"stake"`` (the cube when the hand ended), ``"doubles"`` (who doubled, in
  order; a beaver is the doubled player's immediate double), ``"beavers"`` (the places in
  ``doubles``, from 0, that were beavers; missing means none), ``"folded"`` (name or
  null) and ``"automatic_double"`` (true only on the first hand, when the cut for deal
  tied).
- limit_poker: ``"pot"`` (chips each player put in, ante included), ``"raises"`` (how
  many times each raised; missing means none) and either ``"folded"`` (name or null: who
  folded during the betting) or ``"gave_up"`` (who gave up after the betting, while the
  hand was played: the pot as it stood is lost, as to a fold).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.checks import as_bool, as_int, as_player, check_amount, player_map
from scorekeeper.errors import RuleError

DOUBLING_FIELDS = ("stake", "doubles", "beavers", "folded", "automatic_double")
POKER_FIELDS = ("pot", "raises", "folded", "gave_up")
GAMMON = 250
BACKGAMMON = 500
ANTE = 1
BET_LIMIT = 10
RAISES_EACH = 2


def gammon_multiplier(margin: int) -> int:
    """A loss by 250-495 is a gammon (x2), by 500 or more a backgammon (x3)."""
    if margin >= BACKGAMMON:
        return 3
    return 2 if margin >= GAMMON else 1


def _other(players: Sequence[str], name: str) -> str:
    return players[1] if name == players[0] else players[0]


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
                f"{before}'s beaver may not be beavered: "
                f"{_other(players, before)} accepts or folds",
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
        f"is {_other(players, name)}'s",
    )


def next_doubler(
    players: Sequence[str], doubles: Sequence[str], beavers: Collection[int]
) -> str | None:
    """Who may double next once the last double is taken: the other player, or after a
    beaver the beaverer; None (either) before the first double."""
    if not doubles:
        return None
    last = doubles[-1]
    return last if len(doubles) - 1 in beavers else _other(players, last)


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
            raise RuleError("doubles", f"{who} doubled: only {_other(players, who)} answers it")
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
    round_: Mapping[str, Any], players: Sequence[str], folded: str | None, first_hand: bool
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
                f"{folded} made the last double; only {_other(players, folded)} could refuse it",
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
        return {folded: -stake, _other(players, folded): stake}
    assert scores is not None
    first, second = players
    margin = scores[first] - scores[second]
    if margin == 0:
        return {first: 0, second: 0}
    points = stake * gammon_multiplier(abs(margin))
    winner, loser = (first, second) if margin > 0 else (second, first)
    return {winner: points, loser: -points}


def check_bet(who: str, chips: int) -> int:
    """One bet or raise, as it is made: 1-10 chips."""
    if not 1 <= chips <= BET_LIMIT:
        raise RuleError("pot", f"{who} bets {chips}: a bet or raise is 1-{BET_LIMIT} chips")
    return chips


def chips_in_pot(
    round_: Mapping[str, Any],
    players: Sequence[str],
    folded: str | None,
    gave_up: str | None = None,
) -> dict[str, int]:
    """Each player's chips in the pot, refused if no betting round within the limits makes it.

    After the antes there is one bet and then raises, each 1-10 chips, taking turns, at
    most two raises each. Unless someone folded facing a bet or raise, both put in the same;
    a player gives up only after the betting is over, so with the same chips in.
    """
    if "pot" not in round_:
        raise RuleError("pot", "is missing: give the chips each player put in, ante included")
    given = player_map(round_["pot"], "pot", players)
    raised = player_map(round_.get("raises", {}), "raises", players)
    chips: dict[str, int] = {}
    raises: dict[str, int] = {}
    for name in players:
        if name not in given:
            raise RuleError(f"pot.{name}", f"{name} is missing: everyone antes {ANTE} chip")
        chips[name] = as_int(given[name], f"pot.{name}", ANTE)
        raises[name] = as_int(raised.get(name, 0), f"raises.{name}", 0)
        if raises[name] > RAISES_EACH:
            raise RuleError(
                f"raises.{name}",
                f"{name} raised {raises[name]} times: at most {RAISES_EACH} raises each",
            )
    if gave_up is not None and len(set(chips.values())) > 1:
        low, high = sorted(players, key=lambda name: chips[name])
        raise RuleError(
            "gave_up",
            f"{low} put in {chips[low]} chips and {high} {chips[high]}: the betting was not "
            f"over, so {gave_up} could not give up yet (a player facing a bet folds)",
        )
    _check_betting(players, {name: chips[name] - ANTE for name in players}, raises, folded)
    return chips


def _check_betting(
    players: Sequence[str], bets: Mapping[str, int], raises: Mapping[str, int], folded: str | None
) -> None:
    """``bets`` are the chips beyond the ante; bet and raises alternate between the two."""
    low, high = sorted(players, key=lambda name: bets[name])
    steps = 1 + raises[low] + raises[high]
    if bets[low] == bets[high]:
        if bets[low] == 0:
            if steps > 1:
                raise RuleError("raises", "nobody bet beyond the ante, so nobody raised")
            return
        if abs(raises[low] - raises[high]) > 1:
            raise RuleError(
                "raises", "raises take turns, so one player cannot raise twice more than the other"
            )
        _check_size(bets[low], steps, "pot")
        return
    if folded != low:
        raise RuleError(
            f"pot.{low}",
            f"{low} put in {bets[low] + ANTE} chips and {high} {bets[high] + ANTE}: "
            f"the chips are equal unless {low} folded to {high}'s bet or raise",
        )
    last = bets[high] - bets[low]
    if last > BET_LIMIT:
        raise RuleError(
            f"pot.{high}", f"{high}'s last bet or raise was {last} chips: the limit is {BET_LIMIT}"
        )
    if raises[high] - raises[low] not in (0, 1):
        raise RuleError(
            "raises",
            f"{low} folded to {high}'s bet or raise, so {high} raised as often as {low} "
            "or once more",
        )
    _check_size(bets[low], steps - 1, f"pot.{low}")


def _check_size(chips: int, steps: int, field: str) -> None:
    """``steps`` bets and raises of 1-10 chips each add up to ``chips``."""
    if not steps <= chips <= BET_LIMIT * steps:
        raise RuleError(
            field,
            f"{steps} bet(s) and raise(s) of 1-{BET_LIMIT} chips come to {steps}-"
            f"{BET_LIMIT * steps} chips beyond the ante, not {chips}",
        )


@dataclass(frozen=True)
class Pot:
    """The pot after what was said so far in a hand.

    ``chips`` each put in (ante included) and ``raises`` each made; ``to_act`` is whose
    turn it is, None once the betting is over (both checked, a call, or a fold).
    ``gave_up`` names who gave up after the betting, while the hand was played.
    """

    chips: Mapping[str, int]
    raises: Mapping[str, int]
    to_act: str | None
    bet: bool = False
    folded: str | None = None
    gave_up: str | None = None

    @property
    def over(self) -> bool:
        return self.to_act is None

    @property
    def facing(self) -> bool:
        """Whether the player to act faces a bet or raise they have not answered."""
        return not self.over and len(set(self.chips.values())) > 1

    @property
    def total(self) -> int:
        return sum(self.chips.values())

    @property
    def lost_by(self) -> str | None:
        """Who lost the pot without playing the hand out: folded, or gave up."""
        return self.folded or self.gave_up


def pot_after(said: Sequence[tuple[str, str, int]], players: Sequence[str], dealer: str) -> Pot:
    """The pot after a hand's betting: ``("bet", "Bob", 3), ("raise", "Ann", 5)``...

    Both ante 1; the player left of the dealer acts first, then they take turns. The first
    chips in are the bet, later ones a raise (the call plus the chips said), each 1-10
    chips. A call ends the betting, as do a check behind a check and a fold. After the
    betting either player may give up (``("give up", "Ann", 0)``) and lose the pot. Refuses
    talk out of turn, betting past the limits (a third raise is refused as it is made) and
    a give-up before the betting is over.
    """
    chips = dict.fromkeys(players, ANTE)
    raises = dict.fromkeys(players, 0)
    to_act: str | None = _other(players, dealer)
    bet = False
    checks = 0
    folded = gave_up = None
    for what, who, size in said:
        as_player(who, "pot", players)
        if gave_up is not None:
            raise RuleError("pot", f"{gave_up} gave up: the hand is over")
        if what == "give up":
            if to_act is not None:
                raise RuleError(
                    "pot", f"{who} can give up only once the betting is over ({to_act} to act)"
                )
            if folded is not None:
                raise RuleError("pot", f"{folded} folded: the hand is over")
            gave_up = who
            continue
        if to_act is None:
            raise RuleError("pot", "the betting is over")
        if who != to_act:
            raise RuleError("pot", f"it is {to_act}'s turn to act, not {who}'s")
        facing = len(set(chips.values())) > 1
        top = max(chips.values())
        to_act = _other(players, who)
        if what == "bet" and bet:
            raise RuleError("pot", f"{_other(players, who)} has bet: {who} raises, not bets")
        if what == "raise" and not bet:
            raise RuleError("pot", f"nobody has bet yet: {who}'s chips would be the bet")
        if what in ("bet", "raise"):
            chips[who] = top + check_bet(who, size)
            if what == "raise":
                raises[who] += 1
            bet = True
        elif what == "call":
            if not facing:
                raise RuleError("pot", f"there is no bet for {who} to call: check, bet or fold")
            chips[who], to_act = top, None
        elif what == "check":
            if facing:
                raise RuleError("pot", f"{who} faces a bet: call, raise or fold")
            checks += 1
            if checks == len(players):
                to_act = None
        elif what == "fold":
            folded, to_act = who, None
        else:
            raise RuleError("pot", f"{what!r} is not said: check, bet, raise, call or fold")
    pot = Pot(chips, raises, to_act, bet, folded, gave_up)
    _check_endings(pot, players)
    return pot


def _check_endings(pot: Pot, players: Sequence[str]) -> None:
    """Let the game refuse the betting so far: as it stands once over, else both ways it
    can still end (the bet called, or folded to), so no later step can make it legal."""
    endings = [(pot.chips, pot.folded)]
    if pot.facing and pot.to_act is not None:
        top = max(pot.chips.values())
        endings = [({**pot.chips, pot.to_act: top}, None), (pot.chips, pot.to_act)]
    for chips, folded in endings:
        chips_in_pot({"pot": dict(chips), "raises": dict(pot.raises)}, players, folded)


def pot_swing(
    players: Sequence[str],
    chips: Mapping[str, int],
    folded: str | None,
    scores: Mapping[str, int] | None,
) -> dict[str, int]:
    """Chips the hand moves: a fold (or giving up) gives the pot to the other, else the
    higher score takes it; a tie splits it, which hands each their own chips back."""
    if folded is not None:
        return {folded: -chips[folded], _other(players, folded): chips[folded]}
    assert scores is not None
    first, second = players
    margin = scores[first] - scores[second]
    if margin == 0:
        return {first: 0, second: 0}
    winner, loser = (first, second) if margin > 0 else (second, first)
    return {winner: chips[loser], loser: -chips[loser]}

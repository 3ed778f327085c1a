"""The limit-poker pot of 2-player 5000 Rummy: antes, one betting round within the
limits, a fold or a give-up, and the chips the hand moves.

The round's fields are listed in ``stakes``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.checks import Round, as_int, as_player, player_map
from scorekeeper.errors import RuleError
from scorekeeper.games.rummy_5000.stakes import other

ANTE = 1
BET_LIMIT = 10
RAISES_EACH = 2


def check_bet(who: str, chips: int) -> int:
    """One bet or raise, as it is made: 1-10 chips."""
    if not 1 <= chips <= BET_LIMIT:
        raise RuleError("pot", f"{who} bets {chips}: a bet or raise is 1-{BET_LIMIT} chips")
    return chips


def chips_in_pot(
    round_: Round,
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
    to_act: str | None = other(players, dealer)
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
        to_act = other(players, who)
        if what == "bet" and bet:
            raise RuleError("pot", f"{other(players, who)} has bet: {who} raises, not bets")
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
        return {folded: -chips[folded], other(players, folded): chips[folded]}
    assert scores is not None
    first, second = players
    margin = scores[first] - scores[second]
    if margin == 0:
        return {first: 0, second: 0}
    winner, loser = (first, second) if margin > 0 else (second, first)
    return {winner: chips[loser], loser: -chips[loser]}

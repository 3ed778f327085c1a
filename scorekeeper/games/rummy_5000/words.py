"""5000 Rummy in the table's words: the panel beside the score grid, a hand as the
table tells it, its spreadsheet facts, the end of a two-hand game and the options.

``Rummy5000`` (in ``rules``) is this class with the rules added; nothing here decides a
hand, it only says what the rules decided.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from scorekeeper.checks import Round, accepted
from scorekeeper.game import NO_STAKE, Fact, Game, RoundFacts, Setup, State
from scorekeeper.games.rummy_5000.hands import (
    FALSE_CLAIM,
    FalseClaim,
    Played,
    hand_scores,
    read_hand,
)
from scorekeeper.games.rummy_5000.pot import ANTE, BET_LIMIT
from scorekeeper.games.rummy_5000.shapes import Info, Options
from scorekeeper.games.rummy_5000.stakes import GAME_POINT_OPTIONS, HANDS_PER_STAKES_GAME
from scorekeeper.money import MINUS, format_amount
from scorekeeper.wording import Items, plural

OPTION_WORDS = {
    "michigan": "Michigan",
    "money_cards": "money cards",
    "partners": "partners (Persian)",
    "play_to_win": "play to win",
    "must_go_out": "must go out",
    "doubling": "doubling cube",
    "limit_poker": "limit poker",
}
"""The variations as an export's options column names them, in this order."""
RANK_WORDS = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}
"""A wild rank as the table says it; the others are plurals of their number ("5s")."""
BONUS_WORDS = {
    "out": "",
    "first_turn": " on the first turn",
    "no_draw": " on the first turn without drawing",
}


VULGAR_FRACTIONS = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(1, 4): "¼",
    Fraction(1, 5): "⅕",
}


def _tally(setup: Setup, games: Mapping[str, int | Fraction]) -> Items:
    """``Ann ½, Bob ½, Cy 0``: games won, a shared one as the table writes it."""
    return Items(
        [
            f"{name} {VULGAR_FRACTIONS.get(Fraction(games[name]), str(games[name]))}"
            for name in setup.players
        ]
    )


def _point_fact(points: int | Fraction) -> Fact:
    """Game points for a spreadsheet: a number where whole (-8 is a number, not text),
    a shared game point as the table writes it (½)."""
    if isinstance(points, int):
        return points
    return VULGAR_FRACTIONS.get(points, str(points))


def _distance(total: int, target: int) -> str:
    return "reached" if total >= target else f"{target - total} to go"


def _signed(setup: Setup, points: Mapping[str, int | Fraction], lead: str = "") -> Items:
    """``Ann +2, Bob −2``, signed as money is; a split game point shows as ``+1/2``."""
    return Items(
        [
            f"{name} {'+' if points[name] > 0 else ''}{str(points[name]).replace('-', MINUS)}"
            for name in setup.players
        ],
        lead=lead,
    )


class Rummy5000Words(Game[Options, Info], abstract=True):
    """The hooks that say what 5000's rules decided."""

    def panel(self, setup: Setup, state: State) -> list[tuple[str, str]]:
        options, info = self.options_of(setup), self.info_of(state)
        lines = []
        if info["wild"] is not None:
            lines.append(("Wild last hand", info["wild"]))
        if options["doubling"] or options["limit_poker"]:
            lines += self._stakes_panel(setup, state)
        else:
            target = options["target"]
            lines.append(("Target", str(target)))
            if options["partners"]:
                lines += [
                    (side, f"{total} ({_distance(total, target)})")
                    for side, total in info["partnerships"].items()
                ]
            else:
                distances = [
                    f"{name} {_distance(state.totals[name], target)}" for name in setup.players
                ]
                lines.append(("To target", Items(distances)))
            stake = format_amount(options["stake"], self.unit)
            if options["play_to_win"] or options["must_go_out"]:
                lines.append(("Stake", f"{stake} from each non-winner for the game"))
            else:
                lines.append(("Stake", f"{stake} per point of difference"))
            if "game_points" in info and state.finished:
                lines.append(("Games won", _tally(setup, info["game_points"])))
        chosen = [
            name
            for name in ("michigan", "money_cards", "must_go_out", "play_to_win")
            if setup.options[name]
        ]
        if chosen:
            words = ", ".join(OPTION_WORDS[name] for name in chosen)
            lines.append(("Variations", words[0].upper() + words[1:]))
        if info.get("stopped"):
            lines.append(("Stopped", f"early, on the {plural(info['hands'], 'hand')} played"))
        return lines

    def _stakes_panel(self, setup: Setup, state: State) -> list[tuple[str, str]]:
        hands, stake = (
            self.info_of(state)["hands"],
            format_amount(self.options_of(setup)["stake"], self.unit),
        )
        hand = "game over" if state.finished else f"{hands + 1} of {HANDS_PER_STAKES_GAME}"
        lines = [("Hand", hand)]
        if self.options_of(setup)["doubling"]:
            start = "1 (2 after a tied cut for the first deal)" if hands == 0 else "1"
            lines += [
                ("Cube", f"starts at {start}; x2 for each accepted double"),
                ("Gammons", "losing by 250-495 pays x2, by 500 or more x3"),
                ("Game points", _signed(setup, self.info_of(state)["game_points"])),
                ("Stake", f"{stake} per game point"),
            ]
        else:
            lines += [
                ("Pot", f"ante {ANTE} chip each; bet and raise 1-{BET_LIMIT}, two raises each"),
                ("Chips won", _signed(setup, self.info_of(state)["game_points"])),
                ("Stake", f"{stake} per chip"),
            ]
        return lines

    def end_note(self, setup: Setup, state: State) -> str | None:
        """A two-hand game is won on the chips (or game points) it moved, not on the
        points beside them: the box that names the winner shows them."""
        options = self.options_of(setup)
        if not (options["doubling"] or options["limit_poker"]):
            return None
        what = "chips won" if options["limit_poker"] else "game points"
        return _signed(setup, self.info_of(state)["game_points"], f"Decided by the {what}:")

    def end_facts(self, setup: Setup, before: State, after: State) -> RoundFacts:
        """The end of a two-hand game says each player's chips or game points as it ended."""
        facts = super().end_facts(setup, before, after)
        if not (self.options_of(setup)["doubling"] or self.options_of(setup)["limit_poker"]):
            return facts
        points = self.info_of(after)["game_points"]
        players: dict[str, dict[str, Fact]] = {
            name: {"game points": _point_fact(points[name])} for name in setup.players
        }
        return RoundFacts(facts.table, players)

    def option_words(self, setup: Setup) -> list[str]:
        options = self.options_of(setup)
        words = [OPTION_WORDS[name] for name in OPTION_WORDS if setup.options[name]]
        stakes = options["doubling"] or options["limit_poker"]
        if not stakes:
            words.append(f"target {options['target']}")
        per = (
            "chip"
            if options["limit_poker"]
            else "game point"
            if any(setup.options[name] for name in GAME_POINT_OPTIONS)
            else "point"
        )
        stake = options["stake"]
        words.append(f"stake {format_amount(stake, self.unit)}/{per}" if stake else NO_STAKE)
        return words

    def round_facts(self, setup: Setup, before: State, round_: Round, after: State) -> RoundFacts:
        """The hand as counted: each player's melded and held points (and cards, where
        typed), money cards, the cube or the pot."""
        facts: dict[str, Fact] = {"hand": self.info_of(before)["hands"] + 1, **self.details(round_)}
        if "false_claim" in round_:
            facts["hand"] = self.info_of(before)["hands"]
            return RoundFacts(facts)
        played = accepted(round_, Played)
        if played.get("automatic_double"):
            facts["automatic double"] = "yes"
        players: dict[str, dict[str, Fact]] = {name: {} for name in setup.players}
        if played.get("folded") is None and played.get("gave_up") is None:
            hand = read_hand(setup, played)
            scores = hand_scores(setup, played)
            for name, player in players.items():
                player |= {"melded": hand.melded[name], "held": hand.in_hand[name]}
                if "cards" in played:
                    typed = played["cards"].get(name, {})
                    player["melded cards"] = typed.get("melded", "")
                    player["held cards"] = typed.get("hand", "")
                if self.options_of(setup)["money_cards"]:
                    player["money cards"] = hand.money_cards[name]
                player["hand score"] = scores[name]
        if "pot" in played:
            for name, player in players.items():
                player["pot chips"] = played["pot"][name]
                player["raises"] = played.get("raises", {}).get(name, 0)
        points = self.info_of(after).get("game_points")
        if points is not None:
            for name, player in players.items():
                player["game points"] = _point_fact(points[name])
        return RoundFacts(facts, players)

    def describe(self, setup: Setup, before: State, round_: Round, after: State) -> str:
        """ "5s wild; Bob went out on the first turn; Ann melded 120 and held 15, Bob melded
        340"; a false claim as "Bob: false claim, +50 to each other player"."""
        if "false_claim" in round_:
            others = (
                "each player of the other side"
                if self.options_of(setup)["partners"]
                else "each other player"
            )
            claimer = accepted(round_, FalseClaim)["false_claim"]
            return f"{claimer}: false claim, +{FALSE_CLAIM} to {others}"
        played = accepted(round_, Played)
        said = [f"{RANK_WORDS.get(played['wild'], played['wild'] + 's')} wild"]
        folded, gave_up = played.get("folded"), played.get("gave_up")
        if folded is not None:
            said.append(f"{folded} folded")
        elif gave_up is not None:
            said.append(f"{gave_up} gave up after the betting")
        else:
            hand = read_hand(setup, played)
            out = played["out"]
            if out is None:
                said.append("nobody went out: the stock ran out")
            else:
                said.append(f"{out} went out{BONUS_WORDS[played.get('bonus') or 'out']}")
            said.append(
                ", ".join(
                    f"{name} melded {hand.melded[name]}"
                    + (f" and held {hand.in_hand[name]}" if hand.in_hand[name] else "")
                    for name in setup.players
                )
            )
            money = [
                f"{name} {'+' if value > 0 else MINUS}{abs(value)} for money cards"
                for name, value in hand.money_cards.items()
                if value
            ]
            if money:
                said.append(", ".join(money))
        if "stake" in played:
            said.append(f"cube at {played['stake']}")
        if "pot" in played:
            said.append(f"pot {sum(played['pot'].values())} chips")
        points_after = self.info_of(after).get("game_points")
        points_before = self.info_of(before).get("game_points")
        if points_after is not None and points_before is not None:
            moved = {name: points_after[name] - points_before[name] for name in setup.players}
            if any(moved.values()):
                label = "chips" if self.options_of(setup)["limit_poker"] else "game points"
                said.append(f"{label} {_signed(setup, moved)}")
        return "; ".join(said)

    def details(self, round_: Round) -> dict[str, str | int]:
        if "false_claim" in round_:
            return {"false claim": accepted(round_, FalseClaim)["false_claim"]}
        played = accepted(round_, Played)
        facts: dict[str, str | int] = {"wild": played["wild"]}
        folded, gave_up = played.get("folded"), played.get("gave_up")
        if folded is not None:
            facts["folded"] = folded
        elif gave_up is not None:
            facts["gave up"] = gave_up
        else:
            facts["out"] = played["out"] or "nobody"
            if played["out"] is not None:
                facts["bonus"] = played.get("bonus") or "out"
        if "stake" in played:
            facts["stake"] = played["stake"]
            beavers = played.get("beavers", [])
            facts["doubles"] = " ".join(
                f"{who} (beaver)" if place in beavers else who
                for place, who in enumerate(played.get("doubles", []))
            )
        if "pot" in played:
            facts["pot"] = sum(played["pot"].values())
        return facts

"""The game contract: what every game module provides (``Game`` and its hooks), and the
shapes it works on (``Setup``, ``State``, ``Option``, an end round).

A game is a fold: ``start`` gives the table before the first deal, ``play`` takes the
table and one round dict and gives the table after it, or raises ``RuleError``. The
session, storage, export and screens only ever talk to this shape. Reading a round's
fields is in ``checks``; who wins and what each pays at the end, in ``payouts``.

A game names the shape of its options and of its own ``info`` (a ``TypedDict`` each) as
``Game[ItsOptions, ItsInfo]`` (both: Python 3.11 has no default for either) and reads
them through ``options_of`` and ``info_of``: the type checker knows every key it reads.
What every game must define is checked as its class is made, so a game missing one fails
when its module is imported, by name.
"""

from __future__ import annotations

import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Generic, Literal, TypedDict, cast

from scorekeeper.checks import Round
from scorekeeper.errors import RuleError
from scorekeeper.money import format_amount
from scorekeeper.option import Option as Option  # the games import the contract from here
from scorekeeper.option import OptionValue as OptionValue
from scorekeeper.payouts import winners_by_total
from scorekeeper.wording import label_in as label_in
from scorekeeper.wording import said_as_label as said_as_label

Unit = Literal["money", "chips"]
if TYPE_CHECKING:  # a default for the checker alone: Python 3.11's TypeVar takes none
    from typing_extensions import TypeVar

    OptionsT = TypeVar(
        "OptionsT", bound=Mapping[str, object], default=Mapping[str, object], covariant=True
    )
    InfoT = TypeVar(
        "InfoT", bound=Mapping[str, object], default=Mapping[str, object], covariant=True
    )
else:
    OptionsT = typing.TypeVar("OptionsT", bound=Mapping[str, object], covariant=True)
    InfoT = typing.TypeVar("InfoT", bound=Mapping[str, object], covariant=True)
"""A game's options and its ``State.info``, each as its ``TypedDict``; generic code, which
names a plain ``Game``, sees plain mappings."""


class NoInfo(TypedDict):
    """The ``info`` of a game that keeps none of its own: ``Game[ItsOptions, NoInfo]``."""


Fact = str | int
"""One fact about a round for a spreadsheet cell: text or a whole number."""


@dataclass(frozen=True)
class RoundFacts:
    """A round's facts worth a spreadsheet column: about the whole table, and about each
    player ("melded" for Ann, "held" for Bob). Names are column names, values are cells."""

    table: Mapping[str, Fact] = field(default_factory=dict)
    players: Mapping[str, Mapping[str, Fact]] = field(default_factory=dict)


END_ROUND: Round = {"end": True}
"""The round a table records when it ends a game by choice: the evening is over, or the
players stop before the last hand. Saved, undone and exported like any other round."""


def is_end_round(round_: object) -> bool:
    """Whether a round is the table ending the game (``{"end": true}``), however well formed."""
    if type(round_) is dict:  # a round as recorded: asked of each one replayed
        return "end" in round_
    return isinstance(round_, Mapping) and "end" in round_


@dataclass(frozen=True)
class Ending:
    """How a game words the table ending it by choice, for the keys, the confirmation,
    the settle-up that shows what ending now would do, and the round's row."""

    action: str
    """The key's and button's label: "End evening"."""
    question: str
    """Asked before it is recorded: "End the evening here?"."""
    if_now: str
    """The settle-up's heading for the figures as they would stand: "If you ended now"."""
    done: str
    """The round as the table says it, and the reason no round may follow: "evening ended"."""


EVENING = Ending(
    "End evening", "End the evening here?", "If you ended the evening now", "evening ended"
)
"""For the games with no natural end: the table says when the evening is over."""
NO_STAKE = "no stake"
"""How a game's option words say that no money changes hands at the table, which
``Game.played_for_said`` reads back."""
STOP = Ending("Stop here", "Stop the game here?", "If you stopped now", "stopped early")
"""For games with a last hand or a target, when the table stops before it."""


@dataclass(frozen=True)
class Setup:
    """Who sits where and which house options are on; fixed for the whole session."""

    players: tuple[str, ...]
    options: Mapping[str, OptionValue]
    """Checked against the game's ``options`` when the table is set (``seating``): its
    game reads them typed through ``Game.options_of``."""
    first_dealer: str

    def left_of(self, player: str, steps: int = 1) -> str:
        seat = self.players.index(player)
        return self.players[(seat + steps) % len(self.players)]

    def right_of(self, player: str) -> str:
        return self.left_of(player, -1)


@dataclass(frozen=True)
class State:
    """The table after some rounds. Games return a new State; nothing is mutated.

    ``info`` holds what only one game has (a carried pool and stacks, a hand number);
    screens show it through ``Game.panel``, generic code reads it only through hooks, and
    its game reads it typed through ``Game.info_of``.
    """

    dealer: str
    totals: Mapping[str, int]
    balances: Mapping[str, int]
    finished: bool = False
    winners: tuple[str, ...] = ()
    info: Mapping[str, object] = field(default_factory=dict)


_REQUIRED = ("id", "name", "min_players", "max_players", "unit", "rules")
"""What every game class sets, having no default (``play`` too)."""


class Game(ABC, Generic[OptionsT, InfoT]):
    """The shape every game module's ``GAME`` has. Subclasses fill in the rules, named
    ``Game[TheirOptions, TheirInfo]``; a base that leaves the rest to its subclass says
    ``abstract=True``."""

    def __init_subclass__(cls, *, abstract: bool = False, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if abstract:
            return
        missing = [name for name in _REQUIRED if not hasattr(cls, name)]
        missing += ["play"] if getattr(cls.play, "__isabstractmethod__", False) else []
        if missing:
            said = ", ".join(missing)
            raise TypeError(f"the game {cls.__name__} does not define {said}")
        shape = _options_shape(cls)
        if shape is not None and shape[1] != set(cls.options):
            raise TypeError(
                f"the game {cls.__name__}'s options {sorted(cls.options)} are not "
                f"those its {shape[0]} names {sorted(shape[1])}"
            )

    def options_of(self, setup: Setup) -> OptionsT:
        """The table's options in the game's own shape: every one was checked against
        ``options`` when the table was set, so they are read typed."""
        return cast(OptionsT, setup.options)

    def info_of(self, state: State) -> InfoT:
        """The game's own ``info`` in its shape: only ever made by its own ``start_info``,
        ``play`` and ``end``."""
        return cast(InfoT, state.info)

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int | None]
    unit: ClassVar[Unit]
    menu_order: ClassVar[int] = 100
    """Where the game stands in the New session menu and in statistics: lower first, then
    by name."""
    round_name: ClassVar[str] = "Round"
    """What the table calls one round: "Race", "Hand", "Deal"."""
    first_to_act: ClassVar[str | None] = "plays"
    """What the first player does in a deal ("plays", "bids"); None where nobody goes
    first (the horse races: everyone bets, then the dealer runs the race)."""
    scored_in_points: ClassVar[bool] = False
    """Whether the game keeps a points total beside the money (a rummy's cards held): the
    grid shows both, statistics count the totals once the game is over, ``score_unit`` says
    "points". False where the balances are the score."""
    lowest_wins: ClassVar[bool] = False
    """Whether the lowest total leads and wins (``leaders``, statistics' best score); a game
    that ends on it says so in ``play`` (``payouts.winners_by_total``)."""
    options: ClassVar[Mapping[str, Option]] = {}
    rules: ClassVar[str]
    kitty: ClassVar[str | None] = None
    """The name a settle-up gives what the game carries from round to round that no player
    holds yet ("(pool)"): one more party beside the players, a name no player may take.
    None where every chip is always in someone's hands."""
    ending: ClassVar[Ending | None] = None
    """How the table words ending this game by choice (``EVENING``, ``STOP``); None where
    only the rules end it, and then an end round is refused."""
    fact_names: ClassVar[tuple[str, ...]] = ()
    """Every fact name ``round_facts`` and ``end_facts`` may report, in the order an
    export's columns list them: so the columns are known before any session is read, and
    a session's rows can be written once, when it is saved. A name another game has too
    (a hand, who went out) shares its column; where the two orders differ, the game
    earlier in the menu decides the columns' order."""
    highlight_labels: ClassVar[tuple[str, ...]] = ()
    """The records statistics keep for this game ("Biggest ... pool"), figured by
    ``highlights``; none by default, so statistics read no round of the game's sessions."""

    def check_setup(self, setup: Setup) -> None:
        """Refuse option mixes and player counts the rules forbid (beyond min/max)."""

    def start(self, setup: Setup) -> State:
        zero = dict.fromkeys(setup.players, 0)
        return State(setup.first_dealer, zero, dict(zero), info=self.start_info(setup))

    def start_info(self, setup: Setup) -> Mapping[str, object]:
        return {}

    @abstractmethod
    def play(self, setup: Setup, state: State, round_: Round) -> State:
        """The table after ``round_``, or ``RuleError`` naming the field it refuses."""

    def rounds_played(self, state: State, recorded: int) -> int:
        """How many rounds the table has played when ``recorded`` are recorded: all of them
        by default. A game that records something that is no deal (5000's false claim in
        michigan) counts only its deals, so "Hand 3" on screen is the table's hand 3."""
        return recorded

    def end(self, setup: Setup, state: State) -> State:
        """The table once it ends the game by choice (the round ``END_ROUND``).

        By default the game ends on the balances as they stand: the biggest wins, equal
        balances tie. A game that carries a kitty shares it out first, one whose score
        decides the winner (points, lowest wins) settles as at its natural end: they
        override this. A game without an ``ending`` refuses it.
        """
        if self.ending is None:
            raise RuleError("end", f"{self.name} ends by its own rules, not when the table says")
        return ended_on_balances(setup, state)

    def end_note(self, setup: Setup, state: State) -> str | None:
        """A line for the settle-up on what the table ending the game did besides naming
        the winners ("Pool of 9 chips shared out: ..."); None when it did nothing more."""
        return None

    def first_player(self, setup: Setup, state: State) -> str | None:
        """Who plays (or bids) first in the next deal: left of the dealer by default;
        nobody in a game whose ``first_to_act`` is None."""
        return None if self.first_to_act is None else setup.left_of(state.dealer)

    def wins_lowest(self, setup: Setup) -> bool:
        """Whether the lowest total is best at this table: ``lowest_wins``, unless the
        table's options decide it."""
        return self.lowest_wins

    def wins_lowest_said(self, option_words: Sequence[str] | None) -> bool:
        """``wins_lowest`` for a table known by its options in words (a session list's
        summary); a game whose options decide it says so in ``option_words``."""
        return self.lowest_wins

    def leaders(self, totals: Mapping[str, int], lowest: bool | None = None) -> tuple[str, ...]:
        """Who is ahead on these totals, in seat order; nobody while every total is 0.
        ``lowest`` says whether the lowest total is best here (``lowest_wins`` if not)."""
        if not any(totals.values()):
            return ()
        lowest = self.lowest_wins if lowest is None else lowest
        return winners_by_total(tuple(totals), totals, lowest_wins=lowest)

    def title(self, setup: Setup) -> str:
        """What this table plays, as its screens head it: a house game's own name before
        the game's (``label_in``), else the game's name."""
        label = label_in(self.option_words(setup))
        return f"{label} · {self.name}" if label else self.name

    def panel(self, setup: Setup, state: State) -> list[tuple[str, str]]:
        """Label/value lines a screen shows beside the score grid for this game."""
        return []

    def details(self, round_: Round) -> dict[str, str | int]:
        """A round's facts worth a spreadsheet column (bid, wild rank, prices...).

        Only ever given the game's own rounds: ``end_facts`` answers for an end round."""
        return {}

    def round_facts(self, setup: Setup, before: State, round_: Round, after: State) -> RoundFacts:
        """Everything a spreadsheet needs to follow the round, knowing the table before and
        after it (a pool carried in and out, the hand's contract). ``details`` by default."""
        return RoundFacts(self.details(round_))

    def describe(self, setup: Setup, before: State, round_: Round, after: State) -> str:
        """One round as the table would tell it ("Bob pitched 3 and made it: high, jack,
        game"), for the score grid's detail line, the undo prompt and the CSV. Without the
        round's number: callers put "Race 2: " in front where it helps. Knowing the table
        before and after lets a game name what was carried or changed hands. By default
        the round's facts, each by its name: "bid 3; result made"."""
        facts = self.round_facts(setup, before, round_, after).table
        return "; ".join(f"{name.replace('_', ' ')} {value}" for name, value in facts.items())

    def option_words(self, setup: Setup) -> list[str]:
        """The house options in words ("Michigan", "stake $0.01/point"), for an export's
        ``options`` column. By default each option by its name and value, a money option
        (``Option.cents``) in dollars as the other games say it: "stake $0.25"."""
        words = []
        for name, value in setup.options.items():
            option = self.options.get(name)
            if isinstance(value, bool):
                shown = "yes" if value else "no"
            elif option is not None and option.cents and isinstance(value, int):
                shown = format_amount(value, "money")
            else:
                shown = str(value)
            words.append(f"{name.replace('_', ' ')} {shown}")
        return words

    def option_word_now(self, word: str) -> str:
        """One of ``option_words`` as a summary kept it (maybe worded by an earlier
        release) as this release words it: the word itself unless the game changed how it
        says one (its money aside, which ``money.reworded`` brings into the currency)."""
        return word

    def played_for(self, setup: Setup) -> str:
        """What the balances count at this table: the game's unit, or "points" where no
        money changes hands (a points game with no stake)."""
        return self.unit

    def played_for_said(self, option_words: Sequence[str] | None) -> str:
        """``played_for`` for a table known by its options in words (a session list's
        summary): "points" where they say ``NO_STAKE``."""
        return "points" if NO_STAKE in (option_words or ()) else self.unit

    def score_unit(self, setup: Setup) -> str:
        """What ``scores`` counts: "points" for a points game, else the game's unit."""
        return "points" if self.scored_in_points else self.unit

    def scores(self, setup: Setup, state: State) -> Mapping[str, int]:
        """Each player's score so far, in ``score_unit``: the totals by default."""
        return state.totals

    def end_facts(self, setup: Setup, before: State, after: State) -> RoundFacts:
        """``round_facts`` for the table's end round, which no game's ``round_facts`` is
        given: what it ended as, and what the game settled then (a kitty shared out)."""
        return RoundFacts({"end": self.ending.done if self.ending else "yes"})

    def carried(self, setup: Setup, state: State) -> int:
        """What lies in the kitty after these rounds, paid in and won by nobody yet, in the
        game's unit; balances plus this add up to 0. Nothing by default."""
        return 0

    def leaves_in_kitty(self, payer: str, amount: str) -> str:
        """How a settle-up says a debt owed to the kitty stays there: no payment, as those
        chips already lie in it. ``amount`` is written out ("12 chips")."""
        return f"{payer} leaves {amount} in {self.kitty}"

    def target(self, setup: Setup, state: State) -> int | None:
        """The score that ends the game, where reaching one does (charts draw it as a
        line); None for a game that ends otherwise, or never."""
        return None

    def highlights(self, setup: Setup, rounds: Sequence[Round]) -> dict[str, int]:
        """One session's figure for each of ``highlight_labels``, in the game's unit.

        Statistics call it for every session of a game with labels, on the rounds as saved
        (checked when recorded, never replayed: reading ten thousand sessions must stay
        fast). Nothing by default.
        """
        return {}


def ended_on_balances(
    setup: Setup,
    state: State,
    balances: Mapping[str, int] | None = None,
    info: Mapping[str, object] | None = None,
) -> State:
    """The table when the evening ends on these balances (by default as they stand): the
    biggest balance wins, equal balances tie (everyone, if all are even). In a game scored
    in its balances the totals are the balances; the dealer stays, as nobody deals again."""
    final = state.balances if balances is None else balances
    winners = winners_by_total(setup.players, final)
    totals = state.totals if balances is None else final
    return State(state.dealer, totals, final, True, winners, state.info if info is None else info)


def changed_words(
    game: Game, players: Sequence[str], dealer: str, words: Sequence[str]
) -> list[str]:
    """Those of a table's option ``words`` (as this release says them) that ``game``'s
    defaults at that many players do not say: what tells a session list's rows of one
    game apart. A house game's name is left out (``label_in``): the list names it as the
    game already."""
    defaults = {name: option.default_for(len(players)) for name, option in game.options.items()}
    usual = set(game.option_words(Setup(tuple(players), defaults, dealer)))
    return [word for word in words if word not in usual and not label_in([word])]


def _options_shape(cls: type) -> tuple[str, frozenset[str]] | None:
    """The name and keys of the ``TypedDict`` a game class gives ``Game`` for its options,
    or None where it gives none: the keys must be the options it offers."""
    for klass in cls.__mro__:
        for base in klass.__dict__.get("__orig_bases__", ()):
            if typing.get_origin(base) is Game:
                shape = typing.get_args(base)[0]
                if not typing.is_typeddict(shape):
                    return None
                keys: frozenset[str] = shape.__required_keys__ | shape.__optional_keys__
                return shape.__name__, keys
    return None

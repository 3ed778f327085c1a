"""Random 5000 Rummy sessions over the variations: plain, partners, doubling, limit poker,
with michigan, money cards, play to win or must go out mixed in. Small targets let some
games run to the end; the engine itself says when a game is over, so no round follows it.
Cubes take beavers, pots are folded or given up, money cards are typed beside points or
counted from the card text (Q♥ and 7♥ come up often).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper import Session
from scorekeeper.game import END_ROUND
from scorekeeper.games.rummy_5000.rules import partnerships
from tests.strategies import RANKS, seats

SUITS = ("S", "H", "D", "C")
SUIT_MARKS = {"S": ("S", "s", "♠"), "H": ("H", "h", "♥"), "D": ("D", "d", "♦"), "C": ("C", "♣")}
DECK = [(rank, suit) for rank in RANKS for suit in SUITS for _copy in (1, 2)]
MONEY_CARDS = [index for index, card in enumerate(DECK) if card in (("Q", "H"), ("7", "H"))]
BONUSES = ("out", "first_turn", "no_draw")
Typed = list[tuple[str, str | None]]
"""Cards as typed: rank and suit, None where the suit was left off."""


@st.composite
def _typed(draw: st.DrawFn, card: tuple[str, str]) -> tuple[str, str | None]:
    """One card as typed: any case, its suit as a letter, a symbol or left off."""
    rank, suit = card
    mark = draw(st.sampled_from(("", *SUIT_MARKS[suit])))
    return draw(st.sampled_from((rank, rank.lower()))) + mark, suit if mark else None


@st.composite
def _cards(
    draw: st.DrawFn, players: list[str], out: str | None
) -> tuple[dict[str, Any], dict[str, dict[str, Typed]]]:
    """Every player's melded and held cards, dealt from one 104-card pack, and the cards
    as typed (so the money cards they show can be counted)."""
    count = 2 * len(players)
    others = [index for index in range(len(DECK)) if index not in MONEY_CARDS]
    first, *drawn = draw(st.lists(st.sampled_from(others), unique=True, min_size=1, max_size=60))
    cuts = draw(st.lists(st.integers(0, len(drawn)), min_size=count - 1, max_size=count - 1))
    ends = sorted(cuts)
    piles = [drawn[start:end] for start, end in zip([0, *ends], [*ends, len(drawn)], strict=True)]
    # Each Q♥ and 7♥ lies in some pile (melded or held) or was never dealt; a 7♥ often
    # lies beside a Q♥, so pairs are melded.
    places = st.sampled_from([None, *range(count)])
    seven, seven_again, queen, queen_again = (draw(places) for _ in MONEY_CARDS)
    if draw(st.booleans()):
        seven = queen
    for card, pile in zip(MONEY_CARDS, (seven, seven_again, queen, queen_again), strict=True):
        if pile is not None:
            piles[pile].append(card)
    cards: dict[str, Any] = {}
    seen: dict[str, dict[str, Typed]] = {}
    for seat, name in enumerate(players):
        melded, held = piles[2 * seat], piles[2 * seat + 1]
        if name == (out or players[0]):
            melded = [first, *melded]  # whoever went out melded at least this card
        if name == out:
            melded, held = [*melded, *held], []
        seen[name] = {}
        for part, pile in (("melded", melded), ("hand", held)):
            typed = [draw(_typed(DECK[index])) for index in pile]
            pairs = zip(pile, typed, strict=True)
            seen[name][part] = [(DECK[index][0], suit) for index, (_, suit) in pairs]
            cards.setdefault(name, {})[part] = " ".join(text for text, _ in typed)
    return cards, seen


def _money_cards_shown(
    seen: dict[str, dict[str, Typed]], wild: str, out: str | None
) -> dict[str, dict[str, int]]:
    """Natural Q♥ 7♥ pairs melded and Q♥ caught, as the typed cards show them."""
    pairs, caught = {}, {}
    for name, parts in seen.items():
        melded = parts["melded"]
        queens, sevens = melded.count(("Q", "H")), melded.count(("7", "H"))
        pairs[name] = min(queens, sevens) if wild not in ("Q", "7") else 0
        held = parts["hand"].count(("Q", "H"))
        caught[name] = held if out is not None and wild != "Q" else 0
    return {"money_pairs": pairs, "queens_caught": caught}


@st.composite
def _hand(draw: st.DrawFn, players: list[str], options: dict[str, Any]) -> dict[str, Any]:
    """A played-out hand: who went out (if anyone), the points or the cards, money cards."""
    wild = draw(st.sampled_from(RANKS))
    out = draw(st.sampled_from([None, *players]))
    round_: dict[str, Any] = {"wild": wild, "out": out}
    if out is not None and draw(st.booleans()):
        round_["bonus"] = draw(st.sampled_from(BONUSES))
    seen = None
    if draw(st.booleans()):
        round_["cards"], seen = draw(_cards(players, out))
    else:
        fives = st.integers(0, 300).map(lambda count: 5 * count)
        round_["melded"] = {name: draw(fives) for name in players}
        round_["in_hand"] = {name: 0 if name == out else draw(fives) for name in players}
        if out is not None:
            round_["melded"][out] += 5
    if options.get("money_cards") and seen is not None:
        shown = _money_cards_shown(seen, wild, out)
        for key, counts in shown.items():
            if draw(st.booleans()):  # typed beside the cards as well, as they show
                round_[key] = {name: n for name, n in counts.items() if n or draw(st.booleans())}
    elif options.get("money_cards"):
        if wild not in ("Q", "7") and draw(st.booleans()):
            round_["money_pairs"] = {draw(st.sampled_from(players)): 1}
        others = [name for name in players if name != out]
        if out is not None and wild != "Q" and draw(st.booleans()):
            round_["queens_caught"] = {draw(st.sampled_from(others)): 1}
    return round_


@st.composite
def _cube(draw: st.DrawFn, players: list[str], first_hand: bool) -> dict[str, Any]:
    """The doubles of one hand, taking turns (a beaver's maker doubles next, and a beaver
    is never beavered), and whether the last one was refused."""

    def other(name: str) -> str:
        return players[1] if name == players[0] else players[0]

    automatic = first_hand and draw(st.booleans())
    doubles: list[str] = []
    beavers: list[int] = []
    for index in range(draw(st.integers(0, 4))):
        if not doubles:
            doubles.append(draw(st.sampled_from(players)))
        elif index - 1 in beavers:
            doubles.append(doubles[-1])
        else:
            if draw(st.booleans()):
                beavers.append(index)
            doubles.append(other(doubles[-1]))
    folded = bool(doubles) and draw(st.booleans())
    stake = (2 if automatic else 1) * 2 ** (len(doubles) - (1 if folded else 0))
    cube: dict[str, Any] = {"stake": stake, "doubles": doubles}
    if beavers or draw(st.booleans()):
        cube["beavers"] = beavers
    if automatic:
        cube["automatic_double"] = True
    if folded:
        cube["folded"] = other(doubles[-1])
    return cube


@st.composite
def _pot(draw: st.DrawFn, players: list[str]) -> dict[str, Any]:
    """One betting round: a bet and raises of 1-10 taking turns, maybe a fold to the last,
    or after the betting a give-up."""
    put = dict.fromkeys(players, 1)
    raises = dict.fromkeys(players, 0)
    bettor = draw(st.sampled_from(players))
    steps = draw(st.integers(0, 1 + 2 * 2))
    player = bettor
    for step in range(steps):
        other = players[1] if player == players[0] else players[0]
        put[player] = put[other] + draw(st.integers(1, 10))
        if step:
            raises[player] += 1
        player = other
    facing = player
    pot: dict[str, Any] = {"pot": put, "raises": raises}
    if put[facing] < put[players[0] if facing == players[1] else players[1]]:
        if draw(st.booleans()):
            pot["folded"] = facing
            return pot
        pot["pot"][facing] = max(put.values())
    elif draw(st.integers(0, 4)) == 0:
        pot["folded"] = draw(st.sampled_from(players))
        return pot
    if draw(st.integers(0, 3)) == 0:  # the betting is over; one gives up while playing
        pot["gave_up"] = draw(st.sampled_from(players))
    return pot


@st.composite
def _setup(
    draw: st.DrawFn, kinds: tuple[str, ...] = ("plain", "partners", "doubling", "limit_poker")
) -> tuple[list[str], dict[str, Any]]:
    kind = draw(st.sampled_from(kinds))
    size = {"partners": (4, 4), "doubling": (2, 2), "limit_poker": (2, 2)}.get(kind, (2, 5))
    players = draw(seats(*size))
    flags = ["michigan", "money_cards"]
    if kind in ("plain", "partners"):
        flags += ["play_to_win", "must_go_out"]
    options: dict[str, Any] = {name: True for name in flags if draw(st.booleans())}
    if kind != "plain":
        options[kind] = True
    if draw(st.booleans()):
        options["target"] = draw(st.integers(1, 3000))
    if draw(st.booleans()):
        options["stake"] = draw(st.integers(0, 100))
    return players, options


@st.composite
def _plan(draw: st.DrawFn, least: int) -> dict[str, Any]:
    players, options = draw(_setup())
    dealer = draw(st.sampled_from(players))
    session = Session.new("rummy-5000", players, dealer=dealer, options=options)
    for _ in range(draw(st.integers(least, 8))):
        if session.finished:
            break
        if options.get("michigan") and draw(st.integers(0, 4)) == 0:
            round_: dict[str, Any] = {"false_claim": draw(st.sampled_from(players))}
        elif options.get("doubling") or options.get("limit_poker"):
            round_ = _stakes_hand(draw, players, options, session.info["hands"] == 0)
        else:
            round_ = draw(_hand(players, options))
        session.record(round_)
    if not session.finished and session.rounds and draw(st.booleans()):
        session.record(END_ROUND)  # the table stops before anyone reaches the target
    return {
        "game": "rummy-5000",
        "players": players,
        "dealer": dealer,
        "options": options,
        "rounds": session.rounds,
    }


def _stakes_hand(
    draw: st.DrawFn, players: list[str], options: dict[str, Any], first_hand: bool
) -> dict[str, Any]:
    stakes = draw(_cube(players, first_hand) if options.get("doubling") else _pot(players))
    if stakes.get("folded") or stakes.get("gave_up"):
        return {"wild": draw(st.sampled_from(RANKS)), **stakes}
    return {**draw(_hand(players, options)), **stakes}


def plans(least: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    """Games of at least ``least`` rounds (fewer only where the game ends first)."""
    return _plan(least)


@st.composite
def _tied(draw: st.DrawFn) -> dict[str, Any]:
    """A few hands short of the end, then a hand nobody goes out of (points typed) that
    brings two or more players, or both sides, level above everyone else: at or past the
    target, or short of it and the table stops."""
    players, options = draw(_setup(kinds=("plain", "partners")))
    dealer = draw(st.sampled_from(players))
    session = Session.new("rummy-5000", players, dealer=dealer, options=options)
    for _ in range(draw(st.integers(0, 3))):
        session.record(draw(_hand(players, options)))
        if session.finished:
            session.undo()
            break
    totals = session.totals
    level = 5 * -(-max(totals.values()) // 5) + 5 * draw(st.integers(0, 40))
    if draw(st.booleans()):
        level = max(level, 5 * -(-session.options["target"] // 5))
    gained = dict.fromkeys(players, 0)
    if options.get("partners"):  # one partner's points count for the side
        for first, _ in partnerships(players):
            gained[first] = level - totals[first]
    else:
        tied = draw(st.lists(st.sampled_from(players), min_size=2, max_size=5, unique=True))
        behind = st.integers(1, 40).map(lambda count: level - 5 * count)
        for name in players:
            gained[name] = (level if name in tied else draw(behind)) - totals[name]
    session.record(
        {
            "wild": draw(st.sampled_from(RANKS)),
            "out": None,
            "melded": {name: max(points, 0) for name, points in gained.items()},
            "in_hand": {name: max(-points, 0) for name, points in gained.items()},
        }
    )
    if not session.finished:
        session.record(END_ROUND)
    return {
        "game": "rummy-5000",
        "players": players,
        "dealer": dealer,
        "options": options,
        "rounds": session.rounds,
    }


def tied_games() -> st.SearchStrategy[dict[str, Any]]:
    """Games without stakes hands that end with tied winners (with partners, both sides)."""
    return _tied()


def _points(players: list[str], melded: list[int], out: str | None = None) -> dict[str, Any]:
    """A hand typed as points, nobody holding any cards at the end."""
    return {
        "wild": "K",
        "out": out,
        "melded": dict(zip(players, melded, strict=True)),
        "in_hand": dict.fromkeys(players, 0),
    }


FOUR = ["Ann", "Bob", "Cy", "Di"]
THREE_TIED = {  # the others pay 5 in all: two odd units, one each to the first two
    "game": "rummy-5000",
    "players": FOUR,
    "dealer": "Di",
    "options": {"target": 100, "stake": 1},
    "rounds": [_points(FOUR, [100, 100, 100, 95])],
}
SIDES_TIED = {  # both sides reach the target together: half a game to each player
    "game": "rummy-5000",
    "players": FOUR,
    "dealer": "Ann",
    "options": {"partners": True, "play_to_win": True, "target": 50},
    "rounds": [_points(FOUR, [50, 45, 0, 5])],
}
FIVE = [*FOUR, "Ed"]
EDGES = (
    THREE_TIED,
    SIDES_TIED,
    {  # the target met exactly by going out (100 melded, 200 for going out)
        "game": "rummy-5000",
        "players": ["Ann", "Bob"],
        "dealer": "Bob",
        "options": {"target": 300, "stake": 1},
        "rounds": [_points(["Ann", "Bob"], [100, 0], out="Ann")],
    },
    {  # the largest table stops all level at nothing, for no money
        "game": "rummy-5000",
        "players": FIVE,
        "dealer": "Ed",
        "options": {"stake": 0},
        "rounds": [_points(FIVE, [0] * 5), dict(END_ROUND)],
    },
    {  # doubling: two hands undoubled, level
        "game": "rummy-5000",
        "players": ["Ann", "Bob"],
        "dealer": "Ann",
        "options": {"doubling": True},
        "rounds": [
            {**_points(["Ann", "Bob"], [50, 50], out=out), "stake": 1, "doubles": []}
            for out in ("Ann", "Bob")
        ],
    },
)
"""Boundary tables every property over the game runs first (tests/domain/test_properties.py)."""

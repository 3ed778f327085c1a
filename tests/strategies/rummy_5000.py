"""Random 5000 Rummy sessions over the variations: plain, partners, doubling, limit poker,
with michigan, money cards, play to win or must go out mixed in. Small targets let some
games run to the end; the engine itself says when a game is over, so no round follows it.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper import Session
from tests.strategies import RANKS, seats

SUITS = ("S", "H", "D", "C")
SUIT_MARKS = {"S": ("S", "s", "♠"), "H": ("H", "h", "♥"), "D": ("D", "d", "♦"), "C": ("C", "♣")}
DECK = [(rank, suit) for rank in RANKS for suit in SUITS for _copy in (1, 2)]
BONUSES = ("out", "first_turn", "no_draw")


@st.composite
def _typed(draw: st.DrawFn, card: tuple[str, str]) -> str:
    """One card as typed: any case, its suit as a letter, a symbol or left off."""
    rank, suit = card
    mark = draw(st.sampled_from(("", *SUIT_MARKS[suit])))
    return draw(st.sampled_from((rank, rank.lower()))) + mark


@st.composite
def _cards(draw: st.DrawFn, players: list[str], out: str | None) -> dict[str, Any]:
    """Every player's melded and held cards, dealt from one 104-card pack."""
    count = 2 * len(players)
    first, *drawn = draw(
        st.lists(st.sampled_from(range(len(DECK))), unique=True, min_size=1, max_size=60)
    )
    cuts = draw(st.lists(st.integers(0, len(drawn)), min_size=count - 1, max_size=count - 1))
    ends = sorted(cuts)
    piles = [drawn[start:end] for start, end in zip([0, *ends], [*ends, len(drawn)], strict=True)]
    cards: dict[str, Any] = {}
    for seat, name in enumerate(players):
        melded, held = piles[2 * seat], piles[2 * seat + 1]
        if name == (out or players[0]):
            melded = [first, *melded]  # whoever went out melded at least this card
        if name == out:
            melded, held = [*melded, *held], []
        text = [" ".join(draw(_typed(DECK[index])) for index in pile) for pile in (melded, held)]
        cards[name] = dict(zip(("melded", "hand"), text, strict=True))
    return cards


@st.composite
def _hand(draw: st.DrawFn, players: list[str], options: dict[str, Any]) -> dict[str, Any]:
    """A played-out hand: who went out (if anyone), the points or the cards, money cards."""
    wild = draw(st.sampled_from(RANKS))
    out = draw(st.sampled_from([None, *players]))
    round_: dict[str, Any] = {"wild": wild, "out": out}
    if out is not None and draw(st.booleans()):
        round_["bonus"] = draw(st.sampled_from(BONUSES))
    if draw(st.booleans()):
        round_["cards"] = draw(_cards(players, out))
    else:
        fives = st.integers(0, 300).map(lambda count: 5 * count)
        round_["melded"] = {name: draw(fives) for name in players}
        round_["in_hand"] = {name: 0 if name == out else draw(fives) for name in players}
        if out is not None:
            round_["melded"][out] += 5
    if options.get("money_cards"):
        if wild not in ("Q", "7") and draw(st.booleans()):
            round_["money_pairs"] = {draw(st.sampled_from(players)): 1}
        others = [name for name in players if name != out]
        if out is not None and wild != "Q" and draw(st.booleans()):
            round_["queens_caught"] = {draw(st.sampled_from(others)): 1}
    return round_


@st.composite
def _cube(draw: st.DrawFn, players: list[str], first_hand: bool) -> dict[str, Any]:
    """The doubles of one hand, taking turns, and whether the last one was refused."""
    automatic = first_hand and draw(st.booleans())
    doubler = draw(st.sampled_from(players))
    doubles = []
    for _ in range(draw(st.integers(0, 4))):
        doubles.append(doubler)
        doubler = players[1] if doubler == players[0] else players[0]
    folded = doubles and draw(st.booleans())
    stake = (2 if automatic else 1) * 2 ** (len(doubles) - (1 if folded else 0))
    cube: dict[str, Any] = {"stake": stake, "doubles": doubles}
    if automatic:
        cube["automatic_double"] = True
    if folded:
        cube["folded"] = doubler
    return cube


@st.composite
def _pot(draw: st.DrawFn, players: list[str]) -> dict[str, Any]:
    """One betting round: a bet and raises of 1-10 taking turns, maybe a fold to the last."""
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
        else:
            pot["pot"][facing] = max(put.values())
    elif draw(st.integers(0, 4)) == 0:
        pot["folded"] = draw(st.sampled_from(players))
    return pot


@st.composite
def _setup(draw: st.DrawFn) -> tuple[list[str], dict[str, Any]]:
    kind = draw(st.sampled_from(("plain", "partners", "doubling", "limit_poker")))
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
def _plan(draw: st.DrawFn) -> dict[str, Any]:
    players, options = draw(_setup())
    dealer = draw(st.sampled_from(players))
    session = Session.new("rummy-5000", players, dealer=dealer, options=options)
    for _ in range(draw(st.integers(0, 8))):
        if session.finished:
            break
        if options.get("michigan") and draw(st.integers(0, 4)) == 0:
            round_: dict[str, Any] = {"false_claim": draw(st.sampled_from(players))}
        elif options.get("doubling") or options.get("limit_poker"):
            round_ = _stakes_hand(draw, players, options, session.info["hands"] == 0)
        else:
            round_ = draw(_hand(players, options))
        session.record(round_)
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
    if stakes.get("folded"):
        return {"wild": draw(st.sampled_from(RANKS)), **stakes}
    return {**draw(_hand(players, options)), **stakes}


def plans() -> st.SearchStrategy[dict[str, Any]]:
    return _plan()

"""Properties every game keeps over random valid sessions (strategies in tests/strategies/).

Money is zero-sum (Calcutta: with the pot), settling clears it, a session survives its own
dict, every fact it reports has its export column, undo is an exact inverse of record,
a refused round changes nothing, and nothing is taken after the end.

Each property runs first on the game's boundary tables (``EDGES`` in its strategy module),
then on sessions built to reach what it is named for: a last round to undo or refuse, a
game over (by its own rules or the table's end).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import RuleError, Session
from scorekeeper.game import END_ROUND
from scorekeeper.games import GAMES
from scorekeeper.reports.rows import MARKS, detail_columns
from tests import strategies
from tests.strategies import at_edges, played, table_of

PLAN_MODULES = sorted(m.name for m in pkgutil.iter_modules(strategies.__path__))
# Each example plays a whole session, and four properties run for every game: three tenths
# of the profile's examples each (30; 300 with --hypothesis-profile=thorough).
RUNS = settings(max_examples=settings.default.max_examples * 3 // 10)


def _plans(module: str, least: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    return importlib.import_module(f"tests.strategies.{module}").plans(least=least)


def _edges(module: str) -> tuple[dict[str, Any], ...]:
    return importlib.import_module(f"tests.strategies.{module}").EDGES  # type: ignore[no-any-return]


def _snapshot(session: Session) -> tuple[Any, ...]:
    return (session.to_dict(), session.state, session.dealer)


def test_every_game_has_a_strategy() -> None:
    # A game is a module or a package directly under scorekeeper.games.
    game_modules = {type(game).__module__.split(".")[2] for game in GAMES.values()}
    assert set(PLAN_MODULES) == game_modules


@pytest.mark.parametrize("module", PLAN_MODULES)
def test_a_played_session_is_zero_sum_settles_reloads_and_exports_every_fact(
    module: str,
) -> None:
    """One session played per example, every promise checked on it: the rounds cost the
    time, the checks little."""

    @RUNS
    @at_edges(_edges(module))
    @given(_plans(module))
    def check(plan: dict[str, Any]) -> None:
        session = table_of(plan)
        for round_ in plan["rounds"]:
            session.record(round_)
            assert sum(session.balances.values()) + session.pot == 0
            assert session.pot >= 0
            assert session.dealer in session.players
            assert all(isinstance(v, int) for v in session.balances.values())
            assert all(isinstance(v, int) for v in session.totals.values())
        _settles(session)
        again = Session.from_dict(session.to_dict())
        assert _snapshot(again) == _snapshot(session)
        for result in session.round_results():  # an export lists its columns first
            named = {*result.facts.table}.union(*map(set, result.facts.players.values()))
            assert named <= set(session.game.fact_names)

    check()


def _settles(session: Session) -> None:
    """Settling clears every balance (the pool's too) in at most one payment fewer than
    the people owed or owing."""
    ledger = session.balances
    if session.pot:
        ledger["(pool)"] = session.pot
    payments = session.settlement()
    owing = sum(1 for amount in ledger.values() if amount)
    assert len(payments) <= max(owing - 1, 0)
    for payer, payee, amount in payments:
        assert amount > 0 and payer != payee
        ledger[payer] += amount
        ledger[payee] -= amount
    assert set(ledger.values()) <= {0}


def test_the_games_name_their_shared_facts_in_one_order() -> None:
    columns = detail_columns(GAMES.values())
    assert len(columns) == len(set(columns))
    for game in GAMES.values():
        places = [columns.index(name) for name in game.fact_names]
        assert places == sorted(places), game.id
        assert len(game.fact_names) <= len(MARKS)


@pytest.mark.parametrize("module", PLAN_MODULES)
def test_undo_after_record_restores_the_table(module: str) -> None:
    @RUNS
    @at_edges(_edges(module))
    @given(_plans(module, least=1))
    def check(plan: dict[str, Any]) -> None:
        *before, last = plan["rounds"]
        session = played({**plan, "rounds": before})
        was = _snapshot(session)
        session.record(last)
        assert session.undo() == last
        assert _snapshot(session) == was

    check()


GARBAGE = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.just({}),
    st.just([]),
)


@pytest.mark.parametrize("module", PLAN_MODULES)
def test_a_refused_round_changes_nothing(module: str) -> None:
    @RUNS
    @at_edges(_edges(module), 0, None)
    @given(_plans(module, least=1), st.integers(0, 20), GARBAGE)
    def check(plan: dict[str, Any], field: int, garbage: Any) -> None:
        """The last round with one of its fields (or a field it has not) set to garbage."""
        *before, last = plan["rounds"]
        session = played({**plan, "rounds": before})
        was = _snapshot(session)
        broken = dict(last)
        keys = [*sorted(broken), "not_a_field"]
        broken[keys[field % len(keys)]] = garbage
        try:
            session.record(broken)
        except RuleError as error:
            assert error.field
            assert _snapshot(session) == was
        else:
            session.undo()
            assert _snapshot(session) == was

    check()


@pytest.mark.parametrize("module", PLAN_MODULES)
def test_after_the_table_ends_a_game_nothing_more_is_taken(module: str) -> None:
    """docs/rules.md, Conventions: after the end of the evening (or a stop), no round;
    what a kitty still held is shared out, and ending twice is refused. A game its own
    rules ended (a target reached, the last hand played) is over for good; one the table
    ended can be taken up again by undoing the end."""

    @RUNS
    @at_edges(_edges(module))
    @given(_plans(module, least=1))
    def check(plan: dict[str, Any]) -> None:
        session = played(plan)
        if not session.finished:
            session.record(END_ROUND)
        by_table = session.rounds[-1] == END_ROUND
        assert session.finished and session.winners
        assert session.pot == 0
        assert sum(session.balances.values()) == 0
        was = _snapshot(session)
        told = "undo that to play on" if by_table else "the game is over"
        for again, field in ((END_ROUND, "end"), (plan["rounds"][0], "round")):
            with pytest.raises(RuleError) as refused:
                session.record(again)
            assert refused.value.field == field
            assert told in refused.value.message
            assert _snapshot(session) == was

    check()

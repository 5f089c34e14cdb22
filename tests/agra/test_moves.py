"""The legal-move tables (moves.py) and the generator that reads them against the plain
definition (plain_moves.py): the same actions, in the same order, at every ply of random
games, with the options that change what is legal; and the tables against their rules."""

from __future__ import annotations

import pytest

from eurogames.core.rng import Rng
from eurogames.games.agra.actions import ACTIONS, FARMER_PAIRS, FARMER_STEPS
from eurogames.games.agra.moves import farm, moves

from .helpers import GAME, new
from .plain_moves import PlainMoves

OPTIONS = [
    {},
    {"river_reach": "boat_only", "min_good_value": 0, "reclaim_from_notables": True,
     "neutral_orders_count_limit": False},
    {"french_once_per_turn": True, "farm_spaces_per_track": 5, "initial_order_limit": 2,
     "end_rule": "turn"},
]


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_generator_is_the_plain_definition_at_every_ply(players, options):
    state = new(players, seed=players * 11, **options)
    rng = Rng(players)
    while not state.is_over() and state.ply < 4000:
        legal = state.legal_actions()
        assert legal == PlainMoves(state).legal_actions(), state.ply
        state.apply(rng.choice(legal))


def test_farmer_moves_a4_never_onto_or_across_a_corner_or_a_cover():
    """The farm's tables (built track by track) against A4 read move by move."""
    def ok(n, farmers, covers, moves):
        for k, delta in moves:
            pos = farmers[k]
            for _ in range(abs(delta)):
                pos += 1 if delta > 0 else -1
                if not 1 <= pos <= n or pos in covers[k]:
                    return False
        return True

    for n in (4, 6):
        for farmers, covers in [((1, 2, 3, 4), ((), (3,), (1, 2), (4,))),
                                ((n, 1, 2, 3), ((2,), (), (n,), (1, 5)))]:
            table = farm(moves(GAME.tables), n, farmers, covers)
            assert [ACTIONS[i].moves for i in table.meditate_farmer] == [
                m for m in FARMER_STEPS if ok(n, farmers, covers, m)]
            assert [ACTIONS[i].moves for i in table.farmers_moves] == [
                m for m in FARMER_PAIRS if ok(n, farmers, covers, m)]
            assert [ACTIONS[i].moves for i in table.favour_farmers] == [
                m for m in FARMER_PAIRS if ok(n, farmers, covers, m)]

"""The schedule: every group of bots meets, every bot sits in every seat equally often, and
every seed is a function of the master seed and the game's number."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from eurogames.arena.tournament import Entrant, Schedule, Tournament

SIZES = [(2, 2), (3, 2), (5, 2), (3, 3), (4, 3), (5, 4), (2, 3), (2, 4), (3, 4), (2, 6)]


def tournament(bots: int = 3, games: int = 12, players: int = 2, **kw) -> Tournament:
    entrants = tuple(Entrant("random", label=f"random#{i}") for i in range(bots))
    return Tournament("splendor", entrants, games=games, players=players, **kw)


def test_two_players_meet_once_per_seat_order_in_a_round() -> None:
    schedule = Schedule(3, 2)
    assert schedule.tables == [(0, 1), (0, 2), (1, 2)]
    assert schedule.cycle == 6
    assert [schedule.seating(i) for i in range(6)] == [
        (0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1)
    ]


def test_as_many_bots_as_seats_or_more_use_distinct_bots() -> None:
    schedule = Schedule(5, 3)
    assert schedule.tables == list(combinations(range(5), 3))
    assert all(len(set(schedule.seating(i))) == 3 for i in range(schedule.cycle))


def test_fewer_bots_than_seats_repeat_bots_but_never_seat_one_bot_alone() -> None:
    assert Schedule(2, 3).tables == [(0, 0, 1), (0, 1, 1)]
    assert Schedule(2, 4).tables == [(0, 0, 0, 1), (0, 0, 1, 1), (0, 1, 1, 1)]


@pytest.mark.parametrize(("bots", "players"), SIZES)
def test_every_bot_sits_in_every_seat_equally_often_in_a_round(bots: int, players: int) -> None:
    schedule = Schedule(bots, players)
    counts = Counter(
        (bot, seat) for i in range(schedule.cycle) for seat, bot in enumerate(schedule.seating(i))
    )
    assert len(counts) == bots * players
    assert len(set(counts.values())) == 1


@pytest.mark.parametrize(("bots", "players"), SIZES)
def test_each_table_is_played_in_each_rotation_once_a_round(bots: int, players: int) -> None:
    schedule = Schedule(bots, players)
    seen = Counter(schedule.seating(i) for i in range(schedule.cycle))
    for table in schedule.tables:
        for r in range(players):
            rotation = table[r:] + table[:r]
            # a table such as (0, 1, 0, 1) has equal rotations: count them all
            assert seen[rotation] == sum(table[s:] + table[:s] == rotation for s in range(players))
    assert schedule.seating(schedule.cycle + 5) == schedule.seating(5)


@pytest.mark.parametrize("games", [1, 4, 7, 13, 29])
def test_an_incomplete_round_spreads_the_games_evenly_over_the_tables(games: int) -> None:
    schedule = Schedule(4, 2)  # 6 tables, 12 games a round
    per_table = Counter(tuple(sorted(schedule.seating(i))) for i in range(games))
    counts = [per_table[t] for t in schedule.tables]
    assert sum(counts) == games
    assert max(counts) - min(counts) <= 1


def test_a_round_deals_the_same_cards_to_every_rotation() -> None:
    t = tournament(bots=3, games=24, seed=5)
    deals = [t.deal_seed(i) for i in range(24)]
    assert len(set(deals[:6])) == 1 and len(set(deals[6:12])) == 1
    assert len(set(deals[::6])) == 4


def test_seeds_depend_on_the_master_seed_and_the_index_only() -> None:
    a, b = tournament(seed=1), tournament(seed=1, games=500)
    assert [a.bot_seed(i, s) for i in range(12) for s in range(2)] == [
        b.bot_seed(i, s) for i in range(12) for s in range(2)
    ]
    assert a.deal_seed(0) != tournament(seed=2).deal_seed(0)
    bot_seeds = {a.bot_seed(i, s) for i in range(50) for s in range(2)}
    assert len(bot_seeds) == 100
    assert all(0 <= seed < 2**48 for seed in bot_seeds | {a.deal_seed(i) for i in range(50)})


def test_one_player_seats_each_bot_alone_once_a_round() -> None:
    schedule = Schedule(3, 1)
    assert schedule.tables == [(0,), (1,), (2,)] and schedule.cycle == 3
    assert [schedule.seating(i) for i in range(7)] == [(0,), (1,), (2,)] * 2 + [(0,)]
    assert [schedule.round(i) for i in range(7)] == [0, 0, 0, 1, 1, 1, 2]


def test_the_default_cap_is_250_plies_per_player() -> None:
    assert tournament(players=3).ply_cap == 750
    assert tournament(max_plies=40).ply_cap == 40


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # the known games are every game found (plugins too), listed in order
        ({"game": "chess"},
         "unknown game 'chess'; known games: [a-z, ]*alhambra, [a-z, ]*splendor"),
        ({"players": 5}, "splendor is for 2 to 4 players, not 5"),
        ({"entrants": (Entrant("random"),)}, "at least 2 bots, not 1"),
        ({"entrants": (), "players": 1}, "a tournament of 1 player needs at least 1 bot, not 0"),
        ({"games": 0}, "at least 1 game, not 0"),
        ({"max_plies": 0}, "ply cap must be a positive integer, not 0"),
        ({"options": {"colour": 1}}, "splendor has no option 'colour'"),
        ({"options": {"first": "x"}}, "option 'first' must be an integer"),
        ({"entrants": (Entrant("random"), Entrant("oracle"))}, "unknown bot 'oracle'"),
        ({"entrants": (Entrant("random"), Entrant("mcts", {"speed": 3}))}, "no setting 'speed'"),
        ({"entrants": (Entrant("random"), Entrant("random"))}, "two bots are labelled 'random'"),
    ],
)
def test_an_unplayable_tournament_is_refused_before_any_game(changes: dict, message: str) -> None:
    fields = {"game": "splendor", "entrants": (Entrant("random"), Entrant("greedy")), "games": 4}
    fields.update(changes)
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        Tournament(**fields).check()


def test_a_label_is_the_spec_as_written_on_the_command_line() -> None:
    entrant = Entrant("mcts", {"iterations": 500, "depth": None, "c": 0.5})
    assert entrant.label == "mcts:iterations=500:depth=none:c=0.5"
    assert not entrant.time_dependent
    assert Entrant("mcts", {"seconds": 0.2}).time_dependent

"""Sabika's evaluation and playout policy, the game knowledge behind the generic bots.

The evaluation must stay in [-1, 1], read nothing a seat may not see (the decks, stacks and
bag order, the face-down event, Yusuf's face-down tiles and decks, other seats' start tiles
before the reveal, face-down wish tiles, the generator: I1–I4, Q41), agree with the result at
the end, rank clearly better positions higher, and be good enough for the greedy bot to beat
random play clearly; the playout policy must play legal moves and finish its games. A small
sample in CI; ``EUROGAMES_LONG=1`` plays more.
"""

from __future__ import annotations

import os

import eurogames
from eurogames.core.rng import Rng
from eurogames.games.sabika.game import GAME
from eurogames.games.sabika.heuristic import (
    evaluate,
    in_hand,
    rollout_action,
    seat_value,
    seat_values,
    yusuf_value,
)

from .helpers import blank, new, play, playing, put, texts, turn

LONG = bool(os.environ.get("EUROGAMES_LONG"))
MAX_PLIES = 20_000  # far beyond any game seen: a policy that stalls fails instead of hanging
SOLO = {"yusuf_choices": "policy"}


def random_games(players: int, seeds: range, **options):
    """Every position of seeded uniformly random games, the last one over."""
    if players == 1:
        options = {**SOLO, **options}
    for seed in seeds:
        state = new(players, seed=seed, **options)
        rng = Rng(seed * 31 + players)
        yield state
        while not state.is_over():
            assert state.ply < MAX_PLIES, "the game did not end"
            state.apply(rng.choice(state.legal_actions()))
            yield state


def test_the_game_supplies_its_own_evaluation_and_playout_policy():
    game = eurogames.load("sabika")
    state = playing(3)
    assert game.evaluate(state, 0) == evaluate(state, 0)
    assert game.rollout_action(state, Rng(1)) is rollout_action(state, Rng(1))


def test_evaluation_is_in_bounds_at_every_ply_for_every_seat():
    for players in (1, 2, 4):
        for state in random_games(players, range(2 if LONG else 1)):
            for seat in range(players):
                assert -1.0 <= evaluate(state, seat) <= 1.0


def hide_everything_else(state, seat):
    """The state with everything ``seat`` may not see changed by hand (I1, I2): the decks and
    stacks reversed, another generator, the face-down event, Yusuf's tiles and decks, the
    others' start tiles before the reveal."""
    other = state.clone()
    other.thaw()  # written directly below
    d = other.d
    d["small_deck"] = tuple(reversed(d["small_deck"]))
    d["minor_deck"] = tuple(reversed(d["minor_deck"]))
    d["stacks"] = {"left": d["stacks"]["right"][:len(d["stacks"]["left"])],
                   "right": d["stacks"]["left"][:len(d["stacks"]["right"])]}
    d["rng"] = (d["rng"] * 7 + 12345) % (1 << 64)
    if d["event_pile"]:
        d["event_pile"] = (14 if d["event_pile"][0] != 14 else 13,)
    if "y" in d:
        y = d["y"]
        y["tiles"] = tuple(reversed(y["tiles"]))
        y["decks"] = {k: tuple(reversed(v)) for k, v in y["decks"].items()}
    if not all(p["kept"] for p in d["p"]):
        for s, p in enumerate(d["p"]):
            if s != seat:
                p["dealt"] = (9, 10) if p["dealt"] != (9, 10) else (7, 8)
                if p["kept"]:
                    p["kept"] = p["dealt"][0]
    other._legal = None
    return other


def test_evaluation_reads_nothing_hidden_i1_i4():
    """A determinization for the seat (resample_hidden) and hidden parts changed by hand change
    nothing, in solo (Yusuf's face-down tiles and decks), with events (the face-down one) and
    with face-down wishes."""
    cases = [(1, {}), (2, {"events": "random"}), (3, {"wishes_face_down": True}),
             (1, {"wishes_face_down": True, "events": "red3"})]
    for players, options in cases:
        for state in random_games(players, range(2 if LONG else 1), **options):
            if state.is_over() or state.ply % 5:
                continue
            seat = state.current_player
            value = evaluate(state, seat)
            for seed in (state.ply, state.ply + 1):
                assert evaluate(state.resample_hidden(seat, seed=seed), seat) == value, (
                    players, options, state.ply)
            assert evaluate(hide_everything_else(state, seat), seat) == value


def test_face_down_wishes_are_not_read_q41():
    """With ``wishes_face_down`` the wish tiles not yet in the tower may be any of their letters:
    changing them changes nothing; face up, they are public and count."""
    state = playing(2, wishes_face_down=True)
    seat = state.current_player
    value = evaluate(state, seat)
    swapped = state.clone()
    swapped.d["wishes"] = ("C3", "A1", "B2") if state.d["wishes"][0] != "C3" else (
        "A2", "B1", "C1")
    assert evaluate(swapped, seat) == value
    face_up = blank(playing(2))
    face_up.d["p"][0]["seals"] = 3
    seals = face_up.clone()
    seals.d["wishes"] = ("B3", "C1", "A1")  # 2 points per seal, three scorings to come
    others = face_up.clone()
    others.d["wishes"] = ("C1", "B1", "A1")
    assert seat_value(seals, 0) - seat_value(others, 0) == 3 * 2 * 3


def test_evaluation_is_the_result_at_the_end_e9():
    for players in (1, 2, 3):
        *_, state = random_games(players, range(players, players + 1))
        assert state.is_over()
        assert [evaluate(state, s) for s in range(players)] == state.returns()


def test_more_points_materials_goods_and_paria_are_worth_more():
    """Clearly better positions rank higher: points, glazed, goods, a paria that will pay
    tribute, a blue poem; and a seat ahead of its rival is above 0, behind it below."""
    base = blank(playing(2))
    seat = 0
    before = evaluate(base, seat)
    for change in (lambda p: p["pts"].update(buildings=10), lambda p: put(p, "mat", 3, 2),
                   lambda p: put(p, "goods", 1, 2), lambda p: p.update(paria=3),
                   lambda p: p.update(blue=(1,)), lambda p: p.update(dinars=6)):
        better = base.clone()
        better.thaw()
        change(better.d["p"][seat])
        better._legal = None
        assert evaluate(better, seat) > before
    ahead = base.clone()
    ahead.thaw()
    ahead.d["p"][0]["pts"]["buildings"] = 15
    assert evaluate(ahead, 0) > 0 > evaluate(ahead, 1)


def test_paria_is_worth_the_tribute_it_will_pay_pa1_pa2():
    """Round 1: 2 + 3 + 4 + 5 + 6 paria are still due. Each paria up to that pays a paria of
    tribute (nearly a point); beyond it, it only helps choose the start player."""
    state = blank(playing(2))
    due = sum(state.data.round_paria)

    def with_paria(n):
        other = state.clone()
        other.thaw()
        other.d["p"][0]["paria"] = n
        return seat_value(other, 0)

    step = with_paria(1) - with_paria(0)
    assert 0.5 < step < 1
    assert abs(with_paria(due) - with_paria(0) - due * step) < 1e-9
    assert 0 < with_paria(due + 1) - with_paria(due) < step / 2


def test_a_move_counts_the_action_it_leads_to():
    """One ply of lookahead must see what a move is for: with the materials of a large
    building, the move to the build space is worth more than resting, and the decision in
    hand is valued at its best option."""
    state = blank(playing(2))
    d = state.d
    d["p"][0]["mat"] = [1, 0, 0, 1]
    d["p"][0]["dinars"] = 3
    turn(state, 0)
    moved = play(state.clone(), "move b1 o3")
    rested = play(state.clone(), "rest b1")
    assert evaluate(moved, 0) > evaluate(rested, 0)
    assert in_hand(moved, 0) > 0
    best = max(seat_value(play(moved.clone(), text), 0) for text in texts(moved)
               if text.startswith("large"))
    assert in_hand(moved, 0) >= best - seat_value(moved, 0) - 1e-9


def test_in_hand_never_looks_past_a_hidden_draw_i5():
    """A refresh draws small buildings: the lookahead leaves it out, so the deck's order never
    enters the value."""
    state = blank(playing(2))
    d = state.d
    d["p"][0]["mat"] = [1, 1, 0, 0]
    d["p"][0]["dinars"] = 5
    turn(state, 0)
    play(state, "move b1 o3")
    assert any(t.startswith("refresh") for t in texts(state))
    value = in_hand(state, 0)
    other = state.clone()
    other.d["small_deck"] = tuple(reversed(other.d["small_deck"]))
    other.d["rng"] ^= 0xFFFF
    assert in_hand(other, 0) == value


def test_yusuf_is_the_rival_in_solo_q52():
    state = GAME.new(1, seed=2, options=SOLO)
    while state.d["phase"] == "start" or state.d["stack"]:
        state.apply(state.legal_actions()[0])
    seats, others = seat_values(state)
    assert len(seats) == 1 and others == [yusuf_value(state)]
    ahead = state.clone()
    ahead.thaw()
    ahead.d["y"]["pts"]["cards"] = 40
    assert evaluate(ahead, 0) < evaluate(state, 0)


def test_rollout_policy_plays_legal_moves_and_its_playouts_end():
    rng = Rng(3)
    for players in (1, 2, 4):
        for seed in range(3 if LONG else 1):
            state = new(players, seed=seed, **(SOLO if players == 1 else {}))
            while not state.is_over():
                assert state.ply < MAX_PLIES, "the playout did not end"
                action = rollout_action(state, rng)
                assert action in state.legal_actions()
                state.apply(action)


def test_rollout_policy_builds_with_the_most_material_value():
    """Nine times in ten at least (one move in ten is random), the build paid with the most
    material value."""
    state = blank(playing(2))
    state.d["p"][0]["mat"] = [1, 1, 1, 1]
    state.d["p"][0]["dinars"] = 3
    turn(state, 0)
    play(state, "move b1 o3")
    chosen = [rollout_action(state, Rng(k)).text for k in range(40)]
    best = [t for t in chosen if t.startswith("large") and t.endswith("plaster,marble,glazed")]
    assert len(best) >= 30


def test_greedy_beats_random_with_seats_rotated():
    """Two players, each bot in each seat equally often. A greedy bot that only broke ties
    at random would win about half; this one wins well over that."""
    games = 40 if LONG else 10
    wins = 0.0
    for i in range(games):
        seat = i % 2
        bots = [eurogames.bot("greedy" if s == seat else "random", GAME, seed=100 * i + s)
                for s in range(2)]
        state = new(2, seed=500 + i)
        while not state.is_over():
            assert state.ply < MAX_PLIES
            state.apply(bots[state.current_player].choose(state))
        winners = state.winners()
        if seat in winners:
            wins += 1 / len(winners)
    assert wins >= 0.8 * games, f"greedy won {wins} of {games}"


def test_greedy_scores_far_more_than_random_against_yusuf():
    games = 10 if LONG else 3
    totals = {"greedy": 0, "random": 0}
    for name in totals:
        for i in range(games):
            bot = eurogames.bot(name, GAME, seed=i)
            state = new(1, seed=700 + i, **SOLO)
            while not state.is_over():
                state.apply(bot.choose(state))
            totals[name] += state.scores()[0]
    assert totals["greedy"] >= totals["random"] + 30 * games, totals

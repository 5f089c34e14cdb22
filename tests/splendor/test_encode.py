"""Splendor's observation encoder (encode.py) entry by entry: a plain reference encoder
restates docs/observations.md block by block, by the layout's names, and the encoder must
agree with it; seats are listed from the observer on; a blind reserve is face up to its
holder and only a level to the others (D11), in the view route and the compiled one; and the
compiled route refuses a state the rules could never reach.

The generic checks every encoder passes (sizes, bounds, leaks, the compiled route equal to
the view route at every decision) are in tests/rl.
"""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from eurogames.core.rng import Rng  # noqa: E402
from eurogames.rl.encoding import Encoder, encoder, layout  # noqa: E402

from .helpers import GAME  # noqa: E402

COLOURS = ("white", "blue", "green", "red", "black")


def one_hot(index: int, size: int) -> list[float]:
    return [float(i == index) for i in range(size)]


def reference(view: dict[str, Any], n: int) -> np.ndarray:
    """The vector docs/observations.md describes, filled block by block."""
    spans = layout("splendor", n)
    x = np.zeros(spans.size)
    r = view["seat"] or 0

    def put(name: str, values: list[float]) -> None:
        x[spans.span(name)] = values

    def card(c: dict[str, Any]) -> list[float]:
        return [*one_hot(COLOURS.index(c["bonus"]), 5), c["points"] / 5,
                *(c["cost"].get(k, 0) / 7 for k in COLOURS)]

    put("phase", one_hot(("main", "return", "noble", "over").index(view["phase"]), 4))
    current = view["current_player"]
    put("current seat", one_hot((current - r) % n, n) if current >= 0 else [0.0] * n)
    put("start seat", one_hot((view["first_player"] - r) % n, n))
    put("final round", [float(view["final_round"])])
    put("supply", [view["supply"][k] / 7 for k in COLOURS] + [view["supply"]["gold"] / 5])
    market: list[float] = []
    for row in view["market"]:
        for c in row:
            market += [0.0] * 12 if c is None else [1.0, *card(c)]
    put("market", market)
    put("decks", [d / 40 for d in view["decks"]])
    nobles: list[float] = []
    for noble in view["nobles"]:
        nobles += [1.0, *(noble["requires"].get(k, 0) / 4 for k in COLOURS)]
    put("nobles", nobles + [0.0] * ((n + 1) * 6 - len(nobles)))
    for i in range(n):
        p = view["seats"][(r + i) % n]
        put(f"seat+{i} tokens", [p["tokens"][k] / 7 for k in COLOURS] + [p["tokens"]["gold"] / 5])
        put(f"seat+{i} bonuses", [p["bonuses"][k] / 10 for k in COLOURS])
        put(f"seat+{i} points", [p["points"] / 15])
        put(f"seat+{i} cards", [len(p["cards"]) / 30])
        put(f"seat+{i} nobles", [len(p["nobles"]) / 3])
        reserved: list[float] = []
        for c in p["reserved"]:
            if c.get("hidden"):
                reserved += [1.0, 1.0, 1.0, *one_hot(c["level"] - 1, 3), *[0.0] * 11]
            else:
                reserved += [1.0, float(c["blind"]), 0.0, *one_hot(c["level"] - 1, 3), *card(c)]
        put(f"seat+{i} reserved", reserved + [0.0] * (51 - len(reserved)))
    return x.astype(np.float32)


def blind_heavy_positions(players: int, seed: int, every: int = 5) -> list[Any]:
    """Positions of a random game in which blind reserves are favoured, so that hands hold
    cards the other seats see only as a level."""
    rng = Rng(seed)
    state = GAME.new(players, seed=seed)
    out = []
    while not state.is_over():
        if state.ply % every == 0:
            out.append(state.clone())
        legal = state.legal_actions()
        blind = [a for a in legal if a.kind == "reserve_deck"]
        state.apply(rng.choice(blind) if blind and rng.below(3) == 0 else rng.choice(legal))
    return [*out, state]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_encoder_follows_the_documented_layout(players):
    encode = Encoder("splendor", players)
    hidden = 0
    for state in blind_heavy_positions(players, seed=players):
        for seat in [*range(players), None]:
            view = state.view(seat)
            hidden += any(c.get("hidden") for p in view["seats"] for c in p["reserved"])
            np.testing.assert_allclose(encode(view), reference(view, players), rtol=0, atol=1e-6)
            # the adapters' route (compiled where it was built) gives the very same bytes
            assert encode.observe(state, seat).tobytes() == encode(view).tobytes()
    assert hidden > 0


def test_seats_are_ordered_from_the_observer():
    state = GAME.new(3, seed=4)
    for text in ("take white blue green", "take white red black", "take2 red"):
        state.apply(state.parse_action(text))
    spans = layout("splendor", 3)
    x = Encoder("splendor", 3)(state.view(1))
    # seat 1 took red, black and white: it comes first; seat 2 (take2 red) second
    assert list(x[spans.span("seat+0 tokens")] * 7)[:5] == pytest.approx([1, 0, 0, 1, 1])
    assert list(x[spans.span("seat+1 tokens")] * 7)[:5] == pytest.approx([0, 0, 0, 2, 0])
    assert list(x[spans.span("seat+2 tokens")] * 7)[:5] == pytest.approx([1, 1, 1, 0, 0])
    assert list(x[spans.span("current seat")]) == [0, 0, 1]  # seat 0 moves: two after seat 1
    assert list(x[spans.span("start seat")]) == [0, 0, 1]


def test_own_blind_reserve_is_face_up_and_another_seats_is_only_a_level():
    state = GAME.new(2, seed=5)
    state.apply(state.parse_action("reserve deck 2"))
    card = state.view(0)["seats"][0]["reserved"][0]
    spans = layout("splendor", 2)
    encode = Encoder("splendor", 2)
    for mine, theirs in (
        (encode(state.view(0)), encode(state.view(1))),
        (encode.observe(state, 0), encode.observe(state, 1)),
    ):
        mine = mine[spans.span("seat+0 reserved")][:17]
        theirs = theirs[spans.span("seat+1 reserved")][:17]
        assert list(mine[:6]) == [1, 1, 0, 0, 1, 0]  # present, blind, not hidden, level 2
        assert mine[6 + COLOURS.index(card["bonus"])] == 1
        assert list(theirs) == [1, 1, 1, 0, 1, 0] + [0] * 11  # hidden: the level alone


def test_observation_shows_the_own_blind_reserve_that_others_cannot_see():
    """Seat 0 reserves blind; redrawing what seat 1 cannot see changes that card: seat 1's
    observation stays, seat 0's changes."""
    state = GAME.new(2, seed=11)
    state.apply(state.parse_action("reserve deck 1"))
    encode = Encoder(GAME, 2)
    changed = 0
    for seed in range(20):
        twin = state.resample_hidden(1, seed)
        assert np.array_equal(encode(twin.view(1)), encode(state.view(1)))
        assert np.array_equal(encode.observe(twin, 1), encode.observe(state, 1))
        if twin.view(0)["seats"][0]["reserved"] != state.view(0)["seats"][0]["reserved"]:
            assert not np.array_equal(encode(twin.view(0)), encode(state.view(0)))
            assert not np.array_equal(encode.observe(twin, 0), encode.observe(state, 0))
            changed += 1
    assert changed > 10


def compiled():
    module = encoder("splendor").COMPILED
    if module is None:
        pytest.skip("Splendor's compiled encoder was not built (no C compiler at install)")
    return module


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("supply", [4, 4, 4, 4, 99, 5], IndexError),  # more gems than the rules allow
        ("market", [1] * 11, ValueError),  # a slot missing
        ("market", [1] * 11 + [500], IndexError),  # no such card
        ("tokens", [(0,) * 6], ValueError),  # one seat's tokens for two seats
        ("points", ["3", 0], TypeError),
        ("reserved", [(5, 6, 7, 8), ()], ValueError),  # four reserved cards (R11 allows three)
    ],
)
def test_compiled_route_refuses_a_corrupt_state(field, value, error):
    """A state the rules could never reach is refused with the field named, never read
    beyond a table."""
    module = compiled()
    state = GAME.new(2, seed=3)
    setattr(state, field, value)
    if field == "reserved":
        state.blind = [(False,) * 4, ()]
    with pytest.raises(error, match="splendor observation"):
        module.encode(state, 0)

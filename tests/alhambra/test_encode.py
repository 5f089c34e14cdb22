"""Alhambra's observation encoders (encode.py, palaces as tile positions or as planes) entry by
entry: a plain reference encoder restates docs/observations.md block by block, by the
layout's names, and both encodings must agree with it; a placed tile shows at its cell; the
two encodings share their dense part; and the compiled route counts the longest wall as
palace.longest_wall does (S6) and refuses a state the rules could never reach.

The generic checks every encoder passes (sizes, bounds, leaks, the compiled route equal to
the view route at every decision) are in tests/rl.
"""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from eurogames.core.rng import Rng  # noqa: E402
from eurogames.games.alhambra.palace import longest_wall  # noqa: E402
from eurogames.rl.encoding import Encoder, encoder, encodings, layout  # noqa: E402

from .helpers import GAME  # noqa: E402

TYPES = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
SIDES = ("north", "east", "south", "west")
CURRENCIES = ("yellow", "green", "blue", "orange")


def one_hot(index: int, size: int) -> list[float]:
    return [float(i == index) for i in range(size)]


def reference(view: dict[str, Any], n: int, encoding: str = "tiles") -> np.ndarray:
    """The vector docs/observations.md describes, filled block by block."""
    spans = layout("alhambra", n, encoding=encoding)
    x = np.zeros(spans.size)
    r = view["seat"] or 0

    def put(name: str, values: Any) -> None:
        x[spans.span(name)] = values

    def code(card: str) -> int:
        currency, value = card.split()
        return CURRENCIES.index(currency) * 9 + int(value) - 1

    def counts(cards: list[str]) -> list[float]:
        out = [0.0] * 36
        for c in cards:
            out[code(c)] += 1 / 3
        return out

    def ids(tiles: list[Any]) -> list[float]:
        out = [0.0] * 54
        for t in tiles:
            out[(t if isinstance(t, int) else t["id"]) - 1] = 1.0
        return out

    def per_type(tiles: list[dict[str, Any]]) -> list[float]:
        return [sum(t["type"] == k for t in tiles) / 11 for k in TYPES]

    put("phase", one_hot(("action", "placing", "ending", "over").index(view["phase"]), 4))
    current = view["current_player"]
    put("current seat", one_hot((current - r) % n, n) if current >= 0 else [0.0] * n)
    put("start seat", one_hot((view["start_player"] - r) % n, n))
    put("bonus action", [float(view["bonus_action"])])
    market: list[float] = []
    for slot in view["market"]:
        t = slot["tile"]
        market += [0.0] * 12 if t is None else [
            1.0, *one_hot(TYPES.index(t["type"]), 6), t["price"] / 13,
            *(float(s in t["walls"]) for s in SIDES)]
    put("market", market)
    put("display", counts(view["display"]))
    put("deck", [view["deck"] / 110])
    put("discard", counts(view["discard"]))
    put("bag", ids(view["bag"]))
    put("scorings done", one_hot(view["scorings_done"], 3))
    windows: list[float] = []
    for card in view["scoring_cards"]:
        windows += [1.0, card["draws"][0] / 110, card["draws"][1] / 110]
    put("scoring cards", windows + [0.0] * (6 - len(windows)))
    put("bought", ids(view["bought"]))
    gifts = [0.0] * n
    for gift in view["end_gifts"]:
        gifts[(gift["seat"] - r) % n] = len(gift["tiles"]) / 4
    put("end gifts", gifts)
    dirk = view["dirk"]
    put(
        "dirk", [0.0] * 8 if dirk is None else [1.0, dirk["points"] / 100, *per_type(dirk["tiles"])]
    )
    purchase, entries = view["purchase"], [0.0] * 13  # M7: its slot, the values chosen /3
    if purchase is not None:
        entries[purchase["slot"] - 1] = 1.0
        for card in purchase["cards"]:
            entries[4 + code(card) % 9] += 1 / 3
    put("purchase", entries)
    for i in range(n):
        p = view["seats"][(r + i) % n]
        put(f"seat+{i} points", [p["points"] / 100])
        put(f"seat+{i} money", counts(p["money"]))
        totals = [0.0] * 4
        for c in p["money"]:
            totals[code(c) // 9] += (code(c) % 9 + 1) / 45
        put(f"seat+{i} money totals", totals)
        put(f"seat+{i} buildings", per_type(p["alhambra"]))
        put(f"seat+{i} longest wall", [p["longest_wall"] / 20])
        put(f"seat+{i} reserve", ids(p["reserve"]))
        put(f"seat+{i} reserve types", per_type(p["reserve"]))
        if encoding == "planes":
            planes = np.zeros((11, 25, 25))
            planes[0, 12, 12] = 1.0  # the fountain
            for t in p["alhambra"]:
                col, row = t["at"][0] + 12, t["at"][1] + 12
                planes[0, row, col] = 1.0
                planes[1 + TYPES.index(t["type"]), row, col] = 1.0
                for s in t["walls"]:
                    planes[7 + SIDES.index(s), row, col] = 1.0
            put(f"seat+{i} palace", planes.ravel())
        else:
            placed = np.zeros((54, 3))
            for t in p["alhambra"]:
                placed[t["id"] - 1] = [1.0, (t["at"][0] + 12) / 24, (t["at"][1] + 12) / 24]
            put(f"seat+{i} palace", placed.ravel())
    return x.astype(np.float32)


def positions(players: int, seed: int, every: int = 9, options: Any = None) -> list[Any]:
    rng = Rng(seed)
    state = GAME.new(players, seed=seed, options=options)
    out = []
    while not state.is_over():
        if state.ply % every == 0:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return [*out, state]


@pytest.mark.parametrize("encoding", encodings("alhambra"))
@pytest.mark.parametrize(("players", "options"), [
    (2, {"dirk": True}), (2, {"dirk": False}), (3, None), (4, None), (5, None), (6, None),
])
def test_encoder_follows_the_documented_layout(players, options, encoding):
    encode = Encoder("alhambra", players, options, encoding=encoding)
    for state in positions(players, seed=players, options=options):
        for seat in [*range(players), None]:
            view = state.view(seat)
            got = encode(view)
            assert got.dtype == np.float32
            np.testing.assert_allclose(got, reference(view, players, encoding), rtol=0, atol=1e-6)


def test_a_placed_tile_lights_its_cell_on_the_documented_planes():
    for state in positions(2, seed=3, every=1):
        placed = state.view(0)["seats"][0]["alhambra"]
        if placed:
            break
    tile = placed[0]
    x, y = tile["at"]
    planes = Encoder(GAME, 2, encoding="planes")(state.view(0))
    planes = planes[layout("alhambra", 2, encoding="planes").span("seat+0 palace")]
    planes = planes.reshape(11, 25, 25)
    kind = TYPES.index(tile["type"])
    assert planes[0, y + 12, x + 12] == 1 and planes[1 + kind, y + 12, x + 12] == 1
    walls = [s for s in range(4) if planes[7 + s, y + 12, x + 12]]
    assert walls == [SIDES.index(w) for w in tile["walls"]]
    assert planes[0, 12, 12] == 1  # the fountain
    assert planes[0].sum() == len(placed) + 1


def test_a_placed_tile_has_its_cell_in_the_tiles_encoding():
    """The default encoding: per tile id, placed, then x + 12 and y + 12 over 24."""
    for state in positions(3, seed=5, every=1):
        placed = state.view(1)["seats"][1]["alhambra"]
        if len(placed) >= 2:
            break
    encode = Encoder("alhambra", 3)
    assert encode.encoding == "tiles"
    tiles = encode(state.view(1))[layout("alhambra", 3).span("seat+0 palace")].reshape(54, 3)
    assert tiles[:, 0].sum() == len(placed)
    for tile in placed:
        x, y = tile["at"]
        assert list(tiles[tile["id"] - 1]) == pytest.approx([1, (x + 12) / 24, (y + 12) / 24])
    # seen from the next seat, the same Alhambra is the last seat's block of 3
    other = encode(state.view(2))[layout("alhambra", 3).span("seat+2 palace")]
    assert np.array_equal(other, tiles.ravel())


def test_both_encodings_encode_the_same_view():
    """The two encodings differ only in their palace blocks."""
    for state in positions(4, seed=8, every=11):
        views = {e: Encoder("alhambra", 4, encoding=e)(state.view(2)) for e in ("tiles", "planes")}
        spans = {e: layout("alhambra", 4, encoding=e) for e in views}
        dense = spans["planes"].starts["seat+0 palace"]
        assert spans["tiles"].starts["seat+0 palace"] == dense
        assert views["tiles"][:dense].tobytes() == views["planes"][:dense].tobytes()


def test_m7_a_purchase_in_progress_is_in_the_observation():
    """Between `buy <slot>` and `confirm` the legal actions depend on the purchase, so the
    observation holds it: the slot, then the values chosen so far (every route alike)."""
    for seed in range(200):  # `buy <slot>` is offered where the cards can overpay
        state = GAME.new(2, seed=seed)
        opening = next((a for a in state.legal_actions() if a.kind == "purchase"), None)
        if opening is not None:
            break
    else:
        pytest.fail("no seed opens with a purchase")
    block = layout("alhambra", 2).span("purchase")
    encode = Encoder("alhambra", 2, check=True)  # every route, checked against the view
    seat = state.current_player
    assert not encode.observe(state, seat)[block].any()
    state.apply(opening)
    x = encode.observe(state, seat)[block]
    assert x[opening.slot] == 1 and x.sum() == 1
    pay = next(a for a in state.legal_actions() if a.kind == "pay")
    state.apply(pay)
    x = encode.observe(state, seat)[block]
    assert x[4 + pay.card % 9] == np.float32(1 / 3)


# -- the compiled route ------------------------------------------------------------------------
def compiled():
    module = encoder("alhambra").COMPILED
    if module is None:
        pytest.skip("Alhambra's compiled encoder was not built (no C compiler at install)")
    return module


def test_compiled_longest_wall_is_the_palace_s():
    """The C port of palace.longest_wall (S6) agrees on every Alhambra of random games."""
    module = compiled()
    seen = set()
    for seed in range(6):
        state = GAME.new(3, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            for grid, cells in zip(state.grids, state.cells, strict=True):
                if grid not in seen:
                    seen.add(grid)
                    assert module.longest_wall(grid, cells) == longest_wall(grid, cells)
    assert len(seen) > 200


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("market", (1, 2, 3), ValueError),  # a slot missing
        ("market", (1, 2, 3, 99), IndexError),  # no such tile
        ("bag", (0, 5), IndexError),  # tile 0 is no tile
        ("hands", [(0,) * 35, (0,) * 36], ValueError),  # a hand short of a money card
        ("points", [1, "2"], TypeError),
        ("grids", [bytearray(27 * 27), bytes(27 * 27)], TypeError),  # grids are bytes
        ("queue", ((5, (1,)),), IndexError),  # an end gift to a seat not at the table
        ("dirk", (1, 99), IndexError),  # no such tile
        ("purchase", (4, ()), IndexError),  # no market slot 5
        ("purchase", (0, (36,)), IndexError),  # no such money card
        ("purchase", [0, ()], TypeError),  # a purchase is a (slot, cards) tuple
    ],
)
@pytest.mark.parametrize("encoding", encodings("alhambra"))
def test_compiled_route_refuses_a_corrupt_state(field, value, error, encoding):
    compiled()
    encode = encoder("alhambra", encoding).compiled
    state = GAME.new(2, seed=3)
    setattr(state, field, value)
    with pytest.raises(error, match="alhambra observation"):
        encode(state, 0)


@pytest.mark.parametrize("encoding", encodings("alhambra"))
def test_compiled_route_refuses_a_tile_off_the_square(encoding):
    """A grid value that is no tile, in a cell the palace holds, is refused, not encoded."""
    compiled()
    encode = encoder("alhambra", encoding).compiled
    state = GAME.new(2, seed=3)
    grid = bytearray(state.grids[0])
    cell = state.cells[0][0]  # the fountain's cell
    grid[cell + 1] = 99
    state.grids = [bytes(grid), state.grids[1]]
    state.cells = [(*state.cells[0], cell + 1), state.cells[1]]
    with pytest.raises(IndexError, match="alhambra observation: cell .* holds 99"):
        encode(state, 0)


@pytest.mark.parametrize("encoding", encodings("alhambra"))
def test_compiled_route_reads_hands_changed_in_place(encoding):
    """A hand held in a list (a state rebuilt from JSON) is read afresh every time."""
    compiled()
    encode = encoder("alhambra", encoding).compiled
    view_route = encoder("alhambra", encoding).encode
    state = GAME.new(2, seed=6)
    state.hands = [list(hand) for hand in state.hands]
    for step in range(3):
        state.hands[1][4] += 1  # one more "yellow 5", in place
        state.hands[0][30] = step  # and another count, in place
        assert bytes(encode(state, 0)) == view_route(state.view(0), 2).tobytes()

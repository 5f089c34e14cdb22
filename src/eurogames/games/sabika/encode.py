"""Sabika as numbers for learning agents: one seat's observation, from its view alone.

The learning adapters (``eurogames.rl``) call ``encode(state.view(seat), players)``. Only the
view is read, so deck orders and other seats' unrevealed start tiles (I1, I2) never reach the
vector. Seats are ordered from the observer on. Counts are scaled by a typical size and
clipped to the block's bound; ``layout`` names every block.

>>> import eurogames
>>> state = eurogames.load("sabika").new(2, seed=1)
>>> vector = encode(state.view(0), 2)
>>> vector.shape == (observation_size(2),)
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eurogames.core.encoding import (
    Block,
    Layout,
    compiled_module,
    compiled_routes,
    current_seat_block,
    observer_seat,
    seat_label,
)
from eurogames.games.sabika import actions as A
from eurogames.games.sabika.data import DATA

PHASES = ("start", "play", "over")
FRAMES = ("start", "turn", "prod", "build", "warehouse", "grant", "tx", "fx", "split", "choose",
          "take_mat", "take_raw", "take_goods", "process", "favour", "reward", "mn4", "mn14",
          "mn17", "discard", "tribute", "first")
SPACES = (tuple(f"o{i}" for i in range(1, 10)) + tuple(f"m{i}" for i in range(1, 8))
          + tuple(f"i{i}" for i in range(1, 8)))  # the 3-4-player side's spaces (V1)
RAW_SLOTS = ("r1", "r2", "r3", "r4", "r5")
MARBLE_SLOTS = ("k1", "k2")
CITIES = A.CITIES
MAJORS = tuple(m.id for m in DATA.major_poems)
WISHES = tuple(w.id for w in DATA.wishes)
COLOURS = DATA.colours
TYPES = ("palace", "fountain", "gate", "garden", "tower", "window")
N_LARGE = len(DATA.large_buildings)
N_SMALL = len(DATA.small_buildings)
N_MINOR = len(DATA.minor_poems)
N_WH = len(DATA.warehouse_tiles)
N_CITY_TILES = len(DATA.city_tiles)
N_TRADE = len(DATA.trade_cards)


def _seat_blocks(offset: int) -> list[Block]:
    who = seat_label(offset)
    return [
        Block(f"seat+{offset} counts", 9, 2.0, f"{who}: dinars /20, paria /10, favour /6, "
              "seals /9, balances /5, blue, red, grey poems /5, score /50 (from -20)"),
        Block(f"seat+{offset} store", 14, 2.0, f"{who}: materials (plaster, wood, marble, "
              "glazed) /5, goods in warehouses /5, goods on MN16 /2, raws held, capacity /12"),
        Block(f"seat+{offset} ships", 2 * len(CITIES), 1.0, f"{who}: per city (data order) "
              "a ship on the left, a ship on the right"),
        Block(f"seat+{offset} workers", 4 * (len(SPACES) + 2), 1.0, f"{who}: per worker "
              "(b1, b2, m, p) its space one-hot (o1–o9, m1–m7, i1–i7), in the workshop, "
              "standing"),
        Block(f"seat+{offset} buildings", 6 + len(COLOURS), 2.0, f"{who}: buildings per type "
              "(palace, fountain, gate, garden, tower, window) /5, the balance card's colour"),
    ]


def layout(players: int, options: dict[str, Any] | None = None) -> Layout:
    n = players
    blocks = [
        Block("phase", len(PHASES), 1.0, "one-hot: start tiles, play, over"),
        current_seat_block(n),
        Block("decision", len(FRAMES), 1.0, "one-hot of the pending frame; all 0 at a turn's "
              "start (choosing a worker)"),
        Block("round", 5, 1.0, "one-hot of the round 1–5"),
        Block("wheel", len(SPACES) * (n + 1), 2.0, "per space o1–o9, m1–m7, i1–i7: workers "
              "there per seat (relative), then the Sultan's workers there"),
        Block("raws", len(RAW_SLOTS) * 4, 1.0, "per raw slot r1–r5: empty, sugarcane, clay, "
              "silk"),
        Block("marble", len(MARBLE_SLOTS), 1.0, "marble on k1, k2"),
        Block("large", N_LARGE, 1.0, "large building tiles on the board"),
        Block("small", 2 * N_SMALL, 1.0, "small building cards on display, then discarded"),
        Block("minor", N_MINOR, 1.0, "minor poems on display"),
        Block("major", len(MAJORS), 1.0, "major poems on display (data order)"),
        Block("warehouse tiles", N_WH, 1.0, "warehouse tiles on display"),
        Block("piles", 4, 1.0, "small deck /36, minor deck /22, the two warehouse stacks /12"),
        Block("cities", len(CITIES) * (N_CITY_TILES + 1), 1.0, "per city: its tile one-hot, "
              "then its seal still there"),
        Block("trade", N_TRADE, 1.0, "the trade card one-hot"),
        Block("wishes", 3 * len(WISHES) + 1, 1.0, "the wish tiles after rounds 1, 3, 5 "
              "one-hot each, then the tower's size /3"),
        Block("tokens", 10, 1.0, "bag per kind /8, discards per kind /8, material supply /30"),
    ]
    for offset in range(n):
        blocks += _seat_blocks(offset)
    if n == 1:  # solo: Yusuf, part of the game and not a seat (YS1, Q52)
        blocks += [
            Block("yusuf counts", 14, 2.0, "solo, Yusuf: score /50 (from -20), paria /10, "
                  "favour /6, seals /9, worker tiles face down /4, turned /4, deck sizes "
                  "(master builder /12, merchant /7, poet /7), large and small buildings /5, "
                  "minor and major poems /5, warehouse tiles /5"),
            Block("yusuf ships", 2 * len(CITIES), 1.0, "solo, Yusuf: per city (data order) "
                  "a ship on the left, a ship on the right"),
            Block("yusuf workers", 4 * (len(SPACES) + 1), 1.0, "solo, Yusuf: per worker "
                  "(b1, b2, m, p) its space one-hot (o1–o9, m1–m7, i1–i7), beside his board"),
        ]
    return Layout(blocks)


def observation_size(players: int, options: dict[str, Any] | None = None) -> int:
    return layout(players).size


def _clip(x: float, high: float) -> float:
    return max(0.0, min(high, x))


def encode(view: dict[str, Any], players: int) -> np.ndarray:
    me = observer_seat(view, players, "sabika", "Sabika", (1, 2, 3, 4))
    n = players
    rel = [(s - me) % n for s in range(n)]
    out: list[float] = []
    add = out.extend
    add(1.0 if view["phase"] == ph else 0.0 for ph in PHASES)
    cur = view["current_player"]
    add(1.0 if cur >= 0 and rel[cur] == i else 0.0 for i in range(n))
    top = view["stack"][-1]["k"] if view["stack"] else None
    add(1.0 if top == f else 0.0 for f in FRAMES)
    add(1.0 if view["round"] == r else 0.0 for r in range(1, 6))
    for space in SPACES:
        counts = [0.0] * n
        for s, p in enumerate(view["p"]):
            counts[rel[s]] += sum(1 for w in p["work"] if w == space)
        add(_clip(c, 2.0) for c in counts)
        out.append(_clip(sum(1 for x in view["sultans"] if x == space), 2.0))
    for slot in RAW_SLOTS:
        g = view["raws"].get(slot, -1)
        add(1.0 if g == k - 1 else 0.0 for k in range(4))
    add(float(view["marble"].get(slot, 0)) for slot in MARBLE_SLOTS)
    add(1.0 if t in view["large"] else 0.0 for t in range(1, N_LARGE + 1))
    add(1.0 if c in view["small"] else 0.0 for c in range(1, N_SMALL + 1))
    add(1.0 if c in view["small_discard"] else 0.0 for c in range(1, N_SMALL + 1))
    add(1.0 if c in view["minor"] else 0.0 for c in range(1, N_MINOR + 1))
    add(1.0 if m in view["major"] else 0.0 for m in MAJORS)
    add(1.0 if t in view["whd"] else 0.0 for t in range(1, N_WH + 1))
    add((_clip(view["small_deck"] / 36, 1.0), _clip(view["minor_deck"] / 22, 1.0),
         _clip(view["stacks"]["left"] / 12, 1.0), _clip(view["stacks"]["right"] / 12, 1.0)))
    for c in CITIES:
        add(1.0 if view["cities"][c] == t else 0.0 for t in range(1, N_CITY_TILES + 1))
        out.append(1.0 if c in view["seals"] else 0.0)
    add(1.0 if view["trade"] == t else 0.0 for t in range(1, N_TRADE + 1))
    for w in view["wishes"]:
        add(1.0 if w == x else 0.0 for x in WISHES)
    out.append(len(view["tower"]) / 3)
    add(_clip(x / 8, 1.0) for x in view["bag"])
    add(_clip(x / 8, 1.0) for x in view["discards"])
    add(_clip(x / 30, 1.0) for x in view["supply"])
    tiles = DATA.warehouse_tiles
    for offset in range(n):
        s = (me + offset) % n
        p = view["p"][s]
        add((_clip(p["dinars"] / 20, 2.0), _clip(p["paria"] / 10, 2.0), p["favour"] / 6,
             p["seals"] / 9, _clip(p["balances"] / 5, 2.0), _clip(len(p["blue"]) / 5, 2.0),
             _clip(len(p["red"]) / 5, 2.0), len(p["grey"]) / 5,
             _clip((view["scores"][s] + 20) / 50, 2.0)))
        add(_clip(m / 5, 2.0) for m in p["mat"])
        add(_clip(g / 5, 2.0) for g in p["goods"])
        add(g / 2 for g in p["store"])
        add(float(r) for r in p["raw"])
        capacity = sum(1 + sum(tiles[t - 1].boxes for t in h[1:]) for h in p["houses"])
        out.append(_clip(capacity / 12, 2.0))
        for c in CITIES:
            side = p["ships"].get(c, 0)
            add((float(side == 1), float(side == 2)))
        for w in range(4):
            add(1.0 if p["work"][w] == x else 0.0 for x in SPACES)
            add((float(p["work"][w] == ""), float(p["up"][w])))
        types = [DATA.large_buildings[t - 1].type for t in p["large"]]
        types += [DATA.small_buildings[t - 1].type for t in p["row"] if t]
        add(_clip(types.count(t) / 5, 2.0) for t in TYPES)
        add(1.0 if p["colour"] == c else 0.0 for c in COLOURS)
    if n == 1:
        _yusuf(view["y"], view["yusuf_score"], out)
    return np.asarray(out, dtype=np.float32)


def _yusuf(y: dict[str, Any], score: int, out: list[float]) -> None:
    """Solo: Yusuf's public holdings (the view's ``y``; his tiles and decks as counts)."""
    out.extend((_clip((score + 20) / 50, 2.0), _clip(y["paria"] / 10, 2.0), y["favour"] / 6,
                _clip(y["seals"] / 9, 2.0), y["tiles"] / 4, len(y["turned"]) / 4,
                y["decks"]["master_builder"] / 12, y["decks"]["merchant"] / 7,
                y["decks"]["poet"] / 7, _clip(len(y["large"]) / 5, 2.0),
                _clip(len(y["small"]) / 5, 2.0), _clip(len(y["minors"]) / 5, 2.0),
                _clip(len(y["majors"]) / 5, 2.0), _clip(len(y["houses"]) / 5, 2.0)))
    for c in CITIES:
        side = y["ships"].get(c, 0)
        out.extend((float(side == 1), float(side == 2)))
    for w in range(4):
        out.extend(1.0 if y["work"][w] == x else 0.0 for x in SPACES)
        out.append(float(y["work"][w] == ""))


# -- the compiled route (_cencode.c), where it was built -----------------------------------------
# It reads the state's fields, only what the view shows (I1–I4): the sizes of the decks, the
# warehouse stacks and Yusuf's face-down tiles and decks, never their contents; with
# ``wishes_face_down`` only the wish tiles already in the tower (Q41); nothing of the start
# tiles (I2), the events or the generator. It copies float32 pieces from the tables below,
# each computed here once by the view route's own arithmetic above, so that both routes give
# the very same bytes (tests/rl/test_compiled_route.py checks it at every decision of many
# games). A count past a clipped entry's bound is read as the bound (the clip's own value);
# a count the rules never allow in an entry that is not clipped is refused.
def _f32(values: Any) -> bytes:
    return np.array(values, np.float32).tobytes()


def _int32(values: Any) -> bytes:
    return np.array(values, np.int32).tobytes()


def _per_count(value: Any, most: int) -> bytes:
    """``value(k)`` as float32 for every count ``k`` from 0 to ``most``, as ``encode``
    computes the entry (a double, then float32)."""
    return _f32([value(k) for k in range(most + 1)])


def _compiled_tables() -> dict[str, Any]:
    types = {t: i for i, t in enumerate(TYPES)}  # a building of another type counts nowhere
    return {
        # clipped entries: the table ends where the clip holds (a larger count reads its end)
        "wheel": _per_count(lambda c: _clip(c, 2.0), 2),
        "small_deck": _per_count(lambda k: _clip(k / 36, 1.0), 36),
        "minor_deck": _per_count(lambda k: _clip(k / 22, 1.0), 22),
        "stack": _per_count(lambda k: _clip(k / 12, 1.0), 12),
        "bag": _per_count(lambda x: _clip(x / 8, 1.0), 8),  # the bag and the discards
        "supply": _per_count(lambda x: _clip(x / 30, 1.0), 30),
        "dinars": _per_count(lambda k: _clip(k / 20, 2.0), 40),
        "paria": _per_count(lambda k: _clip(k / 10, 2.0), 20),  # a seat's and Yusuf's
        "fifth": _per_count(lambda k: _clip(k / 5, 2.0), 10),  # balances, poems, materials…
        "score": _per_count(lambda k: _clip(k / 50, 2.0), 100),  # score + 20, from 0
        "capacity": _per_count(lambda c: _clip(c / 12, 2.0), 24),
        "yusuf_seals": _per_count(lambda k: _clip(k / 9, 2.0), 18),
        # entries not clipped: the table holds what the rules allow, and no more
        "marble": _per_count(float, 1),  # a marble on a slot or none
        "tower": _per_count(lambda k: k / 3, 3),  # the three wish tiles of a game
        "favour": _per_count(lambda k: k / 6, len(DATA.favour_rewards) - 1),  # F1
        "seals": _per_count(lambda k: k / 9, len(CITIES)),  # a seal per city
        "grey": _per_count(lambda k: k / 5, len(MAJORS)),
        "store": _per_count(lambda g: g / 2, 4),  # MN16's boxes (data: at most 4)
        "raw": _per_count(float, 1),  # 0/1 per kind on the workshop
        "tiles": _per_count(lambda k: k / 4, len(DATA.bot_worker_tiles)),  # Yusuf's, turned
        "master_builder": _per_count(lambda k: k / 12, len(DATA.bot_cards["master_builder"])),
        "merchant": _per_count(lambda k: k / 7, len(DATA.bot_cards["merchant"])),
        "poet": _per_count(lambda k: k / 7, len(DATA.bot_cards["poet"])),
        # integer tables, per id (entry 0, no tile, is refused before it is read)
        "boxes": _int32([0, *(t.boxes for t in DATA.warehouse_tiles)]),
        "large_type": _int32([-1, *(types.get(b.type, -1) for b in DATA.large_buildings)]),
        "small_type": _int32([-1, *(types.get(b.type, -1) for b in DATA.small_buildings)]),
        "sizes": _int32([observation_size(n) if n else 0 for n in range(5)]),
        # the names the state holds, in the layout's orders
        "names": {"phases": PHASES, "frames": FRAMES, "spaces": SPACES, "raw_slots": RAW_SLOTS,
                  "marble_slots": MARBLE_SLOTS, "cities": CITIES, "majors": MAJORS,
                  "wishes": WISHES, "colours": COLOURS, "types": TYPES,
                  "decks": ("master_builder", "merchant", "poet")},
    }


COMPILED = compiled_module(__name__, _compiled_tables())
encode_state, encode_state_into = compiled_routes(COMPILED.encode if COMPILED else None)

__all__ = ["encode", "encode_state", "encode_state_into", "layout", "observation_size"]

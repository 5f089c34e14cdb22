"""Agra as numbers for learning agents: one seat's observation, from its view alone.

The learning adapters (``eurogames.rl``) find this module beside the rules and call
``encode(state.view(seat), players)``. Only the view is read, so another seat's rupees (I1)
and the favour stack's order (I3) never reach the vector. Seats are ordered from the observer
on (the observer first, then the seats after it in turn order). Counts are scaled by a
typical size; docs/observations.md lists every entry (``layout`` is its source).

>>> import eurogames
>>> state = eurogames.load("agra").new(2, seed=1)
>>> vector = encode(state.view(0), 2)
>>> vector.shape == (observation_size(2),), float(vector[layout(2).span("phase")][0])
(True, 1.0)
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

PHASES = ("meditation", "action", "order", "over")
FRAMES = ("architect", "boatman", "trader", "botanist", "produce", "process", "price_after",
          "follow", "bonus", "cover", "dyer", "stand", "reward", "discard", "gain", "cook",
          "jagir", "influence", "sadr", "tile", "reclaim")
RING = ("deliver", "process", "remove_cover", "trade")
SQUARES = 7  # the longest farm track (option farm_spaces_per_track)


def _seat_blocks(offset: int) -> list[Block]:
    who = seat_label(offset)
    return [
        Block(f"seat+{offset} rupees", 2, (1.0, 10.0),
              f"{who}: rupees known (1 for the observer, or once the game is over), "
              "then the rupees /50, at most 10 (0 when hidden, I1)"),
        Block(f"seat+{offset} markers", 1, 1.0, f"{who}: player markers in the supply /22"),
        Block(f"seat+{offset} goods", 16, 4.4, f"{who}: goods held per good "
              "(the goods table's order) /5"),
        Block(f"seat+{offset} favour", 1, 2.2, f"{who}: favour points /10"),
        Block(f"seat+{offset} workers", 2, 1.0, f"{who}: workers in the supply /10, on the "
              "Cook /2"),
        Block(f"seat+{offset} meditation", 1, 2.0, f"{who}: meditation level /6"),
        Block(f"seat+{offset} farm", 4 + 4 * SQUARES, 1.0, f"{who}: farmer square per track "
              f"/{SQUARES}, then a cover flag per track and square"),
        Block(f"seat+{offset} covers removed", 1, 1.0, f"{who}: cover tiles removed /8"),
        Block(f"seat+{offset} influence", 3, 1.0, f"{who}: influence per guild /10"),
        Block(f"seat+{offset} favour tiles", 14, 1.0, f"{who}: favour tiles held (t1–t14)"),
        Block(f"seat+{offset} french", 3, 1.0, f"{who}: French merchant slots filled"),
    ]


def layout(players: int, options: dict[str, Any] | None = None) -> Layout:
    n = players
    blocks = [
        Block("phase", len(PHASES), 1.0, "one-hot: meditation, action, order, over"),
        current_seat_block(n),
        Block("decision", len(FRAMES), 1.0, "one-hot of the pending decision inside an action "
              "(architect … reclaim); all 0 at the turn's own decisions"),
        Block("turn", 4, (5.0, 1.2, 1.0, 1.0), "MP /10 (at most 5), workers laid /10, a "
              "meditation action taken, the order phase used"),
        Block("spaces", 20 * (n + 1), 1.0, "4 characters then 16 buildings in reading order: "
              "the occupant one-hot relative to the observer, then standing"),
        Block("buildings", 16 * 4, (1.0, 10.0, 1.0, 1.0) * 16, "per building: built, rupees "
              "on it /5 (at most 10), the wandering merchant there, the builder there"),
        Block("prices", 3 * 17, 1.0, "per price marker: the good one-hot (all 0 at the "
              "Trader), then its face (1 for +1)"),
        Block("ring", len(RING), 1.0, "one-hot of the meditation action covered"),
        Block("notables", 24 * (2 + 2 * n), 1.0, "per notable 1–24: on the river, "
              "open for deliveries, the owner one-hot relative, markers per seat /6"),
        Block("boat", 6 + 4, 1.0, "the boat's dock one-hot, contracts completed per level /5"),
        Block("orders", 3 * 6 * (n + 2) + 1, 1.0, "per guild and order: the holder one-hot "
              "relative, neutral, the order marker there; then the order limit /6"),
        Block("bowls", 12 * (n + 1), 1.0, "per bowl: the holder one-hot relative, neutral"),
        Block("favour display", 15, 1.0, "favour tiles t1–t14 in the display, then the stack "
              "size /14"),
        Block("bonus tiles", 12, 1.0, "bonus tiles 2a–4d still on the board"),
        Block("end", 2, 1.0, "the end triggered, turns left /8 (E2)"),
    ]
    for offset in range(n):
        blocks += _seat_blocks(offset)
    return Layout(blocks)


def observation_size(players: int, options: dict[str, Any] | None = None) -> int:
    return layout(players).size


def encode(view: dict[str, Any], players: int) -> np.ndarray:
    me = observer_seat(view, players, "agra", "Agra", (2, 3, 4))
    n = players
    rel = [(s - me) % n for s in range(n)]
    out: list[float] = []
    add = out.extend
    add(1.0 if view["phase"] == ph else 0.0 for ph in PHASES)
    cur = view["current_player"]
    add(1.0 if cur >= 0 and rel[cur] == i else 0.0 for i in range(n))
    top = view["stack"][-1]["k"] if view["stack"] else None
    add(1.0 if top == f else 0.0 for f in FRAMES)
    turn = view["turn"]
    add((min(turn["mp"] / 10, 5.0), min(turn["laid"] / 10, 1.2), float(turn["meditated"]),
         float(turn["ordered"])))

    def holder(x: Any, neutral: bool) -> list[float]:
        cells = [0.0] * (n + (1 if neutral else 0))
        if x is not None:
            if x == -2:
                cells[n] = 1.0
            else:
                cells[rel[x]] = 1.0
        return cells

    for w in view["spaces"]:
        add(holder(None if w is None else w[0], False))
        out.append(1.0 if w is not None and w[1] else 0.0)
    for b in range(16):
        add((float(view["built"][b]), min(view["coins"][b] / 5, 10.0), float(view["merchant"] == b),
             float(view["builder"] == b)))
    for m in view["prices"]:
        add(1.0 if m is not None and m[0] == g else 0.0 for g in range(16))
        out.append(1.0 if m is not None and m[1] > 0 else 0.0)
    add(1.0 if view["covered"] == r else 0.0 for r in RING)
    river = {x["id"]: x for x in view["river"]}
    open_levels = set(view.get("open_levels", ()))
    for i in range(1, 25):
        x = river.get(i)
        out.append(float(x is not None))
        out.append(float(x is not None and x["owner"] is None and i in open_levels))
        add(holder(None if x is None else x["owner"], False))
        counts = [0] * n
        if x is not None:
            for slot in x["slots"]:
                for s in slot:
                    counts[rel[s]] += 1
        add(c / 6 for c in counts)
    add(1.0 if view["boat"] == dock else 0.0 for dock in range(1, 7))
    add(c / 5 for c in view["contracts"])
    for u in range(3):
        for pos in range(6):
            add(holder(view["orders"][u][pos], True))
            out.append(float(view["order_at"][u] == pos))
    out.append(view["limit"] / 6)
    for b in view["bowls"]:
        add(holder(b, True))
    add(1.0 if t in view["display"] else 0.0 for t in range(1, 15))
    out.append(view["stack_tiles"] / 14)
    add(1.0 if t in view["bonus_left"] else 0.0 for t in range(12))
    add((float(view["left"] is not None), (view["left"] or 0) / 8))
    for offset in range(n):
        p = view["p"][(me + offset) % n]
        known = p["rupees"] is not None
        add((float(known), min((p["rupees"] or 0) / 50, 10.0), p["markers"] / 22))
        add(g / 5 for g in p["goods"])
        add((p["favour"] / 10, p["workers"] / 10, p["cook"] / 2, p["level"] / 6))
        add(f / SQUARES for f in p["farmers"])
        for covers in p["covers"]:
            add(1.0 if i in covers else 0.0 for i in range(1, SQUARES + 1))
        out.append(p["removed"] / 8)
        add(v / 10 for v in p["influence"])
        add(1.0 if t in p["tiles"] else 0.0 for t in range(1, 15))
        add(1.0 if x >= 0 else 0.0 for x in p["french"])
    return np.asarray(out, dtype=np.float32)


# -- the compiled route (_cencode.c), where it was built -----------------------------------------
# It reads the state's position (only what the view shows: another seat's rupees once the game
# is over, I1; the favour stack's size, never its order, I3) and copies float32 pieces from
# these tables, each computed here once by the view route's own arithmetic above (a double
# quotient, capped where encode caps it, then float32), so that both routes give the very same
# bytes (tests/rl/test_compiled_route.py checks it at every decision of many games).
def _per_count(scale: float, most: int) -> bytes:
    """``k / scale`` as float32 for every count ``k`` up to ``most``, as ``encode`` computes it.
    The compiled route refuses a count beyond its table: the rules never allow one."""
    return np.array([k / scale for k in range(most + 1)], np.float32).tobytes()


def _capped(scale: float, cap: float) -> bytes:
    """``min(k / scale, cap)`` as float32 up to the first count at the cap: the compiled route
    takes the last entry for every count beyond it, as ``min`` gives the cap there."""
    values = [min(k / scale, cap) for k in range(int(cap * scale) + 1)]
    if values[-1] != cap:
        raise RuntimeError(f"the table of /{scale} does not end at its cap {cap}")
    return np.array(values, np.float32).tobytes()


def _compiled_tables() -> dict[str, Any]:
    from eurogames.games.agra.actions import TILES
    from eurogames.games.agra.game import GAME

    t = GAME.tables
    most_players = GAME.max_players
    return {
        "mp": _capped(10, 5.0),
        "laid": _capped(10, 1.2),
        "coins": _capped(5, 10.0),
        "rupees": _capped(50, 10.0),
        # a seat's markers on one notable: bounded by its slots times the seats
        "notable_markers": _per_count(6, max(map(len, t.n_contract.values())) * most_players),
        "contracts": _per_count(5, len(t.n_level)),  # completed contracts: notables at most
        "limit": _per_count(6, len(t.orders[0])),  # the limit never passes a column's orders
        "stack_tiles": _per_count(14, len(TILES)),
        "left": _per_count(8, 2 * most_players),  # E2: the round's rest and one more at most
        "markers": _per_count(22, t.markers),  # H7: a seat's markers are counted
        "goods": _per_count(5, t.markers),  # H3: goods held are markers
        "favour": _per_count(10, t.markers),  # F1: favour points are markers
        "workers": _per_count(10, t.workers),
        "cook": _per_count(2, 2),  # N8: the Cook stores two workers
        "level": _per_count(6, t.med_levels),
        "farmers": _per_count(SQUARES, SQUARES),
        "removed": _per_count(8, 4 * SQUARES),  # every square of the four tracks
        "influence": _per_count(10, t.influence_top),
        "sizes": np.array(
            [observation_size(n) if n >= 2 else 0 for n in range(most_players + 1)], np.int32
        ).tobytes(),
        "phases": PHASES,
        "frames": FRAMES,
        "ring": RING,
    }


COMPILED = compiled_module(__name__, _compiled_tables())
encode_state, encode_state_into = compiled_routes(COMPILED.encode if COMPILED else None)

__all__ = ["encode", "encode_state", "encode_state_into", "layout", "observation_size"]

"""Agra's evaluation and playout policy, the game knowledge behind the generic bots.

``evaluate`` turns a position into a number in [-1, 1] for one seat; ``greedy`` ranks its
moves by it and ``mcts`` scores truncated playouts with it. ``rollout_action`` is the cheap
policy those playouts follow. Both read only what the seat may see (I1–I5): everything on
the boards, but never another seat's rupees (they are in its bag, I1), the favour stack's
order nor the generator (I3), so they are safe on the real state as well as on a
determinization. Another seat's rupees are estimated from what it has visibly done (bonus
tiles taken, orders completed, contracts won, goods on notables), never read.

The model values each seat in the rupees it can expect by the end (E3):

- its bag: its own rupees for the seat evaluated, the public estimate above for the others;
- what the final scoring would give if the game ended now: notables' end rupees (N17–N24),
  guild majorities (E4), the top meditation level (E5), covers removed (E6), tributes (E7);
- what it holds that turns into rupees later, worth less as the end comes near: goods (by
  value, more when an open order, an unfilled notable slot or an empty bowl asks for them),
  favour, influence (orders pay more, rewards at levels 3 and 6, the majorities), goods on
  notables (a contract or favour, D8–D10), contracts' abilities, meditation levels, standing
  workers (MP next turn, favour when bumped), favour tiles, the farm's production;
- the decision in hand: a production, processing, Boatman or Architect action just begun
  counts as done at its best (a one-ply bot must see what a placement is for), unspent MP
  count in the meditation phase.

The difference between the seat and its strongest opponent is squashed with ``tanh``.
"""

from __future__ import annotations

from math import tanh

from eurogames.core.action import Action
from eurogames.core.rng import Rng
from eurogames.games.agra.rules import (
    COURT_PAINTER,
    DIWAN,
    DUTCH,
    IMAM,
    MUFTI,
    NEUTRAL,
    SADR,
    SUBAHDAR,
    AgraState,
)

GUILD_COUNT = 3

# -- weights, in rupees (points) ------------------------------------------------------------
GOOD_WORTH = (0.0, 0.5, 1.1, 1.8)  # by current value: a share of what it turns into (kept low
# so that delivering, ordering and paying tribute beat holding)
NEEDED = 0.7  # a good an open order, an unfilled notable slot or an empty bowl asks for now
FAVOUR_VALUE = 0.6  # favour actions turn 2–3 favour into a good, a level, a delivery
INFLUENCE_VALUE = 0.5  # per level: orders pay more (O7), rewards at 3 and 6 (G4)
INFLUENCE_OPENS = 1.0  # the first level of a guild: its orders can be completed (O6)
ON_NOTABLE = 1.2  # a good on an unresolved notable: a share of a contract, else 1 favour (D10)
CONTRACT_VALUE = 2.5  # an ability owned (once-per-game effects already applied, D9)
LEVEL_VALUE = 1.0  # per meditation level above 1: more MP every turn, the top pays 5 (E5)
STANDING_VALUE = 0.6  # a standing worker on the board: MP next turn, favour when bumped (W4)
SUPPLY_VALUE = 0.3  # a worker in the supply: a placement without overtime (W5, W6)
TILE_VALUE = 1.0  # a favour tile: another action to spend favour on
PRODUCTION_VALUE = 0.25  # per unit of the best production value on the farm (A3)
MP_VALUE = 0.45  # an unspent MP in the meditation phase (lost at the placement, M4)
ORDER_RUPEES = 3.0  # what a completed order paid, for another seat's estimated bag (O7)
CONTRACT_RUPEES = 2.5  # what winning a contract paid in deliveries, for the estimate (D3)
MARKER_RUPEES = 1.5  # what a good now on a notable paid when it was delivered (D3)
FUTURE_ORDER = 1.0  # orders each seat may still complete per guild, for the majorities (E4)
SHORTAGE = 1.0  # per marker below SHORTAGE_AT in the supply: a seat without markers gains nothing
SHORTAGE_AT = 5  # (H7, Q47)
HOARD_AT = 8  # goods held beyond this many tie up markers and rarely all find a use:
HOARD = 0.4  # each one costs this much
SCALE = 20.0  # points of lead that make a position about 76% "won" (tanh 1)


def _horizon(state: AgraState) -> float:
    """How much of the game is left, from 1 (the start) down to 0.1 (the last turns): what
    is held now is worth what it will become only if there is time to use it."""
    d, t = state.position, state.t
    progress = (d["boat"] - 1) / 5
    top = t.influence_top
    for p in d["p"]:
        for level in p["influence"]:
            if level / top > progress:
                progress = level / top
    for column in d["orders"]:
        done = sum(1 for o in column if o is not None) / len(column)
        if done > progress:
            progress = done
    h = 1.0 - 0.8 * progress
    left = d["left"]
    if left is not None:
        h = min(h, 0.1 + 0.2 * left / state.players)
    return h


def _estimated_bag(state: AgraState, seat: int) -> float:
    """Another seat's rupees from what it has visibly earned (I1: the bag is not read)."""
    d, t = state.position, state.t
    p = d["p"][seat]
    total = float(t.start_rupees)
    for tile in p["bonus"]:
        total += t.bonus[tile][4]
    total += ORDER_RUPEES * sum(c.count(seat) for c in d["orders"])
    total += CONTRACT_RUPEES * len(p["contracts"])
    for n in d["river"]:
        for slot in n["slots"]:
            total += MARKER_RUPEES * slot.count(seat)
    return total


def _end_points(state: AgraState, seat: int, orders: list[list[int]],
                future: float) -> float:
    """E3 without the bag: what the final scoring would add if the game ended now, the
    majorities counting a share of the orders still to come."""
    d, t = state.position, state.t
    p = d["p"][seat]
    mine = orders[seat]
    tributes = d["bowls"].count(seat)
    owned = p["contracts"]
    points = 0.0
    if owned:
        n_guild = t.n_guild
        by_guild = [0, 0, 0]
        for n in owned:
            by_guild[n_guild[n]] += 1
        if DUTCH in owned:
            points += (0, 1, 3, 6)[sum(1 for o in mine if o)]  # N17
        if SUBAHDAR in owned:
            points += sum(mine)  # N19
        if SADR in owned:
            points += tributes  # N20
        if MUFTI in owned:
            points += 3 * min(mine[u] + by_guild[u] for u in range(3))  # N21
        for n in (IMAM, COURT_PAINTER, DIWAN):
            if n in owned:
                u = n_guild[n]
                points += mine[u] + by_guild[u]  # N22–N24
    players = d["p"]
    for u in range(GUILD_COUNT):  # E4, Q23
        level = p["influence"][u]
        above = sum(1 for o in players if o["influence"][u] > level)
        tied = sum(1 for o in players if o["influence"][u] == level) - 1
        count = mine[u] + future
        if above == 0:
            points += count * (1 if tied else 2)
        elif above == 1 and not tied:
            top = max(o["influence"][u] for o in players)
            if sum(1 for o in players if o["influence"][u] == top) == 1:
                points += count
    if p["level"] >= t.med_levels:
        points += t.top_rupees  # E5
    points += p["removed"]  # E6
    if tributes:
        scoring = t.tribute_scoring
        if tributes <= len(scoring):
            points += scoring[tributes - 1]
        else:
            points += scoring[-1] + t.tribute_further * (tributes - len(scoring))  # E7
    return points


def _needed(state: AgraState) -> tuple[set[int], list[set[int]]]:
    """The goods asked for now: by unfilled slots of open notables and empty bowls (for
    everyone), and by each guild's current order (for seats with influence there, O6)."""
    d, t = state.position, state.t
    wanted: set[int] = set()
    levels = state.open_levels()
    for n in d["river"]:
        if n["owner"] is None and t.n_level[n["id"]] in levels:
            for g, slot in zip(t.n_contract[n["id"]], n["slots"], strict=True):
                if not slot:
                    wanted.add(g)
    for g, b in t.bowl_of.items():
        if d["bowls"][b] is None:
            wanted.add(g)
    by_guild: list[set[int]] = []
    for u in range(GUILD_COUNT):
        pos = d["order_at"][u]
        by_guild.append(set(t.orders[u][pos]) if pos is not None else set())
    return wanted, by_guild


def _goods_value(state: AgraState, seat: int, goods: list[int], wanted: set[int],
                 by_guild: list[set[int]]) -> float:
    influence = state.position["p"][seat]["influence"]
    values = state.values()
    total = 0.0
    for g in range(16):
        n = goods[g]
        if n:
            worth = GOOD_WORTH[min(values[g], 3)]
            if g in wanted or any(influence[u] and g in by_guild[u] for u in range(3)):
                total += worth + NEEDED + worth * (n - 1)
            else:
                total += worth * n
    return total


def _stock(state: AgraState, seat: int, goods: list[int], markers: int, wanted: set[int],
           by_guild: list[set[int]]) -> float:
    """The goods held, less what a short marker supply and a hoard cost (H7, Q47)."""
    return (_goods_value(state, seat, goods, wanted, by_guild)
            - SHORTAGE * max(0, SHORTAGE_AT - markers) - HOARD * max(0, sum(goods) - HOARD_AT))


def _farm_value(state: AgraState, seat: int) -> float:
    production = state.productions(seat)
    return PRODUCTION_VALUE * max(production[g] for g in state.t.basic)


def _in_hand(state: AgraState, seat: int, wanted: set[int], by_guild: list[set[int]]) -> float:
    """The decision the seat has begun, counted as made at its best."""
    d, t = state.position, state.t
    if not d["stack"]:
        if d["phase"] == "meditation" and seat == d["active"]:
            return MP_VALUE * d["turn"]["mp"]
        return 0.0
    top = d["stack"][-1]
    if top.get("seat") != seat:
        return 0.0
    k = top["k"]
    p = d["p"][seat]
    if k in ("produce", "process"):  # the best count, as the next decision will judge it
        goods, markers = p["goods"][:], p["markers"]
        before = _stock(state, seat, goods, markers, wanted, by_guild)
        best = 0.0
        if k == "produce":
            good = t.output[top["b"]]
            for _ in range(min(state.production(seat, good), markers)):
                goods[good] += 1
                markers -= 1
                best = max(best, _stock(state, seat, goods, markers, wanted, by_guild) - before)
        else:
            i, o = t.input[top["b"]], t.output[top["b"]]
            for _ in range(min(3, goods[i])):
                goods[i] -= 1
                goods[o] += 1
                best = max(best, _stock(state, seat, goods, markers, wanted, by_guild) - before)
        return best
    if k == "boatman":
        capacity = top["free"] + top["paid"]
        if capacity <= 0:
            return 0.0
        slots = len(state._deliveries(seat, False))
        orders = sum(1 for u in range(3) if state.order_ok(seat, u))
        return min(capacity, slots) * 2.0 + (3.0 if orders and capacity >= 2 else 0.0)
    if k == "architect":
        return INFLUENCE_VALUE + (2.0 if p["workers"] > 0 and any(
            state.payments(seat, b) for b in range(4, 16) if not d["built"][b]) else 0.0)
    if k == "reward":
        return FAVOUR_VALUE * top["favour"]
    if k == "bonus":
        choices = [tile for tile in d["bonus_left"] if t.bonus[tile][0] == top["level"]]
        return max((t.bonus[tile][4] for tile in choices), default=0)
    return 0.0


def seat_values(state: AgraState, seat: int) -> list[float]:
    """Every seat's expected final rupees as ``seat`` can judge them (the model above)."""
    estimated, end, later = _parts(state)
    bag = state.position["p"][seat]["rupees"]
    return [(bag if s == seat else estimated[s]) + end[s] + later[s]
            for s in range(state.players)]


def _parts(state: AgraState) -> tuple[list[float], list[float], list[float]]:
    """Per seat, what ``seat_values`` adds up but a seat's own bag: its bag as the others
    estimate it, its end points and its holdings (weighed by the horizon). The same from
    every seat's view, so worked out once per position: kept on the state while its
    position is the same (the same dict at the same ply, never handed out by ``d``)."""
    d = state.position
    cached = state.__dict__.get("_heuristic_parts")
    if cached is not None and cached[0] is d and cached[1] == state.ply and not state._exposed:
        return cached[2]
    h = _horizon(state)
    players = state.players
    wanted, by_guild = _needed(state)
    orders = [[0, 0, 0] for _ in range(players)]
    for u, column in enumerate(d["orders"]):
        for o in column:
            if o is not None and o != NEUTRAL:
                orders[o][u] += 1
    future = FUTURE_ORDER * h
    on_notables = [0] * players
    for n in d["river"]:
        for slot in n["slots"]:
            for s in slot:
                on_notables[s] += 1
    estimated, end, later = [], [], []
    for s in range(players):
        p = d["p"][s]
        standing = sum(1 for w in d["spaces"] if w is not None and w[0] == s and w[1])
        held = (
            _stock(state, s, p["goods"], p["markers"], wanted, by_guild)
            + FAVOUR_VALUE * p["favour"]
            + INFLUENCE_VALUE * sum(p["influence"])
            + INFLUENCE_OPENS * sum(1 for level in p["influence"] if level)
            + ON_NOTABLE * on_notables[s]
            + CONTRACT_VALUE * len(p["contracts"])
            + LEVEL_VALUE * (p["level"] - 1)
            + STANDING_VALUE * standing
            + SUPPLY_VALUE * p["workers"]
            + TILE_VALUE * len(p["tiles"])
            + _farm_value(state, s)
            + _in_hand(state, s, wanted, by_guild)
        )
        estimated.append(_estimated_bag(state, s))
        end.append(_end_points(state, s, orders, future))
        later.append(h * held)
    parts = (estimated, end, later)
    state._heuristic_parts = (d, state.ply, parts)  # type: ignore[attr-defined]
    return parts


def evaluate(state: AgraState, seat: int) -> float:
    """``seat``'s expected lead over its strongest opponent, squashed into [-1, 1].

    Measured against the best opponent (not the average) because only first place wins.
    """
    if state.position["over"]:
        return state.returns()[seat]
    values = seat_values(state, seat)
    mine = values[seat]
    values[seat] = -1e9
    return tanh((mine - max(values)) / SCALE)


# -- the playout policy -------------------------------------------------------------------

PLACE_KINDS = ("place", "overtime", "favour_overtime")


def rollout_action(state: AgraState, rng: Rng) -> Action:
    """A fast, fairly sensible move.

    Skip meditation and go straight to a placement (a worker from the supply, else
    overtime), then play the action for its yield: produce and process as much as possible,
    let the Boatman complete an order and deliver before closing, the Architect build when
    it can, the Trader close without trading, the Botanist improve or uncover; follow every
    processing, take favour for a guild reward; in the order phase complete an order, else
    pay a tribute, else end the turn. Secondary actions are left to the search. One move in
    ten is uniform at random so that playouts do not all follow one line; a playout reaches
    the end because every turn places a worker and the orders, deliveries and influence it
    makes drive the game to one of its ends (E1).
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if rng.below(10) == 0:
        return legal[rng.below(len(legal))]
    d = state.position
    top = d["stack"][-1]["k"] if d["stack"] else None
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    if top is None:
        if d["phase"] == "order":
            for kind in ("order", "tribute", "end"):
                if kind in by_kind:
                    choices = by_kind[kind]
                    return choices[rng.below(len(choices))]
        places = by_kind.get("place") or by_kind.get("overtime") or by_kind.get(
            "favour_overtime")
        if places:
            return places[rng.below(len(places))]
    elif top in ("produce", "process"):
        return by_kind[top][-1]  # the most (the counts are listed in ascending order)
    elif top == "boatman":
        for kind in ("order", "double", "deliver", "done"):
            if kind in by_kind:
                choices = by_kind[kind]
                return choices[rng.below(len(choices))]
    elif top == "architect":
        choices = by_kind.get("build") or by_kind["influence"]
        return choices[rng.below(len(choices))]
    elif top in ("trader", "price_after"):
        return by_kind["done"][0]
    elif top == "botanist":
        for kind in ("improve", "uncover", "done"):
            if kind in by_kind:
                return by_kind[kind][0]
    elif top == "follow":
        return by_kind["follow"][0]
    elif top == "reward":
        return by_kind["reward_favour"][0]
    else:
        choices = [a for a in legal if a.kind == top or a.kind in FRAME_KINDS.get(top, ())]
        if choices:
            return choices[rng.below(len(choices))]
    return legal[rng.below(len(legal))]


# the decision kinds each frame offers when they are not named after it
FRAME_KINDS: dict[str, tuple[str, ...]] = {
    "jagir": ("jagir", "decline"),
    "cook": ("cook", "supply"),
    "dyer": ("dyer", "done"),
    "cover": ("uncover",),
    "tile": ("tile",),
    "influence": ("influence",),
}


__all__ = ["evaluate", "rollout_action", "seat_values"]

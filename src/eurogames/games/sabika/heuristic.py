"""Sabika's evaluation and playout policy, the game knowledge behind the generic bots.

``evaluate`` turns a position into a number in [-1, 1] for one seat; ``greedy`` ranks its
moves by it and ``mcts`` scores truncated playouts with it. ``rollout_action`` is the cheap
policy those playouts follow. Both read only what the seat may see (I1–I4): every holding and
everything on the board is public (I3, Q49), but the order of the decks, stacks and the bag,
the face-down event, Yusuf's face-down worker tiles and decks, other seats' start tiles before
the reveal, the wish tiles still face down (option ``wishes_face_down``, Q41) and the generator
are never read, so they are safe on the real state as well as on a determinization.

The model values each seat (and Yusuf in solo) in the points it can expect at the end (E8):

- its points now, and the leftovers it would score now (E7: seals, goods, marble, glazed,
  half its dinars);
- what its holdings turn into while turns are left, above their leftover worth, fading in the
  last turns: materials built into points (H2), dinars spent (the market, costs), goods
  exported (X5), raws processed (H8), warehouse boxes, blue poems (permanent), red poems
  (restart), ships (production, consolidation), favour;
- the tribute still due (PA1), less the paria that will pay it;
- the Sultan's wishes still to score (SW3) for what the seat has now: every scoring to come
  of every tile that will be in the tower then (a tile still face down: the mean of the tiles
  it may be); its majors (E4, E5) and the trade card (E6) as if the game ended now;
- a fixed share for each turn left, so that seats and Yusuf are compared at the same point;
- the decision in hand: when the seat is deciding inside its own turn or gain, the best of
  its next decisions that draws nothing hidden is counted as made (a one-ply bot must see what
  a move to a space is for). Yusuf's future cards count at the mean of his card data (YP).

The difference between the seat and its strongest opponent is squashed with ``tanh``.
"""

from __future__ import annotations

from math import tanh
from typing import Any

from eurogames.core.action import Action
from eurogames.core.rng import Rng
from eurogames.games.sabika.rules import SabikaState

ROUNDS, TURNS = 5, 4  # T1, T3: 5 rounds of 4 turns each

# -- weights, in points ------------------------------------------------------------------------
BUILD_GAIN = (1.0, 2.0, 2.0, 3.0)  # a material built rather than left over (H2 values less E7)
BUILD_SHARE = 0.75  # of that, what a material held is worth while turns are left
DINAR_USE = 0.5  # a dinar spent during the game above its leftover half point (O6, W4)
DINAR_CAP = 12  # dinars beyond this rarely find a use in time
GOODS_USE = 1.2  # goods exported (1 point, 1 paria, a demand bonus, a city reward) above E7
RAW_USE = 1.4  # a raw: goods to come (H8)
PARIA_VALUE = 0.9  # a paria that will pay tribute (PA2); kept below a point so that the
# marker pays before points do
PARIA_SPARE = 0.1  # a paria beyond the tribute still due: the start player's choice (R7)
BOX_VALUE = 0.3  # a warehouse box beyond the starting four (WH2), while turns are left
BOX_CAP = 12
ACTIVATE_VALUE = 0.5  # a warehouse with a tile on top: its bonus again (O4)
BLUE_VALUE = 4.0  # a blue poem at the start: its ability for the rest of the game (P4)
RED_VALUE = 1.5  # a red poem at the start: another use of its red half (P5)
LEFT_SHIP = 1.2  # a ship on a city's left: a consolidation to come (X9)
SHIP_VALUE = 0.5  # a ship city: its reward by production (X13)
FAVOUR_STEP = 0.3  # per favour space: better rewards to choose (F1)
TURN_VALUE = 2.5  # points a turn left is expected to bring (the same for every seat)
Y_CARD_SHARE = 1.0  # Yusuf's mean card points per turn left (YP1, YP2)
MAIN_PENDING = 2.0  # a turn's main action not yet chosen (W7)
SECONDARY_PENDING = 0.4  # a turn's secondary action not yet taken (S1)
TX_VALUE = 0.6  # a market transaction not yet made (O5)
FAVOUR_REWARD = 1.5  # a favour reward to choose (F1)
CITY_REWARD = 1.5  # a city reward to choose (X13)
ACTION_VALUE = 2.0  # an action granted by an effect (Q17)
CHOICE_VALUE = 1.0  # an effect's choice between two rewards
USE_TURNS = 6.0  # turns a holding needs to be put to use; fewer left: it is worth less
SCALE = 20.0  # points of lead that make a position about 76% "won" (tanh 1)

# frames deciding inside a seat's own turn or gain, where the next decision counts as made
IN_HAND = frozenset(("turn", "tx", "take_mat", "take_raw", "take_goods", "process", "split",
                     "choose", "favour", "reward", "build", "grant", "prod", "mn4", "mn14",
                     "mn17", "warehouse", "discard"))


class _Context:
    """What every seat's value shares: the turns left, the wishes and tribute still due."""

    __slots__ = ("d", "round", "scorings", "tiles", "due")

    def __init__(self, state: SabikaState) -> None:
        d = state.d
        self.d = d
        self.round = d["round"]
        data = state.data
        stack = d["stack"]
        ended = d["active"] == -2 and not any(f["k"] == "_narrator" for f in stack)
        # SW2, SW3: the scorings to come, each with the number of tiles in the tower then
        rounds = data.wish_after_rounds
        self.scorings = [i + 1 for i, r in enumerate(rounds)
                         if r > self.round or (r == self.round and not ended)]
        self.tiles = _wish_tiles(state)
        # PA1: the tribute still due after this round's (if paid) and in the rounds to come
        self.due = sum(data.round_paria[self.round:])
        if not ended:
            self.due += data.round_paria[self.round - 1]


def _wish_tiles(state: SabikaState) -> list[list[Any]]:
    """For each place on the round track, the tiles it may hold as a seat sees it: the tile
    itself when face up or in the tower, else every tile of a letter not yet seen (Q41)."""
    d = state.d
    wishes = {w.id: w for w in state.data.wishes}
    if not state.options.get("wishes_face_down"):
        return [[wishes[wid]] for wid in d["wishes"]]
    seen = [wishes[wid] for wid in d["tower"]]
    letters = {w.letter for w in seen}
    hidden = [w for w in state.data.wishes if w.letter not in letters]
    return [[w] for w in seen] + [hidden] * (len(d["wishes"]) - len(seen))


def _wish_future(ctx: _Context, count: Any) -> float:
    """The wish points still to come for what is held now: each scoring counts every tile in
    the tower then (a place still face down: the mean of its candidates)."""
    total = 0.0
    for n in ctx.scorings:
        for candidates in ctx.tiles[:n]:
            total += sum(w.points * count(w) for w in candidates) / len(candidates)
    return total


def _turns_left(ctx: _Context, standing: int) -> int:
    d = ctx.d
    if d["phase"] == "start":
        return ROUNDS * TURNS
    later = (ROUNDS - ctx.round) * TURNS
    return later + (standing if d["active"] != -2 else 0)


def _effect_value(state: SabikaState, effects: Any, use: float) -> float:
    """A rough worth of an effect's terms (the Effects vocabulary)."""
    total = 0.0
    for t in effects:
        k = t.kind
        if k == "dinars":
            total += t.amount * (0.5 + DINAR_USE * use)
        elif k == "points":
            total += t.amount
        elif k == "paria":
            total += t.amount * PARIA_VALUE
        elif k == "material":
            m = ("plaster", "wood", "marble", "glazed_ceramic").index(t.material)
            total += t.amount * _material_worth(m, use)
        elif k == "materials":
            best = max(_material_worth(("plaster", "wood", "marble", "glazed_ceramic")
                                       .index(m), use) for m in t.choices)
            total += t.amount * best
        elif k == "raw":
            total += t.amount * RAW_USE * use
        elif k == "goods":
            total += t.amount * (1 + GOODS_USE * use)
        elif k == "process":
            total += t.amount * (1 + GOODS_USE * use - RAW_USE * use)
        elif k == "transactions":
            total += t.amount * TX_VALUE * use
        elif k == "favour":
            total += t.amount * FAVOUR_REWARD
        elif k == "choice":
            total += max(_effect_value(state, option, use) for option in t.options)
        elif k == "dinars_or_paria":
            total += t.amount * PARIA_VALUE
        elif k == "city_reward":
            total += CITY_REWARD
        else:  # an action, MN4's bonus, MN14's ship, MN17's red city
            total += ACTION_VALUE * use
    return total


def _material_worth(m: int, use: float) -> float:
    return (1.0 if m >= 2 else 0.0) + BUILD_SHARE * BUILD_GAIN[m] * use


def _pending(state: SabikaState, seat: int, use: float) -> float:
    """The frames of the seat waiting on the stack: what they will bring, roughly."""
    total = 0.0
    for f in state.d["stack"]:
        if f.get("seat") != seat:
            continue
        k = f["k"]
        if k == "turn":
            if not f["main"]:
                total += MAIN_PENDING * use
            if not f["sec"] and state.b.slot_of.get(f["space"]):
                total += SECONDARY_PENDING * use
        elif k == "tx":
            total += f["n"] * TX_VALUE * use
        elif k == "take_mat":
            total += max((_material_worth(m, use) for m in f["kinds"]), default=0.0)
        elif k == "take_raw":
            total += RAW_USE * use
        elif k == "take_goods":
            total += 1 + GOODS_USE * use
        elif k == "process":
            total += 1 + (GOODS_USE - RAW_USE) * use
        elif k == "split":
            total += f["n"] * PARIA_VALUE
        elif k == "favour":
            total += FAVOUR_REWARD
        elif k in ("reward", "mn17"):
            total += CITY_REWARD
        elif k == "choose":
            total += CHOICE_VALUE
        elif k in ("build", "grant", "prod", "mn4", "mn14", "warehouse", "act"):
            total += ACTION_VALUE * use
        elif k == "fx":
            total += _effect_value(state, state.effects(f["src"])[f["i"]:], use)
    return total


def seat_value(state: SabikaState, seat: int, ctx: _Context | None = None) -> float:
    """The points ``seat`` can expect at the end, as any seat can judge them (the model)."""
    ctx = ctx or _Context(state)
    d = state.d
    p = d["p"][seat]
    turns = _turns_left(ctx, sum(p["up"]))
    use = min(1.0, turns / USE_TURNS)
    h = turns / (ROUNDS * TURNS)
    mat, goods, store = p["mat"], p["goods"], p["store"]
    held_goods = sum(goods) + sum(store)
    dinars = p["dinars"]
    value = float(sum(p["pts"].values()))
    value += p["seals"] + held_goods + mat[2] + mat[3] + dinars / 2  # E7
    value += use * BUILD_SHARE * sum(n * g for n, g in zip(mat, BUILD_GAIN, strict=True))
    value += use * (DINAR_USE * min(dinars, DINAR_CAP) + GOODS_USE * held_goods
                    + RAW_USE * sum(p["raw"]))
    value += use * BOX_VALUE * (min(p["cap"], BOX_CAP) - 4)
    value += h * (ACTIVATE_VALUE * sum(1 for house in p["houses"] if house[-1])
                  + BLUE_VALUE * len(p["blue"]) + RED_VALUE * len(p["red"])
                  + LEFT_SHIP * sum(1 for v in p["ships"].values() if v == 1)
                  + SHIP_VALUE * len(p["ships"]) + FAVOUR_STEP * p["favour"])
    due = ctx.due + _this_round_due(state, seat, ctx)
    value += PARIA_VALUE * min(p["paria"], due) + PARIA_SPARE * max(0, p["paria"] - due) - due
    value += _wish_future(ctx, lambda w: state.wish_count(seat, w))
    for major in p["grey"]:
        value += state.major_points(seat, major)
    value += state.trade_points(seat)
    value += TURN_VALUE * turns
    value += _pending(state, seat, use)
    return value


def _this_round_due(state: SabikaState, seat: int, ctx: _Context) -> int:
    """This round's tribute when the narrator has passed (so the context left it out) and the
    seat has not paid it yet; else 0."""
    d = state.d
    if d["active"] != -2 or any(f["k"] == "_narrator" for f in d["stack"]):
        return 0
    if any(f["k"] == "tribute" and f["seat"] == seat for f in d["stack"]):
        return state.data.round_paria[ctx.round - 1]  # ctx.due left this round's out
    return 0


def yusuf_value(state: SabikaState, ctx: _Context | None = None) -> float:
    """Yusuf's expected final points (solo): his points, his seals, his wishes still to come,
    his majors and the trade card now, the tribute still due, and the mean of his card data
    for each turn left (YP, YR4, YE2, YE3)."""
    ctx = ctx or _Context(state)
    d = state.d
    y = d["y"]
    value = float(state.y_score()) + y["seals"]
    turns = (ROUNDS - ctx.round) * TURNS + (len(y["tiles"]) if d["active"] != -2 else 0)
    if d["phase"] == "start":
        turns = ROUNDS * TURNS
    value += turns * Y_CARD_SHARE * _yusuf_card_mean(state)
    due = ctx.due
    if d["active"] == -2 and any(f["k"] == "_ytribute" for f in d["stack"]) and not any(
            f["k"] == "_narrator" for f in d["stack"]):
        due += state.data.round_paria[ctx.round - 1]  # YR4: his, not paid yet
    value += min(y["paria"], due) - due
    types = state.y_types()

    def count(w: Any) -> int:
        if w.condition == "building_type":
            return sum(1 for t in types if t in w.types)
        return state.y_count(w.condition)

    value += _wish_future(ctx, count)
    for major in y["majors"]:
        value += state.y_major_points(major)
    value += state.trade_points_of(y["ships"], state.y_count)
    return value


def _yusuf_card_mean(state: SabikaState) -> float:
    """The mean points of a card he turns, over every card of the data (not his decks: their
    order and what is left in them are hidden, I1), each worker tile equally likely."""
    data = state.data
    total = 0.0
    for kind in data.bot_worker_tiles:
        cards = data.bot_cards[kind]
        total += sum(c.points * (state.y_count(c.per) if c.per else 1) for c in cards) / len(cards)
    return total / len(data.bot_worker_tiles)


def seat_values(state: SabikaState) -> tuple[list[float], list[float]]:
    """Every seat's expected final points, and the opponents' that are not seats (Yusuf)."""
    ctx = _Context(state)
    seats = [seat_value(state, s, ctx) for s in range(state.players)]
    others = [yusuf_value(state, ctx)] if state.players == 1 else []
    return seats, others


def in_hand(state: SabikaState, seat: int) -> float:
    """What the seat's next decision adds at its best, when it is deciding inside its own turn
    or gain; decisions that draw or reveal anything hidden are left out (I5), so nothing hidden
    enters the value."""
    d = state.d
    if not d["stack"] or state.current_player != seat:
        return 0.0
    if d["stack"][-1]["k"] not in IN_HAND:
        return 0.0
    before = seat_value(state, seat)
    best = None
    draws = d["draws"]
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if after.d["draws"] != draws:
            continue
        v = seat_value(after, seat)
        if best is None or v > best:
            best = v
    return 0.0 if best is None else best - before


def evaluate(state: SabikaState, seat: int) -> float:
    """``seat``'s expected lead over its strongest opponent (Yusuf included), squashed into
    [-1, 1]. Measured against the best opponent (not the average) because only first place
    wins."""
    if state.d["phase"] == "over":
        return state.returns()[seat]
    seats, others = seat_values(state)
    mine = seats[seat] + in_hand(state, seat)
    rivals = [v for s, v in enumerate(seats) if s != seat] + others
    return tanh((mine - max(rivals)) / SCALE)


# -- the playout policy ----------------------------------------------------------------------

# the main actions a playout prefers, best first (scoring actions before resources)
MAIN_ORDER = ("large", "small", "carve_major", "carve_minor", "export", "consolidate",
              "expand", "produce_city", "produce_process", "quarry", "activate", "restart",
              "market", "handcraft")


def rollout_action(state: SabikaState, rng: Rng) -> Action:
    """A fast, fairly sensible move.

    At the start of a turn move a worker (rest only when no move is legal); then take the
    first main action of ``MAIN_ORDER`` on offer (a build or carving with the most material
    value), skip the secondary action and the market's transactions, and end the turn; pay
    tribute with the paria marker first; every other decision (gains, discards, choices) at
    random. One move in ten is uniform at random so that playouts do not all follow one line.
    A playout ends: every turn lays a worker down (T3) and the game ends after round 5 (E1).
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if rng.below(10) == 0:
        return legal[rng.below(len(legal))]
    d = state.d
    top = d["stack"][-1]["k"] if d["stack"] else None
    if top is None:
        moves = [a for a in legal if a.kind == "move" and not a.seals]
        if moves:
            return moves[rng.below(len(moves))]
        return legal[rng.below(len(legal))]
    if top == "turn":
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        for kind in MAIN_ORDER:
            choices = by_kind.get(kind)
            if choices:
                if kind in ("large", "small", "carve_major", "carve_minor"):
                    return max(choices, key=lambda a: (_paid_value(a.payment), -a.seals
                                                       if "seals" in a.fields else 0))
                return choices[rng.below(len(choices))]
        for kind in ("done", "secondary"):
            if kind in by_kind:
                return by_kind[kind][0]
    if top == "tx":
        return legal[-1]  # done
    if top == "tribute":
        return max(legal, key=lambda a: (a.marker, a.seals, a.dinars))
    return legal[rng.below(len(legal))]


def _paid_value(payment: tuple[int, ...]) -> int:
    return payment[0] + 2 * payment[1] + 3 * payment[2] + 4 * payment[3]


__all__ = ["evaluate", "in_hand", "rollout_action", "seat_value", "seat_values",
           "yusuf_value"]

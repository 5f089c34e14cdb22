"""Alhambra's evaluation and playout policy, the game knowledge behind the generic bots.

``evaluate`` turns a position into a number in [-1, 1] for one seat; ``greedy`` ranks its
moves by it and ``mcts`` scores truncated playouts with it. ``rollout_action`` is the cheap
policy those playouts follow. Both read only what every seat may see (decision A18: hands,
Alhambras, reserves, market, display and Dirk are public); never the money deck's order nor
the generator, so they are safe on the real state as well as on a determinization.

The model values each seat in points it can expect by the end:

- the points already scored;
- for each scoring still to come, the building majorities (S3, S4) it would take if the
  counts stood as they are now, Dirk competing (S5), with later scorings discounted because
  the counts will move; a reserve tile counts as part of a building (it can be placed by a
  redesign) and a tile bought this turn as a whole one (it is about to be placed);
- its longest outer wall (S6), scored again at every scoring to come;
- its money, worth a share of the tiles it will buy, with a bonus for each market tile it
  can pay exactly now (M4: an exact payment buys another action);
- room to build: a few points for the cells still open to new tiles.

The difference between the seat and its strongest opponent is squashed with ``tanh``.
"""

from __future__ import annotations

from functools import lru_cache
from math import tanh

from eurogames.core.action import Action
from eurogames.core.rng import Rng
from eurogames.games.alhambra.actions import (
    BUY,
    CONFIRM_ACTION,
    DIRK,
    PAY_BY_CARD,
    PLACE,
    RESERVE,
    TAKE,
    card_value,
)
from eurogames.games.alhambra.data import DATA, TILE_PRICE, TILE_TYPE, TYPES
from eurogames.games.alhambra.palace import FOUNTAIN, longest_wall
from eurogames.games.alhambra.rules import (
    ACTION,
    MARKET_SLOTS,
    OVER,
    AlhambraState,
    purses,
)
from eurogames.games.alhambra.scoring import building_points

NUM_TYPES = len(TYPES)

# -- weights, in points -------------------------------------------------------------------
CERTAINTY = (0.9, 0.6, 0.45)  # the next scoring, the one after it, the last one after that
RESERVE_SHARE = 0.6  # a reserve tile scores nothing until a redesign places it
PENDING_SHARE = 1.0  # a tile bought this turn goes into the Alhambra in a moment
WALL_VALUE = 0.8  # per section of the longest wall, per scoring to come (discounted)
MONEY_VALUE = 0.45  # per unit of money: tiles cost about 7 and are worth about 3 points
MONEY_CAP = 30  # money beyond what two or three purchases need is worth little more
EXACT_VALUE = 1.2  # a market tile this seat can pay exactly: a purchase and another action
TILE_VALUE = 0.9  # every tile owned: walls, future majorities, a place in the next ranking
ROOM_VALUE = 0.15  # per open cell, up to ROOM_CAP: a closed Alhambra cannot grow (P8)
ROOM_CAP = 8
TEMPO = 1.0  # the seat to move is a little ahead
SCALE = 18.0  # points of lead that make a position about 76% "won" (tanh 1)


def _strengths(state: AlhambraState, p: int) -> list[float]:
    """Seat p's tiles per building type: the Alhambra's, then shares of reserve and bought."""
    counts = [0.0] * NUM_TYPES
    grid = state.grids[p]
    for c in state.cells[p]:
        v = grid[c]
        if v != FOUNTAIN:
            counts[TILE_TYPE[v]] += 1.0
    for t in state.reserves[p]:
        counts[TILE_TYPE[t]] += RESERVE_SHARE
    if p == state.current and state.phase != ACTION:
        for t in state.pending:
            counts[TILE_TYPE[t]] += PENDING_SHARE
    if p == state.current and state.purchase is not None:  # as good as bought
        counts[TILE_TYPE[state.market[state.purchase[0]]]] += PENDING_SHARE
    return counts


@lru_cache(maxsize=1 << 16)
def cheapest_payment(purse: int, price: int) -> tuple[int, ...] | None:
    """The values (ascending) of a cheapest payment of ``price`` from one currency's cards,
    given as a purse (``rules.purses``): the smallest total reaching the price, larger cards
    preferred; None when the cards fall short.

    A bounded subset sum over the totals below the price, larger values first: the cards of
    an inclusion-minimal payment, largest first, stay below the price until the last one,
    so every total such a payment reaches is found (none other can cost less).
    """
    counts = [(purse >> (8 * (v - 1))) & 0xFF for v in range(1, 10)]
    best: dict[int, tuple[int, ...]] = {0: ()}
    for v in range(9, 0, -1):  # larger values first: fewer cards for the same total
        for _ in range(counts[v - 1]):
            for total, cards in sorted(best.items(), reverse=True):
                if total < price and total + v not in best:
                    best[total + v] = (v, *cards)
    reached = [t for t in best if t >= price]
    return best[min(reached)] if reached else None


def _money_value(state: AlhambraState, p: int) -> float:
    hand = state.hands[p]
    total = 0
    for code in range(36):
        if hand[code]:
            total += hand[code] * card_value(code)
    purchase = state.purchase if p == state.current else None
    if purchase is not None:  # M2: the tile counts as bought, its price as paid (see _strengths)
        slot, cards = purchase
        total -= max(sum(c % 9 + 1 for c in cards), TILE_PRICE[state.market[slot]])
    value = MONEY_VALUE * (total if total < MONEY_CAP else MONEY_CAP)
    held = purses(hand)
    market = state.market
    for slot in range(MARKET_SLOTS):
        tile = market[slot]
        if tile and (purchase is None or purchase[0] != slot):
            price = TILE_PRICE[tile]
            payment = cheapest_payment(held[slot], price)
            if payment is not None and sum(payment) == price:
                value += EXACT_VALUE
    return value


def seat_values(state: AlhambraState) -> list[float]:
    """Every seat's expected final points, as the model above counts them."""
    n = state.players
    strengths = [_strengths(state, p) for p in range(n)]
    if state.with_dirk:  # S5: Dirk competes in every majority
        dirk = [0.0] * NUM_TYPES
        for t in state.dirk:
            dirk[TILE_TYPE[t]] += 1.0
        strengths.append(dirk)
    values = [float(x) for x in state.points]
    rounds = range(state.scorings + 1, 4)
    weight = 0.0
    for i, round_ in enumerate(rounds):
        w = CERTAINTY[i]
        weight += w
        tables = DATA.points[round_ - 1]
        for t in range(NUM_TYPES):
            column = [s[t] for s in strengths]
            for p, pts in enumerate(building_points(column, tables[t])[:n]):
                values[p] += w * pts
    for p in range(n):
        owned = len(state.cells[p]) - 1 + len(state.reserves[p])
        room = len(state.placements(p))
        values[p] += (
            WALL_VALUE * weight * longest_wall(state.grids[p], state.cells[p])
            + _money_value(state, p)
            + TILE_VALUE * owned
            + ROOM_VALUE * (room if room < ROOM_CAP else ROOM_CAP)
        )
    if state.phase != ACTION:
        values[state.current] += TILE_VALUE * len(state.pending)
    elif state.purchase is not None:
        values[state.current] += TILE_VALUE
    return values


def evaluate(state: AlhambraState, seat: int) -> float:
    """``seat``'s expected lead over its strongest opponent, squashed into [-1, 1].

    Measured against the best opponent (not the average) because only first place wins;
    Dirk cannot win (A13), so he is a contestant in the majorities but not an opponent.
    """
    if state.phase == OVER:
        return state.returns()[seat]
    values = seat_values(state)
    values[state.current] += TEMPO
    mine = values[seat]
    values[seat] = -1e9
    return tanh((mine - max(values)) / SCALE)


# -- the playout policy -------------------------------------------------------------------


def rollout_action(state: AlhambraState, rng: Rng) -> Action:
    """A fast, fairly sensible move.

    Buy a tile with a minimal payment in one decision (the shortcut, A10) that is exact (M4:
    the purchase comes with another action), else one overpaid by at most two half the time,
    else take the most money the display offers; a purchase opened by the random move is paid
    with its cheapest payment, card by card, and confirmed as soon as the price is reached
    (so a playout never adds cards for ever); place bought tiles in the Alhambra
    wherever they fit, the reserve only when nothing fits, and never give them to Dirk.
    Redesigns are left to the search. One move in ten is uniform at random so that playouts
    do not all follow one line.
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.purchase is not None:
        return _next_payment(state)
    if rng.below(10) == 0:
        return legal[rng.below(len(legal))]
    if state.phase != ACTION:
        places = [a for a in legal if a.kind == PLACE]
        if places:
            return places[rng.below(len(places))]
        for action in legal:
            if action.kind == RESERVE:
                return action
        return legal[0]
    market = state.market
    exact: list[Action] = []
    fair: list[Action] = []
    best_take = None
    best_money = 0
    for action in legal:
        kind = action.kind
        if kind == TAKE:
            money = 0
            for code in action.cards:
                money += card_value(code)
            if money > best_money or (money == best_money and rng.below(2) == 0):
                best_take, best_money = action, money
        elif kind == BUY:
            over = sum(action.values) - TILE_PRICE[market[action.slot]]
            if over == 0:
                exact.append(action)
            elif over <= 2:
                fair.append(action)
    if exact:
        return exact[rng.below(len(exact))]
    if fair and (best_take is None or rng.below(2) == 0):
        return fair[rng.below(len(fair))]
    if best_take is not None:
        return best_take
    others = [a for a in legal if a.kind != DIRK]
    return others[rng.below(len(others))] if others else legal[0]


def _next_payment(state: AlhambraState) -> Action:
    """The purchase in progress: confirm once the price is reached, else add the largest card
    of a cheapest payment of what is still owed from the cards not yet chosen."""
    slot, cards = state.purchase
    owed = TILE_PRICE[state.market[slot]] - sum(c % 9 + 1 for c in cards)
    if owed <= 0:
        return CONFIRM_ACTION
    hand = list(state.hands[state.current])
    for code in cards:
        hand[code] -= 1
    payment = cheapest_payment(purses(tuple(hand))[slot], owed)
    return PAY_BY_CARD[slot * 9 + payment[-1] - 1]  # owed <= what is left (M2: buy was legal)


__all__ = ["evaluate", "rollout_action", "seat_values"]

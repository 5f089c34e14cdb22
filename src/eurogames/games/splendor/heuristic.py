"""Splendor's evaluation and playout policy, the game knowledge behind the generic bots.

``evaluate`` turns a position into a number in [-1, 1] for one seat; ``greedy`` ranks its
moves by it and ``mcts`` scores truncated playouts with it. ``rollout_action`` is the cheap
policy those playouts follow. Both read only what the seat may see: an opponent's blind
reserve (D11) is valued by its level, never by its identity, so they are safe on the real
state as well as on a determinization.

The model values each seat in "points": prestige points, plus what its bonuses, nobles in
reach, tokens and reachable cards are worth. Reachability is measured in tokens still to
collect after bonuses, tokens and gold, since a take-three turn gathers about three. The
weights were tuned by self-play, greedy against greedy over 400-game samples; the tuning
found that counting too many reachable cards, or valuing tokens much above their reach,
makes a one-ply player hoard tokens and reserves instead of buying.
"""

from __future__ import annotations

from math import tanh

from eurogames.core.action import Action
from eurogames.core.rng import Rng
from eurogames.games.splendor.actions import (
    BUY,
    MARKET_SLOTS,
    RESERVE,
    RETURN_BY_TOKEN,
    TAKE,
    TAKE2,
)
from eurogames.games.splendor.data import DATA
from eurogames.games.splendor.rules import (
    CHOOSING_NOBLE,
    GUARDED_COST,
    MAIN,
    OVER,
    RETURNING,
    TOKEN_LIMIT,
    WINNING_POINTS,
    SplendorState,
    shortfall,
)

COST = DATA.card_cost
BONUS = DATA.card_bonus
POINTS = DATA.card_points
LEVEL = DATA.card_level
NOBLE_REQUIRES = DATA.noble_requires
NOBLE_POINTS = DATA.noble_points
FIVE = range(5)

# -- weights, in prestige points ----------------------------------------------------------
BONUS_VALUE = 0.8  # a permanent discount pays for itself on every later purchase
BONUS_LATE = 0.3  # ...but is worth little once the seat is near 15 points
TOKEN_VALUE = 0.08  # a gem's worth beyond the cards it brings within reach
GOLD_VALUE = 0.3  # wild, so worth more than a gem
NOBLE_PROGRESS = 0.5  # share of a noble's points credited for full progress toward it
REACH = (0.5, 0.25, 0.12)  # weights of the best, second and third card within reach
MARKET_REACH = 0.8  # a market card may go to another seat first; a reserved one cannot
RESERVED_SLOT = 0.4  # but a reserved card blocks a slot until bought (R11: no discards)
REACH_DECAY = 0.7  # value kept per token still missing
BLIND_VALUE = (0.0, 0.4, 0.9, 1.5)  # an opponent's unseen reserve, by level
SCALE = 7.0  # points of lead that make a position about 76% "won" (tanh 1)
TEMPO = 0.35  # the seat to move is half a turn ahead of the others
NOBLE_CARD = 0.35  # a card whose colour a noble on the table still wants
NOBLE_TOTAL = tuple(sum(req) for req in NOBLE_REQUIRES)
_DECAY = tuple(REACH_DECAY**k for k in range(64))
_WORTH = tuple(POINTS[card] + 0.5 for card in range(len(POINTS)))  # points plus the bonus


def _have(b: tuple[int, ...], t: tuple[int, ...]) -> int:
    """Gems plus bonuses per colour, packed like ``GUARDED_COST``."""
    return (
        (t[0] + b[0])
        | (t[1] + b[1]) << 6
        | (t[2] + b[2]) << 12
        | (t[3] + b[3]) << 18
        | (t[4] + b[4]) << 24
    )


def _reach(card: int, have: int, gold: int) -> int:
    """Tokens ``card`` still needs beyond the packed gems and bonuses ``have`` and gold.

    The packed subtraction rules.py uses for legality (``shortfall``): this runs for every
    card in every evaluation, so a per-colour loop would dominate the search.
    """
    short = shortfall(GUARDED_COST[card], have) - gold
    return short if short > 0 else 0


def _noble_help(b: tuple[int, ...], nobles: tuple[int, ...]) -> list[float]:
    """Per colour, how much one more bonus moves this seat toward the nobles on the table."""
    help = [0.0, 0.0, 0.0, 0.0, 0.0]
    for n in nobles:
        req = NOBLE_REQUIRES[n]
        for c in FIVE:
            if req[c] > b[c]:
                help[c] += NOBLE_CARD
    return help


def player_value(state: SplendorState, p: int, seat: int) -> float:
    """Seat ``p``'s position in points, as ``seat`` sees it."""
    b = state.bonuses[p]
    t = state.tokens[p]
    points = state.points[p]
    nobles = state.nobles
    value = float(points)

    # bonuses: worth less as the seat nears the end (fewer purchases left to discount)
    left = WINNING_POINTS - points
    late = (
        BONUS_LATE if left <= 0
        else BONUS_LATE + (BONUS_VALUE - BONUS_LATE) * min(1.0, left / 12)
    )
    value += late * (b[0] + b[1] + b[2] + b[3] + b[4])

    # nobles: credit for progress, squared so that the last bonuses count most
    for n in nobles:
        req = NOBLE_REQUIRES[n]
        missing = 0
        for c in FIVE:
            if req[c] > b[c]:
                missing += req[c] - b[c]
        done = 1.0 - missing / NOBLE_TOTAL[n]
        value += NOBLE_PROGRESS * NOBLE_POINTS[n] * done * done

    # tokens: anything above the limit will be returned, so it is worth nothing
    gems = t[0] + t[1] + t[2] + t[3] + t[4]
    gold = t[5]
    if gems + gold > TOKEN_LIMIT:
        gems = TOKEN_LIMIT - gold if gold < TOKEN_LIMIT else 0
    value += TOKEN_VALUE * gems + GOLD_VALUE * gold

    # the cards within reach: the best three, discounted by the tokens still missing
    help = _noble_help(b, nobles)
    have = _have(b, t)
    first = second = third = 0.0
    reserved = state.reserved[p]
    blind = state.blind[p]
    cards = (*reserved, *state.market)
    for i, card in enumerate(cards):
        if not card:
            continue
        if i < len(reserved):
            value -= RESERVED_SLOT
            if p != seat and blind[i]:
                v = BLIND_VALUE[LEVEL[card]]
            else:
                v = (_WORTH[card] + help[BONUS[card]]) * _DECAY[_reach(card, have, gold)]
        else:
            v = MARKET_REACH * (_WORTH[card] + help[BONUS[card]]) * _DECAY[_reach(card, have, gold)]
        if v > third:
            if v > second:
                third = second
                if v > first:
                    first, second = v, first
                else:
                    second = v
            else:
                third = v
    return value + REACH[0] * first + REACH[1] * second + REACH[2] * third


def evaluate(state: SplendorState, seat: int) -> float:
    """``seat``'s lead over its strongest opponent, squashed into [-1, 1].

    Measured against the best opponent (not the average) because only first place wins.
    A position in the middle of a turn (tokens to return, a noble to choose) is valued as
    the turn will end, and the seat to move gets a small bonus for the turn in hand.
    """
    phase = state.phase
    if phase == OVER:
        return state.returns()[seat]
    if phase != MAIN:
        state = _finish_turn(state)
        if state.phase == OVER:
            return state.returns()[seat]
    values = [player_value(state, p, seat) for p in range(state.players)]
    values[state.current] += TEMPO
    mine = values[seat]
    values[seat] = -1e9
    return tanh((mine - max(values)) / SCALE)


def _finish_turn(state: SplendorState) -> SplendorState:
    """The position after the seat to move completes its turn's returns and noble choice.

    A take that goes over ten tokens looks rich until the returns; valuing the state before
    them would make a one-ply search take and return tokens forever.
    """
    state = state.clone()
    while state.phase == RETURNING or state.phase == CHOOSING_NOBLE:
        legal = state.legal_actions()
        if state.phase == RETURNING:
            state.apply(_return_choice(state, state.current, legal))
        else:
            state.apply(legal[0])
    return state


# -- the playout policy -------------------------------------------------------------------


def _target(state: SplendorState, p: int) -> int:
    """The card this seat should collect tokens for (0 if no card is left)."""
    b = state.bonuses[p]
    t = state.tokens[p]
    help = _noble_help(b, state.nobles)
    have = _have(b, t)
    gold = t[5]
    best = -1.0
    target = 0
    for card in (*state.reserved[p], *state.market):
        if card:
            v = (_WORTH[card] + help[BONUS[card]]) * _DECAY[_reach(card, have, gold)]
            if v > best:
                best, target = v, card
    return target


def rollout_action(state: SplendorState, rng: Rng) -> Action:
    """A fast, fairly sensible move: buy the best card, else take gems toward a target.

    One move in eight is uniform at random so that playouts do not all follow one line.
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    p = state.current
    if phase == CHOOSING_NOBLE:
        return legal[0]
    if phase == RETURNING:
        return _return_choice(state, p, legal)
    if phase != MAIN or rng.below(8) == 0:
        return legal[rng.below(len(legal))]

    b = state.bonuses[p]
    t = state.tokens[p]
    help = _noble_help(b, state.nobles)
    market = state.market
    reserved = state.reserved[p]
    best_buy = None
    best_score = -1e9
    last_place = -1
    for action in legal:
        if action.kind != BUY:
            continue
        place = action.place
        if place == last_place:  # the least-gold payment of each card comes first
            continue
        last_place = place
        card = market[place] if place < MARKET_SLOTS else reserved[place - MARKET_SLOTS]
        cost = COST[card]
        spent = 0
        for c in FIVE:
            need = cost[c] - b[c]
            if need > 0:
                spent += need
        # points first; a cheap card is worth its bonus, an expensive 0-point one is not
        score = POINTS[card] + 0.6 + help[BONUS[card]] - 0.12 * spent
        if score > best_score:
            best_buy, best_score = action, score
    if best_buy is not None and best_score > 0:
        return best_buy

    target = _target(state, p)
    if target:
        cost = COST[target]
        want = [cost[c] - b[c] - t[c] for c in FIVE]
        best_take = None
        best_gain = 0
        ties = 0
        for action in legal:
            kind = action.kind
            if kind == TAKE:
                gain = 0
                for c in action.colours:
                    if want[c] > 0:
                        gain += 1
            elif kind == TAKE2:
                c = action.colour
                gain = 2 if want[c] >= 2 else (1 if want[c] == 1 else 0)
            else:
                continue
            if gain > best_gain:
                best_take, best_gain, ties = action, gain, 1
            elif gain == best_gain and gain:
                ties += 1
                if rng.below(ties) == 0:  # reservoir sampling among equal takes
                    best_take = action
        if best_take is not None:
            return best_take
        for action in legal:  # no useful gems left: reserve the target for its gold
            if action.kind == RESERVE and market[action.place] == target:
                return action
    if best_buy is not None:
        return best_buy
    return legal[rng.below(len(legal))]


def _return_choice(state: SplendorState, p: int, legal: list[Action]) -> Action:
    """Give back the gem the target card needs least (gold last: it is wild)."""
    target = _target(state, p)
    t = state.tokens[p]
    b = state.bonuses[p]
    cost = COST[target] if target else (0, 0, 0, 0, 0)
    surplus = -99
    colour = 5
    for c in FIVE:
        if t[c]:
            s = t[c] + b[c] - cost[c]
            if s > surplus:
                surplus, colour = s, c
    action = RETURN_BY_TOKEN[colour]
    return action if action in legal else legal[0]


__all__ = ["evaluate", "player_value", "rollout_action"]

"""Agra's legal-move tables: the actions the generator offers, looked up rather than built.

A speed trick, named in one place: ``rules.AgraState._generate`` reads these tables instead of
working each action out (tests/agra/test_moves.py holds it equal to the plain definition in
tests/agra/plain_moves.py at every ply of random games). The tables hold action ids (ints:
a list of them sorts fast; ``actions.ACTIONS[id]`` is the action). Each is a pure function
of what it is given, so built once and cached:

- ``Moves`` (per data set): every action of each kind by its arguments, and the processing
  arrows by the good they start from (B1, M5b, FS3);
- ``Priced`` (per position of the three price markers, H6) and ``Valued`` (per set of the
  goods' values): the values and what depends on them (swaps M5e, N14, FT14; the price
  moves C9, FT4; FT3, FT7, N6, N20, C10);
- ``Farm`` (per farm): the farmer moves allowed (A4), the covers to remove (A5) and what
  the farm produces (A3).
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from typing import Any

from eurogames.games.agra import actions as A
from eurogames.games.agra.actions import COOK, SPACES, act
from eurogames.games.agra.tables import Tables

GOODS = range(16)
FAVOURS = ("s1", "s2", "s3", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "t10",
           "t11", "t12", "t13", "t14")
Ids = tuple[int, ...]
STEP_INDEX = {1: 0, -1: 1, 2: 2, -2: 3}  # a farmer's step: its place in ``track_steps``


def ids(kind: str, *args: Any) -> int:
    """The id of the action of ``kind`` with these arguments."""
    return act(kind, *args).id


class Moves:
    """Every action of each kind, by its arguments, as ids, for one data set (``Tables``)."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        arrows = sorted(t.arrows)
        self.arrows_from = tuple(tuple(h for g2, h in arrows if g2 == g) for g in GOODS)
        self.lay = tuple(ids("lay", s) for s in range(SPACES))
        self.lay_cook = ids("lay", COOK)
        self.place = tuple(ids("place", s) for s in range(SPACES))
        self.overtime = tuple(ids("overtime", s) for s in range(SPACES))
        self.favour_overtime = tuple(ids("favour_overtime", "t10", s) for s in range(SPACES))
        self.stand = tuple(ids("stand", s) for s in range(SPACES))
        self.follow_t11 = tuple(tuple(ids("follow_t11", g, h) for h in self.arrows_from[g])
                                for g in GOODS)
        self.favour_process = {fav: tuple(tuple(ids("favour_process", fav, g, h)
                                                for h in self.arrows_from[g]) for g in GOODS)
                               for fav in ("s3", "t11")}
        self.s1 = tuple(ids("favour_good", "s1", g) for g in t.basic)
        self.s2 = tuple(ids("favour_guild", "s2", u) for u in range(3))
        self.t1 = ids("favour_plain", "t1")
        self.t5 = ids("favour_plain", "t5")
        self.t13 = ids("favour_plain", "t13")
        self.t8 = tuple(ids("favour_good", "t8", g) for g in GOODS)
        # (good, its bowl) for the goods that have a bowl (O2), as ``Tables.bowl_of`` pairs them
        self.bowls = tuple(t.bowl_of.items())
        self.tribute = tuple(ids("tribute", g) for g in GOODS)
        self.favour_tribute = tuple(ids("favour_tribute", "t6", g) for g in GOODS)
        self.order = tuple(ids("order", u) for u in range(3))
        self.favour_order = tuple(ids("favour_order", "t6", u) for u in range(3))
        self.influence = tuple(ids("influence", u) for u in range(3))
        self.painting = tuple(a.id for a in A.ACTIONS if a.kind == "painting")
        self.french = tuple(ids("french", g) for g in GOODS)
        self.give = tuple(ids("give", g) for g in GOODS)
        self.pay = tuple(ids("pay", g) for g in GOODS)
        self.take = tuple(ids("take", g) for g in GOODS)
        self.gain = tuple(ids("gain", g) for g in GOODS)
        self.dyer = tuple(ids("dyer", g) for g in GOODS)
        self.produce = tuple(ids("produce", n) for n in range(A.MAX_PRODUCE + 1))
        self.process = tuple(ids("process", n) for n in range(4))
        self.reclaim = tuple(ids("reclaim", g, 0) for g in GOODS)
        self.reclaim_favour = ids("reclaim", -1, 0)
        self.reward = ids("reward_favour")
        self.reward_tile = {tile: ids("reward_tile", tile) for tile in A.TILES}
        self.tile = {tile: ids("tile", tile) for tile in A.TILES}
        self.discard = {tile: ids("discard", tile) for tile in A.TILES}
        self.bonus = tuple(ids("bonus", b) for b in range(len(A.BONUS_NAMES)))
        self.end = ids("end")
        self.statue = ids("statue")
        self.done = ids("done")
        self.improve = ids("improve")
        self.follow = (ids("follow"), ids("decline"))
        self.decline = ids("decline")
        self.oil, self.curry, self.oil_curry = ids("oil"), ids("curry"), ids("oil_curry")
        self.caliph, self.book, self.gown = ids("caliph"), ids("book"), ids("gown")
        self.mosaic = (ids("mosaic", 1), ids("mosaic", 3))
        self.cook = (ids("cook"), ids("supply"))
        # deliveries by (good, notable): D2 at the Boatman, M5a, FT12, N10, D5
        pairs = [(g, n) for g in GOODS for n in A.NOTABLES]
        self.deliver = {x: ids("deliver", *x) for x in pairs}
        self.double = {x: ids("double", *x) for x in pairs}
        self.meditate_deliver = {x: ids("meditate_deliver", *x) for x in pairs}
        self.favour_deliver = {x: ids("favour_deliver", "t12", *x) for x in pairs}
        self.jagir = {x: ids("jagir", *x) for x in pairs}
        self.reclaim_notable = {x: ids("reclaim", *x) for x in pairs}
        # O5: each order's goods as (good, count) pairs, by guild and position
        self.order_need = tuple(tuple(tuple((g, need.count(g)) for g in sorted(set(need)))
                                      for need in column) for column in t.orders)
        # D1: the levels open with the boat at each dock, cumulative or at the dock only
        self.open_by = (frozenset(),) + tuple(
            frozenset(lv for dock in range(boat) for lv in t.opens[dock])
            for boat in range(1, len(t.opens) + 1))
        self.open_at = (frozenset(),) + tuple(frozenset(levels) for levels in t.opens)
        # the actions naming two goods, by [good][other good]
        def by_pair(kind: str, *first: Any) -> tuple[tuple[int, ...], ...]:
            return tuple(tuple(ids(kind, *first, g, h) if g != h else -1 for h in GOODS)
                         for g in GOODS)

        self.pair = {"meditate_trade": by_pair("meditate_trade"),
                     "english": by_pair("english"),
                     "meditate_process": by_pair("meditate_process"),
                     "favour_swap": by_pair("favour_swap", "t14"),
                     "favour_process_t7": by_pair("favour_process", "t7")}
        self.material_values = tuple(t.build_value[m] for m in A.MATERIALS)  # C2
        self.price_moves = tuple((i, g, face) for i in range(3) for g in GOODS
                                 for face in (1, -1))
        self.price = tuple(ids("price", *x) for x in self.price_moves)
        self.favour_price = tuple(ids("favour_price", "t4", *x) for x in self.price_moves)
        # A4: each farmer move as (track, step index in ``track_steps``) and its actions
        self.farmer_steps = tuple((k, STEP_INDEX[delta], ids("meditate_farmer", x))
                                  for x in A.FARMER_STEPS for (k, delta), in (x,))
        self.farmer_singles = tuple((k, STEP_INDEX[delta], ids("farmers", x),
                                     ids("favour_farmers", "t9", x))
                                    for x in A.FARMER_PAIRS if len(x) == 1
                                    for (k, delta), in (x,))
        self.farmer_doubles = tuple((k, STEP_INDEX[delta], k2, STEP_INDEX[delta2],
                                     ids("farmers", x), ids("favour_farmers", "t9", x))
                                    for x in A.FARMER_PAIRS if len(x) == 2
                                    for (k, delta), (k2, delta2) in (x,))


@lru_cache(maxsize=8)
def moves(t: Tables) -> Moves:
    return Moves(t)


class Valued:
    """What depends on the goods' current values (H6), each part built when first read."""

    def __init__(self, m: Moves, values: tuple[int, ...]) -> None:
        self.m = m
        self.values = values
        self.top = max(values)

    @cached_property
    def same(self) -> tuple[tuple[int, ...], ...]:
        """Per good, the other goods of its value (the swaps M5e, N14, FT14)."""
        values = self.values
        return tuple(tuple(h for h in GOODS if h != g and values[h] == values[g])
                     for g in GOODS)

    def _pairs(self, table: tuple[tuple[int, ...], ...]) -> tuple[Ids, ...]:
        return tuple(tuple(table[g][h] for h in self.same[g]) for g in GOODS)

    @cached_property
    def trade(self) -> tuple[Ids, ...]:
        return self._pairs(self.m.pair["meditate_trade"])

    @cached_property
    def english(self) -> tuple[Ids, ...]:
        return self._pairs(self.m.pair["english"])

    @cached_property
    def swap(self) -> tuple[Ids, ...]:
        return self._pairs(self.m.pair["favour_swap"])

    @cached_property
    def meditate_process(self) -> tuple[tuple[Ids, ...], ...]:
        """M5b: per MP in hand (at most the dearest value), the processings it pays for."""
        values, arrows, table = self.values, self.m.arrows_from, self.m.pair["meditate_process"]
        return tuple(tuple(tuple(table[g][h] for h in arrows[g] if values[h] <= mp)
                           for g in GOODS) for mp in range(self.top + 1))

    @cached_property
    def t3(self) -> Ids:
        return tuple(ids("favour_good", "t3", g) for g in GOODS if self.values[g] == 2)

    @cached_property
    def t7(self) -> tuple[Ids, ...]:
        values, table = self.values, self.m.pair["favour_process_t7"]
        return tuple(tuple(table[g][h] for h in self.m.arrows_from[g]
                           if values[g] == 1 and values[h] == 2) for g in GOODS)

    @cached_property
    def french_slot(self) -> tuple[int, ...]:
        return tuple(v - 1 if v in (1, 2, 3) else -1 for v in self.values)  # N6

    @cached_property
    def gain(self) -> dict[int, Ids]:
        values, gain = self.values, self.m.gain
        return {v: tuple(gain[g] for g in GOODS if values[g] == v) for v in set(values)}

    @cached_property
    def sadr(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        values = self.values
        return tuple(tuple((b, ids("sadr", g, bowl)) for bowl, b in self.m.t.bowl_of.items()
                           if values[bowl] == values[g]) for g in GOODS)  # N20

    @cached_property
    def take(self) -> tuple[Ids, ...]:
        """C10, Q20: the goods a Trader may take with ``room`` value left, by ``room``."""
        values, take = self.values, self.m.take
        return tuple(tuple(take[g] for g in GOODS if values[g] < room)
                     for room in range(self.top + 2))


@lru_cache(maxsize=1 << 12)
def valued(m: Moves, values: tuple[int, ...]) -> Valued:
    return Valued(m, values)


class Priced:
    """The price markers where they are (H6, C9): the goods' values and the price moves."""

    def __init__(self, m: Moves, floor: int, prices: tuple[tuple[int, int] | None, ...]) -> None:
        self.m = m
        self.prices = prices
        t = m.t
        values = []
        for g in GOODS:
            v = t.value[g]
            for marker in prices:
                if marker is not None and marker[0] == g:
                    v += marker[1]
            values.append(max(v, floor))
        self.valued = valued(m, tuple(values))
        self.values = self.valued.values

    @cached_property
    def _price_moves(self) -> list[int]:
        """C9, Q51: a marker onto a good without one, or flipped, or both (indexes into
        ``Moves.price_moves``)."""
        prices = self.prices
        marked = {p[0]: i for i, p in enumerate(prices) if p is not None}
        return [j for j, (i, g, face) in enumerate(self.m.price_moves)
                if not (g in marked and marked[g] != i) and prices[i] != (g, face)]

    @cached_property
    def price(self) -> Ids:
        table = self.m.price
        return tuple(table[j] for j in self._price_moves)

    @cached_property
    def favour_price(self) -> Ids:
        table = self.m.favour_price
        return tuple(table[j] for j in self._price_moves)


@lru_cache(maxsize=1 << 12)
def priced(m: Moves, floor: int, a: Any, b: Any, c: Any) -> Priced:
    """The ``Priced`` tables for price markers ``a``, ``b``, ``c`` (each ``(good, face)`` or
    None) and the lowest value a good may have (option ``min_good_value``)."""
    return Priced(m, floor, (a, b, c))


@lru_cache(maxsize=1 << 12)
def track_steps(n: int, farmer: int, covers: tuple[int, ...]) -> tuple[bool, bool, bool, bool]:
    """A4 on one track of ``n`` squares: whether its farmer may move +1, -1, +2, -2 (never
    onto or across a corner or a cover tile)."""
    def ok(delta: int) -> bool:
        pos, step = farmer, 1 if delta > 0 else -1
        for _ in range(abs(delta)):
            pos += step
            if not 1 <= pos <= n or pos in covers:
                return False
        return True

    return ok(1), ok(-1), ok(2), ok(-2)


class FarmerMoves:
    """The farmer moves (A4) of a farm whose tracks allow these steps (``track_steps``; the
    tracks are independent): steps (M5d) and pairs (C12c, FT9)."""

    def __init__(self, m: Moves, steps: tuple[tuple[bool, bool, bool, bool], ...]) -> None:
        self.meditate_farmer = tuple(i for k, step, i in m.farmer_steps if steps[k][step])
        pairs = [(a, b) for k, step, a, b in m.farmer_singles if steps[k][step]]
        pairs += [(a, b) for k, step, k2, step2, a, b in m.farmer_doubles
                  if steps[k][step] and steps[k2][step2]]
        self.farmers_moves = tuple(a for a, _ in pairs)
        self.favour_farmers = tuple(b for _, b in pairs)


@lru_cache(maxsize=1 << 12)
def farmer_moves(m: Moves, steps: tuple[tuple[bool, bool, bool, bool], ...]) -> FarmerMoves:
    return FarmerMoves(m, steps)


class CoverMoves:
    """The cover tiles a farm can lose (A5): C12b, M5c, FT2."""

    def __init__(self, covers: tuple[tuple[int, ...], ...]) -> None:
        self.squares = tuple((k, i) for k, cover in enumerate(covers) for i in sorted(cover))
        self.meditate_uncover = tuple(ids("meditate_uncover", k, i) for k, i in self.squares)
        self.uncover = tuple(ids("uncover", k, i) for k, i in self.squares)
        self.favour_uncover = tuple(ids("favour_uncover", "t2", k, i) for k, i in self.squares)


@lru_cache(maxsize=1 << 10)
def cover_moves(covers: tuple[tuple[int, ...], ...]) -> CoverMoves:
    return CoverMoves(covers)


class Farm:
    """One farm (A1–A5), with tracks of ``n`` squares, its farmers' squares and covered
    squares: its farmer moves (``FarmerMoves``), its covers to remove (``CoverMoves``) and
    what it produces of each good (A3)."""

    def __init__(self, m: Moves, n: int, farmers: tuple[int, ...],
                 covers: tuple[tuple[int, ...], ...]) -> None:
        self.m, self.n, self.farmers, self.covers = m, n, farmers, covers

    @cached_property
    def _moves(self) -> FarmerMoves:
        return farmer_moves(self.m, tuple(track_steps(self.n, f, c) for f, c in zip(
            self.farmers, self.covers, strict=True)))

    @property
    def meditate_farmer(self) -> Ids:
        return self._moves.meditate_farmer

    @property
    def farmers_moves(self) -> Ids:
        return self._moves.farmers_moves

    @property
    def favour_farmers(self) -> Ids:
        return self._moves.favour_farmers

    @cached_property
    def _covers(self) -> CoverMoves:
        return cover_moves(self.covers)

    @property
    def meditate_uncover(self) -> Ids:
        return self._covers.meditate_uncover

    @property
    def uncover(self) -> Ids:
        return self._covers.uncover

    @property
    def favour_uncover(self) -> Ids:
        return self._covers.favour_uncover

    @cached_property
    def production(self) -> tuple[int, ...]:
        """A3, per good: the empty squares between the good's corner and each adjacent
        track's farmer, at most ``production_max``."""
        t, n = self.m.t, self.n
        out = [0] * 16
        for (start, end, *_rest), farmer, cover in zip(t.tracks, self.farmers, self.covers,
                                                       strict=True):
            out[start] += sum(1 for i in range(1, farmer) if i not in cover)
            if end != start:
                out[end] += sum(1 for i in range(farmer + 1, n + 1) if i not in cover)
        return tuple(min(total, t.production_max) for total in out)  # A3: at most 8


@lru_cache(maxsize=1 << 14)
def farm(m: Moves, n: int, farmers: tuple[int, ...], covers: tuple[tuple[int, ...], ...]
         ) -> Farm:
    """The ``Farm`` with tracks of ``n`` squares, these farmers' squares and covered squares."""
    return Farm(m, n, farmers, covers)


def favour_costs(t: Tables) -> tuple[tuple[str, int, int], ...]:
    """F3, F4: each favour action with the favour it needs (its need or its pay, the larger)
    and its tile (0 for a starting action)."""
    return tuple((fav, max(t.favour_cost[fav]), int(fav[1:]) if fav[0] == "t" else 0)
                 for fav in FAVOURS if fav in t.favour_cost)


@lru_cache(maxsize=1 << 12)
def favours_open(costs: tuple[tuple[str, int, int], ...], favour: int, tiles: tuple[int, ...],
                 used: tuple[str, ...]) -> frozenset[str]:
    """The favour actions a seat with ``favour``, these ``tiles`` and these once-a-turn things
    ``used`` may take (F3, F4, F5), before what each needs on the board."""
    return frozenset(fav for fav, need, tile in costs
                     if favour >= need and fav not in used and (not tile or tile in tiles))

"""Alhambra's rules (docs/rules/alhambra.md): the state, its legal actions and their effects.

Hot state is plain ints, tuples, ``bytes`` grids and short lists, so ``clone`` is a handful
of list copies: per-seat values are replaced, never mutated, so a clone can share them.
Chance comes from one SplitMix64 generator whose whole state (an int) lives in the state:
the bag is an unordered set drawn from at random, the money deck an ordered pile shuffled
at setup and whenever the discard pile is reused.
"""

from __future__ import annotations

from bisect import bisect, insort
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from eurogames.core.action import Action
from eurogames.core.errors import IllegalActionError
from eurogames.core.game import Event, ScorePart, State
from eurogames.core.rng import Rng
from eurogames.games.alhambra.actions import (
    ACTIONS,
    BUY,
    BY_TEXT,
    CONFIRM,
    CONFIRM_ACTION,
    COPIES,
    MINIMAL_PAYMENTS,
    PASS_ACTION,
    PAY,
    PAY_BY_CARD,
    PLACE,
    PURCHASE,
    PURCHASE_BY_SLOT,
    RESERVE,
    SCORING_CARD,
    SWAP,
    TAKE,
    TAKE_BY_CARDS,
    TAKE_LIMIT,
    buy_action,
    card_text,
    card_value,
)
from eurogames.games.alhambra.data import TILE_IDS, TILE_PRICE, TILE_TYPE, TYPES
from eurogames.games.alhambra.palace import (
    FOUNTAIN,
    ORIGIN,
    PalaceGeometry,
    is_valid,
    longest_wall,
    new_grid,
)
from eurogames.games.alhambra.scoring import round_breakdown
from eurogames.games.alhambra.tile_moves import PLACE_PENDING, REDESIGN

STARTING_MONEY = 20  # rule U5: deal until the total is at least 20
DISPLAY_SIZE = 4
MARKET_SLOTS = 4
PILES = 5  # rule U7: five piles, scoring cards in the 2nd and 4th
DIRK_TILES_AT_START = 6  # rule V3
DIRK_TILES_AFTER_FIRST = 6  # rule V4
NO_MONEY = (0,) * 36

ACTION, PLACING, ENDING, OVER = 0, 1, 2, 3
PHASES = ("action", "placing", "ending", "over")

_TAKE_ONE = tuple(TAKE_BY_CARDS[(code,)] for code in range(36))
_SMALL = tuple(card_value(code) < TAKE_LIMIT for code in range(36))  # may join a several-card take


# the index sets of two or more cards among up to four small ones, for several-card takes
_GROUPS = tuple(
    tuple(
        tuple(i for i in range(n) if mask >> i & 1)
        for mask in range(1, 1 << n)
        if mask & (mask - 1)
    )
    for n in range(DISPLAY_SIZE + 1)
)


@cache  # at most ~10^5 displays (four of 36 cards, sorted)
def takes_for(display: tuple[int, ...]) -> tuple[Action, ...]:
    """Rule M1: one card, or several totalling at most 5, from the face-up display.

    Single-card takes come first in the action space, then the several-card ones, which
    depend only on the display's cards worth at most 4 (``several_takes``).
    """
    singles = [_TAKE_ONE[code] for code in dict.fromkeys(display)]  # sorted, unique
    small = tuple([code for code in display if _SMALL[code]])  # sorted
    return (*singles, *several_takes(small))


@cache  # far fewer combinations of small cards occur than displays
def several_takes(small: tuple[int, ...]) -> tuple[Action, ...]:
    """Rule M1: the takes of two or more of the ``small`` cards (worth at most 4 each, sorted)
    totalling at most 5, in action order."""
    ids = set()
    for group in _GROUPS[len(small)]:
        combo = tuple(small[i] for i in group)
        if sum(card_value(c) for c in combo) <= TAKE_LIMIT:
            ids.add(TAKE_BY_CARDS[combo].id)
    return tuple(ACTIONS[i] for i in sorted(ids))


def purses(hand: tuple[int, ...]) -> tuple[int, ...]:
    """A hand as one int per currency, a purse: each value's count (at most 3) in a byte,
    value 1 lowest; bytes, so that a hand converts with one int.from_bytes."""
    raw = bytes(hand)
    return (
        int.from_bytes(raw[0:9], "little"), int.from_bytes(raw[9:18], "little"),
        int.from_bytes(raw[18:27], "little"), int.from_bytes(raw[27:36], "little"),
    )


# a purse times WORTH holds sum(count * value) in its byte 8: each value v meets 9 - v'
# weight there, and no byte can carry (at most 3 cards of each value: 3 * 45 < 256)
WORTH = sum((9 - j) << (8 * j) for j in range(9))


# PURSE_STEP[code]: one card of ``code`` in its currency's purse
PURSE_STEP = tuple(1 << (8 * (code % 9)) for code in range(36))


def _totals(held: tuple[int, ...]) -> tuple[int, ...]:
    """The money of each currency in a hand given as ``purses``: rule M2 pays in one."""
    return tuple([(purse * WORTH >> 64) & 0xFF for purse in held])


# each byte's top bit, a guard against borrows: a purse has at most 3 of a value, so a byte
# never reaches it, and (GUARDS | purse) - need keeps every guard iff the purse holds need
GUARDS = sum(0x80 << (8 * i) for i in range(9))
# NEEDS[price]: the minimal payments of the price (actions' order) as purses
NEEDS = {
    price: tuple(sum(1 << (8 * (v - 1)) for v in values) for values in payments)
    for price, payments in MINIMAL_PAYMENTS.items()
}
# _BUY_OPTIONS[slot][price]: the one-decision buys of NEEDS[price] from the slot, same order
_BUY_OPTIONS = tuple(
    {price: tuple(buy_action(slot, v) for v in payments) for price, payments in
     MINIMAL_PAYMENTS.items()}
    for slot in range(MARKET_SLOTS)
)


# _PAYS[slot]: (card code, its pay action) for the slot's currency, values ascending
_PAYS = tuple(
    tuple((code, PAY_BY_CARD[code]) for code in range(slot * 9, slot * 9 + 9))
    for slot in range(MARKET_SLOTS)
)
# LOWEST[purse & -purse]: the smallest value a purse holds (its lowest set bit lies in that
# value's byte, at bit 0 or 1: at most 3 copies)
LOWEST = {1 << (8 * (v - 1) + bit): v for v in range(1, 10) for bit in range(2)}


def holds(purse: int, need: int) -> bool:
    """Whether a purse holds every card of ``need`` (also a purse): SWAR, each value's count
    compared at once, a guard bit surviving the subtraction iff held >= needed."""
    return ((GUARDS | purse) - need) & GUARDS == GUARDS


@lru_cache(maxsize=1 << 14)  # the payments fit whatever the currency: shared by the slots
def minimal_payments(price: int, purse: int) -> tuple[int, ...]:
    """Rules M2, M3, A10: the indexes in ``MINIMAL_PAYMENTS[price]`` of the inclusion-minimal
    payments of ``price`` that ``purse`` (one currency's cards, ``purses``) holds."""
    return tuple([i for i, need in enumerate(NEEDS[price]) if holds(purse, need)])


def buys_for(slot: int, price: int, purse: int) -> tuple[Action, ...]:
    """Rules M2–M4, A10: the one-decision buys from ``slot`` of a tile costing ``price``, one
    per inclusion-minimal payment ``purse`` holds (none when its cards fall short)."""
    if (purse * WORTH >> 64) & 0xFF < price:
        return ()
    options = _BUY_OPTIONS[slot][price]
    return tuple([options[i] for i in minimal_payments(price, purse)])


@lru_cache(maxsize=1 << 16)
def purchases_for(slot: int, price: int, purse: int) -> tuple[Action, ...]:
    """Rules M2, M3, M7, A10: every way to begin buying from ``slot`` a tile costing
    ``price`` with ``purse``: each inclusion-minimal payment as one decision (``buys_for``),
    then, where the cards can overpay (they reach the price without their smallest), the
    purchase opened to be paid card by card (``buy 2``: it can always be completed). Where
    they cannot, every payment they allow is minimal, and the shortcuts list them all."""
    buys = buys_for(slot, price, purse)
    if buys and ((purse * WORTH >> 64) & 0xFF) - LOWEST[purse & -purse] >= price:
        return (*buys, PURCHASE_BY_SLOT[slot])
    return buys


class AlhambraState(State):
    """An Alhambra position. Among its hot state, ``purchase`` is the purchase in progress
    (M7), public: None, or (market slot 0-3, the card codes chosen so far, sorted); the phase
    stays ``action`` meanwhile, and the tile stays in its slot until ``confirm``."""

    __slots__ = (
        "game", "players", "seed", "options", "ply", "_history",
        "rng", "bag", "market", "deck", "discard", "display", "hands",
        "grids", "cells", "reserves", "pending", "dirk", "with_dirk",
        "points", "dirk_points", "log", "current", "start", "phase", "bonus",
        "scorings", "scoring_ranges", "queue", "purchase", "_legal", "_palaces", "_held",
        "_redesign", "_purses", "_owned", "_events", "scoring_detail",
    )

    # -- setup (rules U1–U8) ---------------------------------------------------------------
    @classmethod
    def setup(cls, game: Any, players: int, seed: int, options: dict[str, Any]) -> AlhambraState:
        rng = Rng(seed)
        s = cls.__new__(cls)
        s.game, s.players, s.seed, s.options = game, players, seed, dict(options)
        s.ply, s._history = 0, None
        s.with_dirk = players == 2 and bool(options.get("dirk", True))
        bag = list(TILE_IDS)
        s.market = [bag.pop(rng.below(len(bag))) for _ in range(MARKET_SLOTS)]  # U2
        dirk_tiles = DIRK_TILES_AT_START if s.with_dirk else 0
        dirk = [bag.pop(rng.below(len(bag))) for _ in range(dirk_tiles)]
        s.bag = tuple(bag)
        s.dirk = tuple(sorted(dirk))
        copies = COPIES - 1 if s.with_dirk else COPIES  # V1: 72 cards with Dirk
        deck = [code for code in range(36) for _ in range(copies)]  # top = last
        rng.shuffle(deck)  # U4
        hands = []
        for _ in range(players):  # U5, A9: seat 0 first, face up, until the total is >= 20
            hand = [0] * 36
            total = 0
            while total < STARTING_MONEY:
                code = deck.pop()
                hand[code] += 1
                total += card_value(code)
            hands.append(tuple(hand))
        s.hands = hands
        s.display = tuple(sorted(deck.pop() for _ in range(DISPLAY_SIZE)))  # U6
        s.deck, s.scoring_ranges = _insert_scoring_cards(deck, rng)  # U7
        s.discard = NO_MONEY
        s.grids = [new_grid() for _ in range(players)]
        s.cells = [(ORIGIN,)] * players
        s.reserves = [()] * players
        s.pending = ()
        s.points = [0] * players
        s.dirk_points = 0
        s.log = ()
        counts = [sum(h) for h in hands]  # U8, A8: fewest cards, lowest total, lowest seat
        totals = [sum(card_value(c) * n for c, n in enumerate(h)) for h in hands]
        s.start = min(range(players), key=lambda p: (counts[p], totals[p], p))
        s.current = s.start
        s.phase = ACTION
        s.bonus = False
        s.scorings = 0
        s.queue = ()
        s.purchase = None
        s.rng = rng.state
        s._events = ()
        s.scoring_detail = ()
        s.forget_geometry()
        return s

    def clone(self) -> AlhambraState:
        s = AlhambraState.__new__(AlhambraState)
        s.game, s.players, s.seed, s.options = self.game, self.players, self.seed, self.options
        s.ply, s._history = self.ply, self._history
        s.rng, s.bag, s.market = self.rng, self.bag, self.market[:]
        s.deck, s.discard, s.display = self.deck, self.discard, self.display
        s.hands = self.hands[:]
        s.grids = self.grids[:]
        s.cells = self.cells[:]
        s.reserves = self.reserves[:]
        s.pending, s.dirk, s.with_dirk = self.pending, self.dirk, self.with_dirk
        s.points, s.dirk_points, s.log = self.points[:], self.dirk_points, self.log
        s.current, s.start, s.phase, s.bonus = self.current, self.start, self.phase, self.bonus
        s.scorings, s.scoring_ranges, s.queue = self.scorings, self.scoring_ranges, self.queue
        s.purchase = self.purchase
        s._legal = self._legal
        # the per-seat cache lists are shared until either state writes to one (_own)
        s._palaces, s._redesign, s._purses = self._palaces, self._redesign, self._purses
        s._held = self._held  # replaced by either state's _own before any write
        s._owned = self._owned = False
        s._events, s.scoring_detail = self._events, self.scoring_detail
        return s

    # -- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.phase == OVER else self.current

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        return self.points[:]

    def winners(self) -> list[int]:
        """Rule E5, A13: the highest total among the seats; a tie shares the victory."""
        best = max(self.points)
        return [p for p in range(self.players) if self.points[p] == best]

    # -- cached per-seat geometry ----------------------------------------------------------
    # Per seat, shared by clones and replaced (never mutated) on change:
    # - what the rules keep about the Alhambra (palace.PalaceGeometry), this state's own
    #   object once _held says so (a copy of the one a clone shares, made before any write);
    # - the redesign actions (R1-R3), rebuilt from the above when the Alhambra or the
    #   reserve changed;
    # - the hand as one int per currency, for the payments' table look-ups.
    # A clone or a greedy bot's one-ply look-ahead that never asks pays for none of it.
    def forget_geometry(self) -> None:
        """Drop every cached legal action and per-seat geometry (after editing the hot state)."""
        n = self.players
        self._legal = None
        self._palaces = [PalaceGeometry() for _ in range(n)]
        self._held = [True] * n
        self._redesign = [None] * n
        self._purses = [None] * n
        self._owned = True

    def _own(self) -> None:
        """Copy the per-seat cache lists a clone shares, before writing to one of them.

        Every write happens under ``_apply``, ``_generate`` or the per-seat queries below, which
        call this first unless the lists are already this state's alone (``_owned``): a clone
        costs no copies until it is played on, and a playout without clones none at all.
        The geometry objects in the lists stay shared until ``_palace`` copies one.
        """
        self._palaces, self._redesign, self._purses = (
            self._palaces[:], self._redesign[:], self._purses[:]
        )
        self._held = [False] * self.players
        self._owned = True

    def _palace(self, p: int) -> PalaceGeometry:
        """Seat p's geometry, this state's own object (which it may fill in and change)."""
        if not self._owned:
            self._own()
        if self._held[p]:
            return self._palaces[p]
        self._held[p] = True
        palace = self._palaces[p] = self._palaces[p].copy()
        return palace

    def placements(self, p: int) -> tuple[tuple[int, int], ...]:
        """The cells of seat p's Alhambra open to some tile, with the wall masks allowed,
        in cell order."""
        front, order = self._palace(p).open_cells(self.grids[p], self.cells[p])
        return tuple([(c, front[c]) for c in order])

    def signatures(self, p: int) -> bytearray:
        """Every cell's signature in seat p's Alhambra (``palace.signatures``)."""
        return self._palace(p).signatures(self.grids[p], self.cells[p])

    def removable_cells(self, p: int) -> tuple[int, ...]:
        """The cells of seat p's Alhambra whose tile may go to the reserve (rule P6), in order."""
        return self._palace(p).removable(self.grids[p], self.cells[p])

    def removable(self, p: int) -> frozenset[int]:
        """The cells of seat p's Alhambra whose tile may go to the reserve (rule P6)."""
        return frozenset(self.removable_cells(p))

    def tile_cell(self, p: int, tile: int) -> int:
        """The cell holding ``tile`` in seat p's Alhambra, or -1 (a tile lies on one cell)."""
        return self.grids[p].find(tile) if 0 < tile < FOUNTAIN else -1

    # -- legal actions ---------------------------------------------------------------------
    def _generate(self) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        if not self._owned:
            self._own()
        p = self.current
        if phase != ACTION:
            return self._placing_actions(p)
        if self.purchase is not None:
            return self._paying_actions(p)
        legal = list(takes_for(self.display))  # M1
        hand = self.hands[p]
        cached = self._purses[p]
        if cached is None or cached[0] is not hand:  # hands are replaced, never mutated
            held = purses(hand)
            cached = self._purses[p] = (hand, held, _totals(held))
        # M2, M3, M7, A10: each slot is paid in its own currency (purchases_for), where its
        # cards reach the price. This runs for nearly every decision, so the four slots are
        # written out and the table look-up is made only where the money suffices.
        _, held, totals = cached
        tile0, tile1, tile2, tile3 = self.market
        money0, money1, money2, money3 = totals
        if tile0 and money0 >= TILE_PRICE[tile0]:
            legal += purchases_for(0, TILE_PRICE[tile0], held[0])
        if tile1 and money1 >= TILE_PRICE[tile1]:
            legal += purchases_for(1, TILE_PRICE[tile1], held[1])
        if tile2 and money2 >= TILE_PRICE[tile2]:
            legal += purchases_for(2, TILE_PRICE[tile2], held[2])
        if tile3 and money3 >= TILE_PRICE[tile3]:
            legal += purchases_for(3, TILE_PRICE[tile3], held[3])
        redesign = self._redesign[p]
        if redesign is None:
            redesign = self._redesign[p] = self._redesign_actions(p)
        legal += redesign
        if self.bonus or not legal:  # A1, A11
            legal.append(PASS_ACTION)
        return legal

    def _redesign_actions(self, p: int) -> list[Action]:
        """R1–R3 for seat p: they depend only on its Alhambra and its reserve.

        Worked out again after nearly every turn of random play (a redesign changes both), by
        ``tile_moves.REDESIGN`` (compiled where it was built) from what the seat's geometry keeps
        up to date one change at a time: the frontier in cell order, the signatures, the
        removable cells. The list is cached per seat and shared by clones: nothing changes it
        once returned.
        """
        reserve = self.reserves[p]
        grid = self.grids[p]
        cells = self.cells[p]
        palace = self._palaces[p] if self._owned and self._held[p] else self._palace(p)
        order: list[int] | tuple[()] = ()
        if reserve:
            order = palace.order
            if order is None:  # else up to date (the usual case in a playout)
                order = palace.open_cells(grid, cells)[1]
        elif len(cells) == 1:
            return []  # the fountain alone: nothing to place, move or swap
        if len(cells) == 1:  # R1 only: the fountain is never moved or replaced (P6, P7)
            return REDESIGN(reserve, order, palace.sig, (), grid, cells)
        sig = palace.sig
        if sig is None:
            sig = palace.signatures(grid, cells)
        free = palace.free
        if free is None:
            free = palace.removable(grid, cells)
        return REDESIGN(reserve, order, sig, free, grid, cells)

    def _paying_actions(self, p: int) -> list[Action]:
        """M2, M3, A10: any card of the slot's currency still held joins the payment, also
        once the price is reached (overpaying is allowed, without change); the payment is
        confirmed once it reaches the price."""
        slot, cards = self.purchase
        hand = self.hands[p]
        legal = []
        total = 0
        if cards:
            for code in cards:
                total += code % 9 + 1
            for code, pay in _PAYS[slot]:
                if hand[code] > cards.count(code):
                    legal.append(pay)
        else:
            for code, pay in _PAYS[slot]:
                if hand[code]:
                    legal.append(pay)
        if total >= TILE_PRICE[self.market[slot]]:
            legal.append(CONFIRM_ACTION)
        return legal

    def _placing_actions(self, p: int) -> list[Action]:
        """P9: each bought tile goes to the Alhambra, the reserve or (two players) Dirk
        (``tile_moves.PLACE_PENDING``, compiled where it was built)."""
        palace = self._palace(p)
        order = palace.open_cells(self.grids[p], self.cells[p])[1]
        return PLACE_PENDING(self.pending, order, palace.sig, self.with_dirk)

    def reveals(self, action: Action) -> bool:
        """A decision reveals hidden information when it ends the turn with a refill that draws
        money cards from the deck or tiles from the bag (F1–F4, Dirk's tiles too); buying,
        taking money and placing earlier in the turn draw nothing (U6: the refill waits for
        the end of the turn)."""
        self._check_legal(action)
        after = self.clone()
        after._apply(action)
        return (after.deck, after.bag, after.rng) != (self.deck, self.bag, self.rng)

    # -- effects ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if not self._owned:
            self._own()
        kind = action.kind
        p = self.current
        if self.phase != ACTION:
            tile = action.tile
            pending = list(self.pending)
            pending.remove(tile)  # bought tiles are distinct
            self.pending = tuple(pending)
            if kind == PLACE:
                self._build(p, tile, action.cell)
            elif kind == RESERVE:
                self.reserves[p] = tuple(sorted((*self.reserves[p], tile)))
                self._redesign[p] = None
            else:  # DIRK
                self.dirk = tuple(sorted((*self.dirk, tile)))
            if not self.pending:
                if self.phase == PLACING:
                    self._end_of_turn()
                else:
                    self._next_recipient()
            return
        if kind == TAKE:
            self._take_money(p, action.cards)
        elif kind == BUY:  # M2–M4 in one decision: a minimal payment
            slot = action.slot
            if self._buy(p, slot, [slot * 9 + v - 1 for v in action.values]):
                self.bonus = True  # M4: exact payment, another action
                return
        elif kind == PURCHASE:  # M7: the slot first, then the cards one by one
            self.purchase = (action.slot, ())
            return
        elif kind == PAY:
            slot, cards = self.purchase
            self.purchase = (slot, tuple(sorted((*cards, action.card))))
            return
        elif kind == CONFIRM:
            slot, cards = self.purchase
            self.purchase = None
            if self._buy(p, slot, cards):
                self.bonus = True  # M4: exact payment, another action
                return
        elif kind == PLACE:
            tile, cell = action.tile, action.cell
            reserve = list(self.reserves[p])
            reserve.remove(tile)  # a legal placement's tile is in the reserve, once
            self.reserves[p] = tuple(reserve)
            self._build(p, tile, cell)
        elif kind == RESERVE:
            self._demolish(p, action.tile)
        elif kind == SWAP:
            self._swap(p, action.new, action.old)
        self.bonus = False
        if self.pending:
            self.phase = PLACING
        elif len(self.display) == DISPLAY_SIZE and 0 not in self.market:  # nothing to refill
            self.current = (self.current + 1) % self.players  # (_end_of_turn's first case)
            self.phase = ACTION
        else:
            self._end_of_turn()

    def _take_money(self, p: int, cards: tuple[int, ...]) -> None:
        display = list(self.display)
        before = self.hands[p]
        hand = list(before)
        for code in cards:
            display.remove(code)
            hand[code] += 1
        self.display = tuple(display)
        self.hands[p] = after = tuple(hand)
        cached = self._purses[p]
        if cached is not None and cached[0] is before:  # move the purses along, card by card
            held, totals = list(cached[1]), list(cached[2])
            for code in cards:
                currency = code // 9
                held[currency] += PURSE_STEP[code]
                totals[currency] += code % 9 + 1
            self._purses[p] = (after, tuple(held), tuple(totals))

    def _buy(self, p: int, slot: int, cards: Sequence[int]) -> bool:
        """M2–M4: pay ``cards`` (codes), set the tile aside; True when the payment was exact."""
        tile = self.market[slot]
        self.market[slot] = 0
        before = self.hands[p]
        hand = list(before)
        discard = list(self.discard)
        paid = 0
        values = 0
        for code in cards:
            values += code % 9 + 1
            hand[code] -= 1
            discard[code] += 1
            paid += PURSE_STEP[code]
        self.hands[p] = after = tuple(hand)
        self.discard = tuple(discard)
        self.pending = (*self.pending, tile)
        cached = self._purses[p]
        if cached is not None and cached[0] is before:  # move the purses along
            held, totals = list(cached[1]), list(cached[2])
            held[slot] -= paid
            totals[slot] -= values
            self._purses[p] = (after, tuple(held), tuple(totals))
        return values == TILE_PRICE[tile]

    # The three changes of an Alhambra (a cell filled, emptied, its tile replaced) write the
    # new grid (bytes, shared by clones: replaced, never changed), drop the seat's cached
    # redesigns and move its geometry along. Only ``_apply`` calls them, after ``_own``: the
    # per-seat lists are this state's, and a geometry ``_held`` is its own.
    def _build(self, p: int, tile: int, cell: int) -> None:
        cells = self.cells[p]
        at = bisect(cells, cell)
        self.cells[p] = cells[:at] + (cell,) + cells[at:]  # sorted: a canonical order
        grid = bytearray(self.grids[p])
        grid[cell] = tile
        self.grids[p] = after = bytes(grid)
        self._redesign[p] = None
        (self._palaces[p] if self._held[p] else self._palace(p)).built(after, cell, tile)

    def _demolish(self, p: int, tile: int) -> None:
        grid = bytearray(self.grids[p])
        cell = grid.find(tile)
        grid[cell] = 0
        self.grids[p] = after = bytes(grid)
        cells = self.cells[p]
        at = cells.index(cell)
        self.cells[p] = cells[:at] + cells[at + 1 :]
        self.reserves[p] = tuple(sorted((*self.reserves[p], tile)))
        self._redesign[p] = None
        (self._palaces[p] if self._held[p] else self._palace(p)).demolished(after, cell, tile)

    def _swap(self, p: int, new: int, old: int) -> None:
        grid = bytearray(self.grids[p])
        cell = grid.find(old)
        grid[cell] = new
        self.grids[p] = after = bytes(grid)
        reserve = list(self.reserves[p])
        reserve.remove(new)
        insort(reserve, old)  # the reserve stays sorted
        self.reserves[p] = tuple(reserve)
        self._redesign[p] = None
        (self._palaces[p] if self._held[p] else self._palace(p)).swapped(after, cell, old, new)

    def _generator(self) -> Rng:
        """The state's generator as an ``Rng`` (its whole state is the int ``self.rng``)."""
        rng = Rng.__new__(Rng)  # without Rng()'s checks of a seed
        rng.state = self.rng
        return rng

    def _draw_tile(self, rng: Rng) -> int:
        bag = self.bag
        i = rng.below(len(bag))
        self.bag = bag[:i] + bag[i + 1 :]
        return bag[i]

    def _end_of_turn(self) -> None:
        """F1–F4: refill the display, score, Dirk's tiles, refill the market, end check."""
        if len(self.display) == DISPLAY_SIZE and 0 not in self.market:  # after a redesign
            self.current = (self.current + 1) % self.players
            self.phase = ACTION
            return
        rng = None  # the state's generator, made only when a draw needs it
        found = 0
        if len(self.display) < DISPLAY_SIZE:
            display = list(self.display)
            deck = self.deck
            reshuffled = False
            drawn_money = []  # F1: face up, so public
            while len(display) < DISPLAY_SIZE:
                if not deck:
                    if not any(self.discard):
                        break  # F1: both empty, the display stays short
                    cards = [c for c in range(36) for _ in range(self.discard[c])]
                    if rng is None:
                        rng = self._generator()
                    rng.shuffle(cards)  # F1: the discard pile becomes the new deck
                    deck = tuple(cards)
                    self.discard = NO_MONEY
                    reshuffled = True
                code = deck[-1]
                deck = deck[:-1]
                if code == SCORING_CARD:
                    found += 1  # F1: out of the game, keep drawing
                else:
                    display.append(code)
                    drawn_money.append(code)
            self.deck = deck
            self.display = tuple(sorted(display))
            # a tuple, made an event by _event when asked (this runs nearly every turn)
            self._events = (*self._events, ("display_refill", drawn_money, reshuffled))
        for _ in range(found):  # F2: score after the display is full
            self.scorings += 1
            self._emit("scoring_card", {"round": self.scorings})
            self._score(self.scorings)
            if self.with_dirk:  # V4, V5
                if rng is None:
                    rng = self._generator()
                n = DIRK_TILES_AFTER_FIRST if self.scorings == 1 else len(self.bag) // 3
                drawn = [self._draw_tile(rng) for _ in range(min(n, len(self.bag)))]
                self.dirk = tuple(sorted((*self.dirk, *drawn)))
                self._emit("dirk_tiles", {"tiles": sorted(drawn)})
        short = False
        market = self.market
        if 0 in market:
            if rng is None:
                rng = self._generator()
            for slot in range(MARKET_SLOTS):  # F3: slots in order 1 -> 4
                if not market[slot]:
                    if self.bag:
                        market[slot] = tile = self._draw_tile(rng)
                        self._events = (*self._events, ("market_refill", slot, tile))
                    else:
                        short = True
        if rng is not None:
            self.rng = rng.state
        if short:  # F4: the bag cannot fill the market, the game ends
            empty = [slot + 1 for slot in range(MARKET_SLOTS) if not market[slot]]
            self._emit("bag_empty", {"slots": empty})
            self._end_game()
            return
        self.current = (self.current + 1) % self.players
        self.phase = ACTION

    def _score(self, round_: int) -> None:
        """S1–S7: buildings in the Alhambras (and Dirk's), then each seat's longest wall."""
        counts = []
        walls = []
        for p in range(self.players):
            c = [0] * len(TYPES)
            grid = self.grids[p]
            for cell in self.cells[p]:
                v = grid[cell]
                if v != FOUNTAIN:
                    c[TILE_TYPE[v]] += 1
            counts.append(c)
            walls.append(longest_wall(grid, self.cells[p]))
        if self.with_dirk:
            c = [0] * len(TYPES)
            for t in self.dirk:
                c[TILE_TYPE[t]] += 1
            counts.append(c)
            walls.append(0)  # V7: Dirk scores no walls
        parts = tuple(round_breakdown(counts, walls, round_))
        gained = [sum(by_type) + wall for by_type, wall in parts]
        if self.scoring_detail is not None:  # else unknown (from JSON) until asked for
            self.scoring_detail = (*self.scoring_detail, (round_, parts))
        for p in range(self.players):
            self.points[p] += gained[p]
        dirk = gained[self.players] if self.with_dirk else 0
        self.dirk_points += dirk
        self.log = (*self.log, (round_, tuple(gained[: self.players]), dirk))
        self._emit("scoring", {
            "round": round_,
            "points": gained[: self.players],
            "buildings": [list(by_type) for by_type, _ in parts[: self.players]],
            "walls": [wall for _, wall in parts[: self.players]],
            "dirk": list(parts[self.players][0]) if self.with_dirk else None,
        }, tuple(range(self.players)))

    def _end_game(self) -> None:
        """E2–E3: each market tile to the most money of its currency; then they are placed."""
        n = self.players
        gifts: dict[int, list[int]] = {}
        for slot in range(MARKET_SLOTS):
            tile = self.market[slot]
            if not tile:
                continue
            totals = [
                sum(v * self.hands[p][slot * 9 + v - 1] for v in range(1, 10)) for p in range(n)
            ]
            best = max(totals)
            if best and totals.count(best) == 1:  # A2: ties and nobody -> nobody
                winner = totals.index(best)
                gifts.setdefault(winner, []).append(tile)
                self.market[slot] = 0
                self._emit("market_gift", {
                    "slot": slot + 1, "tile": tile, "seat": winner, "money": best, "tied": [],
                }, (winner,))
            else:
                tied = [p for p in range(n) if best and totals[p] == best]
                self._emit("market_gift", {
                    "slot": slot + 1, "tile": tile, "seat": None, "money": best, "tied": tied,
                }, tuple(tied))
        order = [(self.current + 1 + i) % n for i in range(n)]  # A19
        self.queue = tuple((p, tuple(gifts[p])) for p in order if p in gifts)
        self._next_recipient()

    def _next_recipient(self) -> None:
        if self.queue:
            (p, tiles), self.queue = self.queue[0], self.queue[1:]
            self.current = p
            self.pending = tiles
            self.phase = ENDING
            return
        self._score(3)  # E4: the final scoring is always the third
        self.phase = OVER

    # -- information (A18) -----------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from eurogames.games.alhambra.view import state_view

        return state_view(self, seat)

    def scoring_windows(self) -> list[tuple[int, int]]:
        """For each undrawn scoring card: the draws from the top (1-based) it may come at."""
        n = len(self.deck)
        out = []
        for lo, hi in self.scoring_ranges[self.scorings :]:
            out.append((max(1, n - min(hi, n - 1)), n - lo))
        return out

    def resample_hidden(self, seat: int | None, seed: int) -> AlhambraState:
        """Redraw the money deck's order and reseed the bag (I1–I3).

        Hands, reserves and the bag's contents are public (A18, §13); only orders are hidden.
        An undrawn scoring card stays inside what is left of its pile's range.
        """
        s = self.clone()
        rng = Rng(seed)
        deck = self.deck
        # from the view alone, not the real order
        money = sorted(c for c in deck if c != SCORING_CARD)
        rng.shuffle(money)
        layout: list[int] = [-1] * len(deck)  # bottom-indexed, as the ranges are
        for lo, hi in self.scoring_ranges[self.scorings :]:
            top = min(hi, len(deck) - 1)
            layout[lo + rng.below(top - lo + 1)] = SCORING_CARD
        for i in range(len(layout)):
            if layout[i] < 0:
                layout[i] = money.pop()
        s.deck = tuple(layout)
        s.rng = rng.next64()
        s._legal = None
        return s

    # -- serialisation ---------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        from eurogames.games.alhambra.palace import xy_of

        alhambras = []
        for p in range(self.players):
            grid = self.grids[p]
            alhambras.append(sorted(
                [grid[c], *xy_of(c)] for c in self.cells[p] if grid[c] != FOUNTAIN
            ))
        return {
            "game": "alhambra",
            "version": self.game.version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "ply": self.ply,
            "actions": [a.text for a in self.actions()],
            "rng": self.rng,
            "bag": list(self.bag),
            "market": list(self.market),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "display": list(self.display),
            "hands": [list(h) for h in self.hands],
            "alhambras": alhambras,
            "reserves": [list(r) for r in self.reserves],
            "pending": list(self.pending),
            "dirk": list(self.dirk) if self.with_dirk else None,
            "points": list(self.points),
            "dirk_points": self.dirk_points,
            "log": [[r, list(g), d] for r, g, d in self.log],
            "current": self.current,
            "start": self.start,
            "phase": PHASES[self.phase],
            "bonus": self.bonus,
            "scorings": self.scorings,
            "scoring_ranges": [list(r) for r in self.scoring_ranges],
            "queue": [[p, list(t)] for p, t in self.queue],
            "purchase": (
                None if self.purchase is None
                else {"slot": self.purchase[0], "cards": list(self.purchase[1])}
            ),
        }

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> AlhambraState:
        from eurogames.games.alhambra.palace import cell_of

        try:
            s = cls.__new__(cls)
            s.game = game
            s.players = data["players"]
            s.seed = data["seed"]
            s.options = dict(data["options"])
            s.ply = data["ply"]
            history = None
            for text in data["actions"]:
                history = (history, BY_TEXT[text])
            s._history = history
            s.rng = int(data["rng"])
            s.bag = tuple(data["bag"])
            s.market = [int(t) for t in data["market"]]
            s.deck = tuple(data["deck"])
            s.discard = tuple(data["discard"])
            s.display = tuple(data["display"])
            s.hands = [tuple(h) for h in data["hands"]]
            s.grids = []
            s.cells = []
            for tiles in data["alhambras"]:
                grid = bytearray(new_grid())
                cells = [ORIGIN]
                for tile, x, y in tiles:
                    c = cell_of(x, y)
                    grid[c] = tile
                    cells.append(c)
                s.grids.append(bytes(grid))
                s.cells.append(tuple(sorted(cells)))
            s.reserves = [tuple(r) for r in data["reserves"]]
            s.pending = tuple(data["pending"])
            s.with_dirk = data["dirk"] is not None
            s.dirk = tuple(data["dirk"] or ())
            s.points = list(data["points"])
            s.dirk_points = data["dirk_points"]
            s.log = tuple((r, tuple(g), d) for r, g, d in data["log"])
            s.current = data["current"]
            s.start = data["start"]
            s.phase = PHASES.index(data["phase"])
            s.bonus = bool(data["bonus"])
            s.scorings = data["scorings"]
            s.scoring_ranges = tuple(tuple(r) for r in data["scoring_ranges"])
            s.queue = tuple((p, tuple(t)) for p, t in data["queue"])
            s._events = ()
            s.scoring_detail = None  # not in the JSON: score_breakdown replays for it
            purchase = data["purchase"]
            s.purchase = (
                None if purchase is None
                else (int(purchase["slot"]), tuple(sorted(int(c) for c in purchase["cards"])))
            )
            s.forget_geometry()
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not an Alhambra state: {exc!r}") from None
        s.check()
        return s

    def check(self) -> None:
        """Assert the invariants: money and tiles conserved, every Alhambra valid, scores."""
        n = self.players
        lists = (self.hands, self.grids, self.cells, self.reserves, self.points)
        if any(len(x) != n for x in lists) or len(self.market) != MARKET_SLOTS:
            raise ValueError("not an Alhambra state: wrong shape")
        copies = COPIES - 1 if self.with_dirk else COPIES
        money = [0] * 37
        for code in (*self.display, *self.deck):
            money[code] += 1
        for counts in (*self.hands, self.discard):
            for code in range(36):
                if counts[code] < 0:
                    raise ValueError("negative money")
                money[code] += counts[code]
        if money[:36] != [copies] * 36:
            raise ValueError("money not conserved")
        if money[36] != 2 - self.scorings or len(self.display) > DISPLAY_SIZE:
            raise ValueError("scoring cards not conserved")
        tiles = [*self.bag, *(t for t in self.market if t), *self.pending, *self.dirk]
        for p in range(n):
            grid = self.grids[p]
            why = is_valid(grid)
            if why:
                raise ValueError(f"seat {p}'s Alhambra is not valid: {why}")
            if sorted(self.cells[p]) != [c for c in range(len(grid)) if grid[c]]:
                raise ValueError(f"seat {p}'s cell list does not match its grid")
            tiles.extend(grid[c] for c in self.cells[p] if grid[c] != FOUNTAIN)
            tiles.extend(self.reserves[p])
        for _, gift in self.queue:
            tiles.extend(gift)
        if sorted(tiles) != list(TILE_IDS):
            raise ValueError("tiles not conserved")
        totals = [0] * n
        dirk = 0
        for _, gained, d in self.log:
            for p in range(n):
                totals[p] += gained[p]
            dirk += d
        if totals != self.points or dirk != self.dirk_points:
            raise ValueError("scores do not match the scoring log")
        if self.purchase is not None:  # M2: a purchase in progress, in the action phase
            slot, cards = self.purchase
            if self.phase != ACTION or not 0 <= slot < MARKET_SLOTS or not self.market[slot]:
                raise ValueError("a purchase in progress without its market tile")
            hand = self.hands[self.current]
            if any(c // 9 != slot or cards.count(c) > hand[c] for c in cards):
                raise ValueError("a purchase in progress with cards not held in its currency")

    # -- notation --------------------------------------------------------------------------
    def _describe(self, action: Action, lang: str) -> str:
        from eurogames.games.alhambra.text import describe

        return describe(self, action, lang)

    @property
    def third_person(self) -> dict[str, str]:  # type: ignore[override]
        from eurogames.games.alhambra.text import THIRD_PERSON

        return THIRD_PERSON

    def _event(self, kind: str, *facts: Any) -> Event:
        if kind == "display_refill":  # F1
            cards, reshuffled = facts
            # sorted: the order they were drawn in was hidden (the deck's)
            cards = [card_text(c) for c in sorted(cards)]
            return Event(kind, {"cards": cards, "reshuffled": reshuffled})
        if kind == "market_refill":  # F3
            slot, tile = facts
            return Event(kind, {"slot": slot + 1, "tile": tile})
        return super()._event(kind, *facts)

    def _describe_event(
        self, event: Event, lang: str, viewer: int | None, names: Sequence[str] | None
    ) -> str:
        from eurogames.games.alhambra.text import describe_event

        return describe_event(self, event, lang, viewer, names)

    def _scoring_detail(self) -> tuple[tuple[int, tuple[tuple[tuple[int, ...], int], ...]], ...]:
        """Every scoring so far as (round, per contestant (points by type, wall points)).

        Kept as the game goes; a state read from JSON has only the totals (its ``log``), so
        the parts are found again by replaying its actions from its seed. A state whose
        replay does not give its log (edited by hand) has no parts (``()``).
        """
        detail = self.scoring_detail
        if detail is None:
            detail = ()
            if self.log:
                replayed = self.game.new(self.players, self.seed, self.options)
                try:
                    for action in self.actions():
                        replayed.apply(action)
                except IllegalActionError:  # a position edited by hand: no parts to find
                    pass
                else:
                    if replayed.log == self.log:
                        detail = replayed.scoring_detail
            self.scoring_detail = detail
        return detail

    def score_breakdown(self) -> list[list[ScorePart]]:
        """S1–S7 per scoring: the points of each building type and of the longest wall.

        Every seat lists the same parts in the same order (scoring by scoring, the types in
        the data's order, then walls), a part that scored for nobody left out, so that a
        table of all seats reads row by row. A scoring whose parts are unknown (a state
        edited by hand) is one part, its total.
        """
        from eurogames.games.alhambra.text import part_labels

        detail = {round_: parts for round_, parts in self._scoring_detail()}
        out: list[list[ScorePart]] = [[] for _ in range(self.players)]
        for round_, gained, _ in self.log:
            parts = detail.get(round_)
            # per seat: key -> points, in the canonical order of the keys below
            points: list[dict[str, int]] = []
            for p in range(self.players):
                if parts is None or sum(parts[p][0]) + parts[p][1] != gained[p]:
                    points.append({f"scoring{round_}": gained[p]})
                    continue
                by_type, wall = parts[p]
                seat = {f"scoring{round_}.{TYPES[t]}": n for t, n in enumerate(by_type)}
                seat[f"scoring{round_}.walls"] = wall
                points.append(seat)
            kinds = [(f"scoring{round_}", None)]
            kinds += [(f"scoring{round_}.{TYPES[t]}", t) for t in range(len(TYPES))]
            kinds.append((f"scoring{round_}.walls", -1))
            for key, kind in kinds:
                if any(seat.get(key) for seat in points):
                    labels = part_labels(round_, kind)
                    for p, seat in enumerate(points):
                        out[p].append(ScorePart(key, seat.get(key, 0), labels))
        return out

    def _parse_alias(self, text: str, legal: list[Action]) -> Action | None:
        from eurogames.games.alhambra.text import parse_alias

        return parse_alias(self, text, legal)

    def _parse_problem(self, text: str) -> str:
        from eurogames.games.alhambra.text import parse_problem

        return parse_problem(self, text)

    def why_illegal(self, action: Action) -> str:
        from eurogames.games.alhambra.text import why_illegal

        return why_illegal(self, action)


def _insert_scoring_cards(
    deck: list[int], rng: Rng
) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """U7, A16, A17: five piles from the top, a scoring card shuffled into the 2nd and 4th.

    ``deck`` has its top last; the result too. The ranges are bottom-indexed (index 0 is the
    bottom card), which stays true while cards are drawn from the top.
    """
    top_first = deck[::-1]
    size, extra = divmod(len(top_first), PILES)
    piles = []
    start = 0
    for k in range(1, PILES + 1):
        n = size + (1 if k <= extra else 0)
        piles.append(top_first[start : start + n])
        start += n
    out: list[int] = []
    top_ranges = []
    for k, pile in enumerate(piles, start=1):
        if k in (2, 4):
            at = rng.below(len(pile) + 1)
            top_ranges.append((len(out), len(out) + len(pile)))
            pile = [*pile[:at], SCORING_CARD, *pile[at:]]
        out.extend(pile)
    total = len(out)
    ranges = tuple((total - 1 - b, total - 1 - a) for a, b in top_ranges)
    return tuple(reversed(out)), ranges


__all__ = ["AlhambraState", "PHASES", "buys_for", "purchases_for", "purses", "takes_for"]

"""Splendor's rules (docs/rules/splendor.md): the state, its legal actions and their effects.

Hot state is plain ints, tuples and short lists so that ``clone`` is a handful of list
copies: per-seat tuples are replaced, never mutated, so a clone can share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations, product
from operator import add
from typing import Any

from eurogames.core.action import Action
from eurogames.core.game import Event, ScorePart, State
from eurogames.core.rng import Rng
from eurogames.games.splendor.actions import (
    BUY,
    BY_TEXT,
    GOLD_INDEX,
    MARKET_SLOTS,
    NOBLE,
    NOBLE_BY_ID,
    PASS,
    PASS_ACTION,
    RESERVE,
    RESERVE_BY_PLACE,
    RESERVE_DECK,
    RESERVE_DECK_BY_LEVEL,
    RETURN,
    RETURN_BY_TOKEN,
    TAKE,
    TAKE2,
    TAKE2_BY_COLOUR,
    TAKE_BY_MASK,
    buy_action,
    place_text,
)
from eurogames.games.splendor.data import COLOURS, DATA, GOLD, TOKENS

# setup by player count (R4, R5): gems per colour and face-up nobles
GEMS_PER_COLOUR = {2: 4, 3: 5, 4: 7}
GOLD_TOKENS = 5
TOKEN_LIMIT = 10  # R18
WINNING_POINTS = 15  # R22
RESERVE_LIMIT = 3  # R11
TAKE_TWO_MINIMUM = 4  # R9
FEWEST_BONUSES_FOR_A_NOBLE = min(sum(r) for r in DATA.noble_requires[1:])  # 8: skip the check

MAIN, RETURNING, CHOOSING_NOBLE, OVER = 0, 1, 2, 3
PHASES = ("main", "return", "noble", "over")

COST = DATA.card_cost
BONUS = DATA.card_bonus
POINTS = DATA.card_points
LEVEL = DATA.card_level
NOBLE_REQUIRES = DATA.noble_requires
NOBLE_POINTS = DATA.noble_points

# Packed counts: five per-colour counts (each <= 25: tokens plus bonuses) as 6-bit fields of
# one int, colour c in bits 6c..6c+5, so that one subtraction compares all five colours.
Packed = int
GUARD: Packed = sum(1 << (6 * c + 5) for c in range(5))  # the top bit of every field
GUARDED_COST: tuple[Packed, ...] = tuple(
    sum(cost[c] << (6 * c) for c in range(5)) | GUARD for cost in COST
)


def packed_shortfall(guarded_need: Packed, have: Packed) -> Packed:
    """Per colour, ``max(0, need - have)``, packed; ``guarded_need`` is ``need | GUARD``.

    SWAR: in ``(need | GUARD) - have`` each field is 32 + need - have (1..57 for counts up
    to 25, so no borrow crosses a field) and its guard bit is set iff need >= have; keeping
    the low five bits of those fields (the guard bits shifted down, times 31) leaves
    max(0, need - have) in each.
    """
    x = guarded_need - have
    return x & ((x & GUARD) >> 5) * 31


def shortfall(guarded_need: Packed, have: Packed) -> int:
    """The sum over the colours of ``max(0, need - have)`` (``packed_shortfall``'s fields):
    as 64 = 1 (mod 63) a packed int is the sum of its fields mod 63, and the sum is at most
    5 * 7 = 35 for a card's cost."""
    x = guarded_need - have
    return (x & ((x & GUARD) >> 5) * 31) % 63
NO_GOLD = (0, 0, 0, 0, 0)
# the token vector each take adds (three, two or one different colours, or two of one)
TAKEN = {
    combo: tuple(combo.count(c) for c in range(6))
    for size in (1, 2, 3)
    for combo in [*combinations(range(5), size), *((c, c) for c in range(5))]
    if len(set(combo)) == len(combo) or size == 2
}
BUY_WITHOUT_GOLD = tuple(buy_action(place, NO_GOLD) for place in range(15))
ALL_RESERVES = (*RESERVE_BY_PLACE, *RESERVE_DECK_BY_LEVEL[1:])


def _pack(counts: tuple[int, ...]) -> Packed:
    """Five per-colour counts (each <= 25) as 6-bit fields of one int."""
    return counts[0] | counts[1] << 6 | counts[2] << 12 | counts[3] << 18 | counts[4] << 24


def _unpack(fields: Packed) -> tuple[int, ...]:
    return tuple((fields >> (6 * c)) & 31 for c in range(5))


@cache  # one entry per supply of the five colours: at most 8**5
def takes_for_supply(supply: tuple[int, ...]) -> tuple[Action, ...]:
    """R8, R9, D1, D2: the take actions open with ``supply`` (the five colours' piles)."""
    mask = sum(1 << c for c in range(5) if supply[c])
    return (
        *TAKE_BY_MASK[mask],  # R8, D1
        *(TAKE2_BY_COLOUR[c] for c in range(5) if supply[c] >= TAKE_TWO_MINIMUM),  # R9, D2
    )


@lru_cache(maxsize=1 << 16)
def buys_for(place: int, owed: Packed, payable: Packed, gold: int) -> tuple[Action, ...]:
    """R12, R13, D3: the buy actions of the card at ``place`` for a seat that owes ``owed``
    per colour after its bonuses, holds ``payable`` coloured tokens towards it (at most what
    is owed, per colour) and ``gold`` gold: all the payments depend on."""
    tokens = (*_unpack(payable), gold)
    return tuple(buy_action(place, g) for g in payments(_unpack(owed), tokens, NO_GOLD))


def payments(
    cost: tuple[int, ...], tokens: tuple[int, ...], bonuses: tuple[int, ...]
) -> list[tuple[int, ...]]:
    """Every gold allocation that pays ``cost`` (ruling D3), the least gold first.

    Bonuses apply first; gold must cover what the coloured tokens cannot, and may also stand
    in for coloured tokens the payer holds. Empty when the card cannot be afforded.
    """
    need = [max(0, cost[c] - bonuses[c]) for c in range(5)]
    least = [max(0, need[c] - tokens[c]) for c in range(5)]
    spare = tokens[GOLD] - sum(least)
    if spare < 0:
        return []
    if spare == 0:
        return [tuple(least)]
    ranges = [range(least[c], need[c] + 1) for c in range(5)]
    budget = tokens[GOLD]
    found = [v for v in product(*ranges) if sum(v) <= budget]
    found.sort(key=lambda v: GOLD_INDEX[v])
    return found


class SplendorState(State):
    __slots__ = (
        "game", "players", "seed", "options", "ply", "_history",
        "supply", "tokens", "bonuses", "points", "bought", "reserved", "blind", "nobles_won",
        "market", "decks", "nobles", "current", "first", "phase", "ending", "passes",
        "_legal", "_events",
    )

    # -- setup (R3–R6) ---------------------------------------------------------------------
    @classmethod
    def setup(cls, game: Any, players: int, seed: int, options: dict[str, Any]) -> SplendorState:
        rng = Rng(seed)
        decks = []
        for level_cards in DATA.level_cards:
            deck = list(level_cards)
            rng.shuffle(deck)
            decks.append(deck)
        nobles = list(range(1, 11))
        rng.shuffle(nobles)
        market = []
        for deck in decks:  # R3: four face up per level, drawn from the top (end) of the deck
            market.extend(deck.pop() for _ in range(4))
        s = cls.__new__(cls)
        s.game, s.players, s.seed, s.options = game, players, seed, dict(options)
        s.ply, s._history = 0, None
        gems = GEMS_PER_COLOUR[players]
        s.supply = [gems] * 5 + [GOLD_TOKENS]
        s.tokens = [(0,) * 6] * players
        s.bonuses = [(0,) * 5] * players
        s.points = [0] * players
        s.bought = [()] * players
        s.reserved = [()] * players
        s.blind = [()] * players
        s.nobles_won = [()] * players
        s.market = market
        s.decks = [tuple(d) for d in decks]
        s.nobles = tuple(nobles[: players + 1])  # R4: players + 1 nobles, the rest boxed
        s.first = options.get("first", 0)
        s.current = s.first
        s.phase = MAIN
        s.ending = False
        s.passes = 0
        s._legal = None
        s._events = ()
        return s

    def clone(self) -> SplendorState:
        s = SplendorState.__new__(SplendorState)
        s.game, s.players, s.seed, s.options = self.game, self.players, self.seed, self.options
        s.ply, s._history = self.ply, self._history
        s.supply = self.supply[:]
        s.tokens = self.tokens[:]
        s.bonuses = self.bonuses[:]
        s.points = self.points[:]
        s.bought = self.bought[:]
        s.reserved = self.reserved[:]
        s.blind = self.blind[:]
        s.nobles_won = self.nobles_won[:]
        s.market = self.market[:]
        s.decks = self.decks[:]
        s.nobles = self.nobles
        s.current, s.first, s.phase = self.current, self.first, self.phase
        s.ending, s.passes = self.ending, self.passes
        s._legal = self._legal
        s._events = self._events
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
        """R24/R25, D10: most points, then fewest bought cards, then shared."""
        best = max(self.points)
        tied = [p for p in range(self.players) if self.points[p] == best]
        fewest = min(len(self.bought[p]) for p in tied)
        return [p for p in tied if len(self.bought[p]) == fewest]

    # -- legal actions ---------------------------------------------------------------------
    def _generate(self) -> list[Action]:
        phase = self.phase
        p = self.current
        if phase == MAIN:
            return self._main_actions(p)
        if phase == RETURNING:
            tokens = self.tokens[p]
            return [RETURN_BY_TOKEN[c] for c in range(6) if tokens[c]]
        if phase == CHOOSING_NOBLE:
            return [NOBLE_BY_ID[n] for n in self._qualifying_nobles(p)]
        return []

    def _main_actions(self, p: int) -> list[Action]:
        supply = self.supply
        legal = list(takes_for_supply((supply[0], supply[1], supply[2], supply[3], supply[4])))
        market = self.market
        reserved = self.reserved[p]
        if len(reserved) < RESERVE_LIMIT:  # R10, R11, D12
            decks = self.decks
            if 0 not in market and decks[0] and decks[1] and decks[2]:
                legal.extend(ALL_RESERVES)
            else:
                for place in range(MARKET_SLOTS):
                    if market[place]:
                        legal.append(RESERVE_BY_PLACE[place])
                for level in (1, 2, 3):
                    if decks[level - 1]:
                        legal.append(RESERVE_DECK_BY_LEVEL[level])
        tokens = self.tokens[p]
        bonuses = self.bonuses[p]
        bonus_fields = _pack(bonuses)
        token_fields = _pack(tokens)
        have = bonus_fields + token_fields
        gold = tokens[GOLD]
        for place in range(MARKET_SLOTS + len(reserved)):  # R12
            card = market[place] if place < MARKET_SLOTS else reserved[place - MARKET_SLOTS]
            if not card:
                continue
            if shortfall(GUARDED_COST[card], have) > gold:  # tokens missing after bonuses
                continue
            if gold == 0:
                legal.append(BUY_WITHOUT_GOLD[place])
                continue
            # the payments depend only on what is owed per colour after bonuses, the
            # coloured tokens that could pay it (min(owed, held) = owed - max(0, owed - held))
            # and the gold held
            owed = packed_shortfall(GUARDED_COST[card], bonus_fields)
            payable = owed - packed_shortfall(owed | GUARD, token_fields)
            legal.extend(buys_for(place, owed, payable, gold))
        if not legal:  # D6: a pass only when nothing else is legal
            legal.append(PASS_ACTION)
        return legal

    def _qualifying_nobles(self, p: int) -> list[int]:
        """R19: the face-up nobles whose requirement this seat's bonuses meet."""
        b = self.bonuses[p]
        out = []
        for n in self.nobles:
            r = NOBLE_REQUIRES[n]
            if b[0] >= r[0] and b[1] >= r[1] and b[2] >= r[2] and b[3] >= r[3] and b[4] >= r[4]:
                out.append(n)
        return out

    def reveals(self, action: Action) -> bool:
        """A decision reveals hidden information when it draws from a deck: a market card
        bought or reserved is replaced from its deck (R16), a blind reserve takes the top card
        (R10); or when it shows a card only its owner saw: buying a blind-reserved card lays
        it among the buyer's cards, face up for everyone (D11). Taking, returning, a noble
        visit and passing draw and show nothing."""
        self._check_legal(action)
        place = action.args[0] if action.kind == BUY else 0
        if place >= MARKET_SLOTS and self.blind[self.current][place - MARKET_SLOTS]:
            return True
        after = self.clone()
        after._apply(action)
        return after.decks != self.decks

    # -- effects ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind = action.kind
        p = self.current
        if kind in (TAKE, TAKE2):
            self._take_tokens(p, action.colours if kind == TAKE else (action.colour,) * 2)
        elif kind == BUY:
            self._buy_card(p, action.place, action.gold)
        elif kind == RESERVE:
            self._reserve_card(p, action.place)
        elif kind == RESERVE_DECK:
            self._reserve_from_deck(p, action.level)
        elif kind == RETURN:
            self._return_token(p, action.token)
            return
        elif kind == NOBLE:
            self._visit(p, action.noble)
            self._finish_turn(p)
            return
        elif kind == PASS:
            self.passes += 1
            self._end_of_turn(p)
            return
        self.passes = 0
        self._end_of_turn(p)

    def _take_tokens(self, p: int, colours: tuple[int, ...]) -> None:
        supply = self.supply
        for c in colours:
            supply[c] -= 1
        self.tokens[p] = tuple(map(add, self.tokens[p], TAKEN[colours]))

    def _take_gold(self, p: int) -> None:
        if self.supply[GOLD]:  # R10, D12: reserving is legal with no gold left
            self.supply[GOLD] -= 1
            t = list(self.tokens[p])
            t[GOLD] += 1
            self.tokens[p] = tuple(t)

    def _refill(self, place: int) -> None:
        """R16/R17, D13: the top card of the same level, or an empty slot for good."""
        level = place // 4
        deck = self.decks[level]
        if deck:
            self.market[place] = deck[-1]
            self.decks[level] = deck[:-1]
        else:
            self.market[place] = 0
        # a card turns up (public from now on), or the slot stays empty for good (D13); a
        # tuple, made an event by _event when asked
        self._events = (*self._events, ("refill", place, self.market[place]))

    def _reserve_card(self, p: int, place: int) -> None:
        card = self.market[place]
        self.reserved[p] = (*self.reserved[p], card)
        self.blind[p] = (*self.blind[p], False)  # D11: taken face up, so public
        self._refill(place)
        self._take_gold(p)

    def _reserve_from_deck(self, p: int, level: int) -> None:
        deck = self.decks[level - 1]
        self.reserved[p] = (*self.reserved[p], deck[-1])
        self.blind[p] = (*self.blind[p], True)  # D11: not shown to the others
        self.decks[level - 1] = deck[:-1]
        self._take_gold(p)

    def _buy_card(self, p: int, place: int, gold: tuple[int, ...]) -> None:
        if place < MARKET_SLOTS:
            card = self.market[place]
            self._refill(place)
        else:
            i = place - MARKET_SLOTS
            card = self.reserved[p][i]
            self.reserved[p] = self.reserved[p][:i] + self.reserved[p][i + 1 :]
            self.blind[p] = self.blind[p][:i] + self.blind[p][i + 1 :]
        cost = COST[card]
        bonuses = self.bonuses[p]
        t = list(self.tokens[p])
        supply = self.supply
        spent_gold = 0
        for c in range(5):
            need = cost[c] - bonuses[c]  # R14: bonuses first, surplus wasted
            if need > 0:
                coloured = need - gold[c]
                t[c] -= coloured
                supply[c] += coloured
                spent_gold += gold[c]
        t[GOLD] -= spent_gold  # R13: gold is wild
        supply[GOLD] += spent_gold
        self.tokens[p] = tuple(t)
        b = list(bonuses)
        b[BONUS[card]] += 1
        self.bonuses[p] = tuple(b)
        self.bought[p] = (*self.bought[p], card)
        self.points[p] += POINTS[card]

    def _return_token(self, p: int, c: int) -> None:
        t = list(self.tokens[p])
        t[c] -= 1
        self.supply[c] += 1
        self.tokens[p] = tuple(t)
        if sum(t) <= TOKEN_LIMIT:
            self.phase = MAIN
            self._noble_visit(p)

    def _end_of_turn(self, p: int) -> None:
        """R18 then R19 (D4): return down to ten tokens, then the noble visit."""
        if sum(self.tokens[p]) > TOKEN_LIMIT:
            self.phase = RETURNING
            return
        self._noble_visit(p)

    def _noble_visit(self, p: int) -> None:
        """R19/R20, D5: one noble at most; automatic if one qualifies, a choice if several."""
        if len(self.bought[p]) >= FEWEST_BONUSES_FOR_A_NOBLE:
            qualifying = self._qualifying_nobles(p)
            if len(qualifying) > 1:
                self.phase = CHOOSING_NOBLE
                return
            if qualifying:
                self._visit(p, qualifying[0])
        self._finish_turn(p)

    def _visit(self, p: int, noble: int) -> None:
        # R19/R20: reported whether the seat chose the noble (several qualified) or not
        self._emit("noble", {
            "seat": p, "noble": noble, "points": NOBLE_POINTS[noble],
            "chosen": self.phase == CHOOSING_NOBLE,
        }, (p,))
        self.nobles = tuple(n for n in self.nobles if n != noble)
        self.nobles_won[p] = (*self.nobles_won[p], noble)
        self.points[p] += NOBLE_POINTS[noble]
        self.passes = 0  # the position changed, even on a passing turn (D7)

    def _finish_turn(self, p: int) -> None:
        """R22/R23, D9 (end of game) and D7 (stalemate), then the next seat."""
        if self.points[p] >= WINNING_POINTS:
            if not self.ending:  # R22: the first to reach 15 starts the final round
                self._emit("final_round", {"seat": p, "points": self.points[p]}, (p,))
            self.ending = True
        n = self.players
        last = (self.first - 1) % n
        if (self.ending and p == last) or self.passes >= n:
            self.phase = OVER
            return
        self.phase = MAIN
        self.current = (p + 1) % n

    # -- information (D11) -----------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from eurogames.games.splendor.view import state_view

        return state_view(self, seat)

    def resample_hidden(self, seat: int | None, seed: int) -> SplendorState:
        """Redraw the deck order and the blind reserves ``seat`` cannot see, level by level."""
        s = self.clone()
        rng = Rng(seed)
        pools: list[list[int]] = [list(deck) for deck in s.decks]
        slots = []  # (owner, index) of blind reserves hidden from seat
        for owner in range(s.players):
            if owner == seat:
                continue
            for i, card in enumerate(s.reserved[owner]):
                if s.blind[owner][i]:
                    pools[LEVEL[card] - 1].append(card)
                    slots.append((owner, i))
        for pool in pools:
            # from a canonical order, so the redraw depends only on the seed and on what the
            # seat knows, never on the real (hidden) order
            pool.sort()
            rng.shuffle(pool)
        for owner, i in slots:
            level = LEVEL[s.reserved[owner][i]]
            hand = list(s.reserved[owner])
            hand[i] = pools[level - 1].pop()
            s.reserved[owner] = tuple(hand)
        s.decks = [tuple(pool) for pool in pools]
        s._legal = None  # a redrawn blind reserve of the seat to move changes its buys
        return s

    # -- serialisation ---------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "game": "splendor",
            "version": self.game.version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "ply": self.ply,
            "actions": [a.text for a in self.actions()],
            "supply": list(self.supply),
            "tokens": [list(t) for t in self.tokens],
            "bonuses": [list(b) for b in self.bonuses],
            "points": list(self.points),
            "bought": [list(b) for b in self.bought],
            "reserved": [list(r) for r in self.reserved],
            "blind": [list(b) for b in self.blind],
            "nobles_won": [list(n) for n in self.nobles_won],
            "market": list(self.market),
            "decks": [list(d) for d in self.decks],
            "nobles": list(self.nobles),
            "current": self.current,
            "first": self.first,
            "phase": PHASES[self.phase],
            "ending": self.ending,
            "passes": self.passes,
        }

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> SplendorState:
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
            s.supply = [int(x) for x in data["supply"]]
            s.tokens = [tuple(t) for t in data["tokens"]]
            s.bonuses = [tuple(b) for b in data["bonuses"]]
            s.points = list(data["points"])
            s.bought = [tuple(b) for b in data["bought"]]
            s.reserved = [tuple(r) for r in data["reserved"]]
            s.blind = [tuple(bool(x) for x in b) for b in data["blind"]]
            s.nobles_won = [tuple(n) for n in data["nobles_won"]]
            s.market = list(data["market"])
            s.decks = [tuple(d) for d in data["decks"]]
            s.nobles = tuple(data["nobles"])
            s.current = data["current"]
            s.first = data["first"]
            s.phase = PHASES.index(data["phase"])
            s.ending = bool(data["ending"])
            s.passes = data["passes"]
            s._legal = None
            s._events = ()
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a Splendor state: {exc!r}") from None
        s.check()
        return s

    def check(self) -> None:
        """Assert the invariants (cards and tokens conserved, limits respected)."""
        n = self.players
        lists = (self.tokens, self.bonuses, self.points, self.bought, self.reserved, self.blind,
                 self.nobles_won)
        if any(len(x) != n for x in lists) or len(self.supply) != 6 or len(self.market) != 12:
            raise ValueError("not a Splendor state: wrong shape")
        gems = GEMS_PER_COLOUR.get(n)
        if gems is None:
            raise ValueError(f"not a Splendor state: {n} players")
        for c in range(6):
            total = self.supply[c] + sum(t[c] for t in self.tokens)
            if total != (GOLD_TOKENS if c == GOLD else gems) or self.supply[c] < 0:
                raise ValueError(f"tokens not conserved: {TOKENS[c]}")
            if any(t[c] < 0 for t in self.tokens):
                raise ValueError(f"negative {TOKENS[c]} tokens")
        cards = [c for c in self.market if c]
        for d in self.decks:
            cards.extend(d)
        for p in range(n):
            cards.extend(self.bought[p])
            cards.extend(self.reserved[p])
            if len(self.reserved[p]) > RESERVE_LIMIT or len(self.blind[p]) != len(self.reserved[p]):
                raise ValueError("too many reserved cards")
            expected = (sum(POINTS[c] for c in self.bought[p])
                        + sum(NOBLE_POINTS[x] for x in self.nobles_won[p]))
            if self.points[p] != expected:
                raise ValueError(f"seat {p}'s score does not match its cards and nobles")
            bonus = [0] * 5
            for c in self.bought[p]:
                bonus[BONUS[c]] += 1
            if tuple(bonus) != tuple(self.bonuses[p]):
                raise ValueError(f"seat {p}'s bonuses do not match its cards")
        if sorted(cards) != list(range(1, 91)):
            raise ValueError("cards not conserved")
        for i, c in enumerate(self.market):
            if c and LEVEL[c] != i // 4 + 1:
                raise ValueError("a market card is in the wrong row")
        for level, d in enumerate(self.decks, start=1):
            if any(LEVEL[c] != level for c in d):
                raise ValueError("a deck holds a card of another level")

    # -- notation --------------------------------------------------------------------------
    def _describe(self, action: Action, lang: str) -> str:
        from eurogames.games.splendor.text import describe

        return describe(self, action, lang)

    @property
    def third_person(self) -> dict[str, str]:  # type: ignore[override]
        from eurogames.games.splendor.text import THIRD_PERSON

        return THIRD_PERSON

    def _event(self, kind: str, *facts: Any) -> Event:
        if kind != "refill":
            return super()._event(kind, *facts)
        place, card = facts
        return Event("refill", {"place": place_text(place), "level": place // 4 + 1, "card": card})

    def _describe_event(
        self, event: Event, lang: str, viewer: int | None, names: Sequence[str] | None
    ) -> str:
        from eurogames.games.splendor.text import describe_event

        return describe_event(self, event, lang, viewer, names)

    def score_breakdown(self) -> list[list[ScorePart]]:
        """R21: the prestige points of the bought cards, then of the nobles' visits."""
        from eurogames.games.splendor.text import PART_LABELS

        return [
            [
                ScorePart(
                    "cards", sum(POINTS[c] for c in self.bought[p]), dict(PART_LABELS["cards"])
                ),
                ScorePart(
                    "nobles",
                    sum(NOBLE_POINTS[n] for n in self.nobles_won[p]),
                    dict(PART_LABELS["nobles"]),
                ),
            ]
            for p in range(self.players)
        ]

    def _parse_alias(self, text: str, legal: list[Action]) -> Action | None:
        """A person may type ``buy 1.4`` to pay with the least gold (D3)."""
        words = text.split()
        if words and words[0] == "buy" and "gold" not in words:
            place = " ".join(words[1:])
            for action in legal:  # the least-gold payment is listed first
                if action.kind == BUY and place_text(action.place) == place:
                    return action
        return None

    def _parse_problem(self, text: str) -> str:
        from eurogames.games.splendor.text import parse_problem

        return parse_problem(self, text)

    def why_illegal(self, action: Action) -> str:
        from eurogames.games.splendor.text import why_illegal

        return why_illegal(self, action)


__all__ = ["SplendorState", "payments", "COLOURS"]

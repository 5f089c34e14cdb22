"""Sabika's rules (docs/rules/sabika.md): the position, its legal actions and their effects.

The position ``d`` is plain JSON in shape (lists or tuples, dicts, ints, strings), so
``to_json`` is a copy. A clone shares the position's parts with its original and copies a part
only when the state writes it (copy on write, :meth:`SabikaState.clone`): the rules write a
seat's holdings through ``_p``, Yusuf's through ``_y`` and a board list through ``_b``, never
through ``d`` directly; a seat's sequences are tuples and its dicts are replaced whole, never
written in place. Code outside the rules that writes ``d`` (a test setting up a position)
calls ``thaw()`` first on a state that has been cloned.

Decisions inside a turn and out of turn are frames on a stack (``d["stack"]``, top last): each
frame names the seat that decides (``current_player``) and what it decides; frames whose kind
starts with ``_`` are automatic steps (income, the narrator, tribute, reset, refresh) that
``_settle`` runs.

Attributes of ``d`` (everything is public unless said otherwise, I3, Q49):

- ``phase``: ``start`` (start tiles, U20), ``play``, ``over``; ``round`` 1–5; ``first`` the
  start player; ``active`` whose turn it is (T3).
- ``p``: per seat ``dinars``, ``paria`` and ``stamp`` (its place in the paria stack, PA5),
  ``favour`` (0 = the start space), ``mat`` (plaster, wood, marble, glazed), ``goods`` (in
  warehouses), ``store`` (goods on MN16), ``raw`` (0/1 per kind on the workshop), ``seals``,
  ``ships`` (city -> 1 left, 2 consolidated), ``work`` (the space of each worker, "" in the
  workshop), ``up`` (standing), ``houses`` (each warehouse's tiles, 0 the starting tile),
  ``large``, ``row`` (small buildings left to right, 0 the balance card), ``colour`` (the
  balance card's), ``balances``, ``blue``/``red``/``grey`` (poems), ``pts`` (score parts, E8),
  ``dealt`` and ``kept`` (start tiles: hidden from the others until all have chosen, I2).
- the wheel: ``raws`` (slot -> goods index or -1), ``marble`` (slot -> 0/1), ``sultans``.
- displays: ``large`` (tiles on the board), ``small`` (s1–s4), ``minor`` (n1–n5), ``major``
  (j1–j8), ``whd`` (w1–w4); hidden orders: ``small_deck``, ``minor_deck``, ``stacks``
  (I1: only their sizes are shown); ``small_discard`` is public.
- the map: ``cities`` (city -> tile), ``seals`` (cities still holding one), ``trade``.
- ``wishes`` (the three tiles reached after rounds 1, 3, 5; with ``wishes_face_down`` those
  not in the tower are hidden from every seat, Q41), ``tower``; ``bag`` and
  ``discards`` (tokens by kind); ``supply`` (materials, H2); ``draws`` (hidden draws so far,
  for ``reveals``); ``rng`` (the generator; never shown).
"""

from __future__ import annotations

from typing import Any

from eurogames.core import Action, Event, Opponent, Rng, ScorePart, State
from eurogames.games.sabika import actions as A
from eurogames.games.sabika.actions import GOODS, MATERIALS, act
from eurogames.games.sabika.data import Effect, SabikaData
from eurogames.games.sabika.solo import YUSUF, Yusuf, copy_yusuf, freeze_yusuf

MAT_ID = {"plaster": 0, "wood": 1, "marble": 2, "glazed_ceramic": 3}
GOODS_ID = {"sugar": 0, "pottery": 1, "clothing": 2}
OUTER, MIDDLE, INNER = "outer", "middle", "inner"
PARTS = ("start", "buildings", "poems", "exports", "wishes", "majors", "trade", "leftovers",
         "other", "losses")
# a gain (or payment) with one option is taken without asking
AUTO = frozenset(("take_raw", "take_goods", "take_mat", "process", "tribute", "split", "first",
                  "reward", "favour", "fee"))
# decisions that close when they have no option left (a "tx" frame never does: "done" always
# ends the transactions, O5)
CLOSABLE = frozenset(("build", "choose", "mn4", "mn14", "mn17", "warehouse", "grant"))


def _copy(x: Any) -> Any:
    """A structural copy of the position as plain JSON (tuples become lists)."""
    if type(x) is list or type(x) is tuple:
        return [_copy(v) for v in x]
    if type(x) is dict:
        return {k: _copy(v) for k, v in x.items()}
    return x


# a seat's sequences are tuples, replaced whole when they change (``replaced``), and its dicts
# (``ships``, ``pts``) are replaced whole too, so that copying a seat's holdings (``_p``) is
# one shallow dict copy that shares them all
FROZEN_PLAYER = ("houses", "large", "row", "blue", "red", "grey", "dealt", "mat", "goods",
                 "store", "raw", "work", "up")
FROZEN_BOARD = ("sultans", "large", "small_deck", "small_discard", "minor_deck", "seals",
                "wishes", "tower", "event_pile", "event_discard")


def freeze(d: dict[str, Any]) -> dict[str, Any]:
    """The position read from JSON with its rarely changing lists as tuples."""
    for p in d["p"]:
        for key in FROZEN_PLAYER:
            p[key] = tuple(tuple(h) for h in p[key]) if key == "houses" else tuple(p[key])
    for key in FROZEN_BOARD:
        d[key] = tuple(d[key])
    d["stacks"] = {k: tuple(v) for k, v in d["stacks"].items()}
    if "y" in d:
        freeze_yusuf(d["y"])
    return d


def replaced(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``items`` with item ``i`` replaced by ``value`` (how the rules write a tuple)."""
    new = list(items)
    new[i] = value
    return tuple(new)


def added(items: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    """``items`` with ``n`` added to item ``i``."""
    new = list(items)
    new[i] += n
    return tuple(new)


def copy_player(p: dict[str, Any]) -> dict[str, Any]:
    """A seat's holdings that may be written in place, sharing only their tuples."""
    return {**p, "ships": p["ships"].copy(), "pts": p["pts"].copy()}


# the board's lists and dicts that the rules write in place, each copied on its first write
BOARD_PARTS = ("small", "minor", "major", "whd", "bag", "discards", "supply", "raws", "marble",
               "cities")
# ownership bits of a state (``_own``): seats 0-3, Yusuf, then the board's parts
YUSUF_BIT = 1 << 4
BOARD_BIT = {key: 1 << (5 + i) for i, key in enumerate(BOARD_PARTS)}
OWN_ALL = -1  # every bit set: a position shared with no other state


def copy_position(d: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``d`` sharing only its tuples (tests/sabika/test_rules.py holds it equal to
    ``_copy``)."""
    c = d.copy()
    c["stack"] = [f.copy() for f in d["stack"]]
    c["p"] = [copy_player(p) for p in d["p"]]
    for key in BOARD_PARTS:
        c[key] = d[key].copy()
    if "y" in d:
        c["y"] = copy_yusuf(d["y"])
    return c


def _frames_copy(frame: dict[str, Any]) -> dict[str, Any]:
    return {k: (v[:] if type(v) is list else v) for k, v in frame.items()}


class Board:
    """The data a game indexes: the board side, route costs, per-space facts."""

    def __init__(self, data: SabikaData, players: int) -> None:
        self.data = data
        side = data.side_for(max(players, 1))
        self.side = side
        self.rings = {ring: tuple(s.id.lower() for s in side.rings[ring]) for ring in side.rings}
        # each space's place on its ring, and the next space clockwise (W4, N2)
        self.position = {s: i for spaces in self.rings.values() for i, s in enumerate(spaces)}
        self.next_space = {s: spaces[(i + 1) % len(spaces)] for spaces in self.rings.values()
                           for i, s in enumerate(spaces)}
        self.action = {s.id.lower(): s.action for s in side.spaces.values()}
        self.amount = {s.id.lower(): s.amount for s in side.spaces.values()}
        self.slot_of = {s.id.lower(): s.slot.lower() for s in side.spaces.values()}
        self.void = {s.id.lower() for s in side.spaces.values()
                     if s.four_players_only and players < 4}
        self.raw_slots = tuple(s.id.lower() for s in side.slots if s.kind == "raw")
        self.marble_slots = tuple(s.id.lower() for s in side.slots if s.kind == "material")
        self.display_space = {x.id.lower(): x.space.lower() for x in side.warehouse_display}
        self.display_stack = {x.id.lower(): x.stack for x in side.warehouse_display}
        self.cities = tuple(c.id for c in data.cities)
        self.region = {c.id: c.region for c in data.cities}
        # cheapest route costs and route counts between every two places (X3, Q14)
        places = ("granada",) + self.cities
        dist = {a: {b: (0 if a == b else 10 ** 6) for b in places} for a in places}
        for pair, cost in data.routes.items():
            a, b = tuple(pair)
            dist[a][b] = dist[b][a] = cost
        for k in places:
            for i in places:
                for j in places:
                    if dist[i][k] + dist[k][j] < dist[i][j]:
                        dist[i][j] = dist[i][k] + dist[k][j]
        self.dist = dist
        # EV9: 1 dinar more per route; the cheapest path is found with it
        ev9 = {a: {b: (0 if a == b else 10 ** 6) for b in places} for a in places}
        for pair, cost in data.routes.items():
            a, b = tuple(pair)
            ev9[a][b] = ev9[b][a] = cost + 1
        for k in places:
            for i in places:
                for j in places:
                    if ev9[i][k] + ev9[k][j] < ev9[i][j]:
                        ev9[i][j] = ev9[i][k] + ev9[k][j]
        self.dist_ev9 = ev9
        # Q32: (route cost, number of routes) of the cheapest, then shortest, path
        hops = {a: {b: ((0, 0) if a == b else (10 ** 6, 0)) for b in places} for a in places}
        for pair, cost in data.routes.items():
            a, b = tuple(pair)
            hops[a][b] = hops[b][a] = (cost, 1)
        for k in places:
            for i in places:
                for j in places:
                    via = (hops[i][k][0] + hops[k][j][0], hops[i][k][1] + hops[k][j][1])
                    if via < hops[i][j]:
                        hops[i][j] = via
        self.hops = hops
        self.neighbours = {c: tuple(sorted(x for pair in data.routes if c in pair
                                           for x in pair if x != c and x != "granada"))
                           for c in self.cities}
        # Yusuf's (solo.py): his worker cards by kind and id, the small-building display's
        # slots with their columns and rows, the warehouse display's distances
        self.bot_cards = {kind: {c.id: c for c in cards} for kind, cards in data.bot_cards.items()}
        self.small_layout = tuple((A.SMALL_SLOTS.index(s.lower()), col, row)
                                  for s, col, row in data.small_building_display)
        self.display_distance = {x.id.lower(): x.distance for x in side.warehouse_display}
        # YA3, Q68: from each outer space, the display's spaces in his search order (his own
        # first, then clockwise), each with its slots' (index, distance)
        outer = self.rings["outer"]
        spaces = set(self.display_space.values())
        self.warehouse_search = {}
        for here in outer:
            order = sorted(spaces, key=lambda s: (self.position[s] - self.position[here])
                           % len(outer))
            if here in order:
                order.remove(here)
                order.insert(0, here)
            self.warehouse_search[here] = tuple(
                tuple((i, self.display_distance[slot]) for i, slot in enumerate(A.WAREHOUSE_SLOTS)
                      if self.display_space.get(slot) == space) for space in order)
        # the wish tiles by id: the first of an id, as the narrator looks them up, and the
        # last, as Yusuf does (the shipped ids are unique)
        self.wish_first: dict[str, Any] = {}
        for w in data.wishes:
            self.wish_first.setdefault(w.id, w)
        self.wish_last = {w.id: w for w in data.wishes}


BOARDS: dict[tuple[int, int], Board] = {}


def board_for(data: SabikaData, players: int) -> Board:
    key = (id(data), players)
    if key not in BOARDS:
        BOARDS[key] = Board(data, players)
    return BOARDS[key]


def worker_ring(w: int) -> str:
    return A.WORKER_RING[w]


class SabikaState(Yusuf, State):
    __slots__ = ("game", "seed", "options", "players", "ply", "_history", "_legal", "_events",
                 "d", "b", "data", "_own", "_gained")

    def __init__(self, game: Any, seed: int, options: dict[str, Any], d: dict[str, Any],
                 players: int) -> None:
        self.game, self.seed, self.options, self.players = game, seed, options, players
        self.data: SabikaData = game.tables
        self.b = board_for(self.data, players)
        self.d = d
        self._own = OWN_ALL  # d is this state's alone
        self._gained = -1  # any seat may be over its storage (see _overfull)
        self.ply, self._history, self._legal, self._events = 0, None, None, ()

    # -- basics ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        d = self.d
        if d["phase"] == "over":
            return -1
        if d["stack"]:
            return d["stack"][-1]["seat"]
        return d["active"]

    def is_over(self) -> bool:
        return self.d["phase"] == "over"

    def clone(self) -> SabikaState:
        """Copy on write (cloning is the search loop's main cost, and an action changes a
        seat or two): the twin gets its own top level of ``d``, list of seats and frame
        stack, and shares every seat's holdings, Yusuf's and the board's lists with this
        state; from now on neither state owns them, so whichever writes one first copies it
        (``_p``, ``_y``, ``_b``). tests/sabika/test_rules.py holds a clone equal to the plain
        copy and independent of its original."""
        twin = SabikaState.__new__(SabikaState)  # no __init__: nothing to look up again
        twin.game, twin.seed, twin.options, twin.players = (
            self.game, self.seed, self.options, self.players)
        twin.data, twin.b = self.data, self.b
        d = self.d
        c = twin.d = d.copy()
        c["p"] = d["p"][:]
        stack = d["stack"]
        c["stack"] = [f.copy() for f in stack] if stack else []
        self._own = twin._own = 0
        twin._gained = self._gained
        twin.ply, twin._history, twin._legal, twin._events = (
            self.ply, self._history, self._legal, self._events)
        return twin

    def _p(self, seat: int) -> dict[str, Any]:
        """The seat's holdings, to write: copied first if another state may share them."""
        bit = 1 << seat
        if self._own & bit:
            return self.d["p"][seat]
        self._own |= bit
        ps = self.d["p"]
        p = ps[seat] = ps[seat].copy()  # its tuples and dicts are replaced, never written
        return p

    def _y(self) -> dict[str, Any]:
        """Yusuf's holdings, to write (as ``_p``)."""
        if self._own & YUSUF_BIT:
            return self.d["y"]
        self._own |= YUSUF_BIT
        y = self.d["y"] = self.d["y"].copy()  # as a seat's
        return y

    def _b(self, key: str) -> Any:
        """A list or dict of the board (``BOARD_PARTS``), to write (as ``_p``)."""
        bit = BOARD_BIT[key]
        if self._own & bit:
            return self.d[key]
        self._own |= bit
        part = self.d[key] = self.d[key].copy()
        return part

    def thaw(self) -> None:
        """Make every part of the position this state's own, so that ``d`` may be written
        directly (a test setting up a position on a clone)."""
        self.d.update(copy_position(self.d))
        self._own = OWN_ALL
        self._gained = -1

    def ev(self, key: str) -> Any:
        """The current event's change (AD4; data events[].changes), 0 without one."""
        current = self.d["event"]
        return self.data.events[current - 1].changes.get(key, 0) if current else 0

    def _draw(self, holder: dict[str, Any], key: str) -> Any:
        """The next card or tile of the hidden pile ``holder[key]`` (I1, I5): drawn at random
        now; the pile is replaced by one without it."""
        d = self.d
        rng = Rng.__new__(Rng)
        rng.state = d["rng"]
        pile = holder[key]
        i = rng.below(len(pile))
        card = pile[i]
        holder[key] = (*pile[:i], *pile[i + 1:])
        d["rng"] = rng.state
        d["draws"] += 1
        return card

    def _draw_token(self) -> int:
        """R6: a raw token drawn at random from the bag (``bag``: tokens by kind), as
        ``_draw`` draws from the bag's tokens in kind order."""
        d = self.d
        bag = self._b("bag")
        rng = Rng.__new__(Rng)
        rng.state = d["rng"]
        i = rng.below(bag[0] + bag[1] + bag[2])
        d["rng"] = rng.state
        d["draws"] += 1
        g = 0 if i < bag[0] else 1 if i < bag[0] + bag[1] else 2
        bag[g] -= 1
        return g

    # -- holdings -------------------------------------------------------------------------
    def gain_points(self, seat: int, n: int, part: str = "other") -> None:
        p = self._p(seat)
        pts = p["pts"]
        p["pts"] = {**pts, part: pts.get(part, 0) + n}

    def gain_paria(self, seat: int, n: int) -> None:
        """PA4, PA5: the marker moves up and goes on top of any markers there."""
        if n:
            p = self._p(seat)
            p["paria"] += n
            self.d["stamps"] += 1
            p["stamp"] = self.d["stamps"]

    def gain_material(self, seat: int, m: int, n: int = 1) -> int:
        """H2, Q29: a gain the supply cannot cover is cut to what it holds."""
        if self.options["material_supply"] == "limited":
            supply = self._b("supply")
            n = min(n, supply[m])
            supply[m] -= n
        p = self._p(seat)
        p["mat"] = added(p["mat"], m, n)
        self._gained |= 1 << seat
        return n

    def spend_material(self, seat: int, m: int, n: int = 1) -> None:
        p = self._p(seat)
        p["mat"] = added(p["mat"], m, -n)
        if self.options["material_supply"] == "limited":
            self._b("supply")[m] += n

    def capacity(self, seat: int) -> int:
        """WH2, Q50: the boxes of every tile in the four warehouses (kept as ``cap``, which
        tests/sabika/test_rules.py holds equal to this sum)."""
        return self.d["p"][seat]["cap"]

    def boxes(self, seat: int) -> int:
        tiles = self.data.warehouse_tiles
        return sum(1 + sum(tiles[t - 1].boxes for t in h[1:]) for h in self.d["p"][seat]["houses"])

    def _overfull(self) -> int:
        """The first seat holding more materials and goods than its warehouses hold (WH4),
        or -1.

        A speed trick (it runs before every decision): only the seats in ``_gained`` are
        looked at, those that gained materials or goods since they were last found within
        their storage (``gain_material``, ``store_goods`` and the secondary action's marble
        set it: nothing else adds to a warehouse, and its capacity only grows).
        tests/sabika/test_rules.py holds it to the plain definition, ``overfull_seat``."""
        gained = self._gained
        if not gained:
            return -1
        for seat, p in enumerate(self.d["p"]):
            if gained >> seat & 1:
                mat, goods = p["mat"], p["goods"]
                if mat[0] + mat[1] + mat[2] + mat[3] + goods[0] + goods[1] + goods[2] > p["cap"]:
                    self._gained = gained
                    return seat
                gained ^= 1 << seat
        self._gained = 0
        return -1

    def overfull_seat(self) -> int:
        """``_overfull`` by its plain definition: every seat looked at."""
        for seat in range(self.players):
            if self.stored(seat) > self.capacity(seat):
                return seat
        return -1

    def stored(self, seat: int) -> int:
        p = self.d["p"][seat]
        return sum(p["mat"]) + sum(p["goods"])

    def has_blue(self, seat: int, kind: str) -> Any:
        for poem in self.d["p"][seat]["blue"]:
            for ab in self.data.minor_poems[poem - 1].blue:
                if ab.kind == kind:
                    return ab
        return None

    def store_goods(self, seat: int, g: int) -> None:
        """H7, MN16: goods go to storage; to the goods-only poem first while it has room
        (each goods put there gives its points and paria, so the engine does not ask)."""
        p = self._p(seat)
        for poem in p["blue"]:
            for ab in self.data.minor_poems[poem - 1].blue:
                if ab.kind == "goods_warehouse" and sum(p["store"]) < ab.boxes:
                    p["store"] = added(p["store"], g, 1)
                    self._push(self._fx(seat, ["store", poem], "exports"))
                    return
        p["goods"] = added(p["goods"], g, 1)
        self._gained |= 1 << seat

    def money(self, seat: int) -> int:
        p = self.d["p"][seat]
        return p["dinars"] + p["seals"]

    def pay(self, seat: int, cost: int, seals: int) -> None:
        """W6, X8, Q70: ``seals`` of the dinars are paid with seals (to the box)."""
        p = self._p(seat)
        p["seals"] -= seals
        p["dinars"] -= cost - seals

    def seal_variants(self, seat: int, cost: int) -> range:
        p = self.d["p"][seat]
        return range(max(0, cost - p["dinars"]), min(p["seals"], cost) + 1)

    def poems(self, seat: int) -> int:
        p = self.d["p"][seat]
        return len(p["blue"]) + len(p["red"]) + len(p["grey"])

    # -- the frame stack ------------------------------------------------------------------
    def _push(self, *frames: dict[str, Any]) -> None:
        """Push frames to run in the order given (the first runs first)."""
        self.d["stack"].extend(reversed(frames))

    def _fx(self, seat: int, src: list[Any], part: str = "other") -> dict[str, Any]:
        return {"k": "fx", "seat": seat, "src": src, "i": 0, "part": part}

    def effects(self, src: list[Any]) -> tuple[Effect, ...]:
        """The effect a frame resolves, by where it is printed (Effects, conventions)."""
        data, kind = self.data, src[0]
        if kind == "large":
            return data.large_buildings[src[1] - 1].bonus
        if kind == "wh":
            return data.warehouse_tiles[src[1] - 1].bonus
        if kind == "left":
            return data.city_tiles[src[1] - 1].first_export
        if kind == "income":
            return data.city_tiles[src[1] - 1].income
        if kind == "right":
            return data.city_tiles[src[1] - 1].consolidation
        if kind == "start":
            return data.start_tiles[src[1] - 1]
        if kind == "favour":
            return data.favour_rewards[src[1]]
        if kind == "balance":
            return data.balance_rewards[src[1]]
        if kind == "red":
            return data.minor_poems[src[1] - 1].red
        if kind == "blue":
            return data.minor_poems[src[1] - 1].blue[src[2]].effect
        if kind == "store":
            return next(ab.per_goods for ab in data.minor_poems[src[1] - 1].blue
                        if ab.kind == "goods_warehouse")
        if kind == "opt":
            term = self.effects(src[1])[src[2]]
            return term.options[src[3]]
        raise ValueError(f"unknown effect source {src!r}")

    def trigger(self, seat: int, when: str, used: tuple[int, ...] = (0, 0, 0, 0)) -> None:
        """Blue minor poems with an ability ``on`` this moment (MN, Q67)."""
        for poem in self.d["p"][seat]["blue"]:
            for i, ab in enumerate(self.data.minor_poems[poem - 1].blue):
                if ab.kind != "on" or ab.when != when:
                    continue
                if when == "build_with" and not used[MAT_ID[ab.material]]:
                    continue
                self._push(self._fx(seat, ["blue", poem, i]))

    def _settle(self) -> None:
        """Run automatic steps and forced choices until a decision is due; a seat over its
        storage discards first (WH4)."""
        d = self.d
        stack = d["stack"]
        while d["phase"] != "over":
            if not stack:
                if not self._nothing_overfull():
                    continue
                if d["phase"] == "play" and d["active"] == YUSUF and self.players == 1:
                    self.y_turn()  # YT1: his turn, no decision
                    continue
                if d["phase"] == "play" and d["active"] < 0:
                    self._end_round()
                    continue
                return
            top = stack[-1]
            k = top["k"]
            if k[0] == "_":
                stack.pop()
                STEPS[k](self, top)
            elif k == "fx":
                self._run_fx(top)
            elif k == "act":
                stack.pop()
                self._granted(top["seat"], top["action"])
            elif k in AUTO:
                if k == "tribute" and self.tribute_is_open(top):
                    if self._nothing_overfull():
                        return  # the options are listed when asked
                    continue
                options = GENERATE[k](self, top)
                if not options:
                    stack.pop()
                    if k == "fee":  # EV14, Q43: neither a dinar nor a seal: 1 point
                        self.gain_points(top["seat"], -1, "losses")
                elif len(options) == 1:
                    DO[options[0].kind](self, options[0])
                elif self._nothing_overfull():
                    self._legal = options  # what legal_actions() would list: the frame's
                    return
            elif k == "prod" and not self._production_options(top["seat"], top["done"]):
                stack.pop()
            elif k in CLOSABLE:
                options = GENERATE[k](self, top)
                if not options:
                    stack.pop()
                elif self._nothing_overfull():
                    self._legal = options
                    return
            elif self._nothing_overfull():
                return

    def _nothing_overfull(self) -> bool:
        """WH4: before any decision, a seat holding more than it can store discards."""
        if not self._gained:  # no seat has gained since all were found within their storage
            return True
        stack = self.d["stack"]
        if stack and stack[-1]["k"] == "discard":
            return True
        over = self._overfull()
        if over < 0:
            return True
        stack.append({"k": "discard", "seat": over})
        return False

    def _run_fx(self, top: dict[str, Any]) -> None:
        terms = self.effects(top["src"])
        i = top["i"]
        if i >= len(terms):
            self.d["stack"].pop()
            return
        top["i"] = i + 1
        seat = top["seat"]
        t = terms[i]
        k = t.kind
        if k == "dinars":
            self._p(seat)["dinars"] += t.amount
        elif k == "points":
            self.gain_points(seat, t.amount, top["part"])
        elif k == "paria":
            self.gain_paria(seat, t.amount)
        elif k == "material":
            self.gain_material(seat, MAT_ID[t.material], t.amount)
        elif k == "materials":
            kinds = [MAT_ID[m] for m in t.choices]
            for _ in range(t.amount):
                self._push({"k": "take_mat", "seat": seat, "kinds": kinds})
        elif k == "dinars_or_paria":
            self._push({"k": "split", "seat": seat, "n": t.amount})
        elif k in ("raw", "goods"):
            for _ in range(t.amount):
                self._push({"k": "take_" + k, "seat": seat})
        elif k == "process":
            for _ in range(t.amount):
                self._push({"k": "process", "seat": seat})
        elif k == "transactions":
            # O9: transactions granted while the seat's transactions run (MN14's blue half at
            # the market) join them, so that one `done` ends them all, as the page says
            stack = self.d["stack"]
            j = len(stack) - 2  # under this effect's own frame
            while j >= 0 and stack[j]["k"] == "fx":
                j -= 1
            if j >= 0 and stack[j]["k"] == "tx" and stack[j]["seat"] == seat:
                stack[j]["n"] += t.amount  # (a clone copies every frame: this one is its own)
            else:
                self._push({"k": "tx", "seat": seat, "n": t.amount})
        elif k == "favour":
            for _ in range(t.amount):
                self.advance_favour(seat)
        elif k == "action":
            self._push({"k": "act", "seat": seat, "action": t.action})
        elif k == "city_reward":
            self._push({"k": "reward", "seat": seat})
        elif k == "large_building_bonus":
            self._push({"k": "mn4", "seat": seat})
        elif k == "free_ship":
            self._push({"k": "mn14", "seat": seat})
        elif k == "red_city_action":
            self._push({"k": "mn17", "seat": seat})
        elif k == "choice":
            self._push({"k": "choose", "seat": seat, "src": [*top["src"]], "term": i})
        # the frame stays below anything pushed and resumes after it

    def advance_favour(self, seat: int) -> None:
        """F1: advance 1, then the reward of that space or any earlier one; on the last
        space, 1 point and any earlier reward (Q11, Q40)."""
        p = self._p(seat)
        last = len(self.data.favour_rewards) - 1
        if p["favour"] < last:
            p["favour"] += 1
            if p["favour"] < last:
                self._push({"k": "favour", "seat": seat, "max": p["favour"]})
                return
        # 「如果你到達或已經在最後一格上，獲得1分和之前任何一格的獎勵」: reaching the last space
        # or already on it, the point and an earlier space's reward, both
        self.gain_points(seat, 1)
        self._push({"k": "favour", "seat": seat, "max": last - 1})

    # -- legal actions --------------------------------------------------------------------
    def _generate(self) -> list[Action]:
        d = self.d
        if d["phase"] == "over":
            return []
        if not d["stack"]:
            return self._gen_turn_start(d["active"])
        return self._gen_frame(d["stack"][-1])

    def _gen_frame(self, top: dict[str, Any]) -> list[Action]:
        return GENERATE[top["k"]](self, top)

    def _gen_start(self, top: dict[str, Any]) -> list[Action]:
        return [act("start", t) for t in sorted(self.d["p"][top["seat"]]["dealt"])]

    # W2-W10: choosing a worker and its destination, or resting it
    def move_cost(self, seat: int, w: int, space: str) -> tuple[int, int, list[int]]:
        """W4, W5: (dinars to the supply, dinars to players, the paid seats)."""
        d = self.d
        p = d["p"][seat]
        ring = worker_ring(w)
        spaces = self.b.rings[ring]
        supply = 0
        here = p["work"][w]
        if here:
            position = self.b.position
            steps = (position[space] - position[here]) % len(spaces)
            if steps == 0:
                steps = len(spaces)
            free = self.data.free_steps + self.ev("free_steps")  # EV11, Q42
            supply += max(0, steps - free) * self.data.dinars_per_step
        payees = []
        for other in range(self.players):
            if other != seat:
                payees += [other] * d["p"][other]["work"].count(space)
        sultan = 1
        per = self.data.dinars_per_worker + self.ev("dinars_per_other_players_worker")  # EV12
        if per > self.data.dinars_per_worker:
            sultan = self.options["event12_sultans_workers"]  # Q4
        supply += sultan * d["sultans"].count(space)  # N3
        if self.players == 1:  # W5, Q4: Yusuf's workers, to the supply (EV12: 2)
            supply += per * d["y"]["work"].count(space)
        return supply, len(payees) * per, payees

    def destinations(self, seat: int, w: int) -> list[str]:
        p = self.d["p"][seat]
        ring = worker_ring(w)
        spaces = self.b.rings[ring]
        here = p["work"][w]
        out = []
        for space in spaces:
            if space in self.b.void:  # V4
                continue
            if space == here and not self.options["full_circle"]:  # W3, Q2
                continue
            if w < 2 and p["work"][1 - w] == space:  # W3: never both master builders
                continue
            out.append(space)
        return out

    def _gen_turn_start(self, seat: int) -> list[Action]:
        p = self.d["p"][seat]
        money = p["dinars"] + p["seals"]
        out = []
        able: dict[tuple[str, int], bool] = {}  # (main action, money left) -> performable
        for w in range(4):
            if not p["up"][w]:
                continue
            for space in self.destinations(seat, w):
                supply, players, _ = self.move_cost(seat, w, space)
                cost = supply + players
                left = money - cost
                if left < 0:
                    continue
                action = self.b.action[space]
                key = (action if action != "warehouse" else space, left)
                ok = able.get(key)
                if ok is None:
                    ok = able[key] = self.can_action(seat, action, left, space)
                if not (ok or self.can_secondary(seat, self.b.slot_of[space], w, left)):
                    continue  # W8, Q3
                if p["seals"] and cost:
                    for seals in self.seal_variants(seat, cost):
                        out.append(act("move", w, space, seals))
                else:
                    out.append(act("move", w, space, 0))
            out.append(act("rest", w))  # W10: always legal
        return out

    def can_main(self, seat: int, space: str, money: int, granted: bool = False) -> bool:
        """Q3: the main action of ``space`` can be performed with ``money`` left."""
        action = self.b.action[space]
        return self.can_action(seat, action, money, space, granted)

    def can_action(self, seat: int, action: str, money: int, space: str = "",
                   granted: bool = False) -> bool:
        """Q3: whether the first choice of ``action`` has an option (a quick test of what
        ``_main_options`` would list)."""
        d = self.d
        p = d["p"][seat]
        if action in ("quarry_small", "quarry_large", "market", "handcraft"):
            return True
        if action == "warehouse":
            if any(h[-1] for h in p["houses"]):
                return True
            if all(len(h) >= 3 for h in p["houses"]):
                return False
            anywhere = granted and self.options["granted_warehouse_tiles"] == "any"
            return any(tile and (anywhere or self.b.display_space.get(slot) == space)
                       for slot, tile in zip(A.WAREHOUSE_SLOTS, d["whd"], strict=True))
        if action == "build":
            mat = p["mat"]
            if mat[0]:
                era = 1 if d["round"] < self.data.era_two_from_round else 2
                tiles = self.data.large_buildings
                if any(tiles[t - 1].era == era for t in d["large"]):
                    return True
            cards = self.data.small_buildings
            return any(card and mat[MAT_ID[cards[card - 1].base]] for card in d["small"])
        if action == "export":
            if not any(p["goods"]) and not any(p["store"]):
                return False
            dist = self.b.dist_ev9 if self.ev("route_dinars") else self.b.dist
            sources = ("granada", *p["ships"])
            return any(min(dist[x][c] for x in sources) <= money
                       for c in self.b.cities if c not in p["ships"])
        if action == "consolidate":  # EV10: 1 dinar (or a seal)
            return 1 in p["ships"].values() and money >= self.ev("consolidate_dinars")
        if action == "production":
            return bool(p["ships"]) or any(p["raw"])
        if action == "carve_poem":
            if not any(p["mat"][:3]):
                return False
            if any(d["minor"]) and (self.poem_dinars(seat, "blue") <= money
                                    or self.poem_dinars(seat, "red") <= money):
                return True
            return (len(p["grey"]) < 2 and any(d["major"])
                    and self.poem_dinars(seat, "grey") <= money)
        if action == "restart":
            return bool(p["red"])
        return False

    def secondary_cost(self, slot: str, w: int) -> int | None:
        kind = "raw" if slot[0] == "r" else "material"
        worker = ("master_builder", "master_builder", "merchant", "poet")[w]
        cost = self.data.secondary_dinars.get((kind, worker))
        return None if cost is None else cost + self.ev("secondary_dinars")  # EV13

    def can_secondary(self, seat: int, slot: str, w: int, money: int) -> bool:
        if not slot:
            return False
        cost = self.secondary_cost(slot, w)
        if cost is None or cost > money:
            return False
        if slot[0] == "r":  # S2
            return self.d["raws"][slot] >= 0 or any(self.d["p"][seat]["raw"])
        return bool(self.d["marble"][slot]) or self._supply_has(0) or self._supply_has(1)

    def _supply_has(self, m: int) -> bool:
        return self.options["material_supply"] != "limited" or self.d["supply"][m] > 0

    def _gen_turn(self, top: dict[str, Any]) -> list[Action]:
        seat, space, w = top["seat"], top["space"], top["w"]
        out: list[Action] = []
        if not top["main"]:
            out += self._main_options(seat, self.b.action[space], space, top)
        if not top["sec"]:
            slot = self.b.slot_of[space]
            if slot:
                out += self._secondary_options(seat, slot, w)
        if top["main"] or top["sec"]:
            out.append(act("done"))
        return out

    def _main_options(self, seat: int, action: str, space: str, top: dict[str, Any],
                      granted: bool = False) -> list[Action]:
        p = self.d["p"][seat]
        if action in ("quarry_small", "quarry_large"):
            return self._quarry_options(action, self.b.amount.get(space, 0) if space else 0)
        if action == "warehouse":
            return self._warehouse_options(seat, space, granted)
        if action == "market":
            return [act("market")]
        if action == "build":
            out = self._build_options(seat)
            turn = self._turn()
            refreshed = top.get("refreshed") or (turn is not None and turn["refreshed"])
            if out and not refreshed and p["dinars"] + p["seals"] >= 1 and (
                    self.d["small"] != [0, 0, 0, 0] or self.d["small_deck"]
                    or self.d["small_discard"]):
                out = [act("refresh", s) for s in self.seal_variants(seat, 1)] + out
            return out
        if action == "export":
            return self._export_options(seat, self.money(seat))
        if action == "consolidate":
            fee = self.ev("consolidate_dinars")  # EV10: dinars, or seals for them (Q70)
            variants = self.seal_variants(seat, fee)
            return [act("consolidate", c, s) for c in self.b.cities if p["ships"].get(c) == 1
                    for s in variants]
        if action == "production":
            return self._production_options(seat, ())
        if action == "carve_poem":
            return self._carve_options(seat, self.money(seat))
        if action == "restart":
            return [act("restart", r) for r in sorted(set(p["red"]))]
        if action == "handcraft":
            return [act("handcraft")]
        return []

    def _quarry_options(self, action: str, amount: int) -> list[Action]:
        """O1: the space's amount, any mix of the two kinds pictured."""
        kinds = (0, 1) if action == "quarry_small" else (1, 2)
        amount = max(1, amount)
        out = []
        for first in range(amount, -1, -1):
            counts = [0, 0, 0, 0]
            counts[kinds[0]] += first
            counts[kinds[1]] += amount - first
            out.append(act("quarry", tuple(counts)))
        return out

    def _warehouse_options(self, seat: int, space: str, granted: bool) -> list[Action]:
        """O3, O4, Q59."""
        d = self.d
        p = d["p"][seat]
        out = []
        anywhere = granted and self.options["granted_warehouse_tiles"] == "any"
        for slot, tile in zip(A.WAREHOUSE_SLOTS, d["whd"], strict=True):
            if not tile:
                continue
            if not anywhere and self.b.display_space.get(slot) != space:
                continue
            for h in range(4):
                if len(p["houses"][h]) < 3:
                    out.append(act("expand", slot, h))
        for h in range(4):
            if p["houses"][h][-1]:
                out.append(act("activate", h))
        return out

    def _payable(self, seat: int) -> list[tuple[int, ...]]:
        """The payments the player holds the materials for: at most one of each kind, or
        repeats under EV4 (the counts stay: Q27)."""
        mat = self.d["p"][seat]["mat"]
        repeats = self.ev("same_material_repeats")
        return [pay for pay in A.PAYMENTS if all(n <= h for n, h in zip(pay, mat, strict=True))
                and (repeats or max(pay) == 1)]

    def _build_options(self, seat: int) -> list[Action]:
        """B3-B7: a current-era large tile or a displayed small card the player can pay."""
        d = self.d
        out = []
        pays = self._payable(seat)
        era = 1 if d["round"] < self.data.era_two_from_round else 2
        # B4, Q44: one plaster and extras of wood, marble, glazed (plaster too by option)
        plaster_extras = self.options["event4_large_plaster_extras"]
        large = [pay for pay in pays if pay[0] == 1 or (pay[0] and plaster_extras)]
        if large:
            for tile in d["large"]:
                if self.data.large_buildings[tile - 1].era == era:
                    out += [act("large", tile, pay) for pay in large]
        for slot, card in zip(A.SMALL_SLOTS, d["small"], strict=True):
            if not card:
                continue
            base = MAT_ID[self.data.small_buildings[card - 1].base]
            for pay in pays:
                if pay[base]:  # B6: the card's base and up to 2 more
                    out += [act("small", slot, pay, "left"), act("small", slot, pay, "right")]
        return out

    def route_cost(self, seat: int, city: str) -> int:
        """X3, Q14: the cheapest path from Granada or any city with the player's ship."""
        dist = self.b.dist_ev9 if self.ev("route_dinars") else self.b.dist  # EV9
        return min(dist[src][city] for src in ("granada", *self.d["p"][seat]["ships"]))

    def _export_options(self, seat: int, money: int) -> list[Action]:
        p = self.d["p"][seat]
        goods = p["goods"]
        store = p["store"]
        held = [goods[g] + store[g] for g in range(3)]
        if not any(held):
            return []
        lists = [(g,) for g in range(3) if held[g]]
        lists += [(a, b) for a in range(3) for b in range(a, 3)
                  if (held[a] >= 2 if a == b else held[a] and held[b])]
        out = []
        for city in self.b.cities:
            if city in p["ships"]:
                continue
            cost = self.route_cost(seat, city)
            if cost > money:
                continue
            for seals in self.seal_variants(seat, cost):
                out += [act("export", city, gl, seals) for gl in lists]
        return out

    def _production_options(self, seat: int, done: Any) -> list[Action]:
        p = self.d["p"][seat]
        out = []
        if "city" not in done:
            out += [act("produce_city", c) for c in self.b.cities if c in p["ships"]]
        if "process" not in done:
            held = [g for g in range(3) if p["raw"][g]]
            out += [act("produce_process", (g,)) for g in held]
            out += [act("produce_process", (a, b)) for a in held for b in held if a < b]
        return out

    def poem_dinars(self, seat: int, colour: str) -> int:
        """P2, Q18: blue 1 + 1 each, red 2 + 2 each, grey 4 + 4 each."""
        p = self.d["p"][seat]
        unit = {"blue": 1, "red": 2, "grey": 4}[colour]
        return max(0, unit * (1 + len(p[colour])) + self.ev("poem_dinars"))  # EV2, EV6

    def _poem_pays(self, seat: int) -> list[tuple[int, ...]]:
        """P3, MN10: a base of plaster, wood or marble and up to 1 (2) more. Q39: without
        ``poem_extra_plaster`` no extra is plaster, so plaster is paid only as the base (a
        second plaster needs EV4's repeats)."""
        extra = 2 if self.has_blue(seat, "poem_cost_table") else 1
        plaster = 3 if self.options["poem_extra_plaster"] else 1
        return [pay for pay in self._payable(seat)
                if pay[0] + pay[1] + pay[2] and sum(pay) <= 1 + extra and pay[0] <= plaster]

    def _carve_options(self, seat: int, money: int) -> list[Action]:
        d = self.d
        p = d["p"][seat]
        pays = self._poem_pays(seat)
        if not pays:
            return []
        out = []
        for slot, card in zip(A.MINOR_SLOTS, d["minor"], strict=True):
            if not card:
                continue
            for colour in ("blue", "red"):
                cost = self.poem_dinars(seat, colour)
                if cost > money:
                    continue
                for seals in self.seal_variants(seat, cost):
                    out += [act("carve_minor", slot, colour, m, seals) for m in pays]
        if len(p["grey"]) < 2:  # P2: at most 2 majors
            cost = self.poem_dinars(seat, "grey")
            if cost <= money:
                for slot, card in zip(A.MAJOR_SLOTS, d["major"], strict=True):
                    if card:
                        for seals in self.seal_variants(seat, cost):
                            out += [act("carve_major", slot, m, seals) for m in pays]
        return out

    def _secondary_options(self, seat: int, slot: str, w: int) -> list[Action]:
        """S2-S5."""
        cost = self.secondary_cost(slot, w)
        if cost is None or cost > self.money(seat):
            return []
        d = self.d
        p = d["p"][seat]
        choices: list[Any]
        if slot[0] == "r":  # S2: the token, or only when there is none, a raw processed
            choices = [""] if d["raws"][slot] >= 0 else [GOODS[g] for g in range(3) if p["raw"][g]]
        elif d["marble"][slot]:  # S4: the marble, or only when there is none, plaster or wood
            choices = [""]
        else:
            choices = [MATERIALS[m] for m in (0, 1) if self._supply_has(m)]
        return [act("secondary", slot, c, s) for c in choices
                for s in self.seal_variants(seat, cost)]

    def _gen_prod(self, top: dict[str, Any]) -> list[Action]:
        """X12: the other half, or stop after one (a granted production must start: Q17)."""
        out = self._production_options(top["seat"], top["done"])
        return [*out, act("done")] if top["done"] else out

    def _gen_build(self, top: dict[str, Any]) -> list[Action]:
        return self._main_options(top["seat"], "build", "", top)

    def _gen_warehouse(self, top: dict[str, Any]) -> list[Action]:
        return self._warehouse_options(top["seat"], top.get("space", ""), True)

    def _gen_tx(self, top: dict[str, Any]) -> list[Action]:
        """O5-O9: buy, sell, exchange one item, or stop."""
        d = self.d
        seat = top["seat"]
        p = d["p"][seat]
        names = ("plaster", "wood", "marble", "glazed_ceramic")
        out = []
        for m in range(4):  # O5, Q70: dinars, seals for some of them
            if self._supply_has(m):
                out += [act("buy", m, s) for s in self.seal_variants(seat, self.price(names[m]))]
        raw = self.seal_variants(seat, self.price("raw"))
        if raw:
            out += [act("buy_raw", slot, s) for slot in self.b.raw_slots if d["raws"][slot] >= 0
                    for s in raw]
        out += [act("sell", m) for m in range(4) if p["mat"][m]]
        out += [act("sell_goods", g) for g in range(3) if p["goods"][g] + p["store"][g]]
        for m in range(4):
            if p["mat"][m]:
                for other in (m - 1, m + 1):
                    if 0 <= other < 4 and self._supply_has(other):
                        out.append(act("exchange", m, other))
        out.append(act("done"))
        return out

    def _gen_take_mat(self, top: dict[str, Any]) -> list[Action]:
        return [act("take_material", m) for m in top["kinds"] if self._supply_has(m)]

    def _gen_take_raw(self, top: dict[str, Any]) -> list[Action]:
        return [act("take_slot", s) for s in self.b.raw_slots if self.d["raws"][s] >= 0]

    _gen_take_goods = _gen_take_raw

    def _gen_process(self, top: dict[str, Any]) -> list[Action]:
        p = self.d["p"][top["seat"]]
        return [act("process", g) for g in range(3) if p["raw"][g]]

    def _gen_split(self, top: dict[str, Any]) -> list[Action]:
        n = top["n"]
        return [act("split", x, n - x) for x in range(n, -1, -1)]

    def _gen_choose(self, top: dict[str, Any]) -> list[Action]:
        term = self.effects(top["src"])[top["term"]]
        return [act("choose", str(i + 1)) for i in range(len(term.options))]

    def _gen_favour(self, top: dict[str, Any]) -> list[Action]:
        return [act("favour", k) for k in range(1, top["max"] + 1)]

    def _gen_reward(self, top: dict[str, Any]) -> list[Action]:
        ships = self.d["p"][top["seat"]]["ships"]
        return [act("reward", c) for c in self.b.cities if c in ships]

    def _gen_mn4(self, top: dict[str, Any]) -> list[Action]:
        d = self.d
        era = 1 if d["round"] < self.data.era_two_from_round else 2
        return [act("bonus", t) for t in d["large"] if self.data.large_buildings[t - 1].era == era]

    def _gen_mn14(self, top: dict[str, Any]) -> list[Action]:
        p = self.d["p"][top["seat"]]
        out = []
        for c in self.b.cities:
            if c not in p["ships"]:
                out.append(act("free_ship", c, -1))
                out += [act("free_ship", c, g) for g in range(3) if p["goods"][g] + p["store"][g]]
        return out

    def _gen_mn17(self, top: dict[str, Any]) -> list[Action]:
        d = self.d
        p = d["p"][top["seat"]]
        return [act("red_city", c) for c in self.b.cities if c in p["ships"]
                and self.data.city_tiles[d["cities"][c] - 1].colour == "red"]

    def _gen_discard(self, top: dict[str, Any]) -> list[Action]:
        p = self.d["p"][top["seat"]]
        return ([act("discard", MATERIALS[m]) for m in range(4) if p["mat"][m]]
                + [act("discard", GOODS[g]) for g in range(3) if p["goods"][g]])

    def tribute_is_open(self, top: dict[str, Any]) -> bool:
        """Whether the tribute of ``top`` can be paid in more than one way (``_gen_tribute``
        lists two or more): something is due and the seat has a paria step, 2 dinars or a
        seal to pay it with, else only points are left."""
        p = self.d["p"][top["seat"]]
        return top["due"] > 0 and bool(
            p["paria"] or p["dinars"] >= self.data.dinars_per_paria or p["seals"])

    def _gen_tribute(self, top: dict[str, Any]) -> list[Action]:
        """PA2: marker steps, 2 dinars each, seals, and points for the rest."""
        p = self.d["p"][top["seat"]]
        due = top["due"]
        if due <= 0:
            return []
        out = []
        for m in range(min(p["paria"], due) + 1):
            for dn in range(min(p["dinars"] // self.data.dinars_per_paria, due - m) + 1):
                for s in range(min(p["seals"], due - m - dn) + 1):
                    out.append(act("tribute", m, dn, s, due - m - dn - s))
        return out

    def _gen_first(self, top: dict[str, Any]) -> list[Action]:
        yusuf = [act("first", -1)] if self.players == 1 else []
        return [act("first", s) for s in range(self.players)] + yusuf

    # -- applying -------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        DO[action.kind](self, action)
        self._settle()

    def _do(self, a: Action) -> None:
        DO[a.kind](self, a)

    def _pop(self) -> dict[str, Any]:
        return self.d["stack"].pop()

    def _do_start(self, a: Action) -> None:
        """U20-U22: keep a start tile; once every seat has chosen, all are revealed."""
        top = self._pop()
        d = self.d
        self._p(top["seat"])["kept"] = a.tile
        if any(p["kept"] == 0 for p in d["p"]):
            return
        d["draws"] += 1  # U20: the kept tiles are revealed together
        n = self.players
        d["phase"] = "play"
        if n == 1:  # YS4, Q34: Yusuf starts, on top; the human takes the 2nd position's dinars
            d["first"] = d["active"] = YUSUF
            self._y()["stamp"], self._p(0)["stamp"], d["stamps"] = 2, 1, 2
            self._emit("start_tiles", {"kept": [d["p"][0]["kept"]], "first": "yusuf"})
            self._p(0)["dinars"] += self.data.start_dinars[1]
            self._push(self._fx(0, ["start", d["p"][0]["kept"]]))
            return
        first = min(range(n), key=lambda s: d["p"][s]["kept"])
        d["first"] = d["active"] = first
        self._emit("start_tiles", {"kept": [p["kept"] for p in d["p"]], "first": first}, (first,))
        for i in range(n):  # U21: the start player's paria marker on top
            self._p((first + i) % n)["stamp"] = n - i
        d["stamps"] = n
        frames = []
        for i in range(n):  # U22
            seat = (first + i) % n
            self._p(seat)["dinars"] += self.data.start_dinars[i]
            frames.append(self._fx(seat, ["start", d["p"][seat]["kept"]]))
        self._push(*frames)

    def _do_rest(self, a: Action) -> None:
        """W10: the worker lies in the workshop; +3 dinars, -1 point (MN12)."""
        seat = self.d["active"]
        p = self._p(seat)
        p["work"] = replaced(p["work"], a.worker, "")
        p["up"] = replaced(p["up"], a.worker, False)
        p["dinars"] += self.data.rest_dinars
        self.gain_points(seat, self.data.rest_points, "losses")  # data: -1
        self._push({"k": "_endturn", "seat": seat})
        self.trigger(seat, "rest")

    def _do_move(self, a: Action) -> None:
        """W2-W7: move, pay distance and occupancy, lie down."""
        d = self.d
        seat = d["active"]
        p = self._p(seat)
        supply, _players, payees = self.move_cost(seat, a.worker, a.space)
        seals = a.seals
        p["seals"] -= seals
        from_seals = min(seals, supply)
        p["dinars"] -= supply - from_seals
        seals -= from_seals
        per = self.data.dinars_per_worker + self.ev("dinars_per_other_players_worker")
        for other in payees:  # W5: each other player's worker, 1 dinar to its owner (EV12: 2)
            for _ in range(per):
                if seals:
                    seals -= 1
                    if self.options["seal_paid_to_player"] == "dinar":  # Q51
                        self._p(other)["dinars"] += 1
                else:
                    p["dinars"] -= 1
                    self._p(other)["dinars"] += 1
        p["work"] = replaced(p["work"], a.worker, a.space)
        p["up"] = replaced(p["up"], a.worker, False)
        d["stack"].append({"k": "turn", "seat": seat, "w": a.worker, "space": a.space,
                           "main": False, "sec": False, "refreshed": False})

    def _do_done(self, a: Action) -> None:
        top = self._pop()
        if top["k"] == "turn":
            self.end_turn(top["seat"])

    def _step_endturn(self, top: dict[str, Any]) -> None:
        self.end_turn(top["seat"])

    def end_turn(self, seat: int) -> None:
        """T3: the next player clockwise with a standing worker; none: the round ends."""
        d = self.d
        n = self.players
        if n == 1:  # YT1: the human and Yusuf in turn, each while workers are left
            for who in (1 - seat, seat):
                if (d["y"]["tiles"] if who == YUSUF else any(d["p"][0]["up"])):
                    d["active"] = who
                    return
            d["active"] = -1
            return
        for i in range(1, n + 1):
            other = (seat + i) % n
            if any(d["p"][other]["up"]):
                d["active"] = other
                return
        d["active"] = -1

    def _turn(self) -> dict[str, Any] | None:
        for frame in reversed(self.d["stack"]):
            if frame["k"] == "turn":
                return frame
        return None

    def _main_started(self, seat: int) -> None:
        """W7: the main action of the turn's space (not a granted one) is being performed."""
        top = self.d["stack"][-1]
        if top["k"] == "turn":
            top["main"] = True
        elif top["k"] in ("act_done",):
            pass

    def _do_secondary(self, a: Action) -> None:
        """S2-S5."""
        d = self.d
        top = d["stack"][-1]
        seat = top["seat"]
        top["sec"] = True
        p = self._p(seat)
        self.pay(seat, self.secondary_cost(a.slot, top["w"]), a.seals)
        if a.slot[0] == "r":
            if a.choice:
                self.process_raw(seat, GOODS.index(a.choice))
            else:
                self.take_token(seat, a.slot, goods=False)
        elif a.choice:
            self.gain_material(seat, MATERIALS.index(a.choice))
        else:
            self._b("marble")[a.slot] = 0  # the slot's marble came from the supply at the refresh
            p["mat"] = added(p["mat"], 2, 1)
            self._gained |= 1 << seat

    def take_token(self, seat: int, slot: str, goods: bool) -> None:
        """H5-H7: a token from the wheel; a raw already held is processed instead (H6)."""
        g = self.d["raws"][slot]
        if goods:
            self._b("raws")[slot] = -1
            self.store_goods(seat, g)
        elif self.d["p"][seat]["raw"][g]:
            self.process_raw(seat, g)
        else:
            self._b("raws")[slot] = -1
            p = self._p(seat)
            p["raw"] = replaced(p["raw"], g, 1)

    def process_raw(self, seat: int, g: int) -> None:
        """H8: a raw on the workshop becomes goods in storage."""
        p = self._p(seat)
        p["raw"] = replaced(p["raw"], g, 0)
        self.store_goods(seat, g)

    def _do_quarry(self, a: Action) -> None:
        top = self.d["stack"][-1]
        seat = top["seat"]
        self._main_started(seat)
        for m, n in enumerate(a.counts):
            if n:
                self.gain_material(seat, m, n)
        self.trigger(seat, "quarry")

    def _begin_warehouse_action(self) -> int:
        """O3, O4: the warehouse action's main part starts; its choice, if open, is made.
        The acting seat."""
        top = self.d["stack"][-1]
        seat = top["seat"]
        self._main_started(seat)
        if top["k"] == "warehouse":
            self._pop()
        return seat

    def _do_expand(self, a: Action) -> None:
        """O3: a display tile onto a warehouse; 1 or 2 points; the tile's bonus."""
        seat = self._begin_warehouse_action()
        i = A.WAREHOUSE_SLOTS.index(a.display)
        whd = self._b("whd")
        tile = whd[i]
        whd[i] = 0
        p = self._p(seat)
        house = (*p["houses"][a.house], tile)
        p["cap"] += self.data.warehouse_tiles[tile - 1].boxes
        p["houses"] = tuple(house if h == a.house else old for h, old in enumerate(p["houses"]))
        self.gain_points(seat, len(house) - 1)
        self._push(self._fx(seat, ["wh", tile]))
        self.trigger(seat, "expand_warehouse")

    def _do_activate(self, a: Action) -> None:
        """O4: the bonus of a warehouse's top tile."""
        d = self.d
        seat = self._begin_warehouse_action()
        self._push(self._fx(seat, ["wh", d["p"][seat]["houses"][a.house][-1]]))

    def _do_market(self, a: Action) -> None:
        top = self.d["stack"][-1]
        seat = top["seat"]
        self._main_started(seat)
        self.start_market(seat)

    def start_market(self, seat: int) -> None:
        """O5: +2 dinars and 2 transactions (MN14's blue half: one more)."""
        self._p(seat)["dinars"] += self.data.market_visit_dinars
        self._push({"k": "tx", "seat": seat, "n": self.data.market_transactions})
        self.trigger(seat, "market")

    def _tx_used(self) -> int:
        top = self.d["stack"][-1]
        seat = top["seat"]
        top["n"] -= 1
        if top["n"] <= 0:
            self._pop()
        return seat

    def price(self, item: str) -> int:
        """O6, EV1: what buying costs (never below 0)."""
        return max(0, self.data.market_buy[item] + self.ev("market_buy_dinars"))

    def proceeds(self, item: str) -> int:
        """O6, EV1: what selling gives."""
        return self.data.market_sell[item] + self.ev("market_sell_dinars")

    def _do_buy(self, a: Action) -> None:
        seat = self._tx_used()
        self.pay(seat, self.price(("plaster", "wood", "marble", "glazed_ceramic")[a.material]),
                 a.seals)
        self.gain_material(seat, a.material)

    def _do_buy_raw(self, a: Action) -> None:
        seat = self._tx_used()
        self.pay(seat, self.price("raw"), a.seals)
        self.take_token(seat, a.slot, goods=False)

    def _do_sell(self, a: Action) -> None:
        seat = self._tx_used()
        self.spend_material(seat, a.material)
        self._p(seat)["dinars"] += self.proceeds(
            ("plaster", "wood", "marble", "glazed_ceramic")[a.material])

    def _do_sell_goods(self, a: Action) -> None:
        seat = self._tx_used()
        self.spend_goods(seat, a.goods)
        self._p(seat)["dinars"] += self.proceeds("goods")

    def spend_goods(self, seat: int, g: int) -> None:
        """H9: spent goods go to the discard pile beside the bag (warehouse goods first)."""
        p = self._p(seat)
        if p["goods"][g]:
            p["goods"] = added(p["goods"], g, -1)
        else:
            p["store"] = added(p["store"], g, -1)
        self._b("discards")[g] += 1

    def _do_exchange(self, a: Action) -> None:
        """O7: one material for the next one up or down; down also gives 1 dinar."""
        seat = self._tx_used()
        self.spend_material(seat, a.give)
        self.gain_material(seat, a.get)
        if a.get < a.give:
            self._p(seat)["dinars"] += 1

    def _do_refresh(self, a: Action) -> None:
        """B2, Q13, Q45: pay 1, discard the small buildings on display, reveal up to 4,
        score 1; then build if anything is affordable."""
        d = self.d
        top = d["stack"][-1]
        seat = top["seat"]
        self.pay(seat, 1, a.seals)
        self.gain_points(seat, 1, "buildings")
        turn = self._turn()
        if turn is not None:
            turn["refreshed"] = True
        if top["k"] == "turn":
            top["main"] = True
        else:
            top["refreshed"] = True
        small = self._b("small")
        for i, card in enumerate(small):
            if card:
                d["small_discard"] = (*d["small_discard"], card)
                small[i] = 0
        for i in range(4):
            self.fill_small(i)
        if top["k"] == "turn":
            d["stack"].append({"k": "build", "seat": seat, "refreshed": True})

    def fill_small(self, i: int) -> None:
        d = self.d
        if not d["small_deck"] and d["small_discard"]:  # B2: the discards reshuffled
            d["small_deck"] = tuple(sorted(d["small_discard"]))
            d["small_discard"] = ()
        if d["small_deck"]:
            self._b("small")[i] = self._draw(d, "small_deck")

    def build_points(self, seat: int, pay: tuple[int, ...]) -> int:
        """H2, EV7 (Q26): each material's value, 1 less under EV7, never below 0."""
        less = self.ev("material_points")
        return sum(n * max(0, self.data.material_value[name] + less) for n, name in zip(
            pay, ("plaster", "wood", "marble", "glazed_ceramic"), strict=True))

    def _pay_materials(self, seat: int, pay: tuple[int, ...]) -> None:
        for m in range(4):
            if pay[m]:
                self.spend_material(seat, m, pay[m])

    def _build_done(self) -> int:
        top = self.d["stack"][-1]
        seat = top["seat"]
        if top["k"] == "turn":
            top["main"] = True
        else:
            self._pop()
        return seat

    def _do_large(self, a: Action) -> None:
        """B4, B5: pay, score the materials, take the tile: favour, then its bonus."""
        d = self.d
        seat = self._build_done()
        self._pay_materials(seat, a.payment)
        self.gain_points(seat, self.build_points(seat, a.payment), "buildings")
        d["large"] = tuple(t for t in d["large"] if t != a.tile)
        p = self._p(seat)
        p["large"] = (*p["large"], a.tile)
        frames = [self._fx(seat, ["large", a.tile])]
        self._push(*frames)
        self.trigger(seat, "large_building")
        self.trigger(seat, "build_with", a.payment)
        self.advance_favour(seat)  # B5: the favour first (pushed last, runs first)

    def _do_small(self, a: Action) -> None:
        """B6-B9: pay, score, place at an end of the row; a one-colour pattern: its reward."""
        seat = self._build_done()
        p = self._p(seat)
        self._pay_materials(seat, a.payment)
        self.gain_points(seat, self.build_points(seat, a.payment), "buildings")
        i = A.SMALL_SLOTS.index(a.slot)
        small = self._b("small")
        card = small[i]
        small[i] = 0
        new = self.data.small_buildings[card - 1]
        row = p["row"]
        if a.end == "left":
            inner, neighbour = new.right, self.edge(seat, row[0], "left")
            p["row"] = (card, *row)
        else:
            inner, neighbour = new.left, self.edge(seat, row[-1], "right")
            p["row"] = (*row, card)
        # B8, Q12: one colour, or the balance card's wild right half and the other's colour
        colour = inner if neighbour in ("wild", inner) else None
        self.trigger(seat, "small_building")
        self.trigger(seat, "build_with", a.payment)
        if colour is not None and colour in self.data.balance_rewards:
            p["balances"] += 1
            self._emit("balance", {"seat": seat, "colour": colour}, (seat,))
            self.trigger(seat, "balance")
            self._push(self._fx(seat, ["balance", colour]))

    def edge(self, seat: int, card: int, side: str) -> str:
        if card == 0:
            return self.d["p"][seat]["colour"] if side == "left" else "wild"
        c = self.data.small_buildings[card - 1]
        return c.left if side == "left" else c.right

    def _do_favour(self, a: Action) -> None:
        top = self._pop()
        self._push(self._fx(top["seat"], ["favour", a.space]))

    def _do_split(self, a: Action) -> None:
        top = self._pop()
        self._p(top["seat"])["dinars"] += a.dinars
        self.gain_paria(top["seat"], a.paria)

    def _do_choose(self, a: Action) -> None:
        top = self._pop()
        self._push(self._fx(top["seat"], ["opt", top["src"], top["term"], int(a.option) - 1]))

    def _do_export(self, a: Action) -> None:
        """X2-X6: pay the route, a ship to the city's left, its seal, export, the reward."""
        d = self.d
        top = d["stack"][-1]
        seat = top["seat"]
        if top["k"] == "turn":
            top["main"] = True
        else:
            self._pop()
        self.pay(seat, self.route_cost(seat, a.city), a.seals)
        p = self._p(seat)
        p["ships"] = {**p["ships"], a.city: 1}
        frames = []
        if a.city in d["seals"]:  # X4
            d["seals"] = tuple(c for c in d["seals"] if c != a.city)
            p["seals"] += 1
            for poem in p["blue"]:
                for i, ab in enumerate(self.data.minor_poems[poem - 1].blue):
                    if ab.kind == "on" and ab.when == "seal":
                        frames.append(self._fx(seat, ["blue", poem, i]))
        self.export_goods(seat, a.city, a.goods)
        frames.append(self._fx(seat, ["left", d["cities"][a.city]]))
        self._push(*frames)
        self.trigger(seat, "export")

    def export_goods(self, seat: int, city: str, goods: tuple[int, ...]) -> None:
        """X5, MN20: each goods 1 point and 1 paria (2 and 2 with MN20), +1 each demanded."""
        demand = self.data.city_tiles[self.d["cities"][city] - 1].demand
        base = self.has_blue(seat, "export_base")
        points, paria = (base.points, base.paria) if base else self.data.export_per_goods
        for g in goods:
            self.spend_goods(seat, g)
            extra = self.data.export_demand_bonus if ("sugar", "pottery", "clothing")[g] in \
                demand else (0, 0)
            self.gain_points(seat, points + extra[0], "exports")
            self.gain_paria(seat, paria + extra[1] + self.ev("export_paria_per_goods"))  # EV3

    def _do_consolidate(self, a: Action) -> None:
        """X9-X11: the ship to the right; others there gain 1 point and 1 dinar; red: the
        city's action now; blue: income later."""
        d = self.d
        top = d["stack"][-1]
        seat = top["seat"]
        if top["k"] == "turn":
            top["main"] = True
        else:
            self._pop()
        p = self._p(seat)
        p["ships"] = {**p["ships"], a.city: 2}
        fee = self.ev("consolidate_dinars")  # EV10: a dinar, or a seal (named, Q70)
        if fee:
            self.pay(seat, fee, a.seals)
        if self.players == 1 and d["y"]["ships"].get(a.city) == 2:  # YA6
            self.y_points(2, "cards")
        earlier_points, earlier_dinars = self.data.consolidate_earlier
        for other in range(self.players):
            if other != seat and d["p"][other]["ships"].get(a.city) == 2:
                self.gain_points(other, earlier_points)
                self._p(other)["dinars"] += earlier_dinars
        tile = self.data.city_tiles[d["cities"][a.city] - 1]
        if tile.colour == "red":
            self._push(self._fx(seat, ["right", tile.id]))
        self.trigger(seat, "consolidate")

    def _production_step(self, part: str) -> int:
        top = self.d["stack"][-1]
        seat = top["seat"]
        if top["k"] == "prod":
            top["done"] = [*top["done"], part]
            if len(top["done"]) == 2:
                self._pop()
        else:
            if top["k"] == "turn":
                top["main"] = True
            self.d["stack"].append({"k": "prod", "seat": seat, "done": [part]})
        return seat

    def _do_produce_city(self, a: Action) -> None:
        """X13: the left reward of a city with the player's ship."""
        seat = self._production_step("city")
        self._push(self._fx(seat, ["left", self.d["cities"][a.city]]))

    def _do_produce_process(self, a: Action) -> None:
        """X14: process 1 or 2 raws."""
        seat = self._production_step("process")
        for g in a.goods:
            self.process_raw(seat, g)

    def _carve(self, seat: int, colour: str, pay: tuple[int, ...], seals: int) -> None:
        """P2, P3, MN10: pay dinars and materials, score the materials."""
        top = self.d["stack"][-1]
        if top["k"] == "turn":
            top["main"] = True
        else:
            self._pop()
        self.pay(seat, self.poem_dinars(seat, colour), seals)
        self._pay_materials(seat, pay)
        points = self.build_points(seat, pay)
        table = self.has_blue(seat, "poem_cost_table")
        if table is not None:
            points += table.points_per_material * sum(pay)
        self.gain_points(seat, points, "poems")

    def _do_carve_minor(self, a: Action) -> None:
        """P4: blue works from now on; red is performed at once."""
        d = self.d
        seat = d["stack"][-1]["seat"]
        self._carve(seat, a.colour, a.payment, a.seals)
        i = A.MINOR_SLOTS.index(a.slot)
        minor = self._b("minor")
        card = minor[i]
        minor[i] = 0
        self.trigger(seat, "carve_poem")  # the poems carved before this one (MN19)
        p = self._p(seat)
        p[a.colour] = (*p[a.colour], card)
        if a.colour == "red":
            self._push(self._fx(seat, ["red", card]))

    def _do_carve_major(self, a: Action) -> None:
        d = self.d
        seat = d["stack"][-1]["seat"]
        self._carve(seat, "grey", a.payment, a.seals)
        i = A.MAJOR_SLOTS.index(a.slot)
        p = self._p(seat)
        major = self._b("major")
        p["grey"] = (*p["grey"], major[i])
        major[i] = ""
        self.trigger(seat, "carve_poem")

    def _do_restart(self, a: Action) -> None:
        """P5: a red poem's red half again."""
        top = self.d["stack"][-1]
        seat = top["seat"]
        top["main"] = True
        self._push(self._fx(seat, ["red", a.poem]))

    def _do_handcraft(self, a: Action) -> None:
        top = self.d["stack"][-1]
        seat = top["seat"]
        top["main"] = True
        self.handcraft(seat)

    def handcraft(self, seat: int) -> None:
        """P6: 3 dinars + 1 per 2 poems."""
        base, per = self.data.handcraft_dinars
        self._p(seat)["dinars"] += base + per * (self.poems(seat) // 2)
        self.trigger(seat, "handcraft")

    def _do_take_slot(self, a: Action) -> None:
        top = self._pop()
        self.take_token(top["seat"], a.slot, goods=top["k"] == "take_goods")

    def _do_take_material(self, a: Action) -> None:
        top = self._pop()
        self.gain_material(top["seat"], a.material)

    def _do_process(self, a: Action) -> None:
        top = self._pop()
        self.process_raw(top["seat"], a.goods)

    def _do_reward(self, a: Action) -> None:
        top = self._pop()
        self._push(self._fx(top["seat"], ["left", self.d["cities"][a.city]]))

    def _do_bonus(self, a: Action) -> None:
        top = self._pop()
        self._push(self._fx(top["seat"], ["large", a.tile]))

    def _do_free_ship(self, a: Action) -> None:
        """MN14: a ship on any city's left, no route, no seal, no reward; 0 or 1 goods."""
        top = self._pop()
        seat = top["seat"]
        p = self._p(seat)
        p["ships"] = {**p["ships"], a.city: 1}
        if a.goods >= 0:
            self.export_goods(seat, a.city, (a.goods,))

    def _do_red_city(self, a: Action) -> None:
        top = self._pop()
        self._push(self._fx(top["seat"], ["right", self.d["cities"][a.city]]))

    def _do_discard(self, a: Action) -> None:
        """WH4: discard one stored item (materials to the supply, goods to the discards)."""
        top = self.d["stack"][-1]
        seat = top["seat"]
        if a.item in MATERIALS:
            self.spend_material(seat, MATERIALS.index(a.item))
        else:
            g = GOODS.index(a.item)
            p = self._p(seat)
            p["goods"] = added(p["goods"], g, -1)
            self._b("discards")[g] += 1
        if self.stored(seat) <= self.capacity(seat):
            self._pop()

    def _do_tribute(self, a: Action) -> None:
        """PA2, PA3: the marker down, dinars, seals, points."""
        top = self._pop()
        seat = top["seat"]
        p = self._p(seat)
        if a.marker:
            p["paria"] -= a.marker
            self.d["stamps"] += 1
            p["stamp"] = self.d["stamps"]  # PA5: onto the markers there, on top
        p["dinars"] -= a.dinars * self.data.dinars_per_paria
        p["seals"] -= a.seals
        self.gain_points(seat, -a.points, "losses")

    def _do_first(self, a: Action) -> None:
        """R7, MN1: the chosen seat starts the next round."""
        self._pop()
        if a.seat < 0:  # YR2: the human chooses Yusuf
            self.d["first"] = self.d["active"] = YUSUF
            self._emit("first", {"seat": "yusuf"})
            return
        self.d["first"] = self.d["active"] = a.seat
        self._emit("first", {"seat": a.seat}, (a.seat,))
        self.trigger(a.seat, "chosen_start_player")

    def _granted(self, seat: int, action: str) -> None:
        """Q17: an action granted by an effect, with its normal costs; impossible: lost."""
        if action == "market":
            self.start_market(seat)
        elif action == "handcraft":
            self.handcraft(seat)
        elif action == "warehouse":
            self.d["stack"].append({"k": "warehouse", "seat": seat, "space": self._space(seat)})
        elif action == "build":
            if self._build_options(seat):
                self.d["stack"].append({"k": "build", "seat": seat, "refreshed": False})
        elif action == "production":
            self.d["stack"].append({"k": "prod", "seat": seat, "done": []})
        elif action in ("export", "carve_poem"):
            self.d["stack"].append({"k": "grant", "seat": seat, "action": action})

    def _space(self, seat: int) -> str:
        turn = self._turn()
        return turn["space"] if turn is not None and turn["seat"] == seat else ""

    def _gen_grant(self, top: dict[str, Any]) -> list[Action]:
        if top["action"] == "export":
            return self._export_options(top["seat"], self.money(top["seat"]))
        return self._carve_options(top["seat"], self.money(top["seat"]))

    # -- end of round (R1-R9) and game (E1-E9) ---------------------------------------------
    def _end_round(self) -> None:
        d = self.d
        n = self.players
        order = [(d["first"] + i) % n for i in range(n)]
        if n == 1:  # YR: the human and Yusuf from the start player
            order = [d["first"], 1 - d["first"]]
        d["active"] = -2  # the action phase is over
        frames: list[dict[str, Any]] = [{"k": "_income", "seat": s} for s in order
                                        if s < n]  # YR1: no income for Yusuf
        frames.append({"k": "_narrator", "seat": 0})
        due = max(0, self.data.round_paria[d["round"] - 1] + self.ev("tribute_paria"))  # EV5, 8
        for s in order:
            if s >= n:  # YR4, YD3: his plain tribute
                frames.append({"k": "_ytribute", "seat": 0,
                               "due": self.data.round_paria[d["round"] - 1]})
                continue
            if self.ev("tribute_dinars"):  # EV14, Q43: a dinar or a seal first
                frames.append({"k": "fee", "seat": s})
            frames.append({"k": "tribute", "seat": s, "due": due})
        if d["round"] in self.data.event_change_after_rounds and d["event"]:
            frames.append({"k": "_event", "seat": d["first"]})  # AD3: after tribute
        if d["round"] < len(self.data.round_paria):
            frames += [{"k": "_reset", "seat": d["first"]}, {"k": "_refresh", "seat": d["first"]},
                       {"k": "_chooser", "seat": d["first"]}, {"k": "_next", "seat": d["first"]}]
        else:
            frames.append({"k": "_final", "seat": d["first"]})
        self._push(*frames)

    def _step_income(self, top: dict[str, Any]) -> None:
        """R2: blue consolidated cities and blue poems with income."""
        d = self.d
        seat = top["seat"]
        frames = []
        ships = d["p"][seat]["ships"]
        for city in self.b.cities if 2 in ships.values() else ():
            if ships.get(city) == 2:
                tile = self.data.city_tiles[d["cities"][city] - 1]
                if tile.colour == "blue":
                    frames.append(self._fx(seat, ["income", tile.id]))
        self._push(*frames)
        self.trigger(seat, "income")

    def _step_narrator(self, top: dict[str, Any]) -> None:
        """R3, SW2, SW3: the narrator advances; a wish tile joins the tower and every tile
        there scores for every player."""
        d = self.d
        r = d["round"]
        if r in self.data.wish_after_rounds:
            wish = d["wishes"][self.data.wish_after_rounds.index(r)]
            d["tower"] = (*d["tower"], wish)
            if self.options["wishes_face_down"]:  # Q41: the tile is turned as it goes in
                d["draws"] += 1
            gained = [0] * self.players
            for tile in d["tower"]:
                w = self.b.wish_first[tile]
                for seat in range(self.players):
                    gained[seat] += w.points * self.wish_count(seat, w)
            for seat in range(self.players):
                self.gain_points(seat, gained[seat], "wishes")
            if self.players == 1:  # YR4
                yusuf = self.y_wish_points()
                self.y_points(yusuf, "wishes")
                gained.append(yusuf)
            self._emit("wishes", {"round": r, "tile": wish, "points": gained})

    def wish_count(self, seat: int, w: Any) -> int:
        p = self.d["p"][seat]
        c = w.condition
        if c == "building_type":
            types = [self.data.large_buildings[t - 1].type for t in p["large"]]
            types += [self.data.small_buildings[t - 1].type for t in p["row"] if t]
            return sum(1 for t in types if t in w.types)
        return self.count(seat, c)

    def count(self, seat: int, what: str) -> int:
        """What majors, trade cards and wishes count (data COUNTS)."""
        p = self.d["p"][seat]
        if what == "poems":
            return self.poems(seat)
        if what in ("blue_poems", "red_poems", "grey_poems"):
            return len(p[what.split("_")[0]])
        if what == "large_buildings":
            return len(p["large"])
        if what == "small_buildings":
            return len(p["row"]) - 1
        if what == "building_types":
            types = {self.data.large_buildings[t - 1].type for t in p["large"]}
            types |= {self.data.small_buildings[t - 1].type for t in p["row"] if t}
            return len(types)
        if what == "cities_with_ship":
            return len(p["ships"])
        if what == "consolidated_cities":
            return sum(1 for v in p["ships"].values() if v == 2)
        if what == "connected_ships":
            return self.connected(seat)
        if what == "seals":
            return p["seals"]
        if what == "storage_boxes":
            ab = self.has_blue(seat, "goods_warehouse")
            return self.capacity(seat) + (ab.boxes if ab else 0)
        if what == "balances":
            return p["balances"]
        if what == "favour":
            return p["favour"]
        if what == "paria":
            return p["paria"]
        if what == "dinars":
            return p["dinars"]
        if what == "warehouse_expansions":
            return sum(len(h) - 1 for h in p["houses"])
        return 0

    def connected(self, seat: int) -> int:
        """X15: ship cities joined by routes through ship cities, never Granada: the
        largest such group (a lone ship is not connected)."""
        return self.connected_of(set(self.d["p"][seat]["ships"]))

    def connected_of(self, ships: set[str]) -> int:
        best = 0
        seen: set[str] = set()
        for city in sorted(ships):
            if city in seen:
                continue
            group, todo = {city}, [city]
            while todo:
                c = todo.pop()
                for nb in self.b.neighbours[c]:
                    if nb in ships and nb not in group:
                        group.add(nb)
                        todo.append(nb)
            seen |= group
            if len(group) >= 2:
                best = max(best, len(group))
        return best

    def _step_event(self, top: dict[str, Any]) -> None:
        """AD3: the current event is discarded, the future one becomes current, and the last
        is turned as the future event."""
        d = self.d
        d["event_discard"] = (*d["event_discard"], d["event"])
        d["event"] = d["future"]
        d["future"] = self._draw(d, "event_pile") if d["event_pile"] else 0
        self._emit("event", {"current": d["event"], "future": d["future"]})

    def _gen_fee(self, top: dict[str, Any]) -> list[Action]:
        p = self.d["p"][top["seat"]]
        return ([act("fee", "dinar")] if p["dinars"] else []) + (
            [act("fee", "seal")] if p["seals"] else [])

    def _do_fee(self, a: Action) -> None:
        top = self._pop()
        p = self._p(top["seat"])
        if a.means == "dinar":
            p["dinars"] -= 1
        else:
            p["seals"] -= 1

    def _step_reset(self, top: dict[str, Any]) -> None:
        """R5, N2: every worker stands; the Sultan's workers move 1 clockwise."""
        d = self.d
        for seat in range(self.players):
            self._p(seat)["up"] = (True, True, True, True)
        next_space = self.b.next_space
        d["sultans"] = tuple(next_space[s] for s in d["sultans"])

    def _step_refresh(self, top: dict[str, Any]) -> None:
        """R6, Q7, Q58: fill every empty slot."""
        d = self.d
        for slot in self.b.raw_slots:
            if d["raws"][slot] < 0:
                if not sum(d["bag"]):
                    discards = d["discards"]
                    d["bag"] = discards[:] if sum(discards) else [8, 8, 8]
                    d["discards"] = [0, 0, 0]
                    self._own |= BOARD_BIT["bag"] | BOARD_BIT["discards"]  # both new lists
                self._b("raws")[slot] = self._draw_token()
        for slot in self.b.marble_slots:
            if not d["marble"][slot] and self._supply_has(2):
                self._b("marble")[slot] = 1
                if self.options["material_supply"] == "limited":
                    self._b("supply")[2] -= 1
        for i in range(4):
            if not d["small"][i]:
                self.fill_small(i)
        # 「在每個對應的空位放置1張新的小調詩歌牌」: the slots of the player count only (U10:
        # 3 / 4 / 5 shown with 2 / 3 / 4 players, solo as 2)
        for i in range(self.data.minor_display[self.players]):
            if not d["minor"][i] and d["minor_deck"]:
                self._b("minor")[i] = self._draw(d, "minor_deck")
        for i, slot in enumerate(A.WAREHOUSE_SLOTS):
            side = self.b.display_stack[slot]
            if not d["whd"][i] and d["stacks"][side]:
                stacks = d["stacks"] = dict(d["stacks"])
                self._b("whd")[i] = self._draw(stacks, side)
        self._emit("refresh", {"small": d["small"][:], "minor": d["minor"][:],
                               "warehouses": d["whd"][:],
                               "raws": [d["raws"][s] for s in self.b.raw_slots]})

    def highest(self) -> int:
        """R7, PA5: the highest paria marker; on a tie, the one on top."""
        ps = self.d["p"]
        return max(range(self.players), key=lambda s: (ps[s]["paria"], ps[s]["stamp"]))

    def _step_chooser(self, top: dict[str, Any]) -> None:
        d = self.d
        if self.players == 1:  # YR2: Yusuf highest starts; the human highest chooses
            y, p = d["y"], d["p"][0]
            if (y["paria"], y["stamp"]) > (p["paria"], p["stamp"]):
                d["first"] = d["active"] = YUSUF
                self._emit("first", {"seat": "yusuf"})
                return
        d["stack"].append({"k": "first", "seat": self.highest()})

    def _step_next(self, top: dict[str, Any]) -> None:
        """R9: era change after round 2; the next round begins with the start player."""
        d = self.d
        d["round"] += 1
        if d["round"] == self.data.era_two_from_round:
            gone = [t for t in d["large"] if self.data.large_buildings[t - 1].era == 1]
            d["large"] = tuple(t for t in d["large"] if t not in gone)
            if gone:
                self._emit("era", {"removed": gone})
        d["active"] = d["first"]
        if self.players == 1:  # YR3: his worker tiles shuffled again
            y = self._y()
            y["tiles"], y["turned"], y["mb"] = tuple(sorted((*y["tiles"], *y["turned"]))), (), -1

    def _step_final(self, top: dict[str, Any]) -> None:
        """E4-E7: majors, the trade card, leftovers; then the game is over."""
        d = self.d
        for seat in range(self.players):
            for major in d["p"][seat]["grey"]:
                self.gain_points(seat, self.major_points(seat, major), "majors")
            self.gain_points(seat, self.trade_points(seat), "trade")
            p = d["p"][seat]
            left = p["seals"] + sum(p["goods"]) + sum(p["store"]) + p["mat"][2] + p["mat"][3]
            self.gain_points(seat, left + p["dinars"] // 2, "leftovers")
        if self.players == 1:
            self._step_yfinal(top)
        d["phase"] = "over"
        d["active"] = -1

    def major_points(self, seat: int, major: str) -> int:
        """E4, E5, MJ."""
        card = next(m for m in self.data.major_poems if m.id == major)
        s = card.scoring
        if s.kind == "per":
            n = s.points * self.count(seat, s.count)
            return min(n, s.max) if s.max else n
        if s.kind == "sets":
            return s.points * min(self.count(seat, c) for c in s.of)
        others = [self.count(o, s.count) for o in range(self.players) if o != seat]
        if self.players == 1:
            others.append(self.y_count(s.count))  # YE6: Yusuf ranks like a player
        return self.rank_points(self.count(seat, s.count), others)

    def rank_points(self, mine: int, others: list[int]) -> int:
        """E5, Q20: competition ranking; a tie takes the reward of the rank below."""
        if self.options["rank_needs_one"] and mine == 0:
            return 0
        above = sum(1 for x in others if x > mine)
        tied = sum(1 for x in others if x == mine)
        rank = above + (1 if tied else 0)  # E5: a tie takes the rank below
        if len(others) <= 1:
            rewards = (self.data.ranking_rewards["two_players"][0],
                       self.options["two_player_sole_second"])
            if rank == 1 and tied:  # the tie for first takes the next reward on the list
                return self.data.ranking_rewards["two_players"][1]
        else:
            rewards = self.data.ranking_rewards["default"]
        return rewards[rank] if rank < len(rewards) else 0

    def trade_points(self, seat: int) -> int:
        """E6, TC."""
        return self.trade_points_of(self.d["p"][seat]["ships"],
                                    lambda what: self.count(seat, what))

    def trade_points_of(self, ships: dict[str, int], count: Any) -> int:
        card = self.data.trade_cards[self.d["trade"] - 1]
        s = card.scoring
        if s.count != "cities_with_ship":
            return s.points * count(s.count)
        n = 0
        for city in ships:
            if s.region and self.b.region[city] != s.region:
                continue
            if s.regions and self.b.region[city] not in s.regions:
                continue
            if s.colour and self.data.city_tiles[self.d["cities"][city] - 1].colour != s.colour:
                continue
            if s.min_route_dinars and self.b.dist["granada"][city] < s.min_route_dinars:
                continue
            n += 1
        return s.points * n

    # -- outcome --------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [sum(p["pts"].values()) for p in self.d["p"]]

    def score_breakdown(self) -> list[list[ScorePart]]:
        from eurogames.games.sabika.text import SCORE_LABELS

        return [[ScorePart(k, p["pts"][k], dict(SCORE_LABELS[k])) for k in PARTS
                 if k in p["pts"] and (p["pts"][k] or k == "start")] for p in self.d["p"]]

    def winners(self) -> list[int]:
        """E9: most points; then most large and small buildings; then shared. Solo (YE7,
        Q52): [0] when the human wins or shares the win, [] when Yusuf wins."""
        scores = self.scores()
        if self.players == 1:
            mine, his = self.solo_standing()
            return [0] if mine >= his else []
        best = max(scores)
        tied = [s for s in range(self.players) if scores[s] == best]
        built = {s: self.count(s, "large_buildings") + self.count(s, "small_buildings")
                 for s in tied}
        top = max(built.values())
        return [s for s in tied if built[s] == top]

    def opponents(self) -> list[Opponent]:
        """Solo (Q52, YE7, YE8): Yusuf, not a seat; ``won`` when he wins or shares the win.
        ``returns()`` then scores the human as if he were a second seat: +1, 0 shared, -1."""
        if self.players != 1:
            return []
        from eurogames.games.sabika.text import SCORE_LABELS, YUSUF_NAMES

        pts = self.d["y"]["pts"]
        keys = ("start", "cards", *PARTS[1:])  # YE8
        parts = tuple(ScorePart(k, pts[k], dict(SCORE_LABELS[k])) for k in keys
                      if k in pts and (pts[k] or k == "start"))
        mine, his = self.solo_standing()
        return [Opponent("yusuf", dict(YUSUF_NAMES), self.y_score(),
                         self.is_over() and his >= mine, parts)]

    def solo_standing(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """YE7: (points, large and small buildings) of the human and of Yusuf."""
        mine = (self.scores()[0],
                self.count(0, "large_buildings") + self.count(0, "small_buildings"))
        his = (self.y_score(), self.y_count("large_buildings") + self.y_count("small_buildings"))
        return mine, his

    # -- information (I1-I5) ----------------------------------------------------------------
    def reveals(self, action: Action) -> bool:
        """I5: a decision after which anything hidden is drawn or turned."""
        self._check_legal(action)
        twin = self.clone()
        twin.apply(action)
        return twin.d["draws"] != self.d["draws"]

    def view(self, seat: int | None) -> dict[str, Any]:
        from eurogames.games.sabika.view import view

        return view(self, seat)

    def resample_hidden(self, seat: int | None, seed: int) -> SabikaState:
        """I4: decks and stacks reshuffled, other seats' unrevealed start tiles redrawn, the
        draws to come reseeded."""
        twin = self.clone()
        d = twin.d
        rng = Rng(seed)
        for key in ("small_deck", "minor_deck"):
            deck = sorted(d[key])
            rng.shuffle(deck)
            d[key] = tuple(deck)
        pool = sorted(d["stacks"]["left"] + d["stacks"]["right"])
        rng.shuffle(pool)
        n_left = len(d["stacks"]["left"])
        d["stacks"] = {"left": tuple(pool[:n_left]), "right": tuple(pool[n_left:])}
        revealed = all(p["kept"] for p in d["p"])
        seen = set()
        for s, p in enumerate(d["p"]):
            if s == seat:
                seen |= set(p["dealt"])
            elif revealed:
                seen.add(p["kept"])
        unseen = sorted(set(range(1, len(self.data.start_tiles) + 1)) - seen)
        rng.shuffle(unseen)
        for s in range(self.players):
            if s == seat:
                continue
            p = twin._p(s)
            if revealed:
                p["dealt"] = tuple(sorted([p["kept"], unseen.pop()]))
            else:
                p["dealt"] = tuple(sorted([unseen.pop(), unseen.pop()]))
                if p["kept"]:
                    p["kept"] = p["dealt"][rng.below(2)]
        if d["event_pile"]:  # I1, I4: the third event, among the unseen of its colour
            d["event_pile"] = (rng.choice(self.hidden_event_candidates()),)
        if self.options["wishes_face_down"]:  # Q41: the wishes not in the tower yet
            d["wishes"] = (*d["tower"], *self.redrawn_wishes(rng))
        d["rng"] = rng.next64()
        twin._legal = None
        return twin

    def redrawn_wishes(self, rng: Rng) -> list[str]:
        """U6, Q41: the face-down wish tiles drawn again: one tile of each letter not yet in
        the tower, in random order on the places still to come."""
        seen = {w.letter for w in self.data.wishes if w.id in self.d["tower"]}
        tiles = []
        for letter in sorted({w.letter for w in self.data.wishes} - seen):
            of_letter = [w.id for w in self.data.wishes if w.letter == letter]
            tiles.append(of_letter[rng.below(len(of_letter))])
        rng.shuffle(tiles)
        return tiles

    def hidden_event_candidates(self) -> list[int]:
        """The events the face-down third may be, as a seat sees it (AD1, Q63)."""
        d = self.d
        choice = self.options["events"]
        if choice not in ("random", "green1red2", "red3"):
            return list(d["event_pile"])  # a chosen list: the option names it
        seen = {d["event"], d["future"], *d["event_discard"]} - {0}
        colours = [self.data.events[e - 1].colour for e in seen]
        if choice == "red3":
            want = {"red"}
        elif choice == "green1red2":
            want = {"red"} if "green" in colours else {"green"}
        else:
            want = {"green", "red"}
        return [e.id for e in self.data.events if e.id not in seen and e.colour in want]

    def to_json(self) -> dict[str, Any]:
        return {"game": "sabika", "version": self.game.version, "players": self.players,
                "seed": self.seed, "options": dict(self.options), "ply": self.ply,
                "actions": [a.text for a in self.actions()], "state": _copy(self.d)}

    # -- notation ---------------------------------------------------------------------------
    def _parse_alias(self, text: str, legal: list[Action]) -> Action | None:
        """Notation: spaces after commas and lists in any order (and ``glazed_ceramic``)."""
        def key(words: str) -> tuple[Any, ...]:
            words = words.replace(", ", ",").replace("glazed_ceramic", "glazed")
            return tuple(tuple(sorted(w.split(","))) if "," in w else w for w in words.split())

        wanted = key(text)
        for action in legal:
            if key(action.text) == wanted:
                return action
        return None

    def why_illegal(self, action: Action) -> str:
        d = self.d
        top = d["stack"][-1]["k"] if d["stack"] else "turn start"
        return f"the decision due now is {top}; see legal_actions()"

    def _parse_problem(self, text: str) -> str:
        action = A.BY_TEXT.get(text)
        return "" if action is None else self.why_illegal(action)

    # -- words ------------------------------------------------------------------------------
    @property
    def third_person(self) -> dict[str, str]:  # type: ignore[override]
        from eurogames.games.sabika.text import THIRD_PERSON

        return THIRD_PERSON

    def _describe(self, action: Action, lang: str) -> str:
        from eurogames.games.sabika.text import describe

        return describe(self, action, lang)

    def _event(self, kind: str, *facts: Any) -> Event:
        """The events recorded as plain tuples (cheap in a playout): Yusuf's turn (YT2)."""
        if kind == "yusuf_turn":
            w, space, card = facts
            return Event("yusuf_turn", {"worker": A.WORKERS[w], "space": space, "card": card})
        return super()._event(kind, *facts)

    def _describe_event(self, event: Any, lang: str, viewer: int | None, names: Any) -> str:
        from eurogames.games.sabika.text import describe_event

        return describe_event(self, event, lang, viewer, names)


def _methods(prefix: str) -> dict[str, Any]:
    """The state's methods named ``prefix`` + a frame or action kind, by that kind (the rules
    dispatch on kinds; a dict of plain functions is quicker than looking the name up)."""
    return {name[len(prefix):]: getattr(SabikaState, name) for name in dir(SabikaState)
            if name.startswith(prefix)}


DO = _methods("_do_")  # action kind -> its effect
GENERATE = _methods("_gen_")  # frame kind -> its options
STEPS = _methods("_step")  # "_" + automatic step -> the step ("_income" -> _step_income)

"""Agra's state and effects (docs/rules/agra.md; rule ids in comments).

The whole position is one JSON-ready dict, ``state.d``. A clone shares its parts with the
original until one of them changes a part (copy on write, below); ``d`` hands out a position
safe to change in place, ``position`` one to read.

``d`` holds:
- ``active``: whose turn it is; ``start``: the start player (U10); ``phase``: ``meditation``,
  ``action`` (a placement is due: after meditation, or the statue's extra action, S5) or
  ``order`` (O1); ``over``: the game has ended.
- ``stack``: pending decisions and automatic steps, the top last. Each frame is a dict with
  ``k`` (its kind) and ``seat`` (who decides). ``current_player`` is the top decision frame's
  seat, or the active player (T4: out-of-turn decisions move it and back).
- ``turn``: the active turn's facts: ``mp``, ``laid``, ``meditated``, ``last_outer`` (M7),
  ``muezzin``, ``statue`` (the extra action is running), ``ordered`` (O1 used), ``placed``.
- ``p``: per seat (all public but ``rupees``, I1): ``rupees``; ``markers`` (the marker supply,
  H7); ``goods`` (16 counts, H3); ``favour``; ``workers`` (supply), ``cook`` (stored, N8);
  ``level`` (meditation); ``farmers`` (square per track), ``covers`` (squares per track),
  ``removed`` (covers removed, E6); ``influence`` (3 levels); ``tiles`` (favour tiles),
  ``bonus`` (bonus tiles taken); ``contracts`` (notables won); ``used`` (once-per-turn things
  used: favour actions, luxuries, notables), ``marks`` (markers on used favour actions, F5),
  ``scrolls`` (luxury markers on scrolls, S3); ``french`` (the good on each slot or -1, N6).
- ``spaces``: 20 entries, ``[seat, standing]`` or null (4 characters, 16 buildings, W1);
  ``built`` (16), ``coins`` (rupees on each building, P4), ``merchant``, ``builder`` (-1:
  left the game, P2); ``prices``: 3 price markers, ``[good, face]`` or null (at the Trader);
  ``covered``: the ring's covered action (M5, M7).
- ``river``: the notables placed, ``{"id", "slots": [[seat...]...], "owner"}``; ``boat``
  (dock 1–6); ``contracts`` (completed per level); ``orders`` (3 columns of 6: seat, -2
  neutral, or null); ``order_at`` (each guild's order marker, or null once set aside);
  ``limit``; ``bowls`` (12: seat, -2 neutral, or null); ``display`` and ``stack_tiles`` (the
  favour stack, its order hidden: I3); ``bonus_left``; ``gown_bonus`` (R8); ``left`` (turns
  still to play after the current one once the end is triggered, E2, else null); ``rolls``
  (the last die rolled for the merchant and for the builder, public: I5); ``rng``.

Copy on write: ``clone`` copies only the top dict; the two states then share every list and
dict below it. Each state notes (``_own``, ids) the parts it has copied since it last shared;
the effects change a part only through the accessors (``_w``, ``_p``, ``_pl``, ``_top_w``,
``_notable_w``, ``_column_w``), which copy a shared part first. ``spaces`` entries, ``prices``
markers and the squares of each ``covers`` track are replaced, never changed in place.
``_own`` is None when nothing is shared (a new state, one read from JSON, one whose ``d``
was handed out: such a state is copied whole by ``clone``, as whoever holds its ``d`` may
change it at any time).

Legal actions: ``_generate_py`` and the ``_gen_<frame>`` generators are the definition;
``_cmoves.c`` is the same generation compiled, which the rules call where setup.py built it
(``GENERATE``, at the end: why, and what it saves).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import compress
from typing import Any

from eurogames.core import Action, ScorePart, State
from eurogames.core.encoding import pure_python
from eurogames.core.game import Event
from eurogames.core.rng import Rng
from eurogames.games.agra import actions as A
from eurogames.games.agra.actions import COOK, GOODS, act
from eurogames.games.agra.moves import (
    FAVOURS,
    Moves,
    farm,
    favour_costs,
    favours_open,
    moves,
    priced,
)
from eurogames.games.agra.tables import Tables

NEUTRAL = -2
ARCHITECT, BOATMAN, TRADER, BOTANIST = range(4)
# notables whose ability the rules ask about (Appendix I numbers)
PORTUGUESE, SUFI, STONEMASON, ELEPHANT, KHATIB, FRENCH, DYER, COOK_N = range(1, 9)
MUEZZIN, JAGIR, CALIPH, CALLIGRAPHER, MULLAH, ENGLISH, MOSAIC = range(9, 16)
MUJTAHID, DUTCH, PAINTER, SUBAHDAR, SADR = range(16, 21)
MUFTI, IMAM, COURT_PAINTER, DIWAN = range(21, 25)
OUTER = ("deliver", "process", "remove_cover", "trade")  # M5a, b, c, e
OIL, CURRY, COTTON = GOODS.index("oil"), GOODS.index("curry"), GOODS.index("cotton")
BOOK, PAINTING, GOWN = GOODS.index("book"), GOODS.index("painting"), GOODS.index("gown")
STATUE = GOODS.index("statue")
ALL_GOODS = range(16)
_BY_ID = A.ACTIONS.__getitem__  # the action of an id (legal actions are listed in id order)
_NONE: frozenset[str] = frozenset()


def _copy(x: Any) -> Any:
    """A structural copy of the JSON-ready state (lists and dicts of plain values)."""
    if type(x) is list:
        return [_copy(v) for v in x]
    if type(x) is dict:
        return {k: _copy(v) for k, v in x.items()}
    return x


def copy_seat(p: dict[str, Any]) -> dict[str, Any]:
    """``_copy(p)`` for one seat's dict, written out (a speed trick, as ``copy_position``)."""
    return {**p, "goods": p["goods"][:], "farmers": p["farmers"][:],
            "covers": [x[:] for x in p["covers"]], "influence": p["influence"][:],
            "tiles": p["tiles"][:], "bonus": p["bonus"][:], "contracts": p["contracts"][:],
            "used": p["used"][:], "scrolls": p["scrolls"][:], "french": p["french"][:]}


def copy_position(d: dict[str, Any]) -> dict[str, Any]:
    """``_copy(d)`` written out for the position's known layout (a speed trick: the full copy
    a state makes when its ``d`` is handed out after a clone; tests/agra/test_clone.py holds
    it equal to ``_copy``)."""
    c = d.copy()
    c["stack"] = [_copy(f) for f in d["stack"]]
    c["turn"] = d["turn"].copy()
    c["p"] = [copy_seat(p) for p in d["p"]]
    c["spaces"] = [None if w is None else w[:] for w in d["spaces"]]
    c["prices"] = [None if m is None else m[:] for m in d["prices"]]
    c["river"] = [{"id": n["id"], "slots": [x[:] for x in n["slots"]], "owner": n["owner"]}
                  for n in d["river"]]
    c["orders"] = [x[:] for x in d["orders"]]
    for key in ("built", "coins", "contracts", "order_at", "bowls", "display", "stack_tiles",
                "bonus_left", "rolls"):
        c[key] = d[key][:]
    return c


class AgraState(State):
    def __init__(self, game: Any, seed: int, options: dict[str, Any], d: dict[str, Any],
                 players: int) -> None:
        self.game, self.seed, self.options, self.players = game, seed, options, players
        self.t: Tables = game.tables
        self._moves: Moves = moves(self.t)
        self._favours = favour_costs(self.t)
        self._least = least_favour(self.t)
        self._prices_seen: tuple[Any, ...] = (0, 0, 0, None)  # _priced's last answer
        self._d = d
        self._own: set[int] | None = None
        self._exposed = False  # d was handed out: someone may change it at any time
        self.ply, self._history, self._legal, self._events = 0, None, None, ()

    # -- the position and copy on write ------------------------------------------------------
    @property
    def d(self) -> dict[str, Any]:
        """The position, safe to change in place (tests and tools set positions up this way):
        whatever it still shares with a clone is copied first, and later clones copy it
        whole (it may be changed at any time)."""
        if self._own is not None:
            self._d = copy_position(self._d)
            self._own = None
        self._exposed = True
        return self._d

    @d.setter
    def d(self, value: dict[str, Any]) -> None:
        self._d = value
        self._own = None
        self._exposed = True

    @property
    def position(self) -> dict[str, Any]:
        """The position to read, never to change (parts may be shared with clones)."""
        return self._d

    def _w(self, key: str) -> Any:
        """``d[key]`` (a list or dict), safe to change: copied first if shared."""
        x = self._d[key]
        own = self._own
        if own is not None and id(x) not in own:
            x = self._d[key] = x.copy()
            own.add(id(x))
        return x

    def _p(self, seat: int) -> dict[str, Any]:
        """The seat's dict, safe to change its numbers (its lists: ``_pl``)."""
        p = self._d["p"][seat]
        own = self._own
        if own is None or id(p) in own:
            return p
        p = self._w("p")[seat] = p.copy()
        own.add(id(p))
        return p

    def _pl(self, seat: int, key: str) -> list[Any]:
        """The seat's list ``key`` (goods, used, ...), safe to change."""
        own = self._own
        if own is None:
            return self._d["p"][seat][key]
        p = self._p(seat)
        x = p[key]
        if id(x) not in own:
            x = p[key] = x[:]
            own.add(id(x))
        return x

    def _top_w(self) -> dict[str, Any]:
        """The top frame of the stack, safe to change."""
        stack = self._w("stack")
        top = stack[-1]
        own = self._own
        if own is not None and id(top) not in own:
            top = stack[-1] = {k: v[:] if type(v) is list else v for k, v in top.items()}
            own.add(id(top))  # (a frame's lists hold numbers only)
        return top

    def _notable_w(self, notable: int) -> dict[str, Any]:
        """The notable's card on the river, safe to change."""
        river = self._w("river")
        i = next(i for i, n in enumerate(river) if n["id"] == notable)
        n = river[i]
        own = self._own
        if own is not None and id(n) not in own:
            n = river[i] = {**n, "slots": [x[:] for x in n["slots"]]}
            own.add(id(n))
        return n

    def _column_w(self, guild: int) -> list[Any]:
        """The guild's order column, safe to change."""
        orders = self._w("orders")
        column = orders[guild]
        own = self._own
        if own is not None and id(column) not in own:
            column = orders[guild] = column[:]
            own.add(id(column))
        return column

    # -- basics ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        d = self._d
        if d["over"]:
            return -1
        stack = d["stack"]
        if stack:
            top = stack[-1]
            if "seat" in top and top["k"][0] != "_":
                return top["seat"]
            for frame in reversed(stack):
                if "seat" in frame and not frame["k"].startswith("_"):
                    return frame["seat"]
        return d["active"]

    def is_over(self) -> bool:
        return self._d["over"]

    def clone(self) -> AgraState:
        twin = AgraState.__new__(AgraState)
        twin.__dict__.update(self.__dict__)
        if self._exposed:  # a position handed out is never shared
            twin._d = copy_position(self._d)
            twin._own = None
            twin._exposed = False
        else:
            twin._d = self._d.copy()
            twin._own = set()
            self._own = set()  # everything below the top dict is shared now
        return twin

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (or deep-copied) with a position of its own: the copy-on-write notes and
        the caches name objects of this process only."""
        state = self.__dict__.copy()
        state["_d"], state["_own"], state["_exposed"] = _copy(self._d), None, False
        state["_prices_seen"] = (0, 0, 0, None)
        state.pop("_heuristic_parts", None)
        return state

    def _roll(self) -> int:
        rng = Rng(0)
        rng.state = self._d["rng"]
        value = rng.below(6) + 1
        self._d["rng"] = rng.state
        return value

    def _shuffle_stack(self) -> None:
        rng = Rng(0)
        rng.state = self._d["rng"]
        stack = self._w("stack_tiles")
        stack.sort()
        rng.shuffle(stack)
        self._d["rng"] = rng.state

    def _priced(self) -> Any:
        """The tables for the price markers where they are now (moves.Priced). Kept while
        the same three markers lie where they were (a marker is replaced when it moves,
        never changed in place)."""
        a, b, c = self._d["prices"]
        seen = self._prices_seen
        if seen[0] is a and seen[1] is b and seen[2] is c:
            return seen[3]
        table = priced(self._moves, self.options["min_good_value"],
                       None if a is None else (a[0], a[1]), None if b is None else (b[0], b[1]),
                       None if c is None else (c[0], c[1]))
        self._prices_seen = (a, b, c, table)
        return table

    def value(self, good: int) -> int:
        """H6: the printed value with the price marker on the good, never below the floor."""
        return self._priced().values[good]

    def values(self) -> tuple[int, ...]:
        """H6: every good's current value (``value``), in goods order."""
        return self._priced().values

    def owns(self, seat: int, notable: int) -> bool:
        return notable in self._d["p"][seat]["contracts"]

    # -- markers, goods, favour, rupees (H7, F1) ---------------------------------------------
    def gain(self, seat: int, good: int, n: int = 1) -> int:
        p = self._p(seat)
        n = max(0, min(n, p["markers"]))  # Q47: a gain the supply cannot cover is cut
        p["markers"] -= n
        self._pl(seat, "goods")[good] += n
        return n

    def spend(self, seat: int, good: int, n: int = 1) -> None:
        self._pl(seat, "goods")[good] -= n
        self._d["p"][seat]["markers"] += n  # S4 (the seat's dict is its own now)

    def gain_favour(self, seat: int, n: int) -> int:
        p = self._p(seat)
        n = max(0, min(n, p["markers"]))
        p["markers"] -= n
        p["favour"] += n
        return n

    def rupees(self, seat: int, n: int) -> None:
        self._p(seat)["rupees"] += n  # U6, Q25: the bank is unlimited

    # -- the farm (A1–A5) --------------------------------------------------------------------
    def track_length(self) -> int:
        return self.options["farm_spaces_per_track"]

    def production(self, seat: int, good: int) -> int:
        """A3: empty squares between the good's corner and each adjacent track's farmer (at
        most 8), from the farm's table (moves.Farm)."""
        return self._farm(self._d["p"][seat]).production[good]

    def productions(self, seat: int) -> tuple[int, ...]:
        """``production`` of every good, in goods order."""
        return self._farm(self._d["p"][seat]).production

    def _farm(self, p: dict[str, Any]) -> Any:
        """The tables of the farm (moves.Farm) of the seat's dict ``p``."""
        return farm(self._moves, self.options["farm_spaces_per_track"], tuple(p["farmers"]),
                    tuple(map(tuple, p["covers"])))

    def farmer_moves_ok(self, seat: int, moves: tuple[tuple[int, int], ...]) -> bool:
        """A4: never onto or across a corner or a cover tile."""
        p = self._d["p"][seat]
        n = self.track_length()
        for k, delta in moves:
            pos, covers = p["farmers"][k], p["covers"][k]
            step = 1 if delta > 0 else -1
            for _ in range(abs(delta)):
                pos += step
                if not 1 <= pos <= n or pos in covers:
                    return False
        return True

    def move_farmers(self, seat: int, moves: tuple[tuple[int, int], ...]) -> None:
        farmers = self._pl(seat, "farmers")
        for k, delta in moves:
            farmers[k] += delta

    def uncover(self, seat: int, track: int, square: int) -> None:
        covers = self._pl(seat, "covers")
        squares = covers[track][:]  # replaced, not changed: the lists inside may be shared
        squares.remove(square)
        covers[track] = squares
        self._d["p"][seat]["removed"] += 1  # A5, E6

    def cover_squares(self, seat: int) -> list[tuple[int, int]]:
        return [(k, i) for k, covers in enumerate(self._d["p"][seat]["covers"])
                for i in sorted(covers)]

    # -- workers (W, S2) ------------------------------------------------------------------
    def lying(self, seat: int) -> list[int]:
        return [s for s, w in enumerate(self._d["spaces"]) if w is not None and w[0] == seat
                and not w[1]]

    def _any_lying(self, seat: int) -> bool:
        for w in self._d["spaces"]:  # noqa: SIM110 - a plain loop: any() costs more here
            if w is not None and w[0] == seat and not w[1]:
                return True
        return False

    def on_board(self, seat: int) -> int:
        return sum(1 for w in self._d["spaces"] if w is not None and w[0] == seat)

    def stand_workers(self, seat: int, n: int) -> None:
        """S2: the workers to stand are chosen one by one (forced choices made here)."""
        if n > 0:
            self._push({"k": "stand", "seat": seat, "n": n})

    # -- influence and guild rewards (G2–G4) -----------------------------------------------
    def raise_influence(self, seat: int, guild: int) -> None:
        if self._d["p"][seat]["influence"][guild] >= self.t.influence_top:
            return  # G2: at the top a raise is lost
        influence = self._pl(seat, "influence")
        influence[guild] += 1
        level = influence[guild]
        if level in self.t.rewards:
            favour = self.t.rewards[level]
            if level == 6:
                favour = self.options["influence_reward_6_favour"]
            self._push({"k": "reward", "seat": seat, "favour": favour})
        if level == self.t.influence_top:
            self.trigger_end("influence", seat)  # G3

    def trigger_end(self, why: str, seat: int | None = None) -> None:
        """E1, E2: the round is finished, then one more (option end_rule)."""
        d = self._d
        if d["left"] is not None:
            return
        n = self.players
        if self.options["end_rule"] == "round":
            d["left"] = (d["start"] - 1 - d["active"]) % n + n
        else:
            d["left"] = n
        self._emit("end_triggered", {"why": why, "seat": seat}, () if seat is None else (seat,))

    # -- the frame stack ------------------------------------------------------------------
    def _push(self, *frames: dict[str, Any]) -> None:
        """Push frames to run in the order given (the first runs first)."""
        own = self._own
        if own is None:  # nothing shared with a clone (``_w``'s first case)
            self._d["stack"].extend(reversed(frames))
        else:
            self._w("stack").extend(reversed(frames))
            own.update(map(id, frames))  # made here: this state's own

    def _settle(self) -> None:
        """Run automatic steps and forced choices until a decision is due."""
        d = self._d
        while not d["over"]:
            stack = d["stack"]
            if not stack:
                if d["phase"] == "action" and d["turn"]["placed"]:
                    d["phase"] = "order"
                    self._w("turn")["placed"] = False
                    continue
                return
            top = stack[-1]
            k = top["k"]
            if k[0] != "_":
                if k == "stand":
                    lying = self.lying(top["seat"])
                    if top["n"] <= 0 or not lying:
                        self._pop()
                    elif len(lying) <= top["n"]:
                        self._pop()
                        spaces = self._w("spaces")
                        for s in lying:
                            spaces[s] = [spaces[s][0], True]
                    else:
                        return
                elif (k == "gain" and d["p"][top["seat"]]["markers"] <= 0
                      and not self._reclaims(top["seat"])):
                    self._pop()  # Q47: no marker and none to take back (H8), no gain
                elif k in _MAYBE_EMPTY and self._nothing_to_decide(top):
                    self._pop()  # Q52 and the like: a decision with no choice is skipped
                else:
                    return
            elif k == "_merchant":  # P3: after the action, 2 favour, then roll and move
                self._pop()
                self.gain_favour(top["seat"], 2)
                self.move_merchant(top["seat"])
            elif k == "_produce":  # H8: the shortfall has been taken back
                self._pop()
                self.produced(top["seat"], top["good"], top["n"])
            elif k == "_builder":  # P5 (3): roll and move the builder
                self._pop()
                self.move_builder()
            elif k == "_boat":
                self._pop()
                self.check_boat()
            elif k == "_raise":  # D7 after the delivery's contract and boat (_deliver_then_raise)
                self._pop()
                self.raise_influence(top["seat"], top["guild"])
            elif k == "_worker":  # C4: a worker from the supply on the new building
                self._pop()
                if d["p"][top["seat"]]["workers"] > 0:
                    self._p(top["seat"])["workers"] -= 1
                    self._w("spaces")[4 + top["b"]] = [top["seat"], True]
                    self._push({"k": "process", "seat": top["seat"], "b": top["b"]})
            elif k == "_mujtahid":  # N16: free, then C3-C5
                self._pop()
                if not d["built"][top["b"]]:
                    self.architect_build(top["seat"], top["b"])
            else:
                return

    def _nothing_to_decide(self, top: dict[str, Any]) -> bool:
        d, k, seat = self._d, top["k"], top.get("seat", -1)
        if k == "cover":
            return not self.cover_squares(seat)
        if k == "sadr":
            return not self._sadr_actions(seat)
        if k == "bonus":
            return not self._bonus_choices(top["level"])
        if k == "follow":
            return d["p"][seat]["goods"][top["i"]] < 1
        if k == "jagir":
            return not self._deliveries(seat, False)
        if k == "tile":
            return not (d["display"] or d["stack_tiles"])
        if k == "reclaim":
            return top["n"] <= 0
        if k == "dyer":
            return d["p"][seat]["goods"][top["good"]] < 2
        return False

    # -- legal actions --------------------------------------------------------------------
    # The generators collect action ids (moves.py's tables); ``_generate_py`` sorts them once.
    # It is the definition; ``_generate`` calls the compiled port (``GENERATE``, below) where
    # setup.py built it.
    def _generate(self) -> list[Action]:
        return GENERATE(self)

    def _generate_py(self) -> list[Action]:
        d = self._d
        if d["over"]:
            return []
        stack = d["stack"]
        if stack:
            top = stack[-1]
            seat = self.current_player
            out = _GEN[top["k"]](self, top)
            if top["k"] == "reclaim":
                return list(map(_BY_ID, sorted(set(out))))
            if seat == d["active"]:  # T2: at any of the player's own decisions
                p = d["p"][seat]
                self._secondary_into(seat, p, list(compress(ALL_GOODS, p["goods"])), out,
                                     self._any_lying(seat), self._open_favours(p))
        else:
            seat = d["active"]
            p = d["p"][seat]
            held = list(compress(ALL_GOODS, p["goods"]))  # the goods the seat has
            out = []
            favours = self._open_favours(p)
            phase = d["phase"]
            if phase == "meditation":
                lying = self._placements_into(seat, p, out, not d["turn"]["meditated"],
                                              "t10" in favours)
                self._meditation_into(p, held, out)
            elif phase == "action":
                lying = self._placements_into(seat, p, out, False, "t10" in favours)
            else:
                self._order_into(seat, p, out)
                lying = self._any_lying(seat)
            self._secondary_into(seat, p, held, out, lying, favours)
        if d["p"][seat]["markers"] <= 0:
            out += self._reclaims(seat)
        return list(map(_BY_ID, sorted(set(out))))

    def _open_favours(self, p: dict[str, Any]) -> frozenset[str]:
        """The favour actions the seat's dict ``p`` has the favour, tiles and turn for (F3–F5)."""
        if p["favour"] < self._least:
            return _NONE  # F4: no favour action with less favour than every one needs
        return favours_open(self._favours, p["favour"], tuple(p["tiles"]), tuple(p["used"]))

    def _favour_ok(self, seat: int, fav: str) -> bool:
        return fav in self._open_favours(self._d["p"][seat])

    def _reclaims(self, seat: int) -> list[int]:
        """H8, Q47: with an empty supply, a marker from a building or the favour area."""
        m = self._moves
        p = self._d["p"][seat]
        goods = p["goods"]
        out = [m.reclaim[g] for g in compress(ALL_GOODS, goods)]
        if p["favour"] > 0:
            out.append(m.reclaim_favour)
        if self.options["reclaim_from_notables"]:
            for n in self._d["river"]:
                if n["owner"] is None:
                    for g, slot in zip(self.t.n_contract[n["id"]], n["slots"], strict=True):
                        if seat in slot:
                            out.append(m.reclaim_notable[g, n["id"]])
        return out

    def _gen_reclaim(self, top: dict[str, Any]) -> list[int]:
        return self._reclaims(top["seat"])

    # meditation (M1–M9)
    def _meditation_into(self, p: dict[str, Any], held: list[int], out: list[int]) -> None:
        """The meditation actions of the seat's dict ``p``, holding the goods ``held`` (the
        standing workers to lay: ``_placements_into``)."""
        d, m = self._d, self._moves
        turn = d["turn"]
        if not turn["meditated"] and p["cook"] > 0:
            out.append(m.lay_cook)  # N8
        mp, covered = turn["mp"], d["covered"]
        goods = p["goods"]
        cost = self.t.ring_mp  # M5: each ring action's MP, from the data
        if mp >= cost["deliver"] and covered != "deliver":
            table = m.meditate_deliver
            out += [table[x] for x in self._delivery_pairs(goods, 1)]
        valued = self._priced().valued
        if covered != "process" and mp >= 0:
            table = valued.meditate_process[min(mp, valued.top)]
            for g in held:
                out += table[g]
        uncover = mp >= cost["remove_cover"] and covered != "remove_cover"
        move = mp >= cost["move_farmer"]  # never covered (M7)
        if uncover or move:
            farm = self._farm(p)
            if uncover:
                out += farm.meditate_uncover
            if move:
                out += farm.meditate_farmer
        if covered != "trade":
            values, trade = valued.values, valued.trade
            for g in held:
                if values[g] <= mp:
                    out += trade[g]
        if MOSAIC in p["contracts"] and "mosaic" not in p["used"] and mp >= 1:  # N15
            out.append(m.mosaic[0])
            if mp >= 3:
                out.append(m.mosaic[1])

    # placement (W1–W8)
    def _placements_into(self, seat: int, p: dict[str, Any], out: list[int], lay: bool,
                         t10: bool) -> bool:
        """The placements (W1–W8), FT10 with ``t10`` and, with ``lay``, the standing workers
        to lay (M1), in one pass over the spaces; whether the seat has a lying worker (S1)."""
        d, m = self._d, self._moves
        workers = p["workers"]
        overtime = workers == 0 or p["rupees"] >= (
            1 if CALLIGRAPHER in p["contracts"] else 2)  # W5, W6, N12
        built, builder = d["built"], d["builder"]
        lying = False
        for s, w in enumerate(d["spaces"]):
            if w is not None and w[0] == seat:
                if overtime:
                    out.append(m.overtime[s])
                if t10:
                    out.append(m.favour_overtime[s])
                if not w[1]:
                    lying = True
                elif lay:
                    out.append(m.lay[s])
            elif workers > 0 and (s < 4 or built[s - 4] or builder == s - 4):  # W1
                out.append(m.place[s])
        return lying

    def is_space(self, s: int) -> bool:
        if s < 4:
            return True
        b = s - 4
        return self._d["built"][b] or self._d["builder"] == b  # W1

    def overtime_cost(self, seat: int) -> int:
        return 1 if self.owns(seat, CALLIGRAPHER) else 2  # W5, N12

    # the order phase (O1–O8)
    def _order_into(self, seat: int, p: dict[str, Any], out: list[int]) -> None:
        d, m = self._d, self._moves
        out.append(m.end)
        if not d["turn"]["ordered"]:
            goods, bowls = p["goods"], d["bowls"]
            for g, b in m.bowls:
                if bowls[b] is None and goods[g] > 0:
                    out.append(m.tribute[g])
            for u in range(3):
                if self.order_ok(seat, u):
                    out.append(m.order[u])
            if goods[STATUE] > 0 and "statue" not in p["used"]:
                out.append(m.statue)  # S5, Q46

    def column_count(self, guild: int, limit: bool) -> int:
        count_neutral = self.options["neutral_orders_count_limit" if limit else
                                     "neutral_orders_count_end"]
        return sum(1 for o in self._d["orders"][guild]
                   if o is not None and (o != NEUTRAL or count_neutral))

    def order_ok(self, seat: int, guild: int) -> bool:
        """O5, O6: the order under the guild's marker, influence 1+, below the limit."""
        d, p = self._d, self._d["p"][seat]
        pos = d["order_at"][guild]
        if pos is None or p["influence"][guild] < 1:
            return False
        goods = p["goods"]
        for g, n in self._moves.order_need[guild][pos]:  # noqa: SIM110 - cheaper than all()
            if goods[g] < n:
                return False
        return self.column_count(guild, True) < d["limit"]

    # secondary actions (T2, S, F)
    def _secondary_into(self, seat: int, p: dict[str, Any], held: list[int], out: list[int],
                        lying: bool, favours: frozenset[str]) -> None:
        """The secondary actions (T2, S, F) of the seat's dict ``p``, holding the goods
        ``held``: ``lying``, whether the seat has a lying worker; ``favours``, its open
        favour actions (``_open_favours``)."""
        m = self._moves
        goods, used, owned = p["goods"], p["used"], p["contracts"]
        if lying:  # S1
            if goods[OIL]:
                out.append(m.oil)
            if goods[CURRY]:
                out.append(m.curry)
            if goods[OIL] and goods[CURRY]:
                out.append(m.oil_curry)
            if CALIPH in owned and "caliph" not in used and goods[COTTON]:
                out.append(m.caliph)  # N11
        if goods[BOOK] and "book" not in used:
            out.append(m.book)  # S6
        if goods[PAINTING] and "painting" not in used:
            out += m.painting  # S6
        if goods[GOWN] and "gown" not in used:
            out.append(m.gown)  # S7
        if ENGLISH in owned and "english" not in used:
            english = self._priced().valued.english
            for g in held:
                out += english[g]  # N14
        if FRENCH in owned and not (self.options["french_once_per_turn"] and "french" in used):
            slots, slot_of = p["french"], self._priced().valued.french_slot
            for g in held:
                if slot_of[g] >= 0 and slots[slot_of[g]] < 0:
                    out.append(m.french[g])  # N6
        if favours:
            self._favour_actions_into(seat, p, held, out, lying, favours)

    def _favour_actions_into(self, seat: int, p: dict[str, Any], held: list[int],
                             out: list[int], lying: bool, ok: frozenset[str]) -> None:
        d, m = self._d, self._moves
        goods = p["goods"]
        if "s1" in ok:
            out += m.s1  # FS1
        if "s2" in ok:
            out += m.s2  # FS2
        for fav in ("s3", "t11"):
            if fav in ok:
                table = m.favour_process[fav]
                for g in held:
                    out += table[g]
        if "t1" in ok and lying:
            out.append(m.t1)
        if "t2" in ok:
            out += self._farm(p).favour_uncover
        if "t3" in ok:
            out += self._priced().valued.t3
        if "t4" in ok:
            out += self._priced().favour_price
        if "t5" in ok and not d["stack"] and d["phase"] == "meditation":
            out.append(m.t5)
        if "t6" in ok:
            bowls = d["bowls"]
            for g, b in m.bowls:
                if bowls[b] is None and goods[g] > 0:
                    out.append(m.favour_tribute[g])
            for u in range(3):
                if self.order_ok(seat, u):
                    out.append(m.favour_order[u])
        if "t7" in ok:
            t7 = self._priced().valued.t7
            for g in held:
                out += t7[g]
        if "t8" in ok:
            t8 = m.t8
            out += [t8[g] for g in held]
        if "t9" in ok:
            out += self._farm(p).favour_farmers
        if "t12" in ok:
            table = m.favour_deliver
            out += [table[x] for x in self._delivery_pairs(goods, 1)]
        if "t13" in ok and p["level"] < self.t.med_levels:
            out.append(m.t13)
        if "t14" in ok:
            swap = self._priced().valued.swap
            for g in held:
                out += swap[g]

    # deliveries (D1–D5)
    def open_levels(self) -> frozenset[int]:
        boat = self._d["boat"]
        if self.options["river_reach"] == "boat_only":
            return self._moves.open_at[boat]
        return self._moves.open_by[boat]

    def _delivery_pairs(self, goods: list[int], need: int) -> set[tuple[int, int]]:
        """D1, D2: (good, notable) for each empty slot of an open notable that ``goods`` (at
        least ``need`` of the good) can fill."""
        levels = self.open_levels()
        t = self.t
        out = set()
        for n in self._d["river"]:
            if n["owner"] is None and t.n_level[n["id"]] in levels:
                i = n["id"]
                for g, slot in zip(t.n_contract[i], n["slots"], strict=True):
                    if not slot and goods[g] >= need:
                        out.add((g, i))
        return out

    def _deliveries(self, seat: int, double: bool) -> list[tuple[int, int]]:
        return sorted(self._delivery_pairs(self._d["p"][seat]["goods"], 2 if double else 1))

    # frames: the decisions inside actions
    def _gen_architect(self, top: dict[str, Any]) -> list[int]:
        seat = top["seat"]
        out = list(self._moves.influence)  # C1
        if self._d["p"][seat]["workers"] > 0:  # W8
            built = self._d["built"]
            for b in range(4, 16):
                if not built[b]:
                    out += [act("build", b, pay).id for pay in self.payments(seat, b)]
        return out

    def build_value(self, seat: int, pay: tuple[int, ...]) -> int:
        """C2: build values, +1 for two kinds or more, +1 with the Stonemason (N3)."""
        total = sum(self.t.build_value[m] * n for m, n in zip(A.MATERIALS, pay, strict=True))
        if sum(1 for n in pay if n) >= 2:
            total += 1
        if self.owns(seat, STONEMASON):
            total += 1
        return total

    def payments(self, seat: int, b: int) -> list[tuple[int, ...]]:
        """Q40: the minimal payments the player can make for building ``b``."""
        goods = self._d["p"][seat]["goods"]
        held = tuple([min(goods[m], 6) for m in A.MATERIALS])  # no payment names more than 6
        return list(minimal_payments(held, self.t.cost[b], self._moves.material_values,
                                     1 if self.owns(seat, STONEMASON) else 0))

    def _gen_bonus(self, top: dict[str, Any]) -> list[int]:
        return [self._moves.bonus[t] for t in self._bonus_choices(top["level"])]

    def _bonus_choices(self, level: int) -> list[int]:
        return [t for t in self._d["bonus_left"] if self.t.bonus[t][0] == level]

    def _gen_cover(self, top: dict[str, Any]) -> list[int]:
        return list(self._farm(self._d["p"][top["seat"]]).uncover)

    def _gen_produce(self, top: dict[str, Any]) -> list[int]:
        seat = top["seat"]
        p = self._d["p"][seat]
        most = self._farm(p).production[self.t.output[top["b"]]]
        room = p["markers"] + sum(p["goods"]) + p["favour"]  # H8: markers can be taken back
        if self.options["reclaim_from_notables"]:  # Q18: from the notables too, as _reclaims
            room += self.notable_markers(seat)
        return list(self._moves.produce[:min(most, room) + 1])

    def notable_markers(self, seat: int) -> int:
        """The seat's markers on the notables still along the river (Q18: those that option
        ``reclaim_from_notables`` lets it take back)."""
        return sum(slot.count(seat) for n in self._d["river"] if n["owner"] is None
                   for slot in n["slots"])

    def _gen_dyer(self, top: dict[str, Any]) -> list[int]:
        chain = self.t.chain[top["good"]]
        values, dyer = self._priced().values, self._moves.dyer
        return [self._moves.done, *(dyer[h] for h in ALL_GOODS if self.t.chain[h] == chain
                                    and values[h] == 2 and h != top["good"])]

    def _gen_process(self, top: dict[str, Any]) -> list[int]:
        have = self._d["p"][top["seat"]]["goods"][self.t.input[top["b"]]]
        return list(self._moves.process[:max(0, min(3, have)) + 1])  # B5, Q37

    def _gen_follow(self, top: dict[str, Any]) -> list[int]:
        seat = top["seat"]
        m = self._moves
        out = list(m.follow)
        if self._favour_ok(seat, "t11"):  # FT11 while following (Q32)
            goods = list(self._d["p"][seat]["goods"])
            goods[top["i"]] -= 1
            goods[top["o"]] += 1
            for g in ALL_GOODS:
                if goods[g] > 0:
                    out += m.follow_t11[g]
        return out

    def _gen_boatman(self, top: dict[str, Any]) -> list[int]:
        seat = top["seat"]
        m = self._moves
        p = self._d["p"][seat]
        goods = p["goods"]
        out = [m.done]
        capacity = top["free"] + top["paid"]
        portuguese = PORTUGUESE in p["contracts"]
        if top["npaid"] == 0 or portuguese:  # C7, N1
            limit = (4 if portuguese else 99) - top["payval"]
            values, pay = self._priced().values, m.pay
            out += [pay[g] for g in compress(ALL_GOODS, goods) if values[g] <= limit]
        if capacity >= 1:
            table = m.deliver
            out += [table[x] for x in self._delivery_pairs(goods, 1)]
        if capacity >= 2:
            table = m.double
            out += [table[x] for x in self._delivery_pairs(goods, 2)]  # D5
            if not top["order"]:
                out += [m.order[u] for u in range(3) if self.order_ok(seat, u)]
        return out

    def _gen_trader(self, top: dict[str, Any]) -> list[int]:
        m = self._moves
        p = self._d["p"][top["seat"]]
        out = [m.done]
        priced = self._priced()
        if not top["price"] and not top["given"]:
            out += priced.price  # C9 before
        # C10: no give after a take (``took`` counts the takes: a good may be worth 0 with
        # option min_good_value, so the value taken does not tell; a frame saved before
        # ``took`` existed has only ``taken``)
        if len(top["given"]) < 3 and not top["taken"] and not top.get("took"):
            goods, give = p["goods"], m.give
            out += [give[g] for g in compress(ALL_GOODS, goods)]
        if top["given"] and p["markers"] > 0:
            room = top["value"] - top["taken"]  # C10, Q20
            valued = priced.valued
            out += valued.take[max(0, min(room, valued.top + 1))]
        return out

    def _gen_price_after(self, top: dict[str, Any]) -> list[int]:
        return [self._moves.done, *self._priced().price]  # C9 after

    def _gen_botanist(self, top: dict[str, Any]) -> list[int]:
        seat = top["seat"]
        m = self._moves
        out = [m.done]
        used = top["used"]
        if "improve" not in used and self.can_improve(seat):
            out.append(m.improve)  # C12a
        farm = self._farm(self._d["p"][seat])
        if "uncover" not in used:
            out += farm.uncover  # C12b
        if "farmers" not in used:
            out += farm.farmers_moves  # C12c
        return out

    def can_improve(self, seat: int) -> bool:
        p = self._d["p"][seat]
        if p["level"] >= self.t.med_levels:
            return False
        cost = self.t.upgrade[p["level"] + 1]
        return all(p["goods"][g] >= cost.count(g) for g in cost)

    def _gen_stand(self, top: dict[str, Any]) -> list[int]:
        stand = self._moves.stand
        return [stand[s] for s in self.lying(top["seat"])]

    def _gen_reward(self, top: dict[str, Any]) -> list[int]:
        tile = self._moves.reward_tile
        return [self._moves.reward, *(tile[t] for t in self._d["display"])]

    def _gen_discard(self, top: dict[str, Any]) -> list[int]:
        discard = self._moves.discard
        return [discard[t] for t in self._d["p"][top["seat"]]["tiles"]]

    def _gen_gain(self, top: dict[str, Any]) -> list[int]:
        return list(self._priced().valued.gain.get(top["value"], ()))

    def _gen_cook(self, top: dict[str, Any]) -> list[int]:
        return list(self._moves.cook)

    def _gen_jagir(self, top: dict[str, Any]) -> list[int]:
        table = self._moves.jagir
        return [self._moves.decline,
                *(table[x] for x in self._delivery_pairs(self._d["p"][top["seat"]]["goods"], 1))]

    def _gen_influence(self, top: dict[str, Any]) -> list[int]:
        return list(self._moves.influence)

    def _sadr_actions(self, seat: int) -> list[int]:
        goods, bowls = self._d["p"][seat]["goods"], self._d["bowls"]
        sadr = self._priced().valued.sadr
        return [a for g in compress(ALL_GOODS, goods) for b, a in sadr[g] if bowls[b] is None]

    def _gen_sadr(self, top: dict[str, Any]) -> list[int]:
        return self._sadr_actions(top["seat"])

    def _gen_tile(self, top: dict[str, Any]) -> list[int]:
        tile = self._moves.tile
        return [tile[t] for t in sorted({*self._d["display"], *self._d["stack_tiles"]})]

    # -- applying ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        d = self._d
        stack = d["stack"]
        if not stack:
            seat = d["active"]  # current_player's usual cases, without the call
        elif "seat" in (top := stack[-1]) and top["k"][0] != "_":
            seat = top["seat"]
        else:
            seat = self.current_player
        _DO[action.kind](self, seat, action)
        if d["stack"] or d["phase"] == "action":  # else _settle finds nothing to run
            self._settle()

    def _top(self) -> dict[str, Any]:
        return self._d["stack"][-1]

    def _pop(self) -> dict[str, Any]:
        if self._own is None:  # nothing shared with a clone (``_w``'s first case)
            return self._d["stack"].pop()
        return self._w("stack").pop()

    # meditation
    def _do_lay(self, seat: int, a: Action) -> None:
        p, turn = self._p(seat), self._w("turn")
        if a.space == COOK:
            p["cook"] -= 1
            p["workers"] += 1  # N8: laid from the Cook, it goes to the supply
        else:
            spaces = self._w("spaces")
            spaces[a.space] = [spaces[a.space][0], False]
        turn["laid"] += 1
        level = max(1, p["level"] - turn["laid"] + 1)  # M2
        gained = self.t.mp[level]
        if self.owns(seat, MUEZZIN) and (self.options["muezzin_per_worker"]
                                         or not turn["muezzin"]):
            gained += 1  # N9, Q13
            turn["muezzin"] = True
        turn["mp"] += gained

    def _meditated(self, mp: int, outer: str | None) -> None:
        turn = self._w("turn")
        turn["mp"] -= mp
        turn["meditated"] = True  # M3, Q38
        if outer is not None:
            turn["last_outer"] = outer

    def _do_meditate_deliver(self, seat: int, a: Action) -> None:
        self._meditated(self.t.ring_mp["deliver"], "deliver")
        self._deliver_then_raise(seat, a.good, a.notable)  # D7, Q16

    def _do_meditate_process(self, seat: int, a: Action) -> None:
        self._meditated(self.value(a.product), "process")  # M5b
        self.spend(seat, a.good)
        self.gain(seat, a.product)

    def _do_meditate_uncover(self, seat: int, a: Action) -> None:
        self._meditated(self.t.ring_mp["remove_cover"], "remove_cover")
        self.uncover(seat, a.track, a.square)

    def _do_meditate_farmer(self, seat: int, a: Action) -> None:
        self._meditated(self.t.ring_mp["move_farmer"], None)  # M5d, M7
        self.move_farmers(seat, a.moves)

    def _do_meditate_trade(self, seat: int, a: Action) -> None:
        self._meditated(self.value(a.good), "trade")  # M5e
        self.spend(seat, a.good)
        self.gain(seat, a.other)

    def _do_mosaic(self, seat: int, a: Action) -> None:
        self._meditated(a.mp, None)
        self._pl(seat, "used").append("mosaic")
        self.gain_favour(seat, 1 if a.mp == 1 else 2)  # N15

    # placement
    def _end_meditation(self) -> None:
        d = self._d
        if d["phase"] == "meditation":
            turn = self._w("turn")
            if turn["last_outer"] is not None:
                d["covered"] = turn["last_outer"]  # M7, Q7
            turn["mp"] = 0  # M4
            d["phase"] = "action"

    def _do_place(self, seat: int, a: Action) -> None:
        self._end_meditation()
        d, s = self._d, a.space
        self._p(seat)["workers"] -= 1
        there = d["spaces"][s]
        cook = None
        if there is not None:  # W3, W4: bumped
            owner, standing = there
            if standing:
                o = self._p(owner)
                favour = self.t.bump_favour[1 if o["level"] >= 4 else 0]
                self.gain_favour(owner, favour)
                if self.owns(owner, COOK_N) and o["cook"] < 2:
                    cook = {"k": "cook", "seat": owner}  # N8, Q43: decided at the bump
                else:
                    o["workers"] += 1
            else:
                self._p(owner)["workers"] += 1
            self._events += (("bumped", s, owner, standing),)
        built_now = s >= 4 and not d["built"][s - 4]
        self._w("spaces")[s] = [seat, True]
        self._perform(seat, s, True, built_now)
        if cook is not None:
            self._push(cook)

    def _do_overtime(self, seat: int, a: Action) -> None:
        self._end_meditation()
        p = self._p(seat)
        cost = min(self.overtime_cost(seat), p["rupees"])  # W5, W6
        p["rupees"] -= cost
        spaces = self._w("spaces")
        spaces[a.space] = [spaces[a.space][0], True]
        self._perform(seat, a.space, self.options["overtime_is_placement"], False)

    def _do_favour_overtime(self, seat: int, a: Action) -> None:
        self._use_favour(seat, "t10")
        self._end_meditation()
        spaces = self._w("spaces")
        spaces[a.space] = [spaces[a.space][0], True]
        self._perform(seat, a.space, self.options["overtime_is_placement"], False)

    def _perform(self, seat: int, s: int, placement: bool, builder: bool) -> None:
        """W2: the space's action, with the rupees and the merchant's bonus (P3, P4, W7)."""
        d = self._d
        self._w("turn")["placed"] = True
        frames: list[dict[str, Any]] = []
        merchant = False
        if s >= 4 and placement:
            b = s - 4
            coins = d["coins"][b]
            if coins:
                self.rupees(seat, coins)
                self._events += (("coins", b, seat, coins),)
                self._w("coins")[b] = 0
            merchant = d["merchant"] == b
        if s == ARCHITECT:
            frames.append({"k": "architect", "seat": seat})
        elif s == BOATMAN:
            free = 2 if self.owns(seat, JAGIR) else 1  # C7, N10
            frames.append({"k": "boatman", "seat": seat, "free": free, "paid": 0, "npaid": 0,
                           "payval": 0, "delivered": [], "order": False})
        elif s == TRADER:
            frames.append({"k": "trader", "seat": seat, "given": [], "value": 0, "taken": 0,
                           "took": 0, "price": False})
        elif s == BOTANIST:
            frames.append({"k": "botanist", "seat": seat, "used": []})
        else:
            b = s - 4
            if builder:  # P5: built with no materials and no bonus tile
                self.build(b, seat, by_builder=True)
                frames.append({"k": "process", "seat": seat, "b": b})
                frames.append({"k": "_builder"})
            elif self.t.production[b]:
                frames.append({"k": "produce", "seat": seat, "b": b})
            else:
                frames.append({"k": "process", "seat": seat, "b": b})
        if merchant:
            frames.append({"k": "_merchant", "seat": seat})
        self._push(*frames)

    # the pawns (P1–P7)
    def move_merchant(self, seat: int | None) -> None:
        d = self._d
        roll = self._roll()
        pos, passed = d["merchant"], []
        built = d["built"]
        for step in range(roll):
            pos = (pos + 1) % 16
            while not built[pos]:
                pos = (pos + 1) % 16
            if step < roll - 1 or self.options["merchant_rupee_on_landing"]:
                self._w("coins")[pos] += 1  # P4, P6
                passed.append(pos)
        d["merchant"] = pos
        self._w("rolls")[0] = roll  # I5: a die once rolled is public
        self._events += (("merchant", roll, pos, tuple(passed)),)

    def move_builder(self) -> None:
        d = self._d
        built = d["built"]
        unbuilt = [b for b in range(16) if not built[b]]
        if not unbuilt:
            if d["builder"] >= 0:
                d["builder"] = -1  # P2: he leaves the game
            return
        roll = self._roll()
        pos = d["builder"]
        for _ in range(roll):
            pos = (pos + 1) % 16
            while built[pos]:
                pos = (pos + 1) % 16
        d["builder"] = pos
        self._w("rolls")[1] = roll
        self._events += (("builder", roll, pos),)

    def build(self, b: int, seat: int | None, by_builder: bool) -> None:
        d = self._d
        built = self._w("built")
        built[b] = True
        if seat is not None and not by_builder and self.owns(seat, STONEMASON):
            self.rupees(seat, 1)  # N3
        self._events += (("built", b, seat),)
        if not any(not x for x in built):
            d["builder"] = -1  # P2

    # the characters
    def _do_influence(self, seat: int, a: Action) -> None:
        self._pop()
        self.raise_influence(seat, a.guild)  # C1, N18

    def _do_build(self, seat: int, a: Action) -> None:
        self._pop()
        for m, n in zip(A.MATERIALS, a.payment, strict=True):
            if n:
                self.spend(seat, m, n)
        self.architect_build(seat, a.building)

    def architect_build(self, seat: int, b: int) -> None:
        """C2–C5, N16: build, bonus tile, a worker, processing."""
        was_builder = self._d["builder"] == b
        self.build(b, seat, by_builder=False)
        frames: list[dict[str, Any]] = [
            {"k": "bonus", "seat": seat, "level": self.t.level[b]},
            {"k": "_worker", "seat": seat, "b": b},
        ]
        if was_builder:
            frames.append({"k": "_builder"})  # C2: the builder then moves
        self._push(*frames)

    def _do_bonus(self, seat: int, a: Action) -> None:
        self._pop()
        self._w("bonus_left").remove(a.tile)
        self._pl(seat, "bonus").append(a.tile)
        _level, guild, favour, cover, rupees = self.t.bonus[a.tile]  # BT
        self.rupees(seat, rupees)
        if favour:
            self.gain_favour(seat, favour)
        if cover:
            self._push({"k": "cover", "seat": seat})
        if guild >= 0:
            self.raise_influence(seat, guild)

    def _do_uncover(self, seat: int, a: Action) -> None:
        top = self._top()
        self.uncover(seat, a.track, a.square)
        if top["k"] == "cover":
            self._pop()
        else:
            self._botanist_used("uncover")

    def _botanist_used(self, what: str) -> None:
        top = self._top_w()
        top["used"].append(what)
        if len(top["used"]) >= 2:
            self._pop()  # C12: two different options at most

    def _do_farmers(self, seat: int, a: Action) -> None:
        self.move_farmers(seat, a.moves)
        self._botanist_used("farmers")

    def _do_improve(self, seat: int, a: Action) -> None:
        p = self._p(seat)
        for g in self.t.upgrade[p["level"] + 1]:
            self.spend(seat, g)
        p["level"] += 1  # C12a
        self._botanist_used("improve")

    def _do_done(self, seat: int, a: Action) -> None:
        top = self._pop()
        k = top["k"]
        if k == "boatman":
            if top["paid"]:
                self.rupees(seat, top["paid"])  # C8
            for other in self._clockwise(seat):
                if self.owns(other, JAGIR):  # N10: 「在他之後」, after his rewards (pushed below)
                    self._push({"k": "jagir", "seat": other, "boatman": seat})
            for n in top["delivered"]:  # D7; G4: a reward at once (「立即」), before the Jagir
                self.raise_influence(seat, self.t.n_guild[n])
        elif k == "trader" and not top["price"]:
            self._push({"k": "price_after", "seat": seat})

    # production and processing (B1–B8)
    def _do_produce(self, seat: int, a: Action) -> None:
        top = self._pop()
        good = self.t.output[top["b"]]
        short = a.count - self._d["p"][seat]["markers"]
        if short > 0:  # H8, Q47: the shortfall is taken back first, one marker at a time
            self._push({"k": "reclaim", "seat": seat, "n": short},
                       {"k": "_produce", "seat": seat, "good": good, "n": a.count})
        else:
            self.produced(seat, good, a.count)

    def produced(self, seat: int, good: int, n: int) -> None:
        """B2–B3: the goods made, the Elephant keeper's or Khatib's extra, the Dyer's offer."""
        made = self.gain(seat, good, n)
        if made >= 1 and ((self.owns(seat, ELEPHANT) and self.t.chain[good] in (0, 1)) or (
                self.owns(seat, KHATIB) and self.t.chain[good] in (2, 3))):
            made += self.gain(seat, good)  # N4, N5
        if made >= 2 and self.owns(seat, DYER) and "dyer" not in self._d["p"][seat]["used"]:
            self._push({"k": "dyer", "seat": seat, "good": good})  # N7

    def _do_reclaim(self, seat: int, a: Action) -> None:
        p = self._p(seat)
        if a.notable:
            n = self._notable_w(a.notable)
            for g, slot in zip(self.t.n_contract[a.notable], n["slots"], strict=True):
                if g == a.good and seat in slot:
                    slot.remove(seat)
                    break
        elif a.good < 0:
            p["favour"] -= 1
        else:
            self._pl(seat, "goods")[a.good] -= 1
        p["markers"] += 1
        stack = self._d["stack"]
        if stack and stack[-1]["k"] == "reclaim" and stack[-1]["seat"] == seat:
            self._top_w()["n"] -= 1

    def _do_dyer(self, seat: int, a: Action) -> None:
        top = self._pop()
        self.spend(seat, top["good"], 2)
        self.gain(seat, a.good)
        self._pl(seat, "used").append("dyer")

    def _do_process(self, seat: int, a: Action) -> None:
        top = self._pop()
        d = self._d
        i, o = self.t.input[top["b"]], self.t.output[top["b"]]
        goods = self._pl(seat, "goods")
        goods[i] -= a.count
        goods[o] += a.count
        if a.count:  # B7, T4: following, clockwise from the active player (the processing
            # seat is not the active one after the Mujtahid's build out of turn, N16)
            n, active = self.players, d["active"]
            order = [(active + j) % n for j in range(n)]
            self._push(*({"k": "follow", "seat": s, "i": i, "o": o, "leader": seat}
                         for s in order if s != seat and d["p"][s]["goods"][i] > 0))

    def _clockwise(self, seat: int) -> list[int]:
        return [(seat + j) % self.players for j in range(1, self.players)]

    def _do_follow(self, seat: int, a: Action) -> None:
        top = self._pop()
        goods = self._pl(seat, "goods")
        goods[top["i"]] -= 1
        goods[top["o"]] += 1
        self.gain_favour(top["leader"], 1)

    def _do_follow_t11(self, seat: int, a: Action) -> None:
        self._do_follow(seat, a)
        self._use_favour(seat, "t11")
        self.spend(seat, a.good)
        self.gain(seat, a.product)

    def _do_decline(self, seat: int, a: Action) -> None:
        self._pop()

    # the Boatman and deliveries (C6–C8, D)
    def _do_pay(self, seat: int, a: Action) -> None:
        top = self._top_w()
        v = self.value(a.good)
        self.spend(seat, a.good)
        top["paid"] += v
        top["payval"] += v
        top["npaid"] += 1

    def _use_capacity(self, n: int) -> None:
        top = self._top_w()
        for _ in range(n):
            if top["free"]:
                top["free"] -= 1
            else:
                top["paid"] -= 1

    def _do_deliver(self, seat: int, a: Action) -> None:
        self._use_capacity(1)
        top = self._top_w()
        if a.notable not in top["delivered"]:
            top["delivered"].append(a.notable)
        self.deliver(seat, a.good, a.notable)

    def _do_double(self, seat: int, a: Action) -> None:
        self._use_capacity(2)
        top = self._top_w()
        if a.notable not in top["delivered"]:
            top["delivered"].append(a.notable)
        self.deliver(seat, a.good, a.notable, double=True)

    def generous(self, seat: int, good: int) -> None:
        """D12: the player's own contracts pay per good delivered."""
        bonus = sum(self.t.n_generous[n].get(good, 0)
                    for n in self._d["p"][seat]["contracts"])
        if bonus:
            self.rupees(seat, bonus)

    def deliver(self, seat: int, good: int, notable: int, double: bool = False) -> None:
        """D2, D3, D5, D6: a good (or two) onto the notable's slot, paid at once."""
        n = self._notable_w(notable)
        slots = n["slots"]
        index = next(i for i, (g, slot) in enumerate(
            zip(self.t.n_contract[notable], slots, strict=True)) if g == good and not slot)
        goods = self._pl(seat, "goods")
        for j in range(2 if double else 1):
            goods[good] -= 1  # the marker moves from the building to the card
            slots[index].append(seat)
            paid = sum(len(s) for s in slots) if j == 0 else 1  # D3, D5
            self.rupees(seat, paid)
            self.generous(seat, good)  # Q42
        if all(slots):
            self.resolve_contract(n)

    def resolve_contract(self, n: dict[str, Any]) -> None:
        """D8–D11: the winner takes the card, the others' markers become favour."""
        counts: dict[int, int] = {}
        first: dict[int, int] = {}
        for i, slot in enumerate(n["slots"]):
            for s in slot:
                counts[s] = counts.get(s, 0) + 1
                first.setdefault(s, i)
        best = max(counts.values())
        winner = min((s for s in counts if counts[s] == best), key=lambda s: first[s])  # Q30
        n = self._notable_w(n["id"])
        n["owner"] = winner
        for s, c in counts.items():
            if s == winner:
                self._p(s)["markers"] += c  # D9
            else:
                self._p(s)["favour"] += c  # D10
        n["slots"] = [[] for _ in n["slots"]]
        notable = n["id"]
        self._pl(winner, "contracts").append(notable)
        p = self._p(winner)
        level = self.t.n_level[notable]
        self._w("contracts")[level] += 1
        self._emit("contract", {"notable": notable, "seat": winner}, (winner,))
        frames: list[dict[str, Any]] = []
        if notable == SUFI and p["level"] < self.t.med_levels:
            p["level"] += 1  # N2
        elif notable in (MUFTI, IMAM, COURT_PAINTER, DIWAN):
            self.gain_favour(winner, 3)  # N21–N24
        elif notable == MOSAIC:
            frames.append({"k": "tile", "seat": winner})  # N15
        elif notable == PAINTER:
            frames.append({"k": "stand", "seat": winner, "n": 3})  # N18
            frames.append({"k": "influence", "seat": winner})
        elif notable == SADR:
            frames.append({"k": "sadr", "seat": winner})  # N20
        elif notable == MUJTAHID:
            target = self.mujtahid_target()
            if target is not None:
                frames.append({"k": "_mujtahid", "seat": winner, "b": target})
        frames.append({"k": "_boat"})  # D11
        self._push(*frames)

    def mujtahid_target(self) -> int | None:
        """N16, Q10: the unbuilt building nearest the top left."""
        unbuilt = [b for b in range(16) if not self._d["built"][b]]
        if not unbuilt:
            return None
        if self.options["mujtahid_target"] == "nearest":
            return min(unbuilt, key=lambda b: (b // 4 + b % 4, b))
        return unbuilt[0]

    def check_boat(self) -> None:
        """R2: the boat moves on while its condition holds; each dock's event at once."""
        d = self._d
        while d["boat"] < len(self.t.docks):
            dock = self.t.docks[d["boat"] - 1]
            advance = dock["advance"]
            if advance is None:
                return
            level = ("I", "II", "III", "IV").index(advance["level"])
            need = sum(x["advance"]["contracts"] for x in self.t.docks[: d["boat"]]
                       if x["advance"] and x["advance"]["level"] == advance["level"])
            if d["contracts"][level] < need:
                return
            d["boat"] += 1
            self._emit("boat", {"dock": d["boat"]})
            self.dock_events(d["boat"])

    def dock_events(self, dock: int) -> None:
        """R4–R8, R9: in seat order from the active player."""
        d = self._d
        order = [d["active"], *self._clockwise(d["active"])]
        frames: list[dict[str, Any]] = []
        for event in self.t.docks[dock - 1]["events"]:
            effect = event["effect"]
            if effect == "build_builder_building":  # R4
                if d["builder"] >= 0:
                    self.build(d["builder"], None, by_builder=True)
                    self.move_builder()
            elif effect == "move_merchant":  # R5
                self.move_merchant(None)
            elif effect == "favour_per_cotton":
                gained = [0] * self.players
                for s in order:
                    gained[s] = self.gain_favour(s, min(event["max"], d["p"][s]["goods"][COTTON]))
                self._emit("dock_favour", {"dock": dock, "favour": gained},
                           tuple(range(self.players)))
            elif effect == "order_limit":
                d["limit"] = max(d["limit"], event["limit"])
                self._emit("order_limit", {"limit": d["limit"]})
            elif effect == "return_price_markers":  # R6
                d["prices"] = [None, None, None]
                self._emit("prices_returned", {})
            elif effect == "favour":
                gained = [0] * self.players
                for s in order:
                    gained[s] = self.gain_favour(s, event["amount"])
                self._emit("dock_favour", {"dock": dock, "favour": gained},
                           tuple(range(self.players)))
            elif effect == "good_by_cotton":  # R7, Q19
                for s in order:
                    have = min(d["p"][s]["goods"][COTTON], len(event["values"]) - 1)
                    frames.append({"k": "gain", "seat": s, "value": event["values"][have]})
            elif effect == "gown_bonus":  # R8
                d["gown_bonus"] += event["amount"]
            elif effect == "end_game":
                self.trigger_end("boat")
        self._push(*frames)

    def _do_gain(self, seat: int, a: Action) -> None:
        self._pop()
        self.gain(seat, a.good)

    def _deliver_then_raise(self, seat: int, good: int, notable: int) -> None:
        """D7 for a delivery made outside the Boatman's action: the influence is raised (and
        its reward chosen) once the delivery is settled, its contract and the boat's move
        and dock event included (D11: 「在玩家繼續他的回合之前會首先進行船的結算」; the seed's
        7.5 example moves the boat before the raise)."""
        self._push({"k": "_raise", "seat": seat, "guild": self.t.n_guild[notable]})
        self.deliver(seat, good, notable)

    def _do_jagir(self, seat: int, a: Action) -> None:
        top = self._pop()
        self.gain_favour(top["boatman"], 1)  # N10
        self._deliver_then_raise(seat, a.good, a.notable)  # D7

    def _do_cook(self, seat: int, a: Action) -> None:
        self._pop()
        self._p(seat)["cook"] += 1  # N8

    def _do_supply(self, seat: int, a: Action) -> None:
        self._pop()
        self._p(seat)["workers"] += 1

    def _do_sadr(self, seat: int, a: Action) -> None:
        self._pop()
        self.spend(seat, a.good)
        self._p(seat)["markers"] -= 1
        self._w("bowls")[self.t.bowl_of[a.bowl]] = seat  # N20, Q27
        self.generous(seat, a.good)

    # orders and tributes (O1–O9)
    def complete_order(self, seat: int, guild: int) -> None:
        d = self._d
        pos = d["order_at"][guild]
        for g in self.t.orders[guild][pos]:
            self.spend(seat, g)
            self.generous(seat, g)  # D12
        p = self._p(seat)
        p["markers"] -= 1
        column = self._column_w(guild)
        column[pos] = seat  # O7
        nxt = pos
        size = len(column)
        for _ in range(size):
            nxt = (nxt + 1) % size
            if column[nxt] is None:
                break
        else:
            nxt = None
        self._w("order_at")[guild] = nxt
        level = p["influence"][guild]
        rupees = self.t.influence_rupees[level]
        behind = any(o["influence"][guild] > level for o in d["p"])
        if behind:
            rupees = max(0, rupees - 1)
        self.rupees(seat, rupees)
        self._emit("order", {"guild": A.GUILDS[guild], "seat": seat, "rupees": rupees}, (seat,))
        if nxt is None:
            self._emit("column_done", {"guild": A.GUILDS[guild]})
            if all(o is not None and (o != NEUTRAL or self.options["neutral_orders_count_end"])
                   for o in column):
                self.trigger_end("orders")  # O8
        if behind:  # O7: only a player not (jointly) highest in the guild moves up
            self.raise_influence(seat, guild)

    def _do_order(self, seat: int, a: Action) -> None:
        if self._d["stack"]:
            self._use_capacity(2)  # C6
            self._top_w()["order"] = True
        else:
            self._w("turn")["ordered"] = True  # O1
        self.complete_order(seat, a.guild)

    def tribute(self, seat: int, good: int) -> None:
        self.spend(seat, good)
        self._p(seat)["markers"] -= 1
        self._w("bowls")[self.t.bowl_of[good]] = seat  # O2
        self.generous(seat, good)

    def _do_tribute(self, seat: int, a: Action) -> None:
        self._w("turn")["ordered"] = True
        self.tribute(seat, a.good)

    def _do_statue(self, seat: int, a: Action) -> None:
        self._luxury(seat, "statue")
        self._d["phase"] = "action"  # S5: one more main action

    def _do_end(self, seat: int, a: Action) -> None:
        """T5: markers back from used actions and scrolls; the next seat, or the end."""
        d = self._d
        ps = d["p"]
        every = self.options["favour_t11_follow_mark"] == "active_turn"
        for s in range(len(ps)) if every else (seat,):
            p = ps[s]
            if p["marks"] or p["scrolls"] or p["used"]:
                p = self._p(s)
                p["markers"] += p["marks"] + len(p["scrolls"])
                p["marks"], p["scrolls"], p["used"] = 0, [], []
        if not every:  # Q32 `own_next_turn`: the others keep their FT11 marks till their own
            for s, p in enumerate(ps):  # turn ends, but once-per-turn notables reset now (T5)
                if s != seat and any(u not in FAVOUR_NAMES for u in p["used"]):
                    self._pl(s, "used")[:] = [u for u in p["used"] if u in FAVOUR_NAMES]
        if d["left"] is not None:
            if d["left"] == 0:
                d["over"] = True
                d["phase"] = "over"
                self._emit("final_scoring", {"parts": [self.score_parts(s)  # E3
                                                       for s in range(self.players)]},
                           tuple(range(self.players)))
                return
            d["left"] -= 1
        d["active"] = (seat + 1) % self.players
        d["phase"] = "meditation"
        d["turn"] = new_turn()
        if self._own is not None:
            self._own.add(id(d["turn"]))

    # secondary actions
    def _luxury(self, seat: int, name: str) -> None:
        g = GOODS.index(name)
        self._pl(seat, "goods")[g] -= 1
        self._pl(seat, "scrolls").append(g)  # S3: on its scroll until the end of the turn
        self._pl(seat, "used").append(name)

    def _do_oil(self, seat: int, a: Action) -> None:
        self.spend(seat, OIL)
        self.stand_workers(seat, 1)  # S1

    def _do_curry(self, seat: int, a: Action) -> None:
        self.spend(seat, CURRY)
        self.stand_workers(seat, 1)

    def _do_oil_curry(self, seat: int, a: Action) -> None:
        self.spend(seat, OIL)
        self.spend(seat, CURRY)
        self.stand_workers(seat, 3)

    def _do_caliph(self, seat: int, a: Action) -> None:
        self.spend(seat, COTTON)
        self._pl(seat, "used").append("caliph")
        self.stand_workers(seat, 1)  # N11

    def _do_book(self, seat: int, a: Action) -> None:
        self._luxury(seat, "book")
        self.gain_favour(seat, 1)
        self.stand_workers(seat, 3)  # S6

    def _do_painting(self, seat: int, a: Action) -> None:
        self._luxury(seat, "painting")
        for u in a.guilds:
            self.raise_influence(seat, u)  # S6

    def _do_gown(self, seat: int, a: Action) -> None:
        value = self.value(GOWN) + self._d["gown_bonus"]
        self._luxury(seat, "gown")
        self.rupees(seat, value)  # S7, R8

    def _do_stand(self, seat: int, a: Action) -> None:
        spaces = self._w("spaces")
        spaces[a.space] = [spaces[a.space][0], True]
        self._top_w()["n"] -= 1

    def _do_english(self, seat: int, a: Action) -> None:
        self._pl(seat, "used").append("english")
        self.spend(seat, a.good)
        self.gain(seat, a.other)  # N14

    def _do_french(self, seat: int, a: Action) -> None:
        self._pl(seat, "used").append("french")
        v = self.value(a.good)
        self._pl(seat, "goods")[a.good] -= 1
        self._pl(seat, "french")[v - 1] = a.good  # N6: the marker stays on the card
        p = self._p(seat)
        self.generous(seat, a.good)
        if all(x >= 0 for x in p["french"]):
            self.rupees(seat, 5)
            p["markers"] += 3
            p["french"] = [-1, -1, -1]

    def _do_price(self, seat: int, a: Action) -> None:
        self._w("prices")[a.marker] = [a.good, a.face]  # C9
        top = self._top()
        if top["k"] == "price_after":
            self._pop()
        else:
            self._top_w()["price"] = True

    def _do_give(self, seat: int, a: Action) -> None:
        top = self._top_w()
        top["value"] += self.value(a.good)
        top["given"].append(a.good)
        self.spend(seat, a.good)

    def _do_take(self, seat: int, a: Action) -> None:
        top = self._top_w()
        top["taken"] += self.value(a.good)
        top["took"] = top.get("took", 0) + 1
        self.gain(seat, a.good)

    # favour actions (F3–F7, FS, FT)
    def _use_favour(self, seat: int, fav: str) -> None:
        used = self._pl(seat, "used")
        p = self._p(seat)
        pay = self.t.favour_cost[fav][1]
        if self.owns(seat, MULLAH) and "mullah" not in used and pay >= 2:
            pay -= 1  # N13, Q45
            used.append("mullah")
        p["favour"] -= pay
        p["markers"] += pay
        used.append(fav)
        if p["markers"] > 0:  # F5: a marker on the action (Q47: noted without one)
            p["markers"] -= 1
            p["marks"] += 1

    def _do_favour_good(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        if a.favour == "t8":
            self.spend(seat, a.good)
            self.rupees(seat, self.value(a.good))  # FT8
        else:
            self.gain(seat, a.good)  # FS1, FT3

    def _do_favour_guild(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        self.raise_influence(seat, a.guild)  # FS2

    def _do_favour_process(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        self.spend(seat, a.good)
        self.gain(seat, a.product)  # FS3, FT7, FT11

    def _do_favour_plain(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        if a.favour == "t1":
            self.stand_workers(seat, 1)
        elif a.favour == "t5":
            self._w("turn")["mp"] += 1
        else:
            self._p(seat)["level"] += 1  # FT13

    def _do_favour_uncover(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        self.uncover(seat, a.track, a.square)

    def _do_favour_price(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        self._w("prices")[a.marker] = [a.good, a.face]  # FT4

    def _do_favour_tribute(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        self.tribute(seat, a.good)  # FT6

    def _do_favour_order(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        self.complete_order(seat, a.guild)

    def _do_favour_farmers(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        self.move_farmers(seat, a.moves)  # FT9

    def _do_favour_deliver(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        self._deliver_then_raise(seat, a.good, a.notable)  # FT12

    def _do_favour_swap(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        self.spend(seat, a.good)
        self.gain(seat, a.other)  # FT14

    # favour tiles: rewards, the Mosaic master, discards (G4, N15, F6, F7)
    def draw_display(self) -> None:
        d = self._d
        while len(d["display"]) < self.t.display_size and d["stack_tiles"]:
            tile = self._w("stack_tiles").pop()
            self._w("display").append(tile)
            self._events += (("display", tile),)

    def take_tile(self, seat: int, tile: int) -> bool:
        if tile in self._d["display"]:
            self._w("display").remove(tile)
            from_display = True
        else:
            self._w("stack_tiles").remove(tile)
            from_display = False
        self._pl(seat, "tiles").append(tile)
        return from_display

    def _after_tile(self, seat: int) -> None:
        if len(self._d["p"][seat]["tiles"]) > self.t.max_tiles:
            self._push({"k": "discard", "seat": seat})  # F7

    def _do_reward_favour(self, seat: int, a: Action) -> None:
        top = self._pop()
        self.gain_favour(seat, top["favour"])

    def _do_reward_tile(self, seat: int, a: Action) -> None:
        self._pop()
        self.take_tile(seat, a.tile)
        self.draw_display()  # F6
        self._after_tile(seat)

    def _do_tile(self, seat: int, a: Action) -> None:
        self._pop()
        from_display = self.take_tile(seat, a.tile)
        self._shuffle_stack()  # N15, Q34
        if from_display:
            self.draw_display()
        self._after_tile(seat)

    def _do_discard(self, seat: int, a: Action) -> None:
        self._pop()
        self._pl(seat, "tiles").remove(a.tile)
        self._w("stack_tiles").append(a.tile)
        self._shuffle_stack()  # F7

    # -- the end (E3–E8) ---------------------------------------------------------------------
    def orders_of(self, seat: int) -> list[int]:
        return [sum(1 for o in column if o == seat) for column in self._d["orders"]]

    def score_parts(self, seat: int) -> dict[str, int]:
        d, t, p = self._d, self.t, self._d["p"][seat]
        orders = self.orders_of(seat)
        tributes = sum(1 for b in d["bowls"] if b == seat)
        notables = 0
        owned = p["contracts"]
        by_guild = [sum(1 for n in owned if t.n_guild[n] == u) for u in range(3)]
        if DUTCH in owned:
            guilds = sum(1 for o in orders if o)
            notables += (0, 1, 3, 6)[guilds]  # N17
        if SUBAHDAR in owned:
            notables += sum(orders)  # N19
        if SADR in owned:
            notables += tributes  # N20
        if MUFTI in owned:
            notables += 3 * min(orders[u] + by_guild[u] for u in range(3))  # N21, Q14
        for n in (IMAM, COURT_PAINTER, DIWAN):
            if n in owned:
                u = t.n_guild[n]
                notables += orders[u] + by_guild[u]  # N22–N24
        guilds = 0
        for u in range(3):  # E4, Q23
            levels = sorted({o["influence"][u] for o in d["p"]}, reverse=True)
            mine = p["influence"][u]
            top_count = sum(1 for o in d["p"] if o["influence"][u] == levels[0])
            if mine == levels[0]:
                guilds += orders[u] * (2 if top_count == 1 else 1)
            elif top_count == 1 and len(levels) > 1 and mine == levels[1]:
                guilds += orders[u]
        meditation = t.top_rupees if p["level"] >= t.med_levels else 0  # E5
        scoring = t.tribute_scoring
        if tributes == 0:
            tribute_points = 0
        elif tributes <= len(scoring):
            tribute_points = scoring[tributes - 1]
        else:
            tribute_points = scoring[-1] + t.tribute_further * (tributes - len(scoring))  # E7
        return {"bag": p["rupees"], "notables": notables, "guilds": guilds,
                "meditation": meditation, "covers": p["removed"], "tributes": tribute_points}

    def scores(self) -> list[int]:
        return [sum(self.score_parts(s).values()) for s in range(self.players)]

    def score_breakdown(self) -> list[list[ScorePart]]:
        from eurogames.games.agra.text import SCORE_LABELS

        return [[ScorePart(k, v, dict(SCORE_LABELS[k])) for k, v in self.score_parts(s).items()]
                for s in range(self.players)]

    def tie_value(self, seat: int) -> int:
        p = self._d["p"][seat]
        return sum(self.value(g) * n for g, n in enumerate(p["goods"])) + p["favour"]  # E8

    def winners(self) -> list[int]:
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(self.players) if scores[s] == best]
        top = max(self.tie_value(s) for s in tied)
        return [s for s in tied if self.tie_value(s) == top]

    # -- information (I1–I6) ----------------------------------------------------------------
    def reveals(self, action: Action) -> bool:
        """I6: a die rolled or a favour tile drawn or shuffled (the generator moves)."""
        self._check_legal(action)
        twin = self.clone()
        twin.apply(action)
        d = self._d
        return twin._d["rng"] != d["rng"] or len(twin._d["stack_tiles"]) < len(d["stack_tiles"])

    def _event(self, kind: str, *facts: Any) -> Event:
        """The events recorded as plain facts where they are frequent (a playout asks for
        none of them): ``("bumped", space, seat, standing)``, ``("coins", building, seat,
        rupees)``, ``("merchant", roll, building, buildings passed)``, ``("builder", roll,
        building)``, ``("built", building, seat or None)``, ``("display", tile)``."""
        name = A.building_name
        if kind == "bumped":
            s, owner, standing = facts
            return Event(kind, {"space": A.space_name(s), "seat": owner, "standing": standing},
                         (owner,))
        if kind == "coins":
            b, seat, coins = facts
            return Event(kind, {"building": name(b), "seat": seat, "rupees": coins}, (seat,))
        if kind == "merchant":
            roll, pos, passed = facts
            return Event(kind, {"roll": roll, "to": name(pos), "rupees": [name(b) for b in passed]})
        if kind == "builder":
            roll, pos = facts
            return Event(kind, {"roll": roll, "to": name(pos)})
        if kind == "built":
            b, seat = facts
            return Event(kind, {"building": name(b), "seat": seat},
                         () if seat is None else (seat,))
        if kind == "display":
            return Event(kind, {"tile": facts[0]})
        return super()._event(kind, *facts)

    def view(self, seat: int | None) -> dict[str, Any]:
        from eurogames.games.agra.view import view

        return view(self, seat)

    def resample_hidden(self, seat: int | None, seed: int) -> AgraState:
        """I2, I3: the favour stack reshuffled and future dice reseeded; every rupee total
        is kept (each follows from the public record)."""
        twin = self.clone()
        rng = Rng(seed)
        stack = sorted(twin._d["stack_tiles"])
        rng.shuffle(stack)
        twin._d["stack_tiles"] = stack
        twin._d["rng"] = rng.next64()
        twin._legal = None
        return twin

    def to_json(self) -> dict[str, Any]:
        return {"game": "agra", "version": self.game.version, "players": self.players,
                "seed": self.seed, "options": dict(self.options), "ply": self.ply,
                "actions": [a.text for a in self.actions()], "state": _copy(self._d)}

    def why_illegal(self, action: Action) -> str:
        d = self._d
        top = d["stack"][-1]["k"] if d["stack"] else None
        k = action.kind
        if top is not None and k not in ("reclaim",):
            return f"a decision of another kind is due first ({top})"
        if k in ("place", "overtime", "favour_overtime") and d["phase"] == "order":
            return "the main action has been taken this turn (W1)"
        if k in ("place", "overtime"):
            from eurogames.games.agra.text import placement_problem

            return placement_problem(self, action)
        if k == "end":
            return "the turn ends in the order phase, after the main action (O1, T3)"
        if k == "lay":
            return ("only your own standing worker is laid, in the meditation phase and before "
                    "any meditation action (M1, M3)")
        if k in ("meditate_deliver", "meditate_process", "meditate_uncover",
                 "meditate_farmer", "meditate_trade", "mosaic"):
            return ("meditation actions come before the placement, with enough MP and not "
                    "under the meditation marker (M5)")
        if k.startswith("favour"):
            return "each favour action once a turn, with the favour it needs (F3, F4)"
        return "it is not among the legal actions"

    def _parse_problem(self, text: str) -> str:
        from eurogames.games.agra.text import parse_problem

        return parse_problem(self, text)

    # -- notation ---------------------------------------------------------------------------
    def _parse_alias(self, text: str, legal: list[Action]) -> Action | None:
        """Notation: spaces after commas, lists in any order, building data ids for ``c.r``."""
        def key(words: str) -> tuple[Any, ...]:
            words = words.replace(", ", ",")
            out: list[Any] = []
            for word in words.split():
                if word in self.t.building_ids:
                    word = A.building_name(self.t.building_ids.index(word))
                out.append(tuple(sorted(word.split(","))) if "," in word else word)
            return tuple(out)

        wanted = key(text)
        for action in legal:
            if key(action.text) == wanted:
                return action
        return None

    # -- words ------------------------------------------------------------------------------
    @property
    def third_person(self) -> dict[str, str]:  # type: ignore[override]
        from eurogames.games.agra.text import THIRD_PERSON

        return THIRD_PERSON

    def _describe(self, action: Action, lang: str) -> str:
        from eurogames.games.agra.text import describe

        return describe(self, action, lang)

    def _describe_event(self, event: Any, lang: str, viewer: int | None,
                        names: Any) -> str:
        from eurogames.games.agra.text import describe_event

        return describe_event(self, event, lang, viewer, names)


@lru_cache(maxsize=8)
def least_favour(tables: Tables) -> int:
    """F4: the least favour any favour action needs (its need or its pay, the larger)."""
    return min(max(cost) for cost in tables.favour_cost.values())


@lru_cache(maxsize=16)
def build_payments(b: int) -> tuple[tuple[int, ...], ...]:
    """The payments the action space names for building ``b`` (C2), in id order."""
    return tuple(a.payment for a in A.ACTIONS if a.kind == "build" and a.building == b)


@lru_cache(maxsize=1 << 14)
def minimal_payments(held: tuple[int, ...], cost: int, values: tuple[int, ...],
                     bonus: int) -> tuple[tuple[int, ...], ...]:
    """C2, Q40: the payments (counts in ``A.MATERIALS`` order) from the materials ``held``
    whose build value (``values`` each, +1 for two kinds or more, + ``bonus``: N3) reaches
    ``cost`` and from which no good can be dropped. A pure function of what it is given, so
    cached; the same for every building (``build_payments`` names the same payments for
    each; tests/agra/test_heuristic.py holds it to the plain definition)."""
    def total(pay: tuple[int, ...]) -> int:
        return (sum(v * n for v, n in zip(values, pay, strict=True))
                + (1 if sum(1 for n in pay if n) >= 2 else 0) + bonus)

    out = []
    for pay in build_payments(4):
        if any(h < n for h, n in zip(held, pay, strict=True)) or total(pay) < cost:
            continue
        if all(total(tuple(n - (j == i) for j, n in enumerate(pay))) < cost
               for i, n in enumerate(pay) if n):
            out.append(pay)
    return tuple(out)


_NEW_TURN = {"mp": 0, "laid": 0, "meditated": False, "last_outer": None, "muezzin": False,
             "ordered": False, "placed": False}  # (every value immutable: a copy is a new turn)


def new_turn() -> dict[str, Any]:
    return _NEW_TURN.copy()


FAVOUR_NAMES = frozenset(FAVOURS)  # a seat's `used` also names notables and luxuries

# the decision frames that are skipped when they offer no choice (_nothing_to_decide)
_MAYBE_EMPTY = frozenset(("cover", "sadr", "bonus", "follow", "jagir", "tile", "reclaim", "dyer"))
# each frame's generator and each action kind's effect, by name (``_gen_<frame>``, ``_do_<kind>``)
_GEN = {name[5:]: f for name, f in vars(AgraState).items() if name.startswith("_gen_")}
_DO = {name[4:]: f for name, f in vars(AgraState).items() if name.startswith("_do_")}


def _compiled() -> Any:
    """The compiled generator (``_cmoves.c``), handed the action space, the frame generators
    (for a frame kind it does not port) and the ids ``Moves`` does not hold, or ``None`` where
    setup.py did not build it."""
    try:
        from eurogames.games.agra import _cmoves  # type: ignore[attr-defined]
    except ImportError:
        return None
    pays = build_payments(4)
    squares = range(1, A.MAX_SQUARES + 1)
    _cmoves.setup(A.ACTIONS, _GEN, {
        "payments": pays,
        "build": tuple(tuple(act("build", b, pay).id for pay in pays) if b >= 4 else ()
                       for b in range(16)),
        "uncover": tuple(tuple(act("uncover", k, i).id for i in squares) for k in range(4)),
        "meditate_uncover": tuple(tuple(act("meditate_uncover", k, i).id for i in squares)
                                  for k in range(4)),
        "favour_uncover": tuple(tuple(act("favour_uncover", "t2", k, i).id for i in squares)
                                for k in range(4)),
        "t3": tuple(act("favour_good", "t3", g).id for g in ALL_GOODS),
        "sadr": tuple(tuple(act("sadr", g, h).id for h in ALL_GOODS) for g in ALL_GOODS),
        "materials": A.MATERIALS,
        "goods": (OIL, CURRY, COTTON, BOOK, PAINTING, GOWN, STATUE),
    })
    return _cmoves


# Legal-move generation is most of a random game's time in Python: about 12 µs of the 17 µs a
# decision costs (a meditation-phase position 15 µs, the order phase 6, the Architect's frame
# 80 to 120). The compiled port of ``_generate_py`` gives the very same list
# (tests/agra/test_compiled_moves.py holds them equal at every decision of many games) in
# about 1 µs (0.6 to 1.7 by kind): random games run 2.6 times as fast (4 players: 27 games/s
# to 71, one core). Without a C compiler, or with EUROGAMES_PURE_PYTHON=1, the definition
# serves.
COMPILED = _compiled()
_ROUTE = COMPILED if COMPILED is not None and not pure_python() else None
GENERATE: Callable[[AgraState], list[Action]] = (
    AgraState._generate_py if _ROUTE is None else _ROUTE.generate)
if _ROUTE is not None:  # the compiled function as the method itself: no Python call between
    AgraState._generate = _ROUTE.method_for(AgraState)  # type: ignore[method-assign]

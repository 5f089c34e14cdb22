"""Agra's state and effects (docs/rules/agra.md; rule ids in comments).

The whole position is one JSON-ready dict, ``state.d``; ``clone`` copies it structurally.

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
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from eurogames.core import Action, ScorePart, State
from eurogames.core.rng import Rng
from eurogames.games.agra import actions as A
from eurogames.games.agra.actions import COOK, GOODS, act
from eurogames.games.agra.tables import Tables

NEUTRAL = -2
ARCHITECT, BOATMAN, TRADER, BOTANIST = range(4)
# notables whose ability the rules ask about (Appendix I numbers)
PORTUGUESE, SUFI, STONEMASON, ELEPHANT, KHATIB, FRENCH, DYER, COOK_N = range(1, 9)
MUEZZIN, JAGIR, CALIPH, CALLIGRAPHER, MULLAH, ENGLISH, MOSAIC = range(9, 16)
MUJTAHID, DUTCH, PAINTER, SUBAHDAR, SADR = range(16, 21)
MUFTI, IMAM, COURT_PAINTER, DIWAN = range(21, 25)
OUTER = ("deliver", "process", "remove_cover", "trade")  # M5a, b, c, e


def _copy(x: Any) -> Any:
    """A structural copy of the JSON-ready state (lists and dicts of plain values)."""
    if type(x) is list:
        return [_copy(v) for v in x]
    if type(x) is dict:
        return {k: _copy(v) for k, v in x.items()}
    return x


def copy_position(d: dict[str, Any]) -> dict[str, Any]:
    """``_copy(d)`` written out for the position's known layout (a speed trick: cloning is
    the search loop's main cost; tests/agra/test_clone.py holds it equal to ``_copy``)."""
    c = d.copy()
    c["stack"] = [_copy(f) for f in d["stack"]]
    c["turn"] = d["turn"].copy()
    c["p"] = [{**p, "goods": p["goods"][:], "farmers": p["farmers"][:],
               "covers": [x[:] for x in p["covers"]], "influence": p["influence"][:],
               "tiles": p["tiles"][:], "bonus": p["bonus"][:], "contracts": p["contracts"][:],
               "used": p["used"][:], "scrolls": p["scrolls"][:], "french": p["french"][:]}
              for p in d["p"]]
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
        self.d = d
        self.ply, self._history, self._legal, self._events = 0, None, None, ()

    # -- basics ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        d = self.d
        if d["over"]:
            return -1
        for frame in reversed(d["stack"]):
            if "seat" in frame and not frame["k"].startswith("_"):
                return frame["seat"]
        return d["active"]

    def is_over(self) -> bool:
        return self.d["over"]

    def clone(self) -> AgraState:
        twin = AgraState(self.game, self.seed, self.options, copy_position(self.d), self.players)
        twin.ply, twin._history, twin._legal, twin._events = (
            self.ply, self._history, self._legal, self._events)
        return twin

    def _roll(self) -> int:
        rng = Rng(0)
        rng.state = self.d["rng"]
        value = rng.below(6) + 1
        self.d["rng"] = rng.state
        return value

    def _shuffle_stack(self) -> None:
        rng = Rng(0)
        rng.state = self.d["rng"]
        stack = self.d["stack_tiles"]
        stack.sort()
        rng.shuffle(stack)
        self.d["rng"] = rng.state

    def value(self, good: int) -> int:
        """H6: the printed value with the price marker on the good, never below the floor."""
        v = self.t.value[good]
        for m in self.d["prices"]:
            if m is not None and m[0] == good:
                v += m[1]
        return max(v, self.options["min_good_value"])

    def owns(self, seat: int, notable: int) -> bool:
        return notable in self.d["p"][seat]["contracts"]

    # -- markers, goods, favour, rupees (H7, F1) ---------------------------------------------
    def gain(self, seat: int, good: int, n: int = 1) -> int:
        p = self.d["p"][seat]
        n = max(0, min(n, p["markers"]))  # Q47: a gain the supply cannot cover is cut
        p["markers"] -= n
        p["goods"][good] += n
        return n

    def spend(self, seat: int, good: int, n: int = 1) -> None:
        p = self.d["p"][seat]
        p["goods"][good] -= n
        p["markers"] += n  # S4

    def gain_favour(self, seat: int, n: int) -> int:
        p = self.d["p"][seat]
        n = max(0, min(n, p["markers"]))
        p["markers"] -= n
        p["favour"] += n
        return n

    def rupees(self, seat: int, n: int) -> None:
        self.d["p"][seat]["rupees"] += n  # U6, Q25: the bank is unlimited

    # -- the farm (A1–A5) --------------------------------------------------------------------
    def track_length(self) -> int:
        return self.options["farm_spaces_per_track"]

    def production(self, seat: int, good: int) -> int:
        """A3: empty squares between the good's corner and each adjacent track's farmer."""
        p = self.d["p"][seat]
        n = self.track_length()
        total = 0
        for k, (start, end, *_rest) in enumerate(self.t.tracks):
            farmer, covers = p["farmers"][k], p["covers"][k]
            if good == start:
                total += sum(1 for i in range(1, farmer) if i not in covers)
            elif good == end:
                total += sum(1 for i in range(farmer + 1, n + 1) if i not in covers)
        return min(total, self.t.production_max)  # A3: at most 8

    def farmer_moves_ok(self, seat: int, moves: tuple[tuple[int, int], ...]) -> bool:
        """A4: never onto or across a corner or a cover tile."""
        p = self.d["p"][seat]
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
        for k, delta in moves:
            self.d["p"][seat]["farmers"][k] += delta

    def uncover(self, seat: int, track: int, square: int) -> None:
        p = self.d["p"][seat]
        p["covers"][track].remove(square)
        p["removed"] += 1  # A5, E6

    def cover_squares(self, seat: int) -> list[tuple[int, int]]:
        return [(k, i) for k, covers in enumerate(self.d["p"][seat]["covers"])
                for i in sorted(covers)]

    # -- workers (W, S2) ------------------------------------------------------------------
    def lying(self, seat: int) -> list[int]:
        return [s for s, w in enumerate(self.d["spaces"]) if w is not None and w[0] == seat
                and not w[1]]

    def on_board(self, seat: int) -> int:
        return sum(1 for w in self.d["spaces"] if w is not None and w[0] == seat)

    def stand_workers(self, seat: int, n: int) -> None:
        """S2: the workers to stand are chosen one by one (forced choices made here)."""
        if n > 0:
            self._push({"k": "stand", "seat": seat, "n": n})

    # -- influence and guild rewards (G2–G4) -----------------------------------------------
    def raise_influence(self, seat: int, guild: int) -> None:
        p = self.d["p"][seat]
        if p["influence"][guild] >= self.t.influence_top:
            return  # G2: at the top a raise is lost
        p["influence"][guild] += 1
        level = p["influence"][guild]
        if level in self.t.rewards:
            favour = self.t.rewards[level]
            if level == 6:
                favour = self.options["influence_reward_6_favour"]
            self._push({"k": "reward", "seat": seat, "favour": favour})
        if level == self.t.influence_top:
            self.trigger_end("influence", seat)  # G3

    def trigger_end(self, why: str, seat: int | None = None) -> None:
        """E1, E2: the round is finished, then one more (option end_rule)."""
        d = self.d
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
        self.d["stack"].extend(reversed(frames))

    def _settle(self) -> None:
        """Run automatic steps and forced choices until a decision is due."""
        d = self.d
        while not d["over"]:
            stack = d["stack"]
            if not stack:
                if d["phase"] == "action" and d["turn"]["placed"]:
                    d["phase"] = "order"
                    d["turn"]["placed"] = False
                    continue
                return
            top = stack[-1]
            k = top["k"]
            if k == "_merchant":  # P3: after the action, 2 favour, then roll and move
                stack.pop()
                self.gain_favour(top["seat"], 2)
                self.move_merchant(top["seat"])
            elif k == "_produce":  # H8: the shortfall has been taken back
                stack.pop()
                self.produced(top["seat"], top["good"], top["n"])
            elif k == "_builder":  # P5 (3): roll and move the builder
                stack.pop()
                self.move_builder()
            elif k == "_boat":
                stack.pop()
                self.check_boat()
            elif k == "_worker":  # C4: a worker from the supply on the new building
                stack.pop()
                p = d["p"][top["seat"]]
                if p["workers"] > 0:
                    p["workers"] -= 1
                    d["spaces"][4 + top["b"]] = [top["seat"], True]
                    self._push({"k": "process", "seat": top["seat"], "b": top["b"]})
            elif k == "stand":
                lying = self.lying(top["seat"])
                if top["n"] <= 0 or not lying:
                    stack.pop()
                elif len(lying) <= top["n"]:
                    stack.pop()
                    for s in lying:
                        d["spaces"][s][1] = True
                else:
                    return
            elif k == "gain" and d["p"][top["seat"]]["markers"] <= 0:
                stack.pop()  # Q47: no marker, no gain
            elif k == "_mujtahid":  # N16: free, then C3-C5
                stack.pop()
                if not d["built"][top["b"]]:
                    self.architect_build(top["seat"], top["b"])
            elif self._nothing_to_decide(top):
                stack.pop()  # Q52 and the like: a decision with no choice is skipped
            else:
                return

    def _nothing_to_decide(self, top: dict[str, Any]) -> bool:
        d, k, seat = self.d, top["k"], top.get("seat", -1)
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
    def _generate(self) -> list[Action]:
        d = self.d
        if d["over"]:
            return []
        seat = self.current_player
        out: list[Action] = []
        top = d["stack"][-1] if d["stack"] else None
        if top is not None:
            out += getattr(self, "_gen_" + top["k"])(top)
            if top["k"] == "reclaim":
                return sorted(set(out), key=lambda a: a.id)
            if seat == d["active"]:  # T2: at any of the player's own decisions
                out += self._secondary(seat)
        elif d["phase"] == "meditation":
            out += self._gen_meditation(seat)
            out += self._placements(seat)
            out += self._secondary(seat)
        elif d["phase"] == "action":
            out += self._placements(seat)
            out += self._secondary(seat)
        else:
            out += self._gen_order(seat)
            out += self._secondary(seat)
        if d["p"][seat]["markers"] <= 0:
            out += self._reclaims(seat)
        return sorted(set(out), key=lambda a: a.id)

    def _reclaims(self, seat: int) -> list[Action]:
        """H8, Q47: with an empty supply, a marker from a building or the favour area."""
        p = self.d["p"][seat]
        out = [act("reclaim", g, 0) for g in range(16) if p["goods"][g] > 0]
        if p["favour"] > 0:
            out.append(act("reclaim", -1, 0))
        if self.options["reclaim_from_notables"]:
            for n in self.d["river"]:
                if n["owner"] is None:
                    for g, slot in zip(self.t.n_contract[n["id"]], n["slots"], strict=True):
                        if seat in slot:
                            out.append(act("reclaim", g, n["id"]))
        return out

    def _gen_reclaim(self, top: dict[str, Any]) -> list[Action]:
        return self._reclaims(top["seat"])

    # meditation (M1–M9)
    def _gen_meditation(self, seat: int) -> list[Action]:
        d, p, turn = self.d, self.d["p"][seat], self.d["turn"]
        out = []
        if not turn["meditated"]:
            out += [act("lay", s) for s, w in enumerate(d["spaces"])
                    if w is not None and w[0] == seat and w[1]]
            if p["cook"] > 0:
                out.append(act("lay", COOK))
        mp, covered = turn["mp"], d["covered"]
        if mp >= 3 and covered != "deliver":
            out += [act("meditate_deliver", g, n) for g, n in self._deliveries(seat, False)]
        if covered != "process":
            out += [act("meditate_process", g, h) for g, h in self._processes(seat)
                    if self.value(h) <= mp]
        if mp >= 2 and covered != "remove_cover":
            out += [act("meditate_uncover", k, i) for k, i in self.cover_squares(seat)]
        if mp >= 1:
            out += [act("meditate_farmer", m) for m in A.FARMER_STEPS
                    if self.farmer_moves_ok(seat, m)]
        if covered != "trade":
            out += [act("meditate_trade", g, h) for g, h in self._swaps(seat)
                    if self.value(g) <= mp]
        if self.owns(seat, MOSAIC) and "mosaic" not in p["used"]:  # N15
            out += [act("mosaic", m) for m in (1, 3) if mp >= m]
        return out

    def _processes(self, seat: int) -> list[tuple[int, int]]:
        goods = self.d["p"][seat]["goods"]
        return [(g, h) for g, h in sorted(self.t.arrows) if goods[g] > 0]

    def _swaps(self, seat: int) -> list[tuple[int, int]]:
        """M5e, N14, FT14: one good for another of equal (current) value."""
        goods = self.d["p"][seat]["goods"]
        values = [self.value(g) for g in range(16)]
        return [(g, h) for g in range(16) if goods[g] > 0 for h in range(16)
                if h != g and values[h] == values[g]]

    # placement (W1–W8)
    def _placements(self, seat: int) -> list[Action]:
        d, p = self.d, self.d["p"][seat]
        out = []
        cost = self.overtime_cost(seat)
        for s, w in enumerate(d["spaces"]):
            if w is not None and w[0] == seat:
                if p["workers"] == 0 or p["rupees"] >= cost:  # W5, W6
                    out.append(act("overtime", s))
                if self._favour_ok(seat, "t10"):
                    out.append(act("favour_overtime", "t10", s))
            elif p["workers"] > 0 and self.is_space(s):
                out.append(act("place", s))
        return out

    def is_space(self, s: int) -> bool:
        if s < 4:
            return True
        b = s - 4
        return self.d["built"][b] or self.d["builder"] == b  # W1

    def overtime_cost(self, seat: int) -> int:
        return 1 if self.owns(seat, CALLIGRAPHER) else 2  # W5, N12

    # the order phase (O1–O8)
    def _gen_order(self, seat: int) -> list[Action]:
        d, p = self.d, self.d["p"][seat]
        out = [act("end")]
        if not d["turn"]["ordered"]:
            out += [act("tribute", g) for g in self._tributes(seat)]
            out += [act("order", u) for u in range(3) if self.order_ok(seat, u)]
            if p["goods"][GOODS.index("statue")] > 0 and "statue" not in p["used"]:
                out.append(act("statue"))  # S5, Q46
        return out

    def _tributes(self, seat: int) -> list[int]:
        goods, bowls = self.d["p"][seat]["goods"], self.d["bowls"]
        return [g for g, b in self.t.bowl_of.items() if bowls[b] is None and goods[g] > 0]

    def column_count(self, guild: int, limit: bool) -> int:
        count_neutral = self.options["neutral_orders_count_limit" if limit else
                                     "neutral_orders_count_end"]
        return sum(1 for o in self.d["orders"][guild]
                   if o is not None and (o != NEUTRAL or count_neutral))

    def order_ok(self, seat: int, guild: int) -> bool:
        """O5, O6: the order under the guild's marker, influence 1+, below the limit."""
        d, p = self.d, self.d["p"][seat]
        pos = d["order_at"][guild]
        if pos is None or p["influence"][guild] < 1:
            return False
        if self.column_count(guild, True) >= d["limit"]:
            return False
        need = self.t.orders[guild][pos]
        return all(p["goods"][g] >= need.count(g) for g in need)

    # secondary actions (T2, S, F)
    def _favour_ok(self, seat: int, fav: str) -> bool:
        p = self.d["p"][seat]
        if fav in p["used"]:
            return False
        if fav.startswith("t") and int(fav[1:]) not in p["tiles"]:
            return False
        need, pay = self.t.favour_cost[fav]
        return p["favour"] >= max(need, pay)

    def _secondary(self, seat: int) -> list[Action]:
        p = self.d["p"][seat]
        goods, used = p["goods"], p["used"]
        out: list[Action] = []
        lying = bool(self.lying(seat))
        oil, curry = GOODS.index("oil"), GOODS.index("curry")
        if lying:  # S1
            if goods[oil]:
                out.append(act("oil"))
            if goods[curry]:
                out.append(act("curry"))
            if goods[oil] and goods[curry]:
                out.append(act("oil_curry"))
            if self.owns(seat, CALIPH) and "caliph" not in used and goods[
                    GOODS.index("cotton")]:
                out.append(act("caliph"))  # N11
        if goods[GOODS.index("book")] and "book" not in used:
            out.append(act("book"))  # S6
        if goods[GOODS.index("painting")] and "painting" not in used:
            out += [a for a in A.ACTIONS if a.kind == "painting"]  # S6
        if goods[GOODS.index("gown")] and "gown" not in used:
            out.append(act("gown"))  # S7
        if self.owns(seat, ENGLISH) and "english" not in used:
            out += [act("english", g, h) for g, h in self._swaps(seat)]  # N14
        if self.owns(seat, FRENCH) and not (self.options["french_once_per_turn"]
                                            and "french" in used):
            slots = p["french"]
            out += [act("french", g) for g in range(16) if goods[g] and self.value(g) in (1, 2, 3)
                    and slots[self.value(g) - 1] < 0]  # N6
        out += self._favour_actions(seat)
        return out

    def _favour_actions(self, seat: int) -> list[Action]:
        d, p = self.d, self.d["p"][seat]
        if p["favour"] < least_favour(self.t):
            return []  # F4: no favour action with less favour than every one needs
        ok = self._favour_ok
        out: list[Action] = []
        if ok(seat, "s1"):
            out += [act("favour_good", "s1", g) for g in self.t.basic]  # FS1
        if ok(seat, "s2"):
            out += [act("favour_guild", "s2", u) for u in range(3)]  # FS2
        for fav in ("s3", "t11"):
            if ok(seat, fav):
                out += [act("favour_process", fav, g, h) for g, h in self._processes(seat)]
        if ok(seat, "t1") and self.lying(seat):
            out.append(act("favour_plain", "t1"))
        if ok(seat, "t2"):
            out += [act("favour_uncover", "t2", k, i) for k, i in self.cover_squares(seat)]
        if ok(seat, "t3"):
            out += [act("favour_good", "t3", g) for g in range(16) if self.value(g) == 2]
        if ok(seat, "t4"):
            out += [act("favour_price", "t4", *m) for m in self._price_moves()]
        if ok(seat, "t5") and not d["stack"] and d["phase"] == "meditation":
            out.append(act("favour_plain", "t5"))
        if ok(seat, "t6"):
            out += [act("favour_tribute", "t6", g) for g in self._tributes(seat)]
            out += [act("favour_order", "t6", u) for u in range(3) if self.order_ok(seat, u)]
        if ok(seat, "t7"):
            out += [act("favour_process", "t7", g, h) for g, h in self._processes(seat)
                    if self.value(g) == 1 and self.value(h) == 2]
        if ok(seat, "t8"):
            out += [act("favour_good", "t8", g) for g in range(16) if p["goods"][g]]
        if ok(seat, "t9"):
            out += [act("favour_farmers", "t9", m) for m in A.FARMER_PAIRS
                    if self.farmer_moves_ok(seat, m)]
        if ok(seat, "t12"):
            out += [act("favour_deliver", "t12", g, n) for g, n in self._deliveries(seat, False)]
        if ok(seat, "t13") and p["level"] < self.t.med_levels:
            out.append(act("favour_plain", "t13"))
        if ok(seat, "t14"):
            out += [act("favour_swap", "t14", g, h) for g, h in self._swaps(seat)]
        return out

    def _price_moves(self) -> list[tuple[int, int, int]]:
        """C9, Q51: a marker onto a good without one, or flipped, or both."""
        prices = self.d["prices"]
        marked = {m[0]: i for i, m in enumerate(prices) if m is not None}
        out = []
        for m in range(3):
            for g in range(16):
                if g in marked and marked[g] != m:
                    continue
                for face in (1, -1):
                    if prices[m] != [g, face]:
                        out.append((m, g, face))
        return out

    # deliveries (D1–D5)
    def open_levels(self) -> set[int]:
        boat = self.d["boat"]
        if self.options["river_reach"] == "boat_only":
            return set(self.t.opens[boat - 1])
        return {lv for dock in range(boat) for lv in self.t.opens[dock]}

    def _deliveries(self, seat: int, double: bool) -> list[tuple[int, int]]:
        goods = self.d["p"][seat]["goods"]
        levels = self.open_levels()
        out = []
        for n in self.d["river"]:
            if n["owner"] is not None or self.t.n_level[n["id"]] not in levels:
                continue
            for g, slot in zip(self.t.n_contract[n["id"]], n["slots"], strict=True):
                if not slot and goods[g] >= (2 if double else 1):
                    out.append((g, n["id"]))
        return sorted(set(out))

    # frames: the decisions inside actions
    def _gen_architect(self, top: dict[str, Any]) -> list[Action]:
        seat = top["seat"]
        out = [act("influence", u) for u in range(3)]  # C1
        if self.d["p"][seat]["workers"] > 0:  # W8
            for b in range(4, 16):
                if not self.d["built"][b]:
                    out += [act("build", b, pay) for pay in self.payments(seat, b)]
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
        goods = self.d["p"][seat]["goods"]
        held = tuple(min(goods[m], 6) for m in A.MATERIALS)  # no payment names more than 6
        values = tuple(self.t.build_value[m] for m in A.MATERIALS)
        return list(minimal_payments(held, self.t.cost[b], values,
                                     1 if self.owns(seat, STONEMASON) else 0))

    def _gen_bonus(self, top: dict[str, Any]) -> list[Action]:
        return [act("bonus", t) for t in self._bonus_choices(top["level"])]

    def _bonus_choices(self, level: int) -> list[int]:
        return [t for t in self.d["bonus_left"] if self.t.bonus[t][0] == level]

    def _gen_cover(self, top: dict[str, Any]) -> list[Action]:
        return [act("uncover", k, i) for k, i in self.cover_squares(top["seat"])]

    def _gen_produce(self, top: dict[str, Any]) -> list[Action]:
        seat = top["seat"]
        p = self.d["p"][seat]
        most = self.production(seat, self.t.output[top["b"]])
        room = p["markers"] + sum(p["goods"]) + p["favour"]  # H8: markers can be taken back
        return [act("produce", n) for n in range(min(most, room) + 1)]

    def _gen_dyer(self, top: dict[str, Any]) -> list[Action]:
        chain = self.t.chain[top["good"]]
        return [act("done"), *(act("dyer", h) for h in range(16)
                               if self.t.chain[h] == chain and self.value(h) == 2
                               and h != top["good"])]

    def _gen_process(self, top: dict[str, Any]) -> list[Action]:
        have = self.d["p"][top["seat"]]["goods"][self.t.input[top["b"]]]
        return [act("process", n) for n in range(max(0, min(3, have)) + 1)]  # B5, Q37

    def _gen_follow(self, top: dict[str, Any]) -> list[Action]:
        seat = top["seat"]
        out = [act("follow"), act("decline")]
        if self._favour_ok(seat, "t11"):  # FT11 while following (Q32)
            goods = list(self.d["p"][seat]["goods"])
            goods[top["i"]] -= 1
            goods[top["o"]] += 1
            out += [act("follow_t11", g, h) for g, h in sorted(self.t.arrows) if goods[g] > 0]
        return out

    def _gen_boatman(self, top: dict[str, Any]) -> list[Action]:
        seat = top["seat"]
        p = self.d["p"][seat]
        out = [act("done")]
        capacity = top["free"] + top["paid"]
        if top["npaid"] == 0 or self.owns(seat, PORTUGUESE):  # C7, N1
            limit = 4 if self.owns(seat, PORTUGUESE) else 99
            out += [act("pay", g) for g in range(16)
                    if p["goods"][g] and top["payval"] + self.value(g) <= limit]
        if capacity >= 1:
            out += [act("deliver", g, n) for g, n in self._deliveries(seat, False)]
        if capacity >= 2:
            out += [act("double", g, n) for g, n in self._deliveries(seat, True)]  # D5
            if not top["order"]:
                out += [act("order", u) for u in range(3) if self.order_ok(seat, u)]
        return out

    def _gen_trader(self, top: dict[str, Any]) -> list[Action]:
        seat = top["seat"]
        p = self.d["p"][seat]
        out = [act("done")]
        if not top["price"] and not top["given"]:
            out += [act("price", *m) for m in self._price_moves()]  # C9 before
        if len(top["given"]) < 3 and not top["taken"]:
            out += [act("give", g) for g in range(16) if p["goods"][g]]
        if top["given"] and p["markers"] > 0:
            out += [act("take", g) for g in range(16)
                    if top["taken"] + self.value(g) < top["value"]]  # C10, Q20
        return out

    def _gen_price_after(self, top: dict[str, Any]) -> list[Action]:
        return [act("done"), *(act("price", *m) for m in self._price_moves())]  # C9 after

    def _gen_botanist(self, top: dict[str, Any]) -> list[Action]:
        seat = top["seat"]
        p = self.d["p"][seat]
        out = [act("done")]
        if "improve" not in top["used"] and self.can_improve(seat):
            out.append(act("improve"))  # C12a
        if "uncover" not in top["used"]:
            out += [act("uncover", k, i) for k, i in self.cover_squares(seat)]  # C12b
        if "farmers" not in top["used"]:
            out += [act("farmers", m) for m in A.FARMER_PAIRS
                    if self.farmer_moves_ok(seat, m)]  # C12c
        del p
        return out

    def can_improve(self, seat: int) -> bool:
        p = self.d["p"][seat]
        if p["level"] >= self.t.med_levels:
            return False
        cost = self.t.upgrade[p["level"] + 1]
        return all(p["goods"][g] >= cost.count(g) for g in cost)

    def _gen_stand(self, top: dict[str, Any]) -> list[Action]:
        return [act("stand", s) for s in self.lying(top["seat"])]

    def _gen_reward(self, top: dict[str, Any]) -> list[Action]:
        return [act("reward_favour"), *(act("reward_tile", t) for t in self.d["display"])]

    def _gen_discard(self, top: dict[str, Any]) -> list[Action]:
        return [act("discard", t) for t in self.d["p"][top["seat"]]["tiles"]]

    def _gen_gain(self, top: dict[str, Any]) -> list[Action]:
        return [act("gain", g) for g in range(16) if self.value(g) == top["value"]]

    def _gen_cook(self, top: dict[str, Any]) -> list[Action]:
        return [act("cook"), act("supply")]

    def _gen_jagir(self, top: dict[str, Any]) -> list[Action]:
        return [act("decline"), *(act("jagir", g, n)
                                  for g, n in self._deliveries(top["seat"], False))]

    def _gen_influence(self, top: dict[str, Any]) -> list[Action]:
        return [act("influence", u) for u in range(3)]

    def _sadr_actions(self, seat: int) -> list[Action]:
        goods, bowls = self.d["p"][seat]["goods"], self.d["bowls"]
        return [act("sadr", g, bowl) for g in range(16) if goods[g]
                for bowl, b in self.t.bowl_of.items()
                if bowls[b] is None and self.value(bowl) == self.value(g)]

    def _gen_sadr(self, top: dict[str, Any]) -> list[Action]:
        return self._sadr_actions(top["seat"])

    def _gen_tile(self, top: dict[str, Any]) -> list[Action]:
        return [act("tile", t) for t in sorted({*self.d["display"], *self.d["stack_tiles"]})]

    # -- applying ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        seat = self.current_player
        getattr(self, "_do_" + action.kind)(seat, action)
        self._settle()

    def _top(self) -> dict[str, Any]:
        return self.d["stack"][-1]

    def _pop(self) -> dict[str, Any]:
        return self.d["stack"].pop()

    # meditation
    def _do_lay(self, seat: int, a: Action) -> None:
        d, p, turn = self.d, self.d["p"][seat], self.d["turn"]
        if a.space == COOK:
            p["cook"] -= 1
            p["workers"] += 1  # N8: laid from the Cook, it goes to the supply
        else:
            d["spaces"][a.space][1] = False
        turn["laid"] += 1
        level = max(1, p["level"] - turn["laid"] + 1)  # M2
        gained = self.t.mp[level]
        if self.owns(seat, MUEZZIN) and (self.options["muezzin_per_worker"]
                                         or not turn["muezzin"]):
            gained += 1  # N9, Q13
            turn["muezzin"] = True
        turn["mp"] += gained

    def _meditated(self, mp: int, outer: str | None) -> None:
        turn = self.d["turn"]
        turn["mp"] -= mp
        turn["meditated"] = True  # M3, Q38
        if outer is not None:
            turn["last_outer"] = outer

    def _do_meditate_deliver(self, seat: int, a: Action) -> None:
        self._meditated(self.t.ring_mp["deliver"], "deliver")
        self.deliver(seat, a.good, a.notable)
        self.raise_influence(seat, self.t.n_guild[a.notable])  # D7, Q16

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
        self.d["p"][seat]["used"].append("mosaic")
        self.gain_favour(seat, 1 if a.mp == 1 else 2)  # N15

    # placement
    def _end_meditation(self) -> None:
        d, turn = self.d, self.d["turn"]
        if d["phase"] == "meditation":
            if turn["last_outer"] is not None:
                d["covered"] = turn["last_outer"]  # M7, Q7
            turn["mp"] = 0  # M4
            d["phase"] = "action"

    def _do_place(self, seat: int, a: Action) -> None:
        self._end_meditation()
        d, p, s = self.d, self.d["p"][seat], a.space
        p["workers"] -= 1
        there = d["spaces"][s]
        cook = None
        if there is not None:  # W3, W4: bumped
            owner, standing = there
            if standing:
                o = d["p"][owner]
                favour = self.t.bump_favour[1 if o["level"] >= 4 else 0]
                self.gain_favour(owner, favour)
                if self.owns(owner, COOK_N) and o["cook"] < 2:
                    cook = {"k": "cook", "seat": owner}  # N8, Q43: decided at the bump
                else:
                    o["workers"] += 1
            else:
                d["p"][owner]["workers"] += 1
            self._emit("bumped", {"space": A.space_name(s), "seat": owner,
                                  "standing": standing}, (owner,))
        built_now = s >= 4 and not d["built"][s - 4]
        d["spaces"][s] = [seat, True]
        self._perform(seat, s, True, built_now)
        if cook is not None:
            self._push(cook)

    def _do_overtime(self, seat: int, a: Action) -> None:
        self._end_meditation()
        p = self.d["p"][seat]
        cost = min(self.overtime_cost(seat), p["rupees"])  # W5, W6
        p["rupees"] -= cost
        self.d["spaces"][a.space][1] = True
        self._perform(seat, a.space, self.options["overtime_is_placement"], False)

    def _do_favour_overtime(self, seat: int, a: Action) -> None:
        self._use_favour(seat, "t10")
        self._end_meditation()
        self.d["spaces"][a.space][1] = True
        self._perform(seat, a.space, self.options["overtime_is_placement"], False)

    def _perform(self, seat: int, s: int, placement: bool, builder: bool) -> None:
        """W2: the space's action, with the rupees and the merchant's bonus (P3, P4, W7)."""
        d = self.d
        d["turn"]["placed"] = True
        frames: list[dict[str, Any]] = []
        merchant = False
        if s >= 4 and placement:
            b = s - 4
            if d["coins"][b]:
                self.rupees(seat, d["coins"][b])
                self._emit("coins", {"building": A.building_name(b), "seat": seat,
                                     "rupees": d["coins"][b]}, (seat,))
                d["coins"][b] = 0
            merchant = d["merchant"] == b
        if s == ARCHITECT:
            frames.append({"k": "architect", "seat": seat})
        elif s == BOATMAN:
            free = 2 if self.owns(seat, JAGIR) else 1  # C7, N10
            frames.append({"k": "boatman", "seat": seat, "free": free, "paid": 0, "npaid": 0,
                           "payval": 0, "delivered": [], "order": False})
        elif s == TRADER:
            frames.append({"k": "trader", "seat": seat, "given": [], "value": 0, "taken": 0,
                           "price": False})
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
        d = self.d
        roll = self._roll()
        pos, passed = d["merchant"], []
        for step in range(roll):
            pos = (pos + 1) % 16
            while not d["built"][pos]:
                pos = (pos + 1) % 16
            if step < roll - 1 or self.options["merchant_rupee_on_landing"]:
                d["coins"][pos] += 1  # P4, P6
                passed.append(A.building_name(pos))
        d["merchant"] = pos
        d["rolls"][0] = roll  # I5: a die once rolled is public
        self._emit("merchant", {"roll": roll, "to": A.building_name(pos), "rupees": passed})

    def move_builder(self) -> None:
        d = self.d
        unbuilt = [b for b in range(16) if not d["built"][b]]
        if not unbuilt:
            if d["builder"] >= 0:
                d["builder"] = -1  # P2: he leaves the game
            return
        roll = self._roll()
        pos = d["builder"]
        for _ in range(roll):
            pos = (pos + 1) % 16
            while d["built"][pos]:
                pos = (pos + 1) % 16
        d["builder"] = pos
        d["rolls"][1] = roll
        self._emit("builder", {"roll": roll, "to": A.building_name(pos)})

    def build(self, b: int, seat: int | None, by_builder: bool) -> None:
        d = self.d
        d["built"][b] = True
        if seat is not None and not by_builder and self.owns(seat, STONEMASON):
            self.rupees(seat, 1)  # N3
        self._emit("built", {"building": A.building_name(b), "seat": seat},
                   () if seat is None else (seat,))
        if not any(not x for x in d["built"]):
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
        d = self.d
        was_builder = d["builder"] == b
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
        d = self.d
        d["bonus_left"].remove(a.tile)
        d["p"][seat]["bonus"].append(a.tile)
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
        top = self._top()
        top["used"].append(what)
        if len(top["used"]) >= 2:
            self._pop()  # C12: two different options at most

    def _do_farmers(self, seat: int, a: Action) -> None:
        self.move_farmers(seat, a.moves)
        self._botanist_used("farmers")

    def _do_improve(self, seat: int, a: Action) -> None:
        p = self.d["p"][seat]
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
            for n in top["delivered"]:
                self.raise_influence(seat, self.t.n_guild[n])  # D7
            for other in self._clockwise(seat):
                if self.owns(other, JAGIR):  # N10
                    self._push({"k": "jagir", "seat": other, "boatman": seat})
        elif k == "trader" and not top["price"]:
            self._push({"k": "price_after", "seat": seat})

    # production and processing (B1–B8)
    def _do_produce(self, seat: int, a: Action) -> None:
        top = self._pop()
        p = self.d["p"][seat]
        good = self.t.output[top["b"]]
        short = a.count - p["markers"]
        if short > 0:  # H8, Q47: the shortfall is taken back first, one marker at a time
            self._push({"k": "reclaim", "seat": seat, "n": short},
                       {"k": "_produce", "seat": seat, "good": good, "n": a.count})
        else:
            self.produced(seat, good, a.count)

    def produced(self, seat: int, good: int, n: int) -> None:
        """B2–B3: the goods made, the Elephant keeper's or Khatib's extra, the Dyer's offer."""
        p = self.d["p"][seat]
        made = self.gain(seat, good, n)
        if made >= 1 and ((self.owns(seat, ELEPHANT) and self.t.chain[good] in (0, 1)) or (
                self.owns(seat, KHATIB) and self.t.chain[good] in (2, 3))):
            made += self.gain(seat, good)  # N4, N5
        if made >= 2 and self.owns(seat, DYER) and "dyer" not in p["used"]:
            self._push({"k": "dyer", "seat": seat, "good": good})  # N7

    def _do_reclaim(self, seat: int, a: Action) -> None:
        p = self.d["p"][seat]
        if a.notable:
            n = next(x for x in self.d["river"] if x["id"] == a.notable)
            for g, slot in zip(self.t.n_contract[a.notable], n["slots"], strict=True):
                if g == a.good and seat in slot:
                    slot.remove(seat)
                    break
        elif a.good < 0:
            p["favour"] -= 1
        else:
            p["goods"][a.good] -= 1
        p["markers"] += 1
        if self.d["stack"] and self._top()["k"] == "reclaim" and self._top()["seat"] == seat:
            self._top()["n"] -= 1

    def _do_dyer(self, seat: int, a: Action) -> None:
        top = self._pop()
        self.spend(seat, top["good"], 2)
        self.gain(seat, a.good)
        self.d["p"][seat]["used"].append("dyer")

    def _do_process(self, seat: int, a: Action) -> None:
        top = self._pop()
        d = self.d
        i, o = self.t.input[top["b"]], self.t.output[top["b"]]
        p = d["p"][seat]
        p["goods"][i] -= a.count
        p["goods"][o] += a.count
        if a.count:  # B7: following, clockwise from the active player
            self._push(*({"k": "follow", "seat": s, "i": i, "o": o, "leader": seat}
                         for s in self._clockwise(seat) if d["p"][s]["goods"][i] > 0))

    def _clockwise(self, seat: int) -> list[int]:
        return [(seat + j) % self.players for j in range(1, self.players)]

    def _do_follow(self, seat: int, a: Action) -> None:
        top = self._pop()
        p = self.d["p"][seat]
        p["goods"][top["i"]] -= 1
        p["goods"][top["o"]] += 1
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
        top = self._top()
        v = self.value(a.good)
        self.spend(seat, a.good)
        top["paid"] += v
        top["payval"] += v
        top["npaid"] += 1

    def _use_capacity(self, n: int) -> None:
        top = self._top()
        for _ in range(n):
            if top["free"]:
                top["free"] -= 1
            else:
                top["paid"] -= 1

    def _do_deliver(self, seat: int, a: Action) -> None:
        top = self._top()
        self._use_capacity(1)
        if a.notable not in top["delivered"]:
            top["delivered"].append(a.notable)
        self.deliver(seat, a.good, a.notable)

    def _do_double(self, seat: int, a: Action) -> None:
        top = self._top()
        self._use_capacity(2)
        if a.notable not in top["delivered"]:
            top["delivered"].append(a.notable)
        self.deliver(seat, a.good, a.notable, double=True)

    def generous(self, seat: int, good: int) -> None:
        """D12: the player's own contracts pay per good delivered."""
        bonus = sum(self.t.n_generous[n].get(good, 0) for n in self.d["p"][seat]["contracts"])
        if bonus:
            self.rupees(seat, bonus)

    def deliver(self, seat: int, good: int, notable: int, double: bool = False) -> None:
        """D2, D3, D5, D6: a good (or two) onto the notable's slot, paid at once."""
        n = next(x for x in self.d["river"] if x["id"] == notable)
        slots = n["slots"]
        index = next(i for i, (g, slot) in enumerate(
            zip(self.t.n_contract[notable], slots, strict=True)) if g == good and not slot)
        p = self.d["p"][seat]
        for j in range(2 if double else 1):
            p["goods"][good] -= 1  # the marker moves from the building to the card
            slots[index].append(seat)
            paid = sum(len(s) for s in slots) if j == 0 else 1  # D3, D5
            self.rupees(seat, paid)
            self.generous(seat, good)  # Q42
        if all(slots):
            self.resolve_contract(n)

    def resolve_contract(self, n: dict[str, Any]) -> None:
        """D8–D11: the winner takes the card, the others' markers become favour."""
        d = self.d
        counts: dict[int, int] = {}
        first: dict[int, int] = {}
        for i, slot in enumerate(n["slots"]):
            for s in slot:
                counts[s] = counts.get(s, 0) + 1
                first.setdefault(s, i)
        best = max(counts.values())
        winner = min((s for s in counts if counts[s] == best), key=lambda s: first[s])  # Q30
        n["owner"] = winner
        for s, c in counts.items():
            if s == winner:
                d["p"][s]["markers"] += c  # D9
            else:
                d["p"][s]["favour"] += c  # D10
        n["slots"] = [[] for _ in n["slots"]]
        notable = n["id"]
        d["p"][winner]["contracts"].append(notable)
        level = self.t.n_level[notable]
        d["contracts"][level] += 1
        self._emit("contract", {"notable": notable, "seat": winner}, (winner,))
        frames: list[dict[str, Any]] = []
        p = d["p"][winner]
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
        unbuilt = [b for b in range(16) if not self.d["built"][b]]
        if not unbuilt:
            return None
        if self.options["mujtahid_target"] == "nearest":
            return min(unbuilt, key=lambda b: (b // 4 + b % 4, b))
        return unbuilt[0]

    def check_boat(self) -> None:
        """R2: the boat moves on while its condition holds; each dock's event at once."""
        d = self.d
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
        d = self.d
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
                cotton = GOODS.index("cotton")
                gained = [0] * self.players
                for s in order:
                    gained[s] = self.gain_favour(s, min(event["max"], d["p"][s]["goods"][cotton]))
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
                cotton = GOODS.index("cotton")
                for s in order:
                    have = min(d["p"][s]["goods"][cotton], len(event["values"]) - 1)
                    frames.append({"k": "gain", "seat": s, "value": event["values"][have]})
            elif effect == "gown_bonus":  # R8
                d["gown_bonus"] += event["amount"]
            elif effect == "end_game":
                self.trigger_end("boat")
        self._push(*frames)

    def _do_gain(self, seat: int, a: Action) -> None:
        self._pop()
        self.gain(seat, a.good)

    def _do_jagir(self, seat: int, a: Action) -> None:
        top = self._pop()
        self.deliver(seat, a.good, a.notable)
        self.gain_favour(top["boatman"], 1)  # N10
        self.raise_influence(seat, self.t.n_guild[a.notable])  # D7

    def _do_cook(self, seat: int, a: Action) -> None:
        self._pop()
        self.d["p"][seat]["cook"] += 1  # N8

    def _do_supply(self, seat: int, a: Action) -> None:
        self._pop()
        self.d["p"][seat]["workers"] += 1

    def _do_sadr(self, seat: int, a: Action) -> None:
        self._pop()
        self.spend(seat, a.good)
        self.d["p"][seat]["markers"] -= 1
        self.d["bowls"][self.t.bowl_of[a.bowl]] = seat  # N20, Q27
        self.generous(seat, a.good)

    # orders and tributes (O1–O9)
    def complete_order(self, seat: int, guild: int) -> None:
        d, p = self.d, self.d["p"][seat]
        pos = d["order_at"][guild]
        for g in self.t.orders[guild][pos]:
            self.spend(seat, g)
            self.generous(seat, g)  # D12
        p["markers"] -= 1
        d["orders"][guild][pos] = seat  # O7
        column = d["orders"][guild]
        nxt = pos
        size = len(column)
        for _ in range(size):
            nxt = (nxt + 1) % size
            if column[nxt] is None:
                break
        else:
            nxt = None
        d["order_at"][guild] = nxt
        level = p["influence"][guild]
        rupees = self.t.influence_rupees[level]
        if any(o["influence"][guild] > level for o in d["p"]):
            rupees = max(0, rupees - 1)
        self.rupees(seat, rupees)
        self._emit("order", {"guild": A.GUILDS[guild], "seat": seat, "rupees": rupees}, (seat,))
        if nxt is None:
            self._emit("column_done", {"guild": A.GUILDS[guild]})
            if all(o is not None and (o != NEUTRAL or self.options["neutral_orders_count_end"])
                   for o in column):
                self.trigger_end("orders")  # O8
        self.raise_influence(seat, guild)

    def _do_order(self, seat: int, a: Action) -> None:
        if self.d["stack"]:
            top = self._top()
            self._use_capacity(2)  # C6
            top["order"] = True
        else:
            self.d["turn"]["ordered"] = True  # O1
        self.complete_order(seat, a.guild)

    def tribute(self, seat: int, good: int) -> None:
        self.spend(seat, good)
        self.d["p"][seat]["markers"] -= 1
        self.d["bowls"][self.t.bowl_of[good]] = seat  # O2
        self.generous(seat, good)

    def _do_tribute(self, seat: int, a: Action) -> None:
        self.d["turn"]["ordered"] = True
        self.tribute(seat, a.good)

    def _do_statue(self, seat: int, a: Action) -> None:
        self._luxury(seat, "statue")
        self.d["phase"] = "action"  # S5: one more main action

    def _do_end(self, seat: int, a: Action) -> None:
        """T5: markers back from used actions and scrolls; the next seat, or the end."""
        d = self.d
        for s, p in enumerate(d["p"]):
            if s == seat or self.options["favour_t11_follow_mark"] == "active_turn":
                p["markers"] += p["marks"] + len(p["scrolls"])
                p["marks"], p["scrolls"], p["used"] = 0, [], []
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

    # secondary actions
    def _luxury(self, seat: int, name: str) -> None:
        p = self.d["p"][seat]
        g = GOODS.index(name)
        p["goods"][g] -= 1
        p["scrolls"].append(g)  # S3: on its scroll until the end of the turn
        p["used"].append(name)

    def _do_oil(self, seat: int, a: Action) -> None:
        self.spend(seat, GOODS.index("oil"))
        self.stand_workers(seat, 1)  # S1

    def _do_curry(self, seat: int, a: Action) -> None:
        self.spend(seat, GOODS.index("curry"))
        self.stand_workers(seat, 1)

    def _do_oil_curry(self, seat: int, a: Action) -> None:
        self.spend(seat, GOODS.index("oil"))
        self.spend(seat, GOODS.index("curry"))
        self.stand_workers(seat, 3)

    def _do_caliph(self, seat: int, a: Action) -> None:
        self.spend(seat, GOODS.index("cotton"))
        self.d["p"][seat]["used"].append("caliph")
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
        value = self.value(GOODS.index("gown")) + self.d["gown_bonus"]
        self._luxury(seat, "gown")
        self.rupees(seat, value)  # S7, R8

    def _do_stand(self, seat: int, a: Action) -> None:
        self.d["spaces"][a.space][1] = True
        self._top()["n"] -= 1

    def _do_english(self, seat: int, a: Action) -> None:
        self.d["p"][seat]["used"].append("english")
        self.spend(seat, a.good)
        self.gain(seat, a.other)  # N14

    def _do_french(self, seat: int, a: Action) -> None:
        p = self.d["p"][seat]
        p["used"].append("french")
        v = self.value(a.good)
        p["goods"][a.good] -= 1
        p["french"][v - 1] = a.good  # N6: the marker stays on the card
        self.generous(seat, a.good)
        if all(x >= 0 for x in p["french"]):
            self.rupees(seat, 5)
            p["markers"] += 3
            p["french"] = [-1, -1, -1]

    def _do_price(self, seat: int, a: Action) -> None:
        self.d["prices"][a.marker] = [a.good, a.face]  # C9
        top = self._top()
        if top["k"] == "price_after":
            self._pop()
        else:
            top["price"] = True

    def _do_give(self, seat: int, a: Action) -> None:
        top = self._top()
        top["value"] += self.value(a.good)
        top["given"].append(a.good)
        self.spend(seat, a.good)

    def _do_take(self, seat: int, a: Action) -> None:
        top = self._top()
        top["taken"] += self.value(a.good)
        self.gain(seat, a.good)

    # favour actions (F3–F7, FS, FT)
    def _use_favour(self, seat: int, fav: str) -> None:
        p = self.d["p"][seat]
        pay = self.t.favour_cost[fav][1]
        if self.owns(seat, MULLAH) and "mullah" not in p["used"] and pay >= 2:
            pay -= 1  # N13, Q45
            p["used"].append("mullah")
        p["favour"] -= pay
        p["markers"] += pay
        p["used"].append(fav)
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
            self.d["turn"]["mp"] += 1
        else:
            self.d["p"][seat]["level"] += 1  # FT13

    def _do_favour_uncover(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        self.uncover(seat, a.track, a.square)

    def _do_favour_price(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        self.d["prices"][a.marker] = [a.good, a.face]  # FT4

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
        self.deliver(seat, a.good, a.notable)  # FT12
        self.raise_influence(seat, self.t.n_guild[a.notable])

    def _do_favour_swap(self, seat: int, a: Action) -> None:
        self._use_favour(seat, a.favour)
        self.spend(seat, a.good)
        self.gain(seat, a.other)  # FT14

    # favour tiles: rewards, the Mosaic master, discards (G4, N15, F6, F7)
    def draw_display(self) -> None:
        d = self.d
        while len(d["display"]) < self.t.display_size and d["stack_tiles"]:
            tile = d["stack_tiles"].pop()
            d["display"].append(tile)
            self._emit("display", {"tile": tile})

    def take_tile(self, seat: int, tile: int) -> None:
        d = self.d
        p = d["p"][seat]
        if tile in d["display"]:
            d["display"].remove(tile)
            from_display = True
        else:
            d["stack_tiles"].remove(tile)
            from_display = False
        p["tiles"].append(tile)
        return from_display

    def _after_tile(self, seat: int) -> None:
        if len(self.d["p"][seat]["tiles"]) > self.t.max_tiles:
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
        self.d["p"][seat]["tiles"].remove(a.tile)
        self.d["stack_tiles"].append(a.tile)
        self._shuffle_stack()  # F7

    # -- the end (E3–E8) ---------------------------------------------------------------------
    def orders_of(self, seat: int) -> list[int]:
        return [sum(1 for o in column if o == seat) for column in self.d["orders"]]

    def score_parts(self, seat: int) -> dict[str, int]:
        d, t, p = self.d, self.t, self.d["p"][seat]
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
        p = self.d["p"][seat]
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
        d = self.d
        return twin.d["rng"] != d["rng"] or len(twin.d["stack_tiles"]) < len(d["stack_tiles"])

    def view(self, seat: int | None) -> dict[str, Any]:
        from eurogames.games.agra.view import view

        return view(self, seat)

    def resample_hidden(self, seat: int | None, seed: int) -> AgraState:
        """I2, I3: the favour stack reshuffled and future dice reseeded; every rupee total
        is kept (each follows from the public record)."""
        twin = self.clone()
        rng = Rng(seed)
        stack = sorted(twin.d["stack_tiles"])
        rng.shuffle(stack)
        twin.d["stack_tiles"] = stack
        twin.d["rng"] = rng.next64()
        twin._legal = None
        return twin

    def to_json(self) -> dict[str, Any]:
        return {"game": "agra", "version": self.game.version, "players": self.players,
                "seed": self.seed, "options": dict(self.options), "ply": self.ply,
                "actions": [a.text for a in self.actions()], "state": _copy(self.d)}

    def why_illegal(self, action: Action) -> str:
        d = self.d
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


def new_turn() -> dict[str, Any]:
    return {"mp": 0, "laid": 0, "meditated": False, "last_outer": None, "muezzin": False,
            "ordered": False, "placed": False}

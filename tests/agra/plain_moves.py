"""The plain definition of Agra's legal actions, as the rules read before the move tables
(src/eurogames/games/agra/moves.py) and the copy-on-write state: every action worked out from
the position each time. tests/agra/test_moves.py holds the engine's generator equal to it.
Change a rule here and in rules.py together."""

from __future__ import annotations

from typing import Any

from eurogames.core import Action
from eurogames.games.agra import actions as A
from eurogames.games.agra.actions import COOK, GOODS, act
from eurogames.games.agra.rules import (
    CALIPH,
    CALLIGRAPHER,
    ENGLISH,
    FRENCH,
    MOSAIC,
    NEUTRAL,
    PORTUGUESE,
    STONEMASON,
    least_favour,
    minimal_payments,
)


class PlainMoves:
    """The legal actions of ``state`` (an ``AgraState``), read from its position only."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.d = state.position
        self.t = state.t
        self.options = state.options
        self.players = state.players
        self.current_player = state.current_player

    def legal_actions(self) -> list[Action]:
        return self._generate()

    def value(self, good: int) -> int:
        """H6: the printed value with the price marker on the good, never below the floor."""
        v = self.t.value[good]
        for m in self.d["prices"]:
            if m is not None and m[0] == good:
                v += m[1]
        return max(v, self.options["min_good_value"])

    def owns(self, seat: int, notable: int) -> bool:
        return notable in self.d["p"][seat]["contracts"]

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

    def cover_squares(self, seat: int) -> list[tuple[int, int]]:
        return [(k, i) for k, covers in enumerate(self.d["p"][seat]["covers"])
                for i in sorted(covers)]

    # -- workers (W, S2) ------------------------------------------------------------------
    def lying(self, seat: int) -> list[int]:
        return [s for s, w in enumerate(self.d["spaces"]) if w is not None and w[0] == seat
                and not w[1]]

    def on_board(self, seat: int) -> int:
        return sum(1 for w in self.d["spaces"] if w is not None and w[0] == seat)

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
        if self.options["reclaim_from_notables"]:  # Q18: the seat's markers on the notables
            room += sum(slot.count(seat) for n in self.d["river"] if n["owner"] is None
                        for slot in n["slots"])
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
        if len(top["given"]) < 3 and not top["taken"] and not top.get("took"):  # C10
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


"""Solo against Yusuf (單人模式, 優素福; docs/rules/sabika.md YS, YT, YM, YA, YP, YR, YE, YD).

With ``players=1`` seat 0 is the human and Yusuf is part of the game, not a seat (Q52): his
place in the turn order is ``YUSUF`` (1), his holdings are ``d["y"]``:

- ``pts`` (score parts: ``start``, ``cards``, ``wishes``, ``majors``, ``trade``, ``leftovers``,
  ``losses``, YE8), ``paria`` and ``stamp`` (PA5), ``favour``;
- ``work`` (his 4 workers' spaces, "" beside his board: b1, b2, m, p), ``mb`` (the master
  builder his first master-builder tile of the round moved, -1 before it, YM4);
- ``tiles`` (worker tiles face down: only their number is shown, I1), ``turned`` (face up
  this round); ``decks`` and ``discards`` per worker kind (a deck's order is hidden, its
  discards are public, YT5);
- ``large``, ``small``, ``houses`` (warehouse tiles taken: their boxes count, YA3),
  ``ships`` (city -> 1 left, 2 consolidated), ``seals``, ``minors``, ``majors``, ``carved``
  (carvings made, for the alternation of YA7).

Every draw of his (worker tile, worker card) is random at the time it is made, from the game's
generator, so hiding a pile's order is hiding the generator (I4, I5).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from eurogames.games.sabika import actions as A

YUSUF = 1  # his place in the turn order with one player (seat 0 is the human)
KINDS = ("master_builder", "merchant", "poet")
WORKER_OF = {"merchant": 2, "poet": 3}


@lru_cache(maxsize=256)
def wished_types(board: Any, tiles: tuple[str, ...]) -> frozenset[str]:
    """Q30: the building types on the wish tiles ``tiles`` (a pure function of the board's
    tiles, kept: Yusuf reads it at every building action)."""
    wishes = board.wish_last
    return frozenset(t for wid in tiles for t in wishes[wid].types)


def new_yusuf(data: Any, start_score: int) -> dict[str, Any]:
    """YS1, YS2, YS5: his board, workers beside it, tiles and decks face down."""
    return {
        "pts": {"start": start_score}, "paria": 0, "stamp": 0, "favour": 0,
        "work": ["", "", "", ""], "mb": -1,
        "tiles": tuple(range(1, len(data.bot_worker_tiles) + 1)), "turned": (),
        "decks": {k: tuple(c.id for c in data.bot_cards[k]) for k in KINDS},
        "discards": {k: () for k in KINDS},
        "large": (), "small": (), "houses": (), "ships": {}, "seals": 0,
        "minors": (), "majors": (), "carved": 0,
    }


def copy_yusuf(y: dict[str, Any]) -> dict[str, Any]:
    """Yusuf's holdings that may be written in place, sharing only their tuples (the rules
    replace his dicts whole, as a seat's: rules.py)."""
    return {**y, "pts": y["pts"].copy(), "ships": y["ships"].copy(),
            "decks": y["decks"].copy(), "discards": y["discards"].copy()}


def freeze_yusuf(y: dict[str, Any]) -> dict[str, Any]:
    for key in ("tiles", "turned", "large", "small", "houses", "minors", "majors", "work"):
        y[key] = tuple(y[key])
    y["decks"] = {k: tuple(v) for k, v in y["decks"].items()}
    y["discards"] = {k: tuple(v) for k, v in y["discards"].items()}
    return y


class Yusuf:
    """Yusuf's rules, mixed into the state (every method needs ``players == 1``)."""

    d: dict[str, Any]
    data: Any
    b: Any
    options: dict[str, Any]
    players: int
    _p: Any  # the state's copy-on-write access (rules.py): a seat's holdings to write,
    _y: Any  # Yusuf's,
    _b: Any  # a board list's
    _events: tuple[Any, ...]

    # -- what he holds ----------------------------------------------------------------------
    def y_points(self, n: int, part: str) -> None:
        y = self._y()
        pts = y["pts"]
        y["pts"] = {**pts, part: pts.get(part, 0) + n}

    def y_paria(self, n: int) -> None:
        if n:
            y = self._y()
            y["paria"] += n
            self.d["stamps"] += 1
            y["stamp"] = self.d["stamps"]

    def y_score(self) -> int:
        return sum(self.d["y"]["pts"].values())

    def y_count(self, what: str, colour: str = "") -> int:
        """What majors, wishes and his cards count (YP2, YR4, YE4, YE5, Q47, Q48)."""
        y = self.d["y"]
        if what in ("poems",):
            return len(y["minors"]) + len(y["majors"])
        if what in ("blue_poems", "red_poems"):
            return len(y["minors"])  # Q48: each of his minors is blue or red as needed
        if what == "grey_poems":
            return len(y["majors"])
        if what == "large_buildings":
            return len(y["large"])
        if what == "small_buildings":
            return len(y["small"])
        if what == "building_types":  # different types, as a player's (YE4: as for a player)
            return len(set(self.y_types()))
        if what == "cities_with_ship":
            return len(y["ships"])
        if what == "consolidated_cities":
            return sum(1 for v in y["ships"].values() if v == 2)
        if what == "connected_ships":
            return self.connected_of(set(y["ships"]))
        if what == "seals":
            return y["seals"]
        if what == "storage_boxes":
            tiles = self.data.warehouse_tiles
            return self.data.bot_storage_boxes + sum(tiles[t - 1].boxes for t in y["houses"])
        if what == "balances":
            return len(y["small"])  # YE5: each small building counts as a balance
        if what == "favour":
            return y["favour"]
        if what == "paria":
            return y["paria"]
        if what == "warehouse_expansions":
            return len(y["houses"])
        return 0

    def y_types(self) -> list[str]:
        y = self.d["y"]
        return ([self.data.large_buildings[t - 1].type for t in y["large"]]
                + [self.data.small_buildings[t - 1].type for t in y["small"]])

    # -- the map for him (TC0, Q32, Q55) -------------------------------------------------------
    def meets_trade_card(self, city: str) -> bool:
        return bool(self.trade_card_cities((city,)))

    def trade_card_cities(self, cities: Any) -> list[str]:
        """TC0, Q55: those of ``cities`` that meet the trade card's city criterion (the
        criterion is read once for them all)."""
        kind, param = self.data.trade_cards[self.d["trade"] - 1].city_criterion
        if kind == "any":
            return list(cities)
        if kind == "region":
            region = self.b.region
            return [c for c in cities if region[c] == param]
        if kind == "regions":
            region = self.b.region
            return [c for c in cities if region[c] in param]
        if kind == "colour":
            tiles, placed = self.data.city_tiles, self.d["cities"]
            return [c for c in cities if tiles[placed[c] - 1].colour == param]
        if kind == "has_seal":
            seals = self.d["seals"]
            return [c for c in cities if c in seals]
        if kind == "connected":
            ships = self.d["y"]["ships"]
            if not ships:
                return list(cities)
            neighbours = self.b.neighbours
            return [c for c in cities if any(c in neighbours[s] for s in ships)]
        if kind == "min_route_dinars":
            dist = self.b.dist["granada"]
            return [c for c in cities if dist[c] >= param]
        return []

    def y_distance(self, city: str) -> tuple[int, int]:
        """Q32: route cost, then number of routes, from Granada or a city with his ship."""
        hops = self.b.hops
        return min(hops[src][city] for src in ("granada", *self.d["y"]["ships"]))

    def nearest(self, cities: list[str]) -> list[str]:
        """Those of ``cities`` at the least ``y_distance``."""
        if not cities:
            return []
        hops = self.b.hops
        rows = [hops[src] for src in ("granada", *self.d["y"]["ships"])]
        distance = [min([row[c] for row in rows]) for c in cities]
        best = min(distance)
        return [c for c, x in zip(cities, distance, strict=True) if x == best]

    def y_choose(self, cities: list[str], why: str) -> None:
        """Q53: a tie is the human's decision (``yusuf <city>``), or the data's first city
        with option ``yusuf_choices`` = ``policy``."""
        if len(cities) == 1 or self.options["yusuf_choices"] == "policy":
            self.y_place(cities[0], why)
        else:
            self.d["stack"].append({"k": "yusuf", "seat": 0, "cities": cities, "why": why})

    def y_place(self, city: str, why: str) -> None:
        d = self.d
        y = self._y()
        if why == "consolidate":  # YA5, Q33: the human consolidated there gains 1 + 1
            y["ships"] = {**y["ships"], city: 2}
            if d["p"][0]["ships"].get(city) == 2:
                earlier_points, earlier_dinars = self.data.consolidate_earlier
                self.gain_points(0, earlier_points)
                self._p(0)["dinars"] += earlier_dinars
        else:  # YS3 (consolidated at once), YA4 (left): he takes the seal there
            y["ships"] = {**y["ships"], city: 2 if why == "first" else 1}
            if city in d["seals"]:
                d["seals"] = tuple(c for c in d["seals"] if c != city)
                y["seals"] += 1
        self._emit("yusuf_ship", {"city": city, "why": why})

    def _gen_yusuf(self, top: dict[str, Any]) -> list[Any]:
        return [A.act("yusuf", c) for c in top["cities"]]

    def _do_yusuf(self, a: Any) -> None:
        top = self._pop()
        self.y_place(a.city, top["why"])

    def first_ship(self) -> None:
        """YS3: consolidated on the nearest criterion city to Granada."""
        hops = self.b.hops["granada"]
        cities = self.trade_card_cities(self.b.cities) or list(self.b.cities)
        best = min(hops[c] for c in cities)
        self.y_choose([c for c in cities if hops[c] == best], "first")

    # -- his turn (YT, YM) -------------------------------------------------------------------
    def _step_yturn(self, top: dict[str, Any]) -> None:
        self.y_turn()

    def y_turn(self) -> None:
        """YT2-YT4, YM1-YM6: turn a worker tile and a card of that worker; move; act."""
        d = self.d
        y = self._y()
        tile = self._draw(y, "tiles")
        y["turned"] = (*y["turned"], tile)
        kind = self.data.bot_worker_tiles[tile - 1]
        cards = self.b.bot_cards[kind]
        card = None
        w = WORKER_OF.get(kind, 0)
        for _ in range(len(cards) + 1):
            if not y["decks"][kind]:
                if not y["discards"][kind]:
                    break
                y["decks"] = {**y["decks"], kind: y["discards"][kind]}  # YT5: reshuffled
                y["discards"] = {**y["discards"], kind: ()}
            y["decks"] = dict(y["decks"])
            drawn = cards[self._draw(y["decks"], kind)]
            space = drawn.space.lower()
            if kind == "master_builder":
                w = self.y_builder(space)
                if y["work"][1 - w] == space:  # YM5: never both on one space
                    y["discards"] = {**y["discards"], kind: (*y["discards"][kind], drawn.id)}
                    continue
            card = drawn
            break
        if card is None:  # YM5's guard: every card collides
            self.d["stack"].append({"k": "_yend", "seat": 0})
            return
        if kind == "master_builder":
            y["mb"] = w
        space = card.space.lower()
        y["work"] = (*y["work"][:w], space, *y["work"][w + 1:])
        if card.discard_secondary:  # YM2, Q65
            slot = self.b.slot_of.get(space, "")
            if slot and slot[0] == "r" and d["raws"][slot] >= 0:
                self._b("discards")[d["raws"][slot]] += 1
                self._b("raws")[slot] = -1
            elif slot and slot[0] == "k" and d["marble"][slot]:
                self._b("marble")[slot] = 0
                if self.options["material_supply"] == "limited":
                    self._b("supply")[2] += 1
        self._events = (*self._events, ("yusuf_turn", w, space, card.id))  # rules.py: _event
        # YT4: his actions, then his points, run here; an action that leaves a decision to
        # the player (Q53) leaves the rest as frames under it, run once it is made
        stack = d["stack"]
        depth = len(stack)
        actions = card.actions
        for i, act in enumerate(actions):
            getattr(self, "y_" + act)({"k": "_yact", "seat": 0, "act": act, "w": w})
            if len(stack) != depth:
                rest = [{"k": "_yact", "seat": 0, "act": a, "w": w} for a in actions[i + 1:]]
                rest.append({"k": "_ypoints", "seat": 0, "card": card.id, "kind": kind})
                stack[depth:depth] = reversed(rest)
                return
        self.y_card_points(card, kind)

    def y_builder(self, space: str) -> int:
        """YM4, Q66: the first master builder of a round is the one fewer steps away (b1
        when alike); the second is the other."""
        y = self.d["y"]
        if y["mb"] >= 0:
            return 1 - y["mb"]
        size = len(self.b.rings["outer"])
        position = self.b.position

        def steps(w: int) -> int:
            here = y["work"][w]
            return 0 if not here else (position[space] - position[here]) % size

        return 0 if steps(0) <= steps(1) else 1

    def _step_yact(self, top: dict[str, Any]) -> None:
        getattr(self, "y_" + top["act"])(top)

    def _step_ypoints(self, top: dict[str, Any]) -> None:
        self.y_card_points(self.b.bot_cards[top["kind"]][top["card"]], top["kind"])

    def y_card_points(self, card: Any, kind: str) -> None:
        """YP1, YP2: the card's points and paria; the card to its discards; his turn ends."""
        points = card.points * (self.y_count(card.per) if card.per else 1)
        self.y_points(points, "cards")
        self.y_paria(card.paria)
        y = self._y()
        y["discards"] = {**y["discards"], kind: (*y["discards"][kind], card.id)}
        self.end_turn(YUSUF)

    def _step_yend(self, top: dict[str, Any]) -> None:
        self.end_turn(YUSUF)

    # -- his actions (YA) ----------------------------------------------------------------------
    def wish_types(self) -> frozenset[str]:
        """Q30: the building types on every wish tile in play; with ``wishes_face_down``
        (Q41) only those in the tower."""
        tiles = self.d["tower"] if self.options["wishes_face_down"] else self.d["wishes"]
        return wished_types(self.b, tuple(tiles))

    def y_large_building(self, top: dict[str, Any]) -> None:
        """YA1, Q57."""
        d = self.d
        era = 1 if d["round"] < self.data.era_two_from_round else 2
        tiles = [t for t in d["large"] if self.data.large_buildings[t - 1].era == era]
        if not tiles:
            return
        types = self.wish_types()
        wanted = [t for t in tiles if self.data.large_buildings[t - 1].type in types]
        tile = max(wanted or tiles)
        d["large"] = tuple(t for t in d["large"] if t != tile)
        y = self._y()
        y["large"] = (*y["large"], tile)
        y["favour"] = min(y["favour"] + 1, len(self.data.favour_rewards) - 1)

    def y_small_building(self, top: dict[str, Any]) -> None:
        """YA2, Q31: the rightmost column holding cards."""
        d = self.d
        filled = [(i, col, row) for i, col, row in self.b.small_layout if d["small"][i]]
        if not filled:
            return
        right = max(col for _, col, _ in filled)
        column = sorted(((row, i) for i, col, row in filled if col == right))
        types = self.wish_types()
        cards = self.data.small_buildings
        wanted = [(d["small"][i], i) for _, i in column if cards[d["small"][i] - 1].type in types]
        i = min(wanted)[1] if wanted else column[0][1]
        y = self._y()
        y["small"] = (*y["small"], d["small"][i])
        self._b("small")[i] = 0

    def y_warehouse(self, top: dict[str, Any]) -> None:
        """YA3, Q68: most boxes beside his space, nearest on a tie; else the opposite."""
        d = self.d
        whd = d["whd"]
        tiles = self.data.warehouse_tiles
        for slots in self.b.warehouse_search[d["y"]["work"][top["w"]]]:
            beside = [(-tiles[whd[i] - 1].boxes, distance, i) for i, distance in slots if whd[i]]
            if beside:
                i = min(beside)[2]
                y = self._y()
                y["houses"] = (*y["houses"], d["whd"][i])
                self._b("whd")[i] = 0
                return

    def y_export(self, top: dict[str, Any]) -> None:
        """YA4, Q54: a ship on a city's left, by the criterion, the seal and distance."""
        y = self.d["y"]
        free = [c for c in self.b.cities if c not in y["ships"]]
        if not free:
            return
        seals = self.d["seals"]
        meets = self.trade_card_cities(free)
        steps = [[c for c in meets if c in seals]]
        # 「如果符合貿易牌評分標準的城市都沒有印章，你必須把他的船放在1個沒有他的船的城市」: with
        # "any" that case takes any free city, but only when criterion cities exist; without
        # one the next case (a city with a seal) applies under either reading (Q54)
        if self.options["yusuf_export_fallback"] == "criterion":
            steps.append(meets)
        elif meets:
            steps.append(free)
        steps += [[c for c in free if c in seals], free]
        for cities in steps:
            if cities:
                self.y_choose(self.nearest(cities), "export")
                return

    def y_consolidate(self, top: dict[str, Any]) -> None:
        """YA5, Q46: a left-side ship in a criterion city, else any; the human chooses."""
        left = [c for c in self.b.cities if self.d["y"]["ships"].get(c) == 1]
        meets = self.trade_card_cities(left)
        if meets or left:
            self.y_choose(meets or left, "consolidate")

    def y_carve_poem(self, top: dict[str, Any]) -> None:
        """YA7, YA8, Q56: minor, major, minor, …; at most 2 majors."""
        d = self.d
        y = self._y()
        minors = [c for c in d["minor"] if c]
        majors = [m for m in d["major"] if m]
        can_major = len(y["majors"]) < 2 and majors
        due_major = y["carved"] % 2 == 1 and len(y["majors"]) < 2
        if due_major and can_major or not minors and can_major:
            card = max(majors)
            major = self._b("major")
            major[major.index(card)] = ""
            y["majors"] = (*y["majors"], card)
        elif minors:
            card = max(minors)
            minor = self._b("minor")
            minor[minor.index(card)] = 0
            y["minors"] = (*y["minors"], card)
        else:
            return
        y["carved"] += 1

    # -- his end of round and game (YR, YE) ----------------------------------------------------
    def _step_ytribute(self, top: dict[str, Any]) -> None:
        """YR4, YD3: the plain tribute from his paria marker, the rest from his points."""
        y = self._y()
        due = top["due"]
        marker = min(y["paria"], due)
        if marker:
            y["paria"] -= marker
            self.d["stamps"] += 1
            y["stamp"] = self.d["stamps"]
        self.y_points(-(due - marker), "losses")

    def y_wish_points(self) -> int:
        wishes = self.b.wish_last
        total = 0
        types = self.y_types()
        for wid in self.d["tower"]:
            w = wishes[wid]
            if w.condition == "building_type":
                total += w.points * sum(1 for t in types if t in w.types)
            else:
                total += w.points * self.y_count(w.condition)
        return total

    def y_major_points(self, major: str) -> int:
        """YE3-YE6."""
        card = next(m for m in self.data.major_poems if m.id == major)
        s = card.scoring
        if s.kind == "per":
            n = s.points * self.y_count(s.count)
            return min(n, s.max) if s.max else n
        if s.kind == "sets":
            y = self.d["y"]
            others = [self.y_count(c) for c in s.of if c not in ("blue_poems", "red_poems")]
            split = [c for c in s.of if c in ("blue_poems", "red_poems")]
            minors = len(y["minors"]) // max(1, len(split)) if split else 10 ** 6
            return s.points * min([minors, *others])  # YE4: two minors and a major
        return self.rank_points(self.y_count(s.count), [self.count(0, s.count)])

    def _step_yfinal(self, top: dict[str, Any]) -> None:
        """YE1-YE3: no income; his majors, the trade card and his seals."""
        y = self._y()
        for major in y["majors"]:
            self.y_points(self.y_major_points(major), "majors")
        self.y_points(self.trade_points_of(y["ships"], lambda what: self.y_count(what)),
                      "trade")
        self.y_points(y["seals"], "leftovers")

"""The component data as the rules read it: plain tuples built once from the data document
(docs/rules/agra.md, "Board data the rules read"). No component value is written in code."""

from __future__ import annotations

from typing import Any

from eurogames.games.agra.actions import GOOD, GOODS, GUILD

LEVELS = ("I", "II", "III", "IV")


class Tables:
    """Everything the rules need from one data document, indexed for speed."""

    def __init__(self, doc: dict[str, Any]) -> None:
        goods = doc["goods"]
        if tuple(g["id"] for g in goods) != GOODS:
            raise ValueError("goods must be the 16 goods of the goods table, in its order")
        self.value = tuple(g["value"] for g in goods)  # H1: printed flags
        self.build_value = tuple(g.get("build_value", 0) if g.get("building_material") else 0
                                 for g in goods)  # H4
        chains = [c["id"] for c in doc["goods_chains"]]
        self.chain = tuple(chains.index(g["chain"]) for g in goods)
        self.tier = tuple(g["tier"] for g in goods)
        self.basic = tuple(i for i, t in enumerate(self.tier) if t == "basic")
        self.arrows = frozenset((GOOD[a["from"]], GOOD[a["to"]]) for a in doc["processing_arrows"])
        by_id = {b["id"]: b for b in doc["buildings"]}
        order = [b for column in doc["building_grid"]["columns"] for b in column]  # P1
        self.building_ids = tuple(order)
        self.output = tuple(GOOD[by_id[b]["output"]] for b in order)
        self.input = tuple(GOOD[by_id[b]["input"]] if by_id[b].get("input") else -1
                           for b in order)
        self.level = tuple(by_id[b]["level"] for b in order)
        self.cost = tuple(by_id[b].get("cost", 0) for b in order)
        self.production = tuple(by_id[b]["kind"] == "production" for b in order)
        self.bonus = tuple(
            (t["level"], GUILD[t["influence"]] if t.get("influence") else -1, t["favour"],
             t["remove_cover"], t["rupees"]) for t in doc["building_bonus_tiles"])
        fav = doc["favour"]
        self.favour_cost: dict[str, tuple[int, int]] = {}
        for a in fav["starting_actions"]:
            self.favour_cost[a["id"].lower()] = (a["need"], a["pay"])
        for t in fav["tiles"]:
            self.favour_cost[f"t{t['id']}"] = (t["need"], t["pay"])
        self.display_size = fav["display"]
        self.max_tiles = fav["max_tiles_on_board"]
        med = doc["meditation"]
        self.med_levels = med["level_count"]
        self.mp = (0, *(lv["mp"] for lv in med["levels"]))  # mp[level], level from 1
        self.upgrade = ((), *(tuple(GOOD[g] for g in lv["upgrade_cost"]) for lv in med["levels"]))
        self.top_rupees = med["top_level_rupees"]
        self.bump_favour = (med["bump_favour"]["below_level_4"], med["bump_favour"]["from_level_4"])
        ring = med["ring"]
        self.ring_mp = {a["id"]: a["mp"] for a in ring["actions"]}
        self.ring_start = ring["start_covered"]
        farm = doc["farm"]
        self.production_max = farm["production_max"]
        self.tracks = tuple((GOOD[t["from"]], GOOD[t["to"]], t["spaces"], t["farmer_start"],
                             tuple(t["covers"])) for t in farm["tracks"])
        inf = doc["influence_track"]
        self.influence_top = inf["top"]
        self.influence_rupees = tuple(inf["rupees"])
        self.rewards = {r["level"]: r["favour"] for r in inf["favour_rewards"]}
        orders = doc["orders"]
        columns: list[list[tuple[int, ...]]] = [[()] * orders["per_guild"] for _ in GUILD]
        for o in orders["list"]:
            columns[GUILD[o["guild"]]][o["position"] - 1] = tuple(GOOD[g] for g in o["goods"])
        self.orders = tuple(tuple(c) for c in columns)
        self.initial_limit = orders["initial_limit"]
        self.limit_at_dock = {m["dock"]: m["limit"] for m in orders["limit_markers"]}
        trib = doc["tribute"]
        self.bowls = tuple(GOOD[b["good"]] for b in trib["bowls"])  # O3
        self.bowl_of = {g: i for i, g in enumerate(self.bowls)}
        self.halves = {h: tuple(i for i, b in sorted(enumerate(trib["bowls"]),
                                                     key=lambda x: x[1]["die"])
                                if b["half"] == h) for h in ("left", "right")}
        self.tribute_scoring = tuple(trib["scoring"])
        self.tribute_further = trib["each_further"]
        river = doc["river"]
        self.docks = tuple(river["docks"])
        self.spaces = {int(k): tuple(v[lv] for lv in LEVELS)
                       for k, v in river["notable_spaces"].items()}
        self.split = {int(k): tuple(v) for k, v in river["guild_split"].items()}
        self.opens = tuple(tuple(LEVELS.index(lv) for lv in d["levels"]) for d in self.docks)
        nots = {n["id"]: n for n in doc["notables"]["list"]}
        self.n_level = {i: LEVELS.index(n["level"]) for i, n in nots.items()}
        self.n_guild = {i: GUILD[n["guild"]] for i, n in nots.items()}
        self.n_contract = {i: tuple(GOOD[g] for g in n["contract"]) for i, n in nots.items()}
        self.n_generous = {i: {GOOD[g]: v for g, v in n.get("generous", {}).items()}
                           for i, n in nots.items()}
        per = doc["per_player"]
        self.workers = per["workers"]
        self.markers = per["player_markers"]
        self.start_rupees = per["start_rupees"]
        self.merchant_reroll = tuple(doc["setup_dice"]["merchant"]["reroll"])
        self.french_values = (1, 2, 3)  # N6: the card's slots (stated in its text)

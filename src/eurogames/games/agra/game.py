"""Agra's ``Game``: options, set-up (U1–U16, V1–V3), the fixed action space, JSON."""

from __future__ import annotations

import json
from typing import Any

from eurogames.core import Action, Game, Option, Rng
from eurogames.core.data import DataSet
from eurogames.games.agra import actions as A
from eurogames.games.agra.data import DOCUMENT, check_document
from eurogames.games.agra.rules import NEUTRAL, AgraState, new_turn
from eurogames.games.agra.tables import Tables

SHIPPED = DataSet("agra", DOCUMENT)


def _options(tables: Tables) -> dict[str, Option]:
    spaces = tables.tracks[0][2]
    return {
        "first": Option("first", 0, "the start player's seat (U10, Q55)"),
        "river_reach": Option("river_reach", "cumulative", "which notables take goods: every "
                              "level opened so far, or only the boat's dock (D1, Q1)",
                              type=str, choices=("cumulative", "boat_only")),
        "initial_order_limit": Option("initial_order_limit", tables.initial_limit,
                                      "the order limit before dock 3 (O6, Q2)",
                                      choices=tuple(sorted({2, 3, 4, tables.initial_limit}))),
        "merchant_rupee_on_landing": Option("merchant_rupee_on_landing", False, "the merchant "
                                            "also drops a rupee where he stops (P4, Q3)",
                                            type=bool),
        "neutral_orders_count_limit": Option("neutral_orders_count_limit", True, "neutral "
                                             "orders count toward the order limit (V3, Q4)",
                                             type=bool),
        "neutral_orders_count_end": Option("neutral_orders_count_end", True, "neutral orders "
                                           "count toward a column's six (V3, O8, Q4)", type=bool),
        "min_good_value": Option("min_good_value", 1, "the lowest value a price marker can "
                                 "give a good (H6, Q6)", choices=(1, 0)),
        "farm_spaces_per_track": Option("farm_spaces_per_track", spaces, "squares on each "
                                        "farm track (A1, Q8)",
                                        choices=tuple(sorted({spaces, 4, 5, 6, 7}))),
        "mujtahid_target": Option("mujtahid_target", "reading_order", "the Mujtahid's building:"
                                  " first unbuilt in reading order, or nearest the top left "
                                  "(N16, Q10)", type=str, choices=("reading_order", "nearest")),
        "influence_reward_6_favour": Option("influence_reward_6_favour", tables.rewards.get(6, 2),
                                            "favour for reaching guild level 6 (G4, Q12)",
                                            choices=tuple(sorted({2, 1, tables.rewards.get(6, 2)},
                                                                 reverse=True))),
        "muezzin_per_worker": Option("muezzin_per_worker", False, "the Muezzin's +1 MP for each"
                                     " worker laid, not once a phase (N9, Q13)", type=bool),
        "overtime_is_placement": Option("overtime_is_placement", True, "overtime takes the "
                                        "rupees and the merchant's bonus (W7, Q17)", type=bool),
        "reclaim_from_notables": Option("reclaim_from_notables", False, "markers may be taken "
                                        "back from notables (H8, Q18)", type=bool),
        "end_rule": Option("end_rule", "round", "after the trigger: finish the round and play "
                           "one more (4.0), or one more turn each (8.0) (E2, Q21)",
                           type=str, choices=("round", "turn")),
        "french_once_per_turn": Option("french_once_per_turn", False, "the French merchant "
                                       "takes one good a turn (N6, Q31)", type=bool),
        "favour_t11_follow_mark": Option("favour_t11_follow_mark", "active_turn", "when FT11 "
                                         "used while following is freed (F3, Q32)",
                                         type=str, choices=("active_turn", "own_next_turn")),
    }


class Agra(Game):
    name = "agra"
    titles = {"en": "Agra", "zh-Hant": "阿格拉", "zh-Hans": "阿格拉"}
    min_players, max_players = 2, 4
    version = 1
    num_actions = A.NUM_ACTIONS

    def __init__(self, data: DataSet = SHIPPED) -> None:
        self.data = data
        self.tables = Tables(data.document)
        self.options = _options(self.tables)
        self.provisional = data.provisional()

    def _check_data(self, document: dict[str, Any]) -> list[str]:
        problems = check_document(document)
        if problems:
            return problems
        try:  # what the engine's fixed action space can name (actions.py)
            tables = Tables(document)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            return [f"agra.json: the engine cannot read it: {exc!r}"]
        if any(not 3 <= track[2] <= A.MAX_SQUARES for track in tables.tracks):
            problems.append(f"farm.tracks: each track has 3 to {A.MAX_SQUARES} spaces")
        if len(tables.bonus) != len(A.BONUS_NAMES):
            problems.append(f"building_bonus_tiles: {len(A.BONUS_NAMES)} tiles")
        if any(len(half) != 6 for half in tables.halves.values()):
            problems.append("tribute.bowls: 6 bowls on each half, one per die face")
        return problems

    def _with_data(self, dataset: DataSet) -> Agra:
        return Agra(dataset)

    def _check_options(self, players: int, options: dict[str, Any]) -> None:
        if not 0 <= options["first"] < players:
            raise ValueError(f"option 'first' must be a seat from 0 to {players - 1}, "
                             f"not {options['first']}")

    def action(self, id: int) -> Action:
        if isinstance(id, bool) or not isinstance(id, int) or not 0 <= id < A.NUM_ACTIONS:
            raise ValueError(f"agra action ids run from 0 to {A.NUM_ACTIONS - 1}, not {id!r}")
        return A.ACTIONS[id]

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> AgraState:
        t = self.tables
        rng = Rng(seed)
        n = options["farm_spaces_per_track"]
        river = self._notables(players, rng)
        bowls: list[int | None] = [None] * 12
        orders: list[list[int | None]] = [[None] * len(column) for column in t.orders]
        if players < 4:  # V2, V3: neutral markers
            rolls = 2 if players == 2 else 1
            for half in ("left", "right"):
                for _ in range(rolls):
                    bowls[t.halves[half][rng.below(6)]] = NEUTRAL
            for column in orders:
                placed = 0
                while placed < rolls:
                    i = rng.below(len(column))  # V3: a die, 1-6 top to bottom
                    if column[i] is None:
                        column[i] = NEUTRAL
                        placed += 1
        built = [t.production[b] for b in range(16)]
        roll = rng.below(6) + 1
        while roll in t.merchant_reroll:
            roll = rng.below(6) + 1
        merchant = 0
        for _ in range(roll):  # U4: from the quarry, built buildings only, no rupees (Q28)
            merchant = (merchant + 1) % 16
            while not built[merchant]:
                merchant = (merchant + 1) % 16
        builder = built.index(False)
        for _ in range(rng.below(6) + 1):  # U5
            builder = (builder + 1) % 16
            while built[builder]:
                builder = (builder + 1) % 16
        order_at: list[int | None] = []
        for column in orders:  # U14, O9
            pos = rng.below(len(column))
            while column[pos] is not None:
                pos = (pos + 1) % len(column)
            order_at.append(pos)
        stack = list(A.TILES)
        rng.shuffle(stack)  # U15
        display = [stack.pop() for _ in range(t.display_size)]
        def farm(track: tuple[Any, ...]) -> tuple[int, list[int]]:
            _a, _b, data_spaces, start, covers = track
            squares = sorted({n if c == data_spaces else min(c, n) for c in covers})
            if n != data_spaces:
                start = (n + 1) // 2
            return start, squares
        farms = [farm(track) for track in t.tracks]
        d = {
            "active": options["first"], "start": options["first"], "phase": "meditation",
            "over": False, "stack": [], "turn": new_turn(),
            "p": [{
                "rupees": t.start_rupees, "markers": t.markers, "goods": [0] * 16,
                "favour": 0, "workers": t.workers, "cook": 0, "level": 1,
                "farmers": [f[0] for f in farms], "covers": [list(f[1]) for f in farms],
                "removed": 0, "influence": [0, 0, 0], "tiles": [], "bonus": [],
                "contracts": [], "used": [], "marks": 0, "scrolls": [], "french": [-1, -1, -1],
            } for _ in range(players)],
            "spaces": [None] * 20, "built": built, "coins": [0] * 16, "merchant": merchant,
            "builder": builder, "prices": [None, None, None], "covered": t.ring_start,
            "river": river, "boat": 1, "contracts": [0, 0, 0, 0], "orders": orders,
            "order_at": order_at, "limit": options["initial_order_limit"], "bowls": bowls,
            "display": display, "stack_tiles": stack, "bonus_left": list(range(12)),
            "gown_bonus": 0, "left": None, "rolls": [0, 0], "rng": rng.state,
        }
        return AgraState(self, seed, options, d, players)

    def _notables(self, players: int, rng: Rng) -> list[dict[str, Any]]:
        """U7, V1, Q35: by level at random, then swaps until the guilds split as printed."""
        t = self.tables
        counts = t.spaces[players]
        split = t.split[players]
        placed: list[list[int]] = []
        unused: list[list[int]] = []
        for level, count in enumerate(counts):
            pool = sorted(i for i in t.n_level if t.n_level[i] == level)
            rng.shuffle(pool)
            placed.append(sorted(pool[:count]))
            unused.append(sorted(pool[count:]))
        lo, hi = min(split), max(split)

        def guild_counts() -> list[int]:
            return [sum(1 for lv in placed for i in lv if t.n_guild[i] == u) for u in range(3)]

        for _ in range(50):
            c = guild_counts()
            if sorted(c) == sorted(split):
                break
            over = [u for u in range(3) if c[u] > hi] or [u for u in range(3) if c[u] > lo]
            under = [u for u in range(3) if c[u] < lo] or [u for u in range(3) if c[u] < hi]
            for level in range(len(counts)):
                out = [i for i in placed[level] if t.n_guild[i] in over]
                into = [i for i in unused[level] if t.n_guild[i] in under]
                if out and into:
                    a, b = out[rng.below(len(out))], into[rng.below(len(into))]
                    placed[level].remove(a)
                    unused[level].append(a)
                    unused[level].remove(b)
                    placed[level].append(b)
                    placed[level].sort()
                    unused[level].sort()
                    break
            else:
                break
        return [{"id": i, "slots": [[] for _ in t.n_contract[i]], "owner": None}
                for lv in placed for i in lv]

    def from_json(self, data: dict[str, Any]) -> AgraState:
        try:
            if data["game"] != "agra":
                raise ValueError("not an agra state")
            state = AgraState(self, data["seed"], dict(data["options"]),
                              json.loads(json.dumps(data["state"])), data["players"])
            for text in data["actions"]:
                state._history = (state._history, A.BY_TEXT[text])
            state.ply = data["ply"]
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not an agra state: {exc!r}") from None
        return state

    def evaluate(self, state, seat):  # noqa: ANN001 - see heuristic.py
        from eurogames.games.agra.heuristic import evaluate

        return evaluate(state, seat)

    def rollout_action(self, state, rng):  # noqa: ANN001
        from eurogames.games.agra.heuristic import rollout_action

        return rollout_action(state, rng)

    def board_components(self) -> dict[str, Any]:
        """The printed boards and cards for the drawn board (web/), from this game's data."""
        from eurogames.games.agra.view import board_components

        return board_components(self.tables)


GAME = Agra()

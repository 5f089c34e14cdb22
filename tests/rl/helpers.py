"""Positions and reference encoders for the learning adapters' tests.

The reference encoders restate docs/observations.md block by block, by the layout's names,
in the plainest way (a dense vector filled span by span); the real encoders are written for
speed (tuple concatenation, sparse numpy writes), so agreeing on many positions is evidence
that both follow the documented layout.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import eurogames
from eurogames.core.rng import Rng
from eurogames.rl.encoding import encodings, layout

COUNTS = {"splendor": (2, 3, 4), "alhambra": (2, 3, 4, 5, 6)}
CASES = [(name, n) for name, counts in COUNTS.items() for n in counts]
# every game in each of its encodings (Alhambra: palaces as tiles or planes)
ENCODED = [(name, encoding) for name in COUNTS for encoding in encodings(name)]
ENCODED_CASES = [(name, n, encoding) for name, n in CASES for encoding in encodings(name)]


def positions(name: str, players: int, games: int = 2, every: int = 7, seed: int = 0) -> list[Any]:
    """Positions along random games (Splendor favours blind reserves, so hands hold hidden
    cards), every ``every`` decisions, the final position included."""
    game = eurogames.load(name)
    out = []
    for g in range(games):
        rng = Rng(seed * 1000 + g)
        state = game.new(players, seed=seed * 1000 + g)
        while not state.is_over():
            if state.ply % every == 0:
                out.append(state.clone())
            legal = state.legal_actions()
            blind = [a for a in legal if a.kind == "reserve_deck"]
            state.apply(rng.choice(blind) if blind and rng.below(4) == 0 else rng.choice(legal))
        out.append(state)
    return out


def one_hot(index: int, size: int) -> list[float]:
    return [float(i == index) for i in range(size)]


def reference_splendor(view: dict[str, Any], n: int) -> np.ndarray:
    colours = ("white", "blue", "green", "red", "black")
    spans = layout("splendor", n)
    x = np.zeros(spans.size)
    r = view["seat"] or 0

    def put(name: str, values: list[float]) -> None:
        x[spans.span(name)] = values

    def card(c: dict[str, Any]) -> list[float]:
        return [*one_hot(colours.index(c["bonus"]), 5), c["points"] / 5,
                *(c["cost"].get(k, 0) / 7 for k in colours)]

    put("phase", one_hot(("main", "return", "noble", "over").index(view["phase"]), 4))
    current = view["current_player"]
    put("current seat", one_hot((current - r) % n, n) if current >= 0 else [0.0] * n)
    put("start seat", one_hot((view["first_player"] - r) % n, n))
    put("final round", [float(view["final_round"])])
    put("supply", [view["supply"][k] / 7 for k in colours] + [view["supply"]["gold"] / 5])
    market: list[float] = []
    for row in view["market"]:
        for c in row:
            market += [0.0] * 12 if c is None else [1.0, *card(c)]
    put("market", market)
    put("decks", [d / 40 for d in view["decks"]])
    nobles: list[float] = []
    for noble in view["nobles"]:
        nobles += [1.0, *(noble["requires"].get(k, 0) / 4 for k in colours)]
    put("nobles", nobles + [0.0] * ((n + 1) * 6 - len(nobles)))
    for i in range(n):
        p = view["seats"][(r + i) % n]
        put(f"seat+{i} tokens", [p["tokens"][k] / 7 for k in colours] + [p["tokens"]["gold"] / 5])
        put(f"seat+{i} bonuses", [p["bonuses"][k] / 10 for k in colours])
        put(f"seat+{i} points", [p["points"] / 15])
        put(f"seat+{i} cards", [len(p["cards"]) / 30])
        put(f"seat+{i} nobles", [len(p["nobles"]) / 3])
        reserved: list[float] = []
        for c in p["reserved"]:
            if c.get("hidden"):
                reserved += [1.0, 1.0, 1.0, *one_hot(c["level"] - 1, 3), *[0.0] * 11]
            else:
                reserved += [1.0, float(c["blind"]), 0.0, *one_hot(c["level"] - 1, 3), *card(c)]
        put(f"seat+{i} reserved", reserved + [0.0] * (51 - len(reserved)))
    return x.astype(np.float32)


def reference_alhambra(view: dict[str, Any], n: int, encoding: str = "tiles") -> np.ndarray:
    types = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
    sides = ("north", "east", "south", "west")
    currencies = ("yellow", "green", "blue", "orange")
    spans = layout("alhambra", n, encoding=encoding)
    x = np.zeros(spans.size)
    r = view["seat"] or 0

    def put(name: str, values: Any) -> None:
        x[spans.span(name)] = values

    def code(card: str) -> int:
        currency, value = card.split()
        return currencies.index(currency) * 9 + int(value) - 1

    def counts(cards: list[str]) -> list[float]:
        out = [0.0] * 36
        for c in cards:
            out[code(c)] += 1 / 3
        return out

    def ids(tiles: list[Any]) -> list[float]:
        out = [0.0] * 54
        for t in tiles:
            out[(t if isinstance(t, int) else t["id"]) - 1] = 1.0
        return out

    def per_type(tiles: list[dict[str, Any]]) -> list[float]:
        return [sum(t["type"] == k for t in tiles) / 11 for k in types]

    put("phase", one_hot(("action", "placing", "ending", "over").index(view["phase"]), 4))
    current = view["current_player"]
    put("current seat", one_hot((current - r) % n, n) if current >= 0 else [0.0] * n)
    put("start seat", one_hot((view["start_player"] - r) % n, n))
    put("bonus action", [float(view["bonus_action"])])
    market: list[float] = []
    for slot in view["market"]:
        t = slot["tile"]
        market += [0.0] * 12 if t is None else [
            1.0, *one_hot(types.index(t["type"]), 6), t["price"] / 13, *(float(s in t["walls"]) for s in sides)]
    put("market", market)
    put("display", counts(view["display"]))
    put("deck", [view["deck"] / 110])
    put("discard", counts(view["discard"]))
    put("bag", ids(view["bag"]))
    put("scorings done", one_hot(view["scorings_done"], 3))
    windows: list[float] = []
    for card in view["scoring_cards"]:
        windows += [1.0, card["draws"][0] / 110, card["draws"][1] / 110]
    put("scoring cards", windows + [0.0] * (6 - len(windows)))
    put("bought", ids(view["bought"]))
    gifts = [0.0] * n
    for gift in view["end_gifts"]:
        gifts[(gift["seat"] - r) % n] = len(gift["tiles"]) / 4
    put("end gifts", gifts)
    dirk = view["dirk"]
    put("dirk", [0.0] * 8 if dirk is None else [1.0, dirk["points"] / 100, *per_type(dirk["tiles"])])
    for i in range(n):
        p = view["seats"][(r + i) % n]
        put(f"seat+{i} points", [p["points"] / 100])
        put(f"seat+{i} money", counts(p["money"]))
        totals = [0.0] * 4
        for c in p["money"]:
            totals[code(c) // 9] += (code(c) % 9 + 1) / 45
        put(f"seat+{i} money totals", totals)
        put(f"seat+{i} buildings", per_type(p["alhambra"]))
        put(f"seat+{i} longest wall", [p["longest_wall"] / 20])
        put(f"seat+{i} reserve", ids(p["reserve"]))
        put(f"seat+{i} reserve types", per_type(p["reserve"]))
        if encoding == "planes":
            planes = np.zeros((11, 25, 25))
            planes[0, 12, 12] = 1.0  # the fountain
            for t in p["alhambra"]:
                col, row = t["at"][0] + 12, t["at"][1] + 12
                planes[0, row, col] = 1.0
                planes[1 + types.index(t["type"]), row, col] = 1.0
                for s in t["walls"]:
                    planes[7 + sides.index(s), row, col] = 1.0
            put(f"seat+{i} palace", planes.ravel())
        else:
            placed = np.zeros((54, 3))
            for t in p["alhambra"]:
                placed[t["id"] - 1] = [1.0, (t["at"][0] + 12) / 24, (t["at"][1] + 12) / 24]
            put(f"seat+{i} palace", placed.ravel())
    return x.astype(np.float32)


REFERENCE = {"splendor": reference_splendor, "alhambra": reference_alhambra}

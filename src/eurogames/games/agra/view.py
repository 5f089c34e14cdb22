"""What each seat may see (I1–I5): everything but other seats' rupees, the favour stack's
order and the generator that rolls future dice."""

from __future__ import annotations

from typing import Any

from eurogames.games.agra.rules import _copy


def view(state: Any, seat: int | None) -> dict[str, Any]:
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < state.players):
        raise ValueError(f"no seat {seat!r} in a {state.players}-player game")
    d = _copy(state.position)  # a deep copy: the state keeps its parts shared
    del d["rng"]  # I3: future dice
    stack = d.pop("stack_tiles")
    d["stack_tiles"] = len(stack)
    top = d["stack"][-1] if d["stack"] else None
    if top is not None and top["k"] == "tile" and top["seat"] == seat:
        d["stack_seen"] = sorted(stack)  # I4: the Mosaic master's owner sees the stack
    over = d["over"]
    for s, p in enumerate(d["p"]):
        if s != seat and not over:
            p["rupees"] = None  # I1: in the bag
    d["open_levels"] = sorted(n["id"] for n in d["river"]  # D1: who takes goods now
                              if state.t.n_level[n["id"]] in state.open_levels())
    d.update(game="agra", players=state.players, seat=seat,
             current_player=state.current_player)
    return d


def board_components(t: Any) -> dict[str, Any]:
    """What is printed on Agra's boards and cards, as the rules read it (``Tables``, from the
    data the game plays with), indexed as the view indexes it (goods 0–15, buildings 0–15 in
    reading order, guilds 0–2): the drawn board's ``components.json`` (``Game.board_components``);
    the views carry only what changes."""
    from eurogames.games.agra.actions import BONUS_NAMES, CHARACTERS, GOODS, GUILDS
    from eurogames.games.agra.tables import LEVELS

    docks = [{"dock": d["dock"], "levels": [LEVELS.index(lv) for lv in d["levels"]],
              "events": d["events"], "advance": d["advance"] and {
                  "level": LEVELS.index(d["advance"]["level"]),
                  "contracts": d["advance"]["contracts"]}} for d in t.docks]
    return {
        "goods": list(GOODS), "guilds": list(GUILDS), "characters": list(CHARACTERS),
        "levels": list(LEVELS),
        "value": list(t.value), "chain": list(t.chain), "tier": list(t.tier),
        "buildings": [{"id": t.building_ids[b], "output": t.output[b], "input": t.input[b],
                       "cost": t.cost[b], "level": t.level[b],
                       "production": t.production[b]} for b in range(len(t.building_ids))],
        "notables": {str(n): {"level": t.n_level[n], "guild": t.n_guild[n],
                              "contract": list(t.n_contract[n]),
                              "generous": {str(g): v for g, v in t.n_generous[n].items()}}
                     for n in sorted(t.n_level)},
        "orders": [[list(o) for o in column] for column in t.orders],
        "bowls": list(t.bowls), "halves": {h: list(b) for h, b in t.halves.items()},
        "tracks": [{"from": a, "to": b, "spaces": n, "farmer_start": f, "covers": list(c)}
                   for a, b, n, f, c in t.tracks],
        "production_max": t.production_max,
        "favour_cost": {k: list(v) for k, v in t.favour_cost.items()},
        "meditation": {"levels": t.med_levels, "mp": list(t.mp),
                       "upgrade": [list(u) for u in t.upgrade]},
        "influence": {"top": t.influence_top, "rupees": list(t.influence_rupees),
                      "rewards": {str(k): v for k, v in t.rewards.items()}},
        "docks": docks,
        "bonus": [{"name": BONUS_NAMES[i], "level": lv, "guild": u, "favour": f, "cover": c,
                   "rupees": r} for i, (lv, u, f, c, r) in enumerate(t.bonus)],
    }

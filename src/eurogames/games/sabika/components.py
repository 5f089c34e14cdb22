"""What is printed on Sabika's boards, cards and tiles, as JSON for the drawn board (web/): the
board's ``components.json`` (``Game.board_components``, docs/api.md). It is made from the data
the game plays with (``SabikaData``), so a corrected data set changes the drawing as it
changes the rules; the views carry only what changes (who holds which tile, where workers
stand). Spaces, slots and display slots are written in lower case, as the views and the
notation write them (``o5``, ``r2``, ``w1``).
"""

from __future__ import annotations

from typing import Any

from eurogames.games.sabika import actions as A
from eurogames.games.sabika.data import EFFECT_FIELDS, Ability, Effect, SabikaData, Scoring


def effect_json(terms: tuple[Effect, ...]) -> list[dict[str, Any]]:
    """An effect as its data writes it: each term's kind and the fields that kind uses."""
    out = []
    for term in terms:
        item: dict[str, Any] = {"kind": term.kind}
        for field in EFFECT_FIELDS[term.kind]:
            if field == "from":
                item["from"] = list(term.choices)
            elif field == "options":
                item["options"] = [effect_json(option) for option in term.options]
            else:
                item[field] = getattr(term, field)
        out.append(item)
    return out


def _ability(ability: Ability) -> dict[str, Any]:
    item: dict[str, Any] = {"kind": ability.kind}
    if ability.kind == "on":
        item.update(when=ability.when, effect=effect_json(ability.effect),
                    material=ability.material, once_per=ability.once_per)
    elif ability.kind == "poem_cost_table":
        item.update(extra_max=ability.extra_max, points_per_material=ability.points_per_material)
    elif ability.kind == "goods_warehouse":
        item.update(boxes=ability.boxes, per_goods=effect_json(ability.per_goods))
    elif ability.kind == "export_base":
        item.update(points=ability.points, paria=ability.paria)
    return item


def _scoring(s: Scoring) -> dict[str, Any]:
    return {"kind": s.kind, "count": s.count, "points": s.points, "max": s.max,
            "of": list(s.of), "region": s.region, "regions": list(s.regions),
            "colour": s.colour, "min_route_dinars": s.min_route_dinars}


def board_components(t: SabikaData) -> dict[str, Any]:
    """The printed boards and cards of ``t``, indexed as the views index them: materials and
    goods by position (the data's order: plaster, wood, marble, glazed ceramic; sugar,
    pottery, clothing), cards and tiles by id."""
    sides = []
    for side in t.sides.values():
        sides.append({
            "id": side.id, "players": list(side.players),
            "rings": {ring: [{"id": s.id.lower(), "action": s.action, "amount": s.amount,
                              "four_players_only": s.four_players_only,
                              "slot": s.slot.lower()} for s in spaces]
                      for ring, spaces in side.rings.items()},
            "slots": [{"id": s.id.lower(), "kind": s.kind,
                       "spaces": [x.lower() for x in s.spaces]} for s in side.slots],
            "warehouse_display": [{"id": x.id.lower(), "stack": x.stack, "space": x.space.lower(),
                                   "distance": x.distance} for x in side.warehouse_display],
        })
    return {
        "materials": list(t.materials), "material_words": list(A.MATERIALS),
        "material_value": [t.material_value[m] for m in t.materials],
        "goods": list(t.goods), "goods_words": list(A.GOODS),
        "sides": sides,
        "market": {"visit_dinars": t.market_visit_dinars, "transactions": t.market_transactions,
                   "buy": dict(t.market_buy), "sell": dict(t.market_sell)},
        "rounds": len(t.round_paria),
        "round_paria": list(t.round_paria),
        "wish_after_rounds": list(t.wish_after_rounds),
        "era_two_from_round": t.era_two_from_round,
        "event_change_after_rounds": list(t.event_change_after_rounds),
        "favour": [effect_json(reward) for reward in t.favour_rewards],
        "large": [{"id": b.id, "era": b.era, "type": b.type, "bonus": effect_json(b.bonus),
                   "removed_with_two_players": b.removed_with_two_players}
                  for b in t.large_buildings],
        "small": [{"id": c.id, "base": c.base, "type": c.type, "left": c.left, "right": c.right}
                  for c in t.small_buildings],
        "colours": list(t.colours),
        "balance_rewards": {c: effect_json(e) for c, e in t.balance_rewards.items()},
        "balance_cards": list(t.balance_cards),
        "warehouses": [{"id": w.id, "boxes": w.boxes, "bonus": effect_json(w.bonus)}
                       for w in t.warehouse_tiles],
        "cities": [{"id": c.id, "region": c.region} for c in t.cities],
        "routes": [{"between": sorted(pair), "dinars": cost} for pair, cost in t.routes.items()],
        "city_tiles": [{"id": c.id, "colour": c.colour, "demand": list(c.demand),
                        "first_export": effect_json(c.first_export),
                        "consolidation": effect_json(c.consolidation),
                        "income": effect_json(c.income)} for c in t.city_tiles],
        "start_tiles": [effect_json(tile) for tile in t.start_tiles],
        "minor": [{"id": m.id, "blue": [_ability(a) for a in m.blue], "red": effect_json(m.red)}
                  for m in t.minor_poems],
        "major": [{"id": m.id, "letter": m.letter, "scoring": _scoring(m.scoring)}
                  for m in t.major_poems],
        "ranking": {k: list(v) for k, v in t.ranking_rewards.items()},
        "trade": [{"id": c.id, "scoring": _scoring(c.scoring),
                   "criterion": [c.city_criterion[0], (list(c.city_criterion[1])
                                                       if isinstance(c.city_criterion[1], tuple)
                                                       else c.city_criterion[1])]}
                  for c in t.trade_cards],
        "wishes": [{"id": w.id, "letter": w.letter, "condition": w.condition,
                    "types": list(w.types), "points": w.points} for w in t.wishes],
        "events": [{"id": e.id, "colour": e.colour, "changes": dict(e.changes)}
                   for e in t.events],
        "yusuf": {
            "tiles": list(t.bot_worker_tiles), "storage_boxes": t.bot_storage_boxes,
            "cards": {worker: [{"id": c.id, "space": c.space.lower(),
                                "discard_secondary": c.discard_secondary,
                                "actions": list(c.actions), "points": c.points,
                                "paria": c.paria, "per": c.per} for c in cards]
                      for worker, cards in t.bot_cards.items()},
        },
    }

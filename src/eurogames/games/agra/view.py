"""What each seat may see (I1–I5): everything but other seats' rupees, the favour stack's
order and the generator that rolls future dice."""

from __future__ import annotations

from typing import Any

from eurogames.games.agra.rules import _copy


def view(state: Any, seat: int | None) -> dict[str, Any]:
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < state.players):
        raise ValueError(f"no seat {seat!r} in a {state.players}-player game")
    d = _copy(state.d)
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

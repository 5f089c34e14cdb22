"""What each seat may see (I1–I4): everything but the order of the decks and stacks, the
generator, other seats' start tiles before the reveal (their discarded one after it), and with
``wishes_face_down`` the wish tiles not yet in the tower (Q41: ``None`` in their places)."""

from __future__ import annotations

from typing import Any

from eurogames.games.sabika.rules import _copy


def view(state: Any, seat: int | None) -> dict[str, Any]:
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < state.players):
        raise ValueError(f"no seat {seat!r} in a {state.players}-player game")
    d = _copy(state.d)
    del d["rng"], d["draws"]
    for key in ("small_deck", "minor_deck"):  # I1: sizes only
        d[key] = len(d[key])
    d["stacks"] = {k: len(v) for k, v in d["stacks"].items()}
    d["event_pile"] = len(d["event_pile"])  # I1: the third event stays face down
    if state.options["wishes_face_down"]:  # Q41: a wish tile is seen when it enters the tower
        d["wishes"] = [w if i < len(d["tower"]) else None for i, w in enumerate(d["wishes"])]
    if "y" in d:  # I1: Yusuf's face-down worker tiles and decks, by number
        y = d["y"]
        y["tiles"] = len(y["tiles"])
        y["decks"] = {k: len(v) for k, v in y["decks"].items()}
        d["yusuf_score"] = state.y_score()
    revealed = all(p["kept"] for p in d["p"])
    for s, p in enumerate(d["p"]):
        if s == seat:
            continue
        p["dealt"] = None  # I2
        if not revealed:
            p["kept"] = bool(p["kept"])  # whether it has chosen, not what
    d.update(game="sabika", players=state.players, seat=seat,
             current_player=state.current_player, scores=state.scores())
    return d

"""Agra's observation encoder (encode.py): what a seat cannot see never reaches its vector (I1:
another seat's rupees until the end; I3: the favour stack's order), in the view route and the
compiled one; the compiled route caps as the view route caps; and it refuses a state the rules
could never reach with the field named, never reading beyond a table.

The generic checks every encoder passes (sizes, bounds, leaks, the compiled route equal to
the view route at every decision) are in tests/rl.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from eurogames.core.rng import Rng  # noqa: E402
from eurogames.rl.encoding import encoder  # noqa: E402

from .helpers import GAME  # noqa: E402


@pytest.fixture(scope="module")
def compiled(built):
    return built(encoder("agra").COMPILED, "Agra's compiled encoder")


def routes() -> list[Callable[[Any, Any], bytes]]:
    """(state, seat) -> the vector's bytes, by the view route and, where built, the compiled."""
    view_route = encoder("agra").encode
    found = [lambda state, seat: view_route(state.view(seat), state.players).tobytes()]
    module = encoder("agra").COMPILED
    if module is not None:
        found.append(lambda state, seat: bytes(module.encode(state, seat)))
    return found


def played(players: int, plies: int, seed: int = 5):
    state = GAME.new(players, seed=seed)
    rng = Rng(seed)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_i1_another_seats_rupees_are_not_in_the_observation(players):
    state = played(players, 40)
    for encode in routes():
        before = {seat: encode(state, seat) for seat in (0, 1, None)}
        state.d["p"][1]["rupees"] += 37
        assert encode(state, 0) == before[0]
        assert encode(state, None) == before[None]  # a spectator sees no seat's rupees
        assert encode(state, 1) != before[1]  # its own, the seat sees
        state.d["p"][1]["rupees"] -= 37


def test_i1_every_seats_rupees_are_shown_once_the_game_is_over():
    state = played(2, 20)
    state.d["over"] = True
    for encode in routes():
        before = encode(state, 0)
        state.d["p"][1]["rupees"] += 37
        assert encode(state, 0) != before
        state.d["p"][1]["rupees"] -= 37


def test_i3_the_favour_stacks_order_is_not_in_the_observation():
    state = played(3, 30)
    for encode in routes():
        before = [encode(state, seat) for seat in (0, 1, 2, None)]
        state.d["stack_tiles"].reverse()
        assert [encode(state, seat) for seat in (0, 1, 2, None)] == before


def test_compiled_route_caps_as_the_view_route_caps(compiled):
    """min(x / scale, cap) entries (MP, workers laid, rupees on a building, rupees held) take
    the cap for any count beyond it, as the view route's min gives it."""
    module = compiled
    view_route = encoder("agra").encode
    state = played(2, 30)
    d = state.d
    d["turn"]["mp"], d["turn"]["laid"], d["coins"][3] = 51, 99, 10_000
    d["p"][0]["rupees"] = 123_456
    for seat in (0, 1, None):
        assert bytes(module.encode(state, seat)) == view_route(state.view(seat), 2).tobytes()


def _seat(**fields: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d["p"][0].update(fields)

    return change


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d[key] = value

    return change


def _twice_on_river(d: dict[str, Any]) -> None:
    d["river"].append(dict(d["river"][0]))


def _space_of_seat_5(d: dict[str, Any]) -> None:
    d["spaces"][7] = [5, True]


def _short_column(d: dict[str, Any]) -> None:
    d["orders"][1] = d["orders"][1][:5]


def _no_mp(d: dict[str, Any]) -> None:
    del d["turn"]["mp"]


def _notable_marker_of_seat_3(d: dict[str, Any]) -> None:
    d["river"][0]["slots"][0] = [3]


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (_seat(goods=[99] * 16), IndexError, "goods 99 is outside its table"),  # H7: 22 markers
        (_seat(markers="3"), TypeError, "markers must be an integer"),
        (_seat(favour=-1), IndexError, "favour is negative"),
        (_seat(covers=[[9], [], [], []]), IndexError, "a track's covers holds 9"),  # 7 squares
        (_seat(farmers=[1, 2, 3]), ValueError, "'farmers' holds 3 entries, not 4"),
        (_seat(tiles=[15]), IndexError, "a seat's favour tiles holds 15"),  # FT1–FT14
        (_seat(french=[None, -1, -1]), TypeError, "a French merchant slot must be an integer"),
        (_set("phase", "lunch"), ValueError, "phase 'lunch' is unknown"),
        (_set("covered", None), TypeError, "covered must be a string"),
        (_set("boat", 9), IndexError, "the boat is at dock 9"),
        (_set("spaces", [None] * 19), ValueError, "'spaces' holds 19 entries, not 20"),
        (_space_of_seat_5, IndexError, "a space holds seat 5 of 2 players"),
        (_set("built", [1] * 16), TypeError, "built must be True or False"),
        (_set("prices", [[16, 1], None, None]), IndexError, "a price marker holds good 16"),
        (_twice_on_river, ValueError, "notable .* is twice on the river"),
        (_notable_marker_of_seat_3, IndexError, "a marker of seat 3 of 2 players"),
        (_short_column, ValueError, "each guild's orders must be a list or tuple of 6"),
        (_set("order_at", [0, 6, None]), IndexError, "an order marker at 6"),
        (_set("bowls", [7] + [None] * 11), IndexError, "a bowl holds seat 7"),
        (_set("display", [0]), IndexError, "the favour display holds 0"),
        (_set("stack_tiles", list(range(20))), IndexError, "stack_tiles 20 is outside its table"),
        (_set("left", 99), IndexError, "left 99 is outside its table"),  # E2: a round and one more
        (_set("p", []), ValueError, "'p' holds 0 entries, not 2"),
        (_set("turn", None), TypeError, "the turn must be a dict"),
        (_no_mp, ValueError, "the turn has no 'mp'"),
    ],
)
def test_compiled_route_refuses_a_corrupt_state(change, error, message, compiled):
    """A state the rules could never reach is refused with the field named, never read
    beyond a table."""
    module = compiled
    state = played(2, 25)
    change(state.d)
    with pytest.raises(error, match=f"agra observation: .*{message}"):
        for seat in (0, None):
            module.encode(state, seat)


def test_compiled_route_refuses_a_wrong_seat_or_buffer(compiled):
    module = compiled
    state = GAME.new(3, seed=2)
    size = encoder("agra").observation_size(3)
    with pytest.raises(ValueError, match="agra observation: seat 3 of 3 players"):
        module.encode(state, 3)
    with pytest.raises(ValueError, match=f"agra observation: out holds 4 bytes, not {4 * size}"):
        module.encode(state, 0, np.zeros(1, np.float32))
    with pytest.raises(BufferError):
        module.encode(state, 0, bytes(4 * size))  # read-only
    out = np.zeros(size, np.float32)
    assert module.encode(state, 1, out) is None
    assert out.tobytes() == encoder("agra").encode(state.view(1), 3).tobytes()

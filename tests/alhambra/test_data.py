"""The tile data's load checks (data/README.md) and the action space's shape."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from eurogames.games.alhambra.actions import ACTIONS, BY_TEXT, NUM_ACTIONS, PLACE
from eurogames.games.alhambra.data import DATA, DataError, load_data
from eurogames.games.alhambra.palace import RADIUS

RAW = resources.files("eurogames.games.alhambra").joinpath("data/tiles.json").read_text("utf-8")


def test_the_shipped_data_loads_with_the_seeds_counts_and_prices():
    per_type = [sum(1 for t in range(1, 55) if DATA.tile_type[t] == i) for i in range(6)]
    assert per_type == [7, 7, 9, 9, 11, 11]
    assert DATA.tile_price[1] == 2 and DATA.tile_walls[1] == 1 | 2 | 8  # north, east, west
    assert DATA.type_names_zh_hant == ("亭臺", "宅邸", "樓閣", "宮室", "園林", "塔樓")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["tiles"][0].update(price=3), "prices"),
        (lambda d: d["tiles"][6].update(walls=["north"]), "walls"),
        (lambda d: d["tiles"][1].update(walls=["north", "south"]), "20 tiles"),
        (lambda d: d["building_types"][0].update(points_by_scoring=[[2], [8, 1], [16, 8, 1]]),
         "points"),
        (lambda d: d["tiles"].pop(), "ids"),
    ],
)
def test_a_mis_edited_file_is_refused(edit, message):
    raw = json.loads(RAW)
    edit(raw)
    with pytest.raises(DataError, match=message):
        load_data(json.dumps(raw))


def test_the_action_space_is_fixed_and_every_text_is_unique():
    assert len(ACTIONS) == NUM_ACTIONS == len(BY_TEXT)
    assert all(a.id == i for i, a in enumerate(ACTIONS))
    places = [a for a in ACTIONS if a.kind == PLACE]
    assert len(places) == 54 * (2 * RADIUS + 1) ** 2

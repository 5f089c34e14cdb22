"""The component data (D15): it ships, it matches its README, and a damaged copy is refused.

The README beside cards.json lists the facts of the deck. They are recomputed here from the
raw JSON, independently of the loader, so that a loader bug and a data bug cannot hide each
other.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from importlib import resources

import pytest

from eurogames.games.splendor.data import (
    CARDS_CHECKSUM,
    COLOURS,
    DATA,
    NOBLES_CHECKSUM,
    DataError,
    load_data,
)

PACKAGE = resources.files("eurogames.games.splendor")
TEXT = PACKAGE.joinpath("data/cards.json").read_text("utf-8")
RAW = json.loads(TEXT)
README = PACKAGE.joinpath("data/README.md").read_text("utf-8")


def vector(mapping: dict[str, int]) -> tuple[int, ...]:
    return tuple(mapping.get(c, 0) for c in COLOURS)


def altered(change) -> str:
    raw = json.loads(TEXT)
    change(raw)
    return json.dumps(raw)


# -- shipping -------------------------------------------------------------------------------


def test_the_shipped_data_loads():
    data = load_data()
    assert data.card_cost == DATA.card_cost
    assert len(data.card_level) == 91 and len(data.noble_requires) == 11


def test_the_readme_ships_next_to_cards_json():
    assert PACKAGE.joinpath("data/README.md").is_file()
    assert PACKAGE.joinpath("data/cards.json").is_file()
    assert "Sources and cross-check" in README


def test_the_readme_records_the_checksums_the_loader_asserts():
    digests = re.findall(r"`([0-9a-f]{64})`", README)
    assert digests == [CARDS_CHECKSUM, NOBLES_CHECKSUM]


def test_the_checksums_recomputed_from_the_json_by_the_readmes_recipe():
    card_lines = "".join(
        f"{c['id']},{c['level']},{c['bonus']},{c['points']},"
        + ",".join(str(x) for x in vector(c["cost"]))
        + "\n"
        for c in RAW["cards"]
    )
    noble_lines = "".join(
        f"{n['id']},{n['points']}," + ",".join(str(x) for x in vector(n["requires"])) + "\n"
        for n in RAW["nobles"]
    )
    assert card_lines.startswith("1,1,white,0,0,0,0,2,1\n")  # the README's example line
    assert hashlib.sha256(card_lines.encode()).hexdigest() == CARDS_CHECKSUM
    assert hashlib.sha256(noble_lines.encode()).hexdigest() == NOBLES_CHECKSUM


# -- the README's facts, from the raw JSON --------------------------------------------------


def test_readme_card_counts_per_level_and_colour():
    per = Counter((c["level"], c["bonus"]) for c in RAW["cards"])
    for colour in COLOURS:
        assert (per[(1, colour)], per[(2, colour)], per[(3, colour)]) == (8, 6, 4)
    assert [c["id"] for c in RAW["cards"]] == list(range(1, 91))


def test_readme_points():
    by_level = {
        lv: Counter(c["points"] for c in RAW["cards"] if c["level"] == lv) for lv in (1, 2, 3)
    }
    assert by_level[1] == {0: 35, 1: 5}
    assert by_level[2] == {1: 10, 2: 15, 3: 5}
    assert by_level[3] == {3: 5, 4: 10, 5: 5}
    for colour in COLOURS:
        assert sum(c["points"] for c in RAW["cards"] if c["bonus"] == colour) == 28


def test_readme_cost_totals_and_shapes():
    for level, per_colour in ((1, 33), (2, 41), (3, 43)):
        level_cards = [c for c in RAW["cards"] if c["level"] == level]
        totals = [sum(vector(c["cost"])[i] for c in level_cards) for i in range(5)]
        assert totals == [per_colour] * 5
    sizes = {
        lv: Counter(sum(vector(c["cost"])) for c in RAW["cards"] if c["level"] == lv)
        for lv in (1, 2, 3)
    }
    assert sizes[1] == {3: 10, 4: 15, 5: 15}
    assert sizes[2] == {5: 5, 6: 5, 7: 10, 8: 10}
    assert sizes[3] == {7: 5, 10: 5, 12: 5, 14: 5}
    shapes = {
        1: ["1-1-1-1", "2-1-1-1", "2-1", "2-2", "2-2-1", "3", "3-1-1", "4"],
        2: ["3-2-2", "3-3-2", "4-2-1", "5", "5-3", "6"],
        3: ["5-3-3-3", "6-3-3", "7", "7-3"],
    }
    for level, expected in shapes.items():
        for colour in COLOURS:
            found = sorted(
                "-".join(str(x) for x in sorted((v for v in vector(c["cost"]) if v), reverse=True))
                for c in RAW["cards"]
                if c["level"] == level and c["bonus"] == colour
            )
            assert found == sorted(expected), (level, colour)


def test_readme_cards_costing_their_own_colour():
    own = Counter(c["level"] for c in RAW["cards"] if c["cost"].get(c["bonus"], 0))
    assert own == {1: 6, 2: 16, 3: 10}


def test_readme_id_convention():
    key = [
        (c["level"], COLOURS.index(c["bonus"]), c["points"], vector(c["cost"]))
        for c in RAW["cards"]
    ]
    assert key == sorted(key) and len(set(key)) == 90


def test_readme_nobles_are_the_neighbours_round_the_colour_cycle():
    requires = [vector(n["requires"]) for n in RAW["nobles"]]
    assert all(n["points"] == 3 for n in RAW["nobles"])
    pairs = {
        frozenset(i for i in range(5) if r[i]) for r in requires if sorted(r) == [0, 0, 0, 4, 4]
    }
    runs = {
        frozenset(i for i in range(5) if r[i]) for r in requires if sorted(r) == [0, 0, 3, 3, 3]
    }
    assert pairs == {frozenset({i, (i + 1) % 5}) for i in range(5)}
    assert runs == {frozenset({i, (i + 1) % 5, (i + 2) % 5}) for i in range(5)}
    assert [sum(r[i] for r in requires) for i in range(5)] == [17] * 5


def test_readme_spot_checks():
    # the seed's Hannah example, and the 2014 English rulebook's card and noble
    assert (
        (DATA.card_level[59], COLOURS[DATA.card_bonus[59]], DATA.card_points[59]) == (2, "red", 1)
    )
    assert DATA.card_cost[59] == (0, 3, 0, 2, 3)
    assert [c for c in range(1, 91) if DATA.card_cost[c] == (0, 3, 0, 2, 3)] == [59]
    assert (
        (DATA.card_level[76], COLOURS[DATA.card_bonus[76]], DATA.card_points[76]) == (3, "blue", 4)
    )
    assert DATA.card_cost[76] == (6, 3, 0, 0, 3)
    assert DATA.noble_requires[6] == (3, 3, 3, 0, 0)


# -- damaged data is refused ----------------------------------------------------------------


def test_one_changed_cost_is_refused():
    def change(raw):
        raw["cards"][0]["cost"]["red"] = 3  # card 1: red 2 -> 3

    with pytest.raises(DataError, match="card checksum mismatch"):
        load_data(altered(change))


def test_two_swapped_colours_are_refused():
    def change(raw):
        for card in raw["cards"]:
            card["bonus"] = {"red": "black", "black": "red"}.get(card["bonus"], card["bonus"])

    with pytest.raises(DataError):
        load_data(altered(change))


def test_a_removed_card_is_refused():
    def change(raw):
        del raw["cards"][41]

    with pytest.raises(DataError, match="card ids must be 1..90"):
        load_data(altered(change))


def test_a_card_moved_to_another_level_is_refused():
    def change(raw):
        raw["cards"][39]["level"] = 2  # card 40

    with pytest.raises(DataError, match="levels must hold 40 / 30 / 20"):
        load_data(altered(change))


def test_changed_points_are_refused():
    def change(raw):
        raw["cards"][0]["points"] = 1

    with pytest.raises(DataError, match="level 1 points must total 5"):
        load_data(altered(change))


def test_a_nobles_points_changed_is_refused():
    def change(raw):
        raw["nobles"][3]["points"] = 4

    with pytest.raises(DataError, match="every noble is worth 3 points"):
        load_data(altered(change))


def test_a_nobles_requirement_changed_is_refused():
    def change(raw):
        raw["nobles"][0]["requires"] = {"white": 4, "green": 4}  # a duplicate-free 4+4 shape

    with pytest.raises(DataError, match="noble checksum mismatch"):
        load_data(altered(change))


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda raw: raw["cards"][0]["cost"].update(gold=1), "unknown colour 'gold'"),
        (lambda raw: raw["cards"][0]["cost"].update(red=0), "positive integer"),
        (lambda raw: raw.update(schema_version=2), "schema_version"),
        (lambda raw: raw.pop("nobles"), "malformed"),
        (lambda raw: raw.update(colours=["blue", "white", "green", "red", "black"]), "colours"),
    ],
)
def test_malformed_data_names_the_problem(change, problem):
    with pytest.raises(DataError, match=problem):
        load_data(altered(change))


def test_text_that_is_not_json_is_refused():
    with pytest.raises(DataError, match="not valid JSON"):
        load_data(TEXT[:200])


def test_data_error_is_a_value_error():
    assert issubclass(DataError, ValueError)

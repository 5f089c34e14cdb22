"""The three scorings (計分): building majorities with shared places, and outer walls.

Kept apart from the state so that the tie rule can be tested on bare counts, as the rules
page's table of cases (§15 case 32) is written.
"""

from __future__ import annotations

from collections.abc import Sequence

from eurogames.games.alhambra.data import DATA, TYPES


def building_points(counts: Sequence[int], table: Sequence[int]) -> list[int]:
    """Points per contestant for one type (rules S2–S4).

    Only contestants with at least one tile rank. Tied contestants share, rounded down, the
    points of all the places they occupy together; the next contestant takes the place after
    them (so two tied for first push the next one to third). Places beyond the table pay 0.
    """
    ranked = sorted((c for c in range(len(counts)) if counts[c] >= 1), key=lambda c: -counts[c])
    points = [0] * len(counts)
    place = 0
    i = 0
    while i < len(ranked) and place < len(table):
        j = i
        while j < len(ranked) and counts[ranked[j]] == counts[ranked[i]]:
            j += 1
        k = j - i
        share = sum(table[place : place + k]) // k
        for c in ranked[i:j]:
            points[c] = share
        place += k
        i = j
    return points


def round_points(
    type_counts: Sequence[Sequence[int]], walls: Sequence[int], round_: int
) -> list[int]:
    """One scoring's points per contestant.

    ``type_counts[c][t]`` is contestant c's tiles of type t in the Alhambra; ``walls[c]`` the
    longest outer wall (Dirk, who has no Alhambra, passes 0). ``round_`` is 1, 2 or 3.
    """
    tables = DATA.points[round_ - 1]
    total = list(walls)
    for t in range(len(TYPES)):
        for c, p in enumerate(building_points([counts[t] for counts in type_counts], tables[t])):
            total[c] += p
    return total


def round_breakdown(
    type_counts: Sequence[Sequence[int]], walls: Sequence[int], round_: int
) -> list[tuple[tuple[int, ...], int]]:
    """One scoring's points per contestant as (points per building type, wall points).

    The parts of :func:`round_points`: its total for a contestant is their sum.
    """
    tables = DATA.points[round_ - 1]
    by_type = [[0] * len(TYPES) for _ in type_counts]
    for t in range(len(TYPES)):
        for c, p in enumerate(building_points([counts[t] for counts in type_counts], tables[t])):
            by_type[c][t] = p
    return [(tuple(by_type[c]), walls[c]) for c in range(len(type_counts))]

"""The named SWAR trick of Alhambra's payments (``rules.holds``), against its plain
definition: a purse holds a payment when it has at least as many cards of every value."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from eurogames.games.alhambra.rules import holds, purses

COUNTS = st.lists(st.integers(0, 3), min_size=9, max_size=9)  # at most 3 copies (M1)


def purse_of(counts: list[int]) -> int:
    return purses((*counts, *(0,) * 27))[0]  # yellow's purse; every currency packs alike


@given(COUNTS, COUNTS)
def test_holds_is_at_least_as_many_of_every_value(held, needed):
    plain = all(h >= n for h, n in zip(held, needed, strict=True))
    assert holds(purse_of(held), purse_of(needed)) is plain


def test_holds_on_the_edges():
    assert holds(purse_of([3] * 9), purse_of([3] * 9))
    assert holds(purse_of([0] * 9), purse_of([0] * 9))
    assert not holds(purse_of([0] * 8 + [2]), purse_of([0] * 8 + [3]))  # a 9 short
    assert not holds(purse_of([0] + [3] * 8), purse_of([1] + [0] * 8))  # no 1 at all

"""The packed per-colour arithmetic (rules.py) against its plain definition."""

from hypothesis import given
from hypothesis import strategies as st

from eurogames.games.splendor.rules import GUARD, packed_shortfall, shortfall

# five colours' counts: what is needed (a card costs at most 7 of a colour) and what is held
# (tokens plus bonuses: at most 25 of a colour)
needs = st.tuples(*[st.integers(0, 7)] * 5)
haves = st.tuples(*[st.integers(0, 25)] * 5)


def pack(counts):
    return sum(n << (6 * c) for c, n in enumerate(counts))


def unpack(fields):
    return tuple((fields >> (6 * c)) & 63 for c in range(5))


@given(needs, haves)
def test_packed_shortfall_is_max_of_zero_and_need_minus_have_per_colour(need, have):
    assert unpack(packed_shortfall(pack(need) | GUARD, pack(have))) == tuple(
        max(0, n - h) for n, h in zip(need, have, strict=True)
    )


@given(needs, haves)
def test_shortfall_is_the_sum_over_the_colours(need, have):
    assert shortfall(pack(need) | GUARD, pack(have)) == sum(
        max(0, n - h) for n, h in zip(need, have, strict=True)
    )


def test_shortfall_at_the_extremes():
    assert shortfall(pack((7,) * 5) | GUARD, 0) == 35
    assert shortfall(pack((7,) * 5) | GUARD, pack((25,) * 5)) == 0
    assert shortfall(pack((0, 7, 0, 7, 0)) | GUARD, pack((25, 6, 25, 0, 25))) == 8

"""Fair deals (issue 18, docs/web.md "Fair deals"): a seed the creator chose is told to every
seat of a match that people play at separate seats; random seeds have 64 bits."""

from __future__ import annotations

from typing import Any

import pytest

from eurogames.store import Store

from . import bot, create, human, state, token


def every_payload(client: Any, match: dict[str, Any]) -> list[dict[str, Any]]:
    tokens = [seat["token"] for seat in match["seats"] if seat.get("token")]
    return [state(client, match, tok) for tok in [*tokens, None]]


def test_a_chosen_seed_with_people_at_separate_seats_is_told_to_every_seat(client: Any) -> None:
    match = create(client, seats=[human("Ann"), human("Bob")], seed=7)
    payloads = every_payload(client, match)
    assert len(payloads) == 3 and all(p["fixed_deal"] is True for p in payloads)
    assert "7" not in str(payloads[0]["fixed_deal"])  # it says that, never the seed


@pytest.mark.parametrize(("seats", "seed", "hotseat"), [
    ([human("Ann"), human("Bob")], None, False),  # a random deal
    ([human("Ann"), bot("random")], 7, False),  # one person: only the creator plays
    ([human("Ann"), human("Bob")], 7, True),  # one screen
])
def test_no_fixed_deal_is_shown_where_nobody_is_disadvantaged(
        client: Any, seats: list[dict[str, Any]], seed: int | None, hotseat: bool) -> None:
    match = create(client, seats=seats, seed=seed, hotseat=hotseat)
    assert all(p["fixed_deal"] is False for p in every_payload(client, match))


def test_the_flag_survives_the_store(client: Any, store: Store) -> None:
    match = create(client, seats=[human("Ann"), human("Bob")], seed=7)
    assert store.get_match(match["match"]).seed_chosen is True
    random_deal = create(client, seats=[human("Ann"), human("Bob")], seed=None)
    stored = store.get_match(random_deal["match"])
    assert stored.seed_chosen is False
    # 64 random bits: across a few matches at least one seed is beyond 48 bits (the old draw)
    seeds = [store.get_match(create(client, seats=[human(), human("Bob")], seed=None)
                             ["match"]).seed for _ in range(8)]
    assert max(seeds) >= 2**48
    # a seat's token plays on, the flag stays
    assert state(client, match, token(match, 0))["fixed_deal"] is True

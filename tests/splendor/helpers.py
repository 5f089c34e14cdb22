"""Positions for the Splendor tests, built the way a rulebook example is set up.

A rule test needs one precise position ("Hannah holds 2 red and 1 black bonus and the red
card 59 is in the market"), not a game played until it happens by chance. ``position``
starts from a real deal and moves cards and tokens into place, keeping all 90 cards and
all tokens conserved, so that the engine's own ``check()`` accepts the result and no test
passes on a position the rules could never produce.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import eurogames
from eurogames.core.action import Action
from eurogames.core.rng import Rng
from eurogames.games.splendor.data import COLOURS, DATA, TOKENS
from eurogames.games.splendor.rules import GEMS_PER_COLOUR, GOLD_TOKENS, MAIN, SplendorState

GAME = eurogames.load("splendor")

TokenSpec = str | Mapping[str, int] | Sequence[int]
"""Tokens as words (``"red red gold"``), a mapping (``{"red": 2, "gold": 1}``) or a vector."""


def token_vector(spec: TokenSpec | None) -> tuple[int, ...]:
    """Six counts in the order white, blue, green, red, black, gold."""
    if spec is None:
        return (0,) * 6
    if isinstance(spec, str):
        words = spec.split()
        unknown = [w for w in words if w not in TOKENS]
        if unknown:
            raise ValueError(f"unknown token {unknown[0]!r}")
        return tuple(words.count(t) for t in TOKENS)
    if isinstance(spec, Mapping):
        unknown = [k for k in spec if k not in TOKENS]
        if unknown:
            raise ValueError(f"unknown token {unknown[0]!r}")
        return tuple(spec.get(t, 0) for t in TOKENS)
    vector = tuple(spec)
    return vector + (0,) * (6 - len(vector))


def colour_counts(spec: TokenSpec | None) -> tuple[int, ...]:
    """Five counts (bonuses, costs): like ``token_vector`` but gold is refused."""
    vector = token_vector(spec)
    if vector[5]:
        raise ValueError("gold is never a bonus or a cost (R2)")
    return vector[:5]


def place(name: str) -> int:
    """The market index of slot ``"level.slot"`` (D13): ``"2.3"`` is index 6."""
    level, slot = (int(x) for x in name.split("."))
    return (level - 1) * 4 + slot - 1


def cards(
    level: int | None = None, bonus: str | None = None, points: int | None = None
) -> list[int]:
    """The ids of the cards matching every given property, in id order."""
    return [
        card
        for card in range(1, 91)
        if (level is None or DATA.card_level[card] == level)
        and (bonus is None or COLOURS[DATA.card_bonus[card]] == bonus)
        and (points is None or DATA.card_points[card] == points)
    ]


def cost(card: int) -> tuple[int, ...]:
    return DATA.card_cost[card]


_SLOTS = tuple(f"{i // 4 + 1}.{i % 4 + 1}" for i in range(12))


def _per_seat(mapping: Mapping[int, Any] | None, players: int, name: str) -> dict[int, Any]:
    mapping = dict(mapping or {})
    bad = [seat for seat in mapping if not 0 <= seat < players]
    if bad:
        raise ValueError(f"{name}: no seat {bad[0]} with {players} players")
    return mapping


def position(
    players: int = 2,
    *,
    seed: int = 1,
    first: int = 0,
    current: int | None = None,
    market: Mapping[str, int | None] | None = None,
    decks: Mapping[int, Sequence[int]] | None = None,
    tokens: Mapping[int, TokenSpec] | None = None,
    supply: TokenSpec | None = None,
    bonuses: Mapping[int, TokenSpec] | None = None,
    bought: Mapping[int, Iterable[int]] | None = None,
    reserved: Mapping[int, Sequence[int]] | None = None,
    blind: Mapping[int, Sequence[bool]] | None = None,
    nobles: Sequence[int] | None = None,
    nobles_won: Mapping[int, Sequence[int]] | None = None,
    spare_to: int | None = None,
    ending: bool = False,
    passes: int = 0,
) -> SplendorState:
    """A checked position at the start of ``current``'s turn.

    - ``market``: ``{"2.3": 59}`` puts card 59 in slot 2.3, ``{"1.1": None}`` empties a slot;
      a market card moved elsewhere is replaced from the top of its deck, like R16.
    - ``decks``: ``{1: [5, 6]}`` makes the level-1 deck exactly these cards (top last).
    - ``bonuses``: ``{0: "red red black"}`` gives seat 0 bought cards of those colours
      (zero-point level-1 cards first); ``bought`` names the cards instead.
    - ``tokens`` are taken from the supply. ``supply`` may fix some piles: the
      difference, like every card the position takes out of play, goes to seat
      ``spare_to`` (refused without one, so that nothing appears or vanishes).
    """
    state = GAME.new(players, seed=seed, options={"first": first})
    assert isinstance(state, SplendorState)
    tokens = _per_seat(tokens, players, "tokens")
    bonuses = _per_seat(bonuses, players, "bonuses")
    bought_by = {seat: list(ids) for seat, ids in _per_seat(bought, players, "bought").items()}
    reserved = _per_seat(reserved, players, "reserved")
    blind = _per_seat(blind, players, "blind")
    nobles_won = _per_seat(nobles_won, players, "nobles_won")
    market = dict(market or {})
    decks = dict(decks or {})

    # -- cards ----------------------------------------------------------------------------
    placed: list[int] = []
    placed += [card for card in market.values() if card]
    for ids in decks.values():
        placed += list(ids)
    for ids in reserved.values():
        placed += list(ids)
    for ids in bought_by.values():
        placed += ids
    if len(set(placed)) != len(placed):
        raise ValueError("a card is placed twice")
    for name, card in market.items():
        if card and DATA.card_level[card] != int(name.split(".")[0]):
            raise ValueError(f"card {card} is not a level-{name[0]} card")
    in_market = set(state.market)
    for seat, spec in bonuses.items():  # bonuses come from bought cards (R14)
        wanted = colour_counts(spec)
        for colour in range(5):
            pool = sorted(
                (c for c in cards(bonus=COLOURS[colour]) if c not in placed),
                key=lambda c: (DATA.card_level[c], DATA.card_points[c], c in in_market, c),
            )
            if len(pool) < wanted[colour]:
                raise ValueError(f"not enough {COLOURS[colour]} cards for seat {seat}'s bonuses")
            chosen = pool[: wanted[colour]]
            placed += chosen
            bought_by.setdefault(seat, []).extend(chosen)
    taken = set(placed)
    new_decks = [
        list(decks[level]) if level in decks
        else [c for c in state.decks[level - 1] if c not in taken]
        for level in (1, 2, 3)
    ]
    new_market = list(state.market)
    kept = {c for name, c in zip(_SLOTS, state.market, strict=True) if name not in market}
    for index, card in enumerate(state.market):
        name = _SLOTS[index]
        level = index // 4 + 1
        if name in market:
            new_market[index] = market[name] or 0
            if card not in taken and level not in decks:
                new_decks[level - 1].insert(0, card)  # displaced: back under its deck
        elif card in taken:
            if level in decks:  # the deck is as given: refill from the cards out of play
                pool = sorted(set(cards(level=level)) - taken - kept - set(new_market))
            else:
                pool = new_decks[level - 1]
            new_market[index] = pool.pop() if pool else 0  # R16/R17
            if level in decks and new_market[index]:
                taken.add(new_market[index])
    spare = sorted(
        set(range(1, 91))
        - {c for c in new_market if c}
        - {c for deck in new_decks for c in deck}
        - taken
    )
    if spare:
        if spare_to is None:
            raise ValueError(f"cards {spare[:5]}... have no place: pass spare_to")
        bought_by.setdefault(spare_to, []).extend(spare)

    # -- tokens ---------------------------------------------------------------------------
    gems = GEMS_PER_COLOUR[players]
    total = (gems,) * 5 + (GOLD_TOKENS,)
    held = [list(token_vector(tokens.get(seat))) for seat in range(players)]
    free = [total[t] - sum(h[t] for h in held) for t in range(6)]
    if supply is not None:
        fixed = token_vector(supply) if not isinstance(supply, Mapping) else None
        wanted_supply = list(fixed) if fixed is not None else [
            supply.get(t, free[i]) for i, t in enumerate(TOKENS)
        ]
        extra = [free[t] - wanted_supply[t] for t in range(6)]
        if any(extra):
            if spare_to is None:
                raise ValueError("the fixed supply leaves tokens without a holder: pass spare_to")
            held[spare_to] = [h + x for h, x in zip(held[spare_to], extra, strict=True)]
        free = wanted_supply
    if any(x < 0 for x in free) or any(x < 0 for h in held for x in h):
        raise ValueError(f"more tokens than the game has: supply would be {free}")

    # -- write the fields (the SplendorState data model) -----------------------------------
    state.supply = free
    state.tokens = [tuple(h) for h in held]
    state.market = new_market
    state.decks = [tuple(d) for d in new_decks]
    state.reserved = [tuple(reserved.get(seat, ())) for seat in range(players)]
    state.blind = [
        tuple(bool(b) for b in blind.get(seat, [False] * len(state.reserved[seat])))
        for seat in range(players)
    ]
    state.bought = [tuple(bought_by.get(seat, ())) for seat in range(players)]
    state.bonuses = [
        tuple(
            sum(1 for c in state.bought[seat] if DATA.card_bonus[c] == colour)
            for colour in range(5)
        )
        for seat in range(players)
    ]
    won = [tuple(nobles_won.get(seat, ())) for seat in range(players)]
    face_up = tuple(nobles) if nobles is not None else tuple(
        n for n in state.nobles if all(n not in w for w in won)
    )
    all_nobles = list(face_up) + [n for w in won for n in w]
    if len(set(all_nobles)) != len(all_nobles):
        raise ValueError("a noble is in two places")
    state.nobles = face_up
    state.nobles_won = won
    state.points = [
        sum(DATA.card_points[c] for c in state.bought[seat])
        + sum(DATA.noble_points[n] for n in won[seat])
        for seat in range(players)
    ]
    state.current = first if current is None else current
    state.phase = MAIN
    state.ending = ending
    state.passes = passes
    state._legal = None
    state.check()
    return state


def noble_one_in_reach() -> SplendorState:
    """Noble 1 needs 4 white and 4 blue bonuses; seat 0 has 4 white and 3 blue, and can buy
    the blue card 9 (1.1) with its three black tokens: ``buy 1.1`` brings the visit."""
    return position(
        2,
        bonuses={0: "white white white white blue blue blue"},
        nobles=[1, 4, 5],
        market={"1.1": 9},
        tokens={0: "black black black"},
    )


def play(state: SplendorState, *texts: str) -> SplendorState:
    """Play each action, written in the rulebook's notation, in order."""
    for text in texts:
        state.apply(state.parse_action(text))
    return state


def legal_texts(state: SplendorState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def snapshot(state: SplendorState) -> str:
    """The whole state as text, to prove an illegal action changed nothing."""
    return json.dumps(state.to_json(), sort_keys=True)


def random_game(
    players: int, seed: int, first: int = 0, max_plies: int = 2000, stop_at: int | None = None
) -> SplendorState:
    """A game of uniform random legal play, to the end (or ``stop_at`` plies)."""
    state = GAME.new(players, seed=seed, options={"first": first})
    rng = Rng(seed * 7919 + players)
    limit = max_plies if stop_at is None else stop_at
    while not state.is_over() and state.ply < limit:
        state.apply(rng.choice(state.legal_actions()))
    if stop_at is None and not state.is_over():
        raise AssertionError(f"game {players}p seed {seed} did not end in {max_plies} plies")
    return state


def kinds(actions: Iterable[Action]) -> set[str]:
    return {a.kind for a in actions}

"""Positions for the Alhambra tests, drawn and set up the way the rules page shows them.

``grid_from_picture`` reads the ASCII pictures of the specification (shared/rules/alhambra.md
§15) (3x3 characters per cell, ``+`` corners mark a tile, ``-`` and ``|`` its walls, ``F`` the
fountain) and checks every named tile's walls against the tile data, so a test cannot draw a
tile the data does not have. ``position`` starts from a real deal and moves tiles and money into
place, conserving all 54 tiles and every money card, so that ``check()`` accepts it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import pytest

import eurogames
from eurogames.core.rng import Rng
from eurogames.games.alhambra.actions import BY_TEXT, CURRENCIES, SCORING_CARD, card_code
from eurogames.games.alhambra.data import NORTH, SOUTH, TILE_IDS, TILE_WALLS
from eurogames.games.alhambra.palace import FOUNTAIN, ORIGIN, cell_of, new_grid
from eurogames.games.alhambra.rules import ACTION, AlhambraState

GAME = eurogames.load("alhambra") if "alhambra" in eurogames.games() else None
if GAME is None:  # before registration the package is still importable directly
    from eurogames.games.alhambra import GAME
OPEN_TILES = (7, 14, 22, 23, 31, 32, 41, 42, 52, 53)
EAST, WEST = 2, 8


def read_picture(picture: str) -> dict[str, tuple[int, int, int]]:
    """Name -> (x, y, wall bits) for every tile or marked cell, the fountain at (0, 0).

    Empty cells marked ``.`` or ``X`` without corners are reported with walls -1.
    """
    lines = [line for line in picture.splitlines() if line.strip()]
    while len(lines) % 3:
        lines.append("")
    width = max(len(line) for line in lines)
    width += -width % 3
    lines = [line.ljust(width) for line in lines]
    found: dict[str, tuple[int, int, int]] = {}
    for row in range(len(lines) // 3):
        top, mid, bottom = lines[3 * row : 3 * row + 3]
        for col in range(width // 3):
            span = slice(3 * col, 3 * col + 3)
            block = (top[span], mid[span], bottom[span])
            name = block[1][1]
            if name == " ":
                continue
            if block[0][0] == "+":
                walls = (
                    (NORTH if block[0][1] == "-" else 0)
                    | (EAST if block[1][2] == "|" else 0)
                    | (SOUTH if block[2][1] == "-" else 0)
                    | (WEST if block[1][0] == "|" else 0)
                )
            else:
                walls = -1
            found[name] = (col, row, walls)
    fx, fy, _ = found["F"]
    return {name: (x - fx, y - fy, w) for name, (x, y, w) in found.items()}


def grid_from_picture(
    picture: str, ids: Mapping[str, int] | None = None, skip: Iterable[str] = ()
) -> tuple[bytes, tuple[int, ...], dict[str, tuple[int, int, int]]]:
    """The grid drawn, with tile ids from ``ids`` (open tiles without an id get a wall-less
    tile). Names in ``skip`` (such as ``X``) are left empty. Returns (grid, cells, picture).
    """
    ids = dict(ids or {})
    drawn = read_picture(picture)
    spare = [t for t in OPEN_TILES if t not in ids.values()]
    grid = bytearray(new_grid())
    cells = [ORIGIN]
    for name, (x, y, walls) in drawn.items():
        if name == "F" or walls < 0 or name in skip:
            continue
        tile = ids.get(name)
        if tile is None:
            assert walls == 0, f"tile {name} has walls: give its id"
            tile = spare.pop(0)
            ids[name] = tile
        assert TILE_WALLS[tile] == walls, f"tile {tile} drawn as {name} has other walls"
        c = cell_of(x, y)
        grid[c] = tile
        cells.append(c)
    return bytes(grid), tuple(cells), drawn


def money(spec: str) -> list[int]:
    """Card codes from ``"blue 4 green 2"``."""
    words = spec.split()
    pairs = zip(words[::2], words[1::2], strict=True)
    return [card_code(CURRENCIES.index(c), int(v)) for c, v in pairs]


def money_counts(spec: str) -> list[int]:
    """A hand (or pile) as its 36 counts, from ``"blue 4 green 2"``."""
    counts = [0] * 36
    for code in money(spec):
        counts[code] += 1
    return counts


def position(
    players: int = 3,
    seed: int = 1,
    *,
    alhambras: Mapping[int, Mapping[int, tuple[int, int]]] | None = None,
    reserves: Mapping[int, Sequence[int]] | None = None,
    market: Sequence[int] | None = None,
    hands: Mapping[int, str] | None = None,
    display: str | None = None,
    deck: Sequence[str] | None = None,
    discard: str | None = None,
    current: int = 0,
    bag: Sequence[int] | None = None,
    dirk: Sequence[int] | None = None,
    options: dict[str, Any] | None = None,
    scorings_done: int = 0,
) -> AlhambraState:
    """A legal-looking position: the named tiles and cards where asked, the rest conserved.

    ``alhambras[seat]`` maps tile id -> (x, y). Unnamed hands are empty; money nobody was
    given lies in the deck below the cards listed in ``deck`` (top first; ``"scoring"`` is
    a scoring card); scoring cards neither listed nor done lie at the very bottom. Unlisted
    tiles go to the bag (or out of the market if ``bag`` is given).
    """
    s = GAME.new(players, seed=seed, options=options or {})
    used: set[int] = set()
    grids = []
    cells_list = []
    for p in range(players):
        grid = bytearray(new_grid())
        cells = [ORIGIN]
        for tile, (x, y) in (alhambras or {}).get(p, {}).items():
            c = cell_of(x, y)
            grid[c] = tile
            cells.append(c)
            used.add(tile)
        grids.append(bytes(grid))
        cells_list.append(tuple(cells))
    s.grids, s.cells = grids, cells_list
    s.reserves = [tuple(sorted((reserves or {}).get(p, ()))) for p in range(players)]
    for r in s.reserves:
        used.update(r)
    if dirk is not None:
        s.dirk = tuple(sorted(dirk))
    used.update(s.dirk)
    if market is None:
        market = [t for t in s.market]
        taken = [t for t in market if t in used]
        free = [t for t in TILE_IDS if t not in used and t not in market]
        market = [free.pop(0) if t in taken else t for t in market]
    s.market = list(market)
    used.update(t for t in market if t)
    if bag is None:
        bag = [t for t in TILE_IDS if t not in used]
    s.bag = tuple(sorted(bag))
    leftover = [t for t in TILE_IDS if t not in used and t not in s.bag]
    assert not leftover or dirk is None or players == 2, "tiles lost"
    if leftover:  # tiles outside every pile: give them to seat players-1's reserve
        s.reserves[-1] = tuple(sorted((*s.reserves[-1], *leftover)))
    copies = 2 if s.with_dirk else 3
    pool = [copies] * 36
    hand_list = []
    for p in range(players):
        hand = [0] * 36
        for code in money((hands or {}).get(p, "")):
            hand[code] += 1
            pool[code] -= 1
        hand_list.append(tuple(hand))
    s.hands = hand_list
    s.display = tuple(sorted(money(display))) if display is not None else ()
    for code in s.display:
        pool[code] -= 1
    disc = [0] * 36
    for code in money(discard or ""):
        disc[code] += 1
        pool[code] -= 1
    s.discard = tuple(disc)
    top = []
    for word in deck or ():
        if word == "scoring":
            top.append(SCORING_CARD)
        else:
            (code,) = money(word)
            pool[code] -= 1
            top.append(code)
    assert min(pool) >= 0, "more copies of a card than the game has"
    rest = [c for c in range(36) for _ in range(pool[c])]
    undrawn = 2 - scorings_done - top.count(SCORING_CARD)
    s.deck = tuple(reversed([*top, *rest, *[SCORING_CARD] * undrawn]))
    bottoms = sorted((i for i, c in enumerate(s.deck) if c == SCORING_CARD), reverse=True)
    s.scorings = scorings_done
    s.scoring_ranges = ((0, 0),) * scorings_done + tuple((b, b) for b in bottoms)
    s.pending = ()
    s.points = [0] * players
    s.dirk_points = 0
    s.log = ()
    s.current = current
    s.phase = ACTION
    s.bonus = False
    s.queue = ()
    s.forget_geometry()
    s.check()
    return s


def case28_last_tile_in_the_bag() -> AlhambraState:
    """Spec §15 case 28: one tile (22) left in the bag, market slots 2 and 4 empty, every
    other tile on seat 2's reserve; the next take ends the refill, and with it the game."""
    state = position(
        market=[7, 0, 14, 0],
        bag=[22],
        hands={0: "yellow 5", 1: "blue 6", 2: "green 3"},
        display="orange 1",
        deck=["orange 2"],
    )
    state.reserves[2] = tuple(sorted(t for t in TILE_IDS if t not in (7, 14, 22, *state.dirk)))
    state.check()
    return state


def legal_texts(state: AlhambraState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def play(state: AlhambraState, *texts: str) -> AlhambraState:
    for text in texts:
        state.apply(state.parse_action(text))
    return state


def purchase(slot: int, *values: int) -> tuple[str, ...]:
    """One purchase (M7) with a minimal payment, as its one decision: the market slot (1-4)
    and the values of the slot's currency paid: ``purchase(3, 4, 2)`` is ``buy 3 pay 2,4``."""
    return (f"buy {slot} pay {','.join(map(str, sorted(values)))}",)


def card_by_card(slot: int, *values: int) -> tuple[str, ...]:
    """One purchase (M7) card by card: the market slot (1-4), each card of the slot's
    currency by value, then the confirmation: ``card_by_card(3, 2, 4)`` pays blue 2 and 4."""
    currency = CURRENCIES[slot - 1]
    return (f"buy {slot}", *(f"pay {currency} {v}" for v in values), "confirm")


def act(text: str):
    return BY_TEXT[text]


def alhambra_tiles(state: AlhambraState, seat: int) -> dict[int, tuple[int, int]]:
    from eurogames.games.alhambra.palace import xy_of

    grid = state.grids[seat]
    return {grid[c]: xy_of(c) for c in state.cells[seat] if grid[c] != FOUNTAIN}


def hand(spec: str) -> tuple[int, ...]:
    """A hand as the state keeps it (a count per card code) from ``"yellow 9 green 8"``."""
    counts = [0] * 36
    for code in money(spec):
        counts[code] += 1
    return tuple(counts)


@contextmanager
def money_deck_on_top(cards: Sequence[str]) -> Iterator[list[int]]:
    """Make the next setup's shuffled money deck start with ``cards`` (first dealt first).

    Setup shuffles the money deck with ``Rng.shuffle`` and deals from its top (the end of
    the list); the wrapper moves one copy of each named card there after the real shuffle,
    so the deal itself, the display and the five piles are all the engine's own. The list
    yielded records the deck sizes arranged, so a test can tell that the arrangement ran.
    """
    wanted = money(" ".join(cards))
    shuffle = Rng.shuffle
    arranged: list[int] = []

    def shuffle_then_arrange(rng: Rng, items: list[int]) -> None:
        shuffle(rng, items)
        if not arranged and len(items) in (72, 108) and set(items) == set(range(36)):
            for code in wanted:
                items.remove(code)
            items.extend(reversed(wanted))
            arranged.append(len(items))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Rng, "shuffle", shuffle_then_arrange)
        yield arranged


FOUR_FIVES = "blue 5 orange 5 yellow 5 green 5"  # four cards worth 20


def dealt(
    players: int, deals: Sequence[str], then: str = "", options: dict | None = None
) -> AlhambraState:
    """A real setup whose deck deals ``deals`` (one string per seat) and then ``then``."""
    with money_deck_on_top([*deals, then] if then else deals) as arranged:
        state = GAME.new(players, seed=11, options=options or {})
    assert arranged, (
        "setup no longer shuffles the money deck with Rng.shuffle: arrange it another way"
    )
    return state


# the specification's case 19: placing X encloses the two empty cells (1,1) and (2,1)
CASE19 = """
+ ++ ++ ++ +
 F  a  b  c
+ ++ ++ ++ +
+ +      + +
 d  .  .  e
+ +      + +
+ ++ +
 f  g  X  .
+ ++ +
"""

"""A tournament between bots: who sits where in game ``i``, how game ``i`` is seeded, and the
loop that plays every game on a backend and hands the results back in index order.

Everything a game needs is a function of the tournament and the game's index alone (the
seating, the deal, every bot's seed), so a tournament plays the same games whichever backend
or number of workers runs it, as long as no bot reads the clock (``seconds=`` budgets do).

The schedule (see docs/arena.md): with ``n`` bots and ``k`` players a *table* is a
``k``-combination of distinct bots (or, when ``n < k``, a ``k``-multiset of bots with at least
two different ones); a *round* plays every table once in each of its ``k`` seat rotations,
rotation by rotation, so every bot sits in every seat equally often within a table. Game
``i`` is game ``i % cycle`` of round ``i // cycle``, and every game of a round is dealt from
the same seed: the rotations of a table replay the same deal with the seats turned
(duplicate format), so the luck of the deal cancels out of the comparison.

With one player (``k = 1``, a game whose 1-player games have opponents that are not seats,
``state.opponents()`` in docs/api.md) a table is one bot alone and a round plays every bot
once on the same deal: each bot meets the game's own opponent on the same deals.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any, NamedTuple

import eurogames
from eurogames.core.errors import EurogamesError, UnknownGameError
from eurogames.core.game import Game
from eurogames.core.rng import Rng

if TYPE_CHECKING:
    from eurogames.arena.backends import Backend

# Splendor's seed rules have no move limit (docs/rules/splendor.md, D7) and two bots that
# never buy could trade tokens forever; bench/strength.py caps at the same length
MAX_PLIES_PER_PLAYER = 250
# seeds stay below 2**48 so that a record's seed survives JSON readers that use doubles
SEED_BITS = 48
# a batch of games should take about this long: long enough that handing it to a worker
# costs little, short enough that the progress bar moves and the batches spread evenly
TARGET_BATCH_SECONDS = 0.5
MAX_BATCH = 64


class ArenaError(EurogamesError, RuntimeError):
    """A tournament that cannot go on for a reason outside the games: a backend that cannot
    start or be reached, or workers that run another version of the rules."""


def format_value(value: Any) -> str:
    """A setting as ``eurogames.cli.seats.parse_value`` reads it back."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class Entrant:
    """One bot of the tournament: a registered bot name with its settings.

    ``label`` is how tables and records name it; it defaults to the spec as one writes it on
    the command line (``mcts:iterations=500``), so a record says exactly which bot played.
    """

    bot: str
    settings: dict[str, Any] = field(default_factory=dict)
    label: str = ""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.spec)

    @property
    def spec(self) -> str:
        return ":".join([self.bot, *(f"{k}={format_value(v)}" for k, v in self.settings.items())])

    @property
    def time_dependent(self) -> bool:
        """A bot with a time budget searches as far as the machine allows: not reproducible."""
        return self.settings.get("seconds") is not None

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "bot": self.bot, "settings": dict(self.settings)}


@dataclass(frozen=True)
class Schedule:
    """Which bots sit at which seats in every game of a round robin with rotated seats."""

    entrants: int
    players: int

    @cached_property
    def tables(self) -> list[tuple[int, ...]]:
        """Every group of bots that meets, in a fixed order, as entrant indices."""
        n, k = self.entrants, self.players
        if n >= k:
            return list(combinations(range(n), k))
        # fewer bots than seats: some bot takes several seats; a table of one bot alone
        # compares nothing, so it is left out
        return [t for t in combinations_with_replacement(range(n), k) if len(set(t)) > 1]

    @property
    def cycle(self) -> int:
        """Games in one round: every table in every seat rotation."""
        return len(self.tables) * self.players

    def round(self, index: int) -> int:
        return index // self.cycle

    def seating(self, index: int) -> tuple[int, ...]:
        """The entrant at each seat of game ``index``.

        Rotation-major within a round (all tables in rotation 0, then all in rotation 1 …) so
        that a tournament shorter than a round still brings every group of bots together.
        """
        rotation, table = divmod(index % self.cycle, len(self.tables))
        group = self.tables[table]
        return group[rotation:] + group[:rotation]


class OpponentResult(NamedTuple):
    """An opponent that is not a seat (``state.opponents()``) as a game left it."""

    key: str
    name: str  # in English, for the report
    score: int  # final, or as it stood at the cap
    won: bool  # among the winners; always false in a capped game (the game is not over)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "score": self.score, "won": self.won}


@dataclass(frozen=True)
class GameResult:
    """One game as played: enough to replay it and to count it in every statistic."""

    index: int
    seating: tuple[int, ...]  # entrant index per seat
    seed: int
    bot_seeds: tuple[int, ...]
    starter: int  # the seat that moved first
    scores: tuple[int, ...]  # final, or as they stood at the cap
    winners: tuple[int, ...]  # after tie-breaks, as they stood at the cap
    plies: int
    capped: bool  # stopped at max_plies and scored as it stood
    record: dict[str, Any]  # state.record(); its result is null for a capped game
    think: tuple[float, ...] = ()  # seconds spent choosing, per seat (machine-dependent)
    decisions: tuple[int, ...] = ()  # decisions made, per seat
    opponents: tuple[OpponentResult, ...] = ()  # the opponents that are not seats

    def to_json(self, entrants: Sequence[Entrant]) -> dict[str, Any]:
        """The line the records file holds: deterministic (no timings), so two runs of the
        same tournament write the same file. A game with opponents that are not seats adds
        them (``opponents``)."""
        line: dict[str, Any] = {
            "index": self.index,
            "bots": [entrants[e].label for e in self.seating],
            "seating": list(self.seating),
            "seed": self.seed,
            "bot_seeds": list(self.bot_seeds),
            "starter": self.starter,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "plies": self.plies,
            "capped": self.capped,
            "record": self.record,
        }
        if self.opponents:
            line["opponents"] = [o.to_json() for o in self.opponents]
        return line


@dataclass(frozen=True)
class Tournament:
    """What to play. ``check()`` refuses anything that cannot be played, before any game."""

    game: str
    entrants: tuple[Entrant, ...]
    games: int
    players: int = 2
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    max_plies: int | None = None  # None: MAX_PLIES_PER_PLAYER per player

    @cached_property
    def schedule(self) -> Schedule:
        return Schedule(len(self.entrants), self.players)

    @property
    def solo(self) -> bool:
        """One player: each bot alone against the game's own opponents (docs/arena.md)."""
        return self.players == 1

    @property
    def ply_cap(self) -> int:
        return self.max_plies if self.max_plies is not None else MAX_PLIES_PER_PLAYER * self.players

    @property
    def labels(self) -> list[str]:
        return [e.label for e in self.entrants]

    @property
    def time_dependent(self) -> list[str]:
        return [e.label for e in self.entrants if e.time_dependent]

    def check(self) -> Game:
        """The game, once every part of the tournament is known to be playable.

        Raises ``ValueError`` naming the problem (an unknown game, bot, setting or option, a
        player count the game does not take, too few bots, no games, a cap below one ply, one
        player in a game whose 1-player games have no opponent that is not a seat).
        """
        try:
            game = eurogames.load(self.game)
        except UnknownGameError as exc:
            raise ValueError(str(exc)) from None
        for name, value in (("games", self.games), ("players", self.players), ("seed", self.seed)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{name} must be an integer, not {value!r}")
        fewest = 1 if self.players == 1 else 2  # alone, a bot meets the game's opponent
        if len(self.entrants) < fewest:
            raise ValueError(
                f"a tournament of {self.players} player{'s' if self.players != 1 else ''} "
                f"needs at least {fewest} "
                f"bot{'s' if fewest > 1 else ''}, not {len(self.entrants)}"
            )
        if self.games < 1:
            raise ValueError(f"a tournament needs at least 1 game, not {self.games}")
        if not game.min_players <= self.players <= game.max_players:
            raise ValueError(
                f"{game.name} is for {game.min_players} to {game.max_players} players, "
                f"not {self.players}"
            )
        if self.max_plies is not None and (
            isinstance(self.max_plies, bool) or not isinstance(self.max_plies, int)
            or self.max_plies < 1
        ):
            raise ValueError(f"the ply cap must be a positive integer, not {self.max_plies!r}")
        labels = self.labels
        for label in labels:
            if labels.count(label) > 1:
                raise ValueError(f"two bots are labelled {label!r}; labels must differ")
        game.check_options(self.players, dict(self.options))
        if self.solo and not self.opponent_names(game):
            # docs/api.md: a bot alone is measured only against an opponent of the rules
            raise ValueError(
                f"{game.name} played by 1 player has no opponent that is not a seat "
                "(state.opponents() is empty), so a bot alone has nobody to play against; "
                "a 1-player tournament needs a game with its own opponent"
            )
        for entrant in self.entrants:
            try:
                eurogames.bot(entrant.bot, game, seed=0, **entrant.settings)
            except (TypeError, ValueError) as exc:
                raise ValueError(f"bot {entrant.label!r}: {exc}") from None
        return game

    def opponent_names(self, game: Game | None = None) -> list[str]:
        """The English names of the game's opponents that are not seats, at this player
        count and with these options (``[]`` in most games)."""
        if game is None:
            game = eurogames.load(self.game)
        state = game.new(self.players, seed=0, options=dict(self.options))
        return [opponent.name("en") for opponent in state.opponents()]

    # -- seeds: functions of the master seed and the game's index, nothing else -------------
    def deal_seed(self, index: int) -> int:
        """The game's seed, shared by every game of a round (see the module docstring)."""
        return Rng(f"arena:{self.seed}:deal:{self.schedule.round(index)}").next64() >> (
            64 - SEED_BITS
        )

    def bot_seed(self, index: int, seat: int) -> int:
        return Rng(f"arena:{self.seed}:bot:{index}:{seat}").next64() >> (64 - SEED_BITS)

    def to_json(self) -> dict[str, Any]:
        schedule = self.schedule
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
            "max_plies": self.ply_cap,
            "entrants": [e.to_json() for e in self.entrants],
            "tables": [list(t) for t in schedule.tables],
            "cycle": schedule.cycle,
            "eurogames": eurogames.__version__,
        }


def play_game(tournament: Tournament, index: int) -> GameResult:
    """Game ``index`` of the tournament, played to the end or to the ply cap."""
    game = eurogames.load(tournament.game)
    seating = tournament.schedule.seating(index)
    bot_seeds = tuple(tournament.bot_seed(index, seat) for seat in range(tournament.players))
    bots = [
        eurogames.bot(tournament.entrants[e].bot, game, seed=s, **tournament.entrants[e].settings)
        for e, s in zip(seating, bot_seeds, strict=True)
    ]
    seed = tournament.deal_seed(index)
    state = game.new(tournament.players, seed=seed, options=dict(tournament.options))
    starter = state.current_player
    think = [0.0] * tournament.players
    decisions = [0] * tournament.players
    cap = tournament.ply_cap
    clock = time.perf_counter
    # the bots get the real state, not a clone: they are this package's own and only read it
    # (a clone per decision would double the cost of the random bot's games)
    while not state.is_over() and state.ply < cap:
        seat = state.current_player
        started = clock()
        action = bots[seat].choose(state)
        think[seat] += clock() - started
        decisions[seat] += 1
        state.apply(action)
    return GameResult(
        index=index,
        seating=seating,
        seed=seed,
        bot_seeds=bot_seeds,
        starter=starter,
        scores=tuple(state.scores()),
        winners=tuple(state.winners()),
        plies=state.ply,
        capped=not state.is_over(),
        record=state.record(),
        think=tuple(think),
        decisions=tuple(decisions),
        opponents=tuple(OpponentResult(o.key, o.name("en"), o.score, o.won)
                        for o in state.opponents()),
    )


def play_batch(tournament: Tournament, indices: Sequence[int]) -> tuple[list[GameResult], float]:
    """Several games in a row, with the seconds they took (for sizing later batches)."""
    started = time.perf_counter()
    results = [play_game(tournament, i) for i in indices]
    return results, time.perf_counter() - started


def run(
    tournament: Tournament,
    backend: Backend,
    on_result: Callable[[GameResult], None],
    on_progress: Callable[[int], None] | None = None,
) -> None:
    """Play every game on ``backend``; ``on_result`` gets them in index order.

    Batches are consecutive indices, sized from the games' measured speed so that each takes
    about ``TARGET_BATCH_SECONDS``; the first ones hold one game. Batching changes only who
    plays a game when, never what is played.
    """
    game = tournament.check()
    total = tournament.games
    finished: dict[int, GameResult] = {}
    next_out = 0  # the next index on_result waits for
    next_in = 0  # the next index to hand to the backend
    in_flight = 0
    played = 0
    seconds = 0.0
    backend.start(tournament)
    try:
        while next_out < total:
            while next_in < total and in_flight < backend.capacity:
                size = 1 if played == 0 else int(TARGET_BATCH_SECONDS / max(seconds / played, 1e-6))
                size = max(1, min(size, MAX_BATCH, total - next_in))
                backend.submit(list(range(next_in, next_in + size)))
                next_in += size
                in_flight += 1
            for results, took in backend.wait():
                in_flight -= 1
                played += len(results)
                seconds += took
                for result in results:
                    if result.record["version"] != game.version:
                        raise ArenaError(
                            f"game {result.index} was played with {game.name} rules version "
                            f"{result.record['version']}, not {game.version}: the workers run "
                            "another eurogames"
                        )
                    finished[result.index] = result
                while next_out in finished:
                    on_result(finished.pop(next_out))
                    next_out += 1
                if on_progress is not None:
                    on_progress(len(results))
    finally:
        backend.close()

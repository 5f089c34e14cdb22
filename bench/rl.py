"""What the learning adapters cost: decisions per second through each adapter, against the bare
engine, playing uniformly random legal actions on one core.

    python bench/rl.py                                   # the figures in the report
    python bench/rl.py --quick                           # a short run (CI smoke test)
    python bench/rl.py --game alhambra --players 6 --encoding planes   # another encoding

Each game is observed in its default encoding unless ``--encoding`` names another it has
(Alhambra: ``tiles``, the default, or ``planes``; docs/observations.md); the header says
which encoding and route each game took.

Every row counts engine decisions (plies) per second over whole games, new games dealt as
needed. ``engine`` applies a random legal action; ``engine + observation`` also computes the
observation of the seat to move as the adapters do (``Encoder.observe``: the game's compiled
route where the install found a C compiler, else the encoding of ``state.view(seat)``, the
same vector; the header says which route each game took), the information a learner needs
whatever the interface; ``engine + view`` builds ``state.view(seat)`` instead (the view route's
floor, before any encoding); the PettingZoo and Gymnasium rows are what a learning loop sees (an
observation and an action mask every decision); OpenSpiel is timed bare (``legal_actions`` and
``apply_action``, what tree search uses) and with the observation of the seat to move
(``make_observation``, the numpy route). Rates are per CPU second of this process (the
machine is shared), the best of ``--repeat`` measures taken in turn with the other routes,
after an untimed warm-up on other games through the same route (as in a
long training run, where the engine's memos have settled). ``× engine`` is
the engine's rate over the row's: how many times one decision costs through that route;
``× engine + obs.`` compares a route that observes with the engine plus the observation, so
that it shows what the interface itself adds.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable

import eurogames
from engine import pin_to_one_core
from eurogames.core.rng import Rng

clock = time.process_time  # CPU time: the machine is shared, and other loads would count


def engine(
    name: str, players: int, plies: int, see: str = "", seed: int = 1, encoding: str | None = None
) -> float:
    """``see``: "" (nothing), "view" (``state.view``) or "observation" (``Encoder.observe``,
    in ``encoding``) for the seat to move, before each decision."""
    game = eurogames.load(name)
    look = None
    if see == "view":
        def look(state: eurogames.State) -> object:
            return state.view(state.current_player)
    elif see == "observation":
        from eurogames.rl.encoding import Encoder

        observe = Encoder(game, players, encoding=encoding).observe

        def look(state: eurogames.State) -> object:
            return observe(state, state.current_player)
    rng = Rng(seed)
    done = 0
    state = game.new(players, seed=seed)
    start = clock()
    while done < plies:
        if state.is_over():
            state = game.new(players, seed=seed * 1_000_003 + done)
        if look is not None:
            look(state)
        state.apply(rng.choice(state.legal_actions()))
        done += 1
    return done / (clock() - start)


def _random_id(state: eurogames.State, rng: Rng) -> int:
    """The engine row's draw, for every route: the rows then differ only by the route's own
    work (an agent reading the mask, ``np.flatnonzero`` on 38,304 entries for Alhambra, would
    add its own cost to every adapter alike)."""
    return rng.choice(state.legal_actions()).id


def pettingzoo(
    name: str, players: int, plies: int, seed: int = 1, encoding: str | None = None
) -> float:
    import eurogames.rl

    env = eurogames.rl.pettingzoo_env(name, players=players, seed=seed, encoding=encoding)
    rng = Rng(seed)
    done = 0
    env.reset()
    start = clock()
    while done < plies:
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        env.step(_random_id(env.game_state, rng))
        done += 1
    return done / (clock() - start)


def gymnasium_env(
    name: str, players: int, plies: int, seed: int = 1, encoding: str | None = None
) -> float:
    import gymnasium

    import eurogames.rl

    env = gymnasium.make(
        eurogames.rl.env_id(name), opponents=["random"] * (players - 1), seat=0, encoding=encoding
    )
    rng = Rng(seed)
    done = 0
    env.reset(seed=seed)
    start = clock()
    while done < plies:
        before = env.unwrapped.game_state.ply
        _, _, terminated, truncated, _ = env.step(_random_id(env.unwrapped.game_state, rng))
        done += env.unwrapped.game_state.ply - before
        if terminated or truncated:
            env.reset()
    return done / (clock() - start)


def openspiel(
    name: str,
    players: int,
    plies: int,
    with_observation: bool,
    seed: int = 1,
    encoding: str | None = None,
) -> float:
    import pyspiel
    from open_spiel.python.observation import make_observation

    import eurogames.rl  # noqa: F401  (registers the games)

    params = {"players": players, "rng_seed": seed, **({"encoding": encoding} if encoding else {})}
    game = pyspiel.load_game(f"eurogames_{name}", params)
    observation = make_observation(game)
    rng = Rng(seed)
    done = 0
    state = game.new_initial_state()
    start = clock()
    while done < plies:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_action(0)  # the deal
            continue
        if with_observation:
            observation.set_from(state, state.current_player())
        state.legal_actions()  # what a search asks at every node
        state.apply_action(_random_id(state.engine_state, rng))
        done += 1
    return done / (clock() - start)


def chosen_encoding(name: str, wanted: str | None) -> str:
    """``wanted`` where the game has that encoding, else its default."""
    from eurogames.rl import encodings

    return wanted if wanted in encodings(name) else encodings(name)[0]


def observation_routes(names: list[str], wanted: str | None) -> str:
    """Which encoding each game's observations are in, and which route they take here:
    compiled (``_cencode``, where the install found a C compiler) or view (none, or
    ``EUROGAMES_PURE_PYTHON=1``)."""
    from eurogames.rl import observation_route

    return ", ".join(
        f"{name} {chosen_encoding(name, wanted)} "
        f"{observation_route(name, chosen_encoding(name, wanted))}"
        for name in names
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--plies", type=int, default=None, help="decisions per measure")
    parser.add_argument(
        "--warm-up", type=int, default=None, help="untimed decisions before each measure"
    )
    parser.add_argument(
        "--game", action="append", choices=eurogames.games(), help="only these games"
    )
    parser.add_argument(
        "--players", type=int, action="append", help="only these player counts (default 2 and 4)"
    )
    parser.add_argument(
        "--repeat", type=int, default=None, help="measures per route, the best kept (default 5)"
    )
    parser.add_argument(
        "--encoding",
        default=None,
        help="observe in this encoding where a game has it (Alhambra: tiles, planes); "
        "default each game's own",
    )
    args = parser.parse_args(argv)
    pin_to_one_core()
    plies = args.plies or (2000 if args.quick else 30_000)
    warm = args.warm_up if args.warm_up is not None else (500 if args.quick else 30_000)
    args.repeat = args.repeat or (1 if args.quick else 5)
    # (label, measure, whether the route builds an observation)
    # each measure is (game, players, decisions, seed, encoding) -> decisions per second
    routes: list[tuple[str, Callable[..., float], bool]] = [
        ("engine", lambda g, n, k, seed, e: engine(g, n, k, "", seed), False),
        (
            "engine + observation (Encoder.observe)",
            lambda g, n, k, seed, e: engine(g, n, k, "observation", seed, e),
            False,
        ),
        (
            "engine + view (state.view)",
            lambda g, n, k, seed, e: engine(g, n, k, "view", seed),
            False,
        ),
        ("PettingZoo AEC (observe + mask + step)", pettingzoo, True),
        ("Gymnasium (make; random opponents)", gymnasium_env, True),
        (
            "OpenSpiel (legal_actions + apply_action)",
            lambda g, n, k, seed, e: openspiel(g, n, k, False, seed, e),
            False,
        ),
        (
            "OpenSpiel + observation (make_observation)",
            lambda g, n, k, seed, e: openspiel(g, n, k, True, seed, e),
            True,
        ),
    ]
    if args.encoding is not None:
        from eurogames.rl import encodings

        offered = {e for name in args.game or eurogames.games() for e in encodings(name)}
        if args.encoding not in offered:
            parser.error(
                f"no game here has the encoding {args.encoding!r} (encodings: "
                f"{', '.join(sorted(offered))})"
            )
    print(
        f"eurogames {eurogames.__version__}, Python {platform.python_version()}, "
        f"{platform.machine()}, one core, the best of {args.repeat} measures of {plies:,} "
        "decisions, "
        f"after {warm:,} untimed ones on other games"
    )
    print(f"observations by: {observation_routes(args.game or eurogames.games(), args.encoding)}")
    print("| game | players | route | decisions/s | µs/decision | × engine | × engine + obs. |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in args.game or eurogames.games():
        encoding = chosen_encoding(name, args.encoding)
        for players in args.players or (2, 4):
            best = [0.0] * len(routes)
            for rep in range(args.repeat):
                # the routes take turns, so that a slow spell of the shared machine falls on
                # several of them; each keeps its best rate (as timeit keeps its best time)
                for k, (_, measure, _) in enumerate(routes):
                    # the warm-up plays other games (seed 2) through the same route: the steady
                    # state of a long run, with the engine's memos settled
                    if warm and rep == 0:
                        measure(name, players, warm, 2, encoding)
                    best[k] = max(best[k], measure(name, players, plies, 1, encoding))
            for k, (label, _, observes) in enumerate(routes):
                rate = best[k]
                versus = f"{best[1] / rate:.2f}" if observes else ""
                print(f"| {name} | {players} | {label} | {rate:,.0f} | {1e6 / rate:.1f} | "
                      f"{best[0] / rate:.2f} | {versus} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

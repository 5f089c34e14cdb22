"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Why this variant: a Splendor player cannot see the decks or the others' blind reserves, so
the search must not either. Each iteration draws a fresh determinization with
``state.resample_hidden(seat, seed)``, descends one shared tree using only the actions legal
in that determinization (UCB with availability counts, so an action that is rarely legal is
not penalised for it), expands one node, plays a ``game.rollout_action`` playout, optionally
cut short and scored by ``game.evaluate``, and backs up one reward per seat. Every node keeps
the reward of the seat that chose the move into it, so the tree is right for 2–4 players and
for turns made of several decisions by the same seat.

Search knowledge: ``game.evaluate`` seeds each move at the root, and at any node visited
``prime_after`` times, with ``prior`` virtual visits (progressive bias), so that a budget of
a few hundred iterations is spent on the moves worth reading rather than spread evenly over
dozens of takes, reserves and gold allocations.

Speed: no deepcopy (one ``resample_hidden`` clone per iteration, then moves applied in
place); actions are singletons, so they key the child dictionaries directly.
"""

from __future__ import annotations

from math import log, sqrt
from numbers import Real
from time import perf_counter
from typing import Any

from eurogames.bots.base import Bot
from eurogames.core.action import Action
from eurogames.core.game import Game, State

DEFAULT_ITERATIONS = 1000
DEFAULT_C = 0.7  # rewards lie in [-1, 1]: sqrt(2)/2 of the classic sqrt(2) for [0, 1]
DEFAULT_DEPTH = 6  # plies of playout before game.evaluate scores the position
DEFAULT_PRIOR = 10  # virtual visits that seed each root move with game.evaluate's opinion
PRIME_AFTER = 8  # visits after which an inner node's moves are seeded the same way


class _Node:
    """The statistics of one move, from the view of ``seat``, the seat that made it."""

    __slots__ = ("children", "visits", "total", "avail", "seat", "primed", "virtual")

    def __init__(self, seat: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.seat = seat
        self.primed = False
        self.virtual = 0  # visits granted by priming, not played


class MctsBot(Bot):
    """ISMCTS with a budget of ``iterations`` or ``seconds`` per decision.

    Settings: ``iterations`` (default 1000) or ``seconds`` (exactly one); ``c`` (UCB
    exploration, default 0.7); ``depth`` (playout plies before ``game.evaluate`` scores the
    position, ``None`` to play to the end; default 6); ``prior`` (virtual visits seeded
    from ``game.evaluate``, 0 for plain ISMCTS; default 10) and ``prime_after`` (real visits
    before an inner node is seeded; default 8). With ``iterations`` a seed makes it
    reproducible.

    >>> import eurogames
    >>> g = eurogames.load("splendor")
    >>> s = g.new(players=2, seed=1)
    >>> bot = eurogames.bot("mcts", g, seed=3, iterations=50)
    >>> bot.choose(s) in s.legal_actions()
    True
    """

    name = "mcts"

    def __init__(self, game: Game, seed: int | None = None, **settings: Any) -> None:
        iterations = settings.pop("iterations", None)
        seconds = settings.pop("seconds", None)
        c = settings.pop("c", DEFAULT_C)
        depth = settings.pop("depth", DEFAULT_DEPTH)
        prior = settings.pop("prior", DEFAULT_PRIOR)
        prime_after = settings.pop("prime_after", PRIME_AFTER)
        super().__init__(game, seed=seed, **settings)  # refuses any other setting
        if iterations is not None and seconds is not None:
            raise ValueError("the mcts bot takes iterations or seconds, not both")
        if seconds is None and iterations is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise ValueError(
                f"mcts setting 'iterations' must be a positive integer, not {iterations!r}"
            )
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, Real) or not seconds > 0
        ):
            raise ValueError(f"mcts setting 'seconds' must be a positive number, not {seconds!r}")
        if isinstance(c, bool) or not isinstance(c, Real) or not c >= 0:
            raise ValueError(f"mcts setting 'c' must be a number >= 0, not {c!r}")
        if depth is not None and (
            isinstance(depth, bool) or not isinstance(depth, int) or depth < 0
        ):
            raise ValueError(
                f"mcts setting 'depth' must be an integer >= 0 or None, not {depth!r}"
            )
        for name, value in (("prior", prior), ("prime_after", prime_after)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"mcts setting {name!r} must be an integer >= 0, not {value!r}")
        self.prior: int = prior
        self.prime_after: int = prime_after
        self.iterations: int | None = iterations
        self.seconds: float | None = float(seconds) if seconds is not None else None
        self.c = float(c)
        self.depth: int | None = depth
        self.last_iterations = 0  # how many the last decision ran (benchmarks read it)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = self.search(state)
        best = None
        best_key = (-1, 0.0)
        ties: list[Action] = []
        for action in legal:
            child = root.children.get(action)
            if child is None:
                continue
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key, ties = action, key, []
            elif key == best_key:
                ties.append(action)
        if best is None:
            return self.rng.choice(legal)
        if ties:
            ties.append(best)
            return self.rng.choice(ties)
        return best

    def _prime(self, node: _Node, world: State) -> None:
        """Give every move at ``node`` ``prior`` visits worth what ``game.evaluate`` says.

        Progressive bias: with a few hundred iterations over dozens of moves, plain UCT
        spreads its visits almost evenly; the one-ply opinion points it at the moves a
        greedy player would consider first. Costly (one evaluation per move), so only the
        root and nodes that have proved popular are primed.
        """
        node.primed = True
        evaluate = self.game.evaluate
        prior = self.prior
        mover = world.current_player
        children = node.children
        for action in world.legal_actions():
            after = world.clone()
            after.apply(action)
            child = children.get(action)
            if child is None:
                child = children[action] = _Node(mover)
            child.visits += prior
            child.virtual += prior
            child.total += prior * evaluate(after, mover)

    def search(self, state: State) -> _Node:
        """Grow a tree for the seat to move and return its root."""
        seat = state.current_player
        players = state.players
        game = self.game
        evaluate = game.evaluate
        rollout_action = game.rollout_action
        rng = self.rng
        below = rng.below
        next64 = rng.next64
        c = self.c
        depth = self.depth if self.depth is not None else 1 << 30
        seats = range(players)
        root = _Node(-1)
        prior = self.prior
        prime_after = self.prime_after
        if prior:
            self._prime(root, state.resample_hidden(seat, next64()))
        budget = self.iterations
        deadline = perf_counter() + self.seconds if self.seconds is not None else 0.0
        done = 0
        while True:
            if budget is not None:
                if done >= budget:
                    break
            elif perf_counter() >= deadline and done:
                break
            done += 1
            world = state.resample_hidden(seat, next64())
            node = root
            path = []
            # selection and expansion
            while not world.is_over():
                if prior and not node.primed and node.visits - node.virtual >= prime_after:
                    self._prime(node, world)
                legal = world.legal_actions()
                children = node.children
                untried = None
                best = None
                best_value = -1e18
                for action in legal:
                    child = children.get(action)
                    if child is None:
                        if untried is None:
                            untried = [action]
                        else:
                            untried.append(action)
                        continue
                    child.avail += 1
                    if untried is None:
                        value = child.total / child.visits + c * sqrt(
                            log(child.avail) / child.visits
                        )
                        if value > best_value:
                            best_value = value
                            best = action
                if untried is not None:
                    action = untried[below(len(untried))]
                    child = _Node(world.current_player)
                    children[action] = child
                    world.apply(action)
                    path.append(child)
                    break
                node = children[best]
                world.apply(best)
                path.append(node)
            # playout
            steps = 0
            while steps < depth and not world.is_over():
                world.apply(rollout_action(world, rng))
                steps += 1
            rewards = world.returns() if world.is_over() else [evaluate(world, p) for p in seats]
            for node in path:
                node.visits += 1
                node.total += rewards[node.seat]
        root.visits = done
        self.last_iterations = done
        return root

"""The greedy bot: one ply of lookahead scored by the game's own evaluation.

It is the baseline the search bot must beat, so it is deliberately simple: no settings, one
determinization per decision (``resample_hidden``), so that what an action would reveal (the
card that refills the market, the card a blind reserve draws) comes from a plausible guess
rather than from the real, hidden deck.
"""

from __future__ import annotations

from eurogames.bots.base import Bot
from eurogames.core.action import Action
from eurogames.core.game import State


class GreedyBot(Bot):
    """Plays the action whose resulting position ``game.evaluate`` likes best for its seat.

    >>> import eurogames
    >>> g = eurogames.load("splendor")
    >>> s = g.new(players=2, seed=1)
    >>> eurogames.bot("greedy", g, seed=3).choose(s) in s.legal_actions()
    True
    """

    name = "greedy"

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        rng = self.rng
        evaluate = self.game.evaluate
        world = state.resample_hidden(seat, rng.next64())
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            after = world.clone()
            after.apply(action)
            value = evaluate(after, seat)
            if value > best_value:
                best_value = value
                best = [action]
            elif value == best_value:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)

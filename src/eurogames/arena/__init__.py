"""Tournaments between bots, for every game of the engine contract (docs/arena.md)."""

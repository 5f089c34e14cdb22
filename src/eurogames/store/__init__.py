"""Durable storage of matches (SQLite or PostgreSQL): see :mod:`eurogames.store.db`."""

from eurogames.store.db import (
    DuplicateActionError,
    DuplicateMatchError,
    MatchClosedError,
    MatchInfo,
    SeatRecord,
    StaleUndoError,
    Store,
    StoredAction,
    StoredMatch,
    StoreError,
    UnknownMatchError,
    default_path,
)

__all__ = [
    "DuplicateActionError",
    "DuplicateMatchError",
    "MatchClosedError",
    "MatchInfo",
    "SeatRecord",
    "StaleUndoError",
    "Store",
    "StoreError",
    "StoredAction",
    "StoredMatch",
    "UnknownMatchError",
    "default_path",
]

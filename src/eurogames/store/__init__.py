"""Durable storage of matches and companion sessions (SQLite or PostgreSQL): see
:mod:`eurogames.store.db`."""

from eurogames.store.db import (
    DuplicateActionError,
    DuplicateMatchError,
    DuplicateSessionError,
    MatchClosedError,
    MatchInfo,
    SeatRecord,
    StaleAnswerError,
    StaleUndoError,
    Store,
    StoredAction,
    StoredAnswer,
    StoredMatch,
    StoredSession,
    StoreError,
    UnknownMatchError,
    UnknownSessionError,
    default_path,
)

__all__ = [
    "DuplicateActionError",
    "DuplicateMatchError",
    "DuplicateSessionError",
    "MatchClosedError",
    "MatchInfo",
    "SeatRecord",
    "StaleAnswerError",
    "StaleUndoError",
    "Store",
    "StoreError",
    "StoredAction",
    "StoredAnswer",
    "StoredMatch",
    "StoredSession",
    "UnknownMatchError",
    "UnknownSessionError",
    "default_path",
]

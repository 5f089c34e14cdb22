"""Companion sessions in the store (Lisboa's Lacerda, run beside a physical game): one row per
session, one per answer, appended and undone only as the next or the last one; and the
upgrade of a version 1 database (matches only) that keeps every match. SQLite always,
PostgreSQL too with ``EUROGAMES_TEST_DATABASE_URL`` (see test_store.py).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from eurogames.store import (
    DuplicateSessionError,
    StaleAnswerError,
    Store,
    StoreError,
    UnknownSessionError,
)
from eurogames.store.db import SCHEMA_VERSION, metadata

from .test_store import BACKENDS, PG_URL, as_schema, new_match, open_store

SETTINGS = {"follow": "always", "wig_rate": "2"}


@pytest.fixture(params=BACKENDS)
def kind(request: pytest.FixtureRequest) -> Iterator[str]:
    """sqlite, or postgresql with its eurogames tables dropped first (as test_store.py)."""
    if request.param == "postgresql":
        emptied = Store(PG_URL)  # type: ignore[arg-type]
        metadata.drop_all(emptied.engine)
        emptied.close()
    yield request.param


@pytest.fixture
def db(kind: str, tmp_path: Path) -> Iterator[Store]:
    opened = open_store(kind, tmp_path)
    yield opened
    opened.close()


def new_session(db: Store, id: str = "s1") -> None:
    db.create_session(id=id, companion="lacerda", version=1, seed=2**63 + 5,
                         settings=SETTINGS)


def texts(db: Store, id: str = "s1") -> list[str]:
    return [answer.text for answer in db.get_session(id).answers]


# -- sessions and answers ------------------------------------------------------------------
def test_a_session_reads_back_as_it_was_created(db: Store) -> None:
    new_session(db)
    session = db.get_session("s1")
    assert (session.companion, session.version, session.seed) == ("lacerda", 1, 2**63 + 5)
    assert session.settings == SETTINGS and session.status == "active"
    assert session.answers == () and session.created == session.updated
    assert session.created.tzinfo is not None


def test_an_unknown_session_is_refused(db: Store) -> None:
    with pytest.raises(UnknownSessionError, match="no session nope"):
        db.get_session("nope")
    with pytest.raises(UnknownSessionError, match="no session nope"):
        db.append_answer("nope", 1, "confirm")
    with pytest.raises(UnknownSessionError, match="no session nope"):
        db.delete_last_answer("nope", 1)


def test_a_session_id_is_used_once(db: Store) -> None:
    new_session(db)
    with pytest.raises(DuplicateSessionError, match="s1"):
        new_session(db)


def test_a_saved_session_comes_in_whole_with_its_answers(db: Store) -> None:
    db.create_session(id="s2", companion="lacerda", version=1, seed=3, settings=SETTINGS,
                      answers=["confirm", "red"], finished=True)
    session = db.get_session("s2")
    assert [(a.n, a.text) for a in session.answers] == [(1, "confirm"), (2, "red")]
    assert session.status == "finished"
    db.append_answer("s2", 3, "blue")
    assert texts(db, "s2") == ["confirm", "red", "blue"]


def test_answers_are_kept_in_order(db: Store) -> None:
    new_session(db)
    db.append_answer("s1", 1, "confirm")
    updated = db.append_answer("s1", 2, "red")
    session = db.get_session("s1")
    assert [(a.n, a.text) for a in session.answers] == [(1, "confirm"), (2, "red")]
    assert session.updated == updated and session.answers[1].at == updated


def test_an_answer_is_stored_only_as_the_next_one(db: Store) -> None:
    new_session(db)
    db.append_answer("s1", 1, "confirm")
    with pytest.raises(StaleAnswerError, match="has 1 answers; the next is 2, not 1"):
        db.append_answer("s1", 1, "confirm")  # a second device sent the same step
    with pytest.raises(StaleAnswerError, match="the next is 2, not 4"):
        db.append_answer("s1", 4, "red")  # a device that saw answers since undone
    with pytest.raises(ValueError, match="count from 1"):
        db.append_answer("s1", 0, "red")
    assert texts(db) == ["confirm"]


def test_a_final_answer_finishes_the_session_and_undo_reopens_it(db: Store) -> None:
    new_session(db)
    db.append_answer("s1", 1, "confirm", finished=True)
    assert db.get_session("s1").status == "finished"
    db.delete_last_answer("s1", 1)
    assert db.get_session("s1").status == "active"


def test_undo_deletes_only_the_last_answer(db: Store) -> None:
    new_session(db)
    db.append_answer("s1", 1, "confirm")
    db.append_answer("s1", 2, "red")
    with pytest.raises(StaleAnswerError,
                       match=r"answer 1 is not the last answer of session s1 \(it has 2\)"):
        db.delete_last_answer("s1", 1)
    with pytest.raises(StaleAnswerError, match="answer 3 is not the last"):
        db.delete_last_answer("s1", 3)
    db.delete_last_answer("s1", 2)
    with pytest.raises(StaleAnswerError):  # the same undo from a second device
        db.delete_last_answer("s1", 2)
    assert texts(db) == ["confirm"]
    db.append_answer("s1", 2, "blue")  # the step is free again
    assert texts(db) == ["confirm", "blue"]


def test_two_processes_racing_for_one_answer_store_it_once(kind: str,
                                                           tmp_path: Path) -> None:
    first = open_store(kind, tmp_path)
    new_session(first)
    stores = [first, open_store(kind, tmp_path)]
    start = threading.Barrier(8)
    outcomes: list[str] = []

    def attempt(n: int) -> None:
        start.wait()
        try:
            stores[n % 2].append_answer("s1", 1, f"answer {n}")
            outcomes.append("stored")
        except StaleAnswerError:
            outcomes.append("stale")

    threads = [threading.Thread(target=attempt, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["stale"] * 7 + ["stored"]
    assert len(first.get_session("s1").answers) == 1
    for opened in stores:
        opened.close()


def test_sessions_survive_reopening(kind: str, tmp_path: Path) -> None:
    opened = open_store(kind, tmp_path)
    new_session(opened)
    opened.append_answer("s1", 1, "confirm")
    opened.close()
    again = open_store(kind, tmp_path)
    assert texts(again) == ["confirm"]
    again.close()


def test_a_gap_in_the_answers_is_named(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    opened = Store.sqlite(path)
    new_session(opened)
    opened.append_answer("s1", 1, "confirm")
    opened.append_answer("s1", 2, "red")
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM companion_answers WHERE n = 1")
    with pytest.raises(StoreError, match="session s1 has no answer 1 but an answer 2"):
        opened.get_session("s1")
    opened.close()


def test_damaged_settings_are_named(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    opened = Store.sqlite(path)
    new_session(opened)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE companion_sessions SET settings = '[1'")
    with pytest.raises(StoreError, match="session s1 is damaged"):
        opened.get_session("s1")
    opened.close()


# -- the schema: version 1 databases are upgraded, damaged ones refused --------------------
def version_1_database(path: Path) -> None:
    """A database as eurogames wrote it before the companion tables: matches only."""
    opened = Store.sqlite(path)
    new_match(opened)
    opened.append_action("m1", 1, 0, "take white blue green")
    with opened.engine.begin() as conn:
        as_schema(conn, 1)
    opened.close()


def test_a_version_1_database_gets_the_session_tables_and_keeps_its_matches(
        kind: str, tmp_path: Path) -> None:
    opened = open_store(kind, tmp_path)
    new_match(opened)
    opened.append_action("m1", 1, 0, "take white blue green")
    with opened.engine.begin() as conn:  # back to what eurogames wrote before: matches only
        as_schema(conn, 1)
    opened.close()
    opened = open_store(kind, tmp_path)
    assert [a.text for a in opened.get_match("m1").actions] == ["take white blue green"]
    assert {"companion_sessions", "companion_answers"} <= set(
        inspect(opened.engine).get_table_names())
    with opened.engine.connect() as conn:
        version = conn.execute(text(
            "SELECT value FROM eurogames_meta WHERE key = 'schema_version'")).scalar()
    assert version == str(SCHEMA_VERSION) == "3"
    new_session(opened)
    opened.append_answer("s1", 1, "confirm")
    assert texts(opened) == ["confirm"]
    opened.close()


def test_a_version_1_database_still_needs_its_own_tables(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    version_1_database(path)
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE actions")
    with pytest.raises(StoreError, match="has no actions table"):
        Store.sqlite(path)


def test_a_version_2_database_without_the_session_tables_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    opened = Store.sqlite(path)
    with opened.engine.begin() as conn:
        as_schema(conn, 2)
        conn.execute(text("DROP TABLE companion_answers"))
    opened.close()
    with pytest.raises(StoreError, match="has no companion_answers table .damaged"):
        Store.sqlite(path)


def test_a_foreign_session_table_in_a_version_1_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    version_1_database(path)
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE companion_sessions (id INTEGER, note TEXT)")
    with pytest.raises(StoreError, match="companion_sessions table is not eurogames'"):
        Store.sqlite(path)
    with sqlite3.connect(path) as conn:  # left as it was: still version 1
        assert conn.execute("SELECT value FROM eurogames_meta").fetchone() == ("1",)


def test_an_unreadable_schema_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    Store.sqlite(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE eurogames_meta SET value = 'two' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match="schema version two; this version reads 1, 2, 3"):
        Store.sqlite(path)

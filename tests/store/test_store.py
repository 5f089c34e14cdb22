"""The match store: every test runs on SQLite, and again on PostgreSQL when
``EUROGAMES_TEST_DATABASE_URL`` names a throwaway database (its eurogames tables are dropped
before each test, so never point it at a database whose matches matter).
"""

from __future__ import annotations

import doctest
import os
import sqlite3
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

import eurogames
import eurogames.store.db
from eurogames.store import (
    DuplicateActionError,
    DuplicateMatchError,
    MatchClosedError,
    SeatRecord,
    StaleUndoError,
    Store,
    StoreError,
    UnknownMatchError,
    default_path,
)
from eurogames.store.db import metadata

PG_URL = os.environ.get("EUROGAMES_TEST_DATABASE_URL")
BACKENDS = [
    "sqlite",
    pytest.param("postgresql", marks=pytest.mark.skipif(
        not PG_URL, reason="set EUROGAMES_TEST_DATABASE_URL to a throwaway PostgreSQL "
                           "database (postgresql://user@host/db) to run these")),
]
SEATS = [SeatRecord("human", "Ann", token_sha256="a" * 64), SeatRecord("bot", bot="mcts",
                                                                        level="normal")]


def open_store(backend: str, tmp_path: Path) -> Store:
    if backend == "sqlite":
        return Store.sqlite(tmp_path / "games.sqlite3")
    assert PG_URL is not None
    return Store(PG_URL)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "postgresql":
        store = Store(PG_URL)  # type: ignore[arg-type]
        metadata.drop_all(store.engine)  # a clean database for each test
        store.close()
    yield request.param


@pytest.fixture
def store(backend: str, tmp_path: Path) -> Iterator[Store]:
    opened = open_store(backend, tmp_path)
    yield opened
    opened.close()


def as_schema(conn: Connection, version: int) -> None:
    """Turn a database of the current schema back into what an older eurogames wrote:
    version 2 had no ``ply``, ``current_player``, ``revision`` or ``seed_chosen`` in the
    matches, version 1 no companion tables either."""
    if version < 3:
        for column in ("ply", "current_player", "revision", "seed_chosen"):
            conn.execute(text(f"ALTER TABLE matches DROP COLUMN {column}"))
    if version < 2:
        conn.execute(text("DROP TABLE companion_answers"))
        conn.execute(text("DROP TABLE companion_sessions"))
    conn.execute(text(f"UPDATE eurogames_meta SET value = '{version}' "
                      "WHERE key = 'schema_version'"))


def new_match(store: Store, id: str = "m1", **changes: object) -> None:
    fields: dict[str, object] = dict(id=id, game="splendor", version=1, players=2, seed=7,
                                     options={"first": 0}, seats=SEATS)
    fields.update(changes)
    store.create_match(**fields)  # type: ignore[arg-type]


# -- matches -------------------------------------------------------------------------------
def test_a_match_reads_back_as_it_was_created(store: Store) -> None:
    new_match(store, seed=2**70 + 3, host_sha256="b" * 64, hotseat=True)
    match = store.get_match("m1")
    assert (match.game, match.version, match.players, match.seed) == ("splendor", 1, 2, 2**70 + 3)
    assert match.options == {"first": 0}
    assert match.seats == tuple(SEATS)
    assert match.host_sha256 == "b" * 64 and match.hotseat is True
    assert match.status == "active" and match.result is None and match.actions == ()
    assert match.created.tzinfo is not None and match.created == match.updated


def test_an_unknown_match_is_refused(store: Store) -> None:
    with pytest.raises(UnknownMatchError, match="no match nope"):
        store.get_match("nope")
    with pytest.raises(UnknownMatchError):
        store.append_action("nope", 1, 0, "pass")


def test_a_match_id_is_used_once(store: Store) -> None:
    new_match(store)
    with pytest.raises(DuplicateMatchError, match="m1"):
        new_match(store)


def test_a_bad_match_is_refused_before_storing(store: Store) -> None:
    with pytest.raises(ValueError, match="2 players need 2 seats"):
        new_match(store, seats=SEATS[:1])
    with pytest.raises(ValueError, match="status"):
        new_match(store, status="paused")
    with pytest.raises(ValueError, match="human or bot"):
        new_match(store, seats=[SeatRecord("alien"), SEATS[1]])
    assert store.list_matches() == []


def test_matches_list_newest_first_by_status(store: Store) -> None:
    new_match(store, "old")
    new_match(store, "mid")
    new_match(store, "new", status="imported", actions=[(0, "take white blue green")])
    store.append_action("mid", 1, 0, "take white blue green")
    assert [m.id for m in store.list_matches()] == ["new", "mid", "old"]
    assert [m.id for m in store.list_matches("active")] == ["mid", "old"]
    assert [m.id for m in store.list_matches(["finished", "imported"])] == ["new"]
    assert [m.plies for m in store.list_matches()] == [1, 1, 0]
    with pytest.raises(ValueError, match="status"):
        store.list_matches("paused")


# -- actions -------------------------------------------------------------------------------
def test_actions_are_kept_in_order_and_replay(store: Store) -> None:
    new_match(store)
    store.append_action("m1", 1, 0, "take white blue green")
    store.append_action("m1", 2, 1, "take white blue green")
    match = store.get_match("m1")
    assert [(a.ply, a.seat, a.text) for a in match.actions] == [
        (1, 0, "take white blue green"), (2, 1, "take white blue green")]
    assert match.updated >= match.created
    state = eurogames.replay(match.record())
    assert state.ply == 2 and state.view(0)["supply"]["white"] == 2


def test_an_append_is_committed_before_it_returns(backend: str, tmp_path: Path) -> None:
    writer = open_store(backend, tmp_path)
    new_match(writer)
    writer.append_action("m1", 1, 0, "take white blue green")
    reader = open_store(backend, tmp_path)  # another connection pool, as another process
    assert [a.text for a in reader.get_match("m1").actions] == ["take white blue green"]
    writer.close()
    reader.close()


def test_a_ply_is_never_stored_twice(store: Store) -> None:
    new_match(store)
    store.append_action("m1", 1, 0, "take white blue green")
    with pytest.raises(DuplicateActionError, match="ply 1"):
        store.append_action("m1", 1, 0, "take white blue red")
    assert [a.text for a in store.get_match("m1").actions] == ["take white blue green"]


def test_a_ply_cannot_skip_ahead(store: Store) -> None:
    new_match(store)
    with pytest.raises(StoreError, match="the next is 1, not 3"):
        store.append_action("m1", 3, 0, "pass")
    with pytest.raises(ValueError, match="counts from 1"):
        store.append_action("m1", 0, 0, "pass")


def test_two_processes_racing_for_one_ply_store_it_once(backend: str, tmp_path: Path) -> None:
    first = open_store(backend, tmp_path)
    new_match(first)
    stores = [first, open_store(backend, tmp_path)]
    start = threading.Barrier(8)
    outcomes: list[str] = []

    def attempt(n: int) -> None:
        start.wait()
        try:
            stores[n % 2].append_action("m1", 1, n % 2, f"take white blue {n}")
            outcomes.append("stored")
        except DuplicateActionError:
            outcomes.append("duplicate")

    threads = [threading.Thread(target=attempt, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["duplicate"] * 7 + ["stored"]
    assert len(first.get_match("m1").actions) == 1
    for opened in stores:
        opened.close()


def test_a_final_action_finishes_the_match_with_it(store: Store) -> None:
    new_match(store)
    store.append_action("m1", 1, 0, "pass", result={"scores": [1, 0], "winners": [0]})
    match = store.get_match("m1")
    assert match.status == "finished" and match.result == {"scores": [1, 0], "winners": [0]}
    with pytest.raises(MatchClosedError, match="finished"):
        store.append_action("m1", 2, 1, "pass")


# -- undo ----------------------------------------------------------------------------------
def test_undo_deletes_only_the_last_action(store: Store) -> None:
    new_match(store)
    store.append_action("m1", 1, 0, "a")
    store.append_action("m1", 2, 0, "b")
    with pytest.raises(StaleUndoError, match="ply 1 is not the last"):
        store.delete_last_action("m1", 1)
    with pytest.raises(StaleUndoError):
        store.delete_last_action("m1", 3)
    store.delete_last_action("m1", 2)
    assert [a.text for a in store.get_match("m1").actions] == ["a"]
    store.append_action("m1", 2, 0, "c")  # the ply is free again
    assert [a.text for a in store.get_match("m1").actions] == ["a", "c"]


def test_undo_is_refused_once_the_match_is_finished(store: Store) -> None:
    new_match(store)
    store.append_action("m1", 1, 0, "a", result={"scores": [0, 0], "winners": [0, 1]})
    with pytest.raises(MatchClosedError):
        store.delete_last_action("m1", 1)
    with pytest.raises(UnknownMatchError):
        store.delete_last_action("nope", 1)


def test_finish_match_records_the_result_once(store: Store) -> None:
    new_match(store)
    store.finish_match("m1", {"scores": [3, 5], "winners": [1]})
    assert store.get_match("m1").status == "finished"
    assert store.list_matches("finished")[0].result == {"scores": [3, 5], "winners": [1]}
    with pytest.raises(MatchClosedError, match="finished already"):
        store.finish_match("m1", {"scores": [3, 5], "winners": [1]})
    with pytest.raises(UnknownMatchError):
        store.finish_match("nope", {"scores": [], "winners": []})


# -- the database itself -------------------------------------------------------------------
def test_reopening_keeps_every_match(backend: str, tmp_path: Path) -> None:
    store = open_store(backend, tmp_path)
    new_match(store)
    store.append_action("m1", 1, 0, "a")
    store.close()
    again = open_store(backend, tmp_path)
    assert [a.text for a in again.get_match("m1").actions] == ["a"]
    again.close()


def test_sqlite_runs_in_wal_mode_with_foreign_keys(tmp_path: Path) -> None:
    store = Store.sqlite(tmp_path / "games.sqlite3")
    with store.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
    # the key holds: no action without its match
    with pytest.raises(IntegrityError, match="FOREIGN KEY"), store.engine.begin() as conn:
        conn.execute(text("INSERT INTO actions VALUES ('ghost', 1, 0, 'a', "
                          "'2024-01-01 00:00:00')"))
    store.close()


def test_a_file_that_is_not_a_database_is_named(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("my shopping list\n" * 200)
    with pytest.raises(StoreError, match=f"{path} is not a eurogames database"):
        Store.sqlite(path)
    assert path.read_text().startswith("my shopping list")  # left untouched


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER)")
    with pytest.raises(StoreError, match=r"other.sqlite3 is not a eurogames database .*invoices"):
        Store.sqlite(path)


def test_a_foreign_matches_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE matches (id INTEGER)")
    with pytest.raises(StoreError, match="matches table is someone else's"):
        Store.sqlite(path)


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    Store.sqlite(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE eurogames_meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match="schema version 99"):
        Store.sqlite(path)


def test_a_folder_or_memory_is_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder"):
        Store.sqlite(tmp_path)
    with pytest.raises(StoreError, match="in-memory"):
        Store("sqlite://")
    with pytest.raises(StoreError, match="not a database URL"):
        Store("games.sqlite3")


def test_the_default_file_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "eurogames" / "eurogames.sqlite3"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")  # XDG: only absolute paths count
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local/share/eurogames/eurogames.sqlite3"
    store = Store.sqlite()  # makes the folders
    assert default_path().is_file()
    store.close()


@pytest.mark.skipif(not PG_URL, reason="set EUROGAMES_TEST_DATABASE_URL to run it")
def test_a_plain_postgresql_url_uses_psycopg_3() -> None:
    assert PG_URL is not None
    store = Store(PG_URL.replace("postgresql+psycopg://", "postgresql://"))
    assert store.engine.dialect.driver == "psycopg"
    assert "password" not in store.location or "***" in store.location
    store.close()


def test_the_module_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the example's file goes here
    result = doctest.testmod(eurogames.store.db)
    assert result.attempted > 0 and result.failed == 0

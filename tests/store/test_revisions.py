"""Several server processes on one database: every write is compare-and-set on the match's
revision, the row holds what a listing needs, older databases are upgraded, and PostgreSQL
tells every listener each change. SQLite always, PostgreSQL too with
``EUROGAMES_TEST_DATABASE_URL`` (see test_store.py).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, inspect, text

from eurogames.store import (
    DuplicateActionError,
    MatchClosedError,
    StaleMatchError,
    StaleUndoError,
    Store,
    StoreError,
)
from eurogames.store.db import SCHEMA_VERSION, metadata

from .test_store import BACKENDS, PG_URL, as_schema, new_match, open_store


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """sqlite, or postgresql with its eurogames tables dropped first (as test_store.py)."""
    if request.param == "postgresql":
        emptied = Store(PG_URL)  # type: ignore[arg-type]
        metadata.drop_all(emptied.engine)
        emptied.close()
    yield request.param


@pytest.fixture
def store(backend: str, tmp_path: Path) -> Iterator[Store]:
    opened = open_store(backend, tmp_path)
    yield opened
    opened.close()


def texts(store: Store, id: str = "m1") -> list[str]:
    return [action.text for action in store.get_match(id).actions]


# -- compare-and-set -----------------------------------------------------------------------
def test_every_action_undo_and_finish_moves_the_revision(store: Store) -> None:
    new_match(store)
    assert store.get_match("m1").revision == 0
    store.append_action("m1", 1, 0, "a", revision=0, current_player=1)
    store.append_action("m1", 2, 1, "b", revision=1, current_player=0)
    store.delete_last_action("m1", 2, revision=2, current_player=1)
    assert (store.get_match("m1").revision, store.get_match("m1").plies) == (3, 1)
    store.finish_match("m1", {"scores": [1, 0], "winners": [0]})
    match = store.get_match("m1")
    assert (match.revision, match.current_player, match.status) == (4, -1, "finished")


def test_an_action_on_a_history_undone_at_the_same_ply_is_refused(backend: str,
                                                                   tmp_path: Path) -> None:
    """The issue's case: a second process read the match, the first undid and played
    another move at the same ply; the second's next action, at the next ply, would extend
    a history that is no longer stored."""
    first = open_store(backend, tmp_path)
    new_match(first)
    second = open_store(backend, tmp_path)
    first.append_action("m1", 1, 0, "take white blue green", revision=0, current_player=0)
    seen = second.get_match("m1")  # the second process loads the match: revision 1
    first.delete_last_action("m1", 1, revision=1, current_player=0)
    first.append_action("m1", 1, 0, "take white blue red", revision=2, current_player=0)
    with pytest.raises(StaleMatchError, match="changed since it was read .revision 3, not 1"):
        second.append_action("m1", 2, 0, "return black", revision=seen.revision)
    assert texts(first) == ["take white blue red"]
    assert first.get_match("m1").revision == 3
    first.close()
    second.close()


def test_an_undo_on_a_history_that_changed_is_refused(store: Store) -> None:
    new_match(store)
    store.append_action("m1", 1, 0, "a", revision=0)
    store.delete_last_action("m1", 1, revision=1)
    store.append_action("m1", 1, 0, "b", revision=2)
    with pytest.raises(StaleMatchError, match="revision 3, not 1"):
        store.delete_last_action("m1", 1, revision=1)  # same ply, another action
    with pytest.raises(StaleUndoError, match="ply 2 is not the last"):
        store.delete_last_action("m1", 2, revision=3)
    assert texts(store) == ["b"]


def test_a_refusal_names_the_most_telling_reason(store: Store) -> None:
    new_match(store)
    store.append_action("m1", 1, 0, "a", revision=0)
    with pytest.raises(DuplicateActionError, match="has a ply 1 already"):
        store.append_action("m1", 1, 0, "a", revision=0)  # played, and raced: the ply says
    with pytest.raises(StoreError, match="the next is 2, not 5"):
        store.append_action("m1", 5, 0, "a", revision=1)
    store.append_action("m1", 2, 0, "b", revision=1, result={"scores": [0, 0], "winners": []})
    with pytest.raises(MatchClosedError, match="finished"):
        store.append_action("m1", 3, 0, "c", revision=2)
    assert isinstance(DuplicateActionError("x"), StaleMatchError)
    assert isinstance(StaleUndoError("x"), StaleMatchError)


def test_processes_racing_with_the_revision_they_read_store_one_action(
        backend: str, tmp_path: Path) -> None:
    first = open_store(backend, tmp_path)
    new_match(first)
    stores = [first, open_store(backend, tmp_path)]
    start = threading.Barrier(8)
    outcomes: list[str] = []

    def attempt(n: int) -> None:
        start.wait()
        try:  # each saw revision 0; half of them go for a different ply
            stores[n % 2].append_action("m1", 1, n % 2, f"take white blue {n}", revision=0)
            outcomes.append("stored")
        except DuplicateActionError:
            outcomes.append("duplicate")

    threads = [threading.Thread(target=attempt, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["duplicate"] * 7 + ["stored"]
    match = first.get_match("m1")
    assert (len(match.actions), match.plies, match.revision) == (1, 1, 1)
    for opened in stores:
        opened.close()


# -- what the listing needs ----------------------------------------------------------------
def test_the_row_holds_the_ply_and_whose_decision_it_is(store: Store) -> None:
    new_match(store, current_player=0)
    store.append_action("m1", 1, 0, "a", revision=0, current_player=1)
    store.append_action("m1", 2, 1, "b", revision=1, current_player=0)
    store.delete_last_action("m1", 2, revision=2, current_player=1)
    (info,) = store.list_matches()
    assert (info.plies, info.current_player, info.revision) == (1, 1, 3)
    store.append_action("m1", 2, 1, "c", revision=3, result={"scores": [2, 1], "winners": [0]})
    (info,) = store.list_matches()
    assert (info.plies, info.current_player, info.status) == (2, -1, "finished")
    assert info.result == {"scores": [2, 1], "winners": [0]}
    store.create_match(id="imp", game="splendor", version=1, players=2, seed=3, options={},
                       seats=store.get_match("m1").seats, status="imported",
                       actions=[(0, "a"), (1, "b"), (0, "c")], current_player=1)
    imported = store.list_matches("imported")[0]
    assert (imported.plies, imported.current_player) == (3, 1)


def test_listing_reads_no_action(store: Store) -> None:
    new_match(store)
    store.append_action("m1", 1, 0, "a", revision=0, current_player=1)
    statements: list[str] = []

    def seen(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(statement)

    event.listen(store.engine, "before_cursor_execute", seen)
    try:
        (info,) = store.list_matches()
        assert store.revisions(["m1", "nope"]) == {"m1": 1}
    finally:
        event.remove(store.engine, "before_cursor_execute", seen)
    assert info.plies == 1 and statements
    assert not any("actions" in statement for statement in statements), statements


def test_an_unknown_current_player_is_noted_once_unless_the_match_moved(store: Store) -> None:
    new_match(store)
    store.append_action("m1", 1, 0, "a", revision=0)  # no current_player: unknown
    assert store.get_match("m1").current_player is None
    assert store.note_current_player("m1", 0, 1) is False  # read before the action: stale
    assert store.note_current_player("m1", 1, 1) is True
    assert store.note_current_player("m1", 1, 0) is False  # known already
    assert store.get_match("m1").current_player == 1


# -- upgrading -----------------------------------------------------------------------------
def test_a_version_2_database_gets_the_listing_columns_and_keeps_its_matches(
        backend: str, tmp_path: Path) -> None:
    opened = open_store(backend, tmp_path)
    new_match(opened)
    new_match(opened, "m2")
    opened.append_action("m1", 1, 0, "a")
    opened.append_action("m1", 2, 1, "b")
    with opened.engine.begin() as conn:
        as_schema(conn, 2)
    opened.close()

    opened = open_store(backend, tmp_path)
    with opened.engine.connect() as conn:
        version = conn.execute(text(
            "SELECT value FROM eurogames_meta WHERE key = 'schema_version'")).scalar()
    assert version == str(SCHEMA_VERSION) == "3"
    columns = {column["name"] for column in inspect(opened.engine).get_columns("matches")}
    assert {"ply", "current_player", "revision", "seed_chosen"} <= columns
    one, two = opened.get_match("m1"), opened.get_match("m2")
    assert [a.text for a in one.actions] == ["a", "b"]
    assert one.seed_chosen is None  # not known for a match stored before: no banner
    assert (one.plies, one.revision, one.current_player) == (2, 2, None)
    assert (two.plies, two.revision, two.current_player) == (0, 0, None)
    opened.append_action("m1", 3, 0, "c", revision=2, current_player=1)
    with pytest.raises(StaleMatchError):
        opened.append_action("m1", 4, 1, "d", revision=2)
    assert texts(opened) == ["a", "b", "c"]
    opened.close()


def test_a_version_2_database_with_a_foreign_matches_column_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    opened = Store.sqlite(path)
    with opened.engine.begin() as conn:
        as_schema(conn, 2)
        conn.execute(text("ALTER TABLE matches ADD COLUMN revision TEXT"))
    opened.close()
    with pytest.raises(StoreError, match="the matches table is not eurogames'"):
        Store.sqlite(path)


# -- PostgreSQL tells every process --------------------------------------------------------
@pytest.mark.skipif(not PG_URL, reason="set EUROGAMES_TEST_DATABASE_URL to run it")
def test_postgresql_tells_every_listener_each_change(backend: str, tmp_path: Path) -> None:
    if backend != "postgresql":
        pytest.skip("SQLite cannot tell: its servers poll the revisions")
    writer, watcher = open_store(backend, tmp_path), open_store(backend, tmp_path)
    new_match(writer)
    heard: list[tuple[str, int]] = []
    changed = threading.Condition()
    connected = threading.Event()

    def on_change(match_id: str, revision: int) -> None:
        with changed:
            heard.append((match_id, revision))
            changed.notify_all()

    listener = watcher.listen(on_change, connected.set)
    assert listener is not None and connected.wait(10)
    writer.append_action("m1", 1, 0, "a", revision=0)
    writer.delete_last_action("m1", 1, revision=1)
    writer.finish_match("m1", {"scores": [0, 0], "winners": []})
    with changed:
        assert changed.wait_for(lambda: len(heard) >= 3, timeout=10)
    listener.close()
    assert heard == [("m1", 1), ("m1", 2), ("m1", 3)]
    local = Store.sqlite(tmp_path / "x.sqlite3")
    assert local.listen(on_change, connected.set) is None
    local.close()
    writer.close()
    watcher.close()


def test_a_move_committed_between_the_two_reads_of_a_match_is_read_again(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another process's move may land between the read of a match's row and the read of
    its actions (read committed): the match is read again, not called damaged."""
    new_match(store)
    store.append_action("m1", 1, 0, "a")
    real = store._read_match
    calls = []

    def moved_meanwhile(match_id: str) -> Any:
        row, actions = real(match_id)
        calls.append(match_id)
        if len(calls) == 1:  # the row said 1 action, and a second one landed meanwhile
            store.append_action("m1", 2, 1, "b")
            return row, real(match_id)[1]
        return row, actions

    monkeypatch.setattr(store, "_read_match", moved_meanwhile)
    match = store.get_match("m1")
    assert len(calls) == 2 and [a.text for a in match.actions] == ["a", "b"]
    assert match.plies == 2


def test_a_match_whose_count_never_agrees_is_damaged(store: Store) -> None:
    new_match(store)
    store.append_action("m1", 1, 0, "a")
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE matches SET ply = 3 WHERE id = 'm1'"))
    with pytest.raises(StoreError, match="has 1 actions but counts 3"):
        store.get_match("m1")

"""Durable storage of matches: who sits where, and every action, committed one by one.

Why SQLAlchemy Core: one code path for SQLite (a file beside the player, no server) and
PostgreSQL (many server processes sharing one database). Why one row per action rather than a
saved state: a match is exactly (game, version, players, seed, options, actions), so the rows
*are* the record; the state is rebuilt by replay and can never disagree with what was saved.

The key of ``actions`` is (match_id, ply): an action is never stored twice, even when two
server processes race to append the same ply, because the database itself refuses the second
one (:class:`DuplicateActionError`). Each append is committed before it returns, so a crash
loses at most the action being sent, never one a player was told was played.

Why a ``revision`` per match: the ply alone does not name a history. After an undo and another
move the match is at the same ply again, and a second server process still holding the undone
position would append to a history it never saw (and that no longer replays). Every action,
undo and finish bumps the revision, and the server's writes are compare-and-set on the
revision it read (:class:`StaleMatchError` otherwise): the row's UPDATE is the first statement
of the transaction, so SQLite (``BEGIN IMMEDIATE``) and PostgreSQL (the row lock) serialise
two writers and the second sees the first's revision. On PostgreSQL each such commit also
sends ``NOTIFY eurogames_matches, '<revision> <match>'``, which :meth:`Store.listen` hands to
the other server processes; SQLite has no such channel, and they poll :meth:`Store.revisions`.

The matches row also holds what a listing shows (``ply``, ``current_player``, ``status``,
``result``, the seats' names), written with each action, so listing never replays a match.

Companion sessions (a bot run beside a physical game, e.g. Lisboa's Lacerda) are kept the same
way: a row per session (companion, version, seed, settings) and a row per answer, keyed by
(session_id, n), appended and deleted only as the next or the last one (compare-and-set on
``n``), so two devices on one session can never both answer or undo the same step.

Schema versions: 1 holds the matches; 2 adds the companion tables; 3 adds ``ply``,
``current_player`` and ``revision`` to the matches. An older database is upgraded in place
when opened, in one transaction: the new tables are created, the new columns added (``ply``
and ``revision`` from the stored actions; ``current_player`` unknown, null, until a listing
replays the match once and notes it), nothing else is touched. Every server process on one
database must run a version that knows its schema: an older one refuses a newer database.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Dialect,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    TypeDecorator,
    create_engine,
    event,
    func,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, NoSuchModuleError

from eurogames.core.errors import EurogamesError

log = logging.getLogger("eurogames.store")

SCHEMA_VERSION = 3
READ_TRIES = 3  # reads of a match whose row and actions disagree, before it is damaged
CHANNEL = "eurogames_matches"  # PostgreSQL's NOTIFY channel: '<revision> <match id>'
STATUSES = ("active", "finished", "imported")
COMPANION_STATUSES = ("active", "finished")
SEAT_KINDS = ("human", "bot")


# -- errors --------------------------------------------------------------------------------
class StoreError(EurogamesError):
    """The database cannot be used as asked: corrupt, foreign, unreachable or refused."""


class UnknownMatchError(StoreError, KeyError):
    """No match has this id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown match"


class DuplicateMatchError(StoreError):
    """A match with this id exists already (ids are random: a retry with a new id works)."""


class StaleMatchError(StoreError):
    """The match changed since the writer read it (another server process played or undid
    meanwhile): nothing was written; read the match again."""


class DuplicateActionError(StaleMatchError):
    """That ply of that match is stored already: the action was played (or raced) before."""


class StaleUndoError(StaleMatchError):
    """The action asked to be deleted is not the match's last one any more."""


class MatchClosedError(StoreError):
    """The match is finished or imported: its actions are final."""


class UnknownSessionError(StoreError, KeyError):
    """No companion session has this id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown session"


class DuplicateSessionError(StoreError):
    """A companion session with this id exists already (ids are random: retry with another)."""


class StaleAnswerError(StoreError):
    """The answer asked to be stored or deleted is not the session's next or last one any
    more: another device answered or undid in between."""


# -- what the store hands out --------------------------------------------------------------
@dataclass(frozen=True)
class SeatRecord:
    """One seat as stored: who plays it, and the SHA-256 of its token (never the token)."""

    kind: str
    name: str | None = None
    bot: str | None = None
    level: str | None = None
    token_sha256: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "bot": self.bot, "level": self.level,
                "token_sha256": self.token_sha256}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatRecord:
        return cls(kind=data["kind"], name=data.get("name"), bot=data.get("bot"),
                   level=data.get("level"), token_sha256=data.get("token_sha256"))


@dataclass(frozen=True)
class StoredAction:
    """One decision: ``ply`` counts from 1 (the first action is ply 1, as in records)."""

    ply: int
    seat: int
    text: str
    created: datetime


@dataclass(frozen=True)
class MatchInfo:
    """A match's row: everything but its actions (``plies`` says how many there are)."""

    id: str
    game: str
    version: int
    players: int
    seed: int
    options: dict[str, Any]
    seats: tuple[SeatRecord, ...]
    host_sha256: str | None
    hotseat: bool
    status: str
    created: datetime
    updated: datetime
    result: dict[str, Any] | None
    plies: int
    # whose decision it is after the stored actions (-1: the game is over; None: not known,
    # a match stored before schema version 3 or without it)
    current_player: int | None
    revision: int  # bumped by every action, undo and finish (compare-and-set)
    # the creator chose the seed (docs/web.md "Fair deals"); None: not known (stored before)
    seed_chosen: bool | None = None


@dataclass(frozen=True)
class StoredMatch(MatchInfo):
    """A match with its actions, oldest first: enough to replay it exactly."""

    actions: tuple[StoredAction, ...] = field(default=())

    def record(self) -> dict[str, Any]:
        """The engine record (see docs/api.md) of the stored actions."""
        return {
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [action.text for action in self.actions],
            "result": self.result,
        }


@dataclass(frozen=True)
class StoredAnswer:
    """One answer of a companion session: ``n`` counts from 1."""

    n: int
    text: str
    at: datetime


@dataclass(frozen=True)
class StoredSession:
    """A companion session with its answers, oldest first: enough to replay it exactly."""

    id: str
    companion: str
    version: int
    seed: int
    settings: dict[str, Any]
    status: str
    created: datetime
    updated: datetime
    answers: tuple[StoredAnswer, ...] = ()


# -- schema --------------------------------------------------------------------------------
class UtcDateTime(TypeDecorator[datetime]):
    """Naive UTC in the column, aware UTC in Python: SQLite keeps no time zone, so both
    databases store the same thing and every reader gets an unambiguous time."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("timestamps must be timezone-aware")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


metadata = MetaData()

meta_table = Table(
    "eurogames_meta", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

matches_table = Table(
    "matches", metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("version", Integer, nullable=False),
    Column("players", Integer, nullable=False),
    # text, not BIGINT: a seed is any Python int (records may carry ones beyond 64 bits)
    Column("seed", Text, nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("hotseat", Boolean, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created", UtcDateTime, nullable=False),
    Column("updated", UtcDateTime, nullable=False),
    Column("result", Text, nullable=True),
    # schema 3: what a listing shows without replaying, and what a writer must have seen
    Column("ply", Integer, nullable=False, server_default="0"),  # the actions stored
    Column("current_player", Integer, nullable=True),
    Column("revision", Integer, nullable=False, server_default="0"),
    # whether the creator chose the seed (docs/web.md "Fair deals"); null: not known (a match
    # stored before schema version 3)
    Column("seed_chosen", Boolean, nullable=True),
)

actions_table = Table(
    "actions", metadata,
    Column("match_id", String(64), ForeignKey("matches.id", ondelete="CASCADE"),
           primary_key=True),
    Column("ply", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("created", UtcDateTime, nullable=False),
)

companion_sessions_table = Table(
    "companion_sessions", metadata,
    Column("id", String(64), primary_key=True),
    Column("companion", String(64), nullable=False),  # "lacerda"
    Column("version", Integer, nullable=False),  # of the companion's procedure
    Column("seed", Text, nullable=False),  # text, as matches.seed
    Column("settings", Text, nullable=False),  # JSON {key: text}
    Column("status", String(16), nullable=False),
    Column("created", UtcDateTime, nullable=False),
    Column("updated", UtcDateTime, nullable=False),
)

companion_answers_table = Table(
    "companion_answers", metadata,
    Column("session_id", String(64), ForeignKey("companion_sessions.id", ondelete="CASCADE"),
           primary_key=True),
    Column("n", Integer, primary_key=True, autoincrement=False),
    Column("text", Text, nullable=False),
    Column("at", UtcDateTime, nullable=False),
)

# the tables each schema version has: a database of an older version is upgraded by creating
# the tables it lacks; every table it has must be exactly ours
SCHEMA_TABLES = {
    1: (meta_table, matches_table, actions_table),
    2: (meta_table, matches_table, actions_table, companion_sessions_table,
        companion_answers_table),
    3: (meta_table, matches_table, actions_table, companion_sessions_table,
        companion_answers_table),  # the same tables; the matches got columns
}
# the columns each version added to a table that an older version has already
ADDED_COLUMNS: dict[int, dict[str, tuple[str, ...]]] = {
    3: {"matches": ("ply", "current_player", "revision", "seed_chosen")},
}
OUR_TABLES = {table.name: {column.name for column in table.columns}
              for table in SCHEMA_TABLES[SCHEMA_VERSION]}


def columns_at(version: int, table: str) -> set[str]:
    """The columns ``table`` has in a database of schema ``version``."""
    return OUR_TABLES[table] - {column for later, tables in ADDED_COLUMNS.items()
                                if later > version for column in tables.get(table, ())}


def _add_listing_columns(conn: Connection) -> None:
    """Version 3: ``ply`` and ``revision`` from the stored actions (any revision will do:
    only a change of it matters), ``current_player`` unknown until a listing notes it."""
    for column in ("ply INTEGER NOT NULL DEFAULT 0", "current_player INTEGER",
                   "revision INTEGER NOT NULL DEFAULT 0", "seed_chosen BOOLEAN"):
        conn.execute(text(f"ALTER TABLE matches ADD COLUMN {column}"))
    stored = (select(func.count()).where(actions_table.c.match_id == matches_table.c.id)
              .scalar_subquery())
    conn.execute(matches_table.update().values(ply=stored, revision=stored))


# what opening a database of an older version does to it, version by version
UPGRADES: dict[int, Callable[[Connection], None]] = {3: _add_listing_columns}


def default_path() -> Path:
    """``$XDG_DATA_HOME/eurogames/eurogames.sqlite3`` (XDG's default: ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "eurogames" / "eurogames.sqlite3"


def _now() -> datetime:
    return datetime.now(UTC)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class Store:
    """The matches of one database (``Store("postgresql+psycopg://...")`` or
    ``Store.sqlite(path)``); every method commits before it returns.

    >>> import tempfile, pathlib
    >>> store = Store.sqlite(pathlib.Path(tempfile.mkdtemp()) / "games.sqlite3")
    >>> info = store.create_match(id="m1", game="splendor", version=1, players=2, seed=7,
    ...                           options={"first": 0}, seats=[SeatRecord("human", "Ann"),
    ...                           SeatRecord("bot", bot="random")])
    >>> when = store.append_action("m1", 1, 0, "take white blue green")
    >>> store.append_action("m1", 1, 0, "take white blue green")
    Traceback (most recent call last):
    ...
    eurogames.store.db.DuplicateActionError: match m1 has a ply 1 already
    >>> store.get_match("m1").record()["actions"]
    ['take white blue green']
    >>> store.close()
    """

    def __init__(self, url: str) -> None:
        try:
            parsed = make_url(url)
        except ArgumentError:
            raise StoreError(f"{url!r} is not a database URL") from None
        if parsed.drivername in ("postgresql", "postgres"):
            parsed = parsed.set(drivername="postgresql+psycopg")  # psycopg 3, not psycopg2
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        if self.is_sqlite:
            database = parsed.database or ""
            if database in ("", ":memory:"):
                raise StoreError("an in-memory SQLite database would lose every match; "
                                 "give a file")
            self.location = str(Path(database).absolute())
        else:
            self.location = parsed.render_as_string(hide_password=True)
        try:
            self.engine: Engine = create_engine(parsed, pool_pre_ping=not self.is_sqlite)
        except (NoSuchModuleError, ImportError) as exc:
            raise StoreError(f"no driver for {self.location}: {exc}") from None
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._prepare()

    @classmethod
    def sqlite(cls, path: str | os.PathLike[str] | None = None) -> Store:
        """A SQLite file (made with its folder if missing); ``None``: :func:`default_path`."""
        file = Path(path) if path is not None else default_path()
        if file.is_dir():
            raise StoreError(f"{file} is a folder, not a database file")
        try:
            file.absolute().parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot make the folder of {file}: {exc.strerror or exc}") from None
        return cls(f"sqlite:///{file.absolute()}")

    def close(self) -> None:
        self.engine.dispose()

    def __repr__(self) -> str:
        return f"<Store {self.location}>"

    # -- opening ---------------------------------------------------------------------------
    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Any database failure becomes a StoreError naming the database, so a person
        knows which file or server to look at."""
        try:
            yield
        except StoreError:
            raise
        except DBAPIError as exc:
            reason = str(exc.orig).strip() if exc.orig is not None else str(exc)
            raise StoreError(f"{self.location}: {reason}") from exc

    def _prepare(self) -> None:
        """Create the tables in a new database, upgrade an older eurogames schema in place,
        refuse a corrupt or foreign one clearly."""
        try:
            # one process at a time: two servers started together upgrade the database once
            with self._writing() as conn:
                if not self.is_sqlite:
                    conn.execute(select(func.pg_advisory_xact_lock(0x6575726F)))
                tables = set(inspect(conn).get_table_names())
                version = self._check_tables(conn, tables)
                if version is None:
                    metadata.create_all(conn)
                    conn.execute(meta_table.insert().values(
                        key="schema_version", value=str(SCHEMA_VERSION)))
                elif version < SCHEMA_VERSION:
                    # in the same transaction: the upgrade is done whole or not at all
                    missing = [table for table in SCHEMA_TABLES[SCHEMA_VERSION]
                               if table.name not in tables]
                    metadata.create_all(conn, tables=missing)
                    for step in range(version + 1, SCHEMA_VERSION + 1):
                        upgrade = UPGRADES.get(step)
                        if upgrade is not None:
                            upgrade(conn)
                    conn.execute(meta_table.update()
                                 .where(meta_table.c.key == "schema_version")
                                 .values(value=str(SCHEMA_VERSION)))
        except StoreError:
            self.engine.dispose()
            raise
        except DBAPIError as exc:
            self.engine.dispose()
            reason = str(exc.orig).strip() if exc.orig is not None else str(exc)
            what = "a eurogames database" if self.is_sqlite else "usable"
            raise StoreError(f"{self.location} is not {what}: {reason}") from exc

    def _check_tables(self, conn: Connection, tables: set[str]) -> int | None:
        """The schema version of an existing eurogames database (None: no eurogames table
        yet), once every table that version has is there with exactly our columns, and every
        newer table already there is ours too; a StoreError otherwise."""
        ours = tables & set(OUR_TABLES)
        if not ours:
            if self.is_sqlite and tables:
                # a SQLite file belongs to one program: this one is someone else's
                raise StoreError(f"{self.location} is not a eurogames database (it has "
                                 f"the tables {', '.join(sorted(tables))})")
            return None
        if "eurogames_meta" not in ours:
            raise StoreError(f"{self.location} is not a eurogames database (its "
                             f"{', '.join(sorted(ours))} table is someone else's)")
        inspector = inspect(conn)

        def check_columns(name: str, version: int = SCHEMA_VERSION) -> None:
            columns = {column["name"] for column in inspector.get_columns(name)}
            if columns != columns_at(version, name):
                raise StoreError(f"{self.location}: the {name} table is not eurogames' "
                                 f"(columns {', '.join(sorted(columns))})")

        check_columns("eurogames_meta")
        row = conn.execute(select(meta_table.c.value)
                           .where(meta_table.c.key == "schema_version")).first()
        found = None if row is None else row[0]
        version = int(found) if found is not None and found.isdigit() else None
        if version not in SCHEMA_TABLES:
            readable = ", ".join(map(str, SCHEMA_TABLES))
            raise StoreError(f"{self.location} has eurogames schema version "
                             f"{'none' if found is None else found}; this version reads "
                             f"{readable}")
        assert version is not None
        needed = {table.name for table in SCHEMA_TABLES[version]}
        for name in sorted(OUR_TABLES):
            if name in tables:
                check_columns(name, version)
            elif name in needed:
                raise StoreError(f"{self.location}: the eurogames database has no {name} "
                                 f"table (damaged?)")
        return version

    # -- matches ---------------------------------------------------------------------------
    def create_match(
        self, *, id: str, game: str, version: int, players: int, seed: int,
        options: dict[str, Any], seats: Sequence[SeatRecord], host_sha256: str | None = None,
        hotseat: bool = False, status: str = "active",
        actions: Sequence[tuple[int, str]] = (), result: dict[str, Any] | None = None,
        current_player: int | None = None, seed_chosen: bool | None = None,
    ) -> MatchInfo:
        """Store a new match (with ``actions`` as (seat, text) pairs for an import), in one
        transaction: it is there whole or not at all. ``current_player``: whose decision it
        is after ``actions`` (-1: over), for the listing; ``seed_chosen``: whether the
        creator chose the seed (None: not known)."""
        if status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
        if len(seats) != players:
            raise ValueError(f"{players} players need {players} seats, not {len(seats)}")
        for seat in seats:
            if seat.kind not in SEAT_KINDS:
                raise ValueError(f"a seat is human or bot, not {seat.kind!r}")
        now = _now()
        seats_json = {"seats": [seat.to_json() for seat in seats], "host_sha256": host_sha256}
        row = {
            "id": id, "game": game, "version": version, "players": players,
            "seed": str(int(seed)), "options": _dumps(options), "seats": _dumps(seats_json),
            "hotseat": bool(hotseat), "status": status, "created": now, "updated": now,
            "result": None if result is None else _dumps(result),
            "ply": len(actions), "current_player": current_player, "revision": 0,
            "seed_chosen": seed_chosen,
        }
        with self._errors():
            try:
                with self.engine.begin() as conn:
                    conn.execute(matches_table.insert().values(**row))
                    if actions:
                        conn.execute(actions_table.insert(), [
                            {"match_id": id, "ply": ply, "seat": seat, "text": text,
                             "created": now}
                            for ply, (seat, text) in enumerate(actions, start=1)])
            except IntegrityError:
                raise DuplicateMatchError(f"a match with id {id} exists already") from None
        return self._info(row)

    def get_match(self, match_id: str) -> StoredMatch:
        """The match with its actions; :class:`UnknownMatchError` if there is none.

        The row and the actions are two reads, and another server process may commit a move
        between them (PostgreSQL's read committed, SQLite's statements outside a
        transaction): a count that disagrees is read again before the match is called
        damaged, which a real damage stays on every try."""
        for attempt in range(READ_TRIES):
            row, actions = self._read_match(match_id)
            if len(actions) == row["ply"] or attempt == READ_TRIES - 1:
                break
        for expected, action in enumerate(actions, start=1):
            if action.ply != expected:
                raise StoreError(f"{self.location}: match {match_id} has no ply {expected} "
                                 f"but a ply {action.ply} (damaged?)")
        if len(actions) != row["ply"]:
            raise StoreError(f"{self.location}: match {match_id} has {len(actions)} actions "
                             f"but counts {row['ply']} (damaged?)")
        info = self._info(dict(row))
        return StoredMatch(**vars(info), actions=actions)

    def _read_match(self, match_id: str) -> tuple[Any, tuple[StoredAction, ...]]:
        with self._errors(), self.engine.connect() as conn:
            row = conn.execute(select(matches_table)
                               .where(matches_table.c.id == match_id)).mappings().first()
            if row is None:
                raise UnknownMatchError(f"no match {match_id}")
            rows = conn.execute(
                select(actions_table.c.ply, actions_table.c.seat, actions_table.c.text,
                       actions_table.c.created)
                .where(actions_table.c.match_id == match_id)
                .order_by(actions_table.c.ply)).all()
        return row, tuple(StoredAction(ply, seat, text, created)
                          for ply, seat, text, created in rows)

    def list_matches(self, status: str | Sequence[str] | None = None) -> list[MatchInfo]:
        """Matches with the given status(es) (all when ``None``), newest first: their rows
        alone (no action is read)."""
        wanted = [status] if isinstance(status, str) else status
        for value in wanted or ():
            if value not in STATUSES:
                raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {value!r}")
        query = select(matches_table).order_by(matches_table.c.created.desc(),
                                               matches_table.c.id)
        if wanted is not None:
            query = query.where(matches_table.c.status.in_(list(wanted)))
        with self._errors(), self.engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
        return [self._info(dict(row)) for row in rows]

    def count_matches(self, status: str | Sequence[str] | None = None) -> int:
        """How many matches have the given status(es) (all when ``None``)."""
        wanted = [status] if isinstance(status, str) else status
        for value in wanted or ():
            if value not in STATUSES:
                raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {value!r}")
        query = select(func.count()).select_from(matches_table)
        if wanted is not None:
            query = query.where(matches_table.c.status.in_(list(wanted)))
        with self._errors(), self.engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)

    def revisions(self, match_ids: Sequence[str]) -> dict[str, int]:
        """The current revision of each of these matches (one indexed read per 500): how a
        server process finds out cheaply whether another one changed a match it holds.
        Unknown ids are left out."""
        ids = list(dict.fromkeys(match_ids))
        found: dict[str, int] = {}
        with self._errors(), self.engine.connect() as conn:
            for start in range(0, len(ids), 500):
                rows = conn.execute(select(matches_table.c.id, matches_table.c.revision)
                                    .where(matches_table.c.id.in_(ids[start:start + 500])))
                found.update((match_id, int(revision)) for match_id, revision in rows)
        return found

    def note_current_player(self, match_id: str, revision: int, current_player: int) -> bool:
        """Fill in the unknown ``current_player`` of a match stored before schema version 3
        (found by replaying it), unless the match changed meanwhile; whether it was noted."""
        with self._errors(), self.engine.begin() as conn:
            return conn.execute(matches_table.update().where(
                matches_table.c.id == match_id, matches_table.c.revision == revision,
                matches_table.c.current_player.is_(None))
                .values(current_player=current_player)).rowcount == 1

    def _info(self, row: dict[str, Any]) -> MatchInfo:
        try:
            seats_json = json.loads(row["seats"])
            seats = tuple(SeatRecord.from_json(seat) for seat in seats_json["seats"])
            options = json.loads(row["options"])
            result = None if row["result"] is None else json.loads(row["result"])
            seed = int(row["seed"])
        except (ValueError, KeyError, TypeError) as exc:
            raise StoreError(f"{self.location}: match {row['id']} is damaged ({exc})") from None
        return MatchInfo(
            id=row["id"], game=row["game"], version=row["version"], players=row["players"],
            seed=seed, options=options, seats=seats,
            host_sha256=seats_json.get("host_sha256"), hotseat=bool(row["hotseat"]),
            status=row["status"], created=row["created"], updated=row["updated"],
            result=result, plies=row["ply"], current_player=row["current_player"],
            revision=row["revision"],
            seed_chosen=None if row["seed_chosen"] is None else bool(row["seed_chosen"]),
        )

    # -- actions ---------------------------------------------------------------------------
    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """A write transaction. SQLite's is ``BEGIN IMMEDIATE``: it takes the write lock
        before it reads, so a second writer waits (busy_timeout) and then reads what the
        first wrote, instead of failing on a snapshot grown stale."""
        with self.engine.begin() as conn:
            if self.is_sqlite:
                conn.exec_driver_sql("BEGIN IMMEDIATE")
            yield conn

    def _notify(self, conn: Connection, match_id: str, revision: int) -> None:
        """PostgreSQL: tell every listening server process, once this transaction commits."""
        if not self.is_sqlite:
            conn.execute(select(func.pg_notify(CHANNEL, f"{revision} {match_id}")))

    def _refusal(self, conn: Connection, match_id: str, *, ply: int, revision: int | None,
                 undo: bool) -> StoreError:
        """Why a compare-and-set on the match's row changed nothing, in the most telling
        words: unknown match, closed match, ply (played already, a gap, not the last),
        else the revision."""
        row = conn.execute(select(matches_table.c.status, matches_table.c.ply,
                                  matches_table.c.revision)
                           .where(matches_table.c.id == match_id)).first()
        if row is None:
            return UnknownMatchError(f"no match {match_id}")
        status, last, found = row
        if status != "active":
            return MatchClosedError(f"match {match_id} is {status}; its actions are final")
        if undo and ply != last:
            return StaleUndoError(f"ply {ply} is not the last action of match {match_id}")
        if not undo and ply <= last:
            return DuplicateActionError(f"match {match_id} has a ply {ply} already")
        if not undo and ply != last + 1:
            return StoreError(f"match {match_id} has {last} plies; the next is {last + 1}, "
                              f"not {ply}")
        return StaleMatchError(f"match {match_id} changed since it was read (revision "
                               f"{found}, not {revision}): another server process played or "
                               f"undid meanwhile")

    def append_action(self, match_id: str, ply: int, seat: int, text: str, *,
                      result: dict[str, Any] | None = None, revision: int | None = None,
                      current_player: int | None = None) -> datetime:
        """Store ply ``ply`` (1-based; the next one) of an active match, committed on
        return; returns the match's new ``updated`` time. With ``result`` the match is
        finished in the same transaction, so a crash cannot leave a finished game marked
        active. ``current_player``: whose decision it is after this action, for the listing
        (-1 once finished).

        ``revision``: the match's revision the writer read (a server always gives it): the
        action is stored only if nobody played or undid since, else
        :class:`StaleMatchError` (a history that changed at the same ply, after an undo,
        is refused too). Without it only the ply is checked.

        Raises :class:`DuplicateActionError` (a :class:`StaleMatchError`) if that ply is
        stored already (the database's key decides, so two server processes cannot both
        store it), :class:`StoreError` for a gap (a ply after the next one),
        :class:`MatchClosedError` for a finished match.
        """
        if isinstance(ply, bool) or not isinstance(ply, int) or ply < 1:
            raise ValueError(f"ply counts from 1, not {ply!r}")
        now = _now()
        values: dict[str, Any] = {"ply": ply, "revision": matches_table.c.revision + 1,
                                  "current_player": current_player, "updated": now}
        if result is not None:
            values.update(status="finished", result=_dumps(result),
                          current_player=-1 if current_player is None else current_player)
        conditions = [matches_table.c.id == match_id, matches_table.c.status == "active",
                      matches_table.c.ply == ply - 1]
        if revision is not None:
            conditions.append(matches_table.c.revision == revision)
        with self._errors():
            try:
                with self._writing() as conn:
                    # the row first: compare-and-set, and the lock that serialises writers
                    done = conn.execute(matches_table.update().where(*conditions)
                                        .values(**values)
                                        .returning(matches_table.c.revision)).first()
                    if done is None:
                        raise self._refusal(conn, match_id, ply=ply, revision=revision,
                                            undo=False)
                    conn.execute(actions_table.insert().values(
                        match_id=match_id, ply=ply, seat=seat, text=text, created=now))
                    self._notify(conn, match_id, done[0])
            except IntegrityError:
                # a ply stored without its count (damaged, or written by an older version)
                raise DuplicateActionError(f"match {match_id} has a ply {ply} already") from None
        return now

    def delete_last_action(self, match_id: str, expected_ply: int, *,
                           revision: int | None = None,
                           current_player: int | None = None) -> datetime:
        """Undo: delete ply ``expected_ply`` only if it is still the last one (else
        :class:`StaleUndoError`: someone played or undid in between) and, given
        ``revision``, only if the match is still at that revision (else
        :class:`StaleMatchError`); ``current_player``: whose decision it is after the undo.
        Returns the match's new ``updated`` time."""
        now = _now()
        conditions = [matches_table.c.id == match_id, matches_table.c.status == "active",
                      matches_table.c.ply == expected_ply]
        if revision is not None:
            conditions.append(matches_table.c.revision == revision)
        with self._errors(), self._writing() as conn:
            done = conn.execute(matches_table.update().where(*conditions).values(
                ply=expected_ply - 1, revision=matches_table.c.revision + 1,
                current_player=current_player, updated=now)
                .returning(matches_table.c.revision)).first()
            if done is None:
                raise self._refusal(conn, match_id, ply=expected_ply, revision=revision,
                                    undo=True)
            deleted = conn.execute(actions_table.delete().where(
                actions_table.c.match_id == match_id,
                actions_table.c.ply == expected_ply)).rowcount
            if deleted != 1:  # rolled back: the row's count and the actions disagree
                raise StoreError(f"{self.location}: match {match_id} counts {expected_ply} "
                                 f"plies but has no ply {expected_ply} (damaged?)")
            self._notify(conn, match_id, done[0])
        return now

    def finish_match(self, match_id: str, result: dict[str, Any]) -> datetime:
        """Mark an active match finished with its result (scores and winners); returns the
        match's new ``updated`` time. It is a change like an action: the revision moves."""
        now = _now()
        with self._errors(), self._writing() as conn:
            done = conn.execute(matches_table.update().where(
                matches_table.c.id == match_id, matches_table.c.status == "active")
                .values(status="finished", result=_dumps(result), updated=now,
                        current_player=-1, revision=matches_table.c.revision + 1)
                .returning(matches_table.c.revision)).first()
            if done is None:
                status = conn.execute(select(matches_table.c.status)
                                      .where(matches_table.c.id == match_id)).scalar()
                if status is None:
                    raise UnknownMatchError(f"no match {match_id}")
                raise MatchClosedError(f"match {match_id} is {status} already")
            self._notify(conn, match_id, done[0])
        return now

    # -- changes made by other server processes -------------------------------------------
    def listen(self, on_change: Callable[[str, int], None],
               on_connect: Callable[[], None]) -> ChangeListener | None:
        """PostgreSQL: a thread that calls ``on_change(match_id, revision)`` for every
        committed change of a match, by any process (this one too), and ``on_connect()``
        each time it (re)connects, since changes made while it was not listening are not
        told again. ``None`` for SQLite, which cannot tell: poll :meth:`revisions` there."""
        if self.is_sqlite:
            return None
        url = self.engine.url.set(drivername="postgresql")
        return ChangeListener(url.render_as_string(hide_password=False), self.location,
                              on_change, on_connect)


    # -- companion sessions ----------------------------------------------------------------
    def create_session(self, *, id: str, companion: str, version: int, seed: int,
                       settings: dict[str, Any], answers: Sequence[str] = (),
                       finished: bool = False) -> StoredSession:
        """Store a new companion session, with ``answers`` already given (a saved session
        brought in), in one transaction: it is there whole or not at all."""
        now = _now()
        row = {"id": id, "companion": companion, "version": version, "seed": str(int(seed)),
               "settings": _dumps(settings), "status": "finished" if finished else "active",
               "created": now, "updated": now}
        with self._errors():
            try:
                with self.engine.begin() as conn:
                    conn.execute(companion_sessions_table.insert().values(**row))
                    if answers:
                        conn.execute(companion_answers_table.insert(), [
                            {"session_id": id, "n": n, "text": text, "at": now}
                            for n, text in enumerate(answers, start=1)])
            except IntegrityError:
                raise DuplicateSessionError(f"a session with id {id} exists already") from None
        stored = tuple(StoredAnswer(n, text, now) for n, text in enumerate(answers, start=1))
        return self._session(row, stored)

    def get_session(self, session_id: str) -> StoredSession:
        """The session with its answers; :class:`UnknownSessionError` if there is none."""
        with self._errors(), self.engine.connect() as conn:
            row = conn.execute(select(companion_sessions_table).where(
                companion_sessions_table.c.id == session_id)).mappings().first()
            if row is None:
                raise UnknownSessionError(f"no session {session_id}")
            rows = conn.execute(
                select(companion_answers_table.c.n, companion_answers_table.c.text,
                       companion_answers_table.c.at)
                .where(companion_answers_table.c.session_id == session_id)
                .order_by(companion_answers_table.c.n)).all()
        answers = tuple(StoredAnswer(n, text, at) for n, text, at in rows)
        for expected, answer in enumerate(answers, start=1):
            if answer.n != expected:
                raise StoreError(f"{self.location}: session {session_id} has no answer "
                                 f"{expected} but an answer {answer.n} (damaged?)")
        return self._session(dict(row), answers)

    def _session(self, row: dict[str, Any],
                 answers: tuple[StoredAnswer, ...]) -> StoredSession:
        try:
            settings = json.loads(row["settings"])
            seed = int(row["seed"])
            if not isinstance(settings, dict):
                raise ValueError("its settings are not an object")
        except (ValueError, TypeError) as exc:
            raise StoreError(f"{self.location}: session {row['id']} is damaged ({exc})"
                             ) from None
        return StoredSession(
            id=row["id"], companion=row["companion"], version=row["version"], seed=seed,
            settings=settings, status=row["status"], created=row["created"],
            updated=row["updated"], answers=answers)

    def append_answer(self, session_id: str, n: int, text: str, *,
                      finished: bool = False) -> datetime:
        """Store answer ``n`` (1-based) only if it is the session's next one (else
        :class:`StaleAnswerError`: another device answered or undid in between), committed on
        return, with the session's status (``finished`` when this answer ended the game);
        returns the session's new ``updated`` time."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"answers count from 1, not {n!r}")
        now = _now()
        with self._errors():
            try:
                with self.engine.begin() as conn:
                    last = self._last_answer(conn, session_id)
                    if n != last + 1:
                        raise StaleAnswerError(f"session {session_id} has {last} answers; "
                                               f"the next is {last + 1}, not {n}")
                    conn.execute(companion_answers_table.insert().values(
                        session_id=session_id, n=n, text=text, at=now))
                    conn.execute(companion_sessions_table.update()
                                 .where(companion_sessions_table.c.id == session_id)
                                 .values(updated=now,
                                         status="finished" if finished else "active"))
            except IntegrityError:
                # another process stored this answer between our check and our insert
                raise StaleAnswerError(f"session {session_id} has an answer {n} "
                                       f"already") from None
        return now

    def delete_last_answer(self, session_id: str, n: int) -> datetime:
        """Undo: delete answer ``n`` only if it is still the last one (else
        :class:`StaleAnswerError`); the session is active again; returns its new
        ``updated`` time."""
        now = _now()
        with self._errors(), self.engine.begin() as conn:
            last = self._last_answer(conn, session_id)
            later = (select(companion_answers_table.c.n)
                     .where(companion_answers_table.c.session_id == session_id,
                            companion_answers_table.c.n > n).exists())
            deleted = conn.execute(companion_answers_table.delete().where(
                companion_answers_table.c.session_id == session_id,
                companion_answers_table.c.n == n, ~later)).rowcount
            if deleted != 1:
                raise StaleAnswerError(f"answer {n} is not the last answer of session "
                                       f"{session_id} (it has {last})")
            conn.execute(companion_sessions_table.update()
                         .where(companion_sessions_table.c.id == session_id)
                         .values(updated=now, status="active"))
        return now

    def _last_answer(self, conn: Connection, session_id: str) -> int:
        found = conn.execute(select(companion_sessions_table.c.id).where(
            companion_sessions_table.c.id == session_id)).scalar()
        if found is None:
            raise UnknownSessionError(f"no session {session_id}")
        last = conn.execute(select(func.max(companion_answers_table.c.n)).where(
            companion_answers_table.c.session_id == session_id)).scalar()
        return int(last or 0)

class ChangeListener:
    """PostgreSQL's ``LISTEN eurogames_matches`` on a connection of its own, in a daemon
    thread (see :meth:`Store.listen`). A lost connection is retried every second; each
    (re)connection calls ``on_connect``, so the caller checks what it may have missed."""

    RETRY_SECONDS = 1.0

    def __init__(self, conninfo: str, location: str, on_change: Callable[[str, int], None],
                 on_connect: Callable[[], None]) -> None:
        self._conninfo = conninfo
        self._location = location
        self._on_change = on_change
        self._on_connect = on_connect
        self._stop = threading.Event()
        self.listening = threading.Event()  # set while connected (tests wait for it)
        self._thread = threading.Thread(target=self._run, name="eurogames-listen",
                                        daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True,
                                     connect_timeout=10) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    self._on_connect()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            revision, _, match_id = note.payload.partition(" ")
                            if revision.isdigit() and match_id:
                                self._on_change(match_id, int(revision))
            except Exception as exc:  # the server went away, or a callback failed: go on
                log.warning("listening for changes on %s failed (%s); retrying",
                            self._location, exc)
            finally:
                self.listening.clear()
            self._stop.wait(self.RETRY_SECONDS)


def _sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    """WAL: readers never block the writer (a page load during a move); foreign keys: SQLite
    leaves them off unless asked; busy_timeout: a second process waits instead of failing."""
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.execute("PRAGMA journal_mode=WAL")
    finally:
        cursor.close()

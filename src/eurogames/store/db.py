"""Durable storage of matches: who sits where, and every action, committed one by one.

Why SQLAlchemy Core: one code path for SQLite (a file beside the player, no server) and
PostgreSQL (many server processes sharing one database). Why one row per action rather than a
saved state: a match is exactly (game, version, players, seed, options, actions), so the rows
*are* the record; the state is rebuilt by replay and can never disagree with what was saved.

The key of ``actions`` is (match_id, ply): an action is never stored twice, even when two
server processes race to append the same ply, because the database itself refuses the second
one (:class:`DuplicateActionError`). Each append is committed before it returns, so a crash
loses at most the action being sent, never one a player was told was played.

Companion sessions (a bot run beside a physical game, e.g. Lisboa's Lacerda) are kept the same
way: a row per session (companion, version, seed, settings) and a row per answer, keyed by
(session_id, n), appended and deleted only as the next or the last one (compare-and-set on
``n``), so two devices on one session can never both answer or undo the same step.

Schema versions: 1 holds the matches; 2 adds the companion tables. A version 1 database is
upgraded in place when opened (the new tables are created, nothing else is touched).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
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
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, NoSuchModuleError

from eurogames.core.errors import EurogamesError

SCHEMA_VERSION = 2
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


class DuplicateActionError(StoreError):
    """That ply of that match is stored already: the action was played (or raced) before."""


class StaleUndoError(StoreError):
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
}
OUR_TABLES = {table.name: {column.name for column in table.columns}
              for table in SCHEMA_TABLES[SCHEMA_VERSION]}


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
            with self.engine.begin() as conn:
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

        def check_columns(name: str) -> None:
            columns = {column["name"] for column in inspector.get_columns(name)}
            if columns != OUR_TABLES[name]:
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
                check_columns(name)
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
    ) -> MatchInfo:
        """Store a new match (with ``actions`` as (seat, text) pairs for an import), in one
        transaction: it is there whole or not at all."""
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
        return self._info(row, len(actions))

    def get_match(self, match_id: str) -> StoredMatch:
        """The match with its actions; :class:`UnknownMatchError` if there is none."""
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
        actions = tuple(StoredAction(ply, seat, text, created)
                        for ply, seat, text, created in rows)
        for expected, action in enumerate(actions, start=1):
            if action.ply != expected:
                raise StoreError(f"{self.location}: match {match_id} has no ply {expected} "
                                 f"but a ply {action.ply} (damaged?)")
        info = self._info(dict(row), len(actions))
        return StoredMatch(**vars(info), actions=actions)

    def list_matches(self, status: str | Sequence[str] | None = None) -> list[MatchInfo]:
        """Matches with the given status(es) (all when ``None``), newest first."""
        wanted = [status] if isinstance(status, str) else status
        for value in wanted or ():
            if value not in STATUSES:
                raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {value!r}")
        plies = (select(actions_table.c.match_id, func.count().label("plies"))
                 .group_by(actions_table.c.match_id).subquery())
        query = (select(matches_table, func.coalesce(plies.c.plies, 0).label("plies"))
                 .outerjoin(plies, plies.c.match_id == matches_table.c.id)
                 .order_by(matches_table.c.created.desc(), matches_table.c.id))
        if wanted is not None:
            query = query.where(matches_table.c.status.in_(list(wanted)))
        with self._errors(), self.engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
        return [self._info(dict(row), row["plies"]) for row in rows]

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

    def _info(self, row: dict[str, Any], plies: int) -> MatchInfo:
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
            result=result, plies=plies,
        )

    # -- actions ---------------------------------------------------------------------------
    def append_action(self, match_id: str, ply: int, seat: int, text: str, *,
                      result: dict[str, Any] | None = None) -> datetime:
        """Store ply ``ply`` (1-based; the next one) of an active match, committed on
        return; returns the match's new ``updated`` time. With ``result`` the match is
        finished in the same transaction, so a crash cannot leave a finished game marked
        active.

        Raises :class:`DuplicateActionError` if that ply is stored already (the database's
        key decides, so two server processes cannot both store it), :class:`StoreError` for
        a gap (a ply after the next one), :class:`MatchClosedError` for a finished match.
        """
        if isinstance(ply, bool) or not isinstance(ply, int) or ply < 1:
            raise ValueError(f"ply counts from 1, not {ply!r}")
        now = _now()
        with self._errors():
            try:
                with self.engine.begin() as conn:
                    status = conn.execute(select(matches_table.c.status)
                                          .where(matches_table.c.id == match_id)).scalar()
                    if status is None:
                        raise UnknownMatchError(f"no match {match_id}")
                    if status != "active":
                        raise MatchClosedError(f"match {match_id} is {status}; its actions "
                                               f"are final")
                    last = conn.execute(select(func.max(actions_table.c.ply))
                                        .where(actions_table.c.match_id == match_id)).scalar()
                    last = last or 0
                    if ply <= last:
                        raise DuplicateActionError(f"match {match_id} has a ply {ply} already")
                    if ply != last + 1:
                        raise StoreError(f"match {match_id} has {last} plies; the next is "
                                         f"{last + 1}, not {ply}")
                    conn.execute(actions_table.insert().values(
                        match_id=match_id, ply=ply, seat=seat, text=text, created=now))
                    values: dict[str, Any] = {"updated": now}
                    if result is not None:
                        values.update(status="finished", result=_dumps(result))
                    conn.execute(matches_table.update()
                                 .where(matches_table.c.id == match_id).values(**values))
            except IntegrityError:
                # another process stored this ply between our check and our insert
                raise DuplicateActionError(f"match {match_id} has a ply {ply} already") from None
        return now

    def delete_last_action(self, match_id: str, expected_ply: int) -> datetime:
        """Undo: delete ply ``expected_ply`` only if it is still the last one (else
        :class:`StaleUndoError`: someone played or undid in between); returns the match's
        new ``updated`` time."""
        with self._errors(), self.engine.begin() as conn:
            status = conn.execute(select(matches_table.c.status)
                                  .where(matches_table.c.id == match_id)).scalar()
            if status is None:
                raise UnknownMatchError(f"no match {match_id}")
            if status != "active":
                raise MatchClosedError(f"match {match_id} is {status}; its actions are final")
            later = (select(actions_table.c.ply)
                     .where(actions_table.c.match_id == match_id,
                            actions_table.c.ply > expected_ply).exists())
            deleted = conn.execute(actions_table.delete().where(
                actions_table.c.match_id == match_id, actions_table.c.ply == expected_ply,
                ~later)).rowcount
            if deleted != 1:
                raise StaleUndoError(f"ply {expected_ply} is not the last action of match "
                                     f"{match_id}")
            now = _now()
            conn.execute(matches_table.update().where(matches_table.c.id == match_id)
                         .values(updated=now))
        return now

    def finish_match(self, match_id: str, result: dict[str, Any]) -> datetime:
        """Mark an active match finished with its result (scores and winners); returns the
        match's new ``updated`` time."""
        now = _now()
        with self._errors(), self.engine.begin() as conn:
            done = conn.execute(matches_table.update().where(
                matches_table.c.id == match_id, matches_table.c.status == "active")
                .values(status="finished", result=_dumps(result), updated=now)).rowcount
            if done != 1:
                status = conn.execute(select(matches_table.c.status)
                                      .where(matches_table.c.id == match_id)).scalar()
                if status is None:
                    raise UnknownMatchError(f"no match {match_id}")
                raise MatchClosedError(f"match {match_id} is {status} already")
        return now


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

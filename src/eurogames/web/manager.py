"""Live matches: the state of each match in memory, who is watching it, and the one order in
which a decision takes effect.

Why one order (check → store → apply → broadcast): a player is told an action was played only
after it is committed, and a store failure leaves the live state untouched, so memory and the
database never disagree. Why a lock per match: two clicks (or a click and a bot) for the same
match are serialised, while other matches go on.

Why per-socket payloads: a seat sees its own cards, a spectator sees none, and the server
(not the browser) decides what each may see; each socket gets only the payload of its own
token. Nothing of an unfinished match's seed or hidden cards leaves this module except
through ``state.view(seat)`` for the seat the token plays.

A match is loaded lazily, by replaying its stored actions; the descriptions of the log are
computed before each action in the three languages, as they would have been live.

Why a revision per match (docs/web.md "Deployment"): several server processes may serve one
database. Each holds its own copy of a match, and every write is compare-and-set on the
revision of the copy it was checked on, so a stale copy can never extend a history it did not
see (409 ``stale``, and the copy is reloaded). Copies are kept current by a revision check
before a match is served, and, for matches with sockets here, by PostgreSQL's notifications
or (SQLite) a poll every ``poll_seconds``; a change found there is pushed to the sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
from collections import deque
from dataclasses import dataclass, field
from datetime import UTC, datetime
from time import monotonic
from typing import Any

from eurogames.core.action import Action
from eurogames.core.errors import (
    GamePluginError,
    IllegalActionError,
    RecordError,
    UnknownGameError,
)
from eurogames.core.game import LANGS, Event, Game, State
from eurogames.core.game import SPECTATOR as NO_SEAT
from eurogames.core.records import replay, result_of
from eurogames.core.registry import load
from eurogames.store import (
    ChangeListener,
    MatchClosedError,
    MatchInfo,
    SeatRecord,
    StaleMatchError,
    Store,
    StoredMatch,
    StoreError,
    UnknownMatchError,
)
from eurogames.web.bots import BotRunner, decision_seed
from eurogames.web.errors import ApiError
from eurogames.web.inputs import MAX_MESSAGE, parse_json

log = logging.getLogger("eurogames.web")

SEND_QUEUE = 64  # payloads a slow socket may fall behind by before it is dropped
BOT_RETRIES = 3  # a bot decision that fails (a crashed worker) is retried this often
MAX_NAME = 40
# an uploaded record is refused beyond this many decisions per player (docs/web.md
# "Limits"): no game the server plays needs it (random play, the longest, stays under 1,500
# per player), and replaying it costs well under a second
MAX_PLIES_PER_PLAYER = 2500
# SQLite cannot tell a process that another changed a match: the matches with sockets here
# are checked this often (PostgreSQL tells at once, by NOTIFY); one indexed read of their
# revisions costs about a millisecond for 256 matches, so a person on another process sees
# a move within a quarter of a second at a negligible cost
POLL_SECONDS = 0.25
# a bot's decision is left to the process that made the match's last change; another one takes
# over once the match has not changed for this long (that process stopped, or died)
BOT_TAKEOVER_SECONDS = 5.0


def record_ply_limit(game: Game, players: int) -> int:
    """The most decisions a record of ``game`` for ``players`` may hold: the game's own bound
    (a ``max_plies(players)`` method) where it has one, else :data:`MAX_PLIES_PER_PLAYER`
    per player."""
    players = min(max(players, game.min_players), game.max_players)
    bound = getattr(game, "max_plies", None)
    if callable(bound):
        return int(bound(players))
    return MAX_PLIES_PER_PLAYER * players


@dataclass(frozen=True)
class ImportLimits:
    """How many records may be imported: ``per_minute`` by one server process (refused or
    not: each one is replayed), and ``total`` imported matches kept in the store."""

    per_minute: int = 30
    total: int = 1000


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def check_lang(lang: str | None) -> str:
    if lang is None or lang == "":
        return "en"
    if lang not in LANGS:
        raise ApiError(422, "malformed", f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


@dataclass(frozen=True)
class Access:
    """What a token may do in one match: its role and the seats it acts for."""

    role: str  # "seat" | "host" | "spectator"
    seats: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"role": self.role, "seats": list(self.seats)}


SPECTATOR = Access("spectator")


def placeholders(players: int) -> list[str]:
    """The names the server's sentences give the seats: ``{seat:N}`` (0-based), which a
    client replaces by its own name for seat N (docs/web.md), so that a log names a seat
    as the rest of the page does, in the page's language."""
    return [f"{{seat:{seat}}}" for seat in range(players)]


@dataclass
class LogEntry:
    """One decision as the log shows it: described before it was applied, in the second
    person for the seat that made it and the third for everyone else, with the events it
    set off described for every reader."""

    ply: int  # 1-based, as in records
    seat: int
    text: str
    descriptions: dict[str, dict[str, str]]  # lang -> {"actor", "other"}
    bot: bool
    reveals: bool  # it drew or revealed hidden information: undo stops here
    events: list[tuple[Event, dict[str, dict[int, str]]]] = field(default_factory=list)
    # each event with its words per lang, per reader: NO_SEAT, then each seat it concerns

    def to_json(self, lang: str, viewer: int | None) -> dict[str, Any]:
        """The entry as ``viewer`` (a seat, or None for a spectator) reads it."""
        said = self.descriptions[lang]
        events = []
        for event, words in self.events:
            found = event.to_json()
            by_reader = words[lang]
            found["description"] = by_reader.get(NO_SEAT if viewer is None else viewer,
                                                 by_reader[NO_SEAT])
            events.append(found)
        return {"ply": self.ply, "seat": self.seat, "text": self.text,
                "description": said["actor" if viewer == self.seat else "other"],
                "bot": self.bot, "events": events}


def describe_all(state: State, action: Action) -> dict[str, dict[str, str]]:
    """The action in words for the seat deciding now and for everyone else."""
    names = placeholders(state.players)
    actor = state.current_player
    return {lang: {"actor": state.describe(action, lang, actor, names),
                   "other": state.describe(action, lang, NO_SEAT, names)} for lang in LANGS}


def events_all(after: State) -> list[tuple[Event, dict[str, dict[int, str]]]]:
    """The events of the action just applied, described for every reader who reads them
    differently: a spectator (as every seat the event does not concern) and each seat it
    concerns."""
    names = placeholders(after.players)
    found = []
    for event in after.last_events():
        words = {lang: {viewer: after.describe_event(event, lang, viewer, names)
                        for viewer in (NO_SEAT, *event.seats)} for lang in LANGS}
        found.append((event, words))
    return found


def breakdown_json(state: State, lang: str) -> list[list[dict[str, Any]]]:
    """Each seat's score in labelled parts (``score_breakdown``), in ``lang``."""
    return [[{"key": part.key, "points": part.points, "label": part.label(lang)}
             for part in parts] for parts in state.score_breakdown()]


def opponents_json(state: State, lang: str) -> list[dict[str, Any]]:
    """The opponents that are part of the game and not seats (docs/api.md; a solo game's
    bot): name in ``lang``, score, whether they won, their score's parts."""
    return [{"key": o.key, "name": o.name(lang), "score": o.score, "won": o.won,
             "breakdown": [{"key": part.key, "points": part.points, "label": part.label(lang)}
                           for part in o.parts]} for o in state.opponents()]


def reveals(state: State, action: Action) -> bool:
    """Whether ``action`` draws or reveals hidden information (docs/api.md); a game without
    the method is treated as revealing everything, so nothing of it can be undone."""
    method = getattr(state, "reveals", None)
    return True if method is None else bool(method(action))


LOG_MODES = ("full", "delta")  # what a socket's state messages carry of the log


def check_log_mode(mode: str | None) -> str:
    if mode is None or mode == "":
        return "full"
    if mode not in LOG_MODES:
        raise ApiError(422, "malformed", f"log must be one of {', '.join(LOG_MODES)}, "
                       f"not {mode!r}")
    return mode


class Connection:
    """One WebSocket: its token's access, its language, the log its client holds, and a
    queue that its own task sends from, so that one slow browser never holds up a match's
    lock.

    Why track the log a client holds (docs/web.md "WebSocket"): a state message that carries
    the whole log makes a game's traffic grow with the square of its length. A socket that
    asks for it (``log_delta``) is sent only the entries its client has not had, and the
    whole log whenever the server cannot be sure that what the client holds is still the
    log as this socket reads it (:meth:`log_from`).
    """

    def __init__(self, websocket: Any, access: Access, lang: str, *,
                 log_delta: bool = False) -> None:
        self.websocket = websocket
        self.access = access
        self.lang = lang
        self.log_delta = log_delta
        # the log the client holds: the first ``held`` entries, the last of them
        # ``held_last``, worded for seat ``held_seat``; ``held`` None: nothing sent yet
        self.held: int | None = None
        self.held_last: LogEntry | None = None
        self.held_seat: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(SEND_QUEUE)
        self.sender: asyncio.Task[None] | None = None
        self.closer: asyncio.Task[None] | None = None

    def log_from(self, entries: list[LogEntry], seat: int | None) -> int:
        """The index where the log sent next to this socket starts: after the entries its
        client holds, or 0 (the whole log) for a socket that did not ask for new entries
        only, for the first message, after a resync, when the entries it holds are not the
        log's any more (an undo, or a history replayed anew after another server process
        changed it), or when they were worded for another seat (a hot-seat host's shown
        seat changed: "you" is someone else now).

        The identity of the last entry held is enough to know the ones before it: the log
        only grows by new entries at its end, loses entries from its end (undo), or is
        replaced whole by a copy that keeps its entries (another process extended it) or
        by new ones (a replay)."""
        held = self.held
        if (not self.log_delta or held is None or held > len(entries)
                or seat != self.held_seat or (held and entries[held - 1] is not self.held_last)):
            return 0
        return held

    def sent_log(self, entries: list[LogEntry], seat: int | None) -> None:
        """The client now holds the whole of ``entries``, worded for ``seat``."""
        self.held = len(entries)
        self.held_last = entries[-1] if entries else None
        self.held_seat = seat

    def forget_log(self) -> None:
        """The client asked for the whole log again: the next message carries it."""
        self.held = None

    def start(self) -> None:
        self.sender = asyncio.create_task(self._send_loop())

    def send(self, text: str) -> None:
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            # far behind: close it; the browser reconnects and gets the current state
            log.warning("dropping a WebSocket that fell %d messages behind", SEND_QUEUE)
            self.close()

    def close(self) -> None:
        if self.sender is not None:
            self.sender.cancel()
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        if self.closer is None:
            self.closer = asyncio.create_task(self._close_socket())

    async def _close_socket(self) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code=1013)

    async def _send_loop(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self.websocket.send_text(text)
            except Exception:  # the socket went away; the receive loop notices and cleans up
                return


@dataclass
class LiveMatch:
    """A match in memory: the stored row, the state, the log, and its watchers."""

    info: MatchInfo
    game: Game
    state: State
    log: list[LogEntry]
    status: str
    updated: datetime
    revision: int  # the store's revision this copy was built from (compare-and-set)
    # this process made the last change (its bots move at once; see BOT_TAKEOVER_SECONDS)
    changed_here: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    _legal: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.info.id

    def seat_kind(self, seat: int) -> str:
        return self.info.seats[seat].kind

    def changed(self) -> None:
        self._legal.clear()

    def legal(self, lang: str) -> list[dict[str, Any]]:
        """The legal actions with their descriptions, computed once per position and
        language, however many sockets watch."""
        found = self._legal.get(lang)
        if found is None:
            state = self.state
            found = self._legal[lang] = [
                {"id": action.id, "text": action.text, "description": state.describe(action, lang)}
                for action in state.legal_actions()]
        return found

    def undo_floor(self, seat: int) -> int:
        """The lowest ply ``seat`` can undo back to: its own run of decisions at the end of
        the log, while it still decides, stopping at any that revealed something."""
        state = self.state
        floor = state.ply
        if (self.status != "active" or state.current_player != seat
                or self.seat_kind(seat) != "human"):
            return floor
        for entry in reversed(self.log):
            if entry.seat != seat or entry.reveals:
                break
            floor = entry.ply - 1
        return floor

    def connected(self, seat: int) -> bool:
        if self.seat_kind(seat) == "bot":
            return True  # a bot is always at the table
        return any(seat in conn.access.seats for conn in self.connections)

    def shown_seat(self, access: Access) -> int | None:
        """The seat whose view a token sees (docs/web.md): its own; for the host, the human
        seat deciding now or else the human seat that moved last."""
        if access.role == "seat":
            return access.seats[0]
        if access.role != "host" or not access.seats:
            return None
        current = self.state.current_player
        if current in access.seats:
            return current
        for entry in reversed(self.log):
            if entry.seat in access.seats:
                return entry.seat
        return access.seats[0]

    def payload(self, access: Access, lang: str, log_from: int = 0) -> dict[str, Any]:
        """Everything one token's client renders; only that token's seat's view. ``log``
        holds the log's entries from index ``log_from`` (a socket's client holds those
        before it)."""
        state, info = self.state, self.info
        seat = self.shown_seat(access)
        current = state.current_player
        decides = self.status == "active" and current >= 0 and current in access.seats
        floor = self.undo_floor(current) if decides else state.ply
        return {
            "match": info.id,
            "game": self.game.name,
            "title": self.game.title(lang),
            "players": state.players,
            "options": dict(state.options),
            "status": self.status,
            "ply": state.ply,
            "current_player": current,
            "seats": [
                {"seat": i, "kind": spec.kind, "name": spec.name, "bot": spec.bot,
                 "level": spec.level, "connected": self.connected(i)}
                for i, spec in enumerate(info.seats)],
            "you": access.to_json(),
            "seat": seat,
            "view": state.view(seat),
            "legal": self.legal(lang) if decides else [],
            "can_undo": floor < state.ply,
            "undo_floor": floor,
            "log": [entry.to_json(lang, seat) for entry in self.log[log_from:]],
            "scores": state.scores(),
            "winners": state.winners() if state.is_over() else None,
            "breakdown": breakdown_json(state, lang) if state.is_over() else None,
            "opponents": opponents_json(state, lang),
            "provisional": [{"what": value.what, "reason": value.reason}
                            for value in self.game.provisional],
            "fixed_deal": fixed_deal(info),
        }


def fixed_deal(info: MatchInfo) -> bool:
    """docs/web.md "Fair deals": the creator chose the seed of a match that people play at
    separate seats, so the creator can deal it offline and know every hidden card. Such a
    match is allowed (a known deal replayed among friends, a duplicate tournament), and every
    seat is told, on every payload."""
    people = sum(seat.kind == "human" for seat in info.seats)
    return bool(info.seed_chosen) and not info.hotseat and people > 1


def rebuild(game: Game, stored: StoredMatch) -> tuple[State, list[LogEntry]]:
    """Replay a stored match, describing each action before it is applied (as live)."""
    try:
        state = game.new(stored.players, seed=stored.seed, options=stored.options)
    except ValueError as exc:
        raise StoreError(f"match {stored.id} cannot be set up again: {exc}") from None
    entries: list[LogEntry] = []
    replay_onto(state, entries, stored)
    return state, entries


def replay_onto(state: State, entries: list[LogEntry], stored: StoredMatch) -> None:
    """Apply the stored actions after the ``len(entries)`` ones ``state`` has, logging each
    as live (a copy that another process extended catches up without replaying it all)."""
    for stored_action in stored.actions[len(entries):]:
        try:
            action = state.parse_action(stored_action.text)
        except IllegalActionError as exc:
            raise StoreError(f"match {stored.id} does not replay at ply {stored_action.ply}: "
                             f"{exc}") from None
        entry = LogEntry(
            ply=stored_action.ply, seat=state.current_player, text=action.text,
            descriptions=describe_all(state, action),
            bot=stored.seats[state.current_player].kind == "bot",
            reveals=reveals(state, action))
        state.apply(action)
        entry.events = events_all(state)
        entries.append(entry)


KEEP_IDLE = 256  # matches kept in memory beyond those in use; the rest replay on demand


class MatchManager:
    """All live matches of one server, over one store and one bot pool.

    ``matches`` is ordered by last use. A server that runs for months sees many more matches
    than it needs in memory: beyond ``keep`` of them, the least recently used ones that
    nobody is connected to, no bot is thinking for and no request holds the lock of are
    dropped, and replayed from the store when next asked for. The store's one-row-per-ply
    rule keeps this safe even for a request that still holds a dropped copy: its action is
    refused as stale rather than applied twice.

    Other server processes may share the store (see the module): ``poll_seconds`` is how
    often a SQLite store is asked whether they changed the matches that have sockets here,
    ``bot_takeover`` how long a match waiting for a bot that another process moved last is
    left to that process.
    """

    def __init__(self, store: Store, bots: BotRunner, keep: int = KEEP_IDLE,
                 import_limits: ImportLimits | None = None, *,
                 poll_seconds: float = POLL_SECONDS,
                 bot_takeover: float = BOT_TAKEOVER_SECONDS) -> None:
        self.store = store
        self.bots = bots
        self.keep = keep
        self.import_limits = import_limits or ImportLimits()
        self.poll_seconds = poll_seconds
        self.bot_takeover = bot_takeover
        self._imports: deque[float] = deque()  # when the imports of the last minute came
        self._import_lock = asyncio.Lock()  # one record replays at a time
        self.matches: dict[str, LiveMatch] = {}
        self._loading: dict[str, asyncio.Future[LiveMatch]] = {}
        self._closing = False
        self._listener: ChangeListener | None = None
        self._poller: asyncio.Task[None] | None = None
        self._syncing: set[asyncio.Task[None]] = set()

    # -- loading ---------------------------------------------------------------------------
    async def get(self, match_id: str) -> LiveMatch:
        """The live match, replayed from the store on first use; 404 if there is none."""
        live = self.matches.pop(match_id, None)
        if live is not None:
            self.matches[match_id] = live  # the most recently used go last
            return live
        pending = self._loading.get(match_id)
        if pending is not None:  # another request is loading it: share its result
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveMatch] = asyncio.get_running_loop().create_future()
        self._loading[match_id] = future
        try:
            live = await self._load(match_id)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning if nobody waits
            raise
        finally:
            del self._loading[match_id]
        self.matches[match_id] = live
        future.set_result(live)
        self._forget_idle()
        self.schedule_bot(live)  # e.g. a bot another process stopped driving
        return live

    async def fresh(self, match_id: str) -> LiveMatch:
        """The live match, once checked against the store's revision (one indexed read):
        what is served is what is stored, whichever process changed it."""
        live = await self.get(match_id)
        await self._sync(live)
        return live

    def _forget_idle(self) -> None:
        """Drop the least recently used idle matches beyond ``keep`` (see the class)."""
        excess = len(self.matches) - self.keep
        for match_id, live in list(self.matches.items()):
            if excess <= 0:
                return
            busy = live.bot_task is not None and not live.bot_task.done()
            if live.connections or busy or live.lock.locked():
                continue
            del self.matches[match_id]
            excess -= 1

    async def _load(self, match_id: str) -> LiveMatch:
        try:
            stored = await asyncio.to_thread(self.store.get_match, match_id)
        except UnknownMatchError:
            raise ApiError(404, "not_found", f"no match {match_id}") from None
        except StoreError as exc:
            log.error("cannot read match %s: %s", match_id, exc)
            raise ApiError(503, "store", "the match store cannot be read now") from None
        try:
            game = load(stored.game)
            if stored.version != game.version:
                raise StoreError(f"match {match_id} was played with {stored.game} rules "
                                 f"version {stored.version}; this server plays {game.version}")
        except (StoreError, UnknownGameError, GamePluginError) as exc:
            log.error("cannot load match %s: %s", match_id, exc)
            raise ApiError(409, "unplayable", f"match {match_id} cannot be loaded by this "
                           f"server: {exc}") from None
        try:
            state, entries = rebuild(game, stored)
        except StoreError as exc:
            # the reason may name cards still hidden: it goes to the log, not to the client
            log.error("cannot load match %s: %s", match_id, exc)
            raise ApiError(409, "unplayable", f"match {match_id} does not replay with this "
                           "server's rules (see the server log)") from None
        live = LiveMatch(info=stored, game=game, state=state, log=entries,
                         status=stored.status, updated=stored.updated,
                         revision=stored.revision)
        if live.status == "active" and state.is_over():
            # the process stopped between the last action and marking the end: mark it now
            result = result_of(state)
            assert result is not None
            try:
                live.updated = await asyncio.to_thread(self.store.finish_match, match_id,
                                                       result)
                live.revision += 1
            except MatchClosedError:
                pass
            except StoreError as exc:  # marked again on the next load; play is over anyway
                log.error("cannot mark match %s finished: %s", match_id, exc)
            live.status = "finished"
        return live

    async def _reload(self, live: LiveMatch) -> None:
        """Another server process changed the match: take the stored truth (under lock),
        and push it to the sockets. A copy whose log the stored actions extend only
        replays the new ones."""
        try:
            stored = await asyncio.to_thread(self.store.get_match, live.id)
            if stored.revision == live.revision:
                return  # nothing changed after all (our own change, seen late)
            held = [entry.text for entry in live.log]
            if [action.text for action in stored.actions[:len(held)]] == held:
                state, entries = live.state.clone(), list(live.log)
                replay_onto(state, entries, stored)
            else:  # an undo, or another history: replayed from the start
                state, entries = rebuild(live.game, stored)
        except StoreError as exc:
            # keep serving what we have; the next request after eviction loads afresh
            log.error("cannot reload match %s: %s", live.id, exc)
            self.matches.pop(live.id, None)
            return
        live.state, live.log = state, entries
        live.info, live.status, live.updated = stored, stored.status, stored.updated
        live.revision, live.changed_here = stored.revision, False
        live.changed()
        self.broadcast(live)
        self.schedule_bot(live)

    async def _sync(self, live: LiveMatch, known: int | None = None) -> None:
        """Reload ``live`` if the store holds a later revision than it (``known``: the
        revision a notification or a poll found; else it is read now)."""
        if known is None:
            try:
                known = (await asyncio.to_thread(self.store.revisions, [live.id])).get(live.id)
            except StoreError as exc:  # served as held; a write is still compare-and-set
                log.warning("cannot check match %s against the store: %s", live.id, exc)
                return
        if known is None or known <= live.revision:
            return
        async with live.lock:
            if known > live.revision:
                await self._reload(live)

    @staticmethod
    def _watched(live: LiveMatch) -> bool:
        """Whether changes made elsewhere must reach this copy at once: it has sockets
        here, or a bot here waits on it."""
        return bool(live.connections) or (live.bot_task is not None
                                          and not live.bot_task.done())

    async def _check_watched(self) -> None:
        """Ask the store for the revisions of the watched matches; reload the changed."""
        watched = [live for live in self.matches.values() if self._watched(live)]
        if not watched:
            return
        try:
            found = await asyncio.to_thread(self.store.revisions, [w.id for w in watched])
        except StoreError as exc:
            log.warning("cannot check the matches against the store: %s", exc)
            return
        for live in watched:
            if found.get(live.id, -1) > live.revision:
                await self._sync(live, found[live.id])

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(self.poll_seconds)
            try:
                await self._check_watched()
            except asyncio.CancelledError:
                raise
            except Exception:  # a bug: logged, and the poll goes on
                log.exception("checking the matches against the store failed")

    def _notified(self, match_id: str, revision: int) -> None:
        """A PostgreSQL notification (on the event loop): reload a watched match at once;
        any other is checked when it is next served."""
        live = self.matches.get(match_id)
        if live is None or revision <= live.revision or not self._watched(live):
            return
        self._spawn(self._sync(live, revision))

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._syncing.add(task)
        task.add_done_callback(self._syncing.discard)

    async def start(self) -> None:
        """At startup: load every active match, let bots whose turn it is play on, and
        start hearing about the changes other server processes make."""
        for info in await asyncio.to_thread(self.store.list_matches, "active"):
            try:
                live = await self.get(info.id)
            except ApiError as exc:
                log.error("match %s stays stopped: %s", info.id, exc.message)
                continue
            live.changed_here = True  # resumed at once: whoever drove it may have stopped
            self.schedule_bot(live)
        loop = asyncio.get_running_loop()

        def told(match_id: str, revision: int) -> None:  # in the listener's thread
            loop.call_soon_threadsafe(self._notified, match_id, revision)

        def connected() -> None:  # changes made while not listening are not told again
            asyncio.run_coroutine_threadsafe(self._check_watched(), loop)

        self._listener = self.store.listen(told, connected)
        if self._listener is None:
            self._poller = asyncio.create_task(self._poll())

    async def close(self) -> None:
        self._closing = True
        if self._listener is not None:
            await asyncio.to_thread(self._listener.close)
        if self._poller is not None:
            self._poller.cancel()
        tasks = [live.bot_task for live in self.matches.values() if live.bot_task is not None]
        tasks += [self._poller] if self._poller is not None else []
        tasks += list(self._syncing)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for live in self.matches.values():
            for conn in list(live.connections):
                conn.close()
        await asyncio.to_thread(self.bots.shutdown)

    # -- access ----------------------------------------------------------------------------
    def access(self, live: LiveMatch, token: str | None) -> Access:
        """The token's role; a token that opens nothing is refused (403), not demoted to a
        spectator, so a mistyped link says so."""
        if not token:
            return SPECTATOR
        digest = token_hash(token)
        info = live.info
        if info.host_sha256 and hmac.compare_digest(digest, info.host_sha256):
            humans = tuple(i for i, seat in enumerate(info.seats) if seat.kind == "human")
            return Access("host", humans)
        for i, seat in enumerate(info.seats):
            if seat.token_sha256 and hmac.compare_digest(digest, seat.token_sha256):
                return Access("seat", (i,))
        raise ApiError(403, "forbidden", f"this token opens no seat of match {live.id}")

    # -- creating --------------------------------------------------------------------------
    async def create(self, body: Any) -> dict[str, Any]:
        """A new match from the lobby's request (docs/web.md); tokens are returned once and
        only their hashes are kept."""
        request = check_create(body, self.bots)
        game: Game = request["game"]
        try:
            state = game.new(request["players"], seed=request["seed"],
                             options=request["options"])
        except ValueError as exc:
            field_name = "players" if "players" in str(exc) else "options"
            raise ApiError(422, "malformed", f"{field_name}: {exc}") from None
        seats, tokens = [], []
        for spec in request["seats"]:
            token = new_token() if spec["kind"] == "human" else None
            tokens.append(token)
            seats.append(SeatRecord(kind=spec["kind"], name=spec["name"], bot=spec["bot"],
                                    level=spec["level"],
                                    token_sha256=token_hash(token) if token else None))
        host = new_token() if request["hotseat"] else None
        match_id = secrets.token_urlsafe(12)
        try:
            info = await asyncio.to_thread(
                self.store.create_match, id=match_id, game=game.name, version=game.version,
                players=state.players, seed=state.seed, options=dict(state.options),
                seats=seats, host_sha256=token_hash(host) if host else None,
                hotseat=request["hotseat"], current_player=state.current_player,
                seed_chosen=request["seed"] is not None)
        except StoreError as exc:
            log.error("cannot store a new match: %s", exc)
            raise ApiError(503, "store", "the match could not be saved; try again") from None
        live = LiveMatch(info=info, game=game, state=state, log=[], status="active",
                         updated=info.updated, revision=info.revision, changed_here=True)
        self.matches[match_id] = live
        self.schedule_bot(live)
        self._forget_idle()
        out_seats = []
        for i, (spec, token) in enumerate(zip(seats, tokens, strict=True)):
            entry: dict[str, Any] = {"seat": i, "kind": spec.kind}
            if spec.kind == "human":
                entry.update(name=spec.name, token=token, url=f"/play/{match_id}?token={token}")
            else:
                entry.update(bot=spec.bot, level=spec.level)
            out_seats.append(entry)
        return {
            "match": match_id,
            "seats": out_seats,
            "host": {"token": host, "url": f"/play/{match_id}?token={host}"} if host else None,
            "spectator_url": f"/play/{match_id}",
        }

    async def import_record(self, body: Any) -> dict[str, Any]:
        """Store an uploaded record as an ``imported`` match, once it replays exactly; within
        the caps of :class:`ImportLimits` and :func:`record_ply_limit` (docs/web.md
        "Limits")."""
        if isinstance(body, str):  # a record's text, sent as a JSON string: read as a body
            try:
                body = parse_json(body, "the record")
            except ApiError as exc:  # a bad record, as docs/web.md says: 422
                raise ApiError(422, "malformed", exc.message) from None
        if not isinstance(body, dict):
            raise ApiError(422, "malformed", f"a record is a JSON object, not "
                           f"{type(body).__name__}")
        record = {key: value for key, value in body.items() if key != "match"}
        self._count_import()
        async with self._import_lock:
            await self._check_room()
            check_record_length(record)
            # replayed in a thread: a long record does not hold up the other matches
            imported = await asyncio.to_thread(replay_record, record)
            final, actions = imported
            game = final.game
            match_id = secrets.token_urlsafe(12)
            try:
                await asyncio.to_thread(
                    self.store.create_match, id=match_id, game=game.name,
                    version=game.version, players=final.players, seed=final.seed,
                    options=dict(final.options),
                    seats=imported_seats(record, final.players),
                    status="imported", actions=actions, result=result_of(final),
                    current_player=final.current_player)
            except StoreError as exc:
                log.error("cannot store an imported record: %s", exc)
                raise ApiError(503, "store", "the record could not be saved; try "
                               "again") from None
        return {"match": match_id, "url": f"/replay/{match_id}"}

    def _count_import(self) -> None:
        """One more import this minute, or 429 ``too_many`` when the minute's are used up
        (with ``Retry-After``: the seconds until the oldest of them is a minute old)."""
        limit, now = self.import_limits.per_minute, monotonic()
        while self._imports and now - self._imports[0] >= 60:
            self._imports.popleft()
        if len(self._imports) >= limit:
            wait = max(1, int(60 - (now - self._imports[0]) + 0.999))
            raise ApiError(429, "too_many", f"this server imports at most {limit} records a "
                           f"minute; try again in {wait} s", headers={"Retry-After": str(wait)})
        self._imports.append(now)

    async def _check_room(self) -> None:
        total = self.import_limits.total
        try:
            kept = await asyncio.to_thread(self.store.count_matches, "imported")
        except StoreError as exc:
            log.error("cannot count the imported matches: %s", exc)
            raise ApiError(503, "store", "the match store cannot be read now") from None
        if kept >= total:
            raise ApiError(409, "full", f"this server keeps at most {total} imported "
                           "matches, and has them; no more records can be imported")

    # -- listing ---------------------------------------------------------------------------
    async def listing(self, status: str | None, lang: str) -> list[dict[str, Any]]:
        wanted: list[str] | None
        if status is None or status == "":
            wanted = None
        elif status == "active":
            wanted = ["active"]
        elif status == "finished":
            wanted = ["finished", "imported"]  # imported records are finished matches to read
        else:
            raise ApiError(422, "malformed", f"status must be active or finished, not {status!r}")
        try:
            infos = await asyncio.to_thread(self.store.list_matches, wanted)
        except StoreError as exc:
            log.error("cannot list matches: %s", exc)
            raise ApiError(503, "store", "the match store cannot be read now") from None
        out = []
        for info in infos:  # from the rows alone: no match is replayed or loaded to list it
            current = info.current_player
            if current is None:
                current = await self._note_turn(info)
            game_title = info.game
            with contextlib.suppress(UnknownGameError, GamePluginError):
                game_title = load(info.game).title(lang)
            out.append({
                "match": info.id, "game": info.game, "title": game_title,
                "players": info.players, "status": info.status, "ply": info.plies,
                "current_player": current, "created": info.created.isoformat(),
                "updated": info.updated.isoformat(),
                "seats": [{"seat": i, "kind": seat.kind, "name": seat.name, "bot": seat.bot,
                           "level": seat.level} for i, seat in enumerate(info.seats)],
                "result": info.result,
            })
        return out

    async def _note_turn(self, info: MatchInfo) -> int:
        """Whose decision a match stored before the store kept it is at: from the copy in
        memory when it is current, else replayed once by the engine alone (no log), and
        noted in the store, so no listing replays it again; -1 if it cannot be replayed."""
        live = self.matches.get(info.id)
        if live is not None and live.revision == info.revision:
            found = live.state.current_player
        else:
            try:
                stored = await asyncio.to_thread(self.store.get_match, info.id)
                game = load(stored.game)
                if stored.version != game.version:
                    return -1  # other rules: not this server's to replay
                found = await asyncio.to_thread(final_turn, game, stored)
                info = stored
            except (StoreError, UnknownGameError, GamePluginError) as exc:
                log.error("cannot replay match %s for the list: %s", info.id, exc)
                return -1
        try:
            await asyncio.to_thread(self.store.note_current_player, info.id, info.revision,
                                    found)
        except StoreError as exc:  # listed all the same; noted by a later listing
            log.error("cannot note whose turn match %s is at: %s", info.id, exc)
        return found

    # -- reading ---------------------------------------------------------------------------
    async def state_payload(self, match_id: str, token: str | None, lang: str) -> dict[str, Any]:
        live = await self.fresh(match_id)
        return live.payload(self.access(live, token), lang)

    async def record(self, match_id: str) -> dict[str, Any]:
        live = await self.fresh(match_id)
        if live.status == "active":
            raise ApiError(403, "forbidden", "the record of a running match would reveal the "
                           "hidden cards; it can be downloaded once the match is over")
        # one record format wherever it comes from (the CLI replays it): the match id is in
        # the download's file name, not in the record; who sat where is kept for people
        return {**live.state.record(), "seats": seats_json(live.info.seats)}

    async def replay_at(self, match_id: str, ply: int | None, lang: str) -> dict[str, Any]:
        """The spectator's view at ply ``ply`` (running matches included: never a seat's)."""
        live = await self.fresh(match_id)
        total = live.state.ply
        if ply is None:
            ply = total
        if not 0 <= ply <= total:
            raise ApiError(422, "malformed", f"ply must be from 0 to {total}, not {ply}")
        actions = live.state.actions()[:ply]
        state = live.game.new(live.state.players, seed=live.state.seed,
                              options=live.state.options)
        for action in actions:
            state.apply(action)
        return {
            "match": live.id, "game": live.game.name, "players": state.players,
            "ply": ply, "total": total, "view": state.view(None),
            "log": [entry.to_json(lang, None) for entry in live.log[:ply]],
            "scores": state.scores(), "winners": state.winners() if state.is_over() else None,
            "breakdown": breakdown_json(state, lang) if state.is_over() else None,
            "opponents": opponents_json(state, lang),
        }

    # -- playing ---------------------------------------------------------------------------
    async def act(self, match_id: str, token: Any, seat: Any, ply: Any, action: Any,
                  lang: str) -> dict[str, Any]:
        """Play one decision for a person over HTTP; returns the token's new payload."""
        check_move_fields(token, seat, ply)
        check_action_field(action)
        live = await self.get(match_id)
        access = self.access(live, token)
        await self.play(live, access, seat, ply, action)
        return live.payload(access, lang)

    async def undo(self, match_id: str, token: Any, seat: Any, ply: Any,
                   lang: str) -> dict[str, Any]:
        check_move_fields(token, seat, ply)
        live = await self.get(match_id)
        access = self.access(live, token)
        await self.take_back(live, access, seat, ply)
        return live.payload(access, lang)

    async def play(self, live: LiveMatch, access: Access, seat: int, ply: int,
                   action: int | str) -> None:
        """Checked on the live state, stored, applied, broadcast: in that order."""
        async with live.lock:
            await self.check_turn(live, access, seat, ply)
            chosen = resolve_action(live.state, action)
            await self.commit(live, seat, chosen, bot=False)

    async def take_back(self, live: LiveMatch, access: Access, seat: int, ply: int) -> None:
        """Take back the seat's last decision of its current turn, if nothing was revealed:
        deleted from the store first, then the state is rebuilt by replay."""
        async with live.lock:
            await self.check_turn(live, access, seat, ply, turn=False)
            if live.undo_floor(seat) >= live.state.ply:
                raise ApiError(409, "cannot_undo", "nothing can be undone now: undo takes back "
                               "your own decisions of this turn that revealed nothing")
            state = live.game.new(live.state.players, seed=live.state.seed,
                                  options=live.state.options)
            for action in live.state.actions()[:-1]:
                state.apply(action)
            try:
                updated = await asyncio.to_thread(
                    self.store.delete_last_action, live.id, live.state.ply,
                    revision=live.revision, current_player=state.current_player)
            except (StaleMatchError, MatchClosedError):
                await self._reload(live)  # another server process moved meanwhile
                raise ApiError(409, "stale", "the match changed meanwhile (in another server "
                               "process); nothing was undone: reload the position") from None
            except StoreError as exc:
                log.error("cannot undo in match %s: %s", live.id, exc)
                raise ApiError(503, "store", "the undo could not be saved; nothing was "
                               "undone") from None
            live.state = state
            live.log.pop()
            live.updated = updated
            live.revision += 1
            live.changed_here = True
            live.changed()
            self.broadcast(live)

    async def check_turn(self, live: LiveMatch, access: Access, seat: int, ply: int, *,
                         turn: bool = True, checked: bool = False) -> None:
        """The refusals every move shares, in the order that explains the most (an undo
        out of turn is a ``cannot_undo``, not a ``not_your_turn``); the caller holds the
        match's lock. A ``ply`` other than this copy's may come from a client that another
        server process served later: the copy is checked against the store then, and the
        move goes on if the client saw the stored position."""
        if not 0 <= seat < live.state.players:
            raise ApiError(422, "malformed", f"seat must be from 0 to {live.state.players - 1}, "
                           f"not {seat}")
        if seat not in access.seats:
            raise ApiError(403, "forbidden", f"this token does not play seat {seat}")
        if live.status != "active":
            raise ApiError(409, "finished", f"match {live.id} is over")
        if ply != live.state.ply:
            if not checked:
                try:
                    stored = await asyncio.to_thread(self.store.revisions, [live.id])
                except StoreError:
                    stored = {}
                if stored.get(live.id, -1) > live.revision:
                    await self._reload(live)
                    return await self.check_turn(live, access, seat, ply, turn=turn,
                                                 checked=True)
            # a repeated click or an old page: never apply it to the position it did not see
            raise ApiError(409, "stale", f"the match is at ply {live.state.ply}, not {ply}; "
                           "reload the position")
        if turn and live.state.current_player != seat:
            raise ApiError(403, "not_your_turn", f"it is not seat {seat}'s decision now")

    async def commit(self, live: LiveMatch, seat: int, action: Action, *, bot: bool) -> None:
        """Store, then apply, then broadcast (the caller holds the match's lock)."""
        state = live.state
        entry = LogEntry(ply=state.ply + 1, seat=seat, text=action.text,
                         descriptions=describe_all(state, action), bot=bot,
                         reveals=reveals(state, action))
        after = state.clone()
        after.apply(action)
        entry.events = events_all(after)
        result = result_of(after)
        try:
            updated = await asyncio.to_thread(
                self.store.append_action, live.id, entry.ply, seat, action.text,
                result=result, revision=live.revision, current_player=after.current_player)
        except StaleMatchError:
            # another server process played or undid since this copy was read: the action
            # was checked on a position that is not the stored one any more
            await self._reload(live)
            raise ApiError(409, "stale", "the match changed meanwhile (in another server "
                           "process); nothing was played: reload the position") from None
        except MatchClosedError:
            await self._reload(live)
            raise ApiError(409, "finished", f"match {live.id} is over") from None
        except StoreError as exc:
            log.error("cannot store ply %d of match %s: %s", entry.ply, live.id, exc)
            raise ApiError(503, "store", "the action could not be saved; nothing was "
                           "played") from None
        live.state = after
        live.log.append(entry)
        live.updated = updated
        live.revision += 1
        live.changed_here = True
        if result is not None:
            live.status = "finished"
        live.changed()
        self.broadcast(live)
        self.schedule_bot(live)

    # -- bots ------------------------------------------------------------------------------
    def schedule_bot(self, live: LiveMatch) -> None:
        if self._closing or live.status != "active" or live.state.is_over():
            return
        if live.seat_kind(live.state.current_player) != "bot":
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.create_task(self._bot_turns(live))

    async def _bot_turns(self, live: LiveMatch) -> None:
        """Bots play while it is a bot's decision; the position is re-checked under the
        lock, so a move computed for a position that changed meanwhile is dropped. A match
        another process changed last is left to it for ``bot_takeover`` seconds (see
        :data:`BOT_TAKEOVER_SECONDS`): one process computes each decision, and a match whose
        process died goes on all the same."""
        failures = 0
        while live.status == "active" and not live.state.is_over():
            state = live.state
            seat = state.current_player
            spec = live.info.seats[seat]
            if spec.kind != "bot" or spec.bot is None:
                return
            wait = self._takeover_wait(live)
            if wait > 0:
                await asyncio.sleep(wait)  # a change meanwhile (a reload) starts it over
                continue
            ply, revision = state.ply, live.revision
            try:
                text = await self.bots.choose(state.record(), spec.bot, spec.level,
                                              decision_seed(state.seed, seat, ply))
                async with live.lock:
                    if live.revision != revision or live.status != "active":
                        continue
                    await self.commit(live, seat, live.state.parse_action(text), bot=True)
                failures = 0
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if isinstance(exc, ApiError) and exc.code in ("stale", "finished"):
                    continue  # another process moved first: the copy is reloaded; look again
                failures += 1
                log.error("bot %s (seat %d) of match %s failed at ply %d (%s): %s",
                          spec.bot, seat, live.id, ply, failures, exc)
                if failures >= BOT_RETRIES or self._closing:
                    return
                await asyncio.sleep(0.5 * failures)

    def _takeover_wait(self, live: LiveMatch) -> float:
        """Seconds until this process drives a bot of a match another process changed
        last: none if this one did, or once the match has stood still ``bot_takeover``."""
        if live.changed_here:
            return 0.0
        still = (datetime.now(UTC) - live.updated).total_seconds()
        return max(0.0, self.bot_takeover - still)

    # -- sockets ---------------------------------------------------------------------------
    def join(self, live: LiveMatch, conn: Connection) -> None:
        """Register a socket: its first message is the current state; if a seat came online
        with it, every socket gets the new presence."""
        before = self._presence(live)
        conn.start()
        live.connections.add(conn)
        if self._presence(live) != before:
            self.broadcast(live)
        else:
            self.broadcast(live, only=conn)

    def leave(self, live: LiveMatch, conn: Connection) -> None:
        if conn in live.connections:
            before = self._presence(live)
            live.connections.discard(conn)
            if conn.sender is not None:
                conn.sender.cancel()
            if self._presence(live) != before:
                self.broadcast(live)  # a seat went offline

    @staticmethod
    def _presence(live: LiveMatch) -> list[bool]:
        return [live.connected(seat) for seat in range(len(live.info.seats))]

    def broadcast(self, live: LiveMatch, only: Connection | None = None) -> None:
        """Each socket gets the payload of its own token, with the log's entries from where
        its client's copy ends (``log_from``; one serialisation per role, language and
        start, however many sockets share it)."""
        texts: dict[tuple[str, tuple[int, ...], str, int], str] = {}
        for conn in [only] if only is not None else list(live.connections):
            seat = live.shown_seat(conn.access)
            start = conn.log_from(live.log, seat)
            key = (conn.access.role, conn.access.seats, conn.lang, start)
            text = texts.get(key)
            if text is None:
                text = texts[key] = json.dumps(
                    {"type": "state", "log_from": start,
                     "payload": live.payload(conn.access, conn.lang, start)},
                    ensure_ascii=False, separators=(",", ":"))
            conn.sent_log(live.log, seat)
            conn.send(text)

    async def message(self, live: LiveMatch, conn: Connection, text: str) -> None:
        """One message from a socket; a refusal goes back to that socket only."""
        try:
            if len(text) > MAX_MESSAGE:
                raise ApiError(413, "malformed", f"a message is at most "
                               f"{MAX_MESSAGE // 1024} KiB")
            data = parse_json(text, "the message")
            if not isinstance(data, dict):
                raise ApiError(400, "malformed", "a message is a JSON object")
            kind = data.get("type")
            if kind == "ping":
                conn.send(json.dumps({"type": "pong"}))
            elif kind == "resync":  # the client's log does not continue: all of it again
                conn.forget_log()
                self.broadcast(live, only=conn)
            elif kind == "action":
                await self._socket_move(live, conn, data, undo=False)
            elif kind == "undo":
                await self._socket_move(live, conn, data, undo=True)
            else:
                raise ApiError(400, "malformed", f"unknown message type {kind!r} (action, "
                               f"undo, resync or ping)")
        except ApiError as exc:
            conn.send(json.dumps({"type": "error", "code": exc.code, "message": exc.message},
                                 ensure_ascii=False))
        except Exception:  # a bug: logged, answered, and the socket stays open
            log.exception("a message on a socket of match %s failed", live.id)
            conn.send(json.dumps({"type": "error", "code": "internal", "message":
                                  "the server failed on this message (see its log)"}))

    async def _socket_move(self, live: LiveMatch, conn: Connection, data: dict[str, Any],
                           *, undo: bool) -> None:
        seat, ply = data.get("seat"), data.get("ply")
        check_move_fields(None, seat, ply)
        if undo:
            await self.take_back(live, conn.access, seat, ply)
        else:
            action = data.get("action")
            check_action_field(action)
            await self.play(live, conn.access, seat, ply, action)


def check_move_fields(token: Any, seat: Any, ply: Any) -> None:
    if token is not None and not isinstance(token, str):
        raise ApiError(422, "malformed", "token must be text")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ApiError(422, "malformed", f"seat must be a seat number, not {seat!r}")
    if isinstance(ply, bool) or not isinstance(ply, int):
        raise ApiError(422, "malformed", f"ply must be the match's current ply (an integer), "
                       f"not {ply!r}")


def check_action_field(action: Any) -> None:
    if isinstance(action, bool) or not isinstance(action, int | str):
        raise ApiError(422, "malformed", "action must be the action's notation (text) or its "
                       "id (an integer)")


def resolve_action(state: State, value: int | str) -> Action:
    """The legal action named by its notation or its fixed id; 422 with the engine's reason."""
    if isinstance(value, int):
        if not 0 <= value < state.game.num_actions:
            raise ApiError(422, "illegal", f"there is no action with id {value}")
        action = state.action_from_id(value)
        if action in state.legal_actions():
            return action
        try:
            state.clone().apply(action)  # refused, with the engine's reason
        except IllegalActionError as exc:
            raise ApiError(422, "illegal", str(exc)) from None
        raise ApiError(422, "illegal", f"{action} is not legal now")
    if value.strip().isdigit():
        # parse_action reads digits as an index into the legal list: ambiguous with an id
        raise ApiError(422, "malformed", "send an action id as a JSON integer, or the "
                       "action's notation as text")
    try:
        return state.parse_action(value)
    except IllegalActionError as exc:
        raise ApiError(422, "illegal", str(exc)) from None


def check_record_length(record: dict[str, Any]) -> None:
    """A record with more actions than its game allows (:func:`record_ply_limit`) is refused
    before it is replayed; anything else wrong is left to :func:`replay` to name."""
    actions, players, name = record.get("actions"), record.get("players"), record.get("game")
    if not isinstance(actions, list) or not isinstance(name, str):
        return
    try:
        game = load(name)
    except (UnknownGameError, GamePluginError):
        return
    if isinstance(players, bool) or not isinstance(players, int):
        players = game.max_players
    limit = record_ply_limit(game, players)
    if len(actions) > limit:
        raise ApiError(422, "malformed", f"the record has {len(actions)} actions; a record of "
                       f"{game.name} for {players} players may have at most {limit}")


def final_turn(game: Game, stored: StoredMatch) -> int:
    """The current player after a stored match's actions (the engine alone: no log)."""
    try:
        state = game.new(stored.players, seed=stored.seed, options=stored.options)
        for action in stored.actions:
            state.apply(state.parse_action(action.text))
    except (ValueError, IllegalActionError) as exc:
        raise StoreError(f"match {stored.id} does not replay: {exc}") from None
    return state.current_player


def seats_json(seats: list[SeatRecord]) -> list[dict[str, Any]]:
    """Who sat where, as a record keeps it (core/records.py ``seats``): never a token."""
    return [{"kind": seat.kind, "name": seat.name, "bot": seat.bot, "level": seat.level}
            for seat in seats]


def imported_seats(record: dict[str, Any], players: int) -> list[SeatRecord]:
    """An imported record's seats: those it names (checked by replay), else "Seat n"."""
    named = record.get("seats")
    if not named:
        return [SeatRecord("human", f"Seat {i + 1}") for i in range(players)]
    return [SeatRecord(seat["kind"], seat.get("name"), seat.get("bot"), seat.get("level"))
            for seat in named]


def replay_record(record: dict[str, Any]) -> tuple[State, list[tuple[int, str]]]:
    """The record's final state and its actions as (seat, text), once it replays exactly;
    422 ``malformed`` with the reason otherwise."""
    try:
        final = replay(record)
    except RecordError as exc:  # in the browser's words: move 3, not ply 3 (issue 17)
        where = "" if exc.ply is None else f"move {exc.ply}: "
        raise ApiError(422, "malformed", where + exc.reason) from None
    except (ValueError, TypeError) as exc:  # a value replay did not foresee
        raise ApiError(422, "malformed", f"the record does not replay: {exc}") from None
    state = final.game.new(final.players, seed=final.seed, options=final.options)
    actions = []
    for action in final.actions():
        actions.append((state.current_player, action.text))
        state.apply(action)
    return final, actions


def check_create(body: Any, bots: BotRunner) -> dict[str, Any]:
    """The create request, every field checked; 422 names the first bad field."""
    def bad(message: str) -> ApiError:
        return ApiError(422, "malformed", message)

    if not isinstance(body, dict):
        raise bad("the request is a JSON object")
    unknown = sorted(set(body) - {"game", "players", "options", "seed", "seats", "hotseat"})
    if unknown:
        raise bad(f"unknown field {unknown[0]!r}")
    name = body.get("game")
    if not isinstance(name, str):
        raise bad(f"game must be a game name, not {name!r}")
    try:
        game = load(name)
    except (UnknownGameError, GamePluginError) as exc:
        raise bad(f"game: {str(exc).strip(chr(34))}") from None
    players = body.get("players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise bad(f"players must be an integer, not {players!r}")
    if not game.min_players <= players <= game.max_players:
        raise bad(f"players: {game.name} is for {game.min_players} to {game.max_players} "
                  f"players, not {players}")
    options = body.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise bad("options must be an object of option → value")
    try:
        options = game.check_options(players, options)
    except ValueError as exc:
        raise bad(f"options: {exc}") from None
    seed = body.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise bad(f"seed must be an integer or null, not {seed!r}")
    hotseat = body.get("hotseat", False)
    if not isinstance(hotseat, bool):
        raise bad(f"hotseat must be true or false, not {hotseat!r}")
    seats = body.get("seats")
    if not isinstance(seats, list):
        raise bad("seats must be a list with one seat per player")
    if len(seats) != players:
        raise bad(f"seats lists {len(seats)} seats for {players} players; give one per player")
    checked = []
    for i, seat in enumerate(seats):
        where = f"seats[{i}]"
        if not isinstance(seat, dict):
            raise bad(f"{where} must be an object")
        extra = sorted(set(seat) - {"kind", "name", "bot", "level"})
        if extra:
            raise bad(f"{where} has an unknown field {extra[0]!r}")
        kind = seat.get("kind")
        seat_name = seat.get("name")
        if seat_name is not None:
            if not isinstance(seat_name, str):
                raise bad(f"{where}.name must be text")
            seat_name = " ".join(seat_name.split())[:MAX_NAME] or None
        if kind == "human":
            if seat.get("bot") is not None or seat.get("level") is not None:
                raise bad(f"{where}: a human seat has no bot or level")
            checked.append({"kind": "human", "name": seat_name, "bot": None, "level": None})
        elif kind == "bot":
            bot, level = seat.get("bot"), seat.get("level")
            if not isinstance(bot, str):
                raise bad(f"{where}.bot must be a bot name, not {bot!r}")
            if level is not None and not isinstance(level, str):
                raise bad(f"{where}.level must be a level name, not {level!r}")
            try:
                level = bots.level_for(bot, level)
            except ValueError as exc:
                field_name = "level" if bot in bots.levels else "bot"
                raise bad(f"{where}.{field_name}: {exc}") from None
            checked.append({"kind": "bot", "name": seat_name, "bot": bot, "level": level})
        else:
            raise bad(f"{where}.kind must be human or bot, not {kind!r}")
    return {"game": game, "players": players, "options": options, "seed": seed,
            "seats": checked, "hotseat": hotseat}


__all__ = ["Access", "ApiError", "Connection", "ImportLimits", "LiveMatch", "MatchManager",
           "check_log_mode"]

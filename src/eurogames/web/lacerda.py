"""Lisboa's solo bot Lacerda in the browser: companion sessions kept on the server like
matches (docs/web.md "Lacerda companion").

A session is its settings, its seed and its answers (``eurogames.companions.lacerda``); the
store keeps exactly that, one row per answer, and every request rebuilds the session by
replaying the stored answers, unless the copy in memory already holds the same answers. So
a restart, a second server process or a second device changes nothing: the stored answers
are the truth, and ``n`` (how many answers the client saw) makes a stale answer or undo a
clear 409 instead of a step answered twice.

Order of an answer: the session checks it (a refusal changes nothing), the store commits
it as answer ``n + 1`` (compare-and-set), then the reply; a store failure drops the copy in
memory, so the next request replays what was really stored. An undo deletes the stored
answer first, then replays.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import Any

from eurogames.companions.lacerda import (
    AnswerError,
    Prompt,
    SaveError,
    Session,
    SettingError,
    Settings,
)
from eurogames.companions.lacerda import text as words
from eurogames.companions.lacerda.procedure import Line
from eurogames.companions.lacerda.session import FORMAT, VERSION
from eurogames.companions.lacerda.settings import CHOICES, KEYS, WIG_RATES
from eurogames.store import (
    DuplicateSessionError,
    StaleAnswerError,
    Store,
    StoredSession,
    StoreError,
    UnknownSessionError,
)
from eurogames.web.manager import ApiError, log

COMPANION = "lacerda"
KEEP_SESSIONS = 256  # sessions kept replayed in memory; the rest replay on demand
ID_BYTES = 18  # 24 URL-safe characters, 144 random bits: the link is the key


def session_url(session_id: str) -> str:
    return f"/lacerda/{session_id}"


class LacerdaSessions:
    """The Lacerda sessions of one server, over one store."""

    def __init__(self, store: Store, keep: int = KEEP_SESSIONS) -> None:
        self.store = store
        self.keep = keep
        self._memory: OrderedDict[str, Session] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}

    # -- what can be created ---------------------------------------------------------------
    def catalogue(self, lang: str) -> dict[str, Any]:
        """The settings a new session takes, each with its default and, where it is one of a
        few values, those values (ASK-07; docs/rules/lisboa-solo.md)."""
        defaults = Settings().values()
        settings = []
        for key in KEYS:
            if key in CHOICES:
                choices: list[str] | None = list(CHOICES[key])
            elif key == "wig_rate":
                choices = [str(rate) for rate in WIG_RATES]
            elif key == "office_capacity":
                choices = [str(n) for n in range(9)]
            else:
                choices = None
            # a setting is named by its key: the ASK-07 prompt changes it as key=value
            settings.append({"key": key, "default": defaults[key], "choices": choices,
                             "label": words.setting(key, lang)})
        return {"companion": COMPANION, "title": words.ui("title", lang),
                "settings": settings}

    # -- creating ----------------------------------------------------------------------------
    async def create(self, body: Any, lang: str) -> dict[str, Any]:
        """A new session from settings and a seed, or from a saved session's record (the
        terminal's save file or a downloaded record), which carries on where it stopped."""
        if not isinstance(body, dict):
            raise ApiError(400, "malformed", "the body must be a JSON object")
        unknown = sorted(set(body) - {"settings", "seed", "record"})
        if unknown:
            raise ApiError(422, "malformed", f"unknown field {unknown[0]!r} (expected "
                           "settings, seed, or record)")
        if "record" in body:
            if set(body) != {"record"}:
                raise ApiError(422, "malformed", "a record comes alone: its settings and "
                               "seed are the record's")
            try:
                session = Session.from_json(body["record"])
            except SaveError as exc:
                raise ApiError(400, "bad_record", f"the record was refused: {exc}") from None
        else:
            raw = body.get("settings")
            seed = body.get("seed")
            try:
                settings = Settings.from_json({} if raw is None else raw)
                if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                    raise SettingError(f"the seed must be a whole number or null, not {seed!r}")
                session = Session(settings, seed)
            except SettingError as exc:
                raise ApiError(400, "bad_setting", str(exc)) from None
        for _ in range(3):  # ids are random: a clash is all but impossible, and retried
            session_id = secrets.token_urlsafe(ID_BYTES)
            try:
                stored = await asyncio.to_thread(
                    self.store.create_session, id=session_id, companion=COMPANION,
                    version=VERSION, seed=session.seed,
                    settings=session.initial_settings.to_json(),
                    answers=list(session.answers), finished=session.over)
                break
            except DuplicateSessionError:
                continue
            except StoreError as exc:
                log.error("cannot store a new Lacerda session: %s", exc)
                raise ApiError(503, "store", "the session could not be saved; try "
                               "again") from None
        else:
            raise ApiError(503, "store", "no free session id was found; try again")
        self._remember(session_id, session)
        return payload(stored, session, lang)

    # -- loading -----------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def _lock(self, session_id: str) -> AsyncIterator[None]:
        """One request at a time per session (two clicks, or a click and a page's poll).
        A lock is kept while its session is in memory; one made for an id that turned out
        to be unknown is dropped again, so made-up ids cannot fill the server's memory (a
        request racing that drop still cannot store an answer twice: the store's
        compare-and-set on ``n`` decides)."""
        lock = self._locks.get(session_id)
        if lock is None:
            lock = self._locks[session_id] = asyncio.Lock()
        try:
            async with lock:
                yield
        finally:
            if session_id not in self._memory and not lock.locked():
                self._locks.pop(session_id, None)

    def _remember(self, session_id: str, session: Session) -> None:
        self._memory[session_id] = session
        self._memory.move_to_end(session_id)
        while len(self._memory) > self.keep:
            forgotten, _ = self._memory.popitem(last=False)
            lock = self._locks.get(forgotten)
            if lock is not None and not lock.locked():
                del self._locks[forgotten]

    def _forget(self, session_id: str) -> None:
        self._memory.pop(session_id, None)

    async def _load(self, session_id: str) -> tuple[StoredSession, Session]:
        """The stored session and its replay (the copy in memory when it holds the same
        answers); 404 if there is none, 409 ``unplayable`` if it no longer replays."""
        try:
            stored = await asyncio.to_thread(self.store.get_session, session_id)
        except UnknownSessionError:
            raise ApiError(404, "not_found", f"no Lacerda session {session_id}") from None
        except StoreError as exc:
            log.error("cannot read Lacerda session %s: %s", session_id, exc)
            raise ApiError(503, "store", "the session store cannot be read now") from None
        answers = [answer.text for answer in stored.answers]
        session = self._memory.get(session_id)
        if session is None or session.answers != answers:
            session = await asyncio.to_thread(replay, stored)
        self._remember(session_id, session)
        return stored, session

    # -- the API -----------------------------------------------------------------------------
    async def get(self, session_id: str, lang: str) -> dict[str, Any]:
        async with self._lock(session_id):
            stored, session = await self._load(session_id)
            return payload(stored, session, lang)

    async def record(self, session_id: str) -> dict[str, Any]:
        async with self._lock(session_id):
            _, session = await self._load(session_id)
            return session.to_json()

    async def answer(self, session_id: str, body: Any, lang: str) -> dict[str, Any]:
        text, n = check_fields(body, ("text", "n"))
        if not isinstance(text, str):
            raise ApiError(422, "malformed", f"text must be the answer as text, not {text!r}")
        async with self._lock(session_id):
            stored, session = await self._load(session_id)
            check_n(session, n)
            if session.over:
                raise ApiError(409, "finished", "the game is over: there is nothing to answer")
            try:
                session.answer(text)
            except AnswerError as exc:  # the session is unchanged
                raise ApiError(400, "bad_answer", words.error(exc, lang)) from None
            except Exception:
                # a fault of the companion itself: the copy may be half changed, so it is
                # dropped; nothing was stored, and the error keeps the one shape
                self._forget(session_id)
                log.exception("Lacerda session %s failed on answer %r", session_id, text)
                raise ApiError(500, "internal", "the companion failed on this answer (see the "
                               "server log); nothing was stored") from None
            try:
                updated = await asyncio.to_thread(
                    self.store.append_answer, session_id, n + 1, session.answers[-1],
                    finished=session.over)
            except StaleAnswerError:
                self._forget(session_id)  # another process answered first: replay its truth
                raise ApiError(409, "stale", "another device answered this step first; "
                               "nothing was stored: reload the session") from None
            except UnknownSessionError:
                self._forget(session_id)
                raise ApiError(404, "not_found", f"no Lacerda session {session_id}") from None
            except StoreError as exc:
                self._forget(session_id)
                log.error("cannot store an answer of Lacerda session %s: %s", session_id, exc)
                raise ApiError(503, "store", "the answer could not be saved; nothing was "
                               "changed: try again") from None
            stored = _with(stored, session, updated)
            return payload(stored, session, lang)

    async def undo(self, session_id: str, body: Any, lang: str) -> dict[str, Any]:
        (n,) = check_fields(body, ("n",))
        async with self._lock(session_id):
            stored, session = await self._load(session_id)
            check_n(session, n)
            if n == 0:
                raise ApiError(409, "cannot_undo", "there is no answer to undo")
            try:
                updated = await asyncio.to_thread(self.store.delete_last_answer, session_id, n)
            except StaleAnswerError:
                self._forget(session_id)
                raise ApiError(409, "stale", "the session changed on another device; nothing "
                               "was undone: reload the session") from None
            except UnknownSessionError:
                self._forget(session_id)
                raise ApiError(404, "not_found", f"no Lacerda session {session_id}") from None
            except StoreError as exc:
                log.error("cannot undo in Lacerda session %s: %s", session_id, exc)
                raise ApiError(503, "store", "the undo could not be saved; nothing was "
                               "changed: try again") from None
            session.undo()
            stored = _with(stored, session, updated)
            return payload(stored, session, lang)


def check_fields(body: Any, fields: tuple[str, ...]) -> tuple[Any, ...]:
    """The body's fields in order; ``n`` a whole number. 400/422 ``malformed`` otherwise."""
    if not isinstance(body, dict):
        raise ApiError(400, "malformed", "the body must be a JSON object")
    unknown = sorted(set(body) - set(fields))
    if unknown:
        raise ApiError(422, "malformed", f"unknown field {unknown[0]!r} (expected "
                       f"{', '.join(fields)})")
    missing = [name for name in fields if name not in body]
    if missing:
        raise ApiError(422, "malformed", f"{missing[0]} is missing")
    n = body["n"]
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ApiError(422, "malformed", f"n must be the number of answers you saw (a whole "
                       f"number), not {n!r}")
    return tuple(body[name] for name in fields)


def check_n(session: Session, n: int) -> None:
    if n != len(session.answers):
        raise ApiError(409, "stale", f"the session has {len(session.answers)} answers, not "
                       f"{n}: it changed on another device; nothing was done: reload it")


def replay(stored: StoredSession) -> Session:
    """The session the stored answers describe; 409 ``unplayable`` naming what fails."""
    if stored.companion != COMPANION:
        raise ApiError(409, "unplayable", f"session {stored.id} is a {stored.companion!r} "
                       "session, not a Lacerda one")
    record = {"format": FORMAT, "version": stored.version, "seed": stored.seed,
              "settings": stored.settings, "answers": [a.text for a in stored.answers]}
    try:
        return Session.from_json(record)
    except SaveError as exc:
        log.error("Lacerda session %s does not replay: %s", stored.id, exc)
        raise ApiError(409, "unplayable", f"session {stored.id} cannot be resumed by this "
                       f"server: {exc}") from None
    except Exception:  # a fault of the companion while replaying: named, never a bare 500
        log.exception("Lacerda session %s does not replay", stored.id)
        raise ApiError(409, "unplayable", f"session {stored.id} cannot be resumed by this "
                       "server: the companion failed while replaying it (see the server "
                       "log)") from None


def _with(stored: StoredSession, session: Session, updated: Any) -> StoredSession:
    """The stored row as it is after an answer or an undo just committed."""
    return StoredSession(
        id=stored.id, companion=stored.companion, version=stored.version, seed=stored.seed,
        settings=stored.settings, status="finished" if session.over else "active",
        created=stored.created, updated=updated, answers=())


# -- the payload ---------------------------------------------------------------------------
def payload(stored: StoredSession, session: Session, lang: str) -> dict[str, Any]:
    """Everything the companion page renders, in ``lang`` (docs/web.md)."""
    steps = session.steps
    done = steps[:-1]
    return {
        "session": stored.id,
        "url": session_url(stored.id),
        "companion": COMPANION,
        "version": VERSION,
        "status": "finished" if session.over else "active",
        "n": len(session.answers),
        "seed": session.seed,
        "settings": session.settings.values(),
        "created": stored.created.isoformat(),
        "updated": stored.updated.isoformat(),
        "state": session.state.to_json(),
        "area": [{"label": label, "value": value}
                 for label, value in words.area(session.state, lang)],
        "said": [line_json(line, lang) for line in session.said],
        "prompt": None if session.prompt is None else prompt_json(session.prompt, lang),
        "steps": [
            {"n": i, "lines": [line_json(line, lang) for line in step.lines],
             "ask": step.prompt.ask if step.prompt else None,
             "question": words.ask(step.prompt, lang) if step.prompt else None,
             "answer": step.answer,
             "answer_text": answer_text(step.prompt, step.answer, lang)}
            for i, step in enumerate(done, start=1)],
        "can_undo": bool(session.answers),
        "labels": {key: words.ui(key, lang) for key in words.UI},
    }


def line_json(line: Line, lang: str) -> dict[str, Any]:
    return {"key": line.key, "params": line.params, "text": words.say(line, lang)}


def prompt_json(prompt: Prompt, lang: str) -> dict[str, Any]:
    found = prompt.to_json()
    found["options"] = [{"code": code, "label": words.option(code, lang)}
                        for code in prompt.options]
    found["question"] = words.ask(prompt, lang)
    found["hint"] = words.hint(prompt, lang)
    return found


def answer_text(prompt: Prompt | None, answer: str | None, lang: str) -> str | None:
    """An answer in words: option labels for a choice or a subset, else as typed."""
    if prompt is None or answer is None or "=" in answer and prompt.kind != "setting":
        return answer  # a correction (wigs=N) reads as it is
    if prompt.kind == "choice" and answer in prompt.options:
        return words.option(answer, lang)
    if prompt.kind == "subset" and answer != "none":
        return ", ".join(words.option(code, lang) for code in answer.split(","))
    if prompt.kind in ("subset", "lots", "openings") and answer == "none":
        return words.option("none", lang)
    return answer


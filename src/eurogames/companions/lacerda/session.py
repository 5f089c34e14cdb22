"""A Lacerda session: the API every front end (terminal, web) uses.

A session is its settings, a seed (for the draws the player asks the companion to make) and
the list of answers given so far. Everything else, Lacerda's state, what was said and the
prompt now open, is rebuilt by feeding those answers to the procedure again, so that save,
resume, undo and the record are all that list:

    >>> s = Session(seed=7)
    >>> s.prompt.ask, s.prompt.key
    ('ASK-07', 'confirm_settings')
    >>> _ = s.answer("confirm"); s.prompt.key
    'your_colour'
    >>> s.undo(); s.prompt.key
    'confirm_settings'

``answer`` refuses what the prompt does not accept with :class:`AnswerError` and changes
nothing. At any prompt, ``wigs=N`` or ``influence=N`` corrects Lacerda's marker to what the
board shows (ASK-27); the correction is an answer like any other (undone, replayed).
``Session.from_json`` refuses a damaged save with :class:`SaveError` saying what is wrong.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eurogames.companions.lacerda.procedure import INFLUENCE_CAP, Lacerda, Line, Procedure
from eurogames.companions.lacerda.prompts import AnswerError, Prompt
from eurogames.companions.lacerda.settings import SettingError, Settings
from eurogames.core.errors import EurogamesError

FORMAT = "eurogames-lacerda"
VERSION = 1  # of the procedure: a save replays only under the version that wrote it
MAX_ANSWERS = 5000  # a solo game needs a few hundred
_CORRECTION = re.compile(r"^\s*(wigs|influence)\s*=\s*([0-9]{1,4})\s*$", re.IGNORECASE)


class SaveError(EurogamesError, ValueError):
    """A saved session that cannot be resumed: unreadable, of another format or version,
    or with an answer the procedure refuses at that point (the message says which)."""


@dataclass(frozen=True)
class Step:
    """What the companion said, then asked, and the answer given (None: still open)."""

    lines: tuple[Line, ...]
    prompt: Prompt | None
    answer: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "lines": [line.to_json() for line in self.lines],
            "prompt": None if self.prompt is None else self.prompt.to_json(),
            "answer": self.answer,
        }


class Session:
    """Lacerda's game, driven by answers (see the module's docstring)."""

    def __init__(self, settings: Settings | None = None, seed: int | None = None) -> None:
        if seed is None:
            seed = secrets.randbits(62)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
            raise SettingError(f"the seed must be a whole number from 0 to 2**64-1, not {seed!r}")
        self.initial_settings = settings or Settings()  # ASK-07 answers may change them
        self.seed = seed
        self._restart()

    def _restart(self) -> None:
        self.answers: list[str] = []
        self._procedure = Procedure(self.initial_settings, self.seed)
        self._steps = self._procedure.run()
        self._done: list[Step] = []
        self._open(None, first=True)

    def _open(self, value: Any, first: bool = False) -> None:
        """Run the procedure to its next prompt (or its end) and note what it said."""
        before = len(self._procedure.lines)
        try:
            prompt = next(self._steps) if first else self._steps.send(value)
        except StopIteration:
            prompt = None
        self._said = tuple(self._procedure.lines[before:])
        self.prompt: Prompt | None = prompt

    # -- what a front end shows -----------------------------------------------------------
    @property
    def state(self) -> Lacerda:
        return self._procedure.state

    @property
    def settings(self) -> Settings:
        """The settings in force: the initial ones with the changes answered at ASK-07."""
        return self._procedure.state.settings

    @property
    def over(self) -> bool:
        return self.prompt is None

    @property
    def steps(self) -> list[Step]:
        """Every step so far, the open one last (its answer None)."""
        return [*self._done, Step(self._said, self.prompt, None)]

    @property
    def said(self) -> tuple[Line, ...]:
        """What the companion said since the last answer."""
        return self._said

    # -- answering ------------------------------------------------------------------------
    def answer(self, text: str) -> tuple[Line, ...]:
        """Give the open prompt an answer (or a correction); returns what is said next."""
        if self.prompt is None:
            raise AnswerError("the game is over: there is nothing to answer", "over")
        if len(self.answers) >= MAX_ANSWERS:
            raise AnswerError(f"a session holds at most {MAX_ANSWERS} answers", "too_many",
                              count=MAX_ANSWERS)
        correction = _CORRECTION.match(text) if isinstance(text, str) else None
        if correction:
            return self._correct(correction.group(1).lower(), int(correction.group(2)))
        value, canonical = self.prompt.parse(text)
        self._done.append(Step(self._said, self.prompt, canonical))
        self.answers.append(canonical)
        self._open(value)
        return self._said

    def _correct(self, marker: str, value: int) -> tuple[Line, ...]:
        """ASK-27: set Lacerda's wigs or influence to what the board shows."""
        state = self.state
        if marker == "influence" and self.settings.influence_cap == "on" and value > INFLUENCE_CAP:
            raise AnswerError(f"influence goes from 0 to {INFLUENCE_CAP} on the track",
                              "influence_cap", high=INFLUENCE_CAP)
        canonical = f"{marker}={value}"
        self._done.append(Step(self._said, self.prompt, canonical))
        self.answers.append(canonical)
        before = getattr(state, marker)
        setattr(state, marker, value)
        line = Line("corrected", {"marker": marker, "before": before, "value": value})
        self._procedure.lines.append(line)
        self._said = (line,)
        return self._said

    def undo(self) -> None:
        """Take the last answer back: the session is exactly as it was before it."""
        if not self.answers:
            raise AnswerError("there is no answer to undo", "nothing_to_undo")
        self._replay(self.answers[:-1])

    def _replay(self, answers: list[str]) -> None:
        self._restart()
        for n, text in enumerate(answers, 1):
            try:
                self.answer(text)
            except AnswerError as err:
                ask = self.prompt.ask if self.prompt else "the end"
                raise SaveError(f"answer {n} ({text!r}, at {ask}) does not replay: {err}") from None

    # -- saving ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The session as its record: settings, seed, answers, and a check of the state."""
        return {
            "format": FORMAT, "version": VERSION, "seed": self.seed,
            "settings": self.initial_settings.to_json(), "answers": list(self.answers),
            "check": self.check(),
        }

    def check(self) -> str:
        """A digest of Lacerda's state: a replay must reach the same."""
        text = json.dumps(self.state.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @classmethod
    def from_json(cls, data: Any) -> Session:
        """The session a record describes, replayed; ``SaveError`` names what is wrong."""
        if not isinstance(data, dict):
            raise SaveError("a saved session is a JSON object")
        if data.get("format") != FORMAT:
            raise SaveError(f"not a Lacerda companion save (format {data.get('format')!r})")
        if data.get("version") != VERSION:
            raise SaveError(
                f"saved by version {data.get('version')!r} of the companion; this is {VERSION}"
            )
        unknown = set(data) - {"format", "version", "seed", "settings", "answers", "check"}
        if unknown:
            raise SaveError(f"unknown field(s): {', '.join(sorted(unknown))}")
        answers = data.get("answers")
        if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
            raise SaveError("answers must be a list of texts")
        if len(answers) > MAX_ANSWERS:
            raise SaveError(f"a session holds at most {MAX_ANSWERS} answers")
        try:
            session = cls(Settings.from_json(data.get("settings", {})), data.get("seed"))
        except SettingError as err:
            raise SaveError(str(err)) from None
        session._replay(answers)
        check = data.get("check")
        if check is not None and check != session.check():
            raise SaveError("the answers replay to another state than the one saved (check)")
        return session

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record to ``path`` atomically (a crash leaves the old file whole)."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n",
                       encoding="utf-8")
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Session:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise SaveError(f"cannot read {path}: {err}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise SaveError(f"{path} is not valid JSON: {err}") from None
        return cls.from_json(data)

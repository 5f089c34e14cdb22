"""The engine contract: :class:`Game` and :class:`State` (see docs/api.md)."""

from __future__ import annotations

import array
import copy
import os
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, NoReturn

from eurogames.core.action import Action
from eurogames.core.data import DataSet, ProvisionalValue
from eurogames.core.errors import DataError, IllegalActionError
from eurogames.core.rng import Rng

LANGS = ("en", "zh-Hant", "zh-Hans")
# ``describe(action, lang, viewer=SPECTATOR)``: the third person for every seat (a spectator,
# a replay); ``viewer=None`` keeps the option's own words, addressed to the seat that decides
SPECTATOR = -1
SEAT_NAMES = {"en": "Seat {n}", "zh-Hant": "玩家{n}", "zh-Hans": "玩家{n}"}


@dataclass(frozen=True)
class Option:
    """A variant or setting a game accepts in ``game.new(options=...)``."""

    name: str
    default: Any
    help: str
    type: type = int
    choices: tuple[Any, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "help": self.help,
            "type": self.type.__name__,
            "choices": list(self.choices) if self.choices is not None else None,
        }


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    return lang


class Event(NamedTuple):
    """Something the rules did without a decision: a refill, a scoring, a visit, the end.

    ``kind`` names it (each game documents its kinds), ``data`` holds JSON-ready facts that
    every seat may see, ``seats`` the seats it concerns (they read it in the second person).
    ``state.describe_event(event, lang, viewer)`` says it in words.
    """

    kind: str
    data: dict[str, Any]
    seats: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """A fresh JSON-ready dict: the caller may change it."""
        return {"kind": self.kind, "data": copy.deepcopy(self.data), "seats": list(self.seats)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        try:
            kind, facts, seats = data["kind"], data["data"], data["seats"]
        except (KeyError, TypeError):
            raise ValueError(f"not an event: {data!r}") from None
        if not isinstance(kind, str) or not isinstance(facts, dict) or not isinstance(seats, list):
            raise ValueError(f"not an event: {data!r}")
        return cls(kind, copy.deepcopy(facts), tuple(seats))


class ScorePart(NamedTuple):
    """One labelled part of a seat's score (``state.score_breakdown()``)."""

    key: str
    points: int
    labels: dict[str, str]  # lang -> words, for en, zh-Hant and zh-Hans

    def label(self, lang: str = "en") -> str:
        return self.labels[check_lang(lang)]

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "points": self.points, "labels": dict(self.labels)}


class Opponent(NamedTuple):
    """An opponent that is part of the game's rules, not a seat (a solo game's bot): see
    ``state.opponents()`` in docs/api.md."""

    key: str
    names: dict[str, str]  # lang -> its name, for en, zh-Hant and zh-Hans
    score: int  # its points, current or final
    won: bool  # True only once the game is over, when it is among the winners
    parts: tuple[ScorePart, ...] = ()  # its score's parts, as ``score_breakdown`` gives a seat's

    def name(self, lang: str = "en") -> str:
        return self.names[check_lang(lang)]

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "names": dict(self.names), "score": self.score,
                "won": self.won, "parts": [part.to_json() for part in self.parts]}


def seat_name(seat: int, lang: str, names: Sequence[str] | None = None) -> str:
    """How a sentence names ``seat``: ``names[seat]``, else "Seat N" / 玩家N (N from 1)."""
    if names is not None:
        return names[seat]
    return SEAT_NAMES[check_lang(lang)].format(n=seat + 1)


def name_list(who: Sequence[str], lang: str) -> str:
    """Names joined as a sentence lists them: "Ann, Bob and Cy" / 甲、乙和丙."""
    if len(who) < 2:
        return "".join(who)
    if lang == "en":
        return f"{', '.join(who[:-1])} and {who[-1]}"
    return f"{'、'.join(who[:-1])}和{who[-1]}"


def points_words(n: int, lang: str) -> str:
    if lang == "en":
        return f"{n} point{'' if n == 1 else 's'}"
    return f"{n}分"


def in_person(
    sentence: str, lang: str, actor: str | None, verbs: Mapping[str, str]
) -> str:
    """An option's imperative ``sentence`` as said of the seat that acted.

    ``actor`` is ``None`` for the reader who acted ("You take…", 你拿取…), else the actor's
    name ("Ann takes…", 玩家2拿取…). English needs the third person of each verb that can
    open or follow "and" in the game's sentences (``verbs``: "Take" -> "takes"); "your"
    becomes "their" and "you" "they" for a third person. Chinese puts the subject first.
    """
    if lang != "en":
        return ("你" if actor is None else actor) + sentence
    first, _, rest = sentence.partition(" ")
    word = first.rstrip(":,.")
    if actor is None:
        return f"You {first[0].lower()}{first[1:]} {rest}".rstrip()
    third = verbs.get(word)
    if third is None:
        raise ValueError(f"no third person for {word!r} (in {sentence!r})")
    said = f"{actor} {third}{first[len(word):]} {rest}".rstrip()
    for verb, conjugated in verbs.items():
        said = said.replace(f" and {verb.lower()} ", f" and {conjugated} ")
    said = re.sub(r"\byour\b", "their", said)
    return re.sub(r"\byou\b", "they", said)


class Game(ABC):
    """A game's static description and the factory of its states."""

    name: str = ""
    titles: dict[str, str] = {}
    min_players: int = 2
    max_players: int = 4
    version: int = 1
    options: dict[str, Option] = {}
    provisional: list[ProvisionalValue] = []
    num_actions: int = 0

    def title(self, lang: str = "en") -> str:
        return self.titles[check_lang(lang)]

    # -- component data (docs/api.md, "Component data") ------------------------------------
    data: DataSet | None = None  # the data this game plays with; None: no data document

    def check_data(self, document: Any) -> list[str]:
        """Every problem of ``document`` as this game's data (schema, counts,
        cross-references, statuses), in words; an empty list means it can be played."""
        if not isinstance(document, dict):
            return ["the data is not a JSON object"]
        if document.get("game") != self.name:
            return [f"the data names the game {document.get('game')!r}, not {self.name!r}"]
        return self._check_data(document)

    def _check_data(self, document: dict[str, Any]) -> list[str]:
        """The game's own checks of a data document (games with data override)."""
        return [f"{self.name} has no component data document"]

    def with_data(self, dataset: DataSet) -> Game:
        """This game playing with ``dataset`` (a new ``Game``); ``DataError`` names every
        problem, or says that this game takes no replacement data."""
        if dataset.game != self.name:
            raise DataError(f"{dataset.origin}: data for {dataset.game!r}, not {self.name!r}")
        problems = self.check_data(dataset.document)
        if problems:
            raise DataError(f"{dataset.origin}: " + "; ".join(problems))
        if self.data is not None and dataset.digest == self.data.digest:
            return self
        return self._with_data(dataset)

    def _with_data(self, dataset: DataSet) -> Game:
        raise DataError(
            f"{self.name} plays only with its shipped data: every component value has a "
            f"source (see its data/README.md), so there is nothing to correct"
        )

    def __repr__(self) -> str:
        return f"<Game {self.name}>"

    # -- creating states -------------------------------------------------------------------
    def new(
        self, players: int, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> State:
        """A new game. Bad player counts or options raise ``ValueError`` naming the problem."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be an integer, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big")  # 64 bits: a deal cannot be guessed
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        return self._new(players, seed, self.check_options(players, options or {}))

    def check_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults and validate every option; unknown or bad values raise."""
        if not isinstance(options, dict):
            raise ValueError(f"options must be a mapping, not {type(options).__name__}")
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(self.options) or "none"
            raise ValueError(f"{self.name} has no option {unknown[0]!r} (options: {known})")
        result = {}
        for name, opt in self.options.items():
            value = options.get(name, opt.default)
            if opt.type is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise ValueError(f"option {name!r} must be an integer, not {value!r}")
            if opt.type is bool and not isinstance(value, bool):
                raise ValueError(f"option {name!r} must be true or false, not {value!r}")
            if opt.type is str and not isinstance(value, str):
                raise ValueError(f"option {name!r} must be text, not {value!r}")
            if opt.choices is not None and value not in opt.choices:
                choices = ", ".join(map(str, opt.choices))
                raise ValueError(f"option {name!r} must be one of {choices}, not {value!r}")
            result[name] = value
        self._check_options(players, result)
        return result

    def _check_options(self, players: int, options: dict[str, Any]) -> None:  # noqa: B027
        """Checks that depend on the player count (games override; none by default)."""

    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State: ...

    @abstractmethod
    def from_json(self, data: dict[str, Any]) -> State:
        """The state that ``state.to_json()`` wrote, exactly."""

    # -- the fixed action space ------------------------------------------------------------
    @abstractmethod
    def action(self, id: int) -> Action:
        """The action with this id in the fixed action space (``0 <= id < num_actions``)."""

    def action_id(self, action: Action) -> int:
        if not isinstance(action, Action) or action.game != self.name:
            raise ValueError(f"{action!r} is not a {self.name} action")
        return action.id

    # -- a hook for a drawn board -----------------------------------------------------------
    def board_components(self) -> dict[str, Any] | None:
        """What is printed on the game's boards and cards that its drawn board needs and its
        views leave out (they carry what changes), as JSON, from the data this game object
        plays with (a corrected data set included); the server serves it as the board's
        ``components.json`` (docs/web.md, "Boards"). ``None``: the board needs none."""
        return None

    # -- hooks for generic bots ------------------------------------------------------------
    def evaluate(self, state: State, seat: int) -> float:
        """A heuristic value of ``state`` for ``seat`` in [-1, 1], from that seat's view only.

        The default compares the seat's score with the best other one, an opponent that is
        not a seat included (``state.opponents()``); games override it with a real evaluation.
        """
        if state.is_over():
            return state.returns()[seat]
        scores = state.scores()
        others = [s for i, s in enumerate(scores) if i != seat]
        best_other = max([*others, *(o.score for o in state.opponents())], default=0)
        diff = scores[seat] - best_other
        return max(-1.0, min(1.0, diff / 20.0))

    def rollout_action(self, state: State, rng: Rng) -> Action:
        """The move a playout takes; the default is uniform over the legal actions."""
        return rng.choice(state.legal_actions())


class State(ABC):
    """One position of one game, with everything needed to continue it exactly."""

    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    ply: int
    _history: tuple[Any, Action] | None  # a cons list, newest first: clone shares it

    # -- turn ------------------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat that decides now (``-1`` when the game is over)."""

    _legal: list[Action] | None  # the legal actions of this position, once generated
    # what the last ``apply`` did without a decision: events, or plain tuples ``(kind,
    # *facts)`` that ``_event`` turns into events when asked (cheap to record in a playout);
    # empty before any ``apply`` (a new state, one read from JSON). A game with
    # ``__slots__`` sets it to ``()`` in setup and from_json and copies it in clone.
    _events: tuple[Event | tuple[Any, ...], ...] = ()

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a deterministic order; never empty before the end.

        Generated once per position (``_generate``) and kept until the next ``apply``.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    @abstractmethod
    def _generate(self) -> list[Action]:
        """The legal actions of this position (empty once the game is over)."""

    def apply(self, action: Action) -> None:
        """Play ``action``; an illegal one raises :class:`IllegalActionError`, changing nothing."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        if action not in legal:  # actions are singletons: an identity scan, no __eq__ calls
            self._refuse(action)
        self._legal = None
        self._events = ()
        self._apply(action)
        self.ply += 1
        self._history = (self._history, action)

    def _refusal(self, action: Action) -> str:
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        if action.game != self.game.name:
            return f"{action} is a {action.game} action, not a {self.game.name} one"
        return f"{action} is not legal now: {self.why_illegal(action)}"

    def why_illegal(self, action: Action) -> str:
        """Why a well-formed action is refused now (games override for better messages)."""
        return "it is not among the legal actions"

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Play a legal action (already checked)."""

    @abstractmethod
    def clone(self) -> State: ...

    def reveals(self, action: Action) -> bool:
        """Whether playing ``action`` draws or reveals hidden information (a card from a deck,
        a tile from the bag), so that taking it back would let a player see and retry.

        Clients that offer an undo within a turn stop at such a decision. The default says yes
        for every action (no undo), which is always safe; games override it exactly.
        An illegal action raises :class:`IllegalActionError`.
        """
        self._check_legal(action)
        return True

    def _check_legal(self, action: Action) -> None:
        if action not in self.legal_actions():
            self._refuse(action)

    def _refuse(self, action: Action) -> NoReturn:
        if self.is_over():
            raise IllegalActionError(f"the game is over; {action} cannot be played")
        raise IllegalActionError(self._refusal(action))

    # -- outcome ---------------------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat, final or current."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats after tie-breaks (several when the rules share the victory)."""

    def opponents(self) -> list[Opponent]:
        """The opponents that are part of the game and not seats (a solo game's bot), with
        their scores and, once the game is over, whether they won; [] in most games."""
        return []

    def returns(self) -> list[float]:
        """Per seat for search: +1 sole win, -1 loss; k winners sharing a win get 2/k - 1
        each, where k counts the winning seats and the winning ``opponents()``.

        Before the end every seat gets 0.
        """
        if not self.is_over():
            return [0.0] * self.players
        winners = self.winners()
        share = 2.0 / (len(winners) + sum(o.won for o in self.opponents())) - 1.0
        return [share if seat in winners else -1.0 for seat in range(self.players)]

    # -- what happened and why: events and the score's parts -------------------------------
    def last_events(self) -> list[Event]:
        """What the last ``apply`` did without a decision, in order (see docs/api.md).

        Kept by ``clone`` (so by ``resample_hidden``), not by ``to_json``: a state read back
        from JSON, or a new one, has none. A replay gets every ply's events by re-applying.
        Every game reports at least ``game_over``: the base class adds it to every finished
        state's events (the last action ended the game), a finished one read from JSON too.
        """
        events = [e if type(e) is Event else self._event(*e) for e in self._events]
        if self.is_over():  # nothing is played after the end: the last action ended it
            events.append(self._game_over())
        return events

    def _event(self, kind: str, *facts: Any) -> Event:
        """The event a game recorded as the plain tuple ``(kind, *facts)`` (games override)."""
        raise ValueError(f"{self.game.name} records no event {kind!r} as a tuple")

    def _emit(self, kind: str, data: dict[str, Any], seats: tuple[int, ...] = ()) -> None:
        """Record an event of the decision being applied (only public facts in ``data``)."""
        self._events = (*self._events, Event(kind, data, seats))

    def _game_over(self) -> Event:
        scores, winners, opponents = self.scores(), self.winners(), self.opponents()
        data: dict[str, Any] = {"scores": scores, "winners": winners}
        if opponents:
            data["opponents"] = [{"key": o.key, "names": dict(o.names), "score": o.score,
                                  "won": o.won} for o in opponents]
        return Event("game_over", data, tuple(winners))

    def describe_event(
        self,
        event: Event,
        lang: str = "en",
        viewer: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """A sentence for ``viewer`` (a seat, or ``None`` / ``SPECTATOR``) saying ``event``.

        A seat the event concerns reads it in the second person; others read ``names[seat]``
        (default "Seat N" / 玩家N). Games describe their own kinds in ``_describe_event``.
        """
        check_lang(lang)
        self._check_viewer(viewer, names)
        if not isinstance(event, Event):
            raise ValueError(f"{event!r} is not an Event")
        if event.kind == "game_over":
            return self._describe_game_over(event, lang, viewer, names)
        return self._describe_event(event, lang, viewer, names)

    def _describe_event(
        self, event: Event, lang: str, viewer: int | None, names: Sequence[str] | None
    ) -> str:
        """The game's own event kinds in words (games that emit events override)."""
        raise ValueError(f"{self.game.name} has no event {event.kind!r}")

    def subject(self, seat: int, lang: str, viewer: int | None, names: Sequence[str] | None) -> str:
        """``seat`` as the subject of a sentence read by ``viewer``: you / 你, or its name."""
        if seat == viewer:
            return "you" if lang == "en" else "你"
        return seat_name(seat, lang, names)

    def _describe_game_over(
        self, event: Event, lang: str, viewer: int | None, names: Sequence[str] | None
    ) -> str:
        winners = event.data["winners"]
        opponents = event.data.get("opponents", [])  # not seats (docs/api.md)
        them = [o for o in opponents if o["won"]]
        best = event.data["scores"][winners[0]] if winners else them[0]["score"]
        who = name_list([self.subject(p, lang, viewer, names) for p in winners]
                        + [o["names"][lang] for o in them], lang)
        points = points_words(best, lang)
        alone = len(winners) + len(them) == 1
        others = "".join(
            (f" {o['names'][lang]}: {points_words(o['score'], lang)}." if lang == "en"
             else f"{o['names'][lang]}：{points_words(o['score'], lang)}。")
            for o in opponents if not o["won"])
        if lang == "en":
            if not alone:
                return f"The game is over: {who} share the victory with {points} each.{others}"
            verb = "win" if winners and winners[0] == viewer else "wins"
            return f"The game is over: {who} {verb} with {points}.{others}"
        over = "遊戲結束" if lang == "zh-Hant" else "游戏结束"
        if not alone:
            shared = "共享勝利" if lang == "zh-Hant" else "共享胜利"
            return f"{over}：{who}各以{points}{shared}。{others}"
        won = "獲勝" if lang == "zh-Hant" else "获胜"
        return f"{over}：{who}以{points}{won}。{others}"

    def score_breakdown(self) -> list[list[ScorePart]]:
        """Per seat, labelled parts adding up to ``scores()[seat]`` (games override).

        The default is one part, ``points``, the whole score.
        """
        labels = {"en": "Points", "zh-Hant": "分數", "zh-Hans": "分数"}
        return [[ScorePart("points", score, dict(labels))] for score in self.scores()]

    def _check_viewer(self, viewer: int | None, names: Sequence[str] | None) -> None:
        if viewer is not None and (
            isinstance(viewer, bool)
            or not isinstance(viewer, int)
            or not SPECTATOR <= viewer < self.players
        ):
            raise ValueError(
                f"viewer must be a seat 0 to {self.players - 1}, SPECTATOR (-1) or None, "
                f"not {viewer!r}"
            )
        if names is not None and (
            isinstance(names, str)
            or len(names) != self.players
            or not all(isinstance(n, str) for n in names)
        ):
            raise ValueError(f"names must be {self.players} strings, one per seat, not {names!r}")

    def address(
        self,
        sentence: str,
        lang: str,
        viewer: int | None,
        names: Sequence[str] | None,
        verbs: Mapping[str, str],
    ) -> str:
        """An option's words (``describe``'s imperative) as ``viewer`` reads them once the
        seat deciding now has played it: unchanged for ``None``, the second person for that
        seat, the third person (its name) for any other seat and ``SPECTATOR``."""
        self._check_viewer(viewer, names)
        if viewer is None:
            return sentence
        actor = self.current_player
        if actor == viewer:
            return in_person(sentence, lang, None, verbs)
        return in_person(sentence, lang, seat_name(actor, lang, names), verbs)

    # -- information -----------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see, JSON-ready (``None``: a spectator)."""

    @abstractmethod
    def resample_hidden(self, seat: int | None, seed: int) -> State:
        """A clone with everything hidden from ``seat`` redrawn consistently with its view."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    # -- notation --------------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """The legal action written ``text`` (or its index in ``legal_actions()``)."""
        if not isinstance(text, str):
            raise IllegalActionError(f"an action is written as text, not {type(text).__name__}")
        if self.is_over():
            raise IllegalActionError("the game is over; no action can be played")
        legal = self.legal_actions()
        clean = " ".join(text.strip().lower().split())
        if clean.isdigit():
            index = int(clean)
            if index < len(legal):
                return legal[index]
            raise IllegalActionError(
                f"there is no legal action number {index} (0 to {len(legal) - 1})"
            )
        for action in legal:
            if action.text == clean:
                return action
        found = self._parse_alias(clean, legal)
        if found is not None:
            return found
        examples = ", ".join(a.text for a in legal[:5])
        reason = self._parse_problem(clean)
        raise IllegalActionError(
            f"{text.strip()!r} is not a legal action now{': ' + reason if reason else ''} "
            f"(legal actions include: {examples})"
        )

    def _parse_alias(self, text: str, legal: list[Action]) -> Action | None:
        """Accept a shorthand a person may type (games override)."""
        return None

    def _parse_problem(self, text: str) -> str:
        """Why ``text`` is not legal now, if the game can say (games override)."""
        return ""

    # the third person of every verb that opens (or follows "and" in) a game's English
    # sentences, for describe(viewer=...): {"Take": "takes", ...}; games set it
    third_person: Mapping[str, str] = {}

    def describe(
        self,
        action: Action,
        lang: str = "en",
        viewer: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """A sentence for people saying what ``action`` does, in ``lang`` (call it before
        applying the action).

        ``viewer=None``: the option as offered to the seat that decides ("Take 2 white
        tokens."). ``viewer=seat``: as that seat reads it in a log, the second person when it
        is the seat that decides ("You take…"), else the third person with ``names[seat]`` or
        "Seat N" / 玩家N ("MCTS bot takes…"); ``viewer=SPECTATOR`` (-1): the third person.
        Games write the option's words (``_describe``) and list ``third_person``.
        """
        check_lang(lang)
        return self.address(self._describe(action, lang), lang, viewer, names, self.third_person)

    @abstractmethod
    def _describe(self, action: Action, lang: str) -> str:
        """The option's words in ``lang``, in the imperative ("Take 2 white tokens.")."""

    # -- learning --------------------------------------------------------------------------
    def action_from_id(self, id: int) -> Action:
        return self.game.action(id)

    def legal_action_mask(self) -> array.array:
        """A bool-valued array (``array('B')``) of length ``game.num_actions``."""
        mask = array.array("B", bytes(self.game.num_actions))
        for action in self.legal_actions():
            mask[action.id] = 1
        return mask

    # -- records ---------------------------------------------------------------------------
    def actions(self) -> list[Action]:
        """Every action played so far, oldest first."""
        out = []
        node = self._history
        while node is not None:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    def record(self) -> dict[str, Any]:
        from eurogames.core.records import make_record

        return make_record(self)

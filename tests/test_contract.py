"""One contract suite for every game: what docs/api.md promises, checked the same way for each
game ``eurogames.games()`` finds (built-in or plugin), every player count and each value of
each option, over seeded random games; and what every game reports (events, score breakdowns,
descriptions from each reader's point of view).

A new game is checked here the day it is registered. The games are played once per case by a
seeded random player that picks an action kind first and then an action of that kind, so that
rare decisions (a blind reserve bought back, a tile moved out of the palace) come up in short
games; every check below then walks the same positions. ``EUROGAMES_LONG=1`` plays more games
per case.

The golden records (tests/golden/, one per game and player count) replay to a committed hash
of the final state, so that an unintended change of the rules or of the random draws fails
loudly; ``python -m tests.golden --update`` writes them again after an intended one.
"""

from __future__ import annotations

import ast
import json
import os
import pickle
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import eurogames
from eurogames.core.errors import IllegalActionError, RecordError
from eurogames.core.game import LANGS, SPECTATOR, Event, Game, Opponent, ScorePart, State
from eurogames.core.rng import Rng
from golden import golden_cases, golden_path, state_hash

LONG = bool(os.environ.get("EUROGAMES_LONG"))
GAMES_PER_CASE = 6 if LONG else 1
MAX_PLIES = 1500  # a game that has not ended by then is checked as far as it went
WORLDS = 3  # hidden information redrawn this many ways to test `reveals`
SRC = Path(__file__).resolve().parents[1] / "src" / "eurogames"


# -- the cases: game x player count x option values ----------------------------------------
def option_values(game: Game, players: int, name: str) -> list[Any]:
    """Every value of option ``name`` that ``game`` accepts at this player count: its choices,
    both booleans, or for an integer without choices each accepted value from -1 to 9."""
    option = game.options[name]
    if option.choices is not None:
        candidates = list(option.choices)
    elif option.type is bool:
        candidates = [False, True]
    elif option.type is int:
        candidates = list(range(-1, 10))
    else:
        candidates = [option.default]
    accepted = []
    for value in candidates:
        try:
            game.check_options(players, {name: value})
        except ValueError:
            continue
        accepted.append(value)
    return accepted


def cases() -> list[Any]:
    """Per game and player count: the defaults, then each other value of one option at a time
    (the others at their defaults)."""
    out = []
    for name in eurogames.games():
        game = eurogames.load(name)
        for players in range(game.min_players, game.max_players + 1):
            variants: list[dict[str, Any]] = [{}]
            for option in game.options:
                default = game.options[option].default
                variants += [{option: v} for v in option_values(game, players, option)
                             if v != default]
            for options in variants:
                label = "".join(f"-{k}={v}" for k, v in options.items())
                out.append(pytest.param((name, players, options), id=f"{name}-{players}p{label}"))
    return out


CASES = cases()


@dataclass
class Played:
    """One seeded game: the state before every ply, the action played there, the end."""

    positions: list[State] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)
    final: State | None = None


def choose(state: State, rng: Rng) -> Any:
    """An action kind uniformly, then an action of that kind: rare kinds come up often."""
    legal = state.legal_actions()
    kinds = sorted({action.kind for action in legal})
    kind = kinds[rng.below(len(kinds))]
    return rng.choice([action for action in legal if action.kind == kind])


@dataclass
class Case:
    """One game, player count and options, with its seeded games played once."""

    name: str
    players: int
    options: dict[str, Any]
    runs: list[Played]

    @property
    def game(self) -> Game:
        return eurogames.load(self.name)


def play_games(name: str, players: int, options: dict[str, Any]) -> list[Played]:
    game = eurogames.load(name)
    out = []
    for i in range(GAMES_PER_CASE):
        seed = 1000 * players + 17 * i + len(json.dumps(options))
        state = game.new(players, seed=seed, options=options)
        rng = Rng(seed)
        run = Played()
        while not state.is_over() and state.ply < MAX_PLIES:
            action = choose(state, rng)
            run.positions.append(state.clone())
            run.actions.append(action)
            state.apply(action)
        run.final = state
        out.append(run)
    return out


@pytest.fixture(scope="module", params=CASES)
def case(request: pytest.FixtureRequest) -> Case:
    """Module-scoped, so that pytest runs every check of one case before playing the next
    (one case's positions in memory at a time)."""
    name, players, options = request.param
    return Case(name, players, options, play_games(name, players, options))


def seats(state: State) -> list[int | None]:
    return [*range(state.players), None]


# -- setup --------------------------------------------------------------------------------
def test_a_new_game_starts_as_promised(case):
    name, players, options = case.name, case.players, case.options
    game = eurogames.load(name)
    state = game.new(players, seed=5, options=options)
    assert state.players == players and state.seed == 5 and state.ply == 0
    assert state.options == game.check_options(players, options)
    assert 0 <= state.current_player < players and not state.is_over()
    assert state.returns() == [0.0] * players and len(state.scores()) == players
    assert state.actions() == [] and state.record()["result"] is None
    assert game.new(players, seed=5, options=options).to_json() == state.to_json()


@pytest.mark.parametrize("name", eurogames.games())
def test_the_game_describes_itself(name):
    game = eurogames.load(name)
    assert game.name == name and repr(game) == f"<Game {name}>"
    assert all(game.title(lang) for lang in LANGS)
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.version, int) and game.num_actions > 0
    for option in game.options.values():
        assert option.help and option_values(game, game.min_players, option.name)
        json.dumps(option.to_json())
    for problem in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(ValueError, match=f"not {problem}"):
            game.new(problem, seed=1)
    with pytest.raises(ValueError, match="no option"):
        game.new(game.min_players, seed=1, options={"no such option": 1})


# -- serialisation and clones ------------------------------------------------------------------
def test_json_round_trip_at_every_ply(case):
    """to_json / from_json round-trip exactly at every ply, mid-turn included, and the copy
    plays on as the original does (checked every third ply)."""
    name = case.name
    game = eurogames.load(name)
    for run in case.runs:
        for state, action in [*zip(run.positions, run.actions, strict=True), (run.final, None)]:
            data = state.to_json()
            copy = game.from_json(json.loads(json.dumps(data)))
            assert copy.to_json() == data, state.ply
            assert copy.legal_actions() == state.legal_actions(), state.ply
            assert copy.current_player == state.current_player and copy.ply == state.ply
            if action is not None and state.ply % 3 == 0:
                copy.apply(action)
                after = state.clone()
                after.apply(action)
                assert copy.to_json() == after.to_json(), state.ply


def test_a_clone_is_independent(case):
    """Playing on a clone leaves the original as it was, and the other way round."""
    for run in case.runs:
        for state in run.positions[:: max(1, len(run.positions) // 8)]:
            original = state.clone()  # the cached positions stay untouched: work on copies
            before = original.to_json()
            for played_on, kept in ((original.clone(), original), (original, original.clone())):
                kept_before = kept.to_json()
                assert kept_before == before
                rng = Rng(state.ply)
                while not played_on.is_over() and played_on.ply < state.ply + 12:
                    played_on.apply(choose(played_on, rng))
                assert kept.to_json() == kept_before, state.ply
                assert played_on.to_json() != kept_before or played_on.ply == state.ply


# -- actions --------------------------------------------------------------------------------------
def test_every_legal_action_prints_parses_and_is_described(case):
    name, players = case.name, case.players
    game = eurogames.load(name)
    for run in case.runs:
        for state in run.positions:
            legal = state.legal_actions()
            assert legal and 0 <= state.current_player < players, state.ply
            assert legal == state.legal_actions()  # deterministic
            mask = state.legal_action_mask()
            assert len(mask) == game.num_actions
            assert [i for i, bit in enumerate(mask) if bit] == sorted(a.id for a in legal)
            assert set(mask) <= {0, 1}
            for index, action in enumerate(legal):
                assert str(action) == action.text and action.game == name
                assert state.parse_action(action.text) is action, action.text
                assert state.parse_action(str(index)) is action
                assert game.action(action.id) is action and game.action_id(action) == action.id
                assert state.action_from_id(action.id) is action
                assert pickle.loads(pickle.dumps(action)) is action
                assert hash(action) == hash(game.action(action.id))
                for lang in LANGS:
                    said = state.describe(action, lang)
                    assert isinstance(said, str) and said.strip(), (action.text, lang)
        final = run.final
        if final.is_over():
            assert final.current_player == -1 and final.legal_actions() == []
            assert sum(final.legal_action_mask()) == 0
            check_the_end(final)
        for state in run.positions[:: max(1, len(run.positions) // 8)]:
            assert not any(o.won for o in state.opponents()), state.ply


def check_the_end(final: State) -> None:
    """docs/api.md "Opponents that are not seats": winners() is empty only when an opponent
    that is not a seat won, and returns() counts winning opponents among the sharers."""
    players, winners, opponents = final.players, final.winners(), final.opponents()
    assert set(winners) <= set(range(players)) and len(set(winners)) == len(winners)
    assert all(isinstance(o, Opponent) and all(o.name(lang) for lang in LANGS)
               and sum(p.points for p in o.parts) == o.score for o in opponents)
    won = [o for o in opponents if o.won]
    assert winners or won, "winners() is empty, and no opponent that is not a seat won"
    share = 2.0 / (len(winners) + len(won)) - 1.0
    assert final.returns() == [share if seat in winners else -1.0 for seat in range(players)]


@pytest.mark.parametrize("name", eurogames.games())
def test_the_action_space_is_fixed(name):
    game = eurogames.load(name)
    texts = set()
    for id in range(game.num_actions):
        action = game.action(id)
        assert action.id == id and game.action_id(action) == id
        texts.add(action.text)
    assert len(texts) == game.num_actions  # one notation per action
    for bad in (-1, game.num_actions, True, "0"):
        with pytest.raises(ValueError):
            game.action(bad)


def test_an_illegal_action_raises_and_changes_nothing(case):
    name, players = case.name, case.players
    game = eurogames.load(name)
    rng = Rng(players)
    for run in case.runs:
        for state in [*run.positions[::3], run.final]:
            legal = set(state.legal_actions())
            illegal = []
            for _ in range(8):
                action = game.action(rng.below(game.num_actions))
                if action not in legal:
                    illegal.append(action)
            before = state.to_json()
            for action in illegal[:3]:
                with pytest.raises(IllegalActionError):
                    state.apply(action)
                with pytest.raises(IllegalActionError):
                    state.reveals(action)
                with pytest.raises(IllegalActionError):
                    state.parse_action(action.text)
                assert state.to_json() == before
            with pytest.raises(IllegalActionError):
                state.parse_action("this is no action")
            with pytest.raises(IllegalActionError):
                state.apply("take everything")  # type: ignore[arg-type]
            assert state.to_json() == before and state.legal_actions() == list(
                game.from_json(before).legal_actions())


# -- hidden information -------------------------------------------------------------------------
def test_views_are_json_and_survive_resampling(case):
    """view(seat) is plain JSON, a fresh tree per call, and what the seat sees is the same in
    every redraw of what it does not see (every seat and the spectator)."""
    players = case.players
    for run in case.runs:
        for state in [*run.positions[:: max(1, len(run.positions) // 40)], run.final]:
            before = state.to_json()
            for seat in seats(state):
                view = state.view(seat)
                assert json.loads(json.dumps(view)) == view, (state.ply, seat)
                if isinstance(view, dict) and view:
                    view.clear()  # the caller may change it: the next call is unharmed
                    assert state.view(seat)
                for seed in (1, 2):
                    world = state.resample_hidden(seat, seed)
                    assert world.view(seat) == state.view(seat), (state.ply, seat, seed)
                    assert world.ply == state.ply and world.players == players
                    # the world's legal actions are its own, not a copy cached from the truth
                    assert world.legal_actions() == world._generate(), (state.ply, seat)
            assert state.to_json() == before


def revealed_to(state: State, action: Any, seat: int | None) -> bool:
    """Whether playing ``action`` shows ``seat`` something it could not see: after the action,
    ``seat``'s view differs between the true position and positions where what the seat does
    not see was redrawn (and in which the same action is legal too)."""
    after = state.clone()
    after.apply(action)
    seen = after.view(seat)
    for seed in range(WORLDS):
        world = state.resample_hidden(seat, 7919 * seed + state.ply)
        if action not in world.legal_actions():
            continue
        world.apply(action)
        if world.view(seat) != seen:
            return True
    return False


def test_reveals_is_exact(case):
    """``reveals(action)`` must be True whenever the action shows any seat (or a spectator)
    something hidden from it before: a drawn card, a refilled tile, a blind card played, a
    reseeded draw. A client's undo relies on it (docs/api.md): a decision that shows hidden
    information must never be taken back. Checked for the action played at every position,
    and for one legal action of each other kind at every third."""
    players = case.players
    rng = Rng(players + 99)
    said_true = shown = 0
    for run in case.runs:
        for state, played_action in zip(run.positions, run.actions, strict=True):
            by_kind: dict[str, list[Any]] = {}
            for action in state.legal_actions():
                by_kind.setdefault(action.kind, []).append(action)
            checked = [played_action]
            if state.ply % 3 == 0:  # every third position: one action of each other kind too
                checked += [rng.choice(group) for kind, group in sorted(by_kind.items())
                            if kind != played_action.kind]
            for action in checked:
                answer = state.reveals(action)
                assert answer in (True, False)
                showing = [seat for seat in seats(state) if revealed_to(state, action, seat)]
                assert answer or not showing, (
                    f"ply {state.ply + 1}: {action.text!r} shows hidden information to "
                    f"{['spectator' if s is None else f'seat {s}' for s in showing]} but "
                    f"reveals() says False")
                said_true += answer
                shown += bool(showing)
    # the converse, loosely (a redraw may happen to show nothing new, e.g. the last card of
    # a deck): a game whose reveals() says True far more often than anything is shown is
    # not exact either, and its undo is needlessly refused
    assert said_true < 4 or shown >= said_true / 2, (
        f"reveals() said True {said_true} times, but only {shown} of those showed anything")


# -- records --------------------------------------------------------------------------------
def test_the_record_replays_to_the_same_state(case):
    for run in case.runs:
        final = run.final
        record = json.loads(json.dumps(final.record()))
        assert record["actions"] == [a.text for a in run.actions]
        assert eurogames.replay(record).to_json() == final.to_json()
        middle = len(run.positions) // 2
        assert eurogames.replay(record, upto=middle).to_json() == run.positions[middle].to_json()


def test_a_tampered_record_is_refused_naming_the_ply(case):
    name = case.name
    game = eurogames.load(name)
    run = case.runs[0]
    record = run.final.record()
    for ply in sorted({1, len(run.actions) // 2 + 1, len(run.actions)}):
        state = run.positions[ply - 1]
        legal = set(state.legal_actions())
        wrong = next(game.action(i) for i in range(game.num_actions)
                     if game.action(i) not in legal)
        for text in (wrong.text, "no such move"):
            bad = dict(record, actions=[*record["actions"][: ply - 1], text,
                                        *record["actions"][ply:]])
            with pytest.raises(RecordError, match=f"^ply {ply}: ") as info:
                eurogames.replay(bad)
            assert info.value.ply == ply
    result = record["result"]
    if result is not None:  # lies about the result: each differs from the truth
        lies = [{**result, "scores": [score + 1 for score in result["scores"]]},
                {**result, "winners": [] if result["winners"] else [0]}]
        if result.get("opponents"):
            lies.append({**result, "opponents": [{**o, "won": not o["won"]}
                                                 for o in result["opponents"]]})
        for lie in lies:
            assert lie != result
            with pytest.raises(RecordError, match="does not match"):
                eurogames.replay(dict(record, result=lie))


@pytest.mark.parametrize(("name", "players"), golden_cases())
def test_the_golden_record_replays_to_its_hash(name, players):
    path = golden_path(name, players)
    assert path.is_file(), (
        f"{path} is missing: every game and player count has a golden record; write it with "
        "`python -m tests.golden --update`")
    golden = json.loads(path.read_text("utf-8"))
    why = (
        f"{path.name} no longer replays as committed: the rules, the random draws or the "
        "serialisation changed. If that change is intended, regenerate the golden records "
        f"with `python -m tests.golden --update` (or `--update {name}`) and commit them; "
        "if not, this is the regression the golden record exists to catch.")
    try:
        state = eurogames.replay(golden["record"])
    except RecordError as exc:
        pytest.fail(f"{why}\n{exc}")
    assert state_hash(state) == golden["sha256"], why


# -- a game is one folder --------------------------------------------------------------------
CLIENTS = ("eurogames.web", "eurogames.cli", "eurogames.store", "eurogames.rl", "eurogames.arena")


def imported_modules(path: Path) -> list[str]:
    """Every module ``path`` imports, relative imports made absolute."""
    package = ["eurogames", *path.relative_to(SRC).parent.parts]
    tree = ast.parse(path.read_text("utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            found.append(".".join([*base, *([node.module] if node.module else [])]))
    return found


def test_no_game_imports_a_client():
    """A game folder holds rules, data and drawing only; the clients sit on top of it."""
    offending = []
    for path in sorted((SRC / "games").rglob("*.py")):
        for module in imported_modules(path):
            if any(module == c or module.startswith(c + ".") for c in CLIENTS):
                offending.append(f"{path.relative_to(SRC.parent)} imports {module}")
    assert not offending, "\n".join(offending)


# -- what every game reports: events, score breakdowns, points of view ----------------------
# (docs/api.md, "Events, score breakdown and point of view"): events that are public,
# JSON-ready and said in three languages to every reader; score breakdowns that add up at every
# ply; action descriptions that speak in the second person only to the actor.

COUNTS = [
    (name, players)
    for name in eurogames.games()
    for players in range(eurogames.load(name).min_players, eurogames.load(name).max_players + 1)
]
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
SECOND_PERSON = {
    "en": re.compile(r"\byou(rs?|rself)?\b", re.IGNORECASE),
    "zh-Hant": re.compile("[你您]"),
    "zh-Hans": re.compile("[你您]"),
}


def seeded_game(name: str, players: int, seed: int):
    """(state before, action, state after) for every ply of one random game."""
    game = eurogames.load(name)
    state = game.new(players, seed=seed)
    rng = Rng(seed * 31 + players)
    while not state.is_over():
        before = state.clone()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        yield before, action, state


def readers(state: State) -> list[int | None]:
    return [None, SPECTATOR, *range(state.players)]


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_breakdown_parts_add_up_to_the_scores_at_every_ply(name, players):
    for _, _, state in seeded_game(name, players, seed=3):
        breakdown = state.score_breakdown()
        assert len(breakdown) == players
        for seat, parts in enumerate(breakdown):
            assert all(isinstance(part, ScorePart) for part in parts)
            assert sum(part.points for part in parts) == state.scores()[seat], state.ply
            keys = [part.key for part in parts]
            assert len(set(keys)) == len(keys), keys
            for part in parts:
                json.dumps(part.to_json())
                assert all(part.label(lang) for lang in LANGS)
    # and once read back from JSON, where a game may have to find the parts again
    copy = state.game.from_json(state.to_json())
    assert copy.score_breakdown() == state.score_breakdown()


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_every_event_is_json_and_said_to_every_reader(name, players):
    kinds = set()
    for _, _, state in seeded_game(name, players, seed=5):
        events = state.last_events()
        assert state.clone().last_events() == events  # a clone keeps them
        if state.ply % 25 == 0 or state.is_over():  # a replay finds them again
            assert eurogames.replay(state.record(), upto=state.ply).last_events() == events
        for event in events:
            assert isinstance(event, Event)
            kinds.add(event.kind)
            data = event.to_json()
            assert Event.from_json(json.loads(json.dumps(data))) == event
            for viewer in readers(state):
                for lang in LANGS:
                    words = state.describe_event(event, lang, viewer, NAMES[:players])
                    assert words and isinstance(words, str)
                    if viewer not in event.seats:  # only a seat concerned reads "you"
                        assert not SECOND_PERSON[lang].search(words), (viewer, words)
                    for seat in event.seats:  # the others it concerns are named
                        if seat != viewer:
                            assert NAMES[seat] in words, (viewer, words)
    assert "game_over" in kinds
    over = state.last_events()[-1]
    assert over.kind == "game_over" and over.data["winners"] == state.winners()
    opponents = state.opponents()  # not seats: the end says their scores and who won
    assert over.data.get("opponents", []) == [
        {"key": o.key, "names": o.names, "score": o.score, "won": o.won} for o in opponents]
    assert state.record()["result"].get("opponents", []) == over.data.get("opponents", [])
    for lang in LANGS:
        words = state.describe_event(over, lang, SPECTATOR, NAMES[:players])
        assert all(o.name(lang) in words and str(o.score) in words for o in opponents), words


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_describe_speaks_to_the_actor_and_of_the_others(name, players):
    names = NAMES[:players]
    for before, action, _ in seeded_game(name, players, seed=7):
        actor = before.current_player
        for lang in LANGS:
            assert before.describe(action, lang) == before.describe(action, lang, None)
            mine = before.describe(action, lang, viewer=actor, names=names)
            assert SECOND_PERSON[lang].search(mine), mine
            assert names[actor] not in mine
            for viewer in (SPECTATOR, *range(players)):
                if viewer == actor:
                    continue
                theirs = before.describe(action, lang, viewer=viewer, names=names)
                assert not SECOND_PERSON[lang].search(theirs), (viewer, theirs)
                assert names[actor] in theirs, theirs
                default = before.describe(action, lang, viewer=viewer)
                seat_word = "Seat" if lang == "en" else "玩家"
                assert f"{seat_word} {actor + 1}" in default or f"{seat_word}{actor + 1}" in default


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_events_never_tell_a_seat_what_it_could_not_see(name, players):
    """In every world a seat cannot tell apart (``resample_hidden``), the same action gives
    that seat the same events whenever it sees the same position afterwards."""
    for ply, (before, action, after) in enumerate(seeded_game(name, players, seed=11)):
        for seat in range(players):
            world = before.resample_hidden(seat, seed=ply * 7 + seat)
            if action not in world.legal_actions():
                continue  # the action depended on what this seat cannot see
            world.apply(action)
            if world.view(seat) != after.view(seat):
                continue  # chance showed this seat something else: other events are fair
            for lang in LANGS:
                real = [after.describe_event(e, lang, seat) for e in after.last_events()]
                other = [world.describe_event(e, lang, seat) for e in world.last_events()]
                assert real == other, (seat, action.text)
            real = [e.to_json() for e in after.last_events()]
            assert real == [e.to_json() for e in world.last_events()], (seat, action.text)


@pytest.mark.parametrize("name", eurogames.games())
def test_bad_readers_and_names_are_refused(name):
    state = eurogames.load(name).new(eurogames.load(name).min_players, seed=1)
    action = state.legal_actions()[0]
    for viewer in (state.players, -2, "0", True):
        with pytest.raises(ValueError, match="viewer"):
            state.describe(action, "en", viewer=viewer)
    with pytest.raises(ValueError, match="names"):
        state.describe(action, "en", viewer=0, names=["only one"] * (state.players + 1))
    with pytest.raises(ValueError, match="language"):
        state.describe_event(Event("game_over", {"scores": [0], "winners": [0]}), "fr")
    with pytest.raises(ValueError, match="no event"):
        state.describe_event(Event("no such thing", {}), "en")
    assert state.last_events() == []  # nothing happened yet
    assert state.game.from_json(state.to_json()).last_events() == []

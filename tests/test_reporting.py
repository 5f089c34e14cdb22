"""What every game reports (docs/api.md, "Events, score breakdown and point of view"), for
every registered game and player count, over seeded random games: events that are public,
JSON-ready and said in three languages to every reader; score breakdowns that add up at
every ply; and action descriptions that speak in the second person only to the actor."""

from __future__ import annotations

import json
import re

import pytest

import eurogames
from eurogames.core.game import LANGS, SPECTATOR, Event, ScorePart, State
from eurogames.core.rng import Rng

CASES = [
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


@pytest.mark.parametrize(("name", "players"), CASES)
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


@pytest.mark.parametrize(("name", "players"), CASES)
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


@pytest.mark.parametrize(("name", "players"), CASES)
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


@pytest.mark.parametrize(("name", "players"), CASES)
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

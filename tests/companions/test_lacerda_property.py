"""A property run of the Lacerda companion over random answer sequences.

Each game draws random settings and answers every prompt with a random valid answer (now
and then a correction of his markers, ASK-27, or an answer the prompt must refuse). After
every answer: no count of Lacerda's is negative, his officials and houses are all accounted
for, no office ever loses an official (A2), his influence stays on the track while the cap
is on (P4) and he never holds a favour twice (A6). At the end: every turn of his ran the
seed's five steps in order (T1–T5), the game ended with his score and your rank, and the
answers replay to the same session. About 200 games; 2,000 with ``EUROGAMES_SLOW=1`` (or
``EUROGAMES_LONG=1``).

Then every question the companion asks is met in such games and given the mistakes of its
kind: each is refused and changes nothing.
"""

from __future__ import annotations

import os
import random

from eurogames.companions.lacerda import AnswerError, Line, Prompt, Session, Settings, text
from eurogames.companions.lacerda.components import (
    ARCHITECTS,
    COLUMNS,
    DECKS,
    NOBLES,
    RANKS,
    ROWS,
    RUBBLE,
    SITES,
    STATE_ACTIONS,
)

# the repository's other long runs use EUROGAMES_LONG; either asks for the long run
LONG = os.environ.get("EUROGAMES_SLOW") == "1" or bool(os.environ.get("EUROGAMES_LONG"))
GAMES = 2000 if LONG else 200
MAX_ANSWERS = 3000  # a game that runs past this has not reached its end
COLOURS = ("red", "blue", "green", "yellow", "white", "black")
# his turn's steps in the seed's order (T1–T5), each said exactly once per turn
TURN = (("t1_courtier",), ("t2_state_action",), ("t3_noble_action",),
        ("t4_remove_card", "t4_nothing_to_remove"), ("t5_helper_moves", "t5_helper_stays"))


def random_settings(rng: random.Random) -> Settings:
    actions = list(STATE_ACTIONS)
    rng.shuffle(actions)
    cycle = list(DECKS)
    rng.shuffle(cycle)
    return Settings(
        start_official=rng.choice(("marquis", "area")),
        follow=rng.choice(("with-favour", "always")),
        decree_69=rng.choice(("in-place", "slide")),
        wig_rate=rng.choice((1, 2, 3)),
        influence_cap=rng.choice(("on", "off")),
        church_trigger=rng.choice(("passes", "passes-or-lands")),
        ship_influence=rng.choice(("new", "all")),
        scoring=rng.choice(("count", "majority")),
        helper_cycle=tuple(cycle),
        state_actions={noble: (actions[2 * i], actions[2 * i + 1])
                       for i, noble in enumerate(NOBLES)},
        office_capacity=rng.choice((0, 0, 0, rng.randint(1, 8))),
        rubble_cost={colour: rng.randint(0, 9) for colour in RUBBLE},
    )


def small(rng: random.Random, low: int, high: int) -> int:
    """Mostly a small number, now and then anything the prompt allows."""
    if rng.random() < 0.1:
        return rng.randint(low, high)
    return rng.randint(low, min(high, low + 6))


def random_answer(prompt: Prompt, rng: random.Random) -> str:
    """A valid answer to ``prompt``, drawn at random in the form a player would type."""
    kind, options = prompt.kind, prompt.options
    if kind == "setting":
        return "confirm"  # the settings are drawn for the game (random_settings)
    if kind == "name":
        return rng.choice([c for c in COLOURS if c not in prompt.params.get("not", ())])
    if kind == "choice":
        if prompt.key in ("your_trigger", "deck_now_empty"):  # let games last a while
            return options[0] if rng.random() < 0.85 else rng.choice(options[1:])
        if rng.random() < 0.3:
            return str(rng.randrange(len(options)) + 1)  # its number, as the terminal shows
        return rng.choice(options)
    if kind == "subset":
        share = 0.25 if prompt.key == "empty_decks" else 0.5
        chosen = [i + 1 for i in range(len(options)) if rng.random() < share]
        # numbered, as the terminal shows them
        return ",".join(map(str, chosen)) if chosen else "none"
    if kind == "number":
        if prompt.none_word is not None and rng.random() < 0.2:
            return prompt.none_word
        return str(small(rng, prompt.low, prompt.high))
    if kind == "counts":
        values = [0] * len(options)
        for i in range(len(options)):
            room = prompt.high if prompt.total is None else prompt.total - sum(values)
            values[i] = rng.randint(0, max(0, min(prompt.high, room, 3)))
        return " ".join(map(str, values))
    if kind == "lots":
        taken = prompt.params.get("not", ())  # lots with his stores are not empty
        free = [f"{r}{c}" for r in ROWS for c in COLUMNS if f"{r}{c}" not in taken]
        lots = rng.sample(free, min(len(free), rng.randint(0, 4)))
        return ", ".join(f"{lot} {small(rng, 0, 12)}" for lot in lots) or "none"
    if kind == "openings":
        pairs = [(b, s) for b in prompt.params.get("buildings", ARCHITECTS)
                 for s in prompt.params.get("sites", SITES)]
        chosen = rng.sample(pairs, rng.randint(0, min(3, len(pairs))))
        return ", ".join(f"{b} {s} {small(rng, 0, 9)} {small(rng, 0, 9)}"
                         for b, s in chosen) or "none"
    if kind == "tiles":
        return "done" if rng.random() < 0.5 else " ".join(
            str(rng.randint(1, 4)) for _ in range(4))
    raise AssertionError(f"a prompt of an unknown kind: {kind}")


# your final figures (ASK-30–35), in ranges where every rank can occur
YOURS = {"stores": (2, 8), "officials": (0, 5), "reis": (3, 25), "decrees": (3, 10),
         "ships": (0, 3)}


def your_figure(session: Session, rng: random.Random) -> str:
    key = session.prompt.key.removeprefix("your_")
    if key == "score":
        return str(max(0, session.state.score["total"] + rng.randint(-3, 12)))
    return str(rng.randint(*YOURS[key]))


BAD = ("", "   ", "maybe", "-1", "12345", "A9 3", "blue Z-Z 1 1", "1 2", "none none",
       "wigs=", "influence=x", "7 7 7 7 7", "engineer,engineer")


def check(session: Session, offices: dict[str, int]) -> None:
    """The invariants after every answer."""
    state = session.state
    counts = {"influence": state.influence, "wigs": state.wigs,
              "officials_supply": state.officials_supply, "houses": state.houses_supply,
              "decrees": state.decrees, "plans": state.plans,
              **{f"goods {g}": n for g, n in state.goods.items()},
              **{f"office {o}": n for o, n in state.offices.items()}}
    negative = {name: n for name, n in counts.items() if n < 0}
    assert not negative, f"negative counts: {negative}"
    assert state.officials_supply + sum(state.offices.values()) == 8
    assert state.houses_supply + len(state.stores) == 8
    for noble, n in state.offices.items():
        assert n >= offices[noble], f"an official left the {noble}'s office (A2)"
        offices[noble] = n
    if state.settings.influence_cap == "on":
        assert state.influence <= 10
    assert len(state.favours) == len(set(state.favours)) <= 3
    assert state.period in (1, 2)


def turns_in_order(lines: list[Line]) -> int:
    """Check T1–T5 in every turn of his; returns the number of his turns."""
    turns = []
    for line in lines:
        if line.key == "lacerda_turn":
            turns.append([])
        elif turns and any(line.key in step for step in TURN):
            turns[-1].append(line.key)
    for n, keys in enumerate(turns, 1):
        assert len(keys) == len(TURN), f"turn {n}: steps {keys}"
        for key, step in zip(keys, TURN, strict=True):
            assert key in step, f"turn {n}: steps {keys} are not T1–T5 in order"
    return len(turns)


def play_one(seed: int) -> Session:
    rng = random.Random(seed)
    session = Session(random_settings(rng), seed=seed)
    offices = dict(session.state.offices)
    lines: list[Line] = list(session.said)
    while not session.over:
        assert len(session.answers) < MAX_ANSWERS, "the game does not end"
        roll = rng.random()
        if roll < 0.03:  # an answer no prompt takes: refused, nothing changes
            saved = session.to_json()
            bad = rng.choice(BAD)
            try:
                session.answer(bad)
            except AnswerError:
                assert session.to_json() == saved, f"{bad!r} changed the session"
                continue
            lines.extend(session.said)  # some prompt does take it: a valid answer
        elif roll < 0.05 and session.state.phase != "setup":  # ASK-27
            marker = rng.choice(("wigs", "influence"))
            cap = session.state.settings.influence_cap == "on"
            value = rng.randint(0, 10 if marker == "influence" and cap else 40)
            lines.extend(session.answer(f"{marker}={value}"))
        elif session.prompt.key.removeprefix("your_") in ("score", *YOURS):
            lines.extend(session.answer(your_figure(session, rng)))
        else:
            lines.extend(session.answer(random_answer(session.prompt, rng)))
        check(session, offices)
    state = session.state
    assert state.phase == "over" and state.rank in RANKS
    assert state.score is not None and state.you is not None
    parts = {key: value for key, value in state.score.items() if key != "total"}
    assert state.score["total"] == sum(parts.values())
    assert min(parts.values()) >= 0
    assert turns_in_order(lines) >= 2  # the final round's turn and at least one before
    assert lines[-1].key == "rank"
    return session


def test_random_answer_sequences_keep_lacerdas_invariants_and_reach_a_rank():
    ranks = set()
    for seed in range(GAMES):
        try:
            session = play_one(seed)
        except AssertionError as err:
            raise AssertionError(f"game {seed}: {err}") from None
        ranks.add(session.state.rank)
        if seed % 25 == 0:  # the answers replay to the same session (K99)
            again = Session.from_json(session.to_json())
            assert again.to_json() == session.to_json(), f"game {seed} does not replay"
    assert ranks == set(RANKS), f"ranks reached: {ranks}"


def bad_answers(prompt: Prompt) -> list[str]:
    """Answers ``prompt`` must refuse: the mistakes of its kind, and those of every kind."""
    n = len(prompt.options)
    by_kind = {
        "choice": ["maybe", "0", str(n + 1), "1,2"],
        "subset": ["dragon", "1,1", str(n + 1)],
        "number": ["-1", str(prompt.high + 1), "abc", "1.5"],
        "counts": [" ".join(["1"] * (n + 1)), " ".join(["x"] * n),
                   " ".join([str(prompt.high + 1)] * n)],
        "name": ["a!b", "x" * 21],
        "lots": ["Z9 3", "B2", "B2 3, B2 1", "B2 x"],
        "openings": ["red W-C 1 1", "blue W-C 1", "blue Z-Z 1 1"],
        "tiles": ["1 2", "1 2 3 x"],
        "setting": ["nosuch=1", "follow=never", "yes"],
    }
    bad = [*by_kind[prompt.kind], "", "   ", "x" * 501]
    if prompt.kind == "counts" and prompt.total is not None:
        bad.append(" ".join([str(min(prompt.high, prompt.total))] * n))  # over the total
    if prompt.kind == "name" and prompt.params.get("not"):
        bad.append(prompt.params["not"][0])  # a colour taken already
    return bad


def test_bad_answers_at_every_prompt_are_refused_and_change_nothing():
    # random games until every question the companion asks has been met; at the first
    # meeting of each, every bad answer is refused with a reason and leaves the session
    # exactly as it was (the record, the open prompt, Lacerda's state, what was said)
    every = set(text.ASK)
    met: set[str] = set()
    for seed in range(400):
        rng = random.Random(seed)
        session = Session(random_settings(rng), seed=seed)
        while not session.over and met != every:
            prompt = session.prompt
            if prompt.key not in met:
                met.add(prompt.key)
                before = (session.to_json(), session.prompt, session.said,
                          session.state.to_json())
                for bad in bad_answers(prompt):
                    try:
                        session.answer(bad)
                    except AnswerError as err:
                        assert str(err), (prompt.key, bad)
                    else:
                        raise AssertionError(f"{prompt.key} took the bad answer {bad!r}")
                    assert (session.to_json(), session.prompt, session.said,
                            session.state.to_json()) == before, (prompt.key, bad)
            if prompt.key.removeprefix("your_") in ("score", *YOURS):
                session.answer(your_figure(session, rng))
            else:
                session.answer(random_answer(prompt, rng))
        if met == every:
            break
    assert met == every, f"never asked: {sorted(every - met)}"

"""Lacerda's rules, one test per item of the specification's checklist (K01–K99, §6.2 of
``shared/rules/lisboa-solo.md``), named ``test_k<NN>_<rule id>_<what>`` as in the rulings
table of ``docs/rules/lisboa-solo.md``.

Every test drives the companion through its public API, :class:`Session`: scripted answers
to its prompts, with the board facts a test needs, and assertions on Lacerda's state and on
what the companion says (its :class:`Line` keys and parameters). ``new`` plays set-up,
``play`` answers prompts (quietly: nothing happens to Lacerda unless a test says so), and
``reach`` plays quiet rounds until Lacerda's next turn is at a wanted noble with his helper on
a wanted deck.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from eurogames.companions.lacerda import AnswerError, Line, Session, Settings
from eurogames.companions.lacerda import text as words
from eurogames.companions.lacerda.components import DECKS, NOBLES

# A round in which nothing happens to Lacerda: every board fact makes his actions
# impossible (no plan, no ship, nothing produced, no clergy tile, no favour left, no lot, no
# decree, no building) and your turn gives him nothing. Only A2 (officials) needs no board
# fact; ``reach`` keeps the helper off the upper decks when the engineer acts.
QUIET: dict[str, str] = {
    "you_visited": "none",
    "wigs_in_your_turn": "0",
    "church_in_your_turn": "no",
    "your_trigger": "none",
    "empty_decks": "none",
    "deck_now_empty": "no",
    "top_plan": "empty",
    "full_offices": "none",
    "top_ship": "none",
    "ship_influence": "1",
    "ship_value": "1",
    "portfolio_influence": "0",
    "production": "0 0 0 0",
    "clergy_wigs": "none",
    "treasury_icon": "no",
    "influence_icon": "neither",
    "favour_left": "no",
    "visit_cost": "0",
    "store_lots": "none",
    "store_good": "gold",
    "rubble_in_row": "none",
    "rubble_in_column": "none",
    "decrees_shown": "0",
    "buildings_available": "none",
    "empty_sites": "none",
    "openings": "none",
    "site_cubes": "0 0 0",
    "majority_wigs": "0 0",
}
UPPER = ("king", "treasury")  # T2: the helper on these decks takes the upper action



def lot(n: int, row: str = "A") -> str:
    """The n-th empty lot from ``row`` on, left to right (his stores never share a lot)."""
    rows = "ABCD"[ "ABCD".index(row):]
    return f"{rows[n // 5]}{n % 5 + 1}"

def before(noble: str) -> str:
    """The noble whose portrait T1 leaves for ``noble``'s (T1: to the right, wrapping)."""
    return NOBLES[NOBLES.index(noble) - 1]


def with_settings(**changes: str) -> Settings:
    """The default settings with ``changes`` in their text form (``wig_rate="2"``)."""
    settings = Settings()
    for key, value in changes.items():
        settings = settings.with_text(key, value)
    return settings


def new(*, favour: str = "marquis", helper: str = "marquis", courtier: str = "king",
        seed: int = 1, **changes: str) -> Session:
    """A session after set-up, at your first turn. ``courtier`` is the card of S10 (his first
    turn acts at the next noble); ``changes`` are settings in their text form, given to the
    session (``test_k03_s12_settings_are_changed_before_s2`` answers them at ASK-07)."""
    session = Session(with_settings(**changes), seed=seed)
    for text in ("confirm", "red", "blue", "green", favour, "done", helper, courtier):
        session.answer(text)
    assert session.prompt is not None and session.prompt.key == "you_visited"
    return session


@dataclass
class Played:
    """What ``play`` saw: the lines said, and the prompts asked (keys), in order."""

    lines: list[Line] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)

    @property
    def keys(self) -> list[str]:
        return [line.key for line in self.lines]

    def one(self, key: str) -> dict[str, Any]:
        """The parameters of the one line with ``key``."""
        found = [line.params for line in self.lines if line.key == key]
        assert len(found) == 1, f"{key}: said {len(found)} times in {self.keys}"
        return found[0]

    def said(self, key: str) -> bool:
        return key in self.keys

    def impossible(self) -> list[str]:
        """The actions said to be impossible (T2's, T3's or a follow's)."""
        return [line.params["action"] for line in self.lines if line.key == "impossible"]


def play(session: Session, stop: str = "you_visited", **answers: str | list[str]) -> Played:
    """Answer prompts until ``stop`` is open again (after at least one answer) or the game is
    over. ``answers`` give a prompt key its answers in order (a text is one answer); a key
    without one (left) gets ``QUIET``'s. Every scripted answer must have been asked for."""
    queues = {key: [value] if isinstance(value, str) else list(value)
              for key, value in answers.items()}
    played = Played()
    first = True
    while session.prompt is not None and (first or session.prompt.key != stop):
        first = False
        key = session.prompt.key
        queue = queues.get(key)
        played.asked.append(key)
        played.lines.extend(session.answer(queue.pop(0) if queue else QUIET[key]))
    left = {key: queue for key, queue in queues.items() if queue}
    assert not left, f"answers never asked for: {left} (asked {played.asked})"
    return played


def between(cycle: Iterable[str], start: str, end: str) -> list[str]:
    """The decks T5 passes over going from ``start`` to ``end`` in ``cycle``."""
    cycle = list(cycle)
    at, out = cycle.index(start), []
    for step in range(1, 4):
        deck = cycle[(at + step) % 4]
        if deck == end:
            return out
        out.append(deck)
    raise AssertionError(f"{end} does not follow {start}")


def plan_helper(courtier: str, helper: str, noble: str, deck: str) -> list[str]:
    """The decks T5 should move the helper to, round by round, so that Lacerda's next turn
    after them acts at ``noble`` with the helper on ``deck``, and no turn before it takes the
    officials action (the engineer with the helper on an upper deck) unless the first one
    must (the helper is on an upper deck and the engineer acts next)."""
    for strict in (True, False):
        moves = _plan(courtier, helper, noble, deck, strict)
        if moves is not None:
            return moves
    raise AssertionError(f"no way to {noble} with the helper on {deck}")


def _plan(courtier: str, helper: str, noble: str, deck: str, strict: bool) -> list[str] | None:
    for rounds in range(0, 12):
        for moves in itertools.product(DECKS, repeat=rounds):
            c, h, ok = courtier, helper, True
            for move in moves:
                c = NOBLES[(NOBLES.index(c) + 1) % 3]  # this round's turn acts at c
                if move == h or (strict and c == "engineer" and h in UPPER):
                    ok = False
                    break
                h = move
            if ok and NOBLES[(NOBLES.index(c) + 1) % 3] == noble and h == deck:
                return list(moves)
    return None


def reach(session: Session, noble: str, deck: str) -> None:
    """Quiet rounds until Lacerda's next turn acts at ``noble`` with his helper on ``deck``
    (T5 is steered by declaring the decks in between empty, never three at once)."""
    state = session.state
    cycle = session.state.settings.helper_cycle
    for move in plan_helper(state.courtier, state.helper, noble, deck):
        skipped = between(cycle, state.helper, move)
        play(session, empty_decks=",".join(skipped) or "none")
        assert state.helper == move
    assert NOBLES[(NOBLES.index(state.courtier) + 1) % 3] == noble and state.helper == deck


def calm(session: Session, **answers: str | list[str]) -> Played:
    """``play`` one round, steering T5 so that Lacerda's next turn does not take the
    officials action (the engineer with the helper on an upper deck)."""
    state = session.state
    cycle = list(session.state.settings.helper_cycle)
    acting_next = NOBLES[(NOBLES.index(state.courtier) + 2) % 3]
    choices = [d for d in cycle[cycle.index(state.helper) + 1:] + cycle
               if d != state.helper]
    if acting_next == "engineer":
        choices = [d for d in choices if d not in UPPER]
    answers.setdefault("empty_decks", ",".join(between(cycle, state.helper, choices[0]))
                       or "none")
    return play(session, **answers)


def snapshot(session: Session, *leave_out: str) -> dict[str, Any]:
    data = session.state.to_json()
    for key in leave_out:
        data.pop(key)
    return data


def finish(session: Session, score: Callable[[int], int] | int = 0, **you: int) -> Played:
    """Quiet rounds to the end of the game (you end period 1 and then the game), then your
    final figures; ``score`` is your score, or a function of Lacerda's total."""
    figures = {"stores": 4, "officials": 1, "reis": 5, "decrees": 6, "ships": 0, **you}
    played = Played()
    if session.state.period == 1:
        played.lines += play(session, your_trigger="period").lines
    played.lines += play(session, your_trigger="game").lines
    played.lines += play(session, stop="your_score").lines
    total = session.state.score["total"]
    mine = score(total) if callable(score) else score
    for key, value in (("score", mine), *figures.items()):
        assert session.prompt.key == "your_" + key
        played.lines.extend(session.answer(str(value)))
    assert session.over
    return played


# -- set-up (S) ----------------------------------------------------------------------------
def test_k01_s2_lacerdas_colour_differs_from_yours():
    session = Session(seed=1)
    session.answer("confirm")
    session.answer("red")
    saved = session.to_json()
    for same in ("red", "RED", " red "):
        with pytest.raises(AnswerError, match="red"):
            session.answer(same)
        assert session.to_json() == saved and session.prompt.key == "lacerda_colour"
    session.answer("blue")
    session.answer("green")
    assert session.state.colours == {"you": "red", "lacerda": "blue", "helper": "green"}


def test_k02_s7_the_helpers_colour_is_neither_players():
    session = Session(seed=1)
    for text in ("confirm", "red", "blue"):
        session.answer(text)
    saved = session.to_json()
    for taken in ("red", "blue"):
        with pytest.raises(AnswerError, match=taken):
            session.answer(taken)
        assert session.to_json() == saved and session.prompt.key == "helper_colour"
    session.answer("white")
    assert session.state.colours["helper"] == "white"


@pytest.mark.parametrize("start_official, offices, supply", [
    ("marquis", {"engineer": 0, "marquis": 1, "king": 0}, 7),
    ("area", {"engineer": 0, "marquis": 0, "king": 0}, 8),
])
def test_k03_s5_the_initial_state_under_each_start_official(start_official, offices, supply):
    session = Session(with_settings(start_official=start_official), seed=1)
    said = Played()
    for text in ("confirm", "red", "blue", "green", "king", "done", "marquis", "engineer"):
        said.lines.extend(session.answer(text))
    state = session.state
    assert session.settings.start_official == start_official
    assert (state.influence, state.wigs, state.houses_supply, state.plans) == (5, 5, 8, 2)
    assert state.favours == ["king"]
    assert state.goods == {"gold": 0, "books": 0, "cloth": 0, "tools": 0}
    assert (state.ships, state.rubble, state.decrees, state.stores) == ([], [], 0, [])
    assert state.offices == offices and state.officials_supply == supply
    assert said.said("s5_official_in_marquis") == (start_official == "marquis")
    assert said.said("s5_officials_in_area") == (start_official == "area")
    # S3: your influence disc on 4, his on 5
    s3 = next(line for line in said.lines if line.key == "s3_start_player")
    assert "your influence disc on 4, Lacerda's on 5" in words.say(s3)
    assert said.keys.index("s3_start_player") < said.keys.index("s12_ready")


@pytest.mark.parametrize("deck", DECKS)
def test_k04_s7_the_revealed_card_puts_the_helper_on_its_deck(deck):
    session = new(helper=deck)
    assert session.state.helper == deck
    s7 = [step for step in session.steps if step.prompt and step.prompt.key == "courtier_card"]
    assert [line.params for line in s7[0].lines if line.key == "s7_helper"] == [{"deck": deck}]


@pytest.mark.parametrize("deck, architect, site", [
    ("engineer", "blue", "W-D"), ("marquis", "blue", "W-D"),
    ("king", "green", "E-D"), ("treasury", "green", "E-D"),
])
def test_k05_s8_the_helper_decides_the_first_public_building(deck, architect, site):
    session = new(helper=deck)
    s8 = [line for step in session.steps for line in step.lines
          if line.key == "s8_first_building"]
    assert [line.params for line in s8] == [{"architect": architect, "site": site}]
    assert "its rubble cubes go to the box" in words.say(s8[0])  # not to Lacerda
    assert "next building" in words.say(s8[0])  # Q15
    assert session.state.rubble == []


def test_k06_s10_a_treasury_card_is_kept_and_the_next_noble_places_the_courtier():
    assert new(courtier="king").state.courtier == "king"
    session = Session(seed=1)
    for text in ("confirm", "red", "blue", "green", "marquis", "done", "engineer"):
        session.answer(text)
    kept = session.answer("treasury")
    assert [line.key for line in kept] == ["s10_treasury_kept"]
    assert session.prompt.key == "courtier_card" and session.state.courtier is None
    placed = session.answer("marquis")
    assert session.state.courtier == "marquis"
    assert [line.params for line in placed if line.key == "s10_courtier"] == [
        {"noble": "marquis"}
    ]


@pytest.mark.parametrize("rule", ["in-place", "slide"])
def test_k07_s11_decree_69_is_removed_and_replaced(rule):
    session = new(courtier="engineer", helper="engineer", decree_69=rule)
    s11 = [line for step in session.steps for line in step.lines if line.key == "s11_decree_69"]
    assert [line.params for line in s11] == [{"rule": rule}]
    assert "remove it and reveal a new card" in words.say(s11[0])
    turn = play(session, decrees_shown="8")  # the marquis: N2, whose refill may reveal #69
    assert turn.one("n2_take_decrees") == {"taken": 2, "decrees": 2, "rule": rule}
    assert words.option(rule) in words.say(Line("n2_take_decrees", turn.one("n2_take_decrees")))


def test_k08_s6_the_scoring_tile_arrangement_has_no_equal_neighbours():
    def equal_neighbours(order):
        return sum(a == b for a, b in itertools.pairwise(order))

    for values in itertools.combinations_with_replacement(range(1, 6), 4):
        session = Session(seed=sum(values))
        for text in ("confirm", "red", "blue", "green", "king"):
            session.answer(text)
        said = session.answer(" ".join(map(str, values)))
        order = [line.params["order"] for line in said if line.key == "scoring_tiles_order"]
        assert len(order) == 1 and sorted(order[0]) == sorted(values)
        fewest = min(equal_neighbours(p) for p in itertools.permutations(values))
        assert equal_neighbours(order[0]) == fewest, values  # 0 wherever possible (Q38)
    session = Session(seed=1)
    for text in ("confirm", "red", "blue", "green", "king"):
        session.answer(text)
    with pytest.raises(AnswerError):
        session.answer("2 3 4")


def test_k03_s12_settings_are_changed_before_s2():
    # the settings come first, before S2, since they decide what set-up says (S5): a
    # key=value answer changes one, and the prompt stays open until "confirm"
    session = Session(seed=1)
    assert session.prompt.key == "confirm_settings"
    said = session.answer("start_official=area")
    assert [line.params for line in said if line.key == "setting_changed"] == [
        {"setting": "start_official", "value": "area"}
    ]
    assert session.prompt.key == "confirm_settings"
    session.answer("wig_rate=2")
    saved = session.to_json()
    for bad in ("wig_rate=4", "start_official=board", "colour=red", "wig_rate="):
        with pytest.raises(AnswerError):
            session.answer(bad)
        assert session.to_json() == saved
    said = Played()
    for text in ("confirm", "red", "blue", "green", "king", "done", "marquis", "engineer"):
        said.lines.extend(session.answer(text))
    assert session.state.settings == with_settings(start_official="area", wig_rate="2")
    assert session.state.offices == {"engineer": 0, "marquis": 0, "king": 0}
    assert said.said("s5_officials_in_area") and not said.said("s5_official_in_marquis")
    again = Session.from_json(session.to_json())  # the changes are answers: they replay
    assert again.to_json() == session.to_json()


# -- turn order and the two markers (T) ----------------------------------------------------
def test_k10_t1_the_courtier_moves_right_and_wraps():
    session = new(courtier="king")
    moves = [play(session).one("t1_courtier")["noble"] for _ in range(4)]
    assert moves == ["engineer", "marquis", "king", "engineer"]


STATE_ACTION = {  # §3's table with the default state_actions (Q2)
    ("engineer", "lower"): "plan", ("engineer", "upper"): "officials",
    ("marquis", "lower"): "produce", ("marquis", "upper"): "ship",
    ("king", "lower"): "favour", ("king", "upper"): "cardinal",
}


@pytest.mark.parametrize("noble, deck", list(itertools.product(NOBLES, DECKS)))
def test_k11_t2_noble_and_helper_deck_choose_the_state_action(noble, deck):
    position = "upper" if deck in UPPER else "lower"
    turn = play(new(courtier=before(noble), helper=deck))
    assert turn.one("t2_state_action") == {
        "noble": noble, "action": STATE_ACTION[(noble, position)], "position": position,
        "helper": deck,
    }
    # another layout of the board (the setting): the engineer's actions swapped
    swapped = "engineer=plan/officials,marquis=ship/produce,king=cardinal/favour"
    turn = play(new(courtier=before(noble), helper=deck, state_actions=swapped))
    expected = STATE_ACTION[(noble, position)]
    if noble == "engineer":
        expected = {"plan": "officials", "officials": "plan"}[expected]
    assert turn.one("t2_state_action")["action"] == expected


def test_k12_t2_an_impossible_state_action_is_skipped():
    session = new(courtier="king", helper="marquis")  # the engineer's lower action: plan
    kept = snapshot(session, "courtier", "phase")
    turn = play(session, stop="store_lots", top_plan=["empty", "empty"])
    assert turn.one("t2_state_action")["action"] == "plan"
    assert turn.one("impossible") == {"action": "plan"}
    assert not turn.said("a2_officials")  # the other state action is not taken instead
    assert snapshot(session, "courtier", "phase") == kept  # nothing changed, nothing paid


def test_k13_t2_an_emptied_helper_deck_still_decides_upper_or_lower():
    session = new(courtier="engineer", helper="marquis")
    play(session)  # the marquis's turn; T5 takes the helper to the king deck
    assert session.state.helper == "king"
    # in your turn you emptied the king deck; his T2 still reads the king deck: upper
    turn = play(session, empty_decks="king")
    assert turn.one("t2_state_action") == {
        "noble": "king", "action": "cardinal", "position": "upper", "helper": "king",
    }
    assert turn.one("t4_nothing_to_remove") == {"deck": "king"}
    assert session.state.helper == "treasury"


def test_k14_t4_the_top_card_of_the_helpers_deck_is_removed():
    session = new(helper="engineer")
    turn = play(session, deck_now_empty="no")
    assert turn.one("t4_remove_card") == {"deck": "engineer"}
    assert not turn.said("t4_nothing_to_remove")
    session = new(helper="engineer")
    turn = play(session, empty_decks="engineer")
    assert turn.one("t4_nothing_to_remove") == {"deck": "engineer"}
    assert not turn.said("t4_remove_card") and "deck_now_empty" not in turn.asked


def test_k15_t5_the_helper_skips_empty_decks():
    session = new(helper="marquis")
    turn = play(session, empty_decks="king")
    assert turn.one("t5_helper_moves") == {"deck": "treasury"}
    assert session.state.helper == "treasury"


def test_k16_t5_the_helper_wraps_from_treasury_to_engineer():
    session = new(helper="treasury")
    assert play(session).one("t5_helper_moves") == {"deck": "engineer"}
    # the cycle is a setting (Q1): in another order the helper follows it, wrapping too
    session = new(helper="treasury", helper_cycle="marquis,treasury,king,engineer")
    assert play(session).one("t5_helper_moves") == {"deck": "king"}
    assert play(session).one("t5_helper_moves") == {"deck": "engineer"}
    assert play(session, empty_decks="marquis").one("t5_helper_moves") == {"deck": "treasury"}


def test_k17_t5_the_helper_stays_when_no_other_deck_has_cards():
    session = new(helper="engineer")
    turn = play(session, empty_decks="marquis,king,treasury", deck_now_empty="no")
    assert turn.one("t5_helper_stays") == {"deck": "engineer"}
    assert session.state.helper == "engineer"
    session = new(helper="king")
    turn = play(session, empty_decks="engineer,marquis,treasury", deck_now_empty="yes")
    assert turn.one("t5_helper_stays") == {"deck": "king"}
    assert session.state.helper == "king"


def test_k18_t6_three_empty_decks_end_the_period_after_t5():
    session = new(helper="marquis")
    turn = play(session, empty_decks="engineer,king", deck_now_empty="yes")
    keys = turn.keys
    assert turn.one("t5_helper_moves") == {"deck": "treasury"}
    assert (keys.index("t4_remove_card") < keys.index("t5_helper_moves")
            < keys.index("period_ends_by_decks") < keys.index("e_end_of_period")
            < keys.index("your_turn"))
    assert session.state.period == 2 and session.prompt.key == "you_visited"
    assert not turn.said("final_round_next")


# -- state actions (A) ---------------------------------------------------------------------
@pytest.mark.parametrize("blue, green, taken", [
    ("3", "4", "green"), ("4", "4", "blue"), ("5", "4", "blue"),
    ("empty", "2", "green"), ("2", "empty", "blue"), ("empty", "empty", None),
])
def test_k20_a1_the_plan_with_more_officials_ties_to_blue(blue, green, taken):
    session = new(courtier="king", helper="marquis")
    turn = play(session, top_plan=[blue, green])
    if taken is None:
        assert "plan" in turn.impossible() and session.state.plans == 2
    else:
        assert turn.one("a1_take_plan") == {"architect": taken, "plans": 3}
        assert session.state.plans == 3


def officials_action(session: Session, **answers: str) -> Played:
    """Lacerda's next engineer turn with the helper on the king deck: A2."""
    reach(session, "engineer", "king")
    turn = calm(session, **answers)
    assert turn.one("t2_state_action")["action"] == "officials"
    return turn


def test_k21_a2_officials_go_to_the_two_emptiest_offices():
    session = new(courtier="king", helper="king")
    expected = [  # offices before, the two chosen, left to right
        ({"engineer": 0, "marquis": 1, "king": 0}, ["engineer", "king"]),
        ({"engineer": 1, "marquis": 1, "king": 1}, ["engineer", "marquis"]),
        ({"engineer": 2, "marquis": 2, "king": 1}, ["king", "engineer"]),
    ]
    for offices, chosen in expected:
        assert session.state.offices == offices
        turn = officials_action(session)
        assert turn.one("a2_officials")["offices"] == chosen
    assert session.state.offices == {"engineer": 3, "marquis": 2, "king": 2}
    assert session.state.officials_supply == 1
    # from {0,0,0} (start_official=area) the engineer's and the marquis's
    session = new(courtier="king", helper="king", start_official="area")
    assert officials_action(session).one("a2_officials")["offices"] == ["engineer", "marquis"]
    assert session.state.offices == {"engineer": 1, "marquis": 1, "king": 0}


def test_k22_a2_one_official_left_goes_to_the_first_office():
    session = new(courtier="king", helper="king")
    for _ in range(3):
        officials_action(session)
    assert session.state.officials_supply == 1
    assert session.state.offices == {"engineer": 3, "marquis": 2, "king": 2}
    turn = officials_action(session)  # Q45: the one left goes into the first office
    assert turn.one("a2_officials") == {"offices": ["marquis"], "supply": 0}
    assert session.state.offices == {"engineer": 3, "marquis": 3, "king": 2}
    turn = officials_action(session)  # none left: impossible
    assert "officials" in turn.impossible() and not turn.said("a2_officials")
    assert session.state.offices == {"engineer": 3, "marquis": 3, "king": 2}
    # with an office capacity (Q16) a full office is left out; all full: impossible
    session = new(courtier="king", helper="king", office_capacity="3")
    turn = play(session, full_offices="engineer")
    assert turn.one("a2_officials")["offices"] == ["king", "marquis"]
    assert session.state.offices == {"engineer": 0, "marquis": 2, "king": 1}
    turn = officials_action(session, full_offices="engineer,marquis,king")
    assert "officials" in turn.impossible() and not turn.said("a2_officials")
    assert session.state.officials_supply == 5


def test_k23_a2_officials_are_never_removed():
    # every kind of turn, a follow, both ends and a correction: no office ever loses one
    session = new(courtier="king", helper="king", favour="king")
    seen = dict(session.state.offices)

    def check() -> None:
        for noble, count in session.state.offices.items():
            assert count >= seen[noble], (noble, session.state.offices, seen)
            seen[noble] = count

    opening = {"buildings_available": "blue,green", "empty_sites": "W-D,W-C",
               "openings": "blue W-D 3 0"}
    his = {"engineer": {"store_lots": "A1 2"}, "marquis": {"decrees_shown": "8"},
           "king": {key: [value, value] for key, value in opening.items()}}
    for n in range(6):  # you visit the king each round and he follows: N3 as well
        acting = NOBLES[(NOBLES.index(session.state.courtier) + 1) % 3]
        his["engineer"]["store_lots"] = f"{lot(n)} 2"  # each store on an empty lot
        play(session, you_visited="king", **{**opening, **his[acting]})
        check()
    assert sum(session.state.offices.values()) > 1  # A2 did place officials
    session.answer("influence=0")
    check()
    finish(session, score=0)
    check()
    assert session.state.score["officials"] == sum(seen.values())


def ship_turn(**answers: Any) -> tuple[Session, Played]:
    """Lacerda's first turn at the marquis with the helper on the king deck: A3."""
    session = new(courtier="engineer", helper="king", **answers.pop("settings", {}))
    return session, play(session, **answers)


def test_k24_a3_the_ship_gives_its_influence_and_the_portfolio():
    session, turn = ship_turn(top_ship="blue", ship_influence="2", ship_value="3",
                              portfolio_influence="1")
    ship = turn.one("a3_take_ship")
    assert ship == {"colour": "blue", "ships": 1}
    assert "move the treasury marker up one space" in words.say(Line("a3_take_ship", ship))
    assert turn.one("a3_gain") == {"ships": 2, "portfolio": 1}
    assert session.state.influence == 5 + 2 + 1
    assert [vars(s) for s in session.state.ships] == [
        {"colour": "blue", "influence": 2, "value": 3}
    ]
    # Q5: the new ship only (new), or all his ships (all), counted at his second ship
    for setting, gain in (("new", 1), ("all", 3)):
        session, _ = ship_turn(settings={"ship_influence": setting}, top_ship="blue",
                               ship_influence="2")
        reach(session, "marquis", "king")
        turn = play(session, top_ship=["influence=0", "red"], ship_influence="1",
                    portfolio_influence="0")
        assert turn.one("a3_gain") == {"ships": gain, "portfolio": 0}
        assert session.state.influence == gain and len(session.state.ships) == 2


def test_k25_a3_an_empty_shipyard_skips_the_whole_action():
    session, turn = ship_turn(top_ship="none")
    assert "ship" in turn.impossible()
    assert session.state.ships == [] and session.state.influence == 5
    assert "portfolio_influence" not in turn.asked and "ship_influence" not in turn.asked
    assert not turn.said("a3_take_ship") and not turn.said("treasury_up")


def test_k26_a4_all_goods_produced_are_kept():
    session = new(courtier="engineer", helper="engineer")  # the marquis's lower: produce
    turn = play(session, production="3 0 20 1")
    assert turn.one("a4_produce")["made"] == {"gold": 3, "books": 0, "cloth": 20, "tools": 1}
    assert session.state.goods == {"gold": 3, "books": 0, "cloth": 20, "tools": 1}
    assert "lower the price" in words.say(Line("a4_produce", turn.one("a4_produce")))
    reach(session, "marquis", "marquis")
    turn = play(session, production="0 5 20 0")  # no limit: he has no warehouse
    assert session.state.goods == {"gold": 3, "books": 5, "cloth": 40, "tools": 1}
    session = new(courtier="engineer", helper="engineer")
    turn = play(session, production="0 0 0 0")
    assert "produce" in turn.impossible()
    assert not turn.said("a4_produce")  # no price instruction either
    assert session.state.goods == {"gold": 0, "books": 0, "cloth": 0, "tools": 0}


def cardinal_turn(**answers: str) -> tuple[Session, Played]:
    """Lacerda's first turn at the king with the helper on the king deck: A5."""
    session = new(courtier="marquis", helper="king")
    return session, play(session, **answers)


def test_k27_a5_the_clergy_tile_gives_its_wigs():
    session, turn = cardinal_turn(clergy_wigs="3", treasury_icon="yes")
    keys = turn.keys
    assert keys.index("a5_move_cardinal") < keys.index("a5_clergy_tile") < keys.index(
        "treasury_up")  # Q41: in the order written
    assert turn.one("a5_clergy_tile") == {"amount": 3, "wigs": 8}
    assert session.state.wigs == 8
    session, turn = cardinal_turn(clergy_wigs="2", treasury_icon="no")
    assert session.state.wigs == 7 and not turn.said("treasury_up")


@pytest.mark.parametrize("trigger", ["passes", "passes-or-lands"])
@pytest.mark.parametrize("icon", ["passed", "landed", "neither"])
def test_k28_a5_church_scoring_under_each_church_trigger(trigger, icon):
    session = new(courtier="engineer", helper="king", church_trigger=trigger)
    play(session, top_ship="red", ship_influence="2", portfolio_influence="0")  # a ship: 2
    turn = play(session, clergy_wigs=["influence=0", "none"], influence_icon=icon,
                portfolio_influence=["4"] if icon == "passed" or (
                    icon == "landed" and trigger == "passes-or-lands") else [])
    assert turn.one("t2_state_action")["action"] == "cardinal"
    scored = icon == "passed" or (icon == "landed" and trigger == "passes-or-lands")
    assert turn.said("a5_church_scoring") == scored
    assert turn.said("a5_landed_no_scoring") == (icon == "landed" and not scored)
    if scored:  # all his ships' influence + your portfolio, then P4
        assert turn.one("church_gain") == {"ships": 2, "portfolio": 4}
        assert session.state.influence == 6
    else:
        assert "portfolio_influence" not in turn.asked and session.state.influence == 0


def test_k29_a5_no_tile_in_front_still_processes_the_icons():
    session, turn = cardinal_turn(clergy_wigs="none", treasury_icon="yes",
                                  influence_icon="passed", portfolio_influence="2")
    assert not turn.said("a5_clergy_tile") and session.state.wigs == 5
    assert turn.said("treasury_up") and turn.said("a5_church_scoring")
    assert session.state.influence == 7


def test_k30_a6_the_first_missing_favour_from_the_left():
    session = new(courtier="marquis", helper="engineer", favour="marquis")
    turn = play(session, favour_left="yes")  # the engineer's, leftmost he lacks
    assert turn.one("a6_take_favour") == {"noble": "engineer", "favours": 2}
    assert session.state.favours == ["marquis", "engineer"]
    session = new(courtier="marquis", helper="engineer", favour="marquis")
    turn = play(session, favour_left=["no", "yes"])  # Q27: the engineer's stack is empty
    assert turn.one("a6_take_favour") == {"noble": "king", "favours": 2}
    assert turn.asked.count("favour_left") == 2
    # holding all three: impossible, and nothing is asked
    reach(session, "king", "marquis")
    turn = play(session, favour_left="yes")
    assert turn.one("a6_take_favour") == {"noble": "engineer", "favours": 3}
    assert session.state.favours == ["marquis", "king", "engineer"]
    reach(session, "king", "engineer")
    turn = play(session)
    assert "favour" in turn.impossible() and not turn.said("a6_take_favour")
    assert "favour_left" not in turn.asked
    assert sorted(session.state.favours) == sorted(set(session.state.favours))


# -- payment (P) -----------------------------------------------------------------------------
def decree_turn(*corrections: str, cost: str, **settings: str) -> tuple[Session, Played]:
    """Lacerda's first turn at the marquis (N2 with 8 decrees shown), the visit costing
    ``cost``; ``corrections`` set his markers first (ASK-27)."""
    session = new(courtier="engineer", helper="engineer", **settings)
    for correction in corrections:
        session.answer(correction)
    return session, play(session, decrees_shown="8", visit_cost=cost)


def test_k40_p2_influence_pays_first():
    session, turn = decree_turn(cost="3")
    assert turn.one("pays_influence") == {"cost": 3, "influence": 2}
    assert (session.state.influence, session.state.wigs, session.state.decrees) == (2, 5, 2)


@pytest.mark.parametrize("rate, wigs", [("1", 3), ("2", 1)])
def test_k41_p2_wigs_pay_the_missing_influence_at_wig_rate(rate, wigs):
    session, turn = decree_turn("influence=2", cost="4", wig_rate=rate)
    assert turn.one("pays_wigs") == {"cost": 4, "influence_spent": 2,
                                     "wigs_spent": 5 - wigs, "influence": 0, "wigs": wigs}
    assert (session.state.influence, session.state.wigs, session.state.decrees) == (0, wigs, 2)


def test_k42_p3_an_unaffordable_action_is_skipped_unchanged():
    session = new(courtier="engineer", helper="engineer")
    session.answer("influence=1")
    session.answer("wigs=1")
    kept = snapshot(session, "courtier", "phase")
    turn = play(session, stop="empty_decks", decrees_shown="8", visit_cost="3")
    assert turn.one("cannot_pay") == {"cost": 3, "influence": 1, "wigs": 1}
    assert not turn.said("n2_take_decrees") and not turn.said("f1_you_may_follow")
    assert snapshot(session, "courtier", "phase") == kept
    # at wig rate 2 a cost he could pay at rate 1 is refused too
    session, turn = decree_turn("influence=1", "wigs=3", cost="3", wig_rate="2")
    assert turn.said("cannot_pay") and session.state.wigs == 3 and session.state.decrees == 0


@pytest.mark.parametrize("courtier, answers, action", [
    ("king", {"store_lots": "none"}, "store"),
    ("engineer", {"decrees_shown": "0"}, "decrees"),
    ("marquis", {"buildings_available": "none"}, "building"),
])
def test_k43_t3_an_impossible_noble_action_is_never_paid(courtier, answers, action):
    session = new(courtier=courtier, helper="engineer")
    turn = play(session, **answers)
    assert action in turn.impossible()
    assert "visit_cost" not in turn.asked
    assert (session.state.influence, session.state.wigs) == (5, 5)
    assert not turn.said("f1_you_may_follow")


@pytest.mark.parametrize("cap, start, gain, influence, wig", [
    ("on", 7, 2, 9, 0), ("on", 7, 3, 10, 1), ("on", 9, 5, 10, 1), ("on", 10, 1, 10, 1),
    ("off", 9, 5, 14, 0), ("off", 10, 1, 11, 0),
])
def test_k44_p4_the_influence_cap_and_its_wig(cap, start, gain, influence, wig):
    session, turn = ship_turn(settings={"influence_cap": cap},
                              top_ship=[f"influence={start}", "blue"],
                              ship_influence=str(gain), portfolio_influence="0")
    assert (session.state.influence, session.state.wigs) == (influence, 5 + wig)
    assert turn.said("influence_capped") == bool(wig)


# -- noble actions (N) -----------------------------------------------------------------------
def store_turn(lots: str, **answers: str) -> tuple[Session, Played]:
    """Lacerda's first turn at the engineer (helper on the marquis deck: plan, none shown)."""
    session = new(courtier="king", helper="marquis")
    return session, play(session, store_lots=lots, **answers)


def test_k50_n1_most_wigs_then_top_row_then_leftmost():
    session, turn = store_turn("B2 3, A4 3, A5 2")
    assert turn.one("n1_build_store") == {"lot": "A4"}
    assert session.state.stores == [("A4", "gold")] and session.state.wigs == 8
    _, turn = store_turn("D1 4, B5 1, A1 0")
    assert turn.one("n1_build_store") == {"lot": "D1"}


def test_k51_n1_all_zero_takes_row_a_leftmost():
    _, turn = store_turn("C3 0, B1 0, A2 0, A5 0")
    assert turn.one("n1_build_store") == {"lot": "A2"}
    _, turn = store_turn("D1 0, B5 0, B3 0")  # no legal lot in row A: the next row's leftmost
    assert turn.one("n1_build_store") == {"lot": "B3"}


def test_k52_n1_the_store_scores_and_uses_a_house():
    session, turn = store_turn("C2 3", visit_cost="1", store_good="tools")
    assert turn.one("n1_store_scored") == {"lot": "C2", "good": "tools", "amount": 3,
                                           "wigs": 8}
    state = session.state
    assert (state.wigs, state.houses_supply, state.influence) == (8, 7, 4)  # no land cost
    assert state.stores == [("C2", "tools")]
    text = words.say(Line("n1_build_store", turn.one("n1_build_store")))
    assert "no land cost" in text and "ignores the lot's reward" in text


@pytest.mark.parametrize("row, column, colour, where", [
    ("fire", "earthquake", "earthquake", "column"),
    ("earthquake", "fire", "earthquake", "row"),
    ("earthquake", "earthquake", "earthquake", "column"),
    ("fire,tsunami", "earthquake", "earthquake", "column"),
    ("fire", "tsunami", "fire", "row"),
    ("tsunami", "tsunami", "tsunami", "column"),
    ("none", "none", None, None),
])
def test_k53_n1_the_most_expensive_rubble_cube_column_on_a_tie(row, column, colour, where):
    session, turn = store_turn("B3 0", rubble_in_row=row, rubble_in_column=column)
    if colour is None:
        assert turn.said("n1_no_rubble") and session.state.rubble == []
    else:
        assert session.state.rubble == [colour]
        params = turn.one(f"n1_rubble_from_{where}")
        assert params == ({"colour": colour, "column": "3"} if where == "column"
                          else {"colour": colour, "row": "B"})


def test_k53_n1_rubble_costs_are_a_setting():
    # rubble_cost (N1/Q6, [secondary]): with tsunami the dearest, it is the one taken
    session = new(courtier="king", helper="marquis",
                  rubble_cost="earthquake=1,fire=2,tsunami=3")
    play(session, store_lots="A1 0", rubble_in_row="earthquake,tsunami",
         rubble_in_column="fire")
    assert session.state.rubble == ["tsunami"]


def test_k54_n1_no_house_left_is_impossible_and_unpaid():
    session = new(favour="engineer")  # he follows your visits to the engineer (F2)
    for n in range(8):
        turn = play(session, you_visited="engineer", store_lots=f"{lot(n)} 0")
        assert turn.said("n1_build_store")
    assert session.state.houses_supply == 0 and len(session.state.stores) == 8
    turn = play(session, you_visited="engineer")
    assert turn.impossible()[0] == "store"
    assert turn.said("does_not_follow")
    assert "store_lots" not in turn.asked and "visit_cost" not in turn.asked
    assert session.state.influence == 5 and len(session.state.stores) == 8


def test_k55_n1_a_two_type_lot_records_the_left_facing_store():
    # the lot is valued by its left-facing store (the wigs listed), and that store is built
    session, turn = store_turn("B4 2, C1 1", store_good="books")
    build = turn.one("n1_build_store")
    assert build == {"lot": "B4"} and "facing left" in words.say(Line("n1_build_store", build))
    good = next(step for step in session.steps
                if step.prompt is not None and step.prompt.key == "store_good")
    assert dict(good.prompt.params) == {"lot": "B4"}
    assert session.state.stores == [("B4", "books")]


@pytest.mark.parametrize("shown, taken", [("8", 2), ("2", 2), ("1", 1), ("0", 0)])
def test_k56_n2_takes_the_two_leftmost_decrees(shown, taken):
    session = new(courtier="engineer", helper="engineer")
    turn = play(session, decrees_shown=shown, **({"visit_cost": "2"} if taken else {}))
    assert session.state.decrees == taken
    if taken:
        assert turn.one("n2_take_decrees")["taken"] == taken
        assert session.state.influence == 3
    else:
        assert "decrees" in turn.impossible()
        assert session.state.influence == 5


def building_turn(helper: str = "engineer", **answers: str) -> tuple[Session, Played]:
    """Lacerda's first turn at the king (N3)."""
    session = new(courtier="marquis", helper=helper)
    return session, play(session, **answers)


def test_k57_n3_best_site_ties_go_clockwise_from_w_d():
    session, turn = building_turn(
        buildings_available="blue,green", empty_sites="W-B,N-2,E-C",
        openings="blue N-2 3 0, green W-B 4 1, blue E-C 1 0")
    assert turn.one("n3_open_building") == {"architect": "green", "site": "W-B", "his": 4,
                                            "yours": 1, "wigs": 9}
    assert session.state.wigs == 9
    # relative points, not his wigs alone: 5 − 4 = 1 loses to 2 − 0 = 2
    _, turn = building_turn(buildings_available="blue", empty_sites="W-D,N-1",
                            openings="blue W-D 5 4, blue N-1 2 0")
    assert turn.one("n3_open_building")["site"] == "N-1"
    # every pair below 0: an unlisted site (0 for both) is better, the first clockwise
    _, turn = building_turn(buildings_available="green", empty_sites="E-D,N-3,W-A",
                            openings="green W-A 0 2")
    assert turn.one("n3_open_building")["site"] == "N-3"


@pytest.mark.parametrize("helper", DECKS)
def test_k58_n3_equal_buildings_follow_the_helper(helper):
    session, turn = building_turn(helper, buildings_available="blue,green",
                                  empty_sites="W-D,E-A",
                                  openings="blue E-A 3 1, green E-A 2 0")
    expected = "green" if helper in UPPER else "blue"
    assert turn.one("n3_open_building")["architect"] == expected
    assert turn.one("n3_open_building")["site"] == "E-A"
    # a better building wins whatever the helper says
    _, turn = building_turn(helper, buildings_available="blue,green", empty_sites="E-A",
                            openings="blue E-A 3 0, green E-A 2 0")
    assert turn.one("n3_open_building")["architect"] == "blue"


def test_k59_n3_the_sites_rubble_goes_to_lacerda():
    session = new(courtier="marquis", helper="engineer")
    kept = (dict(session.state.offices), session.state.officials_supply, session.state.plans)
    turn = play(session, buildings_available="green", empty_sites="N-4", site_cubes="1 1 0")
    assert turn.one("n3_cubes") == {"cubes": 2, "rubble": 2}
    assert session.state.rubble == ["earthquake", "fire"]
    assert (session.state.offices, session.state.officials_supply,
            session.state.plans) == kept
    session = new(courtier="marquis", helper="engineer")
    play(session, stop="site_cubes", buildings_available="green", empty_sites="N-4")
    with pytest.raises(AnswerError):  # a site holds at most 2 cubes
        session.answer("2 1 0")


@pytest.mark.parametrize("answers", [
    {"buildings_available": "none"},
    {"buildings_available": "blue,green", "empty_sites": "none"},
])
def test_k60_n3_no_building_or_no_site_is_impossible_and_unpaid(answers):
    session, turn = building_turn(**answers)
    assert "building" in turn.impossible()
    assert "visit_cost" not in turn.asked and "openings" not in turn.asked
    assert (session.state.influence, session.state.wigs, session.state.rubble) == (5, 5, [])


# -- following (F) ---------------------------------------------------------------------------
def test_k70_f2_lacerda_follows_with_the_favour_and_keeps_it():
    session = new(favour="marquis")
    turn = play(session, stop="your_trigger", you_visited="marquis",
                decrees_shown="8", visit_cost="4")
    assert turn.keys.index("follows") < turn.keys.index("pays_influence") < turn.keys.index(
        "n2_take_decrees")
    assert (session.state.influence, session.state.decrees) == (1, 2)
    assert session.state.favours == ["marquis"]  # the favour is retained (Q23)


@pytest.mark.parametrize("follow", ["with-favour", "always"])
def test_k71_f2_the_follow_setting(follow):
    session = new(favour="marquis", follow=follow)
    turn = play(session, stop="your_trigger", you_visited="king",
                **({"buildings_available": "blue", "empty_sites": "W-D", "visit_cost": "2",
                    "openings": "blue W-D 3 0"} if follow == "always" else {}))
    if follow == "with-favour":
        assert turn.one("no_follow_without_favour") == {"noble": "king"}
        assert turn.asked == ["you_visited", "wigs_in_your_turn", "church_in_your_turn"]
        assert (session.state.influence, session.state.wigs) == (5, 5)
    else:
        assert turn.one("follows") == {"noble": "king"}
        assert (session.state.influence, session.state.wigs) == (3, 8)
    assert session.state.favours == ["marquis"]


def test_k72_f2_events_and_your_follow_are_not_visits():
    # the question names a visit as a card played to the Royal Court; an event you sponsor
    # or your own follow is answered "none", and he does not follow
    session = new(favour="marquis", follow="always")
    assert session.prompt.key == "you_visited"
    assert session.prompt.options == ("none", *NOBLES)
    assert "play a card to the Royal Court" in words.ask(session.prompt)
    kept = snapshot(session)
    turn = play(session, stop="your_trigger")
    assert turn.asked == ["you_visited", "wigs_in_your_turn", "church_in_your_turn"]
    assert not turn.said("follows") and snapshot(session) == kept


def test_k73_f2_no_follow_when_unaffordable_or_impossible():
    session = new(favour="marquis")
    session.answer("influence=0")
    session.answer("wigs=2")
    turn = play(session, stop="your_trigger", you_visited="marquis", decrees_shown="8",
                visit_cost="3")
    assert turn.said("cannot_pay") and turn.said("does_not_follow")
    assert (session.state.influence, session.state.wigs, session.state.decrees) == (0, 2, 0)
    session = new(favour="marquis")
    turn = play(session, stop="your_trigger", you_visited="marquis", decrees_shown="0")
    assert turn.said("impossible") and turn.said("does_not_follow")
    assert "visit_cost" not in turn.asked and session.state.influence == 5


def test_k75_h1_f2_he_follows_once_your_visit_is_done_with_what_it_gave_him():
    """F2 「按照正常规则支付对应的影响力」: a follow comes after the visit it follows, so the
    wigs your turn gave him (H2) are his when he pays for it."""
    session = new(favour="marquis")
    session.answer("influence=0")
    session.answer("wigs=0")
    turn = play(session, stop="your_trigger", you_visited="marquis", decrees_shown="8",
                visit_cost="3", wigs_in_your_turn="3")
    assert turn.keys.index("wigs_gained") < turn.keys.index("follows")
    assert turn.said("n2_take_decrees") and not turn.said("cannot_pay")
    assert (session.state.wigs, session.state.decrees) == (0, 2)


def test_k74_f2_the_tie_break_uses_the_helpers_current_deck():
    session = new(favour="king", helper="treasury")
    tie = {"buildings_available": "blue,green", "empty_sites": "W-D",
           "openings": "blue W-D 1 0, green W-D 1 0"}
    turn = play(session, stop="your_trigger", you_visited="king", **tie)
    assert turn.one("n3_open_building")["architect"] == "green"  # helper on the treasury
    play(session)  # his turn: T5 takes the helper to the engineer deck
    assert session.state.helper == "engineer"
    turn = play(session, stop="your_trigger", you_visited="king", **tie)
    assert turn.one("n3_open_building")["architect"] == "blue"


def test_k75_f1_the_follow_offer_is_an_instruction_after_t3():
    session = new(courtier="engineer", helper="engineer")
    turn = play(session, stop="empty_decks", decrees_shown="8")
    keys = turn.keys
    assert keys.index("t3_noble_action") < keys.index("n2_take_decrees") < keys.index(
        "f1_you_may_follow")
    assert keys[-1] == "f1_you_may_follow"  # no question follows it: T4's is next
    assert turn.one("f1_you_may_follow") == {"noble": "marquis"}
    assert session.prompt.key == "empty_decks"
    assert not turn.said("t4_remove_card")


# -- hooks, periods and the end (H, E, G, L) -------------------------------------------------
def test_k80_h2_wigs_from_your_use_of_his_ships():
    session = new()
    turn = play(session, stop="church_in_your_turn", wigs_in_your_turn="4")
    assert turn.one("wigs_gained") == {"amount": 4, "wigs": 9}
    assert session.state.wigs == 9


def test_k81_h2_church_scoring_in_your_turn():
    session, _ = ship_turn(top_ship="blue", ship_influence="2", portfolio_influence="0")
    assert session.state.influence == 7
    turn = play(session, stop="your_trigger", church_in_your_turn="yes",
                portfolio_influence="1")
    assert turn.one("church_gain") == {"ships": 2, "portfolio": 1}
    assert (session.state.influence, session.state.wigs) == (10, 6)  # 7 + 3 reaches 10: P4


def rubble_rounds(session: Session, cubes: int) -> None:
    """Rounds in which he follows your visits to the engineer, each store with a cube."""
    for n in range(cubes):
        play(session, you_visited="engineer", store_lots=f"{lot(n, 'B')} 0",
             rubble_in_row="fire")


def test_k82_e1_one_wig_per_cube_and_the_cubes_stay():
    session = new(favour="engineer")
    rubble_rounds(session, 5)
    assert len(session.state.rubble) == 5
    wigs = session.state.wigs
    turn = play(session, your_trigger="period")
    assert turn.one("e_end_of_period") == {"cubes": 5, "wigs": wigs + 5}
    assert len(session.state.rubble) == 5 and session.state.period == 2
    # Q31: his cubes never trigger an end: only your answer or three empty decks do
    assert not any(k in turn.keys for k in ("period_ends_by_decks", "final_round_next"))


def test_k83_e5_helper_and_courtier_stay_across_the_period():
    # you end the period: after E his T1 moves the courtier one step from where it was,
    # and T2 reads the helper's deck where it was
    session = new(courtier="king", helper="marquis")
    turn = play(session, your_trigger="period")
    keys = turn.keys
    assert keys.index("e_end_of_period") < keys.index("t1_courtier")
    assert turn.one("t1_courtier") == {"noble": "engineer"}  # one step from the king
    assert turn.one("t2_state_action")["helper"] == "marquis"
    # he ends the period in T4: after E the helper is where T5 put it, the courtier too
    session = new(courtier="king", helper="marquis")
    turn = play(session, empty_decks="engineer,king", deck_now_empty="yes")
    keys = turn.keys
    assert turn.one("t5_helper_moves") == {"deck": "treasury"}
    assert keys.index("t5_helper_moves") < keys.index("e_end_of_period")
    assert (session.state.courtier, session.state.helper) == ("engineer", "treasury")


def test_k84_e0_your_trigger_ends_the_period_before_lacerdas_turn():
    session = new(favour="marquis")
    turn = play(session, you_visited="marquis", decrees_shown="8", your_trigger="period")
    keys = turn.keys
    assert (keys.index("n2_take_decrees") < keys.index("e_end_of_period")
            < keys.index("lacerda_turn") < keys.index("t1_courtier"))
    assert session.state.period == 2 and session.prompt.key == "you_visited"
    assert session.state.decrees == 2


def test_k85_g0_the_final_round_after_either_trigger():
    session = new()
    play(session, your_trigger="period")
    turn = play(session, stop="your_score", your_trigger="game")
    assert turn.keys.count("lacerda_turn") == 2  # this round's, then the final round's
    assert turn.keys.count("your_turn") == 1  # the final round's
    assert turn.said("final_round_next")
    assert turn.asked.count("your_trigger") == 1  # not asked in the final round
    assert session.prompt.key == "your_score" and session.state.score is not None
    # he triggers it in T4 of period 2: the round is complete; one final round follows
    session = new(helper="marquis")
    play(session, your_trigger="period")
    assert session.state.helper == "king"
    turn = play(session, stop="your_score", empty_decks="engineer,marquis",
                deck_now_empty="yes")
    assert turn.keys.count("lacerda_turn") == 2 and turn.keys.count("your_turn") == 1
    assert turn.keys.index("final_round_next") < turn.keys.index("your_turn")
    assert not turn.said("e_end_of_period")


def test_k86_g2_no_extra_rubble_scoring_at_the_end():
    session = new(favour="engineer")
    rubble_rounds(session, 3)
    play(session, your_trigger="period")  # E1: +3
    wigs = session.state.wigs
    turn = finish(session, score=0)
    assert not turn.said("e_end_of_period")
    assert session.state.score["wigs"] == wigs and session.state.score["rubble"] == 3


def fixture_game(scoring: str = "count", **answers: str) -> Session:
    """A game to the score of K87: ships worth 2 + 3, 7 cubes, 6 stores, 4 decrees, 5
    officials in offices, 2 favours, and his wigs set to 20 before he scores. Every round is
    steered (``calm``) so that A2 happens only where it is wanted."""
    session = new(courtier="king", helper="king", favour="engineer", scoring=scoring)
    state = session.state
    officials_action(session)  # {0,1,0} → {1,1,1}
    officials_action(session)  # → {2,2,1}: 5
    reach(session, "marquis", "king")
    calm(session, top_ship="blue", ship_value="2")
    reach(session, "marquis", "treasury")
    calm(session, top_ship="red", ship_value="3")
    reach(session, "king", "marquis")
    calm(session, favour_left="yes")  # the marquis's favour, his second
    for n in range(6):  # he follows your visits to the engineer: a store, a cube each
        calm(session, you_visited="engineer", store_lots=f"{lot(n, 'C')} 0",
             rubble_in_column="tsunami")
    for _ in range(2):  # and to the marquis: 2 decrees each
        calm(session, you_visited="marquis", decrees_shown="8")
    reach(session, "king", "engineer")
    calm(session, buildings_available="blue", empty_sites="W-D", site_cubes="0 1 0")
    assert (len(state.ships), len(state.rubble), len(state.stores), state.decrees,
            sum(state.offices.values()), len(state.favours)) == (2, 7, 6, 4, 5, 2)
    calm(session, your_trigger="period")
    calm(session, your_trigger="game")
    play(session, stop="empty_decks")  # the final round, to his last T4
    session.answer("wigs=20")
    play(session, stop="your_score", **answers)
    assert sum(state.offices.values()) == 5
    return session


def test_k87_l_lacerdas_final_score():
    session = fixture_game()
    assert session.state.score == {"wigs": 20, "ships": 5, "rubble": 7, "stores": 6,
                                   "decrees": 12, "officials": 5, "favours": 4, "total": 59}
    # scoring=majority (Q3, Q4): the majorities' wigs are asked, with his counts shown
    session = fixture_game("majority", majority_wigs="9 15")
    score = session.state.score
    assert (score["stores"], score["officials"], score["total"]) == (9, 15, 20 + 5 + 7 + 9
                                                                     + 12 + 15 + 4)
    shown = [line.params for step in session.steps for line in step.lines
             if line.key == "majority_counts"]
    assert shown == [{"stores": 6, "offices": 5}]


def test_k88_l4_leftover_influence_scores_nothing():
    totals = []
    for influence in (0, 9):
        session = new()
        play(session, your_trigger="period")
        play(session, your_trigger="game")
        play(session, stop="empty_decks")
        session.answer(f"influence={influence}")
        play(session, stop="your_score")
        assert session.state.influence == influence
        totals.append(session.state.score)
    assert totals[0] == totals[1]
    assert "influence" not in totals[1]


# -- ranks (R) -------------------------------------------------------------------------------
SERVANT = {"stores": 4, "officials": 1, "reis": 5, "decrees": 6, "ships": 0}
FAVOURITE = {"stores": 5, "officials": 2, "reis": 10, "decrees": 7, "ships": 1}
ELITE = {"stores": 5, "officials": 3, "reis": 20, "decrees": 8, "ships": 2}


def rank_of(margin: int, lacerda_stores: int = 0, **you: int) -> str:
    """Your rank with ``you``'s figures and your score ``margin`` above Lacerda's."""
    session = new(favour="engineer")
    for n in range(lacerda_stores):
        play(session, you_visited="engineer", store_lots=f"{lot(n)} 0")
    assert len(session.state.stores) == lacerda_stores
    said = finish(session, score=lambda total: total + margin, **you)
    assert said.one("rank")["rank"] == session.state.rank
    return session.state.rank


def test_k90_r_a_score_tie_is_jester():
    assert rank_of(0, **ELITE) == "jester"
    assert rank_of(-1, **ELITE) == "jester"
    assert rank_of(1, **ELITE) == "elite"


def test_k91_r_servant_at_every_minimum():
    assert rank_of(1, **SERVANT) == "servant"
    for key in SERVANT:  # one below any minimum (ships has none) is not a servant
        if key != "ships":
            assert rank_of(1, **{**SERVANT, key: SERVANT[key] - 1}) == "jester", key


def test_k92_r_five_decrees_fall_in_the_gap():
    assert rank_of(1, **{**SERVANT, "decrees": 5}) == "jester"
    assert rank_of(1, **{**SERVANT, "decrees": 4}) == "jester"


def test_k93_r_fewer_than_four_stores_is_jester():
    assert rank_of(1, lacerda_stores=2, **{**FAVOURITE, "stores": 3}) == "jester"


def test_k94_r_equal_stores_stop_at_servant():
    assert rank_of(1, lacerda_stores=4, **{**FAVOURITE, "stores": 4}) == "servant"
    assert rank_of(1, lacerda_stores=4, **{**FAVOURITE, "stores": 5}) == "favourite"


def test_k95_r_elite():
    assert rank_of(1, lacerda_stores=1, **{**ELITE, "stores": 2}) == "jester"  # < 4 stores
    assert rank_of(1, lacerda_stores=4, **ELITE) == "elite"


def test_k96_r_one_ship_caps_at_favourite():
    assert rank_of(1, **{**ELITE, "ships": 1}) == "favourite"
    assert rank_of(1, **{**ELITE, "officials": 2}) == "favourite"
    assert rank_of(1, **{**ELITE, "reis": 19}) == "favourite"
    assert rank_of(1, **{**ELITE, "decrees": 7}) == "favourite"


# -- replay (K99) ----------------------------------------------------------------------------
def eventful_game() -> tuple[Session, list[tuple[dict[str, Any], str | None]]]:
    """A whole game through every state and noble action, follows, a payment in wigs, the
    influence cap, corrections and both ends, noting the session and its open prompt after
    each answer."""
    session = new(courtier="king", helper="king", favour="marquis", seed=99)
    trail: list[tuple[dict[str, Any], str | None]] = []
    original = session.answer

    def answer(text: str) -> tuple[Line, ...]:
        said = original(text)
        trail.append((session.to_json(), session.prompt and session.prompt.key))
        return said

    session.answer = answer  # type: ignore[method-assign]
    # round 1: the engineer, helper on the king deck: A2, then a store (B1, 4 wigs, a fire cube)
    play(session, store_lots="A3 2, B1 4", rubble_in_row="fire", visit_cost="2")
    # round 2: he follows you to the marquis; his turn: a ship (A3), decrees paid in wigs
    play(session, you_visited="marquis", decrees_shown=["8", "3"], visit_cost=["1", "7"],
         wigs_in_your_turn="2", top_ship="blue", ship_value="2", portfolio_influence="3")
    # round 3: the king, helper on the engineer deck: a favour (A6), a building (N3)
    play(session, favour_left="yes", buildings_available="blue,green",
         empty_sites="W-D,N-2", openings="green N-2 4 1", site_cubes="1 0 1")
    # round 4: church scoring in your turn (to the cap); a plan (A1) and a store
    play(session, church_in_your_turn="yes", portfolio_influence="6", top_plan=["2", "2"],
         store_lots="D5 1", rubble_in_column="earthquake,tsunami")
    session.answer("wigs=30")
    # round 5: you end period 1; a purple ship, a decree
    play(session, your_trigger="period", top_ship="purple", ship_influence="3",
         ship_value="3", portfolio_influence="2", decrees_shown="1")
    # round 6: the Cardinal (A5) passes the influence icon; two decks empty
    play(session, clergy_wigs="2", treasury_icon="yes", influence_icon="passed",
         portfolio_influence="1", empty_decks="engineer", deck_now_empty="yes")
    # round 7: he follows you to the engineer; you end the game; the helper goes to the
    # engineer deck, so that the final round's marquis produces (A4)
    play(session, your_trigger="game", you_visited="engineer", store_lots="C3 0",
         empty_decks="king,treasury")
    play(session, stop="your_score", production="1 2 0 0")
    for value in ("80", "5", "3", "12", "7", "1"):
        session.answer(value)
    del session.answer
    assert session.over and session.state.rank is not None
    return session, trail


def test_k99_replay_and_undo_are_exact():
    session, trail = eventful_game()
    state = session.state
    assert (state.plans, len(state.stores), len(state.ships), state.decrees) == (3, 3, 2, 5)
    assert state.goods["books"] == 2 and len(state.favours) == 2 and state.period == 2
    assert sum(state.offices.values()) == 3 and len(state.rubble) == 4
    record = session.to_json()
    again = Session.from_json(record)
    assert again.to_json() == record and again.check() == session.check()
    assert again.state.to_json() == state.to_json()
    assert [step.to_json() for step in again.steps] == [step.to_json() for step in
                                                        session.steps]
    # undo, answer by answer back to set-up, restores each earlier state exactly
    for saved, key in reversed(trail[:-1]):
        again.undo()
        assert again.to_json() == saved
        assert again.prompt.key == key


def test_k03_s12_the_session_reports_the_settings_in_force():
    # a front end reads session.settings: the changes answered at ASK-07 included, while the
    # record keeps the initial ones (the changes replay as answers)
    session = Session(seed=4)
    session.answer("follow=always")
    assert session.settings.follow == "always"
    assert session.initial_settings.follow == "with-favour"
    assert session.to_json()["settings"]["follow"] == "with-favour"
    assert Session.from_json(session.to_json()).settings.follow == "always"


def test_k52_n1_a_lot_holding_his_store_is_not_empty():
    # N1: he builds on an empty lot; a lot where his store stands is refused as an answer
    session = new(favour="engineer")
    play(session, you_visited="engineer", store_lots="B2 3")
    assert session.state.stores[0][0] == "B2"
    play(session, stop="store_lots", you_visited="engineer")
    before = session.to_json()
    with pytest.raises(AnswerError, match="B2 holds Lacerda's store already"):
        session.answer("B2 3, C4 1")
    assert session.to_json() == before

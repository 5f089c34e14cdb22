"""The notation of docs/rules/splendor.md: every action's text, its id and its description.

Records, the CLI and bots all talk in this notation, so a text that parses to the wrong
action (or an id that moves) would silently change replayed games.
"""

from __future__ import annotations

import array
import re
from collections import Counter
from itertools import combinations

import pytest

import eurogames
from eurogames.core.rng import Rng
from eurogames.games.splendor.actions import GOLD_VECTORS, MARKET_SLOTS
from eurogames.games.splendor.data import COLOURS, DATA

from .helpers import GAME, cards, legal_texts, play, position, random_game, snapshot
from .test_rules import STALEMATE

ALL = [GAME.action(i) for i in range(GAME.num_actions)]


def round_trips(state, action) -> None:
    """``str(action)`` names ``action`` when it is legal."""
    assert action in state.legal_actions(), action.text
    assert state.parse_action(str(action)) is action


# -- the fixed action space -----------------------------------------------------------------


def test_ids_run_from_zero_and_are_unique():
    assert [a.id for a in ALL] == list(range(GAME.num_actions))
    assert len({a.text for a in ALL}) == GAME.num_actions
    for a in ALL:
        assert GAME.action(a.id) is a
        assert GAME.action_id(a) == a.id
        assert a.game == "splendor"


def test_action_space_size_follows_the_module_docstring():
    # 25 takes, 5 take-twos, 15 reserves, 15 places x 252 gold allocations, 6 returns,
    # 10 nobles, 1 pass; 252 = the vectors of 5 non-negative counts summing to at most 5
    assert len(GOLD_VECTORS) == 252
    assert GAME.num_actions == 25 + 5 + 15 + 15 * 252 + 6 + 10 + 1


@pytest.mark.parametrize("bad", [-1, GAME.num_actions, True, "3", 2.0])
def test_an_id_outside_the_space_is_refused(bad):
    with pytest.raises(ValueError, match="action ids run from 0"):
        GAME.action(bad)


def test_notation_is_canonical_text():
    for a in ALL:
        assert a.text == " ".join(a.text.split()) == a.text.lower()
        words = a.text.split()
        colours = [w for w in words if w in COLOURS]
        assert colours == sorted(colours, key=COLOURS.index), a.text  # canonical order


# -- round trips ----------------------------------------------------------------------------


def test_every_take_round_trips():
    # three colours on a fresh table; two or one colour when only those are left (D1)
    state = position(2)
    for combo in combinations(COLOURS, 3):
        round_trips(state, state.parse_action("take " + " ".join(combo)))
    for size in (2, 1):
        for combo in combinations(range(5), size):
            missing = [COLOURS[c] for c in range(5) if c not in combo]
            per_seat: list[dict[str, int]] = [{}, {}]
            for i, colour in enumerate(missing):  # spread the 4 of each colour over 2 seats
                per_seat[i % 2][colour] = 4
            state = position(2, tokens={0: per_seat[0], 1: per_seat[1]})
            text = "take " + " ".join(COLOURS[c] for c in combo)
            assert [t for t in legal_texts(state) if t.startswith("take ")] == [text]
            round_trips(state, state.parse_action(text))


def test_every_take2_reserve_and_blind_reserve_round_trips():
    state = position(2)
    for a in ALL:
        if a.kind in ("take2", "reserve", "reserve_deck"):
            round_trips(state, a)


def test_every_return_round_trips():
    state = position(
        2, tokens={0: {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1, "gold": 1}}
    )
    play(state, "take white blue green")
    for colour in (*COLOURS, "gold"):
        round_trips(state, state.parse_action(f"return {colour}"))


@pytest.mark.parametrize("face_up", [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 1, 2)])
def test_every_noble_choice_round_trips(face_up):
    # 4 bonuses of every colour meet every noble; a turn's end then asks which one
    everything = " ".join(c for c in COLOURS for _ in range(4))
    state = position(2, bonuses={0: everything}, nobles=list(face_up))
    play(state, "take white blue green")
    assert sorted(legal_texts(state)) == sorted(f"noble {n}" for n in face_up)
    for n in face_up:
        round_trips(state, state.parse_action(f"noble {n}"))


def test_pass_round_trips():
    state = position(2, **STALEMATE)
    round_trips(state, state.parse_action("pass"))


def _buy_position(place_index: int, gold: tuple[int, ...]):
    """A position where the buy at ``place_index`` paid with ``gold`` is legal, or None.

    Gold can only stand in for what the card still costs, so the card must cost at least
    ``gold[c]`` of each colour; the player holds exactly the rest of the cost in tokens
    (topped up with bonuses to stay within ten tokens).
    """
    level = place_index // 4 + 1 if place_index < MARKET_SLOTS else None
    fits = [
        c for c in cards(level=level) if all(DATA.card_cost[c][i] >= gold[i] for i in range(5))
    ]
    if not fits:
        return None
    card = min(fits, key=lambda c: (sum(DATA.card_cost[c]), c))
    coloured = [DATA.card_cost[card][i] - gold[i] for i in range(5)]
    bonus = [0] * 5
    while sum(coloured) + sum(gold) > 10:
        i = max(range(5), key=lambda i: coloured[i])
        coloured[i] -= 1
        bonus[i] += 1
    tokens = {COLOURS[i]: coloured[i] for i in range(5)} | {"gold": sum(gold)}
    bonuses = {0: {COLOURS[i]: bonus[i] for i in range(5)}}
    if place_index < MARKET_SLOTS:
        return position(
            4,
            market={f"{level}.{place_index % 4 + 1}": card},
            tokens={0: tokens},
            bonuses=bonuses,
        )
    hand = [c for c in (90, 89, 88) if c != card][: place_index - MARKET_SLOTS] + [card]
    return position(4, reserved={0: hand}, tokens={0: tokens}, bonuses=bonuses)


def test_every_possible_buy_round_trips():
    """Each of the 15 x 252 buy actions that some card allows is legal and parses back."""
    reached: Counter[int] = Counter()
    for a in ALL:
        if a.kind != "buy":
            continue
        place_index, gold = a.place, a.gold
        state = _buy_position(place_index, gold)
        if state is None:  # e.g. gold for all five colours: no card costs all five
            continue
        round_trips(state, a)
        reached[place_index] += 1
    # level-1 cards cost at most 4 of a colour and 7 in all; higher levels allow more gold
    assert len(reached) == 15 and min(reached.values()) > 100


def test_actions_met_in_random_games_round_trip():
    for seed in range(12):
        state = GAME.new(2 + seed % 3, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            legal = state.legal_actions()
            for a in legal:
                assert state.parse_action(a.text) is a
                assert GAME.action(a.id) is a
            state.apply(rng.choice(legal))


def test_legal_action_mask_agrees_with_legal_actions():
    for seed in range(6):
        state = GAME.new(2 + seed % 3, seed=seed)
        rng = Rng(seed + 100)
        while not state.is_over():
            mask = state.legal_action_mask()
            assert isinstance(mask, array.array) and mask.typecode == "B"
            assert len(mask) == GAME.num_actions
            legal = sorted(a.id for a in state.legal_actions())
            assert [i for i, bit in enumerate(mask) if bit] == legal
            state.apply(rng.choice(state.legal_actions()))
        assert not any(state.legal_action_mask())


# -- parsing people's text ------------------------------------------------------------------


def test_parse_accepts_an_index_into_the_legal_actions():
    state = position(2)
    legal = state.legal_actions()
    assert state.parse_action("0") is legal[0]
    assert state.parse_action(f" {len(legal) - 1} ") is legal[-1]
    with pytest.raises(eurogames.IllegalActionError, match=f"0 to {len(legal) - 1}"):
        state.parse_action(str(len(legal)))


def test_parse_ignores_case_and_extra_spaces():
    state = position(2)
    assert state.parse_action("  TAKE   White  blue\tGREEN ").text == "take white blue green"
    assert state.parse_action("Reserve Deck 3").text == "reserve deck 3"


def test_buy_without_gold_clause_pays_without_gold_when_possible():
    state = position(
        3, market={"2.1": 59}, tokens={0: {"blue": 3, "red": 2, "black": 3, "gold": 2}}
    )
    assert state.parse_action("buy 2.1").text == "buy 2.1"


def test_buy_without_gold_clause_picks_the_least_gold_payment():
    # 59 owes 3 blue, 2 red, 3 black; one black short, 2 gold: 4 payments are legal
    state = position(
        3, market={"2.1": 59}, tokens={0: {"blue": 3, "red": 2, "black": 2, "gold": 2}}
    )
    options = {t for t in legal_texts(state) if t.startswith("buy 2.1")}
    assert options == {
        "buy 2.1 gold black", "buy 2.1 gold black black",
        "buy 2.1 gold blue black", "buy 2.1 gold red black",
    }
    assert state.parse_action("buy 2.1").text == "buy 2.1 gold black"
    assert state.parse_action("BUY  2.1").text == "buy 2.1 gold black"


def test_buy_reserved_without_gold_clause_picks_the_least_gold_payment():
    state = position(
        2, reserved={0: [60]}, tokens={0: {"white": 2, "red": 2, "black": 1, "gold": 3}}
    )
    # 60 costs 2 white, 2 red, 3 black: two black short
    assert state.parse_action("buy reserved 1").text == "buy reserved 1 gold black black"


@pytest.mark.parametrize("text", ["fly to the moon", "", "take purple", "buy 9.9", "reserve"])
def test_garbage_is_refused_with_legal_examples(text):
    state = position(2)
    before = snapshot(state)
    with pytest.raises(eurogames.IllegalActionError) as info:
        state.parse_action(text)
    message = str(info.value)
    assert "legal actions include: take white blue green" in message
    assert snapshot(state) == before


def test_unknown_verb_lists_the_verbs():
    with pytest.raises(eurogames.IllegalActionError, match="actions start with one of: take"):
        position(2).parse_action("steal red")


def test_a_known_action_refused_now_says_why():
    state = position(2, tokens={1: "red"})
    with pytest.raises(eurogames.IllegalActionError, match="at least 4 red"):
        state.parse_action("take2 red")


def test_parse_wants_text():
    with pytest.raises(eurogames.IllegalActionError, match="text"):
        position(2).parse_action(3)  # type: ignore[arg-type]


# -- describe -------------------------------------------------------------------------------

# characters that exist only in one script (for the words the descriptions use)
TRADITIONAL_ONLY = set("寶標記黃貴塊個顏從庫張並給點費購買將過沒進動發獎勵聲數鑽藍紅縞瑪級應")
SIMPLIFIED_ONLY = set("宝标记黄贵块个颜从库张并给点费购买将过没进动发奖励声数钻蓝红缟玛级应")


def _one_of_each_kind():
    """(state, action) pairs covering every kind of action, each legal in its state."""
    pairs = []
    # with 2 red bonuses, 59 owes 3 blue + 3 black and the reserved 60 owes 2 white + 3 black
    state = position(2, market={"2.1": 59}, reserved={0: [60]}, bonuses={0: "red red"},
                     tokens={0: {"white": 2, "blue": 3, "black": 3, "gold": 1}})
    for text in ("take white blue green", "take2 red", "reserve 2.1", "reserve deck 3",
                 "buy 2.1", "buy 2.1 gold black", "buy reserved 1 gold black"):
        pairs.append((state, state.parse_action(text)))
    state = position(
        2, tokens={0: {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1, "gold": 1}}
    )
    play(state, "take white blue green")
    pairs.append((state, state.parse_action("return gold")))
    pairs.append((state, state.parse_action("return red")))
    everything = " ".join(c for c in COLOURS for _ in range(4))
    state = position(2, bonuses={0: everything}, nobles=[1, 6, 9])
    play(state, "take white blue green")
    pairs.append((state, state.parse_action("noble 6")))
    state = position(2, **STALEMATE)
    pairs.append((state, state.parse_action("pass")))
    assert {a.kind for _, a in pairs} == {
        "take", "take2", "reserve", "reserve_deck", "buy", "return", "noble", "pass",
    }
    return pairs


PAIRS = _one_of_each_kind()


@pytest.mark.parametrize(("state", "action"), PAIRS, ids=[a.text for _, a in PAIRS])
def test_describe_in_english(state, action):
    text = state.describe(action)
    assert text == state.describe(action, "en")
    assert text.isascii() and text[0].isupper() and text.endswith(".")


@pytest.mark.parametrize(("state", "action"), PAIRS, ids=[a.text for _, a in PAIRS])
def test_describe_in_traditional_chinese_uses_the_seeds_terms(state, action):
    text = state.describe(action, "zh-Hant")
    assert not SIMPLIFIED_ONLY & set(text), text
    expected = {
        "take": ["寶石標記"], "take2": ["寶石標記", "紅寶石"], "reserve": ["保留", "黃金"],
        "reserve_deck": ["保留", "黃金", "牌庫"], "buy": ["購買", "發展卡牌"],
        "return": ["標記", "供應堆"], "noble": ["貴族板塊"], "pass": [],
    }[action.kind]
    for term in expected:
        assert term in text, (term, text)


@pytest.mark.parametrize(("state", "action"), PAIRS, ids=[a.text for _, a in PAIRS])
def test_describe_in_simplified_chinese_uses_simplified_forms(state, action):
    text = state.describe(action, "zh-Hans")
    assert not TRADITIONAL_ONLY & set(text), text
    expected = {
        "take": ["宝石标记"], "take2": ["宝石标记", "红宝石"], "reserve": ["保留", "黄金"],
        "reserve_deck": ["保留", "黄金", "牌库"], "buy": ["购买", "发展卡牌"],
        "return": ["标记", "供应堆"], "noble": ["贵族板块"], "pass": [],
    }[action.kind]
    for term in expected:
        assert term in text, (term, text)


def test_descriptions_name_the_colours_in_each_language():
    state, action = PAIRS[0]  # take white blue green
    assert "white, blue, green" in state.describe(action, "en")
    assert "鑽石、藍寶石、翡翠" in state.describe(action, "zh-Hant")
    assert "钻石、蓝宝石、翡翠" in state.describe(action, "zh-Hans")


def test_describe_a_buy_says_what_is_paid():
    state, action = PAIRS[5]  # buy 2.1 gold black: 59 owes 3 blue and 3 black here
    assert action.text == "buy 2.1 gold black"
    assert "3 blue, 2 black, 1 gold" in state.describe(action, "en")


# the Terms table of docs/rules/splendor.md
TOKEN_TERMS = {
    "en": ("white", "blue", "green", "red", "black", "gold"),
    "zh-Hant": ("鑽石", "藍寶石", "翡翠", "紅寶石", "縞瑪瑙", "黃金"),
    "zh-Hans": ("钻石", "蓝宝石", "翡翠", "红宝石", "缟玛瑙", "黄金"),
}


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_returns_name_the_token_in_the_rulebooks_terms(lang):
    state = position(
        2, tokens={0: {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1, "gold": 1}}
    )
    play(state, "take white blue green")
    for colour, term in zip((*COLOURS, "gold"), TOKEN_TERMS[lang], strict=True):
        assert term in state.describe(state.parse_action(f"return {colour}"), lang)


@pytest.mark.parametrize("lang", ["fr", "zh", "EN", ""])
def test_unknown_language_is_refused(lang):
    state, action = PAIRS[0]
    with pytest.raises(ValueError, match="unknown language"):
        state.describe(action, lang)
    with pytest.raises(ValueError, match="unknown language"):
        GAME.title(lang)


def test_every_legal_action_of_random_games_can_be_described():
    for seed in range(4):
        state = random_game(2 + seed % 3, seed, stop_at=60)
        for action in state.legal_actions():
            for lang in ("en", "zh-Hant", "zh-Hans"):
                assert state.describe(action, lang)


def test_place_names_in_notation_are_level_dot_slot():
    texts = [a.text for a in ALL if a.kind == "reserve"]
    assert texts == [f"reserve {lv}.{sl}" for lv in (1, 2, 3) for sl in (1, 2, 3, 4)]
    assert all(re.fullmatch(r"buy (\d\.\d|reserved [123])( gold( [a-z]+)+)?", a.text)
               for a in ALL if a.kind == "buy")

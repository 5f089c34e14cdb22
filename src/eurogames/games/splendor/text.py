"""Splendor in words: action descriptions in en / zh-Hant / zh-Hans and the reasons an
action is refused (what a seat may see is in ``view.py``). The Chinese terms are the seed
rulebook's (璀璨寶石)."""

from __future__ import annotations

from typing import Any

from eurogames.core.action import Action
from eurogames.core.game import check_lang
from eurogames.games.splendor.actions import (
    BUY,
    MARKET_SLOTS,
    NOBLE,
    PASS,
    RESERVE,
    RESERVE_DECK,
    RETURN,
    TAKE,
    TAKE2,
    place_text,
)
from eurogames.games.splendor.data import COLOURS, DATA, GOLD, TOKENS

TITLES = {"en": "Splendor", "zh-Hant": "璀璨寶石", "zh-Hans": "璀璨宝石"}

TOKEN_NAMES = {
    "en": ("white", "blue", "green", "red", "black", "gold"),
    "zh-Hant": ("鑽石", "藍寶石", "翡翠", "紅寶石", "縞瑪瑙", "黃金"),
    "zh-Hans": ("钻石", "蓝宝石", "翡翠", "红宝石", "缟玛瑙", "黄金"),
}

TERMS = {
    "en": {
        "card": "development card", "noble": "noble", "points": "prestige points",
        "level": "level", "supply": "supply", "reserved": "reserved", "bonus": "bonus",
        "deck": "deck", "market": "market", "tokens": "tokens", "hidden": "face-down card",
    },
    "zh-Hant": {
        "card": "發展卡牌", "noble": "貴族板塊", "points": "聲望點數", "level": "等級",
        "supply": "供應堆", "reserved": "保留的卡牌", "bonus": "獎勵", "deck": "牌庫",
        "market": "桌面中央", "tokens": "標記", "hidden": "背面朝上的卡牌",
    },
    "zh-Hans": {
        "card": "发展卡牌", "noble": "贵族板块", "points": "声望点数", "level": "等级",
        "supply": "供应堆", "reserved": "保留的卡牌", "bonus": "奖励", "deck": "牌库",
        "market": "桌面中央", "tokens": "标记", "hidden": "背面朝上的卡牌",
    },
}


def _tokens(colours: list[int] | tuple[int, ...], lang: str) -> str:
    names = TOKEN_NAMES[lang]
    if lang == "en":
        return ", ".join(names[c] for c in colours)
    return "、".join(names[c] for c in colours)


def _count_tokens(vector: tuple[int, ...] | list[int], lang: str) -> str:
    names = TOKEN_NAMES[lang]
    unit = {"en": " ", "zh-Hant": "個", "zh-Hans": "个"}[lang]
    parts = [f"{n}{unit}{names[c]}" for c, n in enumerate(vector) if n]
    if not parts:
        return "nothing" if lang == "en" else ("無" if lang == "zh-Hant" else "无")
    return ", ".join(parts) if lang == "en" else "、".join(parts)


def card_words(card: int, lang: str) -> str:
    names = TOKEN_NAMES[lang]
    level, bonus, points = DATA.card_level[card], DATA.card_bonus[card], DATA.card_points[card]
    cost = _count_tokens(DATA.card_cost[card], lang)
    if lang == "en":
        return (f"the level-{level} {names[bonus]} card "
                f"({points} point{'' if points == 1 else 's'}, cost {cost})")
    t = TERMS[lang]
    if lang == "zh-Hant":
        return f"{t['level']}{level}的{names[bonus]}{t['card']}（{points}點，費用{cost}）"
    return f"{t['level']}{level}的{names[bonus]}{t['card']}（{points}点，费用{cost}）"


def _card_at(state: Any, place: int) -> int:
    if place < MARKET_SLOTS:
        return state.market[place]
    hand = state.reserved[state.current]
    i = place - MARKET_SLOTS
    return hand[i] if i < len(hand) else 0


def _paid(state: Any, card: int, gold: tuple[int, ...]) -> list[int]:
    bonuses = state.bonuses[state.current]
    cost = DATA.card_cost[card]
    paid = [max(0, cost[c] - bonuses[c]) - gold[c] for c in range(5)]
    return [*paid, sum(gold)]


def describe(state: Any, action: Action, lang: str = "en") -> str:
    """A sentence saying what ``action`` does in ``state`` (call before applying it)."""
    check_lang(lang)
    if not isinstance(action, Action) or action.game != "splendor":
        raise ValueError(f"{action!r} is not a Splendor action")
    names = TOKEN_NAMES[lang]
    t = TERMS[lang]
    kind = action.kind
    en, hant = lang == "en", lang == "zh-Hant"
    if kind == TAKE:
        n = len(action.colours)
        if en:
            plural = "s" if n > 1 else ""
            return f"Take {n} different gem token{plural}: {_tokens(action.colours, lang)}."
        return f"拿取{n}個不同顏色的寶石標記：{_tokens(action.colours, lang)}。" if hant else \
            f"拿取{n}个不同颜色的宝石标记：{_tokens(action.colours, lang)}。"
    if kind == TAKE2:
        if en:
            return f"Take 2 {names[action.colour]} tokens."
        return f"拿取2個相同顏色的寶石標記：{names[action.colour]}。" if hant else \
            f"拿取2个相同颜色的宝石标记：{names[action.colour]}。"
    if kind == RESERVE:
        card = state.market[action.place]
        what = card_words(card, lang) if card else place_text(action.place)
        if en:
            return f"Reserve {what} from the market and take a gold token."
        return f"保留{what}並拿取1個黃金標記。" if hant else f"保留{what}并拿取1个黄金标记。"
    if kind == RESERVE_DECK:
        if en:
            return (f"Reserve the top card of the level-{action.level} deck, unseen by the others, "
                    "and take a gold token.")
        return f"從等級{action.level}牌庫頂保留1張卡牌（不展示給其他玩家）並拿取1個黃金標記。" \
            if hant else \
            f"从等级{action.level}牌库顶保留1张卡牌（不展示给其他玩家）并拿取1个黄金标记。"
    if kind == BUY:
        place, gold = action.place, action.gold
        card = _card_at(state, place)
        if not card:
            return f"Buy the card at {place_text(place)}." if en else \
                f"{'購買' if hant else '购买'}{place_text(place)}。"
        paid = _count_tokens(_paid(state, card, gold), lang)
        source = ("from the market" if place < MARKET_SLOTS else "from your reserve") if en else \
            ("（桌面中央）" if place < MARKET_SLOTS else ("（保留的卡牌）"))
        if en:
            return f"Buy {card_words(card, lang)} {source}, paying {paid}."
        return f"購買{card_words(card, lang)}{source}，支付{paid}。" if hant else \
            f"购买{card_words(card, lang)}{source}，支付{paid}。"
    if kind == RETURN:
        if en:
            return f"Return a {names[action.token]} token to the supply (token limit 10)."
        return f"將1個{names[action.token]}標記放回供應堆（標記上限10個）。" if hant else \
            f"将1个{names[action.token]}标记放回供应堆（标记上限10个）。"
    if kind == NOBLE:
        req = _count_tokens(DATA.noble_requires[action.noble], lang)
        if en:
            return f"Take noble {action.noble} (requires {req} bonuses, 3 prestige points)."
        return f"拿取{t['noble']}{action.noble}（需要{req}獎勵，3點聲望點數）。" if hant else \
            f"拿取{t['noble']}{action.noble}（需要{req}奖励，3点声望点数）。"
    if kind == PASS:
        if en:
            return "Pass: no action is possible."
        return "跳過：沒有可以進行的行動。" if hant else "跳过：没有可以进行的行动。"
    raise ValueError(f"unknown Splendor action {action}")


def why_illegal(state: Any, action: Action) -> str:
    """The rule that refuses ``action`` now, with the numbers of this position."""
    from eurogames.games.splendor.rules import (
        CHOOSING_NOBLE,
        RESERVE_LIMIT,
        RETURNING,
        TAKE_TWO_MINIMUM,
        TOKEN_LIMIT,
    )

    p = state.current
    kind = action.kind
    if state.phase == RETURNING and kind != RETURN:
        return f"you hold more than {TOKEN_LIMIT} tokens and must first return one (R18)"
    if state.phase == CHOOSING_NOBLE and kind != NOBLE:
        return "several nobles visit you: choose one first (R19)"
    if kind == RETURN:
        if state.phase != RETURNING:
            return f"tokens are returned only when you hold more than {TOKEN_LIMIT} (R18)"
        return f"you hold no {TOKENS[action.token]} token"
    if kind == NOBLE:
        visiting = sorted(a.noble for a in state.legal_actions() if a.kind == NOBLE)
        if not visiting:
            return "a noble is chosen only when several visit you at once (R19)"
        return (f"noble {action.noble} does not visit you: choose "
                f"{' or '.join(f'noble {n}' for n in visiting)} (R19)")
    if kind == PASS:
        return "passing is allowed only when no other action is (D6)"
    if kind == TAKE:
        available = [c for c in range(5) if state.supply[c]]
        missing = [COLOURS[c] for c in action.colours if not state.supply[c]]
        if missing:
            return f"the supply has no {missing[0]} token"
        return (f"take {min(3, len(available))} different colours while {len(available)} "
                "are in the supply (R8, D1)")
    if kind == TAKE2:
        return (f"taking two needs at least {TAKE_TWO_MINIMUM} {COLOURS[action.colour]} tokens in "
                f"the pile; it has {state.supply[action.colour]} (R9)")
    if kind in (RESERVE, RESERVE_DECK):
        if len(state.reserved[p]) >= RESERVE_LIMIT:
            return f"you already hold {RESERVE_LIMIT} reserved cards (R11)"
        if kind == RESERVE:
            return (f"there is no card at {place_text(action.place)}: the level-"
                    f"{action.place // 4 + 1} deck is empty (D13)")
        return f"the level-{action.level} deck is empty (D12)"
    if kind == BUY:
        return _buy_problem(state, action.place, action.gold)
    return "it is not among the legal actions"


def _buy_problem(state: Any, place: int, gold: tuple[int, ...]) -> str:
    """Why buying the card at ``place`` with ``gold`` standing in is refused (R12, R13, D3):
    the colours short, or the gold that does not fit the price."""
    p = state.current
    card = _card_at(state, place)
    if not card:
        if place >= MARKET_SLOTS:
            held = len(state.reserved[p])
            return (f"you hold {held} reserved card{'' if held == 1 else 's'}"
                    if held else "you hold no reserved card")
        return f"there is no card at {place_text(place)}"
    tokens, bonuses = state.tokens[p], state.bonuses[p]
    cost = DATA.card_cost[card]
    need = [max(0, cost[c] - bonuses[c]) for c in range(5)]
    short = [max(0, need[c] - tokens[c]) for c in range(5)]
    what = f"{place_text(place)} costs {_count_tokens(cost, 'en')}"
    if sum(short) > tokens[GOLD]:
        bonus = ", after your bonuses" if any(bonuses[:5]) else ""
        lacking = sum(short) - tokens[GOLD]
        gold = f"your {tokens[GOLD]} gold" if tokens[GOLD] else "no gold"
        return (f"you cannot afford it: {what}{bonus}; your tokens lack "
                f"{_count_tokens(short, 'en')}, and with {gold} to stand in you are "
                f"{lacking} token{'' if lacking == 1 else 's'} short (R12, R13)")
    if sum(gold) > tokens[GOLD]:
        return f"you name {sum(gold)} gold and hold {tokens[GOLD]}"
    for c in range(5):
        if gold[c] > need[c]:
            after = " after your bonuses" if bonuses[c] else ""
            return (f"{what}: it asks {need[c]} {COLOURS[c]}{after}, so gold cannot stand in "
                    f"for {gold[c]} (D3)")
    for c in range(5):
        if gold[c] < short[c]:
            return (f"{what}: you hold {tokens[c]} {COLOURS[c]} of the {need[c]} it asks, so "
                    f"gold must stand in for {short[c]} (write buy {place_text(place)}"
                    f"{_gold_words(short)} or just buy {place_text(place)}; D3)")
    return "that gold allocation does not pay this card exactly (D3)"


def _gold_words(gold: list[int]) -> str:
    words = [COLOURS[c] for c in range(5) for _ in range(gold[c])]
    return " gold " + " ".join(words) if words else ""


VERBS = ("take", "take2", "reserve", "buy", "return", "noble", "pass")
EXAMPLES = ("take white blue green, take2 red, reserve 2.3, reserve deck 3, buy 1.4, "
            "buy reserved 1, return red, noble 4")


def parse_problem(state: Any, text: str) -> str:
    """For text that names no legal action: a known action refused now, the mistake in a
    well-formed one (a colour named twice, a slot off the market), or unknown words."""
    from eurogames.games.splendor.actions import BY_TEXT

    action = BY_TEXT.get(text)
    if action is not None:
        return why_illegal(state, action)
    words = text.split()
    if not words or words[0] not in VERBS:
        return f"unknown action; actions start with one of: {', '.join(VERBS)}"
    verb, rest = words[0], words[1:]
    problem = ""
    if verb == "take":
        problem = _take_problem(state, rest)
    elif verb == "take2":
        problem = _colour_problem(rest[0]) if len(rest) == 1 else (
            "take2 names one colour: take2 red (R9)")
    elif verb == "reserve":
        problem = _reserve_problem(rest)
    elif verb == "buy":
        problem = _buy_words_problem(state, rest)
    elif verb == "return":
        problem = _colour_problem(rest[0], gold=True) if len(rest) == 1 else (
            "return names one token: return red")
    elif verb == "noble" and len(rest) == 1:
        problem = "nobles are numbered 1 to 10, as the board shows them"
    return problem or f"not understood; examples: {EXAMPLES}"


def _colour_problem(word: str, gold: bool = False) -> str:
    """Why ``word`` does not name a token that can be taken (or returned, ``gold``)."""
    if word == "gold" and not gold:
        return "gold tokens are not taken: reserving a card gives one (R10)"
    if word in COLOURS or (gold and word == "gold"):
        return ""
    names = ", ".join(COLOURS) + (" or gold" if gold else "")
    return f"{word!r} is not a gem colour: write {names}"


def _take_problem(state: Any, colours: list[str]) -> str:
    """``take`` with these colour words: the rule (R8) or the spelling they break."""
    from eurogames.games.splendor.actions import BY_TEXT

    for word in colours:
        problem = _colour_problem(word)
        if problem:
            return problem
    if not colours:
        return "name the colours: take white blue green (R8)"
    if len(colours) == 2 and colours[0] == colours[1]:
        return f"to take two of one colour write `take2 {colours[0]}` (R9)"
    twice = [c for c in COLOURS if colours.count(c) > 1]
    if twice:
        return f"the three tokens are of different colours: {twice[0]} is named twice (R8)"
    if len(colours) > 3:
        return f"take at most 3 tokens, of 3 different colours, not {len(colours)} (R8)"
    ordered = " ".join(c for c in COLOURS if c in colours)
    action = BY_TEXT.get(f"take {ordered}")
    if action is None:
        return ""
    if action in state.legal_actions():
        return f"write the colours in the order {', '.join(COLOURS)}: take {ordered}"
    return why_illegal(state, action)


def _place(words: list[str]) -> int | None | str:
    """The place ``1.4`` or ``reserved 2`` names, or why it names none."""
    if len(words) == 2 and words[0] == "reserved":
        if words[1] in ("1", "2", "3"):
            return MARKET_SLOTS + int(words[1]) - 1
        return "reserved cards are numbered 1 to 3, in the order they were reserved (D16)"
    if len(words) == 1:
        level, dot, slot = words[0].partition(".")
        if dot and level.isdigit() and slot.isdigit():
            if 1 <= int(level) <= 3 and 1 <= int(slot) <= 4:
                return (int(level) - 1) * 4 + int(slot) - 1
            return (f"there is no place {words[0]}: the market has levels 1 to 3 and slots "
                    "1 to 4 (level.slot, as 2.3)")
    return None


def _reserve_problem(words: list[str]) -> str:
    if words and words[0] == "deck":
        return "decks are levels 1 to 3: reserve deck 3"
    place = _place(words)
    if isinstance(place, str):
        return place
    return "reserve a market card (reserve 2.3) or a deck's top card (reserve deck 3)"


def _buy_words_problem(state: Any, words: list[str]) -> str:
    """``buy`` with a place and perhaps ``gold`` and colours: what is wrong with them."""
    split = words.index("gold") if "gold" in words else len(words)
    place = _place(words[:split])
    if isinstance(place, str):
        return place
    if place is None:
        return "buy names a place: buy 1.4 or buy reserved 2, then gold and its colours"
    stand_in = words[split + 1:]
    for word in stand_in:
        if word not in COLOURS:
            return (f"after gold come the colours it stands in for, of white blue green red "
                    f"black, not {word!r}")
    if split < len(words) and not stand_in:
        return "after gold come the colours it stands in for: buy 1.4 gold red"
    gold = [stand_in.count(c) for c in COLOURS]
    if sum(gold) > 5:
        return "there are only 5 gold tokens"
    return _buy_problem(state, place, tuple(gold))


# the third person of every verb that opens (or follows "and" in) an option's words above
THIRD_PERSON = {
    "Take": "takes", "Reserve": "reserves", "Buy": "buys", "Return": "returns", "Pass": "passes",
}

PART_LABELS = {  # R21: prestige points come from cards and nobles
    "cards": {"en": "Development cards", "zh-Hant": "發展卡牌", "zh-Hans": "发展卡牌"},
    "nobles": {"en": "Nobles", "zh-Hant": "貴族板塊", "zh-Hans": "贵族板块"},
}


def describe_event(
    state: Any, event: Any, lang: str, viewer: int | None, names: Any
) -> str:
    """Splendor's events in words: a market refill (R16, D13), a noble's visit (R19/R20) and
    the start of the final round (R22)."""
    data = event.data
    en, hant = lang == "en", lang == "zh-Hant"
    if event.kind == "refill":
        card, place, level = data["card"], data["place"], data["level"]
        if card:
            if en:
                return f"A card turns up in the market at {place}: {card_words(card, lang)}."
            return f"桌面中央{place}翻開新卡牌：{card_words(card, lang)}。" if hant else \
                f"桌面中央{place}翻开新卡牌：{card_words(card, lang)}。"
        if en:
            return f"The level-{level} deck is empty: {place} stays empty."
        return f"等級{level}牌庫已空：{place}保持空位。" if hant else \
            f"等级{level}牌库已空：{place}保持空位。"
    if event.kind == "noble":
        who = state.subject(data["seat"], lang, viewer, names)
        noble, points = data["noble"], data["points"]
        if en:
            return f"Noble {noble} visits {who} ({points} prestige points)."
        return f"貴族板塊{noble}拜訪{who}（{points}點聲望點數）。" if hant else \
            f"贵族板块{noble}拜访{who}（{points}点声望点数）。"
    if event.kind == "final_round":
        who = state.subject(data["seat"], lang, viewer, names)
        points = data["points"]
        if en:
            verb = "reach" if data["seat"] == viewer else "reaches"
            return (f"{who[0].upper()}{who[1:]} {verb} {points} prestige points: the round is "
                    "played to its end, then the game is over.")
        return f"{who}達到{points}點聲望點數：本輪結束後遊戲結束。" if hant else \
            f"{who}达到{points}点声望点数：本轮结束后游戏结束。"
    raise ValueError(f"splendor has no event {event.kind!r}")

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
    """The rule that refuses ``action`` now."""
    from eurogames.games.splendor.rules import (
        CHOOSING_NOBLE,
        RESERVE_LIMIT,
        RETURNING,
        TAKE_TWO_MINIMUM,
        TOKEN_LIMIT,
        payments,
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
        return "no noble choice is pending, or that noble does not visit you (R19)"
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
            return f"there is no card at {place_text(action.place)} (D13)"
        return f"the level-{action.level} deck is empty (D12)"
    if kind == BUY:
        place, gold = action.place, action.gold
        card = _card_at(state, place)
        if not card:
            return f"there is no card at {place_text(place)}"
        options = payments(DATA.card_cost[card], state.tokens[p], state.bonuses[p])
        if not options:
            return "you cannot afford it, even with your gold (R12, R13)"
        if sum(gold) > state.tokens[p][GOLD]:
            return f"you have only {state.tokens[p][GOLD]} gold"
        return "that gold allocation does not pay this card exactly (D3)"
    return "it is not among the legal actions"


def parse_problem(state: Any, text: str) -> str:
    """For text that names no legal action: a known action refused now, or unknown words."""
    from eurogames.games.splendor.actions import BY_TEXT

    action = BY_TEXT.get(text)
    if action is not None:
        return why_illegal(state, action)
    words = text.split()
    verbs = ("take", "take2", "reserve", "buy", "return", "noble", "pass")
    if not words or words[0] not in verbs:
        return f"unknown action; actions start with one of: {', '.join(verbs)}"
    return ("not understood; examples: take white blue green, take2 red, reserve 2.3, "
            "reserve deck 3, buy 1.4, buy reserved 1, return red, noble 4")


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

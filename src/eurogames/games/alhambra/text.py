"""Alhambra in words: action descriptions in en / zh-Hant / zh-Hans and the reasons an
action is refused (what a seat may see is in ``view.py``). The Chinese terms are the seed
rulebook's (阿爾罕布拉宮)."""

from __future__ import annotations

from typing import Any

from eurogames.core.action import Action
from eurogames.core.game import check_lang, name_list
from eurogames.games.alhambra.actions import (
    BUY,
    BY_TEXT,
    CONFIRM,
    CURRENCIES,
    DIRK,
    PASS,
    PAY,
    PLACE,
    PURCHASE,
    RESERVE,
    SWAP,
    TAKE,
    card_currency,
    card_text,
    card_value,
    cell_text,
)
from eurogames.games.alhambra.data import TILE_PRICE, TILE_TYPE, TILE_WALLS
from eurogames.games.alhambra.view import SIDE_NAMES

TITLES = {"en": "Alhambra", "zh-Hant": "阿爾罕布拉宮", "zh-Hans": "阿尔罕布拉宫"}

TYPE_NAMES = {
    "en": ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower"),
    "zh-Hant": ("亭臺", "宅邸", "樓閣", "宮室", "園林", "塔樓"),
    "zh-Hans": ("亭台", "宅邸", "楼阁", "宫室", "园林", "塔楼"),
}
CURRENCY_NAMES = {
    "en": CURRENCIES,
    "zh-Hant": ("黃", "綠", "藍", "橘"),
    "zh-Hans": ("黄", "绿", "蓝", "橘"),
}

TERMS = {
    "en": {"tile": "building tile", "reserve": "reserve", "alhambra": "Alhambra", "dirk": "Dirk"},
    "zh-Hant": {"tile": "建築板塊", "reserve": "建築庫存圖板", "alhambra": "城堡", "dirk": "德克"},
    "zh-Hans": {"tile": "建筑板块", "reserve": "建筑库存图板", "alhambra": "城堡", "dirk": "德克"},
}



def tile_words(tile: int, lang: str) -> str:
    name = TYPE_NAMES[lang][TILE_TYPE[tile]]
    price = TILE_PRICE[tile]
    if lang == "en":
        return f"{name} {tile} (price {price})"
    return f"{name}{tile}（價格{price}）" if lang == "zh-Hant" else f"{name}{tile}（价格{price}）"


def cards_words(cards: tuple[int, ...], lang: str) -> str:
    names = CURRENCY_NAMES[lang]
    if lang == "en":
        return ", ".join(f"{names[card_currency(c)]} {card_value(c)}" for c in cards)
    return "、".join(f"{names[card_currency(c)]}{card_value(c)}" for c in cards)


def describe(state: Any, action: Action, lang: str = "en") -> str:
    """A sentence saying what ``action`` does in ``state`` (call before applying it)."""
    from eurogames.games.alhambra.rules import ACTION, ENDING

    check_lang(lang)
    if not isinstance(action, Action) or action.game != "alhambra":
        raise ValueError(f"{action!r} is not an Alhambra action")
    en, hant = lang == "en", lang == "zh-Hant"
    t = TERMS[lang]
    kind = action.kind
    placing = state.phase != ACTION
    handed_out = state.phase == ENDING  # the market's last tiles, handed out at the end (F2)
    if kind == TAKE:
        words = cards_words(action.cards, lang)
        if en:
            return f"Take money: {words}."
        return f"拿取錢幣：{words}。" if hant else f"拿取钱币：{words}。"
    if kind == BUY:  # a minimal payment in one decision (A10)
        slot, values = action.slot, action.values
        tile = state.market[slot]
        what = (
            tile_words(tile, lang) if tile else (f"slot {slot + 1}" if en else f"{slot + 1}號位置")
        )
        cur = CURRENCY_NAMES[lang][slot]
        paid = ", ".join(map(str, values)) if en else "、".join(map(str, values))
        exact = bool(tile) and sum(values) == TILE_PRICE[tile]
        if en:
            extra = " — exact, so you may take another action" if exact else ""
            return f"Buy {what} from market slot {slot + 1}, paying {cur} {paid}{extra}."
        if hant:
            extra = "，剛好等於價格，可再額外進行一次行動" if exact else ""
            return f"購買建築：{slot + 1}號位置的{what}，支付{cur}色錢幣{paid}{extra}。"
        extra = "，刚好等于价格，可再额外进行一次行动" if exact else ""
        return f"购买建筑：{slot + 1}号位置的{what}，支付{cur}色钱币{paid}{extra}。"
    if kind == PURCHASE:  # any sufficient payment, overpaying too, card by card (M7)
        slot = action.slot
        tile = state.market[slot]
        what = (
            tile_words(tile, lang) if tile else (f"slot {slot + 1}" if en else f"{slot + 1}號位置")
        )
        cur = CURRENCY_NAMES[lang][slot]
        if en:
            return (f"Buy {what} from market slot {slot + 1}, choosing the {cur} cards to pay "
                    "with one by one (overpaying is allowed).")
        if hant:
            return (f"購買建築：{slot + 1}號位置的{what}，接著逐張選擇要支付的{cur}色錢幣卡"
                    "（可超過價格，無法進行找錢動作）。")
        return (f"购买建筑：{slot + 1}号位置的{what}，接着逐张选择要支付的{cur}色钱币卡"
                "（可超过价格，无法进行找钱动作）。")
    if kind == PAY:
        total, price = _purchase_total(state), _purchase_price(state)
        total += card_value(action.card)
        card = cards_words((action.card,), lang)
        if en:
            return f"Add {card} to the payment (total {total}, price {price})."
        if hant:
            return f"支付錢幣卡{card}（已選總面額{total}，價格{price}）。"
        return f"支付钱币卡{card}（已选总面额{total}，价格{price}）。"
    if kind == CONFIRM:
        total, price = _purchase_total(state), _purchase_price(state)
        slot, cards = state.purchase if state.purchase else (0, ())
        tile = state.market[slot]
        what = tile_words(tile, lang) if tile else ""
        paid = cards_words(cards, lang)
        if en:
            extra = (" — exact, so you may take another action" if total == price
                     else f" — {total - price} over the price, and no change is given")
            return f"Pay {paid} (total {total}) for {what}{extra}."
        if hant:
            extra = ("，剛好等於價格，可再額外進行一次行動" if total == price
                     else f"，超過價格{total - price}，無法進行找錢動作")
            return f"確認支付：以{paid}（總面額{total}）購買{what}{extra}。"
        extra = ("，刚好等于价格，可再额外进行一次行动" if total == price
                 else f"，超过价格{total - price}，无法进行找钱动作")
        return f"确认支付：以{paid}（总面额{total}）购买{what}{extra}。"
    if kind == PLACE:
        tile, cell = action.tile, action.cell
        where = cell_text(cell)
        if handed_out:
            return {"en": f"Place the tile handed to you at the end, {tile_words(tile, lang)}, "
                          f"in your Alhambra at {where}.",
                    "zh-Hant": f"將終局分得的{tile_words(tile, lang)}擺放在城堡的{where}位置。",
                    "zh-Hans": f"将终局分得的{tile_words(tile, lang)}摆放在城堡的{where}位置。",
                    }[lang]
        if en:
            source = "the bought tile" if placing else "from your reserve:"
            return f"Place {source} {tile_words(tile, lang)} in your Alhambra at {where}."
        if hant:
            source = "" if placing else "從建築庫存圖板"
            return f"{source}將{tile_words(tile, lang)}擺放在城堡的{where}位置。"
        source = "" if placing else "从建筑库存图板"
        return f"{source}将{tile_words(tile, lang)}摆放在城堡的{where}位置。"
    if kind == RESERVE:
        tile = action.tile
        if handed_out:
            return {"en": f"Put the tile handed to you at the end, {tile_words(tile, lang)}, "
                          "on your reserve.",
                    "zh-Hant": f"將終局分得的{tile_words(tile, lang)}放置於{t['reserve']}上。",
                    "zh-Hans": f"将终局分得的{tile_words(tile, lang)}放置于{t['reserve']}上。",
                    }[lang]
        if en:
            source = "the bought tile" if placing else "from your Alhambra:"
            return f"Put {source} {tile_words(tile, lang)} on your reserve."
        if hant:
            source = "" if placing else "從城堡中"
            return f"{source}將{tile_words(tile, lang)}放置於{t['reserve']}上。"
        source = "" if placing else "从城堡中"
        return f"{source}将{tile_words(tile, lang)}放置于{t['reserve']}上。"
    if kind == SWAP:
        new, old = action.new, action.old
        if en:
            return (f"Swap {tile_words(new, lang)} from your reserve with "
                    f"{tile_words(old, lang)} in your Alhambra.")
        if hant:
            return (f"改建城堡：以建築庫存圖板上的{tile_words(new, lang)}"
                    f"交換城堡內的{tile_words(old, lang)}。")
        return (f"改建城堡：以建筑库存图板上的{tile_words(new, lang)}"
                f"交换城堡内的{tile_words(old, lang)}。")
    if kind == DIRK:
        tile = action.tile
        if en:
            return f"Give {tile_words(tile, lang)} to Dirk."
        words = tile_words(tile, lang)
        return f"將{words}交給德克。" if hant else f"将{words}交给德克。"
    if kind == PASS:
        if en:
            return "Pass: end your actions and go on to placing your tiles."
        return "跳過：結束行動。" if hant else "跳过：结束行动。"
    raise ValueError(f"unknown Alhambra action {action}")


def _purchase_total(state: Any) -> int:
    """The total of the cards chosen so far for the purchase in progress (0 if none)."""
    return sum(card_value(c) for c in state.purchase[1]) if state.purchase else 0


def _purchase_price(state: Any) -> int:
    """The price of the tile being bought (0 if no purchase is in progress)."""
    return TILE_PRICE[state.market[state.purchase[0]]] if state.purchase else 0


def why_illegal(state: Any, action: Action) -> str:
    """The rule that refuses ``action`` now."""
    from eurogames.games.alhambra.palace import can_place, can_swap
    from eurogames.games.alhambra.rules import ACTION, OVER

    p = state.current
    kind = action.kind
    if state.phase == OVER:
        return "the game is over"
    if state.phase != ACTION:
        if kind in (TAKE, BUY, PURCHASE, PAY, CONFIRM, SWAP, PASS):
            return ("first place every bought tile: in the Alhambra, the reserve or (2 players) "
                    "to Dirk (P9)")
        if action.tile not in state.pending:
            return f"tile {action.tile} is not among the tiles to place now (P9)"
        if kind == DIRK:
            return "tiles go to Dirk only in the two-player game (V6)"
        problem = placement_problem(state.grids[p], action.cell, action.tile)
        return f"tile {action.tile} cannot go on {cell_text(action.cell)}: {problem}"
    if state.purchase is not None:
        slot, cards = state.purchase
        if kind == PAY:
            code = action.card
            if card_currency(code) != slot:
                return (f"the tile in slot {slot + 1} is paid in {CURRENCIES[slot]} only, not "
                        f"{CURRENCIES[card_currency(code)]} (M2)")
            return f"you hold no other {card_text(code)} card to add to the payment (M2)"
        if kind == CONFIRM:
            return (f"the cards chosen total {_purchase_total(state)}, below the price "
                    f"{_purchase_price(state)}: add another {CURRENCIES[slot]} card (M2)")
        return (f"finish the purchase from slot {slot + 1} first: add a {CURRENCIES[slot]} card "
                "(pay ...) or confirm once the price is reached (M2)")
    if kind in (PAY, CONFIRM):
        return "cards are paid only after choosing a market slot to buy from (buy 1-4, M2)"
    if kind == DIRK:
        return "tiles go to Dirk only when they are placed after buying (V6)"
    if kind == PASS:
        return "pass is for declining the bonus action after an exact payment (A1, A11)"
    if kind == TAKE:
        return take_problem(state, list(action.cards))
    if kind == BUY:
        slot, values = action.slot, action.values
        tile = state.market[slot]
        if not tile:
            return f"market slot {slot + 1} is empty until the refill (M5)"
        price = TILE_PRICE[tile]
        if sum(values) < price:
            return f"{sum(values)} does not reach the price {price} (M2)"
        if sum(values) - values[0] >= price:
            return (f"the payment includes a card it does not need: to overpay, open the "
                    f"purchase (buy {slot + 1}) and pay card by card (A10, M7)")
        hand = state.hands[p]
        for value in sorted(set(values)):
            code = slot * 9 + value - 1
            named, held = values.count(value), hand[code]
            if named > held:
                have = f"you hold no {card_text(code)}" if not held else (
                    f"you hold {held} {card_text(code)}, the payment names {named}")
                return (f"{have} (M2: the tile in slot {slot + 1} is paid in "
                        f"{CURRENCIES[slot]})")
        return f"you do not hold those {CURRENCIES[slot]} cards (M2: pay in the slot's currency)"
    if kind == PURCHASE:
        slot = action.slot
        tile = state.market[slot]
        if not tile:
            return f"market slot {slot + 1} is empty until the refill (M5)"
        hand = state.hands[p]
        money = sum(card_value(c) * hand[c] for c in range(slot * 9, slot * 9 + 9))
        if money < TILE_PRICE[tile]:
            return (f"your {CURRENCIES[slot]} cards total {money}, below the price "
                    f"{TILE_PRICE[tile]} (M2: pay in the slot's currency)")
        buys = ", ".join(a.text for a in state.legal_actions() if a.kind == BUY and a.slot == slot)
        return (f"your {CURRENCIES[slot]} cards cannot overpay the price {TILE_PRICE[tile]}: "
                f"every payment they allow is minimal, one decision each ({buys}; M7, A10)")
    if kind == PLACE:
        tile, cell = action.tile, action.cell
        if tile in state.pending:
            return f"tile {tile} was bought this turn: it is placed after your actions (M6)"
        if tile not in state.reserves[p]:
            return f"tile {tile} is not on your reserve (R1)"
        if not can_place(state.grids[p], cell, tile):
            return placement_problem(state.grids[p], cell, tile)
    if kind == RESERVE:
        tile = action.tile
        c = state.tile_cell(p, tile)
        if c < 0:
            return f"tile {tile} is not in your Alhambra (R2)"
        return "removing it would leave a hole or cut a tile off from the fountain (P6)"
    if kind == SWAP:
        new, old = action.new, action.old
        if new not in state.reserves[p]:
            return f"tile {new} is not on your reserve (R3)"
        c = state.tile_cell(p, old)
        if c < 0:
            return f"tile {old} is not in your Alhambra (R3)"
        if not can_swap(state.grids[p], c, new):
            return f"tile {new}'s walls do not match the neighbours of {cell_text(c)} (P7)"
    return "it is not among the legal actions"


def take_problem(state: Any, cards: list[int]) -> str:
    """Why taking ``cards`` (codes) from the money display is refused (M1): a card that
    is not there, or several that total more than 5."""
    from eurogames.games.alhambra.actions import TAKE_LIMIT

    total = sum(card_value(c) for c in cards)
    if len(cards) > 1 and total > TAKE_LIMIT:
        return (f"the cards total {total}, more than {TAKE_LIMIT}: take one card of any "
                f"value, or several that total at most {TAKE_LIMIT} (M1)")
    display = list(state.display)
    for code in cards:
        if code not in display:
            shown = ", ".join(card_text(c) for c in state.display) or "no card"
            copies = state.display.count(code)
            has = f"only {copies}" if copies else "no"
            return f"the money display has {has} {card_text(code)} (it shows {shown}; M1)"
        display.remove(code)
    return "it is not among the legal actions"


def _take_words_problem(state: Any, words: list[str]) -> str:
    """``take`` followed by ``words``: a card named wrongly, or the rule the cards break."""
    if not words or len(words) % 2:
        return "name each card by currency and value: take blue 4, take green 3 blue 2 (M1)"
    cards = []
    for currency, value in zip(words[::2], words[1::2], strict=True):
        if currency not in CURRENCIES:
            return (f"{currency!r} is not a currency: money is {', '.join(CURRENCIES)}, "
                    "each card written currency then value (take blue 4)")
        if not value.isdigit() or not 1 <= int(value) <= 9:
            return f"money cards are worth 1 to 9, not {value!r}"
        cards.append(CURRENCIES.index(currency) * 9 + int(value) - 1)
    if state.phase != _action_phase() or state.purchase is not None:
        return why_illegal(state, BY_TEXT[f"take {card_text(cards[0])}"])
    return take_problem(state, cards)


def _payment_problem(state: Any, text: str) -> str:
    """``buy 3 pay 1``, no one-decision payment: a slot that is not there, an empty one, or
    cards that do not reach the price (an overpayment is explained by the caller)."""
    words = text.split()
    slot = int(words[1]) - 1
    if not 0 <= slot < 4:
        return f"the market has slots 1 to 4, not {slot + 1}"
    tile = state.market[slot]
    if not tile:
        return f"market slot {slot + 1} is empty until the refill (M5)"
    paid = sum(int(v) for v in words[3].split(","))
    if paid < TILE_PRICE[tile]:
        return (f"the payment totals {paid}, below the price {TILE_PRICE[tile]} of the tile in "
                f"slot {slot + 1} (M2)")
    return ""


def _action_phase() -> Any:
    from eurogames.games.alhambra.rules import ACTION

    return ACTION


def placement_problem(grid: bytes, cell: int, tile: int) -> str:
    """Which of the placement rules A–E (P1–P5) a placement breaks."""
    from eurogames.games.alhambra.palace import (
        FACING,
        INSIDE,
        RING_OK,
        SIDE_BITS,
        SIDE_STEPS,
        WALLS,
        ring_bits,
    )

    if not INSIDE[cell]:
        return "the cell is outside the playable grid (A25)"
    if grid[cell]:
        return "the cell is occupied (P1)"
    walls = TILE_WALLS[tile]
    contact = False
    for i in range(4):
        v = grid[cell + SIDE_STEPS[i]]
        if v:
            mine = bool(walls & SIDE_BITS[i])
            if mine != bool(WALLS[v] & FACING[i]):
                return f"its {SIDE_NAMES[i]} side does not match its neighbour (rule B, P2)"
            contact = contact or not mine
    if not contact:
        return "it cannot be reached on foot from the fountain (rules C and D, P3)"
    if not RING_OK[ring_bits(grid, cell)]:
        return "it would enclose an empty area (rule E, P4)"
    return "it is not among the legal actions"


def parse_alias(state: Any, text: str, legal: list[Action]) -> Action | None:
    """Accept cards and payments in any order (``take blue 2 green 3``, ``buy 2 pay 4,1``),
    ``pay 4`` for the card of that value in the currency of the purchase in progress, and
    ``done`` for ``confirm``."""
    wanted = _sorted_buy(text)
    if wanted is not None:
        return next((a for a in legal if a.text == wanted), None)
    words = text.split()
    if len(words) == 2 and words[0] == "pay" and words[1].isdigit() and state.purchase:
        wanted = f"pay {CURRENCIES[state.purchase[0]]} {words[1]}"
        return next((a for a in legal if a.text == wanted), None)
    if words == ["done"]:
        return next((a for a in legal if a.kind == CONFIRM), None)
    if words and words[0] == "take" and len(words) % 2 == 1:
        pairs = sorted(zip(words[1::2], words[2::2], strict=True), key=_card_key)
        wanted = "take " + " ".join(f"{c} {v}" for c, v in pairs)
        return next((a for a in legal if a.text == wanted), None)
    return None


def _sorted_buy(text: str) -> str | None:
    """``buy 2 pay 4, 1`` written as the action's text (``buy 2 pay 1,4``), or None."""
    words = text.replace(", ", ",").split()
    if len(words) != 4 or words[0] != "buy" or not words[1].isdigit() or words[2] != "pay":
        return None
    try:
        values = sorted(int(v) for v in words[3].split(","))
    except ValueError:
        return None
    return f"buy {words[1]} pay {','.join(map(str, values))}"


def _card_key(pair: tuple[str, str]) -> tuple[int, str]:
    currency, value = pair
    return (CURRENCIES.index(currency) if currency in CURRENCIES else 9, value)


def parse_problem(state: Any, text: str) -> str:
    """For text that names no legal action: a known action refused now, or unknown words."""
    action = BY_TEXT.get(text)
    if action is not None:
        return why_illegal(state, action)
    words = text.split()
    verbs = ("take", "buy", "pay", "confirm", "place", "reserve", "swap", "dirk", "pass")
    if not words or words[0] not in verbs:
        return f"unknown action; actions start with one of: {', '.join(verbs)}"
    wanted = _sorted_buy(text)
    if wanted is not None:
        action = BY_TEXT.get(wanted)
        if action is not None:
            return why_illegal(state, action)
        problem = _payment_problem(state, wanted)
        if problem:
            return problem
        return ("buy 2 pay 1,4 names a payment that is inclusion-minimal for some price 2-13; "
                "to pay any other way (overpaying too), open the purchase with buy 2, then "
                "pay green 4 (or pay 4) for each card, then confirm (A10, M7)")
    if words[0] == "take":
        return _take_words_problem(state, words[1:])
    if words[0] == "pay" and len(words) == 2 and words[1].isdigit():
        if not state.purchase:
            return "pay 4 names a card of the purchase in progress: first choose a slot (buy 1-4)"
        action = BY_TEXT.get(f"pay {CURRENCIES[state.purchase[0]]} {words[1]}")
        if action is not None:
            return why_illegal(state, action)
    return (
        "not understood; examples: take blue 4, take green 3 blue 2, buy 2 pay 1,4, buy 2, "
        "pay green 4, pay 4, confirm, place 14 at 1,-2, reserve 14, swap 14 9, dirk 14, pass"
    )


# the third person of every verb that opens an option's words above
THIRD_PERSON = {
    "Take": "takes", "Buy": "buys", "Place": "places", "Put": "puts", "Swap": "swaps",
    "Give": "gives", "Pass": "passes", "Add": "adds", "Pay": "pays",
}
WALL_NAMES = {"en": "walls", "zh-Hant": "城牆", "zh-Hans": "城墙"}
_MONEY_CODE = {card_text(code): code for code in range(36)}
ORDINALS = {1: "first", 2: "second", 3: "third"}


def part_labels(round_: int, kind: int | None) -> dict[str, str]:
    """A score part's words: scoring ``round_``'s building type ``kind``, its walls (-1) or
    its whole total (``None``)."""
    labels = {}
    for lang in ("en", "zh-Hant", "zh-Hans"):
        what = (
            None if kind is None
            else WALL_NAMES[lang] if kind < 0
            else TYPE_NAMES[lang][kind]
        )
        if lang == "en":
            labels[lang] = f"Scoring {round_}" + (f": {what}" if what else "")
        else:
            scoring = "計分" if lang == "zh-Hant" else "计分"
            labels[lang] = f"第{round_}次{scoring}" + (f"：{what}" if what else "")
    return labels


def _join(parts: list[str], lang: str) -> str:
    return ", ".join(parts) if lang == "en" else "、".join(parts)


def _scored(points: int, by_type: list[int], wall: int | None, lang: str) -> str:
    """A contestant's points in one scoring, with the parts that gave them."""
    parts = [f"{TYPE_NAMES[lang][t]} {n}" if lang == "en" else f"{TYPE_NAMES[lang][t]}{n}"
             for t, n in enumerate(by_type) if n]
    if wall:
        parts.append(f"{WALL_NAMES[lang]} {wall}" if lang == "en" else f"{WALL_NAMES[lang]}{wall}")
    if lang == "en":
        total = f"{points} point{'' if points == 1 else 's'}"
        return f"{total} ({_join(parts, lang)})" if parts else total
    return f"{points}分（{_join(parts, lang)}）" if parts else f"{points}分"


def describe_event(state: Any, event: Any, lang: str, viewer: int | None, names: Any) -> str:
    """Alhambra's events in words: refills of the display and the market (F1, F3), scoring
    cards and scorings (F2, S1–S7), Dirk's tiles (V4, V5), the empty bag (F4) and the
    hand-out of the market's last tiles (E2, E3, A2)."""
    data, kind = event.data, event.kind
    en, hant = lang == "en", lang == "zh-Hant"
    t = TERMS[lang]
    if kind == "display_refill":
        cards = cards_words(tuple(_MONEY_CODE[c] for c in data["cards"]), lang)
        if en:
            shuffled = "The discard pile is shuffled into a new deck. " if data["reshuffled"] \
                else ""
            if not data["cards"]:
                return f"{shuffled}No money card is left to refill the display."
            return f"{shuffled}The money display is refilled: {cards}."
        if hant:
            shuffled = "棄牌堆洗混成為新的錢幣牌庫。" if data["reshuffled"] else ""
            if not data["cards"]:
                return f"{shuffled}沒有錢幣卡可補滿錢幣區。"
            return f"{shuffled}補滿錢幣區：{cards}。"
        shuffled = "弃牌堆洗混成为新的钱币牌库。" if data["reshuffled"] else ""
        if not data["cards"]:
            return f"{shuffled}没有钱币卡可补满钱币区。"
        return f"{shuffled}补满钱币区：{cards}。"
    if kind == "scoring_card":
        r = data["round"]
        if en:
            return f"The {ORDINALS[r]} scoring card turns up: scoring {r} follows."
        if hant:
            return f"翻出第{r}張計分卡：進行第{r}次計分。"
        return f"翻出第{r}张计分卡：进行第{r}次计分。"
    if kind == "scoring":
        r = data["round"]
        lines = []
        for p, points in enumerate(data["points"]):
            who = state.subject(p, lang, viewer, names)
            if en and p == 0 and who == "you":
                who = "You"
            lines.append(f"{who}: {_scored(points, data['buildings'][p], data['walls'][p], lang)}"
                         if en else
                         f"{who}：{_scored(points, data['buildings'][p], data['walls'][p], lang)}")
        if data["dirk"] is not None:
            dirk = sum(data["dirk"])
            lines.append(f"{t['dirk']}: {_scored(dirk, data['dirk'], None, lang)}" if en else
                         f"{t['dirk']}：{_scored(dirk, data['dirk'], None, lang)}")
        if en:
            return f"Scoring {r}: {'; '.join(lines)}."
        return (f"第{r}次計分：" if hant else f"第{r}次计分：") + "；".join(lines) + "。"
    if kind == "dirk_tiles":
        tiles = _join([tile_words(tile, lang) for tile in data["tiles"]], lang)
        n = len(data["tiles"])
        if en:
            return f"Dirk takes {n} tile{'' if n == 1 else 's'} from the bag: {tiles}."
        if hant:
            return f"德克從袋中抽取{n}個建築板塊：{tiles}。"
        return f"德克从袋中抽取{n}个建筑板块：{tiles}。"
    if kind == "market_refill":
        slot, tile = data["slot"], data["tile"]
        cur = CURRENCY_NAMES[lang][slot - 1]
        if en:
            return (f"A tile is drawn from the bag for market slot {slot} ({cur}): "
                    f"{tile_words(tile, lang)}.")
        if hant:
            return f"從袋中抽出建築板塊放到{slot}號位置（{cur}）：{tile_words(tile, lang)}。"
        return f"从袋中抽出建筑板块放到{slot}号位置（{cur}）：{tile_words(tile, lang)}。"
    if kind == "bag_empty":
        slots = _join([str(s) for s in data["slots"]], lang)
        if en:
            many = len(data["slots"]) > 1
            which = f"slots {name_list([str(s) for s in data['slots']], lang)}" if many else \
                f"slot {slots}"
            stay = "stay" if many else "stays"
            return f"The bag is empty and market {which} {stay} empty: the game ends."
        return f"袋中已無建築板塊，{slots}號位置無法補滿：遊戲結束。" if hant else \
            f"袋中已无建筑板块，{slots}号位置无法补满：游戏结束。"
    if kind == "market_gift":
        slot, tile, seat, money = data["slot"], data["tile"], data["seat"], data["money"]
        cur = CURRENCY_NAMES[lang][slot - 1]
        what = tile_words(tile, lang)
        if seat is not None:
            who = state.subject(seat, lang, viewer, names)
            if en:
                return (f"The {what} left in market slot {slot} goes to {who}, with the most "
                        f"{cur} money ({money}).")
            if hant:
                return f"{slot}號位置剩下的{what}歸{who}：持有最多{cur}色錢幣（{money}）。"
            return f"{slot}号位置剩下的{what}归{who}：持有最多{cur}色钱币（{money}）。"
        if data["tied"]:
            tied = name_list([state.subject(p, lang, viewer, names) for p in data["tied"]], lang)
            if en:
                return (f"Nobody gets the {what} left in market slot {slot}: {tied} tie for the "
                        f"most {cur} money ({money}).")
            if hant:
                return f"{slot}號位置剩下的{what}無人獲得：{tied}的{cur}色錢幣同樣最多（{money}）。"
            return f"{slot}号位置剩下的{what}无人获得：{tied}的{cur}色钱币同样最多（{money}）。"
        if en:
            return f"Nobody gets the {what} left in market slot {slot}: nobody holds {cur} money."
        if hant:
            return f"{slot}號位置剩下的{what}無人獲得：沒有人持有{cur}色錢幣。"
        return f"{slot}号位置剩下的{what}无人获得：没有人持有{cur}色钱币。"
    raise ValueError(f"alhambra has no event {kind!r}")

"""Agra on a terminal: a Rich rendering of one seat's view.

Everything that changes is read from the dict that ``state.view(seat)`` returns, so a screen
never shows another seat's rupees (I1) or the favour stack's order (I3). What is printed on the
boards and cards (each building's goods and cost, the orders, the bowls, the notables'
contracts, the farm tracks) is the game's component data, public to every seat, read from the
data the game plays with (``eurogames.load("agra")``, which honours ``--data``).

The screen, top to bottom: who decides now and why; the river (boat, docks, notables with their
contracts); the imperial board (orders per guild with the limit, Akbar's bowls); the meditation
ring, the favour display and the bonus tiles; the game board (the four characters over the 4×4
building grid, workers standing or lying, the merchant, the builder, rupees on buildings, price
markers at the Trader); then each player's area and, beside the prompt, the decision due
again. Seats are ``P1``–``P4`` on the boards; a legend names them. Words are the seed's
(``text.py``).
"""

from __future__ import annotations

import re
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from eurogames.core.game import check_lang
from eurogames.games.agra import actions as A
from eurogames.games.agra.actions import GOODS
from eurogames.games.agra.tables import LEVELS, Tables
from eurogames.games.agra.text import CHARACTER_NAMES, GUILD_NAMES, good

NEUTRAL = -2
PANEL_WIDTH = 49  # two players' areas side by side in 100 columns
SEAT_STYLES = ("bold red", "bold bright_blue", "bold green3", "bold yellow")
CHAIN_STYLES = ("light_salmon3", "dark_goldenrod", "gold1", "bright_cyan")  # goods by chain
COLON = {"en": ": ", "zh-Hant": "：", "zh-Hans": "："}
SEP = {"en": ", ", "zh-Hant": "、", "zh-Hans": "、"}


def _tables() -> Tables:
    """The component data the game plays with (printed on the boards: public)."""
    import eurogames

    return eurogames.load("agra").tables


NOTABLE_NAMES = {
    "en": ("Portuguese merchant", "Sufi", "Stonemason", "Elephant keeper", "Khatib",
           "French merchant", "Dyer", "Cook", "Muezzin", "Jagir", "Caliph", "Calligrapher",
           "Mullah", "English merchant", "Mosaic master", "Mujtahid", "Dutch merchant",
           "Painter", "Subahdar", "Sadr-us-Sudur", "Grand Mufti", "Grand Imam",
           "Court painter", "Diwan"),
    "zh-Hant": ("葡萄牙商人", "蘇菲", "多剎迦", "象夫", "哈提普", "法國商人", "染工", "廚師",
                "穆安津", "札吉爾", "哈里發", "書法家", "毛拉", "英國商人", "馬賽克大師",
                "木塔哈達", "荷蘭商人", "畫家", "亞達爾", "薩德爾-蘇德爾", "大穆夫提", "大阿訇",
                "宮廷畫師", "地萬"),
    "zh-Hans": ("葡萄牙商人", "苏菲", "多刹迦", "象夫", "哈提普", "法国商人", "染工", "厨师",
                "穆安津", "札吉尔", "哈里发", "书法家", "毛拉", "英国商人", "马赛克大师",
                "木塔哈达", "荷兰商人", "画家", "亚达尔", "萨德尔-苏德尔", "大穆夫提", "大阿訇",
                "宫廷画师", "地万"),
}
# each notable's ability, short (Appendix I, docs/rules/agra.md N1-N24)
ABILITIES = {
    "en": ("Boatman: pay several goods, value up to 4", "once: +1 meditation level",
           "builds: +1 build value and 1 rupee", "producing sandstone or log: +1",
           "producing turmeric or cotton: +1", "a good of value 1/2/3 on each slot; full: 5 "
           "rupees", "once a turn: 2 goods just produced for 1 of value 2",
           "keeps up to 2 bumped standing workers to lay for MP", "meditation: +1 MP",
           "deliver after another's Boatman; own Boatman +1 free",
           "once a turn: 1 cotton stands up a worker", "overtime costs 1 rupee",
           "once a turn: a favour action costs 1 less", "once a turn: swap equal value",
           "once: a favour tile; once a turn: 1 MP → 1 favour, 3 → 2",
           "once: build the first unbuilt building free", "end: 1/3/6 rupees for orders in "
           "1/2/3 guilds", "once: stand 3 workers, +1 influence", "end: 1 rupee per order",
           "once: a tribute of equal value; end: 1 rupee per tribute",
           "once: 3 favour; end: 3 rupees per set of the 3 guilds",
           "once: 3 favour; end: 1 rupee per Scholars order and contract",
           "once: 3 favour; end: 1 rupee per order and contract of its guild",
           "once: 3 favour; end: 1 rupee per order and contract of its guild"),
    "zh-Hant": ("船工行動可支付多個貨物，總價值不超過4", "立刻免費提升1級冥想等級",
                "建造時+1建造價值並獲得1盧比", "生產砂石或原木時額外+1", "生產姜或棉花時額外+1",
                "將價值1/2/3的貨物放到空位上，填滿獲得5盧比",
                "每回合1次：生產的2個貨物換1個價值2的貨物",
                "儲存最多2個被攆走的站立工人，冥想時放倒獲得MP", "冥想階段額外+1MP",
                "他人船工行動後可運送1個貨物；自己的船工多1次免費運送",
                "每回合1次：1個棉花立起1個工人",
                "加班只需1盧比", "每回合1次：恩惠行動少花1點", "每回合1次：等價交易1個貨物",
                "立刻拿取1個恩惠板塊；每回合1次：1MP換1恩惠、3MP換2",
                "立刻免費建造最靠近左上角的建築", "最終得分：1/2/3個行會有訂單得1/3/6盧比",
                "立刻立起3個工人，影響力+1", "最終得分：每個訂單1盧比",
                "立刻進貢1個等價值的貨物；最終得分：每個貢品1盧比",
                "立刻3恩惠；最終得分：每組3個行會得3盧比",
                "立刻3恩惠；最終得分：每個學者行會訂單和合約1盧比",
                "立刻3恩惠；最終得分：本行會每個訂單和合約1盧比",
                "立刻3恩惠；最終得分：本行會每個訂單和合約1盧比"),
    "zh-Hans": ("船工行动可支付多个货物，总价值不超过4", "立刻免费提升1级冥想等级",
                "建造时+1建造价值并获得1卢比", "生产砂石或原木时额外+1", "生产姜或棉花时额外+1",
                "将价值1/2/3的货物放到空位上，填满获得5卢比",
                "每回合1次：生产的2个货物换1个价值2的货物",
                "储存最多2个被撵走的站立工人，冥想时放倒获得MP", "冥想阶段额外+1MP",
                "他人船工行动后可运送1个货物；自己的船工多1次免费运送",
                "每回合1次：1个棉花立起1个工人",
                "加班只需1卢比", "每回合1次：恩惠行动少花1点", "每回合1次：等价交易1个货物",
                "立刻拿取1个恩惠板块；每回合1次：1MP换1恩惠、3MP换2",
                "立刻免费建造最靠近左上角的建筑", "最终得分：1/2/3个行会有订单得1/3/6卢比",
                "立刻立起3个工人，影响力+1", "最终得分：每个订单1卢比",
                "立刻进贡1个等价值的货物；最终得分：每个贡品1卢比",
                "立刻3恩惠；最终得分：每组3个行会得3卢比",
                "立刻3恩惠；最终得分：每个学者行会订单和合约1卢比",
                "立刻3恩惠；最终得分：本行会每个订单和合约1卢比",
                "立刻3恩惠；最终得分：本行会每个订单和合约1卢比"),
}
GUILD_SHORT = {"en": ("Art", "Tra", "Sch"), "zh-Hant": ("工匠", "貿易", "學者"),
               "zh-Hans": ("工匠", "贸易", "学者")}
RING = ("deliver", "process", "remove_cover", "trade")

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Agra", "ply": "ply {ply}", "over": "Game over",
        "to_move": "{who} to move", "seat": "Seat {n}",
        "meditation": "meditation phase: lay workers for MP and meditate, or place a worker",
        "action": "action phase: place a worker", "order": "order phase: one tribute or one "
        "order, then end the turn",
        "out_of_turn": "out of turn: {who} decides now, in {active}'s turn",
        "last_round": "the end is triggered: {n} more turn(s) after this one",
        "mp": "{n} MP to spend",
        "characters": "Characters", "buildings": "Buildings (column.row)",
        "empty": "empty", "standing": "{p} standing", "lying": "{p} lying",
        "unbuilt": "unbuilt", "cost": "cost {cost} · level {level}", "from": "from {good}",
        "produces": "production", "merchant": "merchant", "builder": "builder",
        "rupees_on": "{n} rupee(s)", "price": "price {m}: {where}", "at_trader": "at Trader",
        "river": "River Yamuna: boat at dock {dock}; goods go to notables of level {levels}",
        "advance": "the boat moves on after {n} more level {level} contract(s)",
        "docks": "Docks", "lvl": "Lvl", "notable": "Notable", "guild": "Guild",
        "contract": "Contract (slot: markers)", "owner": "Won by", "closed": "not yet open",
        "orders": "Guild orders: at most {limit} per guild (▶ the order marker)",
        "done_col": "all done", "bowls": "Akbar's tribute bowls",
        "left": "left", "right": "right",
        "ring": "Meditation ring", "covered": "covered by the marker",
        "ring_deliver": "deliver 1 good (3 MP)", "ring_process": "process 1 good (MP = value made)",
        "ring_remove_cover": "remove a cover (2 MP)", "ring_trade": "trade 1 good (MP = its value)",
        "ring_farmer": "centre, never covered: move a farmer 1 square (1 MP)",
        "display": "Favour tiles on display", "stack": "stack {n}",
        "stack_seen": "the stack holds (Mosaic master): {tiles}",
        "bonus_left": "Building bonus tiles left",
        "prices": "Price markers", "legend": "Seats",
        "neutral": "N = neutral marker",
        "rupees": "rupees {n}", "rupees_hidden": "rupees hidden",
        "workers": "workers: {supply} in supply, {standing} standing, {lying} lying",
        "cook": ", {n} on the Cook",
        "markers": "markers {n} · favour {f}",
        "meditation_level": "meditation {lv}/{top} ({mp} MP)", "next": ", next level: {goods}",
        "influence": "influence", "goods": "goods", "none": "none",
        "farm": "farm", "production": "production",
        "tiles": "favour tiles", "used": "used this turn", "contracts": "notables",
        "bonus": "bonus tiles", "french": "French merchant", "orders_done": "orders",
        "tributes": "tributes", "covers_removed": "covers removed {n}",
        "farm_key": "● farmer  ▓ cover  · empty; squares k.i from the left",
        "value": "value",
        # the decision now (a frame on the stack)
        "f_architect": "Architect: raise a guild's influence or build",
        "f_boatman": "Boatman: deliveries left {n} (pay a good for more), then done",
        "f_trader": "Trader: given value {given}, taken {taken}; then done",
        "f_price_after": "Trader: a price marker after the trade, or done",
        "f_botanist": "Botanist: up to 2 different options, then done",
        "f_produce": "{who} produces {good} at {b}: up to {n}",
        "f_process": "{who} processes {i} into {o} at {b}: 0 to 3",
        "f_follow": "{who} may follow {leader}'s processing: 1 {i} into {o} "
                    "({leader} gains 1 favour)",
        "f_jagir": "{who} (Jagir) may deliver 1 good after {boatman}'s Boatman action",
        "f_cook": "{who}'s standing worker was bumped: keep it on the Cook or return it",
        "f_gain": "Dock 5: {who} chooses a good of value {value}",
        "f_reward": "{who} reached a guild reward: {n} favour or a favour tile from the display",
        "f_tile": "Mosaic master: {who} takes a favour tile from the display or the stack",
        "f_discard": "{who} has 4 favour tiles: one is discarded",
        "f_influence": "Painter: {who} raises one guild by 1",
        "f_sadr": "Sadr-us-Sudur: {who} sends 1 good to an empty bowl of equal value",
        "f_stand": "{who} stands up {n} lying worker(s)",
        "f_reclaim": "{who} takes back {n} marker(s) first",
        "f_bonus": "{who} takes a level {level} building bonus tile",
        "f_cover": "{who} removes a cover tile from the farm",
        "f_dyer": "Dyer: 2 {good} for 1 good of value 2, or done",
        "result_tie": "Goods value + favour",
    },
    "zh-Hant": {
        "title": "阿格拉", "ply": "第{ply}步", "over": "遊戲結束",
        "to_move": "輪到{who}", "seat": "玩家{n}",
        "meditation": "冥想階段：放倒工人獲得MP並執行冥想行動，或放置工人",
        "action": "行動階段：放置1個工人", "order": "訂單階段：1次進貢或1個訂單，然後結束回合",
        "out_of_turn": "非回合行動：現在由{who}決定（{active}的回合）",
        "last_round": "遊戲結束已觸發：本回合後還有{n}個回合",
        "mp": "可用{n}MP",
        "characters": "人物", "buildings": "建築（列.行）",
        "empty": "空", "standing": "{p}站立", "lying": "{p}放倒",
        "unbuilt": "未建造", "cost": "花費{cost} · 等級{level}", "from": "原料：{good}",
        "produces": "生產建築", "merchant": "行商", "builder": "建築工",
        "rupees_on": "{n}盧比", "price": "價格標記{m}：{where}", "at_trader": "在商人處",
        "river": "亞穆納河：船在第{dock}個碼頭；可運送給等級{levels}的名仕",
        "advance": "再完成{n}個等級{level}的名仕合約，船就移動",
        "docks": "碼頭", "lvl": "等級", "notable": "名仕", "guild": "行會",
        "contract": "合約（貨物：標記）", "owner": "獲得者", "closed": "尚未開放",
        "orders": "行會訂單：每個行會最多{limit}個（▶ 行會訂單標記）",
        "done_col": "全部完成", "bowls": "阿克巴大帝的貢品碗",
        "left": "左", "right": "右",
        "ring": "冥想環", "covered": "被冥想標記覆蓋",
        "ring_deliver": "運送1個貨物（3MP）", "ring_process": "加工1個貨物（MP＝加工后價值）",
        "ring_remove_cover": "移除1個覆蓋板塊（2MP）", "ring_trade": "交易1個貨物（MP＝貨物價值）",
        "ring_farmer": "中央，永不被覆蓋：移動1個農民1格（1MP）",
        "display": "可選恩惠板塊", "stack": "板塊堆{n}塊",
        "stack_seen": "板塊堆中有（馬賽克大師）：{tiles}",
        "bonus_left": "剩餘的建築獎勵板塊",
        "prices": "價格標記", "legend": "玩家",
        "neutral": "N = 中立標記",
        "rupees": "盧比{n}", "rupees_hidden": "盧比隱藏（布袋）",
        "workers": "工人：供應堆{supply}，站立{standing}，放倒{lying}",
        "cook": "，廚師上{n}",
        "markers": "剩餘玩家標記{n} · 恩惠點數{f}",
        "meditation_level": "冥想等級{lv}/{top}（{mp}MP）", "next": "，升級：{goods}",
        "influence": "影響力", "goods": "貨物", "none": "無",
        "farm": "農場", "production": "產量",
        "tiles": "恩惠板塊", "used": "本回合已用", "contracts": "名仕合約",
        "bonus": "建築獎勵板塊", "french": "法國商人", "orders_done": "訂單",
        "tributes": "貢品", "covers_removed": "已移除覆蓋板塊{n}",
        "farm_key": "● 農民  ▓ 覆蓋板塊  · 空格；格子k.i由左數起",
        "value": "價值",
        "f_architect": "建築師：提升1個行會的影響力，或建造1個建築",
        "f_boatman": "船工：還可運送{n}個貨物（可支付1個貨物增加），然後結束",
        "f_trader": "商人：已交出價值{given}，已拿取{taken}；然後結束",
        "f_price_after": "商人：交易後移動價格標記，或結束",
        "f_botanist": "植物學家：最多2個不同選項，然後結束",
        "f_produce": "{who}在{b}生產{good}：最多{n}個",
        "f_process": "{who}在{b}將{i}加工為{o}：0至3個",
        "f_follow": "{who}可以仿效{leader}的加工：將1個{i}加工為{o}（{leader}獲得1恩惠點數）",
        "f_jagir": "{who}（札吉爾）可以在{boatman}的船工行動後運送1個貨物給名仕",
        "f_cook": "{who}站立的工人被攆走：儲存在廚師上，或放回供應堆",
        "f_gain": "第5個碼頭：{who}選擇1個價值為{value}的貨物",
        "f_reward": "{who}達到行會獎勵：{n}點恩惠點數或1個可選恩惠板塊",
        "f_tile": "馬賽克大師：{who}從可選恩惠板塊或板塊堆中拿取1個恩惠板塊",
        "f_discard": "{who}有4個恩惠板塊：棄置1個",
        "f_influence": "畫家：{who}提升1個行會的影響力1格",
        "f_sadr": "薩德爾-蘇德爾：{who}將1個貨物進貢到價值相等的空碗中",
        "f_stand": "{who}立起{n}個被放倒的工人",
        "f_reclaim": "{who}先取回{n}個玩家標記",
        "f_bonus": "{who}拿取1個等級{level}的建築獎勵板塊",
        "f_cover": "{who}從農場移除1個覆蓋板塊",
        "f_dyer": "染工：將2個{good}交換為1個價值為2的貨物，或結束",
        "result_tie": "貨物價值+恩惠點數",
    },
    "zh-Hans": {
        "title": "阿格拉", "ply": "第{ply}步", "over": "游戏结束",
        "to_move": "轮到{who}", "seat": "玩家{n}",
        "meditation": "冥想阶段：放倒工人获得MP并执行冥想行动，或放置工人",
        "action": "行动阶段：放置1个工人", "order": "订单阶段：1次进贡或1个订单，然后结束回合",
        "out_of_turn": "非回合行动：现在由{who}决定（{active}的回合）",
        "last_round": "游戏结束已触发：本回合后还有{n}个回合",
        "mp": "可用{n}MP",
        "characters": "人物", "buildings": "建筑（列.行）",
        "empty": "空", "standing": "{p}站立", "lying": "{p}放倒",
        "unbuilt": "未建造", "cost": "花费{cost} · 等级{level}", "from": "原料：{good}",
        "produces": "生产建筑", "merchant": "行商", "builder": "建筑工",
        "rupees_on": "{n}卢比", "price": "价格标记{m}：{where}", "at_trader": "在商人处",
        "river": "亚穆纳河：船在第{dock}个码头；可运送给等级{levels}的名仕",
        "advance": "再完成{n}个等级{level}的名仕合约，船就移动",
        "docks": "码头", "lvl": "等级", "notable": "名仕", "guild": "行会",
        "contract": "合约（货物：标记）", "owner": "获得者", "closed": "尚未开放",
        "orders": "行会订单：每个行会最多{limit}个（▶ 行会订单标记）",
        "done_col": "全部完成", "bowls": "阿克巴大帝的贡品碗",
        "left": "左", "right": "右",
        "ring": "冥想环", "covered": "被冥想标记覆盖",
        "ring_deliver": "运送1个货物（3MP）", "ring_process": "加工1个货物（MP＝加工后价值）",
        "ring_remove_cover": "移除1个覆盖板块（2MP）", "ring_trade": "交易1个货物（MP＝货物价值）",
        "ring_farmer": "中央，永不被覆盖：移动1个农民1格（1MP）",
        "display": "可选恩惠板块", "stack": "板块堆{n}块",
        "stack_seen": "板块堆中有（马赛克大师）：{tiles}",
        "bonus_left": "剩余的建筑奖励板块",
        "prices": "价格标记", "legend": "玩家",
        "neutral": "N = 中立标记",
        "rupees": "卢比{n}", "rupees_hidden": "卢比隐藏（布袋）",
        "workers": "工人：供应堆{supply}，站立{standing}，放倒{lying}",
        "cook": "，厨师上{n}",
        "markers": "剩余玩家标记{n} · 恩惠点数{f}",
        "meditation_level": "冥想等级{lv}/{top}（{mp}MP）", "next": "，升级：{goods}",
        "influence": "影响力", "goods": "货物", "none": "无",
        "farm": "农场", "production": "产量",
        "tiles": "恩惠板块", "used": "本回合已用", "contracts": "名仕合约",
        "bonus": "建筑奖励板块", "french": "法国商人", "orders_done": "订单",
        "tributes": "贡品", "covers_removed": "已移除覆盖板块{n}",
        "farm_key": "● 农民  ▓ 覆盖板块  · 空格；格子k.i由左数起",
        "value": "价值",
        "f_architect": "建筑师：提升1个行会的影响力，或建造1个建筑",
        "f_boatman": "船工：还可运送{n}个货物（可支付1个货物增加），然后结束",
        "f_trader": "商人：已交出价值{given}，已拿取{taken}；然后结束",
        "f_price_after": "商人：交易后移动价格标记，或结束",
        "f_botanist": "植物学家：最多2个不同选项，然后结束",
        "f_produce": "{who}在{b}生产{good}：最多{n}个",
        "f_process": "{who}在{b}将{i}加工为{o}：0至3个",
        "f_follow": "{who}可以仿效{leader}的加工：将1个{i}加工为{o}（{leader}获得1恩惠点数）",
        "f_jagir": "{who}（札吉尔）可以在{boatman}的船工行动后运送1个货物给名仕",
        "f_cook": "{who}站立的工人被撵走：储存在厨师上，或放回供应堆",
        "f_gain": "第5个码头：{who}选择1个价值为{value}的货物",
        "f_reward": "{who}达到行会奖励：{n}点恩惠点数或1个可选恩惠板块",
        "f_tile": "马赛克大师：{who}从可选恩惠板块或板块堆中拿取1个恩惠板块",
        "f_discard": "{who}有4个恩惠板块：弃置1个",
        "f_influence": "画家：{who}提升1个行会的影响力1格",
        "f_sadr": "萨德尔-苏德尔：{who}将1个货物进贡到价值相等的空碗中",
        "f_stand": "{who}立起{n}个被放倒的工人",
        "f_reclaim": "{who}先取回{n}个玩家标记",
        "f_bonus": "{who}拿取1个等级{level}的建筑奖励板块",
        "f_cover": "{who}从农场移除1个覆盖板块",
        "f_dyer": "染工：将2个{good}交换为1个价值为2的货物，或结束",
        "result_tie": "货物价值+恩惠点数",
    },
}

# the favour actions' effects, short (FS1-FS3, FT1-FT14)
FAVOUR_WORDS = {
    "en": {"s1": "1 basic good", "s2": "+1 influence", "s3": "process 1 good",
           "t1": "stand 1 worker", "t2": "remove a cover", "t3": "1 good of value 2",
           "t4": "move a price marker", "t5": "+1 MP", "t6": "tribute or order",
           "t7": "process value 1 into 2", "t8": "sell 1 good", "t9": "farmers 2 squares",
           "t10": "free overtime", "t11": "process 1 (also following)",
           "t12": "deliver to a notable", "t13": "+1 meditation level",
           "t14": "swap equal value"},
    "zh-Hant": {"s1": "1個基礎貨物", "s2": "影響力+1", "s3": "加工1個貨物", "t1": "立起1個工人",
                "t2": "移除覆蓋板塊", "t3": "1個價值2的貨物", "t4": "移動價格標記", "t5": "+1MP",
                "t6": "進貢或訂單", "t7": "價值1加工為2", "t8": "出售1個貨物",
                "t9": "農民移動2格", "t10": "免費加班", "t11": "加工1個（仿效時也可）",
                "t12": "運送給名仕", "t13": "冥想等級+1", "t14": "等價交易"},
    "zh-Hans": {"s1": "1个基础货物", "s2": "影响力+1", "s3": "加工1个货物", "t1": "立起1个工人",
                "t2": "移除覆盖板块", "t3": "1个价值2的货物", "t4": "移动价格标记", "t5": "+1MP",
                "t6": "进贡或订单", "t7": "价值1加工为2", "t8": "出售1个货物",
                "t9": "农民移动2格", "t10": "免费加班", "t11": "加工1个（仿效时也可）",
                "t12": "运送给名仕", "t13": "冥想等级+1", "t14": "等价交易"},
}
NEED_PAY = {"en": "have {need}, pay {pay}", "zh-Hant": "需{need}付{pay}",
            "zh-Hans": "需{need}付{pay}"}
BONUS_WORDS = {
    "en": {"guild": "+1 {guild}", "favour": "{n} favour", "cover": "remove a cover",
           "rupees": "{n} rupees"},
    "zh-Hant": {"guild": "{guild}+1", "favour": "{n}恩惠", "cover": "移除覆蓋板塊",
                "rupees": "{n}盧比"},
    "zh-Hans": {"guild": "{guild}+1", "favour": "{n}恩惠", "cover": "移除覆盖板块",
                "rupees": "{n}卢比"},
}
DOCK_WORDS = {
    "en": {"build_builder_building": "builder's building built", "move_merchant": "merchant",
           "favour_per_cotton": "favour per cotton (max {max})", "order_limit": "limit {limit}",
           "return_price_markers": "prices back", "favour": "{amount} favour each",
           "good_by_cotton": "a good by cotton", "gown_bonus": "gown +{amount}",
           "end_game": "the end"},
    "zh-Hant": {"build_builder_building": "建成建築工所在建築", "move_merchant": "移動行商",
                "favour_per_cotton": "每個棉花1恩惠（最多{max}）", "order_limit": "上限{limit}",
                "return_price_markers": "價格標記返還", "favour": "每人{amount}恩惠",
                "good_by_cotton": "依棉花獲得貨物", "gown_bonus": "禮服+{amount}",
                "end_game": "遊戲結束"},
    "zh-Hans": {"build_builder_building": "建成建筑工所在建筑", "move_merchant": "移动行商",
                "favour_per_cotton": "每个棉花1恩惠（最多{max}）", "order_limit": "上限{limit}",
                "return_price_markers": "价格标记返还", "favour": "每人{amount}恩惠",
                "good_by_cotton": "依棉花获得货物", "gown_bonus": "礼服+{amount}",
                "end_game": "游戏结束"},
}


# -- small pieces ------------------------------------------------------------------------------
def seat_name(seat: int, lang: str, names: list[str] | None) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return LABELS[lang]["seat"].format(n=seat + 1)


def paren(words: str, lang: str) -> str:
    return f" ({words})" if lang == "en" else f"（{words}）"


def chip(seat: int | None) -> Text:
    """A seat's marker on the boards: ``P1``…``P4`` in the seat's colour, ``N`` neutral."""
    if seat is None:
        return Text("")
    if seat == NEUTRAL:
        return Text("N", style="grey62")
    return Text(f"P{seat + 1}", style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def goods_name(g: int, lang: str) -> str:
    """A good as the notation writes it in English (``statue``), the seed's name in Chinese."""
    return GOODS[g] if lang == "en" else good(g, lang)


def good_text(g: int, lang: str) -> Text:
    return Text(goods_name(g, lang), style=CHAIN_STYLES[g // 4])


def value_of(view: dict[str, Any], t: Tables, g: int) -> int:
    """H6: the printed value with a price marker's face, never below 1."""
    v = t.value[g]
    for m in view["prices"]:
        if m is not None and m[0] == g:
            v += m[1]
    return max(v, 1)


def track_length(view: dict[str, Any], t: Tables, k: int) -> int:
    seen = [t.tracks[k][2]] + [max([q["farmers"][k], *q["covers"][k]]) for q in view["p"]]
    return max(seen)


def production(view: dict[str, Any], t: Tables, seat: int, g: int) -> int:
    """A3: empty squares between the good's corner and each adjacent track's farmer."""
    p = view["p"][seat]
    total = 0
    for k, (start, end, *_rest) in enumerate(t.tracks):
        n = track_length(view, t, k)
        farmer, covers = p["farmers"][k], p["covers"][k]
        if g == start:
            total += sum(1 for i in range(1, farmer) if i not in covers)
        elif g == end:
            total += sum(1 for i in range(farmer + 1, n + 1) if i not in covers)
    return min(total, t.production_max)


def building_label(b: int, lang: str) -> str:
    name = A.building_name(b)
    return {"en": f"building {name}", "zh-Hant": f"建築{name}", "zh-Hans": f"建筑{name}"}[lang]


# -- the header: whose turn, what is being decided ---------------------------------------------
def decision_line(view: dict[str, Any], t: Tables, lang: str,
                  names: list[str] | None) -> Text | None:
    """The pending decision in words, from the top frame of the view's stack."""
    w = LABELS[lang]
    top = next((f for f in reversed(view["stack"]) if "seat" in f and not f["k"].startswith("_")),
                None)
    if top is None:
        phase = view["phase"]
        text = Text(w[phase], style="yellow")
        if phase == "meditation" and view["turn"]["mp"]:
            text.append(" · " + w["mp"].format(n=view["turn"]["mp"]), style="bold yellow")
        return text
    k = top["k"]
    who = seat_name(top["seat"], lang, names)
    facts: dict[str, Any] = {"who": who}
    if k == "boatman":
        facts["n"] = top["free"] + top["paid"]
    elif k == "trader":
        facts.update(given=top["value"], taken=top["taken"])
    elif k == "produce":
        facts.update(good=goods_name(t.output[top["b"]], lang), b=building_label(top["b"], lang),
                     n=production(view, t, top["seat"], t.output[top["b"]]))
    elif k == "process":
        facts.update(i=goods_name(t.input[top["b"]], lang), o=goods_name(t.output[top["b"]], lang),
                     b=building_label(top["b"], lang))
    elif k == "follow":
        facts.update(i=goods_name(top["i"], lang), o=goods_name(top["o"], lang),
                     leader=seat_name(top["leader"], lang, names))
    elif k == "jagir":
        facts["boatman"] = seat_name(top["boatman"], lang, names)
    elif k == "gain":
        facts["value"] = top["value"]
    elif k == "reward":
        facts["n"] = top["favour"]
    elif k in ("stand", "reclaim"):
        facts["n"] = top["n"]
    elif k == "bonus":
        facts["level"] = top["level"]
    elif k == "dyer":
        facts["good"] = goods_name(top["good"], lang)
    key = "f_" + k
    if key not in w:
        return None
    text = Text(w[key].format(**facts), style="yellow")
    if k == "botanist" and top["used"]:
        text.append(f" ({', '.join(top['used'])})", style="yellow")
    return text


def header(view: dict[str, Any], t: Tables, lang: str, names: list[str] | None) -> Text:
    """The title, whose turn it is, and the decision due (``situation``)."""
    w = LABELS[lang]
    text = Text.assemble((w["title"], "bold"))
    if view["over"]:
        text.append(" · " + w["over"], style="bold")
        return text
    text.append(" · ")
    text.append(w["to_move"].format(who=seat_name(view["active"], lang, names)),
                style="bold cyan")
    if view["left"] is not None:
        text.append(" · " + w["last_round"].format(n=view["left"]), style="bold magenta")
    situation = situation_text(view, t, lang, names)
    if situation:
        text.append("\n")
        text.append_text(situation)
    return text


def situation_text(view: dict[str, Any], t: Tables, lang: str,
                   names: list[str] | None) -> Text:
    """Who decides now and what: out of turn, who decides in whose turn (T4)."""
    w = LABELS[lang]
    text = Text()
    if view["over"]:
        return text
    active, current = view["active"], view["current_player"]
    if current != active and current >= 0:
        text.append(w["out_of_turn"].format(who=seat_name(current, lang, names),
                                            active=seat_name(active, lang, names)),
                    style="bold magenta")
    line = decision_line(view, t, lang, names)
    if line is not None:
        if text:
            text.append("\n")
        text.append_text(line)
    return text


def legend(view: dict[str, Any], lang: str, names: list[str] | None) -> Text:
    w = LABELS[lang]
    text = Text(w["legend"] + COLON[lang], style="grey62")
    for s in range(view["players"]):
        if s:
            text.append(" · ", style="grey62")
        text.append_text(chip(s))
        text.append(" " + seat_name(s, lang, names))
    if view["players"] < 4:
        text.append(" · " + w["neutral"], style="grey62")
    return text


# -- the game board ----------------------------------------------------------------------------
def worker_text(view: dict[str, Any], space: int, lang: str) -> Text:
    w = LABELS[lang]
    there = view["spaces"][space]
    if there is None:
        return Text(w["empty"], style="grey42")
    seat, standing = there
    words = w["standing" if standing else "lying"]
    head, _, tail = words.partition("{p}")
    text = Text(head)
    text.append_text(chip(seat))
    text.append(tail, style="" if standing else "italic grey70")
    return text


def board_table(view: dict[str, Any], t: Tables, lang: str) -> Table:
    """The four characters over the building grid, one column per grid column."""
    w = LABELS[lang]
    table = Table(box=box.SQUARE, show_header=False, padding=(0, 1), show_lines=True)
    for c in range(4):
        table.add_column(no_wrap=True, overflow="ellipsis", max_width=22 if c == 2 else 19)
    cells = []
    for c in range(4):
        cell = Text(CHARACTER_NAMES[lang][c].removeprefix("the "), style="bold")
        cell.append("\n")
        cell.append_text(worker_text(view, c, lang))
        if c == A.CHARACTERS.index("trader"):
            for m, where in enumerate(view["prices"]):
                cell.append("\n")
                if where is None:
                    cell.append(w["price"].format(m=m + 1, where=w["at_trader"]), style="grey62")
                else:
                    face = "+1" if where[1] > 0 else "-1"
                    cell.append(w["price"].format(m=m + 1, where=""))
                    cell.append_text(good_text(where[0], lang))
                    cell.append(" " + face, style="bold")
        cells.append(cell)
    table.add_row(*cells)
    for row in range(4):
        cells = []
        for col in range(4):
            b = col * 4 + row
            cells.append(building_cell(view, t, b, lang))
        table.add_row(*cells)
    return table


def building_cell(view: dict[str, Any], t: Tables, b: int, lang: str) -> Text:
    w = LABELS[lang]
    built = view["built"][b]
    out = t.output[b]
    cell = Text(A.building_name(b) + " ", style="bold" if built else "grey50")
    cell.append(goods_name(out, lang), style=CHAIN_STYLES[out // 4] if built else "grey50")
    cell.append("\n")
    if t.production[b]:
        cell.append(w["produces"], style="grey62")
    else:
        cell.append(w["from"].format(good=goods_name(t.input[b], lang)),
                    style="grey62" if built else "grey50")
    cell.append("\n")
    if built:
        cell.append_text(worker_text(view, 4 + b, lang))
    else:
        cell.append(w["cost"].format(cost=t.cost[b], level=t.level[b]), style="grey50")
    extra = []
    if view["merchant"] == b:
        extra.append(Text(w["merchant"], style="bold reverse dark_orange"))
    if view["builder"] == b:
        extra.append(Text(w["builder"], style="bold reverse bright_blue"))
    if view["coins"][b]:
        extra.append(Text(w["rupees_on"].format(n=view["coins"][b]), style="bold yellow"))
    if extra:
        cell.append("\n")
        cell.append_text(Text(" ").join(extra))
    return cell


# -- the river and the imperial board ----------------------------------------------------------
def river_table(view: dict[str, Any], t: Tables, lang: str,
                names: list[str] | None) -> RenderableType:
    w = LABELS[lang]
    boat = view["boat"]
    opened = sorted({LEVELS[lv] for dock in range(boat) for lv in t.opens[dock]},
                    key=LEVELS.index)
    open_ids = set(view["open_levels"])
    title = Text(w["river"].format(dock=boat, levels=", ".join(opened) or "-"), style="bold")
    advance = t.docks[boat - 1].get("advance")
    if advance:
        level = LEVELS.index(advance["level"])
        need = sum(d["advance"]["contracts"] for d in t.docks[:boat]
                   if d.get("advance") and d["advance"]["level"] == advance["level"])
        title.append("\n" + w["advance"].format(n=max(0, need - view["contracts"][level]),
                                                level=advance["level"]), style="grey62")
    docks = Text(w["docks"] + COLON[lang], style="grey62")
    for d in t.docks:
        here = d["dock"] == boat
        docks.append(f"{d['dock']}", style="bold reverse cyan" if here else "bold")
        effects = [DOCK_WORDS[lang].get(e["effect"], e["effect"]).format(**e)
                   for e in d["events"]]
        if effects:
            docks.append(" " + SEP[lang].join(effects), style="grey62")
        if d["dock"] < len(t.docks):
            docks.append(" › ", style="grey42")
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, header_style="bold",
                  expand=True)
    table.add_column(w["lvl"], no_wrap=True)
    table.add_column(w["notable"], no_wrap=True)
    table.add_column(w["guild"], no_wrap=True)
    table.add_column(w["contract"], ratio=1, overflow="fold")
    table.add_column(w["owner"], no_wrap=True)
    for n in view["river"]:
        i = n["id"]
        is_open = i in open_ids
        style = "" if is_open or n["owner"] is not None else "grey50"
        level = Text(LEVELS[t.n_level[i]], style="bold green3" if is_open else "grey50")
        name = Text(f"{i:>2} {NOTABLE_NAMES[lang][i - 1]}", style=style)
        guild = Text(GUILD_SHORT[lang][t.n_guild[i]], style=style)
        slots = Text()
        for g, slot in zip(t.n_contract[i], n["slots"], strict=True):
            if slots:
                slots.append("  ")
            slots.append_text(good_text(g, lang))
            slots.append(":")
            if slot:
                slots.append_text(Text(",").join(chip(s) for s in slot))
            else:
                slots.append("·", style="grey42")
        generous = t.n_generous.get(i, {})
        if generous:
            slots.append("  +" + ",".join(f"{goods_name(g, lang)}{v}"
                                          for g, v in generous.items()), style="grey50")
        if n["owner"] is not None:
            owner = chip(n["owner"])
        elif not is_open:
            owner = Text(w["closed"], style="grey50")
        else:
            owner = Text("")
        if is_open and n["owner"] is None:  # the notables a good can go to now: what they do
            slots.append("\n" + ABILITIES[lang][i - 1], style="grey62")
        table.add_row(level, name, guild, slots, owner)
    return Group(title, docks, table)


def orders_table(view: dict[str, Any], t: Tables, lang: str) -> Table:
    w = LABELS[lang]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, header_style="bold",
                  title=Text(w["orders"].format(limit=view["limit"]), style="bold"),
                  title_justify="left")
    for u in range(3):
        filled = sum(1 for o in view["orders"][u] if o is not None)
        head = f"{GUILD_NAMES[lang][u]} {filled}/{view['limit']}"
        if view["order_at"][u] is None:
            head += f" ({w['done_col']})"
        table.add_column(head, no_wrap=True)
    rows = max(len(c) for c in t.orders)
    for pos in range(rows):
        cells = []
        for u in range(3):
            if pos >= len(t.orders[u]):
                cells.append(Text(""))
                continue
            here = view["order_at"][u] == pos
            cell = Text("▶ " if here else "  ", style="bold cyan")
            cell.append(f"{pos + 1} ", style="grey62")
            need = t.orders[u][pos]
            for j, g in enumerate(need):
                if j:
                    cell.append("+")
                cell.append_text(good_text(g, lang))
            who = view["orders"][u][pos]
            if who is not None:
                cell.append(" ")
                cell.append_text(chip(who))
            cells.append(cell)
        table.add_row(*cells)
    return table


def bowls_text(view: dict[str, Any], t: Tables, lang: str) -> Text:
    w = LABELS[lang]
    text = Text(w["bowls"] + COLON[lang], style="bold")
    for half in ("left", "right"):
        text.append("\n" + w[half] + " ", style="grey62")
        for j, b in enumerate(t.halves[half]):
            if j:
                text.append(" · ", style="grey42")
            text.append_text(good_text(t.bowls[b], lang))
            who = view["bowls"][b]
            if who is not None:
                text.append(" ")
                text.append_text(chip(who))
    return text


def ring_text(view: dict[str, Any], lang: str) -> Text:
    w = LABELS[lang]
    text = Text(w["ring"] + COLON[lang], style="bold")
    for j, key in enumerate(RING):
        if j:
            text.append(" · ", style="grey42")
        if view["covered"] == key:
            text.append(w["ring_" + key], style="bold reverse magenta")
            text.append(paren(w["covered"], lang), style="magenta")
        else:
            text.append(w["ring_" + key])
    text.append(" · " + w["ring_farmer"])
    return text


def favour_text(view: dict[str, Any], t: Tables, lang: str) -> Text:
    w = LABELS[lang]
    text = Text(w["display"] + COLON[lang], style="bold")
    for j, tile in enumerate(view["display"]):
        if j:
            text.append(" · ", style="grey42")
        fav = f"t{tile}"
        text.append(fav, style="bold cyan")
        need, pay = t.favour_cost[fav]
        text.append(f" {FAVOUR_WORDS[lang][fav]}")
        text.append(paren(NEED_PAY[lang].format(need=need, pay=pay), lang), style="grey62")
    text.append(" · " + w["stack"].format(n=view["stack_tiles"]), style="grey62")
    if "stack_seen" in view:
        seen = " ".join(f"t{x}" for x in view["stack_seen"])
        text.append("\n" + w["stack_seen"].format(tiles=seen), style="yellow")
    return text


def bonus_text(view: dict[str, Any], t: Tables, lang: str) -> Text:
    w = LABELS[lang]
    text = Text(w["bonus_left"] + COLON[lang], style="bold")
    for j, tile in enumerate(view["bonus_left"]):
        if j:
            text.append(" · ", style="grey42")
        text.append(A.BONUS_NAMES[tile], style="bold cyan")
        text.append(" " + bonus_words(t, tile, lang))
    if not view["bonus_left"]:
        text.append(w["none"], style="grey42")
    return text


def bonus_words(t: Tables, tile: int, lang: str) -> str:
    bw = BONUS_WORDS[lang]
    _level, guild_id, favour, cover, rupees = t.bonus[tile]
    parts = []
    if guild_id >= 0:
        parts.append(bw["guild"].format(guild=GUILD_SHORT[lang][guild_id]))
    if favour:
        parts.append(bw["favour"].format(n=favour))
    if cover:
        parts.append(bw["cover"])
    if rupees:
        parts.append(bw["rupees"].format(n=rupees))
    return SEP[lang].join(parts)


# -- a player's area ---------------------------------------------------------------------------
def farm_lines(view: dict[str, Any], t: Tables, p: dict[str, Any], lang: str) -> Text:
    text = Text()
    width = max(len(goods_name(g, lang)) for g in t.basic) if lang == "en" else 4
    for k, (start, end, *_rest) in enumerate(t.tracks):
        n = track_length(view, t, k)
        if k:
            text.append("\n")
        text.append(f"{k + 1} ", style="bold")
        name = goods_name(start, lang)
        pad = width - (len(name) if lang == "en" else 2 * len(name))
        text.append(" " * max(0, pad))
        text.append(name, style=CHAIN_STYLES[start // 4])
        text.append(" ")
        for i in range(1, n + 1):
            if p["farmers"][k] == i:
                text.append("●", style="bold green3")
            elif i in p["covers"][k]:
                text.append("▓", style="grey50")
            else:
                text.append("·", style="grey62")
            text.append(" " if i < n else "")
        text.append(" ")
        text.append_text(good_text(end, lang))
    return text


def goods_text(p: dict[str, Any], lang: str) -> Text:
    """A player's goods on one line, or one line per goods chain when that is too long (a
    good and its count never part)."""
    w = LABELS[lang]
    goods = Text(w["goods"] + COLON[lang], style="bold")
    held = [(g, n) for g, n in enumerate(p["goods"]) if n]
    if not held:
        goods.append(w["none"], style="grey42")
        return goods

    def run(items: list[tuple[int, int]]) -> Text:
        out = Text()
        for j, (g, n) in enumerate(items):
            if j:
                out.append(" · ", style="grey42")
            out.append_text(good_text(g, lang))
            out.append(f" {n}" if lang == "en" else f"{n}", style="bold")
        return out

    one = run(held)
    if cell_len(goods.plain + one.plain) <= PANEL_WIDTH - 4:
        return goods + one
    for chain in range(4):
        mine = [(g, n) for g, n in held if g // 4 == chain]
        if mine:
            goods.append("\n  ")
            goods.append_text(run(mine))
    return goods


def player_panel(view: dict[str, Any], t: Tables, s: int, lang: str, seat: int | None,
                 names: list[str] | None) -> Panel:
    w = LABELS[lang]
    p = view["p"][s]
    title = Text("▶ " if s == view["current_player"] else "", style="bold cyan")
    title.append_text(chip(s))
    title.append(" " + seat_name(s, lang, names), style="bold" if s == seat else "")
    if p["rupees"] is None:
        title.append("  " + w["rupees_hidden"], style="grey62")
    else:
        title.append("  " + w["rupees"].format(n=p["rupees"]), style="bold yellow")
    standing = sum(1 for x in view["spaces"] if x is not None and x[0] == s and x[1])
    lying = sum(1 for x in view["spaces"] if x is not None and x[0] == s and not x[1])
    lines: list[Text] = []
    workers = w["workers"].format(supply=p["workers"], standing=standing, lying=lying)
    if p["cook"]:
        workers += w["cook"].format(n=p["cook"])
    lines.append(Text(workers))
    lines.append(Text(w["markers"].format(n=p["markers"], f=p["favour"])))
    level = p["level"]
    meditation = w["meditation_level"].format(lv=level, top=t.med_levels, mp=t.mp[level])
    if level < t.med_levels:  # the goods printed between this level and the next (C12a)
        meditation += w["next"].format(goods=SEP[lang].join(goods_name(g, lang)
                                                            for g in t.upgrade[level + 1]))
    lines.append(Text(meditation))
    influence = Text(w["influence"] + COLON[lang], style="bold")
    for u in range(3):
        if u:
            influence.append(" · ", style="grey42")
        influence.append(f"{GUILD_SHORT[lang][u]} {p['influence'][u]}")
    influence.append(f" /{t.influence_top}", style="grey62")
    lines.append(influence)
    lines.append(goods_text(p, lang))
    farm = Table.grid(padding=(0, 2))
    farm.add_column(no_wrap=True)
    farm.add_column(no_wrap=True)
    prod = Text()
    for j, g in enumerate(t.basic):
        if j:
            prod.append("\n")
        prod.append_text(good_text(g, lang))
        prod.append(f" {production(view, t, s, g)}" if lang == "en"
                    else f"{production(view, t, s, g)}", style="bold")
    farm.add_row(Text(w["farm"], style="bold"), Text(w["production"], style="bold"))
    farm.add_row(farm_lines(view, t, p, lang), prod)
    lines.append(farm)
    extras = Text()

    def fact(label: str, value: str | Text) -> None:
        if extras:
            extras.append("\n")
        extras.append(label + COLON[lang], style="bold")
        extras.append_text(value if isinstance(value, Text) else Text(value))

    if p["tiles"]:
        fact(w["tiles"], " · ".join(f"t{x} {FAVOUR_WORDS[lang][f't{x}']}"
                                        for x in sorted(p["tiles"])))
    if p["contracts"]:
        fact(w["contracts"], SEP[lang].join(f"{NOTABLE_NAMES[lang][n - 1]} ({n})"
                                            for n in p["contracts"]))
    if 6 in p["contracts"]:  # the French merchant's slots (N6)
        slots = [f"{v}:{goods_name(g, lang) if g >= 0 else '·'}"
                 for v, g in zip((1, 2, 3), p["french"], strict=True)]
        fact(w["french"], " ".join(slots))
    orders = [sum(1 for o in column if o == s) for column in view["orders"]]
    tributes = sum(1 for b in view["bowls"] if b == s)
    if any(orders) or tributes:
        fact(w["orders_done"], " · ".join(f"{GUILD_SHORT[lang][u]} {orders[u]}"
                                          for u in range(3))
             + f"  {w['tributes']} {tributes}")
    if p["removed"]:
        if extras:
            extras.append("\n")
        extras.append(w["covers_removed"].format(n=p["removed"]))
    if p["bonus"]:
        fact(w["bonus"], " ".join(A.BONUS_NAMES[x] for x in p["bonus"]))
    if p["used"]:
        fact(w["used"], " ".join(p["used"]))
    if extras:
        lines.append(extras)
    return Panel(Group(*lines), title=title, title_align="left", box=box.ROUNDED,
                 width=PANEL_WIDTH, padding=(0, 1))


class Board:
    """The whole table: the decision, the river, the imperial board, the ring and the favour
    display, the game board, then every player's area (the game board and your own area
    nearest the prompt, where a 50-row terminal still shows them)."""

    def __init__(self, view: dict[str, Any], lang: str, seat: int | None,
                 names: list[str] | None) -> None:
        self.view, self.lang, self.seat, self.names = view, lang, seat, names

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, lang = self.view, self.lang
        t = _tables()
        yield header(view, t, lang, self.names)
        yield legend(view, lang, self.names)
        yield Text("")
        yield river_table(view, t, lang, self.names)
        yield Text("")
        yield orders_table(view, t, lang)
        yield bowls_text(view, t, lang)
        yield Text("")
        yield ring_text(view, lang)
        yield favour_text(view, t, lang)
        yield bonus_text(view, t, lang)
        yield Text("")
        yield board_table(view, t, lang)  # nearest the prompt with the players: every turn
        order = list(range(view["players"]))
        if self.seat is not None:  # your own area first
            order = order[self.seat:] + order[:self.seat]
        panels = [player_panel(view, t, s, lang, self.seat, self.names) for s in order]
        yield from side_by_side(panels, console, options)
        yield Text(LABELS[lang]["farm_key"], style="grey50")
        situation = situation_text(view, t, lang, self.names)
        if situation:  # again beside the prompt: the board above is taller than a screen
            line = Table.grid(padding=(0, 1))
            line.add_column(no_wrap=True)
            line.add_column()
            line.add_row(Text("▶", style="bold cyan"), situation)
            yield line


def side_by_side(panels: list[Panel], console: Console, options: ConsoleOptions) -> list[Table]:
    """Panels in order, as many to a row as the width holds."""
    rows: list[list[Panel]] = []
    used = options.max_width + 1
    for panel in panels:
        width = Measurement.get(console, options, panel).maximum
        if rows and used + 1 + width <= options.max_width:
            rows[-1].append(panel)
            used += 1 + width
        else:
            rows.append([panel])
            used = width
    out = []
    for row in rows:
        grid = Table.grid(padding=(0, 1))
        for _ in row:
            grid.add_column()
        grid.add_row(*row)
        out.append(grid)
    return out


def render_view(view: dict[str, Any], lang: str = "en", seat: int | None = None,
                names: list[str] | None = None) -> RenderableType:
    """The whole table as ``seat`` sees it (``None``: a spectator)."""
    check_lang(lang)
    return Board(view, lang, seat, names)


# -- notation -----------------------------------------------------------------------------------
# (notation, en, zh-Hant, zh-Hans): the rules page's table "Notation: every decision"
NOTATION: tuple[tuple[str, str, str, str], ...] = (
    ("lay architect", "lay a standing worker down for MP (also lay 2.3, lay cook)",
     "放倒站立的工人獲得MP（也可lay 2.3、lay cook）",
     "放倒站立的工人获得MP（也可lay 2.3、lay cook）"),
    ("meditate deliver curry 7", "meditation: deliver 1 good to a notable (3 MP)",
     "冥想：運送1個貨物給名仕（3MP）", "冥想：运送1个货物给名仕（3MP）"),
    ("meditate process cotton oil", "meditation: process 1 good (MP = value made)",
     "冥想：加工1個貨物（MP＝加工后價值）", "冥想：加工1个货物（MP＝加工后价值）"),
    ("meditate uncover 2.4", "meditation: remove the cover tile on square 2.4 (2 MP)",
     "冥想：移除2.4格的覆蓋板塊（2MP）", "冥想：移除2.4格的覆盖板块（2MP）"),
    ("meditate farmer 3+", "meditation: move farmer 3 one square (1 MP)",
     "冥想：將農民3移動1格（1MP）", "冥想：将农民3移动1格（1MP）"),
    ("meditate trade curry paper", "meditation: swap 1 good for one of equal value",
     "冥想：將1個貨物交易為等價值的貨物", "冥想：将1个货物交易为等价值的货物"),
    ("mosaic 1", "Mosaic master: 1 MP for 1 favour (mosaic 3: 3 MP for 2)",
     "馬賽克大師：1MP換1恩惠點數（mosaic 3：3MP換2）",
     "马赛克大师：1MP换1恩惠点数（mosaic 3：3MP换2）"),
    ("place boatman", "place a worker on a character or a building (place 3.2)",
     "放置工人到人物或建築上（place 3.2）", "放置工人到人物或建筑上（place 3.2）"),
    ("overtime trader", "overtime on your own worker (2 rupees)",
     "在自己的工人處加班（2盧比）", "在自己的工人处加班（2卢比）"),
    ("influence traders", "Architect (or Painter): +1 influence in a guild",
     "建築師（或畫家）：提升1個行會的影響力", "建筑师（或画家）：提升1个行会的影响力"),
    ("build 2.3 pay cement,log", "Architect: build 2.3 paying these materials",
     "建築師：支付這些建築材料建造2.3", "建筑师：支付这些建筑材料建造2.3"),
    ("bonus 3d", "take a building bonus tile",
     "拿取建築獎勵板塊", "拿取建筑奖励板块"),
    ("process 3", "process 0-3 goods into the building just occupied",
     "將0-3個貨物加工到剛佔據的建築", "将0-3个货物加工到刚占据的建筑"),
    ("produce 4", "produce 0 up to the production value",
     "生產0至產量個貨物", "生产0至产量个货物"),
    ("dyer oil", "Dyer: 2 goods just produced for 1 of value 2",
     "染工：剛生產的2個貨物換1個價值2的貨物", "染工：刚生产的2个货物换1个价值2的货物"),
    ("pay painting", "Boatman: pay a good for more deliveries",
     "船工：支付1個貨物以運送更多貨物", "船工：支付1个货物以运送更多货物"),
    ("deliver log 4", "Boatman: deliver 1 log to notable 4",
     "船工：運送1個原木給名仕4", "船工：运送1个原木给名仕4"),
    ("double log 4", "Boatman: double delivery, 2 logs to notable 4",
     "船工：加倍運送2個原木給名仕4", "船工：加倍运送2个原木给名仕4"),
    ("order scholars", "Boatman: complete the guild's current order",
     "船工：完成該行會的當前訂單", "船工：完成该行会的当前订单"),
    ("done", "close the Boatman, the Trader, the Botanist or the Dyer",
     "結束船工、商人、植物學家或染工", "结束船工、商人、植物学家或染工"),
    ("price 2 log +", "Trader: price marker 2 on log, +1 (- for -1)",
     "商人：價格標記2放在原木上，+1（-為-1）", "商人：价格标记2放在原木上，+1（-为-1）"),
    ("give cement", "Trader: give a good (then take curry …)",
     "商人：交出貨物（然後take curry…）", "商人：交出货物（然后take curry…）"),
    ("take curry", "Trader: take a good, total value below what was given",
     "商人：拿取貨物，總價值小於交出的", "商人：拿取货物，总价值小于交出的"),
    ("improve", "Botanist: +1 meditation level",
     "植物學家：提升冥想等級1級", "植物学家：提升冥想等级1级"),
    ("uncover 1.2", "Botanist or a bonus tile: remove the cover on square 1.2",
     "植物學家或獎勵板塊：移除1.2格的覆蓋板塊", "植物学家或奖励板块：移除1.2格的覆盖板块"),
    ("farmers 1+,3-", "Botanist: two farmers 1 square each (farmers 2++: one 2 squares)",
     "植物學家：兩個農民各移動1格（farmers 2++：1個農民2格）",
     "植物学家：两个农民各移动1格（farmers 2++：1个农民2格）"),
    ("stand 3.2", "stand up the lying worker on 3.2",
     "立起3.2上被放倒的工人", "立起3.2上被放倒的工人"),
    ("oil curry", "oil and curry: stand 3 workers (oil, curry: 1 each)",
     "油和咖喱：立起3個工人（oil、curry：各1個）", "油和咖喱：立起3个工人（oil、curry：各1个）"),
    ("oil", "oil: stand up 1 worker",
     "油：立起1個工人", "油：立起1个工人"),
    ("curry", "curry: stand up 1 worker",
     "咖喱：立起1個工人", "咖喱：立起1个工人"),
    ("caliph", "Caliph: 1 cotton stands up a worker",
     "哈里發：1個棉花立起1個工人", "哈里发：1个棉花立起1个工人"),
    ("statue", "Buddha statue: one more main action",
     "佛像：額外的主要行動", "佛像：额外的主要行动"),
    ("book", "book: stand up 3 workers and 1 favour",
     "書：立起3個工人並獲得1恩惠點數", "书：立起3个工人并获得1恩惠点数"),
    ("painting artisans,scholars", "painting: +1 in two guilds",
     "油畫：提升2個行會的影響力", "油画：提升2个行会的影响力"),
    ("gown", "gown: sell it for its value in rupees",
     "禮服：以其價值出售獲得盧比", "礼服：以其价值出售获得卢比"),
    ("favour s1 cotton", "starting favour actions: s1 a basic good, s2 influence, s3 process",
     "起始恩惠行動：s1基礎貨物、s2影響力、s3加工", "起始恩惠行动：s1基础货物、s2影响力、s3加工"),
    ("favour s2 traders", "favour s2: +1 influence",
     "恩惠s2：影響力+1", "恩惠s2：影响力+1"),
    ("favour s3 log paper", "favour s3: process 1 good",
     "恩惠s3：加工1個貨物", "恩惠s3：加工1个货物"),
    ("favour t1", "favour tile t1 (then stand …)",
     "恩惠板塊t1（然後stand…）", "恩惠板块t1（然后stand…）"),
    ("favour t2 3.1", "favour tile t2: remove the cover on 3.1",
     "恩惠板塊t2：移除3.1的覆蓋板塊", "恩惠板块t2：移除3.1的覆盖板块"),
    ("favour t3 curry", "favour tile t3: gain a good of value 2",
     "恩惠板塊t3：獲得價值2的貨物", "恩惠板块t3：获得价值2的货物"),
    ("favour t4 1 oil -", "favour tile t4: a price step",
     "恩惠板塊t4：移動價格標記", "恩惠板块t4：移动价格标记"),
    ("favour t5", "favour tile t5: +1 MP (also t13: +1 level)",
     "恩惠板塊t5：+1MP（t13：冥想等級+1）", "恩惠板块t5：+1MP（t13：冥想等级+1）"),
    ("favour t6 tribute brick", "favour tile t6: a tribute",
     "恩惠板塊t6：進貢", "恩惠板块t6：进贡"),
    ("favour t6 order artisans", "favour tile t6: an order",
     "恩惠板塊t6：完成訂單", "恩惠板块t6：完成订单"),
    ("favour t7 cotton cloth", "favour tile t7: process value 1 into 2",
     "恩惠板塊t7：價值1加工為價值2", "恩惠板块t7：价值1加工为价值2"),
    ("favour t8 gown", "favour tile t8: sell a good",
     "恩惠板塊t8：出售貨物", "恩惠板块t8：出售货物"),
    ("favour t9 4++", "favour tile t9: move farmers",
     "恩惠板塊t9：移動農民", "恩惠板块t9：移动农民"),
    ("favour t10 boatman", "favour tile t10: free overtime",
     "恩惠板塊t10：免費加班", "恩惠板块t10：免费加班"),
    ("favour t11 cloth gown", "favour tile t11: process 1 good",
     "恩惠板塊t11：加工1個貨物", "恩惠板块t11：加工1个货物"),
    ("favour t12 oil 8", "favour tile t12: deliver to a notable",
     "恩惠板塊t12：運送給名仕", "恩惠板块t12：运送给名仕"),
    ("favour t14 oil curry", "favour tile t14: swap equal value",
     "恩惠板塊t14：等價交易", "恩惠板块t14：等价交易"),
    ("english oil curry", "English merchant: equal-value swap",
     "英國商人：等價交易", "英国商人：等价交易"),
    ("french cotton", "French merchant: a good onto its slot",
     "法國商人：將貨物放到對應欄位", "法国商人：将货物放到对应栏位"),
    ("reclaim log", "take a marker back (reclaim favour; reclaim log 4 from notable 4)",
     "取回玩家標記（reclaim favour；reclaim log 4從名仕4）",
     "取回玩家标记（reclaim favour；reclaim log 4从名仕4）"),
    ("tribute brick", "order phase: tribute to Akbar",
     "訂單階段：向阿克巴大帝進貢", "订单阶段：向阿克巴大帝进贡"),
    ("end", "end the turn",
     "結束回合", "结束回合"),
    ("follow", "out of turn: follow a processing (decline: not)",
     "非回合：仿效加工（decline：放棄）", "非回合：仿效加工（decline：放弃）"),
    ("follow t11 cloth gown", "follow, and favour tile t11 as well",
     "仿效並同時使用恩惠板塊t11", "仿效并同时使用恩惠板块t11"),
    ("decline", "out of turn: decline to follow or to deliver (Jagir)",
     "非回合：放棄仿效或運送（札吉爾）", "非回合：放弃仿效或运送（札吉尔）"),
    ("jagir log 4", "Jagir: deliver after another's Boatman",
     "札吉爾：在他人船工行動後運送", "札吉尔：在他人船工行动后运送"),
    ("cook", "Cook: keep the bumped worker (supply: return it)",
     "廚師：儲存被攆走的工人（supply：放回）", "厨师：储存被撵走的工人（supply：放回）"),
    ("supply", "Cook: return the bumped worker to the supply",
     "廚師：將工人放回供應堆", "厨师：将工人放回供应堆"),
    ("gain curry", "dock 5: the good gained",
     "第5個碼頭：獲得的貨物", "第5个码头：获得的货物"),
    ("reward favour", "guild level 3 or 6: favour (reward tile t7: a tile)",
     "行會等級3或6：恩惠點數（reward tile t7：恩惠板塊）",
     "行会等级3或6：恩惠点数（reward tile t7：恩惠板块）"),
    ("reward tile t7", "guild level 3 or 6: a display tile",
     "行會等級3或6：拿取可選恩惠板塊", "行会等级3或6：拿取可选恩惠板块"),
    ("tile t12", "Mosaic master: a tile from the display or the stack",
     "馬賽克大師：從可選恩惠板塊或板塊堆拿取", "马赛克大师：从可选恩惠板块或板块堆拿取"),
    ("discard t4", "a 4th favour tile: the one discarded",
     "第4個恩惠板塊：棄置其一", "第4个恩惠板块：弃置其一"),
    ("sadr paper curry", "Sadr: a good into an empty bowl of equal value",
     "薩德爾-蘇德爾：貨物進貢到等價值的空碗", "萨德尔-苏德尔：货物进贡到等价值的空碗"),
)
NOTATION_NOTE = {
    "en": "Buildings are column.row (1.1 the quarry; a data id such as paper_mill works too); "
          "farm squares track.square; farmer moves k+ / k- one square toward the higher / "
          "lower squares, k++ / k-- two. Goods are written sandstone cement brick statue log "
          "plank paper book turmeric curry dye painting cotton oil cloth gown; guilds artisans "
          "traders scholars; notables by number. Out-of-turn decisions are asked of their seat.",
    "zh-Hant": "建築寫作「列.行」（1.1為採石場；也可用paper_mill等資料id）；"
               "農場格子寫作「軌道.格」；"
               "k+ / k- 將農民向編號較大 / 較小的格子移動1格，k++ / k-- 移動2格。貨物寫作sandstone "
               "cement brick statue log plank paper book turmeric curry dye painting cotton "
               "oil cloth gown；行會寫作artisans traders scholars；名仕用編號。非回合的決定"
               "由該玩家作出。",
    "zh-Hans": "建筑写作「列.行」（1.1为采石场；也可用paper_mill等数据id）；"
               "农场格子写作「轨道.格」；"
               "k+ / k- 将农民向编号较大 / 较小的格子移动1格，k++ / k-- 移动2格。货物写作sandstone "
               "cement brick statue log plank paper book turmeric curry dye painting cotton "
               "oil cloth gown；行会写作artisans traders scholars；名仕用编号。非回合的决定"
               "由该玩家作出。",
}


def notation_help(lang: str) -> RenderableType:
    """How to write each decision (the rules page's notation table), with its meaning."""
    check_lang(lang)
    column = {"en": 1, "zh-Hant": 2, "zh-Hans": 3}[lang]
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column(overflow="fold")
    for row in NOTATION:
        table.add_row(row[0], row[column])
    return Group(table, Text(NOTATION_NOTE[lang], style="grey62"))


def highlight(text: str, lang: str) -> Text:
    """``text`` with every good in its chain's colour (names in ``lang`` and notation ids)."""
    check_lang(lang)
    out = Text(text)
    words = sorted({(w, g) for g in range(16) for w in (GOODS[g], good(g, lang))},
                   key=lambda x: len(x[0]))
    for word, g in words:
        pattern = rf"\b{re.escape(word)}\b" if word.isascii() else re.escape(word)
        out.highlight_regex(pattern, style=f"bold {CHAIN_STYLES[g // 4]}")
    return out


def result_columns(view: dict[str, Any], lang: str) -> dict[str, list[str]]:
    """The tie-break (E8): each seat's goods value plus favour."""
    t = _tables()
    cells = []
    for p in view["p"]:
        total = sum(value_of(view, t, g) * n for g, n in enumerate(p["goods"])) + p["favour"]
        cells.append(str(total))
    return {LABELS[lang]["result_tie"]: cells}


__all__ = ["highlight", "notation_help", "render_view", "result_columns"]

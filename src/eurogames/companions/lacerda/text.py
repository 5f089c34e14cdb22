"""The companion's words in English, 繁體中文 and 简体中文, with the seed's terms (the seed is in
Simplified Chinese; the Traditional forms are the same words).

``say`` words a :class:`Line` (what to do on the board), ``ask`` and ``hint`` a prompt,
``option`` an answer's code, ``ui`` a label of the front ends, ``error`` the reason an answer
was refused and ``area`` Lacerda's play area as labelled rows. Every key the procedure uses
has all three languages (tested).
"""

from __future__ import annotations

import re
from typing import Any

from eurogames.companions.lacerda.components import RUBBLE
from eurogames.companions.lacerda.procedure import Lacerda, Line
from eurogames.companions.lacerda.prompts import AnswerError, Prompt

LANGS = ("en", "zh-Hant", "zh-Hans")

# -- names of the pieces (option codes and parameter values) -----------------------------
NAMES: dict[str, tuple[str, str, str]] = {
    "engineer": ("Engineer", "工程師", "工程师"),
    "marquis": ("Marquis", "首相", "首相"),
    "king": ("King", "國王", "国王"),
    "treasury": ("Treasury", "國庫", "国库"),
    "plan": ("plan", "計劃", "计划"),
    "officials": ("officials", "行政員", "行政员"),
    "ship": ("ship", "船隻", "船只"),
    "produce": ("produce", "生產", "生产"),
    "cardinal": ("Cardinal", "主教", "主教"),
    "favour": ("royal favour", "皇室恩寵", "皇室恩宠"),
    "store": ("build a store", "建造一個商店", "建造一个商店"),
    "decrees": ("take decrees", "拿取法令卡", "拿取法令卡"),
    "building": ("open a public building", "開放一個公共建築", "开放一个公共建筑"),
    "gold": ("gold", "黃金", "黄金"),
    "books": ("books", "書籍", "书籍"),
    "cloth": ("cloth", "布料", "布料"),
    "tools": ("tools", "工具", "工具"),
    "earthquake": ("earthquake (brown)", "地震(棕)", "地震(棕)"),
    "fire": ("fire (red)", "火災(紅)", "火灾(红)"),
    "tsunami": ("tsunami (blue)", "海嘯(藍)", "海啸(蓝)"),
    "blue": ("blue", "藍色", "蓝色"),
    "green": ("green", "綠色", "绿色"),
    "red": ("red", "紅色", "红色"),
    "purple": ("purple", "紫色", "紫色"),
    "brown": ("brown", "棕色", "棕色"),
    "yes": ("yes", "是", "是"),
    "no": ("no", "否", "否"),
    "none": ("none", "無", "无"),
    "neither": ("neither", "都沒有", "都没有"),
    "passed": ("passed it", "穿過", "穿过"),
    "landed": ("landed on it", "停在上面", "停在上面"),
    "random": ("draw at random", "隨機抽取", "随机抽取"),
    "period": ("end of the period", "時代的結束", "时代的结束"),
    "game": ("end of the game", "遊戲的結束", "游戏的结束"),
    "upper": ("upper", "上面的", "上面的"),
    "lower": ("lower", "下面的", "下面的"),
    "jester": ("Jester (小丑)", "小丑", "小丑"),
    "servant": ("Servant (仆人)", "僕人", "仆人"),
    "favourite": ("Favourite (宠臣)", "寵臣", "宠臣"),
    "elite": ("Elite (精英)", "精英", "精英"),
    "stores": ("stores", "商店", "商店"),
    "in-place": ("in #69's own place", "放在69號原來的位置", "放在69号原来的位置"),
    "slide": ("slid left, filled at the right end", "向左滑動,從右端補充", "向左滑动,从右端补充"),
}


def _lang_index(lang: str) -> int:
    if lang not in LANGS:
        raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
    return LANGS.index(lang)


def option(code: str, lang: str = "en") -> str:
    """The label of an answer's code (``king`` → ``King`` / ``國王`` / ``国王``)."""
    names = NAMES.get(code)
    return names[_lang_index(lang)] if names else code


def _name(value: Any, lang: str) -> str:
    if isinstance(value, str):
        return option(value, lang)
    if isinstance(value, list | tuple):
        sep = ", " if lang == "en" else "、"
        return sep.join(_name(v, lang) for v in value) or option("none", lang)
    if isinstance(value, dict):
        sep = ", " if lang == "en" else "、"
        return sep.join(f"{_name(k, lang)} {v}" for k, v in value.items())
    return str(value)


# -- what the companion says ------------------------------------------------------------------
SAY: dict[str, tuple[str, str, str]] = {
    "settings": (
        "Settings for this game (confirm them, or change one with key=value): {values}",
        "本局設定(確認,或以 key=value 修改一項):{values}",
        "本局设定(确认,或以 key=value 修改一项):{values}",
    ),
    "setting_changed": ("Setting {setting} is now {value}.", "設定 {setting} 改為 {value}。",
                        "设定 {setting} 改为 {value}。"),
    "s1_two_player_setup": (
        "S1: set up Lisboa for two players (rulebook pp.5–7): row E of downtown covered, one "
        "neutral official in each noble's office, one ship of each type (blue on red), decrees "
        "with the 2-player symbol go back to the box when revealed.",
        "S1:按照2人遊戲設置里斯本(規則書第5–7頁):覆蓋市中心E行,每位貴族的辦公室放一個中立行政員,"
        "每種船只放一張(藍色在紅色上),翻出帶2人符號的法令卡放回盒中。",
        "S1:按照2人游戏设置里斯本(规则书第5–7页):覆盖市中心E行,每位贵族的办公室放一个中立行政员,"
        "每种船只放一张(蓝色在红色上),翻出带2人符号的法令卡放回盒中。",
    ),
    "s3_start_player": (
        "S3: you take the start player marker; your influence disc on 4, Lacerda's on 5, "
        "his wigs marker on 5.",
        "S3:你拿取初始玩家標記;你的影響力標記放在4,拉塞爾達的放在5,他的假髮分數標記放在5。",
        "S3:你拿取初始玩家标记;你的影响力标记放在4,拉塞尔达的放在5,他的假发分数标记放在5。",
    ),
    "drawn_favour": ("Drawn at random: the {noble}'s royal favour tile.",
                     "隨機抽出:{noble}的恩寵板塊。", "随机抽出:{noble}的恩宠板块。"),
    "s4_supplies": (
        "S4: Lacerda has no player board, cards or réis, and starts with no goods. Put his "
        "officials, houses, his royal favour tile and 2 random starting plans in his play area.",
        "S4:拉塞爾達不使用玩家板、卡牌,也沒有雷亞爾;他在遊戲初期沒有任何貨物。將他的行政員、木屋、"
        "恩寵板塊和2個隨機的初始計劃板塊放在他的遊戲區域中。",
        "S4:拉塞尔达不使用玩家板、卡牌,也没有雷亚尔;他在游戏初期没有任何货物。将他的行政员、木屋、"
        "恩宠板块和2个随机的初始计划板块放在他的游戏区域中。",
    ),
    "s5_official_in_marquis": (
        "S5: one of Lacerda's officials goes into the Marquis's office, as in the 2-player "
        "setup (start_official=marquis).",
        "S5:按照2人遊戲設置,拉塞爾達的一個行政員放入首相的辦公室(start_official=marquis)。",
        "S5:按照2人游戏设置,拉塞尔达的一个行政员放入首相的办公室(start_official=marquis)。",
    ),
    "s5_officials_in_area": (
        "S5: all 8 of Lacerda's officials stay in his play area (start_official=area).",
        "S5:拉塞爾達的8個行政員都留在他的遊戲區域中(start_official=area)。",
        "S5:拉塞尔达的8个行政员都留在他的游戏区域中(start_official=area)。",
    ),
    "scoring_tiles_order": (
        "S6: place the scoring tiles left to right as {order} (no equal values side by side).",
        "S6:從左到右放置計分板塊:{order}(沒有相同數值的計分板塊相鄰)。",
        "S6:从左到右放置计分板块:{order}(没有相同数值的计分板块相邻)。",
    ),
    "drawn_helper": ("Drawn at random: the {deck} deck.", "隨機抽出:{deck}牌堆。",
                     "随机抽出:{deck}牌堆。"),
    "s7_helper": (
        "S7: put Lacerda's helper on the red {deck} deck; remove the revealed blue card.",
        "S7:將拉塞爾達的助手放在紅色的{deck}牌堆上;移除剛剛翻開的藍色卡牌。",
        "S7:将拉塞尔达的助手放在红色的{deck}牌堆上;移除刚刚翻开的蓝色卡牌。",
    ),
    "s8_first_building": (
        "S8: put the public building on the {architect} architect's plan space on site "
        "{site} of row D; its rubble cubes go to the box; move that architect's next building "
        "onto the plan space.",
        "S8:將{architect}建築師上面的公共建築板塊放到D行的 {site} 位置;移除該位置中的碎石方塊"
        "(放回盒中);把該建築師的下一個建築移到計劃位置上。",
        "S8:将{architect}建筑师上面的公共建筑板块放到D行的 {site} 位置;移除该位置中的碎石方块"
        "(放回盒中);把该建筑师的下一个建筑移到计划位置上。",
    ),
    "s10_treasury_kept": (
        "S10: a Treasury card: keep it aside and reveal another blue card.",
        "S10:國庫卡:保留卡牌,再翻開一張藍色卡牌。",
        "S10:国库卡:保留卡牌,再翻开一张蓝色卡牌。",
    ),
    "s10_courtier": (
        "S10: put Lacerda's courtier on the {noble}'s portrait.",
        "S10:將拉塞爾達的大臣米寶放在{noble}的貴族肖像上。",
        "S10:将拉塞尔达的大臣米宝放在{noble}的贵族肖像上。",
    ),
    "s11_decree_69": (
        "S11: whenever decree #69 (or a 2-player card) is revealed, remove it and reveal a "
        "new card ({rule}).",
        "S11:每當69號法令卡(或2人卡)被展示,直接移除並抽取新的卡牌({rule})。",
        "S11:每当69号法令卡(或2人卡)被展示,直接移除并抽取新的卡牌({rule})。",
    ),
    "s12_ready": (
        "Ready. Lacerda: influence {influence}, wigs {wigs}, officials {officials} in his area "
        "and in offices {offices}, {houses} houses, favour {favour}; helper on the {helper} "
        "deck, courtier on the {courtier}.",
        "準備完成。拉塞爾達:影響力 {influence},假髮 {wigs},區域中行政員 {officials},辦公室 "
        "{offices},木屋 {houses},恩寵 {favour};助手在{helper}牌堆,大臣在{courtier}。",
        "准备完成。拉塞尔达:影响力 {influence},假发 {wigs},区域中行政员 {officials},办公室 "
        "{offices},木屋 {houses},恩宠 {favour};助手在{helper}牌堆,大臣在{courtier}。",
    ),
    "your_turn": (
        "Round {round}: play your turn under the normal rules, then answer.",
        "第{round}輪:按照正常的規則完成你的回合,然後回答。",
        "第{round}轮:按照正常的规则完成你的回合,然后回答。",
    ),
    "no_follow_without_favour": (
        "Lacerda does not follow: he has no royal favour tile of the {noble} (follow=with-favour).",
        "拉塞爾達不跟隨:他沒有{noble}的恩寵板塊(follow=with-favour)。",
        "拉塞尔达不跟随:他没有{noble}的恩宠板块(follow=with-favour)。",
    ),
    "follows": (
        "Lacerda follows your visit to the {noble}: he takes the noble's action.",
        "拉塞爾達跟隨你拜訪{noble}:他執行對應的貴族行動。",
        "拉塞尔达跟随你拜访{noble}:他执行对应的贵族行动。",
    ),
    "does_not_follow": ("Lacerda does not follow the {noble} after all.",
                        "拉塞爾達最終不跟隨{noble}。", "拉塞尔达最终不跟随{noble}。"),
    "wigs_gained": ("Lacerda gains {amount} wigs: move his marker to {wigs}.",
                    "拉塞爾達獲得 {amount} 假髮:把他的標記移到 {wigs}。",
                    "拉塞尔达获得 {amount} 假发:把他的标记移到 {wigs}。"),
    "church_gain": (
        "Church scoring: Lacerda removes no tiles and gains the influence of his ships ({ships}) "
        "plus your portfolio ({portfolio}).",
        "教堂計分:拉塞爾達不移除任何板塊,獲得他的船隻({ships})和你的公文包({portfolio})中影響力總值"
        "的影響力。",
        "教堂计分:拉塞尔达不移除任何板块,获得他的船只({ships})和你的公文包({portfolio})中影响力总值"
        "的影响力。",
    ),
    "influence_gained": ("Lacerda gains {amount} influence: move his disc to {influence}.",
                         "拉塞爾達獲得 {amount} 影響力:把他的標記移到 {influence}。",
                         "拉塞尔达获得 {amount} 影响力:把他的标记移到 {influence}。"),
    "influence_capped": (
        "Lacerda's influence reaches the top: his disc to {influence} and 1 wig (wigs {wigs}).",
        "拉塞爾達的影響力到頂:標記移到 {influence},並獲得1假髮(假髮 {wigs})。",
        "拉塞尔达的影响力到顶:标记移到 {influence},并获得1假发(假发 {wigs})。",
    ),
    "game_ends_after_round": (
        "The end of the game is triggered: Lacerda takes his turn, then one final round.",
        "觸發遊戲結束:拉塞爾達進行他的回合,然後再進行最後一輪。",
        "触发游戏结束:拉塞尔达进行他的回合,然后再进行最后一轮。",
    ),
    "lacerda_turn": ("Lacerda's turn (round {round}).", "拉塞爾達的回合(第{round}輪)。",
                     "拉塞尔达的回合(第{round}轮)。"),
    "h4_dock_ships": (
        "Return Lacerda's ships that are at sea to the dock (their goods go back to the supply).",
        "把拉塞爾達出海的船隻放回碼頭(船上的貨物放回供應區)。",
        "把拉塞尔达出海的船只放回码头(船上的货物放回供应区)。",
    ),
    "t1_courtier": ("1. Move Lacerda's courtier to the {noble}'s portrait.",
                    "1. 移動大臣米寶到{noble}的肖像上。", "1. 移动大臣米宝到{noble}的肖像上。"),
    "t2_state_action": (
        "2. State action: the {position} action of the {noble} (helper on the {helper} deck): "
        "{action}.",
        "2. 國家行動:{noble}的{position}國家行動(助手在{helper}牌堆):{action}。",
        "2. 国家行动:{noble}的{position}国家行动(助手在{helper}牌堆):{action}。",
    ),
    "impossible": ("Not possible: Lacerda skips {action}; nothing changes.",
                   "不可行:拉塞爾達跳過{action},沒有任何改變。",
                   "不可行:拉塞尔达跳过{action},没有任何改变。"),
    "a1_take_plan": (
        "Take the top plan of the {architect} architect's stack into Lacerda's area (plans "
        "{plans}); reveal the next plan.",
        "拿取{architect}建築師計劃板塊堆頂部的計劃板塊,放到拉塞爾達的遊戲區域中(計劃 {plans})。",
        "拿取{architect}建筑师计划板块堆顶部的计划板块,放到拉塞尔达的游戏区域中(计划 {plans})。",
    ),
    "a2_officials": (
        "Move Lacerda's officials from his area into the offices of: {offices} (left in his "
        "area: {supply}). His officials are never removed.",
        "從拉塞爾達的遊戲區域移動行政員到這些辦公室:{offices}(區域中剩 {supply})。拉塞爾達的行政員"
        "永遠不會被移除。",
        "从拉塞尔达的游戏区域移动行政员到这些办公室:{offices}(区域中剩 {supply})。拉塞尔达的行政员"
        "永远不会被移除。",
    ),
    "a3_take_ship": (
        "Take the top ship card ({colour}) into Lacerda's area (ships {ships}); you may also "
        "use this ship, by the normal rules; move the treasury marker up one space.",
        "拿取牌堆中最上面的船卡({colour}),放在拉塞爾達的遊戲區域中(船隻 {ships});按照正常規則,你也"
        "可以使用這艘船。國庫標記物向上移動一格。",
        "拿取牌堆中最上面的船卡({colour}),放在拉塞尔达的游戏区域中(船只 {ships});按照正常规则,你也"
        "可以使用这艘船。国库标记物向上移动一格。",
    ),
    "a3_gain": (
        "Lacerda gains the influence on his ship ({ships}) plus your portfolio ({portfolio}).",
        "拉塞爾達獲得船隻上({ships})和你的公文包({portfolio})中影響力總值的影響力。",
        "拉塞尔达获得船只上({ships})和你的公文包({portfolio})中影响力总值的影响力。",
    ),
    "a4_produce": (
        "Put the goods produced ({made}) in Lacerda's area (now {goods}); lower the price of "
        "each good produced by one step.",
        "將生產的貨物({made})放入拉塞爾達的遊戲區域(現有 {goods}),並降低一格貨物的價格。",
        "将生产的货物({made})放入拉塞尔达的游戏区域(现有 {goods}),并降低一格货物的价格。",
    ),
    "a5_move_cardinal": ("Move the Cardinal two spaces.", "將主教移動兩格。", "将主教移动两格。"),
    "a5_clergy_tile": (
        "Remove the clergy tile in front of the Cardinal from the game; Lacerda gains its "
        "{amount} wigs (wigs {wigs}).",
        "拿取並移除主教前方的牧師板塊;拉塞爾達獲得板塊背面的 {amount} 假髮(假髮 {wigs})。",
        "拿取并移除主教前方的牧师板块;拉塞尔达获得板块背面的 {amount} 假发(假发 {wigs})。",
    ),
    "treasury_up": ("Move the treasury marker up one space.", "國庫標記物向上移動一格。",
                    "国库标记物向上移动一格。"),
    "a5_church_scoring": (
        "The Cardinal passed the influence icon: church scoring. You score under the normal "
        "rules.",
        "主教穿過影響力圖標:觸發教堂計分。你按照正常規則計分。",
        "主教穿过影响力图标:触发教堂计分。你按照正常规则计分。",
    ),
    "a5_landed_no_scoring": (
        "The Cardinal stops on the influence icon without passing it: no church scoring "
        "(church_trigger=passes).",
        "主教停在影響力圖標上,沒有穿過:不觸發教堂計分(church_trigger=passes)。",
        "主教停在影响力图标上,没有穿过:不触发教堂计分(church_trigger=passes)。",
    ),
    "a6_take_favour": (
        "Take the {noble}'s royal favour tile for Lacerda (favours {favours}).",
        "為拉塞爾達拿取{noble}的恩寵板塊(恩寵 {favours})。",
        "为拉塞尔达拿取{noble}的恩宠板块(恩宠 {favours})。",
    ),
    "t3_noble_action": (
        "3. Noble action of the {noble}: {action}.",
        "3. {noble}的貴族行動:{action}。",
        "3. {noble}的贵族行动:{action}。",
    ),
    "pays_influence": ("Lacerda pays {cost} influence: his disc to {influence}.",
                       "拉塞爾達支付 {cost} 影響力:標記移到 {influence}。",
                       "拉塞尔达支付 {cost} 影响力:标记移到 {influence}。"),
    "pays_wigs": (
        "Lacerda pays {cost}: all his influence ({influence_spent}) and {wigs_spent} wigs; "
        "influence {influence}, wigs {wigs}.",
        "拉塞爾達支付 {cost}:全部影響力({influence_spent})及 {wigs_spent} 假髮;影響力 "
        "{influence},假髮 {wigs}。",
        "拉塞尔达支付 {cost}:全部影响力({influence_spent})及 {wigs_spent} 假发;影响力 "
        "{influence},假发 {wigs}。",
    ),
    "cannot_pay": (
        "Lacerda cannot pay {cost} (influence {influence}, wigs {wigs}): he skips the action.",
        "拉塞爾達無法支付 {cost}(影響力 {influence},假髮 {wigs}):跳過行動。",
        "拉塞尔达无法支付 {cost}(影响力 {influence},假发 {wigs}):跳过行动。",
    ),
    "n1_build_store": (
        "Build Lacerda's store on lot {lot}, facing left; he pays no land cost and ignores the "
        "lot's reward.",
        "在 {lot} 位置為拉塞爾達建造商店,面向左側;他不支付土地費用,忽略位置中的獎勵。",
        "在 {lot} 位置为拉塞尔达建造商店,面向左侧;他不支付土地费用,忽略位置中的奖励。",
    ),
    "n1_store_scored": (
        "His {good} store on {lot} scores {amount} wigs (wigs {wigs}).",
        "他在 {lot} 的{good}商店獲得 {amount} 假髮(假髮 {wigs})。",
        "他在 {lot} 的{good}商店获得 {amount} 假发(假发 {wigs})。",
    ),
    "n1_no_rubble": ("No rubble in that row or column: he takes no cube.",
                     "該行與列中沒有碎石方塊:他不拿取方塊。",
                     "该行与列中没有碎石方块:他不拿取方块。"),
    "n1_rubble_from_column": (
        "Take a {colour} rubble cube from the bottom of column {column} into Lacerda's area.",
        "從第 {column} 列的底部拿取一個{colour}碎石方塊到拉塞爾達的遊戲區域中。",
        "从第 {column} 列的底部拿取一个{colour}碎石方块到拉塞尔达的游戏区域中。",
    ),
    "n1_rubble_from_row": (
        "Take a {colour} rubble cube from row {row} into Lacerda's area.",
        "從 {row} 行拿取一個{colour}碎石方塊到拉塞爾達的遊戲區域中。",
        "从 {row} 行拿取一个{colour}碎石方块到拉塞尔达的游戏区域中。",
    ),
    "n2_take_decrees": (
        "Take the {taken} leftmost decree cards into Lacerda's area (decrees {decrees}); slide "
        "the rest left and fill the display with new cards (#69: {rule}).",
        "從展示的法令卡左側拿取 {taken} 張到拉塞爾達的遊戲區域中(法令 {decrees});將其餘法令卡向左"
        "滑動,並填充新的卡牌(69號:{rule})。",
        "从展示的法令卡左侧拿取 {taken} 张到拉塞尔达的游戏区域中(法令 {decrees});将其余法令卡向左"
        "滑动,并填充新的卡牌(69号:{rule})。",
    ),
    "n3_open_building": (
        "Open the {architect} architect's public building on site {site}: Lacerda ignores the "
        "reward, hires no official, uses no plan; he gains {his} wigs (wigs {wigs}), you gain "
        "{yours}. Refill the plan space.",
        "在 {site} 開放{architect}建築師的公共建築:拉塞爾達忽略獎勵,不雇傭行政員,不使用計劃;他獲得 "
        "{his} 假髮(假髮 {wigs}),你獲得 {yours}。補充計劃位置。",
        "在 {site} 开放{architect}建筑师的公共建筑:拉塞尔达忽略奖励,不雇佣行政员,不使用计划;他获得 "
        "{his} 假发(假发 {wigs}),你获得 {yours}。补充计划位置。",
    ),
    "n3_cubes": ("Move the site's {cubes} rubble cubes into Lacerda's area (cubes {rubble}).",
                 "把該位置的 {cubes} 個碎石方塊移到拉塞爾達的遊戲區域(方塊 {rubble})。",
                 "把该位置的 {cubes} 个碎石方块移到拉塞尔达的游戏区域(方块 {rubble})。"),
    "f1_you_may_follow": (
        "You may follow Lacerda's visit to the {noble} with a royal favour tile, under the "
        "normal rules.",
        "你可以使用{noble}的恩寵板塊,按照正常規則跟隨拉塞爾達的行動。",
        "你可以使用{noble}的恩宠板块,按照正常规则跟随拉塞尔达的行动。",
    ),
    "t4_remove_card": (
        "4. Remove the top card of the {deck} deck from the game and reveal the next one.",
        "4. 移除{deck}牌堆頂部的卡牌,翻開下一張。",
        "4. 移除{deck}牌堆顶部的卡牌,翻开下一张。",
    ),
    "t4_nothing_to_remove": ("4. The {deck} deck is empty: no card is removed.",
                             "4. {deck}牌堆是空的:不移除卡牌。",
                             "4. {deck}牌堆是空的:不移除卡牌。"),
    "t5_helper_moves": ("5. Move the helper to the {deck} deck.", "5. 移動助手到{deck}牌堆。",
                        "5. 移动助手到{deck}牌堆。"),
    "t5_helper_stays": ("5. The helper stays on the {deck} deck.", "5. 助手留在{deck}牌堆。",
                        "5. 助手留在{deck}牌堆。"),
    "final_round_next": (
        "The end of the game is triggered: one final round follows (you, then Lacerda).",
        "觸發遊戲結束:再進行最後一輪(你,然後拉塞爾達)。",
        "触发游戏结束:再进行最后一轮(你,然后拉塞尔达)。",
    ),
    "period_ends_by_decks": ("Three decks are empty: the period ends.", "三個牌堆已空:時代結束。",
                             "三个牌堆已空:时代结束。"),
    "e_end_of_period": (
        "End of the period: Lacerda gains 1 wig per rubble cube ({cubes}; wigs {wigs}) and keeps "
        "the cubes. Discard the display's cards; discard the shipyard's ships and put in purple "
        "on brown; you may discard cards and refill to 5 from the purple deck; lay out the brown "
        "decks (the helper and courtier stay); refill the church track and the decrees.",
        "時代的結束:拉塞爾達每個碎石方塊計1個假髮分數({cubes};假髮 {wigs}),方塊保留。棄掉展示區的"
        "卡牌;棄掉船塢的船,放入紫色(在上)和棕色船;你可棄牌並從紫色牌堆補到5張;擺出棕色牌堆"
        "(助手和大臣不動);補充教堂和法令卡。",
        "时代的结束:拉塞尔达每个碎石方块计1个假发分数({cubes};假发 {wigs}),方块保留。弃掉展示区的"
        "卡牌;弃掉船坞的船,放入紫色(在上)和棕色船;你可弃牌并从紫色牌堆补到5张;摆出棕色牌堆"
        "(助手和大臣不动);补充教堂和法令卡。",
    ),
    "majority_counts": (
        "For the majorities: Lacerda has {stores} stores and {offices} officials in offices.",
        "多數比較:拉塞爾達有 {stores} 個商店,辦公室中 {offices} 個行政員。",
        "多数比较:拉塞尔达有 {stores} 个商店,办公室中 {offices} 个行政员。",
    ),
    "lacerda_score": (
        "Lacerda's score: wigs {wigs} + ships {ships} + rubble {rubble} + stores {stores} + "
        "decrees {decrees} + officials {officials} + favours {favours} = {total}.",
        "拉塞爾達的計分:假髮 {wigs} + 船隻 {ships} + 碎石 {rubble} + 商店 {stores} + 法令 "
        "{decrees} + 行政員 {officials} + 恩寵 {favours} = {total}。",
        "拉塞尔达的计分:假发 {wigs} + 船只 {ships} + 碎石 {rubble} + 商店 {stores} + 法令 "
        "{decrees} + 行政员 {officials} + 恩宠 {favours} = {total}。",
    ),
    "rank": (
        "Your position at the court of the new Lisbon: {rank} (you {score}, Lacerda {lacerda}).",
        "你在新里斯本宮廷中的地位:{rank}(你 {score},拉塞爾達 {lacerda})。",
        "你在新里斯本宫廷中的地位:{rank}(你 {score},拉塞尔达 {lacerda})。",
    ),
    "corrected": ("Corrected: Lacerda's {marker} {before} → {value}.",
                  "已更正:拉塞爾達的{marker} {before} → {value}。",
                  "已更正:拉塞尔达的{marker} {before} → {value}。"),
}

# -- what the companion asks ------------------------------------------------------------
ASK: dict[str, tuple[str, str, str]] = {
    "confirm_settings": ("Confirm the settings?", "確認設定?", "确认设定?"),
    "your_colour": ("Your colour?", "你的顏色?", "你的颜色?"),
    "lacerda_colour": ("Lacerda's colour (not yours)?", "拉塞爾達的顏色(不同於你的)?",
                       "拉塞尔达的颜色(不同于你的)?"),
    "helper_colour": ("The helper's colour (neither yours nor Lacerda's)?",
                      "助手的顏色(不同於你倆的顏色)?", "助手的颜色(不同于你俩的颜色)?"),
    "favour_tile": ("Which royal favour tile did Lacerda draw?", "拉塞爾達抽到哪個恩寵板塊?",
                    "拉塞尔达抽到哪个恩宠板块?"),
    "scoring_tiles": (
        "Place the 4 scoring tiles with no equal values side by side. Done?",
        "放置4個計分板塊,確定沒有相同數值的相鄰。完成了嗎?",
        "放置4个计分板块,确定没有相同数值的相邻。完成了吗?",
    ),
    "helper_card": ("Reveal a blue card: which figure does it show (the helper's deck)?",
                    "翻開一張藍色卡牌:它顯示哪個畫面(助手的牌堆)?",
                    "翻开一张蓝色卡牌:它显示哪个画面(助手的牌堆)?"),
    "courtier_card": ("Reveal another blue card: which figure does it show (the courtier)?",
                      "再翻開一張藍色卡牌:它顯示哪個畫面(大臣)?",
                      "再翻开一张蓝色卡牌:它显示哪个画面(大臣)?"),
    "you_visited": ("Your turn is done. Did you visit a noble (play a card to the Royal Court)?",
                    "你的回合完成了。你拜訪了貴族嗎?", "你的回合完成了。你拜访了贵族吗?"),
    "wigs_in_your_turn": (
        "Wigs Lacerda earned in your turn (his ships you used, his stores your opening scored, "
        "other)?",
        "拉塞爾達在你的回合中獲得的假髮(你使用他的船隻、你開放建築使他的商店得分等)?",
        "拉塞尔达在你的回合中获得的假发(你使用他的船只、你开放建筑使他的商店得分等)?",
    ),
    "church_in_your_turn": (
        "Did church scoring happen in your turn?",
        "你的回合中發生了教堂計分嗎?",
        "你的回合中发生了教堂计分吗?",
    ),
    "your_trigger": (
        "Did your turn trigger the end of the period (or game): your 2nd (4th) rubble set, or "
        "3 decks empty?",
        "你的回合觸發了時代(或遊戲)的結束嗎:完成第2(第4)組碎石,或3個牌堆已空?",
        "你的回合触发了时代(或游戏)的结束吗:完成第2(第4)组碎石,或3个牌堆已空?",
    ),
    "top_plan": ("Officials shown on the top plan of the {architect} architect's stack?",
                 "{architect}建築師計劃板塊堆頂部的計劃顯示多少行政員?",
                 "{architect}建筑师计划板块堆顶部的计划显示多少行政员?"),
    "full_offices": ("Which offices are full?", "哪些辦公室已滿?", "哪些办公室已满?"),
    "top_ship": (
        "The top ship card in the shipyard?",
        "船塢中最上面的船卡?",
        "船坞中最上面的船卡?",
    ),
    "ship_influence": ("Influence shown on that {colour} ship?", "那艘{colour}船上的影響力?",
                       "那艘{colour}船上的影响力?"),
    "ship_value": ("That {colour} ship's end value (wigs)?", "那艘{colour}船的價值(假髮)?",
                   "那艘{colour}船的价值(假发)?"),
    "portfolio_influence": ("Total influence in your portfolio?", "你的公文包中影響力總值?",
                            "你的公文包中影响力总值?"),
    "production": (
        "Goods Lacerda produces under the normal rules?",
        "按照正常規則拉塞爾達生產的貨物?",
        "按照正常规则拉塞尔达生产的货物?",
    ),
    "clergy_wigs": ("Wigs on the back of the clergy tile in front of the Cardinal?",
                    "主教前方牧師板塊背面的假髮分數?", "主教前方牧师板块背面的假发分数?"),
    "treasury_icon": ("Did the Cardinal land on or pass the treasury icon?",
                      "主教處於或穿過國庫圖標嗎?", "主教处于或穿过国库图标吗?"),
    "influence_icon": ("And the influence icon?", "影響力圖標呢?", "影响力图标呢?"),
    "favour_left": ("Is a royal favour tile of the {noble} left on its portrait?",
                    "{noble}的肖像上還有恩寵板塊嗎?", "{noble}的肖像上还有恩宠板块吗?"),
    "visit_cost": ("Influence cost of the {noble}'s action for Lacerda now (normal rules)?",
                   "按照正常規則,拉塞爾達現在執行{noble}的行動需支付多少影響力?",
                   "按照正常规则,拉塞尔达现在执行{noble}的行动需支付多少影响力?"),
    "store_lots": (
        "Empty lots where a store is legal (rows A–D), each with the wigs Lacerda's left-facing "
        "store would score there?",
        "可以合法建造商店的空位置(A–D行),以及拉塞爾達面向左側的商店在該處可獲得的假髮?",
        "可以合法建造商店的空位置(A–D行),以及拉塞尔达面向左侧的商店在该处可获得的假发?",
    ),
    "store_good": ("Which good does the left-facing store on {lot} sell?",
                   "{lot} 面向左側的商店是哪種貨物?", "{lot} 面向左侧的商店是哪种货物?"),
    "rubble_in_row": ("Which rubble colours are in row {row}?", "{row} 行中有哪些顏色的碎石方塊?",
                      "{row} 行中有哪些颜色的碎石方块?"),
    "rubble_in_column": ("Which rubble colours are in column {column}?",
                         "第 {column} 列中有哪些顏色的碎石方塊?",
                         "第 {column} 列中有哪些颜色的碎石方块?"),
    "decrees_shown": ("How many decree cards are in the display?", "展示區有多少張法令卡?",
                      "展示区有多少张法令卡?"),
    "buildings_available": ("Which architects' plan spaces hold a public building?",
                            "哪些建築師的計劃位置上有公共建築?",
                            "哪些建筑师的计划位置上有公共建筑?"),
    "empty_sites": ("Which public-building sites are empty?", "哪些公共建築位置是空的?",
                    "哪些公共建筑位置是空的?"),
    "openings": (
        "Openings that score: building, site, Lacerda's wigs, your wigs (others count 0)?",
        "會得分的開放:建築、位置、拉塞爾達的假髮、你的假髮(未列出的計0)?",
        "会得分的开放:建筑、位置、拉塞尔达的假发、你的假发(未列出的计0)?",
    ),
    "site_cubes": ("Rubble cubes left on site {site}?", "{site} 位置上剩下的碎石方塊?",
                   "{site} 位置上剩下的碎石方块?"),
    "empty_decks": ("Which of the four decks in the display are empty now?",
                    "展示區的四個牌堆中,現在哪些是空的?", "展示区的四个牌堆中,现在哪些是空的?"),
    "deck_now_empty": ("Is the {deck} deck empty now?", "{deck}牌堆現在空了嗎?",
                       "{deck}牌堆现在空了吗?"),
    "majority_wigs": ("Wigs Lacerda gets from the store and officials majorities?",
                      "拉塞爾達從商店與行政員多數獲得的假髮?",
                      "拉塞尔达从商店与行政员多数获得的假发?"),
    "your_score": ("Your final score under the 2-player rules?", "按照2人遊戲規則,你的最終分數?",
                   "按照2人游戏规则,你的最终分数?"),
    "your_stores": ("Your stores built?", "你建造的商店數量?", "你建造的商店数量?"),
    "your_officials": (
        "Your officials in offices?",
        "你在辦公室中的行政員?",
        "你在办公室中的行政员?",
    ),
    "your_reis": ("Your réis?", "你的雷亞爾?", "你的雷亚尔?"),
    "your_decrees": ("Your decree cards?", "你的法令卡?", "你的法令卡?"),
    "your_ships": ("Your ships?", "你的船隻?", "你的船只?"),
}

HINT: dict[str, tuple[str, str, str]] = {
    "choice": ("answer with a number or a word", "輸入編號或文字", "输入编号或文字"),
    "subset": ("e.g. 1,3 or none", "例如 1,3 或 none", "例如 1,3 或 none"),
    "number": ("a whole number", "整數", "整数"),
    "counts": ("one number each for: {names}", "依序輸入數字:{names}", "依序输入数字:{names}"),
    "name": ("a colour name", "顏色名稱", "颜色名称"),
    "tiles": ("done, or the 4 values (e.g. 2 2 3 4) and the companion arranges them",
              "done,或輸入4個數值(例如 2 2 3 4)由程式排列",
              "done,或输入4个数值(例如 2 2 3 4)由程序排列"),
    "setting": (
        "confirm, or key=value (e.g. follow=always)",
        "confirm,或 key=value(例如 follow=always)",
        "confirm,或 key=value(例如 follow=always)",
    ),
    "lots": ("e.g. B2 3, A4 3 — or none", "例如 B2 3, A4 3 — 或 none", "例如 B2 3, A4 3 — 或 none"),
    "openings": ("e.g. blue W-C 3 1, green N-2 2 0 — or none",
                 "例如 blue W-C 3 1, green N-2 2 0 — 或 none",
                 "例如 blue W-C 3 1, green N-2 2 0 — 或 none"),
}

UI: dict[str, tuple[str, str, str]] = {
    "title": ("Lisboa solo: Lacerda", "里斯本單人:拉塞爾達", "里斯本单人:拉塞尔达"),
    "area": ("Lacerda's area", "拉塞爾達的遊戲區域", "拉塞尔达的游戏区域"),
    "influence": ("influence", "影響力", "影响力"),
    "wigs": ("wigs", "假髮", "假发"),
    "courtier": ("courtier", "大臣", "大臣"),
    "helper": ("helper", "助手", "助手"),
    "officials": ("officials (area / offices)", "行政員(區域/辦公室)", "行政员(区域/办公室)"),
    "houses": ("houses", "木屋", "木屋"),
    "stores": ("stores", "商店", "商店"),
    "rubble": ("rubble", "碎石方塊", "碎石方块"),
    "plans": ("plans", "計劃板塊", "计划板块"),
    "ships": ("ships", "船隻", "船只"),
    "goods": ("goods", "貨物", "货物"),
    "decrees": ("decrees", "法令卡", "法令卡"),
    "favours": ("royal favours", "恩寵板塊", "恩宠板块"),
    "period": ("period / round", "時代/輪", "时代/轮"),
    "rank": ("rank", "地位", "地位"),
    "score": ("Lacerda's score", "拉塞爾達的分數", "拉塞尔达的分数"),
    "undo": ("undo", "撤銷", "撤销"),
    "log": ("log", "記錄", "记录"),
    "answer": ("answer", "回答", "回答"),
    "over": ("The game is over.", "遊戲結束。", "游戏结束。"),
    "settings_help": ("help explains each setting", "輸入 help 查看每項設定的說明",
                      "输入 help 查看每项设定的说明"),
    "lobby": ("Lisboa solo: Lacerda (companion for the physical game)",
              "里斯本單人:拉塞爾達(實體遊戲的助手)", "里斯本单人:拉塞尔达(实体游戏的助手)"),
}


SETTINGS: dict[str, tuple[str, str, str]] = {
    "start_official": ("Q12: his first official in the Marquis's office (marquis, as the 2-player "
                       "set-up) or in his area (area, the seed's words)",
                       "Q12:他的第一個行政員在首相辦公室(marquis,2人設置)或在他的區域(area,規則原文)",
                       "Q12:他的第一个行政员在首相办公室(marquis,2人设置)或在他的区域(area,规则原文)"),
    "follow": ("Q23: he follows your visits only with that noble's favour (with-favour) or "
               "always (always, the seed's words)",
               "Q23:他只在持有該貴族恩寵時跟隨(with-favour)或總是跟隨(always,規則原文)",
               "Q23:他只在持有该贵族恩宠时跟随(with-favour)或总是跟随(always,规则原文)"),
    "decree_69": ("Q43: where #69's replacement goes", "Q43:69號法令卡的替換放在哪裡",
                  "Q43:69号法令卡的替换放在哪里"),
    "wig_rate": ("Q18: wigs he pays per missing influence", "Q18:每缺1影響力支付的假髮",
                 "Q18:每缺1影响力支付的假发"),
    "influence_cap": ("Q18: influence stops at 10 with 1 wig per gain there (on) or has no cap "
                      "(off, the seed's words)",
                      "Q18:影響力上限10,到頂每次得1假髮(on)或無上限(off,規則原文)",
                      "Q18:影响力上限10,到顶每次得1假发(on)或无上限(off,规则原文)"),
    "church_trigger": ("Q19: church scoring when the Cardinal passes the influence icon, or "
                       "also when it lands on it",
                       "Q19:主教穿過影響力圖標才觸發教堂計分,或停在上面也觸發",
                       "Q19:主教穿过影响力图标才触发教堂计分,或停在上面也触发"),
    "ship_influence": ("Q5: the ship action gives the new ship's influence (new) or all his "
                       "ships' (all)",
                       "Q5:船只行動獲得新船的影響力(new)或他所有船的(all)",
                       "Q5:船只行动获得新船的影响力(new)或他所有船的(all)"),
    "scoring": ("Q3, Q4: his stores and officials count 1 each (count, the seed) or as "
                "majorities (majority)",
                "Q3、Q4:他的商店與行政員各計1分(count,規則原文)或比多數(majority)",
                "Q3、Q4:他的商店与行政员各计1分(count,规则原文)或比多数(majority)"),
    "helper_cycle": ("Q1: the order the helper moves through the decks",
                     "Q1:助手在牌堆間移動的順序", "Q1:助手在牌堆间移动的顺序"),
    "state_actions": ("Q2: each noble's upper/lower state actions, as the board shows them",
                      "Q2:每位貴族上面/下面的國家行動(依版圖)",
                      "Q2:每位贵族上面/下面的国家行动(依版图)"),
    "office_capacity": ("Q16: officials an office holds (0: no limit)",
                        "Q16:每個辦公室可容納的行政員(0:無上限)",
                        "Q16:每个办公室可容纳的行政员(0:无上限)"),
    "rubble_cost": ("N1, Q6: the cost of each rubble colour, for the most expensive cube",
                    "N1、Q6:各色碎石方塊的費用(拿最貴的)", "N1、Q6:各色碎石方块的费用(拿最贵的)"),
}


def setting(key: str, lang: str = "en") -> str:
    """What a setting decides, with the ruling it stands for, in ``lang``."""
    return _pick(SETTINGS, key, lang)


def _pick(table: dict[str, tuple[str, str, str]], key: str, lang: str) -> str:
    if key not in table:
        raise KeyError(f"no text for {key!r}")
    return table[key][_lang_index(lang)]


_ONE = re.compile(r"(?<![\d.])1 (wig|store|cube|official|decree|ship|plan|card|house|tile)s\b")


def _fill(template: str, params: dict[str, Any], lang: str) -> str:
    text = template.format(**{k: _name(v, lang) for k, v in params.items()})
    return _ONE.sub(r"1 \1", text) if lang == "en" else text  # "1 wig", not "1 wigs"


def say(line: Line, lang: str = "en") -> str:
    """One thing the companion says, in ``lang``."""
    params = dict(line.params)
    if line.key == "settings":
        params["values"] = "; ".join(f"{k}={v}" for k, v in params["values"].items())
    if line.key == "corrected":
        params["marker"] = ui(params["marker"], lang)
    return _fill(_pick(SAY, line.key, lang), params, lang)


def ask(prompt: Prompt, lang: str = "en") -> str:
    """The question of a prompt, in ``lang``."""
    params = {k: v for k, v in prompt.params.items() if isinstance(v, str)}
    return _fill(_pick(ASK, prompt.key, lang), params, lang)


def hint(prompt: Prompt, lang: str = "en") -> str:
    """How to answer a prompt, in ``lang``."""
    text = _pick(HINT, prompt.kind, lang)
    if prompt.kind == "number":
        text = f"{prompt.low}–{prompt.high}"
        if prompt.none_word:
            text += f" {'or' if lang == 'en' else '或'} {prompt.none_word}"
    return text.format(names=_name(list(prompt.options), lang))


def ui(key: str, lang: str = "en") -> str:
    """A label of the front ends, in ``lang``."""
    return _pick(UI, key, lang)


# -- why an answer was refused (AnswerError's key; English is the error's own message) ------
ERRORS: dict[str, tuple[str, str]] = {  # zh-Hant, zh-Hans
    "not_text": ("回答必須是文字", "回答必须是文字"),
    "empty": ("回答是空的", "回答是空的"),
    "too_long": ("回答太長(最多500個字元)", "回答太长(最多500个字符)"),
    "choice": ("請輸入編號1到{count},或以下之一:{options}(不是「{typed}」)",
               "请输入编号1到{count},或以下之一:{options}(不是「{typed}」)"),
    "subset": ("「{typed}」不是以下之一:{options}(編號1到{count},或 none)",
               "「{typed}」不是以下之一:{options}(编号1到{count},或 none)"),
    "twice": ("{what} 重複了", "{what} 重复了"),
    "number": ("請輸入{low}到{high}的數字(不是{typed})", "请输入{low}到{high}的数字(不是{typed})"),
    "counts": ("請輸入{count}個數字,依序為:{options}", "请输入{count}个数字,依序为:{options}"),
    "at_most": ("{what}:最多{high}(不是{typed})", "{what}:最多{high}(不是{typed})"),
    "total": ("合計最多{total}(不是{typed})", "合计最多{total}(不是{typed})"),
    "whole": ("{what}:須為整數,不是「{typed}」", "{what}:须为整数,不是「{typed}」"),
    "name": ("名稱最多20個字母、數字、空格或連字號", "名称最多20个字母、数字、空格或连字符"),
    "name_taken": ("{name} 已被使用", "{name} 已被使用"),
    "lot_form": ("每個位置請寫行列和假髮,例如 B2 3(不是「{typed}」)",
                 "每个位置请写行列和假发,例如 B2 3(不是「{typed}」)"),
    "not_a_lot": (
        "「{typed}」不是位置:行A–D、列1–5,例如 B2",
        "「{typed}」不是位置:行A–D、列1–5,例如 B2",
    ),
    "lot_taken": (
        "{lot} 已有拉塞爾達的商店:請只列出空位置",
        "{lot} 已有拉塞尔达的商店:请只列出空位置",
    ),
    "opening_form": (
        "每個候選請寫建築、位置、拉塞爾達的假髮和你的假髮,"
        "例如 blue W-C 3 1(不是「{typed}」)",
        "每个候选请写建筑、位置、拉塞尔达的假发和你的假发,"
        "例如 blue W-C 3 1(不是「{typed}」)",
    ),
    "building": ("「{typed}」:可用的建築是 {options}", "「{typed}」:可用的建筑是 {options}"),
    "site": ("「{typed}」:空位是 {options}", "「{typed}」:空位是 {options}"),
    "tiles": (
        "請回答 done,或4個計分板塊的數值,例如 2 2 3 4",
        "请回答 done,或4个计分板块的数值,例如 2 2 3 4",
    ),
    "setting": (
        "請回答 confirm,或以 key=value 修改一項設定",
        "请回答 confirm,或以 key=value 修改一项设定",
    ),
    "bad_setting": ("設定無效:{reason}", "设定无效:{reason}"),
    "over": ("遊戲已結束:沒有問題要回答", "游戏已结束:没有问题要回答"),
    "too_many": ("一局最多{count}個回答", "一局最多{count}个回答"),
    "influence_cap": ("影響力在圖軌上是0到{high}", "影响力在图轨上是0到{high}"),
    "nothing_to_undo": ("沒有可撤銷的回答", "没有可撤销的回答"),
}
WHAT: dict[str, tuple[str, str]] = {  # what a number was for (AnswerError's ``what``)
    "answer": ("回答", "回答"),
    "tile": ("計分板塊的數值", "计分板块的数值"),
    "wigs_at": ("{lot} 的假髮", "{lot} 的假发"),
    "his_wigs": ("拉塞爾達的假髮", "拉塞尔达的假发"),
    "your_wigs": ("你的假髮", "你的假发"),
}


def error(err: AnswerError, lang: str = "en") -> str:
    """Why an answer was refused, in ``lang`` (English: the error's own message)."""
    at = _lang_index(lang)
    if at == 0 or err.key not in ERRORS:
        return str(err)
    params = dict(err.params)
    what = params.get("what")
    if isinstance(what, str):
        params["what"] = (WHAT[what][at - 1].format(**params) if what in WHAT
                          else option(what, lang))
    if "options" in params:
        params["options"] = _name(list(params["options"]), lang)
    return ERRORS[err.key][at - 1].format(**params)


def area(state: Lacerda, lang: str = "en") -> list[tuple[str, str]]:
    """Lacerda's play area as (label, value) rows, in ``lang``."""
    sep = ", " if lang == "en" else "、"
    offices = sep.join(f"{option(n, lang)} {c}" for n, c in state.offices.items())
    cubes = [f"{option(c, lang).split(' ')[0].split('(')[0]} {state.rubble.count(c)}"
             for c in RUBBLE if c in state.rubble]
    ships = sep.join(f"{option(s.colour, lang)} ({s.influence}/{s.value})" for s in state.ships)
    rows = [
        ("influence", str(state.influence)),
        ("wigs", str(state.wigs)),
        ("courtier", option(state.courtier, lang) if state.courtier else "—"),
        ("helper", option(state.helper, lang) if state.helper else "—"),
        ("officials", f"{state.officials_supply} / {offices}"),
        ("houses", str(state.houses_supply)),
        ("stores", sep.join(f"{lot} {option(good, lang)}" for lot, good in state.stores)
         or "—"),
        ("rubble", f"{len(state.rubble)}" + (f" ({', '.join(cubes)})" if cubes else "")),
        ("ships", ships or "—"),
        ("goods", _name({g: n for g, n in state.goods.items() if n}, lang) or "—"),
        ("decrees", str(state.decrees)),
        ("favours", _name(state.favours, lang)),
        ("plans", str(state.plans)),
        ("period", f"{state.period} / {state.round}"),
    ]
    if state.score is not None:
        rows.append(("score", str(state.score["total"])))
    if state.rank is not None:
        rows.append(("rank", option(state.rank, lang)))
    return [(ui(key, lang), value) for key, value in rows]

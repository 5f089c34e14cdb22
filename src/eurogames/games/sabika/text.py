"""Sabika in words: every decision and event in en, zh-Hant and zh-Hans with the seed's terms
(docs/rules/sabika.md quotes them: 建築大師, 商人, 詩人, 石膏, 木材, 大理石, 釉面陶器, …)."""

from __future__ import annotations

from typing import Any

from eurogames.games.sabika import actions as A

MATERIAL_NAMES = {
    "en": ("plaster", "wood", "marble", "glazed ceramic"),
    "zh-Hant": ("石膏", "木材", "大理石", "釉面陶器"),
}
GOODS_NAMES = {  # H4: a token named by its goods side, its raw side in brackets
    "en": ("sugar", "pottery", "clothing"),
    "zh-Hant": ("砂糖", "陶器", "服裝"),
}
RAW_NAMES = {"en": ("sugarcane", "clay", "silk"), "zh-Hant": ("甘蔗", "粘土", "絲綢")}
WORKER_NAMES = {
    "en": ("your first master builder", "your second master builder", "your merchant",
           "your poet"),
    "zh-Hant": ("第一個建築大師", "第二個建築大師", "商人", "詩人"),
}
ACTION_NAMES = {
    "quarry_small": ("small quarry", "小型開採行動"),
    "quarry_large": ("large quarry", "大型開採行動"),
    "warehouse": ("warehouse", "倉庫行動"), "market": ("market", "市場行動"),
    "build": ("build", "建築行動"), "export": ("export", "出口行動"),
    "consolidate": ("consolidate", "鞏固行動"), "production": ("production", "生產行動"),
    "carve_poem": ("carve a poem", "雕刻詩歌"), "restart": ("restart", "重啟行動"),
    "handcraft": ("handcraft", "手作行動"),
}
SCORE_LABELS = {
    "start": {"en": "Start", "zh-Hant": "起始分數", "zh-Hans": "起始分数"},
    "buildings": {"en": "Buildings", "zh-Hant": "建築", "zh-Hans": "建筑"},
    "poems": {"en": "Carved poems", "zh-Hant": "雕刻詩歌", "zh-Hans": "雕刻诗歌"},
    "exports": {"en": "Exports", "zh-Hant": "出口商品", "zh-Hans": "出口商品"},
    "wishes": {"en": "The Sultan's wishes", "zh-Hant": "蘇丹的心願", "zh-Hans": "苏丹的心愿"},
    "majors": {"en": "Major poems", "zh-Hant": "大調詩歌", "zh-Hans": "大调诗歌"},
    "trade": {"en": "Trade card", "zh-Hant": "貿易分數", "zh-Hans": "贸易分数"},
    "leftovers": {"en": "Seals, goods, materials and dinars left",
                  "zh-Hant": "剩餘的印章、資源和第納爾",
                  "zh-Hans": "剩余的印章、资源和第纳尔"},
    "other": {"en": "Other rewards", "zh-Hant": "其他獎勵", "zh-Hans": "其他奖励"},
    "losses": {"en": "Rest and tribute", "zh-Hant": "休息和進貢", "zh-Hans": "休息和进贡"},
    "cards": {"en": "Worker cards", "zh-Hant": "工人卡", "zh-Hans": "工人卡"},  # Yusuf's, YE8
}
YUSUF_NAMES = {"en": "Yusuf", "zh-Hant": "優素福", "zh-Hans": "优素福"}
THIRD_PERSON = {
    "Keep": "keeps", "Move": "moves", "Rest": "rests", "End": "ends", "Take": "takes",
    "Process": "processes", "Expand": "expands", "Activate": "activates", "Visit": "visits",
    "Buy": "buys", "Sell": "sells", "Exchange": "exchanges", "Pay": "pays", "Build": "builds",
    "Gain": "gains", "Choose": "chooses", "Export": "exports", "Consolidate": "consolidates",
    "Carve": "carves", "Restart": "restarts", "Place": "places", "Perform": "performs",
    "Discard": "discards", "Make": "makes",
}
_TRADITIONAL = (
    "個輪盤築師詩開採動倉庫場鞏產啟裝絲綢納爾亞獲點數擇選張調藍紅塊擴獎勵購買賣換賽圖"
    "書轉貨來從將們為時這給與處優發蘇願貿進貢腳壞應餘資號補後鄰邊側隻國羅倫薩熱維區費"
    "銷結該戶順屬頭節經裏裡顏達軌驛樓頂層隨機廢棄擁錢幣標記戲遊無沒讓樣義勝終計門噴園"
    "宮舊輸運條線繼續執須並則價畫寶雙兩額務現實際決歸還風貝壇"
)
_SIMPLIFIED = (
    "个轮盘筑师诗开采动仓库场巩产启装丝绸纳尔亚获点数择选张调蓝红块扩奖励购买卖换赛图"
    "书转货来从将们为时这给与处优发苏愿贸进贡脚坏应余资号补后邻边侧只国罗伦萨热维区费"
    "销结该户顺属头节经里里颜达轨驿楼顶层随机废弃拥钱币标记戏游无没让样义胜终计门喷园"
    "宫旧输运条线继续执须并则价画宝双两额务现实际决归还风贝坛"
)
_HANS = str.maketrans(_TRADITIONAL + "係當筆販賺過間關項騰", _SIMPLIFIED + "系当笔贩赚过间关项腾")


def hans(text: str) -> str:
    return text.translate(_HANS)


def _lang(lang: str, en: str, hant: str) -> str:
    if lang == "en":
        return en
    return hant if lang == "zh-Hant" else hans(hant)


def mat(m: int, lang: str) -> str:
    return _lang(lang, MATERIAL_NAMES["en"][m], MATERIAL_NAMES["zh-Hant"][m])


def goods(g: int, lang: str) -> str:
    return _lang(lang, GOODS_NAMES["en"][g], GOODS_NAMES["zh-Hant"][g])


def raw(g: int, lang: str) -> str:
    return _lang(lang, RAW_NAMES["en"][g], RAW_NAMES["zh-Hant"][g])


def city(c: str, state: Any, lang: str) -> str:
    info = next(x for x in state.data.cities if x.id == c)
    return _lang(lang, info.name_en, info.name_zh_hant)


def joined(words: list[str], lang: str) -> str:
    if lang == "en":
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return "、".join(words)


def payment(pay: tuple[int, ...], lang: str) -> str:
    return joined([mat(m, lang) for m in range(4) for _ in range(pay[m])], lang)


def dinars(n: int) -> str:
    return f"{n} dinar{'' if n == 1 else 's'}"


def seals(n: int, lang: str) -> str:
    if not n:
        return ""
    return _lang(lang, f", paying {n} dinar{'s' if n > 1 else ''} with seals",
                 f"（其中{n}第納爾以印章支付）")


def describe(state: Any, a: Any, lang: str) -> str:
    en, zh = _words(state, a, lang)
    return _lang(lang, en, zh)


def _words(state: Any, a: Any, lang: str) -> tuple[str, str]:  # noqa: C901, PLR0911, PLR0912
    k = a.kind
    L = "zh-Hant" if lang != "en" else "en"
    d = state.d
    if k == "start":
        return (f"Keep start tile {a.tile} and discard the other (U20).",
                f"保留起始板塊{a.tile}並棄掉另一片。")
    if k == "move":
        space = a.space
        action = ACTION_NAMES[state.b.action[space]]
        sup, pl, _ = state.move_cost(state.current_player, a.worker, space)
        return (f"Move {WORKER_NAMES['en'][a.worker]} to {space} ({action[0]}), paying "
                f"{dinars(sup + pl)}{seals(a.seals, 'en')}.",
                f"移動{WORKER_NAMES['zh-Hant'][a.worker]}到{space}（{action[1]}），支付"
                f"{sup + pl}第納爾{seals(a.seals, L)}。")
    if k == "rest":
        return (f"Rest {WORKER_NAMES['en'][a.worker]} for 3 dinars and 1 point less.",
                f"讓{WORKER_NAMES['zh-Hant'][a.worker]}休息：獲得3第納爾，失去1分。")
    if k == "done":
        top = d["stack"][-1]["k"] if d["stack"] else ""
        if top == "tx":
            return ("End the transactions.", "結束交易。")
        if top == "prod":
            return ("End the production action.", "結束生產行動。")
        return ("End the turn.", "結束回合。")
    if k == "secondary":
        if a.slot[0] == "r":
            if a.choice:
                g = A.GOODS.index(a.choice)
                return (f"Perform the secondary action at {a.slot}: process your "
                        f"{raw(g, 'en')} into {goods(g, 'en')}{seals(a.seals, 'en')}.",
                        f"執行{a.slot}的次要行動：將工坊的{raw(g, L)}加工成{goods(g, L)}"
                        f"{seals(a.seals, L)}。")
            g = d["raws"][a.slot]
            return (f"Perform the secondary action at {a.slot}: take the {raw(g, 'en')}"
                    f"{seals(a.seals, 'en')}.",
                    f"執行{a.slot}的次要行動：拿取{raw(g, L)}{seals(a.seals, L)}。")
        if a.choice:
            m = A.MATERIALS.index(a.choice)
            return (f"Perform the secondary action at {a.slot}: take 1 {mat(m, 'en')}"
                    f"{seals(a.seals, 'en')}.",
                    f"執行{a.slot}的次要行動：拿取1個{mat(m, L)}{seals(a.seals, L)}。")
        return (f"Perform the secondary action at {a.slot}: take the marble"
                f"{seals(a.seals, 'en')}.",
                f"執行{a.slot}的次要行動：拿取大理石{seals(a.seals, L)}。")
    if k == "quarry":
        items = [mat(m, "en") for m, n in enumerate(a.counts) for _ in range(n)]
        zh = [mat(m, L) for m, n in enumerate(a.counts) for _ in range(n)]
        return (f"Take {joined(items, 'en')} from the quarry.", f"從開採行動拿取{'、'.join(zh)}。")
    if k == "expand":
        tile = d["whd"][A.WAREHOUSE_SLOTS.index(a.display)]
        return (f"Expand warehouse {a.house + 1} with the warehouse tile {tile} from "
                f"{a.display}.", f"以{a.display}的倉庫板塊{tile}擴建倉庫{a.house + 1}。")
    if k == "activate":
        return (f"Activate warehouse {a.house + 1} and gain its bonus.",
                f"啟動倉庫{a.house + 1}並獲得其獎勵。")
    if k == "market":
        return ("Visit the market for 2 dinars and up to 2 transactions.",
                "執行市場行動：獲得2第納爾，然後最多進行兩筆交易。")
    if k == "buy":
        return (f"Buy 1 {mat(a.material, 'en')}{seals(a.seals, 'en')}.",
                f"購買1個{mat(a.material, L)}{seals(a.seals, L)}。")
    if k == "buy_raw":
        g = d["raws"][a.slot]
        return (f"Buy the {raw(g, 'en')} at {a.slot}{seals(a.seals, 'en')}.",
                f"購買{a.slot}的{raw(g, L)}{seals(a.seals, L)}。")
    if k == "sell":
        return (f"Sell 1 {mat(a.material, 'en')}.", f"販賣1個{mat(a.material, L)}。")
    if k == "sell_goods":
        return (f"Sell 1 {goods(a.goods, 'en')} for 3 dinars.",
                f"販賣1枚{goods(a.goods, L)}賺取3第納爾。")
    if k == "exchange":
        return (f"Exchange 1 {mat(a.give, 'en')} for 1 {mat(a.get, 'en')}.",
                f"用1個{mat(a.give, L)}交換1個{mat(a.get, L)}。")
    if k == "refresh":
        return (f"Pay 1 dinar to refresh the small buildings and score 1 point"
                f"{seals(a.seals, 'en')}.",
                f"支付1第納爾棄掉並補充小型建築牌，獲得1分{seals(a.seals, L)}。")
    if k == "large":
        b = state.data.large_buildings[a.tile - 1]
        return (f"Build the large building {a.tile} ({b.type}), paying "
                f"{payment(a.payment, 'en')}.",
                f"建造大型建築{a.tile}，支付{payment(a.payment, L)}。")
    if k == "small":
        card = d["small"][A.SMALL_SLOTS.index(a.slot)]
        end = {"left": ("left", "左"), "right": ("right", "右")}[a.end]
        return (f"Build the small building {card} from {a.slot}, paying "
                f"{payment(a.payment, 'en')}, at the {end[0]} end of your row.",
                f"建造{a.slot}的小型建築{card}，支付{payment(a.payment, L)}，"
                f"放在自己一排建築的{end[1]}端。")
    if k == "favour":
        return (f"Take the reward of space {a.space} of the Sultan's favour track.",
                f"獲得蘇丹的恩惠軌第{a.space}格的獎勵。")
    if k == "split":
        return (f"Gain {a.dinars} dinars and {a.paria} paria.",
                f"獲得{a.dinars}第納爾和{a.paria}點帕里亞。")
    if k == "choose":
        return (f"Choose option {a.option} of the reward.", f"選擇獎勵的第{a.option}個選項。")
    if k == "export":
        g = [goods(x, "en") for x in a.goods]
        gz = [goods(x, L) for x in a.goods]
        cost = state.route_cost(state.current_player, a.city)
        return (f"Export {joined(g, 'en')} to {city(a.city, state, 'en')}, paying {dinars(cost)} "
                f"for the route{seals(a.seals, 'en')}.",
                f"出口{'、'.join(gz)}到{city(a.city, state, L)}，支付航線費用{cost}第納爾"
                f"{seals(a.seals, L)}。")
    if k == "consolidate":
        return (f"Consolidate the trade relation with {city(a.city, state, 'en')}"
                f"{seals(a.seals, 'en')}.",
                f"鞏固與{city(a.city, state, L)}的貿易關係{seals(a.seals, L)}。")
    if k == "produce_city":
        return (f"Take the city reward of {city(a.city, state, 'en')} (production).",
                f"從生產行動獲得{city(a.city, state, L)}的城市獎勵。")
    if k == "produce_process":
        g = [raw(x, "en") for x in a.goods]
        gz = [raw(x, L) for x in a.goods]
        return (f"Process {joined(g, 'en')} into goods (production).",
                f"從生產行動將{'、'.join(gz)}加工成商品。")
    if k == "carve_minor":
        card = d["minor"][A.MINOR_SLOTS.index(a.slot)]
        colour = {"blue": ("blue", "藍色"), "red": ("red", "紅色")}[a.colour]
        cost = state.poem_dinars(state.current_player, a.colour)
        return (f"Carve the minor poem {card} as {colour[0]}, paying {dinars(cost)} and "
                f"{payment(a.payment, 'en')}{seals(a.seals, 'en')}.",
                f"將小調詩歌{card}雕刻為{colour[1]}，支付{cost}第納爾和{payment(a.payment, L)}"
                f"{seals(a.seals, L)}。")
    if k == "carve_major":
        card = d["major"][A.MAJOR_SLOTS.index(a.slot)]
        cost = state.poem_dinars(state.current_player, "grey")
        return (f"Carve the major poem {card}, paying {dinars(cost)} and "
                f"{payment(a.payment, 'en')}{seals(a.seals, 'en')}.",
                f"雕刻大調詩歌{card}，支付{cost}第納爾和{payment(a.payment, L)}"
                f"{seals(a.seals, L)}。")
    if k == "restart":
        return (f"Restart: perform the red effect of your poem {a.poem} again.",
                f"執行重啟行動：重新使用紅色詩歌{a.poem}的效果。")
    if k == "handcraft":
        return ("Make handcrafts for 3 dinars and 1 more per 2 poems.",
                "執行手作行動：獲得3第納爾，每有2張詩歌牌再獲得1第納爾。")
    if k == "take_slot":
        g = d["raws"][a.slot]
        if d["stack"] and d["stack"][-1]["k"] == "take_goods":
            return (f"Take the token at {a.slot} as {goods(g, 'en')}.",
                    f"拿取{a.slot}的標記作為{goods(g, L)}。")
        return (f"Take the {raw(g, 'en')} at {a.slot}.", f"拿取{a.slot}的{raw(g, L)}。")
    if k == "take_material":
        return (f"Take 1 {mat(a.material, 'en')}.", f"拿取1個{mat(a.material, L)}。")
    if k == "process":
        return (f"Process your {raw(a.goods, 'en')} into {goods(a.goods, 'en')}.",
                f"將工坊的{raw(a.goods, L)}加工成{goods(a.goods, L)}。")
    if k == "reward":
        return (f"Take the city reward of {city(a.city, state, 'en')}.",
                f"獲得{city(a.city, state, L)}的城市獎勵。")
    if k == "bonus":
        return (f"Take the bonus of the large building {a.tile}, leaving it on the board.",
                f"獲得大型建築板塊{a.tile}的獎勵，但把它保持在原處。")
    if k == "free_ship":
        if a.goods < 0:
            return (f"Place a ship at {city(a.city, state, 'en')} for free.",
                    f"免費在{city(a.city, state, L)}放置1艘船。")
        return (f"Place a ship at {city(a.city, state, 'en')} for free and export "
                f"{goods(a.goods, 'en')}.",
                f"免費在{city(a.city, state, L)}放置1艘船並出口{goods(a.goods, L)}。")
    if k == "red_city":
        return (f"Perform the action of {city(a.city, state, 'en')}.",
                f"執行{city(a.city, state, L)}的右側行動。")
    if k == "discard":
        if a.item in A.MATERIALS:
            m = A.MATERIALS.index(a.item)
            return (f"Discard 1 {mat(m, 'en')} to make room.", f"棄掉1個{mat(m, L)}以騰出空間。")
        g = A.GOODS.index(a.item)
        return (f"Discard 1 {goods(g, 'en')} to make room.", f"棄掉1枚{goods(g, L)}以騰出空間。")
    if k == "tribute":
        parts_en, parts_zh = [], []
        if a.marker:
            parts_en.append(f"{a.marker} from the paria track")
            parts_zh.append(f"帕里亞標記往下移{a.marker}格")
        if a.dinars:
            parts_en.append(f"{2 * a.dinars} dinars")
            parts_zh.append(f"{2 * a.dinars}第納爾")
        if a.seals:
            parts_en.append(f"{a.seals} seal{'' if a.seals == 1 else 's'}")
            parts_zh.append(f"{a.seals}枚印章")
        if a.points:
            parts_en.append(f"{a.points} point{'' if a.points == 1 else 's'}")
            parts_zh.append(f"{a.points}分")
        total = a.marker + a.dinars + a.seals + a.points
        return (f"Pay the tribute of {total} paria with {joined(parts_en, 'en')}.",
                f"支付{total}點帕里亞：{'、'.join(parts_zh)}。")
    if k == "fee":
        if a.means == "dinar":
            return ("Pay 1 dinar before the tribute (EV14).", "進貢前支付1第納爾。")
        return ("Pay 1 seal before the tribute (EV14).", "進貢前支付1枚印章。")
    if k == "yusuf":
        why = d["stack"][-1]["why"] if d["stack"] else ""
        en = {"first": "place Yusuf's first ship", "export": "place Yusuf's ship",
              "consolidate": "consolidate Yusuf's ship"}.get(why, "choose Yusuf's city")
        zh = {"first": "放置優素福的第一艘船", "export": "放置優素福的船",
              "consolidate": "鞏固優素福的船"}.get(why, "為優素福選擇城市")
        return (f"Choose {city(a.city, state, 'en')} to {en}.",
                f"選擇{city(a.city, state, L)}{zh}。")
    if k == "first" and a.seat < 0:
        return ("Choose Yusuf as the start player of the next round.",
                "選擇優素福為下一輪的起始玩家。")
    if k == "first":
        return (f"Choose seat {a.seat + 1} as the start player of the next round.",
                f"選擇玩家{a.seat + 1}為下一輪的起始玩家。")
    raise ValueError(f"no words for {a.text!r}")


def describe_event(state: Any, event: Any, lang: str, viewer: int | None, names: Any) -> str:
    data = event.data
    k = event.kind
    if k == "yusuf_turn":
        return _lang(lang, f"Yusuf plays card {data['card']}: his worker {data['worker']} goes "
                     f"to {data['space']}.",
                     f"優素福翻開工人牌{data['card']}：工人{data['worker']}移到{data['space']}。")
    if k == "yusuf_ship":
        where = city(data["city"], state, lang)
        return _lang(lang, f"Yusuf's ship: {where} ({data['why']}).",
                     f"優素福的船：{where}（{data['why']}）。")
    if k == "start_tiles":
        if data["first"] == "yusuf":
            return _lang(lang, f"The start tile {data['kept'][0]} is revealed; Yusuf starts.",
                         f"起始板塊{data['kept'][0]}翻開；優素福為起始玩家。")
        who = state.subject(data["first"], lang, viewer, names)
        tiles = ", ".join(str(t) for t in data["kept"])
        return _lang(lang, f"The start tiles are revealed ({tiles}); the first turn is {who}.",
                     f"起始板塊翻開（{tiles}）；{who}成為起始玩家。")
    if k == "first":
        who = (_lang(lang, "Yusuf", "優素福") if data["seat"] == "yusuf"
               else state.subject(data["seat"], lang, viewer, names))
        return _lang(lang, f"The next round starts with {who}.", f"下一輪由{who}開始。")
    if k == "balance":
        who = state.subject(data["seat"], lang, viewer, names)
        return _lang(lang, f"Architectural balance for {who} ({data['colour']}).",
                     f"{who}達成建築平衡（{data['colour']}）。")
    if k == "wishes":
        pts = ", ".join(str(x) for x in data["points"])
        return _lang(lang, f"The Sultan's wish {data['tile']} joins the tower; the tower scores "
                     f"{pts}.", f"蘇丹的心願{data['tile']}放入塔樓；計分：{pts}。")
    if k == "refresh":
        return _lang(lang, "The board is refreshed: small buildings "
                     f"{data['small']}, minor poems {data['minor']}, warehouse tiles "
                     f"{data['warehouses']}.",
                     f"重整：小型建築牌{data['small']}，小調詩歌牌{data['minor']}，倉庫板塊"
                     f"{data['warehouses']}。")
    if k == "event":
        return _lang(lang, f"The events change: event {data['current']} is now current, "
                     f"event {data['future']} the future one (0: none).",
                     f"事件更換：當前事件為{data['current']}，未來事件為{data['future']}（0：無）。")
    if k == "era":
        return _lang(lang, f"The era changes: the Era I tiles {data['removed']} leave the game.",
                     f"時代更迭：第一時代大型建築板塊{data['removed']}放回遊戲盒。")
    raise ValueError(f"sabika has no event {k!r}")



"""Agra in words: every decision and event in en, zh-Hant and zh-Hans with the seed's terms
(docs/rules/agra.md: the Chinese terms are the seed's)."""

from __future__ import annotations

from typing import Any

from eurogames.games.agra import actions as A
from eurogames.games.agra.actions import GOODS, GUILDS

HANT = dict(zip(GOODS, ("砂石", "水泥", "磚塊", "佛像", "原木", "木板", "紙", "書", "姜", "咖喱",
                        "顏料", "油畫", "棉花", "油", "布匹", "禮服"), strict=True))
HANS = dict(zip(GOODS, ("砂石", "水泥", "砖块", "佛像", "原木", "木板", "纸", "书", "姜", "咖喱",
                        "颜料", "油画", "棉花", "油", "布匹", "礼服"), strict=True))
EN = dict(zip(GOODS, ("sandstone", "cement", "brick", "Buddha statue", "log", "plank", "paper",
                      "book", "turmeric", "curry", "dye", "painting", "cotton", "oil", "cloth",
                      "gown"), strict=True))
GUILD_NAMES = {
    "en": ("Artisans", "Traders", "Scholars"),
    "zh-Hant": ("工匠行會", "貿易行會", "學者行會"),
    "zh-Hans": ("工匠行会", "贸易行会", "学者行会"),
}
CHARACTER_NAMES = {
    "en": ("the Architect", "the Boatman", "the Trader", "the Botanist"),
    "zh-Hant": ("建築師", "船工", "商人", "植物學家"),
    "zh-Hans": ("建筑师", "船工", "商人", "植物学家"),
}
SCORE_LABELS = {
    "bag": {"en": "Rupees in the bag", "zh-Hant": "布袋中的盧比", "zh-Hans": "布袋中的卢比"},
    "notables": {"en": "Notables at the end", "zh-Hant": "名仕合約", "zh-Hans": "名仕合约"},
    "guilds": {"en": "Guild majorities", "zh-Hant": "行會影響力", "zh-Hans": "行会影响力"},
    "meditation": {"en": "Top meditation level", "zh-Hant": "最高冥想等級",
                   "zh-Hans": "最高冥想等级"},
    "covers": {"en": "Cover tiles removed", "zh-Hant": "移除的覆蓋板塊",
               "zh-Hans": "移除的覆盖板块"},
    "tributes": {"en": "Tributes to Akbar", "zh-Hant": "向阿克巴大帝進貢",
                 "zh-Hans": "向阿克巴大帝进贡"},
}
# the third person of every verb that opens (or follows "and" in) an English sentence
THIRD_PERSON = {
    "Lay": "lays", "Meditate": "meditates", "Spend": "spends", "Place": "places",
    "Work": "works", "Raise": "raises", "Build": "builds", "Take": "takes",
    "Process": "processes", "Produce": "produces", "Exchange": "exchanges", "Pay": "pays",
    "Deliver": "delivers", "Complete": "completes", "Finish": "finishes", "Set": "sets",
    "Give": "gives", "Remove": "removes", "Move": "moves", "Stand": "stands", "Sell": "sells",
    "Use": "uses", "Swap": "swaps", "Put": "puts", "Send": "sends", "End": "ends",
    "Follow": "follows", "Decline": "declines", "Keep": "keeps", "Return": "returns",
    "Gain": "gains", "Discard": "discards",
}


def good(g: int, lang: str) -> str:
    return {"en": EN, "zh-Hant": HANT, "zh-Hans": HANS}[lang][GOODS[g]]


def guild(u: int, lang: str) -> str:
    return GUILD_NAMES[lang][u]


def space(s: int, lang: str, state: Any = None) -> str:
    if s < 4:
        return CHARACTER_NAMES[lang][s]
    if s == A.COOK:
        return {"en": "the Cook", "zh-Hant": "廚師", "zh-Hans": "厨师"}[lang]
    return building(s - 4, lang, state)


def building(b: int, lang: str, state: Any = None) -> str:
    name = A.building_name(b)
    if state is None:
        return {"en": f"building {name}", "zh-Hant": f"建築{name}", "zh-Hans": f"建筑{name}"}[lang]
    out = good(state.t.output[b], lang)
    return {"en": f"building {name} ({out})", "zh-Hant": f"建築{name}（{out}）",
            "zh-Hans": f"建筑{name}（{out}）"}[lang]


def notable(n: int, lang: str) -> str:
    return {"en": f"notable {n}", "zh-Hant": f"名仕{n}", "zh-Hans": f"名仕{n}"}[lang]


def say(lang: str, en: str, hant: str, hans: str) -> str:
    return {"en": en, "zh-Hant": hant, "zh-Hans": hans}[lang]


def moves(ms: tuple[tuple[int, int], ...], lang: str) -> str:
    parts = []
    for k, delta in ms:
        n = abs(delta)
        if lang == "en":
            way = "up" if delta > 0 else "down"
            parts.append(f"farmer {k + 1} {n} square{'s' if n > 1 else ''} {way} its track")
        else:
            way = "向前" if delta > 0 else "向後" if lang == "zh-Hant" else "向后"
            farmer = "農民" if lang == "zh-Hant" else "农民"
            parts.append(f"{farmer}{k + 1}{way}{n}格")
    return (" and " if lang == "en" else "，").join(parts)


def favour_words(fav: str, lang: str) -> str:
    return say(lang, f"favour action {fav}", f"恩惠行動{fav}", f"恩惠行动{fav}")


def describe(state: Any, a: Any, lang: str) -> str:
    k = a.kind
    G = lambda g: good(g, lang)  # noqa: E731
    if k == "lay":
        return say(lang, f"Lay down a worker on {space(a.space, lang, state)} for meditation "
                   "points.", f"放倒{space(a.space, lang, state)}上的工人以獲得冥想點數。",
                   f"放倒{space(a.space, lang, state)}上的工人以获得冥想点数。")
    if k == "meditate_deliver":
        return say(lang, f"Meditate: deliver 1 {G(a.good)} to {notable(a.notable, lang)}.",
                   f"冥想：運送1個{G(a.good)}給{notable(a.notable, lang)}。",
                   f"冥想：运送1个{G(a.good)}给{notable(a.notable, lang)}。")
    if k == "meditate_process":
        return say(lang, f"Meditate: process 1 {G(a.good)} into {G(a.product)}.",
                   f"冥想：將1個{G(a.good)}加工為{G(a.product)}。",
                   f"冥想：将1个{G(a.good)}加工为{G(a.product)}。")
    if k in ("meditate_uncover", "uncover", "favour_uncover"):
        where = f"{a.track + 1}.{a.square}"
        head = {"meditate_uncover": ("Meditate: remove", "冥想：移除", "冥想：移除"),
                "uncover": ("Remove", "移除", "移除"),
                "favour_uncover": ("Use favour tile 2: remove", "使用恩惠板塊2：移除",
                                   "使用恩惠板块2：移除")}[k]
        return say(lang, f"{head[0]} the cover tile at {where}.", f"{head[1]}{where}的覆蓋板塊。",
                   f"{head[2]}{where}的覆盖板块。")
    if k == "meditate_farmer":
        return say(lang, f"Meditate: move {moves(a.moves, lang)}.",
                   f"冥想：移動{moves(a.moves, lang)}。", f"冥想：移动{moves(a.moves, lang)}。")
    if k in ("meditate_trade", "english", "favour_swap"):
        head = {"meditate_trade": ("Meditate: swap", "冥想：交易", "冥想：交易"),
                "english": ("Swap (English merchant)", "（英國商人）交易", "（英国商人）交易"),
                "favour_swap": ("Use favour tile 14: swap", "使用恩惠板塊14：交易",
                                "使用恩惠板块14：交易")}[k]
        return say(lang, f"{head[0]} 1 {G(a.good)} for 1 {G(a.other)}.",
                   f"{head[1]}1個{G(a.good)}換1個{G(a.other)}。",
                   f"{head[2]}1个{G(a.good)}换1个{G(a.other)}。")
    if k == "mosaic":
        f = 1 if a.mp == 1 else 2
        return say(lang, f"Spend {a.mp} MP at the Mosaic master for {f} favour.",
                   f"在馬賽克大師處花費{a.mp}MP獲得{f}點恩惠點數。",
                   f"在马赛克大师处花费{a.mp}MP获得{f}点恩惠点数。")
    if k == "place":
        return say(lang, f"Place a worker on {space(a.space, lang, state)}.",
                   f"放置1個工人到{space(a.space, lang, state)}。",
                   f"放置1个工人到{space(a.space, lang, state)}。")
    if k in ("overtime", "favour_overtime"):
        paid = say(lang, "with favour tile 10", "使用恩惠板塊10", "使用恩惠板块10") if (
            k == "favour_overtime") else say(lang, "paying rupees", "支付盧比", "支付卢比")
        return say(lang, f"Work overtime on {space(a.space, lang, state)}, {paid}.",
                   f"在{space(a.space, lang, state)}加班，{paid}。",
                   f"在{space(a.space, lang, state)}加班，{paid}。")
    if k == "influence":
        return say(lang, f"Raise the influence in the {guild(a.guild, lang)} by 1.",
                   f"提升{guild(a.guild, lang)}的影響力1格。",
                   f"提升{guild(a.guild, lang)}的影响力1格。")
    if k == "build":
        paid = [G(m) for m, n in zip(A.MATERIALS, a.payment, strict=True) for _ in range(n)]
        sep = ", " if lang == "en" else "、"
        return say(lang, f"Build {building(a.building, lang, state)}, paying {sep.join(paid)}.",
                   f"建造{building(a.building, lang, state)}，支付{sep.join(paid)}。",
                   f"建造{building(a.building, lang, state)}，支付{sep.join(paid)}。")
    if k == "bonus":
        name = A.BONUS_NAMES[a.tile]
        return say(lang, f"Take the building bonus tile {name}.", f"拿取建築獎勵板塊{name}。",
                   f"拿取建筑奖励板块{name}。")
    if k == "process":
        top = state.position["stack"][-1]
        i, o = state.t.input[top["b"]], state.t.output[top["b"]]
        return say(lang, f"Process {a.count} {G(i)} into {G(o)}.",
                   f"將{a.count}個{G(i)}加工為{G(o)}。", f"将{a.count}个{G(i)}加工为{G(o)}。")
    if k == "produce":
        g = state.t.output[state.position["stack"][-1]["b"]]
        return say(lang, f"Produce {a.count} {G(g)}.", f"生產{a.count}個{G(g)}。",
                   f"生产{a.count}个{G(g)}。")
    if k == "dyer":
        g = state.position["stack"][-1]["good"]
        return say(lang, f"Exchange 2 {G(g)} for 1 {G(a.good)} (Dyer).",
                   f"（染工）將2個{G(g)}交換為1個{G(a.good)}。",
                   f"（染工）将2个{G(g)}交换为1个{G(a.good)}。")
    if k == "pay":
        return say(lang, f"Pay 1 {G(a.good)} to the Boatman for more deliveries.",
                   f"支付1個{G(a.good)}給船工以運送更多貨物。",
                   f"支付1个{G(a.good)}给船工以运送更多货物。")
    if k in ("deliver", "double", "jagir", "favour_deliver"):
        count = 2 if k == "double" else 1
        head = {"deliver": ("Deliver", "運送", "运送"), "double": ("Deliver", "加倍運送",
        "加倍运送"),
                "jagir": ("Deliver (Jagir)", "（札吉爾）運送", "（札吉尔）运送"),
                "favour_deliver": ("Use favour tile 12: deliver", "使用恩惠板塊12：運送",
                                   "使用恩惠板块12：运送")}[k]
        return say(lang, f"{head[0]} {count} {G(a.good)} to {notable(a.notable, lang)}.",
                   f"{head[1]}{count}個{G(a.good)}給{notable(a.notable, lang)}。",
                   f"{head[2]}{count}个{G(a.good)}给{notable(a.notable, lang)}。")
    if k in ("order", "favour_order"):
        pre = say(lang, "Use favour tile 6: complete", "使用恩惠板塊6：完成",
                  "使用恩惠板块6：完成") if (
            k == "favour_order") else say(lang, "Complete", "完成", "完成")
        return say(lang, f"{pre} the {guild(a.guild, lang)}' current order.",
                   f"{pre}{guild(a.guild, lang)}的當前訂單。",
                   f"{pre}{guild(a.guild, lang)}的当前订单。")
    if k == "done":
        return say(lang, "Finish this step.", "結束此步驟。", "结束此步骤。")
    if k in ("price", "favour_price"):
        face = "+1" if a.face > 0 else "-1"
        pre = say(lang, "Use favour tile 4: set", "使用恩惠板塊4：將", "使用恩惠板块4：将") if (
            k == "favour_price") else say(lang, "Set", "將", "将")
        return say(lang, f"{pre} price marker {a.marker + 1} on {G(a.good)} at {face}.",
                   f"{pre}價格標記{a.marker + 1}放在{G(a.good)}上（{face}）。",
                   f"{pre}价格标记{a.marker + 1}放在{G(a.good)}上（{face}）。")
    if k == "give":
        return say(lang, f"Give 1 {G(a.good)} to the Trader.", f"交給商人1個{G(a.good)}。",
                   f"交给商人1个{G(a.good)}。")
    if k == "take":
        return say(lang, f"Take 1 {G(a.good)} from the Trader.", f"從商人處拿取1個{G(a.good)}。",
                   f"从商人处拿取1个{G(a.good)}。")
    if k == "improve":
        return say(lang, "Raise the meditation level by 1.", "提升冥想等級1級。",
                   "提升冥想等级1级。")
    if k in ("farmers", "favour_farmers"):
        pre = say(lang, "Use favour tile 9: move", "使用恩惠板塊9：移動",
                  "使用恩惠板块9：移动") if (
            k == "favour_farmers") else say(lang, "Move", "移動", "移动")
        return say(lang, f"{pre} {moves(a.moves, lang)}.", f"{pre}{moves(a.moves, lang)}。",
                   f"{pre}{moves(a.moves, lang)}。")
    if k == "stand":
        return say(lang, f"Stand up the worker on {space(a.space, lang, state)}.",
                   f"立起{space(a.space, lang, state)}上的工人。",
                   f"立起{space(a.space, lang, state)}上的工人。")
    if k in ("oil", "curry", "oil_curry", "caliph"):
        what = {"oil": (G(13), 1), "curry": (G(9), 1), "oil_curry": (
            say(lang, f"{G(13)} and 1 {G(9)}", f"{G(13)}和1個{G(9)}", f"{G(13)}和1个{G(9)}"), 3),
            "caliph": (say(lang, f"{G(12)} (Caliph)", f"{G(12)}（哈里發）",
                           f"{G(12)}（哈里发）"), 1)}[k]
        return say(lang, f"Spend 1 {what[0]} to stand up {what[1]} worker(s).",
                   f"花費1個{what[0]}立起{what[1]}個工人。",
                   f"花费1个{what[0]}立起{what[1]}个工人。")
    if k == "statue":
        return say(lang, "Spend a Buddha statue for one more main action.",
                   "花費1個佛像執行一個額外的主要行動。", "花费1个佛像执行一个额外的主要行动。")
    if k == "book":
        return say(lang, "Spend a book to stand up 3 workers and gain 1 favour.",
                   "花費1個書立起3個工人并獲得1恩惠點數。", "花费1个书立起3个工人并获得1恩惠点数。")
    if k == "painting":
        u, w = a.guilds
        return say(lang, f"Spend a painting to raise the {guild(u, lang)} and the "
                   f"{guild(w, lang)} by 1.",
                   f"花費1個油畫提升{guild(u, lang)}和{guild(w, lang)}的影響力。",
                   f"花费1个油画提升{guild(u, lang)}和{guild(w, lang)}的影响力。")
    if k == "gown":
        return say(lang, "Sell a gown for rupees.", "出售1個禮服獲得盧比。",
                   "出售1个礼服获得卢比。")
    if k in ("favour_good", "favour_guild", "favour_process", "favour_plain", "favour_tribute"):
        fav = favour_words(a.favour, lang)
        if k == "favour_good":
            verb = {"s1": ("gain", "獲得", "获得"), "t3": ("gain", "獲得", "获得"),
                    "t8": ("sell", "出售", "出售")}[a.favour]
            return say(lang, f"Use {fav}: {verb[0]} 1 {G(a.good)}.",
                       f"使用{fav}：{verb[1]}1個{G(a.good)}。",
                       f"使用{fav}：{verb[2]}1个{G(a.good)}。")
        if k == "favour_guild":
            return say(lang, f"Use {fav}: raise the {guild(a.guild, lang)} by 1.",
                       f"使用{fav}：提升{guild(a.guild, lang)}的影響力。",
                       f"使用{fav}：提升{guild(a.guild, lang)}的影响力。")
        if k == "favour_process":
            return say(lang, f"Use {fav}: process 1 {G(a.good)} into {G(a.product)}.",
                       f"使用{fav}：將1個{G(a.good)}加工為{G(a.product)}。",
                       f"使用{fav}：将1个{G(a.good)}加工为{G(a.product)}。")
        if k == "favour_tribute":
            return say(lang, f"Use {fav}: send 1 {G(a.good)} to Akbar as tribute.",
                       f"使用{fav}：向阿克巴大帝進貢1個{G(a.good)}。",
                       f"使用{fav}：向阿克巴大帝进贡1个{G(a.good)}。")
        what = {"t1": ("stand up 1 worker", "立起1個工人", "立起1个工人"),
                "t5": ("gain 1 MP", "獲得1MP", "获得1MP"),
                "t13": ("raise the meditation level by 1", "提升冥想等級1級", "提升冥想等级1级")}[
            a.favour]
        return say(lang, f"Use {fav}: {what[0]}.", f"使用{fav}：{what[1]}。",
                   f"使用{fav}：{what[2]}。")
    if k == "french":
        return say(lang, f"Put 1 {G(a.good)} on the French merchant.",
                   f"將1個{G(a.good)}放到法國商人上。", f"将1个{G(a.good)}放到法国商人上。")
    if k == "reclaim":
        if a.good < 0:
            src = say(lang, "the favour area", "恩惠區域", "恩惠区域")
        elif a.notable:
            src = say(lang, f"{G(a.good)} on {notable(a.notable, lang)}",
                      f"{notable(a.notable, lang)}上的{G(a.good)}",
                      f"{notable(a.notable, lang)}上的{G(a.good)}")
        else:
            src = G(a.good)
        return say(lang, f"Take back a player marker from {src}.", f"從{src}取回1個玩家標記。",
                   f"从{src}取回1个玩家标记。")
    if k == "tribute":
        return say(lang, f"Send 1 {G(a.good)} to Akbar as tribute.",
                   f"向阿克巴大帝進貢1個{G(a.good)}。", f"向阿克巴大帝进贡1个{G(a.good)}。")
    if k == "end":
        return say(lang, "End the turn.", "結束回合。", "结束回合。")
    if k in ("follow", "follow_t11"):
        top = state.position["stack"][-1]
        base = say(lang, f"Follow: process 1 {G(top['i'])} into {G(top['o'])}",
                   f"仿效：將1個{G(top['i'])}加工為{G(top['o'])}",
                   f"仿效：将1个{G(top['i'])}加工为{G(top['o'])}")
        if k == "follow_t11":
            base += say(lang, f", with favour tile 11 also 1 {G(a.good)} into {G(a.product)}",
                        f"，並使用恩惠板塊11將1個{G(a.good)}加工為{G(a.product)}",
                        f"，并使用恩惠板块11将1个{G(a.good)}加工为{G(a.product)}")
        return base + say(lang, ".", "。", "。")
    if k == "decline":
        return say(lang, "Decline.", "放棄。", "放弃。")
    if k == "cook":
        return say(lang, "Keep the bumped worker on the Cook.", "將被攆走的工人儲存在廚師上。",
                   "将被撵走的工人储存在厨师上。")
    if k == "supply":
        return say(lang, "Return the bumped worker to the supply.", "將被攆走的工人放回供應堆。",
                   "将被撵走的工人放回供应堆。")
    if k == "gain":
        return say(lang, f"Gain 1 {G(a.good)}.", f"獲得1個{G(a.good)}。", f"获得1个{G(a.good)}。")
    if k == "reward_favour":
        return say(lang, "Take favour points for the guild level.", "拿取行會等級的恩惠點數。",
                   "拿取行会等级的恩惠点数。")
    if k in ("reward_tile", "tile"):
        return say(lang, f"Take favour tile {a.tile}.", f"拿取恩惠板塊{a.tile}。",
                   f"拿取恩惠板块{a.tile}。")
    if k == "discard":
        return say(lang, f"Discard favour tile {a.tile}.", f"棄置恩惠板塊{a.tile}。",
                   f"弃置恩惠板块{a.tile}。")
    if k == "sadr":
        return say(lang, f"Send 1 {G(a.good)} into Akbar's {G(a.bowl)} bowl (Sadr-us-Sudur).",
                   f"（薩德爾-蘇德爾）將1個{G(a.good)}進貢到{G(a.bowl)}的碗中。",
                   f"（萨德尔-苏德尔）将1个{G(a.good)}进贡到{G(a.bowl)}的碗中。")
    raise ValueError(f"no words for {a.kind!r}")


def describe_event(state: Any, e: Any, lang: str, viewer: int | None, names: Any) -> str:
    k, data = e.kind, e.data

    def who(seat: int | None) -> str:
        if seat is None:
            return ""
        return state.subject(seat, lang, viewer, names)

    def cap(text: str) -> str:
        return text[:1].upper() + text[1:]

    def verb(seat: int, en: str) -> str:
        """English: the verb after the subject, plain for "you"."""
        return en if seat == viewer else THIRD_PERSON.get(en.title(), en + "s")

    if k == "bumped":
        s = data["seat"]
        where = space(next(i for i in range(A.SPACES) if A.space_name(i) == data["space"]),
                      lang, state)
        if lang == "en":
            owner = "Your worker" if s == viewer else f"The worker of {who(s)}"
            return f"{owner} on {where} is bumped."
        return say(lang, "", f"{who(s)}在{where}的工人被攆走。", f"{who(s)}在{where}的工人被撵走。")
    if k == "coins":
        s = data["seat"]
        return say(lang, f"{cap(who(s))} {verb(s, 'take')} {data['rupees']} rupee(s) "
                   f"from building {data['building']}.",
                   f"{who(s)}從建築{data['building']}拿取{data['rupees']}盧比。",
                   f"{who(s)}从建筑{data['building']}拿取{data['rupees']}卢比。")
    if k == "merchant":
        return say(lang, f"The wandering merchant rolls {data['roll']} and moves to "
                   f"{data['to']}.", f"行商擲出{data['roll']}，移動到{data['to']}。",
                   f"行商掷出{data['roll']}，移动到{data['to']}。")
    if k == "builder":
        return say(lang, f"The builder rolls {data['roll']} and moves to {data['to']}.",
                   f"建築工擲出{data['roll']}，移動到{data['to']}。",
                   f"建筑工掷出{data['roll']}，移动到{data['to']}。")
    if k == "built":
        s = data["seat"]
        if s is None:
            return say(lang, f"Building {data['building']} is built.",
                       f"建築{data['building']}建成。", f"建筑{data['building']}建成。")
        return say(lang, f"Building {data['building']} is built by {who(s)}.",
                   f"{who(s)}建成建築{data['building']}。", f"{who(s)}建成建筑{data['building']}。")
    if k == "contract":
        s = data["seat"]
        n = data["notable"]
        return say(lang, f"{cap(who(s))} {verb(s, 'win')} the contract of notable {n}.",
                   f"{who(s)}獲得名仕{n}的合約。", f"{who(s)}获得名仕{n}的合约。")
    if k == "boat":
        return say(lang, f"The boat moves to dock {data['dock']}.",
                   f"船移動到第{data['dock']}個碼頭。",
                   f"船移动到第{data['dock']}个码头。")
    if k == "order":
        s = data["seat"]
        g = GUILDS.index(data["guild"])
        return say(lang, f"{cap(who(s))} {verb(s, 'complete')} an order of the "
                   f"{guild(g, lang)} for {data['rupees']} rupee(s).",
                   f"{who(s)}完成{guild(g, lang)}的訂單，獲得{data['rupees']}盧比。",
                   f"{who(s)}完成{guild(g, lang)}的订单，获得{data['rupees']}卢比。")
    if k == "column_done":
        g = GUILDS.index(data["guild"])
        return say(lang, f"Every order of the {guild(g, lang)} is completed.",
                   f"{guild(g, lang)}的所有訂單都已完成。", f"{guild(g, lang)}的所有订单都已完成。")
    if k == "display":
        return say(lang, f"Favour tile {data['tile']} turns up.", f"揭示恩惠板塊{data['tile']}。",
                   f"揭示恩惠板块{data['tile']}。")
    if k == "end_triggered":
        s = data["seat"]
        by = "" if s is None else say(lang, f" by {who(s)}", f"（{who(s)}）", f"（{who(s)}）")
        return say(lang, f"The end of the game is triggered{by}: the last round follows.",
                   f"觸發遊戲結束{by}：之後進行最後一輪。", f"触发游戏结束{by}：之后进行最后一轮。")
    if k == "final_scoring":
        sep = "; " if lang == "en" else "；"
        rows = []
        for seat, parts in enumerate(data["parts"]):
            items = (", " if lang == "en" else "、").join(
                f"{SCORE_LABELS[key][lang]} {n}" for key, n in parts.items() if n)
            total = sum(parts.values())
            rows.append(f"{who(seat)}: {total} ({items})" if lang == "en"
                        else f"{who(seat)}：{total}分（{items}）")
        return say(lang, f"Final scoring: {sep.join(rows)}.", f"最終得分：{sep.join(rows)}。",
                   f"最终得分：{sep.join(rows)}。")
    if k == "dock_favour":
        got = ", ".join(f"{who(s)} {n}" for s, n in enumerate(data["favour"]))
        return say(lang, f"Dock {data['dock']}: favour points gained: {got}.",
                   f"第{data['dock']}個碼頭：獲得恩惠點數：{got}。",
                   f"第{data['dock']}个码头：获得恩惠点数：{got}。")
    if k == "order_limit":
        return say(lang, f"The order limit is now {data['limit']}.",
                   f"訂單上限現在是{data['limit']}。", f"订单上限现在是{data['limit']}。")
    if k == "prices_returned":
        return say(lang, "Every price marker goes back to the Trader.",
                   "所有價格標記返還到商人處。", "所有价格标记返还到商人处。")
    raise ValueError(f"agra has no event {k!r}")


# -- refusals: what is wrong with a well-formed action now ---------------------------------
def placement_problem(state: Any, a: Any) -> str:
    """Why ``place`` or ``overtime`` on ``a.space`` is refused in the placement (W1, W5,
    W6), naming the space, who stands there and the rupees it would cost."""
    d, seat = state.position, state.current_player
    p = d["p"][seat]
    s, name = a.space, A.space_name(a.space)
    where = space(s, "en", state)
    there = d["spaces"][s]
    mine = there is not None and there[0] == seat
    cost = state.overtime_cost(seat)
    if a.kind == "place":
        if mine:
            return (f"your own worker stands on {where}: send another with overtime {name} "
                    f"({cost} rupee{'' if cost == 1 else 's'}; W5)")
        if p["workers"] == 0:
            return ("no worker is left in your supply: use overtime on a space where one of "
                    "yours stands (W6)")
        b = s - 4
        if s >= 4 and not d["built"][b] and d["builder"] != b:
            at = (f"the builder's is {A.building_name(d['builder'])}" if d["builder"] >= 0
                  else "the builder has left")
            return (f"{where} is not built yet: workers go on a character, a built building "
                    f"or the builder's ({at}; W1)")
        return "it is not among the legal actions"
    if not mine:
        holder = "nobody" if there is None else "another player's worker"
        return (f"overtime is for a space where your own worker stands, and {holder} stands on "
                f"{where}: place {name} (W5)")
    if p["workers"] > 0 and p["rupees"] < cost:
        return (f"overtime costs {cost} rupee{'' if cost == 1 else 's'} and you have "
                f"{p['rupees']}; only with no worker left in your supply is it taken for less "
                "(W5, W6)")
    return "it is not among the legal actions"


SPACE_VERBS = ("place", "overtime", "lay", "stand")


def parse_problem(state: Any, text: str) -> str:
    """For text that names no legal action: a known action refused now (``why_illegal``),
    a space that does not exist, or an unknown verb."""
    action = A.BY_TEXT.get(text)
    if action is not None:
        return state.why_illegal(action)
    words = text.split()
    verbs = sorted({known.split()[0] for known in A.BY_TEXT})
    if not words or words[0] not in verbs:
        return f"unknown action; actions start with one of: {', '.join(verbs)}"
    if words[0] in SPACE_VERBS and len(words) == 2:
        characters = ", ".join(A.CHARACTERS)
        return (f"there is no space {words[1]!r}: the spaces are the characters "
                f"({characters}) and the buildings c.r, column and row 1 to 4 (1.1 is the "
                "quarry)")
    return ""

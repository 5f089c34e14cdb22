// Agra (阿格拉) drawn from state.view(seat) (src/eurogames/games/agra/view.py): the decision
// due (an out-of-turn one, B7 following, asked of its seat in a banner), the game board (the
// four characters over the 4×4 building grid with workers, the wandering merchant, the
// builder, rupees and price markers), the river Yamuna (docks, boat, notables 名仕 with their
// contracts), the imperial board (guild orders, Akbar's tribute bowls), the meditation ring,
// the favour display and the building bonus tiles, then every player's area (meditation,
// influence, farm, goods, favour actions and tiles, contracts). What is printed on the boards
// and cards comes from components.json (the engine's tables; a test holds them equal).
//
// A click never invents an action: each drawn element offers the legal entries (actions.py
// notation) that name it — `place 2.3` on building 2.3, `deliver curry 7` on notable 7's curry
// slot, `uncover 1.2` on the farm square, `favour t3 curry` on favour tile t3 — with
// `data-action` when it offers one, `data-leads` and a menu when it offers several. Entries
// that no drawn element names (`produce 3`, `done`, `end`, `follow`, …) are buttons in the
// prompt above the board.

import { t } from "/static/i18n.js";
import { arrivedAfter, markClass, othersMoves } from "/static/lastmove.js";
import { h, leadsTo, s } from "/static/ui.js";
import { characterName, favourWords, goodName, goodShort, guildName, guildShort, notableName } from "./terms.js";

const C = await fetch(new URL("./components.json", import.meta.url)).then((r) => {
  if (!r.ok) throw new Error(`components.json did not load (${r.status})`);
  return r.json();
});

const NEUTRAL = -2;
const GOOD = Object.fromEntries(C.goods.map((g, i) => [g, i]));
const GUILD = Object.fromEntries(C.guilds.map((g, i) => [g, i]));
const CHARACTER = Object.fromEntries(C.characters.map((c, i) => [c, i]));
const RING = ["deliver", "process", "remove_cover", "trade"];
const ROMAN = C.levels;
// the luxury and special uses that name a good (S1–S5, N11): drawn on that good
const VERB_GOOD = { oil: ["oil"], curry: ["curry"], "oil curry": ["oil", "curry"], statue: ["statue"], book: ["book"], gown: ["gown"], caliph: ["cotton"] };

function spaceIndex(name) {
  if (name in CHARACTER) return CHARACTER[name];
  if (name === "cook") return 20;
  const [c, r] = name.split(".").map(Number);
  return 4 + (c - 1) * 4 + (r - 1);
}

function buildingName(b) {
  return `${Math.floor(b / 4) + 1}.${(b % 4) + 1}`;
}

/** What a legal entry names on the board: its targets, each a key "kind:id". */
function targets(text) {
  const w = text.split(" ");
  const out = [];
  const good = (g) => out.push(`good:${g}`);
  switch (w[0]) {
    case "lay": case "place": case "overtime": case "stand":
      out.push(`space:${spaceIndex(w[1])}`);
      break;
    case "build":
      out.push(`space:${spaceIndex(w[1])}`);
      break;
    case "bonus":
      out.push(`bonus:${w[1]}`);
      break;
    case "meditate":
      out.push(`ring:${{ deliver: "deliver", process: "process", uncover: "remove_cover", farmer: "move_farmer", trade: "trade" }[w[1]]}`);
      if (w[1] === "deliver") out.push(`slot:${w[3]}:${w[2]}`);
      if (w[1] === "process" || w[1] === "trade") good(w[2]);
      if (w[1] === "uncover") out.push(`square:${w[2]}`);
      if (w[1] === "farmer") for (const m of w[2].split(",")) out.push(`farmer:${m[0]}`);
      break;
    case "deliver": case "double": case "jagir":
      out.push(`slot:${w[2]}:${w[1]}`);
      break;
    case "reclaim":
      if (w.length === 3) out.push(`slot:${w[2]}:${w[1]}`);
      else if (w[1] === "favour") out.push("favour");
      else good(w[1]);
      break;
    case "dyer": case "pay": case "give": case "take": case "gain": case "french":
      good(w[1]);
      break;
    case "price":
      good(w[2]);
      break;
    case "english":
      good(w[1]);
      break;
    case "tribute":
      out.push(`bowl:${GOOD[w[1]]}`);
      break;
    case "sadr":
      out.push(`bowl:${GOOD[w[2]]}`);
      break;
    case "order":
      out.push(`order:${w[1]}`);
      break;
    case "influence":
      out.push(`guild:${w[1]}`);
      break;
    case "painting":
      out.push("good:painting");
      for (const u of w[1].split(",")) out.push(`guild:${u}`);
      break;
    case "improve":
      out.push("meditation");
      break;
    case "uncover":
      out.push(`square:${w[1]}`);
      break;
    case "farmers":
      for (const m of w[1].split(",")) out.push(`farmer:${m[0]}`);
      break;
    case "favour":
      out.push(`fav:${w[1]}`);
      break;
    case "mosaic":
      out.push("contract:15");
      break;
    case "reward":
      if (w[1] === "tile") out.push(`display:${w[2]}`);
      break;
    case "tile":
      out.push(`display:${w[1]}`);
      break;
    case "discard":
      out.push(`fav:${w[1]}`);
      break;
    default:
      for (const g of VERB_GOOD[text] || []) good(g);
  }
  return out;
}

// what a key names: a thing of the shared boards, or of the acting seat's own area
const AREA_KEYS = new Set(["good", "guild", "fav", "square", "farmer", "meditation", "favour", "contract"]);

/**
 * The things the others' last moves name (lastmove.js), from the same targets their clicks
 * would use: a board key (`space:5`) or, for a thing of a player's area, `seat/key`; a
 * favour tile taken from the display is marked where it went, in the taker's area, and a
 * delivered order on its guild's column (`filled:<guild>`).
 */
function lastMoveMarks(moves) {
  const marks = new Map();
  for (const entry of moves) {
    for (const key of targets(entry.text)) {
      const [kind, id] = key.split(":");
      if (kind === "display") marks.set(`${entry.seat}/fav:${id}`, entry);
      else if (kind === "order") marks.set(`filled:${id}`, entry);  // the order it filled
      else marks.set(AREA_KEYS.has(kind) ? `${entry.seat}/${key}` : key, entry);
    }
  }
  return marks;
}

function valueOf(view, g) {
  let v = C.value[g];
  for (const m of view.prices) if (m && m[0] === g) v += m[1];
  return Math.max(v, 1);
}

/** A3: empty squares between the good's corner and each adjacent track's farmer. */
function production(view, seat, g) {
  const p = view.p[seat];
  let total = 0;
  C.tracks.forEach((track, k) => {
    const farmer = p.farmers[k];
    const covers = p.covers[k];
    if (g === track.from) for (let i = 1; i < farmer; i++) total += covers.includes(i) ? 0 : 1;
    else if (g === track.to) for (let i = farmer + 1; i <= track.spaces; i++) total += covers.includes(i) ? 0 : 1;
  });
  return Math.min(total, C.production_max);
}

function topFrame(view) {
  for (let i = view.stack.length - 1; i >= 0; i--) {
    const f = view.stack[i];
    if ("seat" in f && !f.k.startsWith("_")) return f;
  }
  return null;
}

export function render(ctx) {
  const { view, legal, lang } = ctx;
  const names = (seat) => ctx.names[seat] ?? t("seat_n", { n: seat + 1 });
  const me = ctx.seat !== null && ctx.seat !== undefined ? ctx.seat : null;
  const acting = ctx.interactive && legal.length > 0;
  const G = (g) => goodName(C.goods[g], lang);
  const marks = lastMoveMarks(othersMoves(ctx.log, me));
  const after = arrivedAfter("agra", ctx.log);
  /** The mark of a board key, or of `key` in `seat`'s area. */
  const marked = (key, seat = null) => markClass(marks.get(seat === null ? key : `${seat}/${key}`), after);

  // ---- which drawn element offers which legal entries
  const offers = new Map();
  const claimed = new Set();
  if (acting) {
    for (const l of legal) {
      for (const key of targets(l.text)) {
        if (!offers.has(key)) offers.set(key, []);
        offers.get(key).push(l);
      }
    }
  }
  /** The attributes that make an element play (one entry) or lead to (several) its offers. */
  function clickable(key, title, extraClass, areaSeat = null) {
    const entries = offers.get(key) || [];
    const mark = marked(key, areaSeat);
    if (!entries.length) return { class: [extraClass, mark] };
    for (const l of entries) claimed.add(l.text);
    const one = entries.length === 1;
    return {
      class: ["legal", extraClass, mark],
      role: "button",
      tabindex: "0",
      title: one ? entries[0].description : title,
      dataset: one ? { action: entries[0].text } : { leads: leadsTo(entries.map((l) => l.text)) },
      onclick: (e) => {
        e.stopPropagation();
        if (one) ctx.act(entries[0].text);
        else ctx.menu(t("ag_choose", { what: title }), entries.map((l) => ({ label: l.description || l.text, detail: l.text, action: l.text, onChoose: () => ctx.act(l.text) })));
      },
    };
  }
  const seatClass = (seat) => (seat === NEUTRAL ? "ag-neutral" : `ag-seat${seat}`);
  const marker = (seat, extra) => h("span", { class: ["ag-marker", seatClass(seat), extra], title: seat === NEUTRAL ? t("ag_neutral") : names(seat) }, seat === NEUTRAL ? "N" : String(seat + 1));
  const goodChip = (g, extra = {}) => h("span", { ...extra, class: ["ag-good", `ag-chain${C.chain[g]}`, `ag-tier-${C.tier[g]}`, extra.class], title: `${G(g)} (${t("ag_value")} ${valueOf(view, g)})` }, goodShort(C.goods[g], lang));

  // ---- the prompt: who decides what now; out-of-turn decisions asked of their seat (T4)
  const prompts = [];
  const top = topFrame(view);
  const current = view.current_player;
  const outOfTurn = !view.over && current >= 0 && current !== view.active;
  if (view.left !== null && view.left !== undefined && !view.over) prompts.push(h("div", { class: "banner ag-last" }, t("ag_last_round", { n: view.left })));
  if (outOfTurn && acting && top && top.k === "follow") {
    prompts.push(h("div", { class: "banner ag-out-of-turn", id: "ag-follow", role: "alert" },
      h("strong", {}, t("ag_follow_you", { leader: names(top.leader), i: G(top.i), o: G(top.o) }))));
  } else if (outOfTurn && acting) {
    prompts.push(h("div", { class: "banner ag-out-of-turn", role: "alert" }, h("strong", {}, t("ag_out_of_turn_you", { active: names(view.active) }))));
  } else if (outOfTurn) {
    prompts.push(h("div", { class: "banner ag-waiting" }, t("ag_out_of_turn", { who: names(current), active: names(view.active) })));
  }
  const line = decisionLine(view, top, lang, names);
  if (line && !view.over) prompts.push(h("div", { class: "ag-decision" }, h("span", { class: "ag-turn" }, t("ag_turn_of", { name: names(view.active) })), " · ", line));

  // ---- the game board: characters over the 4×4 building grid (W1)
  function worker(space) {
    const there = view.spaces[space];
    if (!there) return null;
    const [seat, standing] = there;
    return h("span", { class: ["ag-worker", seatClass(seat), standing ? "standing" : "lying"], title: `${names(seat)}: ${t(standing ? "ag_standing" : "ag_lying")}` }, String(seat + 1));
  }
  const characters = C.characters.map((c, i) => {
    const extra = [];
    if (c === "trader") {
      view.prices.forEach((m, k) => extra.push(h("span", { class: ["ag-price", m && "placed"], title: `${t("ag_price_n", { m: k + 1 })}${m ? "" : `: ${t("ag_at_trader")}`}` },
        `⚑${k + 1}`, m ? [" ", goodChip(m[0]), m[1] > 0 ? "+1" : "−1"] : null)));
    }
    return h("div", { ...clickable(`space:${i}`, characterName(c, lang), "ag-space ag-character"), "data-space": c },
      h("span", { class: "ag-space-name" }, characterName(c, lang)),
      h("span", { class: "ag-space-body" }, worker(i) || h("span", { class: "ag-empty-spot" }, "·")),
      extra.length ? h("span", { class: "ag-prices" }, extra) : null);
  });
  const cells = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 4; col++) {
      const b = col * 4 + row;
      const info = C.buildings[b];
      const built = view.built[b];
      const name = buildingName(b);
      const pawns = [];
      if (view.merchant === b) pawns.push(h("span", { class: "ag-pawn ag-merchant", title: t("ag_merchant") }, "M"));
      if (view.builder === b) pawns.push(h("span", { class: "ag-pawn ag-builder", title: t("ag_builder") }, "B"));
      if (view.coins[b]) pawns.push(h("span", { class: "ag-coins", title: t("ag_rupees_on", { n: view.coins[b] }) }, `₹${view.coins[b]}`));
      cells.push(h("div", { ...clickable(`space:${4 + b}`, `${name} ${G(info.output)}`, ["ag-space", "ag-building", built ? "built" : "unbuilt", `ag-level${info.level}`]), "data-space": name },
        h("span", { class: "ag-building-head" }, h("span", { class: "ag-space-name" }, name), goodChip(info.output)),
        h("span", { class: "ag-building-from" }, info.production ? t("ag_produces") : ["← ", goodShort(C.goods[info.input], lang)]),
        h("span", { class: "ag-space-body" }, built ? worker(4 + b) : h("span", { class: "ag-cost" }, t("ag_cost", { cost: info.cost, level: info.level })), pawns)));
    }
  }
  const gameBoard = h("section", { class: "panel ag-board-panel" },
    h("h3", {}, t("ag_game_board")),
    h("div", { class: "ag-characters" }, characters),
    h("div", { class: "ag-grid" }, cells));

  // ---- the river: docks with the boat, the notables along it (R1–R8, D1)
  const open = new Set(view.open_levels);
  const openLevels = [...new Set(C.docks.slice(0, view.boat).flatMap((d) => d.levels))].sort().map((lv) => ROMAN[lv]);
  const docks = h("ol", { class: "ag-docks" }, C.docks.map((d) => {
    const effects = d.events.map((e) => t(`ag_dock_${e.effect}`, e, e.effect)).join(lang === "en" ? ", " : "、");
    return h("li", { class: ["ag-dock", d.dock === view.boat && "boat", d.dock < view.boat && "passed"], title: effects || null },
      h("span", { class: "ag-dock-n" }, String(d.dock)),
      d.dock === view.boat ? h("span", { class: "ag-boat" }, t("ag_boat")) : null,
      h("span", { class: "ag-dock-words" }, effects || "—"));
  }));
  const coming = C.docks[view.boat];  // the next dock's events, in words on a phone too
  const comingWords = coming ? coming.events.map((e) => t(`ag_dock_${e.effect}`, e, e.effect)).join(lang === "en" ? ", " : "、") : "";
  const here = C.docks[view.boat - 1];
  let advance = null;
  if (here && here.advance) {
    const need = C.docks.slice(0, view.boat).filter((d) => d.advance && d.advance.level === here.advance.level).reduce((a, d) => a + d.advance.contracts, 0);
    advance = t("ag_advance", { n: Math.max(0, need - view.contracts[here.advance.level]), level: ROMAN[here.advance.level] });
  }
  const notables = view.river.map((n) => {
    const card = C.notables[n.id];
    const isOpen = open.has(n.id);
    const title = `${n.id} ${notableName(n.id, lang)}`;
    const slots = card.contract.map((g, j) => {
      const put = n.slots[j] || [];
      return h("span", { ...clickable(`slot:${n.id}:${C.goods[g]}`, t("ag_slot", { good: G(g), name: title }), "ag-slot"), "data-slot": `${n.id}:${C.goods[g]}` },
        goodChip(g), put.length ? put.map((seat) => marker(seat)) : h("span", { class: "ag-free" }, "·"));
    });
    const generous = Object.entries(card.generous);
    return h("article", { class: ["ag-notable", `ag-guild${card.guild}`, isOpen ? "open" : "closed", n.owner !== null && "won"], dataset: { notable: String(n.id) } },
      h("header", {},
        h("span", { class: "ag-lvl" }, ROMAN[card.level]),
        h("b", {}, `${n.id} ${notableName(n.id, lang)}`),
        h("span", { class: "ag-guild-tag", title: guildName(C.guilds[card.guild], lang) }, guildShort(C.guilds[card.guild], lang))),
      h("div", { class: "ag-slots" }, slots,
        generous.length ? h("span", { class: "ag-generous" }, generous.map(([g, v]) => `+${goodShort(C.goods[g], lang)}${v}`).join(" ")) : null),
      n.owner !== null ? h("div", { class: "ag-owner" }, marker(n.owner), " ", t("ag_won_by", { name: names(n.owner) }))
        : isOpen ? h("div", { class: "ag-ability" }, t(`ag_ability_${n.id}`)) : h("div", { class: "ag-ability closed" }, t("ag_closed")));
  });
  const river = h("section", { class: "panel ag-river-panel" },
    h("h3", {}, t("ag_river")),
    h("p", { class: "ag-river-line" }, t("ag_boat_at", { dock: view.boat, levels: openLevels.join(", ") || "—" }), advance ? h("span", { class: "hint" }, ` · ${advance}`) : null),
    docks,
    comingWords ? h("p", { class: "ag-next-dock hint" }, `${t("ag_dock_n", { n: coming.dock })}${lang === "en" ? ": " : "："}${comingWords}`) : null,
    h("div", { class: "ag-notables" }, notables));

  // ---- the imperial board: guild orders (O5–O9) and Akbar's tribute bowls (O2, O3)
  const orderCols = C.guilds.map((u, gi) => {
    const filled = view.orders[gi].filter((o) => o !== null).length;
    const at = view.order_at[gi];
    return h("div", { class: ["ag-order-col", `ag-guild${gi}`] },
      // a column an order was just delivered to (which position the view does not say)
      h("div", { class: ["ag-order-head", marked(`filled:${u}`)] }, guildName(u, lang), h("small", {}, ` ${filled}/${view.limit}`), at === null ? h("small", {}, ` · ${t("ag_orders_all_done")}`) : null),
      C.orders[gi].map((need, pos) => {
        const who = view.orders[gi][pos];
        const isAt = at === pos;
        const attrs = isAt ? clickable(`order:${u}`, t("ag_order_at", { guild: guildName(u, lang) }), "ag-order") : { class: "ag-order" };
        return h("div", { ...attrs, class: [attrs.class, isAt && "at", who !== null && "done"], dataset: { ...(attrs.dataset || {}), order: `${u}:${pos + 1}` } },
          h("span", { class: "ag-order-pos" }, isAt ? "▶" : String(pos + 1)),
          need.map((g) => goodChip(g)),
          who !== null ? marker(who) : null);
      }));
  });
  const bowlRow = (half) => h("div", { class: "ag-bowl-row" }, h("span", { class: "label" }, t(`ag_${half}`)), C.halves[half].map((b) => {
    const g = C.bowls[b];
    const who = view.bowls[b];
    return h("span", { ...clickable(`bowl:${g}`, t("ag_bowl", { good: G(g) }), ["ag-bowl", who !== null && "full"]), "data-bowl": C.goods[g] },
      goodChip(g), who !== null ? marker(who) : null);
  }));
  const imperial = h("section", { class: "panel ag-imperial" },
    h("h3", {}, t("ag_imperial")),
    h("div", { class: "ag-sub" }, h("b", {}, t("ag_orders")), h("span", { class: "hint" }, ` · ${t("ag_limit", { n: view.limit })}`)),
    h("div", { class: "ag-orders" }, orderCols),
    h("div", { class: "ag-sub" }, h("b", {}, t("ag_bowls"))),
    h("div", { class: "ag-bowls" }, bowlRow("left"), bowlRow("right")));

  // ---- the meditation ring (M5, M7), the favour display (F4) and the bonus tiles (BT)
  const ringCell = (key) => h("div", { ...clickable(`ring:${key}`, t(`ag_ring_${key}`), ["ag-ring-cell", `ag-ring-${key}`, view.covered === key && "covered"]), "data-ring": key },
    h("span", {}, t(`ag_ring_${key}`)),
    view.covered === key ? h("span", { class: "ag-ring-marker", title: t("ag_covered") }, "◉") : null);
  const ring = h("div", { class: "ag-ring" }, RING.map(ringCell), ringCell("move_farmer"));
  const tileFace = (fav, attrs = {}) => {
    const [need, pay] = C.favour_cost[fav];
    return h("div", { ...attrs, class: ["ag-tile", attrs.class], dataset: { ...(attrs.dataset || {}), tile: fav } },
      h("span", { class: "ag-tile-id" }, fav),
      h("span", { class: "ag-tile-words" }, favourWords(fav, lang)),
      h("span", { class: "ag-tile-cost" }, t("ag_need_pay", { need, pay })));
  };
  const display = view.display.map((x) => tileFace(`t${x}`, clickable(`display:t${x}`, favourWords(`t${x}`, lang))));
  const bonusTiles = view.bonus_left.map((i) => {
    const bt = C.bonus[i];
    const words = [];
    if (bt.guild >= 0) words.push(t("ag_bonus_guild", { guild: guildShort(C.guilds[bt.guild], lang) }));
    if (bt.favour) words.push(t("ag_bonus_favour", { n: bt.favour }));
    if (bt.cover) words.push(t("ag_bonus_cover"));
    if (bt.rupees) words.push(t("ag_bonus_rupees", { n: bt.rupees }));
    return h("span", { ...clickable(`bonus:${bt.name}`, bt.name, "ag-bonus"), "data-bonus": bt.name },
      h("b", {}, bt.name), " ", words.join(" · "));
  });
  const temple = h("section", { class: "panel ag-temple" },
    h("div", { class: "ag-temple-ring" }, h("h3", {}, t("ag_ring")), ring),
    h("div", { class: "ag-temple-favour" },
      h("h3", {}, t("ag_display")),
      h("div", { class: "ag-tiles" }, display, h("span", { class: "ag-stack", title: t("ag_stack", { n: view.stack_tiles }) }, `▤ ${view.stack_tiles}`)),
      view.stack_seen ? h("p", { class: "hint" }, t("ag_stack_seen", { tiles: view.stack_seen.map((x) => `t${x}`).join(" ") })) : null,
      h("h3", {}, t("ag_bonus_left")),
      h("div", { class: "ag-bonus-list" }, bonusTiles.length ? bonusTiles : h("span", { class: "none" }, "—"))));

  // ---- every player's area, yours first
  const order = [...view.p.keys()];
  if (me !== null) order.sort((a, b) => (b === me) - (a === me));
  const areas = order.map((seat) => playerArea(seat));

  function playerArea(seat) {
    const p = view.p[seat];
    const mine = seat === me;
    const on = (key, title, cls) => (mine ? clickable(key, title, cls, seat) : { class: [cls, marked(key, seat)] });
    const standing = view.spaces.filter((x) => x && x[0] === seat && x[1]).length;
    const lying = view.spaces.filter((x) => x && x[0] === seat && !x[1]).length;
    const head = h("div", { class: "ag-area-head" },
      h("span", { class: ["ag-marker", seatClass(seat)] }, String(seat + 1)),
      h("b", {}, names(seat), mine ? h("small", {}, ` (${t("ag_you")})`) : null),
      h("span", { class: "ag-rupees", title: p.rupees === null ? t("ag_rupees_hidden") : t("ag_bag") }, p.rupees === null ? "₹ ?" : `₹${p.rupees}`),
      h("span", { ...on("favour", t("ag_favour"), "ag-stat ag-favour"), title: t("ag_favour") }, t("ag_favour_n", { n: p.favour })),
      h("span", { class: "ag-stat", title: t("ag_workers", { supply: p.workers, standing, lying }) }, t("ag_workers_n", { n: p.workers }), p.cook ? ` · ${t("ag_cook_n", { n: p.cook })}` : ""),
      h("span", { class: "ag-stat", title: t("ag_markers_n", { n: p.markers }) }, t("ag_markers_n", { n: p.markers })));

    // meditation (M2, C12a): the level track with its MP and the next level's price
    const levels = [];
    for (let lv = 1; lv <= C.meditation.levels; lv++) levels.push(h("span", { class: ["ag-med-step", lv === p.level && "here", lv < p.level && "past"], title: `${t("ag_level_n", { n: lv })}: ${C.meditation.mp[lv]} MP` }, String(lv)));
    const next = C.meditation.upgrade[p.level + 1];
    const meditation = h("div", { ...on("meditation", t("ag_meditation"), "ag-med"), "data-meditation": String(p.level) },
      h("span", { class: "label" }, t("ag_meditation")),
      h("span", { class: "ag-med-track" }, levels),
      h("span", { class: "ag-med-mp" }, `${C.meditation.mp[p.level]} MP`),
      h("span", { class: "hint" }, next ? t("ag_next_level", { goods: next.map((g) => G(g)).join(" + ") }) : t("ag_top_level")));

    // influence (G1–G4): one track per guild, the reward levels marked
    const rewards = Object.keys(C.influence.rewards).map(Number);
    const influence = h("div", { class: "ag-influence" }, C.guilds.map((u, gi) => {
      const steps = [];
      for (let i = 0; i <= C.influence.top; i++) steps.push(h("span", { class: ["ag-inf-step", i === p.influence[gi] && "here", rewards.includes(i) && "reward"] }, i === p.influence[gi] ? String(i) : ""));
      return h("div", { ...on(`guild:${u}`, guildName(u, lang), ["ag-inf-row", `ag-guild${gi}`]), "data-guild": u },
        h("span", { class: "ag-inf-name" }, guildShort(u, lang)), h("span", { class: "ag-inf-track" }, steps));
    }));

    // goods: four chains of four, the count on each, its value now (H1, H6)
    const goods = h("div", { class: "ag-goods" }, C.goods.map((id, g) => {
      const n = p.goods[g];
      const attrs = on(`good:${id}`, G(g), ["ag-good-cell", `ag-chain${C.chain[g]}`, !n && "zero"]);
      return h("div", { ...attrs, dataset: { ...(attrs.dataset || {}), good: id }, title: attrs.title || `${G(g)} (${t("ag_value")} ${valueOf(view, g)})` },
        h("span", { class: "ag-good-name" }, goodShort(id, lang)),
        h("span", { class: "ag-good-value" }, String(valueOf(view, g))),
        h("span", { class: "ag-good-count" }, String(n)));
    }));

    // favour actions: the three starting ones and the tiles taken (FS, FT, F5)
    const favours = h("div", { class: "ag-tiles ag-own-tiles" },
      ["s1", "s2", "s3", ...p.tiles.map((x) => `t${x}`)].map((fav) => tileFace(fav, { ...on(`fav:${fav}`, favourWords(fav, lang)), class: [on(`fav:${fav}`, "").class, p.used.includes(fav) && "used"] })));

    const facts = [];
    if (p.contracts.length) {
      facts.push(h("div", { class: "ag-fact" }, h("span", { class: "label" }, t("ag_contracts")),
        p.contracts.map((n) => h("span", { ...on(`contract:${n}`, notableName(n, lang), "ag-contract"), "data-contract": String(n), title: t(`ag_ability_${n}`) }, `${n} ${notableName(n, lang)}`))));
    }
    if (p.contracts.includes(6)) {
      facts.push(h("div", { class: "ag-fact" }, h("span", { class: "label" }, t("ag_french")),
        p.french.map((g, j) => h("span", { class: "ag-french-slot" }, `${j + 1}:`, g >= 0 ? goodChip(g) : "·"))));
    }
    const orders = view.orders.map((col) => col.filter((o) => o === seat).length);
    const tributes = view.bowls.filter((b) => b === seat).length;
    const counts = [t("ag_orders_n", { n: orders.reduce((a, b) => a + b, 0) }), t("ag_tributes_n", { n: tributes })];
    if (p.removed) counts.push(t("ag_covers_removed", { n: p.removed }));
    if (p.bonus.length) counts.push(`${t("ag_bonus")}: ${p.bonus.map((i) => C.bonus[i].name).join(" ")}`);
    facts.push(h("div", { class: "ag-fact hint" }, counts.join(" · ")));
    if (p.used.length && mine) facts.push(h("div", { class: "ag-fact hint" }, `${t("ag_used")}: ${p.used.join(" ")}`));

    return h("section", { class: ["panel", "ag-area", seatClass(seat), mine && "you", seat === current && "current"], dataset: { seat: String(seat) } },
      head,
      h("div", { class: "ag-area-body" },
        h("div", { class: "ag-area-farm" }, farmSvg(seat, mine)),
        h("div", { class: "ag-area-side" }, meditation, influence, goods)),
      h("div", { class: "ag-sub" }, h("span", { class: "label" }, t("ag_favour_actions"))),
      favours,
      facts);
  }

  /** The farm (A1–A5): the four basic goods on the corners, a track of squares between
   *  each two, farmers and cover tiles; the production of each corner beside it. */
  function farmSvg(seat, mine) {
    const p = view.p[seat];
    const n = Math.max(...C.tracks.map((tr) => tr.spaces));
    const cell = 24;
    const side = (n + 2) * cell;
    const pad = 4;
    // corner k is the start of track k: top-left, top-right, bottom-right, bottom-left
    const corners = [[0, 0], [n + 1, 0], [n + 1, n + 1], [0, n + 1]];
    const dirs = [[1, 0], [0, 1], [-1, 0], [0, -1]];
    const at = (k, i) => [corners[k][0] + dirs[k][0] * i, corners[k][1] + dirs[k][1] * i];
    const parts = [s("rect", { x: pad + cell, y: pad + cell, width: n * cell, height: n * cell, class: "ag-farm-field", rx: 6 })];
    C.tracks.forEach((track, k) => {
      for (let i = 1; i <= track.spaces; i++) {
        const [cx, cy] = at(k, i);
        const x = pad + cx * cell;
        const y = pad + cy * cell;
        const covered = p.covers[k].includes(i);
        const attrs = covered && mine ? clickable(`square:${k + 1}.${i}`, t("ag_square", { k: k + 1, i }), "ag-farm-square", seat) : { class: ["ag-farm-square", marked(`square:${k + 1}.${i}`, seat)] };
        parts.push(s("g", { ...attrs, class: [attrs.class, covered && "cover"], dataset: { ...(attrs.dataset || {}), square: `${k + 1}.${i}` } },
          s("title", {}, t("ag_square", { k: k + 1, i })),
          s("rect", { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, rx: 3 })));
      }
    });
    C.tracks.forEach((track, k) => {
      const [cx, cy] = at(k, p.farmers[k]);
      const attrs = mine ? clickable(`farmer:${k + 1}`, t("ag_farmer", { k: k + 1 }), "ag-farmer", seat) : { class: ["ag-farmer", marked(`farmer:${k + 1}`, seat)] };
      parts.push(s("g", { ...attrs, dataset: { ...(attrs.dataset || {}), farmer: String(k + 1) } },
        s("title", {}, t("ag_farmer", { k: k + 1 })),
        s("circle", { cx: pad + cx * cell + cell / 2, cy: pad + cy * cell + cell / 2, r: cell * 0.36, class: seatClass(seat) }),
        s("text", { x: pad + cx * cell + cell / 2, y: pad + cy * cell + cell / 2 + 4, "text-anchor": "middle", "font-size": 11, class: "ag-farmer-k" }, String(k + 1))));
    });
    C.tracks.forEach((track, k) => {
      const [cx, cy] = corners[k];
      const g = track.from;
      parts.push(s("g", { class: ["ag-farm-corner", `ag-chain${C.chain[g]}`] },
        s("title", {}, `${G(g)}: ${t("ag_production_n", { n: production(view, seat, g) })}`),
        s("rect", { x: pad + cx * cell + 1, y: pad + cy * cell + 1, width: cell - 2, height: cell - 2, rx: 12 }),
        s("text", { x: pad + cx * cell + cell / 2, y: pad + cy * cell + cell / 2 + 4, "text-anchor": "middle", "font-size": 11 }, String(production(view, seat, g)))));
    });
    // the corner goods named inside the field, so the numbers read as production
    C.tracks.forEach((track, k) => {
      const [cx, cy] = corners[k];
      const x = pad + (cx === 0 ? cell + 4 : (n + 1) * cell - 4);
      const y = pad + (cy === 0 ? cell + 13 : (n + 1) * cell - 6);
      parts.push(s("text", { x, y, "text-anchor": cx === 0 ? "start" : "end", "font-size": 10, class: "ag-farm-label" }, goodShort(C.goods[track.from], lang)));
    });
    return s("svg", { class: "ag-farm", viewBox: `0 0 ${side + 2 * pad} ${side + 2 * pad}`, width: side + 2 * pad, height: side + 2 * pad, role: "img", "aria-label": t("ag_farm") },
      s("title", {}, t("ag_farm")), parts);
  }

  // ---- what no drawn element offers: buttons under the prompt (produce 3, done, end, …)
  const rest = acting ? legal.filter((l) => !claimed.has(l.text)) : [];
  if (acting) {
    const follow = top && top.k === "follow";
    const hasDrawn = claimed.size > 0;
    prompts.push(h("div", { class: ["ag-choices", follow && "ag-follow-choices"] },
      hasDrawn ? h("span", { class: "hint" }, t("ag_click_hint")) : null,
      rest.length ? h("span", { class: "ag-rest" }, hasDrawn ? h("span", { class: "label" }, t("ag_more")) : null,
        rest.map((l) => h("button", {
          type: "button",
          class: ["legal", "ag-choice", ["follow", "done", "end"].includes(l.text) && "primary"],
          dataset: { action: l.text },
          title: l.text,
          onclick: () => ctx.act(l.text),
        }, follow && l.text === "follow" ? t("ag_follow") : follow && l.text === "decline" ? t("ag_decline") : l.description || l.text))) : null));
  }

  return h("div", { class: ["agra", acting && "acting"] },
    prompts.length ? h("div", { class: "ag-prompts" }, prompts) : null,
    gameBoard,
    h("div", { class: "ag-two" }, river, h("div", { class: "ag-stack-col" }, imperial, temple)),
    h("div", { class: "ag-areas" }, areas));
}

/** The pending decision in words, from the top frame of the view's stack (render.py). */
function decisionLine(view, top, lang, names) {
  const G = (g) => goodName(C.goods[g], lang);
  const B = (b) => `${buildingName(b)} ${G(C.buildings[b].output)}`;
  if (view.over) return t("ag_over");
  if (!top) {
    const phase = t(`ag_phase_${view.phase}`);
    return view.phase === "meditation" && view.turn.mp ? `${phase} · ${t("ag_mp", { n: view.turn.mp })}` : phase;
  }
  const facts = { who: names(top.seat) };
  switch (top.k) {
    case "boatman": facts.n = top.free + top.paid; break;
    case "trader": facts.given = top.value; facts.taken = top.taken; break;
    case "produce": facts.good = G(C.buildings[top.b].output); facts.b = B(top.b); facts.n = production(view, top.seat, C.buildings[top.b].output); break;
    case "process": facts.i = G(C.buildings[top.b].input); facts.o = G(C.buildings[top.b].output); facts.b = B(top.b); break;
    case "follow": facts.i = G(top.i); facts.o = G(top.o); facts.leader = names(top.leader); break;
    case "jagir": facts.boatman = names(top.boatman); break;
    case "gain": facts.value = top.value; break;
    case "reward": facts.n = top.favour; break;
    case "stand": case "reclaim": facts.n = top.n; break;
    case "bonus": facts.level = top.level; break;
    case "dyer": facts.good = G(top.good); break;
    default: break;
  }
  const said = t(`ag_f_${top.k}`, facts, "");
  return said || t(`ag_phase_${view.phase}`);
}

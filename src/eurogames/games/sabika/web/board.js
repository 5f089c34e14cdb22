// Sabika (薩比卡) drawn from state.view(seat) (src/eurogames/games/sabika/view.py): the decision
// due (a choice in the middle of a turn, or one asked of a seat out of turn, in a banner with
// its buttons), the wheel (外環/中環/內環 with every worker, the Sultan's and Yusuf's, and the
// secondary slots between the rings), the round track with the Sultan's wishes, the tower and
// the events, the Sultan's favour track, the market, the displays (large and small buildings,
// warehouse tiles, minor and major poems, the trade card), the map with its routes, cities,
// seals and ships, Yusuf's board in a solo game, then every player's workshop (dinars, paria,
// seals, favour, materials, goods, raws, warehouses, buildings, poems, ships, start tile).
// What is printed on the boards, cards and tiles comes from components.json (the engine's
// data, Game.board_components; a test holds it equal).
//
// A click never invents an action: each drawn element offers the legal entries (actions.py
// notation) that name it: `move b1 o3` on space o3, `secondary r2` on slot r2, `large 7 pay …`
// on large building 7, `export cairo …` on Cairo, `expand w2 h3` on display tile w2 and on
// warehouse h3, `buy marble` on the market's marble row; `data-action` when it offers one
// entry, `data-leads` and a menu when it offers several. Choosing a worker first narrows the
// ring to its moves. The tribute is paid with a picker (marker, dinars, seals, points). Entries
// no drawn element names (`done`, `balance 2d2p`, `choose 1`, `first 2`, …) are buttons in the
// banner above the board.

import { t } from "/static/i18n.js";
import { arrivedAfter, markClass, othersMoves } from "/static/lastmove.js";
import { h, leadsTo, s } from "/static/ui.js";
import {
  GOODS_WORDS, MATERIAL_WORDS, WORKER_RING, WORKERS, abilityWords, actionName, actionShort, cityName, colourName,
  effectWords, eventWords, goodsName, matName, rawName, regionName, scoringWords, typeName, wishWords, workerName,
} from "./terms.js";

const C = await fetch(new URL("./components.json", import.meta.url)).then((r) => {
  if (!r.ok) throw new Error(`components.json did not load (${r.status})`);
  return r.json();
});

const byId = (list) => Object.fromEntries(list.map((x) => [String(x.id), x]));
const LARGE = byId(C.large);
const SMALL = byId(C.small);
const WAREHOUSE = byId(C.warehouses);
const CITY_TILE = byId(C.city_tiles);
const MINOR = byId(C.minor);
const MAJOR = byId(C.major);
const TRADE = byId(C.trade);
const WISH = byId(C.wishes);
const EVENT = byId(C.events);
const YCARD = Object.fromEntries(Object.values(C.yusuf.cards).flat().map((c) => [c.id, c]));
const RINGS = ["outer", "middle", "inner"];
const SEATS = ["red", "blue", "green", "yellow"];
// the map drawn as a diagram (the data has routes and costs, no coordinates): Granada in the
// west, the Maghreb along the bottom, Europe along the top, the Near East in the east
const MAP_AT = {
  granada: [22, 128], barcelona: [62, 70], algiers: [78, 150], tunis: [150, 158], genoa: [118, 34],
  florence: [160, 78], venice: [196, 24], ragusa: [232, 82], constantinople: [298, 60], cairo: [300, 162],
};

function topFrame(view) {
  for (let i = view.stack.length - 1; i >= 0; i--) {
    const f = view.stack[i];
    if ("seat" in f && !f.k.startsWith("_")) return f;
  }
  return null;
}

function sideFor(players) {
  return C.sides.find((side) => side.players.includes(players)) || C.sides[0];
}

function effectsOf(src) {
  switch (src[0]) {
    case "large": return LARGE[src[1]].bonus;
    case "wh": return WAREHOUSE[src[1]].bonus;
    case "left": return CITY_TILE[src[1]].first_export;
    case "income": return CITY_TILE[src[1]].income;
    case "right": return CITY_TILE[src[1]].consolidation;
    case "start": return C.start_tiles[src[1] - 1];
    case "favour": return C.favour[src[1]];
    case "balance": return C.balance_rewards[src[1]];
    case "red": return MINOR[src[1]].red;
    case "blue": return MINOR[src[1]].blue[src[2]].effect;
    case "store": return (MINOR[src[1]].blue.find((a) => a.kind === "goods_warehouse") || {}).per_goods;
    case "opt": return effectsOf(src[1])[src[2]].options[src[3]];
    default: return null;
  }
}

/** What a legal entry names on the board: its targets, each a key "kind:id". */
function targets(text, here) {
  const w = text.split(" ");
  const out = [];
  switch (w[0]) {
    case "start": out.push(`start:${w[1]}`); break;
    case "move": out.push(`worker:${w[1]}`, `space:${w[2]}`); break;
    case "rest": out.push(`worker:${w[1]}`); break;
    case "secondary": out.push(`slot:${w[1]}`); break;
    case "quarry": case "market": case "handcraft": if (here) out.push(`space:${here}`); break;
    case "restart": out.push(`red:${w[1]}`); if (here) out.push(`space:${here}`); break;
    case "expand": out.push(`whd:${w[1]}`, `house:${w[2]}`); break;
    case "activate": out.push(`house:${w[1]}`); break;
    case "buy": out.push(w[1] === "raw" ? `slot:${w[2]}` : `mkt:buy:${w[1]}`); if (w[1] === "raw") out.push("mkt:buy:raw"); break;
    case "sell": out.push(w[1] === "goods" ? `mkt:sell:${w[2]}` : `mkt:sell:${w[1]}`); break;
    case "exchange": out.push(`mkt:ex:${w[1]}:${w[2]}`); break;
    case "refresh": out.push("refresh"); break;
    case "large": case "mn4": out.push(`large:${w[1]}`); break;
    case "small": out.push(`small:${w[1]}`); break;
    case "favour": out.push(`favour:${w[1]}`); break;
    case "export": case "consolidate": case "reward": case "mn14": case "mn17": case "yusuf": out.push(`city:${w[1]}`); break;
    case "produce":
      if (w[1] === "city") out.push(`city:${w[2]}`);
      else for (const g of w[2].split(",")) out.push(`raw:${g}`);
      if (here) out.push(`space:${here}`);
      break;
    case "carve": out.push(w[1].startsWith("n") ? `minor:${w[1]}:${w[2]}` : `major:${w[1]}`); break;
    case "take": out.push(/^r\d$/.test(w[1]) ? `slot:${w[1]}` : `supply:${w[1]}`); break;
    case "process": out.push(`raw:${w[1]}`); break;
    case "discard": out.push(`item:${w[1]}`); break;
    default: break;
  }
  return out;
}

/** The cheapest route costs from Granada and from each city (X3), +1 a route under EV9. */
function routeCosts(extra) {
  const places = ["granada", ...C.cities.map((c) => c.id)];
  const dist = Object.fromEntries(places.map((a) => [a, Object.fromEntries(places.map((b) => [b, a === b ? 0 : Infinity]))]));
  for (const r of C.routes) {
    const [a, b] = r.between;
    if (!(a in dist) || !(b in dist)) continue;
    dist[a][b] = dist[b][a] = Math.min(dist[a][b], r.dinars + extra);
  }
  for (const k of places) for (const i of places) for (const j of places) if (dist[i][k] + dist[k][j] < dist[i][j]) dist[i][j] = dist[i][k] + dist[k][j];
  return dist;
}

export function render(ctx) {
  const { view, legal, lang } = ctx;
  const ui = ctx.ui;
  const names = (seat) => ctx.names[seat] ?? t("seat_n", { n: seat + 1 });
  const me = ctx.seat !== null && ctx.seat !== undefined ? ctx.seat : null;
  const acting = ctx.interactive && legal.length > 0;
  const solo = view.players === 1 && view.y;
  const top = topFrame(view);
  const turnStart = view.phase === "play" && !top;
  const here = top && top.k === "turn" ? top.space : null;
  const side = sideFor(view.players);
  const era = view.round >= C.era_two_from_round ? 2 : 1;
  const current = view.current_player;
  const colon = t("sa_colon");
  const seatColour = (seat) => view.p[seat].colour || SEATS[seat % 4];
  const event = view.event ? EVENT[view.event] : null;
  const change = (key) => (event && event.changes[key]) || 0;

  // the spaces of this side of the board, by id
  const spaceIndex = {};
  for (const ring of RINGS) side.rings[ring].forEach((sp, i) => { spaceIndex[sp.id] = { ...sp, ring, i, n: side.rings[ring].length }; });
  function spaceInfo(id) {
    return spaceIndex[id] || { id, action: "", ring: "outer", i: 0, n: 1 };
  }

  // ---- what the others just did (lastmove.js): the workers they moved or rested, the spaces
  // their workers and Yusuf's went to, the cities they shipped to
  const marks = new Map();
  for (const entry of othersMoves(ctx.log, me)) {
    for (const key of targets(entry.text, null)) {
      if (/^(space|city):/.test(key)) marks.set(key, entry);
      if (key.startsWith("worker:")) marks.set(`${entry.seat}/${key}`, entry); // moved or rested
    }
    for (const ev of entry.events || []) {
      if (ev.kind === "yusuf_turn" && ev.data && ev.data.space) marks.set(`space:${String(ev.data.space).toLowerCase()}`, entry);
      if (ev.kind === "yusuf_ship" && ev.data && ev.data.city) marks.set(`city:${ev.data.city}`, entry);
    }
  }
  const after = arrivedAfter("sabika", ctx.log);
  const marked = (key) => markClass(marks.get(key), after);

  // ---- which drawn element offers which legal entries
  if (ui.worker !== undefined && !legal.some((l) => l.text.startsWith(`move ${ui.worker} `) || l.text === `rest ${ui.worker}`)) delete ui.worker;
  const offers = new Map();
  const claimed = new Set();
  if (acting) {
    for (const l of legal) {
      for (const key of targets(l.text, here)) {
        // a chosen worker narrows the ring to its own moves
        if (key.startsWith("space:") && l.text.startsWith("move ") && ui.worker !== undefined && !l.text.startsWith(`move ${ui.worker} `)) continue;
        if (!offers.has(key)) offers.set(key, []);
        offers.get(key).push(l);
      }
    }
  }
  const entryLabel = (l) => l.description || l.text;
  // the panels holding something to click now, for the banner's links down to them
  const PANEL_OF = { space: "wheel", slot: "wheel", favour: "favour", mkt: "market", supply: "market", large: "displays", small: "displays", whd: "displays", minor: "displays", major: "displays", refresh: "displays", city: "map" };
  const panelsInUse = new Set();
  /** The attributes that make an element play (one entry) or lead to (several) its offers. */
  function clickable(key, title, extraClass) {
    const entries = offers.get(key) || [];
    if (!entries.length) return { class: extraClass };
    for (const l of entries) claimed.add(l.text);
    const kind = key.split(":")[0];
    if (kind !== "start") panelsInUse.add(PANEL_OF[kind] || "area");
    const one = entries.length === 1;
    return {
      class: ["legal", extraClass],
      role: "button",
      tabindex: "0",
      title: one ? entryLabel(entries[0]) : title,
      dataset: one ? { action: entries[0].text } : { leads: leadsTo(entries.map((l) => l.text)) },
      onclick: (e) => {
        e.stopPropagation();
        if (one) ctx.act(entries[0].text);
        else ctx.menu(t("sa_choose", { what: title }), entries.map((l) => ({ label: entryLabel(l), detail: l.text, action: l.text, onChoose: () => ctx.act(l.text) })));
      },
    };
  }
  /** A worker to choose before its space: its moves and its rest. */
  function workerPick(w, extraClass) {
    const key = `worker:${WORKERS[w]}`;
    const entries = offers.get(key) || [];
    if (!entries.length) return { class: extraClass };
    for (const l of entries) claimed.add(l.text);
    if (ui.worker === WORKERS[w]) return { class: ["chosen", extraClass], role: "button", tabindex: "0", title: t("sa_worker_chosen"), onclick: (e) => { e.stopPropagation(); delete ui.worker; ctx.rerender(); } };
    return {
      class: ["legal", extraClass], role: "button", tabindex: "0", title: t("sa_pick_worker", { worker: workerName(w) }),
      dataset: { leads: leadsTo(entries.map((l) => l.text)) },
      onclick: (e) => { e.stopPropagation(); ui.worker = WORKERS[w]; ctx.rerender(); },
    };
  }
  const with_ = (attrs, data) => ({ ...attrs, dataset: { ...(attrs.dataset || {}), ...data } });
  const seatDot = (seat, extra) => h("span", { class: ["sa-dot", `sa-c-${seatColour(seat)}`, extra], title: names(seat) }, String(seat + 1));
  const yDot = () => h("span", { class: "sa-dot sa-yusuf-dot", title: t("sa_yusuf") }, "Y");
  const matChip = (m, n, attrs = {}) => h("span", { ...attrs, class: ["sa-mat", `sa-mat${m}`, attrs.class] }, matName(m), n === undefined ? null : h("b", {}, ` ${n}`));
  const goodsChip = (g, n, raw, attrs = {}) => h("span", { ...attrs, class: ["sa-goods", `sa-goods${g}`, raw && "raw", attrs.class] }, raw ? rawName(g) : goodsName(g), n === undefined ? null : h("b", {}, ` ${n}`));

  // ---- the banner: who decides what now; out-of-turn decisions asked of their seat
  const prompts = [];
  const outOfTurn = view.phase === "play" && current >= 0 && view.active >= 0 && current !== view.active;
  if (outOfTurn && acting) prompts.push(h("div", { class: "banner sa-out-of-turn", role: "alert" }, h("strong", {}, t("sa_out_of_turn_you", { active: activeName() }))));
  else if (outOfTurn) prompts.push(h("div", { class: "banner sa-waiting" }, t("sa_out_of_turn", { who: names(current), active: activeName() })));
  const line = decisionLine();
  if (line) prompts.push(h("div", { class: ["sa-decision", acting && "mine"], id: "sa-decision" }, line));

  function activeName() {
    return view.active === 1 && solo ? t("sa_yusuf") : names(view.active);
  }

  function decisionLine() {
    if (view.phase === "over") return t("sa_over");
    if (current < 0) return "";
    const who = names(current);
    if (view.phase === "start") return t("sa_d_start", { who });
    if (!top) return t("sa_d_play", { who });
    const facts = { who };
    switch (top.k) {
      case "turn": Object.assign(facts, { worker: workerName(top.w), space: top.space, action: actionName(spaceInfo(top.space).action) }); break;
      case "tx": facts.n = top.n; break;
      case "tribute": facts.n = top.due; break;
      case "split": facts.n = top.n; break;
      case "favour": facts.n = top.max; break;
      case "grant": case "act": facts.action = actionName(top.action); break;
      default: break;
    }
    return t(`sa_d_${top.k}`, facts, "") || t("sa_d_other", { who, k: top.k });
  }

  // ---- the wheel: three rings of spaces, the secondary slots between them (W1, S1)
  const RADII = { inner: [30, 90], middle: [90, 142], outer: [142, 196] };
  const CX = 200;
  const CY = 200;
  const at = (r, deg) => [CX + r * Math.sin((deg * Math.PI) / 180), CY - r * Math.cos((deg * Math.PI) / 180)];
  function sector(r0, r1, a0, a1) {
    const [x0, y0] = at(r1, a0);
    const [x1, y1] = at(r1, a1);
    const [x2, y2] = at(r0, a1);
    const [x3, y3] = at(r0, a0);
    const big = a1 - a0 > 180 ? 1 : 0;
    return `M${x0.toFixed(1)},${y0.toFixed(1)} A${r1},${r1} 0 ${big} 1 ${x1.toFixed(1)},${y1.toFixed(1)} L${x2.toFixed(1)},${y2.toFixed(1)} A${r0},${r0} 0 ${big} 0 ${x3.toFixed(1)},${y3.toFixed(1)} Z`;
  }
  const midAngle = (id) => {
    const sp = spaceInfo(id);
    return (sp.i + 0.5) * (360 / sp.n);
  };
  function pawnsOn(space) {
    const out = [];
    view.p.forEach((p, seat) => p.work.forEach((where, w) => {
      if (where === space) out.push({ cls: [`sa-c-${seatColour(seat)}`, !p.up[w] && "lying", seat === me && "mine"], label: String(seat + 1), title: `${names(seat)}: ${workerName(w)} (${t(p.up[w] ? "sa_standing" : "sa_lying")})` });
    }));
    for (const sultan of view.sultans) if (sultan === space) out.push({ cls: ["sa-sultan"], label: "S", title: t("sa_sultans_worker") });
    if (solo) view.y.work.forEach((where, w) => { if (where === space) out.push({ cls: ["sa-yusuf-pawn"], label: "Y", title: `${t("sa_yusuf")}: ${workerName(w)}` }); });
    return out;
  }
  function wheelSvg() {
    const parts = [s("circle", { cx: CX, cy: CY, r: 198, class: "sa-wheel-rim" })];
    const above = [];
    for (const ring of RINGS) {
      const [r0, r1] = RADII[ring];
      const spaces = side.rings[ring];
      const span = 360 / spaces.length;
      spaces.forEach((sp, i) => {
        const a0 = i * span;
        const a1 = (i + 1) * span;
        const mid = (a0 + a1) / 2;
        const isVoid = sp.four_players_only && view.players < 4;
        const word = `${actionShort(sp.action)}${sp.amount ? ` ×${sp.amount}` : ""}`;
        const title = `${sp.id} ${actionName(sp.action)}${sp.amount ? ` ×${sp.amount}` : ""}${sp.slot ? ` · ${sp.slot}` : ""}`;
        const attrs = isVoid ? { class: "sa-space void" } : clickable(`space:${sp.id}`, title, ["sa-space", `sa-ring-${ring}`, `sa-act-${sp.action}`, sp.id === here && "here"]);
        // the words and the pawns stacked at the sector's middle: readable at every angle
        const [lx, ly] = at((r0 + r1) / 2, mid);
        const pawns = isVoid ? [] : pawnsOn(sp.id);
        const perRow = ring === "inner" ? 3 : 4;
        const pawnEls = pawns.map((pw, k) => {
          const row = Math.floor(k / perRow);
          const inRow = Math.min(perRow, pawns.length - row * perRow);
          const x = lx + ((k % perRow) - (inRow - 1) / 2) * 12.5;
          const y = ly + 10 + row * 12;
          return s("g", { class: ["sa-pawn", ...pw.cls] }, s("title", {}, pw.title),
            s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 5.6 }),
            s("text", { x: x.toFixed(1), y: (y + 3).toFixed(1), "text-anchor": "middle" }, pw.label));
        });
        parts.push(s("g", with_(attrs, { space: sp.id }),
          s("title", {}, isVoid ? `${sp.id} — ${t("sa_void")}` : title),
          s("path", { d: sector(r0, r1, a0, a1) })));
        // words and pawns above the slots, and clicks go through them to the space or slot
        if (marks.has(`space:${sp.id}`)) above.push(s("path", { d: sector(r0 + 2.5, r1 - 2.5, a0 + 1, a1 - 1), class: ["last-ring", marked(`space:${sp.id}`)] }));
        above.push(s("g", { class: ["sa-space-top", isVoid && "void"] },
          s("text", { x: lx.toFixed(1), y: (ly - 9).toFixed(1), "text-anchor": "middle", class: "sa-space-word" }, isVoid ? "—" : word),
          s("text", { x: lx.toFixed(1), y: (ly + 0.5).toFixed(1), "text-anchor": "middle", class: "sa-space-id" }, sp.id),
          pawnEls));
      });
    }
    // the secondary slots between two rings, beside the spaces that touch them (S1)
    for (const slot of side.slots) {
      const angles = slot.spaces.map(midAngle);
      let [a, b] = angles;
      if (b === undefined) b = a;
      if (Math.abs(a - b) > 180) b += b < a ? 360 : -360;
      const angle = (a + b) / 2;
      const r = slot.kind === "raw" ? RADII.outer[0] : RADII.middle[0];
      const [x, y] = at(r, angle);
      const isVoid = slot.spaces.every((id) => spaceInfo(id).four_players_only) && view.players < 4;
      let fill = "empty";
      let letter = "·";
      let title = `${slot.id}: ${t("sa_empty")}`;
      if (slot.kind === "raw" && view.raws[slot.id] >= 0 && view.raws[slot.id] !== null && view.raws[slot.id] !== undefined) {
        const g = view.raws[slot.id];
        fill = `sa-goods${g}`;
        letter = rawName(g).slice(0, lang === "en" ? 2 : 1);
        title = `${slot.id}: ${rawName(g)}`;
      } else if (slot.kind === "material" && view.marble[slot.id]) {
        fill = "sa-mat2";
        letter = matName(2).slice(0, lang === "en" ? 2 : 1);
        title = `${slot.id}: ${matName(2)}`;
      }
      const attrs = isVoid ? { class: "sa-slot void" } : clickable(`slot:${slot.id}`, title, ["sa-slot", `sa-slot-${slot.kind}`]);
      parts.push(s("g", with_(attrs, { slot: slot.id }), s("title", {}, `${title} (${t(slot.kind === "raw" ? "sa_slot_raw" : "sa_slot_material")}: ${slot.spaces.join(", ")})`),
        s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 9.5, class: ["sa-slot-token", fill] }),
        s("text", { x: x.toFixed(1), y: (y + 3.2).toFixed(1), "text-anchor": "middle", class: "sa-slot-letter" }, letter),
        s("text", { x: (x + 12).toFixed(1), y: (y - 8).toFixed(1), class: "sa-slot-id" }, slot.id)));
    }
    parts.push(s("g", { class: "sa-above" }, above));
    parts.push(s("circle", { cx: CX, cy: CY, r: 29, class: "sa-hub" }),
      s("text", { x: CX, y: CY - 4, "text-anchor": "middle", class: "sa-hub-round" }, t("sa_round_short", { r: Math.min(view.round, C.rounds) })),
      s("text", { x: CX, y: CY + 11, "text-anchor": "middle", class: "sa-hub-era" }, t(era === 1 ? "sa_era1" : "sa_era2")));
    return s("svg", { class: "sa-wheel", viewBox: "0 0 400 400", role: "img", "aria-label": t("sa_wheel") }, s("title", {}, t("sa_wheel")), parts);
  }
  const ringLegend = h("p", { class: "sa-legend hint" },
    RINGS.map((ring, i) => [i ? " · " : "", h("b", {}, t(`sa_ring_${ring}`)), ` ${t(`sa_ring_${ring}_who`)}`]),
    " · ", h("span", { class: "sa-pawn-key sa-sultan" }, "S"), ` ${t("sa_sultans_worker")}`,
    solo ? [" · ", h("span", { class: "sa-pawn-key sa-yusuf-pawn" }, "Y"), ` ${t("sa_yusuf")}`] : null);
  const wheelPanel = h("section", { class: "panel sa-wheel-panel", id: "sa-wheel" },
    h("h3", {}, t("sa_wheel")), wheelSvg(), ringLegend);

  // ---- the round track (narrator, tribute due, wishes, era, events), the tower, the events
  /** The paria due when the narrator reaches ``pos`` (the end of round pos - 1): the printed
   * figure, and for the round being played the figure the current event makes it (EV5, EV8:
   * rules.py's ``_end_round``, never below 0). A later round's event is not known yet. */
  function pariaDue(pos) {
    const printed = C.round_paria[pos - 2];
    const change = view.event && pos - 1 === view.round && view.phase !== "over" ? EVENT[view.event].changes.tribute_paria || 0 : 0;
    if (!change) return h("span", { class: "sa-pos-paria", title: t("sa_tribute_due", { n: printed }) }, `⚖${printed}`);
    const due = Math.max(0, printed + change);
    return h("span", { class: "sa-pos-paria changed", dataset: { printed: String(printed) }, title: t("sa_tribute_due_event", { n: due, printed, e: view.event }) }, `⚖${due}`);
  }
  const positions = [];
  // after round r the narrator stands on position r + 1 (the round's end: no one's turn)
  const narratorAt = view.phase === "over" ? C.rounds + 1 : view.phase === "play" && view.active < 0 ? view.round + 1 : view.round;
  for (let pos = 1; pos <= C.rounds + 1; pos++) {
    const round = pos - 1; // the round that ends when the narrator reaches pos
    const wishAt = C.wish_after_rounds.indexOf(round);
    const wishId = wishAt >= 0 ? view.wishes[wishAt] : null;
    const narrator = pos === narratorAt;
    positions.push(h("li", { class: ["sa-pos", narrator && "narrator", pos < narratorAt && "past"], dataset: { position: String(pos) } },
      h("span", { class: "sa-pos-n" }, pos <= C.rounds ? t("sa_round_short", { r: pos }) : t("sa_end")),
      pos >= 2 ? pariaDue(pos) : null,
      pos === C.era_two_from_round ? h("span", { class: "sa-pos-era" }, "II") : null,
      C.event_change_after_rounds.includes(round) ? h("span", { class: "sa-pos-event", title: t("sa_event_change") }, "⟳") : null,
      wishId && WISH[wishId] ? h("span", { class: ["sa-wish", view.tower.includes(wishId) && "in-tower"], title: wishWords(WISH[wishId]) }, wishId) : null,
      wishAt >= 0 && !wishId ? h("span", { class: "sa-wish hidden", title: t("sa_wish_hidden") }, "?") : null,
      narrator ? h("span", { class: "sa-narrator", title: t("sa_narrator") }, "▲") : null));
  }
  // a wish tile face down (the wishes_face_down option, Q41) is seen when it enters the tower
  const wishes = view.wishes.map((id, i) => h("li", { class: ["sa-wish-row", view.tower.includes(id) && "in-tower"] },
    h("b", {}, id && WISH[id] ? id : "?"), ` ${t("sa_after_round", { r: C.wish_after_rounds[i] })}${colon}${id && WISH[id] ? wishWords(WISH[id]) : t("sa_wish_hidden")}`,
    view.tower.includes(id) ? h("span", { class: "sa-tag" }, t("sa_in_tower")) : null));
  const events = [];
  if (view.event) events.push(h("p", { class: ["sa-event", `sa-event-${EVENT[view.event].colour}`] }, h("b", {}, t("sa_event_n", { n: view.event })), `${colon}${eventWords(view.event)}`));
  if (view.future) events.push(h("p", { class: ["sa-event", "future", `sa-event-${EVENT[view.future].colour}`] }, h("b", {}, t("sa_future_n", { n: view.future })), `${colon}${eventWords(view.future)}`));
  if (view.event_pile) events.push(h("p", { class: "hint" }, t("sa_event_pile", { n: view.event_pile })));
  const trackPanel = h("section", { class: "panel sa-track-panel", id: "sa-track" },
    h("h3", {}, t("sa_round_track")),
    h("ol", { class: "sa-positions" }, positions),
    h("div", { class: "sa-sub" }, h("b", {}, t("sa_wishes")), h("span", { class: "hint" }, ` · ${t("sa_tower_n", { n: view.tower.length })}`)),
    h("ul", { class: "sa-wishes" }, wishes),
    events);

  // ---- the Sultan's favour track (F1): each space's reward, everyone's marker
  const favourSpaces = C.favour.map((reward, k) => {
    const here_ = view.p.map((p, seat) => (p.favour === k ? seatDot(seat) : null));
    if (solo && view.y.favour === k) here_.push(yDot());
    return h("li", with_(clickable(`favour:${k}`, t("sa_favour_space", { n: k }), ["sa-fav", k === C.favour.length - 1 && "last"]), { favour: String(k) }),
      h("span", { class: "sa-fav-n" }, String(k)),
      h("span", { class: "sa-fav-words" }, k === 0 ? t("sa_start_space") : effectWords(reward)),
      h("span", { class: "sa-fav-who" }, here_));
  });
  const favourPanel = h("section", { class: "panel sa-favour-panel", id: "sa-favour" },
    h("h3", {}, t("sa_favour_track")), h("ol", { class: "sa-favour" }, favourSpaces),
    h("p", { class: "hint" }, t("sa_favour_last")));

  // ---- the market (M1-M4) and the supply
  const mkt = C.market;
  const buyDelta = change("market_buy_dinars");
  const sellDelta = change("market_sell_dinars");
  const marketRows = C.materials.map((m, i) => {
    const word = MATERIAL_WORDS[i];
    const ex = [i - 1, i + 1].filter((j) => j >= 0 && j < 4).map((j) => h("span", with_(clickable(`mkt:ex:${word}:${MATERIAL_WORDS[j]}`, t("sa_exchange_for", { a: matName(i), b: matName(j) }), "sa-mkt-cell sa-mkt-ex"), { ex: `${word}:${MATERIAL_WORDS[j]}` }), j < i ? "▲" : "▼", " ", matName(j)));
    return h("tr", {},
      h("th", {}, matChip(i), h("small", { class: "sa-value", title: t("sa_value") }, ` ${C.material_value[i]}★`)),
      h("td", with_(clickable(`mkt:buy:${word}`, t("sa_buy_what", { what: matName(i) }), "sa-mkt-cell"), { buy: word }), String(Math.max(0, mkt.buy[m] + buyDelta))),
      h("td", with_(clickable(`mkt:sell:${word}`, t("sa_sell_what", { what: matName(i) }), "sa-mkt-cell"), { sell: word }), String(mkt.sell[m] + sellDelta)),
      h("td", { class: "sa-mkt-exs" }, ex),
      h("td", with_(clickable(`supply:${word}`, t("sa_take_what", { what: matName(i) }), "sa-mkt-cell sa-supply"), { supply: word }), view.supply[i] === undefined ? "∞" : String(view.supply[i])));
  });
  const rawRow = h("tr", {},
    h("th", {}, t("sa_raw_any")),
    h("td", with_(clickable("mkt:buy:raw", t("sa_buy_what", { what: t("sa_raw_any") }), "sa-mkt-cell"), { buy: "raw" }), String(Math.max(0, mkt.buy.raw + buyDelta))),
    h("td", {}, "—"), h("td", {}), h("td", { class: "hint" }, t("sa_from_wheel")));
  const goodsRows = GOODS_WORDS.map((word, g) => h("tr", {},
    h("th", {}, goodsChip(g)),
    h("td", {}, "—"),
    h("td", with_(clickable(`mkt:sell:${word}`, t("sa_sell_what", { what: goodsName(g) }), "sa-mkt-cell"), { sell: word }), String(mkt.sell.goods + sellDelta)),
    h("td", {}), h("td", { class: "hint" }, `${t("sa_bag")} ${view.bag[g]} · ${t("sa_discarded")} ${view.discards[g]}`)));
  const marketPanel = h("section", { class: ["panel", "sa-market-panel", top && top.k === "tx" && "active"], id: "sa-market" },
    h("h3", {}, t("sa_market")),
    h("p", { class: "hint" }, t("sa_market_rule", { d: mkt.visit_dinars, n: mkt.transactions })),
    h("table", { class: "sa-market" },
      h("thead", {}, h("tr", {}, h("th", {}), h("th", {}, t("sa_buy")), h("th", {}, t("sa_sell")), h("th", {}, t("sa_exchange")), h("th", {}, t("sa_supply")))),
      h("tbody", {}, marketRows, rawRow, goodsRows)));

  // ---- the displays: large buildings, small buildings, warehouse tiles, poems, trade card
  const largeTile = (id) => {
    const b = LARGE[id];
    const title = `${t("sa_large_n", { n: id })} ${typeName(b.type)}: ${effectWords(b.bonus)}`;
    return h("div", with_(clickable(`large:${id}`, title, ["sa-tile", "sa-large", `sa-type-${b.type}`, b.era !== era && "later"]), { large: String(id) }),
      h("span", { class: "sa-tile-id" }, `${id}`, h("small", {}, b.era === 1 ? " I" : " II")),
      h("span", { class: "sa-tile-type" }, typeName(b.type)),
      h("span", { class: "sa-tile-words" }, effectWords(b.bonus)));
  };
  const largeNow = [...view.large].filter((id) => LARGE[id].era === era).sort((a, b) => a - b);
  const largeLater = [...view.large].filter((id) => LARGE[id].era !== era).sort((a, b) => a - b);
  const halves = (left, right) => h("span", { class: "sa-halves" }, h("span", { class: ["sa-half", `sa-col-${left}`], title: colourName(left) }), h("span", { class: ["sa-half", `sa-col-${right}`], title: colourName(right) }));
  const smallCards = view.small.map((id, i) => {
    const slot = `s${i + 1}`;
    if (!id) return h("div", { class: "sa-tile sa-small empty", dataset: { small: slot } }, slot, " —");
    const c = SMALL[id];
    const title = `${slot}: ${t("sa_small_n", { n: id })} ${typeName(c.type)}, ${matName(c.base)}`;
    return h("div", with_(clickable(`small:${slot}`, title, ["sa-tile", "sa-small", `sa-type-${c.type}`]), { small: slot }),
      h("span", { class: "sa-tile-id" }, `${slot} · ${id}`),
      h("span", { class: "sa-tile-type" }, typeName(c.type)),
      h("span", { class: "sa-tile-words" }, t("sa_base", { what: matName(c.base) })),
      halves(c.left, c.right));
  });
  const refreshAttrs = clickable("refresh", t("sa_refresh"), "sa-refresh");
  const refresh = h("button", { type: "button", ...refreshAttrs, disabled: !refreshAttrs.dataset }, `↻ ${t("sa_refresh")}`);
  const whdTiles = view.whd.map((id, i) => {
    const slot = `w${i + 1}`;
    const at_ = side.warehouse_display.find((x) => x.id === slot);
    if (!id) return h("div", { class: "sa-tile sa-wh empty", dataset: { whd: slot } }, slot, " —");
    const w = WAREHOUSE[id];
    const title = `${slot}: ${t("sa_wh_tile", { n: id, boxes: w.boxes })}`;
    return h("div", with_(clickable(`whd:${slot}`, title, ["sa-tile", "sa-wh"]), { whd: slot }),
      h("span", { class: "sa-tile-id" }, `${slot} · ${id}`, at_ ? h("small", {}, ` ${t("sa_beside", { space: at_.space })}`) : null),
      h("span", { class: "sa-boxes" }, "▣".repeat(w.boxes)),
      h("span", { class: "sa-tile-words" }, effectWords(w.bonus)));
  });
  const minorCards = view.minor.map((id, i) => {
    const slot = `n${i + 1}`;
    if (!id) return null;
    const m = MINOR[id];
    const half = (colour, words) => h("div", with_(clickable(`minor:${slot}:${colour}`, t(`sa_carve_${colour}`, { n: id }), ["sa-poem-half", colour]), { minor: `${slot}:${colour}` }),
      h("small", {}, t(`sa_poem_${colour}`)), " ", words);
    return h("div", { class: "sa-poem sa-minor", dataset: { slot } },
      h("span", { class: "sa-tile-id" }, `${slot} · ${t("sa_minor_n", { n: id })}`),
      half("blue", m.blue.map((ab) => abilityWords(ab)).join(t("sa_semicolon"))),
      half("red", effectWords(m.red)));
  });
  const ranks = view.players === 2 ? C.ranking.two_players || C.ranking.default : C.ranking.default;
  const majorCards = view.major.map((id, i) => {
    const slot = `j${i + 1}`;
    if (!id) return null;
    const m = MAJOR[id];
    return h("div", with_(clickable(`major:${slot}`, t("sa_carve_grey", { n: id }), "sa-poem sa-major"), { major: slot }),
      h("span", { class: "sa-tile-id" }, `${slot} · ${id}`),
      h("span", { class: "sa-tile-words" }, scoringWords(m.scoring, ranks)));
  });
  const trade = TRADE[view.trade];
  const displays = h("section", { class: "panel sa-displays", id: "sa-displays" },
    h("div", { class: "sa-sub" }, h("b", {}, t("sa_large")), h("span", { class: "hint" }, ` · ${t("sa_era_now", { era: t(era === 1 ? "sa_era1" : "sa_era2") })}`)),
    h("div", { class: "sa-tiles" }, largeNow.length ? largeNow.map(largeTile) : h("span", { class: "hint" }, "—")),
    largeLater.length ? h("details", { class: "sa-later", open: ui.later || undefined, ontoggle: (e) => { ui.later = e.target.open; } },
      h("summary", {}, t("sa_later_n", { n: largeLater.length, r: C.era_two_from_round })), h("div", { class: "sa-tiles" }, largeLater.map(largeTile))) : null,
    h("div", { class: "sa-sub" }, h("b", {}, t("sa_small")), h("span", { class: "hint" }, ` · ${t("sa_deck_n", { n: view.small_deck })} · ${t("sa_discard_n", { n: view.small_discard.length })} `), refresh),
    h("div", { class: "sa-tiles" }, smallCards),
    h("div", { class: "sa-sub" }, h("b", {}, t("sa_warehouse_tiles")), h("span", { class: "hint" }, ` · ${t("sa_stacks", { l: view.stacks.left ?? 0, r: view.stacks.right ?? 0 })}`)),
    h("div", { class: "sa-tiles" }, whdTiles),
    h("div", { class: "sa-sub" }, h("b", {}, t("sa_minor")), h("span", { class: "hint" }, ` · ${t("sa_deck_n", { n: view.minor_deck })}`)),
    h("div", { class: "sa-poems" }, minorCards),
    h("div", { class: "sa-sub" }, h("b", {}, t("sa_major"))),
    h("div", { class: "sa-poems" }, majorCards),
    trade ? h("p", { class: "sa-trade" }, h("b", {}, t("sa_trade_n", { n: view.trade })), `${colon}${scoringWords(trade.scoring, ranks)}`) : null);

  // ---- the map (X1-X8): routes with their costs, cities with tile, seal and ships
  const dist = routeCosts(change("route_dinars"));
  const myShips = me !== null ? view.p[me].ships : {};
  const costFor = (city) => Math.min(...["granada", ...Object.keys(myShips)].map((from) => dist[from][city] ?? Infinity));
  const cityIds = C.cities.map((c) => c.id);
  const place = (id, k) => MAP_AT[id] || [40 + (k % 5) * 60, 40 + Math.floor(k / 5) * 80];
  function shipsAt(city) {
    const out = [];
    view.p.forEach((p, seat) => { if (p.ships[city]) out.push({ seat, right: p.ships[city] === 2 }); });
    if (solo && view.y.ships[city]) out.push({ seat: "y", right: view.y.ships[city] === 2 });
    return out;
  }
  function mapSvg() {
    const parts = [s("rect", { x: 0, y: 0, width: 320, height: 186, rx: 8, class: "sa-sea" })];
    for (const r of C.routes) {
      const [a, b] = r.between;
      const [x1, y1] = place(a, cityIds.indexOf(a));
      const [x2, y2] = place(b, cityIds.indexOf(b));
      parts.push(s("line", { x1, y1, x2, y2, class: "sa-route" }));
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      parts.push(s("g", { class: "sa-route-cost" }, s("circle", { cx: mx, cy: my, r: 6 }), s("text", { x: mx, y: my + 3, "text-anchor": "middle" }, String(r.dinars + change("route_dinars")))));
    }
    const [gx, gy] = MAP_AT.granada;
    parts.push(s("g", { class: "sa-home" }, s("rect", { x: gx - 9, y: gy - 9, width: 18, height: 18, rx: 3 }),
      s("text", { x: gx - 10, y: gy + 21, class: "sa-city-name" }, t("sa_granada"))));
    C.cities.forEach((c, k) => {
      const [x, y] = place(c.id, k);
      const tile = CITY_TILE[view.cities[c.id]];
      const ships = shipsAt(c.id);
      const shipEls = ships.map((sh, j) => {
        const side_ = sh.right ? 1 : -1;
        const n = ships.filter((o, i) => i < j && o.right === sh.right).length;
        const sx = x + side_ * (15 + n * 7);
        return s("rect", { x: sx - 3, y: y - 4, width: 6, height: 8, rx: 1.5, class: ["sa-ship", sh.seat === "y" ? "sa-yusuf-ship" : `sa-c-${seatColour(sh.seat)}`] });
      });
      const attrs = clickable(`city:${c.id}`, cityName(c.id), ["sa-city-dot", tile && `sa-tile-${tile.colour}`]);
      parts.push(s("g", with_(attrs, { city: c.id }),
        s("title", {}, cityLine(c.id)),
        s("circle", { cx: x, cy: y, r: 9 }),
        marks.has(`city:${c.id}`) ? s("circle", { cx: x, cy: y, r: 13, class: ["last-ring", marked(`city:${c.id}`)] }) : null,
        view.seals.includes(c.id) ? s("circle", { cx: x + 6, cy: y - 7, r: 3.2, class: "sa-seal" }) : null,
        shipEls,
        s("text", { x: x > 270 ? x + 11 : x, y: y + 20, "text-anchor": x > 270 ? "end" : "middle", class: "sa-city-name" }, cityName(c.id))));
    });
    return s("svg", { class: "sa-map", viewBox: "0 0 320 186", role: "img", "aria-label": t("sa_map") }, s("title", {}, t("sa_map")), parts);
  }
  function cityLine(city) {
    const tile = CITY_TILE[view.cities[city]];
    return tile ? `${cityName(city)} (${colourName(tile.colour)}): ${t("sa_demand")} ${tile.demand.map((g) => goodsName(g)).join("/")}` : cityName(city);
  }
  const cityCards = C.cities.map((c) => {
    const tile = CITY_TILE[view.cities[c.id]];
    const ships = shipsAt(c.id);
    const attrs = clickable(`city:${c.id}`, cityName(c.id), ["sa-city", tile && `sa-tile-${tile.colour}`, marked(`city:${c.id}`)]);
    const cost = costFor(c.id);
    return h("div", with_(attrs, { cityCard: c.id }),
      h("div", { class: "sa-city-head" },
        h("b", {}, cityName(c.id)),
        view.seals.includes(c.id) ? h("span", { class: "sa-seal-chip", title: t("sa_seal") }, "◉") : null,
        h("span", { class: "sa-route-chip", title: t("sa_route_cost") }, t("sa_route_n", { n: Number.isFinite(cost) ? cost : "—" })),
        h("small", { class: "hint" }, regionName(c.region))),
      tile ? [
        h("div", { class: "sa-city-line" }, h("span", { class: "label" }, t("sa_demand")), tile.demand.map((g) => goodsChip(["sugar", "pottery", "clothing"].indexOf(g)))),
        h("div", { class: "sa-city-line" }, h("span", { class: "label" }, t("sa_first_export")), effectWords(tile.first_export)),
        tile.colour === "red"
          ? h("div", { class: "sa-city-line" }, h("span", { class: "label" }, t("sa_consolidation")), effectWords(tile.consolidation))
          : h("div", { class: "sa-city-line" }, h("span", { class: "label" }, t("sa_income")), effectWords(tile.income)),
      ] : null,
      ships.length ? h("div", { class: "sa-city-line" }, ships.map((sh) => h("span", { class: ["sa-ship-chip", sh.right && "right"] }, sh.seat === "y" ? yDot() : seatDot(sh.seat), sh.right ? ` ${t("sa_consolidated")}` : ""))) : null);
  });
  const mapPanel = h("section", { class: "panel sa-map-panel", id: "sa-map" },
    h("h3", {}, t("sa_map")),
    mapSvg(),
    h("p", { class: "hint" }, t("sa_map_legend")),
    h("div", { class: "sa-cities" }, cityCards));

  // ---- Yusuf's board (solo: YS, YT, YE)
  let yusufPanel = null;
  if (solo) {
    const y = view.y;
    const turned = y.turned.map((n) => h("span", { class: "sa-ytile" }, t(`sa_yworker_${C.yusuf.tiles[n - 1]}`)));
    const piles = Object.entries(y.discards).map(([kind, cards]) => h("div", { class: "sa-ypile" },
      h("span", { class: "label" }, `${t(`sa_yworker_${kind}`)} · ${t("sa_deck_n", { n: y.decks[kind] })}`),
      cards.length ? cards.map((id) => yCard(id)) : h("span", { class: "hint" }, "—")));
    function yCard(id) {
      const c = YCARD[id];
      if (!c) return h("span", { class: "sa-ycard" }, id);
      const score = c.per ? t("sa_ycard_per", { n: c.points, what: t(`sa_count_${c.per}`, {}, c.per) }) : [c.points ? t("sa_fx_points", { n: c.points }) : "", c.paria ? t("sa_fx_paria", { n: c.paria }) : ""].filter(Boolean).join(" ");
      return h("span", { class: "sa-ycard", title: `${id}: ${c.space}${c.actions.length ? ` · ${c.actions.map((a) => actionName(a)).join("/")}` : ""}` },
        h("b", {}, id), ` ${c.space} `, c.actions.map((a) => actionShort(a)).join("/") || "—", score ? h("small", {}, ` ${score}`) : null);
    }
    yusufPanel = h("section", { class: "panel sa-yusuf", dataset: { opponent: "yusuf" } },
      h("div", { class: "sa-area-head" },
        yDot(), h("b", {}, t("sa_yusuf")),
        h("span", { class: "sa-score", title: t("sa_score") }, t("sa_points_n", { n: view.yusuf_score })),
        view.active === 1 && view.phase === "play" ? h("span", { class: "sa-tag" }, t("sa_his_turn")) : null,
        view.first === 1 ? h("span", { class: "sa-first", title: t("sa_start_player") }, "①") : null),
      h("div", { class: "sa-stats" },
        stat(t("sa_paria"), y.paria), stat(t("sa_favour"), y.favour), stat(t("sa_seals"), y.seals),
        stat(t("sa_worker_tiles"), t("sa_face_down_n", { n: y.tiles }))),
      h("div", { class: "sa-fact" }, h("span", { class: "label" }, t("sa_turned")), turned.length ? turned : "—"),
      h("div", { class: "sa-fact" }, h("span", { class: "label" }, t("sa_built")),
        y.large.map((id) => h("span", { class: "sa-chip" }, `${id} ${typeName(LARGE[id].type)}`)),
        y.small.map((id) => h("span", { class: "sa-chip" }, `${id} ${typeName(SMALL[id].type)}`)),
        !y.large.length && !y.small.length ? "—" : null),
      h("div", { class: "sa-fact" }, h("span", { class: "label" }, t("sa_warehouse_tiles")), y.houses.length ? y.houses.map((id) => h("span", { class: "sa-chip" }, `${id} ${"▣".repeat(WAREHOUSE[id].boxes)}`)) : "—"),
      h("div", { class: "sa-fact" }, h("span", { class: "label" }, t("sa_poems")),
        y.minors.map((id) => h("span", { class: "sa-chip sa-poem-chip", title: `${abilityWords(MINOR[id].blue[0] || { kind: "" })} / ${effectWords(MINOR[id].red)}` }, t("sa_minor_n", { n: id }))),
        y.majors.map((id) => h("span", { class: "sa-chip sa-poem-chip grey", title: scoringWords(MAJOR[id].scoring, ranks) }, id)),
        !y.minors.length && !y.majors.length ? "—" : null),
      h("div", { class: "sa-fact" }, h("span", { class: "label" }, t("sa_ships")), Object.keys(y.ships).length ? Object.entries(y.ships).map(([c, n]) => h("span", { class: "sa-chip" }, cityName(c), n === 2 ? ` ${t("sa_consolidated")}` : "")) : "—"),
      h("div", { class: "sa-ypiles" }, piles));
  }

  function stat(label, value, attrs = {}) {
    return h("span", { ...attrs, class: ["sa-stat", attrs.class] }, h("small", {}, label), " ", h("b", {}, String(value)));
  }

  // ---- every player's workshop, yours first
  const order = [...view.p.keys()];
  if (me !== null) order.sort((a, b) => (b === me) - (a === me));
  const areas = order.map((seat) => playerArea(seat));

  function playerArea(seat) {
    const p = view.p[seat];
    const mine = seat === me;
    const on = (key, title, cls) => (mine ? clickable(key, title, cls) : { class: cls });
    const used = p.mat.reduce((a, b) => a + b, 0) + p.goods.reduce((a, b) => a + b, 0);
    const head = h("div", { class: "sa-area-head" },
      h("span", { class: ["sa-dot", `sa-c-${seatColour(seat)}`] }, String(seat + 1)),
      h("b", {}, names(seat), mine ? h("small", {}, ` (${t("sa_you")})`) : null),
      h("span", { class: "sa-score", title: t("sa_score") }, t("sa_points_n", { n: view.scores[seat] })),
      seat === view.first ? h("span", { class: "sa-first", title: t("sa_start_player") }, "①") : null,
      seat === current ? h("span", { class: "sa-tag sa-now" }, t("sa_deciding")) : null);
    const stats = h("div", { class: "sa-stats" },
      stat(t("sa_dinars"), p.dinars), stat(t("sa_paria"), p.paria), stat(t("sa_seals"), p.seals),
      stat(t("sa_favour"), p.favour), stat(t("sa_storage"), `${used}/${p.cap}`, { class: used > p.cap && "over" }));
    // workers (W1): where each is, standing or lying; choosing one narrows the ring to it
    const workers = h("div", { class: "sa-workers" }, p.work.map((where, w) => h("span",
      with_(mine ? workerPick(w, ["sa-worker", p.up[w] ? "up" : "down"]) : { class: ["sa-worker", p.up[w] ? "up" : "down", marked(`${seat}/worker:${WORKERS[w]}`)] }, { worker: WORKERS[w] }),
      h("span", { class: ["sa-dot", `sa-c-${seatColour(seat)}`, !p.up[w] && "lying"] }, WORKERS[w]),
      ` ${workerName(w)} `, h("small", {}, where || t("sa_workshop")), " ", h("small", {}, t(p.up[w] ? "sa_standing" : "sa_lying")))));
    // materials and goods in the warehouses (H1-H7), raws on the workshop (H3)
    const items = h("div", { class: "sa-items" },
      MATERIAL_WORDS.map((word, m) => matChip(m, p.mat[m], with_(on(`item:${word}`, t("sa_discard_what", { what: matName(m) }), !p.mat[m] && "zero"), { item: word }))),
      GOODS_WORDS.map((word, g) => goodsChip(g, p.goods[g], false, with_(on(`item:${word}`, t("sa_discard_what", { what: goodsName(g) }), !p.goods[g] && "zero"), { item: word }))));
    const raws = h("div", { class: "sa-raws" }, h("span", { class: "label" }, t("sa_workshop_raws")),
      GOODS_WORDS.map((word, g) => goodsChip(g, undefined, true, with_(on(`raw:${word}`, t("sa_process_what", { what: rawName(g) }), !p.raw[g] && "zero"), { raw: word }))));
    const store = p.store && p.store.some(Boolean) ? h("div", { class: "sa-fact" }, h("span", { class: "label" }, t("sa_store")), GOODS_WORDS.map((word, g) => (p.store[g] ? goodsChip(g, p.store[g]) : null))) : null;
    // the four warehouses, each a stack of tiles: its boxes and the top tile's bonus (WH1-WH3)
    const houses = h("div", { class: "sa-houses" }, p.houses.map((stack, k) => {
      const tiles = stack.filter((id) => id);
      const boxes = 1 + tiles.reduce((a, id) => a + (WAREHOUSE[id] ? WAREHOUSE[id].boxes : 0), 0);
      const topTile = tiles.length ? WAREHOUSE[tiles[tiles.length - 1]] : null;
      return h("div", with_(on(`house:h${k + 1}`, t("sa_house_n", { n: k + 1 }), ["sa-house", tiles.length >= 2 && "full"]), { house: `h${k + 1}` }),
        h("span", { class: "sa-tile-id" }, `h${k + 1}`, h("small", {}, ` ${"▣".repeat(boxes)}`)),
        tiles.length ? h("span", { class: "sa-tile-words" }, tiles.map((id) => `#${id}`).join(" "), topTile ? ` · ${effectWords(topTile.bonus)}` : "") : h("span", { class: "hint" }, t("sa_starting_tile")));
    }));
    // buildings: large tiles by type, the row of small buildings on the balance card (B8)
    const large = p.large.map((id) => h("span", { class: ["sa-chip", `sa-type-${LARGE[id].type}`], title: effectWords(LARGE[id].bonus) }, `${id} ${typeName(LARGE[id].type)}`));
    const row = h("span", { class: "sa-row" }, p.row.map((id) => {
      if (!id) return h("span", { class: "sa-card sa-balance", title: t("sa_balance_card") }, halves(p.colour, "wild"), h("small", {}, t("sa_balance_short")));
      const c = SMALL[id];
      return h("span", { class: "sa-card", title: `${t("sa_small_n", { n: id })} ${typeName(c.type)}` }, halves(c.left, c.right), h("small", {}, `${id} ${typeName(c.type)}`));
    }));
    // poems: blue (permanent), red (immediate, restart), grey (end scoring)
    const poems = [
      ...p.blue.map((id) => h("span", { class: "sa-chip sa-poem-chip blue", title: MINOR[id].blue.map((ab) => abilityWords(ab)).join(t("sa_semicolon")) }, `${id} `, h("small", {}, MINOR[id].blue.map((ab) => abilityWords(ab)).join(t("sa_semicolon"))))),
      ...p.red.map((id) => h("span", with_(on(`red:${id}`, t("sa_restart_n", { n: id }), "sa-chip sa-poem-chip red"), { red: String(id) }), `${id} `, h("small", {}, effectWords(MINOR[id].red)))),
      ...p.grey.map((id) => h("span", { class: "sa-chip sa-poem-chip grey", title: scoringWords(MAJOR[id].scoring, ranks) }, `${id} `, h("small", {}, scoringWords(MAJOR[id].scoring, ranks)))),
    ];
    const ships = Object.entries(p.ships).map(([c, n]) => h("span", { class: "sa-chip" }, cityName(c), n === 2 ? ` ${t("sa_consolidated")}` : ""));
    const facts = [
      h("div", { class: "sa-fact" }, h("span", { class: "label" }, t("sa_built")), large.length ? large : null, row, p.balances ? h("span", { class: "sa-tag" }, t("sa_balances_n", { n: p.balances })) : null),
      h("div", { class: "sa-fact" }, h("span", { class: "label" }, t("sa_poems")), poems.length ? poems : "—"),
      h("div", { class: "sa-fact" }, h("span", { class: "label" }, t("sa_ships")), ships.length ? ships : "—", h("small", { class: "hint" }, ` ${t("sa_in_granada_n", { n: Math.max(0, 9 - ships.length) })}`)),
    ];
    if (p.kept && p.kept !== true) facts.push(h("div", { class: "sa-fact hint" }, t("sa_start_tile_n", { n: p.kept }), `${colon}${effectWords(C.start_tiles[p.kept - 1])}`));
    else if (view.phase === "start") facts.push(h("div", { class: "sa-fact hint" }, t(p.kept ? "sa_start_chosen" : "sa_start_choosing")));
    if (view.phase === "over" || mine) {
      const parts = Object.entries(p.pts).filter(([, v]) => v).map(([k, v]) => `${t(`sa_part_${k}`, {}, k)} ${v > 0 ? "+" : ""}${v}`);
      if (parts.length) facts.push(h("div", { class: "sa-fact hint sa-parts" }, parts.join(" · ")));
    }
    return h("section", { class: ["panel", "sa-area", `sa-c-${seatColour(seat)}`, mine && "you", seat === current && "current"], id: mine ? "sa-area" : undefined, dataset: { seat: String(seat) } },
      head, stats, workers, items, raws, store,
      h("div", { class: "sa-sub" }, h("b", {}, t("sa_warehouses"))), houses,
      facts);
  }

  // ---- the decision's own buttons: start tiles, the tribute picker, the worker chosen
  if (acting && view.phase === "start" && me !== null && view.p[me].dealt) {
    prompts.push(h("div", { class: "sa-start-tiles" }, view.p[me].dealt.map((n) => h("div",
      with_(clickable(`start:${n}`, t("sa_start_tile_n", { n }), "sa-tile sa-start-tile"), { start: String(n) }),
      h("b", {}, t("sa_start_tile_n", { n })), h("span", { class: "sa-tile-words" }, effectWords(C.start_tiles[n - 1]))))));
  }
  const tribute = acting ? legal.filter((l) => l.text.startsWith("tribute ")) : [];
  if (tribute.length) prompts.push(tributePicker(tribute));
  if (acting && turnStart && me !== null) {
    prompts.push(h("div", { class: "sa-pick" }, h("span", { class: "label" }, t("sa_workers")),
      view.p[me].work.map((where, w) => (view.p[me].up[w]
        ? h("button", with_({ type: "button", ...workerPick(w, "sa-pick-worker") }, { worker: WORKERS[w] }), `${workerName(w)} · ${where || t("sa_workshop")}`)
        : null))));
    if (ui.worker !== undefined) {
      const rest = legal.find((l) => l.text === `rest ${ui.worker}`);
      const w = WORKERS.indexOf(ui.worker);
      prompts.push(h("div", { class: "sa-pick hint" }, t("sa_now_space", { ring: t(`sa_ring_${WORKER_RING[w]}`) }), " ",
        rest ? h("button", { type: "button", class: "legal sa-rest", dataset: { action: rest.text }, title: rest.description, onclick: () => ctx.act(rest.text) }, t("sa_rest_worker", { worker: workerName(w) })) : null));
    }
  }

  /** The tribute (PA1, PA2): marker steps, 2 dinars each, seals, points, counted up. */
  function tributePicker(entries) {
    const dims = ["m", "d", "s", "p"];
    const parse = (text) => {
      const c = { m: 0, d: 0, s: 0, p: 0 };
      for (const w of text.split(" ").slice(1)) c[w[0]] = Number(w.slice(1));
      return c;
    };
    for (const l of entries) claimed.add(l.text);
    const sel = ui.tribute || (ui.tribute = { m: 0, d: 0, s: 0, p: 0 });
    const fits = (c, want) => dims.every((k) => c[k] >= want[k]);
    const exact = entries.find((l) => { const c = parse(l.text); return dims.every((k) => c[k] === sel[k]); });
    const due = top && top.due ? top.due : 0;
    const chosen = dims.reduce((a, k) => a + sel[k], 0);
    const rows = dims.map((k) => {
      const next = { ...sel, [k]: sel[k] + 1 };
      const leads = entries.filter((l) => fits(parse(l.text), next));
      return h("div", { class: "sa-tribute-row" },
        h("span", { class: "sa-tribute-label" }, t(`sa_tribute_${k}`)),
        h("b", { class: "sa-tribute-n" }, String(sel[k])),
        h("button", {
          type: "button", class: ["sa-plus", leads.length && "legal"], disabled: !leads.length,
          dataset: leads.length ? { leads: leadsTo(leads.map((l) => l.text)) } : undefined,
          onclick: () => { ui.tribute = next; ctx.rerender(); },
        }, "+"));
    });
    return h("div", { class: "sa-tribute", id: "sa-tribute" },
      h("div", { class: "sa-tribute-head" }, t("sa_tribute_pick", { n: chosen, due })),
      rows,
      h("div", { class: "sa-tribute-foot" },
        h("button", { type: "button", class: ["primary", exact && "legal"], disabled: !exact, dataset: exact ? { action: exact.text } : undefined, title: exact ? exact.description : "", onclick: () => exact && ctx.act(exact.text) }, t("sa_pay")),
        h("button", { type: "button", onclick: () => { ui.tribute = { m: 0, d: 0, s: 0, p: 0 }; ctx.rerender(); } }, t("sa_reset"))));
  }

  // ---- draw everything (the parts claim the entries they offer), then the rest as buttons
  const body = [
    h("div", { class: "sa-two" }, wheelPanel, h("div", { class: "sa-col" }, trackPanel, favourPanel, marketPanel)),
    displays,
    mapPanel,
    yusufPanel,
    h("div", { class: "sa-areas" }, areas),
  ];
  if (acting) {
    const pending = top && !["turn", "tx", "prod", "build", "warehouse", "grant", "tribute"].includes(top.k) && view.phase === "play";
    // a choice in the middle of a turn gets every option as a button too, where they are few
    const rest = legal.filter((l) => !l.text.startsWith("tribute ") && (!claimed.has(l.text) || (pending && legal.length <= 12)));
    const label = (l) => {
      if (l.text.startsWith("choose ") && top && top.k === "choose") {
        const term = (effectsOf(top.src) || [])[top.term];
        const option = term && term.options ? term.options[Number(l.text.split(" ")[1]) - 1] : null;
        if (option) return effectWords(option);
      }
      if (l.text.startsWith("first ")) {
        const who = l.text.split(" ")[1];
        return t("sa_first_seat", { who: who === "yusuf" ? t("sa_yusuf") : names(Number(who) - 1) });
      }
      return entryLabel(l);
    };
    const jump = (panel) => h("button", { type: "button", class: "sa-jump", onclick: () => { const el = document.getElementById(`sa-${panel}`); if (el) el.scrollIntoView({ behavior: "smooth", block: "start" }); } }, `↓ ${t(`sa_panel_${panel}`)}`);
    prompts.push(h("div", { class: "sa-choices" },
      claimed.size ? h("span", { class: "hint" }, t("sa_click_hint")) : null,
      ["wheel", "favour", "market", "displays", "map", "area"].filter((panel) => panelsInUse.has(panel)).map(jump),
      rest.length ? h("span", { class: "sa-rest" }, claimed.size && !pending ? h("span", { class: "label" }, t("sa_more")) : null,
        rest.map((l) => h("button", {
          type: "button",
          class: ["legal", "sa-choice", l.text === "done" && "primary"],
          dataset: { action: l.text },
          title: l.text,
          onclick: () => ctx.act(l.text),
        }, label(l)))) : null));
  }

  return h("div", { class: ["sabika", acting && "acting"] },
    h("div", { class: "sa-status" },
      h("b", {}, t("sa_round_of", { r: Math.min(view.round, C.rounds), n: C.rounds })),
      ` · ${t(era === 1 ? "sa_era1" : "sa_era2")}`,
      view.phase === "play" && view.active >= 0 ? ` · ${t("sa_turn_of", { name: activeName() })}` : null,
      view.phase === "play" && view.active < 0 ? ` · ${t("sa_round_end")}` : null,
      event ? h("span", { class: ["sa-event-tag", `sa-event-${event.colour}`], title: eventWords(view.event) }, ` ${t("sa_event_n", { n: view.event })}`) : null),
    prompts.length ? h("div", { class: "sa-prompts" }, prompts) : null,
    body);
}

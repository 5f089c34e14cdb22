// Alhambra (阿爾罕布拉宮) drawn from state.view(seat): the building market with each slot's
// currency, the money display, every player's money, reserve and Alhambra (a grid with the
// walls on the tile edges, coloured by building type, the fountain at 0,0), Dirk in the
// two-player variant. Clicks are matched against the legal entries' text (actions.py:
// `take green 3 blue 2`, `buy 2 pay 1,4` (a minimal payment), `buy 2` then `pay green 4`…
// and `confirm` (any payment, overpaying too), `place 14 at 1,-2`, `reserve 14`,
// `swap 14 9`, `dirk 14`, `pass`), never invented.

import { t } from "/static/i18n.js";
import { arrivedAfter, markClass, othersMoves } from "/static/lastmove.js";
import { containsAll, h, leadsTo, s } from "/static/ui.js";
import { currencyName, typeLetter, typeName } from "./terms.js";

const CURRENCIES = ["yellow", "green", "blue", "orange"];
const SIDES = ["north", "east", "south", "west"];
const TYPE_FILL = {
  pavilion: "#2f6fd6", seraglio: "#e0782a", arcades: "#8b5a2b",
  chambers: "#f4f1e8", garden: "#3f9e4d", tower: "#7b4bb3",
};
const DARK_TEXT = new Set(["chambers", "seraglio", "garden"]);

function parseCard(text) {
  const [currency, value] = text.split(" ");
  return { currency, value: Number(value), text };
}

function cardKey(card) {
  return CURRENCIES.indexOf(card.currency) * 10 + card.value;
}

/** The legal entry's parts: what it takes, buys, places or moves. */
function parseAction(text) {
  const w = text.split(" ");
  switch (w[0]) {
    case "take": {
      const cards = [];
      for (let i = 1; i + 1 < w.length; i += 2) cards.push(`${w[i]} ${w[i + 1]}`);
      return { kind: "take", cards };
    }
    case "buy":  // `buy 2 pay 1,4`: a minimal payment; `buy 2`: a purchase card by card
      return w.length > 2
        ? { kind: "buy", slot: Number(w[1]), values: w[3].split(",").map(Number) }
        : { kind: "purchase", slot: Number(w[1]) };
    case "pay":
      return { kind: "pay", card: `${w[1]} ${w[2]}` };
    case "place": {
      const [x, y] = w[3].split(",").map(Number);
      return { kind: "place", tile: Number(w[1]), x, y };
    }
    case "reserve":
      return { kind: "reserve", tile: Number(w[1]) };
    case "swap":
      return { kind: "swap", tile: Number(w[1]), old: Number(w[2]) };
    case "dirk":
      return { kind: "dirk", tile: Number(w[1]) };
    default:
      return { kind: w[0] };
  }
}

/**
 * The things the others' last moves name (lastmove.js): `slot:S` (the market slot bought
 * from, refilled since), `tile:P:T` (tile T placed in seat P's Alhambra, or swapped in),
 * `reserve:P:T` (moved to the reserve), `dirk:T`, and `hand:P` → the money cards taken.
 */
function lastMoveMarks(moves) {
  const marks = new Map();
  for (const entry of moves) {
    const a = parseAction(entry.text);
    const p = entry.seat;
    if (a.kind === "take") {
      marks.set(`hand:${p}`, { entry, cards: [...(marks.get(`hand:${p}`)?.cards || []), ...a.cards] });
    } else if (a.kind === "buy" || a.kind === "purchase") {
      marks.set(`slot:${a.slot}`, entry);
    } else if (a.kind === "place") {
      marks.set(`tile:${p}:${a.tile}`, entry);
    } else if (a.kind === "reserve") {
      marks.set(`reserve:${p}:${a.tile}`, entry);
    } else if (a.kind === "swap") {
      marks.set(`tile:${p}:${a.tile}`, entry);
      marks.set(`reserve:${p}:${a.old}`, entry);
    } else if (a.kind === "dirk") {
      marks.set(`dirk:${a.tile}`, entry);
    }
  }
  return marks;
}

function tileTitle(tile, lang) {
  return t("al_tile_title", { type: typeName(tile.type, lang), id: tile.id, price: tile.price });
}

/** One tile as SVG parts at (px, py): the type's colour, its letter and id, walls on edges. */
function tileShape(tile, px, py, size, lang) {
  const fill = TYPE_FILL[tile.type] || "#ccc";
  const ink = DARK_TEXT.has(tile.type) ? "#1b1b1b" : "#ffffff";
  const wallWidth = Math.max(3, size / 9);
  const edges = {
    north: [px, py, px + size, py],
    east: [px + size, py, px + size, py + size],
    south: [px, py + size, px + size, py + size],
    west: [px, py, px, py + size],
  };
  return [
    s("rect", { x: px + 1, y: py + 1, width: size - 2, height: size - 2, rx: 3, fill, stroke: "#5b4a33", "stroke-width": 1, class: `al-tile-bg type-${tile.type}` }),
    s("text", { x: px + size / 2, y: py + size * 0.48, "text-anchor": "middle", "font-size": size * 0.3, fill: ink, "font-weight": "bold" }, typeLetter(tile.type, lang)),
    s("text", { x: px + size / 2, y: py + size * 0.82, "text-anchor": "middle", "font-size": size * 0.24, fill: ink }, String(tile.id)),
    size >= 40 ? s("text", { x: px + size - 5, y: py + size * 0.26, "text-anchor": "end", "font-size": size * 0.18, fill: ink, class: "al-price" }, String(tile.price)) : null,
    tile.walls.map((side) => {
      const [x1, y1, x2, y2] = edges[side];
      return s("line", { x1, y1, x2, y2, stroke: "#3b2412", "stroke-width": wallWidth, "stroke-linecap": "square", class: `al-wall wall-${side}` });
    }),
  ];
}

/** A single loose tile (market, reserve, bought) as a small SVG. */
function tileSvg(tile, lang, size = 56) {
  return s("svg", { class: "al-tile-svg", viewBox: `0 0 ${size} ${size}`, width: size, height: size, role: "img", "aria-label": tileTitle(tile, lang) },
    s("title", {}, tileTitle(tile, lang)),
    tileShape(tile, 0, 0, size, lang));
}

/**
 * A seat's Alhambra as a grid. places: Map "x,y" → action text for the selected tile, sent
 * through onPlace;
 * tileClicks: Map tile id → handler (swap targets, tiles that may move to the reserve), and
 * tileData: Map tile id → what the click plays or leads to ({action} or {leads}).
 */
function palaceSvg(seat, lang, { size, places = new Map(), onPlace = null, ghost = null, tileClicks = new Map(), tileData = new Map(), highlight = new Set(), marked = () => null }) {
  const cells = seat.alhambra.map((tile) => tile.at);
  const xs = [0, ...cells.map((c) => c[0])];
  const ys = [0, ...cells.map((c) => c[1])];
  for (const key of places.keys()) {
    const [x, y] = key.split(",").map(Number);
    xs.push(x);
    ys.push(y);
  }
  const minX = Math.min(...xs) - 1;
  const maxX = Math.max(...xs) + 1;
  const minY = Math.min(...ys) - 1;
  const maxY = Math.max(...ys) + 1;
  const pad = 14;
  const width = (maxX - minX + 1) * size + pad;
  const height = (maxY - minY + 1) * size + pad;
  const px = (x) => (x - minX) * size + pad;
  const py = (y) => (y - minY) * size + pad;
  const parts = [];
  // axis labels so a player can read `place 14 at 1,-2` off the picture
  for (let x = minX; x <= maxX; x++) parts.push(s("text", { x: px(x) + size / 2, y: pad - 3, "text-anchor": "middle", "font-size": 9, class: "al-axis" }, String(x)));
  for (let y = minY; y <= maxY; y++) parts.push(s("text", { x: pad - 3, y: py(y) + size / 2 + 3, "text-anchor": "end", "font-size": 9, class: "al-axis" }, String(y)));
  for (let x = minX; x <= maxX; x++) {
    for (let y = minY; y <= maxY; y++) {
      parts.push(s("rect", { x: px(x) + 1, y: py(y) + 1, width: size - 2, height: size - 2, class: "al-empty" }));
    }
  }
  // the fountain (獅子泉) start tile
  parts.push(s("g", { class: "al-fountain", dataset: { cell: "0,0" } },
    s("title", {}, t("al_fountain")),
    s("rect", { x: px(0) + 1, y: py(0) + 1, width: size - 2, height: size - 2, rx: 3, fill: "#bfe3ef", stroke: "#5b4a33" }),
    s("circle", { cx: px(0) + size / 2, cy: py(0) + size / 2, r: size * 0.28, fill: "#6fb7d6", stroke: "#2d6f8c", "stroke-width": 2 }),
    s("circle", { cx: px(0) + size / 2, cy: py(0) + size / 2, r: size * 0.1, fill: "#ffffff" })));
  for (const tile of seat.alhambra) {
    const [x, y] = tile.at;
    const click = tileClicks.get(tile.id);
    const mark = marked(tile.id);
    parts.push(s("g", {
      class: ["al-placed", click && "legal", highlight.has(tile.id) && "swap-target", mark],
      dataset: { tile: String(tile.id), cell: `${x},${y}`, ...(tileData.get(tile.id) || {}) },
      role: click ? "button" : null,
      tabindex: click ? "0" : null,
      onclick: click || null,
    }, s("title", {}, tileTitle(tile, lang)), tileShape(tile, px(x), py(y), size, lang),
    click ? s("rect", { x: px(x) + 2, y: py(y) + 2, width: size - 4, height: size - 4, class: "al-target" }) : null,
    mark ? s("rect", { x: px(x) + 2, y: py(y) + 2, width: size - 4, height: size - 4, rx: 3, class: "last-ring" }) : null));
  }
  for (const [key, text] of places) {
    const [x, y] = key.split(",").map(Number);
    parts.push(s("g", { class: "al-place legal", dataset: { cell: key, action: text }, role: "button", tabindex: "0", "aria-label": text, onclick: () => onPlace(text) },
      s("title", {}, text),
      // the tile to place, faded, so its walls can be checked against the neighbours
      ghost ? s("g", { class: "al-ghost", opacity: 0.4 }, tileShape(ghost, px(x), py(y), size, lang)) : null,
      s("rect", { x: px(x) + 3, y: py(y) + 3, width: size - 6, height: size - 6, rx: 4, class: "al-place-rect" }),
      s("text", { x: px(x) + 5, y: py(y) + size - 6, "font-size": Math.max(8, size * 0.17), class: "al-place-label" }, key)));
  }
  return s("svg", { class: "al-palace", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": t("al_alhambra") }, parts);
}

function moneyCard(card, lang, attrs = {}) {
  return h("button", {
    type: "button",
    ...attrs,
    class: ["al-money", `cur-${card.currency}`, attrs.class],
    dataset: { card: card.text, ...(attrs.dataset || {}) },
    title: `${currencyName(card.currency, lang)} ${card.value}`,
    "aria-label": `${currencyName(card.currency, lang)} ${card.value}`,
  }, h("span", { class: "al-money-value" }, String(card.value)), h("span", { class: "al-money-cur" }, currencyName(card.currency, lang)));
}

export function render(ctx) {
  const { view, legal, lang, ui, interactive } = ctx;
  const texts = new Set(legal.map((l) => l.text));
  const parsed = legal.map((l) => ({ ...parseAction(l.text), text: l.text, description: l.description }));
  const marks = lastMoveMarks(othersMoves(ctx.log, ctx.seat));
  const after = arrivedAfter("alhambra", ctx.log);
  const marked = (key) => markClass(marks.get(key), after);
  const markTitle = (key) => (marks.has(key) ? t("al_last_move", { name: ctx.names[marks.get(key).seat] ?? t("seat_n", { n: marks.get(key).seat + 1 }) }) : null);
  const me = ctx.seat !== null && ctx.seat !== undefined ? view.seats[ctx.seat] : null;
  const acting = interactive && me !== null;
  const placing = view.phase === "placing" || view.phase === "ending";

  // tiles this decision must place (placing phase), or the reserve tile picked to redesign
  const toPlace = [];
  if (acting && placing) {
    for (const a of parsed) if (["place", "reserve", "dirk"].includes(a.kind) && !toPlace.includes(a.tile)) toPlace.push(a.tile);
    if (!toPlace.includes(ui.tile)) ui.tile = toPlace[0] ?? null;
  }
  const selectedTile = acting ? ui.tile ?? null : null;
  const tileInfo = new Map();
  for (const tile of [...view.bought, ...view.end_gifts.flatMap((g) => g.tiles), ...(me ? me.reserve : []), ...(me ? me.alhambra : [])]) tileInfo.set(tile.id, tile);

  // ---- market: four slots, each with its currency; a legal slot is chosen to buy from,
  // which shows its payments (the purchase in progress, once begun, is the chosen slot)
  const purchase = view.purchase;
  if (purchase || !acting) ui.buySlot = null;
  const market = h("div", { class: "al-market" }, view.market.map((slot) => {
    const slotBuys = acting && !purchase
      ? parsed.filter((a) => ["buy", "purchase"].includes(a.kind) && a.slot === slot.slot)
      : [];
    const chosen = purchase ? purchase.slot === slot.slot : ui.buySlot === slot.slot;
    return h("div", {
      class: ["al-slot", `cur-${slot.currency}`, slotBuys.length && "legal", chosen && "chosen", marked(`slot:${slot.slot}`)],
      title: markTitle(`slot:${slot.slot}`) && t("al_refilled"),
      dataset: {
        slot: String(slot.slot), tile: slot.tile ? String(slot.tile.id) : "",
        leads: !chosen && leadsTo(slotBuys.map((a) => a.text)),
      },
      role: slotBuys.length ? "button" : null,
      tabindex: slotBuys.length ? "0" : null,
      onclick: slotBuys.length ? () => {
        ui.buySlot = chosen ? null : slot.slot;
        ui.take = [];
        ctx.rerender();
      } : null,
    },
    h("div", { class: "al-slot-cur" }, currencyName(slot.currency, lang)),
    slot.tile ? tileSvg(slot.tile, lang, 56) : h("div", { class: "al-slot-empty" }, t("al_empty")),
    slot.tile ? h("div", { class: "al-slot-info" }, typeName(slot.tile.type, lang), " · ", t("al_price_n", { n: slot.tile.price })) : null);
  }));

  // ---- money display and the take being built
  const takes = acting ? parsed.filter((a) => a.kind === "take") : [];
  const display = view.display.map(parseCard);
  const takeSel = (ui.take || []).filter((i) => i < display.length);
  const takeCards = takeSel.map((i) => display[i].text);
  const takeText = takeCards.length ? `take ${[...takeSel].map((i) => display[i]).sort((a, b) => cardKey(a) - cardKey(b)).map((c) => c.text).join(" ")}` : null;
  const displayRow = h("div", { class: "al-display" }, display.map((card, i) => {
    const chosen = takeSel.includes(i);
    const ok = takes.length > 0 && (chosen || takes.some((a) => containsAll(a.cards, [...takeCards, card.text])));
    return moneyCard(card, lang, {
      class: [ok && "legal", chosen && "chosen"],
      dataset: { index: String(i), leads: ok && !chosen && leadsTo(takes.filter((a) => containsAll(a.cards, [...takeCards, card.text])).map((a) => a.text)) },
      disabled: !ok,
      onclick: ok ? () => {
        ui.take = chosen ? takeSel.filter((j) => j !== i) : [...takeSel, i];
        ui.buySlot = null;
        ctx.rerender();
      } : null,
    });
  }));

  const prompts = [];
  if (acting && takes.length && !purchase && !ui.buySlot) {
    const ok = takeText !== null && texts.has(takeText);
    prompts.push(h("div", { class: "al-bar al-take-bar" },
      takeCards.length ? h("span", {}, t("al_taking", { cards: takeCards.map((c) => { const p = parseCard(c); return `${currencyName(p.currency, lang)} ${p.value}`; }).join(", ") })) : h("span", { class: "hint" }, t("al_take_hint")),
      h("button", { type: "button", id: "al-take-confirm", class: "primary", disabled: !ok, dataset: { action: ok && takeText }, onclick: ok ? () => ctx.act(takeText) : null }, t("al_take")),
      takeCards.length ? h("button", { type: "button", onclick: () => { ui.take = []; ctx.rerender(); } }, t("clear")) : null));
  }

  // ---- buying from the chosen slot: each minimal payment is one decision (`buy 2 pay
  // 1,4`, decision A10); "choose cards" opens a purchase (`buy 2`) paid card by card, which
  // is how a player overpays (M3, M7)
  const chosenSlot = ui.buySlot ? view.market.find((m) => m.slot === ui.buySlot) : null;
  const slotBuys = chosenSlot
    ? parsed.filter((a) => a.kind === "buy" && a.slot === chosenSlot.slot) : [];
  const opening = chosenSlot
    ? parsed.find((a) => a.kind === "purchase" && a.slot === chosenSlot.slot) : null;
  if (chosenSlot && chosenSlot.tile && (slotBuys.length || opening)) {
    const price = chosenSlot.tile.price;
    const buyWith = (text) => () => { ui.buySlot = null; ctx.act(text); };
    prompts.push(h("div", { class: "al-bar al-buy-bar" },
      h("span", {}, t("al_shortcut_prompt", {
        tile: tileTitle(chosenSlot.tile, lang), currency: currencyName(chosenSlot.currency, lang),
      })),
      h("div", { class: "al-pay-list" }, h("span", { class: "label" }, t("al_payments")),
        slotBuys.map((a) => {
          const total = a.values.reduce((x, y) => x + y, 0);
          return h("button", {
            type: "button", class: "legal al-pay-choice", dataset: { action: a.text },
            title: a.description, onclick: buyWith(a.text),
          }, `${a.values.join(" + ")} = ${total}`,
          total === price ? h("small", {}, ` ${t("al_exact")}`) : null);
        })),
      opening ? h("button", {
        type: "button", id: "al-choose-cards", class: "legal", dataset: { action: opening.text },
        title: opening.description, onclick: buyWith(opening.text),
      }, t("al_choose_cards")) : null,
      h("button", { type: "button", onclick: () => { ui.buySlot = null; ctx.rerender(); } },
        t("cancel"))));
  } else {
    ui.buySlot = null;
  }

  // ---- buying card by card: the purchase in progress (public), its cards added one by one
  // from the hand (`pay blue 4`, any card of the slot's currency, also past the price), then
  // `confirm`
  const hand = me ? me.money.map(parseCard) : [];
  if (purchase) {
    const ok = acting && texts.has("confirm");
    const exact = purchase.total === purchase.price;
    prompts.push(h("div", { class: "al-bar al-buy-bar" },
      h("span", {}, t("al_buy_prompt", { tile: tileTitle(purchase.tile, lang), currency: currencyName(purchase.currency, lang) })),
      h("span", { class: "al-pay-sum" }, t("al_pay_sum", { sum: purchase.total, price: purchase.price })),
      h("span", { class: "al-pay-cards" }, purchase.cards.map((c) => moneyCard(parseCard(c), lang, { class: ["static", "chosen"], disabled: true }))),
      acting ? h("button", { type: "button", id: "al-buy-confirm", class: "primary", disabled: !ok, dataset: { action: "confirm" }, onclick: ok ? () => ctx.act("confirm") : null },
        t("al_buy"), ok && exact ? h("small", {}, ` ${t("al_exact")}`) : null) : null));
  }

  // ---- placing bought tiles, or redesigning with a reserve tile
  const placeMap = new Map();
  const tileClicks = new Map();
  const tileData = new Map();
  const highlight = new Set();
  if (acting && selectedTile !== null) {
    for (const a of parsed) {
      if (a.kind === "place" && a.tile === selectedTile) placeMap.set(`${a.x},${a.y}`, a.text);
      if (a.kind === "swap" && a.tile === selectedTile) {
        tileClicks.set(a.old, () => ctx.act(a.text));
        tileData.set(a.old, { action: a.text });
        highlight.add(a.old);
      }
    }
  } else if (acting && !placing) {
    // a tile of the Alhambra may go to the reserve, or take a reserve tile's place
    const byTile = new Map();
    for (const a of parsed) {
      const id = a.kind === "reserve" ? a.tile : a.kind === "swap" ? a.old : null;
      if (id === null || !me.alhambra.some((tile) => tile.id === id)) continue;
      if (!byTile.has(id)) byTile.set(id, []);
      byTile.get(id).push(a);
    }
    for (const [id, entries] of byTile) {
      tileData.set(id, { leads: leadsTo(entries.map((a) => a.text)) });
      tileClicks.set(id, () => ctx.menu(t("al_redesign_title", { tile: tileTitle(tileInfo.get(id), lang) }), entries.map((a) => ({
        label: a.kind === "reserve" ? t("al_move_to_reserve") : t("al_swap_with", { tile: a.tile }),
        detail: a.description,
        action: a.text,
        onChoose: () => ctx.act(a.text),
      }))));
    }
  }

  if (acting && placing && selectedTile !== null) {
    const tile = tileInfo.get(selectedTile);
    prompts.push(h("div", { class: "al-bar al-place-bar" },
      h("span", {}, t(view.phase === "ending" ? "al_place_end_prompt" : "al_place_prompt", { tile: tile ? tileTitle(tile, lang) : String(selectedTile) })),
      toPlace.length > 1 ? h("span", { class: "al-choose-tile" }, toPlace.map((id) => h("button", {
        type: "button", class: ["al-pick-tile", id === selectedTile && "chosen"],
        dataset: { tile: String(id), leads: id !== selectedTile && leadsTo(parsed.filter((a) => a.tile === id).map((a) => a.text)) },
        onclick: () => { ui.tile = id; ctx.rerender(); },
      }, tileInfo.get(id) ? tileSvg(tileInfo.get(id), lang, 34) : String(id)))) : null,
      texts.has(`reserve ${selectedTile}`) ? h("button", { type: "button", class: "legal", dataset: { action: `reserve ${selectedTile}` }, onclick: () => ctx.act(`reserve ${selectedTile}`) }, t("al_to_reserve")) : null,
      texts.has(`dirk ${selectedTile}`) ? h("button", { type: "button", class: "legal", dataset: { action: `dirk ${selectedTile}` }, onclick: () => ctx.act(`dirk ${selectedTile}`) }, t("al_to_dirk")) : null));
  } else if (acting && !placing && selectedTile !== null) {
    const tile = tileInfo.get(selectedTile);
    prompts.push(h("div", { class: "al-bar al-redesign-bar" },
      h("span", {}, t("al_redesign_prompt", { tile: tile ? tileTitle(tile, lang) : String(selectedTile) })),
      h("button", { type: "button", onclick: () => { ui.tile = null; ctx.rerender(); } }, t("cancel"))));
  }
  if (acting && view.bonus_action) prompts.unshift(h("div", { class: "banner bonus" }, t("al_bonus")));
  if (acting && texts.has("pass")) {
    prompts.push(h("div", { class: "al-bar" }, h("span", {}, t(view.bonus_action ? "al_pass_bonus" : "al_pass_only")),
      h("button", { type: "button", class: "legal", dataset: { action: "pass" }, onclick: () => ctx.act("pass") }, t("pass"))));
  }

  // ---- seats: the shown seat large, with its hand; the others smaller
  const order = [...view.seats.keys()];
  if (me) order.sort((a, b) => (b === ctx.seat) - (a === ctx.seat));
  const seats = order.map((p) => {
    const seat = view.seats[p];
    const mine = me !== null && p === ctx.seat;
    const money = seat.money.map(parseCard);
    const totals = CURRENCIES.map((c) => [c, money.filter((m) => m.currency === c).reduce((a, m) => a + m.value, 0)]).filter(([, n]) => n);
    const paid = new Map();  // the purchase's cards, each marked on one copy in the hand
    if (mine && purchase) for (const c of purchase.cards) paid.set(c, (paid.get(c) || 0) + 1);
    const taken = new Map();  // the cards the seat just took, each marked on one copy
    const handMark = marks.get(`hand:${p}`);
    if (handMark) for (const c of handMark.cards) taken.set(c, (taken.get(c) || 0) + 1);
    const takenMark = (card) => {
      if (!taken.get(card.text)) return null;
      taken.set(card.text, taken.get(card.text) - 1);
      return markClass(handMark.entry, after);
    };
    const handRow = h("div", { class: "al-hand" }, money.length ? money.map((card, i) => {
      if (!mine || !purchase) return moneyCard(card, lang, { dataset: { index: String(i) }, disabled: true, class: ["static", takenMark(card)] });
      if (paid.get(card.text)) {
        paid.set(card.text, paid.get(card.text) - 1);
        return moneyCard(card, lang, { class: "chosen", dataset: { index: String(i) }, disabled: true });
      }
      const pay = acting ? parsed.find((a) => a.kind === "pay" && a.card === card.text) : null;
      return moneyCard(card, lang, {
        class: [pay && "legal"],
        dataset: { index: String(i), ...(pay ? { action: pay.text } : {}) },
        disabled: !pay,
        onclick: pay ? () => ctx.act(pay.text) : null,
      });
    }) : h("span", { class: "none" }, "—"));
    const reserve = h("div", { class: "al-reserve" }, seat.reserve.length ? seat.reserve.map((tile) => {
      const usable = mine && acting && !placing && parsed.some((a) => (a.kind === "place" || a.kind === "swap") && a.tile === tile.id);
      return h("button", {
        type: "button",
        class: ["al-reserve-tile", usable && "legal", ui.tile === tile.id && "chosen", marked(`reserve:${p}:${tile.id}`)],
        dataset: { tile: String(tile.id), leads: usable && ui.tile !== tile.id && leadsTo(parsed.filter((a) => (a.kind === "place" || a.kind === "swap") && a.tile === tile.id).map((a) => a.text)) },
        disabled: !usable,
        title: tileTitle(tile, lang),
        onclick: usable ? () => {
          ui.tile = ui.tile === tile.id ? null : tile.id;
          ui.buySlot = null;
          ctx.rerender();
        } : null,
      }, tileSvg(tile, lang, mine ? 44 : 30));
    }) : h("span", { class: "none" }, "—"));
    const markedTile = (id) => marked(`tile:${p}:${id}`);
    const palace = palaceSvg(seat, lang, mine
      ? { size: 52, places: placeMap, onPlace: (text) => ctx.act(text), ghost: selectedTile !== null ? tileInfo.get(selectedTile) : null, tileClicks, tileData, highlight, marked: markedTile }
      : { size: me ? 26 : 34, marked: markedTile });
    return h("section", { class: ["al-seat", "panel", mine && "you", p === view.current_player && "current"], dataset: { seat: String(p) } },
      h("div", { class: "al-seat-head" },
        h("b", {}, ctx.names[p] ?? t("seat_n", { n: p + 1 })),
        h("span", { class: "al-points" }, t("al_points_n", { n: seat.points })),
        h("span", { class: "al-wall-len" }, t("al_longest_wall", { n: seat.longest_wall }))),
      h("div", { class: "al-seat-body" },
        h("div", { class: "al-palace-wrap" }, palace),
        h("div", { class: "al-seat-side" },
          h("div", { class: "al-row" }, h("span", { class: "label" }, t("al_money")), totals.length ? h("span", { class: "al-totals" }, totals.map(([c, n]) => `${currencyName(c, lang)} ${n}`).join(" · ")) : null),
          handRow,
          h("div", { class: "al-row" }, h("span", { class: "label" }, t("al_reserve"))),
          reserve)));
  });

  // ---- tiles bought this turn, gifts at the end, Dirk, and the game's clock
  const extras = [];
  if (view.bought.length) {
    extras.push(h("div", { class: "al-row al-bought" }, h("span", { class: "label" }, t("al_bought")), view.bought.map((tile) => tileSvg(tile, lang, 34))));
  }
  for (const gift of view.end_gifts) {
    extras.push(h("div", { class: "al-row al-gifts" }, h("span", { class: "label" }, t("al_end_gift", { name: ctx.names[gift.seat] ?? t("seat_n", { n: gift.seat + 1 }) })), gift.tiles.map((tile) => tileSvg(tile, lang, 34))));
  }
  if (view.dirk) {
    extras.push(h("div", { class: "al-row al-dirk", id: "al-dirk" }, h("span", { class: "label" }, t("al_dirk")),
      h("span", {}, t("al_dirk_line", { n: view.dirk.tiles.length, points: view.dirk.points })),
      h("span", { class: "al-dirk-tiles" }, view.dirk.tiles.map((tile) => h("span", { class: ["al-dirk-tile", marked(`dirk:${tile.id}`)], dataset: { tile: String(tile.id) } }, tileSvg(tile, lang, 26))))));
  }
  const info = h("div", { class: "al-info" },
    h("span", {}, t("al_deck", { n: view.deck })),
    h("span", {}, t("al_discard", { n: view.discard.length })),
    h("span", {}, t("al_bag", { n: view.bag.length })),
    // the third scoring is the end's (F3): the engine counts only the two scoring cards
    h("span", {}, t("al_scorings", { n: view.phase === "over" ? 3 : view.scorings_done })),
    view.scoring_cards.map((card, k) => h("span", { class: "al-scoring-card" }, t("al_scoring_card", { k: view.scorings_done + k + 1, lo: card.draws[0], hi: card.draws[1] }))));

  const root = h("div", { class: "alhambra" },
    prompts.length ? h("div", { class: "al-prompts" }, prompts) : null,
    h("section", { class: "al-table panel" },
      h("div", { class: "al-row" }, h("span", { class: "label" }, t("al_market"))),
      market,
      h("div", { class: "al-row" }, h("span", { class: "label" }, t("al_display"))),
      displayRow,
      extras,
      info),
    h("div", { class: "al-seats" }, seats));
  // the cells a bought tile may go to, brought into view once per tile to place (the
  // palace is below the market, and wider than a phone when it has grown)
  if (placeMap.size && ui.scrolledTo !== selectedTile) {
    ui.scrolledTo = selectedTile;
    requestAnimationFrame(() => showPlaces(root));
  }
  return root;
}

function showPlaces(root) {
  if (!root.isConnected) return;
  const palace = root.querySelector(".al-seat.you .al-palace");
  const cells = [...root.querySelectorAll(".al-place")];
  if (!palace || !cells.length) return;
  const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
  const behavior = smooth ? "smooth" : "auto";
  // the whole palace when it fits the screen, else the first cell
  const fits = palace.getBoundingClientRect().height <= innerHeight && palace.getBoundingClientRect().width <= innerWidth;
  (fits ? palace : cells[0]).scrollIntoView({ block: "nearest", inline: "nearest", behavior });
}

// Splendor (璀璨寶石) drawn from state.view(seat): nobles, the market by level with its
// decks, the token supply and every player's tableau. A click never invents an action: each
// clickable thing is matched against the legal entries' text (docs/api.md notation:
// `take white blue green`, `take2 red`, `reserve 2.3`, `reserve deck 3`, `buy 1.4 gold red`,
// `buy reserved 2`, `return red`, `noble 4`, `pass`) and only offers what is there.

import { t } from "/static/i18n.js";
import { arrivedAfter, markClass, othersMoves } from "/static/lastmove.js";
import { containsAll, h, leadsTo } from "/static/ui.js";
import { gemLetter, gemName } from "./terms.js";

const COLOURS = ["white", "blue", "green", "red", "black"];
const TOKENS = [...COLOURS, "gold"];

function words(text) {
  return text.split(" ");
}

/** The colours a take entry takes, as a multiset: `take2 red` is red twice. */
function takeColours(text) {
  const w = words(text);
  return w[0] === "take2" ? [w[1], w[1]] : w.slice(1);
}

function takeText(selection) {
  if (selection.length === 2 && selection[0] === selection[1]) return `take2 ${selection[0]}`;
  return `take ${COLOURS.filter((c) => selection.includes(c)).join(" ")}`;
}

/** Legal buys and reserves of one place (`1.4` or `reserved 2`), the buys first. */
function placeActions(legal, place) {
  const buys = legal.filter((l) => l.text === `buy ${place}` || l.text.startsWith(`buy ${place} `));
  return [...buys, ...legal.filter((l) => l.text === `reserve ${place}`)];
}

/**
 * What `seat` lacks to buy `card` (R12–R14): per colour, the tokens missing after its bonuses
 * and tokens, and how many remain missing once its gold stands in (0 or less: it can buy).
 */
export function shortfall(card, seat) {
  const short = {};
  let total = 0;
  for (const c of COLOURS) {
    const owed = Math.max(0, (card.cost[c] || 0) - seat.bonuses[c]);
    const missing = Math.max(0, owed - seat.tokens[c]);
    if (missing) short[c] = missing;
    total += missing;
  }
  return { short, lacking: total - seat.tokens.gold };
}

/** Why `seat` cannot buy the card, in words: "Needs 2 more red (…gold…)". */
function whyNot(need, seat, lang) {
  const list = COLOURS.filter((c) => need.short[c]).map((c) => t("sp_more", { n: need.short[c], gem: gemName(c, lang) }, undefined, lang));
  const gold = seat.tokens.gold;
  return t("sp_needs", { list: list.join(t("sp_list_sep", {}, undefined, lang)) }, undefined, lang) +
    (gold ? t("sp_needs_gold", { gold, n: need.lacking }, undefined, lang) : "");
}

/** The things the others' last moves name (see lastmove.js): key → the log entry. */
function lastMoveMarks(view, moves) {
  const marks = new Map();
  const mark = (key, entry) => marks.set(key, entry);
  for (const entry of moves) {
    const w = words(entry.text);
    const p = entry.seat;
    if (w[0] === "take" || w[0] === "take2") {
      for (const c of takeColours(entry.text)) {
        mark(`pile:${c}`, entry);
        mark(`tokens:${p}:${c}`, entry);
      }
    } else if (w[0] === "return") {
      mark(`pile:${w[1]}`, entry);
    } else if (w[0] === "buy") {
      if (w[1] !== "reserved") mark(`place:${w[1]}`, entry);
      const cards = view.seats[p] ? view.seats[p].cards : [];
      if (cards.length) {
        mark(`bought:${p}`, entry);
        mark(`bonus:${p}:${cards[cards.length - 1].bonus}`, entry);
      }
    } else if (w[0] === "reserve") {
      mark(w[1] === "deck" ? `deck:${w[2]}` : `place:${w[1]}`, entry);
      mark(`reserved:${p}`, entry);
    }
    for (const event of entry.events || []) {
      if (event.kind === "noble") mark(`nobles:${event.data.seat}`, entry);
    }
  }
  return marks;
}

function gem(colour, count, lang, cls = "token") {
  return h("span", { class: [cls, `gem-${colour}`], title: gemName(colour, lang) },
    count === undefined ? gemLetter(colour, lang) : String(count));
}

function costList(cost, lang) {
  return h("span", { class: "sp-cost" }, COLOURS.filter((c) => cost[c]).map((c) =>
    h("span", { class: ["cost", `gem-${c}`], title: `${cost[c]} ${gemName(c, lang)}` }, String(cost[c]))));
}

function cardFace(card, lang, attrs, ...notes) {
  return h("div", { ...attrs, class: ["sp-card", `bonus-${card.bonus}`, `level-${card.level}`, attrs.class], dataset: { ...(attrs.dataset || {}), card: String(card.id) } },
    h("div", { class: "sp-card-top" },
      h("span", { class: "sp-points" }, card.points ? String(card.points) : ""),
      h("span", { class: ["sp-bonus", `gem-${card.bonus}`], title: gemName(card.bonus, lang) }, gemLetter(card.bonus, lang))),
    card.blind ? h("span", { class: "sp-blind-badge", title: t("sp_blind_hint") }, t("sp_blind")) : null,
    costList(card.cost, lang),
    notes);
}

function cardBack(level, attrs = {}) {
  return h("div", { ...attrs, class: ["sp-card", "sp-back", `level-${level}`, attrs.class] },
    h("span", { class: "sp-back-level" }, "•".repeat(level)),
    h("span", { class: "sp-back-label" }, t("sp_face_down", { n: level })));
}

export function render(ctx) {
  const { view, legal, lang, ui, interactive } = ctx;
  const texts = new Set(legal.map((l) => l.text));
  const me = ctx.seat !== null && ctx.seat !== undefined ? view.seats[ctx.seat] : null;
  const moves = othersMoves(ctx.log, ctx.seat);
  const marks = lastMoveMarks(view, moves);
  const after = arrivedAfter("splendor", ctx.log);
  const marked = (key) => markClass(marks.get(key), after);
  const markTitle = (key) => (marks.has(key) ? t("sp_last_move", { name: ctx.names[marks.get(key).seat] ?? t("seat_n", { n: marks.get(key).seat + 1 }) }) : null);

  /** A face-up card as the shown seat can pay for it: marked when it can, or saying why not. */
  function affordance(card) {
    if (!me || card.hidden) return { cls: null, note: null, why: null };
    const need = shortfall(card, me);
    if (need.lacking <= 0) {
      return { cls: "affordable", note: h("span", { class: "sp-afford", title: t("sp_can_buy") }, "✓"), why: null };
    }
    const why = whyNot(need, me, lang);
    return {
      cls: "unaffordable",
      why,
      // words on a wide card for one or two colours short, else a chip per colour
      note: h("span", { class: ["sp-why", Object.keys(need.short).length > 2 && "many"], title: why },
        h("span", { class: "sp-why-words" }, why),
        h("span", { class: "sp-why-chips", "aria-hidden": "true" }, COLOURS.filter((c) => need.short[c]).map((c) =>
          h("span", { class: ["short", `gem-${c}`] }, `+${need.short[c]}`)))),
    };
  }
  const takes = legal.filter((l) => l.text.startsWith("take ") || l.text.startsWith("take2 "));
  const selection = ui.take || [];
  const canExtend = (sel) => takes.some((l) => containsAll(takeColours(l.text), sel));

  function choose(title, entries, why = null) {
    const items = entries.map((l) => ({
      label: l.text.startsWith("buy") ? t("sp_buy") : t("sp_reserve"),
      detail: l.description || l.text,
      action: l.text,
      onChoose: () => ctx.act(l.text),
    }));
    // a card that cannot be bought says why, where the buy would be: first
    if (why) items.unshift({ label: t("sp_cannot_buy"), detail: why, className: "unavailable", onChoose: () => {} });
    ctx.menu(title, items);
  }

  /** The selection after a click on a pile: added (or doubled for take2), or taken back. */
  function afterPile(colour) {
    const count = selection.filter((c) => c === colour).length;
    if (count === 0) return canExtend([...selection, colour]) ? [...selection, colour] : [colour];
    if (count === 1 && selection.length === 1 && canExtend([colour, colour])) return [colour, colour];
    return selection.filter((c) => c !== colour);
  }

  /** The takes a click on a pile leads to: none when the click takes the colour back. */
  function pileLeads(colour) {
    const next = afterPile(colour);
    if (next.filter((c) => c === colour).length <= selection.filter((c) => c === colour).length) return [];
    return takes.filter((l) => containsAll(takeColours(l.text), next)).map((l) => l.text);
  }

  function clickPile(colour) {
    const next = afterPile(colour);
    ui.take = canExtend(next) ? next : [];
    ctx.rerender();
  }

  // --- nobles
  const nobles = h("div", { class: "sp-nobles" }, view.nobles.map((n) => {
    const text = `noble ${n.id}`;
    const legalNoble = interactive && texts.has(text);
    return h("div", {
      class: ["sp-noble", legalNoble && "legal"], dataset: { noble: String(n.id), action: legalNoble && text },
      role: legalNoble ? "button" : null, tabindex: legalNoble ? "0" : null,
      title: t("sp_noble_title", { id: n.id }),
      onclick: legalNoble ? () => ctx.act(text) : null,
    },
    h("span", { class: "sp-points" }, String(n.points)),
    h("span", { class: "sp-requires" }, COLOURS.filter((c) => n.requires[c]).map((c) =>
      h("span", { class: ["req", `gem-${c}`], title: `${n.requires[c]} ${gemName(c, lang)}` }, String(n.requires[c])))));
  }));

  // --- market, level 3 on top as on the table
  const rows = [];
  for (let level = 3; level >= 1; level--) {
    const deckText = `reserve deck ${level}`;
    const deckLegal = interactive && texts.has(deckText);
    const deckCount = view.decks[level - 1];
    const deck = h("div", {
      class: ["sp-deck", `level-${level}`, deckLegal && "legal", !deckCount && "empty", marked(`deck:${level}`)],
      title: markTitle(`deck:${level}`),
      dataset: { level: String(level), leads: deckLegal && deckText },
      role: deckLegal ? "button" : null, tabindex: deckLegal ? "0" : null,
      onclick: deckLegal ? () => choose(t("sp_deck_title", { n: level }), legal.filter((l) => l.text === deckText)) : null,
    },
    h("span", { class: "sp-back-level" }, "•".repeat(level)),
    h("span", { class: "sp-deck-count" }, t("sp_deck", { n: deckCount })));
    const cards = view.market[level - 1].map((card, i) => {
      const place = `${level}.${i + 1}`;
      if (!card) return h("div", { class: "sp-card sp-empty", dataset: { place } }, t("sp_empty"));
      const options = interactive ? placeActions(legal, place) : [];
      const can = affordance(card);
      return cardFace(card, lang, {
        class: [options.length && "legal", can.cls, marked(`place:${place}`)],
        title: [markTitle(`place:${place}`) && t("sp_refilled"), can.why].filter(Boolean).join(" · ") || null,
        dataset: { place, leads: leadsTo(options.map((l) => l.text)), why: can.why },
        role: options.length ? "button" : null,
        tabindex: options.length ? "0" : null,
        onclick: options.length ? () => choose(t("sp_card_title", { place }), options, can.why) : null,
      }, can.note, marks.has(`place:${place}`) ? h("span", { class: "sp-new" }, t("sp_new")) : null);
    });
    rows.push(h("div", { class: "sp-row", dataset: { level: String(level) } }, deck, cards));
  }

  // --- supply and the take being built
  const supply = h("div", { class: "sp-supply" }, TOKENS.map((colour) => {
    const n = view.supply[colour];
    const chosen = selection.filter((c) => c === colour).length;
    const clickable = interactive && colour !== "gold" && takes.length > 0 &&
      (chosen > 0 || canExtend([...selection, colour]) || canExtend([colour]));
    return h("button", {
      type: "button",
      class: ["sp-pile", `gem-${colour}`, clickable && "legal", chosen && "chosen", marked(`pile:${colour}`)],
      dataset: { colour, leads: clickable && leadsTo(pileLeads(colour)) },
      disabled: !clickable,
      title: gemName(colour, lang),
      "aria-label": `${gemName(colour, lang)}: ${n}`,
      onclick: clickable ? () => clickPile(colour) : null,
    },
    h("span", { class: "sp-pile-count" }, String(n)),
    h("span", { class: "sp-pile-name" }, gemName(colour, lang)),
    chosen ? h("span", { class: "sp-pile-chosen" }, `+${chosen}`) : null);
  }));

  const prompts = [];
  if (interactive && takes.length) {
    const text = selection.length ? takeText(selection) : null;
    const ok = text !== null && texts.has(text);
    prompts.push(h("div", { class: "sp-take-bar" },
      selection.length
        ? h("span", { class: "sp-take-chosen" }, t("sp_taking"), " ", selection.map((c) => gem(c, undefined, lang)))
        : h("span", { class: "hint" }, t("sp_take_hint")),
      h("button", { type: "button", id: "sp-take-confirm", class: "primary", disabled: !ok, dataset: { action: ok && text }, onclick: ok ? () => ctx.act(text) : null }, t("sp_take")),
      selection.length ? h("button", { type: "button", id: "sp-take-clear", onclick: () => { ui.take = []; ctx.rerender(); } }, t("clear")) : null));
  }
  if (interactive && view.phase === "return") {
    prompts.push(h("div", { class: "sp-prompt" }, h("span", {}, t("sp_return_prompt")),
      legal.filter((l) => l.text.startsWith("return ")).map((l) => {
        const colour = words(l.text)[1];
        return h("button", { type: "button", class: "legal", dataset: { action: l.text }, title: l.description, onclick: () => ctx.act(l.text) }, gem(colour, undefined, lang), " ", gemName(colour, lang));
      })));
  }
  if (interactive && view.phase === "noble") {
    prompts.push(h("div", { class: "sp-prompt" }, h("span", {}, t("sp_noble_prompt")),
      legal.filter((l) => l.text.startsWith("noble ")).map((l) =>
        h("button", { type: "button", class: "legal", dataset: { action: l.text }, title: l.description, onclick: () => ctx.act(l.text) }, l.description || l.text))));
  }
  if (interactive && texts.has("pass")) {
    prompts.push(h("div", { class: "sp-prompt" }, h("span", {}, t("sp_pass_prompt")),
      h("button", { type: "button", class: "legal", dataset: { action: "pass" }, onclick: () => ctx.act("pass") }, t("pass"))));
  }

  // --- tableaux, the shown seat first
  const order = [...view.seats.keys()];
  if (ctx.seat !== null && ctx.seat !== undefined) order.sort((a, b) => (b === ctx.seat) - (a === ctx.seat));
  const tableaux = order.map((p) => {
    const seat = view.seats[p];
    const mine = p === ctx.seat;
    const tokenTotal = TOKENS.reduce((sum, c) => sum + seat.tokens[c], 0);
    const returnable = (colour) => interactive && mine && texts.has(`return ${colour}`);
    const columns = TOKENS.map((colour) => h("div", { class: "sp-col" },
      colour === "gold" ? h("span", { class: "bonus-box none" }) : h("span", { class: ["bonus-box", `gem-${colour}`, marked(`bonus:${p}:${colour}`)], title: t("sp_bonus_of", { gem: gemName(colour, lang) }) }, String(seat.bonuses[colour])),
      h("span", {
        class: ["token", `gem-${colour}`, returnable(colour) && "legal", !seat.tokens[colour] && "zero", marked(`tokens:${p}:${colour}`)],
        title: gemName(colour, lang),
        dataset: { colour, action: returnable(colour) && `return ${colour}` },
        role: returnable(colour) ? "button" : null,
        tabindex: returnable(colour) ? "0" : null,
        onclick: returnable(colour) ? () => ctx.act(`return ${colour}`) : null,
      }, String(seat.tokens[colour]))));
    const newest = (i) => (i === seat.reserved.length - 1 ? marked(`reserved:${p}`) : null);
    const reserved = seat.reserved.map((card, i) => {
      const place = `reserved ${i + 1}`;
      if (card.hidden) return cardBack(card.level, { class: ["sp-reserved-card", newest(i)], dataset: { hidden: "1" } });
      const options = interactive && mine ? placeActions(legal, place) : [];
      const can = mine ? affordance(card) : { cls: null, note: null, why: null };
      return cardFace(card, lang, {
        class: ["sp-reserved-card", options.length && "legal", can.cls, newest(i)],
        title: can.why,
        dataset: { place: mine ? place : `seat${p}-${place}`, leads: leadsTo(options.map((l) => l.text)), why: can.why },
        role: options.length ? "button" : null,
        tabindex: options.length ? "0" : null,
        onclick: options.length ? () => choose(t("sp_card_title", { place: t("sp_reserved_n", { n: i + 1 }) }), options, can.why) : null,
      }, can.note);
    });
    // the card this seat just bought, beside its bonuses: the card the others' move took
    const bought = marks.has(`bought:${p}`) && seat.cards.length ? seat.cards[seat.cards.length - 1] : null;
    return h("div", { class: ["sp-tableau", "panel", mine && "you", p === view.current_player && "current"], dataset: { seat: String(p) } },
      h("div", { class: "sp-tableau-head" },
        h("b", {}, ctx.names[p] ?? t("seat_n", { n: p + 1 })),
        h("span", { class: "sp-score", title: t("sp_points") }, t("sp_points_n", { n: seat.points })),
        h("span", { class: "sp-token-total", title: t("sp_tokens") }, t("sp_tokens_n", { n: tokenTotal })),
        seat.nobles.length ? h("span", { class: ["sp-nobles-won", marked(`nobles:${p}`)], title: t("sp_nobles") }, t("sp_nobles_n", { n: seat.nobles.length })) : null),
      h("div", { class: "sp-tableau-main" },
        h("div", { class: "sp-cols" }, columns),
        bought ? h("div", { class: "sp-bought" }, h("span", { class: "label" }, t("sp_just_bought")),
          cardFace(bought, lang, { class: ["sp-bought-card", marked(`bought:${p}`)], title: markTitle(`bought:${p}`) })) : null),
      h("div", { class: "sp-reserved" }, h("span", { class: "label" }, t("sp_reserved")), reserved.length ? reserved : h("span", { class: "none" }, "—")));
  });

  const notes = [];
  if (view.final_round && !view.over) notes.push(h("div", { class: "banner final-round" }, t("sp_final_round")));

  return h("div", { class: "splendor" },
    notes,
    prompts.length ? h("div", { class: "sp-prompts" }, prompts) : null,
    h("div", { class: "sp-table" },
      h("section", { class: "sp-market", "aria-label": t("sp_market") },
        h("h3", { class: "sr-only" }, t("sp_market")),
        h("div", { class: "sp-nobles-row" }, h("span", { class: "label" }, t("sp_nobles")), nobles),
        rows,
        h("div", { class: "sp-supply-row" }, h("span", { class: "label" }, t("sp_supply")), supply))),
    h("div", { class: "sp-tableaux" }, tableaux));
}

// Sabika's game terms and printed effects in the board's words, read from strings.json (keys
// sa_mat_<material>, sa_goods_<goods>, sa_raw_<goods>, sa_action_<action>, sa_type_<type>,
// sa_city_<city>, sa_event_<n>, …), which spells them as the engine's text.py and render.py do
// (the seed's Chinese terms: 石膏, 木材, 大理石, 釉面陶器, 砂糖, 陶器, 服裝, 建築大師, 商人, 詩人 …).
// Effects, abilities and scorings are the data's structures (components.json), put in words
// term by term. `lang` is a language code; the current one if left out.

import { t } from "/static/i18n.js";

// the view's and the notation's names of the materials and goods, by position
export const MATERIALS = ["plaster", "wood", "marble", "glazed_ceramic"];
export const MATERIAL_WORDS = ["plaster", "wood", "marble", "glazed"];
export const GOODS = ["sugar", "pottery", "clothing"];
export const GOODS_WORDS = ["sugar", "clay", "silk"];
export const WORKERS = ["b1", "b2", "m", "p"];
export const WORKER_RING = ["outer", "outer", "middle", "inner"];

/** A material by the data's name, the notation's word or its position. */
export function matName(m, lang) {
  const key = typeof m === "number" ? MATERIALS[m] : MATERIAL_WORDS.includes(m) ? MATERIALS[MATERIAL_WORDS.indexOf(m)] : m;
  return t(`sa_mat_${key}`, {}, key, lang);
}

/** Goods (the token's goods side) by the data's name, the notation's word or its position. */
export function goodsName(g, lang) {
  const key = typeof g === "number" ? GOODS[g] : GOODS_WORDS.includes(g) ? GOODS[GOODS_WORDS.indexOf(g)] : g;
  return t(`sa_goods_${key}`, {}, key, lang);
}

/** The same token's raw side. */
export function rawName(g, lang) {
  const key = typeof g === "number" ? GOODS[g] : GOODS_WORDS.includes(g) ? GOODS[GOODS_WORDS.indexOf(g)] : g;
  return t(`sa_raw_${key}`, {}, key, lang);
}

export function actionName(action, lang) {
  return t(`sa_action_${action}`, {}, action, lang);
}

export function actionShort(action, lang) {
  return t(`sa_short_${action}`, {}, actionName(action, lang), lang);
}

export function workerName(w, lang) {
  return t(`sa_worker_${WORKERS[w]}`, {}, WORKERS[w], lang);
}

export function typeName(type, lang) {
  return t(`sa_type_${type}`, {}, type, lang);
}

export function colourName(colour, lang) {
  return t(`sa_colour_${colour}`, {}, colour, lang);
}

export function cityName(city, lang) {
  return t(`sa_city_${city}`, {}, city, lang);
}

export function regionName(region, lang) {
  return t(`sa_region_${region}`, {}, region, lang);
}

export function countName(count, lang) {
  return t(`sa_count_${count}`, {}, count.replace(/_/g, " "), lang);
}

export function eventWords(n, lang) {
  return t(`sa_event_${n}`, {}, `#${n}`, lang);
}

function sep(lang) {
  return t("sa_sep", {}, ", ", lang);
}

/** One term of a printed effect. */
function termWords(term, lang) {
  const n = term.amount;
  switch (term.kind) {
    case "dinars": return t(n === 1 ? "sa_fx_dinar" : "sa_fx_dinars", { n }, "", lang);
    case "points": return t(n === 1 ? "sa_fx_point" : "sa_fx_points", { n }, "", lang);
    case "paria": return t("sa_fx_paria", { n }, "", lang);
    case "dinars_or_paria": return t("sa_fx_dinars_or_paria", { n }, "", lang);
    case "material": return t("sa_fx_material", { n, what: matName(term.material, lang) }, "", lang);
    case "materials": return t("sa_fx_materials", { n, what: term.from.map((m) => matName(m, lang)).join("/") }, "", lang);
    case "raw": return t("sa_fx_raw", { n }, "", lang);
    case "goods": return t("sa_fx_goods", { n }, "", lang);
    case "process": return t("sa_fx_process", { n }, "", lang);
    case "transactions": return t(n === 1 ? "sa_fx_transaction" : "sa_fx_transactions", { n }, "", lang);
    case "favour": return t("sa_fx_favour", { n }, "", lang);
    case "action": return t("sa_fx_action", { action: actionName(term.action, lang) }, "", lang);
    case "city_reward": return t("sa_fx_city_reward", {}, "", lang);
    case "large_building_bonus": return t("sa_fx_large_bonus", {}, "", lang);
    case "free_ship": return t("sa_fx_free_ship", { n: term.goods }, "", lang);
    case "red_city_action": return t("sa_fx_red_city", {}, "", lang);
    case "choice": return term.options.map((o) => effectWords(o, lang)).join(t("sa_or", {}, " or ", lang));
    default: return term.kind;
  }
}

/** A printed effect (a list of terms done in order), e.g. "2 dinars, 1 raw". */
export function effectWords(terms, lang) {
  if (!terms || !terms.length) return "—";
  return terms.map((x) => termWords(x, lang)).join(sep(lang));
}

/** A blue poem's permanent ability. */
export function abilityWords(ab, lang) {
  switch (ab.kind) {
    case "on": {
      const when = t(`sa_when_${ab.when}`, { what: ab.material ? matName(ab.material, lang) : "" }, ab.when, lang);
      const once = ab.once_per ? t("sa_once_per_building", {}, "", lang) : "";
      return t("sa_ab_on", { when, effect: effectWords(ab.effect, lang) }, "", lang) + once;
    }
    case "poem_cost_table": return t("sa_ab_poem_cost", { n: ab.extra_max, p: ab.points_per_material }, "", lang);
    case "goods_warehouse": return t("sa_ab_goods_wh", { n: ab.boxes, effect: effectWords(ab.per_goods, lang) }, "", lang);
    case "export_base": return t("sa_ab_export_base", { p: ab.points, q: ab.paria }, "", lang);
    default: return ab.kind;
  }
}

/** How a major poem or trade card scores. `ranks` are the ranking rewards (14/9/6). */
export function scoringWords(sc, ranks, lang) {
  const what = countName(sc.count || "poems", lang);
  let words;
  if (sc.kind === "rank") words = t("sa_sc_rank", { what, ranks: ranks.join("/") }, "", lang);
  else if (sc.kind === "sets") words = t("sa_sc_sets", { points: sc.points, of: sc.of.map((c) => countName(c, lang)).join("+") }, "", lang);
  else words = t("sa_sc_per", { points: sc.points, what }, "", lang);
  const extra = [];
  if (sc.region) extra.push(regionName(sc.region, lang));
  if (sc.regions && sc.regions.length) extra.push(sc.regions.map((r) => regionName(r, lang)).join("/"));
  if (sc.colour) extra.push(t("sa_sc_colour", { colour: colourName(sc.colour, lang) }, "", lang));
  if (sc.min_route_dinars) extra.push(t("sa_sc_far", { n: sc.min_route_dinars }, "", lang));
  if (extra.length) words += ` (${extra.join(sep(lang))})`;
  if (sc.max) words += t("sa_sc_max", { n: sc.max }, "", lang);
  return words;
}

/** A Sultan's wish tile: what it counts and its points for each. */
export function wishWords(w, lang) {
  const cond = w.condition === "building_type"
    ? w.types.map((x) => typeName(x, lang)).join("/")
    : t(`sa_wish_${w.condition}`, {}, w.condition, lang);
  return t("sa_wish_each", { what: cond, n: w.points }, "", lang);
}

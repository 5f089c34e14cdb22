// The generic view: any game's view dict as readable panels and its legal actions as
// buttons with their descriptions. It knows nothing about a game, so a game without a drawn
// board (or a view a drawn board does not understand) can still be played to the end.

import { t } from "../i18n.js";
import { h } from "../ui.js";

const SCALAR = new Set(["string", "number", "boolean"]);

function isScalar(value) {
  return value === null || SCALAR.has(typeof value);
}

function scalarText(value) {
  if (value === null || value === undefined) return "—";
  if (value === true) return t("yes");
  if (value === false) return t("no");
  return String(value);
}

function humanKey(key) {
  return String(key).replace(/_/g, " ");
}

/** A table when a list holds objects with the same scalar-ish fields (players, cards). */
function asTable(list) {
  if (!list.length || !list.every((x) => x && typeof x === "object" && !Array.isArray(x))) return null;
  const keys = [];
  for (const item of list) for (const k of Object.keys(item)) if (!keys.includes(k)) keys.push(k);
  if (keys.length > 10) return null;
  return h("table", { class: "generic-table" },
    h("thead", {}, h("tr", {}, keys.map((k) => h("th", {}, humanKey(k))))),
    h("tbody", {}, list.map((item) => h("tr", {}, keys.map((k) => h("td", {}, valueNode(item[k], 2)))))));
}

function valueNode(value, depth) {
  if (isScalar(value) || value === undefined) return h("span", { class: "scalar" }, scalarText(value));
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "scalar empty" }, "—");
    if (value.every(isScalar)) return h("span", { class: "scalar list" }, value.map(scalarText).join(", "));
    if (value.every(Array.isArray) && value.every((row) => row.every(isScalar))) {
      return h("ol", { class: "generic-rows" }, value.map((row) => h("li", {}, row.map(scalarText).join(", "))));
    }
    const table = depth < 3 ? asTable(value) : null;
    if (table) return table;
    return h("ol", { class: "generic-list" }, value.map((item) => h("li", {}, valueNode(item, depth + 1))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return h("span", { class: "scalar empty" }, "—");
  return h("dl", { class: "generic-dict" }, entries.map(([k, v]) => [h("dt", {}, humanKey(k)), h("dd", {}, valueNode(v, depth + 1))]));
}

function legalPanel(ctx) {
  const ui = ctx.ui;
  const buttons = ctx.legal.map((l) => h("button", {
    type: "button",
    class: "legal",
    disabled: !ctx.interactive,
    dataset: { action: l.text },
    onclick: () => ctx.act(l.text),
  }, h("span", { class: "legal-desc" }, l.description || l.text), h("code", {}, l.text)));
  const applyFilter = (text) => {
    const needle = text.trim().toLowerCase();
    for (const b of buttons) b.hidden = needle !== "" && !b.textContent.toLowerCase().includes(needle);
  };
  const filter = ctx.legal.length > 12
    ? h("input", { type: "search", class: "legal-filter", placeholder: t("filter"), value: ui.filter || "", oninput: (e) => { ui.filter = e.target.value; applyFilter(ui.filter); } })
    : null;
  if (ui.filter) applyFilter(ui.filter);
  return h("section", { class: "panel generic-legal" },
    h("h3", {}, t("legal_actions"), ` (${ctx.legal.length})`),
    filter,
    h("div", { class: "legal-buttons" }, buttons));
}

export function renderGeneric(ctx) {
  const view = ctx.view || {};
  const facts = [];
  const panels = [];
  for (const [key, value] of Object.entries(view)) {
    if (isScalar(value)) facts.push([h("dt", {}, humanKey(key)), h("dd", {}, scalarText(value))]);
    else panels.push(h("section", { class: "panel generic-panel", dataset: { key } }, h("h3", {}, humanKey(key)), valueNode(value, 0)));
  }
  return h("div", { class: "generic" },
    ctx.legal.length ? legalPanel(ctx) : null,
    facts.length ? h("section", { class: "panel generic-panel facts" }, h("dl", { class: "generic-dict" }, facts)) : null,
    panels);
}

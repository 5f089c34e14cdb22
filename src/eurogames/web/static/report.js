// What happened, as the server tells it (docs/web.md): a move's sentence and the events it
// set off, with the seats named as the rest of the page names them, and the end-of-game
// breakdown of the scores. Shared by the play and replay pages.

import { t } from "./i18n.js";
import { h } from "./ui.js";

// the server's sentences name seat N as {seat:N} (0-based), in the reader's person already
const SEAT = /\{seat:(\d+)\}/g;

const EVENTS_STYLE = { gridColumn: "2", listStyle: "none", margin: "0", padding: "0" };
const EVENT_STYLE = {
  fontSize: ".92em", color: "var(--muted, #666)", paddingLeft: ".8em", textIndent: "-.8em",
};
const LEFT = { padding: ".1rem .6rem .1rem 0", textAlign: "left" };
const RIGHT = {
  padding: ".1rem 0 .1rem .6rem", textAlign: "right", fontVariantNumeric: "tabular-nums",
};

/** ``text`` with every {seat:N} replaced by that seat's name on this page. */
export function withNames(text, names) {
  const name = (n) => names[n] ?? t("seat_n", { n: n + 1 });
  return (text || "").replace(SEAT, (_, n) => name(Number(n)));
}

/** The children of one log entry: ply, seat, the sentence, then its events (if any). */
export function entryParts(entry, names) {
  const events = entry.events || [];
  return [
    h("span", { class: "log-ply" }, String(entry.ply)),
    h("span", { class: "log-seat" }, names[entry.seat] ?? ""),
    h("span", { class: "log-text" }, withNames(entry.description, names) || entry.text),
    events.length
      ? h("ul", { class: "log-events", style: EVENTS_STYLE }, events.map((event) => h("li",
        { class: "log-event", dataset: { kind: event.kind }, style: EVENT_STYLE },
        "· ", withNames(event.description, names))))
      : null,
  ];
}

/** Every seat's part keys in one order that keeps each seat's own (scoring 1 before 2). */
function partOrder(breakdown) {
  const keys = [];
  const labels = new Map();
  for (const parts of breakdown) {
    let at = -1;
    for (const part of parts) {
      const found = keys.indexOf(part.key);
      if (found >= 0) {
        at = found;
      } else {
        keys.splice(at + 1, 0, part.key);
        labels.set(part.key, part.label);
        at += 1;
      }
    }
  }
  return { keys, labels };
}

/** Where each seat's points came from: a row per part, a column per seat, then the total. */
export function breakdownTable(breakdown, names) {
  if (!breakdown) return null;
  const { keys, labels } = partOrder(breakdown);
  const cell = (parts, key) => {
    const found = parts.find((part) => part.key === key);
    return found ? String(found.points) : "";
  };
  const total = (parts) => String(parts.reduce((sum, part) => sum + part.points, 0));
  const style = { borderCollapse: "collapse", marginBottom: ".6rem" };
  return h("table", { class: "score-breakdown", id: "score-breakdown", style },
    h("caption", { style: { textAlign: "left", fontWeight: "600" } }, t("breakdown")),
    h("thead", {}, h("tr", {}, h("th", { style: LEFT }, ""),
      names.map((name) => h("th", { style: RIGHT }, name)))),
    h("tbody", {},
      keys.map((key) => h("tr", { dataset: { key } }, h("td", { style: LEFT }, labels.get(key)),
        breakdown.map((parts) => h("td", { style: RIGHT }, cell(parts, key))))),
      h("tr", { class: "total" }, h("th", { style: LEFT }, t("total")),
        breakdown.map((parts) => h("th", { style: RIGHT }, total(parts))))));
}

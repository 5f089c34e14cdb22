// Small helpers shared by every page: element builders, toasts, the choice menu, and the
// multiset test the boards match a click's selection with.
// Everything is built with createElement and textContent, never innerHTML, so that text
// from the server or a record (names, descriptions) can never inject markup.

import { formatDate } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function applyAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.flat(Infinity).filter(Boolean).join(" ") : value);
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") {
      for (const [name, text] of Object.entries(value)) if (text !== undefined && text !== null && text !== false) el.dataset[name] = text;
    }
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h("button", {class: "x", onclick: f}, "label"). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  applyAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element, with the same conventions as h(). */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  applyAttrs(el, attrs);
  append(el, children);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Replace a container's content in one step, so a re-render never shows a half-built page. */
export function replace(el, ...children) {
  const frag = document.createDocumentFragment();
  append(frag, children);
  clear(el).append(frag);
  return el;
}

function toastHost() {
  let host = document.getElementById("toasts");
  if (!host) {
    host = h("div", { id: "toasts", class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(host);
  }
  return host;
}

/** A short message in the corner that goes away by itself: errors are told, never thrown. */
export function toast(message, kind = "error", ms = 5000) {
  const item = h("div", { class: ["toast", kind] }, message);
  item.addEventListener("click", () => item.remove());
  toastHost().append(item);
  setTimeout(() => item.remove(), ms);
  return item;
}

let openMenu = null;

export function closeMenu() {
  if (openMenu) openMenu.remove();
  openMenu = null;
}

/**
 * A choice sheet: a title, one button per choice and a cancel button. Used where one click
 * on the board can mean several legal actions (buy or reserve, which gold payment).
 * items: [{label, detail, onChoose}]
 */
export function menu(title, items, cancelLabel) {
  closeMenu();
  const sheet = h(
    "div",
    { class: "menu", role: "dialog", "aria-label": title },
    h("div", { class: "menu-title" }, title),
    items.map((item) =>
      h(
        "button",
        {
          class: ["menu-item", item.className],
          dataset: item.action ? { action: item.action } : undefined,
          onclick: () => {
            closeMenu();
            item.onChoose();
          },
        },
        h("span", { class: "menu-label" }, item.label),
        item.detail ? h("span", { class: "menu-detail" }, item.detail) : null,
      ),
    ),
    h("button", { class: "menu-cancel", onclick: closeMenu }, cancelLabel),
  );
  const backdrop = h("div", { class: "menu-backdrop", onclick: (e) => { if (e.target === backdrop) closeMenu(); } }, sheet);
  document.body.append(backdrop);
  openMenu = backdrop;
  const first = sheet.querySelector("button");
  if (first) first.focus();
  return backdrop;
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") closeMenu();
  // cards, tiles and cells drawn as divs or SVG act as buttons from the keyboard too
  const target = e.target;
  if ((e.key === "Enter" || e.key === " ") && target instanceof Element && target.getAttribute("role") === "button" && !(target instanceof HTMLButtonElement)) {
    e.preventDefault();
    target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
});

/** Copy text to the clipboard, with a fallback for pages served over plain http. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { style: { position: "fixed", left: "-1000px" } });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** A time from the server (ISO text, or seconds) as the page's language writes dates. */
export function formatTime(iso) {
  return formatDate(iso);
}

/**
 * Whether `big` holds every item of `small`, counted with repeats (multisets): a board asks
 * whether a legal entry still covers what the player has picked so far (`take2 red` holds
 * red twice; a payment holds each card it uses).
 */
export function containsAll(big, small) {
  const left = [...big];
  for (const x of small) {
    const i = left.indexOf(x);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/**
 * The `data-leads` value of a click that is a step toward legal entries (opens a menu, picks
 * a card for a take): their texts, one a line; null (no attribute) when it leads to none.
 * With `data-action` on the clicks that play an entry, this lets anything (a test, a tool)
 * play any drawn board by its legal texts (docs/web.md "Boards").
 */
export function leadsTo(texts) {
  return texts.length ? texts.join("\n") : null;
}

/** The banner of a game whose component values are partly provisional (no source yet): each
 * value with how it was chosen, or, for a long list, the values counted by what they belong
 * to (the first part of each path), every value one click away. */
export function provisionalBanner(list, heading, allLabel) {
  if (!list || !list.length) return null;
  const item = (p) => h("li", {}, h("b", {}, p.what), p.reason ? ` — ${p.reason}` : "");
  const banner = (...body) => h("div", { class: "banner provisional", role: "note" }, h("strong", {}, heading), ...body);
  if (list.length <= 6) return banner(h("ul", {}, list.map(item)));
  const groups = new Map();
  for (const p of list) {
    const group = p.what.split(/[.[]/)[0] || p.what;
    groups.set(group, (groups.get(group) || 0) + 1);
  }
  return banner(
    h("p", {}, [...groups].map(([group, n]) => `${group} (${n})`).join(", ")),
    h("details", {}, h("summary", {}, allLabel), h("ul", {}, list.map(item))));
}

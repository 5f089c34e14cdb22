// The rules summary of the game on the page (docs/web.md "Rules summaries"): a "Rules"
// button in the top bar opens the game's own summary, served from its folder in the page's
// language (English where that language is not written yet), in a dialog that closes with
// its button, Escape or a click beside it. A game without a summary gets no button.
//
// The summary is Markdown, drawn by the small renderer below, which builds elements with
// textContent only, like the rest of the client (ui.js): a summary can show text, never run
// or load anything. It reads the subset the summaries are written in: headings (#, ##, ###),
// paragraphs, "- " and "1. " lists, "> " notes, pipe tables, "---", **bold**, *italic* and
// `code`; anything else shows as the text it is.

import { api } from "./api.js";
import { getLang, registerStrings, t } from "./i18n.js";
import { h, replace } from "./ui.js";

registerStrings({
  en: {
    rules_open: "Rules",
    rules_open_hint: "The rules in brief",
    rules_title: "{title}: the rules in brief",
    rules_in_english: "This summary is not written in your language yet; here it is in English.",
    rules_failed: "The rules summary could not be loaded: {message}",
  },
  "zh-Hant": {
    rules_open: "規則",
    rules_open_hint: "規則摘要",
    rules_title: "{title}：規則摘要",
    rules_in_english: "這份摘要尚無你所選語言的版本，以下為英文版。",
    rules_failed: "無法載入規則摘要：{message}",
  },
  "zh-Hans": {
    rules_open: "规则",
    rules_open_hint: "规则摘要",
    rules_title: "{title}：规则摘要",
    rules_in_english: "这份摘要尚无你所选语言的版本，以下为英文版。",
    rules_failed: "无法加载规则摘要：{message}",
  },
});

// -- the Markdown subset ------------------------------------------------------------------

const INLINE = /\*\*(.+?)\*\*|`([^`]+)`|\*([^*\s](?:[^*]*[^*\s])?)\*/g;

/** The inline parts of one line of text: strings and <strong>, <em>, <code> elements. */
export function inline(text) {
  const parts = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    if (m[1] !== undefined) parts.push(h("strong", {}, inline(m[1])));
    else if (m[2] !== undefined) parts.push(h("code", {}, m[2]));
    else parts.push(h("em", {}, inline(m[3])));
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

const WIDE = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Lines of one paragraph joined as a reader expects: a space between words, nothing
 *  between Chinese characters. */
function joinLines(lines) {
  return lines.map((l) => l.trim()).reduce((text, line) => {
    if (!text) return line;
    return WIDE.test(text.at(-1)) || WIDE.test(line[0]) ? text + line : `${text} ${line}`;
  }, "");
}

const HEADING = /^(#{1,3})\s+(.+?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const NOTE = /^\s*>\s?(.*)$/;
const RULE = /^\s*(?:-{3,}|\*{3,})\s*$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|(?:\s*:?-{3,}:?\s*\|)+\s*$/;

function cells(line) {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

function startsBlock(line, next) {
  return HEADING.test(line) || BULLET.test(line) || NUMBERED.test(line) || NOTE.test(line)
    || RULE.test(line) || (TABLE_ROW.test(line) && next !== undefined && TABLE_RULE.test(next));
}

/** The elements a Markdown text draws (the subset above), in order. A heading goes one
 *  level down (## is an <h3>): the dialog's own title is its <h2>. */
export function markdown(text) {
  const lines = String(text).replace(/\r\n?/g, "\n").split("\n");
  const blocks = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i += 1;
      continue;
    }
    let m = line.match(HEADING);
    if (m) {
      blocks.push(h(`h${m[1].length + 1}`, {}, inline(m[2])));
      i += 1;
    } else if (RULE.test(line)) {
      blocks.push(h("hr", {}));
      i += 1;
    } else if (TABLE_ROW.test(line) && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1])) {
      const head = cells(line);
      const rows = [];
      i += 2;
      while (i < lines.length && TABLE_ROW.test(lines[i])) rows.push(cells(lines[i++]));
      blocks.push(h("div", { class: "rules-table" }, h("table", {},
        h("thead", {}, h("tr", {}, head.map((c) => h("th", { scope: "col" }, inline(c))))),
        h("tbody", {}, rows.map((row) => h("tr", {}, head.map((_, k) => h("td", {}, inline(row[k] ?? "")))))))));
    } else if (NOTE.test(line)) {
      const quoted = [];
      while (i < lines.length && NOTE.test(lines[i])) quoted.push(lines[i++].match(NOTE)[1]);
      blocks.push(h("aside", { class: "rules-note" }, markdown(quoted.join("\n"))));
    } else if (BULLET.test(line) || NUMBERED.test(line)) {
      const kind = BULLET.test(line) ? BULLET : NUMBERED;
      const items = [];
      while (i < lines.length) {
        const item = lines[i].match(kind);
        if (item) items.push([item[1]]);
        else if (lines[i].trim() && /^\s+/.test(lines[i]) && !startsBlock(lines[i].trim(), lines[i + 1])) items.at(-1).push(lines[i]);
        else break;
        i += 1;
      }
      blocks.push(h(kind === BULLET ? "ul" : "ol", {}, items.map((parts) => h("li", {}, inline(joinLines(parts))))));
    } else {
      const para = [];
      while (i < lines.length && lines[i].trim() && !(para.length && startsBlock(lines[i], lines[i + 1]))) para.push(lines[i++]);
      blocks.push(h("p", {}, inline(joinLines(para))));
    }
  }
  return blocks;
}

// -- the button and the dialog -------------------------------------------------------------

const summaries = new Map(); // "game|lang" → a promise of the server's answer (null: none)
let current = null; // {game, title, button, dialog, shownLang}

function fetchSummary(game, lang) {
  const key = `${game}|${lang}`;
  if (!summaries.has(key)) {
    const url = `/games/${encodeURIComponent(game)}/rules?lang=${encodeURIComponent(lang)}`;
    summaries.set(key, api("GET", url).catch((err) => {
      if (err.status === 404) return null; // this game has no summary
      summaries.delete(key); // a failure may be tried again
      throw err;
    }));
  }
  return summaries.get(key);
}

function buildDialog() {
  const close = h("button", { type: "button", class: "rules-close", id: "rules-close", onclick: () => dialog.close() }, t("close"));
  const dialog = h("dialog", { class: "rules-dialog", id: "rules-dialog", "aria-labelledby": "rules-heading" },
    h("header", { class: "rules-head" }, h("h2", { id: "rules-heading" }), close),
    h("div", { class: "rules-body", id: "rules-body" }));
  // a click on the backdrop (outside the dialog's box) closes it, as Escape does
  dialog.addEventListener("click", (e) => {
    if (e.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
  document.body.append(dialog);
  return dialog;
}

async function fill(state) {
  const lang = getLang();
  const body = state.dialog.querySelector(".rules-body");
  state.dialog.querySelector("#rules-heading").textContent = t("rules_title", { title: state.title });
  state.dialog.querySelector(".rules-close").textContent = t("close");
  state.shownLang = lang;
  replace(body, h("p", { class: "help" }, t("loading")));
  let summary;
  try {
    summary = await fetchSummary(state.game, lang);
  } catch (err) {
    if (current !== state) return;
    state.shownLang = null; // opening it again tries again
    replace(body, h("p", { class: "error" }, t("rules_failed", { message: err.message })));
    return;
  }
  if (current !== state || state.shownLang !== lang) return; // the page moved on meanwhile
  if (!summary) {
    replace(body, h("p", { class: "error" }, t("rules_failed", { message: "404" })));
    return;
  }
  // the title in the language asked for (the page's own may still be the old language's)
  state.dialog.querySelector("#rules-heading").textContent = t("rules_title", { title: summary.title || state.title });
  body.lang = summary.lang;
  replace(body,
    summary.lang !== lang ? h("p", { class: "rules-note rules-fallback" }, t("rules_in_english")) : null,
    markdown(summary.markdown));
  body.scrollTop = 0;
}

function open(state) {
  if (!state.dialog.open) state.dialog.showModal();
  if (state.shownLang !== getLang()) fill(state);
  state.dialog.querySelector(".rules-close").focus();
}

/**
 * Keep the top bar's Rules button for `game` (titled `title` in the page's language): added
 * once the game is known to have a summary, relabelled on a change of language (an open
 * summary is then read again in the new one). Call it on every render; it is cheap.
 */
export function showRules(game, title) {
  if (!current || current.game !== game) {
    if (current) {
      current.button.remove();
      current.dialog.remove();
    }
    const state = { game, title, button: null, dialog: null, shownLang: null };
    state.button = h("button", { type: "button", class: "rules-open", id: "rules-open", hidden: true, "aria-haspopup": "dialog", onclick: () => open(state) });
    state.dialog = buildDialog();
    current = state;
    const anchor = document.getElementById("page-title");
    if (anchor) anchor.after(state.button);
    else document.body.prepend(state.button);
    fetchSummary(game, getLang()).then((summary) => { if (summary && current === state) state.button.hidden = false; }, () => {});
  }
  current.title = title;
  current.button.textContent = t("rules_open");
  current.button.title = t("rules_open_hint");
  if (current.dialog.open && current.shownLang !== getLang()) fill(current);
}

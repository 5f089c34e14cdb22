// Which drawing a game gets: the drawn board its game folder supplies (the catalogue says
// where: docs/web.md "Boards"), else the generic view that plays any game from its view and
// its legal list. `?view=generic` forces the generic view.
//
// A board is loaded once per page, the first time it is drawn: its module by dynamic
// import(), its CSS as a <link>, its strings into i18n. Until then the board area says
// "Loading…" and the page is drawn again when the board is ready; a board that cannot be
// loaded, or that throws on a view it does not understand, falls back to the generic view,
// so the page still shows (and plays) the game.

import { api } from "../api.js";
import { registerStrings, t } from "../i18n.js";
import { h } from "../ui.js";
import { renderGeneric } from "./generic.js";

let catalogue = null; // a promise of Map game name → catalogue entry
const boards = new Map(); // game name → {status: "loading"|"ready"|"none"|"failed", render, error}

function forcedGeneric() {
  return new URLSearchParams(location.search).get("view") === "generic";
}

function catalogueEntries() {
  if (!catalogue) catalogue = api("GET", "/api/catalogue").then((body) => new Map(body.games.map((g) => [g.name, g])));
  return catalogue;
}

function addStylesheet(href) {
  const present = [...document.querySelectorAll("link[data-board-css]")].find((l) => l.getAttribute("href") === href);
  if (present) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = h("link", { rel: "stylesheet", href, dataset: { boardCss: "1" } });
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => reject(new Error(`the board's stylesheet ${href} did not load`)));
    document.head.append(link);
  });
}

async function fetchStrings(url) {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`the board's strings ${url} did not load (${response.status})`);
  return response.json();
}

async function loadBoard(game) {
  const entry = (await catalogueEntries()).get(game);
  const urls = entry && entry.board ? entry.board_urls : null;
  if (!urls) return null;
  const [module, strings] = await Promise.all([
    import(urls.module),
    urls.strings ? fetchStrings(urls.strings) : null,
    urls.css ? addStylesheet(urls.css) : null,
  ]);
  if (typeof module.render !== "function") throw new Error(`${urls.module} exports no render(ctx)`);
  if (strings) registerStrings(strings);
  return module.render;
}

/** The board's record for `game`, starting its load the first time; `redraw` is called once
 *  when a load in progress ends. */
function boardState(game, redraw) {
  let state = boards.get(game);
  if (!state) {
    state = { status: "loading", render: null, error: null, reported: false, waiting: new Set() };
    boards.set(game, state);
    loadBoard(game).then((render) => {
      state.status = render ? "ready" : "none";
      state.render = render;
    }, (err) => {
      console.error(err);
      state.status = "failed";
      state.error = err;
    }).then(() => {
      const waiting = [...state.waiting];
      state.waiting.clear();
      for (const again of waiting) again();
    });
  }
  if (state.status === "loading" && redraw) state.waiting.add(redraw);
  return state;
}

function renderLoading() {
  return h("p", { class: "help board-loading" }, t("loading"));
}

/**
 * The function drawing `game` now: its drawn board once loaded, the generic view when it has
 * none (or it failed, or `?view=generic`), a "Loading…" note while the board loads.
 */
export function boardFor(game) {
  if (forcedGeneric()) return renderGeneric;
  const state = boardState(game);
  if (state.status === "ready") return state.render;
  return state.status === "loading" ? renderLoading : renderGeneric;
}

/**
 * The board for `ctx.game` drawn from `ctx`; `ctx.rerender` is called when a board still
 * loading is ready. A board that fails to load or throws falls back to the generic view;
 * `onError` hears what went wrong (a failed load once, a throw every time), after the console.
 */
export function drawBoard(ctx, onError = () => {}) {
  if (forcedGeneric()) return renderGeneric(ctx);
  const state = boardState(ctx.game, ctx.rerender);
  if (state.status === "loading") return renderLoading();
  if (state.status === "failed") {
    if (!state.reported) onError(state.error);
    state.reported = true;
    return renderGeneric(ctx);
  }
  if (state.status === "none") return renderGeneric(ctx);
  try {
    return state.render(ctx);
  } catch (err) {
    console.error(err);
    onError(err);
    return renderGeneric(ctx);
  }
}

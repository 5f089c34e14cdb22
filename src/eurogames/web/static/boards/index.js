// Which drawing a game gets: a drawn board where one exists, else the generic view that
// plays any game from its view and its legal list. `?view=generic` forces the generic view.

import { renderAlhambra } from "./alhambra.js";
import { renderGeneric } from "./generic.js";
import { renderSplendor } from "./splendor.js";

const BOARDS = { splendor: renderSplendor, alhambra: renderAlhambra };

export const DRAWN_GAMES = Object.keys(BOARDS);

export function boardFor(game) {
  if (new URLSearchParams(location.search).get("view") === "generic") return renderGeneric;
  return BOARDS[game] || renderGeneric;
}

/**
 * The board for `ctx.game` drawn from `ctx`. A board that throws on a view it does not
 * understand falls back to the generic view, so the page still shows (and plays) the game;
 * `onError` hears what went wrong, after the console.
 */
export function drawBoard(ctx, onError = () => {}) {
  const draw = boardFor(ctx.game);
  try {
    return draw(ctx);
  } catch (err) {
    console.error(err);
    onError(err);
    return renderGeneric(ctx);
  }
}

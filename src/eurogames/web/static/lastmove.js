// What the other players just did, for a board to mark (docs/web.md "Boards"): the log
// entries since the shown seat last decided, and whether they are new since this page last
// drew them (so that a mark animates once, when it arrives, and not on every redraw).
//
// A board marks the things those entries name (the card taken, the tile placed, the worker
// moved) with the class `last-move`, and adds `arriving` while they are new; style.css draws
// both, the animation only for readers who have not asked for reduced motion.

/**
 * The entries of `log` (the state message's log: {ply, seat, text, events}) that the seat
 * `seat` has not seen played on its own turn: every entry after its last one. A spectator
 * (`seat` null) gets the last seat's run of entries: its turn.
 */
export function othersMoves(log, seat) {
  const moves = [];
  if (!Array.isArray(log)) return moves;
  const watching = seat === null || seat === undefined;
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i];
    if (watching ? moves.length && entry.seat !== moves[0].seat : entry.seat === seat) break;
    moves.unshift(entry);
  }
  return moves;
}

const drawnUpTo = new Map(); // board name → the newest ply it was last drawn at

/**
 * The ply after which an entry of `log` arrived since `board` was last drawn: entries with a
 * later ply are new and animate. The first drawing of a page animates nothing (the page
 * opened, nothing arrived: Infinity), nor does a redraw of the same position (a click, a
 * language switch), nor an undo.
 */
export function arrivedAfter(board, log) {
  const newest = Array.isArray(log) && log.length ? log[log.length - 1].ply : 0;
  const before = drawnUpTo.get(board);
  drawnUpTo.set(board, newest);
  return before === undefined ? Infinity : before;
}

/** The classes of a thing an entry marked: `last-move`, and `arriving` when it is new. */
export function markClass(entry, after) {
  return entry ? ["last-move", entry.ply > after && "arriving"] : null;
}

// The seats this browser holds: each match a private link (or a hot-seat host link) has
// been opened for here, kept in localStorage, so that the lobby can offer "Resume" after the
// tab is closed. A link is remembered once the server has accepted it (the play page saw its
// role), so a wrong or expired token is never offered back.

const KEY = "eurogames.seats";
const MAX = 30;

function read() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((x) => x && typeof x.match === "string" && typeof x.token === "string") : [];
  } catch {
    return []; // storage blocked or damaged: nothing remembered
  }
}

function write(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX)));
  } catch {
    // not remembered on this device; the link itself still works
  }
}

/** Every held seat, the most recently opened first: {match, token, role, seats, game, opened}. */
export function heldSeats() {
  return read();
}

/** Remember (or bring to the top) the link `token` of match `match`. */
export function holdSeat({ match, token, role, seats, game }) {
  const rest = read().filter((x) => !(x.match === match && x.token === token));
  write([{ match, token, role, seats: [...seats], game, opened: new Date().toISOString() }, ...rest]);
}

/** Forget one held link on this device (the match goes on). */
export function forgetSeat(match, token) {
  write(read().filter((x) => !(x.match === match && x.token === token)));
}

/** Where a held link plays. */
export function resumeUrl(held) {
  return `/play/${encodeURIComponent(held.match)}?token=${encodeURIComponent(held.token)}`;
}

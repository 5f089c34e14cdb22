// The play page: one WebSocket to the match (docs/web.md "WebSocket"), reconnecting with
// backoff, and a full redraw of the payload on every state message. The server is the only
// authority: the page sends the legal entry's text with the payload's ply and waits for the
// next state, so a double click or a late click can never play twice (the server answers
// "stale"). The socket asks for the log's new entries only (`log=delta`): each state message
// carries the entries from `log_from` on, which the page appends to the ones it holds.

import { boardFor, drawBoard } from "./boards/index.js";
import { renderGeneric } from "./boards/generic.js";
import { holdSeat } from "./held.js";
import { errorText, getLang, seatNames, t } from "./i18n.js";
import { breakdownTable, entryParts } from "./report.js";
import { showRules } from "./rules.js";
import { closeMenu, h, menu, provisionalBanner, replace, toast } from "./ui.js";

const MAX_BACKOFF_MS = 10000;
const PING_MS = 20000;
const SEND_TIMEOUT_MS = 15000;

export function startPlay(root, matchId, token) {
  let payload = null;
  let ws = null;
  let connected = false;
  let attempt = 0;
  let reconnectTimer = null;
  let countdownTimer = null;
  let fatal = null;
  let sending = false;
  let sendTimer = null;
  let ui = {};
  let uiKey = null;
  let summaryClosedAt = null;
  let held = false;
  let resyncing = false; // asked the server for the whole log; its new entries wait till then

  const banner = h("div", { class: "turn-banner", id: "turn", role: "status", "aria-live": "polite" });
  const notes = h("div", { class: "notes" });
  const summary = h("section", { class: "summary panel", id: "summary", hidden: true });
  const board = h("section", { class: "board", id: "board" });
  const players = h("section", { class: "panel players", id: "players" });
  const controls = h("div", { class: "controls", id: "controls" });
  const log = h("ol", { class: "log", id: "log" });
  const logPanel = h("section", { class: "panel log-panel" }, h("h3", { class: "log-title" }), log);
  const legalBox = h("section", { class: "all-legal", id: "all-legal" });
  const role = h("div", { class: "role", id: "role" });
  const page = h("div", { class: "play", id: "play" },
    role, banner, notes, summary,
    h("div", { class: "play-layout" },
      h("div", { class: "play-main" }, board, legalBox),
      h("aside", { class: "play-side" }, players, controls, logPanel)));
  replace(root, page);
  const conn = document.getElementById("conn");

  function wsUrl() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const params = new URLSearchParams({ lang: getLang(), log: "delta" });
    if (token) params.set("token", token);
    return `${scheme}//${location.host}/ws/matches/${encodeURIComponent(matchId)}?${params}`;
  }

  function setConn(state, seconds) {
    conn.hidden = false;
    conn.className = `conn ${state}`;
    conn.textContent = state === "reconnecting" ? t("reconnecting", { s: seconds }) : t(state);
    page.dataset.conn = state;
  }

  function connect() {
    clearTimeout(reconnectTimer);
    clearInterval(countdownTimer);
    if (fatal) return;
    let socket;
    try {
      socket = new WebSocket(wsUrl());
    } catch (err) {
      scheduleReconnect();
      return;
    }
    ws = socket;
    resyncing = false; // a new socket's first state carries the whole log
    setConn("connecting");
    socket.onopen = () => {
      if (socket !== ws) return;
      connected = true;
      attempt = 0;
      setConn("connected");
    };
    socket.onmessage = (event) => {
      if (socket !== ws) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      handle(message);
    };
    socket.onclose = (event) => {
      if (socket !== ws) return; // a socket we replaced on purpose (language switch)
      ws = null;
      connected = false;
      sending = false;
      if (event.code === 4403) return stopWith(t("bad_token"));
      if (event.code === 4404) return stopWith(t("no_match", { id: matchId }));
      if (event.code === 4400) return stopWith(t("err_malformed", { message: event.reason || "" }));
      scheduleReconnect();
      render();
    };
  }

  function scheduleReconnect() {
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt) * (0.8 + Math.random() * 0.4);
    attempt += 1;
    let left = Math.ceil(delay / 1000);
    setConn("reconnecting", left);
    countdownTimer = setInterval(() => {
      left = Math.max(0, left - 1);
      setConn("reconnecting", left);
    }, 1000);
    reconnectTimer = setTimeout(connect, delay);
  }

  function reconnectNow() {
    const old = ws;
    ws = null;
    connected = false;
    if (old) old.close(1000);
    attempt = 0;
    connect();
  }

  function stopWith(message) {
    fatal = message;
    clearTimeout(reconnectTimer);
    clearInterval(countdownTimer);
    setConn("offline");
    replace(root, h("div", { class: "panel fatal", id: "fatal" }, h("p", {}, message), h("a", { class: "button", href: "/" }, t("back_to_lobby"))));
  }

  /** The state's whole log: the entries it carries from `log_from` on, after those held
   * here; null when they do not continue them (a gap, an overlap), and the server is asked
   * for the whole log again (a message carrying it has `log_from` 0). */
  function wholeLog(message) {
    const from = message.log_from ?? 0; // a server that does not send it sends the whole log
    const entries = message.payload.log || [];
    if (from === 0) {
      resyncing = false;
      return entries;
    }
    const heldLog = payload ? payload.log : [];
    if (!resyncing && from === heldLog.length && from + entries.length === message.payload.ply) {
      return heldLog.concat(entries);
    }
    if (!resyncing && ws && ws.readyState === WebSocket.OPEN) {
      resyncing = true;
      ws.send(JSON.stringify({ type: "resync" }));
    }
    return null;
  }

  function handle(message) {
    if (message.type === "state" && message.payload) {
      const whole = wholeLog(message);
      if (!whole) return;
      payload = { ...message.payload, log: whole };
      sending = false;
      if (!held && token && payload.you.role !== "spectator") {
        // the server took this link for a seat: the lobby offers it back (Resume)
        held = true;
        holdSeat({ match: matchId, token, role: payload.you.role, seats: payload.you.seats, game: payload.game });
      }
      const key = `${payload.ply}/${payload.seat}/${payload.current_player}`;
      if (key !== uiKey) {
        ui = {};
        uiKey = key;
        closeMenu();
      }
      render();
    } else if (message.type === "error") {
      sending = false;
      const kind = message.code === "stale" ? "info" : "error";
      toast(errorText(message.code, message.message), kind);
      render();
    }
  }

  function send(message) {
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      toast(t("not_connected"));
      return false;
    }
    ws.send(JSON.stringify(message));
    sending = true;
    // the answer is a state or an error; should neither come, let the player try again
    clearTimeout(sendTimer);
    sendTimer = setTimeout(() => { if (sending) { sending = false; render(); } }, SEND_TIMEOUT_MS);
    render();
    return true;
  }

  function actingSeat() {
    const mine = payload.you && payload.you.seats ? payload.you.seats : [];
    if (mine.includes(payload.current_player)) return payload.current_player;
    return payload.seat;
  }

  function act(text) {
    if (sending) return;
    const entry = payload.legal.find((l) => l.text === text);
    if (!entry) {
      toast(t("err_not_legal_here", { action: text }));
      return;
    }
    send({ type: "action", seat: actingSeat(), ply: payload.ply, action: entry.text });
  }

  function undo() {
    if (sending || !payload.can_undo) return;
    send({ type: "undo", seat: actingSeat(), ply: payload.ply });
  }

  function names() {
    return seatNames(payload.seats);
  }

  function renderBanner() {
    const who = names();
    let text;
    let cls = "";
    if (payload.current_player < 0 || payload.status !== "active") {
      // the status line after the end says how it ended, not only that it did
      const { line } = ending();
      text = line ? t("status_over", { line }) : t("game_over");
      cls = "over";
    } else if (payload.legal.length) {
      text = payload.you.role === "host" ? t("your_turn_seat", { name: who[payload.current_player] }) : t("your_turn");
      cls = "mine";
    } else {
      const seat = payload.seats[payload.current_player];
      text = seat && seat.kind === "bot" ? t("bot_thinking", { name: who[payload.current_player] }) : t("waiting_for", { name: who[payload.current_player] });
    }
    banner.className = `turn-banner ${cls}`;
    replace(banner, text, sending ? h("span", { class: "sending" }, ` — ${t("sending")}`) : null);
  }

  function renderRole() {
    const who = names();
    let text;
    if (payload.you.role === "seat") text = t("role_seat", { name: who[payload.you.seats[0]] });
    else if (payload.you.role === "host") text = t("role_host");
    else text = t("role_spectator");
    replace(role, h("span", {}, text), " · ", h("span", { class: "ply" }, t("move_n", { n: payload.ply })));
  }

  function renderNotes() {
    const items = [];
    const banner = provisionalBanner(payload.provisional,
      t("provisional_banner", { title: payload.title }),
      t("provisional_all", { n: (payload.provisional || []).length }));
    if (banner) items.push(banner);
    // docs/web.md "Fair deals": a seed the creator chose is said to every seat
    if (payload.fixed_deal) items.push(h("div", { class: "banner fixed-deal", id: "fixed-deal", role: "note" }, h("strong", {}, t("fixed_deal")), " ", t("fixed_deal_why")));
    replace(notes, items);
  }

  function renderPlayers() {
    const who = names();
    const winners = payload.winners || [];
    const rows = payload.seats.map((seat, i) => h("li", {
      class: ["player", i === payload.current_player && "current", winners.includes(i) && "winner", payload.you.seats.includes(i) && "you"],
      dataset: { seat: String(i) },
    },
    h("span", { class: "turn-mark", "aria-hidden": "true" }, i === payload.current_player ? "▶" : ""),
    h("span", { class: "player-name" }, who[i],
      payload.you.seats.includes(i) && payload.you.role === "seat" ? h("small", {}, ` (${t("you")})`) : null,
      seat.kind === "human" ? h("span", { class: ["dot", seat.connected ? "on" : "off"], title: seat.connected ? t("online") : t("offline") }) : null),
    winners.includes(i) ? h("span", { class: "crown", title: t("winner_mark") }, "★") : null,
    h("span", { class: "player-score", title: t("score") }, String(payload.scores[i] ?? ""))));
    // opponents that are part of the game and not seats (a solo game's bot), after the seats
    const others = (payload.opponents || []).map((o) => h("li", {
      class: ["player", "opponent", o.won && "winner"],
      dataset: { opponent: o.key },
    },
    h("span", { class: "turn-mark", "aria-hidden": "true" }, ""),
    h("span", { class: "player-name" }, o.name),
    o.won ? h("span", { class: "crown", title: t("winner_mark") }, "★") : null,
    h("span", { class: "player-score", title: t("score") }, String(o.score))));
    replace(players, h("h3", {}, `${payload.title} · ${t("scores")}`), h("ul", { class: "player-list" }, [...rows, ...others]));
  }

  function renderControls() {
    const items = [];
    if (payload.can_undo) {
      items.push(h("button", { type: "button", class: "undo", id: "undo", disabled: sending, onclick: undo, title: t("undo_hint") }, `↶ ${t("undo")}`));
    }
    replace(controls, items);
  }

  function renderLog() {
    logPanel.querySelector(".log-title").textContent = t("log");
    const who = names();
    const stick = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    if (!payload.log.length) {
      replace(log, h("li", { class: "empty" }, t("log_empty")));
    } else {
      replace(log, payload.log.map((entry) => h("li", { class: ["log-entry", entry.bot && "bot"], dataset: { ply: String(entry.ply), text: entry.text } },
        entryParts(entry, who))));
    }
    if (stick || !log.dataset.seen) log.scrollTop = log.scrollHeight;
    log.dataset.seen = "1";
  }

  /** How a finished game ended: everyone who played (opponents that are not seats, a solo
   * game's bot, after the seats), the winners among them, and the winner line. */
  function ending() {
    const others = payload.opponents || [];
    const who = [...names(), ...others.map((o) => o.name)];
    const winners = [...(payload.winners || []), ...others.flatMap((o, i) => (o.won ? [payload.scores.length + i] : []))];
    const line = winners.length > 1
      ? t("winners_shared", { who: winners.map((w) => who[w]).join(t("and")) })
      : winners.length ? t("winner", { who: who[winners[0]] }) : "";
    return { others, who, winners, line };
  }

  function renderSummary() {
    const over = payload.current_player < 0 || payload.status !== "active";
    if (!over || summaryClosedAt === payload.ply) {
      summary.hidden = true;
      return;
    }
    const { others, who, winners, line } = ending();
    const order = [...payload.scores, ...others.map((o) => o.score)].map((score, seat) => ({ score, seat })).sort((a, b) => b.score - a.score);
    const breakdown = payload.breakdown && [...payload.breakdown, ...others.map((o) => o.breakdown)];
    summary.hidden = false;
    replace(summary,
      h("h2", {}, t("game_over")),
      h("p", { class: "winners" }, line),
      h("table", { class: "final-scores" },
        h("thead", {}, h("tr", {}, h("th", {}, t("player")), h("th", {}, t("score")))),
        h("tbody", {}, order.map(({ score, seat }) => h("tr", { class: winners.includes(seat) ? "winner" : "" }, h("td", {}, who[seat], winners.includes(seat) ? " ★" : ""), h("td", {}, String(score)))))),
      breakdownTable(breakdown, who),
      h("p", { class: "summary-links" },
        h("a", { class: "button", href: `/replay/${encodeURIComponent(matchId)}` }, t("open_replay")),
        h("a", { class: "button", href: `/api/matches/${encodeURIComponent(matchId)}/record`, download: `${payload.game}-${matchId}.json` }, t("download_record")),
        h("a", { class: "button", href: "/" }, t("back_to_lobby")),
        h("button", { type: "button", class: "close-summary", onclick: () => { summaryClosedAt = payload.ply; renderSummary(); } }, t("close"))));
  }

  function renderBoard() {
    const ctx = {
      game: payload.game,
      view: payload.view,
      legal: payload.legal,
      seat: payload.seat,
      players: payload.players,
      log: payload.log, // what was played: the board marks the others' last moves
      names: names(),
      lang: getLang(),
      interactive: payload.legal.length > 0 && !sending && connected,
      ui,
      rerender: render,
      act,
      menu: (title, items) => menu(title, items, t("cancel")),
    };
    replace(board, drawBoard(ctx, (err) => toast(t("err_board", { message: err.message }))));
    legalBox.hidden = boardFor(payload.game) === renderGeneric || !payload.legal.length;
    if (!legalBox.hidden) {
      const open = legalBox.querySelector("details") ? legalBox.querySelector("details").open : false;
      replace(legalBox, h("details", { open },
        h("summary", {}, t("all_actions", { n: payload.legal.length })),
        h("div", { class: "legal-buttons" }, payload.legal.map((l) => h("button", {
          type: "button", class: "legal", disabled: !ctx.interactive, dataset: { action: l.text }, onclick: () => act(l.text),
        }, l.description || l.text, h("code", {}, l.text))))));
    }
  }

  function render() {
    if (fatal || !payload) return;
    // the page's state in attributes: for assistive styling and for the browser tests
    page.dataset.ply = String(payload.ply);
    page.dataset.status = payload.status;
    page.dataset.current = String(payload.current_player);
    page.dataset.mine = payload.legal.length && !sending && connected ? "1" : "0";
    page.dataset.undo = payload.can_undo ? "1" : "0";
    document.title = `${payload.title} — eurogames`;
    document.getElementById("page-title").textContent = payload.title;
    showRules(payload.game, payload.title); // the game's rules summary, one click away
    renderRole();
    renderBanner();
    renderNotes();
    renderSummary();
    renderBoard();
    renderPlayers();
    renderControls();
    renderLog();
  }

  replace(banner, t("connecting"));
  connect();
  const ping = setInterval(() => {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
  }, PING_MS);
  window.addEventListener("online", () => { if (!connected && !fatal) reconnectNow(); });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && !connected && !fatal) reconnectNow();
  });

  return {
    onLang() {
      // descriptions and titles come in the socket's language: reconnect in the new one
      if (fatal) return;
      reconnectNow();
      render();
    },
    stop() {
      clearInterval(ping);
      fatal = "stopped";
      if (ws) ws.close(1000);
    },
  };
}

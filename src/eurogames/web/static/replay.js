// The replay page: steps through a match ply by ply with the server's replay endpoint
// (docs/web.md), drawing each position with the same boards as the play page, read-only.
// A running match replays only the spectator's view; nothing hidden is ever asked for.

import { api, query } from "./api.js";
import { drawBoard } from "./boards/index.js";
import { getLang, seatNames, t } from "./i18n.js";
import { breakdownTable, entryParts } from "./report.js";
import { showRules } from "./rules.js";
import { h, menu, replace, s, toast } from "./ui.js";

const AUTOPLAY_MS = 900;

// the controls' pictures as SVG paths: the media-control characters are missing from many fonts
const ICONS = {
  start: "M3 2h2v12H3zM14 2v12L6 8z",
  prev: "M12 2v12L4 8z",
  play: "M4 2v12l10-6z",
  pause: "M3 2h4v12H3zM9 2h4v12H9z",
  next: "M4 2v12l8-6z",
  end: "M11 2h2v12h-2zM2 2v12l8-6z",
};

function icon(name) {
  return s("svg", { viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true", class: "icon" }, s("path", { d: ICONS[name], fill: "currentColor" }));
}

function winnerLine(winners, who) {
  if (winners.length > 1) {
    return t("winners_shared", { who: winners.map((w) => who[w]).join(t("and")) });
  }
  return winners.length ? t("winner", { who: who[winners[0]] }) : "";
}

export function startReplay(root, matchId) {
  let data = null;
  let meta = null;
  let ply = null;
  let loading = 0;
  let autoplay = null;
  const cache = new Map();

  const head = h("div", { class: "replay-head" });
  const controls = h("div", { class: "replay-controls", id: "replay-controls" });
  const board = h("section", { class: "board", id: "board" });
  const side = h("aside", { class: "play-side" });
  const ending = h("section", { class: "panel summary", id: "replay-ending", hidden: true });
  const main = h("div", { class: "play-main" }, ending, board);
  replace(root, h("div", { class: "replay" }, head, controls,
    h("div", { class: "play-layout" }, main, side)));

  // the address names the move shown (#move=37): a link opens that move, and back and
  // forward step through the moves looked at (#ply=37, of earlier versions, still opens)
  function fromHash() {
    const m = location.hash.match(/(?:move|ply)=(\d+)/);
    return m ? Number(m[1]) : null;
  }

  /** Note move `shown` in the address: "push" a step (back returns), "slide" one entry for a
   * whole drag of the slider, "replace" in place (the first position, autoplay, back itself). */
  function remember(shown, how, before) {
    const hash = `#move=${shown}`;
    const sliding = Boolean(history.state && history.state.slider);
    if (before !== null && before !== shown && (how === "push" || (how === "slide" && !sliding))) {
      history.pushState({ move: shown, slider: how === "slide" }, "", hash);
    } else if (location.hash !== hash || how === "slide") {
      history.replaceState({ move: shown, slider: how === "slide" && sliding }, "", hash);
    }
  }

  async function loadMeta() {
    try {
      meta = await api("GET", `/api/matches/${encodeURIComponent(matchId)}/state${query({ lang: getLang() })}`);
    } catch {
      meta = null; // names fall back to "Seat n"
    }
  }

  async function go(n, how = "push") {
    const wanted = Math.max(0, data ? Math.min(n, data.total) : n);
    const key = `${getLang()}/${wanted}`;
    const ticket = ++loading;
    let answer = cache.get(key);
    if (!answer) {
      try {
        answer = await api("GET", `/api/matches/${encodeURIComponent(matchId)}/replay${query({ ply: wanted, lang: getLang() })}`);
      } catch (err) {
        stopAutoplay();
        if (!data) {
          replace(root, h("div", { class: "panel fatal", id: "fatal" },
            h("p", {}, err.status === 404 ? t("no_match", { id: matchId }) : t("err_generic", { message: err.message })),
            h("a", { class: "button", href: "/" }, t("back_to_lobby"))));
        } else {
          toast(t("err_generic", { message: err.message }));
        }
        return;
      }
      cache.set(key, answer);
    }
    if (ticket !== loading) return; // a later click won
    data = answer;
    const before = ply;
    ply = data.ply;
    remember(ply, how, before);
    render();
  }

  function stopAutoplay() {
    clearInterval(autoplay);
    autoplay = null;
  }

  function toggleAutoplay() {
    if (autoplay) {
      stopAutoplay();
    } else {
      if (ply >= data.total) go(0, "replace");
      autoplay = setInterval(() => {
        if (ply >= data.total) stopAutoplay();
        else go(ply + 1, "replace");
        renderControls();
      }, AUTOPLAY_MS);
    }
    renderControls();
  }

  function names() {
    return meta ? seatNames(meta.seats) : Array.from({ length: data.players }, (_, i) => t("seat_n", { n: i + 1 }));
  }

  function title() {
    return meta ? meta.title : data.game;
  }

  function renderControls() {
    const slider = h("input", {
      type: "range", min: "0", max: String(data.total), value: String(ply), id: "replay-slider", "aria-label": t("move_of", { n: ply, total: data.total }),
      oninput: (e) => { stopAutoplay(); go(Number(e.target.value), "slide"); },
    });
    replace(controls,
      h("button", { type: "button", id: "replay-start", onclick: () => { stopAutoplay(); go(0); }, disabled: ply === 0, title: t("start"), "aria-label": t("start") }, icon("start")),
      h("button", { type: "button", id: "replay-prev", onclick: () => { stopAutoplay(); go(ply - 1); }, disabled: ply === 0, title: t("previous"), "aria-label": t("previous") }, icon("prev")),
      h("button", { type: "button", id: "replay-play", onclick: toggleAutoplay, title: autoplay ? t("pause") : t("play"), "aria-label": autoplay ? t("pause") : t("play") }, icon(autoplay ? "pause" : "play")),
      h("button", { type: "button", id: "replay-next", onclick: () => { stopAutoplay(); go(ply + 1); }, disabled: ply >= data.total, title: t("next"), "aria-label": t("next") }, icon("next")),
      h("button", { type: "button", id: "replay-end", onclick: () => { stopAutoplay(); go(data.total); }, disabled: ply >= data.total, title: t("end"), "aria-label": t("end") }, icon("end")),
      slider,
      h("span", { class: "replay-ply", id: "replay-ply" }, ply === 0 ? t("start_position", { total: data.total }) : t("move_of", { n: ply, total: data.total })));
  }

  /** What is replayed, in words: a finished game, a game in progress, or an imported record
   * (which may stop before the end). */
  function whatItIs() {
    if (meta && meta.status === "active") return t("replay_running");
    if (meta && meta.status === "imported") {
      const over = meta.winners !== null && meta.winners !== undefined;
      return over ? t("replay_imported") : t("replay_imported_unfinished", { n: data.total });
    }
    return t("replay_note");
  }

  function pageTitle() {
    return meta && meta.status === "imported" ? t("imported_title", { title: title() }) : t("replay_title", { title: title() });
  }

  function render() {
    document.title = `${pageTitle()} — eurogames`;
    document.getElementById("page-title").textContent = pageTitle();
    showRules(data.game, title()); // the game's rules summary, as on the play page
    const who = names();
    const finished = meta ? meta.status !== "active" : true;
    replace(head,
      h("span", { class: "role", id: "replay-what" }, whatItIs()),
      h("span", { class: "replay-links" },
        finished ? h("a", { class: "button", href: `/api/matches/${encodeURIComponent(matchId)}/record`, download: `${data.game}-${matchId}.json` }, t("download_record")) : null,
        meta && meta.status === "active" ? h("a", { class: "button", href: `/play/${encodeURIComponent(matchId)}` }, t("watch")) : null,
        h("a", { class: "button", href: "/" }, t("back_to_lobby"))));
    renderControls();
    const ctx = {
      game: data.game, view: data.view, legal: [], seat: null, players: data.players, names: who,
      log: data.log, // the board marks the move just replayed
      lang: getLang(), interactive: false, ui: {}, rerender: render, act: () => {}, menu: (title, items) => menu(title, items, t("cancel")),
    };
    replace(board, drawBoard(ctx));
    const winners = data.winners || [];
    const log = h("ol", { class: "log", id: "log" }, data.log.length
      ? data.log.map((entry) => h("li", { class: ["log-entry", entry.bot && "bot", entry.ply === ply && "current"], dataset: { ply: String(entry.ply) }, onclick: () => { stopAutoplay(); go(entry.ply); } },
        entryParts(entry, who)))
      : h("li", { class: "empty" }, t("log_empty")));
    replace(side,
      h("section", { class: "panel players" }, h("h3", {}, `${title()} · ${t("scores")}`),
        h("ul", { class: "player-list" }, (data.scores || []).map((score, i) => h("li", { class: ["player", winners.includes(i) && "winner"] },
          h("span", { class: "turn-mark", "aria-hidden": "true" }, i === data.view.current_player ? "▶" : ""),
          h("span", { class: "player-name" }, who[i]),
          winners.includes(i) ? h("span", { class: "crown", title: t("winner_mark") }, "★") : null,
          h("span", { class: "player-score" }, String(score)))),
        // opponents that are not seats (a solo game's bot), with their score at this ply
        (data.opponents || []).map((o) => h("li", { class: ["player", "opponent", o.won && "winner"], dataset: { opponent: o.key } },
          h("span", { class: "turn-mark", "aria-hidden": "true" }, ""),
          h("span", { class: "player-name" }, o.name),
          o.won ? h("span", { class: "crown", title: t("winner_mark") }, "★") : null,
          h("span", { class: "player-score" }, String(o.score)))))),
      h("section", { class: "panel log-panel" }, h("h3", {}, t("log")), log));
    log.scrollTop = log.scrollHeight;
    // at the end of a finished game: who won and where the points came from
    ending.hidden = !data.breakdown;
    // opponents that are not seats (a solo game's bot): after the seats
    const others = data.opponents || [];
    const everyone = [...who, ...others.map((o) => o.name)];
    const won = [...winners, ...others.flatMap((o, i) => (o.won ? [who.length + i] : []))];
    replace(ending, data.breakdown
      ? [h("p", { class: "winners", id: "replay-winners" }, winnerLine(won, everyone)),
        breakdownTable([...data.breakdown, ...others.map((o) => o.breakdown)], everyone)]
      : []);
  }

  document.addEventListener("keydown", (e) => {
    if (!data || e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowLeft") { stopAutoplay(); go(ply - 1); }
    if (e.key === "ArrowRight") { stopAutoplay(); go(ply + 1); }
  });

  replace(board, h("p", { class: "help" }, t("loading")));
  window.addEventListener("popstate", () => {
    const wanted = fromHash();
    if (!data || wanted === null || wanted === ply) return;
    stopAutoplay();
    go(wanted, "replace");
  });
  loadMeta().then(() => go(fromHash() ?? 0, "replace"));

  return {
    onLang() {
      loadMeta().then(() => go(ply ?? 0, "replace"));
    },
    stop() { stopAutoplay(); },
  };
}

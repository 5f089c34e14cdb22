// The lobby: create a match from the catalogue, hand out its links, list matches in
// progress and finished, and open a record file as a replay.

import { api, query } from "./api.js";
import { forgetSeat, heldSeats, resumeUrl } from "./held.js";
import { getLang, seatNames, t } from "./i18n.js";
import { lacerdaLobbyPanel } from "./lacerda.js";
import { copyText, formatTime, h, provisionalBanner, replace, toast } from "./ui.js";

export function startLobby(root) {
  let catalogue = null;
  let form = null;
  let created = null;
  let lists = { active: null, finished: null };
  let refreshTimer = null;

  const formBox = h("section", { class: "panel lobby-new", id: "new-game" });
  const heldBox = h("section", { class: "panel lobby-list", id: "my-games", hidden: true });
  const createdBox = h("section", { class: "panel lobby-created", id: "created", hidden: true });
  const activeBox = h("section", { class: "panel lobby-list", id: "active-games" });
  const finishedBox = h("section", { class: "panel lobby-list", id: "finished-games" });
  const uploadBox = h("section", { class: "panel lobby-upload", id: "upload" });
  const lacerdaBox = h("section", { class: "panel lobby-lacerda", id: "lacerda-new" });
  replace(root, h("div", { class: "lobby" }, formBox, createdBox, h("div", { class: "lobby-lists" }, heldBox, lacerdaBox, activeBox, finishedBox, uploadBox)));
  const lacerda = lacerdaLobbyPanel(lacerdaBox);

  function gameInfo(name) {
    return catalogue ? catalogue.games.find((g) => g.name === name) : null;
  }

  function defaultSeat(i) {
    if (i === 0) return { kind: "human", name: "", bot: defaultBot(), level: defaultLevel(defaultBot()) };
    return { kind: "bot", name: "", bot: defaultBot(), level: defaultLevel(defaultBot()) };
  }

  function defaultBot() {
    const bots = catalogue ? catalogue.bots : [];
    const withLevels = bots.find((b) => b.levels && b.levels.length);
    return (withLevels || bots[0] || { name: "random" }).name;
  }

  function defaultLevel(botName) {
    const bot = catalogue ? catalogue.bots.find((b) => b.name === botName) : null;
    if (!bot || !bot.levels || !bot.levels.length) return null;
    return bot.levels.includes("normal") ? "normal" : bot.levels[0];
  }

  function resetForGame(name) {
    const game = gameInfo(name);
    const players = form ? Math.min(Math.max(form.players, game.min_players), game.max_players) : game.min_players;
    const options = {};
    for (const opt of game.options) options[opt.name] = opt.default;
    const seats = [];
    for (let i = 0; i < players; i++) seats.push(form && form.seats[i] ? form.seats[i] : defaultSeat(i));
    form = { game: name, players, options, seed: form ? form.seed : "", seats, hotseat: form ? form.hotseat : false };
  }

  function setPlayers(n) {
    form.players = n;
    // an option naming a seat (the start player) keeps to the seats there are
    for (const opt of gameInfo(form.game).options) {
      if (opt.seat && Number(form.options[opt.name]) >= n) form.options[opt.name] = opt.default;
    }
    while (form.seats.length < n) form.seats.push(defaultSeat(form.seats.length));
    form.seats.length = n;
  }

  async function loadCatalogue() {
    try {
      catalogue = await api("GET", `/api/catalogue${query({ lang: getLang() })}`);
    } catch (err) {
      replace(formBox, h("h2", {}, t("new_game")), h("p", { class: "error" }, t("err_catalogue", { message: err.message })));
      return;
    }
    if (!form || !gameInfo(form.game)) resetForGame(catalogue.games[0].name);
    renderForm();
    renderHeld(); // game titles in the page's language
  }

  // an option in the game's words (the catalogue's label, description and choice names, in
  // the page's language); a game that words none shows the option's own help text
  function optionField(opt) {
    const value = form.options[opt.name];
    const id = `opt-${opt.name}`;
    const choiceName = (c) => (opt.choice_labels && opt.choice_labels[String(c)]) || String(c);
    const pick = (e) => { form.options[opt.name] = opt.type === "int" ? Number(e.target.value) : e.target.value; };
    let input;
    let list = null;
    if (opt.type === "bool") {
      input = h("input", { type: "checkbox", id, name: opt.name, checked: Boolean(value), onchange: (e) => { form.options[opt.name] = e.target.checked; } });
    } else if (opt.seat) {
      const seats = Array.from({ length: form.players }, (_, i) => i);
      input = h("select", { id, name: opt.name, onchange: pick },
        seats.map((i) => h("option", { value: String(i), selected: i === Number(value) }, t("seat_n", { n: i + 1 }))));
    } else if (opt.choices && opt.choices.length) {
      input = h("select", { id, name: opt.name, onchange: pick },
        opt.choices.map((c) => h("option", { value: String(c), selected: c === value }, choiceName(c))));
    } else if (opt.type === "int") {
      input = h("input", { type: "number", step: "1", id, name: opt.name, value: value ?? "", onchange: (e) => {
        const v = e.target.value.trim();
        form.options[opt.name] = v === "" ? opt.default : Number(v);
      } });
    } else {
      // free text with named values (Sabika's events): the names are offered as suggestions
      const named = opt.choice_labels ? Object.entries(opt.choice_labels) : [];
      list = named.length ? h("datalist", { id: `${id}-list` }, named.map(([v, words]) => h("option", { value: v, label: words }))) : null;
      input = h("input", { type: "text", id, name: opt.name, value: value ?? "", list: list ? `${id}-list` : null, onchange: (e) => { form.options[opt.name] = e.target.value; } });
    }
    const label = h("label", { for: id, title: opt.name, class: "option-label" }, opt.label || opt.help || opt.name);
    const help = opt.label ? opt.description : null;
    return h("div", { class: ["field", opt.type === "bool" && "field-check"], dataset: { option: opt.name } },
      opt.type === "bool" ? [input, label] : [label, input], list,
      help ? h("small", { class: "help" }, help) : null);
  }

  function seatRow(seat, i) {
    const bots = catalogue.bots;
    const bot = bots.find((b) => b.name === seat.bot) || bots[0];
    const kind = h("select", { name: `seat-${i}-kind`, class: "seat-kind", "aria-label": t("seat_n", { n: i + 1 }), onchange: (e) => { seat.kind = e.target.value; renderForm(); } },
      h("option", { value: "human", selected: seat.kind === "human" }, t("human")),
      h("option", { value: "bot", selected: seat.kind === "bot" }, t("bot")));
    let detail;
    if (seat.kind === "human") {
      detail = h("input", { type: "text", name: `seat-${i}-name`, class: "seat-name", maxlength: "40", placeholder: t("default_name", { n: i + 1 }), value: seat.name, "aria-label": t("name"), oninput: (e) => { seat.name = e.target.value; } });
    } else {
      const botSelect = h("select", { name: `seat-${i}-bot`, class: "seat-bot", "aria-label": t("bot"), onchange: (e) => { seat.bot = e.target.value; seat.level = defaultLevel(seat.bot); renderForm(); } },
        bots.map((b) => h("option", { value: b.name, selected: b.name === seat.bot }, t(`bot_${b.name}`, {}, b.name))));
      const levels = bot && bot.levels ? bot.levels : [];
      const levelSelect = levels.length
        ? h("select", { name: `seat-${i}-level`, class: "seat-level", "aria-label": t("level"), onchange: (e) => { seat.level = e.target.value; } },
          levels.map((l) => h("option", { value: l, selected: l === seat.level }, t(`level_${l}`, {}, l))))
        : null;
      detail = h("span", { class: "seat-botpick" }, botSelect, levelSelect);
    }
    return h("li", { class: "seat-row" }, h("span", { class: "seat-label" }, t("seat_n", { n: i + 1 })), kind, detail);
  }

  function renderForm() {
    const game = gameInfo(form.game);
    const playerChoices = [];
    for (let n = game.min_players; n <= game.max_players; n++) playerChoices.push(n);
    const gameSelect = h("select", { id: "game", name: "game", onchange: (e) => { resetForGame(e.target.value); renderForm(); } },
      catalogue.games.map((g) => h("option", { value: g.name, selected: g.name === form.game }, g.title)));
    const playersSelect = h("select", { id: "players", name: "players", onchange: (e) => { setPlayers(Number(e.target.value)); renderForm(); } },
      playerChoices.map((n) => h("option", { value: String(n), selected: n === form.players }, String(n))));
    const seed = h("input", { type: "text", inputmode: "numeric", id: "seed", name: "seed", placeholder: t("seed_hint"), value: form.seed, oninput: (e) => { form.seed = e.target.value; } });
    const hotseat = h("input", { type: "checkbox", id: "hotseat", name: "hotseat", checked: form.hotseat, onchange: (e) => { form.hotseat = e.target.checked; } });
    const submit = h("button", { type: "submit", class: "primary", id: "create" }, t("create"));
    const formEl = h("form", { class: "new-game-form", onsubmit: (e) => { e.preventDefault(); create(submit); } },
      provisionalBanner(game.provisional, t("provisional_banner", { title: game.title }),
        t("provisional_all", { n: (game.provisional || []).length })),
      h("div", { class: "field" }, h("label", { for: "game" }, t("game")), gameSelect,
        game.board === false ? h("small", { class: "help" }, t("generic_board_note")) : null),
      h("div", { class: "field" }, h("label", { for: "players" }, t("players")), playersSelect),
      game.options.length ? h("fieldset", { class: "options" }, h("legend", {}, t("options")), game.options.map(optionField)) : null,
      h("div", { class: "field" }, h("label", { for: "seed" }, t("seed")), seed),
      h("fieldset", { class: "seats" }, h("legend", {}, t("seats")), h("ol", { class: "seat-list" }, form.seats.map(seatRow))),
      h("div", { class: "field field-check" }, hotseat, h("label", { for: "hotseat" }, t("hotseat"))),
      submit);
    replace(formBox, h("h2", {}, t("new_game")), formEl);
  }

  /** The request's JSON text. A seed is written digit for digit: a JavaScript number holds
   * integers exactly only up to 2^53, and seeds run to 64 bits and beyond. */
  function requestBody() {
    const seedText = String(form.seed).trim();
    if (seedText !== "" && !/^-?\d+$/.test(seedText)) throw new Error(t("err_seed"));
    const text = JSON.stringify(requestFields());
    return `${text.slice(0, -1)},"seed":${seedText === "" ? "null" : seedText}}`;
  }

  function requestFields() {
    return {
      game: form.game,
      players: form.players,
      options: form.options,
      seats: form.seats.map((seat, i) => seat.kind === "human"
        ? { kind: "human", name: seat.name.trim() || t("default_name", { n: i + 1 }) }
        : { kind: "bot", bot: seat.bot, level: seat.level }),
      hotseat: form.hotseat,
    };
  }

  async function create(button) {
    let body;
    try {
      body = requestBody();
    } catch (err) {
      toast(err.message);
      return;
    }
    button.disabled = true;
    button.textContent = t("creating");
    try {
      created = await api("POST", "/api/matches", body);
      renderCreated();
      loadLists();
    } catch (err) {
      toast(t("err_create", { message: err.message }));
    } finally {
      button.disabled = false;
      button.textContent = t("create");
    }
  }

  function linkRow(label, url, cls) {
    const full = new URL(url, location.origin).href;
    const input = h("input", { type: "text", readonly: true, value: full, class: "link-text", onfocus: (e) => e.target.select() });
    return h("li", { class: ["link-row", cls] },
      h("span", { class: "link-label" }, label),
      input,
      h("button", { type: "button", class: "copy", onclick: async () => {
        toast(await copyText(full) ? t("copied") : t("copy_failed"), "info", 2500);
      } }, t("copy")),
      h("a", { class: "button", href: url }, t("open")));
  }

  function renderCreated() {
    if (!created) return;
    const rows = [];
    for (const seat of created.seats) {
      if (seat.kind === "human" && seat.url) rows.push(linkRow(t("seat_link", { name: seat.name, n: seat.seat + 1 }), seat.url, "seat-link"));
    }
    if (created.host) rows.push(linkRow(t("host_link"), created.host.url, "host-link"));
    rows.push(linkRow(t("spectator_link"), created.spectator_url, "spectator-link"));
    createdBox.hidden = false;
    replace(createdBox, h("h2", {}, t("created_title")), h("p", { class: "help" }, t("created_hint")), h("ul", { class: "links" }, rows));
  }

  /** Where a listed match stands, in words: its result, or the move it is at and who is to move. */
  function stateLine(m, names) {
    if (m.status !== "active" && m.result) {
      // opponents that are not seats (a solo game's bot) count with the seats
      const others = m.result.opponents || [];
      const lang = getLang();
      const winners = [...(m.result.winners || []).map((w) => names[w]),
        ...others.filter((o) => o.won).map((o) => o.names[lang] || o.key)].join(t("and"));
      const scores = [...(m.result.scores || []), ...others.map((o) => o.score)];
      return t("result_line", { winners, scores: scores.join(" : ") });
    }
    const who = m.current_player >= 0 ? names[m.current_player] : "";
    const toMove = who ? ` · ${t("to_move", { who })}` : "";
    // an imported record that stops before the end is not a finished game
    if (m.status === "imported") return `${t("record_stops", { n: m.ply })}${toMove}`;
    if (m.status !== "active") return t(`status_${m.status}`, {}, m.status);
    return `${t("move_n", { n: m.ply })}${toMove}`;
  }

  function timeOf(iso) {
    return h("time", { datetime: iso }, formatTime(iso));
  }

  function matchRow(m) {
    const finished = m.status !== "active";
    const names = seatNames(m.seats);
    const link = finished
      ? h("a", { class: "button", href: `/replay/${encodeURIComponent(m.match)}` }, t("replay"))
      : h("a", { class: "button", href: `/play/${encodeURIComponent(m.match)}` }, t("watch"));
    return h("li", { class: "match-row", dataset: { match: m.match } },
      h("div", { class: "match-main" }, h("b", {}, m.title), " ", h("span", { class: "match-seats" }, names.join(" · "))),
      h("div", { class: "match-state" }, stateLine(m, names), m.status === "imported" ? ` · ${t("status_imported")}` : "", " · ", timeOf(m.updated || m.created)),
      link);
  }

  function listed(matchId) {
    for (const key of ["active", "finished"]) {
      const found = Array.isArray(lists[key]) ? lists[key].find((m) => m.match === matchId) : null;
      if (found) return found;
    }
    return null;
  }

  /** A seat this browser holds: the match as listed now, and Resume (or Forget). */
  function heldRow(held) {
    const m = listed(held.match);
    const known = Array.isArray(lists.active) && Array.isArray(lists.finished);
    const game = gameInfo(held.game);
    let who = "";
    let state = known ? t("gone") : t("loading");
    let mine = false;
    if (m) {
      const names = seatNames(m.seats);
      who = held.role === "host" ? t("role_host_short") : t("role_seat", { name: names[held.seats[0]] ?? t("seat_n", { n: held.seats[0] + 1 }) });
      state = stateLine(m, names);
      mine = m.status === "active" && held.seats.includes(m.current_player);
    }
    const forget = h("button", { type: "button", class: "small forget", title: t("forget_hint"), "aria-label": t("forget_hint"),
      onclick: () => { forgetSeat(held.match, held.token); renderHeld(); } }, "×");
    return h("li", { class: ["match-row", "held-row", mine && "mine"], dataset: { match: held.match } },
      h("div", { class: "match-main" }, h("b", {}, m ? m.title : game ? game.title : held.game), " ",
        h("span", { class: "match-seats" }, who),
        mine ? h("span", { class: "your-turn-mark" }, t("your_turn_mark")) : null),
      h("div", { class: "match-state" }, state, " · ", timeOf(held.opened)),
      h("span", { class: "held-actions" },
        m || !known ? h("a", { class: "button resume", href: resumeUrl(held) }, t("resume")) : null,
        forget));
  }

  function renderHeld() {
    const held = heldSeats();
    heldBox.hidden = !held.length;
    if (!held.length) return;
    replace(heldBox, h("h2", {}, t("my_games")), h("p", { class: "help" }, t("my_games_hint")),
      h("ul", { class: "matches" }, held.map(heldRow)));
  }

  function renderList(box, key, titleKey) {
    const data = lists[key];
    let body;
    if (data === null) body = h("p", { class: "help" }, t("loading"));
    else if (data instanceof Error) body = h("p", { class: "error" }, t("err_generic", { message: data.message }));
    else if (!data.length) body = h("p", { class: "help" }, t("none_yet"));
    else body = h("ul", { class: "matches" }, data.map(matchRow));
    replace(box, h("h2", {}, t(titleKey), h("button", { type: "button", class: "small refresh", onclick: loadLists, title: t("refresh") }, "↻")), body);
  }

  async function loadLists() {
    for (const key of ["active", "finished"]) {
      try {
        lists[key] = (await api("GET", `/api/matches${query({ status: key, lang: getLang() })}`)).matches;
      } catch (err) {
        lists[key] = err;
      }
    }
    renderList(activeBox, "active", "active_games");
    renderList(finishedBox, "finished", "finished_games");
    renderHeld();
  }

  function renderUpload() {
    const input = h("input", { type: "file", id: "record-file", accept: ".json,application/json", onchange: (e) => upload(e.target) });
    replace(uploadBox, h("h2", {}, t("upload_title")), h("p", { class: "help" }, t("upload_hint")), h("label", { class: "button", for: "record-file" }, t("choose_file")), input);
  }

  async function upload(input) {
    const file = input.files && input.files[0];
    if (!file) return;
    let text;
    try {
      text = await file.text();
      JSON.parse(text); // said here, in the page's language; the server checks the rest
    } catch (err) {
      toast(t("upload_bad_json", { reason: err.message }));
      input.value = "";
      return;
    }
    try {
      // the file's own text: parsing and writing it again would round a seed beyond 2^53
      const answer = await api("POST", "/api/records", text);
      location.href = answer.url;
    } catch (err) {
      toast(t("upload_refused", { message: err.message }), "error", 9000);
    } finally {
      input.value = "";
    }
  }

  function relabel() {
    document.title = `eurogames — ${t("lobby")}`;
    document.getElementById("page-title").textContent = t("lobby");
  }

  relabel();
  replace(formBox, h("h2", {}, t("new_game")), h("p", { class: "help" }, t("loading")));
  renderList(activeBox, "active", "active_games");
  renderList(finishedBox, "finished", "finished_games");
  renderUpload();
  renderHeld();
  loadCatalogue();
  loadLists();
  refreshTimer = setInterval(() => { if (!document.hidden) loadLists(); }, 15000);

  return {
    onLang() {
      relabel();
      loadCatalogue();
      renderCreated();
      loadLists();
      renderUpload();
      lacerda.onLang();
    },
    stop() { clearInterval(refreshTimer); },
  };
}

// The Lacerda companion (Lisboa solo) in the browser: the lobby's entry that starts a session,
// and the session's page (/lacerda/<id>, docs/web.md "Lacerda companion"). The server keeps
// the session and words everything about the game (instructions, questions, hints, option
// labels, Lacerda's area) in the page's language; this module only lays it out and sends
// answers with `n`, the number of answers it saw, so a second device's late click is refused
// (409 stale) instead of answering a step twice. The page's address is the link to resume.

import { api, query } from "./api.js";
import { getLang, t } from "./i18n.js";
import { copyText, formatTime, h, replace, toast } from "./ui.js";

const MINE_KEY = "eurogames.lacerda.sessions"; // sessions started on this device
const MINE_MAX = 20;
const POLL_MS = 8000; // another device may answer: look for a changed n now and then
const AREA_KEY = "eurogames.lacerda.area"; // "closed" when the player folded the area

function remembered() {
  try {
    const list = JSON.parse(localStorage.getItem(MINE_KEY) || "[]");
    return Array.isArray(list) ? list.filter((x) => x && typeof x.id === "string") : [];
  } catch {
    return [];
  }
}

function remember(id, created) {
  const list = remembered().filter((x) => x.id !== id);
  list.unshift({ id, created });
  try {
    localStorage.setItem(MINE_KEY, JSON.stringify(list.slice(0, MINE_MAX)));
  } catch {
    // not remembered on this device; the link still works
  }
}

function sessionUrl(id) {
  return `/lacerda/${encodeURIComponent(id)}`;
}

// -- the lobby's entry ------------------------------------------------------------------------

/** The lobby panel: a settings form (defaults shown, each changeable) that starts a session
 * and opens its page, and the sessions started on this device. */
export function lacerdaLobbyPanel(box) {
  let catalogue = null;
  let values = {};
  let seed = "";
  let open = false; // the settings stay unfolded while they are being changed

  async function load() {
    try {
      catalogue = await api("GET", `/api/lacerda${query({ lang: getLang() })}`);
    } catch (err) {
      replace(box, h("h2", {}, t("lc_title")), h("p", { class: "error" }, t("err_generic", { message: err.message })));
      return;
    }
    for (const s of catalogue.settings) if (!(s.key in values)) values[s.key] = s.default;
    render();
  }

  function settingField(s) {
    const id = `lc-set-${s.key}`;
    const changed = values[s.key] !== s.default;
    const input = s.choices
      ? h("select", { id, name: s.key, onchange: (e) => { values[s.key] = e.target.value; render(); } },
        s.choices.map((c) => h("option", { value: c, selected: c === values[s.key] }, c)))
      : h("input", { type: "text", id, name: s.key, value: values[s.key], onchange: (e) => { values[s.key] = e.target.value.trim() || s.default; render(); } });
    return h("div", { class: ["field", "lc-setting", changed && "changed"] },
      h("label", { for: id }, h("code", {}, s.key), s.label ? h("small", { class: "help" }, ` ${s.label}`) : null),
      input,
      changed ? h("small", { class: "help" }, t("lc_default_was", { value: s.default })) : null);
  }

  function render() {
    const submit = h("button", { type: "submit", class: "primary", id: "lc-start" }, t("lc_start"));
    const form = h("form", { class: "lc-new", onsubmit: (e) => { e.preventDefault(); start(submit); } },
      h("p", { class: "help" }, t("lc_intro")),
      h("details", { class: "lc-settings", open, ontoggle: (e) => { open = e.target.open; } },
        h("summary", {}, t("lc_settings")),
        h("p", { class: "help" }, t("lc_settings_hint")),
        catalogue.settings.map(settingField),
        h("div", { class: "field" }, h("label", { for: "lc-seed" }, t("lc_seed")),
          h("input", { type: "text", inputmode: "numeric", id: "lc-seed", name: "seed", placeholder: t("seed_hint"), value: seed, oninput: (e) => { seed = e.target.value; } }))),
      submit);
    const mine = remembered();
    const file = h("input", { type: "file", id: "lc-record-file", accept: ".json,application/json", onchange: (e) => upload(e.target) });
    const resume = h("div", { class: "lc-upload lobby-upload" },
      h("label", { class: "button", for: "lc-record-file" }, t("lc_open_save")), file,
      h("small", { class: "help" }, t("lc_open_save_hint")));
    replace(box, h("h2", {}, catalogue.title || t("lc_title")), form, resume,
      mine.length ? h("div", { class: "lc-mine" }, h("h3", {}, t("lc_mine")),
        h("ul", { class: "matches" }, mine.map((m) => h("li", { class: "match-row" },
          h("div", { class: "match-main" }, h("code", {}, m.id.slice(0, 8)), " ", h("time", {}, formatTime(m.created))),
          h("a", { class: "button", href: sessionUrl(m.id) }, t("lc_resume")))))) : null);
  }

  // a save file of the terminal companion, or a record downloaded here, carries on here
  async function upload(input) {
    const chosen = input.files && input.files[0];
    if (!chosen) return;
    let record;
    try {
      record = JSON.parse(await chosen.text());
    } catch (err) {
      toast(t("upload_bad_json", { reason: err.message }));
      input.value = "";
      return;
    }
    try {
      const created = await api("POST", `/api/lacerda${query({ lang: getLang() })}`, { record });
      remember(created.session, created.created);
      location.href = created.url;
    } catch (err) {
      toast(t("lc_err_create", { message: err.message }), "error", 9000);
    } finally {
      input.value = "";
    }
  }

  async function start(button) {
    const body = { settings: {} };
    for (const s of catalogue.settings) if (values[s.key] !== s.default) body.settings[s.key] = values[s.key];
    const seedText = seed.trim();
    if (seedText !== "") {
      if (!/^\d+$/.test(seedText)) {
        toast(t("err_seed"));
        return;
      }
      body.seed = Number(seedText);
    }
    button.disabled = true;
    button.textContent = t("creating");
    try {
      const created = await api("POST", `/api/lacerda${query({ lang: getLang() })}`, body);
      remember(created.session, created.created);
      location.href = created.url;
    } catch (err) {
      toast(t("lc_err_create", { message: err.message }), "error", 9000);
      button.disabled = false;
      button.textContent = t("lc_start");
    }
  }

  replace(box, h("h2", {}, t("lc_title")), h("p", { class: "help" }, t("loading")));
  load();
  return { onLang: load };
}

// -- the session's page -----------------------------------------------------------------------

export function startLacerda(root, sessionId) {
  let data = null; // the last payload
  let sending = false;
  let error = null; // the server's refusal of the last answer, shown by the input
  let draft = null; // what the player typed, kept across a re-render of the same step
  let pollTimer = null;

  const now = h("section", { class: "panel lc-now", id: "lc-now", "aria-live": "polite" });
  const ask = h("section", { class: "panel lc-ask", id: "lc-ask" });
  const area = h("details", { class: "panel lc-area", id: "lc-area" });
  const log = h("details", { class: "panel lc-log", id: "lc-log" });
  const tools = h("section", { class: "panel lc-tools", id: "lc-tools" });
  const page = h("div", { class: "lacerda", id: "lacerda" },
    h("div", { class: "lc-main" }, now, ask),
    h("aside", { class: "lc-side" }, area, log, tools));
  replace(root, page);
  area.open = localStorageGet(AREA_KEY) !== "closed";
  area.addEventListener("toggle", () => localStorageSet(AREA_KEY, area.open ? "open" : "closed"));

  function localStorageGet(key) {
    try { return localStorage.getItem(key); } catch { return null; }
  }

  function localStorageSet(key, value) {
    try { localStorage.setItem(key, value); } catch { /* kept for this page only */ }
  }

  async function load() {
    try {
      show(await api("GET", `/api/lacerda/${encodeURIComponent(sessionId)}${query({ lang: getLang() })}`));
    } catch (err) {
      if (data === null) return fatal(err);
      toast(t("err_generic", { message: err.message }));
    }
  }

  function fatal(err) {
    const text = err.status === 404 ? t("lc_no_session", { id: sessionId }) : t("err_generic", { message: err.message });
    replace(root, h("div", { class: "panel fatal", id: "lc-fatal" }, h("p", { class: "error" }, text),
      h("a", { class: "button", href: "/" }, t("back_to_lobby"))));
    clearInterval(pollTimer);
  }

  function show(payload) {
    const stepChanged = !data || data.n !== payload.n;
    if (stepChanged) {
      error = null;
      draft = null;
    }
    data = payload;
    remember(payload.session, payload.created);
    render();
  }

  async function send(path, body) {
    if (sending) return;
    sending = true;
    render();
    try {
      const payload = await api("POST", `/api/lacerda/${encodeURIComponent(sessionId)}/${path}${query({ lang: getLang() })}`, body);
      sending = false;
      show(payload);
    } catch (err) {
      sending = false;
      if (err.code === "stale") {
        toast(t("lc_err_stale"), "info", 6000);
        await load();
        return;
      }
      // a refused answer: the server's message next to the input; nothing changed
      error = err.message;
      render();
    }
  }

  function answer(text) {
    send("answer", { text, n: data.n });
  }

  function undo() {
    send("undo", { n: data.n });
  }

  // -- drawing --------------------------------------------------------------------------
  function render() {
    if (!data) return;
    const labels = data.labels || {};
    document.title = `eurogames — ${labels.title || t("lc_title")}`;
    document.getElementById("page-title").textContent = labels.title || t("lc_title");
    page.dataset.n = String(data.n);
    page.dataset.status = data.status;
    page.dataset.kind = data.prompt ? data.prompt.kind : "";
    page.dataset.key = data.prompt ? data.prompt.key : "";
    page.dataset.sending = sending ? "1" : "0";
    renderNow();
    renderAsk();
    renderArea(labels);
    renderLog();
    renderTools();
  }

  function renderNow() {
    let lines = data.said || [];
    if (data.status === "finished") {
      // the end: his scoring (said before your figures were asked) above your rank
      const scoring = (data.steps || []).flatMap((step) => step.lines).filter((line) => line.key === "lacerda_score");
      lines = [...scoring, ...lines];
    }
    // nothing new said (a follow-up question): the last instructions stay in view, greyed
    const earlier = lines.length ? null : [...(data.steps || [])].reverse().find((step) => step.lines.length);
    replace(now,
      h("h2", {}, data.status === "finished" ? t("lc_over") : t("lc_now")),
      lines.length
        ? h("ul", { class: "lc-lines" }, lines.map(lineItem))
        : h("p", { class: "help" }, t("lc_nothing_said")),
      earlier ? h("div", { class: "lc-earlier" }, h("h3", {}, t("lc_last_said")),
        h("ul", { class: "lc-lines" }, earlier.lines.map(lineItem))) : null);
  }

  // one thing said; the settings (one long line of key=value) are listed one a line
  function lineItem(line) {
    const values = line.key === "settings" && line.params && line.params.values;
    if (values) {
      const pairs = Object.entries(values).map(([k, v]) => `${k}=${v}`);
      const head = line.text.replace(pairs.join("; "), "").trim();
      if (head !== line.text.trim()) {
        return h("li", { class: "lc-line", dataset: { key: line.key } }, head,
          h("ul", { class: "lc-setting-values" }, pairs.map((pair) => h("li", {}, h("code", {}, pair)))));
      }
    }
    return h("li", { class: "lc-line", dataset: { key: line.key } }, line.text);
  }

  function renderAsk() {
    const prompt = data.prompt;
    if (!prompt) {
      const labels = data.labels || {};
      const rankRow = (data.area || []).find((row) => row.label === labels.rank);
      replace(ask,
        rankRow ? h("h2", { class: "lc-rank", id: "lc-rank" }, `${rankRow.label}: ${rankRow.value}`) : null,
        h("p", { class: "lc-over" }, t("lc_over_hint")), undoButton());
      return;
    }
    replace(ask,
      h("h2", { class: "lc-question", id: "lc-question" }, prompt.question),
      // a choice or a subset is answered by its buttons: the typed form's hint does not apply
      prompt.hint && !["choice", "subset"].includes(prompt.kind) ? h("p", { class: "hint lc-hint" }, prompt.hint) : null,
      inputFor(prompt),
      h("p", { class: ["error", "lc-error"], id: "lc-error", role: "alert", hidden: !error }, error || ""),
      undoButton());
  }

  function undoButton() {
    return h("div", { class: "lc-undo-row" },
      h("button", { type: "button", class: "lc-undo undo", id: "lc-undo", disabled: !data.can_undo || sending, onclick: undo }, "↶ ", t("lc_undo")));
  }

  function inputFor(prompt) {
    const kind = prompt.kind;
    if (kind === "choice") return choiceInput(prompt);
    if (kind === "subset") return subsetInput(prompt);
    if (kind === "number") return numberInput(prompt);
    if (kind === "counts") return countsInput(prompt);
    return textInput(prompt);
  }

  function choiceInput(prompt) {
    return h("div", { class: "lc-choices", role: "group", "aria-labelledby": "lc-question" },
      prompt.options.map((o) => h("button", {
        type: "button", class: ["lc-choice", prompt.default === o.code && "suggested"], dataset: { answer: o.code },
        disabled: sending, onclick: () => answer(o.code),
      }, o.label)));
  }

  function subsetInput(prompt) {
    const preset = new Set(draft ? draft : (prompt.default && prompt.default !== "none" ? prompt.default.split(",") : []));
    const boxes = prompt.options.map((o) => h("input", { type: "checkbox", value: o.code, checked: preset.has(o.code), onchange: keep }));
    function chosen() {
      return boxes.filter((b) => b.checked).map((b) => b.value);
    }
    function keep() {
      draft = chosen();
    }
    return h("form", { class: "lc-form lc-subset", onsubmit: (e) => { e.preventDefault(); const c = chosen(); answer(c.length ? c.join(",") : "none"); } },
      h("div", { class: "lc-checks" }, prompt.options.map((o, i) => h("label", { class: "lc-check" }, boxes[i], h("span", {}, o.label)))),
      h("small", { class: "help" }, t("lc_none_checked")),
      sendButton());
  }

  function stepper(input, low, high) {
    const bump = (delta) => {
      const current = input.value.trim() === "" ? (delta > 0 ? low - 1 : low + 1) : Number(input.value);
      const next = Math.min(high, Math.max(low, (Number.isFinite(current) ? current : low) + delta));
      input.value = String(next);
      input.dispatchEvent(new Event("input"));
    };
    return h("div", { class: "lc-stepper" },
      h("button", { type: "button", class: "lc-minus", "aria-label": "−1", onclick: () => bump(-1) }, "−"),
      input,
      h("button", { type: "button", class: "lc-plus", "aria-label": "+1", onclick: () => bump(1) }, "+"));
  }

  function numberInput(prompt) {
    const start = draft !== null ? draft : (prompt.default ?? "");
    const input = h("input", { type: "number", inputmode: "numeric", class: "lc-number", id: "lc-number", min: String(prompt.low), max: String(prompt.high), step: "1",
      value: start, "aria-labelledby": "lc-question", oninput: (e) => { draft = e.target.value; } });
    return h("form", { class: "lc-form lc-number-form", onsubmit: (e) => { e.preventDefault(); answer(input.value); } },
      stepper(input, prompt.low, prompt.high),
      h("div", { class: "lc-buttons" }, sendButton(),
        prompt.none_word ? h("button", { type: "button", class: "lc-word", dataset: { answer: prompt.none_word }, disabled: sending, onclick: () => answer(prompt.none_word) },
          wordLabel(prompt.none_word)) : null));
  }

  function countsInput(prompt) {
    const start = draft || (prompt.default ? prompt.default.split(/\s+/) : prompt.options.map(() => "0"));
    const inputs = prompt.options.map((o, i) => h("input", { type: "number", inputmode: "numeric", class: "lc-count", min: "0", max: String(prompt.high), step: "1",
      name: o.code, value: start[i] ?? "0", "aria-label": o.label, oninput: () => { draft = inputs.map((x) => x.value); } }));
    return h("form", { class: "lc-form lc-counts", onsubmit: (e) => { e.preventDefault(); answer(inputs.map((x) => x.value.trim() || "0").join(" ")); } },
      h("div", { class: "lc-count-rows" }, prompt.options.map((o, i) => h("div", { class: "lc-count-row" },
        h("span", { class: "lc-count-label" }, o.label), stepper(inputs[i], 0, prompt.high)))),
      prompt.total !== null && prompt.total !== undefined ? h("small", { class: "help" }, t("lc_at_most", { total: prompt.total })) : null,
      sendButton());
  }

  // the one-word answers a text prompt also takes, offered as buttons (prompts.py)
  const WORDS = { setting: ["confirm"], tiles: ["done"], lots: ["none"], openings: ["none"] };

  function textInput(prompt) {
    const start = draft !== null ? draft : (prompt.default ?? "");
    const input = h("input", { type: "text", class: "lc-text", id: "lc-text", value: start, autocomplete: "off", autocapitalize: "off", spellcheck: "false",
      placeholder: prompt.hint || "", "aria-labelledby": "lc-question", oninput: (e) => { draft = e.target.value; } });
    const words = WORDS[prompt.kind] || [];
    return h("form", { class: "lc-form lc-text-form", onsubmit: (e) => { e.preventDefault(); answer(input.value); } },
      words.length ? h("div", { class: "lc-choices lc-words" }, words.map((w) => h("button", { type: "button", class: "lc-choice lc-word", dataset: { answer: w }, disabled: sending, onclick: () => answer(w) }, wordLabel(w)))) : null,
      h("div", { class: "lc-text-row" }, input, sendButton()));
  }

  function wordLabel(word) {
    return t(`lc_word_${word}`, {}, word);
  }

  function sendButton() {
    return h("button", { type: "submit", class: "primary lc-send", id: "lc-send", disabled: sending }, sending ? t("sending") : t("lc_send"));
  }

  function renderArea(labels) {
    const rows = data.area || [];
    replace(area,
      h("summary", {}, h("h2", {}, labels.area || t("lc_area"))),
      h("dl", { class: "lc-area-rows" }, rows.map((row) => [h("dt", {}, row.label), h("dd", {}, row.value)])),
      data.prompt ? correctionForm(labels) : null);
  }

  function correctionForm(labels) {
    // ASK-27: at any prompt, Lacerda's wigs or influence set to what the board shows
    const marker = h("select", { class: "lc-marker", "aria-label": t("lc_correct") },
      ["wigs", "influence"].map((m) => h("option", { value: m }, labels[m] || m)));
    const value = h("input", { type: "number", inputmode: "numeric", min: "0", step: "1", class: "lc-marker-value", "aria-label": t("lc_correct_value") });
    return h("details", { class: "lc-correct" },
      h("summary", {}, t("lc_correct")),
      h("p", { class: "help" }, t("lc_correct_hint")),
      h("form", { class: "lc-correct-form", onsubmit: (e) => { e.preventDefault(); if (value.value.trim() !== "") answer(`${marker.value}=${value.value.trim()}`); } },
        marker, value, h("button", { type: "submit", disabled: sending }, t("lc_set"))));
  }

  function renderLog() {
    const steps = data.steps || [];
    const wasOpen = log.open;
    replace(log,
      h("summary", {}, h("h2", {}, t("lc_log"), h("span", { class: "lc-count-badge" }, String(steps.length)))),
      steps.length
        ? h("ol", { class: "lc-steps" }, steps.map((step) => h("li", { class: "lc-step", dataset: { n: step.n } },
          step.lines.length ? h("ul", { class: "lc-step-lines" }, step.lines.map((line) => h("li", {}, line.text))) : null,
          h("div", { class: "lc-step-q" }, h("span", { class: "lc-step-n" }, `${step.n}.`), " ", step.question),
          h("div", { class: "lc-step-a" }, "→ ", h("b", {}, step.answer_text ?? step.answer)))))
        : h("p", { class: "help" }, t("lc_log_empty")));
    log.open = wasOpen;
    const list = log.querySelector(".lc-steps");
    if (list) list.scrollTop = list.scrollHeight;
  }

  function renderTools() {
    const link = new URL(sessionUrl(sessionId), location.origin).href;
    replace(tools,
      h("h2", {}, t("lc_link")),
      h("p", { class: "help" }, t("lc_link_hint")),
      h("div", { class: "lc-link-row" },
        h("input", { type: "text", readonly: true, value: link, class: "link-text", "aria-label": t("lc_link"), onfocus: (e) => e.target.select() }),
        h("button", { type: "button", class: "copy", onclick: async () => { toast(await copyText(link) ? t("copied") : t("copy_failed"), "info", 2500); } }, t("copy"))),
      h("p", { class: "summary-links" },
        h("a", { class: "button", id: "lc-record", href: `/api/lacerda/${encodeURIComponent(sessionId)}/record`, download: `lacerda-${sessionId}.json` }, t("download_record")),
        h("a", { class: "button", href: "/" }, t("back_to_lobby"))));
  }

  async function poll() {
    if (document.hidden || sending || !data) return;
    try {
      const fresh = await api("GET", `/api/lacerda/${encodeURIComponent(sessionId)}${query({ lang: getLang() })}`);
      // only a change made elsewhere (another device answered or undid) redraws
      if (!sending && (fresh.n !== data.n || fresh.updated !== data.updated)) show(fresh);
    } catch {
      // the next poll tries again; an answer would say what is wrong
    }
  }

  replace(now, h("p", { class: "help" }, t("loading")));
  load();
  pollTimer = setInterval(poll, POLL_MS);

  return {
    onLang() { load(); },
    stop() { clearInterval(pollTimer); },
  };
}

// The single page app's entry: picks the page from the address (docs/web.md "Pages") and
// owns the language switch, which every page follows without a reload.

import { LANGS, getLang, setLang, t } from "./i18n.js";
import { startLacerda } from "./lacerda.js";
import { startLobby } from "./lobby.js";
import { startPlay } from "./play.js";
import { startReplay } from "./replay.js";
import { replace, toast } from "./ui.js";

const root = document.getElementById("app");
let page = null;

function setupLanguageSwitch() {
  const select = document.getElementById("lang");
  const current = getLang();
  replace(select, ...LANGS.map((l) => {
    const option = document.createElement("option");
    option.value = l.code;
    option.textContent = l.label;
    option.selected = l.code === current;
    return option;
  }));
  select.addEventListener("change", () => {
    setLang(select.value);
    relabelChrome();
    if (page && page.onLang) page.onLang();
  });
  relabelChrome();
}

function relabelChrome() {
  document.documentElement.lang = getLang();
  document.getElementById("lang-label").textContent = t("language");
  document.getElementById("lang").setAttribute("title", t("language"));
}

function route() {
  const path = location.pathname;
  const params = new URLSearchParams(location.search);
  let m = path.match(/^\/play\/([^/]+)\/?$/);
  if (m) return startPlay(root, decodeURIComponent(m[1]), params.get("token"));
  m = path.match(/^\/replay\/([^/]+)\/?$/);
  if (m) return startReplay(root, decodeURIComponent(m[1]));
  m = path.match(/^\/lacerda\/([^/]+)\/?$/);
  if (m) return startLacerda(root, decodeURIComponent(m[1]));
  return startLobby(root);
}

setupLanguageSwitch();
try {
  page = route();
} catch (err) {
  // a bug in a page must still leave a readable screen, not a blank one
  toast(String(err && err.message ? err.message : err));
  throw err;
}
window.addEventListener("unhandledrejection", (e) => {
  toast(t("err_generic", { message: String(e.reason && e.reason.message ? e.reason.message : e.reason) }));
});

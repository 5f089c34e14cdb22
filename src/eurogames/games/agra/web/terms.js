// Agra's game terms in the board's words, read from strings.json (keys ag_good_<id>,
// ag_guild_<id>, ag_char_<id>, ag_notable_<n>, ag_fav_<action>), which spells them as the
// engine's text.py and render.py do (the seed's Chinese terms). English goods are written
// with their notation ids where space is short (`statue`), as the terminal does.
// `lang` is a language code; the current one if left out.

import { t } from "/static/i18n.js";

export function goodName(id, lang) {
  return t(`ag_good_${id}`, {}, id, lang);
}

/** A good's name on a small chip: the notation id in English, the seed's word in Chinese. */
export function goodShort(id, lang) {
  return (lang || "en") === "en" ? id : goodName(id, lang);
}

export function guildName(id, lang) {
  return t(`ag_guild_${id}`, {}, id, lang);
}

export function guildShort(id, lang) {
  return t(`ag_guild_short_${id}`, {}, id, lang);
}

export function characterName(id, lang) {
  return t(`ag_char_${id}`, {}, id, lang);
}

export function notableName(n, lang) {
  return t(`ag_notable_${n}`, {}, `#${n}`, lang);
}

export function favourWords(action, lang) {
  return t(`ag_fav_${action}`, {}, action, lang);
}

// Splendor's game terms in the board's words: gem names and their one-letter marks, read
// from strings.json (keys sp_gem_<colour>, sp_gem_letter_<colour>), which spells them as the
// engine's text.py does (from the seed rulebook), so the board and the server's
// descriptions speak the same language. `lang` is a language code; the current one if left out.

import { t } from "/static/i18n.js";

export function gemName(colour, lang) {
  return t(`sp_gem_${colour}`, {}, colour, lang);
}

export function gemLetter(colour, lang) {
  return t(`sp_gem_letter_${colour}`, {}, colour[0], lang);
}

// Alhambra's game terms in the board's words: building types with their one-letter marks
// (English: the type's initial; Chinese: the name's first character) and the currencies,
// read from strings.json (keys al_type_<type>, al_type_letter_<type>, al_currency_<currency>),
// which spells them as the engine's text.py and render.py do (from the seed rulebook).
// `lang` is a language code; the current one if left out.

import { t } from "/static/i18n.js";

export function typeName(type, lang) {
  return t(`al_type_${type}`, {}, type, lang);
}

export function typeLetter(type, lang) {
  return t(`al_type_letter_${type}`, {}, type[0], lang);
}

export function currencyName(currency, lang) {
  return t(`al_currency_${currency}`, {}, currency, lang);
}

// A refusal's words in the page's language, from the stable code and params the engine gives
// (tricktable.core.errors.Reason; the server's error frame carries them as rule and params).
import { isCard } from "./cards.js";
import { cardFace, cardsFace, has, t } from "./i18n.js";

// The params (docs/protocol.md): cards and suits in notation, seats as numbers (a name ending in
// "seat"), a phase, a trump rank; a Tractor lead's "shape" and "suit" make the words "lead" ("a pair
// of hearts was led").
const SUIT_SIGN = { S: "♠", H: "♥", D: "♦", C: "♣" };
function suitWords(value, key = "suit") {
  return value in SUIT_SIGN ? `${t(`${key}.${value}`)} ${SUIT_SIGN[value]}` : t(`${key}.${value}`);
}

export function ruleText(rule, params, seatName) {
  const words = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === "seat" || name.endsWith("_seat")) words[name] = seatName(value);
    else if (name === "phase") words[name] = has(`phase.${value}`) ? t(`phase.${value}`) : value;
    else if (name === "rank") words[name] = value === "T" ? "10" : value;
    else if (Array.isArray(value)) words[name] = value.every(isCard) ? cardsFace(value) : value.join(", ");
    else if (typeof value === "string" && isCard(value)) words[name] = cardFace(value);
    else if (value === "trumps" || (typeof value === "string" && value in SUIT_SIGN)) words[name] = suitWords(value);
    else words[name] = value;
  }
  if (params.shape && params.suit) {
    words.lead = t(`lead.${params.shape}`, { suit: words.suit, suit_of: suitWords(params.suit, "suit_of") });
  }
  // a singular form where the language needs one ("one card was led"), as rule.<code>_one
  const key = params.n === 1 && has(`rule.${rule}_one`) ? `rule.${rule}_one` : `rule.${rule}`;
  const text = t(key, words);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// Cards in the browser: which are trumps and the order a hand is shown in, read from the view's typed
// trump JSON. Display only: what may be played is what the server sends (legal, selectable).
import { faceSvg } from "./faces.js";
import { cardName } from "./i18n.js";
import { h } from "./dom.js";

const RANKS = "AKQJT98765432";
const SUITS = "SHDC";

export function isCard(text) {
  return /^([2-9TJQKA][SHDC]|BJ|LJ)$/.test(text);
}

// view.trump: a suit letter or null (All Fours, Back Alley), or {rank, suit} (Tractor).
export function trumpTest(game, trump) {
  if (game === "tractor") {
    const rank = trump?.rank;
    const suit = trump?.suit;
    return (c) => c === "BJ" || c === "LJ" || c[0] === rank || (suit != null && c[1] === suit);
  }
  if (trump == null) return () => false;
  const jokers = game === "back-alley";
  return (c) => ((c === "BJ" || c === "LJ") && jokers) || c[1] === trump;
}

// Trumps first, high to low (jokers, Tractor's trump-rank cards, the trump suit), then S H D C.
export function sortKey(game, trump) {
  const isTrump = trumpTest(game, trump);
  const rank = game === "tractor" ? trump?.rank : null;
  const suit = typeof trump === "string" ? trump : trump?.suit;
  return (c) => {
    if (c === "BJ") return [0, 0, 0];
    if (c === "LJ") return [0, 1, 0];
    const r = RANKS.indexOf(c[0]);
    const s = SUITS.indexOf(c[1]);
    if (isTrump(c)) {
      if (rank && c[0] === rank) return [0, c[1] === suit ? 2 : 3, s];
      return [0, 4, r];
    }
    return [1 + s, 0, r];
  };
}

export function sortHand(cards, game, trump) {
  const key = sortKey(game, trump);
  const keyed = cards.map((c, i) => [key(c), i, c]);
  keyed.sort((a, b) => {
    for (let k = 0; k < 3; k++) if (a[0][k] !== b[0][k]) return a[0][k] - b[0][k];
    return a[1] - b[1];
  });
  return keyed.map(([, i, c]) => ({ card: c, index: i }));
}

// A face-up card that is not a control (the trick, the last trick, exposed cards).
export function faceCard(card, isTrump = false) {
  return h("span", { class: `card face suit-${card[1]}${isTrump ? " trump" : ""}`, role: "img", "aria-label": cardName(card, isTrump), "data-card": card }, faceSvg(card));
}

// Cards in the browser, as the server describes them: each view carries `marks` (for every card of
// the game's pack: {trump, group, order}; docs/views.md) and its hand already in that order, so the
// page holds no rule about trumps, suits or ranks. What may be played is what the server sends
// (legal, selectable).
import { faceSvg } from "./faces.js";
import { cardName } from "./i18n.js";
import { h } from "./dom.js";

export function isCard(text) {
  return /^([2-9TJQKA][SHDC]|BJ|LJ)$/.test(text);
}

// Whether a card is a trump, from a view's marks (none given: no card is marked).
export function trumpTest(marks) {
  return (c) => Boolean(marks?.[c]?.trump);
}

// Cards in the marks' display order (as the view sorts a hand), each with its index in `cards`.
export function inOrder(cards, marks) {
  const order = (c) => marks?.[c]?.order ?? Number.MAX_SAFE_INTEGER;
  return cards.map((card, index) => ({ card, index })).sort((a, b) => order(a.card) - order(b.card) || a.index - b.index);
}

// The view's marks hold for its own trump: an earlier deal's cards (the last deal's trick, the
// replay) are marked only when that deal had the same trump.
export function sameTrump(a, b) {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

// A face-up card that is not a control (the trick, the last trick, exposed cards).
export function faceCard(card, isTrump = false) {
  return h("span", { class: `card face suit-${card[1]}${isTrump ? " trump" : ""}`, role: "img", "aria-label": cardName(card, isTrump), "data-card": card }, faceSvg(card));
}

// The hand and card-by-card picking. What may be played is the view's `legal` and the server's
// `selectable`: the page decides no rule.
import { isCard } from "./cards.js";
import { act, send } from "./connection.js";
import { renderControls } from "./controls.js";
import { h } from "./dom.js";
import { faceSvg } from "./faces.js";
import { cardName, t } from "./i18n.js";
import { $, S, legal, measure, view } from "./state.js";

export function pickMode() {
  const l = legal();
  return l.length > 0 && l.every(isCard);
}

// The verb the seat's picked cards make, as the server says it (the view's `pick`).
export function pickVerb() {
  return view().pick?.verb ?? "play";
}

export function pickedCards() {
  const hand = view()?.hand ?? [];
  return S.pick.map((i) => hand[i]);
}

function selectableNow() {
  if (S.selectable) return new Set(S.selectable.cards);
  return new Set(S.pick.length ? [] : legal());
}

export function playableCards() {
  return new Set(
    legal()
      .map((a) => a.split(" "))
      .filter((w) => w[0] === "play" && w.length === 2)
      .map((w) => w[1]),
  );
}

function clickCard(index) {
  const v = view();
  const card = v.hand[index];
  if (pickMode()) {
    const at = S.pick.indexOf(index);
    if (at >= 0) S.pick.splice(at, 1);
    else if (selectableNow().has(card)) S.pick.push(index);
    else {
      // ask the server why: its answer names the rule that adding this card breaks
      send({ type: "select", picked: pickedCards(), tap: card });
      return;
    }
    S.selectable = null;
    send({ type: "select", picked: pickedCards() });
    renderHand();
    renderControls();
    return;
  }
  act(`play ${card}`);
}

// The hand with each card's mark ({trump, group, order}) from the view's `marks`; the view sends the
// hand in that order already.
export function handOrder(v) {
  return v.hand.map((card, index) => ({ card, index, mark: v.marks[card] }));
}

// Rows of overlapping cards that fit the hand's width, each card's corner index left in view: one
// row while every card shows at least MIN_STRIP of its width, else two (25 cards on a phone).
const MIN_STRIP = 0.4;
const GROUP_GAP = 8;

// How much of each card a row shows: the width shared out, at most the whole card and a little gap.
function stripOf(row, width, cw) {
  const gaps = row.filter((c, i) => i > 0 && c.mark.group !== row[i - 1].mark.group).length;
  return row.length < 2 ? cw : Math.min(cw + 4, (width - cw - gaps * GROUP_GAP) / (row.length - 1));
}

// As few rows as show every card's index (at most three: a Tractor kitty's 33 cards on a phone), each
// split at a change of group near an even share if there is one.
function rowsOf(cards, width, cw) {
  for (let n = 1; ; n++) {
    const rows = [];
    let from = 0;
    for (let r = 1; r < n; r++) {
      const even = Math.round((cards.length * r) / n);
      let at = even;
      for (let d = 0; d <= 3; d++) {
        if (cards[even + d]?.mark.group !== cards[even + d - 1]?.mark.group) { at = even + d; break; }
        if (d && cards[even - d]?.mark.group !== cards[even - d - 1]?.mark.group) { at = even - d; break; }
      }
      rows.push(cards.slice(from, at));
      from = at;
    }
    rows.push(cards.slice(from));
    if (n === 3 || rows.every((row) => stripOf(row, width, cw) >= cw * MIN_STRIP)) return rows.filter((row) => row.length);
  }
}

export function renderHand() {
  const v = view();
  if (!v) return;
  const box = $("hand");
  const focused = document.activeElement?.dataset?.index;
  const myTurn = S.seat != null && S.frame.acting.includes(S.seat) && !S.frame.over;
  const picking = myTurn && pickMode();
  const can = picking ? selectableNow() : playableCards();
  // the cards are dimmed only while some of them are to be picked or played: never while the hand's
  // owner decides something else (a bid, stand or beg) by reading it
  document.body.dataset.cards = myTurn && (can.size || S.pick.length) ? "live" : "idle";
  const cards = handOrder(v);
  const { cw, hand: width } = measure();
  const dealt = S.dealShown !== v.deal_number;
  S.dealShown = v.deal_number;
  // the cards that came since the last drawing (Tractor's draw, All Fours' run of the pack) arrive
  const before = {};
  for (const c of dealt ? [] : S.handShown ?? v.hand) before[c] = (before[c] ?? 0) + 1;
  S.handShown = v.hand;
  const arrived = (card) => (before[card] ? (before[card]--, false) : !dealt);
  let n = 0;
  const rows = (cards.length ? rowsOf(cards, width, cw) : []).map((row) => {
    const strip = stripOf(row, width, cw);
    const buttons = row.map(({ card, index, mark }, i) => {
      const picked = S.pick.includes(index);
      const live = picked || can.has(card);
      const start = i > 0 && mark.group !== row[i - 1].mark.group;
      return h(
        "button",
        {
          type: "button",
          class: `card suit-${card[1]}${mark.trump ? " trump" : ""}${live && myTurn ? " playable" : ""}${picked ? " picked" : ""}${start ? " group-start" : ""}${arrived(card) ? " new" : ""}`,
          "aria-label": cardName(card, mark.trump),
          title: cardName(card, mark.trump),
          "aria-pressed": picking ? String(picked) : null,
          "data-card": card,
          "data-index": index,
          "data-group": mark.group,
          style: `--i: ${n++}`,
          onclick: () => clickCard(index),
        },
        faceSvg(card),
      );
    });
    return h("div", { class: "hand-row", style: `--strip: ${strip.toFixed(1)}px` }, buttons);
  });
  box.classList.toggle("dealt", dealt);
  box.replaceChildren(...rows);
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", t("table.hand"));
  if (focused != null) box.querySelector(`[data-index="${focused}"]`)?.focus();
}

// Arrow keys move along the hand (Up and Down to the nearest card of the other row); Tab reaches it
// and every other control.
export function handKeys(event) {
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) return;
  const cards = [...$("hand").querySelectorAll("button.card")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0) return;
  let next = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: cards.length - 1 }[event.key];
  if (next === undefined) {
    const row = cards[at].parentElement;
    const other = event.key === "ArrowUp" ? row.previousElementSibling : row.nextElementSibling;
    if (!other) return;
    const x = cards[at].getBoundingClientRect().left;
    const near = [...other.children].reduce((a, b) => (Math.abs(b.getBoundingClientRect().left - x) < Math.abs(a.getBoundingClientRect().left - x) ? b : a));
    next = cards.indexOf(near);
  }
  cards[Math.max(0, Math.min(cards.length - 1, next))].focus();
  event.preventDefault();
}

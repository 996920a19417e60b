// The hand and card-by-card picking. What may be played is the view's `legal` and the server's
// `selectable`: the page decides no rule.
import { isCard, sortHand, trumpTest } from "./cards.js";
import { act, send } from "./connection.js";
import { renderControls } from "./controls.js";
import { h } from "./dom.js";
import { cardFace, cardName, t } from "./i18n.js";
import { $, S, legal, view } from "./state.js";
import { showError } from "./status.js";

export function pickMode() {
  const l = legal();
  return l.length > 0 && l.every(isCard);
}

export function pickVerb() {
  return view().phase === "kitty" ? "bury" : "play";
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
      showError({ code: "illegal_action", reason: "" });
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

export function renderHand() {
  const v = view();
  if (!v) return;
  const box = $("hand");
  const focused = document.activeElement?.dataset?.index;
  const isTrump = trumpTest(v.game, v.trump);
  const myTurn = S.seat != null && S.frame.acting.includes(S.seat) && !S.frame.over;
  const picking = myTurn && pickMode();
  const can = picking ? selectableNow() : playableCards();
  const sorted = sortHand(v.hand, v.game, v.trump);
  const groups = [[], []];
  for (const { card, index } of sorted) {
    const picked = S.pick.includes(index);
    const live = picked || can.has(card);
    const button = h(
      "button",
      {
        type: "button",
        class: `card suit-${card[1]}${isTrump(card) ? " trump" : ""}${live && myTurn ? " playable" : ""}${picked ? " picked" : ""}`,
        "aria-label": cardName(card, isTrump(card)),
        title: cardName(card, isTrump(card)),
        "aria-pressed": picking ? String(picked) : null,
        "data-card": card,
        "data-index": index,
        onclick: () => clickCard(index),
      },
      h("span", { "aria-hidden": "true" }, cardFace(card)),
    );
    groups[isTrump(card) ? 0 : 1].push(button);
  }
  const parts = [];
  if (groups[0].length) parts.push(h("div", { class: "group trumps", role: "group", "aria-label": t("table.trumps") }, groups[0]));
  if (groups[1].length) parts.push(h("div", { class: "group plain", role: "group", "aria-label": t("table.plain") }, groups[1]));
  box.replaceChildren(...parts);
  box.setAttribute("aria-label", t("table.hand"));
  if (focused != null) box.querySelector(`[data-index="${focused}"]`)?.focus();
}

// Arrow keys move along the hand; Tab reaches it and every other control.
export function handKeys(event) {
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
  const cards = [...$("hand").querySelectorAll("button.card")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0) return;
  const next = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: cards.length - 1 }[event.key];
  cards[Math.max(0, Math.min(cards.length - 1, next))].focus();
  event.preventDefault();
}

// Each game's controls, from the legal actions: the pick bar, bids, words, exposes, auto draw.
import { isCard } from "./cards.js";
import { act } from "./connection.js";
import { h } from "./dom.js";
import { pickMode, pickVerb, pickedCards, renderHand } from "./hand.js";
import { cardName, cardsFace, has, t } from "./i18n.js";
import { $, S, legal, view } from "./state.js";

export function actionLabel(action) {
  const [verb, ...rest] = action.split(" ");
  const arg = rest.join(" ");
  if (verb === "bid") return /^\d+$/.test(arg) ? t("bid.n", { n: arg }) : has(`bid.${arg}`) ? t(`bid.${arg}`) : arg;
  if (has(`act.${verb}`)) return rest.length ? t(`act.${verb}`, { cards: cardsFace(rest) }) : t(`act.${verb}`);
  return action;
}

function actionName(action) {
  // the accessible name: card names instead of symbols
  const [verb, ...rest] = action.split(" ");
  if (rest.length && rest.every(isCard) && has(`act.${verb}`)) return t(`act.${verb}`, { cards: rest.map((c) => cardName(c)).join(", ") });
  return actionLabel(action);
}

export function renderControls() {
  const v = view();
  const body = $("control-body");
  if (!v || S.seat == null || S.frame.over || !S.frame.acting.includes(S.seat)) return body.replaceChildren();
  const l = legal();
  const parts = [];
  if (pickMode()) {
    // the action the picked cards make as they stand (the server's `complete`), sent as it is
    const complete = S.pick.length > 0 ? S.selectable?.complete ?? null : null;
    // the verb the pick completes and how many cards it takes, as the server words them in `pick`
    const verb = v.pick?.verb ?? pickVerb();
    const count = v.pick?.count ?? null;
    const goal = count == null ? t(`pick.${verb}`) : t(count === 1 ? `pick.${verb}_one` : `pick.${verb}_n`, { n: count });
    parts.push(
      h("p", { class: "hint" }, t("table.pick_hint")),
      h(
        "div",
        { class: "pick-bar" },
        h("span", { class: "pick-goal", "aria-live": "polite" }, h("strong", {}, goal), " · ", t("pick.picked", { n: S.pick.length }), " ", h("span", { class: "picked-cards" }, cardsFace(pickedCards()))),
        h("button", { type: "button", class: "primary", id: "pick-go", disabled: !complete, onclick: () => act(complete) }, t(`table.${verb}`)),
        h(
          "button",
          {
            type: "button",
            id: "pick-clear",
            disabled: !S.pick.length,
            onclick: () => {
              S.pick = [];
              S.selectable = null;
              renderHand();
              renderControls();
            },
          },
          t("table.clear"),
        ),
      ),
    );
  }
  const bids = l.filter((a) => a.startsWith("bid "));
  if (bids.length) {
    parts.push(h("div", { class: "bid-pad", role: "group", "aria-label": t("table.bid_pad") }, bids.map((a) => h("button", { type: "button", class: "bid", "data-action": a, onclick: () => act(a), "aria-label": actionName(a) }, actionLabel(a)))));
  }
  const others = l.filter((a) => !a.startsWith("bid ") && !isCard(a) && !(a.startsWith("play ") && a.split(" ").length === 2));
  if (others.includes("draw")) {
    parts.push(
      h(
        "label",
        { class: "auto" },
        h("input", {
          type: "checkbox",
          checked: S.autoDraw,
          onchange: (e) => {
            S.autoDraw = e.target.checked;
            autoDraw();
          },
        }),
        " ",
        t("table.auto_draw"),
      ),
    );
  }
  const button = (a) => h("button", { type: "button", class: "action", "data-action": a, onclick: () => act(a), "aria-label": actionName(a) }, actionLabel(a));
  // All Fours' exposing is open to every seat through the play: offered folded, out of the way
  const exposes = others.filter((a) => a.startsWith("expose "));
  const main = others.filter((a) => !a.startsWith("expose "));
  if (main.length) parts.push(h("div", { class: "actions" }, main.map(button)));
  if (exposes.length) {
    parts.push(h("details", { class: "expose", open: S.exposeOpen, ontoggle: (e) => (S.exposeOpen = e.target.open) }, h("summary", {}, t("table.expose_menu")), h("div", { class: "actions folded" }, exposes.map(button))));
  }
  body.replaceChildren(...parts);
}

export function autoDraw() {
  const v = view();
  if (!v || !S.autoDraw || S.seat == null || v.to_move !== S.seat || !legal().includes("draw")) return;
  if (S.drawSent === S.frame.version) return;
  S.drawSent = S.frame.version;
  const version = S.frame.version;
  setTimeout(() => {
    if (S.frame.version === version && S.autoDraw) act("draw");
  }, 40); // the server deals the bots' cards at 0.04 s a card: a player's own draws keep that pace
}

// The status line and a refused action's reason, worded in the page's language.
import { inOrder } from "./cards.js";
import { h } from "./dom.js";
import { playableCards } from "./hand.js";
import { cardsFace, has, lang, t } from "./i18n.js";
import { ruleText } from "./rules.js";
import { $, S, seatName, view } from "./state.js";

export function setStatus(text) {
  $("status").textContent = text;
}

export function showError(err) {
  S.error = err;
  renderError();
}

export function clearError() {
  S.error = null;
  renderError();
}

export function renderError() {
  const box = $("error");
  const err = S.error;
  box.hidden = !err;
  if (!err) return box.replaceChildren();
  const key = `error.${err.code}`;
  const parts = [h("strong", {}, t("error.title"), ": ", has(key) ? t(key) : t("error.other"))];
  if (err.rule && has(`rule.${err.rule}`)) {
    // the engine named the rule: word it in the page's language
    parts.push(" ", h("span", { class: "reason", "data-rule": err.rule }, ruleText(err.rule, err.params || {}, seatName)));
  } else if (err.reason) {
    parts.push(" ", h("span", { class: "reason", lang: "en" }, err.reason));
    if (lang() !== "en") parts.push(" ", h("small", {}, t("error.english")));
  }
  // what the server allows now, in the page's language (from the view's legal actions)
  const playable = err.code === "illegal_action" ? [...playableCards()] : [];
  if (playable.length) {
    const sorted = inOrder(playable, view().marks).map((x) => x.card);
    parts.push(h("div", { class: "playable-now" }, t("error.playable", { cards: cardsFace(sorted) })));
  }
  box.replaceChildren(...parts);
}

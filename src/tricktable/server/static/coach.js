// The coach of a table made with it: every seat is told it is on, and a seat that may act can ask
// for a hint, the search bot's play with the figures of its reason (the server works it out).
import { send } from "./connection.js";
import { h } from "./dom.js";
import { cardsFace, has, t } from "./i18n.js";
import { $, S } from "./state.js";

// An action in the page's words: "Play 7♥", "Bid 6", "Stand".
export function actionWords(text) {
  const [verb, ...rest] = String(text).split(" ");
  const arg = rest.join(" ");
  if (verb === "bid") return has(`bid.${arg}`) ? t(`bid.${arg}`) : t("bid.n", { n: arg });
  return has(`act.${verb}`) ? t(`act.${verb}`, { cards: cardsFace(rest) }) : text;
}

export function receiveHint(frame) {
  S.hint = frame;
  renderCoach();
}

function hintText(hint) {
  const action = actionWords(hint.action);
  if (hint.kind === "forced") return t("coach.forced", { action });
  if (hint.kind === "heuristic") return t("coach.heuristic", { action });
  const unit = t(`coach.unit.${hint.unit}`);
  return t("coach.search", { action, other: actionWords(hint.other), gain: hint.gain.toFixed(2), unit, n: hint.worlds });
}

export function renderCoach() {
  const box = $("coach");
  if (!box) return;
  const on = Boolean(S.summary?.coach);
  box.hidden = !on;
  if (!on) return box.replaceChildren();
  const frame = S.frame;
  // a hint is for the position it was asked at
  if (S.hint && frame && S.hint.version !== frame.version) S.hint = null;
  if (S.hintAsked != null && frame && S.hintAsked !== frame.version) S.hintAsked = null;
  // our turn (not an out-of-turn expose: the table would move on before the hint came)
  const turn = frame?.view.to_move ?? frame?.acting[0];
  const mayAct = frame && S.seat != null && !frame.over && turn === S.seat;
  const parts = [h("span", { class: "chip coach-on" }, t("table.coach_on"))];
  if (mayAct) {
    const asking = S.hintAsked != null && !S.hint;
    const ask = () => {
      S.hintAsked = frame.version;
      send({ type: "hint" });
      renderCoach();
    };
    parts.push(" ", h("button", { type: "button", id: "hint-btn", disabled: asking, onclick: ask }, t("coach.ask")));
    if (asking) parts.push(" ", h("span", { class: "hint" }, t("coach.thinking")));
  }
  if (S.hint) parts.push(h("p", { id: "hint", class: "hint-line", "data-action": S.hint.action, role: "status" }, hintText(S.hint)));
  box.replaceChildren(...parts);
}

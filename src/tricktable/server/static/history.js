// The last trick and the game log (the deal's and the game's summaries are summary.js's).
import { faceCard, sameTrump, trumpTest } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { narrate } from "./narrate.js";
import { $, S, seatName, view } from "./state.js";

export function renderLast() {
  const v = view();
  const button = $("last-btn");
  button.textContent = t(S.showLast ? "table.hide_last" : "table.last_trick");
  button.setAttribute("aria-expanded", String(S.showLast));
  $("last").hidden = !S.showLast;
  if (!S.showLast) return;
  // this deal's last trick, or once a new deal has begun the previous deal's (its score-sheet row)
  const won = S.events.filter((e) => e.kind === "trick_won").pop()?.trick;
  const [plays, winner, trump] = v.last_trick.length
    ? [v.last_trick, v.last_winner, v.trump]
    : [won?.plays ?? [], won?.winner, v.last_round?.trump ?? v.trump];
  const isTrump = trumpTest(sameTrump(trump, v.trump) ? v.marks : null);
  const body = plays.length
    ? h(
        "ul",
        { class: "last-list" },
        plays.map(([s, cards]) => h("li", {}, h("span", {}, seatName(s), ": "), cards.map((c) => faceCard(c, isTrump(c))))),
        winner == null ? null : h("li", {}, t("table.won_by", { name: seatName(winner) })),
      )
    : h("p", {}, t("table.no_last"));
  $("last-body").replaceChildren(body);
}

export function appendLog(events) {
  const log = $("log");
  const line = (e) => narrate(e, seatName, S.seat);
  const lines = (events ?? S.events).map(line).filter(Boolean).slice(-300);
  if (!events) log.replaceChildren();
  log.append(...lines.map((line) => h("li", {}, line)));
  while (log.children.length > 300) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

// Plays, tricks and the other moves at the table, said to a screen reader as they happen (the status
// line says whose turn it is).
export function announce(events) {
  const lines = events.map((e) => narrate(e, seatName, S.seat)).filter(Boolean);
  if (lines.length) $("announce").textContent = lines.slice(-4).join(" ");
}

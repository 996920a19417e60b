// Choosing a seat (or watching), and starting the connection.
import { connect } from "./connection.js";
import { api, fill, h, playerName, savePlayerName, saveSeat } from "./dom.js";
import { t } from "./i18n.js";
import { $, S, loadSummary, tableId } from "./state.js";
import { setStatus, showError } from "./status.js";

export function showSit(preferred = null) {
  $("board").hidden = true;
  $("sit").hidden = false;
  setStatus("");
  const seats = S.summary?.seats ?? [];
  const name = h("input", { id: "sit-name", maxlength: 40, value: playerName() || t("create.player_default") });
  const free = seats.filter((s) => !s.bot && !s.player && !S.summary.over);
  fill($("sit-body"), 
    h("div", { class: "row" }, h("label", { for: "sit-name" }, t("create.player")), name),
    h(
      "div",
      { class: "actions" },
      // an invitation to a seat puts that seat first
      [...free].sort((a, b) => (b.seat === preferred) - (a.seat === preferred)).map((s) => h("button", { type: "button", class: "primary", "data-seat": s.seat, onclick: () => sit(s.seat, name.value) }, t("table.sit", { n: s.seat + 1 }))),
      h("button", { type: "button", id: "watch-btn", onclick: () => watch() }, t("table.watch_only")),
    ),
  );
}

export async function sit(seat, name) {
  const player = name.trim() || t("create.player_default");
  try {
    const joined = await api(`/api/tables/${tableId}/seats/${seat}`, { method: "POST", body: { name: player } });
    savePlayerName(player);
    saveSeat(tableId, { seat, token: joined.token, name: player });
    S.token = joined.token;
    await loadSummary();
    startConnection();
  } catch (err) {
    showError({ code: err.code, reason: err.reason });
    await loadSummary();
    showSit();
  }
}

export function watch() {
  S.token = null;
  startConnection();
}

export function startConnection() {
  $("sit").hidden = true;
  setStatus(t("table.connecting"));
  if (S.ws) {
    const ws = S.ws;
    S.ws = null;
    ws.close();
  }
  connect();
}

// The end of a deal and of the game, told so that people can follow: the deal's summary (each team's
// score, yours marked, and the game's own breakdown from the panel the server sends) waits for the
// players — Continue tells the server this seat has read it (docs/protocol.md: ready, seats' pause) —
// and the game-over screen offers a rematch at the same seats. The game's word for a deal and its
// score unit come with the game (GET /api/games): the page names no game.
import { render } from "./board.js";
import { api, fill, h, saveSeat, savedSeat } from "./dom.js";
import { loadGameWords, t } from "./i18n.js";
import { onTick } from "./people.js";
import { plural } from "./people_words.js";
import { scoreSheet } from "./sheets.js";
import { $, S, seatName, tableId, teamOf, view } from "./state.js";

let described = {};
loadGameWords().then((c) => (described = Object.fromEntries((c.games || []).map((g) => [g.name, g]))));

// The game's word for a deal ("deal", "hand", "round"), as its description gives it.
export function dealWord(game) {
  return described[game]?.deal_word ?? "deal";
}

function sendReady() {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify({ type: "ready" }));
}

// Each team's score in the game's unit, yours marked.
function teamScores(scores) {
  const unit = described[view().game]?.score_unit ?? "points";
  const mine = S.seat == null ? null : teamOf(S.seat);
  return h(
    "ul",
    { class: "summary-scores" },
    (scores || []).map((score, i) =>
      h(
        "li",
        { class: i === mine ? "team-mine" : "team-other", "data-team": i },
        h("strong", {}, t("table.team", { n: i + 1 }), i === mine ? ` (${t("table.your_team")})` : ""),
        ": ",
        unit === "levels" ? t("summary.levels", { n: score }) : plural("summary.points", Number(score)),
      ),
    ),
  );
}

function pauseLine() {
  const pause = S.people?.pause;
  if (!pause) return null;
  const left = Math.max(0, Math.ceil(pause.ends_in - (performance.now() - S.peopleAt) / 1000));
  const others = pause.waiting.filter((s) => s !== S.seat).map(seatName);
  return h(
    "p",
    { class: "summary-wait", "aria-live": "off" },
    h("span", { class: "pause-left" }, plural("summary.goes_on", left)),
    others.length ? ` ${t("summary.waiting", { names: others.join(", ") })}` : "",
  );
}

onTick(() => {
  const line = document.querySelector("#banner .summary-wait");
  if (line) line.replaceWith(pauseLine() ?? "");
});

function close() {
  S.banner = null;
  S.summaryDone = true;
  sendReady();
  render();
}

function dealSummary(box, e) {
  const v = view();
  const word = dealWord(v.game);
  const waitingForMe = Boolean(S.people?.pause?.waiting?.includes(S.seat));
  box.dataset.kind = "deal";
  fill(
    box,
    h("h2", { class: "summary-title" }, t(`summary.${word}`, { n: e.deal_number })),
    teamScores(e.scores),
    h("div", { class: "summary-sheet" }, scoreSheet(v, S.frame.panel, S.seat == null ? null : teamOf(S.seat), true)),
    pauseLine(),
    h("div", { class: "actions" }, h("button", { type: "button", class: "primary", id: "summary-continue", onclick: close }, t(waitingForMe || S.seat != null ? "summary.continue" : "table.close"))),
  );
}

async function rematch() {
  const saved = savedSeat(tableId);
  try {
    const table = await api(`/api/tables/${tableId}/rematch`, { method: "POST", token: S.token });
    goRematch(table.id, saved);
  } catch (err) {
    S.error = { code: err.code, reason: err.reason };
  }
}

// The rematch seats the same players with the same tokens: the page takes its token along.
function goRematch(id, saved = savedSeat(tableId)) {
  if (saved) saveSeat(id, saved);
  location.href = `/table/${encodeURIComponent(id)}`;
}

export function receiveRematch(frame) {
  S.rematch = frame.table;
  renderBanner();
}

function gameOver(box) {
  const f = S.frame;
  const v = view();
  const winner = f.result?.winner ?? v.winner;
  const mine = S.seat == null ? null : teamOf(S.seat);
  box.dataset.kind = "over";
  const rematchId = S.rematch ?? S.summary?.rematch;
  fill(
    box,
    h("h2", { class: "summary-title" }, t("summary.over")),
    winner == null ? null : h("p", { class: "summary-result" }, winner === mine ? t("summary.you_win") : t("summary.you_lose", { n: winner + 1 })),
    teamScores(f.result?.scores ?? v.scores),
    rematchId ? h("p", {}, t("summary.rematch_started")) : null,
    h(
      "div",
      { class: "actions" },
      rematchId && S.seat != null ? h("button", { type: "button", class: "primary", id: "go-rematch", onclick: () => goRematch(rematchId) }, t("summary.go_rematch")) : null,
      !rematchId && S.seat != null ? h("button", { type: "button", class: "primary", id: "rematch", onclick: rematch }, t("summary.rematch")) : null,
    ),
  );
}

export function renderBanner() {
  const box = $("banner");
  if (S.frame.over) {
    box.hidden = false;
    return gameOver(box);
  }
  // the pause after the deal ended (everyone went on, or its time ran out): the summary goes too
  if (S.banner && S.bannerWaited && !S.people?.pause) S.banner = null;
  if (S.people?.pause) S.bannerWaited = true;
  const e = S.banner;
  box.hidden = !e;
  if (!e) {
    S.bannerWaited = false;
    delete box.dataset.kind;
    return box.replaceChildren();
  }
  dealSummary(box, e);
}

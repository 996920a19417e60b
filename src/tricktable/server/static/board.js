// Drawing the table from the last state frame: the status, the seats, the trick, the info line.
import { faceCard, trumpTest } from "./cards.js";
import { renderChat } from "./chat.js";
import { renderControls } from "./controls.js";
import { h } from "./dom.js";
import { renderHand } from "./hand.js";
import { renderBanner, renderLast } from "./history.js";
import { cardName, cardsFace, has, t } from "./i18n.js";
import { renderReplay } from "./replay.js";
import { scoreSheet } from "./sheets.js";
import { $, S, numSeats, relPos, seatName, tableId, teamOf, view } from "./state.js";
import { renderError, setStatus } from "./status.js";

export function render() {
  const v = view();
  if (!v) return;
  // a keyboard player's focus stays in the hand or the controls when they are redrawn
  const before = document.activeElement;
  const region = before?.closest?.("#hand, #controls") ? before.closest("#hand, #controls").id : null;
  $("sit").hidden = true;
  if ($("board").hidden) performance.mark("table-shown"); // the first paint of the table with its state
  $("board").hidden = false;
  document.body.dataset.game = v.game;
  document.body.dataset.phase = v.phase;
  renderStatus();
  renderSeats();
  renderTrick();
  renderInfo();
  renderControls();
  renderHand();
  renderLast();
  renderBanner();
  renderChat();
  renderReplay();
  $("score").replaceChildren(...scoreSheet(v, S.frame.panel).filter(Boolean));
  const record = $("record");
  record.hidden = !S.frame.over;
  record.href = `/api/tables/${tableId}/record`;
  renderError();
  if (region && !document.activeElement?.closest?.("#hand, #controls")) {
    const next = document.querySelector("#control-body button:not([disabled]), #hand .card.playable") ?? document.querySelector("#hand .card");
    next?.focus();
  }
  document.body.dataset.version = String(S.frame.version);
}

function renderStatus() {
  const f = S.frame;
  let text;
  if (f.over) {
    const w = f.result?.winner ?? view().winner;
    text = `${t("table.over")} ${w == null ? "" : t("table.winner", { n: w + 1 })}`;
  } else if (S.seat != null && f.acting.includes(S.seat) && view().to_move === S.seat) {
    text = t("table.your_turn");
  } else {
    text = t("table.waiting", { name: seatName(view().to_move) });
  }
  if (S.seat == null) text = `${t("table.watching")} ${text}`;
  setStatus(text);
  document.body.dataset.turn = S.seat != null && view().to_move === S.seat && !f.over ? "me" : "other";
}

function renderSeats() {
  const v = view();
  const n = numSeats();
  for (const pos of [0, 1, 2, 3]) $(`pos-${pos}`).replaceChildren();
  for (let s = 0; s < n; s++) {
    const acting = !S.frame.over && v.to_move === s;
    const extra = [];
    if (v.game === "back-alley") {
      const bid = (v.bids || []).filter(([seat]) => seat === s).pop();
      if (bid) extra.push(/^\d+$/.test(bid[1]) ? t("bid.n", { n: bid[1] }) : has(`bid.${bid[1]}`) ? t(`bid.${bid[1]}`) : bid[1]);
    }
    if (v.game === "all-fours" && v.exposed?.[s]?.length) extra.push(h("span", { class: "exposed" }, v.exposed[s].map((c) => faceCard(c))));
    const box = h(
      "div",
      { class: `seat${acting ? " acting" : ""}${s === S.seat ? " me" : ""}`, "data-seat": s, "aria-current": acting ? "true" : null },
      h("div", { class: "seat-name" }, acting ? h("span", { class: "turn-mark", "aria-hidden": "true" }, "▶ ") : null, seatName(s)),
      h(
        "div",
        { class: "seat-meta" },
        t("table.team", { n: teamOf(s) + 1 }),
        " · ",
        t(v.hand_sizes[s] === 1 ? "table.card_one" : "table.cards", { n: v.hand_sizes[s] }),
        " · ",
        t(v.tricks_won[s] === 1 ? "table.trick_one" : "table.tricks", { n: v.tricks_won[s] }),
        v.dealer === s ? ` · ${t("table.dealer")}` : "",
        acting ? h("strong", { class: "turn-word" }, ` · ${t("table.to_act")}`) : null,
      ),
      extra.length ? h("div", { class: "seat-extra" }, extra) : null,
    );
    $(`pos-${relPos(s)}`).append(box);
  }
}

function renderTrick() {
  const v = view();
  const isTrump = trumpTest(v.game, v.trump);
  let plays = v.trick;
  let note = "";
  if (!plays.length && v.last_trick.length && (v.phase === "play" || v.phase === "over")) {
    plays = v.last_trick;
    note = t("table.won_by", { name: seatName(v.last_winner) });
  }
  const key = (s) => `${v.deal_number}.${v.tricks.length}.${s}.${plays === v.trick ? "t" : "l"}`;
  const spots = plays.map(([s, cards]) => {
    const k = key(s);
    const fresh = plays === v.trick && !S.trickSeen.has(k);
    S.trickSeen.add(k);
    return h(
      "div",
      { class: `play at-${relPos(s)}${fresh ? " arrive" : ""}`, "aria-label": `${seatName(s)}: ${cards.map((c) => cardName(c, isTrump(c))).join(", ")}`, role: "group" },
      cards.map((c) => faceCard(c, isTrump(c))),
    );
  });
  $("trick-cards").replaceChildren(...spots);
  $("trick").classList.toggle("finished", plays !== v.trick);
  $("trick-note").textContent = note;
}

export function trumpText(v) {
  const tr = v.trump;
  const suitPart = (suit) => (suit ? `${{ S: "♠", H: "♥", D: "♦", C: "♣" }[suit]} ${t(`suit.${suit}`)}` : t("table.no_trump"));
  if (v.game === "tractor") return `${tr.rank === "T" ? "10" : tr.rank} · ${suitPart(tr.suit)}`;
  return suitPart(tr);
}

function renderInfo() {
  const v = view();
  const phase = has(`phase.${v.phase}`) ? t(`phase.${v.phase}`) : v.phase;
  const parts = [`${t("table.trump")}: ${trumpText(v)}`, t("table.phase", { phase }), t("table.deal", { n: v.deal_number })];
  const info = [parts.join(" · ")];
  if (v.turn_up?.length) info.push(" · ", h("span", {}, cardsFace(v.turn_up)));
  $("info").replaceChildren(...info);
}

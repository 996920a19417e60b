// The replay of a finished game: every event the seat saw, step by step, narrated as in the log.
import { renderAnalysis } from "./analysis.js";
import { trumpText } from "./board.js";
import { faceCard, inOrder, sameTrump, trumpTest } from "./cards.js";
import { api, fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { narrate } from "./narrate.js";
import { $, S, seatName, tableId, view } from "./state.js";

// A step is one event that makes a line of the log (the deal, the turn-up, bids, declarations and
// decisions, the kitty, each play, trick winners, deal scores, game over); beside it, the trick as it
// stood and the deal's lines so far, and the event's place among the seat's events (where the
// analysis places its decisions). Events only the log needs are folded into the steps around them.
function replaySteps() {
  const steps = [];
  let deal = 1;
  let trump = null;
  let trick = [];
  let lines = [];
  for (const [event, e] of S.events.entries()) {
    if (e.kind === "deal_started") {
      deal = e.deal_number;
      trump = null;
      trick = [];
      lines = [];
    }
    if (e.kind === "trump_set") trump = { rank: e.rank ?? null, suit: e.suit, declared: true };
    if (e.kind === "played") trick = [...(trick.winner == null ? trick : []), [e.seat, e.cards]];
    if (e.kind === "trick_won") trick = Object.assign([...e.trick.plays], { winner: e.trick.winner });
    const line = narrate(e, seatName, S.seat);
    if (!line) continue;
    lines = [...lines, line];
    steps.push({ deal, trump, trick, lines, kind: e.kind, event });
  }
  return steps;
}

// Every hand of the finished game, as the server gives them once the game is over (the game decides
// when its hands open): each change to a hand after an event. Asked for when first shown.
const hands = { shown: false, data: null, asked: false };

export async function toggleHands() {
  hands.shown = !hands.shown;
  if (hands.shown && !hands.asked) {
    hands.asked = true;
    try {
      hands.data = await api(`/api/tables/${tableId}/hands`);
    } catch {
      hands.asked = false; // not over yet, or the server is away: asked again on the next toggle
    }
  }
  renderReplay();
}

// Each seat's hand just after the seat's event `index`: the changes up to it, applied in order.
function handsAt(index) {
  const held = Array.from({ length: hands.data.num_seats }, () => []);
  for (const [at, seat, gained, lost] of hands.data.changes) {
    if (at > index) break;
    held[seat].push(...gained);
    for (const card of lost) held[seat].splice(held[seat].lastIndexOf(card), 1);
  }
  return held;
}

function handsList(step, isTrump, marks) {
  if (!hands.shown || !hands.data) return null;
  const held = handsAt(step.event);
  const rows = held.map((cards, s) =>
    h("li", { "data-seat": s }, h("span", {}, seatName(s), ": "), cards.length ? inOrder(cards, marks).map(({ card }) => faceCard(card, isTrump(card))) : "—"),
  );
  return h("ul", { class: "last-list replay-hands", "aria-label": t("replay.hands") }, rows);
}

export function renderReplay() {
  const over = Boolean(S.frame?.over);
  const button = $("replay-btn");
  button.hidden = !over;
  const open = over && S.replay !== null;
  button.textContent = t(open ? "replay.hide" : "replay.open");
  button.setAttribute("aria-expanded", String(open));
  $("replay").hidden = !open;
  if (!open) return;
  const steps = replaySteps();
  if (!steps.length) {
    $("replay-line").textContent = "";
    return fill($("replay-body"), h("p", {}, t("table.no_last")));
  }
  S.replay = Math.max(0, Math.min(steps.length - 1, S.replay));
  const step = steps[S.replay];
  const label = view().trump_label;
  const marks = sameTrump(step.trump && [step.trump.rank, step.trump.suit], [label.rank, label.suit]) ? view().marks : null;
  const isTrump = trumpTest(marks);
  const toggle = $("replay-hands");
  toggle.textContent = t(hands.shown ? "replay.hide_hands" : "replay.show_hands");
  toggle.setAttribute("aria-pressed", String(hands.shown));
  $("replay-step").textContent = t("replay.step", { deal: step.deal, n: S.replay + 1, total: steps.length });
  const plays = step.trick.map(([s, cards]) => h("li", {}, h("span", {}, seatName(s), ": "), cards.map((c) => faceCard(c, isTrump(c)))));
  if (step.trick.winner != null) plays.push(h("li", {}, t("table.won_by", { name: seatName(step.trick.winner) })));
  const earlier = step.lines.slice(-8, -1);
  // the step's line is a live region of its own: a screen reader says it, not the whole panel
  $("replay-line").textContent = step.lines[step.lines.length - 1];
  $("replay-line").dataset.kind = step.kind;
  fill(
    $("replay-body"),
    step.trump == null ? null : h("p", {}, `${t("table.trump")}: ${trumpText(step.trump)}`),
    plays.length ? h("ul", { class: "last-list", "aria-label": t("table.trick") }, plays) : null,
    handsList(step, isTrump, marks),
    earlier.length ? h("ol", { class: "replay-earlier", start: step.lines.length - earlier.length, "aria-label": t("replay.deal_so_far") }, earlier.map((line) => h("li", {}, line))) : null,
  );
  renderAnalysis(steps);
  $("replay-first").disabled = $("replay-prev").disabled = S.replay === 0;
  $("replay-next").disabled = $("replay-last").disabled = S.replay === steps.length - 1;
}

export function replayGo(to) {
  const focused = $("replay").contains(document.activeElement);
  S.replay = to;
  renderReplay();
  // a button that becomes disabled loses the focus: keep it in the panel, where the keys work
  const now = document.activeElement;
  if (focused && (now.disabled || !$("replay").contains(now))) $("replay-controls").querySelector("button:not(:disabled)")?.focus();
}

// Arrow keys step, Home and End go to the first and last step, anywhere in the replay panel.
export function replayKeys(event) {
  const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  if (event.key in moves) replayGo(S.replay + moves[event.key]);
  else if (event.key === "Home") replayGo(0);
  else if (event.key === "End") replayGo(1e9);
  else return;
  event.preventDefault();
}

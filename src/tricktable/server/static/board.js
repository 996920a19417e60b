// Drawing the table from the last state frame: the status, the seats, the trick, the info line.
import { renderCoach } from "./coach.js";
import { faceCard, trumpTest } from "./cards.js";
import { backSvg } from "./faces.js";
import { renderChat } from "./chat.js";
import { renderControls } from "./controls.js";
import { h } from "./dom.js";
import { renderHand } from "./hand.js";
import { renderLast } from "./history.js";
import { SUIT_SYMBOL, cardName, has, hasg, rankFace, t, tg } from "./i18n.js";
import { presenceBadge, renderInvite } from "./people.js";
import { renderReplay } from "./replay.js";
import { scoreSheet } from "./sheets.js";
import { $, S, measure, numSeats, relPos, seatName, tableId, teamOf, view } from "./state.js";
import { renderError, setStatus } from "./status.js";
import { dealWord, renderBanner } from "./summary.js";

export function render() {
  const v = view();
  if (!v) return;
  // a keyboard player's focus stays in the hand or the controls when they are redrawn (a tap's focus
  // is not moved: it would scroll a phone's page to the control it lands on)
  const before = document.activeElement;
  const region = before?.closest?.("#hand, #controls") && before.matches(":focus-visible") ? before.closest("#hand, #controls").id : null;
  $("sit").hidden = true;
  if ($("board").hidden) performance.mark("table-shown"); // the first paint of the table with its state
  $("board").hidden = false;
  document.body.dataset.game = v.game;
  document.body.dataset.phase = v.phase;
  renderStatus();
  renderBanner(); // first: a summary that ends lets the trick it kept go (renderTrick)
  renderSeats();
  renderTrick();
  renderInfo();
  renderControls();
  renderCoach();
  renderHand();
  renderLast();
  renderInvite();
  renderChat();
  renderReplay();
  $("score").replaceChildren(...scoreSheet(v, S.frame.panel, S.seat == null ? null : teamOf(S.seat)).filter(Boolean));
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

// A mark the view puts beside a seat (a bid, exposed or declared cards): its word, then its cards.
function seatMark(v, mark) {
  const word = hasg(v.game, mark.word) ? tg(v.game, mark.word, mark.params) : mark.word;
  const faces = mark.cards.map((c) => faceCard(c, trumpMark(v)(c)));
  return h("span", { class: `chip seat-mark mark-${mark.kind}` }, faces.length ? h("span", { class: "mark-word" }, word) : word, faces);
}

// A seat around the table: its name and turn, its team (yours marked), the backs of its cards with
// their count, the tricks it took, and what the game shows beside it (a bid, exposed cards).
function seatBox(v, s) {
  const acting = !S.frame.over && v.to_move === s;
  const mine = S.seat != null && teamOf(s) === teamOf(S.seat);
  const extra = (v.seat_marks?.[s] ?? []).map((m) => seatMark(v, m));
  const count = v.hand_sizes[s];
  const backs = s === S.seat ? null : h("span", { class: "backs", "aria-hidden": "true" }, Array.from({ length: Math.min(count, 5) }, () => h("span", { class: "back" }, backSvg())));
  return h(
    "div",
    { class: `seat${acting ? " acting" : ""}${s === S.seat ? " me" : ""} ${mine ? "team-mine" : "team-other"}`, "data-seat": s, "aria-current": acting ? "true" : null },
    h(
      "div",
      { class: "seat-name" },
      acting ? h("span", { class: "turn-mark", "aria-hidden": "true" }, "▶ ") : null,
      h("bdi", { class: "user" }, seatName(s)),
      v.dealer === s ? h("span", { class: "chip dealer", title: t("table.dealer") }, t("table.dealer")) : null,
    ),
    presenceBadge(s),
    h("div", { class: "seat-team" }, h("span", { class: "team-dot", "aria-hidden": "true" }), t("table.team", { n: teamOf(s) + 1 }), mine ? ` · ${t("table.your_team")}` : ""),
    h(
      "div",
      { class: "seat-meta" },
      backs,
      h("span", { class: "count" }, t(count === 1 ? "table.card_one" : "table.cards", { n: count })),
      h("span", { class: "won" }, t(v.tricks_won[s] === 1 ? "table.trick_one" : "table.tricks", { n: v.tricks_won[s] })),
      acting ? h("strong", { class: "turn-word" }, t("table.to_act")) : null,
    ),
    extra.length ? h("div", { class: "seat-extra" }, extra) : null,
  );
}

function renderSeats() {
  const v = view();
  for (const pos of [0, 1, 2, 3]) $(`pos-${pos}`).replaceChildren();
  for (let s = 0; s < numSeats(); s++) $(`pos-${relPos(s)}`).append(seatBox(v, s));
}

// A trick just won stays on the table a moment, then goes to its winner: it is drawn in a layer of
// its own over the trick, so that the next trick's lead shows at once beside it (and starts the
// going, if it comes before HOLD_MS - COLLECT_MS). With reduced motion the cards just go.
const HOLD_MS = 1100;
const COLLECT_MS = 400;

const summaryWaits = () => Boolean(S.banner && S.people?.pause);

function collect(held) {
  if (S.held !== held || held.going) return;
  // a deal's last trick stays on the table while the deal's summary waits for the players (it goes
  // when the summary does, or when a trick is led; a lesson's learner acts on at once: no wait)
  if (summaryWaits() && !view()?.trick.length) return void (held.kept = true);
  held.going = true;
  $("trick-held").classList.add("collect", `to-${relPos(held.winner)}`);
  setTimeout(() => {
    if (S.held !== held) return;
    S.held = null;
    if (view()) renderTrick();
  }, COLLECT_MS);
}

export function holdTrick(trick) {
  const held = { plays: trick.plays, winner: trick.winner, going: false };
  S.held = held;
  setTimeout(() => collect(held), HOLD_MS - COLLECT_MS);
}

// Each seat's play is fanned at its place in the trick so that every card's corner index (rank over
// suit: the left 0.26 of the card, the top 0.37 of it) stays in view: each card shows at least STRIP
// of its width to the next, and a long throw wraps into rows, each row STEP of a card's width below
// the last; the cards shrink (from the trick's card size) only as far as needed for all the plays
// to fit their places without covering one another. A long throw on a phone may make the trick
// taller (GROW) rather than its cards smaller.
const STRIP = 0.3;
const WIDE = 0.45; // a fan is never looser than this: it would read as separate plays
const STEP = 0.56; // 0.4 of the card's height
const GROW = 1.25;

// A play of `n` cards `w` wide in `r` rows, each card showing `strip` of its width to the next.
const shape = (n, w, r, strip) => {
  const k = Math.ceil(n / r);
  return { w, k, r, strip, pw: w * (1 + (k - 1) * strip), ph: w * (1.4 + (r - 1) * STEP) };
};

// Whether the plays at the top and bottom (`tb`, centred) and at the sides (`side`, centred at 0.26
// of the width, never past the edge nor the middle) fit a trick of `width` x `height` apart: the top's
// and the bottom's in half the height each, the sides' in half the width each (less a gap), and a
// side's play either clear of the top's and the bottom's rows or beside them.
function apart(tb, side, width, height) {
  const left = Math.min(Math.max(0, width * 0.26 - side.pw / 2), width / 2 - side.pw);
  const beside = left + side.pw <= width / 2 - tb.pw / 2 - 2;
  const between = tb.ph <= height / 2 - side.ph / 2 - 2;
  return tb.pw <= width && tb.ph <= height / 2 && side.pw <= width / 2 - 5 && (beside || between);
}

// The plays' shapes for `n` cards a seat: the largest card (at most `tw`), in the fewest rows that
// cost the cards less than a tenth of their width (worked out once for each size of trick and play).
const fits = new Map();
function fanFit(n, width, height, tw) {
  const key = [n, width, height, tw].join();
  if (!fits.has(key)) fits.set(key, searchFit(n, width, height, tw));
  return fits.get(key);
}

function searchFit(n, width, height, tw) {
  const found = [];
  for (let w = Math.floor(tw); w >= 12 && !found.length; w--) {
    for (let r = 1; r <= n; r++) {
      for (let q = 1; q <= n; q++) {
        const tb = shape(n, w, r, STRIP);
        const side = shape(n, w, q, STRIP);
        if (apart(tb, side, width, height)) found.push({ tb, side });
      }
    }
  }
  if (!found.length) return { tb: shape(n, 12, n, STRIP), side: shape(n, 12, n, STRIP) };
  const most = found[0].tb.w;
  // fewer rows at a card at most a tenth smaller
  for (let w = most - 1; w >= most * 0.9; w--) {
    for (let r = 1; r <= n; r++) for (let q = 1; q <= n; q++) {
      const tb = shape(n, w, r, STRIP);
      const side = shape(n, w, q, STRIP);
      if (apart(tb, side, width, height)) found.push({ tb, side });
    }
  }
  const rows = (f) => f.tb.r + f.side.r;
  let { tb, side } = found.reduce((a, b) => (rows(b) < rows(a) ? b : a));
  // each as loose as the room allows, up to WIDE
  while (tb.k > 1 && tb.strip < WIDE && apart(shape(n, tb.w, tb.r, tb.strip + 0.01), side, width, height)) tb = shape(n, tb.w, tb.r, tb.strip + 0.01);
  while (side.k > 1 && side.strip < WIDE && apart(tb, shape(n, side.w, side.r, side.strip + 0.01), width, height)) side = shape(n, side.w, side.r, side.strip + 0.01);
  return { tb, side };
}

// The layout of the trick's plays, `n` cards the longest: on the trick's own height, or (when that
// would shrink its cards below 0.8 of their size: a throw of nine on a phone) on a taller trick if
// that gives larger cards. (A taller trick moves the hand down: only for the few long throws.)
function fanLayout(n) {
  const { tw, trick, trickHeight } = measure();
  let fit = fanFit(n, trick, trickHeight, tw);
  let grow = 1;
  if (fit.tb.w < tw * 0.8) {
    const tall = fanFit(n, trick, trickHeight * GROW, tw);
    if (tall.tb.w > fit.tb.w) [fit, grow] = [tall, GROW];
  }
  $("trick").style.setProperty("--grow", String(grow));
  return fit;
}

// A play's cards in rows of its shape's length, each card's index in view.
function fan(cards, isTrump, fit) {
  const rows = [];
  for (let i = 0; i < cards.length; i += fit.k) rows.push(h("span", { class: "fan-row" }, cards.slice(i, i + fit.k).map((c) => faceCard(c, isTrump(c)))));
  const pw = fit.w * (1 + (Math.min(fit.k, cards.length) - 1) * fit.strip);
  return { style: `--pc: ${fit.w}px; --fan: ${(fit.w * fit.strip).toFixed(1)}px; --pw: ${pw.toFixed(1)}px`, cards: rows };
}

// Whether a card is a trump: the view's marks.
function trumpMark(v) {
  return trumpTest(v.marks);
}

function playSpot(v, [s, cards], mark, fit, classes) {
  const pos = relPos(s);
  const { style, cards: faces } = fan(cards, mark, pos % 2 ? fit.side : fit.tb);
  const label = `${seatName(s)}: ${cards.map((c) => cardName(c, mark(c))).join(", ")}`;
  return h("div", { class: `play at-${pos}${classes}`, style, "aria-label": label, role: "group" }, faces);
}

function renderTrick() {
  const v = view();
  const mark = trumpMark(v);
  const box = $("trick-cards");
  const held = S.held;
  const plays = [...v.trick, ...(held ? held.plays : [])];
  const fit = fanLayout(Math.max(1, ...plays.map(([, cards]) => cards.length)));
  const key = (s) => `${v.deal_number}.${v.tricks.length}.${s}`;
  const spots = v.trick.map((play) => {
    const fresh = !S.trickSeen.has(key(play[0]));
    S.trickSeen.add(key(play[0]));
    return playSpot(v, play, mark, fit, fresh ? " arrive" : "");
  });
  box.replaceChildren(...spots);
  if (held && (v.trick.length || (held.kept && !summaryWaits()))) collect(held);
  const layer = $("trick-held");
  if (!held) layer.classList.remove("collect", "to-0", "to-1", "to-2", "to-3");
  layer.replaceChildren(...(held ? held.plays.map((play) => playSpot(v, play, mark, fit, play[0] === held.winner ? " winner" : "")) : []));
  $("trick").classList.toggle("finished", Boolean(held) && !v.trick.length);
  // before the deal's first card (its bidding, a draw) a phone's trick is low: the hand and the
  // controls of those phases, a lesson's words above them, share the screen
  $("trick").classList.toggle("unplayed", !v.trick.length && !v.tricks.length && !held);
  const shown = !v.trick.length && v.last_trick.length && (v.phase === "play" || v.phase === "over");
  const winner = held ? held.winner : shown ? v.last_winner : null;
  $("trick-note").textContent = winner == null ? "" : t("table.won_by", { name: seatName(winner) });
}

// The trump in words from a label ({rank, suit, declared}: the view's trump_label, or a replay's).
export function trumpText(label) {
  const suitPart = label.suit ? `${SUIT_SYMBOL[label.suit]} ${t(`suit.${label.suit}`)}` : t("table.no_trump");
  // before anyone declares, the standing trump has no suit: that is not a declared no-trump round
  const named = label.declared === false ? t("table.not_declared") : suitPart;
  return label.rank ? `${rankFace(label.rank)} · ${named}` : named;
}

function renderInfo() {
  const v = view();
  const phase = has(`phase.${v.phase}`) ? t(`phase.${v.phase}`) : v.phase;
  const parts = [`${t("table.trump")}: ${trumpText(v.trump_label)}`, t("table.phase", { phase }), t(dealWord(v.game) === "deal" ? "table.deal" : `table.deal_${dealWord(v.game)}`, { n: v.deal_number })];
  const info = [parts.join(" · ")];
  if (v.turn_up?.length) info.push(" · ", ...v.turn_up.map((c) => faceCard(c, trumpMark(v)(c))));
  $("info").replaceChildren(...info);
}

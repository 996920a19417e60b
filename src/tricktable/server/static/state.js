// The table page's state: the table's id, what the server last sent, the seats' names and places.
import { api, h } from "./dom.js";
import { has, t } from "./i18n.js";
import { showError } from "./status.js";

export const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
export const $ = (id) => document.getElementById(id);

export const S = {
  summary: null, // GET /api/tables/{id}: names, bots
  summaryAt: 0,
  seat: null, // our seat (null: watching)
  token: null,
  frame: null, // the last state frame (deltas applied)
  fullAsked: false, // a delta did not follow on: a full state frame was asked for
  events: [], // every event seen, for the log
  ws: null,
  retry: 0,
  error: null, // the last error frame
  pick: [], // Tractor: indices into the hand, in pick order
  pickVersion: -1,
  selectable: null, // the server's answer for the current pick: {picked, cards, complete}
  showLast: false,
  exposeOpen: false,
  banner: null,
  autoDraw: true,
  drawSent: -1,
  trickSeen: new Set(),
  held: null, // a trick just won, shown a moment before it goes to its winner: {plays, winner}
  dealShown: null, // the deal whose cards the hand has shown (a new one is dealt in)
  handShown: null, // the hand as last drawn (cards since then arrive)
  replay: null, // the step shown in the replay of a finished game (an index), or null: closed
  chat: [], // the table's chat: what was said before this page opened (chat_history), then each line
  people: null, // the last seats frame: who sits where, away, stand-ins, the pause after a deal
  peopleAt: 0, // when it came (performance.now()), for its countdowns
  rematch: null, // the id of the finished game's rematch, once a player asked for it
  socket: null, // the websocket's path when it is not the table's (a lesson's)
  lesson: null, // the last lesson frame: the step, the verdict on the last attempt
  lessonOpen: null, // whether the learner opened (true) or closed (false) the lesson's introduction
  hint: null, // the coach's last hint (for the version it names)
  hintAsked: null, // the version a hint was asked at, until it comes
};

// --- frames ----------------------------------------------------------------------------------------
const CHANGING = ["panel", "acting", "over", "result", "version", "since", "events", "actions"];

// The state frame a delta makes of the state frame held (docs/protocol.md), or null when it does not
// follow on from it (the page then asks for a full frame).
export function applyDelta(held, delta) {
  if (!held || delta.since !== held.version || delta.seat !== held.seat) return null;
  const frame = { ...held, type: "state", view: { ...held.view, ...delta.view } };
  for (const key of CHANGING) if (key in delta) frame[key] = delta[key];
  return frame;
}

// --- names ------------------------------------------------------------------------------------------
export function seatName(s) {
  if (s == null) return "?";
  const info = S.summary?.seats?.[s];
  let name;
  if (info?.player) name = info.player;
  else if (info?.bot) name = t("table.seat_bot", { n: s + 1, level: has(`bot.${info.bot}`) ? t(`bot.${info.bot}`) : info.bot });
  else name = t("table.seat_open", { n: s + 1 });
  return s === S.seat ? t("table.seat_you", { name }) : name;
}

export async function loadSummary() {
  try {
    S.summary = await api(`/api/tables/${tableId}`);
    S.summaryAt = Date.now();
    $("title").replaceChildren(h("bdi", { class: "user" }, S.summary.name));
    document.title = `${S.summary.name} · tricktable`;
  } catch (err) {
    showError({ code: err.code, reason: err.reason });
  }
}

export function view() {
  return S.frame?.view;
}

export function numSeats() {
  return view()?.hand_sizes.length ?? S.summary?.num_seats ?? 4;
}

export function relPos(s) {
  const n = numSeats();
  const rel = (s - (S.seat ?? 0) + n) % n;
  return n === 2 ? rel * 2 : rel;
}

export function teamOf(s) {
  return numSeats() === 2 ? s : s % 2;
}

export function legal() {
  return view()?.legal ?? [];
}

// The sizes the hand's rows and the trick's fans are worked out from (the CSS card widths, the hand's
// and the trick's widths, the trick's height), measured once per page width: reading them forces a layout.
let measured = null;
export function measure() {
  const at = document.documentElement.clientWidth; // the page's width inside any scroll bar
  if (measured?.at !== at) {
    const css = getComputedStyle(document.body);
    const hand = $("hand").clientWidth;
    const width = $("trick-cards").clientWidth;
    // the trick's own height: not grown for a long throw (--grow), nor low before a deal's first card
    const trick = $("trick");
    const low = trick.classList.contains("unplayed");
    trick.classList.remove("unplayed");
    const trickHeight = $("trick-cards").clientHeight / (parseFloat(trick.style.getPropertyValue("--grow")) || 1);
    trick.classList.toggle("unplayed", low);
    const sizes = {
      at,
      cw: parseFloat(css.getPropertyValue("--cw")) || 56,
      tw: parseFloat(css.getPropertyValue("--tw")) || 44,
      hand: hand || innerWidth - 16,
      trick: width || 200,
      trickHeight: trickHeight || 200,
    };
    if (!hand || !width) return sizes; // the board is not laid out yet: measure again next time
    measured = sizes;
  }
  return measured;
}

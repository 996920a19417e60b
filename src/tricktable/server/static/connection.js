// The websocket to the server (docs/protocol.md): frames in, actions and picks out.
import { holdTrick, render } from "./board.js";
import { renderChat } from "./chat.js";
import { autoDraw, renderControls } from "./controls.js";
import { forgetSeat } from "./dom.js";
import { pickedCards, renderHand } from "./hand.js";
import { announce, appendLog } from "./history.js";
import { t } from "./i18n.js";
import { receiveHint } from "./coach.js";
import { receiveLesson } from "./lesson.js";
import { receiveSeats } from "./people.js";
import { showSit } from "./seating.js";
import { $, S, applyDelta, loadSummary, tableId } from "./state.js";
import { clearError, setStatus, showError } from "./status.js";
import { receiveRematch } from "./summary.js";

// The socket table.html opened as the page started, if it is the one this connection wants (its
// path and seat token): taken over, with the frames that came on it meanwhile.
function earlySocket(path) {
  const early = window.tableSocket;
  window.tableSocket = null;
  if (!early) return null;
  if (early.path === path && early.token === (S.token ?? null) && early.ws.readyState <= WebSocket.OPEN) return early;
  early.ws.close();
  return null;
}

export function connect() {
  const path = S.socket ?? `/ws/tables/${tableId}`; // a lesson's table has its own socket
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;
  const early = earlySocket(path);
  const ws = early?.ws ?? new WebSocket(url);
  S.ws = ws;
  ws.addEventListener("open", () => {
    S.retry = 0;
    S.fullAsked = false;
    if (early) return; // its hello is sent
    // every event from the start (the log and the replay hold them all), then deltas: what changed
    const hello = { type: "hello", deltas: true };
    ws.send(JSON.stringify(S.token ? { ...hello, token: S.token } : hello));
  });
  ws.addEventListener("message", (m) => receive(JSON.parse(m.data)));
  if (early) {
    ws.onmessage = null;
    for (const data of early.frames.splice(0)) receive(JSON.parse(data));
  }
  ws.addEventListener("close", () => {
    if (S.ws !== ws) return;
    S.ws = null;
    setStatus(t("table.reconnecting"));
    S.retry = Math.min(S.retry + 1, 6);
    setTimeout(connect, 250 * 2 ** S.retry);
  });
}

export function send(frame) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(frame));
}

export function act(action) {
  if (!S.frame) return;
  clearError();
  send({ type: "action", action, version: S.frame.version });
}

function receive(frame) {
  if (frame.type === "delta") {
    if (S.fullAsked) return; // deltas sent before the server heard us: the full frame follows them
    const made = applyDelta(S.frame, frame);
    if (!made) {
      // a gap (or a delta for another seat's frame): the whole state, with the events after ours
      S.fullAsked = true;
      return send({ type: "full", version: S.frame ? S.frame.version : -1 });
    }
    frame = made;
  }
  if (frame.type === "state") {
    S.fullAsked = false;
    if (frame.since == null) S.events = [];
    const fresh = frame.since != null;
    S.events.push(...frame.events); // all of them: a game's events are bounded, and the replay needs them
    if (frame.version !== S.pickVersion) {
      S.pick = [];
      S.selectable = null;
      S.pickVersion = frame.version;
      document.body.dataset.pick = "0:open";
    }
    S.seat = frame.seat;
    S.frame = frame;
    // a refusal is about the state it was judged at ("it is Seat 3's turn"): once the table has
    // moved on it would contradict the status line, so it goes
    if (S.error?.version != null && S.error.version < frame.version) S.error = null;
    if (fresh) {
      const scored = frame.events.filter((e) => e.kind === "deal_scored").pop();
      if (scored) S.banner = scored;
      const won = frame.events.filter((e) => e.kind === "trick_won").pop();
      if (won) holdTrick(won.trick);
      announce(frame.events);
    }
    if (!S.socket && Date.now() - S.summaryAt > 4000) loadSummary().then(render);
    render();
    appendLog(fresh ? frame.events : null);
    autoDraw();
  } else if (frame.type === "selectable") {
    const picked = pickedCards();
    if (frame.picked.join(" ") === picked.join(" ")) {
      S.selectable = frame;
      // a tapped card that cannot be added: the engine's rule, worded like a refused action
      if (frame.refusal) showError({ code: "illegal_action", version: frame.version, ...frame.refusal });
      document.body.dataset.pick = `${frame.picked.length}:${frame.complete ? "complete" : "open"}`;
      renderHand();
      renderControls();
    }
  } else if (frame.type === "seats") {
    receiveSeats(frame);
    if (S.frame) render();
  } else if (frame.type === "chat_history") {
    S.chat = frame.lines; // what was said before this page opened (kept with the table)
    renderChat();
  } else if (frame.type === "hint") {
    receiveHint(frame);
  } else if (frame.type === "lesson") {
    receiveLesson(frame);
  } else if (frame.type === "rematch") {
    receiveRematch(frame);
  } else if (frame.type === "chat") {
    S.chat.push(frame);
    if (S.chat.length > 200) S.chat.shift();
    renderChat();
  } else if (frame.type === "error") {
    if (frame.code === "bad_token") {
      forgetSeat(tableId);
      S.token = null;
      showSit();
      return;
    }
    // a refusal judged at a version the table has already left says nothing about the table now
    if (frame.version != null && S.frame && frame.version < S.frame.version) return;
    showError(frame);
  }
}

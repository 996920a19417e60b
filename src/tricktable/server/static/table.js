// A table's page: wires the page's modules together and starts. The browser decides no rule: what
// may be played is the view's `legal` and the server's `selectable`; a refused action shows the
// reason the server sends (docs/protocol.md).
import { render } from "./board.js";
import { sendChat } from "./chat.js";
import { send } from "./connection.js";
import { playerName, savedSeat } from "./dom.js";
import { installSprite } from "./faces.js";
import { handKeys, renderHand } from "./hand.js";
import { appendLog, renderLast } from "./history.js";
import { langSwitch, loadGameWords, onLang, translate } from "./i18n.js";
import { isLesson, renderLesson, startLesson } from "./lesson.js";
import { setupPanels } from "./panels.js";
import { replayGo, replayKeys, toggleHands } from "./replay.js";
import { showSit, sit, startConnection, watch } from "./seating.js";
import { $, S, loadSummary, tableId } from "./state.js";
import { renderError } from "./status.js";

async function start() {
  const words = loadGameWords(); // asked for at once, beside the table's summary (the page preloads both)
  installSprite();
  langSwitch($("lang"));
  translate();
  onLang(() => {
    translate();
    $("announce").textContent = ""; // said in the old language: a screen reader has read it already
    if (S.frame) {
      render();
      appendLog(null);
    } else if (!$("sit").hidden) showSit();
    renderError();
    renderLesson();
  });
  setupPanels();
  $("hand").addEventListener("keydown", handKeys);
  // the hand's rows follow the page's width (a phone turned, a window resized)
  let width = innerWidth;
  addEventListener("resize", () => {
    if (innerWidth !== width && S.frame) renderHand();
    width = innerWidth;
  });
  $("chat-form").addEventListener("submit", sendChat);
  $("replay-btn").addEventListener("click", () => replayGo(S.replay === null ? 0 : null));
  $("replay-first").addEventListener("click", () => replayGo(0));
  $("replay-prev").addEventListener("click", () => replayGo(S.replay - 1));
  $("replay-next").addEventListener("click", () => replayGo(S.replay + 1));
  $("replay-last").addEventListener("click", () => replayGo(1e9));
  $("replay-hands").addEventListener("click", toggleHands);
  $("replay").addEventListener("keydown", replayKeys);
  const showLast = (show) => {
    S.showLast = show;
    renderLast();
  };
  $("last-btn").addEventListener("click", () => {
    showLast(!S.showLast);
    if (S.showLast && getComputedStyle($("last-close")).display !== "none") $("last-close").focus(); // a sheet on a phone
  });
  $("last-close").addEventListener("click", () => {
    showLast(false);
    $("last-btn").focus();
  });
  $("last").addEventListener("keydown", (event) => event.key === "Escape" && showLast(false));
  setInterval(() => send({ type: "ping" }), 25000);
  if (isLesson()) {
    await words;
    startLesson();
    document.body.dataset.ready = "1";
    return;
  }
  await Promise.all([loadSummary(), words]);
  const saved = savedSeat(tableId);
  const query = new URLSearchParams(location.search);
  const watching = query.has("watch");
  // an invitation link names a seat: a name remembered on this device sits there at once
  const invited = query.has("seat") ? Number(query.get("seat")) : null;
  const open = S.summary?.seats?.find((s) => s.seat === invited && !s.bot && !s.player) && !S.summary.over;
  if (saved?.token) {
    S.token = saved.token;
    startConnection();
  } else if (watching) watch();
  else if (open && playerName()) await sit(invited, playerName());
  else showSit(invited);
  document.body.dataset.ready = "1";
}

start();

// A table's page: the websocket to the server (docs/protocol.md), the seats, the trick, the hand and
// each game's controls. The browser decides no rule: what may be played is the view's `legal` and
// the server's `selectable`; a refused action shows the reason the server sends.
import { faceCard, isCard, sortHand, trumpTest } from "./cards.js";
import { api, fill, forgetSeat, h, playerName, savePlayerName, saveSeat, savedSeat } from "./dom.js";
import { cardFace, cardName, cardsFace, has, lang, langSwitch, onLang, t, translate } from "./i18n.js";
import { narrate } from "./narrate.js";
import { ruleText } from "./rules.js";
import { scoreSheet } from "./sheets.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);

const S = {
  summary: null, // GET /api/tables/{id}: names, bots
  summaryAt: 0,
  seat: null, // our seat (null: watching)
  token: null,
  frame: null, // the last state frame
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
  replay: null, // the step shown in the replay of a finished game (an index), or null: closed
  chat: [], // chat frames heard since this page opened (the server does not store them)
};

// --- names ------------------------------------------------------------------------------------------
function seatName(s) {
  if (s == null) return "?";
  const info = S.summary?.seats?.[s];
  let name;
  if (info?.player) name = info.player;
  else if (info?.bot) name = t("table.seat_bot", { n: s + 1, level: has(`bot.${info.bot}`) ? t(`bot.${info.bot}`) : info.bot });
  else name = t("table.seat_open", { n: s + 1 });
  return s === S.seat ? t("table.seat_you", { name }) : name;
}

async function loadSummary() {
  try {
    S.summary = await api(`/api/tables/${tableId}`);
    S.summaryAt = Date.now();
    $("title").replaceChildren(h("bdi", { class: "user" }, S.summary.name));
    document.title = `${S.summary.name} · tricktable`;
  } catch (err) {
    showError({ code: err.code, reason: err.reason });
  }
}

// --- the connection ------------------------------------------------------------------------------
function connect() {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${tableId}`;
  const ws = new WebSocket(url);
  S.ws = ws;
  ws.addEventListener("open", () => {
    S.retry = 0;
    ws.send(JSON.stringify(S.token ? { type: "hello", token: S.token } : { type: "hello" }));
  });
  ws.addEventListener("message", (m) => receive(JSON.parse(m.data)));
  ws.addEventListener("close", () => {
    if (S.ws !== ws) return;
    S.ws = null;
    setStatus(t("table.reconnecting"));
    S.retry = Math.min(S.retry + 1, 6);
    setTimeout(connect, 250 * 2 ** S.retry);
  });
}

function send(frame) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(frame));
}

function act(action) {
  if (!S.frame) return;
  clearError();
  send({ type: "action", action, version: S.frame.version });
}

function receive(frame) {
  if (frame.type === "state") {
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
    if (fresh) {
      const scored = frame.events.filter((e) => e.kind === "deal_scored").pop();
      if (scored) S.banner = scored;
    }
    if (Date.now() - S.summaryAt > 4000) loadSummary().then(render);
    render();
    appendLog(fresh ? frame.events : null);
    autoDraw();
  } else if (frame.type === "selectable") {
    const picked = pickedCards();
    if (frame.picked.join(" ") === picked.join(" ")) {
      S.selectable = frame;
      document.body.dataset.pick = `${frame.picked.length}:${frame.complete ? "complete" : "open"}`;
      renderHand();
      renderControls();
    }
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
    showError(frame);
  }
}

// --- status and errors ------------------------------------------------------------------------------
function setStatus(text) {
  $("status").textContent = text;
}

function showError(err) {
  S.error = err;
  renderError();
}

function clearError() {
  S.error = null;
  renderError();
}

function renderError() {
  const box = $("error");
  const err = S.error;
  box.hidden = !err;
  if (!err) return box.replaceChildren();
  const key = `error.${err.code}`;
  const parts = [h("strong", {}, t("error.title"), ": ", has(key) ? t(key) : t("error.other"))];
  if (err.rule && has(`rule.${err.rule}`)) {
    // the engine named the rule: word it in the page's language
    parts.push(" ", h("span", { class: "reason", "data-rule": err.rule }, ruleText(err.rule, err.params || {}, seatName)));
  } else if (err.reason) {
    parts.push(" ", h("span", { class: "reason", lang: "en" }, err.reason));
    if (lang() !== "en") parts.push(" ", h("small", {}, t("error.english")));
  }
  // what the server allows now, in the page's language (from the view's legal actions)
  const playable = err.code === "illegal_action" ? [...playableCards()] : [];
  if (playable.length) {
    const sorted = sortHand(playable, view().game, view().trump).map((x) => x.card);
    parts.push(h("div", { class: "playable-now" }, t("error.playable", { cards: cardsFace(sorted) })));
  }
  box.replaceChildren(...parts);
}

// --- rendering -------------------------------------------------------------------------------------------
function view() {
  return S.frame?.view;
}

function numSeats() {
  return view()?.hand_sizes.length ?? S.summary?.num_seats ?? 4;
}

function relPos(s) {
  const n = numSeats();
  const rel = (s - (S.seat ?? 0) + n) % n;
  return n === 2 ? rel * 2 : rel;
}

function teamOf(s) {
  return numSeats() === 2 ? s : s % 2;
}

function render() {
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
  $("score").replaceChildren(...scoreSheet(v).filter(Boolean));
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

function trumpText(v) {
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

// --- the hand and card-by-card picking -------------------------------------------------------------
function legal() {
  return view()?.legal ?? [];
}

function pickMode() {
  const l = legal();
  return l.length > 0 && l.every(isCard);
}

function pickVerb() {
  return view().phase === "kitty" ? "bury" : "play";
}

function pickedCards() {
  const hand = view()?.hand ?? [];
  return S.pick.map((i) => hand[i]);
}

function selectableNow() {
  if (S.selectable) return new Set(S.selectable.cards);
  return new Set(S.pick.length ? [] : legal());
}

function playableCards() {
  return new Set(
    legal()
      .map((a) => a.split(" "))
      .filter((w) => w[0] === "play" && w.length === 2)
      .map((w) => w[1]),
  );
}

function clickCard(index) {
  const v = view();
  const card = v.hand[index];
  if (pickMode()) {
    const at = S.pick.indexOf(index);
    if (at >= 0) S.pick.splice(at, 1);
    else if (selectableNow().has(card)) S.pick.push(index);
    else {
      showError({ code: "illegal_action", reason: "" });
      return;
    }
    S.selectable = null;
    send({ type: "select", picked: pickedCards() });
    renderHand();
    renderControls();
    return;
  }
  act(`play ${card}`);
}

function renderHand() {
  const v = view();
  if (!v) return;
  const box = $("hand");
  const focused = document.activeElement?.dataset?.index;
  const isTrump = trumpTest(v.game, v.trump);
  const myTurn = S.seat != null && S.frame.acting.includes(S.seat) && !S.frame.over;
  const picking = myTurn && pickMode();
  const can = picking ? selectableNow() : playableCards();
  const sorted = sortHand(v.hand, v.game, v.trump);
  const groups = [[], []];
  for (const { card, index } of sorted) {
    const picked = S.pick.includes(index);
    const live = picked || can.has(card);
    const button = h(
      "button",
      {
        type: "button",
        class: `card suit-${card[1]}${isTrump(card) ? " trump" : ""}${live && myTurn ? " playable" : ""}${picked ? " picked" : ""}`,
        "aria-label": cardName(card, isTrump(card)),
        title: cardName(card, isTrump(card)),
        "aria-pressed": picking ? String(picked) : null,
        "data-card": card,
        "data-index": index,
        onclick: () => clickCard(index),
      },
      h("span", { "aria-hidden": "true" }, cardFace(card)),
    );
    groups[isTrump(card) ? 0 : 1].push(button);
  }
  const parts = [];
  if (groups[0].length) parts.push(h("div", { class: "group trumps", role: "group", "aria-label": t("table.trumps") }, groups[0]));
  if (groups[1].length) parts.push(h("div", { class: "group plain", role: "group", "aria-label": t("table.plain") }, groups[1]));
  box.replaceChildren(...parts);
  box.setAttribute("aria-label", t("table.hand"));
  if (focused != null) box.querySelector(`[data-index="${focused}"]`)?.focus();
}

// Arrow keys move along the hand; Tab reaches it and every other control.
function handKeys(event) {
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
  const cards = [...$("hand").querySelectorAll("button.card")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0) return;
  const next = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: cards.length - 1 }[event.key];
  cards[Math.max(0, Math.min(cards.length - 1, next))].focus();
  event.preventDefault();
}

// --- each game's controls, from the legal actions -------------------------------------------------
function actionLabel(action) {
  const [verb, ...rest] = action.split(" ");
  const arg = rest.join(" ");
  if (verb === "bid") return /^\d+$/.test(arg) ? t("bid.n", { n: arg }) : has(`bid.${arg}`) ? t(`bid.${arg}`) : arg;
  if (has(`act.${verb}`)) return rest.length ? t(`act.${verb}`, { cards: rest.map(cardFace).join(" ") }) : t(`act.${verb}`);
  return action;
}

function actionName(action) {
  // the accessible name: card names instead of symbols
  const [verb, ...rest] = action.split(" ");
  if (rest.length && rest.every(isCard) && has(`act.${verb}`)) return t(`act.${verb}`, { cards: rest.map((c) => cardName(c)).join(", ") });
  return actionLabel(action);
}

function renderControls() {
  const v = view();
  const body = $("control-body");
  if (!v || S.seat == null || S.frame.over || !S.frame.acting.includes(S.seat)) return body.replaceChildren();
  const l = legal();
  const parts = [];
  if (pickMode()) {
    const complete = Boolean(S.selectable?.complete) && S.pick.length > 0;
    parts.push(
      h("p", { class: "hint" }, t("table.pick_hint")),
      h(
        "div",
        { class: "pick-bar" },
        h("span", { "aria-live": "polite" }, t("table.picked", { n: S.pick.length }), " ", cardsFace(pickedCards())),
        h("button", { type: "button", class: "primary", id: "pick-go", disabled: !complete, onclick: () => act(`${pickVerb()} ${pickedCards().join(" ")}`) }, t(pickVerb() === "bury" ? "table.bury" : "table.play")),
        h(
          "button",
          {
            type: "button",
            id: "pick-clear",
            disabled: !S.pick.length,
            onclick: () => {
              S.pick = [];
              S.selectable = null;
              renderHand();
              renderControls();
            },
          },
          t("table.clear"),
        ),
      ),
    );
  }
  const bids = l.filter((a) => a.startsWith("bid "));
  if (bids.length) {
    parts.push(h("div", { class: "bid-pad", role: "group", "aria-label": t("table.bid_pad") }, bids.map((a) => h("button", { type: "button", class: "bid", onclick: () => act(a), "aria-label": actionName(a) }, actionLabel(a)))));
  }
  const others = l.filter((a) => !a.startsWith("bid ") && !isCard(a) && !(a.startsWith("play ") && a.split(" ").length === 2));
  if (others.includes("draw")) {
    parts.push(
      h(
        "label",
        { class: "auto" },
        h("input", {
          type: "checkbox",
          checked: S.autoDraw,
          onchange: (e) => {
            S.autoDraw = e.target.checked;
            autoDraw();
          },
        }),
        " ",
        t("table.auto_draw"),
      ),
    );
  }
  const button = (a) => h("button", { type: "button", class: "action", "data-action": a, onclick: () => act(a), "aria-label": actionName(a) }, actionLabel(a));
  // All Fours' exposing is open to every seat through the play: offered folded, out of the way
  const exposes = others.filter((a) => a.startsWith("expose "));
  const main = others.filter((a) => !a.startsWith("expose "));
  if (main.length) parts.push(h("div", { class: "actions" }, main.map(button)));
  if (exposes.length) {
    parts.push(h("details", { class: "expose", open: S.exposeOpen, ontoggle: (e) => (S.exposeOpen = e.target.open) }, h("summary", {}, t("table.expose_menu")), h("div", { class: "actions folded" }, exposes.map(button))));
  }
  body.replaceChildren(...parts);
}

function autoDraw() {
  const v = view();
  if (!v || !S.autoDraw || S.seat == null || v.to_move !== S.seat || !legal().includes("draw")) return;
  if (S.drawSent === S.frame.version) return;
  S.drawSent = S.frame.version;
  const version = S.frame.version;
  setTimeout(() => {
    if (S.frame.version === version && S.autoDraw) act("draw");
  }, 250);
}

// --- the last trick, round summaries, the log -----------------------------------------------------------
function renderLast() {
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
  const isTrump = trumpTest(v.game, trump);
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

function renderBanner() {
  const box = $("banner");
  const f = S.frame;
  if (f.over) {
    const w = f.result?.winner ?? view().winner;
    box.hidden = false;
    fill(box, h("strong", {}, t("table.over"), " ", w == null ? "" : t("table.winner", { n: w + 1 })), " ", f.result?.scores ? (f.result.scores || []).join(" – ") : "");
    return;
  }
  const e = S.banner;
  box.hidden = !e;
  if (!e) return box.replaceChildren();
  fill(box,
    h("strong", {}, t("table.round_summary", { n: e.deal_number })),
    " ",
    (e.scores || []).map((s, i) => `${t("table.team", { n: i + 1 })}: ${s}`).join(" · "),
    " ",
    h(
      "button",
      {
        type: "button",
        onclick: () => {
          S.banner = null;
          renderBanner();
        },
      },
      t("table.close"),
    ),
  );
}

function appendLog(events) {
  const log = $("log");
  const lines = (events ?? S.events).map((e) => narrate(e, seatName, S.seat)).filter(Boolean).slice(-300);
  if (!events) log.replaceChildren();
  log.append(...lines.map((line) => h("li", {}, line)));
  while (log.children.length > 300) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

// --- the replay of a finished game: every event the seat saw, step by step, narrated as in the log ---------
// A step is one event that makes a line of the log (the deal, the turn-up, bids, declarations and
// decisions, the kitty, each play, trick winners, deal scores, game over); beside it, the trick as it
// stood and the deal's lines so far. Events only the log needs are folded into the steps around them.
function replaySteps() {
  const steps = [];
  const game = view().game;
  let deal = 1;
  let trump = null;
  let trick = [];
  let lines = [];
  for (const e of S.events) {
    if (e.kind === "deal_started") {
      deal = e.deal_number;
      trump = null;
      trick = [];
      lines = [];
    }
    if (e.kind === "trump_set") trump = game === "tractor" ? { rank: e.rank, suit: e.suit } : e.suit;
    if (e.kind === "played") trick = [...(trick.winner == null ? trick : []), [e.seat, e.cards]];
    if (e.kind === "trick_won") trick = Object.assign([...e.trick.plays], { winner: e.trick.winner });
    const line = narrate(e, seatName, S.seat);
    if (!line) continue;
    lines = [...lines, line];
    steps.push({ deal, trump, trick, lines, kind: e.kind });
  }
  return steps;
}

function renderReplay() {
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
  const game = view().game;
  const isTrump = trumpTest(game, step.trump);
  $("replay-step").textContent = t("replay.step", { deal: step.deal, n: S.replay + 1, total: steps.length });
  const plays = step.trick.map(([s, cards]) => h("li", {}, h("span", {}, seatName(s), ": "), cards.map((c) => faceCard(c, isTrump(c)))));
  if (step.trick.winner != null) plays.push(h("li", {}, t("table.won_by", { name: seatName(step.trick.winner) })));
  const earlier = step.lines.slice(-8, -1);
  // the step's line is a live region of its own: a screen reader says it, not the whole panel
  $("replay-line").textContent = step.lines[step.lines.length - 1];
  $("replay-line").dataset.kind = step.kind;
  fill(
    $("replay-body"),
    step.trump == null ? null : h("p", {}, `${t("table.trump")}: ${trumpText({ game, trump: step.trump })}`),
    plays.length ? h("ul", { class: "last-list", "aria-label": t("table.trick") }, plays) : null,
    earlier.length ? h("ol", { class: "replay-earlier", start: step.lines.length - earlier.length, "aria-label": t("replay.deal_so_far") }, earlier.map((line) => h("li", {}, line))) : null,
  );
  $("replay-first").disabled = $("replay-prev").disabled = S.replay === 0;
  $("replay-next").disabled = $("replay-last").disabled = S.replay === steps.length - 1;
}

function replayGo(to) {
  const focused = $("replay").contains(document.activeElement);
  S.replay = to;
  renderReplay();
  // a button that becomes disabled loses the focus: keep it in the panel, where the keys work
  const now = document.activeElement;
  if (focused && (now.disabled || !$("replay").contains(now))) $("replay-controls").querySelector("button:not(:disabled)")?.focus();
}

// Arrow keys step, Home and End go to the first and last step, anywhere in the replay panel.
function replayKeys(event) {
  const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  if (event.key in moves) replayGo(S.replay + moves[event.key]);
  else if (event.key === "Home") replayGo(0);
  else if (event.key === "End") replayGo(1e9);
  else return;
  event.preventDefault();
}

function renderChat() {
  const log = $("chat-log");
  fill(log, S.chat.map((c) => h("li", {}, h("bdi", { class: "user" }, seatName(c.seat)), ": ", h("bdi", { class: "user" }, c.text))));
  log.scrollTop = log.scrollHeight;
  const seated = S.seat != null;
  $("chat-form").hidden = !seated;
  $("chat-watchers").hidden = seated;
}

function sendChat(event) {
  event.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text) return;
  send({ type: "chat", text });
  input.value = "";
}

// --- choosing a seat ------------------------------------------------------------------------------------
function showSit() {
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
      free.map((s) => h("button", { type: "button", class: "primary", onclick: () => sit(s.seat, name.value) }, t("table.sit", { n: s.seat + 1 }))),
      h("button", { type: "button", id: "watch-btn", onclick: () => watch() }, t("table.watch_only")),
    ),
  );
}

async function sit(seat, name) {
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

function watch() {
  S.token = null;
  startConnection();
}

function startConnection() {
  $("sit").hidden = true;
  setStatus(t("table.connecting"));
  if (S.ws) {
    const ws = S.ws;
    S.ws = null;
    ws.close();
  }
  connect();
}

async function start() {
  langSwitch($("lang"));
  translate();
  onLang(() => {
    translate();
    if (S.frame) {
      render();
      appendLog(null);
    } else if (!$("sit").hidden) showSit();
    renderError();
  });
  $("hand").addEventListener("keydown", handKeys);
  $("chat-form").addEventListener("submit", sendChat);
  $("replay-btn").addEventListener("click", () => replayGo(S.replay === null ? 0 : null));
  $("replay-first").addEventListener("click", () => replayGo(0));
  $("replay-prev").addEventListener("click", () => replayGo(S.replay - 1));
  $("replay-next").addEventListener("click", () => replayGo(S.replay + 1));
  $("replay-last").addEventListener("click", () => replayGo(1e9));
  $("replay").addEventListener("keydown", replayKeys);
  $("last-btn").addEventListener("click", () => {
    S.showLast = !S.showLast;
    renderLast();
  });
  setInterval(() => send({ type: "ping" }), 25000);
  await loadSummary();
  const saved = savedSeat(tableId);
  const watching = new URLSearchParams(location.search).has("watch");
  if (saved?.token) {
    S.token = saved.token;
    startConnection();
  } else if (watching) watch();
  else showSit();
  document.body.dataset.ready = "1";
}

start();

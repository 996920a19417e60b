// The people at the table, from the server's seats frames (docs/protocol.md): who sits where, who is
// away and when a stand-in acts for them, who is back; the log says each change; an invite link for
// each open seat. The server decides all of it (and marks a stand-in's actions in the events).
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { plural } from "./people_words.js";
import { $, S, seatName, tableId } from "./state.js";

// A seats frame: keep it, tell the log what changed, and take the players' names at once (the
// table's summary is fetched only now and then).
export function receiveSeats(frame) {
  const before = S.people?.seats ?? null;
  S.people = frame;
  S.peopleAt = performance.now();
  if (S.summary) {
    for (const info of frame.seats) {
      const seat = S.summary.seats?.[info.seat];
      if (seat) Object.assign(seat, { player: info.player, connected: info.connected });
    }
  }
  if (before) {
    for (const now of frame.seats) {
      const was = before[now.seat];
      const line = changeLine(was, now);
      if (line) peopleLog(line);
    }
  }
  tick();
}

const arriving = new Set(); // seats taken since this page opened whose player has not connected yet

function changeLine(was, now) {
  if (!was || now.bot) return null;
  const name = seatName(now.seat);
  const returning = !arriving.has(now.seat);
  if (now.connected) arriving.delete(now.seat);
  if (now.player && !was.player) {
    if (!now.connected) arriving.add(now.seat); // their first connection is an arrival, not a return
    return t("people.joined", { name, n: now.seat + 1 });
  }
  if (!now.player && was.player) return t("people.left", { n: now.seat + 1 });
  if (now.standin && !was.standin) return t("people.standin", { name });
  if (now.connected && !was.connected && returning) return t("people.back", { name });
  if (now.away && !was.away && was.connected) return t("people.away", { name });
  return null;
}

function peopleLog(line) {
  const log = $("log");
  log.append(h("li", { class: "people-line" }, line));
  log.scrollTop = log.scrollHeight;
  $("announce").textContent = line;
}

// Seconds until the stand-in acts for a seat (null: none due), counted down from the frame.
function standinLeft(info) {
  if (info?.standin_in == null) return null;
  return Math.max(0, Math.ceil(info.standin_in - (performance.now() - S.peopleAt) / 1000));
}

// What a seat's box shows of its player: away (with the countdown), a stand-in playing, or nothing.
export function presenceBadge(s) {
  const info = S.people?.seats?.[s];
  if (!info || info.bot || !info.player) return null;
  if (info.standin) return h("div", { class: "seat-presence" }, h("span", { class: "chip away standin", "data-presence": "standin" }, t("people.standin_badge")));
  if (!info.away) return null;
  const left = standinLeft(info);
  return h(
    "div",
    { class: "seat-presence" },
    h("span", { class: "chip away", "data-presence": "away" }, t("people.away_badge")),
    left == null ? null : h("span", { class: "countdown", "data-seat": s }, ` ${plural("people.countdown", left)}`),
  );
}

// The countdowns tick each second without a redraw of the table.
function tick() {
  for (const el of document.querySelectorAll(".countdown[data-seat]")) {
    const left = standinLeft(S.people?.seats?.[Number(el.dataset.seat)]);
    el.textContent = left == null ? "" : ` ${plural("people.countdown", left)}`;
  }
  for (const hook of tickers) hook();
}

const tickers = [];
// Something else that counts down with the seats frame's times (the pause after a deal).
export function onTick(fn) {
  tickers.push(fn);
}
setInterval(tick, 1000);

// An invite link for each open seat, with a copy button, for a seated player.
export function renderInvite() {
  const box = $("invite");
  if (!box) return;
  const open = (S.people?.seats ?? S.summary?.seats ?? []).filter((s) => !s.bot && !s.player);
  box.hidden = S.seat == null || !open.length || Boolean(S.frame?.over);
  if (box.hidden) return box.replaceChildren();
  fill(
    box,
    open.map((s) => {
      const url = `${location.origin}/table/${encodeURIComponent(tableId)}?seat=${s.seat}`;
      const field = h("input", { type: "text", readonly: true, value: url, class: "invite-url", "aria-label": t("people.invite_label", { n: s.seat + 1 }) });
      const copy = h("button", { type: "button", class: "copy", "data-seat": s.seat }, t("people.copy"));
      copy.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(url);
        } catch {
          field.select(); // no clipboard (an insecure origin): selected for the reader to copy
          document.execCommand?.("copy");
        }
        copy.textContent = t("people.copied");
      });
      return h("div", { class: "invite-row" }, h("span", {}, t("people.invite", { n: s.seat + 1 })), field, copy);
    }),
  );
}

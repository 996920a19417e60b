// A lesson at the card room (/learn/<game>): the step's words and the verdict on each attempt, beside
// the table the page draws as at any game. The engine checks every action; this page only words what
// the server says (a refusal's rule and params, the analysis's loss and label) in the chosen language.
import { actionWords } from "./coach.js";
import { connect } from "./connection.js";
import { h, playerName } from "./dom.js";
import { addGameWords, has, t } from "./i18n.js";
import { ruleText } from "./rules.js";
import { $, S, seatName } from "./state.js";
import { setStatus } from "./status.js";

export function isLesson() {
  return location.pathname.split("/").filter(Boolean)[0] === "learn";
}

export function startLesson() {
  const game = location.pathname.split("/").filter(Boolean)[1];
  const n = Number(new URLSearchParams(location.search).get("lesson") || 1);
  S.socket = `/ws/learn/${game}/${n}`;
  S.lesson = null;
  S.autoDraw = false; // the lesson draws for the learner; the page sends only what the learner chose
  $("lesson").hidden = false;
  document.body.classList.add("lesson-page");
  $("sit").hidden = true;
  setStatus(t("table.connecting"));
  connect();
}

export function receiveLesson(frame) {
  if (frame.words) addGameWords({ words: frame.words });
  if (frame.table) {
    // the learner's seat carries the name this device remembers, as at a table
    const seats = frame.table.seats.map((s) => (s.bot ? s : { ...s, player: playerName() || t("create.player_default") }));
    S.summary = { ...frame.table, seats };
  }
  S.lesson = frame;
  renderLesson();
}

function verdictText(v, unit) {
  let reason = v.reason;
  if (v.code && has(`rule.${v.code}`)) reason = ruleText(v.code, v.params || {}, seatName);
  return t(v.word, {
    action: actionWords(v.action),
    best: v.best ? actionWords(v.best) : "",
    reason,
    loss: v.loss == null ? "" : v.loss.toFixed(2),
    unit: t(`learn.unit.${unit}`),
    label: t(`learn.label.${v.label || "none"}`),
  });
}

export function renderLesson() {
  const L = S.lesson;
  if (!L) return;
  $("title").textContent = `${t("learn.heading")}: ${t(L.title)}`;
  document.title = `${t(L.title)} · tricktable`;
  // The title opens the lesson's introduction: open at the first step on a wide screen; on a phone
  // it is a tap away, so that the step's words, the hand and the controls share one screen.
  const first = !L.step || L.step.index === 0;
  const open = S.lessonOpen ?? (first && matchMedia("(min-width: 900px)").matches);
  const more = h(
    "details",
    { class: "lesson-more", open: open ? "" : null },
    h("summary", { onclick: () => (S.lessonOpen = !more.open) }, h("h2", { id: "lesson-h" }, t(L.title)), h("span", { class: "lesson-about" }, t("learn.about"))),
    h("p", { class: "lesson-intro" }, t(L.intro)),
  );
  const parts = [more];
  const v = L.verdict;
  let verdict = null;
  if (v) {
    const lang = v.word === "learn.refused" && !(v.code && has(`rule.${v.code}`)) ? "en" : null;
    verdict = h("p", { class: `verdict ${v.kind}`, "data-kind": v.kind, "data-rule": v.code, role: "status" }, h("span", { lang }, verdictText(v, L.unit)));
  }
  // "Right." closes the last step: it comes first, beside the next step's words (one line fewer
  // on a phone); any other verdict is about the step shown, and follows it
  if (verdict && v.kind === "right") parts.push(verdict);
  if (L.step) {
    parts.push(h("p", { class: "lesson-step", "data-step": L.step.index }, h("strong", {}, t("learn.step", { n: L.step.index + 1, of: L.steps })), " ", t(L.step.key)));
  }
  if (verdict && v.kind !== "right") parts.push(verdict);
  if (L.done) parts.push(h("p", { class: "lesson-end" }, t(L.end)), h("p", { class: "lesson-done", "data-done": "1" }, h("strong", {}, t("learn.done"))));
  $("lesson").replaceChildren(...parts);
}

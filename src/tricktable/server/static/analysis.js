// The analysis of the player's decisions in a finished game, beside its replay: asked for here, run by
// the server beside play (its progress polled), then each step's evaluation (the values of the legal
// actions, the best, the loss and the label), a graph of the expected score, and the mistakes marked.
// Every number comes from the server (POST/GET /api/tables/{id}/analysis/{seat}); this only draws.
import { actionLabel } from "./controls.js";
import { api, fill, h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { renderReplay, replayGo } from "./replay.js";
import { $, S, tableId } from "./state.js";

const POLL_MS = 1000;
const LABELS = ["inaccuracy", "mistake", "blunder"];
// what the page knows of the seat's analysis: {seat, status, done, total, analysis} or null (not asked)
let known = undefined;
let polling = false;

const path = () => `/api/tables/${encodeURIComponent(tableId)}/analysis/${S.seat}`;

async function fetchAnalysis(method = "GET") {
  try {
    known = await api(path(), { method });
  } catch (err) {
    known = err.code === "no_analysis" ? null : { status: "failed" };
  }
  if (known?.status === "running" && !polling) {
    polling = true;
    setTimeout(poll, POLL_MS);
  }
  renderReplay();
}

async function poll() {
  polling = false;
  if (S.replay === null) return; // closed: the next opening asks again
  await fetchAnalysis();
}

const number = (x) => new Intl.NumberFormat(lang(), { maximumFractionDigits: 2 }).format(x);

// The replay's step that shows a decision: the first at or after the seat's event the action made.
function stepOf(decision, steps) {
  const k = steps.findIndex((s) => s.event >= decision.event);
  return k < 0 ? steps.length - 1 : k;
}

function section() {
  let el = $("analysis");
  if (!el) {
    el = h("section", { id: "analysis", "aria-labelledby": "analysis-h" });
    $("replay-body").after(el);
  }
  return el;
}

export function renderAnalysis(steps) {
  const el = section();
  el.hidden = S.seat == null; // a seat's own decisions: a spectator has none
  if (el.hidden) return;
  if (known === undefined) {
    known = null;
    fetchAnalysis();
  }
  const heading = h("h3", { id: "analysis-h" }, t("analysis.heading"));
  const status = known?.status;
  const ask = h("button", { type: "button", id: "analysis-btn", onclick: () => fetchAnalysis("POST") }, t("analysis.request"));
  if (known == null || status === "failed" || status === "lost") {
    return fill(el, heading, status ? h("p", { role: "status" }, t("analysis.failed")) : null, ask);
  }
  if (status === "running") {
    const words = known.total ? t("analysis.running", { done: known.done, total: known.total }) : t("analysis.waiting");
    const bar = h("progress", { max: known.total || 1, value: known.done, "aria-hidden": "true" });
    return fill(el, heading, h("p", { id: "analysis-progress", role: "status" }, words), bar);
  }
  const { decisions, summary } = known.analysis;
  const at = decisions.map((d) => stepOf(d, steps));
  const here = at.indexOf(S.replay);
  fill(el, heading, summaryLine(summary), graph(decisions, here), mistakes(decisions, at), evaluation(decisions[here]));
}

function summaryLine(summary) {
  if (!summary) return null;
  const counts = LABELS.filter((l) => summary.labels[l]).map((l) => `${t(`analysis.${l}`)}: ${summary.labels[l]}`);
  return h("p", { id: "analysis-summary", role: "status" }, [t("analysis.summary", { n: summary.decisions, loss: number(summary.average_loss) }), ...counts].join(" · "));
}

// --- the graph: the expected score after each decision, drawn from the server's numbers ------------
const SVG = "http://www.w3.org/2000/svg";
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...children);
  return el;
}

function graph(decisions, here) {
  const W = 320, H = 120, PAD = 8;
  const best = decisions.map((d) => d.values[d.best]);
  const chosen = decisions.map((d) => d.value);
  const top = Math.max(0, ...best, ...chosen);
  const bottom = Math.min(0, ...best, ...chosen);
  const span = top - bottom || 1;
  const x = (i) => PAD + (decisions.length > 1 ? (i * (W - 2 * PAD)) / (decisions.length - 1) : (W - 2 * PAD) / 2);
  const y = (v) => PAD + ((top - v) * (H - 2 * PAD)) / span;
  const line = (values) => values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const svg = s(
    "svg",
    { id: "analysis-graph", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("analysis.graph") },
    s("line", { class: "zero", x1: PAD, x2: W - PAD, y1: y(0), y2: y(0) }),
    s("polyline", { class: "best", points: line(best) }),
    s("polyline", { class: "chosen", points: line(chosen) }),
  );
  if (here >= 0) svg.append(s("line", { class: "here", x1: x(here), x2: x(here), y1: PAD / 2, y2: H - PAD / 2 }));
  decisions.forEach((d, i) => {
    if (d.label) svg.append(s("circle", { class: `mark ${d.label}`, cx: x(i), cy: y(d.value), r: d.label === "blunder" ? 5 : 4 }));
  });
  return svg;
}

// The mistakes, marked: each a button to its step.
function mistakes(decisions, at) {
  const marked = decisions.map((d, i) => [d, i]).filter(([d]) => d.label);
  if (!marked.length) return null;
  return h(
    "ul",
    { id: "analysis-marks", class: "analysis-marks" },
    marked.map(([d, i]) =>
      h("li", {}, h("button", { type: "button", class: `mark ${d.label}`, "data-label": d.label, "aria-label": `${t(`analysis.${d.label}`)}: ${t("analysis.go", { n: i + 1 })}`, onclick: () => replayGo(at[i]) }, `${t(`analysis.${d.label}`)} · ${actionLabel(d.action)}`)),
    ),
  );
}

// --- this step's evaluation ------------------------------------------------------------------------
function evaluation(d) {
  if (!d) return h("p", { id: "analysis-step", class: "hint" }, t("analysis.none"));
  const actions = Object.keys(d.values).sort((a, b) => d.values[b] - d.values[a]);
  const verdict = d.label ? h("strong", { class: `mark ${d.label}`, "data-label": d.label }, t(`analysis.${d.label}`)) : t(actions.length === 1 ? "analysis.forced" : "analysis.sound");
  const rows = actions.map((a) => {
    const notes = [a === d.best ? t("analysis.best") : null, a === d.action ? t("analysis.chosen") : null].filter(Boolean);
    const margin = d.margins[a] ? ` ± ${number(d.margins[a])}` : "";
    return h("tr", { class: a === d.action ? "chosen" : null }, h("td", {}, actionLabel(a), notes.length ? ` (${notes.join(", ")})` : ""), h("td", {}, number(d.values[a]) + margin));
  });
  return h(
    "div",
    { id: "analysis-step", "data-label": d.label ?? "" },
    h("p", {}, verdict, d.loss > 0 ? ` ${t("analysis.loss", { loss: number(d.loss) })}` : ""),
    h("table", { class: "analysis-values" }, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("analysis.action")), h("th", { scope: "col" }, t("analysis.value")))), h("tbody", {}, rows)),
  );
}

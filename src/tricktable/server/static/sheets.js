// The score sheet: drawn from the panel the server sends with each state (tables of rows of cells,
// lines and titled sections; see tricktable.core.panel), in the reader's language. It knows no game:
// each game builds its panel from its view, and its words come with it (i18n.js, loadGameWords: the
// page waits for them before it draws a table).
// A word that names a team carries the team's index (params.team): the reader's own is marked.
import { h } from "./dom.js";
import { cardsFace, has, t, tg } from "./i18n.js";

let mine = null; // the reader's team, while a sheet is drawn

const isMine = (p) => mine != null && p.params?.team === mine;

function piece(game, p) {
  if ("word" in p) {
    const said = p.fallback != null && !has(`${game}/${p.word}`) && !has(p.word) ? p.fallback : tg(game, p.word, p.params);
    return isMine(p) ? `${said} (${t("table.your_team")})` : said;
  }
  if ("cards" in p) return cardsFace(p.cards);
  return String(p.value);
}

const text = (game, pieces) => pieces.map((p) => piece(game, p)).join("");

function cell(game, tag, c, attrs = {}) {
  const classes = [c.big ? "big" : "", c.pieces.some(isMine) ? "team-mine" : ""].filter(Boolean).join(" ");
  return h(tag, classes ? { ...attrs, class: classes } : attrs, text(game, c.pieces));
}

// A table of this many columns or more is "wide": on a phone each of its rows is drawn as a block of
// labelled cells (style.css), as a row of seven columns does not fit 390 px.
const WIDE = 6;

function table(game, { caption, columns, rows }) {
  const labels = columns.map((c) => text(game, c.pieces));
  const label = (i) => (labels[i] ? { "data-label": labels[i] } : {});
  const headed = rows.some((r) => r.head);
  return h(
    "table",
    { class: columns.length >= WIDE ? "sheet wide" : "sheet" },
    caption ? h("caption", {}, text(game, caption.pieces)) : null,
    columns.length ? h("thead", {}, h("tr", {}, columns.map((c, i) => (i === 0 && headed && !c.pieces.length ? h("td") : cell(game, "th", c, { scope: "col" }))))) : null,
    h(
      "tbody",
      {},
      rows.map((r) => {
        const first = r.head ? 1 : 0; // the columns' labels: the row's head takes the first
        return h(
          "tr",
          {},
          r.head ? cell(game, "th", r.head, { scope: "row", ...label(0) }) : null,
          r.cells.map((c, i) => cell(game, "td", c, label(i + first))),
        );
      }),
    ),
  );
}

function part(game, p) {
  if (p.table) return table(game, p.table);
  if (p.line) return h("p", p.line.some(isMine) ? { class: "team-mine" } : {}, text(game, p.line));
  if (p.section) return h("div", { class: "section" }, h("h3", {}, text(game, p.section.title.pieces)), p.section.parts.map((q) => part(game, q)));
  return null;
}

// The sheet of a state frame: its panel, or the scores alone when it has none; ``team``: the
// reader's team (null: a spectator).
// ``finished``: the deal summary's order, the titled sections (the deal just finished) first.
export function scoreSheet(view, panel, team = null, finished = false) {
  if (!panel) return [h("p", {}, (view.scores || []).join(" – "))];
  mine = team;
  const parts = finished ? [...panel.parts.filter((p) => p.section), ...panel.parts.filter((p) => !p.section)] : panel.parts;
  try {
    return parts.map((p) => part(view.game, p));
  } finally {
    mine = null;
  }
}

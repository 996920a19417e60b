// The score sheet: drawn from the panel the server sends with each state (tables of rows of cells,
// lines and titled sections; see tricktable.core.panel), in the reader's language. It knows no game:
// each game builds its panel from its view, and its words come with it (i18n.js, loadGameWords).
import { h } from "./dom.js";
import { cardsFace, has, loadGameWords, tg } from "./i18n.js";

await loadGameWords();

function piece(game, p) {
  if ("word" in p) return p.fallback != null && !has(`${game}/${p.word}`) && !has(p.word) ? p.fallback : tg(game, p.word, p.params);
  if ("cards" in p) return cardsFace(p.cards);
  return String(p.value);
}

const text = (game, pieces) => pieces.map((p) => piece(game, p)).join("");

function cell(game, tag, c, attrs = {}) {
  return h(tag, c.big ? { ...attrs, class: "big" } : attrs, text(game, c.pieces));
}

function table(game, { caption, columns, rows }) {
  return h(
    "table",
    { class: "sheet" },
    caption ? h("caption", {}, text(game, caption.pieces)) : null,
    columns.length ? h("thead", {}, h("tr", {}, columns.map((c, i) => (i === 0 && rows.some((r) => r.head) && !c.pieces.length ? h("td") : cell(game, "th", c, { scope: "col" }))))) : null,
    h(
      "tbody",
      {},
      rows.map((r) => h("tr", {}, r.head ? cell(game, "th", r.head, { scope: "row" }) : null, r.cells.map((c) => cell(game, "td", c)))),
    ),
  );
}

function part(game, p) {
  if (p.table) return table(game, p.table);
  if (p.line) return h("p", {}, text(game, p.line));
  if (p.section) return h("div", { class: "section" }, h("h3", {}, text(game, p.section.title.pieces)), p.section.parts.map((q) => part(game, q)));
  return null;
}

// The sheet of a state frame: its panel, or the scores alone when it has none.
export function scoreSheet(view, panel) {
  if (!panel) return [h("p", {}, (view.scores || []).join(" – "))];
  return panel.parts.map((p) => part(view.game, p));
}

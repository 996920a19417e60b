// Each game's score sheet, from the view: All Fours' count to the target with High, Low, Jack and
// Game; Back Alley's bid-and-score table; Tractor's levels and the round's points.
import { h } from "./dom.js";
import { cardsFace, has, t } from "./i18n.js";

const teamHead = (n) => Array.from({ length: n }, (_, i) => h("th", { scope: "col" }, t("table.team", { n: i + 1 })));
const pair = (xs) => (xs || []).join(" – ");
const itemName = (item) => (has(`item.${item}`) ? t(`item.${item}`) : item);

function table(caption, head, rows) {
  return h("table", { class: "sheet" }, caption ? h("caption", {}, caption) : null, h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows));
}

function itemsTable(caption, items) {
  if (!items || !items.length) return null;
  return table(
    caption,
    [h("th", { scope: "col" }, t("sheet.item")), h("th", { scope: "col" }, t("table.team", { n: "" }).trim()), h("th", { scope: "col" }, t("sheet.points"))],
    items.map((it) => h("tr", {}, h("td", {}, itemName(it.item), it.cards?.length ? ` ${cardsFace(it.cards)}` : ""), h("td", {}, it.team + 1), h("td", {}, it.points))),
  );
}

function allFours(v) {
  const teams = v.scores.length;
  return [
    table(t("sheet.target", { n: v.target }), [h("td"), ...teamHead(teams)], [
      h("tr", {}, h("th", { scope: "row" }, t("sheet.points")), v.scores.map((s) => h("td", { class: "big" }, s))),
      h("tr", {}, h("th", { scope: "row" }, t("sheet.count")), v.game_count.map((s) => h("td", {}, s))),
      h("tr", {}, h("th", { scope: "row" }, t("sheet.tricks")), v.team_tricks.map((s) => h("td", {}, s))),
    ]),
    itemsTable(t("sheet.this_deal"), v.this_deal),
    v.last_round ? itemsTable(t("sheet.last_deal"), v.last_round.items) : null,
  ];
}

function bidText(bid) {
  if (/^\d+$/.test(bid)) return bid;
  return has(`bid.${bid}`) ? t(`bid.${bid}`) : bid;
}

function backAlley(v) {
  const rows = (v.sheet || []).map((r) =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, r.number),
      h("td", {}, r.size),
      h("td", {}, r.bids.map(([, b]) => bidText(b)).join(" · ")),
      h("td", {}, r.thrown_in ? t("sheet.thrown_in") : pair(r.tricks)),
      h("td", {}, pair(r.points)),
      h("td", { class: "big" }, pair(r.scores)),
    ),
  );
  return [
    h("p", {}, t("sheet.hand_of", { n: v.hand_number, total: v.hands_total }), " · ", teamHead(v.scores.length).map((th, i) => `${th.textContent}: ${v.scores[i]}`).join(", ")),
    rows.length
      ? table(
          null,
          ["sheet.hand", "sheet.size", "sheet.bids", "sheet.tricks", "sheet.points", "sheet.total"].map((k) => h("th", { scope: "col" }, t(k))),
          rows,
        )
      : h("p", {}, t("sheet.none")),
  ];
}

function tractor(v) {
  const out = [
    table(t("sheet.round", { n: v.round }), [h("td"), ...teamHead(v.levels.length)], [
      h("tr", {}, h("th", { scope: "row" }, t("sheet.levels")), v.levels.map((l) => h("td", { class: "big" }, l))),
      h("tr", {}, h("th", { scope: "row" }, t("sheet.tricks")), v.team_tricks.map((s) => h("td", {}, s))),
    ]),
    v.declarers == null ? null : h("p", {}, t("sheet.declarers", { n: v.declarers + 1 })),
    h("p", {}, t("sheet.opp_points", { n: v.points })),
  ];
  const last = v.last_round;
  if (last) {
    out.push(
      h(
        "div",
        { class: "last-round" },
        h("h3", {}, t("sheet.last_deal")),
        h("p", {}, t("sheet.opp_points", { n: last.points }), " · ", t("sheet.kitty", { n: last.kitty_points }), " ", cardsFace(last.kitty)),
        h("p", {}, t("sheet.levels"), ": ", pair(last.levels_before), " → ", pair(last.levels_after)),
      ),
    );
  }
  return out;
}

export function scoreSheet(view) {
  if (view.game === "all-fours") return allFours(view);
  if (view.game === "back-alley") return backAlley(view);
  if (view.game === "tractor") return tractor(view);
  return [h("p", {}, pair(view.scores))];
}

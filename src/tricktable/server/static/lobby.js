// The lobby: create a table (game, rules, bots per seat), join an open one, or watch one in play.
import { api, fill, h, playerName, saveSeat, savePlayerName } from "./dom.js";
import { addGameWords, has, langSwitch, onLang, t, translate } from "./i18n.js";
import { plural } from "./people_words.js";

const PACES = ["0.3", "0.8", "1.6"]; // a bot's pause before acting, in seconds (the server's default: 0.8)
const WAITS = ["30", "8", "0"]; // seconds the bots wait after a deal for the players to read its score
const REFRESH_MS = 5000; // the lists update by themselves

let games = [];
let tables = [];
const form = document.getElementById("create");
const errorBox = document.getElementById("error");

function showError(err) {
  errorBox.hidden = false;
  const key = `error.${err.code}`;
  fill(errorBox, 
    h("strong", {}, has(key) ? t(key) : t("error.other")),
    err.reason ? h("span", { lang: "en" }, " ", err.reason) : null,
  );
}

function botLabel(name) {
  return has(`bot.${name}`) ? t(`bot.${name}`) : name;
}

function gameLabel(name) {
  return has(`${name}/title`) ? t(`${name}/title`) : name;
}

// A choice's words: on/off, a named choice of the game's option, or the number itself.
function choiceLabel(game, option, value) {
  if (value === "true" || value === "false") return t(`choice.${value}`);
  const key = `${game}/choice.${option.name}.${value}`;
  return has(key) ? t(key) : value;
}

// An option's input, from its "allowed" text: "true, false", "2, 4", "1 to 40", or anything else.
function optionInput(game, option, id) {
  const allowed = String(option.allowed);
  const range = allowed.match(/^(-?\d+) to (-?\d+)$/);
  if (range) {
    return h("input", { id, type: "number", min: range[1], max: range[2], value: option.default, dataset: { kind: "int" } });
  }
  if (allowed.includes(",")) {
    const values = allowed.split(",").map((v) => v.trim());
    const kind = values.every((v) => v === "true" || v === "false") ? "bool" : values.every((v) => /^-?\d+$/.test(v)) ? "int" : "str";
    return h("select", { id, dataset: { kind } }, values.map((v) => h("option", { value: v, selected: String(option.default) === v }, choiceLabel(game, option, v))));
  }
  return h("input", { id, type: "text", value: option.default ?? "", dataset: { kind: "str" } });
}

function optionValue(el) {
  if (el.dataset.kind === "bool") return el.value === "true";
  if (el.dataset.kind === "int") return Number(el.value);
  return el.value;
}

function renderForm() {
  const previous = new FormData(form);
  const gameName = previous.get("game") || games[0]?.name;
  const game = games.find((g) => g.name === gameName) || games[0];
  if (!game) return;
  const seats = [];
  for (let s = 0; s < game.num_seats; s++) {
    if (s === 0) {
      seats.push(h("li", {}, t("create.seat", { n: s + 1 }), ": ", h("strong", {}, t("create.you"))));
      continue;
    }
    const id = `seat-${s}`;
    const was = previous.get(id) || game.default_bot;
    seats.push(
      h(
        "li",
        {},
        h("label", { for: id }, t("create.seat", { n: s + 1 })),
        " ",
        h(
          "select",
          { id, name: id },
          h("option", { value: "", selected: was === "" }, t("create.open")),
          game.bots.map((b) => h("option", { value: b, selected: was === b }, t("create.bot", { level: botLabel(b) }))),
        ),
      ),
    );
  }
  const preset = previous.get("preset") || "";
  // an option, choice or preset the catalogue does not know yet keeps the engine's English, marked as such
  const options = game.options.map((o) => {
    const id = `opt-${o.name}`;
    const key = `${game.name}/opt.${o.name}`;
    const known = has(key);
    return h(
      "div",
      { class: "option" },
      h("label", { for: id, lang: known ? null : "en" }, known ? t(key) : o.name.replaceAll("_", " ")),
      " ",
      optionInput(game.name, o, id),
      h("small", { class: "doc", lang: known ? null : "en" }, known ? t(`${key}.help`) : o.doc),
    );
  });
  const presetOption = (p) => {
    const key = `${game.name}/preset.${p}`;
    return h("option", { value: p, selected: p === preset, lang: has(key) ? null : "en" }, has(key) ? t(key) : p);
  };
  fill(form, 
    h(
      "div",
      { class: "row" },
      h("label", { for: "game" }, t("create.game")),
      h("select", { id: "game", name: "game", onchange: renderForm }, games.map((g) => h("option", { value: g.name, selected: g.name === game.name }, gameLabel(g.name)))),
    ),
    h("div", { class: "row" }, h("label", { for: "player" }, t("create.player")), h("input", { id: "player", name: "player", maxlength: 40, value: previous.get("player") || playerName() || t("create.player_default"), required: true })),
    h("div", { class: "row" }, h("label", { for: "tname" }, t("create.name")), h("input", { id: "tname", name: "tname", maxlength: 80, value: previous.get("tname") || "", placeholder: t("create.name_by", { name: previous.get("player") || playerName() || t("create.player_default") }) })),
    h(
      "div",
      { class: "row" },
      h("label", { for: "preset" }, t("create.preset")),
      h("select", { id: "preset", name: "preset", onchange: renderForm }, h("option", { value: "" }, t("create.preset_standard")), game.presets.map(presetOption)),
    ),
    preset ? null : h("details", {}, h("summary", {}, t("create.options")), options),
    h("fieldset", {}, h("legend", {}, t("create.seats")), h("ul", { class: "seats" }, seats)),
    h("div", { class: "row" }, h("label", { for: "bot-pause" }, t("create.bot_pause")), h("select", { id: "bot-pause", name: "bot_pause" }, PACES.map((p) => h("option", { value: p, selected: (previous.get("bot_pause") || "0.8") === p }, t(`create.pace.${p}`))))),
    h("div", { class: "row" }, h("label", { for: "deal-pause" }, t("create.deal_pause")), h("select", { id: "deal-pause", name: "deal_pause" }, WAITS.map((w) => h("option", { value: w, selected: (previous.get("deal_pause") || "30") === w }, t(`create.wait.${w}`))))),
    h("div", { class: "row" }, h("label", { for: "coach" }, t("create.coach")), h("input", { id: "coach", name: "coach", type: "checkbox", checked: previous.get("coach") === "on" }), h("small", { class: "doc" }, t("create.coach_help"))),
    h("button", { type: "submit", class: "primary" }, t("create.submit")),
  );
}

async function create(event) {
  event.preventDefault();
  errorBox.hidden = true;
  const data = new FormData(form);
  const game = games.find((g) => g.name === data.get("game"));
  const player = String(data.get("player") || "").trim() || t("create.player_default");
  savePlayerName(player);
  let config = data.get("preset") || null;
  if (!config) {
    config = {};
    for (const o of game.options) {
      const el = document.getElementById(`opt-${o.name}`);
      const value = optionValue(el);
      if (String(value) !== String(o.default)) config[o.name] = value;
    }
  }
  const bots = [null];
  for (let s = 1; s < game.num_seats; s++) bots.push(data.get(`seat-${s}`) || null);
  // a table is named after the player who made it, unless they name it
  const name = String(data.get("tname") || "").trim() || t("create.name_by", { name: player });
  const pace = { bot_pause: Number(data.get("bot_pause") || 0.8), deal_pause: Number(data.get("deal_pause") || 30), coach: data.get("coach") === "on" };
  try {
    const table = await api("/api/tables", { method: "POST", body: { game: game.name, name, config, bots, ...pace } });
    const joined = await api(`/api/tables/${table.id}/seats/0`, { method: "POST", body: { name: player } });
    saveSeat(table.id, { seat: 0, token: joined.token, name: player });
    location.href = `/table/${table.id}`;
  } catch (err) {
    showError(err);
  }
}

// Whether anyone has the table open: a table whose players have all gone is played on by stand-in
// bots, so it is listed last and marked.
function deserted(table) {
  return !table.seats.some((s) => s.connected);
}

function renderTables() {
  const open = [];
  const watch = [];
  const sorted = [...tables].sort((a, b) => deserted(a) - deserted(b));
  for (const table of sorted) {
    const free = table.seats.filter((s) => !s.bot && !s.player).length;
    const played = table.version ? plural("lobby.played", table.version) : t("lobby.not_started");
    const nobody = () => (deserted(table) ? h("span", { class: "chip nobody" }, t("lobby.nobody")) : null);
    const desc = `${gameLabel(table.game)} · ${played}`;
    const mark = { class: deserted(table) ? "deserted" : null, "data-table": table.id };
    if (free > 0) {
      open.push(h("li", mark, h("a", { href: `/table/${table.id}`, class: "button" }, t("lobby.join", { name: "" }), h("bdi", { class: "user" }, table.name)), " ", h("span", {}, `${desc} · ${plural("lobby.free", free)}`), " ", nobody()));
    }
    watch.push(h("li", mark, h("a", { href: `/table/${table.id}?watch=1`, class: "button" }, t("lobby.watch_table", { name: "" }), h("bdi", { class: "user" }, table.name)), " ", h("span", {}, desc), " ", nobody()));
  }
  document.getElementById("open").replaceChildren(...(open.length ? open : [h("li", {}, t("lobby.none"))]));
  document.getElementById("watch").replaceChildren(...(watch.length ? watch : [h("li", {}, t("lobby.none"))]));
}

// A guided first game of each game that has lessons, and its further lessons.
function renderLearn() {
  const link = (g, n) => h("a", { href: n === 1 ? `/learn/${g.name}` : `/learn/${g.name}?lesson=${n}`, class: "button", "data-lesson": n }, n === 1 ? t("learn.play", { game: gameLabel(g.name) }) : t("learn.lesson_n", { n }));
  const items = games.filter((g) => g.lessons > 0).map((g) => h("li", { "data-game": g.name }, Array.from({ length: g.lessons }, (_, i) => [link(g, i + 1), " "]).flat()));
  document.getElementById("learn").replaceChildren(...items);
}

async function refresh() {
  try {
    tables = (await api("/api/tables")).tables;
    renderTables();
  } catch (err) {
    showError(err);
  }
}

async function start() {
  langSwitch(document.getElementById("lang"));
  translate();
  form.addEventListener("submit", create);
  document.getElementById("refresh").addEventListener("click", refresh);
  onLang(() => {
    translate();
    renderForm();
    renderTables();
    renderLearn();
  });
  try {
    const catalogue = await api("/api/games");
    addGameWords(catalogue);
    games = catalogue.games;
  } catch (err) {
    showError(err);
    return;
  }
  renderForm();
  renderLearn();
  await refresh();
  setInterval(() => document.visibilityState === "visible" && refresh(), REFRESH_MS);
  document.body.dataset.ready = "1";
}

start();

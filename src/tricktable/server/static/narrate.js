// The game log, narrated from the events the server sends (in the chosen language).
import { cardsFace, has, scoreUnit, t } from "./i18n.js";
import { view } from "./state.js";

function suitText(suit, rank) {
  const parts = [];
  if (rank) parts.push(rank === "T" ? "10" : rank);
  parts.push(suit ? `${t(`suit.${suit}`)} ${{ S: "♠", H: "♥", D: "♦", C: "♣" }[suit]}` : t("table.no_trump"));
  return parts.join(" · ");
}

// One line for an event, or null for events not worth a line (another seat's face-down card); the
// server marks the events of a stand-in bot's actions for an absent player, and the line says so.
export function narrate(event, names, mySeat) {
  const said = line(event, names, mySeat);
  return said && event.standin ? said.replace(/\.?$/, ` ${t("people.by_standin")}.`) : said;
}

function line(event, names, mySeat) {
  const name = (s) => names(s);
  const cards = (cs) => cardsFace(cs);
  switch (event.kind) {
    case "deal_started":
      return t("log.deal_started", { n: event.deal_number, name: name(event.dealer) });
    case "dealt":
      return event.cards && event.seat === mySeat && event.count > 1 ? t("log.dealt", { cards: cards(event.cards) }) : null;
    case "turned_up":
      return t("log.turned_up", { name: name(event.seat), cards: cards([event.card]) });
    case "discarded":
      return t("log.discarded", { name: name(event.seat), cards: cards(event.cards) });
    case "trump_set":
      return t("log.trump_set", { suit: suitText(event.suit, event.rank) });
    case "bid":
      return t("log.bid", { name: name(event.seat), bid: /^\d+$/.test(event.bid) ? event.bid : has(`bid.${event.bid}`) ? t(`bid.${event.bid}`) : event.bid });
    case "decided":
      return t("log.decided", { name: name(event.seat), word: has(`word.${event.word}`) ? t(`word.${event.word}`) : event.word });
    case "declared":
      return t("log.declared", { name: name(event.seat), cards: cards(event.cards) });
    case "kitty_taken":
      return t("log.kitty_taken", { name: name(event.seat) });
    case "kitty_buried":
      return t("log.kitty_buried", { name: name(event.seat) });
    case "played":
      if (event.attempted) return t("log.failed_throw", { name: name(event.seat), tried: cards(event.attempted), cards: cards(event.cards) });
      return t("log.played", { name: name(event.seat), cards: cards(event.cards) });
    case "trick_won":
      return event.trick.points
        ? t("log.trick_points", { name: name(event.trick.winner), n: event.trick.points })
        : t("log.trick_won", { name: name(event.trick.winner) });
    case "exposed":
      return t("log.exposed", { name: name(event.seat), cards: cards([event.card]) });
    case "called":
      return t("log.called", { name: name(event.seat), cards: cards([event.card]) });
    case "scored":
      return t("log.scored", { item: has(`item.${event.item}`) ? t(`item.${event.item}`) : event.item, n: event.points, team: event.team + 1 });
    case "revealed":
      return t("log.revealed", { cards: cards(event.cards) });
    case "deal_scored":
      // The scores in the game's unit: a level-climbing game's are levels, said so.
      return t(scoreUnit(view()?.game) === "levels" ? "log.deal_scored_levels" : "log.deal_scored", {
        n: event.deal_number,
        scores: (event.scores || []).join(" – "),
      });
    case "game_over":
      return event.winner == null ? t("table.over") : t("log.game_over", { n: event.winner + 1 });
    default:
      return null;
  }
}

// The cards' faces and backs, drawn here as SVG (no image files, no fonts to fetch): a corner index
// (rank over suit, also upside down in the opposite corner) that stays readable when cards overlap,
// the pips of 2-10 in the usual places, simple mirrored figures for the court cards, and a jester for
// each joker (the big one in colour, the little one in black and grey). The suits and the back are
// symbols of one sprite put in the page once; each card is built once and cloned after.

const NS = "http://www.w3.org/2000/svg";
const RED = "#c0141c";
const BLACK = "#1b1b1f";
const GOLD = "#d9a520";
const NAVY = "#1f3a68";

// Each suit on a 100 x 100 box.
const SUIT_PATHS = {
  H: "M50 92C30 74 2 56 2 30C2 14 14 4 27 4C38 4 46 11 50 20C54 11 62 4 73 4C86 4 98 14 98 30C98 56 70 74 50 92Z",
  D: "M50 2L88 50L50 98L12 50Z",
  S: "M50 3C62 22 96 40 96 62C96 77 85 86 73 86C64 86 58 82 54 76C55 86 60 93 68 98L32 98C40 93 45 86 46 76C42 82 36 86 27 86C15 86 4 77 4 62C4 40 38 22 50 3Z",
  C: "M50 4A21 21 0 0 1 69 36A21 21 0 1 1 56 74C57 85 61 92 68 98L32 98C39 92 43 85 44 74A21 21 0 1 1 31 36A21 21 0 0 1 50 4Z",
};

function el(name, attrs = {}, ...children) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

// The sprite: the four suits and the back's pattern, put in the page once.
export function installSprite() {
  if (document.getElementById("card-sprite")) return;
  const defs = el("defs");
  for (const [suit, d] of Object.entries(SUIT_PATHS)) {
    defs.append(el("symbol", { id: `suit-${suit}`, viewBox: "0 0 100 100" }, el("path", { d, fill: suit === "H" || suit === "D" ? RED : BLACK })));
  }
  for (const r of "AKQJT98765432") {
    for (const [tag, fill] of [["r", RED], ["b", BLACK]]) {
      const rank = r === "T" ? "10" : r;
      const text = el("text", { x: "13", y: "27", "text-anchor": "middle", fill, "font-size": "26", "font-weight": "700", ...(r === "T" ? { textLength: "24", lengthAdjust: "spacingAndGlyphs" } : {}) }, rank);
      defs.append(el("symbol", { id: `rank-${r}-${tag}`, viewBox: "0 0 26 30" }, text));
    }
  }
  defs.append(
    el(
      "pattern",
      { id: "back-lattice", width: "12", height: "12", patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      el("rect", { width: "12", height: "12", fill: "#23407a" }),
      el("path", { d: "M0 6H12M6 0V12", stroke: "#3d64ad", "stroke-width": "2" }),
      el("circle", { cx: "6", cy: "6", r: "1.6", fill: "#e6c25a" }),
    ),
  );
  const sprite = el("svg", { id: "card-sprite", width: "0", height: "0", "aria-hidden": "true", focusable: "false" }, defs);
  sprite.style.position = "absolute";
  document.body.prepend(sprite);
}

const pip = (suit, x, y, size, flip = false) =>
  el("use", { href: `#suit-${suit}`, x: x - size / 2, y: y - size / 2, width: size, height: size, ...(flip ? { transform: `rotate(180 ${x} ${y})` } : {}) });

// Pip places for 2-10 (x, y) on the 100 x 140 card; pips below the middle are drawn upside down.
const L = 36;
const C = 50;
const R = 64;
const PIPS = {
  2: [[C, 30], [C, 110]],
  3: [[C, 30], [C, 70], [C, 110]],
  4: [[L, 30], [R, 30], [L, 110], [R, 110]],
  5: [[L, 30], [R, 30], [C, 70], [L, 110], [R, 110]],
  6: [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110], [R, 110]],
  7: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [L, 110], [R, 110]],
  8: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [C, 90], [L, 110], [R, 110]],
  9: [[L, 28], [R, 28], [L, 55], [R, 55], [C, 70], [L, 85], [R, 85], [L, 112], [R, 112]],
  T: [[L, 28], [R, 28], [C, 41], [L, 55], [R, 55], [L, 85], [R, 85], [C, 99], [L, 112], [R, 112]],
};

// The index: the rank (a symbol of the sprite, so that the page's text, and what a screen reader
// compares a card's name with, is the card's name only) over the suit.
const index = (r, suit, color) =>
  el("g", { class: "index" }, el("use", { href: `#rank-${r}-${color === RED ? "r" : "b"}`, x: "0", y: "0", width: "26", height: "30" }), pip(suit, 13, 42, 18));

// Half a court figure (the card shows it twice, the lower one turned round): robe, collar, head and
// the rank's headwear (a crown, a diadem, a feathered cap).
function courtHalf(rank, robe) {
  const half = el(
    "g",
    {},
    el("path", { d: "M31 70V62Q31 51 43 49H57Q69 51 69 62V70Z", fill: robe }),
    el("path", { d: "M41 49L50 60L59 49", fill: "none", stroke: GOLD, "stroke-width": "3" }),
    el("path", { d: "M37 70V63M63 70V63", stroke: GOLD, "stroke-width": "2" }),
    el("circle", { cx: "50", cy: "39", r: "8.5", fill: "#f4d7b8", stroke: "#7a4b2a", "stroke-width": "1" }),
  );
  if (rank === "K") half.append(el("path", { d: "M41 32V21L45.5 26L50 18L54.5 26L59 21V32Z", fill: GOLD, stroke: "#8a6400", "stroke-width": "1" }));
  if (rank === "Q") {
    half.append(
      el("path", { d: "M40 40Q39 27 50 27Q61 27 60 40Q57 32 50 32Q43 32 40 40Z", fill: "#6b3b1f" }),
      el("path", { d: "M42 31Q50 20 58 31Z", fill: GOLD, stroke: "#8a6400", "stroke-width": "1" }),
      el("circle", { cx: "50", cy: "25", r: "2.2", fill: robe }),
    );
  }
  if (rank === "J") {
    half.append(
      el("path", { d: "M40 34Q41 24 51 24Q60 25 61 34Z", fill: robe, stroke: "#000", "stroke-width": "0.8" }),
      el("path", { d: "M57 27Q65 15 72 17Q66 21 60 31Z", fill: GOLD }),
    );
  }
  return half;
}

function court(rank, suit, color) {
  const robe = color === RED ? RED : NAVY;
  const frame = el("rect", { x: "25", y: "12", width: "50", height: "116", rx: "3", fill: "#fbf1d9", stroke: color, "stroke-width": "1.5" });
  const top = courtHalf(rank, robe);
  const bottom = el("g", { transform: "rotate(180 50 70)" }, courtHalf(rank, robe));
  return [frame, top, bottom, el("path", { d: "M25 70H75", stroke: GOLD, "stroke-width": "1.5" }), pip(suit, 67, 20, 11), pip(suit, 33, 120, 11, true)];
}

// A jester's cap with three bells, and a star beside the index: the big joker in colour, the little
// joker in black and grey; the index is stars, filled red for the big joker, outlined black for the little.
function jester(big) {
  const [a, b, c, bell] = big ? [RED, NAVY, GOLD, GOLD] : ["#2b2b2b", "#8c8c8c", "#5a5a5a", "#bdbdbd"];
  return [
    el("path", { d: "M30 92Q28 62 16 52Q36 54 44 74Q46 46 50 30Q54 46 56 74Q64 54 84 52Q72 62 70 92Z", fill: b }),
    el("path", { d: "M44 74Q46 46 50 30Q54 46 56 74Z", fill: a }),
    el("path", { d: "M28 92H72V102H28Z", fill: c }),
    ...[[16, 52], [50, 30], [84, 52]].map(([x, y]) => el("circle", { cx: x, cy: y, r: "5.5", fill: bell, stroke: "#000", "stroke-width": "0.8" })),
    el("circle", { cx: "50", cy: "112", r: "7", fill: "#f4d7b8", stroke: "#000", "stroke-width": "0.8" }),
  ];
}

const STAR = "M0 -10L2.9 -4L9.5 -3.1L4.7 1.5L5.9 8.1L0 5L-5.9 8.1L-4.7 1.5L-9.5 -3.1L-2.9 -4Z";

function jokerIndex(big) {
  const color = big ? RED : BLACK;
  const star = (x, y, s) => el("path", { d: STAR, transform: `translate(${x} ${y}) scale(${s})`, fill: big ? color : "#fff", stroke: color, "stroke-width": big ? "0" : "1.6" });
  // stars rather than a word: the face says the same in every language (the name is the label's)
  return el("g", { class: "index" }, star(13, 16, 1.15), star(13, 38, 0.8), star(13, 55, 0.55));
}

function buildFace(card) {
  const svg = el("svg", { viewBox: "0 0 100 140", class: "face-svg", "aria-hidden": "true", focusable: "false" });
  svg.append(el("rect", { x: "1", y: "1", width: "98", height: "138", rx: "8", class: "card-paper" }));
  if (card === "BJ" || card === "LJ") {
    const big = card === "BJ";
    svg.append(el("g", { transform: "translate(50 72) scale(0.7) translate(-50 -66)" }, ...jester(big)), jokerIndex(big), el("g", { transform: "rotate(180 50 70)" }, jokerIndex(big)));
    return svg;
  }
  const [r, suit] = [card[0], card[1]];
  const color = suit === "H" || suit === "D" ? RED : BLACK;
  if (PIPS[r]) svg.append(...PIPS[r].map(([x, y]) => pip(suit, x, y, r === "9" || r === "T" ? 16 : 18, y > 70)));
  else if (r === "A") svg.append(pip(suit, 50, 70, suit === "S" ? 52 : 40));
  else svg.append(...court(r, suit, color));
  svg.append(index(r, suit, color), el("g", { transform: "rotate(180 50 70)" }, index(r, suit, color)));
  return svg;
}

const faces = new Map();

// A card's face as an SVG element (a fresh copy: the same card may show in several places).
export function faceSvg(card) {
  if (!faces.has(card)) faces.set(card, buildFace(card));
  return faces.get(card).cloneNode(true);
}

let back = null;

// The back of a card, for the hands the page does not see.
export function backSvg() {
  if (!back) {
    back = el(
      "svg",
      { viewBox: "0 0 100 140", class: "back-svg", "aria-hidden": "true", focusable: "false" },
      el("rect", { x: "1", y: "1", width: "98", height: "138", rx: "8", fill: "#fff", stroke: "#8a8a8a" }),
      el("rect", { x: "7", y: "7", width: "86", height: "126", rx: "5", fill: "url(#back-lattice)", stroke: "#e6c25a", "stroke-width": "2" }),
    );
  }
  return back.cloneNode(true);
}
